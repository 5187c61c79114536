"""Noble requirements inside numba: ``require.Checker``'s completion search, compiled.

Why: the compiled tier (``compiled_rules``) and compiled agents must know, for any cards
under a noble, whether the requirement is met, how many cards it still needs, and
whether one more card kills it, without going back to Python. A table of every
reachable state computed in advance does not scale: the base deck's checkers reach
about 11,000 states, one ordered masked requirement alone more than 21,000 and
another one far more (measured: over two minutes of the Python search, unfinished).
So the search itself is here, and a state's answer is memoised in a table that grows
inside the compiled loop.

``min_need`` is ``Checker.min_need`` (with ``_exists``, ``viable``, ``sat``,
``_values_ok`` and ``_types_ok``) over the checker compiled to integer arrays by
``NobleTables`` (end of this module); the differential tests compare both on every state games reach.

The table (arrays named in ``NobleTables``, which holds them on the Python side):

* a *row* is (checker, the codes under the noble: sorted, or in play order for an
  ordered requirement); ``need[row]`` is its ``min_need`` (``DEAD``: impossible);
* ``trans[row, code]``: the row after one more card of ``code`` (``DEAD``, or
  ``UNKNOWN`` until ``step`` computes it);
* rows are interned by an open-addressing hash (``hslot``) on (checker, codes);
* ``meta[M_ROWS]`` rows are in use. When a new row would pass the capacity, ``step``
  returns ``FULL`` and changes nothing: the caller grows the table in Python
  (``NobleTables.grow``) and plays the game again from its seed (same game).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.games.royale.require import DEAD, NONE, Checker

if TYPE_CHECKING:
    from cardgen.games.royale.engine import RoyaleGame

UNKNOWN = -2
#: ``step``: the table has no room for a new row (grow it and try again)
FULL = -3
BIG = 1 << 30

# -- checker fields (``ck[k, ...]``) ------------------------------------------------------
(K_ORDERED, K_NSERV, K_NCODES, K_SPAN, K_VMIN, K_VMAX, K_WILD, K_NCLASS, K_LOW, K_HIGH) = range(10)
CK_SIZE = 10
# -- service fields (``sv[k, j, ...]``): -1 / 0 for "none" as noted ----------------------------
(V_CARDS, V_COLOUR, V_NINC, V_SAME, V_PARITY, V_HAS_LT, V_LT, V_HAS_GT, V_GT, V_HAS_EQ, V_EQ, V_ORDER,
 V_FIRST, V_LAST, V_TWO_SUM, V_DISTINCT, V_WILD, V_TYPED, V_CAP) = range(19)
SV_SIZE = 19
PARITY_NONE, PARITY_EVEN, PARITY_ODD, PARITY_SAME = range(4)
# -- meta ---------------------------------------------------------------------------------
M_ROWS, M_SEARCHES = 0, 1
META_SIZE = 4


@njit(cache=True)
def _values_ok(sv, vals, n, has_rem, rem, vmin, vmax):
    """``Checker._values_ok`` for the first ``n`` of ``vals`` (``has_rem`` False: rem is None)."""
    if sv[V_SAME]:
        for i in range(n):
            if vals[i] != vals[0]:
                return False
    par = sv[V_PARITY]
    if par != PARITY_NONE and n > 0:
        want = vals[0] % 2 if par == PARITY_SAME else (1 if par == PARITY_ODD else 0)
        for i in range(n):
            if vals[i] % 2 != want:
                return False
    order = sv[V_ORDER]
    if order != 0 and n > 0:
        for i in range(n - 1):
            if (vals[i + 1] - vals[i]) * order <= 0:
                return False
        if has_rem and rem != 0:
            if order > 0 and vals[n - 1] + rem > vmax:
                return False
            if order < 0 and vals[n - 1] - rem < vmin:
                return False
    if sv[V_HAS_LT] or sv[V_HAS_GT] or sv[V_HAS_EQ]:
        total = 0
        for i in range(n):
            total += vals[i]
        if not has_rem:
            lo = total if vmin >= 0 else -BIG
            hi = total if vmax <= 0 else BIG
        else:
            lo = total + rem * vmin
            hi = total + rem * vmax
        if sv[V_HAS_LT] and lo >= sv[V_LT]:
            return False
        if sv[V_HAS_GT] and hi <= sv[V_GT]:
            return False
        if sv[V_HAS_EQ] and not (lo <= sv[V_EQ] <= hi):
            return False
    return True


@njit(cache=True)
def _two_sum(vals):
    return (vals[0] + vals[1] == vals[2]) or (vals[0] + vals[2] == vals[1]) or (vals[1] + vals[2] == vals[0])


@njit(cache=True)
def _types_ok(sv, inc, types, n):
    """``Checker._types_ok``."""
    col = sv[V_COLOUR]
    if col != NONE:
        for i in range(n):
            if types[i] != col:
                return False
    for m in range(sv[V_NINC]):
        t = inc[m, 0]
        cnt = 0
        for i in range(n):
            if types[i] == t:
                cnt += 1
        if cnt < inc[m, 1]:
            return False
    if sv[V_FIRST] != NONE and types[0] != sv[V_FIRST]:
        return False
    if sv[V_LAST] != NONE and types[n - 1] != sv[V_LAST]:
        return False
    if sv[V_DISTINCT]:
        for i in range(n):
            for j in range(i):
                if types[i] == types[j]:
                    return False
    return True


@njit(cache=True)
def _sat(ck, sv, inc, cards, n, wk):
    """``Checker.sat``: whether one service's ``n`` cards (play order) meet it exactly (``wk``: work rows)."""
    if n == 0 or (sv[V_CARDS] != NONE and n != sv[V_CARDS]):
        return False
    span, vmin, wild = ck[K_SPAN], ck[K_VMIN], ck[K_WILD]
    cls = wk[0]
    vals = wk[1]
    nwild = 0
    for i in range(n):
        cls[i] = cards[i] // span
        vals[i] = cards[i] % span + vmin
        if wild != NONE and cls[i] == wild:
            nwild += 1
    if not sv[V_WILD] and nwild > 0:
        return False
    if not _values_ok(sv, vals, n, True, 0, vmin, ck[K_VMAX]):
        return False
    if sv[V_TWO_SUM] and not _two_sum(vals):
        return False
    if not sv[V_TYPED]:
        return True
    if nwild == 0:
        return _types_ok(sv, inc, cls, n)
    # every choice of a class (other than the wild class) for each wild card
    pos = wk[2]
    w = 0
    for i in range(n):
        if cls[i] == wild:
            pos[w] = i
            w += 1
    nas = ck[K_NCLASS] - 1
    if nas <= 0:
        return False
    choice = wk[3]
    types = wk[4]
    for i in range(n):
        types[i] = cls[i]
    for w in range(nwild):
        choice[w] = 0
    while True:
        for w in range(nwild):
            c = choice[w]
            types[pos[w]] = c if c < wild else c + 1  # the classes other than ``wild``, in order
        if _types_ok(sv, inc, types, n):
            return True
        w = nwild - 1
        while w >= 0:
            choice[w] += 1
            if choice[w] < nas:
                break
            choice[w] = 0
            w -= 1
        if w < 0:
            return False


