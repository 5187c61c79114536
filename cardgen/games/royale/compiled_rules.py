"""Royale's rules compiled: every numba kernel of the game, for batch play and search alike.

One position is one flat ``int64`` array (``fields``, offsets from ``layout``): the record
``rules`` lays out, the one the reference engine keeps in a list (``RoyaleState.s``): the scalar
slots (``st``: ``S_*``), the buffet, the pile (top at the end), the discard, the hand, the
cards under each (seat, noble slot), their rows of the noble table, validated flags, scores, imposter
uses left, the solo piles, and the end card's zone (``RoyaleState.end_zone``: only
``determinize`` reads it). A copy of a position is one array copy. The rules' places are
views here, so each starts at 0 (``cells``, ``fresh``... answer the view and 0). The static tables ``G``
(lines, imposter cells, solo cards, card codes per noble, checker rows, points, the noble
table, ``values``) are built by ``compiled.RoyaleFast`` from the reference game.

The kernels mirror ``engine.py`` step for step, so that a game seeded ``s`` is the reference
game seeded ``s``: every shuffle and draw comes from ``fastrng`` in the reference's order, and
legal actions are enumerated in the reference's order (lines, then the seat's imposter
placements; cards in hand by open noble slot; clears by slot, then stop). Actions are
integers: ``i < nlines`` takes line ``i``; ``nlines + j`` places the seat's imposter ``j``-th
way; ``A_PLACE + c * nslots + s`` puts card ``c`` under slot ``s``; ``A_CLEAR + s`` clears
slot ``s``; ``A_STOP`` stops clearing.

* ``deal``: the set-up; ``legal_actions``; ``apply`` (``_apply``): one action, chance from
  ``fastrng``; ``result`` / ``outcome``: the end and its tie-breaks; ``determinize``: the
  pile dealt again (search). How the pile is built from packets, dealt again and who wins are
  ``rules.py``'s functions themselves (``packets``, ``redeal``, ``result``, ``winners``), written once: the
  engine runs them on its lists, this module compiles them as they are (``cardgen.jit.bind``);
* ``heuristic`` (``_heuristic``): ``agents.HeuristicAgent`` on these arrays, the one compiled
  heuristic (batch seats and search rollouts): the agent's planner (``agents.decide``,
  ``clearing`` and their callees) compiled as it is (``cardgen.jit.bind``), reading the noble
  table through ``_step``, ``_value``, ``_empty``, ``_need`` and the actions through ``_action_cards``,
  ``_clears``;
* ``play_on``: the decision loop both callers run: seats of the random agent, the heuristic,
  or a search's rollout policy.

**Noble requirements** are ``compiled_require``'s compiled checkers: the cards under a noble
are a row of its table, ``trans[row, code]`` the row after one more card. The step kernels
only read the table: one that meets a transition not computed yet answers ``MISSING``
(which one in ``miss``) before changing anything or drawing; its caller computes it
(``_fill``, ``compiled_require.step``, which allocates) and resumes where it stopped, so the
draws are those of a table that knew it. When the table has no room for a new row
(``FULL``) the caller grows it in Python and plays again from the same seed (same game).

**Speed.** The kernels run without numba's reference counting (``_hot``, ``_inline``): they
never allocate, and every array they get lives in the caller for the whole call. With it,
the atomic increment and decrement of each array at each call took half of a search's time
(perf, 3 players, heuristic rollouts). The entry points a search calls at every step or rollout
(``apply``'s step, ``outcome``) build the rules' record ``S`` without it too: counted, its forty-odd arrays
cost a plain search a sixth of its time. ``determinize`` keeps it: its sort (``_sort``, numpy's) needs it, and
a callee compiled first from a kernel without it is compiled without it too. Kernels take the position's views (``fields``) built
once per buffer. The heuristic's planner reads noble values from a table (``G_VALUES``, the
agent's ``noble_value`` per slot and need), with the same decisions, draw for draw, as the
Python agent.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.games.royale import agents, compiled_require, rules
# MISSING: what a kernel without NRT answers when it meets a transition the noble table does not know
from cardgen.games.royale.agents import MISSING, Gains, Plans, Seat, Walk
# the rules' codes: cells, phases, gap kinds, end codes, the deck's numbers (``cfg``)
from cardgen.games.royale.rules import (ALL_NOBLES, BANQUET_OVER, C_A_CLEAR, C_A_PLACE, C_A_STOP, C_CARDS,  # noqa: F401
                                        C_CELLS, C_END_DRAWS, C_GAPS, C_GHOST, C_LINES, C_NSOLO, C_PACKETS,
                                        C_PLAYERS, C_RESHUFFLE_POS, C_SETUP_POS, C_SLOTS, C_SOLO, C_SOLO_TURNS,
                                        C_USES_END, C_VOLUNTARY, CFG_SIZE, CLEAR, EMPTY, END, GAP_KINDS, GAP_NOTHING,
                                        GAP_PILE, GAP_SHORT, GAP_SOLO, GAP_TIE, GAP_UNEVEN, OVER, PLACE, PLAYING,
                                        SOLO_EXHAUSTED, STALLED, SUPPLY_EXHAUSTED, TAKE, TIE_SHARED, TURNS_DONE,
                                        UNSETTLED)
from cardgen.jit import bind

#: kernels without numba's reference counting (see the module's docstring)
_HOT = {"_nrt": False}
_hot = njit(cache=True, **_HOT)
#: the same, inlined (numba IR) into the caller: a call passes each array as seven words
_INLINE = {"_nrt": False, "inline": "always"}
_inline = njit(cache=True, **_INLINE)
#: the turn's long steps, compiled once and inlined by LLVM (numba's ``forceinline``): called, each call wrote the
#: whole record ``S`` on the stack (see Draco's ``compiled_rules``); the kernels they call say
#: ``forceinline=False``, which an inlined step would otherwise pass on to them
_STEP = {"_nrt": False, "forceinline": True}
_CALLED = {"_nrt": False, "forceinline": False}


DEAD = compiled_require.DEAD
OK = 0
FULL = compiled_require.FULL
#: seat kinds of ``play_on``: the random agent, the heuristic agent (``agents``), and a search's
#: rollouts: random moves (``random_rollout``), the heuristic with chance ``epsilon`` of a random move
AGENT_RANDOM, AGENT_HEURISTIC, ROLLOUT_RANDOM, ROLLOUT_POLICY = range(4)
#: ``st[S_STATUS]`` besides 0: FULL (grow the noble table, play again), the cap met, no legal action
CAPPED, NO_LEGAL = 2, 3
#: ``miss`` (``W[4]``): the transition (row, code), where ``play_on`` resumes, its action, steps left
MISS_ROW, MISS_CODE, MISS_RESUME, MISS_ACTION, MISS_LEFT = range(5)
RESUME_STEP, RESUME_CHOOSE, RESUME_APPLY = range(3)
#: the work arrays ``W``: two scratch piles, the gap log, the legal actions, ``miss``, and the dish and solo piles
#: as dealt (``deal`` writes them). The set-up's piles live here, not in a longer record of its own: every step
#: then gets a record ``S = (V, G, W, mt)`` of one type, and numba compiles each called step once, where a
#: six-field record for the set-up compiled ``refill``, ``pack`` and ``reshuffle`` a second time (issue 49)
W_WORK, W_WORK2, W_GAPS, W_LEGAL, W_MISS, W_INIT_PILE, W_INIT_SOLO = range(7)

# -- the record's scalar slots (``st``: ``S_*``) and fields (``fields``: ``F_*``, an index into ``off``): ``rules``'
from cardgen.games.royale.rules import (F_DISC, F_DONE, F_GRID, F_HAND, F_IMPLEFT, F_PILE, F_ROW,  # noqa: F401
                                        F_SCORE, F_SOLO, F_SREV, F_ST, F_ULEN, F_UNDER, F_ZONE, S_DECISIONS, S_DISC,
                                        S_END, S_END_DRAWS, S_FINISHED, S_FORCED, S_HAND, S_INIT_LEN, S_NGAPS,
                                        S_PEAK_UNDER, S_PHASE, S_PILE, S_PLAYER, S_RESHUFFLE_PEAK, S_REV_LEN, S_ROUNDS,
                                        S_SOLO_INIT, S_SOLO_LEN, S_STATUS, S_TURNS, S_VOLUNTARY, S_WINNER, ST_SIZE)
# -- the static tables (``G``), in order -------------------------------------------------------------
(G_CFG, G_LINES, G_LINE_LEN, G_IMP_CELLS, G_IMP_LEN, G_IMP_COUNT, G_SOLO_CELLS, G_SOLO_LEN, G_CODES, G_ROOT,
 G_POINTS, G_NOBLES, G_VALUES, G_IMP_USES) = range(14)


def layout(players: int, ncards: int, ncells: int, nslots: int, nsolo: int) -> tuple[np.ndarray, int]:
    """The offsets (``off[field] = (start, shape...)``) and size of a position of these dimensions
    (``rules.layout``)."""
    fields, size = rules.layout(players, ncards, ncells, nslots, nsolo)
    off = np.zeros((len(fields), 3), dtype=np.int64)
    for i, field in enumerate(fields):
        off[i, :len(field)] = field
    return off, size



@_hot
def _gap(st, cfg, gaps, kind, a, b, c):
    """``State.gap``: log gap ``kind`` (``a``, ``b``, ``c`` for its detail) and answer the deck's resolution,
    ``cfg[C_GAPS + kind]``; UNSETTLED stalls the game (``STALLED + kind``) and the caller stops."""
    i = st[S_NGAPS]
    if i < gaps.shape[0]:
        gaps[i, 0] = kind
        gaps[i, 1] = a
        gaps[i, 2] = b
        gaps[i, 3] = c
    st[S_NGAPS] = i + 1
    if cfg[C_GAPS + kind] == UNSETTLED:
        st[S_END] = STALLED + kind
    return cfg[C_GAPS + kind]


#: ``rules.packets`` and ``rules.redeal`` are compiled as they are with this module's draws and sort
#: (``_put_packets``, ``_redeal``): the reference's rules, on arrays
_put_packets = bind(rules.packets, "royale", _INLINE, randbelow=fastrng.randbelow_inline)


# -- the turn flow: ``rules.py``'s steps compiled as they are, over ``S`` ------------------------------
# ``S``: (``V``, the position's views, ``F_*``; ``G``, the static tables, ``G_*``; ``W``, the work arrays;
# ``mt``, chance); the counters are ``st``'s slots, a pile's size its count slot.
@_inline
def _take_cells(G, p, a):
    """The cells take ``a`` of seat ``p`` names: line ``a``, or the seat's imposter placement ``a - nlines``;
    and how many."""
    nlines = G[G_CFG][C_LINES]
    if a < nlines:
        return G[G_LINES][a], G[G_LINE_LEN][a]
    return G[G_IMP_CELLS][p, a - nlines], G[G_IMP_LEN][p, a - nlines]


@_inline
def _get(S, key):
    return S[0][F_ST][key]


@_inline
def _put(S, key, value):
    S[0][F_ST][key] = value


@_inline
def _pop(S, zone):
    st = S[0][F_ST]
    st[zone] -= 1
    if zone == S_PILE:
        return S[0][F_PILE][st[zone]]
    return S[0][F_SOLO][st[zone]]


@_inline
def _push(S, zone, card):
    st = S[0][F_ST]
    if zone == S_DISC:
        S[0][F_DISC][st[zone]] = card
    elif zone == S_HAND:
        S[0][F_HAND][st[zone]] = card
    else:
        S[0][F_SREV][st[zone]] = card
    st[zone] += 1


@_inline
def _fresh(S, zone, n):
    """``rules.fresh``: pile ``zone`` (the dish pile or the solo pile) holds ``n`` cards, to be written into its
    array (from 0)."""
    S[0][F_ST][zone] = n
    if zone == S_PILE:
        return S[0][F_PILE], 0
    return S[0][F_SOLO], 0


@_inline
def _shuffle(mt, x, at, n):
    """``rules.shuffle``: ``fastrng.shuffle_fast`` of the ``n`` items of ``x`` from ``at``."""
    fastrng.shuffle_fast(mt, x[at:], n)


@_inline
def _gap_of(S, kind, a, b, c):
    return _gap(S[0][F_ST], S[1][G_CFG], S[2][2], kind, a, b, c)


@_inline
def _finish_of(S, reason):
    _end(S, reason, -1)


@_inline
def _over(S):
    return S[0][F_ST][S_END] != PLAYING


@_inline
def _config(S):
    return S[1][G_CFG]


@_inline
def _cells(S):
    return S[0][F_GRID], 0


@_inline
def _solo_cells(S, card):
    return S[1][G_SOLO_CELLS][card], S[1][G_SOLO_LEN][card]


@_inline
def _slot(S, p, s):
    """The index of seat ``p``'s noble slot ``s`` in the per-slot fields and tables."""
    return p * S[1][G_CFG][C_SLOTS] + s


