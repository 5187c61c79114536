"""Work the rulebook stage remembers or shares to go faster must never change a byte of a book."""
from __future__ import annotations

import pyphen
import pytest
from reportlab.lib import colors
from reportlab.platypus import Paragraph, Table

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.book import render_rulebook, render_rulebooks
from cardgen.rulebook.markup import BookTable, ParsedTexts, TypoParagraph, _restore_narrow
from cardgen.rulebook.styles import HYPHENATION, make_styles

from test_rulebook_support import ROOT


def _forget_wraps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every wrap breaks the lines again, as reportlab's own Paragraph does, and every table
    measures its rows again, as reportlab's own Table does."""
    monkeypatch.setattr(TypoParagraph, "wrap", Paragraph.wrap)
    monkeypatch.setattr(BookTable, "_calc", Table._calc)


#: Draco in English, not French: the French book's card grid has a caption that breaks at its own hyphen
#: ("Chassé-|croisé", embedded hyphenation); reportlab's own Table, measuring that caption again, prints it
#: "Chassécroisé" (the hyphen lost), which the remembered measures do not: the two ways differ there by
#: reportlab's fault, not ours (round 58)
@pytest.mark.parametrize("deck_id,lang,paper", [("draco", "en", "a4"), ("royale", "it", "letter")])
def test_remembered_line_breaks_give_the_same_book(deck_id: str, lang: str, paper: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    deck = resolve(deck_id, ROOT)
    remembered = render_rulebook(deck, lang, paper)
    with monkeypatch.context() as patch:
        _forget_wraps(patch)
        assert render_rulebook(deck, lang, paper) == remembered


def test_a_paragraph_breaks_its_lines_again_for_another_width() -> None:
    style = make_styles("en", colors.black).body
    para = TypoParagraph("word " * 60, style)
    wide = para.wrap(300, 1000)
    assert para.wrap(300, 50) == wide  # the lines depend on the width alone
    narrow = para.wrap(100, 1000)
    assert narrow[0] == 100 and narrow[1] > wide[1]
    assert para.wrap(300, 1000) == wide and len(para.blPara.lines) == round(wide[1] / style.leading)


def test_a_table_measures_its_rows_again_for_another_width(monkeypatch: pytest.MonkeyPatch) -> None:
    style = make_styles("en", colors.black).cell
    table = BookTable([[TypoParagraph("word " * 12, style), TypoParagraph("two words", style)]], colWidths=[60, 40])
    measures: list[float] = []
    calc = Table._calc
    monkeypatch.setattr(Table, "_calc", lambda self, w, h: (measures.append(w), calc(self, w, h)))
    first = table.wrap(300, 1000)
    assert table.wrap(300, 20) == first and measures == [300]  # the rows depend on the width alone
    table.split(300, 1000)
    assert measures == [300]
    table.wrap(200, 1000)
    assert measures == [300, 200]


@pytest.mark.parametrize("lang", sorted(HYPHENATION))
def test_body_text_hyphenates_with_the_languages_dictionary(lang: str) -> None:
    """The body style's hyphenator breaks words where pyphen's dictionary of the language does, never
    leaving fewer than HYPHEN_EDGE (3) letters on either side."""
    from cardgen.rulebook.styles import HYPHEN_EDGE

    hyphenate = make_styles(lang, colors.black).body.hyphenationLang
    assert callable(hyphenate)
    word = {"fr": "extraordinairement", "it": "straordinariamente", "en": "extraordinarily"}[lang]
    expected = list(pyphen.Pyphen(lang=HYPHENATION[lang], left=HYPHEN_EDGE, right=HYPHEN_EDGE).iterate(word))
    assert HYPHEN_EDGE == 3 and all(min(len(a), len(b)) >= 3 for a, b in expected)
    assert expected and list(hyphenate(word)) == expected


@pytest.mark.parametrize("deck_id,lang", [("draco", "fr"), ("king_lui", "it"), ("royale", "en")])
def test_books_of_both_papers_from_one_text_are_the_books_made_alone(deck_id: str, lang: str) -> None:
    """``render_rulebooks`` prepares the text once (markup, styles, paragraph parses) for both papers."""
    deck = resolve(deck_id, ROOT)
    shared = render_rulebooks(deck, lang, ["a4", "letter"])
    assert shared == [render_rulebook(deck, lang, "a4"), render_rulebook(deck, lang, "letter")]
    assert shared[0] != shared[1]


def test_a_shared_parse_gives_each_paragraph_its_own_fragments() -> None:
    styles = make_styles("fr", colors.black)
    parsed = ParsedTexts()
    text = "Le joueur <b>actif</b> pose une carte\u202f; il <i>passe</i> sinon."
    first = TypoParagraph(text, styles.body, parsed)
    second = TypoParagraph(text, styles.body, parsed)
    alone = TypoParagraph(text, styles.body)
    assert second.frags is not first.frags and all(a is not b for a, b in zip(first.frags, second.frags))
    assert [vars(f) for f in second.frags] == [vars(f) for f in alone.frags]
    assert (second.text, second.style, second.narrow) == (alone.text, alone.style, alone.narrow)
    for para in (first, second):
        para.wrap(60, 1000)
        _restore_narrow(para.blPara, para.spaces)  # what drawing it does to its fragments
    third = TypoParagraph(text, styles.body, parsed)  # laying out and drawing the others leave the kept parse intact
    assert all(a is not b for a, b in zip(second.frags, third.frags))
    assert [vars(f) for f in third.frags] == [vars(f) for f in alone.frags]
    other = TypoParagraph(text, styles.item, parsed)  # another style is another parse
    assert other.style is styles.item
