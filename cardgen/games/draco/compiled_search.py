"""Draco & Co's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``' kernels.

``DracoState.compiled_search`` (engine.py) hands a decision here: ``Driver.encode`` turns
the reference state into ``compiled_rules``' position array, ``cardgen.engine.searchloop``'s
paired choice or tree, bound to the kernels below, runs the iterations of
``cardgen.agents.search.SearchAgent`` on it inside numba, and the answer is an index into
the reference's legal actions (both list them in the same order). Every rule, the
heuristic and ``determinize`` are ``compiled_rules``' kernels, the very ones the batch tier
plays whole games with (their log off); nothing here knows a rule. Streams: the search's
own, seeded with ``seed``; a sample's own chance, seeded inside ``determinize``; a paired
round's rollout stream, seeded once a round from two words of the search's own.

**Speed** (a 5-player game at 200 iterations, every seat searching: 1.6 s of CPU with
heuristic rollouts, 0.5 s with random ones; each decision plays ~200 rollouts of ~65
moves). Paired search seeds a round's rollout generator once and copies it to each
root move, and twists both generators once a round (the same words as seeding per move).
"""
from __future__ import annotations

import weakref
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from cardgen.engine.searchparams import ROLLOUT_CAP
from cardgen.engine import fastrng as fr
from cardgen.engine import fasttree as ft
from cardgen.engine.api import Action, SearchParams
from cardgen.engine.searchloop import OK, bind_search, run
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco import rules
from cardgen.games.draco.compiled_rules import C_N, C_NCHARS, S_END, views_of
from cardgen.games.draco.engine import DracoGame, DracoState


