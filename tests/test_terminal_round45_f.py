"""Terminal round 45, part f: one decimal on every table and in every sentence, the difference worked out before
rounding and said so once (docs/reads/terminal-round-45-fixes-f.md). Round 45's three readers read the two-decimal
rows of rounds 43-44 ("72.83 | 56.91 | −15.9", "51.02% of 100 games", "37.580%") as false precision (en60*, fr33,
it35, it39, it42, it43); rounds 41-43 asked that a row's values subtract to its difference. One decimal, the true
difference, and a note on rounding where both are shown: what a statistics office prints."""
from __future__ import annotations

import re

import pytest

LANGS = ("en", "fr", "it")
NOTE = {"en": "Each difference is worked out on the exact values, then rounded, so it can differ by up to 0.1 from the difference of the two "
              "rounded values shown with it.",
        "fr": "Les écarts sont calculés sur les valeurs exactes, puis arrondis : un écart peut donc différer d’au plus 0,1 de la différence entre les deux "
              "valeurs arrondies affichées.",
        # terminal round 46 it16: «differenza … differire … differenza» in one sentence
        "it": "Le differenze sono calcolate sui valori esatti e poi arrotondate: possono quindi scostarsi al massimo di 0,1 dalla "
              "sottrazione dei due valori arrotondati qui riportati."}


def plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _card(with_: float, without: float) -> dict:
    return {"component": "c", "win_rate_dealt": with_, "win_rate_not_dealt": without, "difference": with_ - without}


def _m(name: str, base: float, variant: float, low: float, high: float) -> dict:
    """A compare row, significant, whose interval is the widened one compare writes (as fix's counts have it)."""
    from cardgen.simulate.verdict import group

    return {"metric": name, "base": base, "variant": variant, "difference": variant - base, "low": low, "high": high,
            "adj_low": low, "adj_high": high, "adj_level": 0.99, "p": 0.0, "significant": True, "group": group(name)}


#: a row whose one-decimal values do not subtract to its true difference: 0.6 − 25.1 = −24.5, the true −24.58
EDGE = ("peak:unpaid_by_bank", 25.14, 0.56, -28.0, -21.0)


def test_a_card_table_writes_every_win_rate_with_one_decimal() -> None:
    """it35*, en55*: "37.580% / 29.110%" on a Draco card table. Every rate one decimal, whatever the row."""
    from cardgen.report.impact import _rates

    assert _rates(_card(0.26552, 0.35015), "en") == ("26.6%", "35.0%")  # −8.463 prints −8.5: the note says why
    assert _rates(_card(0.350, 0.332), "fr") == ("35,0\u202f%", "33,2\u202f%")


def test_the_page_card_table_says_its_rates_are_rounded_after_the_difference() -> None:
    from cardgen.report.impact import impact_block, impact_footnote

    def card(c: str, with_: float, without: float) -> dict:
        return {**_card(with_, without), "component": c, "dealt_share": 0.25, "low": with_ - without - 0.05,
                "high": with_ - without + 0.05, "flag": "", "plays_per_seat": 1.0, "judged": True}

    html = str(impact_block([card("a", 0.350, 0.332), card("b", 0.26552, 0.35015)], lang="en"))
    assert set(re.findall(r"\d+\.\d+%", html)) == {"25.0%", "35.0%", "33.2%", "26.6%"}, html
    from cardgen.report.impact import WORDS
    for lang in LANGS:
        # terminal round 46 it36, fr38: in the open legend's "with − without" line, beside the rows it explains, no
        # longer at the end of the folded method note
        said = plain(WORDS[lang]["strength_key"].split("|")[-1])
        assert {"en": "worked out on the exact values, then rounded (so it can differ by up to 0.1", "fr": "calculé sur les valeurs exactes, puis arrondi (il peut "
                "donc différer d’au plus 0,1", "it": "calcolata sui valori esatti e poi arrotondata (può quindi scostarsi al massimo di 0,1"}[lang] in said, said
    assert impact_footnote  # the page's method note is where the legend's words go (``strength_method``)


