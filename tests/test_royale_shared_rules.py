"""``royale/rules.py``, the rules both tiers run, on hand-worked cases.

The packets of our ``uneven_packets: near_equal`` ruling (packets differ by one card, the
larger on top), where the end card may lie when the piles are dealt again for a search
sample (only the packet it was shuffled into is public), and who wins (a seat that validated
all its nobles; the best score; most dish cards under nobles; then shared). Draws come from a
stand-in generator that always draws the lowest or the highest number, so each boundary is
reached on purpose; every expected number is worked out by hand.
"""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cardgen.games.royale import rules
from cardgen.games.royale.engine import RoyaleGame, RoyaleState
from cardgen.games.royale.rules import EMPTY, END, TIE_DISHES, TIE_NONE, TIE_SHARED, packets, redeal, winners


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
    assert packets(cards, n, 3, position, rng, pile, 0) == (lo, size)
    above = lo + size if isinstance(rng, Highest) else lo  # cards above the end card
    from_top = pile[::-1]
    assert from_top.index(END) == above and pile.count(END) == 1
    assert [c for c in from_top if c != END] == cards  # the cards keep their shuffled order
    record = [7, 7] + [0] * (n + 1) + [7]  # the same pile inside a record, from place 2: nothing else written
    assert packets(cards, n, 3, position, rng, record, 2) == (lo, size)
    assert record == [7, 7] + pile + [7]


def test_dealt_again_the_end_card_may_come_back_on_top_or_at_the_bottom_of_its_zone():
    # 4 dish cards and the end card; dealt with the end card anywhere in the whole pile (zone 0..4), none drawn
    pile = [3, 1, END, 4, 2]
    redeal(pile, 0, 5, [], 0, 0, (5, 0, 4), Lowest())
    assert pile == [1, 2, 3, 4, END]  # sorted, not shuffled, the end card on top (the pile's top is its end)
    pile = [3, 1, END, 4, 2]
    redeal(pile, 0, 5, [], 0, 0, (5, 0, 10), Highest())
    assert pile == [END, 1, 2, 3, 4]  # at most at the bottom, however wide the zone was
    # two cards drawn since: a zone of 3..5 from the top is now 1..3
    pile = [3, 1, END, 4, 2]
    redeal(pile, 0, 5, [], 0, 0, (7, 3, 5), Lowest())
    assert pile == [1, 2, 3, END, 4]
    pile = [9, 3, 1, END, 4, 2, 9]  # the same pile inside a record, from place 1: nothing else written
    redeal(pile, 1, 5, [], 0, 0, (7, 3, 5), Highest())
    assert pile == [9, 1, END, 2, 3, 4, 9]


def test_dealt_again_the_solo_pile_is_sorted_and_shuffled_whole():
    solo = [9, 7, 8]
    redeal([], 0, 0, solo, 0, 3, (0, 0, -1), Lowest())
    assert solo == [7, 8, 9]
    record = [3, 1, END, 9, 7, 8, 0]  # a pile of 3 from place 0 and the solo pile from place 3, in one record
    redeal(record, 0, 3, record, 3, 3, (3, 0, 2), Lowest())
    assert record == [1, 3, END, 7, 8, 9, 0]


def under(*counts: int) -> "Pos":
    """A position whose seats each have two noble slots, ``counts[p]`` dish cards under the last one (what
    ``winners`` counts, through ``rules.dishes``)."""
    cfg = [0] * rules.CFG_SIZE
    cfg[rules.C_SLOTS] = 2
    st = Pos(cfg, {}, slots=[2] * len(counts))
    for p, c in enumerate(counts):
        st.under[p][1] = list(range(c))
    return st


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


def test_the_end_records_its_reason_and_the_seat_with_no_noble_left_who_wins_whatever_the_scores():
    S = under(0, 5, 0)
    S.score, S.phase, S.winner, S.finished = [9, 2, 9], rules.TAKE, -1, 0
    rules.end(S, rules.ALL_NOBLES, 1)
    assert (S.phase, S.s[rules.S_END], S.winner, S.finished) == (rules.OVER, rules.ALL_NOBLES, 1, 1)
    win = [7, 7, 7]
    assert rules.result(S, win) == TIE_NONE and win == [0, 1, 0]
    rules.end(S, rules.BANQUET_OVER, -1)  # no seat validated them all: seats 0 and 2 tie on points and dish cards
    assert rules.result(S, win) == TIE_SHARED and win == [1, 0, 1]


