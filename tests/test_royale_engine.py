"""The Royale engine: a turn's decisions, clearing, validation, the end, tie-breaks, solo."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.engine.api import IllegalAction, RandomAgent
from cardgen.games.royale.engine import CLEAR, END, PLACE, TAKE, RoyaleGame, RoyaleState
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("royale", ROOT)


@pytest.fixture(scope="module")
def game2(deck):
    return RoyaleGame(deck, 2)


def card(g: RoyaleGame, cid: str) -> int:
    return g.card_index[cid + "#1"]


def serving(g: RoyaleGame, hand: list[str], seed: int = 1) -> RoyaleState:
    """A fresh state where seat 0 holds ``hand`` (taken from wherever they were) ready to serve."""
    st = g.new_initial_state(seed)
    cards = [card(g, c) for c in hand]
    st.pile = [c for c in st.pile if c not in cards]
    st.grid = [-1 if c in cards else c for c in st.grid]
    st._refill()
    st.hand = cards
    st.phase = PLACE
    st._legal = None
    return st


def put_under(st: RoyaleState, p: int, slot: int, cids: list[str]) -> None:
    """Place cards under a noble directly (taking them out of the pile or buffet)."""
    g = st.g
    chk = g.checkers[p][slot]
    for cid in cids:
        c = card(g, cid)
        if c in st.pile:
            st.pile.remove(c)
        if c in st.grid:
            st.grid[st.grid.index(c)] = -1
        st.under[p][slot].append(c)
        st.sid[p][slot] = chk.step(st.sid[p][slot], g.codes[p][slot][c])
    st._refill()


#: imposter actions per seat at the start, by hand: A's corner, C's corners and D's shape have
#: four distinct turns, B's diagonal only two (a half turn gives the same cells)
IMPOSTER_TURNS = [4, 2, 4, 4]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_is_take_place_place_place_then_clear_or_stop_for_every_seat(deck, players):
    g = RoyaleGame(deck, players)
    st = g.new_initial_state(3)
    for seat in range(players):
        assert st.phase == TAKE and st.current_player == seat
        legal = st.legal_actions()
        assert ("take", "row", 0) in legal and ("take", "column", 2) in legal
        assert sum(a[0] == "imposter" for a in legal) == IMPOSTER_TURNS[seat]
        before = [st.grid[i] for i in (0, 1, 2)]
        st.apply(("take", "row", 0))
        assert st.hand == before and st.phase == PLACE
        for left in (3, 2, 1):
            assert st.current_player == seat
            legal = st.legal_actions()
            assert len(legal) == left * 6 and all(a[0] == "place" for a in legal)
            st.apply(legal[0])
        if st.phase == CLEAR:
            assert ("stop",) in st.legal_actions()
            st.apply(("stop",))
        assert st.turns == seat + 1 and -1 not in st.grid  # refilled
    assert st.current_player == 0 and st.rounds == 1


def test_illegal_actions_raise(game2):
    st = game2.new_initial_state(3)
    with pytest.raises(IllegalAction):
        st.apply(("place", "dessert-1#1", 0))
    with pytest.raises(IllegalAction):
        st.apply(("take", "row", 5))


def test_imposter_once_per_game(game2):
    st = game2.new_initial_state(4)
    imp = [a for a in st.legal_actions() if a[0] == "imposter"]
    cells = game2.take_cells[0][imp[0]]
    expected = [st.grid[i] for i in cells]
    st.apply(imp[0])
    assert st.hand == expected and st.imposter_left[0] == 0
    while st.current_player == 0:
        st.apply(st.legal_actions()[-1] if st.phase == CLEAR else st.legal_actions()[0])
    while st.current_player == 1:
        st.apply(st.legal_actions()[-1] if st.phase == CLEAR else st.legal_actions()[0])
    assert st.current_player == 0
    assert not any(a[0] == "imposter" for a in st.legal_actions())


def test_forced_clearing_and_serving_the_cleared_noble_again(game2):
    # slot 0 of seat 0 is the Duchess: four of a kind with a main course
    st = serving(game2, ["drink-6", "fruit-7", "main-7"])
    put_under(st, 0, 0, ["dessert-5"])
    st.apply(("place", "drink-6#1", 0))
    assert st.under[0][0] == [] and st.forced_clears == 1
    assert {card(game2, "dessert-5"), card(game2, "drink-6")} <= set(st.discard)
    assert ("place", "fruit-7#1", 0) in st.legal_actions()  # the cleared noble takes cards again
    st.apply(("place", "fruit-7#1", 0))
    st.apply(("place", "main-7#1", 0))
    assert st.under[0][0] == [card(game2, "fruit-7"), card(game2, "main-7")]


def test_exact_match_is_validated_after_serving(game2):
    # slot 5 is the Viscount: any cards adding up to 25, worth its printed points
    st = serving(game2, ["fruit-1", "dessert-2", "drink-3"])
    put_under(st, 0, 5, ["dessert-12", "drink-12"])
    st.apply(("place", "fruit-1#1", 5))
    assert not st.done[0][5]  # validation waits for step 3
    st.apply(("place", "dessert-2#1", 1))
    st.apply(("place", "drink-3#1", 2))
    assert st.done[0][5] and st.under[0][5] == []
    assert st.score[0] == game2.points[0][5] > 0
    assert card(game2, "fruit-1") in st.discard
    assert all(a[1] != 5 for a in st.legal_actions() if a[0] == "clear")


def test_too_many_cards_spoil_a_met_noble(game2):
    st = serving(game2, ["fruit-1", "dessert-2", "drink-3"])
    put_under(st, 0, 5, ["dessert-12", "drink-12"])
    st.apply(("place", "fruit-1#1", 5))
    st.apply(("place", "dessert-2#1", 5))  # 27: no longer possible
    assert st.under[0][5] == [] and st.forced_clears == 1


def test_voluntary_clearing(game2):
    st = serving(game2, ["dessert-1", "drink-2", "fruit-3"])
    st.apply(("place", "dessert-1#1", 5))
    st.apply(("place", "drink-2#1", 5))
    st.apply(("place", "fruit-3#1", 1))
    assert st.phase == CLEAR
    assert set(st.legal_actions()) == {("clear", 5), ("clear", 1), ("stop",)}
    st.apply(("clear", 5))
    assert st.under[0][5] == [] and st.voluntary_clears == 1
    assert st.current_player == 0 and st.legal_actions() == [("clear", 1), ("stop",)]
    st.apply(("stop",))
    assert st.current_player == 1 and st.under[0][1] == [card(game2, "fruit-3")]


def end_card_on_top(st: RoyaleState) -> None:
    st.pile.remove(END)
    st.pile.append(END)


def finish_turn(st: RoyaleState) -> None:
    """Seat to move takes row 0 and serves everything to its first open noble, then stops."""
    st.apply(("take", "row", 0))
    p = st.player
    while st.phase == PLACE:
        st.apply(("place", st.g.card_ids[st.hand[0]], st.open[p][0]))
    if st.phase == CLEAR:
        st.apply(("stop",))


def test_first_end_card_draw_reshuffles_second_ends(game2):
    st = game2.new_initial_state(11)
    bottom = [c for c in st.pile if c != END][:10]
    st.pile = [c for c in st.pile if c not in bottom]
    st.discard.extend(bottom)
    end_card_on_top(st)
    finish_turn(st)
    assert not st.is_terminal() and st.end_draws == 1
    assert st.discard == []  # the discards went back into the pile
    assert set(bottom) <= set(st.pile) | set(st.grid)
    shuffled = len(st.pile) - 1 + 3  # dish cards reshuffled, 3 of them since drawn to refill
    sizes = [shuffled // 3 + (1 if i < shuffled % 3 else 0) for i in range(3)]
    at = st.pile[::-1].index(END) + 3  # position in the rebuilt pile, top first
    assert sizes[0] <= at <= sizes[0] + sizes[1]  # inside the middle packet
    end_card_on_top(st)
    finish_turn(st)
    assert st.is_terminal() and st.end_reason == "banquet_over" and st.end_draws == 2
    assert st.zones()["end_revealed"] == ["end-banquet#1"]


def test_light_supper_ends_at_the_first_draw():
    short = resolve("royale-short", ROOT)
    st = RoyaleGame(short, 3).new_initial_state(2)
    end_card_on_top(st)
    finish_turn(st)
    assert st.is_terminal() and st.end_reason == "banquet_over" and st.end_draws == 1


ALL = 110  # 72 dishes + 24 nobles + 4 imposters + 9 solo cards + 1 end card


@pytest.mark.parametrize("ref,players,seed", [("royale", 2, 1), ("royale", 3, 2), ("royale", 4, 3),
                                              ("royale-masked", 4, 4), ("royale-solo", 1, 5),
                                              ("royale-short", 2, 6)])
def test_random_games_end_and_conserve_every_card(ref, players, seed):
    d = resolve(ref, ROOT)
    st = d.spec.new_game(d, players).new_initial_state(seed)
    agent, rng = RandomAgent(), random.Random(seed)
    steps = 0
    while True:
        ids = [i for zone in st.zones().values() for i in zone]
        assert len(ids) == ALL and len(set(ids)) == ALL
        if st.is_terminal():
            break
        st.apply(agent.choose({}, st.legal_actions(), rng))
        steps += 1
        assert steps < 2000
    assert st.current_player == -1 and st.legal_actions() == []
    assert len(st.outcome().scores) == players


def test_same_seed_same_game(game2):
    def play(seed: int) -> tuple:
        st = game2.new_initial_state(seed)
        rng, log = random.Random(0), []
        while not st.is_terminal():
            a = RandomAgent().choose({}, st.legal_actions(), rng)
            log.append(a)
            st.apply(a)
        return tuple(log), st.initial_piles["dish_pile"][:5]
    assert play(21) == play(21) and play(21) != play(22)


def test_setup_piles_and_observation(game2):
    st = game2.new_initial_state(12)
    pile = st.initial_piles["dish_pile"]
    assert len(pile) == 73 and pile.index("end-banquet#1") >= 48  # end card in the bottom packet
    obs = st.observation(1)
    assert obs["pile"] == 64 and len(obs["players"]) == 2 and obs["phase"] == "take"
    assert "dish_pile" not in obs and all(c is not None for c in obs["buffet"])


@pytest.mark.parametrize("players", [1, 4])
def test_the_legal_actions_are_rules_legal_at_every_decision(deck, players):
    """``legal_actions`` gives what ``rules.legal`` lists at every decision of random games, each state a list of
    its own (a house rule's hook may change it)."""
    game = RoyaleGame(deck, players)
    for seed in range(8):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == game._legal_of(state), (seed, state.s)
            assert legal is not game._legal_of(state) and legal is state.legal_actions()
            state.apply(rng.choice(legal))
