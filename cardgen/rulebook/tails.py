"""A ruling box never opens a page apart from the rule it qualifies.

A box ("This edition's ruling") right after a paragraph settles what that paragraph says.
Kept whole, the box could still open the next page while its rule ended the one before
(readers of round 5: Royale's "If a card completes a noble's request…" on page 3,
"Satisfying nobles" at the foot of page 2; Draco's Aunt Sarah ruling on page 4).
``keep_rules_with_boxes`` binds such a paragraph or list (and the headings right above it) to
its box (``RuleWithBox``). Where the box would open the next page, the paragraph breaks so that
its last lines (at least ``TAIL_LINES``) go along with the box, a list its last item; anywhere else the blocks
flow as they did unbound. Between the two columns of one page a box may still open the
right-hand column: the reader sees both, and binding them there too lengthened Draco's
books by a page.

The rule may also end in a table or a picture grid, or be a kept block (readers of round 5: Draco's
Zork ruling opened page 4 under its seat table at the foot of page 3; Royale Solo's ruling on dish values
opened page 2 under the card pictures of page 1). There the tail that goes overleaf is taken from the end
(``split_tail``): a grid's last row of pictures when ``GRID_ROWS_KEPT`` rows stay behind, a table's last
``TABLE_TAIL_ROWS`` rows when as many stay behind (its header repeated), else the whole table with the last
lines of the sentence that introduces it; a paragraph too short to break goes whole, with the headings right
above it. A grid of fewer rows hands nothing on: a row alone would be a widowed row, and a picture row moved
whole with its box ran Royale Solo's French book to a sixth page. A paragraph longer than ``TAIL_LINES`` whose
head would be one line (an orphan) still flows unbound: moved whole, Royale Solo's "You may use your imposter
only once…" ran the Italian Letter book to a sixth page (Draco's Italian "The next time the draw pile runs
out" box still opens page 6 for that reason).
"""
from __future__ import annotations

from typing import Any

from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table
from reportlab.platypus.doctemplate import ActionFlowable, NullActionFlowable
from reportlab.platypus.flowables import Flowable

#: Lines of the rule that go overleaf with its box (a single line reads as a stray end).
TAIL_LINES = 2
#: Body rows of a table that go overleaf with its box, and that must stay behind for it to break at all (a
#: table of fewer rows goes whole: a lone row under a repeated header reads as an orphan).
TABLE_TAIL_ROWS = 2
#: Rows of a picture grid that must stay behind for its last row to go overleaf with a box.
GRID_ROWS_KEPT = 2
#: Far enough to measure a block whole.
TALL = 0xFFFFFF


