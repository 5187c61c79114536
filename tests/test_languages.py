"""Own decks in any language (cardgen/languages.py): which codes a deck may use, what ``check``
says of one it may not, and the maps the shipped languages keep."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen import languages
from cardgen.cli import main
from cardgen.scaffold import new_project


def starter(tmp_path: Path, lang: str = "de") -> Path:
    game = tmp_path / "spiel"
    new_project(game, lang=lang)
    return game


def set_languages(game: Path, line: str) -> None:
    deck = game / "decks/spiel.yaml"
    text = deck.read_text(encoding="utf-8")
    start = text.index("languages:")
    deck.write_text(text[:start] + line + text[text.index("\n", start):], encoding="utf-8")


def check(game: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["--project", str(game), "check"])
    return code, capsys.readouterr().err.strip()


def test_the_languages_a_deck_may_use() -> None:
    printable = languages.printable()
    assert {"de", "es", "pt", "nl", "ru", "el", "fr", "it", "en"} <= set(printable)
    assert "th" not in printable and "te" not in printable  # scripts DejaVu has no letters for
    assert languages.problem("de") is None and languages.problem("pt_BR") is None
    assert languages.script_problem("ru") is None and languages.script_problem("el") is None
    assert "no letters for" in languages.script_problem("th")
    assert languages.problem("xx")[0].startswith("unknown language 'xx'")


def test_the_shipped_languages_keep_their_regional_forms() -> None:
    """fr, it, en keep the locales and dictionaries the shipped books were made with (byte-identical PDFs)."""
    assert [languages.locale(x) for x in ("fr", "it", "en", "de")] == ["fr_FR", "it_IT", "en_GB", "de"]
    assert [languages.hyphenation(x) for x in ("fr", "it", "en", "es")] == ["fr", "it_IT", "en_GB", "es"]
    assert [languages.tag(x) for x in ("en", "de", "pt_BR")] == ["en-GB", "de", "pt-BR"]
    assert languages.native_name("de") == "Deutsch" and languages.native_name("es") == "Español"


@pytest.mark.parametrize(("code", "hint"), [("deu", "de"), ("ne", "en"), ("Deutsch", "de"), ("spa", None)])
def test_check_refuses_an_unknown_language_with_a_did_you_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               code: str, hint: str | None) -> None:
    game = starter(tmp_path)
    set_languages(game, f"languages: [{code}]")
    status, err = check(game, capsys)
    assert status == 2 and len(err.splitlines()) == 1, err
    assert err.startswith("cardgen: error: decks/spiel.yaml:3: languages[0]: unknown language") and "de, el" in err
    assert (f"did you mean '{hint}'" in err) if hint else "did you mean" not in err


def test_check_refuses_a_script_the_fonts_lack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = starter(tmp_path)
    set_languages(game, "languages: [th]")
    status, err = check(game, capsys)
    assert status == 2 and len(err.splitlines()) == 1 and "languages[0]: 'th'" in err and "no letters for" in err


def test_a_text_in_no_language_is_one_line_at_the_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = starter(tmp_path)
    deck = game / "decks/spiel.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('name: {de: "Spiel"}', 'name: {de: "Spiel", ed: "x"}'),
                    encoding="utf-8")
    status, err = check(game, capsys)
    assert status == 2 and err.endswith("decks/spiel.yaml:4: name.ed: text in 'ed', which is no language cardgen "
                                        "prints; expected one of this deck's languages (de) (did you mean 'de'?)"), err


def test_two_languages_need_every_text_in_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = starter(tmp_path)
    set_languages(game, "languages: [de, nl]")
    status, err = check(game, capsys)
    assert status == 2 and "name.nl: missing required field 'nl' (this deck's languages are de, nl)" in err


def test_a_shipped_game_stays_in_its_three_languages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    (tmp_path / "decks").mkdir()
    text = (root / "decks/king_lui.yaml").read_text(encoding="utf-8")
    (tmp_path / "decks/king_lui.yaml").write_text("languages: [de]\n" + text, encoding="utf-8")
    status, err = check(tmp_path, capsys)
    assert status == 2 and "king_lui.yaml:1: languages[0]: expected one of 'fr', 'it' or 'en', got 'de'" in err


def test_build_lang_refuses_an_unknown_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = starter(tmp_path)
    assert main(["--project", str(game), "build", "--lang", "deu"]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'deu'" in err and "did you mean 'de'" in err and not (game / "out").exists()


def test_inspect_in_a_language_the_deck_lacks_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = starter(tmp_path, "es")
    assert main(["--project", str(game), "inspect", "spiel", "--lang", "de"]) == 2
    assert "--lang: the deck is written in es; expected one of them" in capsys.readouterr().err
    assert main(["--project", str(game), "inspect", "spiel"]) == 0  # in its own language
    assert "languages: es" in capsys.readouterr().out


def test_the_shipped_languages_are_listed_once() -> None:
    """``cardgen.languages`` is the one list: the schema's ``Lang`` takes its values, the JSON Schema lists
    them, and every shipped language has its locale, hyphenation dictionary and PDF tag there."""
    from typing import get_args

    from cardgen.games import deck_models
    from cardgen.model.jsonschema import json_schema
    from cardgen.model.schema import Lang

    assert get_args(Lang) == languages.SHIPPED
    text = str(json_schema(deck_models()))
    assert str(list(languages.SHIPPED)) in text  # the enum of a deck's ``languages``
    for lang in languages.SHIPPED:
        assert lang in languages.LOCALES and lang in languages.HYPHENATION and lang in languages.TAGS


def test_three_significant_digits_in_each_language() -> None:
    """tune's figures (a share or a count): three significant digits, in the language's notation."""
    assert [languages.significant(x, "en") for x in (47.3456, 0.012345, 9.85, 20.0)] == ["47.3", "0.0123", "9.85", "20"]
    assert languages.significant(47.3456, "fr") == "47,3" and languages.significant(0.012345, "it") == "0,0123"
