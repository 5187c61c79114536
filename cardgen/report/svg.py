"""Small inline SVG charts (no plotting library, no scripts, no external resources).

Each chart function computes its geometry here (positions rounded, numbers written in the
page's language, percentages by ``cardgen.languages.percent``) as a list of elements, and
``templates/report/charts.svg`` writes the markup, autoescaped: a chart comes back as one
``<svg>`` element (``Markup``), sized in CSS pixels and readable without JavaScript: axis
labels and values are text, and every chart has a ``<title>`` for screen readers.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from markupsafe import Markup

from cardgen.languages import decimal, percent, plain, typeset
from cardgen.report.templating import macro
from cardgen.report.words import TIPS  # the charts' few own words (hover titles, empty charts)

Number = int | float

BAR = "#0072B2"
WHISKER = "#222222"
FAIR = "#D55E00"
GRID = "#dddddd"


def _fmt(x: Number, lang: str = "en") -> str:
    """A bin's bound: a whole number as it is, else three significant digits with ``lang``'s decimal sign."""
    if isinstance(x, float) and not x.is_integer():
        return plain(x, lang, 3) if abs(x) < 1000 else f"{x:.0f}"
    return str(int(x))


def _pc(share: float, lang: str = "en", places: int = 1) -> str:
    """A share (0.265) as the language writes a percentage: ``26.5%``, ``26,5 %`` (``languages.percent``), with
    exactly ``places`` decimals: "[15 % ; 31,1 %]" beside "[15,8 % ; 32,2 %]" read as a figure cut short (fr54,
    it56)."""
    return percent(share, lang, places=places, fixed=True)


def _num(x: Number, lang: str, signed: bool = False, places: int = 1) -> str:
    """A number as the language writes it (``languages.decimal``): ``1,234.5``, ``1 234,5``."""
    return decimal(x, lang, signed, places)


def element(tag: str, attrs: dict[str, Any], text: str | None = None, title: str | None = None) -> dict[str, Any]:
    """One SVG element for ``charts.svg``: its attributes (numbers already written), its text, its hover title."""
    return {"tag": tag, "attrs": list(attrs.items()), "text": text, "title": title}


def text_at(x: Any, y: Any, text: str, anchor: str | None = None, **attrs: Any) -> dict[str, Any]:
    """A text label at (``x``, ``y``), anchored ``start`` (default), ``middle`` or ``end``."""
    return element("text", {"x": x, "y": y, **({"text-anchor": anchor} if anchor else {}),
                            **{k.replace("_", "-"): v for k, v in attrs.items()}}, text)


#: the widest a bold 11 px title character is on average (DejaVu Sans, a wide face), in pixels: how many fit a line
TITLE_CHAR = 7.0
#: the widest a regular 11 px label character is on average (DejaVu Sans), in pixels
LABEL_CHAR = 6.2
#: the height of one line of a chart's title, in pixels
TITLE_LINE = 15
#: how wide a chart is drawn, in pixels: its viewBox scales it to its column, so its 11 px text shows at
#: 11 × column / CHART_WIDTH. Three a row at 1280 px, each column about 350 px, the text shows at 13 px; drawn 400 px
#: wide it showed at 9-10 px beside the page's 16 px (round 32 en42, it31), drawn 520 px wide at 7 px on a phone
#: (nineteenth reading it52). On a phone (374 px inside the page's margins) it shows at about 13.5 px.
CHART_WIDTH = 300


#: the marks French sets after a space that must never begin a line: the space before them does not break
_CLINGS = frozenset(":;!?%»")


def title_lines(title: str, width: int, char: float = TITLE_CHAR) -> list[str]:
    """A chart's title cut at its spaces into lines that fit ``width`` (10 px margins): a long title ran off the
    chart's right edge ("… linea: dal più ba", it53). Only plain spaces break: a no-break space ("95 %") never.
    ``char`` is a character's average width: a title's bold one by default, ``LABEL_CHAR`` for a row's label."""
    most = max(10, int((width - 20) / char))
    lines: list[str] = []
    line = ""
    words: list[str] = []
    for word in title.split(" "):  # French's " :" keeps its mark on the line before, joined by a narrow no-break
        # space as typeset text writes it: no line starts with ":" (fifteenth reading fr37)
        if words and word[:1] in _CLINGS:
            words[-1] += "\u202f" + word
        else:
            words.append(word)
    for word in words:
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def chart(width: int, height: int, title: str, elements: list[dict[str, Any]], heading: bool = True) -> Markup:
    """A whole chart (``charts.svg``'s ``chart``); with ``heading``, its title written in bold above the drawing
    (a chart with a caption of its own has none), on as many lines as it needs: the drawing moves down and the
    chart grows by the lines added, so nothing is cut."""
    lines = title_lines(title, width) if heading else []
    shift = TITLE_LINE * max(0, len(lines) - 1)
    top = [text_at(10, 14 + TITLE_LINE * i, line, font_weight="bold") for i, line in enumerate(lines)]
    return macro("charts.svg", "chart", {"width": width, "height": height + shift, "title": title, "heading": top,
                                         "shift": shift, "elements": elements})


