"""The readable summary ``cardgen validate`` prints per deck and player count."""
from __future__ import annotations

from typing import Any


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: Any) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.1f}" if abs(x) < 1000 else f"{x:.0f}"
    return str(x)


def _dist(d: dict[str, Any]) -> str:
    if not d["n"]:
        return "-"
    return (f"mean {_num(d['mean'])}, median {_num(d['median'])}, "
            f"range {_num(d['min'])}-{_num(d['max'])}")


def format_entry(r: dict[str, Any]) -> str:
    """Several lines: verdict, completion, gaps, length, scores, win rates, peaks, checks."""
    verdict = "PASS" if r["passed"] else "FAIL"
    lines = [f"{verdict} {r['variant']} ({r['game']}), {r['players']} players: "
             f"{r['completed']}/{r['games']} games completed"]
    for why in r["failures"]:
        lines.append(f"  ! {why}")
    if r["games"]:
        ends = ", ".join(f"{k} {v}" for k, v in r["end_reasons"].items())
        lines.append(f"  end reasons: {ends}")
        for g in r["rule_gaps"]:
            state = "settled" if g["settled"] else "UNSETTLED"
            lines.append(f"  gap {g['kind']} ({state}): {g['count']}x in {g['games']} game(s), "
                         f"reproduce with seed {g['seed']} (game {g['game']})")
    if r["completed"]:
        lines.append(f"  turns: {_dist(r['turns'])}; rounds: {_dist(r['rounds'])}")
        sc = r["scores"]
        lines.append(f"  scores: {_dist(sc['all'])}; winner {_num(sc['winner']['mean'])}, "
                     f"margin {_num(sc['margin']['mean'])}")
        ties = r["ties"]
        if ties["games"]:
            rules = ", ".join(f"{k} {v}" for k, v in ties["tie_breaks"].items())
            lines.append(f"  ties: {ties['games']} ({rules}); shared wins {ties['shared_wins']}")
        seats = "  ".join(f"{s['seat'] + 1}: {_pct(s['rate'])} [{_pct(s['low'])}-{_pct(s['high'])}]"
                          for s in r["seat_win_rates"])
        lines.append(f"  seat win rates: {seats}")
        if len(r["agents"]) > 1:
            agents = "  ".join(f"{a['agent']}: {_pct(a['rate'])} [{_pct(a['low'])}-{_pct(a['high'])}]"
                               for a in r["agents"])
            lines.append(f"  agent win rates: {agents}")
        for warning in r.get("balance", {}).get("warnings", []):
            lines.append(f"  balance: {warning}")
    if r["peaks"]:
        lines.append("  peaks: " + ", ".join(f"{k} {v}" for k, v in r["peaks"].items()))
    checks = r["static_checks"]
    passed = sum(c["passed"] for c in checks)
    lines.append(f"  static checks: {passed}/{len(checks)} passed")
    return "\n".join(lines)
