"""What cardgen prints on the terminal, in the language ``--lang`` chose.

Every line a person reads on the terminal (validate's summary, compare's table, tune's
progress, failed games, a lost Dask worker, "interrupted") is a template in
``terminal.json`` beside this module, one table per language of
``cardgen.languages.SHIPPED``, so a translator edits data, not Python. ``say`` fills one
in; a count picks its singular form where the language uses one (``say_n``). The command
line sets the language once (``set_language``) for the lines printed deep inside a run
(a cluster fault, an interrupt); library functions also take ``lang`` directly, which
tests call. Game words (end reasons, rule gaps, component names) come from the game's
own words (``GameSpec.words``), never from here.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.languages import SHIPPED, is_singular, typeset

#: the templates per language: {"en": {key: template}, ...}
LINES: dict[str, dict[str, Any]] = wordbook.load(__file__)["lines"]

#: the language of this process's terminal (``cardgen --lang``; English until a command says otherwise)
_current = "en"


def set_language(lang: str) -> None:
    """The terminal's language from now on (a shipped language; anything else keeps English)."""
    global _current
    _current = lang if lang in SHIPPED else "en"


def language() -> str:
    """The terminal's language now."""
    return _current


def say(key: str, lang: str | None = None, **fields: Any) -> str:
    """The line ``key`` in ``lang`` (default: the terminal's), its ``{fields}`` filled in and typeset."""
    lang = lang or _current
    return typeset(LINES[lang][key].format(**fields), lang)


def say_n(key: str, n: float, lang: str | None = None, **fields: Any) -> str:
    """``say`` for a sentence about ``n`` things: ``key_one`` where the language says ``n`` in the singular,
    ``key_two`` for 2 where the language has a word of its own for it (English "twice", not "2 times")."""
    lang = lang or _current
    one = f"{key}_one"
    if n == 2 and f"{key}_two" in LINES[lang]:
        return say(f"{key}_two", lang, n=n, **fields)
    return say(one if one in LINES[lang] and is_singular(n, lang) else key, lang, n=n, **fields)


def word(key: str, lang: str | None = None) -> Any:
    """A table of words (``agents``), not a sentence."""
    return LINES[lang or _current][key]


#: placeholder -> the terminal's line that words it: the report pages' words ("{interval95}" in a chart's
#: title, a table's heading) say a 95 % interval as the terminal does, from this one source
TERMS = {"{interval95}": "balance_level_plain", "{intervals95}": "intervals_plain"}


def with_terms(book: dict[str, Any]) -> dict[str, Any]:
    """A wordbook (table -> language -> words) with each ``TERMS`` placeholder replaced, in every string of a
    language's words, by the terminal's wording in that language; a language the terminal lacks keeps it."""
    def fill(value: Any, lang: str) -> Any:
        if isinstance(value, str):
            for mark, key in TERMS.items():
                value = value.replace(mark, typeset(LINES[lang][key], lang)) if mark in value else value
            return value
        if isinstance(value, dict):
            return {k: fill(v, lang) for k, v in value.items()}
        if isinstance(value, list):
            return [fill(v, lang) for v in value]
        return value

    return {name: ({lang: fill(words, lang) if lang in LINES else words for lang, words in table.items()}
                   if isinstance(table, dict) else table) for name, table in book.items()}


#: the lines' own "{interval95}": a 95 % interval is worded once, by ``balance_level_plain`` (``with_terms``)
LINES.update(with_terms({"lines": LINES})["lines"])

__all__ = ["LINES", "TERMS", "language", "say", "say_n", "set_language", "with_terms", "word"]
