"""King Lui one step at a time in numba: the state as one integer array, and its kernels.

``compiled_rules.play`` plays a whole game in one loop over local variables (fast, but
nothing can stop it at a decision and try two moves from there). The search
driver (``compiled_search.py``) needs the game as *data*: a position it can copy,
ask for its legal actions, advance by one action, score and re-deal. This
module is that: the flow of ``engine.KingLuiState`` (deal a course, set up a
decision, apply, offer a drawn Emerald, close a turn) as kernels over one
``int64`` array, with ``compiled_rules``'s tables (``cfg``, ``combos``, ``combo_cnt``),
action codes and heuristic (``compiled_rules._heuristic``).

Layout of a state ``s`` (``n`` dishes, ``P`` players, ``N`` card instances): the
scalars ``S_*``, then ``table[n]``, ``king[n]``, ``eaten[n]``, ``hands[P, n]``,
``taken[P, n]`` (portions each seat took openly) and the supply ``sup[N]`` as
*dish codes* (``-1`` an Emerald), top card last, ``s[S_SP]`` of them in use.
Hands are counts: no rule depends on which instance of a dish is where, and a
seat's unseen draws are ``hands - taken``.

A state always rests at a decision (``legal`` lists it) or at the end
(``s[S_END] != PLAYING``); ``apply`` runs the flow on to the next decision.
King Lui has no chance after the supply is shuffled, so ``apply`` draws nothing:
a sample's future lies in its supply order, which ``determinize`` deals again.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.games.king_lui.compiled_rules import (
    C_COURSE, C_DISHES, C_DRAW, C_EMPTY, C_NO_DISH, C_PLAYERS, C_PORTIONS, C_SHORT, EMERALD_ALLOWED, GAP_EMPTY,
    GAP_NO_DISH, GAP_SHORT, PLAYING, STALLED, SUPPLY_EXHAUSTED, UNSETTLED, _heuristic)

# -- scalars of a state ----------------------------------------------------------------------
S_SP, S_TEMER, S_KTOTAL, S_PENDING, S_CHEF, S_ACTED, S_PLAYER, S_TURNS, S_ROUNDS, S_END, S_PHASE, S_REMOVED = range(12)
HEADER = 12
#: ``s[S_PHASE]``: a turn's action, or the decision on an Emerald just drawn (use it or place it)
ACT, DRAWN_EMERALD = 0, 1
# steps of the flow (``settle``)
_DEAL, _DECIDE, _PENDING, _ADVANCE = 0, 1, 2, 3

__all__ = ["PLAYING", "SUPPLY_EXHAUSTED", "STALLED", "GAP_NO_DISH", "GAP_EMPTY", "GAP_SHORT"]


@njit(cache=True)
def size(n: int, players: int, cards: int) -> int:
    """Length of a state array."""
    return HEADER + 3 * n + 2 * players * n + cards


@njit(cache=True)
def table_of(s, n):
    return s[HEADER:HEADER + n]


@njit(cache=True)
def king_of(s, n):
    return s[HEADER + n:HEADER + 2 * n]


@njit(cache=True)
def eaten_of(s, n):
    return s[HEADER + 2 * n:HEADER + 3 * n]


@njit(cache=True)
def hands_of(s, n, players):
    """``hands[seat, dish]`` (a view)."""
    o = HEADER + 3 * n
    return s[o:o + players * n].reshape((players, n))


@njit(cache=True)
def taken_of(s, n, players):
    """``taken[seat, dish]``: portions taken openly from the table (a view)."""
    o = HEADER + 3 * n + players * n
    return s[o:o + players * n].reshape((players, n))


@njit(cache=True)
def supply_of(s, n, players):
    """The whole supply buffer (dish codes, top last); ``s[S_SP]`` of them are in use."""
    return s[HEADER + 3 * n + 2 * players * n:]


@njit(cache=True)
def live(s, n, players):
    """Length of the part of ``s`` that is the position (the supply past its top is stale)."""
    return HEADER + 3 * n + 2 * players * n + s[S_SP]


@njit(cache=True)
def _finish(s, end):
    s[S_END] = end
    s[S_PLAYER] = -1
    s[S_PHASE] = ACT


@njit(cache=True)
def settle(s, cfg, step):
    """Run the flow from ``step`` to the next decision or the end (``KingLuiState``'s
    ``_start_course``, ``_decide``, ``_next_pending``, ``_advance``).

    The kernels index ``s`` directly rather than through the views above: a view is
    an allocation-free but counted object, and rollouts call these a million times.
    """
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    portions = cfg[C_PORTIONS]
    t0 = HEADER
    k0 = HEADER + n
    s0 = HEADER + 3 * n + 2 * players * n
    while True:
        if step == _DEAL:
            course = cfg[C_COURSE]
            sp = s[S_SP]
            if sp < course:
                s[S_REMOVED] += sp  # the leftovers leave the game
                s[S_SP] = 0
                _finish(s, SUPPLY_EXHAUSTED)
                return
            for i in range(course):
                d = s[s0 + sp - 1 - i]
                if d < 0:
                    s[S_TEMER] += 1
                else:
                    s[t0 + d] += 1
            s[S_SP] = sp - course
            s[S_PLAYER] = s[S_CHEF]
            s[S_ACTED] = 0
            step = _DECIDE
        elif step == _DECIDE:
            m = 0
            for d in range(n):
                if s[t0 + d]:
                    m += 1
            emerald = s[S_TEMER] > 0 and s[S_KTOTAL] >= portions
            if m == 0 and emerald:
                if cfg[C_NO_DISH] == UNSETTLED:
                    _finish(s, STALLED + GAP_NO_DISH)
                    return
                emerald = cfg[C_NO_DISH] == EMERALD_ALLOWED
            if s[S_SP] > 0 or emerald:  # a king holding enough portions always allows some combination
                m += 1
            if m > 0:
                s[S_PHASE] = ACT
                return
            if cfg[C_EMPTY] == UNSETTLED:
                _finish(s, STALLED + GAP_EMPTY)
                return
            step = _ADVANCE  # "pass": the turn is spent without taking anything
        elif step == _PENDING:
            step = _ADVANCE
            while s[S_PENDING] > 0:
                if s[S_KTOTAL] >= portions:
                    s[S_PHASE] = DRAWN_EMERALD
                    return
                s[S_PENDING] -= 1
                s[S_TEMER] += 1
        else:  # _ADVANCE
            s[S_TURNS] += 1
            s[S_ACTED] += 1
            if s[S_ACTED] < players:
                s[S_PLAYER] = (s[S_PLAYER] + 1) % players
                step = _DECIDE
                continue
            served = 0
            for d in range(n):
                x = s[t0 + d]
                if x:
                    s[k0 + d] += x
                    served += x
                    s[t0 + d] = 0
            s[S_KTOTAL] += served
            s[S_ROUNDS] += 1
            s[S_CHEF] = (s[S_CHEF] + 1) % players
            step = _DEAL


@njit(cache=True)
def start(s, cfg):
    """Deal the first course of a state whose supply is set and everything else is zero."""
    settle(s, cfg, _DEAL)


@njit(cache=True)
def _emeralds(s, k0, out, m, combo_cnt, n):
    """``compiled_rules._emerald_legal`` reading the king's place in ``s`` at ``k0``."""
    for c in range(combo_cnt.shape[0]):
        ok = True
        for d in range(n):
            if combo_cnt[c, d] > s[k0 + d]:
                ok = False
                break
        if ok:
            out[m] = n + 2 + c
            m += 1
    return m


