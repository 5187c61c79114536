"""King Lui's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_step`` kernels.

``KingLuiState.compiled_search`` calls ``compiled_search``: the position is encoded
(``compiled_encode``), and one numba call runs every iteration of the decision, as
``cardgen.agents.search.SearchAgent`` would with the same ``SearchParams``:

* **paired** (with a policy, the simulator's default): rounds =
  max(2, iterations // k); each round one determinized sample and one rollout
  generator; every legal root move is played on a copy of the sample and rolled
  out from the same generator state; ``fasttree.paired_pick`` keeps the
  heuristic's own move (from the seat's view) unless another move beats it by
  ``z`` standard errors of the paired differences;
* **tree**: determinize, select with UCT on availability, expand one untried
  action, roll out, backpropagate (``fasttree``), stop early once the most
  visited root action is decided; with a policy the heuristic's move starts
  with ``prior * iterations`` visits of credit, as ``SearchAgent`` does.

Rollouts go to the end of the game (at most ``ROLLOUT_CAP`` decisions; a sample
still going then scores equal shares): random legal moves, or with a policy the
heuristic with chance ``epsilon`` of a random move. Every draw comes from one
``fastrng`` generator seeded with ``seed``; the driver reads only what the seat
sees, because every iteration starts from ``compiled_step.determinize``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.agents.search import ROLLOUT_CAP
from cardgen.engine import fastrng
from cardgen.engine import fasttree as ft
from cardgen.games.king_lui import compiled_step as fs
from cardgen.games.king_lui.compiled_rules import C_DISHES, C_PLAYERS, SUPPLY_EXHAUSTED, _heuristic

if TYPE_CHECKING:
    from cardgen.engine.api import SearchParams
    from cardgen.games.king_lui.engine import KingLuiState

_N = 625  # words of a fastrng generator


@njit(cache=True)
def rollout(s, cfg, combos, combo_cnt, dish_sizes, mt, use_policy, epsilon, buf, best, work):
    """Play ``s`` on to its end (``ROLLOUT_CAP`` decisions at most)."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    # the heuristic's views of ``s``, made once: ``s`` changes in place
    table, king, eaten = fs.table_of(s, n), fs.king_of(s, n), fs.eaten_of(s, n)
    hands, taken = fs.hands_of(s, n, players), fs.taken_of(s, n, players)
    for _ in range(ROLLOUT_CAP):
        m = fs.legal(s, cfg, combo_cnt, buf)
        if m == 0:
            return
        if m == 1:
            a = buf[0]
        elif use_policy:
            if epsilon > 0.0 and fastrng.random(mt) < epsilon:
                a = buf[int(fastrng.random(mt) * m)]
            else:
                a = _heuristic(s[fs.S_PLAYER], s[fs.S_ACTED], s[fs.S_ROUNDS], s[fs.S_SP], m, cfg, table, king, hands,
                               taken, eaten, buf, combo_cnt, dish_sizes, mt, work, best)
        else:
            a = buf[int(fastrng.random(mt) * m)]
        fs.apply(s, a, cfg, combos)


@njit(cache=True)
def reward(s, cfg, score_weight, scores, winners, out):
    """Each seat's reward for a sample played out (``fasttree.rewards``)."""
    fs.outcome(s, cfg, scores, winners)
    ft.rewards(scores, winners, s[fs.S_END] == SUPPLY_EXHAUSTED, score_weight, out)


