"""Royale's rules written once: the pile built from packets, the piles dealt again, who wins.

Written once: the engine (``engine.py``) runs these on its lists, ``compiled_rules`` compiles
them as they are (``cardgen.jit.bind``) on its arrays; so they index, loop and take ``len``.
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
steps in ``compiled_rules``. The engine's forms of all these names are at the end of this module, the
game-agnostic ones (counters and piles by name) imported from ``cardgen.games.reference``.

So are the set-up (``setup``: the piles shuffled, the dish pile built in packets, ``pack``, and built
again at the end card, ``repack``; through ``scratch``, ``chance``, ``new_pile``, ``new_solo``, ``set_zone``,
``card_at``, ``empty``, ``peak``, ``dealt``) and a search's sample of the hidden piles (``determinize``:
``pile_cards``, ``solo_cards``, ``end_zone``).

And the end (``end``, then ``result``: ``winners`` over ``scores``, ``K_WINNER`` and ``dishes``), the reshuffle of
a pile into another (``reshuffle``, through ``fresh``) and a noble's next state (``next_row``, through
``noble_row``, ``card_code``, ``known`` and ``learn``).
"""
from __future__ import annotations

import random
from typing import Any

from cardgen.games.reference import card_at, get, pop, push, put, size

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
#: ``winners``' tie-break: none, the most dish cards under nobles, then a shared win
TIE_NONE, TIE_DISHES, TIE_SHARED = -1, 0, 1
#: the outcome's ``tie_break`` of ``TIE_DISHES`` and ``TIE_SHARED``
TIE_NAMES = ("most_dish_cards", "most_dish_cards, then shared")


def packets(cards: Any, n: int, k: int, position: int, rng: Any, pile: Any) -> tuple[int, int]:
    """The pile of the ``n`` shuffled ``cards`` (``cards[0]`` on top) split into ``k`` near-equal
    packets (the first ``n % k`` one card bigger), the end card put at random inside packet
    ``position`` (1: the top packet), written into ``pile`` (``n + 1`` long, its top at the end).

    Returns the first position from the top the end card may hold and its packet's size (its
    zone: public knowledge, where ``redeal`` puts it back)."""
    lo = 0  # the cards above the end card's packet
    for i in range(position - 1):
        lo += n // k + (1 if i < n % k else 0)
    size = n // k + (1 if position - 1 < n % k else 0)
    above = lo + randbelow(rng, size + 1)  # the cards above the end card
    for i in range(n):
        pile[n - i if i < above else n - 1 - i] = cards[i]
    pile[n - above] = END
    return lo, size


def redeal(pile: Any, n: int, solo: Any, ns: int, zone: Any, rng: Any) -> None:
    """The piles dealt again, in place (``determinize``): the ``n`` cards of the dish pile, whose
    order only is unknown, sorted (the shuffle must not depend on the true order) and shuffled,
    the end card put back at random inside its packet, less the cards drawn since (``zone``:
    ``RoyaleState.end_zone``); the ``ns`` cards of the solo pile sorted and shuffled too."""
    m = 0  # the dish cards, moved to the front
    for i in range(n):
        if pile[i] != END:
            pile[m] = pile[i]
            m += 1
    sort(pile, m)
    shuffle(rng, pile, m)
    if m < n:
        drawn = zone[0] - n
        top_lo = max(0, zone[1] - drawn)
        top_hi = min(n - 1, zone[2] - drawn)
        pos = m - top_lo - randbelow(rng, top_hi - top_lo + 1)  # the end card's position from the top
        for i in range(m, pos, -1):
            pile[i] = pile[i - 1]
        pile[pos] = END
    sort(solo, ns)
    shuffle(rng, solo, ns)


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
    cards = fresh(S, dst, n)
    for i in range(n):
        cards[i] = card_at(S, src, i)
    empty(S, src)
    shuffle(chance(S), cards, n)


