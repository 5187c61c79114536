"""Every engine keeps the contract of cardgen/engine/api.py, on every deck and variant.

Generic: runs a handful of random games per deck and player count, whatever the
game. Hidden information is checked only as far as can be done without knowing
the game (observations are JSON, stable, and asking for them changes nothing);
each game's own tests check what a seat must not see.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from toy_game import toy_deck

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.conformance import check_engine

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)
SEEDS = (1, 2)


@pytest.mark.parametrize("deck_id", PROJECT.ids)
def test_engine_conformance(deck_id: str) -> None:
    deck = Resolver(PROJECT).resolve(deck_id)  # a shipped deck that stops resolving is a failure here too
    assert deck.spec.new_game is not None, f"{deck_id}: every shipped game has an engine"
    problems = [f"{p} players: {problem}" for p in deck.model.players.counts
                for problem in check_engine(deck, p, SEEDS)]
    assert not problems, "\n".join(problems[:10])


# -- the checks themselves catch broken engines --------------------------------------
def test_a_sound_toy_engine_conforms() -> None:
    assert check_engine(toy_deck("toy"), 3) == []
    assert check_engine(toy_deck("toy_unsettled"), 2) == []  # a stall is the validator's business


@pytest.mark.parametrize("deck, message", [
    ("toy_endless", "no end after 200 decisions"),
    ("toy_dead_end", "no legal action but the game is not over"),
    ("toy_bad_zones", "in more than one place"),
    ("toy_lenient", "accepted an action not in legal_actions()"),
    ("toy_chaos", "the same seed played the same way gave a different game"),
])
def test_broken_engines_are_caught(deck: str, message: str) -> None:
    problems = check_engine(toy_deck(deck), 3, (1,), cap=200)
    assert problems and message in problems[0]
