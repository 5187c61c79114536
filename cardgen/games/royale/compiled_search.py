"""Royale's compiled search driver: ``SearchAgent``'s algorithm in numba (``State.compiled_search``).

**Step representation.** A position is one flat ``int64`` array (``Layout``): the
scalar slots of ``compiled_rules`` (``st``), the buffet, the pile (top at the end), the
discard, the hand, the cards under each (seat, noble slot), their checker rows,
validated flags, scores, imposter uses left, the solo piles, and the end card's
zone (``end_zone`` of the reference: where the end-of-banquet card may lie). A
copy of a position is one array copy. The static tables (lines, imposter cells,
card codes per noble, checker rows, points) are those ``fast.RoyaleFast`` builds
from the reference game, and every chance step (refill, reshuffle, end card, the
ghost) reuses ``compiled_rules``'s kernels, so the rules live in one compiled place.
Actions are ``compiled_rules``'s integers (a line, an imposter placement of the seat,
a card under a slot, a clear, stop).

**Noble requirements** are the compiled checkers of the tier (``compiled_require``, the
table of ``fast.noble_tables``). The step kernels only read the table: one that
meets a transition not computed yet answers ``MISSING`` (which one in ``W[4]``) before
changing anything or drawing; its caller computes it (``_fill``, ``compiled_require.step``, which
allocates) and resumes where it stopped, so the draws are those of a table that
knew it. When the table has no room for a new row the run stops (``FULL``), the
table grows in Python and the *whole* search runs again from the same seed, so the
decision is the one an unbounded table gives.

**Policy.** ``heuristic`` is ``agents.HeuristicAgent`` on these arrays: the same
values (points times progress, a bonus for a complete noble), the same greedy
plans over every play order of the cards, the same imposter cost and clear rule,
ties broken by one ``randbelow`` over the tied moves as the agent's
``rng.randrange`` does (tests compare its choices with the agent's). Like the
agent, it ranks each card's gain under every noble once per position and looks
again only at the nobles a plan has changed.

**Speed.** Kernels take the position's views (``fields``) built once per buffer,
not the buffer: building fourteen views costs about a microsecond, more than a
random move. The step kernels, the heuristic and the rollout loop run without
numba's reference counting (``_hot``, ``_inline``; with it, the atomic increments and
decrements of the arrays passed took half the time, perf). Rollouts with the
heuristic cost most (the planner tries every order of the cards of every take):
each card's gains at the position are ranked once (``_gains``), the orders share
their prefixes, and noble values come from a table (``values``), with the same
decisions, draw for draw. Base deck, 3 players, 200 iterations: a game is about
134 decisions and 1.6 million simulated actions, most of them planned by the
heuristic; they took 8.3 s of CPU, now 1.8 s once the noble table knows the
transitions (docs/validator.md).

**Driver.** ``search`` runs ``params.iterations`` iterations of
``cardgen.agents.search.SearchAgent``: paired flat Monte Carlo against the
heuristic's own move (with a policy), or the tree (no policy, random rollouts).
Tree search *with* a policy (its root prior) is not compiled: ``compiled_search``
answers None there and the Python search runs.
"""
from __future__ import annotations

import weakref

import numpy as np
from numba import njit

from cardgen.agents.search import ROLLOUT_CAP
from cardgen.engine import fasttree
from cardgen.engine import fastrng
from cardgen.engine.api import Action, SearchParams
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale import compiled_require
from cardgen.games.royale.agents import COMPLETE_BONUS, IMPOSTER_COST
from cardgen.games.royale.engine import CLEAR, END, OVER, PLACE, TAKE, RoyaleGame, RoyaleState
from cardgen.games.royale.compiled import RoyaleFast

# -- the position's fields (index into ``off``) -------------------------------------------------
(F_ST, F_GRID, F_PILE, F_DISC, F_HAND, F_UNDER, F_ULEN, F_ROW, F_DONE, F_SCORE, F_IMPLEFT, F_SOLO, F_SREV,
 F_ZONE) = range(14)
NFIELDS = 14
#: extra cfg slot (after compiled_rules's): 1 when the deck settles a tie after the tie-break as shared
C_TIE_SHARED = core.CFG_SIZE
#: noble table rows made at once (the base deck's searches reach about 11,000)
ROWS = 1 << 14
#: longest hand the heuristic plans over (permutations of the cards)
MAX_HAND = 7
OK = 0
FULL = compiled_require.FULL

#: the kernels of every step run without numba's reference counting (NRT): they never allocate,
#: and every array they get lives in the caller for the whole call. With it, the atomic
#: increment and decrement of each array at each call (NRT_incref, NRT_decref) took half of a
#: search's time (perf, 3 players, heuristic rollouts), as in Draco's tier (``draco/compiled.py``).
_hot = njit(cache=True, _nrt=False)
#: the same, inlined (numba IR) into the caller: a call passes each array as seven words
_inline = njit(cache=True, _nrt=False, inline="always")
#: what a kernel without NRT answers when it meets a transition the noble table does not know:
#: computing one allocates (``compiled_require.step``), so its caller computes it (``_fill``) and resumes
MISSING = -4
#: ``miss`` (``W[4]``): the transition (row, code), where a rollout resumes, its action, steps left
MISS_ROW, MISS_CODE, MISS_RESUME, MISS_ACTION, MISS_LEFT = range(5)
RESUME_STEP, RESUME_CHOOSE, RESUME_APPLY = range(3)


