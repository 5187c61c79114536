"""Designer metrics: how a game feels, from each game's per-turn score trace.

A game is traced as the reference ``State`` plays it; a compiled tier's game is replayed
on the reference ``State`` (cheap next to the agents' decisions). ``Tracer`` reads
``State.score_estimate()`` after every completed turn and ``State.component_of(action)``
before every decision. From that trace and the result come, per game:

- ``lead_changes``: how often the sole leader changed (a tie keeps the last leader;
  Browne 2008, "lead change", as in Ludii's ``LeadChange``);
- ``comeback``: 1 when the winner was behind the leader at half the game's turns;
- ``close_game``: 1 when the final margin is at most ``close_margin`` of the winner's score (a tenth of it);
- ``drama``: the mean over the game's turns of the leader's estimate minus the
  eventual winner's (0 while the winner leads): Ludii's ``Drama`` metric
  ("difference between the winning player's state evaluation and the maximum
  state evaluation of any player", averaged over the trial), after Browne 2008;
- ``decided_at``: the share of the game's turns after which the eventual winner
  led (alone or tied) to the end (Browne's decisiveness: the turn from which the
  leader never loses; small = decided early);
- ``kingmaking`` (three seats or more): 1 when the last decision that swapped the
  order of the eventual winner and runner-up was made by a third seat (our
  indicator: a seat out of the final duel chose between the two).

``component_impact`` is "which card is too strong", measured by the deal
(``cardgen.simulate.cards``: the win rate of seats dealt a card against that of
seats not dealt it), with how often a seat played each kind beside it. Nothing here
knows which game is played: games answer through the ``State`` hooks.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Protocol

from cardgen.engine.api import Action, Game, GameResult, State
from cardgen.engine.hooks import replaying
from cardgen.simulate.cards import CardTally, hardly_played
from cardgen.simulate.exchange import FLAGGED_BY, ExchangeTally
from cardgen.simulate.stats import OutOfRunning, margin_of, wilson

#: A game is close when the winner's lead over the runner-up is at most this share of the winner's own score, and
#: never less than ``CLOSE_FLOOR`` (the smallest lead a game scored in whole points has). A fixed 2 points was a narrow
#: win where King Lui's winners score 74 and a third of the score where Royale's score 6: 80 % of Royale's games
#: counted as close (terminal round 27 it9); in proportion, the figure means "won narrowly" in every game.
CLOSE_SHARE = 0.1
CLOSE_FLOOR = 1.0
Z95 = NormalDist().inv_cdf(0.975)

#: Games traced per deck and player count by default (``validate --designer-games``): the first ones.
#: A traced game is played on its own (a compiled tier's game is then replayed on the reference engine), about
#: 0.5 ms of CPU per King Lui game with random players against some 0.02 ms in a compiled batch, so the sample
#: is what bounds the figures' cost: 250 games keep ``validate king_lui --players 4 --games 100000
#: --agents random`` within 10 % of the same run with ``--no-designer`` (issue 34,
#: ``benchmarks/bench_designer.py --command``). Reports say over how many games the figures rest.
TRACED_GAMES = 250

#: per-game figures, in the order the reports list them; rates are 0/1 per game
FIGURES = ("lead_changes", "comeback_rate", "close_games", "drama", "decided_at", "kingmaking")
RATES = ("comeback_rate", "close_games", "kingmaking")


@dataclass
class Trace:
    """One game's estimates after each completed turn (the set-up first), what each seat played and was dealt."""

    estimates: list[list[float]]
    played: list[dict[str, int]]  # per seat: component kind -> how many times it played it
    #: (seat, decision index) of each decision that changed some seat's estimate, with the estimates after it
    moves: list[tuple[int, list[float]]] = field(default_factory=list)
    #: per seat: component kind -> copies held right after set-up (``State.holding``); None: the game says nothing
    dealt: list[dict[str, int]] | None = None


