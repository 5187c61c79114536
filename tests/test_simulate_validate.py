"""``validate``: verdicts, exit codes, bad input, determinism across jobs, outputs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from toy_game import load_toy, recording_loader, toy_deck

from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.report.commands import validate
from cardgen.simulate.validate import ValidateOptions, run_validation


def _opts(tmp_path: Path, **kw: Any) -> ValidateOptions:
    base: dict[str, Any] = dict(games=30, jobs=1, loader=load_toy, out=tmp_path / "out", progress=False)
    base.update(kw)
    return ValidateOptions(**base)


def _results(doc: dict[str, Any], deck: str) -> list[dict[str, Any]]:
    return [r for r in doc["results"] if r["variant"] == deck]


def test_a_sound_deck_passes_with_every_field(tmp_path: Path) -> None:
    doc = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path))
    assert [r["players"] for r in doc["results"]] == [2, 3, 4]  # every allowed count by default
    assert doc["passed"]
    r = doc["results"][1]
    for key in ("variant", "players", "games", "completed", "end_reasons", "rule_gaps", "turns", "rounds",
                "scores", "seat_win_rates", "agents", "peaks", "static_checks", "passed", "ties"):
        assert key in r, key
    assert r["games"] == r["completed"] == 30 and r["end_reasons"] == {"cards_exhausted": 30}
    gap = r["rule_gaps"][0]
    assert gap["kind"] == "empty_pile" and gap["settled"] and gap["count"] >= gap["games"] > 0
    assert r["turns"]["n"] == 30 and r["turns"]["min"] <= r["turns"]["median"] <= r["turns"]["max"]
    assert len(r["seat_win_rates"]) == 3 and all(0 <= s["low"] <= s["high"] <= 1 for s in r["seat_win_rates"])
    assert r["peaks"]["hand"] >= 1
    assert all(c["players"] in (None, 3) for c in r["static_checks"])


@pytest.mark.parametrize("deck, kind", [("toy_unsettled", "empty_pile"), ("toy_endless", "safety_cap"),
                                        ("toy_dead_end", "no_legal_action")])
def test_stalls_and_gaps_fail_with_a_reproducing_seed(tmp_path: Path, deck: str, kind: str) -> None:
    doc = run_validation([toy_deck(deck, tmp_path)], _opts(tmp_path, games=5, players=[2], cap=300))
    r = doc["results"][0]
    assert not r["passed"] and not doc["passed"] and r["completed"] == 0
    gap = next(g for g in r["rule_gaps"] if g["kind"] == kind)
    assert not gap["settled"] and gap["games"] == 5 and gap["game"] == 0
    assert any(kind in f and str(gap["seed"]) in f for f in r["failures"])


def test_a_failing_static_check_fails_the_variant(tmp_path: Path) -> None:
    r = run_validation([toy_deck("toy_tiny", tmp_path)], _opts(tmp_path, games=5, players=[3]))["results"][0]
    assert not r["passed"] and not r["played"] and r["games"] == 0  # a count that fails its checks is not played
    assert any("two cards per player" in f for f in r["failures"])


def test_no_engine_fails_without_playing(tmp_path: Path) -> None:
    r = run_validation([toy_deck("toy_no_engine", tmp_path)], _opts(tmp_path, players=[2]))["results"][0]
    assert not r["passed"] and r["games"] == 0
    assert r["failures"][0] == "no rules engine for game 'toy'"


def test_validate_exit_codes_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert validate([toy_deck("toy", tmp_path)], _opts(tmp_path, players=[2])) == 0
    out = capsys.readouterr().out
    assert "PASS — Toy (toy), 2 players: 30 of 30 games completed" in out and "win rate by turn order" in out
    assert validate([toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path)],
                    _opts(tmp_path, players=[2])) == 1
    out = capsys.readouterr().out
    assert "FAIL — Toy (toy_unsettled)" in out and "UNSETTLED" in out and "2 combinations of game and player count, 1 failed" in out


@pytest.mark.parametrize("change, message", [
    ({"games": 0}, "at least 1 game"),
    ({"players": [5]}, "no deck to validate is for 5 players"),
    ({"agents": ["greddy"]}, "did you mean 'greedy'"),
    ({"jobs": -1}, "--jobs"),
])
def test_bad_input_is_an_input_error(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, **change))


def test_mixed_agents_sit_in_each_seat_equally_often(tmp_path: Path) -> None:
    doc = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, players=[3], agents=["random,greedy"]))
    r = doc["results"][0]
    assert doc["agents"] == ["random", "greedy"]
    assert {a["agent"]: a["seats"] for a in r["agents"]} == {"greedy": 45, "random": 45}
    assert r["seat_agents"] == "rotated"


def test_results_do_not_depend_on_jobs_or_chunking(tmp_path: Path) -> None:
    decks = [toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path)]
    docs, logs = [], []
    for n, (jobs, chunk) in enumerate([(1, 0), (2, 0), (2, 7)]):
        log, js = tmp_path / f"log{n}.jsonl", tmp_path / f"v{n}.json"
        validate(decks, _opts(tmp_path, games=60, players=[2, 3], agents=["random", "greedy"], jobs=jobs,
                              chunk_size=chunk, log_file=log, json_file=js))
        docs.append(js.read_text())
        logs.append(log.read_text())
    assert docs[0] == docs[1] == docs[2]
    assert logs[0] == logs[1] == logs[2]
    assert len(logs[0].splitlines()) == 2 * 2 * 60


def test_worker_processes_resolve_the_deck_themselves(tmp_path: Path) -> None:
    import os

    doc = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, games=200, players=[2], jobs=2,
                                                             loader=recording_loader))
    assert doc["results"][0]["completed"] == 200
    pids = set((tmp_path / "loads.txt").read_text().split())
    assert pids and str(os.getpid()) not in pids  # only the workers loaded it, from (project, id)


def test_another_master_seed_gives_other_games(tmp_path: Path) -> None:
    a = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, players=[2]))
    b = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, players=[2], seed=2))
    assert a["results"][0]["rule_gaps"][0]["seed"] != b["results"][0]["rule_gaps"][0]["seed"]


def test_outputs_are_written(tmp_path: Path) -> None:
    opts = _opts(tmp_path, players=[2], json_file=tmp_path / "r" / "v.json", log_file=tmp_path / "r" / "g.jsonl")
    validate([toy_deck("toy", tmp_path)], opts)
    doc = json.loads((tmp_path / "r" / "v.json").read_text())
    assert doc["results"][0]["variant"] == "toy" and doc["passed"] is True
    html = next((tmp_path / "out" / "validation").glob("validate-toy-*/toy.html")).read_text()  # a folder per run
    assert "<svg" in html and "toy" in html
    lines = (tmp_path / "r" / "g.jsonl").read_text().splitlines()
    assert len(lines) == 30 and json.loads(lines[0])["deck"] == "toy"
    assert not list((tmp_path / "r").glob("*.tmp"))


def test_cli_validates_the_real_king_lui_deck(mini_project: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    js, log = tmp_path / "v.json", tmp_path / "g.jsonl"
    code = main(["--project", str(mini_project), "validate", "king_lui", "--games", "12", "--players", "3", "4",
                 "--agents", "random", "heuristic", "--jobs", "1", "--json", str(js), "--log", str(log),
                 "--out", str(tmp_path / "out")])
    doc = json.loads(js.read_text())
    assert [r["players"] for r in doc["results"]] == [3, 4]
    assert doc["passed"], [r["failures"] for r in doc["results"]]
    assert code == 0
    assert {a["agent"] for a in doc["results"][0]["agents"]} == {"random", "heuristic"}
    assert main(["--project", str(mini_project), "replay", str(log)]) == 0
    assert main(["--project", str(mini_project), "validate", "king_lui", "--agents", "heuristc"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'heuristic'" in err
    assert "unknown agent 'heuristc' for king_lui; expected one of " in err  # was 'king_lui (king_lui)'


def test_players_apply_to_the_decks_that_seat_them(tmp_path: Path) -> None:
    """--players 5 over King Lui (3-5) and Royale (1-4) validates King Lui at 5 and skips Royale."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver

    resolver = Resolver(Project.open(Path(__file__).resolve().parent.parent))
    decks = [resolver.resolve("king_lui"), resolver.resolve("royale")]
    from cardgen.simulate.validate import load_project_deck

    doc = run_validation(decks, _opts(tmp_path, players=[4, 5], games=3, loader=load_project_deck))
    assert [(r["variant"], r["players"]) for r in doc["results"]] == [("king_lui", 4), ("king_lui", 5), ("royale", 4)]


def test_the_progress_weighs_each_entrys_games_by_their_measured_cost() -> None:
    """``work_per_game``: an entry's measured seconds a game, else the mean of the measured ones."""
    from types import SimpleNamespace

    from cardgen.simulate.validate import work_per_game
    entries: Any = [SimpleNamespace(runnable=True, cost=0.01), SimpleNamespace(runnable=False, cost=None),
                    SimpleNamespace(runnable=True, cost=None), SimpleNamespace(runnable=True, cost=0.03)]
    assert work_per_game(entries) == {0: 0.01, 2: pytest.approx(0.02), 3: 0.03}
    unmeasured: Any = [SimpleNamespace(runnable=True, cost=None)] * 2
    assert work_per_game(unmeasured) == {0: 1.0, 1: 1.0}  # nothing measured: every game alike