@njit(cache=True)
def _viable(ck, sv, inc, cards, n, has_rem, rem, wk):
    """``Checker.viable``: necessary conditions for a service holding ``n`` cards, ``rem`` more to come."""
    if sv[V_CARDS] != NONE and n > sv[V_CARDS]:
        return False
    if n == 0:
        return True
    span, vmin, wild = ck[K_SPAN], ck[K_VMIN], ck[K_WILD]
    cls = wk[0]
    vals = wk[1]
    has_wild = False
    for i in range(n):
        cls[i] = cards[i] // span
        vals[i] = cards[i] % span + vmin
        if wild != NONE and cls[i] == wild:
            has_wild = True
    if has_wild and not sv[V_WILD]:
        return False
    col = sv[V_COLOUR]
    if col != NONE:
        for i in range(n):
            if cls[i] != col and cls[i] != wild:
                return False
    if sv[V_FIRST] != NONE and cls[0] != sv[V_FIRST] and cls[0] != wild:
        return False
    if sv[V_LAST] != NONE and has_rem and rem == 0 and cls[n - 1] != sv[V_LAST] and cls[n - 1] != wild:
        return False
    if sv[V_DISTINCT]:
        for i in range(n):
            if cls[i] == wild:
                continue
            for j in range(i):
                if cls[j] == cls[i]:
                    return False
    if sv[V_NINC] > 0:
        more = rem if has_rem else BIG
        for m in range(sv[V_NINC]):
            t = inc[m, 0]
            cnt = 0
            for i in range(n):
                if cls[i] == t or cls[i] == wild:
                    cnt += 1
            if cnt + more < inc[m, 1]:
                return False
    if sv[V_TWO_SUM] and n == 3 and not _two_sum(vals):
        return False
    return _values_ok(sv, vals, n, has_rem, rem, vmin, ck[K_VMAX])


