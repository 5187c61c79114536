"""A variant that changes nothing changes nothing: the verdict stays silent, card sentences included.

Each shipped game against a copy of itself with one component moved to the end of the
list: every deal changes (the shuffle starts from another order), the odds do not. Over
ten seeds at most one comparison may name a change (the Holm family is 5 %). And base
King Lui deals no dish to a seat, so no dish is ever judged at any count (the seven
dishes are symmetric); Royale's imposter, which every colour holds, is never judged.
Slow tier: 30 comparisons and 9 validations, a few minutes of CPU.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from cardgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _moved(project: Path, game: str) -> str:
    """Copy ``game``'s deck into ``project`` with its first component moved to the end; the copy's id."""
    (project / "decks").mkdir(exist_ok=True)
    (project / "variants").mkdir(exist_ok=True)
    shutil.copy(ROOT / "decks" / f"{game}.yaml", project / "decks" / f"{game}.yaml")
    deck = yaml.safe_load((ROOT / "decks" / f"{game}.yaml").read_text(encoding="utf-8"))
    deck["components"].append(deck["components"].pop(0))
    (project / "decks" / f"{game}_moved.yaml").write_text(yaml.safe_dump(deck, allow_unicode=True, sort_keys=False),
                                                          encoding="utf-8")
    return f"{game}_moved"


@pytest.mark.parametrize("game,players", [("king_lui", 4), ("draco", 3), ("royale", 3)])
def test_a_component_moved_in_the_list_changes_nothing(tmp_path: Path, game: str, players: int) -> None:
    moved = _moved(tmp_path, game)
    nothing = 0
    for seed in range(1, 11):
        js = tmp_path / f"{seed}.json"
        assert main(["--project", str(tmp_path), "compare", game, moved, "--players", str(players), "--games", "200",
                     "--seed", str(seed), "--jobs", "1", "--engine", "fast", "--json", str(js),
                     "--out", str(tmp_path / "out")]) == 0  # the tier compare's auto would compile (the suite's switch stops it)
        [r] = json.loads(js.read_text())["results"]
        nothing += r["verdict"][0].startswith("In 200 pairs of games, no figure changed")
    assert nothing >= 9


def test_no_dish_of_base_king_lui_is_ever_judged_and_royales_imposter_is_not(tmp_path: Path) -> None:
    for seed in (1, 2, 3):
        js = tmp_path / f"k{seed}.json"
        assert main(["--project", str(ROOT), "validate", "king_lui", "--players", "3", "4", "5", "--games", "2000",
                     "--designer-games", "2000", "--seed", str(seed), "--json", str(js), "--out", str(tmp_path / "out")]) == 0
        for r in json.loads(js.read_text())["results"]:
            assert not any(c["flag"] for c in r["designer"]["component_impact"])
    js = tmp_path / "r.json"
    assert main(["--project", str(ROOT), "validate", "royale", "--players", "3", "--games", "300",
                 "--json", str(js), "--out", str(tmp_path / "out")]) == 0
    [r] = json.loads(js.read_text())["results"]
    imposter = {c["component"]: c for c in r["designer"]["component_impact"]}["imposter"]
    assert imposter["judged"] is False and imposter["flag"] == "" and imposter["dealt_share"] == 1.0
