"""No answer without games, blame where it belongs, runaway project code stopped (issue #33, items 2 and 3).

A house rule whose games cannot be played makes validate, compare and tune fail (exit 1, one
line per deck and player count, no verdict, no report); an agent choosing an illegal move is
named; a hook that sleeps, exits or interrupts stops the run in one line naming its file,
hook and seed (exit 2), within the time limit plus a few seconds.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardgen.cli import main
from cardgen.engine.api import Agent, RandomAgent
from cardgen.errors import GamesFailed
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.failures import failed_games
from cardgen.simulate.runner import AGENT_ERROR, ENGINE_ERROR, play_game
from cardgen.simulate.tally import Tally
from cardgen.usercode import UserCodeError
from tests.test_house import ROOT, project
from screen import unwrapped, unwrapped_capture

BROKEN_SCORES = "def scores(state, default):\n    return 'not a pair'\n"
#: a new action the engine cannot carry out (the rule forgot its own ``apply``)
UNKNOWN_ACTION = "def legal_actions(state, default):\n    return default() + [('feast',)]\n"


def _run(root: Path, *args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=timeout)
    return unwrapped_capture(done), time.monotonic() - start  # a wrapped line read whole


def _errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if not line.startswith(("Note", "compiling"))]


# -- failed games: no answer -------------------------------------------------------------------
def test_compare_of_a_variant_whose_games_fail_gives_no_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, BROKEN_SCORES)
    monkeypatch.chdir(root)
    out = tmp_path / "out"
    code = main(["compare", "king_lui", "house", "--games", "4", "--players", "3", "--jobs", "1",
                 "--engine", "reference", "--out", str(out), "--json", str(tmp_path / "c.json")])
    captured = unwrapped_capture(capsys.readouterr())
    assert code == 1
    assert "moved" not in captured.out and "chance" not in captured.out and captured.out == ""
    errors = _errors(captured.err)
    assert errors[0].startswith("cardgen: error: house, 3 players: 4 of 4 games failed; the first (game 1, seed ")
    # King Lui's engine scores a game as it ends (a tie left standing is gap tie_after_tiebreak: round 33 fr4*, en7),
    # so the broken hook fails in the game's last action, named by its hook, no more in ``outcome()``
    assert "with house rule house/rule.py (hooks scores): ValueError" in errors[0]
    assert errors[1].startswith("cardgen: error: no verdict: 4 games could not be played")
    assert len(errors) == 2
    assert not (tmp_path / "c.json").exists() and not out.exists()  # nothing claiming results


def test_an_action_the_engine_cannot_carry_out_fails_the_validation(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, UNKNOWN_ACTION)
    monkeypatch.chdir(root)
    code = main(["validate", "house", "--games", "3", "--players", "3", "--jobs", "1", "--agents", "random",
                 "--out", str(tmp_path / "out"), "--json", str(tmp_path / "v.json")])
    out = unwrapped(capsys.readouterr().out)
    assert code == 1
    assert "games failed; the first (game " in out and "with house rule house/rule.py" in out
    assert "rule gap" not in out and "seat win rates" not in out and "scores:" not in out
    assert "no report: " in out and not (tmp_path / "out").exists() and "highest counts" not in out
    assert (tmp_path / "v.json").exists()  # the data says it failed


def test_a_legal_actions_hook_that_returns_nothing_fails_its_games_not_a_rule_gap(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A hook that forgot its return: compare said 'More games end because a player has no legal move: 100% of games
    instead of 0%' (exit 0), a finding about rules drawn from a bug in the file."""
    root = project(tmp_path, "def legal_actions(state, default):\n    default()\n")
    monkeypatch.chdir(root)
    code = main(["compare", "king_lui", "house", "--games", "2", "--players", "3", "--jobs", "1", "--agents", "random",
                 "--engine", "reference", "--out", str(tmp_path / "out")])
    captured = unwrapped_capture(capsys.readouterr())
    assert code == 1 and captured.out == ""
    errors = _errors(captured.err)
    assert ("with house rule house/rule.py (hooks legal_actions): TypeError: hook legal_actions returned None, "
            "expected a list of actions") in errors[0]
    assert errors[1].startswith("cardgen: error: no verdict: ")


