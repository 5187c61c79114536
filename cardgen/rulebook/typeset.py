"""Set a parsed rulebook as a PDF: title block, two columns, bookmarks, metadata.

Page one carries the title block across the full width (its frame is exactly as
tall as the block), then two columns; later pages are two columns. Every heading
becomes a PDF bookmark. A block kept on one page (``markup.KeepOnPage``: a worked
example) starts a new page when it fits an empty one but not what is left of the
current one (``fits_columns``); the sections after it that fit what is left are set
there first (``lift``), or, when none fits, the whole chapter that follows it, run on
over the page (``run_on``); that chapter also goes first when the block would fit this
page only by opening its next column and leaving more than ``LIFT_GAP`` of this one
blank (``RulebookDoc.skips_column``). The book's closing block (the credits and what it took
along) may part between its blocks (``part_closing``) or give up its last topic box (``lifts_last_topic``), and
an example that closes the book may go before the chapter it does not use (``sets_example_first``), so that no
page before the last is left a third empty. The document is built with reportlab's
``invariant`` mode, so the same deck and language always give the same bytes.
"""
from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, FrameBreak, KeepTogether, NextPageTemplate,
                                PageBreak, PageTemplate)
from reportlab.platypus.doctemplate import ActionFlowable
from reportlab.platypus.flowables import HRFlowable, Spacer

from cardgen import languages
from cardgen.rulebook.markup import Book, Heading, KeepOnPage, closing_block
from cardgen.rulebook.tails import RuleWithBox

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


#: Slack when measuring whether blocks fit a column (reportlab's own frame tolerance is 1e-9 pt)
FUZZ = 1e-6


def fits_columns(flows: list[Flowable], width: float, columns: list[tuple[float, bool]], canv: Canvas) -> bool:
    """Whether ``flows``, set one after the other, fit in ``columns`` of ``width``: each column's free height
    and whether it is still empty (a block at a column's top drops its space before), in order.

    This plays reportlab's frame rules in short: a block too tall for what is left goes to the next column
    (a kept block whole, unless it starts an empty column; a paragraph, table or list split where
    reportlab would split it); a flowable kept with the next one (a heading) goes along with it.
    """
    queue = list(flows)
    index, (left, top) = 0, columns[0]
    for _ in range(10_000):  # every turn consumes a piece or a column; a bound against a split that never ends
        if not queue:
            return True
        flow = queue.pop(0)
        if isinstance(flow, ActionFlowable):
            continue
        if isinstance(flow, KeepOnPage):
            queue[0:0] = flow.content
            continue
        if isinstance(flow, RuleWithBox):  # a rule and its ruling box: set as the frame would (tails)
            queue[0:0] = flow.pieces(width, left - (0.0 if top else flow.getSpaceBefore()), index == len(columns) - 1,
                                     canv)
            continue
        if flow.getKeepWithNext() and queue and not isinstance(queue[0], ActionFlowable):
            queue.insert(0, KeepTogether([flow, queue.pop(0)]))
            continue
        before = 0.0 if top else flow.getSpaceBefore()
        room = left - before
        if isinstance(flow, KeepTogether):
            height = sum(f.wrapOn(canv, width, 0xFFFFFF)[1] for f in flow._content) + sum(
                f.getSpaceBefore() for f in flow._content[1:]) + sum(f.getSpaceAfter() for f in flow._content[:-1])
            if height <= room + FUZZ:
                left, top = room - height - flow._content[-1].getSpaceAfter(), False
                continue
            if top:  # too tall for any column: reportlab sets its blocks one by one
                queue[0:0] = flow._content
                continue
            parts: list[Flowable] = []
        else:
            height = flow.wrapOn(canv, width, max(room, 0.0))[1] if room > 0 else float("inf")
            if height <= room + FUZZ:
                left, top = room - height - flow.getSpaceAfter(), False
                continue
            parts = flow.splitOn(canv, width, room) if room > 0 else []
        if len(parts) > 1 and not isinstance(parts[0], ActionFlowable):
            queue[0:0] = parts
            continue
        index += 1
        if index == len(columns):
            return False
        queue.insert(0, flow)
        left, top = columns[index]
    return False


#: The share of a page's columns a block kept on one page may leave empty above it when it moves to the next page;
#: past it, what follows the block is set first where it fits (``lift``).
LIFT_GAP = 0.25


