"""The guard's words, its give-up count and what it leaves armed (issue 34: survivors of
``benchmarks/mutation.py code_guard``).

Code that swallows every interruption is given up on after ``GIVE_UP`` more of them, never
sooner: the process says so in one line and ends with status 2. That ends the process, so it
runs in a child process, on the main thread (the timer) and off it (the watchdog).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
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
    try:
        guard.call(sum, [1, 2])  # theirs had no timer running: none after our call either
        time.sleep(1.3)
        assert fired == [] and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


STUBBORN = textwrap.dedent('''
    import threading, time
    from cardgen import guard

    def stubborn():
        while True:
            try:
                time.sleep(100)
            except BaseException:
                pass

    guard.set_time_limit(0.1)
    if THREAD:
        worker = threading.Thread(target=lambda: guard.call(stubborn, where="house/rule.py, hook draw"))
        worker.start()
        worker.join()
    else:
        guard.call(stubborn, where="house/rule.py, hook draw")
''')


@pytest.mark.parametrize("thread", [False, True], ids=["timer", "watchdog"])
def test_code_that_swallows_every_interruption_is_given_up_after_give_up_more(thread: bool) -> None:
    """The limit, then ``GIVE_UP`` repeats ``REPEAT`` s apart: never sooner, one line, status 2."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", f"THREAD = {thread}\n" + STUBBORN], capture_output=True,
                          text=True, timeout=60, env=env)
    elapsed = time.monotonic() - start
    assert done.returncode == 2
    expected = 0.1 + guard.GIVE_UP * guard.REPEAT
    assert done.stderr == (f"cardgen: error: house/rule.py, hook draw: still running after {expected:g} s, ignoring "
                           "every interruption (the time limit for project code is 0.1 s): stopped\n")
    assert elapsed >= expected - 0.05  # given up after the sixth repeat, not at it
