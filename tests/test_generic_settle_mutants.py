"""The covered heuristic's cheap judgement (cardgen/agents/generic.py) at its edges: a mean exactly at its
bound, the usual move's own value varying from sample to sample, an action with no word, a tie."""
from __future__ import annotations

from cardgen.agents.generic import EARLY_Z, clearly_behind, kind_of, paired_verdict, settled_early
from cardgen.agents.search import paired_difference


def test_a_mean_exactly_at_its_bound_is_still_unsure() -> None:
    ahead = [[0.0, 1.0], [0.0, 1.0], [0.0, 4.0]]  # ahead by 2, standard error 1: exactly EARLY_Z of them
    assert paired_difference([1.0, 1.0, 4.0]) == (EARLY_Z, 1.0)
    assert not settled_early(ahead, 0)
    behind = [[0.0, -3.0], [0.0, -1.0]]  # behind by 2, standard error 1: not by more than EARLY_Z
    assert not clearly_behind(behind, 1, 0)


def test_early_stop_judges_the_difference_to_the_usual_move_not_the_sum() -> None:
    values = [[10.0, 10.5], [10.0, 9.6], [10.0, 10.2]]  # ahead by 0.1, standard error 0.26: unsure
    assert not settled_early(values, 0)


def test_a_tie_keeps_the_usual_move() -> None:
    assert paired_verdict([[1.0, 1.0], [1.0, 1.0]], 1) == 1


def test_the_verdict_needs_the_full_bound_of_standard_errors() -> None:
    # ahead by 0.5, standard error 0.5: one standard error, less than sqrt(2 ln 2) = 1.18 of them
    assert paired_verdict([[0.0, 1.0], [0.0, 0.0]], 0) == 0


def test_an_action_with_no_word_is_of_no_kind() -> None:
    assert kind_of(()) == ""