@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_an_added_action_nothing_carries_out_blames_the_rule_not_the_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, agents: str) -> None:
    """The player chose a move the rule offered: the line says the rule never carries it out, not that the move
    was illegal, nor that the heuristic's look-ahead played an illegal move."""
    root = project(tmp_path, UNKNOWN_ACTION)
    monkeypatch.chdir(root)
    code = main(["validate", "house", "--games", "2", "--players", "3", "--jobs", "1", "--agents", agents,
                 "--no-designer", "--out", str(tmp_path / "out")])
    out = unwrapped(capsys.readouterr().out)
    assert code == 1
    assert ("with house rule house/rule.py (hooks legal_actions): ActionNotCarriedOut: ('feast',), which hook "
            "legal_actions added, reached the engine's own apply") in out
    assert "not legal" not in out and "agent (seat" not in out


def test_a_partial_failure_still_gives_no_verdict(tmp_path: Path) -> None:
    # scores break in odd-seeded games only: some pairs complete, the others do not
    root = project(tmp_path, "def scores(state, default):\n    return default() if state.seed % 2 == 0 else 'bad'\n")
    deck, variant = resolve("king_lui", root), resolve("house", root)
    opts = CompareOptions(games=6, players=[3], agents=["random"], jobs=1, out=None, engine="reference",
                          progress=False)
    with pytest.raises(GamesFailed) as info:
        run_compare(deck, variant, opts)
    first, last = info.value.lines
    failed = int(first.split(": ")[1].split(" of ")[0])
    assert 0 < failed < 6 and first.startswith("house, 3 players: ") and " of 6 games failed" in first
    assert last.startswith(f"no verdict: {failed} games could not be played")


def test_failed_games_are_counted_and_the_first_named(tmp_path: Path) -> None:
    from cardgen.engine.api import GameResult
    tally = Tally(3)
    tally.add(0, GameResult(11, ["random"] * 3, "x", True, scores=[1, 2, 3], winners=[2]))
    assert failed_games("d", 3, tally) is None
    tally.add(2, GameResult(33, ["random"] * 3, ENGINE_ERROR, False, [(ENGINE_ERROR, False, "late")]))
    tally.add(1, GameResult(22, ["random"] * 3, AGENT_ERROR, False, [(AGENT_ERROR, False, "first")]))
    tally.add(3, GameResult(44, ["random"] * 3, "no_dish", False, [("no_dish", False, "a rule gap")]))
    failed = failed_games("d", 3, tally)
    assert failed is not None and (failed.failed, failed.games, failed.game, failed.seed) == (2, 4, 1, 22)
    assert failed.line() == "d, 3 players: 2 of 4 games failed; the first (game 2, seed 22): first"  # index 1, from 1


def test_tune_stops_at_a_trial_whose_games_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import house
    monkeypatch.setattr(house, "_NOTED", set())  # the house rule's note is said once per process
    root = project(tmp_path, BROKEN_SCORES)
    monkeypatch.chdir(root)
    code = main(["tune", "house", "--param", "emerald_portions=1..3", "--target", "turns=10..20", "--trials", "3",
                 "--games", "3", "--players", "3", "--jobs", "1", "--out", str(tmp_path / "tune")])
    captured = unwrapped_capture(capsys.readouterr())
    assert code == 1
    errors = _errors(captured.err)
    assert errors[-2].startswith("cardgen: error: house, 3 players: 3 of 3 games failed")  # not 'trial, 3 players'
    # a scores hook King Lui's tier compiles: "only the reference engine can run it" would be untrue
    assert "(house) is written in Python (house/rule.py)" not in captured.err
    assert "trial:" not in captured.err
    assert re.fullmatch(r"cardgen: error: tune stopped at trial 1 \(Portions removed by each Emerald \(and the fewest "
                        r"portions the king must hold before Emerald can be used\) = \d\): "
                        "its games could not be played", errors[-1]), errors[-1]
    # the failure is said once, in the error lines, not first in a progress line as well
    assert captured.err.count("3 of 3 games failed") == 1 and "trial 1 of 3" not in captured.err
    assert "trial 2 of 3" not in captured.err and not (tmp_path / "tune" / "tune.json").exists()


