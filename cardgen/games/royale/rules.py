"""Royale's rules written once: the pile built from packets, the piles dealt again, who wins.

Written once: the engine (``engine.py``) runs these on its record (a list), ``compiled_rules`` compiles
them as they are (``cardgen.jit.bind``) on the same record (an array); so they index, loop and take ``len``,
and a place they write is an array and where it starts in it (``cells``, ``fresh``, ``new_pile``...).
What differs in form they read through names, as ``agents.py``'s planner does: the draws
(``randbelow``, ``shuffle``: ``random.Random`` here, ``fastrng`` there, the same numbers in the
same order) and ``sort``; the forms below are the engine's, ``compiled_rules`` binds
its own. Gap events stay with each engine. Pure Python: the reference path never loads numba.

The turn flow between two decisions is written here once too: ``draw`` (the end card, empty piles and
their reshuffles), ``refill``, ``ghost`` (solo), ``start_turn``, ``end_turn`` and ``clear`` (a noble's
cards to the discard: ``under_size``, ``under_card``, ``reset_noble``); and what a decision allows,
``legal`` (action ids, read through ``hand_card``, ``validated``, ``imposter_ways``, ``take_cells``). Each takes the
position ``S`` and reads it through a few names each form gives its own way: the counters
(``get``, ``put``: ``K_*``), the piles (``size``, ``pop``, ``push``, ``reshuffle``:
``PILE``, ``DISCARD``, ``SOLO``, ``REVEALED``), the rule numbers and the buffet (``config``,
``cells``, ``solo_cells``), a gap (``gap``) and the end (``finish``, ``over``). The steps call one
another through ``on_draw``, ``on_refill``, ``on_ghost``, ``on_start``: the engine's hook methods
(``_draw``, ``_refill``, ``_ghost_turn``, ``_start_turn``, which house rules wrap), the compiled
steps in ``compiled_rules``. The engine's forms of all these names are at the end of this module: both forms
read one record, the position laid out below (``layout``), the engine's a list, the kernels' an ``int64`` array.

So are the set-up (``setup``: the piles shuffled, the dish pile built in packets, ``pack``, and built
again at the end card, ``repack``; through ``scratch``, ``chance``, ``new_pile``, ``new_solo``, ``set_zone``,
``card_at``, ``empty``, ``peak``, ``dealt``) and a search's sample of the hidden piles (``determinize``:
``pile_cards``, ``solo_cards``, ``end_zone``).

And the end (``end``, then ``result``: ``winners`` over ``scores``, ``K_WINNER`` and ``dishes``), the reshuffle of
a pile into another (``reshuffle``, through ``fresh``), a noble's next state (``next_row``, ``row_after``, through
``noble_row``, ``card_code``, ``known`` and ``learn``) and its state found again from its cards (``found_row``, from
``start_row``: the engine's invariants check it, a search's copy of the record is renumbered by it, ``renumber``).
"""
from __future__ import annotations

import random
from typing import Any


#: the end-of-banquet card, as it sits in the pile (a dish card is its index, >= 0)
END = -2
#: an empty cell, no card drawn
EMPTY = -1
#: the decision: take, place, clear, over (``S_PHASE``)
TAKE, PLACE, CLEAR, OVER = 0, 1, 2, 3
#: a noble's next state: impossible (``require.DEAD``), or not known yet to the compiled table
#: (``compiled_require.UNKNOWN``: ``place`` stops before changing anything)
DEAD, UNKNOWN = -1, -2

#: gap kind -> resolutions the engines apply (``GameSpec.gaps``); a ruling's code is its place here
GAPS: dict[str, tuple[str, ...]] = {
    "order_conflict": ("wording",),  # settled in the data (masked noble 3); never raised in play
    "uneven_packets": ("near_equal",),
    "pile_empty": ("reshuffle_discards", "end_game"),
    "short_line": ("take_present",),
    "nothing_to_take": ("end_game",),
    "tie_after_tiebreak": ("shared",),
    "solo_pile_empty": ("reshuffle_revealed", "end_game"),
}
#: the gaps play raises, by code (``order_conflict`` is settled in the data), and the words of their details
GAP_KINDS = tuple(GAPS)[1:]
GAP_UNEVEN, GAP_PILE, GAP_SHORT, GAP_NOTHING, GAP_TIE, GAP_SOLO = range(len(GAP_KINDS))
GAP_WORDS = ("{0} cards into {1} packets", "turn {0}", "", "turn {0}", "", "turn {0}")
#: no ruling (the game stalls); ``end_game``, the ruling of ``pile_empty`` and ``solo_pile_empty`` that ends it
UNSETTLED, END_GAME = -1, 1
#: end codes; stalled on gap kind k: ``STALLED + k``
PLAYING, BANQUET_OVER, SUPPLY_EXHAUSTED, ALL_NOBLES, TURNS_DONE, SOLO_EXHAUSTED = range(6)
STALLED = 10
END_NAMES = ("playing", "banquet_over", "supply_exhausted", "all_nobles", "turns_done", "solo_cards_exhausted")

