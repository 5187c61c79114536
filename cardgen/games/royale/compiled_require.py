"""Noble requirements inside numba: ``require.Checker``'s completion search, compiled.

Why: the compiled tier (``compiled_rules``) and compiled agents must know, for any cards
under a noble, whether the requirement is met, how many cards it still needs, and
whether one more card kills it, without going back to Python. A table of every
reachable state computed in advance does not scale: the base deck's checkers reach
about 11,000 states, one ordered masked requirement alone more than 21,000 and
another one far more (measured: over two minutes of the Python search, unfinished).
So the search itself is here, and a state's answer is memoised in a table that grows
inside the compiled loop.

``min_need`` is ``require.min_need`` (with ``exists``, ``fill``, ``viable``, ``sat``,
``values_ok`` and ``types_ok``): the very functions the reference's ``Checker`` runs on
lists, compiled here as they are (``cardgen.jit.bind`` gives each its compiled callees)
over the checkers' rows stacked into arrays by ``NobleTables`` (end of this module). The
differential tests compare both on every state games reach.

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
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numba import njit

from cardgen.games.royale import require as rq
from cardgen.games.royale.require import CK_SIZE, DEAD, K_HIGH, K_NSERV, K_ORDERED, SV_SIZE, Checker, Rows, Work
from cardgen.jit import bind

if TYPE_CHECKING:
    from cardgen.games.royale.engine import RoyaleGame

UNKNOWN = -2
#: ``step``: the table has no room for a new row (grow it and try again)
FULL = -3
# -- meta ---------------------------------------------------------------------------------
M_ROWS, M_SEARCHES = 0, 1
META_SIZE = 4

# -- the rule (``require``), compiled as it is: each function bound to its callees' compiled copies -----
_values_ok = bind(rq.values_ok, "nb")
_two_sum = bind(rq.two_sum, "nb")
_types_ok = bind(rq.types_ok, "nb")
_sat = bind(rq.sat, "nb", None, values_ok=_values_ok, two_sum=_two_sum, types_ok=_types_ok)
_viable = bind(rq.viable, "nb", None, values_ok=_values_ok, two_sum=_two_sum)
_all_sat = bind(rq.all_sat, "nb", None, sat=_sat)
_rem_of = bind(rq.rem_of, "nb")
_fill = bind(rq.fill, "nb", None, viable=_viable, rem_of=_rem_of, all_sat=_all_sat)
_exists = bind(rq.exists, "nb", None, fill=_fill)
_min_need = bind(rq.min_need, "nb", None, exists=_exists)


class Checkers(NamedTuple):
    """The game's checkers stacked into arrays (``NobleTables`` fills them, compiled code reads them):
    checker ``k``'s fields ``ck[k]``, its services ``sv[k, j]``, their "at least" clauses ``inc[k, j]``
    and its card copies per code ``avail[k]``. ``require.Rows(ck[k], sv[k], inc[k])`` is checker ``k``."""

    ck: np.ndarray
    sv: np.ndarray
    inc: np.ndarray
    avail: np.ndarray


class Table(NamedTuple):
    """The state table (see the module's docstring): a row's transitions ``trans[row, code]``, its
    ``need``, its checker ``owner``, how many cards ``slen`` and which ``seq`` (the first ``slen``),
    the hash ``hslot`` (slot -> row or -1), and ``meta`` (``M_ROWS``, ``M_SEARCHES``). ``grow``
    replaces arrays: a ``Table`` is taken again after it (``NobleTables.args``)."""

    trans: np.ndarray
    need: np.ndarray
    owner: np.ndarray
    slen: np.ndarray
    seq: np.ndarray
    hslot: np.ndarray
    meta: np.ndarray


@njit(cache=True)
def min_need(rule, avail0, cards, n, at_least):
    """``require.min_need`` of the ``n`` ``cards`` under checker ``rule`` (a ``require.Rows``) with card
    copies ``avail0``, its work rows (``require.scratch``) as arrays: fewest cards to add; DEAD if none."""
    k = rule.ck[K_NSERV]
    t = max(rule.ck[K_HIGH], n, 1)
    work = Work(np.zeros(k, np.int64), np.zeros(t, np.int64), np.zeros((k, t), np.int64), np.zeros(k, np.int64),
                np.zeros((6, t + 1), np.int64), np.zeros((5, t), np.int64))
    return _min_need(rule, avail0.copy(), cards, n, at_least, work)


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
def intern(C, T, k, cards, n, at_least, keep_dead):
    """The row of checker ``k`` of ``C`` (``Checkers``) holding ``cards`` (computed and added to table ``T``
    if new), or FULL when out of room; DEAD when they cannot be completed, unless ``keep_dead`` (an empty
    noble's row: added, need DEAD)."""
    r, h = _find(T.hslot, T.owner, T.slen, T.seq, k, cards, n)
    if r >= 0:
        return r
    if n > T.seq.shape[1]:
        return DEAD  # more cards than any completion holds (the reference's search finds none either)
    nd = min_need(Rows(C.ck[k], C.sv[k], C.inc[k]), C.avail[k], cards, n, at_least)
    T.meta[M_SEARCHES] += 1
    if nd == DEAD and not keep_dead:
        return DEAD
    return _add(T, h, k, cards, n, nd)


@njit(cache=True)
def _add(T, h, k, cards, n, nd):
    """A new row of table ``T`` (checker ``k``, ``cards``, need ``nd``) at hash slot ``h``: its number, or
    FULL when out of room."""
    trans, need, owner, slen, seq, hslot, meta = T.trans, T.need, T.owner, T.slen, T.seq, T.hslot, T.meta
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
def step(C, T, r, code):
    """``Checker.step``: the row of table ``T`` after one more card of ``code`` under row ``r`` (checkers
    ``C``): a row, DEAD or FULL."""
    nid = T.trans[r, code]
    if nid != UNKNOWN:
        return nid
    k = T.owner[r]
    n = T.slen[r]
    cards = np.empty(n + 1, dtype=np.int64)
    cards[:n] = T.seq[r, :n]
    cards[n] = code
    if not C.ck[k, K_ORDERED]:
        cards.sort()  # the cards of an unordered requirement, as a multiset
    # one more card lowers the need by one at most: no shorter completion to look for
    nid = intern(C, T, k, cards, n + 1, T.need[r] - 1, np.bool_(False))
    if nid != FULL:
        T.trans[r, code] = nid
    return nid


@njit(cache=True)
def root(C, T, k):
    """The row of checker ``k`` of ``C`` with no card in table ``T`` (kept even when the requirement cannot
    be met: need DEAD)."""
    no_card = np.zeros(1, dtype=np.int64)
    # typed values, not constants: numba compiles a callee once per literal argument, and ``0, 0, True`` here
    # with ``False`` in ``step`` made two copies of ``intern`` and of the whole search under it (about 15 % of
    # Royale's first build)
    return intern(C, T, k, no_card, np.int64(0), np.int64(0), np.bool_(True))


@njit(cache=True)
def rehash(hslot, owner, slen, seq, nrows):
    """Put rows ``0..nrows-1`` into an empty (all -1) hash ``hslot`` (after the table grew)."""
    for r in range(nrows):
        _, h = _find(hslot, owner, slen, seq, owner[r], seq[r], slen[r])
        hslot[h] = r


# == Python side: one game's table (its arrays, growth, the stored copy) ==============================
#: ``NobleTables``' arrays with one entry per row (what ``grow`` doubles and a stored table keeps)
_ROW_ARRAYS = ("trans", "need", "owner", "slen", "seq")

class NobleTables:
    """The noble requirements of one game, compiled for the functions above (see the module's docstring).

    ``checkers``: the game's distinct ``require.Checker`` objects; checker ``k``'s
    fields are ``ck[k]``, its services ``sv[k, j]`` (with ``inc[k, j]``: (class, count)
    of each ``include``), its card copies per code ``avail[k]``; ``roots[k]`` is its
    row with no card. The table (``trans``, ``need``, ``owner``, ``slen``, ``seq``,
    ``hslot``, ``meta``) grows inside compiled code up to its capacity, and here
    (``grow``) past it. ``args()`` is what compiled functions take, the two records
    ``(Checkers, Table)``: ``step(*tables.args(), row, code)``. ``stored``: start from the rows and
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
        """Fill checker ``k``'s rows with the ones the checker holds (``Checker.ck``, ``sv``, ``inc``)."""
        self.ck[k] = chk.ck
        self.avail[k, :chk.ncodes] = chk.avail
        for j, (row, inc) in enumerate(zip(chk.sv, chk.inc)):
            self.sv[k, j] = row
            self.inc[k, j, :len(inc)] = inc

    def args(self) -> tuple[Checkers, Table]:
        """What compiled functions take (``step``, ``root``, ``intern``...): the checkers and the table as
        they are now (after ``grow``, take them again)."""
        return (Checkers(self.ck, self.sv, self.inc, self.avail),
                Table(self.trans, self.need, self.owner, self.slen, self.seq, self.hslot, self.meta))

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


_PACKAGE = Path(__file__).resolve().parent


def stored_table(key: str) -> dict[str, np.ndarray] | None:
    """The noble table an earlier run stored under ``key`` (rows and transitions computed there),
    or None. A row means the same cards in every run, so a process starts where the last one
    stopped instead of computing again tens of thousands of completion searches; any damaged
    or foreign entry is ignored (``cardgen.cache.load``)."""
    import io

    from cardgen.cache import load
    blob = load("royale-nobles", _PACKAGE, _entry(key), key)
    if not isinstance(blob, bytes):
        return None
    try:
        with np.load(io.BytesIO(blob), allow_pickle=False) as npz:
            return {name: npz[name] for name in (*_ROW_ARRAYS, "meta", "roots")}  # shapes: ``NobleTables._restore``
    except Exception:  # a damaged entry is only a missed cache
        return None


def store_tables() -> None:
    """Store each shared table that computed transitions since it was loaded (at exit; forked
    workers exit without it, and a concurrent writer only replaces a whole entry)."""
    from cardgen.cache import save
    for tables in list(_SHARED.values()):
        if int(tables.meta[M_SEARCHES]) > tables.stored_searches and tables.rows <= MAX_STORED_ROWS:
            save("royale-nobles", _PACKAGE, _entry(tables.key), tables.key, tables.stored())
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
