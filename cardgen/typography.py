"""French punctuation spacing for text from any source (a CSV cell, a deck, one's own rule text).

cardgen's own French texts are written with a narrow no-break space (U+202F)
before ``; : ! ?`` and inside ``« »`` and with the apostrophe ``’``
(docs/DEVELOPING.md). A designer types ``carte : pioche`` or ``n'importe``; the
card and the rule sheet should print it the same way. ``french`` puts that right
and leaves correct text unchanged (so the shipped decks print byte for byte as
before). Colons in times and addresses (``10:30``, ``http://``) are left alone, as
are entities of markup (``&amp;``): a space is added before ``:``, ``!`` and ``?``
only after a word, and before ``;`` only where one was typed.
"""
from __future__ import annotations

import re

NNBSP = "\u202f"
NBSP = "\u00a0"

_SPACE_BEFORE = re.compile(r"[ \u00a0\u2009]+([;:!?])")  # a typed space before high punctuation
_GLUED = re.compile(r"(?<=[\w»)\]’”])([:!?])(?=\s|$|[)\]»”<])")  # none typed, after a word
_OPEN = re.compile(r"«[ \u00a0\u2009\u202f]*")
_CLOSE = re.compile(r"[ \u00a0\u2009\u202f]*»")
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")
#: a space between a figure and the word it counts ("2 portions", "1 <b>carte</b>")
_FIGURE_WORD = re.compile(r"(?<=\d) (?=(?:<[bi]>)?[^\W\d_])")


def french(text: str) -> str:
    """``text`` with French spacing before ``; : ! ?``, inside ``« »``, and ``’`` for ``'`` between letters."""
    if not text:
        return text
    out = _SPACE_BEFORE.sub(NNBSP + r"\1", text)
    out = _GLUED.sub(NNBSP + r"\1", out)
    out = _OPEN.sub("«" + NNBSP, out)
    out = _CLOSE.sub(NNBSP + "»", out)
    return _APOSTROPHE.sub("’", out)


def apostrophes(text: str) -> str:
    """``text`` with ``’`` for ``'`` between letters, in every language (``l'abbé``, ``don't``)."""
    return _APOSTROPHE.sub("’", text)


def for_language(text: str, lang: str) -> str:
    """``text`` as printed in ``lang``: French spacing in French, unchanged otherwise."""
    return french(text) if lang == "fr" else text


def bind_figures(text: str) -> str:
    """``text`` with a no-break space (U+00A0) between a figure and the word after it, in every language:
    a line never ends on "2" with "portions" opening the next ("2 / portions", "1 / carte"). The
    rulebooks' paragraphs and the card faces' text both set their words through it."""
    return _FIGURE_WORD.sub(NBSP, text) if text else text
