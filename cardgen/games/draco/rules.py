"""Draco & Co's rule steps written once: the engine runs them on its lists, ``compiled_rules`` compiles them.

Each step takes the position ``S`` and reads it through a few names each form gives its own way (as
Royale's ``rules.py`` does): the counters (``get``, ``put``: ``K_*``), the card places (``size``,
``pop``, ``card_at``, ``to_hand``, ``reshuffle``: ``PILE``, ``DISCARD``), what all saw of each card
(``card_gen``), a rule gap (``gap``) and the end (``over``). The forms below are the engine's
(``engine.DracoState``: counters are attributes, places are lists; the game-agnostic ones from
``cardgen.games.reference``); ``compiled_rules`` binds its own
(``cardgen.jit.bind``: counters are slots of its ``int64`` position, places are rows of it). So a step
indexes, loops and takes no ``len`` of its own; chance goes through ``reshuffle`` (``random.Random``
here, ``fastrng`` there: the same numbers in the same order). Pure Python: the reference path never
loads numba.

The steps so far: ``draw`` (cards from the pile's end, the engine's hook point ``draw``),
``pile_empty`` (the discards shuffled into a new pile, or the last call), ``settle`` and ``transfer``
(the money, over ``table``'s arithmetic: ``money``, ``box``, ``scratch``), ``winners`` (who wins at the end,
through ``tie_rule``, over ``count`` and ``below``).

And the turn flow between two decisions: ``start_turn`` (step 1 due), ``after_play`` (step 2: toast or not),
``next_neighbour`` (Aunt Sarah's neighbours asked in turn) and ``end_turn`` (step 3: a card drawn, the next seat),
through ``hand_size``, ``empty`` (``QUEUE``), ``config`` (``R_*``: the rule numbers) and ``on_draw``; the toast
(``toast``, over ``table.add_toast`` and ``table.put_sarah_neighbours``: ``circle``, ``game_table``, ``queue_room``,
``queued``, ``on_finish``, ``on_settle``: the payment through the engine's ``_settle``); the card played (``play``,
on its legal row: ``hand_kind``, ``discard_from_hand``, ``effect``, ``shuffle_seats``, ``payees``,
over ``table.reseat``) and the die (``roll``:
``die``, ``randbelow``). Each returns what comes next (``DONE``: a decision is due, or the game is over;
``AFTER_PLAY``...): the engine calls its hook method for it (``_after_play``, ``_toast``, ``_next_neighbour``,
``_end_turn``, ``_start_turn``, which house rules wrap), ``compiled_rules._advance`` loops over the compiled steps.

And what a decision allows (``legal``, into ``out``, through ``decision``, ``move_rows`` and ``card_rows``: the
engine's forms list its actions, the kernels' write ``table.play_rows``' rows), and who makes it (``player``, through
``asked``: the engine's ``current_player`` and the kernels' ``player`` chain it), and the decision taken (``act``:
the phase's step, through ``on_play``, ``row_type``, ``row_character`` and ``dequeue``; it returns what comes next, which
the engine's ``apply`` hands to its hook methods and the kernels' ``apply`` to ``_advance``).

And the cards a search's sample deals again (``redeal``: ``DracoState.determinize`` and the kernels' ``determinize``
chain it), through ``pools`` (room per rebuild), ``hidden_place`` (the other hands, the pile, the cards set aside),
``shuffle_pool`` and ``reseed`` (the sample's own chance).

And a new game's deal (``deal``: the cards, the seats, the money, the first player, chance in that order, through
``chance``, ``push`` (``ASIDE``, ``PILE``), ``R_HAND``... and ``table``'s ``coins_held`` and ``track_coins``), then
``setup`` (the hook point ``setup``: a deal that left no pile, then the first turn): ``DracoState.__init__`` and
``_setup`` and the kernels' ``deal`` chain them.

And the game's end (``finish``: its reason recorded, ``K_END``, ``END_FINAL`` the final toast's; no decision due):
the engine's hook method ``_finish`` runs it, then ``winners`` (its hook ``_winners``) and writes its outcome; the
kernels run it as the toast's ``on_finish`` and leave the outcome to their caller.
"""
from __future__ import annotations

import random
from typing import Any

from cardgen.games.draco.table import (A_DECLINE, A_DRAW, A_MOVE, A_PASS, A_PLAY, A_TOAST, COINS, CUP, DUEL, FLIP,
                                       G_EMPTY, G_FINAL, G_NOTHING, G_RICHEST, G_TIE, P_HAND, RESEAT, ROLL, STEAL, Box,
                                       add_toast, move, peak, play_rows, put_sarah_neighbours, reseat)
