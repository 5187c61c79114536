"""King Lui's compiled tier: ``GameSpec.fast`` (see ``cardgen.engine.api.FastEngine``).

``KingLuiFast`` plays exactly the reference games (``engine.py`` with the ``random``
and ``heuristic`` agents): ``_play``, one game over ``compiled_rules``' kernels (``deal``,
``legal``, ``heuristic``, ``apply``, ``outcome``) with the decisions, the safety cap, the
recorded actions and the peaks, is bound into ``cardgen.engine.batch``'s loop, which plays
many games and reports them (``BatchEngine``). Its tables come from the reference ``KingLuiGame`` of the resolved
deck (dish of each card instance, dish sizes, Emerald combinations, rule numbers, the
deck's gap resolutions), so any variant that changes numbers or counts runs on it.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numba import njit

from cardgen.engine import batch, fastrng
from cardgen.engine.api import Action, FastEngine, GameResult
from cardgen.engine.batch import (CAPPED, NO_LEGAL, PLAYED, R_DECISIONS, R_END, R_GAPS, R_ROUNDS, R_SCORES, R_SEAT,
                                  R_STOP, R_TIE, R_TURNS, BatchEngine)
from cardgen.games.king_lui import compiled_rules as core
from cardgen.games.king_lui.engine import KingLuiGame, KingLuiState
from cardgen.games.king_lui.rules import ENDS, GAP_KINDS, GAPS, TIE_BREAKS, gap_detail
from cardgen.jit import bind

if TYPE_CHECKING:
    from cardgen.engine.compiled_parts import HouseKit, HouseLoop
    from cardgen.model.deck import ResolvedDeck

#: gap kinds by their code (``rules.GAP_*``); a resolution's code in ``cfg`` is its place in ``GAPS[kind]``
#: (``rules.DRAW_ONLY``, ``rules.EMERALD_ALLOWED``), kind k's slot ``C_NO_DISH + k`` (``compiled_rules._rule_gap``)
GAP_NAMES = list(GAP_KINDS)
#: end names by their code in compiled_rules (``PLAYING``, ``SUPPLY_EXHAUSTED``, ``STALLED`` + gap kind)
END_NAMES = list(ENDS)
RANDOM, HEURISTIC = 0, 1
#: the most Emerald combinations the kernels accept (an action table per game must stay small)
MAX_COMBOS = 50_000


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

    @property
    def kit(self) -> core.Kit:
        """The tables the heuristic reads (``compiled_rules.Kit``)."""
        return core.Kit(self.cfg, self.combo_cnt, self.dish_sizes)


class Context(NamedTuple):
    """``_play``'s tables and buffers, by name (``BatchEngine._context``)."""

    kit: core.Kit  #: the deck's rule numbers and tables
    dish_of: np.ndarray  #: per card instance, its dish (-1 an Emerald)
    s: np.ndarray  #: the position (``compiled_rules``' layout)
    sup: np.ndarray  #: the shuffled instances, top last (the game's recorded supply)
    gaps: np.ndarray  #: the gap log
    buf: np.ndarray  #: the legal action codes
    best: np.ndarray  #: the heuristic's best codes
    work: np.ndarray  #: the heuristic's float[3, n] scratch
    mt: np.ndarray  #: the engine's generator
    amt: np.ndarray  #: the agents' generator
    scores: np.ndarray  #: the outcome, per seat
    winners: np.ndarray
    discarded: np.ndarray


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
    combo_cnt = np.array(game.combo_cnt, dtype=np.int64).reshape((len(game.combos), len(game.dishes)))
    return Tables(np.array(game.cfg, dtype=np.int64), combo_cnt, np.array(game.dish_sizes, dtype=np.int64),
                  np.array(game.dish_of, dtype=np.int64), game.action_of, game.code_of, len(game.instances))


#: ``Context``, the names of the actions a house rule may add (``compiled_words.Words``) and the default players'
#: look-ahead's arrays (``coverloop.CoverWork``): a house rule's loop
HouseContext = NamedTuple("HouseContext", [*Context.__annotations__.items(), ("words", object), ("cover", object)])


#: the outcome ``_play`` scores a game with: a compiled house rule's copy binds its own (``compiled_house``)
outcome = core.outcome


