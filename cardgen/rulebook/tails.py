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
"""
from __future__ import annotations

from typing import Any

from reportlab.platypus import KeepTogether, Paragraph
from reportlab.platypus.doctemplate import NullActionFlowable
from reportlab.platypus.flowables import Flowable

#: Lines of the rule that go overleaf with its box (a single line reads as a stray end).
TAIL_LINES = 2


class RuleWithBox(KeepTogether):
    """Headings (maybe none), a paragraph or a list, and the ruling box after it; see the module."""

    def __init__(self, lead: list[Flowable], para: Flowable, box: KeepTogether) -> None:
        super().__init__([*lead, para, *box._content])
        self.lead, self.para, self.box = lead, para, box

    def pieces(self, width: float, height: float, ends_page: bool, canv: Any = None) -> list[Flowable]:
        """What to set in ``height`` of a column of ``width``: the blocks one by one, as unbound, except at
        the foot of a page (``ends_page``) where the box does not fit: then the paragraph's head, and its last
        lines kept with the box, which go overleaf. A paragraph of at most ``TAIL_LINES`` lines cannot leave
        one here, and flows as unbound. ``canv``: the canvas to measure on (a list needs one)."""
        whole = [*self.lead, self.para, self.box]
        if _is_list(self.para):
            return self._list_pieces(width, height, ends_page, whole, canv)
        lead_h = sum(f.wrap(width, 0xFFFFFF)[1] + f.getSpaceAfter() for f in self.lead)
        self.para.wrap(width, 0xFFFFFF)
        lines, leading = len(self.para.blPara.lines), self.para.style.leading
        box_h = sum(f.wrap(width, 0xFFFFFF)[1] for f in self.box._content)
        if lead_h + self.para.height + self.para.getSpaceAfter() + box_h <= height + 1e-6:
            return whole  # it all fits here
        room = min(height - lead_h, (lines - TAIL_LINES) * leading + 1e-6)
        if not ends_page or lines <= TAIL_LINES or room < leading:
            return whole
        parts = self.para.split(width, room)
        if len(parts) != 2:
            return whole
        return [*self.lead, parts[0], KeepTogether([parts[1], *self.box._content])]

    def _list_pieces(self, width: float, height: float, ends_page: bool, whole: list[Flowable],
                     canv: Any) -> list[Flowable]:
        """``pieces`` for a list before its box: its last item goes overleaf with the box."""
        items = self.para.items
        need = sum(f.wrapOn(canv, width, 0xFFFFFF)[1] for f in [*self.lead, self.para, *self.box._content])
        if not ends_page or len(items) < 2 or need <= height + 1e-6:
            return whole
        cls, options = type(self.para), self.para.options
        return [*self.lead, cls(items[:-1], **options), KeepTogether([cls(items[-1:], **options), *self.box._content])]

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        """The blocks to set (``pieces``), the frame's ``ends_page`` (set by the typesetter) telling a
        page's last column."""
        ends_page = getattr(getattr(self, "_frame", None), "ends_page", False)
        # led by an action that always fits, as reportlab's own kept blocks are: the frame sets a split's first
        # piece at once, and a heading that does not fit there would stop the build
        return [NullActionFlowable(), *self.pieces(avail_width, avail_height, ends_page, getattr(self, "canv", None))]


def _is_list(flow: Flowable) -> bool:
    """Whether ``flow`` is a list that can hand its items on (``markup.SplitList``)."""
    return hasattr(flow, "items") and hasattr(flow, "options")


def keep_rules_with_boxes(flowables: list[Flowable]) -> list[Flowable]:
    """``flowables`` with each plain paragraph followed by a ruling box (marked ``ruling`` by the converter)
    bound to it, with the headings right above the paragraph (``RuleWithBox``)."""
    out: list[Flowable] = []
    for flow in flowables:
        last = out[-1] if out else None
        if (getattr(flow, "ruling", False) and (isinstance(last, Paragraph) or _is_list(last))
                and not last.getKeepWithNext() and not getattr(last, "introduces", False)):
            out.pop()
            lead: list[Flowable] = []
            while out and isinstance(out[-1], Paragraph) and out[-1].getKeepWithNext():
                lead.insert(0, out.pop())
            out.append(RuleWithBox(lead, last, flow))
            continue
        out.append(flow)
    return out
