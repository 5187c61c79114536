"""Draco & Co's compiled search driver: ``SearchAgent``'s algorithm over numba step kernels.

``DracoState.compiled_search`` (engine.py) hands a decision here: ``encode`` turns the
reference state into one flat ``int64`` array (layout below), ``choose`` runs the
iterations of ``cardgen.agents.search.SearchAgent`` on it inside numba (paired flat
Monte Carlo against the heuristic's own move, or the information-set tree), and the
answer is an index into the reference's legal actions (both list them in the same
order: ``legal`` mirrors ``DracoState.legal_actions``).

**The step kernels** are the compiled tier's (``compiled.py``) turn methods, copied here
rather than imported because that tier is tuned for whole games at once (its gap log
and peak tracking are of no use to a sample, and its kernels allocate): these write
into buffers, never allocate, and keep the whole position in one array so a sample is
copied in one loop. They follow the reference method by method
(``_play``, ``_toast``, ``_settle``, ``_end_turn``...), chance included: with the same
Mersenne Twister state (``fastrng``) they draw exactly what ``random.Random`` draws,
which the tests use to compare every action, die rolls and reshuffles too.

**The heuristic** (rollout policy and the move paired search defends) is
``agents.HeuristicAgent``'s forecast: ``_edge`` is ``compiled_heuristic.edge`` compiled to be inlined, and
``_values`` is ``compiled_heuristic.action_values`` copied (the same sums, so the same choices) with loops in place
of slice assignments and buffers in place of allocations; a move between the seats a
toast never reads takes the current edge without forecasting (the same number), and a
move of one character (a card, the roll, each face of a favour) recounts only the half
of the edge (payouts' seats, costs' seats) it reaches, reading the moved seating in
place (``_front``, ``_back``, ``_at``): the same integer sums, so the same values.

**Speed** (a 5-player game at 200 iterations, every seat searching: 4.4 -> 1.6 s of
CPU with heuristic rollouts, 1.2 -> 0.5 s with random ones; each decision plays ~200
rollouts of ~65 moves, and the heuristic is ~85 % of a move's cost). Every kernel is
compiled with ``_nrt=False``: they never allocate, and with numba's reference counting
each inlined call paid an atomic increment and decrement per array of the tuples it
was handed (~150 ns for a call with nothing to do, more than the rules themselves);
``money.max()`` is a loop (``_top``) because numba's needs the runtime, and Python
reads positions through numpy views (``views_of``). The chain apply -> play ->
advance, ``legal``, the heuristic, the edge and the draws (``fastrng``'s ``*_inline``)
are inlined (``inline="always"``) into the rollout loop; scratch arrays travel in
small tuples by use (``E`` engine, ``H`` heuristic, ``D`` determinize, ``R`` reward).
Paired search seeds a round's rollout generator once and copies it to each root
move, and twists both generators once a round (the same words as seeding per move).

**determinize(seat)** is ``DracoState.determinize`` draw for draw: the other hands,
the draw pile and the cards set aside are dealt again, within each rebuild
generation (``card_gen``), each pool sorted then shuffled, then the sample's chance
reseeded from 64 random bits.

Layout of a position ``s`` (``_views``): the scalars ``S_*``, then money[n],
order[chars], hand sizes[n], hands[n, W], pile[W], discard[W], set-aside[W],
card generation[cards], Aunt Sarah's queue[2 chars + 2] (W = number of cards).
"""
from __future__ import annotations

import sys
import weakref
from itertools import permutations
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from cardgen.agents.search import ROLLOUT_CAP
from cardgen.engine import fastrng as fr
from cardgen.engine import fasttree as ft
from cardgen.engine.api import Action, SearchParams
from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, CUP, DUEL, FLIP, GAPS, MOVE, OVER, PLAY, RESEAT,
                                        ROLL, ROLLED, SPLIT, STEAL, SWAP_ADJ, SWAP_ANY, TOAST, DracoGame, DracoState)
from cardgen.games.draco.engine import SARAH as PH_SARAH
from cardgen.games.draco import compiled_heuristic
from cardgen.games.draco.compiled_heuristic import OP_MOVE
from cardgen.games.draco.compiled import _coins
from cardgen.games.draco.table import JEAN, NONE, SARAH, ZORK

# action types of a legal row [type, kind, x, y, z, w] (as compiled.py)
A_PLAY, A_MOVE, A_TOAST, A_PASS, A_DRAW, A_DECLINE = range(6)
# scalars
(S_CUR, S_FIRST, S_CUP, S_CUPRIGHT, S_REBUILDS, S_LASTCALL, S_FINALRULE, S_PHASE, S_ROLL, S_ROLLSIGN, S_ROLLANY,
 S_TOASTS, S_REBUILT, S_UNPAID, S_TURNS, S_ROUNDS, S_END, S_PILE, S_DISC, S_SQN, S_ASIDE, S_BANK,
 S_FINALS) = range(23)
NSC = 23
# rule numbers in ``cfg``
(C_N, C_HAND, C_START, C_PERGOLD, C_GOLD, C_SILVER, C_MULT, C_SARAH, C_REBUILDS, C_SETASIDE, C_CUPRIGHT, C_CUPLAST,
 C_MAYTOAST, C_UNLIMITED, C_NONEPAYS, C_NCARDS, C_NCHARS, C_TIE, C_BOX, C_W) = range(20)
# steps of ``_advance`` (the reference's turn methods, as a loop)
DONE, AFTER_PLAY, DO_TOAST, NEXT_NEIGHBOUR, END_TURN, END_TURN_TOASTED, START_TURN = range(7)


# -- the position ----------------------------------------------------------------------------
def state_size(cfg: np.ndarray) -> int:
    """Length of a position array for rule numbers ``cfg``."""
    n, w, k = int(cfg[C_N]), int(cfg[C_W]), int(cfg[C_NCHARS])
    return NSC + n + k + n + n * w + 3 * w + w + 2 * k + 2


