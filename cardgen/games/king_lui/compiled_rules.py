"""The compiled King Lui game loop: numba over integer arrays (used by ``compiled.py``).

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
(``KingLuiGame.combos``).

The loop is one function over plain local variables, a small state machine (deal
a course, set up a decision, choose and apply, offer a drawn Emerald, close a
turn): numba calls that pass many arrays cost more than the game itself.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.engine import fastrng

# -- indices in ``cfg`` (rule numbers and gap resolutions of the deck) -----------------
C_DISHES, C_PLAYERS, C_COURSE, C_DRAW, C_PORTIONS, C_NO_DISH, C_EMPTY, C_SHORT, C_CARDS = range(9)
CFG_SIZE = 9

# -- end codes and gap kinds ------------------------------------------------------------
PLAYING, SUPPLY_EXHAUSTED, STALLED = 0, 1, 2  # stalled on gap kind k: STALLED + k
GAP_NO_DISH, GAP_EMPTY, GAP_SHORT = 0, 1, 2
#: resolution codes in ``cfg``: -1 no clarification (the game stalls)
UNSETTLED = -1
DRAW_ONLY, EMERALD_ALLOWED = 0, 1

# -- agents, steps of the loop, ``out`` layout --------------------------------------------
RANDOM, HEURISTIC = 0, 1
_DEAL, _DECIDE, _CHOOSE, _PENDING, _ADVANCE, _OVER = 0, 1, 2, 3, 4, 5
OUT_END, OUT_TURNS, OUT_ROUNDS, OUT_GAPS, OUT_DECISIONS, OUT_HAND, OUT_KING, OUT_EMERALDS, OUT_CAPPED = range(9)
OUT_SCORES = 9  # then scores per seat, then discarded cards per seat

# -- agent constants (``agents.py``) -----------------------------------------------------
PRIOR_KING_SHARE = 0.35
PRIOR_DRAW_SHARE = 0.3
OVEREAT_PENALTY = -0.5


_N = 624  # words of Mersenne Twister state

#: the seeding moved to ``cardgen.engine.fastrng`` (shared with the other compiled tiers); old names kept
_base_state = fastrng.base_state
_seed = fastrng.seed_from


@njit(cache=True)
def _record_gap(gaps, i, kind, a, b):
    if i < gaps.shape[0]:
        gaps[i, 0] = kind
        gaps[i, 1] = a
        gaps[i, 2] = b


@njit(cache=True)
def _emerald_legal(legal, m, king, combo_cnt, n):
    """Append every Emerald combination the king's place allows after ``legal[:m]``; the new length."""
    for c in range(combo_cnt.shape[0]):
        ok = True
        for d in range(n):
            if combo_cnt[c, d] > king[d]:
                ok = False
                break
        if ok:
            legal[m] = n + 2 + c
            m += 1
    return m


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
def _heuristic(p, acted, rounds, supply, nlegal, cfg, table, king, hands, taken, eaten, legal, combo_cnt,
               dish_sizes, amt, work, best):
    """HeuristicAgent.choose for seat ``p`` (same values, same tie draw)."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    # projection of the king's final portions (HeuristicAgent._projection)
    after_me = max(0, players - acted - 1)
    on_table = 0
    for d in range(n):
        if table[d]:
            on_table += 1
    survival = max(0.0, 1.0 - after_me / on_table) if on_table else 0.0
    played = rounds
    received = 0
    for d in range(n):
        received += king[d] + eaten[d]
    per_course = received / played if played else PRIOR_KING_SHARE * cfg[C_COURSE]
    courses_left = supply / (cfg[C_COURSE] + PRIOR_DRAW_SHARE * players)
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
def play(seed, kinds, cap, record, cfg, dish_of, dish_sizes, combos, combo_cnt, base, sup, gaps, actions, out):
    """Play the game seeded ``seed`` (``base``: ``_base_state()``): fills ``sup`` (the shuffled supply, top last), ``gaps``
    (kind, two numbers of its detail), ``actions`` (seat, action code; with ``record``) and ``out``
    (``OUT_*``). Mirrors KingLuiState: _start_course, _decide, apply, _next_pending, _advance."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    cards = cfg[C_CARDS]
    course = cfg[C_COURSE]
    portions = cfg[C_PORTIONS]
    mt = np.empty(_N + 1, dtype=np.uint32)  # fastrng's generator layout
    fastrng.seed_from(mt, base, np.uint64(seed))  # random.Random(seed), the engine's chance
    amt = np.empty(_N + 1, dtype=np.uint32)
    fastrng.seed_from(amt, base, (np.uint64(seed) << np.uint64(1)) | np.uint64(1))  # agent_rng(seed)
    for i in range(cards):
        sup[i] = i
    fastrng.shuffle(mt, sup, cards)
    table = np.zeros(n, dtype=np.int64)
    king = np.zeros(n, dtype=np.int64)
    eaten = np.zeros(n, dtype=np.int64)
    hands = np.zeros((players, n), dtype=np.int64)
    taken = np.zeros((players, n), dtype=np.int64)
    legal = np.zeros(n + 2 + combos.shape[0], dtype=np.int64)
    best = np.zeros(n + 2 + combos.shape[0], dtype=np.int64)
    work = np.zeros((3, n), dtype=np.float64)
    sp = cards
    temer = ktotal = pending = chef = acted = player = turns = rounds = 0
    end = PLAYING
    kpeak = epeak = ngaps = nlegal = decisions = capped = 0
    drawn_phase = False
    step = _DEAL
    while step != _OVER:
        if step == _DEAL:  # _start_course
            if sp < course:
                sp = 0
                end = SUPPLY_EXHAUSTED
                step = _OVER
                continue
            for i in range(course):
                d = dish_of[sup[sp - 1 - i]]
                if d < 0:
                    temer += 1
                else:
                    table[d] += 1
            sp -= course
            epeak = max(epeak, temer)
            player = chef
            acted = 0
            step = _DECIDE
        elif step == _DECIDE:  # _decide
            m = 0
            for d in range(n):
                if table[d]:
                    legal[m] = d
                    m += 1
            emerald = temer > 0 and ktotal >= portions
            if m == 0 and emerald:
                _record_gap(gaps, ngaps, GAP_NO_DISH, player, rounds + 1)
                ngaps += 1
                if cfg[C_NO_DISH] == UNSETTLED:
                    end = STALLED + GAP_NO_DISH
                    step = _OVER
                    continue
                emerald = cfg[C_NO_DISH] == EMERALD_ALLOWED
            if sp > 0:
                legal[m] = n
                m += 1
            if emerald:
                m = _emerald_legal(legal, m, king, combo_cnt, n)
            nlegal = m
            if m > 0:
                drawn_phase = False
                step = _CHOOSE
                continue
            _record_gap(gaps, ngaps, GAP_EMPTY, player, rounds + 1)
            ngaps += 1
            if cfg[C_EMPTY] == UNSETTLED:
                end = STALLED + GAP_EMPTY
                step = _OVER
                continue
            step = _ADVANCE  # "pass": the turn is spent without taking anything
        elif step == _CHOOSE:  # the agent, then apply
            if decisions >= cap:
                capped = 1
                break
            p = player
            if kinds[p] == HEURISTIC:
                if nlegal == 1:
                    a = legal[0]
                else:
                    a = _heuristic(p, acted, rounds, sp, nlegal, cfg, table, king, hands, taken, eaten, legal,
                                   combo_cnt, dish_sizes, amt, work, best)
            else:
                a = legal[fastrng.randbelow(amt, nlegal)]
            if record:
                actions[decisions, 0] = p
                actions[decisions, 1] = a
            decisions += 1
            if a < n:  # take a dish
                hands[p, a] += table[a]
                taken[p, a] += table[a]
                table[a] = 0
                step = _ADVANCE
            elif a == n:  # draw
                want = cfg[C_DRAW]
                if sp < want:
                    _record_gap(gaps, ngaps, GAP_SHORT, sp, want)
                    ngaps += 1
                    if cfg[C_SHORT] == UNSETTLED:
                        end = STALLED + GAP_SHORT
                        step = _OVER
                        continue
                    want = sp
                for _ in range(want):
                    sp -= 1
                    d = dish_of[sup[sp]]
                    if d < 0:
                        pending += 1
                    else:
                        hands[p, d] += 1
                step = _PENDING
            elif a == n + 1:  # lay a drawn Emerald beside the dishes
                pending -= 1
                temer += 1
                epeak = max(epeak, temer)
                step = _PENDING
            else:  # feed Emerald
                if drawn_phase:
                    pending -= 1
                else:
                    temer -= 1
                c = a - n - 2
                for j in range(combos.shape[1]):
                    d = combos[c, j]
                    king[d] -= 1
                    eaten[d] += 1
                ktotal -= combos.shape[1]
                step = _PENDING if drawn_phase else _ADVANCE
        elif step == _PENDING:  # _next_pending
            step = _ADVANCE
            while pending > 0:
                if ktotal >= portions:
                    legal[0] = n + 1
                    nlegal = _emerald_legal(legal, 1, king, combo_cnt, n)
                    drawn_phase = True
                    step = _CHOOSE
                    break
                pending -= 1
                temer += 1
                epeak = max(epeak, temer)
        else:  # _ADVANCE: close the turn; after the last one serve the king, pass the chef
            turns += 1
            acted += 1
            if acted < players:
                player = (player + 1) % players
                step = _DECIDE
                continue
            served = 0
            for d in range(n):
                if table[d]:
                    king[d] += table[d]
                    served += table[d]
                    table[d] = 0
            if served:
                ktotal += served
                kpeak = max(kpeak, ktotal)
            rounds += 1
            chef = (chef + 1) % players
            step = _DEAL
    hand_peak = 0
    for q in range(players):
        total = 0
        for d in range(n):
            total += hands[q, d]
        hand_peak = max(hand_peak, total)
    out[OUT_END] = end
    out[OUT_TURNS] = turns
    out[OUT_ROUNDS] = rounds
    out[OUT_GAPS] = ngaps
    out[OUT_DECISIONS] = decisions
    out[OUT_HAND] = hand_peak
    out[OUT_KING] = kpeak
    out[OUT_EMERALDS] = epeak
    out[OUT_CAPPED] = capped
    for q in range(players):
        score = 0
        lost = 0
        for d in range(n):
            h = hands[q, d]
            if h > king[d]:
                lost += h
            else:
                score += h * king[d]
        out[OUT_SCORES + q] = score
        out[OUT_SCORES + players + q] = lost


@njit(cache=True)
def play_many(seeds, kinds, first, cap, cfg, dish_of, dish_sizes, combos, combo_cnt, base, sup, gaps, actions, out,
              r_out, g_rows):
    """Play games ``first..`` of ``seeds`` (seat kinds ``kinds[i]``) with ``play``, one row of ``r_out`` each
    (``out``'s layout), their gap events appended to ``g_rows`` (game row, kind, two numbers).

    Stops before a game whose gaps might not fit in ``g_rows``; returns (games done up to, gap rows used).
    """
    g = 0
    per_game = gaps.shape[0]
    width = out.shape[0]
    for i in range(first, seeds.shape[0]):
        if g + per_game > g_rows.shape[0]:
            return i, g
        play(seeds[i], kinds[i], cap, False, cfg, dish_of, dish_sizes, combos, combo_cnt, base, sup, gaps, actions,
             out)
        for j in range(width):
            r_out[i, j] = out[j]
        for j in range(min(out[OUT_GAPS], per_game)):
            g_rows[g, 0] = i
            g_rows[g, 1] = gaps[j, 0]
            g_rows[g, 2] = gaps[j, 1]
            g_rows[g, 3] = gaps[j, 2]
            g += 1
    return seeds.shape[0], g
