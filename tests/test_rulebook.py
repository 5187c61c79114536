"""The rulebook PDFs: metadata, bookmarks, reproducible bytes, numbers from the deck, typography."""
from __future__ import annotations

import io
import re
import subprocess
import sys

import pikepdf
import pytest
from test_rulebook_support import ROOT, base_deck, book, pdf_text, tokens, write_variant

from cardgen.rulebook.book import LANG_TAGS, PAPERS, has_rulebook, render_rulebook, rulebook_text
from cardgen.rulebook.catalog import translations
from cardgen.languages import SHIPPED
from nonempty import nonempty

LANGS = SHIPPED


def tr(lang: str, message: str, **values: object) -> str:
    """``message`` as the catalog of ``lang`` translates it, placeholders filled."""
    return translations(lang, "king_lui").gettext(message) % values


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The test variant (7 cards per player, 19 ham) in a throwaway copy of the project."""
    project = tmp_path_factory.mktemp("project")
    (project / "decks").mkdir()
    (project / "decks" / "king_lui.yaml").write_text((ROOT / "decks" / "king_lui.yaml").read_text("utf-8"), "utf-8")
    return write_variant(project)


@pytest.fixture(scope="module")
def variant_texts(variant: object) -> dict[str, str]:
    return {lang: pdf_text(render_rulebook(variant, lang, "a4")) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_metadata_language_title_author(lang: str) -> None:
    pdf = pikepdf.open(io.BytesIO(book(lang)))
    deck = base_deck().model
    assert str(pdf.Root.Lang) == LANG_TAGS[lang]
    assert str(pdf.docinfo["/Title"]) == tr(lang, "%(name)s: rules of the game", name=deck.name[lang])
    for designer in deck.credits.designers:
        assert designer in str(pdf.docinfo["/Author"])


@pytest.mark.parametrize("lang", LANGS)
def test_headings_are_bookmarks(lang: str) -> None:
    pdf = pikepdf.open(io.BytesIO(book(lang)))
    with pdf.open_outline() as outline:
        top = [item.title for item in outline.root]
        nested = {item.title: [c.title for c in item.children] for item in outline.root}
    for heading in ("Setting up", "Playing a course", "Scoring", "Credits"):
        assert tr(lang, heading) in top
    assert tr(lang, "The chef lays the table") in nested[tr(lang, "Playing a course")]
    assert tr(lang, "Too greedy?") in nested[tr(lang, "Scoring")]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_paper_size_and_embedded_fonts(paper: str) -> None:
    pdf = pikepdf.open(io.BytesIO(book("fr", paper)))
    width, height = (float(v) for v in list(pdf.pages[0].MediaBox)[2:])  # pikepdf < 10 cannot slice an Array
    assert (round(width), round(height)) == tuple(round(v) for v in PAPERS[paper])
    for page in pdf.pages:
        fonts = page.Resources.Font
        for font in (fonts[name] for name in fonts.keys()):  # pikepdf < 10.3 has no Dictionary.values()
            descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            assert "/FontFile2" in descendant.FontDescriptor, f"font {font.BaseFont} is not embedded"


def test_two_columns() -> None:
    """Body lines start at two distinct left edges, one per column."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(book("en"))
    page = doc[1]
    textpage = page.get_textpage()
    width = page.get_width()
    lefts = set()
    for i in range(textpage.count_rects()):
        left, _, _, _ = textpage.get_rect(i)
        lefts.add("left" if left < width / 2 else "right")
    assert lefts == {"left", "right"}


def test_identical_bytes_on_rebuild() -> None:
    first = render_rulebook(base_deck(), "it", "a4")
    assert render_rulebook(base_deck(), "it", "a4") == first
    code = ("import sys; from cardgen.resolve.resolve import resolve; from cardgen.rulebook.book import render_rulebook;"
            f"sys.stdout.buffer.write(render_rulebook(resolve('king_lui', {str(ROOT)!r}), 'it', 'a4'))")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, cwd=ROOT).stdout
    assert other == first, "a fresh process gives different bytes"


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_follow_the_deck(lang: str, variant: object, variant_texts: dict[str, str]) -> None:
    """A variant's numbers reach every sentence and table, with no template edited."""
    base = tokens(pdf_text(book(lang)))
    text = variant_texts[lang]
    found = tokens(text)
    rules = variant.rules  # type: ignore[attr-defined]
    total = sum(c.count for c in variant.model.components)  # type: ignore[attr-defined]
    per_course = [rules.course_cards_per_player * n for n in variant.model.players.counts]  # type: ignore[attr-defined]
    expected = {str(total), *map(str, per_course), str(rules.course_cards_per_player)}
    assert expected <= found, f"missing numbers: {sorted(expected - found)}"
    # the recounted ham (19 cards) shows under its picture; the base book shows ×15 there (and has a 19 of
    # its own, the example's total, so the bare number would prove nothing)
    ham = "×\u202f19" if lang == "fr" else "×19"  # French spaces the sign from its figure (issue 36)
    assert ham in text and ham not in pdf_text(book(lang))
    assert not {str(total), *map(str, per_course[1:])} & base, "the base rulebook already had these numbers"
    deal = tr(lang, "The chef turns over cards from the top of the supply, %(count)s for each player, and lays "
                    "them face up in the middle of the table: this is the course.", count=7)
    assert " ".join(deal.split()[:12]) in " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
