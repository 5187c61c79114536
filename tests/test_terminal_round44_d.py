"""Terminal round 44 (docs/reads/terminal-round-44-en.md), part d: cheaper faults of the English reader, fixed in the
three languages where the others share them. Built from the wordbooks and small hand-made results: it runs fast."""
from __future__ import annotations

import pytest

from cardgen.report.impact import held_by_all
from cardgen.simulate.summary import Naming, held_balance_lines

LANGS = ("en", "fr", "it")


def _imposter(base_share: float, variant_share: float) -> dict:
    side = {"component": "imposter", "dealt_share": 1.0, "difference": None, "not_judged": {"why": "all"}}
    return {**side, "plays_per_seat": variant_share, "played_share": variant_share,
            "base": {**side, "plays_per_seat": base_share, "played_share": base_share}}


@pytest.mark.parametrize("lang", LANGS)
def test_two_shares_side_by_side_have_one_precision(lang: str) -> None:
    """en32: "(in 1% of cases in the base game, 0.3% with the variant": a whole share beside one with its decimal
    read as a cruder figure. Both written alike, on the terminal and the page: "1.0%" beside "0.3%"."""
    one, three = {"en": ("1.0%", "0.3%"), "fr": ("1,0\u202f%", "0,3\u202f%"), "it": ("1,0%", "0,3%")}[lang]
    lines = held_balance_lines({"component_impact": [_imposter(0.01, 0.003)]}, lang,
                               Naming(names={"imposter": "Imposter"}))
    assert len(lines) == 1 and one in lines[0] and three in lines[0], lines
    page = str(held_by_all([_imposter(0.01, 0.003)], lang, {"imposter": "Imposter"}, paired=True))
    assert one in page and three in page, page


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_scale_writes_every_band_one_way(lang: str) -> None:
    """en15: "(11 or 12)" beside "(0–6)": two notations for one kind of band. Every band in words, as French and
    Italian already wrote them ("0 à 6", "da 0 a 6"); the page's table uses the same keys."""
    from cardgen.terminal import say

    pair, span = say("scale_pair", lang, low=11, high=12), say("scale_span", lang, low=0, high=6)
    assert "–" not in span and "-" not in span, span
    assert pair.split("11")[1].split("12")[0].strip() in {"or", "ou", "o"}, pair
    assert span.split("0", 1)[1].split("6")[0].strip() in {"to", "à", "a"}, span


def test_a_range_of_pairs_in_english_prose_is_words() -> None:
    """en36, en48: "over 200–300 pairs of games (1,000 planned)": an en-dash range inside running prose. Said in words,
    as French says it (« 200 à 300 »), on the terminal and the runs page alike (one key)."""
    from cardgen.simulate.summary import games_played

    doc = {"games": 1000, "results": [{"games": 200, "stop": {"early": True}}, {"games": 300, "stop": {"early": True}}]}
    assert games_played(doc, "en") == "200 to 300 pairs of games (1,000 planned)"
    assert games_played(doc, "fr").startswith("200 à 300 paires")


def _card(with_: float, without: float) -> dict:
    return {"component": "c", "win_rate_dealt": with_, "win_rate_not_dealt": without, "difference": with_ - without}


def test_a_card_table_writes_its_win_rates_with_one_precision() -> None:
    """en44, fr51: "30.95% with the card, 34.49% without" beside "35.0% … 33.2%" in one table. Every row of a table
    takes the same decimals: one, or two on every row where one row's rates would not subtract to its difference."""
    from cardgen.report.impact import _rates, rates_places

    clean = [_card(0.350, 0.332), _card(0.300, 0.250)]  # 35.0 − 33.2 = 1.8, 30.0 − 25.0 = 5.0: one decimal adds up
    assert rates_places(clean) == 1
    assert [_rates(r, "en", rates_places(clean)) for r in clean] == [("35.0%", "33.2%"), ("30.0%", "25.0%")]
    pencil = clean + [_card(0.26552, 0.35015)]  # 26.6 − 35.0 = −8.4, but −8.463 prints −8.5: one row needs two
    places = rates_places(pencil)
    assert places == 2
    assert [_rates(r, "en", places) for r in pencil] == [("35.00%", "33.20%"), ("30.00%", "25.00%"),
                                                           ("26.55%", "35.02%")]
    assert _rates(pencil[0], "fr", places) == ("35,00\u202f%", "33,20\u202f%")
    assert rates_places([None, {"component": "x", "win_rate_dealt": None, "difference": None}]) == 1  # no figure


