"""The greedy heuristic agent: legal choices only, and it serves nobles far better than chance."""
from __future__ import annotations

import random
from pathlib import Path

from cardgen.engine.api import RandomAgent
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent


def play(ref: str, players: int, agent_type: type, seed: int) -> tuple[list[float], int]:
    deck = resolve(ref, ROOT)
    st = deck.spec.new_game(deck, players).new_initial_state(seed)
    agents = [agent_type() for _ in range(players)]
    rng = random.Random(seed)
    decisions = 0
    while not st.is_terminal():
        p = st.current_player
        legal = st.legal_actions()
        action = agents[p].choose(st.observation(p), legal, rng)
        assert action in legal
        st.apply(action)
        decisions += 1
    return st.outcome().scores, decisions


def test_heuristic_outscores_random_play_in_solo():
    greedy = [play("royale-solo", 1, HeuristicAgent, s)[0][0] for s in range(4)]
    chance = [play("royale-solo", 1, RandomAgent, s)[0][0] for s in range(4)]
    assert sum(greedy) >= sum(chance) + 8  # about 7 points a game against almost none


def test_heuristic_plays_a_masked_multiplayer_game_to_the_end():
    scores, decisions = play("royale-masked", 2, HeuristicAgent, 3)
    assert len(scores) == 2 and max(scores) > 0 and decisions > 20


def test_heuristic_keeps_cards_that_help():
    """With a clear choice, the agent serves the noble the card progresses."""
    deck = resolve("royale", ROOT)
    game = deck.spec.new_game(deck, 2)
    st = game.new_initial_state(1)
    ids = {c: game.card_index[c + "#1"] for c in ("dessert-12", "drink-12", "fruit-1", "main-9", "main-8")}
    for c in ids.values():
        if c in st.pile:
            st.pile.remove(c)
        if c in st.grid:
            st.grid[st.grid.index(c)] = -1
    st._refill()
    for c in ("dessert-12", "drink-12"):  # the Viscount (slot 5) wants 25: a 1 completes him
        idx = ids[c]
        st.under[0][5].append(idx)
        st.sid[0][5] = game.checkers[0][5].step(st.sid[0][5], game.codes[0][5][idx])
    st.hand = [ids["fruit-1"], ids["main-9"], ids["main-8"]]
    st.phase, st._legal = 1, None
    while st.phase == 1:
        st.apply(HeuristicAgent().choose(st.observation(0), st.legal_actions(), random.Random(0)))
    assert st.done[0][5] and st.score[0] == game.points[0][5]
