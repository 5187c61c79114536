"""The translated tables kept as data (``cardgen.wordbook``): every language says the same things.

A key or a placeholder that one language lacks would print a wrong sentence, or raise, only
when that language is asked for; here each table is compared language by language.
"""
from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest

from cardgen import wordbook
from cardgen.languages import SHIPPED
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
BOOKS = sorted(p for p in (ROOT / "cardgen").rglob("*.json") if p.with_suffix(".py").is_file())
LANGS = set(SHIPPED)
#: tables keyed by the language's own words (plural -> singular): only their size must match
WORD_KEYED = {"singular"}
#: tables of a word's forms by CLDR plural category or exact number (``cardgen.text``): each language
#: has its own categories; each needs ``other`` and may fill in only the number
COUNT_KEYED = {"times", "ordinal"}
#: wordbooks that speak more than the shipped languages: the sheets' instructions print for a designer's
#: deck in any language (cardgen/render/strings.py), so they hold a few more
MORE_LANGS = {"render/strings.json": {"de", "es", "pt", "nl"}}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _shape(value: Any) -> Any:
    """What a translation must keep: its keys, list lengths and placeholders, not its words."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    if isinstance(value, str):
        return _placeholders(value)
    return value


def test_the_modules_books_are_found() -> None:
    names = {p.relative_to(ROOT / "cardgen").as_posix() for p in BOOKS}
    assert {"simulate/verdict.json", "report/words.json", "play/view.json", "games/draco/text.json"} <= names


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.relative_to(ROOT / "cardgen").as_posix())
def test_every_language_has_the_same_keys_and_placeholders(path: Path) -> None:
    book = wordbook.load(str(path.with_suffix(".py")))
    langs = LANGS | MORE_LANGS.get(path.relative_to(ROOT / "cardgen").as_posix(), set())
    for table, by_lang in nonempty(book.items()):
        assert set(by_lang) == langs, (table, set(by_lang))
        english = _shape(by_lang["en"])
        for lang in sorted(langs - {"en"}):
            shape = _shape(by_lang[lang])
            if table in COUNT_KEYED:
                assert "other" in shape and all(v <= {"n"} for v in shape.values()), (table, lang, shape)
            elif table in WORD_KEYED:
                assert len(shape) == len(english), (table, lang)
            elif isinstance(english, dict):  # English may leave out what it prints as is (the report's kinds)
                assert set(shape) == set(english), (table, lang, set(shape) ^ set(english))
                shape = {k: v for k, v in shape.items() if english[k] not in ({}, None)}
                english_here = {k: v for k, v in english.items() if english[k] not in ({}, None)}
                assert shape == english_here, (table, lang)
            else:
                assert shape == english, (table, lang)


def test_a_language_file_adds_its_tables_and_names_a_wrong_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/translating.md: a new language's words live in one file, ``cardgen/locale/<lang>.json``."""
    import json

    monkeypatch.setattr(wordbook, "LOCALE", tmp_path)
    terminal = ROOT / "cardgen" / "terminal.json"
    (tmp_path / "de.json").write_text(json.dumps({"terminal": {"lines": {"hello": "Hallo"}}}), encoding="utf-8")
    book = wordbook.merged(terminal)
    assert book["lines"]["de"] == {"hello": "Hallo"} and set(SHIPPED) <= set(book["lines"])
    assert "de" not in wordbook.merged(ROOT / "cardgen" / "report" / "words.json")["report"]  # not named: untouched
    (tmp_path / "nl.json").write_text(json.dumps({"terminal": {"lnies": {}}}), encoding="utf-8")
    with pytest.raises(ValueError, match="no table 'lnies' in terminal.json; expected one of lines"):
        wordbook.merged(terminal)


def test_no_word_is_written_twice_under_one_key() -> None:
    """A JSON object keeps the last of two equal keys, silently: round 41's merge wrote a second
    ``balance_close_one`` (the "none beyond chance, but close" sentence) in each language, and the seats named
    close after a flagged one were told "no gap is larger than chance". Every wordbook and data file under
    ``cardgen/`` has each key once per object."""
    from collections import Counter

    twice: list[str] = []

    def pairs(path: Path):
        def hook(items: list[tuple[str, Any]]) -> dict[str, Any]:
            twice.extend(f"{path.relative_to(ROOT)}: {k}" for k, n in Counter(k for k, _ in items).items() if n > 1)
            return dict(items)
        return hook

    for path in sorted((ROOT / "cardgen").rglob("*.json")):
        json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=pairs(path))
    assert twice == []
