"""Draw one face of a component as vectors, from the deck data alone.

``draw_face(canvas, resolved, component, face, lang, at=(x, y), *, ink_saver=False, back=False)``
is the one entry point other stages use (the sheets, the PNG export, the rulebook's
card pictures): it draws the face with its *trim box*'s bottom-left corner at the
point ``(x, y)``, in points. Artwork reaches ``bleed`` beyond the trim on every side (so the
caller leaves that much room) and is clipped there; text stays inside the safe zone.
``piece_size`` gives the trim size to reserve.

What is drawn comes from the face's layout (``templates/layouts``, see ``layouts``)
and its data: colour, symbol, title, value, points, pattern, ``face.text`` and the
text the game generates for it (``GameSpec.face_text``). The renderer never looks
at game names. Components of kind ``card`` use the deck's card size, ``token`` a
disc, ``die`` one square per face (``sheets`` assembles the die net).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import InputError, did_you_mean
from cardgen.typography import for_language
from cardgen.model.vocab import PROJECT_SYMBOLS, project_files, symbol_ids
from cardgen.render import shapes
from cardgen.render.layouts import ELEMENTS, Box, Element, Layout, layout
from cardgen.render.symbols import Inks, SvgError, draw_svg, draw_symbol
from cardgen.render.textfit import TextFitError, draw_fitted, fit_text, missing_glyphs

INK = HexColor("#1E1E1E")
PAPER = white
NEUTRAL = "#6E6E6E"  # faces without a colour
#: Elements that take space (decorations such as the band do not push others aside).
SPACE_TAKERS = ("symbol", "pattern", "title", "value", "points", "mark", "text")


@dataclass(frozen=True)
class Geometry:
    """Trim size, bleed and safe margin of a piece, in points."""

    width: float
    height: float
    bleed: float
    safe: float
    radius: float  # corner radius; a round piece has radius = width / 2
    round: bool = False

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` relative to the trim's bottom-left corner."""
        return (-self.bleed, -self.bleed, self.width + self.bleed, self.height + self.bleed)


def piece_size(resolved: Any, component: Any) -> Geometry:
    """The geometry one face of ``component`` is drawn at."""
    card = resolved.model.card
    if component.kind == "token":
        settings = layout("token", resolved.project).settings
        d = float(settings.get("diameter_mm", 25)) * mm
        return Geometry(d, d, card.bleed_mm * mm, float(settings.get("safe_mm", 1.5)) * mm, d / 2, True)
    if component.kind == "die":
        settings = layout("die", resolved.project).settings
        s = float(settings.get("face_mm", 19)) * mm
        return Geometry(s, s, 0.0, float(settings.get("safe_mm", 1.5)) * mm, 0.0)
    return Geometry(card.width_mm * mm, card.height_mm * mm, card.bleed_mm * mm, card.safe_mm * mm,
                    card.corner_radius_mm * mm)


#: ``own_symbols`` answers: project folder -> (its symbols folder, that folder's
#: modification time, the files by id).
_OWN_SYMBOLS: dict[Any, tuple[str, int, dict[str, Path]]] = {}


def own_symbols(root: Path | None) -> dict[str, Path]:
    """The project's own SVG symbols by id (``vocab.project_files``).

    The folder is listed again only when its modification time changes (a file added,
    removed or renamed): a sheet asks for every symbol it draws, about 850 times, and
    a ``stat`` is all each asks then.
    """
    if root is None:
        return {}
    known = _OWN_SYMBOLS.get(root)
    if known is None:  # a project without symbols is remembered too, its folder's name with it
        known = _OWN_SYMBOLS[root] = (str(Path(root) / PROJECT_SYMBOLS), -1, {})
    base = known[0]
    try:
        stamp = os.stat(base).st_mtime_ns
    except OSError:
        return {}
    if known[1] != stamp:
        known = _OWN_SYMBOLS[root] = (base, stamp, project_files(root, PROJECT_SYMBOLS, ".svg"))
    return known[2]


def has_reverse(component: Any) -> bool:
    """The component prints a reverse: a second face or a shared back (dice have none)."""
    return component.kind != "die" and (len(component.faces) == 2 or component.back is not None)


