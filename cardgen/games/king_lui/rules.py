"""King Lui's rules written once: the engine runs them on lists, ``compiled_rules`` compiles them as they are.

Each function works on lists and numpy arrays alike (indexing, ``len``, loops, nothing allocated):
``engine.KingLuiState`` calls it on counts of its card lists, ``compiled_rules`` compiles it
(``numba.njit``, ``cardgen.jit.bind``) over its ``int64`` position. A rule gap goes through ``gap``,
which ``compiled_rules`` binds to its own log. Pure Python: the reference path never loads numba.
"""
from __future__ import annotations

from typing import Any

#: Gap kinds the rules raise, with the resolutions a deck can declare (``engine.GAPS``).
GAPS: dict[str, tuple[str, ...]] = {
    # no dish left on the table, an Emerald could be used: must the player draw?
    "no_dish_emerald": ("draw_only", "emerald_allowed"),
    # the player must draw (no dish left) but the supply is empty
    "draw_from_empty_supply": ("pass",),
    # a draw asks for more cards than the supply holds (only if supply_draw_cards > 1)
    "short_supply_draw": ("draw_remaining",),
    # players still tied on points after comparing discarded cards: the published rules stop there (``tie_standing``)
    "tie_after_tiebreak": ("shared",),
}
#: gap kinds by code (the order of ``GAPS``) and the words of each one's detail, from its two numbers
GAP_KINDS = tuple(GAPS)
GAP_NO_DISH, GAP_EMPTY, GAP_SHORT, GAP_TIE = range(4)
N_GAPS = len(GAP_KINDS)
GAP_WORDS = ("seat {0}, course {1}", "seat {0}, course {1}", "{0} card(s) left, {1} to draw", "seats {0}")
#: a ruling of ``no_dish_emerald`` by its place in ``GAPS``
DRAW_ONLY, EMERALD_ALLOWED = 0, 1
#: what a turn allows (``choices``), as flags: take a dish, draw, feed Emerald
MAY_TAKE, MAY_DRAW, MAY_FEED = 1, 2, 4
#: the tie-breaks ``winners`` names, by code (-1: no tie)
TIE_BREAKS = ("fewest_discarded", "shared_win")
NO_TIE, FEWEST_DISCARDED, SHARED_WIN = -1, 0, 1


def gap_detail(kind: int, a: int, b: int) -> str:
    """Gap ``kind``'s detail from its two numbers, in ``GAP_WORDS``' words (the tied seats, a bit each in ``a``,
    as a list: "seats [0, 2]"). Pure Python: the engines' logs, never a kernel."""
    if kind == GAP_TIE:
        return GAP_WORDS[kind].format([q for q in range(a.bit_length()) if a >> q & 1])
    return GAP_WORDS[kind].format(a, b)


def gap(st: Any, kind: int, a: int, b: int) -> int:
    """Gap ``kind`` (details ``a``, ``b``: ``GAP_WORDS``) met on ``st``: the place of the deck's ruling in
    ``GAPS``, -1 without one (the game stalls): ``KingLuiState.rule_gap``."""
    return int(st.rule_gap(kind, a, b))


def choices(st: Any, dishes: Any, beside: Any, king: int, portions: int, supply: Any, seat: int, played: int) -> int:
    """What ``seat`` may do on a turn after ``played`` courses, as flags: ``MAY_TAKE`` (``dishes`` left on the
    table), ``MAY_DRAW`` (``supply`` cards left), ``MAY_FEED`` (``beside`` Emeralds beside the dishes and a
    king holding a meal: ``portions`` of his ``king``). With no dish left, whether Emerald may eat is gap
    ``no_dish_emerald``; with nothing to do, ``draw_from_empty_supply`` (0: the turn passes); ``-1 - kind``
    when gap ``kind`` has no ruling. Of ``dishes``, ``beside`` and ``supply`` only whether any counts: the
    engine passes its lists. ``KingLuiState._decide`` and ``compiled_rules.settle`` run it (``legal`` reads it back).
    One ``return``, its last: the reference engine's ``turn`` has it inlined (``cardgen.engine.inline``'s block
    form)."""
    feed = king >= portions if beside else False
    flags = 0
    if feed and not dishes:
        rule = gap(st, GAP_NO_DISH, seat, played + 1)
        if rule < 0:
            flags = -1 - GAP_NO_DISH
        feed = rule == EMERALD_ALLOWED
    if flags == 0:
        flags = (MAY_TAKE if dishes else 0) | (MAY_DRAW if supply else 0) | (MAY_FEED if feed else 0)
        if flags == 0 and gap(st, GAP_EMPTY, seat, played + 1) < 0:
            flags = -1 - GAP_EMPTY
    return flags


