"""Rulebook markup -> Platypus flowables.

A template renders to a small XML vocabulary, so that templates say *what* a piece
of text is and this module alone decides how it looks::

    <book title=".." author=".." subject="..">       root; PDF metadata
      <titlepage><title/><subtitle/><byline/></titlepage>   full width, first page
      <h1/> <h2/> <h3/>                             headings (and PDF bookmarks)
      <p class="lead|small">inline</p>              paragraphs
      <p introduces="yes">inline</p>                a paragraph never parted from the block after it
      <ul>/<ol type="1|a"><li>inline</li></ol>      lists
      <ol start="5">..</ol>                         a numbered list that goes on after a block set between its
                                                    steps (Draco Short's ruling right after the step it explains)
      <ul whole="yes">..</ul>                       a list whose items (one card's text each) move whole, up to
                                                    ``WHOLE_CARD_LINES`` lines, rather than split over a page
      <box kind="ruling|clarification|example|summary" title="..">blocks</box>
      <box kind="ruling" whole="yes">..</box>       a ruling box never broken, however many paragraphs
      <box kind="example" breaks="yes" continued="{title} (continued)">..</box>   a box that may break between
                                                    its blocks, its continuation headed by ``continued``
      <box kind="ruling" breaks="yes" ..>..</box>   the same for a ruling box: a topic of answers gathered at the
                                                    book's end, apart from their rules by design (Draco's)
      <p part="..">                                 in a box that may break: this block opens a new part of it,
                                                    whose title heads a continuation (Royale's ghost's turn)
      <table widths="2,1"><tr><th/><td/></tr></table>       first row may be <th> cells; labels="2": the
                                                           first column names the rows (heading on one line,
                                                           each name on 2 lines at most)
      <table breaks="rows">..</table>               a long list that may break between its rows, its
                                                    header row repeated (Royale's nobles by letter)
      <cards columns="4"><card component="id" back="yes">caption</card></cards>
      <keep>blocks</keep>                           blocks kept in one column (a short closing section)
      <keep within="page">blocks</keep>             blocks kept on one page, its columns may break
                                                    between them (a worked example and its boxes);
                                                    ahead="yes": it uses nothing of the chapter before
                                                    it, and may be set first (``typeset``)
      <seating host=".." hand="right|left" first=".." last=".." cup="..">
        <seat amount="4">1</seat>...</seating>       a round table seen from above (pictures)
    </book>

Inline content is reportlab paragraph markup (``<b>``, ``<i>``, ``<br/>``).

Reportlab breaks lines at U+202F, the narrow no-break space French puts before
``: ; ! ?`` and inside « ». ``TypoParagraph`` therefore lays a paragraph out with
U+00A0 (which reportlab never breaks at) in its place and draws U+202F again: the
punctuation never starts a line, and the PDF holds the right character.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (Flowable, KeepTogether, ListFlowable, ListItem, Paragraph, Spacer, Table,
                                TableStyle)
from reportlab.platypus.doctemplate import ActionFlowable, NullActionFlowable

from cardgen.rulebook.tails import keep_rules_with_boxes
from cardgen.model.deck import ResolvedDeck
from cardgen.typography import bind_figures
from cardgen.rulebook.pictures import CardPicture, DrawFace, Seat, SeatingCircle
from cardgen.rulebook.styles import Styles
from cardgen.rulebook.xmltext import escape, quoteattr

NNBSP = "\u202f"
NBSP = "\u00a0"
INLINE = {"b", "i", "u", "br", "font", "sup", "sub", "strike", "span"}
#: Tables set a cell font even when cells hold only flowables: use a bundled one, so that
#: no unembedded standard font (Helvetica) ends up in the PDF.
FONT = ("FONT", (0, 0), (-1, -1), "Serif", 9)
BOX_TINTS = {"clarification": ("#8A3B12", "#FBF1E9"), "ruling": ("#8A3B12", "#FBF1E9"), "example": ("#2F5F8A", "#EEF3F8"),
             "summary": ("#3F6B35", "#EFF5EC")}


class MarkupError(ValueError):
    """The template produced markup this module does not know."""


@dataclass
class Book:
    """A parsed rulebook: metadata, the full-width title block and the body."""

    title: str
    author: str
    subject: str
    titlepage: list[Flowable] = field(default_factory=list)
    body: list[Flowable] = field(default_factory=list)


def _line_texts(para: Any) -> list[str]:
    """The texts of a laid-out paragraph (``blPara``), words or fragments, in order."""
    if para.kind == 0:
        return [word for line in para.lines for word in line[1]]
    return [getattr(frag, "text", "") or "" for line in para.lines for frag in line.words]


def _restore_narrow(para: Any, spaces: str) -> None:
    """Give the U+00A0 of a laid-out paragraph back their own characters, ``spaces`` in order, in place.

    Nothing changes when the count differs (reportlab made or dropped one): the spaces stay U+00A0.
    """
    if sum(text.count(NBSP) for text in _line_texts(para)) != len(spaces):
        return
    given = iter(spaces)

    def swap(text: str) -> str:
        return "".join(next(given) if ch == NBSP else ch for ch in text) if NBSP in text else text

    for line in para.lines:
        if para.kind == 0:
            words = line[1]
            for i, word in enumerate(words):
                if NBSP in word:
                    words[i] = swap(word)
        else:
            for frag in line.words:
                text = getattr(frag, "text", None)
                if text and NBSP in text:
                    frag.text = swap(text)


class ParsedTexts:
    """reportlab's parse of each paragraph's markup, kept for the same paragraph in the next book.

    The books of one deck and language differ only in their layout (the paper): the
    same texts in the same styles. Parsing a paragraph's inline markup into fragments
    (reportlab's HTML parser, in pure Python) costs about fifteen times as much as
    copying them, so the first book parses and the others get copies: each paragraph
    its own fragments, since laying them out rebinds and may rewrite them. Keyed by
    the text and the style object, so the books must share their ``Styles``.
    """

    def __init__(self) -> None:
        self._known: dict[tuple[str, int], tuple[Any, Any, str, Any, list[Any]]] = {}

    def setup(self, para: Paragraph, text: str, style: Any) -> None:
        """Initialise ``para`` as ``Paragraph(text, style)`` would, from the parse of an earlier one if any."""
        known = self._known.get((text, id(style)))
        if known is None:
            Paragraph.__init__(para, text, style)
            # the style is kept in the entry so that its id cannot be reused by another style
            self._known[(text, id(style))] = (style, para.style, para.text, para.bulletText,
                                              [frag.clone() for frag in para.frags])
            return
        _, parsed_style, cleaned, bullet, frags = known
        Paragraph.__init__(para, text, parsed_style, bulletText=bullet, frags=[frag.clone() for frag in frags])
        para.text = cleaned


class TypoParagraph(Paragraph):
    """A paragraph whose narrow no-break spaces (U+202F) never break a line, nor the space
    between a figure and its word ("2 portions": ``typography.bind_figures``).

    The text is laid out with U+00A0 in place of U+202F (slightly wider, so a line never
    overflows) and drawn with each no-break space as it was written: ``spaces`` holds
    them in order.
    """

    def __init__(self, text: str | None, style: Any, parsed: ParsedTexts | None = None, **kwargs: Any) -> None:
        # text is None when reportlab splits a paragraph (frags passed instead); split() hands out the spaces
        if text is not None:
            text = bind_figures(text)
        self.spaces = "".join(ch for ch in text if ch in (NBSP, NNBSP)) if text and NNBSP in text else ""
        self.narrow = bool(self.spaces)
        text = text.replace(NNBSP, NBSP) if self.narrow and text else text
        if parsed is not None and text is not None and not kwargs:
            parsed.setup(self, text, style)
        else:
            super().__init__(text, style, **kwargs)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """reportlab's wrap, remembered for the last width: the lines depend on the width alone.

        Platypus asks again and again at the same width (a kept-together block, then
        the frame adding each of its pieces; a table's cells for their heights, then
        to draw them): two wraps out of three were the same line breaking again.
        """
        memo = self.__dict__.get("_wrapped")
        if memo is not None and memo[0] == avail_width and memo[1] is self.__dict__.get("blPara"):
            self.width, self.height = avail_width, memo[2]
            return avail_width, memo[2]
        width, height = super().wrap(avail_width, avail_height)
        if width == avail_width:  # a real wrap (a width too small to hold anything answers otherwise)
            self._wrapped = (avail_width, self.blPara, height)
        return width, height

    def draw(self) -> None:
        if self.narrow and getattr(self, "blPara", None) is not None:
            _restore_narrow(self.blPara, self.spaces)
        super().draw()

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        """reportlab's split, but never after a line that ends with a hyphen: a word cut across a column or
        a page ("ver- / dict") is read on two spreads. The break moves up a line (a paragraph that cannot
        split higher moves whole to the next column)."""
        whole = self.__dict__.get("whole_lines", 0)
        if whole and len(self.wrap(avail_width, 0xFFFFFF) and self.blPara.lines) <= whole:
            return []  # a short list item moves whole: a step split across a page reads as two steps
        parts = super().split(avail_width, avail_height)
        height = avail_height
        for _ in range(3):
            if len(parts) != 2 or not _ends_with_hyphen(parts[0], avail_width):
                break
            height -= self.style.leading
            fewer = super().split(avail_width, height) if height > 0 else []
            if not fewer:
                parts = [] if self.wrap(avail_width, 0xFFFFFF)[1] <= MOVABLE else parts
                break
            parts = fewer
        start = 0
        for part in parts:  # each part draws the no-break spaces of its own lines
            count = 0
            if self.narrow:
                part.wrap(avail_width, 0xFFFFFF)
                count = sum(text.count(NBSP) for text in _line_texts(part.blPara))
            part.spaces = self.spaces[start:start + count]
            part.narrow = NNBSP in part.spaces
            start += count
        return parts


#: A list item of at most this many lines is never split across a column or a page ("…this is the
#: buf- / fet." read as a step of its own at the top of page 2); a longer one splits as any paragraph.
WHOLE_ITEM_LINES = 4
#: In a list marked ``<ul whole="yes">`` (Draco's action cards: each item is one card's text), an item of at most
#: this many lines moves whole too: «Pioggia di monete» broke over the page turn mid-parenthesis, "(contando dal" /
#: "primo)" (book round 29 it14*, it16*, Italian Long Game and Short Game).
WHOLE_CARD_LINES = 8

#: Height (points) of a paragraph that may move whole to the next column rather than split after a hyphen:
#: well under a column on any paper, so that it always fits there
MOVABLE = 400.0


def _ends_with_hyphen(para: Paragraph, width: float) -> bool:
    """Whether the last line of ``para`` set ``width`` wide ends with a hyphen (a cut word or a compound's)."""
    para.wrap(width, 0xFFFFFF)
    lines = para.blPara.lines
    if not lines:
        return False
    if para.blPara.kind == 0:
        words = lines[-1][1]
        return bool(words) and str(words[-1]).rstrip().endswith("-")
    texts = [frag.text for frag in lines[-1].words if getattr(frag, "text", "")]
    return bool(texts) and texts[-1].rstrip().endswith("-")


class BookTable(Table):
    """A table that measures its rows once per width.

    Platypus measures a table again and again at the same width: to keep it with its
    heading, to place it, to split it, each time wrapping every cell. With its column
    widths given and no spanned cells (all the rulebook's tables), the row heights depend
    on the width alone (the available height only stops reportlab's long-table measuring
    early when spans are involved), so a measure at the width of the last one is kept.
    """

    def _calc(self, availWidth: float, availHeight: float) -> None:  # noqa: N803 (reportlab's names)
        if self.__dict__.get("_measured_at") == availWidth and not getattr(self, "_spanCmds", True):
            return
        super()._calc(availWidth, availHeight)
        self._measured_at = availWidth


class BoxTable(BookTable):
    """A box that may break between its blocks: its continuation is headed as one, never with the box's title
    alone, which a reader took for a second section of the same name (readers of round 63: Draco's "The special
    characters" twice; Royale's "Your turn" heading the ghost's turn).

    ``heads`` gives, for each row, the part of the box it belongs to and whether the row opens that part (row 0,
    the title, has none); ``continuation(part, opens)`` makes the heading of a continuation that starts with a
    row of that part: the part's own title when the row opens it, else the part's title marked as continued
    (the catalogs' "{title} (continued)").
    """

    heads: list[tuple[str, bool]]
    continuation: Any

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803 (reportlab's names)
        """Reportlab's split, the second part's repeated title replaced by the continuation's heading, its row
        measured again (the heading may take more lines than the title)."""
        parts = super().split(availWidth, availHeight)
        if len(parts) != 2 or not self.repeatRows or not hasattr(self, "heads"):
            return parts
        first, rest = parts
        cut = len(first._cellvalues)  # the rows before the break, the title among them
        part, opens = self.heads[cut]
        rest._cellvalues[0] = [self.continuation(part, opens)]  # a new row: the first part keeps its own
        rest._rowHeights = rest._argH = [None, *rest._argH[1:]]
        rest.heads = [("", False), *self.heads[cut:]]
        rest.continuation = self.continuation
        return parts


class Heading(TypoParagraph):
    """A heading paragraph that also makes a PDF bookmark at ``level``."""

    def __init__(self, text: str | None, style: Any, level: int = 0, plain: str = "",
                 parsed: ParsedTexts | None = None, **kwargs: Any) -> None:
        super().__init__(text, style, parsed, **kwargs)
        self.outline_level, self.outline_text = level, plain


class Balanced(TypoParagraph):
    """A cover's title or line, set in lines of even length: its last line never holds one lone word
    ("…assis près de son autre | main."). At the width it is given it takes as many lines as a plain
    paragraph would, at the narrowest width that still holds them in that many (left aligned, so the
    page sees only shorter lines)."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        width, height = super().wrap(avail_width, avail_height)
        count = len(self.blPara.lines)
        if count < 2 or width != avail_width:
            return width, height
        low, high = avail_width / count, avail_width  # fewer than count lines need at least the full width
        for _ in range(BALANCE_STEPS):
            middle = (low + high) / 2
            super().wrap(middle, avail_height)
            if len(self.blPara.lines) == count:
                high = middle
            else:
                low = middle
        _, height = super().wrap(high, avail_height)
        self.width = avail_width
        return avail_width, height


#: halvings of the width range a balanced paragraph searches (a 500 pt range to a tenth of a point)
BALANCE_STEPS = 12


class BalancedHeading(Balanced, Heading):
    """The cover's title: balanced, and the book's first bookmark."""


def inline(el: ET.Element) -> str:
    """The inner content of ``el`` as reportlab paragraph markup."""
    parts = [escape(el.text or "")]
    for child in el:
        if child.tag not in INLINE:
            raise MarkupError(f"<{child.tag}> is not allowed inside <{el.tag}>")
        attrs = "".join(f" {k}={quoteattr(v)}" for k, v in sorted(child.attrib.items()))
        if child.tag == "br":
            parts.append("<br/>")
        else:
            parts.append(f"<{child.tag}{attrs}>{inline(child)}</{child.tag}>")
        parts.append(escape(child.tail or ""))
    return "".join(parts).strip()


def leads_in(el: ET.Element) -> bool:
    """Whether paragraph ``el`` introduces what follows it: it ends with a colon ("as soon as one of these
    happens:"), or it opens with a run-in heading, a bold phrase ending with a full stop or a colon
    ("<b>Moving characters.</b> ..."). Such a paragraph never ends a column apart from what it introduces."""
    if plain(el).rstrip().endswith(":"):
        return True
    first = el[0] if len(el) else None
    return (not (el.text or "").strip() and first is not None and first.tag == "b"
            and plain(first).rstrip().endswith((".", ":")))


def plain(el: ET.Element) -> str:
    """The text of ``el`` without tags, spaces collapsed (bookmark titles); U+202F is kept."""
    return re.sub(r"[ \t\r\n]+", " ", "".join(el.itertext())).strip()


class Converter:
    """Turns parsed markup into flowables for one book."""

    def __init__(self, resolved: ResolvedDeck, lang: str, styles: Styles, column_width: float,
                 draw_face: DrawFace | None, parsed: ParsedTexts | None = None) -> None:
        self.resolved, self.lang, self.styles = resolved, lang, styles
        self.column_width, self.draw_face = column_width, draw_face
        #: paragraph parses shared with the deck's other books (same styles), if any
        self.parsed = parsed

    def text(self, markup: str, style: Any) -> TypoParagraph:
        """A paragraph of inline ``markup``."""
        return TypoParagraph(markup, style, self.parsed)

    def para(self, el: ET.Element, style: Any) -> Paragraph:
        return self.text(inline(el), style)

    def blocks(self, parent: ET.Element, width: float) -> list[Flowable]:
        """The flowables of ``parent``'s children, for use inside a table cell (no KeepTogether)."""
        out: list[Flowable] = []
        for el in parent:
            for flow in self.block(el, width):
                out.extend(flow._content if isinstance(flow, KeepTogether) else [flow])
        return out

    def box_blocks(self, parent: ET.Element, width: float) -> tuple[list[Flowable], list[tuple[str, bool]]]:
        """The flowables of a box's children, and for each the part of the box it belongs to: (the part's title,
        whether this block opens it). A box's first part is the box's title; a child marked ``part=".."`` opens a
        new part (Royale's "Your turn" box going on to the ghost's turn), so that a continuation of the box is
        headed with what it holds."""
        out: list[Flowable] = []
        heads: list[tuple[str, bool]] = []
        part = parent.get("title", "")
        for el in parent:
            opens = bool(el.get("part"))
            part = el.get("part") or part
            for flow in self.block(el, width):
                for piece in flow._content if isinstance(flow, KeepTogether) else [flow]:
                    out.append(piece)
                    heads.append((part, opens))
                    opens = False
        return out, heads

    def block(self, el: ET.Element, width: float) -> list[Flowable]:
        s = self.styles
        tag = el.tag
        if tag in ("h1", "h2", "h3"):
            level = int(tag[1]) - 1
            return [Heading(inline(el), getattr(s, tag), level, plain(el), self.parsed)]
        if tag == "p":
            style = {"lead": s.lead, "small": s.small}.get(el.get("class", ""), s.body)
            para = self.para(el, style)
            para.lead_in = leads_in(el) or el.get("introduces", "no") == "yes"
            para.no_intro = el.get("introduces") == "no"
            return [para]
        if tag in ("ul", "ol"):
            return [self.listing(el)]
        if tag == "box":
            return [self.box(el, width)]
        if tag == "table":
            return [self.table(el, width)]
        if tag == "cards":
            return [self.cards(el, width)]
        if tag == "seating":
            return [self.seating(el, width)]
        if tag == "keep" and el.get("within", "column") == "page":
            inner = [flow for child in el for flow in self.block(child, width)]
            kept = KeepOnPage(keep_headings_with_blocks(inner), _name_of(el))
            kept.ahead = el.get("ahead") == "yes"
            return [kept]
        if tag == "keep":
            if el.get("within", "column") != "column":
                raise MarkupError(f"<keep within=\"{el.get('within')}\">; expected column or page")
            return [KeepTogether(self.blocks(el, width))]
        raise MarkupError(f"unknown block <{tag}>")

    def listing(self, el: ET.Element) -> ListFlowable:
        numbered = el.tag != "ul"
        start = el.get("start", "1")
        if not start.isdigit() or not 1 <= int(start) <= 99:
            raise MarkupError(f"<{el.tag} start=\"{start}\">; expected a step number from 1 to 99")
        items = []
        for number, li in enumerate(el, start=int(start)):
            if li.tag != "li":
                raise MarkupError(f"<{li.tag}> inside <{el.tag}>; expected <li>")
            # explicit numbers, so the list keeps its numbering when split after its first item
            extra = {"value": number} if numbered else {}
            item = self.text(inline(li), self.styles.item)
            item.whole_lines = WHOLE_CARD_LINES if el.get("whole", "no") == "yes" else WHOLE_ITEM_LINES
            items.append(ListItem(item, **extra))
        if not numbered:
            return SplitList(items, bulletType="bullet", start="•", leftIndent=10, bulletFontName="Serif",
                             bulletFontSize=8, bulletColor=self.styles.accent, spaceAfter=3)
        kind = el.get("type", "1")
        fmt = "%s)" if kind == "a" else "%s."
        return SplitList(items, bulletType=kind, bulletFormat=fmt, leftIndent=13, bulletFontName="Sans-Bold",
                         bulletFontSize=8.5, bulletColor=self.styles.accent, spaceAfter=3)

    def box(self, el: ET.Element, width: float) -> Flowable:
        dark, light = BOX_TINTS.get(el.get("kind", ""), ("#444444", "#F2F2F2"))
        inner = width - 12
        content, parts_of = self.box_blocks(el, inner)
        titled = 1 if el.get("title") else 0
        # a box is kept whole: one that broke between its paragraphs, its title repeated above the rest, read as two
        # rulings (French and English readers, round 59); a box too tall for a whole column still breaks, unless the
        # template marks it whole (Royale's impossibility box: its third paragraph refers to the first)
        whole = el.get("whole", "no") == "yes"
        # a box marked breakable may end a column and go on in the next one, headed as a continuation: a worked
        # example's turn (kept whole, it left half a column empty under the position) or a topic of the answers
        # gathered at the book's end (kept whole, each left up to half a column blank above it; readers of round 62).
        # Its title repeated as it was read as a second section of the same name (readers of round 63: "The special
        # characters" twice; Royale's "Your turn" over the ghost's turn): see ``BoxTable``
        if el.get("breaks", "no") not in ("yes", "no"):
            raise MarkupError(f"<box breaks=\"{el.get('breaks')}\">; expected yes or no")
        breakable = el.get("breaks") == "yes"
        breaks = breakable and len(content) >= 2
        parts = content if breaks or (el.get("kind") == "ruling" and not whole
                                      and len(content) >= SPLIT_BOX_BLOCKS) else []
        rows: list[list[Any]] = []
        if titled:
            rows.append([self.text(escape(el.get("title", "")), self.styles.box_title)])
        rows += [[[block]] for block in parts] if parts else [[content]]
        pattern = el.get("continued", "")
        if titled and breaks and "{title}" not in pattern:
            raise MarkupError(f"<box title=\"{el.get('title')}\" breaks=\"yes\">: its continued=\"..\" must hold "
                              "{title}, to head its continuation")
        heads = [("", False)] * titled + (parts_of if parts else [])
        # a long ruling box without a continuation's heading goes on untitled, rather than under its title again
        repeat = titled if parts and "{title}" in pattern else 0
        table = BoxTable(rows, colWidths=[width], repeatRows=repeat)
        table.heads = heads
        table.continuation = lambda part, opens: self.text(escape(part if opens else pattern.replace("{title}", part)),
                                                           self.styles.box_title)
        first = titled
        cmds = [FONT, ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(light)),
                ("BOX", (0, 0), (-1, -1), 0.8, colors.HexColor(dark)),
                ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, first), (-1, -1), 0), ("BOTTOMPADDING", (0, first), (-1, -1), BOX_PARAGRAPH_GAP),
                ("TOPPADDING", (0, first), (-1, first), 5), ("BOTTOMPADDING", (0, -1), (-1, -1), 3)]
        if titled:
            cmds += [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(dark)),
                     ("TOPPADDING", (0, 0), (-1, 0), 2.5), ("BOTTOMPADDING", (0, 0), (-1, 0), 2.5)]
        table.setStyle(TableStyle(cmds))
        table.box_kind = el.get("kind", "")  # a box hands no tail on to a ruling box after it (tails)
        # a ruling box marked breakable holds answers gathered at the book's end, apart from their rules by design
        table.gathered = breakable and el.get("kind") == "ruling"
        if parts:
            table.spaceBefore, table.spaceAfter = BOX_SPACE_BEFORE, BOX_SPACE_AFTER
            return table
        kept = KeepTogether([Spacer(1, BOX_SPACE_BEFORE), table, Spacer(1, BOX_SPACE_AFTER)])
        kept.ruling = el.get("kind") == "ruling"  # kept with the end of the rule before it (tails)
        return kept

    def cells_fit(self, el: ET.Element, rows: list[list[Paragraph]], widths: list[float]) -> list[list[Paragraph]]:
        """``rows`` set smaller, all alike, when a cell's longest word is still wider than its column.

        ``words_fit`` cannot widen every column of a grid whose columns all hold a long word
        (Royale's buffet: "Plat de résistance" in three equal columns), and reportlab then cuts
        the word anywhere, without a hyphen ("Plat de résistan / ce 12", readers of round 5).
        Such a table lets its names break between their words, a cell's closing figure stays
        with the word before it ("résistance 12", never "6" alone on a line), and the whole table takes the size its tightest cell needs, so that every
        cell breaks only between words and the grid reads as one."""
        room = [(w - CELL_PADDING) / CAPTION_ROOM for w in widths]
        marks = [[inline(cell) for cell in tr] for tr in el]
        if all(widest_word(mark, para.style) <= widths[c] - CELL_PADDING
               for row, line in zip(rows, marks) for c, (para, mark) in enumerate(zip(row, line)) if c < len(room)):
            return rows
        texts = [[CLOSING_FIGURE.sub(NBSP, NAME_JOIN.sub(" ", mark)) for mark in line] for line in marks]
        size = min((caption_style(para.style, text, room[c]).fontSize / para.style.fontSize
                    for row, line in zip(rows, texts) for c, (para, text) in enumerate(zip(row, line)) if c < len(room)),
                   default=1.0)
        return [[self.text(text, scaled_style(para.style, min(size, 1.0))) for para, text in zip(row, line)]
                for row, line in zip(rows, texts)]

    def table(self, el: ET.Element, width: float) -> Flowable:
        weights = [float(w) for w in el.get("widths", "").split(",") if w.strip()]
        rows, header = [], 0
        for i, tr in enumerate(el):
            cells = []
            for cell in tr:
                style = self.styles.head_cell if cell.tag == "th" else self.styles.cell
                cells.append(self.text(inline(cell), style))
            if i == 0 and all(c.tag == "th" for c in tr):
                header = 1
            rows.append(cells)
        if not rows or not any(rows):  # e.g. a variant removed every card the table lists
            return Spacer(1, 0)
        ncols = max(len(r) for r in rows)
        weights = weights if len(weights) == ncols else [1.0] * ncols
        labels = el.get("labels", "0") or "0"
        if not labels.isdigit() or not 0 <= int(labels) <= 9:
            raise MarkupError(f"<table labels=\"{labels}\">; expected a number of lines from 0 to 9")
        widths = words_fit([width * w / sum(weights) for w in weights], rows, int(labels))
        rows = self.cells_fit(el, rows, widths)
        table = BookTable(rows, colWidths=widths, repeatRows=header, hAlign="LEFT")
        cmds = [FONT, ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#BBBBBB")),
                ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]
        if header:
            cmds += [("LINEBELOW", (0, 0), (-1, 0), 0.8, self.styles.accent)]
        table.setStyle(TableStyle(cmds))
        if el.get("breaks", "no") == "rows":
            # a list of rows read one by one: it may end a column and go on in the next, under its header
            # again, rather than leave a quarter of a column empty (the masked nobles' letters, #53)
            table.spaceAfter = 5
            table.table = True
            return table
        if el.get("breaks", "no") != "no":
            raise MarkupError(f"<table breaks=\"{el.get('breaks')}\">; expected rows or no")
        kept = KeepTogether([table, Spacer(1, 5)])
        kept.table = True  # the sentence before it introduces it: keep_headings_with_blocks keeps them together
        return kept

    def seating(self, el: ET.Element, width: float) -> Flowable:
        """A round table seen from above (``SeatingCircle``), seats in order from the first."""
        seats = []
        for seat in el:
            if seat.tag != "seat":
                raise MarkupError(f"<{seat.tag}> inside <seating>; expected <seat>")
            seats.append(Seat(plain(seat), int(seat.get("amount", "0"))))
        picture = SeatingCircle(width, el.get("host", ""), el.get("hand", "right"), seats, el.get("first", ""),
                                el.get("last", ""), el.get("cup", ""), self.styles.accent)
        return KeepTogether([Spacer(1, 2), picture, Spacer(1, 2)])

    def cards(self, el: ET.Element, width: float) -> Flowable:
        columns = max(1, int(el.get("columns", "4")))
        gap = 2.5 * mm
        pic_w = (width - gap * (columns - 1)) / columns
        cells: list[list[Flowable]] = []
        for card in el:
            if card.tag != "card":
                raise MarkupError(f"<{card.tag}> inside <cards>; expected <card>")
            component = self.resolved.component(card.get("component", ""))
            pic = CardPicture(self.resolved, component, self.lang, pic_w,
                              back=card.get("back") == "yes", draw_face=self.draw_face)
            caption = inline(card)
            cells.append([pic, Spacer(1, 1.5), self.text(caption, caption_style(self.styles.caption, caption, pic_w))])
        rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
        if not rows:  # e.g. a variant removed every card of this picture row
            return Spacer(1, 0)
        if rows:
            rows[-1] += [""] * (columns - len(rows[-1]))
        table = BookTable(rows, colWidths=[pic_w + gap] * columns, hAlign="CENTER")
        table.setStyle(TableStyle([FONT, ("LEFTPADDING", (0, 0), (-1, -1), gap / 2),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
                                   ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (0, 0), (-1, -1), "CENTER")]))
        if len(rows) <= PICTURE_ROWS_KEPT:
            return KeepTogether([Spacer(1, 3), table, Spacer(1, 3)])
        # a grid of many rows may break between rows (each picture keeps its caption, in its cell): kept whole,
        # Draco's thirteen action cards left the lower half of a column empty (readers of round 58)
        table.spaceBefore, table.spaceAfter = 3, 3
        return table