from cardgen.games.draco.table import coins_held, track_coins
from cardgen.games.draco.table import settle as settle_money
from cardgen.games.draco.table import transfer as transfer_money
from cardgen.games.reference import card_at, get, pop, push, put, reshuffle, size


#: the decision due (``K_PHASE``): a card to play, the character a roll moves, toast or pass, none (the game is
#: over), whether to draw beside Aunt Sarah
PLAY, ROLLED, TOAST, OVER, SARAH = range(5)
#: what comes after a step of the turn flow
DONE, AFTER_PLAY, DO_TOAST, NEXT_NEIGHBOUR, END_TURN, END_TURN_TOASTED, START_TURN = range(7)


# -- the rule steps -----------------------------------------------------------------------------------
def draw(S: Any, seat: int, n: int) -> None:
    """``seat`` draws up to ``n`` cards from the pile's end; the pile that runs out is rebuilt or makes the
    last call (``pile_empty``); nobody draws from an empty pile any more (after the last call)."""
    for _ in range(n):
        if size(S, PILE) == 0:
            return
        to_hand(S, seat, pop(S, PILE))
        if size(S, PILE) == 0:
            pile_empty(S)
            if over(S):
                return


def pile_empty(S: Any) -> None:
    """The last card was drawn: while rebuilds are left the discards, which everyone saw (``card_gen``: the
    rebuild that made them public), are shuffled into a new pile; else (or with no discard: gap
    ``nothing_to_rebuild``) the last call, whose ruling (``final_toast``) says whether the next toast is forced."""
    if get(S, K_LASTCALL):
        return
    left = get(S, K_REBUILDS)
    if left > 0:
        nd = size(S, DISCARD)
        if nd > 0:
            put(S, K_REBUILDS, left - 1)
            rebuilt = get(S, K_REBUILT) + 1
            put(S, K_REBUILT, rebuilt)
            gen = card_gen(S)
            for i in range(nd):
                gen[card_at(S, DISCARD, i)] = rebuilt
            reshuffle(S, DISCARD, PILE)
            return
        if gap(S, G_NOTHING, 0, 0, 0) < 0:
            return
    rule = gap(S, G_FINAL, get(S, K_REBUILT), 0, 0)
    if rule < 0:
        return
    put(S, K_FINALRULE, rule)
    put(S, K_LASTCALL, True)


def settle(S: Any, d: Any, receivers: Any, nrecv: int, bank: bool) -> None:
    """The money changes ``d`` paid at once (``table.settle``: a debt beyond a purse and a short box are gaps;
    ``receivers[:nrecv]`` paid first); the bank's unpaid silver kept and, when the bank pays or takes the
    difference (``bank``: toasts, coin drops), its purse too. A gap without a ruling changes nothing more."""
    unpaid = settle_money(S, d, receivers, nrecv, bank, money(S), get(S, K_UNPAID), box(S))
    if unpaid >= 0:
        put(S, K_UNPAID, unpaid)
        if bank:
            total = 0
            for p in range(len(d)):
                total += d[p]
            put(S, K_BANK, get(S, K_BANK) - total)


def transfer(S: Any, payer: int, payee: int, amount: int) -> None:
    """``payer`` gives ``amount`` silver to ``payee``, never more than he has (``table.transfer``); between
    players the bank's unpaid silver stays as it was."""
    transfer_money(S, payer, payee, amount, money(S), scratch(S), get(S, K_UNPAID), box(S))


