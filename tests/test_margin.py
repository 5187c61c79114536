"""The winners' margin is positive for a clear win, whichever way a game counts (issue 33).

A lowest-score-wins game printed the winner's margin as -91.0 where it won by 28.3: the margin
took the winners' score minus the best other's, which for such a game is the wrong way round.
"""
from __future__ import annotations

from cardgen.engine.api import GameResult
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
    # a tenth of the winner's 10 points is 1: a lead of 1 is close, of 2 is not (terminal round 27 it9)
    close = GameResult(1, ["random"] * 3, "end", True, scores=[10.0, 11.0, 90.0], winners=[0])
    far = GameResult(1, ["random"] * 3, "end", True, scores=[10.0, 12.0, 90.0], winners=[0])
    assert game_figures(trace, close)["close_games"] == 1.0
    assert game_figures(trace, far)["close_games"] == 0.0


def _draco_case() -> GameResult:
    """A hand-made Draco & Co ending: seats 0 and 1 tie as the richest (30) and drop out, seat 2 wins with 20
    ahead of seat 3 (14): the winner's lead over the runner-up is 6, over the richest seat still in."""
    return GameResult(1, ["heuristic"] * 4, "final_toast", True, scores=[30.0, 30.0, 20.0, 14.0], winners=[2],
                      tie_break="leaders_eliminated")


def test_the_runner_up_is_the_best_seat_the_games_ranking_leaves_in_the_running() -> None:
    from cardgen.games.draco import GAME

    case = _draco_case()
    assert margin_of(case.scores, case.winners) == 20 - 30  # the scores alone: a negative "lead"
    assert margin_of(case.scores, case.winners, GAME.out_of_running) == 6  # Draco's ranking: 20 - 14
    # three seats, the two richest dropped out: nobody is left to be runner-up, so no lead (was +10, read as a
    # lowest-score win)
    assert margin_of([30.0, 30.0, 20.0], [2], GAME.out_of_running) is None
    assert margin_of([30.0, 30.0, 20.0], [2]) == 10


def test_validate_and_the_batch_tally_say_the_same_positive_lead_for_a_game_won_after_a_tie() -> None:
    import numpy as np

    from cardgen.engine.api import BatchResult
    from cardgen.games.draco import GAME

    one, many = Tally(4, GAME.out_of_running), Tally(4, GAME.out_of_running)
    one.add(0, _draco_case())
    scores = np.array([[30.0, 30.0, 20.0, 14.0], [40.0, 10.0, 20.0, 14.0]])
    winners = np.array([[False, False, True, False], [True, False, False, False]])
    many.add_batch(0, BatchResult(
        seeds=np.array([1, 2]), completed=np.array([True, True]), end=np.array([0, 0]), end_names=["final_toast"],
        turns=np.array([70, 70]), rounds=np.array([20, 20]), scores=scores, winners=winners, seats=np.zeros((2, 4), int),
        agents=["heuristic"], tie=np.array([0, -1]), tie_names=["leaders_eliminated"], peaks=np.zeros((2, 0), int),
        peak_seen=np.zeros((2, 0), bool), peak_names=[], gap_game=np.array([], int), gap_kind=np.array([], int),
        gap_settled=np.array([], bool), gap_args=np.zeros((0, 1), int), gap_kinds=[], gap_detail=lambda k, a: ""))
    assert one.to_json()["scores"]["margin"]["min"] == 6
    assert sorted(many.margins.counts) == [6, 20]  # 20 - 14 and 40 - 20: never below 0


def test_kingmaking_and_close_games_name_the_runner_up_the_games_ranking_names() -> None:
    from cardgen.games.draco import GAME
    from cardgen.simulate.designer import Trace, _runner_up, game_figures

    case = _draco_case()
    assert _runner_up(case.scores, 2) is None  # the scores alone: the two dropped-out leaders, tied
    assert _runner_up(case.scores, 2, GAME.out_of_running) == 3  # the richest seat left
    trace = Trace(estimates=[[0.0] * 4, [30.0, 30.0, 20.0, 14.0]], played=[{}, {}, {}, {}])
    assert game_figures(trace, case)["close_games"] == 1.0  # -10 read as "a tenth of 20 or fewer ahead"
    assert game_figures(trace, case, GAME.out_of_running)["close_games"] == 0.0  # 6 ahead of 14, above 2: not close
