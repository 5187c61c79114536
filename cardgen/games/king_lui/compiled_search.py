"""King Lui's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``' kernels.

``KingLuiState.compiled_search`` calls ``compiled_search``: the reference position, already
in the kernels' layout, is copied into an array (``encode``), and one numba call runs every
iteration of the decision, ``cardgen.engine.searchloop``'s paired choice or tree bound to
the kernels below. Streams: every draw of the search, and the tree's rollouts, from one
``fastrng`` generator seeded with ``seed``; a paired round's rollouts from a generator
seeded once a round from it. The driver reads only what the seat sees, because every
sample starts from ``compiled_rules.determinize``. No rule is written here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numba import njit

from cardgen.engine.searchparams import ROLLOUT_CAP
from cardgen.engine import fastrng
from cardgen.engine.fasttree import rewards
from cardgen.engine.api import Action
from cardgen.engine.searchloop import OK, bind_search, copy_into, run
from cardgen.games.king_lui import compiled_rules as kl
from cardgen.games.king_lui.compiled import Tables, tables
from cardgen.games.king_lui.engine import KingLuiState

if TYPE_CHECKING:
    from cardgen.engine.api import SearchParams


class Search(NamedTuple):
    """One decision's search: the positions, the tables and the scratch its kernels read, by name."""

    s0: np.ndarray  #: the root position
    root: np.ndarray  #: the root's legal action codes
    s: np.ndarray  #: the working position (a sample played on)
    kept: np.ndarray  #: the sample at the start of a paired round
    kit: kl.Kit  #: the deck's rule numbers and tables
    buf: np.ndarray  #: legal codes during a rollout
    best: np.ndarray  #: the heuristic's best codes
    work: np.ndarray  #: the heuristic's float[3, n] scratch
    gaps: np.ndarray  #: no room: the kernels only count the gaps met
    scores: np.ndarray  #: the outcome's arrays, per seat
    winners: np.ndarray
    discarded: np.ndarray


@njit(cache=True)
def rollout(ctx, mt, use_policy, epsilon):
    """Play ``ctx.s`` on to its end (``ROLLOUT_CAP`` decisions at most)."""
    s, kit, buf = ctx.s, ctx.kit, ctx.buf
    cfg, combo_cnt = kit.cfg, kit.combo_cnt
    for _ in range(ROLLOUT_CAP):
        m = kl.legal(s, cfg, combo_cnt, buf)
        if m == 0:
            return
        if m == 1:
            a = buf[0]
        elif use_policy and not (epsilon > 0.0 and fastrng.random(mt) < epsilon):
            a = kl.heuristic(s, kit, buf, m, mt, ctx.work, ctx.best)
        else:
            a = buf[int(fastrng.random(mt) * m)]
        kl.apply(s, a, cfg, combo_cnt, ctx.gaps)


# -- the kernels of ``searchloop`` (its stubs say what each does) --------------------------------------------
#: kernels inlined into the loops (``searchloop``'s docstring says why)
_kernel = njit(cache=True, inline="always")


@njit(cache=True)
def _context(args):
    """The ``Search`` of ``args`` (the root position, its legal codes, the deck's tables), the seats, the most codes."""
    s0, root, cfg, combo_cnt, dish_sizes = args
    n, players = cfg[kl.C_DISHES], cfg[kl.C_PLAYERS]
    width = n + 2 + combo_cnt.shape[0]
    ctx = Search(s0, root, np.empty_like(s0), np.empty_like(s0), kl.Kit(cfg, combo_cnt, dish_sizes),
                 np.zeros(width, dtype=np.int64), np.zeros(width, dtype=np.int64), np.zeros((3, n), dtype=np.float64),
                 np.zeros((0, 3), np.int64), np.zeros(players, dtype=np.float64), np.zeros(players, dtype=np.int64),
                 np.zeros(players, dtype=np.int64))
    return ctx, players, width


@_kernel
def _root(ctx, codes):
    copy_into(codes, ctx.root)
    return ctx.root.shape[0], ctx.s0[kl.S_PLAYER]


@_kernel
def _advice(ctx, codes, k, mt):
    action = kl.heuristic(ctx.s0, ctx.kit, codes, k, mt, ctx.work, ctx.best)
    for i in range(k):
        if codes[i] == action:
            return i
    return -1


@_kernel
def _sample(ctx, mt):
    kl.determinize(ctx.s0, ctx.s, ctx.s0[kl.S_PLAYER], ctx.kit.cfg, mt)


@_kernel
def _start_round(ctx, mt, stream):
    fastrng.seed(stream, np.uint64(fastrng.getrandbits(mt, 63)))
    copy_into(ctx.kept, ctx.s)


@_kernel
def _legal(ctx, codes):
    return kl.legal(ctx.s, ctx.kit.cfg, ctx.kit.combo_cnt, codes), ctx.s[kl.S_PLAYER]


@_kernel
def _apply(ctx, codes, i):
    kl.apply(ctx.s, codes[i], ctx.kit.cfg, ctx.kit.combo_cnt, ctx.gaps)
    return OK


@_kernel
def _play(ctx, codes, i, at_root, stream, policy, epsilon):
    if at_root:
        copy_into(ctx.s, ctx.kept)
    kl.apply(ctx.s, codes[i], ctx.kit.cfg, ctx.kit.combo_cnt, ctx.gaps)
    rollout(ctx, stream, policy, epsilon)
    return OK


@_kernel
def _reward(ctx, score_weight, out):
    tie = kl.outcome(ctx.s, ctx.kit.cfg, ctx.scores, ctx.winners, ctx.discarded)
    kl.tie_standing(ctx.s, ctx.kit.cfg, ctx.winners, tie, ctx.gaps)  # a tie no ruling settles stalls, as in the engine
    rewards(ctx.scores, ctx.winners, ctx.s[kl.S_END] == kl.SUPPLY_EXHAUSTED, score_weight, out)


LOOPS = bind_search("king_lui", context=_context, root=_root, advice=_advice, sample=_sample,
                    start_round=_start_round, legal=_legal, apply=_apply, play=_play, reward=_reward)


def encode(state: KingLuiState) -> np.ndarray:
    """``state``'s record as a ``compiled_rules`` state (the whole position: the driver determinizes it itself)."""
    s = np.array(state.s, dtype=np.int64)
    s[kl.S_GAPS] = len(state.gaps)
    return s


def codes(legal: list[Action], t: Tables) -> np.ndarray:
    """The action codes of reference actions, in their order."""
    return np.array([t.code_of[a] for a in legal], dtype=np.int64)


def compiled_search(state: KingLuiState, params: "SearchParams", legal: list, seed: int) -> int | None:
    """``KingLuiState.compiled_search``: the index in ``legal`` search picks, or None (no driver for this deck)."""
    t = tables(state.game)
    if isinstance(t, str) or state.end_reason is not None or not legal:
        return None
    args = (encode(state), codes(legal, t), t.cfg, t.combo_cnt, t.dish_sizes)
    return run("King Lui search driver", LOOPS, args, params, seed, always_advise=True)
