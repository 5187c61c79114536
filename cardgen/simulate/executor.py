"""Where chunks of games run: this process, a local process pool, or a Dask cluster.

Every executor yields chunk results in submission order and keeps only a few
chunks per worker in flight, so memory stays flat in the number of games and
logs come out in game order. Results never depend on where a chunk ran: a game's
seed is derived from its index alone (``cardgen.simulate.seeds``), so one machine
and a cluster give identical reports for the same seed.

A Dask cluster is reached by its scheduler address (``tcp://host:8786``); the
optional extra ``pip install 'cardgen[cluster]'`` installs ``dask.distributed``.
Workers must see the project folder at the same absolute path as this machine
(a shared or synchronised folder): chunks carry a ``DeckRef``, never a deck.

A cluster's faults are one line each, never a library traceback (Dask's own loggers are
silenced): with no worker left, the run says so within a few seconds and waits for one,
counting the seconds, for at most ``worker_wait`` seconds (``--worker-wait``), then stops
with one error line; a lost scheduler stops the run with one error line at once.
"""
from __future__ import annotations

import sys
import time
from collections import deque
from itertools import count
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError, Future
from typing import Any, TypeVar

from cardgen.errors import InputError
from cardgen.usercode import UserCodeError
from cardgen.simulate.runner import run_chunk
from cardgen.workers import cancel, new_board, numbered, worker_pool
from cardgen.terminal import say

K = TypeVar("K")
C = TypeVar("C")
R = TypeVar("R")


def run_chunks(todo: Iterable[tuple[K, C]], jobs: int, scheduler: str | None = None,
               fn: Callable[[C], R] = run_chunk,  # type: ignore[assignment]
               wanted: Callable[[C], bool] | None = None) -> Iterator[tuple[K, C, R]]:
    """Run ``fn`` on each chunk of ``(key, chunk)`` pairs; yield ``(key, chunk, result)`` in order.

    ``fn`` is a module-level function (workers import it by name): ``run_chunk`` for
    validation, ``run_pair_chunk`` for comparisons. ``scheduler`` (a Dask scheduler
    address) sends the chunks to that cluster; otherwise ``jobs`` worker processes run
    them (in this process when ``jobs`` is 1). ``wanted`` (asked again before each wait)
    says whether a chunk in flight is still needed: one that is not is cancelled where it
    has not started and never yielded (a comparison whose player count has stopped).
    """
    if scheduler:
        yield from _dask(todo, scheduler, fn, wanted)
        return
    if jobs == 1:
        for key, chunk in todo:
            yield key, chunk, fn(chunk)
        return
    board, numbers = new_board(), count()
    sent: dict[Future[Any], int] = {}  # each chunk in flight: its number on the board

    def submit(chunk: C) -> Future[Any]:
        number = next(numbers)
        fut = pool.submit(numbered, fn, number, chunk)
        sent[fut] = number
        fut.add_done_callback(_forget(sent))
        return fut

    def drop(fut: Future[Any]) -> None:
        """Cancel a chunk not started; one running is told on the board (``workers.cancelled``) and ends at its
        next step instead of playing on for nobody (the last chunks of a comparison whose counts all stopped)."""
        number = sent.get(fut)  # None: finished meanwhile
        if not fut.cancel() and number is not None:
            cancel(board, number)

    with worker_pool(jobs, board=board) as pool:  # workers die with this process
        yield from _windowed(todo, submit, 3 * jobs, wanted=wanted, drop=drop)


def _forget(sent: dict[Future[Any], int]) -> Callable[[Future[Any]], None]:
    """A done callback that removes a finished chunk's number (the map holds only chunks in flight)."""
    return lambda fut: sent.pop(fut, None)  # type: ignore[arg-type,return-value]


def _windowed(todo: Iterable[tuple[K, C]], submit: Callable[[C], Any], width: int,
              result: Callable[[Any], Any] = lambda fut: fut.result(),
              wanted: Callable[[C], bool] | None = None,
              drop: Callable[[Any], Any] = lambda fut: fut.cancel()) -> Iterator[tuple[K, C, Any]]:
    """Keep at most ``width`` chunks in flight; yield results in order (``result`` waits for one),
    dropping the chunks ``wanted`` no longer wants (``drop``: cancelled where not started, their workers
    free for the next); drop the rest on exit."""
    window: deque[tuple[K, C, Future[Any]]] = deque()

    def drop_unwanted() -> None:
        if wanted is None:
            return
        for entry in [e for e in window if not wanted(e[1])]:
            drop(entry[2])  # a chunk already running is never read
            window.remove(entry)

    try:
        for key, chunk in todo:
            window.append((key, chunk, _submitted(submit, chunk, window)))
            drop_unwanted()
            if len(window) >= width:
                k, c, fut = window.popleft()
                yield k, c, _result(fut, c, result)
        drop_unwanted()
        while window:
            k, c, fut = window.popleft()
            yield k, c, _result(fut, c, result)
            drop_unwanted()
    finally:
        for _, _, fut in window:
            drop(fut)


#: Seconds a run waits for a Dask worker when none is left before it stops (``--worker-wait``).
WORKER_WAIT_SECONDS = 120.0
#: Seconds without any worker before the run says so (and every how many it says again).
NO_WORKER_NOTICE_SECONDS = 3.0
NO_WORKER_REPEAT_SECONDS = 10.0
#: How often a run waiting for a chunk looks at the cluster (seconds).
POLL_SECONDS = 1.0