def side_of(resolved: Any, component: Any, face: Any = None, back: bool = False) -> tuple[Any, str]:
    """The face to draw and a label naming it for messages (``face 2``, ``back 'x'``).

    ``back=True`` selects the component's reverse: its second face when it has two,
    else its shared back (``deck.backs[component.back]``); ``face`` is then ignored.
    """
    if back:
        if len(component.faces) == 2 and component.kind in ("card", "token"):
            return component.faces[1], "face 2"
        if component.back is None:
            raise ValueError(f"component '{component.id}' has no back")
        return resolved.model.backs[component.back], f"back '{component.back}'"
    if face is None:
        face = component.faces[0]
    for i, f in enumerate(component.faces):
        if f is face:
            return face, f"face {i + 1}"
    return face, "face"


def draw_face(canvas: Canvas, resolved: Any, component: Any, face: Any, lang: str,
              at: tuple[float, float] = (0.0, 0.0), *, ink_saver: bool = False, back: bool = False) -> None:
    """Draw one face of ``component`` with its trim box's bottom-left at the point ``at``, ``(x, y)``.

    ``face`` is one of ``component.faces`` (or None for the first); with ``back=True``
    the component's reverse is drawn instead (second face, or the shared back).
    ``lang`` picks the texts; ``ink_saver`` replaces solid fills by light outlines.
    Raises ``InputError`` naming the component and face when a text does not fit.
    """
    canvas.saveState()
    canvas.translate(*at)
    paint(canvas, resolved, component, face, lang, ink_saver=ink_saver, back=back)
    canvas.restoreState()


def paint(c: Canvas, resolved: Any, component: Any, face: Any, lang: str, *, ink_saver: bool = False,
          back: bool = False) -> None:
    """``draw_face`` at the origin (the trim's bottom-left), clipped to the bleed box."""
    face, label = side_of(resolved, component, face, back)
    Painter(c, resolved, component, face, label, lang, ink_saver).paint()


# The colour helpers below are memoised: a deck has a handful of colours, and every face
# of a sheet asks the same questions about its colour (thousands of calls per sheet).
# The colours returned are shared objects; nothing may change them.

@lru_cache(maxsize=256)
def hex_colour(rgb: str) -> Color:
    """The colour of a ``#RRGGBB`` string, one shared object per string."""
    return HexColor(rgb)


@lru_cache(maxsize=1024)
def tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white (``amount`` = share of the colour kept)."""
    return Color(1 - (1 - colour.red) * amount, 1 - (1 - colour.green) * amount, 1 - (1 - colour.blue) * amount)


def _luminance(colour: Color) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(colour.red) + 0.7152 * lin(colour.green) + 0.0722 * lin(colour.blue)


@lru_cache(maxsize=1024)
def _contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


@lru_cache(maxsize=256)
def text_on(colour: Color) -> Color:
    """Ink or paper, whichever contrasts more with ``colour``."""
    return INK if _contrast(colour, INK) >= _contrast(colour, PAPER) else PAPER


#: Stands in a text for a symbol written ``:id:`` (a black square: every bundled font has it,
#: about as wide as a capital letter, and it wraps like a word).
INLINE = "\u25a0"
_INLINE_ID = re.compile(r":([a-z0-9][a-z0-9_-]*):")


def _hex(colour: Color) -> str:
    return "#%02X%02X%02X" % tuple(round(v * 255) for v in (colour.red, colour.green, colour.blue))


def _fractions(box: Box) -> str:
    return "[" + ", ".join(f"{v:g}" for v in (box.x, box.y, box.w, box.h)) + "]"


class FaceFieldError(InputError):
    """A refusal about one field of the face (``element``): ``check`` names that field's cell or line."""

    def __init__(self, element: str, message: str, any_language: bool = False, **where: Any) -> None:
        self.element = element
        self.any_language = any_language  # the same in every language: named once, not per language column
        super().__init__(message, **where)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_field_error, (self.element, self.message, self.any_language, self.file, self.line, self.field,
                               self.hint))


def _field_error(element: str, message: str, any_language: bool, file: Any, line: Any, field: Any,
                 hint: Any) -> "FaceFieldError":
    return FaceFieldError(element, message, any_language, file=file, line=line, field=field, hint=hint)


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


