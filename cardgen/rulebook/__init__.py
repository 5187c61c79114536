"""Rulebooks in French, Italian and English, from one template per game.

``render_rulebook(resolved, lang, paper)`` is the whole stage: the game's Jinja2
template (``templates/rulebook/<game>.j2``) is rendered with the language's gettext
catalog and the resolved deck's numbers (``templating``, ``context``, ``catalog``),
the resulting markup becomes Platypus flowables (``markup``, ``pictures``,
``styles``) and is set in two columns with bookmarks and metadata (``typeset``).
"""
from __future__ import annotations

from reportlab.lib import colors

from cardgen.resolve.resolve import ResolvedDeck
from cardgen.rulebook.markup import Converter, MarkupError, parse
from cardgen.rulebook.pictures import find_draw_face
from cardgen.rulebook.styles import make_styles
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


def render_rulebook(resolved: ResolvedDeck, lang: str, paper: str) -> bytes:
    """The rulebook of ``resolved`` in ``lang`` (fr, it, en) on ``paper`` (a4, letter), as PDF bytes."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper '{paper}'; expected one of {', '.join(PAPERS)}")
    markup = render_markup(resolved, lang)
    accent = accent_colour(resolved)
    styles = make_styles(lang, accent)
    converter = Converter(resolved, lang, styles, column_width(paper), find_draw_face())
    try:
        book = parse(markup, converter)
    except MarkupError as exc:  # a project's template wrote markup the typesetter cannot read
        raise InputError(f"rulebook markup: {exc}", file=template_file(resolved)) from None
    return typeset(book, lang, paper, resolved.model.name[lang], accent)


def rulebook_text(resolved: ResolvedDeck, lang: str) -> str:
    """The words of the rulebook (from its markup), for spelling and wording checks."""
    return plain_text(render_markup(resolved, lang))


__all__ = ["LANG_TAGS", "PAPERS", "has_rulebook", "render_rulebook", "rulebook_text"]
