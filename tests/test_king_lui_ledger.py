"""docs/king_lui.md's rule ledger: every rule names a test that exists, every ruling is in it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]
FILES = {"rules": "test_king_lui_rules.py", "engine": "test_king_lui_engine.py", "deck": "test_king_lui_deck.py",
         "play": "test_king_lui_play.py", "hidden": "test_king_lui_hidden.py", "shared": "test_kl_shared_win.py"}


def ledger_rows() -> list[list[str]]:
    text = (ROOT / "docs" / "king_lui.md").read_text(encoding="utf-8")
    section = text.split("## Rule ledger", 1)[1].split("\n## ", 1)[0]
    return [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines()
            if re.match(r"\| \d+ \|", line)]


def test_every_rule_of_the_ledger_names_an_existing_test():
    defined = {key: {n.name for n in ast.walk(ast.parse((ROOT / "tests" / f).read_text(encoding="utf-8")))
                     if isinstance(n, ast.FunctionDef)} for key, f in FILES.items()}
    rows = ledger_rows()
    assert len(rows) >= 30
    for number, rule, engine, tests in rows:
        names = re.findall(r"`(\w+)::(\w+)`", tests)
        assert names, f"rule {number} ({rule}) has no test"
        for key, name in names:
            assert name in defined[key], f"rule {number}: {key}::{name} does not exist"
        assert engine, f"rule {number} says not where the engine applies it"


def test_every_ruling_and_clarification_of_the_deck_is_in_the_ledger():
    deck = resolve("king_lui", ROOT).model
    rules = " ".join(row[1] for row in ledger_rows())
    for key in [*deck.rulings, *deck.clarifications]:
        assert f"`{key}" in rules, f"{key} is not in the rule ledger"
