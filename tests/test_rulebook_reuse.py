"""Work the rulebook stage remembers or shares to go faster must never change a byte of a book."""
from __future__ import annotations

import pyphen
import pytest
from reportlab.lib import colors
from reportlab.platypus import Paragraph, Table

from cardgen.resolve.resolve import resolve
from cardgen.rulebook import render_rulebook, render_rulebooks
from cardgen.rulebook.markup import BookTable, ParsedTexts, TypoParagraph, _restore_narrow
from cardgen.rulebook.styles import HYPHENATION, make_styles

from test_rulebook_support import ROOT


def _forget_wraps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every wrap breaks the lines again, as reportlab's own Paragraph does, and every table
    measures its rows again, as reportlab's own Table does."""
    monkeypatch.setattr(TypoParagraph, "wrap", Paragraph.wrap)
    monkeypatch.setattr(BookTable, "_calc", Table._calc)


@pytest.mark.parametrize("deck_id,lang,paper", [("draco", "fr", "a4"), ("royale", "it", "letter")])
def test_remembered_line_breaks_give_the_same_book(deck_id: str, lang: str, paper: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    deck = resolve(deck_id, ROOT)
    remembered = render_rulebook(deck, lang, paper)
    with monkeypatch.context() as patch:
        _forget_wraps(patch)
        assert render_rulebook(deck, lang, paper) == remembered


def test_a_paragraph_breaks_its_lines_again_for_another_width() -> None:
    style = make_styles("en", colors.black).body
    para = TypoParagraph("word " * 60, style)
    wide = para.wrap(300, 1000)
    assert para.wrap(300, 50) == wide  # the lines depend on the width alone
    narrow = para.wrap(100, 1000)
    assert narrow[0] == 100 and narrow[1] > wide[1]
    assert para.wrap(300, 1000) == wide and len(para.blPara.lines) == round(wide[1] / style.leading)


def test_a_table_measures_its_rows_again_for_another_width(monkeypatch: pytest.MonkeyPatch) -> None:
    style = make_styles("en", colors.black).cell
    table = BookTable([[TypoParagraph("word " * 12, style), TypoParagraph("two words", style)]], colWidths=[60, 40])
    measures: list[float] = []
    calc = Table._calc
    monkeypatch.setattr(Table, "_calc", lambda self, w, h: (measures.append(w), calc(self, w, h)))
    first = table.wrap(300, 1000)
    assert table.wrap(300, 20) == first and measures == [300]  # the rows depend on the width alone
    table.split(300, 1000)
    assert measures == [300]
    table.wrap(200, 1000)
    assert measures == [300, 200]


@pytest.mark.parametrize("lang", sorted(HYPHENATION))
def test_body_text_hyphenates_with_the_languages_dictionary(lang: str) -> None:
    """The body style's hyphenator breaks words where pyphen's dictionary of the language does."""
    hyphenate = make_styles(lang, colors.black).body.hyphenationLang
    assert callable(hyphenate)
    word = {"fr": "extraordinairement", "it": "straordinariamente", "en": "extraordinarily"}[lang]
    expected = list(pyphen.Pyphen(lang=HYPHENATION[lang]).iterate(word))
    assert expected and list(hyphenate(word)) == expected


@pytest.mark.parametrize("deck_id,lang", [("draco", "fr"), ("king_lui", "it"), ("royale", "en")])
def test_books_of_both_papers_from_one_text_are_the_books_made_alone(deck_id: str, lang: str) -> None:
    """``render_rulebooks`` prepares the text once (markup, styles, paragraph parses) for both papers."""
    deck = resolve(deck_id, ROOT)
    shared = render_rulebooks(deck, lang, ["a4", "letter"])
    assert shared == [render_rulebook(deck, lang, "a4"), render_rulebook(deck, lang, "letter")]
    assert shared[0] != shared[1]


def test_a_shared_parse_gives_each_paragraph_its_own_fragments() -> None:
    styles = make_styles("fr", colors.black)
    parsed = ParsedTexts()
    text = "Le joueur <b>actif</b> pose une carte\u202f; il <i>passe</i> sinon."
    first = TypoParagraph(text, styles.body, parsed)
    second = TypoParagraph(text, styles.body, parsed)
    alone = TypoParagraph(text, styles.body)
    assert second.frags is not first.frags and all(a is not b for a, b in zip(first.frags, second.frags))
    assert [vars(f) for f in second.frags] == [vars(f) for f in alone.frags]
    assert (second.text, second.style, second.narrow) == (alone.text, alone.style, alone.narrow)
    for para in (first, second):
        para.wrap(60, 1000)
        _restore_narrow(para.blPara)  # what drawing it does to its fragments
    third = TypoParagraph(text, styles.body, parsed)  # laying out and drawing the others leave the kept parse intact
    assert all(a is not b for a, b in zip(second.frags, third.frags))
    assert [vars(f) for f in third.frags] == [vars(f) for f in alone.frags]
    other = TypoParagraph(text, styles.item, parsed)  # another style is another parse
    assert other.style is styles.item


def _faces_drawn(paint, canvases: int = 2) -> list[bytes]:
    """The PDF bytes of ``canvases`` one-page documents on which ``DrawnFaces`` draws ``paint`` twice."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cardgen.fonts import register_fonts
    from cardgen.rulebook.pictures import DrawnFaces

    register_fonts()
    drawn, out = DrawnFaces(), []
    for _ in range(canvases):
        buffer = io.BytesIO()
        canv = Canvas(buffer, invariant=1)
        canv.setFont("Serif", 9)
        canv.drawString(10, 10, "Zéphyr")  # the document's font subset already holds some characters
        for x in (0, 200):
            canv.saveState()
            canv.translate(x, 300)
            drawn.draw(canv, ("face",), paint)
            canv.restoreState()
        canv.drawString(10, 30, "après")  # the state after a replay is the state after a drawing
        canv.showPage()
        canv.save()
        out.append(buffer.getvalue())
    return out


def _text_and_paths(c) -> None:
    c.saveState()
    c.setFillColor(colors.HexColor("#5B2A86"))
    c.roundRect(0, 0, 60, 90, 4, fill=1, stroke=0)
    c.setFont("Sans-Bold", 11)
    c.drawCentredString(30, 70, "Dragon rouge")
    c.setLineWidth(0.5)
    c.line(0, 60, 60, 60)
    c.setFont("Serif-Italic", 7)
    c.drawString(4, 20, "Qui vole\u202fpaie")
    c.restoreState()


def test_a_replayed_face_writes_the_bytes_of_a_drawn_face(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths are replayed as written, text is set again on each document: the bytes are those of drawings."""
    from cardgen.rulebook import pictures

    calls: list[int] = []
    replayed = _faces_drawn(lambda c: (calls.append(1), _text_and_paths(c)))
    assert len(calls) == 1  # drawn once, replayed three times
    monkeypatch.setattr(pictures.DrawnFaces, "draw", lambda self, canv, key, paint: paint(canv))
    assert _faces_drawn(_text_and_paths) == replayed


def test_a_face_drawing_with_a_named_resource_is_never_replayed() -> None:
    """An image, a form or a graphics state has a per-document name: such a face is always drawn."""
    calls: list[int] = []

    def with_alpha(c) -> None:
        calls.append(1)
        c.saveState()
        c.setFillAlpha(0.5)
        c.rect(0, 0, 10, 10, fill=1)
        c.restoreState()

    _faces_drawn(with_alpha)
    assert len(calls) == 4


def test_a_book_frame_deep_copies_as_deepcopy_copies_a_frame() -> None:
    import copy

    from reportlab.platypus import Frame

    from cardgen.rulebook.typeset import BookFrame

    mine, theirs = BookFrame(10, 20, 200, 300, id="c0"), Frame(10, 20, 200, 300, id="c0")
    for frame in (mine, theirs):
        frame._atTop, frame._y, frame._frameBGs = 0, 123.5, []  # as a document sets it
    copied, expected = copy.deepcopy(mine), copy.deepcopy(theirs)
    assert type(copied) is BookFrame and vars(copied) == vars(expected)
    assert copied._frameBGs is not mine._frameBGs
    mine._generated_content = [object()]  # anything else is left to deepcopy
    assert copy.deepcopy(mine)._generated_content[0] is not mine._generated_content[0]


def test_a_face_drawing_that_leaves_a_state_saved_is_never_replayed() -> None:
    calls: list[int] = []

    def unbalanced(c) -> None:
        calls.append(1)
        c.saveState()
        c.rect(0, 0, 10, 10, fill=1)

    _faces_drawn(unbalanced, canvases=1)
    assert len(calls) == 2
