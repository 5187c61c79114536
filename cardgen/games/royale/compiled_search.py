"""Royale's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``'s kernels.

``State.compiled_search`` encodes the reference position into the kernels' position
(``compiled_rules.fields``; the true pile order included, only ``determinize`` hides it)
and runs ``params.iterations`` iterations of ``cardgen.agents.search.SearchAgent``:
paired flat Monte Carlo against the heuristic's own move (with a policy), or the tree
(no policy, random rollouts; ``cardgen.engine.fasttree``). Every step is a kernel of
``compiled_rules`` (``determinize``, ``legal_actions``, ``apply``, ``play_on`` with the
rollout policy's seat kinds, ``heuristic``, ``outcome``); the constants are the agent's
(``SearchParams``, ``ROLLOUT_CAP``, ``PAIRED_MIN_ROUNDS``, ``DECIDED_EVERY``). Tree search *with*
a policy (its root prior) is not compiled: ``compiled_search`` answers None there and the Python search runs.

A run that meets a full noble table (``FULL``) grows it in Python and runs the *whole*
search again from the same seed, so the decision is the one an unbounded table gives.
Base deck, 3 players, 200 iterations: a game is about 134 decisions and 1.6 million
simulated actions, most of them planned by the heuristic (docs/validator.md).
"""
from __future__ import annotations

import weakref

import numpy as np
from numba import njit

from cardgen.agents.search import DECIDED_EVERY, PAIRED_MIN_ROUNDS, ROLLOUT_CAP
from cardgen.engine import fastrng, fasttree
from cardgen.engine.api import Action, SearchParams
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale.compiled import RoyaleFast
from cardgen.games.royale.engine import OVER, RoyaleGame, RoyaleState

#: noble table rows made at once (the base deck's searches reach about 11,000)
ROWS = 1 << 14
FULL = core.FULL


@core._hot
def _play_out(V, G, W, H, cmt, pmt, kinds, epsilon, a):
    """Play ``a``, then roll out (``ROLLOUT_CAP`` steps): OK, or MISSING (go on with ``play_out``).

    Without reference counting, like ``play_on``: a search calls it for every rollout, and the
    increments and decrements of the forty-odd arrays it passes cost more than a short rollout."""
    miss = W[4]
    miss[core.MISS_RESUME] = core.RESUME_APPLY
    miss[core.MISS_ACTION] = a
    miss[core.MISS_LEFT] = ROLLOUT_CAP + 1  # the first step is ``a``
    return core.play_on(V, G, W, H, cmt, pmt, kinds, epsilon, False, W[2])


@core._hot
def _reward(V, G, score_weight, scores, winners, out):
    finished = core.outcome(V, G, scores, winners)
    fasttree.rewards(scores, winners, finished, score_weight, out)


