"""The game-agnostic half of a compiled tier: the loop over many games and their results in Python's words.

Each game's ``compiled.py`` writes one numba function that plays one game into one row of results,
``play_one(seed, kinds, cap, record, ctx, actions, out)``:

* ``seed``: the game's seed (uint64); ``kinds``: the kernel's agent code of each seat; ``cap``: the
  simulator's safety cap on decisions; with ``record`` it writes ``(seat, action...)`` rows into
  ``actions``; ``ctx``: the game's own tuple of tables and buffers (``BatchEngine._context``);
* it fills ``out`` as laid out by ``R_*`` below (the rules' end code, ``R_STOP`` when the loop stopped the
  game instead, turns, rounds, the number of gap events its kernels logged, decisions, the seat to move,
  the tie-break code, then scores, winners, peaks and whether each peak was seen);
* it returns False when it cannot play the game yet (Royale's noble table is full): the loop stops
  before that game, and ``BatchEngine._resume`` makes room before the loop is called again from it.

``play_many(games, first, ctx, buffers)`` is the loop (the ``Games`` to play, results written into
``Buffers``), written once and compiled once per game with that game's ``play_one`` bound in
(``cardgen.jit.bind``): ``play_many = bind(batch.play_many, "king_lui", None, play_one=_play)``.
``BatchEngine`` is the ``FastEngine`` around it: the loop called in chunks, its rows decoded into
``GameResult`` (``play``) and ``BatchResult`` (``play_batch``) from what the game declares (the names
of its ends, tie-breaks, peaks and gap kinds, a gap's detail in the reference's words) and the few
hooks where a game's results mean more (Draco's winners are decided in Python).
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from cardgen.engine.api import BatchResult, FastEngine, GameResult
from cardgen.jit import announce_compile

if TYPE_CHECKING:
    from cardgen.engine.api import Game

# -- one game's row of results ----------------------------------------------------------------------
#: the rules' end code (an index in ``BatchEngine.end_names``), why the loop stopped the game
#: (``STOPS``), turns, rounds, gap events logged, decisions made, the seat to move, the tie-break code
#: (an index in ``tie_names``, -1 for none); then per seat the score and whether it won (1), then per
#: peak its value and whether the game tracked it (1)
R_END, R_STOP, R_TURNS, R_ROUNDS, R_GAPS, R_DECISIONS, R_SEAT, R_TIE, R_SCORES = range(9)
#: ``R_STOP``: played to an end of the rules; stopped at the safety cap; a seat had no legal action
PLAYED, CAPPED, NO_LEGAL = range(3)
#: the end reason and gap kind of a stopped game, by its ``R_STOP`` (as ``cardgen.simulate.runner`` names them)
STOPS = ("", "safety_cap", "no_legal_action")


class Games(NamedTuple):
    """The games ``play_many`` plays (numba compiles the record as an argument; a field costs nothing)."""

    #: game ``i``'s seed (uint64)
    seeds: np.ndarray
    #: game ``i``'s kernel agent code per seat (``kinds[i, seat]``)
    kinds: np.ndarray
    #: the safety cap on decisions per game
    cap: int
    #: write each game's ``(seat, action...)`` rows into ``Buffers.actions`` (each game over the last one's)
    record: bool


class Buffers(NamedTuple):
    """The arrays ``play_many`` reads and writes beside the game's ``ctx`` (``BatchEngine._run`` makes them)."""

    #: the gap events the game's kernels log while playing one game (kind, numbers), part of ``ctx``
    gaps: np.ndarray
    #: the recorded decisions of the game just played (``Games.record``)
    actions: np.ndarray
    #: one row of results per game, laid out by ``R_*``
    rows: np.ndarray
    #: the gap events of every game played, each behind its game's number
    events: np.ndarray


def play_many(games, first, ctx, buffers):  # type: ignore[no-untyped-def]
    """Play ``games`` from number ``first`` on with ``play_one``, one row of ``buffers.rows`` each; the gap
    events its kernels logged in ``buffers.gaps`` (kind, numbers) appended to ``buffers.events`` behind
    the game's row number.

    Stops before a game whose events might not fit in ``events``, or at one ``play_one`` cannot play
    yet; returns (next game, event rows used). A template: ``cardgen.jit.bind`` compiles it per game.
    """
    seeds, kinds, cap, record = games
    gaps, actions, rows, events = buffers
    used = 0
    room = gaps.shape[0]
    for i in range(first, seeds.shape[0]):
        if used + room > events.shape[0]:
            return i, used
        out = rows[i]
        if not play_one(seeds[i], kinds[i], cap, record, ctx, actions, out):  # noqa: F821 (bound per game)
            return i, used
        for j in range(min(out[R_GAPS], room)):
            events[used, 0] = i
            for k in range(gaps.shape[1]):  # one number at a time: a slice copy needs numba's runtime
                events[used, 1 + k] = gaps[j, k]
            used += 1
    return seeds.shape[0], used


