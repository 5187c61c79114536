"""The compiled search tree: hand-built trees, worked UCT values, rewards equal to the Python search's."""
from __future__ import annotations

import math

import numpy as np
import pytest

from cardgen.agents.search import rewards as python_rewards
from cardgen.engine import fasttree as ft
from cardgen.engine.api import Outcome


def _tree(capacity=16):
    return ft.new_tree(capacity)


def test_new_tree_has_only_a_root():
    tree = _tree()
    assert isinstance(tree, ft.Tree)  # the record numba made comes back as one
    nodes, value = tree
    assert nodes[0, ft.T_SIZE] == 1
    assert nodes[0, ft.T_FIRST] == ft.NONE
    assert ft.find_child(tree, 0, 3) == ft.NONE


def test_children_are_found_by_action_and_start_available_once():
    tree = _tree()
    nodes, value = tree
    a = ft.add_child(tree, 0, 7, 1)
    b = ft.add_child(tree, 0, 9, 1)
    assert (a, b) == (1, 2)
    assert ft.find_child(tree, 0, 7) == a and ft.find_child(tree, 0, 9) == b
    assert nodes[a, ft.T_AVAIL] == 1 and nodes[a, ft.T_VISITS] == 0 and nodes[a, ft.T_PLAYER] == 1
    grand = ft.add_child(tree, a, 9, 2)
    assert ft.find_child(tree, a, 9) == grand and ft.find_child(tree, 0, 9) == b
    assert nodes[0, ft.T_SIZE] == 4


def test_expand_draws_an_untried_action_like_the_search_and_extends_the_path_while_the_tree_has_room():
    import random

    from cardgen.engine import fastrng

    tree = ft.new_tree(3)
    nodes, value = tree
    path = np.zeros(4, dtype=np.int64)
    fresh = np.array([4, 6, 8], dtype=np.int64)
    mt, ref = fastrng.new_rng(5), random.Random(5)
    action, length = ft.expand(tree, 0, fresh, 3, 1, mt, path, 1)
    child = ft.find_child(tree, 0, action)
    assert action == fresh[ref.randrange(3)] and length == 2 and path[1] == child and nodes[child, ft.T_PLAYER] == 1
    before = mt.copy()
    assert ft.expand(tree, child, fresh, 1, 0, mt, path, 2) == (4, 3)
    assert (mt == before).all()  # one choice: no draw
    assert ft.expand(tree, 0, fresh, 3, 0, mt, path, 3)[1] == 3  # the tree is full: the path stays


def test_a_full_tree_refuses_new_nodes():
    tree = ft.new_tree(3)
    nodes, value = tree
    assert ft.add_child(tree, 0, 1, 0) == 1
    assert ft.add_child(tree, 0, 2, 0) == 2
    assert ft.add_child(tree, 0, 3, 0) == ft.NONE
    assert nodes[0, ft.T_SIZE] == 3


