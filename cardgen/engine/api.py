"""The game-agnostic interface every rules engine implements (in the spirit of OpenSpiel).

Agents, the simulator, statistics, logs and reports only ever talk to these
classes, so none of them branches on which game is played.

* ``Game(deck, players)`` holds the resolved deck and player count.
* ``Game.new_initial_state(seed)`` deals a fresh game; every shuffle and die roll
  comes from a ``random.Random(seed)`` owned by the state, so a seed reproduces it.
* ``State`` exposes whose decision it is, the legal actions, ``apply``, terminal,
  scores, and what a given player may see (``observation``).

Actions are tuples of strings and ints so that they can be written to JSON logs
and compared on replay. Legality is decided in one place: ``legal_actions``;
``apply`` refuses anything not in it.
"""
from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

Action = tuple[Any, ...]


class IllegalAction(Exception):
    """Raised by ``State.apply`` for an action not in ``legal_actions``."""


@dataclass
class Gap:
    """A moment where the published rules demand the impossible or fall silent.

    ``settled`` tells whether the deck declared a clarification for ``kind``
    (``deck.clarifications``), which the engine then applied.
    """

    kind: str
    settled: bool
    detail: str = ""


@dataclass
class Outcome:
    """How a finished game ended, for statistics and logs."""

    end_reason: str
    scores: list[float]
    winners: list[int]
    tie_break: str | None = None  # name of the rule that broke a tie, if one was needed
    extra: dict[str, Any] = field(default_factory=dict)


class Ending(NamedTuple):
    """How one future of an experiment ended, as a seat's judgement reads it (``cardgen.simulate.exchange``):
    who won, and each seat's standing at the end (higher is better: ``State.standings``, else the scores)."""

    winners: frozenset[int]
    standings: list[float]


@dataclass(slots=True)
class GameResult:
    """What the statistics and the log need from one finished (or abandoned) game.

    Produced by the simulator from a reference ``State`` and, identically, by a
    game's compiled tier (``FastEngine.play``), so both feed the same statistics.
    """

    seed: int
    agents: list[str]
    end_reason: str
    completed: bool
    gaps: list[tuple[str, bool, str]] = field(default_factory=list)
    turns: int = 0
    rounds: int = 0
    scores: list[float] | None = None
    winners: list[int] | None = None
    tie_break: str | None = None
    peak: dict[str, int] = field(default_factory=dict)
    initial_piles: dict[str, list[str]] | None = None
    actions: list[tuple[int, Action]] | None = None
    engine_gaps: int = 0  # the first ``engine_gaps`` of ``gaps`` were recorded by the engine itself


@dataclass
class BatchResult:
    """Many games of one deck and player count as arrays (``FastEngine.play_batch``).

    Row ``i`` is the game seeded ``seeds[i]``; it says what ``GameResult`` would say,
    minus the log (initial piles, actions): the statistics read it column by column
    instead of one object per game. Codes index the name lists (``end_names``,
    ``tie_names`` with ``-1`` for no tie-break, ``peak_names``, ``gap_kinds``).
    Games the compiled loop hands back to Python (a safety cap, a rare tie rule...)
    are in ``extra`` (row -> ``GameResult``); their rows are ignored.
    """

    seeds: Any  # int64[n]
    agents: tuple[str, ...]  # agent names of the run
    seats: Any  # int64[n, players]: index in ``agents`` of each seat's agent
    end: Any  # int64[n] -> end_names
    end_names: list[str]
    completed: Any  # bool[n]
    turns: Any  # int64[n]
    rounds: Any  # int64[n]
    scores: Any  # float64[n, players] (completed games)
    winners: Any  # bool[n, players] (completed games)
    tie: Any  # int64[n] -> tie_names, -1: none
    tie_names: list[str]
    peaks: Any  # int64[n, len(peak_names)]
    peak_seen: Any  # bool[n, len(peak_names)]: the game tracked this peak
    peak_names: list[str]
    gap_game: Any  # int64[g]: row of each gap event, in game order then event order
    gap_kind: Any  # int64[g] -> gap_kinds
    gap_settled: Any  # bool[g]
    gap_args: Any  # int64[g, k]: what ``gap_detail`` words
    gap_kinds: list[str]
    gap_detail: Callable[[int, list[int]], str]  # (kind code, args) -> the reference's detail
    extra: dict[int, "GameResult"] = field(default_factory=dict)


