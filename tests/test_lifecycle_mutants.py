"""The process around any command (``cardgen.lifecycle``), the parts the command line reaches only in a
child process, called here in this process (mutmut credits a test only with what it called itself):
the outright end of an interrupted command, the second signal, the handlers installed, ``run``'s quick
exit and each way it keeps the slow one, the command's language in its failure lines."""
from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
from collections.abc import Callable

import pytest

from cardgen import contain, fileio, lifecycle, terminal, workers
from cardgen.errors import InputError, Interrupted, said
from cardgen.speedups import gcpolicy, lazy_pillow


class _Ended(Exception):
    """``os._exit`` called: the process would have ended here with ``code``."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lifecycle, "_MAY_EXIT", False)
    monkeypatch.setattr(terminal, "_current", "en")  # whatever command ran before (mutmut runs tests in no fixed order)
    lifecycle.reset()
    yield
    lifecycle.reset()


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What ``run`` did, in order; ``os._exit`` raises ``_Ended`` instead of ending the tests."""
    done: list[object] = []

    def end(code: int) -> None:
        done.append(("exit", code))
        raise _Ended(code)

    monkeypatch.setattr(os, "_exit", end)
    monkeypatch.setattr(lifecycle, "install_signals", lambda: done.append("signals"))
    monkeypatch.setattr(contain, "supervise", lambda command: done.append(("supervise", command)))
    monkeypatch.setattr(gcpolicy, "install", lambda: done.append("gc") or True)
    monkeypatch.setattr(lazy_pillow, "install", lambda: done.append("pillow") or True)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: done.append("handlers"), raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    return done


def _main(done: list[object], code: int) -> Callable[[], int]:
    def main() -> int:
        done.append(("main", lifecycle._MAY_EXIT))
        return code
    return main


def test_run_sets_up_plays_then_ends_quickly_after_the_exit_handlers(calls: list[object]) -> None:
    with pytest.raises(_Ended) as ended:
        lifecycle.run(_main(calls, 3), "validate")
    assert ended.value.code == 3
    assert calls == ["signals", ("supervise", "validate"), "gc", "pillow", ("main", True), "handlers", ("exit", 3)]


