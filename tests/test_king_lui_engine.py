"""King Lui engine: known answers of the published rules and of the deck's clarifications.

Situations are set up either by stacking the supply (``new_initial_state(seed, order)``)
or by arranging a finished table with ``arrange`` (cards moved between zones, so the
110 cards stay accounted for).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.api import IllegalAction
from cardgen.errors import InputError
from cardgen.games.king_lui.engine import DRAW, PLACE, KingLuiGame, KingLuiState
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


def stacked(game: KingLuiGame, top: list[str]) -> list[str]:
    """A supply order: instances of the component ids in ``top`` first, then every other card."""
    rest = list(game.instances)
    order = []
    for cid in top:
        inst = next(i for i in rest if i.rsplit("#", 1)[0] == cid)
        rest.remove(inst)
        order.append(inst)
    return order + rest


def new_state(deck, players: int, top: list[str]) -> KingLuiState:
    game = KingLuiGame(deck, players)
    return game.new_initial_state(0, stacked(game, top))


def arrange(state: KingLuiState, king: dict[str, int], hands: list[dict[str, int]],
            table: dict[str, int] | None = None, emeralds: int = 0, supply: int = 0) -> None:
    """Put exactly these portions in the king's place, hands, table; the rest is removed."""
    g = state.game
    pool = {d: [i for i, x in enumerate(g.dish_of) if x == d] for d in range(-1, len(g.dishes))}

    def take(name: str, n: int) -> list[int]:
        d = g.dishes.index(name)
        return [pool[d].pop() for _ in range(n)]

    n = len(g.dishes)
    state.king = [[] for _ in range(n)]
    for name, k in king.items():
        state.king[g.dishes.index(name)] = take(name, k)
    state.king_total = sum(map(len, state.king))
    state.table = [[] for _ in range(n)]
    for name, k in (table or {}).items():
        state.table[g.dishes.index(name)] = take(name, k)
    state.hands = [[[] for _ in range(n)] for _ in hands]
    for p, hand in enumerate(hands):
        for name, k in hand.items():
            state.hands[p][g.dishes.index(name)] = take(name, k)
    state.table_emeralds = [pool[-1].pop() for _ in range(emeralds)]
    rest = [i for d in range(n) for i in pool[d]] + pool[-1]  # portions first: the supply holds no Emerald
    state.supply = rest[:supply]
    state.removed = rest[supply:]
    state._decide()


def assert_conserved(state: KingLuiState) -> None:
    seen = [i for cards in state.zones().values() for i in cards]
    assert sorted(seen) == sorted(state.game.instances)


# -- scoring -------------------------------------------------------------------------
def test_cheese_example_king_four_player_three_scores_twelve(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"cheese": 4}, [{"cheese": 3}, {"cheese": 4}, {}])
    scores, discarded = state.scores()
    assert scores == [12, 16, 0]
    assert discarded == [0, 0, 0]
    assert_conserved(state)


def test_overeating_discards_the_whole_dish_but_keeps_the_others(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 4, "wine": 2}, [{"ham": 5, "wine": 2}, {"ham": 1}, {}])
    scores, discarded = state.scores()
    assert scores == [2 * 2, 4, 0]  # player 0: ham (5 > 4) scores nothing, wine 2 x 2
    assert discarded == [5, 0, 0]


def test_a_dish_the_king_never_got_scores_nothing_and_is_discarded(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 3}, [{"bread": 1}, {}, {}])
    scores, discarded = state.scores()
    assert scores[0] == 0 and discarded[0] == 1


def test_tie_broken_by_fewest_discarded_cards(deck):
    state = new_state(deck, 3, [])
    # both score 3 x 3 = 9; player 0 also overate bread (2 > 1), player 1 did not
    arrange(state, {"cheese": 3, "bread": 1}, [{"cheese": 3, "bread": 2}, {"cheese": 3}, {"cheese": 1}])
    out = state.outcome()
    assert out.scores == [9.0, 9.0, 3.0]
    assert out.winners == [1]
    assert out.tie_break == "fewest_discarded"
    assert out.extra["discarded"] == [2, 0, 0]


