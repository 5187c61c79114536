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

from collections.abc import Callable, Sequence
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np
from numba import njit

from cardgen.engine import batch
from cardgen.engine import fastrng as fr
from cardgen.engine.api import Ending, FastEngine, GameResult, State
from cardgen.engine.batch import (CAPPED, PLAYED, R_DECISIONS, R_GAPS, R_ROUNDS, R_SCORES, R_STOP, R_TURNS,
                                  BatchEngine)
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco.compiled_rules import C_N, NSC, S_END, S_NGAPS, S_ROUNDS, S_TURNS, views_of
from cardgen.games.draco.engine import DracoGame, DracoState, row_action
from cardgen.games.draco.table import GAP_KINDS, GAP_WORDS, PEAKS
from cardgen.jit import bind


@njit(cache=True, _nrt=False)
def _moves(V, T, kinds, mts, cap, record, actions):  # type: ignore[no-untyped-def]
    """The game in position ``V`` (``compiled_rules._views``) played on until it ends or ``cap`` decisions were
    made: the decisions made. ``T``: the tables and scratch (``G``, ``E``, ``H``, the legal rows); ``kinds[p]``:
    seat ``p``'s agent (0 random, 1 heuristic); ``mts``: the rules' and the agents' generators; ``actions`` gets
    rows ``[player, *legal row]`` with ``record``. Called once a game (by ``_play`` from the deal, by ``_play_on``
    from any position), so both share one compiled loop."""
    G, E, H, rows = T
    mt, amt = mts[0], mts[1]
    sc = V[0]
    decisions = 0
    while sc[S_END] == 0 and decisions < cap:
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
    return decisions


def game_results(s: Any, G: Any, E: Any, decisions: int, out: Any) -> None:
    """A played game's row of ``out`` (``batch``'s), its ending aside (``R_STOP``, which each loop words its own
    way): the turns, rounds, gaps and decisions, the purses as scores, the peaks and whether each was seen (the log
    in ``E``). Written once for the tier's loop (``_play``) and a house rule's (``compiled_house.house_play``)."""
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


results = njit(inline="always")(game_results)


@njit(cache=True, _nrt=False)
def _play(seed, kinds, cap, record, ctx, actions, out):  # type: ignore[no-untyped-def]
    """The game seeded ``seed`` into position ``s`` and ``out`` (``cardgen.engine.batch``'s row: the purses as
    scores, the winners are ``DracoFast``'s).

    ``kinds[p]``: seat ``p``'s agent (0 random, 1 heuristic); ``mts``: the rules' and the
    agents' generators; ``actions`` gets rows ``[player, *legal row]`` with ``record``;
    ``dealt`` the initial piles. The log (gaps, peaks) is left in ``E``.
    """
    s, G, E, H, mts, rows, dealt = ctx
    # ``fr.seed(mt, seed)`` and ``fr.seed_agents(amt, seed)``, side by side: the rules' and the agents' chance
    fr.seed_two(mts[0], seed, mts[1], (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    cr.deal(s, G, E, mts[0], dealt)
    V = cr._views(s, G[0])
    decisions = _moves(V, (G, E, H, rows), kinds, mts, cap, record, actions)
    out[R_STOP] = PLAYED if s[S_END] != 0 else CAPPED
    results(s, G, E, decisions, out)
    return True


@njit(cache=True, _nrt=False)
def _play_on(s, T, kinds, mts, cap, actions):  # type: ignore[no-untyped-def]
    """Position ``s`` played on to the end by the agents ``kinds``, the rules drawing from ``mts[0]``, the agents
    from ``mts[1]``: whether it ended within ``cap`` decisions (the purses are then in ``s``)."""
    _moves(cr._views(s, T[0][0]), T, kinds, mts, cap, False, actions)
    return s[S_END] != 0


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

        return _ruled_winners(row[R_SCORES:R_SCORES + self.players], gap)

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


def _ruled_winners(money: list[int], gap: Callable[[str, str], str]) -> tuple[list[int], str | None]:
    """``DracoState._winners`` on the purses ``money``, a gap met answered by ``gap(kind, detail)`` (the ruling)."""
    at = SimpleNamespace(money=money, gap=gap)
    at.rule_gap = partial(DracoState.rule_gap, at)  # ``rules.gap``'s engine form: the ruling's place in GAPS
    return DracoState._winners(at)  # type: ignore[arg-type]


def play_on(game: DracoGame, names: Sequence[str]) -> Callable[[State, int, int], Ending | None] | None:
    """``GameSpec.play_on``: a game's positions played on to the end on these kernels by the agents ``names``
    (per seat), for the experiments' futures (``cardgen.simulate.exchange``); None where they cannot be (an agent
    the tier does not have, a house rule's state, a deck the kernels do not play): the reference plays them.

    The position is the search driver's copy of the state (``compiled_search.Driver.encode``: everything, the
    hidden cards as they lie), the rules' chance the state's own generator word for word, the agents' a
    ``random.Random(seed)``: the very future ``runner.continue_game`` plays on the reference engine (the tiers
    play the same games), only sooner; ``tests/test_exchange_slow.py`` holds them equal.
    """
    from cardgen.games.draco.compiled_search import driver

    kinds = [DracoFast.agent_codes.get(name) for name in names]
    d = driver(game)
    if None in kinds or game.state_class is not DracoState or isinstance(d, str):
        return None
    T = (d.G, d.E, d.H, d.rows)
    seats = np.array(kinds, dtype=np.int64)
    mts = np.zeros((2, 625), dtype=np.uint32)
    unused = np.zeros((1, 7), dtype=np.int64)
    clar = game.deck.clarifications

    def play(state: State, seed: int, cap: int) -> Ending | None:
        if state.is_terminal():
            return None
        s = d.encode(state)  # type: ignore[arg-type]
        mts[0, :] = state.rng.getstate()[1]  # the state's own chance, word for word (MT19937's words and place)
        fr.seed(mts[1], np.uint64(seed))  # the agents' ``random.Random(seed)``, as ``runner.continue_game`` gives
        if not _play_on(s, T, seats, mts, cap, unused):
            return None
        money = [int(m) for m in views_of(s, d.cfg)[1]]
        winners, _ = _ruled_winners(money, lambda kind, detail: clar[kind].resolution)
        return Ending(frozenset(winners), [float(m) for m in money])
    return play


def fast_engine(deck: Any, players: int) -> FastEngine | str:
    """``GameSpec.fast``: the compiled tier, or why this deck cannot run on it."""
    game = DracoGame(deck, players)
    why = cr.unsupported(game)
    return why if why is not None else DracoFast(game)
