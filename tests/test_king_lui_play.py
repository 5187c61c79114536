"""King Lui whole games: termination, card conservation, hidden information, seeds, agents."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.king_lui import GAME
from cardgen.games.king_lui.checks import course_bounds
from cardgen.games.king_lui.engine import DRAW, KingLuiGame, KingLuiState
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


@pytest.fixture(scope="module")
def six():
    return resolve("king_lui-six-players", ROOT)


def play(game: KingLuiGame, seed: int, agents=None, on_step=None) -> tuple[KingLuiState, list]:
    """Play one game; ``agents`` per seat (random by default); returns the state and actions."""
    agents = agents or [RandomAgent()] * game.players
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        p = state.current_player
        action = agents[p].choose(state.observation(p), state.legal_actions(), rng)
        actions.append(action)
        state.apply(action)
        if on_step:
            on_step(state)
    return state, actions


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_by_the_supply_within_the_course_bounds(deck, players):
    game = KingLuiGame(deck, players)
    fewest, most = course_bounds(110, 2 * players, 3 * players)
    for seed in range(40):
        state, actions = play(game, seed)
        assert state.end_reason == "supply_exhausted"
        assert fewest <= state.rounds <= most
        assert state.turns == state.rounds * players
        assert all(g.settled for g in state.gaps)
        out = state.outcome()
        assert len(out.scores) == players and out.winners
        assert max(out.scores) == out.scores[out.winners[0]]


def test_every_card_is_in_exactly_one_zone_at_every_step(deck, six):
    instances = None

    def check(state: KingLuiState) -> None:
        zones = state.zones()
        seen = [c for cards in zones.values() for c in cards]
        assert len(seen) == len(set(seen)) == len(instances)
        assert set(seen) == instances

    for d, players in ((deck, 3), (deck, 5), (six, 6)):
        game = KingLuiGame(d, players)
        instances = set(game.instances)
        assert len(instances) == (110 if d is deck else 132)
        for seed in range(6):
            state = game.new_initial_state(seed)
            check(state)
            play(game, seed, on_step=check)


def test_initial_pile_is_the_shuffled_supply_top_first(deck):
    game = KingLuiGame(deck, 4)
    state = game.new_initial_state(7)
    pile = state.initial_piles["supply"]
    assert sorted(pile) == sorted(game.instances) and len(pile) == 110
    dealt = sorted(state.zones()["table"])
    assert dealt == sorted(pile[:8])
    assert state.zones()["supply"] == pile[8:]


def test_same_seed_same_game_and_other_seeds_differ(deck):
    game = KingLuiGame(deck, 4)
    agents = [GAME.agents["heuristic"](), RandomAgent(), GAME.agents["heuristic"](), RandomAgent()]
    a, actions_a = play(game, 11, agents)
    b, actions_b = play(game, 11, agents)
    assert actions_a == actions_b
    assert a.initial_piles == b.initial_piles and a.outcome() == b.outcome()
    c, _ = play(game, 12, agents)
    assert c.initial_piles != a.initial_piles


def test_observation_hides_what_opponents_drew(deck):
    """Swapping an opponent's drawn card for another dish changes nothing seat 0 sees."""
    game = KingLuiGame(deck, 3)
    for seed in range(30):
        state = game.new_initial_state(seed)
        state.apply(next(a for a in state.legal_actions() if a[0] == "take"))  # seat 0
        if DRAW not in state.legal_actions():
            continue
        before = {c for cards in state.hands[1] for c in cards}
        state.apply(DRAW)  # seat 1 draws unseen
        drawn = [c for cards in state.hands[1] for c in cards if c not in before]
        if not drawn:
            continue  # an Emerald: drawn cards of that kind are shown to everyone
        card = drawn[0]
        dish = game.dish_of[card]
        swap_at = next(i for i, c in enumerate(state.supply) if game.dish_of[c] not in (dish, -1))
        other = state.supply[swap_at]
        mine, theirs = state.observation(0), state.observation(1)
        assert {o["seat"]: o for o in mine["opponents"]}[1]["drawn_unseen"] == 1
        state.hands[1][dish].remove(card)
        state.hands[1][game.dish_of[other]].append(other)
        state.supply[swap_at] = card
        assert state.observation(0) == mine
        assert state.observation(1) != theirs
        assert game.instances[card] not in repr(mine)
        return
    pytest.fail("no game in 30 seeds let seat 1 draw a portion")


def test_observation_shows_own_hand_and_public_takes_only(deck):
    game = KingLuiGame(deck, 3)
    state, _ = play(game, 3)
    for p in range(3):
        obs = state.observation(p)
        hand = {game.dishes[d]: len(c) for d, c in enumerate(state.hands[p]) if c}
        assert obs["hand"] == hand
        for o in obs["opponents"]:
            q = o["seat"]
            assert o["drawn_unseen"] == state.drawn[q]
            taken = sum(o["taken"].values())
            assert taken + o["drawn_unseen"] == sum(map(len, state.hands[q]))


def test_peaks_are_tracked(deck):
    game = KingLuiGame(deck, 4)
    state, _ = play(game, 5)
    assert state.peak["hand_cards"] == max(sum(map(len, h)) for h in state.hands)
    assert state.peak["king_portions"] >= state.king_total
    assert state.peak["king_portions"] <= 110


def test_heuristic_beats_random_players(deck):
    game = KingLuiGame(deck, 4)
    wins = 0.0
    games = 60
    for seed in range(games):
        seat = seed % 4  # the heuristic player sits everywhere in turn
        agents = [RandomAgent()] * 4
        agents[seat] = GAME.agents["heuristic"]()
        state, _ = play(game, seed, agents)
        winners = state.outcome().winners
        wins += (seat in winners) / len(winners)
    assert wins / games > 0.6  # a random seat would win about a quarter


def test_heuristic_plays_the_variants_to_the_end(six):
    for name, players in (("king_lui-six-players", 6), ("king_lui-hungry-dragon", 4)):
        d = six if name == "king_lui-six-players" else resolve(name, ROOT)
        game = KingLuiGame(d, players)
        agents = [GAME.agents["heuristic"]() for _ in range(players)]
        for seed in range(3):
            state, actions = play(game, seed, agents)
            assert state.end_reason == "supply_exhausted"
            for a in actions:
                if a[0] == "emerald":
                    assert len(a) == 1 + d.rules.emerald_portions
