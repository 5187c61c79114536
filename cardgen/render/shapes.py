"""Circles, ellipses and rounded rectangles whose PDF operators are worked out once.

Every face of a deck draws the same panel, cut line and point discs at the same
places, and reportlab recomputes each curve (Bezier arcs, a dozen numbers formatted)
every time. These helpers let reportlab's own path object write a shape's operators
once per set of arguments and hand the memoised text to the canvas with
``addLiteral``: the bytes are those ``Canvas.circle`` / ``ellipse`` / ``roundRect``
write, shape for shape (one operator a line, then the paint operator).

The paint operator assumes reportlab's default even-odd fill mode, which the
renderer never changes.
"""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject


@lru_cache(maxsize=2048)
def _path(kind: str, args: tuple[float, ...]) -> str:
    """Operators of one path shape (``ellipse`` or ``roundRect`` of ``PDFPathObject``), one a line."""
    lines: list[str] = []
    getattr(PDFPathObject(code=lines), kind)(*args)
    return "\n".join(lines)


def _paint(c: Canvas, kind: str, args: tuple[float, ...], stroke: int, fill: int) -> None:
    c.addLiteral(_path(kind, args) + "\n" + PATH_OPS[stroke, fill, FILL_EVEN_ODD])


def ellipse(c: Canvas, x1: float, y1: float, x2: float, y2: float, stroke: int = 1, fill: int = 0) -> None:
    """``c.ellipse(x1, y1, x2, y2, stroke, fill)``: the ellipse in that bounding box."""
    _paint(c, "ellipse", (x1, y1, x2 - x1, y2 - y1), stroke, fill)


def circle(c: Canvas, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
    """``c.circle(x, y, r, stroke, fill)``: as reportlab, an ellipse in the box ``x ± r``, ``y ± r``."""
    ellipse(c, x - r, y - r, x + r, y + r, stroke, fill)


def round_rect(c: Canvas, x: float, y: float, w: float, h: float, radius: float, stroke: int = 1,
               fill: int = 0) -> None:
    """``c.roundRect(x, y, w, h, radius, stroke, fill)``."""
    _paint(c, "roundRect", (x, y, w, h, radius), stroke, fill)