# -- the turn flow (``draw``, ``refill``, ``ghost``, ``start_turn``, ``end_turn``) on a stand-in position -----------
class Reverse(Lowest):
    """A generator whose shuffle reverses the list."""

    def shuffle(self, x: list[int]) -> None:
        x.reverse()


class Pos(RoyaleState):
    """``RoyaleState``'s record, its properties and hook methods on a stand-in game: ``cfg``'s numbers, 12 dish
    cards, ``slots[p]`` noble slots for seat ``p`` (none: one seat per ``C_PLAYERS`` with one slot), two solo cards;
    the gaps ruled by ``rulings`` (kind -> resolution; a kind not there stalls), the end and the gaps logged."""

    def __init__(self, cfg: list[int], rulings: dict[str, str], slots: list[int] | None = None,
                 **lists: object) -> None:
        slots = slots or [1] * max(cfg[rules.C_PLAYERS], 1)
        g = SimpleNamespace(cfg=cfg, solo_cells=[[0, 1], [2]], players=len(slots), ncells=max(cfg[rules.C_CELLS], 1),
                            nslots=max(slots), solo_ids=["s1", "s2"], imposter_uses=[0] * len(slots),
                            noble_ids=[[f"n{p}{s}" for s in range(n)] for p, n in enumerate(slots)])
        RoyaleGame._layout(g, 12)  # type: ignore[arg-type]
        self.s, self.g, self._discard_gen, self._views = list(g.blank), g, 0, [None] * len(slots)
        self.rng = Lowest()
        self.rulings, self.end_reason, self.logged, self.peak = rulings, None, [], 0
        for name, value in lists.items():
            setattr(self, name, value)

    def gap(self, kind: str, detail: str = "") -> str | None:
        self.logged.append((kind, detail))
        if kind not in self.rulings:
            self.end_reason = "stalled:" + kind
        return self.rulings.get(kind)

    def track(self, name: str, value: int) -> None:
        self.peak = max(self.peak, value)

    def _finish(self, reason: str, winner: int | None = None) -> None:
        self.end_reason = reason


def config(players: int = 3, cells: int = 3, end_draws: int = 2, solo: int = 0, ghost: int = 1) -> list[int]:
    """A ``cfg`` record: 3 packets, the end card in packet 2 after a reshuffle, 4 solo turns."""
    cfg = [0] * rules.CFG_SIZE
    for slot, value in ((rules.C_PLAYERS, players), (rules.C_CELLS, cells), (rules.C_END_DRAWS, end_draws),
                        (rules.C_SOLO, solo), (rules.C_GHOST, ghost), (rules.C_PACKETS, 3),
                        (rules.C_RESHUFFLE_POS, 2), (rules.C_SOLO_TURNS, 4)):
        cfg[slot] = value
    return cfg


def test_the_end_card_drawn_before_its_last_time_reshuffles_the_pile_and_the_discard_into_packets():
    st = Pos(config(end_draws=2), {"uneven_packets": "near_equal"}, pile=[7, 8, END], discard=[5, 6])
    st.rng = Reverse()
    # [7, 8, 5, 6] shuffled (reversed) into 3 packets, 2 + 1 + 1: the end card at the top of packet 2
    assert rules.draw(st) == 6 and st.pile == [7, 8, END, 5] and st.end_zone == (5, 2, 3)
    assert st.end_draws == 1 and st.discard == [] and st.peak == 5 and st.end_reason is None
    assert st.logged == [("uneven_packets", "4 cards into 3 packets")]


def test_the_end_card_drawn_its_last_time_ends_the_banquet():
    st = Pos(config(end_draws=2), {}, pile=[7, END], end_draws=1)
    assert rules.draw(st) == EMPTY and st.end_reason == "banquet_over" and st.pile == [7]


