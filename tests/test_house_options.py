"""Issue 33's done-when, per shipped game: a house rule adding an optional action is played well.

For King Lui, Royale and Draco, three rules of ``tests/house_options.py`` offer ``("bonus",)``
once a turn: one clearly worth taking, one clearly not, one a judgment call. ``validate`` passes
with the default players on each; the covered heuristic takes the good option at least 90 % of
the times it is offered and the bad one at most 10 %; search beats random players. Slow tier
(tests/conftest.py SLOW_MODULES): the reference engine plays every game, with look-ahead.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import agent_factories, make_agents, play_game

from house_options import project
from test_generic_agents import offers_and_takes

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("king_lui", "royale", "draco")


@pytest.mark.parametrize("game", GAMES)
def test_the_good_option_is_taken_and_the_bad_one_left(tmp_path: Path, game: str) -> None:
    offered, taken, done = offers_and_takes(project(tmp_path / "good", game, "good"), 8)
    assert done == 8 and offered >= 50 and taken >= 0.9 * offered, (offered, taken)
    offered, taken, done = offers_and_takes(project(tmp_path / "bad", game, "bad"), 8)
    assert done == 8 and offered >= 50 and taken <= 0.1 * offered, (offered, taken)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ("good", "bad", "judgment"))
def test_validate_passes_with_the_default_players(tmp_path: Path, game: str, kind: str) -> None:
    root = project(tmp_path, game, kind)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "cardgen", "validate", "option", "--games", "4", "--players", "3",
                           "--no-designer"], cwd=root, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"PASS (WITH (A WARNING|WARNINGS) )?[^(]+ \(option\), 3 players: 4 of 4 games completed", done.stdout), done.stdout
    assert "heuristic players" in done.stdout


@pytest.mark.parametrize("game", GAMES)
def test_search_beats_random_on_the_judgment_call(tmp_path: Path, game: str) -> None:
    deck = resolve("option", project(tmp_path, game, "judgment"))
    players = 3
    engine = install(deck.spec.new_game(deck, players), deck)
    factories = agent_factories(deck.spec, 24)
    wins, games = 0.0, 9
    for seed in range(games):
        names = ["random"] * players
        names[seed % players] = "search"  # rotated: every seat in turn
        result = play_game(engine, seed, make_agents(deck.spec, names, factories), names)
        assert result.completed, result.gaps
        wins += sum(1 / len(result.winners) for w in result.winners if names[w] == "search")
    assert wins / games > 1 / players, wins  # more than a random seat's share
