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
``export LANG OUT.po`` writes those entries as a catalog for Poedit (msgstr filled where the
language has words), ``import LANG IN.po`` writes a translated one back into an added
language's ``cardgen/locale/<lang>.json``, every table whose entries are all translated.
"""
from __future__ import annotations

import bisect
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from json.decoder import scanstring
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any, BinaryIO

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from cardgen import wordbook
from cardgen.fileio import write_atomic
from cardgen.languages import SHIPPED

#: tables keyed by each language's own words (plural -> singular): only a value is needed
WORD_KEYED = frozenset({"singular"})
#: tables by CLDR plural category or exact number: each language has its own keys, ``other`` always
COUNT_KEYED = frozenset({"times", "ordinal"})
#: tables whose lists are each language's own words (the glossary's forms and words not to use): one
#: message per list, its items joined by ``SEPARATOR``, not one per English item
OWN_LISTS = frozenset({"glossary"})
SEPARATOR = " | "
#: an entry's path: its table, then the keys (or list indexes) down to one string
Key = tuple[str, ...]


def books(package: Path = wordbook.PACKAGE) -> list[Path]:
    """Every wordbook of the package: a ``.json`` file with a table in English (a module's, a game's ``words.json``)."""
    return sorted(p for p in package.rglob("*.json") if wordbook.LOCALE not in p.parents and _has_english(p))


def _has_english(path: Path) -> bool:
    data = json.loads(path.read_text(encoding="utf-8"))
    return isinstance(data, dict) and any(isinstance(v, dict) and "en" in v for v in data.values())


def book_name(path: Path, package: Path = wordbook.PACKAGE) -> str:
    """How a language file and a message context name the wordbook at ``path`` (``games/draco/text``)."""
    try:
        return path.resolve().relative_to(package.resolve()).with_suffix("").as_posix()
    except ValueError:  # a wordbook outside the package (a scratch copy): its stem
        return path.stem


def _strings(value: Any, path: Key, joined: bool = False) -> Iterator[tuple[Key, str]]:
    """Every string inside ``value`` with its path, in the file's order (lists indexed from 0).

    ``joined``: a list of strings is one value, its items joined by ``SEPARATOR`` (``OWN_LISTS``).
    """
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, str(key)), joined)
    elif joined and isinstance(value, list) and all(isinstance(item, str) for item in value):
        yield path, SEPARATOR.join(value)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, str(index)), joined)
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
    line_of = {path: line for (path, _), line in zip(_strings(data, ()), lines)}
    for table, by_lang in data.items():
        if isinstance(by_lang, dict) and "en" in by_lang:
            for key, message in _values(by_lang["en"], table).items():
                if message:
                    where = (table, "en", *key)
                    yield line_of.get(where) or line_of.get((*where, "0"), 1), (table, *key), message


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


def _values(value: Any, table: str = "") -> dict[Key, str]:
    """A table's strings in one language by path; a list of ``OWN_LISTS`` tables is one joined value."""
    return dict(_strings(value, (), table in OWN_LISTS))


def _table_problems(lang: str, book: str, table: str, by_lang: dict[str, Any]) -> list[str]:
    """What ``lang`` lacks in one table of a wordbook, each as ``<lang>: <context> is missing|empty``."""
    if lang not in by_lang:
        return [f"{lang}: {context(book, (table,))} is missing"]
    english, own = _values(by_lang["en"], table), _values(by_lang[lang], table)
    if table in WORD_KEYED:
        return [] if any(own.values()) else [f"{lang}: {context(book, (table,))} is empty"]
    if table in COUNT_KEYED:
        return [] if own.get(("other",)) else [f"{lang}: {context(book, (table, 'other'))} is missing"]
    own_words = set(english) - set(_values(by_lang["en"]))  # OWN_LISTS' lists: a language may have none
    problems = []
    for path, text in english.items():
        if not text or path in own_words:
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


#: the languages whose words the wordbooks hold themselves; an added language's live in cardgen/locale
IN_BOOKS = ("fr", "it", "en")


