"""The sheets' own sentences (cardgen/render/strings.py): every translation complete, English otherwise."""
from __future__ import annotations

import string

import pytest

from cardgen.render.strings import STRINGS, count, text


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_every_translation_has_every_sentence_with_its_fields(lang: str) -> None:
    assert set(STRINGS[lang]) == set(STRINGS["en"])
    for key, english in STRINGS["en"].items():
        assert fields(STRINGS[lang][key]) == fields(english), (lang, key)
        assert STRINGS[lang][key].count("|") == english.count("|"), (lang, key)


def test_translated_and_fallback_languages() -> None:
    assert {"fr", "it", "en", "de", "es", "pt", "nl"} <= set(STRINGS)
    assert text("de", "ruler") == "Kalibrierung: Dieses Lineal muss genau 100\u00a0mm messen."
    assert count("es", "card", 1) == "1\u00a0carta" and count("es", "card", 3) == "3\u00a0cartas"
    assert text("sv", "sheet", n=1, total=2) == "sheet 1/2"  # no Swedish translation: English
    assert count("sv", "die", 2) == "2\u00a0dice"
