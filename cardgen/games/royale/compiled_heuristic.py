"""Royale's heuristic agent (``agents.HeuristicAgent``) as numba functions for the compiled tier.

The same greedy decisions, from the same numbers, with the same draws from the
agents' generator:

* a noble's value is ``points + COMPLETE_BONUS`` when met, else ``points`` times the
  share of its need already covered (``need`` of the cards under it against the need
  of no card); a card's gain under a noble is the value after it less the value before
  (a card that kills the noble empties it: value 0);
* a plan places cards one after another, each under the open noble where it gains most
  (the lowest slot on a tie), over every play order; its value is the nobles' value
  plus the gains, the best order counting;
* take: the line or imposter placement whose cards plan best (an imposter use costs
  ``IMPOSTER_COST``), ties within 1e-9 drawn with ``randrange``; place: the (card,
  noble) whose gain plus the best plan of the other cards is highest, ties drawn the
  same way; clear: the noble whose cards leave it furthest above the need of an empty
  noble, else stop (no draw); a single legal action still draws ``randrange(1)``.

Values are float sums in the reference's order; the Python agent shares some plan
prefixes between takes (a different rounding of the same sum, far below the 1e-9
tie margin, so never a different decision). ``tests/test_royale_fast.py`` plays the
Python agent on the reference engine against this one on the compiled tier.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.games.royale import compiled_require
from cardgen.games.royale.agents import COMPLETE_BONUS, IMPOSTER_COST

TAKE, PLACE, CLEAR = 0, 1, 2
#: ``choose`` could not finish: the noble table is full (grow it, replay the game)
FULL = -1
_EPS = 1e-9
#: rows of ``choose``'s work space
SCRATCH_ROWS = 9


@njit(cache=True)
def _value(need, r, start, points):
    """``_Slot.value``: what the cards of row ``r`` (``DEAD``: none left) under a noble are worth."""
    if r < 0:
        return 0.0
    nd = need[r]
    if nd == 0:
        return points + COMPLETE_BONUS
    if start <= 0:
        return 0.0
    return points * (start - nd) / start


@njit(cache=True)
def _next_perm(perm, n):
    """The next permutation of ``perm[:n]`` in lexicographic order; False after the last."""
    i = n - 2
    while i >= 0 and perm[i] >= perm[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = n - 1
    while perm[j] <= perm[i]:
        j -= 1
    perm[i], perm[j] = perm[j], perm[i]
    lo, hi = i + 1, n - 1
    while lo < hi:
        perm[lo], perm[hi] = perm[hi], perm[lo]
        lo += 1
        hi -= 1
    return True


@njit(cache=True)
def _plan(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, codes, kk, roots, starts, pts, sids, no,
          cards, n, first_i, first_new, extra, base, sts, perm, full):
    """``_Planner.plan``: the best value of placing ``cards[:n]`` greedily over every play order.

    Open noble ``i`` (of ``no``) is slot ``kk[i]`` at row ``sids[i]``; ``first_i >= 0``: that one
    is at ``first_new`` instead, worth ``extra`` more. ``full[0]`` is set when the table is full."""
    best = -np.inf
    for t in range(n):
        perm[t] = t
    while True:
        for i in range(no):
            sts[i] = sids[i]
        if first_i >= 0:
            sts[first_i] = first_new
        total = base + extra
        for t in range(n):
            c = cards[perm[t]]
            pick = -1
            gain = -np.inf
            new = 0
            for i in range(no):
                r = sts[i]
                k = kk[i]
                code = codes[k, c]
                nid = trans[r, code]
                if nid == compiled_require.UNKNOWN:
                    nid = compiled_require.step(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, r, code)
                    if nid == compiled_require.FULL:
                        full[0] = 1
                        return 0.0
                g = _value(need, nid, starts[i], pts[i]) - _value(need, r, starts[i], pts[i])
                if g > gain:
                    pick = i
                    gain = g
                    new = roots[i] if nid == compiled_require.DEAD else nid
            if pick < 0:
                break
            total += gain
            sts[pick] = new
        if total > best:
            best = total
        if not _next_perm(perm, n):
            return best


@njit(cache=True)
def choose(phase, p, legal, m, amt, grid, hand, nhand, lines, line_len, imp_cells, imp_len, nlines, a_place,
           a_clear, nslots, row, done, root, points, codes, ck, sv, inc, avail, trans, need, owner, slen, seq, hslot,
           meta, scratch):
    """The heuristic's action among ``legal[:m]`` for seat ``p`` (the compiled tier's action ids), or FULL.

    ``scratch``: int64[SCRATCH_ROWS, n] work space, ``n`` at least the legal actions, the
    cells of a take and the noble slots."""
    if m == 1:
        return legal[fastrng.randbelow(amt, 1)]
    base_k = p * nslots
    kk, roots, sids, sts, perm, cards = scratch[0], scratch[1], scratch[2], scratch[3], scratch[4], scratch[5]
    starts, pts, picks = scratch[6], scratch[7], scratch[8]
    full = np.zeros(1, dtype=np.int64)
    no = 0
    for s in range(nslots):
        k = base_k + s
        if not done[k]:
            kk[no] = k
            roots[no] = root[k]
            sids[no] = row[k]
            starts[no] = need[root[k]]
            pts[no] = points[k]
            no += 1
    if phase == CLEAR:
        worst = 0
        pick = legal[m - 1]  # stop
        for x in range(m):
            a = legal[x]
            if a >= a_clear + nslots or a < a_clear:
                continue
            k = base_k + (a - a_clear)
            excess = need[row[k]] - need[root[k]]
            if excess > worst:
                worst = excess
                pick = a
        return pick
    base = 0.0
    for i in range(no):
        base += _value(need, sids[i], starts[i], pts[i])
    best = -np.inf
    npicks = 0
    for x in range(m):
        a = legal[x]
        if phase == PLACE:
            rel = a - a_place
            c = rel // nslots
            s = rel - c * nslots
            k = base_k + s
            i = 0
            while kk[i] != k:
                i += 1
            n = 0
            skipped = False
            for h in range(nhand):
                if hand[h] == c and not skipped:
                    skipped = True
                    continue
                cards[n] = hand[h]
                n += 1
            code = codes[k, c]
            nid = trans[sids[i], code]
            if nid == compiled_require.UNKNOWN:
                nid = compiled_require.step(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, sids[i], code)
                if nid == compiled_require.FULL:
                    return FULL
            new = roots[i] if nid == compiled_require.DEAD else nid
            extra = _value(need, new, starts[i], pts[i]) - _value(need, sids[i], starts[i], pts[i])
            v = _plan(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, codes, kk, roots, starts, pts,
                      sids, no, cards, n, i, new, extra, base, sts, perm, full)
        else:
            n = 0
            if a < nlines:
                for j in range(line_len[a]):
                    cell = lines[a, j]
                    if grid[cell] >= 0:
                        cards[n] = grid[cell]
                        n += 1
            else:
                t = a - nlines
                for j in range(imp_len[p, t]):
                    cell = imp_cells[p, t, j]
                    if grid[cell] >= 0:
                        cards[n] = grid[cell]
                        n += 1
            v = _plan(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, codes, kk, roots, starts, pts,
                      sids, no, cards, n, -1, 0, 0.0, base, sts, perm, full)
            if a >= nlines:
                v = v - IMPOSTER_COST
        if full[0]:
            return FULL
        if v > best + _EPS:
            best = v
            picks[0] = x
            npicks = 1
        elif abs(v - best) <= _EPS:
            picks[npicks] = x
            npicks += 1
    return legal[picks[fastrng.randbelow(amt, npicks)]]
