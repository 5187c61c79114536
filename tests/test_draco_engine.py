"""Draco & Co engine: known answers for toasts, specials, coins, the cup, the end and ties.

Each test seats the characters in a known order (rank order: first seat first),
gives the current player the card it needs, and plays through the public
``legal_actions``/``apply`` interface.
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from cardgen.engine.api import IllegalAction
from cardgen.games.draco.engine import PLAY, SARAH, DracoGame
from cardgen.games.draco.table import coins_held
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
R1, R2 = "ruffian-red#1", "ruffian-red#2"  # seat 0
Y1, Y2 = "ruffian-yellow#1", "ruffian-yellow#2"  # seat 1
G1, G2 = "ruffian-green#1", "ruffian-green#2"  # seat 2
B1, B2 = "ruffian-blue#1", "ruffian-blue#2"  # seat 3
Z, J, S = "zork#1", "brother-john#1", "aunt-sarah#1"
BASE = [R1, Y1, G1, B1, R2, Z, J, S, Y2, G2, B2]
TOAST, PASS, DRAW, DECLINE = ("toast",), ("pass",), ("draw",), ("decline",)


@pytest.fixture(scope="module")
def deck():
    return resolve("draco", ROOT)


def table(deck, seats, money=None, cur=0, seed=7):
    """A 4-player game at the start of ``cur``'s turn, cup in the centre, seats as given."""
    game = DracoGame(deck, 4)
    st = game.new_initial_state(seed)
    assert sorted(seats) == sorted(game.char_ids)
    st.order = [game.code_of[s] for s in seats]
    st.money = list(money) if money else [3, 3, 3, 3]
    st.cur = st.first = cur
    st.cup = -1
    st.phase = PLAY
    st.bank = game.box_value - sum(st.money)
    st._legal = None
    return st


def neighbours_draw(st, choice=DRAW):
    """Every owner beside Aunt Sarah answers ``choice``; return who was asked, in order."""
    asked = []
    while st.phase == SARAH:
        assert st.legal_actions() == [DRAW, DECLINE]
        asked.append(st.current_player)
        st.apply(choice)
    return asked


def give(st, p, kid):
    """Move one card of kind ``kid`` into ``p``'s hand from the pile (or another hand)."""
    g = st.g
    k = g.kind_of[kid]
    for zone in [st.pile, st.discard] + [h for q, h in enumerate(st.hands) if q != p]:
        for n, card in enumerate(zone):
            if g.card_kind[card] == k:
                st.hands[p].append(zone.pop(n))
                st._legal = None
                return
    raise AssertionError(f"no {kid} card left")


def play(st, kid, *choices):
    give(st, st.cur, kid)
    st.apply(("play", kid, *choices))


def toast_after_round(deck, seats, money=None):
    """Money after the current player plays Round on the House (no seat change) and toasts."""
    st = table(deck, seats, money)
    play(st, "round-on-the-house")
    assert st.legal_actions() == [TOAST, PASS]
    st.apply(TOAST)
    neighbours_draw(st)
    return st


# -- toasts ------------------------------------------------------------------------------
def test_toast_pays_the_first_seats_and_charges_the_last(deck):
    st = toast_after_round(deck, BASE)
    # R1 +4, Y1 +3, G1 +2, B1 +1; B2 (last) -2, G2 -1
    assert st.money == [7, 6, 4, 2]
    assert st.cup == 0 and st.toasts == 1
    assert st.cur == 1 and st.phase == PLAY


def test_turning_draco_over_pays_the_other_side(deck):
    st = table(deck, BASE)
    play(st, "other-hand")
    assert st.observation(0)["draco"] == "left"
    assert st.observation(0)["circle"] == BASE[::-1]
    st.apply(TOAST)
    # first seat is now B2 +4, G2 +3, Y2 +2, Aunt Sarah nothing; R1 (last) -2, Y1 -1
    assert st.money == [1, 4, 6, 7]


