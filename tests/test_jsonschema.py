"""The exported JSON Schema stays in sync with the loader (both come from the models)."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from cardgen.cli import main
from cardgen.games import deck_models
from cardgen.load.project import Project
from cardgen.model.jsonschema import json_schema

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(Project.open(ROOT).sources.items())


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = json_schema(deck_models())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize(("sid", "path"), FILES, ids=[s for s, _ in FILES])
def test_every_shipped_file_matches_the_schema(validator: jsonschema.protocols.Validator, sid: str,
                                               path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = sorted(validator.iter_errors(data), key=str)
    assert not errors, f"{path}: {errors[0].message}"


def test_schema_rejects_what_the_loader_rejects(validator: jsonschema.protocols.Validator) -> None:
    deck = yaml.safe_load((ROOT / "decks" / "king_lui.yaml").read_text(encoding="utf-8"))
    assert validator.is_valid(deck)
    deck["components"][0]["cuont"] = 3
    assert not validator.is_valid(deck)
    deck["components"][0].pop("cuont")
    deck["components"][0]["count"] = -1
    assert not validator.is_valid(deck)
    deck["components"][0]["count"] = 15
    deck["name"]["Deutsch"] = "a"  # not a language code
    assert not validator.is_valid(deck)
    deck["name"].pop("Deutsch")
    deck["languages"] = ["de"]  # a shipped game stays in fr, it, en
    assert not validator.is_valid(deck)
    deck.pop("languages")
    deck["name"] = {}  # (which languages a text needs depends on the deck: the loader checks that)
    assert not validator.is_valid(deck)
    variant = {"extends": "king_lui", "name": {"fr": "a", "it": "a", "en": "a"},
               "description": {"fr": "a", "it": "a", "en": "a"}, "rulez": {}}
    assert not validator.is_valid(variant)
    variant.pop("rulez")
    assert validator.is_valid(variant)
    variant["actions"] = {"serve": {"fr": "Servir : {0}", "it": "Servire: {0}", "en": "Serve: {0}"}}
    assert validator.is_valid(variant)  # a house rule's own action, named in each language
    variant["actions"] = {"serve the king": variant["actions"]["serve"]}  # not an action's first word
    assert not validator.is_valid(variant)
    variant.pop("actions")
    print_only = {"languages": ["en"], "name": {"en": "a"}, "backs": {"b": {"layout": "back"}},
                  "components": [{"id": "c", "kind": "card", "count": 1, "name": {"en": "c"}, "back": "b",
                                  "faces": [{"layout": "mine"}]}], "rulebook": {"en": "rules.md"}}
    assert validator.is_valid(print_only)
    german = {**print_only, "languages": ["de"], "name": {"de": "Spiel"}, "rulebook": {"de": "rules.md"}}
    german["components"] = [{**print_only["components"][0], "name": {"de": "Karte"}}]
    assert validator.is_valid(german)  # an own deck in any language code
    assert not validator.is_valid({**german, "languages": ["German"]})
    assert not validator.is_valid({**german, "name": {"de": ""}})


def test_schema_command_writes_the_same_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(tmp_path), "schema"]) == 0  # no project there: each game's deck id
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(json_schema(deck_models())))
    target = tmp_path / "cardgen.schema.json"
    assert main(["--project", str(tmp_path), "schema", "--out", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == printed


def test_a_project_of_variants_checks_them_against_the_game_they_extend(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A project of only variants/ of the shipped games (one since s48-fix3): its schema gave no variant its
    game's fields (a shipped deck it extends is not one of its files), where it had checked 'extends: king_lui'."""
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "lui-quick.yaml").write_text("extends: king_lui\n", encoding="utf-8")
    assert main(["--project", str(tmp_path), "schema"]) == 0
    check = jsonschema.Draft202012Validator(json.loads(capsys.readouterr().out))
    head = {"name": {"fr": "a", "it": "a", "en": "a"}, "description": {"fr": "a", "it": "a", "en": "a"}}
    for base in ("king_lui", "lui-quick"):  # the shipped deck and the project's own variant of it
        assert not check.is_valid({**head, "extends": base, "rules": {"grid_rows": 3}}), base  # a Royale rule
        assert check.is_valid({**head, "extends": base, "rules": {"emerald_portions": 3}}), base


def test_variants_are_checked_per_game() -> None:
    """An editor catches a rule or component field the variant's game does not have."""
    import jsonschema

    schema = json_schema(deck_models(), {"king_lui": ["king_lui", "hungry"], "royale": ["royale"], "draco": ["draco"]})
    check = jsonschema.Draft202012Validator(schema)
    head = {"name": {"fr": "a", "it": "a", "en": "a"}, "description": {"fr": "a", "it": "a", "en": "a"}}

    def errors(doc: dict) -> list[str]:
        return [e.message for e in check.iter_errors({**head, **doc})]

    assert errors({"extends": "royale", "rules": {"grid_row": 4}})
    assert errors({"extends": "royale", "change": {"dessert": {"cout": 2}}})
    assert errors({"extends": "royale", "change": {"dessert": {"id": "pudding"}}})
    assert not errors({"extends": "royale", "change": {"dessert": {"count": 2}}})
    assert not errors({"extends": "hungry", "rules": {"emerald_portions": 3}})
    assert errors({"extends": "hungry", "rules": {"grid_rows": 3}})  # a Royale rule in a King Lui variant
    assert not errors({"extends": "royale", "change": {"dessert": {"faces": {"0": {"title": {"en": "x"}}}}}})
    assert errors({"extends": "royale", "change": {"dessert": {"faces": {"first": {}}}}})


def test_schema_knows_decks_naming_a_rules_file(validator: jsonschema.protocols.Validator) -> None:
    own = {"game": "rules.py", "languages": ["en"], "name": {"en": "a"}, "players": {"min": 2, "max": 4},
           "rules": {"hand_size": 5, "jokers": True}, "backs": {"b": {"layout": "back"}},
           "components": [{"id": "c", "kind": "card", "count": 1, "name": {"en": "c"}, "back": "b",
                           "faces": [{"layout": "mine"}]}], "rulebook": {"en": "rules.md"}}
    assert validator.is_valid(own)
    own["rules"]["hand_size"] = [5]  # rule numbers are numbers, yes/no or words
    assert not validator.is_valid(own)
    own["rules"]["hand_size"] = 5
    own["game"] = "rules"  # not a path: no game of that name
    assert not validator.is_valid(own)
    deck = yaml.safe_load((ROOT / "decks" / "king_lui.yaml").read_text(encoding="utf-8"))
    deck["rules"]["emerald_portionz"] = 3  # a shipped game's rules stay checked by name
    assert not validator.is_valid(deck)