def parse(markup: str, converter: Converter) -> Book:
    """The book described by ``markup``."""
    try:
        root = ET.fromstring(markup)
    except ET.ParseError as exc:
        raise MarkupError(f"the rulebook template produced malformed markup: {exc}") from exc
    if root.tag != "book":
        raise MarkupError(f"markup root is <{root.tag}>; expected <book>")
    book = Book(title=root.get("title", ""), author=root.get("author", ""), subject=root.get("subject", ""))
    s = converter.styles
    for el in root:
        if el.tag == "titlepage":
            for part in el:
                style = {"title": s.title, "subtitle": s.subtitle, "byline": s.byline}.get(part.tag)
                if style is None:
                    raise MarkupError(f"<{part.tag}> inside <titlepage>")
                # title and cover line are balanced; the title makes the book's first bookmark
                flow = (BalancedHeading(inline(part), style, 0, plain(part), converter.parsed) if part.tag == "title"
                        else Balanced(inline(part), style, converter.parsed))
                book.titlepage.append(flow)
        else:
            book.body.extend(converter.block(el, converter.column_width))
    # a rule bound to its box last: the closing block counts the blocks it takes along as they were written
    book.body = keep_rules_with_boxes(keep_closing_block_with_previous(keep_headings_with_blocks(book.body)))
    return book


