"""Terminal round 29 (issue 53): the faults of validate's words left after the first fixes, each test failing on
the old text (fault ids in the comments)."""
from __future__ import annotations

from typing import Any

import pytest

from cardgen.simulate.summary import card_confirm


def _entry(players: int, play_flag: str | None = None, dealt_flag: str | None = None) -> dict[str, Any]:
    """A Draco-like entry whose "favour" is judged in both tables, flagged mid-game just beyond chance if told."""
    play = {"component": "favour", "experiment": "play", "judged": True, "flag": play_flag,
            "flag_low": 0.004 if play_flag else None, "flagged_by": ["margin"] if play_flag else None}
    dealt = {"component": "favour", "judged": True, "flag": dealt_flag, "flag_low": 0.005 if dealt_flag else None}
    return {"variant": "draco", "players": players, "games": 300, "passed": True,
            "designer": {"games": 250, "exchange": {"rows": [play]}, "component_impact": [dealt]}}


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "“favour” stays within what chance alone would explain at 3, 4 and 6 players and in opening hands at 5 "
           "players, so this may be a false alarm"),  # round 36 en9: no shorthand
    # one colon fewer, the alarm's likelihood said of what is checked (round 30 fr22, it14)
    ("fr", "« favour » reste dans les limites du hasard à 3, 4 et 6 joueurs et dans les mains de départ à 5 "
           "joueurs. Il peut donc s’agir d’une fausse alerte"),
    ("it", "«favour» resta entro i limiti del caso con 3, 4 e 6 giocatori e nelle mani iniziali con 5 giocatori. "
           "Può quindi trattarsi di un falso allarme"),
])
def test_a_card_flagged_only_just_says_where_it_stays_within_chance(lang: str, said: str) -> None:
    """en14: "before changing this card, confirm it on more games (a gap so close to chance may be a false alarm …)"
    left out the strongest evidence in the file: Favour within chance at 3, 4 and 6 players and in 5-player opening
    hands."""
    run = [_entry(3), _entry(4), _entry(5, play_flag="strong"), _entry(6)]
    line = card_confirm(run[2], lang, run).replace("\u202f", " ").replace("\u00a0", " ")
    assert line.startswith(said), line
    assert line.endswith("cardgen validate draco --players 5 --games 1200 --designer-games 1000")
    # a count where it is flagged too is not named as within chance; with no other count, the old advice stays
    run[1] = _entry(4, play_flag="strong")
    assert {"en": "at 3 and 6 players and", "fr": "à 3 et 6 joueurs et", "it": "con 3 e 6 giocatori e"}[lang] in \
        card_confirm(run[2], lang, run).replace("\u00a0", " ")
    alone = card_confirm(_entry(5, play_flag="strong", dealt_flag="strong"), lang, [])
    assert alone is not None and "favour" not in alone


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_mid_game_heading_is_said_once_in_parts_then_as_above(lang: str) -> None:
    """en17, it2: the mid-game heading was one 7-line sentence with three nested brackets, repeated word for word at
    every player count. At the first table: what was done, the columns, the flag's rule (with its hardly-played
    exception, en16, fr19), each its own line; at the next: its figures and "as above"."""
    from cardgen.simulate.summary import exchange_lines

    row = {"component": "k0", "exchanges": 40, "games": 12, "judged": True, "flag": "", "win": 0.02,
           "win_low": -0.1, "win_high": 0.14, "margin": 0.5, "margin_low": -1.0, "margin_high": 2.0}
    table = {"rows": [row], "exchanges": 20, "games": 250, "points": 12}
    said: set[str] = set()
    first, again = exchange_lines(table, lang, said=said), exchange_lines(table, lang, said=said)
    # and a heading row naming the columns, at each table (round 30 en20): since issue #53 under the experiment's
    # name, the card table being both experiments' (the mid-game's alone here)
    # round 35 (en2, fr2, it1): the key a line per column (here the two mid-game ones), then the marks
    # round 38 fr7, fr19: a units line under the titles; the key under the table
    # terminal round 41 it11*: the one key above the table, nothing under it
    assert len(first) == 6 and len(again) == 5, (first, again)
    # round 37 fr1*: the experiment named as cardgen's test, never as a move of the game
    assert first[0].count("(") == 1 and {"en": "20 card swaps in 250 games)",
                                         "fr": "20 tests de substitution dans 250 parties)",
                                         "it": "prova di sostituzione: 20 sostituzioni in 250 partite)"}[lang] in first[0]
    # round 36 (en1*, fr1*): the mark said of the figure whose interval leaves out 0, in a sentence
    # round 37 (en4, fr2*, it1*): a flagged figure, † cards never flagged
    assert {"en": "◆ marks a figure that chance alone is unlikely to explain", "fr": "◆ : écart que le hasard seul "
            "explique difficilement", "it": "◆: differenza che difficilmente si spiega con il caso"}[lang] in first[1].replace("\u202f", " ")  # round 43 it10*
    assert {"en": "as above", "fr": "comme plus haut", "it": "come sopra"}[lang] in again[0]
    # the next table's heading: its counts, its verdict and "as above", never the legend again
    # round 37 fr1*: « tests de substitution », the test named, a few characters longer
    assert len(again[0]) < 170 and "250" in again[0] and len(again[0]) < len(" ".join(first)) / 3