def deal(S: Any, deck: Any) -> None:
    """A new game's deal, chance drawn in this order: the action cards shuffled into ``deck`` (room for every card:
    the caller keeps it, the game's initial piles), the characters seated at random (``circle``); the first cards
    set aside (``R_SETASIDE``), ``R_HAND`` cards dealt to each seat in turn while cards last, the rest the pile
    (drawn from its end); the starting money (the bank keeps what the box holds beyond it), the first player
    drawn, the cup beside the last player or in the centre (``R_CUPLAST``) and Draco facing ``R_CUPRIGHT``."""
    ncards = len(deck)
    for i in range(ncards):
        deck[i] = i
    shuffle_pool(chance(S), deck, ncards)
    order = circle(S)
    for i in range(len(order)):
        order[i] = i
    shuffle_pool(chance(S), order, len(order))
    n = config(S, R_PLAYERS)
    pos = min(config(S, R_SETASIDE), ncards)
    for i in range(pos):
        push(S, ASIDE, deck[i])
    for p in range(n):
        for _ in range(config(S, R_HAND)):
            if pos < ncards:
                to_hand(S, p, deck[pos])
                pos += 1
    for i in range(pos, ncards):
        push(S, PILE, deck[i])
    m = money(S)
    for p in range(n):
        m[p] = config(S, R_START)
    put(S, K_BANK, config(S, R_BOX) - n * config(S, R_START))
    first = randbelow(S, n)
    put(S, K_FIRST, first)
    put(S, K_CUR, first)
    put(S, K_CUP, (first - 1) % n if config(S, R_CUPLAST) else -1)
    put(S, K_CUPRIGHT, config(S, R_CUPRIGHT))
    put(S, K_REBUILDS, config(S, R_REBUILDS))
    put(S, K_ROLLSIGN, -1)
    gold, silver = coins_held(m, config(S, R_PERGOLD), config(S, R_GOLD))
    track_coins(S, m, gold, silver)


def setup(S: Any) -> int:
    """After the deal (the engine's hook point ``setup``): a deal that left no pile makes it run out at once
    (``pile_empty``); the first turn starts unless that ended the game."""
    if size(S, PILE) == 0:
        pile_empty(S)
    return DONE if over(S) else START_TURN


def start_turn(S: Any) -> int:
    """Step 1 due: a card to play; a player without an action card skips to step 2 (gap ``empty_hand``)."""
    put(S, K_PHASE, PLAY)
    p = get(S, K_CUR)
    if hand_size(S, p) > 0:
        return DONE
    return AFTER_PLAY if gap(S, G_EMPTY, p, 0, 0) >= 0 else DONE


def after_play(S: Any) -> int:
    """Step 2: a toast is possible only with the cup in the centre (else the turn ends); after the last call it
    cannot be declined under ``must_toast`` (``K_FINALRULE`` 0) nor with an empty hand; else the player decides."""
    if get(S, K_CUP) != -1:
        return END_TURN
    if get(S, K_LASTCALL) and (get(S, K_FINALRULE) == 0 or hand_size(S, get(S, K_CUR)) == 0):
        return DO_TOAST
    put(S, K_PHASE, TOAST)
    return DONE


def next_neighbour(S: Any) -> int:
    """Aunt Sarah's neighbours (``QUEUE``) decide one by one whether to draw, while the pile holds cards; then the
    toaster's turn ends."""
    if size(S, QUEUE) > 0 and size(S, PILE) > 0:
        put(S, K_PHASE, SARAH)
        return DONE
    empty(S, QUEUE)  # nothing left to draw: nobody is asked
    return END_TURN_TOASTED


def end_turn(S: Any, toasted: bool) -> int:
    """Step 3: the player draws a card (the pile's last through ``on_draw``: the hook point ``draw``); the cup
    returns to the centre a round after its toast (not at the end of the toast's own turn: ``toasted``); the next
    seat's turn starts, a new round with the first seat's."""
    p = get(S, K_CUR)
    if size(S, PILE) > 1:
        to_hand(S, p, pop(S, PILE))
    else:
        on_draw(S, p, 1)
        if over(S):
            return DONE
    if get(S, K_CUP) == p and not toasted:
        put(S, K_CUP, -1)
    put(S, K_TURNS, get(S, K_TURNS) + 1)
    p = (p + 1) % config(S, R_PLAYERS)
    put(S, K_CUR, p)
    if p == get(S, K_FIRST):
        put(S, K_ROUNDS, get(S, K_ROUNDS) + 1)
    return START_TURN


def legal(S: Any, out: Any) -> int:
    """What the decision due allows, into ``out`` in this order; how many. Toast or pass; draw beside Aunt Sarah or
    decline; after Favour's roll, the characters it may move; else a card to play, each kind in the hand once
    (``card_rows``), in the hand's order. Nothing once the game is over."""
    if over(S):
        return 0
    phase = get(S, K_PHASE)
    if phase == TOAST:
        return decision(out, decision(out, 0, A_TOAST), A_PASS)
    if phase == SARAH:
        return decision(out, decision(out, 0, A_DRAW), A_DECLINE)
    p = get(S, K_CUR)
    if phase == ROLLED:
        return move_rows(S, out, 0, get(S, K_ROLLANY), p)
    m = 0
    seen = 0
    for h in range(hand_size(S, p)):
        k = hand_kind(S, p, h)
        bit = 1 << k
        if seen & bit:
            continue
        seen |= bit
        m = card_rows(S, out, m, k, p)
    return m