def test_an_empty_pile_takes_the_discard_or_ends_as_the_deck_rules_it():
    st = Pos(config(), {"pile_empty": "reshuffle_discards"}, discard=[4, 9], turns=6)
    assert rules.draw(st) == 9 and st.pile == [4] and st.discard == [] and st.logged == [("pile_empty", "turn 6")]
    st = Pos(config(), {"pile_empty": "end_game"}, discard=[4])
    assert rules.draw(st) == EMPTY and st.end_reason == "supply_exhausted"
    st = Pos(config(), {}, discard=[4])
    assert rules.draw(st) == EMPTY and st.end_reason == "stalled:pile_empty"


def test_refill_fills_the_empty_cells_in_order_until_the_pile_gives_none():
    st = Pos(config(cells=4), {}, pile=[1, 2], grid=[EMPTY, 5, EMPTY, EMPTY])
    rules.refill(st)
    assert st.grid == [2, 5, 1, EMPTY] and st.end_reason == "stalled:pile_empty"


def test_the_last_seat_ends_a_round_and_the_first_takes_again():
    st = Pos(config(players=3), {}, pile=[1, 2, 3], player=2, turns=5, phase=rules.CLEAR)
    rules.end_turn(st)
    assert (st.player, st.rounds, st.turns, st.phase) == (0, 1, 6, rules.TAKE) and st.grid == [3, 2, 1]
    rules.end_turn(st)
    assert (st.player, st.rounds, st.turns) == (1, 1, 7)


def test_solo_the_last_turn_ends_the_game_before_any_refill():
    st = Pos(config(players=1, solo=1), {}, pile=[1, 2, 3], turns=3, solo_pile=[0])
    rules.end_turn(st)
    assert st.end_reason == "turns_done" and st.rounds == 4 and st.grid == [EMPTY] * 3 and st.pile == [1, 2, 3]


def test_the_ghost_reveals_its_cards_and_discards_the_dishes_in_their_cells():
    st = Pos(config(players=1, solo=1, ghost=2), {"solo_pile_empty": "reshuffle_revealed"}, pile=[8, 9],
             grid=[4, 5, 6], solo_pile=[1], solo_revealed=[0])
    st.rng = Reverse()
    rules.ghost(st)  # card 1 (cell 2), then the revealed 0 and 1 reshuffled (reversed): 0 on top (cells 0, 1)
    assert st.solo_revealed == [0] and st.solo_pile == [1] and st.discard == [6, 4, 5]
    assert st.grid == [9, 8, EMPTY] and st.logged == [("solo_pile_empty", "turn 0"), ("pile_empty", "turn 0")]


def test_an_empty_buffet_at_a_turn_start_is_the_gap_nothing_to_take():
    st = Pos(config(), {"nothing_to_take": "end_game"}, turns=2)
    rules.start_turn(st)
    assert st.end_reason == "supply_exhausted" and st.logged == [("nothing_to_take", "turn 2")]
    st = Pos(config(), {}, grid=[EMPTY, 3, EMPTY], phase=rules.PLACE)
    rules.start_turn(st)
    assert st.end_reason is None and st.phase == rules.TAKE and st.logged == []


# -- what a decision allows (``legal``) and a noble cleared (``clear``), on a stand-in position -------------------
def seats(phase: int, **lists: object) -> Pos:
    """Seat 0 to play: 3 noble slots (the middle one validated); seat 1 only 2 nobles. 4 cells in 2 lines
    (cells 0-1, 2-3), seat 0's imposter takes cells 1 and 3, seat 1 has none; 10 dish cards. So the ids:
    takes 0-2 (place 3 = 2 lines + 1 imposter way), place ``3 + card * 3 + slot``, clear ``33 + slot``, stop 36."""
    cfg = config(cells=4)
    for slot, value in ((rules.C_SLOTS, 3), (rules.C_LINES, 2), (rules.C_A_PLACE, 3), (rules.C_A_CLEAR, 33),
                        (rules.C_A_STOP, 36)):
        cfg[slot] = value
    st = Pos(cfg, {}, slots=[3, 2], phase=phase, hand=[], imposter_left=[1, 0],
             done=[[False, True, False], [False, False]], sid=[[5, 0, 6], [0, 0]], _views=["seat 0", "seat 1"])
    st.g.imposter_takes = [[("imposter", 0, 0, 0)], []]
    st.g.take_rows = [[[0, 1], [2, 3], [1, 3]], [[0, 1], [2, 3]]]
    for name, value in lists.items():
        setattr(st, name, value)
    return st


