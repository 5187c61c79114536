"""King Lui known answers, one per sentence of the published rules (and of our rulings).

Each test builds a position by hand (a stacked supply or ``arrange``), takes one
action, and compares with the position or score worked out by hand from the
texts in ``../shared/seeds`` (000 fr, 002 it, 003 en). docs/king_lui.md's rule
ledger names the test proving each rule.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from test_king_lui_engine import arrange, new_state

from cardgen.games.king_lui.engine import DRAW, PLACE
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


# -- set-up and dealing ------------------------------------------------------------------
@pytest.mark.parametrize("players, course", [(3, 6), (4, 8), (5, 10)])
def test_the_chef_deals_twice_as_many_cards_as_players(deck, players, course):
    state = new_state(deck, players, ["ham"] * course + ["cheese"])
    assert state.observation(0)["table"] == {"ham": course}
    assert len(state.supply) == 110 - course
    assert state.supply[-1] == state.game.instances.index("cheese#1")  # the next card waits on top


def test_six_players_variant_deals_twelve(deck):
    six = resolve("king_lui-six-players", ROOT)
    state = new_state(six, 6, ["wine"] * 12)
    assert state.observation(0)["table"] == {"wine": 12} and len(state.supply) == 132 - 12


def test_a_dealt_emerald_takes_a_place_and_is_not_replaced(deck):
    """Ruling dealt_emerald_not_replaced: 6 cards for 3 players, one of them Emerald."""
    state = new_state(deck, 3, ["emerald", "ham", "ham", "cheese", "wine", "bread", "cake"])
    obs = state.observation(0)
    assert obs["table_emeralds"] == 1
    assert obs["table"] == {"ham": 2, "cheese": 1, "wine": 1, "bread": 1}  # the cake stays in the supply
    assert obs["supply"] == 104


def test_the_next_chef_deals_a_full_course_whatever_emeralds_wait(deck):
    state = new_state(deck, 3, ["emerald", "emerald", "ham", "ham", "cheese", "wine"]
                      + ["bread"] * 6)
    for dish in ("ham", "cheese", "wine"):
        state.apply(("take", dish))
    obs = state.observation(1)
    assert obs["table_emeralds"] == 2 and obs["table"] == {"bread": 6} and obs["supply"] == 110 - 12


# -- a turn -------------------------------------------------------------------------------
def test_the_chef_begins_and_turns_go_clockwise(deck):
    state = new_state(deck, 4, ["ham", "cheese", "wine", "bread", "cake", "fruit", "chicken", "ham"]
                      + ["cheese"] * 8)
    seats = []
    for dish in ("ham", "cheese", "wine", "bread"):
        seats.append(state.current_player)
        state.apply(("take", dish))
    assert seats == [0, 1, 2, 3]
    seats = []
    for _ in range(4):  # course 2: seat 1 is chef and begins, then 2, 3, 0
        seats.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert seats == [1, 2, 3, 0]


def test_a_turn_offers_each_dish_the_draw_and_every_emerald_choice(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 2, "cheese": 1}, [{}, {}, {}], table={"wine": 2, "bread": 1}, emeralds=1, supply=20)
    legal = state.legal_actions()
    assert len(legal) == 5 and set(legal) == {("take", "wine"), ("take", "bread"), DRAW,
                                              ("emerald", "ham", "ham"), ("emerald", "ham", "cheese")}


def test_taking_a_dish_takes_all_of_its_portions_and_only_them(deck):
    state = new_state(deck, 3, ["bread"] * 4 + ["cake", "fruit"])
    assert not any(a[0] == "take" and len(a) > 2 for a in state.legal_actions())  # no partial take
    state.apply(("take", "bread"))
    assert state.observation(0)["hand"] == {"bread": 4}
    assert state.observation(0)["table"] == {"cake": 1, "fruit": 1}


def test_a_draw_takes_one_card_unseen(deck):
    state = new_state(deck, 3, ["ham"] * 6 + ["chicken"])
    state.apply(DRAW)
    assert state.observation(0)["hand"] == {"chicken": 1}
    assert state.observation(0)["supply"] == 103
    seen = {o["seat"]: o for o in state.observation(1)["opponents"]}[0]
    assert seen == {"seat": 0, "taken": {}, "drawn_unseen": 1}
    assert state.observation(1)["table"] == {"ham": 6}  # the table is untouched


def test_no_dish_left_the_player_must_draw(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 3}, [{}, {}, {}], table={}, supply=10)
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert sum(state.observation(0)["hand"].values()) == 1 and state.current_player == 1


def test_an_empty_supply_cannot_be_chosen_while_a_dish_is_left(deck):
    """Ruling ``no_draw_from_empty_supply``: no card to draw, so a dish (or Emerald) must be taken."""
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 3}, [{}, {}, {}], table={"bread": 1}, emeralds=1, supply=0)
    legal = state.legal_actions()
    assert DRAW not in legal and ("take", "bread") in legal and any(a[0] == "emerald" for a in legal)


def test_the_kings_portions_cannot_be_taken(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 3, "wine": 2}, [{}, {}, {}], table={"bread": 1}, supply=10)
    assert state.legal_actions() == [("take", "bread"), DRAW]


# -- Emerald -------------------------------------------------------------------------------
def test_emerald_needs_one_on_the_table(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 4}, [{}, {}, {}], table={"bread": 1}, emeralds=0, supply=10)
    assert not any(a[0] == "emerald" for a in state.legal_actions())


def test_emerald_removes_two_of_one_dish_or_one_each_of_two(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 1, "cheese": 1, "wine": 3}, [{}, {}, {}], table={"bread": 1}, emeralds=1, supply=10)
    emerald = {a[1:] for a in state.legal_actions() if a[0] == "emerald"}
    assert emerald == {("ham", "cheese"), ("ham", "wine"), ("cheese", "wine"), ("wine", "wine")}
    state.apply(("emerald", "ham", "wine"))
    assert state.observation(1)["king"] == {"cheese": 1, "wine": 2}
    assert state.observation(1)["table_emeralds"] == 0 and state.observation(1)["table"] == {"bread": 1}
    assert state.current_player == 1  # that was seat 0's whole turn


def test_no_dish_left_an_emerald_beside_the_dishes_still_the_player_draws(deck):
    """Our ruling ``no_dish_emerald`` (``draw_only``): with no dish left the player must draw, even with an Emerald
    beside the dishes and a king holding a meal; a dish left, Emerald may eat."""
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 1, "wine": 1}, [{}, {}, {}], table={}, emeralds=1, supply=10)
    assert state.legal_actions() == [DRAW]
    arrange(state, {"ham": 1, "wine": 1}, [{}, {}, {}], table={"bread": 1}, emeralds=1, supply=10)
    assert ("emerald", "ham", "wine") in state.legal_actions()


def test_hungry_dragon_needs_and_eats_three(deck):
    hungry = resolve("king_lui-hungry-dragon", ROOT)
    state = new_state(hungry, 3, [])
    arrange(state, {"ham": 2}, [{}, {}, {}], table={"bread": 1}, emeralds=1, supply=10)
    assert not any(a[0] == "emerald" for a in state.legal_actions())
    arrange(state, {"ham": 2, "wine": 2}, [{}, {}, {}], table={"bread": 1}, emeralds=1, supply=10)
    state.apply(("emerald", "ham", "ham", "wine"))
    assert state.observation(0)["king"] == {"wine": 1} and state.observation(0)["eaten"] == {"ham": 2, "wine": 1}


def test_a_drawn_emerald_used_at_once_is_the_whole_turn(deck):
    """Ruling drawn_emerald_is_the_turn: draw Emerald, use it on the king; no replacement card."""
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 2}, [{}, {}, {}], table={"wine": 2}, supply=20)
    emerald = next(i for i in state.removed if state.game.dish_of[i] < 0)
    state.removed.remove(emerald)
    state.supply.append(emerald)
    state._decide()
    state.apply(DRAW)
    assert state.legal_actions() == [PLACE, ("emerald", "ham", "ham")]
    state.apply(("emerald", "ham", "ham"))
    assert state.current_player == 1 and state.observation(0)["hand"] == {}
    assert state.king_total == 0 and emerald in state.removed


def test_a_drawn_emerald_may_be_used_with_none_on_the_table(deck):
    """Ruling emerald_from_hand: using Emerald needs one on the table, but the one just drawn stands in."""
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 1, "wine": 1}, [{}, {}, {}], table={"bread": 2}, supply=20)
    assert state.observation(0)["table_emeralds"] == 0
    assert not any(a[0] == "emerald" for a in state.legal_actions())
    emerald = next(i for i in state.removed if state.game.dish_of[i] < 0)
    state.removed.remove(emerald)
    state.supply.append(emerald)
    state._decide()
    state.apply(DRAW)
    assert ("emerald", "ham", "wine") in state.legal_actions()


# -- serving the king and the end ------------------------------------------------------------
def test_the_king_gets_every_dish_left_after_the_last_turn(deck):
    state = new_state(deck, 3, ["ham", "ham", "cheese", "wine", "wine", "wine"] + ["bread"] * 6)
    state.apply(("take", "cheese"))
    state.apply(DRAW)
    assert state.king_total == 0  # not before every player has acted
    state.apply(DRAW)
    assert state.observation(0)["king"] == {"ham": 2, "wine": 3}


def test_the_game_ends_when_the_supply_cannot_fill_the_table_and_the_rest_is_removed(deck):
    state = new_state(deck, 4, [])
    arrange(state, {"ham": 1}, [{}, {}, {}, {}], table={"wine": 4}, supply=7)
    state.apply(("take", "wine"))
    for _ in range(3):
        state.apply(DRAW)  # 7 - 3 = 4 cards left, fewer than the 8 of a course
    assert state.end_reason == "supply_exhausted" and state.supply == [] and len(state.removed) >= 4


def test_waiting_emeralds_at_the_end_change_no_score(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 3}, [{"ham": 2}, {}, {}], emeralds=0, supply=0)
    without = state.scores()
    arrange(state, {"ham": 3}, [{"ham": 2}, {}, {}], emeralds=2, supply=0)
    assert state.scores() == without == ([6, 0, 0], [0, 0, 0])


# -- scoring ------------------------------------------------------------------------------
def test_scoring_over_several_dishes_by_hand(deck):
    # king: ham 4, cheese 2, wine 0. Seat 0: ham 3 (12) + cheese 2 (4) = 16.
    # Seat 1: ham 5 (> 4: 5 discarded) + cheese 1 (2) = 2. Seat 2: wine 1 (king 0: 1 discarded) = 0.
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 4, "cheese": 2}, [{"ham": 3, "cheese": 2}, {"ham": 5, "cheese": 1}, {"wine": 1}])
    out = state.outcome()
    assert out.scores == [16.0, 2.0, 0.0] and out.extra["discarded"] == [0, 5, 1]
    assert out.winners == [0] and out.tie_break is None


def test_as_many_as_the_king_is_not_overeating(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"cake": 3}, [{"cake": 3}, {"cake": 4}, {}])
    assert state.scores() == ([9, 0, 0], [0, 4, 0])