@_inline
def _under_size(S, p, s):
    return S[0][F_ULEN][_slot(S, p, s)]


@_inline
def _under_card(S, p, s, i):
    return S[0][F_UNDER][_slot(S, p, s), i]


@_inline
def _reset_noble(S, p, s):
    k = p * S[1][G_CFG][C_SLOTS] + s
    S[0][F_ULEN][k] = 0
    S[0][F_ROW][k] = S[1][G_ROOT][k]


@_inline
def _hand_card(S, h):
    return S[0][F_HAND][h]


@_inline
def _validated(S, p, s):
    return S[0][F_DONE][p * S[1][G_CFG][C_SLOTS] + s] != 0


@_inline
def _imposter_ways(S, p):
    return S[1][G_IMP_COUNT][p] if S[0][F_IMPLEFT][p] > 0 else 0


@_inline
def _take_cells_of(S, p, a):
    return _take_cells(S[1], p, a)


@_inline
def _scratch(S, n):
    return S[2][1]


@_inline
def _chance(S):
    return S[3]


@_inline
def _new_pile(S, n):
    return _fresh(S, S_PILE, n)


@_inline
def _new_solo(S, n):
    return _fresh(S, S_SOLO_LEN, n)


@_inline
def _set_zone(S, built, lo, hi):
    zone = S[0][F_ZONE]
    zone[0] = built
    zone[1] = lo
    zone[2] = hi


