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
