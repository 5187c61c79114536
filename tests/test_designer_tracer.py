"""A game traced as it is played (``designer.Tracer`` through ``runner.play_game``) gives the trace its replay gives,
in every game; a trace that fails is left out, never the game.

The reference engine used to replay each traced game after playing it; tracing while it plays saves that replay
(a first ``validate draco`` 1.28x the tree before one rule flow, 1.09x after: docs/DEVELOPING.md). The replay stays
for the compiled tier's games, and the slow tier's ``test_designer_figures_are_the_same_on_every_engine`` holds the
two paths' figures equal over whole runs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.designer import Tracer, trace_game
from cardgen.simulate.runner import agent_factories, designer_trace, make_agents, new_tracer, play_game

ROOT = Path(__file__).resolve().parent.parent


def _played(deck_id: str, players: int, seed: int, tracer: Tracer | None):  # type: ignore[no-untyped-def]
    deck = resolve(deck_id, ROOT)
    game = deck.spec.new_game(deck, players)
    names = ["heuristic", "random", "heuristic", "random", "heuristic"][:players]
    agents = make_agents(deck.spec, names, agent_factories(deck.spec))
    return game, play_game(game, seed, agents, names, record=True, tracer=tracer)


@pytest.mark.parametrize("deck_id,players", [("king_lui", 3), ("royale", 4), ("draco", 5)])
def test_a_game_traced_as_played_is_traced_as_its_replay(deck_id: str, players: int) -> None:
    for seed in (1, 2):
        tracer = new_tracer()
        game, result = _played(deck_id, players, seed, tracer)
        assert result.completed and result.actions
        played = designer_trace(game, result, tracer)
        replayed = trace_game(game, result.seed, result.actions)
        assert played is not None and replayed is not None
        assert played == replayed
        assert len(played.estimates) > 2 and played.moves
        # known answers, by a plain replay: the set-up's and the end's estimates, one more at each turn's end,
        # and the kinds each seat played
        state = game.new_initial_state(result.seed)
        at_turns = [state.score_estimate()]
        kinds: list[dict[str, int]] = [{} for _ in range(players)]
        for player, action in result.actions:
            kind = state.component_of(action)
            if kind is not None:
                kinds[player][kind] = kinds[player].get(kind, 0) + 1
            turns = state.turns
            state.apply(action)
            if state.turns != turns:
                at_turns.append(state.score_estimate())
        final = state.score_estimate()
        assert played.estimates == at_turns + ([final] if final != at_turns[-1] else [])
        assert played.played == kinds
        assert played.moves[-1][1] == final
        if deck_id != "king_lui":  # King Lui deals no component to a seat
            assert played.dealt and any(played.played)
        # the same game untraced: the same result (the tracer only watches)
        _, untraced = _played(deck_id, players, seed, None)
        assert (untraced.scores, untraced.winners, untraced.actions) == (result.scores, result.winners,
                                                                         result.actions)


def test_a_game_traced_as_played_is_never_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    tracer = new_tracer()
    game, result = _played("king_lui", 3, 4, tracer)

    def no_replay(*args):  # type: ignore[no-untyped-def]
        raise AssertionError("replayed")

    monkeypatch.setattr("cardgen.simulate.designer.trace_game", no_replay)
    assert designer_trace(game, result, tracer) == tracer.trace() is not None
    assert designer_trace(game, result) is None  # the replay (here failing) is what a compiled tier's game gets


def test_a_trace_that_fails_is_left_out_and_the_game_still_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = resolve("draco", ROOT)
    game = deck.spec.new_game(deck, 4)
    state_class = type(game.new_initial_state(1))
    calls = {"n": 0}
    estimate = state_class.score_estimate

    def fails_later(self):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 40:
            raise ValueError("no estimate now")
        return estimate(self)

    monkeypatch.setattr(state_class, "score_estimate", fails_later)
    tracer = new_tracer()
    _, result = _played("draco", 4, 3, tracer)
    assert calls["n"] == 40  # the tracer stopped asking once it failed
    assert result.completed and result.winners
    assert tracer.trace() is None
    monkeypatch.setattr(state_class, "score_estimate", estimate)
    _, clean = _played("draco", 4, 3, None)
    assert (clean.scores, clean.winners) == (result.scores, result.winners)


def test_a_game_with_no_estimate_has_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = resolve("royale", ROOT)
    game = deck.spec.new_game(deck, 3)
    monkeypatch.setattr(type(game.new_initial_state(1)), "score_estimate", lambda self: None)
    tracer = new_tracer()
    _, result = _played("royale", 3, 1, tracer)
    assert result.completed and tracer.trace() is None
