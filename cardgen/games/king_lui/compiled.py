"""King Lui's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``KingLuiFast`` plays exactly the reference games (``engine.py`` with the
``random`` and ``heuristic`` agents) through the numba loop of ``compiled_rules.py``.
Its tables come from the reference ``KingLuiGame`` of the resolved deck (dish of
each card instance, dish sizes, Emerald combinations, rule numbers, the deck's
gap resolutions), so any variant that changes numbers or counts runs on it.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import numpy as np

from cardgen.engine.api import Action, BatchResult, FastEngine, GameResult
from cardgen.games.king_lui import compiled_rules as core
from cardgen.games.king_lui.engine import DRAW, PLACE, KingLuiGame

if TYPE_CHECKING:
    from cardgen.resolve.resolve import ResolvedDeck

#: gap kind -> (code in compiled_rules, resolution name -> code)
_GAP_CODES = {
    "no_dish_emerald": (core.GAP_NO_DISH, {"draw_only": core.DRAW_ONLY, "emerald_allowed": core.EMERALD_ALLOWED}),
    "draw_from_empty_supply": (core.GAP_EMPTY, {"pass": 0}),
    "short_supply_draw": (core.GAP_SHORT, {"draw_remaining": 0}),
}
_GAP_NAMES = {code: kind for kind, (code, _) in _GAP_CODES.items()}
_CFG_SLOT = {core.GAP_NO_DISH: core.C_NO_DISH, core.GAP_EMPTY: core.C_EMPTY, core.GAP_SHORT: core.C_SHORT}
_AGENTS = {"random": core.RANDOM, "heuristic": core.HEURISTIC}
#: the most Emerald combinations the tier accepts (an action table per game must stay small)
MAX_COMBOS = 50_000

_announced = False


def _is_cached() -> bool:
    """Whether numba's disk cache holds the compiled loop (``cardgen.jit`` knows where it lives)."""
    from cardgen.jit import is_cached

    return is_cached(core.play)


def _announce_compile() -> None:
    """Say once per process that numba compiles, when its disk cache does not hold the loop yet."""
    global _announced
    if _announced:
        return
    _announced = True
    if not _is_cached():
        print("compiling the King Lui fast engine (first run only)…", file=sys.stderr, flush=True)


def rule_arrays(game: KingLuiGame) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[Action, ...]]:
    """What the game loop (``compiled_rules``) and the search's step kernels (``compiled_step``) both
    read of ``game``: its rule numbers (``cfg``, each gap settled as the deck's clarifications say),
    the Emerald combinations and their count per dish, and the reference action of each action code."""
    n = len(game.dishes)
    cfg = np.zeros(core.CFG_SIZE, dtype=np.int64)
    cfg[core.C_DISHES] = n
    cfg[core.C_PLAYERS] = game.players
    cfg[core.C_COURSE] = game.course_cards
    cfg[core.C_DRAW] = game.draw_cards
    cfg[core.C_PORTIONS] = game.emerald_portions
    cfg[core.C_CARDS] = len(game.instances)
    for kind, (code, resolutions) in _GAP_CODES.items():
        clar = game.deck.clarifications.get(kind)
        cfg[_CFG_SLOT[code]] = core.UNSETTLED if clar is None else resolutions[clar.resolution]
    combos = np.array(game.combos, dtype=np.int64).reshape(len(game.combos), game.emerald_portions)
    combo_cnt = np.zeros((len(game.combos), n), dtype=np.int64)
    for c, combo in enumerate(game.combos):
        for d in combo:
            combo_cnt[c, d] += 1
    return cfg, combos, combo_cnt, tuple(game.take) + (DRAW, PLACE) + tuple(game.combo_actions)


