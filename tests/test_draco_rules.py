"""Draco & Co: one known answer per sentence of the published rules (and per card kind).

Source of the facts: ``../shared/seeds/004_*.txt`` (a French description of the
rules) and ``../shared/reference/GAMES.md``; the ledger in docs/draco.md maps each
rule to the test below that proves it. Every expected position and purse here is
worked out by hand from the rule, never with the engine's own helpers (``table.py``).
Die rolls and reshuffles come from a scripted generator, so the answers are exact.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.games.draco.engine import PLAY, SARAH, DracoGame
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
R1, R2 = "ruffian-red#1", "ruffian-red#2"  # seat 0
Y1, Y2 = "ruffian-yellow#1", "ruffian-yellow#2"  # seat 1
G1, G2 = "ruffian-green#1", "ruffian-green#2"  # seat 2
B1, B2 = "ruffian-blue#1", "ruffian-blue#2"  # seat 3
Z, J, S = "zork#1", "brother-john#1", "aunt-sarah#1"
BASE = [R1, Y1, G1, B1, R2, Z, J, S, Y2, G2, B2]  # Sarah's only player neighbour: Y2 (yellow)
TOAST, PASS, DRAW, DECLINE = ("toast",), ("pass",), ("draw",), ("decline",)
BOX = 20 * 1 + 25 * 3  # 20 silver and 25 gold coins, a gold coin worth 3 silver


class Scripted:
    """Chance as the test dictates: die faces in order; a shuffle reverses the list."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randrange(self, n: int) -> int:
        return self.faces.pop(0) - 1  # the die's faces are 1..6 in order

    def shuffle(self, x: list) -> None:
        x.reverse()


@pytest.fixture(scope="module")
def deck():
    return resolve("draco", ROOT)


def table(deck, seats=BASE, money=(3, 3, 3, 3), cur=0, cup=-1, players=4):
    """A game at the start of ``cur``'s turn with the seats, purses and cup given."""
    game = DracoGame(deck, players)
    st = game.new_initial_state(7)
    st.order = [game.code_of[s] for s in seats]
    st.money = list(money)
    st.bank = BOX - sum(money)
    st.cur = st.first = cur
    st.cup = cup
    st.phase = PLAY
    st._legal = None
    assert st.invariants() == []  # also switches the per-action audit on
    return st


def give(st, p, kid):
    """Move one card of kind ``kid`` into ``p``'s hand (from the pile, discard or another hand)."""
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
    assert st.invariants() == []


def circle(st):
    return st.observation(0)["circle"]


def last_card(st, rebuilds=0):
    """Leave one card in the draw pile and ``rebuilds`` rebuilds."""
    st.discard += st.pile[:-1]
    del st.pile[:-1]
    st.rebuilds_left = rebuilds


# -- set-up ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_set_up(deck, players):
    """Lairs, 2 characters each, Draco cup in his right hand, 5 cards, 1 gold, the rest to the bank."""
    st = DracoGame(deck, players).new_initial_state(11)
    obs = st.observation(0)
    assert obs["draco"] == "right"
    assert len(obs["circle"]) == 2 * players + 3 and "draco#1" not in obs["circle"]  # Draco is not a seat
    assert {Z, J, S} <= set(obs["circle"])
    assert obs["hand_sizes"] == [5] * players and obs["pile"] == 74 - 5 * players
    assert obs["money"] == [3] * players and st.bank == 95 - 3 * players
    # the player on the first player's right (the last to play in the round) has the cup
    assert st.cup == (st.first - 1) % players and st.cur == st.first


def test_the_circle_and_first_player_are_drawn_at_random(deck):
    game = DracoGame(deck, 4)
    states = [game.new_initial_state(s) for s in range(40)]
    assert len({tuple(s.order) for s in states}) == 40
    assert {s.first for s in states} == {0, 1, 2, 3}


# -- the turn ---------------------------------------------------------------------------
def test_playing_a_card_is_compulsory(deck):
    st = table(deck)
    assert st.legal_actions() and all(a[0] == "play" for a in st.legal_actions())