def test_variant_lists_its_differences(lang: str, variant: object, variant_texts: dict[str, str]) -> None:
    text = " ".join(variant_texts[lang].split())
    assert tr(lang, "What differs from the base game") in text
    assert variant.model.name[lang] in text  # type: ignore[attr-defined]
    rule = tr(lang, "Cards the chef deals per player each course")
    assert re.search(re.escape(rule) + r"\W+7\W", text), "the changed rule is not named with its new value"
    ham = variant.component("ham").name[lang]  # type: ignore[attr-defined]
    assert re.search(re.escape(ham) + r"\W+19\W", text), "the recounted dish is not listed"
    assert tr(lang, "What differs from the base game") not in pdf_text(book(lang))


def test_french_typography() -> None:
    text = pdf_text(book("fr"))
    assert not re.search(r"[ \u00a0][:;!?»]", text), re.findall(r".{12}[ \u00a0][:;!?»]", text)
    assert not re.search(r"«[ \u00a0]", text)
    assert "«\u202f" in text and "\u202f»" in text
    assert "\u202f:" in text
    assert "'" not in rulebook_text(base_deck(), "fr")


@pytest.mark.parametrize("lang, quotes", [("it", "«»"), ("en", "“”")])
def test_italian_and_english_quotes(lang: str, quotes: str) -> None:
    text = rulebook_text(base_deck(), lang)
    assert quotes[0] in text and quotes[1] in text
    assert "'" not in text and '"' not in text


def test_numbers_are_formatted_per_locale() -> None:
    from cardgen.rulebook.templating import format_number

    assert format_number(1234, "fr") == "1\u202f234"
    assert format_number(1234, "it") == "1.234"
    assert format_number(1234, "en") == "1,234"
    assert format_number(63.5, "fr") == "63,5"
    assert "2003" in pdf_text(book("fr")), "a year must not be formatted as a number"


def test_pictures_use_the_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each component and the back are drawn by draw_face, in the book's language."""
    import types

    calls: list[tuple[str, str, bool, float]] = []

    def fake(canvas, resolved, component, face, lang, at, *, ink_saver=False, back=False):  # noqa: ANN001
        calls.append((component.id, lang, back, canvas._currentMatrix[0]))
        canvas.rect(*at, 10, 10)

    module = types.ModuleType("cardgen.render.cardface")
    module.draw_face = fake  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardgen.render.cardface", module)
    render_rulebook(base_deck(), "it", "letter")
    card_ids = [c.id for c in base_deck().components_of("card")]
    assert [c for c, _, back, _ in calls if not back] == card_ids
    assert sum(back for _, _, back, _ in calls) == 1
    assert {lang for _, lang, _, _ in calls} == {"it"}
    assert all(0 < scale < 0.5 for *_, scale in calls), "pictures are drawn reduced"


def test_pictures_fall_back_without_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.rulebook.book as rulebook

    monkeypatch.setattr(rulebook, "find_draw_face", lambda: None)
    text = pdf_text(render_rulebook(base_deck(), "en", "a4"))
    for component in nonempty(base_deck().components_of("card")):
        assert text.count(component.faces[0].title["en"]) >= 2, "placeholder card title missing"