@pytest.mark.parametrize("hands, winner", [([1, 2, 3], 2), ([1, 3, 2], 1), ([3, 1, 2], 0)])
def test_the_top_score_wins_wherever_its_seat(deck, hands, winner):
    """Most points wins, in whichever seat, with no tie to break (portions of cheese, the king holds 3)."""
    state = new_state(deck, 3, [])
    arrange(state, {"cheese": 3}, [{"cheese": h} for h in hands])
    out = state.outcome()
    assert out.scores == [3.0 * h for h in hands]
    assert out.winners == [winner] and out.tie_break is None


@pytest.mark.parametrize("breads, winner", [((3, 2), 2), ((2, 3), 1)])
def test_fewest_discarded_breaks_a_tie_between_players_who_both_discarded(deck, breads, winner):
    """The tie-break compares the tied players' discards, whatever they are (3 against 2, in either
    seat), and the untied player's none does not count."""
    state = new_state(deck, 3, [])
    arrange(state, {"cheese": 3, "bread": 1},
            [{"cheese": 1}, {"cheese": 3, "bread": breads[0]}, {"cheese": 3, "bread": breads[1]}])
    out = state.outcome()
    assert out.scores == [3.0, 9.0, 9.0] and out.extra["discarded"] == [0, *breads]
    assert out.winners == [winner] and out.tie_break == "fewest_discarded"


def test_players_tied_on_points_and_discards_share_while_more_discards_lose(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"cheese": 3, "bread": 1},
            [{"cheese": 3, "bread": 3}, {"cheese": 3, "bread": 2}, {"cheese": 3, "wine": 2}])
    out = state.outcome()
    assert out.scores == [9.0, 9.0, 9.0] and out.extra["discarded"] == [3, 2, 2]
    assert out.winners == [1, 2] and out.tie_break == "shared_win"


def test_still_tied_means_a_shared_win(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"cheese": 3}, [{"cheese": 2}, {"cheese": 2}, {"cheese": 1}])
    out = state.outcome()
    assert out.winners == [0, 1]
    assert out.tie_break == "shared_win"


# -- a course ------------------------------------------------------------------------
def test_chef_deals_course_grouped_by_dish_and_emerald_beside(deck):
    state = new_state(deck, 3, ["ham", "ham", "emerald", "cheese", "ham", "wine"])
    obs = state.observation(0)
    assert obs["table"] == {"ham": 3, "cheese": 1, "wine": 1}
    assert obs["table_emeralds"] == 1
    assert obs["supply"] == 110 - 6  # the Emerald takes one of the course's places
    assert state.current_player == 0 and obs["chef"] == 0


def test_take_moves_every_portion_of_the_dish(deck):
    state = new_state(deck, 3, ["ham", "ham", "ham", "cheese", "cheese", "wine"])
    state.apply(("take", "ham"))
    assert state.observation(0)["hand"] == {"ham": 3}
    assert "ham" not in state.observation(1)["table"]
    assert state.observation(1)["opponents"][0]["taken"] == {"ham": 3}
    assert state.current_player == 1


def test_king_receives_leftovers_and_chef_rotates_left(deck):
    state = new_state(deck, 3, ["ham", "ham", "cheese", "cheese", "wine", "emerald", "chicken",
                                "bread", "bread", "cake", "cake", "fruit", "fruit"])
    assert state.chef == 0
    state.apply(("take", "ham"))      # seat 0, the chef
    state.apply(("take", "wine"))     # seat 1
    state.apply(DRAW)                 # seat 2
    obs = state.observation(0)
    assert obs["king"] == {"cheese": 2}
    assert state.rounds == 1 and state.turns == 3
    assert state.chef == 1 and state.current_player == 1  # the new chef starts
    assert obs["table_emeralds"] == 1  # the Emerald waits across courses
    assert obs["table"] == {"bread": 2, "cake": 2, "fruit": 2}
    assert state.observation(2)["hand"] == {"chicken": 1}
    state.apply(("take", "bread"))
    state.apply(("take", "cake"))
    assert state.current_player == 0
    state.apply(("take", "fruit"))
    assert state.chef == 2 and state.current_player == 2
    assert_conserved(state)


