"""Small language helpers for generated texts (card effects, requirements, reminders).

Game packages write their sentences themselves; these helpers keep the pieces every
game needs identical in every game: French spacing before high punctuation, lists
joined with "and"/"or" the way each language does it (Babel's CLDR data), and
"once / twice / n times".
"""
from __future__ import annotations

from collections.abc import Iterable

from babel.lists import format_list

from cardgen.languages import locale

#: Narrow no-break space: in French before ; : ! ? and inside « ».
NNBSP = "\u202f"


def load_languages(langs: Iterable[str]) -> None:
    """Load Babel's CLDR data of ``langs`` now (5-16 ms each, the first time in a process): a build
    does it before forking its workers, which would otherwise each load it again."""
    from babel.localedata import load

    for lang in langs:
        load(locale(lang))


def punct(mark: str, lang: str) -> str:
    """``mark`` (one of ; : ! ?) with the space French puts before it."""
    return f"{NNBSP}{mark}" if lang == "fr" else mark


def join_and(items: Iterable[object], lang: str) -> str:
    """``4, 3, 2 et 1`` / ``4, 3, 2 e 1`` / ``4, 3, 2 and 1``."""
    return format_list([str(i) for i in items], locale=locale(lang))


def join_or(items: Iterable[object], lang: str) -> str:
    """``a, b ou c`` / ``a, b o c`` / ``a, b or c``."""
    return format_list([str(i) for i in items], style="or", locale=locale(lang))


def times(n: int, lang: str) -> str:
    """How often something happens: ``une fois``, ``2 volte``, ``twice``..."""
    if lang == "fr":
        return "une fois" if n == 1 else f"{n} fois"
    if lang == "it":
        return "una volta" if n == 1 else f"{n} volte"
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
