"""The deal experiment's sums, boundaries and interval, worked out independently (issue 34: the survivors of
``benchmarks/mutation.py card_measure``).

The interval is checked against the cluster-robust variance computed game by game, straight from its
definition (per game u = a - p1 b, v = c - p2 d; var = g/(g-1) Σ (u/n1 - v/n2)²), on games with shared
wins, several holders and games where nobody holds the card; the judging thresholds at their exact
boundaries; and merging against one tally of every game, field by field.
"""
from __future__ import annotations

import math
import random

import pytest

from cardgen.simulate.cards import MIN_PER_SEAT, MIN_SEATS, Z95, CardTally
from nonempty import nonempty


def _by_definition(games: list[tuple[list[dict[str, int]], set[int]]], kind: str) -> tuple[float, float, float]:
    """(win rate dealt, win rate not dealt, standard error) of ``kind`` from the games themselves."""
    rows = []
    for dealt, winners in games:
        holders = {s for s, hand in enumerate(dealt) if hand.get(kind, 0) > 0}
        a = sum(s in winners for s in holders)
        c = sum(s in winners for s in range(len(dealt))) - a
        rows.append((a, len(holders), c, len(dealt) - len(holders)))
    n1, n2 = sum(r[1] for r in rows), sum(r[3] for r in rows)
    p1, p2 = sum(r[0] for r in rows) / n1, sum(r[2] for r in rows) / n2
    g = len(rows)
    var = sum(((a - p1 * b) / n1 - (c - p2 * d) / n2) ** 2 for a, b, c, d in rows) * (g / (g - 1) if g > 1 else 1.0)
    return p1, p2, math.sqrt(var)


