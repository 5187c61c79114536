"""Known answers for every noble side: hand-made met, not met, too many cards, play order.

Cards are written ``(type, value)``; ``state`` plays them in order through the
compiled checker (``need`` 0 = met exactly, ``DEAD`` = impossible, forcing a clear).
Player A's nobles ask for the colours the published rules list.
"""
from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest

from cardgen.games.royale.checks import noble_face, universe
from cardgen.games.royale.model import NobleFace
from cardgen.games.royale.require import DEAD, Checker, checker
from cardgen.resolve.resolve import resolve
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("royale", ROOT)


def chk(deck, noble: str, side: str) -> Checker:
    return checker(noble_face(deck.component(noble), side).data, universe(deck))


def state(c: Checker, cards: list[tuple[str, int]]) -> int:
    return c.run(c.code(t, v) for t, v in cards)


def need(c: Checker, cards: list[tuple[str, int]]) -> int:
    sid = state(c, cards)
    return DEAD if sid == DEAD else c.need[sid]


def complete(c: Checker, cards: list[int]) -> bool:
    """The direct check the automaton is compared with: some sharing of ``cards`` (codes in play
    order) among the services meets each of them exactly (``Checker.sat``)."""
    return any(all(c.sat(s, g) for s, g in zip(c.services, groups)) for groups in split(c, cards))


def split(c: Checker, cards: list[int]) -> list[list[list[int]]]:
    """Every way to share ``cards`` among the services (play order kept inside each; an ordered
    requirement fills its services one after the other)."""
    k = len(c.services)
    if c.ordered:
        groups, pos = [], 0
        for j, s in enumerate(c.services):
            size = s.cards if s.cards is not None else len(cards) - pos
            if j == k - 1 and s.cards is not None and pos + size != len(cards):
                return []
            groups.append(list(cards[pos:pos + size]))
            pos += size
        return [groups] if pos == len(cards) else []
    out: list[list[list[int]]] = []
    for assign in product(range(k), repeat=len(cards)):
        groups = [[] for _ in range(k)]
        for code, j in zip(cards, assign):
            groups[j].append(code)
        out.append(groups)
    return out


U, M = "unmasked", "masked"

