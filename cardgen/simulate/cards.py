"""Which card is too strong, measured by the deal: a random experiment, not a correlation.

Who is *dealt* a card is decided by the shuffle, not by how well a seat plays, so
the win rate of seats dealt a card against that of seats not dealt it measures what
holding the card does (a randomised experiment; the earlier "seats that played it
win more" measured who gets to play a card, not what the card does). A seat's
deal is what ``State.holding(seat)`` answers right after set-up: component kinds
named as ``State.component_of`` names them. A game that deals nothing to the seats
(King Lui's dishes are all taken from the table) has no card table: nothing can be
measured by experiment there.

The shuffle is a fair experiment only within a seat position: a seat dealt more cards
(a head start for the last player, say) holds every kind more often, so where seats win
unequally, pooling the seats would call every card strong or weak. A judged card's
figures are therefore compared seat position by seat position: the win rate of seat *s*
when dealt it against seat *s* when not, averaged over the positions (each counts alike,
as each plays once a game). The difference is a ratio estimate over games; its interval
is cluster-robust (the seats of one game share one winner, so they are not independent):
the linearised variance summed game by game, kept as counts of each pair of seats'
outcomes. A card is judged only when at least ``MIN_SEATS`` seats were dealt it and as
many were not, and each seat position was on both sides at least ``MIN_PER_SEAT`` times
(a card every seat is dealt, or that only one seat position ever holds, says nothing
about the card); a card not judged shows the pooled rates. Judged cards are flagged
"strong" or "weak" when their interval, widened for the number of judged cards
(Bonferroni), leaves out 0. Everything is a mergeable sum: chunks merge in any order to
the same table. Nothing here knows which game is played.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

Z95 = NormalDist().inv_cdf(0.975)

#: a card is judged only with this many seats dealt it, and as many not dealt it
MIN_SEATS = 100
#: ... and each seat position on both sides at least this often
MIN_PER_SEAT = 10

# the sums kept per card over games where some seat was dealt it: a = wins of seats dealt it, b = seats dealt
# it, c = wins of the other seats, d = the other seats; then the products the cluster variance needs
_SUMS = ("a", "b", "c", "d", "aa", "ab", "bb", "cc", "cd", "dd", "ac", "ad", "bc", "bd")
#: per game totals (w = wins, n = seats): Σw, Σn, Σw², Σwn, Σn²
_TOTALS = 5
#: a seat's outcome for one kind in one game: dealt it and won, dealt it and lost, not dealt it and won, not and lost
_DEALT_WON, _DEALT_LOST, _OTHER_WON, _OTHER_LOST = range(4)


def _totals(w: float, n: float) -> list[float]:
    return [w, n, w * w, w * n, n * n]


@dataclass
class CardTally:
    """Mergeable sums of the deal experiment, per card kind."""

    games: int = 0  # games whose deal is known
    totals: list[float] = field(default_factory=lambda: [0.0] * _TOTALS)  # over every such game
    #: kind -> the 14 ``_SUMS`` over games where some seat was dealt it, then those games' 5 totals
    sums: dict[str, list[float]] = field(default_factory=dict)
    #: kind -> per seat position: how often that seat was dealt it
    seat_dealt: dict[str, list[int]] = field(default_factory=dict)
    #: per seat position: games counted
    seat_games: list[int] = field(default_factory=list)
    #: games counted per pair of (seat, outcome), every seat not dealt the kind: (s, outcome, t, outcome) -> games
    pairs: dict[tuple[int, int, int, int], int] = field(default_factory=dict)
    #: kind -> what the kind's holders change in ``pairs`` (their games counted as dealt, minus as not dealt)
    kind_pairs: dict[str, dict[tuple[int, int, int, int], int]] = field(default_factory=dict)

    def add(self, dealt: list[dict[str, int]], winners: set[int]) -> None:
        """Count one completed game: ``dealt[seat]`` = kind -> copies dealt, ``winners`` its winning seats."""
        seats = len(dealt)
        self.games += 1
        while len(self.seat_games) < seats:
            self.seat_games.append(0)
        for seat in range(seats):
            self.seat_games[seat] += 1
        w, n = float(len(winners & set(range(seats)))), float(seats)
        for k, x in enumerate(_totals(w, n)):
            self.totals[k] += x
        plain = [_OTHER_WON if seat in winners else _OTHER_LOST for seat in range(seats)]
        _count_pairs(self.pairs, plain, 1)
        kinds = sorted({kind for hand in dealt for kind, copies in hand.items() if copies > 0})
        for kind in kinds:
            holders = [seat for seat in range(seats) if dealt[seat].get(kind, 0) > 0]
            a = float(sum(seat in winners for seat in holders))
            b = float(len(holders))
            c, d = w - a, n - b
            row = self.sums.setdefault(kind, [0.0] * (len(_SUMS) + _TOTALS))
            values = (a, b, c, d, a * a, a * b, b * b, c * c, c * d, d * d, a * c, a * d, b * c, b * d,
                      *_totals(w, n))
            for k, x in enumerate(values):
                row[k] += x
            per_seat = self.seat_dealt.setdefault(kind, [])
            while len(per_seat) < seats:
                per_seat.append(0)
            for seat in holders:
                per_seat[seat] += 1
            moved = self.kind_pairs.setdefault(kind, {})
            _count_pairs(moved, [o - 2 if seat in holders else o for seat, o in enumerate(plain)], 1)
            _count_pairs(moved, plain, -1)

    def merge(self, other: "CardTally") -> None:
        self.games += other.games
        for k in range(_TOTALS):
            self.totals[k] += other.totals[k]
        while len(self.seat_games) < len(other.seat_games):
            self.seat_games.append(0)
        for seat, n in enumerate(other.seat_games):
            self.seat_games[seat] += n
        for kind, theirs in other.sums.items():
            row = self.sums.setdefault(kind, [0.0] * len(theirs))
            for k, x in enumerate(theirs):
                row[k] += x
        for kind, theirs_seats in other.seat_dealt.items():
            mine = self.seat_dealt.setdefault(kind, [])
            while len(mine) < len(theirs_seats):
                mine.append(0)
            for seat, n in enumerate(theirs_seats):
                mine[seat] += n
        _merge_counts(self.pairs, other.pairs)
        for kind, theirs_pairs in other.kind_pairs.items():
            _merge_counts(self.kind_pairs.setdefault(kind, {}), theirs_pairs)

    def judged(self, kind: str) -> bool:
        """Enough seats on both sides, and every seat position on both sides: the card can be judged."""
        return self.not_judged(kind) is None

    def not_judged(self, kind: str) -> dict[str, Any] | None:
        """Why ``kind`` cannot be judged, with the figures that say so, or None when it can.

        ``why`` is ``all`` (every seat of every game was dealt it: nobody to compare with), ``position`` (a seat
        position held it always or never, or too rarely on one side: ``seat`` counted from 1, ``held`` of its
        ``games``, ``needed`` each way) or ``seats`` (fewer than ``needed`` seats on one side: ``dealt``,
        ``not_dealt``). A position that is always on one side is named before the seat counts: more games would
        not change it, so "too few seats" would send the designer after the wrong cure.
        """
        s = self.full(kind)
        if s["d"] <= 0:
            return {"why": "all"}
        dealt = self.seat_dealt.get(kind, [])
        held = [(seat, dealt[seat] if seat < len(dealt) else 0, games) for seat, games in enumerate(self.seat_games)]
        one_sided = [h for h in held if h[2] > 0 and h[1] in (0, h[2])]
        short = [h for h in held if h[1] < MIN_PER_SEAT or h[2] - h[1] < MIN_PER_SEAT]
        if not one_sided and (s["b"] < MIN_SEATS or s["d"] < MIN_SEATS):
            return {"why": "seats", "dealt": int(s["b"]), "not_dealt": int(s["d"]), "needed": MIN_SEATS}
        if one_sided or short:
            seat, n, games = (one_sided or short)[0]
            return {"why": "position", "seat": seat + 1, "held": n, "games": games, "needed": MIN_PER_SEAT}
        return None

    def full(self, kind: str) -> dict[str, float]:
        """The sums of ``kind`` over every game, games where no seat was dealt it included."""
        row = self.sums.get(kind, [0.0] * (len(_SUMS) + _TOTALS))
        s = dict(zip(_SUMS, row[:len(_SUMS)]))
        rest = [t - u for t, u in zip(self.totals, row[len(_SUMS):])]  # games where nobody was dealt it
        s["c"] += rest[0]
        s["d"] += rest[1]
        s["cc"] += rest[2]
        s["cd"] += rest[3]
        s["dd"] += rest[4]
        return s

    def effect(self, kind: str, z: float = Z95) -> dict[str, float]:
        """Win rate of seats dealt ``kind``, of the others, their difference and its cluster-robust interval."""
        s = self.full(kind)
        n1, n2 = s["b"], s["d"]
        p1, p2 = s["a"] / n1, s["c"] / n2
        su = s["aa"] - 2 * p1 * s["ab"] + p1 * p1 * s["bb"]
        sv = s["cc"] - 2 * p2 * s["cd"] + p2 * p2 * s["dd"]
        suv = s["ac"] - p2 * s["ad"] - p1 * s["bc"] + p1 * p2 * s["bd"]
        g = self.games
        var = max(0.0, su / (n1 * n1) + sv / (n2 * n2) - 2 * suv / (n1 * n2)) * (g / (g - 1) if g > 1 else 1.0)
        se = math.sqrt(var)
        d = p1 - p2
        return {"dealt": p1, "not_dealt": p2, "difference": d, "se": se, "low": d - z * se, "high": d + z * se,
                "seats_dealt": n1, "seats_not_dealt": n2}

    def seat_effect(self, kind: str, z: float = Z95) -> dict[str, float]:
        """``effect`` seat position by seat position: each position's win rate dealt ``kind`` against not dealt
        it, averaged over the positions, with the cluster-robust interval (per game u = Σ_s (a_s - p1_s b_s) / n1_s
        - (c_s - p2_s d_s) / n2_s, over the seats; var = g/(g-1) Σ (u / S)²). Every position must have been on
        both sides (a judged card is)."""
        cells = dict(self.pairs)
        _merge_counts(cells, self.kind_pairs.get(kind, {}))
        seats = len(self.seat_games)
        coef: list[list[float]] = []
        p1s, p2s, n1, n2 = [], [], 0, 0
        for s in range(seats):
            won, lost, other_won, other_lost = (cells.get((s, o, s, o), 0) for o in range(4))
            p1, p2 = won / (won + lost), other_won / (other_won + other_lost)
            p1s.append(p1)
            p2s.append(p2)
            n1, n2 = n1 + won + lost, n2 + other_won + other_lost
            coef.append([(1 - p1) / (won + lost), -p1 / (won + lost),
                         -(1 - p2) / (other_won + other_lost), p2 / (other_won + other_lost)])
        g = self.games
        total = sum(games * coef[s][o] * coef[t][r] for (s, o, t, r), games in cells.items())
        var = max(0.0, total) / (seats * seats) * (g / (g - 1) if g > 1 else 1.0)
        se = math.sqrt(var)
        dealt, not_dealt = sum(p1s) / seats, sum(p2s) / seats
        d = dealt - not_dealt
        return {"dealt": dealt, "not_dealt": not_dealt, "difference": d, "se": se, "low": d - z * se,
                "high": d + z * se, "seats_dealt": n1, "seats_not_dealt": n2}

    def rows(self) -> list[dict[str, Any]]:
        """One row per kind some seat was dealt: its share, both win rates, the difference with its 95 %
        interval, ``se`` (compare tests the change of the difference), whether it is judged, and the flag."""
        seats = self.totals[1]
        kinds = sorted(self.sums)
        judged = [k for k in kinds if self.judged(k)]
        z_flag = NormalDist().inv_cdf(1 - 0.025 / max(1, len(judged)))
        out = []
        for kind in kinds:
            s = self.full(kind)
            row: dict[str, Any] = {"component": kind, "dealt_share": round(s["b"] / seats, 4) if seats else 0.0,
                                   "seats_dealt": int(s["b"]), "seats_not_dealt": int(s["d"]),
                                   "judged": kind in judged, "not_judged": self.not_judged(kind), "flag": ""}
            if s["b"] > 0 and s["d"] > 0:
                e = self.seat_effect(kind) if kind in judged else self.effect(kind)
                row.update({"win_rate_dealt": round(e["dealt"], 4), "win_rate_not_dealt": round(e["not_dealt"], 4),
                            "difference": round(e["difference"], 4), "low": round(e["low"], 4),
                            "high": round(e["high"], 4), "se": round(e["se"], 6)})
                if kind in judged:  # the interval that decides the flag, widened for the cards judged, is shown
                    wide = e["se"] * z_flag
                    row.update({"flag_low": round(e["difference"] - wide, 4),
                                "flag_high": round(e["difference"] + wide, 4)})
                    row["flag"] = ("strong" if e["difference"] - wide > 0 else
                                   "weak" if e["difference"] + wide < 0 else "")
            else:
                row.update({"win_rate_dealt": None, "win_rate_not_dealt": None, "difference": None, "low": None,
                            "high": None, "se": None})
            out.append(row)
        out.sort(key=lambda r: (not r["judged"], -(r["difference"] if r["difference"] is not None else -2),
                                r["component"]))
        return out


def _count_pairs(counts: dict[tuple[int, int, int, int], int], outcomes: list[int], by: int) -> None:
    """Add ``by`` to the count of every pair of seats' outcomes in one game (a seat with itself included)."""
    for s, o in enumerate(outcomes):
        for t, r in enumerate(outcomes):
            key = (s, o, t, r)
            counts[key] = counts.get(key, 0) + by


