"""The search agent (cardgen.agents.search): plays well, reproducibly, and without seeing hidden cards."""
from __future__ import annotations

import dataclasses
import random

import pytest

from cardgen.agents import SearchAgent, StateAgent, Tuning
from cardgen.agents.search import DEFAULT_EPSILON, DEFAULT_EXPLORATION, DEFAULT_SCORE_WEIGHT, rewards
from cardgen.engine.api import Outcome, RandomAgent
from cardgen.errors import InputError
from cardgen.simulate.runner import agent_factories, check_agents, play_game
from tests.toy_game import GreedyAgent, ToyState, toy_deck


def toy_game(deck: str = "toy", players: int = 2):  # type: ignore[no-untyped-def]
    d = toy_deck(deck)
    return d.spec.new_game(d, players)


def root_stats(agent: SearchAgent, state: ToyState, rng: random.Random) -> list[tuple[object, int, float]]:
    """The decision's root statistics, gathered by running the search with a spy on ``_iterate``."""
    roots: list = []  # type: ignore[type-arg]
    iterate = agent._iterate

    def spy(root, sample, r, rollout):  # type: ignore[no-untyped-def]
        roots.append(root)
        iterate(root, sample, r, rollout)

    agent._iterate = spy  # type: ignore[method-assign]
    agent.choose_from_state(state, state.legal_actions(), rng)
    root = roots[0]
    return [(a, c.visits, round(c.value, 9)) for a, c in root.children.items()]


def hidden_swapped(state: ToyState, seat: int) -> ToyState:
    """The same position for ``seat``, with an opponent's card and a pile card exchanged."""
    other = state.clone()
    opp = 1 - seat
    for i, card in enumerate(other.pile):
        if state.game.value[card] != state.game.value[other.hands[opp][0]]:
            other.pile[i], other.hands[opp][0] = other.hands[opp][0], card
            return other
    raise AssertionError("no pile card of another value")


def test_search_beats_the_greedy_agent_on_the_toy_game() -> None:
    """Drawing more cards wins the toy game; greedy plays whenever it can, search learns to draw."""
    game = toy_game()
    share = 0.0
    n = 30
    for i in range(n):
        seat = i % 2
        agents = [SearchAgent(60), GreedyAgent()] if seat == 0 else [GreedyAgent(), SearchAgent(60)]
        result = play_game(game, 1000 + i, agents)
        assert result.completed and result.winners is not None
        share += (seat in result.winners) / len(result.winners)
    assert share / n >= 0.65


def test_hidden_cards_never_reach_the_decision() -> None:
    """Two states that differ only in what seat 0 cannot see give the same search, draw for draw."""
    state = toy_game().new_initial_state(7)
    assert isinstance(state, ToyState) and state.current_player == 0
    other = hidden_swapped(state, 0)
    assert other.hands[1] != state.hands[1] and other.observation(0) == state.observation(0)
    first = root_stats(SearchAgent(80), state, random.Random(3))
    assert first == root_stats(SearchAgent(80), other, random.Random(3))
    assert 40 <= sum(v for _, v, _ in first) <= 80