@njit(cache=True, _nrt=False, inline="always")
def _random(mt):  # type: ignore[no-untyped-def]
    """``fastrng.random`` (``random.random()``, 53 bits) from the inlined draws: the same floats."""
    a = fr.genrand_inline(mt) >> np.uint32(5)
    b = fr.genrand_inline(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


class Search(NamedTuple):
    """A search's context, by name: the root position ``s`` and its views ``V0``, the tables ``G``,
    scratch (engine ``E``, heuristic ``H``, determinize ``D``, rewards ``R``), the working position
    ``work`` with its views ``V`` and its own chance ``work_mt``, the round's start (``base``,
    ``base_mt``), the legal rows (``root_rows``, ``rows``: at the root, on the walk), the characters' count."""

    s: Any
    V0: Any
    G: Any
    E: Any
    H: Any
    D: Any
    R: Any
    work: Any
    V: Any
    work_mt: Any
    base: Any
    base_mt: Any
    root_rows: Any
    rows: Any
    nchars: int


# -- search over the kernels --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def rollout(ctx, rng, policy, epsilon):  # type: ignore[no-untyped-def]
    """Play the working position to its end: the heuristic (``policy``) with chance ``epsilon`` of a random
    move, or uniformly random moves. False when abandoned after ``ROLLOUT_CAP`` decisions (or stuck)."""
    V, G, E, H, mt, rows = ctx.V, ctx.G, ctx.E, ctx.H, ctx.work_mt, ctx.rows
    sc = V[0]
    for _ in range(ROLLOUT_CAP):
        if sc[S_END] != 0:
            return True
        m = cr.legal(V, G, rows)
        if m == 0:
            return False
        if m == 1:
            i = 0
        elif epsilon > 0.0 and _random(rng) < epsilon:
            i = int(_random(rng) * m)
        elif policy:
            i = cr.heuristic_inline(V, G, H, rows, m, rng)
        else:
            i = int(_random(rng) * m)
        cr.apply_inline(rows[i], V, G, E, mt)
    return sc[S_END] != 0


# -- the kernels of ``searchloop`` (its stubs say what each does) --------------------------------------------
#: kernels inlined into the loops (``searchloop``'s docstring says why), without numba's reference counting
_kernel = njit(cache=True, _nrt=False, inline="always")


@njit(cache=True)
def _context(args):  # type: ignore[no-untyped-def]
    """ctx: the root position and its views, the tables, scratch, the working position (its views and its
    own chance), the round's start (position, chance), the legal rows (root, walk), the characters' count."""
    s, G, scratch = args
    E, H, D, R, work, mt, base, base_mt, root_rows, rows = scratch
    cfg = G[0]
    ctx = Search(s, cr._views(s, cfg), G, E, H, D, R, work, cr._views(work, cfg), mt, base, base_mt, root_rows, rows,
           cfg[C_NCHARS])
    return ctx, cfg[C_N], rows.shape[0]


@_kernel
def _root(ctx, codes):  # type: ignore[no-untyped-def]
    V0, G, root_rows, nchars = ctx.V0, ctx.G, ctx.root_rows, ctx.nchars
    k = cr.legal(V0, G, root_rows)
    for i in range(k):
        codes[i] = cr.action_id(root_rows[i], nchars)
    return k, cr.player(V0)


@_kernel
def _advice(ctx, codes, k, mt):  # type: ignore[no-untyped-def]
    return cr.heuristic(ctx.V0, ctx.G, ctx.H, ctx.root_rows, k, mt)


@_kernel
def _sample(ctx, mt):  # type: ignore[no-untyped-def]
    s, V0, G, D, work, work_mt = ctx.s, ctx.V0, ctx.G, ctx.D, ctx.work, ctx.work_mt
    cr.determinize(s, work, cr.player(V0), mt, work_mt, G, D)


@_kernel
def _start_round(ctx, mt, stream):  # type: ignore[no-untyped-def]
    work, work_mt, base, base_mt = ctx.work, ctx.work_mt, ctx.base, ctx.base_mt
    low = np.uint64(fr.genrand_inline(mt))
    high = np.uint64(fr.genrand_inline(mt))
    # seeded and twisted once a round, copied for each root move: the very words a
    # fresh seeding per move would give, without its cost (the first draw twists anyway)
    fr.seed(stream, (high << np.uint64(32)) | low)
    fr.twist_fast(stream)
    fr.twist_fast(work_mt)
    cr.copy(base, work)
    cr.copy(base_mt, work_mt)


@_kernel
def _legal(ctx, codes):  # type: ignore[no-untyped-def]
    V, G, rows, nchars = ctx.V, ctx.G, ctx.rows, ctx.nchars
    m = cr.legal(V, G, rows)
    for i in range(m):
        codes[i] = cr.action_id(rows[i], nchars)
    return m, cr.player(V)


@_kernel
def _apply(ctx, codes, i):  # type: ignore[no-untyped-def]
    cr.apply(ctx.rows[i], ctx.V, ctx.G, ctx.E, ctx.work_mt)
    return OK


@_kernel
def _play(ctx, codes, i, at_root, stream, policy, epsilon):  # type: ignore[no-untyped-def]
    if at_root:
        cr.copy(ctx.work, ctx.base)
        cr.copy(ctx.work_mt, ctx.base_mt)
    cr.apply(ctx.root_rows[i] if at_root else ctx.rows[i], ctx.V, ctx.G, ctx.E, ctx.work_mt)
    rollout(ctx, stream, policy, epsilon)
    return OK


@_kernel
def _reward(ctx, score_weight, out):  # type: ignore[no-untyped-def]
    V, G, R = ctx.V, ctx.G, ctx.R
    money = V[1]
    win, scores = R[0], R[1]
    cr.winners((V, G, ctx.E, ctx.work_mt), win)
    for p in range(money.shape[0]):
        scores[p] = money[p]
    ft.rewards(scores, win, V[0][S_END] != 0, score_weight, out)


#: the loops without numba's reference counting, as the kernels (``bind_search`` says why)
LOOPS = bind_search("draco", {"_nrt": False}, context=_context, root=_root, advice=_advice, sample=_sample,
                    start_round=_start_round, legal=_legal, apply=_apply, play=_play, reward=_reward)


# -- Python side: tables, encode, the hook -----------------------------------------------------
def _kernel_form(name: str) -> Any:
    """The kernels' form ``name`` (``compiled_rules.FORMS``) as Python, over numpy views of a position."""
    form = cr.FORMS[name]
    return getattr(form, "py_func", form)


#: a position's counters: each ``K_*`` both forms name (``rules``: the engine's attribute; ``FORMS``: the kernels'
#: slot), but the end, which the kernels hold as the code of the one end they play (``rules.over``)
_COUNTERS = tuple((slot, getattr(rules, key)) for key, slot in cr.FORMS.items()
                  if key.startswith("K_") and key != "K_END")
#: ``_COUNTERS`` split for ``encode``'s one assignment: the kernels' slots (an index array) and the engine's keys
_COUNTER_SLOTS = np.array([slot for slot, _ in _COUNTERS], dtype=np.int64)
_COUNTER_KEYS = tuple(key for _, key in _COUNTERS)
#: its card places (``rules``' zone, the kernels' count slot, the part of ``views_of`` holding its cards), and its
#: parts both forms give whole
_PLACES = tuple((getattr(rules, zone), cr.FORMS[zone], cr.PLACE_ROWS[cr.FORMS[zone]])
                for zone in ("PILE", "DISCARD", "ASIDE", "QUEUE"))
_WHOLE = ("money", "circle", "card_gen")
#: ``_WHOLE`` as (the engine's reader, the kernels' form as Python), looked up once rather than at every decision
_WHOLE_FORMS = tuple((getattr(rules, name), _kernel_form(name)) for name in _WHOLE)
#: the kernels' one form of a card put in a hand (no second copy of its layout here)
_TO_HAND = _kernel_form("to_hand")


class Driver:
    """The compiled search of one ``DracoGame``: its static tables and the search's scratch arrays."""

    def __init__(self, game: DracoGame) -> None:
        #: a proxy: ``_DRIVERS`` holds drivers by weak keys, so the driver must not keep its game alive
        self.g = weakref.proxy(game)
        self.G, self.E, self.H, self.D, w = cr.tables(game, log=False)
        self.cfg = self.G[0]
        n = game.players
        self.size = cr.state_size(self.cfg)
        #: the legal rows of the root and of a walk's position
        self.root_rows, self.rows = np.zeros((w, 6), np.int64), np.zeros((w, 6), np.int64)
        #: reward scratch (winners, scores), the working position and its chance, the round's start (``_context``)
        self.scratch = (self.E, self.H, self.D, (np.zeros(n, np.int64), np.zeros(n, np.float64)),
                        np.zeros(self.size, np.int64), fr.new_state(), np.zeros(self.size, np.int64), fr.new_state(),
                        self.root_rows, self.rows)

    # -- encode ------------------------------------------------------------------------
    def encode(self, state: DracoState) -> np.ndarray:
        """The reference position as a position array (the generator is not part of it), copied through the
        names ``rules``' steps read a position by: the engine's forms read it, the kernels' forms write it, so a
        counter or place added to the rules is copied without a line here."""
        s = np.zeros(self.size, dtype=np.int64)
        V = views_of(s, self.cfg)
        S = (V,)
        get, card_at = rules.get, rules.card_at
        sc = V[0]
        # one numpy assignment, not a scalar one per counter: a search game encodes ~140 positions
        sc[_COUNTER_SLOTS] = [get(state, key) for key in _COUNTER_KEYS]
        sc[S_END] = cr.END_FINAL if rules.over(state) else 0
        for zone, slot, row in _PLACES:
            n = sc[slot] = rules.size(state, zone)
            if n:
                V[row][:n] = [card_at(state, zone, i) for i in range(n)]
        for read, form in _WHOLE_FORMS:
            whole = read(state)
            form(S)[:len(whole)] = whole
        for p in range(int(self.cfg[C_N])):  # the engine's hands (no step reads a hand card but by its kind)
            for card in state.hands[p]:
                _TO_HAND(S, p, card)
        return s

    def legal_rows(self, s: np.ndarray) -> np.ndarray:
        """The legal rows of position ``s`` (a copy)."""
        m = cr.legal_of(s, self.G, self.root_rows)
        return self.root_rows[:m].copy()

    def choose(self, s: np.ndarray, params: SearchParams, seed: int) -> int:
        """The index among the legal rows of ``s`` that search picks."""
        return run("Draco search driver", LOOPS, (s, self.G, self.scratch), params, seed, game=self.g)


def unsupported(game: DracoGame) -> str | None:
    """Why the driver cannot search this deck (the Python search runs instead), or None."""
    if not game.card_ids:
        return "a deck without action cards"
    return cr.unsupported(game)


_DRIVERS: "weakref.WeakKeyDictionary[DracoGame, Driver | str]" = weakref.WeakKeyDictionary()


def driver(game: DracoGame) -> Driver | str:
    """The driver of ``game`` (built once per game object), or why there is none."""
    d = _DRIVERS.get(game)
    if d is None:
        why = unsupported(game)
        d = _DRIVERS[game] = why if why is not None else Driver(game)
    return d


def compiled_search(state: DracoState, params: SearchParams, legal_actions: list[Action], seed: int) -> int | None:
    """``DracoState.compiled_search``: the index in ``legal_actions`` search picks, or None (no driver)."""
    d = driver(state.g)
    if isinstance(d, str) or state.end_reason is not None:
        return None
    s = d.encode(state)
    if params.iterations < 1 or len(d.legal_rows(s)) != len(legal_actions):
        return None
    return d.choose(s, params, seed)
