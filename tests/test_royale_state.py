"""The Royale state beyond the rules: what each seat sees, clone, determinize, invariants.

Royale hides only the order of the piles (the dish pile with the end card inside
one packet, and the solo pile): a seat's observation must not depend on it, and
``determinize`` must deal exactly that again, keeping everything a seat has seen.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.royale.engine import END, RoyaleGame, RoyaleState
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("royale", ROOT)


@pytest.fixture(scope="module")
def solo():
    return resolve("royale-solo", ROOT)


def played(g: RoyaleGame, seed: int, steps: int) -> RoyaleState:
    """A game ``steps`` random decisions in (or finished earlier)."""
    st = g.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(RandomAgent().choose({}, st.legal_actions(), rng))
    return st


def strings(value) -> set[str]:
    """Every string inside a JSON value."""
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= strings(k) | strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out |= strings(v)
    return out


# -- observations ----------------------------------------------------------------------------
@pytest.mark.parametrize("players,steps", [(2, 0), (3, 40), (4, 90), (1, 25)])
def test_observation_names_no_card_of_the_piles(deck, solo, players, steps):
    g = RoyaleGame(solo if players == 1 else deck, players)
    st = played(g, 40 + players, steps)
    hidden = {g.card_ids[c] for c in st.pile if c != END} | {g.solo_ids[i] for i in st.solo_pile}
    if not st.end_revealed and g.end_id:
        hidden.add(g.end_id)
    assert hidden  # there is something to hide
    for seat in range(players):
        obs = st.observation(seat)
        assert not strings(obs) & hidden, seat
        # what it may see: the buffet, the hand, every seat's nobles and cards, the discard
        assert list(obs["buffet"]) == [g.card_ids[c] if c >= 0 else None for c in st.grid]
        assert list(obs["hand"]) == [g.card_ids[c] for c in st.hand]
        assert list(obs["discard"]) == [g.card_ids[c] for c in st.discard]
        for p in range(players):
            points, imposter_left, validated, under = obs["players"][p]
            assert [list(u) for u in under] == [[g.card_ids[c] for c in u] for u in st.under[p]]
            assert (points, imposter_left, list(validated)) == (st.score[p], st.imposter_left[p], st.done[p])
            assert list(obs["nobles"][p]) == [f"noble-{'abcd'[p]}{i}#1" for i in range(1, 7)]
        assert obs["pile"] == len(st.pile)
        # all seats see the same table: only the seat number differs
        other = st.observation((seat + 1) % players)
        assert {k: v for k, v in obs.items() if k != "seat"} == {k: v for k, v in other.items() if k != "seat"}


def test_observation_does_not_change_with_the_pile_order(deck):
    st = played(RoyaleGame(deck, 3), 5, 30)
    before = [json.dumps(st.observation(p), sort_keys=True) for p in range(3)]
    st.pile.reverse()
    assert [json.dumps(st.observation(p), sort_keys=True) for p in range(3)] == before


# -- clone -----------------------------------------------------------------------------------
def test_clone_is_independent_and_plays_the_same_game(deck):
    g = RoyaleGame(deck, 3)
    st = played(g, 7, 25)
    twin = st.clone()
    assert twin.zones() == st.zones() and twin.observation(0) == st.observation(0)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not st.is_terminal():
        a = RandomAgent().choose({}, st.legal_actions(), rng_a)
        b = RandomAgent().choose({}, twin.legal_actions(), rng_b)
        assert a == b
        st.apply(a)
        twin.apply(b)
    assert twin.outcome() == st.outcome()  # the same chance too: the rng was copied


def test_clone_shares_no_mutable_list(deck):
    st = played(RoyaleGame(deck, 2), 8, 10)
    twin = st.clone()
    zones = st.zones()
    twin.apply(twin.legal_actions()[0])
    while twin.current_player == st.current_player and not twin.is_terminal():
        twin.apply(twin.legal_actions()[-1])
    assert st.zones() == zones and not st.invariants()


# -- determinize -----------------------------------------------------------------------------
@pytest.mark.parametrize("players,steps", [(2, 0), (2, 60), (4, 120), (1, 30)])
def test_determinize_keeps_what_the_seat_saw_and_deals_the_piles_again(deck, solo, players, steps):
    g = RoyaleGame(solo if players == 1 else deck, players)
    st = played(g, 60 + players, steps)
    seen = [json.dumps(st.observation(p), sort_keys=True) for p in range(players)]
    zones = st.zones()
    piles = set()
    for k in range(8):
        d = st.determinize(0, random.Random(k))
        assert [json.dumps(d.observation(p), sort_keys=True) for p in range(players)] == seen
        dz = d.zones()
        for name, cards in zones.items():  # cards conserved, only the piles' order differs
            if name in ("dish_pile", "solo_pile"):
                assert sorted(dz[name]) == sorted(cards)
            else:
                assert dz[name] == cards, name
        assert not d.invariants()
        piles.add((tuple(dz["dish_pile"]), tuple(dz.get("solo_pile", ()))))
        # the end card stays in the packet it was shuffled into
        if END in d.pile:
            built, lo, hi = st.end_zone
            drawn = built - len(st.pile)
            at = d.pile[::-1].index(END)
            assert lo - drawn <= at <= hi - drawn
    assert len(piles) == 8  # different rngs, different hidden deals
    assert st.zones() == zones  # the original is untouched


@pytest.mark.parametrize("players,steps", [(2, 0), (2, 60), (1, 30)])
def test_determinize_deals_from_what_is_public_only_and_any_order_can_come(deck, solo, players, steps):
    """``rules.redeal``: the same samples from positions a seat cannot tell apart; the end card at
    every place its packet allows, less the cards drawn since; the solo pile in more than one order."""
    g = RoyaleGame(solo if players == 1 else deck, players)
    st = played(g, 70 + players, steps)
    twin = st.determinize(0, random.Random(9))  # the same position, the piles in another order
    assert twin.pile != st.pile
    for k in range(3):
        assert st.determinize(0, random.Random(k)).zones() == twin.determinize(0, random.Random(k)).zones()
    samples = [st.determinize(0, random.Random(k)) for k in range(400)]
    if END in st.pile:
        built, lo, hi = st.end_zone
        drawn, n = built - len(st.pile), len(st.pile)
        places = set(range(max(0, lo - drawn), min(n - 1, hi - drawn) + 1))
        assert {d.pile[::-1].index(END) for d in samples} == places
    if len(st.solo_pile) > 1:
        assert len({tuple(d.solo_pile) for d in samples}) > 1


def test_determinized_games_play_on(deck):
    st = played(RoyaleGame(deck, 3), 9, 50)
    d = st.determinize(1, random.Random(3))
    rng = random.Random(3)
    while not d.is_terminal():
        d.apply(RandomAgent().choose({}, d.legal_actions(), rng))
        assert not d.invariants()


def test_determinize_reseeds_future_chance(deck):
    st = played(RoyaleGame(deck, 2), 11, 4)
    a, b = st.determinize(0, random.Random(1)), st.determinize(0, random.Random(2))
    assert a.rng.random() != b.rng.random()


# -- invariants catch broken positions ---------------------------------------------------------
def test_invariants_hold_in_a_fresh_game(deck):
    assert RoyaleGame(deck, 4).new_initial_state(1).invariants() == []


def test_invariants_catch_a_seat_using_another_seats_imposter(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(1)
    st.imposter_log.append((0, (0, 4, 8)))  # B's diagonal, taken by seat 0 (A: a corner)
    st.imposter_left[0] = 0
    assert any("not its own" in p for p in st.invariants())


def test_invariants_catch_a_second_imposter_use_and_bad_scores(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(1)
    st.imposter_log += [(0, (0, 1, 3)), (0, (1, 2, 5))]
    st.imposter_left[0] = -1
    st.score[1] = 2  # no noble validated
    problems = " | ".join(st.invariants())
    assert "used its imposter 2 times" in problems and "2 points" in problems


def test_invariants_catch_cards_left_under_an_impossible_noble(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(1)
    twelve = [g.card_index[f"{t}-12#1"] for t in ("dessert", "drink", "fruit")]
    st.pile = [c for c in st.pile if c not in twelve]
    st.grid = [-1 if c in twelve else c for c in st.grid]
    st._refill()
    st.under[0][5] = twelve  # 36: the Viscount (25) can no longer be met
    assert any("can no longer be met" in p for p in st.invariants())


@pytest.mark.parametrize("ref,players", [("royale", 3), ("royale-solo", 1)])
def test_cached_observation_parts_follow_every_action(ref, players):
    g = RoyaleGame(resolve(ref, ROOT), players)
    st = g.new_initial_state(77)
    rng = random.Random(77)
    while not st.is_terminal():
        for seat in range(players):
            obs = st.observation(seat)
            assert obs["players"] == tuple(
                (st.score[p], st.imposter_left[p], tuple(st.done[p]),
                 tuple(tuple(g.card_ids[c] for c in u) for u in st.under[p])) for p in range(players))
            assert list(obs["discard"]) == [g.card_ids[c] for c in st.discard]
        st.apply(RandomAgent().choose({}, st.legal_actions(), rng))
