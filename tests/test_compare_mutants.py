"""Tests that kill the mutants mutmut left alive in the statistics of cardgen/simulate/compare.py.

Every expected value is worked by hand (the arithmetic is written next to it) or read
from a normal table; none is taken from the code under test. See docs/DEVELOPING.md,
"Mutation testing".
"""
from __future__ import annotations

import pytest

from cardgen.engine.api import GameResult
from cardgen.simulate.compare import Paired, _winning, holm, metric, pair_metrics, unpaired


def test_metric_without_pairs_is_all_none_and_p_one() -> None:
    assert metric("x", 0, 0.0, 0.0, 0.0, 0.0) == {
        "metric": "x", "n": 0, "base": None, "variant": None, "difference": None, "low": None,
        "high": None, "p": 1.0}


def test_metric_of_one_pair_has_no_interval() -> None:
    m = metric("x", 1, 2.0, 5.0, 3.0, 9.0)  # one pair 2 -> 5
    assert m == {"metric": "x", "n": 1, "base": 2.0, "variant": 5.0, "difference": 3.0, "low": None,
                 "high": None, "p": 1.0}


def test_metric_with_no_spread() -> None:
    # three pairs all differing by 2: sum d = 6, sum d^2 = 12, var = (12 - 3 * 4) / 2 = 0
    moved = metric("x", 3, 3.0, 9.0, 6.0, 12.0)
    assert moved["p"] == 0.0 and moved["low"] == moved["high"] == 2.0
    same = metric("x", 3, 3.0, 3.0, 0.0, 0.0)
    assert same["p"] == 1.0 and same["difference"] == 0.0


def test_metric_p_value_from_the_normal_table() -> None:
    # differences 1, 2, 0: mean 1, sample var 1, se = sqrt(1/3), z = 1.7321;
    # Phi(1.7321) = 0.95837 so p = 2 * 0.04163 = 0.0833
    p = Paired()
    for b, v in ((1, 2), (2, 4), (3, 3)):
        p.add("x", b, v)
    assert metric(*next(p.rows()))["p"] == pytest.approx(0.0833, abs=1e-4)


def test_metric_rounds_to_six_decimals() -> None:
    m = metric("x", 3, 1.0, 2.0, 1.0, 1.0)  # means 1/3 and 2/3
    assert (m["base"], m["variant"], m["difference"]) == (0.333333, 0.666667, 0.333333)


def test_unpaired_rates_by_hand() -> None:
    # each interval is 0.2 wide: sd = 0.2 / (2 * 1.96) = 0.05102; se = sqrt(2) * 0.05102 = 0.07215
    # interval: 0.2 -/+ 1.96 * 0.07215 = 0.2 -/+ 0.141421; z = 0.2 / 0.07215 = 2.7719,
    # Phi(2.7719) = 0.997213 so p = 0.00557
    m = unpaired("s", {"rate": 0.6, "low": 0.5, "high": 0.7}, {"rate": 0.8, "low": 0.7, "high": 0.9})
    assert m is not None
    assert (m["metric"], m["n"], m["base"], m["variant"], m["difference"]) == ("s", None, 0.6, 0.8, 0.2)
    assert m["low"] == pytest.approx(0.058579, abs=1e-6) and m["high"] == pytest.approx(0.341421, abs=1e-6)
    assert m["p"] == pytest.approx(0.00557, abs=5e-5)


@pytest.mark.parametrize("bad", [{"low": 0.1, "high": 0.2}, {"rate": None, "low": 0.1, "high": 0.2},
                                 {"rate": "many", "low": 0.1, "high": 0.2}])
def test_unpaired_without_a_usable_rate_is_none(bad: dict) -> None:
    good = {"rate": 0.5, "low": 0.4, "high": 0.6}
    assert unpaired("s", bad, good) is None and unpaired("s", good, bad) is None


def test_unpaired_exact_rates() -> None:
    a, b = {"rate": 0.5, "low": 0.5, "high": 0.5}, {"rate": 0.7, "low": 0.7, "high": 0.7}
    assert unpaired("s", a, b)["p"] == 0.0
    assert unpaired("s", a, dict(a))["p"] == 1.0


def test_holm_stops_at_a_metric_without_difference_and_breaks_ties_by_name() -> None:
    ms = [{"metric": "b", "p": 0.01, "difference": None}, {"metric": "a", "p": 0.01, "difference": 1.0}]
    holm(ms)
    # order (p, name): a first, 0.01 <= 0.05 / 2, significant; b has no difference: not significant
    assert [m["significant"] for m in ms] == [False, True]
    ms = [{"metric": "a", "p": 0.001, "difference": None}, {"metric": "b", "p": 0.002, "difference": 1.0}]
    holm(ms)
    assert [m["significant"] for m in ms] == [False, False]  # the step-down stops at a


