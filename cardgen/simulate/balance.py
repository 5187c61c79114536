"""Balance warnings: seats or agents that win clearly more or less than a fair share.

A seat's fair share is the mean win rate over all seats (shared wins count for each
winner, so the rates can add up to more than 100 %). A seat is flagged when its
95 % Wilson interval lies entirely above or below that share: with a thousand games
that is a real advantage, not noise, and it is what a designer must look at
before printing (turn order, an easier set of cards for one player...). The same
holds for agents playing side by side. Warnings never fail a variant: balance is a
design decision, not a rules error.
"""
from __future__ import annotations

from typing import Any


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _flag(label: str, rate: dict[str, Any], fair: float) -> str | None:
    if rate["rate"] is None:
        return None
    if rate["low"] > fair:
        side = "more"
    elif rate["high"] < fair:
        side = "less"
    else:
        return None
    return (f"{label} wins {side} than a fair share: {_pct(rate['rate'])} "
            f"[{_pct(rate['low'])}-{_pct(rate['high'])}] against {_pct(fair)}")


def balance(stats: dict[str, Any]) -> dict[str, Any]:
    """Fair shares and warnings for the seat and agent win rates of one result entry."""
    seats = [s for s in stats["seat_win_rates"] if s["rate"] is not None]
    out: dict[str, Any] = {"seat_fair_share": None, "agent_fair_share": None, "warnings": []}
    if seats:
        fair = sum(s["rate"] for s in seats) / len(seats)
        out["seat_fair_share"] = round(fair, 4)
        out["warnings"] += [w for s in seats if (w := _flag(f"seat {s['seat'] + 1}", s, fair))]
    agents = [a for a in stats["agents"] if a["rate"] is not None]
    if len(agents) > 1:
        fair = sum(a["wins"] for a in agents) / sum(a["seats"] for a in agents)
        out["agent_fair_share"] = round(fair, 4)
        out["warnings"] += [w for a in agents if (w := _flag(f"agent {a['agent']}", a, fair))]
    return out
