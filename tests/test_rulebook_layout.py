"""Layout of the rulebooks on both papers: no heading left alone at the foot of a column or page, and
no last page holding only the credits, for every shipped deck and variant.

``typeset`` reports where each flowable lands ("page:frame"); a heading whose next flowable
starts in another frame is stranded at a column foot.
"""
from __future__ import annotations

import pytest

from cardgen.resolve.resolve import resolve, resolve_all
from cardgen.rulebook import accent_colour
from cardgen.rulebook.markup import Converter, parse
from cardgen.rulebook.pictures import find_draw_face
from cardgen.rulebook.styles import make_styles
from cardgen.rulebook.templating import render_markup
from cardgen.rulebook.typeset import PAPERS, column_width, typeset

from test_rulebook_support import ROOT

BOOKS = sorted(d.id for d in resolve_all(None, ROOT))


def trail(deck_id: str, lang: str, paper: str) -> list[tuple[bool, str]]:
    deck = resolve(deck_id, ROOT)
    accent = accent_colour(deck)
    converter = Converter(deck, lang, make_styles(lang, accent), column_width(paper), find_draw_face())
    landed: list[tuple[bool, str]] = []
    typeset(parse(render_markup(deck, lang), converter), lang, paper, deck_id, accent, landed)
    return landed


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", ["fr", "it", "en"])
@pytest.mark.parametrize("deck_id", BOOKS)
def test_no_heading_alone_at_a_column_foot(deck_id: str, lang: str, paper: str) -> None:
    landed = trail(deck_id, lang, paper)
    assert sum(head for head, _ in landed) >= 8, "the trail misses the headings"
    stranded = [where for (head, where), (next_head, next_where) in zip(landed, landed[1:])
                if head and not next_head and next_where != where]
    assert not stranded, f"{deck_id}/{lang}/{paper}: heading alone at the foot of {stranded}"


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", ["fr", "it", "en"])
@pytest.mark.parametrize("deck_id", BOOKS)
def test_the_credits_never_have_a_page_to_themselves(deck_id: str, lang: str, paper: str) -> None:
    """The credits close the book (its last heading); some of the rules must share their last page."""
    landed = trail(deck_id, lang, paper)
    credits = max(i for i, (head, _) in enumerate(landed) if head)
    page = lambda where: where.split(":")[0]  # noqa: E731
    last_page = page(landed[-1][1])
    assert page(landed[credits - 1][1]) == last_page, (
        f"{deck_id}/{lang}/{paper}: page {last_page} holds only the credits")


def test_pulling_blocks_onto_the_credits_page_keeps_headings_with_their_text() -> None:
    """What typeset moves onto the credits' page: list items one at a time, a heading with what follows."""
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import KeepTogether, ListItem, Paragraph

    from cardgen.rulebook.markup import Heading, SplitList
    from cardgen.rulebook.typeset import credits_alone, pull_into_credits

    style = getSampleStyleSheet()["Normal"]
    para = Paragraph("rules", style)
    items = [ListItem(Paragraph(f"item {i}", style)) for i in range(3)]
    rulings, credits = Heading("Rulings", style), Heading("Credits", style)
    body = [para, rulings, SplitList(items), credits, Paragraph("design", style)]

    one = pull_into_credits(body, 1)
    assert one[:2] == [para, rulings] and isinstance(one[-1], KeepTogether)
    assert [len(f.items) for f in (one[2], one[-1]._content[0])] == [2, 1]
    assert one[-1]._content[1:] == body[3:]
    three = pull_into_credits(body, 3)  # the list is used up: its heading goes along
    assert three[0] is para and three[-1]._content[0] is rulings
    assert pull_into_credits(body, 0)[:-1] == body[:3]

    assert credits_alone([(False, "1:c0"), (True, "2:c0"), (False, "2:c0")])
    assert not credits_alone([(False, "2:c0"), (True, "2:c0"), (False, "2:c0")])
