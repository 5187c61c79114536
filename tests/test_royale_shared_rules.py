"""``royale/rules.py``, the rules both tiers run, on hand-worked cases.

The packets of our ``uneven_packets: near_equal`` ruling (packets differ by one card, the
larger on top), where the end card may lie when the piles are dealt again for a search
sample (only the packet it was shuffled into is public), and who wins (a seat that validated
all its nobles; the best score; most dish cards under nobles; then shared). Draws come from a
stand-in generator that always draws the lowest or the highest number, so each boundary is
reached on purpose; every expected number is worked out by hand.
"""
from __future__ import annotations

import pytest

from cardgen.games.royale.rules import END, TIE_DISHES, TIE_NONE, TIE_SHARED, packets, redeal, winners


class Lowest:
    """A generator drawing 0 every time, shuffling nothing."""

    def randrange(self, n: int) -> int:
        assert n > 0
        return 0

    def shuffle(self, x: list[int]) -> None:
        pass


class Highest(Lowest):
    """A generator drawing ``n - 1`` every time."""

    def randrange(self, n: int) -> int:
        assert n > 0
        return n - 1


# 10 cards in 3 packets: 4, 3, 3 (the first 10 % 3 = 1 packet one larger); 62 in 3: 21, 21, 20
@pytest.mark.parametrize("n, position, lo, size", [(10, 1, 0, 4), (10, 2, 4, 3), (10, 3, 7, 3),
                                                   (62, 1, 0, 21), (62, 2, 21, 21), (62, 3, 42, 20),
                                                   (9, 2, 3, 3)])
@pytest.mark.parametrize("rng", [Lowest(), Highest()], ids=["top", "bottom"])
def test_the_end_card_goes_inside_its_near_equal_packet(n, position, lo, size, rng):
    cards = list(range(100, 100 + n))  # cards[0] on top
    pile = [0] * (n + 1)
    assert packets(cards, n, 3, position, rng, pile) == (lo, size)
    above = lo + size if isinstance(rng, Highest) else lo  # cards above the end card
    from_top = pile[::-1]
    assert from_top.index(END) == above and pile.count(END) == 1
    assert [c for c in from_top if c != END] == cards  # the cards keep their shuffled order


def test_dealt_again_the_end_card_may_come_back_on_top_or_at_the_bottom_of_its_zone():
    # 4 dish cards and the end card; dealt with the end card anywhere in the whole pile (zone 0..4), none drawn
    pile = [3, 1, END, 4, 2]
    redeal(pile, 5, [], 0, (5, 0, 4), Lowest())
    assert pile == [1, 2, 3, 4, END]  # sorted, not shuffled, the end card on top (the pile's top is its end)
    pile = [3, 1, END, 4, 2]
    redeal(pile, 5, [], 0, (5, 0, 10), Highest())
    assert pile == [END, 1, 2, 3, 4]  # at most at the bottom, however wide the zone was
    # two cards drawn since: a zone of 3..5 from the top is now 1..3
    pile = [3, 1, END, 4, 2]
    redeal(pile, 5, [], 0, (7, 3, 5), Lowest())
    assert pile == [1, 2, 3, END, 4]
    pile = [3, 1, END, 4, 2]
    redeal(pile, 5, [], 0, (7, 3, 5), Highest())
    assert pile == [1, END, 2, 3, 4]


def test_dealt_again_the_solo_pile_is_sorted_and_shuffled_whole():
    solo = [9, 7, 8]
    redeal([], 0, solo, 3, (0, 0, -1), Lowest())
    assert solo == [7, 8, 9]


def under(*counts: int) -> list[list[list[int]]]:
    """Each seat's nobles with ``counts[p]`` dish cards under its first one."""
    return [[list(range(c)), []] for c in counts]


@pytest.mark.parametrize("score, solo, winner, cards, won, tie", [
    ([1, 5, 0], False, 0, (0, 0, 0), [1, 0, 0], TIE_NONE),  # seat 0 validated every noble: it wins at once
    ([1, 5, 0], False, 2, (0, 0, 0), [0, 0, 1], TIE_NONE),
    ([3, 5, 4], False, -1, (0, 0, 0), [0, 1, 0], TIE_NONE),  # best score
    ([5, 2, 4], False, -1, (0, 9, 0), [1, 0, 0], TIE_NONE),
    ([5, 2, 5], False, -1, (1, 0, 3), [0, 0, 1], TIE_DISHES),  # tied: most dish cards
    ([5, 2, 5], False, -1, (2, 9, 2), [1, 0, 1], TIE_SHARED),  # still tied: shared
    ([5, 2, 5], False, -1, (0, 0, 0), [1, 0, 1], TIE_SHARED),  # tied with no dish card at all: shared
    ([0], True, -1, (0,), [1], TIE_NONE),  # solo: the seat wins (its band is its result)
])
def test_who_wins(score, solo, winner, cards, won, tie):
    win = [7] * len(score)
    assert winners(score, solo, winner, under(*cards), win) == tie
    assert win == won