def test_the_first_card_of_the_kind_played_goes_to_the_discard(deck):
    st = table(deck)
    g = st.g
    k = g.kind_of["round-on-the-house"]
    give(st, 0, "round-on-the-house")
    hand = list(st.hands[0])
    first = next(c for c in hand if g.card_kind[c] == k)
    assert hand[0] != first  # so playing the hand's first card instead would show
    st.apply(("play", "round-on-the-house"))
    assert st.discard[-1] == first
    hand.remove(first)
    assert st.hands[0][:len(hand)] == hand  # the other cards keep their order


def test_a_toast_is_optional(deck):
    st = table(deck)
    play(st, "bow-and-scrape", R2)
    assert st.legal_actions() == [TOAST, PASS]
    st.apply(PASS)
    assert st.money == [3, 3, 3, 3] and st.cur == 1 and st.cup == -1


def test_no_toast_while_the_cup_stands_before_a_player(deck):
    st = table(deck, cup=2)
    play(st, "bow-and-scrape", R2)
    assert st.phase == PLAY and st.cur == 1  # no toast step: straight to the draw and the next player


def test_the_turn_ends_with_a_draw(deck):
    st = table(deck)
    hand, pile = len(st.hands[0]), len(st.pile)
    give(st, 0, "bow-and-scrape")  # from the pile
    st.apply(("play", "bow-and-scrape", R2))
    top = st.pile[-1]
    st.apply(PASS)
    assert len(st.hands[0]) == hand + 1 - 1 + 1 and len(st.pile) == pile - 1 - 1
    assert st.hands[0][-1] == top  # the pile's top card (its last), not its bottom one


def test_the_toaster_keeps_the_cup_until_his_next_turn_without_toast(deck):
    st = table(deck, seats=[R1, Y1, G1, B1, R2, Z, J, Y2, G2, S, B2])  # Sarah beside G2 and B2
    play(st, "bow-and-scrape", R2)
    st.apply(TOAST)
    while st.phase == SARAH:
        st.apply(DECLINE)
    assert st.cup == 0
    for p in (1, 2, 3):
        play(st, "bow-and-scrape", st.g.char_ids[2 * p + 1])
        assert st.cup == 0 and st.cur == (p + 1) % 4  # no toast step for them
    play(st, "bow-and-scrape", R1)  # red ends his turn without a toast: the cup goes back
    assert st.cup == -1


# -- the toast --------------------------------------------------------------------------
def toast(st, kid="round-on-the-house", *choices, sarah=DRAW):
    play(st, kid, *choices)
    st.apply(TOAST)
    assert st.invariants() == []
    while st.phase == SARAH:
        st.apply(sarah)
        assert st.invariants() == []
    return st.money


def test_toast_pays_4_3_2_1_and_the_last_two_pay_2_and_1(deck):
    # seats: R1 +4, Y1 +3, G1 +2, B1 +1 ... G2 (second to last) -1, B2 (last) -2
    st = table(deck)
    assert toast(st) == [3 + 4, 3 + 3, 3 + 2 - 1, 3 + 1 - 2]
    assert st.bank == BOX - 12 - (4 + 3 + 2 + 1 - 1 - 2)
    assert st.cup == 0 and st.toasts == 1


def test_one_player_in_several_paid_seats_collects_each(deck):
    st = table(deck, seats=[R1, R2, Y1, Y2, G1, B1, Z, J, S, G2, B2])
    assert toast(st) == [3 + 4 + 3, 3 + 2 + 1, 3 - 1, 3 - 2]


def test_turning_draco_over_pays_the_other_end(deck):
    """GAMES.md / the text's example: cup in the left hand, the player on his left gets 4."""
    st = table(deck)
    play(st, "other-hand")
    assert st.observation(0)["draco"] == "left"
    assert circle(st) == [B2, G2, Y2, S, J, Z, R2, B1, G1, Y1, R1]
    st.apply(TOAST)
    # B2 +4, G2 +3, Y2 +2, Sarah (4th) takes nothing; R1 (now last) -2, Y1 -1
    assert st.money == [3 - 2, 3 + 2 - 1, 3 + 3, 3 + 4]