@njit(cache=True)
def legal(s, cfg, combo_cnt, out):
    """Write the legal action codes into ``out`` in the reference's order; return how many (0 at the end)."""
    if s[S_END] != PLAYING:
        return 0
    n = cfg[C_DISHES]
    k0 = HEADER + n
    if s[S_PHASE] == DRAWN_EMERALD:
        out[0] = n + 1
        return _emeralds(s, k0, out, 1, combo_cnt, n)
    m = 0
    for d in range(n):
        if s[HEADER + d]:
            out[m] = d
            m += 1
    emerald = s[S_TEMER] > 0 and s[S_KTOTAL] >= cfg[C_PORTIONS]
    if m == 0 and emerald:
        emerald = cfg[C_NO_DISH] == EMERALD_ALLOWED
    if s[S_SP] > 0:
        out[m] = n
        m += 1
    if emerald:
        m = _emeralds(s, k0, out, m, combo_cnt, n)
    return m


@njit(cache=True)
def apply(s, a, cfg, combos):
    """Play action code ``a`` (legal now) for the current player, then run on to the next decision."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    p = s[S_PLAYER]
    h0 = HEADER + 3 * n + p * n  # the player's hand
    if a < n:  # take a dish
        x = s[HEADER + a]
        s[h0 + a] += x
        s[h0 + players * n + a] += x  # taken openly
        s[HEADER + a] = 0
        settle(s, cfg, _ADVANCE)
    elif a == n:  # draw
        want = cfg[C_DRAW]
        sp = s[S_SP]
        if sp < want:
            if cfg[C_SHORT] == UNSETTLED:
                _finish(s, STALLED + GAP_SHORT)
                return
            want = sp  # "draw_remaining"
        s0 = HEADER + 3 * n + 2 * players * n
        for _ in range(want):
            sp -= 1
            d = s[s0 + sp]
            if d < 0:
                s[S_PENDING] += 1
            else:
                s[h0 + d] += 1
        s[S_SP] = sp
        settle(s, cfg, _PENDING)
    elif a == n + 1:  # lay a drawn Emerald beside the dishes
        s[S_PENDING] -= 1
        s[S_TEMER] += 1
        settle(s, cfg, _PENDING)
    else:  # feed Emerald with combination a - n - 2
        drawn = s[S_PHASE] == DRAWN_EMERALD
        if drawn:
            s[S_PENDING] -= 1
        else:
            s[S_TEMER] -= 1
        c = a - n - 2
        k = combos.shape[1]
        for j in range(k):
            d = combos[c, j]
            s[HEADER + n + d] -= 1  # the king's place
            s[HEADER + 2 * n + d] += 1  # eaten
        s[S_KTOTAL] -= k
        s[S_REMOVED] += 1 + k
        settle(s, cfg, _PENDING if drawn else _ADVANCE)


@njit(cache=True)
def outcome(s, cfg, scores, winners):
    """Scores (as floats) and winners (1 each) of a state scored now, with ``KingLuiState.outcome``'s
    tie-break: the top score, then the fewest discarded cards; a tie still standing is shared."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    k0 = HEADER + n
    best = -1
    for q in range(players):
        h0 = HEADER + 3 * n + q * n
        score = 0
        lost = 0
        for d in range(n):
            h = s[h0 + d]
            if h > s[k0 + d]:
                lost += h  # overeating: the whole dish is discarded
            else:
                score += h * s[k0 + d]
        scores[q] = score
        winners[q] = lost  # for now: the discarded cards
        best = max(best, score)
    fewest = -1
    for q in range(players):
        if scores[q] == best and (fewest < 0 or winners[q] < fewest):
            fewest = winners[q]
    for q in range(players):
        winners[q] = 1 if scores[q] == best and winners[q] == fewest else 0


