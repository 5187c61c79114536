"""A tuned variant is named in its deck's own languages (issue 33): never ``fr: None (réglage 1)``."""
from __future__ import annotations

from pathlib import Path

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver, resolve
from cardgen.scaffold import new_project
from cardgen.tune.describe import variant_name

ROOT = Path(__file__).resolve().parent.parent


def test_a_shipped_deck_is_named_in_its_three_languages() -> None:
    deck = resolve("king_lui", ROOT)
    assert variant_name(deck, 2) == {"fr": f"{deck.model.name['fr']} (réglage 2)",
                                     "it": f"{deck.model.name['it']} (taratura 2)",
                                     "en": f"{deck.model.name['en']} (tuned 2)"}
    assert variant_name(deck, 0)["en"] == f"{deck.model.name['en']} (closest trial)"


def test_an_english_only_deck_gets_an_english_name_only(tmp_path: Path) -> None:
    new_project(tmp_path / "g", rules=True)
    deck = Resolver(Project.open(tmp_path / "g")).resolve("g")
    assert deck.model.languages == ["en"]
    names = variant_name(deck, 1)
    assert names == {"en": f"{deck.model.name['en']} (tuned 1)"} and "None" not in str(names)


def test_tune_of_an_english_only_rules_game_writes_variants_that_resolve_in_english_only(tmp_path: Path) -> None:
    """End to end: the tuned variant files of an English-only deck load again, named in English only."""
    import yaml

    from cardgen.cli import main

    new_project(tmp_path / "g", rules=True)
    out = tmp_path / "tune"
    code = main(["--project", str(tmp_path / "g"), "tune", "g", "--param", "hand_size=4..6",
                 "--target", "turns=1..1000", "--trials", "2", "--games", "6", "--players", "3",
                 "--jobs", "1", "--out", str(out)])
    assert code == 0
    written = sorted(out.glob("g-*.yaml"))
    assert written
    for path in written:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(doc["name"]) == {"en"} and set(doc["description"]) == {"en"}
        assert "None" not in doc["name"]["en"]