@_inline
def _card_at(S, zone, i):
    """``rules.card_at``: the ``i``-th card of the dish pile, the discard or the revealed solo cards."""
    if zone == S_PILE:
        return S[0][F_PILE][i]
    if zone == S_DISC:
        return S[0][F_DISC][i]
    return S[0][F_SREV][i]


@_inline
def _empty(S, zone):
    S[0][F_ST][zone] = 0


@_inline
def _peak(S, n):
    st = S[0][F_ST]
    if n > st[S_RESHUFFLE_PEAK]:
        st[S_RESHUFFLE_PEAK] = n


@_inline
def _dealt(S):
    """``rules.dealt``: the piles as dealt, top first, into the work arrays ``init_pile`` and ``init_solo``
    (``W[W_INIT_PILE]``, ``W[W_INIT_SOLO]``), and the pile's size (``S_INIT_LEN``)."""
    st, pile, solo = S[0][F_ST], S[0][F_PILE], S[0][F_SOLO]
    init_pile, init_solo = S[2][W_INIT_PILE], S[2][W_INIT_SOLO]
    n, ns = st[S_PILE], st[S_SOLO_LEN]
    st[S_INIT_LEN] = n
    for i in range(n):
        init_pile[i] = pile[n - 1 - i]
    for i in range(ns):
        init_solo[i] = solo[ns - 1 - i]


