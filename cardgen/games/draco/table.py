"""Pure functions on Draco's table: seat moves, what a toast pays, coins in hand.

Shared by the engine (``engine.py``) and the heuristic agent (``agents.py``), so
that the agent's forecasts follow exactly the rules the engine applies; the
compiled rules (``compiled_rules.py``) compile the arithmetic that works on
arrays as well (``add_toast``, ``put_sarah_neighbours``, ``coins_held``). The
seating ``order`` is a list of characters in rank order: index 0 is the first
seat (beside the hand that holds Draco's cup), the last index the last seat.
Turning Draco over therefore reverses the list. ``owner[c]`` is the player who
owns character ``c`` (-1 for a special) and ``special[c]`` its special kind.
Both may be lists (engine, int codes) or dicts (agent, instance ids).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple


class Box(NamedTuple):
    """The box's money: silver coins per gold coin, and how many of each coin the box holds."""

    per_gold: int
    gold_total: int
    silver_total: int

#: special kinds (``special[c]``); 0 = a player's character
NONE, ZORK, JEAN, SARAH = 0, 1, 2, 3
SPECIAL_CODES = {"zork": ZORK, "jean": JEAN, "sarah": SARAH}
#: gap kind -> resolutions the rules apply (``GameSpec.gaps``, through ``engine``)
GAPS: dict[str, tuple[str, ...]] = {
    "final_toast": ("must_toast", "may_toast"),
    "empty_hand": ("skip_play",),
    "cannot_pay": ("pay_what_they_have",),
    "bank_short": ("pay_what_remains", "unlimited"),
    "richest_tie": ("each_pays", "none_pays"),
    "tie_for_win": ("repeat_elimination", "share_next"),
    "nothing_to_rebuild": ("pile_exhausted",),
}
#: gap kinds by code (the order of ``GAPS``) and the words of each event's detail, from its three numbers
GAP_KINDS = tuple(GAPS)
G_FINAL, G_EMPTY, G_CANNOT, G_BANK, G_RICHEST, G_TIE, G_NOTHING = range(7)
GAP_WORDS = ("after {0} rebuild(s)", "seat {0} has no action card", "seat {0} owes {1} with {2}",
             "players need {0} silver coins, the box has {1}", "{0} players tie with {1} silver", "amounts {0}",
             "the discard pile is empty")
#: the tallies whose peaks a designer prints for, by code
PEAKS = ("gold_in_hands", "silver_in_hands", "money_in_hands", "richest_player", "hand_size", "unpaid_by_bank",
         "coins_missing")
P_GOLD, P_SILVER, P_MONEY, P_RICHEST, P_HAND, P_UNPAID, P_MISSING = range(7)
#: effect codes of action kinds (``DracoGame.kind_effect``)
MOVE, ROLL, SPLIT, BESIDE, RESEAT, ARRANGE, STEAL, FLIP, SWAP_ADJ, SWAP_ANY, CUP, COINS, DUEL = range(13)
#: types of a legal row ``[type, kind, x, y, z, w]`` (``play_rows``): play a card, move after a roll, toast...
A_PLAY, A_MOVE, A_TOAST, A_PASS, A_DRAW, A_DECLINE = range(6)


def fullest_purses(money: Sequence[int]) -> list[int]:
    """The players whose purse is the fullest (at a toast they pay Zork's seat, each of them if tied, unless the
    deck's ``richest_tie`` ruling says none does): the book's worked example and the page's toast lines ask it
    on lists; ``rules.toast`` finds them in its scratch array, the same way."""
    top = max(money)
    return [p for p, v in enumerate(money) if v == top]


def effect_code(effect: tuple[str, Any]) -> tuple[int, int, int]:
    """(code, a, b) of an action card's effect (``MOVE``...): the rule steps read ints, never pydantic models; the
    engine codes every kind with it and the page's text codes the card it words (``text.seated_after``)."""
    key, p = effect
    if key == "move":
        return MOVE, int(p.which == "any"), p.steps if p.direction == "back" else -p.steps
    if key == "roll_and_move":
        return ROLL, int(p.which == "any"), 1 if p.direction == "back" else -1
    if key == "split":
        return SPLIT, p.forward, p.back
    if key == "steal":
        return STEAL, p.silver, 0
    if key == "swap":
        return (SWAP_ADJ if p.reach == "adjacent" else SWAP_ANY), 0, 0
    if key == "coin_drop":
        return COINS, p.coins, p.silver
    if key == "dice_duel":
        return DUEL, p.silver, 0
    return {"both_beside_draco": BESIDE, "reseat_all": RESEAT, "arrange_specials": ARRANGE,
            "flip_draco": FLIP, "cup_to_centre": CUP}[key], 0, 0