def _name_of(el: ET.Element) -> str:
    """What a kept block is called in layout reports: its first heading or box title, else its first words."""
    for child in el.iter():
        if child.tag in ("h1", "h2", "h3"):
            return plain(child)
        if child.tag == "box" and child.get("title"):
            return child.get("title", "")
    return plain(el)[:40]


class KeepOnPage(Flowable):
    """Blocks kept on one page: a worked example's heading, position tables and turn box.

    A reader may glance from one column to the other, not turn the page back and forth.
    The book's doc template (``typeset.RulebookDoc``) measures the blocks against what is
    left of the page and starts a new page first when they would not fit there; the page's
    columns may still break between them. Anywhere else it is simply its blocks.
    """

    def __init__(self, content: list[Flowable], name: str) -> None:
        super().__init__()
        self.content, self.name = content, name

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return avail_width, 0xFFFFFF  # too tall to draw whole: the frame splits it into its blocks

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return [NullActionFlowable(), *self.content]


class SplitList(ListFlowable):
    """A list that can hand its first item to the heading above it (see below)."""

    def __init__(self, items: list[ListItem], **options: Any) -> None:
        super().__init__(items, **options)
        self.items, self.options = items, options

    def first_and_rest(self) -> tuple["SplitList", "SplitList"]:
        """The first item and the others, as two lists that print as this one."""
        first = SplitList(self.items[:1], **{**self.options, "spaceAfter": 0})
        return first, SplitList(self.items[1:], **self.options)


