"""Game runner, seeds and tallies, on the toy game (tests/toy_game.py)."""
from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest
from toy_game import GreedyAgent, load_toy, toy_deck

from cardgen.engine.api import Action, Agent, RandomAgent
from cardgen.simulate.runner import (ENGINE_ERROR, NO_LEGAL_ACTION, SAFETY_CAP, Chunk, DeckRef, play_game,
                                     run_chunk)
from cardgen.simulate.seeds import game_seed, seat_agents
from cardgen.simulate.tally import Tally


def _game(deck_id: str, players: int = 3) -> Any:
    deck = toy_deck(deck_id)
    return deck.spec.new_game(deck, players)


def _randoms(n: int) -> list[Agent]:
    return [RandomAgent() for _ in range(n)]


# -- seeds --------------------------------------------------------------------------
def test_game_seed_depends_on_each_input_only() -> None:
    base = game_seed(1, "toy", 3, 5)
    assert base == game_seed(1, "toy", 3, 5)
    others = {game_seed(2, "toy", 3, 5), game_seed(1, "toy2", 3, 5), game_seed(1, "toy", 4, 5),
              game_seed(1, "toy", 3, 6)}
    assert base not in others and len(others) == 4
    assert 0 <= base < 2**63


def test_seat_rotation_puts_each_agent_in_each_seat_equally_often() -> None:
    agents = ["random", "greedy", "heuristic"]
    per_seat = [Counter() for _ in range(4)]
    for index in range(30):
        for seat, name in enumerate(seat_agents(agents, 4, index)):
            per_seat[seat][name] += 1
    assert all(c == Counter({"random": 10, "greedy": 10, "heuristic": 10}) for c in per_seat)


# -- one game -------------------------------------------------------------------------
def test_a_normal_game_completes_with_scores_and_winners() -> None:
    r = play_game(_game("toy"), 11, _randoms(3))
    assert r.completed and r.end_reason == "cards_exhausted"
    assert r.scores is not None and len(r.scores) == 3 and sum(r.scores) == 2 * 15 + 3  # every card scored
    assert r.winners and all(r.scores[w] == max(r.scores) for w in r.winners)
    assert all(settled for _, settled, _ in r.gaps)
    assert r.turns > 0 and r.rounds > 0 and r.peak["hand"] >= 1


def test_an_unsettled_gap_stalls_the_game() -> None:
    r = play_game(_game("toy_unsettled"), 11, _randoms(3))
    assert not r.completed and r.end_reason == "stalled:empty_pile"
    assert ("empty_pile", False) in [(k, s) for k, s, _ in r.gaps] and r.scores is None


@pytest.mark.parametrize("record", [False, True])  # random players' short path, and the recorded one
def test_a_game_past_the_cap_is_a_safety_cap_gap(record: bool) -> None:
    r = play_game(_game("toy_endless"), 11, _randoms(3), cap=200, record=record)
    assert not r.completed and r.end_reason == SAFETY_CAP
    assert r.gaps[-1][:2] == (SAFETY_CAP, False) and "200 decisions" in r.gaps[-1][2]
    assert not record or len(r.actions or []) == 200


@pytest.mark.parametrize("record", [False, True])
def test_no_legal_action_is_a_gap_not_a_crash(record: bool) -> None:
    r = play_game(_game("toy_dead_end"), 11, _randoms(3), record=record)
    assert r.end_reason == NO_LEGAL_ACTION and r.gaps[-1][:2] == (NO_LEGAL_ACTION, False)
    assert "has no legal action" in r.gaps[-1][2]


class Crashing(Agent):
    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        raise RuntimeError("boom")


def test_an_exception_becomes_an_engine_error_gap() -> None:
    r = play_game(_game("toy"), 11, [Crashing(), RandomAgent(), RandomAgent()])
    assert r.end_reason == ENGINE_ERROR and "RuntimeError: boom" in r.gaps[-1][2]