def _nice_step(span: float, target: int) -> float:
    """A 1-2-5 step that cuts ``span`` into about ``target`` parts."""
    if span <= 0:
        return 1.0
    raw = span / target
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag  # pragma: no cover


def _grid_lines(parts: list[dict[str, Any]], left: float, top: float, w: float, h: float, peak: Number,
                label: Callable[[float], str]) -> None:
    """A bar chart's horizontal grid, from 0 to ``peak`` in about four nice steps, each line labelled
    on the left by ``label(value)``."""
    step = _nice_step(peak, 4)
    y = 0.0
    while y <= peak + 1e-9:
        py = f"{top + h - h * y / peak:.1f}"
        parts.append(element("line", {"x1": left, "x2": left + w, "y1": py, "y2": py, "stroke": GRID}))
        parts.append(text_at(left - 4, f"{top + h - h * y / peak + 4:.1f}", label(y), "end"))
        y += step


def _whisker(parts: list[dict[str, Any]], lo: float, hi: float, cy: float, half: float) -> None:
    """A 95 % interval from ``lo`` to ``hi`` at height ``cy``: the line and its two end ticks, ``half`` high."""
    parts.append(element("line", {"x1": f"{lo:.1f}", "x2": f"{hi:.1f}", "y1": f"{cy:.1f}", "y2": f"{cy:.1f}",
                                  "stroke": WHISKER, "stroke-width": "1.5"}))
    for x in (lo, hi):
        parts.append(element("line", {"x1": f"{x:.1f}", "x2": f"{x:.1f}", "y1": f"{cy - half:.1f}",
                                      "y2": f"{cy + half:.1f}", "stroke": WHISKER}))


def _bound(share: float, lang: str, fairs: Sequence[float] = ()) -> str:
    """An interval's bound as a share, with one decimal, or more where one decimal would print it as a fair share it
    is not: "[26,04 % ; 49,5 %]" beside a fair share of 26,0 %, never "[26,0 % ; …]" under a text that says the gap
    goes just beyond chance (terminal round 48 it28*)."""
    places = 1
    while places < 3 and any(_pc(share, lang, places) == _pc(f, lang, places) and abs(share - f) > 1e-12
                             for f in fairs):
        places += 1
    return _pc(share, lang, places)


def tip(lang: str, label: str, value: str, bounds: tuple[float, float] | None = None, compared: int | None = None,
        fairs: Sequence[float] = ()) -> str:
    """A chart's hover title in ``lang``'s typography: "label : value" with French's narrow space before the
    colon, and a share's 95 % interval as the tables write one ("[8,5 % ; 22,1 %]", never "8,5 % – 22,1 %"
    nor the English "[-14,3, +8,3]": tenth reading fr77); ``compared``: the interval is the balance verdict's, widened
    for that many seats, and named so (fifteenth reading en1); ``fairs``: the fair shares the chart draws, a bound
    that would print as one of them given more decimals (``_bound``)."""
    from cardgen.simulate.summary import interval
    if bounds is None:
        return typeset(TIPS[lang]["value_tip"].format(label=label, value=value), lang)
    named = TIPS[lang]["interval_wide"].format(n=compared) if compared else TIPS[lang]["interval"]
    ends = [_bound(b, lang, fairs) for b in bounds]
    # a bound given more decimals says why: "[26,04 % ; 49,5 %]" beside a fair share of 26,0 % was unexplained
    # (terminal round 50, r48 fr21, r49 fr6, en22)
    fine = any(end != _pc(b, lang, 1) for end, b in zip(ends, bounds))
    return typeset(TIPS[lang]["rate_tip_fine" if fine else "rate_tip"].format(label=label, value=value, interval=named,
                                                                              range=interval(*ends, lang)),
                   lang)