@pytest.mark.parametrize("seats, money, after", [
    # Zork first: never paid, his 4 stay in the bank; Y1 3, G1 2, B1 1; G2 -1, B2 -2
    ([Z, Y1, G1, B1, R1, R2, J, S, Y2, G2, B2], (3, 3, 3, 3), [3, 6, 4, 2]),
    # Zork last: the richest (green, 9) pays 2 x 2 = 4 for him; B2 second to last pays 1
    ([R1, Y1, G1, B1, R2, J, S, Y2, G2, B2, Z], (3, 3, 9, 3), [7, 6, 7, 3]),
    # Zork second to last: the richest (red, 6) pays 2 x 1 = 2 for him; B2 last pays 2
    ([R1, Y1, G1, B1, R2, J, S, Y2, G2, Z, B2], (6, 3, 3, 3), [8, 6, 5, 2]),
    # the richest is the player in the last seat: he pays his 2, and 2 x 1 for Zork
    ([R1, Y1, G1, R2, J, S, Y2, G2, B1, Z, B2], (3, 3, 3, 9), [3 + 4 + 1, 6, 5, 9 - 2 - 2]),
])
def test_zork(deck, seats, money, after):
    assert toast(table(deck, seats=seats, money=money)) == after


def test_tied_richest_players_each_pay_for_zork(deck):
    """Our ruling (richest_tie: each_pays): red and green, both on 6, each pay 2 x 2."""
    st = table(deck, seats=[R1, Y1, G1, B1, R2, J, S, Y2, G2, B2, Z], money=(6, 3, 6, 3))
    assert toast(st) == [6 + 4 - 4, 3 + 3, 6 + 2 - 4, 3 + 1 - 1]


@pytest.mark.parametrize("seats, after", [
    # Jean second: his 3 go to the next seat, Y1 (third: 2 of its own)
    ([R1, J, Y1, G1, B1, R2, Z, S, Y2, G2, B2], [3 + 4, 3 + 3 + 2, 3 + 1 - 1, 3 - 2]),
    # Jean fourth: his 1 goes to the fifth seat, R2, which a toast never pays otherwise
    ([R1, Y1, G1, J, R2, B1, Z, S, Y2, G2, B2], [3 + 4 + 1, 3 + 3, 3 + 2 - 1, 3 - 2]),
    # Jean last: the seat before him (G2) pays his 2, on top of its own 1
    ([R1, Y1, G1, B1, R2, Z, S, Y2, B2, G2, J], [7, 6, 3 + 2 - 1 - 2, 3 + 1]),
    # Jean second to last: the seat before him (B2) pays his 1; G2 last pays 2
    ([R1, Y1, G1, B1, R2, Z, S, Y2, B2, J, G2], [7, 6, 3 + 2 - 2, 3 + 1 - 1]),
])
def test_brother_john(deck, seats, after):
    assert toast(table(deck, seats=seats)) == after


def test_brother_john_last_with_zork_before_him(deck):
    """Ruling (the Brother John box): the seat before him is Zork's, so Zork's rule applies to the cost
    Brother John passes on. Green (9) is the richest: 2 x 2 for Brother John's last seat, then 2 x 1 for
    Zork's own second-to-last seat; R1 +4, Y1 +3, G1 +2, B1 +1."""
    st = table(deck, seats=[R1, Y1, G1, B1, R2, S, Y2, G2, B2, Z, J], money=(3, 3, 9, 3))
    assert toast(st) == [3 + 4, 3 + 3, 9 + 2 - 4 - 2, 3 + 1]


