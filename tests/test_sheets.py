"""Print-and-play sheets: counts, crop marks, duplex registration, calibration page, clean PDFs."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardgen.errors import InputError
from cardgen.render.sheets import EDGE, MARK_GAP, MARK_MIN, PAPERS, Printing, plan, render_sheets
from cardgen.render.strings import text as sentence
from cardgen.languages import SHIPPED
from test_render_support import (MM, ROOT, card, colour_mask, hex_rgb, ink_mask, make_deck, page_count, pages,
                                 qpdf_problems, real_decks, text, two_sided_deck)
from nonempty import nonempty

DECKS = real_decks()
ALL = real_decks(variants=True)


# -- the plan ------------------------------------------------------------------------

# Counted from the published boxes, not from the planner: every card has a back
# (King Lui 105 portions + 5 Emerald; Royale 72 dishes + 24 two-sided nobles + 4
# imposters + 9 solo + 1 end card; Draco 6 lairs + 12 characters + 4 specials + 74
# actions). Draco's coins and cup are single-sided tokens (no back) and its die prints
# as one net (one front slot, no back): 96 cards + 46 tokens + 1 net = 143 fronts.
PRINTED = {"king_lui": (110, 110), "royale": (110, 110), "draco": (143, 96)}


@pytest.mark.parametrize("deck_id", sorted(PRINTED))
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_base_decks_print_as_many_fronts_and_backs_as_the_box_holds(deck_id: str, duplex: str) -> None:
    deck = next(d for d in ALL if d.id == deck_id)
    pages_ = plan(deck, "a4", duplex)
    fronts = sum(len(p.slots) for p in pages_ if p.role == "fronts")
    backs = sum(len(p.slots) for p in pages_ if p.role == "backs")
    assert (fronts, backs) == PRINTED[deck_id]


@pytest.mark.parametrize("deck", ALL, ids=lambda d: d.id)
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_copy_is_planned_once_front_and_back(deck, paper: str) -> None:
    for duplex in ("long", "short", "none"):
        pages_ = plan(deck, paper, duplex)
        fronts = Counter(s.component.id for p in pages_ if p.role == "fronts" for s in p.slots)
        backs = Counter(s.component.id for p in pages_ if p.role == "backs" for s in p.slots)
        for comp in deck.model.components:
            per_copy = len(comp.faces) if comp.kind == "die" and fronts[comp.id] != comp.count else 1
            assert fronts[comp.id] == comp.count * per_copy, (comp.id, duplex)
            reverse = comp.kind != "die" and (len(comp.faces) == 2 or comp.back is not None)
            assert backs[comp.id] == (comp.count if reverse else 0), (comp.id, duplex)
        roles = [p.role for p in pages_]
        assert roles[0] == "info"
        if duplex != "none":  # fronts on odd pages, each followed by its backs
            assert roles[1] == "blank"
            for i, role in enumerate(roles):
                if role == "fronts":
                    assert i % 2 == 0 and (i + 1 == len(roles) or roles[i + 1] == "backs")


# -- whole PDFs of the real decks ------------------------------------------------------

@pytest.fixture(scope="module")
def rendered() -> dict[str, bytes]:
    return {d.id: render_sheets(d, "fr", "a4") for d in DECKS}


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.id)
def test_real_deck_pdf_is_clean_small_and_boxed(deck, rendered) -> None:
    pdf = rendered[deck.id]
    assert len(pdf) < 1_000_000
    assert page_count(pdf) == len(plan(deck, "a4", "long"))
    assert qpdf_problems(pdf) == []
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            media = [float(v) for v in page.MediaBox]
            trim = [float(v) for v in page.TrimBox]
            bleed = [float(v) for v in page.BleedBox]
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
        # What the PDF really places: one form per face, as many as the plan (= the deck) says.
        for page, planned in zip(doc.pages, plan(deck, "a4", "long")):
            placed = sum(1 for op in pikepdf.parse_content_stream(page) if str(op.operator) == "Do")
            faces = sum(len(s.component.faces) if s.front is None and planned.role == "fronts" else 1
                        for s in planned.slots)
            assert placed == faces, planned.role
        for name, font in doc.pages[0].Resources.Font.items():
            descriptor = (font.DescendantFonts[0] if "/DescendantFonts" in font else font).FontDescriptor
            assert "/FontFile2" in descriptor, f"font {name} not embedded"


def test_same_input_gives_identical_bytes_in_and_across_processes(rendered) -> None:
    deck = next(d for d in DECKS if d.id == "king_lui")
    assert render_sheets(deck, "fr", "a4") == rendered["king_lui"]
    code = ("import sys; from cardgen.resolve.resolve import resolve; from cardgen.render.sheets import "
            "render_sheets; sys.stdout.buffer.write(render_sheets(resolve('king_lui', sys.argv[1]), 'fr', 'a4'))")
    other = subprocess.run([sys.executable, "-c", code, str(ROOT)], capture_output=True, check=True,
                           env={"PYTHONHASHSEED": "12345", "PATH": "",  # caches where the session keeps them
                                **{k: os.environ[k] for k in ("PYTHONPYCACHEPREFIX", "PYTHONPATH", "CARDGEN_CACHE_DIR")
                                   if k in os.environ}}
                           ).stdout
    assert other == rendered["king_lui"]


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_first_page_says_how_to_print_with_a_100_mm_ruler(lang: str, duplex: str) -> None:
    deck = next(d for d in DECKS if d.id == "king_lui")
    pdf = render_sheets(deck, lang, "letter", Printing(duplex=duplex))
    doc = pdfium.PdfDocument(pdf)
    words = " ".join(doc[0].get_textpage().get_text_range().split())
    doc.close()
    cards = sum(c.count for c in deck.model.components if c.kind == "card")
    assert deck.model.name[lang] in words and f"{cards} " in words
    for key in ("ruler", f"step_{duplex}", "step_scale"):
        start = " ".join(sentence(lang, key, bleed=3).split()[:4])
        assert start in words, (key, start)


@pytest.mark.parametrize(("lang", "bleed"), [("en", "2.5"), ("fr", "2,5"), ("it", "2,5")])
def test_the_bleed_is_written_with_the_languages_decimal_sign(lang: str, bleed: str) -> None:
    """Issue 53: a bleed of 2.5 mm reads ``2,5 mm`` on a French or Italian instructions page."""
    from dataclasses import replace

    deck = next(d for d in DECKS if d.id == "king_lui")
    model = deck.model.model_copy(update={"card": deck.model.card.model_copy(update={"bleed_mm": 2.5})})
    doc = pdfium.PdfDocument(render_sheets(replace(deck, model=model), lang, "a4"))
    words = " ".join(doc[0].get_textpage().get_text_range().split())
    doc.close()
    assert f"{bleed}\u00a0mm" in words or f"{bleed} mm" in words, words


def test_calibration_ruler_is_100_mm_long() -> None:
    deck = next(d for d in DECKS if d.id == "king_lui")
    dpi = 300
    image = ink_mask(pages(render_sheets(deck, "en", "a4"), dpi, [0])[0], threshold=100)
    # The ruler's base line is the row with the most ink; its extent is the ruler's length.
    rows = [(sum(image.crop((0, y, image.width, y + 1)).histogram()[1:]), y) for y in range(image.height // 2)]
    _, y = max(rows)
    x0, _, x1, _ = image.crop((0, y, image.width, y + 1)).getbbox()
    assert abs((x1 - x0) / dpi * 25.4 - 100) < 0.3


# -- crop marks and duplex registration, measured in pixels ----------------------------

def mark_positions(strip, axis: str) -> list[float]:
    """Pixel positions (centres) of the thin lines crossing a margin strip."""
    px = strip.load()
    length = strip.width if axis == "x" else strip.height
    across = strip.height if axis == "x" else strip.width
    hits = [i for i in range(length)
            if sum(1 for j in range(across) if (px[i, j] if axis == "x" else px[j, i])) >= across * 0.6]
    groups: list[list[int]] = []
    for i in hits:
        if groups and i - groups[-1][-1] <= 1:
            groups[-1].append(i)
        else:
            groups.append([i])
    return [sum(g) / len(g) for g in groups]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_trim_box_sits_inside_its_crop_marks(tmp_path: Path, paper: str) -> None:
    deck, colours = two_sided_deck(tmp_path)
    dpi = 150
    pdf = render_sheets(deck, "en", paper, Printing(duplex="long"))
    page_w, page_h = PAPERS[paper]
    s = dpi / 72
    for index, page in nonempty(enumerate(plan(deck, paper, "long"))):
        if page.role != "fronts" or not page.marks:
            continue
        image = pages(pdf, dpi, [index])[0]
        mask = ink_mask(image, threshold=40)
        gx0 = min(sl.bleed_box[0] for sl in page.slots)
        gx1 = max(sl.bleed_box[2] for sl in page.slots)
        gy0 = min(sl.bleed_box[1] for sl in page.slots)
        gy1 = max(sl.bleed_box[3] for sl in page.slots)
        # Strips of margin just outside the pieces' bleed, as long as the shortest crop mark.
        bottom = mask.crop((0, round((page_h - gy0 + MARK_GAP) * s) + 1, mask.width,
                            round((page_h - gy0 + MARK_GAP + MARK_MIN) * s) - 1))
        left = mask.crop((round((gx0 - MARK_GAP - MARK_MIN) * s) + 1, 0, round((gx0 - MARK_GAP) * s) - 1, mask.height))
        right = mask.crop((round((gx1 + MARK_GAP) * s) + 1, 0, round((gx1 + MARK_GAP + MARK_MIN) * s) - 1,
                           mask.height))
        top_y = round((page_h - gy1 - MARK_GAP) * s) - 1
        xs = mark_positions(bottom, "x")
        ys = mark_positions(left, "y")
        assert ys == pytest.approx(mark_positions(right, "y"), abs=1.5)
        assert mask.crop((0, round(EDGE * s) + 1, mask.width, top_y)).getbbox() is not None  # top marks exist
        for slot in page.slots:
            x0, top, x1, bot = (round(v, 3) for v in (slot.trim[0] * s, (page_h - slot.trim[3]) * s,
                                                      slot.trim[2] * s, (page_h - slot.trim[1]) * s))
            for edge, found in ((x0, xs), (x1, xs), (top, ys), (bot, ys)):
                assert min(abs(edge - f) for f in found) <= 0.3 * MM * s, (slot.component.id, edge)
            # The piece's colour reaches exactly the bleed beyond its marks, no further.
            colour = hex_rgb(colours[slot.component.faces[0].colour])
            box = colour_mask(image.crop((round(x0 - 8 * MM * s), round(top - 8 * MM * s),
                                          round(x1 + 8 * MM * s), round(bot + 8 * MM * s))), colour).getbbox()
            assert box is not None
            bleed_px = slot.bleed * s
            got_left = round(x0 - 8 * MM * s) + box[0]
            got_right = round(x0 - 8 * MM * s) + box[2]
            assert abs((x0 - got_left) - bleed_px) <= 0.5 * MM * s
            assert abs((got_right - x1) - bleed_px) <= 0.5 * MM * s


def colour_box_mm(image, rgb, dpi: float) -> tuple[float, float, float, float] | None:
    box = colour_mask(image, rgb).getbbox()
    return None if box is None else tuple(v / dpi * 25.4 for v in box)  # type: ignore[return-value]


def white_centroid(image, box_px) -> tuple[float, float]:
    """Centre of the light pixels inside a piece (its panel), relative to the piece's centre."""
    crop = image.crop(box_px).convert("L")
    px = crop.load()
    xs = ys = n = 0
    for y in range(crop.height):
        for x in range(crop.width):
            if px[x, y] > 235:
                xs, ys, n = xs + x, ys + y, n + 1
    return xs / n - crop.width / 2, ys / n - crop.height / 2


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_each_back_lands_on_its_front(tmp_path: Path, paper: str, duplex: str) -> None:
    deck, colours = two_sided_deck(tmp_path)
    dpi = 100
    pdf = render_sheets(deck, "en", paper, Printing(duplex=duplex))
    layout = plan(deck, paper, duplex)
    width_mm, height_mm = (v / MM for v in PAPERS[paper])
    checked = 0
    for index, page in enumerate(layout):
        if page.role != "fronts":
            continue
        assert layout[index + 1].role == "backs"
        front_img, back_img = pages(pdf, dpi, [index, index + 1])
        for slot in page.slots:
            front = colour_box_mm(front_img, hex_rgb(colours[slot.component.faces[0].colour]), dpi)
            back = colour_box_mm(back_img, hex_rgb(colours[slot.component.faces[1].colour]), dpi)
            assert front is not None and back is not None, slot.component.id
            x0, y0, x1, y1 = front  # mm from the top-left corner
            if duplex == "long":
                expected = (width_mm - x1, y0, width_mm - x0, y1)
            elif duplex == "short":
                expected = (x0, height_mm - y1, x1, height_mm - y0)
            else:
                expected = front
            assert back == pytest.approx(expected, abs=0.5), (slot.component.id, front, back)
            if slot.component.kind == "card":
                # Turned so that flipping the card over its long axis shows the back upright:
                # its panel sits towards the same physical end as the front's.
                to_px = [round(v / 25.4 * dpi) for v in front]
                fx, fy = white_centroid(front_img, to_px)
                bx, by = white_centroid(back_img, [round(v / 25.4 * dpi) for v in back])
                if duplex == "long":
                    fx = -fx
                elif duplex == "short":
                    fy = -fy
                dominant = (fx, bx) if abs(fx) > abs(fy) else (fy, by)
                assert dominant[0] * dominant[1] > 0, (slot.component.id, (fx, fy), (bx, by))
            checked += 1
    assert checked == 13


