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
    if r.get("failed_games"):  # games that could not be played: no figure, no chart from the rest either
        return "\n".join(lines)
    if r["games"]:
        ends = ", ".join(f"{k} {v}" for k, v in r["end_reasons"].items())
        lines.append(f"  end reasons: {ends}")
        for g in r["rule_gaps"]:
            state = "settled" if g["settled"] else "UNSETTLED"
            lines.append(f"  gap {g['kind']} ({state}): {g['count']}x in {g['games']} game(s), "
                         f"reproduce with seed {g['seed']} (game {g['game']})")
            if g["kind"] == "engine_error" and g.get("detail"):  # what failed: a rules file's line names itself
                lines.append(f"    first: {g['detail']}")
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
    lines += designer_lines(r.get("designer") or {})
    if r["peaks"]:
        lines.append("  most at once in any game (peaks): " + ", ".join(f"{k} {v}" for k, v in r["peaks"].items()))
    for finding in r.get("sufficiency", []):
        lines.append(f"  WARNING components: {finding['warning']}")
    skill = r.get("skill")
    if isinstance(skill, dict) and skill.get("summary") is not None:
        lines.append(f"  skill: {skill['summary']}")
    checks = r["static_checks"]
    passed = sum(c["passed"] for c in checks)
    lines.append(f"  static checks: {passed}/{len(checks)} passed")
    return "\n".join(lines)


def designer_lines(d: dict[str, Any]) -> list[str]:
    """The designer metrics (95 % intervals) and the component table of a validate entry."""
    from cardgen.simulate.designer import FIGURES
    from cardgen.simulate.verdict import is_share as share, label, number

    out = []
    figures = [(name, d[name]) for name in FIGURES if isinstance(d.get(name), dict)]
    if figures:
        out.append(f"  designer (first {d.get('games', 0)} games): " + "; ".join(
            f"{label(name)} {number(f['mean'], 'en', share(name))} [{number(f['low'], 'en', share(name))}-"
            f"{number(f['high'], 'en', share(name))}]" for name, f in figures))
    rows = d.get("component_impact") or []
    if rows:
        out.append(f"  which card is too strong (first {d.get('games', 0)} games): win rate of seats dealt it "
                   "against seats not dealt it (the shuffle decides who holds it; 95 %; ! flagged):")
        out += [f"    {r['component']:<20} dealt to {number(r['dealt_share'], 'en', True):>6} of seats  "
                + (f"{number(r['win_rate_dealt'], 'en', True):>6} vs {number(r['win_rate_not_dealt'], 'en', True):>6}"
                   f"  {number(r['difference'], 'en', True, True):>7} [{number(r['low'], 'en', True, True)}, "
                   f"{number(r['high'], 'en', True, True)}]" if r.get("difference") is not None else "")
                + (f"  ! {r['flag']}" if r["flag"] else "" if r.get("judged") else "  (not judged: too few seats)")
                for r in rows]
    return out


# -- cardgen compare -----------------------------------------------------------------


def is_share(name: str) -> bool:
    """Whether a metric's values are shares of games (printed as percentages): ``verdict.is_share``."""
    from cardgen.simulate.verdict import is_share as share
    return share(name)


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


def _row(m: dict[str, Any], width: int) -> str:
    """One figure of the grouped table: base -> variant, difference [95 % interval], marks."""
    from cardgen.simulate.verdict import label, number

    name = m["metric"]
    sh = is_share(name)

    def f(x: float | None, signed: bool = False) -> str:
        return "-" if x is None else number(x, "en", sh, signed)

    marks = (" *" if m["significant"] else "") + ("  (follows from your change)" if m.get("follows_from_change") else "")
    return (f"    {label(name):<{width}} {f(m['base']):>7} -> {f(m['variant']):>7}  {f(m['difference'], True)} "
            f"[{f(m['low'], True)}, {f(m['high'], True)}]{marks}")


