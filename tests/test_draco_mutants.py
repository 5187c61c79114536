"""Draco & Co toast and coin arithmetic on hand-built tables, aimed at mutmut's survivors.

Facts from the rule description (``../shared/seeds/004_*``, docs/draco.md's ledger):
payouts go to the first seats, costs come from the last seats; Brother John hands a
payout on to the next seat and, in a paying seat, the seat before him pays; Zork never
receives and, in a paying seat, the richest players pay for him (times the multiplier);
Aunt Sarah neither receives nor pays. Every expected value below is worked by hand.
See docs/DEVELOPING.md, "Mutation testing".
"""
from __future__ import annotations

from cardgen.games.draco.table import JEAN, NONE, SARAH, ZORK, coins_held, sarah_neighbours, toast_deltas

# characters a..d belong to players 0..3; J, Z, S are the specials (owned by nobody)
OWNER = {"a": 0, "b": 1, "c": 2, "d": 3, "J": -1, "Z": -1, "S": -1}
SPECIAL = {"a": NONE, "b": NONE, "c": NONE, "d": NONE, "J": JEAN, "Z": ZORK, "S": SARAH}


def deltas(order: str, payouts: list[int], costs: list[int], richest: tuple[int, ...] = (), mult: int = 2,
           players: int = 4) -> tuple[list[int], bool]:
    return toast_deltas(list(order), OWNER, SPECIAL, payouts, costs, mult, richest, players)


def test_plain_table_first_seats_paid_last_seats_pay() -> None:
    # seats a b c d; payouts 3, 2 to a, b; costs 2 (last seat d), 1 (c)
    assert deltas("abcd", [3, 2], [2, 1]) == ([3, 2, -1, -2], False)


def test_brother_john_in_a_paid_seat_hands_the_payout_on() -> None:
    # J a b c: the 3 for seat 1 goes on to a, a also takes the 2 of seat 2
    assert deltas("Jabc", [3, 2], [2, 1], players=3) == ([5, -1, -2], False)


def test_brother_john_in_a_paying_seat_is_paid_for_by_the_seat_before() -> None:
    # a b J c: c pays the 2 of the last seat; J holds the next-to-last seat: b pays its 1
    assert deltas("abJc", [3], [2, 1], players=3) == ([3, -1, -2], False)


def test_brother_john_at_the_edge_passes_to_nobody() -> None:
    assert deltas("aJ", [3, 2], [], players=1) == ([3], False)  # the 2 of seat 2 finds no next seat
    assert deltas("Ja", [], [1, 1], players=1) == ([-1], False)  # the 1 of seat 1 finds no seat before


def test_costs_reach_the_first_seat() -> None:
    assert deltas("ab", [], [2, 1], players=2) == ([-1, -2], False)  # b (last) pays 2, a (first) pays 1


def test_more_payouts_than_seats_pay_only_the_seats_there_are() -> None:
    assert deltas("ab", [3, 2, 1], [], players=2) == ([3, 2], False)


def test_zork_in_a_paying_seat_makes_the_richest_pay_times_the_multiplier() -> None:
    # a b c Z: Z holds the last seat (cost 2): players 0 and 1 are richest and pay 2 x 2 each
    assert deltas("abcZ", [3], [2], richest=(0, 1), mult=2, players=3) == ([-1, -4, 0], True)


def test_zork_reached_through_brother_john_still_charges_the_richest() -> None:
    assert deltas("aZJ", [], [1], richest=(0,), mult=3, players=1) == ([-3], True)


def test_zork_and_sarah_never_receive_and_sarah_never_pays() -> None:
    assert deltas("Zab", [3], [], players=2) == ([0, 0], False)
    assert deltas("Sab", [3], [1], players=2) == ([0, -1], False)
    assert deltas("abS", [], [2], players=2) == ([0, 0], False)


def test_aunt_sarahs_neighbours() -> None:
    assert sarah_neighbours(list("aSb"), OWNER, SPECIAL) == [0, 1]
    assert sarah_neighbours(list("Sa"), OWNER, SPECIAL) == [0]  # first seat: only the one after
    assert sarah_neighbours(list("aS"), OWNER, SPECIAL) == [0]  # last seat: only the one before
    assert sarah_neighbours(list("ZSJ"), OWNER, SPECIAL) == []  # specials are not asked
    assert sarah_neighbours(list("abc"), OWNER, SPECIAL) == []


def test_coins_held_at_and_past_the_gold_in_the_box() -> None:
    assert coins_held([6], 3, 2) == (2, 0)  # exactly the box's 2 gold
    assert coins_held([7, 5], 3, 2) == (2, 6)  # 2 + 1 gold wanted, 1 + 2 silver; the missing gold is 3 silver
    assert coins_held([], 3, 2) == (0, 0)