class State(ABC):
    """One game in progress. Subclasses keep all of their own bookkeeping."""

    def __init__(self, game: "Game", seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.gaps: list[Gap] = []
        self.turns = 0  # completed player turns
        self.rounds = 0  # completed rounds (courses, banquet rounds...)
        self.end_reason: str | None = None
        self.initial_piles: dict[str, list[str]] = {}
        self.peak: dict[str, int] = {}

    @property
    def num_players(self) -> int:
        return self.game.players

    # -- the interface -------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat (0-based) whose decision it is; -1 once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now; empty only when terminal."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Carry out ``action`` for the current player (raises ``IllegalAction``)."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: public information plus their own hidden cards only."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores, winners and tie-break of a finished game."""

    @abstractmethod
    def zones(self) -> dict[str, list[str]]:
        """Every card instance id by the place it is in (conservation checks)."""

    def is_terminal(self) -> bool:
        return self.end_reason is not None

    def invariants(self) -> list[str]:
        """Broken invariants of this position, as readable problems (empty: all hold).

        The conformance check calls it after every action of thousands of games.
        Engines list what their rules promise: coins conserved (bank plus players
        constant except where a rule adds or removes coins), each seat acting only
        with its own components, no negative count or score. Card conservation is
        checked generically from ``zones()``.
        """
        return []

    def clone(self) -> "State":
        """An independent copy that shares only the immutable ``game`` (search agents).

        The default deep-copies everything but ``game``; engines override it with a
        cheaper copy of their own lists when search speed matters.
        """
        return copy.deepcopy(self, {id(self.game): self.game})

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A clone in which everything ``player`` cannot see is dealt again at random.

        Hidden cards (other hands, draw piles, face-down cards) are shuffled among
        the places ``player`` cannot see, consistently with everything ``player`` has
        seen (their own hand, the table, cards revealed so far), and the clone's
        ``rng`` is reseeded from ``rng`` so future chance differs too. Information-set
        search (``cardgen.agents.search``) samples states this way. The default
        raises: an engine opts in by overriding it.
        """
        raise NotImplementedError(f"{type(self).__name__} cannot determinize yet")

    def compiled_search(self, params: "SearchParams", legal: list[Action], seed: int) -> int | None:
        """The index in ``legal`` that a compiled search driver picks for ``current_player``, or None.

        ``SearchAgent`` asks this first; None (the default: no compiled driver for this
        game, deck or parameters) makes it run its own Python search. An engine that has
        one (in its game package, built on ``cardgen.engine.fasttree``) runs the same
        algorithm as ``SearchAgent`` with ``params`` inside numba, reading only what
        ``current_player`` may see (it determinizes like ``determinize``), with all its
        randomness from ``seed`` (a 63-bit draw of the agent's generator), so the same
        state and seed always give the same decision on any tier. The game declares its
        driver in its ``GameSpec.search``; this asks it.
        """
        driver = self._declared_search()
        return None if driver is None else driver(self, params, legal, seed)

    def has_compiled_search(self) -> bool:
        """Whether ``compiled_search`` may answer (a driver is declared, or a state overrides it)."""
        return type(self).compiled_search is not State.compiled_search or self._declared_search() is not None

    def _declared_search(self) -> Any:
        """The search driver of this game's ``GameSpec`` (None: none, or a game built without a resolved deck)."""
        spec = getattr(getattr(self.game, "resolved", None), "spec", None)
        return getattr(spec, "search", None)

    def score_estimate(self) -> list[float] | None:
        """Each seat's standing now, in the game's points (the designer metrics' per-turn trace).

        Lead changes, comebacks, drama and decisiveness (``cardgen.simulate.designer``)
        read it after every turn. The default, None, means no estimate: those metrics are
        left out. A game returns its current score where it has one (docs/validator.md
        says what each shipped game returns).
        """
        return None

    def suggest(self, legal: list[Action], rng: random.Random) -> Action | None:
        """The rules' own advice for this decision (a house rule's or a rules file's ``policy``), or None.

        Agents ask it before judging actions their heuristic does not know
        (``cardgen.agents.generic``); a house rule (``cardgen.engine.hooks``) and the kit
        (``cardgen.engine.kit``) override it. The default: no advice.
        """
        return None

    def policy_source(self) -> str:
        """The file whose ``policy`` ``suggest`` runs (named when its advice is not a legal action)."""
        return "policy"

    def standings(self) -> list[float] | None:
        """Each seat's standing now, higher is better: what agents' look-ahead compares (None: unknown).

        The default is ``score_estimate`` (the shipped games: most points wins); a game where the
        lowest score wins turns it round (``cardgen.engine.kit``).
        """
        return self.score_estimate()

    def component_of(self, action: Action) -> str | None:
        """The component kind ``action`` plays or takes (a card kind, a dish, an imposter use...), or None.

        Asked before ``action`` is applied, for the "which card is too strong" table
        (``cardgen.simulate.designer``). The default, None, leaves the table empty.
        """
        return None

    def holding(self, player: int) -> dict[str, int] | None:
        """The component kinds seat ``player`` holds now, with their copies, named as ``component_of`` names them.

        Read once, right after set-up, for "which card is too strong"
        (``cardgen.simulate.cards``): who is dealt a card is a random experiment, so the
        win rate of seats dealt it against the others' is what the card does. A component
        a seat gets by its position rather than by the shuffle is listed but never judged
        (each seat position must be seen on both sides). The default, None, leaves the table empty.
        """
        return None

    def exchangeable(self, player: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]] | None:
        """The cards seat ``player`` could give up now and those it could receive instead, or None.

        Both lists hold ``(card id, kind)``, kinds named as ``holding`` names them: the first,
        cards in the seat's own hand; the second, cards in no seat's hand that could have been
        there instead (a draw pile, cards set aside: the game says where a card can come from).
        The play experiment (``cardgen.simulate.exchange``) exchanges one of each at a random
        decision and plays both futures: what a card is worth in the middle of a game, cards
        drawn in play included. Empty lists: nothing to exchange now. The default, None, says the
        game does not support the experiment (the report then says why there is no play table).
        """
        return None

    def exchange(self, player: int, give: str, take: str) -> None:
        """Put card ``take`` in seat ``player``'s hand in place of ``give``, and ``give`` where ``take`` was.

        Both come from ``exchangeable(player)``; nothing else changes (the state's generator, whose
        turn it is, every other card), so the two futures differ by this exchange only. Games that
        answer ``exchangeable`` implement it.
        """
        raise NotImplementedError(f"{type(self).__name__} cannot exchange cards")

    # -- helpers for engines -------------------------------------------------
    def gap(self, kind: str, detail: str = "") -> str | None:
        """Record a rule gap; return the deck's declared resolution, or None.

        With None the engine must end the game with ``end_reason = "stalled:" + kind``.
        """
        clar = self.game.deck.clarifications.get(kind)
        self.gaps.append(Gap(kind, clar is not None, detail))
        if clar is None:
            self.end_reason = f"stalled:{kind}"
            return None
        return clar.resolution

    def track(self, name: str, value: int) -> None:
        """Remember the largest ``value`` seen for component ``name`` (print counts)."""
        if value > self.peak.get(name, -(1 << 62)):
            self.peak[name] = value


@dataclass(frozen=True)
class SearchParams:
    """The settings of one search decision (``cardgen.agents.search.SearchAgent``'s options).

    ``policy``: rollouts follow the game's heuristic (with chance ``epsilon`` of a
    random move) and the decision is the paired flat Monte Carlo choice against the
    heuristic's own move (``paired``); without it, random rollouts and the tree.
    With a policy in tree mode, the policy's move starts with ``prior * iterations``
    visits of credit.
    """

    iterations: int
    exploration: float
    score_weight: float
    epsilon: float
    policy: bool
    paired: bool
    z: float
    #: tree mode with a policy: share of the iterations credited to the policy's own move
    prior: float = 0.0


class Game(ABC):
    """A game's rules bound to one resolved deck and player count."""

    def __init__(self, deck: "ResolvedDeck", players: int) -> None:
        if not deck.model.players.min <= players <= deck.model.players.max:
            raise ValueError(f"{deck.id} is for {deck.model.players.min}-{deck.model.players.max} players")
        self.deck = deck.model
        self.resolved = deck
        self.players = players

    @abstractmethod
    def new_initial_state(self, seed: int) -> State:
        """A freshly set-up game; all chance comes from ``seed``."""


class Agent(ABC):
    """A player. Sees only ``State.observation(seat)`` and the legal actions."""

    name = "agent"

    @abstractmethod
    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal``; ``rng`` is the agent's own seeded generator."""


class RandomAgent(Agent):
    """Uniformly random legal play: the baseline every game supports."""

    name = "random"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


class Overflowed(RuntimeError):
    """A compiled tier could not finish a game as the reference does, and nothing replays it."""


class FastEngine(ABC):
    """A game's compiled tier for one resolved deck and player count.

    It plays exactly the games of the reference engine: from the same seed and the
    same agent names it returns the ``GameResult`` that ``cardgen.simulate.runner.play_game``
    returns for the reference ``Game`` (same actions, scores, winners, gaps, peaks,
    turns and rounds). A differential test in each game's tests proves it.
    """

    #: agent names this tier can play (always includes "random")
    agents: frozenset[str] = frozenset({"random"})

    #: plays on the reference engine a game this tier cannot finish as the reference does (more gap
    #: events than its buffer holds): ``replay(game, seed, agents, cap, record) -> GameResult``. The
    #: runner, which chooses the tiers, sets it (``cardgen.simulate.runner.replay_on_reference``), so
    #: the engine stage never imports the simulator above it; unset, such a game raises ``Overflowed``.
    replay: ClassVar[Callable[["Game", int, list[str], int, bool], GameResult] | None] = None

    def replayed(self, game: "Game", seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        """The game ``seed`` played on the reference ``game`` by ``FastEngine.replay``: this tier overflowed."""
        replay = FastEngine.replay
        if replay is None:
            raise Overflowed(f"game {seed} overflowed the compiled tier and no reference replay is set "
                             "(import cardgen.simulate.runner)")
        return replay(game, seed, list(agents), cap, record)

    @abstractmethod
    def play(self, seed: int, agents: list[str], cap: int, record: bool) -> GameResult:
        """Play the game seeded ``seed``; with ``record`` fill ``initial_piles`` and ``actions``."""

    #: whether ``play_batch`` is implemented (the simulator's fast path for chunks without a log)
    batch = False

    def play_batch(self, seeds: Any, agents: tuple[str, ...], seats: Any, cap: int) -> BatchResult:
        """Play the games seeded ``seeds`` (int64 array) without logs, as ``BatchResult``.

        Seat ``p`` of game ``i`` is played by ``agents[seats[i, p]]``. Row ``i`` equals
        ``play(seeds[i], ..., cap, False)``. Optional: tiers that set ``batch = True``.
        """
        raise NotImplementedError(f"{type(self).__name__} has no batch path")
