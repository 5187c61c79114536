"""Designer metrics from per-turn traces, and the "which card is too strong" table (a planted card is flagged)."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.engine.api import GameResult
from cardgen.simulate.designer import DesignerTally, Trace, component_impact, game_figures, rate_difference

RACKET = """\
extends: draco
name: {fr: "Gros racket", it: "Grande pizzo", en: "Big shakedown"}
description: {fr: "Un racket prend 8 pièces.", it: "Un pizzo prende 8 monete.", en: "A shakedown takes 8 silver."}
change:
  shakedown:
    count: 3
    faces:
      0: {data: {steal: {silver: 8}}}
"""


def _result(scores: list[float], winners: list[int]) -> GameResult:
    return GameResult(1, ["a"] * len(scores), "end", True, scores=scores, winners=winners)


def test_figures_of_one_game_by_hand() -> None:
    # seat 0 leads, seat 1 overtakes at turn 2, seat 0 comes back and wins by 1
    est = [[0, 0], [2, 1], [2, 4], [3, 5], [7, 5], [8, 7]]
    f = game_figures(Trace(est, [{"x": 1}, {}]), _result([8, 7], [0]))
    assert f["lead_changes"] == 2  # 0 -> 1 -> 0 (the opening tie names no leader)
    assert f["comeback_rate"] == 1.0  # behind at half-time (estimate 3: [3, 5])
    assert f["close_games"] == 1.0  # margin 1 <= 2
    assert f["drama"] == pytest.approx((0 + 0 + 2 + 2 + 0 + 0) / 6)
    assert f["decided_at"] == pytest.approx(4 / 5)  # leads for good from the fifth estimate on
    assert "kingmaking" not in f  # two seats: no third seat to choose between them
    solo = game_figures(Trace([[0], [3]], [{}]), _result([3.0], [0]))  # a solo game: no one to be close to
    assert "kingmaking" not in solo and "close_games" not in solo and solo["lead_changes"] == 0
    # three seats: 0 and 1 swap places twice; the last swap (0 back ahead) is seat 2's decision: kingmade
    moves = [(0, [2, 1, 0]), (1, [2, 4, 0]), (2, [5, 4, 0]), (1, [5, 4, 1])]
    three = game_figures(Trace([[0, 0, 0], [5, 4, 1]], [{}, {}, {}], moves), _result([5, 4, 1], [0]))
    assert three["kingmaking"] == 1.0
    mine = [(0, [2, 1, 0]), (1, [2, 4, 0]), (0, [5, 4, 0])]  # the winner overtook by itself
    assert game_figures(Trace([[0, 0, 0], [5, 4, 0]], [{}, {}, {}], mine), _result([5, 4, 0], [0]))["kingmaking"] == 0
    # a shared win defines no comeback, drama or decisiveness, and a one-sided game has no margin to be close
    shared = game_figures(Trace(est, [{}, {}]), _result([8, 8], [0, 1]))
    assert "comeback_rate" not in shared and "close_games" not in shared and shared["lead_changes"] == 2


def test_tallies_merge_like_one_run_and_the_interval_is_newcombes() -> None:
    games = [(Trace([[0, 0], [1, 0]], [{"a": 1}, {"b": 2}]), _result([1, 0], [0])),
             (Trace([[0, 0], [0, 2]], [{"a": 1}, {"a": 1, "b": 1}]), _result([0, 2], [1])),
             (Trace([[0, 0], [3, 1]], [{"a": 3}, {}]), _result([3, 1], [0]))]
    whole, one, two = DesignerTally(), DesignerTally(), DesignerTally()
    for i, (t, r) in enumerate(games):
        whole.add(t, r)
        (one if i < 1 else two).add(t, r)
    one.merge(two)
    assert one.to_json() == whole.to_json()
    rows = {r["component"]: r for r in whole.to_json()["component_impact"]}
    # b: played by 2 of 6 seats (lost game 0, won game 1): 1/2 against 2/4 for the other seats
    assert rows["b"]["played_share"] == pytest.approx(2 / 6, abs=1e-4) and rows["b"]["difference"] == 0
    assert rows["b"]["plays_per_seat"] == pytest.approx(3 / 6, abs=1e-4)
    d, low, high = rate_difference(56, 70, 48, 80)  # Newcombe 1998, example (a), method 10: 0.0524 to 0.3339
    assert d == pytest.approx(0.2) and (low, high) == pytest.approx((0.0524, 0.3339), abs=2e-4)
    assert component_impact({"z": [5, 5, 9]}, 5, 2) == []  # played by every seat: nothing to compare with


def test_a_planted_overpowered_card_is_flagged(project_with: Callable[[str], Path], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Shakedown stealing 8 silver instead of 1: the table flags it strong; the published card is not."""
    project = project_with("draco")
    (project / "variants" / "draco").mkdir(parents=True)
    (project / "variants" / "draco" / "big-racket.yaml").write_text(RACKET, encoding="utf-8")
    js = tmp_path / "v.json"
    code = main(["--project", str(project), "validate", "draco", "big-racket", "--games", "200", "--players", "4",
                 "--jobs", "1", "--engine", "reference", "--json", str(js), "--out", str(tmp_path / "out")])
    assert code == 0
    by = {r["variant"]: {c["component"]: c for c in r["designer"]["component_impact"]}
          for r in json.loads(js.read_text())["results"]}
    planted, published = by["big-racket"]["shakedown"], by["draco"]["shakedown"]
    assert planted["flag"] == "strong" and planted["low"] > 0.1
    assert published["flag"] != "strong" and published["difference"] < planted["low"]
    assert max(by["big-racket"].values(), key=lambda c: c["difference"])["component"] == "shakedown"
    out = capsys.readouterr().out
    assert any(line.strip().startswith("shakedown") and line.endswith("! strong") for line in out.splitlines())


