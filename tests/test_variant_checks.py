"""A variant is checked like a shipped game's, and its own mistakes are blamed on its own file (issue 33).

A rules-file game's variant may change only the rule numbers its base declares (a misspelt
name was accepted, and compare then reported that nothing changed); ``code:`` without
``house_rule:`` (or the reverse) is the variant's mistake, not its base deck's.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.scaffold import new_project

HEAD = "extends: g\nname: {en: Typo}\ndescription: {en: A variant.}\n"


def variant(tmp_path: Path, body: str) -> Path:
    root = tmp_path / "g"
    new_project(root, rules=True)
    (root / "variants" / "v.yaml").write_text(HEAD + body, encoding="utf-8")
    return root


def resolve_v(root: Path) -> object:
    return Resolver(Project.open(root)).resolve("v")


def test_a_misspelt_rule_number_is_refused_with_a_did_you_mean(tmp_path: Path) -> None:
    root = variant(tmp_path, "rules:\n  hand_sise: 3\n")
    with pytest.raises(InputError) as caught:
        resolve_v(root)
    error = caught.value
    assert (error.file, error.line, error.hint) == ("variants/v.yaml", 5, "hand_size")
    assert "unknown rule number 'hand_sise'" in error.message and "hand_size, rounds, joker_points" in error.message


def test_a_declared_rule_number_changes(tmp_path: Path) -> None:
    deck = resolve_v(variant(tmp_path, "rules:\n  hand_size: 3\n"))
    assert deck.model.rules.model_dump()["hand_size"] == 3


@pytest.mark.parametrize("body, key", [("code: house/x.py\n", "code"),
                                       ("house_rule: {en: A rule.}\n", "house_rule")])
def test_code_without_its_text_is_the_variants_mistake(tmp_path: Path, body: str, key: str) -> None:
    with pytest.raises(InputError) as caught:
        resolve_v(variant(tmp_path, body))
    error = caught.value
    assert (error.file, error.line) == ("variants/v.yaml", 4)
    assert error.message.startswith(f"'{key}' without") and "go together" in error.message
