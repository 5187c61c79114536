"""King Lui's rules compiled: the position as one ``int64`` array and the numba kernels over it.

Every compiled rule of the game is here, once: the batch loop (``compiled.py``) and
the search driver (``compiled_search.py``) both play by calling these kernels. They
follow ``engine.KingLuiState`` step for step (deal a course, set up a decision,
apply, offer a drawn Emerald, close a turn), and ``heuristic`` is
``agents.HeuristicAgent`` float for float, so a game seeded ``s`` is the reference
game seeded ``s``.

Actions are integers: ``d`` (0 <= d < n) takes dish d, ``n`` draws, ``n + 1`` places
a drawn Emerald, ``n + 2 + c`` uses an Emerald on combination ``c``
(``KingLuiGame.combos``). ``cfg`` holds the deck's rule numbers and gap resolutions.

Layout of a state ``s`` (``n`` dishes, ``P`` players, ``N`` card instances): the
scalars ``S_*``, then ``table[n]``, ``king[n]``, ``eaten[n]``, ``hands[P, n]``,
``taken[P, n]`` (portions each seat took openly) and the supply ``sup[N]`` as
*dish codes* (``-1`` an Emerald), top card last, ``s[S_SP]`` of them in use.
Hands are counts: no rule depends on which instance of a dish is where, and a
seat's unseen draws are ``hands - taken``. A state always rests at a decision
(``legal`` lists it) or at the end (``s[S_END] != PLAYING``). King Lui has no
chance after the shuffle: a sample's future lies in its supply order, which
``determinize`` deals again. Gaps met are written to a ``gaps`` buffer
(kind, two numbers of its detail), ``s[S_GAPS]`` of them; search passes an empty one.

The kernels that allocate nothing compile with ``_nrt=False``: reference counting of
their array arguments took 40 % of a random batch (docs/king_lui.md, figures).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.games.king_lui.agents import Seen, best_actions, dish_value, gain
from cardgen.games.king_lui.rules import GAP_SHORT, MAY_DRAW, MAY_FEED, choices, score, to_draw, winners
from cardgen.jit import bind

# -- indices in ``cfg`` (rule numbers and gap resolutions of the deck) -----------------
C_DISHES, C_PLAYERS, C_COURSE, C_DRAW, C_PORTIONS, C_NO_DISH, C_EMPTY, C_SHORT, C_CARDS = range(9)
CFG_SIZE = 9
# -- end codes; gap kind k's ruling (its place in ``rules.GAPS``) is ``cfg[C_NO_DISH + k]``, -1 without a
# clarification (the game stalls)
PLAYING, SUPPLY_EXHAUSTED, STALLED = 0, 1, 2  # stalled on gap kind k: STALLED + k
UNSETTLED = -1
# -- scalars of a state ----------------------------------------------------------------------
S_SP, S_TEMER, S_KTOTAL, S_PENDING, S_CHEF, S_ACTED, S_PLAYER, S_TURNS, S_ROUNDS, S_END, S_PHASE, S_REMOVED, \
    S_GAPS = range(13)
HEADER = 13
#: ``s[S_PHASE]``: what the decision allows, as ``settle`` found it: a turn's ``rules.choices`` flags (1 to 7),
#: or the decision on an Emerald just drawn (use it or place it); ``OVER`` at the end
OVER, DRAWN_EMERALD = 0, 8
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


@njit(cache=True, _nrt=False)
def _finish(s, end):
    s[S_END] = end
    s[S_PLAYER] = -1
    s[S_PHASE] = OVER


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


#: ``rules``' turn, draw and scoring compiled as they are, with this log for their ``gap``
_choices = bind(choices, "king_lui", {"_nrt": False, "inline": "always"}, gap=_rule_gap)
_to_draw = bind(to_draw, "king_lui", {"_nrt": False, "inline": "always"}, gap=_rule_gap)
_score = njit(cache=True, _nrt=False)(score)
_winners = njit(cache=True, _nrt=False)(winners)


@njit(cache=True, _nrt=False)
def settle(s, cfg, gaps, step):
    """Run the flow from ``step`` to the next decision or the end (``KingLuiState``'s
    ``_start_course``, ``_decide``, ``_next_pending``, ``_advance``).

    The kernels index ``s`` directly rather than through ``views``: a view is an
    allocation-free but counted object, and the loops call these millions of times.
    """
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    portions = cfg[C_PORTIONS]
    t0 = HEADER
    s0 = HEADER + 3 * n + 2 * players * n
    while True:
        if step == _DEAL:
            course = cfg[C_COURSE]
            sp = s[S_SP]
            if sp < course:
                s[S_REMOVED] += sp  # the leftovers leave the game
                s[S_SP] = 0
                _finish(s, SUPPLY_EXHAUSTED)
                return
            for i in range(course):
                d = s[s0 + sp - 1 - i]
                if d < 0:
                    s[S_TEMER] += 1
                else:
                    s[t0 + d] += 1
            s[S_SP] = sp - course
            s[S_PLAYER] = s[S_CHEF]
            s[S_ACTED] = 0
            step = _DECIDE
        elif step == _DECIDE:
            m = 0
            for d in range(n):
                if s[t0 + d]:
                    m += 1
            f = _choices((s, cfg, gaps), m, s[S_TEMER], s[S_KTOTAL], portions, s[S_SP], s[S_PLAYER], s[S_ROUNDS])
            if f < 0:  # a gap without a ruling
                _finish(s, STALLED - 1 - f)
                return
            if f:
                s[S_PHASE] = f  # what ``legal`` lists
                return
            step = _ADVANCE  # "pass": the turn is spent without taking anything
        elif step == _PENDING:
            step = _ADVANCE
            while s[S_PENDING] > 0:
                if s[S_KTOTAL] >= portions:
                    s[S_PHASE] = DRAWN_EMERALD
                    return
                s[S_PENDING] -= 1
                s[S_TEMER] += 1
        else:  # _ADVANCE: close the turn; after the last one serve the king, pass the chef
            s[S_TURNS] += 1
            s[S_ACTED] += 1
            if s[S_ACTED] < players:
                s[S_PLAYER] = (s[S_PLAYER] + 1) % players
                step = _DECIDE
                continue
            for d in range(n):
                x = s[t0 + d]
                if x:
                    s[t0 + n + d] += x
                    s[S_KTOTAL] += x
                    s[t0 + d] = 0
            s[S_ROUNDS] += 1
            s[S_CHEF] = (s[S_CHEF] + 1) % players
            step = _DEAL


@njit(cache=True, _nrt=False)
def deal(s, sup, dish_of, mt, cfg, gaps):
    """A new game into ``s``: the instances ``sup`` shuffled with the game's generator ``mt``
    (``random.Random(seed).shuffle``), their dishes as the supply, the first course dealt."""
    cards = cfg[C_CARDS]
    for i in range(cards):
        sup[i] = i
    fastrng.shuffle(mt, sup, cards)
    s[:] = 0
    o = size(cfg[C_DISHES], cfg[C_PLAYERS], 0)
    for i in range(cards):
        s[o + i] = dish_of[sup[i]]
    s[S_SP] = cards
    settle(s, cfg, gaps, _DEAL)


@njit(cache=True, _nrt=False)
def _emeralds(s, out, m, combo_cnt, n):
    """Append every Emerald combination the king's place allows after ``out[:m]``; the new length."""
    k0 = HEADER + n
    for c in range(combo_cnt.shape[0]):
        ok = True
        for d in range(n):
            if combo_cnt[c, d] > s[k0 + d]:
                ok = False
                break
        if ok:
            out[m] = n + 2 + c
            m += 1
    return m


