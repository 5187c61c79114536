"""The few sentences the sheets print around the cards (the instructions page, a page's running
head), from the wordbook ``strings.json`` beside this module: fr, it, en, and de, es, pt and nl,
since a designer's deck may be written in a language cardgen ships no game in; English for any other.

The words are data (``cardgen.wordbook``, docs/translating.md): one table, ``sheets``, one entry per
language. French follows the project's typography (docs/DEVELOPING.md): a narrow no-break space
(U+202F) before ``; : ! ?`` and inside « », apostrophe ’. Placeholders are ``str.format`` fields;
every number comes from the deck or the layout. Entries ``"singular|plural"`` are counts
(``count``); numbers stay attached to their unit with a no-break space.
"""
from __future__ import annotations

from cardgen import wordbook

#: the sheets' sentences by language, then by key
STRINGS: dict[str, dict[str, str]] = wordbook.load(__file__)["sheets"]


def strings(lang: str) -> dict[str, str]:
    """The sheets' sentences in ``lang``; English where cardgen has no translation (a deck in, say,
    Swedish prints its own texts in Swedish and these few instructions in English)."""
    return STRINGS.get(lang) or STRINGS["en"]


def text(lang: str, key: str, **fields: object) -> str:
    """The sentence ``key`` in ``lang`` (English where there is no translation) with ``fields`` filled in."""
    return strings(lang)[key].format(**fields)


def count(lang: str, key: str, n: int) -> str:
    """``n`` things, singular or plural (entries ``"one|many"``), e.g. ``1 carte``, ``110 cartes``."""
    one, many = strings(lang)[key].split("|")
    return (one if n == 1 else many).format(n=n)
