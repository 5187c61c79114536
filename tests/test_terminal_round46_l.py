"""Terminal round 46, part l (issue #53): the native readers' faults left open by parts f, i2, j and k.

Each test fails on the words or code before this part (checked by putting the old back)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardgen.languages import typeset
from cardgen.simulate.summary import Naming, gone_counts, internal_line

ROOT = Path(__file__).resolve().parents[1]


def _royale_words() -> dict[str, Any]:
    return json.loads((ROOT / "cardgen/games/royale/words.json").read_text(encoding="utf-8"))


def _gone(base_share: float, base_peak: float) -> list[dict[str, Any]]:
    """Royale's two counts Light Supper does away with (their real ids), and one that does not move."""
    return [{"metric": "gap:uneven_packets", "base": base_share, "variant": 0.0, "significant": True,
             "follows_from_change": True, "group": "internal"},
            {"metric": "peak:pile_after_reshuffle", "base": base_peak, "variant": 0.0, "significant": True,
             "follows_from_change": True, "group": "internal"},
            {"metric": "peak:cards_under_a_noble", "base": 4.5, "variant": 4.2, "significant": False,
             "group": "internal"}]


@pytest.mark.parametrize(("lang", "bracket"), [
    # terminal round 47 fr21, it22, en30: the peak said as the other counts say one (pins updated)
    ("en", "(in the base game: uneven piles in 62.0% of games and at most 42.4 cards in the rebuilt draw pile, on "
           "average over games)"),
    ("fr", "(jeu de base : paquets inégaux dans 62,0 % des parties et pioche reconstituée de 42,4 cartes au plus fort "
           "de chaque partie, en moyenne)"),
    ("it", "(nel gioco base: mazzetti disuguali nel 62,0% delle partite e un massimo medio di 42,4 carte nel mazzo "
           "ricostituito)")])  # terminal round 49 it19
def test_fr22_it21_each_gone_count_s_base_value_carries_its_short_label(lang: str, bracket: str) -> None:
    """fr22 = it21: compare royale royale-short said «(62,0 % et 42,4 dans le jeu de base)» at 3 and 4 players: two
    bare figures, the reader sent back ten lines for what each counts. Each value now has the game's short name of its
    count (``tallies_short`` in the game's words.json), not the line-long full name again (round 45 it16)."""
    naming = Naming(words=_royale_words())
    later = _gone(0.62, 42.38)
    assert gone_counts(later, lang)
    said = internal_line(later, lang, naming, again=2)
    assert typeset(bracket, lang) in said, said
    assert "42,4 " not in said.replace(".", ",").split("(")[0], said  # the figures only inside the bracket
    full = internal_line(_gone(0.71, 55.9), lang, naming)  # the first count's full line is as before
    assert "71" in full and ("55,9" in full or "55.9" in full), full


def test_fr22_every_language_names_the_same_counts_and_fills_in_the_value() -> None:
    """Each language of ``tallies_short`` names the same counts, each with its value's place ``{v}``, and only counts
    the game itself names (its ``tallies``)."""
    words = _royale_words()
    short = words["tallies_short"]
    assert set(short) == {"en", "fr", "it"}
    for lang, names in short.items():
        assert set(names) == set(short["en"]), lang
        assert set(names) <= set(words["tallies"][lang]), lang
        assert all(text.count("{v}") == 1 for text in names.values()), lang


def test_fr22_a_count_without_a_short_label_keeps_the_old_bracket() -> None:
    """A game that gives no short name for one of the counts: the figures alone, never half of them labelled."""
    words = _royale_words()
    words = {**words, "tallies_short": {lang: {k: v for k, v in names.items() if k.startswith("gap:")}
                                        for lang, names in words["tallies_short"].items()}}
    said = internal_line(_gone(0.62, 42.38), "en", Naming(words=words), again=2)
    assert "(62.0% and 42.4 in the base game)" in said, said