def player(S: Any) -> int:
    """The seat to decide: while Aunt Sarah's neighbours decide whether to draw, the one asked now (``asked``: the
    first of ``QUEUE``), else the current player; -1 once the game is over (nobody)."""
    if over(S):
        return -1
    return asked(S) if get(S, K_PHASE) == SARAH else get(S, K_CUR)


def act(S: Any, row: Any) -> int:
    """The decision due taken, ``row`` one of the rows ``legal`` allows now (the engine's action, the kernels' row);
    what comes next, the turn's order. Step 1: the card played (``on_play``: ``play``, through the engine's hook
    method); after Favour's roll, the character named (``row_character``) moves by the roll (``table.move``), then
    step 2. Beside Aunt Sarah, the neighbour asked leaves the queue (``dequeue``) and draws ``R_SARAH`` cards (the
    hook point ``draw``: ``on_draw``) or declines, then the next one is asked. Step 2: a toast, or a pass and step 3."""
    phase = get(S, K_PHASE)
    if phase == PLAY:
        return on_play(S, row)
    if phase == ROLLED:
        move(circle(S), row_character(S, row), get(S, K_ROLL) * get(S, K_ROLLSIGN))
        return AFTER_PLAY
    if phase == SARAH:
        p = dequeue(S)
        if row_type(S, row) == A_DRAW:
            on_draw(S, p, config(S, R_SARAH))
            peak(S, P_HAND, hand_size(S, p))
        return NEXT_NEIGHBOUR
    return DO_TOAST if row_type(S, row) == A_TOAST else END_TURN


def play(S: Any, row: Any) -> int:
    """The current player plays a card of kind ``row[1]`` (``row``: the legal row, ``table.play_rows``): the first
    such card of the hand goes to the discard and acts. Favour rolls the die and waits for the character to move;
    the seat moves follow ``table.reseat``; a steal and a duel's loser pay (``transfer``, ``row[2]`` the seat robbed
    or challenged, -1: nobody to rob); a coin drop pays the owners of the seats the die names (``settle``)."""
    p = get(S, K_CUR)
    k = row[1]
    for i in range(hand_size(S, p)):
        if hand_kind(S, p, i) == k:
            discard_from_hand(S, p, i)
            break
    code, a, b = effect(S, k)
    if code == ROLL:
        put(S, K_ROLL, roll(S))
        put(S, K_ROLLSIGN, b)
        put(S, K_ROLLANY, a != 0)
        put(S, K_PHASE, ROLLED)
        return DONE
    if code == RESEAT:
        shuffle_seats(S)
    elif code == STEAL:
        if row[2] >= 0:
            transfer(S, row[2], p, a)
    elif code == CUP:
        put(S, K_CUP, -1)
    elif code == COINS:
        d, _ = scratch(S)
        for q in range(len(d)):
            d[q] = 0
        paid = payees(S, a)
        npaid = 0
        order = circle(S)
        owner = game_table(S)[0]
        for _ in range(a):
            seat = roll(S) - 1
            if seat < len(order):
                o = owner[order[seat]]
                if o >= 0:
                    d[o] += b
                    paid[npaid] = o
                    npaid += 1
        if npaid:
            on_settle(S, d, paid, npaid, True)
    elif code == DUEL:
        q = row[2]
        mine = roll(S)
        theirs = roll(S)
        if mine > theirs:
            transfer(S, q, p, a)
        elif mine < theirs:
            transfer(S, p, q, a)
    else:  # the seats only
        reseat(circle(S), code, a, b, row, game_table(S)[1])
        if code == FLIP:
            put(S, K_CUPRIGHT, not get(S, K_CUPRIGHT))
    return AFTER_PLAY


def roll(S: Any) -> int:
    """One roll of the die, told to ``rolled`` (the engine keeps the card's rolls for the table to show)."""
    faces = die(S)
    r = faces[randbelow(S, len(faces))]
    rolled(S, r)
    return r  # type: ignore[no-any-return]