def test_holm_threshold_is_inclusive_and_rounds_p() -> None:
    ms = [{"metric": "a", "p": 0.05, "difference": 1.0}]
    holm(ms)
    assert ms[0]["significant"] is True  # p <= alpha / 1
    ms = [{"metric": "a", "p": 0.1234567, "difference": 1.0}]
    holm(ms)
    assert ms[0] == {"metric": "a", "p": 0.123457, "difference": 1.0, "significant": False}


def test_holm_alpha_can_be_given() -> None:
    ms = [{"metric": "a", "p": 0.02, "difference": 1.0}]
    holm(ms, alpha=0.01)
    assert ms[0]["significant"] is False


def _game(**kw) -> GameResult:
    base = dict(seed=0, agents=["r", "r", "r"], end_reason="done", completed=True, turns=10, rounds=4,
                scores=[10.0, 7.0, 4.0], winners=[0])
    base.update(kw)
    return GameResult(**base)


def test_winning_score_and_margin() -> None:
    assert _winning(_game()) == (10.0, 3.0)  # 10 - 7
    assert _winning(_game(scores=[10.0, 10.0, 4.0], winners=[0, 1])) == (10.0, 6.0)  # 10 - 4
    assert _winning(_game(scores=[9.0, 12.0, 4.0], winners=[0, 1])) == (12.0, 5.0)  # lowest winner 9 - 4
    assert _winning(_game(scores=[5.0, 5.0, 5.0], winners=[0, 1, 2])) == (5.0, None)  # nobody lost
    assert _winning(_game(completed=False)) == (None, None)
    assert _winning(_game(winners=[])) == (None, None)
    assert _winning(_game(scores=None)) == (None, None)


def test_pair_metrics_sums_one_pair_by_hand() -> None:
    p = Paired()
    b = _game(gaps=[("g", True, "x")], peak={"coins": 3})
    v = _game(turns=12, rounds=5, scores=[6.0, 9.0, 4.0], winners=[1], end_reason="cap",
              peak={"coins": 5, "cards": 2})
    pair_metrics(p, b, v, 3)
    assert p.pairs == 1
    assert p.dense == {
        "turns": [1, 10, 12, 2, 4], "rounds": [1, 4, 5, 1, 1],
        "winning_score": [1, 10.0, 9.0, -1.0, 1.0], "margin": [1, 3.0, 3.0, 0.0, 0.0],
        "seat_1_win_rate": [1, 1.0, 0.0, -1.0, 1.0], "seat_2_win_rate": [1, 0.0, 1.0, 1.0, 1.0],
        "seat_3_win_rate": [1, 0.0, 0.0, 0.0, 0.0]}
    assert p.sparse == {
        "end_reason:done": [1, 1.0, 0.0, -1.0, 1.0], "end_reason:cap": [1, 0.0, 1.0, 1.0, 1.0],
        "gap:g": [1, 1.0, 0.0, -1.0, 1.0],
        "peak:coins": [1, 3.0, 5.0, 2.0, 4.0], "peak:cards": [1, 0.0, 2.0, 2.0, 4.0]}


def test_pair_metrics_of_unfinished_games_count_only_the_end() -> None:
    p = Paired()
    pair_metrics(p, _game(completed=False, end_reason="cap"), _game(end_reason="cap"), 3)
    assert p.pairs == 1 and p.dense == {} and p.sparse == {"end_reason:cap": [1, 1.0, 1.0, 0.0, 0.0]}


def test_pair_metrics_skip_undefined_winning_figures() -> None:
    p = Paired()
    pair_metrics(p, _game(winners=[0, 1, 2], scores=[5.0, 5.0, 5.0]), _game(winners=None), 3)
    assert "winning_score" not in p.dense and "margin" not in p.dense
    assert p.dense["seat_1_win_rate"] == [1, 1.0, 0.0, -1.0, 1.0]


def test_metric_of_two_pairs() -> None:
    # pairs 1 -> 2 and 2 -> 4: differences 1, 2; mean 1.5; sample var (5 - 2 * 2.25) / 1 = 0.5;
    # se = sqrt(0.5 / 2) = 0.5; z = 3, Phi(3) = 0.99865 so p = 0.0027; 1.5 -/+ 1.959964 * 0.5
    m = metric("x", 2, 3.0, 6.0, 3.0, 5.0)
    assert m["low"] == pytest.approx(0.520018, abs=1e-6) and m["high"] == pytest.approx(2.479982, abs=1e-6)
    assert m["p"] == pytest.approx(0.0027, abs=1e-4)


def test_pair_metrics_margin_only_when_both_games_have_one() -> None:
    p = Paired()
    pair_metrics(p, _game(), _game(scores=[5.0, 5.0, 5.0], winners=[0, 1, 2]), 3)
    assert "margin" not in p.dense and p.dense["winning_score"] == [1, 10.0, 5.0, -5.0, 25.0]


def test_pair_metrics_peak_missing_from_the_variant_counts_zero() -> None:
    p = Paired()
    pair_metrics(p, _game(peak={"x": 2}), _game(), 3)
    assert p.sparse["peak:x"] == [1, 2.0, 0.0, -2.0, 4.0]
