"""Layout of the rulebooks on both papers: no heading left alone at the foot of a column or page, and
no last page holding only the credits, for every shipped deck and variant.

``typeset`` reports where each flowable lands ("page:frame"); a heading whose next flowable
starts in another frame is stranded at a column foot.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pytest

from cardgen.resolve.resolve import resolve, resolve_all
from cardgen.rulebook.book import accent_colour
from cardgen.rulebook.markup import Converter, parse
from cardgen.rulebook.pictures import find_draw_face
from cardgen.rulebook.styles import make_styles
from cardgen.rulebook.templating import render_markup
from cardgen.rulebook.typeset import PAPERS, column_width, typeset
from cardgen.languages import SHIPPED

from test_rulebook_support import ROOT

BOOKS = sorted(d.id for d in resolve_all(None, ROOT))


@dataclass(frozen=True)
class Drawn:
    """One flowable as it landed: where ("page:frame"), whether it sits in a block kept on one page, and how much
    of its column was left below it (a share of the frame's height)."""
    flowable: object
    page: int
    frame: str
    in_group: bool
    left: float


@dataclass(frozen=True)
class Book:
    """A shipped book typeset once for every check of this module: its PDF bytes, the trail ``typeset`` reports
    (where each flowable landed, headings marked), the page of each flowable of a kept block, and every flowable
    drawn in a frame. Typesetting it once per deck, language and paper, not once per check, took this module from
    about 480 s to a fifth of that in the README's tier, which CI runs twice."""
    pdf: bytes
    landed: list[tuple[bool, str]]
    groups: list[tuple[str, int]]
    drawn: list[Drawn]


@functools.lru_cache(maxsize=None)
def book(deck_id: str, lang: str, paper: str) -> Book:
    """The book of ``deck_id`` in ``lang`` on ``paper`` as ``render_rulebook`` makes it (its steps, with the trail
    and the drawn flowables recorded; ``test_the_recorded_book_is_the_rendered_one`` holds the bytes equal)."""
    from reportlab.platypus.doctemplate import ActionFlowable

    from cardgen.rulebook.book import book_text
    from cardgen.rulebook.typeset import RulebookDoc

    deck = resolve(deck_id, ROOT)
    text = book_text(deck, lang)
    converter = Converter(deck, lang, text.styles, column_width(paper), find_draw_face(), text.parsed)
    landed: list[tuple[bool, str]] = []
    groups: list[tuple[str, int]] = []
    drawn: list[Drawn] = []
    original = RulebookDoc.afterFlowable

    def record(doc, flowable) -> None:  # noqa: ANN001 (reportlab's doc template and flowable)
        frame = doc.frame
        if frame is not None and not isinstance(flowable, ActionFlowable):
            drawn.append(Drawn(flowable, doc.page, frame.id, doc.group is not None,
                               (frame._y - frame._y1p) / frame._height))
        original(doc, flowable)

    RulebookDoc.afterFlowable = record
    try:
        pdf = typeset(parse(text.markup, converter), lang, paper, deck.model.name[lang], text.accent, landed, groups)
    finally:
        RulebookDoc.afterFlowable = original
    return Book(pdf, landed, groups, drawn)


def trail(deck_id: str, lang: str, paper: str) -> list[tuple[bool, str]]:
    """Where each flowable of the book landed ("page:frame"), headings (and lead-in paragraphs) marked."""
    return book(deck_id, lang, paper).landed


def test_the_recorded_book_is_the_rendered_one() -> None:
    """The checks read ``book``'s record: it is the very book ``render_rulebook`` makes, byte for byte."""
    from cardgen.rulebook.book import render_rulebook

    assert book("royale-solo", "fr", "letter").pdf == render_rulebook(resolve("royale-solo", ROOT), "fr", "letter")
    assert book("royale-solo", "fr", "letter").drawn and book("royale-solo", "fr", "letter").groups


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", BOOKS)
def test_no_heading_alone_at_a_column_foot(deck_id: str, lang: str, paper: str) -> None:
    """Nor a paragraph that introduces the next block: one that leads in ("<b>Moving characters.</b>", "...one of
    these happens:") or the sentence before a table ("Find your title on the scale below."); the trail counts
    them with the headings (issue 36: Draco's "Moving characters." ended p.4, its box and list opened p.5;
    Royale's verdict scale sat on the next page, away from its sentence)."""
    landed = trail(deck_id, lang, paper)
    assert sum(head for head, _ in landed) >= 8, "the trail misses the headings"
    stranded = [where for (head, where), (next_head, next_where) in zip(landed, landed[1:])
                if head and not next_head and next_where != where]
    assert not stranded, f"{deck_id}/{lang}/{paper}: heading alone at the foot of {stranded}"


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", BOOKS)
def test_the_credits_never_have_a_page_to_themselves(deck_id: str, lang: str, paper: str) -> None:
    """The credits close the book (its last heading); some of the rules must share their last page."""
    landed = trail(deck_id, lang, paper)
    credits = max(i for i, (head, _) in enumerate(landed) if head)
    page = lambda where: where.split(":")[0]  # noqa: E731
    last_page = page(landed[-1][1])
    assert page(landed[credits - 1][1]) == last_page, (
        f"{deck_id}/{lang}/{paper}: page {last_page} holds only the credits")


RULINGS = {"fr": "Choix de cette édition", "it": "Scelte di questa edizione", "en": "This edition’s rulings"}
#: the closing section as the King Lui and Royale books title it (issue 53 item 5)
QUESTIONS = {"fr": "Questions", "it": "Domande", "en": "Questions"}
#: King Lui's and Royale's closing section (issue 53 round 2: it holds statements, not questions)
SPECIAL_CASES = {"fr": "Cas particuliers", "it": "Casi particolari", "en": "Special cases"}


def _group_of(flows: list, heading: str) -> list | None:
    """The content of the innermost kept block that holds the heading ``heading``, else None."""
    from reportlab.platypus import KeepTogether

    from cardgen.rulebook.markup import Heading

    for flow in flows:
        if isinstance(flow, KeepTogether):
            inner = _group_of(list(flow._content), heading)
            if inner is not None:
                return inner
            if any(isinstance(f, Heading) and heading in f.getPlainText() for f in flow._content):
                return list(flow._content)
    return None


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["king_lui", "royale-solo", "draco-no-zork"])
def test_the_rulings_heading_is_kept_with_its_first_box(deck_id: str, lang: str) -> None:
    """The closing section's heading, its one sentence and its first box are one kept block (issue 36: the
    heading ended a column whose box opened the next). The shipped books now box every ruling beside the
    rule it settles and have no closing section (round 12): a ruling no template places is added here, so
    the section prints, as it would for a designer's deck. A book of the Questions design (issue 53 item 5,
    Draco's shared macro) keeps its Questions heading with its sentence and first question; King Lui and
    Royale close on their own "Questions", where an unplaced ruling joins the others, kept the same way."""
    import dataclasses

    from cardgen.model.schema import Clarification
    from cardgen.rulebook.markup import Heading
    from test_rulebook_rulings import QUESTIONS, SPECIAL, uses_questions

    deck = resolve(deck_id, ROOT)
    if uses_questions(deck.game):
        # the Questions design (issue 53 item 5): the shipped book closes with its Questions, whose heading,
        # sentence and first question are one kept block
        parsed = parse(render_markup(deck, lang), Converter(deck, lang, make_styles(lang, accent_colour(deck)),
                                                          column_width("a4"), find_draw_face()))
        group = _group_of(parsed.body, QUESTIONS[lang])
        assert group is not None, f"{deck_id}/{lang}: the Questions heading is not kept with anything"
        start = next(i for i, f in enumerate(group) if isinstance(f, Heading) and QUESTIONS[lang] in f.getPlainText())
        assert len(group) - start >= 3, f"{deck_id}/{lang}: heading and sentence kept without the first question"
        assert "<b>" in group[start + 2].text, f"{deck_id}/{lang}: the block ends before a question"
        return
    # every game's closing section is "Special cases" (readers of round 58: it holds statements, not questions)
    title = SPECIAL[lang] if deck.game in ("king_lui", "royale", "draco") else RULINGS[lang]
    assert _group_of(parse(render_markup(deck, lang), Converter(deck, lang, make_styles(lang, accent_colour(deck)),
                                                                column_width("a4"), find_draw_face())).body,
                     title) is None, f"{deck_id}/{lang}: a shipped book has a closing section again"
    extra = Clarification(resolution="ours", text={"fr": "Un point réglé ici.", "it": "Un punto deciso qui.",
                                                   "en": "A point settled here."})
    deck = dataclasses.replace(deck, model=deck.model.model_copy(
        update={"clarifications": {**deck.model.clarifications, "zz_unplaced": extra}}))
    converter = Converter(deck, lang, make_styles(lang, accent_colour(deck)), column_width("a4"), find_draw_face())
    parsed = parse(render_markup(deck, lang), converter)
    group = _group_of(parsed.body, title)
    assert group is not None, f"{deck_id}/{lang}: the rulings heading is not kept with anything"
    start = next(i for i, f in enumerate(group) if isinstance(f, Heading) and title in f.getPlainText())
    assert len(group) - start >= 3, f"{deck_id}/{lang}: heading and sentence kept without the box"


