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
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from typing import Any, TypeVar

from cardgen.errors import InputError
from cardgen.simulate.runner import run_chunk
from cardgen.workers import worker_pool

K = TypeVar("K")
C = TypeVar("C")
R = TypeVar("R")


def run_chunks(todo: Iterable[tuple[K, C]], jobs: int, scheduler: str | None = None,
               fn: Callable[[C], R] = run_chunk) -> Iterator[tuple[K, C, R]]:  # type: ignore[assignment]
    """Run ``fn`` on each chunk of ``(key, chunk)`` pairs; yield ``(key, chunk, result)`` in order.

    ``fn`` is a module-level function (workers import it by name): ``run_chunk`` for
    validation, ``run_pair_chunk`` for comparisons. ``scheduler`` (a Dask scheduler
    address) sends the chunks to that cluster; otherwise ``jobs`` worker processes run
    them (in this process when ``jobs`` is 1).
    """
    if scheduler:
        yield from _dask(todo, scheduler, fn)
        return
    if jobs == 1:
        for key, chunk in todo:
            yield key, chunk, fn(chunk)
        return
    with worker_pool(jobs) as pool:  # workers die with this process
        yield from _windowed(todo, lambda chunk: pool.submit(fn, chunk), 3 * jobs)


def _windowed(todo: Iterable[tuple[K, C]], submit: Callable[[C], Any], width: int) -> Iterator[tuple[K, C, Any]]:
    """Keep at most ``width`` chunks in flight; yield results in order; cancel the rest on exit."""
    window: deque[tuple[K, C, Future[Any]]] = deque()
    try:
        for key, chunk in todo:
            window.append((key, chunk, submit(chunk)))
            if len(window) >= width:
                k, c, fut = window.popleft()
                yield k, c, fut.result()
        while window:
            k, c, fut = window.popleft()
            yield k, c, fut.result()
    finally:
        for _, _, fut in window:
            fut.cancel()


def connect(scheduler: str) -> Any:
    """A ``dask.distributed.Client`` for ``scheduler``, or one clear line when it cannot be had."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--scheduler needs dask.distributed: pip install 'cardgen[cluster]'",
                         field="--scheduler") from None
    try:
        return Client(scheduler, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise InputError(f"no Dask scheduler answered at {scheduler} ({exc})", field="--scheduler") from None


def _dask(todo: Iterable[tuple[K, C]], scheduler: str, fn: Callable[[C], Any]) -> Iterator[tuple[K, C, Any]]:
    client = connect(scheduler)
    try:
        workers = max(1, sum(client.nthreads().values()))
        # pure=False: two chunks with equal fields are still two tasks (they never are, but be explicit).
        yield from _windowed(todo, lambda chunk: client.submit(fn, chunk, pure=False), 3 * workers)
    finally:
        client.close()
