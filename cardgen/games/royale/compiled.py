"""Royale's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``RoyaleFast`` plays exactly the reference games (``engine.py`` with the ``random`` and
``heuristic`` agents): ``_play``, one game on the kernels of ``compiled_rules.py`` (``deal``,
then ``play_out``) with the peaks and the tie the dish cards leave, is bound into
``cardgen.engine.batch``'s loop over many games, which reports them (``BatchEngine``); a
full noble table stops the loop, grows, and the game is played again. Its tables come
from the reference ``RoyaleGame`` of the resolved deck (cells of every line and of each
seat's imposter placements, solo cards, noble points, rule numbers, the deck's gap
resolutions), so any variant that changes numbers, counts or card data runs on it. Noble requirements are the reference's own checkers compiled for
numba (``compiled_require``, its ``NobleTables``): their states are computed inside the loop.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.engine import batch, fastrng
from cardgen.engine.api import Action, FastEngine, GameResult
from cardgen.engine.batch import (CAPPED, NO_LEGAL, PLAYED, R_DECISIONS, R_END, R_GAPS, R_ROUNDS, R_SCORES, R_SEAT,
                                  R_STOP, R_TIE, R_TURNS, BatchEngine)
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale import compiled_require as req
from cardgen.games.royale.agents import noble_value
from cardgen.games.royale.engine import STOP, RoyaleGame
from cardgen.games.royale.rules import TIE_NAMES, TIE_NONE, TIE_SHARED
from cardgen.jit import bind

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

_END_NAMES = {core.BANQUET_OVER: "banquet_over", core.SUPPLY_EXHAUSTED: "supply_exhausted",
              core.ALL_NOBLES: "all_nobles", core.TURNS_DONE: "turns_done",
              core.SOLO_EXHAUSTED: "solo_cards_exhausted"}


@njit(cache=True)
def results(V, G, W, win, out):
    """The row of a game played to where it stopped (``out[R_STOP]`` set) from its position's views ``V``: the end,
    turns, rounds, gaps, decisions, the seat to move, scores, peaks and, played to an end of the rules, its winners
    (into ``win`` too) and tie-break; a tie the dish cards do not break is one more gap event (``GAP_TIE``, the seats
    as a bit mask). ``_play``'s and a house rule's loop's (``compiled_house.house_play``) alike."""
    st, score = V[core.F_ST], V[core.F_SCORE]
    gaps = W[2]
    players = G[core.G_CFG][core.C_PLAYERS]
    end = st[core.S_END]
    out[R_END] = end
    out[R_TURNS] = st[core.S_TURNS]
    out[R_ROUNDS] = st[core.S_ROUNDS]
    out[R_GAPS] = st[core.S_NGAPS]
    out[R_DECISIONS] = st[core.S_DECISIONS]
    out[R_SEAT] = st[core.S_PLAYER]
    out[R_TIE] = TIE_NONE
    out[R_SCORES:R_SCORES + players] = score
    peaks = R_SCORES + 2 * players  # ``peak_names``' values, then whether each was seen
    out[peaks] = st[core.S_RESHUFFLE_PEAK]
    out[peaks + 1] = st[core.S_PEAK_UNDER]
    out[peaks + 2] = st[core.S_RESHUFFLE_PEAK] >= 0
    out[peaks + 3] = st[core.S_FINISHED] != 0
    if out[R_STOP] == PLAYED and end < core.STALLED:
        out[R_TIE] = core.result((V, G, None, None), win)
        out[R_SCORES + players:R_SCORES + 2 * players] = win
        if out[R_TIE] == TIE_SHARED:
            n = st[core.S_NGAPS]
            if n < gaps.shape[0]:
                gaps[n, 0] = core.GAP_TIE
                gaps[n, 1:] = 0
                for p in range(players):
                    gaps[n, 1] |= win[p] << p
            out[R_GAPS] = n + 1
            if G[core.G_CFG][core.C_GAPS + core.GAP_TIE] == core.UNSETTLED:
                out[R_END] = core.STALLED + core.GAP_TIE


@njit(cache=True)
def _play(seed, kinds, cap, record, ctx, actions, out):
    """Play the game seeded ``seed`` (seat kinds ``compiled_rules.AGENT_*``) over ``compiled_rules``' kernels
    (``deal``, then ``play_out``) in the position buffer ``s`` into ``out`` (``cardgen.engine.batch``'s row:
    ``results``). The position, gaps, piles and actions stay in the buffers.

    False at a game the noble table has no room for (``st[S_STATUS]`` FULL: grow it, play it again).
    """
    s, off, G, W, H, mt, amt, win = ctx
    V = core.fields(s, off)
    st, miss = V[core.F_ST], W[4]
    fastrng.seed(mt, np.uint64(seed))
    fastrng.seed_agents(amt, np.uint64(seed))
    core.deal(V, G, W, mt)
    miss[core.MISS_RESUME] = core.RESUME_STEP
    miss[core.MISS_LEFT] = cap
    if core.play_out(V, G, W, H, mt, amt, (kinds, 0.0, record, actions)) == core.FULL:
        st[core.S_STATUS] = core.FULL
        return False
    status, end = st[core.S_STATUS], st[core.S_END]
    if status == core.NO_LEGAL:
        out[R_STOP] = NO_LEGAL
    elif status == core.CAPPED or end == core.PLAYING:
        out[R_STOP] = CAPPED
    else:
        out[R_STOP] = PLAYED
    results(V, G, W, win, out)
    return True


