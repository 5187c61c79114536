"""Card pictures in the rulebook, drawn by the card renderer.

``CardPicture`` is a Platypus flowable that draws one card face at a reduced size
through ``cardgen.render.cardface.draw_face``, clipped to the card's trim box (the
bleed would spill onto the neighbouring picture). The renderer is imported each
time a book is made, so the rulebook switches to real card drawings as soon as the
renderer exists; until then, and if it is missing, a framed box with the card's
colour and title stands in.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from cardgen.resolve.resolve import ResolvedDeck

DrawFace = Callable[..., None]


def find_draw_face() -> DrawFace | None:
    """The renderer's ``draw_face``, or None while it does not exist yet."""
    try:
        module = importlib.import_module("cardgen.render.cardface")
    except ImportError:
        return None
    return getattr(module, "draw_face", None)


def piece_size(resolved: ResolvedDeck, component: Any) -> tuple[float, float, float]:
    """Trim width, height and corner radius of ``component``, in points.

    The renderer knows the size of tokens and dice (its ``piece_size``); without it,
    every piece is taken to be a card of the deck's card size.
    """
    try:
        geometry = importlib.import_module("cardgen.render.cardface").piece_size(resolved, component)
        return float(geometry.width), float(geometry.height), float(geometry.radius)
    except (ImportError, AttributeError):
        card = resolved.model.card
        return card.width_mm * mm, card.height_mm * mm, card.corner_radius_mm * mm


def face_of(resolved: ResolvedDeck, component: Any, back: bool) -> Any:
    """The face to draw: the first face, or the back (shared back or second face)."""
    if not back:
        return component.faces[0]
    if len(component.faces) == 2:
        return component.faces[1]
    return resolved.model.backs[component.back]


class CardPicture(Flowable):
    """One card face, scaled to ``width`` points wide, with the renderer's drawing."""

    def __init__(self, resolved: ResolvedDeck, component: Any, lang: str, width: float, *,
                 back: bool = False, draw_face: DrawFace | None = None) -> None:
        super().__init__()
        self.resolved, self.component, self.lang, self.back = resolved, component, lang, back
        self.face = face_of(resolved, component, back)
        self.card_w, self.card_h, self.radius = piece_size(resolved, component)
        self.scale = width / self.card_w
        self.width, self.height = width, self.card_h * self.scale
        self.draw_face = draw_face

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canv: Canvas = self.canv
        radius = self.radius
        canv.saveState()
        canv.scale(self.scale, self.scale)
        path = canv.beginPath()
        path.roundRect(0, 0, self.card_w, self.card_h, radius)
        canv.clipPath(path, stroke=0, fill=0)
        if self.draw_face is not None:
            self.draw_face(canv, self.resolved, self.component, self.face, self.lang, 0, 0,
                           ink_saver=False, back=self.back)
        else:
            self._placeholder(canv)
        canv.restoreState()
        canv.saveState()
        canv.setStrokeColor(colors.HexColor("#777777"))
        canv.setLineWidth(0.4)
        canv.roundRect(0, 0, self.width, self.height, radius * self.scale, stroke=1, fill=0)
        canv.restoreState()

    def _placeholder(self, canv: Canvas) -> None:
        """Stand-in until the renderer exists: the card's colour and its title."""
        palette = self.resolved.model.colours
        colour = (colors.HexColor(palette[self.face.colour].rgb) if self.face.colour in palette
                  else colors.HexColor("#888888"))
        title = (self.face.title[self.lang] if self.face.title is not None
                 else self.component.name[self.lang])
        w, h = self.card_w, self.card_h
        canv.setFillColor(colors.white)
        canv.rect(0, 0, w, h, stroke=0, fill=1)
        canv.setFillColor(colour)
        if self.back:
            canv.rect(0, 0, w, h, stroke=0, fill=1)
        else:
            canv.rect(0, h * 0.78, w, h * 0.22, stroke=0, fill=1)
        canv.setFillColor(colors.white if self.back else colors.black)
        size = min(22.0, 0.9 * w / max(1, len(title)) * 1.7)
        canv.setFont("Sans-Bold", size)
        canv.drawCentredString(w / 2, h * 0.45, title)