@njit(cache=True)
def _all_sat(ck, sv, inc, groups, glen, wk):
    """Whether each service's cards meet it (``Checker.sat`` of every group)."""
    for j in range(ck[K_NSERV]):
        if not _sat(ck, sv[j], inc[j], groups[j], glen[j], wk):
            return False
    return True


@njit(cache=True)
def _rem(sizes, glen, k, j, free, nnone):
    """``rem_of(j, free)`` of ``Checker._exists``: (known, cards still to come to service ``j``)."""
    if sizes[j] != NONE:
        return True, sizes[j] - glen[j]
    if nnone == 1:
        others = 0
        for x in range(k):
            if sizes[x] != NONE:
                others += sizes[x] - glen[x]
        return True, free - others
    return False, 0


@njit(cache=True)
def _fill(total, ck, sv, inc, placed, nplaced, avail, sizes, slot, groups, glen, wk, ws):
    """``Checker._exists``'s recursive ``fill``, with an explicit stack (numba's cache and recursion do not mix).

    Level ``i`` places card ``i``: codes in the reference's order (the placed card; every
    code when ordered; codes from the previous extension card's up otherwise), each into
    the services in order; a placement that passes ``viable`` (and, unordered, leaves
    enough cards for the services still empty) goes one level down."""
    k = ck[K_NSERV]
    ordered = ck[K_ORDERED] != 0
    ncodes = ck[K_NCODES]
    nnone = 0
    for x in range(k):
        if sizes[x] == NONE:
            nnone += 1
    if total == 0:
        return _all_sat(ck, sv, inc, groups, glen, wk)
    ws[:6 * total + 1] = 0
    cc = ws[:total]  # next code to try at each level
    jj = ws[total:2 * total]  # next service to try for that code
    chi = ws[2 * total:3 * total]
    low = ws[3 * total:4 * total + 1]
    pj = ws[4 * total + 1:5 * total + 1]  # where each level's card went
    pc = ws[5 * total + 1:6 * total + 1]
    i = 0
    init = True
    while True:
        ext = i >= nplaced
        j_lo = slot[i] if ordered else 0
        j_hi = slot[i] + 1 if ordered else k
        if init:
            if not ext:
                cc[i], chi[i] = placed[i], placed[i] + 1
            elif ordered:
                cc[i], chi[i] = 0, ncodes
            else:
                cc[i], chi[i] = low[i], ncodes
            jj[i] = j_lo
        free = total - i - 1
        down = False
        while cc[i] < chi[i]:
            code = cc[i]
            if ext and avail[code] <= 0:
                cc[i] += 1
                jj[i] = j_lo
                continue
            while jj[i] < j_hi:
                j = jj[i]
                jj[i] += 1
                if sizes[j] != NONE and glen[j] >= sizes[j]:
                    continue
                groups[j, glen[j]] = code
                glen[j] += 1
                if ext:
                    avail[code] -= 1
                has_rem, rem = _rem(sizes, glen, k, j, free, nnone)
                ok = _viable(ck, sv[j], inc[j], groups[j], glen[j], has_rem, rem, wk)
                if ok and not ordered:
                    need = 0
                    for x in range(k):
                        if sizes[x] != NONE:
                            need += sizes[x] - glen[x]
                        elif glen[x] == 0:
                            need += 1
                    ok = need <= free
                if ok:
                    pj[i] = j
                    pc[i] = code
                    low[i + 1] = code if ext else low[i]
                    down = True
                    break
                glen[j] -= 1
                if ext:
                    avail[code] += 1
            if down:
                break
            cc[i] += 1
            jj[i] = j_lo
        if down:  # one level down; with every card placed, done if each service is met, else back
            i += 1
            init = True
            if i < total:
                continue
            if _all_sat(ck, sv, inc, groups, glen, wk):
                return True
        elif i == 0:
            return False
        i -= 1
        glen[pj[i]] -= 1
        if i >= nplaced:
            avail[pc[i]] += 1
        init = False