#: the deck's numbers the rules read (``cfg``, ``RoyaleGame.cfg``; gap kind k's ruling is ``cfg[C_GAPS + k]``)
(C_PLAYERS, C_CARDS, C_CELLS, C_LINES, C_SLOTS, C_SOLO, C_USES_END, C_PACKETS, C_SETUP_POS, C_RESHUFFLE_POS,
 C_END_DRAWS, C_SOLO_TURNS, C_GHOST, C_VOLUNTARY, C_NSOLO, C_A_PLACE, C_A_CLEAR, C_A_STOP,
 C_GAPS) = range(19)
CFG_SIZE = C_GAPS + len(GAP_KINDS)
# -- the position: one record of flat int fields ---------------------------------------------------------------
# ``RoyaleState.s`` (a list) and the kernels' position (an ``int64`` array, ``compiled_rules.fields``) are the same
# record: the scalars ``S_*`` first (a pile's size is its count slot), then the fields ``F_*``, laid out by
# ``layout``: the buffet, the dish pile (top at the end), the discard, the hand, the cards under each (seat, noble
# slot) and how many, the slot's noble state (``ROW``: its checker's state in the engine, ``require.Checker``; its
# row of the compiled noble table in the kernels), validated flags (a slot past a seat's nobles counts as one),
# scores, imposter uses left, the solo pile and the solo cards revealed, and the end card's zone (``set_zone``).
(S_PLAYER, S_PHASE, S_END, S_TURNS, S_ROUNDS, S_PILE, S_DISC, S_HAND, S_SOLO_LEN, S_REV_LEN, S_END_DRAWS,
 S_NGAPS, S_PEAK_UNDER, S_RESHUFFLE_PEAK, S_FINISHED, S_WINNER, S_INIT_LEN, S_FORCED, S_VOLUNTARY,
 S_DECISIONS, S_STATUS, S_SOLO_INIT) = range(22)
ST_SIZE = 22
(F_ST, F_GRID, F_PILE, F_DISC, F_HAND, F_UNDER, F_ULEN, F_ROW, F_DONE, F_SCORE, F_IMPLEFT, F_SOLO, F_SREV,
 F_ZONE) = range(14)
#: an end a house rule named (``RoyaleState._finish``), not one of ``END_NAMES``
OTHER_END = len(END_NAMES)


def layout(players: int, ncards: int, ncells: int, nslots: int, nsolo: int) -> tuple[list[tuple[int, ...]], int]:
    """Where each field starts and its shape (``(start, n)``, or ``(start, rows, columns)`` for the cards under the
    nobles), and the record's size, for these dimensions."""
    shapes = [(ST_SIZE,), (ncells,), (ncards + 2,), (ncards + 2,), (ncells + 1,), (players * nslots, ncards + 1),
              (players * nslots,), (players * nslots,), (players * nslots,), (players,), (players,),
              (max(nsolo, 1),), (max(nsolo, 1),), (3,)]
    off: list[tuple[int, ...]] = []
    at = 0
    for shape in shapes:
        off.append((at, *shape))
        n = 1
        for d in shape:
            n *= d
        at += n
    return off, at


#: ``winners``' tie-break: none, the most dish cards under nobles, then a shared win
TIE_NONE, TIE_DISHES, TIE_SHARED = -1, 0, 1
#: the outcome's ``tie_break`` of ``TIE_DISHES`` and ``TIE_SHARED``
TIE_NAMES = ("most_dish_cards", "most_dish_cards, then shared")


def packets(cards: Any, n: int, k: int, position: int, rng: Any, pile: Any, at: int) -> tuple[int, int]:
    """The pile of the ``n`` shuffled ``cards`` (``cards[0]`` on top) split into ``k`` near-equal
    packets (the first ``n % k`` one card bigger), the end card put at random inside packet
    ``position`` (1: the top packet), written into ``pile`` from ``at`` (``n + 1`` long, its top at the end).

    Returns the first position from the top the end card may hold and its packet's size (its
    zone: public knowledge, where ``redeal`` puts it back)."""
    lo = 0  # the cards above the end card's packet
    for i in range(position - 1):
        lo += n // k + (1 if i < n % k else 0)
    size = n // k + (1 if position - 1 < n % k else 0)
    above = lo + randbelow(rng, size + 1)  # the cards above the end card
    for i in range(n):
        pile[at + (n - i if i < above else n - 1 - i)] = cards[i]
    pile[at + n - above] = END
    return lo, size


def redeal(pile: Any, at: int, n: int, solo: Any, so: int, ns: int, zone: Any, rng: Any) -> None:
    """The piles dealt again, in place (``determinize``): the ``n`` cards of the dish pile (``pile`` from
    ``at``), whose
    order only is unknown, sorted (the shuffle must not depend on the true order) and shuffled,
    the end card put back at random inside its packet, less the cards drawn since (``zone``:
    ``RoyaleState.end_zone``); the ``ns`` cards of the solo pile (``solo`` from ``so``) sorted and shuffled too."""
    m = 0  # the dish cards, moved to the front
    for i in range(n):
        if pile[at + i] != END:
            pile[at + m] = pile[at + i]
            m += 1
    sort(pile, at, m)
    shuffle(rng, pile, at, m)
    if m < n:
        drawn = zone[0] - n
        top_lo = max(0, zone[1] - drawn)
        top_hi = min(n - 1, zone[2] - drawn)
        pos = m - top_lo - randbelow(rng, top_hi - top_lo + 1)  # the end card's position from the top
        for i in range(m, pos, -1):
            pile[at + i] = pile[at + i - 1]
        pile[at + pos] = END
    sort(solo, so, ns)
    shuffle(rng, solo, so, ns)