class BatchEngine(FastEngine):
    """A compiled tier that plays through its game's ``play_many`` (see the module's docstring).

    A game's subclass declares the class attributes below and, in its ``__init__``, calls this one
    with the reference ``Game`` and whether the deck settles each gap kind (by code); it writes
    ``_context``, ``_gap_detail`` and ``_record``.
    """

    batch = True
    #: what ``announce_compile`` names ("King Lui fast engine")
    title = ""
    #: agent name -> the kernel's agent code
    agent_codes: dict[str, int] = {}
    #: ``R_END`` code -> end reason ("stalled:<gap kind>" for a stall, "playing" for a game the rules never ended)
    end_names: list[str] = []
    #: ``R_TIE`` code -> tie-break name
    tie_names: list[str] = []
    #: the peaks of a row, in order
    peak_names: list[str] = []
    #: gap event kind code -> gap kind
    gap_kinds: list[str] = []
    #: the game's ``play_many`` (``staticmethod``: a numba dispatcher would bind ``self`` as a method)
    loop: Any = None
    #: numbers of an ``actions`` row (the seat, then the action)
    action_width = 2

    def __init__(self, game: "Game", settled: list[bool]) -> None:
        self.game = game
        self.players = game.players
        self.settled = np.array(settled, dtype=bool)
        self._cap = -1
        self._gap_room = 0  # rows of the gap buffer of the last loop call
        self._kind_rows: dict[tuple[str, ...], np.ndarray] = {}

    @property
    def agents(self) -> frozenset[str]:  # type: ignore[override]
        return frozenset(self.agent_codes)

    def shown_name(self) -> str | None:
        """The game's name in the terminal's language, as its first-run lines head it (« Le Roi Lui », a variant's
        base game's): the compile notice said the English "King Lui" on the French terminal (terminal round 47
        fr18*). None where the game has no resolved deck."""
        from cardgen.terminal import language

        resolved = getattr(self.game, "resolved", None)
        base = getattr(resolved, "base", None) or resolved
        try:
            return str(base.model.name[language()])  # type: ignore[union-attr]
        except (AttributeError, KeyError, TypeError):
            return None

    # -- what each game writes --------------------------------------------------------------------
    def _context(self) -> tuple[tuple, np.ndarray]:
        """``play_one``'s ``ctx`` and the gap buffer its kernels log into (part of ``ctx``), as they are now."""
        raise NotImplementedError

    def _gap_detail(self, code: int, args: list[int]) -> str:
        """A gap event's detail, as the reference engine words it."""
        raise NotImplementedError

    def _record(self, result: GameResult, decisions: int) -> None:
        """Fill ``result.initial_piles`` and ``result.actions`` from the buffers of the game just played."""
        raise NotImplementedError

    def _room(self, cap: int) -> None:
        """Make the game's own buffers big enough for ``cap`` decisions (default: they always are)."""

    def _resume(self) -> None:
        """The loop stopped before the last game: make what ``play_one`` lacked (default: nothing)."""

    def _winners(self, row: list[int], result: GameResult) -> tuple[list[int], str | None]:
        """A completed game's winners and tie-break (default: the kernel's, in the row)."""
        players = self.players
        tie = row[R_TIE]
        winners = [p for p in range(players) if row[R_SCORES + players + p]]
        return winners, None if tie < 0 else self.tie_names[tie]

    def _batch_winners(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``_winners`` for every row: (winners bool[n, players], tie codes, rows ``play`` must decide)."""
        players = self.players
        return rows[:, R_SCORES + players:R_SCORES + 2 * players] != 0, rows[:, R_TIE], np.zeros(len(rows), bool)

    # -- the loop ---------------------------------------------------------------------------------
    def _ready(self, cap: int) -> None:
        """Buffers for ``cap`` decisions: the recorded actions and the game's own (``_room``)."""
        if cap > self._cap:
            self._cap = cap
            self.actions = np.zeros((cap + 1, self.action_width), dtype=np.int64)
            self._room(cap)

    def _kinds(self, agents: list[str] | tuple[str, ...]) -> np.ndarray:
        """The kernel's agent codes of ``agents`` (one array per tuple of names, kept)."""
        key = tuple(agents)
        if key not in self._kind_rows:
            self._kind_rows[key] = np.array([self.agent_codes[a] for a in agents], dtype=np.int64)
        return self._kind_rows[key]

    def _run(self, seeds: np.ndarray, kinds: np.ndarray, cap: int, record: bool) -> tuple[np.ndarray, np.ndarray]:
        """``loop`` over every seed, called again where it stops: (result rows, gap event rows)."""
        announce_compile(self.title, self.loop, self.shown_name())
        self._ready(cap)
        ctx, gaps = self._context()
        self._gap_room = gaps.shape[0]
        rows = np.zeros((len(seeds), R_SCORES + 2 * self.players + 2 * len(self.peak_names)), dtype=np.int64)
        events = np.empty((gaps.shape[0] + 8 * len(seeds) + 64, gaps.shape[1] + 1), dtype=np.int64)
        chunks, first = [], 0
        games = Games(seeds, kinds, cap, record)
        while first < len(seeds):
            first, used = self._loop_call(games, first, ctx, Buffers(gaps, self.actions, rows, events))
            chunks.append(events[:used].copy())
            if first < len(seeds):
                self._resume()
                ctx, gaps = self._context()
        return rows, np.concatenate(chunks)

    def _loop_call(self, games: Games, first: int, ctx: tuple, buffers: Buffers) -> tuple[int, int]:
        """One call of the compiled ``loop`` from game ``first`` on: (next game, event rows used). A tier that
        plays project code in its loop watches the call here (``king_lui.compiled.KingLuiFast``)."""
        return self.loop(games, first, ctx, buffers)

    def _overflows(self, gap_events: Any) -> Any:
        """Whether a game of the last loop call logged more gap events than the buffer held (some were lost)."""
        return gap_events > self._gap_room

    # -- results ----------------------------------------------------------------------------------
    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        rows, events = self._run(np.array([seed], dtype=np.uint64), self._kinds(agents)[None], cap, record)
        row = rows[0].tolist()
        if self._overflows(row[R_GAPS]):  # the reference plays this one (the runner's replay)
            return self.replayed(self.game, seed, list(agents), cap, record)
        settled, detail = self.settled, self._gap_detail
        gaps = [(self.gap_kinds[k], bool(settled[k]), detail(k, args)) for _, k, *args in events.tolist()]
        peaks = R_SCORES + 2 * self.players
        npeaks = len(self.peak_names)
        peak = {name: row[peaks + j] for j, name in enumerate(self.peak_names) if row[peaks + npeaks + j]}
        result = GameResult(seed, list(agents), "", False, gaps, row[R_TURNS], row[R_ROUNDS], peak=peak,
                            engine_gaps=len(gaps))
        if record:
            self._record(result, row[R_DECISIONS])
        stop = row[R_STOP]
        if stop != PLAYED:
            result.end_reason = STOPS[stop]
            gaps.append((STOPS[stop], False, f"no end condition after {cap} decisions" if stop == CAPPED else
                         f"seat {row[R_SEAT]} has no legal action after {row[R_DECISIONS]} decisions"))
            return result
        result.end_reason = self.end_names[row[R_END]]
        if not self._completes[row[R_END]]:
            return result
        result.scores = [float(v) for v in row[R_SCORES:R_SCORES + self.players]]
        result.winners, result.tie_break = self._winners(row, result)
        result.engine_gaps = len(gaps)  # with the gap a tie for the win may have logged
        result.completed = True
        return result

    @cached_property
    def _completes(self) -> np.ndarray:
        """Per end code: whether a game played to it is completed (neither a stall nor unended)."""
        return np.array([name != "playing" and not name.startswith("stalled:") for name in self.end_names])

    def play_batch(self, seeds: np.ndarray, agents: tuple[str, ...], seats: np.ndarray, cap: int) -> BatchResult:
        """``play`` for many games in one compiled loop (see ``FastEngine.play_batch``).

        Games that end in Python (the safety cap, no legal action, more gap events than the buffer
        holds, winners ``_batch_winners`` leaves to ``play``) are played again by ``play``, in ``extra``.
        """
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        kinds = np.array([self.agent_codes[a] for a in agents], dtype=np.int64)[seats]
        rows, events = self._run(seeds, kinds, cap, False)
        winners, tie, back = self._batch_winners(rows)
        back |= (rows[:, R_STOP] != PLAYED) | self._overflows(rows[:, R_GAPS])
        extra = {int(i): self.play(int(seeds[i]), [agents[a] for a in seats[i]], cap, False)
                 for i in np.flatnonzero(back)}
        end, players, peaks, npeaks = rows[:, R_END], self.players, R_SCORES + 2 * self.players, len(self.peak_names)
        kind = events[:, 1]
        return BatchResult(
            seeds=seeds.astype(np.int64), agents=tuple(agents), seats=seats, end=end, end_names=self.end_names,
            completed=self._completes[end] & ~back, turns=rows[:, R_TURNS], rounds=rows[:, R_ROUNDS],
            scores=rows[:, R_SCORES:R_SCORES + players].astype(np.float64), winners=winners, tie=tie,
            tie_names=self.tie_names, peaks=rows[:, peaks:peaks + npeaks], peak_seen=rows[:, peaks + npeaks:] != 0,
            peak_names=self.peak_names, gap_game=events[:, 0], gap_kind=kind, gap_settled=self.settled[kind],
            gap_args=events[:, 2:], gap_kinds=self.gap_kinds, gap_detail=self._gap_detail, extra=extra)