class Tracer:
    """A game's ``Trace`` taken decision by decision, as the game is played or replayed: ``start`` once its state is
    set up, ``apply`` for each decision in place of ``State.apply``, ``trace`` at its end.

    A game played on the reference engine is traced as it is played (``runner.play_game``'s ``tracer``): a replay
    of the same actions would play the same states again, and cost a first validate's Draco run an eighth of its
    time. A trace that fails (a ``score_estimate`` or ``component_of`` that raises) is left out, never the game:
    ``trace`` is then None, as a replay that fails is (``runner.designer_trace``)."""

    def __init__(self) -> None:
        self.off = True  # no trace: not started, the game gives no estimate, or it failed
        self.estimates: list[list[float]] = []
        self.played: list[dict[str, int]] = []
        self.moves: list[tuple[int, list[float]]] = []
        self.dealt: list[dict[str, int]] | None = None
        self.turns = 0
        self.last: list[float] = []

    def start(self, state: State, players: int) -> None:
        """The set-up's estimates and what each of the ``players`` seats holds."""
        try:
            first = state.score_estimate()
            if first is None:
                return
            held = [state.holding(p) for p in range(players)]
        except Exception:  # noqa: BLE001 - the class docstring
            return
        self.off = False
        self.estimates = [list(first)]
        self.dealt = None if any(h is None for h in held) else [dict(h or {}) for h in held]
        self.played = [{} for _ in range(players)]
        self.turns = state.turns
        self.last = list(first)

    def apply(self, state: State, player: int, action: Action) -> None:
        """``state.apply(action)``, ``player``'s decision, with the kind it played before and the estimates after
        (kept when they changed, and at each turn's end). The engine's errors are the game's: they go on."""
        if self.off:
            state.apply(action)
            return
        try:
            kind = state.component_of(action)
        except Exception:  # noqa: BLE001 - the class docstring
            self.off = True
            state.apply(action)
            return
        if kind is not None:
            played = self.played[player]
            played[kind] = played.get(kind, 0) + 1
        state.apply(action)
        try:
            now = state.score_estimate() or []
        except Exception:  # noqa: BLE001 - the class docstring
            self.off = True
            return
        if now != self.last:
            self.moves.append((player, list(now)))
            self.last = list(now)
        if state.turns != self.turns:
            self.turns = state.turns
            self.estimates.append(list(now))

    def trace(self) -> Trace | None:
        """The game's trace (the last estimates closing it), or None: no estimate, or the trace failed."""
        if self.off:
            return None
        estimates = list(self.estimates)
        if self.last != estimates[-1]:
            estimates.append(self.last)
        return Trace(estimates, self.played, self.moves, self.dealt)


class ReplayWatch(Protocol):
    """What else a replay for the trace serves (``options.OfferWatch``: a house rule's offers), so that a game is
    replayed once: ``before`` each action, with the position it is played from; ``done`` once all were played."""

    def before(self, state: State, index: int, player: int, action: Action) -> None: ...

    def done(self) -> None: ...


def trace_game(game: Game, seed: int, actions: list[tuple[int, Action]],
               watch: ReplayWatch | None = None) -> Trace | None:
    """Replay ``actions`` from ``seed`` on the reference engine; None where the game gives no estimate (or a trace
    fails: ``Tracer``; an engine error raises). ``watch`` sees every position of the replay (it is replayed for the
    watch even where the game gives no estimate)."""
    state = replaying(game.new_initial_state(seed))  # the game was played (and checked) already
    tracer = Tracer()
    tracer.start(state, game.players)
    if tracer.off and watch is None:
        return None
    for index, (player, action) in enumerate(actions):
        if watch is not None:
            watch.before(state, index, player, action)
        tracer.apply(state, player, action)
    if watch is not None:
        watch.done()
    return tracer.trace()


def close_margin(winner_score: float) -> float:
    """The largest lead over the runner-up that still makes a close game, for a winner who scored
    ``winner_score``: a tenth of that score (``CLOSE_SHARE``), at least ``CLOSE_FLOOR`` (a tenth of Royale's 6
    points is no lead a game in whole points can have)."""
    return max(CLOSE_FLOOR, CLOSE_SHARE * abs(winner_score))


def _leaders(est: list[float]) -> list[int]:
    best = max(est)
    return [seat for seat, x in enumerate(est) if x == best]