def test_players_take_everything_and_the_king_gets_nothing(deck):
    state = new_state(deck, 3, ["ham"] * 3 + ["cheese"] * 2 + ["wine"])
    for dish in ("ham", "cheese", "wine"):
        state.apply(("take", dish))
    assert state.king_total == 0 and state.rounds == 1


# -- end of the game -------------------------------------------------------------------
def _play_first_course_with_supply(deck, left: int) -> KingLuiState:
    """3 players take the 3 dishes of course 1; just before the last turn the supply holds ``left``."""
    state = new_state(deck, 3, ["ham"] * 3 + ["cheese"] * 2 + ["wine"])
    state.apply(("take", "ham"))
    state.apply(("take", "cheese"))
    state.removed += state.supply[:-left] if left else state.supply
    del state.supply[:len(state.supply) - left]
    assert len(state.supply) == left
    state.apply(("take", "wine"))
    return state


def test_a_supply_of_exactly_one_course_is_dealt(deck):
    state = _play_first_course_with_supply(deck, 6)
    assert not state.is_terminal()
    assert state.rounds == 1 and len(state.supply) == 0
    assert sum(state.observation(0)["table"].values()) + state.observation(0)["table_emeralds"] == 6
    assert_conserved(state)


def test_one_card_short_ends_the_game_and_removes_the_rest(deck):
    state = _play_first_course_with_supply(deck, 5)
    assert state.is_terminal() and state.end_reason == "supply_exhausted"
    assert state.current_player == -1 and state.legal_actions() == []
    assert state.zones()["supply"] == []
    assert state.rounds == 1
    assert_conserved(state)
    with pytest.raises(IllegalAction):
        state.apply(DRAW)


# -- Emerald -------------------------------------------------------------------------
def test_emerald_needs_the_king_to_hold_enough_portions(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 1}, [{}, {}, {}], table={"wine": 2}, emeralds=1, supply=20)
    assert not any(a[0] == "emerald" for a in state.legal_actions())
    arrange(state, {"ham": 1, "cheese": 1}, [{}, {}, {}], table={"wine": 2}, emeralds=1, supply=20)
    assert [a for a in state.legal_actions() if a[0] == "emerald"] == [("emerald", "ham", "cheese")]


def test_emerald_removes_itself_and_exactly_two_chosen_portions(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 3, "cheese": 1}, [{}, {}, {}], table={"wine": 2}, emeralds=2, supply=20)
    legal = state.legal_actions()
    assert ("emerald", "ham", "ham") in legal and ("emerald", "cheese", "cheese") not in legal
    removed = len(state.removed)
    state.apply(("emerald", "ham", "ham"))
    assert state.observation(0)["king"] == {"ham": 1, "cheese": 1}
    assert state.king_total == 2
    assert len(state.removed) == removed + 3
    assert state.observation(1)["table_emeralds"] == 1
    assert state.observation(1)["eaten"] == {"ham": 2}
    assert state.current_player == 1
    assert_conserved(state)


def _draw_an_emerald(deck, king: dict[str, int]) -> KingLuiState:
    state = new_state(deck, 3, [])
    arrange(state, king, [{}, {}, {}], table={"wine": 2}, supply=30)
    emerald = next(i for i in state.removed if state.game.dish_of[i] < 0)
    state.removed.remove(emerald)
    state.supply.append(emerald)  # the top of the supply
    state._decide()
    state.apply(DRAW)
    return state


def test_drawn_emerald_that_cannot_be_used_goes_face_up_on_the_table(deck):
    state = _draw_an_emerald(deck, {"ham": 1})
    obs = state.observation(0)
    assert obs["table_emeralds"] == 1
    assert obs["hand"] == {}  # no replacement card
    assert obs["opponents"] and state.drawn[0] == 0
    assert state.current_player == 1
    assert_conserved(state)


