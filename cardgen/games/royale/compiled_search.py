"""Royale's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``'s kernels.

``State.compiled_search`` copies the reference position, the record both tiers keep
(``RoyaleState.s``, ``rules.layout``; the true pile order included, only ``determinize`` hides
it), into the kernels' array; only the nobles' states are numbered apart, each tier by its own
noble table (``rules.renumber``). It runs ``cardgen.engine.searchloop``'s paired choice (with a policy) or tree (without)
bound to the kernels below (``determinize``, ``legal_actions``, ``apply``, ``play_on`` with the
rollout policy's seat kinds, ``heuristic``, ``outcome``). Streams: the search's own, seeded
with ``seed``; a sample's own chance, seeded from it; a paired round's rollout stream. Tree
search *with* a policy (its root prior) is not compiled: ``compiled_search`` answers None there.

A run that meets a full noble table (``FULL``) grows it in Python and runs the *whole*
search again from the same seed, so the decision is the one an unbounded table gives.
Base deck, 3 players, 200 iterations: a game is about 134 decisions and 1.6 million
simulated actions, most of them planned by the heuristic (docs/validator.md).
"""
from __future__ import annotations

import weakref

import numpy as np
from numba import njit

from cardgen.engine.searchparams import ROLLOUT_CAP
from cardgen.engine import fastrng, fasttree
from cardgen.engine.api import Action, SearchParams
from cardgen.engine.searchloop import OK, bind_search, copy_into, run
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale.compiled import RoyaleFast
from cardgen.games.royale.engine import OVER, RoyaleGame, RoyaleState

#: noble table rows made at once (the base deck's searches reach about 11,000)
ROWS = 1 << 14
FULL = core.FULL


@core._hot
def _play_out(V, G, W, H, cmt, pmt, P, a):
    """Play ``a``, then roll out (``ROLLOUT_CAP`` steps, ``P``: the seats, ``play_on``'s): OK, or MISSING (go
    on with ``play_out``).

    Without reference counting, like ``play_on``: a search calls it for every rollout, and the
    increments and decrements of the forty-odd arrays it passes cost more than a short rollout."""
    miss = W[4]
    miss[core.MISS_RESUME] = core.RESUME_APPLY
    miss[core.MISS_ACTION] = a
    miss[core.MISS_LEFT] = ROLLOUT_CAP + 1  # the first step is ``a``
    return core.play_on(V, G, W, H, cmt, pmt, P)


# -- the kernels of ``searchloop`` (its stubs say what each does) --------------------------------------------
#: kernels inlined into the loops (``searchloop``'s docstring says why)
_kernel = njit(cache=True, inline="always")


@njit(cache=True)
def _context(args):
    """ctx: the root position, the working position, the round's start, the chance streams (working, round's
    start), the rollouts' seat kinds (random, policy), the tables, scratch; each position with its fields."""
    root, off, G, W, H = args
    players = G[core.G_CFG][core.C_PLAYERS]
    s = np.empty_like(root)
    ctx = (root, core.fields(root, off), s, core.fields(s, off), np.empty_like(root), fastrng.new_state(),
           fastrng.new_state(), np.full(players, core.ROLLOUT_RANDOM, dtype=np.int64),
           np.full(players, core.ROLLOUT_POLICY, dtype=np.int64), G, W, H, np.zeros(players, dtype=np.int64),
           np.zeros(players, dtype=np.int64))
    return ctx, players, W[3].shape[0]


@_kernel
def _root(ctx, codes):
    vroot, G = ctx[1], ctx[9]
    return core.legal_actions(vroot, G, codes), vroot[core.F_ST][core.S_PLAYER]


@_kernel
def _advice(ctx, codes, k, mt):
    i = core.heuristic(ctx[1], ctx[9], ctx[11], mt, codes, k)
    return FULL if i < 0 else i


@_kernel
def _sample(ctx, mt):
    root, s, vs, cmt = ctx[0], ctx[2], ctx[3], ctx[5]
    core.determinize(root, s, vs, mt)
    fastrng.seed(cmt, np.uint64(fastrng.getrandbits(mt, 63)))  # the sample's own chance


@_kernel
def _start_round(ctx, mt, stream):
    fastrng.seed(stream, np.uint64(fastrng.getrandbits(mt, 63)))
    copy_into(ctx[4], ctx[2])
    copy_into(ctx[6], ctx[5])


@_kernel
def _legal(ctx, codes):
    st = ctx[3][core.F_ST]
    m = 0 if st[core.S_END] != core.PLAYING else core.legal_actions(ctx[3], ctx[9], codes)
    return m, st[core.S_PLAYER]


