"""Royale's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``RoyaleFast`` plays exactly the reference games (``engine.py`` with the
``random`` agent) through the numba loop of ``fastcore.py``. Its tables come from
the reference ``RoyaleGame`` of the resolved deck (cells of every line and of each
seat's imposter placements, solo cards, noble points, rule numbers, the deck's gap
resolutions), so any variant that changes numbers, counts or card data runs on it.
Noble requirements are the reference's own checkers, read into a transition table
that fills itself as games need it (``fastcore`` module docstring).
"""
from __future__ import annotations

import atexit
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cardgen.engine.api import Action, FastEngine, GameResult
from cardgen.errors import InputError
from cardgen.fileio import write_atomic
from cardgen.games.royale import fastcore as core
from cardgen.games.royale import require
from cardgen.games.royale.engine import STOP, RoyaleGame
from cardgen.games.royale.require import DEAD, Checker

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
_AGENTS = {"random": 0}

_announced = False


def _is_cached() -> bool:
    """Whether numba's disk cache holds the compiled loop (numba internals: best effort)."""
    try:
        return Path(core.play._cache._cache_file._index_path).is_file()
    except AttributeError:
        return False


def _announce_compile() -> None:
    """Say once per process that numba compiles, when its disk cache does not hold the loop yet."""
    global _announced
    if _announced:
        return
    _announced = True
    if not _is_cached():
        print("compiling the Royale fast engine (first run only)…", file=sys.stderr, flush=True)


#: where learned noble tables are kept between processes (next to numba's cache); None: nowhere
CACHE_DIR: Path | None = Path(os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).parent / "__pycache__")
_FORMAT = "royale-nobles/2"
#: seconds between two saves of a table that learned something
SAVE_EVERY = 30.0


def _checker_key(chk: Checker) -> str:
    """A name for one checker's table on disk: its requirement, its card codes and the checker's own code."""
    source = Path(require.__file__).read_bytes()
    data = json.dumps([_FORMAT, chk.face.model_dump(mode="json"), sorted(chk.class_of.items()), chk.avail,
                       chk.vmin, chk.vmax, chk.ncodes], sort_keys=True)
    return hashlib.sha256(source + data.encode()).hexdigest()[:24]


