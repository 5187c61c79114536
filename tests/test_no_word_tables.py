"""No Python file of cardgen holds a table of words by language (issue 53: one mechanism for words).

Every sentence a person reads lives in a wordbook (``<module>.json``, ``cardgen.wordbook``) or a gettext
catalog, where a translator finds it and the wordbooks' tests hold every language to the same keys. A
``{"fr": "…", "it": "…"}`` literal in a module is a second mechanism nobody checks (the sheets' sentences
were one, ``cardgen/render/strings.py``, until issue 53). This test reads each module's syntax tree and
fails on a dict literal (or ``dict(...)`` call) with two or more language codes as keys whose values hold
a string of more than one word: a language's *name* ("Français") or a setting ("fr_FR", a space
character) is one word and passes.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
#: language codes a table of words would be keyed by: the shipped ones and those the sheets speak
CODES = frozenset({"fr", "it", "en", "de", "es", "pt", "nl"})


def _texts(node: ast.AST) -> Iterator[str]:
    """Every piece of literal text inside ``node``: strings, an f-string's constant parts, nested values."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            yield sub.value
        elif isinstance(sub, ast.JoinedStr):  # an f-string: its words with a field standing for each value
            yield "".join(part.value if isinstance(part, ast.Constant) else " {} " for part in sub.values)


def _keyed_by_language(node: ast.AST) -> list[tuple[str, ast.AST]]:
    """The (code, value) pairs of a dict literal or ``dict(...)`` call whose keys are language codes."""
    if isinstance(node, ast.Dict):
        return [(k.value, v) for k, v in zip(node.keys, node.values)
                if isinstance(k, ast.Constant) and k.value in CODES]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return [(kw.arg, kw.value) for kw in node.keywords if kw.arg in CODES]
    return []


def word_tables(source: str) -> list[tuple[int, list[str]]]:
    """The line and language codes of every per-language table of words in the Python ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        pairs = _keyed_by_language(node)
        if len({code for code, _ in pairs}) < 2:
            continue
        if any(len(text.split()) > 1 for _, value in pairs for text in _texts(value)):
            found.append((node.lineno, sorted(code for code, _ in pairs)))
    return found


def test_the_scanner_finds_a_table_of_sentences_and_passes_names_and_settings() -> None:
    assert word_tables('WORDS = {"fr": {"title": "Planches à imprimer"}, "en": {"title": "Print sheets"}}\n') \
        == [(1, ["en", "fr"])]
    assert word_tables('T = dict(it="Taglia qui", en="Cut here")\n') == [(1, ["en", "it"])]
    assert word_tables('N = 2\nT = {"fr": f"Coupez {N} fois", "it": f"Taglia {N} volte"}\n') == [(2, ["fr", "it"])]
    assert word_tables('NAMES = {"fr": "Français", "it": "Italiano"}\nLOC = {"fr": "fr_FR", "it": "it_IT"}\n') == []
    assert word_tables('ONE = {"fr": "Une phrase en français"}\n') == []  # one language is not a table


def test_no_module_holds_a_table_of_words_by_language() -> None:
    modules = nonempty(sorted((ROOT / "cardgen").rglob("*.py")), "cardgen's modules")
    tables = {path.relative_to(ROOT).as_posix(): found for path in modules
              if (found := word_tables(path.read_text(encoding="utf-8")))}
    assert not tables, f"words by language in Python, not in a wordbook (docs/translating.md): {tables}"
