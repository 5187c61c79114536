"""Information-set Monte Carlo tree search (single observer), for any game of the engine API.

In the spirit of OpenSpiel's ISMCTS (Cowling, Powley & Whitehouse 2012). The
searching seat keeps one tree of action sequences. Each iteration:

1. **determinize**: ``state.determinize(seat, rng)`` deals again everything the
   seat cannot see, consistently with what it has seen (the engine's job), and
   reseeds the sample's own chance;
2. **select**: walk down the tree, at each node considering only the actions
   legal in this sample; the player to move picks the child maximising UCT on
   *that player's* mean reward, where the exploration term counts how often the
   child was *available* (legal) rather than how often its parent was visited;
3. **expand** one untried legal action;
4. **rollout** to the end of the game: random legal play by default; an engine
   whose state has a ``rollout(rng)`` method (e.g. its compiled tier playing the
   sample out) is used instead, and so is a ``rollout`` given to the agent
   (``policy_rollout(agent factory)``: the game's heuristic plays it out);
5. **backpropagate** the reward of each seat to the nodes where that seat moved.

**With a policy** (``policy=``, the game's ``heuristic`` agent; the simulator's
``search`` gets it wherever the game has one), rollouts follow the policy with
a chance ``epsilon`` of a random move, and the agent runs *paired* flat Monte
Carlo instead of the tree: each round, one sample and one rollout seed, every
legal root move played out on a copy; the policy's own move stands unless
another beats it by ``PAIRED_Z * sqrt(2 ln k)`` standard errors of the paired
differences (``k`` legal moves: the best of ``k`` noisy means beats a fixed one by
about ``sqrt(2 ln k)`` standard errors by chance alone).
Why not the tree: with a few dozen iterations its opponent nodes expand untried
(mostly poor) moves first, so the real heuristic opponents are modelled by
near-random play and the tree lost every King Lui game of a trial against them.

The decision (tree) is the most visited root action. Search stops early once no
remaining iteration could change which action that is (the lead in visits
exceeds the iterations left), so the decision is the one the full budget gives.
The agent reads nothing but the
samples and the legal actions of its own decision, so hidden cards cannot leak
into its choice; every random draw comes from the ``rng`` the simulator passes,
so a seed reproduces the game.

**Reward.** A finished game gives each winner ``1 / len(winners)`` (the win share,
what the validator measures), blended with weight ``score_weight`` (default 0.25)
with the seat's share of the points scored (``score / sum of scores``; with
negative scores, the score normalised between the lowest and the highest). The
blend is a smoother signal: when every sample is lost (or won), the win share
alone ranks all moves equal and search plays at random, while the points still
prefer losing by less, which usually keeps the winning chances for later. The
weight stays small so a win always outranks any score. Scores count only where
winners have the top score (higher is better); otherwise the reward is the win
share alone. A game that stalls in a rollout gives every seat an
equal share (neither sought nor avoided).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from itertools import islice
from collections.abc import Callable, Iterator

from cardgen.agents.base import StateAgent
from cardgen.engine.api import Action, Agent, SearchParams, State
# the tuning constants, shared with the compiled search: written once, in the engine stage below
from cardgen.engine.searchparams import (DECIDED_EVERY, DEFAULT_EPSILON, DEFAULT_EXPLORATION,  # noqa: F401
                                         DEFAULT_ITERATIONS, DEFAULT_PRIOR, DEFAULT_SCORE_WEIGHT, PAIRED_MIN_ROUNDS,
                                         PAIRED_Z, ROLLOUT_CAP)

#: ``rollout(state, rng)``: play ``state`` (a sample, free to mutate) to its end
Rollout = Callable[[State, random.Random], None]


def random_rollout(state: State, rng: random.Random) -> None:
    """Play uniformly random legal actions until the game ends (or cannot go on).

    ``int(random() * n)`` rather than ``randrange(n)``: the same uniform choice for
    any realistic ``n`` at a third of the cost, and rollouts are the hot loop.
    """
    is_terminal, legal_actions, apply = state.is_terminal, state.legal_actions, state.apply
    uniform = rng.random
    for _ in range(ROLLOUT_CAP):
        if is_terminal():
            return
        legal = legal_actions()
        if not legal:
            return
        apply(legal[int(uniform() * len(legal))])


def _play_out(state: State, choose: Callable[[int, list[Action]], Action]) -> None:
    """Apply ``choose(player, legal)`` until the game ends, cannot go on, or ``ROLLOUT_CAP`` decisions."""
    for _ in range(ROLLOUT_CAP):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        if not legal:
            return
        state.apply(choose(state.current_player, legal))


def policy_rollout(make_agent: Callable[[], Agent]) -> Rollout:
    """A rollout where fresh agents from ``make_agent`` (one per seat) play the sample out.

    For games whose random play never scores (a random Royale player completes no
    noble, so every random rollout ends alike and search learns nothing), the
    game's heuristic makes rollouts informative, at the heuristic's cost per move.
    """
    def rollout(state: State, rng: random.Random) -> None:
        agents = [make_agent() for _ in range(state.num_players)]
        _play_out(state, lambda player, legal: policy_move(agents[player], state, legal, rng))
    return rollout


def epsilon_policy_rollout(make_agent: Callable[[], Agent], epsilon: float = 0.0) -> Rollout:
    """``policy_rollout`` where each move is uniformly random with chance ``epsilon``.

    A little randomness keeps rollouts from replaying one line of play (the
    heuristic breaks ties only), so the samples still disagree about the future.
    """
    def rollout(state: State, rng: random.Random) -> None:
        agents = [make_agent() for _ in range(state.num_players)]
        uniform = rng.random

        def choose(player: int, legal: list[Action]) -> Action:
            if len(legal) == 1:
                return legal[0]
            if epsilon and uniform() < epsilon:
                return legal[int(uniform() * len(legal))]
            return policy_move(agents[player], state, legal, rng)
        _play_out(state, choose)
    return rollout


def rewards(state: State, score_weight: float = DEFAULT_SCORE_WEIGHT) -> list[float]:
    """Each seat's reward in 0..1 for a sample played out (see the module docstring)."""
    n = state.num_players
    reason = state.end_reason
    if reason is None or reason.startswith("stalled:"):
        return [1.0 / n] * n
    outcome = state.outcome()
    winners = outcome.winners
    out = [0.0] * n
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    for w in winners:
        out[w] = share
    scores = outcome.scores
    low, high = min(scores), max(scores)
    if score_weight and high > low and all(scores[w] == high for w in winners):
        if low >= 0:  # a share of the points scored: it counts every point, even between two players
            total = sum(scores)
            part = [s / total for s in scores]
        else:
            part = [(s - low) / (high - low) for s in scores]
        keep = 1.0 - score_weight
        out = [keep * r + score_weight * x for r, x in zip(out, part)]
    return out


