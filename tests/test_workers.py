"""Forked workers: a result or an exception comes back whole, a dead worker is one clear error."""
from __future__ import annotations

import os
import signal

import pytest

from cardgen.errors import InputError
from cardgen.workers import Forked, WorkerDied

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``Forked`` fork even if an earlier test of the session left a thread behind.

    These tests are about the child (its result, its errors, its death), not about when forking is
    safe (the tests further down): without this, a stray idle thread would make ``Forked`` run the
    call in this process, and the child that kills itself would kill the test run.
    """
    import cardgen.workers

    monkeypatch.setattr(cardgen.workers, "fork_safe", lambda: True)


def test_the_child_sees_this_process_memory_and_sends_its_result_back(forking: None) -> None:
    table = {"faces": [1, 2, 3]}  # never pickled on the way there: the child inherits it
    child = Forked(lambda: (os.getpid(), sum(table["faces"]), b"\x00" * 300_000))
    pid, total, data = child.result()
    assert pid != os.getpid() and total == 6 and len(data) == 300_000  # larger than a pipe's buffer


def test_an_error_in_the_child_is_raised_here_with_its_lines(forking: None) -> None:
    def bad() -> None:
        raise InputError("no room for the title", file="decks/x.yaml", line=7, field=["components", 0])

    with pytest.raises(InputError) as err:
        Forked(bad).result()
    assert str(err.value).startswith("decks/x.yaml:7") and "no room for the title" in str(err.value)


def test_an_error_that_cannot_be_pickled_still_says_what_it_was(forking: None) -> None:
    class Local(Exception):  # a class defined in a function cannot be pickled
        pass

    def bad() -> None:
        raise Local("odd input")

    with pytest.raises(RuntimeError, match="Local: odd input"):
        Forked(bad).result()


def test_a_killed_child_is_one_clear_error(forking: None) -> None:
    child = Forked(lambda: os.kill(os.getpid(), signal.SIGKILL))
    with pytest.raises(WorkerDied, match="signal 9"):
        child.result()


def test_stop_ends_a_child_that_still_works(forking: None) -> None:
    import time

    child = Forked(lambda: time.sleep(60))
    pid = child.pid
    child.stop()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # reaped: no zombie left behind
    child.stop()  # twice is harmless


def test_stop_frees_a_child_that_missed_its_sigterm_while_writing_a_large_result(
        forking: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A child blocked writing more than the pipe holds, to a reader that gave up, must not hang ``stop``."""
    import threading
    import time

    import cardgen.workers

    monkeypatch.setattr(cardgen.workers, "STOP_SECONDS", 120.0)  # only the closed pipe can free it in time

    def stubborn() -> bytes:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        return b"x" * 2_000_000

    child = Forked(stubborn)
    pid = child.pid
    time.sleep(0.5)  # by now the child is blocked in its write
    stopper = threading.Thread(target=child.stop, daemon=True)
    stopper.start()
    stopper.join(30)
    if stopper.is_alive():  # the old hang: free both, then fail
        os.kill(pid, signal.SIGKILL)
        stopper.join()
        pytest.fail("stop() waited for a child blocked writing into a pipe nobody reads")
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_sigterm_that_reaches_the_child_before_its_own_handlers_never_runs_this_process_handler(
        forking: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The child ends on the signal; this process's handler (the CLI's "interrupted") never runs there."""
    import time

    import cardgen.workers

    real_init = cardgen.workers.worker_init

    def signalled_early(parent: int, *lang: str) -> None:
        os.kill(os.getpid(), signal.SIGTERM)  # the moment between fork and the child's own handlers
        time.sleep(0.2)
        real_init(parent, *lang)

    def parents_handler(signum: int, frame: object) -> None:
        raise RuntimeError("this process's SIGTERM handler ran in the child")

    monkeypatch.setattr(cardgen.workers, "worker_init", signalled_early)
    previous = signal.signal(signal.SIGTERM, parents_handler)
    try:
        child = Forked(lambda: "finished")
        with pytest.raises(WorkerDied, match="signal 15"):
            child.result()
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # unblocked here again


# --- never fork while another thread runs ----------------------------------------------------------

import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

from cardgen import workers  # noqa: E402

_MARK = {"set in the parent": False}


def _marked(_: object = None) -> tuple[int, bool]:
    """In a pool's worker: its pid, and whether it inherited the parent's memory (was forked)."""
    return os.getpid(), _MARK["set in the parent"]


@pytest.fixture
def another_thread() -> Iterator[threading.Thread]:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    yield thread
    stop.set()
    thread.join()


def test_fork_is_safe_only_while_no_other_thread_runs(another_thread: threading.Thread) -> None:
    assert not workers.fork_safe()
    assert workers.start_method() in ("forkserver", "spawn")


def test_forked_makes_its_call_here_while_another_thread_runs(another_thread: threading.Thread) -> None:
    child = Forked(lambda: os.getpid())
    assert child.pid == 0  # no process was made
    assert child.result() == os.getpid()
    child.stop()
    with pytest.raises(ValueError, match="boom"):
        Forked(lambda: (_ for _ in ()).throw(ValueError("boom"))).result()


def test_a_pool_started_while_another_thread_runs_does_not_fork(another_thread: threading.Thread,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_MARK, "set in the parent", True)
    with workers.worker_pool(2) as pool:
        results = list(pool.map(_marked, range(4)))
    assert all(pid != os.getpid() and not inherited for pid, inherited in results)
    import multiprocessing as mp
    with pytest.raises(RuntimeError, match="fork_safe"):
        with workers.worker_pool(1, mp.get_context("fork")):
            pass


def test_a_failed_command_leaves_no_worker_behind(another_thread: threading.Thread) -> None:
    with pytest.raises(ZeroDivisionError):
        with workers.worker_pool(2) as pool:
            pool.submit(_marked).result()
            procs = list(pool._processes.values())  # type: ignore[attr-defined]
            raise ZeroDivisionError
    for proc in procs:
        assert not proc.is_alive()


THREADED = '''
import os, sys, threading
stop = threading.Event()
threading.Thread(target=stop.wait, daemon=True).start()
def no_fork(*a, **k):
    raise AssertionError("os.fork called while another thread runs")
os.fork = no_fork
from cardgen.cli import main
code = main(sys.argv[1:])
stop.set()
sys.exit(code)
'''


def _cardgen(args: list[str], cwd: Path, threaded: bool) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    cmd = [sys.executable, "-c", THREADED, *args] if threaded else [sys.executable, "-m", "cardgen", *args]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_build_and_validate_with_a_thread_alive_give_the_same_results_without_forking(
        mini_project: Path) -> None:
    """A build and a validate started from a process that runs another thread (and whose
    ``os.fork`` fails) finish with the same files as the ordinary, forking run."""
    outputs = {}
    for threaded in (False, True):
        out = mini_project / f"out-{threaded}"
        done = _cardgen(["build", "king_lui", "--out", str(out)], mini_project, threaded)
        assert done.returncode == 0, done.stderr
        report = mini_project / f"v-{threaded}.json"
        done = _cardgen(["validate", "king_lui", "--games", "400", "--players", "3", "--jobs", "2",
                         "--engine", "reference", "--json", str(report), "--out", str(out)],
                        mini_project, threaded)
        assert done.returncode == 0, done.stderr
        pdfs = sorted(out.rglob("*.pdf"))
        assert pdfs
        outputs[threaded] = ({p.relative_to(out): p.read_bytes() for p in pdfs}, report.read_bytes())
    assert outputs[True] == outputs[False]


def _chunks_in_a_pool():
    with workers.worker_pool(2) as pool:
        while True:
            yield pool.submit(_marked).result()


def test_a_pool_kept_alive_by_a_failures_traceback_is_stopped_by_stop_all() -> None:
    """The hang seen once: a failed consumer's traceback keeps the generator, so its pool, alive;
    at exit the interpreter would wait for the pool. ``stop_all`` (run after every command and
    every test) ends it."""
    gen = _chunks_in_a_pool()
    next(gen)
    assert workers._LIVE
    procs = [p for pool in workers._LIVE for p in pool._processes.values()]  # type: ignore[attr-defined]
    assert procs and all(p.is_alive() for p in procs)
    assert workers.stop_all() == 1
    assert not workers._LIVE and not any(p.is_alive() for p in procs)
    gen.close()


def test_a_signal_reaching_a_pool_worker_while_it_is_forked_never_runs_this_process_handler(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The README's failure: a SIGTERM reached a pool worker between ``os.fork()`` and its
    initializer and ran the CLI's handler there. Pool workers are forked with the stop signals
    blocked: the worker dies of the signal once its own handlers are set; this process's never runs."""
    import time
    from concurrent.futures.process import BrokenProcessPool

    if not workers.fork_safe():
        pytest.skip("another thread runs: pools do not fork")
    real_init = workers.worker_init
    marker = tmp_path / "ran"

    def signalled_early(parent: int, *lang: str) -> None:
        os.kill(os.getpid(), signal.SIGTERM)  # the moment between fork and the worker's own handlers
        time.sleep(0.2)
        real_init(parent, *lang)

    def parents_handler(signum: int, frame: object) -> None:
        marker.write_text(str(os.getpid()))
        raise KeyboardInterrupt

    monkeypatch.setattr(workers, "worker_init", signalled_early)
    previous = signal.signal(signal.SIGTERM, parents_handler)
    try:
        with pytest.raises(BrokenProcessPool):
            with workers.worker_pool(1) as pool:
                pool.submit(_marked).result(timeout=30)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert not marker.exists(), "this process's SIGTERM handler ran in a pool worker"
    assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # unblocked here again


