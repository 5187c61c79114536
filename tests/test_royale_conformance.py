"""Royale on the base deck and every Royale variant: invariants after every action.

Hundreds of seeded random games and a few dozen heuristic ones, at every player
count each deck seats; after every action every card is in exactly one zone
(``conservation_problem``, generic) and ``State.invariants()`` holds (each seat
uses only its own imposter and nobles, an imposter at most ``imposter_uses`` times,
scores equal to the validated nobles' points, no negative count).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.conformance import card_instances, conservation_problem

ROOT = Path(__file__).resolve().parents[1]
PROJECT = Project.open(ROOT)
RESOLVER = Resolver(PROJECT)
ROYALE = [d for d in PROJECT.ids if RESOLVER.resolve(d).game == "royale"]
RANDOM_GAMES = 25
HEURISTIC_GAMES = 6


def test_every_royale_variant_is_covered():
    assert {"royale", "royale-masked", "royale-short", "royale-solo"} <= set(ROYALE)


@pytest.mark.parametrize("deck_id", ROYALE)
def test_invariants_after_every_action(deck_id):
    deck = RESOLVER.resolve(deck_id)
    expected = card_instances(deck)
    kinds = {c.id for c in deck.model.components if c.kind == "card"}
    games = 0
    for players in deck.model.players.counts:
        game = deck.spec.new_game(deck, players)
        plan = [(RandomAgent, s) for s in range(RANDOM_GAMES)] + [(HeuristicAgent, 1000 + s)
                                                                  for s in range(HEURISTIC_GAMES)]
        for agent_type, seed in plan:
            st = game.new_initial_state(seed)
            agents = [agent_type() for _ in range(players)]
            rng = random.Random(seed)
            steps = 0
            while True:
                where = f"{deck_id} {players}p {agent_type.name} seed {seed} step {steps}"
                assert conservation_problem(st, expected, kinds) is None, where
                assert st.invariants() == [], where
                if st.is_terminal():
                    break
                p = st.current_player
                obs = st.observation(p) if agent_type is HeuristicAgent else {}
                st.apply(agents[p].choose(obs, st.legal_actions(), rng))
                steps += 1
                assert steps < 3000, where
            assert not st.end_reason.startswith("stalled:"), where
            games += 1
    assert games >= RANDOM_GAMES