def _score_side() -> dict[str, Any]:
    return {"players": 2, "completed": 10, "agents": [{}], "turns": {"histogram": []}, "rounds": {"histogram": []},
            "seat_win_rates": [], "balance": {},
            "scores": {"winner": {"n": 3, "min": 1, "max": 9, "p10": 2, "p90": 8, "median": 5}, "seat": []}}


@pytest.mark.parametrize(("lang", "game", "title", "legend"), [
    ("fr", "king_lui", "Scores finaux",
     "Boîte : les 80 % des scores du milieu ; trait : médiane ; ligne : du plus bas au plus haut."),
    ("fr", "draco", "Fortunes finales, en pièces d’argent",
     "Boîte : les 80 % des fortunes du milieu ; trait : médiane ; ligne : du plus bas au plus haut."),
    ("en", "king_lui", "Final scores", "Box: the middle 80% of scores; tick: median; line: from the lowest to the highest."),
    ("it", "king_lui", "Punteggi finali",
     "Scatola: l’80% centrale dei punteggi; trattino: mediana; baffi: dal più basso al più alto."),
    ("it", "draco", "Denaro a fine partita, in monete d’argento",
     "Scatola: l’80% centrale del denaro a fine partita; trattino: mediana; baffi: dal più basso al più alto.")])
def test_fr34_the_score_chart_says_how_to_read_its_box_in_a_line_under_it(lang: str, game: str, title: str,
                                                                          legend: str) -> None:
    """fr34: the score chart's title "Scores finaux (boîte : 80 % centraux ; trait : médiane ; ligne : extrêmes)":
    "80 % centraux" telegraphic, and a fuller legend ran the title to three or four lines (round 33 fr32 holds it to
    two). The title is the chart's name alone; the legend, in full, is a line under the chart (``figcaption``)."""
    from xml.etree import ElementTree

    from cardgen.games import get_game
    from cardgen.report.pages import charts
    from cardgen.report.svg import CHART_WIDTH, title_lines

    page = str(charts([("X", _score_side(), "#000")], lang, dict(get_game(game).words)))
    caption = page.split("<figcaption>")[1].split("</figcaption>")[0]
    assert caption == typeset(legend, lang), caption
    svg = page.split("<figure>")[-1].split("<figcaption>")[0]
    heading = " ".join(t.text or "" for t in ElementTree.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")
                       if t.get("font-weight") == "bold")
    assert heading == typeset(title, lang), heading
    assert "80" not in heading and len(title_lines(heading, CHART_WIDTH)) <= 2


LANGS = ("en", "fr", "it")


def _dealt(c: str, with_: float, without: float) -> dict[str, Any]:
    return {"component": c, "win_rate_dealt": with_, "win_rate_not_dealt": without, "difference": with_ - without,
            "dealt_share": 0.25, "low": with_ - without - 0.05, "high": with_ - without + 0.05, "flag": "",
            "plays_per_seat": 1.0, "judged": True}


@pytest.mark.parametrize("lang", LANGS)
def test_fr38_a_line_under_each_card_table_says_how_its_difference_is_rounded(lang: str) -> None:
    """fr38*: draco.html's card tables print "33,6 % / 33,5 % | +0,2" (and "−3,5" beside 30,9 / 34,5), and only the
    page's last note, far below, said the difference is worked out before rounding. Each validate card table showing
    both rates and their difference has the line right under it, the first table and every later one; the page's
    note no longer says it (once a table, where the rows are); compare's tables, which show no two rates, have none."""
    import re
    import sys

    from cardgen.report.impact import WORDS, impact_block, impact_footnote, rounding_line, strength_block

    line = rounding_line(lang)
    assert ("0,1" if lang != "en" else "0.1") in line
    said: set[str] = set()
    rows = [_dealt("a", 0.336, 0.335), _dealt("b", 0.309, 0.345)]
    for _ in range(2):  # the first table and a later one (its legend "as above")
        html = str(impact_block(rows, lang=lang, said=said))
        assert re.search(r"</table>\s*<p class=\"muted\">" + re.escape(str(line)), html), html[-600:]
    assert line not in str(impact_block([{**r, "base": {}} for r in rows], paired=True, lang=lang))
    assert line not in impact_footnote(lang, paired=False) and line not in impact_footnote(lang, paired=True)
    # the strength table (swap test and opening hands): the first says it in its key's "with − without" line, under
    # the table; a later one, keyless, has the line
    sys.path.insert(0, str(ROOT / "tests"))
    from test_round35_fixes import _designer

    d = _designer()
    said = set()
    first = str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", said, "point"))
    later = str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", said, "point"))
    key = WORDS[lang]["strength_key"].split("|")[-1]
    assert key in first and line not in first
    assert re.search(r"</table>\s*<p class=\"muted\">" + re.escape(str(line)), later) and key not in later


