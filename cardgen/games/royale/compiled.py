"""Royale's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``RoyaleFast`` plays exactly the reference games (``engine.py`` with the ``random`` and
``heuristic`` agents) by calling the kernels of ``compiled_rules.py`` (``deal``, then
``play_on``) from one numba loop over many games (``play_many``), which keeps what batch
play needs beyond the rules: the gap log, the peaks, the recorded actions, one row of
results per game. Its tables come from the reference ``RoyaleGame`` of the resolved deck
(cells of every line and of each seat's imposter placements, solo cards, noble points,
rule numbers, the deck's gap resolutions), so any variant that changes numbers, counts or
card data runs on it. Noble requirements are the reference's own checkers compiled for
numba (``compiled_require``, ``NobleTables``): their states are computed inside the loop.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.engine.api import Action, BatchResult, FastEngine, GameResult
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale import compiled_require as req
from cardgen.games.royale.engine import STOP, RoyaleGame
from cardgen.games.royale.require import Checker

if TYPE_CHECKING:
    from cardgen.resolve.resolve import ResolvedDeck

_GAP_NAMES = {core.GAP_UNEVEN: "uneven_packets", core.GAP_PILE: "pile_empty", core.GAP_SHORT: "short_line",
              core.GAP_NOTHING: "nothing_to_take", core.GAP_TIE: "tie_after_tiebreak",
              core.GAP_SOLO: "solo_pile_empty"}
#: gap kind -> (cfg slot, resolution name -> code)
_GAP_CFG = {
    "uneven_packets": (core.C_G_UNEVEN, {"near_equal": 0}),
    "pile_empty": (core.C_G_PILE, {"reshuffle_discards": 0, "end_game": 1}),
    "short_line": (core.C_G_SHORT, {"take_present": 0}),
    "nothing_to_take": (core.C_G_NOTHING, {"end_game": 0}),
    "solo_pile_empty": (core.C_G_SOLO, {"reshuffle_revealed": 0, "end_game": 1}),
}
_END_NAMES = {core.BANQUET_OVER: "banquet_over", core.SUPPLY_EXHAUSTED: "supply_exhausted",
              core.ALL_NOBLES: "all_nobles", core.TURNS_DONE: "turns_done",
              core.SOLO_EXHAUSTED: "solo_cards_exhausted"}
_AGENTS = {"random": core.AGENT_RANDOM, "heuristic": core.AGENT_HEURISTIC}

_announced = False


def _is_cached() -> bool:
    """Whether numba's disk cache holds the compiled loop (``cardgen.jit`` knows where it lives)."""
    from cardgen.jit import is_cached

    return is_cached(play_many)


def _announce_compile() -> None:
    """Say once per process that numba compiles, when its disk cache does not hold the loop yet."""
    global _announced
    if _announced:
        return
    _announced = True
    if not _is_cached():
        print("compiling the Royale fast engine (first run only)…", file=sys.stderr, flush=True)