def to_draw(st: Any, left: int, want: int) -> int:
    """Cards a draw of ``want`` takes from a supply of ``left``: fewer left is gap ``short_supply_draw`` (its
    ``draw_remaining``: all), -1 without a ruling. ``KingLuiState._draw`` and ``compiled_rules.apply``."""
    if left < want:
        if gap(st, GAP_SHORT, left, want) < 0:
            return -1
        return left
    return want


def score(held: Any, h0: int, king: Any, k0: int, n: int, players: int, scores: Any, discarded: Any) -> None:
    """Points and discarded cards per seat into ``scores``, ``discarded`` (seat ``q`` holds ``held[h0 + q * n + d]``
    of dish ``d``, the king ``king[k0 + d]``): a portion scores the king's count of its dish; holding more
    than the king is overeating, the whole dish discarded. ``KingLuiState.scores``, ``compiled_rules.outcome``."""
    for q in range(players):
        points = 0
        lost = 0
        for d in range(n):
            h = held[h0 + q * n + d]
            k = king[k0 + d]
            if h > k:
                lost += h
            else:
                points += h * k
        scores[q] = points
        discarded[q] = lost


def winners(scores: Any, discarded: Any, players: int, won: Any) -> int:
    """Who wins, 1 each in ``won``: the top score, then the fewest discarded cards; a tie still standing is
    shared (the ``tie_after_tiebreak`` gap, ``tie_standing``: the texts stop there, the deck's clarification settles
    it). The tie-break used: ``NO_TIE``, ``FEWEST_DISCARDED`` (one winner left) or ``SHARED_WIN``.
    ``KingLuiState.outcome`` and ``compiled_rules.outcome``."""
    best = scores[0]
    for q in range(1, players):
        if scores[q] > best:
            best = scores[q]
    tied = 0
    fewest = 0
    for q in range(players):
        if scores[q] == best:
            if tied == 0 or discarded[q] < fewest:
                fewest = discarded[q]
            tied += 1
    count = 0
    for q in range(players):
        won[q] = 1 if scores[q] == best and discarded[q] == fewest else 0
        count += won[q]
    if tied == 1:
        return NO_TIE
    return FEWEST_DISCARDED if count == 1 else SHARED_WIN


def tie_standing(st: Any, s: Any, cfg: Any, won: Any, tie: int) -> None:
    """The game over in ``s`` with winners ``won`` by tie-break ``tie`` (``winners``): a tie the fewest discarded
    cards leave standing (``SHARED_WIN``) is gap ``tie_after_tiebreak``, the tied seats its detail (a bit each);
    its ruling ``shared`` lets them share the win, without one the game stalls on it. Nothing for a game that
    stalled before its end or has not ended. ``KingLuiState._finish``, the compiled tier's game loop and its
    search's rewards."""
    end = s[S_END]
    if tie != SHARED_WIN or end == PLAYING or STALLED <= end < STALLED + N_GAPS:
        return
    seats = 0
    for q in range(cfg[C_PLAYERS]):
        if won[q]:
            seats |= 1 << q
    if gap(st, GAP_TIE, seats, 0) < 0:
        finish(s, STALLED + GAP_TIE)


# -- the position: one record of flat int fields --------------------------------------------------------------
# ``KingLuiState.s`` (a list) and the kernels' state (an ``int64`` array) are the same record. Its fields, for
# ``n`` dishes, ``P`` players and ``N`` card instances: the scalars ``S_*``, then per dish the portions on the
# ``table`` (``HEADER + d``), on the ``king``'s plate (``HEADER + n + d``), ``eaten`` by Emerald (``HEADER + 2n + d``),
# per seat and dish the ``hands`` (``hand(n, seat) + d``) and the portions ``taken`` openly (``taken(n, P, seat) + d``),
# and the ``supply`` as dish codes (-1 an Emerald), top card last, ``S_SP`` of them in use (``supply(n, P)``). Hands
# are counts: no rule depends on which instance of a dish is where; a seat's unseen draws are ``hands - taken``.

