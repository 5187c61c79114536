"""Which card is too strong, measured in play: a card exchanged mid-game, both futures played.

The deal experiment (``cardgen.simulate.cards``) sees only the opening hands; in a game
whose hands are played and refilled every turn, what a seat was dealt says little about
the cards it held. This experiment is an intervention the simulator makes itself: at a
few decision points of a traced game, drawn at random, one seat (at random) gives up a
card of its hand (at random) for a card nobody holds (at random among those of another
kind: ``State.exchangeable`` says where a card can come from, ``State.exchange`` does it).
Both futures, the state as it is and the state with the exchange, are played to the end
by the same agents drawing from the same seed (the state's own generator is cloned, so
chance follows the same course), so the seat's result in the two differs by the
exchange and by how play diverges from it.

For each exchange, ``d`` = the seat's win (1 or 0) with the exchange minus without it
(and the same for its score). The card received is credited ``+d``, the card given up
``-d``: a kind's effect is the mean of its credits, "holding this card instead of
another card drawn at random, from a random moment on". With cards that are all alike
every ``d`` is noise around 0. Exchanges of one game are not independent (one game, one
winner), so the interval is cluster-robust (the ratio estimate's variance summed game by
game); a kind is judged with at least ``MIN_EXCHANGES`` exchanges in ``MIN_GAMES``
games, and flagged ``strong`` or ``weak`` when its interval, widened for the number of
kinds judged (Bonferroni), leaves out 0. The sums merge chunk by chunk in any order to
the same table; each game's decision points, seats, cards and play-out seed come from a
generator seeded by the game's seed alone. Nothing here knows which game is played.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Callable

from cardgen.engine.api import Action, Agent, Ending, Game, State

Z95 = NormalDist().inv_cdf(0.975)

#: decision points drawn at random per traced game (``--exchange-points``: the number that measures, as
#: docs/validator.md shows) ...
POINTS = 4
#: ``AUTO``, validate's default: ``POINTS`` where the game's compiled tier plays the futures (``GameSpec.play_on``:
#: validate draco 2.2x), none where only the reference engine could (about ten times the run of a deck on its
#: compiled tier: a house rule, a rules file; ``--exchange-points 4`` asks for it there). Its flags are warnings
#: as the deal's are (``summary.flagged_cards``), a card the players hardly play unflagged
#: (``designer.exchange_json``): until they were, readers found them contradicting the rest of the run (terminal
#: round 28 en10, fr12, it14)
AUTO = -1
DEFAULT_POINTS = AUTO
#: ... and exchanges tried at each, every one against the same future of the state as it is: a point costs
#: ``PER_POINT + 1`` futures, half a game each on average
PER_POINT = 3
#: a kind is judged with at least this many exchanges giving it up or receiving it ...
MIN_EXCHANGES = 30
#: ... spread over at least this many games
MIN_GAMES = 10

#: what an exchange is judged by, per future: the seat's win (1 or 0), its score, and its margin (its score minus
#: the best other seat's, in the game's points: a win's continuous form, what a steal moves twice)
OUTCOMES = ("win", "score", "margin")
#: per kind: exchanges, Σ per game of exchanges², games; then per outcome Σ credit, Σ per game credit², Σ credit × N
_N, _NN, _GAMES = range(3)

#: why a game's exchanges were not played (``ExchangeTally.skipped``); ``BUILDING``: by default (``AUTO``) on a game
#: played on the reference engine while the compiled tier that plays its futures is being built
UNSUPPORTED, NOTHING, UNFINISHED, BUILDING = "unsupported", "nothing", "unfinished", "building"


@dataclass
class ExchangeTally:
    """Mergeable sums of the play experiment, per card kind."""

    games: int = 0  # games that contributed at least one exchange
    offered: int = 0  # games offered to the experiment
    exchanges: int = 0  # exchanges whose two futures both ended
    #: decision points not played, by why: ``unsupported`` (the game has no ``exchangeable``), ``nothing`` (no card
    #: of another kind to exchange), ``unfinished`` (a future did not end), ``building`` (``BUILDING``)
    skipped: dict[str, int] = field(default_factory=dict)
    sums: dict[str, list[float]] = field(default_factory=dict)

    def add_game(self, credits: dict[str, list[float]], exchanges: int, skipped: dict[str, int]) -> None:
        """Count one game: ``credits[kind]`` = [exchanges involving it, then Σ credit per ``OUTCOMES``]."""
        self.offered += 1
        self.exchanges += exchanges
        for why, n in skipped.items():
            self.skipped[why] = self.skipped.get(why, 0) + n
        if exchanges:
            self.games += 1
        for kind, (n, *totals) in credits.items():
            row = self.sums.setdefault(kind, [0.0] * (3 + 3 * len(OUTCOMES)))
            row[_N] += n
            row[_NN] += n * n
            row[_GAMES] += 1
            for k, x in enumerate(totals):
                row[3 + 3 * k] += x
                row[4 + 3 * k] += x * x
                row[5 + 3 * k] += x * n

    def merge(self, other: "ExchangeTally") -> None:
        self.games += other.games
        self.offered += other.offered
        self.exchanges += other.exchanges
        for why, n in other.skipped.items():
            self.skipped[why] = self.skipped.get(why, 0) + n
        for kind, theirs in other.sums.items():
            row = self.sums.setdefault(kind, [0.0] * len(theirs))
            for k, v in enumerate(theirs):
                row[k] += v

    def effect(self, kind: str, z: float = Z95) -> dict[str, float]:
        """The mean credit of ``kind`` per outcome with cluster-robust intervals (games as clusters: the ratio
        estimate's variance, g/(g-1) Σ_games (X - m N)² / (Σ N)²)."""
        row = self.sums[kind]
        n, g = row[_N], self.games
        scale = g / (g - 1) if g > 1 else 1.0
        out: dict[str, float] = {"exchanges": n, "games": row[_GAMES]}
        for k, name in enumerate(OUTCOMES):
            total, sq, cross = row[3 + 3 * k:6 + 3 * k]
            m = total / n
            se = math.sqrt(max(0.0, sq - 2 * m * cross + m * m * row[_NN]) / (n * n) * scale)
            out.update({name: m, f"{name}_se": se, f"{name}_low": m - z * se, f"{name}_high": m + z * se})
        return out

    def judged(self, kind: str) -> bool:
        row = self.sums.get(kind)
        return row is not None and row[_N] >= MIN_EXCHANGES and row[_GAMES] >= MIN_GAMES

    def rows(self) -> list[dict[str, Any]]:
        """One row per kind exchanged: its exchanges and games, each outcome's mean credit with its 95 % interval
        widened for the kinds and figures judged (Bonferroni: the interval its flag is decided by, so that "leaves
        out 0" reads as the flag reads) and standard error, whether it is judged, and the flag."""
        kinds = sorted(self.sums)
        judged = [k for k in kinds if self.judged(k)]
        z_flag = NormalDist().inv_cdf(1 - 0.025 / max(1, len(judged) * len(FLAGGED_BY)))
        out = []
        for kind in kinds:
            e = self.effect(kind, z_flag)  # the intervals the flags are decided by, as printed (terminal round 28 en9)
            row: dict[str, Any] = {"component": kind, "exchanges": int(e["exchanges"]), "games": int(e["games"]),
                                   "judged": kind in judged, "flag": ""}
            for name in OUTCOMES:
                for key in (name, f"{name}_low", f"{name}_high"):
                    row[key] = round(e[key], 4)
                row[f"{name}_se"] = round(e[f"{name}_se"], 6)
            if kind in judged:
                row["flag"] = _flag(e, z_flag)
            out.append(row)
        out.sort(key=lambda r: (not r["judged"], -r["win"], r["component"]))
        return out

    def to_json(self) -> dict[str, Any]:
        """The table, how many games and exchanges it rests on, and why decision points were skipped."""
        tried = self.exchanges + sum(self.skipped.values())
        return {"games": self.games, "offered": self.offered, "exchanges": self.exchanges,
                "points": round(tried / self.offered) if self.offered else 0, "min_exchanges": MIN_EXCHANGES, "min_games": MIN_GAMES,
                "skipped": dict(sorted(self.skipped.items())), "rows": self.rows()}


#: the outcomes a flag is decided by (each a test of its own in the Bonferroni family)
FLAGGED_BY = ("win", "margin")


def _flag(e: dict[str, float], z: float) -> str:
    """``strong`` or ``weak`` when some outcome of ``FLAGGED_BY``'s interval, widened to ``z``, leaves out 0 (on
    one side; both sides at once would be a contradiction, left unflagged)."""
    sides = {("strong" if e[name] > 0 else "weak") for name in FLAGGED_BY if abs(e[name]) > z * e[f"{name}_se"]}
    return sides.pop() if len(sides) == 1 else ""


#: plays a state on to its end with fresh agents, chance seeded by the future's seed: (state, seed) -> how it
#: ended, or None when it did not (the state may be played on in place: give it a copy)
PlayOut = Callable[[State, int], Ending | None]


def exchange_rng(seed: int) -> random.Random:
    """The experiment's generator for the game seeded ``seed`` (distinct from the game's and the agents')."""
    return random.Random(f"cardgen-exchange\x00{seed}")


def judge_game(game: Game, seed: int, actions: list[tuple[int, Action]], play_out: PlayOut,
               points: int = POINTS, per_point: int = PER_POINT) -> tuple[dict[str, list[float]], int, dict[str, int]]:
    """Replay a finished game and try ``per_point`` exchanges at each of ``points`` decisions drawn at random.

    Returns per kind [exchanges involving it, Σ credit per ``OUTCOMES``], the exchanges played and the
    exchanges skipped, by why (``UNSUPPORTED``, ``NOTHING``, ``UNFINISHED``).
    """
    rng = exchange_rng(seed)
    at = sorted(rng.sample(range(len(actions)), min(points, len(actions)))) if actions else []
    credits: dict[str, list[float]] = {}
    skipped: dict[str, int] = {}
    played = 0
    state = game.new_initial_state(seed)
    for i, (_, action) in enumerate(actions):
        while at and at[0] == i:
            at.pop(0)
            done, why = _exchange_at(state, rng, play_out, credits, per_point)
            played += done
            for reason, n in why.items():
                skipped[reason] = skipped.get(reason, 0) + n
            if UNSUPPORTED in why:  # the game cannot exchange: no point trying its other decisions
                skipped[UNSUPPORTED] += len(at) * per_point
                return credits, played, skipped
        state.apply(action)
    return credits, played, skipped


def _exchange_at(state: State, rng: random.Random, play_out: PlayOut, credits: dict[str, list[float]],
                 per_point: int) -> tuple[int, dict[str, int]]:
    """``per_point`` exchanges at ``state``, each future played against one future of the state as it is (the
    same seed for all): the credits added; return how many were played and why the others were skipped."""
    drawn: list[tuple[int, str, str, str, str]] = []
    skipped: dict[str, int] = {}
    for _ in range(per_point):
        seat = rng.randrange(state.num_players)
        offer = state.exchangeable(seat)
        if offer is None:
            return 0, {UNSUPPORTED: per_point}
        own, outside = offer
        give = own[rng.randrange(len(own))] if own else None
        others = [card for card in outside if give is not None and card[1] != give[1]]
        if give is None or not others:
            skipped[NOTHING] = skipped.get(NOTHING, 0) + 1
            continue
        take = others[rng.randrange(len(others))]
        drawn.append((seat, give[0], give[1], take[0], take[1]))
    if not drawn:
        return 0, skipped
    future_seed = rng.getrandbits(63)
    as_is = play_out(state.clone(), future_seed)
    if as_is is None:
        return 0, {**skipped, UNFINISHED: len(drawn)}
    played = 0
    for seat, give, give_kind, take, take_kind in drawn:
        branch = state.clone()
        branch.exchange(seat, give, take)
        ended = play_out(branch, future_seed)
        if ended is None:
            skipped[UNFINISHED] = skipped.get(UNFINISHED, 0) + 1
            continue
        played += 1
        for kind, sign in ((take_kind, 1.0), (give_kind, -1.0)):
            row = credits.setdefault(kind, [0.0] * (1 + len(OUTCOMES)))
            row[0] += 1
            for k, (mine, theirs) in enumerate(zip(_judged(ended, seat), _judged(as_is, seat))):
                row[1 + k] += sign * (mine - theirs)
    return played, skipped


def _judged(ended: Ending, seat: int) -> tuple[float, ...]:
    """``OUTCOMES`` for ``seat`` in a finished future (score and margin as ``standings`` orders them: higher is
    better, a game where the lowest score wins turned round)."""
    order = ended.standings
    best_other = max(x for p, x in enumerate(order) if p != seat)
    return float(seat in ended.winners), float(order[seat]), float(order[seat] - best_other)