def test_aunt_sarah_touches_no_money_and_her_neighbours_may_draw(deck):
    # Sarah third (her 2 stay in the bank), beside Y1 and G1; G1 4th gets 1, B1 5th nothing
    st = table(deck, seats=[R1, Y1, S, G1, B1, R2, Z, J, Y2, G2, B2])
    hands = [len(h) for h in st.hands]
    play(st, "round-on-the-house")
    st.apply(TOAST)
    assert st.money == [3 + 4, 3 + 3, 3 + 1 - 1, 3 - 2]
    assert st.phase == SARAH and st.current_player == 1 and st.legal_actions() == [DRAW, DECLINE]
    st.apply(DRAW)  # yellow draws
    assert st.current_player == 2
    st.apply(DECLINE)  # green does not
    assert st.phase == PLAY and st.cur == 1
    # red: +1 given -1 played +1 end-of-turn draw; yellow +1; green nothing
    assert [len(h) for h in st.hands] == [hands[0] + 1, hands[1] + 1, hands[2], hands[3]]


def test_aunt_sarah_between_two_specials_lets_nobody_draw(deck):
    st = table(deck, seats=[R1, Y1, G1, B1, R2, Z, S, J, Y2, G2, B2])
    play(st, "round-on-the-house")
    st.apply(TOAST)
    assert st.phase == PLAY and st.cur == 1


# -- every action card of the deck ------------------------------------------------------
def test_the_splits(deck):
    st = table(deck)
    play(st, "the-splits", R2)
    assert circle(st) == [R2, Y1, G1, B1, Z, J, S, Y2, G2, B2, R1]


@pytest.mark.parametrize("roll, who, after", [
    (3, G2, [R1, Y1, G1, B1, R2, Z, G2, J, S, Y2, B2]),  # any character, not only red's
    (6, Z, [Z, R1, Y1, G1, B1, R2, J, S, Y2, G2, B2]),  # stops at the first seat
    (2, R2, [R1, Y1, R2, G1, B1, Z, J, S, Y2, G2, B2]),
])
def test_favour(deck, roll, who, after):
    st = table(deck)
    st.rng = Scripted(roll)
    play(st, "favour")
    assert st.observation(0)["roll"] == roll
    assert len(st.legal_actions()) == 11  # every character but Draco
    st.apply(("move", who))
    assert circle(st) == after and st.invariants() == []


def test_to_and_fro(deck):
    st = table(deck)
    play(st, "to-and-fro", R2)  # R2 4 forward (5th -> 1st), then R1 3 back (2nd -> 5th)
    assert circle(st) == [R2, Y1, G1, B1, R1, Z, J, S, Y2, G2, B2]


def test_to_and_fro_moves_the_forward_character_first(deck):
    """Ruling two_moves_in_order: R1 goes 4 forward first (4th -> 1st, R2 shifts to 4th), then R2 goes
    3 back from there (4th -> 7th). Moving R2 back first would leave it 6th."""
    st = table(deck, seats=[Y1, G1, R2, R1, B1, Z, J, S, Y2, G2, B2])
    play(st, "to-and-fro", R1)
    assert circle(st) == [R1, Y1, G1, B1, Z, J, R2, S, Y2, G2, B2]


def test_tavern_brawl_reseats_every_character(deck):
    st = table(deck)
    st.rng = Scripted()
    play(st, "tavern-brawl")
    assert circle(st) == BASE[::-1] and st.observation(0)["draco"] == "right"


def test_seating_plan(deck):
    st = table(deck)
    give(st, 0, "seating-plan")
    assert len([a for a in st.legal_actions() if a[1] == "seating-plan"]) == 6  # 3! orders
    st.apply(("play", "seating-plan", S, Z, J))
    assert circle(st) == [R1, Y1, G1, B1, R2, S, Z, J, Y2, G2, B2]


def test_shakedown(deck):
    st = table(deck, money=(3, 0, 3, 3))
    give(st, 0, "shakedown")
    assert {a[2] for a in st.legal_actions() if a[1] == "shakedown"} == {2, 3}  # not yellow: nothing to take
    st.apply(("play", "shakedown", 2))
    assert st.money == [4, 0, 2, 3] and st.bank == BOX - 9


