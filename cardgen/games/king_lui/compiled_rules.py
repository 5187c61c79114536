"""King Lui's rules compiled: ``rules``' steps compiled as they are over the position as one ``int64`` array.

The record's layout, its fields and every rule step are ``rules``' (the reference engine runs the same
functions on its list): here they are compiled (``numba.njit``, ``cardgen.jit.bind`` where a step reads
a name the engine gives another form: the gap log, the Emerald meals, the shuffle), and chained by
``settle`` and ``apply``, the compiled form of the engine's hook methods (which step follows which:
no rule is written here). The batch loop (``compiled.py``) and the search driver
(``compiled_search.py``) both play through these kernels, and ``heuristic`` is
``agents.HeuristicAgent`` float for float, so a game seeded ``s`` is the reference game seeded ``s``.

Action codes are ``rules``': ``d`` takes dish d, ``n`` draws, ``n + 1`` places a drawn Emerald,
``n + 2 + c`` feeds Emerald combination ``c``. A state always rests at a decision (``legal`` lists it)
or at the end (``s[S_END] != PLAYING``). King Lui has no chance after the shuffle: a sample's future
lies in its supply order, which ``determinize`` deals again. Gaps met are written to a ``gaps``
buffer (kind, two numbers of its detail), ``s[S_GAPS]`` of them; search passes an empty one.

The kernels that allocate nothing compile with ``_nrt=False``: reference counting of
their array arguments took 40 % of a random batch (docs/king_lui.md, figures).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.games.king_lui import rules
from cardgen.games.king_lui.agents import Seen, best_actions, dish_value, gain
from cardgen.games.king_lui.rules import (C_COURSE, C_DISHES, C_NO_DISH, C_PLAYERS, CFG_SIZE, DRAWN_EMERALD,  # noqa: F401
                                          GAP_SHORT, HEADER, OVER, PLAYING, S_ACTED, S_CHEF, S_END, S_GAPS,
                                          S_KTOTAL, S_PENDING, S_PHASE, S_PLAYER, S_REMOVED, S_ROUNDS, S_SP,
                                          S_TEMER, S_TURNS, STALLED, SUPPLY_EXHAUSTED, UNSETTLED, C_CARDS, C_DRAW,
                                          C_EMPTY, C_PORTIONS, C_SHORT, choices, score, to_draw, winners)
from cardgen.jit import bind

# steps of the flow (``settle``)
_DEAL, _DECIDE, _PENDING, _ADVANCE = 0, 1, 2, 3


@njit(cache=True)
def size(n: int, players: int, cards: int) -> int:
    """Length of a state array."""
    return HEADER + 3 * n + 2 * players * n + cards


@njit(cache=True)
def views(s, n, players):
    """``(table, king, eaten, hands[seat, dish], taken[seat, dish], supply)`` of ``s`` (views; the whole
    supply buffer, ``s[S_SP]`` of it in use)."""
    o = HEADER + 3 * n
    return (s[HEADER:HEADER + n], s[HEADER + n:HEADER + 2 * n], s[HEADER + 2 * n:o],
            s[o:o + players * n].reshape((players, n)), s[o + players * n:o + 2 * players * n].reshape((players, n)),
            s[o + 2 * players * n:])


@njit(cache=True, _nrt=False, inline="always")
def _rule_gap(st, kind, a, b):
    """``rules.gap`` on ``st = (s, cfg, gaps)``: the gap (kind, two numbers of its detail) recorded when ``gaps``
    has room, counted anyway; the deck's ruling from ``cfg``."""
    s, gaps = st[0], st[2]
    i = s[S_GAPS]
    if i < gaps.shape[0]:
        gaps[i, 0] = kind
        gaps[i, 1] = a
        gaps[i, 2] = b
    s[S_GAPS] = i + 1
    return st[1][C_NO_DISH + kind]