def game_figures(trace: Trace, result: GameResult, out_of_running: OutOfRunning | None = None) -> dict[str, float]:
    """The designer figures of one completed game (figures a game cannot define are left out); the runner-up
    (close games, kingmaking) as the game's own ranking has it (``out_of_running``, ``stats.margins``). A shared
    win is a close game (its winners finish level); a single winner's is close by its lead over the runner-up."""
    if not result.completed or not result.winners or result.scores is None or not trace.estimates:
        return {}
    out: dict[str, float] = {}
    est = [e for e in trace.estimates if e]
    changes, leader = 0, None
    for e in est:
        top = _leaders(e)
        if len(top) == 1 and top[0] != leader:
            if leader is not None:
                changes += 1
            leader = top[0]
    out["lead_changes"] = float(changes)
    winners = set(result.winners)
    margin = margin_of(result.scores, winners, out_of_running)
    if len(winners) > 1:
        # a shared win is the closest finish there is, its winners level: close at every player count. At 2
        # players it had no runner-up and was left out, at 3 and more it was measured against the next player, so
        # Royale's 42.4 % at 2 players sat beside 49.6 % at 3 over other games (terminal round 44 fr8*)
        out["close_games"] = 1.0
    elif margin is not None:
        best = max(result.scores[w] for w in winners)
        out["close_games"] = float(margin <= close_margin(best) + 1e-9)
    if len(winners) == 1:
        (winner,) = winners
        half = est[len(est) // 2]
        out["comeback_rate"] = float(half[winner] < max(half))
        out["drama"] = sum(max(e) - e[winner] for e in est) / len(est)
        k = len(est)
        while k > 0 and est[k - 1][winner] == max(est[k - 1]):
            k -= 1
        out["decided_at"] = k / max(1, len(est) - 1) if len(est) > 1 else 0.0
        runner_up = _runner_up(result.scores, winner, out_of_running) if len(result.scores) > 2 else None
        if runner_up is not None:
            out["kingmaking"] = float(_kingmade(trace.moves, winner, runner_up))
    return out


def _runner_up(scores: list[float], winner: int, out_of_running: OutOfRunning | None = None) -> int | None:
    """The one seat with the best score after the winner's among the seats still in the running (None when
    several share it, or none is left): a seat the game's ranking put out is no runner-up."""
    out = [False] * len(scores) if out_of_running is None else \
        [bool(x) for x in out_of_running([list(scores)], [[seat == winner for seat in range(len(scores))]])[0]]
    others = [(s, seat) for seat, s in enumerate(scores) if seat != winner and not out[seat]]
    if not others:
        return None
    best = max(s for s, _ in others)
    tied = [seat for s, seat in others if s == best]
    return tied[0] if len(tied) == 1 else None


def _kingmade(moves: list[tuple[int, list[float]]], winner: int, runner_up: int) -> bool:
    """Whether the last decision that swapped the order of the winner and the runner-up was a third seat's."""
    order, by = 0, None
    for seat, est in moves:
        now = (est[winner] > est[runner_up]) - (est[winner] < est[runner_up])
        if now and now != order:
            if order:
                by = seat
            order = now
    return by is not None and by not in (winner, runner_up)


@dataclass
class DesignerTally:
    """Mergeable sums of the per-game figures and of the component table, per deck and player count."""

    sums: dict[str, list[float]] = field(default_factory=dict)  # figure -> [n, sum, sum of squares]
    #: component -> [seats that played it, of them winners, times played in all]
    played: dict[str, list[int]] = field(default_factory=dict)
    #: the deal experiment (which card is too strong)
    cards: CardTally = field(default_factory=CardTally)
    #: the play experiment (cards exchanged mid-game, both futures played)
    exchange: ExchangeTally = field(default_factory=ExchangeTally)
    seats: int = 0  # seats of traced games
    wins: int = 0  # of them winners
    traced: int = 0  # completed games traced
    sampled: int = 0  # games offered to the trace (the first ``--designer-games``), finished or not
    #: the traced games' winning scores: their sum and how many, the scale the close games' margin is said against
    #: over the same games as the figure (terminal round 46 it3: "73.9 on average" was over every game of the run)
    winning_sum: float = 0.0
    winning_games: int = 0
    #: the game's own ranking for the runner-up (``GameSpec.out_of_running``); None: the scores alone
    out_of_running: OutOfRunning | None = None

    def add(self, trace: Trace | None, result: GameResult) -> dict[str, float]:
        """Count one game; return its figures (compare pairs them)."""
        self.sampled += 1
        if trace is None or not result.completed or not result.winners:
            return {}
        self.traced += 1
        figures = game_figures(trace, result, self.out_of_running)
        if figures and result.scores is not None:
            self.winning_sum += float(max(result.scores[w] for w in result.winners))
            self.winning_games += 1
        for name, value in figures.items():
            row = self.sums.setdefault(name, [0, 0.0, 0.0])
            row[0] += 1
            row[1] += value
            row[2] += value * value
        winners = set(result.winners)
        self.seats += len(trace.played)
        self.wins += len(winners)
        for seat, kinds in enumerate(trace.played):
            for kind, times in kinds.items():
                row2 = self.played.setdefault(kind, [0, 0, 0])
                row2[0] += 1
                row2[1] += seat in winners
                row2[2] += times
        if trace.dealt is not None:
            self.cards.add(trace.dealt, winners)
        return figures

    def merge(self, other: "DesignerTally") -> None:
        for name, (n, s, ss) in other.sums.items():
            row = self.sums.setdefault(name, [0, 0.0, 0.0])
            row[0] += n
            row[1] += s
            row[2] += ss
        for kind, theirs in other.played.items():
            row2 = self.played.setdefault(kind, [0, 0, 0])
            for k in range(3):
                row2[k] += theirs[k]
        self.seats += other.seats
        self.wins += other.wins
        self.traced += other.traced
        self.sampled += other.sampled
        self.winning_sum += other.winning_sum
        self.winning_games += other.winning_games
        self.cards.merge(other.cards)
        self.exchange.merge(other.exchange)

    def add_deal(self, game: Game, seed: int, winners: list[int] | None) -> None:
        """Count an untraced game's deal (set up again from ``seed``) for the card table: every game played
        counts there, not only the traced ones. A game that did not finish counts nowhere."""
        if not winners:
            return
        dealt = deal_of(game, seed)
        if dealt is not None:
            self.cards.add(dealt, set(winners))

    def add_deals(self, game: Game, batch: Any) -> None:
        """``add_deal`` for every row of a compiled ``BatchResult`` (the rows it handed back: their results)."""
        for row, seed in enumerate(batch.seeds.tolist()):
            extra = batch.extra.get(row)
            if extra is not None:
                self.add_deal(game, extra.seed, extra.winners if extra.completed else None)
            elif batch.completed[row]:
                self.add_deal(game, int(seed), [p for p, won in enumerate(batch.winners[row].tolist()) if won])

    def figures(self) -> dict[str, Any]:
        """Each figure's mean with a 95 % interval (rates: Wilson; counts: normal)."""
        out: dict[str, Any] = {}
        for name in FIGURES:
            if name not in self.sums:
                continue
            n, s, ss = self.sums[name]
            n = int(n)
            if name in RATES:
                low, high = wilson(round(s), n)
                # six places: a share kept to four was rounded twice, 85/246 = 0.345528 -> 0.3455 -> "34.5%" where
                # the one rounding gives 34.6% (round 29 fr25)
                out[name] = {"mean": round(s / n, 6), "low": round(low, 6), "high": round(high, 6), "n": n}
            else:
                mean = s / n
                sd = math.sqrt(max(0.0, (ss - n * mean * mean) / (n - 1))) if n > 1 else 0.0
                half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
                out[name] = {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4),
                             "n": n}
        return out

    def to_json(self) -> dict[str, Any]:
        """The figures and the component table (see docs/validator.md)."""
        winning = {"winner_mean": round(self.winning_sum / self.winning_games, 6)} if self.winning_games else {}
        return {"games": self.traced, "sampled": self.sampled, "close_share": CLOSE_SHARE, **winning, **self.figures(),
                "card_games": self.cards.games, "component_impact": card_rows(self.cards, self.played, self.seats),
                **({"exchange": exchange_json(self.exchange, self.played, self.seats)} if self.exchange.offered else {})}


