"""Card faces: layouts, symbols, text fitting, drawing inside the bleed, fonts, ink saver."""
from __future__ import annotations

import io
import random
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import ImageChops, ImageFilter, ImageStat
from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import InputError
from cardgen.fonts import register_fonts
from cardgen.render.cardface import Painter, draw_face, piece_size, side_of
from cardgen.render.layouts import LAYOUT_DIR, TEXT_ELEMENTS, load_layouts
from cardgen.render.symbols import SYMBOLS, Inks, draw_symbol
from cardgen.render.textfit import HYPHEN, TextFitError, draw_fitted, fit_line, fit_text, missing_glyphs
from cardgen.model.vocab import LAYOUT_IDS, SYMBOL_IDS
from test_render_support import MM, card, ink_mask, inked_pixels, make_deck, pages, real_decks, text
from nonempty import nonempty


def unique_sides(deck):
    """(component, face, back) for every distinct drawing of a deck."""
    out, seen = [], set()
    for comp in deck.model.components:
        for face in comp.faces:
            out.append((comp, face, False))
        if comp.kind != "die" and (comp.back or len(comp.faces) == 2):
            key = comp.back or comp.id
            if key not in seen:
                seen.add(key)
                out.append((comp, None, True))
    return out


# -- layouts and symbols -------------------------------------------------------------

def test_every_layout_has_a_geometry_file_and_every_file_a_layout() -> None:
    assert {p.stem for p in LAYOUT_DIR.glob("*.yaml")} == set(LAYOUT_IDS)
    layouts = load_layouts()
    assert layouts["suit"].get("value") is not None and layouts["rule"].get("points") is not None
    assert layouts["pattern"].get("pattern") is not None and layouts["die"].settings["net"]


def test_symbols_cover_the_vocabulary_and_differ_in_black_and_white() -> None:
    assert set(SYMBOLS) == set(SYMBOL_IDS)
    size = 48
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(size * len(SYMBOL_IDS), size))
    for i, sid in enumerate(SYMBOL_IDS):  # black outlines on white: what a mono printer shows
        draw_symbol(c, sid, i * size + 4, 4, size - 8, Inks(white, black, white))
    c.save()
    image = ink_mask(pages(buf.getvalue(), 72)[0])
    tiles = [image.crop((i * size, 0, (i + 1) * size, size)) for i in range(len(SYMBOL_IDS))]
    for sid, tile in zip(SYMBOL_IDS, tiles):
        inked = inked_pixels(tile)
        assert inked > 40, f"symbol {sid} draws (almost) nothing"
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            diff = ImageChops.difference(tiles[i], tiles[j])
            assert inked_pixels(diff) > 60, f"{SYMBOL_IDS[i]} and {SYMBOL_IDS[j]} look alike in black and white"


@pytest.mark.parametrize(("field", "value", "hint"), [("symbol", "chese", "cheese"), ("layout", "suits", "suit")])
def test_unknown_symbol_or_layout_is_bad_input_with_a_hint(tmp_path: Path, field: str, value: str,
                                                           hint: str) -> None:
    face = {"layout": "feature", "title": text("x"), field: value}
    with pytest.raises(InputError) as err:
        make_deck(tmp_path, [card("x", faces=[face])])
    message = str(err.value)
    assert f"unknown {field} '{value}'" in message and f"did you mean '{hint}'" in message
    assert "decks/testdeck.yaml:" in message


# -- text fitting --------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _fits_computed_afresh() -> None:
    """Each test lays out its texts itself: a layout cached by an earlier test (or by a mutation run's
    clean pass) would hide a fault in the line breaking."""
    fit_text.cache_clear()


WORDS = ("banquet", "portion", "extraordinairement", "dragon", "à", "l’assiette", "«\u202froi\u202f»",
         "chacun", "incomprehensibilities", "de", "le", "pâtisserie", "coupe", "3", "!")


@pytest.mark.parametrize("seed", range(12))
def test_fitted_text_never_exceeds_its_box(seed: int) -> None:
    rng = random.Random(seed)
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 60))]
    # Boxes roomy enough for 60 words at the smallest size: fitting must succeed (a
    # fit_text that always raised would fail here; too-small boxes are tested below).
    width, height = rng.uniform(120, 200), rng.uniform(140, 200)
    fitted = fit_text((("Sans", " ".join(words)),), width, height, 11, 5, "fr")
    assert 5 <= fitted.size <= 11
    assert fitted.width() <= width + 1e-6
    assert fitted.height <= height + 1e-6
    # Nothing is lost or reordered: removing hyphenation gives the words back.
    joined = ""
    for _, line in fitted.lines:
        joined += line[:-1] if line.endswith(HYPHEN) and not line.endswith(" " + HYPHEN) else line + " "
    # a figure and the word after it are joined by a no-break space ("3\u00a0à"): a line never ends on the figure
    assert [w for w in joined.replace("\u00a0", " ").split(" ") if w] == words