@pytest.mark.parametrize(("lang", "some", "none"), [
    ("en", ", that is 3 games instead of 47", ", that is 45 games in the base game"),
    ("fr", ", soit 3 parties au lieu de 47", ", soit 45 parties dans le jeu de base"),
    ("it", ", cioè 3 partite invece di 47", ", cioè 45 partite nel gioco base")])
def test_fr32_fix_s_pair_comparison_gives_the_games_beside_the_shares(lang: str, some: str, none: str) -> None:
    """fr32: fix's pair comparison "(6,0 % des parties au lieu de 94,0 %, sur ces 50 paires : au-dessus de
    l’objectif de 5 % au plus …)" hid that 6,0 % is 3 games of 50, what a designer weighs against the aim. The
    bracket now says the games: « …, sur ces 50 paires, soit 3 parties au lieu de 47 : … »; where the variant's share
    is none or all (said in words already), the base game's games alone; one game in the singular."""
    from cardgen.tune.fix import pair_counts

    row = {"metric": "gap:bank_short", "base": 0.94, "variant": 0.06}
    assert pair_counts(row, 50, lang) == typeset(some, lang)
    assert pair_counts({**row, "variant": 0.0, "base": 0.9}, 50, lang) == typeset(none, lang)
    one = pair_counts({**row, "variant": 0.02}, 50, lang)
    assert {"en": "1 game instead", "fr": "1 partie au lieu", "it": "1 partita invece"}[lang] in one, one
    assert pair_counts({**row, "variant": 0.061}, 50, lang) == ""  # no whole number of games: nothing invented
    assert pair_counts(None, 50, lang) == ""


def test_fr48_a_change_counted_in_a_heading_is_beyond_chance_never_net() -> None:
    """fr48: « changements nets » (compare's headings, the runs overview and the gallery) read first as "net of
    something" (a balance). The French says what the English does, « au-delà du hasard », which claims no more than
    the test shows (round 45 fr6, fr37: never « que le hasard n’explique pas »); every French line of the wordbooks."""
    import re

    from cardgen.report.gallery import WORDS as GALLERY
    from cardgen.simulate.verdict import PAGE
    from cardgen.terminal import say

    assert PAGE["fr"]["heading"].format(p=3, n=2).replace("\u202f", " ") == "3 joueurs : 2 changements au-delà du hasard"
    assert GALLERY["fr"]["comparison_note_one"] == "1 changement au-delà du hasard"
    assert "aucun changement au-delà du hasard ne prouve pas" in say("wide_intervals", "fr", pairs=100, more="")
    french = []
    for path in (ROOT / "cardgen").rglob("*.json"):
        def walk(node: Any, fr: bool) -> None:
            if isinstance(node, dict):
                for key, value in node.items():
                    walk(value, fr or key == "fr")
            elif isinstance(node, list):
                for value in node:
                    walk(value, fr)
            elif isinstance(node, str) and fr:
                french.append(node)
        walk(json.loads(path.read_text(encoding="utf-8")), False)
    assert len(french) > 1000
    assert not [s for s in french if re.search(r"\bchangements? nets?\b", s)]
