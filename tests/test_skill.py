"""Skill versus luck (cardgen.simulate.skill): the figure, its seats, and a pure-chance variant."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.simulate.skill import format_skill, normalised, opponents, skill_json, skill_seats
from cardgen.report.commands import validate
from cardgen.simulate.validate import ValidateOptions, run_validation
from tests.toy_game import load_toy, toy_deck


def test_the_figure_is_the_win_share_over_the_fair_share_normalised() -> None:
    assert normalised(0.25, 4) == 0.0 and normalised(1.0, 4) == 1.0
    assert normalised(0.5, 4) == pytest.approx(1 / 3)
    doc = skill_json(4, {"random": (50.0, 100, 100), "heuristic": (12.5, 100, 98)}, 200)
    assert doc["fair_share"] == 0.25 and doc["iterations"] == 200
    assert doc["skill"] == pytest.approx(1 / 3, abs=1e-6)
    assert doc["skill_low"] < doc["skill"] < doc["skill_high"]
    assert doc["versus"]["heuristic"]["edge"] == pytest.approx((0.125 - 0.25) / 0.75, abs=1e-6)
    assert doc["versus"]["heuristic"]["completed"] == 98
    line = format_skill(doc)
    assert "skill: 0.33 [" in line and "random 50% [" in line and "heuristic 12.5%" in line
    assert line.endswith("; fair share 25%") and "search (200 iterations) wins against" in line
    french = format_skill(doc, "fr")
    assert "habileté\u202f: 0,33 [" in french and "au hasard 50\u202f% [" in french and "stratégie simple 12,5\u202f%" in french


def test_search_sits_in_every_seat_equally_often() -> None:
    seats = [skill_seats(3, "random", i) for i in range(6)]
    assert [s for s, _ in seats] == [0, 1, 2, 0, 1, 2]
    assert all(names[s] == "search" and names.count("search") == 1 for s, names in seats)


def test_opponents_are_the_generic_random_and_the_games_heuristic() -> None:
    assert opponents(toy_deck("toy").spec) == ["random"]  # the toy game has no heuristic


def _skill(deck: str, tmp_path: Path) -> dict:  # type: ignore[type-arg]
    opts = ValidateOptions(games=4, players=[2], seed=3, jobs=1, out=None, loader=load_toy, progress=False,
                           skill=True, skill_games=40, search_iterations=40)
    doc = run_validation([toy_deck(deck, tmp_path)], opts)
    return doc["results"][0]["skill"]  # type: ignore[no-any-return]


def test_a_pure_chance_variant_shows_less_skill(tmp_path: Path) -> None:
    """In 'toy_luck' the state's chance replaces every chosen action: choices cannot matter."""
    choices = _skill("toy_choices", tmp_path)
    luck = _skill("toy_luck", tmp_path)
    assert choices["versus"]["random"]["games"] == 40 == luck["versus"]["random"]["games"]
    assert choices["skill_low"] > 0  # drawing more cards wins the toy game: search finds it
    assert luck["skill_low"] < 0 < luck["skill_high"]  # no better than chance
    assert choices["skill"] > luck["skill"] + 0.2


def test_validate_prints_the_agents_and_the_skill_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    opts = ValidateOptions(games=4, players=[2], seed=3, jobs=1, out=None, loader=load_toy, progress=False,
                           skill=True, skill_games=4, search_iterations=5)
    assert validate([toy_deck("toy", tmp_path)], opts) == 0
    out = capsys.readouterr().out
    assert "  played by random players (any legal move), one in each seat" in out  # toy: no heuristic
    assert "  skill: " in out and "search (5 iterations) wins against random" in out


def test_default_agents_are_the_games_heuristic() -> None:
    from cardgen.games.base import GameSpec
    from cardgen.simulate.validate import default_agents
    from tests.toy_game import GreedyAgent, ToyRules

    assert default_agents(GameSpec(id="toy", rules_model=ToyRules, agents={"heuristic": GreedyAgent})) == ["heuristic"]
    assert default_agents(toy_deck("toy").spec) == ["random"]


def test_cli_search_and_skill_on_the_real_king_lui_deck(mini_project: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Default agents, --agents search, --search-iterations and --skill through the command line.

    The search runs in Python here (in this process: ``--jobs 1``): its compiled driver would compile in
    the README's tier; ``tests/test_king_lui_search.py`` proves the driver decides as this search does."""
    import json

    from cardgen.cli import main
    from cardgen.engine.api import State

    monkeypatch.setattr(State, "has_compiled_search", lambda self: False)

    js = tmp_path / "v.json"
    code = main(["--project", str(mini_project), "validate", "king_lui", "--games", "2", "--players", "3",
                 "--jobs", "1", "--json", str(js), "--out", str(tmp_path / "out")])
    assert code == 0 and json.loads(js.read_text())["results"][0]["agents_played"] == ["heuristic"]
    assert ("played by heuristic players (simple rules of thumb written for this game), one in each seat"
            in " ".join(capsys.readouterr().out.split()))  # the line wraps at 100 columns
    code = main(["--project", str(mini_project), "validate", "king_lui", "--games", "2", "--players", "3",
                 "--agents", "search", "random", "--search-iterations", "4", "--skill", "--skill-games", "3",
                 "--jobs", "1", "--json", str(js), "--out", str(tmp_path / "out")])
    entry = json.loads(js.read_text())["results"][0]
    assert code == 0 and entry["engine"] == "auto" and entry["completed"] == 2
    assert {a["agent"] for a in entry["agents"]} == {"search", "random"}
    assert entry["skill"]["iterations"] == 4 and set(entry["skill"]["versus"]) == {"random", "heuristic"}
    assert all(v["games"] == 3 == v["completed"] for v in entry["skill"]["versus"].values())
    out = capsys.readouterr()
    assert "search (4 iterations) wins against random" in out.out and "played by search players (Monte Carlo tree search) and random players (any legal move), rotated" in out.out
    assert main(["--project", str(mini_project), "validate", "king_lui", "--search-iterations", "0"]) == 2
    assert "--search-iterations 0" in capsys.readouterr().err
