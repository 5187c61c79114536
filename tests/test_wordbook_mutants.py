"""The wordbook loader's refusal of a language file naming a table its wordbook lacks, with several tables to
choose from (issue 51: mutation testing of ``cardgen/wordbook.merged``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen import wordbook

ROOT = Path(__file__).resolve().parents[1]


def test_a_wrong_table_is_refused_with_every_table_of_the_wordbook(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordbook, "LOCALE", tmp_path)
    (tmp_path / "nl.json").write_text(json.dumps({"errors": {"line": {}}}), encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        wordbook.merged(ROOT / "cardgen" / "errors.json")
    assert str(caught.value) == f"{tmp_path / 'nl.json'}: errors: no table 'line' in errors.json; expected one of " \
                                "kinds, lines"