def test_the_leak_test_would_catch_a_cheating_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searching the true state (clone instead of determinize) does see the swapped cards."""
    monkeypatch.setattr(ToyState, "determinize", lambda self, player, rng: self.clone())
    state = toy_game().new_initial_state(7)
    other = hidden_swapped(state, 0)
    assert root_stats(SearchAgent(80), state, random.Random(3)) != root_stats(SearchAgent(80), other,
                                                                              random.Random(3))


def test_same_seed_same_game_and_the_real_state_is_untouched() -> None:
    game = toy_game(players=3)
    runs = [play_game(game, 11, [SearchAgent(20), RandomAgent(), SearchAgent(20)], record=True) for _ in range(2)]
    assert runs[0].actions == runs[1].actions and runs[0].scores == runs[1].scores
    state = game.new_initial_state(5)
    before = (list(state.pile), [list(h) for h in state.hands], state.rng.getstate())
    SearchAgent(30).choose_from_state(state, state.legal_actions(), random.Random(1))
    assert (state.pile, state.hands, state.rng.getstate()) == before


def test_a_forced_move_costs_no_search() -> None:
    state = toy_game().new_initial_state(1)
    rng = random.Random(2)
    before = rng.getstate()
    assert SearchAgent(50).choose_from_state(state, [("draw",)], rng) == ("draw",)
    assert rng.getstate() == before


def test_the_simulator_hands_a_state_agent_the_state() -> None:
    agent = SearchAgent(5)
    assert isinstance(agent, StateAgent) and agent.needs_state
    with pytest.raises(TypeError, match="needs the game state"):
        agent.choose({}, [("draw",)], random.Random(0))
    factories = agent_factories(toy_deck("toy").spec, search_iterations=7)
    made = factories["search"]()
    assert isinstance(made, SearchAgent) and made.iterations == 7
    result = play_game(toy_game(), 3, [factories["search"](), RandomAgent()])
    assert result.completed, result.gaps


def test_rewards_share_the_win_and_blend_the_score() -> None:
    class Finished:
        num_players = 3
        end_reason = "cards_exhausted"

        def __init__(self, scores: list[float], winners: list[int]) -> None:
            self.result = Outcome("cards_exhausted", scores, winners)

        def outcome(self) -> Outcome:
            return self.result

    assert rewards(Finished([4, 8, 8], [1, 2]), 0.0) == [0.0, 0.5, 0.5]  # type: ignore[arg-type]
    blended = rewards(Finished([0, 10, 5], [1]), 0.5)  # type: ignore[arg-type]
    assert blended == pytest.approx([0.0, 0.5 + 0.5 * 10 / 15, 0.5 * 5 / 15])
    assert rewards(Finished([-5, 15, 5], [1]), 0.5) == [0.0, 1.0, 0.25]  # type: ignore[arg-type]
    # a winner without the top score: scores are not "higher is better", the win share alone counts
    assert rewards(Finished([0, 10, 5], [0]), 0.25) == [1.0, 0.0, 0.0]  # type: ignore[arg-type]
    stalled = Finished([0, 0, 0], [])
    stalled.end_reason = "stalled:empty_pile"
    assert rewards(stalled, 0.25) == [1 / 3] * 3  # type: ignore[arg-type]


def test_search_needs_an_engine_that_determinizes(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = toy_deck("toy")
    check_agents(deck, ["search", "greedy"])
    monkeypatch.setattr(deck, "spec", dataclasses.replace(deck.spec, determinize=False))
    with pytest.raises(InputError, match="cannot deal them yet"):
        check_agents(deck, ["search"])
    with pytest.raises(ValueError):
        SearchAgent(0)


def test_search_stops_early_only_when_the_decision_is_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping once the leader's lead exceeds the iterations left gives the full budget's decision."""
    from cardgen.agents import search

    state = toy_game("toy_choices").new_initial_state(4)
    legal = state.legal_actions()
    early = [SearchAgent(120).choose_from_state(state, legal, random.Random(seed)) for seed in range(6)]
    spent = [sum(v for _, v, _ in root_stats(SearchAgent(120), state, random.Random(seed))) for seed in range(6)]
    assert min(spent) < 120  # it did stop early
    monkeypatch.setattr(search, "_decided", lambda root, left: False)
    assert early == [SearchAgent(120).choose_from_state(state, legal, random.Random(seed)) for seed in range(6)]


def test_an_engine_rollout_is_used_when_the_state_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def rollout(self, rng):  # type: ignore[no-untyped-def]
        calls.append(1)
        from cardgen.agents.search import random_rollout
        random_rollout(self, rng)

    monkeypatch.setattr(ToyState, "rollout", rollout, raising=False)
    state = toy_game().new_initial_state(2)
    SearchAgent(10).choose_from_state(state, state.legal_actions(), random.Random(0))
    assert 0 < len(calls) <= 10


