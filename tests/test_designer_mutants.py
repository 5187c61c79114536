"""The designer figures' edges, worked by hand (issue 34: the survivors of ``benchmarks/mutation.py designer_figures``).

Each test is one game whose figures a reader can check on paper: which games define no figure,
half-time, a winner who led from the first estimate, a one-estimate game, a tie that is no
swap, a runner-up shared by two seats, and a card dealt but never played.
"""
from __future__ import annotations

import pytest

from cardgen.engine.api import GameResult
from cardgen.simulate.cards import CardTally
from cardgen.simulate.designer import Trace, card_rows, game_figures


def _result(scores: list[float] | None, winners: list[int], completed: bool = True) -> GameResult:
    return GameResult(1, ["a"] * 3, "end", completed, scores=scores, winners=winners)


EST = [[0, 0], [2, 1], [1, 3], [5, 1]]


@pytest.mark.parametrize("result, estimates", [
    (_result([5, 1], [0], completed=False), EST),  # a game that did not finish
    (_result([5, 1], []), EST),  # no winner
    (_result(None, [0]), EST),  # no scores
    (_result([5, 1], [0]), []),  # a game that gives no estimate
])
def test_a_game_missing_any_part_defines_no_figure(result: GameResult, estimates: list[list[float]]) -> None:
    assert game_figures(Trace(estimates, [{}, {}]), result) == {}


def test_half_time_is_the_middle_estimate_and_a_tie_there_is_no_comeback() -> None:
    # six estimates: half-time is the fourth (index 3); the winner (seat 0) leads at the third
    behind = [[0, 0], [1, 0], [2, 0], [2, 3], [4, 3], [5, 3]]
    assert game_figures(Trace(behind, [{}, {}]), _result([5, 3], [0]))["comeback_rate"] == 1.0
    ahead_at_a_third = [[0, 0], [0, 1], [0, 2], [3, 2], [4, 3], [5, 3]]  # behind at index 2, ahead at 3
    assert game_figures(Trace(ahead_at_a_third, [{}, {}]), _result([5, 3], [0]))["comeback_rate"] == 0.0
    tied = [[0, 0], [1, 0], [2, 0], [3, 3], [4, 3], [5, 3]]  # level at half-time: not behind
    assert game_figures(Trace(tied, [{}, {}]), _result([5, 3], [0]))["comeback_rate"] == 0.0


def test_decided_at_counts_from_the_last_estimate_the_winner_did_not_lead() -> None:
    wire_to_wire = [[1, 0], [2, 0], [3, 1], [4, 2]]  # the winner leads every estimate: decided at once
    assert game_figures(Trace(wire_to_wire, [{}, {}]), _result([4, 2], [0]))["decided_at"] == 0.0
    last_only = [[0, 1], [0, 2], [0, 3], [5, 3]]  # leads only at the last of four: 3 of 3 steps
    assert game_figures(Trace(last_only, [{}, {}]), _result([5, 3], [0]))["decided_at"] == 1.0
    two = [[0, 1], [2, 1]]  # two estimates, ahead at the second only: the one step
    assert game_figures(Trace(two, [{}, {}]), _result([2, 1], [0]))["decided_at"] == 1.0
    last_two = [[0, 1], [0, 2], [0, 3], [4, 3], [5, 3]]  # five estimates, leads from the fourth: 3 of 4
    assert game_figures(Trace(last_two, [{}, {}]), _result([5, 3], [0]))["decided_at"] == pytest.approx(3 / 4)


def test_a_game_of_one_estimate_is_decided_at_zero_whoever_led_it() -> None:
    # one estimate (set-up only): no step to decide at, whether the estimate named the winner or not
    led = game_figures(Trace([[1, 0]], [{}, {}]), _result([1, 0], [0]))
    not_led = game_figures(Trace([[0, 1]], [{}, {}]), _result([1, 0], [0]))  # a tie-break against the estimate
    assert led["decided_at"] == 0.0 and not_led["decided_at"] == 0.0


def test_a_runner_up_shared_by_two_seats_names_no_kingmaker() -> None:
    moves = [(0, [2, 1, 0]), (1, [2, 4, 0]), (2, [5, 4, 0])]
    f = game_figures(Trace([[0, 0, 0], [5, 3, 3]], [{}, {}, {}], moves), _result([5, 3, 3], [0]))
    assert "kingmaking" not in f and f["lead_changes"] == 0


def test_a_tie_is_no_swap_and_the_first_order_is_no_swap() -> None:
    three = [[0, 0, 0], [3, 2, 0]]
    # the runner-up overtakes by itself, then a third seat only levels them: the last swap is the runner-up's
    levelled = [(0, [1, 0, 0]), (1, [1, 2, 0]), (2, [2, 2, 0])]
    assert game_figures(Trace(three, [{}] * 3, levelled), _result([3, 2, 0], [0]))["kingmaking"] == 0.0
    # the winner ahead, then a third seat levels them: no swap at all
    tie = [(0, [1, 0, 0]), (2, [1, 1, 0])]
    assert game_figures(Trace(three, [{}] * 3, tie), _result([3, 2, 0], [0]))["kingmaking"] == 0.0
    # a third seat's decision sets the first order (runner-up ahead): an order set, not a swap
    first = [(2, [0, 1, 0])]
    assert game_figures(Trace(three, [{}] * 3, first), _result([3, 2, 0], [0]))["kingmaking"] == 0.0


def test_a_card_dealt_but_never_played_is_played_zero_times_per_seat() -> None:
    cards = CardTally()
    cards.add([{"x": 1}, {}, {}], {0})
    rows = {r["component"]: r for r in card_rows(cards, {"y": [1, 1, 1]}, 3)}
    assert rows["x"]["plays_per_seat"] == 0.0
    thirds = {r["component"]: r for r in card_rows(cards, {"x": [1, 1, 1]}, 3)}
    assert thirds["x"]["plays_per_seat"] == 0.3333  # four decimals
    assert card_rows(cards, {"x": [1, 1, 1]}, 0)[0]["plays_per_seat"] == 0.0  # no seat counted: no rate
