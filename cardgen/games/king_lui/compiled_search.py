"""King Lui's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``' kernels.

``KingLuiState.compiled_search`` calls ``compiled_search``: the reference position is
encoded as a ``compiled_rules`` state (``encode``), and one numba call runs every
iteration of the decision, as ``cardgen.agents.search.SearchAgent`` would with the
same ``SearchParams``:

* **paired** (with a policy, the simulator's default): rounds =
  max(``PAIRED_MIN_ROUNDS``, iterations // k); each round one determinized sample and one rollout
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
sees, because every iteration starts from ``compiled_rules.determinize``.
No rule is written here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.agents.search import DECIDED_EVERY, PAIRED_MIN_ROUNDS, ROLLOUT_CAP
from cardgen.engine import fastrng
from cardgen.engine import fasttree as ft
from cardgen.engine.api import Action
from cardgen.games.king_lui import compiled_rules as kl
from cardgen.games.king_lui.compiled import END_NAMES, Tables, tables
from cardgen.games.king_lui.engine import _DRAWN_EMERALD, KingLuiState
from cardgen.jit import announce_compile

if TYPE_CHECKING:
    from cardgen.engine.api import SearchParams


@njit(cache=True)
def rollout(s, cfg, combo_cnt, dish_sizes, mt, use_policy, epsilon, buf, best, work, gaps):
    """Play ``s`` on to its end (``ROLLOUT_CAP`` decisions at most)."""
    for _ in range(ROLLOUT_CAP):
        m = kl.legal(s, cfg, combo_cnt, buf)
        if m == 0:
            return
        if m == 1:
            a = buf[0]
        elif use_policy and not (epsilon > 0.0 and fastrng.random(mt) < epsilon):
            a = kl.heuristic(s, cfg, combo_cnt, dish_sizes, buf, m, mt, work, best)
        else:
            a = buf[int(fastrng.random(mt) * m)]
        kl.apply(s, a, cfg, combo_cnt, gaps)


@njit(cache=True)
def reward(s, cfg, score_weight, scores, winners, discarded, out):
    """Each seat's reward for a sample played out (``fasttree.rewards``)."""
    kl.outcome(s, cfg, scores, winners, discarded)
    ft.rewards(scores, winners, s[kl.S_END] == kl.SUPPLY_EXHAUSTED, score_weight, out)