_STEP = {"_nrt": False, "inline": "always"}
#: where the record's fields lie, for the steps that read them
_AT = {name: njit(cache=True, _nrt=False, inline="always")(getattr(rules, name)) for name in ("hand", "taken", "supply")}
#: ``rules``' steps compiled as they are, with this log for their ``gap``
_choices = bind(choices, "king_lui", _STEP, gap=_rule_gap)
_to_draw = bind(to_draw, "king_lui", _STEP, gap=_rule_gap)
_finish = njit(cache=True, _nrt=False)(rules.finish)
_deal = bind(rules.deal, "king_lui", _STEP, **_AT)
_turn = bind(rules.turn, "king_lui", _STEP, choices=_choices)
_pending = njit(cache=True, **_STEP)(rules.pending)
_advance = njit(cache=True, **_STEP)(rules.advance)
_take = bind(rules.take, "king_lui", _STEP, **_AT)
_draw = bind(rules.draw, "king_lui", _STEP, to_draw=_to_draw, **_AT)
_place = njit(cache=True, **_STEP)(rules.place)
_use_emerald = njit(cache=True, **_STEP)(rules.use_emerald)
_feed = njit(cache=True, **_STEP)(rules.feed)
_emeralds = njit(cache=True, _nrt=False)(rules.emeralds)
#: the legal codes: the meals the king's plate allows scanned each time (the engine remembers them)
legal = bind(rules.legal, "king_lui", {"_nrt": False}, offer=_emeralds)
_shuffled = bind(rules.shuffled, "king_lui", {"_nrt": False}, shuffle=fastrng.shuffle, stack=bind(
    rules.stack, "king_lui", {"_nrt": False}, **_AT))
_determinize = bind(rules.determinize, "king_lui", None, shuffle=fastrng.shuffle, **_AT)
_score = njit(cache=True, _nrt=False)(score)
_winners = njit(cache=True, _nrt=False)(winners)
_tie_standing = bind(rules.tie_standing, "king_lui", _STEP, gap=_rule_gap, finish=_finish)


@njit(cache=True, _nrt=False)
def settle(s, cfg, gaps, step):
    """Run the flow from ``step`` to the next decision or the end: the steps the engine's hook methods chain
    (``_start_course``, ``_decide``, ``_next_pending``, ``_advance``), in a loop."""
    st = (s, cfg, gaps)
    while True:
        if step == _DEAL:
            if not _deal(s, cfg):
                _finish(s, SUPPLY_EXHAUSTED)
                return
            step = _DECIDE
        elif step == _DECIDE:
            f = _turn(st, s, cfg)
            if f < 0:  # a gap without a ruling
                _finish(s, STALLED - 1 - f)
                return
            if f:
                return
            step = _ADVANCE  # "pass": the turn is spent without taking anything
        elif step == _PENDING:
            if _pending(s, cfg):
                return
            step = _ADVANCE
        else:
            step = _DECIDE if _advance(s, cfg) else _DEAL


@njit(cache=True, _nrt=False)
def deal(s, sup, dish_of, mt, cfg, gaps):
    """A new game into ``s``: the instances ``sup`` shuffled with the game's generator ``mt``
    (``random.Random(seed).shuffle``), their dishes as the supply, the first course dealt."""
    for i in range(len(s)):  # ``rules.shuffled`` takes a zeroed record and the instances in deck order
        s[i] = 0
    for i in range(cfg[C_CARDS]):
        sup[i] = i
    _shuffled(s, sup, dish_of, mt, cfg)
    settle(s, cfg, gaps, _DEAL)