def test_no_break_spaces_hold_and_shrinking_happens_before_failing() -> None:
    quote = "«\u202fVive le roi\u202f!\u202f»"
    fitted = fit_text((("Sans", f"Il crie {quote} puis s’en va."),), 70, 200, 12, 4, "fr")
    assert all(not line.startswith(("!", "»")) for _, line in fitted.lines)
    small = fit_text((("Sans", "portion " * 12),), 60, 40, 12, 4, "en")
    assert small.size < 12
    with pytest.raises(TextFitError):
        fit_text((("Sans", "portion " * 200),), 60, 40, 12, 6, "en")


@pytest.mark.parametrize("font", ["Sans", "Sans-Bold", "Serif-Bold", "Condensed", "Sans-Italic"])
def test_accented_capitals_and_descenders_stay_inside_the_fitted_box(font: str) -> None:
    words = "ÉÀÇ Œg « Être » Ågjpq"
    fitted = fit_text(((font, words),), 400, 200, 40, 40, "fr")
    box = (20.0, 20.0, 400.0, fitted.height)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(440, fitted.height + 40))
    draw_fitted(c, fitted, *box, align="left")
    c.save()
    image = ink_mask(pages(buf.getvalue(), 144)[0], threshold=20)
    s = image.height / (fitted.height + 40)
    top, bottom = image.getbbox()[1] / s, image.getbbox()[3] / s
    assert top >= 20 - 0.5 and bottom <= 20 + fitted.height + 0.5


def test_a_running_line_too_long_is_cut_short_with_an_ellipsis() -> None:
    fitted = fit_line("Le Marquis / La Reine de la nuit (A) " * 4, "Sans", 120, 12, 9, 5, "fr")
    assert len(fitted.lines) == 1 and fitted.lines[0][1].endswith("…") and fitted.size == 5
    assert fitted.width() <= 120
    assert fit_line("1 × Fruit", "Sans", 120, 12, 9, 5, "fr").lines[0][1] == "1 × Fruit"


def test_bundled_fonts_cover_french_and_italian_typography() -> None:
    sample = "Œuvre œuf « À l’É » Ç È Ì Ò Ù — “quote” ’\u202f!"
    for font in ("Sans", "Sans-Bold", "Sans-Italic", "Serif-Bold", "Condensed"):
        assert missing_glyphs(sample, font) == set(), font
    assert missing_glyphs("\u4e2d", "Sans") == {"\u4e2d"}


# -- drawing -------------------------------------------------------------------------

def faces_sheet(deck, lang: str = "fr", ink_saver: bool = False, gap: float = 15 * MM):
    """Every distinct face of ``deck`` on one page, each in a cell with a wide white gutter."""
    sides = unique_sides(deck)
    geos = [piece_size(deck, comp) for comp, _, _ in sides]
    cell_w = max(g.width + 2 * g.bleed for g in geos) + gap
    cell_h = max(g.height + 2 * g.bleed for g in geos) + gap
    cols = 12
    rows = -(-len(sides) // cols)
    page = (cols * cell_w, rows * cell_h)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=page)
    boxes = []
    for i, ((comp, face, back), geo) in enumerate(zip(sides, geos)):
        row, col = divmod(i, cols)
        x = col * cell_w + gap / 2 + geo.bleed
        y = page[1] - (row + 1) * cell_h + gap / 2 + geo.bleed
        draw_face(c, deck, comp, face, lang, (x, y), ink_saver=ink_saver, back=back)
        boxes.append(((col * cell_w, page[1] - (row + 1) * cell_h, (col + 1) * cell_w, page[1] - row * cell_h),
                      (x - geo.bleed, y - geo.bleed, x + geo.width + geo.bleed, y + geo.height + geo.bleed)))
    c.save()
    return buf.getvalue(), page, boxes, sides


