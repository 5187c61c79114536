"""The report page of ``cardgen tune``: every trial, the best ones, how each parameter moved each target.

One static HTML file with inline SVG (no scripts, no external resources), written
next to the tuned variant files. A chart per parameter and target: each trial is a
dot at its parameter value and measured figure (with its 95 % interval), the target
range is a shaded band, the best trial is drawn larger.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from cardgen.languages import significant, typeset
from cardgen.report.svg import BAR as DOT, FAIR as BEST, chart, element, text_at  # the charts' palette, shared
from cardgen.report.templating import render
from cardgen.report.validation import agents_text
from cardgen.report.words import _BOOK
from cardgen.simulate.summary import Naming, interval, joined
from cardgen.terminal import say, say_n

#: the tuning page's words per language (``report/words.json``, table ``tuning``)
TUNING = _BOOK["tuning"]


def _words(key: str, lang: str, **fields: Any) -> str:
    return typeset(TUNING[lang][key].format(**fields), lang)


def param_name(key: str, lang: str = "en", naming: Naming | None = None) -> str:
    """A tuned parameter as the designer reads it in ``lang``: a rule by the name the game gives it, a
    component count (``count:ham``) by the component's name; never the rule's key."""
    naming = naming or Naming()
    if key.startswith("count:"):
        cid = key.split(":", 1)[1]
        return _words("count", lang, name=naming.names.get(cid) or cid.replace("-", " ").replace("_", " "))
    if key.startswith("card:"):  # card:noble-a1/faces/0/points: the number's field, on the card's name
        from cardgen.simulate.verdict import QUOTED
        cid, *path = key.split(":", 1)[1].split("/")
        fields = TUNING[lang].get("card_fields") or {}
        field = fields.get(path[-1]) or path[-1].replace("_", " ")
        name = QUOTED[lang].format(naming.names.get(cid) or cid)
        if "{name}" in field:  # a field a phrase of its own says ("seats “To and Fro” moves one character forward")
            return field.format(name=name)
        return _words("card", lang, field=field, name=name)
    return naming.rule(key.removeprefix("rules.").removeprefix("rule:"), lang)


def metric_name(metric: str, lang: str = "en", naming: Naming | None = None) -> str:
    """A tuning target's figure by its name in ``lang`` (``verdict.label``: engine tallies by the game's names;
    ``end:REASON`` is compare's ``end_reason:REASON``)."""
    from cardgen.simulate.verdict import label

    own = TUNING[lang]["metrics"]
    if metric in own:
        return own[metric]
    if metric.startswith("end:"):
        metric = "end_reason:" + metric[4:]
    return label(metric, lang, (naming or Naming()).words)


def settings_text(values: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> str:
    """A trial's values, each parameter by its name: ``Cards dealt per player = 3``, in ``lang``."""
    naming = naming or Naming()
    return joined((f"{param_name(k, lang, naming)} = {_fmt(v, lang, naming)}" for k, v in values.items()), lang)

W, H = 360, 220
PAD_L, PAD_R, PAD_T, PAD_B = 48, 12, 14, 34
BAND = "#cfe8d5"
OFF = "#999999"


def _fmt(x: Any, lang: str = "en", naming: Naming | None = None) -> str:
    """A parameter's value or a figure on a chart, as ``lang`` writes it."""
    if isinstance(x, float):
        return significant(x, lang)
    return (naming or Naming()).value(x, lang)


def scatter(param: str, metric: str, points: list[tuple[Any, float, float, float, bool, bool]],
            band: tuple[float, float], lang: str = "en", naming: Naming | None = None) -> Markup:
    """``points``: (x value, y, low, high, feasible, best). Categorical x when values are not all numbers;
    ``param`` and ``metric`` are names a designer reads, numbers written as ``lang`` writes them."""
    xs = [p[0] for p in points]
    numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs)
    cats = [] if numeric else list(dict.fromkeys(_fmt(x, lang, naming) for x in xs))
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
        return PAD_L + (cats.index(_fmt(x, lang, naming)) + 0.5) / len(cats) * (W - PAD_L - PAD_R)

    def py(y: float) -> float:
        return PAD_T + (y_hi - y) / (y_hi - y_lo) * (H - PAD_T - PAD_B)

    parts = [element("rect", {"x": PAD_L, "y": f"{py(band[1]):.1f}", "width": W - PAD_L - PAD_R,
                              "height": f"{max(1.0, py(band[0]) - py(band[1])):.1f}", "fill": BAND}),
             element("line", {"x1": PAD_L, "y1": H - PAD_B, "x2": W - PAD_R, "y2": H - PAD_B, "stroke": "#444"}),
             element("line", {"x1": PAD_L, "y1": PAD_T, "x2": PAD_L, "y2": H - PAD_B, "stroke": "#444"})]
    for y in (y_lo + margin, (y_lo + y_hi) / 2, y_hi - margin):
        parts.append(text_at(PAD_L - 4, f"{py(y) + 4:.1f}", significant(y, lang), "end"))
    ticks = sorted(set(xs)) if numeric and len(set(xs)) <= 12 else ([x_lo, x_hi] if numeric else cats)
    for x in ticks:
        label = _fmt(x, lang, naming)
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
                                        "fill-opacity": "0.8"}, title=_words("tip", lang, param=param, x=_fmt(x, lang, naming),
                                                                 metric=metric,
                                                                 y=significant(y, lang, 4))))
    return chart(W, H, _words("by", lang, metric=metric, param=param), parts, heading=False)


