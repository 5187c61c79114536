"""Small inline SVG charts (no plotting library, no scripts, no external resources).

Each function returns one ``<svg>`` element as a string, sized in CSS pixels and
readable without JavaScript: axis labels and values are text, and every chart
has a ``<title>`` for screen readers.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import Any

Number = int | float

BAR = "#0072B2"
WHISKER = "#222222"
FAIR = "#D55E00"
GRID = "#dddddd"
FONT = 'font-family="DejaVu Sans, Verdana, sans-serif" font-size="11"'


def _fmt(x: Number) -> str:
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.3g}" if abs(x) < 1000 else f"{x:.0f}"
    return str(int(x))


#: the few words inside the charts (hover titles, empty charts), per language; the titles and axes come from
#: the caller (cardgen.report.words)
TIPS = {
    "en": {"interval": "95% interval", "median": "median", "points": "points", "significant": "significant",
           "empty": "no completed games", "nothing": "nothing to compare"},
    "fr": {"interval": "intervalle à 95\u202f%", "median": "médiane", "points": "points",
           "significant": "significatif", "empty": "aucune partie terminée", "nothing": "rien à comparer"},
    "it": {"interval": "intervallo al 95\u00a0%", "median": "mediana", "points": "punti",
           "significant": "significativo", "empty": "nessuna partita terminata", "nothing": "niente da confrontare"},
}


def _pc(x: float, lang: str = "en", digits: int = 1, signed: bool = False) -> str:
    """A percentage already times 100, in the language's notation: ``26.5%``, ``26,5 %``, ``26,5 %``."""
    text = f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"
    if lang == "en":
        return text + "%"
    return text.replace(".", ",").replace("-", "−") + ("\u202f%" if lang == "fr" else "\u00a0%")


def _num(text: str, lang: str) -> str:
    """A number already formatted in English notation, with the language's decimal comma and minus sign."""
    return text if lang == "en" else text.replace(".", ",").replace("-", "−")


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


def _grid_lines(parts: list[str], left: float, top: float, w: float, h: float, peak: Number,
                label: Callable[[float], str]) -> None:
    """A bar chart's horizontal grid, from 0 to ``peak`` in about four nice steps, each line labelled
    on the left by ``label(value)``."""
    step = _nice_step(peak, 4)
    y = 0.0
    while y <= peak + 1e-9:
        py = top + h - h * y / peak
        parts.append(f'<line x1="{left}" x2="{left + w}" y1="{py:.1f}" y2="{py:.1f}" stroke="{GRID}"/>'
                     f'<text x="{left - 4}" y="{py + 4:.1f}" text-anchor="end">{label(y)}</text>')
        y += step


def _whisker(lo: float, hi: float, cy: float, half: float) -> str:
    """A 95 % interval from ``lo`` to ``hi`` at height ``cy``: the line and its two end ticks, ``half`` high."""
    return (f'<line x1="{lo:.1f}" x2="{hi:.1f}" y1="{cy:.1f}" y2="{cy:.1f}" stroke="{WHISKER}" stroke-width="1.5"/>'
            f'<line x1="{lo:.1f}" x2="{lo:.1f}" y1="{cy - half:.1f}" y2="{cy + half:.1f}" stroke="{WHISKER}"/>'
            f'<line x1="{hi:.1f}" x2="{hi:.1f}" y1="{cy - half:.1f}" y2="{cy + half:.1f}" stroke="{WHISKER}"/>')


def _fair_line(x: float, top: Number, base: Number, title: str) -> str:
    """The dashed vertical line of a win-rate chart at the fair share, from ``top`` down to ``base``."""
    return (f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{base}" stroke="{FAIR}" '
            f'stroke-dasharray="4 3"><title>{title}</title></line>')


def bins(histogram: list[list[Number]], max_bins: int = 30) -> list[tuple[str, int]]:
    """Bars for a ``[[value, count], ...]`` histogram: one per integer when few, else equal-width bins."""
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
        labels.append(f"{_fmt(a)}-{_fmt(a + step - 1)}" if integral and step > 1 else _fmt(a))
    return list(zip(labels, out))


