"""What an option a house rule adds is worth, measured by experiment: paired play-outs from where it was offered.

A house rule may add actions (its ``legal_actions`` hook); ``agents.generic.known_and_new`` tells
them from the game's own. In a traced game (one replayed for the designer figures) every
decision where such an action was legal is an *offer* of its kind (the action's first word), and
what the seat's agent played says whether it took it: how often each agent takes an option.

That rate says what the players did, not what the option is worth. So, per kind and per traced
game, one offer is drawn at random (seeded by the game) and the game is played on from there
twice, to the end, by fresh agents of the same kinds with the same seeds: once the seat *declines*
the option (its own agent chooses among the game's own actions: the usual move), once it *takes*
it (one of that kind's actions legal there, drawn at random; where the option leaves the turn to
the seat, followed by the usual move, as the default player's look-ahead compares them). So an
option that does nothing is worth exactly nothing. The choice is the experiment's, not the player's,
so the difference in that seat's win share and final score, one pair per game, is what taking
the option is worth where it is offered, not a correlation between taking it and winning.
The pairs of different games are independent: the interval is the mean's (normal, 95 %).

Everything is a sum kept exactly (``Fraction``), so chunks merge in any order to the same
figures. Nothing here knows which game is played.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import Any

from cardgen.agents.base import needs_state
from cardgen.agents.generic import known_and_new
from cardgen.engine.api import Action, Agent, Game, GameResult, State
from cardgen.engine.hooks import replaying

Z95 = NormalDist().inv_cdf(0.975)
#: pairs a kind needs before its worth is judged (fewer: the report gives the counts only)
MIN_PAIRS = 20
#: an agent that takes an option at most this often "never takes it"; at least ``1 - RARE``, "always"
RARE = 0.1


def kind_of(action: Action) -> str:
    """An action's kind: its first word (``("tip", 2)`` is a "tip")."""
    return str(action[0]) if isinstance(action, tuple) and action else str(action)


@dataclass
class Offers:
    """One traced game's offers: per kind, per agent, how often offered and taken; and the decisions to draw from."""

    offered: dict[str, dict[str, int]] = field(default_factory=dict)
    taken: dict[str, dict[str, int]] = field(default_factory=dict)
    #: kind -> the decision indexes (in the game's recorded actions) where it was offered
    where: dict[str, list[int]] = field(default_factory=dict)


class OfferWatch:
    """A finished, recorded game's offers, counted as a replay goes (``designer.ReplayWatch``): the designer trace's
    replay of a compiled game serves the offers too, instead of a second replay (``offers``)."""

    def __init__(self, result: GameResult) -> None:
        self.found = Offers()
        self.agents = result.agents
        #: whether the replay played every action (``done``): only then are the offers the game's
        self.complete = False

    def before(self, state: State, index: int, player: int, action: Action) -> None:
        """Count the offers of the position ``action`` (decision ``index``, by ``player``) is played from."""
        _, new = known_and_new(state, state.legal_actions())
        agent, found = self.agents[player], self.found
        for kind in sorted({kind_of(a) for a in new}):
            row = found.offered.setdefault(kind, {})
            row[agent] = row.get(agent, 0) + 1
            took = found.taken.setdefault(kind, {})
            took[agent] = took.get(agent, 0) + (kind_of(action) == kind and action in new)
            found.where.setdefault(kind, []).append(index)

    def done(self) -> None:
        self.complete = True


def offers(game: Game, result: GameResult) -> Offers:
    """The offers of a finished, recorded game, replayed on the reference ``State``."""
    watch = OfferWatch(result)
    if not result.completed or result.actions is None:
        return watch.found
    state = replaying(game.new_initial_state(result.seed))  # the game was played (and checked) already
    for index, (player, action) in enumerate(result.actions):
        watch.before(state, index, player, action)
        state.apply(action)
    return watch.found


