"""King Lui hidden information: clone, determinize, and what an observation may hold.

A seat sees its own hand, the table, the king's place, Emeralds and what opponents
took openly. It never sees the supply order or the portions opponents drew.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardgen.games.king_lui import GAME
from cardgen.games.king_lui.engine import KingLuiState
from cardgen.resolve.resolve import resolve
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


def positions(deck, players: int, seeds: range, every: int = 5) -> list[KingLuiState]:
    """Clones of positions along random games (every ``every``-th decision)."""
    game = GAME.new_game(deck, players)
    out = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out


def dish_counts(state: KingLuiState, cards: list[int]) -> Counter:
    return Counter(state.game.dish_of[c] for c in cards)


def kinds(cards: list[str]) -> list[str]:
    """The cards' components (``ham#3`` -> ``ham``), sorted: the copies of a dish are alike, a seat knows the dish."""
    return sorted(c.rsplit("#", 1)[0] for c in cards)


def public_zones(state: KingLuiState) -> dict:
    z = state.zones()
    return {k: kinds(v) for k, v in z.items() if k in ("table", "king", "removed")}


def test_clone_is_independent_and_plays_the_same(deck):
    state = positions(deck, 4, range(1), every=10)[2]
    copy = state.clone()
    assert copy.zones() == state.zones() and copy.legal_actions() == state.legal_actions()
    action = state.legal_actions()[0]
    copy.apply(action)
    assert copy.zones() != state.zones() or copy.turns != state.turns
    assert state.turns == copy.turns - 1 and state.invariants() == [] and copy.invariants() == []
    assert copy.game is state.game
    assert copy.rng is not state.rng and copy.rng.getstate() == state.rng.getstate()
    # both go on identically from the same choices
    a, b = state.clone(), state.clone()
    rng_a, rng_b = random.Random(5), random.Random(5)
    while not a.is_terminal():
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    assert a.outcome() == b.outcome() and a.zones() == b.zones()


@pytest.mark.parametrize("players", [3, 5])
def test_determinize_keeps_what_the_player_knows_and_conserves_cards(deck, players):
    changed_hands = changed_supply = 0
    for state in positions(deck, players, range(6)):
        for player in range(players):
            obs = state.observation(player)
            before = {k: list(v) for k, v in state.zones().items()}
            other = state.determinize(player, random.Random(player + 100 * state.turns))
            assert state.zones() == before, "determinize changed the original"
            z = other.zones()
            assert sorted(c for v in z.values() for c in v) == sorted(state.game.instances)
            assert kinds(z[f"hand:{player}"]) == kinds(before[f"hand:{player}"])
            assert public_zones(other) == public_zones(state)
            assert other.observation(player) == obs
            assert other.legal_actions() == state.legal_actions()
            assert other.invariants() == []
            for q in range(players):
                assert other.taken[q] == state.taken[q] and other.drawn[q] == state.drawn[q]
                for d in range(len(state.game.dishes)):  # openly taken portions stay in that hand
                    assert len(other.hands[q][d]) >= state.taken[q][d]
                if q != player and Counter(map(len, other.hands[q])) != Counter(map(len, state.hands[q])):
                    changed_hands += 1
                if q != player:
                    assert not any(state.game.dish_of[c] < 0 for h in other.hands[q] for c in h)
            if dish_counts(other, other.supply[-10:]) != dish_counts(state, state.supply[-10:]):
                changed_supply += 1
    assert changed_hands > 10 and changed_supply > 10


def test_determinize_differs_across_rngs_and_repeats_with_the_same_rng(deck):
    state = next(s for s in positions(deck, 4, range(3), every=7) if sum(s.drawn[1:]) >= 3)
    samples = [state.determinize(0, random.Random(k)) for k in range(8)]
    supplies = {tuple(s.supply) for s in samples}
    hands = {tuple(tuple(map(len, s.hands[q])) for q in range(1, 4)) for s in samples}
    assert len(supplies) == 8 and len(hands) > 1
    again = state.determinize(0, random.Random(3))
    assert again.supply == samples[3].supply and again.hands == samples[3].hands
    assert again.rng.random() == samples[3].rng.random()
    assert again.rng.getstate() != state.rng.getstate()


def test_determinize_then_play_on_to_the_end(deck):
    for state in nonempty(positions(deck, 4, range(2), every=9)):
        other = state.determinize(state.current_player if not state.is_terminal() else 0, random.Random(1))
        rng = random.Random(2)
        while not other.is_terminal():
            other.apply(rng.choice(other.legal_actions()))
            assert other.invariants() == []
        assert other.end_reason == "supply_exhausted"


def test_observation_holds_nothing_the_player_may_not_see(deck):
    """Re-dealing everything hidden from p changes nothing in observation(p); no card id appears."""
    for state in nonempty(positions(deck, 4, range(4), every=3)):
        for p in range(4):
            obs = state.observation(p)
            text = repr(obs)
            assert "#" not in text, "an observation names card instances"
            for k in range(3):
                assert state.determinize(p, random.Random(k)).observation(p) == obs
            others = [o for o in obs["opponents"]]
            assert [o["seat"] for o in others] == [q for q in range(4) if q != p]
            for o in others:
                assert set(o) == {"seat", "taken", "drawn_unseen"}
            assert obs["supply"] == len(state.supply) and isinstance(obs["supply"], int)