def test_drawn_emerald_may_be_used_at_once_or_placed(deck):
    state = _draw_an_emerald(deck, {"ham": 2, "cheese": 1})
    assert state.current_player == 0 and state.observation(0)["phase"] == "drawn_emerald"
    legal = state.legal_actions()
    assert legal[0] == PLACE and ("emerald", "ham", "cheese") in legal and ("take", "wine") not in legal
    assert_conserved(state)
    state.apply(("emerald", "ham", "cheese"))
    assert state.observation(1)["king"] == {"ham": 1}
    assert state.observation(1)["table_emeralds"] == 0
    assert state.current_player == 1

    state = _draw_an_emerald(deck, {"ham": 2, "cheese": 1})
    state.apply(PLACE)
    assert state.observation(1)["table_emeralds"] == 1 and state.king_total == 3
    assert state.current_player == 1


# -- legality and clarified gaps ---------------------------------------------------------
def test_illegal_actions_are_rejected(deck):
    state = new_state(deck, 3, ["ham"] * 3 + ["cheese"] * 3)
    for bad in [("take", "wine"), ("take", "dragon"), ("emerald", "ham", "ham"), PLACE, ("draw", 2), ()]:
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.turns == 0 and state.current_player == 0


def test_no_dish_left_means_draw_only_even_with_an_emerald(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 2}, [{}, {}, {}], emeralds=1, supply=10)
    assert state.legal_actions() == [DRAW]
    assert [(g.kind, g.settled) for g in state.gaps] == [("no_dish_emerald", True)]


def test_must_draw_from_empty_supply_passes_the_turn(deck):
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 1}, [{}, {}, {}], table={"wine": 1}, supply=0)
    state.apply(("take", "wine"))  # seat 0 takes the last dish; seats 1 and 2 cannot act
    # the game then ends, seats 1 and 2 tied on 0 points and 0 discarded cards (seat 0's wine is discarded): the
    # tie the tie-break leaves standing is one more gap, settled by the deck's clarification (a shared win)
    assert [(g.kind, g.detail) for g in state.gaps] == [("draw_from_empty_supply", "seat 1, course 1"),
                                                         ("draw_from_empty_supply", "seat 2, course 1"),
                                                         ("tie_after_tiebreak", "seats [1, 2]")]
    assert state.rounds == 1 and state.turns == 3
    assert state.end_reason == "supply_exhausted"
    assert_conserved(state)


def test_a_gap_without_clarification_stalls_the_game(deck):
    game = KingLuiGame(deck, 3)
    game.deck = game.deck.model_copy(update={"clarifications": {}})
    state = game.new_initial_state(0, stacked(game, []))
    arrange(state, {"ham": 2}, [{}, {}, {}], emeralds=1, supply=10)
    assert state.end_reason == "stalled:no_dish_emerald"
    assert [(g.kind, g.settled, g.detail) for g in state.gaps] == [("no_dish_emerald", False, "seat 0, course 1")]
    assert state.legal_actions() == [] and state.current_player == -1


def test_an_empty_supply_without_a_ruling_stalls_at_the_first_seat_that_cannot_act(deck):
    game = KingLuiGame(deck, 3)
    game.deck = game.deck.model_copy(update={"clarifications": {}})
    state = game.new_initial_state(0, stacked(game, []))
    arrange(state, {"ham": 1}, [{}, {}, {}], table={"wine": 1}, supply=0)
    state.apply(("take", "wine"))  # seat 0 takes the last dish; seat 1 can neither take nor draw
    assert state.end_reason == "stalled:draw_from_empty_supply"
    assert [(g.kind, g.settled, g.detail) for g in state.gaps] == [
        ("draw_from_empty_supply", False, "seat 1, course 1")]
    assert state.legal_actions() == []


