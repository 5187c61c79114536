"""How much of each rulebook page stands empty, read back from the PDF as a reader sees it.

A page is measured from its pixels (pypdfium2 renders it in grey at ``SCALE``), not from the
typesetter's own account: a picture, a tinted box or a table rule is content as much as a line of text,
and what counts is what the printed page shows. The text area is the one ``typeset`` sets its frames
in: between the side margins, from the top margin down to the top of the footer (``MARGIN + FOOTER``
above the paper's foot; the footer's rule and page number lie below it and are not measured). It is cut
into the book's two columns (``column_width``, ``GUTTER`` between them). In each column the lowest pixel
darker than ``INK`` marks where its content ends; what lies below, down to the text area's foot, is that
column's empty share of the height (1.0 for a column with nothing in it). A page's empty share is the mean
of its two columns': the fraction of the text area holding no content at the foot of its columns, where a
page break left it blank (a page whose left column is full and whose right one is empty is half empty).
The title block of page one spans both columns and counts as content in each.
"""
from __future__ import annotations

import pypdfium2 as pdfium

from cardgen.rulebook.typeset import FOOTER, GUTTER, MARGIN, PAPERS, column_width

#: Pixels per PDF point: 1 px for 2 pt is finer than a line's leading (12.2 pt) and renders a page in ~10 ms.
SCALE = 0.5
#: The grey level (0 black, 255 white) below which a pixel is ink: a ruling box's pale tint counts as content.
INK = 245
#: The most of a page but the last a book may leave empty (readers of round 62: "half-empty pages").
MOST_EMPTY = 1 / 3
#: The most of one column of a page but the last a book may leave empty (readers of round 63: Draco's page 3, its
#: right column "about 60 % empty in mid-book").
MOST_EMPTY_COLUMN = 1 / 2


def column_gaps(page: pdfium.PdfPage, paper: str) -> tuple[float, float]:
    """The empty share of the left and the right column of ``page`` (see the module)."""
    width, height = PAPERS[paper]
    image = page.render(scale=SCALE, grayscale=True).to_pil().convert("L")
    top, foot = MARGIN * SCALE, (height - MARGIN - FOOTER) * SCALE  # pixel rows, from the top
    col = column_width(paper)
    shares = []
    for left in (MARGIN, MARGIN + col + GUTTER):
        box = (round(left * SCALE), round(top), round((left + col) * SCALE), round(foot))
        ink = image.crop(box).point(lambda v: 255 if v < INK else 0).getbbox()
        lowest = ink[3] if ink else 0  # the row just under the lowest ink, within the crop
        shares.append(max(0.0, (box[3] - box[1] - lowest) / (box[3] - box[1])))
    return shares[0], shares[1]


def page_gaps(pdf: bytes, paper: str) -> list[float]:
    """The empty share of the text area of every page of ``pdf`` set on ``paper``, in order (the last one
    included: a book's last page may end where its text does)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [sum(column_gaps(doc[i], paper)) / 2 for i in range(len(doc))]
    finally:
        doc.close()


def book_gaps(pdf: bytes, paper: str) -> dict[int, float]:
    """The empty share of every page but the last of ``pdf`` (page number from 1 -> share)."""
    gaps = page_gaps(pdf, paper)
    return {i + 1: share for i, share in enumerate(gaps[:-1])}


def book_column_gaps(pdf: bytes, paper: str) -> dict[int, tuple[float, float]]:
    """The empty share of the left and the right column of every page but the last of ``pdf`` (page number from
    1 -> shares): a page may be filled on average and still leave one column mostly blank."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return {i + 1: column_gaps(doc[i], paper) for i in range(len(doc) - 1)}
    finally:
        doc.close()


def find_text(pdf: bytes, paper: str, text: str) -> list[tuple[int, int, float]]:
    """Where ``text`` stands in ``pdf``, each time in reading order: its page (from 1), its column (0 left, 1
    right) and how far its top lies below the top of the text area, as a share of the text area's height."""
    width, height = PAPERS[paper]
    doc = pdfium.PdfDocument(pdf)
    places = []
    try:
        for number in range(len(doc)):
            textpage = doc[number].get_textpage()
            search = textpage.search(text)
            while found := search.get_next():
                left, _, _, top = textpage.get_charbox(found[0])
                places.append((number + 1, 0 if left < width / 2 else 1,
                               (height - MARGIN - top) / (height - 2 * MARGIN - FOOTER)))
    finally:
        doc.close()
    return sorted(places)