#: Space (points) above and below a box: Draco's book, with a ruling box beside each rule (round 58), took a
#: seventh page at 3 and 6.
BOX_SPACE_BEFORE, BOX_SPACE_AFTER = 2, 4

#: Space (points) between the paragraphs of a box that may break (a table cell drops their own space after).
BOX_PARAGRAPH_GAP = 4.5

#: A ruling box of at least this many blocks (paragraphs) may break between them, its title repeated, for the one
#: case a column cannot hold it whole: no ruling box of a shipped book is that long.
SPLIT_BOX_BLOCKS = 12

#: A picture grid of at most this many rows is kept whole; a taller one may break between its rows.
PICTURE_ROWS_KEPT = 2

#: A table cell's left and right padding together (``Builder.table``'s style), in points.
CELL_PADDING = 6.0


#: Where a line may break: ordinary spaces only. A no-break space (a figure bound to its word by
#: ``bind_figures``, "résistance 12") joins two words into one that must fit whole.
WORD_GAPS = re.compile(r"[ \t\r\n]+")


#: A no-break space between two words of a name ("Portata principale", set whole in running text): in a
#: table cell too narrow for the whole name, it may break there rather than be cut inside a word.
NAME_JOIN = re.compile(r"(?<=[^\W\d])\u00a0(?=[^\W\d])")