CASES = [
    # noble, side, cards in play order, expected need (0 met, DEAD impossible)
    # unmasked 1: four of a kind with at least one main course
    ("noble-a1", U, [("dessert", 5), ("drink", 5), ("fruit", 5), ("main", 5)], 0),
    ("noble-a1", U, [("dessert", 5), ("drink", 5), ("fruit", 5), ("abundance", 5)], 0),
    ("noble-a1", U, [("dessert", 5), ("drink", 5), ("fruit", 5), ("pastry", 5)], DEAD),
    ("noble-a1", U, [("dessert", 5), ("drink", 5), ("fruit", 5)], 1),
    ("noble-a1", U, [("dessert", 5), ("drink", 6)], DEAD),
    ("noble-a1", U, [("dessert", 5), ("drink", 5), ("fruit", 5), ("main", 5), ("pastry", 5)], DEAD),
    # unmasked 2: two pairs, each with a dessert
    ("noble-a2", U, [("dessert", 3), ("drink", 3), ("dessert", 7), ("fruit", 7)], 0),
    ("noble-a2", U, [("dessert", 3), ("dessert", 7), ("drink", 3), ("fruit", 7)], 0),
    ("noble-a2", U, [("abundance", 3), ("drink", 3), ("dessert", 7), ("main", 7)], 0),
    ("noble-a2", U, [("drink", 3), ("fruit", 3)], 2),  # still: dessert 3 + abundance 3 can join
    ("noble-a2", U, [("drink", 3), ("fruit", 3), ("dessert", 7)], DEAD),
    # unmasked 3: exactly 4 fruit, total under 15
    ("noble-a3", U, [("fruit", 1), ("fruit", 2), ("fruit", 3), ("fruit", 8)], 0),
    ("noble-a3", U, [("fruit", 1), ("fruit", 2), ("fruit", 3), ("fruit", 9)], DEAD),  # 15 is not under 15
    ("noble-a3", U, [("fruit", 1), ("fruit", 2), ("abundance", 3), ("fruit", 8)], 0),
    ("noble-a3", U, [("fruit", 1), ("drink", 2)], DEAD),
    ("noble-a3", U, [("fruit", 10)], 3),  # fruit 1, abundance 1, fruit 2: 14
    ("noble-a3", U, [("fruit", 11)], DEAD),  # the three lowest left add up to 4: 15
    # unmasked 4: exactly 3 drinks, two adding up to the third
    ("noble-a4", U, [("drink", 2), ("drink", 5), ("drink", 7)], 0),
    ("noble-a4", U, [("drink", 7), ("drink", 2), ("drink", 5)], 0),
    ("noble-a4", U, [("drink", 4), ("abundance", 4), ("drink", 8)], 0),
    ("noble-a4", U, [("drink", 2), ("drink", 5), ("drink", 8)], DEAD),
    ("noble-a4", U, [("drink", 2), ("dessert", 5)], DEAD),
    # unmasked 5: exactly 4 pastries, total over 38
    ("noble-a5", U, [("pastry", 12), ("pastry", 11), ("pastry", 10), ("pastry", 9)], 0),
    ("noble-a5", U, [("pastry", 12), ("pastry", 11), ("pastry", 10), ("abundance", 6)], 0),
    ("noble-a5", U, [("pastry", 12), ("pastry", 11), ("pastry", 10), ("pastry", 5)], DEAD),  # 38
    ("noble-a5", U, [("pastry", 4)], 3),  # 12 + 12 + 11 still reachable: 39
    ("noble-a5", U, [("pastry", 3)], DEAD),  # at best 38
    # unmasked 6: any cards adding up to 25
    ("noble-a6", U, [("dessert", 12), ("drink", 12), ("fruit", 1)], 0),
    ("noble-a6", U, [("dessert", 5), ("drink", 5), ("fruit", 5), ("pastry", 5), ("main", 5)], 0),
    ("noble-a6", U, [("dessert", 12), ("drink", 12)], 1),
    ("noble-a6", U, [("dessert", 12), ("drink", 12), ("fruit", 2)], DEAD),
    # masked 1: a pair and three of a kind, each with a dessert
    ("noble-a1", M, [("dessert", 4), ("drink", 4), ("dessert", 9), ("fruit", 9), ("main", 9)], 0),
    ("noble-a1", M, [("fruit", 9), ("dessert", 4), ("main", 9), ("drink", 4), ("dessert", 9)], 0),
    ("noble-a1", M, [("drink", 4), ("fruit", 4), ("dessert", 9), ("drink", 9), ("main", 9)], DEAD),
    ("noble-a1", M, [("dessert", 4), ("drink", 4), ("dessert", 9), ("fruit", 9), ("main", 9), ("pastry", 9)],
     DEAD),
    # masked 2: exactly 4 drinks, all even or all odd
    ("noble-a2", M, [("drink", 2), ("drink", 4), ("drink", 6), ("drink", 8)], 0),
    ("noble-a2", M, [("drink", 1), ("drink", 3), ("drink", 5), ("abundance", 7)], 0),
    ("noble-a2", M, [("drink", 1), ("drink", 2)], DEAD),
    ("noble-a2", M, [("drink", 2), ("dessert", 4)], DEAD),
    # masked 3: 4 cards in descending play order, first and last pastries (the wording wins)
    ("noble-a3", M, [("pastry", 10), ("drink", 8), ("main", 5), ("pastry", 2)], 0),
    ("noble-a3", M, [("abundance", 11), ("drink", 8), ("main", 5), ("pastry", 2)], 0),
    ("noble-a3", M, [("pastry", 2), ("main", 5), ("drink", 8), ("pastry", 10)], DEAD),  # the example's way up
    ("noble-a3", M, [("pastry", 10), ("drink", 8), ("main", 5), ("fruit", 2)], DEAD),
    ("noble-a3", M, [("pastry", 10), ("drink", 10)], DEAD),  # strictly descending
    ("noble-a3", M, [("pastry", 4)], 3),
    ("noble-a3", M, [("pastry", 3)], DEAD),  # no room for three lower cards
    # masked 4: 3 cards falling then 3 rising, each service opened by a fruit
    ("noble-a4", M, [("fruit", 9), ("drink", 5), ("main", 2), ("fruit", 3), ("dessert", 7), ("pastry", 11)], 0),
    ("noble-a4", M, [("fruit", 9), ("drink", 5), ("main", 2), ("abundance", 3), ("dessert", 7), ("pastry", 11)],
     0),
    ("noble-a4", M, [("fruit", 9), ("drink", 5), ("main", 2), ("dessert", 3)], DEAD),
    ("noble-a4", M, [("fruit", 9), ("drink", 5), ("main", 7)], DEAD),
    ("noble-a4", M, [("fruit", 9), ("drink", 5), ("main", 2)], 3),
    # masked 5: 4 cards in ascending play order, first and last main courses
    ("noble-a5", M, [("main", 2), ("drink", 5), ("fruit", 9), ("main", 11)], 0),
    ("noble-a5", M, [("main", 2), ("drink", 5), ("fruit", 9), ("main", 9)], DEAD),
    ("noble-a5", M, [("main", 11), ("drink", 12)], DEAD),
    # masked 6: 25 in all, no two of a type, no abundance
    ("noble-a6", M, [("dessert", 5), ("drink", 5), ("fruit", 5), ("pastry", 5), ("main", 5)], 0),
    ("noble-a6", M, [("dessert", 12), ("drink", 12), ("fruit", 1)], 0),
    ("noble-a6", M, [("dessert", 12), ("dessert", 11)], DEAD),
    ("noble-a6", M, [("abundance", 5)], DEAD),
    ("noble-a6", M, [("dessert", 12), ("drink", 12), ("fruit", 2)], DEAD),
    ("noble-a6", M, [("dessert", 1), ("drink", 1), ("fruit", 1), ("pastry", 1)], DEAD),  # main 21 needed
]


