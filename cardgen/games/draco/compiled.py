"""Draco & Co's compiled tier (``GameSpec.fast``): whole games on the kernels of ``compiled_rules.py``.

``DracoFast.play(seed, agents, cap, record)`` returns exactly the ``GameResult`` that
``cardgen.simulate.runner.play_game`` returns for the reference engine with the same
seed and agents (``random`` and ``heuristic``): same deal, same chance (the engine's
``random.Random(seed)`` and the agents' ``agent_rng(seed)`` through
``cardgen.engine.fastrng``), same legal actions in the same order, same gaps with the
same details, peaks, turns, rounds, scores and winners. ``tests/test_draco_fast.py``
compares both on hundreds of seeds per deck and player count.

The numba loop ``play_compiled`` is a game as the simulator plays it: ``deal``, then
``legal``, the seat's agent (``heuristic`` or a uniform draw), ``apply`` until the
end, every rule in ``compiled_rules``; the rule numbers turn the kernels' log on
(``tables(game, log=True)``): the gap events and the peaks. What is done once per game in
Python (the winners and their tie-break, gap wording, action codes back into the
reference's tuples) is done by ``DracoFast.play``; ``play_many`` runs many games in
one call for ``play_batch``. Compiled once per machine into numba's on-disk cache; a
line on stderr says so.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
from numba import njit

from cardgen.engine import fastrng as fr
from cardgen.engine.api import Action, BatchResult, FastEngine, GameResult
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco.compiled_rules import (A_MOVE, A_PLAY, A_TOAST, G_BANK, G_CANNOT, G_EMPTY, G_FINAL,
                                                G_NOTHING, G_RICHEST, GAP_KINDS, MAX_GAPS, NSC, PEAKS, S_END, S_NGAPS,
                                                S_ROUNDS, S_TURNS)
from cardgen.games.draco.engine import ARRANGE, BESIDE, DUEL, MOVE, SPLIT, STEAL, SWAP_ADJ, SWAP_ANY, DracoGame, DracoState
from cardgen.jit import announce_compile


@njit(cache=True, _nrt=False)
def _heuristic(V, G, H, rows, m, rng):  # type: ignore[no-untyped-def]
    """``cr.heuristic`` behind a call: inlined, its code crowded the random games' loop (+12 % CPU per game)."""
    return cr.heuristic(V, G, H, rows, m, rng)