#: the simulator's loop (``runner.continue_game``, as the card table's play experiment uses it): a state played on
#: by agents (their names for messages) with a generator and a cap on decisions; whether it ended with an outcome
#: (a cap, a stall or an engine error leaves the future out; project code's failure stops the run)
PlayOn = Callable[[State, list[Agent], random.Random, int, list[str]], bool]


@dataclass(frozen=True)
class Trial:
    """What a game needs to play the two futures: its reference ``Game``, a fresh agent per seat's kind, a cap, and
    the simulator's loop (handed in by ``runner.option_trial``: this module is what the runner calls)."""

    game: Game
    make: Callable[[list[str]], list[Agent]]
    cap: int
    play_on: PlayOn
    #: the futures on a compiled tier where the run plays one (``runner.option_trial``): a state played on to its
    #: end by fresh agents of ``names`` drawing from ``random.Random(seed)``, its (scores, winners), or None; it may
    #: raise where the rule fails in compiled code (``_future`` then plays on the reference engine)
    finish: Callable[[State, list[str], int], tuple[list[Any], list[int]] | None] | None = None


def _future(trial: Trial, state: State, names: list[str], seed: int) -> tuple[list[Any], list[int]] | None:
    """(scores, winners) of ``state`` played to its end by fresh agents (``seed`` for their draws); None where it
    does not end."""
    if trial.finish is not None:
        try:
            return trial.finish(state, names, seed)
        except Exception:  # noqa: BLE001 - the rule's failure in compiled code: the reference engine names it below
            pass
    if not trial.play_on(state, trial.make(names), random.Random(seed), trial.cap, names):
        return None
    outcome = state.outcome()
    return list(outcome.scores), list(outcome.winners)


def _decline(state: State, agent: Agent, known: list[Action], rng: random.Random) -> Action:
    """The seat's own agent's choice among the game's own actions."""
    if needs_state(agent):
        return agent.choose_from_state(state, known, rng)  # type: ignore[attr-defined]
    return agent.choose(state.observation(state.current_player), known, rng)


def pair(trial: Trial, result: GameResult, index: int, kind: str) -> tuple[Fraction, Fraction] | None:
    """(win share, score) of taking minus declining option ``kind`` at decision ``index`` of ``result``, for the
    seat to move there; None where one future does not end or the seat has nothing else to do."""
    state = replaying(trial.game.new_initial_state(result.seed))  # the game's own actions: checked as it was played
    for _, action in result.actions[:index]:  # type: ignore[index]
        state.apply(action)
    replaying(state, False)  # the futures are new play: every action checked
    seat = state.current_player
    known, new = known_and_new(state, state.legal_actions())
    options = [a for a in new if kind_of(a) == kind]
    if not known or not options:
        return None
    rng = random.Random(f"option {result.seed} {index} {kind}")
    seed = rng.getrandbits(63)
    take, decline = state.clone(), state.clone()
    usual = _decline(decline, trial.make(result.agents)[seat], known, random.Random(seed))
    decline.apply(usual)
    take.apply(options[rng.randrange(len(options))])
    if (not take.is_terminal() and take.current_player == seat and take.turns == state.turns
            and usual in take.legal_actions()):
        take.apply(usual)  # an option that leaves the turn to its seat: the option, then the usual move
    ends = [_future(trial, s, result.agents, seed) for s in (take, decline)]
    if ends[0] is None or ends[1] is None:
        return None
    won = []
    for scores, winners in ends:
        share = Fraction(1, len(winners)) if seat in winners else Fraction(0)
        won.append((share, Fraction(scores[seat])))
    return won[0][0] - won[1][0], won[0][1] - won[1][1]