@njit(cache=True, _nrt=False)
def apply(s, a, cfg, combo_cnt, gaps):
    """Play action code ``a`` (legal now) for the current player, then run on to the next decision (the
    engine's ``apply``)."""
    n = cfg[C_DISHES]
    if a < n:  # take a dish
        _take(s, cfg, a)
        settle(s, cfg, gaps, _ADVANCE)
    elif a == n:  # draw
        if not _draw((s, cfg, gaps), s, cfg):
            _finish(s, STALLED + GAP_SHORT)
            return
        settle(s, cfg, gaps, _PENDING)
    elif a == n + 1:  # lay a drawn Emerald beside the dishes
        _place(s)
        settle(s, cfg, gaps, _PENDING)
    else:  # feed Emerald with combination a - n - 2
        drawn = _use_emerald(s)
        _feed(s, cfg, combo_cnt[a - n - 2])
        settle(s, cfg, gaps, _PENDING if drawn else _ADVANCE)


@njit(cache=True, _nrt=False)
def outcome(s, cfg, scores, winners, discarded):
    """Scores, winners (1 each) and discarded cards of a state scored now: ``rules.score`` and
    ``rules.winners``, as ``KingLuiState.outcome``. Returns the tie-break used: -1 none, 0 the fewest
    discarded cards, 1 a shared win."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    _score(s, HEADER + 3 * n, s, HEADER + n, n, players, scores, discarded)
    return _winners(scores, discarded, players, winners)


@njit(cache=True, _nrt=False)
def tie_standing(s, cfg, winners, tie, gaps):
    """After ``outcome`` (tie-break ``tie``, ``winners`` 1 each): a tie the fewest discarded cards leave standing is
    gap ``tie_after_tiebreak``, logged in ``gaps``; without a ruling the game stalls on it (``s[S_END]``):
    ``rules.tie_standing``, as ``KingLuiState._finish``."""
    _tie_standing((s, cfg, gaps), s, cfg, winners, tie)


# -- the heuristic agent (agents.HeuristicAgent, same floats in the same order) ----------
#: the agent's own ``dish_value``, ``gain`` and ``best_actions``, compiled as they are
_dish_value = njit(cache=True, _nrt=False)(dish_value)
_gain = bind(gain, "king_lui", {"_nrt": False}, dish_value=_dish_value)
_best_actions = bind(best_actions, "king_lui", {"_nrt": False}, dish_value=_dish_value, gain=_gain)


class Kit(NamedTuple):
    """The deck's tables the heuristic reads besides the position (``compiled.Tables`` holds them)."""

    cfg: np.ndarray  #: rule numbers and gap rulings (``C_*``)
    combo_cnt: np.ndarray  #: per Emerald combination, the portions it takes of each dish
    dish_sizes: np.ndarray  #: per dish, the portions the box holds


@njit(cache=True, _nrt=False)
def heuristic(s, kit, legal_now, nlegal, mt, work, best):
    """``HeuristicAgent.choose`` for the player to move in ``s`` among ``legal_now[:nlegal]`` (what that
    seat sees only; same values, same tie draw from ``mt``). ``work``: float[3, n]; ``best``: like ``legal_now``."""
    if nlegal == 1:
        return legal_now[0]
    cfg = kit.cfg
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    p = s[S_PLAYER]
    h0 = HEADER + 3 * n  # hands, then the open takes
    seen = Seen(HEADER, HEADER + n, HEADER + 2 * n, h0 + players * n, h0 + p * n, p,
                max(0, players - s[S_ACTED] - 1), s[S_ROUNDS], s[S_SP], n, players, cfg[C_COURSE], kit.dish_sizes,
                kit.combo_cnt)
    nbest = _best_actions(s, seen, legal_now, nlegal, work, best)
    if nbest == 1:
        return best[0]
    return best[fastrng.randbelow(mt, nbest)]


@njit(cache=True)
def determinize(src, dst, seat, cfg, mt):
    """Copy ``src`` into ``dst`` with everything ``seat`` cannot see dealt again (``rules.determinize``)."""
    _determinize(src, dst, seat, cfg, mt, np.empty(cfg[C_DISHES] + 1 + cfg[C_PLAYERS] + cfg[C_CARDS], np.int64))