@njit(cache=True, _nrt=False, inline="always")
def _views(s, cfg):  # type: ignore[no-untyped-def]
    """The named parts of position ``s`` (views, nothing copied)."""
    n = cfg[C_N]
    w = cfg[C_W]
    k = cfg[C_NCHARS]
    p = NSC
    money = s[p:p + n]
    p += n
    order = s[p:p + k]
    p += k
    hand_n = s[p:p + n]
    p += n
    hands = s[p:p + n * w].reshape((n, w))
    p += n * w
    pile = s[p:p + w]
    p += w
    discard = s[p:p + w]
    p += w
    aside = s[p:p + w]
    p += w
    gen = s[p:p + w]
    p += w
    queue = s[p:p + 2 * k + 2]
    return s[:NSC], money, order, hand_n, hands, pile, discard, aside, gen, queue


def views_of(s: np.ndarray, cfg: np.ndarray) -> tuple[np.ndarray, ...]:
    """``_views`` for Python (numpy views of the same parts)."""
    n, w, k = int(cfg[C_N]), int(cfg[C_W]), int(cfg[C_NCHARS])
    cuts = np.cumsum([NSC, n, k, n, n * w, w, w, w, w, 2 * k + 2])
    parts = np.split(s[:cuts[-1]], cuts[:-1])
    parts[4] = parts[4].reshape((n, w))
    return tuple(parts)