def _variant(tmp_path: Path, text: str) -> object:
    path = tmp_path / "king_lui-test-variant.yaml"
    path.write_text("extends: king_lui\nname: {fr: Essai, it: Prova, en: Test}\n"
                    "description: {fr: Essai, it: Prova, en: Test}\n" + text, encoding="utf-8")
    return resolve(str(path), ROOT)


def test_clarification_can_allow_emerald_with_no_dish(tmp_path):
    variant = _variant(tmp_path, "clarifications:\n  no_dish_emerald:\n    resolution: emerald_allowed\n    text: {fr: a, it: b, en: c}\n")
    state = new_state(variant, 3, [])
    arrange(state, {"ham": 2}, [{}, {}, {}], emeralds=1, supply=10)
    assert state.legal_actions() == [DRAW, ("emerald", "ham", "ham")]


DRAW_TWO = "rules: {supply_draw_cards: 2}\n"
DRAW_REMAINING = ("clarifications:\n  short_supply_draw:\n"
                  "    resolution: draw_remaining\n    text: {fr: a, it: b, en: c}\n")


def draw_two(tmp_path: Path, supply: int, ruling: str = DRAW_REMAINING) -> KingLuiState:
    """Seat 0 draws in a variant where a draw takes 2 cards, ``supply`` left (the rest of the table set)."""
    state = new_state(_variant(tmp_path, DRAW_TWO + ruling), 3, [])
    arrange(state, {"ham": 1}, [{}, {}, {}], table={"wine": 1}, supply=supply)
    state.apply(DRAW)
    return state


def test_short_supply_draw_takes_what_remains(tmp_path):
    state = draw_two(tmp_path, supply=1)
    assert [(g.kind, g.detail) for g in state.gaps] == [("short_supply_draw", "1 card(s) left, 2 to draw")]
    assert sum(map(len, state.hands[0])) == 1 and state.supply == []
    assert_conserved(state)


def test_a_supply_of_exactly_the_draw_is_no_gap(tmp_path):
    state = draw_two(tmp_path, supply=2)
    assert state.gaps == [] and sum(map(len, state.hands[0])) == 2 and state.supply == []


def test_a_short_draw_without_a_ruling_stalls_before_drawing(tmp_path):
    state = draw_two(tmp_path, supply=1, ruling="")
    assert state.end_reason == "stalled:short_supply_draw"
    assert sum(map(len, state.hands[0])) == 0 and len(state.supply) == 1
    assert state.legal_actions() == []


def test_drawing_several_cards(tmp_path):
    variant = _variant(tmp_path, "rules: {supply_draw_cards: 3}\n")
    state = new_state(variant, 3, ["ham"] * 6 + ["cheese", "wine", "bread"])
    state.apply(DRAW)
    assert state.observation(0)["hand"] == {"cheese": 1, "wine": 1, "bread": 1}
    seen_by_1 = {o["seat"]: o for o in state.observation(1)["opponents"]}
    assert seen_by_1[0] == {"seat": 0, "taken": {}, "drawn_unseen": 3}


def test_stacked_supply_must_hold_every_card(deck):
    game = KingLuiGame(deck, 3)
    with pytest.raises(InputError):
        game.new_initial_state(0, list(game.instances)[:-1])
    with pytest.raises(InputError):
        game.new_initial_state(0, list(game.instances)[:-1] + ["dragon#1"])


def test_player_count_outside_the_deck_is_refused(deck):
    with pytest.raises(ValueError):
        KingLuiGame(deck, 6)


def test_three_tied_two_left_after_fewest_discarded_is_a_shared_win(deck):
    """Three score 9; fewest discarded (0) leaves two still tied: they share the win (docs ruling)."""
    state = new_state(deck, 3, [])
    arrange(state, {"cheese": 3, "bread": 1},
            [{"cheese": 3}, {"cheese": 3, "bread": 2}, {"cheese": 3}])
    out = state.outcome()
    assert out.scores == [9.0, 9.0, 9.0]
    assert out.extra["discarded"] == [0, 2, 0]
    assert out.winners == [0, 2]
    assert out.tie_break == "shared_win"