#: indices in ``cfg``, the deck's rule numbers and gap rulings (gap kind k's ruling, its place in ``GAPS``, is
#: ``cfg[C_NO_DISH + k]``, ``UNSETTLED`` without one)
C_DISHES, C_PLAYERS, C_COURSE, C_DRAW, C_PORTIONS, C_NO_DISH, C_EMPTY, C_SHORT, C_TIE, C_CARDS = range(10)
CFG_SIZE = 10
UNSETTLED = -1
#: end codes (``S_END``): stalled on gap kind k is ``STALLED + k``
PLAYING, SUPPLY_EXHAUSTED, STALLED = 0, 1, 2
#: the scalars: cards in the supply, Emeralds beside the dishes, the king's portions, drawn Emeralds waiting, the
#: chef, seats that acted this course, the seat to act, turns, courses, the end, the decision, cards removed, gaps met
S_SP, S_TEMER, S_KTOTAL, S_PENDING, S_CHEF, S_ACTED, S_PLAYER, S_TURNS, S_ROUNDS, S_END, S_PHASE, S_REMOVED, \
    S_GAPS = range(13)
HEADER = 13
#: ``S_PHASE``: what the decision allows, as ``turn`` found it: a turn's ``choices`` flags (1 to 7), or the decision
#: on an Emerald just drawn (use it or place it); ``OVER`` at the end
OVER, DRAWN_EMERALD = 0, 8


def hand(n: int, seat: int) -> int:
    """Where ``seat``'s portions lie in the record (one per dish)."""
    return HEADER + 3 * n + seat * n


def taken(n: int, players: int, seat: int) -> int:
    """Where the portions ``seat`` took openly lie in the record (one per dish)."""
    return HEADER + 3 * n + (players + seat) * n


def supply(n: int, players: int) -> int:
    """Where the supply lies in the record (dish codes, top card last)."""
    return HEADER + 3 * n + 2 * players * n


# -- the rule steps: each one function, run on the engine's record and compiled on the kernels' ------------------
# Action codes: ``d < n`` takes dish d, ``n`` draws, ``n + 1`` places a drawn Emerald, ``n + 2 + c`` feeds Emerald
# the portions ``combo_cnt[c]`` (``KingLuiGame.combos``).

def finish(s: Any, end: int) -> None:
    """The game is over (``end``: ``SUPPLY_EXHAUSTED``, ``STALLED + kind``...): nobody acts any more."""
    s[S_END] = end
    s[S_PLAYER] = -1
    s[S_PHASE] = OVER


def deal(s: Any, cfg: Any) -> bool:
    """The chef deals a course from the supply, Emeralds beside the dishes; the chef acts first. False, nothing
    dealt, when the supply cannot fill the table: its leftovers leave the game (the game ends)."""
    course = cfg[C_COURSE]
    sp = s[S_SP]
    if sp < course:
        s[S_REMOVED] += sp
        s[S_SP] = 0
        return False
    s0 = supply(cfg[C_DISHES], cfg[C_PLAYERS])
    for i in range(s0 + sp - course, s0 + sp):  # the top ``course`` cards (counts: in any order)
        d = s[i]
        if d < 0:
            s[S_TEMER] += 1
        else:
            s[HEADER + d] += 1
    s[S_SP] = sp - course
    s[S_PLAYER] = s[S_CHEF]
    s[S_ACTED] = 0
    return True


def turn(st: Any, s: Any, cfg: Any) -> int:
    """What the seat to act may do (``choices``' flags, kept in ``S_PHASE`` for ``legal``): 0, the turn passes;
    ``-1 - kind`` when gap ``kind`` has no ruling (the game stalls)."""
    end = HEADER + cfg[C_DISHES]
    d = HEADER  # the first dish left on the table, ``end`` without one (a ``while``: a ``range`` is made per call)
    while d < end and not s[d]:
        d += 1
    m = 1 if d < end else 0  # whether a dish is left on the table
    f = choices(st, m, s[S_TEMER], s[S_KTOTAL], cfg[C_PORTIONS], s[S_SP], s[S_PLAYER], s[S_ROUNDS])
    if f > 0:
        s[S_PHASE] = f
    return f


