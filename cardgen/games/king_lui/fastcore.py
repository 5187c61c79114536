"""The compiled King Lui game loop: numba over integer arrays (used by ``fast.py``).

It mirrors ``engine.py`` step for step, and the agents mirror ``agents.py`` float
for float, so that a game seeded ``s`` is the reference game seeded ``s``: the
supply is shuffled by ``fastrng.shuffle`` from the engine's generator exactly as
``random.Random(s).shuffle`` does, and every agent draw comes from the generator
seeded like ``agent_rng(s)``.

Cards are counts here: a place holds how many portions of each dish it has (the
reference keeps instance lists, but no rule depends on which instance of a dish
is where). Only the supply keeps instance indices, for the initial pile of a log.

Actions are integers: ``d`` (0 <= d < n) takes dish d, ``n`` draws, ``n + 1``
places a drawn Emerald, ``n + 2 + c`` uses an Emerald on combination ``c``
(``KingLuiGame.combos``). Scalars live in the int64 array ``st`` at the indices
below, so helper functions can change them.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.engine import fastrng

# -- indices in ``st`` --------------------------------------------------------------
SP, TEMER, KTOTAL, PENDING, CHEF, ACTED, PHASE, PLAYER = 0, 1, 2, 3, 4, 5, 6, 7
TURNS, ROUNDS, END, KPEAK, EPEAK, NGAPS, NLEGAL, HPEAK = 8, 9, 10, 11, 12, 13, 14, 15
ST_SIZE = 16

# -- indices in ``cfg`` (rule numbers and gap resolutions of the deck) -----------------
C_DISHES, C_PLAYERS, C_COURSE, C_DRAW, C_PORTIONS, C_NO_DISH, C_EMPTY, C_SHORT, C_CARDS = range(9)
CFG_SIZE = 9

# -- end codes (``st[END]``) and gap kinds ---------------------------------------------
PLAYING, SUPPLY_EXHAUSTED, STALLED = 0, 1, 2
GAP_NO_DISH, GAP_EMPTY, GAP_SHORT = 0, 1, 2
#: resolution codes in ``cfg``: -1 no clarification (the game stalls)
UNSETTLED = -1
DRAW_ONLY, EMERALD_ALLOWED = 0, 1

# -- phases, agents ----------------------------------------------------------------------
ACT, DRAWN = 0, 1
RANDOM, HEURISTIC = 0, 1

# -- agent constants (``agents.py``) -----------------------------------------------------
PRIOR_KING_SHARE = 0.35
PRIOR_DRAW_SHARE = 0.3
OVEREAT_PENALTY = -0.5


@njit(cache=True)
def _gap(st, gaps, kind, a, b, resolution):
    """Record a gap; return its resolution, ending the game stalled when there is none."""
    i = st[NGAPS]
    if i < gaps.shape[0]:
        gaps[i, 0] = kind
        gaps[i, 1] = a
        gaps[i, 2] = b
    st[NGAPS] = i + 1
    if resolution == UNSETTLED:
        st[END] = STALLED + kind
    return resolution


@njit(cache=True)
def _finish(st, hands):
    """The game is over: the peaks measured only at the end."""
    if st[END] == PLAYING:
        st[END] = SUPPLY_EXHAUSTED
    best = 0
    for p in range(hands.shape[0]):
        total = 0
        for d in range(hands.shape[1]):
            total += hands[p, d]
        if total > best:
            best = total
    st[HPEAK] = best
    st[PLAYER] = -1
    st[NLEGAL] = 0


@njit(cache=True)
def _emerald_legal(st, legal, king, combo_cnt, n):
    """Append every Emerald combination the king's place allows."""
    m = st[NLEGAL]
    for c in range(combo_cnt.shape[0]):
        ok = True
        for d in range(n):
            if combo_cnt[c, d] > king[d]:
                ok = False
                break
        if ok:
            legal[m] = n + 2 + c
            m += 1
    st[NLEGAL] = m


@njit(cache=True)
def _advance(st, cfg, table, king):
    """Close a turn; after the last one serve the king and pass the chef. True if the course goes on."""
    players = cfg[C_PLAYERS]
    st[TURNS] += 1
    st[ACTED] += 1
    if st[ACTED] < players:
        st[PLAYER] = (st[PLAYER] + 1) % players
        return True
    served = 0
    for d in range(table.shape[0]):
        if table[d]:
            king[d] += table[d]
            served += table[d]
            table[d] = 0
    if served:
        st[KTOTAL] += served
        if st[KTOTAL] > st[KPEAK]:
            st[KPEAK] = st[KTOTAL]
    st[ROUNDS] += 1
    st[CHEF] = (st[CHEF] + 1) % players
    return False