@njit(cache=True)
def _exists(ck, sv, inc, placed, nplaced, total, avail, ws):
    """``Checker._exists``: whether ``placed`` can grow to ``total`` cards meeting the requirement.

    ``ws``: work space (``_WORDS``) its arrays are cut from: a completion search calls
    this for every count of cards, and allocating a dozen small arrays each time
    was most of its cost."""
    k = ck[K_NSERV]
    t1 = max(total, 1)
    sizes = ws[:k]
    for j in range(k):
        sizes[j] = sv[j, V_CARDS]
    slot = ws[k:k + t1]
    slot[:] = 0
    if ck[K_ORDERED]:
        fixed = 0
        for j in range(k - 1):
            if sizes[j] != NONE:
                fixed += sizes[j]
        if sizes[k - 1] == NONE:
            sizes[k - 1] = total - fixed
            if sizes[k - 1] < 1:
                return False
        elif fixed + sizes[k - 1] != total:
            return False
        m = 0
        for j in range(k):
            for _ in range(max(sizes[j], 0)):
                if m < total:
                    slot[m] = j
                m += 1
        if m < total:  # the reference cannot place these cards either (its slot list is too short)
            return False
    else:
        fixed = 0
        nnone = 0
        for j in range(k):
            if sizes[j] != NONE:
                fixed += sizes[j]
            else:
                nnone += 1
        if fixed > total or (nnone == 0 and fixed != total) or fixed + nnone > total:
            return False
    at = k + t1
    groups = ws[at:at + k * t1].reshape((k, t1))
    groups[:, :] = 0
    at += k * t1
    glen = ws[at:at + k]
    glen[:] = 0
    at += k
    wk = ws[at:at + 5 * t1].reshape((5, t1))
    at += 5 * t1
    return _fill(total, ck, sv, inc, placed, nplaced, avail, sizes, slot, groups, glen, wk, ws[at:])


@njit(cache=True)
def _words(k, t):
    """Words of ``_exists``'s work space for ``k`` services and at most ``t`` cards (``_fill``'s included)."""
    return 2 * k + k * t + 6 * t + 6 * t + 1


@njit(cache=True)
def min_need(ck, sv, inc, avail0, cards, n, at_least):
    """``Checker.min_need``: fewest cards to add to the ``n`` ``cards`` to meet the requirement; DEAD if none.

    ``at_least``: a known lower bound of the answer (searches for fewer cards are skipped)."""
    avail = avail0.copy()
    t = max(ck[K_HIGH], n, 1)
    ws = np.empty(_words(ck[K_NSERV], t), dtype=np.int64)
    for i in range(n):
        avail[cards[i]] -= 1
        if avail[cards[i]] < 0:
            return DEAD
    start = max(ck[K_LOW], n + max(at_least, 0))
    for total in range(start, ck[K_HIGH] + 1):
        if _exists(ck, sv, inc, cards, n, total, avail, ws):
            return total - n
    return DEAD


# -- the table ---------------------------------------------------------------------------------
@njit(cache=True)
def _hash(k, seq, n):
    h = np.uint64(k) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(n)
    for i in range(n):
        h = (h ^ np.uint64(seq[i] + 1)) * np.uint64(0x100000001B3)
    return h ^ (h >> np.uint64(29))


@njit(cache=True)
def _find(hslot, owner, slen, seq, k, cards, n):
    """(row holding (``k``, ``cards``) or -1, the hash slot where it is or would go)."""
    mask = np.uint64(hslot.shape[0] - 1)
    h = _hash(k, cards, n) & mask
    while True:
        r = hslot[np.int64(h)]
        if r < 0:
            return -1, np.int64(h)
        if owner[r] == k and slen[r] == n:
            same = True
            for i in range(n):
                if seq[r, i] != cards[i]:
                    same = False
                    break
            if same:
                return r, np.int64(h)
        h = (h + np.uint64(1)) & mask


@njit(cache=True)
def intern(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, k, cards, n, at_least, keep_dead):
    """The row of checker ``k`` holding ``cards`` (computed and added if new), or FULL when out of room;
    DEAD when they cannot be completed, unless ``keep_dead`` (an empty noble's row: added, need DEAD)."""
    r, h = _find(hslot, owner, slen, seq, k, cards, n)
    if r >= 0:
        return r
    if n > seq.shape[1]:
        return DEAD  # more cards than any completion holds (the reference's search finds none either)
    nd = min_need(ck[k], sv[k], inc[k], avail[k], cards, n, at_least)
    meta[M_SEARCHES] += 1
    if nd == DEAD and not keep_dead:
        return DEAD
    return _add(trans, need, owner, slen, seq, hslot, meta, h, k, cards, n, nd)


