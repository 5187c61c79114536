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
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table
from reportlab.platypus.doctemplate import NullActionFlowable

from cardgen.resolve.resolve import resolve, resolve_all
from cardgen.rulebook.book import render_rulebook
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


def _table(body_rows: int) -> Table:
    """A table of a header and ``body_rows`` rows, the header repeated on a break (as ``markup`` sets them)."""
    rows = [[Paragraph("Seat", STYLE), Paragraph("Pays", STYLE)]]
    rows += [[Paragraph(f"seat {n}", STYLE), Paragraph(f"{n} silver", STYLE)] for n in range(body_rows)]
    return Table(rows, colWidths=[WIDTH / 2] * 2, repeatRows=1)


class _Picture(Spacer):
    """A stand-in for a card picture (``pictures.CardPicture``): it names its component."""

    component = "dessert-12"


def _grid(rows: int) -> KeepTogether:
    """A picture grid of ``rows`` rows of two pictures, each with its caption, kept whole (``markup.cards``)."""
    cells = [[[_Picture(40, 50), Paragraph(f"card {r}{c}", STYLE)] for c in "ab"] for r in range(rows)]
    return KeepTogether([Spacer(1, 3), Table(cells, colWidths=[WIDTH / 2] * 2), Spacer(1, 3)])


def _foot(bound: RuleWithBox, canv: Canvas) -> float:
    """A column height that holds ``bound``'s rule whole but not its box."""
    from cardgen.rulebook.tails import _height

    return _height([*bound.lead, *bound._content[:len(bound._content) - len(bound.box._content)]], WIDTH, canv) + 5


def test_a_table_too_short_to_break_goes_over_whole_with_the_sentence_end() -> None:
    """Draco's Zork ruling opened page 4 under its seat table on page 3 (readers of round 5): a table of two
    rows cannot leave one row behind, so it goes overleaf whole with its box and the last lines of the sentence
    that introduces it; the sentence's head stays."""
    intro, table = _rule(4), _table(2)  # not marked as introducing: a table needs its sentence all the same
    kept = KeepTogether([intro, table, Spacer(1, 5)])
    box = _box()
    bound, = keep_rules_with_boxes([kept, box])
    assert isinstance(bound, RuleWithBox) and bound.para is kept
    canv = Canvas(io.BytesIO())
    height = _foot(bound, canv)
    head, tail = bound.pieces(WIDTH, height, True, canv)
    assert _lines(head) == _lines(intro) - TAIL_LINES
    assert _lines(tail._content[0]) == TAIL_LINES and table in tail._content
    assert tail._content[-1] is box._content[-1]
    assert bound.pieces(WIDTH, height, False, canv) == [kept, box], "between columns nothing moves"
    assert bound.pieces(WIDTH, 10_000, True, canv) == [kept, box], "where all fits, nothing moves"


def test_a_long_table_hands_its_last_rows_to_its_box() -> None:
    """A table with rows to spare keeps its head and sends its last ``TABLE_TAIL_ROWS`` rows, header repeated."""
    from cardgen.rulebook.tails import TABLE_TAIL_ROWS

    intro, table = _rule(3), _table(2 * TABLE_TAIL_ROWS + 1)
    intro.introduces = True
    bound, = keep_rules_with_boxes([KeepTogether([intro, table]), _box()])
    canv = Canvas(io.BytesIO())
    pieces = bound.pieces(WIDTH, _foot(bound, canv), True, canv)
    assert pieces[0] is intro
    assert len(pieces[1]._cellvalues) == 1 + TABLE_TAIL_ROWS + 1, "header and the rows that stay"
    moved = pieces[2]._content[0]
    corner = moved._cellvalues[0][0]
    corner = corner[0] if isinstance(corner, (list, tuple)) else corner  # reportlab holds a cell as a tuple
    assert len(moved._cellvalues) == 1 + TABLE_TAIL_ROWS and corner.text == "Seat", "the header repeated"


def test_a_picture_grid_hands_its_last_row_to_its_box() -> None:
    """Each picture keeps its caption in its cell: a grid may break after any row, the last one going along."""
    grid = _grid(3)
    bound, = keep_rules_with_boxes([grid, _box()])
    canv = Canvas(io.BytesIO())
    pieces = bound.pieces(WIDTH, _foot(bound, canv), True, canv)
    stays, moved = pieces[-2], pieces[-1]._content[0]
    assert [len(stays._cellvalues), len(moved._cellvalues)] == [2, 1]


