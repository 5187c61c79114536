"""``cardgen/printable.py``: whether a text prints as written, below every stage that asks it."""
from __future__ import annotations

from pathlib import Path

from cardgen.printable import char_problem, string_problems, unprintable_texts
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent


def test_a_line_break_prints_only_in_a_paragraph() -> None:
    assert string_problems("two\nlines", paragraph=True) is None
    assert "control character U+000A" in (string_problems("two\nlines") or "")


def test_each_kind_of_unprintable_character_is_named() -> None:
    assert "bidirectional control U+202E" in (char_problem("\u202e") or "")
    assert "right-to-left script" in (char_problem("\u05d0") or "")
    assert "private-use character U+E000" in (char_problem("\ue000") or "")
    assert "line separator U+2028" in (char_problem("\u2028", paragraph=True) or "")
    assert char_problem("é") is None and char_problem("\u202f") is None


def test_a_deck_model_reports_each_bad_text_at_its_field_and_lets_paragraph_breaks_pass() -> None:
    model = resolve("king_lui", ROOT).model
    assert unprintable_texts(model) == []  # the shipped deck prints as written
    name = model.name.model_copy(update={"en": "King\u0007Lui"})
    description = model.description.model_copy(update={"en": "First line.\nSecond line."})
    bad = model.model_copy(update={"name": name, "description": description})
    found = unprintable_texts(bad)
    assert [path for path, _ in found] == [("name", "en")]
    assert "control character U+0007" in found[0][1]