#: Draco's action-card chapter heading in each language
ACTION_CARDS = {"fr": "Les cartes Action", "it": "Le carte azione", "en": "The action cards"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["draco", "draco-charity-toast"])
def test_the_action_cards_chapter_opens_in_one_column(deck_id: str, lang: str) -> None:
    """Draco's "The action cards" heading, its count and where the cards come from are one kept block (English
    reader, round 5: the provenance paragraph ran over the page turn of the Charity Toast book, "…lists them: the
    kinds," / "names, numbers and wording…"); the list of cards that follows may still break."""
    from cardgen.rulebook.markup import Heading

    deck = resolve(deck_id, ROOT)
    parsed = parse(render_markup(deck, lang), Converter(deck, lang, make_styles(lang, accent_colour(deck)),
                                                      column_width("a4"), find_draw_face()))
    group = _group_of(parsed.body, ACTION_CARDS[lang])
    assert group is not None, f"{deck_id}/{lang}: the action cards heading is kept with nothing"
    start = next(i for i, f in enumerate(group) if isinstance(f, Heading) and ACTION_CARDS[lang] in f.getPlainText())
    assert len(group) - start == 3, f"{deck_id}/{lang}: heading kept with {len(group) - start - 1} paragraphs, not 2"


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-hungry-dragon", "draco", "royale"])
def test_no_proper_name_is_hyphenated(deck_id: str, lang: str) -> None:
    """A capitalised word is never split at a line end ("Em-erald", issue 36)."""
    import re

    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(book(deck_id, lang, "a4").pdf)
    text = "\n".join(page.get_textpage().get_text_range() for page in doc)
    doc.close()
    # pdfium reports a hyphen added at a line break as U+FFFE (a typed hyphen is "-")
    split = re.findall(r"\b[A-ZÀ-Ý][a-zà-ÿ]*\ufffe\r?\n?[a-zà-ÿ]+", text)
    assert "\ufffe" in text or lang == "en", "no line-break hyphen at all: the check would prove nothing"
    # pdfium reports a name's own hyphen at a line end the same way: a name written with a hyphen may break
    # there ("Chassé-|croisé", a card's caption narrower than its name, #53), nowhere else
    from cardgen.rulebook.book import rulebook_text

    written = rulebook_text(resolve(deck_id, ROOT), lang)
    split = [s for s in split if re.sub(r"\ufffe\r?\n?", "-", s) not in written]
    assert not split, f"{deck_id}/{lang}: {split}"
    assert "cardgen" in text.replace("\ufffe\r\n", "").replace("\ufffe\n", "")
    assert "card\ufffe" not in text, f"{deck_id}/{lang}: the tool's name is hyphenated (it reader: 'card-gen')"