def test_a_short_paragraph_goes_over_whole_with_its_box() -> None:
    """Draco's "The next time the draw pile runs out, it is gone for good" (two lines) ended page 5 and its box
    opened page 6 (fr): a rule too short to break goes along whole; the paragraph before it stays. One line
    longer, its head would be an orphan line: it flows unbound (moved whole, it lengthened a book)."""
    before, para, box = _rule(3), _rule(TAIL_LINES), _box()
    out = keep_rules_with_boxes([before, para, box])
    assert out[0] is before
    bound = out[1]
    canv = Canvas(io.BytesIO())
    moved, = bound.pieces(WIDTH, _foot(bound, canv), True, canv)
    assert moved._content[0] is para and moved._content[-1] is box._content[-1]
    three, box = _rule(TAIL_LINES + 1), _box()
    bound, = keep_rules_with_boxes([three, box])
    assert bound.pieces(WIDTH, _foot(bound, canv), True, canv) == [three, box]


def test_a_grid_of_two_rows_hands_nothing_on() -> None:
    """One row left behind, or one row moved, would stand alone: the box opens the page as unbound."""
    grid, box = _grid(2), _box()
    bound, = keep_rules_with_boxes([grid, box])
    canv = Canvas(io.BytesIO())
    assert bound.pieces(WIDTH, _foot(bound, canv), True, canv) == [grid, box]


def test_a_box_before_a_ruling_hands_nothing_on() -> None:
    """A box is no rule to break: a summary box followed by a ruling box flows as written."""
    from cardgen.rulebook.tails import split_tail

    summary = Table([["Your turn at a glance"], ["Play a card."]], colWidths=[WIDTH])
    summary.box_kind = "summary"
    assert split_tail([summary, Spacer(1, 4)], WIDTH, Canvas(io.BytesIO())) is None


def _box_pages(deck_id: str, lang: str, paper: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(page of the block before, page) of every ruling box the book draws at the top of a page (not the topic boxes
    of Draco's closing "Special cases", which gather answers apart from their rules by design)."""
    import importlib

    typeset = importlib.import_module("cardgen.rulebook.typeset")
    from reportlab.platypus.doctemplate import ActionFlowable

    drawn: list[tuple[Flowable, int]] = []
    original = typeset.RulebookDoc.afterFlowable

    def record(doc: typeset.RulebookDoc, flowable: Flowable) -> None:
        if doc.frame is not None and not isinstance(flowable, (ActionFlowable, Spacer)):
            drawn.append((flowable, doc.page))
        original(doc, flowable)

    monkeypatch.setattr(typeset.RulebookDoc, "afterFlowable", record)
    render_rulebook(resolve(deck_id, ROOT), lang, paper)
    boxes = [(drawn[i - 1][1], page) for i, (flow, page) in enumerate(drawn)
             if i and getattr(flow, "box_kind", None) == "ruling" and not getattr(flow, "gathered", False)]
    assert boxes, f"{deck_id}/{lang}: no ruling box drawn: the check would prove nothing"
    return [(before, page) for before, page in boxes if before != page]


#: The pages a ruling box still opens apart from its rule (see the tails module): on Letter paper Royale Solo's
#: two-row grid of dish cards (the Italian Charity Toast book's three-line rule left it, round 62: its rulings
#: gathered at the end). Were any of them fixed, or any other added, the test below says so.
STILL_APART = {("royale-solo", "it", "letter"): [2]}  # French letter's page 2 and Italian's page 3 joined their rules
# (round 64: the end of the game set before the example)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "it", "en"])
@pytest.mark.parametrize("deck_id", sorted(d.id for d in resolve_all(None, ROOT)))
def test_no_ruling_box_opens_a_page_apart_from_its_rule(deck_id: str, lang: str, paper: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Readers of round 5: Draco's Zork ruling opened page 4 in four Draco books, its seat table ending page 3;
    Royale Solo's ruling on dish values opened page 2, under the card pictures of page 1."""
    apart = [page for _, page in _box_pages(deck_id, lang, paper, monkeypatch)]
    assert apart == STILL_APART.get((deck_id, lang, paper), []), (
        f"{deck_id}/{lang}/{paper}: a ruling box opens page(s) {apart}")