def test_dice_print_as_nets_or_loose_faces_without_backs(tmp_path: Path) -> None:
    six = [{"layout": "die", "value": v} for v in range(1, 7)]
    eight = [{"layout": "die", "value": v, "symbol": "star"} for v in range(1, 9)]
    deck = make_deck(tmp_path, [card("plain", 2), {"id": "d6", "kind": "die", "count": 2, "name": text("d6"),
                                                   "faces": six},
                                {"id": "d8", "kind": "die", "count": 1, "name": text("d8"), "faces": eight}])
    layout = plan(deck, "a4", "long")
    nets = [s for p in layout if p.role == "fronts" and p.net for s in p.slots]
    loose = [s for p in layout if p.role == "fronts" and not p.net for s in p.slots if s.component.id == "d8"]
    assert len(nets) == 2 and len(loose) == 8
    assert layout[-1].role == "fronts"  # no empty page of backs at the end
    pdf = render_sheets(deck, "it", "a4")
    net_page = next(i for i, p in enumerate(layout) if p.net)
    image = ink_mask(pages(pdf, 72, [net_page])[0])
    assert image.getbbox() is not None
    assert qpdf_problems(pdf) == []


def test_a_card_too_big_for_the_paper_is_bad_input(tmp_path: Path) -> None:
    deck = make_deck(tmp_path, [card("huge")], card={"width_mm": 200, "height_mm": 290})
    with pytest.raises(InputError, match="does not fit on the page"):
        plan(deck, "letter", "long")


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_reverse_of_single_sided_pieces_says_it_is_blank(duplex: str) -> None:
    """In duplex, a page of tokens is followed by a blank page that tells the reader so."""
    deck = next(d for d in DECKS if any(c.kind == "token" and c.back is None and len(c.faces) == 1
                                        for c in d.model.components))
    pages_plan = plan(deck, "a4", duplex)
    empty_backs = [i for i, p in enumerate(pages_plan) if p.role == "backs" and not p.slots]
    assert empty_backs, "a single-sided token page should still get its reverse in duplex"
    doc = pdfium.PdfDocument(render_sheets(deck, "fr", "a4", Printing(duplex=duplex)))
    note = " ".join(sentence("fr", "no_backs").split())
    for i in empty_backs:
        assert note in " ".join(doc[i].get_textpage().get_text_range().split())
    doc.close()


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_no_instructions_leaves_out_the_first_page_and_its_blank_reverse(tmp_path: Path, duplex: str) -> None:
    deck = make_deck(tmp_path, [card(f"c{i}") for i in range(5)])
    full = plan(deck, "a4", duplex)
    bare = plan(deck, "a4", duplex, instructions=False)
    assert [p.role for p in full[:len(full) - len(bare)]] == (["info", "blank"] if duplex == "long" else ["info"])
    assert [(p.role, len(p.slots)) for p in bare] == [(p.role, len(p.slots)) for p in full if p.role in
                                                      ("fronts", "backs")]
    pdf = render_sheets(deck, "en", "a4", Printing(duplex=duplex, instructions=False))
    assert page_count(pdf) == len(bare)
    doc = pdfium.PdfDocument(pdf)
    words = [" ".join(page.get_textpage().get_text_range().split()) for page in doc]
    doc.close()
    ruler = " ".join(sentence("en", "ruler", bleed=3).split()[:4])
    assert not any(ruler in w for w in words)
    doc = pdfium.PdfDocument(render_sheets(deck, "en", "a4", Printing(duplex=duplex)))
    assert ruler in " ".join(doc[0].get_textpage().get_text_range().split())  # the same words find it when there
    doc.close()