@njit(cache=True, _nrt=False)
def play_compiled(seed, kinds, cap, record, s, G, E, H, mts, rows, actions, dealt):  # type: ignore[no-untyped-def]
    """One game into position ``s``; returns the number of decisions made.

    ``kinds[p]``: seat ``p``'s agent (0 random, 1 heuristic); ``mts``: the rules' and the
    agents' generators; ``actions`` gets rows ``[player, *legal row]`` with ``record``;
    ``dealt`` the initial piles. The log (gaps, peaks) is left in ``E``.
    """
    mt, amt = mts[0], mts[1]
    # ``fr.seed(mt, seed)`` and ``fr.seed_agents(amt, seed)``, side by side
    fr.seed_two(mt, seed, amt, (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    cr.deal(s, G, E, mt, dealt)
    V = cr._views(s, G[0])
    sc = V[0]
    decisions = 0
    while sc[S_END] == 0:
        if decisions >= cap:
            sc[S_END] = 2  # the simulator's safety cap
            break
        m = cr.legal(V, G, rows)
        p = cr.player(V)
        if kinds[p] == 1:
            i = _heuristic(V, G, H, rows, m, amt)
        else:
            i = fr.randbelow_inline(amt, m)
        if record:
            actions[decisions, 0] = p
            for j in range(6):
                actions[decisions, 1 + j] = rows[i, j]
        decisions += 1
        cr.apply(rows[i], V, G, E, mt)  # one call site: inlined once
    return decisions


@njit(cache=True, _nrt=False)
def play_many(seeds, kinds, first, cap, s, G, E, H, mts, rows, actions, dealt,  # type: ignore[no-untyped-def]
              r_sc, r_money, r_peak, r_seen, g_rows):
    """``play_compiled`` for games ``first..`` of ``seeds`` (seat agent codes ``kinds[i]``), one row each:
    ``r_sc`` (end, turns, rounds, gap events), money, peaks and whether each was seen; gap events
    appended to ``g_rows`` (game row, kind, three numbers). Stops before a game whose gaps might not
    fit; returns (games done up to, gap rows used)."""
    g = 0
    n = r_money.shape[1]
    gaps, peak, seen = E[4], E[5], E[6]
    for i in range(first, seeds.shape[0]):
        if g + MAX_GAPS > g_rows.shape[0]:
            return i, g
        play_compiled(seeds[i], kinds[i], cap, False, s, G, E, H, mts, rows, actions, dealt)
        r_sc[i, 0] = s[S_END]
        r_sc[i, 1] = s[S_TURNS]
        r_sc[i, 2] = s[S_ROUNDS]
        r_sc[i, 3] = s[S_NGAPS]
        for p in range(n):
            r_money[i, p] = s[NSC + p]  # money follows the scalars (``compiled_rules._views``)
        for j in range(peak.shape[0]):
            r_peak[i, j] = peak[j]
            r_seen[i, j] = seen[j]
        if s[S_NGAPS] <= MAX_GAPS:
            for j in range(s[S_NGAPS]):
                g_rows[g, 0] = i
                for t in range(4):
                    g_rows[g, 1 + t] = gaps[j, t]
                g += 1
    return seeds.shape[0], g


#: the details of the gap events, in the reference's words (``DracoState.gap`` calls), from their three numbers
_GAP_WORDS = {G_CANNOT: "seat {0} owes {1} with {2}", G_FINAL: "after {0} rebuild(s)",
              G_BANK: "players need {0} silver coins, the box has {1}", G_RICHEST: "{0} players tie with {1} silver",
              G_EMPTY: "seat {0} has no action card", G_NOTHING: "the discard pile is empty"}


class DracoFast(FastEngine):
    """The compiled tier for one Draco deck and player count."""

    agents = frozenset({"random", "heuristic"})

    def __init__(self, game: DracoGame) -> None:
        self.g = game
        self.G, self.E, self.H, _, width = cr.tables(game, log=True)
        self.s = np.zeros(cr.state_size(self.G[0]), dtype=np.int64)
        self.mts = np.zeros((2, 625), dtype=np.uint32)
        self.rows = np.zeros((width, 6), dtype=np.int64)
        self.dealt = np.zeros(len(game.card_ids) + len(game.char_ids), dtype=np.int64)
        self.no_actions = np.zeros((1, 7), dtype=np.int64)
        self.agent_codes: dict[tuple[str, ...], np.ndarray] = {}

    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        announce_compile("Draco fast tier", play_compiled)
        key = tuple(agents)
        codes = self.agent_codes.get(key)
        if codes is None:
            codes = self.agent_codes[key] = np.array([{"random": 0, "heuristic": 1}[a] for a in agents],
                                                     dtype=np.int64)
        actions = np.zeros((cap + 1, 7), dtype=np.int64) if record else self.no_actions
        decisions = play_compiled(np.uint64(seed), codes, cap, record, self.s, self.G, self.E, self.H, self.mts,
                                  self.rows, actions, self.dealt)
        sc = self.s[:NSC].tolist()
        ngaps = sc[S_NGAPS]
        if ngaps > MAX_GAPS:  # more gap events than the buffer holds: the reference plays this one
            from cardgen.simulate.runner import make_agents, play_game
            return play_game(self.g, seed, make_agents(self.g.resolved.spec, agents), list(agents), cap=cap,
                             record=record)
        g = self.g
        gap = self._gap
        gap_list = [gap(*row) for row in self.E[4][:ngaps].tolist()] if ngaps else []
        peaks = {name: v for name, v, s in zip(PEAKS, self.E[5].tolist(), self.E[6].tolist()) if s}
        result = GameResult(seed, list(agents), "", False, gap_list, sc[S_TURNS], sc[S_ROUNDS], peak=peaks)
        if record:
            ncards = len(g.card_ids)
            deck, order = self.dealt[:ncards].tolist(), self.dealt[ncards:].tolist()
            result.initial_piles = {"actions": [g.card_ids[i] for i in deck], "circle": [g.char_ids[c] for c in order]}
            result.actions = [(r[0], row_action(g, r[1:])) for r in actions[:decisions].tolist()]
        if sc[S_END] == 2:
            result.engine_gaps = len(gap_list)
            result.end_reason = "safety_cap"
            result.gaps.append(("safety_cap", False, f"no end condition after {cap} decisions"))
            return result
        money = self.s[NSC:NSC + g.players].tolist()
        winners, tie_break = self._winners(money, result.gaps)
        result.engine_gaps = len(result.gaps)
        result.end_reason = "final_toast"
        result.completed = True
        result.scores = [float(v) for v in money]
        result.winners = winners
        result.tie_break = tie_break
        return result

    batch = True

    def play_batch(self, seeds: np.ndarray, agents: tuple[str, ...], seats: np.ndarray, cap: int) -> BatchResult:
        """``play`` for many games in one compiled loop (see ``FastEngine.play_batch``).

        Games that ``play`` finishes in Python beyond the usual winners (a safety cap, more
        gap events than the buffer, a tie for the win settled by the deck's ``tie_for_win``
        ruling) are played again by ``play`` and handed over in ``extra``.
        """
        announce_compile("Draco fast tier", play_compiled)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        n, players = len(seeds), self.g.players
        kinds = np.array([{"random": 0, "heuristic": 1}[a] for a in agents], dtype=np.int64)[seats]
        r_sc = np.zeros((n, 4), dtype=np.int64)
        r_money = np.zeros((n, players), dtype=np.int64)
        r_peak = np.zeros((n, len(PEAKS)), dtype=np.int64)
        r_seen = np.zeros((n, len(PEAKS)), dtype=np.int64)
        g_rows = np.zeros((MAX_GAPS + 8 * n + 64, 5), dtype=np.int64)
        chunks, first = [], 0
        while first < n:
            first, used = play_many(seeds, kinds, first, cap, self.s, self.G, self.E, self.H, self.mts, self.rows,
                                    self.no_actions, self.dealt, r_sc, r_money, r_peak, r_seen, g_rows)
            chunks.append(g_rows[:used].copy())
        rows = np.concatenate(chunks)
        top = r_money.max(axis=1, keepdims=True)
        leaders = r_money == top
        below = np.where(leaders, np.iinfo(np.int64).min, r_money)
        second = r_money == below.max(axis=1, keepdims=True)
        single = leaders.sum(axis=1) == 1
        runner_up = ~single & (second.sum(axis=1) == 1) & ~leaders.all(axis=1)  # "leaders_eliminated"
        winners = np.where(single[:, None], leaders, second)
        special = (r_sc[:, 0] == 2) | (r_sc[:, 3] > MAX_GAPS) | ~(single | runner_up)
        extra = {int(i): self.play(int(seeds[i]), [agents[a] for a in seats[i]], cap, False)
                 for i in np.flatnonzero(special)}
        return BatchResult(
            seeds=seeds.astype(np.int64), agents=tuple(agents), seats=seats, end=np.zeros(n, dtype=np.int64),
            end_names=["final_toast"], completed=~special, turns=r_sc[:, 1], rounds=r_sc[:, 2],
            scores=r_money.astype(np.float64), winners=winners, tie=np.where(single, -1, 0),
            tie_names=["leaders_eliminated"], peaks=r_peak, peak_seen=r_seen != 0, peak_names=list(PEAKS),
            gap_game=rows[:, 0], gap_kind=rows[:, 1], gap_settled=np.ones(len(rows), dtype=bool),
            gap_args=rows[:, 2:], gap_kinds=GAP_KINDS, gap_detail=lambda code, args: self._gap(code, *args)[2],
            extra=extra)

    # -- back to the reference's words -----------------------------------------------
    @staticmethod
    def _gap(kind: int, a: int, b: int, c: int) -> tuple[str, bool, str]:
        """A gap event in the reference's words (``DracoState.gap`` calls)."""
        return GAP_KINDS[kind], True, _GAP_WORDS[kind].format(a, b, c)

    def _winners(self, money: list[int], gaps: list[Any]) -> tuple[list[int], str | None]:
        """``DracoState._winners`` itself, run on the tier's purses (its tie_for_win gap is the game's last)."""
        def gap(kind: str, detail: str) -> str:
            gaps.append((kind, True, detail))  # the tier needs every clarification (``fast_engine``)
            return self.g.deck.clarifications[kind].resolution

        return DracoState._winners(SimpleNamespace(money=money, gap=gap))  # type: ignore[arg-type]


def fast_engine(deck: Any, players: int) -> FastEngine | str:
    """``GameSpec.fast``: the compiled tier, or why this deck cannot run on it."""
    game = DracoGame(deck, players)
    why = cr.unsupported(game)
    return why if why is not None else DracoFast(game)


def row_action(g: DracoGame, row: Any) -> Action:
    """The reference action of a legal row ``[type, kind, x, y, z, w]``."""
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