play_many = bind(batch.play_many, "royale", None, play_one=_play)


class RoyaleFast(BatchEngine):
    """The compiled tier of one Royale deck at one player count."""

    title = "Royale fast engine"
    agent_codes = {"random": core.AGENT_RANDOM, "heuristic": core.AGENT_HEURISTIC}
    #: ``compiled_rules`` end codes (stalls at ``STALLED + gap kind``)
    end_names = ["playing"] + [_END_NAMES.get(c, "") for c in range(1, core.STALLED)] + \
        ["stalled:" + kind for kind in core.GAP_KINDS]
    tie_names = list(TIE_NAMES)
    peak_names = ["pile_after_reshuffle", "cards_under_a_noble"]
    gap_kinds = list(core.GAP_KINDS)
    loop = staticmethod(play_many)

    def __init__(self, game: RoyaleGame) -> None:
        super().__init__(game, [kind in game.deck.clarifications for kind in core.GAP_KINDS])
        g = game
        players = g.players
        ncards = len(g.card_ids)
        nslots = max((len(x) for x in g.noble_ids), default=0) or 1
        self.nslots = nslots
        nlines = len(g.lines)
        nimp = max((len(t) for t in g.imposter_takes), default=0)
        cfg = np.array(g.cfg, dtype=np.int64)  # the rules' numbers, as the engine reads them
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
        self.imp_uses = np.array(g.imposter_uses, dtype=np.int64)
        # ``agents.noble_value`` of slot k with cards that still need nd more, ``[k, nd]``: a table, not a
        # division in the planner's innermost loop; column -1 (need DEAD: an empty noble that cannot be met) 0
        high = int(tables.ck[:, req.K_HIGH].max())
        self.values = np.zeros((len(self.root), high + 2))
        for k, r in enumerate(self.root.tolist()):
            if r >= 0:
                start = int(tables.need[r])
                self.values[k, :high + 1] = [noble_value(int(self.points[k]), nd, start) for nd in range(high + 1)]
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
        # the heuristic's scratch: the open nobles (slot, row, empty row), the moved rows, cards, tied
        # picks, slot -> open noble, each card's gains, next rows and ranking, the planner's stack (next
        # card, card, noble, row and mask to restore) and its totals
        self.H = (np.zeros((3, nslots), dtype=np.int64), z(nslots), z(max(hand, g.ncells)),
                  z(nlegal), z(nslots), np.zeros(cards), np.zeros(cards, dtype=np.int64),
                  np.zeros(cards, dtype=np.int64), np.zeros((5, hand + 1), dtype=np.int64), np.zeros(hand + 1), miss)
        self._win = np.zeros(players, dtype=np.int64)
        self._ready(1)  # ``W``, which searches read too

    def action(self, seat: int, a: int) -> Action:
        """The reference action of id ``a`` for ``seat`` (imposter ids are the seat's own)."""
        x = self.action_of[a]
        return self.imp_actions[seat][a - len(self.game.lines)] if x is None else x

    def G(self) -> tuple:
        """What the kernels read (``compiled_rules.G_*``): static tables and the noble table's arrays as they are now."""
        return (self.cfg, self.lines, self.line_len, self.imp_cells, self.imp_len, self.imp_count, self.solo_cells,
                self.solo_len, self.codes, self.root, self.points, self.tables.args(), self.values, self.imp_uses)

    def _room(self, cap: int) -> None:
        """The gap buffer for ``cap`` decisions, in the kernels' work arrays ``W``."""
        self.gaps = np.zeros((2 * cap + 64, 4), dtype=np.int64)
        work, work2, legal, miss = self._w
        self.W = (work, work2, self.gaps, legal, miss, self.init_pile, self.init_solo)

    def _context(self) -> tuple[tuple, np.ndarray]:
        return (self.s, self.off, self.G(), self.W, self.H, self.mt, self.amt,
                self._win), self.gaps

    def _resume(self) -> None:
        """The noble table was full: grow it (the game it stopped at is played again)."""
        if self.st[core.S_STATUS] == core.FULL:
            self.tables.grow()

    def _record(self, result: GameResult, decisions: int) -> None:
        g = self.game
        piles: dict[str, list[str]] = {}
        if self.st[core.S_INIT_LEN] >= 0:
            ids, end_id = g.card_ids, g.end_id
            piles["dish_pile"] = [end_id if c == core.END else ids[c]  # type: ignore[misc]
                                  for c in self.init_pile[:self.st[core.S_INIT_LEN]].tolist()]
            if g.solo:
                piles["solo_pile"] = [g.solo_ids[i] for i in self.init_solo[:len(g.solo_ids)].tolist()]
        result.initial_piles = piles
        result.actions = [(p, self.action(p, a)) for p, a in self.actions[:decisions].tolist()]

    def _gap_detail(self, code: int, args: list[int]) -> str:
        a, b, c = args
        if code == core.GAP_TIE:
            return f"seats {[p for p in range(self.players) if a >> p & 1]}"
        if code == core.GAP_UNEVEN:
            return f"{a} cards into {b} packets"
        if code == core.GAP_SHORT:
            return f"{self.action(b, a)!r} holds {c} card(s)"
        return f"turn {a}"


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
