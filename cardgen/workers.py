"""Worker processes that never outlive the command that started them.

``build`` and ``validate`` share work among forked processes. If the main
process is killed (even with SIGKILL, which it cannot catch), its workers must
stop too, or they would run on with nobody reading their results. Each worker
asks Linux to send it SIGTERM when its parent dies (``PR_SET_PDEATHSIG``) and,
where that is not available, a watchdog thread notices the parent is gone. A
worker ignores Ctrl-C (the main process handles it and shuts the pool down) and
dies on SIGTERM. ``worker_pool`` terminates the workers at once when the main
process stops early (an error, Ctrl-C, SIGTERM) instead of waiting for them.

``Forked`` is the light form for one call shared with one other process (a small
build: one card sheet here, its gallery pictures there): a bare ``fork`` and a pipe
that carries the pickled result back. A process pool costs 20 ms to import and
start, a tenth of printing one deck.

Forking copies only the thread that forks: a lock another thread held at that moment stays
locked forever in the child (a deadlock; Python 3.12+ warns "This process is
multi-threaded, use of fork() may lead to deadlocks"). So processes are forked only while
this process runs no other Python thread (``fork_safe``); otherwise a pool starts its
workers with ``forkserver`` (``spawn`` where there is none) and ``Forked`` makes its call in
this process when its result is asked for. (Native threads of libraries that take care of
``fork`` themselves, such as OpenBLAS's, are not counted.)
"""
from __future__ import annotations

import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # concurrent.futures is imported only when a pool is made
    from concurrent.futures import ProcessPoolExecutor

_PR_SET_PDEATHSIG = 1


def _watch(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)


def fork_safe() -> bool:
    """Whether this process may fork: ``os.fork`` exists and no other Python thread runs."""
    return hasattr(os, "fork") and threading.active_count() == 1


def start_method() -> str:
    """How a pool started now should start its workers: ``fork`` when safe, else ``forkserver``
    (POSIX) or ``spawn``."""
    import multiprocessing as mp
    if fork_safe():
        return "fork"
    return "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"


def worker_init(parent: int, lang: str = "en", board: Any = None) -> None:
    """Run in each worker first: die with the parent, leave Ctrl-C to the parent, speak the
    parent's terminal language (``lang``: a worker started by a fork server inherits no memory, and
    its lines, "compiling the Draco fast tier…", were English under ``--lang fr``), read the pool's
    cancel board (``board``, see ``cancelled``).

    A worker of a ``forkserver`` pool is the fork server's child, not ``parent``'s: it dies
    with the fork server, which ends when ``parent`` does."""
    from cardgen.terminal import set_language

    global _BOARD
    _BOARD = board
    set_language(lang)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the watchdog alone
        pass
    if _SERVED:
        parent = os.getppid()  # the fork server
    if os.getppid() != parent:  # the parent died before we got here
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    # A pool's worker is forked with SIGTERM and SIGINT blocked (``_QuietForkProcess``): its own
    # handlers are set now, so a signal that came meanwhile is delivered to them, not the parent's.
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


#: Set in a worker started by a fork server (``_served_init``): its parent is the server.
_SERVED = False


def _served_init(parent: int, lang: str = "en", board: Any = None) -> None:
    global _SERVED
    _SERVED = True
    worker_init(parent, lang, board)


# -- the cancel board: a chunk the parent no longer wants ends at its next step -----------------------------------
#: Chunk numbers the board tells apart: a chunk still running is never this many submissions older than the newest
BOARD_SLOTS = 4096
_BOARD: Any = None  # in a pool's worker: the pool's board (a shared array), else None
_NUMBER = -1  # in a worker: the number of the chunk it runs (``numbered``), -1 between chunks


def new_board() -> Any:
    """A cancel board for one pool (``worker_pool(..., board=)``): slot ``n % BOARD_SLOTS`` holds ``n`` once the
    parent cancelled chunk ``n`` (shared memory, no lock: one writer, and a late read costs one step only)."""
    import multiprocessing as mp

    board = mp.RawArray("q", BOARD_SLOTS)
    board[:] = [-1] * BOARD_SLOTS
    return board


def cancel(board: Any, number: int) -> None:
    """Tell the workers that chunk ``number`` is no longer wanted (it may be running: ``cancelled`` ends it)."""
    board[number % BOARD_SLOTS] = number


def numbered(fn: Callable[[Any], Any], number: int, chunk: Any) -> Any:
    """``fn(chunk)`` in a worker, as chunk ``number`` of the pool's board."""
    global _NUMBER
    _NUMBER = number
    try:
        return fn(chunk)
    finally:
        _NUMBER = -1


def cancelled() -> bool:
    """Whether the chunk this worker runs was cancelled by the parent: its result will never be read, so a long
    chunk asks between its steps (a comparison's pairs) and returns at once. Always False outside a numbered
    chunk (in the parent, on a Dask worker)."""
    return _BOARD is not None and _NUMBER >= 0 and _BOARD[_NUMBER % BOARD_SLOTS] == _NUMBER