@pytest.mark.parametrize("deck", real_decks(), ids=lambda d: d.id)
def test_every_face_draws_something_and_nothing_outside_its_bleed(deck) -> None:
    pdf, page, boxes, sides = faces_sheet(deck)
    image = ink_mask(pages(pdf, 60)[0], threshold=8)
    sx, sy = image.width / page[0], image.height / page[1]  # pixels per point, as rendered
    for (cell, bleed), (comp, face, back) in nonempty(zip(boxes, sides)):
        crop = image.crop((round(cell[0] * sx), round((page[1] - cell[3]) * sy),
                           round(cell[2] * sx), round((page[1] - cell[1]) * sy)))
        box = crop.getbbox()
        assert box is not None, f"{comp.id} draws nothing"
        # The inked area, back in points, must lie within the bleed box (1.5 px slack for anti-aliasing).
        x0 = round(cell[0] * sx) / sx
        y_top = page[1] - round((page[1] - cell[3]) * sy) / sy
        left, right = x0 + box[0] / sx, x0 + box[2] / sx
        top, bottom = y_top - box[1] / sy, y_top - box[3] / sy
        slack = 1.5 / sx
        assert left >= bleed[0] - slack and right <= bleed[2] + slack, (comp.id, back)
        assert bottom >= bleed[1] - slack and top <= bleed[3] + slack, (comp.id, back)


@pytest.mark.parametrize("deck", real_decks(), ids=lambda d: d.id)
def test_text_boxes_stay_in_the_safe_zone(deck) -> None:
    c = Canvas(io.BytesIO())
    for comp, face, back in nonempty(unique_sides(deck)):
        face, label = side_of(deck, comp, face, back)
        geo = piece_size(deck, comp)
        painter = Painter(c, deck, comp, face, label, "it")
        for name in TEXT_ELEMENTS:
            if not painter.shown.get(name):
                continue
            x, y, w, h = painter.text_rect(name)
            assert w > 0 and h > 0, (comp.id, name)
            if geo.round:
                r = geo.width / 2 - geo.safe + 1e-6
                for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
                    assert (px - geo.width / 2) ** 2 + (py - geo.height / 2) ** 2 <= r * r, (comp.id, name)
            else:
                assert x >= geo.safe - 1e-6 and x + w <= geo.width - geo.safe + 1e-6, (comp.id, name)
                assert y >= geo.safe - 1e-6 and y + h <= geo.height - geo.safe + 1e-6, (comp.id, name)


def test_text_too_long_for_the_card_names_the_component_and_face(tmp_path: Path) -> None:
    long = "A very long rule that goes on and on without end. " * 35
    deck = make_deck(tmp_path, [card("windbag", text=text(long))])
    c = Canvas(io.BytesIO())
    with pytest.raises(InputError) as err:
        draw_face(c, deck, deck.component("windbag"), None, "en", (0, 0))
    assert "component 'windbag', face 1" in str(err.value) and "(en)" in str(err.value)
    assert "decks/testdeck.yaml" in str(err.value)


def test_two_sided_card_draws_its_second_face_as_its_back(tmp_path: Path) -> None:
    faces = [{"layout": "feature", "title": text("Unmasked"), "colour": "red", "symbol": "crown"},
             {"layout": "feature", "title": text("Masked"), "colour": "blue", "symbol": "mask"}]
    deck = make_deck(tmp_path, [card("noble", faces=faces)], colours={"red": "#CC2222", "blue": "#2222CC"})
    comp = deck.component("noble")
    assert side_of(deck, comp, None, back=True)[0] is comp.faces[1]
    geo = piece_size(deck, comp)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(2 * geo.width + 4 * geo.bleed, geo.height + 2 * geo.bleed))
    draw_face(c, deck, comp, None, "en", (geo.bleed, geo.bleed))
    draw_face(c, deck, comp, None, "en", (geo.width + 3 * geo.bleed, geo.bleed), back=True)
    c.save()
    image = pages(buf.getvalue(), 30)[0]
    left = image.getpixel((3, 3))
    right = image.getpixel((image.width - 4, 3))
    assert left[0] > 150 > left[2] and right[2] > 150 > right[0]


def test_accented_capitals_and_quotes_print_as_text_with_embedded_fonts(tmp_path: Path) -> None:
    title = "Œuvre « À l’Été »"
    deck = make_deck(tmp_path, [card("x", faces=[{"layout": "feature", "title": text(title)}])])
    buf = io.BytesIO()
    register_fonts()
    c = Canvas(buf, pagesize=(100 * MM, 100 * MM), initialFontName="Sans")
    draw_face(c, deck, deck.component("x"), None, "fr", (10 * MM, 5 * MM))
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    extracted = doc[0].get_textpage().get_text_range()
    doc.close()
    # French text gets French spacing whatever its source: a narrow no-break space inside « »
    assert "Œuvre «\u202fÀ l’Été\u202f»" in extracted.replace("\r", "").replace("\n", " ")
    with pikepdf.Pdf.open(io.BytesIO(buf.getvalue())) as pdf:
        fonts = pdf.pages[0].Resources.Font
        assert fonts, "no fonts"
        for name in fonts.keys():
            font = fonts[name]
            descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            descriptor = descendant.FontDescriptor
            assert "/FontFile2" in descriptor or "/FontFile" in descriptor, f"font {name} is not embedded"