def test_tune_run_again_on_failing_games_fails_again_not_as_an_infeasible_study(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial whose games failed is no finding to keep: the same command again plays it again and says the games
    failed, never 'no feasible trial: every trial failed its checks' with a report drawn from failed games."""
    root = project(tmp_path, BROKEN_SCORES)
    monkeypatch.chdir(root)
    command = ["tune", "house", "--param", "emerald_portions=1..3", "--target", "turns=10..20", "--trials", "1",
               "--games", "3", "--players", "3", "--jobs", "1", "--out", str(tmp_path / "tune")]
    for _ in range(2):
        assert main(command) == 1
        captured = unwrapped_capture(capsys.readouterr())
        errors = _errors(captured.err)
        assert errors[-1].startswith("cardgen: error: tune stopped at trial 1 (") and \
            errors[-1].endswith("): its games could not be played")
        assert "kept" not in captured.err and "feasible" not in captured.out
    assert not (tmp_path / "tune").exists()  # no trial finished: the folder this run made is gone


@pytest.mark.parametrize("edit, says", [
    (("self.passes = 0\n            if not", "self.passes = 1 // 0\n            if not"), "ZeroDivisionError"),
    (("    def setup(self):", "    def setup(self)"), "syntax error"),
], ids=["raises", "syntax error"])
def test_tune_on_a_broken_rules_file_leaves_no_study_behind(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch, edit: tuple[str, str],
                                                           says: str) -> None:
    """Exit 2, one line naming rules.py, and neither the folder it made nor a journal and a trial file in a folder
    that was there before (what was there stays)."""
    from tests.test_kit import scaffold

    root = scaffold(tmp_path, edit)
    monkeypatch.chdir(root)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine", encoding="utf-8")
    for out in (tmp_path / "new" / "tune", tmp_path / "mine"):
        code = main(["tune", "g", "--param", "hand_size=3..5", "--target", "turns=1..100", "--trials", "2",
                     "--games", "2", "--players", "2", "--jobs", "1", "--out", str(out)])
        errors = _errors(unwrapped(capsys.readouterr().err))
        assert code == 2 and errors[-1].startswith("cardgen: error: rules.py:") and says in errors[-1]
    assert not (tmp_path / "new").exists()
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]


# -- blame --------------------------------------------------------------------------------------
class Stubborn(Agent):
    """Always asks for a move of another game."""

    name = "stubborn"

    def choose(self, observation: Any, legal: list[Any], rng: Any) -> Any:
        return ("toast",)


def test_an_illegal_choice_is_the_agents_fault_named() -> None:
    deck = resolve("king_lui", ROOT)
    game = install(deck.spec.new_game(deck, 3), deck)
    result = play_game(game, 7, [RandomAgent(), Stubborn(), RandomAgent()], ["random", "stubborn", "random"])
    assert result.end_reason == AGENT_ERROR and not result.completed
    kind, settled, detail = result.gaps[-1]
    assert kind == AGENT_ERROR and not settled
    assert detail.startswith("the stubborn agent (seat 2) chose ('toast',), not legal now (legal: ")


class Rollout(Agent):
    """Looks ahead by playing a move of another game on a copy of the state."""

    name = "rollout"

    def choose(self, observation: Any, legal: list[Any], rng: Any) -> Any:
        from cardgen.engine.api import IllegalAction
        raise IllegalAction("('toast',) is not legal now")


def test_an_illegal_move_in_an_agents_look_ahead_is_that_agents_fault() -> None:
    deck = resolve("king_lui", ROOT)
    game = deck.spec.new_game(deck, 3)
    result = play_game(game, 7, [Rollout(), RandomAgent(), RandomAgent()], ["rollout", "random", "random"])
    assert result.end_reason == AGENT_ERROR
    assert result.gaps[-1][2] == ("the rollout agent (seat 1) played a move that is not legal in its look-ahead: "
                                  "('toast',) is not legal now")


def test_an_exception_in_a_hook_names_file_hook_and_seed_in_compare(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, "def draw(state, default):\n    return {}['missing']\n")
    monkeypatch.chdir(root)
    code = main(["compare", "king_lui", "house", "--games", "2", "--players", "3", "--jobs", "1", "--agents",
                 "random", "--engine", "reference", "--out", str(tmp_path / "out")])
    err = _errors(unwrapped(capsys.readouterr().err))
    assert code == 2
    assert err == [err[0]] and err[0].startswith("cardgen: error: house/rule.py:2: KeyError: 'missing' in draw (seed ")


# -- runaway code ---------------------------------------------------------------------------------
def test_a_hook_that_sleeps_forever_ends_the_run_within_the_limit(tmp_path: Path) -> None:
    """The run ends within the limit plus 5 s of what the same command takes with a hook that returns at
    once: that paired run carries this machine's start-up and load, which a fixed bound does not (on a
    machine at load 20 the same run took 10 s; here it takes 4)."""
    args = ("validate", "house", "--games", "4", "--players", "3", "--jobs", "2", "--agents", "random",
            "--code-time-limit", "1")
    quick = project(tmp_path / "quick", "def draw(state, default):\n    return default()\n")
    played, usual = _run(quick, *args, "--out", str(tmp_path / "quick-out"))
    assert played.returncode == 0, played.stderr
    root = project(tmp_path, "import time\n\ndef draw(state, default):\n    while True:\n        time.sleep(60)\n")
    done, seconds = _run(root, *args, "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert _errors(done.stderr) == [_errors(done.stderr)[0]]
    line = _errors(done.stderr)[0]
    assert line.startswith("cardgen: error: house/rule.py:5: still running after 1 s, the time limit for project code")
    assert " in draw (seed " in line
    assert seconds < usual + 1 + 5, (seconds, usual)  # the limit + 5 s beyond the paired run


@pytest.mark.parametrize("body, words", [
    ("import sys\n    sys.exit(0)", "SystemExit(0) raised (sys.exit): project code must not end the process"),
    ("import os\n    os._exit(0)", "os._exit(0) called: project code must not end the process"),
    ("raise KeyboardInterrupt", "raised KeyboardInterrupt: project code must not interrupt the run"),
])
def test_exits_and_interrupts_in_a_hook_are_its_failure(tmp_path: Path, body: str, words: str,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, f"def draw(state, default):\n    {body}\n")
    monkeypatch.chdir(root)  # in this process: an exit the guard missed would end the test run
    code = main(["validate", "house", "--games", "3", "--players", "3", "--jobs", "1", "--agents", "random",
                 "--out", str(tmp_path / "out")])
    err = unwrapped(capsys.readouterr().err)
    assert code == 2, err
    errors = _errors(err)
    assert len(errors) == 1 and errors[0].startswith(f"cardgen: error: house/rule.py:{body.count(chr(10)) + 2}: ")
    assert words in errors[0] and " in draw (seed " in errors[0] and "interrupted" not in err


def test_a_hook_the_engine_loops_on_is_stopped_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.engine.hooks as hooks

    root = project(tmp_path, "def serve_king(state, default):\n"
                             "    state.game.calls = getattr(state.game, 'calls', 0) + 1\n"
                             "    return True  # never serves: King Lui's turn loop asks again and again\n")
    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, 3), deck)
    monkeypatch.setattr(hooks, "MAX_HOOK_CALLS", 50)

    class Counting(RandomAgent):
        def choose(self, observation: Any, legal: list[Any], rng: Any) -> Any:
            game.calls = 0  # type: ignore[attr-defined]  # count the calls of the action chosen now
            return super().choose(observation, legal, rng)

    with pytest.raises(UserCodeError) as info:
        play_game(game, 5, [Counting() for _ in range(3)], cap=500)
    assert info.value.line == ("house/rule.py: hook serve_king was called 50 times in one action: the engine "
                               "loops on what the house rule does (seed 5 reproduces it)")
    assert game.calls == 50  # type: ignore[attr-defined]


def test_the_time_limit_option_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--code-time-limit", "0"]) == 2
    assert "--code-time-limit: expected seconds from 0.1 to 86400, got '0'" in unwrapped(capsys.readouterr().err)


def test_games_failed_survives_pickling() -> None:
    import pickle
    again = pickle.loads(pickle.dumps(GamesFailed(["a", "b"])))
    assert again.lines == ["a", "b"]


# -- a rules file ---------------------------------------------------------------------------------
@pytest.mark.parametrize("code, words", [
    ("import time; time.sleep(60)", "still running after 0.5 s, the time limit for project code"),
    ("import sys; sys.exit(0)", "SystemExit(0) raised (sys.exit): project code must not end the process"),
])
def test_a_rules_file_that_hangs_or_exits_is_named(tmp_path: Path, code: str, words: str) -> None:
    from cardgen import guard
    from tests.test_kit import line_of, scaffold, state_of

    root = scaffold(tmp_path, ("    def do(self, seat, action):\n", f"    def do(self, seat, action):\n        {code}\n"))
    state = state_of(root, players=2, seed=3)
    guard.set_time_limit(0.5)
    try:
        with pytest.raises(UserCodeError) as caught:
            state.apply(state.legal_actions()[0])
    finally:
        guard.set_time_limit(guard.DEFAULT_TIME_LIMIT)
    line = caught.value.line
    assert line.startswith(f"rules.py:{line_of(root, code)}: {words}") and line.endswith("in do() (seed 3 reproduces it)")


def test_a_worker_killed_by_a_hook_is_reported_naming_the_file(tmp_path: Path) -> None:
    root = project(tmp_path, "import os, signal\n\ndef draw(state, default):\n    os.kill(os.getpid(), signal.SIGKILL)\n")
    done, _ = _run(root, "validate", "house", "--games", "4", "--players", "3", "--jobs", "2", "--agents", "random",
                   "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    errors = _errors(done.stderr)
    assert len(errors) == 1 and "Traceback" not in done.stderr
    assert errors[0].startswith("cardgen: error: house/rule.py: a worker process died while playing house at 3 "
                                "players, games ")


def test_validate_stopped_by_a_rules_file_leaves_no_folder_made_for_its_log(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str],
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """--log in folders that did not exist: the run stopped (exit 2), no log and no empty folders left behind."""
    from tests.test_kit import scaffold

    root = scaffold(tmp_path, ("self.passes = 0\n            if not", "self.passes = 1 // 0\n            if not"))
    monkeypatch.chdir(root)
    code = main(["validate", "g", "--games", "2", "--players", "2", "--jobs", "1",
                 "--log", str(tmp_path / "logs" / "today" / "g.jsonl"), "--out", str(tmp_path / "out")])
    assert code == 2 and "ZeroDivisionError" in unwrapped(capsys.readouterr().err)
    assert not (tmp_path / "logs").exists() and not (tmp_path / "out").exists()


# -- every game on an unsettled rule gap: nothing to compare ------------------------------------
STALL = "        self.round = 1\n        self.start_round()\n"


@pytest.mark.parametrize("when, sides", [("True", ("g", "g-variant")), ("self.rules.hand_size == 7", ("g-variant",))])
def test_compare_where_every_game_stalls_names_the_gap_and_gives_no_verdict(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, when: str,
        sides: tuple[str, ...]) -> None:
    """Every game of both decks (or of the variant) stopped on a rule gap nobody settled: compare said 'No figure
    moved beyond chance' (or 'Nothing else moved'), exit 0, from games that never reached an end."""
    from cardgen.scaffold import new_project
    root = tmp_path / "g"
    new_project(root, rules=True)
    rules = root / "rules.py"
    assert STALL in rules.read_text()
    rules.write_text(rules.read_text().replace(STALL, STALL + f"        if {when}:\n"
                                                              "            self.gap('tied_hands', 'two hands tie')\n"))
    monkeypatch.chdir(root)
    code = main(["compare", "g", "g-variant", "--games", "4", "--players", "2", "--jobs", "1", "--agents", "random",
                 "--out", str(tmp_path / "out"), "--json", str(tmp_path / "c.json")])
    captured = unwrapped_capture(capsys.readouterr())
    assert code == 1 and captured.out == "" and "chance" not in captured.err
    errors = _errors(captured.err)
    assert len(errors) == len(sides) + 1
    for line, side in zip(errors, sides):
        assert re.fullmatch(rf"cardgen: error: {side}, 2 players: all 4 games ended on an unsettled rule gap "
                            r"\(tied hands\); seed \d+ replays one \(game 1\)", line), line
    assert errors[-1].startswith("cardgen: error: no verdict: a comparison needs games played to their end")
    assert not (tmp_path / "c.json").exists() and not (tmp_path / "out").exists()