def histogram_svg(bars: list[tuple[str, int]], title: str, xlabel: str, width: int = 520, height: int = 220) -> str:
    """Vertical bars with a labelled count axis."""
    left, right, top, bottom = 44, 10, 24, 40
    w, h = width - left - right, height - top - bottom
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" {FONT}>',
             f"<title>{escape(title)}</title>",
             f'<text x="{left}" y="14" font-weight="bold">{escape(title)}</text>']
    if not bars:
        parts.append(f'<text x="{left}" y="{top + h / 2}">no completed games</text></svg>')
        return "".join(parts)
    peak = max(c for _, c in bars) or 1
    _grid_lines(parts, left, top, w, h, peak, _fmt)
    bw = w / len(bars)
    label_every = max(1, math.ceil(len(bars) / 12))
    for i, (label, count) in enumerate(bars):
        bh = h * count / peak
        x = left + i * bw
        parts.append(f'<rect x="{x + 1:.1f}" y="{top + h - bh:.1f}" width="{max(1.0, bw - 2):.1f}" '
                     f'height="{bh:.1f}" fill="{BAR}"><title>{escape(label)}: {count}</title></rect>')
        if i % label_every == 0:
            parts.append(f'<text x="{x + bw / 2:.1f}" y="{top + h + 14}" text-anchor="middle">{escape(label)}</text>')
    parts.append(f'<line x1="{left}" x2="{left + w}" y1="{top + h}" y2="{top + h}" stroke="{WHISKER}"/>')
    parts.append(f'<text x="{left + w / 2:.1f}" y="{height - 6}" text-anchor="middle">{escape(xlabel)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def rates_svg(rows: list[dict[str, Any]], label_key: str, title: str, fair: float | None = None,
              width: int = 520) -> str:
    """Horizontal bars of win rates, each with its 95 % interval as a whisker; a dashed line at ``fair``."""
    left, right, top, row = 90, 60, 24, 26
    height = top + row * len(rows) + 30
    w = width - left - right
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" {FONT}>',
             f"<title>{escape(title)}</title>",
             f'<text x="{left}" y="14" font-weight="bold">{escape(title)}</text>']
    base = top + row * len(rows)
    for tick in range(0, 101, 25):
        x = left + w * tick / 100
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{base}" stroke="{GRID}"/>'
                     f'<text x="{x:.1f}" y="{base + 14}" text-anchor="middle">{tick}%</text>')
    for i, r in enumerate(rows):
        y = top + i * row
        rate = r.get("rate") or 0.0
        label = escape(str(r[label_key]))
        parts.append(f'<text x="{left - 6}" y="{y + row / 2 + 4:.1f}" text-anchor="end">{label}</text>')
        parts.append(f'<rect x="{left}" y="{y + 5}" width="{w * rate:.1f}" height="{row - 10}" fill="{BAR}">'
                     f'<title>{label}: {100 * rate:.1f}% (95% interval {100 * r["low"]:.1f}-{100 * r["high"]:.1f}%)'
                     f"</title></rect>")
        lo, hi, cy = left + w * r["low"], left + w * r["high"], y + row / 2
        parts.append(_whisker(lo, hi, cy, 5))
        parts.append(f'<text x="{left + w + 6}" y="{cy + 4:.1f}">{100 * rate:.1f}%</text>')
    if fair is not None:
        parts.append(_fair_line(left + w * fair, top - 4, base, f"equal share {100 * fair:.1f}%"))
    parts.append("</svg>")
    return "".join(parts)


#: Colours of the base deck and of the variant in comparison charts (colour-blind safe pair).
BASE_COLOUR = "#999999"
VARIANT_COLOUR = BAR


def _svg_open(width: int, height: int, title: str) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" {FONT}>',
            f"<title>{escape(title)}</title>",
            f'<text x="10" y="14" font-weight="bold">{escape(title)}</text>']


def _legend(parts: list[str], x: float, y: float, series: list[tuple[str, str]]) -> None:
    for label, colour in series:
        parts.append(f'<rect x="{x:.1f}" y="{y - 9:.1f}" width="10" height="10" fill="{colour}" fill-opacity="0.7"/>'
                     f'<text x="{x + 14:.1f}" y="{y:.1f}">{escape(label)}</text>')
        x += 24 + 7 * len(label)