@njit(cache=True, _nrt=False)
def legal(s, cfg, combo_cnt, out):
    """Write the legal action codes into ``out`` in the reference's order; return how many (0 at the end)."""
    if s[S_END] != PLAYING:
        return 0
    n = cfg[C_DISHES]
    f = s[S_PHASE]
    if f == DRAWN_EMERALD:
        out[0] = n + 1
        return _emeralds(s, out, 1, combo_cnt, n)
    m = 0
    for d in range(n):
        if s[HEADER + d]:
            out[m] = d
            m += 1
    if f & MAY_DRAW:
        out[m] = n
        m += 1
    if f & MAY_FEED:
        m = _emeralds(s, out, m, combo_cnt, n)
    return m


@njit(cache=True, _nrt=False)
def apply(s, a, cfg, combo_cnt, gaps):
    """Play action code ``a`` (legal now) for the current player, then run on to the next decision."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    p = s[S_PLAYER]
    h0 = HEADER + 3 * n + p * n  # the player's hand
    if a < n:  # take a dish
        x = s[HEADER + a]
        s[h0 + a] += x
        s[h0 + players * n + a] += x  # taken openly
        s[HEADER + a] = 0
        settle(s, cfg, gaps, _ADVANCE)
    elif a == n:  # draw
        sp = s[S_SP]
        want = _to_draw((s, cfg, gaps), sp, cfg[C_DRAW])
        if want < 0:
            _finish(s, STALLED + GAP_SHORT)
            return
        s0 = HEADER + 3 * n + 2 * players * n
        for _ in range(want):
            sp -= 1
            d = s[s0 + sp]
            if d < 0:
                s[S_PENDING] += 1
            else:
                s[h0 + d] += 1
        s[S_SP] = sp
        settle(s, cfg, gaps, _PENDING)
    elif a == n + 1:  # lay a drawn Emerald beside the dishes
        s[S_PENDING] -= 1
        s[S_TEMER] += 1
        settle(s, cfg, gaps, _PENDING)
    else:  # feed Emerald with combination a - n - 2
        drawn = s[S_PHASE] == DRAWN_EMERALD
        if drawn:
            s[S_PENDING] -= 1
        else:
            s[S_TEMER] -= 1
        c = a - n - 2
        for d in range(n):
            x = combo_cnt[c, d]
            s[HEADER + n + d] -= x  # the king's place
            s[HEADER + 2 * n + d] += x  # eaten
        k = cfg[C_PORTIONS]
        s[S_KTOTAL] -= k
        s[S_REMOVED] += 1 + k
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
    """Copy ``src`` into ``dst`` with everything ``seat`` cannot see dealt again (``KingLuiState.determinize``).

    The hidden cards are the supply and each opponent's portions drawn unseen
    (``hands - taken``). They are gathered in a canonical order (by dish code, so
    the sample cannot depend on where they lay), shuffled with ``mt``; the first
    portions in that order go back to the opponents, as many as each drew, in
    seat order (a drawn Emerald is shown, so none goes back), and the rest
    becomes the supply in shuffled order.
    """
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    dst[:] = src
    _, _, _, hands, taken, sup = views(dst, n, players)
    count = np.zeros(n + 1, dtype=np.int64)  # per dish code + 1
    for i in range(dst[S_SP]):
        count[sup[i] + 1] += 1
    drawn = np.zeros(players, dtype=np.int64)
    for q in range(players):
        for d in range(n):
            hidden = hands[q, d] - taken[q, d] if q != seat else 0
            count[d + 1] += hidden
            drawn[q] += hidden
            hands[q, d] -= hidden
    total = count.sum()
    pool = np.empty(total, dtype=np.int64)
    k = 0
    for c in range(n + 1):  # by dish code
        for _ in range(count[c]):
            pool[k] = c - 1
            k += 1
    fastrng.shuffle(mt, pool, total)
    q = 0
    k = 0
    for i in range(total):
        d = pool[i]
        while q < players and (q == seat or drawn[q] == 0):
            q += 1
        if d >= 0 and q < players:
            hands[q, d] += 1
            drawn[q] -= 1
        else:
            sup[k] = d
            k += 1
    dst[S_SP] = k
