"""Typesetting details of the rulebook markup: headings never end a column alone, the credits never
have a page alone."""
from __future__ import annotations

import io

import pypdfium2 as pdfium
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import KeepTogether, ListItem, Paragraph, SimpleDocTemplate, Spacer

from reportlab.platypus import FrameBreak

from cardgen.rulebook.markup import Heading, SplitList, keep_closing_block_with_previous, keep_headings_with_blocks

STYLE = getSampleStyleSheet()["Normal"]


def numbered(n: int) -> SplitList:
    items = [ListItem(Paragraph(f"step {i}", STYLE), value=i) for i in range(1, n + 1)]
    return SplitList(items, bulletType="1", bulletFormat="%s.")


def test_heading_keeps_the_first_item_of_a_list() -> None:
    heading = Heading("Setting up", STYLE)
    out = keep_headings_with_blocks([heading, numbered(3)])
    assert isinstance(out[0], KeepTogether)
    kept = out[0]._content
    assert kept[0] is heading and isinstance(kept[1], SplitList) and len(kept[1].items) == 1
    assert isinstance(out[1], SplitList) and len(out[1].items) == 2


def test_split_list_keeps_its_numbering_across_a_page_break() -> None:
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=(300, 300), topMargin=20, bottomMargin=20)
    flows = [Spacer(1, 200), Heading("Setting up", STYLE), numbered(6)]
    doc.build(keep_headings_with_blocks(flows))
    pdf = pdfium.PdfDocument(buf.getvalue())
    pages = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    heading_page = next(i for i, text in enumerate(pages) if "Setting up" in text)
    assert "1." in pages[heading_page] and "step 1" in pages[heading_page]  # never alone at a page foot
    text = " ".join(pages)
    assert all(f"{i}." in text for i in range(1, 7))


def test_the_closing_kept_block_takes_the_last_drawn_block_along() -> None:
    rules = [Paragraph(f"rule {i}", STYLE) for i in range(3)]
    credits = KeepTogether([Heading("Credits", STYLE), Paragraph("A game by someone.", STYLE)])
    space = Spacer(1, 6)
    out = keep_closing_block_with_previous([*rules, space, credits])
    assert out[:2] == rules[:2]
    closing = out[-1]
    assert len(out) == 3 and isinstance(closing, KeepTogether)
    assert closing._content[:2] == [rules[2], space]  # the space draws nothing: the rule came along
    assert closing._content[-2:] == credits._content


def test_a_deliberate_break_before_the_closing_block_is_kept() -> None:
    flows = [Paragraph("rule", STYLE), FrameBreak(), KeepTogether([Heading("Credits", STYLE)])]
    assert keep_closing_block_with_previous(flows) == flows


def test_a_book_not_ending_with_a_kept_block_is_left_alone() -> None:
    flows = [Paragraph("rule", STYLE), Paragraph("last words", STYLE)]
    assert keep_closing_block_with_previous(flows) == flows
