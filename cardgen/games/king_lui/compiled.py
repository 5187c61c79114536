"""King Lui's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``KingLuiFast`` plays exactly the reference games (``engine.py`` with the ``random``
and ``heuristic`` agents) with a numba loop that calls ``compiled_rules``' kernels
(``deal``, ``legal``, ``heuristic``, ``apply``, ``outcome``), and layers on top what a
simulation reports beyond the rules: decisions and the safety cap, recorded actions,
peaks, the gap log. Its tables come from the reference ``KingLuiGame`` of the resolved
deck (dish of each card instance, dish sizes, Emerald combinations, rule numbers, the
deck's gap resolutions), so any variant that changes numbers or counts runs on it.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.engine.api import Action, BatchResult, FastEngine, GameResult
from cardgen.games.king_lui import compiled_rules as core
from cardgen.games.king_lui.engine import DRAW, GAPS, PLACE, KingLuiGame
from cardgen.jit import announce_compile

if TYPE_CHECKING:
    from cardgen.resolve.resolve import ResolvedDeck

#: gap kinds by their code in compiled_rules (``GAP_*``); a resolution's code in ``cfg`` is its place in
#: ``GAPS[kind]`` (``DRAW_ONLY``, ``EMERALD_ALLOWED``), kind k's slot ``_GAP_SLOTS[k]``
GAP_NAMES = list(GAPS)
_GAP_SLOTS = (core.C_NO_DISH, core.C_EMPTY, core.C_SHORT)
#: end names by their code in compiled_rules (``PLAYING``, ``SUPPLY_EXHAUSTED``, ``STALLED`` + gap kind)
END_NAMES = ["playing", "supply_exhausted"] + ["stalled:" + kind for kind in GAP_NAMES]
RANDOM, HEURISTIC = 0, 1
_AGENTS = {"random": RANDOM, "heuristic": HEURISTIC}
#: the most Emerald combinations the kernels accept (an action table per game must stay small)
MAX_COMBOS = 50_000
#: a game's row of ``play_many``'s results: these, then scores, then winners (1 each) per seat
OUT_END, OUT_TURNS, OUT_ROUNDS, OUT_GAPS, OUT_DECISIONS, OUT_HAND, OUT_KING, OUT_EMERALDS, OUT_CAPPED, OUT_TIE, \
    OUT_SCORES = range(11)


@dataclass(frozen=True)
class Tables:
    """The arrays every kernel of one deck and player count reads."""

    cfg: np.ndarray
    #: per Emerald combination (``KingLuiGame.combos``), the portions it takes of each dish
    combo_cnt: np.ndarray
    dish_sizes: np.ndarray
    dish_of: np.ndarray
    #: action code -> reference action, and back
    action_of: tuple[Action, ...]
    code_of: dict[Action, int]
    cards: int


_TABLES: "weakref.WeakKeyDictionary[KingLuiGame, Tables | str]" = weakref.WeakKeyDictionary()


def tables(game: KingLuiGame) -> Tables | str:
    """The kernels' tables for ``game`` (cached), or a one-line reason the kernels cannot play its deck."""
    if game not in _TABLES:
        _TABLES[game] = _build(game)
    return _TABLES[game]


