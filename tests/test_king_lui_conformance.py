"""King Lui invariants after every action, in random and heuristic games, on every deck.

Besides ``KingLuiState.invariants()`` (bookkeeping identities) and card
conservation, each step checks what no position check can see: only the seat
that acted changed its hand, and it did so by the action it chose (a take adds
exactly the dish's portions from the table, a draw adds at most the cards drawn,
an Emerald or a placed Emerald leaves every hand alone).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.king_lui import GAME
from cardgen.games.king_lui.engine import KingLuiState
from cardgen.games.king_lui.rules import S_TEMER
from cardgen.resolve.resolve import resolve
from cardgen.simulate.conformance import card_instances, check_engine, conservation_problem
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
DECKS = ("king_lui", "king_lui-six-players", "king_lui-hungry-dragon")
#: games per deck, player count and agent (random games are cheap, heuristic ones build observations)
GAMES = {"random": 200, "heuristic": 80}


def _conserved(state: KingLuiState) -> bool:
    """Every card instance in exactly one place (integers: cheap enough for every step)."""
    cards = list(state.supply) + state.table_emeralds + state.removed + state.pending
    for per_dish in [state.table, state.king, *state.hands]:
        for c in per_dish:
            cards += c
    return len(cards) == len(state.game.instances) == len(set(cards))


def _hand_sizes(state: KingLuiState) -> list[list[int]]:
    return [[len(c) for c in hand] for hand in state.hands]


def _transition_problem(before: KingLuiState, hands: list[list[int]], table: list[int], seat: int,
                        action: tuple, after: KingLuiState) -> str | None:
    """How the hands changed in a way ``action`` by ``seat`` does not allow, or None."""
    now = _hand_sizes(after)
    for q in range(len(now)):
        if q != seat and now[q] != hands[q]:
            return f"seat {q}'s hand changed on seat {seat}'s action {action}"
    gained = [a - b for a, b in zip(now[seat], hands[seat])]
    if action[0] == "take":
        d = before.game.dishes.index(action[1])
        expect = [table[d] if i == d else 0 for i in range(len(gained))]
        if gained != expect:
            return f"take {action[1]} with {table[d]} on the table changed the hand by {gained}"
    elif action[0] == "draw":
        if min(gained) < 0 or sum(gained) > before.game.draw_cards:
            return f"a draw changed the hand by {gained}"
    elif any(gained):
        return f"{action} changed the hand by {gained}"
    return None


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("deck_id", DECKS)
def test_invariants_hold_after_every_action(deck_id, agent):
    deck = resolve(deck_id, ROOT)
    expected = card_instances(deck)
    ids = {c.id for c in deck.model.components if c.kind == "card"}
    player = RandomAgent() if agent == "random" else GAME.agents[agent]()
    for players in nonempty(deck.model.players.counts):
        game = GAME.new_game(deck, players)
        for seed in range(GAMES[agent]):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            steps = 0
            while True:
                where = f"{deck_id}, {players} players, {agent}, seed {seed}, step {steps}"
                problems = state.invariants()
                assert not problems, f"{where}: {problems}"
                assert _conserved(state), f"{where}: a card is missing or in two places"
                if state.is_terminal():
                    if (p := conservation_problem(state, expected, ids)) is not None:  # the zones() view
                        pytest.fail(f"{where}: {p}")
                    break
                seat = state.current_player
                legal = state.legal_actions()
                obs = state.observation(seat) if agent != "random" else {}
                action = player.choose(obs, legal, rng)
                hands, table = _hand_sizes(state), [len(c) for c in state.table]
                state.apply(action)
                steps += 1
                if (p := _transition_problem(state, hands, table, seat, action, state)) is not None:
                    pytest.fail(f"{where}: {p}")
            assert state.end_reason == "supply_exhausted", where


@pytest.mark.parametrize("deck_id", DECKS)
def test_generic_conformance_runs_our_invariants(deck_id):
    deck = resolve(deck_id, ROOT)
    for players in nonempty(deck.model.players.counts):
        assert check_engine(deck, players, seeds=(1, 2, 3, 4)) == []


def test_the_invariants_catch_a_broken_position():
    deck = resolve("king_lui", ROOT)
    state = GAME.new_game(deck, 3).new_initial_state(1)
    assert state.invariants() == []
    state.king_total += 1
    assert any("king_total" in p for p in state.invariants())
    state.king_total -= 1
    hands = state.hands  # a portion of the first dish held twice: created in seat 1's hand
    hands[1][0].append(hands[1][0][-1] if hands[1][0] else state.game.dish_of.index(0))
    state.hands = hands
    dish = state.game.dishes[0]
    assert any(p.startswith(f"{dish}: ") and p.endswith(" portions in play, the box holds 15")
               for p in state.invariants())
    hands[1][0].pop()
    state.hands = hands
    assert state.invariants() == []
    state.s[S_TEMER] += 1  # an Emerald created beside the dishes
    assert any(p.startswith("Emeralds: ") for p in state.invariants())