def test_real_card_drawings_in_the_rulebook(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.render.cardface as cardface  # an import error fails the test: no skip hides it
    real = cardface.draw_face
    count = []
    monkeypatch.setattr(cardface, "draw_face", lambda *a, **k: (count.append(1), real(*a, **k)))
    pdf = render_rulebook(base_deck(), "fr", "a4")
    assert len(count) == len(base_deck().components_of("card")) + 1
    assert len(pdf) > len(book("fr")) * 0.5


def test_clarifications_are_printed_as_our_rulings() -> None:
    deck = base_deck()
    labels = {"fr": "Choix de cette édition", "it": "Scelta di questa edizione", "en": "This edition’s ruling"}
    for lang in nonempty(LANGS):
        text = " ".join(pdf_text(book(lang)).split())
        assert text.count(labels[lang]) >= 1
        for clar in deck.model.clarifications.values():
            words = clar.text[lang].replace("'", "\u2019").split()
            assert " ".join(words[:8]) in text


def test_game_without_template_gets_the_generic_booklet(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game with no rulebook template still gets a booklet (components, credits) and a notice."""
    from cardgen.rulebook import templating

    deck = base_deck()
    assert has_rulebook(deck)
    monkeypatch.setattr(templating, "template_name", lambda game: f"{game}-not-written.j2")
    assert not has_rulebook(deck)
    text = pdf_text(render_rulebook(deck, "fr", "a4"))
    assert tr("fr", "Rules not written yet") in text
    assert deck.model.name["fr"] in text


def test_unknown_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="a4"):
        render_rulebook(base_deck(), "en", "a3")


@pytest.mark.parametrize("lang", LANGS)
def test_hyphenation_follows_the_language(lang: str) -> None:
    """Words broken at a line end are broken where the language's pyphen dictionary allows, and
    never strand fewer than 3 letters on either side ("play-er", "oth-er")."""
    import pyphen
    import pypdfium2 as pdfium

    from cardgen.rulebook.styles import HYPHEN_EDGE, HYPHENATION

    doc = pdfium.PdfDocument(book(lang))
    raw = "".join(page.get_textpage().get_text_range() for page in doc)
    breaks = re.findall(r"(\w+)\ufffe(\w+)", raw)  # pdfium marks an added hyphen with U+FFFE
    assert breaks, "no word is hyphenated"
    dictionary = pyphen.Pyphen(lang=HYPHENATION[lang])
    wrong = [f"{a}-{b}" for a, b in breaks if (a, b) not in set(dictionary.iterate(a + b))]
    assert not wrong, f"breaks the {lang} dictionary does not allow: {wrong}"
    short = [f"{a}-{b}" for a, b in breaks if min(len(a), len(b)) < 3]
    assert HYPHEN_EDGE == 3 and not short, f"breaks leaving 2 letters or fewer: {short}"
    # fifth English reader: "col-our." — a word of six letters or fewer is never broken
    six = [f"{a}-{b}" for a, b in breaks if len(a + b) < 7]
    assert not six, f"short words broken: {six}"


def test_a_six_letter_word_is_never_broken() -> None:
    """The hyphenator offers no break in "colour." (six letters, punctuation aside) nor in "colours", but
    does in a longer word (fifth English reader: "col-our." at a line end)."""
    from cardgen.rulebook.styles import hyphenation

    split = hyphenation("en_GB")
    assert list(split("colour")) == [] and list(split("colour.")) == [] and list(split("colours,")) == []
    assert list(split("compulsory")) != []


#: The base book's table of courses, worked out by hand from the published rules: the chef deals
#: twice as many cards as there are players, from 110 cards; the game ends when the supply cannot
#: fill a course, so the most courses is 110 // (2 x players).
HAND_COURSES = [(3, 6, 18), (4, 8, 13), (5, 10, 11)]
#: The deal sentence with the published two cards per player, written out by hand.
HAND_DEAL = {"fr": "Le chef retourne les cartes du dessus de la pioche, 2 par joueur,",
             "it": "Il cuoco gira le prime carte del mazzo, 2 per giocatore,",
             "en": "The chef turns over cards from the top of the supply, 2 for each player,"}


@pytest.mark.parametrize("lang", LANGS)
def test_base_book_prints_the_published_course_size(lang: str) -> None:
    """Two cards per player (published), so a book printing 3 whenever the data says 2 fails here."""
    from cardgen.rulebook.templating import render_markup
    assert base_deck().rules.course_cards_per_player == 2, "the base deck must follow the published rules"
    markup = render_markup(base_deck(), lang)
    for players, cards, courses in HAND_COURSES:
        assert f"<tr><td>{players}</td><td>{cards}</td><td>{courses}</td></tr>" in markup
    assert HAND_DEAL[lang] in " ".join(markup.split())


#: The scoring example worked out by hand: (king's portions, yours, points or None when discarded)
#: for the first four dishes; 2 x 5 + 3 x 3 = 19 points, 3 + 1 = 4 cards discarded.
HAND_SCORING = [(5, 2, 10), (3, 3, 9), (2, 3, None), (0, 1, None)]
HAND_SCORE = {"fr": ("19 points", "4 cartes"), "it": ("19 punti", "4 carte"), "en": ("19 points", "4 cards")}
DISCARDED = {"fr": "défaussé", "it": "scartat", "en": "discarded"}  # agreeing with the number of cards


@pytest.mark.parametrize("lang", LANGS)
def test_scoring_example_adds_up_by_hand(lang: str) -> None:
    """Every row, the total and the discard count of the scoring example, against a table worked by hand."""
    from cardgen.rulebook.templating import render_markup
    deck = base_deck()
    markup = render_markup(deck, lang)
    dishes = [c for c in deck.model.components if c.data is not None and c.data.role == "portion"]
    for dish, (king, mine, points) in zip(dishes, HAND_SCORING):
        name = dish.name[lang]
        cell = f"{mine} × {king} = {points}" if points is not None else None
        row = re.search(rf"<tr><td>{re.escape(name)}</td><td>{king}</td><td>{mine}</td><td>([^<]*)</td></tr>", markup)
        assert row, f"{lang}: no example row for {name} with {king} and {mine}"
        if cell:
            assert row.group(1) == cell
        else:
            # a points column holds a number: a discarded dish scores 0 (read 6, it4)
            assert row.group(1).startswith(f"0 ({DISCARDED[lang]}"), row.group(1)
    assert re.search(r"<th>[^<]*</th><th></th><th></th><th>19</th>", markup), "the total is not 19"
    text = " ".join(markup.split())
    assert all(part in text for part in HAND_SCORE[lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_house_rule_alone_promises_no_changed_numbers(lang: str) -> None:
    """A code house rule changes no number: its book must not say the numbers take changes into account. Since
    round 5 (en reader) the house rule's closing sentence and the numbers' one read alike ("already includes this
    change"): a house rule alone prints it once, never twice."""
    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.templating import render_markup
    singular = "The rest of this book already takes this change into account."
    sentence = translations(lang, "king_lui").ngettext(singular, "The rest of this book already takes these changes "
                                                       "into account.", 1)
    assert render_markup(resolve("king_lui-hungry-dragon", ROOT), lang).count(sentence) == 1  # one number changes
    assert render_markup(resolve("king_lui-gentle-overeating", ROOT), lang).count(sentence) == 1


# The player counts the published boxes give (../shared/reference/GAMES.md): King Lui "3 to 5
# players", Royale "1 (solo) to 4", Draco & Co "3 to 6".
PUBLISHED_PLAYERS = {"king_lui": (3, 5), "royale": (1, 4), "draco": (3, 6)}


def _title_page(pdf: bytes) -> str:
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(pdf)
    try:
        textpage = doc[0].get_textpage()
        return re.sub(r"\s+", " ", textpage.get_text_range())
    finally:
        doc.close()


@pytest.mark.parametrize("game", sorted(PUBLISHED_PLAYERS))
def test_the_title_page_gives_the_published_player_range(game: str) -> None:
    """The title line says "<fewest> to <most> players" with the box's numbers, in every language."""
    from cardgen.resolve.resolve import resolve

    deck = resolve(game, ROOT)
    low, high = PUBLISHED_PLAYERS[game]
    for lang in nonempty(deck.model.languages):
        message = translations(lang, game).gettext("%(low)s to %(high)s players")  # the cover line's first item
        players_part = re.sub(r"\s+", " ", message % {"low": low, "high": high}).strip()
        assert str(low) in players_part and str(high) in players_part
        title = _title_page(render_rulebook(deck, lang, "a4"))
        assert players_part in title, (lang, players_part, title[:300])
        for wrong in {(low, low), (high, high), (low, high + 1), (low - 1, high)} - {(low, high)}:
            other = re.sub(r"\s+", " ", message % {"low": wrong[0], "high": wrong[1]}).strip()
            assert other not in title


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_the_base_game_s_name_is_never_broken_at_its_ampersand(lang: str) -> None:
    """"è una variante di Draco / & Co" (Italian reader, round 13): the name is one unit in running text."""
    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.templating import render_markup
    markup = render_markup(resolve("draco-short", ROOT), lang)
    assert "Draco\u00a0&amp;\u00a0Co" in markup and "Draco &amp; Co</i>" not in markup


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_every_king_lui_house_variant_says_so_in_its_credits(lang: str) -> None:
    """Round 5 (en reader): King Lui for Six said in its credits that it is a house rule of this edition, Gentle
    Overeating and Hungry Dragon did not. Every house variant says it; the base book does not."""
    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.templating import render_markup
    said = {"fr": "règle maison de cette édition", "it": "per questa edizione (regola della casa)",
            "en": "house rule of this edition"}[lang]
    credits = {"fr": "<h1>Crédits</h1>", "it": "<h1>Crediti</h1>", "en": "<h1>Credits</h1>"}[lang]
    for name in ("king_lui-gentle-overeating", "king_lui-hungry-dragon", "king_lui-six-players", "king_lui"):
        markup = render_markup(resolve(name, ROOT), lang)
        assert (said in markup[markup.index(credits):]) is (name != "king_lui"), name
