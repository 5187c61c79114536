"""A replay of a game already played is checked for its path, not again for its books (``engine.hooks.replaying``).

The designer figures' trace of a compiled game, the offers of a house rule's options and the way to the offer an
option's pair starts from replay actions the game played already: checked then (on the reference engine after each
action; on the compiled tier by construction). The replay still refuses an action that is not legal, and what is
played anew from a replayed position (an option's two futures) is checked at every action.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.api import IllegalAction
from cardgen.engine.hooks import replaying
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate import options
from cardgen.simulate.designer import trace_game
from cardgen.simulate.runner import agent_factories, option_trial, play_game
from cardgen.usercode import UserCodeError
from tests.test_house import project

#: King Lui with "pass" added (``benchmarks/bench_cover.py``'s rule, its ``legal_actions`` and ``apply``)
PASS = ('def legal_actions(state, default):\n    legal = default()\n    legal.append(("pass",))\n    return legal\n\n\n'
        'def apply(state, action, default):\n    if action == ("pass",):\n        state.end_turn()\n        return\n'
        '    default(action)\n')


def _house_game(tmp_path: Path, players: int = 3):  # type: ignore[no-untyped-def]
    deck = resolve("house", project(tmp_path, PASS))
    return deck, install(deck.spec.new_game(deck, players), deck)


def _broken_books(monkeypatch: pytest.MonkeyPatch, state: object) -> None:
    """From now on every position of the game after its first turn breaks an invariant (as a rule that loses a card
    would; the set-up, checked as every game starts, replays included, holds)."""
    monkeypatch.setattr(type(state), "invariants", lambda self: ["a book that does not add up"] if self.turns else [])


def test_a_replay_is_checked_for_legality_but_not_again_for_the_books(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _, game = _house_game(tmp_path)
    state = game.new_initial_state(4)
    _broken_books(monkeypatch, state)
    first = state.legal_actions()[0]
    with pytest.raises(UserCodeError, match="a book that does not add up"):
        state.clone().apply(first)  # played anew: checked
    replaying(state).apply(first)  # replayed: the game was checked as it was played
    with pytest.raises(IllegalAction):
        state.apply(("take", "no such dish"))  # a replay off the game's path still fails
    anew = replaying(state.clone(), False)
    with pytest.raises(UserCodeError, match="a book that does not add up"):
        anew.apply(anew.legal_actions()[0])


def test_the_trace_and_the_offers_replay_unchecked_and_the_options_futures_are_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck, game = _house_game(tmp_path)
    factories = agent_factories(deck.spec)
    names = ["random"] * 3
    result = play_game(game, 7, [factories[n]() for n in names], names, record=True)
    assert result.completed and result.actions
    _broken_books(monkeypatch, game.new_initial_state(7))
    assert trace_game(game, result.seed, result.actions) is not None  # no UserCodeError: a replay
    found = options.offers(game, result)
    assert found.where["pass"], found
    trial = option_trial(game, deck, factories, 10_000)
    with pytest.raises(UserCodeError, match="a book that does not add up"):
        options.pair(trial, result, found.where["pass"][len(found.where["pass"]) // 2], "pass")


def test_one_replay_serves_the_designer_trace_and_the_offers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The trace's replay of a game counts its offers (``options.OfferWatch``) as the offers' own replay does, and a
    tally given them does not replay the game again."""
    deck, game = _house_game(tmp_path)
    factories = agent_factories(deck.spec)
    names = ["random", "heuristic", "random"]
    result = play_game(game, 11, [factories[n]() for n in names], names, record=True)
    watch = options.OfferWatch(result)
    assert trace_game(game, result.seed, result.actions, watch) is not None
    assert watch.complete
    alone = options.offers(game, result)
    assert (watch.found.offered, watch.found.taken, watch.found.where) == (alone.offered, alone.taken, alone.where)
    assert sum(alone.offered["pass"].values()) > 10 and set(alone.offered["pass"]) == {"random", "heuristic"}

    def no_second_replay(*args: object) -> None:
        raise AssertionError("the game was replayed again for its offers")

    trial = option_trial(game, deck, factories, 10_000)
    given, replayed = options.OptionTally(), options.OptionTally()
    replayed.add(trial, result)
    monkeypatch.setattr(options, "offers", no_second_replay)
    given.add(trial, result, watch.found)
    assert given.to_json() == replayed.to_json()


def test_a_watch_of_a_replay_cut_short_is_not_complete(tmp_path: Path) -> None:
    """A replay that fails before its last action leaves its watch incomplete: the offers are counted by their own
    replay then, whose failure the run reports (the trace alone is left out silently)."""
    _, game = _house_game(tmp_path)
    result = play_game(game, 3, [agent_factories(game.resolved.spec)["random"]() for _ in range(3)], ["random"] * 3,
                       record=True)
    broken = result.actions[:5] + [(result.actions[5][0], ("take", "no such dish"))] + result.actions[6:]
    watch = options.OfferWatch(result)
    with pytest.raises(IllegalAction):
        trace_game(game, result.seed, broken, watch)
    assert not watch.complete and len(watch.found.where["pass"]) <= 6