def test_other_hand(deck):
    st = table(deck)
    play(st, "other-hand")
    assert circle(st) == BASE[::-1] and st.observation(0)["draco"] == "left"


def test_bow_and_scrape(deck):
    st = table(deck)
    give(st, 0, "bow-and-scrape")
    assert {a[2] for a in st.legal_actions() if a[1] == "bow-and-scrape"} == {R1, R2}  # own only
    st.apply(("play", "bow-and-scrape", R2))
    assert circle(st) == [R1, Y1, R2, G1, B1, Z, J, S, Y2, G2, B2]


def test_rumours(deck):
    st = table(deck)
    play(st, "rumours", Y1)  # any character, 2 back
    assert circle(st) == [R1, G1, B1, Y1, R2, Z, J, S, Y2, G2, B2]


def test_budge_up(deck):
    st = table(deck)
    give(st, 0, "budge-up")
    assert {a[2:] for a in st.legal_actions() if a[1] == "budge-up"} == {(R1, Y1), (R2, B1), (R2, Z)}
    st.apply(("play", "budge-up", R2, Z))
    assert circle(st) == [R1, Y1, G1, B1, Z, R2, J, S, Y2, G2, B2]


def test_round_on_the_house(deck):
    st = table(deck, cup=2)
    play(st, "round-on-the-house")
    assert st.cup == -1 and st.legal_actions() == [TOAST, PASS]


def test_shower_of_coins(deck):
    st = table(deck)
    st.rng = Scripted(2, 6)  # 2nd seat: Y1 (yellow +1); 6th seat: Zork (nothing)
    play(st, "shower-of-coins")
    assert st.money == [3, 4, 3, 3] and st.bank == BOX - 13


@pytest.mark.parametrize("rolls, money, after", [
    ((2, 5), (3, 3, 3, 3), [2, 3, 3, 4]),  # blue rolls higher: takes 1 from red
    ((5, 2), (3, 3, 3, 3), [4, 3, 3, 2]),  # red rolls higher
    ((4, 4), (3, 3, 3, 3), [3, 3, 3, 3]),  # a tie: nothing
    # issue #8: blue has nothing, red wins; red takes what blue has (nothing), the bank pays nobody
    ((6, 1), (3, 3, 3, 0), [3, 3, 3, 0]),
])
def test_game_of_dice(deck, rolls, money, after):
    st = table(deck, money=money)
    st.rng = Scripted(*rolls)
    play(st, "game-of-dice", 3)
    assert st.money == after and st.bank == BOX - sum(money)


# -- the end ----------------------------------------------------------------------------
def test_a_draw_takes_the_piles_top_cards_one_by_one(deck):
    st = table(deck)
    pile, hand = list(st.pile), list(st.hands[1])
    st.draw_cards(1, 2)  # rules.draw, as Aunt Sarah's neighbours and a house rule draw
    assert st.hands[1] == hand + [pile[-1], pile[-2]] and st.pile == pile[:-2]


def test_the_discards_are_reshuffled_once_when_the_last_card_is_drawn(deck):
    st = table(deck)
    st.rng = Scripted()
    play(st, "bow-and-scrape", R2)
    last_card(st, rebuilds=1)
    last, discards = st.pile[0], list(st.discard)
    st.apply(PASS)  # red draws the last card: the discards are shuffled (reversed here) into a pile
    assert st.hands[0][-1] == last
    assert st.rebuilds_left == 0 and not st.last_call and st.discard == [] and st.pile == discards[::-1]