@njit(cache=True)
def search_paired(root, off, G, W, H, seed, iterations, score_weight, policy, epsilon, z):
    """``SearchAgent._paired_choice``: the index in the root's legal actions to play (FULL: grow, run again).

    Without ``policy``: random rollouts and no move of the policy's to beat (the best sum wins).
    """
    players = G[core.G_CFG][core.C_PLAYERS]
    kinds = np.full(players, core.ROLLOUT_POLICY if policy else core.ROLLOUT_RANDOM, dtype=np.int64)
    mt, cmt, pmt = np.zeros(625, dtype=np.uint32), np.zeros(625, dtype=np.uint32), np.zeros(625, dtype=np.uint32)
    cmt0, pmt0 = np.zeros(625, dtype=np.uint32), np.zeros(625, dtype=np.uint32)
    fastrng.seed(mt, np.uint64(seed))
    rlegal = np.empty(W[3].shape[0], dtype=np.int64)
    vroot = core.fields(root, off)
    k = core.legal_actions(vroot, G, rlegal)
    seat = vroot[core.F_ST][core.S_PLAYER]
    base = -1
    if policy:
        base = core.heuristic(vroot, G, H, mt, rlegal, k)
        if base < 0:
            return FULL
    rounds = max(PAIRED_MIN_ROUNDS, iterations // k)
    sums, dsum, dsq, got = np.zeros(k), np.zeros(k), np.zeros(k), np.zeros(k)
    sample = np.empty_like(root)
    vsample = core.fields(sample, off)
    s = np.empty_like(root)
    vs = core.fields(s, off)
    scores = np.zeros(players, dtype=np.int64)
    winners = np.zeros(players, dtype=np.int64)
    rew = np.zeros(players)
    for _ in range(rounds):
        core.determinize(root, sample, vsample, mt)
        fastrng.seed(cmt0, np.uint64(fastrng.getrandbits(mt, 63)))  # the sample's own chance
        fastrng.seed(pmt0, np.uint64(fastrng.getrandbits(mt, 63)))  # the round's rollout seed
        for i in range(k):
            s[:] = sample
            cmt[:] = cmt0
            pmt[:] = pmt0
            if _play_out(vs, G, W, H, cmt, pmt, kinds, epsilon, rlegal[i]) == core.MISSING and \
                    core.play_out(vs, G, W, H, cmt, pmt, kinds, epsilon, False, W[2]) == FULL:
                return FULL
            _reward(vs, G, score_weight, scores, winners, rew)
            got[i] = rew[seat]
        fasttree.paired_add(sums, dsum, dsq, got, k, base)
    return fasttree.paired_pick(sums, dsum, dsq, rounds, k, base, z)


@njit(cache=True)
def search_tree(root, off, G, W, H, seed, iterations, exploration, score_weight, capacity):
    """``SearchAgent``'s tree (random rollouts): the index in the root's legal actions (FULL: grow, run again)."""
    players = G[core.G_CFG][core.C_PLAYERS]
    kinds = np.full(players, core.ROLLOUT_RANDOM, dtype=np.int64)
    mt, cmt = np.zeros(625, dtype=np.uint32), np.zeros(625, dtype=np.uint32)
    fastrng.seed(mt, np.uint64(seed))
    nl = W[3].shape[0]
    rlegal = np.empty(nl, dtype=np.int64)
    legal = np.empty(nl, dtype=np.int64)
    fresh = np.empty(nl, dtype=np.int64)
    k = core.legal_actions(core.fields(root, off), G, rlegal)
    tree, value = fasttree.new_tree(capacity)
    path = np.zeros(ROLLOUT_CAP + 2, dtype=np.int64)
    s = np.empty_like(root)
    vs = core.fields(s, off)
    st = vs[core.F_ST]
    scores = np.zeros(players, dtype=np.int64)
    winners = np.zeros(players, dtype=np.int64)
    rew = np.zeros(players)
    for done in range(1, iterations + 1):
        core.determinize(root, s, vs, mt)
        fastrng.seed(cmt, np.uint64(fastrng.getrandbits(mt, 63)))  # the sample's own chance
        node = 0
        path[0] = 0
        length = 1
        while st[core.S_END] == core.PLAYING:
            m = core.legal_actions(vs, G, legal)
            if m == 0:
                break
            player = st[core.S_PLAYER]
            n = fasttree.untried(tree, node, legal, m, fresh)
            if n > 0:
                a = fresh[fastrng.randbelow(mt, n)] if n > 1 else fresh[0]
                child = fasttree.add_child(tree, value, node, a, player)
                if child != fasttree.NONE:
                    path[length] = child
                    length += 1
                if _play_out(vs, G, W, H, cmt, mt, kinds, 0.0, a) == core.MISSING and \
                        core.play_out(vs, G, W, H, cmt, mt, kinds, 0.0, False, W[2]) == FULL:
                    return FULL
                break
            node = fasttree.select_uct(tree, value, node, legal, m, exploration)
            if core.apply(vs, G, W, cmt, tree[node, fasttree.T_ACTION]) == FULL:
                return FULL
            path[length] = node
            length += 1
        _reward(vs, G, score_weight, scores, winners, rew)
        fasttree.backpropagate(tree, value, path, length, rew)
        if done % DECIDED_EVERY == 0 and done < iterations and fasttree.decided(tree, 0, iterations - done):
            break
    return fasttree.most_visited(tree, value, 0, rlegal, k)


# == Python side: encoding, the hook ====================================================================
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

    def encode(self, state: RoyaleState) -> np.ndarray:
        """The position of a reference state (the true pile order included: only ``determinize`` hides it)."""
        g, f = self.game, self.fast
        s = np.zeros(self.size, dtype=np.int64)
        st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = core.fields(s, self.off)
        for slot, value in ((core.S_PLAYER, state.player), (core.S_PHASE, state.phase),
                            (core.S_END, core.PLAYING if state.end_reason is None else core.BANQUET_OVER),
                            (core.S_TURNS, state.turns), (core.S_ROUNDS, state.rounds), (core.S_PILE, len(state.pile)),
                            (core.S_DISC, len(state.discard)), (core.S_HAND, len(state.hand)),
                            (core.S_SOLO_LEN, len(state.solo_pile)), (core.S_REV_LEN, len(state.solo_revealed)),
                            (core.S_END_DRAWS, state.end_draws), (core.S_WINNER, -1), (core.S_RESHUFFLE_PEAK, -1)):
            st[slot] = value
        grid[:] = state.grid
        pile[:len(state.pile)] = state.pile
        disc[:len(state.discard)] = state.discard
        hand[:len(state.hand)] = state.hand
        tables = f.tables
        nslots = self.nslots
        for p in range(g.players):
            score[p] = state.score[p]
            imp_left[p] = state.imposter_left[p]
            for sl in range(nslots):
                k = p * nslots + sl
                row[k] = f.root[k]
                if sl >= len(g.noble_ids[p]):
                    done[k] = 1
                    continue
                cards = state.under[p][sl]
                under[k, :len(cards)] = cards
                ulen[k] = len(cards)
                done[k] = int(state.done[p][sl])
                for c in cards:  # in play order: an ordered requirement keys its state so
                    row[k] = tables.step(int(row[k]), int(f.codes[k, c]))
        solo[:len(state.solo_pile)] = state.solo_pile
        srev[:len(state.solo_revealed)] = state.solo_revealed
        zone[:] = state.end_zone
        return s

    def action(self, seat: int, a: int) -> Action:
        """The reference action of id ``a`` for ``seat``."""
        return self.fast.action(seat, a)

    def search(self, state: RoyaleState, params: SearchParams, legal: list[Action], seed: int) -> int | None:
        """The index in ``legal`` the search picks (``State.compiled_search``), or None when not compiled."""
        if params.policy and not params.paired:
            return None  # the tree with the policy's root prior: Python's
        root = self.encode(state)
        seat, f = state.player, self.fast
        while True:
            G = f.G()
            if params.paired:
                pick = search_paired(root, self.off, G, f.W, f.H, np.uint64(seed), params.iterations,
                                     params.score_weight, params.policy, params.epsilon, params.z)
            else:
                pick = search_tree(root, self.off, G, f.W, f.H, np.uint64(seed), params.iterations,
                                   params.exploration, params.score_weight, params.iterations + 2)
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
