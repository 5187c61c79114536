"""Draco & Co random games: they end, conserve every card and coin, hide hands, replay from a seed."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.draco.agents import HeuristicAgent
from cardgen.games.draco.table import coins_held
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent


def _all_cards(deck) -> list[str]:
    return sorted(f"{c.id}#{n}" for c in deck.model.components if c.kind == "card"
                  for n in range(1, c.count + 1))


def _play(game, seed, agents, step=None):
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    actions = []
    while not st.is_terminal():
        assert len(actions) < 5000
        p = st.current_player
        legal = st.legal_actions()
        assert legal
        action = agents[p].choose(st.observation(p), legal, rng)
        st.apply(action)
        actions.append(action)
        if step:
            step(st)
    return st, actions


@pytest.mark.parametrize("deck_id", ["draco", "draco-short", "draco-long", "draco-no-zork"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_and_conserve_every_card(deck_id, players):
    deck = resolve(deck_id, ROOT)
    game = deck.spec.new_game(deck, players)
    cards = _all_cards(deck)
    value = sum(c.count * c.data.silver for c in deck.model.components if c.data.role == "coin")

    def step(st):
        zones = st.zones()
        assert sorted(i for ids in zones.values() for i in ids) == cards
        assert all(m >= 0 for m in st.money) and sum(st.money) <= value
        assert coins_held(st.money, game.per_gold, game.gold_total)[1] <= game.silver_total  # box suffices
        assert len(zones["circle"]) == 2 * players + len(game.special_ids)

    for seed in range(3):
        st, _ = _play(game, seed, [RandomAgent()] * players, step)
        assert st.end_reason == "final_toast"
        assert all(g.settled for g in st.gaps)
        out = st.outcome()
        assert len(out.scores) == players and out.winners
        assert st.turns > 0 and st.toasts > 0


def test_observation_hides_other_hands():
    deck = resolve("draco", ROOT)
    game = deck.spec.new_game(deck, 4)
    st = game.new_initial_state(5)
    for p in range(4):
        obs = st.observation(p)
        mine = set(obs["hand"])
        others = {i for name, ids in st.zones().items() if name.startswith("hand:") and name != f"hand:{p}"
                  for i in ids}
        assert mine and not mine & others
        flat = repr({k: v for k, v in obs.items() if k != "info"})
        assert not any(f"'{card}'" in flat for card in others)
        assert obs["hand_sizes"] == [len(st.hands[q]) for q in range(4)]


def test_a_seed_replays_the_same_game():
    deck = resolve("draco", ROOT)
    game = deck.spec.new_game(deck, 5)
    a, actions_a = _play(game, 11, [RandomAgent()] * 5)
    b, actions_b = _play(game, 11, [RandomAgent()] * 5)
    c, actions_c = _play(game, 12, [RandomAgent()] * 5)
    assert actions_a == actions_b and a.money == b.money and a.initial_piles == b.initial_piles
    assert actions_a != actions_c


def test_initial_piles_record_the_shuffles():
    deck = resolve("draco-short", ROOT)
    game = deck.spec.new_game(deck, 3)
    st = game.new_initial_state(2)
    piles = st.initial_piles
    assert len(piles["actions"]) == 74 and len(piles["circle"]) == 9
    assert len(st.set_aside) == deck.rules.cards_set_aside
    assert [len(h) for h in st.hands] == [deck.rules.hand_size] * 3


def test_heuristic_beats_random_players():
    deck = resolve("draco", ROOT)
    game = deck.spec.new_game(deck, 4)
    wins = 0.0
    games = 40
    for seed in range(games):
        seat = seed % 4
        agents = [HeuristicAgent() if p == seat else RandomAgent() for p in range(4)]
        st, _ = _play(game, seed, agents)
        winners = st.outcome().winners
        wins += (seat in winners) / len(winners)
    assert wins / games > 0.5  # a fair share would be 0.25
