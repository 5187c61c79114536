"""Balance warnings flag seats and agents whose win rate is clearly off a fair share."""
from __future__ import annotations

from typing import Any

import pytest

from cardgen.simulate.balance import balance
from cardgen.simulate.stats import wilson


def rate(wins: int, n: int, **extra: Any) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "rate": wins / n, "low": low, "high": high, **extra}


def stats(seat_wins: list[int], games: int = 1000, agents: dict[str, tuple[int, int]] | None = None) -> dict:
    return {"seat_win_rates": [rate(w, games, seat=i, games=games) for i, w in enumerate(seat_wins)],
            "agents": [rate(w, n, agent=a, seats=n) for a, (w, n) in (agents or {}).items()]}


def test_balanced_seats_raise_nothing() -> None:
    out = balance(stats([255, 245, 252, 248]))
    assert out["warnings"] == [] and out["seat_fair_share"] == 0.25


def test_first_player_advantage_is_flagged_both_ways() -> None:
    warnings = balance(stats([400, 250, 200, 150]))["warnings"]
    assert any(w.startswith("seat 1 wins more") for w in warnings)
    assert any(w.startswith("seat 4 wins less") for w in warnings)
    assert not any("seat 2" in w for w in warnings)


def test_shared_wins_raise_the_fair_share() -> None:
    out = balance(stats([300, 300, 300]))  # ties shared by everyone: 90 % together, 30 % each
    assert out["seat_fair_share"] == 0.3 and out["warnings"] == []


def test_agents_are_compared_with_their_own_fair_share() -> None:
    out = balance(stats([250] * 4, agents={"heuristic": (960, 2000), "random": (40, 2000)}))
    assert out["agent_fair_share"] == 0.25
    assert [w.split(":")[0] for w in out["warnings"]] == ["agent heuristic wins more than a fair share",
                                                          "agent random wins less than a fair share"]


def test_the_warning_level_is_shared_among_the_seats() -> None:
    """28 % of 1000 games is outside seat 1's own 95 % interval but not the shared one."""
    seat = rate(280, 1000)
    assert seat["low"] > 0.25  # a plain 95 % interval would flag it
    assert balance(stats([280, 240, 240, 240]))["warnings"] == []
    flagged = balance(stats([330, 224, 223, 223]))
    assert flagged["warnings"][0].startswith("seat 1 wins more")
    assert [(f["seat"], f["side"]) for f in flagged["flags"]] == [(1, "more")] and flagged["flags"][0]["rate"] == 0.33


def test_balance_warnings_follow_the_language() -> None:
    """The terminal words a flagged seat from its figures, in the user's language (summary.balance_lines)."""
    from cardgen.simulate.summary import balance_lines

    flagged = balance(stats([330, 224, 223, 223]))
    assert balance_lines(flagged, "en") == ["balance: player 1 wins more often than a fair share: 33.0% of games "
                                            "against 25.0% (a shared win counts for each winner); an interval wider "
                                            "than the 95% one above, because 4 players are compared at once (98.75% "
                                            "confidence): [29.4% to 36.8%]"]  # which interval is which (it20)
    assert balance_lines(flagged, "fr")[0].startswith("équilibre\u202f: le joueur 1 gagne nettement plus souvent que sa "
                                                      "juste part\u202f: 33,0\u202f%")
    assert balance_lines(flagged, "it")[0].startswith("equilibrio: il giocatore 1 vince nettamente più spesso "
                                                      "della quota equa: 33,0\u00a0%")


def test_no_completed_game_means_no_verdict() -> None:
    empty = {"seat_win_rates": [{"seat": 0, "wins": 0, "rate": None, "low": 0, "high": 1}], "agents": []}
    assert balance(empty) == {"seat_fair_share": None, "agent_fair_share": None, "warnings": [], "flags": []}


def test_a_flagged_seats_interval_says_it_is_wider_than_the_seat_lines() -> None:
    """validate royale --players 4 printed 'seat win rates: 1: 36.5% [31.9% to 41.3%]' and, on the next line,
    'balance: seat 1 wins more than a fair share: 36.5% [30.7% to 42.7%] against 26%': two intervals for one
    seat, the second Bonferroni-widened (98.75 % each for 4 seats) and said as if it were the same 95 %."""
    from cardgen.simulate.summary import balance_lines
    from cardgen.simulate.stats import wilson

    flagged = balance(stats([330, 224, 223, 223]))
    [flag] = flagged["flags"]
    assert flag["level"] == 0.9875 and flag["compared"] == 4
    low, high = wilson(330, 1000, z=2.497705)  # the 98.75 % Wilson interval the flag is judged on
    assert (flag["low"], flag["high"]) == (pytest.approx(low, abs=1e-6), pytest.approx(high, abs=1e-6))
    assert "98.75% interval: 95 % shared among the 4 compared" in flagged["warnings"][0]
    # tenth reading (it20): which of the two intervals is which, said in words
    assert "plus large que celui à 95\u202f% donné plus haut" in balance_lines(flagged, "fr")[0]
    assert "(confiance de 98,75\u202f%)" in balance_lines(flagged, "fr")[0]
    assert "più largo di quello al 95\u00a0% dato sopra" in balance_lines(flagged, "it")[0]
    assert "(confidenza del 98,75\u00a0%)" in balance_lines(flagged, "it")[0]
