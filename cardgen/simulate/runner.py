"""Play games: one game from its seed, and chunks of games in a worker process.

Only the engine API (``cardgen.engine.api``) is used, so nothing here knows which
game is played. Workers receive a ``DeckRef`` (project folder + deck id), never a
resolved deck: decks are built from dynamically created pydantic classes that do
not pickle. Each process resolves a deck once and keeps it, with its ``Game`` per
player count, in a process-wide cache.
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.agents.base import needs_state
from cardgen.agents.search import DEFAULT_ITERATIONS, SearchAgent
from cardgen.engine.api import Action, Agent, FastEngine, Game, GameResult, RandomAgent, State
from cardgen.errors import InputError, did_you_mean
from cardgen.games.base import GameSpec
from cardgen.resolve.resolve import ResolvedDeck
from cardgen.simulate.seeds import agent_rng, game_seed, game_seeds, seat_agents

#: Default safety cap: a game still running after this many decisions never ends.
DEFAULT_CAP = 10_000

#: Gap kinds the simulator itself records (never settled by a clarification).
NO_LEGAL_ACTION = "no_legal_action"
SAFETY_CAP = "safety_cap"
ENGINE_ERROR = "engine_error"


@dataclass(frozen=True)
class DeckRef:
    """How any process (or a later ``cardgen replay``) finds a deck again."""

    project: str  # absolute project folder
    deck: str  # deck or variant id
    file: str  # its file, relative to the project when inside it

    @classmethod
    def of(cls, deck: ResolvedDeck) -> "DeckRef":
        return cls(str(Path(deck.project).resolve()), deck.id, deck.files[-1] if deck.files else "")


Loader = Callable[[DeckRef], ResolvedDeck]


def load_project_deck(ref: DeckRef) -> ResolvedDeck:
    """Resolve ``ref`` from its project folder (the default loader)."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver

    project = Project.open(ref.project)
    target = ref.deck if ref.deck in project.sources else str(Path(ref.project) / ref.file)
    return Resolver(project).resolve(target)


_DECKS: dict[tuple[Loader, DeckRef], ResolvedDeck] = {}
_GAMES: dict[tuple[Loader, DeckRef, int], Game] = {}
_HASHES: dict[tuple[Loader, DeckRef], str] = {}


def cached_deck(loader: Loader, ref: DeckRef) -> ResolvedDeck:
    """The deck of ``ref``, resolved once per process."""
    key = (loader, ref)
    if key not in _DECKS:
        _DECKS[key] = loader(ref)
    return _DECKS[key]


def cached_game(loader: Loader, ref: DeckRef, players: int) -> Game:
    """The engine's ``Game`` for ``ref`` at ``players`` players, built once per process."""
    key = (loader, ref, players)
    if key not in _GAMES:
        deck = cached_deck(loader, ref)
        if deck.spec.new_game is None:
            raise InputError(f"no rules engine for game '{deck.game}' yet", field=ref.deck)
        _GAMES[key] = deck.spec.new_game(deck, players)
    return _GAMES[key]


_FAST: dict[tuple[Loader, DeckRef, int], "FastEngine | str"] = {}

#: ``--engine`` values: the compiled tier where it can play, never, or required.
ENGINES = ("auto", "reference", "fast")


def cached_fast(loader: Loader, ref: DeckRef, players: int) -> "FastEngine | str":
    """The deck's compiled tier at ``players`` players, or why there is none (once per process)."""
    key = (loader, ref, players)
    if key not in _FAST:
        deck = cached_deck(loader, ref)
        if deck.spec.fast is None:
            _FAST[key] = f"game '{deck.game}' has no compiled tier"
        else:
            try:
                _FAST[key] = deck.spec.fast(deck, players)
            except ImportError as exc:  # numba missing or broken on this machine
                _FAST[key] = f"compiled tier unavailable ({exc})"
    return _FAST[key]


def fast_engine(loader: Loader, ref: DeckRef, players: int, agents: tuple[str, ...],
                engine: str) -> tuple["FastEngine | None", str | None]:
    """The compiled tier a chunk should use, and otherwise a one-line reason why not.

    ``engine`` is ``auto`` (fast where it can play these agents), ``reference`` (never)
    or ``fast`` (callers report the reason as an error when there is no tier).
    """
    if engine == "reference":
        return None, "reference engine asked for"
    fast = cached_fast(loader, ref, players)
    if isinstance(fast, str):
        return None, fast
    missing = sorted(set(agents) - fast.agents)
    if missing:
        return None, f"the compiled tier has no agent {', '.join(missing)}"
    return fast, None