@njit(cache=True)
def _add(trans, need, owner, slen, seq, hslot, meta, h, k, cards, n, nd):
    """A new row (checker ``k``, ``cards``, need ``nd``) at hash slot ``h``: its number, or FULL when out of room."""
    r = meta[M_ROWS]
    if r >= trans.shape[0] or 2 * (r + 1) > hslot.shape[0]:
        return FULL
    meta[M_ROWS] = r + 1
    owner[r] = k
    slen[r] = n
    for i in range(n):
        seq[r, i] = cards[i]
    need[r] = nd
    for c in range(trans.shape[1]):
        trans[r, c] = UNKNOWN
    hslot[h] = r
    return r


@njit(cache=True)
def step(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, r, code):
    """``Checker.step``: the row after one more card of ``code`` under row ``r``: a row, DEAD or FULL."""
    nid = trans[r, code]
    if nid != UNKNOWN:
        return nid
    k = owner[r]
    n = slen[r]
    cards = np.empty(n + 1, dtype=np.int64)
    cards[:n] = seq[r, :n]
    cards[n] = code
    if not ck[k, K_ORDERED]:
        cards.sort()  # the cards of an unordered requirement, as a multiset
    # one more card lowers the need by one at most: no shorter completion to look for
    nid = intern(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, k, cards, n + 1, need[r] - 1, False)
    if nid != FULL:
        trans[r, code] = nid
    return nid


@njit(cache=True)
def root(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, k):
    """The row of checker ``k`` with no card (kept even when the requirement cannot be met: need DEAD)."""
    no_card = np.zeros(1, dtype=np.int64)
    return intern(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, k, no_card, 0, 0, True)


@njit(cache=True)
def rehash(hslot, owner, slen, seq, nrows):
    """Put rows ``0..nrows-1`` into an empty (all -1) hash ``hslot`` (after the table grew)."""
    for r in range(nrows):
        _, h = _find(hslot, owner, slen, seq, owner[r], seq[r], slen[r])
        hslot[h] = r


# == Python side: one game's table (its arrays, growth, the stored copy) ==============================
#: ``NobleTables``' arrays with one entry per row (what ``grow`` doubles and a stored table keeps)
_ROW_ARRAYS = ("trans", "need", "owner", "slen", "seq")
#: checker and service fields copied as they are (``K_*``, ``V_*`` -> the checker's or service's attribute)
_CK_FIELDS = ((K_ORDERED, "ordered"), (K_NCODES, "ncodes"), (K_SPAN, "span"), (K_VMIN, "vmin"),
              (K_VMAX, "vmax"), (K_WILD, "wild"), (K_NCLASS, "nclass"), (K_LOW, "low"), (K_HIGH, "high"))
_SV_FIELDS = ((V_COLOUR, "colour"), (V_SAME, "same_value"), (V_ORDER, "order"), (V_FIRST, "first"),
              (V_LAST, "last"), (V_TWO_SUM, "two_sum"), (V_DISTINCT, "distinct"), (V_WILD, "wild"),
              (V_TYPED, "typed"))


