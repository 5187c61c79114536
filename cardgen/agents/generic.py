"""Players for any rule: a game's heuristic covered for actions it does not know, and a default player for
rules files. Game-agnostic: only the engine API (``cardgen.engine.api``) and search's paired choice.

A game's heuristic knows the actions of the game's own rules. A house rule may add actions
(``legal_actions`` hook) or a rules file may have no heuristic at all; then:

* ``CoveredAgent`` (every shipped game registers its heuristic through ``covered``) plays the
  heuristic's move among the actions the game's own rules list (``State.rules_legal_actions``);
  where the position also offers actions the heuristic does not know, it first asks the rule's
  own advice (``State.suggest``: a house-rule file's or a rules file's ``policy``), then compares
  the heuristic's move with each unknown action by paired look-ahead (``cardgen.agents.search
  .paired_choice``: every candidate played out on the same determinized samples, with the same
  chance, by the covered heuristic), and keeps the heuristic's move unless another is clearly better.
  Without unknown actions it is exactly the heuristic (the same draws, so the compiled tier's
  games are unchanged).
* ``LookaheadAgent`` is the default player of a game without a heuristic (a rules file): the same
  paired look-ahead over every legal move, with random rollouts, a few samples per decision.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen.agents.base import StateAgent
from cardgen.agents.search import ROLLOUT_CAP, Rollout, paired_choice
from cardgen.engine.api import Action, Agent, State
from cardgen.usercode import UserCodeError

#: samples per decision the covered heuristic plays out to judge an action it does not know
COVER_ROUNDS = 8
#: turns per seat a covered look-ahead plays before it reads the standings (``State.score_estimate``)
COVER_HORIZON = 1
#: samples per decision of the default player of a rules file
LOOKAHEAD_ROUNDS = 2
#: weight of the seat's number of moves at its next decision (a tie-break beside the points)
MOBILITY_WEIGHT = 0.01
#: chance that a look-ahead rollout tries an unknown action where one is legal (else the heuristic plays)
UNKNOWN_TRY = 0.2


def advised(state: State, legal: list[Action], rng: random.Random) -> Action | None:
    """The rule's own advice for this decision (``State.suggest``), checked: None when it has none.

    Advice that is not a legal action is the policy's fault, reported as one line naming it.
    """
    suggest = getattr(state, "suggest", None)
    if suggest is None:
        return None
    action = suggest(legal, rng)
    if action is None:
        return None
    action = tuple(action) if isinstance(action, list) else action
    if action not in legal:
        raise UserCodeError(f"{state.policy_source()}: policy() returned {action!r}, which is not a legal action "
                            f"now (legal: {', '.join(map(repr, legal[:6]))}{'...' if len(legal) > 6 else ''}) "
                            f"(seed {state.seed} reproduces it)")
    return action


def known_and_new(state: State, legal: list[Action]) -> tuple[list[Action], list[Action]]:
    """``legal`` split into the actions the game's own rules list now and the ones a house rule added."""
    rules = getattr(state, "rules_legal_actions", None)
    if rules is None:
        return legal, []
    own = set(rules())
    known = [a for a in legal if a in own]
    return known, [a for a in legal if a not in own]


