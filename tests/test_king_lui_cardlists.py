"""King Lui's house-rule API changes the game in place, as docs/king_lui.md "House rules" says.

The engine keeps counts in one record; ``state.hands``, ``state.king``, ``state.table`` and
``state.supply`` are card lists a rule changes by hand (the docs: "after changing a list by
hand"). Each test makes one documented kind of change and checks that the game saw it: the
counts the rules read (``held``, ``on_plate``, ``on_table``), the next rule step, and every card
still in one place (``zones``).
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.engine.conservation import card_instances, conservation_problem
from cardgen.games.king_lui.engine import DRAW, KingLuiGame, KingLuiState
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import play_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


def fresh(deck, seed: int = 4, players: int = 3) -> KingLuiState:
    return KingLuiGame(deck, players).new_initial_state(seed)


def sound(state: KingLuiState, deck) -> None:
    """Every card of the box in exactly one place, and the engine's own invariants hold."""
    assert conservation_problem(state, card_instances(deck), {c.id for c in deck.model.components}) is None
    assert state.invariants() == []


def first_dish(state: KingLuiState) -> int:
    return next(d for d, k in enumerate(state.on_table()) if k)


def test_a_card_popped_from_the_supply_and_appended_to_a_hand_is_held(deck):
    state = fresh(deck)
    left = len(state.supply)
    card = state.supply.pop()
    d = state.game.dish_of[card]
    place = state.table_emeralds if d < 0 else state.hands[1][d]
    place.append(card)
    assert len(state.supply) == state.observation(0)["supply"] == left - 1 and card in place
    if d < 0:
        assert state.observation(0)["table_emeralds"] == len(place)
    else:
        assert state.held(1)[d] == 1 and state.observation(1)["hand"] == {state.dishes[d]: 1}
    sound(state, deck)


def test_take_moves_the_very_cards_on_the_table_into_the_hand(deck):
    state = fresh(deck)
    d, seat = max(range(len(state.dishes)), key=lambda x: state.on_table()[x]), state.current_player
    cards = list(state.table[d])
    assert len(cards) >= 2  # their order is kept too
    mine = state.hands[seat][d]  # a reference held across a rule step stays live
    state.apply(("take", state.dishes[d]))
    assert mine == cards and state.hands[seat][d] == cards and state.table[d] == []
    sound(state, deck)


def test_del_and_pop_on_the_kings_plate(deck):
    state = fresh(deck)
    while state.king_total < 3:
        state.apply(random.Random(state.turns).choice(state.legal_actions()))
    d = next(d for d, k in enumerate(state.on_plate()) if k)
    before = state.on_plate()[d]
    card = state.king[d][-1]
    del state.king[d][-1]
    state.king_total -= 1
    assert state.on_plate()[d] == before - 1 and card not in state.king[d]
    state.removed.append(card)
    state.king_total += 1  # put back where it was, by pop and append this time
    state.king[d].append(state.removed.pop())
    assert state.on_plate()[d] == before and state.king[d][-1] == card
    sound(state, deck)


def test_remove_from_the_table_and_insert_into_a_hand(deck):
    state = fresh(deck)
    d = first_dish(state)
    card = state.table[d][0]
    state.table[d].remove(card)
    state.hands[2][d].insert(0, card)
    assert state.on_table()[d] == len(state.table[d]) and state.held(2)[d] == 1
    assert state.hands[2][d] == [card]
    sound(state, deck)


def test_extend_and_clear_serve_a_hand_to_the_king(deck):
    state = fresh(deck)
    d, seat = first_dish(state), state.current_player
    state.apply(("take", state.dishes[d]))
    cards = list(state.hands[seat][d])
    state.king[d].extend(state.hands[seat][d])
    state.hands[seat][d].clear()
    state.king_total += len(cards)
    assert state.on_plate()[d] == len(cards) and state.held(seat)[d] == 0
    assert state.taken[seat][d] == len(cards)  # the books are the rule's: it kept them (serve_dish does it for you)


def test_a_card_set_into_the_supply_is_the_one_drawn(deck):
    state = fresh(deck)
    while DRAW not in state.legal_actions():
        state.apply(state.legal_actions()[0])
    portion = next(i for i, c in enumerate(state.supply) if state.game.dish_of[c] >= 0)
    state.supply[-1], state.supply[portion] = state.supply[portion], state.supply[-1]  # x[i] = ... on both
    card, seat = state.supply[-1], state.current_player
    state.apply(DRAW)
    assert card in state.hands[seat][state.game.dish_of[card]] and card not in state.supply
    sound(state, deck)


def test_a_sorted_supply_is_drawn_in_its_new_order(deck):
    state = fresh(deck)
    state.supply.sort(key=lambda c: state.game.dish_of[c] % 99, reverse=True)  # Emeralds at the bottom, dish 0 on top
    order = [state.game.dish_of[c] % 99 for c in state.supply]
    assert order == sorted(order, reverse=True) and order[-1] == 0
    while DRAW not in state.legal_actions():
        state.apply(state.legal_actions()[0])
    top, seat = state.supply[-1], state.current_player
    state.apply(DRAW)
    assert state.game.dish_of[top] == 0 and state.hands[seat][0][-1] == top
    sound(state, deck)