def redeal(S: Any, seat: int, rng: Any) -> None:
    """What ``seat`` cannot see dealt again (search's samples: ``DracoState.determinize``), on a copy.

    Hidden: the other hands, the draw pile, the cards set aside (``hidden_place``). Public: hand and pile sizes,
    and which cards each rebuilt pile was made of (everyone saw the discards), so a card is redealt only among
    the hidden cards of its own rebuild (``card_gen``): a pile made of old discards stays made of them. Each
    rebuild's pool is gathered in card order (the shuffle must not depend on where the hidden cards lie now),
    shuffled from ``rng`` (``shuffle_pool``), the pools in rebuild order, and dealt from its end in place order;
    then the copy gets its own chance, drawn from ``rng`` (``reseed``)."""
    gen = card_gen(S)
    pool, pcount, mark = pools(S)
    places = config(S, R_PLAYERS) + 2  # the hands, the pile, the cards set aside
    for i in range(places):
        if i != seat:
            cards, n = hidden_place(S, i)
            for j in range(n):
                mark[cards[j]] = 1
    for c in range(len(mark)):
        if mark[c]:
            g = gen[c]
            pool[g][pcount[g]] = c
            pcount[g] += 1
    for g in range(len(pcount)):
        if pcount[g] > 0:
            shuffle_pool(rng, pool[g], pcount[g])
    for i in range(places):
        if i != seat:
            cards, n = hidden_place(S, i)
            for j in range(n):
                g = gen[cards[j]]
                pcount[g] -= 1
                cards[j] = pool[g][pcount[g]]
    reseed(S, rng)


#: the ``richest_tie`` ruling under which nobody pays for Zork, by its place in ``table.GAPS``
NONE_PAYS = 1


def toast(S: Any) -> int:
    """A toast, proposed or forced after the last call: what it gives and takes (``table.add_toast``) paid at
    once, the owners of the first seats paid first (``settle``); when Zork's seat charges tied richest players,
    the ``richest_tie`` ruling says whether they pay. The cup goes to the toaster; only a toast proposed after
    the last call ends the game (``on_finish``: the hook point ``finish``); else Aunt Sarah's neighbours
    (``table.put_sarah_neighbours``) may draw when the deck says so (``R_SARAH``)."""
    final = get(S, K_LASTCALL)
    if final:
        put(S, K_FINALS, get(S, K_FINALS) + 1)
    m = money(S)
    d, seats = scratch(S)  # ``seats``: the richest, then the receivers
    top = m[0]
    for v in m:
        if v > top:
            top = v
    nrich = 0
    for p in range(len(m)):
        if m[p] == top:
            seats[nrich] = p
            nrich += 1
    order = circle(S)
    owner, special, payouts, costs = game_table(S)
    for p in range(len(d)):
        d[p] = 0
    zork = add_toast(d, order, owner, special, payouts, costs, config(S, R_MULT), seats[:nrich])
    if zork and nrich > 1:
        rule = gap(S, G_RICHEST, nrich, top, 0)
        if rule < 0:
            return DONE
        if rule == NONE_PAYS:
            for p in range(len(d)):
                d[p] = 0
            add_toast(d, order, owner, special, payouts, costs, config(S, R_MULT), seats[:0])
    nrecv = 0
    for i in range(min(len(payouts) + 1, len(order))):
        o = owner[order[i]]
        if o >= 0:
            new = True
            for r in range(nrecv):
                if seats[r] == o:
                    new = False
            if new:
                seats[nrecv] = o
                nrecv += 1
    on_settle(S, d, seats, nrecv, True)
    if over(S):
        return DONE
    put(S, K_TOASTS, get(S, K_TOASTS) + 1)
    put(S, K_CUP, get(S, K_CUR))
    if final:
        on_finish(S, END_FINAL)
        return DONE
    if config(S, R_SARAH):
        room = queue_room(S)
        queued(S, room, put_sarah_neighbours(room, order, owner, special))
    else:
        empty(S, QUEUE)
    return NEXT_NEIGHBOUR


#: ``winners``' tie-breaks by code (``Outcome.tie_break``): none needed, the tied leaders eliminated, then the next
#: amount's holders sharing under ``share_next``, eliminated again and again under ``repeat_elimination``, or all the
#: tied leaders sharing
TIE_NAMES = (None, "leaders_eliminated", "leaders_eliminated_next_shared", "leaders_eliminated_repeatedly",
             "all_tied_leaders_share")
NO_TIE, ELIMINATED, NEXT_SHARED, REPEATEDLY, ALL_SHARE = range(len(TIE_NAMES))
#: the ``tie_for_win`` rulings by their place in ``table.GAPS``
REPEAT_ELIMINATION, SHARE_NEXT = 0, 1


