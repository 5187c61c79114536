"""One validate result entry as tables (``section``: end reasons, ties, peaks, rule gaps with their
reproducing seeds, distributions, seats, static checks), for the deck pages of ``cardgen validate``
(``cardgen.report.pages``), which draw the entry's charts themselves.

Built from the same JSON document ``cardgen validate --json`` writes, so the page and the JSON
never disagree; the markup is ``templates/report/section.html``.
"""
from __future__ import annotations

from typing import Any


def _p99(dist: dict[str, Any], games: int) -> int:
    from cardgen.simulate.balance import quantile_with_zeros
    return quantile_with_zeros(dist["histogram"], games, 0.99)


def _anchor(r: dict[str, Any]) -> str:
    return f"{r['variant']}-{r['players']}p"


def _num(x: Any) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.2f}".rstrip("0").rstrip(".")
    return str(x)


def _dist(d: dict[str, Any]) -> list[str]:
    return [_num(d[k]) for k in ("n", "mean", "sd", "min", "p10", "median", "p90", "max")]


def section(r: dict[str, Any]) -> dict[str, Any]:
    """One result entry's tables, for ``section.html``'s ``section`` macro."""
    ties, games, sc = r["ties"], r.get("peak_games", {}), r["scores"]
    return {
        "anchor": _anchor(r), "passed": r["passed"], "variant": r["variant"], "players": r["players"],
        "game": r["game"], "kind": r["kind"], "failures": r["failures"],
        "balance": r.get("balance", {}).get("warnings", []), "games": r["games"], "completed": r["completed"],
        "ends": [(k, v, "") for k, v in r["end_reasons"].items()], "ties": ties["games"],
        "tie_rules": [(k, v, "") for k, v in ties["tie_breaks"].items()], "shared_wins": ties["shared_wins"],
        "peaks": [(k, v, f" (99% of games: ≤ {_p99(games[k], r['games'])})" if k in games else "")
                  for k, v in r["peaks"].items()],
        "seat_agents": str(r.get("seat_agents", "")), "gaps": r["rule_gaps"],
        "distributions": [("turns", _dist(r["turns"])), ("rounds", _dist(r["rounds"])),
                          ("score (every seat)", _dist(sc["all"])), ("winning score", _dist(sc["winner"])),
                          ("margin of victory", _dist(sc["margin"]))],
        "seats": [{"seat": s["seat"] + 1, "wins": s["wins"], "games": s["games"], "rate": _num(s["rate"]),
                   "low": _num(s["low"]), "high": _num(s["high"]), "mean": _num(sc["seat_mean"][s["seat"]])}
                  for s in r["seat_win_rates"]],
        "checks": [{**c, "players": _num(c["players"])} for c in r["static_checks"]]}


def agents_text(doc: dict[str, Any]) -> str:
    """Which agents played, in words (the document's ``agents_text``; older documents: their names)."""
    if doc.get("agents_text"):
        return str(doc["agents_text"])
    names = doc.get("agents")
    return names if isinstance(names, str) else ", ".join(names or [])