class NobleTables:
    """The noble requirements of one game, compiled for ``compiled_require`` (see its docstring).

    ``checkers``: the game's distinct ``require.Checker`` objects; checker ``k``'s
    fields are ``ck[k]``, its services ``sv[k, j]`` (with ``inc[k, j]``: (class, count)
    of each ``include``), its card copies per code ``avail[k]``; ``roots[k]`` is its
    row with no card. The table (``trans``, ``need``, ``owner``, ``slen``, ``seq``,
    ``hslot``, ``meta``) grows inside compiled code up to its capacity, and here
    (``grow``) past it. ``args()`` is what compiled functions take, in order:
    ``compiled_require.step(*tables.args(), row, code)``. ``stored``: start from the rows and
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
        self.ck = np.zeros((nk, req.CK_SIZE), dtype=np.int64)
        self.sv = np.zeros((nk, nserv, req.SV_SIZE), dtype=np.int64)
        self.inc = np.zeros((nk, nserv, ninc, 2), dtype=np.int64)
        self.avail = np.zeros((nk, ncodes), dtype=np.int64)
        width = 1
        for k, chk in enumerate(checkers):
            width = max(width, self._compile(k, chk))
        self.trans = np.full((rows, ncodes), req.UNKNOWN, dtype=np.int32)  # half the memory: rows stay < 2**31
        self.need = np.zeros(rows, dtype=np.int64)
        self.owner = np.zeros(rows, dtype=np.int64)
        self.slen = np.zeros(rows, dtype=np.int64)
        self.seq = np.zeros((rows, width), dtype=np.int64)
        self.hslot = np.full(4 * rows, -1, dtype=np.int64)
        self.meta = np.zeros(req.META_SIZE, dtype=np.int64)
        self.roots = np.zeros(nk, dtype=np.int64)
        self.key = _table_key(self) if stored else ""
        if not (stored and self._restore(stored_table(self.key))):
            for k in range(len(checkers)):
                while (r := req.root(*self.args(), k)) == req.FULL:
                    self.grow()
                self.roots[k] = r
        self.stored_searches = int(self.meta[req.M_SEARCHES])

    def _restore(self, data: dict[str, np.ndarray] | None) -> bool:
        """Take the rows and transitions a stored table holds (``stored_table``); False if it cannot be used."""
        if data is None or data["meta"].shape != self.meta.shape:
            return False
        rows = int(data["meta"][req.M_ROWS])
        trans, seq = data["trans"], data["seq"]
        if (trans.shape != (rows, self.ncodes) or seq.shape != (rows, self.seq.shape[1])
                or data["roots"].shape != self.roots.shape
                or any(data[n].shape != (rows,) for n in ("need", "owner", "slen"))):
            return False
        while self.trans.shape[0] <= rows:
            self.grow()
        self.trans[:rows] = trans
        for name in ("need", "owner", "slen", "seq"):
            getattr(self, name)[:rows] = data[name]
        self.meta[:] = data["meta"]
        self.roots[:] = data["roots"]
        self.hslot[:] = -1
        req.rehash(self.hslot, self.owner, self.slen, self.seq, rows)
        return True

    def stored(self) -> bytes:
        """The rows in use and their transitions, compressed (what ``stored_table`` reads back)."""
        import io
        n = self.rows
        buf = io.BytesIO()
        np.savez_compressed(buf, trans=self.trans[:n], need=self.need[:n], owner=self.owner[:n],
                            slen=self.slen[:n], seq=self.seq[:n], meta=self.meta, roots=self.roots)
        return buf.getvalue()

    def _compile(self, k: int, chk: Checker) -> int:
        """Fill checker ``k``'s fields; returns the most cards a completion holds."""
        ck = self.ck[k]
        ck[req.K_ORDERED] = int(chk.ordered)
        ck[req.K_NSERV] = len(chk.services)
        ck[req.K_NCODES] = chk.ncodes
        ck[req.K_SPAN] = chk.span
        ck[req.K_VMIN] = chk.vmin
        ck[req.K_VMAX] = chk.vmax
        ck[req.K_WILD] = chk.wild
        ck[req.K_NCLASS] = chk.nclass
        fixed = sum(s.cards for s in chk.services if s.cards is not None)
        ck[req.K_LOW] = fixed + sum(1 for s in chk.services if s.cards is None)
        ck[req.K_HIGH] = high = sum(chk._cap(s) for s in chk.services)
        self.avail[k, :chk.ncodes] = chk.avail
        parity = {None: req.PARITY_NONE, "even": req.PARITY_EVEN, "odd": req.PARITY_ODD, "same": req.PARITY_SAME}
        for j, s in enumerate(chk.services):
            v = self.sv[k, j]
            v[req.V_CARDS] = req.NONE if s.cards is None else s.cards
            v[req.V_COLOUR] = s.colour
            v[req.V_NINC] = len(s.include)
            for m, (t, n) in enumerate(s.include):
                self.inc[k, j, m] = (t, n)
            v[req.V_SAME] = int(s.same_value)
            v[req.V_PARITY] = parity[s.parity]
            for has, at, bound in ((req.V_HAS_LT, req.V_LT, s.lt), (req.V_HAS_GT, req.V_GT, s.gt),
                                   (req.V_HAS_EQ, req.V_EQ, s.eq)):
                v[has] = int(bound is not None)
                v[at] = bound or 0
            v[req.V_ORDER] = s.order
            v[req.V_FIRST] = s.first
            v[req.V_LAST] = s.last
            v[req.V_TWO_SUM] = int(s.two_sum)
            v[req.V_DISTINCT] = int(s.distinct)
            v[req.V_WILD] = int(s.wild)
            v[req.V_TYPED] = int(s.typed)
            v[req.V_CAP] = chk._cap(s)
        return high

    def args(self) -> tuple[np.ndarray, ...]:
        """The arrays compiled functions take (``compiled_require.step``, ``compiled_require.intern``...), in order."""
        return (self.ck, self.sv, self.inc, self.avail, self.trans, self.need, self.owner, self.slen, self.seq,
                self.hslot, self.meta)

    @property
    def rows(self) -> int:
        """Rows in use."""
        return int(self.meta[req.M_ROWS])

    def grow(self) -> None:
        """Twice the capacity (rows kept, hash rebuilt)."""
        n, cap = self.rows, self.trans.shape[0]
        new = 2 * cap
        trans = np.full((new, self.ncodes), req.UNKNOWN, dtype=np.int32)
        trans[:cap] = self.trans
        self.trans = trans
        for name in ("need", "owner", "slen"):
            old = getattr(self, name)
            arr = np.zeros(new, dtype=np.int64)
            arr[:cap] = old
            setattr(self, name, arr)
        seq = np.zeros((new, self.seq.shape[1]), dtype=np.int64)
        seq[:cap] = self.seq
        self.seq = seq
        self.hslot = np.full(4 * new, -1, dtype=np.int64)
        req.rehash(self.hslot, self.owner, self.slen, self.seq, n)

    def step(self, row: int, code: int) -> int:
        """The row after one more card of ``code`` under ``row`` (``DEAD``: the noble can no longer be met)."""
        while (nid := req.step(*self.args(), row, code)) == req.FULL:
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
    from cardgen.jit import code_key  # every source the compiled checkers depend on, fastreq.py's included
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
                data = {name: npz[name] for name in ("trans", "need", "owner", "slen", "seq", "meta", "roots")}
        except Exception:  # a damaged entry is only a missed cache
            continue
        return data  # its shapes are checked against the table (``NobleTables._restore``)
    return None