@_inline
def _tally(S, key):
    S[0][F_ST][key] += 1


@_inline
def _use_imposter(S, p, a):
    S[0][F_IMPLEFT][p] -= 1


@_inline
def _new_hand(S):
    S[0][F_ST][S_HAND] = 0


@_inline
def _from_hand(S, card):
    """``card`` taken out of the hand, the cards after it moved up."""
    st, hand = S[0][F_ST], S[0][F_HAND]
    h = st[S_HAND]
    for i in range(h):
        if hand[i] == card:
            for j in range(i, h - 1):
                hand[j] = hand[j + 1]
            break
    st[S_HAND] = h - 1


@_inline
def _start_row(S, p, s):
    """``rules.start_row``: the slot's noble's row with no card (``G_ROOT``; -1 past the seat's nobles)."""
    return S[1][G_ROOT][_slot(S, p, s)]


@_inline
def _noble_row(S, p, s):
    """``rules.noble_row``: the slot's row of the noble table (the engine's checker state)."""
    return S[0][F_ROW][_slot(S, p, s)]


@_inline
def _card_code(S, p, s, card):
    """``rules.card_code``: ``card``'s code for the slot's noble (``G_CODES``)."""
    return S[1][G_CODES][_slot(S, p, s), card]


@_inline
def _known(S, p, s, r, code):
    """``rules.known``: the noble table's answer, UNKNOWN where it was never worked out."""
    return S[1][G_NOBLES][1].trans[r, code]


@_inline
def _missed(miss, r, code):
    """The transition (``r``, ``code``) the noble table does not know yet, noted in ``miss`` for the caller to
    compute (``_fill``): UNKNOWN."""
    miss[MISS_ROW] = r
    miss[MISS_CODE] = code
    return compiled_require.UNKNOWN


@_inline
def _learn(S, p, s, r, code):
    """``rules.learn``: a kernel cannot grow the noble table; the transition is noted in ``miss`` (``W[4]``)."""
    return _missed(S[2][4], r, code)


@_inline
def _put_under(S, p, s, card):
    k = p * S[1][G_CFG][C_SLOTS] + s
    ulen = S[0][F_ULEN]
    S[0][F_UNDER][k, ulen[k]] = card
    ulen[k] += 1


@_inline
def _set_row(S, p, s, nid):
    S[0][F_ROW][p * S[1][G_CFG][C_SLOTS] + s] = nid


@_inline
def _need_of(S, p, s):
    return S[1][G_NOBLES][1].need[S[0][F_ROW][p * S[1][G_CFG][C_SLOTS] + s]]


@_inline
def _validate(S, p, s):
    k = p * S[1][G_CFG][C_SLOTS] + s
    S[0][F_DONE][k] = 1
    S[0][F_SCORE][p] += S[1][G_POINTS][k]


@_inline
def _win(S, p):
    _end(S, ALL_NOBLES, p)


@_inline
def _scores(S):
    return S[0][F_SCORE]


_FORMS = dict(get=_get, put=_put, size=_get, pop=_pop, push=_push, fresh=_fresh, scores=_scores,
              scratch=_scratch, chance=_chance, new_pile=_new_pile, new_solo=_new_solo, set_zone=_set_zone,
              card_at=_card_at, empty=_empty, peak=_peak, dealt=_dealt, shuffle=_shuffle,
              gap=_gap_of, finish=_finish_of, over=_over, config=_config, cells=_cells,
              solo_cells=_solo_cells, under_size=_under_size, under_card=_under_card,
              reset_noble=_reset_noble, hand_card=_hand_card, validated=_validated, imposter_ways=_imposter_ways,
              take_cells=_take_cells_of, tally=_tally, use_imposter=_use_imposter, new_hand=_new_hand,
              from_hand=_from_hand, start_row=_start_row, noble_row=_noble_row, card_code=_card_code, known=_known, learn=_learn, put_under=_put_under, set_row=_set_row, need=_need_of,
              validate=_validate, win=_win, K_TURNS=S_TURNS, K_ROUNDS=S_ROUNDS, K_PLAYER=S_PLAYER, K_PHASE=S_PHASE,
              K_END_DRAWS=S_END_DRAWS, K_PEAK_UNDER=S_PEAK_UNDER, K_FORCED=S_FORCED, K_VOLUNTARY=S_VOLUNTARY,
              K_END=S_END, K_WINNER=S_WINNER, K_FINISHED=S_FINISHED, PILE=S_PILE, DISCARD=S_DISC, SOLO=S_SOLO_LEN,
              REVEALED=S_REV_LEN, HAND=S_HAND)