@pytest.mark.parametrize("noble,side,cards,expected", CASES)
def test_known_answers(deck, noble, side, cards, expected):
    c = chk(deck, noble, side)
    assert need(c, cards) == expected
    codes = [c.code(t, v) for t, v in cards]
    assert complete(c, codes) == (expected == 0)


def test_every_noble_side_has_a_case(deck):
    covered = {(n[-1], s) for n, s, _, e in CASES if e == 0}
    assert covered == {(str(i), side) for i in range(1, 7) for side in (U, M)}


def test_colours_rotate_between_players(deck):
    cards = [("drink", 5), ("fruit", 5), ("pastry", 5), ("main", 5)]
    assert need(chk(deck, "noble-a1", U), cards) == 0
    assert need(chk(deck, "noble-b1", U), cards) == DEAD  # player B's four of a kind asks for a dessert
    assert need(chk(deck, "noble-b1", U), [("dessert", 5)] + cards[:3]) == 0


def test_search_agrees_with_exact_check(deck):
    """The automaton's 'met' matches the direct check on random plays, for every side."""
    rng = random.Random(7)
    pool = [(t, v) for t in ("dessert", "drink", "fruit", "pastry", "main", "abundance") for v in range(1, 13)]
    for noble in nonempty((f"noble-a{i}" for i in range(1, 7))):
        for side in (U, M):
            c = chk(deck, noble, side)
            for _ in range(60):
                cards = rng.sample(pool, rng.randint(1, 6))
                codes = [c.code(t, v) for t, v in cards]
                sid = c.run(codes)
                if sid != DEAD:
                    assert (c.need[sid] == 0) == complete(c, codes), (noble, side, cards)
                    assert c.need[sid] + len(cards) <= 25


def test_unsatisfiable_requirement_is_dead_from_the_start(deck):
    face = NobleFace.model_validate({"side": "unmasked", "services": [{"cards": 3, "sum": {"gt": 36}}]})
    assert Checker(face, universe(deck)).need[0] == DEAD
    face = NobleFace.model_validate({"side": "unmasked", "services": [{"cards": 3, "sum": {"eq": 36}}]})
    assert Checker(face, universe(deck)).need[0] == 3
