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
from typing import Any

#: special kinds (``special[c]``); 0 = a player's character
NONE, ZORK, JEAN, SARAH = 0, 1, 2, 3
SPECIAL_CODES = {"zork": ZORK, "jean": JEAN, "sarah": SARAH}


def move(order: list[Any], c: Any, delta: int) -> None:
    """Move ``c`` by ``delta`` ranks (negative = forward), stopping at the first or last seat."""
    i = order.index(c)
    j = min(max(i + delta, 0), len(order) - 1)
    if j != i:
        del order[i]
        order.insert(j, c)


def swap(order: list[Any], c: Any, d: Any) -> None:
    """Swap the seats of ``c`` and ``d``."""
    i, j = order.index(c), order.index(d)
    order[i], order[j] = d, c


def beside_draco(order: list[Any], first: Any, last: Any) -> None:
    """Seat ``first`` in the first seat and ``last`` in the last one."""
    order.remove(first)
    order.remove(last)
    order.insert(0, first)
    order.append(last)


def arrange(order: list[Any], specials: Sequence[Any], is_special: Any) -> None:
    """Seat ``specials`` (in that rank order) on the seats the special characters hold now."""
    seats = [i for i, c in enumerate(order) if is_special[c]]
    for i, c in zip(seats, specials):
        order[i] = c


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
