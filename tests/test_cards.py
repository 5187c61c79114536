"""Which card is too strong, by the deal (cardgen.simulate.cards): known answers on made-up games.

A card that does nothing is flagged about as rarely as the 5 % error rate says; a card
that wins games is flagged strong; a card every seat is dealt, one that only one seat
position ever holds, or one too few seats held, is never judged.
"""
from __future__ import annotations

import random

import pytest

from cardgen.simulate.cards import MIN_SEATS, CardTally

KINDS = ("a", "b", "c", "d", "e", "f", "g")


def _deal(rng: random.Random, seats: int, hand: int = 2) -> list[dict[str, int]]:
    pile = [k for k in KINDS for _ in range(6)]
    rng.shuffle(pile)
    out = []
    for s in range(seats):
        hand_ = {}
        for k in pile[s * hand:(s + 1) * hand]:
            hand_[k] = hand_.get(k, 0) + 1
        out.append(hand_)
    return out


def _winner(rng: random.Random, dealt: list[dict[str, int]], strong: str | None, boost: float) -> int:
    weights = [1 + (boost if strong and dealt[s].get(strong) else 0) for s in range(len(dealt))]
    return rng.choices(range(len(dealt)), weights)[0]


def _tally(seed: int, games: int, seats: int = 3, strong: str | None = None, boost: float = 0.0) -> CardTally:
    rng = random.Random(seed)
    t = CardTally()
    for _ in range(games):
        dealt = _deal(rng, seats)
        t.add(dealt, {_winner(rng, dealt, strong, boost)})
    return t


def test_a_card_that_does_nothing_is_rarely_flagged_and_a_strong_one_always() -> None:
    flagged = sum(any(r["flag"] for r in _tally(seed, 600).rows()) for seed in range(40))
    assert flagged <= 4  # 5 % family-wise; 40 runs: at most 4 (P(X > 4) < 0.05 at 5 %)
    rows = {r["component"]: r for r in _tally(7, 1500, strong="c", boost=1.5).rows()}
    assert rows["c"]["flag"] == "strong" and rows["c"]["low"] > 0
    assert rows["c"]["win_rate_dealt"] > rows["c"]["win_rate_not_dealt"]


def test_the_interval_is_the_cluster_one_by_hand() -> None:
    """Two games of two seats: a hand-computed ratio estimate and its linearised variance."""
    t = CardTally()
    t.add([{"x": 1}, {}], {0})  # the holder wins
    t.add([{}, {"x": 1}], {0})  # the holder loses
    t.add([{}, {}], {1})  # nobody holds x
    e = t.effect("x")
    # dealt: 1 win of 2 seats; not dealt: 2 wins of 4 seats -> 0.5 - 0.5
    assert e["dealt"] == 0.5 and e["not_dealt"] == 0.5 and e["difference"] == 0
    # per game u = a - p1 b, v = c - p2 d: (0.5, -0.5), (-0.5, 0.5), (0, 0) -> (u/2 - v/4)^2 summed, x 3/2
    expected = ((0.25 + 0.125) ** 2 + (-0.25 - 0.125) ** 2) * 3 / 2
    assert e["se"] == pytest.approx(expected ** 0.5)


def test_merged_tallies_equal_one_tally_of_every_game() -> None:
    rng = random.Random(3)
    games = [(_deal(rng, 4), {rng.randrange(4)}) for _ in range(60)]
    whole, one, two = CardTally(), CardTally(), CardTally()
    for i, (d, w) in enumerate(games):
        whole.add(d, w)
        (one if i % 3 else two).add(d, w)
    two.merge(one)
    assert two.rows() == whole.rows()


def test_cards_few_seats_could_hold_are_never_judged() -> None:
    t = CardTally()
    rng = random.Random(1)
    for i in range(3000):
        dealt: list[dict[str, int]] = [{"everyone": 1}, {"everyone": 1}, {"everyone": 1}]
        dealt[0]["seat0"] = 1  # the first seat's own card: by position, not by the shuffle
        if i % 100 == 0:
            dealt[i % 3]["rare"] = 1  # 30 seats of 9000
        winner = 0 if rng.random() < 0.6 else rng.randrange(1, 3)  # the first seat wins more
        t.add(dealt, {winner})
    rows = {r["component"]: r for r in t.rows()}
    assert rows["everyone"]["judged"] is False and rows["everyone"]["difference"] is None
    assert rows["seat0"]["judged"] is False and rows["seat0"]["flag"] == ""  # seat 0 wins 60 %: not the card's
    assert rows["rare"]["judged"] is False and rows["rare"]["seats_dealt"] < MIN_SEATS
    assert [r["component"] for r in t.rows()][-1] == "everyone"  # judged rows first, then the rest


def test_validate_flags_a_planted_crown_and_no_identical_card(tmp_path) -> None:
    """End to end through validate (the toy game, reference engine): a card worth 30 points among blanks worth 1
    is flagged strong for the seats dealt it; in a deck of identical blanks no card is flagged."""
    from toy_game import load_toy, toy_deck

    from cardgen.simulate.validate import ValidateOptions, run_validation

    opts = ValidateOptions(games=600, players=[2], jobs=1, loader=load_toy, out=None, progress=False)
    doc = run_validation([toy_deck("toy_crown", tmp_path), toy_deck("toy_even", tmp_path)], opts)
    rows = {r["variant"]: {c["component"]: c for c in r["designer"]["component_impact"]} for r in doc["results"]}
    crown = rows["toy_crown"]["crown-30"]  # the toy names a card by its value
    assert crown["judged"] and crown["flag"] == "strong" and crown["win_rate_dealt"] > 0.9
    assert crown["win_rate_not_dealt"] < 0.5 and crown["low"] > 0.3
    assert [r["flag"] for r in rows["toy_even"].values()] == [""]  # blank: every seat holds one, never judged