@pytest.mark.parametrize(("lang", "said"), [("en", "all passed; a warning at 4 players"),
                                            ("it", "tutte superate; un avviso con 4 giocatori")])
def test_one_count_with_one_warning_is_counted_as_one_warning(lang: str, said: str) -> None:
    """en12, it28: "none failed, 1 with warnings (balance)" under a "PASS WITH A WARNING" heading: one warning.
    French says "validé avec réserves" of one warning as its heading does ("réserve" alone names no pile)."""
    from cardgen.simulate.summary import checked_line

    assert checked_line(4, 0, 1, 1, lang, [1, 2, 3, 4], single=True, warned_at=[4]).replace("\u202f", " ").endswith(said)
    assert not checked_line(4, 0, 1, 1, lang, [1, 2, 3, 4], warned_at=[4]).replace("\u202f", " ").endswith(said)  # two or more


@pytest.mark.parametrize(("lang", "said"), [("en", " (over all 300 games)"), ("fr", " (sur l’ensemble des 300 parties)"),
                                            ("it", " (su tutte le 300 partite)")])
def test_the_winners_lead_names_its_games_when_every_game_has_a_runner_up(lang: str, said: str) -> None:
    """en25, fr23, it12: Draco at 6 players, "4.1 more than the runner-up's" with no base, where 3 to 5 players say
    "(of the 267 games that still have a runner-up …)"."""
    from pathlib import Path

    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, margin_basis

    naming = Naming.of(resolve("draco", Path(__file__).resolve().parents[1]), lang)
    assert margin_basis(300, 300, lang, naming, 6) == said
    assert "267" in margin_basis(267, 300, lang, naming, 3)


def test_the_page_says_where_a_card_flagged_only_just_stays_within_chance() -> None:
    """en14 on the page: the fix line under the warnings says it as the terminal does, the command set apart."""
    from cardgen.report.pages import confirm_fix

    run = [_entry(3), _entry(4), _entry(5, play_flag="strong"), _entry(6)]
    fix = confirm_fix(run[2], "en", run)
    assert fix is not None and fix["text"].startswith("“favour” stays within what chance alone would explain at 3, 4 and 6 players"), fix
    assert fix["command"] == "cardgen validate draco --players 5 --games 1200 --designer-games 1000"


@pytest.mark.parametrize(("lang", "said", "old"), [
    ("fr", "(ou de 1 point, si ce dixième vaut moins)", "si ce dixième est inférieur"),
    ("it", "(o di 1 punto, se quel decimo vale meno)", "se un decimo è meno")])
def test_the_close_games_floor_says_what_it_is_compared_with(lang: str, said: str, old: str) -> None:
    """fr4, it14: "(1 point si ce dixième est inférieur)" did not say inferior to what; "se un decimo è meno" was
    elliptical."""
    from cardgen.simulate.verdict import gloss

    text = gloss("close_games", lang).replace("\u202f", " ").replace("\u00a0", " ")
    assert said in text and old not in text, text
