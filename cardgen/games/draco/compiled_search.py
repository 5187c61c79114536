"""Draco & Co's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``' kernels.

``DracoState.compiled_search`` (engine.py) hands a decision here: ``Driver.encode`` turns
the reference state into ``compiled_rules``' position array, ``choose`` runs the
iterations of ``cardgen.agents.search.SearchAgent`` on it inside numba (paired flat
Monte Carlo against the heuristic's own move, or the information-set tree of
``cardgen.engine.fasttree``), and the answer is an index into the reference's legal
actions (both list them in the same order). Every rule, the heuristic and
``determinize`` are ``compiled_rules``' kernels, the very ones the batch tier plays
whole games with (their log off); nothing here knows a rule. Search's constants come
from ``SearchParams`` and ``cardgen.agents.search``.

**Speed** (a 5-player game at 200 iterations, every seat searching: 1.6 s of CPU with
heuristic rollouts, 0.5 s with random ones; each decision plays ~200 rollouts of ~65
moves). Paired search seeds a round's rollout generator once and copies it to each
root move, and twists both generators once a round (the same words as seeding per move).
"""
from __future__ import annotations

import weakref

import numpy as np
from numba import njit

from cardgen.agents.search import DECIDED_EVERY, PAIRED_MIN_ROUNDS, ROLLOUT_CAP
from cardgen.engine import fastrng as fr
from cardgen.engine import fasttree as ft
from cardgen.engine.api import Action, SearchParams
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco.compiled_rules import (C_NCHARS, S_ASIDE, S_BANK, S_CUP, S_CUPRIGHT, S_CUR,
                                                S_DISC, S_END, S_FINALRULE, S_FINALS, S_FIRST, S_LASTCALL, S_PHASE,
                                                S_PILE, S_REBUILDS, S_REBUILT, S_ROLL, S_ROLLANY, S_ROLLSIGN,
                                                S_ROUNDS, S_SQN, S_TOASTS, S_TURNS, S_UNPAID, views_of)
from cardgen.games.draco.engine import DracoGame, DracoState
from cardgen.jit import announce_compile