#: The books whose example of a turn is not kept on one page: in Royale's Light Supper book it follows the
#: nobles' tables with only the end of the game after it, which, closing the book with the credits, cannot be set
#: first where the example leaves room; kept on one page, the example left half of page 4 empty under the tables
#: (read 8, en28). There it starts under the tables, each of its boxes whole, and its turn may open the next page,
#: which faces it in the printed book (test_an_example_that_flows_is_read_on_one_page_or_one_spread). The Solo
#: book is no longer one of them: its end of the game and score scale come before the example, which is kept on one
#: page (read 9, en20/it35: a spread was not read as whole).
EXAMPLE_FLOWS = {"royale-short"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", BOOKS)
def test_every_worked_example_is_kept_on_one_page(deck_id: str, lang: str) -> None:
    """A worked example (its heading, position tables and turn box) never spans two pages (issue 36: Royale's
    starting position at the foot of p.4, its turn on p.5). Every example box of the markup is inside a
    ``<keep within="page">``; each such block, drawn on both papers, lands on a single page. The books of
    ``EXAMPLE_FLOWS`` keep none, and no box of their example breaks."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(render_markup(resolve(deck_id, ROOT), lang))
    kept = {id(box) for keep in root.iter("keep") if keep.get("within") == "page"
            for box in keep.iter("box")}
    examples = [box for box in root.iter("box") if box.get("kind") == "example"]
    loose = [box.get("title") for box in examples if id(box) not in kept]
    if deck_id in EXAMPLE_FLOWS:
        assert examples and not kept and not [box for box in examples if box.get("breaks")], deck_id
        return
    assert not loose, f"{deck_id}/{lang}: example boxes not kept on one page: {loose}"
    for paper in sorted(PAPERS):
        groups = book(deck_id, lang, paper).groups
        assert len({name for name, _ in groups}) >= (1 if examples else 0), "the kept examples were not recorded"
        pages: dict[str, set[int]] = {}
        for name, page in groups:
            pages.setdefault(name, set()).add(page)
        spread = {name: sorted(p) for name, p in pages.items() if len(p) > 1}
        assert not spread, f"{deck_id}/{lang}/{paper}: a worked example spans pages {spread}"


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", BOOKS)
def test_no_word_is_cut_at_the_foot_of_a_column(deck_id: str, lang: str, paper: str) -> None:
    """The last line of a column never ends with a hyphen (issue 36: "Lisez votre ver- / dict", across a page)."""
    import pypdfium2 as pdfium

    from cardgen.rulebook.typeset import FOOTER, MARGIN

    doc = pdfium.PdfDocument(book(deck_id, lang, paper).pdf)
    cut, hyphens = [], 0
    for number, page in enumerate(doc, start=1):
        width = page.get_size()[0]
        text = page.get_textpage()
        chars = text.get_text_range()
        boxes = [text.get_charbox(i) for i in range(len(chars))]
        body = [(box[0] < width / 2, (box[1] + box[3]) / 2) for ch, box in zip(chars, boxes)
                if not ch.isspace() and (box[1] + box[3]) / 2 > MARGIN + FOOTER - 10]  # above the footer line
        for i, ch in enumerate(chars):
            if ch != "\ufffe" and not (ch == "-" and chars[i + 1:i + 2] in ("\r", "\n")):
                continue
            hyphens += 1
            left, y = boxes[i][0] < width / 2, (boxes[i][1] + boxes[i][3]) / 2
            if not any(side == left and below < y - 4 for side, below in body):
                cut.append(f"p.{number} {chars[max(0, i - 12):i + 1]!r}")
    doc.close()
    assert hyphens, "no line-end hyphen at all: the check would prove nothing"
    assert not cut, f"{deck_id}/{lang}/{paper}: a word cut at the foot of a column: {cut}"


#: pages of each book on A4, the same in every language (#53: the French and Italian Masked Ball books and the
#: French Charity Toast book ran to a 7th page that held a box or two and the credits, where English had 6)
#: (a book whose English is shorter by a whole page holds a dict; round 62: the Draco books, their rulings gathered at
#: the end and their worked example kept on one page, run to 6 pages in every language)
#: (round 63: the English no-Zork book, its example of a toast after the action cards, fills its pages and ends on
#: the 5th)
PAGES = {"draco": 6, "draco-charity-toast": 6, "draco-long": 6, "draco-no-zork": {"fr": 6, "it": 6, "en": 5},
         "draco-short": 6,
         "king_lui": 3, "king_lui-gentle-overeating": 3, "king_lui-hungry-dragon": 3, "king_lui-six-players": 3,
         "royale": 5, "royale-masked": 6, "royale-short": 5, "royale-solo": 5}


@pytest.mark.parametrize("deck_id", BOOKS)
def test_each_book_has_its_page_count_in_every_language(deck_id: str) -> None:
    """A translation that runs longer never opens a near-empty last page: the count is the deck's in every
    language (a book that grows or shrinks on purpose changes ``PAGES``)."""
    pages = {lang: int(trail(deck_id, lang, "a4")[-1][1].split(":")[0]) for lang in SHIPPED}
    want = PAGES[deck_id] if isinstance(PAGES[deck_id], dict) else dict.fromkeys(SHIPPED, PAGES[deck_id])
    assert pages == want, f"{deck_id}: pages by language {pages}"


def _column_gaps(deck_id: str, lang: str) -> dict[str, float]:
    """The share of each body column left empty at its foot, on every A4 page but the last ("page:frame")."""
    from reportlab.platypus import Spacer

    ends: dict[tuple[int, str], float] = {}
    for drawn in book(deck_id, lang, "a4").drawn:
        if not isinstance(drawn.flowable, Spacer) and drawn.frame != "title":
            ends[(drawn.page, drawn.frame)] = drawn.left
    last = max(page for page, _ in ends)
    return {f"{page}:{frame}": share for (page, frame), share in ends.items() if page < last}


#: The most of a column (its share) a King Lui book leaves empty before its last page.
KING_LUI_GAP = 0.3


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-gentle-overeating", "king_lui-hungry-dragon",
                                     "king_lui-six-players"])
def test_king_lui_fills_its_columns_before_the_last_page(deck_id: str, lang: str) -> None:
    """Round 5, en reader: "Page 1. Both columns end about a fifth of the page early"; the variant books left
    two fifths of a column empty above Contents, Setting up or the players' actions, each kept whole. They now
    break between the columns of a page like any other section."""
    gaps = _column_gaps(deck_id, lang)
    assert len(gaps) >= 4, f"{deck_id}/{lang}: columns measured {sorted(gaps)}: the check would prove nothing"
    wide = {where: round(share, 2) for where, share in gaps.items() if share > KING_LUI_GAP}
    assert not wide, f"{deck_id}/{lang}: columns ending early {wide}"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_king_lui_scoring_ends_on_the_page_it_starts(lang: str) -> None:
    """Round 5, en reader: "keep 'Scoring' (Too greedy? + Counting the points) together". The tie-break and its
    ruling now end the page that "Too greedy?" is on; the French book's longer lines still send them overleaf,
    with the worked example."""
    import pypdfium2 as pdfium

    words = {"it": ("Troppo ingordo", "Se più giocatori"), "en": ("Too greedy?", "If several players share")}[lang]
    doc = pdfium.PdfDocument(book("king_lui", lang, "a4").pdf)
    # pdfium marks a hyphen the line break added with U+FFFE: "gioca\ufffetori" is "giocatori" (round 28, #53)
    texts = [" ".join(doc[i].get_textpage().get_text_range().replace("\ufffe", "").split()) for i in range(len(doc))]
    pages = [next(i for i, text in enumerate(texts) if w in text) for w in words]
    doc.close()
    assert pages[0] == pages[1], f"king_lui/{lang}: 'Too greedy?' on page {pages[0] + 1}, the tie-break on {pages[1] + 1}"


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(EXAMPLE_FLOWS))
def test_an_example_that_flows_is_read_on_one_page_or_one_spread(deck_id: str, lang: str, paper: str) -> None:
    """The books whose example may open the next page (``EXAMPLE_FLOWS``) still show it at one glance: its heading
    and its boxes ("Your turn", the ghost's turn) stand on one page, or on a left page and the right page facing
    it (an even page and the next), never across a page turn (issue 36's fault)."""
    from cardgen.rulebook.catalog import translations
    from page_fill import find_text

    tr = translations(lang, "royale")
    pdf = book(deck_id, lang, paper).pdf
    heading = find_text(pdf, paper, tr.gettext("Example of a turn"))
    assert heading, f"{deck_id}/{lang}/{paper}: no example heading"
    first = heading[-1][0]  # the example's own heading (a table of contents or a cross-reference would come earlier)
    titles = [tr.gettext("Your turn in this example")] + (
        [tr.gettext("The ghost’s turn in this example")] if deck_id == "royale-solo" else [])
    pages = {first}
    for title in titles:
        after = [page for page, _, _ in find_text(pdf, paper, title) if page >= first]
        assert after, f"{deck_id}/{lang}/{paper}: no box “{title}” after the example's heading"
        pages.add(after[0])
    assert pages <= {first, first + 1}, f"{deck_id}/{lang}/{paper}: the example spans pages {sorted(pages)}"
    assert len(pages) == 1 or first % 2 == 0, \
        f"{deck_id}/{lang}/{paper}: the example goes on over a page turn (pages {sorted(pages)})"


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
def test_the_masked_ball_gallery_and_order_rules_are_not_cut_by_a_page_turn(lang: str, paper: str) -> None:
    """Read 9 on the Masked Ball book. it32: the contents' gallery was cut in two, the dishes on page 1, the
    imposter, solo, end and noble cards atop page 2: all its pictures now stand on page 1. it30/it31: the sentence
    on the "Play order counts" label lost its last word overleaf, and the order's definition broke mid-sentence
    over the page: each stands on one page."""
    from cardgen.rulebook.catalog import translations
    from page_fill import find_text

    tr = translations(lang, "royale")
    pdf = book("royale-masked", lang, paper).pdf
    first = find_text(pdf, paper, tr.gettext("Imposter"))
    back = find_text(pdf, paper, tr.gettext("The same noble, unmasked side (not used in this book)")[:20])
    assert first and first[0][0] == 1 and back and back[0][0] == 1, (first[:1], back[:1])
    label, heading = tr.gettext("Play order counts"), tr.gettext("The nobles and their requests")
    sentence = tr.gettext("Some requests are marked “%(label)s”: for them, the order in which you place the cards "
                          "under the noble is part of the request (see “%(heading)s”).") % {"label": label, "heading": heading}
    definition = tr.gettext("The first and last cards of a service are the first and last ones placed in it.")
    pages = _page_texts(pdf)
    for text in (sentence, definition):
        flat = _flat(text)
        head = [number for number, page in enumerate(pages, 1) if flat[:30] in page]
        assert head, f"{lang}/{paper}: “{flat[:30]}” not found"
        assert flat[-30:] in pages[head[0] - 1], f"{lang}/{paper}: “{flat[:30]} … {flat[-30:]}” runs over a page turn"


def _flat(text: str) -> str:
    """``text`` with its soft hyphens dropped and every run of spaces (no-break ones too) one plain space."""
    return " ".join(text.replace("\ufffe", "").replace("\u00ad", "").replace("-\r\n", "").split())


def _page_texts(pdf: bytes) -> list[str]:
    """Each page's text, flattened (``_flat``): a sentence broken over lines reads whole."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [_flat(doc[number].get_textpage().get_text_range()) for number in range(len(doc))]
    finally:
        doc.close()


def widows(deck_id: str, lang: str, paper: str) -> tuple[list[str], int]:
    """Where ("page:frame") the last line of a paragraph broken across columns or pages stands alone at the top,
    and how many paragraphs the book breaks."""
    from reportlab.platypus import Paragraph, Spacer

    drawn = [(d.flowable, f"{d.page}:{d.frame}") for d in book(deck_id, lang, paper).drawn
             if not isinstance(d.flowable, Spacer)]
    alone = [where for (before, was), (flow, where) in zip(drawn, drawn[1:])
             if was != where and getattr(before, "_splitpara", 0) and isinstance(flow, Paragraph)
             and len(flow.blPara.lines) == 1]
    return alone, sum(getattr(flow, "_splitpara", 0) for flow, _ in drawn)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", BOOKS)
def test_no_paragraph_leaves_its_last_line_alone_atop_a_column(deck_id: str, lang: str, paper: str) -> None:
    """A widow (round 65, it7: Royale's definition of "satisfied" broke across the page and left "nessuna." alone
    at the top of page 3): a paragraph broken across columns takes at least two lines to the next one."""
    alone, _ = widows(deck_id, lang, paper)
    assert not alone, f"{deck_id}/{lang}/{paper}: widowed last lines"


def test_the_widow_check_sees_the_paragraphs_a_book_breaks() -> None:
    """Royale's Italian A4 book breaks the definition of "satisfied" across pages 2 and 3 (it7): the check sees
    it, else it would prove nothing."""
    assert widows("royale", "it", "a4")[1] >= 1


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", SHIPPED)
def test_the_charity_toast_example_is_read_in_one_column(lang: str, paper: str) -> None:
    """Round 65, en25: Charity Toast's example of a toast was cut in two across the columns of page 4. Where a
    column holds it and its table of money, it is set whole in one (its boxes kept whole, the example set after the
    action cards where it would leave a column blank: ``typeset.RulebookDoc.skips_column``); where
    none does (the Italian Letter book), its two boxes share one page."""
    from reportlab.platypus import PageBreak, Spacer

    from cardgen.rulebook.typeset import FOOTER, MARGIN

    drawn = [(d.flowable, f"{d.page}:{d.frame}") for d in book("draco-charity-toast", lang, paper).drawn
             if d.in_group and not isinstance(d.flowable, PageBreak)]  # spacers too: they take height
    assert len(drawn) >= 2, "no example of two boxes: the check would prove nothing"
    flows, frames = [flow for flow, _ in drawn], {where for flow, where in drawn if not isinstance(flow, Spacer)}
    width = column_width(paper)
    need = (sum(flow.wrap(width, 0xFFFFFF)[1] for flow in flows) + sum(f.getSpaceBefore() for f in flows[1:])
            + sum(f.getSpaceAfter() for f in flows[:-1]))
    column = PAPERS[paper][1] - 2 * MARGIN - FOOTER
    if need <= column:
        assert len(frames) == 1, f"{lang}/{paper}: a column holds the example, set in {sorted(frames)}"
    else:
        assert len({where.split(":")[0] for where in frames}) == 1, f"{lang}/{paper}: {sorted(frames)}"
