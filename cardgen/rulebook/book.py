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

import re
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

#: A page reference in a book's text, ``{page:Box title}``: the page on which the block kept on one page that the
#: box of that title opens is set (book round 29 fr14*, it12*: Charity Toast's toast rule points to its example,
#: which the layout may set two pages on, after the action cards). The book is set again with the page found until
#: it stands still (``PAGE_PASSES`` settings at most, then the last page found).
PAGE_OF = re.compile(r"\{page:([^{}]+)\}")
PAGE_PASSES = 4


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
    name = resolved.model.name[lang]
    if not PAGE_OF.search(text.markup):
        return typeset(book, lang, paper, name, text.accent)
    pages: dict[str, int] = {}
    for _ in range(PAGE_PASSES):
        markup = PAGE_OF.sub(lambda m: str(pages.get(m[1], 1)), text.markup)
        groups: list[tuple[str, int]] = []
        pdf = typeset(parse(markup, converter), lang, paper, name, text.accent, groups=groups)
        found = {ref: min((page for group, page in groups if group == ref), default=0)
                 for ref in PAGE_OF.findall(text.markup)}
        if not all(found.values()):  # the template names a box it does not keep on a page
            missing = ", ".join(ref for ref, page in found.items() if not page)
            raise InputError(f"rulebook markup: no kept block titled {missing} for a page reference",
                             file=template_file(resolved), key="rulebook_markup", fields={"why": missing})
        if found == pages:
            break
        pages = found
    return pdf


def render_rulebooks(resolved: ResolvedDeck, lang: str, papers: list[str]) -> list[bytes]:
    """The rulebook of ``resolved`` in ``lang`` on each of ``papers``, in order, its text prepared once."""
    for paper in papers:
        if paper not in PAPERS:
            raise ValueError(f"unknown paper '{paper}'; expected one of {', '.join(PAPERS)}")
    text = book_text(resolved, lang) if papers else None
    return [render_rulebook(resolved, lang, paper, text) for paper in papers]


def rulebook_text(resolved: ResolvedDeck, lang: str) -> str:
    """The words of the rulebook (from its markup), for spelling and wording checks."""
    return PAGE_OF.sub("?", plain_text(render_markup(resolved, lang)))


__all__ = ["LANG_TAGS", "PAPERS", "BookText", "book_text", "has_rulebook", "render_rulebook", "render_rulebooks",
           "rulebook_text"]