def test_a_policy_rollout_plays_the_sample_out_with_fresh_agents() -> None:
    from cardgen.agents.search import policy_rollout

    made = []

    def greedy() -> GreedyAgent:
        made.append(1)
        return GreedyAgent()

    state = toy_game(players=3).new_initial_state(4)
    sample = state.determinize(0, random.Random(1))
    policy_rollout(greedy)(sample, random.Random(2))
    assert sample.is_terminal() and len(made) == 3
    result = play_game(toy_game(), 5, [SearchAgent(10, rollout=policy_rollout(GreedyAgent)), RandomAgent()])
    assert result.completed


class DrawerAgent(GreedyAgent):
    """Draws while the pile lasts, then plays (the winning line of ``toy_choices``)."""

    name = "drawer"

    def choose(self, observation, legal, rng):  # type: ignore[no-untyped-def]
        return ("draw",) if ("draw",) in legal else legal[0]


def test_an_epsilon_policy_rollout_follows_the_policy_and_strays_with_epsilon() -> None:
    from cardgen.agents.search import epsilon_policy_rollout

    state = toy_game("toy_choices").new_initial_state(3)
    for epsilon, expect_all_draws_first in ((0.0, True), (1.0, False)):
        sample = state.determinize(0, random.Random(1))
        played_before_pile_empty = []
        apply = sample.apply

        def spy(action, sample=sample):  # type: ignore[no-untyped-def]
            if sample.pile and action[0] == "play":
                played_before_pile_empty.append(action)
            apply(action)

        sample.apply = spy  # type: ignore[method-assign]
        epsilon_policy_rollout(DrawerAgent, epsilon)(sample, random.Random(2))
        assert sample.is_terminal()
        assert (not played_before_pile_empty) == expect_all_draws_first


def test_policy_rollouts_credit_each_seat_its_own_result() -> None:
    """Search with the greedy heuristic in its rollouts beats greedy players (rewards read per seat).

    Rewards credited to the wrong seat, or a rollout that read another seat's
    observation, make search pick the moves that help its opponents: it then loses.
    """
    game = toy_game("toy_choices")
    share, n = 0.0, 24
    for i in range(n):
        seat = i % 2
        search = SearchAgent(40, policy=GreedyAgent, paired=False, tuning=Tuning(epsilon=0.2, prior=0.0))
        agents = [search, GreedyAgent()] if seat == 0 else [GreedyAgent(), search]
        result = play_game(game, 2000 + i, agents)
        share += (seat in result.winners) / len(result.winners)
    assert share / n >= 0.65


def test_the_policy_prior_decides_when_the_samples_cannot() -> None:
    """Where choices cannot matter (``toy_luck``), search plays the policy's own move."""
    state = toy_game("toy_luck").new_initial_state(4)
    legal = state.legal_actions()
    assert ("draw",) in legal and len(legal) > 1
    for paired in (False, True):
        advised = {SearchAgent(40, policy=DrawerAgent, paired=paired).choose_from_state(state, legal,
                                                                                        random.Random(s))
                   for s in range(8)}
        assert advised == {("draw",)}
    free = {SearchAgent(40).choose_from_state(state, legal, random.Random(s)) for s in range(8)}
    assert len(free) > 1


@pytest.mark.parametrize("deck_id,players", [("king_lui", 4), ("royale", 3), ("draco", 5)])
def test_a_sample_depends_only_on_what_the_seat_sees(deck_id: str, players: int) -> None:
    """Each game: two positions the seat cannot tell apart give the same samples, draw for draw.

    The second position is itself a sample of the first (hidden cards re-dealt), so a
    determinize that shuffled its hidden pool in the order the cards lie now would leak.
    """
    from pathlib import Path

    from cardgen.resolve.resolve import resolve

    deck = resolve(deck_id, Path(__file__).resolve().parent.parent)
    game = deck.spec.new_game(deck, players)
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(12 + 7 * seed):  # into the game, past some draws
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        seat = state.current_player
        other = state.determinize(seat, random.Random(100 + seed))
        assert other.observation(seat) == state.observation(seat)
        assert other.zones() != state.zones() or seed  # the twin really differs (at least once)
        for s in range(3):
            a, b = state.determinize(seat, random.Random(s)), other.determinize(seat, random.Random(s))
            assert a.zones() == b.zones()
            assert a.rng.getstate() == b.rng.getstate()


