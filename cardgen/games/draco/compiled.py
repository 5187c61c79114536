"""Draco & Co's compiled tier (``GameSpec.fast``): whole games on the kernels of ``compiled_rules.py``.

``DracoFast.play(seed, agents, cap, record)`` returns exactly the ``GameResult`` that
``cardgen.simulate.runner.play_game`` returns for the reference engine with the same
seed and agents (``random`` and ``heuristic``): same deal, same chance (the engine's
``random.Random(seed)`` and the agents' ``agent_rng(seed)`` through
``cardgen.engine.fastrng``), same legal actions in the same order, same gaps with the
same details, peaks, turns, rounds, scores and winners. ``tests/test_draco_fast.py``
compares both on hundreds of seeds per deck and player count.

The numba function ``_play`` is a game as the simulator plays it: ``deal``, then
``legal``, the seat's agent (``heuristic`` or a uniform draw), ``apply`` until the
end, every rule in ``compiled_rules``; the rule numbers turn the kernels' log on
(``tables(game, log=True)``): the gap events and the peaks. It is bound into
``cardgen.engine.batch``'s loop over many games, whose ``BatchEngine`` words the results;
the winners and their tie-break are decided in Python (``DracoFast._winners``, the
reference's own, and column by column for a batch). Compiled once per machine into
numba's on-disk cache; a line on stderr says so.
"""
from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np
from numba import njit

from cardgen.engine import batch
from cardgen.engine import fastrng as fr
from cardgen.engine.api import FastEngine, GameResult
from cardgen.engine.batch import (CAPPED, PLAYED, R_DECISIONS, R_GAPS, R_ROUNDS, R_SCORES, R_STOP, R_TURNS,
                                  BatchEngine)
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco.compiled_rules import C_N, NSC, S_END, S_NGAPS, S_ROUNDS, S_TURNS
from cardgen.games.draco.engine import DracoGame, DracoState, row_action
from cardgen.games.draco.table import GAP_KINDS, GAP_WORDS, PEAKS
from cardgen.jit import bind