def pending(s: Any, cfg: Any) -> bool:
    """Offer the next Emerald the seat drew: True while one waits and the king holds a meal (use it or place it);
    one that cannot be used is laid beside the dishes. False: none left, the turn ends."""
    while s[S_PENDING] > 0:
        if s[S_KTOTAL] >= cfg[C_PORTIONS]:
            s[S_PHASE] = DRAWN_EMERALD
            return True
        s[S_PENDING] -= 1
        s[S_TEMER] += 1
    return False


def advance(s: Any, cfg: Any) -> bool:
    """Close the current turn: True, the next seat acts; after the last seat the king gets every dish left on the
    table and the chef's left neighbour becomes chef: False (the next course is to be dealt)."""
    players = cfg[C_PLAYERS]
    s[S_TURNS] += 1
    acted = s[S_ACTED] + 1
    s[S_ACTED] = acted
    if acted < players:
        s[S_PLAYER] = (s[S_PLAYER] + 1) % players
        return True
    n = cfg[C_DISHES]
    for d in range(n):
        x = s[HEADER + d]
        if x:
            s[HEADER + n + d] += x
            s[S_KTOTAL] += x
            s[HEADER + d] = 0
    s[S_ROUNDS] += 1
    s[S_CHEF] = (s[S_CHEF] + 1) % players
    return False


def take(s: Any, cfg: Any, d: int) -> None:
    """The seat to act takes every portion of dish ``d`` on the table, openly."""
    n = cfg[C_DISHES]
    seat = s[S_PLAYER]
    h = hand(n, seat) + d
    x = s[HEADER + d]
    s[h] += x
    s[h + cfg[C_PLAYERS] * n] += x  # taken openly: the same seat and dish, ``taken``
    s[HEADER + d] = 0


def draw(st: Any, s: Any, cfg: Any) -> bool:
    """The seat to act draws ``C_DRAW`` cards from the supply (``to_draw``): portions to its hand, Emeralds to wait
    for ``pending``. False when a short supply has no ruling (the game stalls)."""
    sp = s[S_SP]
    want = to_draw(st, sp, cfg[C_DRAW])
    if want < 0:
        return False
    n = cfg[C_DISHES]
    h0 = hand(n, s[S_PLAYER])
    s0 = supply(n, cfg[C_PLAYERS])
    stop = sp - want
    while sp > stop:  # a draw is mostly one card: no ``range`` made for it
        sp -= 1
        d = s[s0 + sp]
        if d < 0:
            s[S_PENDING] += 1
        else:
            s[h0 + d] += 1
    s[S_SP] = sp
    return True


def place(s: Any) -> None:
    """The Emerald just drawn is laid beside the dishes."""
    s[S_PENDING] -= 1
    s[S_TEMER] += 1


def feed(s: Any, cfg: Any, row: Any) -> None:
    """Emerald eats: the portions ``row`` (per dish) leave the king's plate and the game with the Emerald (which
    the caller took from where it lay)."""
    n = cfg[C_DISHES]
    k = 0
    for d in range(n):
        x = row[d]
        if x:
            s[HEADER + n + d] -= x
            s[HEADER + 2 * n + d] += x
            k += x
    s[S_KTOTAL] -= k
    s[S_REMOVED] += 1 + k


def emeralds(s: Any, out: Any, m: int, combo_cnt: Any, n: int) -> int:
    """Append the code of every Emerald combination the king's plate allows after ``out[:m]``; the new length."""
    k0 = HEADER + n
    for c in range(len(combo_cnt)):
        row = combo_cnt[c]
        d = 0  # the first dish the plate is short of, ``n`` for none (a ``while``: no ``range`` made per row)
        while d < n and row[d] <= s[k0 + d]:
            d += 1
        if d == n:
            out[m] = n + 2 + c
            m += 1
    return m


def offer(s: Any, out: Any, m: int, combo_cnt: Any, n: int) -> int:
    """``emeralds``, remembered per king's plate by the engine's table (``Combos.offer``); ``compiled_rules``
    binds ``emeralds`` itself."""
    return int(combo_cnt.offer(s, out, m))


