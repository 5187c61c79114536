"""Draco & Co's compiled rules (numba): every kernel of the game, for batch play and search alike.

The step kernels follow the reference engine (``engine.py``) method by method
(``_play``, ``_toast``, ``_end_turn``...) and compile as they are the rules both forms share
(``table.py``: the seat moves, the legal rows of a card, the toast, the money and its gaps),
chance included: with the same Mersenne Twister state (``cardgen.engine.fastrng``) they draw exactly what
``random.Random`` draws. ``compiled.py`` plays whole games with them (``deal``, then
``legal`` / ``player`` / ``heuristic`` / ``apply`` until the end); ``compiled_search.py``
encodes a reference position and runs search's samples (``determinize``) and rollouts
with the very same kernels. ``tests/test_draco_fast.py`` and
``tests/test_draco_search.py`` compare both with the reference, action for action.

**What the batch tier needs beyond a step** (the gap log, the peaks) is written by the
same kernels into the scratch tuple ``E`` when the rule numbers ask for it
(``cfg[C_LOG]``): search leaves it off and pays one branch per event.

**The heuristic** (``heuristic``) is ``agents.HeuristicAgent``'s forecast on legal
rows: the agent's own ``toast_sum``, ``edge``, ``moved`` and ``values``, compiled as they are
(``cardgen.jit.bind``), so the same choices (tests/test_draco_agents.py,
tests/test_draco_search.py); only reading the position and drawing among ties are its own.

**Speed**: every kernel is compiled with ``_nrt=False`` (they never allocate; numba's
reference counting paid an atomic increment and decrement per array argument per
call, more than the rules themselves); ``money.max()`` is a loop (``_top``). ``legal``, the
steps ``apply`` chains (act -> play -> advance) and the draws (``fastrng``'s ``*_inline``) are
inlined (``inline="always"``) into their callers. ``apply`` and ``heuristic`` are inlined only
where a game's every move runs them (``apply_inline``, ``heuristic_inline``: the batch game, a
rollout) and called, compiled once, by the search loops' rarer steps (a walk's move, the
advice): a copy of the whole turn in each loop took the search drivers' first compile to 610 s
of CPU, 481 s now, as fast a search (benchmarks/bench_search.py, runs alternated); with a
called heuristic in rollouts too, 336 s but 12 % slower searches with the heuristic. Scratch
arrays travel in small tuples by use (``E`` engine and log, ``H`` heuristic,
``D`` determinize). The turn's long steps, ``play`` (a card's effect), ``end_turn`` and ``setup``, are compiled
once and inlined by LLVM (``_STEP``: numba's ``forceinline``), not by numba (``inline="always"``). Numba's
inlining types the step's body again in each copy of ``apply``, every one of its hundred accessors
(``get``, ``put``...) with it: it took the batch game's first compile from 66 s of CPU (before one rule flow,
issue #49) to 88 s, later 137 s against 231 s. Called instead (until 2026-12-01), each call passed the whole
record ``S`` on the stack: some thirty arrays of seven words, 1,760 bytes written by the caller for every card
played and every turn's end (``perf`` on the batch loop, a map of the compiled object's symbols: at 5 players
``play`` itself 15 µs of a random game's 56, its call and ``end_turn``'s a third of the loop's 28 µs, the base's
whole loop 21 µs). LLVM's inlining copies the compiled step, so the arguments become the caller's own values:
random games at 5 players 31-36 µs of CPU against 54-55 called and 31-32 at the base (in-process, best of 3 x
20,000 games), for the same first compile (a build's ``warm`` at 5 players from an empty cache, the three trees
side by side: 162 s against 158 s called and 207 s at the base). ``forceinline`` passes on to a kernel compiled
for the first time inside an inlined step, so the kernels the steps call (``settle``, ``transfer``, the draws'
``twist_fast`` and ``shuffle_fast``) say ``forceinline=False``: inlined too they bought nothing measurable.
The short steps every turn or payment runs (``draw``, ``pile_empty``, ``settle``, ``transfer``) are inlined by
numba: called, each call passed the whole record ``S`` too, and random games took 35-36 µs of CPU against
33-34 inlined, for the same first compile (54-59 s against 56-57 s at 4 players).

Layout of a position ``s`` (``_views``): the scalars ``S_*``, then money[n],
order[chars], hand sizes[n], hands[n, W], pile[W], discard[W], set-aside[W],
card generation[W], Aunt Sarah's queue[2 chars + 2] (W = number of cards; hands,
piles and the set-aside hold card ids). Tables ``G`` (``tables``): cfg, owner,
special, payouts, costs, die, effects, card kinds, arrangements, every character.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardgen.engine import fastrng as fr
from cardgen.games.draco import rules
from cardgen.games.draco.agents import Halves, Now, Scratch, Table, Who, edge, moved, toast_sum, values
from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, DUEL, MOVE, ROLLED, SPLIT, STEAL, SWAP_ADJ,
                                        SWAP_ANY, TOAST)
from cardgen.games.draco.engine import SARAH as PH_SARAH
#: the steps of ``_advance`` (``rules``' turn flow, as a loop)
from cardgen.games.draco.rules import (AFTER_PLAY, DO_TOAST, DONE, END_TURN, END_TURN_TOASTED, NEXT_NEIGHBOUR,
                                       START_TURN)
from cardgen.games.draco.table import (Box, A_MOVE, G_TIE, GAP_KINDS, GAPS, PEAKS, add_toast,
                                       arrange, beside_draco, characters, coins_held, flip, index, move, play_rows,
                                       put_sarah_neighbours, reseat, settle, swap, toast_seat, track_coins, transfer)
from cardgen.jit import bind

MAX_GAPS = 256  # gap events a game may log (the batch tier replays a game with more on the reference)
# scalars
(S_CUR, S_FIRST, S_CUP, S_CUPRIGHT, S_REBUILDS, S_LASTCALL, S_FINALRULE, S_PHASE, S_ROLL, S_ROLLSIGN, S_ROLLANY,
 S_TOASTS, S_REBUILT, S_UNPAID, S_TURNS, S_ROUNDS, S_END, S_PILE, S_DISC, S_SQN, S_ASIDE, S_BANK,
 S_FINALS, S_NGAPS) = range(24)
NSC = 24
#: ``S_END``'s code of the final toast, the game's only end here (0: not over; ``compiled.DracoFast.end_names``)
END_FINAL = 1
# rule numbers in ``cfg``
(C_N, C_HAND, C_START, C_PERGOLD, C_GOLD, C_SILVER, C_MULT, C_SARAH, C_REBUILDS, C_SETASIDE, C_CUPRIGHT, C_CUPLAST,
 C_NCARDS, C_NCHARS, C_BOX, C_W, C_LOG, C_RULES) = range(18)  # C_RULES + kind: the ruling's place in GAPS


# -- tables (Python, once per game) --------------------------------------------------------------
def unsupported(game: Any) -> str | None:
    """Why these kernels cannot play this deck (the reference engine plays it), or None."""
    clar = game.deck.clarifications
    missing = [k for k in GAPS if k not in clar]
    if missing:
        return f"the compiled rules need every Draco clarification; this deck has none for {', '.join(missing)}"
    for kind, allowed in GAPS.items():
        if clar[kind].resolution not in allowed:
            return f"{kind}: resolution {clar[kind].resolution!r} is not one the compiled rules play"
    if len(game.special_ids) > 3:
        return f"the compiled rules seat at most 3 special characters, this deck has {len(game.special_ids)}"
    if len(game.kind_ids) > 62:
        return f"the compiled rules play at most 62 kinds of action card, this deck has {len(game.kind_ids)}"
    return None


def tables(game: Any, log: bool) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...], tuple[np.ndarray, ...],
                                          tuple[np.ndarray, ...], int]:
    """The static tables ``G`` of a ``DracoGame`` and fresh scratch ``E``, ``H``, ``D``; the width of a
    legal-rows buffer. ``log``: the kernels keep the gap log and the peaks in ``E``."""
    g = game
    clar = g.deck.clarifications
    n, ncards, nchars = g.players, len(g.card_ids), len(g.char_ids)
    cfg = np.array([
        n, g.hand_size, g.start_money, g.per_gold, g.gold_total, g.silver_total, g.zork_mult, g.sarah_draw,
        g.rebuilds, g.set_aside, int(g.cup_right), int(g.cup_last), ncards, nchars, g.box_value, max(1, ncards),
        int(log), *(GAPS[kind].index(clar[kind].resolution) for kind in GAP_KINDS)], dtype=np.int64)
    arrangements = g.arrangements
    i64, f64 = np.int64, np.float64
    G = (cfg, np.array(g.owner, dtype=i64), np.array(g.special, dtype=i64), np.array(g.payouts, dtype=i64),
         np.array(g.costs, dtype=i64), np.array(g.die, dtype=i64),
         np.array(g.kind_effect, dtype=i64).reshape(len(g.kind_effect), 3), np.array(g.card_kind, dtype=i64),
         np.array(arrangements, dtype=i64), np.arange(nchars, dtype=i64))
    width = max(2, nchars, sum({MOVE: nchars, SPLIT: 2, BESIDE: 2, ARRANGE: len(arrangements), STEAL: n,
                                SWAP_ADJ: 4, SWAP_ANY: 2 * nchars, DUEL: n}.get(e[0], 1) for e in g.kind_effect))
    coins = max([e[1] for e in g.kind_effect if e[0] == COINS], default=0)
    W = max(1, ncards)
    #: engine scratch (money changes, receivers, coin-drop payees) and the log (gaps, peaks, seen)
    E = (np.zeros(n, i64), np.zeros(n, i64), np.zeros(n + 16 + coins, i64),
         np.zeros((MAX_GAPS if log else 1, 4), i64), np.zeros(len(PEAKS), i64), np.zeros(len(PEAKS), i64))
    #: heuristic scratch (trial seating, richest, own characters, values, positions, a favour's best edge
    #: per die face)
    H = (np.zeros(nchars, i64), np.zeros(n, i64), np.zeros(2, i64), np.zeros(width, f64),
         np.zeros(nchars, i64), np.zeros(max(1, len(g.die)), f64))
    #: determinize scratch (pools per rebuild generation, their sizes, hidden marks)
    D = (np.zeros((g.rebuilds + 1, W), i64), np.zeros(g.rebuilds + 1, i64), np.zeros(W, i64))
    return G, E, H, D, width


# -- the position ----------------------------------------------------------------------------
def state_size(cfg: np.ndarray) -> int:
    """Length of a position array for rule numbers ``cfg``."""
    n, w, k = int(cfg[C_N]), int(cfg[C_W]), int(cfg[C_NCHARS])
    return NSC + n + k + n + n * w + 3 * w + w + 2 * k + 2


@njit(cache=True, _nrt=False, inline="always")
def _views(s, cfg):  # type: ignore[no-untyped-def]
    """The named parts of position ``s`` (views, nothing copied)."""
    n, w, k = cfg[C_N], cfg[C_W], cfg[C_NCHARS]
    o = NSC + n  # money, then the order of the characters
    h = o + k + n  # hand sizes, then the hands
    c = h + n * w  # four rows of W: pile, discard, set-aside, card generation; then Aunt Sarah's queue
    return (s[:NSC], s[NSC:o], s[o:o + k], s[o + k:h], s[h:c].reshape((n, w)), s[c:c + w], s[c + w:c + 2 * w],
            s[c + 2 * w:c + 3 * w], s[c + 3 * w:c + 4 * w], s[c + 4 * w:c + 4 * w + 2 * k + 2])


#: ``_views`` for Python (numpy views of the same parts)
views_of = getattr(_views, "py_func", _views)  # the function itself when numba runs as Python (NUMBA_DISABLE_JIT)
#: which of ``_views``' parts holds each card place's cards, by the place's count slot (``rules``' ``PILE``,
#: ``DISCARD``, ``ASIDE``, ``QUEUE`` in ``FORMS``)
PLACE_ROWS = {S_PILE: 5, S_DISC: 6, S_ASIDE: 7, S_SQN: 9}


@njit(cache=True, _nrt=False)
def copy(dst, src):  # type: ignore[no-untyped-def]
    """``dst[:] = src`` as a loop (numba's slice assignment is several times slower)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


# -- money (``table.settle``, ``table.transfer``) and the log ----------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def _top(money):  # type: ignore[no-untyped-def]
    """``money.max()`` (or any array's) as a loop (numba's ``max`` needs the reference-counting runtime these
    kernels go without)."""
    top = money[0]
    for v in money:
        if v > top:
            top = v
    return top


@njit(cache=True, _nrt=False, inline="always")
def _richest(money, out):  # type: ignore[no-untyped-def]
    """The seats holding the most money into ``out``, in seat order; how many."""
    top = _top(money)
    count = 0
    for p in range(money.shape[0]):
        if money[p] == top:
            out[count] = p
            count += 1
    return count


@njit(cache=True, _nrt=False, inline="always")
def _zero(a):  # type: ignore[no-untyped-def]
    """``a[:] = 0`` as a loop (see ``copy``)."""
    for i in range(a.shape[0]):
        a[i] = 0


#: ``table.coins_held`` (the coins the players hold together), ``table.add_toast`` (what a toast pays and
#: charges) and ``table.put_sarah_neighbours`` (who may draw after it) compiled: the reference's own arithmetic
_coins = njit(cache=True, _nrt=False, forceinline=False)(coins_held)
_toast_seat = njit(cache=True, _nrt=False, inline="always")(toast_seat)
_add_toast = bind(add_toast, "draco", {"_nrt": False}, toast_seat=_toast_seat)
_sarah_neighbours = njit(cache=True, _nrt=False, inline="always")(put_sarah_neighbours)


@njit(cache=True, _nrt=False, inline="always")
def _gap(sc, cfg, E, kind, a, b, c):  # type: ignore[no-untyped-def]
    """``DracoState.gap``: one event in the log ``E[3]`` (counted beyond its size), when logging."""
    if cfg[C_LOG]:
        gaps = E[3]
        g = sc[S_NGAPS]
        if g < gaps.shape[0]:
            gaps[g, 0] = kind
            gaps[g, 1] = a
            gaps[g, 2] = b
            gaps[g, 3] = c
        sc[S_NGAPS] = g + 1


@njit(cache=True, _nrt=False, inline="always")
def _peak(cfg, E, i, v):  # type: ignore[no-untyped-def]
    """``DracoState._peak``: the highest value of tally ``i`` so far (``E[4]``, seen in ``E[5]``), when logging."""
    if cfg[C_LOG]:
        peak, seen = E[4], E[5]
        if seen[i] == 0 or v > peak[i]:
            peak[i] = v
            seen[i] = 1


#: ``table``'s money rules compiled as they are, with this log for their ``gap`` and ``peak`` (on ``S``, below)
@njit(cache=True, _nrt=False, inline="always")
def _gap_of(S, kind, a, b, c):  # type: ignore[no-untyped-def]
    """``rules.gap``: the event logged, the deck's ruling from ``cfg`` (these kernels play only decks with one)."""
    cfg = S[1][0]
    _gap(S[0][0], cfg, S[2], kind, a, b, c)
    return cfg[C_RULES + kind]


@njit(cache=True, _nrt=False, inline="always")
def _peak_of(S, i, v):  # type: ignore[no-untyped-def]
    """``table.peak`` on ``S``."""
    _peak(S[1][0], S[2], i, v)


_track_coins = bind(track_coins, "draco", {"_nrt": False, "inline": "always"}, peak=_peak_of)
#: called by the long steps, and called they stay (``forceinline=False``: numba would pass the steps' ``forceinline``
#: on to a kernel first compiled inside one of them; so do ``_coins`` and ``fastrng``'s ``twist_fast``, ``shuffle_fast``)
_settle_money = bind(settle, "draco", {"_nrt": False, "forceinline": False}, gap=_gap_of, peak=_peak_of,
                     coins_held=_coins, track_coins=_track_coins)
_transfer_money = bind(transfer, "draco", {"_nrt": False, "forceinline": False}, gap=_gap_of, settle=_settle_money)


# -- cards and seats ---------------------------------------------------------------------------
#: ``table``'s seat moves compiled as they are (the engine's ``_play`` and the heuristic run them on lists)
_SEATS = {"_nrt": False, "inline": "always"}
#: the turn's long steps, compiled once and inlined by LLVM where called (``forceinline``: numba types each once, LLVM
#: copies the compiled body; see the module's docstring: numba's own ``inline="always"`` cost the first compile 70 %)
_STEP = {"_nrt": False, "forceinline": True}
_index = njit(cache=True, **_SEATS)(index)
_move = bind(move, "draco", _SEATS, index=_index)
_reseat = bind(reseat, "draco", _SEATS, move=_move, beside_draco=bind(beside_draco, "draco", _SEATS, move=_move),
               arrange=njit(cache=True, **_SEATS)(arrange), flip=njit(cache=True, **_SEATS)(flip),
               swap=bind(swap, "draco", _SEATS, index=_index))


# -- ``rules``' steps compiled as they are, over ``S = (V, G, E, mt)``: the position's views, the tables,
# the scratch and log, chance; the counters are slots of ``V[0]``, a place's size its count slot
@njit(cache=True, **_SEATS)
def _get(S, key):  # type: ignore[no-untyped-def]
    return S[0][0][key]


@njit(cache=True, **_SEATS)
def _set(S, key, value):  # type: ignore[no-untyped-def]
    S[0][0][key] = value


@njit(cache=True, **_SEATS)
def _place(S, zone):  # type: ignore[no-untyped-def]
    """The row holding place ``zone`` (its count slot: ``S_PILE``, ``S_DISC``)."""
    return S[0][5] if zone == S_PILE else S[0][6]


@njit(cache=True, **_SEATS)
def _pop(S, zone):  # type: ignore[no-untyped-def]
    sc = S[0][0]
    sc[zone] -= 1
    return _place(S, zone)[sc[zone]]


@njit(cache=True, **_SEATS)
def _card_at(S, zone, i):  # type: ignore[no-untyped-def]
    return _place(S, zone)[i]


@njit(cache=True, **_SEATS)
def _to_hand(S, seat, card):  # type: ignore[no-untyped-def]
    hand_n = S[0][3]
    S[0][4][seat, hand_n[seat]] = card
    hand_n[seat] += 1


@njit(cache=True, **_SEATS)
def _card_gen(S):  # type: ignore[no-untyped-def]
    return S[0][8]


@njit(cache=True, **_SEATS)
def _reshuffle(S, src, dst):  # type: ignore[no-untyped-def]
    """``rules.reshuffle``: the discard copied into the pile and shuffled (``fastrng``: ``random``'s draws)."""
    sc, into, cards = S[0][0], _place(S, dst), _place(S, src)
    n = sc[src]
    for i in range(n):
        into[i] = cards[i]
    sc[dst] = n
    sc[src] = 0
    fr.shuffle_fast(S[3], into, n)


@njit(cache=True, **_SEATS)
def _money(S):  # type: ignore[no-untyped-def]
    return S[0][1]


@njit(cache=True, **_SEATS)
def _box(S):  # type: ignore[no-untyped-def]
    cfg = S[1][0]
    return Box(cfg[C_PERGOLD], cfg[C_GOLD], cfg[C_SILVER])


@njit(cache=True, **_SEATS)
def _scratch(S):  # type: ignore[no-untyped-def]
    return S[2][0], S[2][1]


@njit(cache=True, **_SEATS)
def _over(S):  # type: ignore[no-untyped-def]
    return S[0][0][S_END] != 0


@njit(cache=True, **_SEATS)
def _hand_size(S, seat):  # type: ignore[no-untyped-def]
    return S[0][3][seat]


@njit(cache=True, **_SEATS)
def _empty(S, zone):  # type: ignore[no-untyped-def]
    S[0][0][zone] = 0


@njit(cache=True, **_SEATS)
def _config(S, key):  # type: ignore[no-untyped-def]
    return S[1][0][key]


@njit(cache=True, **_SEATS)
def _circle(S):  # type: ignore[no-untyped-def]
    return S[0][2]


@njit(cache=True, **_SEATS)
def _game_table(S):  # type: ignore[no-untyped-def]
    G = S[1]
    return G[1], G[2], G[3], G[4]


@njit(cache=True, **_SEATS)
def _queue_room(S):  # type: ignore[no-untyped-def]
    return S[0][9]


@njit(cache=True, **_SEATS)
def _queued(S, room, n):  # type: ignore[no-untyped-def]
    S[0][0][S_SQN] = n


@njit(cache=True, **_SEATS)
def _hand_kind(S, seat, i):  # type: ignore[no-untyped-def]
    return S[1][7][S[0][4][seat, i]]


@njit(cache=True, **_SEATS)
def _discard_from_hand(S, seat, i):  # type: ignore[no-untyped-def]
    sc, hand_n, hands, discard = S[0][0], S[0][3], S[0][4], S[0][6]
    discard[sc[S_DISC]] = hands[seat, i]
    sc[S_DISC] += 1
    for t in range(i, hand_n[seat] - 1):
        hands[seat, t] = hands[seat, t + 1]
    hand_n[seat] -= 1


@njit(cache=True, **_SEATS)
def _effect(S, k):  # type: ignore[no-untyped-def]
    effects = S[1][6]
    return effects[k, 0], effects[k, 1], effects[k, 2]


@njit(cache=True, **_SEATS)
def _shuffle_seats(S):  # type: ignore[no-untyped-def]
    order = S[0][2]
    fr.shuffle_fast(S[3], order, order.shape[0])


@njit(cache=True, **_SEATS)
def _payees(S, n):  # type: ignore[no-untyped-def]
    return S[2][2]


@njit(cache=True, **_SEATS)
def _die(S):  # type: ignore[no-untyped-def]
    return S[1][5]


@njit(cache=True, **_SEATS)
def _randbelow(S, n):  # type: ignore[no-untyped-def]
    return fr.randbelow_inline(S[3], n)


@njit(cache=True, **_SEATS)
def _rolled(S, r):  # type: ignore[no-untyped-def]
    """``rules.rolled``: the kernels keep no rolls (only the playtest page's journal tells them)."""


#: the kernels' forms of the names ``rules``' steps read the position through (``rules`` holds the engine's): a
#: counter's ``K_*`` is its slot, a place's (``PILE``...) its count slot; ``compiled_search.encode`` copies a
#: reference position through the two
FORMS = dict(rolled=_rolled, get=_get, put=_set, size=_get, pop=_pop, card_at=_card_at, to_hand=_to_hand, card_gen=_card_gen,
              reshuffle=_reshuffle, gap=_gap_of, over=_over, K_LASTCALL=S_LASTCALL, K_REBUILDS=S_REBUILDS,
              K_REBUILT=S_REBUILT, K_FINALRULE=S_FINALRULE, PILE=S_PILE, DISCARD=S_DISC, K_UNPAID=S_UNPAID,
              K_BANK=S_BANK, money=_money, box=_box, scratch=_scratch, hand_size=_hand_size, empty=_empty,
              config=_config, K_PHASE=S_PHASE, K_CUR=S_CUR, K_CUP=S_CUP, K_FIRST=S_FIRST, K_TURNS=S_TURNS,
              K_ROUNDS=S_ROUNDS, QUEUE=S_SQN, R_PLAYERS=C_N, K_TOASTS=S_TOASTS, K_FINALS=S_FINALS, R_MULT=C_MULT,
              R_SARAH=C_SARAH, circle=_circle, game_table=_game_table, queue_room=_queue_room, queued=_queued,
              K_END=S_END, END_FINAL=END_FINAL, K_ROLL=S_ROLL, K_ROLLSIGN=S_ROLLSIGN, K_ROLLANY=S_ROLLANY,
              K_CUPRIGHT=S_CUPRIGHT, hand_kind=_hand_kind, discard_from_hand=_discard_from_hand,
              effect=_effect, shuffle_seats=_shuffle_seats, payees=_payees, die=_die, randbelow=_randbelow,
              ASIDE=S_ASIDE, R_HAND=C_HAND, R_SETASIDE=C_SETASIDE, R_START=C_START, R_BOX=C_BOX,
              R_CUPLAST=C_CUPLAST, R_CUPRIGHT=C_CUPRIGHT, R_REBUILDS=C_REBUILDS, R_PERGOLD=C_PERGOLD,
              R_GOLD=C_GOLD)
#: the end (``DracoState._finish``'s rule step; the outcome is ``compiled``'s, in Python)
_finish = bind(rules.finish, "draco", _SEATS, **FORMS)
_pile_empty = bind(rules.pile_empty, "draco", _SEATS, **FORMS)
_draw = bind(rules.draw, "draco", _SEATS, **FORMS, pile_empty=_pile_empty)
#: the turn flow between two decisions (``_advance`` loops over them)
_start_turn = bind(rules.start_turn, "draco", _SEATS, **FORMS)
_after_play = bind(rules.after_play, "draco", _SEATS, **FORMS)
_next_neighbour = bind(rules.next_neighbour, "draco", _SEATS, **FORMS)
_end_turn = bind(rules.end_turn, "draco", _STEP, **FORMS, on_draw=_draw)
#: ``rules.settle`` and ``rules.transfer`` over ``table``'s money rules compiled above
_settle = bind(rules.settle, "draco", _SEATS, **FORMS, settle_money=_settle_money)
_transfer = bind(rules.transfer, "draco", _SEATS, **FORMS, transfer_money=_transfer_money)
#: the toast, over ``table``'s arithmetic compiled above
_toast = bind(rules.toast, "draco", {"_nrt": False}, **FORMS, add_toast=_add_toast,
              put_sarah_neighbours=_sarah_neighbours, on_settle=_settle, on_finish=_finish)
#: the card played, with the die's rolls (``_reseat``: ``table.reseat`` compiled below)
_roll = bind(rules.roll, "draco", _SEATS, **FORMS)
_play = bind(rules.play, "draco", _STEP, **FORMS, roll=_roll, transfer=_transfer, on_settle=_settle, reseat=_reseat)


# -- the deal ------------------------------------------------------------------------------------
@njit(cache=True, **_SEATS)
def _push(S, zone, card):  # type: ignore[no-untyped-def]
    """``card`` last into place ``zone`` (its count slot: ``S_PILE``, ``S_ASIDE``)."""
    sc = S[0][0]
    row = S[0][5] if zone == S_PILE else S[0][7]
    row[sc[zone]] = card
    sc[zone] += 1


@njit(cache=True, **_SEATS)
def _chance(S):  # type: ignore[no-untyped-def]
    return S[3]


@njit(cache=True, **_SEATS)
def _shuffle_pool(rng, pool, n):  # type: ignore[no-untyped-def]
    """``rules.shuffle_pool``: ``fastrng``'s shuffle, ``random.shuffle``'s draws."""
    fr.shuffle_fast(rng, pool, n)


_rules_deal = bind(rules.deal, "draco", {"_nrt": False}, **FORMS, push=_push, chance=_chance,
                   shuffle_pool=_shuffle_pool, coins_held=_coins, track_coins=_track_coins)
_setup = bind(rules.setup, "draco", _STEP, **FORMS, pile_empty=_pile_empty)


@njit(cache=True, _nrt=False)
def deal(s, G, E, mt, dealt):  # type: ignore[no-untyped-def]
    """``DracoState.__init__`` into position ``s``, chance from ``mt`` (seeded by the caller): ``rules.deal``,
    then ``rules.setup`` and the first turn. ``dealt`` gets the shuffled deck then the seating (the game's
    initial piles)."""
    cfg = G[0]
    _zero(s)
    if cfg[C_LOG]:
        _zero(E[4])
        _zero(E[5])
    V = _views(s, cfg)
    ncards = cfg[C_NCARDS]
    _rules_deal((V, G, E, mt), dealt[:ncards])
    for i in range(cfg[C_NCHARS]):
        dealt[ncards + i] = V[2][i]
    _advance(_setup((V, G, E, mt)), V, G, E, mt)


# -- a turn ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def _advance(step, V, G, E, mt):  # type: ignore[no-untyped-def]
    """Run ``rules``' turn flow (the reference's chain of hook methods) from ``step`` until a decision is due."""
    S = (V, G, E, mt)
    sc = V[0]
    while step != DONE and sc[S_END] == 0:
        if step == AFTER_PLAY:
            step = _after_play(S)
        elif step == DO_TOAST:
            step = _toast(S)
        elif step == NEXT_NEIGHBOUR:
            step = _next_neighbour(S)
        elif step == END_TURN or step == END_TURN_TOASTED:
            step = _end_turn(S, step == END_TURN_TOASTED)
        else:  # START_TURN
            step = _start_turn(S)


@njit(cache=True, **_SEATS)
def _dequeue(S):  # type: ignore[no-untyped-def]
    """``rules.dequeue``: the first of Aunt Sarah's queue, the others moved up one place."""
    sc, queue = S[0][0], S[0][9]
    p = queue[0]
    for j in range(sc[S_SQN] - 1):
        queue[j] = queue[j + 1]
    sc[S_SQN] -= 1
    return p


@njit(cache=True, **_SEATS)
def _row_type(S, row):  # type: ignore[no-untyped-def]
    return row[0]


@njit(cache=True, **_SEATS)
def _row_character(S, row):  # type: ignore[no-untyped-def]
    return row[2]


#: ``rules.act`` compiled as it is: the decision taken on its legal row (the card played: ``_play``, no hook here)
_act = bind(rules.act, "draco", _SEATS, **FORMS, on_play=_play, move=_move, dequeue=_dequeue, on_draw=_draw,
            peak=_peak_of, row_type=_row_type, row_character=_row_character)


def _apply(row, V, G, E, mt):  # type: ignore[no-untyped-def]
    """``DracoState.apply`` of the legal row ``row`` (``rules.act``, then ``_advance`` to the next decision; chance
    drawn from generator ``mt``)."""
    _advance(_act((V, G, E, mt), row), V, G, E, mt)  # one call site: inlined once


#: ``_apply`` compiled once and called (the search loops' walk), and inlined for the loops that play every move of
#: a game (``compiled._play``, ``compiled_search.rollout``)
apply = njit(cache=True, _nrt=False)(_apply)
apply_inline = njit(cache=True, _nrt=False, inline="always")(_apply)


@njit(cache=True, **_SEATS)
def _asked(S):  # type: ignore[no-untyped-def]
    """``rules.asked``: the first of Aunt Sarah's queue."""
    return S[0][9][0]


#: ``rules.player`` compiled as it is
_player = bind(rules.player, "draco", _SEATS, **FORMS, asked=_asked)


@njit(cache=True, _nrt=False, inline="always")
def player(V):  # type: ignore[no-untyped-def]
    """``DracoState.current_player`` of the position's views ``V`` (``rules.player``; no tables, no chance)."""
    return _player((V, 0, 0, 0))


@njit(cache=True, _nrt=False, inline="always")
def _put(out, m, t, k, x, y, z, w):  # type: ignore[no-untyped-def]
    out[m, 0] = t
    out[m, 1] = k
    out[m, 2] = x
    out[m, 3] = y
    out[m, 4] = z
    out[m, 5] = w
    return m + 1


#: ``table``'s legal rows compiled as they are, writing into an array (the engine lists its actions from them)
_characters = bind(characters, "draco", _SEATS, put=_put)
_play_rows = bind(play_rows, "draco", _SEATS, put=_put, index=_index, characters=_characters)


@njit(cache=True, _nrt=False, inline="always")
def _decision(out, m, t):  # type: ignore[no-untyped-def]
    return _put(out, m, t, 0, 0, 0, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def _move_rows(S, out, m, anyone, seat):  # type: ignore[no-untyped-def]
    return _characters(out, m, A_MOVE, 0, anyone, seat, S[1][0][C_NCHARS])


@njit(cache=True, _nrt=False, inline="always")
def _card_rows(S, out, m, k, seat):  # type: ignore[no-untyped-def]
    V, G = S[0], S[1]
    effects = G[6]
    return _play_rows(out, m, (k, effects[k, 0], effects[k, 1]), seat, V[2], V[1], G[8])


#: ``rules.legal`` compiled as it is: rows ``[type, kind, x, y, z, w]`` into ``out``
_legal = bind(rules.legal, "draco", _SEATS, **FORMS, decision=_decision, move_rows=_move_rows, card_rows=_card_rows)


@njit(cache=True, _nrt=False, inline="always")
def legal(V, G, out):  # type: ignore[no-untyped-def]
    """``DracoState.legal_actions`` as rows into ``out``, in its order (``rules.legal``; no chance, no scratch)."""
    return _legal((V, G, 0, 0), out)


@njit(cache=True)
def legal_of(s, G, out):  # type: ignore[no-untyped-def]
    """``legal`` of the position array ``s`` (for Python: the views are made here)."""
    return legal(_views(s, G[0]), G, out)


@njit(cache=True, _nrt=False)
def action_id(row, nchars):  # type: ignore[no-untyped-def]
    """One integer per distinct action (the tree's edge label): same action, same id in every sample."""
    c = nchars + 2
    return (((row[0] * 64 + row[1]) * c + row[2] + 1) * c + row[3]) * c + row[4]


# -- the heuristic -----------------------------------------------------------------------------
#: the agent's own forecast (``agents.toast_sum``, ``edge``, ``moved``, ``values``), compiled as it is, with these
#: rules' ``copy`` and ``_reseat`` (``table.reseat`` compiled: the seats after a card, as ``_play`` moves them)
_OPTIONS = {"_nrt": False, "inline": "always"}
_toast_sum = njit(cache=True, **_OPTIONS)(toast_sum)
_edge = bind(edge, "draco", _OPTIONS, toast_sum=_toast_sum)
_moved = bind(moved, "draco", _OPTIONS, toast_sum=_toast_sum)
_values = bind(values, "draco", _OPTIONS, toast_sum=_toast_sum, edge=_edge, moved=_moved, copy=copy, reseat=_reseat,
               halves=Halves)


def _heuristic(V, G, H, legal_rows, m, rng):  # type: ignore[no-untyped-def]
    """``agents.HeuristicAgent.choose`` on legal rows: the index it picks (ties drawn from ``rng``)."""
    if m == 1:
        return 0
    sc, money, order = V[0], V[1], V[2]
    phase = sc[S_PHASE]
    if phase == PH_SARAH:
        return 0  # always draw
    n = G[0][C_N]
    me = sc[S_CUR]
    richest = H[1][:_richest(money, H[1])]
    tb = Table(G[1], G[2], G[3], G[4], G[0][C_MULT], G[5], G[6], G[9])
    who = Who(me, n, richest)
    if phase == TOAST:
        return 0 if _edge(order, tb, who) > 0 else 1
    own = H[2]
    own[0] = 2 * me
    own[1] = 2 * me + 1
    roll_delta = sc[S_ROLL] * sc[S_ROLLSIGN] if phase == ROLLED else 0
    values = H[3]
    _values(legal_rows, m, order, tb, who, Now(money, sc[S_CUP], roll_delta, own), Scratch(values, H[0], H[4], H[5]))
    best = _top(values[:m])
    ntop = 0
    for i in range(m):
        if values[i] >= best - 1e-9:
            ntop += 1
    pick = fr.randbelow_inline(rng, ntop)
    for i in range(m):
        if values[i] >= best - 1e-9:
            if pick == 0:
                return i
            pick -= 1
    return 0


#: ``_heuristic`` compiled once and called (the batch game: inlined there, it crowded the random games' loop, +12 % CPU
#: per game; a search's advice), and inlined for a rollout's every move (``compiled_search.rollout``)
heuristic = njit(cache=True, _nrt=False)(_heuristic)
heuristic_inline = njit(cache=True, _nrt=False, inline="always")(_heuristic)


# -- the end -----------------------------------------------------------------------------------
@njit(cache=True, **_SEATS)
def _tie_rule(S):  # type: ignore[no-untyped-def]
    """``rules.tie_rule``: the deck's ``tie_for_win`` ruling from ``cfg`` (these kernels play only decks with one)."""
    return S[1][0][C_RULES + G_TIE]


#: ``rules.winners`` compiled as it is: 0/1 per seat into ``win`` (``DracoState._winners``)
winners = bind(rules.winners, "draco", {"_nrt": False}, money=_money, tie_rule=_tie_rule,
               count=njit(cache=True, **_SEATS)(rules.count), below=njit(cache=True, **_SEATS)(rules.below))


# -- determinize ----------------------------------------------------------------------------------
# ``rules.redeal`` over ``S = (V, G, D, mt)``: the copy's views, the tables, the determinize scratch, the copy's chance
@njit(cache=True, **_SEATS)
def _pools(S):  # type: ignore[no-untyped-def]
    """``D``'s pools per rebuild, their sizes and the hidden marks, zeroed (the pools are written before read)."""
    D = S[2]
    _zero(D[1])
    _zero(D[2])
    return D[0], D[1], D[2]


@njit(cache=True, **_SEATS)
def _hidden_place(S, i):  # type: ignore[no-untyped-def]
    """The hands by seat, then the pile, then the cards set aside: the row and its count."""
    V = S[0]
    n = S[1][0][C_N]
    if i < n:
        return V[4][i], V[3][i]
    if i == n:
        return V[5], V[0][S_PILE]
    return V[7], V[0][S_ASIDE]


@njit(cache=True, **_SEATS)
def _reseed(S, rng):  # type: ignore[no-untyped-def]
    """``random.Random(rng.getrandbits(64))`` into the copy's generator."""
    low = np.uint64(fr.genrand_inline(rng))
    high = np.uint64(fr.genrand_inline(rng))
    fr.seed(S[3], (high << np.uint64(32)) | low)


_redeal = bind(rules.redeal, "draco", {"_nrt": False}, **FORMS, pools=_pools, hidden_place=_hidden_place,
               shuffle_pool=_shuffle_pool, reseed=_reseed)


@njit(cache=True, _nrt=False)
def determinize(src, dst, seat, rng, dst_mt, G, D):  # type: ignore[no-untyped-def]
    """``dst`` = ``src`` with what ``seat`` cannot see dealt again (``rules.redeal``, draw for draw with
    ``DracoState.determinize``); ``dst_mt`` gets the sample's own chance."""
    copy(dst, src)
    _redeal((_views(dst, G[0]), G, D, dst_mt), seat, rng)
