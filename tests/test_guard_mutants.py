"""The guard's words, its give-up count and what it leaves armed (issue 34: survivors of
``benchmarks/mutation.py code_guard``).

Code that swallows every interruption is given up on after ``GIVE_UP`` more of them, never
sooner: the process says so in one line and ends with status 2, on the main thread (the timer)
and off it (the watchdog).
"""
from __future__ import annotations

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


def test_the_errors_say_what_happened_and_how_to_change_it() -> None:
    late = guard.CodeTimeout(2.5)
    assert late.seconds == 2.5
    assert str(late) == ("still running after 2.5 s, the time limit for project code per call "
                         "(--code-time-limit SECONDS changes it)")
    assert guard.CodeTimeout().seconds == 0.3  # the limit in force
    assert str(guard.CodeExit(3)) == "os._exit(3) called: project code must not end the process"
    with pytest.raises(ValueError, match=r"time limit -1: expected more than 0 seconds"):
        guard.set_time_limit(-1)


def test_a_keyboard_interrupt_with_no_traceback_is_not_the_codes() -> None:
    assert guard.is_code_failure(KeyboardInterrupt()) is False


def test_off_the_main_thread_the_call_gets_its_arguments() -> None:
    out: list[int] = []
    worker = threading.Thread(target=lambda: out.append(guard.call(lambda a, b=0: a + b, 2, b=3)))
    worker.start()
    worker.join(10)
    assert out == [5]


def test_a_quick_call_leaves_no_timer_behind_for_another_handler() -> None:
    fired: list[int] = []
    before = signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    running = signal.setitimer(signal.ITIMER_REAL, 0)  # a test runner's own timer (mutmut's), put back after
    try:
        guard.call(sum, [1, 2])  # theirs had no timer running: none after our call either
        time.sleep(1.3)
        assert fired == [] and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
        if running[0]:
            signal.setitimer(signal.ITIMER_REAL, *running)


class GaveUp(Exception):
    """What the fake ``os._exit`` raises on the main thread: the test goes on where the process would end."""


@pytest.mark.parametrize("thread", [False, True], ids=["timer", "watchdog"])
def test_code_that_swallows_every_interruption_is_given_up_after_give_up_more(
        thread: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The limit, then ``GIVE_UP`` repeats ``REPEAT`` s apart: never sooner, one line, status 2 (the process'
    real exit is replaced here, so the test runs in this process)."""
    gave_up: list[tuple[object, float]] = []

    def fake_exit(status: object) -> None:
        gave_up.append((status, time.monotonic()))
        if threading.current_thread() is threading.main_thread():
            raise GaveUp

    def stubborn() -> None:
        while not gave_up:
            try:
                while not gave_up:
                    try:
                        time.sleep(0.02)
                    except guard.CodeTimeout:
                        pass  # swallowed, as careless code does
            except guard.CodeTimeout:
                # and where the watchdog's exception lands between two naps (an asynchronous exception is raised at
                # the loop's back edge when the thread gets the interpreter back there, outside the inner try: on a
                # loaded machine the test's careless code let one escape, and the watchdog never had to give up)
                pass

    monkeypatch.setattr(guard, "_REAL_EXIT", fake_exit)
    guard.set_time_limit(0.1)
    start = time.monotonic()
    if thread:
        failures: list[BaseException] = []

        def run() -> None:
            try:
                guard.call(stubborn, where="house/rule.py, hook draw")
            except BaseException as exc:  # noqa: BLE001
                failures.append(exc)

        worker = threading.Thread(target=run)
        worker.start()
        worker.join(30)
        assert isinstance(failures[0], guard.CodeTimeout)
    else:
        with pytest.raises(GaveUp):
            guard.call(stubborn, where="house/rule.py, hook draw")
    expected = 0.1 + guard.GIVE_UP * guard.REPEAT
    [(status, when)] = gave_up
    assert status == 2 and when - start >= expected - 0.05  # after the sixth repeat, not at the fifth (2.6 s)
    assert capsys.readouterr().err == (
        f"cardgen: error: house/rule.py, hook draw: still running after {expected:g} s, ignoring every interruption "
        "(the time limit for project code is 0.1 s): stopped\n")


def test_a_real_ctrl_c_is_the_persons_even_under_another_sigint_handler() -> None:
    """Python's own SIGINT handler installed for the test (a test runner may have its own): the signal's
    KeyboardInterrupt arrives at an instruction that is no ``raise``, so it is not the code's failure."""
    def signalled() -> None:
        signal.raise_signal(signal.SIGINT)
        for _ in range(100):
            pass

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt) as info:
            guard.call(signalled)
    finally:
        signal.signal(signal.SIGINT, old)
    assert not guard.is_code_failure(info.value)


def test_another_base_exception_is_not_the_codes() -> None:
    class Elsewhere(BaseException):
        pass

    assert guard.is_code_failure(Elsewhere()) is False
