"""Draco & Co: the legal rows of playing a card (``table.play_rows``), which both the engine and the
compiled rules list their moves from, worked by hand on small tables.

Characters ``2p`` and ``2p + 1`` belong to seat ``p``; a row is ``(type, kind, x, y, z, w)``.
"""
from __future__ import annotations

from cardgen.games.draco.table import (A_MOVE, A_PLAY, ARRANGE, CUP, DUEL, FLIP, MOVE, SPLIT, STEAL, SWAP_ADJ, characters,
                                       play_rows)


def rows(code: int, p: int, order: list[int], money: list[int], a: int = 0,
         arrangements: tuple[tuple[int, ...], ...] = ((0, 0, 0, 0),)) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    m = play_rows(out, 0, (7, code, a), p, order, money, arrangements)
    assert m == len(out)
    return out


def test_a_swap_with_a_neighbour_offers_both_neighbours_of_each_own_character() -> None:
    # seats: 4 0 5 2 3 1 (characters 0 and 1 are seat 0's): 0 sits between 4 and 5, 1 in the last seat
    assert rows(SWAP_ADJ, 0, [4, 0, 5, 2, 3, 1], [1, 1, 1]) == [
        (A_PLAY, 7, 0, 4, 0, 0), (A_PLAY, 7, 0, 5, 0, 0), (A_PLAY, 7, 1, 3, 0, 0)]
    # the first seat has a neighbour only behind it, the last one only before it
    assert rows(SWAP_ADJ, 1, [2, 0, 1, 5, 4, 3], [1, 1, 1]) == [
        (A_PLAY, 7, 2, 0, 0, 0), (A_PLAY, 7, 3, 4, 0, 0)]
    # the second-to-last seat has one on each side
    assert rows(SWAP_ADJ, 2, [0, 1, 2, 3, 4, 5], [1, 1, 1]) == [
        (A_PLAY, 7, 4, 3, 0, 0), (A_PLAY, 7, 4, 5, 0, 0), (A_PLAY, 7, 5, 4, 0, 0)]


def test_a_steal_targets_only_the_other_players_with_money() -> None:
    order = [0, 1, 2, 3, 4, 5]
    assert rows(STEAL, 1, order, [0, 5, 2], a=1) == [(A_PLAY, 7, 2, 0, 0, 0)]
    assert rows(STEAL, 0, order, [3, 1, 1], a=1) == [(A_PLAY, 7, 1, 0, 0, 0), (A_PLAY, 7, 2, 0, 0, 0)]
    # nobody else has money: the card does nothing (target -1)
    assert rows(STEAL, 2, order, [0, 0, 9], a=1) == [(A_PLAY, 7, -1, 0, 0, 0)]


def test_a_duel_offers_every_other_player_even_a_broke_one() -> None:
    assert rows(DUEL, 1, [0, 1, 2, 3, 4, 5], [0, 5, 0]) == [(A_PLAY, 7, 0, 0, 0, 0), (A_PLAY, 7, 2, 0, 0, 0)]


def test_moves_name_own_characters_or_any_for_a_move_of_anyone() -> None:
    order = [0, 1, 2, 3]
    assert rows(MOVE, 1, order, [1, 1], a=0) == [(A_PLAY, 7, 2, 0, 0, 0), (A_PLAY, 7, 3, 0, 0, 0)]
    assert rows(MOVE, 1, order, [1, 1], a=1) == [(A_PLAY, 7, c, 0, 0, 0) for c in (0, 1, 2, 3)]
    assert [r[2] for r in rows(SPLIT, 0, order, [1, 1], a=1)] == [0, 1]  # a split moves own characters only
    out: list[tuple[int, ...]] = []
    assert characters(out, 0, A_MOVE, 0, 0, 1, 4) == 2 and out == [(A_MOVE, 0, 2, 0, 0, 0), (A_MOVE, 0, 3, 0, 0, 0)]


def test_an_arrange_offers_each_order_of_the_specials_as_given() -> None:
    orders = ((6, 7, 8, 3), (7, 6, 8, 3), (8, 6, 7, 3))
    assert rows(ARRANGE, 0, [0, 1, 2, 3], [1, 1], arrangements=orders) == [
        (A_PLAY, 7, 6, 7, 8, 3), (A_PLAY, 7, 7, 6, 8, 3), (A_PLAY, 7, 8, 6, 7, 3)]


def test_a_card_without_a_choice_is_one_row_naming_nothing() -> None:
    # the same row whatever the seats and purses: the engine looks it up by its whole tuple
    for code in (CUP, FLIP):
        assert rows(code, 1, [3, 2, 1, 0], [0, 4]) == [(A_PLAY, 7, 0, 0, 0, 0)]
