"""A compiled King Lui house rule that never returns is killed from outside (issue 51's promise, slow tier).

A ``scores`` hook compiled with the game's steps runs inside numba's loop, where the in-process guard's
``SIGALRM`` cannot reach it: each compiled batch is a call the supervisor (``cardgen.contain``) watches, so the
run ends in one line naming the file, the hook and the batch's first seed, exit status 2, within the limit + 2 s
(plus Python's start and the first compile), with no process left behind.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.test_contain_commands import _errors, _run
from tests.test_house import project

#: a loop numba compiles and keeps (``while True: pass`` alone leaves ``return`` unreachable: numba refuses it); it
#: never returns at three players and returns at once at four, so a four-player run is the same command (the same
#: compiled rule, worker and cache) that finishes: the clock to beat on a machine of any speed
FOREVER = ("def scores(state, default):\n    points, lost = default()\n"
           "    while state.game.players == 3 and state.king_total >= 0:\n        pass\n    return points, lost\n")
KILLED = re.compile(r"cardgen: error: house/rule\.py, hook scores \(compiled, seed -?\d+( and \d+ more)?\): still "
                    r"running after 2 s, out of the reach of the time limit for project code \(1 s; .*\): its "
                    r"process was killed \(--code-time-limit SECONDS changes the limit\)")


@pytest.mark.parametrize("command", ["validate", "compare"])
def test_a_compiled_rule_that_never_returns_is_killed(tmp_path: Path, command: str) -> None:
    root = project(tmp_path, FOREVER)

    def run(players: str, out: str) -> tuple[subprocess.CompletedProcess[str], float]:
        args = (("validate", "house") if command == "validate" else ("compare", "king_lui", "house"))
        return _run(root, *args, "--players", players, "--games", "4", "--agents", "random", "--jobs", "1",
                    "--engine", "fast", "--out", str(tmp_path / out), timeout=240)

    run("4", "warm")  # the first compile of the rule's loop, not timed
    finished, baseline = run("4", "finished")
    assert finished.returncode == 0, finished.stderr
    done, seconds = run("3", "out")
    assert done.returncode == 2, done.stderr
    errors = _errors(done.stderr)
    assert len(errors) == 1 and KILLED.fullmatch(errors[0]), done.stderr
    # killed 2 s after its batch started: the same command that finishes, plus those 2 s and a busy machine's 3 s
    # (measured quiet: 3.5-4.1 s killed, 1.8-2.3 s finished)
    assert seconds < baseline + 2 + 3, (seconds, baseline)


def test_under_engine_auto_the_probe_keeps_the_runs_limit(tmp_path: Path) -> None:
    """``--engine auto`` first times a few games on the reference engine (``autoengine.reference_seconds``): those
    games play the rule under the run's ``--code-time-limit``, not the default 10 s, and nothing is built."""
    root = project(tmp_path, FOREVER)
    done, seconds = _run(root, "validate", "house", "--players", "3", "--games", "2000", "--agents", "random",
                         "--jobs", "1", "--engine", "auto", "--out", str(tmp_path / "out"), timeout=60)
    assert done.returncode == 2, done.stderr
    errors = _errors(done.stderr)
    assert len(errors) == 1 and errors[0].startswith("cardgen: error: house/rule.py:3: still running after 1 s"), errors
    assert seconds < 1 + 2 + 6


def test_a_background_build_never_plays_the_house_rule(tmp_path: Path) -> None:
    """The detached build warms the game's steps only (nothing watches it, no run's limit reaches it): the tier it
    builds for a deck with a rule leaves the rule out (this rule raises whenever it is played)."""
    from cardgen.simulate import autoengine
    from cardgen.simulate.runner import DeckRef

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    if state.king_total >= 0:\n        raise ValueError('played')\n"
                             "    return points, lost\n")
    tier = autoengine._game_tier(DeckRef(str(root), "house", "variants/house.yaml"), 3)
    assert not isinstance(tier, str) and tier.house is None
    autoengine.warm(tier, "house", 3)  # plays games
