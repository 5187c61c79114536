"""Balance warnings: seats or agents that win clearly more or less than a fair share.

A seat's fair share is the mean win rate over all seats (shared wins count for each
winner, so the rates can add up to more than 100 %). A seat is flagged when its
Wilson interval lies entirely above or below that share. The interval's level is
95 % shared among the seats compared (Bonferroni: 98.75 % each for four seats), so
that a balanced four-player game raises a false alarm in about one run in twenty,
not one in five. A flagged seat is a real advantage a designer must look at before
printing (turn order, an easier set of cards for one player...). The same
holds for agents playing side by side. Warnings never fail a variant: balance is a
design decision, not a rules error.
"""
from __future__ import annotations

from statistics import NormalDist
from collections.abc import Mapping
from typing import Any

from cardgen.languages import percent
from cardgen.simulate.stats import wilson

#: Chance of a false alarm for one result entry, shared among the seats (or agents) compared.
ALPHA = 0.05


def _pct(x: float) -> str:
    return percent(x, "en")


#: how many times the games played a run that leaves a gap to chance is told to play again: four times the games
#: halve an interval's width, the least that can turn "may be chance" into a verdict either way
MORE_GAMES = 4


def _judge(wins: int, trials: int, fair: float, compared: int, widened: bool = False) -> dict[str, Any] | None:
    """A seat's or agent's flag as figures (``side`` more or less, rate, interval, fair share), None if fair:
    the terminal words it in the user's language (``summary.balance_lines``). ``widened``: the figures even when
    the widened interval holds the fair share (a seat whose shown 95 % interval leaves it out: ``close``)."""
    low, high = _verdict_interval(wins, trials, compared)
    if low > fair:
        side = "more"
    elif high < fair:
        side = "less"
    elif widened:
        side = "more" if wins / trials > fair else "less"
    else:
        return None
    return {"side": side, "rate": round(wins / trials, 6), "low": round(low, 6), "high": round(high, 6),
            "fair": round(fair, 6), "level": round(1 - ALPHA / compared, 6), "compared": compared}


def _verdict_interval(wins: int, trials: int, compared: int) -> tuple[float, float]:
    """A rate's interval as the balance verdict judges it: 95 % shared among the ``compared`` seats."""
    return wilson(wins, trials, NormalDist().inv_cdf(1 - ALPHA / (2 * compared)))


def widened(wins: int, trials: int, compared: int) -> dict[str, Any]:
    """The verdict's interval (``_verdict_interval``) with its count: the list, the table and the chart show this
    one, so that no rate is given two intervals a few lines apart, a narrow one leaving the fair share out beside
    the verdict's that holds it (fifteenth reading en1, fr10)."""
    low, high = _verdict_interval(wins, trials, compared)
    return {"low": round(low, 6), "high": round(high, 6), "compared": compared}


def shown_seats(r: Mapping[str, Any]) -> tuple[list[dict[str, Any]], int | None]:
    """Entry ``r``'s seat win rates with the interval the balance verdict uses (``widened``) in place of each
    seat's own 95 % one, and how many seats that interval is widened for; an older result without them: its
    seats as they are, and None (their 95 % intervals, said as such)."""
    wide = {w["seat"] - 1: {k: v for k, v in w.items() if k != "seat"}  # low, high, compared; the seat's index kept
            for w in (r.get("balance") or {}).get("seat_intervals") or []}
    seats = [{**s, **wide[s["seat"]]} if s["seat"] in wide else dict(s) for s in r["seat_win_rates"]]
    return seats, next(iter(wide.values()))["compared"] if wide else None


def _flag(label: str, judged: dict[str, Any] | None) -> str | None:
    if judged is None:
        return None
    return (f"{label} wins {judged['side']} than a fair share: {_pct(judged['rate'])} "
            f"[{_pct(judged['low'])}-{_pct(judged['high'])}, a {percent(judged['level'], 'en', places=2)} interval: "
            f"95 % shared among the {judged['compared']} compared] against {_pct(judged['fair'])}")


#: an unflagged seat whose rate is off the fair share, on a close seat's side, by at least this share of that seat's
#: gap is named beside it: Royale's player 3 (31.8 % against 34.8 %) was named as a gap that may be chance and
#: player 2 (32.3 %), almost as far below, went unnamed, as if only seat 3 were in doubt (terminal round 28 it8)
NEAR_SHARE = 0.5