@contextmanager
def worker_pool(workers: int, mp_context: Any = None, board: Any = None) -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers die with this process and are stopped at once on an early exit.

    ``mp_context`` None: forked workers when ``fork_safe()``, else started by a fork server
    (``start_method``). A caller that needs forked workers (inherited memory) checks
    ``fork_safe()`` first. ``board`` (``new_board``): the workers read it for ``cancelled``."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    context = mp_context or mp.get_context(start_method())
    if context.get_start_method() == "fork":
        if not fork_safe():
            raise RuntimeError("a forked worker pool asked for while other threads run (check fork_safe() first)")
        context = _quiet_fork_context()
    init = _served_init if context.get_start_method() == "forkserver" else worker_init
    _quiet_manager_race()
    from cardgen.terminal import language

    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=init, initargs=(os.getpid(), language(), board))
    _LIVE.add(pool)
    try:
        yield pool
    except BaseException:
        _stop(pool)
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        _LIVE.discard(pool)


_QUIET_HOOK = False


def _quiet_manager_race() -> None:
    """Keep a pool's manager thread from printing a traceback when its workers are killed while their
    futures are cancelled (an interrupt): Python 3.11's ``terminate_broken`` then sets an exception on
    a cancelled future, and the thread dies with ``InvalidStateError``, harmless, after "interrupted".
    Other exceptions, of that thread or any other, are printed as before."""
    global _QUIET_HOOK
    if _QUIET_HOOK:
        return
    _QUIET_HOOK = True
    previous = threading.excepthook

    def hook(args: Any) -> None:
        if type(args.thread).__name__ == "_ExecutorManagerThread" and args.exc_type.__name__ == "InvalidStateError":
            return
        previous(args)

    threading.excepthook = hook


def _quiet_fork_context() -> Any:
    """A ``fork`` multiprocessing context whose processes are forked with SIGTERM and SIGINT blocked.

    Between ``os.fork()`` and the pool's initializer (``worker_init``, which sets the worker's own
    handlers and unblocks them), a signal would otherwise run this process's handler in the child
    (``lifecycle.on_term`` raising KeyboardInterrupt inside the pool's bootstrap). Blocked, it waits
    for the worker's handlers; in this process it is delivered as soon as the fork returns."""
    import multiprocessing as mp
    from multiprocessing.context import ForkProcess

    class _QuietForkProcess(ForkProcess):
        def start(self) -> None:
            mask = _block_stop_signals()
            try:
                super().start()
            finally:
                _restore_signals(mask)

    class _QuietForkContext(type(mp.get_context("fork"))):  # type: ignore[misc]
        Process = _QuietForkProcess

    return _QuietForkContext()


#: Pools of ``worker_pool`` not yet shut down. A pool opened inside a generator (``run_chunks``)
#: lives as long as the generator: after a failure whose traceback is kept (a test
#: runner keeps it), that can be until the interpreter exits, which then waits for it.
_LIVE: set[Any] = set()


#: How long stopping a pool waits for its workers after SIGTERM before it kills them (seconds):
#: an interrupted command must be gone within 2 s.
STOP_POOL_SECONDS = 0.5


def _stop(pool: Any) -> None:
    """Cancel what ``pool`` has not started and end its workers now, within about a second.

    Workers get SIGTERM (their default action: they die at once, whatever they compute), then
    SIGKILL after ``STOP_POOL_SECONDS``. The pool's manager thread is joined briefly only: it may
    wait on a pipe of a worker that is gone (this process's end of the result pipe is closed so
    that such a wait ends once no worker holds the pipe); it is then forgotten by ``concurrent.futures``' exit
    handler, which would otherwise join it forever at interpreter exit (``cli.run`` leaves with
    ``os._exit`` after an interrupt, so the thread itself is not waited for)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # Taken before shutdown, which forgets it. It joins the same workers; until it is done, a
    # worker it has reaped can still read as alive here (that thread sets the exit code).
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    deadline = time.monotonic() + STOP_POOL_SECONDS
    for proc in processes:
        proc.join(timeout=max(0.0, deadline - time.monotonic()))
        if proc.is_alive():  # ignored or has not yet handled SIGTERM
            proc.kill()
            proc.join(timeout=STOP_POOL_SECONDS)
    if manager is not None and manager is not threading.current_thread():
        if results is not None:
            # A worker killed while sending a result (a PDF is larger than a pipe holds) leaves the
            # manager reading the rest forever: this process holds the pipe's other end too. Closed
            # here, the read ends (EOF) once every process that inherited that end is gone, and the
            # thread with it: an error that stops a build no longer hangs the exit that joins it.
            results._writer.close()
        manager.join(timeout=STOP_POOL_SECONDS)
        if manager.is_alive():
            _forget_manager(manager)


def _forget_manager(manager: threading.Thread) -> None:
    """Take ``manager`` out of ``concurrent.futures``' exit handler (it joins every pool's manager
    thread at interpreter exit: a thread waiting on a dead worker's pipe would hang the exit)."""
    import concurrent.futures.process as cfp
    wakeups = getattr(cfp, "_threads_wakeups", None)
    if wakeups is not None:
        wakeups.pop(manager, None)