def test_run_keeps_the_slow_exit_while_another_thread_runs(calls: list[object],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import guard
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    monkeypatch.setattr(guard, "escaped", False)
    with pytest.raises(SystemExit) as ended:
        lifecycle.run(_main(calls, 4), None)
    assert ended.value.code == 4 and "handlers" not in calls


def test_run_ends_quickly_when_the_other_thread_is_project_codes(calls: list[object],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import guard
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    monkeypatch.setattr(guard, "escaped", True)
    with pytest.raises(_Ended) as ended:
        lifecycle.run(_main(calls, 5), None)
    assert ended.value.code == 5 and calls[-2:] == ["handlers", ("exit", 5)]


def test_run_without_cpythons_exit_handlers_takes_the_slow_exit(calls: list[object],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(atexit, "_run_exitfuncs")
    with pytest.raises(SystemExit) as ended:
        lifecycle.run(_main(calls, 6), None)
    assert ended.value.code == 6


def test_run_ends_even_when_the_reader_left(calls: list[object], monkeypatch: pytest.MonkeyPatch) -> None:
    class Gone:
        def flush(self) -> None:
            raise ValueError("closed")

    monkeypatch.setattr(sys, "stdout", Gone())
    with pytest.raises(_Ended) as ended:
        lifecycle.run(_main(calls, 7), None)
    assert ended.value.code == 7


def test_an_interrupt_before_main_caught_it_is_said_and_ends_at_once(calls: list[object],
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    def main() -> int:
        lifecycle._INTERRUPTED = True
        raise KeyboardInterrupt

    with pytest.raises(_Ended) as ended:
        lifecycle.run(main, None)
    assert ended.value.code == 130 and "handlers" not in calls
    assert capsys.readouterr().err == "cardgen: interrupted\n"


def test_an_interrupted_command_ends_with_its_code_and_no_exit_handler(calls: list[object]) -> None:
    def main() -> int:
        lifecycle._INTERRUPTED = True
        return 130

    with pytest.raises(_Ended) as ended:
        lifecycle.run(main, None)
    assert ended.value.code == 130 and "handlers" not in calls


def test_a_failure_of_main_without_an_interrupt_is_raised(calls: list[object]) -> None:
    def main() -> int:
        raise LookupError("a bug of ours")

    with pytest.raises(LookupError):
        lifecycle.run(main, None)


def test_hard_exit_kills_workers_removes_temporaries_says_it_once_and_ends_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    done: list[object] = []
    monkeypatch.setattr(workers, "kill_all", lambda: done.append("kill"))
    monkeypatch.setattr(fileio, "remove_open_temporaries", lambda: done.append("remove") or 0)
    monkeypatch.setattr(lifecycle, "_EXIT", lambda code: done.append(code))
    lifecycle.hard_exit()
    assert done == ["kill", "remove", 130]
    assert capsys.readouterr().err == "cardgen: interrupted\n"


def test_hard_exit_ends_the_process_even_when_cleaning_up_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[int] = []

    def broken() -> None:
        raise RuntimeError("a pool half gone")

    monkeypatch.setattr(workers, "kill_all", broken)
    monkeypatch.setattr(lifecycle, "_EXIT", lambda code: done.append(code))
    with pytest.raises(RuntimeError):
        lifecycle.hard_exit()
    assert done == [130]


def test_under_run_a_signal_starts_the_hard_exit_timer_and_a_second_one_ends_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    timers: list[list[object]] = []
    ended: list[int] = []
    noted: list[int] = []

    class Timer:
        def __init__(self, seconds: float, fn: Callable[[], None]) -> None:
            timers.append([seconds, fn])
            self.daemon = False

        def start(self) -> None:
            timers[-1].append(self.daemon)

    monkeypatch.setattr(threading, "Timer", Timer)
    monkeypatch.setattr(lifecycle, "_MAY_EXIT", True)
    monkeypatch.setattr(lifecycle, "hard_exit", lambda: ended.append(1))
    monkeypatch.setattr(contain, "note_signal", noted.append)
    with pytest.raises(Interrupted):
        lifecycle.on_term(signal.SIGINT, None)
    assert timers == [[lifecycle.HARD_EXIT_SECONDS, lifecycle.hard_exit, True]] and ended == []
    with pytest.raises(Interrupted):
        lifecycle.on_term(signal.SIGTERM, None)
    assert ended == [1] and noted == [signal.SIGINT, signal.SIGTERM]


def test_outside_run_a_signal_never_ends_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    ended: list[int] = []
    monkeypatch.setattr(lifecycle, "hard_exit", lambda: ended.append(1))
    monkeypatch.setattr(threading, "Timer", lambda *a: pytest.fail("no timer outside run"))
    for _ in range(2):
        with pytest.raises(Interrupted):
            lifecycle.on_term(signal.SIGTERM, None)
    assert ended == []


def test_the_handlers_installed_and_a_thread_that_may_not_install_them(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[int, object] = {}
    monkeypatch.setattr(signal, "signal", lambda signum, handler: seen.__setitem__(signum, handler))
    lifecycle.install_signals()
    assert seen == {signal.SIGXFSZ: signal.SIG_IGN, signal.SIGTERM: lifecycle.on_term,
                    signal.SIGINT: lifecycle.on_term}

    def refuse(signum: int, handler: object) -> None:
        if signum != signal.SIGXFSZ:
            raise ValueError("signal only works in main thread")
    monkeypatch.setattr(signal, "signal", refuse)
    lifecycle.install_signals()  # no error


@pytest.fixture
def french() -> None:
    before = terminal.language()
    terminal.set_language("fr")
    yield
    terminal.set_language(before)


def test_bad_input_and_interrupted_are_in_the_commands_language(french: None,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert said("prefix", "fr") != said("prefix", "en")
    exc = InputError("our own English words", file="decks/a.yaml", key="file_not_found")

    def body() -> int:
        raise exc

    assert lifecycle.guarded(body) == 2
    assert capsys.readouterr().err == f"{said('prefix', 'fr')}decks/a.yaml: {said('file_not_found', 'fr')}\n"
    lifecycle.say_interrupted()
    assert capsys.readouterr().err == terminal.say("interrupted", "fr") + "\n" != "cardgen: interrupted\n"


def test_an_interrupt_removes_what_a_writer_had_not_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    removed: list[int] = []
    monkeypatch.setattr(fileio, "remove_open_temporaries", lambda: removed.append(1) or 1)

    def body() -> int:
        raise KeyboardInterrupt

    assert lifecycle.guarded(body) == 130 and removed == [1]


def test_a_reader_that_left_sends_further_output_nowhere() -> None:
    fd = sys.stdout.fileno()
    saved = os.dup(fd)
    try:
        def body() -> int:
            raise BrokenPipeError

        assert lifecycle.guarded(body) == 0
        assert os.fstat(fd).st_rdev == os.stat(os.devnull).st_rdev
        assert os.write(fd, b"x") == 1
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def test_an_os_error_without_a_reason_is_its_text(capsys: pytest.CaptureFixture[str]) -> None:
    def body() -> int:
        raise OSError("the disk said no")

    assert lifecycle.guarded(body) == 2
    assert capsys.readouterr().err == "cardgen: error: the disk said no\n"


def test_an_error_line_is_cut_after_600_characters(capsys: pytest.CaptureFixture[str]) -> None:
    lifecycle.error("x" * 600)
    assert capsys.readouterr().err == "cardgen: error: " + "x" * 600 + "\n"
    lifecycle.error("x" * 601)
    assert capsys.readouterr().err == "cardgen: error: " + "x" * 597 + "...\n"


def test_interrupted_is_english_where_the_terminal_was_never_loaded(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delitem(sys.modules, "cardgen.terminal")
    lifecycle.say_interrupted()
    assert capsys.readouterr().err == "cardgen: interrupted\n"


def test_interrupted_is_flushed_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stderr:
        def __init__(self) -> None:
            self.events: list[str] = []

        def write(self, text: str) -> int:
            self.events.append(text)
            return len(text)

        def flush(self) -> None:
            self.events.append("<flush>")

    err = Stderr()
    monkeypatch.setattr(sys, "stderr", err)
    lifecycle.say_interrupted()
    assert "".join(err.events).endswith("\n<flush>")


def test_bad_input_is_english_where_the_terminal_was_never_loaded(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delitem(sys.modules, "cardgen.terminal")
    exc = InputError("our own English words", file="decks/a.yaml", key="file_not_found")

    def body() -> int:
        raise exc

    assert lifecycle.guarded(body) == 2
    assert capsys.readouterr().err == "cardgen: error: decks/a.yaml: our own English words\n"