@pytest.mark.parametrize("seats, money, after", [
    # Zork last: the richest (blue, 6) pays 2 x 2; B2 before him pays 1
    ([R1, Y1, G1, B1, R2, J, S, Y2, G2, B2, Z], [3, 3, 3, 6], [7, 6, 5, 2]),
    # Zork second to last: the richest (red, 6) pays 2 x 1; B2 last pays 2
    ([R1, Y1, G1, B1, R2, J, S, Y2, G2, Z, B2], [6, 3, 3, 3], [8, 6, 5, 2]),
    # Zork first: his 4 silver stay in the bank
    ([Z, Y1, G1, B1, R1, R2, J, S, Y2, G2, B2], [3, 3, 3, 3], [3, 6, 4, 2]),
])
def test_zork_never_receives_and_the_richest_pays_double(deck, seats, money, after):
    st = toast_after_round(deck, seats, money)
    assert st.money == after
    assert not [g for g in st.gaps if g.kind == "richest_tie"]


def test_tied_richest_players_each_pay_for_zork(deck):
    st = toast_after_round(deck, [R1, Y1, G1, B1, R2, J, S, Y2, G2, B2, Z], [3, 3, 3, 3])
    # each of the four pays 2 x 2 on top of the toast
    assert st.money == [3, 2, 1, 0]
    assert [(g.kind, g.settled) for g in st.gaps] == [("richest_tie", True), ("cannot_pay", True)]


@pytest.mark.parametrize("seats, after", [
    # Brother John second: his 3 go to Y1 (third), who also gets 2
    ([R1, J, Y1, G1, B1, R2, Z, S, Y2, G2, B2], [7, 8, 3, 1]),
    # Brother John fourth: his 1 goes to the fifth seat (R2), normally unpaid
    ([R1, Y1, G1, J, R2, B1, Z, S, Y2, G2, B2], [8, 6, 4, 1]),
    # Brother John last: G2 before him pays his 2 on top of its own 1
    ([R1, Y1, G1, B1, R2, Z, S, Y2, B2, G2, J], [7, 6, 2, 4]),
    # Brother John second to last: B2 before him pays his 1 (G2 last pays 2)
    ([R1, Y1, G1, B1, R2, Z, S, Y2, B2, J, G2], [7, 6, 3, 3]),
])
def test_brother_john_passes_payouts_on_and_has_debts_paid(deck, seats, after):
    assert toast_after_round(deck, seats).money == after


@pytest.mark.parametrize("choice, drawn", [(DRAW, 1), (DECLINE, 0)])
def test_aunt_sarah_lets_her_neighbours_draw(deck, choice, drawn):
    st = table(deck, BASE)  # Sarah between J and Y2: only yellow's Y2 is a player's character
    sizes = [len(h) for h in st.hands]
    play(st, "round-on-the-house")  # +1 card given, -1 played
    st.apply(TOAST)
    assert st.money == [7, 6, 4, 2]  # she touches no money
    assert neighbours_draw(st, choice) == [1]  # yellow may draw (our ruling: optional)
    assert [len(h) for h in st.hands] == [sizes[0] + 1, sizes[1] + drawn, sizes[2], sizes[3]]
    assert st.cur == 1 and st.phase == PLAY


def test_aunt_sarah_in_the_first_seat_has_one_neighbour(deck):
    st = table(deck, [S, Y1, G1, B1, R1, R2, Z, J, Y2, G2, B2])
    sizes = [len(h) for h in st.hands]
    play(st, "round-on-the-house")
    st.apply(TOAST)
    assert neighbours_draw(st) == [1]
    assert [len(h) for h in st.hands] == [sizes[0] + 1, sizes[1] + 1, sizes[2], sizes[3]]
    assert st.money == [3, 6, 4, 2]  # her 4 stay in the bank


# -- coins -------------------------------------------------------------------------------
def test_coins_held_prefers_gold_and_makes_change():
    assert coins_held([3, 3, 3], 3, 25) == (3, 0)
    assert coins_held([2, 7], 3, 25) == (2, 3)  # a gold coin paid 1 silver: 2 silver back
    assert coins_held([30, 30], 3, 15) == (15, 15)  # out of gold: threes of silver instead