class RuleWithBox(KeepTogether):
    """Headings (maybe none), a paragraph, a list, a table or a kept block, and the ruling box after it; see
    the module."""

    def __init__(self, lead: list[Flowable], para: Flowable, box: KeepTogether) -> None:
        # flat: a kept block inside another makes reportlab measure the outer one as endlessly tall
        inner = list(para._content) if isinstance(para, KeepTogether) else [para]
        super().__init__([*lead, *inner, *box._content])
        self.lead, self.para, self.box = lead, para, box

    def pieces(self, width: float, height: float, ends_page: bool, canv: Any = None) -> list[Flowable]:
        """What to set in ``height`` of a column of ``width``: the blocks one by one, as unbound, except at
        the foot of a page (``ends_page``) where the box does not fit: then the paragraph's head, and its last
        lines kept with the box, which go overleaf. A paragraph of at most ``TAIL_LINES`` lines goes whole
        with its box (and the headings above it); a table or a kept block hands on its tail (``split_tail``); a
        longer paragraph that would leave a one-line head flows unbound (see the module).
        ``canv``: the canvas to measure on (a list needs one)."""
        whole = [*self.lead, self.para, self.box]
        if _is_list(self.para):
            return self._list_pieces(width, height, ends_page, whole, canv)
        if not isinstance(self.para, Paragraph) or len(_lines(self.para, width)) <= TAIL_LINES:
            return self._block_pieces(width, height, ends_page, whole, canv)
        lead_h = sum(f.wrap(width, TALL)[1] + f.getSpaceAfter() for f in self.lead)
        self.para.wrap(width, TALL)
        lines, leading = len(self.para.blPara.lines), self.para.style.leading
        box_h = sum(f.wrap(width, TALL)[1] for f in self.box._content)
        if lead_h + self.para.height + self.para.getSpaceAfter() + box_h <= height + 1e-6:
            return whole  # it all fits here
        room = min(height - lead_h, (lines - TAIL_LINES) * leading + 1e-6)
        if not ends_page or lines <= TAIL_LINES or room < leading:
            return whole
        parts = self.para.split(width, room)
        if len(parts) != 2:  # its head would be one line, an orphan
            return whole
        return [*self.lead, parts[0], KeepTogether([parts[1], *self.box._content])]

    def _list_pieces(self, width: float, height: float, ends_page: bool, whole: list[Flowable],
                     canv: Any) -> list[Flowable]:
        """``pieces`` for a list before its box: its last item goes overleaf with the box."""
        items = self.para.items
        need = sum(f.wrapOn(canv, width, TALL)[1] for f in [*self.lead, self.para, *self.box._content])
        if not ends_page or len(items) < 2 or need <= height + 1e-6:
            return whole
        cls, options = type(self.para), self.para.options
        return [*self.lead, cls(items[:-1], **options), KeepTogether([cls(items[-1:], **options), *self.box._content])]

    def _block_pieces(self, width: float, height: float, ends_page: bool, whole: list[Flowable],
                      canv: Any) -> list[Flowable]:
        """``pieces`` for a short paragraph, a table or a kept block before its box: where the rule fits this
        column and the box does not, the rule's tail goes overleaf with the box (``split_tail``)."""
        before = [*self.lead, *(self.para._content if isinstance(self.para, KeepTogether) else [self.para])]
        rule_h = _height(before, width, canv)
        if not ends_page or rule_h > height + 1e-6:
            return whole  # between columns, or the rule itself runs overleaf: the box follows it there
        gap = max(before[-1].getSpaceAfter(), self.box._content[0].getSpaceBefore())
        if rule_h + gap + _height(self.box._content, width, canv) <= height + 1e-6:
            return whole  # it all fits here
        cut = split_tail(before, width, canv)
        if cut is None:
            return whole
        head, tail = cut
        return [*head, KeepTogether([*tail, *self.box._content])]

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        """The blocks to set (``pieces``), the frame's ``ends_page`` (set by the typesetter) telling a
        page's last column."""
        ends_page = getattr(getattr(self, "_frame", None), "ends_page", False)
        # led by an action that always fits, as reportlab's own kept blocks are: the frame sets a split's first
        # piece at once, and a heading that does not fit there would stop the build
        return [NullActionFlowable(), *self.pieces(avail_width, avail_height, ends_page, getattr(self, "canv", None))]


def _lines(para: Paragraph, width: float) -> list[Any]:
    """The lines ``para`` sets in ``width``."""
    para.wrap(width, TALL)
    return para.blPara.lines


def _height(flows: list[Flowable], width: float, canv: Any) -> float:
    """The height ``flows`` take set one after the other in a column of ``width`` (the first one's space before
    and the last one's space after left out, as at a column's top and foot)."""
    flows = [f for f in flows if not isinstance(f, ActionFlowable)]
    return (sum(f.wrapOn(canv, width, TALL)[1] for f in flows) + sum(f.getSpaceBefore() for f in flows[1:])
            + sum(f.getSpaceAfter() for f in flows[:-1]))


def _is_grid(table: Table) -> bool:
    """Whether ``table`` is a grid of card pictures (``markup.Converter.cards``): each cell its picture and
    caption, so that it may break after any row."""
    return any(hasattr(cell, "component") for row in table._cellvalues for cells in row
               for cell in (cells if isinstance(cells, (list, tuple)) else [cells]))


def _split_rows(table: Table, keep: int, width: float) -> list[Table] | None:
    """``table`` as two tables, its first ``keep`` rows (the header counted) and the others (the header
    repeated), else None."""
    table.wrap(width, TALL)
    parts = table.split(width, sum(table._rowHeights[:keep]) + 1e-6)
    return parts if len(parts) == 2 else None