#: The space before a table cell's closing figure ("Plat de résistance 6"): kept, so the figure never
#: opens a line of its own.
CLOSING_FIGURE = re.compile(r" (?=\d+(?:</\w+>)*$)")


def widest_word(markup: str, style: Any) -> float:
    """The width of the widest unbreakable word of ``markup`` set in ``style`` (bold where the markup says so)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    bold = style.fontName.endswith("Bold") or "<b>" in markup
    font = f"{style.fontName.split('-')[0]}-Bold" if bold else style.fontName
    plain = re.sub(r"<[^>]+>", "", bind_figures(re.sub(r"<br\s*/?>", " ", markup))).strip()
    return max((stringWidth(w, font, style.fontSize) for w in WORD_GAPS.split(plain) if w), default=0.0)


def scaled_style(style: Any, ratio: float) -> Any:
    """A copy of ``style`` with its size and leading times ``ratio``."""
    from reportlab.lib.styles import ParagraphStyle

    size = style.fontSize * ratio
    return ParagraphStyle(f"{style.name}-{size:.2f}", parent=style, fontSize=size, leading=style.leading * ratio)


def words_fit(widths: list[float], rows: list[list[Paragraph]], labels: int = 0) -> list[float]:
    """Column ``widths`` widened, where needed, so that the longest word of each column fits on a line.

    With ``labels`` (``<table labels="2">``), the first column holds the rows' names: its heading on one
    line and each name on at most ``labels`` lines ("The End of / the / Banquet / card" and "What /
    changes" in a variant's table of changes, read 9: en21, en26, it40), measured as a share of the
    name's whole width with room for the line breaks falling between words; a long name (a list of seven
    dishes) a line per ``LABEL_WORDS`` words.

    Table cells are not hyphenated (they hold names), and reportlab cuts a word wider than its
    column anywhere, without a hyphen ("mascherat / o", "Giocator / e"). A column too narrow for
    its longest word (measured bold, the wider face) takes the width from the other columns'
    room to spare, in proportion to it; the total stays the same. Columns that cannot all fit
    are left as they were."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    need = [0.0] * len(widths)
    for row in rows:
        for c, cell in enumerate(row[:len(widths)]):
            style = cell.style
            bold = style.fontName if style.fontName.endswith("Bold") else f"{style.fontName.split('-')[0]}-Bold"
            for word in cell.getPlainText().split():
                need[c] = max(need[c], stringWidth(word, bold, style.fontSize) + CELL_PADDING)
    if labels and widths:
        need[0] = max([need[0]] + [label_width(row[0], 1 if r == 0 else labels) for r, row in enumerate(rows) if row])
    short = sum(max(0.0, n - w) for n, w in zip(need, widths))
    spare = sum(max(0.0, w - n) for n, w in zip(need, widths))
    if short <= 0 or short > spare:
        return widths
    return [n if n > w else w - short * (w - n) / spare for n, w in zip(need, widths)]