def exchange_json(tally: ExchangeTally, played: dict[str, list[int]], seats: int) -> dict[str, Any]:
    """The play experiment's table (``ExchangeTally.to_json``) read as the deal's is (``card_rows``): each row with
    how often a seat played its kind, a card the simulated players hardly play keeping its gap but not its flag
    (``held_flag``: holding a card nobody plays is holding a dead card, "too weak" said of the players, not of the
    card: terminal round 28 en10, fr13, it15), and the interval its flag's grade reads (``flag_low``,
    ``flag_high``: its wins', as a dealt card's; ``summary.card_just``). Each row says it is the play
    experiment's (``experiment``), so that its warning names the table it comes from."""
    table = tally.to_json()
    for r in table["rows"]:
        r["experiment"] = "play"
        r["flag_low"], r["flag_high"] = r["win_low"], r["win_high"]
        # which of its figures leave 0 out: a flag on its margin alone is said as such, never "wins more often"
        # where its wins' interval holds 0 (terminal round 29 fr15, it7)
        r["flagged_by"] = [name for name in FLAGGED_BY if r[f"{name}_low"] > 0 or r[f"{name}_high"] < 0]
    return {**table, "rows": with_plays(table["rows"], played, seats)}


def deal_of(game: Game, seed: int) -> list[dict[str, int]] | None:
    """What each seat holds right after the set-up of the game seeded ``seed`` (None: the game does not say)."""
    state = game.new_initial_state(seed)
    held = [state.holding(p) for p in range(game.players)]
    return None if any(h is None for h in held) else [dict(h or {}) for h in held]