def near_seats(seats: list[dict[str, Any]], fair: float, flags: list[dict[str, Any]],
               close: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``close`` with every other unflagged seat on a close seat's side of ``fair`` whose rate is off it by at least
    ``NEAR_SHARE`` of the largest close gap on that side (its widened interval holds the fair share too: the same
    sentence describes it), in seat order."""
    if not close:
        return close
    taken = {f["seat"] for f in flags if "seat" in f} | {c["seat"] for c in close}
    out = list(close)
    for side in ("more", "less"):
        gaps = [abs(c["rate"] - fair) for c in close if c.get("side") == side and c.get("rate") is not None]
        if not gaps:
            continue
        for s in seats:
            rate = s["wins"] / s["games"]
            if s["seat"] + 1 in taken or (rate > fair) != (side == "more"):
                continue
            if abs(rate - fair) >= NEAR_SHARE * max(gaps):
                out.append({"seat": s["seat"] + 1, "games": s["games"], "near": True,  # its own interval holds fair
                            **(_judge(s["wins"], s["games"], fair, len(seats), widened=True) or {})})
    return sorted(out, key=lambda c: c["seat"])


def balance(stats: dict[str, Any]) -> dict[str, Any]:
    """Fair shares and warnings for the seat and agent win rates of one result entry; ``close``: the seats whose
    own 95 % interval (the one the seat lines show) leaves the fair share out while the widened one, which the
    verdict rests on, holds it, with that widened interval and the games played: said beside the seat lines,
    "no player stands out" read as a contradiction (twelfth reading fr5, fr9, it1, it10)."""
    seats = [s for s in stats["seat_win_rates"] if s["rate"] is not None]
    out: dict[str, Any] = {"seat_fair_share": None, "agent_fair_share": None, "warnings": [], "flags": [],
                           "close": []}
    if len(seats) > 1:  # a solo game has no balance: its one seat is its own fair share
        fair = sum(s["rate"] for s in seats) / len(seats)
        out["seat_fair_share"], out["games"] = round(fair, 4), max(s["games"] for s in seats)
        out["seat_intervals"] = [{"seat": s["seat"] + 1, **widened(s["wins"], s["games"], len(seats))} for s in seats]
        for s in seats:
            if (judged := _judge(s["wins"], s["games"], fair, len(seats))) is not None:
                out["flags"].append({"seat": s["seat"] + 1, **judged})
                out["warnings"].append(_flag(f"seat {s['seat'] + 1}", judged))
            elif s.get("low") is not None and (s["low"] > fair or s["high"] < fair):
                out["close"].append({"seat": s["seat"] + 1, "games": s["games"],
                                     **(_judge(s["wins"], s["games"], fair, len(seats), widened=True) or {})})
        out["close"] = near_seats(seats, fair, out["flags"], out["close"])
    agents = [a for a in stats["agents"] if a["rate"] is not None]
    if len(agents) > 1:
        fair = sum(a["wins"] for a in agents) / sum(a["seats"] for a in agents)
        out["agent_fair_share"] = round(fair, 4)
        for a in agents:
            if (judged := _judge(a["wins"], a["seats"], fair, len(agents))) is not None:
                out["flags"].append({"agent": a["agent"], **judged})
                out["warnings"].append(_flag(f"agent {a['agent']}", judged))
    return out


# -- components the box does not hold enough of ------------------------------------
#: Tracked names that count pieces a game needed and the box did not have (see docs/validator.md):
#: ``<what>_missing`` (the most missing at once) or ``unpaid_<...>`` (what went unpaid because the
#: box ran out, an upper bound of the pieces missing at once).
SHORTFALL_SUFFIX = "_missing"
SHORTFALL_PREFIX = "unpaid_"
#: Share of games that must have enough when we say how many to print.
COVER = 0.99


def is_shortfall(name: str) -> bool:
    """True for a tracked name that counts pieces the box lacked (any value above 0 is a shortage)."""
    return name.endswith(SHORTFALL_SUFFIX) or name.startswith(SHORTFALL_PREFIX)


def quantile_with_zeros(histogram: list[list[Any]], games: int, q: float) -> int:
    """Nearest-rank quantile of per-game values where games absent from ``histogram`` count as 0."""
    if games <= 0:
        return 0
    rank = max(1, -(-int(q * games * 1_000_000) // 1_000_000))  # ceil without float noise
    seen = games - sum(c for _, c in histogram)
    if seen >= rank:
        return 0
    for value, count in sorted(histogram):
        seen += count
        if seen >= rank:
            return int(value)
    return int(max(v for v, _ in histogram))


def sufficiency(stats: dict[str, Any], names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """One finding per shortfall name that asks for more pieces: in how many games the box ran
    short, how many pieces were missing, and how many more of which component to print so that
    ``COVER`` of the games have enough.

    ``names`` maps a shortfall name to the component it lacks, as the designer reads it
    ("silver coins"); without one the tracked name is shown. A shortfall rarer than
    1 - ``COVER`` asks for nothing (print 0 more), so it is no warning: it is left out.
    Needs each game's own peak (``peak_games``, a histogram), not only the overall maximum.
    """
    out = []
    games = stats.get("games", 0)
    for name, dist in stats.get("peak_games", {}).items():
        if not is_shortfall(name):
            continue
        short = sum(c for v, c in dist["histogram"] if v > 0)
        more = quantile_with_zeros(dist["histogram"], games, COVER)
        if not short or not more:
            continue
        what = (names or {}).get(name)
        piece = what or f"pieces ('{name}')"
        out.append({"peak": name, "component": what, "games_short": short, "games": games, "max": dist["max"],
                    "print_more": more, "cover": COVER,
                    "warning": f"print {more} more {piece} so that {percent(COVER, 'en', places=0)} of games "
                               f"have enough: the box "
                               f"runs short in {short} of {games} games ({_pct(short / games)}), up to "
                               f"{dist['max']} missing"})
    return out
