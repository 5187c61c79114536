"""Project code contained (issue 51): what the in-process guard cannot stop, the supervisor kills.

Each case runs a tiny script under ``contain.supervise`` in its own process (a test calling
``cli.main`` has no supervisor); the whole commands are hurt the same way in the slow tier
(``tests/test_contain_commands.py``). The guard's refusals of a fork, a thread left running
and an exit handler are checked here in this process.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from cardgen import contain, guard

ROOT = Path(__file__).resolve().parent.parent
WHERE = "house/rule.py, hook draw (seed 5)"


def _supervised(body: str, limit: float = 0.3, timeout: float = 30) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``body`` as project code (``guard.call``) in a process under a supervisor."""
    script = "\n".join([
        "import sys",
        "from cardgen import contain, guard",
        'contain.supervise("validate")',
        f"guard.set_time_limit({limit})",
        "def code():",
        textwrap.indent(body, "    "),
        "try:",
        f"    guard.call(code, where={WHERE!r})",
        "except BaseException as exc:",
        "    print(type(exc).__name__, file=sys.stderr)",
        "    sys.exit(2)",
        "sys.exit(0)"])
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - start


#: Out of the in-process guard's reach: C code (no bytecode boundary for SIGALRM's handler), the alarm
#: ignored, the timer turned off. The README tier runs the first; the slow tier all three.
BEYOND_REACH = ["return sum(range(10**13))",
                "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass",
                "import signal\nsignal.setitimer(signal.ITIMER_REAL, 0)\nsum(range(10**13))"]


def test_code_out_of_the_guards_reach_is_killed_within_the_limit_and_two_seconds(body: str = BEYOND_REACH[0]) -> None:
    done, seconds = _supervised(body)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"cardgen: error: {WHERE}: still running after 1.3 s, out of the reach of the time limit for project code "
        "(0.3 s; C code, or a signal it blocked): its process was killed (--code-time-limit SECONDS changes the limit)"]
    assert seconds < 0.3 + 2 + 1.5  # the limit + 2 s, plus the start of two Pythons on a busy machine


def test_a_process_ended_by_project_code_is_a_failure_not_a_success() -> None:
    done, _ = _supervised("import ctypes\nctypes.CDLL(None).exit(0)")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"cardgen: error: {WHERE}: the process ended (exit status 0) while project "
                                        "code ran: project code must not end the process"]


def test_the_commands_own_exit_status_passes_through() -> None:
    done, _ = _supervised("return 1")
    assert (done.returncode, done.stderr) == (0, "")


def test_an_allocation_past_the_memory_limit_is_the_codes_memory_error() -> None:
    done, _ = _supervised("return bytearray(4 * 2**30)")
    assert (done.returncode, done.stderr) == (2, "MemoryError\n")


def test_commands_that_never_play_project_code_are_not_supervised() -> None:
    contain.supervise("check")  # returns at once: no fork, no table
    assert not contain.active()


def test_without_a_supervisor_entering_and_leaving_cost_nothing_and_say_nothing() -> None:
    contain.enter(WHERE, 1.0, os.getpid())
    contain.leave(os.getpid())
    assert not contain.active()


def test_a_fork_in_project_code_is_refused_and_its_copy_ends_at_once() -> None:
    pids: list[int] = []

    def forks() -> None:
        pid = os.fork()
        pids.append(pid)  # only this process gets here: the copy ended in the fork hook

    with pytest.raises(guard.CodeEscape, match=r"os\.fork\(\) called: project code must not start processes"):
        guard.call(forks)
    _, status = os.waitpid(pids[0], 0)
    assert os.waitstatus_to_exitcode(status) == 1


def test_a_fork_through_c_fails_the_command_however_long_it_goes_on() -> None:
    """``ctypes``' ``fork`` runs no fork hook: the copy ends itself and tells the supervisor, which ends the
    command (it would otherwise report a success) with one line and status 2."""
    script = "\n".join([
        "import ctypes, sys, time",
        "from cardgen import contain, guard",
        'contain.supervise("validate")',
        f"guard.call(lambda: ctypes.CDLL(None).fork(), where={WHERE!r})",
        "time.sleep(20)",  # the rest of the command, which the copy would have run again
        "sys.exit(0)"])
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and time.monotonic() - start < 10
    assert done.stderr.splitlines() == [f"cardgen: error: {WHERE}: it copied its process (a fork through C): project "
                                        "code must not start processes"]