def test_shakedown_takes_silver_with_change(deck):
    st = table(deck, BASE, money=[3, 0, 3, 3])
    give(st, 0, "shakedown")
    legal = st.legal_actions()
    assert ("play", "shakedown", 1) not in legal  # yellow has nothing to take
    st.apply(("play", "shakedown", 2))
    assert st.money == [4, 0, 2, 3]
    assert coins_held(st.money, 3, 25) == (2, 3)  # 1 gold + 1 silver, none, 2 silver, 1 gold


def test_a_player_who_cannot_pay_gives_what_they_have(deck):
    st = toast_after_round(deck, BASE, money=[3, 3, 3, 0])
    assert st.money == [7, 6, 4, 0]  # blue owed 2, received 1, had 0: net -1 from nothing
    assert ("cannot_pay", True) in [(g.kind, g.settled) for g in st.gaps]


@pytest.mark.parametrize("have, owed, paid, gap", [(4, 4, 4, False), (3, 4, 3, True), (5, 4, 4, False)])
def test_a_debt_of_exactly_the_purse_is_paid_without_a_gap(deck, have, owed, paid, gap):
    """``cannot_pay`` is a debt beyond the purse: a player holding exactly what he owes pays it all."""
    st = table(deck, BASE, [10, have, 3, 3])
    st.give(1, 0, owed)
    assert st.money == [10 + paid, have - paid, 3, 3]
    assert ("cannot_pay" in [g.kind for g in st.gaps]) == gap


def test_a_short_bank_pays_the_first_seats_first(deck):
    st = toast_after_round(deck, BASE, money=[30, 30, 30, 2])
    # box: 20 silver + 25 gold = 95; the toast wants +4 +3 +1 -1 from 92
    gold, silver = coins_held(st.money, 3, 25)
    assert silver <= 20 and sum(st.money) == 95
    assert st.money[0] == 34 and st.money[3] == 1
    assert st.unpaid == 4 and st.peak["unpaid_by_bank"] == 4
    assert ("bank_short", True) in [(g.kind, g.settled) for g in st.gaps]


def _project(tmp_path, rules_yaml):
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    shutil.copy(ROOT / "decks" / "draco.yaml", tmp_path / "decks" / "draco.yaml")
    (tmp_path / "variants" / "v.yaml").write_text(
        "extends: draco\nname: {fr: x, it: x, en: x}\ndescription: {fr: x, it: x, en: x}\n" + rules_yaml,
        encoding="utf-8")
    return resolve("v", tmp_path)


def test_an_unlimited_bank_pays_in_full_and_counts_missing_coins(tmp_path):
    deck = _project(tmp_path, "clarifications: {bank_short: {resolution: unlimited, text: {fr: a, it: b, en: c}}}\n")
    st = toast_after_round(deck, BASE, money=[30, 30, 30, 2])
    assert st.money == [34, 33, 31, 1]
    assert st.peak["coins_missing"] == 4  # 99 silver of value, 95 in the box


# -- the cup -----------------------------------------------------------------------------
def test_no_toast_in_the_first_round(deck):
    game = DracoGame(deck, 4)
    st = game.new_initial_state(3)
    assert st.cup == (st.first - 1) % 4  # before the player who plays last
    for _ in range(4):
        assert st.phase == PLAY
        plays = [a for a in st.legal_actions() if a[1] != "round-on-the-house"]  # that card frees the cup
        st.apply(plays[0])
        while st.phase != PLAY:  # a die roll asks which character moves
            assert TOAST not in st.legal_actions()
            st.apply(st.legal_actions()[0])
    assert st.cup == -1 and st.cur == st.first and st.rounds == 1


def test_no_toast_twice_in_a_row(deck):
    st = table(deck, BASE)
    play(st, "bow-and-scrape", R1)
    st.apply(TOAST)
    neighbours_draw(st)
    assert st.cup == 0
    for p in (1, 2, 3, 0):  # nobody may toast until the toaster's next turn is over
        assert st.cur == p
        play(st, "bow-and-scrape", st.g.char_ids[2 * p])
        assert st.phase == PLAY and st.cur == (p + 1) % 4
    assert st.cup == -1
    play(st, "bow-and-scrape", Y1)
    assert st.legal_actions() == [TOAST, PASS]