def set_worker_wait(seconds: float) -> None:
    """How long a run waits for a Dask worker when none is left (``--worker-wait``; 0: stop at once)."""
    global WORKER_WAIT_SECONDS
    if not 0 <= seconds <= 86_400:
        raise InputError(f"--worker-wait {seconds:g}: expected 0 to 86400 seconds", field="--worker-wait",
                         key="worker_wait", fields={"seconds": f"{seconds:g}"})
    WORKER_WAIT_SECONDS = float(seconds)


def quiet_dask() -> None:
    """Dask's loggers say nothing below CRITICAL: a fault is cardgen's one line, not 30 lines of traceback."""
    import logging
    for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core",
                 "distributed.batched", "distributed.utils", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _submitted(submit: Callable[[C], Any], chunk: C, window: deque[Any]) -> Any:
    """``submit(chunk)``; a pool a dead worker broke already is one line naming the oldest chunk in flight."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return submit(chunk)
    except BrokenProcessPool:
        raise UserCodeError(died_line(window[0][1] if window else chunk)) from None


def _result(fut: Future[Any], chunk: Any, result: Callable[[Any], Any]) -> Any:
    """``result(fut)``; a worker that died (project code killing its process, a crash) is one line."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return result(fut)
    except BrokenProcessPool:
        raise UserCodeError(died_line(chunk)) from None


def died_line(chunk: Any) -> str:
    """Why a chunk's worker process died, naming the project code its decks run (house rule, rules file)."""
    from cardgen.simulate.runner import cached_deck

    refs = [r for r in (getattr(chunk, "ref", None), getattr(chunk, "base", None), getattr(chunk, "variant", None))
            if r is not None]
    files: list[str] = []
    for ref in refs:
        deck = cached_deck(chunk.loader, ref)
        files += [f for f in (deck.model.code, deck.spec.rules_file) if f is not None and f not in files]
    where = f"{', '.join(files)}: " if files else ""
    blame = ("the project code it runs ended it (a signal, a crash of the interpreter)" if files
             else "it was killed (out of memory?)")
    games = f", games {chunk.start}-{chunk.stop - 1}" if hasattr(chunk, "start") and hasattr(chunk, "stop") else ""
    return (f"{where}a worker process died while playing {', '.join(r.deck for r in refs)} at "
            f"{getattr(chunk, 'players', '?')} players{games}: {blame}; --jobs 1 plays the same games in one process")


def connect(scheduler: str) -> Any:
    """A ``dask.distributed.Client`` for ``scheduler``, or one clear line when it cannot be had."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(say("dask_missing"), field="--scheduler") from None
    quiet_dask()
    try:
        return Client(scheduler, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise InputError(say("dask_no_scheduler", scheduler=scheduler, why=exc), field="--scheduler") from None


def _lost(scheduler: str) -> InputError:
    return InputError(say("dask_lost", scheduler=scheduler), field="--scheduler")


def _workers(client: Any, scheduler: str) -> int:
    """How many worker threads the cluster has now (the scheduler asked)."""
    try:
        return sum(client.nthreads().values())
    except (OSError, TimeoutError, CancelledError):
        raise _lost(scheduler) from None


def cluster_result(client: Any, scheduler: str, fut: Any, echo: Callable[[str], None] | None = None) -> Any:
    """``fut``'s result, watching the cluster meanwhile: a lost scheduler is one error line at once;
    no worker for ``NO_WORKER_NOTICE_SECONDS`` is said (then every ``NO_WORKER_REPEAT_SECONDS``, with
    the seconds waited) and, after ``WORKER_WAIT_SECONDS``, one error line."""
    if echo is None:
        def echo(line: str) -> None:
            print(line, file=sys.stderr, flush=True)
    alone_since: float | None = None
    said = 0.0
    while True:
        try:
            return fut.result(timeout=POLL_SECONDS)
        except TimeoutError:
            pass
        except CancelledError:
            raise _lost(scheduler) from None
        except OSError:  # the connection itself broke
            raise _lost(scheduler) from None
        except Exception as exc:
            if type(exc).__name__ == "KilledWorker":  # the chunk killed every worker that took it
                raise InputError(say("dask_killed", scheduler=scheduler, why=exc), field="--scheduler") from None
            raise
        if getattr(client, "status", "running") not in ("running", "newly-created"):
            raise _lost(scheduler)
        now = time.monotonic()
        if _workers(client, scheduler):
            if alone_since is not None and said:
                echo(say("dask_worker_back", scheduler=scheduler))
            alone_since, said = None, 0.0
            continue
        alone_since = now if alone_since is None else alone_since
        waited = now - alone_since
        if waited >= WORKER_WAIT_SECONDS:
            raise InputError(say("dask_no_worker_stop", scheduler=scheduler, s=f"{waited:.0f}"), field="--scheduler")
        if waited >= NO_WORKER_NOTICE_SECONDS and (not said or now - said >= NO_WORKER_REPEAT_SECONDS):
            said = now
            echo(say("dask_no_worker", scheduler=scheduler, s=f"{waited:.0f}", limit=f"{WORKER_WAIT_SECONDS:.0f}"))


def _dask(todo: Iterable[tuple[K, C]], scheduler: str, fn: Callable[[C], Any],
          wanted: Callable[[C], bool] | None = None) -> Iterator[tuple[K, C, Any]]:
    client = connect(scheduler)
    try:
        workers = max(1, _workers(client, scheduler))
        # pure=False: two chunks with equal fields are still two tasks (they never are, but be explicit).
        yield from _windowed(todo, lambda chunk: client.submit(fn, chunk, pure=False), 3 * workers,
                             lambda fut: cluster_result(client, scheduler, fut), wanted)
    finally:
        try:
            client.close(timeout=2)
        except Exception:  # a scheduler that is gone cannot be said goodbye to
            pass
