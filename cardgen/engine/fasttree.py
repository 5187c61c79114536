"""Game-agnostic pieces of a compiled search agent: a search tree in arrays, rewards, paired choice.

A game whose compiled tier has a search driver (``cardgen/games/<game>/``) runs
the iterations of ``cardgen.agents.search`` inside numba: it determinizes,
walks, applies and rolls out with its own kernels, and uses this module for
everything that does not depend on the game, so the search *algorithm* is
written once:

* **the tree** (single-observer information-set MCTS, as in ``SearchAgent``), one
  ``Tree`` record: one row per node in an ``int64`` array ``nodes[node, column]`` and
  one float per node in ``value`` (the sum of the rewards of the seat whose action led there).
  Children are a linked list (``T_FIRST``, ``T_NEXT``). ``T_AVAIL`` counts how often
  a child's action was legal when its parent was walked through, which replaces
  the parent's visits in UCT (Cowling, Powley & Whitehouse 2012). Row 0 is the
  root; ``nodes[0, T_SIZE]`` holds the number of rows in use;
* **rewards**: the win share blended with the score share, exactly as
  ``cardgen.agents.search.rewards``;
* **paired choice**: ``SearchAgent._paired_choice``'s rule (keep the policy's
  move unless another move beats it by ``z`` standard errors of the paired
  differences) over running sums.

Every function is ``@njit(cache=True)`` so a game's driver calls them from
compiled code; none allocates except ``new_tree``.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from cardgen.engine import fastrng

# -- columns of ``Tree.nodes`` ---------------------------------------------------------------------
T_FIRST, T_NEXT, T_ACTION, T_PLAYER, T_VISITS, T_AVAIL, T_SIZE = range(7)
T_COLUMNS = 7
#: ``find_child`` / ``add_child`` answer for "no such node" / "the tree is full"
NONE = -1


class Tree(NamedTuple):
    """The search tree kept in arrays (numba compiles the record as an argument; a field costs nothing).

    ``nodes[node, T_*]``: each node's first child, next sibling, the action that led to it, the seat
    that played it, its visits, how often its action was legal on a walk through its parent, and in
    row 0 only the number of rows in use (``T_SIZE``); ``value[node]``: the sum of the rewards of the
    seat whose action led there.
    """

    nodes: np.ndarray
    value: np.ndarray


@njit(cache=True)
def new_tree(capacity: int) -> Tree:
    """An empty tree of ``capacity`` nodes (root included)."""
    rows = max(2, capacity)
    tree = Tree(np.zeros((rows, T_COLUMNS), dtype=np.int64), np.zeros(rows, dtype=np.float64))
    reset(tree)
    return tree


@njit(cache=True)
def reset(tree: Tree) -> None:
    """Forget every node but a fresh root (no children, no visits)."""
    nodes, value = tree
    nodes[0, T_FIRST] = NONE
    nodes[0, T_NEXT] = NONE
    nodes[0, T_ACTION] = NONE
    nodes[0, T_PLAYER] = NONE
    nodes[0, T_VISITS] = 0
    nodes[0, T_AVAIL] = 0
    nodes[0, T_SIZE] = 1
    value[0] = 0.0


@njit(cache=True)
def find_child(tree: Tree, node: int, action: int) -> int:
    """The child of ``node`` reached by ``action``, or ``NONE``."""
    nodes = tree.nodes
    child = nodes[node, T_FIRST]
    while child != NONE:
        if nodes[child, T_ACTION] == action:
            return child
        child = nodes[child, T_NEXT]
    return NONE


@njit(cache=True)
def add_child(tree: Tree, node: int, action: int, player: int) -> int:
    """Add the child of ``node`` reached by ``player`` playing ``action``; ``NONE`` when the tree is full.

    The new child starts with one availability (it is legal now) and no visits.
    """
    nodes, value = tree
    size = nodes[0, T_SIZE]
    if size >= nodes.shape[0]:
        return NONE
    nodes[size, T_FIRST] = NONE
    nodes[size, T_NEXT] = nodes[node, T_FIRST]
    nodes[size, T_ACTION] = action
    nodes[size, T_PLAYER] = player
    nodes[size, T_VISITS] = 0
    nodes[size, T_AVAIL] = 1
    value[size] = 0.0
    nodes[node, T_FIRST] = size
    nodes[0, T_SIZE] = size + 1
    return size


@njit(cache=True)
def untried(tree: Tree, node: int, legal: np.ndarray, nlegal: int, out: np.ndarray) -> int:
    """Write into ``out`` the legal actions of ``node`` without a child; return how many.

    Counts one availability for every legal action that has a child (the walk
    passes through ``node`` with that action on offer), so call it once per visit.
    """
    nodes = tree.nodes
    n = 0
    for i in range(nlegal):
        child = find_child(tree, node, legal[i])
        if child == NONE:
            out[n] = legal[i]
            n += 1
        else:
            nodes[child, T_AVAIL] += 1
    return n


@njit(cache=True)
def expand(tree: Tree, node: int, fresh: np.ndarray, nfresh: int, player: int, mt: np.ndarray, path: np.ndarray,
           length: int) -> tuple[int, int]:
    """``SearchAgent``'s expansion: one of the ``nfresh`` actions ``fresh`` (``untried``'s answer) drawn from
    ``mt``, added as ``player``'s child of ``node`` and appended to ``path[:length]`` (unless the tree is full).

    Returns (the action, to play next; the path's new length).
    """
    action = fresh[fastrng.randbelow(mt, nfresh)] if nfresh > 1 else fresh[0]
    child = add_child(tree, node, action, player)
    if child != NONE:
        path[length] = child
        length += 1
    return action, length


@njit(cache=True)
def select_uct(tree: Tree, node: int, legal: np.ndarray, nlegal: int, exploration: float) -> int:
    """The child of ``node`` among the ``legal`` actions maximising UCT on its mover's mean reward.

    Every legal action must have a child (``untried`` returned 0) with at least one
    visit. Ties go to the first legal action, like ``SearchAgent``.
    """
    nodes, value = tree
    best = NONE
    best_score = -1.0
    for i in range(nlegal):
        child = find_child(tree, node, legal[i])
        visits = nodes[child, T_VISITS]
        score = value[child] / visits + exploration * math.sqrt(math.log(nodes[child, T_AVAIL]) / visits)
        if score > best_score:
            best_score = score
            best = child
    return best


@njit(cache=True)
def backpropagate(tree: Tree, path: np.ndarray, length: int, reward: np.ndarray) -> None:
    """Count one visit on every node of ``path[:length]`` and add its mover's reward."""
    nodes, value = tree
    for i in range(length):
        node = path[i]
        nodes[node, T_VISITS] += 1
        player = nodes[node, T_PLAYER]
        if player >= 0:
            value[node] += reward[player]


@njit(cache=True)
def most_visited(tree: Tree, node: int, legal: np.ndarray, nlegal: int) -> int:
    """The index in ``legal`` of the most visited child of ``node``.

    Ties go to the better mean, then to the first legal action; an action without
    a child counts as unvisited (as ``SearchAgent.choose_from_state`` decides).
    """
    return most_visited_with(tree, node, legal, nlegal, NONE, 0.0)


@njit(cache=True)
def most_visited_with(tree: Tree, node: int, legal: np.ndarray, nlegal: int, bonus_action: int,
                      bonus: float) -> int:
    """``most_visited`` where ``bonus_action`` has ``bonus`` visits of credit (the policy's prior)."""
    nodes, value = tree
    best = 0
    best_visits = -1.0
    best_mean = -1.0
    for i in range(nlegal):
        child = find_child(tree, node, legal[i])
        visits = 0 if child == NONE else nodes[child, T_VISITS]
        mean = 0.0 if visits == 0 else value[child] / visits
        credit = visits + (bonus if legal[i] == bonus_action else 0.0)
        if credit > best_visits or (credit == best_visits and mean > best_mean):
            best, best_visits, best_mean = i, credit, mean
    return best


@njit(cache=True)
def decided(tree: Tree, node: int, left: int) -> bool:
    """Whether ``left`` more iterations can no longer change the most visited child of ``node``."""
    return decided_with(tree, node, left, NONE, 0.0)


@njit(cache=True)
def decided_with(tree: Tree, node: int, left: int, bonus_action: int, bonus: float) -> bool:
    """``decided`` where ``bonus_action`` has ``bonus`` visits of credit, tried or not (the policy's prior)."""
    nodes = tree.nodes
    first = 0.0
    second = 0.0
    seen = False
    child = nodes[node, T_FIRST]
    while child != NONE:
        v = float(nodes[child, T_VISITS])
        if nodes[child, T_ACTION] == bonus_action:
            v += bonus
            seen = True
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
        child = nodes[child, T_NEXT]
    if not seen and bonus_action >= 0:
        if bonus > first:
            first, second = bonus, first
        elif bonus > second:
            second = bonus
    return first - second > left


@njit(cache=True)
def rewards(scores: np.ndarray, winners: np.ndarray, finished: bool, score_weight: float,
            out: np.ndarray) -> None:
    """Each seat's reward in 0..1 into ``out``, as ``cardgen.agents.search.rewards``.

    ``scores[seat]``; ``winners[seat]`` is 1 for each winner; ``finished`` is False
    for a sample that stalled or was abandoned (every seat then gets an equal share).
    """
    n = scores.shape[0]
    nwin = 0
    for p in range(n):
        nwin += 1 if winners[p] else 0
    if not finished or nwin == 0:
        for p in range(n):
            out[p] = 1.0 / n
        return
    share = 1.0 / nwin
    low = scores[0]
    high = scores[0]
    total = 0
    for p in range(n):
        out[p] = share if winners[p] else 0.0
        low = min(low, scores[p])
        high = max(high, scores[p])
        total += scores[p]
    if score_weight == 0.0 or high <= low:
        return
    for p in range(n):
        if winners[p] and scores[p] != high:
            return  # winners without the top score: the points do not rank the seats
    keep = 1.0 - score_weight
    for p in range(n):
        part = scores[p] / total if low >= 0 else (scores[p] - low) / (high - low)
        out[p] = keep * out[p] + score_weight * part


@njit(cache=True)
def paired_threshold(z: float, k: int) -> float:
    """Standard errors by which the best of ``k`` moves must beat the policy's move: ``z * sqrt(2 ln k)``.

    The best of ``k`` noisy means beats any fixed one by chance alone, by about
    ``sqrt(2 ln k)`` standard errors (the expected maximum of ``k`` standard normal
    draws). A fixed bar let search drop Draco's heuristic move in half of its
    decisions (about 19 moves each) for moves no better, and lose to it; scaling
    the bar with the number of moves keeps the same confidence at every ``k``.
    """
    return z * math.sqrt(2.0 * math.log(max(k, 2)))


@njit(cache=True)
def paired_add(sums: np.ndarray, diff_sum: np.ndarray, diff_sq: np.ndarray, got: np.ndarray, k: int,
               base: int) -> None:
    """Add one round of paired rollouts to the statistics ``paired_pick`` reads: ``got[i]``, the
    searching seat's reward after move ``i``, to ``sums[i]``, and its difference with the policy's
    move ``base`` (none when negative) to ``diff_sum[i]`` and its square to ``diff_sq[i]``."""
    for i in range(k):
        sums[i] += got[i]
        if base >= 0:
            d = got[i] - got[base]
            diff_sum[i] += d
            diff_sq[i] += d * d


@njit(cache=True)
def paired_pick(sums: np.ndarray, diff_sum: np.ndarray, diff_sq: np.ndarray, rounds: int, k: int,
                base: int, z: float) -> int:
    """The index of the move to play after ``rounds`` rounds of paired rollouts over ``k`` moves.

    ``sums[i]``: move ``i``'s summed reward; ``diff_sum[i]``/``diff_sq[i]``: sum and sum of
    squares of (reward of ``i`` - reward of the policy's move ``base``) round by round
    (``base`` < 0: no policy move). The best summed move wins outright when it is the
    policy's move or there is none; otherwise it must beat the policy's move by more
    than ``paired_threshold(z, k)`` standard errors of the paired differences
    (``SearchAgent._paired_choice``).
    """
    best = 0
    for i in range(1, k):
        if sums[i] > sums[best]:
            best = i
    if base < 0 or best == base:
        return best
    n = rounds
    mean = diff_sum[best] / n
    var = (diff_sq[best] - n * mean * mean) / max(1, n - 1)
    se = math.sqrt(max(0.0, var) / n)
    return best if mean > paired_threshold(z, k) * se else base
