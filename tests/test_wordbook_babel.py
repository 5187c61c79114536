"""Babel's own tools see the JSON wordbooks (``cardgen.wordbook_babel``): one toolchain for every word.

``pybabel extract -F cardgen/rulebook/babel.cfg ... templates/rulebook cardgen`` must find each
English wordbook entry with its place as message context, and the check must name what a
language lacks, so a translator's Poedit or Weblate covers the wordbooks like the books.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from cardgen import wordbook, wordbook_babel
from cardgen.rulebook import catalog

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgen"
METHOD = "cardgen.wordbook_babel.extract"


def _found(path: Path) -> dict[str | None, tuple[int, str]]:
    """context -> (line, msgid) of every message Babel extracts from ``path`` with our method."""
    return {context: (line, message) for line, message, _, context
            in extract_from_file(METHOD, str(path), keywords=DEFAULT_KEYWORDS)}


def test_babel_extracts_a_terminal_entry_nested_two_keys_deep_with_its_place_and_line() -> None:
    path = PACKAGE / "terminal.json"
    english = json.loads(path.read_text(encoding="utf-8"))["lines"]["en"]["fix_kinds"]["balance"]
    line, message = _found(path)["terminal:lines/fix_kinds/balance"]
    assert message == english
    assert json.dumps(english, ensure_ascii=False) in path.read_text(encoding="utf-8").splitlines()[line - 1]


def test_babel_extracts_a_games_words_from_its_glossary_and_lists_never_other_languages() -> None:
    path = PACKAGE / "games" / "draco" / "words.json"
    book = json.loads(path.read_text(encoding="utf-8"))
    found = _found(path)
    assert found["games/draco/words:glossary/final_toast/name"][1] == book["glossary"]["en"]["final_toast"]["name"]
    assert found["games/draco/words:unit/1"][1] == book["unit"]["en"][1]
    # the glossary's lists are each language's own words: one message per list, not one per English item
    forms = book["glossary"]["en"]["drop_out"]["forms"]
    assert found["games/draco/words:glossary/drop_out/forms"][1] == " | ".join(forms)
    assert "games/draco/words:glossary/drop_out/forms/0" not in found
    french = book["glossary"]["fr"]["final_toast"]["name"]
    assert french != book["glossary"]["en"]["final_toast"]["name"]
    assert french not in {m for _, m in found.values()}
    # a table of catalog msgids ({"domain", "msgids"}) is the books' words, extracted from the templates
    assert not any(c.startswith("games/draco/words:rules") for c in found)


def test_every_english_string_of_a_wordbook_is_one_message() -> None:
    path = PACKAGE / "text.json"
    book = json.loads(path.read_text(encoding="utf-8"))
    english = {(table, *key): text for table, by_lang in book.items()
               if isinstance(by_lang, dict) and "en" in by_lang
               for key, text in wordbook_babel._values(by_lang["en"]).items() if text}
    found = _found(path)
    assert {wordbook_babel.context("text", key): text for key, text in english.items()} == \
        {c: m for c, (_, m) in found.items()}


def test_without_pgettext_the_place_is_a_comment() -> None:
    path = PACKAGE / "terminal.json"
    with path.open("rb") as handle:
        messages = list(wordbook_babel.extract(handle, ["_"], [], {}))
    assert (None, "terminal:lines/fix_kinds/balance") in {(f, c[0]) for _, f, _, c in messages}


def test_the_mapping_extracts_books_and_wordbooks_together() -> None:
    """babel.cfg's mapping, as ``pybabel extract -F`` reads it, maps every wordbook to our method."""
    with catalog.BABEL_CFG.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(catalog.BABEL_CFG))
    assert ("**.json", METHOD) in method_map
    contexts = {c for _, _, _, _, c in extract_from_dir(str(PACKAGE / "play"), method_map, options_map,
                                                        keywords=DEFAULT_KEYWORDS)}
    view = json.loads((PACKAGE / "play" / "view.json").read_text(encoding="utf-8"))
    table = next(t for t, v in view.items() if isinstance(v, dict) and isinstance(v.get("en"), dict))
    key = next(k for k, v in view[table]["en"].items() if isinstance(v, str) and v)
    assert f"play/view:{table}/{key}" in contexts


def test_the_shipped_wordbooks_are_complete() -> None:
    assert wordbook_babel.problems() == []
    assert len(wordbook_babel.books()) >= 20


@pytest.mark.parametrize("emptied", [False, True])
def test_the_check_names_a_missing_or_empty_italian_entry(tmp_path: Path, emptied: bool) -> None:
    copy = tmp_path / "terminal.json"
    book = json.loads((PACKAGE / "terminal.json").read_text(encoding="utf-8"))
    if emptied:
        book["lines"]["it"]["fix_kinds"]["balance"] = " "
    else:
        del book["lines"]["it"]["fix_kinds"]["balance"]
    copy.write_text(json.dumps(book, ensure_ascii=False), encoding="utf-8")
    word = "empty" if emptied else "missing"
    assert wordbook_babel.problems(paths=[copy]) == [f"it: terminal:lines/fix_kinds/balance is {word}"]
    assert wordbook_babel.problems(["fr"], paths=[copy]) == []