def finish(S: Any, reason: Any) -> None:
    """The game ends for ``reason`` (``END_FINAL``: the toast proposed after the last call; the engine also takes a
    house rule's own reason): it is recorded (``K_END``: ``over`` is true from now on) and no decision is due any
    more (``OVER``). Who wins is ``winners``', worked out by the caller (the engine's ``_finish``)."""
    put(S, K_END, reason)
    put(S, K_PHASE, OVER)


def winners(S: Any, win: Any) -> int:
    """Most money wins: 1 per winning seat into ``win``, 0 elsewhere; the tie-break's code (``TIE_NAMES``). Tied
    leaders are eliminated and the next amount wins when one seat alone holds it; else the ``tie_for_win`` ruling
    (``tie_rule``, asked only then): the next amount's holders share, or the leaders are eliminated again until
    one seat alone holds an amount; without one (or none left) the tied leaders share."""
    m = money(S)
    top = m[0]
    for v in m:
        if v > top:
            top = v
    chosen, code = top, NO_TIE
    if count(m, top) > 1:
        second = below(m, top)
        if second >= 0 and count(m, second) == 1:
            chosen, code = second, ELIMINATED
        else:
            rule = tie_rule(S)
            if rule == SHARE_NEXT and second >= 0:
                chosen, code = second, NEXT_SHARED
            else:
                code = ALL_SHARE
                level = below(m, second) if rule == REPEAT_ELIMINATION and second >= 0 else -1
                while level >= 0:
                    if count(m, level) == 1:
                        chosen, code = level, REPEATEDLY
                        break
                    level = below(m, level)
    for p in range(len(m)):
        win[p] = 1 if m[p] == chosen else 0
    return code


def count(m: Any, level: int) -> int:
    """How many seats hold ``level``."""
    c = 0
    for v in m:
        if v == level:
            c += 1
    return c


def below(m: Any, level: int) -> int:
    """The highest amount under ``level``, or -1 (amounts are never negative)."""
    out = -1
    for v in m:
        if level > v > out:
            out = v
    return out


# -- the reference engine's forms of the names above (``compiled_rules`` binds its own) ---------------
# the position as ``DracoState`` holds it: counters are attributes, card places are lists (``get``, ``put``,
# ``size``, ``pop``, ``card_at``, ``reshuffle``: ``cardgen.games.reference``, imported above by name)
K_LASTCALL, K_REBUILDS, K_REBUILT, K_FINALRULE = "last_call", "rebuilds_left", "rebuilt", "final_code"
K_UNPAID, K_BANK = "unpaid", "bank"
K_PHASE, K_CUR, K_CUP, K_FIRST, K_TURNS, K_ROUNDS = "phase", "cur", "cup", "first", "turns", "rounds"
K_TOASTS, K_FINALS = "toasts", "final_toasts"
K_ROLL, K_ROLLSIGN, K_ROLLANY, K_CUPRIGHT = "roll", "roll_sign", "roll_any", "cup_right"
#: why the game ended (``State.end_reason``, None while it goes on) and the final toast's reason, by name
K_END, END_FINAL = "end_reason", "final_toast"
PILE, DISCARD, QUEUE, ASIDE = "pile", "discard", "sarah_queue", "set_aside"
#: the rule numbers ``config`` reads (``DracoGame``'s attributes)
R_PLAYERS, R_MULT, R_SARAH = "players", "zork_mult", "sarah_draw"
R_HAND, R_SETASIDE, R_START, R_BOX, R_CUPLAST, R_CUPRIGHT = ("hand_size", "set_aside", "start_money", "box_value",
                                                             "cup_last", "cup_right")
R_REBUILDS, R_PERGOLD, R_GOLD = "rebuilds", "per_gold", "gold_total"


def to_hand(S: Any, seat: int, card: int) -> None:
    """``card`` into ``seat``'s hand, last."""
    S.hands[seat].append(card)


def hand_size(S: Any, seat: int) -> int:
    """How many action cards ``seat`` holds."""
    return len(S.hands[seat])


def asked(S: Any) -> int:
    """The seat of Aunt Sarah's neighbour asked now: the first still to decide (``DracoState.sarah_queue``)."""
    return S.sarah_queue[0]  # type: ignore[no-any-return]


def empty(S: Any, zone: str) -> None:
    """Place ``zone`` emptied (a new list)."""
    setattr(S, zone, [])


