"""Chunks a comparison no longer needs are dropped: never yielded, cancelled where not started.

A comparison stops a player count at a look (``cardgen.simulate.sequential``) while the chunks of the next look
may already be in flight: before, they were played to the end and thrown away (a house rule's ``compare`` spent
about a sixth of its time so).
"""
from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

from cardgen.resolve.resolve import resolve
from cardgen.simulate.compare import CompareOptions, public_json, run_compare
from cardgen.simulate.executor import _windowed


def test_unwanted_chunks_are_cancelled_and_never_yielded() -> None:
    stopped: set[str] = set()
    futures: dict[tuple[str, int], Future] = {}

    def submit(chunk: tuple[str, int]) -> Future:
        fut: Future = Future()
        if chunk[1] < 2:  # the first two of each count have run; the rest wait for a worker
            fut.set_result(chunk)
        else:
            futures[chunk] = fut
        return fut

    def wanted(chunk: tuple[str, int]) -> bool:
        return chunk[0] not in stopped

    todo = [((c, i), (c, i)) for i in range(4) for c in ("a", "b")]
    seen = []
    run = _windowed(iter(todo), submit, 8, wanted=wanted)
    for key, chunk, result in run:
        assert key == chunk == result
        seen.append(chunk)
        if chunk == ("a", 1):
            stopped.add("a")  # count "a" stops: its later chunks are not wanted
            for later, fut in futures.items():
                if later[0] == "b":
                    fut.set_result(later)
    assert seen == [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("b", 2), ("b", 3)]
    assert futures[("a", 2)].cancelled() and futures[("a", 3)].cancelled()


def test_without_wanted_every_chunk_is_yielded_in_order() -> None:
    def submit(chunk: int) -> Future:
        fut: Future = Future()
        fut.set_result(chunk * chunk)
        return fut
    assert [r for _, _, r in _windowed(((i, i) for i in range(7)), submit, 3)] == [i * i for i in range(7)]


def test_a_compare_whose_counts_stop_at_their_looks_gives_the_same_figures_on_two_workers() -> None:
    root = Path(__file__).resolve().parent.parent
    base, variant = resolve("king_lui", root), resolve("king_lui-hungry-dragon", root)
    docs = [run_compare(base, variant, CompareOptions(games=400, players=[3, 4, 5], out=None, progress=False,
                                                       jobs=jobs))
            for jobs in (1, 2)]  # two workers: chunks of a quarter look, later looks' chunks dropped as counts stop
    assert [r["stop"]["pairs"] for r in docs[0]["results"]] == [100, 50, 50]  # each stopped before the plan, not all at once
    assert public_json(docs[1]) == public_json(docs[0])