class CoveredAgent(StateAgent):
    """A game's heuristic that plays every legal move (see the module docstring)."""

    def __init__(self, inner: Agent, rounds: int = COVER_ROUNDS) -> None:
        self.inner = inner
        self.name = inner.name
        self.rounds = rounds

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Without a state (the game's own rules only): the heuristic itself."""
        return self.inner.choose(observation, legal, rng)

    def quick_choice(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """The cheap move for rollouts and search's advice: advice, else the heuristic among known actions,
        trying an unknown action now and then so a look-ahead sees what it leads to."""
        known, new = known_and_new(state, legal)
        if new:
            advice = advised(state, legal, rng)
            if advice is not None:
                return advice
            if not known or rng.random() < UNKNOWN_TRY:
                return new[rng.randrange(len(new))]
        pick = self.inner.choose(state.observation(state.current_player), known, rng) if len(known) > 1 else known[0]
        return pick if pick in legal else legal[rng.randrange(len(legal))]

    def choose_from_state(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        known, new = known_and_new(state, legal)
        if not new:  # the game's own rules: exactly the heuristic
            pick = self.inner.choose(state.observation(state.current_player), legal, rng)
            return pick if pick in legal else self._judge(state, legal, None, rng)
        advice = advised(state, legal, rng)
        if advice is not None:
            return advice
        pick = None
        if known:
            pick = self.inner.choose(state.observation(state.current_player), known, rng) if len(known) > 1 else known[0]
            pick = pick if pick in legal else None
        return self._judge(state, ([pick] if pick is not None else []) + new, pick, rng)

    def _judge(self, state: State, candidates: list[Action], base: Action | None, rng: random.Random) -> Action:
        """The best of ``candidates`` by paired look-ahead, ``base`` kept unless clearly beaten.

        Where the game estimates the standings (``score_estimate``), each sample is played until
        ``COVER_HORIZON`` turns per seat have passed since this decision (``State.turns``: counted in
        turns, not decisions, so an action that leaves the turn to its seat is not judged a step
        behind) and judged by the seat's lead in those points; otherwise it is played to the end
        and judged by the win share (``rewards``).
        """
        if len(candidates) == 1:
            return candidates[0]
        estimated = state.standings() is not None
        until = state.turns + COVER_HORIZON * state.num_players if estimated else None
        seat, turn = state.current_player, state.turns

        def step(sample: State, move: Action) -> None:
            """The move; an action that leaves the turn to its seat is followed by the heuristic's move,
            so "the option, then the usual move" is compared with "the usual move" on the same sample."""
            sample.apply(move)
            if (move != base and base is not None and sample.current_player == seat and sample.turns == turn
                    and base in sample.legal_actions()):
                sample.apply(base)

        index = paired_choice(state, candidates, None if base is None else candidates.index(base), rng,
                              quick_rollout(self, until), self.rounds, judge=standing if estimated else None,
                              step=step)[0]
        return candidates[index]


def standing(state: State, seat: int) -> float:
    """``seat``'s lead over the best other seat in ``State.standings`` (higher is better)."""
    points = state.standings() or [0.0] * state.num_players
    others = [v for p, v in enumerate(points) if p != seat]
    return points[seat] - (max(others) if others else 0.0)


def quick_rollout(agent: Any, until: int | None = None) -> Rollout:
    """A rollout in which ``agent.quick_choice`` plays every seat, to the end or until ``state.turns``
    reaches ``until`` (at most ``ROLLOUT_CAP`` decisions)."""
    def rollout(state: State, rng: random.Random) -> None:
        for _ in range(ROLLOUT_CAP):
            if state.is_terminal() or (until is not None and state.turns >= until):
                return
            legal = state.legal_actions()
            if not legal:
                return
            state.apply(agent.quick_choice(state, legal, rng) if len(legal) > 1 else legal[0])
    return rollout


@dataclass(frozen=True)
class covered:  # noqa: N801 - used as a function
    """The factory of a game's heuristic that plays every legal move: ``covered(HeuristicAgent)``.

    A plain value (it pickles when ``make`` does, like ``cardgen.games.base.on_first_use``), so a
    ``GameSpec`` registering it can still travel to a cluster's workers.
    """

    make: Callable[[], Agent]

    def __call__(self) -> CoveredAgent:
        return CoveredAgent(self.make())


class LookaheadAgent(StateAgent):
    """The default player of a game with no heuristic of its own: the rule's advice, else a short look-ahead.

    Each legal move is played on the same ``rounds`` determinized samples (what the seat cannot
    see dealt again), then the table answers at random until the seat is to play again (at most
    one decision per seat) or the game ends; the move with the best mean value wins, ties to the
    earliest. The value is the seat's lead in ``State.standings`` (the score, higher is better),
    then, by a hair, how many moves the seat will have at its next decision (mobility: the
    classic game-agnostic tie-break that keeps options open). Short on purpose: a default
    ``validate`` of a starter-sized game plays thousands of games (docs/authoring.md has the
    figures); ``--agents search`` looks to the end of the game, at a hundred times the cost.
    """

    name = "heuristic"

    def __init__(self, rounds: int = LOOKAHEAD_ROUNDS) -> None:
        self.rounds = rounds

    def quick_choice(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        advice = advised(state, legal, rng)
        return advice if advice is not None else legal[int(rng.random() * len(legal))]

    def choose_from_state(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        advice = advised(state, legal, rng)
        if advice is not None:
            return advice
        seat = state.current_player
        replies = state.num_players
        totals = [0.0] * len(legal)
        for _ in range(self.rounds):
            sample = state.determinize(seat, rng)
            seed = rng.getrandbits(64)
            for i, action in enumerate(legal):
                s = sample.clone()
                s.apply(action)
                r = random.Random(seed)
                for _ in range(replies):
                    if s.is_terminal() or s.current_player == seat:
                        break
                    options = s.legal_actions()
                    if not options:
                        break
                    s.apply(options[int(r.random() * len(options))])
                mobility = len(s.legal_actions()) if not s.is_terminal() and s.current_player == seat else 0
                totals[i] += standing(s, seat) + MOBILITY_WEIGHT * mobility
        return legal[max(range(len(legal)), key=lambda i: totals[i])]


__all__ = ["CoveredAgent", "LookaheadAgent", "advised", "covered", "known_and_new", "quick_rollout"]