def split_tail(blocks: list[Flowable], width: float, canv: Any) -> tuple[list[Flowable], list[Flowable]] | None:
    """``blocks`` (a rule) as what stays at the foot of the page and the tail that goes overleaf with the
    rule's box, else None (nothing can go, or everything would).

    From the end: a picture grid gives its last row if ``GRID_ROWS_KEPT`` rows stay (else nothing); a table its last
    ``TABLE_TAIL_ROWS`` rows when as many stay behind, else it goes whole with the last ``TAIL_LINES`` lines of
    the sentence before it; a paragraph its last ``TAIL_LINES`` lines, or goes whole when no longer; a list its
    last item. A heading goes along with what it heads; a box or anything else stops the tail.
    """
    tail: list[Flowable] = []
    i, more = len(blocks), True  # more: whether the block before still belongs to the tail
    while i > 0 and more:
        i -= 1
        flow = blocks[i]
        previous = blocks[i - 1] if i else None
        heads = previous is not None and (getattr(previous, "introduces", False) or previous.getKeepWithNext())
        if isinstance(flow, (Spacer, ActionFlowable)):
            tail.insert(0, flow)
            continue
        if isinstance(flow, Table) and getattr(flow, "box_kind", None) is None:
            grid = _is_grid(flow)
            body = len(flow._cellvalues) - (flow.repeatRows if isinstance(flow.repeatRows, int) else 0)
            if body >= (GRID_ROWS_KEPT + 1 if grid else 2 * TABLE_TAIL_ROWS):
                parts = _split_rows(flow, len(flow._cellvalues) - (1 if grid else TABLE_TAIL_ROWS), width)
                if parts:
                    return [*blocks[:i], parts[0]], [parts[1], *tail]
            if grid:
                return None  # too few rows to leave some behind: the box opens the page alone, as unbound
            tail.insert(0, flow)  # a table needs the sentence that introduces it
            continue
        if isinstance(flow, Paragraph):
            lines = _lines(flow, width)
            if len(lines) > TAIL_LINES and not getattr(flow, "outline_text", None):
                parts = flow.split(width, (len(lines) - TAIL_LINES) * flow.style.leading + 1e-6)
                if len(parts) == 2:
                    return [*blocks[:i], parts[0]], [parts[1], *tail]
            tail.insert(0, flow)
            more = heads
            continue
        if _is_list(flow) and len(flow.items) >= 2:
            cls, options = type(flow), flow.options
            return [*blocks[:i], cls(flow.items[:-1], **options)], [cls(flow.items[-1:], **options), *tail]
        return None  # a box, a seating picture, a one-item list: nothing to hand on
    if all(isinstance(f, (Spacer, ActionFlowable)) for f in tail):
        return None
    return blocks[:i], tail


def _is_list(flow: Flowable) -> bool:
    """Whether ``flow`` is a list that can hand its items on (``markup.SplitList``)."""
    return hasattr(flow, "items") and hasattr(flow, "options")


def _binds(flow: Flowable | None) -> bool:
    """Whether a ruling box after ``flow`` is bound to it: a plain paragraph, a list, a table, a picture grid or
    a kept block of those (not a box, nor a block kept on one page)."""
    if flow is None or flow.getKeepWithNext() or getattr(flow, "introduces", False) or hasattr(flow, "ruling"):
        return False
    if isinstance(flow, RuleWithBox):
        return False
    return isinstance(flow, (Paragraph, Table, KeepTogether)) or _is_list(flow)


def keep_rules_with_boxes(flowables: list[Flowable]) -> list[Flowable]:
    """``flowables`` with each paragraph, list, table or kept block followed by a ruling box (marked ``ruling`` by
    the converter) bound to it, with the headings right above it (``RuleWithBox``)."""
    out: list[Flowable] = []
    for flow in flowables:
        last = out[-1] if out else None
        if getattr(flow, "ruling", False) and _binds(last):
            out.pop()
            lead: list[Flowable] = []
            while out and isinstance(out[-1], Paragraph) and out[-1].getKeepWithNext():
                lead.insert(0, out.pop())
            out.append(RuleWithBox(lead, last, flow))
            continue
        out.append(flow)
    return out
