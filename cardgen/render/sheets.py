"""Print-and-play sheets: every face and back of a deck, laid out for A4 or Letter.

``render_sheets(resolved, lang, paper, printing=Printing()) -> bytes`` returns a PDF
(``Printing``: duplex, ink saver and which pages, all the options below):

1. an instructions page: deck name, piece and page counts, a 100 mm calibration
   ruler, how to print (actual size, duplex flip), how to cut, the contents;
   in duplex modes its reverse is a blank page, so fronts always fall on odd pages;
2. pages of fronts, each followed by the page of the matching reverses (shared back
   or second face). Pieces sit on a grid with their bleed boxes touching (each pair
   of neighbours has ``2 x bleed`` between trims, so every cut stays in colour),
   cards turned 90 degrees when that fits more; crop marks are drawn in the
   margins only, never over a piece.

Backs and flips: a reverse is drawn where the sheet's flip puts it behind its front
and turned so that flipping the cut card over its long (vertical) axis, like a book
page, shows it upright. ``long`` (long-edge duplex) mirrors positions left-right,
``short`` mirrors them top-bottom and turns each back 180 degrees; ``none`` prints
each reverse at the same place as its front, upright, for single-sided printing and
gluing (and repeats the crop marks there). Dice come last as nets to fold (or
square faces to stick on a blank die); they have no reverse.

Printing options: ``instructions=False`` leaves out the instructions page (and its blank
reverse), for a designer who prints often and knows how; ``fronts_only`` leaves every reverse out (no backs pages, no
blank page); ``backs_once``, for decks whose pieces all share one back, prints the
pages of fronts and then a single full page of backs, to print as many times as
there are pages of fronts on their reverse.

The output is byte-identical for the same input: reportlab ``invariant=1``, form
names from the deck order, no dates. Every distinct face is drawn once as a PDF
form XObject and placed as often as the deck has copies, which keeps files small.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import InputError
from cardgen.fonts import register_font
from cardgen.languages import plain
from cardgen.model.vocab import DUPLEX
from cardgen.render.cardface import INK, paint, piece_size
from cardgen.render.layouts import layout
from cardgen.render.strings import count, text
from cardgen.render.symbols import FORMS_ATTR
from cardgen.render.textfit import TextFitError, draw_fitted, fit_line, fit_text

PAPERS: dict[str, tuple[float, float]] = {"a4": (210 * mm, 297 * mm), "letter": (8.5 * inch, 11 * inch)}
EDGE = 4 * mm  # nothing prints closer than this to the paper's edge
MARK_GAP = 1 * mm  # between the outermost bleed edge and a crop mark
MARK_MIN, MARK_MAX = 3 * mm, 6 * mm
MARGIN = EDGE + MARK_GAP + MARK_MIN  # least room between the pieces' bleed and the paper's edge
NET_GAP = 3 * mm  # between two die nets
MARK_WIDTH = 0.3

Affine = tuple[float, float, float, float, float, float]
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(m: Affine, n: Affine) -> Affine:
    """The affine map ``m o n`` (``n`` applied first), PDF ``[a b c d e f]`` order."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


@dataclass(frozen=True)
class Side:
    """One drawing: a face of a component (``index``) or its reverse (``index`` = -1)."""

    component: Any
    index: int

    @property
    def back(self) -> bool:
        return self.index < 0

    def key(self) -> str:
        """Identity of the drawing: copies and cards sharing a back share one form."""
        if self.back and self.component.back is not None:
            return f"back:{self.component.back}"
        return f"{self.component.id}:{self.index}"