def store_tables() -> None:
    """Store each shared table that computed transitions since it was loaded (at exit; forked
    workers exit without it, and a concurrent writer only replaces a whole entry)."""
    from cardgen.cache import store_entry
    for tables in list(_SHARED.values()):
        if int(tables.meta[req.M_SEARCHES]) > tables.stored_searches and tables.rows <= MAX_STORED_ROWS:
            store_entry(tables.stored(), _entry(tables.key), _folders())
            tables.stored_searches = int(tables.meta[req.M_SEARCHES])


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


# -- one row of ``play_many``'s results ---------------------------------------------------------
(R_END, R_STATUS, R_TURNS, R_ROUNDS, R_NGAPS, R_PEAK_UNDER, R_RESHUFFLE_PEAK, R_FINISHED, R_TIE) = range(9)
R_SCORES = 9  # then the scores, then whether each seat won


@njit(cache=True)
def play_many(seeds, kinds, first, cap, record, s, off, G, W, H, mt, amt, init_pile, init_solo, actions, r_out,
              g_rows):
    """Play games ``first..`` of ``seeds`` (seat kinds ``kinds[i]``, ``compiled_rules.AGENT_*``) in the
    position buffer ``s``, one row of ``r_out`` each (``R_*``), their gap events appended to ``g_rows``
    (game row, kind, three numbers), a tie the dish cards do not break as one more event (``GAP_TIE``,
    the seats as a bit mask). The last game's position, gaps, piles and actions stay in the buffers.

    Stops before a game whose gaps might not fit in ``g_rows``, or at a game the noble table has no
    room for (``st[S_STATUS]`` FULL: grow it, call again from there); returns (next game, gap rows used).
    """
    V = core.fields(s, off)
    st, score = V[core.F_ST], V[core.F_SCORE]
    gaps, miss = W[2], W[4]
    players = G[core.G_CFG][core.C_PLAYERS]
    win = np.zeros(players, dtype=np.int64)
    g = 0
    for i in range(first, seeds.shape[0]):
        if g + gaps.shape[0] + 1 > g_rows.shape[0]:
            return i, g
        fastrng.seed(mt, np.uint64(seeds[i]))
        fastrng.seed_agents(amt, np.uint64(seeds[i]))
        core.deal(V, G, W, mt, init_pile, init_solo)
        miss[core.MISS_RESUME] = core.RESUME_STEP
        miss[core.MISS_LEFT] = cap
        if core.play_out(V, G, W, H, mt, amt, kinds[i], 0.0, record, actions) == core.FULL:
            st[core.S_STATUS] = core.FULL
            return i, g
        if st[core.S_END] == core.PLAYING and st[core.S_STATUS] == 0:
            st[core.S_STATUS] = core.CAPPED
        out = r_out[i]
        out[R_END] = st[core.S_END]
        out[R_STATUS] = st[core.S_STATUS]
        out[R_TURNS] = st[core.S_TURNS]
        out[R_ROUNDS] = st[core.S_ROUNDS]
        out[R_NGAPS] = st[core.S_NGAPS]
        out[R_PEAK_UNDER] = st[core.S_PEAK_UNDER]
        out[R_RESHUFFLE_PEAK] = st[core.S_RESHUFFLE_PEAK]
        out[R_FINISHED] = st[core.S_FINISHED]
        out[R_SCORES:R_SCORES + players] = score
        for j in range(min(st[core.S_NGAPS], gaps.shape[0])):
            g_rows[g, 0] = i
            g_rows[g, 1:] = gaps[j]
            g += 1
        out[R_TIE] = core.TIE_NONE
        if st[core.S_STATUS] == 0 and st[core.S_END] != core.PLAYING and st[core.S_END] < core.STALLED:
            out[R_TIE] = core.winners(V, G, win)
            out[R_SCORES + players:] = win
            if out[R_TIE] == core.TIE_SHARED:
                g_rows[g, 0] = i
                g_rows[g, 1] = core.GAP_TIE
                g_rows[g, 2:] = 0
                for p in range(players):
                    g_rows[g, 2] |= win[p] << p
                g += 1
                if G[core.G_CFG][core.C_G_TIE] == core.UNSETTLED:
                    out[R_END] = core.STALLED + core.GAP_TIE
    return seeds.shape[0], g