def winners(score: Any, solo: bool, winner: int, U: Any, win: Any) -> int:
    """The winners of a game that ended (``win[p]`` 1 for each, 0 else) and the tie-break it took
    (``TIE_*``).

    The solo seat wins; the seat that validated all its nobles (``winner``; -1: none) wins; else
    the best score, then the most dish cards under nobles (``dishes(U, p)``, ``U`` the position), then
    shared (the ``tie_after_tiebreak`` gap: the engines raise it)."""
    players = len(score)
    for q in range(players):
        win[q] = 0
    if solo:
        win[0] = 1
        return TIE_NONE
    if winner >= 0:
        win[winner] = 1
        return TIE_NONE
    best = score[0]
    for q in range(players):
        best = max(best, score[q])
    most = -1
    ntied = 0
    for q in range(players):
        if score[q] == best:
            ntied += 1
            win[q] = dishes(U, q)  # for now: the tied seat's dish cards under its nobles
            most = max(most, win[q])
    nwin = 0
    for q in range(players):
        win[q] = 1 if score[q] == best and (ntied == 1 or win[q] == most) else 0
        nwin += win[q]
    if ntied == 1:
        return TIE_NONE
    return TIE_DISHES if nwin == 1 else TIE_SHARED


def dishes(S: Any, p: int) -> int:
    """The dish cards under seat ``p``'s nobles (``winners``' tie-break)."""
    n = 0
    for s in range(config(S)[C_SLOTS]):
        n += under_size(S, p, s)
    return n


def result(S: Any, win: Any) -> int:
    """The winners of the game that ended in position ``S`` (``win[p]`` 1 for each) and the tie-break it took
    (``winners`` over the scores, the seat that validated all its nobles, ``K_WINNER``, and the dish cards
    under the nobles)."""
    return winners(scores(S), config(S)[C_SOLO], get(S, K_WINNER), S, win)


def end(S: Any, reason: Any, winner: int) -> None:
    """The game ends for ``reason`` (the engine names it, ``END_NAMES``; the compiled tier keeps its code):
    no decision is left, and the end and the seat that validated all its nobles (``winner``; -1: none) are
    recorded for ``result``."""
    put(S, K_PHASE, OVER)
    put(S, K_END, reason)
    put(S, K_WINNER, winner)
    put(S, K_FINISHED, 1)


def reshuffle(S: Any, src: Any, dst: Any) -> None:
    """The cards of pile ``src`` shuffled into the empty pile ``dst`` (the discard into the dish pile, the
    revealed solo cards into the solo pile), bottom card first, and ``src`` left empty."""
    n = size(S, src)
    cards, at = fresh(S, dst, n)
    for i in range(n):
        cards[at + i] = card_at(S, src, i)
    empty(S, src)
    shuffle(chance(S), cards, at, n)


