"""The compiled Royale game loop: numba over integer arrays (used by ``compiled.py``).

It mirrors ``engine.py`` step for step, so that a game seeded ``s`` is the
reference game seeded ``s``: every shuffle and draw comes from ``fastrng`` on the
engine's generator in the reference's order, every random-agent choice from the
generator seeded like ``agent_rng(s)``, and legal actions are enumerated in the
reference's order (lines, then the seat's imposter placements; cards in hand by
open noble slot; clears by slot, then stop).

Noble requirements are ``compiled_require``'s compiled checkers: the cards under a noble are
a row of its table (``fast.NobleTables``), and ``compiled_require.step`` gives the row after
one more card, running the completion search inside the loop the first time a
transition is asked for. The only way back to Python is a full table (``FULL``):
``compiled.py`` grows it and plays the game again from its seed (same game, so exact).

Actions are integers: ``i < nlines`` takes line ``i``; ``nlines + j`` places the
seat's imposter ``j``-th way; ``A_PLACE + c * nslots + s`` puts card ``c`` under
slot ``s``; ``A_CLEAR + s`` clears slot ``s``; ``A_STOP`` stops clearing.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.engine import fastrng
from cardgen.games.royale import compiled_heuristic, compiled_require

# -- cfg slots -------------------------------------------------------------------------
(C_PLAYERS, C_CARDS, C_CELLS, C_LINES, C_SLOTS, C_SOLO, C_USES_END, C_PACKETS, C_SETUP_POS, C_RESHUFFLE_POS,
 C_END_DRAWS, C_SOLO_TURNS, C_GHOST, C_VOLUNTARY, C_NSOLO, C_A_PLACE, C_A_CLEAR, C_A_STOP,
 C_G_UNEVEN, C_G_PILE, C_G_SHORT, C_G_NOTHING, C_G_SOLO, C_G_TIE) = range(24)
CFG_SIZE = 24
UNSETTLED = -1  # gap resolution codes: -1 stalls, 0 the first resolution, 1 "end_game"

# -- gap kinds, end codes ------------------------------------------------------------------
GAP_UNEVEN, GAP_PILE, GAP_SHORT, GAP_NOTHING, GAP_TIE, GAP_SOLO = range(6)
PLAYING, BANQUET_OVER, SUPPLY_EXHAUSTED, ALL_NOBLES, TURNS_DONE, SOLO_EXHAUSTED = range(6)
STALLED = 10  # stalled on gap kind k: STALLED + k
#: seat kinds (``kinds[p]``): the random agent, the heuristic (``compiled_heuristic``)
AGENT_RANDOM, AGENT_HEURISTIC = 0, 1
#: what ``play`` returns besides finishing: FULL, the noble table needs more room (grow it, replay)
FULL, CAPPED, NO_LEGAL = 1, 2, 3

EMPTY = -1
END = -2
DEAD = compiled_require.DEAD
TAKE, PLACE, CLEAR, OVER = 0, 1, 2, 3

# -- scalar state slots (``st``) --------------------------------------------------------------
(S_PLAYER, S_PHASE, S_END, S_TURNS, S_ROUNDS, S_PILE, S_DISC, S_HAND, S_SOLO_LEN, S_REV_LEN, S_END_DRAWS,
 S_NGAPS, S_PEAK_UNDER, S_RESHUFFLE_PEAK, S_FINISHED, S_WINNER, S_INIT_LEN, S_SPARE1, S_SPARE2,
 S_DECISIONS, S_STATUS, S_SOLO_INIT) = range(22)
ST_SIZE = 22

#: the game's step functions run without numba's reference counting (NRT): they never allocate,
#: and the search's rollouts (``compiled_search``), themselves without NRT, call them at every turn;
#: their draws are ``fastrng``'s inlined ones (the same words)
_hot = njit(cache=True, _nrt=False)


@_hot
def _gap(st, gaps, kind, a, b, c):
    i = st[S_NGAPS]
    if i < gaps.shape[0]:
        gaps[i, 0] = kind
        gaps[i, 1] = a
        gaps[i, 2] = b
        gaps[i, 3] = c
    st[S_NGAPS] = i + 1


@_hot
def _finish(st, reason, winner):
    st[S_PHASE] = OVER
    st[S_END] = reason
    st[S_FINISHED] = 1
    st[S_WINNER] = winner


@_hot
def _packets(st, cfg, mt, gaps, cards, n, position, pile, work):
    """``RoyaleState._packets``: the ``n`` cards in packets, END in packet ``position``; into ``pile``.

    Returns False when an uneven split stalls the game (nothing written)."""
    k = cfg[C_PACKETS]
    if n % k:
        _gap(st, gaps, GAP_UNEVEN, n, k, 0)
        if cfg[C_G_UNEVEN] == UNSETTLED:
            st[S_END] = STALLED + GAP_UNEVEN
            return False
    # sizes: n // k, the first n % k one bigger; target packet position - 1
    lo = 0
    for i in range(position - 1):
        lo += n // k + (1 if i < n % k else 0)
    size = n // k + (1 if position - 1 < n % k else 0)
    at = fastrng.randbelow_inline(mt, size + 1)
    # top-first order: cards[:lo + at], END, cards[lo + at:]
    m = 0
    for i in range(lo + at):
        work[m] = cards[i]
        m += 1
    work[m] = END
    m += 1
    for i in range(lo + at, n):
        work[m] = cards[i]
        m += 1
    for i in range(m):  # the pile's top is its end
        pile[i] = work[m - 1 - i]
    st[S_PILE] = m
    return True


@_hot
def _draw(st, cfg, mt, gaps, pile, discard, work, work2):
    """``RoyaleState._draw``: the next dish card, or EMPTY."""
    while True:
        if st[S_PILE] == 0:
            _gap(st, gaps, GAP_PILE, st[S_TURNS], 0, 0)
            res = cfg[C_G_PILE]
            if res == UNSETTLED:
                st[S_END] = STALLED + GAP_PILE
                return EMPTY
            if res == 1:
                _finish(st, SUPPLY_EXHAUSTED, -1)
                return EMPTY
            nd = st[S_DISC]
            if nd == 0:
                return EMPTY
            for i in range(nd):
                pile[i] = discard[i]
            st[S_PILE] = nd
            st[S_DISC] = 0
            fastrng.shuffle_fast(mt, pile, nd)
        st[S_PILE] -= 1
        c = pile[st[S_PILE]]
        if c != END:
            return c
        st[S_END_DRAWS] += 1
        if st[S_END_DRAWS] >= cfg[C_END_DRAWS]:
            _finish(st, BANQUET_OVER, -1)
            return EMPTY
        m = 0
        for i in range(st[S_PILE]):
            work2[m] = pile[i]
            m += 1
        for i in range(st[S_DISC]):
            work2[m] = discard[i]
            m += 1
        st[S_DISC] = 0
        fastrng.shuffle_fast(mt, work2, m)
        if m + 1 > st[S_RESHUFFLE_PEAK]:
            st[S_RESHUFFLE_PEAK] = m + 1
        # the reference's _packets reads the shuffled list top-first as given
        if not _packets(st, cfg, mt, gaps, work2, m, cfg[C_RESHUFFLE_POS], pile, work):
            st[S_PILE] = 0
            return EMPTY
        if st[S_END] != PLAYING:
            return EMPTY


@_hot
def _refill(st, cfg, mt, gaps, grid, pile, discard, work, work2):
    for i in range(cfg[C_CELLS]):
        if grid[i] == EMPTY:
            c = _draw(st, cfg, mt, gaps, pile, discard, work, work2)
            if c == EMPTY:
                return
            grid[i] = c


@_hot
def _ghost(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev, solo_cells, solo_len):
    for _ in range(cfg[C_GHOST]):
        if st[S_SOLO_LEN] == 0:
            _gap(st, gaps, GAP_SOLO, st[S_TURNS], 0, 0)
            res = cfg[C_G_SOLO]
            if res == UNSETTLED:
                st[S_END] = STALLED + GAP_SOLO
                return
            if res == 1 or st[S_REV_LEN] == 0:
                _finish(st, SOLO_EXHAUSTED, -1)
                return
            n = st[S_REV_LEN]
            for i in range(n):
                solo_pile[i] = solo_rev[i]
            st[S_SOLO_LEN] = n
            st[S_REV_LEN] = 0
            fastrng.shuffle_fast(mt, solo_pile, n)
        st[S_SOLO_LEN] -= 1
        card = solo_pile[st[S_SOLO_LEN]]
        solo_rev[st[S_REV_LEN]] = card
        st[S_REV_LEN] += 1
        for j in range(solo_len[card]):
            cell = solo_cells[card, j]
            if grid[cell] != EMPTY:
                discard[st[S_DISC]] = grid[cell]
                st[S_DISC] += 1
                grid[cell] = EMPTY
    _refill(st, cfg, mt, gaps, grid, pile, discard, work, work2)


@_hot
def _start_turn(st, cfg, gaps, grid):
    st[S_PHASE] = TAKE
    for i in range(cfg[C_CELLS]):
        if grid[i] != EMPTY:
            return
    _gap(st, gaps, GAP_NOTHING, st[S_TURNS], 0, 0)
    if cfg[C_G_NOTHING] == UNSETTLED:
        st[S_END] = STALLED + GAP_NOTHING
    else:
        _finish(st, SUPPLY_EXHAUSTED, -1)


@_hot
def _end_turn(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev, solo_cells, solo_len):
    st[S_TURNS] += 1
    if cfg[C_SOLO]:
        st[S_ROUNDS] = st[S_TURNS]
        if st[S_TURNS] >= cfg[C_SOLO_TURNS]:
            _finish(st, TURNS_DONE, -1)
            return
        _refill(st, cfg, mt, gaps, grid, pile, discard, work, work2)
        if st[S_END] == PLAYING:
            _ghost(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev, solo_cells, solo_len)
    else:
        _refill(st, cfg, mt, gaps, grid, pile, discard, work, work2)
        st[S_PLAYER] += 1
        if st[S_PLAYER] == cfg[C_PLAYERS]:
            st[S_PLAYER] = 0
            st[S_ROUNDS] += 1
    if st[S_END] == PLAYING:
        _start_turn(st, cfg, gaps, grid)


@_hot
def _clear(st, p, s, nslots, under, ulen, row, root, discard):
    k = p * nslots + s
    for i in range(ulen[k]):
        discard[st[S_DISC]] = under[k, i]
        st[S_DISC] += 1
    ulen[k] = 0
    row[k] = root[k]


#: the int64 arrays ``play`` reads from one buffer (one argument: numba's call cost grows with each one)
LAYOUT = ("cfg", "lines", "line_len", "imp_cells", "imp_len", "imp_count", "solo_cells", "solo_len", "codes",
          "root", "points", "imp_uses", "st", "grid", "pile", "discard", "hand", "under", "ulen", "row", "done",
          "score", "imp_left", "solo_pile", "solo_rev", "work", "work2", "legal", "init_pile", "init_solo", "hscratch")


@njit(cache=True)
def _view1(buf, offs, i):
    o = offs[i, 0]
    return buf[o:o + offs[i, 1]]


@njit(cache=True)
def _view2(buf, offs, i):
    o = offs[i, 0]
    return buf[o:o + offs[i, 1] * offs[i, 2]].reshape((offs[i, 1], offs[i, 2]))


@njit(cache=True)
def _view3(buf, offs, i):
    o = offs[i, 0]
    return buf[o:o + offs[i, 1] * offs[i, 2] * offs[i, 3]].reshape((offs[i, 1], offs[i, 2], offs[i, 3]))


@njit(cache=True)
def play(seed, kinds, cap, record, buf, offs, mt, amt, ck, sv, inc, avail, trans, need, owner, slen, seq, hslot,
         meta, gaps, actions):
    """Play the game seeded ``seed``, seat ``p`` played by agent ``kinds[p]`` (``AGENT_*``); ``st[S_STATUS]``: 0, FULL, CAPPED or NO_LEGAL.

    ``buf`` holds the arrays named in ``LAYOUT``, ``offs[i]`` = (start, shape...) of the i-th."""
    cfg = _view1(buf, offs, 0)
    lines = _view2(buf, offs, 1)
    line_len = _view1(buf, offs, 2)
    imp_cells = _view3(buf, offs, 3)
    imp_len = _view2(buf, offs, 4)
    imp_count = _view1(buf, offs, 5)
    solo_cells = _view2(buf, offs, 6)
    solo_len = _view1(buf, offs, 7)
    codes = _view2(buf, offs, 8)
    root = _view1(buf, offs, 9)
    points = _view1(buf, offs, 10)
    imp_uses = _view1(buf, offs, 11)
    st = _view1(buf, offs, 12)
    grid = _view1(buf, offs, 13)
    pile = _view1(buf, offs, 14)
    discard = _view1(buf, offs, 15)
    hand = _view1(buf, offs, 16)
    under = _view2(buf, offs, 17)
    ulen = _view1(buf, offs, 18)
    row = _view1(buf, offs, 19)
    done = _view1(buf, offs, 20)
    score = _view1(buf, offs, 21)
    imp_left = _view1(buf, offs, 22)
    solo_pile = _view1(buf, offs, 23)
    solo_rev = _view1(buf, offs, 24)
    work = _view1(buf, offs, 25)
    work2 = _view1(buf, offs, 26)
    legal = _view1(buf, offs, 27)
    init_pile = _view1(buf, offs, 28)
    init_solo = _view1(buf, offs, 29)
    hscratch = _view2(buf, offs, 30)
    players = cfg[C_PLAYERS]
    ncards = cfg[C_CARDS]
    ncells = cfg[C_CELLS]
    nlines = cfg[C_LINES]
    nslots = cfg[C_SLOTS]
    a_place = cfg[C_A_PLACE]
    a_clear = cfg[C_A_CLEAR]
    a_stop = cfg[C_A_STOP]
    fastrng.seed(mt, np.uint64(seed))
    fastrng.seed_agents(amt, np.uint64(seed))
    st[:] = 0
    st[S_RESHUFFLE_PEAK] = -1
    st[S_WINNER] = -1
    for i in range(ncells):
        grid[i] = EMPTY
    for k in range(players * nslots):
        ulen[k] = 0
        row[k] = root[k]
        done[k] = 0 if root[k] >= 0 else 1
    for p in range(players):
        score[p] = 0
        imp_left[p] = imp_uses[p]
    # -- set-up
    for i in range(ncards):
        work2[i] = i
    fastrng.shuffle(mt, work2, ncards)
    if cfg[C_USES_END]:
        if not _packets(st, cfg, mt, gaps, work2, ncards, cfg[C_SETUP_POS], pile, work):
            st[S_INIT_LEN] = -1
            return
    else:
        for i in range(ncards):
            pile[i] = work2[i]
        st[S_PILE] = ncards
    st[S_INIT_LEN] = st[S_PILE]
    for i in range(st[S_PILE]):
        init_pile[i] = pile[st[S_PILE] - 1 - i]
    if cfg[C_SOLO]:
        ns = cfg[C_NSOLO]
        for i in range(ns):
            solo_pile[i] = i
        fastrng.shuffle(mt, solo_pile, ns)
        st[S_SOLO_LEN] = ns
        for i in range(ns):
            init_solo[i] = solo_pile[ns - 1 - i]
    _refill(st, cfg, mt, gaps, grid, pile, discard, work, work2)
    if st[S_END] == PLAYING:
        if cfg[C_SOLO]:
            _ghost(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev, solo_cells, solo_len)
        if st[S_END] == PLAYING:
            _start_turn(st, cfg, gaps, grid)
    # -- decisions
    decisions = 0
    while st[S_END] == PLAYING:
        if decisions >= cap:
            st[S_STATUS] = CAPPED
            break
        p = st[S_PLAYER]
        phase = st[S_PHASE]
        base = p * nslots
        m = 0
        if phase == TAKE:
            for li in range(nlines):
                for j in range(line_len[li]):
                    if grid[lines[li, j]] != EMPTY:
                        legal[m] = li
                        m += 1
                        break
            if imp_left[p] > 0:
                for t in range(imp_count[p]):
                    for j in range(imp_len[p, t]):
                        if grid[imp_cells[p, t, j]] != EMPTY:
                            legal[m] = nlines + t
                            m += 1
                            break
        elif phase == PLACE:
            for h in range(st[S_HAND]):
                for s in range(nslots):
                    if not done[base + s]:
                        legal[m] = a_place + hand[h] * nslots + s
                        m += 1
        else:
            for s in range(nslots):
                if not done[base + s] and ulen[base + s] > 0:
                    legal[m] = a_clear + s
                    m += 1
            legal[m] = a_stop
            m += 1
        if m == 0:
            st[S_STATUS] = NO_LEGAL
            break
        kind = kinds[p]
        if kind == AGENT_RANDOM:
            a = legal[fastrng.randbelow(amt, m)]
        elif kind == AGENT_HEURISTIC:
            a = compiled_heuristic.choose(phase, p, legal, m, amt, grid, hand, st[S_HAND], lines, line_len, imp_cells, imp_len,
                                nlines, a_place, a_clear, nslots, row, done, root, points, codes, ck, sv, inc, avail,
                                trans, need, owner, slen, seq, hslot, meta, hscratch)
            if a == compiled_heuristic.FULL:
                st[S_STATUS] = FULL
                return
        else:
            a = legal[0]
        if record:
            actions[decisions, 0] = p
            actions[decisions, 1] = a
        decisions += 1
        st[S_DECISIONS] = decisions
        # -- apply
        if phase == TAKE:
            if a < nlines:
                n = line_len[a]
                cnt = 0
                for j in range(n):
                    if grid[lines[a, j]] != EMPTY:
                        cnt += 1
            else:
                t = a - nlines
                imp_left[p] -= 1
                n = imp_len[p, t]
                cnt = 0
                for j in range(n):
                    if grid[imp_cells[p, t, j]] != EMPTY:
                        cnt += 1
            if cnt < n:
                _gap(st, gaps, GAP_SHORT, a, p, cnt)
                if cfg[C_G_SHORT] == UNSETTLED:
                    st[S_END] = STALLED + GAP_SHORT
                    break
            h = 0
            for j in range(n):
                cell = lines[a, j] if a < nlines else imp_cells[p, a - nlines, j]
                if grid[cell] != EMPTY:
                    hand[h] = grid[cell]
                    h += 1
                grid[cell] = EMPTY
            st[S_HAND] = h
            st[S_PHASE] = PLACE
        elif phase == PLACE:
            x = a - a_place
            c = x // nslots
            s = x - c * nslots
            h = st[S_HAND]
            for i in range(h):
                if hand[i] == c:
                    for j in range(i, h - 1):
                        hand[j] = hand[j + 1]
                    break
            st[S_HAND] = h - 1
            k = base + s
            code = codes[k, c]
            nid = trans[row[k], code]
            if nid == compiled_require.UNKNOWN:
                nid = compiled_require.step(ck, sv, inc, avail, trans, need, owner, slen, seq, hslot, meta, row[k], code)
            if nid == compiled_require.FULL:
                st[S_STATUS] = FULL
                return
            under[k, ulen[k]] = c
            ulen[k] += 1
            if nid == DEAD:
                _clear(st, p, s, nslots, under, ulen, row, root, discard)
            else:
                row[k] = nid
                if ulen[k] > st[S_PEAK_UNDER]:
                    st[S_PEAK_UNDER] = ulen[k]
            if st[S_HAND] == 0:
                # after serving: validate nobles met exactly
                left = 0
                any_under = False
                for s2 in range(nslots):
                    k2 = base + s2
                    if done[k2]:
                        continue
                    if need[row[k2]] == 0:
                        done[k2] = 1
                        score[p] += points[k2]
                        _clear(st, p, s2, nslots, under, ulen, row, root, discard)
                    else:
                        left += 1
                        if ulen[k2] > 0:
                            any_under = True
                if left == 0:
                    _finish(st, ALL_NOBLES, p)
                elif cfg[C_VOLUNTARY] and any_under:
                    st[S_PHASE] = CLEAR
                else:
                    _end_turn(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev,
                              solo_cells, solo_len)
        else:
            if a == a_stop:
                _end_turn(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev,
                          solo_cells, solo_len)
            else:
                _clear(st, p, a - a_clear, nslots, under, ulen, row, root, discard)
                any_under = False
                for s2 in range(nslots):
                    if not done[base + s2] and ulen[base + s2] > 0:
                        any_under = True
                if not any_under:
                    _end_turn(st, cfg, mt, gaps, grid, pile, discard, work, work2, solo_pile, solo_rev,
                              solo_cells, solo_len)
    st[S_DECISIONS] = decisions


# -- one row of ``play_many``'s results ---------------------------------------------------------
(R_END, R_STATUS, R_TURNS, R_ROUNDS, R_NGAPS, R_PEAK_UNDER, R_RESHUFFLE_PEAK, R_FINISHED, R_TIE) = range(9)
R_SCORES = 9  # then the scores, then whether each seat won
#: ``R_TIE``: no tie-break, "most_dish_cards", "most_dish_cards, then shared"
TIE_NONE, TIE_DISHES, TIE_SHARED = -1, 0, 1


@njit(cache=True)
def _winners(st, cfg, score, ulen, players, nslots, out):
    """``RoyaleFast.play``'s winners and tie-break into ``out`` (a ``play_many`` row); the tie gap's seats.

    Returns the seats (a bit mask) of a tie the dish cards did not break, else 0."""
    for p in range(players):
        out[R_SCORES + players + p] = 0
    out[R_TIE] = TIE_NONE
    if cfg[C_SOLO]:
        out[R_SCORES + players] = 1
        return 0
    if st[S_WINNER] >= 0:
        out[R_SCORES + players + st[S_WINNER]] = 1
        return 0
    best = score[0]
    for p in range(1, players):
        if score[p] > best:
            best = score[p]
    most = -1
    ntied = 0
    for p in range(players):
        if score[p] == best:
            ntied += 1
            d = 0
            for s in range(nslots):
                d += ulen[p * nslots + s]
            if d > most:
                most = d
    mask = 0
    nwin = 0
    for p in range(players):
        if score[p] != best:
            continue
        d = 0
        for s in range(nslots):
            d += ulen[p * nslots + s]
        if ntied == 1 or d == most:
            out[R_SCORES + players + p] = 1
            mask |= 1 << p
            nwin += 1
    if ntied == 1:
        return 0
    out[R_TIE] = TIE_DISHES
    if nwin == 1:
        return 0
    out[R_TIE] = TIE_SHARED
    return mask


@njit(cache=True)
def play_many(seeds, kinds, first, cap, buf, offs, mt, amt, ck, sv, inc, avail, trans, need, owner, slen, seq, hslot,
              meta, gaps, actions, r_out, g_rows):
    """Play games ``first..`` of ``seeds`` (seat kinds ``kinds[i]``) with ``play``, one row of ``r_out`` each
    (``R_*``), their gap events appended to ``g_rows`` (game row, kind, three numbers), a tie the dish
    cards do not break as one more event (``GAP_TIE``, the seats as a bit mask).

    Stops before a game whose gaps might not fit in ``g_rows``, or at a game the noble table
    has no room for (status FULL: grow it, call again from there); returns (next game, gap rows used).
    """
    g = 0
    per_game = gaps.shape[0] + 1
    cfg = _view1(buf, offs, 0)
    st = _view1(buf, offs, 12)
    score = _view1(buf, offs, 21)
    ulen = _view1(buf, offs, 18)
    players = cfg[C_PLAYERS]
    nslots = cfg[C_SLOTS]
    for i in range(first, seeds.shape[0]):
        if g + per_game > g_rows.shape[0]:
            return i, g
        play(seeds[i], kinds[i], cap, False, buf, offs, mt, amt, ck, sv, inc, avail, trans, need, owner, slen, seq,
             hslot, meta, gaps, actions)
        if st[S_STATUS] == FULL:
            return i, g
        out = r_out[i]
        out[R_END] = st[S_END]
        out[R_STATUS] = st[S_STATUS]
        out[R_TURNS] = st[S_TURNS]
        out[R_ROUNDS] = st[S_ROUNDS]
        out[R_NGAPS] = st[S_NGAPS]
        out[R_PEAK_UNDER] = st[S_PEAK_UNDER]
        out[R_RESHUFFLE_PEAK] = st[S_RESHUFFLE_PEAK]
        out[R_FINISHED] = st[S_FINISHED]
        for p in range(players):
            out[R_SCORES + p] = score[p]
        for j in range(min(st[S_NGAPS], gaps.shape[0])):
            g_rows[g, 0] = i
            for x in range(4):
                g_rows[g, 1 + x] = gaps[j, x]
            g += 1
        out[R_TIE] = TIE_NONE
        if st[S_STATUS] == 0 and st[S_END] != PLAYING and st[S_END] < STALLED:
            mask = _winners(st, cfg, score, ulen, players, nslots, out)
            if mask:
                g_rows[g, 0] = i
                g_rows[g, 1] = GAP_TIE
                g_rows[g, 2] = mask
                g_rows[g, 3] = 0
                g_rows[g, 4] = 0
                g += 1
                if cfg[C_G_TIE] == UNSETTLED:
                    out[R_END] = STALLED + GAP_TIE
    return seeds.shape[0], g