@njit(cache=True, _nrt=False)
def _play(seed, kinds, cap, record, ctx, actions, out):  # type: ignore[no-untyped-def]
    """The game seeded ``seed`` into position ``s`` and ``out`` (``cardgen.engine.batch``'s row: the purses as
    scores, the winners are ``DracoFast``'s).

    ``kinds[p]``: seat ``p``'s agent (0 random, 1 heuristic); ``mts``: the rules' and the
    agents' generators; ``actions`` gets rows ``[player, *legal row]`` with ``record``;
    ``dealt`` the initial piles. The log (gaps, peaks) is left in ``E``.
    """
    s, G, E, H, mts, rows, dealt = ctx
    mt, amt = mts[0], mts[1]
    # ``fr.seed(mt, seed)`` and ``fr.seed_agents(amt, seed)``, side by side
    fr.seed_two(mt, seed, amt, (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    cr.deal(s, G, E, mt, dealt)
    V = cr._views(s, G[0])
    sc = V[0]
    decisions = 0
    out[R_STOP] = PLAYED
    while sc[S_END] == 0:
        if decisions >= cap:
            out[R_STOP] = CAPPED
            break
        m = cr.legal(V, G, rows)
        p = cr.player(V)
        if kinds[p] == 1:
            i = cr.heuristic(V, G, H, rows, m, amt)
        else:
            i = fr.randbelow_inline(amt, m)
        if record:
            actions[decisions, 0] = p
            for j in range(6):
                actions[decisions, 1 + j] = rows[i, j]
        decisions += 1
        cr.apply_inline(rows[i], V, G, E, mt)  # one call site: inlined once
    out[R_TURNS] = s[S_TURNS]
    out[R_ROUNDS] = s[S_ROUNDS]
    out[R_GAPS] = s[S_NGAPS]
    out[R_DECISIONS] = decisions
    players = G[0][C_N]
    for p in range(players):
        out[R_SCORES + p] = s[NSC + p]  # money follows the scalars (``compiled_rules._views``)
    peak, seen = E[4], E[5]
    peaks = R_SCORES + 2 * players  # ``PEAKS``' values, then whether each was seen
    for j in range(peak.shape[0]):
        out[peaks + j] = peak[j]
        out[peaks + peak.shape[0] + j] = seen[j]
    return True


play_many = bind(batch.play_many, "draco", {"_nrt": False}, play_one=_play)

class DracoFast(BatchEngine):
    """The compiled tier for one Draco deck and player count."""

    title = "Draco fast tier"
    agent_codes = {"random": 0, "heuristic": 1}
    end_names = ["final_toast"]
    tie_names = ["leaders_eliminated"]
    peak_names = list(PEAKS)
    gap_kinds = list(GAP_KINDS)
    loop = staticmethod(play_many)
    action_width = 7

    def __init__(self, game: DracoGame) -> None:
        super().__init__(game, [True] * len(GAP_KINDS))  # the tier needs every clarification (``fast_engine``)
        self.G, self.E, self.H, _, width = cr.tables(game, log=True)
        self.s = np.zeros(cr.state_size(self.G[0]), dtype=np.int64)
        self.mts = np.zeros((2, 625), dtype=np.uint32)
        self.rows = np.zeros((width, 6), dtype=np.int64)
        self.dealt = np.zeros(len(game.card_ids) + len(game.char_ids), dtype=np.int64)

    def _context(self) -> tuple[tuple, np.ndarray]:
        return (self.s, self.G, self.E, self.H, self.mts, self.rows, self.dealt), self.E[3]

    def _record(self, result: GameResult, decisions: int) -> None:
        g = self.game
        ncards = len(g.card_ids)
        deck, order = self.dealt[:ncards].tolist(), self.dealt[ncards:].tolist()
        result.initial_piles = {"actions": [g.card_ids[i] for i in deck], "circle": [g.char_ids[c] for c in order]}
        result.actions = [(r[0], row_action(g, r[1:])) for r in self.actions[:decisions].tolist()]

    def _gap_detail(self, code: int, args: list[int]) -> str:
        return GAP_WORDS[code].format(*args)  # the reference's own words (``DracoState.rule_gap``)

    def _winners(self, row: list[int], result: GameResult) -> tuple[list[int], str | None]:
        """``DracoState._winners`` itself, run on the tier's purses (its tie_for_win gap is the game's last)."""
        def gap(kind: str, detail: str) -> str:
            result.gaps.append((kind, True, detail))
            return self.game.deck.clarifications[kind].resolution

        at = SimpleNamespace(money=row[R_SCORES:R_SCORES + self.players], gap=gap)
        at.rule_gap = partial(DracoState.rule_gap, at)  # ``rules.gap``'s engine form: the ruling's place in GAPS
        return DracoState._winners(at)  # type: ignore[arg-type]

    def _batch_winners(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``_winners`` column by column where it needs no ruling; a tie for the win settled by the deck's
        ``tie_for_win`` is left to ``play``."""
        money = rows[:, R_SCORES:R_SCORES + self.players]
        leaders = money == money.max(axis=1, keepdims=True)
        below = np.where(leaders, np.iinfo(np.int64).min, money)
        second = money == below.max(axis=1, keepdims=True)
        single = leaders.sum(axis=1) == 1
        runner_up = ~single & (second.sum(axis=1) == 1) & ~leaders.all(axis=1)  # "leaders_eliminated"
        return np.where(single[:, None], leaders, second), np.where(single, -1, 0), ~(single | runner_up)


def fast_engine(deck: Any, players: int) -> FastEngine | str:
    """``GameSpec.fast``: the compiled tier, or why this deck cannot run on it."""
    game = DracoGame(deck, players)
    why = cr.unsupported(game)
    return why if why is not None else DracoFast(game)
