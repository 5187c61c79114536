"""The progress of a run (``cardgen/simulate/progress.py``): a time left from the rate of the engine
actually playing, checked against a known schedule on a fake clock."""
from __future__ import annotations

import io

import pytest

from cardgen.simulate.progress import Progress, ProgressBar, ProgressLines


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Bar:
    def __init__(self) -> None:
        self.n, self.postfix = 0, ""

    def update(self, n: int) -> None:
        self.n += n

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        self.postfix = text


#: (games, true seconds a game, the cost the run measured for it) per entry, in run order: a slow
#: deck first, a fast one, a house rule ten times slower; the measures off by up to 40 %.
SCHEDULE = [(200, 0.02, 0.025), (400, 0.002, 0.0014), (200, 0.2, 0.16), (200, 0.01, 0.013)]
START_UP = 30.0  # seconds before the first chunk comes back: a compile, workers starting
CHUNK = 10


def _play(progress: Progress, clock: Clock, weighted: bool) -> list[tuple[float, float | None]]:
    """Feed the schedule chunk by chunk; return (true seconds left, estimate) at each update."""
    clock.now = START_UP
    truth = sum(games * cost for games, cost, _ in SCHEDULE)
    seen = []
    for games, cost, measured in SCHEDULE:
        for _ in range(0, games, CHUNK):
            clock.now += CHUNK * cost
            progress.update(CHUNK, CHUNK * measured if weighted else None)
            seen.append((START_UP + truth - clock.now, progress.seconds_left()))
    return seen


def _at_tenth(seen: list[tuple[float, float | None]], total: int) -> tuple[float, float]:
    index = next(i for i in range(len(seen)) if (i + 1) * CHUNK >= total / 10)
    truth, estimate = seen[index]
    assert estimate is not None
    return truth, estimate


def test_the_time_left_once_a_tenth_is_done_is_within_twice_the_truth() -> None:
    total = sum(g for g, _, _ in SCHEDULE)
    clock = Clock()
    progress = Progress(total, sum(g * m for g, _, m in SCHEDULE), clock=clock)
    seen = _play(progress, clock, weighted=True)
    truth, estimate = _at_tenth(seen, total)
    assert truth / 2 <= estimate <= truth * 2, (truth, estimate)
    # and from then on to the end
    for truth, estimate in seen[len(seen) // 10:]:
        assert estimate is not None and (truth < 1 or truth / 2 <= estimate <= truth * 2), (truth, estimate)
    assert seen[-1][1] == 0.0


def test_every_game_alike_misjudges_runs_whose_games_differ() -> None:
    """What the weights are for: counting games, the same schedule's estimate is off by more than 2x."""
    total = sum(g for g, _, _ in SCHEDULE)
    clock = Clock()
    truth, estimate = _at_tenth(_play(Progress(total, clock=clock), clock, weighted=False), total)
    assert not truth / 2 <= estimate <= truth * 2


def test_the_start_up_is_not_counted_as_playing() -> None:
    """Games all alike after a long start: the rate is measured from the first chunk back."""
    clock = Clock()
    progress = Progress(1000, clock=clock)
    assert progress.seconds_left() is None and progress.left() == "time left not known yet"
    clock.now = 120.0  # compiling
    progress.update(100)
    assert progress.seconds_left() is None  # one point: no rate yet
    clock.now += 10.0
    progress.update(100)
    assert progress.seconds_left() == pytest.approx(80.0)  # 800 games at 10 games a second


def test_plain_lines_every_interval_with_the_time_left() -> None:
    clock, bar, out = Clock(), Bar(), io.StringIO()
    lines = ProgressLines(bar, Progress(100, clock=clock), every=10.0, stream=out)
    for _ in range(9):
        clock.now += 5.0
        lines.update(10)
    said = out.getvalue().splitlines()
    assert bar.n == 90 and len(said) == 4  # at 10, 20, 30, 40 s
    assert said[-1] == "validate: 80/100 games (80%), about 10 s left"


def test_the_terminal_bar_shows_the_same_time_left() -> None:
    clock, bar = Clock(), Bar()
    shown = ProgressBar(bar, Progress(100, clock=clock))
    shown.update(10)
    clock.now = 4.0
    shown.update(10)
    assert bar.n == 20 and bar.postfix == "about 32 s left"
