"""Compare that stops when it knows: a group-sequential design over ``--games`` pairs.

A comparison looks at its pairs of games at up to ``MAX_LOOKS`` equally spaced points
(``looks``), never closer than ``LOOK_PAIRS`` pairs apart. At each look every figure of one
player count is tested with Holm's correction, at the look's own nominal level
(``nominal_alpha``) from an O'Brien-Fleming boundary: very strict early (a change must be
plain to stop after a tenth of the games), almost the fixed design's 5 % at the last look.
A player count stops at the first look where a figure changed beyond chance; one where
nothing did plays every pair asked, so ``--games`` is a maximum. Looking ten times at
O'Brien-Fleming levels keeps the chance of claiming a change that is not there at the
design's 5 % per figure (the boundary is computed so; ``tests/test_sequential.py`` checks it
by simulation, Holm across figures included).

The decision at a look depends only on the pairs before it (seeded as always), so the same
command stops at the same pair whatever ``--jobs`` or the cluster. ``--fixed`` plays every
pair and tests once, at 5 %.

Why O'Brien-Fleming rather than an anytime-valid confidence sequence: with the number of
looks known in advance it keeps nearly all of the fixed design's power at the last look
(2.09 standard errors instead of 1.96), where a confidence sequence is 1.5 to 2 times
wider at every n; a designer who waits for all the games loses almost nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

#: Family-wise error rate of one player count's figures over every look.
ALPHA = 0.05
#: At most this many looks at the pairs (the last one at ``--games``).
MAX_LOOKS = 10
#: Fewest pairs between two looks (fewer games than two of these: one look, the fixed design).
LOOK_PAIRS = 50
#: O'Brien-Fleming constants for ``K`` equally spaced looks at a two-sided 5 %: a figure is
#: significant at look ``k`` when ``|z| > c * sqrt(K / k)``. Computed by numerical integration of
#: the random walk of the looks (``tests/test_sequential.py`` recomputes them), as in Jennison and
#: Turnbull, "Group Sequential Methods", table 2.3.
OBF_CONSTANTS = {1: 1.96, 2: 1.9774, 3: 2.004, 4: 2.0243, 5: 2.0401, 6: 2.0528, 7: 2.0633, 8: 2.0722,
                 9: 2.0799, 10: 2.0865}


@dataclass(frozen=True)
class Design:
    """The looks of one comparison: the pair counts where figures are tested (the last one is ``--games``)."""

    looks: tuple[int, ...]

    @classmethod
    def of(cls, games: int, fixed: bool = False) -> "Design":
        """Equally spaced looks up to ``games`` pairs (one, the fixed design, when ``fixed`` or too few games)."""
        count = 1 if fixed else max(1, min(MAX_LOOKS, games // LOOK_PAIRS))
        return cls(tuple(round(games * k / count) for k in range(1, count + 1)))

    def alpha(self, look: int) -> float:
        """The nominal two-sided level of look ``look`` (1-based): Holm's alpha at that look."""
        count = len(self.looks)
        if count == 1:  # the fixed design: Holm at 5 %, as before there were looks
            return ALPHA
        z = OBF_CONSTANTS[count] * (count / look) ** 0.5
        return 2 * (1 - NormalDist().cdf(z))

    def z(self, look: int) -> float:
        """Standard errors each side of a difference at look ``look``: its repeated confidence interval, which
        holds at 95 % over every look (1.96 for the fixed design)."""
        return NormalDist().inv_cdf(1 - self.alpha(look) / 2)

    def last(self, look: int) -> bool:
        return look == len(self.looks)


__all__ = ["ALPHA", "Design", "LOOK_PAIRS", "MAX_LOOKS", "OBF_CONSTANTS"]