def test_the_final_toast_ends_the_game(deck):
    st = table(deck, seats=[R1, Y1, G1, B1, R2, J, S, Z, Y2, G2, B2])  # Sarah has no player neighbour
    play(st, "bow-and-scrape", R1)
    last_card(st)
    st.apply(TOAST)  # red draws the last card of the last pile after his toast
    assert st.last_call and not st.is_terminal()
    for p in (1, 2, 3):
        play(st, "bow-and-scrape", st.g.char_ids[2 * p])
    play(st, "bow-and-scrape", R1)  # red gives the cup back
    money = list(st.money)
    play(st, "bow-and-scrape", Y1)  # yellow finds the cup in the centre: compulsory final toast
    assert st.is_terminal() and st.end_reason == "final_toast" and st.invariants() == []
    assert st.money != money and st.toasts == 2


def test_the_toast_during_which_the_last_card_goes_is_not_the_final_one(deck):
    """Issue #15: Sarah's neighbour draws the last card *during* a toast: the next toast is the final one."""
    st = table(deck)  # yellow's Y2 sits beside Sarah
    give(st, 0, "bow-and-scrape")
    last_card(st)
    st.apply(("play", "bow-and-scrape", R2))  # [R1, Y1, R2, G1, B1, Z, J, S, Y2, G2, B2]
    st.apply(TOAST)  # R1 4, Y1 3, R2 2, G1 1; G2 -1, B2 -2
    assert st.money == [3 + 4 + 2, 3 + 3, 3 + 1 - 1, 3 - 2]
    assert st.current_player == 1
    st.apply(DRAW)  # yellow draws the very last card during the toast
    assert st.last_call and not st.pile and not st.is_terminal() and st.cur == 1
    assert st.invariants() == []
    for p in (1, 2, 3):  # the cup stands before red: no toast for them
        play(st, "bow-and-scrape", st.g.char_ids[2 * p])
        assert not st.is_terminal()
    # Y1 -> 1st, G1 -> 2nd, B1 -> 3rd: [Y1, G1, B1, R1, R2, ...]
    play(st, "bow-and-scrape", R1)  # R1 4th -> 2nd: [Y1, R1, G1, B1, R2, ...]; red gives the cup back
    assert st.cup == -1 and not st.is_terminal()
    play(st, "bow-and-scrape", Y1)  # already first; yellow finds the cup in the centre: final toast
    assert st.is_terminal() and st.end_reason == "final_toast" and st.toasts == 2
    # Y1 4, R1 3, G1 2, B1 1; G2 -1, B2 -2
    assert st.money == [9 + 3, 6 + 4, 3 + 2 - 1, 1 + 1 - 2]


@pytest.mark.parametrize("money, winners", [
    ([9, 4, 7, 3], [0]),  # the richest wins
    ([9, 9, 7, 3], [2]),  # tied leaders drop out: the next one wins
    ([9, 9, 7, 7], [0, 1]),  # our ruling (tie_for_win): nobody left alone: the leaders share
])
def test_who_wins(deck, money, winners):
    st = table(deck, money=money)
    st._finish("final_toast")
    assert st.outcome().winners == winners


def test_a_player_flanking_aunt_sarah_with_both_characters_draws_twice(deck):
    """Seed 004 line 20: the players on her right and on her left may each draw a card. With both
    neighbours yellow, this edition's ruling (sarah_draw_optional) lets yellow draw once per character,
    as the book says and as Aunt Sarah's card now says ("the owner of each player character ... may draw")."""
    from cardgen.games.draco.text import face_text

    st = table(deck, seats=[R1, Y1, S, Y2, G1, B1, R2, Z, J, G2, B2])
    hands = [len(h) for h in st.hands]
    play(st, "round-on-the-house")
    st.apply(TOAST)
    assert st.phase == SARAH and st.current_player == 1
    st.apply(DRAW)
    assert st.phase == SARAH and st.current_player == 1  # asked again, for the second character
    st.apply(DRAW)
    assert st.phase == PLAY
    assert len(st.hands[1]) == hands[1] + 2
    sarah = next(c for c in deck.model.components if c.id == "aunt-sarah")
    assert "the owner of each ruffian sitting beside her may draw" in face_text(deck, sarah, sarah.faces[0], "en")