#: games whose deals ``deals_vary`` looks at
DEAL_SAMPLE = 20


def deals_vary(game: Game, seeds: list[int]) -> bool:
    """Whether a deal can tell cards apart: in some of these games, some kind is held by some seats and not by
    others. Only then is every game's deal worth counting (a game that deals nothing, or the same to every
    seat, has no card to judge by the deal)."""
    for seed in seeds:
        dealt = deal_of(game, seed)
        if dealt is None:
            return False
        kinds = [frozenset(k for k, n in hand.items() if n > 0) for hand in dealt]
        if len(set(kinds)) > 1:
            return True
    return False


def card_rows(cards: CardTally, played: dict[str, list[int]], seats: int) -> list[dict[str, Any]]:
    """The deal experiment's rows (``CardTally.rows``) with how often a seat played each kind beside them. A card
    the simulated players hardly play (``cards.hardly_played``) keeps its gap but not its flag, which moves to
    ``held_flag``: its gap measures holding it, not its strength, so it is neither "too weak" nor a card for
    ``cardgen fix`` to cure (twelfth reading fr47, fr48, it34, it65). A game that names no played card
    (``State.component_of``: nothing counted) counts no plays: its rows say nothing of them (None), never
    "played 0 times", which would unflag every card it deals."""
    return with_plays(cards.rows(), played, seats)


def with_plays(rows: list[dict[str, Any]], played: dict[str, list[int]], seats: int) -> list[dict[str, Any]]:
    """``rows`` (either experiment's) each with how often a seat played its kind (None where the game names no
    played card), a hardly-played card's flag moved to ``held_flag``: the one rule both tables follow."""
    for r in rows:
        games, _, times = played.get(r["component"], [0, 0, 0])
        r["plays_per_seat"] = (round(times / seats, 4) if seats else 0.0) if played else None
        # the share of a player's games in which they played it at least once: what a caveat on a card used at most
        # once a game says plainly (round 39 en37, en48: Royale's Imposter)
        r["played_share"] = (round(games / seats, 4) if seats else 0.0) if played else None
        if r.get("flag") and hardly_played(r):
            r["held_flag"], r["flag"] = r["flag"], ""
    return rows