def test_tune_keeps_the_trials_that_finished_before_one_whose_games_fail(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Trial 1 finishes, trial 2's games fail: the journal keeps trial 1 (not the whole study deleted as if
    nothing had finished), and the same command again takes trial 1 up and plays trial 2 again (a failed trial
    is marked failed in the journal, not kept as a finished one)."""
    command = ["tune", "house", "--param", "emerald_portions=1..3", "--target", "turns=10..20", "--trials", "2",
               "--games", "3", "--players", "3", "--jobs", "1"]
    root = project(tmp_path, "def scores(state, default):\n    return default()\n")
    monkeypatch.chdir(root)
    main([*command, "--out", str(tmp_path / "whole")])  # the values the sampler proposes: the same for any rule
    first, second = (t["values"]["emerald_portions"] for t in json.loads(
        (tmp_path / "whole" / "tune.json").read_text(encoding="utf-8"))["trials"])
    assert first != second
    (root / "house" / "rule.py").write_text("def scores(state, default):\n"
                                            f"    return 'not a pair' if state.game.emerald_portions == {second} "
                                            "else default()\n", encoding="utf-8")
    out = tmp_path / "tune"
    capsys.readouterr()
    for run in range(2):
        assert main([*command, "--out", str(out)]) == 1
        captured = unwrapped_capture(capsys.readouterr())
        assert _errors(captured.err)[-1] == ("cardgen: error: tune stopped at trial 2 (Portions removed by each "
                                             "Emerald (and the fewest portions the king must hold before Emerald can be used) = "  # the book's name
                                             f"{second}): its games could not be played")
        assert ("1 of 2 trials kept from the study" in captured.err) == (run == 1)
        assert (out / "study.journal").is_file() and not (out / "tune.json").exists()


def test_validate_stopped_keeps_the_empty_folder_that_was_there_before_its_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the folders the run made for its log go: an empty folder the person made beforehand stays."""
    from tests.test_kit import scaffold

    root = scaffold(tmp_path, ("self.passes = 0\n            if not", "self.passes = 1 // 0\n            if not"))
    monkeypatch.chdir(root)
    (tmp_path / "logs").mkdir()
    code = main(["validate", "g", "--games", "2", "--players", "2", "--jobs", "1",
                 "--log", str(tmp_path / "logs" / "today" / "g.jsonl"), "--out", str(tmp_path / "out")])
    assert code == 2 and "ZeroDivisionError" in unwrapped(capsys.readouterr().err)
    assert (tmp_path / "logs").is_dir() and not (tmp_path / "logs" / "today").exists()


