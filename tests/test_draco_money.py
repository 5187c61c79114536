"""Draco's money rules as both tiers run them (``table.settle``, ``transfer``, ``track_coins``), on
hand-worked purses.

The published rules pay toasts and card effects in coins of two kinds (a gold coin is worth
``per_gold`` silver) from a box of so many coins; players change coins with the bank freely.
Where the text is silent the deck rules (docs/draco.md C2, C4): a debt beyond a purse is paid
as far as it goes (``cannot_pay: pay_what_they_have``); when the box's coins cannot hold what
the players own (``bank_short``) either the missing coins are only counted (``unlimited``) or
the bank pays the first seats first, taking back from the last receivers, and between players
the change the bank cannot make stays with the payer (``pay_what_remains``). ``Table`` stands in
for the engine: it answers each gap with the ruling it is given and keeps the peaks.
"""
from __future__ import annotations

from cardgen.games.draco.table import G_BANK, G_CANNOT, PEAKS, Box, settle, track_coins, transfer


class Table:
    """The state the money rules report to: gaps asked (kind and details), peaks reached."""

    def __init__(self, rulings: dict[int, int]) -> None:
        self.rulings = rulings  # gap kind -> the ruling's place in table.GAPS; absent: no ruling
        self.gaps: list[tuple[int, int, int, int]] = []
        self.peak: dict[str, int] = {}

    def rule_gap(self, kind: int, a: int, b: int, c: int) -> int:
        self.gaps.append((kind, a, b, c))
        return self.rulings.get(kind, -1)

    def track(self, name: str, value: int) -> None:
        assert name in PEAKS
        self.peak[name] = max(value, self.peak.get(name, value))


PAY_WHAT_THEY_HAVE, PAY_WHAT_REMAINS, UNLIMITED = 0, 0, 1


def test_a_player_owing_more_than_he_holds_pays_what_he_has():
    st = Table({G_CANNOT: PAY_WHAT_THEY_HAVE})
    money = [3, 0, 4]
    assert transfer(st, 0, 1, 5, money, ([0, 0, 0], [0]), 7, Box(3, 25, 20)) == 7  # the bank's unpaid silver stays 7
    assert money == [0, 3, 4] and st.gaps == [(G_CANNOT, 0, 5, 3)]  # seat 0 owes 5 with 3


def test_a_debt_beyond_the_purse_in_a_settlement_is_cut_to_the_purse():
    st = Table({G_CANNOT: PAY_WHAT_THEY_HAVE})
    money, d = [1, 6, 2], [3, -4, -5]
    assert settle(st, d, [0], 1, True, money, 0, Box(3, 25, 20)) == 0
    assert money == [4, 2, 0] and d == [3, -4, -2] and st.gaps == [(G_CANNOT, 2, 5, 2)]


def test_without_a_ruling_a_debt_beyond_the_purse_stops_before_any_coin_moves():
    st = Table({})
    money = [3, 0]
    assert transfer(st, 0, 1, 5, money, ([0, 0], [0]), 0, Box(3, 25, 20)) == -1
    assert settle(st, [-5, 5], [1], 1, False, money, 0, Box(3, 25, 20)) == -1
    assert money == [3, 0] and st.gaps == [(G_CANNOT, 0, 5, 3)] * 2


def test_between_players_the_change_the_box_cannot_make_stays_with_the_payer():
    # a gold is 3 silver; the box holds 1 gold and 2 silver. Seat 0's 4 (1 gold, 1 silver) less 2 for
    # seat 1 would leave 2 + 2 silver (no gold fits 2): 4 silver, 2 too many. Seat 1 gets one silver
    # less, seat 0 keeps it: 3 (1 gold) and 1 (1 silver) fit.
    st = Table({G_BANK: PAY_WHAT_REMAINS})
    money, d = [4, 0, 0], [0, 0, 0]
    assert transfer(st, 0, 1, 2, money, (d, [0]), 5, Box(3, 1, 2)) == 5
    assert money == [3, 1, 0] and d == [-1, 1, 0]
    assert st.gaps == [(G_BANK, 4, 2, 0)]  # 4 silver coins needed, the box has 2
    assert st.peak["unpaid_by_bank"] == 5 and "coins_missing" not in st.peak


def test_the_change_stays_with_the_payer_in_whichever_seat():
    st = Table({G_BANK: PAY_WHAT_REMAINS})
    money, d = [0, 0, 4], [0, 0, 0]
    assert transfer(st, 2, 0, 2, money, (d, [0]), 0, Box(3, 1, 2)) == 0
    assert money == [1, 0, 3] and d == [1, 0, -1]


