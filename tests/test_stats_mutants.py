"""Tests that kill the mutants mutmut left alive in cardgen/simulate/stats.py.

Expected values are worked by hand (written next to each), never taken from the code.
See docs/DEVELOPING.md, "Mutation testing", for the run and the equivalent survivors.
"""
from __future__ import annotations

import pytest

from cardgen.simulate.stats import Dist, clean, wilson


def test_wilson_of_one_success_in_one_trial() -> None:
    # p = 1, z^2 = 3.8416, denom = 4.8416: centre = 2.9208 / 4.8416 = 0.60327,
    # half = 1.96 * sqrt(3.8416 / 4) / 4.8416 = 1.9208 / 4.8416 = 0.39673 -> [0.20654, 1]
    lo, hi = wilson(1, 1)
    assert lo == pytest.approx(0.20654, abs=1e-5)
    assert hi == 1.0


@pytest.mark.parametrize("n", [5, 19, 23, 26])
def test_wilson_upper_bound_never_passes_one(n: int) -> None:
    # at p = 1 the exact upper bound is 1; in floating point these n land a hair above it
    assert wilson(n, n)[1] <= 1.0


def test_clean_keeps_six_decimals() -> None:
    assert clean(1 / 3) == 0.333333
    assert clean(0.1234567) == 0.123457


def test_merge_adds_values_the_receiver_never_saw() -> None:
    a, b = Dist(), Dist()
    a.add(1)
    a.add(1)
    b.add(5)
    a.merge(b)
    assert a.counts == {1: 2, 5: 1}


def test_quantiles_of_one_value_and_of_none() -> None:
    one = Dist()
    one.add(7)
    assert one.quantile(0.5) == 7 and one.quantile(0.1) == 7
    assert Dist().quantile(0.5) is None


def test_empty_summary_is_exactly_all_none() -> None:
    assert Dist().summary() == {"n": 0, "mean": None, "sd": None, "min": None, "p10": None,
                                "median": None, "p90": None, "max": None, "histogram": []}


def test_summary_rounds_to_four_decimals_and_names_its_quantiles() -> None:
    d = Dist()
    for v in (0, 0, 1):
        d.add(v)
    s = d.summary()
    assert s["mean"] == 0.3333  # 1/3
    assert s["sd"] == 0.4714  # population sd: sqrt(2/9) = 0.471405
    q = Dist()
    for v in (0, 0, 0, 1):
        q.add(v)
    assert q.summary()["sd"] == 0.433  # sqrt(3/16) = 0.4330127: four decimals, not 0.43301
    ten = Dist()
    for v in range(1, 11):
        ten.add(v)
    t = ten.summary()
    # nearest rank: 1st and 9th of 10; the median halfway between the 5th and 6th since round 33 (en15)
    assert (t["p10"], t["median"], t["p90"]) == (1, 5.5, 9)


def test_mean_of_counts() -> None:
    d = Dist()
    for v in (1, 2, 2, 5):
        d.add(v)
    assert d.mean() == 2.5  # 10 / 4
    assert Dist().mean() is None


def test_the_margin_is_how_far_the_winners_finished_ahead_either_way_scores_count() -> None:
    """Worked by hand (issue 34): most points wins, lowest wins, shared wins, every seat winning, no winner."""
    from cardgen.simulate.stats import margin_of

    assert margin_of([10.0, 7.0, 3.0], {0}) == 3.0  # 10 against the best other, 7
    assert margin_of([10.0, 10.0, 4.0], [0, 1]) == 6.0  # shared: the lowest winner against the best other
    assert margin_of([12.0, 9.0, 11.0], {0, 1}) == -2.0  # a tie-break winner below another seat: 9 - 11
    assert margin_of([2.0, 5.0, 9.0], {0}) == 3.0  # lowest wins: the lowest other (5) minus the winner (2)
    assert margin_of([2.0, 3.0, 9.0], {0, 1}) == 6.0  # lowest wins, shared: 9 - 3
    assert margin_of([4.0, 4.0], {0}) == 0.0  # level on points: no margin either way
    # the best winner level with the lowest other is no lowest-wins game: most points count, 3 - 8
    assert margin_of([3.0, 5.0, 5.0, 8.0], {0, 1}) == -5.0
    assert margin_of([4.0, 6.0], {0, 1}) is None and margin_of([4.0, 6.0], set()) is None