class NobleTables:
    """The noble requirements of one game, compiled for the functions above (see the module's docstring).

    ``checkers``: the game's distinct ``require.Checker`` objects; checker ``k``'s
    fields are ``ck[k]``, its services ``sv[k, j]`` (with ``inc[k, j]``: (class, count)
    of each ``include``), its card copies per code ``avail[k]``; ``roots[k]`` is its
    row with no card. The table (``trans``, ``need``, ``owner``, ``slen``, ``seq``,
    ``hslot``, ``meta``) grows inside compiled code up to its capacity, and here
    (``grow``) past it. ``args()`` is what compiled functions take, in order:
    ``step(*tables.args(), row, code)``. ``stored``: start from the rows and
    transitions an earlier run kept for these very checkers (``stored_table``; the
    shared tables of ``noble_tables`` do, and ``store_tables`` keeps them at exit).
    """

    def __init__(self, checkers: list[Checker], rows: int = 1024, stored: bool = False) -> None:
        self.checkers = checkers
        self.index = {id(c): k for k, c in enumerate(checkers)}
        nk = max(len(checkers), 1)
        nserv = max([len(c.services) for c in checkers] + [1])
        ninc = max([len(s.include) for c in checkers for s in c.services] + [1])
        self.ncodes = ncodes = max([c.ncodes for c in checkers] + [1])
        self.ck = np.zeros((nk, CK_SIZE), dtype=np.int64)
        self.sv = np.zeros((nk, nserv, SV_SIZE), dtype=np.int64)
        self.inc = np.zeros((nk, nserv, ninc, 2), dtype=np.int64)
        self.avail = np.zeros((nk, ncodes), dtype=np.int64)
        for k, chk in enumerate(checkers):
            self._compile(k, chk)
        self.trans = np.full((rows, ncodes), UNKNOWN, dtype=np.int32)  # half the memory: rows stay < 2**31
        self.need, self.owner, self.slen = (np.zeros(rows, dtype=np.int64) for _ in range(3))
        self.seq = np.zeros((rows, max([c.high for c in checkers] + [1])), dtype=np.int64)  # a row's cards
        self.hslot = np.full(4 * rows, -1, dtype=np.int64)
        self.meta = np.zeros(META_SIZE, dtype=np.int64)
        self.roots = np.zeros(nk, dtype=np.int64)
        self.key = _table_key(self) if stored else ""
        if not (stored and self._restore(stored_table(self.key))):
            for k in range(len(checkers)):
                while (r := root(*self.args(), k)) == FULL:
                    self.grow()
                self.roots[k] = r
        self.stored_searches = int(self.meta[M_SEARCHES])

    def _restore(self, data: dict[str, np.ndarray] | None) -> bool:
        """Take the rows and transitions a stored table holds (``stored_table``); False if it cannot be used."""
        if data is None or data["meta"].shape != self.meta.shape:
            return False
        rows = int(data["meta"][M_ROWS])
        if (data["roots"].shape != self.roots.shape
                or any(data[n].shape != (rows, *getattr(self, n).shape[1:]) for n in _ROW_ARRAYS)):
            return False
        while self.trans.shape[0] <= rows:
            self.grow()
        for name in _ROW_ARRAYS:
            getattr(self, name)[:rows] = data[name]
        self.meta[:] = data["meta"]
        self.roots[:] = data["roots"]
        self.hslot[:] = -1
        rehash(self.hslot, self.owner, self.slen, self.seq, rows)
        return True

    def stored(self) -> bytes:
        """The rows in use and their transitions, compressed (what ``stored_table`` reads back)."""
        import io
        n = self.rows
        buf = io.BytesIO()
        np.savez_compressed(buf, **{name: getattr(self, name)[:n] for name in _ROW_ARRAYS}, meta=self.meta,
                            roots=self.roots)
        return buf.getvalue()

    def _compile(self, k: int, chk: Checker) -> None:
        """Fill checker ``k``'s fields."""
        ck = self.ck[k]
        for at, name in _CK_FIELDS:
            ck[at] = int(getattr(chk, name))
        ck[K_NSERV] = len(chk.services)
        self.avail[k, :chk.ncodes] = chk.avail
        parity = {None: PARITY_NONE, "even": PARITY_EVEN, "odd": PARITY_ODD, "same": PARITY_SAME}
        for j, s in enumerate(chk.services):
            v = self.sv[k, j]
            for at, name in _SV_FIELDS:
                v[at] = int(getattr(s, name))
            v[V_CARDS] = NONE if s.cards is None else s.cards
            v[V_NINC] = len(s.include)
            for m, (t, n) in enumerate(s.include):
                self.inc[k, j, m] = (t, n)
            v[V_PARITY] = parity[s.parity]
            for has, at, bound in ((V_HAS_LT, V_LT, s.lt), (V_HAS_GT, V_GT, s.gt),
                                   (V_HAS_EQ, V_EQ, s.eq)):
                v[has] = int(bound is not None)
                v[at] = bound or 0
            v[V_CAP] = chk._cap(s)

    def args(self) -> tuple[np.ndarray, ...]:
        """The arrays compiled functions take (``step``, ``intern``...), in order."""
        return (self.ck, self.sv, self.inc, self.avail, self.trans, self.need, self.owner, self.slen, self.seq,
                self.hslot, self.meta)

    @property
    def rows(self) -> int:
        """Rows in use."""
        return int(self.meta[M_ROWS])

    def grow(self) -> None:
        """Twice the capacity (rows kept, hash rebuilt)."""
        for name in _ROW_ARRAYS:
            old = getattr(self, name)
            setattr(self, name, np.concatenate([old, np.full_like(old, UNKNOWN if name == "trans" else 0)]))
        self.hslot = np.full(4 * self.trans.shape[0], -1, dtype=np.int64)
        rehash(self.hslot, self.owner, self.slen, self.seq, self.rows)

    def step(self, row: int, code: int) -> int:
        """The row after one more card of ``code`` under ``row`` (``DEAD``: the noble can no longer be met)."""
        while (nid := step(*self.args(), row, code)) == FULL:
            self.grow()
        return int(nid)

    def cards(self, row: int) -> tuple[int, ...]:
        """The codes a row holds (as the Python checker keys its state)."""
        return tuple(self.seq[row, :self.slen[row]].tolist())


