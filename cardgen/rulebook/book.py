"""Rulebooks in French, Italian and English, from one template per game.

``render_rulebook(resolved, lang, paper)`` is the whole stage: the game's Jinja2
template (``templates/rulebook/<game>.j2``) is rendered with the language's gettext
catalog and the resolved deck's numbers (``templating``, ``context``, ``catalog``),
the resulting markup becomes Platypus flowables (``markup``, ``pictures``,
``styles``) and is set in two columns with bookmarks and metadata (``typeset``).
The text (markup, styles, paragraph parses) does not depend on the paper:
``render_rulebooks`` prepares it once and sets it on each paper.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors

from cardgen.model.deck import ResolvedDeck
from cardgen.rulebook.markup import Converter, MarkupError, ParsedTexts, parse
from cardgen.rulebook.pictures import find_draw_face
from cardgen.rulebook.styles import Styles, make_styles
from cardgen.errors import InputError
from cardgen.rulebook.templating import has_rulebook, plain_text, render_markup, template_file
from cardgen.rulebook.typeset import LANG_TAGS, PAPERS, column_width, typeset

DEFAULT_ACCENT = "#5B2A86"


def accent_colour(resolved: ResolvedDeck) -> colors.Color:
    """The book's heading colour: the colour of the deck's first shared back."""
    palette = resolved.model.colours
    for back in resolved.model.backs.values():
        if back.colour in palette:
            return colors.HexColor(palette[back.colour].rgb)
    return colors.HexColor(DEFAULT_ACCENT)


@dataclass
class BookText:
    """What the books of one deck in one language share, whatever the paper: the markup the
    template wrote, the styles and the parse of every paragraph (``ParsedTexts``). Preparing it is about a quarter of making a book;
    ``render_rulebooks`` prepares it once for all papers."""

    markup: str
    accent: colors.Color
    styles: Styles
    parsed: ParsedTexts


def book_text(resolved: ResolvedDeck, lang: str) -> BookText:
    """The text of the rulebook of ``resolved`` in ``lang``, ready to be set on any paper."""
    accent = accent_colour(resolved)
    return BookText(render_markup(resolved, lang), accent, make_styles(lang, accent), ParsedTexts())


def render_rulebook(resolved: ResolvedDeck, lang: str, paper: str, text: BookText | None = None) -> bytes:
    """The rulebook of ``resolved`` in ``lang`` (fr, it, en) on ``paper`` (a4, letter), as PDF bytes.

    ``text``, from ``book_text(resolved, lang)``, is shared with the book on another paper;
    the bytes are the same with or without it.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper '{paper}'; expected one of {', '.join(PAPERS)}")
    text = text if text is not None else book_text(resolved, lang)
    converter = Converter(resolved, lang, text.styles, column_width(paper), find_draw_face(), text.parsed)
    try:
        book = parse(text.markup, converter)
    except MarkupError as exc:  # a project's template wrote markup the typesetter cannot read
        raise InputError(f"rulebook markup: {exc}", file=template_file(resolved),
                         key="rulebook_markup", fields={"why": exc}) from None
    return typeset(book, lang, paper, resolved.model.name[lang], text.accent)


def render_rulebooks(resolved: ResolvedDeck, lang: str, papers: list[str]) -> list[bytes]:
    """The rulebook of ``resolved`` in ``lang`` on each of ``papers``, in order, its text prepared once."""
    for paper in papers:
        if paper not in PAPERS:
            raise ValueError(f"unknown paper '{paper}'; expected one of {', '.join(PAPERS)}")
    text = book_text(resolved, lang) if papers else None
    return [render_rulebook(resolved, lang, paper, text) for paper in papers]


def rulebook_text(resolved: ResolvedDeck, lang: str) -> str:
    """The words of the rulebook (from its markup), for spelling and wording checks."""
    return plain_text(render_markup(resolved, lang))


__all__ = ["LANG_TAGS", "PAPERS", "BookText", "book_text", "has_rulebook", "render_rulebook", "render_rulebooks",
           "rulebook_text"]