def lift(flowables: list[Flowable], width: float, rest: list[tuple[float, bool]], body: list[tuple[float, bool]],
         canv: Canvas) -> int:
    """How many of the blocks after ``flowables[0]`` (a block kept on one page that moves to the next page) are
    set before it, in what is left of this page (``rest``; ``body``: an empty page's columns), rather than leave
    that space empty (readers of round 62: a worked example that opened a new page left a page half empty).

    None (0) when the space left is at most ``LIFT_GAP`` of the page. Else as many of the following blocks as fit
    there whole, in their order, up to where a chapter or a table starts (``opens_section``): a chapter's
    running text never goes on beyond the kept block (Draco's action cards, their list parted by the example of
    a toast), and a heading or a sentence introducing a table is never the last block lifted. Nothing past
    another block kept on one page, a deliberate break, or the book's last block (the credits close the book).
    A worked example then opens the next page after the section that follows it, as a figure does in a printed
    book.
    """
    if sum(h for h, _ in rest) <= LIFT_GAP * sum(h for h, _ in body):
        return 0
    best = 0
    for count in range(1, len(flowables) - 1):  # the last one (the book's closing block) never goes up
        flow = flowables[count]
        if isinstance(flow, (KeepOnPage, ActionFlowable)):
            break
        if not fits_columns(flowables[1:count + 1], width, rest, canv):
            break
        if opens_section(flowables[count + 1]) and not (flow.getKeepWithNext() or getattr(flow, "introduces", False)):
            best = count
    return best or run_on(flowables, width, rest + body, canv)


def run_on(flowables: list[Flowable], width: float, columns: list[tuple[float, bool]], canv: Canvas) -> int:
    """How many of the blocks after ``flowables[0]`` (a block kept on one page) make up the chapter that follows
    it, when that chapter opens right after it and fits whole in ``columns`` (what is left of this page and the
    next one): the block then goes after the whole chapter, which fills the space it leaves and runs on over the
    page, as a figure a printed book sets after the chapter it does not depend on (Draco's example of a toast
    after the action cards, which left page 3's right column 60 % empty: readers of round 63). None (0) when no
    chapter opens there, it does not fit, or it holds another block kept on one page, a deliberate break or the
    book's last block.
    """
    if len(flowables) < 3 or not opens_chapter(flowables[1]):
        return 0
    for count in range(1, len(flowables) - 1):
        if isinstance(flowables[count], (KeepOnPage, ActionFlowable)):
            return 0
        if opens_chapter(flowables[count + 1]):
            return count if fits_columns(flowables[1:count + 1], width, columns, canv) else 0
    return 0


def opens_chapter(flow: Flowable) -> bool:
    """Whether ``flow`` is a first-level heading, or a kept block led by one."""
    if isinstance(flow, KeepTogether) and not getattr(flow, "table", False):
        content = [f for f in flow._content if not isinstance(f, (ActionFlowable, Spacer))]
        return bool(content) and opens_chapter(content[0])
    return isinstance(flow, Heading) and flow.outline_level == 0


def opens_section(flow: Flowable) -> bool:
    """Whether ``flow`` starts a chapter (a first-level heading, or a kept block led by one), a table (with the
    sentence that introduces it), or a block kept on one page: where the blocks set before a page-kept block may
    stop. Not a sub-heading: Royale's Italian Letter book had the solo chapter's set-up before the example of a
    turn and its ghost's turn after it."""
    if isinstance(flow, KeepTogether) and not getattr(flow, "table", False):
        content = [f for f in flow._content if not isinstance(f, (ActionFlowable, Spacer))]
        return bool(content) and opens_section(content[0])
    return ((isinstance(flow, Heading) and flow.outline_level == 0) or isinstance(flow, KeepOnPage)
            or getattr(flow, "table", False))


class PageGroup(ActionFlowable):
    """Marks the start (``name``) or the end (None) of a block kept on one page, for layout checks."""

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self.name = name

    def apply(self, doc: BaseDocTemplate) -> None:
        doc.group = self.name


