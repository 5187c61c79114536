"""The report page of ``cardgen tune``: every trial, the best ones, how each parameter moved each target.

One static HTML file with inline SVG (no scripts, no external resources), written
next to the tuned variant files. A chart per parameter and target: each trial is a
dot at its parameter value and measured figure (with its 95 % interval), the target
range is a shaded band, the best trial is drawn larger.
"""
from __future__ import annotations

from html import escape
from typing import Any

from cardgen.report.svg import BAR as DOT, FAIR as BEST, FONT  # the charts' palette and font, shared
from cardgen.report.validation import agents_text

W, H = 360, 220
PAD_L, PAD_R, PAD_T, PAD_B = 48, 12, 14, 34
BAND = "#cfe8d5"
OFF = "#999999"


def _fmt(x: Any) -> str:
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return f"{x:.3g}"
    return escape(str(x))


def scatter(param: str, metric: str, points: list[tuple[Any, float, float, float, bool, bool]],
            band: tuple[float, float]) -> str:
    """``points``: (x value, y, low, high, feasible, best). Categorical x when values are not all numbers."""
    xs = [p[0] for p in points]
    numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs)
    cats = [] if numeric else list(dict.fromkeys(_fmt(x) for x in xs))
    if numeric:
        x_lo, x_hi = min(xs), max(xs)
        if x_lo == x_hi:
            x_lo, x_hi = x_lo - 1, x_hi + 1
    ys = [v for p in points for v in (p[2], p[3])] + list(band)
    y_lo, y_hi = min(ys), max(ys)
    if y_lo == y_hi:
        y_lo, y_hi = y_lo - 1, y_hi + 1
    margin = (y_hi - y_lo) * 0.08
    y_lo, y_hi = y_lo - margin, y_hi + margin

    def px(x: Any) -> float:
        if numeric:
            return PAD_L + (x - x_lo) / (x_hi - x_lo) * (W - PAD_L - PAD_R)
        return PAD_L + (cats.index(_fmt(x)) + 0.5) / len(cats) * (W - PAD_L - PAD_R)

    def py(y: float) -> float:
        return PAD_T + (y_hi - y) / (y_hi - y_lo) * (H - PAD_T - PAD_B)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" role="img">',
             f"<title>{escape(metric)} by {escape(param)}</title>",
             f'<rect x="{PAD_L}" y="{py(band[1]):.1f}" width="{W - PAD_L - PAD_R}" '
             f'height="{max(1.0, py(band[0]) - py(band[1])):.1f}" fill="{BAND}"/>',
             f'<line x1="{PAD_L}" y1="{H - PAD_B}" x2="{W - PAD_R}" y2="{H - PAD_B}" stroke="#444"/>',
             f'<line x1="{PAD_L}" y1="{PAD_T}" x2="{PAD_L}" y2="{H - PAD_B}" stroke="#444"/>']
    for y in (y_lo + margin, (y_lo + y_hi) / 2, y_hi - margin):
        parts.append(f'<text x="{PAD_L - 4}" y="{py(y) + 4:.1f}" text-anchor="end" {FONT}>{y:.3g}</text>')
    ticks = sorted(set(xs)) if numeric and len(set(xs)) <= 12 else ([x_lo, x_hi] if numeric else cats)
    for x in ticks:
        label = _fmt(x)
        xpos = px(x) if numeric else PAD_L + (cats.index(label) + 0.5) / len(cats) * (W - PAD_L - PAD_R)
        parts.append(f'<text x="{xpos:.1f}" y="{H - PAD_B + 14}" text-anchor="middle" {FONT}>{label}</text>')
    parts.append(f'<text x="{(W + PAD_L) / 2:.0f}" y="{H - 4}" text-anchor="middle" {FONT}>{escape(param)}</text>')
    for x, y, lo, hi, feasible, best in sorted(points, key=lambda p: p[5]):
        colour = BEST if best else (DOT if feasible else OFF)
        cx = px(x)
        if hi > lo:
            parts.append(f'<line x1="{cx:.1f}" y1="{py(lo):.1f}" x2="{cx:.1f}" y2="{py(hi):.1f}" '
                         f'stroke="{colour}" stroke-width="1"/>')
        parts.append(f'<circle cx="{cx:.1f}" cy="{py(y):.1f}" r="{5 if best else 3}" fill="{colour}" '
                     f'fill-opacity="0.8"><title>{escape(param)} {_fmt(x)}: {escape(metric)} {y:.4g}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _trial_row(t: dict[str, Any]) -> str:
    """One row of the table of every trial."""
    values = ", ".join(f"{escape(k)}={_fmt(v)}" for k, v in t["values"].items())
    distance = f"{t['objective']:.3g}" if t["feasible"] else "—"
    note = escape(t["why"])
    if t.get("repeat_of") is not None:
        note = f"same values as trial {t['repeat_of'] + 1}, not played again"
    return (f"<tr><td>{t['trial'] + 1}</td><td>{values}</td><td>{'yes' if t['feasible'] else 'no'}</td>"
            f"<td>{distance}</td><td>{note}</td></tr>")


def _verdict(doc: dict[str, Any]) -> str:
    """Whether any trial met the target, and so which files were written."""
    if doc.get("on_target"):
        return (f"<p>{len(doc['on_target'])} trial(s) on target, written as "
                f"<code>{escape(doc['deck'])}-tuned-N.yaml</code>.</p>")
    if doc.get("best"):
        return ("<p class=off><b>No trial met the target.</b> The closest was written as "
                f"<code>{escape(doc['deck'])}-closest.yaml</code>, not as a tuned variant.</p>")
    return "<p class=off><b>No feasible trial.</b></p>"


def render_tuning(doc: dict[str, Any]) -> str:
    """The whole page for one ``tune.json`` document."""
    trials = doc["trials"]
    best = set(doc["best"][:1])
    ranked = [t for n in doc["best"] for t in trials if t["trial"] == n]
    targets = doc["targets"]
    rows = []
    for rank, t in enumerate(ranked, start=1):
        cells = []
        for p, m in sorted(t["metrics"].items(), key=lambda kv: int(kv[0])):
            for tg in targets:
                if tg["metric"] in m:
                    v, lo, hi = m[tg["metric"]]
                    ok = tg["low"] <= v <= tg["high"]
                    cells.append(f"<td>{p}</td><td>{escape(tg['metric'])}</td>"
                                 f"<td class={'ok' if ok else 'off'}>{v:.4g}</td><td>[{lo:.4g}, {hi:.4g}]</td>"
                                 f"<td>{tg['low']:g}–{tg['high']:g}</td>")
        values = ", ".join(f"{escape(k)} = {_fmt(v)}" for k, v in t["values"].items())
        for i, cell in enumerate(cells):
            head = (f"<td rowspan={len(cells)}>{rank}</td><td rowspan={len(cells)}>{t['trial'] + 1}</td>"
                    f"<td rowspan={len(cells)}>{values}</td>") if i == 0 else ""
            rows.append(f"<tr>{head}{cell}</tr>")
    charts = []
    for param in doc["params"]:
        for tg in targets:
            for players in doc["players"]:
                points = []
                for t in trials:
                    m = t["metrics"].get(str(players), {}).get(tg["metric"])
                    if m is not None:
                        points.append((t["values"][param], m[0], m[1], m[2], t["feasible"], t["trial"] in best))
                if points:
                    charts.append(f"<figure>{scatter(param, tg['metric'], points, (tg['low'], tg['high']))}"
                                  f"<figcaption>{escape(tg['metric'])} by {escape(param)}, {players} players"
                                  f"</figcaption></figure>")
    trial_rows = "".join(_trial_row(t) for t in trials)
    aims = ", ".join(f"{escape(t['metric'])} in {t['low']:g}–{t['high']:g}" for t in targets)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tuning {escape(doc['deck'])}</title>
<style>
body{{font-family:"DejaVu Sans",Verdana,sans-serif;max-width:1100px;margin:2em auto;color:#222;padding:0 1em}}
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:3px 8px;text-align:left}}
.ok{{background:#cfe8d5}}.off{{background:#f6d5c8}}figure{{display:inline-block;margin:0 1em 1em 0}}
figcaption{{font-size:12px;text-align:center}}
</style></head><body>
<h1>Tuning {escape(doc['deck'])}</h1>
<p>{len(trials)} trials of {doc['games']} games per player count ({', '.join(map(str, doc['players']))} players;
played by {escape(agents_text(doc))}; seed {doc['seed']}). Aim: {aims}. Every trial plays the same game seeds,
so differences between trials come from their rules, not their deals.</p>
<h2>Best variants</h2>
{_verdict(doc)}
<table><tr><th>rank</th><th>trial</th><th>values</th><th>players</th><th>metric</th><th>measured</th>
<th>95 % interval</th><th>target</th></tr>{''.join(rows) or '<tr><td colspan=8>no feasible trial</td></tr>'}</table>
<h2>How each parameter moved each target</h2>
<p>One dot per trial with its 95 % interval; the green band is the target; the best trial is the large orange dot;
grey dots failed their checks or met an unsettled rule gap.</p>
{''.join(charts)}
<h2>Every trial</h2>
<table><tr><th>trial</th><th>values</th><th>feasible</th><th>distance from target</th><th>why not</th></tr>
{trial_rows}</table>
</body></html>
"""