#: Bump when what a stored noble table means changes (the compiled code's sources are part of the key too).
TABLE_FORMAT = 1
#: A table with more rows than this is not stored (a few MiB compressed at most).
MAX_STORED_ROWS = 1 << 20


def _table_key(tables: NobleTables) -> str:
    """What a table's rows are made from: the compiled checkers and the code that makes rows."""
    import hashlib
    h = hashlib.sha256(f"royale-nobles|{TABLE_FORMAT}|".encode())
    for a in (tables.ck, tables.sv, tables.inc, tables.avail):
        h.update(str(a.shape).encode())
        h.update(np.ascontiguousarray(a).tobytes())
    from cardgen.jit import code_key  # every source the compiled checkers depend on, fastpy's included
    h.update(code_key().encode())
    return h.hexdigest()[:24]


def _entry(key: str) -> str:
    return f"royale-nobles-{key}.npz"


def _folders() -> list[Path]:
    from cardgen.cache import cache_dirs
    return cache_dirs(Path(__file__).resolve().parent, "royale-nobles")


def stored_table(key: str) -> dict[str, np.ndarray] | None:
    """The noble table an earlier run stored under ``key`` (rows and transitions computed there),
    or None. A row means the same cards in every run, so a process starts where the last one
    stopped instead of computing again tens of thousands of completion searches; any damaged
    or foreign entry is ignored."""
    import io

    from cardgen.cache import read_entry
    for blob in read_entry(_entry(key), _folders()):
        try:
            with np.load(io.BytesIO(blob), allow_pickle=False) as npz:
                data = {name: npz[name] for name in (*_ROW_ARRAYS, "meta", "roots")}
        except Exception:  # a damaged entry is only a missed cache
            continue
        return data  # its shapes are checked against the table (``NobleTables._restore``)
    return None


def store_tables() -> None:
    """Store each shared table that computed transitions since it was loaded (at exit; forked
    workers exit without it, and a concurrent writer only replaces a whole entry)."""
    from cardgen.cache import store_entry
    for tables in list(_SHARED.values()):
        if int(tables.meta[M_SEARCHES]) > tables.stored_searches and tables.rows <= MAX_STORED_ROWS:
            store_entry(tables.stored(), _entry(tables.key), _folders())
            tables.stored_searches = int(tables.meta[M_SEARCHES])


#: the tables of this process by their checkers (shared by engines, inherited by forked workers)
_SHARED: dict[tuple[int, ...], NobleTables] = {}


def noble_tables(game: RoyaleGame, fresh: bool = False) -> NobleTables:
    """The compiled noble requirements of ``game``'s seats.

    Slot ``s`` of seat ``p`` is checker ``tables.index[id(game.checkers[p][s])]``, its
    empty row ``tables.roots[that]``; a dish card ``c`` under it has code
    ``game.codes[p][s][c]``; ``tables.need[row] == 0`` means the noble is met exactly.

    By default the process's table for these checkers, shared by every engine (rows
    already computed stay; a row means the same cards forever). ``grow`` replaces the
    arrays: take ``args()`` again after it, and never mix row numbers of two tables.
    ``fresh``: a new, private table.
    """
    seen: dict[int, Checker] = {}
    for seat in game.checkers:
        for chk in seat:
            seen.setdefault(id(chk), chk)
    key = tuple(seen)
    tables = None if fresh else _SHARED.get(key)
    if tables is None:
        tables = NobleTables(list(seen.values()), stored=not fresh)
        if not fresh:
            if not _SHARED:
                import atexit
                atexit.register(store_tables)
            _SHARED[key] = tables
    return tables
