"""The play experiment's sums and one decision point (``cardgen.simulate.exchange``), in this process on made-up
numbers and a made-up state: each sum of the tally, the interval's scale, the judged boundaries, the rows and
the JSON, a future that does not end, the shared seed and the credit's signs."""
from __future__ import annotations

import copy
import random
from types import SimpleNamespace

import pytest

from cardgen.engine.api import Ending
from cardgen.simulate.exchange import MIN_EXCHANGES, MIN_GAMES, UNFINISHED, ExchangeTally, _exchange_at


def test_each_sum_of_a_kind_and_its_cluster_interval() -> None:
    t = ExchangeTally()
    t.add_game({"a": [2, 1.0, 2.0, 3.0]}, 2, {})
    t.add_game({"a": [1, -1.0, 0.0, 1.0]}, 1, {})
    assert t.sums["a"] == [3, 5, 2, 0.0, 2.0, 1.0, 2.0, 4.0, 4.0, 4.0, 10.0, 7.0]
    e = t.effect("a", z=2.0)  # win: mean 0, se sqrt(2 / 9 * 2/(2-1)) = 2/3
    assert e["win"] == 0.0 and e["win_se"] == pytest.approx(2 / 3)
    assert (e["win_low"], e["win_high"]) == pytest.approx((-4 / 3, 4 / 3))


def test_one_game_has_no_spread_between_games() -> None:
    t = ExchangeTally()
    t.add_game({"a": [2, 1.0, 2.0, 3.0]}, 2, {})
    assert t.effect("a")["win_se"] == 0.0


def test_a_kind_is_judged_from_exactly_its_minimum_exchanges_and_games() -> None:
    t = ExchangeTally()
    for _ in range(MIN_GAMES):
        t.add_game({"a": [MIN_EXCHANGES // MIN_GAMES, 1.0, 1.0, 1.0], "b": [1, 0.0, 0.0, 0.0]}, 1, {})
    assert t.judged("a") and not t.judged("b") and not t.judged("never exchanged")
    rows = t.rows()
    assert [r["component"] for r in rows] == ["a", "b"] and [r["judged"] for r in rows] == [True, False]
    assert rows[1]["flag"] == "" and rows[1]["games"] == MIN_GAMES and rows[0]["flag"] == "strong"
    t.add_game({"c": [1, 1.0, 1.0, 1.0]}, 1, {})
    assert [r["component"] for r in t.rows()] == ["a", "c", "b"]  # judged first, then by mean win


def test_a_rows_figures_are_rounded_to_4_and_its_standard_errors_to_6_places() -> None:
    t = ExchangeTally()
    t.add_game({"a": [3, 1.0, 1.0, 1.0]}, 3, {})
    t.add_game({"a": [3, 0.0, 0.0, 0.0]}, 3, {})
    row = t.rows()[0]
    e = t.effect("a")
    assert row["win"] == 0.1667 and row["win_se"] == round(e["win_se"], 6) != round(e["win_se"], 7)


def test_the_json_of_a_tally_offered_no_game() -> None:
    got = ExchangeTally().to_json()
    assert got == {"games": 0, "offered": 0, "exchanges": 0, "points": 0, "min_exchanges": MIN_EXCHANGES,
                   "min_games": MIN_GAMES, "skipped": {}, "rows": []}


class Table:
    """A made-up state: seat ``s`` holds a card of kind A and may take one of kind B; an exchange makes every
    seat a winner with 2 points (1 without), which ``standings`` tells, the scores read the other way."""

    num_players = 2

    def __init__(self) -> None:
        self.swapped = False

    def exchangeable(self, seat: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        return [("g", "A")], [("t", "B"), ("u", "A")]

    def clone(self) -> "Table":
        return copy.copy(self)

    def exchange(self, seat: int, give: str, take: str) -> None:
        self.swapped = True

    def outcome(self) -> SimpleNamespace:
        return SimpleNamespace(winners=[0, 1] if self.swapped else [], scores=[-9, -9])

    def standings(self) -> list[float]:
        return [2.0, 2.0] if self.swapped else [1.0, 1.0]


def _ended(state: Table) -> Ending:
    """How a ``Table`` future ends, as a play-out returns it."""
    return Ending(frozenset(state.outcome().winners), state.standings())


def test_every_exchange_credits_the_card_taken_and_debits_the_card_given_on_the_same_seed() -> None:
    draws: list[int] = []

    def play_out(state: Table, seed: int) -> Ending:
        draws.append(seed)
        return _ended(state)

    credits: dict[str, list[float]] = {}
    assert _exchange_at(Table(), random.Random(3), play_out, credits, 3) == (3, {})
    assert credits == {"B": [3, 3.0, 3.0, 0.0], "A": [3, -3.0, -3.0, 0.0]}
    assert len(draws) == 4 and len(set(draws)) == 1


def test_every_future_that_does_not_end_is_counted_unfinished() -> None:
    def play_out(state: Table, seed: int) -> Ending | None:
        return None if state.swapped else _ended(state)

    credits: dict[str, list[float]] = {}
    assert _exchange_at(Table(), random.Random(3), play_out, credits, 3) == (0, {UNFINISHED: 3})
    assert credits == {}
