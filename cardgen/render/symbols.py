"""Vector symbols: one small drawing per symbol id in ``vocab.SYMBOL_IDS``.

Each symbol is drawn in a 100 x 100 unit square (y up) with three colours: ``fill``
for the main shape (usually the face colour, so dishes read by colour), ``ink`` for
outlines and details (dark, so every symbol also reads in black and white and for
colour-blind players: the shapes alone tell the dishes apart) and ``paper`` for
holes and highlights (together an ``Inks``). ``draw_symbol`` scales the square into a
box on the canvas.

A project's own symbols are SVG files (``symbols/<id>.svg``), drawn as vectors
through svglib by ``draw_svg`` in their own colours; a file svglib cannot draw
faithfully is refused with one line (``load_svg``).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from cardgen.model.vocab import SYMBOL_IDS
from cardgen.render import shapes

Point = tuple[float, float]
#: Outline width in symbol units (a 100-unit square).
STROKE = 3.2


class Inks(NamedTuple):
    """The colours one symbol is drawn with, and how the ink saver lightens it.

    ``fill`` for the main shape, ``ink`` for outlines and details, ``paper`` for holes and
    highlights; ``solid`` replaces ``ink`` where a shape is filled with it and ``light``
    thins the outlines (both for the ink saver). Symbols placed with the same inks share
    one PDF form.
    """

    fill: Color
    ink: Color
    paper: Color
    solid: Color | None = None
    light: bool = False


class Pen:
    """The three colours of a symbol and shortcuts to fill/stroke shapes in unit space."""

    def __init__(self, c: Canvas, fill: Color, ink: Color, paper: Color, solid: Color | None = None,
                 stroke: float = STROKE) -> None:
        self.c, self.fill, self.ink, self.paper = c, fill, ink, paper
        self.solid = solid or ink  # what areas filled "with ink" get (lighter when saving ink)
        self.stroke = stroke

    def _paint(self, colour: Color | None, stroke: bool) -> tuple[int, int]:
        if colour is not None:
            self.c.setFillColor(self.solid if colour is self.ink else colour)
        self.c.setStrokeColor(self.ink)
        return (1 if colour is not None else 0), (1 if stroke else 0)

    def poly(self, pts: Sequence[Point], colour: Color | None, stroke: bool = True, close: bool = True) -> None:
        p = self.c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        if close:
            p.close()
        f, s = self._paint(colour, stroke)
        self.c.drawPath(p, fill=f if close else 0, stroke=s)

    def path(self, build: Callable[[object], None], colour: Color | None, stroke: bool = True) -> None:
        p = self.c.beginPath()
        build(p)
        f, s = self._paint(colour, stroke)
        self.c.drawPath(p, fill=f, stroke=s)

    def outline(self, points: Sequence[Sequence[float]], colour: Color | None, stroke: bool = True) -> None:
        """A closed path through ``points``: the first is where it starts, each next one a line to it,
        ``(x, y)``, or a Bézier curve to it, ``(x1, y1, x2, y2, x, y)`` (two control points, then the end)."""
        def build(q: Any) -> None:
            q.moveTo(*points[0])
            for pt in points[1:]:
                (q.lineTo if len(pt) == 2 else q.curveTo)(*pt)
            q.close()
        self.path(build, colour, stroke)

    def band(self, build: Callable[[object], None], width: float) -> None:
        """A thick stroke (a handle): drawn with the solid colour, like an ink-filled area."""
        p = self.c.beginPath()
        build(p)
        self.c.setStrokeColor(self.solid)
        self.c.setLineWidth(width)
        self.c.drawPath(p, fill=0, stroke=1)
        self.c.setLineWidth(self.stroke)
        self.c.setStrokeColor(self.ink)

    def circle(self, x: float, y: float, r: float, colour: Color | None, stroke: bool = True) -> None:
        f, s = self._paint(colour, stroke)
        shapes.circle(self.c, x, y, r, fill=f, stroke=s)

    def ellipse(self, x: float, y: float, rx: float, ry: float, colour: Color | None, stroke: bool = True,
                angle: float = 0.0) -> None:
        f, s = self._paint(colour, stroke)
        self.c.saveState()
        self.c.translate(x, y)
        self.c.rotate(angle)
        shapes.ellipse(self.c, -rx, -ry, rx, ry, fill=f, stroke=s)
        self.c.restoreState()

    def rect(self, x: float, y: float, w: float, h: float, colour: Color | None, stroke: bool = True,
             radius: float = 0.0) -> None:
        f, s = self._paint(colour, stroke)
        if radius:
            shapes.round_rect(self.c, x, y, w, h, radius, fill=f, stroke=s)
        else:
            self.c.rect(x, y, w, h, fill=f, stroke=s)

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float | None = None,
             colour: Color | None = None) -> None:
        self.c.setStrokeColor(colour or self.ink)
        self.c.setLineWidth(width or self.stroke)
        self.c.line(x1, y1, x2, y2)
        self.c.setLineWidth(self.stroke)
        self.c.setStrokeColor(self.ink)


def _star_points(cx: float, cy: float, outer: float, inner: float, n: int = 5) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# -- the symbols -----------------------------------------------------------------

def crown(p: Pen) -> None:
    p.poly([(12, 30), (10, 74), (32, 52), (50, 82), (68, 52), (90, 74), (88, 30)], p.fill)
    p.rect(10, 18, 80, 14, p.fill, radius=3)
    for x, y in ((10, 76), (50, 84), (90, 76)):
        p.circle(x, y, 6, p.paper)
    for x in (30, 50, 70):
        p.circle(x, 25, 3.5, p.paper)


def dragon(p: Pen) -> None:
    # Spikes down the neck, then the head in profile with a horn, an eye and teeth.
    for base in ((24, 30), (22, 44), (22, 58)):
        p.poly([(base[0] + 2, base[1] - 6), (base[0] - 12, base[1] + 2), (base[0] + 2, base[1] + 8)], p.ink, False)
    head = [(26, 8), (30, 40), (24, 62), (12, 92), (40, 74), (62, 72), (86, 62), (95, 52), (90, 45),
            (64, 45), (60, 40), (86, 36), (82, 28), (52, 26), (50, 8)]
    p.poly(head, p.fill)
    p.poly([(66, 45), (70, 40), (74, 45)], p.paper, False)
    p.poly([(78, 45), (82, 40), (86, 45)], p.paper, False)
    p.circle(56, 60, 6, p.paper)
    p.circle(57.5, 60, 2.8, p.ink, False)
    p.circle(86, 56, 2, p.ink, False)
    # A breath of fire.
    p.poly([(96, 40), (99, 33), (94, 30), (99, 22), (90, 26), (92, 34)], p.paper)


def ham(p: Pen) -> None:
    p.outline([(10, 38), (10, 10, 48, 2, 62, 28), (76, 62), (78, 70, 70, 76, 64, 72), (30, 64),
               (16, 60, 10, 50, 10, 38)], p.fill)
    p.ellipse(28, 38, 13, 17, p.paper, angle=-35)
    p.circle(28, 38, 4, p.fill)
    p.line(70, 68, 82, 82, width=9)
    p.line(70, 68, 82, 82, width=4, colour=p.paper)
    p.circle(80, 88, 6, p.paper)
    p.circle(88, 80, 6, p.paper)


def cheese(p: Pen) -> None:
    p.poly([(8, 52), (92, 52), (76, 80)], p.fill)
    p.rect(8, 16, 84, 36, p.fill)
    for x, y, r in ((26, 30, 6), (50, 38, 8), (76, 27, 5), (68, 44, 3.5), (20, 45, 3), (55, 64, 4), (74, 68, 3)):
        p.circle(x, y, r, p.paper)


def bread(p: Pen) -> None:
    p.outline([(10, 20), (90, 20), (90, 46), (90, 82, 10, 82, 10, 46)], p.fill)
    for x in (28, 46, 64):
        p.line(x, 48, x + 10, 64, width=5.5, colour=p.paper)


def cake(p: Pen) -> None:
    p.rect(10, 14, 80, 32, p.fill, radius=3)
    p.rect(22, 46, 56, 24, p.fill, radius=3)
    wave = [(10 + i * 8, 38 if i % 2 else 44) for i in range(11)]
    p.poly(wave, None, close=False)
    p.rect(46, 70, 8, 14, p.paper)
    p.path(lambda q: (q.moveTo(50, 86), q.curveTo(42, 92, 48, 98, 50, 99), q.curveTo(52, 98, 58, 92, 50, 86)),
           p.ink, False)


def wine(p: Pen) -> None:
    p.outline([(26, 92), (74, 92), (78, 58, 64, 46, 50, 46), (36, 46, 22, 58, 26, 92)], p.paper)
    p.outline([(25, 72), (75, 72), (76, 56, 64, 48, 50, 48), (36, 48, 24, 56, 25, 72)], p.fill, False)
    p.rect(46.5, 16, 7, 30, p.ink, False)
    p.ellipse(50, 14, 22, 5, p.fill)


def fruit(p: Pen) -> None:
    p.outline([(50, 70), (30, 86, 4, 70, 10, 42), (14, 16, 38, 4, 50, 16), (62, 4, 86, 16, 90, 42),
               (96, 70, 70, 86, 50, 70)], p.fill)
    p.line(50, 70, 54, 90, width=5)
    p.ellipse(66, 86, 12, 6, p.fill, angle=20)
    p.ellipse(30, 52, 5, 10, p.paper, False, angle=20)


def chicken(p: Pen) -> None:
    for side in (-1, 1):
        cx = 50 + side * 24
        p.ellipse(cx, 60, 10, 18, p.fill, angle=side * -30)
        p.line(cx + side * 8, 74, cx + side * 16, 88, width=8)
        p.line(cx + side * 8, 74, cx + side * 16, 88, width=3.5, colour=p.paper)
        p.circle(cx + side * 13, 91, 5, p.paper)
        p.circle(cx + side * 19, 88, 5, p.paper)
    p.ellipse(50, 38, 38, 24, p.fill)
    p.line(6, 12, 94, 12, width=5)
    p.ellipse(36, 44, 10, 5, p.paper, False, angle=15)


def dessert(p: Pen) -> None:
    p.circle(38, 60, 16, p.fill)
    p.circle(62, 60, 16, p.fill)
    p.circle(50, 78, 15, p.fill)
    p.poly([(30, 52), (70, 52), (50, 4)], p.paper)
    for i in range(1, 4):
        p.line(30 + i * 8, 52, 40 + i * 4, 30 - i * 5, width=2)
    p.circle(50, 95, 4, p.ink, False)


def drink(p: Pen) -> None:
    p.band(lambda q: (q.moveTo(66, 60), q.curveTo(90, 60, 90, 28, 66, 28)), 9)
    p.rect(18, 10, 50, 64, p.fill, radius=5)
    for x in (30, 43, 56):
        p.line(x, 20, x, 62, width=3, colour=p.paper)
    for x, r in ((22, 9), (36, 11), (52, 10), (66, 8)):
        p.circle(x, 78, r, p.paper)


def pastry(p: Pen) -> None:
    parts = [(12, 44, 8, 13, 50), (86, 44, 8, 13, -50), (28, 54, 13, 19, 35), (70, 54, 13, 19, -35),
             (50, 58, 17, 24, 0)]
    for x, y, rx, ry, a in parts:
        p.ellipse(x, y, rx, ry, p.fill, angle=a)
    p.line(50, 40, 50, 76, width=2)


def main(p: Pen) -> None:
    p.path(lambda q: (q.moveTo(12, 30), q.curveTo(12, 82, 88, 82, 88, 30), q.close()), p.fill)
    p.circle(50, 76, 6, p.fill)
    p.rect(4, 20, 92, 10, p.paper, radius=4)
    p.path(lambda q: (q.moveTo(24, 40), q.curveTo(24, 58, 36, 66, 46, 68)), None)


def star(p: Pen) -> None:
    p.poly(_star_points(50, 48, 46, 19), p.fill)


def mask(p: Pen) -> None:
    p.line(86, 44, 78, 6, width=5)

    p.outline([(6, 62), (10, 84, 40, 80, 50, 66), (60, 80, 90, 84, 94, 62), (96, 38, 70, 28, 58, 42),
               (54, 46, 46, 46, 42, 42), (30, 28, 4, 38, 6, 62)], p.fill)
    p.ellipse(29, 58, 11, 6.5, p.paper, angle=-8)
    p.ellipse(71, 58, 11, 6.5, p.paper, angle=8)


def ghost(p: Pen) -> None:
    p.outline([(18, 8), (18, 56), (18, 98, 82, 98, 82, 56), (82, 8), (71, 18), (61, 8), (50, 18), (39, 8),
               (29, 18)], p.fill)
    p.ellipse(38, 62, 6, 8, p.ink, False)
    p.ellipse(62, 62, 6, 8, p.ink, False)
    p.ellipse(50, 42, 5, 6, p.ink, False)


def bell(p: Pen) -> None:
    p.circle(50, 90, 6, None)
    p.circle(50, 12, 8, p.ink, False)

    p.outline([(14, 24), (26, 30, 22, 62, 30, 74), (38, 90, 62, 90, 70, 74), (78, 62, 74, 30, 86, 24)], p.fill)
    p.rect(10, 18, 80, 9, p.fill, radius=4)
    p.path(lambda q: (q.moveTo(34, 34), q.curveTo(32, 52, 36, 66, 42, 74)), None)


def cup(p: Pen) -> None:
    p.band(lambda q: (q.moveTo(24, 82), q.curveTo(2, 82, 4, 56, 28, 56)), 8)
    p.band(lambda q: (q.moveTo(76, 82), q.curveTo(98, 82, 96, 56, 72, 56)), 8)

    p.outline([(20, 92), (80, 92), (80, 58, 64, 44, 50, 44), (36, 44, 20, 58, 20, 92)], p.fill)
    p.rect(45, 22, 10, 22, p.fill)
    p.poly([(26, 8), (74, 8), (62, 22), (38, 22)], p.fill)
    p.poly(_star_points(50, 70, 11, 4.5), p.paper)


def coin(p: Pen) -> None:
    p.circle(50, 50, 46, p.fill)
    p.circle(50, 50, 35, None)
    for i in range(24):
        a = i * math.pi / 12
        p.line(50 + 38 * math.cos(a), 50 + 38 * math.sin(a), 50 + 43 * math.cos(a), 50 + 43 * math.sin(a),
               width=2)
    p.poly(_star_points(50, 48, 24, 10), p.paper)


def die(p: Pen) -> None:
    p.rect(10, 10, 80, 80, p.fill, radius=14)
    for x, y in ((30, 30), (70, 70), (50, 50), (30, 70), (70, 30)):
        p.circle(x, y, 7.5, p.paper)


def lair(p: Pen) -> None:
    p.poly([(4, 10), (34, 70), (48, 56), (66, 90), (96, 10)], p.fill)
    p.poly([(58, 76), (66, 90), (74, 74), (68, 70)], p.paper)
    p.path(lambda q: (q.moveTo(32, 10), q.lineTo(32, 28), q.curveTo(32, 52, 68, 52, 68, 28), q.lineTo(68, 10),
                      q.close()), p.ink, False)
    p.circle(44, 30, 3, p.paper, False)
    p.circle(56, 30, 3, p.paper, False)


def hood(p: Pen) -> None:
    p.outline([(14, 6), (24, 50), (26, 80, 42, 96, 52, 98), (66, 92, 76, 76, 78, 50), (88, 6)], p.fill)
    p.ellipse(51, 56, 16, 21, p.ink, False)
    p.ellipse(44, 58, 3.5, 2.2, p.paper, False)
    p.ellipse(58, 58, 3.5, 2.2, p.paper, False)


def monk(p: Pen) -> None:
    p.poly([(16, 6), (84, 6), (68, 58), (32, 58)], p.fill)
    p.line(26, 30, 74, 30, width=4)
    p.line(58, 30, 62, 14, width=3)
    p.rect(46, 36, 8, 18, p.paper, False)
    p.rect(40, 45, 20, 6, p.paper, False)
    p.circle(50, 74, 17, p.paper)
    p.band(lambda q: q.arc(33.5, 57.5, 66.5, 90.5, 125, 75), 7)
    p.band(lambda q: q.arc(33.5, 57.5, 66.5, 90.5, -20, 75), 7)


def shawl(p: Pen) -> None:
    p.poly([(6, 84), (94, 84), (50, 18)], p.fill)
    for i in range(9):
        t = (i + 1) / 10
        for (x0, y0) in ((6, 84), (94, 84)):
            x, y = x0 + (50 - x0) * t, y0 + (18 - y0) * t
            dx = -8 if x0 < 50 else 8
            p.line(x, y, x + dx, y - 6, width=2)
    p.line(20, 74, 80, 74, width=3, colour=p.paper)
    p.line(32, 56, 68, 56, width=3, colour=p.paper)


def club(p: Pen) -> None:
    p.poly([(10, 18), (18, 10), (70, 56), (56, 70)], p.fill)
    p.circle(70, 70, 22, p.fill)
    for x, y in ((64, 80), (78, 66), (70, 58), (82, 80)):
        p.circle(x, y, 3.5, p.ink, False)
    for i in range(3):
        d = 8 + i * 7
        p.line(10 + d - 4, 18 + d - 12, 10 + d - 12, 18 + d - 4, width=2.5)


def scroll(p: Pen) -> None:
    p.rect(22, 18, 56, 64, p.fill)
    for y in (18, 82):
        p.rect(14, y - 7, 72, 14, p.fill, radius=7)
        p.circle(14, y, 5, p.paper)
        p.circle(86, y, 5, p.paper)
    for y in (32, 42, 52, 62):
        p.line(32, y + 2, 68, y + 2, width=3, colour=p.paper)


def seat(p: Pen) -> None:
    p.rect(22, 44, 10, 48, p.fill, radius=3)
    p.rect(18, 40, 64, 10, p.fill, radius=3)
    p.rect(22, 6, 9, 34, p.fill)
    p.rect(70, 6, 9, 34, p.fill)
    p.line(26, 22, 74, 22, width=3)


def _arrow(p: Pen, direction: int) -> None:
    pts = [(10, 38), (56, 38), (56, 18), (92, 50), (56, 82), (56, 62), (10, 62)]
    if direction < 0:
        pts = [(100 - x, y) for x, y in pts]
    p.poly(pts, p.fill)


SYMBOLS: dict[str, Callable[[Pen], None]] = {
    "crown": crown, "dragon": dragon, "ham": ham, "cheese": cheese, "bread": bread, "cake": cake,
    "wine": wine, "fruit": fruit, "chicken": chicken, "dessert": dessert, "drink": drink, "pastry": pastry,
    "main": main, "star": star, "mask": mask, "ghost": ghost, "bell": bell, "cup": cup, "coin": coin,
    "die": die, "lair": lair, "hood": hood, "monk": monk, "shawl": shawl, "club": club, "scroll": scroll,
    "seat": seat, "arrow-left": lambda p: _arrow(p, -1), "arrow-right": lambda p: _arrow(p, 1),
}
assert set(SYMBOLS) == set(SYMBOL_IDS), "symbols.py and vocab.SYMBOL_IDS must list the same ids"


#: Canvas attribute holding ``{(symbol, colours): form name}`` when the caller wants
#: each symbol drawn once per PDF and reused (the sheets do; a lone ``draw_face`` does not).
FORMS_ATTR = "_cardgen_symbol_forms"
#: Canvas attribute set (true) on a canvas that records no drawing, only what could refuse it.
RECORDS_NOTHING = "_cardgen_records_nothing"
#: Form bounding box in symbol units: the square plus room for strokes that overhang it.
FORM_BOX = (-8.0, -8.0, 108.0, 108.0)


@lru_cache(maxsize=1024)
def _hexval(colour: Color) -> str:
    """``colour.hexval()``, memoised: each symbol placed asks it of four colours."""
    return colour.hexval()


def draw_symbol(c: Canvas, symbol_id: str, x: float, y: float, size: float, inks: Inks) -> None:
    """Draw ``symbol_id`` in the ``size`` x ``size`` square whose bottom-left is ``(x, y)``, in ``inks``.

    If the canvas carries a ``FORMS_ATTR`` dict, the drawing becomes a PDF form the
    first time a symbol is used with these colours and is only referenced afterwards.
    A canvas marked ``RECORDS_NOTHING`` (the face checks' one) gets nothing: a bundled
    symbol cannot fail to draw, and its strokes were half of checking a face.
    """
    if getattr(c, RECORDS_NOTHING, False):
        if symbol_id not in SYMBOLS:
            raise KeyError(symbol_id)  # as drawing it would
        return
    c.saveState()
    scale = size / 100.0
    c.transform(scale, 0, 0, scale, x, y)  # one operator, as translate + scale would merge into
    forms = getattr(c, FORMS_ATTR, None)
    if forms is None:
        _draw_unit(c, symbol_id, inks)
    else:
        key = (symbol_id, _hexval(inks.fill), _hexval(inks.ink), _hexval(inks.paper), _hexval(inks.solid or inks.ink),
               inks.light)
        name = forms.get(key)
        if name is None:
            name = forms[key] = f"S{len(forms)}"
            c.beginForm(name, *FORM_BOX)
            _draw_unit(c, symbol_id, inks)
            c.endForm()
        c.doForm(name)
    c.restoreState()


def _draw_unit(c: Canvas, symbol_id: str, inks: Inks) -> None:
    stroke = STROKE * 0.6 if inks.light else STROKE
    c.saveState()
    c.setLineWidth(stroke)
    c.setLineJoin(1)
    c.setLineCap(1)
    SYMBOLS[symbol_id](Pen(c, inks.fill, inks.ink, inks.paper, inks.solid, stroke))
    c.restoreState()


# -- a project's own symbols: SVG files drawn as vectors ---------------------------------

#: SVG elements svglib cannot draw faithfully into a PDF: refused with one line instead
#: of printing something other than what the designer drew.
UNSUPPORTED_SVG = ("image", "filter", "foreignObject", "mask", "pattern", "script", "text", "animate",
                   "animateTransform", "animateMotion", "set")


class SvgError(ValueError):
    """An SVG file cardgen will not draw; the message is one line for the user."""


@cache
def load_svg(path: Path, mtime_ns: int = 0) -> Any:
    """``path`` as a reportlab Drawing (``mtime_ns`` keys the cache, so an edited file is re-read).

    Raises ``SvgError`` for a file svglib cannot read, an element it cannot draw
    (``UNSUPPORTED_SVG``: convert text to paths, embed no bitmaps) or any warning
    svglib gives while converting, so what prints is what was drawn.
    """
    import logging
    import xml.etree.ElementTree as ET

    from cardgen.errors import InputError
    from cardgen.load.yamlio import read_bounded

    try:  # bounded like every input file: a pipe or a huge file is refused, never read
        raw = read_bounded(Path(path), Path(path).name, expected="thing_svg")
    except InputError as exc:
        raise SvgError(exc.message) from None
    try:
        root = ET.fromstring(raw)
    except (ET.ParseError, OSError) as exc:
        raise SvgError(f"not a readable SVG file ({exc})") from None
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""
        if tag in UNSUPPORTED_SVG:
            advice = "convert text to paths" if tag == "text" else "use plain shapes and paths"
            raise SvgError(f"uses <{tag}>, which cardgen cannot draw as vectors; {advice}")
    from svglib.svglib import svg2rlg

    warnings: list[str] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            warnings.append(record.getMessage())

    handler = Catch(logging.WARNING)
    logger = logging.getLogger("svglib")
    logger.addHandler(handler)
    saved = logger.propagate
    logger.propagate = False
    try:
        # references to other files stay in the SVG's own folder
        drawing = svg2rlg(str(path), external_reference_root=str(Path(path).resolve().parent))
    except Exception as exc:  # svglib raises many types on odd input
        raise SvgError(f"cannot be drawn: {exc}") from None
    finally:
        logger.removeHandler(handler)
        logger.propagate = saved
    if drawing is None:
        raise SvgError("not a readable SVG file")
    if warnings:
        raise SvgError(f"cannot be drawn cleanly: {warnings[0].splitlines()[0]}")
    if not drawing.width or not drawing.height:
        raise SvgError("has no size; give the <svg> element a viewBox")
    return drawing


def draw_svg(c: Canvas, path: Path, x: float, y: float, w: float, h: float) -> None:
    """Draw the SVG file ``path`` scaled to fit the box ``(x, y, w, h)``, centred, as vectors.

    With a ``FORMS_ATTR`` dict on the canvas the drawing becomes a PDF form once and
    is referenced afterwards, like the built-in symbols.
    """
    from reportlab.graphics import renderPDF

    drawing = load_svg(path, path.stat().st_mtime_ns)
    scale = min(w / drawing.width, h / drawing.height)
    c.saveState()
    c.translate(x + (w - drawing.width * scale) / 2, y + (h - drawing.height * scale) / 2)
    c.scale(scale, scale)
    forms = getattr(c, FORMS_ATTR, None)
    if forms is None:
        renderPDF.draw(drawing, c, 0, 0)
    else:
        key = ("svg", str(path))
        name = forms.get(key)
        if name is None:
            name = forms[key] = f"S{len(forms)}"
            c.beginForm(name, 0, 0, drawing.width, drawing.height)
            renderPDF.draw(drawing, c, 0, 0)
            c.endForm()
        c.doForm(name)
    c.restoreState()