class RoyaleFast(FastEngine):
    """The compiled tier of one Royale deck at one player count."""

    agents = frozenset(_AGENTS)

    def __init__(self, game: RoyaleGame) -> None:
        self.game = g = game
        r = g.rules
        players = g.players
        ncards = len(g.card_ids)
        nslots = max((len(x) for x in g.noble_ids), default=0) or 1
        self.nslots = nslots
        nlines = len(g.lines)
        nimp = max((len(t) for t in g.imposter_takes), default=0)
        a_place = nlines + nimp
        cfg = np.zeros(core.CFG_SIZE, dtype=np.int64)
        for slot, value in ((core.C_PLAYERS, players), (core.C_CARDS, ncards), (core.C_CELLS, g.ncells),
                            (core.C_LINES, nlines), (core.C_SLOTS, nslots), (core.C_SOLO, g.solo),
                            (core.C_USES_END, g.uses_end), (core.C_PACKETS, r.packets),
                            (core.C_SETUP_POS, r.end_packet_setup), (core.C_RESHUFFLE_POS, r.end_packet_reshuffle),
                            (core.C_END_DRAWS, r.end_card_draws), (core.C_SOLO_TURNS, r.solo_turns),
                            (core.C_GHOST, r.ghost_cards_per_turn), (core.C_VOLUNTARY, r.voluntary_clearing),
                            (core.C_NSOLO, len(g.solo_ids)), (core.C_A_PLACE, a_place),
                            (core.C_A_CLEAR, a_place + ncards * nslots),
                            (core.C_A_STOP, a_place + ncards * nslots + nslots)):
            cfg[slot] = int(value)
        clar = g.deck.clarifications
        self._settled = {kind: kind in clar for kind in _GAP_NAMES.values()}
        for kind, (slot, codes) in _GAP_CFG.items():
            cfg[slot] = core.UNSETTLED if kind not in clar else codes.get(clar[kind].resolution, 0)
        cfg[core.C_G_TIE] = 0 if "tie_after_tiebreak" in clar else core.UNSETTLED
        self.cfg = cfg
        self.lines, self.line_len = _rows([c for _, c in g.lines])
        iw = max([len(c) for t in g.imposter_takes for _, c in t] + [1])
        self.imp_cells = np.zeros((players, max(nimp, 1), iw), dtype=np.int64)
        self.imp_len = np.zeros((players, max(nimp, 1)), dtype=np.int64)
        self.imp_count = np.array([len(t) for t in g.imposter_takes], dtype=np.int64)
        for p, takes in enumerate(g.imposter_takes):
            if takes:
                self.imp_cells[p, :len(takes)], self.imp_len[p, :len(takes)] = _rows([c for _, c in takes], iw)
        self.solo_cells, self.solo_len = _rows(g.solo_cells)
        # nobles: code of every card per slot, checker rows, points
        self.tables = tables = noble_tables(g)
        self.codes = np.zeros((players * nslots, max(ncards, 1)), dtype=np.int64)
        self.root = np.full(players * nslots, -1, dtype=np.int64)
        self.points = np.zeros(players * nslots, dtype=np.int64)
        for p in range(players):
            for s, chk in enumerate(g.checkers[p]):
                self.root[p * nslots + s] = tables.roots[tables.index[id(chk)]]
                self.codes[p * nslots + s, :ncards] = g.codes[p][s]
                self.points[p * nslots + s] = g.points[p][s]
        self.imp_uses = np.array([r.imposter_uses if g.imposter_id[p] else 0 for p in range(players)],
                                 dtype=np.int64)
        self.values = core.values(tables.need, self.root, self.points, int(tables.ck[:, req.K_HIGH].max()))
        # action id -> the reference's action tuple (imposter ids per seat)
        self.action_of: list[Action] = list(g.line_actions) + [None] * nimp  # type: ignore[list-item]
        self.action_of += [g.place_actions[c][s] for c in range(ncards) for s in range(nslots)]
        self.action_of += [("clear", s) for s in range(nslots)] + [STOP]
        self.imp_actions = [list(a) for a in g.imposter_actions]
        # the position and working arrays
        self.off, self.size = core.layout(players, ncards, g.ncells, nslots, len(g.solo_ids))
        self.s = np.zeros(self.size, dtype=np.int64)
        V = core.fields(self.s, self.off)
        self.st = V[core.F_ST]
        z = lambda n: np.zeros(max(n, 1), dtype=np.int64)  # noqa: E731
        self.mt = np.zeros(625, dtype=np.uint32)
        self.amt = np.zeros(625, dtype=np.uint32)
        self.init_pile = z(ncards + 2)
        self.init_solo = z(len(g.solo_ids))
        nlegal = nlines + nimp + (g.ncells + 1) * nslots + nslots + 2
        self.max_hand = hand = max([len(c) for _, c in g.lines] + [len(c) for t in g.imposter_takes for _, c in t]
                                   + [1])
        miss = z(5)  # shared by W and H: a transition a kernel needs (``compiled_rules.MISS_*``)
        self._w = (z(ncards + 2), z(ncards + 2), z(nlegal), miss)
        cards = (max(ncards, 1), nslots)
        # the heuristic's scratch: the open nobles (slot, row, empty row), their values, the
        # moved rows, cards, tied picks, slot -> open noble, each card's gains, next rows and ranking,
        # the planner's stack (next card, card, noble, row and mask to restore) and its totals
        self.H = (np.zeros((3, nslots), dtype=np.int64), np.zeros(nslots), z(nslots), z(max(hand, g.ncells)),
                  z(nlegal), z(nslots), np.zeros(cards), np.zeros(cards, dtype=np.int64),
                  np.zeros(cards, dtype=np.int64), np.zeros((5, hand + 1), dtype=np.int64), np.zeros(hand + 1), miss)
        self._kinds: dict[tuple[str, ...], np.ndarray] = {}
        self._cap = -1
        self._buffers(1)

    def G(self) -> tuple:
        """What the kernels read (``compiled_rules.G_*``): static tables and the noble table's arrays as they are now."""
        return (self.cfg, self.lines, self.line_len, self.imp_cells, self.imp_len, self.imp_count, self.solo_cells,
                self.solo_len, self.codes, self.root, self.points, self.tables.args(), self.values, self.imp_uses)

    def _buffers(self, cap: int) -> None:
        """Gap and action buffers big enough for ``cap`` decisions (with the kernels' work arrays: ``W``)."""
        if cap <= self._cap:
            return
        self._cap = cap
        self.gaps = np.zeros((2 * cap + 64, 4), dtype=np.int64)
        self.actions = np.zeros((cap + 1, 2), dtype=np.int64)
        work, work2, legal, miss = self._w
        self.W = (work, work2, self.gaps, legal, miss)

    def _play_many(self, seeds: np.ndarray, kinds: np.ndarray, cap: int, record: bool, r_out: np.ndarray,
                   g_rows: np.ndarray) -> list[np.ndarray]:
        """``play_many`` over every game, the noble table grown whenever it is full; the gap rows in chunks."""
        chunks, first = [], 0
        while first < len(seeds):
            first, used = play_many(seeds, kinds, first, cap, record, self.s, self.off, self.G(), self.W, self.H,
                                    self.mt, self.amt, self.init_pile, self.init_solo, self.actions, r_out, g_rows)
            chunks.append(g_rows[:used].copy())
            if first < len(seeds) and self.st[core.S_STATUS] == core.FULL:
                self.tables.grow()
        return chunks

    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        kinds = self._kinds.get(tuple(agents))
        if kinds is None:
            _announce_compile()
            kinds = self._kinds[tuple(agents)] = np.array([_AGENTS[a] for a in agents], dtype=np.int64)
        if cap > self._cap:
            self._buffers(cap)
        r_out = np.zeros((1, R_SCORES + 2 * self.game.players), dtype=np.int64)
        self._play_many(np.array([seed], dtype=np.uint64), kinds[None], cap, record, r_out,
                        np.zeros((self.gaps.shape[0] + 1, 5), dtype=np.int64))
        g = self.game
        st = self.st.tolist()
        ngaps = st[core.S_NGAPS]
        gaps = [self._gap(row) for row in self.gaps[:ngaps].tolist()]
        end = st[core.S_END]
        peak: dict[str, int] = {}
        if st[core.S_RESHUFFLE_PEAK] >= 0:
            peak["pile_after_reshuffle"] = st[core.S_RESHUFFLE_PEAK]
        if st[core.S_FINISHED]:
            peak["cards_under_a_noble"] = st[core.S_PEAK_UNDER]
        result = GameResult(seed, list(agents), "", False, gaps, st[core.S_TURNS], st[core.S_ROUNDS], peak=peak)
        if record:
            piles: dict[str, list[str]] = {}
            if st[core.S_INIT_LEN] >= 0:
                ids, end_id = g.card_ids, g.end_id
                piles["dish_pile"] = [end_id if c == core.END else ids[c]  # type: ignore[misc]
                                      for c in self.init_pile[:st[core.S_INIT_LEN]].tolist()]
                if g.solo:
                    piles["solo_pile"] = [g.solo_ids[i] for i in self.init_solo[:len(g.solo_ids)].tolist()]
            result.initial_piles = piles
            action_of, imp, nlines = self.action_of, self.imp_actions, len(g.lines)
            result.actions = [(p, imp[p][a - nlines] if action_of[a] is None else action_of[a])
                              for p, a in self.actions[:st[core.S_DECISIONS]].tolist()]
        status = st[core.S_STATUS]
        if end == core.PLAYING or status in (core.CAPPED, core.NO_LEGAL):
            if status == core.CAPPED:
                result.end_reason = "safety_cap"
                detail = f"no end condition after {cap} decisions"
            else:
                result.end_reason = "no_legal_action"
                detail = f"seat {st[core.S_PLAYER]} has no legal action after {st[core.S_DECISIONS]} decisions"
            result.engine_gaps = len(gaps)
            gaps.append((result.end_reason, False, detail))
            return result
        if end >= core.STALLED:
            result.end_reason = "stalled:" + _GAP_NAMES[end - core.STALLED]
            result.engine_gaps = len(gaps)
            return result
        row = r_out[0].tolist()
        winners = [p for p in range(g.players) if row[R_SCORES + g.players + p]]
        tie = row[R_TIE]
        if tie == core.TIE_SHARED:
            settled = self._settled["tie_after_tiebreak"]
            gaps.append(("tie_after_tiebreak", settled, f"seats {winners}"))
            if not settled:
                result.end_reason = "stalled:tie_after_tiebreak"
                result.engine_gaps = len(gaps)
                return result
        result.engine_gaps = len(gaps)
        result.end_reason = _END_NAMES[end]
        result.scores = [float(s) for s in row[R_SCORES:R_SCORES + g.players]]
        result.winners = winners
        result.tie_break = None if tie == core.TIE_NONE else self._TIE_NAMES[tie]
        result.completed = True
        return result

    batch = True

    #: batch codes: ``compiled_rules`` end codes (stalls at ``STALLED + gap kind``), tie-breaks, peaks
    _BATCH_ENDS = ["playing"] + [_END_NAMES.get(c, "") for c in range(1, core.STALLED)] + \
        ["stalled:" + _GAP_NAMES[k] for k in sorted(_GAP_NAMES)]
    _TIE_NAMES = ["most_dish_cards", "most_dish_cards, then shared"]
    _PEAK_NAMES = ["pile_after_reshuffle", "cards_under_a_noble"]

    def play_batch(self, seeds: np.ndarray, agents: tuple[str, ...], seats: np.ndarray, cap: int) -> BatchResult:
        """``play`` for many games in one compiled loop (see ``FastEngine.play_batch``).

        Games ``play`` ends in Python (a safety cap, no legal action, more gap events
        than the buffer holds) are played again by ``play`` and handed over in ``extra``.
        """
        if cap > self._cap:
            self._buffers(cap)
        _announce_compile()
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        n, players = len(seeds), self.game.players
        kinds = np.array([_AGENTS[a] for a in agents], dtype=np.int64)[seats]
        r_out = np.zeros((n, R_SCORES + 2 * players), dtype=np.int64)
        g_rows = np.zeros((self.gaps.shape[0] + 4 * n + 64, 5), dtype=np.int64)
        chunks = self._play_many(seeds, kinds, cap, False, r_out, g_rows)
        rows = np.concatenate(chunks) if chunks else np.zeros((0, 5), dtype=np.int64)
        end = r_out[:, R_END]
        special = (r_out[:, R_STATUS] != 0) | (end == core.PLAYING) | (r_out[:, R_NGAPS] > self.gaps.shape[0])
        completed = (r_out[:, R_FINISHED] != 0) & (end < core.STALLED) & ~special
        peaks = r_out[:, [R_RESHUFFLE_PEAK, R_PEAK_UNDER]]
        seen = np.stack([peaks[:, 0] >= 0, r_out[:, R_FINISHED] != 0], axis=1)
        extra = {int(i): self.play(int(seeds[i]), [agents[a] for a in seats[i]], cap, False)
                 for i in np.flatnonzero(special)}
        settled = np.array([self._settled[_GAP_NAMES[c]] for c in sorted(_GAP_NAMES)], dtype=bool)
        return BatchResult(
            seeds=seeds.astype(np.int64), agents=tuple(agents), seats=seats, end=end, end_names=self._BATCH_ENDS,
            completed=completed, turns=r_out[:, R_TURNS], rounds=r_out[:, R_ROUNDS],
            scores=r_out[:, R_SCORES:R_SCORES + players].astype(np.float64),
            winners=r_out[:, R_SCORES + players:] != 0, tie=r_out[:, R_TIE], tie_names=self._TIE_NAMES,
            peaks=peaks, peak_seen=seen, peak_names=self._PEAK_NAMES, gap_game=rows[:, 0], gap_kind=rows[:, 1],
            gap_settled=settled[rows[:, 1]], gap_args=rows[:, 2:], gap_kinds=[_GAP_NAMES[c] for c in sorted(_GAP_NAMES)],
            gap_detail=self._detail, extra=extra)

    def _detail(self, code: int, args: list[int]) -> str:
        """A batch gap event's detail, as the reference words it."""
        if code == core.GAP_TIE:
            return f"seats {[p for p in range(self.game.players) if args[0] >> p & 1]}"
        return self._gap([code, *args])[2]

    def _gap(self, row: list[int]) -> tuple[str, bool, str]:
        """A recorded gap as the reference engine words it."""
        code, a, b, c = row
        kind = _GAP_NAMES[code]
        if code == core.GAP_UNEVEN:
            detail = f"{a} cards into {b} packets"
        elif code == core.GAP_SHORT:
            nlines = len(self.game.lines)
            action = self.action_of[a] if a < nlines else self.imp_actions[b][a - nlines]
            detail = f"{action!r} holds {c} card(s)"
        else:
            detail = f"turn {a}"
        return kind, self._settled[kind], detail


def fast_engine(deck: "ResolvedDeck", players: int) -> FastEngine | str:
    """The compiled tier for ``deck`` at ``players``, or a one-line reason it cannot play it."""
    try:
        game = RoyaleGame(deck, players)
    except Exception as exc:  # the reference cannot set up either; the simulator reports it there
        return f"the Royale engine cannot set up {deck.id} at {players} players ({exc})"
    return RoyaleFast(game)


def _rows(cells: list, width: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Lists of cells as one padded table and their lengths (at least one row, ``width`` columns)."""
    width = max([len(c) for c in cells] + [width, 1])
    table = np.zeros((max(len(cells), 1), width), dtype=np.int64)
    lens = np.zeros(max(len(cells), 1), dtype=np.int64)
    for i, c in enumerate(cells):
        lens[i] = len(c)
        table[i, :len(c)] = c
    return table, lens