def test_the_page_card_table_uses_one_precision_per_table() -> None:
    """The page's opening-hands table takes its decimals once, from every row: a clean row beside one that needs two
    decimals is written with two too (the strength table calls the same ``rates_places``)."""
    import re

    from cardgen.report.impact import impact_block

    def card(c: str, with_: float, without: float) -> dict:
        return {**_card(with_, without), "component": c, "dealt_share": 0.25, "low": with_ - without - 0.05,
                "high": with_ - without + 0.05, "flag": "", "plays_per_seat": 1.0, "judged": True}

    html = str(impact_block([card("a", 0.350, 0.332), card("b", 0.26552, 0.35015)], lang="en"))
    rates = set(re.findall(r"\d+\.\d+%", html)) - {"25.0%"}  # the share dealt keeps its one decimal
    assert rates == {"35.00%", "33.20%", "26.55%", "35.02%"}, rates
    html = str(impact_block([card("a", 0.350, 0.332), card("b", 0.300, 0.250)], lang="en"))
    assert set(re.findall(r"\d+\.\d+%", html)) - {"25.0%"} == {"35.0%", "33.2%", "30.0%"}


def _m(name: str, base: float, variant: float, low: float, high: float) -> dict:
    """A compare row, significant, whose interval is the widened one compare writes (as fix's counts have it)."""
    from cardgen.simulate.verdict import group

    return {"metric": name, "base": base, "variant": variant, "difference": variant - base, "low": low, "high": high,
            "adj_low": low, "adj_high": high, "adj_level": 0.99, "p": 0.0, "significant": True, "group": group(name)}


