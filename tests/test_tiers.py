"""Every game's two tiers play the very same games: one test for every game (issue 49 item 3).

In the spirit of OpenSpiel's one test over every game: for each shipped deck and variant whose game
has a compiled tier (``GameSpec.fast``), at each player count the deck allows, seeds with random
seats, with the game's heuristic, and with both, the compiled tier's ``GameResult`` (every recorded
action, scores, winners, end reason, gaps, turns, rounds) must be the reference engine's. A failure
names the deck, the seats, the seed and the first field and action that differ, so a rule changed in
one form only fails here, in the README's tier.

The README's tier compiles nothing (tests/conftest.py's ``SLOW_MODULES``: a cold compile costs 20 s to
2 min of CPU per game), so here the compiled tier's own code runs as plain Python: the test plays in a
child process started with ``NUMBA_DISABLE_JIT=1`` (numba then leaves every ``@njit`` function a Python
function). What this proves is the rules: the same steps, in the same order, on the same buffers; what
only compiling can change (integer widths, numba's own semantics) is proven by the games' own
differential tests on the compiled code (``test_*_fast.py``, slow tier), with hundreds of seeds more.

Run by hand: ``NUMBA_DISABLE_JIT=1 python tests/test_tiers.py DECK...`` prints each difference.
"""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.engine.api import GameResult
from cardgen.house import compiles_hooks, install
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import make_agents, play_game
from cardgen.simulate.seeds import game_seed, seat_agents

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)
CAP = 10_000
#: seats and how many seeds each, per player count: random players reach the odd corners, the heuristic the
#: usual games (few: run as Python, Royale's heuristic costs about 0.5 s a game)
SEATS = ((("random",), 20), (("heuristic",), 2), (("heuristic", "random"), 2))


def _decks() -> list[str]:
    """Every shipped deck whose game has a compiled tier."""
    resolver = Resolver(PROJECT)
    return [d for d in PROJECT.ids if resolver.resolve(d).spec.fast is not None]


def first_difference(ref: GameResult, got: GameResult) -> str:
    """The first field that differs, and for a list the first index and what each tier holds there."""
    for name in ref.__slots__:
        a, b = getattr(ref, name), getattr(got, name)
        if a != b:
            if isinstance(a, list) and isinstance(b, list):
                i = next((i for i, (u, v) in enumerate(zip(a, b)) if u != v), min(len(a), len(b)))
                return f"{name}[{i}]: reference {a[i:i + 2]}, compiled {b[i:i + 2]}"
            return f"{name}: reference {a!r}, compiled {b!r}"
    return ""


def tiers_differ(deck_id: str, players: int, agents: tuple[str, ...], seeds: range) -> str | None:
    """None when both tiers play the same games, else where and how the first one differs."""
    deck = Resolver(PROJECT).resolve(deck_id)
    fast = deck.spec.fast(deck, players)
    if isinstance(fast, str) and deck.model.code is not None and not compiles_hooks(deck):
        # a house rule kept on the reference engine (its one line: tests/test_draco_house.py): the deck's numbers
        # compared here without it, as before a game compiled its rules
        deck = dataclasses.replace(deck, model=deck.model.model_copy(update={"code": None}))
        fast = deck.spec.fast(deck, players)
    if isinstance(fast, str):
        return f"{deck_id}, {players} players: no compiled tier ({fast})"
    if not set(agents) <= fast.agents:
        return None  # this tier plays these seats on the reference; nothing to compare
    game = deck.spec.new_game(deck, players)
    if getattr(fast, "house", None) is not None:  # a house rule's compiled hooks against its Python ones
        game = install(game, deck)
    for index in seeds:
        seed = game_seed(5, deck_id, players, index)
        names = seat_agents(list(agents), players, index)
        ref = play_game(game, seed, make_agents(deck.spec, names), names, cap=CAP, record=True)
        got = fast.play(seed, names, CAP, True)
        if got != ref:
            return f"{deck_id}, {players} players, seats {names}, seed {seed}: {first_difference(ref, got)}"
    return None


def differences(deck_id: str) -> list[str]:
    """Every player count and kind of seats of ``deck_id`` where the tiers differ (empty: none)."""
    deck = Resolver(PROJECT).resolve(deck_id)
    return [why for players in deck.model.players.counts for agents, n in SEATS
            if (why := tiers_differ(deck_id, players, agents, range(n)))]


@pytest.mark.parametrize("deck_id", _decks())
def test_the_compiled_tier_plays_the_reference_games(deck_id: str, tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, __file__, deck_id], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=600, check=False)
    assert done.returncode == 0 and done.stdout == f"{deck_id}: the tiers agree\n", done.stdout + done.stderr[-2000:]


def test_every_shipped_game_is_held_here() -> None:
    """A game added with a compiled tier is compared without editing this file."""
    games = {Resolver(PROJECT).resolve(d).spec.id for d in _decks()}
    assert {"king_lui", "royale", "draco"} <= games, games


def main(decks: list[str]) -> int:
    """Print, per deck, where its tiers differ or that they agree; 1 when any differ."""
    status = 0
    for deck_id in decks:
        problems = differences(deck_id)
        print("\n".join(problems) if problems else f"{deck_id}: the tiers agree")
        status |= bool(problems)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
