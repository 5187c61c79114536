"""Which English words a line written in another language must not hold (issue 53).

A command run with ``--lang fr`` prints names (decks, cards, people), numbers, paths and the
language's own words; an English word there is a line that did not go through the wordbooks or
the catalogs. The English words looked for are those of the wordbooks' English entries (every
``<module>.json`` of ``cardgen/``), the ones issue 53 found, and no word the other language also
writes in its own entries, catalogs or deck texts ("points", "propose", "simulation" are French too).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgen"

#: one word of running text
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
#: a token that is a path, a file, an option, an id or a web address, not a word of a sentence
NOT_PROSE = re.compile(r"[/\\_=@]|\w\.\w|(?:^|\W)--?\w|^https?:|^\W*[a-z0-9]+(?:-[a-z0-9]+)+\W*$")

#: English words issue 53 found under --lang fr / it: never words of the language, so never excused by it
#: (a planted "seed" in the Italian wordbook must not excuse itself)
FOUND = ("compiling", "drawing", "stopping", "closed", "tied", "leaders", "eliminated", "repeatedly", "seed",
         "closest", "trial", "measured", "tuned", "share", "hand")
ALWAYS = {"fr": set(FOUND), "it": {*FOUND, "round", "table"}}
#: words that are the same in every language here, or names (a game's, a tool's, a unit's)
SHARED = {"cardgen", "draco", "zork", "lui", "dask", "optuna", "numba", "html", "json", "pdf", "svg", "ctrl",
          "min", "max", "p10", "p90", "ok"}


def wordbooks() -> list[Path]:
    """Every wordbook of the package: a module's ``<module>.json`` and the games' ``words.json``."""
    return sorted(p for p in PACKAGE.rglob("*.json") if "locale" not in p.parts
                  and (p.with_suffix(".py").is_file() or (p.name == "words.json" and p.parent.parent.name == "games")))


def strings(value: Any) -> Iterator[str]:
    """Every string inside ``value`` (the values of a table, not its keys)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def strings_of(value: Any, lang: str) -> Iterator[str]:
    """Every string of language ``lang`` inside a wordbook ``value``: those under a key ``lang``, however deep."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from (strings(item) if key == lang else strings_of(item, lang))
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item, lang)


def _placeholders_out(text: str) -> str:
    """``text`` without its ``{fields}``, ``%(fields)s`` and markup: only the words a reader reads."""
    return re.sub(r"\{[^{}]*\}|%\([^)]*\)[a-z]|<[^<>]*>|&\w+;", " ", text)


@cache
def language_words(lang: str) -> frozenset[str]:
    """Every word of ``lang``'s entries in the wordbooks, its rulebook catalogs and the decks' texts, lower case."""
    from cardgen import wordbook

    found: set[str] = set()
    for path in wordbooks():
        for table in wordbook.merged(path).values():
            if isinstance(table, dict) and lang in table:
                found.update(w.lower() for s in strings(table[lang]) for w in WORD.findall(_placeholders_out(s)))
    from babel.messages.pofile import read_po

    for po in (PACKAGE / "rulebook/locale" / lang / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            texts = message.string if isinstance(message.string, tuple) else (message.string or "",)
            found.update(w.lower() for t in texts for w in WORD.findall(_placeholders_out(t)))
    import yaml

    def deck_texts(value: Any) -> Iterator[str]:
        if isinstance(value, dict):
            if isinstance(value.get(lang), str):
                yield value[lang]
            for item in value.values():
                yield from deck_texts(item)
        elif isinstance(value, list):
            for item in value:
                yield from deck_texts(item)

    for path in [*(ROOT / "decks").glob("*.yaml"), *(ROOT / "variants").rglob("*.yaml")]:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found.update(w.lower() for t in deck_texts(data) for w in WORD.findall(t))
    return frozenset(found)


@cache
def english_words(lang: str) -> frozenset[str]:
    """The English words a line in ``lang`` must not hold: the wordbooks' English less the words ``lang`` writes
    too and ``SHARED``, and always those issue 53 found (``ALWAYS``)."""
    english: set[str] = set()
    from cardgen import wordbook

    for path in wordbooks():
        for table in wordbook.merged(path).values():
            if isinstance(table, dict) and "en" in table:
                english.update(w.lower() for s in strings(table["en"]) for w in WORD.findall(_placeholders_out(s))
                               if len(w) >= 4)
    return frozenset((english - language_words(lang) - SHARED) | ALWAYS.get(lang, set()))


def english_in(text: str, lang: str, names: set[str] = frozenset()) -> list[str]:
    """The lines of ``text`` that hold an English word (lower case as it is written in a sentence), with the
    words; ``names`` (lower case) are names the run printed (a deck's, a card's) and never count."""
    words = english_words(lang) - names
    bad = []
    for line in text.splitlines():
        split = line.split()
        # a command to copy ("cardgen validate royale --log N.jsonl") is no prose: its subcommand stays English
        commands = {i + 1 for i, t in enumerate(split) if t.strip("«»“”\"'`") == "cardgen"}
        tokens = [t for i, t in enumerate(split) if i not in commands and not NOT_PROSE.search(t)]
        hits = sorted({w for t in tokens for w in WORD.findall(t) if w.islower() and w in words})
        if hits:
            bad.append(f"{hits}: {line.strip()[:160]}")
    return bad