def _build(game: KingLuiGame) -> Tables | str:
    unknown = sorted(k for k in game.deck.clarifications if k not in GAPS)
    if unknown:
        return f"clarification(s) the compiled tier does not know: {', '.join(unknown)}"
    if len(game.combos) > MAX_COMBOS:
        return (f"{len(game.combos)} ways to feed Emerald ({game.emerald_portions} portions of {len(game.dishes)} "
                f"dishes): more than the compiled tier's {MAX_COMBOS}")
    n = len(game.dishes)
    cfg = np.zeros(core.CFG_SIZE, dtype=np.int64)
    cfg[[core.C_DISHES, core.C_PLAYERS, core.C_COURSE, core.C_DRAW, core.C_PORTIONS, core.C_CARDS]] = (
        n, game.players, game.course_cards, game.draw_cards, game.emerald_portions, len(game.instances))
    for kind, slot in zip(GAP_NAMES, _GAP_SLOTS):
        clar = game.deck.clarifications.get(kind)
        cfg[slot] = core.UNSETTLED if clar is None else GAPS[kind].index(clar.resolution)
    combo_cnt = np.array([[combo.count(d) for d in range(n)] for combo in game.combos], dtype=np.int64)
    action_of = tuple(game.take) + (DRAW, PLACE) + tuple(game.combo_actions)
    return Tables(cfg, combo_cnt, np.array(game.dish_sizes, dtype=np.int64),
                  np.array(game.dish_of, dtype=np.int64), action_of, {a: i for i, a in enumerate(action_of)},
                  len(game.instances))