def own_legal(s, ctx, buf):  # type: ignore[no-untyped-def]
    """The legal codes ``_play`` offers (``compiled_rules.legal``): a house rule's copy binds its ``legal_actions``."""
    return core.legal(s, ctx.kit.cfg, ctx.kit.combo_cnt, buf)


def own_apply(s, a, ctx):  # type: ignore[no-untyped-def]
    """How ``_play`` plays code ``a`` (``compiled_rules.apply``): a house rule's copy binds its ``apply``."""
    core.apply(s, a, ctx.kit.cfg, ctx.kit.combo_cnt, ctx.gaps)


def own_decide(s, ctx, buf, m, amt):  # type: ignore[no-untyped-def]
    """A heuristic player's code among ``buf[:m]`` (``compiled_rules.heuristic``): a copy for a house rule that adds
    actions binds the covered heuristic (``compiled_parts.house_cover``), which judges them by look-ahead."""
    return core.heuristic(s, ctx.kit, buf, m, amt, ctx.work, ctx.best)


def own_fresh(ctx):  # type: ignore[no-untyped-def]
    """A new game begins: nothing to forget (the covered heuristic's copy forgets its verdicts, ``coverloop.forget``)."""
    return None


def own_lent(ctx):  # type: ignore[no-untyped-def]
    """The loop's context as its steps take it: itself (a house rule's copy binds ``compiled_words.borrowed``: every
    step it passes the context into counted a reference for each of its fifty members, 0.4 us a decision, though the
    context outlives the game)."""
    return ctx


lent = njit(cache=True, _nrt=False, inline="always")(own_lent)
legal_now = njit(cache=True, _nrt=False, inline="always")(own_legal)
act = njit(cache=True, _nrt=False, inline="always")(own_apply)
decide = njit(cache=True, _nrt=False, inline="always")(own_decide)
fresh = njit(cache=True, _nrt=False, inline="always")(own_fresh)


