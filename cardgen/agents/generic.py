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
  games are unchanged). The look-ahead is kept cheap two ways (issue 50 item 2): a judgement stops
  drawing samples once the first ones agree (``EARLY_ROUNDS``, ``EARLY_Z``), and each seat remembers,
  for the rest of the game, the verdicts on each kind of unknown action (its first word, "pass"):
  after ``SETTLE_AFTER`` offers judged alike in a row, that kind is settled (always taken, or never)
  and judged again only every ``RECHECK_EVERY``-th offer, a verdict that disagrees unsettling it, so
  an option worth taking only in some positions is still judged there often enough to be found.
* ``LookaheadAgent`` is the default player of a game without a heuristic (a rules file): the same
  paired look-ahead over every legal move, with random rollouts, a few samples per decision.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardgen.agents.base import StateAgent
from cardgen.agents.search import ROLLOUT_CAP, Rollout, paired_difference, paired_rounds, paired_threshold
from cardgen.engine.api import Action, Agent, State
from cardgen.engine.hooks import unchecked
from cardgen.engine.searchparams import (COVER_FURTHER, COVER_HORIZON, COVER_ROUNDS, COVER_Z, EARLY_ROUNDS,
                                         EARLY_Z, RECHECK_EVERY, SETTLE_AFTER, UNKNOWN_TRY)
from cardgen.usercode import UserCodeError

#: samples per decision of the default player of a rules file
LOOKAHEAD_ROUNDS = 2
#: weight of the seat's number of moves at its next decision (a tie-break beside the points)
MOBILITY_WEIGHT = 0.01


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


def kind_of(action: Action) -> str:
    """The kind of an action: its first word ("pass" for ``("pass",)``), as the options report counts them."""
    return str(action[0]) if action else ""


@dataclass
class Verdicts:
    """What one seat's look-ahead concluded, in one game, about one kind of action its heuristic does not know."""

    #: decisions where an action of the kind was legal (the judged ones and the settled ones)
    offers: int = 0
    #: the last judged verdict (True: an action of the kind was played) and how many in a row agreed with it
    last: bool | None = None
    streak: int = 0
    #: the settled verdict (None: judge every offer)
    settled: bool | None = None

    def due(self) -> bool:
        """Whether this offer is judged: always while unsettled, every ``RECHECK_EVERY``-th offer once settled."""
        return self.settled is None or self.offers % RECHECK_EVERY == 0

    def record(self, took: bool | None) -> None:
        """A judged verdict (None: unsure): a run of ``SETTLE_AFTER`` alike settles the kind; a verdict that
        disagrees with the settled one, or an unsure one, unsettles it and starts the run again."""
        if took is None or (self.settled is not None and took != self.settled):
            self.settled, self.last, self.streak = None, None, 0
            if took is None:
                return
        self.streak = self.streak + 1 if took == self.last else 1
        self.last = took
        if self.streak >= SETTLE_AFTER:
            self.settled = took


@dataclass
class Memory:
    """A seat's verdicts per action kind, for one game (``game``: the state's seed and seat; a new one forgets)."""

    game: tuple[int, int] | None = None
    kinds: dict[str, Verdicts] = field(default_factory=dict)

    def of(self, state: State) -> dict[str, Verdicts]:
        """The verdicts of the game and seat ``state`` is at, emptied when that is a new one."""
        game = (state.seed, state.current_player)
        if game != self.game:
            self.game, self.kinds = game, {}
        return self.kinds