class _Table:
    """The checkers' states as rows of one transition table, grown on demand.

    A row is (checker, the cards under the noble as the checker keys them), so rows
    learned in another process (read from ``CACHE_DIR``) need no Python search until
    a game asks for a transition none has learned yet.
    """

    def __init__(self, ncodes: int) -> None:
        self.ncodes = ncodes
        self.trans = np.full((64, ncodes), core.UNKNOWN, dtype=np.int64)
        self.complete = np.zeros(64, dtype=np.bool_)
        self.rows: dict[tuple[int, tuple[int, ...]], int] = {}
        self.of_row: list[tuple[int, tuple[int, ...]]] = []
        self.need: list[int] = []  # the checker's need of each row's cards
        self.checkers: list[Checker] = []
        self.keys: list[str] = []
        self._index: dict[int, int] = {}
        self.dirty: set[int] = set()
        self.saved = time.monotonic()

    def checker_index(self, chk: Checker) -> int:
        """The index of ``chk``: new checkers bring the rows saved on disk and the ones their Python side knows."""
        k = self._index.get(id(chk))
        if k is not None:
            return k
        k = self._index[id(chk)] = len(self.checkers)
        self.checkers.append(chk)
        self.keys.append(_checker_key(chk))
        self._load(k)
        for key, nid in list(chk.trans.items()):
            sid, code = divmod(key, chk.ncodes)
            r = self.row(k, chk.states[sid], chk.need[sid])
            self.trans[r, code] = core.DEAD if nid == DEAD else self.row(k, chk.states[nid], chk.need[nid])
        return k

    def row(self, k: int, cards: tuple[int, ...], need: int) -> int:
        """The row of checker ``k`` holding ``cards``, whose checker state has ``need`` (added if new)."""
        r = self.rows.get((k, cards))
        if r is None:
            r = self.rows[(k, cards)] = len(self.of_row)
            self.of_row.append((k, cards))
            self.need.append(need)
            if r >= self.trans.shape[0]:
                grow = np.full((2 * r, self.ncodes), core.UNKNOWN, dtype=np.int64)
                grow[:r] = self.trans[:r]
                self.trans = grow
                self.complete = np.concatenate([self.complete, np.zeros(2 * r - len(self.complete), np.bool_)])
            self.complete[r] = need == 0
        return r

    def learn(self, r: int, code: int) -> None:
        """Ask the Python checker for the transition (row ``r``, ``code``).

        Only the transition a game needs: asking for a whole row computes states no game
        reaches, which costs more than replaying the game (masked nobles)."""
        k, cards = self.of_row[r]
        chk = self.checkers[k]
        sid = chk._index.get(cards)
        if sid is None:  # a row read from disk: the checker takes its state as it computed it then
            sid = len(chk.states)
            chk.states.append(cards)
            chk.need.append(self.need[r])
            chk._index[cards] = sid
        nid = chk.step(sid, code)
        self.trans[r, code] = core.DEAD if nid == DEAD else self.row(k, chk.states[nid], chk.need[nid])
        self.dirty.add(k)

    # -- the disk cache ------------------------------------------------------------------
    def _path(self, k: int) -> Path | None:
        return None if CACHE_DIR is None else CACHE_DIR / f"royale-nobles-{self.keys[k]}.json"

    def _load(self, k: int) -> None:
        path = self._path(k)
        if path is None:
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            cards, need, edges = data["cards"], data["need"], data["trans"]
            rows = [self.row(k, tuple(c), int(n)) for c, n in zip(cards, need)]
            for a, code, b in edges:
                self.trans[rows[a], code] = core.DEAD if b < 0 else rows[b]
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return  # no cache, or one we cannot read: learn again

    def save(self, force: bool = False) -> None:
        """Write the tables of checkers that learned something (atomically; at most every ``SAVE_EVERY`` s)."""
        if not self.dirty or CACHE_DIR is None or (not force and time.monotonic() - self.saved < SAVE_EVERY):
            return
        self.saved = time.monotonic()
        owner = np.array([k for k, _ in self.of_row], dtype=np.int64)
        n = len(owner)
        for k in sorted(self.dirty):
            mine = np.nonzero(owner == k)[0]
            local = np.full(n, -1, dtype=np.int64)
            local[mine] = np.arange(len(mine))
            sub = self.trans[mine]
            at, code = np.nonzero(sub != core.UNKNOWN)
            target = sub[at, code]
            target = np.where(target == core.DEAD, -1, local[np.maximum(target, 0)])
            edges = np.stack([at, code, target], axis=1).tolist()
            mine = mine.tolist()
            data = {"format": _FORMAT, "cards": [list(self.of_row[r][1]) for r in mine],
                    "need": [self.need[r] for r in mine], "trans": edges}
            try:
                CACHE_DIR.mkdir(parents=True, exist_ok=True)
                write_atomic(self._path(k), json.dumps(data, separators=(",", ":")))  # type: ignore[arg-type]
            except (OSError, InputError):
                return  # a read-only install: the tier still works, it learns again next time
        self.dirty.clear()


_TABLES: dict[int, _Table] = {}


def _table(ncodes: int) -> _Table:
    """The process's table for checkers of ``ncodes`` card codes (shared by every engine)."""
    table = _TABLES.get(ncodes)
    if table is None:
        table = _TABLES[ncodes] = _Table(ncodes)
    return table


