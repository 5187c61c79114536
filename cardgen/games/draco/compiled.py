"""Draco & Co's compiled tier (numba): the games of ``engine.py``, draw for draw.

``DracoFast.play(seed, agents, cap, record)`` returns exactly the ``GameResult`` that
``cardgen.simulate.runner.play_game`` returns for the reference engine with the same
seed and agents (``random`` and ``heuristic``): same deal, same chance (the engine's
``random.Random(seed)`` and the agents' ``agent_rng(seed)`` through
``cardgen.engine.fastrng``), same legal actions in the same order, same gaps with the
same details, peaks, turns, rounds, scores and winners. ``tests/test_draco_fast.py``
compares both on hundreds of seeds per deck and player count.

The compiled function keeps the state in arrays: ``sc`` holds the scalars (indexes
``S_*``), ``hands`` one row per player, ``pile``/``discard`` as stacks; these three hold
card kinds, not card ids (cards of a kind play alike, and a shuffle moves places whatever
they hold; only the dealt deck keeps ids, for the log). It mirrors the
reference method by method (``_toast``, ``_settle``, ``_end_turn``...); the few things
done once per game in Python (the winners and their tie-break, gap wording, turning
action codes back into the reference's tuples) are done by ``DracoFast.play``.
Compiled once per machine into numba's on-disk cache; a line on stderr says so.
"""
from __future__ import annotations

import sys
from itertools import permutations
from typing import Any

import numpy as np
from numba import njit

from cardgen.engine import fastrng as fr
from cardgen.engine.api import Action, BatchResult, FastEngine, GameResult
from cardgen.games.draco import compiled_heuristic
from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, CUP, DUEL, FLIP, GAPS, MOVE, RESEAT, ROLL, SPLIT,
                                        STEAL, SWAP_ADJ, SWAP_ANY, DracoGame)
from cardgen.games.draco.table import JEAN, NONE, SARAH, ZORK, coins_held

# phases (as engine.py)
PLAY, ROLLED, TOAST, OVER, SARAHQ = 0, 1, 2, 3, 4
# action types of a legal row [type, kind, x, y, z, w]
A_PLAY, A_MOVE, A_TOAST, A_PASS, A_DRAW, A_DECLINE = range(6)
# gap kinds (order of engine.GAPS)
G_FINAL, G_EMPTY, G_CANNOT, G_BANK, G_RICHEST, G_TIE, G_NOTHING = range(7)
GAP_KINDS = list(GAPS)
# peaks
PEAKS = ("gold_in_hands", "silver_in_hands", "money_in_hands", "richest_player", "hand_size", "unpaid_by_bank",
         "coins_missing")
P_GOLD, P_SILVER, P_MONEY, P_RICHEST, P_HAND, P_UNPAID, P_MISSING = range(7)
# scalars
(S_CUR, S_FIRST, S_CUP, S_CUPRIGHT, S_REBUILDS, S_LASTCALL, S_FINALRULE, S_PHASE, S_ROLL, S_ROLLSIGN, S_ROLLANY,
 S_TOASTS, S_REBUILT, S_UNPAID, S_TURNS, S_ROUNDS, S_END, S_PILE, S_DISC, S_SQN, S_NGAPS) = range(21)
NSC = 21
# rule numbers in ``cfg``
(C_N, C_HAND, C_START, C_PERGOLD, C_GOLD, C_SILVER, C_MULT, C_SARAH, C_REBUILDS, C_SETASIDE, C_CUPRIGHT, C_CUPLAST,
 C_MAYTOAST, C_UNLIMITED, C_NONEPAYS, C_NCARDS, C_NCHARS) = range(17)
MAX_GAPS = 256  # a game with more gap events is replayed on the reference engine
# rows of the per-engine work block (``DracoFast.work``): every array a game needs, allocated once
(W_SC, W_PEAK, W_SEEN, W_ORDER, W_HANDN, W_MONEY, W_QUEUE, W_KIDX, W_EVERYONE, W_D, W_RECV, W_TMP) = range(12)
NW = 12

#: the game's inner functions run without numba's reference counting (NRT): they never
#: allocate, and every array they get lives in the caller for the whole call. With it,
#: the atomic increment and decrement of each array argument at each call (NRT_incref,
#: NRT_decref) took about half of a random game's time (perf, 5 players).
_hot = njit(cache=True, _nrt=False)
#: the same for the functions of every decision, inlined (numba IR) into their one caller:
#: a call passes each array as seven machine words, and these take a dozen arrays or more
_inline = njit(cache=True, _nrt=False, inline="always")


@_inline
def _max(a):
    """``a.max()`` of a non-empty array (numpy's reductions need NRT)."""
    top = a[0]
    for i in range(1, a.shape[0]):
        if a[i] > top:
            top = a[i]
    return top


@_inline
def _sum(a):
    """``a.sum()`` (see ``_max``)."""
    total = 0
    for i in range(a.shape[0]):
        total += a[i]
    return total


#: ``table.coins_held`` (the coins the players hold together) compiled: the reference's own arithmetic
_coins = _hot(coins_held)


@_inline
def _track(peak, seen, i, v):
    if seen[i] == 0 or v > peak[i]:
        peak[i] = v
        seen[i] = 1


@_hot
def _track_money(money, cfg, peak, seen, gold, silver):
    _track(peak, seen, P_GOLD, gold)
    _track(peak, seen, P_SILVER, silver)
    _track(peak, seen, P_MONEY, _sum(money))
    _track(peak, seen, P_RICHEST, _max(money))