def test_a_fixed_grid_places_cards_gutter_apart_keeping_the_bleed_room_allows() -> None:
    from cardgen.render.sheets import fixed_grid
    a4 = PAPERS["a4"]
    w, h = 63.5 * MM, 88.9 * MM
    touching = fixed_grid(a4, w, h, 3 * MM, 3, 3)
    assert (touching.cols, touching.rows, touching.rotated, touching.bleed) == (3, 3, False, 0.0)
    assert touching.pitch_x == pytest.approx(w) and touching.pitch_y == pytest.approx(h)  # shared cut lines
    assert touching.x0 == pytest.approx((210 - 3 * 63.5) / 2 * MM)  # centred: 9.75 mm each side
    assert touching.top == pytest.approx(297 * MM - (297 - 3 * 88.9) / 2 * MM)
    apart = fixed_grid(a4, w, h, 3 * MM, 3, 3, gutter=2 * MM)
    assert apart.pitch_x == pytest.approx(w + 2 * MM) and apart.bleed == pytest.approx(1 * MM)  # half the gutter
    tight = fixed_grid(a4, w, h, 3 * MM, 3, 3, gutter=4 * MM)  # (210 - 198.5) / 2 - 4 mm to the paper's edge
    assert tight.bleed == pytest.approx(1.75 * MM)
    wide = fixed_grid(a4, w, h, 3 * MM, 2, 2, gutter=10 * MM)
    assert wide.bleed == pytest.approx(3 * MM)  # never more than the card's own bleed
    with pytest.raises(ValueError, match="3 x 3 pieces of 64 x 89 mm with 4 mm between them do not fit"):
        fixed_grid(PAPERS["letter"], w, h, 3 * MM, 3, 3, gutter=4 * MM)  # 274.7 mm of 279.4, less 2 x 4 mm


