"""A print-only deck's own rule text, typeset like cardgen's rulebooks.

A deck without a rules package may name one file per language in ``rulebook:``:

* Markdown (``.md``): headings ``#``/``##``/``###``, paragraphs, ``**bold**``,
  ``*italic*``, bullet and numbered lists, tables, ``> quotes`` (set as a box);
* booklet markup (``.xml``): the vocabulary of ``cardgen.rulebook.markup`` (the same
  the bundled templates produce), either a whole ``<book>`` or only its blocks.

Either way the text goes through the same converter and typesetter as the bundled
rulebooks (two columns, title block, bookmarks, fonts, French spacing), so it looks
like one of them. The deck's name is the title unless the text starts with a ``#``
heading, which then becomes the title.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from cardgen.errors import InputError
from cardgen.typography import for_language
from cardgen.model.deck import ResolvedDeck
from cardgen.rulebook.xmltext import escape, quoteattr

#: HTML inline tags from Markdown -> booklet markup inline tags.
_INLINE = {"strong": "b", "em": "i", "b": "b", "i": "i", "s": "strike", "code": None, "a": None, "br": "br"}


def _inline_child(child: ET.Element) -> str:
    """One inline HTML element (without its tail) as booklet inline markup."""
    if child.tag == "br":
        return "<br/>"
    if child.tag == "code":
        return f'<font face="Condensed">{_inline(child)}</font>'
    tag = _INLINE.get(child.tag)
    if tag:
        return f"<{tag}>{_inline(child)}</{tag}>"
    return _inline(child) or escape(child.get("alt", ""))  # links, images: their words only


def _inline(el: ET.Element) -> str:
    """Inner content of an HTML element as booklet inline markup."""
    parts = [escape(el.text or "")]
    for child in el:
        parts.append(_inline_child(child))
        parts.append(escape(child.tail or ""))
    return "".join(parts).strip()


def _li(li: ET.Element) -> str:
    """A list item: paragraphs of loose items and nested lists become lines of one item."""
    lines: list[str] = []
    current = [escape(li.text or "")]

    def flush() -> None:
        text = "".join(current).strip()
        if text:
            lines.append(text)
        current.clear()

    for child in li:
        if child.tag == "p":
            flush()
            lines.append(_inline(child))
        elif child.tag in ("ul", "ol"):
            flush()
            lines.extend("– " + _li(sub) for sub in child if sub.tag == "li")
        else:
            current.append(_inline_child(child))
        current.append(escape(child.tail or ""))
    flush()
    return "<br/>".join(lines)


def _blocks(parent: ET.Element) -> list[str]:
    out: list[str] = []
    for el in parent:
        tag = el.tag
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            level = min(int(tag[1]), 3)
            out.append(f"<h{level}>{_inline(el)}</h{level}>")
        elif tag == "p":
            out.append(f"<p>{_inline(el)}</p>")
        elif tag in ("ul", "ol"):
            items = "".join(f"<li>{_li(li)}</li>" for li in el if li.tag == "li")
            out.append(f"<{tag}>{items}</{tag}>")
        elif tag == "blockquote":
            out.append(f'<box kind="example">{"".join(_blocks(el))}</box>')
        elif tag == "table":
            rows = []
            for tr in el.iter("tr"):
                rows.append("<tr>" + "".join(f"<{c.tag}>{_inline(c)}</{c.tag}>" for c in tr
                                             if c.tag in ("th", "td")) + "</tr>")
            out.append(f"<table>{''.join(rows)}</table>")
        elif tag == "pre":
            out.append(f'<p><font face="Condensed">{escape("".join(el.itertext())).strip()}</font></p>')
        # hr and raw HTML blocks carry no words worth printing
    return out


def markdown_to_markup(text: str, title: str) -> str:
    """Markdown as a booklet ``<book>``; a leading ``# heading`` becomes the title."""
    from markdown_it import MarkdownIt

    html = MarkdownIt("commonmark", {"html": False}).enable("table").enable("strikethrough").render(text)
    root = ET.fromstring(f"<div>{html}</div>")
    children = list(root)
    if children and children[0].tag == "h1":
        title = "".join(children[0].itertext()).strip()
        root.remove(children[0])
    return (f"<book title={quoteattr(title)}><titlepage><title>{escape(title)}</title></titlepage>"
            + "".join(_blocks(root)) + "</book>")


def markup_of(path: Path, title: str, display: str | None = None) -> str:
    """The booklet markup of a rule text file (``.md`` converted, ``.xml`` wrapped if needed).

    Read bounded like a deck file (a pipe or a huge file is one ``InputError`` naming ``display``).
    """
    from cardgen.load.yamlio import read_bounded

    text = read_bounded(path, display or path.name, expected="thing_markup").decode("utf-8")
    if path.suffix.lower() == ".md":
        return markdown_to_markup(text, title)
    body = text.strip()
    if body.startswith("<?xml"):
        body = body.split("?>", 1)[1].strip()
    if body.startswith("<book"):
        return body
    return (f"<book title={quoteattr(title)}><titlepage><title>{escape(title)}</title></titlepage>"
            f"{body}</book>")


def own_markup(resolved: ResolvedDeck, lang: str) -> str:
    """The booklet markup of the deck's own rule text in ``lang`` (French spacing, as in our own books)."""
    rel = resolved.model.rulebook[lang]
    try:
        return for_language(markup_of(resolved.project / rel, resolved.model.name[lang], str(rel)), lang)
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", file=rel,
                         key="not_utf8", fields={"byte": exc.start}) from None


def render_own_rules(resolved: ResolvedDeck, lang: str, paper: str) -> bytes:
    """The deck's own rule text in ``lang`` on ``paper`` as a PDF, set like the bundled rulebooks."""
    from cardgen.rulebook.book import accent_colour
    from cardgen.rulebook.markup import Converter, MarkupError, parse
    from cardgen.rulebook.pictures import find_draw_face
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width, typeset

    rel = resolved.model.rulebook[lang]
    name = resolved.model.name[lang]
    markup = own_markup(resolved, lang)
    accent = accent_colour(resolved)
    styles = make_styles(lang, accent)
    converter = Converter(resolved, lang, styles, column_width(paper), find_draw_face())
    try:
        book = parse(markup, converter)
    except (MarkupError, KeyError) as exc:
        what = f"unknown component {exc}" if isinstance(exc, KeyError) else str(exc)
        raise InputError(f"{what}; see docs/authoring.md for the markup", file=rel,
                         key="owntext_markup", fields={"why": what}) from None
    except ValueError as exc:  # reportlab rejects bad inline markup
        raise InputError(f"cannot typeset: {str(exc).splitlines()[0]}", file=rel,
                         key="cannot_typeset", fields={"why": str(exc).splitlines()[0]}) from None
    return typeset(book, lang, paper, book.title or name, accent)


def own_rules_text(resolved: ResolvedDeck, lang: str) -> str:
    """The words of the deck's rule text (for tests and spelling checks)."""
    from cardgen.rulebook.templating import plain_text

    return plain_text(markup_of(resolved.project / resolved.model.rulebook[lang], resolved.model.name[lang]))


__all__: list[Any] = ["markdown_to_markup", "markup_of", "own_markup", "own_rules_text", "render_own_rules"]
