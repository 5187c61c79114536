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
    done = (f"{r['completed']}/{r['games']} games completed" if r.get("played", True)
            else "not played (a check below fails at this player count)")
    lines = [f"{verdict} {r['variant']} ({r['game']}), {r['players']} players: {done}"]
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
    for finding in r.get("sufficiency", []):
        lines.append(f"  WARNING components: {finding['warning']}")
    skill = r.get("skill")
    if isinstance(skill, dict) and skill.get("summary") is not None:
        lines.append(f"  skill: {skill['summary']}")
    checks = r["static_checks"]
    passed = sum(c["passed"] for c in checks)
    lines.append(f"  static checks: {passed}/{len(checks)} passed")
    return "\n".join(lines)


# -- cardgen compare -----------------------------------------------------------------
#: Metrics whose values are shares of games (printed as percentages).
_SHARES = ("seat_", "end_reason:", "gap:")


def metric_label(name: str) -> str:
    """A readable name for a comparison metric (``seat_2_win_rate`` -> ``seat 2 win rate``)."""
    for prefix, label in (("end_reason:", "ends by "), ("gap:", "rule gap "), ("peak:", "peak "),
                          ("skill:", "skill ")):
        if name.startswith(prefix):
            return label + name[len(prefix):]
    return name.replace("_", " ")


def is_share(name: str) -> bool:
    return name.startswith(_SHARES)


def format_value(name: str, x: float | None, signed: bool = False) -> str:
    """A metric's value as a designer reads it: shares in %, counts with one decimal."""
    if x is None:
        return "-"
    if is_share(name) or name.startswith("skill:"):
        return f"{100 * x:+.1f}%" if signed else f"{100 * x:.1f}%"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def format_difference(d: str) -> str:
    """One line of what a variant changes, as ``inspect`` prints it."""
    return f"{d['kind']} {d['field']}: {d['old']} -> {d['new']}"


def _z(m: dict[str, Any]) -> float:
    """How many standard errors the difference is from 0 (infinite when every pair moved alike)."""
    half = (m["high"] - m["low"]) / 2 if m.get("high") is not None else 0
    return abs(m["difference"]) / half if half else float("inf")


def format_comparison(doc: dict[str, Any], per_count: int | None = None) -> str:
    """One screen: what the variant changes, then per player count the significant changes first.

    The number of changes listed per player count shrinks with the number of counts, so
    five player counts still fit in about forty lines; the report has every metric.
    """
    results = doc["results"]
    per_count = per_count or max(3, 16 // max(1, len(results)))
    lines = [f"compare {doc['base']} -> {doc['variant']} ({doc['name']}): {doc['games']} games per player "
             f"count on the same seeds, agents {', '.join(doc['agents'])}"]
    if doc.get("description"):
        lines.append(f"  {doc['description']}")
    diffs = doc.get("differences") or []
    lines.append("what the variant changes: " + ("; ".join(format_difference(d) for d in diffs[:6])
                                                  + (f"; +{len(diffs) - 6} more" if len(diffs) > 6 else "")
                                                  if diffs else "nothing in the data (same rules and components)"))
    for r in results:
        sig = sorted((m for m in r["metrics"] if m["significant"]), key=lambda m: (m["p"], -_z(m), m["metric"]))
        lines.append(f"{r['players']} players: {len(sig)} of {len(r['metrics'])} metrics changed significantly")
        width = max([len(metric_label(m["metric"])) for m in sig[:per_count]] + [10])
        for m in sig[:per_count]:
            name = m["metric"]
            lines.append(f"  * {metric_label(name):<{width}} {format_value(name, m['base']):>8} -> "
                         f"{format_value(name, m['variant']):>8}  {format_value(name, m['difference'], True)} "
                         f"[{format_value(name, m['low'], True)}, {format_value(name, m['high'], True)}]")
        if len(sig) > per_count:
            lines.append(f"  ... {len(sig) - per_count} more significant change(s) in the report")
        same = [metric_label(m["metric"]) for m in r["metrics"] if not m["significant"]
                and m["metric"] in ("turns", "rounds", "winning_score", "margin")]
        if same:
            lines.append(f"  no significant change: {', '.join(same)}")
        for side in ("base_result", "variant_result"):
            for f in r[side].get("sufficiency", []):
                lines.append(f"  WARNING {r[side]['variant']}: the box runs short in {f['games_short']} of "
                             f"{f['games']} games ('{f['peak']}'); print {f['print_more']} more for "
                             f"{f['cover']:.0%} of games")
    lines.append("differences: variant minus base, 95 % intervals from paired games; significant: "
                 "Holm-corrected over the metrics of each player count")
    return "\n".join(lines)