def next_row(S: Any, p: int, s: int, card: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s`` after ``card`` (``DEAD``: impossible), as the noble
    table knows it (``known``), else worked out (``learn``: the engine's checker does it at once; the compiled
    tier, which cannot grow its table there, notes the transition and answers ``UNKNOWN``)."""
    return row_after(S, p, s, noble_row(S, p, s), card)


def row_after(S: Any, p: int, s: int, r: int, card: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s`` after ``card`` at state ``r`` (``next_row``'s step)."""
    code = card_code(S, p, s, card)
    nid = known(S, p, s, r, code)
    if nid == UNKNOWN:
        nid = learn(S, p, s, r, code)
    return nid


def found_row(S: Any, p: int, s: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s`` found again from the cards under it, in play order (an
    ordered requirement keys its state so): from its start (``start_row``), one step per card; ``DEAD`` once the
    noble can no longer be met, ``UNKNOWN`` where the compiled table lacks a step (noted, as ``next_row``'s)."""
    r = start_row(S, p, s)
    for i in range(under_size(S, p, s)):
        if r < 0:
            return r
        r = row_after(S, p, s, r, under_card(S, p, s, i))
    return r


def renumber(S: Any) -> bool:
    """Every noble slot's state found again from its cards (``found_row``) and written: what a record copied from
    the other tier needs, since each tier numbers the states by its own noble table (the engine's checkers,
    ``require.Checker``; the kernels' ``compiled_require``). False when the compiled table lacks a step: noted
    for the caller, which works it out (``compiled_rules._fill``) and renumbers again."""
    cfg = config(S)
    for p in range(cfg[C_PLAYERS]):
        for s in range(cfg[C_SLOTS]):
            r = found_row(S, p, s)
            if r == UNKNOWN:
                return False
            set_row(S, p, s, r)
    return True


# -- the turn flow between two decisions ------------------------------------------------------------------
def draw(S: Any) -> int:
    """The next dish card of the pile, or EMPTY. An empty pile is gap ``pile_empty`` (its rulings: the
    discard shuffled into a new pile, or the end); the end card drawn the last time ends the banquet,
    before that the pile and the discard are shuffled together into packets, the end card in packet
    ``C_RESHUFFLE_POS``."""
    cfg = config(S)
    while True:
        if size(S, PILE) == 0:
            res = gap(S, GAP_PILE, get(S, K_TURNS), 0, 0)
            if res == UNSETTLED:
                return EMPTY
            if res == END_GAME:
                finish(S, SUPPLY_EXHAUSTED)
                return EMPTY
            if size(S, DISCARD) == 0:
                return EMPTY
            reshuffle(S, DISCARD, PILE)
        c = pop(S, PILE)
        if c != END:
            return c
        draws = get(S, K_END_DRAWS) + 1
        put(S, K_END_DRAWS, draws)
        if draws >= cfg[C_END_DRAWS]:
            finish(S, BANQUET_OVER)
            return EMPTY
        repack(S, cfg[C_RESHUFFLE_POS])
        if over(S):
            return EMPTY


def refill(S: Any) -> None:
    """The empty cells of the buffet filled from the pile (``on_draw``), left to right, top to bottom,
    until it gives no card."""
    grid, g0 = cells(S)
    for i in range(g0, g0 + config(S)[C_CELLS]):
        if grid[i] == EMPTY:
            c = on_draw(S)
            if c == EMPTY:
                return
            grid[i] = c


def ghost(S: Any) -> None:
    """Solo: the ghost reveals ``C_GHOST`` solo cards, the dishes in their cells go to the discard, and the
    buffet is refilled. An empty solo pile is gap ``solo_pile_empty`` (the revealed cards shuffled again,
    or the end)."""
    cfg = config(S)
    grid, g0 = cells(S)
    for _ in range(cfg[C_GHOST]):
        if size(S, SOLO) == 0:
            res = gap(S, GAP_SOLO, get(S, K_TURNS), 0, 0)
            if res == UNSETTLED:
                return
            if res == END_GAME or size(S, REVEALED) == 0:
                finish(S, SOLO_EXHAUSTED)
                return
            reshuffle(S, REVEALED, SOLO)
        card = pop(S, SOLO)
        push(S, REVEALED, card)
        row, n = solo_cells(S, card)
        for j in range(n):
            cell = g0 + row[j]
            if grid[cell] != EMPTY:
                push(S, DISCARD, grid[cell])
                grid[cell] = EMPTY
    on_refill(S)


def start_turn(S: Any) -> None:
    """A turn starts with a take; an empty buffet is gap ``nothing_to_take`` (its ruling ends the game)."""
    put(S, K_PHASE, TAKE)
    grid, g0 = cells(S)
    for i in range(g0, g0 + config(S)[C_CELLS]):
        if grid[i] != EMPTY:
            return
    if gap(S, GAP_NOTHING, get(S, K_TURNS), 0, 0) != UNSETTLED:
        finish(S, SUPPLY_EXHAUSTED)


def legal(S: Any, out: Any) -> int:
    """The ids of the legal actions written into ``out``, in the one order every form lists them; how many.

    A take: the lines, then the seat's imposter placements while it has uses left (``imposter_ways``), each
    that names a card (``take_cells``); a place: each card in hand (``hand_card``) under each noble slot not
    validated; a clearing: each open slot with cards under it, then stop. The ids: ``a < C_A_PLACE`` takes
    ``a``, ``C_A_PLACE + card * C_SLOTS + slot`` places, ``C_A_CLEAR + slot`` clears, ``C_A_STOP`` stops."""
    if over(S):
        return 0
    cfg = config(S)
    grid, g0 = cells(S)
    p, phase, nslots = get(S, K_PLAYER), get(S, K_PHASE), cfg[C_SLOTS]
    m = 0
    if phase == TAKE:
        takes = cfg[C_LINES] + imposter_ways(S, p)
        full = True  # a full buffet, the common case (it is refilled every turn): every take names a card, as every
        for i in range(g0, g0 + cfg[C_CELLS]):  # take names a cell (a pattern has one at least)
            if grid[i] == EMPTY:
                full = False
                break
        if full:
            for a in range(takes):
                out[a] = a
            return takes
        for a in range(takes):
            row, n = take_cells(S, p, a)
            for j in range(n):
                if grid[g0 + row[j]] != EMPTY:
                    out[m] = a
                    m += 1
                    break
    elif phase == PLACE:
        free = 0  # the slots not validated, as bits: asked once a decision, not once per card in hand
        for sl in range(nslots):
            if not validated(S, p, sl):
                free |= 1 << sl
        for h in range(size(S, HAND)):
            base = cfg[C_A_PLACE] + hand_card(S, h) * nslots
            for sl in range(nslots):
                if free >> sl & 1:
                    out[m] = base + sl
                    m += 1
    elif phase == CLEAR:
        for sl in range(nslots):
            if not validated(S, p, sl) and under_size(S, p, sl) > 0:
                out[m] = cfg[C_A_CLEAR] + sl
                m += 1
        out[m] = cfg[C_A_STOP]
        m += 1
    return m


def clear(S: Any, p: int, s: int) -> None:
    """Seat ``p``'s noble slot ``s`` cleared (forced, validated or voluntary): the dish cards under it go to
    the discard, first placed first, and its requirement starts again from nothing."""
    for i in range(under_size(S, p, s)):
        push(S, DISCARD, under_card(S, p, s, i))
    reset_noble(S, p, s)


def end_turn(S: Any) -> None:
    """A turn ends: solo, after ``C_SOLO_TURNS`` turns the game, else the buffet is refilled and the ghost
    plays; with players, the buffet is refilled and the next seat takes. Then the next turn starts."""
    cfg = config(S)
    turns = get(S, K_TURNS) + 1
    put(S, K_TURNS, turns)
    if cfg[C_SOLO]:
        put(S, K_ROUNDS, turns)
        if turns >= cfg[C_SOLO_TURNS]:
            finish(S, TURNS_DONE)
            return
        on_refill(S)
        if not over(S):
            on_ghost(S)
    else:
        on_refill(S)
        p = get(S, K_PLAYER) + 1
        if p == cfg[C_PLAYERS]:
            p = 0
            put(S, K_ROUNDS, get(S, K_ROUNDS) + 1)
        put(S, K_PLAYER, p)
    if not over(S):
        on_start(S)


# -- a decision played ---------------------------------------------------------------------------------------
def act(S: Any, a: int) -> bool:
    """Action id ``a`` (legal) played: a take (``on_take``), a card placed (``on_place``), a noble cleared
    (``cleared``) or stop (``on_end_turn``). False: the compiled noble table lacks the transition of the card
    placed (nothing changed); the engine never answers it."""
    cfg, phase = config(S), get(S, K_PHASE)
    if phase == TAKE:
        on_take(S, a)
    elif phase == PLACE:
        x = a - cfg[C_A_PLACE]
        card = x // cfg[C_SLOTS]
        return on_place(S, card, x - card * cfg[C_SLOTS])  # type: ignore[no-any-return]
    elif a == cfg[C_A_STOP]:
        on_end_turn(S)
    else:
        cleared(S, a - cfg[C_A_CLEAR])
    return True


def take(S: Any, a: int) -> None:
    """The seat takes ``a`` (a line, or an imposter placement, which spends one use): the cards in its cells
    go to the hand, in cell order, and the cells are left empty. A take naming fewer cards than cells is gap
    ``short_line`` (its ruling: take the cards there)."""
    grid, g0 = cells(S)
    p = get(S, K_PLAYER)
    if a >= config(S)[C_LINES]:
        use_imposter(S, p, a)
    row, n = take_cells(S, p, a)
    held = 0
    for j in range(n):
        if grid[g0 + row[j]] != EMPTY:
            held += 1
    if held < n and gap(S, GAP_SHORT, a, p, held) == UNSETTLED:
        return
    new_hand(S)
    for j in range(n):
        cell = g0 + row[j]
        if grid[cell] != EMPTY:
            push(S, HAND, grid[cell])
        grid[cell] = EMPTY
    put(S, K_PHASE, PLACE)


def place(S: Any, card: int, s: int) -> bool:
    """Dish ``card`` from the hand placed under the seat's noble slot ``s``: a card that makes the noble
    impossible clears it at once (a forced clearing); once the hand is empty, the serving (``on_serve``).
    False: the compiled noble table does not know the noble's next state yet (``UNKNOWN``; nothing changed)."""
    p = get(S, K_PLAYER)
    nid = next_row(S, p, s, card)
    if nid == UNKNOWN:
        return False
    from_hand(S, card)
    put_under(S, p, s, card)
    if nid == DEAD:
        tally(S, K_FORCED)
        on_clear(S, p, s)
    else:
        set_row(S, p, s, nid)
        if under_size(S, p, s) > get(S, K_PEAK_UNDER):
            put(S, K_PEAK_UNDER, under_size(S, p, s))
    if size(S, HAND) == 0:
        on_serve(S)
    return True


def serve(S: Any) -> None:
    """The hand placed: each noble met exactly is validated (its points scored, its cards cleared); a seat
    with no noble left wins at once (``win``); else voluntary clearing, where the deck allows it and a noble
    has cards under it, or the turn ends."""
    cfg, p = config(S), get(S, K_PLAYER)
    left = 0
    loaded = False
    for s in range(cfg[C_SLOTS]):
        if validated(S, p, s):
            continue
        if need(S, p, s) == 0:
            validate(S, p, s)
            on_clear(S, p, s)
        else:
            left += 1
            if under_size(S, p, s) > 0:
                loaded = True
    if left == 0:
        win(S, p)
    elif cfg[C_VOLUNTARY] and loaded:
        put(S, K_PHASE, CLEAR)
    else:
        on_end_turn(S)


def cleared(S: Any, s: int) -> None:
    """The seat clears its noble slot ``s`` by choice; with no card left under an open noble, its turn ends."""
    p = get(S, K_PLAYER)
    on_clear(S, p, s)
    tally(S, K_VOLUNTARY)
    for sl in range(config(S)[C_SLOTS]):
        if not validated(S, p, sl) and under_size(S, p, sl) > 0:
            return
    on_end_turn(S)


# -- the set-up and the pile built again ---------------------------------------------------------------------
def setup(S: Any) -> None:
    """The set-up: the dish cards shuffled into the pile (with the end card, in packets: ``pack``), solo the
    solo cards shuffled into their pile; the piles as dealt recorded (``dealt``); the buffet filled, solo the
    ghost's first turn, and the first turn starts."""
    cfg = config(S)
    n = cfg[C_CARDS]
    cards = scratch(S, n)
    for i in range(n):
        cards[i] = i
    shuffle(chance(S), cards, 0, n)
    if cfg[C_USES_END]:
        if not pack(S, cards, n, cfg[C_SETUP_POS]):
            return
    else:
        pile, at = new_pile(S, n)
        for i in range(n):
            pile[at + i] = cards[i]
    if cfg[C_SOLO]:
        ns = cfg[C_NSOLO]
        solo, at = new_solo(S, ns)
        for i in range(ns):
            solo[at + i] = i
        shuffle(chance(S), solo, at, ns)
    dealt(S)
    on_refill(S)
    if over(S):
        return
    if cfg[C_SOLO]:
        on_ghost(S)
    if not over(S):
        on_start(S)


def pack(S: Any, cards: Any, n: int, position: int) -> bool:
    """The pile built from the ``n`` shuffled ``cards`` in ``C_PACKETS`` packets, the end card in packet
    ``position`` (``packets``), and the end card's zone kept (public: ``redeal`` reads it). An uneven split
    is gap ``uneven_packets``: unsettled, no pile (False)."""
    k = config(S)[C_PACKETS]
    if n % k and gap(S, GAP_UNEVEN, n, k, 0) == UNSETTLED:
        new_pile(S, 0)
        return False
    pile, at = new_pile(S, n + 1)
    lo, size = packets(cards, n, k, position, chance(S), pile, at)
    set_zone(S, n + 1, lo, lo + size)
    return True


def repack(S: Any, position: int) -> None:
    """The pile and the discard shuffled together (the pile's cards first, bottom up) into packets, the end
    card in packet ``position`` (``pack``); the size of the pile so built is a peak of the statistics."""
    n, d = size(S, PILE), size(S, DISCARD)
    cards = scratch(S, n + d)
    for i in range(n):
        cards[i] = card_at(S, PILE, i)
    for i in range(d):
        cards[n + i] = card_at(S, DISCARD, i)
    empty(S, DISCARD)
    shuffle(chance(S), cards, 0, n + d)
    peak(S, n + d + 1)
    pack(S, cards, n + d, position)


# -- a search's sample of what a seat cannot see -------------------------------------------------------------
def determinize(S: Any, rng: Any) -> None:
    """A sample of the hidden: in a game still playing, the piles dealt again (``redeal``, chance from
    ``rng``); the rest of Royale is public."""
    if not over(S):
        pile, at = pile_cards(S)
        solo, so = solo_cards(S)
        redeal(pile, at, size(S, PILE), solo, so, size(S, SOLO), end_zone(S), rng)


# -- the reference engine's forms of the names above read (``compiled_rules`` binds its own) --------
def randbelow(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` from ``rng`` (``random.Random._randbelow``, as ``randrange(n)`` draws it)."""
    return rng.randrange(n)


def shuffle(rng: random.Random, x: list[int], at: int, n: int) -> None:
    """``rng.shuffle`` of the ``n`` items of ``x`` from ``at`` (the same draws as shuffling a list of ``n``)."""
    part = x[at:at + n]
    rng.shuffle(part)
    x[at:at + n] = part


def sort(x: list[int], at: int, n: int) -> None:
    """The ``n`` items of ``x`` from ``at`` sorted."""
    x[at:at + n] = sorted(x[at:at + n])


# the position, as the engine holds it: ``RoyaleState.s``, the record above, a list; its game (``S.g``) knows where
# each field starts (``RoyaleGame.at``: a pile's start by its count slot; ``grid_at``, ``under_at``...)
K_TURNS, K_ROUNDS, K_PLAYER, K_PHASE, K_END_DRAWS = S_TURNS, S_ROUNDS, S_PLAYER, S_PHASE, S_END_DRAWS
K_PEAK_UNDER, K_FORCED, K_VOLUNTARY = S_PEAK_UNDER, S_FORCED, S_VOLUNTARY
K_END, K_WINNER, K_FINISHED = S_END, S_WINNER, S_FINISHED
PILE, DISCARD, SOLO, REVEALED, HAND = S_PILE, S_DISC, S_SOLO_LEN, S_REV_LEN, S_HAND
_CODES = [{res: i for i, res in enumerate(GAPS[kind])} for kind in GAP_KINDS]


def get(S: Any, key: int) -> int:
    """The counter ``key`` (``K_*``)."""
    return S.s[key]  # type: ignore[no-any-return]


def put(S: Any, key: int, value: int) -> None:
    """Set the counter ``key``."""
    S.s[key] = value


def size(S: Any, zone: int) -> int:
    """How many cards pile ``zone`` holds (its count slot)."""
    return S.s[zone]  # type: ignore[no-any-return]


def pop(S: Any, zone: int) -> int:
    """The top card of pile ``zone``, taken."""
    s = S.s
    n = s[zone] - 1
    s[zone] = n
    return s[S.g.at[zone] + n]  # type: ignore[no-any-return]


def push(S: Any, zone: int, card: int) -> None:
    """``card`` put on pile ``zone``, last (its top)."""
    s = S.s
    n = s[zone]
    s[S.g.at[zone] + n] = card
    s[zone] = n + 1


def card_at(S: Any, zone: int, i: int) -> int:
    """The ``i``-th card of pile ``zone`` from the bottom."""
    return S.s[S.g.at[zone] + i]  # type: ignore[no-any-return]


def fresh(S: Any, zone: int, n: int) -> tuple[list[int], int]:
    """Pile ``zone`` now holds ``n`` cards, to be written: the record and where they start."""
    S.s[zone] = n
    return S.s, S.g.at[zone]


def scores(S: Any) -> list[int]:
    """Each seat's points."""
    return S.s[S.g.score_at:S.g.score_at + S.g.players]  # type: ignore[no-any-return]


def scratch(S: Any, n: int) -> list[int]:
    """A list of ``n`` cards to work in."""
    return [0] * n


def chance(S: Any) -> random.Random:
    """The game's generator."""
    return S.rng  # type: ignore[no-any-return]


def new_pile(S: Any, n: int) -> tuple[list[int], int]:
    """The dish pile holds ``n`` cards, to be written: the record and where they start."""
    return fresh(S, PILE, n)


def new_solo(S: Any, n: int) -> tuple[list[int], int]:
    """The solo pile holds ``n`` cards, to be written: the record and where they start."""
    return fresh(S, SOLO, n)


def set_zone(S: Any, built: int, lo: int, hi: int) -> None:
    """Where the end card may be: the pile's size when built, the first and last place from the top."""
    at = S.g.zone_at
    S.s[at:at + 3] = built, lo, hi


def pile_cards(S: Any) -> tuple[list[int], int]:
    """The dish pile (its top last): the record and where it starts."""
    return S.s, S.g.at[PILE]


def solo_cards(S: Any) -> tuple[list[int], int]:
    """The solo pile (its top last): the record and where it starts."""
    return S.s, S.g.at[SOLO]


def end_zone(S: Any) -> list[int]:
    """Where the end card may be (``set_zone``)."""
    at = S.g.zone_at
    return S.s[at:at + 3]  # type: ignore[no-any-return]


def empty(S: Any, zone: int) -> None:
    """Pile ``zone`` emptied (the discard's view is built again)."""
    S.s[zone] = 0
    if zone == DISCARD:
        S._discard_gen += 1


def peak(S: Any, n: int) -> None:
    """A pile of ``n`` cards built again: the statistics' peak ``pile_after_reshuffle``."""
    S.track("pile_after_reshuffle", n)


def dealt(S: Any) -> None:
    """The piles as dealt, in draw order, recorded (``State.initial_piles``)."""
    g = S.g
    S.initial_piles["dish_pile"] = S._pile_ids()
    if g.solo:
        S.initial_piles["solo_pile"] = [g.solo_ids[i] for i in reversed(S.solo_pile)]


def under_size(S: Any, p: int, s: int) -> int:
    """How many dish cards lie under seat ``p``'s noble slot ``s`` (none past the seat's nobles)."""
    return S.s[S.g.ulen_of[p] + s]  # type: ignore[no-any-return]


def under_card(S: Any, p: int, s: int, i: int) -> int:
    """The ``i``-th dish card placed under seat ``p``'s noble slot ``s``."""
    g = S.g
    return S.s[g.under_of[p] + s * g.width + i]  # type: ignore[no-any-return]


def reset_noble(S: Any, p: int, s: int) -> None:
    """No card under seat ``p``'s noble slot ``s`` any more: its checker back at its start, the seat's view
    made again."""
    g = S.g
    S.s[g.ulen_of[p] + s] = 0
    S.s[g.row_of[p] + s] = 0
    S._views[p] = None


def hand_card(S: Any, h: int) -> int:
    """The ``h``-th card of the hand."""
    return S.s[S.g.at[HAND] + h]  # type: ignore[no-any-return]


def validated(S: Any, p: int, s: int) -> bool:
    """Whether seat ``p``'s noble slot ``s`` is validated (a slot past the seat's nobles counts as one)."""
    return S.s[S.g.done_of[p] + s] != 0  # type: ignore[no-any-return]


def imposter_ways(S: Any, p: int) -> int:
    """How many placements seat ``p``'s imposter may take now: all of them while it has uses left, else none (one
    line: the reference engine runs it inlined, ``cardgen.engine.inline``)."""
    return len(S.g.imposter_takes[p]) if S.s[S.g.left_at + p] > 0 else 0


def take_cells(S: Any, p: int, a: int) -> tuple[list[int], int]:
    """The cells take ``a`` of seat ``p`` names (a line, or its imposter's placement ``a - C_LINES``), and how many
    (one line, inlined: ``legal`` asks it of every take at every take decision)."""
    return S.g.take_rows[p][a], len(S.g.take_rows[p][a])


def gap(S: Any, kind: int, a: int, b: int, c: int) -> int:
    """Gap ``kind`` met (its detail ``GAP_WORDS[kind]`` of ``a``, ``b``, ``c``): the ruling's code, or
    UNSETTLED (``State.gap`` stalled the game: the record's end says so, ``STALLED + kind``)."""
    detail = (f"{S.g.actions[b][a]!r} holds {c} card(s)" if kind == GAP_SHORT  # take ``a`` of seat ``b``
              else GAP_WORDS[kind].format(a, b, c))
    res = S.gap(GAP_KINDS[kind], detail)
    if res is None:
        S.s[S_END] = STALLED + kind
        return UNSETTLED
    return _CODES[kind].get(res, 0)  # type: ignore[no-any-return]


def finish(S: Any, reason: int) -> None:
    """The game ends for ``reason`` (``END_NAMES``): ``RoyaleState._finish``, a hook point."""
    S._finish(END_NAMES[reason])


def over(S: Any) -> bool:
    """Whether the game ended (or stalled)."""
    return bool(S.end_reason)


def config(S: Any) -> list[int]:
    """The deck's numbers (``C_*``)."""
    return S.g.cfg  # type: ignore[no-any-return]


def cells(S: Any) -> tuple[list[int], int]:
    """The buffet, a card or EMPTY per cell: the record and where the buffet starts."""
    return S.s, S.g.grid_at


def solo_cells(S: Any, card: int) -> tuple[list[int], int]:
    """The cells solo card ``card`` names, and how many."""
    row = S.g.solo_cells[card]
    return row, len(row)


def on_draw(S: Any) -> int:
    """``draw`` through the engine's hook method."""
    return S._draw()  # type: ignore[no-any-return]


def on_refill(S: Any) -> None:
    """``refill`` through the engine's hook method."""
    S._refill()


def on_ghost(S: Any) -> None:
    """``ghost`` through the engine's hook method."""
    S._ghost_turn()


def on_start(S: Any) -> None:
    """``start_turn`` through the engine's hook method."""
    S._start_turn()


def on_take(S: Any, a: int) -> None:
    """``take`` through the engine's hook method (it names the action, not its id)."""
    S._take(S.g.actions[S.s[S_PLAYER]][a])


def on_place(S: Any, card: int, s: int) -> bool:
    """``place`` through the engine's hook method."""
    S._place(card, s)
    return True


def on_serve(S: Any) -> None:
    """``serve`` through the engine's hook method."""
    S._after_serving()


def on_end_turn(S: Any) -> None:
    """``end_turn`` through the engine's hook method."""
    S._end_turn()


def on_clear(S: Any, p: int, s: int) -> None:
    """``clear`` through the engine's method (seat ``p`` is the seat to play)."""
    S._clear(s)


def tally(S: Any, key: int) -> None:
    """One more of the counter ``key`` (``K_FORCED``, ``K_VOLUNTARY``: the engine's outcome reports them)."""
    S.s[key] += 1


def use_imposter(S: Any, p: int, a: int) -> None:
    """Seat ``p`` spends an imposter use on take ``a``, logged for the invariants."""
    S.s[S.g.left_at + p] -= 1
    S.imposter_log.append((p, tuple(S.g.take_rows[p][a])))
    S._views[p] = None


def new_hand(S: Any) -> None:
    """The hand emptied (the take's cards go there)."""
    S.s[S_HAND] = 0


def from_hand(S: Any, card: int) -> None:
    """``card`` taken out of the hand, the cards after it moved up."""
    s, at = S.s, S.g.at[HAND]
    n = s[S_HAND]
    i = s.index(card, at, at + n)
    s[i:at + n - 1] = s[i + 1:at + n]
    s[S_HAND] = n - 1


def start_row(S: Any, p: int, s: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s`` with no card under it (each checker's first)."""
    return 0


def noble_row(S: Any, p: int, s: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s``."""
    return S.s[S.g.row_of[p] + s]  # type: ignore[no-any-return]


def card_code(S: Any, p: int, s: int, card: int) -> int:
    """Dish ``card``'s code for the checker of seat ``p``'s noble slot ``s``."""
    return S.g.codes[p][s][card]  # type: ignore[no-any-return]


def known(S: Any, p: int, s: int, r: int, code: int) -> int:
    """The state after one more card of ``code`` at state ``r`` of seat ``p``'s noble slot ``s``, if its checker
    has met it already, else ``UNKNOWN``."""
    chk = S.g.checkers[p][s]
    return chk.trans.get(r * chk.ncodes + code, UNKNOWN)  # type: ignore[no-any-return]


def learn(S: Any, p: int, s: int, r: int, code: int) -> int:
    """The state after one more card of ``code`` at state ``r`` of seat ``p``'s noble slot ``s``, worked out by
    its checker (``Checker.step``, which keeps it)."""
    return S.g.checkers[p][s].step(r, code)  # type: ignore[no-any-return]


def put_under(S: Any, p: int, s: int, card: int) -> None:
    """``card`` placed under seat ``p``'s noble slot ``s``."""
    g, st = S.g, S.s
    at = g.ulen_of[p] + s
    n = st[at]
    st[g.under_of[p] + s * g.width + n] = card
    st[at] = n + 1
    S._views[p] = None


def set_row(S: Any, p: int, s: int, nid: int) -> None:
    """Seat ``p``'s noble slot ``s`` now in checker state ``nid``."""
    S.s[S.g.row_of[p] + s] = nid


def need(S: Any, p: int, s: int) -> int:
    """How many cards seat ``p``'s noble slot ``s`` still needs (0: met exactly)."""
    return S.g.checkers[p][s].need[noble_row(S, p, s)]  # type: ignore[no-any-return]


def validate(S: Any, p: int, s: int) -> None:
    """Seat ``p``'s noble slot ``s`` validated: its points scored."""
    g = S.g
    S.s[g.done_of[p] + s] = 1
    S.s[g.score_at + p] += g.points[p][s]


def win(S: Any, p: int) -> None:
    """Seat ``p`` validated all its nobles: the game ends (``RoyaleState._finish``, a hook point)."""
    S._finish("all_nobles", winner=p)
