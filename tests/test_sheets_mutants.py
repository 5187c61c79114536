"""Sheet geometry worked by hand: affine composition, slot matrices, the duplex back placement, the grid.

Kills the mutants mutmut left alive in cardgen/render/sheets.py's geometry (see
docs/DEVELOPING.md, "Mutation testing"). Every expected number is worked out below.
"""
from __future__ import annotations

import pytest

from reportlab.lib.colors import black
from test_render_support import MM, two_sided_deck

from cardgen.render.sheets import (EDGE, IDENTITY, MARK_GAP, MARK_MAX, MARK_WIDTH, Grid, Printing, Sheets, Slot, compose,
                                   fit_grid)
from nonempty import nonempty


def test_compose_by_hand() -> None:
    m, n = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0), (7.0, 8.0, 9.0, 10.0, 11.0, 12.0)
    # a = 1*7 + 3*8, b = 2*7 + 4*8, c = 1*9 + 3*10, d = 2*9 + 4*10, e = 1*11 + 3*12 + 5, f = 2*11 + 4*12 + 6
    assert compose(m, n) == (31.0, 46.0, 39.0, 58.0, 52.0, 76.0)
    assert compose(IDENTITY, m) == m and compose(m, IDENTITY) == m


def test_compose_applies_the_right_map_first() -> None:
    turn, shift = (0.0, 1.0, -1.0, 0.0, 0.0, 0.0), (1.0, 0.0, 0.0, 1.0, 2.0, 3.0)
    assert compose(turn, shift) == (0.0, 1.0, -1.0, 0.0, -3.0, 2.0)  # (x, y) -> (-(y + 3), x + 2)
    assert compose(shift, turn) == (0.0, 1.0, -1.0, 0.0, 2.0, 3.0)  # (x, y) -> (2 - y, x + 3)


def _slot(rotated: bool) -> Slot:
    # placed box 10..40 x 20..60 upright; rotated: placed 40 wide, 30 high (the piece is 30 x 40)
    return Slot(None, 0, 10.0, 20.0, 40.0 if rotated else 30.0, 30.0 if rotated else 40.0, rotated, 3.0, None)


def test_slot_boxes_and_front_matrix() -> None:
    s = _slot(False)
    assert s.trim == (10.0, 20.0, 40.0, 60.0)
    assert s.bleed_box == (7.0, 17.0, 43.0, 63.0)
    assert s.front_matrix() == (1.0, 0.0, 0.0, 1.0, 10.0, 20.0)
    # turned anticlockwise: piece (u, v) -> (50 - v, 20 + u)
    assert _slot(True).front_matrix() == (0.0, 1.0, -1.0, 0.0, 50.0, 20.0)


PAGE = (600.0, 800.0)


def test_back_matrix_long_edge() -> None:
    # the back of a card at x 10..40 lands at 600 - 40 .. 600 - 10 = 560..590, upright, same height
    assert _slot(False).back_matrix("long", PAGE) == (1.0, 0.0, 0.0, 1.0, 560.0, 20.0)
    # rotated: piece (u, v) -> card flip (30 - u, v) -> front (50 - v, 50 - u) -> sheet (550 + v, 50 - u)
    assert _slot(True).back_matrix("long", PAGE) == (0.0, -1.0, 1.0, 0.0, 550.0, 50.0)


def test_back_matrix_short_edge() -> None:
    # piece (u, v) -> card flip (30 - u, v) -> front (40 - u, 20 + v) -> sheet (40 - u, 780 - v)
    assert _slot(False).back_matrix("short", PAGE) == (-1.0, 0.0, 0.0, -1.0, 40.0, 780.0)


def test_back_matrix_without_duplex_is_the_front() -> None:
    for rotated in (False, True):
        s = _slot(rotated)
        assert s.back_matrix("none", PAGE) == s.front_matrix()


def test_fit_grid_upright() -> None:
    # 50 x 80 with 5 bleed on 200 x 300, margin 10: (180 // 60) x (280 // 90) = 3 x 3 upright,
    # turned (280 // 60... ) 2 x 4 = 8; x0 = (200 - 180) / 2 + 5, top = 300 - (300 - 270) / 2 - 5
    assert fit_grid((200.0, 300.0), 50.0, 80.0, 5.0, margin=10.0) == Grid(3, 3, False, 15.0, 280.0, 50.0, 80.0,
                                                                            60.0, 90.0)


def test_fit_grid_turns_when_more_fit() -> None:
    # on 300 x 200: upright (280 // 60) x (180 // 90) = 4 x 2 = 8; turned (280 // 90) x (180 // 60) = 9
    assert fit_grid((300.0, 200.0), 50.0, 80.0, 5.0, margin=10.0) == Grid(3, 3, True, 20.0, 185.0, 80.0, 50.0,
                                                                            90.0, 60.0)
    assert fit_grid((300.0, 200.0), 50.0, 80.0, 5.0, margin=10.0, can_rotate=False) == Grid(
        4, 2, False, 35.0, 185.0, 50.0, 80.0, 60.0, 90.0)