def test_paired_search_overrules_the_policy_only_where_the_samples_clearly_disagree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Paired search keeps the policy's move unless another beats it on the common samples."""
    from cardgen.agents import search as mod

    class Player(GreedyAgent):  # advises playing a card
        def choose(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            return legal[-1]

    state = toy_game("toy_choices").new_initial_state(6)
    legal = state.legal_actions()
    assert legal[0] == ("draw",) and legal[-1][0] == "play"
    held = len(state.hands[0])
    agent = SearchAgent(30, policy=Player, paired=True, rollout=lambda s, r: None)
    # the samples say drawing is better every time: the policy is overruled
    monkeypatch.setattr(mod, "rewards", lambda s, w: [float(len(s.hands[0]) > held), 0.0])
    assert agent.choose_from_state(state, legal, random.Random(1)) == ("draw",)
    # pure noise between the moves: the policy's move stands
    noise = random.Random(5)
    monkeypatch.setattr(mod, "rewards", lambda s, w: [noise.random(), 0.0])
    assert agent.choose_from_state(state, legal, random.Random(1)) == legal[-1]


def test_a_compiled_driver_answers_first_with_the_agents_params_and_a_seed_from_its_rng():
    calls = []

    class Driven(ToyState):
        def compiled_search(self, params, legal, seed):  # type: ignore[no-untyped-def]
            calls.append((params, list(legal), seed))
            return len(legal) - 1

    game = toy_game()
    state = game.new_initial_state(3)
    state.__class__ = Driven
    legal = state.legal_actions()
    assert len(legal) > 1
    agent = SearchAgent(iterations=37)
    assert agent.choose_from_state(state, legal, random.Random(5)) == legal[-1]
    params, seen, seed = calls[0]
    assert params.iterations == 37 and not params.policy and seen == legal
    assert seed == random.Random(5).getrandbits(63)


def test_without_a_driver_the_python_search_runs_and_a_custom_rollout_skips_the_driver():
    class Declines(ToyState):
        def compiled_search(self, params, legal, seed):  # type: ignore[no-untyped-def]
            return None

    game = toy_game()
    state = game.new_initial_state(3)
    plain = SearchAgent(iterations=20).choose_from_state(state, state.legal_actions(), random.Random(1))
    state.__class__ = Declines
    declined = SearchAgent(iterations=20).choose_from_state(state, state.legal_actions(), random.Random(1))
    assert declined in state.legal_actions() and plain in state.legal_actions()
    assert not SearchAgent(iterations=5, rollout=lambda s, r: None).compiled


def test_each_tuning_number_reaches_its_own_search_setting():
    """``Tuning`` (issue #49: ``SearchAgent`` takes its numbers as one record) hands each number to its own field of
    the search's settings, the Python search's and the compiled driver's alike; the prior only with a policy."""
    tuning = Tuning(exploration=0.3, score_weight=0.1, epsilon=0.07, prior=0.4)
    agent = SearchAgent(9, policy=GreedyAgent, paired=False, tuning=tuning)
    p = agent.params
    assert (p.iterations, p.exploration, p.score_weight, p.epsilon, p.prior) == (9, 0.3, 0.1, 0.07, 0.4)
    assert p.policy and not p.paired and (agent.exploration, agent.score_weight) == (0.3, 0.1)
    assert SearchAgent(9, tuning=tuning).params.prior == 0.0  # no policy, no prior
    plain = SearchAgent(9).params
    assert (plain.exploration, plain.score_weight, plain.epsilon) == (DEFAULT_EXPLORATION, DEFAULT_SCORE_WEIGHT,
                                                                     DEFAULT_EPSILON)