@pytest.mark.parametrize("deck", real_decks(), ids=lambda d: d.id)
def test_ink_saver_leaves_no_large_solid_fills(deck) -> None:
    def darkness(ink_saver: bool):
        return ImageChops.invert(pages(faces_sheet(deck, gap=0, ink_saver=ink_saver)[0], 30)[0].convert("L"))

    normal, saver = darkness(False), darkness(True)
    # Ink used drops to under a third; no 10 mm patch anywhere is as dark as a solid fill
    # (dense line work, such as a coin's milled edge, stays below that).
    assert ImageStat.Stat(saver).mean[0] < 0.33 * ImageStat.Stat(normal).mean[0]
    patch = ImageFilter.BoxBlur(6)  # 30 dpi: 6 px around a pixel is about 10 mm across
    assert normal.filter(patch).getextrema()[1] > 180  # the normal edition has solid areas
    assert saver.filter(patch).getextrema()[1] < 150


def test_face_art_is_drawn_in_the_symbol_box(tmp_path: Path) -> None:
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("RGB", (40, 40), (200, 30, 30)).save(tmp_path / "art" / "red.png")
    deck = make_deck(tmp_path, [card("painted", faces=[{"layout": "feature", "title": text("Painted"),
                                                        "art": "art/red.png"}])])
    buf = io.BytesIO()
    geo = piece_size(deck, deck.component("painted"))
    c = Canvas(buf, pagesize=(geo.width + 2 * geo.bleed, geo.height + 2 * geo.bleed))
    draw_face(c, deck, deck.component("painted"), None, "en", (geo.bleed, geo.bleed))
    c.save()
    image = pages(buf.getvalue(), 36)[0]
    centre = image.getpixel((image.width // 2, int(image.height * 0.45)))
    assert centre[0] > 150 and centre[1] < 80 and centre[2] < 80


def test_symbols_written_inline_in_a_text_are_drawn_in_its_lines(tmp_path: Path, monkeypatch) -> None:
    """``:star:`` in a card's text draws the star where the words leave room for it; an unknown
    ``:name:`` stays as typed."""
    deck = make_deck(tmp_path, [card("x", faces=[{"layout": "feature", "title": text("X"),
                                                   "text": text("Take :star: then :crown:, not :nothing:.")}])])
    comp = deck.component("x")
    drawn = []
    original = Painter._symbol
    monkeypatch.setattr(Painter, "_symbol", lambda self, sid, x, y, w, h, on_colour: drawn.append((sid, x, y, w))
                        or original(self, sid, x, y, w, h, on_colour))
    geo = piece_size(deck, comp)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(geo.width + 2 * geo.bleed, geo.height + 2 * geo.bleed))
    draw_face(c, deck, comp, None, "en", (geo.bleed, geo.bleed))
    c.save()
    inline = [d for d in drawn if d[3] < 12]  # the face's own big symbol (none here) is far larger than a glyph
    assert [d[0] for d in inline] == ["star", "crown"]
    assert inline[0][1] < inline[1][1] or inline[0][2] > inline[1][2]  # in reading order
    doc = pdfium.PdfDocument(buf.getvalue())
    words = doc[0].get_textpage().get_text_range()
    doc.close()
    assert ":star:" not in words and "\u25a0" not in words and ":nothing:" in words and "Take" in words


def test_a_short_text_keeps_its_words_whole_when_it_fits_without_hyphens() -> None:
    # the gold token: "Worth" alone on a line left it short, and "3 silver" (a figure and its word, bound)
    # was hyphenated to fill it, 25 times on the sheet; at the same size the whole words fit in the box
    from reportlab.pdfbase.pdfmetrics import stringWidth
    register_fonts()
    width = stringWidth("Worth 3 silver", "Sans", 10) - 1
    fitted = fit_text((("Sans", "Worth 3 silver coins."),), width, 200, 10, 10, "en")
    lines = [t for _, t in fitted.lines]
    assert not any(t.endswith(HYPHEN) for t in lines), lines
    assert fitted.size == 10 and " ".join(lines).replace("\u00a0", " ") == "Worth 3 silver coins."
    # a word wider than any line is still hyphenated
    narrow = fit_text((("Sans", "extraordinarily"),), stringWidth("extraordi", "Sans", 10), 200, 10, 10, "en")
    assert narrow.lines[0][1].endswith(HYPHEN)


def test_a_few_words_shrink_before_a_word_is_split_to_fill_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    # the Italian gold token: "Vale 3 monete d'argento." set at the largest size filled its short first
    # line with "mone-"; a text of at most SHORT_WORDS words tries every size without filling first
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardgen.render.textfit import SHORT_WORDS
    register_fonts()
    text = "Vale 3 monete d’argento."
    assert len(text.split()) <= SHORT_WORDS
    width = stringWidth("Vale 3 monete", "Sans", 9) + 0.5  # whole at 9 pt, too wide at 10 pt
    height = 2 * 1.2 * 10 + 1  # two lines at 10 pt
    fitted = fit_text((("Sans", text),), width, height, 10, 6, "it")
    lines = [t.replace("\u00a0", " ") for _, t in fitted.lines]
    assert not any(t.endswith(HYPHEN) for t in lines), lines
    assert fitted.size < 10 and lines[0] == "Vale 3 monete"
    # a longer text keeps the usual order: the largest size, a word split to fill the short line
    import cardgen.render.textfit as textfit
    monkeypatch.setattr(textfit, "SHORT_WORDS", len(text.split()) - 1)
    usual = fit_text((("Sans", text + " "),), width, height, 10, 6, "it")  # not the cached result
    assert usual.size > fitted.size and usual.lines[0][1].endswith(HYPHEN), usual.lines


def test_a_card_text_never_ends_on_one_lone_word_when_a_narrower_measure_avoids_it() -> None:
    # Royale's imposter card ended "You may turn it by 90°, 180° or | 270°.": at the same size and
    # number of lines (so the same height), a slightly narrower measure carries a word down
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardgen.render.textfit import LONE_STEP, LONE_STEPS
    register_fonts()
    text = "You may turn it by 90°, 180° or 270°."
    width = stringWidth("You may turn it by 90°, 180° or", "Sans", 10) + 1  # "270°." alone at 10 pt
    fitted = fit_text((("Sans", text),), width, 200, 10, 10, "en")
    lines = [t.replace("\u00a0", " ") for _, t in fitted.lines]
    assert fitted.size == 10 and len(lines) == 2 and " " in lines[-1], lines
    assert " ".join(lines) == text
    assert all(stringWidth(t, "Sans", 10) <= width * (1 - LONE_STEP) + 1e-6 for _, t in fitted.lines)
    # where no measure in reach helps (one word on each line), the lines stay as they were
    pair = fit_text((("Sans", "extraordinary circumstances"),), stringWidth("circumstances", "Sans", 10) + 1,
                    200, 10, 10, "en")
    assert [t for _, t in pair.lines] == ["extraordinary", "circumstances"]
    assert LONE_STEPS * LONE_STEP < 0.5  # a measure never narrowed past half the box


@pytest.mark.parametrize("seed", range(40))
def test_the_lone_word_measure_is_the_first_narrower_one_that_works(seed: int) -> None:
    # at one size in a tall box the first layout (words whole but for the too long) is taken; its last line
    # alone decides: a lone word moves to the first measure 3 %, 6 %... narrower that keeps the number
    # of lines and carries a second word down; none within reach (or one more line first): unchanged
    from cardgen.render.textfit import LONE_STEP, LONE_STEPS, _layout
    register_fonts()
    rng = random.Random(seed)
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 30))]
    paragraphs = (("Sans", " ".join(words)),)
    width = rng.uniform(70, 160)
    got = [t for _, t in fit_text(paragraphs, width, 1000, 10, 10, "fr").lines]
    plain = _layout(paragraphs, width, 10, "fr", False)
    assert plain is not None
    expected = [t for _, t in plain.lines]
    if len(expected) >= 2 and " " not in expected[-1].strip():
        for step in range(1, LONE_STEPS + 1):
            trial = _layout(paragraphs, width * (1 - step * LONE_STEP), 10, "fr", False)
            if trial is None or len(trial.lines) != len(expected):
                break
            if " " in trial.lines[-1][1].strip():
                expected = [t for _, t in trial.lines]
                break
    assert got == expected
