"""Set a parsed rulebook as a PDF: title block, two columns, bookmarks, metadata.

Page one carries the title block across the full width (its frame is exactly as
tall as the block), then two columns; later pages are two columns. Every heading
becomes a PDF bookmark. The document is built with reportlab's ``invariant``
mode, so the same deck and language always give the same bytes.
"""
from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, FrameBreak, NextPageTemplate, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable
from reportlab.platypus.flowables import HRFlowable, Spacer

from cardgen import languages
from cardgen.rulebook.markup import Book, Heading

#: Paper sizes a rulebook can be set on (the build command's ``--paper`` values).
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
#: The PDF /Lang tag of each shipped book language (any other: ``cardgen.languages.tag``).
LANG_TAGS = languages.TAGS

MARGIN = 15 * mm
GUTTER = 7 * mm
FOOTER = 9 * mm


def column_width(paper: str) -> float:
    """Width of one of the two body columns on ``paper``."""
    width, _ = PAPERS[paper]
    return (width - 2 * MARGIN - GUTTER) / 2


class RulebookDoc(BaseDocTemplate):
    """A doc template that turns ``Heading`` flowables into bookmarks."""

    def __init__(self, *args: object, trail: list[tuple[bool, str]] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._bookmarks = 0
        #: where each drawn flowable landed: (is a heading, "page:frame"), for layout checks
        self.trail = trail

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 (reportlab's name)
        # frame breaks and other actions draw nothing: recording them would let a stranded
        # heading or a credits-only page pass for content sharing its page
        if self.trail is not None and self.frame is not None and not isinstance(
                flowable, (ActionFlowable, Spacer)):
            self.trail.append((isinstance(flowable, Heading), f"{self.page}:{self.frame.id}"))
        if isinstance(flowable, Heading):
            self._bookmarks += 1
            key = f"h{self._bookmarks}"
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.outline_text, key, level=flowable.outline_level, closed=False)


def _footer(name: str, accent: colors.Color) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canv: Canvas, doc: BaseDocTemplate) -> None:
        width, _ = doc.pagesize
        canv.showOutline()  # open the bookmarks pane in PDF viewers
        canv.saveState()
        canv.setStrokeColor(accent)
        canv.setLineWidth(0.5)
        canv.line(MARGIN, FOOTER + 4 * mm, width - MARGIN, FOOTER + 4 * mm)
        canv.setFont("Sans", 7.5)
        canv.setFillColor(colors.HexColor("#555555"))
        canv.drawString(MARGIN, FOOTER, name)
        canv.drawRightString(width - MARGIN, FOOTER, str(doc.page))
        canv.restoreState()
    return draw


def typeset(book: Book, lang: str, paper: str, name: str, accent: colors.Color,
            trail: list[tuple[bool, str]] | None = None) -> bytes:
    """The PDF bytes of ``book`` on ``paper``; ``trail``, if given, receives where each flowable landed."""
    width, height = PAPERS[paper]
    col = column_width(paper)
    top, bottom = height - MARGIN, MARGIN + FOOTER
    full = width - 2 * MARGIN
    rule = HRFlowable(width="100%", thickness=1.2, color=accent, spaceBefore=3 * mm, spaceAfter=0)
    head = [*book.titlepage, rule]
    title_h = sum(f.wrap(full, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in head) + 6 * mm

    def columns(y_top: float, prefix: str) -> list[Frame]:
        return [Frame(MARGIN + i * (col + GUTTER), bottom, col, y_top - bottom, id=f"{prefix}{i}",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for i in range(2)]

    title_frame = Frame(MARGIN, top - title_h, full, title_h, id="title", leftPadding=0, rightPadding=0,
                        topPadding=0, bottomPadding=0)
    footer = _footer(name, accent)
    first = PageTemplate("first", [title_frame, *columns(top - title_h, "f")], onPage=footer)
    later = PageTemplate("later", columns(top, "c"), onPage=footer)

    buffer = io.BytesIO()
    doc = RulebookDoc(buffer, pagesize=(width, height), pageTemplates=[first, later], title=book.title,
                      author=book.author, subject=book.subject, creator="cardgen", lang=languages.tag(lang),
                      invariant=1, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=bottom,
                      displayDocTitle=1, initialFontName="Serif", initialFontSize=9, trail=trail)
    story: list[Flowable] = [NextPageTemplate("later"), *head, FrameBreak(), *book.body]
    doc.build(story)
    return buffer.getvalue()
