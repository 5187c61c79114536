"""King Lui's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``' kernels.

``KingLuiState.compiled_search`` calls ``compiled_search``: the reference position is
encoded as a ``compiled_rules`` state (``encode``), and one numba call runs every
iteration of the decision, ``cardgen.engine.searchloop``'s paired choice or tree bound to
the kernels below. Streams: every draw of the search, and the tree's rollouts, from one
``fastrng`` generator seeded with ``seed``; a paired round's rollouts from a generator
seeded once a round from it. The driver reads only what the seat sees, because every
sample starts from ``compiled_rules.determinize``. No rule is written here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.engine.searchparams import ROLLOUT_CAP
from cardgen.engine import fastrng
from cardgen.engine.fasttree import rewards
from cardgen.engine.api import Action
from cardgen.engine.searchloop import OK, bind_search, copy_into, run
from cardgen.games.king_lui import compiled_rules as kl
from cardgen.games.king_lui.compiled import END_NAMES, Tables, tables
from cardgen.games.king_lui.engine import _DRAWN_EMERALD, KingLuiState
from cardgen.games.king_lui.rules import MAY_DRAW, MAY_FEED, MAY_TAKE

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


# -- the kernels of ``searchloop`` (its stubs say what each does) --------------------------------------------
#: kernels inlined into the loops (``searchloop``'s docstring says why)
_kernel = njit(cache=True, inline="always")


@njit(cache=True)
def _context(args):
    """ctx: the root position and its legal codes, the working position, the round's start, the tables, scratch."""
    s0, root, cfg, combo_cnt, dish_sizes = args
    n, players = cfg[kl.C_DISHES], cfg[kl.C_PLAYERS]
    width = n + 2 + combo_cnt.shape[0]
    ctx = (s0, root, np.empty_like(s0), np.empty_like(s0), cfg, combo_cnt, dish_sizes,
           np.zeros(width, dtype=np.int64), np.zeros(width, dtype=np.int64), np.zeros((3, n), dtype=np.float64),
           np.zeros((0, 3), np.int64), np.zeros(players, dtype=np.float64), np.zeros(players, dtype=np.int64),
           np.zeros(players, dtype=np.int64))
    return ctx, players, width


@_kernel
def _root(ctx, codes):
    s0, root = ctx[0], ctx[1]
    copy_into(codes, root)
    return root.shape[0], s0[kl.S_PLAYER]


@_kernel
def _advice(ctx, codes, k, mt):
    s0, root, s, kept, cfg, combo_cnt, dish_sizes, buf, best, work, gaps, scores, winners, discarded = ctx
    action = kl.heuristic(s0, cfg, combo_cnt, dish_sizes, codes, k, mt, work, best)
    for i in range(k):
        if codes[i] == action:
            return i
    return -1


@_kernel
def _sample(ctx, mt):
    s0, s, cfg = ctx[0], ctx[2], ctx[4]
    kl.determinize(s0, s, s0[kl.S_PLAYER], cfg, mt)


@_kernel
def _start_round(ctx, mt, stream):
    fastrng.seed(stream, np.uint64(fastrng.getrandbits(mt, 63)))
    copy_into(ctx[3], ctx[2])


@_kernel
def _legal(ctx, codes):
    s = ctx[2]
    return kl.legal(s, ctx[4], ctx[5], codes), s[kl.S_PLAYER]


@_kernel
def _apply(ctx, codes, i):
    kl.apply(ctx[2], codes[i], ctx[4], ctx[5], ctx[10])
    return OK


@_kernel
def _play(ctx, codes, i, at_root, stream, policy, epsilon):
    s0, root, s, kept, cfg, combo_cnt, dish_sizes, buf, best, work, gaps, scores, winners, discarded = ctx
    if at_root:
        copy_into(s, kept)
    kl.apply(s, codes[i], cfg, combo_cnt, gaps)
    rollout(s, cfg, combo_cnt, dish_sizes, stream, policy, epsilon, buf, best, work, gaps)
    return OK


@_kernel
def _reward(ctx, score_weight, out):
    s0, root, s, kept, cfg, combo_cnt, dish_sizes, buf, best, work, gaps, scores, winners, discarded = ctx
    kl.outcome(s, cfg, scores, winners, discarded)
    rewards(scores, winners, s[kl.S_END] == kl.SUPPLY_EXHAUSTED, score_weight, out)


LOOPS = bind_search("king_lui", context=_context, root=_root, advice=_advice, sample=_sample,
                    start_round=_start_round, legal=_legal, apply=_apply, play=_play, reward=_reward)


def encode(state: KingLuiState, t: Tables) -> np.ndarray:
    """``state`` as a ``compiled_rules`` state (the whole position: the driver determinizes it itself)."""
    n, players = len(state.game.dishes), state.game.players
    s = np.zeros(kl.size(n, players, t.cards), dtype=np.int64)
    over = state.end_reason is not None
    kinds = {action[0] for action in state._legal}  # the turn's flags, as ``settle`` stores them
    flags = (MAY_TAKE if "take" in kinds else 0) | (MAY_DRAW if "draw" in kinds else 0) \
        | (MAY_FEED if "emerald" in kinds else 0)
    s[:kl.HEADER] = (len(state.supply), len(state.table_emeralds), state.king_total, len(state.pending), state.chef,
                     state.acted, -1 if over else state._player, state.turns, state.rounds,
                     END_NAMES.index(state.end_reason or "playing"),
                     kl.OVER if over else kl.DRAWN_EMERALD if state.phase == _DRAWN_EMERALD else flags,
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
    args = (encode(state, t), codes(legal, t), t.cfg, t.combo_cnt, t.dish_sizes)
    return run("King Lui search driver", LOOPS, args, params, seed, always_advise=True)