@_kernel
def _apply(ctx, codes, i):
    return core.apply(ctx[3], ctx[9], ctx[10], ctx[5], codes[i])


@_kernel
def _play(ctx, codes, i, at_root, stream, policy, epsilon):
    root, vroot, s, vs, kept, cmt, cmt0, random_kinds, policy_kinds, G, W, H, scores, winners = ctx
    if at_root:
        copy_into(s, kept)
        copy_into(cmt, cmt0)
    kinds = policy_kinds if policy else random_kinds
    P = (kinds, epsilon, False, W[2])  # the rollout's seats; nothing recorded
    if _play_out(vs, G, W, H, cmt, stream, P, codes[i]) == core.MISSING and \
            core.play_out(vs, G, W, H, cmt, stream, P) == FULL:
        return FULL
    return OK


@_kernel
def _reward(ctx, score_weight, out):
    root, vroot, s, vs, kept, cmt, cmt0, random_kinds, policy_kinds, G, W, H, scores, winners = ctx
    finished = core.outcome(vs, G, scores, winners)
    fasttree.rewards(scores, winners, finished, score_weight, out)


LOOPS = bind_search("royale", context=_context, root=_root, advice=_advice, sample=_sample, start_round=_start_round,
                    legal=_legal, apply=_apply, play=_play, reward=_reward)


# == Python side: the position copied, the hook ============================================================
class Compiled:
    """One game's compiled tier (its tables and work arrays) with the reference action ids, for searches."""

    def __init__(self, game: RoyaleGame) -> None:
        self.game = g = game
        self.fast = f = RoyaleFast(game)
        while f.tables.trans.shape[0] < ROWS:  # room for what searches reach: fewer reruns on a full table
            f.tables.grow()
        self.off, self.size, self.nslots = f.off, f.size, f.nslots
        self.runs = 0  # searches run (a run that meets an unknown transition is run again)
        # reference action -> id, per seat (``RoyaleFast.action`` the other way)
        common = {a: i for i, a in enumerate(f.action_of) if a is not None}
        nlines = len(g.lines)
        self.id_of = [common | {a: nlines + t for t, a in enumerate(imp)} for imp in g.imposter_actions]

    def position(self, state: RoyaleState) -> np.ndarray:
        """The kernels' position of a reference state: a copy of its record, the nobles' states renumbered by this
        tier's table (``compiled_rules.renumber``, ``rules.renumber``: each tier numbers them its own way)."""
        s = np.array(state.s, dtype=np.int64)
        f = self.fast
        while core.renumber(core.fields(s, self.off), f.G(), f.W) == FULL:
            f.tables.grow()  # the noble table was full: renumbered again, with room
        return s

    def action(self, seat: int, a: int) -> Action:
        """The reference action of id ``a`` for ``seat``."""
        return self.fast.action(seat, a)

    def search(self, state: RoyaleState, params: SearchParams, legal: list[Action], seed: int) -> int | None:
        """The index in ``legal`` the search picks (``State.compiled_search``), or None when not compiled."""
        if params.policy and not params.paired:
            return None  # the tree with the policy's root prior: Python's
        root = self.position(state)
        seat, f = state.player, self.fast
        while True:
            G = f.G()
            pick = run("Royale search driver", LOOPS, (root, self.off, G, f.W, f.H), params, seed, game=self.game)
            self.runs += 1
            if pick != FULL:
                break
            f.tables.grow()  # the noble table was full: the same search again, with room
        rlegal = np.zeros(f.W[3].shape[0], dtype=np.int64)
        m = core.legal_actions(core.fields(root, self.off), G, rlegal)
        if m != len(legal):
            raise RuntimeError(f"compiled Royale search: {m} legal actions, the engine has {len(legal)}")
        return legal.index(self.action(seat, int(rlegal[pick])))


_COMPILED: "weakref.WeakKeyDictionary[RoyaleGame, Compiled]" = weakref.WeakKeyDictionary()


def compiled(game: RoyaleGame) -> Compiled:
    """The game's ``Compiled`` (built once per game)."""
    return _COMPILED.get(game) or _COMPILED.setdefault(game, Compiled(game))


def compiled_search(state: RoyaleState, params: SearchParams, legal: list[Action], seed: int) -> int | None:
    """``RoyaleState.compiled_search``."""
    if state.end_reason is not None or state.phase == OVER:
        return None
    return compiled(state.g).search(state, params, legal, seed)