@atexit.register
def _save_all() -> None:
    for table in _TABLES.values():
        table.save(force=True)


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
        cfg = np.zeros(core.CFG_SIZE, dtype=np.int64)
        cfg[core.C_PLAYERS] = players
        cfg[core.C_CARDS] = ncards
        cfg[core.C_CELLS] = g.ncells
        cfg[core.C_LINES] = nlines
        cfg[core.C_SLOTS] = nslots
        cfg[core.C_SOLO] = int(g.solo)
        cfg[core.C_USES_END] = int(g.uses_end)
        cfg[core.C_PACKETS] = r.packets
        cfg[core.C_SETUP_POS] = r.end_packet_setup
        cfg[core.C_RESHUFFLE_POS] = r.end_packet_reshuffle
        cfg[core.C_END_DRAWS] = r.end_card_draws
        cfg[core.C_SOLO_TURNS] = r.solo_turns
        cfg[core.C_GHOST] = r.ghost_cards_per_turn
        cfg[core.C_VOLUNTARY] = int(r.voluntary_clearing)
        cfg[core.C_NSOLO] = len(g.solo_ids)
        nimp = max((len(t) for t in g.imposter_takes), default=0)
        cfg[core.C_A_PLACE] = a_place = nlines + nimp
        cfg[core.C_A_CLEAR] = a_clear = a_place + ncards * nslots
        cfg[core.C_A_STOP] = a_clear + nslots
        clar = g.deck.clarifications
        self._settled = {kind: kind in clar for kind in _GAP_NAMES.values()}
        for kind, (slot, codes) in _GAP_CFG.items():
            cfg[slot] = core.UNSETTLED if kind not in clar else codes.get(clar[kind].resolution, 0)
        self.cfg = cfg
        width = max([len(c) for _, c in g.lines] + [1])
        self.lines = np.zeros((max(nlines, 1), width), dtype=np.int64)
        self.line_len = np.zeros(max(nlines, 1), dtype=np.int64)
        for i, (_, cells) in enumerate(g.lines):
            self.line_len[i] = len(cells)
            self.lines[i, :len(cells)] = cells
        iw = max([len(c) for t in g.imposter_takes for _, c in t] + [1])
        self.imp_cells = np.zeros((players, max(nimp, 1), iw), dtype=np.int64)
        self.imp_len = np.zeros((players, max(nimp, 1)), dtype=np.int64)
        self.imp_count = np.array([len(t) for t in g.imposter_takes], dtype=np.int64)
        for p, takes in enumerate(g.imposter_takes):
            for t, (_, cells) in enumerate(takes):
                self.imp_len[p, t] = len(cells)
                self.imp_cells[p, t, :len(cells)] = cells
        nsolo = len(g.solo_ids)
        sw = max([len(c) for c in g.solo_cells] + [1])
        self.solo_cells = np.zeros((max(nsolo, 1), sw), dtype=np.int64)
        self.solo_len = np.zeros(max(nsolo, 1), dtype=np.int64)
        for i, cells in enumerate(g.solo_cells):
            self.solo_len[i] = len(cells)
            self.solo_cells[i, :len(cells)] = cells
        # nobles: code of every card per slot, checker rows, points
        ncodes = max([chk.ncodes for seat in g.checkers for chk in seat] + [1])
        self.table = table = _table(ncodes)
        self.codes = np.zeros((players * nslots, max(ncards, 1)), dtype=np.int64)
        self.root = np.full(players * nslots, -1, dtype=np.int64)
        self.points = np.zeros(players * nslots, dtype=np.int64)
        for p in range(players):
            for s, chk in enumerate(g.checkers[p]):
                k = table.checker_index(chk)
                self.root[p * nslots + s] = table.row(k, (), chk.need[0])
                self.codes[p * nslots + s, :ncards] = g.codes[p][s]
                self.points[p * nslots + s] = g.points[p][s]
        self.imp_uses = np.array([r.imposter_uses if g.imposter_id[p] else 0 for p in range(players)],
                                 dtype=np.int64)
        # action id -> the reference's action tuple (imposter ids per seat)
        self.action_of: list[Action] = list(g.line_actions) + [None] * nimp  # type: ignore[list-item]
        self.action_of += [g.place_actions[c][s] for c in range(ncards) for s in range(nslots)]
        self.action_of += [("clear", s) for s in range(nslots)] + [STOP]
        self.imp_actions = [list(a) for a in g.imposter_actions]
        # working arrays
        z = lambda n: np.zeros(max(n, 1), dtype=np.int64)  # noqa: E731
        self.mt = np.zeros(625, dtype=np.uint32)
        self.amt = np.zeros(625, dtype=np.uint32)
        self.st = z(core.ST_SIZE)
        self.grid = z(g.ncells)
        self.pile = z(ncards + 2)
        self.discard = z(ncards + 2)
        self.hand = z(g.ncells + 1)
        self.under = np.zeros((players * nslots, ncards + 1), dtype=np.int64)
        self.ulen = z(players * nslots)
        self.row = z(players * nslots)
        self.done = z(players * nslots)
        self.score = z(players)
        self.imp_left = z(players)
        self.solo_pile = z(nsolo)
        self.solo_rev = z(nsolo)
        self.work = z(ncards + 2)
        self.work2 = z(ncards + 2)
        self.legal = z(nlines + nimp + g.ncells * nslots + nslots + 2)
        self.init_pile = z(ncards + 2)
        self.init_solo = z(nsolo)
        self._pack()
        self._kinds: dict[tuple[str, ...], np.ndarray] = {}
        self._cap = -1
        self._buffers(1)

    def _pack(self) -> None:
        """Move the arrays of ``fastcore.LAYOUT`` into one buffer (the attributes become views of it)."""
        arrays = [np.ascontiguousarray(getattr(self, name), dtype=np.int64) for name in core.LAYOUT]
        self.offs = np.zeros((len(arrays), 4), dtype=np.int64)
        self.buf = np.zeros(sum(a.size for a in arrays), dtype=np.int64)
        at = 0
        for i, (name, a) in enumerate(zip(core.LAYOUT, arrays)):
            self.offs[i, 0] = at
            self.offs[i, 1:1 + a.ndim] = a.shape
            view = self.buf[at:at + a.size].reshape(a.shape)
            view[...] = a
            setattr(self, name, view)
            at += a.size

    def _buffers(self, cap: int) -> None:
        """Gap and action buffers big enough for ``cap`` decisions."""
        if cap <= self._cap:
            return
        self._cap = cap
        self.gaps = np.zeros((2 * cap + 64, 4), dtype=np.int64)
        self.actions = np.zeros((cap + 1, 2), dtype=np.int64)

    def _run(self, seed: int, kinds: np.ndarray, cap: int, record: bool) -> None:
        table = self.table
        while True:
            core.play(seed, kinds, cap, record, self.buf, self.offs, self.mt, self.amt, table.trans,
                      table.complete, self.gaps, self.actions)
            st = self.st
            if st[core.S_STATUS] != core.MISS:
                return
            table.learn(int(st[core.S_MISS_ROW]), int(st[core.S_MISS_CODE]))
            if table.dirty:
                table.save()

    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        kinds = self._kinds.get(tuple(agents))
        if kinds is None:
            _announce_compile()
            kinds = self._kinds[tuple(agents)] = np.array([_AGENTS[a] for a in agents], dtype=np.int64)
        if cap > self._cap:
            self._buffers(cap)
        self._run(seed, kinds, cap, record)
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
        reason = _END_NAMES[end]
        scores = self.score[:g.players].tolist()
        winner = st[core.S_WINNER]
        tie_break = None
        if g.solo:
            winners = [0]
        elif winner >= 0:
            winners = [winner]
        else:
            best = max(scores)
            winners = [p for p, s in enumerate(scores) if s == best]
            if len(winners) > 1:
                tie_break = "most_dish_cards"
                ulen = self.ulen.tolist()
                n = self.nslots
                dishes = {p: sum(ulen[p * n:(p + 1) * n]) for p in winners}
                most = max(dishes.values())
                winners = [p for p in winners if dishes[p] == most]
                if len(winners) > 1:
                    settled = "tie_after_tiebreak" in g.deck.clarifications
                    gaps.append(("tie_after_tiebreak", settled, f"seats {winners}"))
                    tie_break = "most_dish_cards, then shared"
                    if not settled:
                        result.end_reason = "stalled:tie_after_tiebreak"
                        result.engine_gaps = len(gaps)
                        return result
        result.engine_gaps = len(gaps)
        result.end_reason = reason
        result.scores = [float(s) for s in scores]
        result.winners = winners
        result.tie_break = tie_break
        result.completed = True
        return result

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