_end = bind(rules.end, "royale", _INLINE, **_FORMS)
# ``reshuffle`` is a call, not inlined: ``draw`` is inlined at every draw site (as ``pack``, see below)
_FORMS.update(row_after=bind(rules.row_after, "royale", _INLINE, **_FORMS))
_reshuffle_once = bind(rules.reshuffle, "royale", _CALLED, **_FORMS)


@_inline
def _reshuffle(S, src, dst):
    """``rules.reshuffle``, compiled once: its piles passed as plain integers, where the rules' constants
    (``DISCARD``, ``PILE``...) would compile a copy for each pair of them."""
    _reshuffle_once(S, np.int64(src), np.int64(dst))


_FORMS.update(reshuffle=_reshuffle, next_row=bind(rules.next_row, "royale", _INLINE, **_FORMS))
# ``pack`` (and ``setup``, run once per game) are calls, not inlined: every draw site inlines ``repack``, and
# a pile build inlined into each would multiply the compile time (numba inlines its IR at every call site)
_pack = bind(rules.pack, "royale", _CALLED, **_FORMS, packets=_put_packets)
_repack = bind(rules.repack, "royale", _INLINE, **_FORMS, pack=_pack)
_draw = bind(rules.draw, "royale", _INLINE, **_FORMS, repack=_repack)
# ``refill`` and ``end_turn`` are compiled once and inlined by LLVM where called (``_STEP``), as Draco's long steps.
# Inlined by numba (``inline="always"``), ``act`` reached ``end_turn`` by three paths (stop, a serve, a noble
# cleared), each ``end_turn`` held three ``refill``s (two directly, one in ``ghost``), each a draw site: nine typed
# copies of the draw chain in every caller of ``apply``; the step kernels' first compile (those of
# tests/test_royale_search.py, an empty cache) took 479 s of CPU against 84 s called. Called, each call wrote the
# whole record ``S`` on the stack: random games and plain search 1.2-1.3x the base's. Inlined by LLVM (numba types
# each step once): random games at 4 players 22-29 against 31-44 us called, a plain search game 0.66 against 0.88 s
# (the base 0.71), the search drivers' first compile 477 against 441 s of CPU (docs/DEVELOPING.md, "Royale, the
# same change")
_refill = bind(rules.refill, "royale", _STEP, **_FORMS, on_draw=_draw)
_ghost = bind(rules.ghost, "royale", _INLINE, **_FORMS, on_refill=_refill)
_start_turn = bind(rules.start_turn, "royale", _INLINE, **_FORMS)
_setup = bind(rules.setup, "royale", _HOT, **_FORMS, pack=_pack, on_refill=_refill, on_ghost=_ghost,
              on_start=_start_turn)
_end_turn = bind(rules.end_turn, "royale", _STEP, **_FORMS, on_refill=_refill, on_ghost=_ghost,
                 on_start=_start_turn)
_clear = bind(rules.clear, "royale", _INLINE, **_FORMS)
_legal = bind(rules.legal, "royale", _INLINE, **_FORMS)
_serve = bind(rules.serve, "royale", _INLINE, **_FORMS, on_clear=_clear, on_end_turn=_end_turn)
_act = bind(rules.act, "royale", _INLINE, **_FORMS, on_end_turn=_end_turn,
            on_take=bind(rules.take, "royale", _INLINE, **_FORMS),
            on_place=bind(rules.place, "royale", _INLINE, **_FORMS, on_clear=_clear, on_serve=_serve),
            cleared=bind(rules.cleared, "royale", _INLINE, **_FORMS, on_clear=_clear, on_end_turn=_end_turn))
assert rules.UNKNOWN == compiled_require.UNKNOWN and rules.DEAD == DEAD