def test_stopping_a_pool_whose_workers_ignore_sigterm_ends_within_two_seconds(tmp_path: Path) -> None:
    """An interrupted command ends within 2 s (the promise to a user who presses Ctrl-C): busy workers that
    do not die of SIGTERM are killed. About 0.6 s on a quiet machine; the bound is the promise, not that
    figure, so that a machine at load 20 (1.6 s) does not fail it; the SIGKILL exit codes show the kill
    path ran rather than the workers ending on their own."""
    import time

    if not workers.fork_safe():
        pytest.skip("another thread runs: pools do not fork")
    with pytest.raises(KeyboardInterrupt):
        with workers.worker_pool(2) as pool:
            for k in range(2):
                pool.submit(_deaf, tmp_path / str(k), 30)
            deadline = time.monotonic() + 20
            while not all((tmp_path / str(k)).exists() for k in range(2)) and time.monotonic() < deadline:
                time.sleep(0.05)  # both workers now ignore SIGTERM and sleep
            procs = list(pool._processes.values())  # type: ignore[attr-defined]
            start = time.monotonic()
            raise KeyboardInterrupt
    assert time.monotonic() - start < 2.0
    assert len(procs) == 2 and not any(p.is_alive() for p in procs)
    assert [p.exitcode for p in procs] == [-signal.SIGKILL] * 2


