"""``replay``: logged games re-run identically, and every kind of difference is caught."""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from toy_game import load_toy, toy_deck

from cardgen.errors import InputError
from cardgen.simulate.replay import replay_file
from cardgen.simulate.validate import ValidateOptions, run_validation


def _log(tmp_path: Path, deck: str = "toy", games: int = 8, **kw: Any) -> Path:
    log = tmp_path / f"{deck}.jsonl"
    opts = ValidateOptions(games=games, players=[3], jobs=1, loader=load_toy, out=None, progress=False,
                           log_file=log, agents=["random", "greedy"], **kw)
    run_validation([toy_deck(deck, tmp_path)], opts)
    return log


def _replay(log: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = replay_file(log, loader=load_toy, out=out)
    return code, out.getvalue()


def _edit(log: Path, line: int, change: Any) -> None:
    lines = log.read_text().splitlines()
    record = json.loads(lines[line])
    change(record)
    lines[line] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n")


def test_a_fresh_log_replays_identically(tmp_path: Path) -> None:
    code, out = _replay(_log(tmp_path))
    assert code == 0 and "8 game(s) replayed, 8 identical, 0 differ" in out


@pytest.mark.parametrize("deck, ending", [("toy_unsettled", "stalled:"), ("toy_endless", "safety_cap"),
                                          ("toy_dead_end", "no_legal_action")])
def test_stalled_capped_and_dead_end_games_replay_too(tmp_path: Path, deck: str, ending: str) -> None:
    log = _log(tmp_path, deck, games=3, cap=120)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(records) == 3 and all(r["end_reason"].startswith(ending) for r in records)
    code, out = _replay(log)
    assert code == 0 and "3 game(s) replayed, 3 identical, 0 differ" in out, out
    # The same log with a different logged ending is not identical any more.
    first = records[0]
    first["end_reason"] = "cards_exhausted"
    log.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    code, out = _replay(log)
    assert code == 1 and "1 differ" in out, out


def test_log_line_holds_what_a_replay_needs(tmp_path: Path) -> None:
    record = json.loads(_log(tmp_path).read_text().splitlines()[0])
    assert record["project"] == str(tmp_path.resolve()) and record["deck"] == "toy"
    assert record["agents"] == ["random", "greedy", "random"] and record["players"] == 3
    assert sorted(record["initial_piles"]["draw"]) == sorted(
        [f"coin-{v}#{n}" for v in range(1, 6) for n in (1, 2)] + [f"blank#{n}" for n in (1, 2, 3)])
    assert all(isinstance(p, int) and isinstance(a, list) for p, a in record["actions"])
    assert record["end_reason"] == "cards_exhausted" and len(record["scores"]) == 3


def _swap_first_two_cards(r: dict[str, Any]) -> None:
    pile = r["initial_piles"]["draw"]
    pile[0], pile[1] = pile[1], pile[0]


def _illegal_action(r: dict[str, Any]) -> None:
    r["actions"][0][1] = ["play", "no-such-card#1"]


def _wrong_player(r: dict[str, Any]) -> None:
    r["actions"][0][0] = 2


def _wrong_score(r: dict[str, Any]) -> None:
    r["scores"][0] += 1


def _wrong_end(r: dict[str, Any]) -> None:
    r["end_reason"] = "all_eaten"


def _extra_action(r: dict[str, Any]) -> None:
    r["actions"].append(r["actions"][-1])


def _changed_deck(r: dict[str, Any]) -> None:
    r["deck_hash"] = "0" * 16


@pytest.mark.parametrize("tamper, message", [
    (_swap_first_two_cards, "pile 'draw' differs at position 0"),
    (_illegal_action, "is not legal"),
    (_wrong_player, "logged for seat 2"),
    (_wrong_score, "scores: logged"),
    (_wrong_end, "end reason: logged 'all_eaten'"),
    (_extra_action, "already ended"),
    (_changed_deck, "the deck changed"),
])
def test_any_difference_is_reported(tmp_path: Path, tamper: Any, message: str) -> None:
    log = _log(tmp_path)
    _edit(log, 3, tamper)
    code, out = _replay(log)
    assert code == 1
    assert message in out and ":4:" in out  # the line of the game that differs
    assert "1 differ" in out


def test_an_engine_that_is_not_reproducible_fails_the_replay(tmp_path: Path) -> None:
    code, out = _replay(_log(tmp_path, "toy_chaos", games=4))
    assert code == 1 and "pile 'draw'" in out


def test_bad_logs_are_input_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "cardgen-log/1"}\nnot json\n')
    with pytest.raises(InputError, match=r"bad.jsonl:1: missing project"):
        _replay(bad)
    bad.write_text("\n")
    with pytest.raises(InputError, match="no games in the log"):
        _replay(bad)
    with pytest.raises(InputError, match="log file not found"):
        _replay(tmp_path / "missing.jsonl")
    good = _log(tmp_path)
    good.write_text(good.read_text() + "{oops\n")
    with pytest.raises(InputError, match=r":9: not a JSON line"):
        _replay(good)