def _merge_counts(mine: dict[tuple[int, int, int, int], int], theirs: dict[tuple[int, int, int, int], int]) -> None:
    for key, n in theirs.items():
        mine[key] = mine.get(key, 0) + n


#: a card played less often than this, per player and game, is "hardly ever played": who was dealt it tells more
#: about holding it (a card kept in hand, a card that counts at the end) than about what it does when played, so
#: its row's gap is not read as its effect (eleventh reading fr76, fr71): once in 10 games per player
HARDLY_PLAYED = 0.1


def hardly_played(row: Any) -> bool:
    """Whether a card row (``designer.card_rows``) counts plays and its simulated players played the card less
    than ``HARDLY_PLAYED`` times per player and game; a row that does not count plays is never said so."""
    plays = row.get("plays_per_seat") if isinstance(row, dict) else None
    return isinstance(plays, (int, float)) and not isinstance(plays, bool) and plays < HARDLY_PLAYED


#: the keys of a card row both sides of a comparison show
PAIRED_KEYS = ("dealt_share", "plays_per_seat", "win_rate_dealt", "win_rate_not_dealt", "difference", "low", "high",
               "flag_low", "flag_high", "flag", "held_flag", "judged", "not_judged",
               "played_share")  # how often a card every player holds was used, as validate says it (round 40 en38)