def test_grid_3x3_fills_pages_of_nine_on_a4_and_letter(tmp_path: Path) -> None:
    deck = make_deck(tmp_path, [card(f"c{i}") for i in range(10)])
    for paper in ("a4", "letter"):
        pages_ = plan(deck, paper, grid=(3, 3), instructions=False)
        fronts = [p for p in pages_ if p.role == "fronts"]
        assert [len(p.slots) for p in fronts] == [9, 1]
        first = fronts[0].slots
        assert first[1].x == pytest.approx(first[0].x + first[0].w)  # neighbours share a cut line
        assert all(s.bleed == 0.0 for s in first)
        assert page_count(render_sheets(deck, "en", paper, Printing(grid=(3, 3), instructions=False))) == len(pages_)
    with pytest.raises(InputError, match=r"^--grid 4x4: .*choose fewer cards per page or a smaller --gutter$"):
        plan(deck, "a4", grid=(4, 4))


def test_grid_pieces_keep_no_colour_of_a_neighbour(tmp_path: Path) -> None:
    """With 3 mm of bleed drawn and no gutter, each card is cut at its trim: the first card's colour
    stops where the second card begins."""
    deck = make_deck(tmp_path, [card("a", faces=[{"layout": "back", "colour": "red", "title": text("A")}]),
                                card("b", faces=[{"layout": "back", "colour": "blue", "title": text("B")}])],
                     colours={"red": "#CC2222", "blue": "#2222CC"})
    slots = [p for p in plan(deck, "a4", grid=(3, 3), instructions=False) if p.role == "fronts"][0].slots
    image = pages(render_sheets(deck, "en", "a4", Printing(grid=(3, 3), instructions=False, fronts_only=True)), 72)[0]
    scale = image.width / PAPERS["a4"][0]
    edge = slots[1].x * scale
    y = image.height - (slots[1].y + slots[1].h / 2) * scale
    left, right = image.getpixel((int(edge) - 3, int(y))), image.getpixel((int(edge) + 3, int(y)))
    assert left[0] > 150 > left[2] and right[2] > 150 > right[0], (left, right)