def test_a_legal_actions_hook_may_return_a_tuple(tmp_path: Path) -> None:
    """A tuple of actions is a list of actions too (as from a rules file's actions()): the games are played."""
    root = project(tmp_path, "def legal_actions(state, default):\n    return tuple(default())\n")
    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, 3), deck)
    result = play_game(game, 5, [RandomAgent() for _ in range(3)], cap=10_000)
    assert result.completed and result.end_reason not in (ENGINE_ERROR, AGENT_ERROR)


def test_refuse_stalled_refuses_a_side_only_when_none_of_its_games_reached_an_end() -> None:
    """One finished game is enough to compare on (its pairs are counted); none at all is refused, naming the
    gap of the earliest game and its seed, and a side that played no game is not this refusal's to make."""
    from types import SimpleNamespace

    from cardgen.simulate.failures import refuse_stalled

    def side(completed: int, games: int = 4) -> SimpleNamespace:
        gaps = {("tied_hands", False): [games - completed, 0, 2, 77, "two hands tie"],
                ("short_pile", False): [1, 0, 1, 55, "the pile ran short"], ("short_pile", True): [1, 0, 0, 9, ""]}
        return SimpleNamespace(games=games, completed=completed, gaps=gaps)

    refuse_stalled([("g", 2, side(1)), ("g-variant", 2, side(4)), ("v", 3, side(0, games=0))], str, lang="en")
    with pytest.raises(GamesFailed) as info:
        refuse_stalled([("g", 2, side(1)), ("g-variant", 2, side(0))], str, lang="en")
    lines = info.value.lines
    assert len(lines) == 2 and lines[0].startswith("g-variant, 2 players: all 4 games ended on an unsettled rule gap "
                                                   "(short_pile, tied_hands); seed 55 replays one (game 2)"), lines  # index 1, counted from 1
