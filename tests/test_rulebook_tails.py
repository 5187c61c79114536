"""A ruling box never opens a page apart from the rule it qualifies (cardgen.rulebook.tails).

Readers of round 5: Royale's box "If a card completes a noble's request…" opened page 3, its rule
"Satisfying nobles" ending page 2; Draco's Aunt Sarah ruling opened page 4.
"""
from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, Paragraph, Spacer
from reportlab.platypus.doctemplate import NullActionFlowable

from cardgen.resolve.resolve import resolve
from cardgen.rulebook import render_rulebook
from cardgen.rulebook.tails import TAIL_LINES, RuleWithBox, keep_rules_with_boxes

from test_rulebook_support import ROOT

STYLE = ParagraphStyle("t", fontName="Helvetica", fontSize=9, leading=12)
WIDTH = 200.0


def _rule(lines: int) -> Paragraph:
    """A paragraph of about ``lines`` lines at ``WIDTH``."""
    para = Paragraph(" ".join(["word"] * (9 * lines)), STYLE)
    para.wrap(WIDTH, 10_000)
    return para


def _box(height: float = 40.0) -> KeepTogether:
    box = KeepTogether([Spacer(1, height)])
    box.ruling = True
    return box


def _lines(para: Paragraph) -> int:
    para.wrap(WIDTH, 10_000)
    return len(para.blPara.lines)


def test_a_paragraph_and_the_ruling_box_after_it_are_bound() -> None:
    para, box, other = _rule(3), _box(), _box()
    other.ruling = False
    out = keep_rules_with_boxes([para, box, _rule(2), other])
    assert isinstance(out[0], RuleWithBox) and out[0].para is para and out[0].box is box
    assert len(out) == 3, "a box that is no ruling stays unbound"


def test_at_a_page_foot_the_rule_tail_goes_over_with_its_box() -> None:
    para = _rule(6)
    total = _lines(para)
    bound = RuleWithBox([], para, _box())
    head, tail = bound.pieces(WIDTH, 12 * total + 10, ends_page=True)  # room for the rule, not for the box
    assert isinstance(tail, KeepTogether) and tail._content[-1] is bound.box._content[-1]
    assert _lines(head) >= 1 and _lines(tail._content[0]) >= TAIL_LINES
    assert _lines(head) + _lines(tail._content[0]) == total


@pytest.mark.parametrize("ends_page, height", [(False, 12 * 5), (True, 10_000)])
def test_elsewhere_the_blocks_flow_unbound(ends_page: bool, height: float) -> None:
    """Between the columns of one page, or where all fits, the rule and the box flow as written."""
    para, box = _rule(6), _box()
    assert RuleWithBox([], para, box).pieces(WIDTH, height, ends_page) == [para, box]


def test_the_frame_is_handed_an_action_first() -> None:
    """reportlab sets a split's first piece at once: a heading there that did not fit would stop the build."""
    pieces = RuleWithBox([], _rule(6), _box()).split(WIDTH, 30)
    assert isinstance(pieces[0], NullActionFlowable)


def test_a_list_hands_its_last_item_to_its_box_at_a_page_foot() -> None:
    """A ruling box after a list (Draco's turn steps): the last step goes overleaf with it."""
    from reportlab.platypus import ListItem

    from cardgen.rulebook.markup import SplitList

    steps = SplitList([ListItem(_rule(2), value=n) for n in (1, 2, 3)], bulletType="1")
    box = _box()
    bound, = keep_rules_with_boxes([steps, box])
    canv = Canvas(io.BytesIO())
    head, tail = bound.pieces(WIDTH, 12 * 7, True, canv)
    assert [len(head.items), len(tail._content[0].items)] == [2, 1]
    assert tail._content[-1] is box._content[-1]
    assert bound.pieces(WIDTH, 12 * 7, False, canv) == [steps, box]
    assert bound.pieces(WIDTH, 10_000, True, canv) == [steps, box], "where all fits, nothing moves"


def _page_of(pdf: bytes, words: str) -> int:
    doc = pdfium.PdfDocument(pdf)
    found = [i for i in range(len(doc)) if words in " ".join(doc[i].get_textpage().get_text_range().split())]
    assert found, f"'{words}' not in the book"
    return found[0]


def test_royale_satisfying_nobles_shares_a_page_with_its_ruling() -> None:
    pdf = render_rulebook(resolve("royale", ROOT), "en", "a4")
    assert _page_of(pdf, "takes no more cards.") == _page_of(pdf, "If a card completes a noble")


#: King Lui's two scoring headings in each language
SCORING = {"fr": ("Trop gourmand", "Compter les points"), "it": ("Troppo ingordo", "Il conteggio dei punti"),
           "en": ("Too greedy?", "Counting the points")}


@pytest.mark.parametrize("lang", sorted(SCORING))
def test_king_lui_scoring_stays_on_one_page(lang: str) -> None:
    """Round 5, fr and en readers: "Counting the points" opened page 3 while a quarter of page 2 stood empty
    under "Too greedy?": the worked example goes along with the credits alone (``markup.
    keep_closing_block_with_previous``), and the count is no introduction to the tie-break box below it."""
    pdf = render_rulebook(resolve("king_lui", ROOT), lang, "a4")
    greedy, counting = SCORING[lang]
    assert _page_of(pdf, greedy) == _page_of(pdf, counting)