def test_fix_and_compare_terminal_tables_write_one_decimal_on_every_row() -> None:
    """fr37, it44: fix's counts mixed "25,14 → 0,56" with "25,0 → 38,1"; then, one precision per table, every row
    took two. Now one decimal on every row, the change beside it the true one."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import _row
    from cardgen.tune.fix import count_lines

    words = get_game("draco").words
    rows = [_m("peak:gold_in_hands", 25.0, 38.1, 11.2, 14.9), _m(*EDGE)]
    lines = count_lines(rows, "en", words)
    assert any("25.0 → 38.1" in line for line in lines), lines
    assert any("25.1 →  0.6  −24.6" in line for line in lines), lines
    assert not any(re.search(r"\d\.\d\d\b", line) for line in lines), lines
    assert "25.1 →     0.6  -24.6" in _row(_m(*EDGE), 10, "en", words)  # typeset with the table


def test_the_compare_page_table_writes_one_decimal_on_every_row() -> None:
    """en60*, it39: "72.83 | 56.91 | −15.9" and "51.02% | 61.22%" on the compare page."""
    from cardgen.report.pages import metrics_table

    share = {**_m("close_games", 0.5102, 0.6122, 0.01, 0.2), "group": "tension"}
    rows = metrics_table([_m("winning_score", 72.83, 56.91, -18.0, -13.8), _m(*EDGE), share], "en")["rows"]
    assert [(r["base"], r["variant"], r["difference"]) for r in rows] == [
        ("72.8", "56.9", "−15.9"), ("25.1", "0.6", "−24.6"), ("51.0%", "61.2%", "+10.2")], rows


def test_compare_prints_every_row_of_its_table_with_one_decimal_and_says_why_they_may_not_subtract() -> None:
    """compare's terminal table: "12.64 → 12.46" beside "22.00% → 41.00%" (round 44 part d) is now "12.6 → 12.5"
    and "22.0% → 41.0%", and the closing note says a difference is worked out before rounding."""
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
    text = format_comparison(doc)
    lines = text.splitlines()
    assert "12.6 →    12.5" in next(line for line in lines if line.strip().startswith("turns"))
    close = next(line for line in lines if line.startswith("    close games"))
    assert "22.0% →   41.0%" in close, close
    assert NOTE["en"] in plain(text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_output_that_shows_a_difference_beside_its_values_says_how_it_is_rounded(lang: str) -> None:
    """The note, in each language: compare's closing line in the terminal, the report's footnote (terminal and
    page), fix's note above its lists of counts."""
    from cardgen.simulate.verdict import footnote
    from cardgen.terminal import say
    from cardgen.tune.fix import counts_note

    assert plain(say("compare_rounding", lang)) == plain(NOTE[lang])  # under compare's screen where it shows one
    assert plain(footnote(12, lang)).endswith(plain(NOTE[lang]))
    assert plain(footnote(12, lang, page=True)).endswith(plain(NOTE[lang]))

    class Prop:  # a proposal with one list of counts, nothing widened
        counts = {3: [{"metric": "winning_score", "base": 1.0, "variant": 2.0}]}
        said: dict = {}
        verdicts: dict = {}
        effects: dict = {}
    assert plain(counts_note([Prop()], lang) or "") == plain(NOTE[lang])
    Prop.counts = {}
    assert counts_note([Prop()], lang) is None  # nothing listed: nothing to say


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Games are 9.2 turns shorter, from 27.2 to 17.9"),
    ("fr", "Les parties durent 9,2 tours de joueur de moins, de 27,2 à 17,9"),
    ("it", "Le partite durano 9,2 turni in meno, da 27,2 a 17,9")])
def test_a_sentence_writes_its_values_with_one_decimal_and_the_true_difference(lang: str, said: str) -> None:
    """Round 41 en38*: the true difference rounded (9.2 for 27.17 → 17.93, never the 9.3 of the rounded values);
    round 43 en19* wrote the values with two decimals so they subtracted to it. Now one decimal: the note says why
    27.2 − 17.9 is not 9.2."""
    from cardgen.simulate.verdict import sentence

    m = {"metric": "turns", "base": 27.17, "variant": 17.93, "difference": -9.24, "low": -10.6, "high": -7.9,
         "significant": True}
    assert plain(sentence(m, lang)).startswith(plain(said)), sentence(m, lang)


def test_fix_works_a_relative_change_out_from_the_one_decimal_values_it_writes() -> None:
    """Round 44 en37*: "4.6 to 3.3" is 28% fewer: worked out from the values as written, now always one decimal."""
    from cardgen.simulate.verdict import as_written

    assert as_written({"metric": "peak:gold_in_hands", "base": 4.60, "variant": 3.28}) == (4.6, 3.3)
    assert as_written({"metric": "close_games", "base": 0.51024, "variant": 0.61224}) == (0.51, 0.612)


@pytest.mark.parametrize("significant", [True, False])
def test_compares_screen_says_how_it_rounds_only_where_it_shows_a_difference(significant: bool) -> None:
    """compare's terminal (no tables): a length that changed is said with its difference beside its two rounded
    values ("9.2 turns shorter, from 27.2 to 17.9"), so the screen says the note on rounding (under that paragraph
    since round 46 en23*, else at its close); a screen showing no
    difference beside two values (no length changed, no seat's paragraph) keeps its rows (the rich toast's 38)."""
    from cardgen.simulate.summary import format_comparison

    turns = {"metric": "turns", "group": "length", "base": 27.17, "variant": 17.93, "difference": -9.24,
             "low": -10.6, "high": -7.9, "significant": significant}
    side = {"variant": "draco", "sufficiency": []}
    doc = {"lang": "en", "base": "draco", "variant": "gift", "name": "Gift", "games": 100, "agents": ["heuristic"],
           "differences": [], "results": [{"players": 3, "verdict": [], "metrics": [turns], "family": 1,
                                           "base_result": side, "variant_result": {**side, "variant": "gift"},
                                           "component_impact": []}]}
    text = plain(format_comparison(doc, tables=False))
    assert (NOTE["en"] in text) == significant, text