@_inline
def _gap(sc, gaps, kind, a, b, c):
    g = sc[S_NGAPS]
    if g < MAX_GAPS:
        gaps[g, 0] = kind
        gaps[g, 1] = a
        gaps[g, 2] = b
        gaps[g, 3] = c
    sc[S_NGAPS] = g + 1


@_inline
def _move(order, c, delta):
    k = order.shape[0]
    i = 0
    while order[i] != c:
        i += 1
    j = i + delta
    if j < 0:
        j = 0
    elif j > k - 1:
        j = k - 1
    if j < i:
        for t in range(i, j, -1):
            order[t] = order[t - 1]
        order[j] = c
    elif j > i:
        for t in range(i, j):
            order[t] = order[t + 1]
        order[j] = c


@_inline
def _index(order, c):
    i = 0
    while order[i] != c:
        i += 1
    return i


@_hot
def _settle(d, recv, nrecv, bank, money, cfg, sc, gaps, peak, seen):
    """``DracoState._settle`` (returns the change of the bank: unused but for symmetry)."""
    n = cfg[C_N]
    for p in range(n):
        v = d[p]
        if v < 0 and money[p] + v < 0:
            _gap(sc, gaps, G_CANNOT, p, -v, money[p])
            d[p] = -money[p]
    for p in range(n):
        money[p] += d[p]
    gold, silver = _coins(money, cfg[C_PERGOLD], cfg[C_GOLD])
    if silver > cfg[C_SILVER]:
        _gap(sc, gaps, G_BANK, silver, cfg[C_SILVER], 0)
        if cfg[C_UNLIMITED]:
            _track(peak, seen, P_MISSING, silver - cfg[C_SILVER])
        else:
            payer = -1
            if not bank:
                payer = 0
                for p in range(n):
                    if d[p] < d[payer]:
                        payer = p
            for r in range(nrecv - 1, -1, -1):
                p = recv[r]
                while d[p] > 0 and silver > cfg[C_SILVER]:
                    money[p] -= 1
                    d[p] -= 1
                    if bank:
                        sc[S_UNPAID] += 1
                    else:
                        money[payer] += 1
                        d[payer] += 1
                    gold, silver = _coins(money, cfg[C_PERGOLD], cfg[C_GOLD])
            _track(peak, seen, P_UNPAID, sc[S_UNPAID])
    _track_money(money, cfg, peak, seen, gold, silver)


@_hot
def _transfer(payer, payee, amount, money, cfg, sc, gaps, peak, seen, d, recv):
    """One player pays another (``d``, ``recv``: scratch rows of the work block)."""
    have = money[payer]
    if have < amount:
        _gap(sc, gaps, G_CANNOT, payer, amount, have)
        amount = have
    if amount:
        d[:cfg[C_N]] = 0
        d[payer] -= amount
        d[payee] += amount
        recv[0] = payee
        _settle(d, recv, 1, False, money, cfg, sc, gaps, peak, seen)


@_hot
def _deltas(order, owner, special, payouts, costs, mult, money, n, none_pays, d):
    """``table.toast_deltas`` into ``d[:n]`` with the richest taken from ``money`` (none when
    ``none_pays``); returns whether Zork was paid for."""
    d[:n] = 0
    k = order.shape[0]
    zork = False
    top = _max(money)
    for i in range(payouts.shape[0]):
        j = i
        while j < k:
            c = order[j]
            s = special[c]
            if s == NONE:
                d[owner[c]] += payouts[i]
            elif s == JEAN:
                j += 1
                continue
            break
    for i in range(costs.shape[0]):
        j = k - 1 - i
        while j >= 0:
            c = order[j]
            s = special[c]
            if s == NONE:
                d[owner[c]] -= costs[i]
            elif s == JEAN:
                j -= 1
                continue
            elif s == ZORK:
                zork = True
                if not none_pays:
                    for r in range(n):
                        if money[r] == top:
                            d[r] -= mult * costs[i]
            break
    return zork


@_hot
def _pile_empty(sc, cfg, pile, discard, mt, gaps):
    if sc[S_LASTCALL]:
        return
    if sc[S_REBUILDS] > 0:
        if sc[S_DISC] > 0:
            sc[S_REBUILDS] -= 1
            sc[S_REBUILT] += 1
            nd = sc[S_DISC]
            for i in range(nd):  # element by element: array-to-array slice copies need NRT
                pile[i] = discard[i]
            sc[S_PILE] = nd
            sc[S_DISC] = 0
            fr.shuffle_fast(mt, pile, nd)
            return
        _gap(sc, gaps, G_NOTHING, 0, 0, 0)
    _gap(sc, gaps, G_FINAL, sc[S_REBUILT], 0, 0)
    sc[S_FINALRULE] = cfg[C_MAYTOAST]
    sc[S_LASTCALL] = 1


@_inline
def _draw(p, count, sc, cfg, hands, hand_n, pile, discard, mt, gaps):
    for _ in range(count):
        if sc[S_PILE] == 0:
            return
        sc[S_PILE] -= 1
        hands[p, hand_n[p]] = pile[sc[S_PILE]]
        hand_n[p] += 1
        if sc[S_PILE] == 0:
            _pile_empty(sc, cfg, pile, discard, mt, gaps)


@_hot
def _sarah_queue(order, owner, special, queue):
    m = 0
    last = order.shape[0] - 1
    for i in range(order.shape[0]):
        if special[order[i]] == SARAH:
            for j in (i - 1, i + 1):
                if 0 <= j <= last and special[order[j]] == NONE:
                    queue[m] = owner[order[j]]
                    m += 1
    return m