@njit(cache=True)
def search(s0, root, nroot, iterations, exploration, score_weight, epsilon, use_policy, paired, z, prior, seed,
           cfg, combo_cnt, dish_sizes):
    """The index in ``root[:nroot]`` (the legal action codes of ``s0``) that search picks for the player to move."""
    n, players, seat = cfg[kl.C_DISHES], cfg[kl.C_PLAYERS], s0[kl.S_PLAYER]
    mt = fastrng.new_state()
    fastrng.seed(mt, np.uint64(seed))
    width = n + 2 + combo_cnt.shape[0]
    buf, best, gaps = np.zeros(width, dtype=np.int64), np.zeros(width, dtype=np.int64), np.zeros((0, 3), np.int64)
    work = np.zeros((3, n), dtype=np.float64)
    scores, got = np.zeros(players, dtype=np.float64), np.zeros(players, dtype=np.float64)
    winners, discarded = np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.int64)
    sample, st = np.empty_like(s0), np.empty_like(s0)
    advice = -1
    if use_policy:  # the heuristic's own move from the seat's view (it reads nothing hidden)
        advice = kl.heuristic(s0, cfg, combo_cnt, dish_sizes, root, nroot, mt, work, best)
    if paired:
        k = nroot
        rounds = max(PAIRED_MIN_ROUNDS, iterations // k)
        base_i = -1
        for i in range(k):
            if root[i] == advice:
                base_i = i
        sums, diff_sum, diff_sq, mine = np.zeros(k), np.zeros(k), np.zeros(k), np.zeros(k)
        rmt0, rmt = fastrng.new_state(), fastrng.new_state()
        for _ in range(rounds):
            kl.determinize(s0, sample, seat, cfg, mt)
            fastrng.seed(rmt0, np.uint64(fastrng.getrandbits(mt, 63)))
            for i in range(k):
                st[:] = sample
                rmt[:] = rmt0
                kl.apply(st, root[i], cfg, combo_cnt, gaps)
                rollout(st, cfg, combo_cnt, dish_sizes, rmt, use_policy, epsilon, buf, best, work, gaps)
                reward(st, cfg, score_weight, scores, winners, discarded, got)
                mine[i] = got[seat]
            ft.paired_add(sums, diff_sum, diff_sq, mine, k, base_i)
        return ft.paired_pick(sums, diff_sum, diff_sq, rounds, k, base_i, z)
    tree, value = ft.new_tree(iterations + 2)
    path = np.zeros(iterations + 2, dtype=np.int64)
    untried = np.zeros(width, dtype=np.int64)
    bonus = prior * iterations if use_policy else 0.0
    for done in range(1, iterations + 1):
        kl.determinize(s0, sample, seat, cfg, mt)
        node = 0
        path[0] = 0
        length = 1
        while True:
            m = kl.legal(sample, cfg, combo_cnt, buf)
            if m == 0:
                break
            nu = ft.untried(tree, node, buf, m, untried)
            if nu > 0:
                a, length = ft.expand(tree, value, node, untried, nu, sample[kl.S_PLAYER], mt, path, length)
                kl.apply(sample, a, cfg, combo_cnt, gaps)
                rollout(sample, cfg, combo_cnt, dish_sizes, mt, use_policy, epsilon, buf, best, work, gaps)
                break
            node = ft.select_uct(tree, value, node, buf, m, exploration)
            kl.apply(sample, tree[node, ft.T_ACTION], cfg, combo_cnt, gaps)
            path[length] = node
            length += 1
        reward(sample, cfg, score_weight, scores, winners, discarded, got)
        ft.backpropagate(tree, value, path, length, got)
        if done % DECIDED_EVERY == 0 and done < iterations \
                and ft.decided_with(tree, 0, iterations - done, advice, bonus):
            break
    return ft.most_visited_with(tree, value, 0, root, nroot, advice, bonus)


def encode(state: KingLuiState, t: Tables) -> np.ndarray:
    """``state`` as a ``compiled_rules`` state (the whole position: the driver determinizes it itself)."""
    n, players = len(state.game.dishes), state.game.players
    s = np.zeros(kl.size(n, players, t.cards), dtype=np.int64)
    over = state.end_reason is not None
    s[:kl.HEADER] = (len(state.supply), len(state.table_emeralds), state.king_total, len(state.pending), state.chef,
                     state.acted, -1 if over else state._player, state.turns, state.rounds,
                     END_NAMES.index(state.end_reason or "playing"),
                     kl.DRAWN_EMERALD if state.phase == _DRAWN_EMERALD and not over else kl.ACT,
                     len(state.removed), len(state.gaps))
    table, king, eaten, hands, taken, sup = kl.views(s, n, players)
    table[:] = [len(c) for c in state.table]
    king[:] = [len(c) for c in state.king]
    eaten[:] = state.eaten
    hands[:] = [[len(c) for c in hand] for hand in state.hands]
    taken[:] = state.taken
    sup[:len(state.supply)] = t.dish_of[state.supply]
    return s


def codes(legal: list[Action], t: Tables) -> np.ndarray:
    """The action codes of reference actions, in their order."""
    return np.array([t.code_of[a] for a in legal], dtype=np.int64)


def compiled_search(state: KingLuiState, params: "SearchParams", legal: list, seed: int) -> int | None:
    """``KingLuiState.compiled_search``: the index in ``legal`` search picks, or None (no driver for this deck)."""
    t = tables(state.game)
    if isinstance(t, str) or state.end_reason is not None or not legal:
        return None
    announce_compile("King Lui search driver", search)
    root = codes(legal, t)
    index = search(encode(state, t), root, len(root), params.iterations, params.exploration, params.score_weight,
                   params.epsilon, params.policy, params.paired, params.z, params.prior if params.policy else 0.0,
                   seed, t.cfg, t.combo_cnt, t.dish_sizes)
    return int(index)