def deck_hash(deck: ResolvedDeck) -> str:
    """A fingerprint of the resolved deck, so a replay can tell that the deck changed."""
    text = json.dumps(deck.model.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def cached_hash(loader: Loader, ref: DeckRef) -> str:
    key = (loader, ref)
    if key not in _HASHES:
        _HASHES[key] = deck_hash(cached_deck(loader, ref))
    return _HASHES[key]


# -- agents -----------------------------------------------------------------------
def agent_factories(spec: GameSpec, search_iterations: int = DEFAULT_ITERATIONS) -> dict[str, Callable[[], Agent]]:
    """Agent name -> factory for a game: the generic ``random`` and ``search`` plus the game's own agents.

    ``search`` (``cardgen.agents.search``) runs ``search_iterations`` iterations per decision;
    where the game has a ``heuristic`` agent, search plays its rollouts with it (epsilon-greedy)
    and starts each decision leaning to the heuristic's move (random play rarely scores).
    """
    policy = spec.agents.get("heuristic")
    out: dict[str, Callable[[], Agent]] = {"random": RandomAgent,
                                           "search": lambda: SearchAgent(search_iterations, policy=policy)}
    out.update(spec.agents)
    return out


def check_agents(deck: ResolvedDeck, names: list[str]) -> None:
    """Raise ``InputError`` for an agent name this deck's game does not provide."""
    known = agent_factories(deck.spec)
    for name in names:
        if name not in known:
            raise InputError(f"unknown agent '{name}' for {deck.id} ({deck.game}); expected one of "
                             f"{', '.join(known)}", field="--agents", hint=did_you_mean(name, known))
        if needs_state(known[name]()) and deck.spec.new_game is not None and not can_determinize(deck):
            raise InputError(f"agent '{name}' searches samples of the hidden cards, and the {deck.game} engine "
                             f"cannot deal them yet (State.determinize)", field="--agents")


def can_determinize(deck: ResolvedDeck) -> bool:
    """Whether the deck's engine implements ``State.determinize`` (search agents need it): its spec says so."""
    return deck.spec.determinize


# -- one game ---------------------------------------------------------------------
_NO_OBSERVATION: dict[str, Any] = {}


def _is_uniform_random(agent: Agent) -> bool:
    """True for agents whose choice is ``RandomAgent``'s: no observation needed (hot path)."""
    return type(agent).choose is RandomAgent.choose


def _play(state: State, agents: list[Agent], rng: random.Random, cap: int,
          actions: list[tuple[int, Action]] | None) -> tuple[str, str] | None:
    """Run decisions until the game ends; return a simulator gap (kind, detail) if it cannot."""
    decisions = 0
    is_terminal, legal_actions, apply = state.is_terminal, state.legal_actions, state.apply
    if actions is None and all(_is_uniform_random(a) for a in agents):
        # Same draws as RandomAgent.choose (legal[rng.randrange(n)] == rng.choice(legal)), minus the calls.
        choice = rng.choice
        while not is_terminal():
            if decisions >= cap:
                return SAFETY_CAP, f"no end condition after {cap} decisions"
            legal = legal_actions()
            if not legal:
                return NO_LEGAL_ACTION, f"seat {state.current_player} has no legal action after {decisions} decisions"
            apply(choice(legal))
            decisions += 1
        return None
    needs = [not _is_uniform_random(a) for a in agents]
    stateful = [needs_state(a) for a in agents]
    while not is_terminal():
        if decisions >= cap:
            return SAFETY_CAP, f"no end condition after {cap} decisions"
        legal = legal_actions()
        if not legal:
            return NO_LEGAL_ACTION, f"seat {state.current_player} has no legal action after {decisions} decisions"
        player = state.current_player
        if stateful[player]:  # a search agent: it reads only determinized samples of the state
            action = agents[player].choose_from_state(state, legal, rng)  # type: ignore[attr-defined]
        else:
            obs = state.observation(player) if needs[player] else _NO_OBSERVATION
            action = agents[player].choose(obs, legal, rng)
        apply(action)
        if actions is not None:
            actions.append((player, action))
        decisions += 1
    return None


def play_game(game: Game, seed: int, agents: list[Agent], names: list[str] | None = None, *,
              cap: int = DEFAULT_CAP, record: bool = False) -> GameResult:
    """Play one game from ``seed`` with one agent per seat.

    Never raises for a misbehaving engine: a game with no legal action, one that
    exceeds ``cap`` decisions, or an exception become unsettled gaps of the result
    (``no_legal_action``, ``safety_cap``, ``engine_error``). With ``record`` the
    initial piles and every (player, action) are kept for the log.
    """
    names = names if names is not None else [a.name for a in agents]
    actions: list[tuple[int, Action]] | None = [] if record else None
    piles: dict[str, list[str]] | None = None
    extra: tuple[str, str] | None = None
    state = None
    try:
        state = game.new_initial_state(seed)
        if record:
            piles = {name: list(pile) for name, pile in state.initial_piles.items()}
        extra = _play(state, agents, agent_rng(seed), cap, actions)
    except Exception as exc:  # an engine or agent bug must not kill a whole validation run
        extra = (ENGINE_ERROR, f"{type(exc).__name__}: {exc}")
    if state is None:
        return GameResult(seed, names, ENGINE_ERROR, False, [(ENGINE_ERROR, False, extra[1] if extra else "")],
                          initial_piles=piles, actions=actions)
    gaps = [(g.kind, g.settled, g.detail) for g in state.gaps]
    engine_gaps = len(gaps)
    end_reason = state.end_reason or ""
    if extra is None and end_reason.startswith("stalled:"):
        kind = end_reason.split(":", 1)[1]
        if not any(k == kind and not settled for k, settled, _ in gaps):
            gaps.append((kind, False, "the engine ended the game stalled without recording the gap"))
    result = GameResult(seed, names, end_reason, False, gaps, state.turns, state.rounds,
                        peak=dict(state.peak), initial_piles=piles, actions=actions, engine_gaps=engine_gaps)
    if extra is None and not end_reason.startswith("stalled:"):
        try:
            outcome = state.outcome()
            if len(outcome.scores) != game.players:
                raise ValueError(f"outcome has {len(outcome.scores)} scores for {game.players} players")
            result.scores = list(outcome.scores)
            result.winners = list(outcome.winners)
            result.tie_break = outcome.tie_break
            result.completed = True
        except Exception as exc:
            extra = (ENGINE_ERROR, f"outcome(): {type(exc).__name__}: {exc}")
    if extra is not None:
        result.end_reason = extra[0]
        result.gaps.append((extra[0], False, extra[1]))
    return result


def make_agents(spec: GameSpec, names: list[str],
                factories: dict[str, Callable[[], Agent]] | None = None) -> list[Agent]:
    """Fresh agents for one game (agents may keep memory within a game)."""
    factories = factories or agent_factories(spec)
    return [factories[name]() for name in names]


# -- chunks of games (what a worker process runs) ----------------------------------
@dataclass(frozen=True)
class Chunk:
    """Games ``start..stop-1`` of one deck and player count: all a worker needs."""

    loader: Loader
    ref: DeckRef
    players: int
    agents: tuple[str, ...]
    master_seed: int
    start: int
    stop: int
    cap: int = DEFAULT_CAP
    log: bool = False
    engine: str = "auto"  # one of ENGINES
    search_iterations: int = DEFAULT_ITERATIONS  # per decision of the ``search`` agent


def run_chunk(chunk: Chunk) -> tuple[Any, list[str] | None]:
    """Play a chunk; return its merged statistics and, if asked, its log lines in game order."""
    from cardgen.simulate.logs import game_line
    from cardgen.simulate.tally import Tally

    deck = cached_deck(chunk.loader, chunk.ref)
    broken: str | None = None
    try:
        game = cached_game(chunk.loader, chunk.ref, chunk.players)
    except InputError:
        raise
    except Exception as exc:  # the engine cannot even set up: every game is an engine error
        broken = f"{type(exc).__name__} building the game: {exc}"
    tally = Tally(chunk.players)
    lines: list[str] | None = [] if chunk.log else None
    agents = list(chunk.agents)
    factories = agent_factories(deck.spec, chunk.search_iterations)
    fast = None if broken is not None else fast_engine(chunk.loader, chunk.ref, chunk.players, chunk.agents,
                                                       chunk.engine)[0]
    if fast is not None and fast.batch and USE_BATCH and not chunk.log:
        _run_batches(fast, chunk, tally)
        return tally, lines
    for index in range(chunk.start, chunk.stop):
        seed = game_seed(chunk.master_seed, chunk.ref.deck, chunk.players, index)
        names = seat_agents(agents, chunk.players, index)
        if broken is not None:
            result = GameResult(seed, names, ENGINE_ERROR, False, [(ENGINE_ERROR, False, broken)])
        elif fast is not None:
            result = fast.play(seed, names, chunk.cap, chunk.log)
        else:
            result = play_game(game, seed, make_agents(deck.spec, names, factories), names, cap=chunk.cap,
                               record=chunk.log)
        tally.add(index, result)
        if lines is not None:
            lines.append(game_line(chunk, deck, cached_hash(chunk.loader, chunk.ref), index, result))
    return tally, lines


#: the batch path is used where a tier has one (tests switch it off to compare with game-by-game play)
USE_BATCH = True

#: games per compiled call of the batch path: big enough to amortise the call, small enough
#: that a chunk's arrays stay a few megabytes whatever its size
BATCH_GAMES = 4096


def _run_batches(fast: FastEngine, chunk: Chunk, tally: Any) -> None:
    """Play a chunk without a log through ``fast.play_batch``, ``BATCH_GAMES`` at a time."""
    import numpy as np  # only the compiled tiers' path needs it

    k = len(chunk.agents)
    for start in range(chunk.start, chunk.stop, BATCH_GAMES):
        stop = min(start + BATCH_GAMES, chunk.stop)
        seeds = game_seeds(chunk.master_seed, chunk.ref.deck, chunk.players, start, stop)
        # seat_agents' rotation: seat p of game i is agent (i + p) mod k
        seats = (np.arange(start, stop, dtype=np.int64)[:, None] + np.arange(chunk.players)) % k
        tally.add_batch(start, fast.play_batch(seeds, chunk.agents, seats, chunk.cap))
