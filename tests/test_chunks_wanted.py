"""Chunks a comparison no longer needs are dropped: never yielded, cancelled where not started.

A comparison stops a player count at a look (``cardgen.simulate.sequential``) while the chunks of the next look
may already be in flight: before, they were played to the end and thrown away (a house rule's ``compare`` spent
about a sixth of its time so).
"""
from __future__ import annotations

import time
from concurrent.futures import Future
from pathlib import Path

from cardgen import workers
from cardgen.resolve.resolve import resolve
from cardgen.simulate.compare import CompareOptions, PairChunk, public_json, run_compare, run_pair_chunk
from cardgen.simulate.executor import _windowed, run_chunks
from cardgen.simulate.runner import DeckRef, load_project_deck
from cardgen.workers import cancelled


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


def _until_cancelled(chunk: tuple[str, str]) -> str:
    """A chunk that runs until the parent cancels it (at most 15 s), leaving a mark when it sees the board."""
    name, marks = chunk
    end = time.monotonic() + 15
    while time.monotonic() < end:
        if cancelled():
            Path(marks, name).write_text("cancelled")
            return "cancelled"
        time.sleep(0.01)
    return "played on"


def test_a_running_chunk_nobody_wants_reads_it_on_the_board_and_ends(tmp_path: Path) -> None:
    """A count that stops leaves its chunks already running in the workers: they learn it from the pool's cancel board
    (``workers.cancelled``) and end at their next step instead of playing on for nobody."""
    stopped: set[str] = set()
    todo = [(("a", 0), ("a0", str(tmp_path))), (("b", 1), ("b1", str(tmp_path))), (("b", 2), ("b2", str(tmp_path)))]
    start, seen = time.monotonic(), []
    for key, _, result in run_chunks(iter(todo), 2, fn=_quick_or_until_cancelled,
                                     wanted=lambda chunk: chunk[0][0] not in stopped):
        seen.append((key, result))
        stopped.add("b")  # after the first result: b's two chunks (one running, one waiting) are not wanted
    assert seen == [(("a", 0), "quick")]
    assert time.monotonic() - start < 12, "a cancelled chunk played on to its end"
    assert (tmp_path / "b1.started").exists(), "b1 never started: the test proved nothing"
    assert (tmp_path / "b1").read_text() == "cancelled"  # it was running: the board ended it


def _quick_or_until_cancelled(chunk: tuple[str, str]) -> str:
    """``a0`` returns once ``b1`` has started (at most 10 s), so that ``b1`` is surely running when the parent stops
    count ``b``; on a loaded machine a worker could otherwise still be starting when the result came back."""
    name, marks = chunk
    if name != "a0":
        Path(marks, name + ".started").write_text("started")
        return _until_cancelled(chunk)
    end = time.monotonic() + 10
    while not Path(marks, "b1.started").exists() and time.monotonic() < end:
        time.sleep(0.01)
    return "quick"


def test_a_cancelled_compare_chunk_plays_no_more_pairs() -> None:
    """``run_pair_chunk`` asks the board before each pair: a cancelled chunk returns without playing on."""
    root = Path(__file__).resolve().parent.parent
    refs = [DeckRef.of(resolve(name, root)) for name in ("king_lui", "king_lui-hungry-dragon")]
    chunk = PairChunk(load_project_deck, refs[0], refs[1], 3, ("random",), 1, 0, 6, 10_000, "reference")
    board = workers.new_board()
    played = []
    for number in (7, 8):
        if number == 8:
            workers.cancel(board, number)
        old = workers._BOARD
        workers._BOARD = board
        try:
            played.append(workers.numbered(run_pair_chunk, number, chunk)[2].pairs)
            assert not workers.cancelled()  # after it, outside any numbered chunk
        finally:
            workers._BOARD = old
    assert played == [6, 0]