def next_row(S: Any, p: int, s: int, card: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s`` after ``card`` (``DEAD``: impossible), as the noble
    table knows it (``known``), else worked out (``learn``: the engine's checker does it at once; the compiled
    tier, which cannot grow its table there, notes the transition and answers ``UNKNOWN``)."""
    r = noble_row(S, p, s)
    code = card_code(S, p, s, card)
    nid = known(S, p, s, r, code)
    if nid == UNKNOWN:
        nid = learn(S, p, s, r, code)
    return nid


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
    grid = cells(S)
    for i in range(config(S)[C_CELLS]):
        if grid[i] == EMPTY:
            c = on_draw(S)
            if c == EMPTY:
                return
            grid[i] = c


def ghost(S: Any) -> None:
    """Solo: the ghost reveals ``C_GHOST`` solo cards, the dishes in their cells go to the discard, and the
    buffet is refilled. An empty solo pile is gap ``solo_pile_empty`` (the revealed cards shuffled again,
    or the end)."""
    cfg, grid = config(S), cells(S)
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
            cell = row[j]
            if grid[cell] != EMPTY:
                push(S, DISCARD, grid[cell])
                grid[cell] = EMPTY
    on_refill(S)


def start_turn(S: Any) -> None:
    """A turn starts with a take; an empty buffet is gap ``nothing_to_take`` (its ruling ends the game)."""
    put(S, K_PHASE, TAKE)
    grid = cells(S)
    for i in range(config(S)[C_CELLS]):
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
    cfg, grid = config(S), cells(S)
    p, phase, nslots = get(S, K_PLAYER), get(S, K_PHASE), cfg[C_SLOTS]
    m = 0
    if phase == TAKE:
        for a in range(cfg[C_LINES] + imposter_ways(S, p)):
            row, n = take_cells(S, p, a)
            for j in range(n):
                if grid[row[j]] != EMPTY:
                    out[m] = a
                    m += 1
                    break
    elif phase == PLACE:
        for h in range(size(S, HAND)):
            base = cfg[C_A_PLACE] + hand_card(S, h) * nslots
            for sl in range(nslots):
                if not validated(S, p, sl):
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
    grid, p = cells(S), get(S, K_PLAYER)
    if a >= config(S)[C_LINES]:
        use_imposter(S, p, a)
    row, n = take_cells(S, p, a)
    held = 0
    for j in range(n):
        if grid[row[j]] != EMPTY:
            held += 1
    if held < n and gap(S, GAP_SHORT, a, p, held) == UNSETTLED:
        return
    new_hand(S)
    for j in range(n):
        if grid[row[j]] != EMPTY:
            push(S, HAND, grid[row[j]])
        grid[row[j]] = EMPTY
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
    shuffle(chance(S), cards, n)
    if cfg[C_USES_END]:
        if not pack(S, cards, n, cfg[C_SETUP_POS]):
            return
    else:
        pile = new_pile(S, n)
        for i in range(n):
            pile[i] = cards[i]
    if cfg[C_SOLO]:
        ns = cfg[C_NSOLO]
        solo = new_solo(S, ns)
        for i in range(ns):
            solo[i] = i
        shuffle(chance(S), solo, ns)
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
    lo, size = packets(cards, n, k, position, chance(S), new_pile(S, n + 1))
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
    shuffle(chance(S), cards, n + d)
    peak(S, n + d + 1)
    pack(S, cards, n + d, position)


# -- a search's sample of what a seat cannot see -------------------------------------------------------------
def determinize(S: Any, rng: Any) -> None:
    """A sample of the hidden: in a game still playing, the piles dealt again (``redeal``, chance from
    ``rng``); the rest of Royale is public."""
    if not over(S):
        redeal(pile_cards(S), size(S, PILE), solo_cards(S), size(S, SOLO), end_zone(S), rng)


# -- the reference engine's forms of the names above read (``compiled_rules`` binds its own) --------
def randbelow(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` from ``rng`` (``random.Random._randbelow``, as ``randrange(n)`` draws it)."""
    return rng.randrange(n)


def shuffle(rng: random.Random, x: list[int], n: int) -> None:
    """``rng.shuffle`` of the first ``n`` items of ``x`` (the same draws as shuffling a list of ``n``)."""
    part = x[:n]
    rng.shuffle(part)
    x[:n] = part


def sort(x: list[int], n: int) -> None:
    """The first ``n`` items of ``x`` sorted."""
    x[:n] = sorted(x[:n])


# the position, as the engine holds it (``RoyaleState``): counters are attributes, piles are lists (``get``,
# ``put``, ``size``, ``pop``, ``push``, ``card_at`` and the shuffle: ``cardgen.games.reference``, imported by name)
K_TURNS, K_ROUNDS, K_PLAYER, K_PHASE, K_END_DRAWS = "turns", "rounds", "player", "phase", "end_draws"
K_PEAK_UNDER, K_FORCED, K_VOLUNTARY = "_peak_under", "forced_clears", "voluntary_clears"
K_END, K_WINNER, K_FINISHED = "end_reason", "winner", "finished"
PILE, DISCARD, SOLO, REVEALED, HAND = "pile", "discard", "solo_pile", "solo_revealed", "hand"
_CODES = [{res: i for i, res in enumerate(GAPS[kind])} for kind in GAP_KINDS]


def fresh(S: Any, zone: str, n: int) -> list[int]:
    """Pile ``zone``, a new list of ``n`` cards (to be written)."""
    cards = [0] * n
    setattr(S, zone, cards)
    return cards


def scores(S: Any) -> list[int]:
    """Each seat's points."""
    return S.score  # type: ignore[no-any-return]


def scratch(S: Any, n: int) -> list[int]:
    """A list of ``n`` cards to work in."""
    return [0] * n


def chance(S: Any) -> random.Random:
    """The game's generator."""
    return S.rng  # type: ignore[no-any-return]


def new_pile(S: Any, n: int) -> list[int]:
    """The dish pile, a new list of ``n`` cards (to be written)."""
    S.pile = [END] * n
    return S.pile  # type: ignore[no-any-return]


def new_solo(S: Any, n: int) -> list[int]:
    """The solo pile, a new list of ``n`` cards (to be written)."""
    S.solo_pile = [0] * n
    return S.solo_pile  # type: ignore[no-any-return]


def set_zone(S: Any, built: int, lo: int, hi: int) -> None:
    """Where the end card may be: the pile's size when built, the first and last place from the top."""
    S.end_zone = (built, lo, hi)


def pile_cards(S: Any) -> list[int]:
    """The dish pile (its top at the end)."""
    return S.pile  # type: ignore[no-any-return]


def solo_cards(S: Any) -> list[int]:
    """The solo pile (its top at the end)."""
    return S.solo_pile  # type: ignore[no-any-return]


def end_zone(S: Any) -> tuple[int, int, int]:
    """Where the end card may be (``set_zone``)."""
    return S.end_zone  # type: ignore[no-any-return]


def empty(S: Any, zone: str) -> None:
    """Pile ``zone`` emptied (a new list: the discard's view is built again)."""
    setattr(S, zone, [])
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
    under = S.under[p]
    return len(under[s]) if s < len(under) else 0


def under_card(S: Any, p: int, s: int, i: int) -> int:
    """The ``i``-th dish card placed under seat ``p``'s noble slot ``s``."""
    return S.under[p][s][i]  # type: ignore[no-any-return]


def reset_noble(S: Any, p: int, s: int) -> None:
    """No card under seat ``p``'s noble slot ``s`` any more: its checker back at its start, the seat's view
    made again."""
    S.under[p][s].clear()
    S.sid[p][s] = 0
    S._views[p] = None


def hand_card(S: Any, h: int) -> int:
    """The ``h``-th card of the hand."""
    return S.hand[h]  # type: ignore[no-any-return]


def validated(S: Any, p: int, s: int) -> bool:
    """Whether seat ``p``'s noble slot ``s`` is validated (a slot past the seat's nobles counts as one)."""
    done = S.done[p]
    return s >= len(done) or done[s]  # type: ignore[no-any-return]


def imposter_ways(S: Any, p: int) -> int:
    """How many placements seat ``p``'s imposter may take now: all of them while it has uses left, else none."""
    return len(S.g.imposter_takes[p]) if S.imposter_left[p] > 0 else 0


def take_cells(S: Any, p: int, a: int) -> tuple[list[int], int]:
    """The cells take ``a`` of seat ``p`` names (a line, or its imposter's placement ``a - C_LINES``), and how many."""
    row = S.g.take_rows[p][a]
    return row, len(row)


def gap(S: Any, kind: int, a: int, b: int, c: int) -> int:
    """Gap ``kind`` met (its detail ``GAP_WORDS[kind]`` of ``a``, ``b``, ``c``): the ruling's code, or
    UNSETTLED (``State.gap`` stalled the game)."""
    detail = (f"{S.g.actions[b][a]!r} holds {c} card(s)" if kind == GAP_SHORT  # take ``a`` of seat ``b``
              else GAP_WORDS[kind].format(a, b, c))
    res = S.gap(GAP_KINDS[kind], detail)
    return UNSETTLED if res is None else _CODES[kind].get(res, 0)


def finish(S: Any, reason: int) -> None:
    """The game ends for ``reason`` (``END_NAMES``): ``RoyaleState._finish``, a hook point."""
    S._finish(END_NAMES[reason])


def over(S: Any) -> bool:
    """Whether the game ended (or stalled)."""
    return bool(S.end_reason)


def config(S: Any) -> list[int]:
    """The deck's numbers (``C_*``)."""
    return S.g.cfg  # type: ignore[no-any-return]


def cells(S: Any) -> list[int]:
    """The buffet, a card or EMPTY per cell."""
    return S.grid  # type: ignore[no-any-return]


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
    S._take(S.g.actions[S.player][a])


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


def tally(S: Any, key: str) -> None:
    """One more of the counter ``key`` (``K_FORCED``, ``K_VOLUNTARY``: the engine's outcome reports them)."""
    setattr(S, key, getattr(S, key) + 1)


def use_imposter(S: Any, p: int, a: int) -> None:
    """Seat ``p`` spends an imposter use on take ``a``, logged for the invariants."""
    S.imposter_left[p] -= 1
    S.imposter_log.append((p, tuple(S.g.take_rows[p][a])))
    S._views[p] = None


def new_hand(S: Any) -> None:
    """The hand, a new empty list (the take's cards go there)."""
    S.hand = []


def from_hand(S: Any, card: int) -> None:
    """``card`` taken out of the hand."""
    S.hand.remove(card)


def noble_row(S: Any, p: int, s: int) -> int:
    """The checker state of seat ``p``'s noble slot ``s``."""
    return S.sid[p][s]  # type: ignore[no-any-return]


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
    S.under[p][s].append(card)
    S._views[p] = None


def set_row(S: Any, p: int, s: int, nid: int) -> None:
    """Seat ``p``'s noble slot ``s`` now in checker state ``nid``."""
    S.sid[p][s] = nid


def need(S: Any, p: int, s: int) -> int:
    """How many cards seat ``p``'s noble slot ``s`` still needs (0: met exactly)."""
    return S.g.checkers[p][s].need[S.sid[p][s]]  # type: ignore[no-any-return]


def validate(S: Any, p: int, s: int) -> None:
    """Seat ``p``'s noble slot ``s`` validated: its points scored."""
    S.done[p][s] = True
    S.open[p].remove(s)
    S.score[p] += S.g.points[p][s]


def win(S: Any, p: int) -> None:
    """Seat ``p`` validated all its nobles: the game ends (``RoyaleState._finish``, a hook point)."""
    S._finish("all_nobles", winner=p)
