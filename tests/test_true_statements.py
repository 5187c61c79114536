"""What cardgen says about the games is true (issue 53, "statements that are false").

Each test holds one statement a reader found false to its corrected form: a solo game has no balance
line, a card every seat holds is not judged for that reason (not "too few seats"), Draco is never called
"not a special character" (the published description counts him among the four special characters),
King Lui's playtest page words the end as the book does (the supply too short for another course, not an
empty pile), and Draco's book says what the table does when the bank runs short, as this edition's ruling.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from cardgen.cli import main
from test_report_lang import read_text

ROOT = Path(__file__).resolve().parents[1]


def test_a_solo_game_has_no_balance_line_and_the_imposter_is_not_judged_for_the_real_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", "royale-solo", "--games", "40", "--engine", "reference", "--jobs", "1",
                 "--out", str(tmp_path / "out"), "--project", str(ROOT)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "fair share" not in out and "seat win rates" not in out, out
    assert "Imposter" in out and "(not judged: every seat holds one, so no seat without it to compare with)" in out
    assert "too few seats" not in out
    run = next((tmp_path / "out/validation").glob("validate-royale-solo-*"))
    overview = read_text((run / "index.html").read_text(encoding="utf-8"))
    assert "⚠" not in overview and "against a fair" not in overview, overview
    page = read_text((run / "royale-solo.html").read_text(encoding="utf-8"))
    assert "every seat holds one, so no seat without it to compare with: not judged" in page
    assert "too few seats" not in page


def test_draco_is_never_said_not_to_be_a_special_character() -> None:
    catalogs = sorted((ROOT / "cardgen/rulebook/locale").rglob("draco.po"))
    assert len(catalogs) == 3
    false = re.compile(r"not a special\s+character|pas un\s+personnage\s+spécial|non è un\s+personaggio speciale")
    for po in catalogs:
        text = re.sub(r'"\n"', "", po.read_text(encoding="utf-8"))  # one line per entry
        assert not false.search(text), po
    assert "Cards can move them like any other character; %(draco)s, however, never moves." in text


def test_king_luis_page_words_the_end_as_the_book_does() -> None:
    ends = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ends"]
    assert ends["en"]["supply_exhausted"] == "The supply holds too few cards for another course"
    assert ends["fr"]["supply_exhausted"] == "La pioche n’a plus assez de cartes pour un service"
    assert ends["it"]["supply_exhausted"] == "Il mazzo non ha più carte sufficienti per una portata"


def test_draco_rules_what_the_table_does_when_the_bank_runs_short() -> None:
    deck = yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))
    ruling = deck["clarifications"]["bank_short"]
    assert ruling["resolution"] == "pay_what_remains"
    said = ruling["text"]
    assert "this edition’s" in said["en"] and "in the base game it does in most games" in said["en"]
    assert "What it cannot pay is lost: nobody collects it later." in said["en"]
    assert "choix de cette édition" in said["fr"] and "la plupart des parties" in said["fr"]
    assert "scelte di questa edizione" in said["it"] and "maggior parte delle partite" in said["it"]