def test_fit_grid_keeps_upright_on_a_tie() -> None:
    # 200 x 200: upright 3 x 2 = 6, turned 2 x 3 = 6: the first found (upright) stays
    assert fit_grid((200.0, 200.0), 50.0, 80.0, 5.0, margin=10.0).rotated is False


def test_fit_grid_refuses_what_does_not_fit_either_way() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        fit_grid((300.0, 100.0), 50.0, 200.0, 0.0, margin=10.0, can_rotate=False)  # 5 columns, 0 rows
    with pytest.raises(ValueError, match="does not fit"):
        fit_grid((100.0, 300.0), 200.0, 50.0, 0.0, margin=10.0, can_rotate=False)  # 0 columns


def test_fit_grid_turns_a_nearly_square_piece() -> None:
    # 50 x 51 on 170 x 200, no bleed or margin: upright (170 // 50) x (200 // 51) = 3 x 3 = 9,
    # turned (170 // 51) x (200 // 50) = 3 x 4 = 12
    g = fit_grid((170.0, 200.0), 50.0, 51.0, 0.0, margin=0.0)
    assert (g.rotated, g.cols, g.rows) == (True, 3, 4)


def test_fit_grid_of_a_single_column() -> None:
    # 60 x 80 on 100 x 300, margin 10: (80 // 60) = 1 column, (280 // 80) = 3 rows;
    # x0 = (100 - 60) / 2 = 20, top = 300 - (300 - 240) / 2 = 270
    assert fit_grid((100.0, 300.0), 60.0, 80.0, 0.0, margin=10.0, can_rotate=False) == Grid(
        1, 3, False, 20.0, 270.0, 60.0, 80.0, 60.0, 80.0)


def test_fit_grid_of_a_piece_that_fits_only_turned() -> None:
    # 150 x 60 on 100 x 300, margin 10: upright 80 // 150 = 0 columns; turned 60 x 150:
    # (80 // 60) x (280 // 150) = 1 x 1; x0 = (100 - 60) / 2 = 20, top = 300 - (300 - 150) / 2 = 225
    assert fit_grid((100.0, 300.0), 150.0, 60.0, 0.0, margin=10.0) == Grid(
        1, 1, True, 20.0, 225.0, 60.0, 150.0, 60.0, 150.0)


def test_too_big_names_the_piece_in_millimetres() -> None:
    from reportlab.lib.units import mm
    with pytest.raises(ValueError, match="a 150 x 120 mm piece does not fit"):
        fit_grid((100 * mm, 100 * mm), 150 * mm, 120 * mm, 0.0, margin=0.0)


# -- crop marks, from the layout: where each one starts, ends and points (Sheets.crop_marks) ----------

class MarkRecorder:
    """A stand-in canvas that records each crop mark with the stroke it is drawn in."""

    def __init__(self) -> None:
        self.colour, self.width = None, None
        self.lines: list[tuple[float, float, float, float]] = []

    def setStrokeColor(self, colour) -> None:  # noqa: N802 (reportlab's name)
        self.colour = colour

    def setLineWidth(self, width: float) -> None:  # noqa: N802
        self.width = width

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        assert self.colour is not None and self.width is not None, "a mark drawn before its stroke was set"
        self.lines.append((x0, y0, x1, y1))


def expected_marks(slots, size) -> list[tuple[float, float, float, float]]:
    """The marks the sheets promise, worked from the layout alone: every trim edge continued on both
    sides of the block of pieces, from MARK_GAP outside its outermost bleed, MARK_MAX long or up to
    EDGE from the paper's edge, whichever comes first; none on a side with less than 1 mm for it."""
    w, h = size
    left, bottom = min(s.bleed_box[0] for s in slots), min(s.bleed_box[1] for s in slots)
    right, top = max(s.bleed_box[2] for s in slots), max(s.bleed_box[3] for s in slots)
    xs = {round(v, 6) for s in slots for v in (s.trim[0], s.trim[2])}
    ys = {round(v, 6) for s in slots for v in (s.trim[1], s.trim[3])}
    out = []
    for x in xs:
        for start, room, sign in ((top + MARK_GAP, h - EDGE - top - MARK_GAP, 1),
                                  (bottom - MARK_GAP, bottom - MARK_GAP - EDGE, -1)):
            if room >= 1 * MM - 1e-6:
                out.append((x, start, x, start + sign * min(MARK_MAX, room)))
    for y in ys:
        for start, room, sign in ((right + MARK_GAP, w - EDGE - right - MARK_GAP, 1),
                                  (left - MARK_GAP, left - MARK_GAP - EDGE, -1)):
            if room >= 1 * MM - 1e-6:
                out.append((start, y, start + sign * min(MARK_MAX, room), y))
    return out


def _unmatched(drawn, expected, tol: float = 0.01) -> tuple[list, list]:
    """The marks drawn that none expected and the marks expected that none drawn (each pairs once)."""
    left = list(expected)
    extra = []
    for line in drawn:
        match = next((e for e in left if all(abs(a - b) <= tol for a, b in zip(line, e))), None)
        if match is None:
            extra.append(line)
        else:
            left.remove(match)
    return extra, left


