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
from cardgen.usercode import UserCodeError
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
            window.append((key, chunk, _submitted(submit, chunk, window)))
            if len(window) >= width:
                k, c, fut = window.popleft()
                yield k, c, _result(fut, c)
        while window:
            k, c, fut = window.popleft()
            yield k, c, _result(fut, c)
    finally:
        for _, _, fut in window:
            fut.cancel()


def _submitted(submit: Callable[[C], Any], chunk: C, window: deque[Any]) -> Any:
    """``submit(chunk)``; a pool a dead worker broke already is one line naming the oldest chunk in flight."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return submit(chunk)
    except BrokenProcessPool:
        raise UserCodeError(died_line(window[0][1] if window else chunk)) from None


def _result(fut: Future[Any], chunk: Any) -> Any:
    """``fut.result()``; a worker that died (project code killing its process, a crash) is one line."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return fut.result()
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
