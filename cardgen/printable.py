"""Text that will be printed: every character must print as itself.

Reportlab crashes on control characters and prints a box for a character the
bundled fonts have no glyph for; right-to-left scripts would come out reversed
(we do not typeset them). ``unprintable_texts`` walks every text of a deck (names,
descriptions, titles, face texts, colour names, credits, clarifications,
rulings) and reports each bad character with its field; the resolver makes each one a
``Problem``, so ``check``, ``inspect``, ``validate`` and ``build`` all refuse it the same way,
before anything renders. A shared helper below every stage: the resolver, the languages an own
deck may use and the rulebook's own texts all ask it (docs/ARCHITECTURE.md, "Order of stages").
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import Any

#: Characters every bundled font is known to have (ASCII, Latin-1, common typography):
#: texts made only of these never need the fonts opened.
_QUICK = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset(chr(c) for c in range(0xA0, 0x100)) | frozenset(
    "\u0152\u0153\u0178\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2026\u2022\u202f\u20ac\u2039\u203a\u00a0")
#: Bidi controls (overrides, embeddings, isolates, marks): never printed, they reorder text.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Texts where a line break may appear (long texts typeset as paragraphs).
_PARAGRAPH_FIELDS = ("description", "text", "reconstruction")


@cache
def font_coverage() -> frozenset[int]:
    """Code points every bundled font has a glyph for (loaded once, only when needed)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    from cardgen.fonts import HERE

    covered: frozenset[int] | None = None
    for path in sorted(HERE.glob("*.ttf")):
        cmap = frozenset(TTFontFile(str(path)).charToGlyph)
        covered = cmap if covered is None else covered & cmap
    return covered or frozenset()


def _name(ch: str) -> str:
    return f"U+{ord(ch):04X}" + (f" {unicodedata.name(ch)}" if unicodedata.name(ch, "") else "")


def char_problem(ch: str, paragraph: bool = False) -> str | None:
    """Why ``ch`` cannot be printed (None: it can)."""
    if ch in _QUICK:
        return None
    code = ord(ch)
    if ch == "\n" and paragraph:
        return None
    if ch in _BIDI:
        return f"bidirectional control {_name(ch)}; cardgen does not typeset right-to-left text"
    category = unicodedata.category(ch)
    if category in ("Zl", "Zp"):
        return f"line separator {_name(ch)}; expected text on one line (a paragraph break is not printable here)"
    if category == "Cc":
        return f"control character {_name(ch)}; expected printable text"
    if category == "Cs" or (code & 0xFFFE) == 0xFFFE or 0xFDD0 <= code <= 0xFDEF:
        return f"U+{code:04X} is not a character (noncharacter or lone surrogate); expected printable text"
    if category == "Co":
        return f"private-use character U+{code:04X}; expected printable text"
    if unicodedata.bidirectional(ch) in ("R", "AL"):
        script = _name(ch).split(" ")[1] if " " in _name(ch) else "right-to-left"
        return (f"right-to-left script ({script.title()}, {_name(ch)}) is not supported; cardgen does not "
                "typeset right-to-left text")
    if code not in font_coverage():
        return f"character '{ch}' ({_name(ch)}) has no glyph in the bundled fonts (DejaVu); it would print as a box"
    return None


def _strings(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    stack = [(path, value)]
    while stack:
        here, cur = stack.pop()
        if isinstance(cur, str):
            yield here, cur
        elif isinstance(cur, dict):
            stack.extend((here + (k,), v) for k, v in reversed(list(cur.items())))
        elif isinstance(cur, list):
            stack.extend((here + (i,), v) for i, v in reversed(list(enumerate(cur))))


def string_problems(text: str, paragraph: bool = False) -> str | None:
    """The first unprintable character of ``text``, explained (None: all print)."""
    seen: set[str] = set()
    for ch in text:
        if ch in _QUICK or ch in seen:
            continue
        seen.add(ch)
        problem = char_problem(ch, paragraph)
        if problem:
            return problem
    return None


def unprintable_texts(model: Any) -> list[tuple[tuple[Any, ...], str]]:
    """Every text of a validated deck model that would not print as written: (its field path, why)."""
    problems: list[tuple[tuple[Any, ...], str]] = []
    data = model.model_dump(mode="json", by_alias=True, exclude_none=True)
    for path, text in _strings(data, ()):
        if text.isascii() and text.isprintable():
            continue
        paragraph = any(p in _PARAGRAPH_FIELDS for p in path if isinstance(p, str))
        problem = string_problems(text, paragraph)
        if problem:
            problems.append((path, problem))
    return problems