@njit(cache=True)
def _settle(st, cfg, new_course, sup, dish_of, table, king, hands, legal, combo_cnt, gaps):
    """From a course to deal (``new_course``) or a turn to start, to the next decision or the end."""
    n = cfg[C_DISHES]
    course = cfg[C_COURSE]
    while True:
        if new_course:
            if st[SP] < course:
                st[SP] = 0
                _finish(st, hands)
                return
            sp = st[SP]
            for i in range(course):
                d = dish_of[sup[sp - 1 - i]]
                if d < 0:
                    st[TEMER] += 1
                else:
                    table[d] += 1
            st[SP] = sp - course
            if st[TEMER] > st[EPEAK]:
                st[EPEAK] = st[TEMER]
            st[PLAYER] = st[CHEF]
            st[ACTED] = 0
        m = 0
        for d in range(n):
            if table[d]:
                legal[m] = d
                m += 1
        emerald = st[TEMER] > 0 and st[KTOTAL] >= cfg[C_PORTIONS]
        if m == 0 and emerald:
            res = _gap(st, gaps, GAP_NO_DISH, st[PLAYER], st[ROUNDS] + 1, cfg[C_NO_DISH])
            if res == UNSETTLED:
                _finish(st, hands)
                return
            emerald = res == EMERALD_ALLOWED
        if st[SP] > 0:
            legal[m] = n
            m += 1
        st[NLEGAL] = m
        if emerald:
            _emerald_legal(st, legal, king, combo_cnt, n)
        if st[NLEGAL] > 0:
            st[PHASE] = ACT
            return
        if _gap(st, gaps, GAP_EMPTY, st[PLAYER], st[ROUNDS] + 1, cfg[C_EMPTY]) == UNSETTLED:
            _finish(st, hands)
            return
        new_course = not _advance(st, cfg, table, king)  # "pass": the turn is spent


@njit(cache=True)
def _end_turn(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps):
    new_course = not _advance(st, cfg, table, king)
    _settle(st, cfg, new_course, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)


@njit(cache=True)
def _next_pending(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps):
    """Offer the next drawn Emerald (use or place); place it when it cannot be used."""
    while st[PENDING] > 0:
        if st[KTOTAL] >= cfg[C_PORTIONS]:
            st[PHASE] = DRAWN
            legal[0] = cfg[C_DISHES] + 1
            st[NLEGAL] = 1
            _emerald_legal(st, legal, king, combo_cnt, cfg[C_DISHES])
            return
        st[PENDING] -= 1
        st[TEMER] += 1
        if st[TEMER] > st[EPEAK]:
            st[EPEAK] = st[TEMER]
    _end_turn(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)


@njit(cache=True)
def _apply(st, cfg, action, sup, dish_of, table, king, hands, taken, drawn, eaten, legal, combos, combo_cnt,
           gaps):
    """Carry out a legal ``action`` for the current player."""
    n = cfg[C_DISHES]
    p = st[PLAYER]
    if action < n:
        hands[p, action] += table[action]
        taken[p, action] += table[action]
        table[action] = 0
        _end_turn(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)
    elif action == n:
        want = cfg[C_DRAW]
        if st[SP] < want:
            if _gap(st, gaps, GAP_SHORT, st[SP], want, cfg[C_SHORT]) == UNSETTLED:
                _finish(st, hands)
                return
            want = st[SP]
        for _ in range(want):
            st[SP] -= 1
            d = dish_of[sup[st[SP]]]
            if d < 0:
                st[PENDING] += 1
            else:
                hands[p, d] += 1
                drawn[p] += 1
        _next_pending(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)
    elif action == n + 1:
        st[PENDING] -= 1
        st[TEMER] += 1
        if st[TEMER] > st[EPEAK]:
            st[EPEAK] = st[TEMER]
        _next_pending(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)
    else:
        drawn_one = st[PHASE] == DRAWN
        if drawn_one:
            st[PENDING] -= 1
        else:
            st[TEMER] -= 1
        c = action - n - 2
        for j in range(combos.shape[1]):
            d = combos[c, j]
            king[d] -= 1
            eaten[d] += 1
        st[KTOTAL] -= combos.shape[1]
        if drawn_one:
            _next_pending(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)
        else:
            _end_turn(st, cfg, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)


# -- the heuristic agent (agents.HeuristicAgent, same floats in the same order) ----------
@njit(cache=True)
def _dish_value(held, king):
    if held <= 0:
        return 0.0
    if held <= king:
        return held * king
    return OVEREAT_PENALTY * held


@njit(cache=True)
def _gain(d, held, new_held, new_king, projected, leader):
    return (_dish_value(new_held, new_king) - _dish_value(held, projected[d])
            - _dish_value(leader[d], new_king) + _dish_value(leader[d], projected[d]))