# the reference's turn methods call one another as their last step (``_toast`` ->
# ``_next_neighbour`` -> ``_end_turn`` -> ``_start_turn`` -> ``_after_play`` -> ...);
# here ``_advance`` runs them as a loop of steps, in the same order, without recursion
DONE, AFTER_PLAY, DO_TOAST, NEXT_NEIGHBOUR, END_TURN, END_TURN_TOASTED, START_TURN = range(7)


@_hot
def _toast_money(sc, cfg, st, tabs, gaps, peak, seen):
    """``_toast`` up to its last step; returns the next step."""
    order, money, queue, d, recv = st[4], st[5], st[6], st[7], st[8]
    owner, special, payouts, costs = tabs[0], tabs[1], tabs[2], tabs[3]
    n = cfg[C_N]
    final = sc[S_LASTCALL]
    zork = _deltas(order, owner, special, payouts, costs, cfg[C_MULT], money, n, False, d)
    top = _max(money)
    nrich = 0
    for p in range(n):
        if money[p] == top:
            nrich += 1
    if zork and nrich > 1:
        _gap(sc, gaps, G_RICHEST, nrich, top, 0)
        if cfg[C_NONEPAYS]:
            zork = _deltas(order, owner, special, payouts, costs, cfg[C_MULT], money, n, True, d)
    nrecv = 0
    for i in range(min(payouts.shape[0] + 1, order.shape[0])):
        o = owner[order[i]]
        if o >= 0:
            dup = False
            for r in range(nrecv):
                if recv[r] == o:
                    dup = True
            if not dup:
                recv[nrecv] = o
                nrecv += 1
    _settle(d, recv, nrecv, True, money, cfg, sc, gaps, peak, seen)
    sc[S_TOASTS] += 1
    sc[S_CUP] = sc[S_CUR]
    if final:
        sc[S_END] = 1
        sc[S_PHASE] = OVER
        return DONE
    sc[S_SQN] = 0
    if cfg[C_SARAH]:
        sc[S_SQN] = _sarah_queue(order, owner, special, queue)
    return NEXT_NEIGHBOUR


@_inline
def _advance(step, sc, cfg, st, tabs, mt, gaps, peak, seen):
    """Run the reference's chain of turn steps from ``step`` until a decision is due."""
    hands, hand_n, pile, discard = st[0], st[1], st[2], st[3]
    while step != DONE and sc[S_END] == 0:
        if step == AFTER_PLAY:
            if sc[S_CUP] != -1:
                step = END_TURN
            elif sc[S_LASTCALL] and (sc[S_FINALRULE] == 0 or hand_n[sc[S_CUR]] == 0):
                step = DO_TOAST
            else:
                sc[S_PHASE] = TOAST
                step = DONE
        elif step == DO_TOAST:
            step = _toast_money(sc, cfg, st, tabs, gaps, peak, seen)
        elif step == NEXT_NEIGHBOUR:
            if sc[S_SQN] > 0 and sc[S_PILE] > 0:
                sc[S_PHASE] = SARAHQ
                step = DONE
            else:
                sc[S_SQN] = 0
                step = END_TURN_TOASTED
        elif step == END_TURN or step == END_TURN_TOASTED:
            p = sc[S_CUR]
            if sc[S_PILE] > 1:
                sc[S_PILE] -= 1
                hands[p, hand_n[p]] = pile[sc[S_PILE]]
                hand_n[p] += 1
            else:
                _draw(p, 1, sc, cfg, hands, hand_n, pile, discard, mt, gaps)
            if sc[S_CUP] == p and step == END_TURN:
                sc[S_CUP] = -1
            sc[S_TURNS] += 1
            p = (p + 1) % cfg[C_N]
            sc[S_CUR] = p
            if p == sc[S_FIRST]:
                sc[S_ROUNDS] += 1
            step = START_TURN
        else:  # START_TURN
            sc[S_PHASE] = PLAY
            if hand_n[sc[S_CUR]] == 0:
                _gap(sc, gaps, G_EMPTY, sc[S_CUR], 0, 0)
                step = AFTER_PLAY
            else:
                step = DONE