# (paper, grid, gutter mm): fitted grids, and fixed 3 x 3 grids whose side margins leave, beyond the
# bleed, EDGE and MARK_GAP: 4.75 mm (no gutter), 1.75 mm (2 mm gutter), 0.25 mm (3 mm), none (4 mm:
# the bleed reaches EDGE); on Letter with a 2 mm gutter, none at the top and bottom.
LAYOUTS = [("a4", None, 0.0), ("letter", None, 0.0), ("a4", (3, 3), 0.0), ("a4", (3, 3), 2.0),
           ("a4", (3, 3), 3.0), ("a4", (3, 3), 4.0), ("letter", (3, 3), 2.0), ("a4", (2, 2), 10.0)]


@pytest.mark.parametrize(("paper", "grid", "gutter"), LAYOUTS)
def test_crop_marks_are_where_the_layout_puts_them(tmp_path, paper: str, grid, gutter: float) -> None:
    deck, _ = two_sided_deck(tmp_path)
    sheets = Sheets(deck, "en", paper, Printing("none", grid=grid, gutter_mm=gutter, instructions=False))
    checked = 0
    for page in sheets.pages:
        if not page.marks:
            continue
        canvas = MarkRecorder()
        sheets.crop_marks(canvas, [s.trim for s in page.slots], [s.bleed_box for s in page.slots])
        assert _unmatched(canvas.lines, expected_marks(page.slots, sheets.size)) == ([], []), (page.role, page.number)
        if canvas.lines:
            assert canvas.colour == black and canvas.width == MARK_WIDTH  # thin, and black on every ink
        checked += 1
    assert checked


@pytest.mark.parametrize(("paper", "grid", "gutter"), [g for g in LAYOUTS if g[1]])
def test_no_crop_mark_in_a_tight_grids_edge_or_bleed(tmp_path, paper: str, grid, gutter: float) -> None:
    """A fixed grid can leave no room for marks at a side: then that side has none; a mark never points
    back towards the pieces, into the EDGE the printer cannot reach or up to a piece's bleed."""
    deck, _ = two_sided_deck(tmp_path)
    sheets = Sheets(deck, "en", paper, Printing("none", grid=grid, gutter_mm=gutter, instructions=False))
    w, h = sheets.size
    for page in nonempty((p for p in sheets.pages if p.marks)):
        canvas = MarkRecorder()
        sheets.crop_marks(canvas, [s.trim for s in page.slots], [s.bleed_box for s in page.slots])
        for x0, y0, x1, y1 in canvas.lines:
            assert EDGE - 0.01 <= min(x0, x1) and max(x0, x1) <= w - EDGE + 0.01
            assert EDGE - 0.01 <= min(y0, y1) and max(y0, y1) <= h - EDGE + 0.01
            for bx0, by0, bx1, by1 in (s.bleed_box for s in page.slots):
                gap = max(bx0 - max(x0, x1), min(x0, x1) - bx1, by0 - max(y0, y1), min(y0, y1) - by1)
                assert gap >= MARK_GAP - 0.01, ((x0, y0, x1, y1), (bx0, by0, bx1, by1))


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_a_backs_pages_boxes_lie_behind_its_fronts(tmp_path, duplex: str) -> None:
    """The PDF's TrimBox and BleedBox of a page of fronts enclose its pieces; on the page of backs
    behind it they are the same boxes seen through the sheet: mirrored left-right on a long-edge
    flip, top-bottom on a short-edge one, unmoved without duplex. Ten cards leave the second page's
    one card off-centre, where a box not mirrored, or mirrored the wrong way, shows."""
    import io

    import pikepdf

    from cardgen.render.sheets import PAPERS, plan, render_sheets

    deck, _ = two_sided_deck(tmp_path)
    layout = plan(deck, "a4", duplex, instructions=False)
    pdf = pikepdf.open(io.BytesIO(render_sheets(deck, "en", "a4", Printing(duplex=duplex, instructions=False))))
    w, h = PAPERS["a4"]

    def union(boxes):
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def seen_through(box):
        x0, y0, x1, y1 = box
        return {"long": (w - x1, y0, w - x0, y1), "short": (x0, h - y1, x1, h - y0), "none": box}[duplex]

    checked = 0
    for index, page in enumerate(layout):
        if page.role != "fronts" or index + 1 >= len(layout) or not layout[index + 1].slots:
            continue
        trim, bleed = union([s.trim for s in page.slots]), union([s.bleed_box for s in page.slots])
        front, back = pdf.pages[index], pdf.pages[index + 1]
        assert [float(v) for v in front.TrimBox] == pytest.approx(trim, abs=0.01)
        assert [float(v) for v in front.BleedBox] == pytest.approx(bleed, abs=0.01)
        assert [float(v) for v in back.TrimBox] == pytest.approx(seen_through(trim), abs=0.01), (duplex, index)
        assert [float(v) for v in back.BleedBox] == pytest.approx(seen_through(bleed), abs=0.01), (duplex, index)
        checked += abs(seen_through(trim)[0] - trim[0]) > 1 or abs(seen_through(trim)[1] - trim[1]) > 1
    assert checked or duplex == "none"  # some page off-centre, so the mirror could be seen