def format_comparison(doc: dict[str, Any]) -> str:
    """One screen: the verdict first (strongest significant change), what "significant" means, then per
    player count the figures grouped for designers; engine tallies last, folded into one line."""
    from cardgen.simulate.verdict import GROUPS, WORDS, footnote, label, significance_line

    words = WORDS["en"]
    lang = doc.get("lang", "en")  # the verdict and its notes follow --lang; the figures' table is English
    results = doc["results"]
    lines: list[str] = []
    for r in results:
        prefix = WORDS[lang]["players"].format(p=r["players"]) if len(results) > 1 else ""
        lines += [prefix + s for s in r["verdict"]]
    lines.append(significance_line(len(results[0]["metrics"]) if results else 0, lang))
    lines.append(f"compare {doc['base']} -> {doc['variant']} ({doc['name']}): {doc['games']} games per player "
                 f"count on the same seeds, played by {doc.get('agents_text') or ', '.join(doc['agents'])}")
    if doc.get("description"):
        lines.append(f"  {doc['description']}")
    diffs = doc.get("differences") or []
    lines.append("what the variant changes: " + ("; ".join(format_difference(d) for d in diffs[:6])
                                                  + (f"; +{len(diffs) - 6} more" if len(diffs) > 6 else "")
                                                  if diffs else "nothing in the data (same rules and components)"))
    for r in results:
        lines.append(f"{r['players']} players (base -> variant, difference [95 % interval], * significant):")
        shown = [m for m in r["metrics"] if m.get("group", "internal") != "internal"]
        width = max([len(label(m["metric"])) for m in shown] + [10])
        for key in GROUPS[:-1]:
            rows = [m for m in shown if m.get("group") == key]
            if rows and key == "fairness":  # one line: every seat's share of wins, base -> variant
                lines.append(f"  {words[key]}: " + "  ".join(_seat(m) for m in rows))
            elif rows:
                lines.append(f"  {words[key]}")
                lines += [_row(m, width) for m in rows]
        lines += _components(r)
        lines += _cards(r)
        internal = [m for m in r["metrics"] if m.get("group") == "internal"]
        if internal:
            moved = sum(m["significant"] for m in internal)
            follows = sum(bool(m.get("follows_from_change")) for m in internal)
            lines.append(f"  {words['internal']} (folded, in the report): {len(internal)} figures, {moved} changed"
                         + (f", {follows} of them follow from your change" if follows else ""))
    if results:
        lines.append(footnote(results[0].get("family", len(results[0]["metrics"])), lang))
    return "\n".join(lines)


def _seat(m: dict[str, Any]) -> str:
    """``seat 1 26.5%->30.2%`` (``*`` when significant) for the fairness line."""
    from cardgen.simulate.verdict import number

    def f(x: float | None) -> str:
        return "-" if x is None else number(x, "en", True)

    return f"seat {m['metric'].split('_')[1]} {f(m['base'])}->{f(m['variant'])}{' *' if m['significant'] else ''}"


def _components(r: dict[str, Any]) -> list[str]:
    """Components to print, per deck: which piece and how many more, or that the box holds enough."""
    out = []
    for side in ("base_result", "variant_result"):
        for f in r[side].get("sufficiency", []):
            out.append(f"    {r[side]['variant']}: {f['warning']}")
    if not out:
        return []
    return ["  Components to print"] + out


def _cards(r: dict[str, Any], most: int = 3) -> list[str]:
    """The components whose players win most or least (flagged ones), base -> variant."""
    from cardgen.simulate.verdict import number

    rows = [c for c in r.get("component_impact", []) if c.get("flag") or (c.get("base") or {}).get("flag")]
    if not rows:
        return []
    out = ["  Which card is too strong (win rate of seats dealt it minus that of the others)"]
    for c in rows[:most]:
        b = c.get("base") or {}
        before = number(b["difference"], "en", True, True) if b.get("difference") is not None else "-"
        after = number(c["difference"], "en", True, True) if c.get("difference") is not None else "-"
        flag = c.get("flag") or b.get("flag")
        out.append(f"    {c['component']}: {before} -> {after} ({flag})")
    return out