def test_untried_lists_missing_actions_and_counts_availability_of_the_others():
    tree = _tree()
    nodes, value = tree
    a = ft.add_child(tree, 0, 4, 0)
    legal = np.array([4, 5, 6, 99], dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    n = ft.untried(tree, 0, legal, 3, out)  # 99 is beyond nlegal: not offered
    assert n == 2 and list(out[:2]) == [5, 6]
    assert nodes[a, ft.T_AVAIL] == 2


def test_select_uct_uses_availability_not_parent_visits():
    tree = _tree()
    nodes, value = tree
    a = ft.add_child(tree, 0, 1, 0)
    b = ft.add_child(tree, 0, 2, 0)
    # a: 10 visits, mean 0.6, available 10 times; b: 2 visits, mean 0.3, available 3 times
    nodes[a, ft.T_VISITS], value[a], nodes[a, ft.T_AVAIL] = 10, 6.0, 10
    nodes[b, ft.T_VISITS], value[b], nodes[b, ft.T_AVAIL] = 2, 0.6, 3
    legal = np.array([1, 2], dtype=np.int64)
    c = 0.7
    ua = 0.6 + c * math.sqrt(math.log(10) / 10)   # 0.936
    ub = 0.3 + c * math.sqrt(math.log(3) / 2)     # 0.819
    assert ua > ub
    assert ft.select_uct(tree, 0, legal, 2, c) == a
    nodes[b, ft.T_AVAIL] = 40                        # b offered far more often than tried: explore it
    ub = 0.3 + c * math.sqrt(math.log(40) / 2)      # 1.243
    assert ub > ua
    assert ft.select_uct(tree, 0, legal, 2, c) == b
    # only legal actions compete: with b not legal, a is chosen whatever b's bonus
    assert ft.select_uct(tree, 0, np.array([1], dtype=np.int64), 1, c) == a


def test_backpropagate_credits_each_node_with_its_movers_reward():
    tree = _tree()
    nodes, value = tree
    a = ft.add_child(tree, 0, 1, 0)
    b = ft.add_child(tree, a, 2, 1)
    path = np.array([0, a, b], dtype=np.int64)
    ft.backpropagate(tree, path, 3, np.array([0.25, 0.75]))
    assert [nodes[n, ft.T_VISITS] for n in (0, a, b)] == [1, 1, 1]
    assert value[0] == 0.0 and value[a] == 0.25 and value[b] == 0.75
    ft.backpropagate(tree, path, 2, np.array([1.0, 0.0]))
    assert nodes[b, ft.T_VISITS] == 1 and nodes[a, ft.T_VISITS] == 2 and value[a] == 1.25


def test_most_visited_breaks_ties_by_mean_then_legal_order():
    tree = _tree()
    nodes, value = tree
    a = ft.add_child(tree, 0, 1, 0)
    b = ft.add_child(tree, 0, 2, 0)
    nodes[a, ft.T_VISITS], value[a] = 5, 2.0
    nodes[b, ft.T_VISITS], value[b] = 5, 3.0
    legal = np.array([3, 1, 2], dtype=np.int64)   # 3 has no child: unvisited
    assert ft.most_visited(tree, 0, legal, 3) == 2
    value[b] = 2.0
    assert ft.most_visited(tree, 0, legal, 3) == 1
    nodes[a, ft.T_VISITS] = 6
    assert ft.most_visited(tree, 0, legal, 3) == 1


def test_decided_once_the_lead_exceeds_what_is_left():
    tree = _tree()
    nodes, value = tree
    a = ft.add_child(tree, 0, 1, 0)
    b = ft.add_child(tree, 0, 2, 0)
    nodes[a, ft.T_VISITS], nodes[b, ft.T_VISITS] = 30, 10
    assert ft.decided(tree, 0, 19)
    assert not ft.decided(tree, 0, 20)


@pytest.mark.parametrize("scores, winners", [
    ([10, 5, 5], [0]),
    ([3, 3, 1], [0, 1]),
    ([4, 2, 0, 2], [0]),
    ([-2, 5, 1], [1]),
    ([0, 0, 0], [0, 1, 2]),
    ([7, 9, 1], [0]),      # the winner has not the top score (a tie-break on something else): no points
    ([2, 2], []),          # nobody won
])
@pytest.mark.parametrize("weight", [0.0, 0.25, 0.5])
def test_rewards_equal_the_python_search(scores, winners, weight):
    class Sample:
        num_players = len(scores)
        end_reason = "done"

        def outcome(self):
            return Outcome("done", list(scores), list(winners))

    want = python_rewards(Sample(), weight)
    out = np.zeros(len(scores))
    flags = np.array([1 if p in winners else 0 for p in range(len(scores))], dtype=np.int64)
    ft.rewards(np.array(scores, dtype=np.int64), flags, True, weight, out)
    assert list(out) == pytest.approx(want)


def test_rewards_of_an_unfinished_sample_are_equal_shares():
    out = np.zeros(4)
    ft.rewards(np.array([9, 0, 0, 0], dtype=np.int64), np.array([1, 0, 0, 0], dtype=np.int64), False, 0.25, out)
    assert list(out) == [0.25] * 4


def test_paired_pick_keeps_the_policy_move_unless_clearly_beaten():
    # move 1 beats the policy's move 0 by 0.1 on average, differences 0.1 +- 0.3 over 4 rounds
    diffs = [0.4, -0.2, 0.4, -0.2]
    sums = np.array([2.0, 2.0 + sum(diffs)])
    dsum = np.array([0.0, sum(diffs)])
    dsq = np.array([0.0, sum(d * d for d in diffs)])
    mean = sum(diffs) / 4
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 3 / 4)   # 0.173
    assert mean < se
    assert ft.paired_pick(sums, dsum, dsq, 4, 2, 0, 1.0) == 0
    assert ft.paired_pick(sums, dsum, dsq, 4, 2, 0, 0.4) == 1       # 0.1 > 0.4 * 1.177 * 0.173
    assert ft.paired_pick(sums, dsum, dsq, 4, 2, -1, 1.0) == 1      # no policy move: best sum
    # a consistent edge wins even at z = 1
    diffs = [0.1, 0.12, 0.09, 0.11]
    dsum = np.array([0.0, sum(diffs)])
    dsq = np.array([0.0, sum(d * d for d in diffs)])
    sums = np.array([2.0, 2.0 + sum(diffs)])
    assert ft.paired_pick(sums, dsum, dsq, 4, 2, 0, 1.0) == 1


def test_the_paired_bar_rises_with_the_number_of_moves():
    assert ft.paired_threshold(1.0, 2) == pytest.approx(math.sqrt(2 * math.log(2)))   # 1.18
    assert ft.paired_threshold(1.0, 19) == pytest.approx(2.4266, abs=1e-3)
    assert ft.paired_threshold(2.0, 1) == ft.paired_threshold(2.0, 2)
    # move 1 beats the policy's move 0 by 1.56 standard errors: enough among 2 moves, not among 19
    diffs = [0.1, 0.4, -0.2, 0.5, 0.2, -0.2, 0.4, 0.0]  # mean 0.15, 1.56 standard errors
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    k = 19
    sums = np.zeros(k)
    dsum = np.zeros(k)
    dsq = np.zeros(k)
    sums[1] = 1.0 + sum(diffs)
    sums[0] = 1.0
    dsum[1] = sum(diffs)
    dsq[1] = sum(d * d for d in diffs)
    edge = mean / se
    assert 1.18 < edge < 2.42
    assert ft.paired_pick(sums[:2], dsum[:2], dsq[:2], n, 2, 0, 1.0) == 1
    assert ft.paired_pick(sums, dsum, dsq, n, k, 0, 1.0) == 0


def test_paired_add_sums_rewards_and_their_differences_with_the_policy_move():
    rounds = [np.array([0.5, 1.0, 0.0]), np.array([1.0, 0.25, 0.5])]
    for base in (1, -1):
        sums, dsum, dsq = np.zeros(3), np.zeros(3), np.zeros(3)
        for got in rounds:
            ft.paired_add(sums, dsum, dsq, got, 3, base)
        assert sums.tolist() == [1.5, 1.25, 0.5]
        if base < 0:
            assert not dsum.any() and not dsq.any()
        else:
            assert dsum.tolist() == [-0.5 + 0.75, 0.0, -1.0 + 0.25]
            assert dsq.tolist() == [0.25 + 0.5625, 0.0, 1.0 + 0.0625]
