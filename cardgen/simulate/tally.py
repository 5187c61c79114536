"""Aggregate game results of one deck and player count into mergeable counters.

A ``Tally`` is built per chunk in a worker and merged in the parent in chunk order.
Everything is a count or a maximum, so merged tallies equal the tally of all games
at once, whatever the chunking; the first-seen seed of a gap is the one of the
lowest game index, also independent of chunking.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cardgen.engine.api import BatchResult, GameResult
from cardgen.simulate.designer import DesignerTally
from cardgen.simulate.options import OptionTally
from cardgen.simulate.stats import Dist, OutOfRunning, clean, margin_of, margins, wilson


def _count(dist: Dist, values: Any) -> None:
    """``dist.add`` of every value of the array ``values``, one dictionary update per distinct value."""
    if len(values) == 0:
        return
    distinct, counts = np.unique(values, return_counts=True)
    for value, n in zip(distinct.tolist(), counts.tolist()):
        # Dist.add's normalisation, once per distinct value
        if type(value) is not int:
            value = clean(value)
        dist.counts[value] = dist.counts.get(value, 0) + n


class Tally:
    """Counters for the validator's report on one (deck, player count)."""

    def __init__(self, players: int, out_of_running: OutOfRunning | None = None) -> None:
        """Empty counters for games of ``players`` seats; ``out_of_running``: the game's own ranking where its
        scores alone do not give the runner-up (``GameSpec.out_of_running``), for the winner's lead."""
        self.players = players
        self.out_of_running = out_of_running
        self.games = 0
        self.completed = 0
        self.end_reasons: dict[str, int] = {}
        #: (kind, settled) -> [occurrences, games, first game index, its seed, first detail]
        self.gaps: dict[tuple[str, bool], list[Any]] = {}
        self.turns = Dist()
        self.rounds = Dist()
        self.scores = Dist()
        self.winner_scores = Dist()
        self.margins = Dist()
        self.seat_scores = [Dist() for _ in range(players)]
        self.seat_wins = [0] * players
        self.agent_seats: dict[str, int] = {}
        self.agent_wins: dict[str, int] = {}
        self.ties = 0
        self.shared_wins = 0
        self.tie_breaks: dict[str, int] = {}
        self.peaks: dict[str, int] = {}
        #: name -> distribution of each game's own peak (games that never tracked it are not counted)
        self.peak_dists: dict[str, Dist] = {}
        #: designer metrics and the component table, from games replayed with a trace (designer.py)
        self.designer = DesignerTally(out_of_running=out_of_running)
        #: the options a house rule adds: how often taken, and their worth by paired play-outs (options.py)
        self.options = OptionTally()

    # -- adding ------------------------------------------------------------------
    def add(self, index: int, r: GameResult) -> None:
        """Count game ``index``."""
        self.games += 1
        self.end_reasons[r.end_reason] = self.end_reasons.get(r.end_reason, 0) + 1
        seen: set[tuple[str, bool]] = set()
        for kind, settled, detail in r.gaps:
            key = (kind, settled)
            entry = self.gaps.get(key)
            if entry is None:
                entry = self.gaps[key] = [0, 0, index, r.seed, detail]
            elif index < entry[2]:
                entry[2:] = [index, r.seed, detail]
            entry[0] += 1
            if key not in seen:
                entry[1] += 1
                seen.add(key)
        for name, value in r.peak.items():
            if value > self.peaks.get(name, value - 1):
                self.peaks[name] = value
            dist = self.peak_dists.get(name)
            if dist is None:
                dist = self.peak_dists[name] = Dist()
            dist.add(value)
        if not r.completed or r.scores is None or r.winners is None:
            return
        self.completed += 1
        self.turns.add(r.turns)
        self.rounds.add(r.rounds)
        winners = set(r.winners)
        for seat, score in enumerate(r.scores):
            self.scores.add(score)
            self.seat_scores[seat].add(score)
            name = r.agents[seat]
            self.agent_seats[name] = self.agent_seats.get(name, 0) + 1
            if seat in winners:
                self.seat_wins[seat] += 1
                self.agent_wins[name] = self.agent_wins.get(name, 0) + 1
        if winners:
            self.winner_scores.add(max(r.scores[w] for w in winners))
            margin = margin_of(r.scores, winners, self.out_of_running)
            if margin is not None:
                self.margins.add(margin)
        if len(winners) > 1:
            self.shared_wins += 1
        if r.tie_break is not None or len(winners) > 1:
            self.ties += 1
            rule = r.tie_break if r.tie_break is not None else "none (shared win)"
            self.tie_breaks[rule] = self.tie_breaks.get(rule, 0) + 1

    def add_batch(self, first: int, b: BatchResult) -> None:
        """Count the games of ``b``, row ``i`` being game ``first + i``: the same counts as
        ``add`` game by game, computed column by column (a chunk's games never become objects)."""
        n = len(b.seeds)
        if n == 0:
            return
        keep = np.ones(n, dtype=bool)
        for row in b.extra:
            keep[row] = False
        self.games += int(keep.sum())
        ends, counts = np.unique(b.end[keep], return_counts=True)
        for code, count in zip(ends.tolist(), counts.tolist()):
            reason = b.end_names[code]
            self.end_reasons[reason] = self.end_reasons.get(reason, 0) + count
        self._add_gaps(first, b, keep)
        for j, name in enumerate(b.peak_names):
            values = b.peaks[keep & b.peak_seen[:, j], j]
            if len(values) == 0:
                continue
            top = int(values.max())
            if top > self.peaks.get(name, top - 1):
                self.peaks[name] = top
            _count(self.peak_dists.setdefault(name, Dist()), values)
        done = keep & b.completed
        self.completed += int(done.sum())
        _count(self.turns, b.turns[done])
        _count(self.rounds, b.rounds[done])
        scores, winners, seats = b.scores[done], b.winners[done], b.seats[done]
        _count(self.scores, scores.ravel())
        for seat in range(self.players):
            _count(self.seat_scores[seat], scores[:, seat])
            self.seat_wins[seat] += int(winners[:, seat].sum())
        for a, name in enumerate(b.agents):
            at = seats == a
            if at.any():
                self.agent_seats[name] = self.agent_seats.get(name, 0) + int(at.sum())
                self.agent_wins[name] = self.agent_wins.get(name, 0) + int((at & winners).sum())
        nwin = winners.sum(axis=1)
        some = nwin > 0
        best = np.where(winners, scores, -np.inf)
        _count(self.winner_scores, best.max(axis=1)[some])
        lead = margins(scores, winners, self.out_of_running)
        _count(self.margins, lead[~np.isnan(lead)])
        shared = nwin > 1
        self.shared_wins += int(shared.sum())
        tie = b.tie[done]
        tied = (tie >= 0) | shared
        self.ties += int(tied.sum())
        codes, counts = np.unique(tie[tied], return_counts=True)
        for code, count in zip(codes.tolist(), counts.tolist()):
            rule = b.tie_names[code] if code >= 0 else "none (shared win)"
            self.tie_breaks[rule] = self.tie_breaks.get(rule, 0) + count
        for row in sorted(b.extra):
            self.add(first + row, b.extra[row])

    def _add_gaps(self, first: int, b: BatchResult, keep: Any) -> None:
        """The gap counters of ``add`` for the batch's gap events (rows in game order)."""
        if len(b.gap_game) == 0:
            return
        mask = keep[b.gap_game]
        games, kinds, settled = b.gap_game[mask], b.gap_kind[mask], b.gap_settled[mask]
        args = b.gap_args[mask]
        key = kinds * 2 + settled
        for k in np.unique(key).tolist():
            rows = np.flatnonzero(key == k)
            kind, ok = b.gap_kinds[k // 2], bool(k % 2)
            at = int(rows[0])  # the first event of the lowest game: the detail ``add`` keeps
            index = first + int(games[at])
            entry = self.gaps.get((kind, ok))
            if entry is None or index < entry[2]:
                seen = [index, int(b.seeds[games[at]]), b.gap_detail(k // 2, args[at].tolist())]
                if entry is None:
                    entry = self.gaps[(kind, ok)] = [0, 0, *seen]
                else:
                    entry[2:] = seen
            entry[0] += len(rows)
            entry[1] += len(np.unique(games[rows]))

    def merge(self, other: "Tally") -> None:
        """Add the counts of ``other`` (another chunk of the same deck and player count)."""
        self.games += other.games
        self.completed += other.completed
        for reason, n in other.end_reasons.items():
            self.end_reasons[reason] = self.end_reasons.get(reason, 0) + n
        for key, (count, games, index, seed, detail) in other.gaps.items():
            entry = self.gaps.get(key)
            if entry is None:
                self.gaps[key] = [count, games, index, seed, detail]
                continue
            entry[0] += count
            entry[1] += games
            if index < entry[2]:
                entry[2:] = [index, seed, detail]
        for dist in ("turns", "rounds", "scores", "winner_scores", "margins"):
            getattr(self, dist).merge(getattr(other, dist))
        for mine, theirs in zip(self.seat_scores, other.seat_scores):
            mine.merge(theirs)
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        for name, n in other.agent_seats.items():
            self.agent_seats[name] = self.agent_seats.get(name, 0) + n
        for name, n in other.agent_wins.items():
            self.agent_wins[name] = self.agent_wins.get(name, 0) + n
        self.ties += other.ties
        self.shared_wins += other.shared_wins
        for rule, n in other.tie_breaks.items():
            self.tie_breaks[rule] = self.tie_breaks.get(rule, 0) + n
        for name, value in other.peaks.items():
            if value > self.peaks.get(name, value - 1):
                self.peaks[name] = value
        for name, dist in other.peak_dists.items():
            self.peak_dists.setdefault(name, Dist()).merge(dist)
        self.designer.merge(other.designer)
        self.options.merge(other.options)

    # -- reading -----------------------------------------------------------------
    @property
    def unsettled(self) -> list[dict[str, Any]]:
        return [g for g in self.rule_gaps() if not g["settled"]]

    def rule_gaps(self) -> list[dict[str, Any]]:
        """Every gap kind seen, unsettled first, then by how often it happened."""
        out = [{"kind": kind, "settled": settled, "count": count, "games": games,
                "game": index, "seed": seed, "detail": detail}
               for (kind, settled), (count, games, index, seed, detail) in self.gaps.items()]
        out.sort(key=lambda g: (g["settled"], -g["count"], g["kind"]))
        return out

    def to_json(self) -> dict[str, Any]:
        """The statistics part of a validation result (see docs/validator.md)."""
        def rate(wins: int, n: int, of: str = "games") -> dict[str, Any]:
            low, high = wilson(wins, n)
            return {"wins": wins, of: n, "rate": round(wins / n, 4) if n else None,
                    "low": round(low, 4), "high": round(high, 4)}

        return {
            "games": self.games,
            "completed": self.completed,
            "end_reasons": dict(sorted(self.end_reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            "rule_gaps": self.rule_gaps(),
            "turns": self.turns.summary(),
            "rounds": self.rounds.summary(),
            "scores": {
                "all": self.scores.summary(),
                "winner": self.winner_scores.summary(),
                "margin": self.margins.summary(),
                "seat_mean": [None if (m := d.mean()) is None else round(m, 4) for d in self.seat_scores],
                "seat": [d.summary() for d in self.seat_scores],
            },
            "ties": {"games": self.ties, "shared_wins": self.shared_wins,
                     "tie_breaks": dict(sorted(self.tie_breaks.items(), key=lambda kv: (-kv[1], kv[0])))},
            "seat_win_rates": [{"seat": seat, **rate(w, self.completed)} for seat, w in enumerate(self.seat_wins)],
            "agents": [{"agent": name, **rate(self.agent_wins.get(name, 0), n, "seats")}
                       for name, n in sorted(self.agent_seats.items())],
            "peaks": dict(sorted(self.peaks.items())),
            "peak_games": {name: self.peak_dists[name].summary() for name in sorted(self.peak_dists)},
            "designer": self.designer.to_json(),
        } | ({"options": self.options.to_json()} if self.options.offered else {})
