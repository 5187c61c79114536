"""The winners' margin is positive for a clear win, whichever way a game counts (issue 33).

A lowest-score-wins game printed the winner's margin as -91.0 where it won by 28.3: the margin
took the winners' score minus the best other's, which for such a game is the wrong way round.
"""
from __future__ import annotations

from cardgen.engine.api import GameResult
from cardgen.simulate.designer import CLOSE_MARGIN
from cardgen.simulate.stats import margin_of
from cardgen.simulate.tally import Tally


def test_margin_of_most_and_least_points_wins() -> None:
    assert margin_of([50, 21.7, 10], [0]) == 50 - 21.7  # most points wins: ahead of the best other
    assert abs(margin_of([10, 38.3, 119], [0]) - 28.3) < 1e-9  # least points wins: below the lowest other
    assert margin_of([10, 10, 30], [0, 1]) == 20  # a shared low win
    assert margin_of([5, 5], [0, 1]) is None  # nobody lost: no margin
    assert margin_of([20, 30, 10], [0]) == 20 - 30  # a tie-break winner between others: the usual way


def test_tally_prints_the_low_score_winners_margin_as_a_positive_number() -> None:
    tally = Tally(3)
    tally.add(0, GameResult(1, ["random"] * 3, "hands_played", True, scores=[10.0, 38.3, 119.0], winners=[0]))
    margin = tally.to_json()["scores"]["margin"]
    assert abs(margin["mean"] - 28.3) < 1e-6 and tally.to_json()["scores"]["winner"]["mean"] == 10.0


def test_close_games_counts_a_low_score_win_by_its_margin() -> None:
    from cardgen.simulate.designer import Trace, game_figures

    trace = Trace(estimates=[[0.0, 0.0, 0.0], [5.0, 9.0, 30.0]], played=[{}, {}, {}])
    close = GameResult(1, ["random"] * 3, "end", True, scores=[10.0, 10.0 + CLOSE_MARGIN, 90.0], winners=[0])
    far = GameResult(1, ["random"] * 3, "end", True, scores=[10.0, 11.0 + CLOSE_MARGIN, 90.0], winners=[0])
    assert game_figures(trace, close)["close_games"] == 1.0
    assert game_figures(trace, far)["close_games"] == 0.0
