"""cardgen/guard.py: project code under a time limit, its exits refused, its interrupts told from Ctrl-C."""
from __future__ import annotations

import os
import posix
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from cardgen import guard


@pytest.fixture(autouse=True)
def _short_limit() -> Iterator[None]:
    guard.set_time_limit(0.3)
    yield
    guard.set_time_limit(guard.DEFAULT_TIME_LIMIT)


def test_a_call_past_the_limit_is_interrupted_within_it() -> None:
    start = time.monotonic()
    with pytest.raises(guard.CodeTimeout, match=r"still running after 0\.3 s"):
        guard.call(time.sleep, 30)
    assert 0.25 < time.monotonic() - start < 2.0


def test_a_quick_call_returns_its_value_and_its_timer_interrupts_nothing_after_it() -> None:
    assert guard.call(lambda a, b=0: a + b, 2, b=3) == 5
    time.sleep(0.4)  # the timer it left armed goes off here, and must not interrupt this sleep
    assert guard.call(sum, [1, 2]) == 3


def test_many_quick_calls_arm_the_timer_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A look-ahead calls a house rule's hooks 100,000s of times: one system call per call was a cost of
    its own (issue 50). A call finds the timer an earlier call armed and leaves it."""
    armed: list[float] = []
    real = signal.setitimer
    monkeypatch.setattr(signal, "setitimer", lambda which, delay, *rest: (armed.append(delay), real(which, delay, *rest))[1])
    monkeypatch.setattr(guard, "_timer_at", 0.0)
    for i in range(1000):
        assert guard.call(abs, -i) == i
    assert armed == [0.3]


def test_a_call_after_an_earlier_one_armed_the_timer_still_has_its_whole_limit() -> None:
    """The timer an earlier call armed goes off during a later call, before the later call's deadline:
    it is armed again for the rest, and the later call is interrupted at its own deadline, not before."""
    guard.call(abs, -1)  # arms the timer: it goes off 0.3 s from now
    time.sleep(0.2)
    start = time.monotonic()
    assert guard.call(lambda: time.sleep(0.2) or "done") == "done"  # the early alarm came 0.1 s in
    assert time.monotonic() - start >= 0.2
    guard.call(abs, -1)
    time.sleep(0.2)
    start = time.monotonic()
    with pytest.raises(guard.CodeTimeout):
        guard.call(time.sleep, 30)
    assert 0.28 < time.monotonic() - start < 2.0  # its own 0.3 s, not the 0.1 s left of the first call's


def test_another_alarm_handler_and_its_timer_are_put_back() -> None:
    fired: list[int] = []
    before = signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        guard.call(time.sleep, 0.05)
        assert signal.getsignal(signal.SIGALRM) is not guard._alarm
        time.sleep(0.6)
        assert fired == [1]  # theirs, still armed after our call
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def test_code_that_swallows_the_interruption_still_fails() -> None:
    def stubborn() -> str:
        try:
            time.sleep(30)
        except BaseException:  # noqa: BLE001 - what careless project code does
            pass
        return "late"

    with pytest.raises(guard.CodeTimeout):
        guard.call(stubborn)


def test_nested_calls_share_the_outermost_deadline() -> None:
    def outer() -> None:
        for _ in range(10):
            guard.call(time.sleep, 0.05)  # each quick, together past the limit

    with pytest.raises(guard.CodeTimeout):
        guard.call(outer)


def test_os_exit_is_refused_inside_and_restored_after() -> None:
    real = os._exit
    with pytest.raises(guard.CodeExit, match=r"os\._exit\(3\) called"):
        guard.call(lambda: os._exit(3))
    with pytest.raises(guard.CodeExit):
        guard.call(lambda: posix._exit(0))
    assert os._exit is real and posix._exit is real


def test_a_raised_keyboard_interrupt_is_the_codes_a_signal_is_not() -> None:
    def raises() -> None:
        raise KeyboardInterrupt

    def signalled() -> None:
        signal.raise_signal(signal.SIGINT)
        for _ in range(100):
            pass

    with pytest.raises(KeyboardInterrupt) as info:
        guard.call(raises)
    assert guard.is_code_failure(info.value)
    with pytest.raises(KeyboardInterrupt) as info:
        guard.call(signalled)
    assert not guard.is_code_failure(info.value)
    assert guard.is_code_failure(SystemExit(0)) and guard.is_code_failure(ValueError())


def test_off_the_main_thread_a_watchdog_interrupts_a_busy_loop() -> None:
    seen: list[BaseException] = []

    def busy() -> None:
        while True:
            pass

    def run() -> None:
        try:
            guard.call(busy)
        except BaseException as exc:  # noqa: BLE001
            seen.append(exc)

    worker = threading.Thread(target=run)
    start = time.monotonic()
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and isinstance(seen[0], guard.CodeTimeout)
    assert time.monotonic() - start < 3


def test_the_limit_must_be_positive() -> None:
    with pytest.raises(ValueError):
        guard.set_time_limit(0)


def test_the_commands_own_signal_handler_is_never_the_codes_failure() -> None:
    """Under ``cardgen``, SIGINT runs ``lifecycle.on_term``, whose ``raise`` is a raise statement too:
    a real Ctrl-C during a hook must still be the person's, not the hook's."""
    from cardgen import lifecycle

    old = signal.signal(signal.SIGINT, lifecycle.on_term)
    try:
        with pytest.raises(KeyboardInterrupt) as info:
            guard.call(lambda: signal.raise_signal(signal.SIGINT))
    finally:
        signal.signal(signal.SIGINT, old)
        lifecycle._INTERRUPTED = False
    assert not guard.is_code_failure(info.value)


_EXIT = os._exit  # the real one, taken before any guarded call could replace it
WHERE = "house/rule.py, hook draw (seed 5)"


def test_a_process_forked_outside_project_code_is_a_worker_that_knows_its_own_pid() -> None:
    pid = os.fork()
    if pid == 0:
        _EXIT(0 if guard._pid == os.getpid() else 3)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0 and guard._pid == os.getpid()


def test_an_exit_handler_is_refused_by_its_name_or_as_a_function() -> None:
    import atexit
    import functools

    def bye() -> None:
        pass

    with pytest.raises(guard.CodeEscape) as info:
        guard.call(lambda: atexit.register(bye), where=WHERE)
    assert str(info.value) == "atexit.register(bye) called: project code must not run when the process ends"
    with pytest.raises(guard.CodeEscape) as info:
        guard.call(lambda: atexit.register(functools.partial(bye)), where=WHERE)
    assert str(info.value) == "atexit.register(a function) called: project code must not run when the process ends"
    assert atexit.register is guard._REAL_ATEXIT


def test_code_that_swallows_every_interruption_is_stopped_after_the_last_one(monkeypatch: pytest.MonkeyPatch,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    class Stopped(BaseException):
        pass

    def stop(status: int) -> None:
        raise Stopped(status)

    monkeypatch.setattr(os, "_exit", os._exit)  # put back after the test: the guard restores them to _REAL_EXIT
    monkeypatch.setattr(posix, "_exit", posix._exit)
    monkeypatch.setattr(guard, "_REAL_EXIT", stop)  # the process would end here (status 2)
    monkeypatch.setattr(guard, "REPEAT", 0.02)
    swallowed = 0

    def stubborn() -> None:
        nonlocal swallowed
        while True:
            try:
                time.sleep(1)
            except guard.CodeTimeout:
                swallowed += 1

    with pytest.raises(Stopped) as info:
        guard.call(stubborn, where=WHERE)
    assert info.value.args == (2,) and swallowed == guard.GIVE_UP
    assert capsys.readouterr().err == (f"cardgen: error: {WHERE}: still running after 0.42 s, ignoring every "
                                       "interruption (the time limit for project code is 0.3 s): stopped\n")


def test_the_fork_hooks_mark_a_fork_inside_project_code_end_its_copy_and_let_a_worker_note_its_pid(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hooks ``os.register_at_fork`` runs, called here directly (in a fork they run where no test sees them)."""
    class Ended(BaseException):
        pass

    def end(status: int) -> None:
        raise Ended(status)

    monkeypatch.setattr(guard, "_REAL_EXIT", end)
    monkeypatch.setattr(guard, "_forked", False)
    monkeypatch.setattr(guard, "_pid", -1)
    monkeypatch.setattr(guard, "_timer_at", 123.0)
    guard._before_fork()
    guard._in_fork_child()  # outside project code: a worker, which notes its own pid; a fork has no timer
    assert guard._forked is False and guard._pid == os.getpid() and guard._timer_at == 0.0
    monkeypatch.setattr(guard, "_depth", 1)
    guard._before_fork()
    assert guard._forked is True
    with pytest.raises(Ended) as info:
        guard._in_fork_child()  # inside project code: the copy ends at once
    assert info.value.args == (1,)


def test_a_pending_timer_is_stopped_at_exit() -> None:
    """A guarded call leaves its handler and timer installed for the next call; at exit the timer is stopped, so a
    long exit (finalization puts SIGALRM's default action back) is never killed by "Alarm clock" (-14)."""
    import subprocess
    import sys

    code = ("import atexit, signal\n"
            "atexit.register(lambda: print('left', signal.getitimer(signal.ITIMER_REAL)[0]))\n"  # runs after guard's
            "from cardgen import guard\nguard.call(lambda: None)\n"
            "print('armed', signal.getitimer(signal.ITIMER_REAL)[0] > 0)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["armed", "True", "left", "0.0"], done.stdout