def overlay_svg(series: list[tuple[str, list[list[Number]], str]], title: str, xlabel: str,
                width: int = 520, height: int = 230, max_bins: int = 30, lang: str = "en") -> str:
    """Histograms of several series on shared bins, as shares of each series' games, overlaid (numbers and
    hover titles in ``lang``).

    Shares rather than counts, so two decks with different numbers of completed games
    compare by shape. Each series is ``(label, [[value, count], ...], colour)``.
    """
    left, right, top, bottom = 44, 10, 34, 40
    w, h = width - left - right, height - top - bottom
    parts = _svg_open(width, height, title)
    _legend(parts, left, 28, [(label, colour) for label, _, colour in series])
    merged: dict[Number, int] = {}
    for _, hist, _ in series:
        for v, _c in hist:
            merged[v] = 1
    if not merged:
        parts.append(f'<text x="{left}" y="{top + h / 2}">{TIPS[lang]["empty"]}</text></svg>')
        return "".join(parts)
    template = bins([[v, 0] for v in merged], max_bins)
    labels = [label for label, _ in template]
    shares = []
    for _, hist, _ in series:
        # the same binning for every series: bin this series together with zero counts of all values
        counts = dict(bins([[v, 0] for v in merged if v not in {x for x, _ in hist}] + [list(p) for p in hist],
                           max_bins))
        total = sum(counts.values()) or 1
        shares.append([counts.get(label, 0) / total for label in labels])
    peak = max(max(s) for s in shares) or 1.0
    _grid_lines(parts, left, top, w, h, peak, lambda y: _pc(100 * y, lang, 0))
    bw = w / len(labels)
    for (label, _, colour), share in zip(series, shares):
        for i, s in enumerate(share):
            bh = h * s / peak
            parts.append(f'<rect x="{left + i * bw + 1:.1f}" y="{top + h - bh:.1f}" width="{max(1.0, bw - 2):.1f}" '
                         f'height="{bh:.1f}" fill="{colour}" fill-opacity="0.55"><title>{escape(label)} '
                         f'{escape(labels[i])}: {_pc(100 * s, lang)}</title></rect>')
    every = max(1, math.ceil(len(labels) / 12))
    for i, label in enumerate(labels):
        if i % every == 0:
            parts.append(f'<text x="{left + (i + 0.5) * bw:.1f}" y="{top + h + 14}" '
                         f'text-anchor="middle">{escape(label)}</text>')
    parts.append(f'<line x1="{left}" x2="{left + w}" y1="{top + h}" y2="{top + h}" stroke="{WHISKER}"/>'
                 f'<text x="{left + w / 2:.1f}" y="{height - 6}" text-anchor="middle">{escape(xlabel)}</text></svg>')
    return "".join(parts)


def grouped_rates_svg(groups: list[tuple[str, list[tuple[str, dict[str, Any], str]]]], title: str,
                      fair: float | None = None, width: int = 520, fair_label: str = "equal share",
                      lang: str = "en") -> str:
    """Win rates with 95 % whiskers, one bar per series inside each group (seat 1: base, variant...);
    ``fair_label`` names the fair-share line (the report's language)."""
    left, right, top, bar = 70, 60, 34, 13
    rows = sum(len(items) for _, items in groups)
    height = top + rows * bar + 8 * len(groups) + 30
    w = width - left - right
    parts = _svg_open(width, height, title)
    legend: dict[str, str] = {}
    for _, items in groups:
        for label, _, colour in items:
            legend.setdefault(label, colour)
    _legend(parts, left, 28, list(legend.items()))
    base = height - 30
    for tick in range(0, 101, 25):
        x = left + w * tick / 100
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{base}" stroke="{GRID}"/>'
                     f'<text x="{x:.1f}" y="{base + 14}" text-anchor="middle">{_pc(tick, lang, 0)}</text>')
    y = top
    tips = TIPS[lang]
    for name, items in groups:
        parts.append(f'<text x="{left - 6}" y="{y + bar * len(items) / 2 + 4:.1f}" text-anchor="end">'
                     f'{escape(name)}</text>')
        for label, r, colour in items:
            rate = r.get("rate") or 0.0
            parts.append(f'<rect x="{left}" y="{y + 1:.1f}" width="{w * rate:.1f}" height="{bar - 2}" fill="{colour}">'
                         f'<title>{escape(name)}, {escape(label)}: {_pc(100 * rate, lang)} ({tips["interval"]} '
                         f'{_pc(100 * r["low"], lang)} – {_pc(100 * r["high"], lang)})</title></rect>')
            lo, hi, cy = left + w * r["low"], left + w * r["high"], y + bar / 2
            parts.append(_whisker(lo, hi, cy, 4) +
                         f'<text x="{left + w + 6}" y="{cy + 4:.1f}">{_pc(100 * rate, lang)}</text>')
            y += bar
        y += 8
    if fair is not None:
        parts.append(_fair_line(left + w * fair, top - 2, base, f"{escape(fair_label)} {_pc(100 * fair, lang)}"))
    parts.append("</svg>")
    return "".join(parts)


