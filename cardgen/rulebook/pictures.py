"""Pictures in the rulebook: card faces drawn by the card renderer, and vector diagrams.

``CardPicture`` is a Platypus flowable that draws one card face at a reduced size
through ``cardgen.render.cardface.draw_face``, clipped to the card's trim box (the
bleed would spill onto the neighbouring picture). The renderer is imported each
time a book is made, so the rulebook switches to real card drawings as soon as the
renderer exists; until then, and if it is missing, a framed box with the card's
colour and title stands in.
"""
from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from cardgen.model.deck import ResolvedDeck

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
            self._paint(canv)
        else:
            self._placeholder(canv)
        canv.restoreState()
        canv.saveState()
        canv.setStrokeColor(colors.HexColor("#777777"))
        canv.setLineWidth(0.4)
        canv.roundRect(0, 0, self.width, self.height, radius * self.scale, stroke=1, fill=0)
        canv.restoreState()

    def _paint(self, canv: Any) -> None:
        """The renderer's drawing of the face at the origin, in card units."""
        assert self.draw_face is not None
        self.draw_face(canv, self.resolved, self.component, self.face, self.lang, (0, 0), ink_saver=False,
                       back=self.back)

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


@dataclass(frozen=True)
class Seat:
    """One seat of a seating circle: its label and what a toast pays (+) or costs (-) there."""

    label: str
    amount: int = 0


class SeatingCircle(Flowable):
    """A round table seen from above: a host at the top, seats around, the cup in one hand.

    ``seats`` run from the first seat (beside the hand that holds the cup) to the last
    (beside the other hand); ``hand`` is "right" or "left", the host's hand as he faces the
    table, so his right hand is on the picture's left. Each seat shows its number and what
    a toast pays (green, +) or costs (red, -) there. Drawn with vectors, so it prints
    sharp at any size and its bytes never change.
    """

    PAY = colors.HexColor("#2E7D32")
    COST = colors.HexColor("#B3261E")
    INK = colors.HexColor("#1E1E1E")

    def __init__(self, width: float, host: str, hand: str, seats: list[Seat], first: str, last: str,
                 cup: str, accent: colors.Color) -> None:
        super().__init__()
        self.radius = width * 0.32
        self.r_seat = max(6.0, min(10.0, self.radius * 2.2 / max(1, len(seats) + 1)))
        self.width, self.height = width, 2 * (self.radius + self.r_seat + 14) + 14
        self.host, self.hand, self.seats = host, hand, seats
        self.first, self.last, self.cup, self.accent = first, last, cup, accent

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _angle(self, index: int) -> float:
        """Angle (degrees, counter-clockwise from east) of seat ``index``; the host sits at 90."""
        n = len(self.seats)
        step = 360.0 / (n + 1)
        offset = step * (index + 1)
        # his right hand is on the picture's left: the first seat comes counter-clockwise from him
        return 90.0 + offset if self.hand == "right" else 90.0 - offset

    def draw(self) -> None:
        canv: Canvas = self.canv
        w, h = self.width, self.height
        radius, r_seat = self.radius, self.r_seat
        cx, cy = w / 2, h / 2 - 7
        canv.saveState()
        canv.setStrokeColor(colors.HexColor("#999999"))
        canv.setLineWidth(0.6)
        canv.setFillColor(colors.HexColor("#F6F1E7"))
        canv.circle(cx, cy, radius - r_seat - 8, stroke=1, fill=1)
        for i, seat in enumerate(self.seats):
            a = math.radians(self._angle(i))
            x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
            edge = i in (0, len(self.seats) - 1)
            canv.setFillColor(colors.white)
            canv.setStrokeColor(self.accent if edge else colors.HexColor("#777777"))
            canv.setLineWidth(1.2 if edge else 0.6)
            canv.circle(x, y, r_seat, stroke=1, fill=1)
            canv.setFillColor(self.INK)
            canv.setFont("Sans-Bold", 7)
            canv.drawCentredString(x, y - 2.5, seat.label)
            if seat.amount:
                ox, oy = cx + (radius + r_seat + 9) * math.cos(a), cy + (radius + r_seat + 9) * math.sin(a)
                canv.setFillColor(self.PAY if seat.amount > 0 else self.COST)
                canv.setFont("Sans-Bold", 8)
                canv.drawCentredString(ox, oy - 3, f"+{seat.amount}" if seat.amount > 0 else f"\u2212{-seat.amount}")
            if edge:
                # beside the seat on the side away from the table's middle, so the labels of the first and
                # last seats (neighbours at the top) can never meet, whatever their length
                canv.setFillColor(self.accent)
                canv.setFont("Sans-Bold", 6.5)
                label, left = (self.first if i == 0 else self.last), x < cx
                (canv.drawRightString if left else canv.drawString)(
                    x - r_seat - 3 if left else x + r_seat + 3, y - 2.5, label)
        self._host(canv, cx, cy + radius)
        canv.restoreState()

    def _host(self, canv: Canvas, x: float, y: float) -> None:
        """The host's place at the top, with the cup drawn on the side of the hand holding it."""
        canv.setFont("Sans-Bold", 8)
        width = canv.stringWidth(self.host, "Sans-Bold", 8) + 10
        canv.setFillColor(self.accent)
        canv.roundRect(x - width / 2, y - 7, width, 14, 3, stroke=0, fill=1)
        canv.setFillColor(colors.white)
        canv.drawCentredString(x, y - 3, self.host)
        side = -1 if self.hand == "right" else 1
        cup_x = x + side * (width / 2 + 8)
        canv.setFillColor(colors.HexColor("#C9A227"))
        canv.setStrokeColor(colors.HexColor("#7A5F10"))
        canv.setLineWidth(0.5)
        path = canv.beginPath()
        path.moveTo(cup_x - 4, y + 5)
        path.lineTo(cup_x + 4, y + 5)
        path.lineTo(cup_x + 1.2, y - 1)
        path.lineTo(cup_x + 1.2, y - 4)
        path.lineTo(cup_x + 3, y - 6)
        path.lineTo(cup_x - 3, y - 6)
        path.lineTo(cup_x - 1.2, y - 4)
        path.lineTo(cup_x - 1.2, y - 1)
        path.close()
        canv.drawPath(path, stroke=1, fill=1)
        canv.setFillColor(self.INK)
        canv.setFont("Sans", 6.5)
        # the label just above the cup it names (set off to the side, it read as a stray caption: round 13)
        canv.drawCentredString(cup_x, y + 8, self.cup)