def index(order: Sequence[Any], c: Any) -> int:
    """The seat of ``c`` (``order.index(c)``, written as a loop so it compiles as it is)."""
    i = 0
    while order[i] != c:
        i += 1
    return i


def move(order: Any, c: Any, delta: int) -> None:
    """Move ``c`` by ``delta`` ranks (negative = forward), stopping at the first or last seat; the
    characters between close up, keeping their order."""
    i = index(order, c)
    j = min(max(i + delta, 0), len(order) - 1)
    while i > j:
        order[i] = order[i - 1]
        i -= 1
    while i < j:
        order[i] = order[i + 1]
        i += 1
    order[j] = c


def swap(order: Any, c: Any, d: Any) -> None:
    """Swap the seats of ``c`` and ``d``."""
    i = index(order, c)
    j = index(order, d)
    order[i] = d
    order[j] = c


def beside_draco(order: Any, first: Any, last: Any) -> None:
    """Seat ``first`` in the first seat and ``last`` in the last one, the others keeping their order."""
    move(order, first, -len(order))
    move(order, last, len(order))


def arrange(order: Any, specials: Sequence[Any], start: int, count: int, special: Any) -> None:
    """Seat ``specials[start:start + count]`` (in that rank order) on the seats the special characters
    hold now, first seats first (``special[c]`` is true for a special)."""
    g = 0
    for i in range(len(order)):
        if g < count and special[order[i]] != NONE:
            order[i] = specials[start + g]
            g += 1


