"""Draco & Co: the engine's invariants after every action of hundreds of games.

Random and heuristic players on the base deck and every Draco variant, every
player count: ``State.invariants()`` (coins against an explicit bank, the end
condition, each seat using only its own cards and characters) and card
conservation (``zones``) after each decision.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.draco.agents import HeuristicAgent
from cardgen.games.draco.engine import DracoGame
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver, resolve
from cardgen.simulate.conformance import card_instances, conservation_problem

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)
DECKS = [d for d in PROJECT.ids if d == "draco" or d.startswith("draco-")]


def checked_game(deck, game, seed, agent):
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    expected = card_instances(deck)
    card_ids = {c.id for c in deck.model.components if c.kind == "card"}
    steps = 0
    while True:
        problems = st.invariants()
        assert not problems, f"seed {seed} step {steps}: {problems}"
        assert conservation_problem(st, expected, card_ids) is None
        if st.is_terminal():
            return st
        obs = st.observation(st.current_player)
        st.apply(agent.choose(obs, st.legal_actions(), rng))
        steps += 1
        assert steps < 2000


def test_every_draco_variant_is_covered():
    assert {"draco", "draco-short", "draco-long", "draco-no-zork"} <= set(DECKS)


@pytest.mark.parametrize("deck_id", DECKS)
def test_invariants_hold_after_every_action(deck_id):
    deck = Resolver(PROJECT).resolve(deck_id)
    ends = set()
    for players in deck.model.players.counts:
        game = DracoGame(deck, players)
        for seed in range(20):
            ends.add(checked_game(deck, game, seed, RandomAgent()).end_reason)
        for seed in range(100, 105):
            ends.add(checked_game(deck, game, seed, HeuristicAgent()).end_reason)
    assert ends == {"final_toast"}


def test_the_invariants_catch_coins_from_nowhere():
    game = DracoGame(resolve("draco", ROOT), 4)
    st = game.new_initial_state(1)
    assert st.invariants() == []
    st.money[2] += 1  # what the Game of Dice did when the loser had nothing (issue #8)
    assert any("coins not conserved" in p for p in st.invariants())
    st.money[2] -= 5
    assert any("negative purse" in p for p in st.invariants())


def test_the_invariants_catch_an_early_end():
    game = DracoGame(resolve("draco", ROOT), 4)
    st = game.new_initial_state(1)
    st._finish("final_toast")  # with cards still in the pile and no toast after the last call
    assert any("after the last call" in p for p in st.invariants())


def test_the_invariants_catch_a_seat_moving_another_seats_character():
    game = DracoGame(resolve("draco", ROOT), 4)
    st = game.new_initial_state(2)
    st.invariants()  # switches the audit on
    cur = st.cur
    action = next(a for a in st.legal_actions() if a[1] in ("bow-and-scrape", "to-and-fro", "the-splits")) \
        if any(a[1] in ("bow-and-scrape", "to-and-fro", "the-splits") for a in st.legal_actions()) else None
    if action is None:
        pytest.skip("no own-move card in this hand")
    st.apply(action)
    a, b = [st.order.index(c) for c in range(len(st.order)) if game.owner[c] not in (cur, -1)][:2]
    st.order[a], st.order[b] = st.order[b], st.order[a]  # as if the card had moved others' characters
    assert any("may not move" in p for p in st.invariants())
