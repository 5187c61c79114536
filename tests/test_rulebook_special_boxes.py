"""Draco's "Special cases" topic boxes are kept whole when a column can hold them (readers of round 64).

Each topic of the answers gathered at the end of a Draco book (Money, Playing a turn, The special characters, ...)
is a ruling box that may break; it broke at the foot of a column and went on under "<topic> (continued)",
parting Brother John's ruling from the worked consequences that follow it (English 8, 22, 24, 25, 27; Italian 18,
38; French 12). A box now breaks only when it is taller than a column: one that does not fit what is left of a
column goes to the next, and a later topic that fits fills the space it leaves (``RulebookDoc.place_gathered``).
"""
from __future__ import annotations

import re

import pytest
from reportlab.platypus import Flowable, KeepTogether

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.book import book_text
from cardgen.rulebook.markup import Converter, parse
from cardgen.rulebook.pictures import find_draw_face
from cardgen.rulebook.typeset import FOOTER, MARGIN, PAPERS, column_width, typeset

from nonempty import nonempty
from page_fill import MOST_EMPTY_COLUMN, book_column_gaps, find_text
from test_rulebook_support import ROOT

DRACO = ["draco", "draco-charity-toast", "draco-long", "draco-no-zork", "draco-short"]
PAPER_NAMES = ["a4", "letter"]


def _gathered_boxes(deck_id: str, lang: str, paper: str) -> tuple[bytes, list[tuple[str, str, bool]], str]:
    """The book of ``deck_id`` in ``lang`` on ``paper``, and for each topic box of its "Special cases": its
    title, the heading its continuation would have, and whether a whole column holds it; and the book's markup."""
    resolved = resolve(deck_id, ROOT)
    text = book_text(resolved, lang)
    width = column_width(paper)
    column = PAPERS[paper][1] - 2 * MARGIN - FOOTER
    book = parse(text.markup, Converter(resolved, lang, text.styles, width, find_draw_face(), text.parsed))
    patterns = re.findall(r'<box kind="ruling" title="([^"]*)" breaks="yes" continued="([^"]*)"', text.markup)
    boxes = [flow for flow in _flat(book.body) if getattr(flow, "gathered", False)]
    assert len(boxes) == len(patterns), (deck_id, lang)
    measured = [(title, pattern.replace("{title}", title), box.wrap(width, 0xFFFFFF)[1] <= column)
                for (title, pattern), box in zip(patterns, boxes)]
    pdf = typeset(book, lang, paper, resolved.model.name[lang], text.accent)
    return pdf, measured, text.markup


def _flat(flows: list[Flowable]) -> list[Flowable]:
    """``flows`` with the content of every block kept together in place of the block (the section's heading is
    kept with its first topic box)."""
    return [piece for flow in flows for piece in (_flat(flow._content) if isinstance(flow, KeepTogether) else [flow])]


def _unescape(text: str) -> str:
    return text.replace("&amp;", "&").replace("&quot;", '"').replace("&#39;", "'")


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
@pytest.mark.parametrize("deck_id", DRACO)
def test_special_case_boxes_break_only_when_taller_than_a_column(deck_id: str, lang: str) -> None:
    """No topic box a column can hold is split under "(continued)", on A4 and Letter; each is printed once, and
    no column but the book's last is left more than half empty for it."""
    for paper in nonempty(PAPER_NAMES, "the papers"):
        pdf, boxes, markup = _gathered_boxes(deck_id, lang, paper)
        for title, continued, fits in nonempty(boxes, f"{deck_id}/{lang}: the special-case boxes"):
            if not fits:
                continue
            assert not find_text(pdf, paper, _unescape(continued)), (
                f"{deck_id}/{lang}/{paper}: the box {title!r} is split, though a column holds it")
            assert len(find_text(pdf, paper, _unescape(title))) >= 1, (deck_id, lang, paper, title)
        heading = _unescape(re.findall(r"<h1>([^<]*)</h1>", markup[:markup.index('breaks="yes"')])[-1])
        if boxes[0][2]:  # the section's heading stands in the column of the box set first under it (which box:
            # the one that fits what is left of that column, ``RulebookDoc.lead_fitting``)
            at = find_text(pdf, paper, heading)[-1]
            title = min(place for box in boxes for place in find_text(pdf, paper, _unescape(box[0])) if place > at)
            assert title[:2] == at[:2], (deck_id, lang, paper, heading, at, title)
        wide = {page: gaps for page, gaps in book_column_gaps(pdf, paper).items() if max(gaps) > MOST_EMPTY_COLUMN}
        assert not wide, f"{deck_id}/{lang}/{paper}: columns more than half empty (page: shares) {wide}"
