"""The twenty-third reading's faults on the run overview (fr39, it47, fr41, it49): what "1,000 games each" counts,
several warnings of one row as a list, the Italian seed said once."""
from __future__ import annotations

import re

import pytest

from cardgen.simulate.summary import Naming

from test_validate_words_fifteenth import draco  # noqa: F401  (a fixture, used by name)

LANGS = ("en", "fr", "it")


@pytest.mark.parametrize(("lang", "each"), [("en", "per player count"), ("fr", "par nombre de joueurs"),
                                            ("it", "per ogni numero di giocatori")])
def test_the_overview_says_what_each_count_of_games_is_for_and_lists_a_rows_warnings(draco: tuple, lang: str,
                                                                                   each: str) -> None:
    """fr39, it47: "1 000 parties chacune" after "3 nombres de joueurs vérifiés" had no feminine noun to agree with;
    fr41: two warnings of one row ran on as one sentence: a list, one item each."""
    from cardgen.report.pages import overview

    deck, r = draco
    namings = {"draco": Naming.of(deck, lang)}
    doc = {"results": [r], "agents": ["heuristic"], "games": 60, "seed": 1, "cap": 10000}
    html = overview(doc, {"draco": {"name": "Draco & Co"}}, "T", "", lang, namings)
    intro = " ".join(re.findall(r"<p>(.*?)</p>", html, re.S)[:2])  # round 38 it26: two paragraphs
    # the count, then its seed's bracket or the agents (round 33 en27, fr27: no two brackets back to back)
    assert (f" {each}, " in intro or f" {each} (" in intro) and "chacune" not in intro and "ciascuna" not in intro
    if lang == "it":  # the seed said what it does, once (it49)
        assert "seme 1, che fissa tutto ciò che le partite lasciano al caso" in intro  # round 36 it22
    import cardgen.report.pages as pages
    real = pages.short_warnings
    try:  # a row with two warnings (a shortage and a card, as Draco's 5 players): one item each
        pages.short_warnings = lambda *a, **k: ["first warning", "second warning"]  # type: ignore[assignment]
        cell = re.search(r'<td class="warnings warn"[^>]*>(.*?)</td></tr>', overview(doc, {}, "T", "", lang, namings),
                         re.S).group(1)
        assert cell == '<ul class="warnings"><li>first warning</li><li>second warning</li></ul>'
        pages.short_warnings = lambda *a, **k: ["only warning"]  # type: ignore[assignment]
        cell = re.search(r'<td class="warnings warn"[^>]*>(.*?)</td></tr>', overview(doc, {}, "T", "", lang, namings),
                         re.S).group(1)
        assert cell == "only warning"
    finally:
        pages.short_warnings = real
    # two decks: each combination, not each player count
    other = {**r, "variant": "draco-2"}
    both = overview({**doc, "results": [r, other]}, {}, "T", "", lang, namings)
    assert each not in " ".join(re.findall(r"<p>(.*?)</p>", both, re.S)[:2])


@pytest.mark.parametrize(("lang", "less", "one"), [
    ("en", "players 1 and 2 win less than the fair share", "player 3 wins more than the fair share"),
    # a share set against a share (round 30 fr28)
    # terminal round 49 fr7: as the terminal and the game page say it (pins updated)
    ("fr", "les joueurs 1 et 2 sont en dessous de la part équitable",
     "le joueur 3 est au-dessus de la part équitable"),
    ("it", "i giocatori 1 e 2 sono sotto la quota equa", "il giocatore 3 è sopra la quota equa")])  # r50 it21
def test_the_players_flagged_on_one_side_are_one_warning(lang: str, less: str, one: str) -> None:
    """it48: "player 1 wins less often than the fair share…" four times over (players 1, 2, 4, 5) in one cell: the
    players flagged on one side in one sentence, a lone one as before."""
    from cardgen.report.pages import short_warnings

    base = {"completed": 10, "games": 10, "failures": []}
    flags = [{"seat": 1, "side": "less"}, {"seat": 3, "side": "more"}, {"seat": 2, "side": "less"}]
    said = short_warnings({**base, "balance": {"flags": flags}}, lang)
    assert len(said) == 2 and said[0].startswith(less) and said[1].startswith(one), said


@pytest.mark.parametrize(("lang", "always", "solo"), [("en", "9 turns (always)", "8.5 turns"),
                                                      ("fr", "9 tours de joueur (toujours)", "8,5 tours de joueur"),
                                                      ("it", "9 turni (sempre)", "8,5 turni")])
def test_a_length_that_never_varies_is_said_so_and_a_solo_game_has_no_rounds(lang: str, always: str,
                                                                            solo: str) -> None:
    """en52, fr43: "9.0 turns, 9.0 complete rounds" for a solo game that always lasts 9 turns."""
    from cardgen.languages import typeset
    from cardgen.report.pages import _length

    dist = {"mean": 9.0, "min": 9, "max": 9}
    r = {"completed": 10, "players": 1, "turns": dist, "rounds": dist}
    # round 34 en24, it21: each number joined to its unit by a no-break space
    assert _length(r, lang, Naming()) == typeset(always, lang).replace(" ", "\u00a0", 1)
    varied = {"mean": 8.5, "min": 8, "max": 9}
    assert _length({**r, "turns": varied, "rounds": varied}, lang, Naming()) == typeset(solo, lang).replace(" ", "\u00a0", 1)
    two = _length({**r, "players": 2, "turns": varied, "rounds": {"mean": 4.3, "min": 4, "max": 5}}, lang, Naming())
    assert two.count(",") >= 1 and ("4.3" in two or "4,3" in two)  # two players: turns and rounds, as before
