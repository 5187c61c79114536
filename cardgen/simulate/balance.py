"""Balance warnings: seats or agents that win clearly more or less than a fair share.

A seat's fair share is the mean win rate over all seats (shared wins count for each
winner, so the rates can add up to more than 100 %). A seat is flagged when its
Wilson interval lies entirely above or below that share. The interval's level is
95 % shared among the seats compared (Bonferroni: 98.75 % each for four seats), so
that a balanced four-player game raises a false alarm in about one run in twenty,
not one in five. A flagged seat is a real advantage a designer must look at before
printing (turn order, an easier set of cards for one player...). The same
holds for agents playing side by side. Warnings never fail a variant: balance is a
design decision, not a rules error.
"""
from __future__ import annotations

from statistics import NormalDist
from typing import Any

from cardgen.simulate.stats import wilson

#: Chance of a false alarm for one result entry, shared among the seats (or agents) compared.
ALPHA = 0.05


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _flag(label: str, wins: int, trials: int, fair: float, compared: int) -> str | None:
    z = NormalDist().inv_cdf(1 - ALPHA / (2 * compared))
    low, high = wilson(wins, trials, z)
    if low > fair:
        side = "more"
    elif high < fair:
        side = "less"
    else:
        return None
    return (f"{label} wins {side} than a fair share: {_pct(wins / trials)} "
            f"[{_pct(low)}-{_pct(high)}] against {_pct(fair)}")


def balance(stats: dict[str, Any]) -> dict[str, Any]:
    """Fair shares and warnings for the seat and agent win rates of one result entry."""
    seats = [s for s in stats["seat_win_rates"] if s["rate"] is not None]
    out: dict[str, Any] = {"seat_fair_share": None, "agent_fair_share": None, "warnings": []}
    if seats:
        fair = sum(s["rate"] for s in seats) / len(seats)
        out["seat_fair_share"] = round(fair, 4)
        out["warnings"] += [w for s in seats
                            if (w := _flag(f"seat {s['seat'] + 1}", s["wins"], s["games"], fair, len(seats)))]
    agents = [a for a in stats["agents"] if a["rate"] is not None]
    if len(agents) > 1:
        fair = sum(a["wins"] for a in agents) / sum(a["seats"] for a in agents)
        out["agent_fair_share"] = round(fair, 4)
        out["warnings"] += [w for a in agents
                            if (w := _flag(f"agent {a['agent']}", a["wins"], a["seats"], fair, len(agents)))]
    return out
