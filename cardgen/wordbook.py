"""Words per language kept as data: a module's translated tables in a JSON file beside it.

Translations are data, not logic: the French and Italian of a report, a play page or a
game's card texts live in ``<module>.json`` next to ``<module>.py`` (``report/words.py``
reads ``report/words.json``), one object per table, one entry per language, so a
translator edits them without reading Python and three languages do not restate one
code shape three times. JSON because every command already imports ``json`` and it reads
in well under a millisecond (``tomllib`` costs tens of milliseconds on import alone).
The files ship in the wheel through ``pyproject.toml``'s package data.

A language added later keeps all its words in one file, ``cardgen/locale/<lang>.json``
(docs/translating.md, "Adding a language"): by wordbook (its path under ``cardgen/`` without
``.json``: ``"games/draco/text"``), then by table, the value that table would hold under the
language's code. ``load`` merges it in, so a translator adds one file, not a table to each of
fifteen wordbooks, and the wordbooks' tests see the new language like the shipped ones.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

#: the package whose wordbooks a language file names by their path in it
PACKAGE = Path(__file__).resolve().parent
#: one JSON file of words per added language, named by its code
LOCALE = PACKAGE / "locale"


def load(module_file: str) -> dict[str, Any]:
    """The tables of the module whose ``__file__`` is ``module_file``, from the JSON file named like it."""
    return merged(Path(module_file).with_suffix(".json"))


def merged(path: Path) -> dict[str, Any]:
    """The wordbook at ``path`` with each language file's tables for it merged in (``LOCALE``)."""
    book: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    try:
        key = path.resolve().relative_to(PACKAGE).with_suffix("").as_posix()
    except ValueError:  # a wordbook outside the package: no language file names it
        return book
    for lang_file in sorted(LOCALE.glob("*.json")):
        for table, value in _language(lang_file).get(key, {}).items():
            if table not in book:
                raise ValueError(f"{lang_file}: {key}: no table {table!r} in {path.name}; "
                                 f"expected one of {', '.join(sorted(book))}")
            book[table][lang_file.stem] = value
    return book


@cache
def _language(lang_file: Path) -> dict[str, Any]:
    """One language file's words, by wordbook then table (read once per process)."""
    return json.loads(lang_file.read_text(encoding="utf-8"))