def test_the_check_names_a_missing_table_and_a_count_tables_other(tmp_path: Path) -> None:
    book = json.loads((PACKAGE / "text.json").read_text(encoding="utf-8"))
    first = next(t for t, v in book.items() if isinstance(v, dict) and "en" in v and t != "times")
    del book[first]["it"]
    book["times"]["fr"] = {"=1": "une fois"}
    copy = tmp_path / "text.json"
    copy.write_text(json.dumps(book, ensure_ascii=False), encoding="utf-8")
    assert sorted(wordbook_babel.problems(paths=[copy])) == ["fr: text:times/other is missing",
                                                             f"it: text:{first} is missing"]


def test_an_added_languages_file_is_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/translating.md: an added language keeps its words in cardgen/locale/<lang>.json."""
    monkeypatch.setattr(wordbook, "LOCALE", tmp_path)
    (tmp_path / "de.json").write_text(json.dumps({"terminal": {"lines": {"interrupted": "cardgen: unterbrochen"}}}),
                                      encoding="utf-8")
    found = wordbook_babel.problems(paths=[PACKAGE / "terminal.json"])
    assert "de: terminal:lines/fix_kinds/balance is missing" in found
    assert not any(p.startswith("de: terminal:lines/interrupted ") for p in found)
    assert not any(p.startswith(("fr:", "it:")) for p in found)


def test_the_commands_exit_1_on_a_gap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(wordbook_babel, "problems", lambda *a, **k: ["it: terminal:lines/x is missing"])
    assert wordbook_babel.main(["check"]) == 1
    monkeypatch.setattr(catalog, "pot_is_current", lambda: [])
    monkeypatch.setattr(catalog, "catalog_problems", lambda lang: [])
    assert catalog.main(["check"]) == 1
    assert capsys.readouterr().out.splitlines() == ["it: terminal:lines/x is missing"] * 2
    assert wordbook_babel.main(["nonsense"]) == 2


def test_a_bare_json_file_gives_nothing() -> None:
    handle = io.BytesIO(b'["a", {"en": "b"}]')
    assert list(wordbook_babel.extract(handle, DEFAULT_KEYWORDS, [], {})) == []


def _po(path: Path, lang: str):  # type: ignore[no-untyped-def]
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def test_export_gives_every_entry_with_the_languages_words(tmp_path: Path) -> None:
    out = tmp_path / "fr.po"
    assert wordbook_babel.main(["export", "fr", str(out)]) == 0
    po = _po(out, "fr")
    book = json.loads((PACKAGE / "terminal.json").read_text(encoding="utf-8"))
    balance = po.get(book["lines"]["en"]["fix_kinds"]["balance"], context="terminal:lines/fix_kinds/balance")
    assert balance is not None and balance.string == book["lines"]["fr"]["fix_kinds"]["balance"]
    with catalog.BABEL_CFG.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(catalog.BABEL_CFG))
    extracted = {c for _, _, _, _, c in extract_from_dir(str(PACKAGE), method_map, options_map,
                                                         keywords=DEFAULT_KEYWORDS)}
    assert {m.context for m in po if m.id} == extracted


def test_a_translated_export_imports_into_an_added_languages_file(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Poedit's round trip: export de, translate every entry, import: the check then finds nothing."""
    monkeypatch.setattr(wordbook, "LOCALE", tmp_path / "locale")
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "de.json").write_text('{"text": {"ordinal": {"other": "{n}."}}}', encoding="utf-8")
    out = tmp_path / "de.po"
    assert wordbook_babel.main(["export", "de", str(out)]) == 0
    po = _po(out, "de")
    untouched = {"terminal:lines/fix_kinds/balance", "text:ordinal/one"}
    for message in po:
        if message.id and message.context not in untouched:
            message.string = message.string or f"[{message.id}]"
    with out.open("wb") as handle:
        write_po(handle, po)
    assert wordbook_babel.main(["import", "de", str(out)]) == 0
    words = json.loads((tmp_path / "locale" / "de.json").read_text(encoding="utf-8"))
    assert "lines" not in words.get("terminal", {})  # half a table is left out, never written
    times = json.loads((PACKAGE / "text.json").read_text(encoding="utf-8"))["times"]["en"]
    assert words["text"]["times"] == {k: f"[{v}]" for k, v in times.items()}
    assert words["text"]["ordinal"] == {"other": "{n}."}  # what the file held and the .po did not complete stays
    forms = json.loads((PACKAGE / "games/draco/words.json").read_text(encoding="utf-8"))["glossary"]["en"]
    assert words["games/draco/words"]["glossary"]["drop_out"]["forms"] == \
        f"[{' | '.join(forms['drop_out']['forms'])}]".split(" | ")
    assert sorted(wordbook_babel.problems(["de"])) == ["de: simulate/verdict:singular is missing",
                                                       "de: terminal:lines is missing"]


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_import_refuses_a_language_the_wordbooks_hold_and_a_missing_file(tmp_path: Path, lang: str,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert wordbook_babel.main(["import", lang, str(tmp_path / "fr.po")]) == 2
    assert wordbook_babel.main(["import", "de", str(tmp_path / "nothing.po")]) == 2
    said = capsys.readouterr().out.splitlines()
    assert len(said) == 2 and said[0].startswith(f"{lang}: ") and said[1].startswith(f"{tmp_path / 'nothing.po'}: ")