#: How much wider than its share of the text a name set on several lines needs (breaks fall between words)
LABEL_SLACK = 1.25
#: A name longer than ``labels`` lines allow (a list of seven dishes) takes a line per this many words
LABEL_WORDS = 3


def label_width(cell: Paragraph, lines: int) -> float:
    """The width a table cell needs to set its text on ``lines`` lines at most (one: the whole text)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = cell.getPlainText().strip()
    whole = stringWidth(text, cell.style.fontName, cell.style.fontSize)
    lines = lines if lines <= 1 else max(lines, -(-len(text.split()) // LABEL_WORDS))  # a long list: a line per 3
    return (whole if lines <= 1 else whole / lines * LABEL_SLACK) + CELL_PADDING


#: The share of a picture's width its caption's longest word may take (reportlab wraps a little short of it).
CAPTION_ROOM = 0.92

#: The smallest font size (points) a picture's caption shrinks to so that its longest word fits its column.
CAPTION_MIN_SIZE = 5.0


def caption_style(style: Any, caption: str, width: float) -> Any:
    """``style``, or a copy of it set smaller, so that no word of ``caption`` (inline markup) is wider than
    ``width``: a caption breaks only between words, never inside one ("Malandrin / o", "Chassé-crois / é"
    in Draco's six-column grids, readers of round 58), down to ``CAPTION_MIN_SIZE``."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth

    words = re.sub(r"<br\s*/?>", " ", caption)
    bold = f"{style.fontName.split('-')[0]}-Bold"
    plain = re.sub(r"<[^>]+>", "", bind_figures(words)).strip()
    widest = max((stringWidth(w, bold, style.fontSize) for w in WORD_GAPS.split(plain) if w), default=0.0)
    room = width * CAPTION_ROOM
    if widest <= room:
        return style
    size = max(CAPTION_MIN_SIZE, style.fontSize * room / widest)
    return ParagraphStyle(f"{style.name}-{size:.2f}", parent=style, fontSize=size, leading=size * style.leading / style.fontSize)


def keep_closing_block_with_previous(flowables: list[Flowable]) -> list[Flowable]:
    """A book that ends with a kept block (the credits) takes the block before it along.

    Otherwise a closing block that does not fit in the last column opens a page of its
    own, and the last page of the book holds only the credits.
    """
    if len(flowables) < 2 or not isinstance(flowables[-1], KeepTogether):
        return flowables
    start = len(flowables) - 2
    while start > 0 and isinstance(flowables[start], Spacer):
        start -= 1  # a space draws nothing: take the block before it too
    if isinstance(flowables[start], ActionFlowable):
        return flowables  # a deliberate break (and reportlab keeps no action together)
    # a short last section goes along whole: its heading never stays behind, a column or a page
    # away from the block it heads (Royale's "End of a solo game" apart from its score scale); a block
    # that opens with its own heading (the closing rulings) is a section of its own, and the one before
    # it stays where it falls (Draco's "Who wins?" left half a column empty when it went along)
    first = start if _heads(flowables[start]) else start - 1
    # a block kept on one page (a worked example) goes along alone: the section above it stays where it falls
    # (round 5, fr and en readers: King Lui's "Counting the points", taken along with its example and the
    # credits, opened page 3 while a quarter of page 2 stood empty under "Too greedy?")
    reach = 0 if isinstance(flowables[start], KeepOnPage) else SECTION_REACH
    for back in range(first, max(start - reach, 0) - 1, -1):
        flow = flowables[back]
        if isinstance(flow, ActionFlowable):
            break
        if _heads(flow):
            start = back
            break
    # the blocks taken along go in flat: a box (itself kept together) nested in the closing block made
    # reportlab measure it as endlessly tall, so the credits always opened a new column, or a near-empty
    # last page (Royale Solo's last answer and credits alone on page 6)
    return flowables[:start] + [closing_block(flowables[start:-1], list(flowables[-1]._content))]


def closing_block(taken: list[Flowable], credits: list[Flowable]) -> KeepTogether:
    """The book's closing block: the blocks ``taken`` along, flat, then the ``credits``' own blocks. It records where
    each block taken along ends in it (``taken``): the typesetter may part it there (``typeset``)."""
    closing = KeepTogether(_flat(taken) + credits)
    closing.taken = list(accumulate(len(_flat([flow])) for flow in taken))
    return closing


def _flat(flowables: list[Flowable]) -> list[Flowable]:
    """``flowables`` with every kept block replaced by its content (recursively): one outer block keeps them.

    reportlab's ``KeepTogether.wrap`` answers an endless height to force its own split, so a kept block
    inside another one makes the outer one too tall for any column."""
    out: list[Flowable] = []
    for flow in flowables:
        out.extend(_flat(list(flow._content)) if isinstance(flow, KeepTogether) else [flow])
    return out


#: How many blocks before the one the closing block takes along may belong to the same last section
#: (a heading, a paragraph, a rulings box): within that reach, the whole section goes along.
SECTION_REACH = 3


#: The longest paragraph (characters of text) that a heading and the kept block after it take along as the
#: sentence introducing that block: a paragraph that says a rule (Draco's Brother John, four lines and more) is
#: no introduction, and taken along it left a fifth of a column blank above it (French reader, round 59).
INTRO_CHARS = 200


def introduces_only(para: Paragraph) -> bool:
    """Whether ``para`` is short enough to be the sentence that introduces the block after it, and not marked
    ``introduces="no"`` in the template (a short rule followed by a kept block it does not introduce: King Lui's
    "Counting the points", taken along with the tie-break box, opened page 3 away from "Too greedy?")."""
    return len(getattr(para, "text", "") or "") <= INTRO_CHARS and not getattr(para, "no_intro", False)


def _heads(flow: Flowable) -> bool:
    """Whether ``flow`` is a heading, or a kept block that starts with one."""
    if isinstance(flow, KeepTogether):
        return bool(flow._content) and _heads(flow._content[0])
    return isinstance(flow, Heading)


def keep_headings_with_blocks(flowables: list[Flowable]) -> list[Flowable]:
    """Headings, and paragraphs that introduce what follows them, right before a block kept in one piece
    (box, table, pictures) join that block.

    reportlab's ``keepWithNext`` does not group a heading with a ``KeepTogether`` or a
    list, so a heading followed by a box, a table or a list could end a column on its
    own. A list gives its first item to the heading, and the rest follows as usual. A
    heading whose one introducing paragraph is followed by a kept block (the closing
    "this edition's rulings": its heading, a sentence, then the box) keeps the three
    together, so that the heading never ends a column whose box opens the next.

    The same holds for a paragraph that leads in (``leads_in``: "<b>Moving characters.</b>
    ...", "...as soon as one of these happens:") and for the sentence right before a table
    ("Find your title on the scale below."): neither ends a column or a page apart from
    what it introduces. Before a plain paragraph they are kept with it (``keepWithNext``).
    Before a block kept on one page they join that block.
    """
    out: list[Flowable] = []
    pending: list[Flowable] = []
    flows = list(flowables)
    i = 0
    while i < len(flows):
        flow = flows[i]
        i += 1
        after = flows[i] if i < len(flows) else None
        introduces = isinstance(flow, Paragraph) and after is not None and (
            getattr(flow, "lead_in", False) or getattr(after, "table", False))
        if isinstance(flow, Heading) or introduces:
            flow.introduces = True  # the layout trail counts it as a heading (typeset.RulebookDoc)
            pending.append(flow)
            continue
        if pending and isinstance(flow, Paragraph) and isinstance(after, KeepTogether) and introduces_only(flow):
            pending.append(flow)  # the introducing paragraph: joins the heading and the block after it
            flow = after
            i += 1
        if pending and isinstance(flow, KeepTogether):
            flow = KeepTogether(pending + list(flow._content))
        elif pending and isinstance(flow, KeepOnPage):
            flow = KeepOnPage(keep_headings_with_blocks(pending + flow.content), flow.name)
        elif pending and isinstance(flow, SplitList) and len(flow.items) > 1:
            first, flow = flow.first_and_rest()
            out.append(KeepTogether(pending + [first]))
        else:
            for lead in pending:
                if not isinstance(lead, Heading):
                    lead.keepWithNext = 1  # reportlab keeps it with the next flowable, as a heading
            out.extend(pending)
        pending = []
        out.append(flow)
    return out + pending
