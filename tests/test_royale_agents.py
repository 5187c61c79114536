"""The greedy heuristic agent: legal choices only, and it serves nobles far better than chance."""
from __future__ import annotations

import math
import random
import statistics
from pathlib import Path

import pytest

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


def duel(ref: str, games: int) -> tuple[list[int], list[int]]:
    """Heuristic against random at 2 players, seats alternating: nobles each validated per game."""
    deck = resolve(ref, ROOT)
    game = deck.spec.new_game(deck, 2)
    mine, theirs = [], []
    for seed in range(games):
        seat = seed % 2
        agents = [HeuristicAgent(), RandomAgent()] if seat == 0 else [RandomAgent(), HeuristicAgent()]
        st = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            p = st.current_player
            st.apply(agents[p].choose(st.observation(p), st.legal_actions(), rng))
        validated = [sum(d) for d in st.done]
        mine.append(validated[seat])
        theirs.append(validated[1 - seat])
    return mine, theirs


@pytest.mark.parametrize("ref", ["royale", "royale-masked"])
def test_heuristic_beats_random_clearly(ref):
    games = 16
    mine, theirs = duel(ref, games)
    diffs = [a - b for a, b in zip(mine, theirs)]
    mean = statistics.mean(diffs)
    low = mean - 1.96 * statistics.stdev(diffs) / math.sqrt(games)
    assert low >= 2.5  # 95 % interval of the lead: at least two and a half nobles a game
    assert sum(a > b for a, b in zip(mine, theirs)) >= games - 2
    assert sum(a >= 4 for a in mine) >= games * 3 // 4  # four nobles of six in most games


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
