"""Streaming statistics: Wilson intervals, distributions from counts, merging."""
from __future__ import annotations

import random
import statistics

import pytest

from cardgen.simulate.stats import Dist, clean, wilson


@pytest.mark.parametrize("k, n, low, high", [
    (0, 10, 0.0, 0.2775),  # a rate of 0 still has an upper bound
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (250, 1000, 0.2242, 0.2777),
])
def test_wilson_matches_reference_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_without_trials_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_narrows_with_more_trials() -> None:
    small, large = wilson(30, 100), wilson(300, 1000)
    assert large[1] - large[0] < small[1] - small[0]
    assert small[0] < 0.3 < small[1] and large[0] < 0.3 < large[1]


def test_dist_summary_matches_statistics_module() -> None:
    rng = random.Random(7)
    values = [rng.randint(0, 40) for _ in range(501)]
    d = Dist()
    for v in values:
        d.add(v)
    s = d.summary()
    assert s["n"] == len(values)
    assert s["mean"] == pytest.approx(statistics.fmean(values), abs=1e-4)
    assert s["sd"] == pytest.approx(statistics.pstdev(values), abs=1e-4)
    assert s["median"] == statistics.median(values)  # odd count: the middle value
    assert (s["min"], s["max"]) == (min(values), max(values))
    assert sum(c for _, c in s["histogram"]) == len(values)
    assert [v for v, _ in s["histogram"]] == sorted(set(values))


def test_quantiles_are_nearest_rank() -> None:
    d = Dist()
    for v in range(1, 11):
        d.add(v)
    assert d.quantile(0.1) == 1
    assert d.quantile(0.5) == 5
    assert d.quantile(0.9) == 9
    assert d.quantile(1.0) == 10


def test_merged_dists_equal_one_dist_of_everything() -> None:
    rng = random.Random(3)
    values = [rng.choice([1, 2.5, 3.0, -4]) for _ in range(300)]
    whole, a, b = Dist(), Dist(), Dist()
    for i, v in enumerate(values):
        whole.add(v)
        (a if i % 3 else b).add(v)
    a.merge(b)
    assert a.summary() == whole.summary()


def test_equal_numbers_count_together_whatever_their_type() -> None:
    d = Dist()
    for v in (3, 3.0, 0.1 + 0.2, 0.3):
        d.add(v)
    assert d.counts == {3: 2, 0.3: 2}
    assert isinstance(clean(3.0), int)


def test_empty_dist_summary_has_no_numbers() -> None:
    s = Dist().summary()
    assert s["n"] == 0 and s["mean"] is None and s["histogram"] == []