# -- crop marks stay out of every piece's bleed ---------------------------------------------------

def _mirrored(box, paper: str, duplex: str, role: str):
    """Where a front-page box lands on a page of ``role``: a backs page is the sheet turned over
    (long edge: left and right swap; short edge: top and bottom swap)."""
    if role != "backs" or duplex == "none":
        return box
    w, h = PAPERS[paper]
    x0, y0, x1, y1 = box
    return (w - x1, y0, w - x0, y1) if duplex == "long" else (x0, h - y1, x1, h - y0)


def _crop_mark_lines(monkeypatch, deck, paper: str, duplex: str) -> list[tuple[object, tuple[float, ...]]]:
    """Every line the sheets draw as crop marks, with the page it is on (recorded from the canvas)."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render import sheets
    drawn: list[tuple[object, tuple[float, ...]]] = []
    state: dict[str, object] = {"page": None, "marking": False}
    real_line, real_marks = Canvas.line, sheets.Sheets.crop_marks

    def line(self, x1, y1, x2, y2):
        if state["marking"]:
            drawn.append((state["page"], (x1, y1, x2, y2)))
        return real_line(self, x1, y1, x2, y2)

    def marks(self, c, trims, bleeds):
        state["marking"] = True
        try:
            return real_marks(self, c, trims, bleeds)
        finally:
            state["marking"] = False

    for role in ("fronts", "backs"):
        real = getattr(sheets.Sheets, f"draw_{role}")

        def draw(self, c, page, real=real):
            state["page"] = page
            return real(self, c, page)
        monkeypatch.setattr(sheets.Sheets, f"draw_{role}", draw)
    monkeypatch.setattr(Canvas, "line", line)
    monkeypatch.setattr(sheets.Sheets, "crop_marks", marks)
    render_sheets(deck, deck.model.languages[0], paper, Printing(duplex=duplex))
    return drawn


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_crop_marks_never_reach_into_a_pieces_bleed(monkeypatch, tmp_path: Path, paper: str, duplex: str) -> None:
    """Every crop mark lies in the margin: at least MARK_GAP outside the bleed of every piece on its
    page (on backs pages, where the pieces land once the sheet is turned), inside the paper's edge."""
    decks = [two_sided_deck(tmp_path)[0], *DECKS]
    w, h = PAPERS[paper]
    tol = 0.01
    for deck in nonempty(decks):
        drawn = _crop_mark_lines(monkeypatch, deck, paper, duplex)
        assert drawn, deck.id
        for page, (x1, y1, x2, y2) in drawn:
            boxes = [_mirrored(s.bleed_box, paper, duplex, page.role) for s in page.slots]
            assert boxes
            lo_x, hi_x = min(x1, x2), max(x1, x2)
            lo_y, hi_y = min(y1, y2), max(y1, y2)
            assert EDGE - tol <= lo_x and hi_x <= w - EDGE + tol and EDGE - tol <= lo_y and hi_y <= h - EDGE + tol
            for bx0, by0, bx1, by1 in boxes:  # the segment's distance to the box is at least MARK_GAP
                dx = max(bx0 - hi_x, lo_x - bx1, 0.0)
                dy = max(by0 - hi_y, lo_y - by1, 0.0)
                assert max(dx, dy) >= MARK_GAP - tol, (deck.id, page.role, (x1, y1, x2, y2), (bx0, by0, bx1, by1))


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_instructions_speak_of_the_one_die_as_one(lang: str) -> None:
    """Draco's box holds one die: its calibration page says "The die:", never "Each die:" (a round-7 reader)."""
    deck = next(d for d in DECKS if d.id == "draco")
    assert sum(c.count for c in deck.model.components if c.kind == "die") == 1
    doc = pdfium.PdfDocument(render_sheets(deck, lang, "a4"))
    first = " ".join(doc[0].get_textpage().get_text_range().split())
    doc.close()
    assert " ".join(sentence(lang, "step_one_die").split()[:3]) in first
    assert " ".join(sentence(lang, "step_die").split()[:3]) not in first