@dataclass
class Slot:
    """One piece on a page: its trim box (as placed), the drawing and how it is turned."""

    component: Any
    copy: int
    x: float
    y: float
    w: float  # placed width (the piece's height when rotated)
    h: float
    rotated: bool
    bleed: float
    front: Side | None  # None for die nets (drawn face by face)

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        b = self.bleed
        return (self.x - b, self.y - b, self.x + self.w + b, self.y + self.h + b)

    def front_matrix(self) -> Affine:
        """Piece coordinates (trim bottom-left origin, upright) -> page, for the front."""
        if self.rotated:  # turned 90 degrees anticlockwise
            return (0.0, 1.0, -1.0, 0.0, self.x + self.w, self.y)
        return (1.0, 0.0, 0.0, 1.0, self.x, self.y)

    def back_matrix(self, duplex: str, page: tuple[float, float]) -> Affine:
        """Piece coordinates -> back page, so the reverse lies behind the front.

        The sheet flip (long: left-right, short: top-bottom) composed with the card's
        own flip about its vertical axis; ``none`` keeps the front's place, upright.
        """
        if duplex == "none":
            return self.front_matrix()
        width = self.h if self.rotated else self.w  # the piece's own (unrotated) width
        card_flip: Affine = (-1.0, 0.0, 0.0, 1.0, width, 0.0)
        sheet_flip: Affine = (-1.0, 0.0, 0.0, 1.0, page[0], 0.0) if duplex == "long" \
            else (1.0, 0.0, 0.0, -1.0, 0.0, page[1])
        return compose(sheet_flip, compose(self.front_matrix(), card_flip))


@dataclass
class Page:
    """One page of the PDF and what it holds."""

    role: str  # "info", "blank", "fronts", "backs"
    slots: list[Slot] = field(default_factory=list)
    marks: bool = False
    number: int = 0  # n-th sheet of pieces (fronts and its backs share it)
    net: bool = False


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    rotated: bool
    x0: float  # trim x of the first column
    top: float  # trim top of the first row
    w: float  # placed piece width
    h: float
    pitch_x: float
    pitch_y: float
    bleed: float | None = None  # bleed kept around each piece (None: the piece's own)

    @property
    def capacity(self) -> int:
        return self.cols * self.rows