@njit(cache=True)
def policy(s, cfg, combo_cnt, dish_sizes, legal_now, nlegal, mt, work, best):
    """The heuristic agent's move for the current player (``compiled_rules._heuristic``: what that seat sees)."""
    if nlegal == 1:
        return legal_now[0]
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    return _heuristic(s[S_PLAYER], s[S_ACTED], s[S_ROUNDS], s[S_SP], nlegal, cfg, table_of(s, n), king_of(s, n),
                      hands_of(s, n, players), taken_of(s, n, players), eaten_of(s, n), legal_now, combo_cnt,
                      dish_sizes, mt, work, best)


@njit(cache=True)
def determinize(src, dst, seat, cfg, mt):
    """Copy ``src`` into ``dst`` with everything ``seat`` cannot see dealt again (``KingLuiState.determinize``).

    The hidden cards are the supply and each opponent's portions drawn unseen
    (``hands - taken``). They are gathered in a canonical order (by dish code, so
    the sample cannot depend on where they lay), shuffled with ``mt``; the first
    portions in that order go back to the opponents, as many as each drew, in
    seat order (a drawn Emerald is shown, so none goes back), and the rest
    becomes the supply in shuffled order.
    """
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    dst[:] = src
    hands = hands_of(dst, n, players)
    taken = taken_of(dst, n, players)
    sup = supply_of(dst, n, players)
    count = np.zeros(n + 1, dtype=np.int64)  # per dish code + 1
    sp = dst[S_SP]
    for i in range(sp):
        count[sup[i] + 1] += 1
    drawn = np.zeros(players, dtype=np.int64)
    for q in range(players):
        if q == seat:
            continue
        for d in range(n):
            hidden = hands[q, d] - taken[q, d]
            count[d + 1] += hidden
            drawn[q] += hidden
            hands[q, d] = taken[q, d]
    total = 0
    for c in range(n + 1):
        total += count[c]
    pool = np.empty(total, dtype=np.int64)
    k = 0
    for c in range(n + 1):
        for _ in range(count[c]):
            pool[k] = c - 1
            k += 1
    fastrng.shuffle(mt, pool, total)
    q = 0
    k = 0
    for i in range(total):
        d = pool[i]
        while q < players and (q == seat or drawn[q] == 0):
            q += 1
        if d >= 0 and q < players:
            hands[q, d] += 1
            drawn[q] -= 1
        else:
            sup[k] = d
            k += 1
    dst[S_SP] = k


@njit(cache=True)
def broken(s, cfg, cards, emeralds):
    """The first broken invariant of a state as a code (0: all hold): 1 cards not conserved, 2 a negative
    count, 3 a seat holds less than it took, 4 the king's total, 5 Emeralds not conserved, 6 turn order."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    table, king, eaten = table_of(s, n), king_of(s, n), eaten_of(s, n)
    hands, taken = hands_of(s, n, players), taken_of(s, n, players)
    total = s[S_SP] + s[S_TEMER] + s[S_PENDING] + s[S_REMOVED]
    ktotal = 0
    for d in range(n):
        if table[d] < 0 or king[d] < 0 or eaten[d] < 0:
            return 2
        total += table[d] + king[d]
        ktotal += king[d]
        for q in range(players):
            if taken[q, d] < 0:
                return 2
            if hands[q, d] < taken[q, d]:
                return 3
            total += hands[q, d]
    if total != cards:
        return 1
    if ktotal != s[S_KTOTAL]:
        return 4
    if s[S_END] == PLAYING:
        meals = 0
        for d in range(n):
            meals += eaten[d]
        used = meals // cfg[C_PORTIONS]
        left = s[S_TEMER] + s[S_PENDING] + used
        sup = supply_of(s, n, players)
        for i in range(s[S_SP]):
            if sup[i] < 0:
                left += 1
        if left != emeralds or meals % cfg[C_PORTIONS]:
            return 5
        if s[S_PLAYER] != (s[S_CHEF] + s[S_ACTED]) % players or s[S_TURNS] != s[S_ROUNDS] * players + s[S_ACTED]:
            return 6
    return 0
