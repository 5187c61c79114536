"""Runaway project code in whole commands (issue 51, slow tier): one line, a failing exit status,
within the time limit + 2 s, no process left behind, for validate, compare, tune, build and play.

Each command is started as the shell starts it (``python -m cardgen``: under its supervisor,
``cardgen.contain``) on a project whose house rule (or rules file) misbehaves as a tester's did.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.test_contain import BEYOND_REACH
from tests.test_house import ROOT, project

LIMIT = 1.0
#: what the tester's C loop, its ignored alarm and its blocking iterator do, as a ``draw`` hook
C_LOOP = "def draw(state, default):\n    return sum(range(10**13))\n"
NO_ALARM = ("import signal\n\ndef draw(state, default):\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
            "    while True:\n        pass\n")
BLOCKING_ITER = ("import time\n\nclass Stuck(list):\n    def __iter__(self):\n        time.sleep(3600)\n\n"
                 "def legal_actions(state, default):\n    return Stuck(default())\n")
KILLED = re.compile(r"cardgen: error: house/rule\.py, hooks? [a-z_, ]+ \(seed -?\d+\): still running after 2 s, out "
                    r"of the reach of the time limit for project code \(1 s; C code, or a signal it blocked\): its "
                    r"process was killed \(--code-time-limit SECONDS changes the limit\)")


def _session_pids(sid: int) -> set[int]:
    """Processes of session ``sid``: the command's own, started in a session of its own, so that what it
    leaves behind is told apart from what other tests (other pytest workers, a mutation runner) start."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getsid(int(entry)) == sid:
                    out.add(int(entry))
            except OSError:
                pass
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""  # gone meanwhile