def _games(seed: int, n: int) -> list[tuple[list[dict[str, int]], set[int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        dealt = [{k: rng.choice((1, 1, 2)) for k in "xyz" if rng.random() < 0.4} for _ in range(4)]
        winners = set(rng.sample(range(4), rng.choice((1, 1, 2))))  # shared wins too
        out.append((dealt, winners))
    return out


@pytest.mark.parametrize("n", [2, 3, 40])
def test_the_interval_is_the_cluster_variance_by_its_definition(n: int) -> None:
    games = _games(n, n)
    t = CardTally()
    for dealt, winners in games:
        t.add(dealt, winners)
    checked = 0
    for kind in nonempty(sorted(t.sums)):
        e = t.effect(kind)
        if e["seats_dealt"] == 0 or e["seats_not_dealt"] == 0:
            continue
        checked += 1
        p1, p2, se = _by_definition(games, kind)
        assert (e["dealt"], e["not_dealt"]) == pytest.approx((p1, p2))
        assert e["se"] == pytest.approx(se, rel=1e-9, abs=1e-12)
        assert e["low"] == pytest.approx(p1 - p2 - Z95 * se) and e["high"] == pytest.approx(p1 - p2 + Z95 * se)
        assert e["low"] < e["difference"] < e["high"] or se == 0
    assert checked, "no card was dealt to some seats and not to others: nothing was compared"


def test_one_game_has_no_small_sample_factor() -> None:
    t = CardTally()
    games = [([{"x": 1}, {}, {}], {1})]
    t.add(*games[0])
    assert t.effect("x")["se"] == pytest.approx(_by_definition(games, "x")[2])  # factor 1, not g/(g-1)


def test_the_counts_behind_the_judgement() -> None:
    t = CardTally()
    t.add([{"x": 1, "y": 0}, {"x": 2}, {}], {0, 1})  # y listed with no copy: not dealt
    t.add([{}, {}, {"x": 1}], {2})
    assert t.games == 2 and t.seat_games == [2, 2, 2]
    assert sorted(t.sums) == ["x"] and t.seat_dealt == {"x": [1, 1, 1]}
    assert t.totals == [3.0, 6.0, 5.0, 9.0, 18.0]  # Σw, Σn, Σw², Σwn, Σn²: w 2 then 1, n 3 each
    s = t.full("x")
    assert (s["a"], s["b"], s["c"], s["d"]) == (3.0, 3.0, 0.0, 3.0)
    assert (s["aa"], s["ab"], s["bb"]) == (4.0 + 1.0, 4.0 + 1.0, 4.0 + 1.0)
    rows = t.rows()
    assert rows[0]["dealt_share"] == 0.5 and rows[0]["seats_dealt"] == 3


def test_a_card_nobody_was_dealt_has_empty_sums_and_is_not_judged() -> None:
    t = CardTally()
    t.add([{"x": 1}, {}], {0})
    s = t.full("never")
    assert (s["a"], s["b"], s["aa"], s["ab"], s["bb"]) == (0.0, 0.0, 0.0, 0.0, 0.0)
    assert (s["c"], s["d"], s["cc"], s["cd"], s["dd"]) == (1.0, 2.0, 1.0, 2.0, 4.0)
    assert t.judged("never") is False


def test_a_card_one_seat_held_once_still_has_its_rates() -> None:
    t = CardTally()
    t.add([{"x": 1}, {}, {}], {0})
    t.add([{}, {}, {}], {1})
    [row] = t.rows()
    assert row["win_rate_dealt"] == 1.0 and row["win_rate_not_dealt"] == 0.2 and row["dealt_share"] == 0.1667


def _balanced(dealt_games: int, other_games: int, seats: int = 2) -> CardTally:
    """Each seat dealt the card ``dealt_games`` times and not dealt it ``other_games`` times."""
    t = CardTally()
    for g in range(seats * (dealt_games + other_games)):
        seat = g % seats
        holds = g // seats < dealt_games
        hand = [{} for _ in range(seats)]
        if holds:
            hand[seat]["x"] = 1
        t.add(hand, {g % 2})
    return t


def test_judged_from_exactly_the_minimum_seats_on_each_side() -> None:
    # 2 seats: MIN_SEATS/2 games each seat holds x -> exactly MIN_SEATS seats dealt
    at = _balanced(MIN_SEATS // 2, 0)
    at_sums = at.full("x")
    assert at_sums["b"] == MIN_SEATS and at_sums["d"] >= MIN_SEATS and at.judged("x")
    below = _balanced(MIN_SEATS // 2 - 1, 0)
    assert not below.judged("x")
    # the other side at exactly the minimum: games where nobody holds x fill it
    t = CardTally()
    for g in range(MIN_SEATS):
        t.add([{"x": 1}, {}] if g % 2 else [{}, {"x": 1}], {0})  # MIN_SEATS seats dealt, as many not
    assert t.full("x")["b"] == MIN_SEATS and t.full("x")["d"] == MIN_SEATS and t.judged("x")


def test_judged_from_exactly_the_minimum_per_seat_position() -> None:
    t = CardTally()
    # seat 0 holds x in exactly MIN_PER_SEAT games and not in exactly MIN_PER_SEAT; seat 1 far more often
    for g in range(2 * MIN_PER_SEAT):
        t.add([{"x": 1} if g < MIN_PER_SEAT else {}, {"x": 1} if g % 2 else {}, {}, {}, {}, {}, {}, {}, {}, {}],
              {g % 10})
    for g in range(200):
        t.add([{}, {"x": 1}] + [{"x": 1} if (g + k) % 2 else {} for k in range(8)], {g % 10})
    assert t.seat_dealt["x"][0] == MIN_PER_SEAT and t.seat_games[0] - t.seat_dealt["x"][0] == MIN_PER_SEAT + 200
    assert t.judged("x")
    short = CardTally()
    for g in range(2 * MIN_PER_SEAT - 1):
        short.add([{"x": 1} if g < MIN_PER_SEAT - 1 else {}, {"x": 1} if g % 2 else {}] + [{}] * 8, {g % 10})
    for g in range(200):
        short.add([{}, {"x": 1}] + [{"x": 1} if (g + k) % 2 else {} for k in range(8)], {g % 10})
    assert not short.judged("x")  # seat 0 held it MIN_PER_SEAT - 1 times
    # the other side: seat 0 not holding it exactly MIN_PER_SEAT times
    t2 = CardTally()
    for g in range(MIN_PER_SEAT + 200):
        t2.add([{"x": 1} if g >= MIN_PER_SEAT else {}] + [{"x": 1} if (g + k) % 2 else {} for k in range(9)],
               {g % 10})
    assert t2.seat_games[0] - t2.seat_dealt["x"][0] == MIN_PER_SEAT and t2.judged("x")


def test_merging_gives_every_field_of_one_tally() -> None:
    rng = random.Random(5)
    games = [([{k: 1 for k in "xyz" if rng.random() < 0.3} for _ in range(3)], {rng.randrange(3)})
             for _ in range(50)]
    whole, first, second = CardTally(), CardTally(), CardTally()
    for i, (dealt, winners) in enumerate(games):
        whole.add(dealt, winners)
        (first if i < 10 else second).add(dealt, winners)
    first.add([{"only_first": 1}, {}, {}], {0})
    whole.add([{"only_first": 1}, {}, {}], {0})
    empty = CardTally()
    empty.merge(first)  # into a tally with no seats and no kinds yet
    empty.merge(second)
    assert empty == whole


def _planted(seed: int, games: int, boost: float) -> CardTally:
    """Three seats, a card 'c' whose holder's chance to win is multiplied by ``1 + boost``, the others inert."""
    rng = random.Random(seed)
    t = CardTally()
    for _ in range(games):
        dealt = [{k: 1 for k in "abc" if rng.random() < 0.5} for _ in range(3)]
        weights = [1 + (boost if "c" in hand else 0) for hand in dealt]
        t.add(dealt, {rng.choices(range(3), weights)[0]})
    return t


def test_every_row_is_what_the_deal_says_rounded_as_documented() -> None:
    from statistics import NormalDist

    t = _planted(11, 900, 1.0)
    t.add([{"only": 1}, {}, {}], {0})  # a card one seat held once: shown, never judged
    seats = t.totals[1]
    judged = [k for k in sorted(t.sums) if t.judged(k)]
    assert judged == ["a", "b", "c"]
    z = NormalDist().inv_cdf(1 - 0.025 / len(judged))
    rows = t.rows()
    assert [r["component"] for r in rows][-1] == "only" and all(r["judged"] for r in rows[:3])  # judged first
    assert [r["difference"] for r in rows[:3]] == sorted((r["difference"] for r in rows[:3]), reverse=True)
    for r in rows:
        s = t.full(r["component"])
        e = t.seat_effect(r["component"]) if r["component"] in judged else t.effect(r["component"])
        flag, wide = "", {}
        if r["component"] in judged:
            flag = "strong" if e["difference"] - z * e["se"] > 0 else "weak" if e["difference"] + z * e["se"] < 0 else ""
            half = z * e["se"]  # the interval the flag reads, the one the terminal shows (#53)
            wide = {"flag_low": round(e["difference"] - half, 4), "flag_high": round(e["difference"] + half, 4)}
        assert r == {**wide, "component": r["component"], "dealt_share": round(s["b"] / seats, 4),
                     "seats_dealt": int(s["b"]),
                     "seats_not_dealt": int(s["d"]), "judged": r["component"] in judged, "flag": flag,
                     "not_judged": t.not_judged(r["component"]),
                     "win_rate_dealt": round(e["dealt"], 4), "win_rate_not_dealt": round(e["not_dealt"], 4),
                     "difference": round(e["difference"], 4), "low": round(e["low"], 4), "high": round(e["high"], 4),
                     "se": round(e["se"], 6)}
    assert {r["component"]: r["flag"] for r in rows} == {"a": "", "b": "", "c": "strong", "only": ""}


def test_a_card_that_loses_games_is_flagged_weak() -> None:
    rows = {r["component"]: r for r in _planted(3, 1500, -0.6).rows()}
    assert rows["c"]["flag"] == "weak" and rows["c"]["high"] < 0
    assert rows["a"]["flag"] == "" and rows["b"]["flag"] == ""


def test_one_judged_card_is_flagged_at_the_plain_95_percent() -> None:
    """With one judged card the widening is none: a difference between 1.96 and 2.24 standard errors is flagged."""
    found = 0
    for seed in range(300):
        t = CardTally()
        rng = random.Random(seed)
        for _ in range(400):
            dealt = [{"c": 1} if rng.random() < 0.5 else {} for _ in range(2)]
            t.add(dealt, {rng.choices(range(2), [1.25 if "c" in h else 1 for h in dealt])[0]})
        if not t.judged("c"):
            continue
        e = t.seat_effect("c")  # a judged card is measured seat position by seat position
        if 1.97 * e["se"] < e["difference"] < 2.2 * e["se"]:
            [row] = t.rows()
            assert row["flag"] == "strong"
            found += 1
    assert found >= 1


def test_a_card_held_by_every_seat_but_one_has_its_rates() -> None:
    t = CardTally()
    t.add([{"x": 1}, {"x": 1}, {}], {2})
    [row] = t.rows()
    assert row["win_rate_dealt"] == 0.0 and row["win_rate_not_dealt"] == 1.0 and row["seats_not_dealt"] == 1


def test_paired_rows_are_sorted_by_the_variants_difference_with_unmeasured_cards_last() -> None:
    from cardgen.simulate.cards import paired_cards

    def row(kind: str, difference: float | None) -> dict:
        return {"component": kind, "difference": difference, "judged": False, "se": None}

    variant = [row("a", -0.1), row("b", 0.2), row("m", None), row("z", 0.05)]
    base = [row("a", 0.0), row("b", 0.0), row("m", None)]
    out = paired_cards(base, variant)
    assert [r["component"] for r in out] == ["b", "z", "a", "m"]
    assert {r["component"]: r["base"] for r in out}["z"] is None  # a card only the variant deals


def test_a_card_change_is_a_compare_figure_worked_by_hand() -> None:
    from statistics import NormalDist

    from cardgen.simulate.cards import change

    b = {"difference": 0.0123456, "se": 0.0301234}
    v = {"difference": 0.1234567, "se": 0.0401234}
    d, se = 0.1234567 - 0.0123456, math.hypot(0.0301234, 0.0401234)
    assert change("x", b, v) == {"metric": "card:x", "base": 0.0123456, "variant": 0.1234567, "difference": round(d, 6),
                                 "low": round(d - Z95 * se, 6), "high": round(d + Z95 * se, 6),
                                 "p": 2 * (1 - NormalDist().cdf(d / se)), "n": None}
    assert 0 < change("x", b, v)["p"] < 0.05
    exact = {"difference": 0.1, "se": 0.0}
    assert change("x", exact, {"difference": 0.3, "se": 0.0})["p"] == 0.0  # no noise at all: any change is certain
    assert change("x", exact, exact)["p"] == 1.0


def test_a_card_every_seat_holds_has_no_rates_at_all() -> None:
    t = CardTally()
    t.add([{"all": 1}, {"all": 2}], {0})
    assert t.rows() == [{"component": "all", "dealt_share": 1.0, "seats_dealt": 2, "seats_not_dealt": 0,
                         "judged": False, "not_judged": {"why": "all"}, "flag": "", "win_rate_dealt": None, "win_rate_not_dealt": None,
                         "difference": None, "low": None, "high": None, "se": None}]
