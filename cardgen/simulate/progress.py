"""How far a run of games is, and how long it has left: the rate of the engine actually playing.

A run's start (loading or compiling an engine, worker processes starting, the first
chunks in flight) is not playing, so the rate is measured from the first chunk that
came back, never from the start. The games of a run do not all cost the same (one deck
plays ten times slower than another, a house rule checks the game after every action),
so each update may say how much *work* its games were (their estimated seconds, from
``autoengine.reference_seconds``' measure of each entry): the time left is the work left
at the rate work was done. Without weights a game is one unit of work. Nothing here knows
which game is played.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from cardgen.languages import percent
from cardgen.terminal import language, say


class Progress:
    """Games done, work done, and the time left from the rate measured since the first update.

    ``total`` games of ``work`` units in all (``work`` None: one unit a game); ``clock``
    returns seconds (``time.monotonic``; the tests pass a fake one)."""

    def __init__(self, total: int, work: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.work = total, float(total if work is None else work)
        self.clock = clock
        self.done, self.work_done = 0, 0.0
        self.first: tuple[float, float] | None = None  # (time, work done) at the first update

    def update(self, games: int, work: float | None = None) -> None:
        """``games`` more games are done, costing ``work`` units (None: one a game)."""
        self.done += games
        self.work_done += games if work is None else work
        if self.first is None:
            self.first = (self.clock(), self.work_done)

    def seconds_left(self) -> float | None:
        """Seconds left at the rate measured since the first update, or None while not known."""
        if self.first is None:
            return None
        since, work = self.clock() - self.first[0], self.work_done - self.first[1]
        if work <= 0 or since <= 0:
            return None
        return max(0.0, self.work - self.work_done) * since / work

    def left(self) -> str:
        """"about N s left", or that it is not known yet."""
        seconds = self.seconds_left()
        return say("left_unknown") if seconds is None else say("left", s=f"{seconds:.0f}")


class ProgressLines:
    """Progress for a stderr that is not a terminal: one plain line every ``every`` seconds."""

    def __init__(self, bar: Any, progress: Progress, every: float, stream: TextIO | None = None) -> None:
        self.bar, self.progress, self.every = bar, progress, every
        self.stream = stream
        self.last = progress.clock()

    def update(self, games: int, work: float | None = None) -> None:
        self.bar.update(games)
        p = self.progress
        p.update(games, work)
        now = p.clock()
        if now - self.last >= self.every and p.done < p.total:
            self.last = now
            print(say("progress", what=say("bar_validate"), done=p.done, total=p.total,
                      share=percent((100 * p.done // p.total) / 100, language(), places=0), left=p.left()),
                  file=self.stream or sys.stderr, flush=True)


class ProgressBar:
    """Progress on a terminal: the tqdm bar, its time left from ``Progress`` (tqdm's own counts the
    start-up as playing and every game as alike)."""

    def __init__(self, bar: Any, progress: Progress) -> None:
        self.bar, self.progress = bar, progress

    def update(self, games: int, work: float | None = None) -> None:
        self.progress.update(games, work)
        self.bar.set_postfix_str(self.progress.left(), refresh=False)
        self.bar.update(games)