@njit(cache=True, _nrt=False)
def _play(seed, kinds, cap, record, cfg, dish_of, dish_sizes, combo_cnt, s, sup, gaps, actions, buf, best, work,
          mt, amt, scores, winners, discarded, out):
    """Play the game seeded ``seed`` over ``compiled_rules``' kernels: fills ``sup`` (the shuffled supply,
    top last), ``gaps``, ``actions`` (seat, action code; with ``record``) and ``out`` (``OUT_*``)."""
    # random.Random(seed), the engine's chance, and agent_rng(seed), the agents'
    fastrng.seed_two(mt, np.uint64(seed), amt, (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    core.deal(s, sup, dish_of, mt, cfg, gaps)
    epeak = s[core.S_TEMER]
    kpeak = decisions = capped = 0
    while True:
        m = core.legal(s, cfg, combo_cnt, buf)
        if m == 0:
            break
        if decisions >= cap:
            capped = 1
            break
        p = s[core.S_PLAYER]
        if kinds[p] == HEURISTIC:
            a = core.heuristic(s, cfg, combo_cnt, dish_sizes, buf, m, amt, work, best)
        else:
            a = buf[fastrng.randbelow(amt, m)]
        if record:
            actions[decisions, 0] = p
            actions[decisions, 1] = a
        decisions += 1
        core.apply(s, a, cfg, combo_cnt, gaps)
        # both only grow inside a step (a feed shrinks them first): their peaks are seen between steps
        epeak = max(epeak, s[core.S_TEMER])
        kpeak = max(kpeak, s[core.S_KTOTAL])
    n, players = cfg[core.C_DISHES], cfg[core.C_PLAYERS]
    hand_peak = 0  # hands only grow
    for q in range(players):
        h0 = core.HEADER + 3 * n + q * n
        hand_peak = max(hand_peak, s[h0:h0 + n].sum())
    out[OUT_TIE] = core.outcome(s, cfg, scores, winners, discarded)
    out[OUT_END] = s[core.S_END]
    out[OUT_TURNS] = s[core.S_TURNS]
    out[OUT_ROUNDS] = s[core.S_ROUNDS]
    out[OUT_GAPS] = s[core.S_GAPS]
    out[OUT_DECISIONS] = decisions
    out[OUT_HAND] = hand_peak
    out[OUT_KING] = kpeak
    out[OUT_EMERALDS] = epeak
    out[OUT_CAPPED] = capped
    for q in range(players):
        out[OUT_SCORES + q] = scores[q]
        out[OUT_SCORES + players + q] = winners[q]


@njit(cache=True)
def play_many(seeds, kinds, first, cap, record, cfg, dish_of, dish_sizes, combo_cnt, sup, gaps, actions, r_out,
              g_rows):
    """Play games ``first..`` of ``seeds`` (seat kinds ``kinds[i]``) with ``_play``, one row of ``r_out`` each
    (``OUT_*``), their gap events appended to ``g_rows`` (game row, kind, two numbers).

    Stops before a game whose gaps might not fit in ``g_rows``; returns (games done up to, gap rows used).
    """
    n, players = cfg[core.C_DISHES], cfg[core.C_PLAYERS]
    s = np.zeros(core.size(n, players, cfg[core.C_CARDS]), dtype=np.int64)
    buf = np.zeros(n + 2 + combo_cnt.shape[0], dtype=np.int64)
    best = np.zeros_like(buf)
    work = np.zeros((3, n), dtype=np.float64)
    mt = fastrng.new_state()
    amt = fastrng.new_state()
    scores = np.zeros(players, dtype=np.int64)
    winners = np.zeros(players, dtype=np.int64)
    discarded = np.zeros(players, dtype=np.int64)
    g = 0
    per_game = gaps.shape[0]
    for i in range(first, seeds.shape[0]):
        if g + per_game > g_rows.shape[0]:
            return i, g
        _play(seeds[i], kinds[i], cap, record, cfg, dish_of, dish_sizes, combo_cnt, s, sup, gaps, actions, buf,
              best, work, mt, amt, scores, winners, discarded, r_out[i])
        for j in range(min(r_out[i, OUT_GAPS], per_game)):
            g_rows[g, 0] = i
            g_rows[g, 1:] = gaps[j]
            g += 1
    return seeds.shape[0], g


def _detail(code: int, args: list[int]) -> str:
    """A gap's detail as the reference engine words it."""
    a, b = args
    return f"{a} card(s) left, {b} to draw" if code == core.GAP_SHORT else f"seat {a}, course {b}"


class KingLuiFast(FastEngine):
    """The compiled tier of one King Lui deck at one player count."""

    agents = frozenset(_AGENTS)
    batch = True
    #: batch codes: tie-breaks, peaks
    _TIE_NAMES = ["fewest_discarded", "shared_win"]
    _PEAK_NAMES = ["table_emeralds", "hand_cards", "king_portions"]

    def __init__(self, game: KingLuiGame, t: Tables) -> None:
        self.game, self.t = game, t
        self.players = game.players
        self._settled = np.array([kind in game.deck.clarifications for kind in GAP_NAMES], dtype=bool)
        self.sup = np.zeros(t.cards, dtype=np.int64)
        self._cap = -1
        self._buffers(1)
        # compile (or load from numba's disk cache) now: the validator builds the tier in its
        # main process before starting workers, which then find the compiled loop on disk
        announce_compile("King Lui fast engine", play_many)
        self.play(0, ["random"] * game.players, 1, False)

    def _buffers(self, cap: int) -> None:
        """Gap and action buffers big enough for ``cap`` decisions (every turn can raise two gaps)."""
        if cap > self._cap:
            self._cap = cap
            self.gaps = np.zeros((2 * (cap + self.t.cards) + 64, 3), dtype=np.int64)
            self.actions = np.zeros((cap + 1, 2), dtype=np.int64)

    def _run(self, seeds: np.ndarray, kinds: np.ndarray, cap: int, record: bool) -> tuple[np.ndarray, np.ndarray]:
        """``play_many`` over every seed: (result rows, gap rows)."""
        self._buffers(cap)
        t = self.t
        r_out = np.zeros((len(seeds), OUT_SCORES + 2 * self.players), dtype=np.int64)
        g_rows = np.zeros((self.gaps.shape[0] + 4 * len(seeds) + 64, 4), dtype=np.int64)
        chunks, first = [], 0
        while first < len(seeds):
            first, used = play_many(seeds, kinds, first, cap, record, t.cfg, t.dish_of, t.dish_sizes, t.combo_cnt,
                                    self.sup, self.gaps, self.actions, r_out, g_rows)
            chunks.append(g_rows[:used].copy())
        return r_out, np.concatenate(chunks) if chunks else np.zeros((0, 4), dtype=np.int64)

    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        kinds = np.array([[_AGENTS[a] for a in agents]], dtype=np.int64)
        rows, gap_rows = self._run(np.array([seed], dtype=np.uint64), kinds, cap, record)
        out = rows[0].tolist()
        end, turns, rounds, ngaps, decisions, hand_peak, king_peak, emerald_peak, capped, tie = out[:OUT_SCORES]
        gaps = [(GAP_NAMES[k], bool(self._settled[k]), _detail(k, args))
                for k, *args in gap_rows[:, 1:].tolist()]
        peak = {"table_emeralds": emerald_peak} if emerald_peak else {}
        result = GameResult(seed, list(agents), "", False, gaps, turns, rounds, peak=peak, engine_gaps=ngaps)
        if record:
            ids = self.game.instances
            result.initial_piles = {"supply": [ids[i] for i in self.sup[::-1].tolist()]}
            result.actions = [(p, self.t.action_of[a]) for p, a in self.actions[:decisions].tolist()]
        if capped:
            result.end_reason = "safety_cap"
            gaps.append(("safety_cap", False, f"no end condition after {cap} decisions"))
            return result
        peak["hand_cards"] = hand_peak
        peak["king_portions"] = king_peak
        result.end_reason = END_NAMES[end]
        if end != core.SUPPLY_EXHAUSTED:
            return result
        players = self.players
        result.scores = [float(s) for s in out[OUT_SCORES:OUT_SCORES + players]]
        result.winners = [p for p in range(players) if out[OUT_SCORES + players + p]]
        result.tie_break = None if tie < 0 else self._TIE_NAMES[tie]
        result.completed = True
        return result

    def play_batch(self, seeds: np.ndarray, agents: tuple[str, ...], seats: np.ndarray, cap: int) -> BatchResult:
        """``play`` for many games in one compiled loop (see ``FastEngine.play_batch``)."""
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        players = self.players
        kinds = np.array([_AGENTS[a] for a in agents], dtype=np.int64)[seats]
        r_out, rows = self._run(seeds, kinds, cap, False)
        end, capped = r_out[:, OUT_END], r_out[:, OUT_CAPPED] != 0
        peaks = r_out[:, [OUT_EMERALDS, OUT_HAND, OUT_KING]]
        seen = np.ones_like(peaks, dtype=bool)
        seen[:, 0] = peaks[:, 0] != 0
        extra = {int(i): self.play(int(seeds[i]), [agents[a] for a in seats[i]], cap, False)
                 for i in np.flatnonzero(capped)}
        return BatchResult(
            seeds=seeds.astype(np.int64), agents=tuple(agents), seats=seats, end=end, end_names=END_NAMES,
            completed=(end == core.SUPPLY_EXHAUSTED) & ~capped, turns=r_out[:, OUT_TURNS],
            rounds=r_out[:, OUT_ROUNDS], scores=r_out[:, OUT_SCORES:OUT_SCORES + players].astype(np.float64),
            winners=r_out[:, OUT_SCORES + players:] != 0, tie=r_out[:, OUT_TIE], tie_names=self._TIE_NAMES,
            peaks=peaks, peak_seen=seen, peak_names=self._PEAK_NAMES, gap_game=rows[:, 0], gap_kind=rows[:, 1],
            gap_settled=self._settled[rows[:, 1]], gap_args=rows[:, 2:], gap_kinds=list(GAP_NAMES),
            gap_detail=_detail, extra=extra)


def fast_engine(deck: "ResolvedDeck", players: int) -> FastEngine | str:
    """The compiled tier for ``deck`` at ``players``, or a one-line reason it cannot play it."""
    try:
        game = KingLuiGame(deck, players)
    except Exception as exc:  # the reference cannot set up either; the simulator reports it there
        return f"the King Lui engine cannot set up {deck.id} at {players} players ({exc})"
    t = tables(game)
    return t if isinstance(t, str) else KingLuiFast(game, t)
