"""A compiled tier signals a game it cannot finish; the runner, which chooses tiers, replays it.

The engine stage never imports the simulator (docs/ARCHITECTURE.md, "Order of stages"): a
``FastEngine`` hands an overflowing game to ``FastEngine.replay``, which importing the runner
sets. No tier is compiled here (the Draco tier's own overflow test, in the slow tier, plays one).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.engine.api import FastEngine, GameResult, Overflowed
from cardgen.simulate import runner

ROOT = Path(__file__).resolve().parent.parent


class _Tier(FastEngine):
    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        raise AssertionError("not played here")


def test_importing_the_runner_sets_the_replay_on_the_reference() -> None:
    assert FastEngine.replay is runner.replay_on_reference


def test_an_overflowing_game_without_a_replay_is_an_error_not_a_result(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FastEngine, "replay", None)
    with pytest.raises(Overflowed, match="game 7 overflowed"):
        _Tier().replayed(object(), 7, ["random"], 10, False)  # type: ignore[arg-type]


def test_the_replay_gets_the_game_seed_agents_cap_and_record(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(FastEngine, "replay", lambda *args: seen.append(args) or GameResult(args[1], args[2], "x", False, []))
    game = object()
    result = _Tier().replayed(game, 11, ("a", "b"), 99, True)  # type: ignore[arg-type]
    assert seen == [(game, 11, ["a", "b"], 99, True)]
    assert result.seed == 11 and result.agents == ["a", "b"]


def test_the_runner_replays_as_it_plays_the_reference() -> None:
    from cardgen.resolve.resolve import resolve

    deck = resolve("king_lui", ROOT)
    game = runner.cached_game(runner.load_project_deck, runner.DeckRef.of(deck), 3)
    names = ["random", "heuristic", "random"]
    expected = runner.play_game(game, 4, runner.make_agents(deck.spec, names), names, cap=500, record=True)
    assert runner.replay_on_reference(game, 4, names, 500, True) == expected
    assert expected.actions  # recorded: the comparison covers the moves, not only the scores
