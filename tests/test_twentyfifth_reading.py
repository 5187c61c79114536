"""The twenty-second reading's lesser faults (docs/reads/terminal-round-22-*.md, issue #53), in English, French and
Italian, every expected sentence ours:

- it1, it11: "44 volte in 44 partite", "649 volte in 649 partite": a special case met once in each game it came up
  in read as a tautology and hid the figure a designer acts on, how many of the run's games it touches: "in 649 of
  the 1,000 games (once in each)"; "33 times, in 31 games" stays where the two counts differ.
"""
from __future__ import annotations

from typing import Any

import pytest

from cardgen.simulate.summary import gap_when

LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones, one line."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


# -- it1, it11: a case met once a game says in how many of the run's games ----------------------------------------

def _gap(count: int, games: int) -> dict[str, Any]:
    """A special case's record: met ``count`` times in ``games`` games, first in the run's 15th game."""
    return {"kind": "no_dish", "settled": True, "count": count, "games": games, "seed": 7, "game": 14}


@pytest.mark.parametrize("lang", LANGS)
def test_a_case_met_once_a_game_says_how_many_of_the_runs_games(lang: str) -> None:
    said = plain(gap_when(_gap(649, 649), 1000, lang))
    assert said == {"en": "in 649 of the 1,000 games (once in each); first in game 15",
                    "fr": "dans 649 des 1 000 parties (une fois dans chacune) ; la première fois dans la partie 15",
                    "it": "in 649 partite su 1.000 (una volta in ciascuna); la prima volta nella partita 15"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_case_met_more_often_than_its_games_keeps_both_counts(lang: str) -> None:
    said = plain(gap_when(_gap(33, 31), 1000, lang))
    assert said == {"en": "33 times, in 31 games; first in game 15",
                    "fr": "33 fois, dans 31 parties ; la première fois dans la partie 15",
                    "it": "33 volte in 31 partite; la prima volta nella partita 15"}[lang]
    assert plain(gap_when(_gap(1, 1), 1000, lang)) == {"en": "once, in game 15", "fr": "1 fois, dans la partie 15",
                                                       "it": "1 volta, nella partita 15"}[lang]
