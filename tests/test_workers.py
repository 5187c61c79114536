"""Forked workers: a result or an exception comes back whole, a dead worker is one clear error."""
from __future__ import annotations

import os
import signal

import pytest

from cardgen.errors import InputError
from cardgen.workers import Forked, WorkerDied

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


def test_the_child_sees_this_process_memory_and_sends_its_result_back() -> None:
    table = {"faces": [1, 2, 3]}  # never pickled on the way there: the child inherits it
    child = Forked(lambda: (os.getpid(), sum(table["faces"]), b"\x00" * 300_000))
    pid, total, data = child.result()
    assert pid != os.getpid() and total == 6 and len(data) == 300_000  # larger than a pipe's buffer


def test_an_error_in_the_child_is_raised_here_with_its_lines() -> None:
    def bad() -> None:
        raise InputError("no room for the title", file="decks/x.yaml", line=7, field=["components", 0])

    with pytest.raises(InputError) as err:
        Forked(bad).result()
    assert str(err.value).startswith("decks/x.yaml:7") and "no room for the title" in str(err.value)


def test_an_error_that_cannot_be_pickled_still_says_what_it_was() -> None:
    class Local(Exception):  # a class defined in a function cannot be pickled
        pass

    def bad() -> None:
        raise Local("odd input")

    with pytest.raises(RuntimeError, match="Local: odd input"):
        Forked(bad).result()


def test_a_killed_child_is_one_clear_error() -> None:
    child = Forked(lambda: os.kill(os.getpid(), signal.SIGKILL))
    with pytest.raises(WorkerDied, match="signal 9"):
        child.result()


def test_stop_ends_a_child_that_still_works() -> None:
    import time

    child = Forked(lambda: time.sleep(60))
    pid = child.pid
    child.stop()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # reaped: no zombie left behind
    child.stop()  # twice is harmless