def _games_tip(lang: str, name: str, value: str, unit: str, share: str | None) -> str:
    """A length bar's hover title: "15 courses: 0.3% of games", after its series' name where several share the
    chart ("Royale, 15 courses: …"); an empty bar (``share`` None) "19 turns: no games", as fix and compare say an
    exact zero: "0.0% of games" (terminal round 47 fr36, en26)."""
    key = "games_tip" if share is not None else "games_tip_none"
    said = TIPS[lang][key].format(value=value, unit=unit, share=share).replace("  ", " ")
    return typeset(f"{name}, {said}" if name else said, lang)


def _vertical(x: float, top: Number, base: Number, colour: str, title: str | None = None,
              **attrs: Any) -> dict[str, Any]:
    """A vertical line at ``x`` from ``top`` down to ``base`` (a grid line, the 0 line, the fair share)."""
    return element("line", {"x1": f"{x:.1f}", "x2": f"{x:.1f}", "y1": top, "y2": base, "stroke": colour,
                            **{k.replace("_", "-"): v for k, v in attrs.items()}}, title=title)


def bins(histogram: list[list[Number]], max_bins: int = 30, lang: str = "en") -> list[tuple[str, int]]:
    """Bars for a ``[[value, count], ...]`` histogram: one per integer when few, else equal-width bins (their
    labels with ``lang``'s decimal sign)."""
    if not histogram:
        return []
    values = [v for v, _ in histogram]
    lo, hi = min(values), max(values)
    integral = all(float(v).is_integer() for v in values)
    if integral and hi - lo + 1 <= max_bins:
        counts = {int(v): int(c) for v, c in histogram}
        return [(str(v), counts.get(v, 0)) for v in range(int(lo), int(hi) + 1)]
    step = _nice_step(hi - lo, max_bins)
    if integral:
        step = max(1.0, math.ceil(step))
    start = math.floor(lo / step) * step
    n = int((hi - start) // step) + 1
    out = [0] * n
    for v, c in histogram:
        out[min(n - 1, int((v - start) // step))] += int(c)
    labels = []
    for i in range(n):
        a = start + i * step
        # a range with an en dash, as the page writes "0–6" (twenty-fifth reading en40, fr40, it43)
        labels.append(f"{_fmt(a, lang)}\u2013{_fmt(a + step - 1, lang)}" if integral and step > 1 else _fmt(a, lang))
    return list(zip(labels, out))


#: Colours of the base deck and of the variant in comparison charts (colour-blind safe pair).
BASE_COLOUR = "#999999"
VARIANT_COLOUR = BAR



def _legend(parts: list[dict[str, Any]], x: float, y: float, series: list[tuple[str, str]]) -> None:
    for label, colour in series:
        parts.append(element("rect", {"x": f"{x:.1f}", "y": f"{y - 9:.1f}", "width": 10, "height": 10,
                                      "fill": colour, "fill-opacity": "0.7"}))
        parts.append(text_at(f"{x + 14:.1f}", f"{y:.1f}", label))
        x += 24 + 7 * len(label)


def _axis_label(parts: list[dict[str, Any]], left: float, w: float, height: int, xlabel: str) -> None:
    parts.append(text_at(f"{left + w / 2:.1f}", height - 6, xlabel, "middle"))


def overlay_shares(series: list[tuple[str, list[list[Number]], str]], max_bins: int = 30,
                   lang: str = "en") -> tuple[list[str], list[list[float]]]:
    """``overlay_svg``'s bins (their labels) and each series' share of its games in each, on shared bins."""
    merged: dict[Number, int] = {}
    for _, hist, _ in series:
        for v, _c in hist:
            merged[v] = 1
    if not merged:
        return [], []
    labels = [label for label, _ in bins([[v, 0] for v in merged], max_bins, lang)]
    shares = []
    for _, hist, _ in series:
        # the same binning for every series: bin this series together with zero counts of all values
        counts = dict(bins([[v, 0] for v in merged if v not in {x for x, _ in hist}] + [list(p) for p in hist],
                           max_bins, lang))
        total = sum(counts.values()) or 1
        shares.append([counts.get(label, 0) / total for label in labels])
    return labels, shares


#: the height of a histogram chart (``overlay_svg``), in the units of its width (``CHART_WIDTH``)
OVERLAY_HEIGHT = 230


def overlay_svg(series: list[tuple[str, list[list[Number]], str]], title: str, xlabel: str,
                width: int = CHART_WIDTH, max_bins: int = 30, lang: str = "en", unit: str = "",
                top_share: float = 0.0) -> Markup:
    """Histograms of several series on shared bins, as shares of each series' games, side by side in each bin
    (numbers and hover titles in ``lang``). A bar's hover title says what its value counts (``unit``: "15 courses: 0.3% of
    games", never "King Lui 15: 0.3%"); one series has no legend and no name in its hover titles (fifteenth
    reading fr36, it49): the page names the game already.

    Shares rather than counts, so two decks with different numbers of completed games
    compare by shape. Each series is ``(label, [[value, count], ...], colour)``. ``top_share``: the scale reaches
    at least this share, so that a page's charts of one kind share a scale: 0-100% at 3 and 5 players, 0-60% at 4
    could not be compared by eye (round 32 en42).
    """
    height = OVERLAY_HEIGHT
    left, right, top, bottom = 44, 10, 34, 40
    w, h = width - left - right, height - top - bottom
    parts: list[dict[str, Any]] = []
    if len(series) > 1:
        _legend(parts, left, 28, [(label, colour) for label, _, colour in series])
    labels, shares = overlay_shares(series, max_bins, lang)
    if not labels:
        parts.append(text_at(left, top + h / 2, TIPS[lang]["empty"]))
        return chart(width, height, title, parts)
    peak = max(top_share, *(max(s) for s in shares)) or 1.0
    # the scale's top a grid line above the tallest bar: an axis that stopped at 50% left bars of 82.7% and 89.7%
    # with no figure to read them by (round 31 fr26, it31)
    step = _nice_step(peak, 4)
    peak = math.ceil(peak / step - 1e-9) * step
    _grid_lines(parts, left, top, w, h, peak, lambda y: _pc(y, lang, 0))
    bw = w / len(labels)
    # the series side by side inside each bin, never drawn over one another: where the variant's bar was the taller
    # or as tall, the base game's vanished behind it (twenty-third reading en60: no grey bar at all at 3 players)
    sub = max(1.0, bw - 2) / len(series)
    for k, ((label, _, colour), share) in enumerate(zip(series, shares)):
        for i, s in enumerate(share):
            bh = h * s / peak
            parts.append(element("rect", {"x": f"{left + i * bw + 1 + k * sub:.1f}", "y": f"{top + h - bh:.1f}",
                                          "width": f"{max(0.5, sub - (0.5 if len(series) > 1 else 0)):.1f}",
                                          "height": f"{bh:.1f}", "fill": colour, "fill-opacity": "0.7"},
                                 title=_games_tip(lang, label if len(series) > 1 else "", labels[i], unit,
                                                 _pc(s, lang) if s else None)))
    # a label every so many bars that the widest never touches the next, and the last kept inside the chart:
    # "96-97100-101" ran together and was cut at the right edge (twenty-fifth reading fr40, en40, it43)
    room = max(len(label) for label in labels) * LABEL_CHAR + 6
    every = max(1, math.ceil(len(labels) / 12), math.ceil(room / bw))
    for i, label in enumerate(labels):
        if i % every == 0:
            x = min(left + (i + 0.5) * bw, width - 2 - len(label) * LABEL_CHAR / 2)
            parts.append(text_at(f"{x:.1f}", top + h + 14, label, "middle"))
    parts.append(element("line", {"x1": left, "x2": left + w, "y1": top + h, "y2": top + h, "stroke": WHISKER}))
    _axis_label(parts, left, w, height, xlabel)
    return chart(width, height, title, parts)


def grouped_rates_svg(groups: list[tuple[str, list[tuple[str, dict[str, Any], str]]]], title: str,
                      fair: float | list[tuple[str, float, str]] | None = None, width: int = CHART_WIDTH,
                      fair_label: str | Callable[[float], str] = "equal share", lang: str = "en",
                      fair_name: str = "") -> Markup:
    """Win rates with 95 % whiskers, one bar per series inside each group (seat 1: base, variant...);
    ``fair_label`` names the fair-share line (the report's language), or names each line from its share, on hover;
    ``fair_name`` (else ``fair_label``) names it under the axis with its share. ``fair``: one share for every series,
    or each series' own ``(label, share, colour)``: two decks whose fair shares differ as printed (shared
    wins count for each winner: 20.6 % against 20.0 %) get a line each, in their colour and named, never
    one line that is only the first deck's (eleventh reading en59, en64)."""
    left, right, top, bar = 70, 60, 34, 13
    rows = sum(len(items) for _, items in groups)
    lines = fair if isinstance(fair, list) else [] if fair is None else [("", fair, FAIR)]
    if len({_pc(share, lang) for _, share, _ in lines}) == 1:  # alike as printed: one line, the first's
        lines = [("", lines[0][1], FAIR)]
    height = top + rows * bar + 8 * len(groups) + 30 + 13 * len(lines)  # each line named under the axis
    # the axis sits above the lines' names, one 13 px line each below its figures: placed 30 px above the bottom
    # whatever their number, a second name (the variant's fair share) fell 11 px below the chart's edge, cut off in
    # ten compare charts, the dashed line the balance text talks about left without its value (twenty-first it76)
    base = height - 30 - 13 * max(0, len(lines) - 1)
    w = width - left - right
    parts: list[dict[str, Any]] = []
    legend: dict[str, str] = {}
    for _, items in groups:
        for label, _, colour in items:
            legend.setdefault(label, colour)
    if len(legend) > 1:  # one series: the page names it already (fifteenth reading fr36)
        _legend(parts, left, 28, list(legend.items()))
    # the axis ends at 50% where every bar, interval and fair share stays under it: on an axis to 100% a 6-point gap
    # between seats (19.3% against 25.3%) was a few pixels wide (terminal round 41 en16)
    ends = [x for _, items in groups for _, r, _ in items for x in (r.get("rate") or 0.0, r.get("high") or 0.0)]
    peak = 0.5 if max(ends + [share for _, share, _ in lines], default=0.0) <= 0.5 else 1.0
    for tick in range(0, round(peak * 100) + 1, 10 if peak < 1 else 25):
        x = left + w * tick / 100 / peak
        parts.append(_vertical(x, top, base, GRID))
        parts.append(text_at(f"{x:.1f}", base + 14, _pc(tick / 100, lang, 0), "middle"))
    def own_fairs(label: str) -> list[float]:
        """The fair share a series' bar is judged by, where each series draws its own: the variant's bound
        "[20,59%; 43,8%]" took two decimals against the base game's 20,6%, while its own is 20,0% (terminal round 49
        it17, fr6); one line for every series: that one."""
        return [share for named, share, _ in lines if named == label] or [share for _, share, _ in lines]

    y = top
    for name, items in groups:
        parts.append(text_at(left - 6, f"{y + bar * len(items) / 2 + 4:.1f}", name, "end"))
        for label, r, colour in items:
            rate = r.get("rate") or 0.0
            parts.append(element("rect", {"x": left, "y": f"{y + 1:.1f}", "width": f"{w * rate / peak:.1f}",
                                          "height": bar - 2, "fill": colour},
                                 title=tip(lang, f"{name}, {label}" if len(legend) > 1 else name, _pc(rate, lang),
                                           (r["low"], r["high"]), r.get("compared"), own_fairs(label))))
            lo, hi, cy = left + w * r["low"] / peak, left + w * r["high"] / peak, y + bar / 2
            _whisker(parts, lo, hi, cy, 4)
            parts.append(text_at(left + w + 6, f"{cy + 4:.1f}", _pc(rate, lang)))
            y += bar
        y += 8
    for i, (name, share, colour) in enumerate(lines):
        said = fair_label(share) if callable(fair_label) else fair_label
        hover = tip(lang, said, _pc(share, lang) + (f" ({name})" if name else ""))
        x = left + w * share / peak
        parts.append(_vertical(x, top - 2, base, colour, hover, stroke_dasharray="4 3"))
        # named in plain sight under the axis, not only on hover: on paper, in a PDF or on a phone the dashed line
        # was unexplained (sixteenth reading en23)
        shown = tip(lang, fair_name or said, _pc(share, lang) + (f" ({name})" if name else ""))
        half = len(shown) * LABEL_CHAR / 2  # kept whole inside the chart, however near an edge the line is
        parts.append(text_at(f"{min(max(x, half + 2), width - half - 2):.1f}", f"{base + 28 + 13 * i:.1f}", shown,
                             "middle", fill=colour))
    return chart(width, height, title, parts)


def spread_svg(rows: list[tuple[str, dict[str, Any], str]], title: str, xlabel: str, width: int = CHART_WIDTH,
               legend: list[tuple[str, str]] | None = None, lang: str = "en") -> Markup:
    """Score spread per row: a thin line from min to max, a box from p10 to p90, a tick at the median.

    Consecutive rows with the same label (a deck and its base) share one label.
    """
    left, right, top, bar = 70, 16, 34 if legend else 24, 16
    rows = [r for r in rows if r[1].get("n")]
    height = top + bar * max(1, len(rows)) + 34
    w = width - left - right
    parts: list[dict[str, Any]] = []
    if legend:
        _legend(parts, left, 28, legend)
    if not rows:
        parts.append(text_at(left, top + 14, TIPS[lang]["empty"]))
        return chart(width, height, title, parts)
    lo = min(r["min"] for _, r, _ in rows)
    hi = max(r["max"] for _, r, _ in rows)
    span = (hi - lo) or 1
    step = _nice_step(span, 5)
    start = math.floor(lo / step) * step
    stop = math.ceil(hi / step) * step
    span = (stop - start) or 1

    def px(v: float) -> float:
        return left + w * (v - start) / span
    base = top + bar * len(rows)
    t = start
    while t <= stop + 1e-9:
        parts.append(_vertical(px(t), top, base, GRID))
        parts.append(text_at(f"{px(t):.1f}", base + 14, _num(t, lang), "middle"))
        t += step
    # each box's series named in its hidden text, as the wins chart's "player 1, base": two boxes both "winner: …"
    # read as two unnamed series to a screen reader (terminal round 49 it18, r48 fr12)
    sides = {colour: name for name, colour in legend} if legend and len(legend) > 1 else {}
    for i, (label, d, colour) in enumerate(rows):
        cy = top + i * bar + bar / 2
        if i == 0 or rows[i - 1][0] != label:
            parts.append(text_at(left - 6, f"{cy + 4:.1f}", label, "end"))
        tip = typeset(TIPS[lang]["spread_tip"].format(  # in words, never "p10"/"p90" (tenth reading it86, fr77)
            label=f"{label}, {sides[colour]}" if colour in sides else label,
            **{k: _num(d[k], lang) for k in ("min", "p10", "median", "p90", "max")}), lang)
        parts.append(element("line", {"x1": f"{px(d['min']):.1f}", "x2": f"{px(d['max']):.1f}", "y1": f"{cy:.1f}",
                                      "y2": f"{cy:.1f}", "stroke": WHISKER}))
        parts.append(element("rect", {"x": f"{px(d['p10']):.1f}", "y": f"{cy - 5:.1f}",
                                      "width": f"{max(1.0, px(d['p90']) - px(d['p10'])):.1f}", "height": 10,
                                      "fill": colour, "fill-opacity": "0.8"}, title=tip))
        parts.append(element("line", {"x1": f"{px(d['median']):.1f}", "x2": f"{px(d['median']):.1f}",
                                      "y1": f"{cy - 7:.1f}", "y2": f"{cy + 7:.1f}", "stroke": "#000",
                                      "stroke-width": 2}))
    _axis_label(parts, left, w, height, xlabel)
    return chart(width, height, title, parts)


def tick_digits(step: float, most: int = 2) -> int:
    """The decimals an axis of shares needs so that every tick ``step`` apart (a share: 0.005 is half a
    percentage point) reads apart, the same on every tick: ticks half a point apart printed "−1 0 0 0 +1"
    (fifteenth reading en36)."""
    points = 100 * step
    return next((d for d in range(most + 1) if abs(round(points, d) - points) < 1e-9), most)


def differences_svg(rows: list[dict[str, Any]], title: str, width: int = CHART_WIDTH,
                    xlabel: str = "variant minus base, percentage points", lang: str = "en") -> Markup:
    """Forest plot: each row's difference (variant minus base, percentage points) with the interval its row of
    the table shows (``low``/``high``); ``xlabel`` says so in the report's language.

    Significant rows are drawn in the variant colour, the others in grey; the line at 0 is "no change".
    """
    # each row's label on its own line(s) above its interval, across the whole chart: right-aligned in a 170 px
    # margin, a measure's long name ("games that end because the End of the Banquet card …") ran off the chart's
    # left edge and was cut, at every width (twenty-seventh reading en21, it49)
    left, right, top, line, bar = 20, 20, 24, 13, 16
    labels = [title_lines(r["label"], width, LABEL_CHAR) for r in rows]
    tops = [top + sum(line * len(above) + bar for above in labels[:i]) for i in range(len(rows))]
    base = top + sum(line * len(lines) + bar for lines in labels) if rows else top + bar
    height = base + 34
    w = width - left - right
    parts: list[dict[str, Any]] = []
    if not rows:
        parts.append(text_at(left, top + 14, TIPS[lang]["nothing"]))
        return chart(width, height, title, parts)
    extent = max(max(abs(r["low"]), abs(r["high"])) for r in rows) or 0.01
    step = _nice_step(2 * extent, 4)
    extent = math.ceil(extent / step) * step

    def px(v: float) -> float:
        return left + w * (v + extent) / (2 * extent)

    def signed(v: float, digits: int = 1) -> str:  # an axis's "−20" with the minus sign, as the text around it (it56);
        return typeset(decimal(100 * v, lang, True, digits, fixed=True), lang)  # every tick its decimals (en36)
    digits = tick_digits(step)
    # the grid and the zero line in each row's band, beside its interval, never across the label lines above it:
    # a white halo left the lines visible between letters ("partite finite perché la ca|rta Fine del banchetto",
    # terminal round 40 it41)
    bands = [(y + line * len(lines), y + line * len(lines) + bar) for lines, y in zip(labels, tops)]
    t = -extent
    while t <= extent + 1e-9:
        parts += [_vertical(px(t), y1, y2, GRID) for y1, y2 in bands]
        parts.append(text_at(f"{px(t):.1f}", base + 14, signed(t, digits), "middle"))
        t += step
    parts += [_vertical(px(0), y1, y2, WHISKER) for y1, y2 in bands]
    tips = TIPS[lang]
    from cardgen.simulate.summary import interval, points  # a difference of shares as the tables write it
    for r, lines, y in zip(rows, labels, tops):
        cy = y + line * len(lines) + bar / 2
        colour = VARIANT_COLOUR if r.get("significant") else BASE_COLOUR
        for j, said in enumerate(lines):  # a white halo: the grid's lines pass behind the words, never through them
            parts.append(text_at(10, f"{y + line * j + 10:.1f}", said, stroke="#ffffff", stroke_width=3,
                                 paint_order="stroke"))
        parts.append(element("line", {"x1": f"{px(r['low']):.1f}", "x2": f"{px(r['high']):.1f}", "y1": f"{cy:.1f}",
                                      "y2": f"{cy:.1f}", "stroke": colour, "stroke-width": 2}))
        mark = f" ({tips['significant']})" if r.get("significant") else ""
        parts.append(element("circle", {"cx": f"{px(r['difference']):.1f}", "cy": f"{cy:.1f}", "r": 4, "fill": colour},
                             title=tip(lang, r["label"], f"{points(r['difference'], lang)} "  # a tooltip: the unit written out
                                       f"{interval(points(r['low'], lang, unit=False), points(r['high'], lang, unit=False), lang)}"
                                       f"{mark}")))
    _axis_label(parts, left, w, height, xlabel)
    return chart(width, height, title, parts)