@_inline
def _random(mt):
    """``fastrng.random`` (the same float from the same words) with the inlined draws."""
    a = fastrng.genrand_inline(mt) >> np.uint32(5)
    b = fastrng.genrand_inline(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


# == views ==========================================================================================
@njit(cache=True)
def _f1(s, off, i):
    o = off[i, 0]
    return s[o:o + off[i, 1]]


@njit(cache=True)
def fields(s, off):
    """The position's arrays (views of ``s``)."""
    o = off[F_UNDER, 0]
    under = s[o:o + off[F_UNDER, 1] * off[F_UNDER, 2]].reshape((off[F_UNDER, 1], off[F_UNDER, 2]))
    return (_f1(s, off, F_ST), _f1(s, off, F_GRID), _f1(s, off, F_PILE), _f1(s, off, F_DISC),
            _f1(s, off, F_HAND), under, _f1(s, off, F_ULEN), _f1(s, off, F_ROW), _f1(s, off, F_DONE),
            _f1(s, off, F_SCORE), _f1(s, off, F_IMPLEFT), _f1(s, off, F_SOLO), _f1(s, off, F_SREV),
            _f1(s, off, F_ZONE))


# == step kernels ===================================================================================
@_inline
def legal_actions(V, G, out):
    """Write the legal action ids into ``out`` in the reference's order; return how many."""
    cfg, lines, line_len, imp_cells, imp_len, imp_count = G[0], G[1], G[2], G[3], G[4], G[5]
    st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = V
    if st[core.S_END] != core.PLAYING:
        return 0
    p = st[core.S_PLAYER]
    nslots = cfg[core.C_SLOTS]
    base = p * nslots
    phase = st[core.S_PHASE]
    m = 0
    if phase == TAKE:
        nlines = cfg[core.C_LINES]
        for li in range(nlines):
            for j in range(line_len[li]):
                if grid[lines[li, j]] != core.EMPTY:
                    out[m] = li
                    m += 1
                    break
        if imp_left[p] > 0:
            for t in range(imp_count[p]):
                for j in range(imp_len[p, t]):
                    if grid[imp_cells[p, t, j]] != core.EMPTY:
                        out[m] = nlines + t
                        m += 1
                        break
    elif phase == PLACE:
        a_place = cfg[core.C_A_PLACE]
        for h in range(st[core.S_HAND]):
            for sl in range(nslots):
                if not done[base + sl]:
                    out[m] = a_place + hand[h] * nslots + sl
                    m += 1
    elif phase == CLEAR:
        for sl in range(nslots):
            if not done[base + sl] and ulen[base + sl] > 0:
                out[m] = cfg[core.C_A_CLEAR] + sl
                m += 1
        out[m] = cfg[core.C_A_STOP]
        m += 1
    return m


@_inline
def _apply(V, G, W, mt, a):
    """Play action ``a`` (legal) in the position of views ``V``, chance from ``mt``: OK, or MISSING
    (the noble table lacks the transition of a card placed, noted in ``W[4]``; nothing was changed)."""
    cfg, lines, line_len, imp_cells, imp_len = G[0], G[1], G[2], G[3], G[4]
    solo_cells, solo_len, codes, root, points, R = G[6], G[7], G[8], G[9], G[10], G[11]
    trans, need = R[4], R[5]
    work, work2, gaps, miss = W[0], W[1], W[2], W[4]
    st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = V
    p = st[core.S_PLAYER]
    nslots = cfg[core.C_SLOTS]
    nlines = cfg[core.C_LINES]
    base = p * nslots
    phase = st[core.S_PHASE]
    nid = 0
    if phase == PLACE:
        x = a - cfg[core.C_A_PLACE]
        c = x // nslots
        k = base + x - c * nslots
        nid = _next(trans, row[k], codes[k, c], miss)
        if nid == compiled_require.UNKNOWN:
            return MISSING
    st[core.S_DECISIONS] += 1
    if phase == TAKE:
        if a < nlines:
            n = line_len[a]
        else:
            imp_left[p] -= 1
            n = imp_len[p, a - nlines]
        cnt = 0
        for j in range(n):
            cell = lines[a, j] if a < nlines else imp_cells[p, a - nlines, j]
            if grid[cell] != core.EMPTY:
                cnt += 1
        if cnt < n:
            core._gap(st, gaps, core.GAP_SHORT, a, p, cnt)
            if cfg[core.C_G_SHORT] == core.UNSETTLED:
                st[core.S_END] = core.STALLED + core.GAP_SHORT
                return OK
        h = 0
        for j in range(n):
            cell = lines[a, j] if a < nlines else imp_cells[p, a - nlines, j]
            if grid[cell] != core.EMPTY:
                hand[h] = grid[cell]
                h += 1
            grid[cell] = core.EMPTY
        st[core.S_HAND] = h
        st[core.S_PHASE] = PLACE
    elif phase == PLACE:
        x = a - cfg[core.C_A_PLACE]
        c = x // nslots
        sl = x - c * nslots
        k = base + sl
        h = st[core.S_HAND]
        for i in range(h):
            if hand[i] == c:
                for j in range(i, h - 1):
                    hand[j] = hand[j + 1]
                break
        st[core.S_HAND] = h - 1
        under[k, ulen[k]] = c
        ulen[k] += 1
        if nid == core.DEAD:
            core._clear(st, p, sl, nslots, under, ulen, row, root, disc)
        else:
            row[k] = nid
        if st[core.S_HAND] == 0:
            left = 0
            any_under = False
            for s2 in range(nslots):
                k2 = base + s2
                if done[k2]:
                    continue
                if need[row[k2]] == 0:
                    done[k2] = 1
                    score[p] += points[k2]
                    core._clear(st, p, s2, nslots, under, ulen, row, root, disc)
                else:
                    left += 1
                    if ulen[k2] > 0:
                        any_under = True
            if left == 0:
                core._finish(st, core.ALL_NOBLES, p)
            elif cfg[core.C_VOLUNTARY] and any_under:
                st[core.S_PHASE] = CLEAR
            else:
                core._end_turn(st, cfg, mt, gaps, grid, pile, disc, work, work2, solo, srev, solo_cells, solo_len)
    else:
        if a == cfg[core.C_A_STOP]:
            core._end_turn(st, cfg, mt, gaps, grid, pile, disc, work, work2, solo, srev, solo_cells, solo_len)
        else:
            core._clear(st, p, a - cfg[core.C_A_CLEAR], nslots, under, ulen, row, root, disc)
            any_under = False
            for s2 in range(nslots):
                if not done[base + s2] and ulen[base + s2] > 0:
                    any_under = True
            if not any_under:
                core._end_turn(st, cfg, mt, gaps, grid, pile, disc, work, work2, solo, srev, solo_cells,
                               solo_len)
    return OK


@njit(cache=True)
def _fill(R, miss):
    """Compute the transition a kernel missed (``compiled_require.step``): its row, DEAD, or FULL (no room)."""
    ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta = R
    return compiled_require.step(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, miss[MISS_ROW],
                        miss[MISS_CODE])


@njit(cache=True)
def apply(V, G, W, mt, a):
    """``_apply``, computing the transitions it misses: OK, or FULL (the noble table is full)."""
    while _apply(V, G, W, mt, a) == MISSING:
        if _fill(G[11], W[4]) == FULL:
            return FULL
    return OK


@njit(cache=True)
def outcome(V, G, scores, winners):
    """Scores and winners (1 per winner) of a finished position; False when it is not a finished game.

    The reference's tie-breaks: the seat that completed all its nobles wins; else the
    best score, then the most dish cards under nobles, then shared when the deck
    settles that tie (else the game stalled: not finished).
    """
    cfg = G[0]
    st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = V
    end = st[core.S_END]
    if end == core.PLAYING or end >= core.STALLED:
        return False
    players = cfg[core.C_PLAYERS]
    nslots = cfg[core.C_SLOTS]
    best = score[0]
    for q in range(players):
        scores[q] = score[q]
        winners[q] = 0
        best = max(best, score[q])
    if cfg[core.C_SOLO]:
        winners[0] = 1
        return True
    if st[core.S_WINNER] >= 0:
        winners[st[core.S_WINNER]] = 1
        return True
    most = -1
    ntied = 0
    for q in range(players):
        if score[q] == best:
            ntied += 1
            d = 0
            for sl in range(nslots):
                d += ulen[q * nslots + sl]
            most = max(most, d)
    nwin = 0
    for q in range(players):
        if score[q] == best:
            d = 0
            for sl in range(nslots):
                d += ulen[q * nslots + sl]
            if ntied == 1 or d == most:
                winners[q] = 1
                nwin += 1
    if nwin > 1 and not cfg[C_TIE_SHARED]:
        return False
    return True


@njit(cache=True)
def determinize(root, out, V, mt):
    """Copy ``root`` into ``out`` with the pile's order dealt again (``RoyaleState.determinize``).

    The dish cards of the pile are known (their order is not): sorted, then shuffled;
    the end card goes back anywhere inside its packet, less the cards drawn since;
    the solo pile is shuffled too. Everything else in Royale is public.
    """
    out[:] = root
    st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = V
    if st[core.S_END] != core.PLAYING:
        return
    n = st[core.S_PILE]
    m = 0
    has_end = False
    for i in range(n):
        if pile[i] == END:
            has_end = True
        else:
            pile[m] = pile[i]
            m += 1
    pile[:m].sort()
    fastrng.shuffle(mt, pile, m)
    if has_end:
        drawn = zone[0] - n
        top_lo = max(0, zone[1] - drawn)
        top_hi = min(n - 1, zone[2] - drawn)
        at = fastrng.randrange(mt, top_lo, top_hi + 1)
        pos = m - at
        for i in range(m, pos, -1):
            pile[i] = pile[i - 1]
        pile[pos] = END
    ns = st[core.S_SOLO_LEN]
    solo[:ns].sort()
    fastrng.shuffle(mt, solo, ns)


# == the heuristic =====================================================================================
@_inline
def _val(vals, need, k, r):
    """``_Slot.value``: what the cards under slot ``k`` (checker row ``r``) are worth (``values``' table)."""
    return 0.0 if r == core.DEAD else vals[k, need[r]]


def values(need: np.ndarray, root: np.ndarray, points: np.ndarray, high: int) -> np.ndarray:
    """``_Slot.value`` of slot ``k`` with cards that still need ``nd`` more, ``[k, nd]`` for ``nd`` up to ``high``.

    A table, not a division in the planner's innermost loop (where it cost most of the time);
    the same float: ``points * (start - nd) / start``, ``start`` the need of the empty noble.
    A column -1 (an empty noble that cannot be met: need DEAD) reads the last, 0.
    """
    out = np.zeros((root.shape[0], high + 2))
    for k in range(root.shape[0]):
        if root[k] < 0:
            continue
        start, pts = need[root[k]], points[k]
        out[k, 0] = pts + COMPLETE_BONUS
        if start > 0:
            for nd in range(1, high + 1):
                out[k, nd] = pts * (start - nd) / start
    return out


@_inline
def _next(trans, r, code, miss):
    """The row after one more card of ``code`` under row ``r`` (a row or DEAD), or UNKNOWN: the
    table does not know it yet (noted in ``miss`` for the caller to compute)."""
    nid = trans[r, code]
    if nid == compiled_require.UNKNOWN:
        miss[MISS_ROW] = r
        miss[MISS_CODE] = code
    return nid


@_inline
def _gains(codes, vals, need, trans, miss, O, val0, nopen, cards, n, gain0, new0, order):
    """Each card's gain and next row under each open noble at the position (``gain0[c, i]``,
    ``new0[c, i]``), and ``order[c]``: the open nobles by gain, highest first, the lower index
    first among equal gains (the greedy's pick when no noble has moved). False: a transition is missing."""
    ks, rows0, roots = O[0], O[1], O[2]
    for j in range(n):
        c = cards[j]
        for i in range(nopen):
            nid = _next(trans, rows0[i], codes[ks[i], c], miss)
            if nid == compiled_require.UNKNOWN:
                return False
            g = _val(vals, need, ks[i], nid) - val0[i]
            gain0[c, i] = g
            new0[c, i] = roots[i] if nid == core.DEAD else nid
            t = i
            while t > 0 and gain0[c, order[c, t - 1]] < g:
                order[c, t] = order[c, t - 1]
                t -= 1
            order[c, t] = i
    return True


@_inline
def _plan(codes, vals, need, trans, miss, O, nopen, cards, n, base, cur, moved, gain0, new0, order, S, tot):
    """``_Planner.plan``: the best value of placing ``cards[:n]`` greedily, over every play order.

    Each card goes under the open noble where it gains most (the lowest index on a tie);
    ``base`` plus the gains, the best order counting. The orders are walked depth first,
    so orders sharing a prefix share its placements. A noble not in the bit mask ``moved``
    is at the position's row (its gain read from ``gain0``/``order``); a moved one at
    ``cur[i]`` (looked up). The same float sums, in the same order, as placing every
    order from scratch. NaN: a transition is missing.
    """
    if n == 0 or nopen == 0:
        return base
    ks, roots = O[0], O[2]
    idx, cpos, pk, oldrow, oldmask = S[0], S[1], S[2], S[3], S[4]
    best = -np.inf
    level = 0
    idx[0] = 0
    tot[0] = base
    used = 0
    while True:
        j = idx[level]
        while j < n and (used >> j) & 1:
            j += 1
        if j >= n:
            if level == 0:
                return best
            level -= 1
            used &= ~(1 << cpos[level])
            cur[pk[level]] = oldrow[level]
            moved = oldmask[level]
            continue
        idx[level] = j + 1
        c = cards[j]
        # the greedy pick: the best noble that has not moved, then the moved ones
        b = -1
        gb = -np.inf
        nb = 0
        for t in range(nopen):
            i = order[c, t]
            if not (moved >> i) & 1:
                b, gb, nb = i, gain0[c, i], new0[c, i]
                break
        if moved:
            for i in range(nopen):
                if (moved >> i) & 1:
                    r = cur[i]
                    nid = _next(trans, r, codes[ks[i], c], miss)
                    if nid == compiled_require.UNKNOWN:
                        return np.nan
                    g = _val(vals, need, ks[i], nid) - _val(vals, need, ks[i], r)
                    if g > gb or (g == gb and i < b):
                        b, gb = i, g
                        nb = roots[i] if nid == core.DEAD else nid
        total = tot[level] + gb
        if level == n - 1:
            if total > best:
                best = total
            continue
        cpos[level] = j
        pk[level] = b
        oldrow[level] = cur[b]
        oldmask[level] = moved
        used |= 1 << j
        cur[b] = nb
        moved |= 1 << b
        level += 1
        idx[level] = 0
        tot[level] = total


@_inline
def _pick(c, codes, vals, need, trans, miss, ks, roots, nopen, gain0, new0, order, m1, r1, m2, r2):
    """The greedy's placement of card ``c`` with at most two nobles moved (``m1`` at row ``r1``, ``m2``
    at ``r2``; -1: none): (noble, gain, its next row); noble MISSING: a transition is missing."""
    b = -1
    gb = -np.inf
    nb = 0
    for t in range(nopen):
        i = order[c, t]
        if i != m1 and i != m2:
            b, gb, nb = i, gain0[c, i], new0[c, i]
            break
    if m1 >= 0:
        nid = _next(trans, r1, codes[ks[m1], c], miss)
        if nid == compiled_require.UNKNOWN:
            return MISSING, 0.0, 0
        g = _val(vals, need, ks[m1], nid) - _val(vals, need, ks[m1], r1)
        if g > gb or (g == gb and m1 < b):
            b, gb = m1, g
            nb = roots[m1] if nid == core.DEAD else nid
    if m2 >= 0:
        nid = _next(trans, r2, codes[ks[m2], c], miss)
        if nid == compiled_require.UNKNOWN:
            return MISSING, 0.0, 0
        g = _val(vals, need, ks[m2], nid) - _val(vals, need, ks[m2], r2)
        if g > gb or (g == gb and m2 < b):
            b, gb = m2, g
            nb = roots[m2] if nid == core.DEAD else nid
    return b, gb, nb


@_inline
def _plan_small(codes, vals, need, trans, miss, O, nopen, cards, n, base, f, rf, gain0, new0, order):
    """``_plan`` written out for a take of up to three cards, or up to two after a card placed under
    noble ``f`` (row ``rf``; -1: none), where at most two nobles ever move: the same orders,
    placements and float sums, without the walk's bookkeeping (the common case: most of the time)."""
    ks, roots = O[0], O[2]
    best = -np.inf
    for x in range(n):
        p1, g1, n1 = _pick(cards[x], codes, vals, need, trans, miss, ks, roots, nopen, gain0, new0, order,
                           f, rf, -1, 0)
        if p1 == MISSING:
            return np.nan
        t1 = base + g1
        if n == 1:
            return t1
        # the nobles moved after the first card: the forced one and where the card went
        if p1 == f:
            a1, ar1, a2, ar2 = f, n1, -1, 0
        elif f >= 0:
            a1, ar1, a2, ar2 = f, rf, p1, n1
        else:
            a1, ar1, a2, ar2 = p1, n1, -1, 0
        for y in range(n):
            if y == x:
                continue
            p2, g2, n2 = _pick(cards[y], codes, vals, need, trans, miss, ks, roots, nopen, gain0, new0, order,
                               a1, ar1, a2, ar2)
            if p2 == MISSING:
                return np.nan
            t2 = t1 + g2
            if n == 2:
                if t2 > best:
                    best = t2
                continue
            z = 3 - x - y
            if p2 == p1:
                b1, br1, b2, br2 = p1, n2, -1, 0
            else:
                b1, br1, b2, br2 = p1, n1, p2, n2
            p3, g3, _ = _pick(cards[z], codes, vals, need, trans, miss, ks, roots, nopen, gain0, new0, order,
                              b1, br1, b2, br2)
            if p3 == MISSING:
                return np.nan
            t3 = t2 + g3
            if t3 > best:
                best = t3
    return best


@_inline
def _heuristic(V, G, H, mt, legal, m):
    """The index in ``legal[:m]`` that ``HeuristicAgent`` picks for the seat to move; MISSING: the noble
    table lacks a transition (noted in ``H[-1]``; nothing drawn from ``mt``)."""
    cfg, lines, line_len, imp_cells, imp_len = G[0], G[1], G[2], G[3], G[4]
    codes, root, points, R, vals = G[8], G[9], G[10], G[11], G[12]
    trans, need = R[4], R[5]
    O, val0, cur, cards, picks, pos, gain0, new0, order, S, tot, miss = H
    ks, rows0, roots = O[0], O[1], O[2]
    st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = V
    p = st[core.S_PLAYER]
    nslots = cfg[core.C_SLOTS]
    nlines = cfg[core.C_LINES]
    phase = st[core.S_PHASE]
    if phase == CLEAR:
        worst = 0
        pick = m - 1  # stop is last
        for i in range(m):
            a = legal[i]
            if a == cfg[core.C_A_STOP]:
                continue
            k = p * nslots + (a - cfg[core.C_A_CLEAR])
            excess = need[row[k]] - need[root[k]]
            if excess > worst:
                worst, pick = excess, i
        return pick
    nopen = 0
    base_value = 0.0
    for sl in range(nslots):
        k = p * nslots + sl
        pos[sl] = -1
        if not done[k]:
            ks[nopen] = k
            rows0[nopen] = row[k]
            roots[nopen] = root[k]
            v = _val(vals, need, k, row[k])
            val0[nopen] = v
            base_value += v
            pos[sl] = nopen
            nopen += 1
    h = st[core.S_HAND]
    if phase == PLACE:
        ok = _gains(codes, vals, need, trans, miss, O, val0, nopen, hand, h, gain0, new0, order)
    else:
        n = 0
        for cell in range(cfg[core.C_CELLS]):
            if grid[cell] >= 0:
                cards[n] = grid[cell]
                n += 1
        ok = _gains(codes, vals, need, trans, miss, O, val0, nopen, cards, n, gain0, new0, order)
    if not ok:
        return MISSING
    a_place = cfg[core.C_A_PLACE]
    best = -np.inf
    npicks = 0
    for i in range(m):
        a = legal[i]
        n = 0
        moved = 0
        base = base_value
        if phase == PLACE:
            # the card under that noble first, then the best plan of the others
            x = a - a_place
            c = x // nslots
            oi = pos[x - c * nslots]
            new = new0[c, oi]
            base = base_value + (_val(vals, need, ks[oi], new) - val0[oi])
            cur[oi] = new
            moved = 1 << oi
            for j in range(h):
                if hand[j] != c:
                    cards[n] = hand[j]
                    n += 1
        elif a < nlines:
            for j in range(line_len[a]):
                c = grid[lines[a, j]]
                if c >= 0:
                    cards[n] = c
                    n += 1
        else:
            t = a - nlines
            for j in range(imp_len[p, t]):
                c = grid[imp_cells[p, t, j]]
                if c >= 0:
                    cards[n] = c
                    n += 1
        if n == 0 or nopen == 0:
            v = base
        elif n <= 2 or (n == 3 and phase == TAKE):
            f = pos[(a - a_place) % nslots] if phase == PLACE else -1
            v = _plan_small(codes, vals, need, trans, miss, O, nopen, cards, n, base, f, cur[f] if f >= 0 else 0,
                            gain0, new0, order)
        else:
            v = _plan(codes, vals, need, trans, miss, O, nopen, cards, n, base, cur, moved, gain0, new0, order, S,
                      tot)
        if v != v:
            return MISSING
        if phase == TAKE and a >= nlines:
            v = v - IMPOSTER_COST
        if v > best + 1e-9:
            best = v
            picks[0] = i
            npicks = 1
        elif abs(v - best) <= 1e-9:
            picks[npicks] = i
            npicks += 1
    return picks[fastrng.randbelow_inline(mt, npicks)]


@_hot
def _heuristic_call(V, G, H, mt, legal, m):
    """``_heuristic`` as one call (rollouts inline it)."""
    return _heuristic(V, G, H, mt, legal, m)


@njit(cache=True)
def heuristic(V, G, H, mt, legal, m):
    """The index in ``legal[:m]`` that ``HeuristicAgent`` picks for the seat to move (-1: the noble table is full)."""
    while True:
        i = _heuristic_call(V, G, H, mt, legal, m)
        if i != MISSING:
            return i
        if _fill(G[11], H[-1]) == FULL:
            return -1


# == rollouts and the driver =========================================================================
@_hot
def _rollout(V, G, W, H, cmt, pmt, policy, epsilon):
    """``rollout``'s loop, ``miss[MISS_LEFT]`` steps at most: OK, or MISSING (``W[4]`` says which
    transition, and where to resume once it is known: choose again, or apply ``miss[MISS_ACTION]``)."""
    legal, miss = W[3], W[4]
    st = V[0]
    while miss[MISS_LEFT] > 0:
        resume = miss[MISS_RESUME]
        miss[MISS_RESUME] = RESUME_STEP
        if resume == RESUME_APPLY:
            a = miss[MISS_ACTION]
        else:
            if st[core.S_END] != core.PLAYING:
                return OK
            m = legal_actions(V, G, legal)
            if m == 0:
                return OK
            i = 0
            if m > 1:
                choose = resume == RESUME_CHOOSE  # the random draws of this step were made already
                if not choose:
                    if not policy:
                        i = int(_random(pmt) * m)
                    elif epsilon > 0.0 and _random(pmt) < epsilon:
                        i = int(_random(pmt) * m)
                    else:
                        choose = True
                if choose:
                    i = _heuristic(V, G, H, pmt, legal, m)
                    if i == MISSING:
                        miss[MISS_RESUME] = RESUME_CHOOSE
                        return MISSING
            a = legal[i]
        if _apply(V, G, W, cmt, a) == MISSING:
            miss[MISS_RESUME] = RESUME_APPLY
            miss[MISS_ACTION] = a
            return MISSING
        miss[MISS_LEFT] -= 1
    return OK


@njit(cache=True)
def rollout(V, G, W, H, cmt, pmt, policy, epsilon, cap):
    """Play ``s`` out, ``cap`` steps at most: the heuristic with chance ``epsilon`` of a random move
    (``policy``), else random. The transitions the noble table lacks are computed on the way,
    and the loop resumes where it stopped, so the draws are those of an unbounded table.

    Returns OK (ended, stalled, capped or stuck: ``outcome`` tells), or FULL.
    """
    miss = W[4]
    miss[MISS_RESUME] = RESUME_STEP
    miss[MISS_LEFT] = cap
    while _rollout(V, G, W, H, cmt, pmt, policy, epsilon) == MISSING:
        if _fill(G[11], miss) == FULL:
            return FULL
    return OK


@njit(cache=True)
def _go_on(V, G, W, H, cmt, pmt, policy, epsilon):
    """``_rollout`` stopped at a missing transition: compute it, resume, until done (OK) or FULL."""
    while True:
        if _fill(G[11], W[4]) == FULL:
            return FULL
        if _rollout(V, G, W, H, cmt, pmt, policy, epsilon) != MISSING:
            return OK


@_hot
def _play_out(V, G, W, H, cmt, pmt, policy, epsilon, a):
    """Play ``a``, then ``rollout`` (``ROLLOUT_CAP`` steps): OK, or MISSING (finish with ``_go_on``).

    Without reference counting, unlike ``play_out``: a search calls it for every rollout, and
    the increments and decrements of the forty-odd arrays it passes cost more than a short
    rollout's moves."""
    miss = W[4]
    miss[MISS_RESUME] = RESUME_APPLY
    miss[MISS_ACTION] = a
    miss[MISS_LEFT] = ROLLOUT_CAP + 1  # the first step is ``a``
    return _rollout(V, G, W, H, cmt, pmt, policy, epsilon)


@njit(cache=True)
def play_out(V, G, W, H, cmt, pmt, policy, epsilon, a):
    """Play ``a``, then ``rollout``: OK or FULL."""
    if _play_out(V, G, W, H, cmt, pmt, policy, epsilon, a) == MISSING:
        return _go_on(V, G, W, H, cmt, pmt, policy, epsilon)
    return OK


@_hot
def _reward(V, G, score_weight, scores, winners, out):
    finished = outcome(V, G, scores, winners)
    fasttree.rewards(scores, winners, finished, score_weight, out)


@njit(cache=True)
def search_paired(root, off, G, W, H, seed, iterations, score_weight, policy, epsilon, z):
    """``SearchAgent._paired_choice``: the index in the root's legal actions to play (FULL: grow, run again).

    Without ``policy``: random rollouts and no move of the policy's to beat (the best sum wins).
    """
    cfg = G[0]
    players = cfg[core.C_PLAYERS]
    mt = np.zeros(625, dtype=np.uint32)
    fastrng.seed(mt, np.uint64(seed))
    cmt = np.zeros(625, dtype=np.uint32)
    pmt = np.zeros(625, dtype=np.uint32)
    cmt0 = np.zeros(625, dtype=np.uint32)
    pmt0 = np.zeros(625, dtype=np.uint32)
    rlegal = np.empty(W[3].shape[0], dtype=np.int64)
    vroot = fields(root, off)
    k = legal_actions(vroot, G, rlegal)
    seat = vroot[0][core.S_PLAYER]
    base = -1
    if policy:
        base = heuristic(vroot, G, H, mt, rlegal, k)
        if base < 0:
            return FULL
    rounds = max(2, iterations // k)
    sums = np.zeros(k)
    dsum = np.zeros(k)
    dsq = np.zeros(k)
    got = np.zeros(k)
    sample = np.empty_like(root)
    vsample = fields(sample, off)
    s = np.empty_like(root)
    vs = fields(s, off)
    scores = np.zeros(players, dtype=np.int64)
    winners = np.zeros(players, dtype=np.int64)
    rew = np.zeros(players)
    for _ in range(rounds):
        determinize(root, sample, vsample, mt)
        fastrng.seed(cmt0, np.uint64(fastrng.getrandbits(mt, 63)))  # the sample's own chance
        fastrng.seed(pmt0, np.uint64(fastrng.getrandbits(mt, 63)))  # the round's rollout seed
        for i in range(k):
            s[:] = sample
            cmt[:] = cmt0
            pmt[:] = pmt0
            if _play_out(vs, G, W, H, cmt, pmt, policy, epsilon, rlegal[i]) == MISSING and \
                    _go_on(vs, G, W, H, cmt, pmt, policy, epsilon) == FULL:
                return FULL
            _reward(vs, G, score_weight, scores, winners, rew)
            got[i] = rew[seat]
        fasttree.paired_add(sums, dsum, dsq, got, k, base)
    return fasttree.paired_pick(sums, dsum, dsq, rounds, k, base, z)


@njit(cache=True)
def search_tree(root, off, G, W, H, seed, iterations, exploration, score_weight, capacity):
    """``SearchAgent``'s tree (random rollouts): the index in the root's legal actions (FULL: grow, run again)."""
    cfg = G[0]
    players = cfg[core.C_PLAYERS]
    mt = np.zeros(625, dtype=np.uint32)
    fastrng.seed(mt, np.uint64(seed))
    cmt = np.zeros(625, dtype=np.uint32)
    nl = W[3].shape[0]
    rlegal = np.empty(nl, dtype=np.int64)
    legal = np.empty(nl, dtype=np.int64)
    fresh = np.empty(nl, dtype=np.int64)
    k = legal_actions(fields(root, off), G, rlegal)
    tree, value = fasttree.new_tree(capacity)
    path = np.zeros(ROLLOUT_CAP + 2, dtype=np.int64)
    s = np.empty_like(root)
    vs = fields(s, off)
    st = vs[0]
    scores = np.zeros(players, dtype=np.int64)
    winners = np.zeros(players, dtype=np.int64)
    rew = np.zeros(players)
    for done in range(1, iterations + 1):
        determinize(root, s, vs, mt)
        fastrng.seed(cmt, np.uint64(fastrng.getrandbits(mt, 63)))  # the sample's own chance
        node = 0
        path[0] = 0
        length = 1
        while st[core.S_END] == core.PLAYING:
            m = legal_actions(vs, G, legal)
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
                if _play_out(vs, G, W, H, cmt, mt, False, 0.0, a) == MISSING and \
                        _go_on(vs, G, W, H, cmt, mt, False, 0.0) == FULL:
                    return FULL
                break
            node = fasttree.select_uct(tree, value, node, legal, m, exploration)
            if apply(vs, G, W, cmt, tree[node, fasttree.T_ACTION]) == FULL:
                return FULL
            path[length] = node
            length += 1
        _reward(vs, G, score_weight, scores, winners, rew)
        fasttree.backpropagate(tree, value, path, length, rew)
        if done % 8 == 0 and done < iterations and fasttree.decided(tree, 0, iterations - done):
            break
    return fasttree.most_visited(tree, value, 0, rlegal, k)


# == Python side: tables, encoding, the hook ==========================================================
class Compiled:
    """One game's static tables, the position layout and scratch arrays for the kernels."""

    def __init__(self, game: RoyaleGame) -> None:
        self.game = game
        self.fast = f = RoyaleFast(game)
        while f.tables.trans.shape[0] < ROWS:  # room for what searches reach: fewer reruns on a full table
            f.tables.grow()
        g = game
        players = g.players
        ncards = len(g.card_ids)
        nslots = f.nslots
        cfg = np.zeros(core.CFG_SIZE + 1, dtype=np.int64)
        cfg[:core.CFG_SIZE] = f.cfg
        clar = g.deck.clarifications
        cfg[C_TIE_SHARED] = int("tie_after_tiebreak" in clar)
        self.cfg = cfg
        nsolo = max(len(g.solo_ids), 1)
        sizes = [(core.ST_SIZE,), (g.ncells,), (ncards + 2,), (ncards + 2,), (g.ncells + 1,),
                 (players * nslots, ncards + 1), (players * nslots,), (players * nslots,), (players * nslots,),
                 (players,), (players,), (nsolo,), (nsolo,), (3,)]
        self.off = np.zeros((NFIELDS, 3), dtype=np.int64)
        at = 0
        for i, shape in enumerate(sizes):
            self.off[i, 0] = at
            self.off[i, 1:1 + len(shape)] = shape
            at += int(np.prod(shape))
        self.size = at
        self.nslots = nslots
        nimp = int(cfg[core.C_A_PLACE]) - len(g.lines)
        nlegal = len(g.lines) + nimp + (g.ncells + 1) * nslots + nslots + 2
        z = lambda n: np.zeros(max(n, 1), dtype=np.int64)  # noqa: E731
        miss = z(5)  # shared by W and H: a transition a kernel needs (``MISS_*``)
        self.W = (z(ncards + 2), z(ncards + 2), np.zeros((1, 4), dtype=np.int64), z(nlegal), miss)
        cards = (max(ncards, 1), nslots)
        # the open nobles (slot, row, empty row), their values, the
        # moved rows, cards, tied picks, slot -> open noble, each card's gains, next rows and ranking,
        # the planner's stack (next card, card, noble, row and mask to restore) and its totals
        self.H = (np.zeros((3, nslots), dtype=np.int64), np.zeros(nslots), z(nslots), z(max(MAX_HAND, g.ncells)),
                  z(nlegal), z(nslots), np.zeros(cards), np.zeros(cards, dtype=np.int64),
                  np.zeros(cards, dtype=np.int64), np.zeros((5, MAX_HAND + 1), dtype=np.int64),
                  np.zeros(MAX_HAND + 1), miss)
        self.max_hand = max([len(c) for _, c in g.lines] + [len(c) for t in g.imposter_takes for _, c in t] + [0])
        self.vals = values(f.tables.need, f.root, f.points, int(f.tables.ck[:, compiled_require.K_HIGH].max()))
        self.runs = 0  # searches run (a run that meets an unknown transition is run again)
        # reference action <-> id
        self.id_of: list[dict[Action, int]] = []
        nlines = len(g.lines)
        for p in range(players):
            ids = {a: i for i, a in enumerate(g.line_actions)}
            ids.update({a: nlines + t for t, a in enumerate(g.imposter_actions[p])})
            for c, cid in enumerate(g.card_ids):
                for sl in range(nslots):
                    ids[("place", cid, sl)] = int(cfg[core.C_A_PLACE]) + c * nslots + sl
            for sl in range(nslots):
                ids[("clear", sl)] = int(cfg[core.C_A_CLEAR]) + sl
            ids[("stop",)] = int(cfg[core.C_A_STOP])
            self.id_of.append(ids)

    def tables(self) -> tuple:
        """What the kernels read (``G``): static tables and the noble table's arrays as they are now."""
        f = self.fast
        return (self.cfg, f.lines, f.line_len, f.imp_cells, f.imp_len, f.imp_count, f.solo_cells, f.solo_len,
                f.codes, f.root, f.points, f.tables.args(), self.vals)

    def encode(self, state: RoyaleState) -> np.ndarray:
        """The position of a reference state (the true pile order included: only ``determinize`` hides it)."""
        g, f = self.game, self.fast
        s = np.zeros(self.size, dtype=np.int64)
        st, grid, pile, disc, hand, under, ulen, row, done, score, imp_left, solo, srev, zone = fields(s, self.off)
        st[core.S_PLAYER] = state.player
        st[core.S_PHASE] = state.phase
        st[core.S_END] = core.PLAYING if state.end_reason is None else core.BANQUET_OVER
        st[core.S_TURNS] = state.turns
        st[core.S_ROUNDS] = state.rounds
        st[core.S_PILE] = len(state.pile)
        st[core.S_DISC] = len(state.discard)
        st[core.S_HAND] = len(state.hand)
        st[core.S_SOLO_LEN] = len(state.solo_pile)
        st[core.S_REV_LEN] = len(state.solo_revealed)
        st[core.S_END_DRAWS] = state.end_draws
        st[core.S_WINNER] = -1
        st[core.S_RESHUFFLE_PEAK] = -1
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
        f = self.fast
        nlines = len(self.game.lines)
        return f.imp_actions[seat][a - nlines] if f.action_of[a] is None else f.action_of[a]

    def search(self, state: RoyaleState, params: SearchParams, legal: list[Action], seed: int) -> int | None:
        """The index in ``legal`` the search picks (``State.compiled_search``), or None when not compiled."""
        if params.policy and not params.paired:
            return None  # the tree with the policy's root prior: Python's
        if self.max_hand > MAX_HAND:
            return None
        root = self.encode(state)
        seat = state.player
        while True:
            G = self.tables()
            if params.paired:
                pick = search_paired(root, self.off, G, self.W, self.H, np.uint64(seed), params.iterations,
                                     params.score_weight, params.policy, params.epsilon, params.z)
            else:
                pick = search_tree(root, self.off, G, self.W, self.H, np.uint64(seed), params.iterations,
                                   params.exploration, params.score_weight, params.iterations + 2)
            self.runs += 1
            if pick != FULL:
                break
            self.fast.tables.grow()  # the noble table was full: the same search again, with room
        rlegal = np.zeros(self.W[3].shape[0], dtype=np.int64)
        m = legal_actions(fields(root, self.off), G, rlegal)
        if m != len(legal):
            raise RuntimeError(f"compiled Royale search: {m} legal actions, the engine has {len(legal)}")
        return legal.index(self.action(seat, int(rlegal[pick])))


_COMPILED: "weakref.WeakKeyDictionary[RoyaleGame, Compiled]" = weakref.WeakKeyDictionary()


def compiled(game: RoyaleGame) -> Compiled:
    """The game's ``Compiled`` (built once per game)."""
    c = _COMPILED.get(game)
    if c is None:
        c = _COMPILED[game] = Compiled(game)
    return c


def compiled_search(state: RoyaleState, params: SearchParams, legal: list[Action], seed: int) -> int | None:
    """``RoyaleState.compiled_search``."""
    if state.end_reason is not None or state.phase == OVER:
        return None
    return compiled(state.g).search(state, params, legal, seed)