@njit(cache=True)
def _heuristic(st, cfg, table, king, hands, taken, eaten, legal, combos, combo_cnt, dish_sizes, amt, work,
               best):
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    p = st[PLAYER]
    nlegal = st[NLEGAL]
    # projection of the king's final portions (HeuristicAgent._projection)
    after_me = max(0, players - st[ACTED] - 1)
    on_table = 0
    for d in range(n):
        if table[d]:
            on_table += 1
    survival = max(0.0, 1.0 - after_me / on_table) if on_table else 0.0
    played = st[ROUNDS]
    received = 0
    for d in range(n):
        received += king[d] + eaten[d]
    per_course = received / played if played else PRIOR_KING_SHARE * cfg[C_COURSE]
    courses_left = st[SP] / (cfg[C_COURSE] + PRIOR_DRAW_SHARE * players)
    future = per_course * np.int64(courses_left) / n
    projected = work[0]
    for d in range(n):
        projected[d] = king[d] + survival * table[d] + future
    # the leading opponent by projected value (first of equals, in seat order)
    leader_seat = -1
    leader_value = 0.0
    for q in range(players):
        if q == p:
            continue
        total = 0.0
        for d in range(n):
            total += _dish_value(taken[q, d], projected[d])
        if leader_seat < 0 or total > leader_value:
            leader_seat, leader_value = q, total
    leader = work[1]
    for d in range(n):
        leader[d] = taken[leader_seat, d] if leader_seat >= 0 else 0
    unseen = work[2]
    total_unseen = 0
    for d in range(n):
        u = dish_sizes[d] - hands[p, d] - king[d] - table[d] - eaten[d]
        for q in range(players):
            if q != p:
                u -= taken[q, d]
        unseen[d] = u if u > 0 else 0
        total_unseen += unseen[d]
    nbest = 0
    best_value = -np.inf
    for i in range(nlegal):
        a = legal[i]
        if a < n:
            value = _gain(a, hands[p, a], hands[p, a] + table[a], projected[a] - survival * table[a], projected,
                          leader)
        elif a == n:
            value = 0.0
            if total_unseen:
                for d in range(n):
                    if unseen[d]:
                        value += unseen[d] / total_unseen * _gain(d, hands[p, d], hands[p, d] + 1, projected[d],
                                                                  projected, leader)
        elif a == n + 1:
            value = 0.0
        else:
            c = a - n - 2
            value = 0.0
            for d in range(n):  # the combination's dishes in deck order, once each
                if combo_cnt[c, d]:
                    value += _gain(d, hands[p, d], hands[p, d], projected[d] - combo_cnt[c, d], projected, leader)
        if value > best_value + 1e-9:
            best[0] = a
            nbest = 1
            best_value = value
        elif value > best_value - 1e-9:
            best[nbest] = a
            nbest += 1
    if nbest == 1:
        return best[0]
    return best[fastrng.randbelow(amt, nbest)]


@njit(cache=True)
def play(seed, kinds, cap, record, cfg, dish_of, dish_sizes, combos, combo_cnt, sup, gaps, actions, out):
    """Play the game seeded ``seed``; fill ``sup`` (the shuffled supply, top last), ``gaps``,
    ``actions`` (with ``record``) and ``out``: end code, turns, rounds, gap count, decisions,
    peaks (hand, king, table Emeralds), capped flag, then scores and discarded cards per seat."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    cards = cfg[C_CARDS]
    mt = np.zeros(625, dtype=np.uint32)  # fastrng's generator layout
    fastrng.seed(mt, np.uint64(seed))
    amt = np.zeros(625, dtype=np.uint32)
    fastrng.seed_agents(amt, np.uint64(seed))
    for i in range(cards):
        sup[i] = i
    fastrng.shuffle(mt, sup, cards)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    st[SP] = cards
    table = np.zeros(n, dtype=np.int64)
    king = np.zeros(n, dtype=np.int64)
    eaten = np.zeros(n, dtype=np.int64)
    hands = np.zeros((players, n), dtype=np.int64)
    taken = np.zeros((players, n), dtype=np.int64)
    drawn = np.zeros(players, dtype=np.int64)
    legal = np.zeros(n + 2 + combos.shape[0], dtype=np.int64)
    best = np.zeros(n + 2 + combos.shape[0], dtype=np.int64)
    work = np.zeros((3, n), dtype=np.float64)
    _settle(st, cfg, True, sup, dish_of, table, king, hands, legal, combo_cnt, gaps)
    decisions = 0
    capped = 0
    while st[END] == PLAYING:
        if decisions >= cap:
            capped = 1
            break
        p = st[PLAYER]
        nlegal = st[NLEGAL]
        if kinds[p] == HEURISTIC:
            if nlegal == 1:
                a = legal[0]
            else:
                a = _heuristic(st, cfg, table, king, hands, taken, eaten, legal, combos, combo_cnt, dish_sizes,
                               amt, work, best)
        else:
            a = legal[fastrng.randbelow(amt, nlegal)]
        if record:
            actions[decisions, 0] = p
            actions[decisions, 1] = a
        _apply(st, cfg, a, sup, dish_of, table, king, hands, taken, drawn, eaten, legal, combos, combo_cnt, gaps)
        decisions += 1
    out[0] = st[END]
    out[1] = st[TURNS]
    out[2] = st[ROUNDS]
    out[3] = st[NGAPS]
    out[4] = decisions
    out[5] = st[HPEAK]
    out[6] = st[KPEAK]
    out[7] = st[EPEAK]
    out[8] = capped
    for q in range(players):
        score = 0
        lost = 0
        for d in range(n):
            h = hands[q, d]
            if h > king[d]:
                lost += h
            else:
                score += h * king[d]
        out[9 + q] = score
        out[9 + players + q] = lost
