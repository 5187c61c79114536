"""The fast heuristic agent plays exactly the games of the first, plain version.

The fixture ``fixtures/royale_heuristic_games.json`` was recorded with the plain agent
(commit "record 200 seeded games of the current heuristic", before any speed work) by
``fixtures/record_royale_heuristic.py``: 180 games over the base deck and every Royale
variant, 1 to 4 players, heuristic alone and mixed with random. For each game it holds
the SHA-256 of the (seat, action) list, the number of decisions, scores and winners.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
GAMES = json.loads((HERE / "fixtures" / "royale_heuristic_games.json").read_text(encoding="utf-8"))
spec = importlib.util.spec_from_file_location("record_royale_heuristic",
                                              HERE / "fixtures" / "record_royale_heuristic.py")
assert spec and spec.loader
RECORD = importlib.util.module_from_spec(spec)
spec.loader.exec_module(RECORD)


def test_the_fixture_covers_every_royale_deck_and_player_count():
    assert {(g["deck"], g["players"]) for g in GAMES} >= {("royale", p) for p in (1, 2, 3, 4)} | {
        ("royale-masked", 1), ("royale-masked", 4), ("royale-short", 3), ("royale-solo", 1)}
    assert len(GAMES) >= 150 and sum(g["decisions"] for g in GAMES) > 10_000


def test_fast_heuristic_decisions_are_identical():
    now = RECORD.record()
    assert len(now) == len(GAMES)
    diff = [(old["deck"], old["players"], old["index"]) for old, new in zip(GAMES, now) if old != new]
    assert not diff, f"{len(diff)} games differ, first: {diff[:3]}"


@pytest.mark.parametrize("ref,players", [("royale", 2), ("royale", 4), ("royale-masked", 3), ("royale-solo", 1)])
def test_fast_heuristic_matches_the_plain_reference_live(ref, players):
    """Against the plain agent kept in ``royale_reference_heuristic.py``, on fresh seeds."""
    from royale_reference_heuristic import ReferenceHeuristicAgent

    from cardgen.games.royale.agents import HeuristicAgent
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.runner import play_game
    deck = resolve(ref, HERE.parent)
    game = deck.spec.new_game(deck, players)
    for seed in range(5000, 5006):
        fast = play_game(game, seed, [HeuristicAgent() for _ in range(players)], record=True)
        plain = play_game(game, seed, [ReferenceHeuristicAgent() for _ in range(players)], record=True)
        assert fast.actions == plain.actions and fast.scores == plain.scores, seed