@njit(cache=True)
def search(s0, root, nroot, iterations, exploration, score_weight, epsilon, use_policy, paired, z, prior, seed,
           cfg, combos, combo_cnt, dish_sizes, base):
    """The index in ``root[:nroot]`` (the legal action codes of ``s0``) that search picks for the player to move."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    seat = s0[fs.S_PLAYER]
    mt = np.empty(_N, dtype=np.uint32)
    fastrng.seed_from(mt, base, np.uint64(seed))
    width = n + 2 + combos.shape[0]
    buf = np.zeros(width, dtype=np.int64)
    best = np.zeros(width, dtype=np.int64)
    work = np.zeros((3, n), dtype=np.float64)
    scores = np.zeros(players, dtype=np.float64)
    winners = np.zeros(players, dtype=np.int64)
    got = np.zeros(players, dtype=np.float64)
    sample = np.empty_like(s0)
    st = np.empty_like(s0)
    advice = -1
    if use_policy:  # the heuristic's own move from the seat's view (it reads nothing hidden)
        advice = fs.policy(s0, cfg, combo_cnt, dish_sizes, root, nroot, mt, work, best)
    if paired:
        k = nroot
        rounds = max(2, iterations // k)
        base_i = -1
        for i in range(k):
            if root[i] == advice:
                base_i = i
        sums = np.zeros(k, dtype=np.float64)
        diff_sum = np.zeros(k, dtype=np.float64)
        diff_sq = np.zeros(k, dtype=np.float64)
        mine = np.zeros(k, dtype=np.float64)
        rmt0 = np.empty(_N, dtype=np.uint32)
        rmt = np.empty(_N, dtype=np.uint32)
        for _ in range(rounds):
            fs.determinize(s0, sample, seat, cfg, mt)
            fastrng.seed_from(rmt0, base, np.uint64(fastrng.getrandbits(mt, 63)))
            for i in range(k):
                st[:] = sample
                rmt[:] = rmt0
                fs.apply(st, root[i], cfg, combos)
                rollout(st, cfg, combos, combo_cnt, dish_sizes, rmt, use_policy, epsilon, buf, best, work)
                reward(st, cfg, score_weight, scores, winners, got)
                mine[i] = got[seat]
            ft.paired_add(sums, diff_sum, diff_sq, mine, k, base_i)
        return ft.paired_pick(sums, diff_sum, diff_sq, rounds, k, base_i, z)
    tree, value = ft.new_tree(iterations + 2)
    path = np.zeros(iterations + 2, dtype=np.int64)
    untried = np.zeros(width, dtype=np.int64)
    bonus = prior * iterations if use_policy else 0.0
    for done in range(1, iterations + 1):
        fs.determinize(s0, sample, seat, cfg, mt)
        node = 0
        path[0] = 0
        length = 1
        while True:
            m = fs.legal(sample, cfg, combo_cnt, buf)
            if m == 0:
                break
            player = sample[fs.S_PLAYER]
            nu = ft.untried(tree, node, buf, m, untried)
            if nu > 0:
                a = untried[fastrng.randbelow(mt, nu)] if nu > 1 else untried[0]
                child = ft.add_child(tree, value, node, a, player)
                fs.apply(sample, a, cfg, combos)
                if child != ft.NONE:
                    path[length] = child
                    length += 1
                rollout(sample, cfg, combos, combo_cnt, dish_sizes, mt, use_policy, epsilon, buf, best, work)
                break
            node = ft.select_uct(tree, value, node, buf, m, exploration)
            fs.apply(sample, tree[node, ft.T_ACTION], cfg, combos)
            path[length] = node
            length += 1
        reward(sample, cfg, score_weight, scores, winners, got)
        ft.backpropagate(tree, value, path, length, got)
        if done % 8 == 0 and done < iterations and ft.decided_with(tree, 0, iterations - done, advice, bonus):
            break
    return ft.most_visited_with(tree, value, 0, root, nroot, advice, bonus)


def compiled_search(state: "KingLuiState", params: "SearchParams", legal: list, seed: int) -> int | None:
    """``KingLuiState.compiled_search``: the index in ``legal`` search picks, or None (no driver for this deck)."""
    from cardgen.games.king_lui.compiled_encode import codes, encode, tables

    t = tables(state.game)
    if t is None or state.end_reason is not None or not legal:
        return None
    from cardgen.engine.fastrng import base_state

    global _BASE
    if _BASE is None:
        _announce_compile()
        _BASE = base_state()
    root = codes(legal, t)
    index = search(encode(state, t), root, len(root), params.iterations, params.exploration, params.score_weight,
                   params.epsilon, params.policy, params.paired, params.z, params.prior if params.policy else 0.0,
                   seed, t.cfg, t.combos, t.combo_cnt, t.dish_sizes, _BASE)
    return int(index)


_BASE: np.ndarray | None = None


def _announce_compile() -> None:
    """Say once per process that numba compiles the driver when its disk cache does not hold it yet
    (numba internals: best effort); the first decision then takes half a minute."""
    try:
        cached = Path(search._cache._cache_file._index_path).is_file()
    except AttributeError:
        cached = True
    if not cached:
        print("compiling the King Lui search driver (first run only)…", file=sys.stderr, flush=True)
