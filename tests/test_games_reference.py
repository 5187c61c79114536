"""``cardgen/games/reference.py``: the reference engine's counter and card-place accessors, written once.

Draco's rule steps read their position through these on the reference engine (Royale's read its record,
``royale/rules.py``'s own forms: ``tests/test_royale_shared_rules.py``); a game's
``rules.py`` imports them by name so that ``cardgen.jit.bind`` finds them in its globals and puts the
compiled forms in their place. The games' own tests play them; here each is checked on a position worked
out by hand (the pile's top is its last card).
"""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cardgen.games import reference
from cardgen.games.draco import rules as draco_rules


def position() -> SimpleNamespace:
    """A pile of 4 cards (top: 13), a discard of 3, a counter, a seeded generator."""
    return SimpleNamespace(pile=[10, 11, 12, 13], discard=[20, 21, 22], turns=5, rng=random.Random(4))


def test_a_counter_is_read_and_set_by_its_name():
    S = position()
    assert reference.get(S, "turns") == 5
    reference.put(S, "turns", 6)
    assert S.turns == 6 and reference.get(S, "turns") == 6


def test_a_place_gives_its_size_its_cards_from_the_bottom_and_its_top_last():
    S = position()
    assert reference.size(S, "pile") == 4 and reference.size(S, "discard") == 3
    assert [reference.card_at(S, "pile", i) for i in range(4)] == [10, 11, 12, 13]
    assert reference.pop(S, "pile") == 13 and reference.pop(S, "pile") == 12
    assert S.pile == [10, 11] and reference.size(S, "pile") == 2
    reference.push(S, "pile", 30)
    assert S.pile == [10, 11, 30] and reference.pop(S, "pile") == 30


def test_a_reshuffle_moves_every_card_with_randoms_draws_and_leaves_a_new_empty_list():
    S = position()
    old = S.discard
    S.pile = []
    reference.reshuffle(S, "discard", "pile")
    expected = [20, 21, 22]
    random.Random(4).shuffle(expected)
    assert S.pile == expected and S.pile is old  # the same cards, in the order random.shuffle gives
    assert S.discard == [] and S.discard is not old


@pytest.mark.parametrize("rules", [draco_rules])
@pytest.mark.parametrize("name", ["get", "put", "size", "pop", "card_at"])
def test_each_games_rules_reads_the_shared_accessors_by_name(rules, name):
    # cardgen.jit.bind compiles a rule step over rules.py's globals: the names must stand there
    assert getattr(rules, name) is getattr(reference, name)