@pytest.mark.slow  # compiles each game's tier (20 s to 1 min of CPU each on a fresh cache): CI's slow tier
@pytest.mark.parametrize("deck", ["king_lui", "royale", "draco"])
def test_designer_figures_are_the_same_on_every_engine(repo_root: Path, tmp_path: Path, deck: str) -> None:
    """The compiled tier's recorded actions replayed on the reference State give the reference's figures, and
    tracing adds the designer section without changing any other figure (the batch path, --no-designer)."""
    docs = {}
    for name, extra in (("fast", ["--engine", "fast"]), ("reference", ["--engine", "reference"]),
                        ("batch", ["--engine", "fast", "--no-designer"])):
        js = tmp_path / f"{name}.json"
        main(["--project", str(repo_root), "validate", deck, "--games", "24", "--players", "3", "--jobs", "1",
              "--json", str(js), "--out", str(tmp_path / name), *extra])
        [docs[name]] = json.loads(js.read_text())["results"]
    fast, reference, batch = docs["fast"], docs["reference"], docs["batch"]
    assert fast["designer"]["games"] == fast["completed"] > 0 and "lead_changes" in fast["designer"]
    assert fast["designer"] == reference["designer"]
    assert fast["designer"]["component_impact"] or deck == "royale"  # Royale's 24 games may flag nothing to compare
    assert batch["designer"]["games"] == 0
    strip = ("designer", "engine")
    assert {k: v for k, v in fast.items() if k not in strip} == {k: v for k, v in batch.items() if k not in strip}


def test_only_the_first_designer_games_are_traced(repo_root: Path, tmp_path: Path) -> None:
    """A huge run keeps its speed: games past --designer-games run as usual (compiled batches), same figures."""
    docs = {}
    for name, extra in (("some", ["--designer-games", "10"]), ("none", ["--no-designer"])):
        js = tmp_path / f"{name}.json"
        main(["--project", str(repo_root), "validate", "king_lui", "--games", "30", "--players", "4", "--jobs", "1",
              "--json", str(js), "--out", str(tmp_path / name), *extra])
        [docs[name]] = json.loads(js.read_text())["results"]
    assert docs["some"]["designer"]["games"] == 10 and docs["some"]["designer"]["lead_changes"]["n"] == 10
    assert {k: v for k, v in docs["some"].items() if k != "designer"} == \
        {k: v for k, v in docs["none"].items() if k != "designer"}
    assert main(["--project", str(repo_root), "validate", "king_lui", "--designer-games", "0"]) == 2
