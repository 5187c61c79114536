"""Royale's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``RoyaleFast`` plays exactly the reference games (``engine.py`` with the ``random`` and
``heuristic`` agents) by calling the kernels of ``compiled_rules.py`` (``deal``, then
``play_on``) from one numba loop over many games (``play_many``), which keeps what batch
play needs beyond the rules: the gap log, the peaks, the recorded actions, one row of
results per game. Its tables come from the reference ``RoyaleGame`` of the resolved deck
(cells of every line and of each seat's imposter placements, solo cards, noble points,
rule numbers, the deck's gap resolutions), so any variant that changes numbers, counts or
card data runs on it. Noble requirements are the reference's own checkers compiled for
numba (``compiled_require``, its ``NobleTables``): their states are computed inside the loop.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.engine.api import Action, BatchResult, FastEngine, GameResult
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale import compiled_require as req
from cardgen.games.royale.engine import STOP, RoyaleGame
from cardgen.jit import announce_compile

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

# -- one row of ``play_many``'s results ---------------------------------------------------------
(R_END, R_STATUS, R_TURNS, R_ROUNDS, R_NGAPS, R_PEAK_UNDER, R_RESHUFFLE_PEAK, R_FINISHED, R_TIE) = range(9)
R_SCORES = 9  # then the scores, then whether each seat won
#: the position's slot each of R_END .. R_FINISHED copies
_R_SLOTS = np.array([core.S_END, core.S_STATUS, core.S_TURNS, core.S_ROUNDS, core.S_NGAPS, core.S_PEAK_UNDER,
                     core.S_RESHUFFLE_PEAK, core.S_FINISHED], dtype=np.int64)


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
        for f in range(R_TIE):  # R_END .. R_FINISHED
            out[f] = st[_R_SLOTS[f]]
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
        self.tables = tables = req.noble_tables(g)
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

    def action(self, seat: int, a: int) -> Action:
        """The reference action of id ``a`` for ``seat`` (imposter ids are the seat's own)."""
        x = self.action_of[a]
        return self.imp_actions[seat][a - len(self.game.lines)] if x is None else x

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
            announce_compile("Royale fast engine", play_many)
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
            result.actions = [(p, self.action(p, a)) for p, a in self.actions[:st[core.S_DECISIONS]].tolist()]
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
        announce_compile("Royale fast engine", play_many)
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
            detail = f"{self.action(b, a)!r} holds {c} card(s)"
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