class CoveredAgent(StateAgent):
    """A game's heuristic that plays every legal move (see the module docstring)."""

    def __init__(self, inner: Agent, rounds: int = COVER_ROUNDS, horizon: int | None = None,
                 further: int | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.rounds = rounds
        #: turns per seat a look-ahead plays (``COVER_HORIZON`` when not given)
        self.horizon = COVER_HORIZON if horizon is None else horizon
        #: turns per seat of the second look at an unknown action the first found clearly behind
        self.further = COVER_FURTHER if further is None else further
        self.memory = Memory()
        #: samples drawn by this agent's judgements so far (the cost figures of docs/authoring.md)
        self.samples = 0
        #: the heuristic as rollouts play it (``rollout_inner``), made on the first rollout
        self._fast: Agent | None = None

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Without a state (the game's own rules only): the heuristic itself."""
        return self.inner.choose(observation, legal, rng)

    def quick_choice(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """The cheap move for rollouts: advice, else the heuristic among known actions, trying an unknown action
        now and then (``UNKNOWN_TRY``) so a look-ahead sees what it leads to."""
        known, new = known_and_new(state, legal)
        if new:
            advice = advised(state, legal, rng)
            if advice is not None:
                return advice
            if not known or rng.random() < UNKNOWN_TRY:
                return new[rng.randrange(len(new))]
        return self._usual(state, known, legal, rng, self.rollout_inner())

    def rollout_inner(self) -> Agent:
        """The heuristic as rollouts play it: the inner agent's ``for_rollouts()`` where it has one (the same
        choices from the same draws, made faster: a game's own affair, e.g. Draco's forecast compiled), made once
        on the first rollout, so a game that never looks ahead never makes it; else the inner agent."""
        fast = self._fast
        if fast is None:
            twin = getattr(self.inner, "for_rollouts", None)
            fast = self._fast = twin() if twin is not None else self.inner
        return fast

    def advice_choice(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """The usual move, as search's advice (``cardgen.agents.search.advice_move``): the rule's advice, else
        the heuristic among known actions; never a rollout's try of an unknown action. Search keeps its advice
        unless its samples clearly beat it, so a try drawn here at random would be a choice nobody judged:
        with ``quick_choice`` as advice, search tipped in Draco at about ``UNKNOWN_TRY`` of the offers whatever
        the tip was worth (issue 50 item 3, benchmarks/bench_tip_rate.py). Without unknown actions the same
        move and the same draws as ``quick_choice``."""
        known, new = known_and_new(state, legal)
        if new:
            advice = advised(state, legal, rng)
            if advice is not None:
                return advice
            if not known:
                return new[rng.randrange(len(new))]
        return self._usual(state, known, legal, rng)

    def _usual(self, state: State, known: list[Action], legal: list[Action], rng: random.Random,
               inner: Agent | None = None) -> Action:
        """The heuristic's move among the known actions (any legal move where it names none that is legal);
        ``inner``: the heuristic's form to ask (``self.inner`` when not given)."""
        agent = self.inner if inner is None else inner
        pick = agent.choose(state.observation(state.current_player), known, rng) if len(known) > 1 else known[0]
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
        kinds = self.memory.of(state)
        offered = {kind_of(a): kinds.setdefault(kind_of(a), Verdicts()) for a in new}
        for verdicts in offered.values():
            verdicts.offers += 1
        judged = [a for a in new if offered[kind_of(a)].due()]
        taken = [a for a in new if offered[kind_of(a)].settled and a not in judged]
        if pick is not None and not judged:  # every kind settled, none due: the settled verdicts decide
            return taken[0] if len(taken) == 1 else pick if not taken else self._judge(state, taken, None, rng)
        candidates = ([pick] if pick is not None else []) + ([a for a in new if a in judged or a in taken] or new)
        if len(candidates) == 1:
            return candidates[0]
        reference = None if pick is None else 0
        kept: set[Action] = set()
        values = self._look(state, candidates, pick, rng, kept=kept)
        if reference is not None and self.further > self.horizon and any(
                candidates[i] in kept and clearly_behind(values, i, reference) for i in range(1, len(candidates))):
            values = self._look(state, candidates, pick, rng, self.further)  # what it bought may pay later
        choice = candidates[paired_verdict(values, reference)]
        for kind in {kind_of(a) for a in judged}:
            if kind_of(choice) == kind and choice in judged:
                offered[kind].record(True)
            else:  # left: clearly (every action of the kind clearly behind the usual move), or unsure
                mine = [i for i, a in enumerate(candidates) if a in judged and kind_of(a) == kind]
                offered[kind].record(False if reference is not None and all(
                    clearly_behind(values, i, reference) for i in mine) else None)
        return choice

    def _judge(self, state: State, candidates: list[Action], base: Action | None, rng: random.Random) -> Action:
        """The best of ``candidates`` by paired look-ahead (``_look``), ``base`` kept unless clearly beaten."""
        if len(candidates) == 1:
            return candidates[0]
        values = self._look(state, candidates, base, rng)
        return candidates[paired_verdict(values, None if base is None else candidates.index(base))]

    def _look(self, state: State, candidates: list[Action], base: Action | None, rng: random.Random,
              horizon: int | None = None, kept: set[Action] | None = None) -> list[list[float]]:
        """Paired look-ahead: per sample, the value of each of ``candidates`` (two at least) to the seat.

        Where the game estimates the standings (``score_estimate``), each sample is played until
        ``horizon`` turns per seat (``self.horizon`` when not given) have passed since this decision
        (``State.turns``: counted in
        turns, not decisions, so an action that leaves the turn to its seat is not judged a step
        behind) and judged by the seat's lead in those points; otherwise it is played to the end
        and judged by the win share (``rewards``). At most ``self.rounds`` samples; from
        ``EARLY_ROUNDS`` on, it stops once the samples say clearly enough what the full count would
        (``settled_early``). ``kept`` collects the candidates that left the turn to the seat in a sample
        (an extra the seat bought, not its move).
        """
        estimated = state.standings() is not None
        until = state.turns + (horizon or self.horizon) * state.num_players if estimated else None
        seat, turn = state.current_player, state.turns

        def step(sample: State, move: Action) -> None:
            """The move; an action that leaves the turn to its seat is followed by the heuristic's move,
            so "the option, then the usual move" is compared with "the usual move" on the same sample. The
            sample is ``unchecked``: the real game checks the invariants of every move it plays."""
            unchecked(sample).apply(move)
            if (move != base and base is not None and sample.current_player == seat and sample.turns == turn
                    and base in sample.legal_actions()):
                sample.apply(base)
                if kept is not None:
                    kept.add(move)

        reference = 0 if base is None else candidates.index(base)
        values: list[list[float]] = []
        rollout = quick_rollout(self, until)
        for got in paired_rounds(state, candidates, rng, rollout, judge=standing if estimated else None, step=step):
            values.append(got)
            self.samples += 1
            if len(values) >= self.rounds or (base is not None and settled_early(values, reference)):
                break
        return values


def settled_early(values: list[list[float]], base: int) -> bool:
    """Whether the samples so far (``EARLY_ROUNDS`` at least) tell what the full count would: every other
    move is behind ``base`` on average (it will not be clearly ahead) or ahead by ``EARLY_Z`` standard errors."""
    if len(values) < EARLY_ROUNDS:
        return False
    for i in range(len(values[0])):
        if i == base:
            continue
        mean, se = paired_difference([got[i] - got[base] for got in values])
        if 0 < mean <= EARLY_Z * se:
            return False
    return True


def clearly_behind(values: list[list[float]], move: int, base: int) -> bool:
    """Whether ``move`` is behind ``base`` by more than ``EARLY_Z`` standard errors of the paired differences:
    a verdict clear enough to count towards settling a kind as never worth it (merely "not clearly ahead" is
    not: an option good only later in the game starts level)."""
    mean, se = paired_difference([got[move] - got[base] for got in values])
    return mean + EARLY_Z * se < 0


def paired_verdict(values: list[list[float]], base: int | None) -> int:
    """The move the samples pick (``values``: one list per sample, a value per move): the best mean, unless
    ``base`` is given and the best is not ahead of it by ``COVER_Z * sqrt(2 ln k)`` standard errors."""
    k = len(values[0])
    sums = [sum(got[i] for got in values) for i in range(k)]
    best = max(range(k), key=lambda i: sums[i])
    if base is None or best == base:
        return best
    mean, se = paired_difference([got[best] - got[base] for got in values])
    return best if mean > COVER_Z * paired_threshold(k) * se else base


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


__all__ = ["CoveredAgent", "LookaheadAgent", "Memory", "Verdicts", "advised", "covered", "kind_of", "known_and_new",
           "clearly_behind", "paired_verdict", "quick_rollout", "settled_early"]