def config(S: Any, key: str) -> int:
    """The rule number ``key`` (``R_*``)."""
    return getattr(S.g, key)  # type: ignore[no-any-return]


def on_draw(S: Any, seat: int, n: int) -> None:
    """``draw`` through the engine's hook method (``DracoState._draw``, which house rules wrap)."""
    S._draw(seat, n)


def rolled(S: Any, r: int) -> None:
    """A roll of the die during the card being played, kept in ``DracoState.rolls`` (public: every seat sees the die;
    the playtest page's journal tells Game of Dice's and Shower of Coins' rolls: play round 27, en24, fr25, it21)."""
    S.rolls.append(r)


def on_settle(S: Any, d: Any, receivers: Any, nrecv: int, bank: bool) -> None:
    """``settle`` through the engine's method (``DracoState._settle``, where a subclass watches the money move: the
    book's worked toast)."""
    S._settle(d, tuple(receivers[:nrecv]), bank)


def circle(S: Any) -> list[int]:
    """The characters in seat order (``DracoState.order``), written in place."""
    return S.order  # type: ignore[no-any-return]


def game_table(S: Any) -> tuple[list[int], list[int], list[int], list[int]]:
    """Each character's owner and special kind (``table.NONE``: a player's), the toast's payouts and costs."""
    g = S.g
    return g.owner, g.special, g.payouts, g.costs


def queue_room(S: Any) -> list[int]:
    """Room for Aunt Sarah's neighbours (two per seat)."""
    return [0] * (2 * len(S.order))


def queued(S: Any, room: list[int], n: int) -> None:
    """Aunt Sarah's neighbours to ask: ``room[:n]``, in order (``QUEUE``)."""
    S.sarah_queue = room[:n]


def on_finish(S: Any, reason: str) -> None:
    """The game ends for ``reason`` (``finish`` through the engine's hook method ``DracoState._finish``, which house
    rules wrap)."""
    S._finish(reason)


#: the row type (``table.A_*``) of the engine's actions, by their first word
ROW_TYPES = {"play": A_PLAY, "move": A_MOVE, "toast": A_TOAST, "pass": A_PASS, "draw": A_DRAW, "decline": A_DECLINE}


def row_type(S: Any, row: Any) -> int:
    """The type of legal row ``row`` (``table.A_*``): the engine's rows are its actions."""
    return ROW_TYPES[row[0]]


def row_character(S: Any, row: Any) -> int:
    """The character a move after a roll names (``("move", character)``), by its code."""
    return S.g.code_of[row[1]]  # type: ignore[no-any-return]


def on_play(S: Any, row: Any) -> int:
    """``play`` through the engine's hook method (``DracoState._play``, which house rules wrap), which runs the turn
    on to the next decision itself (``_after_play``): nothing comes next here."""
    S._play(row)
    return DONE


def dequeue(S: Any) -> int:
    """The seat of Aunt Sarah's neighbour asked now, who leaves the queue (``DracoState.sarah_queue``)."""
    return S.sarah_queue.pop(0)  # type: ignore[no-any-return]


#: the engine's actions of the decisions that name nothing, by row type from ``A_TOAST``
DECISIONS = (("toast",), ("pass",), ("draw",), ("decline",))


def decision(out: list[Any], m: int, t: int) -> int:
    """The action of row type ``t`` (``A_TOAST``...) listed in ``out`` as its ``m``-th; the next place."""
    out.append(DECISIONS[t - A_TOAST])
    return m + 1


def move_rows(S: Any, out: list[Any], m: int, anyone: bool, seat: int) -> int:
    """The moves after a roll, from ``out``'s ``m``-th: any character (``anyone``) or ``seat``'s own two."""
    g = S.g
    out.extend(g.move_any if anyone else g.move_own[seat])
    return len(out)


def card_rows(S: Any, out: list[Any], m: int, k: int, seat: int) -> int:
    """``seat`` playing a card of kind ``k``, each way it allows (``table.play_rows``), from ``out``'s ``m``-th: the
    actions built once per game (``DracoGame.static_play``) but for a swap with a neighbour and a steal, which
    depend on the seats and the purses (``DracoGame.action_of``: a row's action)."""
    g = S.g
    fixed = g.static_play[seat][k]
    if fixed is None:
        rows: list[tuple[int, ...]] = []
        code, a, _ = g.kind_effect[k]
        play_rows(rows, 0, (k, code, a), seat, S.order, S.money, g.arrangements)
        out.extend(map(g.action_of.__getitem__, rows))
    else:
        out.extend(fixed)
    return len(out)