def _trial_row(t: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> dict[str, Any]:
    """One row of the table of every trial, in ``lang``."""
    note = t["why"]
    if t.get("repeat_of") is not None:
        note = _words("repeat", lang, n=t["repeat_of"] + 1)
    return {"trial": t["trial"] + 1, "settings": settings_text(t["values"], lang, naming),
            "feasible": say("yes" if t["feasible"] else "no", lang),
            "distance": significant(t["objective"], lang) if t["feasible"] else "—", "note": note}


def render_tuning(doc: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> str:
    """The whole page for one ``tune.json`` document (``templates/report/tuning.html``), every word in ``lang``,
    rules, components and figures by the names the game gives them (``naming``)."""
    from cardgen.simulate.verdict import agents_words

    naming = naming or Naming()
    trials = doc["trials"]
    best = set(doc["best"][:1])
    ranked = [t for n in doc["best"] for t in trials if t["trial"] == n]
    targets = doc["targets"]

    def num(x: float) -> str:
        return significant(x, lang, 4)

    rows = []
    for rank, t in enumerate(ranked, start=1):
        cells = []
        for p, m in sorted(t["metrics"].items(), key=lambda kv: int(kv[0])):
            for tg in targets:
                if tg["metric"] in m:
                    v, lo, hi = m[tg["metric"]]
                    cells.append({"players": p, "metric": metric_name(tg["metric"], lang, naming),
                                  "ok": tg["low"] <= v <= tg["high"], "value": num(v),
                                  # the interval as every page and the terminal write it ("[0,4 ; 0,6]"), never
                                  # "[0,4, 0,6]", whose comma read as a decimal mark (eighteenth reading fr72)
                                  "interval": typeset(interval(num(lo), num(hi), lang), lang),
                                  "target": _words("target", lang, low=num(tg["low"]), high=num(tg["high"]))})
        if cells:
            rows.append({"rank": rank, "trial": t["trial"] + 1, "cells": cells,
                         "settings": settings_text(t["values"], lang, naming)})
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
                    pname, mname = param_name(param, lang, naming), metric_name(tg["metric"], lang, naming)
                    charts.append({"svg": scatter(pname, mname, points, (tg["low"], tg["high"]), lang, naming),
                                   "caption": _words("caption", lang, metric=mname, param=pname,
                                                     players=say_n("players", players, lang))})
    agents = agents_words(doc["agents"], lang) if isinstance(doc.get("agents"), list) else agents_text(doc)
    words = TUNING[lang]
    on_target = len(doc.get("on_target") or [])
    deck = doc["deck"]
    return str(render(
        "tuning.html", title=_words("title", lang, deck=deck), lang=lang, nav="", words=words,
        intro=_words("intro", lang, trials=len(trials), games=say_n("games", doc["games"], lang),
                     players=", ".join(say_n("players", p, lang) for p in doc["players"]),
                     agents=agents, seed=doc["seed"],
                     aims=joined((_words("aim", lang, metric=metric_name(t["metric"], lang, naming),
                                         low=num(t["low"]), high=num(t["high"])) for t in targets), lang)),
        on_target=_words("on_target", lang, n=on_target, file=f"{deck}-tuned-N.yaml") if on_target else "",
        closest=(_words("closest", lang), _words("closest_more", lang, file=f"{deck}-closest.yaml")),
        has_best=bool(doc.get("best")), best=rows, best_head=words["best_head"].split("|"),
        every_head=words["every_head"].split("|"),
        trials=[_trial_row(t, lang, naming) for t in trials], charts=charts))