def fit_grid(page: tuple[float, float], w: float, h: float, bleed: float, margin: float = MARGIN,
             can_rotate: bool = True) -> Grid:
    """As many pieces as fit between the margins, bleed boxes touching, centred on the page."""
    best: Grid | None = None
    for rotated in (False, True) if can_rotate and abs(w - h) > 0.01 else (False,):
        pw, ph = (h, w) if rotated else (w, h)
        cols = int((page[0] - 2 * margin) // (pw + 2 * bleed))
        rows = int((page[1] - 2 * margin) // (ph + 2 * bleed))
        if cols < 1 or rows < 1:
            continue
        x0 = (page[0] - cols * (pw + 2 * bleed)) / 2 + bleed
        top = page[1] - (page[1] - rows * (ph + 2 * bleed)) / 2 - bleed
        grid = Grid(cols, rows, rotated, x0, top, pw, ph, pw + 2 * bleed, ph + 2 * bleed)
        if best is None or grid.capacity > best.capacity:
            best = grid
    if best is None:
        raise ValueError(f"a {w / mm:.0f} x {h / mm:.0f} mm piece does not fit on the page")
    return best


def fixed_grid(page: tuple[float, float], w: float, h: float, bleed: float, cols: int, rows: int,
               gutter: float = 0.0) -> Grid:
    """``cols`` x ``rows`` pieces with ``gutter`` between trims (0: they share their cut lines), centred.

    The bleed around each piece is what room allows: at most half the gutter (a piece's
    colour never covers its neighbour) and at most the room left to the paper's edge.
    Upright if that fits, else turned.
    """
    for rotated in (False, True):
        pw, ph = (h, w) if rotated else (w, h)
        tw, th = cols * pw + (cols - 1) * gutter, rows * ph + (rows - 1) * gutter
        room = min((page[0] - tw) / 2, (page[1] - th) / 2) - EDGE
        if room >= 0:
            kept = max(0.0, min(bleed, gutter / 2, room))
            return Grid(cols, rows, rotated, (page[0] - tw) / 2, page[1] - (page[1] - th) / 2, pw, ph,
                        pw + gutter, ph + gutter, kept)
    raise ValueError(f"{cols} x {rows} pieces of {w / mm:.0f} x {h / mm:.0f} mm with {gutter / mm:g} mm between "
                     "them do not fit on the page")


# -- planning ------------------------------------------------------------------------

@dataclass
class Group:
    """Pieces of one size, laid out on pages of their own."""

    kind: str  # "card", "token", "die-net", "die-face"
    w: float
    h: float
    bleed: float
    pieces: list[tuple[Any, int, Side | None]] = field(default_factory=list)  # component, copy, front


def net_size(resolved: Any, component: Any) -> tuple[float, float, float, float]:
    """Width and height of a die net (faces plus glue tabs), face size, tab depth."""
    settings = layout("die", resolved.project).settings
    face = piece_size(resolved, component).width
    tab = float(settings.get("tab_mm", 6)) * mm
    net = settings["net"]
    rows = max(r for r, _ in net) + 1
    cols = max(c for _, c in net) + 1
    return cols * face + 2 * tab, rows * face + 2 * tab, face, tab


def groups(resolved: Any) -> list[Group]:
    """The deck's pieces by size: cards, tokens, die nets, loose die faces (deck order within)."""
    out: dict[str, Group] = {}
    net = layout("die", resolved.project).settings.get("net", [])
    for comp in resolved.model.components:
        if comp.kind == "die" and len(comp.faces) == len(net):
            w, h, _, _ = net_size(resolved, comp)
            group = out.setdefault("die-net", Group("die-net", w, h, NET_GAP / 2))
            group.pieces += [(comp, n, None) for n in range(1, comp.count + 1)]
            continue
        geo = piece_size(resolved, comp)
        kind = "die-face" if comp.kind == "die" else comp.kind
        group = out.setdefault(kind, Group(kind, geo.width, geo.height, geo.bleed))
        if comp.kind == "die":
            group.pieces += [(comp, n, Side(comp, i)) for n in range(1, comp.count + 1)
                             for i in range(len(comp.faces))]
        else:
            group.pieces += [(comp, n, Side(comp, 0)) for n in range(1, comp.count + 1)]
    return [out[k] for k in ("card", "token", "die-face", "die-net") if k in out]


def has_reverse(component: Any) -> bool:
    return component.kind != "die" and (len(component.faces) == 2 or component.back is not None)


def plan(resolved: Any, paper: str, duplex: str = "long", *, fronts_only: bool = False,
         backs_once: bool = False, instructions: bool = True, grid: tuple[int, int] | None = None,
         gutter: float = 0.0) -> list[Page]:
    """Every page of the sheets PDF and where each piece goes (no drawing); ``grid``: cards as
    ``(cols, rows)`` per page with ``gutter`` points between them (``fixed_grid``)."""
    size = PAPERS[paper]
    pages: list[Page] = [Page("info")] if instructions else []
    if instructions and duplex != "none" and not (fronts_only or backs_once):  # the file is printed duplex
        pages.append(Page("blank"))
    number = 0
    for group in groups(resolved):
        is_net = group.kind == "die-net"
        try:
            if grid is not None and group.kind == "card":
                placed = fixed_grid(size, group.w, group.h, group.bleed, grid[0], grid[1], gutter)
            else:
                placed = fit_grid(size, group.w, group.h, group.bleed, margin=EDGE if is_net else MARGIN,
                                  can_rotate=group.kind == "card")
        except ValueError as exc:
            if grid is not None and group.kind == "card":
                raise InputError(f"--grid {grid[0]}x{grid[1]}: {exc} ({paper}, keeping {EDGE / mm:g} mm to its "
                                 "edges); choose fewer cards per page or a smaller --gutter",
                                 key="grid_too_big", fields={"grid": f"{grid[0]}x{grid[1]}", "why": exc, "paper": paper, "edge": f"{EDGE / mm:g}"}) from None
            raise InputError(f"{exc} ({paper}, with {group.bleed / mm:g} mm bleed and {MARGIN / mm:g} mm "
                             "margins); make it smaller", file=resolved.files[-1], field="card",
                             key="card_too_big", fields={"why": exc, "paper": paper, "bleed": f"{group.bleed / mm:g}", "margin": f"{MARGIN / mm:g}"}) from None
        bleed = group.bleed if placed.bleed is None else placed.bleed
        for start in range(0, len(group.pieces), placed.capacity):
            number += 1
            fronts = Page("fronts", marks=not is_net, number=number, net=is_net)
            for i, (comp, copy, side) in enumerate(group.pieces[start:start + placed.capacity]):
                row, col = divmod(i, placed.cols)
                x = placed.x0 + col * placed.pitch_x
                y = placed.top - placed.h - row * placed.pitch_y
                fronts.slots.append(Slot(comp, copy, x, y, placed.w, placed.h, placed.rotated, bleed, side))
            pages.append(fronts)
            reverses = [s for s in fronts.slots if has_reverse(s.component)]
            if reverses or duplex != "none":
                pages.append(Page("backs", reverses, marks=duplex == "none" and bool(reverses), number=number))
    # A trailing empty page of backs serves no purpose, even in duplex.
    while pages and pages[-1].role == "backs" and not pages[-1].slots:
        pages.pop()
    if fronts_only:
        return [p for p in pages if p.role != "backs"]
    if backs_once:
        return _backs_once(resolved, pages)
    return pages


def _backs_once(resolved: Any, pages: list[Page]) -> list[Page]:
    """Fronts pages, then the fullest page of backs alone (every reverse must be the same drawing)."""
    backs = [p for p in pages if p.role == "backs" and p.slots]
    keys = sorted({Side(s.component, -1).key() for p in backs for s in p.slots})
    if len(keys) != 1:
        shown = ", ".join(k.replace("back:", "back '").replace(":", " face ") + ("'" if k.startswith("back:") else "")
                          for k in keys[:4]) or "none"
        raise InputError(f"--backs-once needs one back shared by every piece that has a reverse; this deck has "
                         f"{len(keys)} different reverses ({shown})", file=resolved.files[-1],
                         key="backs_once", fields={"n": len(keys), "shown": shown})
    fullest = max(backs, key=lambda p: len(p.slots))
    last = Page("backs", fullest.slots, marks=fullest.marks, number=0)
    return [p for p in pages if p.role != "backs"] + [last]


# -- drawing ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Printing:
    """How the sheets are printed, whatever the deck, language and paper (``cardgen build``'s options).

    ``duplex``: ``long`` or ``short`` edge flip, or ``none`` (see the module docstring);
    ``ink_saver``: outlines instead of solid fills; ``fronts_only`` / ``backs_once``: which
    reverses are printed (they exclude each other); ``instructions``: the first page
    (calibration ruler, how to print); ``grid``: ``(cols, rows)`` cards per page,
    ``gutter_mm`` apart (``fixed_grid``; default: as many as fit, bleeds touching).
    """

    duplex: str = "long"
    ink_saver: bool = False
    fronts_only: bool = False
    backs_once: bool = False
    instructions: bool = True
    grid: tuple[int, int] | None = None
    gutter_mm: float = 0.0


class Sheets:
    """Draws a plan onto a reportlab canvas."""

    def __init__(self, resolved: Any, lang: str, paper: str, printing: Printing) -> None:
        self.resolved, self.lang, self.paper, self.printing = resolved, lang, paper, printing
        self.size = PAPERS[paper]
        self.pages = plan(resolved, paper, printing.duplex, fronts_only=printing.fronts_only,
                          backs_once=printing.backs_once, instructions=printing.instructions, grid=printing.grid,
                          gutter=printing.gutter_mm * mm)
        self.forms: dict[str, str] = {}
        self.sheets = max((p.number for p in self.pages), default=0)

    def render(self) -> bytes:
        buf = io.BytesIO()
        c = pdf_canvas(buf, self.size)
        name = self.resolved.model.name[self.lang]
        c.setTitle(text(self.lang, "title", name=name))
        c.setAuthor("cardgen")
        c.setCreator("cardgen")
        c.setSubject(f"{self.resolved.id} {self.lang} {self.paper} duplex={self.printing.duplex}")
        self.define_forms(c)
        for page in self.pages:
            self.set_boxes(c, page)
            getattr(self, f"draw_{page.role}")(c, page)
            c.showPage()
        save_pdf(c)
        return buf.getvalue()

    # forms: each distinct drawing once
    def sides(self) -> list[Side]:
        out: list[Side] = []
        for page in self.pages:
            for slot in page.slots:
                if page.role == "backs":
                    out.append(Side(slot.component, -1))
                elif slot.front is not None:
                    out.append(slot.front)
                else:
                    out += [Side(slot.component, i) for i in range(len(slot.component.faces))]
        return out

    def define_forms(self, c: Canvas) -> None:
        for side in self.sides():
            key = side.key()
            if key in self.forms:
                continue
            name = f"F{len(self.forms)}"
            self.forms[key] = name
            geo = piece_size(self.resolved, side.component)
            x0, y0, x1, y1 = geo.bleed_box
            c.beginForm(name, x0, y0, x1, y1)
            face = None if side.back else side.component.faces[side.index]
            paint(c, self.resolved, side.component, face, self.lang, ink_saver=self.printing.ink_saver, back=side.back)
            c.endForm()

    def place(self, c: Canvas, side: Side, matrix: Affine,
              clip: tuple[float, float, float, float] | None = None) -> None:
        c.saveState()
        if clip is not None:  # less bleed than the drawing has (a fixed grid): cut it at the kept bleed
            path = c.beginPath()
            path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
            c.clipPath(path, stroke=0, fill=0)
        c.transform(*matrix)
        c.doForm(self.forms[side.key()])
        c.restoreState()

    def _clip(self, slot: Slot, box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
        """``box`` when the slot keeps less bleed than the piece is drawn with, else None (no clip)."""
        return box if slot.bleed < piece_size(self.resolved, slot.component).bleed - 0.001 else None

    def set_boxes(self, c: Canvas, page: Page) -> None:
        """TrimBox / BleedBox: the union of the pieces' trim and bleed boxes (whole page otherwise)."""
        full = (0.0, 0.0, self.size[0], self.size[1])
        if not page.slots:
            c.setTrimBox(full)
            c.setBleedBox(full)
            return
        boxes = [self.page_box(page, s, s.trim) for s in page.slots]
        bleeds = [self.page_box(page, s, s.bleed_box) for s in page.slots]
        c.setTrimBox(tuple(round(v, 3) for v in _union(boxes)))
        c.setBleedBox(tuple(round(v, 3) for v in _union(bleeds)))

    def page_box(self, page: Page, slot: Slot, box: tuple[float, float, float, float]):
        """A front-page box as it lands on ``page`` (mirrored on a backs page)."""
        if page.role != "backs" or self.printing.duplex == "none":
            return box
        x0, y0, x1, y1 = box
        if self.printing.duplex == "long":
            return (self.size[0] - x1, y0, self.size[0] - x0, y1)
        return (x0, self.size[1] - y1, x1, self.size[1] - y0)

    # page kinds
    def draw_fronts(self, c: Canvas, page: Page) -> None:
        for slot in page.slots:
            if slot.front is None:
                self.draw_net(c, slot)
            else:
                self.place(c, slot.front, slot.front_matrix(), self._clip(slot, slot.bleed_box))
        if page.marks:
            self.crop_marks(c, [s.trim for s in page.slots], [s.bleed_box for s in page.slots])
        self.label(c, page, "fronts")

    def draw_backs(self, c: Canvas, page: Page) -> None:
        if not page.slots:  # the reverse of single-sided pieces (tokens): say it is meant to be blank, and why
            self.draw_blank(c, page, "no_backs")
            return
        for slot in page.slots:
            self.place(c, Side(slot.component, -1), slot.back_matrix(self.printing.duplex, self.size),
                       self._clip(slot, self.page_box(page, slot, slot.bleed_box)))
        if page.marks:
            self.crop_marks(c, [self.page_box(page, s, s.trim) for s in page.slots],
                            [self.page_box(page, s, s.bleed_box) for s in page.slots])
        self.label(c, page, "backs")

    def draw_blank(self, c: Canvas, page: Page, why: str = "blank") -> None:
        """A page meant to be blank, saying so and why: the back of the instructions (``blank``), or of
        pieces that have no back (``no_backs``)."""
        c.setFillColor(HexColor("#777777"))
        c.setFont(register_font("Sans-Italic"), 8)
        c.drawCentredString(self.size[0] / 2, self.size[1] / 2, text(self.lang, why))

    def label(self, c: Canvas, page: Page, role: str) -> None:
        """A small running head in the top margin, between the first column's crop marks."""
        if not page.slots:
            return
        boxes = [self.page_box(page, s, s.trim) for s in page.slots]
        top = max(b[3] for b in boxes)
        first = min((b for b in boxes if abs(b[3] - top) < 0.01), key=lambda b: b[0])
        short = f"{text(self.lang, role)} · " + (text(self.lang, "sheet", n=page.number, total=self.sheets)
                                                if page.number else f"× {self.sheets}")
        width = first[2] - first[0] - 3 * mm
        try:
            fitted = fit_text((("Sans", f"{self.resolved.model.name[self.lang]} · {short} · {self.paper.upper()}"),),
                              width, 8, 7, 4.5, self.lang, 1)
        except TextFitError:  # a narrow column (tokens): the essentials only
            fitted = fit_line(short, "Sans", width, 8, 7, 4.5, self.lang)
        draw_fitted(c, fitted, first[0] + 1.5 * mm, self.size[1] - EDGE - 8, width, 8, align="left",
                    colour=HexColor("#555555"))

    def crop_marks(self, c: Canvas, trims: list[tuple[float, float, float, float]],
                   bleeds: list[tuple[float, float, float, float]]) -> None:
        """Lines continuing every trim edge, in the margins outside all bleed boxes."""
        W, H = self.size
        gx0, gy0 = min(b[0] for b in bleeds), min(b[1] for b in bleeds)
        gx1, gy1 = max(b[2] for b in bleeds), max(b[3] for b in bleeds)
        c.setStrokeColor(black)
        c.setLineWidth(MARK_WIDTH)

        def out(x: float, y: float) -> float:
            """How far (x, y) lies outside the pieces' bleed."""
            return max(gx0 - x, x - gx1, gy0 - y, y - gy1, 0.0)

        def line(x0: float, y0: float, x1: float, y1: float) -> None:
            # A mark runs outwards from (x0, y0), MARK_GAP off the bleed, to (x1, y1), held EDGE off the
            # paper's edge. In a margin with no room for 1 mm of it (a tight fixed grid) that end falls
            # short of, or behind, the start: no mark there, rather than one towards the pieces.
            if out(x1, y1) - out(x0, y0) >= 1 * mm:
                c.line(x0, y0, x1, y1)

        for x in sorted({round(v, 3) for t in trims for v in (t[0], t[2])}):
            line(x, gy1 + MARK_GAP, x, min(gy1 + MARK_GAP + MARK_MAX, H - EDGE))
            line(x, gy0 - MARK_GAP, x, max(gy0 - MARK_GAP - MARK_MAX, EDGE))
        for y in sorted({round(v, 3) for t in trims for v in (t[1], t[3])}):
            line(gx0 - MARK_GAP, y, max(gx0 - MARK_GAP - MARK_MAX, EDGE), y)
            line(gx1 + MARK_GAP, y, min(gx1 + MARK_GAP + MARK_MAX, W - EDGE), y)

    def draw_net(self, c: Canvas, slot: Slot) -> None:
        """A die net: the faces, glue tabs, the cut outline (solid) and folds (dashed)."""
        settings = layout("die", self.resolved.project).settings
        _, _, face, tab = net_size(self.resolved, slot.component)
        cells = [tuple(rc) for rc in settings["net"]]
        rows = max(r for r, _ in cells) + 1

        def origin(i: int) -> tuple[float, float]:
            r, col = cells[i]
            return slot.x + tab + col * face, slot.y + tab + (rows - 1 - r) * face

        # Edges as ((x0, y0), (x1, y1)) of each face: n, e, s, w.
        def edges(i: int) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
            x, y = origin(i)
            return {"n": ((x, y + face), (x + face, y + face)), "e": ((x + face, y), (x + face, y + face)),
                    "s": ((x, y), (x + face, y)), "w": ((x, y), (x, y + face))}

        for i in range(len(cells)):
            x, y = origin(i)
            self.place(c, Side(slot.component, i), (1.0, 0.0, 0.0, 1.0, x, y))
        count: dict[tuple, int] = {}
        for i in range(len(cells)):
            for seg in edges(i).values():
                key = tuple(sorted((tuple(round(v, 2) for v in seg[0]), tuple(round(v, 2) for v in seg[1]))))
                count[key] = count.get(key, 0) + 1
        tabs = {(int(i), str(e)) for i, e in settings.get("tabs", [])}
        outward = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}
        c.setLineWidth(0.6)
        for i in range(len(cells)):
            for name, seg in edges(i).items():
                key = tuple(sorted((tuple(round(v, 2) for v in seg[0]), tuple(round(v, 2) for v in seg[1]))))
                (x0, y0), (x1, y1) = seg
                fold = count[key] > 1 or (i, name) in tabs
                if (i, name) in tabs:
                    dx, dy = outward[name]
                    ix, iy = (x1 - x0) * 0.18, (y1 - y0) * 0.18
                    p = c.beginPath()
                    p.moveTo(x0, y0)
                    p.lineTo(x0 + ix + dx * tab, y0 + iy + dy * tab)
                    p.lineTo(x1 - ix + dx * tab, y1 - iy + dy * tab)
                    p.lineTo(x1, y1)
                    c.setFillColor(HexColor("#DDDDDD"))
                    c.setStrokeColor(INK)
                    c.setDash()
                    c.drawPath(p, fill=1, stroke=1)
                c.setStrokeColor(INK)
                c.setDash(2, 2) if fold else c.setDash()
                if count[key] == 1 or fold:
                    c.line(x0, y0, x1, y1)
        c.setDash()

    def draw_info(self, c: Canvas, page: Page) -> None:
        W, H = self.size
        lang, model = self.lang, self.resolved.model
        left, width = 20 * mm, W - 40 * mm
        y = H - 22 * mm

        def para(words: str, font: str = "Sans", size: float = 10.0, gap: float = 2.5 * mm,
                 colour=INK, indent: float = 0.0) -> None:
            nonlocal y
            fitted = fit_text(((font, words),), width - indent, 10_000, size, size, lang)
            draw_fitted(c, fitted, left + indent, y - fitted.height, width - indent, fitted.height,
                        align="left", colour=colour)
            y -= fitted.height + gap

        para(text(lang, "title", name=model.name[lang]), "Serif-Bold", 20, 4 * mm)
        counts = {"card": 0, "token": 0, "die": 0}
        for comp in model.components:
            counts[comp.kind] += comp.count
        pieces = ", ".join(count(lang, kind, n) for kind, n in counts.items() if n)
        para(text(lang, "counts", pieces=pieces, pages=len(self.pages), paper=self.paper.upper()), gap=6 * mm)
        y = self.ruler(c, left, y)
        para(text(lang, "ruler"), "Sans-Bold", 9, 7 * mm)
        printing = self.printing
        if printing.fronts_only:
            steps = ["step_scale", "step_fronts", "step_cut"]
        elif printing.backs_once:
            steps = ["step_scale", "step_backs_once", "step_test" if printing.duplex != "none" else None, "step_cut"]
        else:
            steps = ["step_scale", f"step_{printing.duplex}", "step_test" if printing.duplex != "none" else None,
                     "step_cut"]
        if counts["die"]:
            steps.append("step_one_die" if counts["die"] == 1 else "step_die")  # "The die:", not "Each die:"
        if printing.ink_saver:
            steps.append("step_ink")
        for n, key in enumerate([s for s in steps if s], 1):
            edge = text(lang, "edge_short" if printing.duplex == "short" else "edge_long")
            words = text(lang, key, bleed=plain(model.card.bleed_mm, lang), sheets=self.sheets, edge=edge)
            c.setFont(register_font("Sans-Bold"), 10)
            c.setFillColor(INK)
            c.drawString(left, y - 9.3, f"{n}.")
            para(words, indent=6 * mm)
        y -= 4 * mm
        para(text(lang, "contents"), "Serif-Bold", 13, 3 * mm)
        self.contents(c, left, y, width)

    def ruler(self, c: Canvas, x: float, y: float) -> float:
        """A 100 mm ruler (ticks every mm, labels every cm) with its top at ``y``; returns the y below it."""
        top = y - 2 * mm
        c.setStrokeColor(black)
        c.setLineWidth(0.4)
        c.line(x, top, x + 100 * mm, top)
        c.setFont("Sans", 7)
        c.setFillColor(black)
        for i in range(101):
            length = 6 * mm if i % 10 == 0 else 4 * mm if i % 5 == 0 else 2.5 * mm
            c.line(x + i * mm, top, x + i * mm, top - length)
            if i % 10 == 0:
                c.drawCentredString(x + i * mm, top - 9 * mm, f"{i // 10}" if i else "0")
        c.drawString(x + 103 * mm, top - 9 * mm, "cm")
        return top - 12 * mm

    def contents(self, c: Canvas, x: float, y: float, width: float) -> None:
        """Components grouped by name (value ranges shown as from-to), in two columns."""
        lines: dict[tuple[str, str], list[Any]] = {}
        for comp in self.resolved.model.components:
            lines.setdefault((comp.kind, comp.name[self.lang]), []).append(comp)
        entries = []
        for (kind, name), comps in lines.items():
            values = [f.value for comp in comps for f in comp.faces[:1] if f.value is not None]
            rng = f" ({min(values)}–{max(values)})" if len(values) > 1 else ""
            entries.append(f"{sum(comp.count for comp in comps)} × {name}{rng}")
        column = width / 2
        per_column = max(1, math.ceil(len(entries) / 2))
        size = 9.0
        step = size * 1.35
        while per_column * step > y - 20 * mm and size > 5:
            size -= 0.5
            step = size * 1.35
        c.setFillColor(INK)
        for i, entry in enumerate(entries):
            col, row = divmod(i, per_column)
            fitted = fit_line(entry, "Sans", column - 4 * mm, step, size, 4, self.lang)
            draw_fitted(c, fitted, x + col * column, y - (row + 1) * step, column - 4 * mm, step, align="left")


def pdf_canvas(buf: io.BytesIO, size: tuple[float, float], compress: bool = True) -> Canvas:
    """A canvas for reproducible PDFs: no dates or random ids, embedded fonts, shared symbol forms;
    its streams deflated unless ``compress`` is false (a PDF only rendered, never kept)."""
    register_font("Sans")  # the canvas's initial font; others are registered where they are used
    c = Canvas(buf, pagesize=size, invariant=1, pageCompression=int(compress), initialFontName="Sans")
    setattr(c, FORMS_ATTR, {})  # each symbol drawn once, then referenced
    return c


def save_pdf(c: Canvas) -> None:
    """Save with binary streams (not ASCII85): a fifth smaller, and much faster without
    reportlab's optional C accelerator."""
    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
        c.save()
    finally:
        rl_config.useA85 = saved


def _union(boxes: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def render_sheets(resolved: Any, lang: str, paper: str, printing: Printing = Printing()) -> bytes:
    """The print-and-play PDF of ``resolved`` in ``lang`` on ``paper`` (``a4`` or ``letter``),
    printed as ``printing`` says (default: long-edge duplex, instructions, as many pieces as fit).
    Same input, same bytes.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; expected one of {', '.join(PAPERS)}")
    if printing.duplex not in DUPLEX:
        raise ValueError(f"unknown duplex {printing.duplex!r}; expected one of {', '.join(DUPLEX)}")
    if printing.fronts_only and printing.backs_once:
        raise ValueError("fronts_only and backs_once exclude each other")
    return Sheets(resolved, lang, paper, printing).render()