def test_round_on_the_house_frees_the_cup_early(deck):
    st = table(deck, BASE)
    play(st, "bow-and-scrape", R1)
    st.apply(TOAST)
    neighbours_draw(st)
    play(st, "round-on-the-house")
    assert st.legal_actions() == [TOAST, PASS]


def test_illegal_actions_are_refused(deck):
    st = table(deck, BASE)
    give(st, 0, "bow-and-scrape")
    with pytest.raises(IllegalAction):
        st.apply(("play", "bow-and-scrape", Y1))  # not red's character
    with pytest.raises(IllegalAction):
        st.apply(TOAST)  # a card must be played first


# -- seat moves --------------------------------------------------------------------------
def test_moves_stop_at_the_ends_of_the_table(deck):
    st = table(deck, BASE)
    play(st, "bow-and-scrape", R2)  # seat 5 -> 3
    assert st.observation(0)["circle"][:5] == [R1, Y1, R2, G1, B1]
    st.apply(PASS)
    play(st, "rumours", B2)  # already last: stays
    assert st.observation(0)["circle"][-1] == B2


def test_the_splits_and_to_and_fro(deck):
    st = table(deck, BASE)
    play(st, "the-splits", R2)
    circle = st.observation(0)["circle"]
    assert circle[0] == R2 and circle[-1] == R1
    st.apply(PASS)
    play(st, "to-and-fro", Y2)  # Y2 4 forward (7 -> 3), then Y1 3 back (1 -> 4, passing Y2)
    assert st.observation(1)["circle"][:6] == [R2, G1, Y2, B1, Y1, Z]


def test_budge_up_only_reaches_neighbours(deck):
    st = table(deck, BASE)
    give(st, 0, "budge-up")
    swaps = {a[3] for a in st.legal_actions() if a[1] == "budge-up"}
    assert swaps == {Y1, B1, Z}  # R1 (first seat) has one neighbour, R2 two
    st.apply(("play", "budge-up", R2, Z))
    assert st.observation(0)["circle"][4:6] == [Z, R2]


def test_seating_plan_rearranges_the_specials(deck):
    st = table(deck, BASE)
    give(st, 0, "seating-plan")
    orders = [a[2:] for a in st.legal_actions() if a[1] == "seating-plan"]
    assert len(orders) == 6
    st.apply(("play", "seating-plan", S, Z, J))
    assert st.observation(0)["circle"][5:8] == [S, Z, J]


def test_favour_moves_by_the_die_after_the_roll(deck):
    st = table(deck, [R1, Y1, G1, B1, Z, J, S, Y2, G2, B2, R2])
    play(st, "favour")
    roll = st.observation(0)["roll"]
    assert 1 <= roll <= 6 and st.legal_actions() == [("move", c) for c in st.g.char_ids]  # any character
    st.apply(("move", R2))
    assert st.observation(0)["circle"].index(R2) == 10 - roll


# -- the end -----------------------------------------------------------------------------
def _last_card(st, rebuilds):
    """Leave a single card in the pile, with ``rebuilds`` rebuilds left."""
    st.discard += st.pile[:-1]
    del st.pile[:-1]
    st.rebuilds_left = rebuilds


def test_the_next_toast_after_the_last_pile_is_the_final_one(deck):
    st = table(deck, [R1, Y1, G1, B1, R2, J, S, Z, Y2, G2, B2])  # Aunt Sarah has no player neighbour
    play(st, "bow-and-scrape", R1)
    _last_card(st, 0)
    st.apply(TOAST)  # red toasts, then draws the very last card
    assert st.last_call and not st.pile and not st.is_terminal()
    assert ("final_toast", True) in [(g.kind, g.settled) for g in st.gaps]
    for p in (1, 2, 3):  # the cup is red's until red's next turn: nobody draws meanwhile
        hand = len(st.hands[p])
        play(st, "bow-and-scrape", st.g.char_ids[2 * p])
        assert len(st.hands[p]) == hand and not st.is_terminal()
    play(st, "bow-and-scrape", R1)  # red returns the cup
    money = list(st.money)
    play(st, "bow-and-scrape", Y1)  # yellow must toast: it ends the game
    assert st.is_terminal() and st.end_reason == "final_toast" and st.current_player == -1
    assert st.money != money and st.legal_actions() == []