@njit(cache=True, _nrt=False, inline="always")
def _random(mt):  # type: ignore[no-untyped-def]
    """``fastrng.random`` (``random.random()``, 53 bits) from the inlined draws: the same floats."""
    a = fr.genrand_inline(mt) >> np.uint32(5)
    b = fr.genrand_inline(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


# -- search over the kernels --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def rollout(V, G, E, H, mt, rng, policy, epsilon, rows):  # type: ignore[no-untyped-def]
    """Play the sample to its end: the heuristic (``policy``) with chance ``epsilon`` of a random move,
    or uniformly random moves. False when abandoned after ``ROLLOUT_CAP`` decisions (or stuck)."""
    sc = V[0]
    for _ in range(ROLLOUT_CAP):
        if sc[S_END] != 0:
            return True
        m = cr.legal(V, G, rows)
        if m == 0:
            return False
        if m == 1:
            i = 0
        elif epsilon > 0.0 and _random(rng) < epsilon:
            i = int(_random(rng) * m)
        elif policy:
            i = cr.heuristic(V, G, H, rows, m, rng)
        else:
            i = int(_random(rng) * m)
        cr.apply(rows[i], V, G, E, mt)
    return sc[S_END] != 0


@njit(cache=True, _nrt=False)
def _reward(V, G, R, finished, score_weight, out):  # type: ignore[no-untyped-def]
    money = V[1]
    win, scores = R[0], R[1]
    cr.winners(money, G[0], win)
    for p in range(money.shape[0]):
        scores[p] = money[p]
    ft.rewards(scores, win, finished, score_weight, out)


@njit(cache=True, _nrt=False)
def choose_paired(s, G, B, iterations, score_weight, epsilon, policy, z, seed):  # type: ignore[no-untyped-def]
    """``SearchAgent._paired_choice``: rounds of one sample and one rollout seed, every root move played."""
    cfg = G[0]
    E, H, D, R = B[0], B[1], B[2], B[3]
    rng, prng, base_mt, mt = B[4], B[5], B[6], B[7]
    base, work = B[8], B[9]
    root_rows, rows = B[10], B[11]
    sums, dsum, dsq, got, reward = B[12], B[13], B[14], B[15], B[16]
    fr.seed(rng, np.uint64(seed))
    V0 = cr._views(s, cfg)
    seat = cr.player(V0)
    k = cr.legal(V0, G, root_rows)
    advice = cr.heuristic(V0, G, H, root_rows, k, rng) if policy else -1
    rounds = max(PAIRED_MIN_ROUNDS, iterations // k)
    sums[:k] = 0.0
    dsum[:k] = 0.0
    dsq[:k] = 0.0
    V = cr._views(work, cfg)
    pseed = B[21]
    for _ in range(rounds):
        cr.determinize(s, base, seat, rng, base_mt, G, D)
        low = np.uint64(fr.genrand_inline(rng))
        high = np.uint64(fr.genrand_inline(rng))
        rseed = (high << np.uint64(32)) | low
        # seeded and twisted once a round, copied for each root move: the very words a
        # fresh seeding per move would give, without its cost (the first draw twists anyway)
        fr.seed(pseed, rseed)
        fr.twist_fast(pseed)
        fr.twist_fast(base_mt)
        for i in range(k):
            cr.copy(work, base)
            cr.copy(mt, base_mt)
            cr.copy(prng, pseed)
            cr.apply(root_rows[i], V, G, E, mt)
            finished = rollout(V, G, E, H, mt, prng, policy, epsilon, rows)
            _reward(V, G, R, finished, score_weight, reward)
            got[i] = reward[seat]
        ft.paired_add(sums, dsum, dsq, got, k, advice)
    return ft.paired_pick(sums, dsum, dsq, rounds, k, advice, z)


@njit(cache=True, _nrt=False)
def _apply_id(rows, ids, m, action, V, G, E, mt):  # type: ignore[no-untyped-def]
    """Apply the legal row whose action id is ``action``."""
    for i in range(m):
        if ids[i] == action:
            cr.apply(rows[i], V, G, E, mt)
            return


@njit(cache=True, _nrt=False)
def choose_tree(s, G, B, tree, value, iterations, exploration, score_weight, epsilon, policy, prior,
                seed):  # type: ignore[no-untyped-def]
    """``SearchAgent``'s information-set MCTS: determinize, select (UCT on availability), expand one
    untried action, roll out, backpropagate; early stop once the most visited root action is decided."""
    cfg = G[0]
    nchars = cfg[C_NCHARS]
    E, H, D, R = B[0], B[1], B[2], B[3]
    rng, mt = B[4], B[7]
    work = B[9]
    root_rows, rows = B[10], B[11]
    reward = B[16]
    ids, untried, path = B[17], B[18], B[19]
    root_ids = B[20]
    fr.seed(rng, np.uint64(seed))
    ft.reset(tree, value)
    V0 = cr._views(s, cfg)
    seat = cr.player(V0)
    k = cr.legal(V0, G, root_rows)
    for i in range(k):
        root_ids[i] = cr.action_id(root_rows[i], nchars)
    bonus_id = -1
    bonus = 0.0
    if policy and prior > 0.0:
        bonus_id = root_ids[cr.heuristic(V0, G, H, root_rows, k, rng)]
        bonus = prior * iterations
    V = cr._views(work, cfg)
    sc = V[0]
    for done in range(1, iterations + 1):
        cr.determinize(s, work, seat, rng, mt, G, D)
        node = 0
        length = 1
        path[0] = 0
        rolled = False
        finished = True
        while sc[S_END] == 0:
            m = cr.legal(V, G, rows)
            if m == 0:
                finished = False
                break
            mover = cr.player(V)
            for i in range(m):
                ids[i] = cr.action_id(rows[i], nchars)
            nu = ft.untried(tree, node, ids, m, untried)
            if nu > 0:
                pick = untried[fr.randbelow_inline(rng, nu)] if nu > 1 else untried[0]
                _apply_id(rows, ids, m, pick, V, G, E, mt)
                child = ft.add_child(tree, value, node, pick, mover)
                if child != ft.NONE:
                    path[length] = child
                    length += 1
                finished = rollout(V, G, E, H, mt, rng, policy, epsilon, rows)
                rolled = True
                break
            child = ft.select_uct(tree, value, node, ids, m, exploration)
            _apply_id(rows, ids, m, tree[child, ft.T_ACTION], V, G, E, mt)
            node = child
            path[length] = child
            length += 1
        if not rolled and sc[S_END] == 0:
            finished = False
        _reward(V, G, R, finished, score_weight, reward)
        ft.backpropagate(tree, value, path, length, reward)
        if done % DECIDED_EVERY == 0 and done < iterations and ft.decided_with(tree, 0, iterations - done, bonus_id, bonus):
            break
    return ft.most_visited_with(tree, value, 0, root_ids, k, bonus_id, bonus)


# -- Python side: tables, encode, the hook -----------------------------------------------------
#: the scalars a position copies from the reference state as they are (booleans as 0/1)
_SCALARS = ((S_CUR, "cur"), (S_FIRST, "first"), (S_CUP, "cup"), (S_CUPRIGHT, "cup_right"),
            (S_REBUILDS, "rebuilds_left"), (S_LASTCALL, "last_call"), (S_PHASE, "phase"), (S_ROLL, "roll"),
            (S_ROLLSIGN, "roll_sign"), (S_ROLLANY, "roll_any"), (S_TOASTS, "toasts"), (S_REBUILT, "rebuilt"),
            (S_UNPAID, "unpaid"), (S_TURNS, "turns"), (S_ROUNDS, "rounds"), (S_BANK, "bank"),
            (S_FINALS, "final_toasts"))


class Driver:
    """The compiled search of one ``DracoGame``: static tables, buffers, and the tree."""

    def __init__(self, game: DracoGame) -> None:
        #: a proxy: ``_DRIVERS`` holds drivers by weak keys, so the driver must not keep its game alive
        self.g = weakref.proxy(game)
        self.G, self.E, self.H, self.D, w = cr.tables(game, log=False)
        self.cfg = self.G[0]
        n = game.players
        self.size = cr.state_size(self.cfg)
        i64, f64 = np.int64, np.float64
        #: reward scratch (winners, scores)
        self.R = (np.zeros(n, i64), np.zeros(n, f64))
        self.B = (self.E, self.H, self.D, self.R,
                  fr.new_state(), fr.new_state(), fr.new_state(), fr.new_state(),  # 4-7 generators
                  np.zeros(self.size, i64), np.zeros(self.size, i64),  # 8-9 sample, working copy
                  np.zeros((w, 6), i64), np.zeros((w, 6), i64),  # 10-11 legal rows: root, walk
                  np.zeros(w, f64), np.zeros(w, f64), np.zeros(w, f64), np.zeros(w, f64), np.zeros(n, f64),  # 12-16
                  np.zeros(w, i64), np.zeros(w, i64), np.zeros(ROLLOUT_CAP + 2, i64), np.zeros(w, i64),  # 17-20
                  fr.new_state())  # 21 a round's rollout generator, seeded once
        self.tree, self.value = ft.new_tree(2)

    # -- encode ------------------------------------------------------------------------
    def encode(self, state: DracoState) -> np.ndarray:
        """The reference position as a position array (the generator is not part of it)."""
        s = np.zeros(self.size, dtype=np.int64)
        sc, money, order, hand_n, hands, pile, discard, aside, gen, queue = views_of(s, self.cfg)
        for i, name in _SCALARS:
            sc[i] = getattr(state, name)
        sc[S_FINALRULE] = 0 if state.final_rule == "must_toast" else 1
        sc[S_END] = 0 if state.end_reason is None else 1
        for i, zone, cards in ((S_PILE, pile, state.pile), (S_DISC, discard, state.discard),
                               (S_ASIDE, aside, state.set_aside), (S_SQN, queue, state.sarah_queue)):
            sc[i] = len(cards)
            zone[:len(cards)] = cards
        money[:] = state.money
        order[:] = state.order
        for p, hand in enumerate(state.hands):
            hand_n[p] = len(hand)
            hands[p, :len(hand)] = hand
        gen[:len(self.g.card_ids)] = state.card_gen
        return s

    def legal_rows(self, s: np.ndarray) -> np.ndarray:
        """The legal rows of position ``s`` (a copy)."""
        m = cr.legal_of(s, self.G, self.B[10])
        return self.B[10][:m].copy()

    # -- decide ------------------------------------------------------------------------
    def choose(self, s: np.ndarray, params: SearchParams, seed: int, prior: float) -> int:
        """The index among the legal rows of ``s`` that search picks."""
        if params.paired:
            return int(choose_paired(s, self.G, self.B, params.iterations, params.score_weight, params.epsilon,
                                     params.policy, params.z, seed))
        if self.tree.shape[0] < params.iterations + 2:
            self.tree, self.value = ft.new_tree(params.iterations + 2)
        return int(choose_tree(s, self.G, self.B, self.tree, self.value, params.iterations, params.exploration,
                               params.score_weight, params.epsilon if params.policy else 0.0, params.policy,
                               prior, seed))


def unsupported(game: DracoGame) -> str | None:
    """Why the driver cannot search this deck (the Python search runs instead), or None."""
    if not game.card_ids:
        return "a deck without action cards"
    return cr.unsupported(game)


_DRIVERS: "weakref.WeakKeyDictionary[DracoGame, Driver | str]" = weakref.WeakKeyDictionary()


def driver(game: DracoGame) -> Driver | str:
    """The driver of ``game`` (built once per game object), or why there is none."""
    d = _DRIVERS.get(game)
    if d is None:
        announce_compile("Draco search driver", choose_tree)
        why = unsupported(game)
        d = _DRIVERS[game] = why if why is not None else Driver(game)
    return d


def compiled_search(state: DracoState, params: SearchParams, legal_actions: list[Action], seed: int) -> int | None:
    """``DracoState.compiled_search``: the index in ``legal_actions`` search picks, or None (no driver)."""
    d = driver(state.g)
    if isinstance(d, str) or state.end_reason is not None:
        return None
    s = d.encode(state)
    if params.iterations < 1 or len(d.legal_rows(s)) != len(legal_actions):
        return None
    return d.choose(s, params, seed, params.prior if params.policy else 0.0)
