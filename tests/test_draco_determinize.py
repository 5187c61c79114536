"""Draco & Co: ``clone`` and ``determinize`` for search agents; what an observation reveals."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games.draco.agents import HeuristicAgent
from cardgen.games.draco.engine import DracoGame
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game():
    return DracoGame(resolve("draco-long", ROOT), 4)  # two rebuilds: cards of several generations


def played(game, seed, steps):
    """A game after ``steps`` random decisions (or its end)."""
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(RandomAgent().choose({}, st.legal_actions(), rng))
    return st


def hidden(st, player):
    return ([h for q, h in enumerate(st.hands) if q != player], st.pile, st.set_aside)


def test_clone_is_independent(game):
    st = played(game, 1, 40)
    copy = st.clone()
    before = (json.dumps(st.observation(0)), st.zones(), list(st.money), st.bank)
    rng = random.Random(5)
    while not copy.is_terminal():
        copy.apply(RandomAgent().choose({}, copy.legal_actions(), rng))
    assert (json.dumps(st.observation(0)), st.zones(), list(st.money), st.bank) == before
    # the clone continues the same game: same chance, same actions, same end
    rng = random.Random(5)
    while not st.is_terminal():
        st.apply(RandomAgent().choose({}, st.legal_actions(), rng))
    assert st.zones() == copy.zones() and st.money == copy.money and st.outcome() == copy.outcome()


@pytest.mark.parametrize("seed, steps", [(1, 0), (2, 30), (3, 80), (4, 140), (5, 200)])
def test_determinize_keeps_what_the_player_knows(game, seed, steps):
    st = played(game, seed, steps)
    for player in range(4):
        views = set()
        for r in range(12):
            d = st.determinize(player, random.Random(r))
            assert d.observation(player) == st.observation(player)  # own hand and everything public
            assert d.hands[player] == st.hands[player] and d.discard == st.discard
            assert Counter(c for z in d.zones().values() for c in z) == \
                Counter(c for z in st.zones().values() for c in z)  # every card once
            assert d.money == st.money and d.bank == st.bank and d.order == st.order
            # a card only moves among hidden places that held cards of its rebuild
            for before, after in zip(hidden(st, player)[0] + [st.pile, st.set_aside],
                                     hidden(d, player)[0] + [d.pile, d.set_aside]):
                assert sorted(st.card_gen[c] for c in before) == sorted(d.card_gen[c] for c in after)
            assert d.invariants() == []
            views.add(json.dumps(hidden(d, player)))
        if sum(len(h) for h in hidden(st, player)[0]) + len(st.pile) > 2:
            assert len(views) > 1  # hidden parts differ from one rng to the next
    assert st.determinize(0, random.Random(1)).rng.random() != st.determinize(0, random.Random(2)).rng.random()


def test_determinized_games_play_to_the_end(game):
    st = played(game, 9, 60)
    for r in range(5):
        d = st.determinize(st.current_player, random.Random(r))
        rng = random.Random(r)
        while not d.is_terminal():
            d.apply(HeuristicAgent().choose(d.observation(d.current_player), d.legal_actions(), rng))
            assert d.invariants() == []


def test_an_observation_holds_nothing_hidden(game):
    """Only the player's own cards are named; the rest is sizes and public facts."""
    card_ids = set(game.card_ids)
    for seed, steps in [(1, 0), (2, 50), (3, 120)]:
        st = played(game, seed, steps)
        for player in range(4):
            obs = st.observation(player)
            public = {k: v for k, v in obs.items() if k != "info"}  # info: static facts of the deck
            named = {w for w in json.dumps(public).replace('"', " ").replace(",", " ").split() if w in card_ids}
            assert named == {game.card_ids[c] for c in st.hands[player]}
            assert set(obs["info"]) == {"owner", "special", "special_name", "characters", "effects", "card_kind",
                                        "payouts", "costs", "zork_multiplier", "die", "per_gold"}


def redealt_by_hand(st, player, rng):
    """The redeal as the rules describe it, written plainly: each rebuild's hidden cards sorted, shuffled (the
    rebuilds in order) and dealt from the pool's end to the other hands, the pile, the cards set aside; then 64 bits
    of ``rng`` seed the sample's chance."""
    new = st.clone()
    places = [h for q, h in enumerate(new.hands) if q != player] + [new.pile, new.set_aside]
    pools = {}
    for place in places:
        for c in place:
            pools.setdefault(st.card_gen[c], []).append(c)
    for _, pool in sorted(pools.items()):
        pool.sort()
        rng.shuffle(pool)
    for place in places:
        for i, c in enumerate(place):
            place[i] = pools[st.card_gen[c]].pop()
    return new, random.Random(rng.getrandbits(64))


@pytest.mark.parametrize("variant, seed, steps", [("draco-long", 1, 0), ("draco-long", 4, 140),
                                                  ("draco-long", 5, 200), ("draco-short", 1, 0),
                                                  ("draco-short", 3, 40)])
def test_the_redeal_draws_its_chance_in_the_rules_order(game, variant, seed, steps):
    """``rules.redeal`` (the engine's and the kernels' one redeal) deals what the plain description deals, chance
    drawn in the same order: the cards set aside redealt too (draco-short sets 24 aside), the piles rebuilt
    from discards kept apart (draco-long rebuilds twice), the sample's own generator seeded last."""
    g = game if variant == "draco-long" else DracoGame(resolve(variant, ROOT), 4)
    st = played(g, seed, steps)
    assert st.pile and (st.set_aside if variant == "draco-short" else True)
    for player in range(4):
        for r in range(4):
            d = st.determinize(player, random.Random(r))
            want, chance = redealt_by_hand(st, player, random.Random(r))
            assert (d.hands, d.pile, d.set_aside) == (want.hands, want.pile, want.set_aside)
            assert d.rng.getstate() == chance.getstate()