def hand_kind(S: Any, seat: int, i: int) -> int:
    """The kind of the ``i``-th card of ``seat``'s hand (its component's place, ``DracoGame.kind_ids``): one form,
    not a card's form and a kind's, since the steps only ever ask a hand card's kind (``legal`` asks it of every
    card at every decision)."""
    return S.g.card_kind[S.hands[seat][i]]  # type: ignore[no-any-return]


def discard_from_hand(S: Any, seat: int, i: int) -> None:
    """The ``i``-th card of ``seat``'s hand to the discard, last; the hand keeps its order."""
    S.discard.append(S.hands[seat].pop(i))


def effect(S: Any, k: int) -> tuple[int, int, int]:
    """What a card of kind ``k`` does: its code and two numbers (``DracoGame.kind_effect``)."""
    return S.g.kind_effect[k]  # type: ignore[no-any-return]


def shuffle_seats(S: Any) -> None:
    """The characters seated again at random (``S.rng``)."""
    S.rng.shuffle(S.order)


def payees(S: Any, n: int) -> list[int]:
    """Room for ``n`` seats paid at once."""
    return [0] * n


def die(S: Any) -> list[int]:
    """The die's faces."""
    return S.g.die  # type: ignore[no-any-return]


def randbelow(S: Any, n: int) -> int:
    """A number below ``n`` (``S.rng``: ``fastrng`` draws the same)."""
    return S.rng.randrange(n)  # type: ignore[no-any-return]


def pools(S: Any) -> tuple[list[list[int]], list[int], list[int]]:
    """Room for ``redeal``: per rebuild a pool of cards and its size, and per card a hidden mark (all zero)."""
    ncards, rebuilds = len(S.card_gen), max(S.card_gen, default=0) + 1
    return [[0] * ncards for _ in range(rebuilds)], [0] * rebuilds, [0] * ncards


def hidden_place(S: Any, i: int) -> tuple[list[int], int]:
    """The ``i``-th place that may hide cards and how many it holds: the hands by seat, then the pile, then the
    cards set aside (written in place)."""
    n = len(S.hands)
    place = S.hands[i] if i < n else S.pile if i == n else S.set_aside
    return place, len(place)


def shuffle_pool(rng: Any, pool: list[int], n: int) -> None:
    """The first ``n`` cards of ``pool`` shuffled by ``rng`` (``random.Random.shuffle``; ``fastrng`` draws the same)."""
    head = pool[:n]
    rng.shuffle(head)
    pool[:n] = head


def reseed(S: Any, rng: Any) -> None:
    """The copy's own chance, seeded from 64 bits of ``rng``."""
    S.rng = random.Random(rng.getrandbits(64))


def chance(S: Any) -> random.Random:
    """The game's generator (``S.rng``)."""
    return S.rng  # type: ignore[no-any-return]


def card_gen(S: Any) -> list[int]:
    """Per card, the last rebuild whose discards held it (``DracoState.card_gen``), written in place."""
    return S.card_gen  # type: ignore[no-any-return]


def gap(S: Any, kind: int, a: int, b: int, c: int) -> int:
    """Gap ``kind`` met (its detail ``GAP_WORDS[kind]`` of ``a``, ``b``, ``c``): the place of the deck's ruling
    in ``GAPS``, -1 without one (``State.gap`` stalled the game)."""
    return S.rule_gap(kind, a, b, c)  # type: ignore[no-any-return]


def over(S: Any) -> bool:
    """Whether the game ended (or stalled)."""
    return S.end_reason is not None


def money(S: Any) -> list[int]:
    """Silver per seat, written in place."""
    return S.money  # type: ignore[no-any-return]


def tie_rule(S: Any) -> int:
    """The ``tie_for_win`` gap met now: its ruling's place in ``GAPS``, -1 without one (the detail: the amounts,
    highest first)."""
    return gap(S, G_TIE, sorted(money(S), reverse=True), 0, 0)


def box(S: Any) -> Box:
    """The box's coins (``DracoGame.box``)."""
    return S.g.box  # type: ignore[no-any-return]


def scratch(S: Any) -> tuple[list[int], list[int]]:
    """Room for the money changes (one per seat) and their receivers (one per seat: ``toast``, ``table.transfer``)."""
    n = len(S.money)
    return [0] * n, [0] * n