def test_a_thread_left_running_by_project_code_is_refused() -> None:
    stop = threading.Event()
    try:
        with pytest.raises(guard.CodeEscape, match="a thread it started still runs"):
            guard.call(lambda: threading.Thread(target=stop.wait, daemon=True).start())
    finally:
        stop.set()
        guard.escaped = False


def test_an_exit_handler_registered_by_project_code_is_refused_and_never_kept() -> None:
    import atexit

    with pytest.raises(guard.CodeEscape, match=r"atexit.register\(<lambda>\) called: project code must not run"):
        guard.call(lambda: atexit.register(lambda: 1 / 0))
    assert atexit.register is guard._REAL_ATEXIT


def test_the_memory_limit_option_is_checked() -> None:
    with pytest.raises(ValueError, match="expected 0"):
        contain.set_memory_limit(-1)


def test_the_command_is_read_before_argparse_reads_it() -> None:
    from cardgen.cli import _command_of

    assert _command_of(["--project", "validate", "build", "x"]) == "build"  # a folder named like a command
    assert _command_of(["-q", "play", "house"]) == "play" and _command_of(["--help"]) is None


def _asgi(app: object, path: str) -> tuple[int, dict[str, object]]:
    """One POST to the ASGI ``app``, as uvicorn would make it."""
    import asyncio
    import json

    scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"host", b"t"), (b"content-type", b"application/json"), (b"content-length", b"2")],
             "http_version": "1.1", "scheme": "http", "server": ("t", 80), "client": ("c", 1), "root_path": ""}
    pending = [{"type": "http.request", "body": b"{}", "more_body": False}]
    sent: list[dict[str, object]] = []

    async def receive() -> dict[str, object]:
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))  # type: ignore[operator]
    return int(sent[0]["status"]), json.loads(b"".join(m.get("body", b"") for m in sent[1:]))  # type: ignore[misc]


def test_the_table_says_a_broken_rule_once_in_its_language_and_ends(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.play import server
    from cardgen.play.session import Session
    from cardgen.resolve.resolve import resolve
    from cardgen.usercode import UserCodeError

    session = Session(resolve("king_lui", ROOT), 3, 0, ["random"], 1, "fr", 0.0, None)
    calls: list[int] = []

    def broken(after: int | None = None) -> None:
        calls.append(1)
        raise UserCodeError("house/rule.py:2: ZeroDivisionError in draw (seed 1 reproduces it)")

    monkeypatch.setattr(session, "agent_move", broken)
    watch = server.Watch()
    app = server.build_app(session, "k", tmp_path / "log.jsonl", pictures={}, watch=watch)
    for _ in range(3):
        status, body = _asgi(app, "/k/api/agent")
        assert status == 409 and body["code"] == "broken_rule"
        assert body["error"] == ("La règle maison ou le fichier de règles a échoué (le terminal dit où)\u202f; la table "
                                 "est fermée.")
    assert calls == [1] and watch.stopping  # said once: later requests never reach the session
    assert watch.broken == "house/rule.py:2: ZeroDivisionError in draw (seed 1 reproduces it)"


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_stop_the_command_cannot_answer_is_said_in_the_commands_language(lang: str) -> None:
    """Ctrl-C while C code holds the interpreter: the supervisor ends the command and says "interrupted" in the
    language the command noted (``--lang``), as the command itself would have."""
    from cardgen import terminal

    script = "\n".join([
        "import sys",
        "from cardgen import contain, guard",
        'contain.supervise("validate")',
        f"contain.note_language({lang!r})",
        "guard.set_time_limit(60)",
        "print('ready', flush=True)",
        f"guard.call(lambda: sum(range(10**13)), where={WHERE!r})"])
    proc = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    time.sleep(0.3)
    start = time.monotonic()
    proc.send_signal(2)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and time.monotonic() - start < 2 + 1
    assert err.splitlines() == [terminal.say("interrupted", lang)] and lang in terminal.LINES