def flip(order: Any) -> None:
    """Turn Draco over: the seating reversed."""
    k = len(order)
    for i in range(k // 2):
        t = order[i]
        order[i] = order[k - 1 - i]
        order[k - 1 - i] = t


def reseat(order: Any, code: int, a: int, b: int, row: Any, special: Any) -> None:
    """The seats after a card of effect ``code`` that only moves characters (move, split, beside Draco,
    arrange, flip, swap), in place; ``row`` is the legal row (``row[2]`` the character, ``row[3]``
    the other one of a swap; an arrange's specials from ``row[2]``, ``row[5]`` of them); ``c ^ 1``
    is the other character of ``c``'s owner. The engine's ``_play`` and the heuristic's trial
    seatings run it on lists; ``compiled_rules`` compiles it as it is."""
    c = row[2]
    if code == MOVE:
        move(order, c, b)
    elif code == SPLIT:
        move(order, c, -a)
        move(order, c ^ 1, b)
    elif code == BESIDE:
        beside_draco(order, c, c ^ 1)
    elif code == ARRANGE:
        arrange(order, row, 2, row[5], special)
    elif code == FLIP:
        flip(order)
    else:  # SWAP_ADJ, SWAP_ANY
        swap(order, c, row[3])


def put(out: Any, m: int, t: int, k: int, x: int, y: int, z: int, w: int) -> int:
    """The row ``[t, k, x, y, z, w]`` added to the list ``out`` as row ``m``; the next row (``compiled_rules``
    binds its own, writing into an array)."""
    out.append((t, k, x, y, z, w))
    return m + 1


def characters(out: Any, m: int, t: int, k: int, anyone: int, p: int, nchars: int) -> int:
    """Rows ``[t, k, c]`` for every character ``c`` (``anyone``) or for seat ``p``'s two, from row ``m``; the
    next row."""
    if anyone:
        for c in range(nchars):
            m = put(out, m, t, k, c, 0, 0, 0)
        return m
    m = put(out, m, t, k, 2 * p, 0, 0, 0)
    return put(out, m, t, k, 2 * p + 1, 0, 0, 0)


def play_rows(out: Any, m: int, card: tuple[int, int, int], p: int, order: Sequence[int], money: Sequence[int],
              arrangements: Any) -> int:
    """The legal rows of seat ``p`` playing a card of kind ``k`` (``card``: ``k`` and its effect ``code``, ``a``;
    one purse per player in ``money``), from row ``m`` of
    ``out``; the next row. ``x`` a character, or for a steal or a duel the other player, -1 when nobody
    has money to steal; a swap's other character in ``y``; an arrange's
    specials in ``x, y, z``, ``w`` of them (``arrangements``: one row per order, an empty one without
    specials). The engine lists its actions from these rows (``DracoGame._build_actions``, ``row_action``);
    ``compiled_rules.legal`` compiles it as it is."""
    k, code, a = card
    n = len(money)
    nchars = len(order)
    if code == MOVE or code == SPLIT or code == BESIDE:  # one of the player's characters, or any for some moves
        return characters(out, m, A_PLAY, k, a if code == MOVE else 0, p, nchars)
    if code == ARRANGE:
        for r in range(len(arrangements)):
            row = arrangements[r]
            m = put(out, m, A_PLAY, k, row[0], row[1], row[2], row[3])
        return m
    if code == STEAL:  # only a player with money is robbed; with none, the card does nothing
        m0 = m
        for q in range(n):
            if q != p and money[q] > 0:
                m = put(out, m, A_PLAY, k, q, 0, 0, 0)
        return m if m > m0 else put(out, m, A_PLAY, k, -1, 0, 0, 0)
    if code == SWAP_ADJ:  # the player's characters with their neighbours
        for c in (2 * p, 2 * p + 1):
            i = index(order, c)
            if i > 0:
                m = put(out, m, A_PLAY, k, c, order[i - 1], 0, 0)
            if i < nchars - 1:
                m = put(out, m, A_PLAY, k, c, order[i + 1], 0, 0)
        return m
    if code == SWAP_ANY:
        for c in (2 * p, 2 * p + 1):
            for d in range(nchars):
                if d != c:
                    m = put(out, m, A_PLAY, k, c, d, 0, 0)
        return m
    if code == DUEL:
        for q in range(n):
            if q != p:
                m = put(out, m, A_PLAY, k, q, 0, 0, 0)
        return m
    return put(out, m, A_PLAY, k, 0, 0, 0, 0)


def toast_deltas(order: Sequence[Any], owner: Any, special: Any, payouts: Sequence[int], costs: Sequence[int],
                 multiplier: int, richest: Sequence[int], players: int) -> tuple[list[int], bool]:
    """What one toast gives (+) or takes (-) from each player, and whether Zork was paid for (``add_toast``)."""
    d = [0] * players
    zork = add_toast(d, order, owner, special, payouts, costs, multiplier, richest)
    return d, zork


def toast_seat(order: Sequence[Any], special: Any, j: int, step: int) -> int:
    """The seat that answers for seat ``j`` at a toast: Brother John hands on what his seat is due,
    to the next seat for a payout (``step`` 1) or to the seat before him for a cost (``step`` -1),
    and so on past any further Brother John; -1 when that runs off the table. The walk both
    ``add_toast`` and the book's worked example (``book.toast_walk``) follow."""
    k = len(order)
    while 0 <= j < k and special[order[j]] == JEAN:
        j += step
    return j if 0 <= j < k else -1


def add_toast(d: Any, order: Sequence[Any], owner: Any, special: Any, payouts: Sequence[int], costs: Sequence[int],
              multiplier: int, richest: Sequence[int]) -> bool:
    """Add what one toast gives (+) or takes (-) to each player's ``d[p]``; whether Zork was paid for.

    Payouts go to the first seats, costs come from the last seats (``costs[0]`` is
    the last seat), each to or from the seat that answers for it (``toast_seat``:
    Brother John hands his on). Zork never receives; in a paying seat each player in
    ``richest`` pays ``multiplier`` times his debt. Aunt Sarah neither receives nor pays.
    Written for lists and numpy arrays alike: ``compiled_rules`` compiles it as it is.
    """
    k = len(order)
    zork = False
    for i, amount in enumerate(payouts):
        j = toast_seat(order, special, i, 1)
        if j >= 0 and special[order[j]] == NONE:
            d[owner[order[j]]] += amount
    for i, amount in enumerate(costs):
        j = toast_seat(order, special, k - 1 - i, -1)
        if j < 0:
            continue
        s = special[order[j]]
        if s == NONE:
            d[owner[order[j]]] -= amount
        elif s == ZORK:
            zork = True
            for r in richest:
                d[r] -= multiplier * amount
    return zork


def sarah_neighbours(order: Sequence[Any], owner: Any, special: Any) -> list[int]:
    """Owners of the characters beside each Aunt Sarah (one entry per neighbour; Draco and specials skip)."""
    out = [0] * (2 * len(order))
    return out[:put_sarah_neighbours(out, order, owner, special)]


def put_sarah_neighbours(out: Any, order: Sequence[Any], owner: Any, special: Any) -> int:
    """``sarah_neighbours`` written into ``out`` (room for two per seat); how many. For lists and numpy arrays
    alike: ``compiled_rules`` compiles it as it is."""
    count = 0
    last = len(order) - 1
    for i, c in enumerate(order):
        if special[c] == SARAH:
            for j in (i - 1, i + 1):
                if 0 <= j <= last and special[order[j]] == NONE:
                    out[count] = owner[order[j]]
                    count += 1
    return count


def coins_held(money: Sequence[int], per_gold: int, gold_total: int) -> tuple[int, int]:
    """Gold and silver coins the players hold together when they change coins with the bank freely.

    Each player keeps as much as possible in gold (fewest coins); only when the box's
    gold runs out do players hold threes of silver instead.
    """
    gold = 0
    silver = 0
    for v in money:
        gold += v // per_gold
        silver += v % per_gold
    if gold > gold_total:
        silver += (gold - gold_total) * per_gold
        gold = gold_total
    return gold, silver


# -- money: written once, for the engine's lists and the compiled rules' arrays -------------------------
def gap(st: Any, kind: int, a: int, b: int, c: int) -> int:
    """A rule gap of kind ``kind`` (details ``a``, ``b``, ``c``: ``GAP_WORDS``) on ``st``: the place of the
    deck's ruling in ``GAPS[kind]``, -1 without one (the game stalls). ``compiled_rules`` binds
    its own log in its place."""
    return st.rule_gap(kind, a, b, c)


def peak(st: Any, i: int, v: int) -> None:
    """Tally ``PEAKS[i]`` reached ``v`` on ``st`` (``compiled_rules`` binds its own log in its place)."""
    st.track(PEAKS[i], v)


def settle(st: Any, d: Any, receivers: Any, nrecv: int, bank: bool, money: Any, unpaid: int, box: Box) -> int:
    """Pay the money changes ``d`` at once into ``money``; the bank's unpaid silver so far after it
    (``unpaid`` before), -1 when a gap without a ruling stopped the game.

    A debt beyond a purse is a gap (``cannot_pay``: the payer pays what he has). When the box's
    coins cannot hold what the players own (``coins_held``), ``bank_short``: with ``unlimited``
    the missing coins are tallied; otherwise the bank pays the first of the ``receivers[:nrecv]``
    first, taking back from the last ones (``bank``: toasts, coin drops, each silver counted as
    unpaid), or between players the change the bank cannot make stays with the payer (no coin is
    lost). ``d`` ends as what was paid. The engine's ``_settle`` runs it on lists; ``compiled_rules``
    compiles it as it is, with its own ``gap`` and ``peak``.
    """
    per_gold, gold_total, silver_total = box.per_gold, box.gold_total, box.silver_total
    n = len(money)
    for p in range(n):
        if d[p] < 0 and money[p] + d[p] < 0:
            if gap(st, G_CANNOT, p, -d[p], money[p]) < 0:
                return -1
            d[p] = -money[p]  # pay_what_they_have
    for p in range(n):
        money[p] += d[p]
    gold, silver = coins_held(money, per_gold, gold_total)
    if silver > silver_total:
        rule = gap(st, G_BANK, silver, silver_total, 0)
        if rule < 0:
            return -1
        if rule == 1:  # unlimited
            peak(st, P_MISSING, silver - silver_total)
        else:  # pay_what_remains
            payer = -1
            if not bank:
                payer = 0
                for p in range(n):
                    if d[p] < d[payer]:
                        payer = p
            for r in range(nrecv - 1, -1, -1):
                p = receivers[r]
                while d[p] > 0 and silver > silver_total:
                    money[p] -= 1
                    d[p] -= 1
                    if bank:
                        unpaid += 1
                    else:
                        money[payer] += 1
                        d[payer] += 1
                    gold, silver = coins_held(money, per_gold, gold_total)
            peak(st, P_UNPAID, unpaid)
    track_coins(st, money, gold, silver)
    return unpaid


def track_coins(st: Any, money: Any, gold: int, silver: int) -> None:
    """The coin peaks a designer prints for (the bank's low is the box count minus these): ``gold`` and
    ``silver`` coins in hands (``coins_held``), all the money in hands, the richest purse."""
    total = 0
    richest = money[0]
    for v in money:
        total += v
        richest = max(richest, v)
    peak(st, P_GOLD, gold)
    peak(st, P_SILVER, silver)
    peak(st, P_MONEY, total)
    peak(st, P_RICHEST, richest)


def transfer(st: Any, payer: int, payee: int, amount: int, money: Any, scratch: tuple[Any, Any], unpaid: int,
             box: Box) -> int:
    """``payer`` gives ``amount`` silver to ``payee``, never more than he has (``cannot_pay``), through
    ``settle`` (``scratch``: its ``d`` and ``receivers``, room for every player and one receiver); what
    ``settle`` returns."""
    d, receivers = scratch
    have = money[payer]
    if have < amount:
        if gap(st, G_CANNOT, payer, amount, have) < 0:
            return -1
        amount = have
    if amount:
        for p in range(len(d)):
            d[p] = 0
        d[payer] -= amount
        d[payee] += amount
        receivers[0] = payee
        return settle(st, d, receivers, 1, False, money, unpaid, box)
    return unpaid