@pytest.mark.parametrize("grid, left, ids", [
    ([5, EMPTY, EMPTY, EMPTY], 1, [0]),  # a line with one card is legal, one with none is not
    ([EMPTY, EMPTY, EMPTY, 7], 1, [1, 2]),  # the lines first, then the imposter
    ([EMPTY, EMPTY, EMPTY, 7], 0, [1]),  # no use left: no imposter
    ([1, 2, 3, 4], 1, [0, 1, 2]),
    ([EMPTY] * 4, 1, []),
])
def test_a_take_names_a_card_and_the_imposter_needs_a_use_left(grid, left, ids):
    st = seats(rules.TAKE, grid=grid, imposter_left=[left, 1])
    out = [-1] * 40
    assert out[:rules.legal(st, out)] == ids


def test_each_card_in_hand_goes_under_each_noble_not_validated_in_hand_order():
    st = seats(rules.PLACE, hand=[4, 2])
    out = [-1] * 40
    assert out[:rules.legal(st, out)] == [3 + 4 * 3 + 0, 3 + 4 * 3 + 2, 3 + 2 * 3 + 0, 3 + 2 * 3 + 2]


def test_a_slot_past_the_seats_nobles_takes_no_card():
    st = seats(rules.PLACE, hand=[1], player=1)
    out = [-1] * 40
    assert out[:rules.legal(st, out)] == [6, 7]


def test_clearing_lists_each_open_noble_with_cards_under_it_then_stop():
    st = seats(rules.CLEAR, under=[[[], [3], [8, 9]], [[], []]])  # slot 1's card: validated, never listed
    out = [-1] * 40
    assert out[:rules.legal(st, out)] == [33 + 2, 36]
    st = seats(rules.CLEAR)
    assert out[:rules.legal(st, out)] == [36]


def test_a_game_over_allows_nothing():
    st = seats(rules.TAKE, grid=[1, 2, 3, 4], end_reason="banquet_over")  # the record keeps its code too
    st.s[rules.S_END] = rules.BANQUET_OVER
    assert rules.legal(st, [-1] * 40) == 0


def test_a_cleared_noble_sends_its_cards_to_the_discard_in_the_order_placed_and_starts_again():
    st = seats(rules.CLEAR, under=[[[], [], [4, 6]], [[], []]], discard=[1])
    rules.clear(st, 0, 2)
    assert st.discard == [1, 4, 6] and st.under[0] == [[], [], []] and st.sid[0] == [5, 0, 0]
    assert st._views == [None, "seat 1"]


def test_royales_reshuffle_moves_every_card_with_the_games_draws_and_builds_the_discards_view_again():
    st = Pos(config(players=1, solo=1), {}, discard=[1, 2, 3], solo_revealed=[0, 1])
    st.rng = random.Random(2)
    rules.reshuffle(st, rules.DISCARD, rules.PILE)
    expected = [1, 2, 3]
    random.Random(2).shuffle(expected)
    assert st.pile == expected and st.discard == [] and st._discard_gen == 1
    rules.reshuffle(st, rules.REVEALED, rules.SOLO)
    assert sorted(st.solo_pile) == [0, 1] and st.solo_revealed == [] and st._discard_gen == 1


def test_the_records_piles_are_live_lists_that_keep_their_room():
    """``engine.Place``: a house rule's change to ``state.pile`` is the record's; more cards than the place holds is
    refused, a row of fixed length (``state.grid``) keeps its length."""
    st = Pos(config(), {}, pile=[4, 5])
    st.pile.insert(0, 6)
    st.pile.append(7)
    assert rules.size(st, rules.PILE) == 4 and [rules.card_at(st, rules.PILE, i) for i in range(4)] == [6, 4, 5, 7]
    assert rules.pop(st, rules.PILE) == 7 and st.pile == [6, 4, 5] and st.pile.pop(0) == 6
    with pytest.raises(ValueError, match="at most 14"):
        st.pile = list(range(15))  # 12 dish cards: room for them, the end card and one more
    with pytest.raises(ValueError, match="holds 3 items, not 2"):
        st.grid = [1, 2]
    st.done[0][0] = True
    assert rules.validated(st, 0, 0) and st.done == [[True], [False], [False]] and st.open == [[], [0], [0]]
