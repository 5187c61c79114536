"""Small inline SVG charts (no plotting library, no scripts, no external resources).

Each function returns one ``<svg>`` element as a string, sized in CSS pixels and
readable without JavaScript: axis labels and values are text, and every chart
has a ``<title>`` for screen readers.
"""
from __future__ import annotations

import math
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
    step = _nice_step(peak, 4)
    y = 0.0
    while y <= peak + 1e-9:
        py = top + h - h * y / peak
        parts.append(f'<line x1="{left}" x2="{left + w}" y1="{py:.1f}" y2="{py:.1f}" stroke="{GRID}"/>'
                     f'<text x="{left - 4}" y="{py + 4:.1f}" text-anchor="end">{_fmt(y)}</text>')
        y += step
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
        parts.append(f'<line x1="{lo:.1f}" x2="{hi:.1f}" y1="{cy:.1f}" y2="{cy:.1f}" stroke="{WHISKER}" stroke-width="1.5"/>'
                     f'<line x1="{lo:.1f}" x2="{lo:.1f}" y1="{cy - 5:.1f}" y2="{cy + 5:.1f}" stroke="{WHISKER}"/>'
                     f'<line x1="{hi:.1f}" x2="{hi:.1f}" y1="{cy - 5:.1f}" y2="{cy + 5:.1f}" stroke="{WHISKER}"/>')
        parts.append(f'<text x="{left + w + 6}" y="{cy + 4:.1f}">{100 * rate:.1f}%</text>')
    if fair is not None:
        x = left + w * fair
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 4}" y2="{base}" stroke="{FAIR}" '
                     f'stroke-dasharray="4 3"><title>equal share {100 * fair:.1f}%</title></line>')
    parts.append("</svg>")
    return "".join(parts)