class KingLuiFast(FastEngine):
    """The compiled tier of one King Lui deck at one player count."""

    agents = frozenset(_AGENTS)

    def __init__(self, game: KingLuiGame) -> None:
        self.game = game
        self.players = game.players
        self._settled = {code: kind in game.deck.clarifications for kind, (code, _) in _GAP_CODES.items()}
        self.cfg, self.combos, self.combo_cnt, action_of = rule_arrays(game)
        self.dish_of = np.array(game.dish_of, dtype=np.int64)
        self.dish_sizes = np.array(game.dish_sizes, dtype=np.int64)
        #: action code -> the reference engine's action tuple
        self.action_of = list(action_of)
        self.base = core._base_state()
        self.sup = np.zeros(len(game.instances), dtype=np.int64)
        self.out = np.zeros(core.OUT_SCORES + 2 * game.players, dtype=np.int64)
        self._cap = -1
        self._kinds: dict[tuple[str, ...], np.ndarray] = {}
        self._buffers(1)
        # compile (or load from numba's disk cache) now: the validator builds the tier in its
        # main process before starting workers, which then find the compiled loop on disk
        _announce_compile()
        self.play(0, ["random"] * game.players, 1, False)

    def _buffers(self, cap: int) -> None:
        """Gap and action buffers big enough for ``cap`` decisions (every turn can raise two gaps)."""
        if cap <= self._cap:
            return
        self._cap = cap
        self.gaps = np.zeros((2 * (cap + len(self.game.instances)) + 64, 3), dtype=np.int64)
        self.actions = np.zeros((cap + 1, 2), dtype=np.int64)

    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        kinds = self._kinds.get(tuple(agents))
        if kinds is None:
            kinds = self._kinds[tuple(agents)] = np.array([_AGENTS[a] for a in agents], dtype=np.int64)
        if cap > self._cap:
            self._buffers(cap)
        core.play(seed, kinds, cap, record, self.cfg, self.dish_of, self.dish_sizes, self.combos, self.combo_cnt,
                  self.base, self.sup, self.gaps, self.actions, self.out)
        out = self.out.tolist()
        end, turns, rounds, ngaps, decisions, hand_peak, king_peak, emerald_peak, capped = out[:core.OUT_SCORES]
        gaps = [self._gap(row) for row in self.gaps[:ngaps].tolist()] if ngaps else []
        peak = {"table_emeralds": emerald_peak} if emerald_peak else {}
        result = GameResult(seed, list(agents), "", False, gaps, turns, rounds, peak=peak, engine_gaps=ngaps)
        if record:
            ids = self.game.instances
            result.initial_piles = {"supply": [ids[i] for i in self.sup[::-1].tolist()]}
            action_of = self.action_of
            result.actions = [(p, action_of[a]) for p, a in self.actions[:decisions].tolist()]
        if capped:
            result.end_reason = "safety_cap"
            gaps.append(("safety_cap", False, f"no end condition after {cap} decisions"))
            return result
        peak["hand_cards"] = hand_peak
        peak["king_portions"] = king_peak
        if end >= core.STALLED:
            result.end_reason = "stalled:" + _GAP_NAMES[end - core.STALLED]
            return result
        result.end_reason = "supply_exhausted"
        players = self.players
        scores, discarded = out[core.OUT_SCORES:core.OUT_SCORES + players], out[core.OUT_SCORES + players:]
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        winners, tie_break = tied, None
        if len(tied) > 1:  # as KingLuiState.outcome
            fewest = min(discarded[p] for p in tied)
            winners = [p for p in tied if discarded[p] == fewest]
            tie_break = "fewest_discarded" if len(winners) == 1 else "shared_win"
        result.scores = [float(s) for s in scores]
        result.winners = winners
        result.tie_break = tie_break
        result.completed = True
        return result

    batch = True

    #: batch codes: end names (``compiled_rules`` end code, then the safety cap), tie-breaks, peaks
    _END_NAMES = ["playing", "supply_exhausted"] + ["stalled:" + _GAP_NAMES[k] for k in sorted(_GAP_NAMES)]
    _TIE_NAMES = ["fewest_discarded", "shared_win"]
    _PEAK_NAMES = ["table_emeralds", "hand_cards", "king_portions"]

    def play_batch(self, seeds: np.ndarray, agents: tuple[str, ...], seats: np.ndarray, cap: int) -> BatchResult:
        """``play`` for many games in one compiled loop (see ``FastEngine.play_batch``)."""
        if cap > self._cap:
            self._buffers(cap)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        n, players = len(seeds), self.players
        kinds = np.array([_AGENTS[a] for a in agents], dtype=np.int64)[seats]
        r_out = np.zeros((n, self.out.shape[0]), dtype=np.int64)
        g_rows = np.zeros((self.gaps.shape[0] + 4 * n + 64, 4), dtype=np.int64)
        chunks, first = [], 0
        while first < n:
            first, used = core.play_many(seeds, kinds, first, cap, self.cfg, self.dish_of, self.dish_sizes,
                                         self.combos, self.combo_cnt, self.base, self.sup, self.gaps, self.actions,
                                         self.out, r_out, g_rows)
            chunks.append(g_rows[:used].copy())
        rows = np.concatenate(chunks) if chunks else np.zeros((0, 4), dtype=np.int64)
        end, capped = r_out[:, core.OUT_END], r_out[:, core.OUT_CAPPED] != 0
        completed = (end == core.SUPPLY_EXHAUSTED) & ~capped
        scores = r_out[:, core.OUT_SCORES:core.OUT_SCORES + players]
        discarded = r_out[:, core.OUT_SCORES + players:core.OUT_SCORES + 2 * players]
        tied = scores == scores.max(axis=1, keepdims=True)
        ntied = tied.sum(axis=1)
        fewest = np.where(tied, discarded, np.iinfo(np.int64).max).min(axis=1, keepdims=True)
        winners = tied & (discarded == fewest)  # as KingLuiState.outcome
        tie = np.where(ntied > 1, np.where(winners.sum(axis=1) == 1, 0, 1), -1)
        peaks = r_out[:, [core.OUT_EMERALDS, core.OUT_HAND, core.OUT_KING]]
        seen = np.ones_like(peaks, dtype=bool)
        seen[:, 0] = peaks[:, 0] != 0
        extra = {int(i): self.play(int(seeds[i]), [agents[a] for a in seats[i]], cap, False)
                 for i in np.flatnonzero(capped)}
        settled = np.array([self._settled[c] for c in sorted(_GAP_NAMES)], dtype=bool)
        return BatchResult(
            seeds=seeds.astype(np.int64), agents=tuple(agents), seats=seats, end=end,
            end_names=self._END_NAMES, completed=completed, turns=r_out[:, core.OUT_TURNS],
            rounds=r_out[:, core.OUT_ROUNDS], scores=scores.astype(np.float64), winners=winners, tie=tie,
            tie_names=self._TIE_NAMES, peaks=peaks, peak_seen=seen, peak_names=self._PEAK_NAMES,
            gap_game=rows[:, 0], gap_kind=rows[:, 1], gap_settled=settled[rows[:, 1]], gap_args=rows[:, 2:],
            gap_kinds=[_GAP_NAMES[c] for c in sorted(_GAP_NAMES)], gap_detail=self._detail, extra=extra)

    @staticmethod
    def _detail(code: int, args: list[int]) -> str:
        a, b = args
        return f"{a} card(s) left, {b} to draw" if code == core.GAP_SHORT else f"seat {a}, course {b}"

    def _gap(self, row: list[int]) -> tuple[str, bool, str]:
        """A recorded gap as the reference engine words it."""
        code, a, b = row
        if code == core.GAP_SHORT:
            detail = f"{a} card(s) left, {b} to draw"
        else:
            detail = f"seat {a}, course {b}"
        return _GAP_NAMES[code], self._settled[code], detail


def fast_engine(deck: "ResolvedDeck", players: int) -> FastEngine | str:
    """The compiled tier for ``deck`` at ``players``, or a one-line reason it cannot play it."""
    try:
        game = KingLuiGame(deck, players)
    except Exception as exc:  # the reference cannot set up either; the simulator reports it there
        return f"the King Lui engine cannot set up {deck.id} at {players} players ({exc})"
    unknown = sorted(k for k in deck.model.clarifications if k not in _GAP_CODES)
    if unknown:
        return f"clarification(s) the compiled tier does not know: {', '.join(unknown)}"
    if len(game.combos) > MAX_COMBOS:
        return (f"{len(game.combos)} ways to feed Emerald ({game.emerald_portions} portions of {len(game.dishes)} "
                f"dishes): more than the compiled tier's {MAX_COMBOS}")
    return KingLuiFast(game)