def test_same_seed_same_game_and_another_seed_another() -> None:
    game = _game("toy")
    a = play_game(game, 5, [RandomAgent(), GreedyAgent(), RandomAgent()], record=True)
    b = play_game(game, 5, [RandomAgent(), GreedyAgent(), RandomAgent()], record=True)
    c = play_game(game, 6, [RandomAgent(), GreedyAgent(), RandomAgent()], record=True)
    assert (a.initial_piles, a.actions, a.scores) == (b.initial_piles, b.actions, b.scores)
    assert (a.initial_piles, a.actions) != (c.initial_piles, c.actions)


class SlowRandom(RandomAgent):
    """RandomAgent through the general path (its own choose)."""

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        assert observation  # the general path builds observations
        return super().choose(observation, legal, rng)


def test_the_random_fast_path_plays_exactly_like_random_agents() -> None:
    game = _game("toy", 4)
    for seed in range(20):
        fast = play_game(game, seed, _randoms(4))
        slow = play_game(game, seed, [SlowRandom() for _ in range(4)], record=True)
        logged = play_game(game, seed, _randoms(4), record=True)
        assert (fast.scores, fast.turns, fast.gaps) == (slow.scores, slow.turns, slow.gaps)
        assert logged.actions == slow.actions


# -- chunks and tallies ---------------------------------------------------------------
def _chunk(start: int, stop: int, **kw: Any) -> Chunk:
    ref = DeckRef(str(toy_deck("toy").project), "toy", "toy.yaml")
    return Chunk(load_toy, ref, 3, ("random", "greedy"), 9, start, stop, **kw)


def test_chunked_tallies_merge_to_the_tally_of_all_games() -> None:
    whole, _ = run_chunk(_chunk(0, 60))
    merged = Tally(3)
    for start in range(0, 60, 7):
        part, _ = run_chunk(_chunk(start, min(60, start + 7)))
        merged.merge(part)
    assert merged.to_json() == whole.to_json()
    assert whole.games == 60 and whole.completed == 60


def test_tally_counts_agents_seats_and_ties() -> None:
    tally, _ = run_chunk(_chunk(0, 40))
    doc = tally.to_json()
    assert {a["agent"]: a["seats"] for a in doc["agents"]} == {"random": 60, "greedy": 60}
    assert sum(s["wins"] for s in doc["seat_win_rates"]) >= 40  # at least one winner per game
    assert doc["ties"]["games"] == sum(doc["ties"]["tie_breaks"].values())
    assert all(s["low"] <= s["rate"] <= s["high"] for s in doc["seat_win_rates"])
    assert doc["rule_gaps"][0]["kind"] == "empty_pile" and doc["rule_gaps"][0]["game"] == 0


def test_gap_seed_is_the_first_game_whatever_the_merge_order() -> None:
    early, _ = run_chunk(_chunk(0, 10))
    late, _ = run_chunk(_chunk(10, 20))
    late.merge(early)
    gap = late.rule_gaps()[0]
    assert gap["game"] == 0 and gap["seed"] == game_seed(9, "toy", 3, 0)


def test_tally_size_does_not_grow_with_the_number_of_games() -> None:
    small, _ = run_chunk(_chunk(0, 100))
    large, _ = run_chunk(_chunk(0, 1000))
    assert len(pickle.dumps(large)) < 1.3 * len(pickle.dumps(small))


def test_run_chunk_logs_one_line_per_game_in_order() -> None:
    _, lines = run_chunk(_chunk(3, 8, log=True))
    assert lines is not None and len(lines) == 5
    assert [f'"index":{i},' in line for i, line in zip(range(3, 8), lines)] == [True] * 5


def test_an_engine_that_cannot_be_built_makes_every_game_an_engine_error() -> None:
    ref = DeckRef(str(toy_deck("toy").project), "toy", "toy.yaml")
    tally, _ = run_chunk(Chunk(load_toy, ref, 9, ("random",), 1, 0, 4))  # the toy deck is for 2-4 players
    gap = tally.rule_gaps()[0]
    assert (tally.games, tally.completed) == (4, 0)
    assert (gap["kind"], gap["settled"], gap["games"]) == (ENGINE_ERROR, False, 4)
    assert "ValueError" in gap["detail"]
