"""Streaming statistics: counters that merge, so memory stays flat as games grow.

Every distribution is kept as ``value -> count`` (game lengths and scores take few
distinct values), never as a list of games. Chunks of games are summarised in the
worker processes and merged in the parent; summaries are computed from the sorted
counts at the end, so they do not depend on the order chunks were merged in.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Number = int | float


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (sane for small ``trials`` and 0 or 1 rates)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def clean(value: Number) -> Number:
    """Integral floats become ints and other floats are rounded, so they count together."""
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        return round(value, 6)
    return value


class Dist:
    """A distribution of numbers as ``value -> count``."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[Number, int] = {}

    def add(self, value: Number) -> None:
        if type(value) is not int:
            value = clean(value)
        counts = self.counts
        counts[value] = counts.get(value, 0) + 1

    def merge(self, other: "Dist") -> None:
        for value, count in other.counts.items():
            self.counts[value] = self.counts.get(value, 0) + count

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def quantile(self, q: float) -> Number | None:
        """Nearest-rank quantile (``q`` in 0..1); None when empty."""
        n = self.n
        if n == 0:
            return None
        rank = max(1, math.ceil(q * n))
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= rank:
                return value
        raise AssertionError("unreachable")  # pragma: no cover

    def median(self) -> Number | None:
        """The median as a reader checks it against the histogram: with an even count, halfway between the two
        middle values (Royale's 2-player turns: 150 of 300 games at 26 or fewer, 26.5, where the nearest rank said
        26: round 33 en15); the middle value itself when both are the same; None when empty."""
        n = self.n
        if n == 0:
            return None
        middle, seen = [], 0  # the values at ranks (n + 1) // 2 and n // 2 + 1: one rank when n is odd
        for value in sorted(self.counts):
            seen += self.counts[value]
            while len(middle) < 2 and seen >= ((n + 1) // 2, n // 2 + 1)[len(middle)]:
                middle.append(value)
        low, high = middle
        return low if high == low else clean((low + high) / 2)

    def summary(self) -> dict[str, Any]:
        """n, mean, sd, min, p10, median, p90, max and the histogram ``[[value, count], ...]``."""
        items = sorted(self.counts.items())
        n = sum(c for _, c in items)
        if n == 0:
            return {"n": 0, "mean": None, "sd": None, "min": None, "p10": None, "median": None,
                    "p90": None, "max": None, "histogram": []}
        mean = sum(v * c for v, c in items) / n
        var = sum(c * (v - mean) ** 2 for v, c in items) / n
        return {"n": n, "mean": round(mean, 4), "sd": round(math.sqrt(var), 4), "min": items[0][0],
                "p10": self.quantile(0.1), "median": self.median(), "p90": self.quantile(0.9),
                "max": items[-1][0], "histogram": [[v, c] for v, c in items]}

    def mean(self) -> float | None:
        n = self.n
        return None if n == 0 else sum(v * c for v, c in sorted(self.counts.items())) / n


#: a game's own ranking, where it is not its scores alone (``GameSpec.out_of_running``): per game (rows) and
#: seat (columns), the seats a rule put out of the running though their score is better than a winner's
OutOfRunning = Callable[[Any, Any], Any]


def margins(scores: Any, winners: Any, out_of_running: "OutOfRunning | None" = None) -> Any:
    """Per game (rows of ``scores`` float[n, seats] and ``winners`` bool[n, seats]), how far the winners
    finished ahead of the runner-up, in points; NaN where no other seat is left to be runner-up.

    The runner-up is the best of the seats that neither won nor were put out of the running by the game's
    own ranking (``out_of_running``: Draco & Co's tied leaders who drop out rank below every seat still in,
    so "the winner's lead over the runner-up" is over the richest seat left, never a negative lead). Where
    most points wins, the lowest winner's score minus the highest runner-up's; where the lowest score wins
    (every winner below every seat still in), the lowest of those seats minus the highest winner's: either
    way a clear win is a positive margin.
    """
    import numpy as np

    scores, winners = np.asarray(scores, dtype=float), np.asarray(winners, dtype=bool)
    contest = ~winners if out_of_running is None else ~winners & ~np.asarray(out_of_running(scores, winners))
    best_winner = np.where(winners, scores, -np.inf).max(axis=1)
    worst_winner = np.where(winners, scores, np.inf).min(axis=1)
    best_other = np.where(contest, scores, -np.inf).max(axis=1)
    lowest_other = np.where(contest, scores, np.inf).min(axis=1)
    defined = winners.any(axis=1) & contest.any(axis=1)
    with np.errstate(invalid="ignore"):
        margin = np.where(best_winner < lowest_other, lowest_other - best_winner, worst_winner - best_other)
    return np.where(defined, margin, np.nan)


def margin_of(scores: list[float], winners: "set[int] | list[int]",
              out_of_running: "OutOfRunning | None" = None) -> float | None:
    """``margins`` of one game: the winners' lead over the runner-up, in points (None: no runner-up is left,
    every seat won or the others were put out of the running)."""
    won = set(winners)
    row = [[seat in won for seat in range(len(scores))]]
    value = float(margins([list(scores)], row, out_of_running)[0])
    return None if math.isnan(value) else value
