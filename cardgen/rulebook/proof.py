"""The translators' view of a rulebook: every sentence of the book in each language, side by side.

One template writes the book in every language, so the books' markup has the same blocks in
the same order (a heading, a paragraph, a list item, a table cell, a caption...). ``proof_text``
walks those blocks together and prints, for each, its sentences in every language one under
the other, so a translator or proof-reader compares a sentence with its counterparts without
hunting through three PDFs. ``cardgen build --proof`` writes it as ``out/<deck>/proof.txt``.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from cardgen.model.deck import ResolvedDeck
from cardgen.rulebook.templating import render_markup

#: the elements whose text a reader sees as one block (a box's title is an attribute)
BLOCKS = frozenset({"title", "subtitle", "byline", "h1", "h2", "h3", "p", "li", "th", "td", "card"})
#: where a sentence ends: . ! ? … followed by a space and a capital, a digit or an opening quotation
#: mark (the narrow no-break space French sets before ! and ? never ends a sentence)
_SENTENCE_END = re.compile(r"(?<=[.!?…])[ \t\r\n]+(?=[«“\"(A-ZÀ-ÖØ-Þ0-9])")
#: runs of ordinary white space (not the no-break spaces French typography sets before : ; ! ?)
_SPACES = re.compile(r"[ \t\r\n]+")


def _text(el: ET.Element) -> str:
    """The words of ``el`` and its inline children (<b>, <i>, <br/>), spaces folded."""
    parts = [el.text or ""]
    for child in el:
        if child.tag not in BLOCKS:
            parts.append(" " if child.tag == "br" else "")
            parts.append(_text(child))
        parts.append(child.tail or "")
    return _SPACES.sub(" ", "".join(parts)).strip()


def blocks(markup: str) -> list[tuple[str, str]]:
    """The book's blocks in reading order: (kind, text); a box's title is a block of its own."""
    out: list[tuple[str, str]] = []

    def walk(el: ET.Element) -> None:
        if el.tag == "box" and el.get("title"):
            out.append(("box", el.get("title", "")))
        if el.tag in BLOCKS:
            out.append((el.tag, _text(el)))
        for child in el:
            if el.tag not in BLOCKS or child.tag in BLOCKS:
                walk(child)

    walk(ET.fromstring(markup))
    return out


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (a heading or a table cell is one)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def proof_text(resolved: ResolvedDeck, langs: list[str]) -> str:
    """Every block of ``resolved``'s rulebook in each of ``langs``, side by side, as plain text.

    Each block is numbered and labelled with its kind; under it, each language's sentences,
    one per line, prefixed with the language code. A block one language leaves out (it
    cannot happen with one template, but a language may add a line) is shown as missing.
    """
    if resolved.own_rulebook:  # the designer's own rule sheets (rulebook:), not cardgen's template
        from cardgen.rulebook.owntext import own_markup
        books = {lang: blocks(own_markup(resolved, lang)) for lang in langs}
    else:
        books = {lang: blocks(render_markup(resolved, lang)) for lang in langs}
    longest = max((len(b) for b in books.values()), default=0)
    name = resolved.model.name
    lines = [f"{' / '.join(name[lang] for lang in langs)}: the rulebook's sentences in {', '.join(langs)}",
             "(one block per heading, paragraph, list item, table cell or caption, in reading order)", ""]
    for i in range(longest):
        kinds = {books[lang][i][0] for lang in langs if i < len(books[lang])}
        lines.append(f"[{i + 1}] {'/'.join(sorted(kinds))}")
        for lang in langs:
            if i >= len(books[lang]):
                lines.append(f"  {lang} | (missing)")
                continue
            said = sentences(books[lang][i][1]) or ["–"]
            lines.append(f"  {lang} | {said[0]}")
            lines.extend(f"     | {s}" for s in said[1:])
        lines.append("")
    return "\n".join(lines)
