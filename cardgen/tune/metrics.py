"""The validator's figures as named metrics, each with a 95 % interval.

One function reads an entry of ``cardgen validate``'s JSON (one deck at one player
count) and returns ``{name: (value, low, high)}``. Tuning targets name these, and
reports print them. Nothing here knows the game: names come from the entry
(rule-gap kinds, end reasons, component peaks).
"""
from __future__ import annotations

import math
from typing import Any

from cardgen.simulate.stats import wilson

Metric = tuple[float, float, float]

#: the designer metrics (cardgen.simulate.designer), targets like any other
DESIGNER_METRICS = ["lead_changes", "comeback_rate", "close_games", "drama", "decided_at", "kingmaking"]
#: Metric names every entry has (more come from the entry: gap:*, end:*, peak:*, seat_N_win_rate).
BASE_METRICS = ["turns", "rounds", "winning_score", "margin", "unfairness", "completed", "skill", *DESIGNER_METRICS]


def _mean(summary: dict[str, Any] | None) -> Metric | None:
    if not summary or not summary.get("n"):
        return None
    n, mean, sd = summary["n"], summary["mean"], summary.get("sd") or 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    return (mean, mean - half, mean + half)


def _rate(k: int, n: int) -> Metric:
    low, high = wilson(k, n)
    return (k / n if n else 0.0, low, high)


def entry_metrics(entry: dict[str, Any]) -> dict[str, Metric]:
    """Every metric of one validate entry (absent figures are simply left out)."""
    out: dict[str, Metric] = {}
    games = entry.get("games") or 0
    scores = entry.get("scores") or {}
    for name, summary in (("turns", entry.get("turns")), ("rounds", entry.get("rounds")),
                          ("winning_score", scores.get("winner")), ("margin", scores.get("margin"))):
        m = _mean(summary)
        if m is not None:
            out[name] = m
    if games:
        out["completed"] = _rate(entry.get("completed", 0), games)
    rates = entry.get("seat_win_rates") or []
    for seat in rates:
        out[f"seat_{seat['seat'] + 1}_win_rate"] = (seat["rate"], seat["low"], seat["high"])
    if rates:
        # the fair share validate's balance judges against (balance.py): the seats' mean win rate, since a
        # shared win counts for each winner (two seats always sharing are fair at 100 %, not at 50 %)
        fair = sum(s["rate"] for s in rates) / len(rates)
        worst = max(rates, key=lambda s: abs(s["rate"] - fair))
        dist = abs(worst["rate"] - fair)
        # The interval of the worst seat's distance from a fair share.
        lo, hi = sorted((abs(worst["low"] - fair), abs(worst["high"] - fair)))
        if worst["low"] <= fair <= worst["high"]:
            lo = 0.0
        out["unfairness"] = (dist, lo, hi)
    for gap in entry.get("rule_gaps") or []:
        if games:
            out[f"gap:{gap['kind']}"] = _rate(gap["games"], games)
    for reason, count in (entry.get("end_reasons") or {}).items():
        if games:
            out[f"end:{reason}"] = _rate(count, games)
    # peak:NAME is what compare calls it: the most at any one time in a game, averaged over games (with its interval)
    for name, summary in (entry.get("peak_games") or {}).items():
        m = _mean(summary) if isinstance(summary, dict) else None
        if m is not None:
            out[f"peak:{name}"] = m
    designer = entry.get("designer") or {}
    for name in DESIGNER_METRICS:
        f = designer.get(name)
        if isinstance(f, dict) and f.get("n"):
            out[name] = (float(f["mean"]), float(f["low"]), float(f["high"]))
    skill = entry.get("skill")  # cardgen.simulate.skill.skill_json: search's edge over a fair share
    if isinstance(skill, dict) and isinstance(skill.get("skill"), (int, float)):
        out["skill"] = (float(skill["skill"]), float(skill["skill_low"]), float(skill["skill_high"]))
    return out


def known_metrics(entries: list[dict[str, Any]] | None = None, players: list[int] | None = None) -> list[str]:
    """Metric names to offer in messages: the fixed ones plus one win rate per seat."""
    seats = max(players or [6])
    return BASE_METRICS + [f"seat_{i}_win_rate" for i in range(1, seats + 1)]