class RulebookDoc(BaseDocTemplate):
    """A doc template that turns ``Heading`` flowables into bookmarks and keeps ``KeepOnPage`` blocks on one page."""

    def __init__(self, *args: object, trail: list[tuple[bool, str]] | None = None,
                 groups: list[tuple[str, int]] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._bookmarks = 0
        #: where each drawn flowable landed: (kept with what follows: a heading or a paragraph that introduces
        #: the next block, "page:frame"), for layout checks
        self.trail = trail
        #: the page of each flowable drawn inside a block kept on one page: (its name, page)
        self.groups = groups
        #: the name of the page-kept block being drawn, if any
        self.group: str | None = None

    def filterFlowables(self, flowables: list[Flowable]) -> None:  # noqa: N802 (reportlab's name)
        """A block kept on one page starts a new page when it fits an empty page but not what is left of this one."""
        first = flowables[0] if flowables else None
        if getattr(self, "frame", None) is not None and getattr(first, "gathered", False):
            self.place_gathered(flowables)
            return
        if getattr(self, "frame", None) is not None and getattr(first, "taken", None) and first is flowables[-1]:
            self.part_closing(flowables)
            return
        if getattr(self, "frame", None) is not None and opens_chapter(first) and self.sets_example_first(flowables):
            self.filterFlowables(flowables)  # the example, now first, is set as any block kept on one page
            return
        lead = next((i for i, f in enumerate(flowables[:3]) if getattr(f, "gathered", False)), 0)
        if lead and isinstance(first, Heading) and getattr(self, "frame", None) is not None:
            # the section's heading and its sentence go with its first topic box, whole when a column holds it:
            # alone, they ended a page whose box opened the next (French Charity Toast, Letter, round 64)
            column = max(f._aH for f in self.pageTemplateById("later").frames)
            self.lead_fitting(flowables, lead)
            if flowables[lead].wrap(self.frame._getAvailableWidth(), 0xFFFFFF)[1] <= column + FUZZ:
                flowables[0:lead + 1] = [KeepTogether(flowables[0:lead + 1])]
            return
        if not isinstance(first, KeepOnPage) or self.frame is None:
            return
        width = self.frame._getAvailableWidth()
        rest, body = self.page_columns()
        move = (not fits_columns(first.content, width, rest, self.canv)
                and fits_columns(first.content, width, body, self.canv))
        # set after a chapter run on over the page (``run_on``), it may still leave this column empty under that
        # chapter's end, its first block too tall for what is left: what follows it is set there first
        stranded = (getattr(first, "lifted", 0) == 1 and not move
                    and not fits_columns(first.content[:1], width, rest[:1], self.canv))
        if not move and not getattr(first, "lifted", 0) and self.skips_column(first, width, rest[0]):
            # kept whole in the next column, it would leave more than LIFT_GAP of this one empty (Draco's example of
            # a toast under the special characters, readers of round 65): the chapter after it fills that space
            lifted = run_on(flowables, width, rest + body, self.canv)
            if lifted:
                first.lifted = 1
                flowables[0:1 + lifted] = [*flowables[1:1 + lifted], first]
                return
        if (move and not getattr(first, "lifted", 0)) or stranded:
            lifted = lift(flowables, width, rest[:1] if stranded else rest, body, self.canv)
            if lifted:  # they are set first; the kept block is measured again after them
                first.lifted = getattr(first, "lifted", 0) + 1
                flowables[0:1 + lifted] = [*flowables[1:1 + lifted], first]
                return
        flowables[0:1] = [PageGroup(first.name), *([PageBreak()] if move else []), *first.content, PageGroup(None)]

    def page_columns(self) -> tuple[list[tuple[float, bool]], list[tuple[float, bool]]]:
        """What is left of this page's columns, from the current one (free height, whether still empty), and an
        empty page's columns: what ``fits_columns`` measures blocks against."""
        frames = self.pageTemplate.frames
        here = frames.index(self.frame) if self.frame in frames else len(frames) - 1
        rest = [(self.frame._y - self.frame._y1p, bool(self.frame._atTop))]
        rest += [(f._aH, True) for f in frames[here + 1:]]
        return rest, [(f._aH, True) for f in self.pageTemplateById("later").frames]

    def skips_column(self, first: KeepOnPage, width: float, here: tuple[float, bool]) -> bool:
        """Whether the block kept on one page ``first`` would open the next column and leave more than ``LIFT_GAP``
        of this one (``here``: its free height, whether empty) blank: its first block is too tall for what is
        left of it."""
        column = max(f._aH for f in self.pageTemplateById("later").frames)
        return here[0] > LIFT_GAP * column and not fits_columns(first.content[:1], width, [here], self.canv)

    def lead_fitting(self, flowables: list[Flowable], lead: int) -> None:
        """The section's first topic box is one that fits, with its heading, what is left of this column: when
        the first box would not, a later one that does is set first (the answers are independent), so that the
        heading does not move to the next column with its box and leave this one half empty (the French Short
        Game's page 5 under "Qui gagne ?", its credits then alone on a seventh page, round 64)."""
        width = self.frame._getAvailableWidth()
        free = self.frame._y - self.frame._y1p
        head = sum(f.wrap(width, 0xFFFFFF)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables[:lead])
        if flowables[lead].wrap(width, 0xFFFFFF)[1] + head <= free + FUZZ:
            return
        for index in range(lead + 1, len(flowables)):
            flow = flowables[index]
            if not getattr(flow, "gathered", False):
                return
            if flow.wrap(width, 0xFFFFFF)[1] + head <= free + FUZZ:
                flowables.insert(lead, flowables.pop(index))
                return

    def place_gathered(self, flowables: list[Flowable]) -> None:
        """Keep a topic box of the answers gathered at the book's end whole when a column can hold it (readers of
        round 64: a "Special cases" box cut under "(continued)" parts an answer from its topic, e.g. Brother
        John's ruling from the worked consequences that follow it).

        A box that does not fit what is left of this column but fits an empty one goes to the next column; when
        that would leave more than ``LIFT_GAP`` of a column empty, the first of the topic boxes after it (the
        answers are independent of each other) that fits what is left is set there first; the last topic, kept
        with the credits, too, when the box goes to the next page and the credits follow it there
        (``lifts_last_topic``). A box taller than a column still breaks, headed as a continuation
        (``markup.BoxTable``).
        """
        first = flowables[0]
        width = self.frame._getAvailableWidth()
        column = max(f._aH for f in self.pageTemplateById("later").frames)
        free = self.frame._y - self.frame._y1p

        def room(flow: Flowable) -> float:
            return free - (0.0 if self.frame._atTop else flow.getSpaceBefore())

        def height(flow: Flowable) -> float:
            return flow.wrap(width, 0xFFFFFF)[1]

        tall = height(first)
        if tall <= room(first) + FUZZ or tall > column + FUZZ:
            return
        if room(first) > LIFT_GAP * column:
            for index in range(1, len(flowables)):
                flow = flowables[index]
                # the last topic, kept with the credits, is no gathered box of its own and stays with them, unless
                # the boxes left before them open the next page (``lifts_last_topic``)
                if not getattr(flow, "gathered", False):
                    if self.lifts_last_topic(flowables[:index], flow, width, room):
                        flowables[index:index + 1] = [KeepTogether(flow._content[1:])]
                        flowables.insert(0, flow._content[0])
                        return
                    break
                if height(flow) <= room(flow) + FUZZ:
                    flowables.pop(index)
                    flowables.insert(0, flow)
                    return
        flowables[0] = KeepTogether([first])

    def sets_example_first(self, flowables: list[Flowable]) -> bool:
        """Set the worked example that closes the book with the credits (``flowables[-1]``) before the last chapter
        (``flowables[:-1]``, from a first-level heading), if it uses nothing of that chapter (``<keep within="page"
        ahead="yes">``: not King Lui's example, which counts the points its chapter explains), when it fits what is
        left of this page there but not after that chapter with the credits, and fills more of it: the chapter then
        closes the book with the credits, on the next page (Royale Solo's Italian Letter book: its example, set after
        the end of the game, opened page 6 with the credits and left page 5 69 % empty; set there, it would have left
        the credits alone on page 6, round 67). None when the chapter holds another chapter, a block kept on one page or a deliberate break, or
        would not fit one page with the credits. Whether it did so.
        """
        closing = flowables[-1]
        content = list(getattr(closing, "_content", []))
        chapter = flowables[:-1]
        if (len(flowables) < 2 or getattr(closing, "taken", None) != [1] or not getattr(content[0], "ahead", False)
                or any(isinstance(f, (KeepOnPage, ActionFlowable)) or opens_chapter(f) for f in chapter[1:])):
            return False
        example = content[0]
        width = self.frame._getAvailableWidth()
        rest, body = self.page_columns()
        after = closing_block(chapter, content[1:])
        if (not fits_columns(example.content, width, rest, self.canv)
                or fits_columns([*chapter, *example.content, KeepTogether(content[1:])], width, rest, self.canv)
                or not fits_columns([after], width, body, self.canv)):
            return False

        def tall(flows: list[Flowable]) -> float:
            return sum(f.wrapOn(self.canv, width, 0xFFFFFF)[1] for f in flows)

        if tall(example.content) <= tall(after._content[:after.taken[-1]]):
            return False
        flowables[:] = [example, after]
        return True

    def part_closing(self, flowables: list[Flowable]) -> None:
        """Part the book's closing block (the credits and the blocks of the last section taken along with them,
        ``markup.keep_closing_block_with_previous``) when, whole, it would open the next page and leave more than
        ``LIFT_GAP`` of this page's last column blank: the most of its taken blocks that fit there are set here,
        the others open the next page with the credits, which so never stand alone (Royale's English Letter page 5,
        38 % empty under the ghost's turn while the end of a solo game, its scale and the credits filled page 6,
        round 65). It parts only between the blocks as the template kept them, never after a heading or a
        sentence that introduces what follows.
        """
        first = flowables[0]
        if self.frame is not self.pageTemplate.frames[-1] or self.frame._atTop:
            return
        width = self.frame._getAvailableWidth()
        column = max(f._aH for f in self.pageTemplateById("later").frames)
        here = [(self.frame._y - self.frame._y1p, False)]
        if here[0][0] <= LIFT_GAP * column or fits_columns([first], width, here, self.canv):
            return
        content = list(first._content)
        for end in reversed(first.taken[:-1]):  # at least the last block taken along stays with the credits
            if not content[end - 1].getKeepWithNext() and fits_columns([KeepTogether(content[:end])], width, here,
                                                                        self.canv):
                flowables[0:1] = [KeepTogether(content[:end]), KeepTogether(content[end:])]
                return

    def lifts_last_topic(self, boxes: list[Flowable], closing: Flowable, width: float,
                         room: Callable[[Flowable], float]) -> bool:
        """Whether the last topic box, kept with the credits in the book's closing block (``closing``), may be set
        first in what is left of this column (``room``), when the topic ``boxes`` before it do not fit there: only
        in the page's last column, and when those boxes and the credits then fit one page. Kept with the credits,
        it left a third of the French and Italian Charity Toast's Letter page 6 empty (round 65); lifted away from
        the left column, it had left the credits alone on the book's last page (round 64): here the boxes open the
        next page and the credits share it.
        """
        content = list(getattr(closing, "_content", []))
        if not isinstance(closing, KeepTogether) or len(content) < 2 or not getattr(content[0], "gathered", False):
            return False
        frames = self.pageTemplate.frames
        if self.frame is not frames[-1] or content[0].wrap(width, 0xFFFFFF)[1] > room(content[0]) + FUZZ:
            return False
        return fits_columns([*boxes, KeepTogether(content[1:])], width, self.page_columns()[1], self.canv)

    def pageTemplateById(self, name: str) -> PageTemplate:  # noqa: N802 (reportlab's style)
        """The page template called ``name``."""
        return next(t for t in self.pageTemplates if t.id == name)

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 (reportlab's name)
        # frame breaks and other actions draw nothing: recording them would let a stranded
        # heading or a credits-only page pass for content sharing its page
        drawn = self.frame is not None and not isinstance(flowable, (ActionFlowable, Spacer, PageBreak))
        if self.trail is not None and drawn:
            self.trail.append((getattr(flowable, "introduces", False) or isinstance(flowable, Heading),
                               f"{self.page}:{self.frame.id}"))
        if self.groups is not None and drawn and self.group is not None:
            self.groups.append((self.group, self.page))
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
            trail: list[tuple[bool, str]] | None = None, groups: list[tuple[str, int]] | None = None) -> bytes:
    """The PDF bytes of ``book`` on ``paper``; ``trail``, if given, receives where each flowable landed,
    ``groups`` the page of each flowable of a block kept on one page."""
    width, height = PAPERS[paper]
    col = column_width(paper)
    top, bottom = height - MARGIN, MARGIN + FOOTER
    full = width - 2 * MARGIN
    rule = HRFlowable(width="100%", thickness=1.2, color=accent, spaceBefore=3 * mm, spaceAfter=0)
    head = [*book.titlepage, rule]
    title_h = sum(f.wrap(full, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in head) + 6 * mm

    def columns(y_top: float, prefix: str) -> list[Frame]:
        frames = [Frame(MARGIN + i * (col + GUTTER), bottom, col, y_top - bottom, id=f"{prefix}{i}",
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for i in range(2)]
        frames[-1].ends_page = True  # a rule's ruling box never opens the next page without its rule (tails)
        return frames

    title_frame = Frame(MARGIN, top - title_h, full, title_h, id="title", leftPadding=0, rightPadding=0,
                        topPadding=0, bottomPadding=0)
    footer = _footer(name, accent)
    first = PageTemplate("first", [title_frame, *columns(top - title_h, "f")], onPage=footer)
    later = PageTemplate("later", columns(top, "c"), onPage=footer)

    buffer = io.BytesIO()
    doc = RulebookDoc(buffer, pagesize=(width, height), pageTemplates=[first, later], title=book.title,
                      author=book.author, subject=book.subject, creator="cardgen", lang=languages.tag(lang),
                      invariant=1, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=bottom,
                      displayDocTitle=1, initialFontName="Serif", initialFontSize=9, trail=trail,
                      groups=groups)
    story: list[Flowable] = [NextPageTemplate("later"), *head, FrameBreak(), *book.body]
    doc.build(story)
    return buffer.getvalue()