@_inline
def _random(mt):
    """``fastrng.random`` (the same float from the same words) with the inlined draws."""
    a = fastrng.genrand_inline(mt) >> np.uint32(5)
    b = fastrng.genrand_inline(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


# == views ==========================================================================================
@njit(cache=True)
def _f1(s, off, i):
    o = off[i, 0]
    return s[o:o + off[i, 1]]


@njit(cache=True)
def fields(s, off):
    """The position's arrays (views of ``s``)."""
    o = off[F_UNDER, 0]
    under = s[o:o + off[F_UNDER, 1] * off[F_UNDER, 2]].reshape((off[F_UNDER, 1], off[F_UNDER, 2]))
    return (_f1(s, off, F_ST), _f1(s, off, F_GRID), _f1(s, off, F_PILE), _f1(s, off, F_DISC),
            _f1(s, off, F_HAND), under, _f1(s, off, F_ULEN), _f1(s, off, F_ROW), _f1(s, off, F_DONE),
            _f1(s, off, F_SCORE), _f1(s, off, F_IMPLEFT), _f1(s, off, F_SOLO), _f1(s, off, F_SREV),
            _f1(s, off, F_ZONE))


# == step kernels ===================================================================================
@_inline
def legal_actions(V, G, out):
    """Write the legal action ids into ``out`` in the reference's order; return how many (``rules.legal``)."""
    return _legal((V, G, None, None), out)


@_inline
def _apply(V, G, W, mt, a):
    """Play action ``a`` (legal) in the position of views ``V``, chance from ``mt`` (``rules.act``): OK, or
    MISSING (the noble table lacks the transition of a card placed, noted in ``W[4]``; nothing was changed)."""
    if not _act((V, G, W, mt), a):
        return MISSING
    V[F_ST][S_DECISIONS] += 1
    return OK


@njit(cache=True)
def _fill(R, miss):
    """Compute the transition a kernel missed (``compiled_require.step``): its row, DEAD, or FULL (no room).
    The second half of ``rules.learn``'s compiled form: the kernel noted the transition (``_learn``), its caller,
    which may allocate, works it out here."""
    return compiled_require.step(*R, miss[MISS_ROW], miss[MISS_CODE])


_renumber = bind(rules.renumber, "royale", _INLINE, **_FORMS,
                 found_row=bind(rules.found_row, "royale", _INLINE, **_FORMS))


@njit(cache=True)
def renumber(V, G, W):
    """The nobles' states of a record copied from the engine numbered as this tier's noble table does
    (``rules.renumber``), computing the transitions it misses: OK, or FULL (the noble table is full)."""
    while not _renumber((V, G, W, None)):
        if _fill(G[G_NOBLES], W[4]) == FULL:
            return FULL
    return OK


@_hot
def _apply_hot(V, G, W, mt, a):
    """``_apply`` without reference counting: the record ``S = (V, G, W, mt)`` it builds holds about forty
    arrays, and counting a reference to each at every call (a search calls ``apply`` at each step down its
    tree) made Royale's plain search about 16 % slower than its kernels before the rule flow (issue 49)."""
    return _apply(V, G, W, mt, a)


@njit(cache=True)
def apply(V, G, W, mt, a):
    """``_apply``, computing the transitions it misses: OK, or FULL (the noble table is full)."""
    while _apply_hot(V, G, W, mt, a) == MISSING:
        if _fill(G[11], W[4]) == FULL:
            return FULL
    return OK


@njit(cache=True)
def deal(V, G, W, mt):
    """``RoyaleGame.new_initial_state``: the position at the first decision, chance from ``mt``
    (``rules.setup``; the dish pile and solo pile as dealt, top first, into ``W[W_INIT_PILE]`` /
    ``W[W_INIT_SOLO]``).
    ``st[S_INIT_LEN]`` -1: an uneven split stalled the set-up."""
    root, imp_uses = G[G_ROOT], G[G_IMP_USES]
    st, grid, ulen, row, done, score, imp_left = V[F_ST], V[F_GRID], V[F_ULEN], V[F_ROW], V[F_DONE], V[F_SCORE], \
        V[F_IMPLEFT]
    st[:] = 0
    st[S_RESHUFFLE_PEAK] = -1
    st[S_WINNER] = -1
    st[S_INIT_LEN] = -1
    grid[:] = EMPTY
    for k in range(root.shape[0]):
        ulen[k] = 0
        row[k] = root[k]
        done[k] = 0 if root[k] >= 0 else 1
    score[:] = 0
    imp_left[:] = imp_uses
    _setup((V, G, W, mt))


#: the winners (``win[p]`` 1) of a game that ended in ``S`` and its tie-break (``rules.TIE_*``): ``rules.result``
#: and ``winners``, compiled as they are (the ``tie_after_tiebreak`` gap: ``outcome`` and the batch say)
result = bind(rules.result, "royale", _HOT, **_FORMS,
              winners=bind(rules.winners, "royale", _INLINE, dishes=bind(rules.dishes, "royale", _INLINE, **_FORMS)))


@_hot
def outcome(V, G, scores, win):
    """Scores and winners (1 per winner) of a finished position; False when it is not a finished game
    (playing, stalled, or a tie after the tie-break the deck does not settle)."""
    st = V[F_ST]
    end = st[S_END]
    if end == PLAYING or end >= STALLED:
        return False
    score = V[F_SCORE]
    for q in range(score.shape[0]):  # a loop, not a slice: ``_hot`` callers compile it without NRT
        scores[q] = score[q]
    return not (result((V, G, None, None), win) == TIE_SHARED and G[G_CFG][C_GAPS + GAP_TIE] == UNSETTLED)


@njit(cache=True)
def _sort(x, at, n):
    """``rules.sort``: the ``n`` items of ``x`` from ``at`` sorted, in place."""
    x[at:at + n].sort()


@njit(cache=True)
def _shuffle_nrt(mt, x, at, n):
    """``rules.shuffle`` for ``determinize`` (compiled with reference counting): ``fastrng.shuffle``."""
    fastrng.shuffle(mt, x[at:], n)


@_inline
def _pile_cards(S):
    return S[0][F_PILE], 0


@_inline
def _solo_cards(S):
    return S[0][F_SOLO], 0


@_inline
def _zone(S):
    return S[0][F_ZONE]


_redeal = bind(rules.redeal, "royale", None, randbelow=fastrng.randbelow_inline, shuffle=_shuffle_nrt, sort=_sort)
_determinize = bind(rules.determinize, "royale", None, over=_over, size=_get, pile_cards=_pile_cards,
                    solo_cards=_solo_cards, end_zone=_zone, PILE=S_PILE, SOLO=S_SOLO_LEN, redeal=_redeal)


@njit(cache=True)
def determinize(root, out, V, mt):
    """Copy ``root`` into ``out`` (views ``V``) with the piles dealt again: ``rules.redeal``, as
    ``RoyaleState.determinize`` (everything else in Royale is public)."""
    out[:] = root
    _determinize((V, None, None, None), mt)


# == the heuristic =====================================================================================
# The agent's own planner (``agents.move``, ``better``, ``gains``, ``pick``, ``plan_small``, ``plan``,
# ``decide``, ``clearing``), compiled as it is with this module's forms of the names it reads. ``T``, the
# seat's open nobles: (card codes per slot, ``G_VALUES``, the table's ``need`` and ``trans``, ``miss``, each
# open noble's slot ``k`` and empty row); ``X``, what the legal actions read: (``G``, the grid, the hand,
# its size, the seat, the phase, slot -> open noble).
@_inline
def _step(T, i, r, c):
    """``agents.step``: the row after card ``c`` under open noble ``i`` at row ``r`` (a row or DEAD), or
    MISSING: the table does not know it yet (noted in ``miss``)."""
    code = T[0][T[5][i], c]
    nid = T[3][r, code]
    if nid == compiled_require.UNKNOWN:
        _missed(T[4], r, code)
        return MISSING
    return nid


@_inline
def _value(T, i, r):
    """``agents.value``: ``noble_value`` of row ``r`` of open noble ``i``, read from ``G_VALUES``."""
    return 0.0 if r == DEAD else T[1][T[5][i], T[2][r]]


@_inline
def _empty(T, i):
    return T[6][i]


@_inline
def _need(T, i, r):
    return T[2][r]


@_inline
def _action_cards(X, a, cards):
    """``agents.action_cards`` of action id ``a``."""
    G, grid, hand, h, p, phase, pos = X
    cfg = G[G_CFG]
    n = 0
    if phase == PLACE:
        nslots = cfg[C_SLOTS]
        x = a - cfg[C_A_PLACE]
        c = x // nslots
        for j in range(h):
            if hand[j] != c:
                cards[n] = hand[j]
                n += 1
        return n, pos[x - c * nslots], c, False
    cells, ncells = _take_cells(G, p, a)
    for j in range(ncells):
        c = grid[cells[j]]
        if c >= 0:
            cards[n] = c
            n += 1
    return n, -1, -1, a >= cfg[C_LINES]


@_inline
def _clears(X, a):
    cfg, pos = X[0][G_CFG], X[6]
    return -1 if a == cfg[C_A_STOP] else pos[a - cfg[C_A_CLEAR]]


_move = bind(agents.move, "royale", _INLINE, step=_step, value=_value, empty=_empty)
_better = bind(agents.better, "royale", _INLINE, advance=_move)
_pick = bind(agents.pick, "royale", _INLINE, better=_better)
_decide = bind(agents.decide, "royale", _INLINE, value=_value, advance=_move, action_cards=_action_cards,
               draw=fastrng.randbelow_inline,
               gains=bind(agents.gains, "royale", _INLINE, advance=_move),
               plan_small=bind(agents.plan_small, "royale", _INLINE, pick=_pick),
               plan=bind(agents.plan, "royale", _INLINE, better=_better))
_clearing = bind(agents.clearing, "royale", _INLINE, need=_need, empty=_empty, clears=_clears)


@_inline
def _heuristic(V, G, H, mt, legal, m):
    """The index in ``legal[:m]`` that ``HeuristicAgent`` picks for the seat to move (``agents.decide``,
    ``agents.clearing``); MISSING: the noble table lacks a transition (noted in ``H[-1]``; nothing drawn
    from ``mt``)."""
    cfg, root = G[G_CFG], G[G_ROOT]
    O, cur, cards, picks, pos, gain0, new0, order, S, tot, miss = H
    ks, rows, roots = O[0], O[1], O[2]
    st, grid, hand, row, done = V[F_ST], V[F_GRID], V[F_HAND], V[F_ROW], V[F_DONE]
    p, phase, nslots = st[S_PLAYER], st[S_PHASE], cfg[C_SLOTS]
    nopen = 0
    for sl in range(nslots):
        k = p * nslots + sl
        pos[sl] = -1
        if not done[k]:
            ks[nopen] = k
            rows[nopen] = row[k]
            roots[nopen] = root[k]
            pos[sl] = nopen
            nopen += 1
    R = G[G_NOBLES]
    T = (G[G_CODES], G[G_VALUES], R[1].need, R[1].trans, miss, ks, roots)
    X = (G, grid, hand, st[S_HAND], p, phase, pos)
    if phase == CLEAR:
        return _clearing(T, X, legal, m, rows)
    pool, npool = hand, st[S_HAND]
    if phase == TAKE:
        pool, npool = cards, 0
        for cell in range(cfg[C_CELLS]):
            if grid[cell] >= 0:
                cards[npool] = grid[cell]
                npool += 1
    P = Plans(cards, Gains(gain0, new0, order), Walk(cur, S, tot), picks)
    return _decide(T, X, legal, m, Seat(nopen, rows, pool, npool), P, mt)


@_hot
def _heuristic_call(V, G, H, mt, legal, m):
    """``_heuristic`` as one call (rollouts inline it)."""
    return _heuristic(V, G, H, mt, legal, m)


@njit(cache=True)
def heuristic(V, G, H, mt, legal, m):
    """The index in ``legal[:m]`` that ``HeuristicAgent`` picks for the seat to move (-1: the noble table is full)."""
    while True:
        i = _heuristic_call(V, G, H, mt, legal, m)
        if i != MISSING:
            return i
        if _fill(G[11], H[-1]) == FULL:
            return -1




# == the decision loop ================================================================================
@_hot
def play_on(V, G, W, H, mt, amt, P):
    """Play on from ``V``, ``miss[MISS_LEFT]`` decisions at most; ``P``, the seats: (``kinds``, ``epsilon``,
    ``record``, ``actions``), seat ``p`` choosing as ``kinds[p]``
    (``AGENT_*``: the agents' own draws from ``amt``; ``ROLLOUT_*``: a search's rollout policy,
    ``epsilon`` its chance of a random move), chance from ``mt``; ``record``: each decision's
    (seat, action) into ``actions``.

    Returns OK (ended, stalled, out of decisions, or no legal action: ``st[S_STATUS]`` NO_LEGAL),
    or MISSING: the noble table lacks a transition (``miss`` says which, and where to resume once
    it is known: choose again, or apply ``miss[MISS_ACTION]``; the caller computes it, ``_fill``).
    """
    kinds, epsilon, record, actions = P
    legal, miss = W[3], W[4]
    st = V[F_ST]
    while miss[MISS_LEFT] > 0:
        resume = miss[MISS_RESUME]
        miss[MISS_RESUME] = RESUME_STEP
        p = st[S_PLAYER]
        if resume == RESUME_APPLY:
            a = miss[MISS_ACTION]
        else:
            if st[S_END] != PLAYING:
                return OK
            m = legal_actions(V, G, legal)
            if m == 0:
                st[S_STATUS] = NO_LEGAL
                return OK
            kind = kinds[p]
            i = 0
            if kind == AGENT_RANDOM or (kind == AGENT_HEURISTIC and m == 1):
                i = fastrng.randbelow_inline(amt, m)  # the agents' ``rng.randrange(len(legal))``
            elif m > 1:
                choose = kind == AGENT_HEURISTIC or resume == RESUME_CHOOSE  # no draw made yet
                if not choose:
                    if kind == ROLLOUT_RANDOM:
                        i = int(_random(amt) * m)
                    elif epsilon > 0.0 and _random(amt) < epsilon:
                        i = int(_random(amt) * m)
                    else:
                        choose = True
                if choose:
                    i = _heuristic(V, G, H, amt, legal, m)
                    if i == MISSING:
                        miss[MISS_RESUME] = RESUME_CHOOSE
                        return MISSING
            a = legal[i]
        if _apply(V, G, W, mt, a) == MISSING:
            miss[MISS_RESUME] = RESUME_APPLY
            miss[MISS_ACTION] = a
            return MISSING
        if record:
            d = st[S_DECISIONS] - 1
            actions[d, 0] = p
            actions[d, 1] = a
        miss[MISS_LEFT] -= 1
    return OK


@njit(cache=True)
def play_out(V, G, W, H, mt, amt, P):
    """``play_on`` to its end (``P``: its seats), computing the transitions it misses: OK, or FULL (the noble
    table is full)."""
    miss = W[4]
    while play_on(V, G, W, H, mt, amt, P) == MISSING:
        if _fill(G[G_NOBLES], miss) == FULL:
            return FULL
    return OK