def _run(root: Path, *args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    with subprocess.Popen([sys.executable, "-m", "cardgen", *args, "--code-time-limit", str(LIMIT)], cwd=root,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise
    seconds = time.monotonic() - start
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    time.sleep(0.3)  # a worker killed with its command is gone by now
    left = {pid: _cmdline(pid) for pid in _session_pids(proc.pid)}
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)  # the next test starts clean even when this one fails
        except ProcessLookupError:
            pass
    assert not {pid: cmd for pid, cmd in left.items() if cmd}, f"processes of the command left behind: {left}"
    return done, seconds


def _errors(err: str) -> list[str]:
    """The error lines (a traceback fails the test outright)."""
    assert "Traceback" not in err, err
    return [line for line in err.splitlines() if line.startswith(("cardgen: error:", "cardgen\u202f: erreur\u202f:"))]


VALIDATE = ("validate", "house", "--games", "6", "--players", "3", "--agents", "random")


@pytest.mark.parametrize("rule", [C_LOOP, NO_ALARM, BLOCKING_ITER], ids=["c-loop", "no-alarm", "blocking-iter"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_kills_code_out_of_the_guards_reach(tmp_path: Path, rule: str, jobs: str) -> None:
    root = project(tmp_path, rule)
    done, seconds = _run(root, *VALIDATE, "--jobs", jobs, "--out", str(tmp_path / "out"))
    assert done.returncode == 2, done.stderr
    errors = _errors(done.stderr)
    if rule == BLOCKING_ITER:  # a sleep: the guard's alarm interrupts it in the worker's main thread
        assert len(errors) == 1 and errors[0].startswith("cardgen: error: house/rule.py:5: still running after 1 s, "
                                                         "the time limit for project code per call"), done.stderr
    else:
        assert len(errors) == 1 and KILLED.fullmatch(errors[0]), done.stderr
    assert seconds < LIMIT + 2 + 6  # the limit + 2 s, plus the start of Python and the deck on a busy machine


@pytest.mark.parametrize("rule, words", [
    ("import ctypes\n\ndef draw(state, default):\n    ctypes.CDLL(None).exit(0)\n",
     r"house/rule\.py, hooks draw \(seed -?\d+\): the process ended \(exit status 0\) while project code ran: "
     "project code must not end the process"),
    ("import os\n\ndef draw(state, default):\n    os.fork()\n    return default()\n",
     r"house/rule\.py: os\.fork\(\) called: project code must not start processes in draw \(seed -?\d+ reproduces it\)"),
    ("import threading, time\n\ndef draw(state, default):\n    threading.Thread(target=time.sleep, args=(3600,)).start()\n"
     "    return default()\n",
     r"house/rule\.py: a thread it started still runs: project code must not leave threads behind in draw "
     r"\(seed -?\d+ reproduces it\)"),
    ("import atexit\n\ndef draw(state, default):\n    atexit.register(lambda: 1 / 0)\n    return default()\n",
     r"house/rule\.py:4: atexit\.register\(<lambda>\) called: project code must not run when the process ends in draw "
     r"\(seed -?\d+ reproduces it\)"),
    ("def draw(state, default):\n    data = bytearray(4 * 2**30)\n    return default()\n",
     r"house/rule\.py:2: MemoryError in draw \(seed -?\d+ reproduces it\)"),
    ("import ctypes\n\ndef draw(state, default):\n    ctypes.CDLL(None).fork()\n    return default()\n",
     r"house/rule\.py, hooks draw \(seed -?\d+\): it copied its process \(a fork through C\): project code must not "
     "start processes"),
], ids=["c-exit", "fork", "thread", "atexit", "4-GB", "c-fork"])
def test_code_that_fakes_success_or_grabs_memory_fails_the_run(tmp_path: Path, rule: str, words: str) -> None:
    root = project(tmp_path, rule)
    done, seconds = _run(root, *VALIDATE, "--jobs", "1", "--out", str(tmp_path / "out"))
    assert done.returncode == 2, done.stderr
    assert len(_errors(done.stderr)) == 1 and re.fullmatch(f"cardgen: error: {words}", _errors(done.stderr)[0]), \
        done.stderr
    assert done.stdout.count("king") <= 1 and seconds < 30  # one validation, not two; no wait for a thread


BOTH = pytest.mark.parametrize("rule", [C_LOOP, NO_ALARM], ids=["c-loop", "no-alarm"])


@BOTH
def test_compare_kills_code_out_of_the_guards_reach(tmp_path: Path, rule: str) -> None:
    root = project(tmp_path, rule)
    done, _ = _run(root, "compare", "king_lui", "house", "--games", "4", "--players", "3", "--jobs", "1",
                   "--engine", "reference", "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and len(_errors(done.stderr)) == 1 and KILLED.fullmatch(_errors(done.stderr)[0]), \
        done.stderr


@BOTH
def test_tune_kills_code_out_of_the_guards_reach(tmp_path: Path, rule: str) -> None:
    root = project(tmp_path, rule)
    done, _ = _run(root, "tune", "house", "--param", "emerald_portions=1..3", "--target", "turns=10..20", "--trials",
                   "2", "--games", "3", "--players", "3", "--jobs", "1", "--out", str(tmp_path / "tune"))
    assert done.returncode == 2 and len(_errors(done.stderr)) == 1 and KILLED.fullmatch(_errors(done.stderr)[0]), \
        done.stderr


@pytest.mark.parametrize("rule", [C_LOOP, NO_ALARM], ids=["c-loop", "no-alarm"])
def test_build_says_it_plays_the_house_rule_and_kills_code_out_of_the_guards_reach(tmp_path: Path, rule: str) -> None:
    root = project(tmp_path, rule.replace("def draw(state, default)", "def scores(state, default)"))  # the book's example
    done, seconds = _run(root, "build", "house", "--out", str(tmp_path / "out"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[0] == (
        "Note (house): house rule house/rule.py: the rulebook’s worked example plays it, as validate does (its "
        "process killed past --code-time-limit; --no-rules builds without the rulebooks)")
    assert len(_errors(done.stderr)) == 1 and KILLED.fullmatch(_errors(done.stderr)[0]), done.stderr
    again, _ = _run(root, "build", "house", "--no-rules", "--out", str(tmp_path / "out"))
    assert again.returncode == 0 and "house rule" not in again.stderr


def _play(root: Path, lang: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "play", "house", "--no-browser", "--players", "3",
                             "--seat", "3", "--agents", "random", "--pace", "0", "--lang", lang, "--seed", "1",
                             "--code-time-limit", str(LIMIT), "--out", str(root / "out")], cwd=root,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"(http://\S+/)", line)
        if found:
            return proc, found.group(1)
    raise AssertionError(proc.stderr.read() if proc.stderr else "no link")


@pytest.mark.parametrize("rule", [C_LOOP, NO_ALARM, "def draw(state, default):\n    while True:\n        pass\n"],
                         ids=["c-loop", "no-alarm", "python-loop"])
def test_play_ends_the_table_with_one_line(tmp_path: Path, rule: str) -> None:
    root = project(tmp_path, rule)
    proc, url = _play(root, "fr")
    said = []
    try:
        for _ in range(60):
            request = urllib.request.Request(url + "api/agent", data=b"{}", method="POST",
                                             headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=10):
                    pass
            except urllib.error.HTTPError as exc:
                said.append(json.loads(exc.read())["error"])
                break
            except (urllib.error.URLError, ConnectionError):
                break  # the table has ended
            time.sleep(0.05)
        _, err = proc.communicate(timeout=LIMIT + 2 + 10)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
    assert proc.returncode == 2
    errors = _errors(err)
    assert len(errors) == 1 and errors[0].startswith("cardgen\u202f: erreur\u202f: house/rule.py"), err  # --lang fr
    assert "Traceback" not in err
    assert said in ([], ["La règle maison ou le fichier de règles a échoué (le terminal dit où)\u202f; la table est "
                         "fermée."])


def test_a_rules_file_running_c_code_is_killed(tmp_path: Path) -> None:
    from tests.test_kit import scaffold

    root = scaffold(tmp_path, ("    def do(self, seat, action):\n",
                               "    def do(self, seat, action):\n        sum(range(10**13))\n"))
    done, _ = _run(root, "validate", "g", "--games", "4", "--players", "2", "--jobs", "1",
                   "--out", str(tmp_path / "out"))
    assert done.returncode == 2, done.stderr
    assert re.fullmatch(r"cardgen: error: rules\.py, do\(\) \(seed -?\d+\): still running after 2 s, out of the "
                        r"reach of the time limit for project code \(1 s; C code, or a signal it blocked\): its process "
                        r"was killed \(--code-time-limit SECONDS changes the limit\)", _errors(done.stderr)[-1]), done.stderr


@pytest.mark.parametrize("body", BEYOND_REACH[1:], ids=["no-alarm", "timer-off"])
def test_an_alarm_switched_off_is_killed_from_outside(body: str) -> None:
    from tests.test_contain import test_code_out_of_the_guards_reach_is_killed_within_the_limit_and_two_seconds as case
    case(body)