def test_a_hand_set_whole_and_a_supply_stacked_whole(deck):
    state = fresh(deck)
    d = first_dish(state)
    cards = list(state.table[d])
    state.table[d] = []
    state.hands[0] = [cards if x == d else [] for x in range(len(state.dishes))]
    assert state.held(0)[d] == len(cards) and state.on_table()[d] == 0
    state.supply = list(reversed(state.supply))
    assert state.observation(0)["supply"] == len(state.supply)
    sound(state, deck)


def test_a_copied_card_shows_twice_to_the_card_count(deck):
    state = fresh(deck)
    d = max(range(len(state.dishes)), key=lambda x: state.on_table()[x])
    seat = state.current_player
    state.apply(("take", state.dishes[d]))
    hand = state.hands[seat][d]
    assert len(hand) >= 2
    hand[1] = hand[0]
    twice = Counter(c for cards in state.zones().values() for c in cards)
    assert twice[state.game.instances[hand[0]]] == 2 and state.held(seat)[d] == len(hand)


def test_a_clone_has_its_own_lists(deck):
    state = fresh(deck)
    d = first_dish(state)
    other = state.clone()
    other.table[d].clear()
    assert state.on_table()[d] == len(state.table[d]) > 0 and other.on_table()[d] == 0


def test_reading_the_lists_every_step_plays_the_same_games(deck):
    game = KingLuiGame(deck, 4)
    for seed in range(4):
        plain, looked = game.new_initial_state(seed), game.new_initial_state(seed)
        rng, rng2 = random.Random(seed), random.Random(seed)
        while plain.end_reason is None:
            assert looked.hands is not None and looked.supply is not None
            sound(looked, deck)
            plain.apply(rng.choice(plain.legal_actions()))
            looked.apply(rng2.choice(looked.legal_actions()))
        assert plain.outcome() == looked.outcome() and looked.end_reason == plain.end_reason


#: main's figures (before the one rule flow) of ``cardgen validate <variant> --games 30 --seed 1``: turns mean,
#: scores mean and sd, the winner's mean score
SHIPPED = {"king_lui-gentle-overeating": (50.3, 76.1667, 11.8249, 83.8)}


@pytest.mark.parametrize("variant", sorted(SHIPPED))
def test_each_shipped_variant_with_code_plays_as_before(variant: str, tmp_path: Path) -> None:
    out = tmp_path / "v.json"
    done = subprocess.run([sys.executable, "-m", "cardgen", "validate", variant, "--games", "30", "--seed", "1",
                           "--jobs", "1", "--json", str(out), "--out", str(tmp_path / "o")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    r = json.loads(out.read_text())["results"][0]
    assert (r["turns"]["mean"], r["scores"]["all"]["mean"], r["scores"]["all"]["sd"],
            r["scores"]["winner"]["mean"]) == SHIPPED[variant]


def test_a_house_rule_that_draws_by_hand_plays(tmp_path: Path) -> None:
    """A rule moving the supply's top card into the chef's hand at every course plays to the end, soundly."""
    from cardgen.house import install
    from test_house import project
    root = project(tmp_path, "def course(state, default):\n"
                             "    default()\n"
                             "    if state.supply and state.game.dish_of[state.supply[-1]] >= 0:\n"
                             "        card = state.supply.pop()\n"
                             "        state.hands[state.chef][state.game.dish_of[card]].append(card)\n")
    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, 3), deck)
    result = play_game(game, 2, [RandomAgent() for _ in range(3)])
    assert result.end_reason == "supply_exhausted"


def test_the_remembered_actions_are_rules_legal_for_every_decision_kind(deck):
    """``KingLuiGame.decision`` gives what ``rules.legal`` lists, whatever it remembered before: every decision
    kind (``S_PHASE`` 1 to 8) asked of the positions of random games, whose plates differ."""
    from cardgen.games.king_lui.rules import DRAWN_EMERALD, S_PHASE
    game = KingLuiGame(deck, 4)
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while state.end_reason is None:
            for f in range(1, DRAWN_EMERALD + 1):
                s = list(state.s)
                s[S_PHASE] = f
                assert game.decision(s) == game._legal_of(s), (seed, f, s)
            state.apply(rng.choice(state.legal_actions()))


def test_the_emerald_hook_gets_the_emerald_that_eats(tmp_path: Path) -> None:
    """The ``emerald`` hook's ``emerald`` is a card instance of an Emerald, each used once, out of the supply."""
    from cardgen.house import install
    from test_house import project
    root = project(tmp_path, "from pathlib import Path\n\n"
                             "def setup(state, default):\n"
                             "    state.used = []\n"
                             "    default()\n\n"
                             "def emerald(state, emerald, combo, default):\n"
                             "    if state.game.dish_of[emerald] >= 0 or emerald < 0 or emerald in state.used \\\n"
                             "            or emerald in state.supply:\n"
                             "        raise ValueError(f'not the Emerald that eats: {emerald}')\n"
                             "    state.used.append(emerald)\n"
                             "    Path(__file__).with_name('USED').write_text(str(len(state.used)))\n"
                             "    default(emerald, combo)\n")
    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, 3), deck)
    for seed in range(6):
        assert play_game(game, seed, [RandomAgent() for _ in range(3)]).end_reason == "supply_exhausted"
    assert int((root / "house" / "USED").read_text()) >= 1