def kill_all() -> None:
    """SIGKILL every worker of this process (pools and ``Forked`` children) without waiting: the
    last resort of a command that must end now (``lifecycle.hard_exit``); safe from any thread."""
    pids = set(_FORKED)
    for pool in list(_LIVE):
        pids.update(getattr(proc, "pid", None) for proc in list((getattr(pool, "_processes", None) or {}).values()))
    for pid in pids:
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def stop_all() -> int:
    """Stop every pool still open (after a failed command or test); returns how many there were."""
    pools = list(_LIVE)
    for pool in pools:
        _stop(pool)
        _LIVE.discard(pool)
    return len(pools)


#: The children of live ``Forked`` calls (``kill_all`` ends them).
_FORKED: set[int] = set()
#: The signals a parent's handlers must never see run in a child that has just been forked.
_STOP_SIGNALS = frozenset({signal.SIGTERM, signal.SIGINT})
#: How long ``Forked.stop`` waits for a child after SIGTERM before it kills it.
STOP_SECONDS = 0.5


def _block_stop_signals() -> object:
    """Block SIGTERM and SIGINT in this thread; returns the mask to restore (None where there are no masks)."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)


def _restore_signals(mask: object) -> None:
    """Put back the mask ``_block_stop_signals`` returned; a signal that came meanwhile is delivered now."""
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # type: ignore[arg-type]


class WorkerDied(ChildProcessError):
    """A forked worker ended without sending its result back (killed, or out of memory)."""


class Forked:
    """``call()`` made by a forked child process, while this one goes on; ``result()`` waits for it.

    The child inherits everything in memory (no pickling of the work), runs ``worker_init``
    (it dies with this process and leaves Ctrl-C to it), sends back the pickled result or
    exception, and leaves with ``os._exit`` (no cleanup handlers, no inherited output
    buffers written twice). ``stop()`` ends the child early; use it in a ``finally``.
    Where forking is not safe (``fork_safe``: other threads run, or no ``os.fork``), no
    child is made: ``result()`` makes the call here (the same result, one after the other).
    """

    def __init__(self, call: Callable[[], Any]) -> None:
        self._call: Callable[[], Any] | None = None
        if not fork_safe():
            self._call, self.pid, self._read = call, 0, -1
            return
        parent = os.getpid()
        read, write = os.pipe()
        # Until ``worker_init`` has set the child's own handlers, a SIGTERM or Ctrl-C would run this
        # process's handlers in the child (the CLI's "interrupted"): both wait, blocked, till then.
        mask = _block_stop_signals()
        pid = -1
        try:
            pid = os.fork()
        finally:
            if pid != 0:
                _restore_signals(mask)
        if pid == 0:  # pragma: no cover - the child's lines are not seen by coverage
            os.close(read)
            code = 1
            try:
                worker_init(parent)
                _restore_signals(mask)
                try:
                    payload = pickle.dumps((True, call()), protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException as exc:  # the caller re-raises it
                    try:
                        payload = pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
                    except Exception:  # an exception that cannot travel: its words do
                        payload = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(payload)
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        self.pid, self._read = pid, read
        _FORKED.add(pid)

    def result(self) -> Any:
        """The child's result (its exception raised here); waits for the child to finish."""
        if self._call is not None:
            call, self._call = self._call, None
            return call()
        try:
            with os.fdopen(self._read, "rb") as pipe:
                data = pipe.read()
        finally:
            self._read = -1
        _, status = os.waitpid(self.pid, 0)
        _FORKED.discard(self.pid)
        self.pid = 0
        if not data:
            code = os.waitstatus_to_exitcode(status)
            raise WorkerDied(f"a worker process ended without its result "
                             f"({f'signal {-code}' if code < 0 else f'exit code {code}'})")
        ok, value = pickle.loads(data)
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """End the child now if it still runs (an early exit of the caller).

        The result pipe is closed first: a child that missed its SIGTERM while blocked writing a
        result larger than the pipe holds then fails its write and leaves, instead of waiting for
        a reader that is gone (and this process with it, in ``waitpid``). One that outlives
        ``STOP_SECONDS`` after SIGTERM is killed."""
        if self._read >= 0:
            os.close(self._read)
            self._read = -1
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGTERM)
                deadline = time.monotonic() + STOP_SECONDS
                while os.waitpid(self.pid, os.WNOHANG)[0] == 0:
                    if time.monotonic() > deadline:
                        os.kill(self.pid, signal.SIGKILL)
                        os.waitpid(self.pid, 0)
                        break
                    time.sleep(0.01)
            except OSError:
                pass
            _FORKED.discard(self.pid)
            self.pid = 0
