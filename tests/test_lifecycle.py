"""The process around any command (``cardgen.lifecycle``), in this process: each way a command can
fail is one line on stderr and its own exit code; "interrupted" is said once per command."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable

import pytest

from cardgen import lifecycle, terminal
from cardgen.errors import GamesFailed, InputError
from cardgen.usercode import UserCodeError


def _raising(exc: BaseException) -> Callable[[], int]:
    def body() -> int:
        raise exc
    return body


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    # English whatever command ran before (mutmut runs a set of tests in no fixed order)
    monkeypatch.setattr(terminal, "_current", "en")
    lifecycle.reset()
    yield
    lifecycle.reset()


def test_a_body_that_succeeds_gives_its_own_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert lifecycle.guarded(lambda: 0) == 0
    assert lifecycle.guarded(lambda: 1) == 1
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("exc", "code", "err"), [
    (UserCodeError("house/rule.py:3: hook scores raised ValueError (seed 7 reproduces it)"), 2,
     "cardgen: error: house/rule.py:3: hook scores raised ValueError (seed 7 reproduces it)\n"),
    (GamesFailed(["king_lui, 3 players: 2 of 10 games failed", "draco, 4 players: 1 of 10 games failed"]), 1,
     "cardgen: error: king_lui, 3 players: 2 of 10 games failed\n"
     "cardgen: error: draco, 4 players: 1 of 10 games failed\n"),
    (FileNotFoundError(2, "No such file or directory", "out/x.json"), 2,
     "cardgen: error: out/x.json: No such file or directory\n"),
    (RecursionError(), 2, "cardgen: error: input nested too deeply\n"),
    (MemoryError(), 2, "cardgen: error: out of memory; expected input of ordinary size\n"),
    (KeyboardInterrupt(), 130, "cardgen: interrupted\n"),
])
def test_each_failure_is_its_lines_and_its_code(exc: BaseException, code: int, err: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert lifecycle.guarded(_raising(exc)) == code
    assert capsys.readouterr().err == err


def test_an_os_error_without_a_file_is_its_reason_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert lifecycle.guarded(_raising(OSError(28, "No space left on device"))) == 2
    assert capsys.readouterr().err == "cardgen: error: No space left on device\n"


def test_bad_input_is_one_line_per_problem_with_the_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    assert lifecycle.guarded(_raising(InputError("expected a whole number", file="decks/a.yaml", line=3))) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardgen: error: ") and "decks/a.yaml" in err


def test_a_reader_that_left_is_a_quiet_success() -> None:
    saved = os.dup(sys.stdout.fileno())
    try:
        assert lifecycle.guarded(_raising(BrokenPipeError())) == 0
    finally:
        os.dup2(saved, sys.stdout.fileno())
        os.close(saved)


def test_an_unknown_failure_is_raised_unless_an_interrupt_came_first(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(LookupError):
        lifecycle.guarded(_raising(LookupError("a bug of ours")))
    lifecycle._INTERRUPTED = True
    assert lifecycle.guarded(_raising(LookupError("broken on the way out"))) == 130
    assert capsys.readouterr().err == "cardgen: interrupted\n"


def test_every_pool_is_stopped_whatever_ended_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import workers
    stopped: list[int] = []
    monkeypatch.setattr(workers, "stop_all", lambda: stopped.append(1) or 0)
    lifecycle.guarded(lambda: 0)
    lifecycle.guarded(_raising(MemoryError()))
    assert stopped == [1, 1]


def test_interrupted_is_said_once_per_command(capsys: pytest.CaptureFixture[str]) -> None:
    lifecycle.say_interrupted()
    lifecycle.say_interrupted()
    assert capsys.readouterr().err == "cardgen: interrupted\n"
    lifecycle.reset()
    lifecycle.say_interrupted()
    assert capsys.readouterr().err == "cardgen: interrupted\n"


def test_a_signal_unwinds_as_ctrl_c_and_is_remembered() -> None:
    from cardgen.errors import Interrupted
    with pytest.raises(Interrupted):
        lifecycle.on_term(15, None)
    assert lifecycle._INTERRUPTED