class Arrangement:
    """Where the elements a face shows go, on one layout and one piece size.

    It depends on nothing else (not on the face's texts or colour), so the many faces
    of a deck that show the same elements on the same layout share one, and each box
    choice, rectangle and overlap test is worked out once (``arrangement``).
    """

    def __init__(self, lay: Layout, shown: tuple[str, ...], geo: Geometry) -> None:
        self.lay, self.shown, self.geo = lay, frozenset(shown), geo
        self._boxes: dict[str, Box] = {}
        self._rects: dict[str, tuple[float, float, float, float]] = {}
        self._text_rects: dict[str, tuple[float, float, float, float]] = {}
        self._on_band: dict[str, bool] = {}
        names = [n for n in SPACE_TAKERS if n in self.shown]
        #: The first two shown elements that share space (the face cannot be drawn), else None.
        self.clash = next(((a, b) for i, a in enumerate(names) for b in names[i + 1:]
                           if _overlap(self.box(a), self.box(b))), None)

    def box(self, name: str) -> Box:
        """The box of element ``name``, choosing its alone/shared variant from what else is shown."""
        box = self._boxes.get(name)
        if box is None:
            box = self._boxes[name] = self._choose(name)
        return box

    def _choose(self, name: str) -> Box:
        el = self.lay.elements[name]
        others = [self.lay.elements[o].box for o in SPACE_TAKERS if o != name and o in self.shown]
        if el.box_alone is not None and not any(_overlap(el.box_alone, b) for b in others):
            return el.box_alone
        if el.box_shared is not None and any(_overlap(el.box, b) for b in others):
            return el.box_shared
        return el.box

    def rect(self, name: str) -> tuple[float, float, float, float]:
        rect = self._rects.get(name)
        if rect is None:
            rect = self._rects[name] = self.box(name).rect(self.geo.width, self.geo.height)
        return rect

    def text_rect(self, name: str) -> tuple[float, float, float, float]:
        """The element's box clipped to the safe zone (a circle's inscribed square for round pieces)."""
        rect = self._text_rects.get(name)
        if rect is None:
            rect = self._text_rects[name] = self._clip_to_safe(self.rect(name))
        return rect

    def _clip_to_safe(self, rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x, y, w, h = rect
        g = self.geo
        if g.round:
            # Every corner of the clipped box lies within the circle less the safe margin.
            cx, cy, radius = g.width / 2, g.height / 2, g.width / 2 - g.safe
            lo_y, hi_y = max(y, cy - radius * 0.95), min(y + h, cy + radius * 0.95)
            half = (radius ** 2 - max(abs(lo_y - cy), abs(hi_y - cy)) ** 2) ** 0.5
            lo_x, hi_x = cx - half, cx + half
        else:
            lo_x, lo_y, hi_x, hi_y = g.safe, g.safe, g.width - g.safe, g.height - g.safe
        x0, y0 = max(x, lo_x), max(y, lo_y)
        x1, y1 = min(x + w, hi_x), min(y + h, hi_y)
        return x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0)

    def on_colour(self, name: str) -> bool:
        """Text of element ``name`` lies on the face colour: a full-bleed background, or over the band."""
        on = self._on_band.get(name)
        if on is None:
            band = self.lay.get("band")
            on = self._on_band[name] = self.lay.background == "full" or (
                band is not None and "band" in self.shown and _overlap(self.box(name), band.box))
        return on


def arrangement(lay: Layout, shown: dict[str, bool], geo: Geometry) -> Arrangement:
    """The ``Arrangement`` of the elements ``shown`` on ``lay`` for a piece of ``geo``, made once."""
    names = tuple(name for name, present in shown.items() if present)
    key = (names, geo)
    found = lay.memo.get(key)
    if found is None:
        found = lay.memo[key] = Arrangement(lay, names, geo)
    return found