@_inline
def _play(row, sc, cfg, st, tabs, effects, card_kind, mt, gaps, peak, seen):
    """Play the card of ``row``; returns the turn step that follows (``_advance``)."""
    hands, hand_n, discard, order, money, d, recv, tmp = st[0], st[1], st[3], st[4], st[5], st[7], st[8], st[9]
    owner, special, die = tabs[0], tabs[1], tabs[4]
    n = cfg[C_N]
    p = sc[S_CUR]
    k = row[1]
    for m in range(hand_n[p]):
        card = hands[p, m]
        if card == k:
            for t in range(m, hand_n[p] - 1):
                hands[p, t] = hands[p, t + 1]
            hand_n[p] -= 1
            discard[sc[S_DISC]] = card
            sc[S_DISC] += 1
            break
    code, a, b = effects[k, 0], effects[k, 1], effects[k, 2]
    if code == MOVE:
        _move(order, row[2], b)
    elif code == ROLL:
        sc[S_ROLL] = die[fr.randbelow_inline(mt, die.shape[0])]
        sc[S_ROLLSIGN] = b
        sc[S_ROLLANY] = a
        sc[S_PHASE] = ROLLED
        return DONE
    elif code == SPLIT:
        c = row[2]
        _move(order, c, -a)
        _move(order, c ^ 1, b)
    elif code == BESIDE:
        c = row[2]
        other = c ^ 1
        m = 1
        nc = order.shape[0]
        for i in range(nc):
            tmp[i] = order[i]
        order[0] = c
        for i in range(nc):
            if tmp[i] != c and tmp[i] != other:
                order[m] = tmp[i]
                m += 1
        order[order.shape[0] - 1] = other
    elif code == RESEAT:
        fr.shuffle_fast(mt, order, order.shape[0])
    elif code == ARRANGE:
        w = row[5]
        g = 0
        for i in range(order.shape[0]):
            if g < w and special[order[i]] != NONE:
                order[i] = row[2 + g]
                g += 1
    elif code == STEAL:
        if row[2] >= 0:
            _transfer(row[2], p, a, money, cfg, sc, gaps, peak, seen, d, recv)
    elif code == FLIP:
        nc = order.shape[0]
        for i in range(nc // 2):
            t = order[i]
            order[i] = order[nc - 1 - i]
            order[nc - 1 - i] = t
        sc[S_CUPRIGHT] = 1 - sc[S_CUPRIGHT]
    elif code == SWAP_ADJ or code == SWAP_ANY:
        i = _index(order, row[2])
        j = _index(order, row[3])
        order[i] = row[3]
        order[j] = row[2]
    elif code == CUP:
        sc[S_CUP] = -1
    elif code == COINS:
        d[:n] = 0
        paid = recv  # at most ``a`` seats paid: the work block is at least that wide
        npaid = 0
        for _ in range(a):
            seat = die[fr.randbelow_inline(mt, die.shape[0])] - 1
            if seat < order.shape[0]:
                o = owner[order[seat]]
                if o >= 0:
                    d[o] += b
                    paid[npaid] = o
                    npaid += 1
        if npaid:
            _settle(d, paid, npaid, True, money, cfg, sc, gaps, peak, seen)
    elif code == DUEL:
        q = row[2]
        mine = die[fr.randbelow_inline(mt, die.shape[0])]
        theirs = die[fr.randbelow_inline(mt, die.shape[0])]
        if mine != theirs:
            if mine > theirs:
                _transfer(q, p, a, money, cfg, sc, gaps, peak, seen, d, recv)
            else:
                _transfer(p, q, a, money, cfg, sc, gaps, peak, seen, d, recv)
    return AFTER_PLAY


@_inline
def _row(out, m, t, k, x, y, z, w):
    """Write legal row ``m`` whole (no row is zeroed first: a 2-D zeroing was a memset call per row)."""
    out[m, 0] = t
    out[m, 1] = k
    out[m, 2] = x
    out[m, 3] = y
    out[m, 4] = z
    out[m, 5] = w


@_inline
def _legal(sc, cfg, st, effects, card_kind, perms, nchars, out):
    """The reference's ``legal_actions`` as rows ``[type, kind, x, y, z, w]``, in its order."""
    hands, hand_n, order, money = st[0], st[1], st[4], st[5]
    phase = sc[S_PHASE]
    n = cfg[C_N]
    m = 0
    if phase == TOAST:
        _row(out, 0, A_TOAST, 0, 0, 0, 0, 0)
        _row(out, 1, A_PASS, 0, 0, 0, 0, 0)
        return 2
    if phase == SARAHQ:
        _row(out, 0, A_DRAW, 0, 0, 0, 0, 0)
        _row(out, 1, A_DECLINE, 0, 0, 0, 0, 0)
        return 2
    if phase == ROLLED:
        p = sc[S_CUR]
        if sc[S_ROLLANY]:
            for c in range(nchars):
                _row(out, m, A_MOVE, 0, c, 0, 0, 0)
                m += 1
        else:
            for c in (2 * p, 2 * p + 1):
                _row(out, m, A_MOVE, 0, c, 0, 0, 0)
                m += 1
        return m
    p = sc[S_CUR]
    seen = 0
    last = order.shape[0] - 1
    for h in range(hand_n[p]):
        k = hands[p, h]
        bit = np.int64(1) << k
        if seen & bit:
            continue
        seen |= bit
        code, a = effects[k, 0], effects[k, 1]
        if code == MOVE:
            if a:
                for c in range(nchars):
                    _row(out, m, A_PLAY, k, c, 0, 0, 0)
                    m += 1
            else:
                for c in (2 * p, 2 * p + 1):
                    _row(out, m, A_PLAY, k, c, 0, 0, 0)
                    m += 1
        elif code == SPLIT or code == BESIDE:
            for c in (2 * p, 2 * p + 1):
                _row(out, m, A_PLAY, k, c, 0, 0, 0)
                m += 1
        elif code == ARRANGE:
            if perms.shape[0] == 0 or perms.shape[1] == 0:
                _row(out, m, A_PLAY, k, 0, 0, 0, 0)
                m += 1
            else:
                w = perms.shape[1]  # at most 3 specials (``fast_engine``)
                for r in range(perms.shape[0]):
                    _row(out, m, A_PLAY, k, perms[r, 0], perms[r, 1] if w > 1 else 0, perms[r, 2] if w > 2 else 0,
                         w)
                    m += 1
        elif code == STEAL:
            m0 = m
            for q in range(n):
                if q != p and money[q] > 0:
                    _row(out, m, A_PLAY, k, q, 0, 0, 0)
                    m += 1
            if m == m0:
                _row(out, m, A_PLAY, k, -1, 0, 0, 0)
                m += 1
        elif code == SWAP_ADJ:
            for c in (2 * p, 2 * p + 1):
                i = _index(order, c)
                if i > 0:
                    _row(out, m, A_PLAY, k, c, order[i - 1], 0, 0)
                    m += 1
                if i < last:
                    _row(out, m, A_PLAY, k, c, order[i + 1], 0, 0)
                    m += 1
        elif code == SWAP_ANY:
            for c in (2 * p, 2 * p + 1):
                for d in range(nchars):
                    if d != c:
                        _row(out, m, A_PLAY, k, c, d, 0, 0)
                        m += 1
        elif code == DUEL:
            for q in range(n):
                if q != p:
                    _row(out, m, A_PLAY, k, q, 0, 0, 0)
                    m += 1
        else:
            _row(out, m, A_PLAY, k, 0, 0, 0, 0)
            m += 1
    return m


@njit(cache=True, _nrt=True)  # it allocates: NRT on explicitly, not inherited from the caller
def _heuristic(sc, cfg, st, tabs, effects, legal, m, amt, krows, kidx, everyone):
    """``agents.HeuristicAgent.choose`` on the tier's rows; returns the chosen row index."""
    if m == 1:
        return 0
    phase = sc[S_PHASE]
    if phase == SARAHQ:
        return 0
    order, money = st[4], st[5]
    owner, special, payouts, costs, die = tabs[0], tabs[1], tabs[2], tabs[3], tabs[4]
    n = cfg[C_N]
    me = sc[S_CUR]
    top = _max(money)
    nrich = 0
    for p in range(n):
        if money[p] == top:
            nrich += 1
    richest = np.empty(nrich, dtype=np.int64)
    r = 0
    for p in range(n):
        if money[p] == top:
            richest[r] = p
            r += 1
    if phase == TOAST:
        return 0 if compiled_heuristic.edge(order, owner, special, payouts, costs, cfg[C_MULT], richest, me, n) > 0 else 1
    for i in range(m):
        if legal[i, 0] == A_MOVE:
            krows[i, 0] = compiled_heuristic.OP_MOVE
            krows[i, 1] = 0
            krows[i, 2] = 0
        else:
            k = legal[i, 1]
            krows[i, 0] = effects[k, 0]
            krows[i, 1] = effects[k, 1]
            krows[i, 2] = effects[k, 2]
        krows[i, 3] = legal[i, 2]
        krows[i, 4] = legal[i, 3]
        krows[i, 5] = legal[i, 4]
        krows[i, 6] = legal[i, 5]
    roll_delta = sc[S_ROLL] * sc[S_ROLLSIGN] if phase == ROLLED else 0
    own = np.empty(2, dtype=np.int64)
    own[0] = 2 * me
    own[1] = 2 * me + 1
    values = compiled_heuristic.action_values(krows, kidx[:m], order, owner, special, payouts, costs, cfg[C_MULT], richest, me,
                                   n, die, money, sc[S_CUP], roll_delta, own, everyone)
    best = _max(values)
    ntop = 0
    for i in range(m):
        if values[i] >= best - 1e-9:
            ntop += 1
    pick = fr.randbelow_inline(amt, ntop)
    for i in range(m):
        if values[i] >= best - 1e-9:
            if pick == 0:
                return i
            pick -= 1
    return 0


@_hot
def play_compiled(seed, agents, cap, record, cfg, owner, special, payouts, costs, die, effects, card_kind, perms,
                  bufs, hands, gaps, legal, krows, actions, work):
    """One game into the buffers given; returns the number of decisions made.

    ``bufs`` rows: 0-1 the two generators' states, then deck, order (dealt), pile,
    discard (int64 views of one block); ``hands``, ``gaps``, ``legal``, ``krows`` and
    ``actions`` (rows ``[player, *legal row]``, filled with ``record``) are reused, and so
    is ``work`` (rows ``W_*``), where the game leaves its scalars (``W_SC``), money, peaks
    and which peaks were seen.
    """
    n = cfg[C_N]
    ncards = cfg[C_NCARDS]
    nchars = cfg[C_NCHARS]
    mt = bufs[0]
    amt = bufs[1]
    # ``fr.seed(mt, seed)`` and ``fr.seed_agents(amt, seed)``, side by side
    fr.seed_two(mt, seed, amt, (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    sc = work[W_SC, :NSC]
    sc[:] = 0
    peak = work[W_PEAK, :len(PEAKS)]
    peak[:] = 0
    seen = work[W_SEEN, :len(PEAKS)]
    seen[:] = 0
    deck = bufs[2][:ncards]
    for i in range(ncards):
        deck[i] = i
    fr.shuffle_fast(mt, deck, ncards)
    order = work[W_ORDER, :nchars]
    for i in range(nchars):
        order[i] = i
    fr.shuffle_fast(mt, order, nchars)
    dealt = bufs[3]
    for i in range(nchars):
        dealt[i] = order[i]
    hand_n = work[W_HANDN, :n]
    hand_n[:] = 0
    pos = cfg[C_SETASIDE]
    for p in range(n):
        for h in range(cfg[C_HAND]):
            if pos < ncards:
                hands[p, hand_n[p]] = card_kind[deck[pos]]
                hand_n[p] += 1
                pos += 1
    pile = bufs[4][:ncards]
    npile = ncards - pos if pos < ncards else 0
    for i in range(npile):
        pile[i] = card_kind[deck[pos + i]]
    discard = bufs[5][:ncards]
    money = work[W_MONEY, :n]
    money[:] = cfg[C_START]
    queue = work[W_QUEUE, :2 * nchars + 2]
    queue[:] = 0
    st = (hands, hand_n, pile, discard, order, money, queue, work[W_D], work[W_RECV], work[W_TMP])
    tabs = (owner, special, payouts, costs, die)
    sc[S_PILE] = npile
    sc[S_CUPRIGHT] = cfg[C_CUPRIGHT]
    sc[S_FIRST] = fr.randbelow_inline(mt, n)
    sc[S_CUR] = sc[S_FIRST]
    sc[S_CUP] = (sc[S_FIRST] - 1) % n if cfg[C_CUPLAST] else -1
    sc[S_REBUILDS] = cfg[C_REBUILDS]
    gold, silver = _coins(money, cfg[C_PERGOLD], cfg[C_GOLD])
    _track_money(money, cfg, peak, seen, gold, silver)
    if npile == 0:
        _pile_empty(sc, cfg, pile, discard, mt, gaps)
    kidx = work[W_KIDX, :legal.shape[0]]
    for i in range(legal.shape[0]):
        kidx[i] = i
    everyone = work[W_EVERYONE, :nchars]
    for i in range(nchars):
        everyone[i] = i
    decisions = 0
    step = START_TURN
    while True:
        # one call site: ``_advance`` is inlined, and only once
        _advance(step, sc, cfg, st, tabs, mt, gaps, peak, seen)
        if sc[S_END] != 0:
            break
        if decisions >= cap:
            sc[S_END] = 2  # the simulator's safety cap
            break
        m = _legal(sc, cfg, st, effects, card_kind, perms, nchars, legal)
        player = queue[0] if sc[S_PHASE] == SARAHQ else sc[S_CUR]
        if agents[player] == 1:
            i = _heuristic(sc, cfg, st, tabs, effects, legal, m, amt, krows, kidx, everyone)
        else:
            i = fr.randbelow_inline(amt, m)
        row = legal[i]
        if record:
            actions[decisions, 0] = player
            for j in range(6):
                actions[decisions, 1 + j] = row[j]
        decisions += 1
        t = row[0]
        phase = sc[S_PHASE]
        if phase == PLAY:
            step = _play(row, sc, cfg, st, tabs, effects, card_kind, mt, gaps, peak, seen)
        elif phase == ROLLED:
            _move(order, row[2], sc[S_ROLL] * sc[S_ROLLSIGN])
            step = AFTER_PLAY
        elif phase == SARAHQ:
            p = queue[0]
            for j in range(sc[S_SQN] - 1):
                queue[j] = queue[j + 1]
            sc[S_SQN] -= 1
            if t == A_DRAW:
                _draw(p, cfg[C_SARAH], sc, cfg, hands, hand_n, pile, discard, mt, gaps)
                _track(peak, seen, P_HAND, hand_n[p])
            step = NEXT_NEIGHBOUR
        elif t == A_TOAST:
            step = DO_TOAST
        else:
            step = END_TURN
    return decisions


@njit(cache=True)
def play_many(seeds, kinds, first, cap, cfg, owner, special, payouts, costs, die, effects, card_kind, perms,
              bufs, hands, gaps, legal, krows, actions, work, r_sc, r_money, r_peak, r_seen, g_rows):
    """``play_compiled`` for games ``first..`` of ``seeds`` (seat agent codes ``kinds[i]``), one row each:
    ``r_sc`` (end, turns, rounds, gap events), money, peaks and whether each was seen; gap events
    appended to ``g_rows`` (game row, kind, three numbers). Stops before a game whose gaps might not
    fit; returns (games done up to, gap rows used)."""
    g = 0
    for i in range(first, seeds.shape[0]):
        if g + MAX_GAPS > g_rows.shape[0]:
            return i, g
        play_compiled(seeds[i], kinds[i], cap, False, cfg, owner, special, payouts, costs, die, effects, card_kind,
                      perms, bufs, hands, gaps, legal, krows, actions, work)
        sc = work[W_SC]
        r_sc[i, 0] = sc[S_END]
        r_sc[i, 1] = sc[S_TURNS]
        r_sc[i, 2] = sc[S_ROUNDS]
        r_sc[i, 3] = sc[S_NGAPS]
        r_money[i, :] = work[W_MONEY, :r_money.shape[1]]
        r_peak[i, :] = work[W_PEAK, :r_peak.shape[1]]
        r_seen[i, :] = work[W_SEEN, :r_seen.shape[1]]
        if sc[S_NGAPS] <= MAX_GAPS:
            for j in range(sc[S_NGAPS]):
                g_rows[g, 0] = i
                g_rows[g, 1:] = gaps[j]
                g += 1
    return seeds.shape[0], g


def _cache_ready() -> bool:
    """Whether numba's on-disk cache already holds this module's compiled game."""
    from cardgen.jit import is_cached  # numba's cache lives where cardgen/jit.py points it
    return is_cached(play_compiled)


_COMPILED = False


class DracoFast(FastEngine):
    """The compiled tier for one Draco deck and player count."""

    agents = frozenset({"random", "heuristic"})

    def __init__(self, game: DracoGame) -> None:
        g = game
        self.g = g
        clar = g.deck.clarifications
        self.final_resolution = {"must_toast": 0, "may_toast": 1}[clar["final_toast"].resolution]
        self.cfg = np.array([
            g.players, g.hand_size, g.start_money, g.per_gold, g.gold_total, g.silver_total, g.zork_mult,
            g.sarah_draw, g.rebuilds, g.set_aside, int(g.cup_right), int(g.cup_last), self.final_resolution,
            int(clar["bank_short"].resolution == "unlimited"), int(clar["richest_tie"].resolution == "none_pays"),
            len(g.card_ids), len(g.char_ids)], dtype=np.int64)
        self.owner = np.array(g.owner, dtype=np.int64)
        self.special = np.array(g.special, dtype=np.int64)
        self.payouts = np.array(g.payouts, dtype=np.int64)
        self.costs = np.array(g.costs, dtype=np.int64)
        self.die = np.array(g.die, dtype=np.int64)
        self.effects = np.array(g.kind_effect, dtype=np.int64).reshape(len(g.kind_effect), 3)
        self.card_kind = np.array(g.card_kind, dtype=np.int64)
        specials = [g.code_of[s] for s in g.special_ids]
        perms = [list(p) for p in permutations(specials)] if specials else []
        self.perms = np.array(perms, dtype=np.int64).reshape(len(perms), len(specials))
        self.agent_codes: dict[tuple[str, ...], np.ndarray] = {}
        nchars, n = len(g.char_ids), g.players
        most = {MOVE: nchars, SPLIT: 2, BESIDE: 2, ARRANGE: max(1, len(perms)), STEAL: n, SWAP_ADJ: 4,
                SWAP_ANY: 2 * nchars, DUEL: n}
        width = max(2, nchars, sum(most.get(e[0], 1) for e in g.kind_effect))
        ncards = max(1, len(g.card_ids))
        self.bufs = np.zeros((6, max(625, ncards)), dtype=np.int64)
        self.rngs = np.zeros((2, 625), dtype=np.uint32)
        self.hands = np.zeros((n, ncards), dtype=np.int64)
        self.gaps = np.zeros((MAX_GAPS, 4), dtype=np.int64)
        self.legal = np.zeros((width, 6), dtype=np.int64)
        self.krows = np.zeros((width, compiled_heuristic.ROW), dtype=np.int64)
        self.no_actions = np.zeros((1, 7), dtype=np.int64)
        coins = max([e[1] for e in g.kind_effect if e[0] == COINS], default=0)
        self.work = np.zeros((NW, max(NSC, len(PEAKS), 2 * nchars + 2, width, n, coins)), dtype=np.int64)

    @staticmethod
    def _announce() -> None:
        """One stderr line when numba is about to compile (its disk cache is empty)."""
        global _COMPILED
        if not _COMPILED and not _cache_ready():
            print("cardgen: compiling the Draco fast tier (once per machine, about a minute)...", file=sys.stderr)
        _COMPILED = True

    def _run(self, seed: int, agents: list[str], cap: int, record: bool) -> tuple[Any, ...]:
        self._announce()
        key = tuple(agents)
        codes = self.agent_codes.get(key)
        if codes is None:
            codes = self.agent_codes[key] = np.array([{"random": 0, "heuristic": 1}[a] for a in agents],
                                                     dtype=np.int64)
        actions = np.zeros((cap + 1, 7), dtype=np.int64) if record else self.no_actions
        bufs = self.bufs
        decisions = play_compiled(np.uint64(seed), codes, cap, record, self.cfg, self.owner, self.special,
                                  self.payouts, self.costs, self.die, self.effects, self.card_kind, self.perms,
                                  (self.rngs[0], self.rngs[1], bufs[0], bufs[1], bufs[2], bufs[3]),
                                  self.hands, self.gaps, self.legal, self.krows, actions, self.work)
        w, n = self.work, self.g.players
        return w[W_SC, :NSC], w[W_MONEY, :n], w[W_PEAK, :len(PEAKS)], w[W_SEEN, :len(PEAKS)], decisions, actions

    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        sc, money, peak, seen, decisions, actions = self._run(seed, agents, cap, record)
        sc = sc.tolist()
        ngaps = sc[S_NGAPS]
        if ngaps > MAX_GAPS:  # more gap events than the buffer holds: the reference plays this one
            from cardgen.simulate.runner import make_agents, play_game
            return play_game(self.g, seed, make_agents(self.g.resolved.spec, agents), list(agents), cap=cap,
                             record=record)
        g = self.g
        gap = self._gap
        gap_list = [gap(*row) for row in self.gaps[:ngaps].tolist()] if ngaps else []
        seen = seen.tolist()
        peaks = {name: v for name, v, s in zip(PEAKS, peak.tolist(), seen) if s}
        result = GameResult(seed, list(agents), "", False, gap_list, sc[S_TURNS], sc[S_ROUNDS], peak=peaks)
        if record:
            deck, order = self.bufs[0][:len(g.card_ids)].tolist(), self.bufs[1][:len(g.char_ids)].tolist()
            result.initial_piles = {"actions": [g.card_ids[i] for i in deck], "circle": [g.char_ids[c] for c in order]}
            result.actions = [(r[0], self._action(r[1:])) for r in actions[:decisions].tolist()]
        if sc[S_END] == 2:
            result.engine_gaps = len(gap_list)
            result.end_reason = "safety_cap"
            result.gaps.append(("safety_cap", False, f"no end condition after {cap} decisions"))
            return result
        money = money.tolist()
        winners, tie_break = self._winners(money, result.gaps)
        result.engine_gaps = len(result.gaps)
        result.end_reason = "final_toast"
        result.completed = True
        result.scores = [float(v) for v in money]
        result.winners = winners
        result.tie_break = tie_break
        return result

    batch = True

    def play_batch(self, seeds: np.ndarray, agents: tuple[str, ...], seats: np.ndarray, cap: int) -> BatchResult:
        """``play`` for many games in one compiled loop (see ``FastEngine.play_batch``).

        Games that ``play`` finishes in Python beyond the usual winners (a safety cap, more
        gap events than the buffer, a tie for the win settled by the deck's ``tie_for_win``
        ruling) are played again by ``play`` and handed over in ``extra``.
        """
        self._announce()
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        n, players = len(seeds), self.g.players
        kinds = np.array([{"random": 0, "heuristic": 1}[a] for a in agents], dtype=np.int64)[seats]
        r_sc = np.zeros((n, 4), dtype=np.int64)
        r_money = np.zeros((n, players), dtype=np.int64)
        r_peak = np.zeros((n, len(PEAKS)), dtype=np.int64)
        r_seen = np.zeros((n, len(PEAKS)), dtype=np.int64)
        g_rows = np.zeros((MAX_GAPS + 8 * n + 64, 5), dtype=np.int64)
        bufs = self.bufs
        views = (self.rngs[0], self.rngs[1], bufs[0], bufs[1], bufs[2], bufs[3])
        chunks, first = [], 0
        while first < n:
            first, used = play_many(seeds, kinds, first, cap, self.cfg, self.owner, self.special, self.payouts,
                                    self.costs, self.die, self.effects, self.card_kind, self.perms, views,
                                    self.hands, self.gaps, self.legal, self.krows, self.no_actions, self.work,
                                    r_sc, r_money, r_peak, r_seen, g_rows)
            chunks.append(g_rows[:used].copy())
        rows = np.concatenate(chunks)
        top = r_money.max(axis=1, keepdims=True)
        leaders = r_money == top
        below = np.where(leaders, np.iinfo(np.int64).min, r_money)
        second = r_money == below.max(axis=1, keepdims=True)
        single = leaders.sum(axis=1) == 1
        runner_up = ~single & (second.sum(axis=1) == 1) & ~leaders.all(axis=1)  # "leaders_eliminated"
        winners = np.where(single[:, None], leaders, second)
        special = (r_sc[:, 0] == 2) | (r_sc[:, 3] > MAX_GAPS) | ~(single | runner_up)
        extra = {int(i): self.play(int(seeds[i]), [agents[a] for a in seats[i]], cap, False)
                 for i in np.flatnonzero(special)}
        return BatchResult(
            seeds=seeds.astype(np.int64), agents=tuple(agents), seats=seats, end=np.zeros(n, dtype=np.int64),
            end_names=["final_toast"], completed=~special, turns=r_sc[:, 1], rounds=r_sc[:, 2],
            scores=r_money.astype(np.float64), winners=winners, tie=np.where(single, -1, 0),
            tie_names=["leaders_eliminated"], peaks=r_peak, peak_seen=r_seen != 0, peak_names=list(PEAKS),
            gap_game=rows[:, 0], gap_kind=rows[:, 1], gap_settled=np.ones(len(rows), dtype=bool),
            gap_args=rows[:, 2:], gap_kinds=GAP_KINDS, gap_detail=lambda code, args: self._gap(code, *args)[2],
            extra=extra)

    # -- back to the reference's words -----------------------------------------------
    @staticmethod
    def _gap(kind: int, a: int, b: int, c: int) -> tuple[str, bool, str]:
        """A gap event in the reference's words (``DracoState.gap`` calls)."""
        if kind == G_CANNOT:
            detail = f"seat {a} owes {b} with {c}"
        elif kind == G_FINAL:
            detail = f"after {a} rebuild(s)"
        elif kind == G_BANK:
            detail = f"players need {a} silver coins, the box has {b}"
        elif kind == G_RICHEST:
            detail = f"{a} players tie with {b} silver"
        elif kind == G_EMPTY:
            detail = f"seat {a} has no action card"
        else:
            detail = "the discard pile is empty"
        return GAP_KINDS[kind], True, detail

    def _action(self, row: Any) -> Action:
        g = self.g
        t, k, x, y, z, w = row
        if t == A_MOVE:
            return ("move", g.char_ids[x])
        if t != A_PLAY:
            return (("toast",), ("pass",), ("draw",), ("decline",))[t - A_TOAST]
        kid = g.kind_ids[k]
        code = g.kind_effect[k][0]
        if code in (MOVE, SPLIT, BESIDE):
            return ("play", kid, g.char_ids[x])
        if code in (SWAP_ADJ, SWAP_ANY):
            return ("play", kid, g.char_ids[x], g.char_ids[y])
        if code == ARRANGE:
            return ("play", kid, *(g.char_ids[c] for c in (x, y, z)[:w]))
        if code == STEAL:
            return ("play", kid, x) if x >= 0 else ("play", kid)
        if code == DUEL:
            return ("play", kid, x)
        return ("play", kid)

    def _winners(self, money: list[int], gaps: list[tuple[str, bool, str]]) -> tuple[list[int], str | None]:
        """``DracoState._winners`` (the tie_for_win gap is the game's last)."""
        amounts = sorted(set(money), reverse=True)
        groups = [[p for p, v in enumerate(money) if v == a] for a in amounts]
        if len(groups[0]) == 1:
            return groups[0], None
        if len(groups) > 1 and len(groups[1]) == 1:
            return groups[1], "leaders_eliminated"
        rule = self.g.deck.clarifications["tie_for_win"].resolution
        gaps.append(("tie_for_win", True, f"amounts {sorted(money, reverse=True)}"))
        if rule == "share_next" and len(groups) > 1:
            return groups[1], "leaders_eliminated_next_shared"
        if rule == "repeat_elimination":
            for group in groups[2:]:
                if len(group) == 1:
                    return group, "leaders_eliminated_repeatedly"
        return groups[0], "all_tied_leaders_share"


def fast_engine(deck: Any, players: int) -> FastEngine | str:
    """``GameSpec.fast``: the compiled tier, or why this deck cannot run on it."""
    missing = [k for k in GAPS if k not in deck.model.clarifications]
    if missing:
        return f"the compiled tier needs every Draco clarification; this deck has none for {', '.join(missing)}"
    game = DracoGame(deck, players)
    if len(game.special_ids) > 3:
        return f"the compiled tier seats at most 3 special characters, this deck has {len(game.special_ids)}"
    if len(game.kind_ids) > 62:
        return f"the compiled tier plays at most 62 kinds of action card, this deck has {len(game.kind_ids)}"
    return DracoFast(game)