def test_the_bank_pays_the_first_receivers_first_and_takes_back_from_the_last():
    # no gold in the box, 4 silver: a toast of 2 to each of seats 0, 1, 2 (in seat order) can pay 4
    st = Table({G_BANK: PAY_WHAT_REMAINS})
    money, d = [0, 0, 0], [2, 2, 2]
    assert settle(st, d, [0, 1, 2], 3, True, money, 1, Box(3, 0, 4)) == 3  # 1 unpaid before, 2 more now
    assert money == [2, 2, 0] and d == [2, 2, 0]
    assert st.gaps == [(G_BANK, 6, 4, 0)] and st.peak["unpaid_by_bank"] == 3


def test_the_bank_takes_back_only_what_it_lacks_from_the_last_receiver_first():
    st = Table({G_BANK: PAY_WHAT_REMAINS})
    money, d = [0, 0, 0], [1, 3, 2]  # receivers in seat order 2, 0, 1: seat 1 is the last
    assert settle(st, d, [2, 0, 1], 3, True, money, 0, Box(3, 0, 5)) == 1
    assert money == [1, 2, 2] and d == [1, 2, 2]


def test_when_the_last_receiver_gave_back_all_he_got_the_one_before_gives_back_too():
    st = Table({G_BANK: PAY_WHAT_REMAINS})
    money, d = [0, 0, 0], [2, 2, 2]  # 6 silver wanted, the box has 3
    assert settle(st, d, [0, 1, 2], 3, True, money, 0, Box(3, 0, 3)) == 3
    assert money == [2, 1, 0] and d == [2, 1, 0]


def test_exactly_the_box_is_no_gap():
    st = Table({})
    money = [0, 0]
    assert settle(st, [2, 2], [0, 1], 2, True, money, 0, Box(3, 0, 4)) == 0
    assert money == [2, 2] and st.gaps == []


def test_an_unlimited_bank_only_counts_the_missing_coins():
    st = Table({G_BANK: UNLIMITED})
    money = [0, 0, 0]
    assert settle(st, [2, 2, 2], [0, 1, 2], 3, True, money, 0, Box(3, 0, 4)) == 0
    assert money == [2, 2, 2] and st.peak["coins_missing"] == 2 and "unpaid_by_bank" not in st.peak


def test_without_a_ruling_a_short_box_stops_the_settlement():
    st = Table({})
    assert settle(st, [2, 2, 2], [0, 1, 2], 3, True, [0, 0, 0], 0, Box(3, 0, 4)) == -1
    assert st.gaps == [(G_BANK, 6, 4, 0)]


def test_the_coin_peaks_count_gold_silver_all_money_and_the_richest_purse():
    st = Table({})
    track_coins(st, [5, 1, 7], 3, 4)  # 5 = 1 gold + 2, 1 = 1 silver, 7 = 2 gold + 1: coins_held's 3 and 4
    assert st.peak == {"gold_in_hands": 3, "silver_in_hands": 4, "money_in_hands": 13, "richest_player": 7}
    track_coins(st, [2, 9, 0], 3, 2)  # the peaks keep the highest: only the richest purse rises
    assert st.peak == {"gold_in_hands": 3, "silver_in_hands": 4, "money_in_hands": 13, "richest_player": 9}


def test_a_bank_with_only_gold_pays_a_gold_coin_when_the_player_can_give_the_change():
    """The book's bank ruling (readers of round 5, en 29b): owing 1 silver with no silver left but gold, the bank
    pays a gold coin if the player gives back the difference in silver; a player who cannot is not paid."""
    # a gold is 3 silver; the box holds 5 gold and 2 silver, both silver in seat 1's purse (2)
    st = Table({G_BANK: PAY_WHAT_REMAINS})
    money = [2, 2]
    assert settle(st, [1, 0], [0], 1, True, money, 0, Box(3, 5, 4)) == 0  # seat 0 holds 2 silver: 3 is a gold
    assert money == [3, 2] and st.gaps == []
    money = [0, 2]
    assert settle(st, [0, 0], [0], 1, True, money, 0, Box(3, 5, 2)) == 0
    assert settle(st, [1, 0], [0], 1, True, money, 0, Box(3, 5, 2)) == 1  # no change to give: unpaid
    assert money == [0, 2] and st.gaps == [(G_BANK, 3, 2, 0)]
