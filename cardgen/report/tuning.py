"""The report page of ``cardgen tune``: every trial, the best ones, how each parameter moved each target.

One static HTML file with inline SVG (no scripts, no external resources), written
next to the tuned variant files. A chart per parameter and target: each trial is a
dot at its parameter value and measured figure (with its 95 % interval), the target
range is a shaded band, the best trial is drawn larger.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from cardgen.report.svg import BAR as DOT, FAIR as BEST, chart, element, text_at  # the charts' palette, shared
from cardgen.report.templating import render
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
    return str(x)


def scatter(param: str, metric: str, points: list[tuple[Any, float, float, float, bool, bool]],
            band: tuple[float, float]) -> Markup:
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

    parts = [element("rect", {"x": PAD_L, "y": f"{py(band[1]):.1f}", "width": W - PAD_L - PAD_R,
                              "height": f"{max(1.0, py(band[0]) - py(band[1])):.1f}", "fill": BAND}),
             element("line", {"x1": PAD_L, "y1": H - PAD_B, "x2": W - PAD_R, "y2": H - PAD_B, "stroke": "#444"}),
             element("line", {"x1": PAD_L, "y1": PAD_T, "x2": PAD_L, "y2": H - PAD_B, "stroke": "#444"})]
    for y in (y_lo + margin, (y_lo + y_hi) / 2, y_hi - margin):
        parts.append(text_at(PAD_L - 4, f"{py(y) + 4:.1f}", f"{y:.3g}", "end"))
    ticks = sorted(set(xs)) if numeric and len(set(xs)) <= 12 else ([x_lo, x_hi] if numeric else cats)
    for x in ticks:
        label = _fmt(x)
        xpos = px(x) if numeric else PAD_L + (cats.index(label) + 0.5) / len(cats) * (W - PAD_L - PAD_R)
        parts.append(text_at(f"{xpos:.1f}", H - PAD_B + 14, label, "middle"))
    parts.append(text_at(f"{(W + PAD_L) / 2:.0f}", H - 4, param, "middle"))
    for x, y, lo, hi, feasible, best in sorted(points, key=lambda p: p[5]):
        colour = BEST if best else (DOT if feasible else OFF)
        cx = f"{px(x):.1f}"
        if hi > lo:
            parts.append(element("line", {"x1": cx, "y1": f"{py(lo):.1f}", "x2": cx, "y2": f"{py(hi):.1f}",
                                          "stroke": colour, "stroke-width": 1}))
        parts.append(element("circle", {"cx": cx, "cy": f"{py(y):.1f}", "r": 5 if best else 3, "fill": colour,
                                        "fill-opacity": "0.8"}, title=f"{param} {_fmt(x)}: {metric} {y:.4g}"))
    return chart(W, H, f"{metric} by {param}", parts, heading=False)


def _trial_row(t: dict[str, Any]) -> dict[str, Any]:
    """One row of the table of every trial."""
    note = t["why"]
    if t.get("repeat_of") is not None:
        note = f"same values as trial {t['repeat_of'] + 1}, not played again"
    return {"trial": t["trial"] + 1, "settings": ", ".join(f"{k}={_fmt(v)}" for k, v in t["values"].items()),
            "feasible": "yes" if t["feasible"] else "no",
            "distance": f"{t['objective']:.3g}" if t["feasible"] else "—", "note": note}


def render_tuning(doc: dict[str, Any]) -> str:
    """The whole page for one ``tune.json`` document (``templates/report/tuning.html``)."""
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
                    cells.append({"players": p, "metric": tg["metric"], "ok": tg["low"] <= v <= tg["high"],
                                  "value": f"{v:.4g}", "low": f"{lo:.4g}", "high": f"{hi:.4g}",
                                  "target": f"{tg['low']:g}–{tg['high']:g}"})
        if cells:
            rows.append({"rank": rank, "trial": t["trial"] + 1, "cells": cells,
                         "settings": ", ".join(f"{k} = {_fmt(v)}" for k, v in t["values"].items())})
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
                    charts.append({"svg": scatter(param, tg["metric"], points, (tg["low"], tg["high"])),
                                   "caption": f"{tg['metric']} by {param}, {players} players"})
    return str(render("tuning.html", title=f"Tuning {doc['deck']}", lang="en", nav="", deck=doc["deck"],
                      trials=[_trial_row(t) for t in trials], games=doc["games"], players=doc["players"],
                      agents=agents_text(doc), seed=doc["seed"],
                      aims=[f"{t['metric']} in {t['low']:g}–{t['high']:g}" for t in targets],
                      on_target=len(doc.get("on_target") or []), has_best=bool(doc.get("best")), best=rows,
                      charts=charts))