def spread_svg(rows: list[tuple[str, dict[str, Any], str]], title: str, xlabel: str, width: int = 520,
               legend: list[tuple[str, str]] | None = None, lang: str = "en") -> str:
    """Score spread per row: a thin line from min to max, a box from p10 to p90, a tick at the median.

    Consecutive rows with the same label (a deck and its base) share one label.
    """
    left, right, top, bar = 70, 16, 34 if legend else 24, 16
    rows = [r for r in rows if r[1].get("n")]
    height = top + bar * max(1, len(rows)) + 34
    w = width - left - right
    parts = _svg_open(width, height, title)
    if legend:
        _legend(parts, left, 28, legend)
    if not rows:
        parts.append(f'<text x="{left}" y="{top + 14}">{TIPS[lang]["empty"]}</text></svg>')
        return "".join(parts)
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
        parts.append(f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{top}" y2="{base}" stroke="{GRID}"/>'
                     f'<text x="{px(t):.1f}" y="{base + 14}" text-anchor="middle">{_num(_fmt(t), lang)}</text>')
        t += step
    for i, (label, d, colour) in enumerate(rows):
        cy = top + i * bar + bar / 2
        if i == 0 or rows[i - 1][0] != label:
            parts.append(f'<text x="{left - 6}" y="{cy + 4:.1f}" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<line x1="{px(d["min"]):.1f}" x2="{px(d["max"]):.1f}" y1="{cy:.1f}" y2="{cy:.1f}" '
                     f'stroke="{WHISKER}"/>'
                     f'<rect x="{px(d["p10"]):.1f}" y="{cy - 5:.1f}" width="{max(1.0, px(d["p90"]) - px(d["p10"])):.1f}" '
                     f'height="10" fill="{colour}" fill-opacity="0.8"><title>{escape(label)}: '
                     f'min {_num(_fmt(d["min"]), lang)}, '
                     f'p10 {_num(_fmt(d["p10"]), lang)}, {TIPS[lang]["median"]} {_num(_fmt(d["median"]), lang)}, '
                     f'p90 {_num(_fmt(d["p90"]), lang)}, max {_num(_fmt(d["max"]), lang)}</title></rect>'
                     f'<line x1="{px(d["median"]):.1f}" x2="{px(d["median"]):.1f}" y1="{cy - 7:.1f}" y2="{cy + 7:.1f}" '
                     f'stroke="#000" stroke-width="2"/>')
    parts.append(f'<text x="{left + w / 2:.1f}" y="{height - 6}" text-anchor="middle">{escape(xlabel)}</text></svg>')
    return "".join(parts)


def differences_svg(rows: list[dict[str, Any]], title: str, width: int = 520,
                    xlabel: str = "variant minus base, percentage points", lang: str = "en") -> str:
    """Forest plot: each row's difference (variant minus base, percentage points) with its 95 % interval;
    ``xlabel`` says so in the report's language.

    Significant rows are drawn in the variant colour, the others in grey; the line at 0 is "no change".
    """
    left, right, top, row = 170, 50, 24, 18
    height = top + row * max(1, len(rows)) + 34
    w = width - left - right
    parts = _svg_open(width, height, title)
    if not rows:
        parts.append(f'<text x="{left}" y="{top + 14}">{TIPS[lang]["nothing"]}</text></svg>')
        return "".join(parts)
    extent = max(max(abs(r["low"]), abs(r["high"])) for r in rows) or 0.01
    step = _nice_step(2 * extent, 4)
    extent = math.ceil(extent / step) * step

    def px(v: float) -> float:
        return left + w * (v + extent) / (2 * extent)

    def signed(v: float, digits: int = 1) -> str:
        return _num(f"{100 * v:+.{digits}f}", lang)
    base = top + row * len(rows)
    t = -extent
    while t <= extent + 1e-9:
        parts.append(f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{top}" y2="{base}" stroke="{GRID}"/>'
                     f'<text x="{px(t):.1f}" y="{base + 14}" text-anchor="middle">{signed(t, 0)}</text>')
        t += step
    parts.append(f'<line x1="{px(0):.1f}" x2="{px(0):.1f}" y1="{top}" y2="{base}" stroke="{WHISKER}"/>')
    for i, r in enumerate(rows):
        cy = top + i * row + row / 2
        colour = VARIANT_COLOUR if r.get("significant") else BASE_COLOUR
        parts.append(f'<text x="{left - 6}" y="{cy + 4:.1f}" text-anchor="end">{escape(r["label"])}</text>'
                     f'<line x1="{px(r["low"]):.1f}" x2="{px(r["high"]):.1f}" y1="{cy:.1f}" y2="{cy:.1f}" '
                     f'stroke="{colour}" stroke-width="2"/>'
                     f'<circle cx="{px(r["difference"]):.1f}" cy="{cy:.1f}" r="4" fill="{colour}">'
                     f'<title>{escape(r["label"])}: {signed(r["difference"])} {TIPS[lang]["points"]} '
                     f'[{signed(r["low"])}, {signed(r["high"])}]'
                     f'{" (" + TIPS[lang]["significant"] + ")" if r.get("significant") else ""}</title></circle>')
    parts.append(f'<text x="{left + w / 2:.1f}" y="{height - 6}" text-anchor="middle">{escape(xlabel)}</text></svg>')
    return "".join(parts)