@dataclass
class OptionTally:
    """Mergeable sums per kind of option: offers and takes per agent; pairs and their exact sums."""

    offered: dict[str, dict[str, int]] = field(default_factory=dict)
    taken: dict[str, dict[str, int]] = field(default_factory=dict)
    #: kind -> [pairs, Σ win, Σ win², Σ score, Σ score²] (Fractions: any merge order gives the same sums)
    sums: dict[str, list[Fraction]] = field(default_factory=dict)
    #: kind -> offers drawn whose two futures could not both be played to an end
    unplayed: dict[str, int] = field(default_factory=dict)

    def add(self, trial: Trial, result: GameResult, found: Offers | None = None) -> None:
        """Count the offers of one traced game and play one pair per kind offered in it (``found``: its offers,
        counted by the designer trace's replay, ``OfferWatch``; else the game is replayed for them)."""
        if found is None:
            found = offers(trial.game, result)
        for kind in found.offered:
            _add_counts(self.offered.setdefault(kind, {}), found.offered[kind])
            _add_counts(self.taken.setdefault(kind, {}), found.taken[kind])
            at = found.where[kind]
            index = at[random.Random(f"offer {result.seed} {kind}").randrange(len(at))]
            got = pair(trial, result, index, kind)
            if got is None:
                self.unplayed[kind] = self.unplayed.get(kind, 0) + 1
                continue
            win, score = got
            pair_sums = [Fraction(1), win, win * win, score, score * score]
            _add_sums(self.sums.setdefault(kind, [Fraction(0)] * 5), pair_sums)

    def merge(self, other: "OptionTally") -> None:
        for kind, row in other.offered.items():
            _add_counts(self.offered.setdefault(kind, {}), row)
        for kind, row in other.taken.items():
            _add_counts(self.taken.setdefault(kind, {}), row)
        for kind, sums in other.sums.items():
            _add_sums(self.sums.setdefault(kind, [Fraction(0)] * 5), sums)
        _add_counts(self.unplayed, other.unplayed)

    def to_json(self) -> list[dict[str, Any]]:
        """Per kind, by name: offers and takes per agent, the pairs and the worth of taking (mean, 95 % interval)."""
        out = []
        for kind in sorted(self.offered):
            n, *sums = self.sums.get(kind, [Fraction(0)] * 5)
            out.append({"kind": kind, "offered": dict(sorted(self.offered[kind].items())),
                        "taken": dict(sorted(self.taken.get(kind, {}).items())), "pairs": int(n),
                        "unplayed": self.unplayed.get(kind, 0),
                        "wins": _interval(int(n), sums[0], sums[1]), "score": _interval(int(n), sums[2], sums[3])})
        return out


def _add_counts(mine: dict[str, int], theirs: dict[str, int]) -> None:
    for key, count in theirs.items():
        mine[key] = mine.get(key, 0) + count


def _add_sums(mine: list[Fraction], theirs: list[Fraction]) -> None:
    for i, value in enumerate(theirs):
        mine[i] += value


def _interval(n: int, total: Fraction, squares: Fraction) -> dict[str, float | None]:
    """Mean of ``n`` paired differences and its 95 % interval (None below 2 pairs)."""
    if n < 2:
        return {"mean": None if n == 0 else round(float(total), 4), "low": None, "high": None}
    mean = total / n
    variance = max((squares - n * mean * mean) / (n - 1), Fraction(0))
    half = Z95 * math.sqrt(float(variance) / n)
    return {"mean": round(float(mean), 4), "low": round(float(mean) - half, 4), "high": round(float(mean) + half, 4)}


def verdict(row: dict[str, Any]) -> str:
    """What a row says, as a key of ``terminal.json``'s option lines: too few pairs; worth taking or costly (the
    wins' interval leaves out 0); a change of score but not of wins; or no measurable worth."""
    wins = row["wins"]
    if row["pairs"] < MIN_PAIRS or wins["low"] is None:
        return "option_few"
    if wins["low"] > 0:
        return "option_worth"
    if wins["high"] < 0:
        return "option_costs"
    score = row["score"]
    if score["low"] is not None and (score["low"] > 0 or score["high"] < 0):
        return "option_points"
    return "option_even"