@njit(cache=True, _nrt=False)
def copy(dst, src):  # type: ignore[no-untyped-def]
    """``dst[:] = src`` as a loop (numba's slice assignment is several times slower)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


# -- money (``DracoState._settle``, ``_transfer``) ---------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def _top(money):  # type: ignore[no-untyped-def]
    """``money.max()`` as a loop (numba's ``max`` needs the reference-counting runtime these kernels go without)."""
    top = money[0]
    for v in money:
        if v > top:
            top = v
    return top




@njit(cache=True, _nrt=False)
def _settle(d, recv, nrecv, bank, money, sc, cfg):  # type: ignore[no-untyped-def]
    n = cfg[C_N]
    for p in range(n):
        if d[p] < 0 and money[p] + d[p] < 0:
            d[p] = -money[p]  # cannot_pay: pay_what_they_have
    for p in range(n):
        money[p] += d[p]
    gold, silver = _coins(money, cfg[C_PERGOLD], cfg[C_GOLD])
    if silver > cfg[C_SILVER] and not cfg[C_UNLIMITED]:
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
    if bank:
        total = 0
        for p in range(n):
            total += d[p]
        sc[S_BANK] -= total


@njit(cache=True, _nrt=False)
def _transfer(payer, payee, amount, money, sc, cfg, d, recv):  # type: ignore[no-untyped-def]
    have = money[payer]
    if have < amount:
        amount = have
    if amount:
        for p in range(d.shape[0]):
            d[p] = 0
        d[payer] -= amount
        d[payee] += amount
        recv[0] = payee
        _settle(d, recv, 1, False, money, sc, cfg)


@njit(cache=True, _nrt=False)
def _deltas(order, owner, special, payouts, costs, mult, money, n, none_pays, d):  # type: ignore[no-untyped-def]
    """``table.toast_deltas`` into ``d`` with the richest from ``money`` (none when ``none_pays``); Zork seen?"""
    for p in range(n):
        d[p] = 0
    k = order.shape[0]
    zork = False
    top = _top(money)
    for i in range(payouts.shape[0]):
        j = i
        while j < k:
            c = order[j]
            sp = special[c]
            if sp == NONE:
                d[owner[c]] += payouts[i]
            elif sp == JEAN:
                j += 1
                continue
            break
    for i in range(costs.shape[0]):
        j = k - 1 - i
        while j >= 0:
            c = order[j]
            sp = special[c]
            if sp == NONE:
                d[owner[c]] -= costs[i]
            elif sp == JEAN:
                j -= 1
                continue
            elif sp == ZORK:
                zork = True
                if not none_pays:
                    for r in range(n):
                        if money[r] == top:
                            d[r] -= mult * costs[i]
            break
    return zork


# -- cards and seats ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def _move(order, c, delta):  # type: ignore[no-untyped-def]
    """``table.move`` in place."""
    k = order.shape[0]
    i = 0
    while order[i] != c:
        i += 1
    j = min(max(i + delta, 0), k - 1)
    if j < i:
        for t in range(i, j, -1):
            order[t] = order[t - 1]
        order[j] = c
    elif j > i:
        for t in range(i, j):
            order[t] = order[t + 1]
        order[j] = c


@njit(cache=True, _nrt=False, inline="always")
def _index(order, c):  # type: ignore[no-untyped-def]
    i = 0
    while order[i] != c:
        i += 1
    return i


@njit(cache=True, _nrt=False)
def _pile_empty(sc, cfg, pile, discard, gen, mt):  # type: ignore[no-untyped-def]
    if sc[S_LASTCALL]:
        return
    if sc[S_REBUILDS] > 0 and sc[S_DISC] > 0:
        sc[S_REBUILDS] -= 1
        sc[S_REBUILT] += 1
        nd = sc[S_DISC]
        for i in range(nd):
            c = discard[i]
            gen[c] = sc[S_REBUILT]
            pile[i] = c
        sc[S_PILE] = nd
        sc[S_DISC] = 0
        fr.shuffle_fast(mt, pile, nd)
        return
    sc[S_FINALRULE] = cfg[C_MAYTOAST]  # nothing_to_rebuild: pile_exhausted, then final_toast
    sc[S_LASTCALL] = 1


@njit(cache=True, _nrt=False)
def _draw(p, count, sc, cfg, hands, hand_n, pile, discard, gen, mt):  # type: ignore[no-untyped-def]
    for _ in range(count):
        if sc[S_PILE] == 0:
            return
        sc[S_PILE] -= 1
        hands[p, hand_n[p]] = pile[sc[S_PILE]]
        hand_n[p] += 1
        if sc[S_PILE] == 0:
            _pile_empty(sc, cfg, pile, discard, gen, mt)


# -- a turn ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _toast(V, G, E):  # type: ignore[no-untyped-def]
    """``DracoState._toast`` up to its last step; returns the next step."""
    sc, money, order, queue = V[0], V[1], V[2], V[9]
    cfg, owner, special, payouts, costs = G[0], G[1], G[2], G[3], G[4]
    d, recv = E[0], E[1]
    n = cfg[C_N]
    final = sc[S_LASTCALL]
    if final:
        sc[S_FINALS] += 1
    zork = _deltas(order, owner, special, payouts, costs, cfg[C_MULT], money, n, False, d)
    top = _top(money)
    nrich = 0
    for p in range(n):
        if money[p] == top:
            nrich += 1
    if zork and nrich > 1 and cfg[C_NONEPAYS]:
        _deltas(order, owner, special, payouts, costs, cfg[C_MULT], money, n, True, d)
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
    _settle(d, recv, nrecv, True, money, sc, cfg)
    sc[S_TOASTS] += 1
    sc[S_CUP] = sc[S_CUR]
    if final:
        sc[S_END] = 1
        sc[S_PHASE] = OVER
        return DONE
    sc[S_SQN] = 0
    if cfg[C_SARAH]:
        m = 0
        last = order.shape[0] - 1
        for i in range(order.shape[0]):
            if special[order[i]] == SARAH:
                for j in (i - 1, i + 1):
                    if 0 <= j <= last and special[order[j]] == NONE:
                        queue[m] = owner[order[j]]
                        m += 1
        sc[S_SQN] = m
    return NEXT_NEIGHBOUR


@njit(cache=True, _nrt=False, inline="always")
def _advance(step, V, G, E, mt):  # type: ignore[no-untyped-def]
    """Run the reference's chain of turn steps from ``step`` until a decision is due."""
    sc, hand_n, hands, pile, discard, gen = V[0], V[3], V[4], V[5], V[6], V[8]
    cfg = G[0]
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
            step = _toast(V, G, E)
        elif step == NEXT_NEIGHBOUR:
            if sc[S_SQN] > 0 and sc[S_PILE] > 0:
                sc[S_PHASE] = PH_SARAH
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
                _draw(p, 1, sc, cfg, hands, hand_n, pile, discard, gen, mt)
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
            step = AFTER_PLAY if hand_n[sc[S_CUR]] == 0 else DONE  # empty_hand: skip_play


@njit(cache=True, _nrt=False, inline="always")
def _play(row, V, G, E, mt):  # type: ignore[no-untyped-def]
    """``DracoState._play``: the card of kind ``row[1]`` leaves the hand and acts."""
    sc, money, order, hand_n, hands, discard = V[0], V[1], V[2], V[3], V[4], V[6]
    cfg, owner, special, die, effects, card_kind = G[0], G[1], G[2], G[5], G[6], G[7]
    d, recv, tmp = E[0], E[1], E[2]
    n = cfg[C_N]
    p = sc[S_CUR]
    k = row[1]
    for m in range(hand_n[p]):
        card = hands[p, m]
        if card_kind[card] == k:
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
        kk = order.shape[0]
        for i in range(kk):
            tmp[i] = order[i]
        order[0] = c
        m = 1
        for i in range(kk):
            if tmp[i] != c and tmp[i] != other:
                order[m] = tmp[i]
                m += 1
        order[kk - 1] = other
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
            _transfer(row[2], p, a, money, sc, cfg, d, recv)
    elif code == FLIP:
        kk = order.shape[0]
        for i in range(kk // 2):
            t = order[i]
            order[i] = order[kk - 1 - i]
            order[kk - 1 - i] = t
        sc[S_CUPRIGHT] = 1 - sc[S_CUPRIGHT]
    elif code == SWAP_ADJ or code == SWAP_ANY:
        i = _index(order, row[2])
        j = _index(order, row[3])
        order[i] = row[3]
        order[j] = row[2]
    elif code == CUP:
        sc[S_CUP] = -1
    elif code == COINS:
        for i in range(n):
            d[i] = 0
        paid = E[3]
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
            _settle(d, paid, npaid, True, money, sc, cfg)
    elif code == DUEL:
        q = row[2]
        mine = die[fr.randbelow_inline(mt, die.shape[0])]
        theirs = die[fr.randbelow_inline(mt, die.shape[0])]
        if mine > theirs:
            _transfer(q, p, a, money, sc, cfg, d, recv)
        elif mine < theirs:
            _transfer(p, q, a, money, sc, cfg, d, recv)
    return AFTER_PLAY


@njit(cache=True, _nrt=False, inline="always")
def apply(row, V, G, E, mt):  # type: ignore[no-untyped-def]
    """``DracoState.apply`` of the legal row ``row`` (chance drawn from generator ``mt``)."""
    sc = V[0]
    phase = sc[S_PHASE]
    step = END_TURN
    if phase == PLAY:
        step = _play(row, V, G, E, mt)
    elif phase == ROLLED:
        _move(V[2], row[2], sc[S_ROLL] * sc[S_ROLLSIGN])
        step = AFTER_PLAY
    elif phase == PH_SARAH:
        queue = V[9]
        p = queue[0]
        for j in range(sc[S_SQN] - 1):
            queue[j] = queue[j + 1]
        sc[S_SQN] -= 1
        if row[0] == A_DRAW:
            _draw(p, G[0][C_SARAH], sc, G[0], V[4], V[3], V[5], V[6], V[8], mt)
        step = NEXT_NEIGHBOUR
    elif row[0] == A_TOAST:
        step = DO_TOAST
    _advance(step, V, G, E, mt)  # one call site: inlined once


@njit(cache=True, _nrt=False)
def player(V):  # type: ignore[no-untyped-def]
    """The seat to decide, -1 once the game is over."""
    sc = V[0]
    if sc[S_END] != 0:
        return -1
    return V[9][0] if sc[S_PHASE] == PH_SARAH else sc[S_CUR]


@njit(cache=True, _nrt=False, inline="always")
def _put(out, m, t, k, x, y, z, w):  # type: ignore[no-untyped-def]
    out[m, 0] = t
    out[m, 1] = k
    out[m, 2] = x
    out[m, 3] = y
    out[m, 4] = z
    out[m, 5] = w
    return m + 1


@njit(cache=True, _nrt=False, inline="always")
def legal(V, G, out):  # type: ignore[no-untyped-def]
    """``DracoState.legal_actions`` as rows ``[type, kind, x, y, z, w]`` into ``out``, in its order."""
    sc, money, order, hand_n, hands = V[0], V[1], V[2], V[3], V[4]
    cfg, effects, card_kind, perms = G[0], G[6], G[7], G[8]
    if sc[S_END] != 0:
        return 0
    phase = sc[S_PHASE]
    n = cfg[C_N]
    nchars = cfg[C_NCHARS]
    m = 0
    if phase == TOAST:
        m = _put(out, m, A_TOAST, 0, 0, 0, 0, 0)
        return _put(out, m, A_PASS, 0, 0, 0, 0, 0)
    if phase == PH_SARAH:
        m = _put(out, m, A_DRAW, 0, 0, 0, 0, 0)
        return _put(out, m, A_DECLINE, 0, 0, 0, 0, 0)
    p = sc[S_CUR]
    if phase == ROLLED:
        if sc[S_ROLLANY]:
            for c in range(nchars):
                m = _put(out, m, A_MOVE, 0, c, 0, 0, 0)
        else:
            m = _put(out, m, A_MOVE, 0, 2 * p, 0, 0, 0)
            m = _put(out, m, A_MOVE, 0, 2 * p + 1, 0, 0, 0)
        return m
    seen = np.int64(0)
    last = order.shape[0] - 1
    for h in range(hand_n[p]):
        k = card_kind[hands[p, h]]
        bit = np.int64(1) << k
        if seen & bit:
            continue
        seen |= bit
        code, a = effects[k, 0], effects[k, 1]
        if code == MOVE and a:
            for c in range(nchars):
                m = _put(out, m, A_PLAY, k, c, 0, 0, 0)
        elif code == MOVE or code == SPLIT or code == BESIDE:
            m = _put(out, m, A_PLAY, k, 2 * p, 0, 0, 0)
            m = _put(out, m, A_PLAY, k, 2 * p + 1, 0, 0, 0)
        elif code == ARRANGE:
            if perms.shape[0] == 0 or perms.shape[1] == 0:
                m = _put(out, m, A_PLAY, k, 0, 0, 0, 0)
            else:
                w = perms.shape[1]
                for r in range(perms.shape[0]):
                    m = _put(out, m, A_PLAY, k, perms[r, 0], perms[r, 1] if w > 1 else 0,
                             perms[r, 2] if w > 2 else 0, w)
        elif code == STEAL:
            m0 = m
            for q in range(n):
                if q != p and money[q] > 0:
                    m = _put(out, m, A_PLAY, k, q, 0, 0, 0)
            if m == m0:
                m = _put(out, m, A_PLAY, k, -1, 0, 0, 0)
        elif code == SWAP_ADJ:
            for c in (2 * p, 2 * p + 1):
                i = _index(order, c)
                if i > 0:
                    m = _put(out, m, A_PLAY, k, c, order[i - 1], 0, 0)
                if i < last:
                    m = _put(out, m, A_PLAY, k, c, order[i + 1], 0, 0)
        elif code == SWAP_ANY:
            for c in (2 * p, 2 * p + 1):
                for dd in range(nchars):
                    if dd != c:
                        m = _put(out, m, A_PLAY, k, c, dd, 0, 0)
        elif code == DUEL:
            for q in range(n):
                if q != p:
                    m = _put(out, m, A_PLAY, k, q, 0, 0, 0)
        else:
            m = _put(out, m, A_PLAY, k, 0, 0, 0, 0)
    return m


@njit(cache=True)
def legal_of(s, G, out):  # type: ignore[no-untyped-def]
    """``legal`` of the position array ``s`` (for Python: the views are made here)."""
    return legal(_views(s, G[0]), G, out)


@njit(cache=True, _nrt=False)
def action_id(row, nchars):  # type: ignore[no-untyped-def]
    """One integer per distinct action (the tree's edge label): same action, same id in every sample."""
    c = nchars + 2
    return (((row[0] * 64 + row[1]) * c + row[2] + 1) * c + row[3]) * c + row[4]


# -- the heuristic -----------------------------------------------------------------------------
#: ``compiled_heuristic.edge`` (my toast gain minus the others' average) itself, compiled again to be inlined where
#: called and without reference counting: the very same sums. Never compiled on its own, so nothing to cache.
_edge = njit(_nrt=False, inline="always")(compiled_heuristic.edge.py_func)


@njit(cache=True, _nrt=False, inline="always")
def _random(mt):  # type: ignore[no-untyped-def]
    """``fastrng.random`` (``random.random()``, 53 bits) from the inlined draws: the same floats."""
    a = fr.genrand_inline(mt) >> np.uint32(5)
    b = fr.genrand_inline(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True, _nrt=False, inline="always")
def _moved(order, c, delta, out):  # type: ignore[no-untyped-def]
    """``compiled_heuristic.moved`` with loops instead of slice assignments (the heuristic's hot spot)."""
    k = order.shape[0]
    i = 0
    while order[i] != c:
        i += 1
    j = min(max(i + delta, 0), k - 1)
    for t in range(k):
        out[t] = order[t]
    if j < i:
        for t in range(i, j, -1):
            out[t] = order[t - 1]
        out[j] = c
    elif j > i:
        for t in range(i, j):
            out[t] = order[t + 1]
        out[j] = c


@njit(cache=True, _nrt=False, inline="always")
def _at(order, t, i, j, c):  # type: ignore[no-untyped-def]
    """Seat ``t`` of ``order`` once ``c`` moved from seat ``i`` to seat ``j`` (``_moved`` without writing it out)."""
    if i < j:
        if t < i or t > j:
            return order[t]
        return c if t == j else order[t + 1]
    if t < j or t > i:
        return order[t]
    return c if t == j else order[t - 1]


@njit(cache=True, _nrt=False, inline="always")
def _front(order, i, j, c, owner, special, payouts, me):  # type: ignore[no-untyped-def]
    """The payouts' half of ``_edge`` (my gain, everyone's) on ``order`` with ``c`` moved from ``i`` to ``j``."""
    k = order.shape[0]
    mine = 0
    total = 0
    for q in range(payouts.shape[0]):
        amount = payouts[q]
        t = q
        while t < k:
            x = _at(order, t, i, j, c)
            sp = special[x]
            if sp == NONE:
                total += amount
                if owner[x] == me:
                    mine += amount
            elif sp == JEAN:
                t += 1
                continue
            break
    return mine, total


@njit(cache=True, _nrt=False, inline="always")
def _back(order, i, j, c, owner, special, costs, mult, richest, me):  # type: ignore[no-untyped-def]
    """The costs' half of ``_edge`` (my loss, everyone's, Zork's charge included), as ``_front``."""
    k = order.shape[0]
    mine = 0
    total = 0
    for q in range(costs.shape[0]):
        amount = costs[q]
        t = k - 1 - q
        while t >= 0:
            x = _at(order, t, i, j, c)
            sp = special[x]
            if sp == NONE:
                total -= amount
                if owner[x] == me:
                    mine -= amount
            elif sp == JEAN:
                t -= 1
                continue
            elif sp == ZORK:
                due = mult * amount
                for r in range(richest.shape[0]):
                    total -= due
                    if richest[r] == me:
                        mine -= due
            break
    return mine, total


@njit(cache=True, _nrt=False, inline="always")
def _values(legal, m, order, owner, special, payouts, costs, die, effects, everyone, mult, richest, me, n,  # type: ignore[no-untyped-def]
            money, cup, roll_delta, own, out, trial, tmp, pos, faces):
    """``compiled_heuristic.action_values`` over legal rows into ``out``, without allocating.

    The same integer sums and float operations as ``compiled_heuristic.action_values`` (so the same
    choices). A move of one character (a card's, the roll's, each face of a favour)
    changes only the seats between its start and end, and a toast reads only the first
    ``front`` and the last seats from ``back`` on: the edge is summed in two halves
    (``_front``, ``_back``), the half the move cannot reach taken from the current
    position, the other read through ``_at`` without writing the seating out; a move
    that reaches neither takes the current edge. The integer sums are the very ones
    ``_edge`` adds, so the values are the same numbers.
    """
    k = order.shape[0]
    jeans = 0
    for i in range(k):
        pos[order[i]] = i
        if special[order[i]] == JEAN:
            jeans += 1
    front = payouts.shape[0] + jeans
    back = k - costs.shape[0] - jeans
    c0 = order[0]
    mf0, tf0 = _front(order, 0, 0, c0, owner, special, payouts, me)
    mb0, tb0 = _back(order, 0, 0, c0, owner, special, costs, mult, richest, me)
    mine0 = mf0 + mb0
    now = mine0 - (tf0 + tb0 - mine0) / (n - 1)
    for i_ in range(m):
        r = legal[i_]
        if r[0] == A_MOVE:
            op, a, b = OP_MOVE, 0, 0
        else:
            op, a, b = effects[r[1], 0], effects[r[1], 1], effects[r[1], 2]
        x, y, z, w = r[2], r[3], r[4], r[5]
        if op == OP_MOVE or op == MOVE or op == ROLL:
            # one character moved: ``chars`` of a favour every face, else ``x`` by ``delta``
            chars = everyone if op == ROLL and a else own
            nc = chars.shape[0] if op == ROLL else 1
            nf = die.shape[0] if op == ROLL else 1
            for f in range(nf):
                faces[f] = 0.0
            for ci in range(nc):
                c = chars[ci] if op == ROLL else x
                i = pos[c]
                last = -1
                e = 0.0
                for f in range(nf):
                    delta = die[f] * b if op == ROLL else (roll_delta if op == OP_MOVE else b)
                    j = min(max(i + delta, 0), k - 1)
                    if j != last:  # faces that end on the same seat have the same edge
                        last = j
                        lo = min(i, j)
                        hi = max(i, j)
                        if front <= lo and hi < back:
                            e = now
                        else:
                            mf, tf = (_front(order, i, j, c, owner, special, payouts, me) if lo < front
                                      else (mf0, tf0))
                            mb, tb = (_back(order, i, j, c, owner, special, costs, mult, richest, me)
                                      if hi >= back else (mb0, tb0))
                            mine = mf + mb
                            e = mine - (tf + tb - mine) / (n - 1)
                    if ci == 0 or e > faces[f]:  # the best character for each face
                        faces[f] = e
            if op == ROLL:
                total = 0.0
                for f in range(nf):
                    total += faces[f]
                v = total / nf
            else:
                v = faces[0]
        elif op == SPLIT:
            other = own[1] if own[0] == x else own[0]
            _moved(order, x, -a, tmp)
            _moved(tmp, other, b, trial)
            v = _edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == BESIDE:
            other = own[1] if own[0] == x else own[0]
            trial[0] = x
            p = 1
            for i in range(k):
                c = order[i]
                if c != x and c != other:
                    trial[p] = c
                    p += 1
            trial[k - 1] = other
            v = _edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == ARRANGE:
            g = 0
            for i in range(k):
                trial[i] = order[i]
                if g < w and special[order[i]] != NONE:
                    trial[i] = x if g == 0 else (y if g == 1 else z)
                    g += 1
            v = _edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == FLIP:
            for i in range(k):
                trial[i] = order[k - 1 - i]
            v = _edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == SWAP_ADJ or op == SWAP_ANY:
            i = pos[x]
            j = pos[y]
            if front <= i < back and front <= j < back:
                v = now
            else:
                for t in range(k):
                    trial[t] = order[t]
                trial[i] = y
                trial[j] = x
                v = _edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == STEAL:
            v = now if x < 0 else now + a * (1 + 1 / (n - 1)) + 0.01 * money[x]
        elif op == CUP:
            v = now + ((now if now > 0.0 else 0.0) if cup != -1 else 0.0)
        elif op == COINS:
            gain = 0.0
            for f in range(die.shape[0]):
                face = die[f]
                if face - 1 < k:
                    o = owner[order[face - 1]]
                    if o == me:
                        gain += b
                    elif o >= 0:
                        gain += -b / (n - 1)
                    else:
                        gain += 0.0
            v = now + a * gain / die.shape[0]
        elif op == DUEL:
            v = now
        else:  # reseat
            v = 0.0
        out[i_] = v


@njit(cache=True, _nrt=False, inline="always")
def heuristic(V, G, H, legal_rows, m, rng):  # type: ignore[no-untyped-def]
    """``agents.HeuristicAgent.choose`` on legal rows: the index it picks (ties drawn from ``rng``)."""
    if m == 1:
        return 0
    sc, money, order = V[0], V[1], V[2]
    phase = sc[S_PHASE]
    if phase == PH_SARAH:
        return 0  # always draw
    n = G[0][C_N]
    me = sc[S_CUR]
    top = _top(money)
    richest_buf = H[1]
    nrich = 0
    for p in range(n):
        if money[p] == top:
            richest_buf[nrich] = p
            nrich += 1
    richest = richest_buf[:nrich]
    if phase == TOAST:
        return 0 if _edge(order, G[1], G[2], G[3], G[4], G[0][C_MULT], richest, me, n) > 0 else 1
    own = H[2]
    own[0] = 2 * me
    own[1] = 2 * me + 1
    roll_delta = sc[S_ROLL] * sc[S_ROLLSIGN] if phase == ROLLED else 0
    values = H[3]
    _values(legal_rows, m, order, G[1], G[2], G[3], G[4], G[5], G[6], G[9], G[0][C_MULT], richest, me, n, money,
            sc[S_CUP], roll_delta, own, values, H[0], H[4], H[5], H[6])
    best = values[0]
    for i in range(1, m):
        if values[i] > best:
            best = values[i]
    ntop = 0
    for i in range(m):
        if values[i] >= best - 1e-9:
            ntop += 1
    pick = fr.randbelow_inline(rng, ntop)
    for i in range(m):
        if values[i] >= best - 1e-9:
            if pick == 0:
                return i
            pick -= 1
    return 0


# -- the end -----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _count(money, level):  # type: ignore[no-untyped-def]
    c = 0
    for v in money:
        if v == level:
            c += 1
    return c


@njit(cache=True, _nrt=False)
def _below(money, level):  # type: ignore[no-untyped-def]
    """The highest amount under ``level``, or -1 (amounts are never negative)."""
    out = np.int64(-1)
    for v in money:
        if v < level and v > out:
            out = v
    return out


@njit(cache=True, _nrt=False)
def winners(money, cfg, out):  # type: ignore[no-untyped-def]
    """``DracoState._winners`` as 0/1 per seat into ``out``: most money wins; tied leaders are
    eliminated and the next amount held by one seat alone wins (``tie_for_win`` beyond that)."""
    top = _top(money)
    chosen = top
    if _count(money, top) > 1:
        second = _below(money, top)
        if second >= 0:
            if _count(money, second) == 1 or cfg[C_TIE] == 1:  # share_next: the next amount's holders share
                chosen = second
            else:  # repeat_elimination
                level = _below(money, second)
                while level >= 0:
                    if _count(money, level) == 1:
                        chosen = level
                        break
                    level = _below(money, level)
    for p in range(money.shape[0]):
        out[p] = 1 if money[p] == chosen else 0


# -- determinize -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def determinize(src, dst, seat, rng, dst_mt, G, D):  # type: ignore[no-untyped-def]
    """``dst`` = ``src`` with what ``seat`` cannot see dealt again (``DracoState.determinize``, draw for draw).

    Hidden: the other hands, the draw pile, the cards set aside; cards are redealt only
    among cards of the same rebuild generation. ``dst_mt`` gets the sample's own chance.
    """
    cfg = G[0]
    copy(dst, src)
    V = _views(dst, cfg)
    sc, hand_n, hands, pile, aside, gen = V[0], V[3], V[4], V[5], V[7], V[8]
    n = cfg[C_N]
    ncards = cfg[C_NCARDS]
    pool, pcount, mark = D[0], D[1], D[2]
    for g in range(pcount.shape[0]):
        pcount[g] = 0
    for c in range(mark.shape[0]):
        mark[c] = 0
    for q in range(n):
        if q != seat:
            for i in range(hand_n[q]):
                mark[hands[q, i]] = 1
    for i in range(sc[S_PILE]):
        mark[pile[i]] = 1
    for i in range(sc[S_ASIDE]):
        mark[aside[i]] = 1
    for c in range(ncards):  # ascending: each pool is sorted, as the reference sorts it
        if mark[c]:
            g = gen[c]
            pool[g, pcount[g]] = c
            pcount[g] += 1
    for g in range(pool.shape[0]):
        if pcount[g] > 0:
            fr.shuffle_fast(rng, pool[g], pcount[g])
    for q in range(n):
        if q != seat:
            for i in range(hand_n[q]):
                g = gen[hands[q, i]]
                pcount[g] -= 1
                hands[q, i] = pool[g, pcount[g]]
    for i in range(sc[S_PILE]):
        g = gen[pile[i]]
        pcount[g] -= 1
        pile[i] = pool[g, pcount[g]]
    for i in range(sc[S_ASIDE]):
        g = gen[aside[i]]
        pcount[g] -= 1
        aside[i] = pool[g, pcount[g]]
    low = np.uint64(fr.genrand_inline(rng))
    high = np.uint64(fr.genrand_inline(rng))
    fr.seed(dst_mt, (high << np.uint64(32)) | low)


# -- the driver --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def rollout(V, G, E, H, mt, rng, policy, epsilon, rows):  # type: ignore[no-untyped-def]
    """Play the sample to its end: the heuristic (``policy``) with chance ``epsilon`` of a random move,
    or uniformly random moves. False when abandoned after ``ROLLOUT_CAP`` decisions (or stuck)."""
    sc = V[0]
    for _ in range(ROLLOUT_CAP):
        if sc[S_END] != 0:
            return True
        m = legal(V, G, rows)
        if m == 0:
            return False
        if m == 1:
            i = 0
        elif epsilon > 0.0 and _random(rng) < epsilon:
            i = int(_random(rng) * m)
        elif policy:
            i = heuristic(V, G, H, rows, m, rng)
        else:
            i = int(_random(rng) * m)
        apply(rows[i], V, G, E, mt)
    return sc[S_END] != 0


@njit(cache=True, _nrt=False)
def _reward(V, G, R, finished, score_weight, out):  # type: ignore[no-untyped-def]
    money = V[1]
    win, scores = R[0], R[1]
    winners(money, G[0], win)
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
    V0 = _views(s, cfg)
    seat = player(V0)
    k = legal(V0, G, root_rows)
    advice = heuristic(V0, G, H, root_rows, k, rng) if policy else -1
    rounds = max(2, iterations // k)
    sums[:k] = 0.0
    dsum[:k] = 0.0
    dsq[:k] = 0.0
    V = _views(work, cfg)
    pseed = B[21]
    for _ in range(rounds):
        determinize(s, base, seat, rng, base_mt, G, D)
        low = np.uint64(fr.genrand_inline(rng))
        high = np.uint64(fr.genrand_inline(rng))
        rseed = (high << np.uint64(32)) | low
        # seeded and twisted once a round, copied for each root move: the very words a
        # fresh seeding per move would give, without its cost (the first draw twists anyway)
        fr.seed(pseed, rseed)
        fr.twist_fast(pseed)
        fr.twist_fast(base_mt)
        for i in range(k):
            copy(work, base)
            copy(mt, base_mt)
            copy(prng, pseed)
            apply(root_rows[i], V, G, E, mt)
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
            apply(rows[i], V, G, E, mt)
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
    V0 = _views(s, cfg)
    seat = player(V0)
    k = legal(V0, G, root_rows)
    for i in range(k):
        root_ids[i] = action_id(root_rows[i], nchars)
    bonus_id = -1
    bonus = 0.0
    if policy and prior > 0.0:
        bonus_id = root_ids[heuristic(V0, G, H, root_rows, k, rng)]
        bonus = prior * iterations
    V = _views(work, cfg)
    sc = V[0]
    for done in range(1, iterations + 1):
        determinize(s, work, seat, rng, mt, G, D)
        node = 0
        length = 1
        path[0] = 0
        rolled = False
        finished = True
        while sc[S_END] == 0:
            m = legal(V, G, rows)
            if m == 0:
                finished = False
                break
            mover = player(V)
            for i in range(m):
                ids[i] = action_id(rows[i], nchars)
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
        if done % 8 == 0 and done < iterations and ft.decided_with(tree, 0, iterations - done, bonus_id, bonus):
            break
    return ft.most_visited_with(tree, value, 0, root_ids, k, bonus_id, bonus)


# -- Python side: tables, encode, the hook -----------------------------------------------------
class Driver:
    """The compiled search of one ``DracoGame``: static tables, buffers, and the tree."""

    def __init__(self, game: DracoGame) -> None:
        g = game
        #: a proxy: ``_DRIVERS`` holds drivers by weak keys, so the driver must not keep its game alive
        self.g = weakref.proxy(g)
        clar = g.deck.clarifications
        n, ncards, nchars = g.players, len(g.card_ids), len(g.char_ids)
        self.cfg = np.array([
            n, g.hand_size, g.start_money, g.per_gold, g.gold_total, g.silver_total, g.zork_mult, g.sarah_draw,
            g.rebuilds, g.set_aside, int(g.cup_right), int(g.cup_last),
            {"must_toast": 0, "may_toast": 1}[clar["final_toast"].resolution],
            int(clar["bank_short"].resolution == "unlimited"), int(clar["richest_tie"].resolution == "none_pays"),
            ncards, nchars, int(clar["tie_for_win"].resolution == "share_next"), g.box_value, max(1, ncards)],
            dtype=np.int64)
        specials = [g.code_of[x] for x in g.special_ids]
        perms = [list(p) for p in permutations(specials)] if specials else []
        self.G = (self.cfg, np.array(g.owner, dtype=np.int64), np.array(g.special, dtype=np.int64),
                  np.array(g.payouts, dtype=np.int64), np.array(g.costs, dtype=np.int64),
                  np.array(g.die, dtype=np.int64),
                  np.array(g.kind_effect, dtype=np.int64).reshape(len(g.kind_effect), 3),
                  np.array(g.card_kind, dtype=np.int64),
                  np.array(perms, dtype=np.int64).reshape(len(perms), len(specials)),
                  np.arange(nchars, dtype=np.int64))
        self.size = state_size(self.cfg)
        w = max(2, nchars, sum({MOVE: nchars, SPLIT: 2, BESIDE: 2, ARRANGE: max(1, len(perms)), STEAL: n,
                                SWAP_ADJ: 4, SWAP_ANY: 2 * nchars, DUEL: n}.get(e[0], 1) for e in g.kind_effect))
        self.width = w
        W = max(1, ncards)
        i64, f64 = np.int64, np.float64
        #: engine scratch (money changes, receivers, a seating, coin-drop payees)
        self.E = (np.zeros(n, i64), np.zeros(n, i64), np.zeros(nchars, i64), np.zeros(n + 16, i64))
        #: heuristic scratch (trial seating, richest, own characters, values, second seating, positions,
        #: a favour's best edge per die face)
        self.H = (np.zeros(nchars, i64), np.zeros(n, i64), np.zeros(2, i64), np.zeros(w, f64),
                  np.zeros(nchars, i64), np.zeros(nchars, i64), np.zeros(max(1, len(g.die)), f64))
        #: determinize scratch (pools per rebuild generation, their sizes, hidden marks)
        self.D = (np.zeros((g.rebuilds + 1, W), i64), np.zeros(g.rebuilds + 1, i64), np.zeros(W, i64))
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
        """The reference position as a position array (the generator is not part of it: ``mt_of``)."""
        g = self.g
        s = np.zeros(self.size, dtype=np.int64)
        sc, money, order, hand_n, hands, pile, discard, aside, gen, queue = views_of(s, self.cfg)
        sc[S_CUR] = state.cur
        sc[S_FIRST] = state.first
        sc[S_CUP] = state.cup
        sc[S_CUPRIGHT] = int(state.cup_right)
        sc[S_REBUILDS] = state.rebuilds_left
        sc[S_LASTCALL] = int(state.last_call)
        sc[S_FINALRULE] = 0 if state.final_rule == "must_toast" else 1
        sc[S_PHASE] = state.phase
        sc[S_ROLL] = state.roll
        sc[S_ROLLSIGN] = state.roll_sign
        sc[S_ROLLANY] = int(state.roll_any)
        sc[S_TOASTS] = state.toasts
        sc[S_REBUILT] = state.rebuilt
        sc[S_UNPAID] = state.unpaid
        sc[S_TURNS] = state.turns
        sc[S_ROUNDS] = state.rounds
        sc[S_END] = 0 if state.end_reason is None else 1
        sc[S_PILE] = len(state.pile)
        sc[S_DISC] = len(state.discard)
        sc[S_SQN] = len(state.sarah_queue)
        sc[S_ASIDE] = len(state.set_aside)
        sc[S_BANK] = state.bank
        sc[S_FINALS] = state.final_toasts
        money[:] = state.money
        order[:] = state.order
        for p, hand in enumerate(state.hands):
            hand_n[p] = len(hand)
            hands[p, :len(hand)] = hand
        pile[:len(state.pile)] = state.pile
        discard[:len(state.discard)] = state.discard
        aside[:len(state.set_aside)] = state.set_aside
        gen[:len(g.card_ids)] = state.card_gen
        queue[:len(state.sarah_queue)] = state.sarah_queue
        return s

    @staticmethod
    def mt_of(state: DracoState) -> np.ndarray:
        """The reference's generator as a ``fastrng`` state (the same draws follow)."""
        words = state.rng.getstate()[1]
        return np.array(words, dtype=np.uint32)

    def canonical(self, s: np.ndarray) -> np.ndarray:
        """A copy of ``s`` with the slots beyond each zone's size zeroed (kernels leave them stale)."""
        s = s.copy()
        sc, _, _, hand_n, hands, pile, discard, aside, _, queue = views_of(s, self.cfg)
        for p in range(len(hand_n)):
            hands[p, hand_n[p]:] = 0
        pile[sc[S_PILE]:] = 0
        discard[sc[S_DISC]:] = 0
        aside[sc[S_ASIDE]:] = 0
        queue[sc[S_SQN]:] = 0
        return s

    def views(self, s: np.ndarray) -> tuple[np.ndarray, ...]:
        return views_of(s, self.cfg)

    def legal_rows(self, s: np.ndarray) -> np.ndarray:
        """The legal rows of position ``s`` (a copy)."""
        m = legal_of(s, self.G, self.B[10])
        return self.B[10][:m].copy()

    def action(self, row: Any) -> Action:
        """The reference action of a legal row (``DracoFast._action``)."""
        g = self.g
        t, k, x, y, z, w = (int(v) for v in row)
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
        if code in (STEAL, DUEL):
            return ("play", kid, x) if x >= 0 else ("play", kid)
        return ("play", kid)

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
    clar = game.deck.clarifications
    missing = [k for k in GAPS if k not in clar]
    if missing:
        return f"the compiled search needs every Draco clarification; this deck has none for {', '.join(missing)}"
    for kind, allowed in GAPS.items():
        if clar[kind].resolution not in allowed:
            return f"{kind}: resolution {clar[kind].resolution!r} is not one the driver plays"
    if len(game.special_ids) > 3:
        return f"at most 3 special characters, this deck has {len(game.special_ids)}"
    if len(game.kind_ids) > 62:
        return f"at most 62 kinds of action card, this deck has {len(game.kind_ids)}"
    if not game.card_ids:
        return "a deck without action cards"
    return None


_DRIVERS: "weakref.WeakKeyDictionary[DracoGame, Driver | str]" = weakref.WeakKeyDictionary()


def _announce() -> None:
    """One stderr line when numba is about to compile the driver (its disk cache is empty)."""
    global _ANNOUNCED
    if not _ANNOUNCED and not any((Path(__file__).resolve().parent / "__pycache__").glob("compiled_search.choose_*.nbi")):
        print("cardgen: compiling the Draco search driver (once per machine, two to four minutes)...", file=sys.stderr)
    _ANNOUNCED = True


_ANNOUNCED = False


def driver(game: DracoGame) -> Driver | str:
    """The driver of ``game`` (built once per game object), or why there is none."""
    d = _DRIVERS.get(game)
    if d is None:
        _announce()
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