def _deaf(mark: Path, seconds: float) -> None:
    """In a worker: ignore SIGTERM, say so (``mark``), then sleep ``seconds``."""
    import time

    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    mark.write_text("deaf")
    time.sleep(seconds)


#: The pool whose worker ``_half_a_result`` writes into (inherited by the forked worker).
_POOL: list = []


def _half_a_result(mark: Path) -> None:
    """In a worker: send the first bytes of a result message and stop there, as a worker killed
    while sending a result larger than the pipe holds (a PDF) leaves it."""
    import struct
    import time

    writer = _POOL[0]._result_queue._writer  # the pool's result pipe, inherited
    os.write(writer.fileno(), struct.pack("!i", 1000) + b"x" * 10)  # 10 of the 1000 bytes announced
    mark.write_text("sent")
    time.sleep(30)


def test_a_worker_killed_while_sending_its_result_leaves_no_manager_thread_behind(tmp_path: Path) -> None:
    """The hang seen once in ten of `cardgen build` with `out/<deck>` a file: the error stopped the
    pool while a worker was sending a PDF; the pool's manager thread waited for the rest of it
    forever (this process holds the pipe's other end), and the exit, which joins that thread, hung."""
    import time

    if not workers.fork_safe():
        pytest.skip("another thread runs: pools do not fork")
    mark = tmp_path / "sent"
    with pytest.raises(KeyboardInterrupt):
        with workers.worker_pool(1) as pool:
            _POOL[:] = [pool]
            pool.submit(_half_a_result, mark)
            deadline = time.monotonic() + 20
            while not mark.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.2)  # the manager is now reading the rest of the message
            manager = pool._executor_manager_thread  # type: ignore[attr-defined]
            results = pool._result_queue  # type: ignore[attr-defined]  # shutdown forgets it
            raise KeyboardInterrupt
    _POOL.clear()
    assert mark.exists(), "the worker never began its result"
    manager.join(timeout=5)
    stuck = manager.is_alive()
    if stuck:  # end its read, or this test process itself hangs at exit instead of reporting the failure
        results._writer.close()
        manager.join(timeout=5)
    assert not stuck, "the pool's manager thread still waits for the rest of a result"


def _language() -> str:
    from cardgen.terminal import language

    return language()


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_a_pool_worker_speaks_the_terminal_language_of_the_command(method: str) -> None:
    """A worker's own lines (numba's "compiling the … fast tier" notice) are in the command's language:
    a fork server's worker inherits no memory, and said them in English under ``--lang fr``."""
    import multiprocessing as mp

    from cardgen.terminal import language, set_language

    if method == "fork" and not workers.fork_safe():
        pytest.skip("another thread runs: pools do not fork")
    before = language()
    set_language("it")
    try:
        with workers.worker_pool(1, mp.get_context(method)) as pool:
            assert pool.submit(_language).result(timeout=60) == "it"
    finally:
        set_language(before)