@njit(cache=True, _nrt=False)
def _play(seed, kinds, cap, record, ctx, actions, out):
    """Play the game seeded ``seed`` over ``compiled_rules``' kernels into ``out`` (``cardgen.engine.batch``'s
    row): ``sup`` gets the shuffled supply (top last), ``gaps`` the gap log, ``actions`` (seat, action code)
    with ``record``."""
    ctx = lent(ctx)
    kit, s, gaps, buf, mt, amt = ctx.kit, ctx.s, ctx.gaps, ctx.buf, ctx.mt, ctx.amt
    cfg = kit.cfg
    # random.Random(seed), the engine's chance, and agent_rng(seed), the agents'
    fastrng.seed_two(mt, np.uint64(seed), amt, (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    core.deal(s, ctx.sup, ctx.dish_of, mt, cfg, gaps)
    fresh(ctx)
    epeak = s[core.S_TEMER]
    kpeak = decisions = capped = 0
    stuck = 0
    while True:
        if s[core.S_END] != core.PLAYING:  # over: a house rule's legal_actions is not asked (nor in the engine)
            break
        m = legal_now(s, ctx, buf)
        if m == 0:
            stuck = 1  # a house rule that leaves a seat no action
            break
        if decisions >= cap:
            capped = 1
            break
        p = s[core.S_PLAYER]
        if kinds[p] == HEURISTIC:
            a = decide(s, ctx, buf, m, amt)
        else:
            a = buf[fastrng.randbelow(amt, m)]
        if record:
            actions[decisions, 0] = p
            actions[decisions, 1] = a
        decisions += 1
        act(s, a, ctx)
        # both only grow inside a step (a feed shrinks them first): their peaks are seen between steps
        epeak = max(epeak, s[core.S_TEMER])
        kpeak = max(kpeak, s[core.S_KTOTAL])
    n, players = cfg[core.C_DISHES], cfg[core.C_PLAYERS]
    hand_peak = 0  # hands only grow
    for q in range(players):
        h0 = core.HEADER + 3 * n + q * n
        hand_peak = max(hand_peak, s[h0:h0 + n].sum())
    scores, winners = ctx.scores, ctx.winners
    out[R_TIE] = outcome(s, cfg, scores, winners, ctx.discarded)
    core.tie_standing(s, cfg, winners, out[R_TIE], gaps)  # a tie left standing: one more gap, or a stall
    out[R_END] = s[core.S_END]
    out[R_STOP] = CAPPED if capped else NO_LEGAL if stuck else PLAYED
    out[R_SEAT] = s[core.S_PLAYER]
    out[R_TURNS] = s[core.S_TURNS]
    out[R_ROUNDS] = s[core.S_ROUNDS]
    out[R_GAPS] = s[core.S_GAPS]
    out[R_DECISIONS] = decisions
    for q in range(players):
        out[R_SCORES + q] = scores[q]
        out[R_SCORES + players + q] = winners[q]
    peaks = R_SCORES + 2 * players  # ``peak_names``' values, then whether each was seen
    out[peaks] = epeak
    out[peaks + 1] = hand_peak
    out[peaks + 2] = kpeak
    out[peaks + 3] = epeak != 0
    out[peaks + 4] = out[peaks + 5] = 0 if capped or stuck else 1  # a game stopped reports only the emeralds
    return True


play_many = bind(batch.play_many, "king_lui", None, play_one=_play)


def play_on(seed, kinds, cap, ctx):  # type: ignore[no-untyped-def]
    """Play the position ``ctx.s`` (a reference state's record, ``KingLuiFast.play_on``) on to its end with the agents
    ``kinds`` drawing from ``random.Random(seed)`` and forgetting what they judged (fresh agents), at most ``cap``
    decisions: True when it ended scored (``ctx.scores``, ``ctx.winners``), False when it cannot (the cap, a seat
    with no action, a stall), as ``runner.continue_game``. A house rule's copy binds its steps (``house_loop``)."""
    ctx = lent(ctx)
    s, buf, amt = ctx.s, ctx.buf, ctx.amt
    cfg = ctx.kit.cfg
    fastrng.seed(amt, np.uint64(seed))
    fresh(ctx)
    decisions = 0
    while s[core.S_END] == core.PLAYING:
        m = legal_now(s, ctx, buf)
        if m == 0 or decisions >= cap:
            return False
        a = decide(s, ctx, buf, m, amt) if kinds[s[core.S_PLAYER]] == HEURISTIC else buf[fastrng.randbelow(amt, m)]
        decisions += 1
        act(s, a, ctx)
    if s[core.S_END] != core.SUPPLY_EXHAUSTED:
        return False
    tie = outcome(s, cfg, ctx.scores, ctx.winners, ctx.discarded)
    core.tie_standing(s, cfg, ctx.winners, tie, ctx.gaps)  # a tie left standing without a ruling stalls the game
    return s[core.S_END] == core.SUPPLY_EXHAUSTED


def _covered_decide(s, ctx, buf, m, amt):  # type: ignore[no-untyped-def]
    """``decide`` in a house rule's loop that adds actions: the covered heuristic (the global ``covered``), given the
    loop's context ``borrowed`` (``compiled_words``): its look-ahead passes the context into inlined code at every
    step of every sample, and numba would count a reference for each of its fifty members each time."""
    return covered(borrowed(ctx), s, buf, m, amt)  # noqa: F821 - bound by ``house_loop``


class KingLuiFast(BatchEngine):
    """The compiled tier of one King Lui deck at one player count."""

    title = "King Lui fast engine"
    agent_codes = {"random": RANDOM, "heuristic": HEURISTIC}
    end_names = END_NAMES
    tie_names = list(TIE_BREAKS)
    peak_names = ["table_emeralds", "hand_cards", "king_portions"]
    gap_kinds = GAP_NAMES
    loop = staticmethod(play_many)

    def __init__(self, game: KingLuiGame, t: Tables, house: "HouseLoop | None" = None) -> None:
        """``house``: ``play_many`` with a house rule compiled in (``house_loop``); None, the game's own."""
        super().__init__(game, [kind in game.deck.clarifications for kind in GAP_NAMES])
        self.t = t
        #: the house rule this tier plays (the runner plays a deck's house rule here: ``simulate.runner.fast_engine``)
        self.house = house
        if house is not None:  # its loops compile once per version of the rule file, not once per machine
            self.title = f"{KingLuiFast.title} with {house.shown}"
        #: the names of the actions a house rule's loop meets (``compiled_words.Words``), None without one
        self.words = None
        n, players = len(game.dishes), game.players
        size = getattr(core.size, "py_func", core.size)(n, players, t.cards)  # arithmetic: nothing to compile for it
        buf = np.zeros(action_room(n, t.combo_cnt.shape[0]), dtype=np.int64)
        #: the default players' look-ahead's arrays in a house rule's loop (``coverloop.CoverWork``)
        self.cover = None
        if house is not None:
            from cardgen.engine.coverloop import cover_work  # not at the top: numba's typed containers

            self.loop = house.loop
            from cardgen.engine.compiled_words import words_of  # not at the top: numba's extensions

            self.words = words_of(t.action_of)
            self.cover = cover_work(players, buf.shape[0], size)
        self.sup = np.zeros(t.cards, dtype=np.int64)
        # the position, the legal actions and the heuristic's scratch, both generators, the outcome's arrays
        self._work = (np.zeros(size, dtype=np.int64), buf, np.zeros_like(buf),
                      np.zeros((3, n), dtype=np.float64), fastrng.new_state(), fastrng.new_state(),
                      np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.int64),
                      np.zeros(players, dtype=np.int64))
        # compile (or load from numba's disk cache) now: the validator builds the tier in its
        # main process before starting workers, which then find the compiled loop on disk. A house rule's loop is
        # not played here (a game cut at one decision would call its hook where the reference never does, and a
        # failing rule would be blamed on the cut): it compiles before its first watched call (``_loop_call``)
        if house is None:
            self.play(0, ["random"] * players, 1, False)

    def _run(self, seeds: np.ndarray, kinds: np.ndarray, cap: int, record: bool) -> tuple[np.ndarray, np.ndarray]:
        """``BatchEngine._run``; a house rule that raises in a game is the reference engine's one line for that game
        (file, line, error, hook, seed): the games are played again one by one to find it, and it is replayed on the
        reference engine (``self.game``, where the runner installed the rule in it: ``runner.with_house``), which
        names the line numba's cached code may not."""
        if self.house is None:
            return super()._run(seeds, kinds, cap, record)
        try:
            return super()._run(seeds, kinds, cap, record)
        except Exception as exc:  # noqa: BLE001 - raised by the rule's compiled code
            from cardgen.usercode import UserCodeError  # not at the top: the compiled code's key stays as it was
            if len(seeds) > 1:
                for i in range(len(seeds)):  # the first game that fails raises its line
                    self._run(seeds[i:i + 1], kinds[i:i + 1], cap, record)
            names = {code: name for name, code in self.agent_codes.items()}
            try:
                self.replayed(self.game, int(seeds[0]), [names[k] for k in kinds[0].tolist()], max(cap, REPLAY_CAP),
                              record)
            except UserCodeError:
                raise
            except Exception:  # noqa: BLE001 - no reference replay here: the compiled exception's words
                pass
            raise UserCodeError(self.house.describe(exc, int(seeds[0]))) from None

    def _loop_call(self, games: batch.Games, first: int, ctx: tuple, buffers: batch.Buffers) -> tuple[int, int]:
        """``BatchEngine._loop_call``; a house rule's loop is a guarded call the supervisor watches (``cardgen.contain``).

        Compiled code runs out of the in-process guard's reach (no ``SIGALRM`` handler runs inside numba's loop), so
        a rule that never returns (``while True: pass``) is stopped from outside: each call plays at most
        ``house_batch()`` games under the time limit of one call into project code, then leaves. The loop is
        compiled (or loaded from numba's disk cache) before the clock starts: compiling is not the rule's time."""
        if self.house is None:
            return super()._loop_call(games, first, ctx, buffers)
        from cardgen import guard  # not at the top: the compiled code's key stays as it was
        from cardgen.engine.compiled_parts import guarded, house_batch

        per_game = HOUSE_GAME_SECONDS if self.house.hooks == ("scores",) else HOUSE_DECISION_GAME_SECONDS
        if self.house.adds_actions and (games.kinds == HEURISTIC).any():  # default players look ahead at offers
            per_game = HOUSE_COVERED_GAME_SECONDS
        stop = min(games.seeds.shape[0], first + house_batch(guard.time_limit(), per_game))
        part = batch.Games(games.seeds[:stop], games.kinds[:stop], games.cap, games.record)
        seed, more = int(games.seeds[first]), stop - first - 1  # the batch's first seed: the game stuck may be later
        where = f"compiled, seed {seed}" + (f" and {more} more" if more else "")
        return guarded(self.house, where, (self.loop, (part, first, ctx, buffers), 2))  # type: ignore[no-any-return]

    def play_on(self, state: KingLuiState, agents: list[str], seed: int, cap: int) -> tuple[list[int], list[int]] | None:
        """A house rule's game from the reference ``state`` played on to its end on this tier, as ``runner.continue_game``
        plays it: fresh ``agents`` (one name per seat) drawing from ``random.Random(seed)``, at most ``cap``
        decisions. (scores, winners) of its outcome, or None where it does not end (the cap, a stall). A rule that
        fails raises numba's exception: the caller plays the state on the reference engine, which names the failure
        in its one line (``options._future``). The options' experiment's futures (``cardgen.simulate.options``)."""
        if self.house is None or not set(agents) <= set(self.agent_codes):
            return None
        from cardgen.engine.compiled_parts import guarded

        # buffers made anew only for a larger cap: the loops' context keeps its members and so its numba types
        # (``jit.call``; a new gap buffer at each future had both loops typed again in Python)
        self._ready(cap)
        ctx, _ = self._context()
        ctx.s[:] = state.s
        ctx.s[core.S_GAPS] = len(state.gaps)
        kinds = np.array([self.agent_codes[a] for a in agents], dtype=np.int64)
        args = (np.uint64(seed), kinds, cap, ctx)
        ended = guarded(self.house, f"compiled, seed {state.seed}", (self.house.future, args, 3))
        if not ended:
            return None
        winners = [q for q in range(self.players) if ctx.winners[q]]
        return ctx.scores[:self.players].tolist(), winners

    def _room(self, cap: int) -> None:
        """A gap buffer big enough for ``cap`` decisions (every turn can raise two gaps)."""
        self.gaps = np.zeros((2 * (cap + self.t.cards) + 64, 3), dtype=np.int64)

    def _context(self) -> tuple[Context, np.ndarray]:
        t = self.t
        s, buf, best, work, mt, amt, scores, winners, discarded = self._work
        if self.words is not None:
            return HouseContext(t.kit, t.dish_of, s, self.sup, self.gaps, buf, best, work, mt, amt, scores, winners,
                                discarded, self.words, self.cover), self.gaps
        return Context(t.kit, t.dish_of, s, self.sup, self.gaps, buf, best, work,
                       mt, amt, scores, winners, discarded), self.gaps

    def _gap_detail(self, code: int, args: list[int]) -> str:
        return gap_detail(code, *args)

    def _record(self, result: GameResult, decisions: int) -> None:
        ids = self.game.instances
        result.initial_piles = {"supply": [ids[i] for i in self.sup[::-1].tolist()]}
        action_of = self.t.action_of
        if self.words is None:
            result.actions = [(p, action_of[a]) for p, a in self.actions[:decisions].tolist()]
            return
        from cardgen.engine.compiled_words import SEP, added_words  # not at the top: numba's extensions
        added = [tuple(words.split(SEP)) for words in added_words(self.words)]
        result.actions = [(p, action_of[a] if a < len(action_of) else added[a - len(action_of)])
                          for p, a in self.actions[:decisions].tolist()]


#: Decisions a game replayed on the reference engine to name a compiled rule's failure may take: the compiled tier
#: scores a game cut at its cap (its hook runs), the reference engine calls a cut game a rule that never ends, so the
#: replay plays on to the game's end to meet the hook where it failed (the simulator's default cap).
REPLAY_CAP = 10_000


def action_room(dishes: int, combos: int) -> int:
    """Room for one decision's legal codes: the game's own (every dish, draw, place, every Emerald meal) and as many
    again that a house rule's ``legal_actions`` may add (at least 64)."""
    own = dishes + 2 + combos
    return own + max(64, own)


def house_context(t: Tables, players: int) -> HouseContext:
    """A house rule loop's context for ``t`` at ``players`` seats (the types ``compiled_hooks.compile_rule`` compiles
    the rule's hooks against; a tier makes its own)."""
    from cardgen.engine.coverloop import cover_work  # not at the top: numba's typed containers
    from cardgen.engine.compiled_words import words_of  # not at the top: numba's extensions

    n = t.dish_sizes.shape[0]
    buf = np.zeros(action_room(n, t.combo_cnt.shape[0]), dtype=np.int64)
    size = getattr(core.size, "py_func", core.size)(n, players, t.cards)  # not compiled for this: a type is all it needs
    return HouseContext(t.kit, t.dish_of, np.zeros(size, dtype=np.int64),
                        np.zeros(t.cards, dtype=np.int64), np.zeros((8, 3), dtype=np.int64), buf, np.zeros_like(buf),
                        np.zeros((3, n), dtype=np.float64), fastrng.new_state(), fastrng.new_state(),
                        *(np.zeros(players, dtype=np.int64) for _ in range(3)), words_of(t.action_of),
                        cover_work(players, buf.shape[0], size))


#: Seconds one compiled game with a house rule may take, at most: a compiled King Lui game with the shipped
#: rule took 10 to 25 microseconds (3 and 5 seats, random and heuristic players, on a busy 2-core machine; its
#: ``scores`` hook runs once, at the end), so this is a margin of some two hundred. A loop
#: call plays no more games than the time limit of one call into project code allows at this pace
#: (``house_batch``): no honest call comes near its deadline, and a rule that never returns is killed
#: within the limit + ``contain.GRACE``, as a reference engine's hook is.
HOUSE_GAME_SECONDS = 0.005
#: The same for a rule whose hooks run at every decision (``legal_actions``, ``apply``): a compiled game of the
#: "pass" rule (``benchmarks/bench_cover.py``) took about 260 microseconds with random players (4 seats, one process,
#: docs/DEVELOPING.md; 95-100 since the hooks stopped counting references), so again a margin of some two hundred.
HOUSE_DECISION_GAME_SECONDS = 0.05
#: The same for a rule that adds actions, played by default players, who judge each offer by a look-ahead compiled
#: with the rule (``coverloop``): a game of the "pass" rule took 10 to 14 milliseconds (4 seats, one process,
#: ``benchmarks/bench_cover.py --compiled``; 6 since the hooks stopped counting references), so a margin of some
#: seventy (now some hundred and seventy).
HOUSE_COVERED_GAME_SECONDS = 1.0


def house_kit() -> "HouseKit":
    """King Lui's half of ``compiled_parts.house_loop``: its templates and the loops' own steps (``compiled_house``
    imports this module: asked on first use)."""
    from cardgen.engine.compiled_parts import HouseKit
    from cardgen.engine.compiled_words import borrowed
    from cardgen.games.king_lui import compiled_house

    return HouseKit(compiled_house.HOOKED, {"outcome": outcome, "legal_now": legal_now, "act": act, "lent": borrowed},
                    getattr(_play, "py_func", _play), play_on, _covered_decide, compiled_house.COVER,
                    {"borrowed": borrowed})


def house_loop(deck: "ResolvedDeck", t: Tables, players: int) -> "HouseLoop | str":
    """The deck's house rule compiled with King Lui's steps (``compiled_parts.house_loop`` of ``house_kit``), once
    per rule file's content; or the one line saying which line of the file keeps it out and why (the rule then plays
    on the reference engine)."""
    from cardgen.engine import compiled_parts

    return compiled_parts.house_loop(deck, house_kit(), lambda: house_context(t, players))


def fast_engine(deck: "ResolvedDeck", players: int) -> FastEngine | str:
    """The compiled tier for ``deck`` at ``players``, or a one-line reason it cannot play it (a house rule: its
    hooks compiled with the game's steps where they can be, ``house_loop``)."""
    try:
        game = KingLuiGame(deck, players)
    except Exception as exc:  # the reference cannot set up either; the simulator reports it there
        return f"the King Lui engine cannot set up {deck.id} at {players} players ({exc})"
    t = tables(game)
    if isinstance(t, str):
        return t
    if deck.model.code is None:
        return KingLuiFast(game, t)
    house = house_loop(deck, t, players)
    if isinstance(house, str):
        return house
    return KingLuiFast(game, t, house)  # the runner installs the rule in ``game`` for replays (house sits above games)