def paired_cards(base: list[dict[str, Any]], variant: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The card rows of both decks side by side (the variant's figures, the base's nested in ``base``), each
    card judged on both sides with ``change``: did the variant change what being dealt it does?

    ``change`` is a figure like compare's others (``metric`` ``card:<kind>``, variant's difference minus the
    base's, its 95 % interval and two-sided p-value; the two decks' games are treated as independent, which
    only widens the interval), so compare puts it in the same Holm family as every other figure and the
    verdict names a card only when that change is significant. Sorted by the variant's difference.
    """
    rows_b = {r["component"]: r for r in base}
    rows_v = {r["component"]: r for r in variant}
    out = []
    for kind in sorted(set(rows_b) | set(rows_v)):
        rv, rb = rows_v.get(kind), rows_b.get(kind)
        row: dict[str, Any] = {"component": kind, **{k: rv.get(k) if rv else None for k in PAIRED_KEYS},
                               "base": {k: rb.get(k) for k in PAIRED_KEYS} if rb else None}
        if rv and rb and rv.get("judged") and rb.get("judged") and rv.get("se") is not None \
                and rb.get("se") is not None:
            row["change"] = change(kind, rb, rv)
        out.append(row)
    out.sort(key=lambda r: (-(r["difference"] if r["difference"] is not None else -2), r["component"]))
    return out


def change(kind: str, b: dict[str, Any], v: dict[str, Any]) -> dict[str, Any]:
    """The variant's dealt-minus-not-dealt difference minus the base's, as a compare figure."""
    d = v["difference"] - b["difference"]
    se = math.sqrt(b["se"] ** 2 + v["se"] ** 2)
    p = (0.0 if d else 1.0) if se == 0 else 2 * (1 - NormalDist().cdf(abs(d) / se))
    return {"metric": f"card:{kind}", "base": b["difference"], "variant": v["difference"], "difference": round(d, 6),
            "low": round(d - Z95 * se, 6), "high": round(d + Z95 * se, 6), "p": p, "n": None}