def legal(s: Any, cfg: Any, combo_cnt: Any, out: Any) -> int:
    """The legal action codes into ``out``, in the published order (the dishes on the table, the draw, Emerald's
    meals; on a drawn Emerald: place it, then its meals); how many (0 at the end)."""
    if s[S_END] != PLAYING:
        return 0
    n = cfg[C_DISHES]
    f = s[S_PHASE]
    if f == DRAWN_EMERALD:
        out[0] = n + 1
        return offer(s, out, 1, combo_cnt, n)
    m = 0
    for d in range(n):
        if s[HEADER + d]:
            out[m] = d
            m += 1
    if f & MAY_DRAW:
        out[m] = n
        m += 1
    if f & MAY_FEED:
        m = offer(s, out, m, combo_cnt, n)
    return m


def shuffle(rng: Any, x: Any, k: int) -> None:
    """``rng.shuffle`` of the first ``k`` items of ``x`` (``compiled_rules`` binds ``fastrng.shuffle``: the same
    draws)."""
    part = x[:k]
    rng.shuffle(part)
    x[:k] = part


def determinize(src: Any, dst: Any, seat: int, cfg: Any, rng: Any, work: Any) -> None:
    """Copy ``src`` into ``dst`` with everything ``seat`` cannot see dealt again (``KingLuiState.determinize``).

    The hidden cards are the supply and each opponent's portions drawn unseen (``hands - taken``). They are
    gathered by dish code (the sample cannot depend on where they lay) and shuffled with ``rng``; the first
    portions in that order go back to the opponents, as many as each drew, in seat order (a drawn Emerald is
    shown, so none goes back), and the rest becomes the supply in shuffled order. ``work``: ``n + 1 + P + N``
    scratch numbers.
    """
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    dst[:] = src
    h0 = hand(n, 0)
    g0 = taken(n, players, 0)
    s0 = supply(n, players)
    c0 = 0  # work: per dish code + 1, the hidden count; per seat the portions it drew; the pool
    q0 = n + 1
    p0 = q0 + players
    for c in range(p0):
        work[c] = 0
    for i in range(dst[S_SP]):
        work[c0 + dst[s0 + i] + 1] += 1
    for q in range(players):
        if q != seat:
            for d in range(n):
                hidden = dst[h0 + q * n + d] - dst[g0 + q * n + d]
                work[c0 + d + 1] += hidden
                work[q0 + q] += hidden
                dst[h0 + q * n + d] -= hidden
    total = 0
    for c in range(n + 1):  # by dish code
        for _ in range(work[c0 + c]):
            work[p0 + total] = c - 1
            total += 1
    pool = work[p0:p0 + total]
    shuffle(rng, pool, total)
    q = 0
    k = 0
    for i in range(total):
        d = pool[i]
        while q < players and (q == seat or work[q0 + q] == 0):
            q += 1
        if d >= 0 and q < players:
            dst[h0 + q * n + d] += 1
            work[q0 + q] -= 1
        else:
            dst[s0 + k] = d
            k += 1
    dst[S_SP] = k


def stack(s: Any, ids: Any, dish_of: Any, cfg: Any) -> None:
    """A new game's record into ``s``, all zeros (the caller's: a new list, or an array it zeroed): the card
    instances ``ids`` (top last) as the supply, nothing dealt yet."""
    s0 = supply(cfg[C_DISHES], cfg[C_PLAYERS])
    cards = cfg[C_CARDS]
    for i in range(cards):
        s[s0 + i] = dish_of[ids[i]]
    s[S_SP] = cards


def shuffled(s: Any, ids: Any, dish_of: Any, rng: Any, cfg: Any) -> None:
    """A new game's record into the zeroed ``s`` from the box shuffled with the game's ``rng``
    (``random.Random(seed).shuffle`` of the instances in deck order, which ``ids`` holds: 0, 1, 2...); ``ids``
    gets the supply's instances, top last."""
    shuffle(rng, ids, cfg[C_CARDS])
    stack(s, ids, dish_of, cfg)


def use_emerald(s: Any) -> bool:
    """Take the Emerald that eats from where it lies: the one just drawn (True) or one beside the dishes."""
    drawn = s[S_PHASE] == DRAWN_EMERALD
    if drawn:
        s[S_PENDING] -= 1
    else:
        s[S_TEMER] -= 1
    return drawn


#: the end codes' names (``S_END``), as outcomes say them
ENDS = ("playing", "supply_exhausted") + tuple("stalled:" + kind for kind in GAP_KINDS)