def test_fix_and_compare_tables_write_their_values_with_one_precision() -> None:
    """fr37: fix's table of counts mixed "25,14 →  0,56" with "25,0 →  38,1" in one column (two decimals only on the
    row where one would not subtract to the change printed). One precision per table: every row takes the decimals the
    most demanding row needs, on fix's list of counts and compare's table of one player count alike."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import _row
    from cardgen.simulate.verdict import figures_places
    from cardgen.tune.fix import count_lines

    words = get_game("draco").words
    clean = [_m("peak:gold_in_hands", 25.0, 38.1, 11.2, 14.9), _m("peak:silver_in_hands", 19.6, 7.3, -14.4, -10.1)]
    assert figures_places(clean) == 1
    assert any("25.0 → 38.1" in line for line in count_lines(clean, "en", words))
    edge = clean + [_m("peak:unpaid_by_bank", 25.14, 0.56, -28.0, -21.0)]  # −24.58 prints −24.6; 0.6 − 25.1 = −24.5
    assert figures_places(edge) == 2
    lines = count_lines(edge, "en", words)
    assert any("25.00 → 38.10" in line for line in lines), lines
    assert any("19.60 →  7.30" in line for line in lines), lines
    assert any("25.14 →  0.56" in line for line in lines), lines
    # compare's terminal table: the same rule, the table's decimals passed to each row
    assert "25.00 →   38.10" in _row(edge[0], 10, "en", words, figures_places(edge))
    assert "25.0 →    38.1 " in _row(edge[0], 10, "en", words, figures_places(clean))


def test_the_compare_page_table_writes_its_values_with_one_precision() -> None:
    """fr53: the compare page's "Scores and design figures" table wrote "2,88 | 2,64" and "5,03 | 4,45" among rows of
    one decimal. Its values take one precision for the whole table (``pages.metrics_table``)."""
    from cardgen.report.pages import metrics_table

    clean = [_m("peak:gold_in_hands", 25.0, 38.1, 11.2, 14.9), _m("peak:silver_in_hands", 19.6, 7.3, -14.4, -10.1)]
    rows = metrics_table(clean, "en")["rows"]
    assert {(r["base"], r["variant"]) for r in rows} == {("25.0", "38.1"), ("19.6", "7.3")}, rows
    edge = clean + [_m("peak:unpaid_by_bank", 25.14, 0.56, -28.0, -21.0)]
    rows = metrics_table(edge, "en")["rows"]
    assert {(r["base"], r["variant"]) for r in rows} == {("25.00", "38.10"), ("19.60", "7.30"), ("25.14", "0.56")}, rows


def test_compare_prints_each_player_counts_table_with_one_precision() -> None:
    """compare's terminal table: one row needs two decimals (12.64 − 12.46 = 0.18, printed −0.2), so the other rows
    of its player count take two as well ("22.00% → 41.00%", never "22.0%" under "12.64")."""
    from cardgen.simulate.summary import format_comparison

    m = {"metric": "turns", "group": "length", "base": 12.64, "variant": 12.46, "difference": -0.18,
         "low": -0.5, "high": 0.2, "adj_low": -0.6, "adj_high": 0.3, "significant": False}
    share = {"metric": "close_games", "group": "tension", "base": 0.22, "variant": 0.41, "difference": 0.19,
             "low": 0.07, "high": 0.31, "adj_low": 0.01, "adj_high": 0.37, "significant": True}
    side = {"variant": "draco", "sufficiency": []}
    doc = {"lang": "en", "base": "draco", "variant": "gift", "name": "Gift", "games": 100, "agents": ["heuristic"],
           "differences": [], "results": [{"players": 3, "verdict": ["Close games rise."], "metrics": [m, share],
                                           "family": 2, "base_result": side, "variant_result": {**side, "variant": "gift"},
                                           "component_impact": []}]}
    lines = format_comparison(doc).splitlines()
    assert "12.64 →   12.46" in next(line for line in lines if line.strip().startswith("turns"))
    close = next(line for line in lines if line.startswith("    close games"))
    assert "22.00% →  41.00%" in close, close


def test_a_table_never_takes_a_third_decimal() -> None:
    """Seen on round 45's material: one Draco card row on a rounding edge (two decimals leave its rates a half-tenth
    from the difference printed) gave every rate of its table three decimals, "33,420 % / 33,730 %". Two at most: to
    the hundredth, two rates subtract to within a hundredth of the difference a reader sees rounded beside them."""
    from cardgen.report.impact import rates_places
    from cardgen.simulate.verdict import MOST_PLACES, table_places

    assert MOST_PLACES == 2
    edge = _card(0.02558, 0.02209)  # printed +0.3 (true +0.349): 2.6 − 2.2 = 0.4, and 2.56 − 2.21 = 0.35, a half
    assert rates_places([_card(0.350, 0.332), edge]) == 2
    assert table_places([(2.209, 2.558, 0.3, False), (25.0, 38.1, 13.1, False)]) == 2


def test_one_base_figure_is_written_one_way_across_fix_lists_of_one_precision() -> None:
    """Round 45 (English reader): "25.14" in one fix's list of counts and "25.1" in the next. The base value's own row
    added up at one decimal in both; fix 1's list took two decimals for another of its rows (one precision per table),
    so its 25.14 was written so there only. ``written_two`` now counts a list's precision: a base value a list writes
    with two decimals is written with two in every list and sentence of the output."""
    from types import SimpleNamespace

    from cardgen.games import get_game
    from cardgen.simulate.verdict import WRITTEN_TWO
    from cardgen.tune.fix import count_lines, written_two

    words = get_game("draco").words
    gold1 = _m("peak:gold_in_hands", 25.14, 38.14, 11.2, 14.9)  # 38.1 − 25.1 = 13.0: adds up alone
    edge = _m("peak:unpaid_by_bank", 20.14, 0.56, -23.0, -16.0)  # 0.6 − 20.1 = −19.5, not −19.6: its list takes two
    gold3 = _m("peak:gold_in_hands", 25.14, 38.04, 11.2, 14.9)  # 38.0 − 25.1 = 12.9: adds up alone
    props = [SimpleNamespace(counts={3: [gold1, edge]}), SimpleNamespace(counts={3: [gold3]})]
    assert any("25.1 → 38.0" in line for line in count_lines([gold3], "en", words))  # alone: one decimal
    two = written_two(props, "en")
    assert 25.14 in two
    token = WRITTEN_TWO.set(two)
    try:
        first, third = count_lines([gold1, edge], "en", words), count_lines([gold3], "en", words)
    finally:
        WRITTEN_TWO.reset(token)
    assert any("25.14 → 38.14" in line for line in first), first
    assert any("25.14 → 38.04" in line for line in third), third


@pytest.mark.parametrize("lang", LANGS)
def test_fix_advice_names_no_warning_validate_did_not_give(lang: str) -> None:
    """Round 45 (English reader): "a warning validate gives about a card may stay" where validate had flagged no card.
    The advice says what a fix does not do, true whatever validate said."""
    from cardgen.tune.fix import word

    text = " ".join(word("next_reach", lang, k=2, path_k="f2.yaml", checked=3, gap="", pairs=50, full=300, deck="draco",
                         path="f1.yaml").replace("\u202f", " ").replace("\xa0", " ").split())
    assert not any(w in text for w in ("a warning validate gives", "un avertissement de validate", "un avviso di validate"))
    assert {"en": "does not judge the cards’ strength", "fr": "ne juge pas la force des cartes",
            "it": "non giudica la forza delle carte"}[lang] in text, text


def test_the_fix_pages_tables_write_a_base_value_as_the_output_does() -> None:
    """Round 45 en69: fix's page showed "25.14" under fix 1 and "25.1" under fix 2 for the same base games. A page
    table showing a base value the output writes with two decimals (``WRITTEN_TWO``) takes two decimals."""
    from cardgen.report.pages import metrics_table
    from cardgen.simulate.verdict import WRITTEN_TWO

    gold = _m("peak:gold_in_hands", 25.14, 38.14, 11.2, 14.9)  # adds up at one decimal alone
    assert {(r["base"], r["variant"]) for r in metrics_table([gold], "en")["rows"]} == {("25.1", "38.1")}
    token = WRITTEN_TWO.set(frozenset({25.14}))
    try:
        rows = metrics_table([gold], "en", fix=True)["rows"]
    finally:
        WRITTEN_TWO.reset(token)
    assert {(r["base"], r["variant"]) for r in rows} == {("25.14", "38.14")}, rows
