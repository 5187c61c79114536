"""The JSON wordbooks seen through Babel: an extraction method and a completeness check.

Every word a person reads is either a rulebook catalog message (``templates/rulebook``,
``cardgen/rulebook/locale``) or a wordbook entry (``cardgen/**/<module>.json``, see
``cardgen.wordbook``). ``extract`` is a Babel extraction method, registered in
``cardgen/rulebook/babel.cfg``, so one ``pybabel extract`` run writes both into one ``.pot``
and a translator works in one toolchain (pybabel, Poedit, Weblate). Each English entry is a
message whose context (msgctxt) names where it lives, ``<wordbook>:<table>/<key>/...``
(``terminal:lines/fix_kinds/balance``), because one English word may be translated
differently in two tables.

``python -m cardgen.wordbook_babel check`` lists, per language, every entry the English has
and the language lacks or leaves empty (the shipped languages and any added language's
``cardgen/locale/<lang>.json``); ``python -m cardgen.rulebook check`` runs it too.
"""
from __future__ import annotations

import bisect
import json
import re
import sys
from collections.abc import Iterable, Iterator
from json.decoder import scanstring
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any, BinaryIO

from cardgen import wordbook
from cardgen.languages import SHIPPED

#: tables keyed by each language's own words (plural -> singular): only a value is needed
WORD_KEYED = frozenset({"singular"})
#: tables by CLDR plural category or exact number: each language has its own keys, ``other`` always
COUNT_KEYED = frozenset({"times", "ordinal"})
#: an entry's path: its table, then the keys (or list indexes) down to one string
Key = tuple[str, ...]


def books(package: Path = wordbook.PACKAGE) -> list[Path]:
    """Every wordbook of the package: a ``.json`` file beside the ``.py`` module that reads it."""
    return sorted(p for p in package.rglob("*.json") if p.with_suffix(".py").is_file())


def book_name(path: Path, package: Path = wordbook.PACKAGE) -> str:
    """How a language file and a message context name the wordbook at ``path`` (``games/draco/text``)."""
    try:
        return path.resolve().relative_to(package.resolve()).with_suffix("").as_posix()
    except ValueError:  # a wordbook outside the package (a scratch copy): its stem
        return path.stem


def _strings(value: Any, path: Key) -> Iterator[tuple[Key, str]]:
    """Every string inside ``value`` with its path, in the file's order (lists indexed from 0)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, str(index)))
    elif isinstance(value, str):
        yield path, value


def _parse_with_lines(text: str) -> tuple[Any, list[int]]:
    """The JSON document ``text`` and the line of each string value, in the document's order.

    The pure-Python scanner calls ``parse_string`` once per string value (never for a key),
    in order, so recording its offsets gives every value its line without a second parser.
    """
    offsets: list[int] = []
    decoder = json.JSONDecoder()

    def parse_string(s: str, end: int, strict: bool = True) -> tuple[str, int]:
        offsets.append(end)
        return scanstring(s, end, strict)

    decoder.parse_string = parse_string  # type: ignore[attr-defined]
    decoder.scan_once = py_make_scanner(decoder)  # type: ignore[attr-defined]
    data = decoder.decode(text)
    newlines = [match.start() for match in re.finditer("\n", text)]
    return data, [bisect.bisect_left(newlines, offset) + 1 for offset in offsets]


def english_entries(text: str) -> Iterator[tuple[int, Key, str]]:
    """``(line, path, English)`` of every non-empty English entry of a wordbook's text."""
    data, lines = _parse_with_lines(text)
    if not isinstance(data, dict):
        return
    for (path, message), line in zip(_strings(data, ()), lines):
        table, lang = path[0], path[1] if len(path) > 1 else None
        if lang == "en" and message and isinstance(data[table], dict):
            yield line, (table, *path[2:]), message


def context(book: str, path: Key) -> str:
    """The msgctxt of an entry: ``<wordbook>:<table>/<key>/...``."""
    return f"{book}:{'/'.join(path)}"


def extract(fileobj: BinaryIO, keywords: Iterable[str], comment_tags: Iterable[str],
            options: dict[str, Any]) -> Iterator[tuple[int, str | None, Any, list[str]]]:
    """Babel extraction method: every English entry of a JSON wordbook, its place as msgctxt.

    With ``pgettext`` among the keywords (Babel's defaults) the place is the message context;
    without it, the place becomes an extracted comment. A JSON file with no ``en`` table gives nothing.
    """
    name = book_name(Path(getattr(fileobj, "name", "wordbook.json")))
    with_context = "pgettext" in set(keywords)
    for line, path, message in english_entries(fileobj.read().decode("utf-8")):
        place = context(name, path)
        if with_context:
            yield line, "pgettext", (place, message), []
        else:
            yield line, None, message, [place]


def _values(value: Any) -> dict[Key, str]:
    return dict(_strings(value, ()))


def _table_problems(lang: str, book: str, table: str, by_lang: dict[str, Any]) -> list[str]:
    """What ``lang`` lacks in one table of a wordbook, each as ``<lang>: <context> is missing|empty``."""
    if lang not in by_lang:
        return [f"{lang}: {context(book, (table,))} is missing"]
    english, own = _values(by_lang["en"]), _values(by_lang[lang])
    if table in WORD_KEYED:
        return [] if any(own.values()) else [f"{lang}: {context(book, (table,))} is empty"]
    if table in COUNT_KEYED:
        return [] if own.get(("other",)) else [f"{lang}: {context(book, (table, 'other'))} is missing"]
    problems = []
    for path, text in english.items():
        if not text:
            continue
        if path not in own:
            problems.append(f"{lang}: {context(book, (table, *path))} is missing")
        elif not own[path].strip():
            problems.append(f"{lang}: {context(book, (table, *path))} is empty")
    return problems


def problems(langs: Iterable[str] | None = None, paths: Iterable[Path] | None = None) -> list[str]:
    """Every wordbook entry the English has and a language lacks or leaves empty.

    ``langs`` defaults to the shipped languages other than English plus every added
    language's file in ``cardgen/locale``; each wordbook is read with those files merged in.
    """
    if langs is None:
        added = sorted(p.stem for p in wordbook.LOCALE.glob("*.json"))
        langs = [lang for lang in SHIPPED if lang != "en"] + [a for a in added if a not in SHIPPED]
    langs = list(langs)
    found: list[str] = []
    for path in books() if paths is None else paths:
        name = book_name(path)
        for table, by_lang in wordbook.merged(path).items():
            if isinstance(by_lang, dict) and "en" in by_lang:
                for lang in langs:
                    found += _table_problems(lang, name, table, by_lang)
    return found


def main(argv: list[str] | None = None) -> int:
    """``check [LANG...]``: every missing or empty wordbook entry, exit 1 when any."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "check":
        print(__doc__)
        return 2
    found = problems(args[1:] or None)
    print("\n".join(found) or "wordbooks are complete")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