def to_po(lang: str, paths: Iterable[Path] | None = None) -> Catalog:
    """Every English wordbook entry as a catalog for ``lang``: msgctxt its place, msgstr the language's words."""
    po = Catalog(locale=lang, domain="wordbooks", project="cardgen wordbooks", version="1", fuzzy=False)
    for path in books() if paths is None else paths:
        name = book_name(path)
        for table, by_lang in wordbook.merged(path).items():
            if not (isinstance(by_lang, dict) and "en" in by_lang):
                continue
            own = _values(by_lang.get(lang, {}), table)
            for key, text in _values(by_lang["en"], table).items():
                if text:
                    po.add(text, own.get(key, ""), context=context(name, (table, *key)))
    return po


def _filled(english: Any, words: dict[Key, str], joined: bool, key: Key = ()) -> Any:
    """``english``'s shape with each string replaced by ``words``' entry for its key (None when one lacks it).

    ``joined``: a list of strings is one entry, split at ``SEPARATOR`` (``OWN_LISTS``).
    """
    if isinstance(english, dict):
        items = {k: _filled(v, words, joined, (*key, str(k))) for k, v in english.items()}
        return None if None in items.values() else items
    if joined and isinstance(english, list) and all(isinstance(item, str) for item in english):
        text = words.get(key)
        return text.split(SEPARATOR) if text else (None if any(english) else [])
    if isinstance(english, list):
        values = [_filled(v, words, joined, (*key, str(i))) for i, v in enumerate(english)]
        return None if None in values else values
    if isinstance(english, str) and english:
        return words.get(key) or None
    return english


def from_po(po: Catalog, paths: Iterable[Path] | None = None) -> tuple[dict[str, Any], list[str]]:
    """A language file's words (by wordbook, then table) from a translated catalog, and the tables left out.

    A table goes in only when every entry of it is translated: half a table would print English or fail.
    A ``WORD_KEYED`` table never does: its keys are the language's own words, written by hand.
    """
    words: dict[str, dict[Key, str]] = {}
    for message in po:
        if message.id and message.string and message.context and ":" in message.context and not message.fuzzy:
            name, _, where = message.context.partition(":")
            words.setdefault(name, {})[tuple(where.split("/"))] = message.string
    found: dict[str, Any] = {}
    left_out: list[str] = []
    for path in books() if paths is None else paths:
        name = book_name(path)
        for table, by_lang in wordbook.merged(path).items():
            if isinstance(by_lang, dict) and "en" in by_lang:
                own = {k[1:]: v for k, v in words.get(name, {}).items() if k[0] == table}
                value = None if table in WORD_KEYED else _filled(by_lang["en"], own, table in OWN_LISTS)
                if value is None:
                    left_out.append(context(name, (table,)))
                else:
                    found.setdefault(name, {})[table] = value
    return found, left_out


def _export(lang: str, out: Path) -> int:
    buffer = io.BytesIO()
    write_po(buffer, to_po(lang), width=100, include_lineno=False, sort_output=False)
    write_atomic(out, buffer.getvalue())
    print(f"wrote {out}")
    return 0


def _import(lang: str, source: Path) -> int:
    if lang in IN_BOOKS:
        print(f"{lang}: its words live in the wordbooks themselves; import writes cardgen/locale/<lang>.json "
              f"for an added language (not {', '.join(IN_BOOKS)})")
        return 2
    if not source.is_file():
        print(f"{source}: no such file; expected a .po written by 'export {lang}' and translated")
        return 2
    with source.open("rb") as handle:
        found, left_out = from_po(read_po(handle, locale=lang))
    target = wordbook.LOCALE / f"{lang}.json"
    old = json.loads(target.read_text(encoding="utf-8")) if target.is_file() else {}
    for name, tables in found.items():
        old.setdefault(name, {}).update(tables)
    write_atomic(target, json.dumps(old, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    wordbook._language.cache_clear()  # the language file is read once per process: read it again
    print(f"wrote {target}: {sum(map(len, found.values()))} tables; left out (not all translated, or keyed "
          "by the language's own words): "
          f"{', '.join(left_out) or 'none'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``check [LANG...]``, ``export LANG OUT.po`` or ``import LANG IN.po``; exit 1 when check finds a gap."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 3 and args[0] in ("export", "import"):
        return (_export if args[0] == "export" else _import)(args[1], Path(args[2]))
    if not args or args[0] != "check":
        print(__doc__)
        return 2
    found = problems(args[1:] or None)
    print("\n".join(found) or "wordbooks are complete")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