def test_a_rebuild_left_reshuffles_the_discards(deck):
    st = table(deck, BASE)
    play(st, "bow-and-scrape", R1)
    _last_card(st, 1)
    discards = len(st.discard)
    st.apply(PASS)
    assert not st.last_call and st.rebuilds_left == 0
    assert len(st.pile) == discards and st.discard == []


def test_the_final_toast_may_be_declined_when_the_deck_says_so(tmp_path):
    deck = _project(tmp_path, "clarifications: {final_toast: {resolution: may_toast, text: {fr: a, it: b, en: c}}}\n")
    st = table(deck, BASE)
    play(st, "bow-and-scrape", R1)
    _last_card(st, 0)
    st.apply(PASS)
    assert st.last_call
    play(st, "bow-and-scrape", Y1)
    assert st.legal_actions() == [TOAST, PASS]
    st.apply(PASS)
    assert not st.is_terminal()


@pytest.mark.parametrize("money, winners, tie_break", [
    ([9, 4, 7, 3], [0], None),
    ([9, 9, 7, 3], [2], "leaders_eliminated"),
    ([9, 9, 7, 7], [0, 1], "all_tied_leaders_share"),
    ([5, 5, 5, 5], [0, 1, 2, 3], "all_tied_leaders_share"),
])
def test_tied_leaders_are_eliminated(deck, money, winners, tie_break):
    st = table(deck, BASE, money=money)
    st._finish("final_toast")
    out = st.outcome()
    assert out.winners == winners and out.tie_break == tie_break
    assert out.scores == [float(m) for m in money]


def test_ties_repeat_down_the_table(tmp_path):
    deck = _project(tmp_path, "")
    game = DracoGame(deck, 5)
    st = game.new_initial_state(1)
    st.money = [9, 9, 7, 7, 2]
    st._finish("final_toast")
    assert st.outcome().winners == [4]
    assert st.outcome().tie_break == "leaders_eliminated_repeatedly"
    assert ("tie_for_win", True) in [(g.kind, g.settled) for g in st.gaps]


def dealt_by_hand(game, seed):
    """The deal as the rules describe it, written plainly: the action cards shuffled, then the characters; the
    first cards set aside, each seat dealt its hand in turn, the rest the pile; the starting money, the first
    player drawn, the cup beside the last player or in the centre."""
    rng = random.Random(seed)
    deck = list(range(len(game.card_ids)))
    rng.shuffle(deck)
    order = list(range(len(game.char_ids)))
    rng.shuffle(order)
    aside, rest = deck[:game.set_aside], deck[game.set_aside:]
    h, n = game.hand_size, game.players
    first = rng.randrange(n)
    return {"set_aside": aside, "hands": [rest[p * h:(p + 1) * h] for p in range(n)], "pile": rest[n * h:],
            "order": order, "money": [game.start_money] * n, "bank": game.box_value - n * game.start_money,
            "first": first, "cup": (first - 1) % n if game.cup_last else -1,
            "actions": [game.card_ids[i] for i in deck], "chance": rng.getstate()}


@pytest.mark.parametrize("variant, players", [("draco", 3), ("draco", 5), ("draco-short", 4), ("draco-long", 6)])
def test_the_deal_draws_its_chance_in_the_rules_order(variant, players):
    """``rules.deal`` (the engine's and the kernels' one deal) deals what the plain description deals, chance drawn
    in the same order: the cards, the seats, then the first player (draco-short sets 24 cards aside)."""
    game = DracoGame(resolve(variant, ROOT), players)
    for seed in range(8):
        st = game.new_initial_state(seed)
        want = dealt_by_hand(game, seed)
        assert st.cur == st.first and st.turns == 0  # the first turn has started, nothing drawn since the deal
        got = {"set_aside": st.set_aside, "hands": st.hands, "pile": st.pile, "order": st.order,
               "money": st.money, "bank": st.bank, "first": st.first, "cup": st.cup,
               "actions": st.initial_piles["actions"], "chance": st.rng.getstate()}
        assert got == want
        assert st.initial_piles["circle"] == [game.char_ids[c] for c in want["order"]]