class _Node:
    """One action sequence of the tree: statistics of the seat that chose its last action."""

    __slots__ = ("player", "children", "visits", "value", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # seat whose action led here (-1 for the root)
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of ``player``'s rewards
        self.avail = 0  # times this action was legal when its parent was walked through


@dataclass(frozen=True)
class Tuning:
    """The search's numbers that travel together into ``SearchParams`` (defaults: ``searchparams``'), apart from
    what the agent is (its budget, rollout, policy and algorithm): ``exploration``, UCT's constant;
    ``score_weight``, the points' share of the reward (module docstring, **Reward**); ``epsilon``, the chance of a
    random move in a policy's rollouts; ``prior``, the lead in visits (times the budget) the policy's own move
    starts the tree with (only with a policy)."""

    exploration: float = DEFAULT_EXPLORATION
    score_weight: float = DEFAULT_SCORE_WEIGHT
    epsilon: float = DEFAULT_EPSILON
    prior: float = DEFAULT_PRIOR


class SearchAgent(StateAgent):
    """Single-observer information-set MCTS (see the module docstring).

    ``SearchAgent(iterations, rollout=..., policy=..., paired=..., tuning=Tuning(epsilon=0.2, prior=0.0))``: the
    budget, a custom rollout, the policy (a factory of the game's heuristic agent), the algorithm (paired choice
    or tree; default: paired with a policy) and the numbers (``Tuning``; its defaults without it)."""

    name = "search"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, *, rollout: Rollout | None = None,
                 policy: Callable[[], Agent] | None = None, paired: bool | None = None,
                 tuning: Tuning | None = None) -> None:
        if iterations < 1:
            raise ValueError(f"search iterations {iterations}: expected at least 1")
        tuning = tuning or Tuning()
        self.iterations = iterations
        self.exploration = tuning.exploration
        self.score_weight = tuning.score_weight
        self.policy = policy
        self.prior = tuning.prior if policy is not None else 0.0
        custom_rollout = rollout is not None
        if rollout is None and policy is not None:
            rollout = epsilon_policy_rollout(policy, tuning.epsilon)
        self.rollout: Rollout | None = rollout
        self._advisor: Agent | None = None
        #: compare the root moves on shared samples instead of growing a tree (default: with a policy)
        self.paired = policy is not None if paired is None else paired
        #: ask the engine's compiled search driver first (``State.compiled_search``); a custom
        #: ``rollout`` is Python, so it always runs here (set it False to search in Python anyway)
        self.compiled = not custom_rollout
        self.params = SearchParams(iterations, tuning.exploration, tuning.score_weight, tuning.epsilon,
                                   policy is not None, self.paired, PAIRED_Z, self.prior)
        #: the mean reward (0..1) of each root move in the last Python search: why it chose (``cardgen play``'s hint)
        self.last_values: dict[Action, float] = {}

    def choose_from_state(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.compiled and state.has_compiled_search():
            # the seed is drawn only where a driver may answer, so Python search keeps its draws
            index = state.compiled_search(self.params, legal, rng.getrandbits(63))
            if index is not None:
                return legal[index]
        seat = state.current_player
        root = _Node(-1)
        rollout = self.rollout or (_state_rollout if hasattr(state, "rollout") else random_rollout)
        total = self.iterations
        if self.paired:
            return self._paired_choice(state, legal, rng, rollout)
        bonus: dict[Action, float] = {}
        if self.prior and self.policy is not None:
            # the policy's own move, from what this seat sees, starts with a lead in visits:
            # search overrules it only when the samples clearly prefer another move
            if self._advisor is None:
                self._advisor = self.policy()
            advice = advice_move(self._advisor, state, legal, rng)
            bonus[advice] = self.prior * total
        for done in range(1, total + 1):
            self._iterate(root, state.determinize(seat, rng), rng, rollout)
            if done % DECIDED_EVERY == 0 and done < total and (_decided(root, total - done, bonus) if bonus else _decided(root, total - done)):
                break
        children = root.children
        self.last_values = {a: c.value / c.visits for a, c in children.items() if c.visits}
        # the most visited root action; ties go to the better mean, then to the first legal
        return max(legal, key=lambda a: (children[a].visits + bonus.get(a, 0.0),
                                         children[a].value / children[a].visits)
                   if a in children else (bonus.get(a, 0.0), 0.0))

    def _advice(self, state: State, legal: list[Action], rng: random.Random) -> Action | None:
        """The policy's own move from what the seat sees (None without a policy)."""
        if self.policy is None:
            return None
        if self._advisor is None:
            self._advisor = self.policy()
        return advice_move(self._advisor, state, legal, rng)

    def _paired_choice(self, state: State, legal: list[Action], rng: random.Random, rollout: Rollout) -> Action:
        """Flat Monte Carlo on common samples against the policy's move (``paired_choice``)."""
        advice = self._advice(state, legal, rng)
        base = legal.index(advice) if advice in legal else None
        rounds = max(PAIRED_MIN_ROUNDS, self.iterations // len(legal))
        index, means = paired_choice(state, legal, base, rng, rollout, rounds, Paired(self.score_weight, self.params.z))
        self.last_values = dict(zip(legal, means))
        return legal[index]

    def _iterate(self, root: _Node, sample: State, rng: random.Random, rollout: Rollout) -> None:
        """One determinized iteration: select, expand, rollout, backpropagate."""
        node = root
        path = [root]
        c = self.exploration
        while not sample.is_terminal():
            legal = sample.legal_actions()
            if not legal:
                break
            player = sample.current_player
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(player)
                child.avail = 1
                children[action] = child
                sample.apply(action)
                path.append(child)
                rollout(sample, rng)
                break
            best_score = -1.0
            action = legal[0]
            for a in legal:
                ch = children[a]
                score = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            sample.apply(action)
            path.append(node)
        reward = rewards(sample, self.score_weight)
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.value += reward[n.player]


@dataclass(frozen=True)
class Paired:
    """How ``paired_choice`` judges its samples: the weight of the score beside the win (``weight``), how
    many standard errors a move must beat the base by (``z``), the value of a rolled-out sample to a seat
    (``judge``; None: win and weighted score) and how a move is played on a copy (``step``; None:
    ``State.apply``)."""

    weight: float = DEFAULT_SCORE_WEIGHT
    z: float = PAIRED_Z
    judge: Callable[[State, int], float] | None = None
    step: Callable[[State, Action], None] | None = None


def paired_choice(state: State, legal: list[Action], base: int | None, rng: random.Random, rollout: Rollout,
                  rounds: int, how: Paired = Paired()) -> tuple[int, list[float]]:
    """Flat Monte Carlo on common samples: every move of ``legal`` is played out on the same deals.

    Each of ``rounds`` rounds draws one sample (``determinize``) and one seed for its chance, then
    plays every move on a copy of it and rolls out (``paired_rounds``). Comparing moves on the same
    deals removes most of the luck from their difference, which random samples per move (the tree)
    need many more iterations to average away. The move ``legal[base]`` (the policy's; None: no such
    move) is kept unless another beats it by more than ``z * sqrt(2 ln k)`` standard errors of the
    paired differences: the caller then plays at least as well as its policy, and better where the
    samples show it. ``judge(state, seat)``: the value of a rolled-out sample to the seat (default:
    ``rewards``; a rollout that stops before the end needs its own). ``step(sample, move)``: how a
    move is played on a sample before the rollout (default ``sample.apply(move)``). Returns the index
    to play and each move's mean value.
    """
    k = len(legal)
    weight, z = how.weight, how.z
    got = list(islice(paired_rounds(state, legal, rng, rollout, weight, how.judge, how.step), rounds))
    sums = [sum(values[i] for values in got) for i in range(k)]
    best = max(range(k), key=lambda i: sums[i])
    means = [total / rounds for total in sums]
    if base is None or best == base:
        return best, means
    mean, se = paired_difference([values[best] - values[base] for values in got])
    return (best if mean > z * paired_threshold(k) * se else base), means


def paired_rounds(state: State, legal: list[Action], rng: random.Random, rollout: Rollout,
                  weight: float = DEFAULT_SCORE_WEIGHT, judge: Callable[[State, int], float] | None = None,
                  step: Callable[[State, Action], None] | None = None) -> Iterator[list[float]]:
    """The rounds of ``paired_choice``, one at a time: each round's value of every move of ``legal``.

    A generator, so a caller that knows enough after a few rounds stops drawing samples (and its
    ``rng`` has then drawn only what those rounds needed: a round is one ``determinize`` and one seed).
    """
    seat = state.current_player
    while True:
        sample = state.determinize(seat, rng)
        seed = rng.getrandbits(64)
        got = []
        for a in legal:
            s = sample.clone()
            if step is None:
                s.apply(a)
            else:
                step(s, a)
            rollout(s, random.Random(seed))
            got.append(rewards(s, weight)[seat] if judge is None else judge(s, seat))
        yield got


def paired_difference(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (0 for fewer than two)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def advice_move(agent: Agent, state: State, legal: list[Action], rng: random.Random) -> Action:
    """A policy's own move as search's advice (the move search keeps unless its samples clearly beat it):
    ``agent.advice_choice`` where the agent has one (``cardgen.agents.generic.CoveredAgent``: never a rollout's
    random try of an action its heuristic does not know), else ``policy_move``."""
    advise = getattr(agent, "advice_choice", None)
    return advise(state, legal, rng) if advise is not None else policy_move(agent, state, legal, rng)


def policy_move(agent: Agent, state: State, legal: list[Action], rng: random.Random) -> Action:
    """A policy's move in a rollout or as search's advice: ``agent.quick_choice(state, legal, rng)`` where
    the agent has one (``cardgen.agents.generic``: it sees which actions its heuristic knows), else
    ``agent.choose`` on the observation of the seat to play."""
    quick = getattr(agent, "quick_choice", None)
    if quick is not None:
        return quick(state, legal, rng)
    return agent.choose(state.observation(state.current_player), legal, rng)


def paired_threshold(k: int) -> float:
    """``sqrt(2 ln k)``: how far, in standard errors, the best of ``k`` moves beats another by chance
    (``cardgen.engine.fasttree.paired_threshold`` with ``z`` = 1)."""
    return math.sqrt(2.0 * math.log(max(k, 2)))


def _state_rollout(state: State, rng: random.Random) -> None:
    """The engine's own rollout (``State.rollout(rng)``, e.g. on its compiled tier)."""
    state.rollout(rng)  # type: ignore[attr-defined]


def _decided(root: _Node, left: int, bonus: dict[Action, float] | None = None) -> bool:
    """Whether ``left`` more iterations could no longer change the most visited root action.

    ``bonus``: visits credited to some actions at the decision (the policy's prior).
    """
    first = second = 0.0
    bonus = bonus or {}
    for action, child in root.children.items():
        v = child.visits + bonus.get(action, 0.0)
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    for action, v in bonus.items():  # an advised action not tried yet
        if action in root.children:
            continue
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left
