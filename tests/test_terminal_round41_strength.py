"""Terminal round 41 it11*, fr9*, en31, fr30, it32 (issue 53): the card-strength method said once, on the page.

The terminal gives one key above its table (what the swap test does, what +5 and ◆ mean, the opening hands a
cross-check, where the method is); under the table only the rows and the † notes. The page keeps its key (one line a
column) and one method, folded: the swap test's procedure and how swaps are counted are said there alone. A card's
swaps read as a count of their own ("400 swaps in 200 games"), and a phone names each figure without the test's
name before it. Built from the small hand-made results of round 35, so it runs fast."""
from __future__ import annotations

import re

import pytest

from cardgen.simulate.summary import Naming, designer_lines
from test_round35_fixes import _designer, _table

LANGS = ["en", "fr", "it"]
REPORT = {"en": "The method in full is in the report.", "fr": "Méthode détaillée : voir le rapport.",
          "it": "Metodo completo nel resoconto."}
HANDS = {"en": "Opening hands, a cross-check:", "fr": "Mains de départ, un simple contrôle :",  # round 43 it11*
         "it": "Le mani iniziali servono"}  # round 42 it19


def _plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("hands", [True, False])
def test_the_terminal_says_one_key_above_the_table_and_nothing_of_the_method_under_it(lang: str, hands: bool) -> None:
    """it11*: 35 lines of method around a 13-row table; fr9*: the test explained twice. Without opening hands (a game
    that deals none) the key says nothing of them."""
    d = _designer()
    if not hands:
        d = {**d, "component_impact": []}
    lines = _table(designer_lines(d, lang, Naming(), 300, set(), 3))
    text = _plain(" ".join(lines))
    assert text.count(_plain(REPORT[lang])) == 1, text
    assert (HANDS[lang] in text) == hands, text
    key_at = next(i for i, line in enumerate(lines) if _plain(REPORT[lang]) in _plain(line))
    first_row = next(i for i, line in enumerate(lines) if line.split()[:1] == ["favour"])
    assert key_at < first_row  # above the table
    under = lines[first_row:]
    assert all(line.startswith("    ") for line in under), under
    # what was under the table: the columns' meanings, the decimals, the sort order, how swaps are counted
    for old in ("win rate gained:", "effet sur les victoires :", "effetto sulle vittorie:", "two decimals",
                "deux décimales", "due decimali", "Rows are sorted", "Les lignes sont classées", "Le righe sono",
                "counted for both cards", "comptée pour chacune", "contata per ciascuna"):
        assert old not in _plain(" ".join(under)), old


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("hands", [True, False])
def test_the_page_says_the_swap_test_once_in_its_method(lang: str, hands: bool) -> None:
    """fr9*: the page explained the swap test three times (the key above the table, the legend under it, the method)
    and "Each swap is counted for both cards" word for word twice; en31: a sentence on what "played" counts that no
    designer needs. The key keeps a line a column (the opening hands' two only where the deal has rows)."""
    from cardgen.report.impact import WORDS, strength_block

    d = _designer()
    dealt = d["component_impact"] if hands else []
    html = _plain(str(strength_block(dealt, d["exchange"], None, lang, None, "points", set(), "point")))
    items = re.findall(r"<li>(.*?)</li>", html.split('class="muted key">', 1)[1].split("</ul>", 1)[0])
    names = [_plain(x.split("|")[0]) for x in WORDS[lang]["strength_key"].split("|")]
    assert len(items) == (5 if hands else 3), items  # each column's line, then the rows' order
    for item, name in zip(items[:-1], names):
        assert item.startswith(_plain(name.split(":")[0].split(" :")[0])), (item, name)
    counted = {"en": "Each swap is counted for both cards", "fr": "Chaque substitution est comptée pour chacune",
               "it": "Ogni sostituzione è contata per ciascuna"}[lang]
    assert html.count(counted) == 1 and counted in html.split("<details", 1)[1], html
    assert _plain(WORDS[lang]["per_seat_legend"]) not in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_cards_swaps_read_as_a_count_of_their_own_and_a_phone_names_each_figure_short(lang: str) -> None:
    """fr30: "played 1.1 times per player per game / in 257 swaps (152 games)" read as "played … in 257 swaps";
    it32: "card swap test, win rate gained (percentage points)" before each of 39 figures on a phone."""
    from cardgen.report.impact import WORDS, strength_block

    d = _designer()
    html = _plain(str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", set(),
                                     "point")))
    # round 42 en37: the count on a line of its own, no comma in English and Italian (fr30's comma kept in French)
    per_seat = {"en": ("played 1.0 times per player per game", "400 swaps in 200 games"),
                "fr": ("jouée 1,0 fois par joueur et par partie", "400 substitutions, dans 200 parties"),
                "it": ("giocata 1,0 volte per giocatore a partita", "400 sostituzioni in 200 partite")}[lang]
    assert (f'<span class="muted">{per_seat[0]}</span><br><span class="muted">{per_seat[1]}</span>'
            in html.replace("\u00a0", " ")), html
    labels = re.findall(r'data-label="([^"]*)"', html)
    group = WORDS[lang]["strength_groups"].split("|")[1]
    assert labels and not any(group in label for label in labels), labels
    assert max(map(len, labels)) <= 40, labels


@pytest.mark.parametrize("lang", LANGS)
def test_the_method_says_how_many_moments_a_game_and_how_many_swaps_at_each(lang: str) -> None:
    """Round 42 it24: "in each of 250 games, up to 12 times, at a moment drawn at random" was untrue: the test stops
    a game at ``--exchange-points`` moments (4) and makes ``PER_POINT`` swaps (3) at each, twelve in all; a designer
    who typed 4 read 12."""
    from cardgen.report.impact import strength_block
    from cardgen.simulate.exchange import PER_POINT

    d = _designer()
    for moments in (4, 2):
        table = {**d["exchange"], "points": moments * PER_POINT}
        html = _plain(str(strength_block(d["component_impact"], table, None, lang, None, "points", set(), "point")))
        method = html.split("<details", 1)[1]
        said = {"en": f"at {moments} moments drawn at random", "fr": f"à {moments} moments tirés au hasard",
                "it": f"in {moments} momenti scelti a caso"}[lang]
        each = {"en": f"{PER_POINT} times at each moment (up to {moments * PER_POINT} swaps a game)",
                "fr": f"{PER_POINT} fois à chacun de ces moments (jusqu’à {moments * PER_POINT} substitutions par partie)",
                "it": f"{PER_POINT} volte in ciascun momento (fino a {moments * PER_POINT} sostituzioni a partita)"}[lang]
        assert said in method and each in method, method
