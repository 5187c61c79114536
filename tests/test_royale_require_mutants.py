"""Royale noble checks service by service, aimed at the mutants mutmut left alive in require.py.

``Checker.sat`` (does one service's cards meet it exactly), ``_values_ok`` (value
constraints, with ``rem`` cards still to come, None = any number) and ``_types_ok``
are driven with hand-made compiled services on the shipped deck's dish universe
(values 1..12; for noble-a2 the classes are dessert 0, every other type 1, abundance 2,
the wild card). Each expected answer is worked by hand from the service's meaning in
the published rules (same value, parity, ascending/descending, sum under/over/equal,
a colour, at least k of a type, first/last type, all types different, two adding up
to the third). See docs/DEVELOPING.md, "Mutation testing".
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cardgen.games.royale.checks import noble_face, universe
from cardgen.games.royale.require import NONE, Checker, CService, checker, universe_of
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]
BASE = CService(cards=None, colour=NONE, include=(), same_value=False, parity=None, lt=None, gt=None, eq=None,
                order=0, first=NONE, last=NONE, two_sum=False, distinct=False, wild=True)
DESSERT, OTHER, WILD = 0, 1, 2


@pytest.fixture(scope="module")
def c() -> Checker:
    deck = resolve("royale", ROOT)
    ch = checker(noble_face(deck.component("noble-a2"), "unmasked").data, universe(deck))
    assert (ch.vmin, ch.vmax, ch.class_of["dessert"], ch.class_of["drink"], ch.wild) == (1, 12, 0, 1, 2)
    return ch


def ok(c: Checker, vals: list[int], rem: int | None = 0, **kw) -> bool:
    return c._values_ok(replace(BASE, **kw), vals, rem)


def test_same_value(c: Checker) -> None:
    assert ok(c, [5, 5, 5], same_value=True) and ok(c, [5], 1, same_value=True)
    assert not ok(c, [5, 6], same_value=True) and not ok(c, [5, 5, 6], same_value=True)


def test_parity(c: Checker) -> None:
    assert ok(c, [2, 4, 12], parity="even") and not ok(c, [2, 3], parity="even") and not ok(c, [3], parity="even")
    assert ok(c, [1, 3, 11], parity="odd") and not ok(c, [1, 2], parity="odd") and not ok(c, [6], parity="odd")
    assert ok(c, [3, 9], parity="odd")  # 9 is odd though a multiple of 3
    assert ok(c, [2, 4], parity="same") and ok(c, [3, 5], parity="same") and not ok(c, [2, 3], parity="same")
    assert ok(c, [], 2, parity="even")  # nothing played yet


def test_ascending_and_descending(c: Checker) -> None:
    assert ok(c, [1, 2, 5], order=1) and not ok(c, [1, 1], order=1) and not ok(c, [3, 2], order=1)
    assert ok(c, [10], 2, order=1)  # 11 and 12 can still come
    assert not ok(c, [11], 2, order=1)  # two higher than 11 do not exist: 13 > 12
    assert ok(c, [5, 3], order=-1) and not ok(c, [3, 3], order=-1) and not ok(c, [3, 5], order=-1)
    assert ok(c, [3], 2, order=-1)  # 2 and 1 can still come
    assert not ok(c, [2], 2, order=-1)  # two lower than 2 do not exist: 0 < 1


def test_sum_under(c: Checker) -> None:
    assert ok(c, [1, 2, 3, 8], lt=15) and not ok(c, [1, 2, 3, 9], lt=15)  # 14 < 15; 15 is not under 15
    assert ok(c, [12], 1, lt=14) and not ok(c, [12], 1, lt=13)  # one more card adds at least 1: 13
    assert ok(c, [12], None, lt=13) and not ok(c, [13], None, lt=13)  # more cards only add


def test_sum_over(c: Checker) -> None:
    assert ok(c, [12, 11, 10, 6], gt=38) and not ok(c, [12, 11, 10, 5], gt=38)  # 39; 38 is not over 38
    assert ok(c, [12, 11, 10], 1, gt=38) and not ok(c, [5], 1, gt=38)  # 33 + up to 12 = 45; 5 + 12 = 17
    assert ok(c, [5], None, gt=38)  # any number of cards may still come


def test_sum_equal(c: Checker) -> None:
    assert ok(c, [12, 12, 1], eq=25) and not ok(c, [12, 12], eq=25) and not ok(c, [12, 12, 2], eq=25)
    assert ok(c, [12, 12], 1, eq=25) and ok(c, [12], 1, eq=24) and not ok(c, [1], 1, eq=25)  # 1 + 12 = 13
    assert not ok(c, [12], 1, eq=12)  # 12 + at least 1
    assert ok(c, [12, 12], None, eq=25) and not ok(c, [12, 12, 2], None, eq=25)


def codes(c: Checker, *cards: tuple[str, int]) -> list[int]:
    return [c.code(t, v) for t, v in cards]


def sat(c: Checker, hand: list[int], **kw) -> bool:
    return c.sat(replace(BASE, **kw), hand)


def test_sat_counts_cards(c: Checker) -> None:
    assert sat(c, codes(c, ("drink", 5)), eq=5)  # one card alone can meet a service
    assert not sat(c, [], eq=0)
    assert sat(c, codes(c, ("drink", 5), ("fruit", 5)), cards=2) and not sat(c, codes(c, ("drink", 5)), cards=2)


def test_sat_wild_cards(c: Checker) -> None:
    ab = codes(c, ("abundance", 5))
    assert sat(c, ab, eq=5) and not sat(c, ab, eq=5, wild=False)  # a service may refuse abundance
    assert not sat(c, codes(c, ("drink", 5)), eq=6, wild=False)
    # two abundance cards both stand for desserts; one dessert and one drink cannot both be desserts
    assert sat(c, codes(c, ("abundance", 3), ("abundance", 4)), colour=DESSERT)
    assert sat(c, codes(c, ("dessert", 3), ("abundance", 4)), colour=DESSERT)
    assert not sat(c, codes(c, ("dessert", 3), ("drink", 4)), colour=DESSERT)


def test_sat_two_add_up_to_the_third_in_any_position(c: Checker) -> None:
    for vals in ([2, 5, 7], [2, 7, 5], [7, 2, 5]):
        assert sat(c, codes(c, *[("drink", v) for v in vals]), two_sum=True), vals
    assert not sat(c, codes(c, ("drink", 2), ("drink", 5), ("drink", 8)), two_sum=True)


def types_ok(types: list[int], **kw) -> bool:
    return Checker._types_ok(replace(BASE, **kw), types)


def test_types(c: Checker) -> None:
    assert types_ok([DESSERT, DESSERT], colour=DESSERT) and not types_ok([DESSERT, OTHER], colour=DESSERT)
    assert types_ok([DESSERT, OTHER, DESSERT], include=((DESSERT, 2),))
    assert not types_ok([DESSERT, OTHER], include=((DESSERT, 2),))
    assert types_ok([OTHER, DESSERT, OTHER], include=((DESSERT, 1), (OTHER, 2)))
    assert not types_ok([OTHER, DESSERT], include=((DESSERT, 1), (OTHER, 2)))
    assert types_ok([DESSERT, OTHER], first=DESSERT) and not types_ok([OTHER, DESSERT], first=DESSERT)
    assert types_ok([OTHER, DESSERT], last=DESSERT) and not types_ok([DESSERT, OTHER], last=DESSERT)
    assert types_ok([DESSERT, OTHER], distinct=True) and not types_ok([OTHER, OTHER], distinct=True)
    assert types_ok([OTHER, OTHER])  # nothing asked


def test_same_parity_with_one_card_played(c: Checker) -> None:
    assert ok(c, [3], 1, parity="same")


def other_values(lo: int, hi: int) -> Checker:
    """noble-a2 compiled on a variant's dish cards worth ``lo``..``hi`` (one of each, two types)."""
    deck = resolve("royale", ROOT)
    u = universe_of((t, False, v, 1) for t in ("dessert", "drink") for v in range(lo, hi + 1))
    return checker(noble_face(deck.component("noble-a2"), "unmasked").data, u)


def test_sums_with_zero_or_negative_cards_to_come() -> None:
    zero = other_values(0, 12)  # more cards never lower the sum: 5 stays >= 5
    assert not ok(zero, [5], None, lt=5)
    neg = other_values(-3, 12)  # a negative card can still bring 5 under 5, or under -100 with many
    assert ok(neg, [5], None, lt=5) and ok(neg, [5], None, lt=-100)
    nothing_up = other_values(-3, 0)  # no card can raise the sum: 5 is not over 5
    assert not ok(nothing_up, [5], None, gt=5)
    one_up = other_values(-3, 1)  # a 1 can still come
    assert ok(one_up, [5], None, gt=5)


def test_sum_bounds_scale_with_the_lowest_value() -> None:
    two = other_values(2, 12)  # two more cards add at least 2 + 2: 5 + 4 = 9, not under 9
    assert not ok(two, [5], 2, lt=9) and ok(two, [5], 2, lt=10)