#: the running head's word for a sheet of cards, and the calibration line's, by language (read 9, fr4 and fr5:
#: "page 1/14" on a 30-page PDF; "règle" for the ruler in a book of rules)
SHEET_WORDS = {"fr": ("planche", "réglette"), "it": ("foglio", "righello"), "en": ("sheet", "ruler")}


@pytest.mark.parametrize("lang", sorted(SHEET_WORDS))
def test_the_running_head_numbers_sheets_not_pdf_pages(lang: str) -> None:
    """Double-sided, a sheet is two PDF pages (fronts and backs): the head says "planche 1/14", counting sheets,
    on both sides of the first sheet (PDF pages 2 and 3, after the instructions and their blank back), and the
    last sheet's number is the count of sheets."""
    deck = next(d for d in DECKS if d.id == "king_lui")
    doc = pdfium.PdfDocument(render_sheets(deck, lang, "a4", Printing(duplex="long")))
    try:
        heads = [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc))]
    finally:
        doc.close()
    sheet, ruler = SHEET_WORDS[lang]
    total = (len(heads) - 2) // 2
    assert f"{sheet} 1/{total}" in heads[2] and f"{sheet} 1/{total}" in heads[3]
    assert f"{sheet} {total}/{total}" in heads[-1]
    assert ruler in heads[0] and (lang != "fr" or " règle " not in f" {heads[0]} ")
