"""Search's advice is the usual move, never a rollout's random try of a house rule's action (issue 50 item 3).

The search agent keeps its policy's move (the advice) unless its samples clearly beat it. Its advice was the
covered heuristic's rollout move (``quick_choice``), which tries an action the heuristic does not know at random
(``UNKNOWN_TRY`` of the offers) so that look-aheads see where it leads; as advice, that try was kept whenever the
samples could not tell the two apart, so search "took" Draco's tip in about a fifth of its offers whatever the tip
was worth. ``advice_move`` asks ``CoveredAgent.advice_choice``: the rule's own advice, else the heuristic's move.
"""
from __future__ import annotations

import random
from pathlib import Path

from cardgen.agents import generic
from cardgen.agents.search import SearchAgent, advice_move, policy_move
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import agent_factories

from house_options import BONUS, project as option_project


def offered(root: Path, players: int = 3):  # type: ignore[no-untyped-def]
    """The first position of a game of the variant ``option`` where the bonus is legal beside known moves,
    its legal actions and the covered heuristic of the game."""
    deck = resolve("option", root)
    state = install(deck.spec.new_game(deck, players), deck).new_initial_state(3)
    covered = agent_factories(deck.spec)["heuristic"]()
    rng = random.Random(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        if BONUS in legal and len(legal) > 2:
            return state, legal, covered, agent_factories(deck.spec)
        state.apply(covered.quick_choice(state, legal, rng) if len(legal) > 1 else legal[0])
    raise AssertionError("the bonus was never offered")


def test_the_advice_is_the_heuristics_move_where_a_rollout_tries_the_new_action(tmp_path: Path) -> None:
    state, legal, covered, _ = offered(option_project(tmp_path, "king_lui", "bad"))
    advice = [advice_move(covered, state, legal, random.Random(seed)) for seed in range(200)]
    tries = [policy_move(covered, state, legal, random.Random(seed)) for seed in range(200)]
    assert BONUS not in advice
    assert all(a in legal for a in advice)
    # the rollout move does try it, about UNKNOWN_TRY of the time: what the advice must not inherit
    assert 0.5 * generic.UNKNOWN_TRY * 200 < tries.count(BONUS) < 1.5 * generic.UNKNOWN_TRY * 200


def test_without_a_new_action_the_advice_is_the_rollout_move_with_the_same_draws(tmp_path: Path) -> None:
    deck = resolve("king_lui", Path(__file__).resolve().parent.parent)
    state = deck.spec.new_game(deck, 3).new_initial_state(5)
    covered = agent_factories(deck.spec)["heuristic"]()
    legal = state.legal_actions()
    assert len(legal) > 1
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        assert advice_move(covered, state, legal, a) == policy_move(covered, state, legal, b)
        assert a.random() == b.random()  # the same draws: search on the shipped games decides as before


def test_search_keeps_its_advice_on_a_costly_option(tmp_path: Path) -> None:
    """A bonus that costs points: the search's paired choice never takes it (its advice is the usual move)."""
    state, legal, _, factories = offered(option_project(tmp_path, "king_lui", "bad"))
    search = factories["search"]()
    assert isinstance(search, SearchAgent) and search.paired
    search.iterations = 40
    search.compiled = False  # the Python search's paired choice (the compiled driver's: tests/test_house_search.py)
    picks = [search.choose_from_state(state, legal, random.Random(seed)) for seed in range(6)]
    assert BONUS not in picks