class Painter:
    """Paints one face; one instance per call, holding what every element needs.

    ``face`` and ``label`` are what ``side_of`` answers; the piece's geometry
    (``piece_size``) and the face's layout follow from the deck, the component and the face.
    """

    def __init__(self, c: Canvas, resolved: Any, component: Any, face: Any, label: str, lang: str,
                 ink_saver: bool = False) -> None:
        self.c, self.resolved, self.component, self.face, self.label = c, resolved, component, face, label
        self.lang, self.ink_saver = lang, ink_saver
        self.geo: Geometry = piece_size(resolved, component)
        self.lay: Layout = layout(face.layout, resolved.project)
        colours = resolved.model.colours
        self.colour = hex_colour(colours[face.colour].rgb if face.colour in colours else NEUTRAL)
        self.inline: list[str] = []  # symbols written inline in the text (``:sun:``), in order
        self.body = self._body_paragraphs()
        self.shown = self._shown()
        self.arr = arrangement(self.lay, self.shown, self.geo)
        self._check_overlaps()
        self._check_colour_keys()

    # -- what the face shows ----------------------------------------------------
    def _body_paragraphs(self) -> tuple[tuple[str, str], ...]:
        el = self.lay.get("text")
        font = el.font if el else "Sans"
        out: list[tuple[str, str]] = []
        is_face = any(f is self.face for f in self.component.faces)
        generated = self.resolved.spec.face_text(self.resolved, self.component, self.face, self.lang) \
            if is_face else None
        if generated:
            out.append((font, generated.strip()))
        if self.face.text is not None:
            words = for_language(self.face.text[self.lang].strip(), self.lang)
            out.append((font.split("-")[0] + "-Italic", self._inline_symbols(words)))
        return tuple(out)

    def _inline_symbols(self, words: str) -> str:
        """``:sun:`` in a text (a symbol's id between colons) becomes ``INLINE``, a glyph as wide as a
        symbol that wraps like a word; ``draw_text`` draws the symbols there, in order."""
        if ":" not in words:
            return words
        known = set(symbol_ids(self.resolved.project))

        def swap(match: Any) -> str:
            if match.group(1) not in known:
                return match.group(0)
            self.inline.append(match.group(1))
            return INLINE
        return _INLINE_ID.sub(swap, words)

    def _shown(self) -> dict[str, bool]:
        f = self.face
        art_box = "art" in self.lay.elements  # else art takes the symbol's place
        has = {
            "band": True,
            "art": f.art is not None and art_box,
            "symbol": f.symbol is not None or (f.art is not None and not art_box),
            "mini_symbol": f.symbol is not None,
            "pattern": f.pattern is not None,
            "title": f.title is not None,
            "value": f.value is not None,
            "points": f.points is not None,
            "mark": f.mark is not None,
            "text": bool(self.body),
        }
        if self.lay.settings.get("pips") and f.value is not None and 1 <= f.value <= 6:
            has["symbol"] = has["mini_symbol"] = False  # pips say it all (a die face)
        for name, el in self.lay.elements.items():
            if el.required and not has.get(name):
                raise FaceFieldError(name, f"blank {name}; layout '{f.layout}' requires one "
                                     f"({self.lay.where(name)}: required: true)", file=self.resolved.files[-1])
        for name, present in has.items():
            if present and name not in self.lay.elements and name not in ("band", "mini_symbol"):
                raise InputError(f"{self._who()}: layout '{f.layout}' has no place for its {name}; "
                                 "use a layout that prints it (docs/DEVELOPING.md)", file=self.resolved.files[-1],
                                 key="layout_no_place", fields={"component": self.component.id, "face": self.label, "layout": f.layout, "name": name})
        return {k: v and k in self.lay.elements for k, v in has.items()}

    def _check_overlaps(self) -> None:
        """Two elements this face shows must not share space (a layout cannot fit every combination).

        The fix is in the layout file (move a box, or give one a ``box_shared``), so the
        error names it and both boxes; ``check`` reports it once, whatever number of faces hit it.
        """
        if self.arr.clash is not None:
            a, b = self.arr.clash
            lay = self.lay
            line = lay.lines.get(a) or None
            raise InputError(f"the {a} box {_fractions(self.box(a))} overlaps the {b} box "
                             f"{_fractions(self.box(b))} (line {lay.lines.get(b, '?')}), and a face shows both "
                             f"(first: component '{self.component.id}'); move one, or give the {a} a box_shared",
                             file=lay.source, line=line, field=a,
                             key="boxes_overlap", fields={"a": a, "a_box": _fractions(self.box(a)), "b": b, "b_box": _fractions(self.box(b)), "line": lay.lines.get(b, "?"), "component": self.component.id})

    def _who(self) -> str:
        return f"component '{self.component.id}', {self.label}"

    def box(self, name: str) -> Box:
        """The box of element ``name``, choosing its alone/shared variant from what else is shown."""
        return self.arr.box(name)

    def rect(self, name: str) -> tuple[float, float, float, float]:
        return self.arr.rect(name)

    def text_rect(self, name: str) -> tuple[float, float, float, float]:
        """The element's box clipped to the safe zone (a circle's inscribed square for round pieces)."""
        return self.arr.text_rect(name)

    # -- painting ---------------------------------------------------------------
    def paint(self) -> None:
        c, g = self.c, self.geo
        c.saveState()
        clip = c.beginPath()
        if g.round:
            clip.circle(g.width / 2, g.height / 2, g.width / 2 + g.bleed)
        else:
            x0, y0, x1, y1 = g.bleed_box
            clip.rect(x0, y0, x1 - x0, y1 - y0)
        c.clipPath(clip, stroke=0, fill=0)
        self.background()
        for name in ELEMENTS:
            if not self.shown.get(name):
                continue
            el = self.lay.elements[name]
            getattr(self, f"draw_{name}")(el)
            if el.mirror:
                c.saveState()
                c.transform(-1, 0, 0, -1, g.width, g.height)  # turned 180 degrees about the centre
                getattr(self, f"draw_{name}")(el)
                c.restoreState()
        c.restoreState()

    def _panel_shape(self, inset: float, fill: bool, stroke: bool) -> None:
        c, g = self.c, self.geo
        if g.round:
            shapes.circle(c, g.width / 2, g.height / 2, g.width / 2 - inset, fill=int(fill), stroke=int(stroke))
        else:
            r = max(g.radius - inset, 1.0 * mm) if g.radius else 0.0
            shapes.round_rect(c, inset, inset, g.width - 2 * inset, g.height - 2 * inset, r, fill=int(fill),
                        stroke=int(stroke))

    def background(self) -> None:
        c, g, lay = self.c, self.geo, self.lay
        x0, y0, x1, y1 = g.bleed_box
        if self.ink_saver:
            c.setStrokeColor(self.colour)
            c.setLineWidth(0.8)
            self._panel_shape(max(g.safe * 0.4, 0.8 * mm) if not g.round else 0.8 * mm, False, True)
            self._cut_line()
            return
        c.setFillColor(self.colour)
        if g.round:
            shapes.circle(c, g.width / 2, g.height / 2, g.width / 2 + g.bleed, fill=1, stroke=0)
        else:
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=1, stroke=0)
        if lay.background == "frame":
            inset = lay.panel_inset * g.width
            c.setFillColor(PAPER if inset > 0 else tint(self.colour, 0.12))
            c.setStrokeColor(INK)
            c.setLineWidth(0.5)
            self._panel_shape(inset if inset > 0 else 0.0, True, inset > 0)
        self._cut_line()
        if lay.ornament:
            c.setStrokeColor(tint(text_on(self.colour), 0.5) if text_on(self.colour) is INK
                             else tint(self.colour, 0.45))
            c.setLineWidth(0.9)
            self._panel_shape(lay.ornament * g.width, False, True)

    def _cut_line(self) -> None:
        """Round pieces get their cut line printed: crop marks cannot show a circle."""
        g = self.geo
        if g.round:
            self.c.setStrokeColor(tint(INK, 0.55))
            self.c.setLineWidth(0.35)
            shapes.circle(self.c, g.width / 2, g.height / 2, g.width / 2, fill=0, stroke=1)

    def _text_colour(self, name: str) -> Color:
        """The layout's colour for this element and face colour, else: text over the band (or the
        full-bleed background) contrasts with the colour; else ink."""
        if self.ink_saver:
            return INK
        el = self.lay.elements[name]
        chosen = el.colour_for(self.face.colour) if el.colour is not None else None
        if chosen is not None:
            return hex_colour(chosen)
        return text_on(self.colour) if self.arr.on_colour(name) else INK

    def _check_colour_keys(self) -> None:
        """A per-colour text colour names colours of the deck (a typo would silently never apply)."""
        known = list(self.resolved.model.colours)
        for name, el in self.lay.elements.items():
            for key, _ in el.colour or ():
                if key != "default" and key not in known:
                    raise InputError(f"colour for face colour '{key}', which this deck does not have; expected "
                                     f"default or {', '.join(known) or 'a colour of the deck'}", file=self.lay.source,
                                     line=self.lay.lines.get(name) or None, field=f"{name}.colour",
                                     hint=did_you_mean(key, known),
                                     key="colour_unknown" if known else "colour_unknown_none",
                                     fields={"key": key, "known": ", ".join(known)})

    def _under(self, name: str) -> Color:
        """What lies under element ``name``'s text: the face colour (band, full background) or the panel."""
        if self.lay.background == "frame" and self.lay.panel_inset <= 0 and not self.arr.on_colour(name):
            return tint(self.colour, 0.12)
        return self.colour if self.arr.on_colour(name) else PAPER

    def _check_contrast(self, name: str, colour: Color, fitted: Any, bold: bool) -> None:
        """Refuse text that does not stand out from what lies under it (WCAG 2: 4.5:1, large text 3:1).

        Large is 18 pt, or 14 pt bold, at the size the text was fitted to.
        """
        if self.ink_saver or not fitted.lines:
            return
        under = self._under(name)
        ratio = _contrast(colour, under)
        large = fitted.size >= 18 or (bold and fitted.size >= 14)
        needed = 3.0 if large else 4.5
        if ratio < needed:
            better = "ink" if text_on(under) == INK else "white"  # the one that reads on what lies under it
            raise FaceFieldError(name, f"the {name} is {_hex(colour)} on {_hex(under)}: contrast "
                                 f"{ratio:.1f}:1, below WCAG's {needed:g}:1 for {'large' if large else 'small'} text; "
                                 f"set its colour in {self.lay.where(name)} (colour: {better}, or per face colour "
                                 f"{{{self.face.colour or 'default'}: {better}}})", file=self.resolved.files[-1],
                                 any_language=True)

    def draw_band(self, el: Element) -> None:
        c, g = self.c, self.geo
        x, y, w, h = el.box.rect(g.width, g.height)
        inset = self.lay.panel_inset * g.width
        if self.ink_saver:
            c.setStrokeColor(self.colour)
            c.setLineWidth(0.8)
            edge = y if y > g.height / 2 else y + h
            c.line(inset + 1 * mm, edge, g.width - inset - 1 * mm, edge)
            return
        c.setFillColor(self.colour)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        # The band closes the panel's top: a colour strip across it, edged by one rule.
        top = y + h > g.height - 1
        c.rect(x - g.bleed, y if top else y - g.bleed, w + 2 * g.bleed, h + g.bleed, fill=1, stroke=0)
        edge = y if top else y + h
        c.line(inset, edge, g.width - inset, edge)

    def draw_art(self, el: Element) -> None:
        self._art(*el.box.rect(self.geo.width, self.geo.height), cover=el.fit == "cover")

    def _art(self, x: float, y: float, w: float, h: float, cover: bool = False) -> None:
        """The face's image in the box: all of it (contain) or filling the box, cropped (cover)."""
        path = self.resolved.project / self.face.art
        if path.suffix.lower() == ".svg":
            self._svg(path, x, y, w, h)
            return
        if not cover:
            self.c.drawImage(str(path), x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto")
            return
        from reportlab.lib.utils import ImageReader
        iw, ih = ImageReader(str(path)).getSize()
        scale = max(w / iw, h / ih)
        self.c.saveState()
        clip = self.c.beginPath()
        clip.rect(x, y, w, h)
        self.c.clipPath(clip, stroke=0, fill=0)
        self.c.drawImage(str(path), x + (w - iw * scale) / 2, y + (h - ih * scale) / 2, iw * scale, ih * scale,
                         mask="auto")
        self.c.restoreState()

    def _svg(self, path: Any, x: float, y: float, w: float, h: float) -> None:
        try:
            draw_svg(self.c, path, x, y, w, h)
        except SvgError as exc:
            root = self.resolved.project
            raise InputError(f"{self._who()}: {exc}",
                             file=path.relative_to(root) if path.is_relative_to(root) else path,
                             key="face_problem", fields={"component": self.component.id, "face": self.label, "why": exc}) from None

    def draw_symbol(self, el: Element) -> None:
        x, y, w, h = self.rect("symbol")
        if self.face.art is not None and "art" not in self.lay.elements:
            self._art(x, y, w, h)
            if self.face.symbol is None:
                return
        if self.face.symbol is None:
            return
        self._symbol(self.face.symbol, x, y, w, h, on_colour=self.lay.background == "full")

    def draw_mini_symbol(self, el: Element) -> None:
        x, y, w, h = el.box.rect(self.geo.width, self.geo.height)
        self._symbol(self.face.symbol, x, y, w, h, on_colour=False)

    def _symbol(self, sid: str, x: float, y: float, w: float, h: float, on_colour: bool) -> None:
        own = own_symbols(self.resolved.project)
        if sid in own:  # the project's own drawing, in its own colours
            self._svg(own[sid], x, y, w, h)
            return
        size = min(w, h)
        if on_colour and not self.ink_saver:
            fill = tint(self.colour, 0.35) if text_on(self.colour) is PAPER else PAPER
        elif self.ink_saver:
            fill = tint(self.colour, 0.22)
        else:  # a colour too dark for the ink details to show is lightened
            fill = self.colour if _contrast(self.colour, INK) >= 1.8 else tint(self.colour, 0.5)
        inks = Inks(fill, INK, PAPER, solid=tint(INK, 0.35) if self.ink_saver else None, light=self.ink_saver)
        draw_symbol(self.c, sid, x + (w - size) / 2, y + (h - size) / 2, size, inks)

    def draw_pattern(self, el: Element) -> None:
        c, pat = self.c, self.face.pattern
        x, y, w, h = self.rect("pattern")
        cell = min(w / pat.cols, h / pat.rows)
        gx, gy = x + (w - cell * pat.cols) / 2, y + (h - cell * pat.rows) / 2
        marked = {(r, col) for r, col in pat.cells}
        c.setLineWidth(max(cell * 0.04, 0.5))
        for r in range(pat.rows):
            for col in range(pat.cols):
                cx, cy = gx + col * cell, gy + (pat.rows - 1 - r) * cell  # row 0 at the top
                pad = cell * 0.06
                on = (r, col) in marked
                c.setStrokeColor(INK if on else tint(INK, 0.35))
                c.setFillColor(tint(self.colour, 0.3) if on and self.ink_saver else self.colour if on else PAPER)
                shapes.round_rect(c, cx + pad, cy + pad, cell - 2 * pad, cell - 2 * pad, cell * 0.12, fill=1,
                                  stroke=1)
                if on:  # a dot, so marked cells read without colour too
                    c.setFillColor(INK if self.ink_saver else text_on(self.colour))
                    shapes.circle(c, cx + cell / 2, cy + cell / 2, cell * 0.14, fill=1, stroke=0)

    def _fit(self, name: str, paragraphs: tuple[tuple[str, str], ...], el: Element,
             rect: tuple[float, float, float, float]):
        for font, text in paragraphs:
            missing = missing_glyphs(text, font)
            if missing:
                raise InputError(f"{self._who()}: the {name} ({self.lang}) uses characters the bundled font "
                                 f"cannot print: {' '.join(sorted(missing))}", file=self.resolved.files[-1],
                                 key="font_missing", fields={"component": self.component.id, "face": self.label, "name": name, "lang": self.lang, "chars": " ".join(sorted(missing))})
        try:
            return fit_text(paragraphs, rect[2], rect[3], el.size[0], el.size[1], self.lang, el.lines)
        except TextFitError as exc:  # named at the text's own cell or line, where it is shortened
            raise FaceFieldError(name, f"{self._who()}: the {name} ({self.lang}) {exc}; shorten it",
                                 file=self.resolved.files[-1]) from None

    def draw_title(self, el: Element) -> None:
        rect = self.text_rect("title")
        fitted = self._fit("title", ((el.font, for_language(self.face.title[self.lang], self.lang)),), el, rect)
        colour = self._text_colour("title")
        self._check_contrast("title", colour, fitted, "Bold" in el.font)
        draw_fitted(self.c, fitted, *rect, align=el.align, colour=colour)

    def draw_value(self, el: Element) -> None:
        value = self.face.value
        if self.lay.settings.get("pips") and 1 <= value <= 6:
            self._pips(value)
            return
        rect = self.text_rect("value")
        fitted = self._fit("value", ((el.font, str(value)),), el, rect)
        colour = self._text_colour("value")
        self._check_contrast("value", colour, fitted, "Bold" in el.font)
        draw_fitted(self.c, fitted, *rect, align=el.align, colour=colour)

    def _pips(self, value: int) -> None:
        x, y, w, h = self.rect("value")
        s = min(w, h)
        x, y = x + (w - s) / 2, y + (h - s) / 2
        spots = {1: [(1, 1)], 2: [(0, 2), (2, 0)], 3: [(0, 2), (1, 1), (2, 0)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
                 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
        self.c.setFillColor(tint(INK, 0.45) if self.ink_saver else INK)
        for col, row in spots[value]:
            shapes.circle(self.c, x + s * (0.2 + 0.3 * col), y + s * (0.2 + 0.3 * row), s * 0.09, fill=1, stroke=0)

    def draw_points(self, el: Element) -> None:
        c = self.c
        x, y, w, h = self.rect("points")
        r = min(w, h) / 2
        cx, cy = x + w / 2, y + h / 2
        c.setFillColor(PAPER)
        c.setStrokeColor(INK if not self.ink_saver else self.colour)
        c.setLineWidth(1.2)
        shapes.circle(c, cx, cy, r, fill=1, stroke=1)
        c.setLineWidth(0.5)
        shapes.circle(c, cx, cy, r * 0.84, fill=0, stroke=1)
        inner = r * 0.84 * 2 ** 0.5 * 0.92
        rect = (cx - inner / 2, cy - inner / 2, inner, inner)
        fitted = self._fit("points", ((el.font, str(self.face.points)),), el, rect)
        draw_fitted(c, fitted, *rect, colour=INK)

    def draw_mark(self, el: Element) -> None:
        """The face's corner mark (a player's letter a set-up sorts cards by): its text in a framed square."""
        c = self.c
        x, y, w, h = self.text_rect("mark")
        side = min(w, h)
        x, y = x + (w - side) / 2, y + (h - side) / 2
        c.setFillColor(PAPER)
        c.setStrokeColor(INK if not self.ink_saver else self.colour)
        c.setLineWidth(1.0)
        shapes.round_rect(c, x, y, side, side, side * 0.18, stroke=1, fill=1)
        inset = side * 0.14
        rect = (x + inset, y + inset, side - 2 * inset, side - 2 * inset)
        fitted = self._fit("mark", ((el.font, str(self.face.mark)),), el, rect)
        draw_fitted(c, fitted, *rect, colour=INK)

    def draw_text(self, el: Element) -> None:
        rect = self.text_rect("text")
        fitted = self._fit("text", self.body, el, rect)
        chosen = el.colour_for(self.face.colour) if el.colour is not None else None
        colour = INK if chosen is None or self.ink_saver else hex_colour(chosen)  # body text: ink unless set
        self._check_contrast("text", colour, fitted, "Bold" in el.font)
        if self.inline:
            self._draw_inline(fitted, rect, el.align, colour)
        else:
            draw_fitted(self.c, fitted, *rect, align=el.align, colour=colour)

    def _draw_inline(self, fitted: Any, rect: tuple[float, float, float, float], align: str, colour: Color) -> None:
        """``draw_fitted``, with each ``INLINE`` glyph's place left blank and a symbol drawn there."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c, (x, y, w, h) = self.c, rect
        symbols = iter(self.inline)
        baseline = y + h - (h - fitted.height) / 2 - fitted.ascent
        for font, line in fitted.lines:
            size = fitted.size
            full = stringWidth(line, font, size)
            start = x if align == "left" else x + w - full if align == "right" else x + (w - full) / 2
            for i, part in enumerate(line.split(INLINE)):
                if i:  # the symbol's place: the width of the glyph it stands for
                    box = stringWidth(INLINE, font, size)
                    sid = next(symbols, None)
                    if sid is not None:
                        self._symbol(sid, start, baseline - 0.18 * size, box, box, on_colour=False)
                    start += box
                if part:
                    c.setFillColor(colour)
                    c.setFont(font, size)
                    c.drawString(start, baseline, part)
                    start += stringWidth(part, font, size)
            baseline -= fitted.leading

