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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import guard
from cardgen.agents.base import needs_state
from cardgen.agents.search import DEFAULT_ITERATIONS, SearchAgent
from cardgen.engine.api import Action, Agent, Ending, FastEngine, Game, GameResult, IllegalAction, RandomAgent, State
from cardgen.errors import InputError, did_you_mean
from cardgen.games.base import GameSpec
from cardgen.guard import DEFAULT_TIME_LIMIT
from cardgen.house import house_of, install
from cardgen.usercode import UserCodeError
from cardgen.model.deck import ResolvedDeck
from cardgen.simulate.verdict import agents_words
from cardgen.simulate.seeds import agent_rng, game_seed, game_seeds, seat_agents
from cardgen.terminal import say

if TYPE_CHECKING:  # the designer figures load only where a run asks them (``new_tracer``)
    from cardgen.simulate.designer import Tracer

#: Default safety cap: a game still running after this many decisions never ends.
DEFAULT_CAP = 10_000

#: Gap kinds the simulator itself records (never settled by a clarification).
NO_LEGAL_ACTION = "no_legal_action"
SAFETY_CAP = "safety_cap"
ENGINE_ERROR = "engine_error"
#: An agent chose a move that is not legal: that agent's fault, never the rules' (``AgentError``).
AGENT_ERROR = "agent_error"
#: a game people left before its end (``cardgen play`` logs it as it goes, ``--resume`` takes it up again)
UNFINISHED = "unfinished"


class AgentError(Exception):
    """An agent chose an action that is not among the legal ones: the game fails, blaming that agent."""


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
            raise InputError(f"no rules engine for game '{deck.game}' yet", field=ref.deck,
                             key="no_engine_yet", fields={"game": deck.game})
        _GAMES[key] = install(deck.spec.new_game(deck, players), deck)  # a house rule, if the deck names one
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
                _FAST[key] = with_house(deck.spec.fast(deck, players), deck)
            except ImportError as exc:  # numba missing or broken on this machine
                _FAST[key] = f"compiled tier unavailable ({exc})"
    return _FAST[key]


def cached_reason(loader: Loader, ref: DeckRef, players: int) -> str | None:
    """Why the deck has no compiled tier at ``players`` players, where ``cached_fast`` was asked already (else None):
    a caller tells "the rule stays out" from "these agents are not the tier's" without building the tier."""
    got = _FAST.get((loader, ref, players))
    return got if isinstance(got, str) else None


def with_house(fast: "FastEngine | str", deck: ResolvedDeck) -> "FastEngine | str":
    """``fast`` with the deck's house rule installed in the reference game it replays a game on, where the tier
    plays the rule compiled (``fast.house``): a game it hands back (a rule's failure named, a buffer overflowed) is
    played with the rule too. Done here, not in the game's package: house rules sit above games."""
    if not isinstance(fast, str) and getattr(fast, "house", None) is not None:
        fast.game = install(fast.game, deck)
    return fast


#: the agents every compiled tier plays (``FastEngine.agents``), its futures too: the others play on the reference engine
COMPILED_AGENTS = frozenset({"random", "heuristic"})


def fast_engine(loader: Loader, ref: DeckRef, players: int, agents: tuple[str, ...],
                engine: str) -> tuple["FastEngine | None", str | None]:
    """The compiled tier a chunk should use, and otherwise a one-line reason why not.

    ``engine`` is ``auto`` (fast where it can play these agents), ``reference`` (never)
    or ``fast`` (callers report the reason as an error when there is no tier).
    """
    if engine == "reference":
        return None, say("why_asked")
    deck = cached_deck(loader, ref)
    if deck.model.code is not None and not deck.spec.compiled_hooks:
        return None, say("speed_note", file=deck.model.code)
    elsewhere = sorted(set(agents) - COMPILED_AGENTS)
    if elsewhere and deck.model.code is not None:
        # a compiled tier plays random and default players only: a house rule is not compiled for others (numba's
        # seconds, for a tier these games would not use)
        return None, say("why_no_agent", agents=", ".join(elsewhere))
    fast = cached_fast(loader, ref, players)
    if isinstance(fast, str):
        return None, fast
    if deck.model.code is not None and not getattr(fast, "house", False):  # a tier that would leave the rule out
        return None, say("speed_note", file=deck.model.code)
    missing = sorted(set(agents) - fast.agents)
    if missing:
        return None, say("why_no_agent", agents=", ".join(missing))
    return fast, None


def deck_hash(deck: ResolvedDeck) -> str:
    """A fingerprint of the resolved deck (and of its project rules file, if it names one), so a
    replay can tell that the deck changed."""
    text = json.dumps(deck.model.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    if deck.spec.rules_file is not None:  # the bytes that play (a folder: every .py file in it)
        from cardgen.games.project import rules_hash
        text += rules_hash(deck.spec)
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
    from cardgen.agents.generic import LookaheadAgent, covered

    own: dict[str, Callable[[], Agent]] = dict(spec.agents)
    if "heuristic" in own:  # every legal move, a house rule's too (cardgen.agents.generic)
        own["heuristic"] = covered(own["heuristic"])
    elif spec.rules_file is not None:  # a rules file's game: a look-ahead player rather than random
        own["heuristic"] = LookaheadAgent
    policy = own.get("heuristic")
    out: dict[str, Callable[[], Agent]] = {"random": RandomAgent,
                                           "search": lambda: SearchAgent(search_iterations, policy=policy)}
    out.update(own)
    return out


#: the agent every seat gets when ``--agents`` is not given, where the game has one
DEFAULT_AGENT = "heuristic"

def default_agents(spec: GameSpec) -> list[str]:
    """``heuristic`` where the game has it, else ``random``: the players of every command that plays games.

    validate, compare and tune share this default, so a figure one of them measures is
    the figure the others re-measure. Uniformly random players make scores and win
    rates say little (in Royale they never complete a noble).
    """
    return [DEFAULT_AGENT] if DEFAULT_AGENT in agent_factories(spec) else ["random"]


def split_agents(names: list[str] | None) -> list[str] | None:
    """``--agents random,heuristic`` reads as ``--agents random heuristic``; None stays None (the default)."""
    if names is None:
        return None
    return [a.strip() for item in names for a in item.split(",") if a.strip()]


def agents_in_words(names: list[str] | tuple[str, ...] | str) -> str:
    """Which agents played, in English, for a JSON document's ``agents_text``: the very words the
    terminal and the report say (``verdict.agents_words``), so one sentence has one wording."""
    if isinstance(names, str):  # an old document's "default"
        names = [names]
    return agents_words(list(names)) or "no players (nothing was played)"


def unknown_agent(deck: ResolvedDeck, name: str, known: Mapping[str, Any]) -> InputError:
    """The one line for an agent ``name`` the deck's game has none of (validate, compare, tune, play)."""
    game = f" ({deck.game})" if deck.game != deck.id else ""  # a variant's game; never king_lui (king_lui)
    return InputError(f"unknown agent '{name}' for {deck.id}{game}; expected one of {', '.join(known)}",
                      field="--agents", hint=did_you_mean(name, known), key="unknown_agent",
                      fields={"name": name, "deck": f"{deck.id}{game}", "expected": ", ".join(known)})


def check_agents(deck: ResolvedDeck, names: list[str]) -> None:
    """Raise ``InputError`` for an agent name this deck's game does not provide."""
    known = agent_factories(deck.spec)
    for name in names:
        if name not in known:
            raise unknown_agent(deck, name, known)
        if needs_state(known[name]()) and deck.spec.new_game is not None and not can_determinize(deck):
            raise InputError(f"agent '{name}' searches samples of the hidden cards, and the {deck.game} engine "
                             f"cannot deal them yet (State.determinize)", field="--agents",
                             key="agent_no_determinize", fields={"agent": name, "game": deck.game})


def can_determinize(deck: ResolvedDeck) -> bool:
    """Whether the deck's engine implements ``State.determinize`` (search agents need it): its spec says so."""
    return deck.spec.determinize


# -- one game ---------------------------------------------------------------------
_NO_OBSERVATION: dict[str, Any] = {}


def _is_uniform_random(agent: Agent) -> bool:
    """True for agents whose choice is ``RandomAgent``'s: no observation needed (hot path)."""
    return type(agent).choose is RandomAgent.choose


def _legal_or_stop(state: State, legal_actions: Callable[[], list[Action]], decisions: int,
                   cap: int) -> tuple[list[Action], tuple[str, str] | None]:
    """The legal actions of the next decision, or the simulator gap that stops the game
    (the safety cap reached, or a seat with no legal action)."""
    if decisions >= cap:
        return [], (SAFETY_CAP, f"no end condition after {cap} decisions")
    legal = legal_actions()
    if not legal:
        return [], (NO_LEGAL_ACTION, f"seat {state.current_player} has no legal action after {decisions} decisions")
    return legal, None


def _play(state: State, agents: list[Agent], rng: random.Random, cap: int,
          actions: list[tuple[int, Action]] | None, names: list[str],
          tracer: Tracer | None = None) -> tuple[str, str] | None:
    """Run decisions until the game ends; return a simulator gap (kind, detail) if it cannot.

    Every choice of an agent is checked against the legal actions it was given: an illegal
    one raises ``AgentError`` naming the agent (``names``, per seat) and the move. A ``tracer``
    plays each decision (``designer.Tracer.apply``) and traces the game as it goes.
    """
    decisions = 0
    is_terminal, legal_actions, apply = state.is_terminal, state.legal_actions, state.apply
    if actions is None and tracer is None and all(_is_uniform_random(a) for a in agents):
        # Same draws as RandomAgent.choose (legal[rng.randrange(n)] == rng.choice(legal)), minus the calls.
        choice = rng.choice
        while not is_terminal():
            legal, stop = _legal_or_stop(state, legal_actions, decisions, cap)
            if stop is not None:
                return stop
            apply(choice(legal))
            decisions += 1
        return None
    needs = [not _is_uniform_random(a) for a in agents]
    stateful = [needs_state(a) for a in agents]
    while not is_terminal():
        legal, stop = _legal_or_stop(state, legal_actions, decisions, cap)
        if stop is not None:
            return stop
        player = state.current_player
        try:
            if stateful[player]:  # a search agent: it reads only determinized samples of the state
                action = agents[player].choose_from_state(state, legal, rng)  # type: ignore[attr-defined]
            else:
                obs = state.observation(player) if needs[player] else _NO_OBSERVATION
                action = agents[player].choose(obs, legal, rng)
        except IllegalAction as exc:  # its look-ahead (a search's rollout policy) played an illegal move
            raise AgentError(f"the {names[player]} agent (seat {player + 1}) played a move that is not legal in "
                             f"its look-ahead: {exc}") from None
        if action not in legal:
            raise AgentError(f"the {names[player]} agent (seat {player + 1}) chose {action!r}, not legal now "
                             f"(legal: {_few(legal)}) after {decisions} decisions")
        if tracer is None:
            apply(action)
        else:
            tracer.apply(state, player, action)
        if actions is not None:
            actions.append((player, action))
        decisions += 1
    return None


def _few(legal: list[Action], most: int = 4) -> str:
    """The first few legal actions, for a message."""
    shown = ", ".join(repr(a) for a in legal[:most])
    return shown + (f" and {len(legal) - most} more" if len(legal) > most else "")


def _blame(game: Game, state: State | None, what: str) -> str:
    """An engine error's detail, naming the house rule (and the hooks the failing action ran) where one plays."""
    house = house_of(game)
    if house is None:
        return what
    ran = getattr(state, "_ran", None)
    hooks = ran() if callable(ran) else ", ".join(house.hooks)
    return f"with house rule {house.shown} (hooks {hooks}): {what}"


def play_game(game: Game, seed: int, agents: list[Agent], names: list[str] | None = None, *,
              cap: int = DEFAULT_CAP, record: bool = False, tracer: Tracer | None = None) -> GameResult:
    """Play one game from ``seed`` with one agent per seat.

    Never raises for a misbehaving engine: a game with no legal action, one that
    exceeds ``cap`` decisions, or an exception become unsettled gaps of the result
    (``no_legal_action``, ``safety_cap``, ``engine_error``). With ``record`` the
    initial piles and every (player, action) are kept for the log. With ``tracer`` (a new
    ``designer.Tracer``) the game is traced for the designer figures as it is played.
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
        if tracer is not None:
            tracer.start(state, game.players)
        extra = _play(state, agents, agent_rng(seed), cap, actions, names, tracer)
    except UserCodeError:
        raise  # a house rule's failure: one line naming its file, hook and seed (the run stops)
    except AgentError as exc:  # the agent's fault, named: never a gap of the rules
        extra = (AGENT_ERROR, str(exc))
    except Exception as exc:  # an engine or agent bug must not kill a whole validation run
        extra = (ENGINE_ERROR, _blame(game, state, f"{type(exc).__name__}: {exc}"))
    house = house_of(game)
    if house is not None and extra is not None and extra[0] == SAFETY_CAP:
        raise UserCodeError(f"{house.shown}: the game never ended with the house rule (hooks "
                            f"{', '.join(house.hooks)}): {extra[1]}, the safety cap (seed {seed} reproduces it)")
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
        except UserCodeError:
            raise
        except Exception as exc:
            extra = (ENGINE_ERROR, _blame(game, state, f"outcome(): {type(exc).__name__}: {exc}"))
    if extra is not None:
        result.end_reason = extra[0]
        result.gaps.append((extra[0], False, extra[1]))
    return result


def continue_game(state: State, agents: list[Agent], rng: random.Random, cap: int, names: list[str]) -> bool:
    """Play ``state`` on to its end (the experiments' futures: ``cardgen.simulate.exchange``, ``options``).

    True when it ended with an outcome; False when it could not (the safety cap, a stalled rule, an agent or
    engine error): such a future is left out, as a failed game is, rather than stopping the run. A house
    rule's or rules file's failure (``UserCodeError``) still stops it, with its one line.
    """
    try:
        if _play(state, agents, rng, cap, None, names) is not None:
            return False
        return state.is_terminal() and not (state.end_reason or "").startswith("stalled:")
    except UserCodeError:
        raise
    except Exception:  # noqa: BLE001 - see the docstring
        return False


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
    designer: bool = False  # replay each game for the designer metrics (then no compiled batch path)
    deals: bool = False  # count each untraced game's deal for the card table (``designer.deals_vary``)
    exchanges: int = 0  # decision points per traced game of the play experiment (``cardgen.simulate.exchange``; AUTO)
    code_time_limit: float = DEFAULT_TIME_LIMIT  # seconds a call into project code may run (cardgen.guard)


def run_chunk(chunk: Chunk) -> tuple[Any, list[str] | None]:
    """Play a chunk; return its merged statistics and, if asked, its log lines in game order."""
    from cardgen.simulate.logs import game_line
    from cardgen.simulate.tally import Tally

    guard.set_time_limit(chunk.code_time_limit)  # this process may be a worker: the run's limit, not the default
    deck = cached_deck(chunk.loader, chunk.ref)
    broken: str | None = None
    try:
        game = cached_game(chunk.loader, chunk.ref, chunk.players)
    except (InputError, UserCodeError):  # bad input, or a house rule failing as it loads: one line
        raise
    except Exception as exc:  # the engine cannot even set up: every game is an engine error
        broken = f"{type(exc).__name__} building the game: {exc}"
    tally = Tally(chunk.players, deck.spec.out_of_running)
    lines: list[str] | None = [] if chunk.log else None
    agents = list(chunk.agents)
    factories = agent_factories(deck.spec, chunk.search_iterations)
    fast = None if broken is not None else fast_engine(chunk.loader, chunk.ref, chunk.players, chunk.agents,
                                                       chunk.engine)[0]
    house = house_of(game) if broken is None else None
    code_sha = house.sha256 if house is not None else None
    if fast is not None and fast.batch and USE_BATCH and not chunk.log and not chunk.designer:
        _run_batches(fast, chunk, tally, game if chunk.deals else None)
        return tally, lines
    for index in range(chunk.start, chunk.stop):
        seed = game_seed(chunk.master_seed, chunk.ref.deck, chunk.players, index)
        names = seat_agents(agents, chunk.players, index)
        tracer = None  # a compiled tier's game is replayed for its trace (``designer_trace``)
        if broken is not None:
            result = GameResult(seed, names, ENGINE_ERROR, False, [(ENGINE_ERROR, False, broken)])
        elif fast is not None:
            result = fast.play(seed, names, chunk.cap, chunk.log or chunk.designer)
        else:
            tracer = new_tracer() if chunk.designer else None
            result = play_game(game, seed, make_agents(deck.spec, names, factories), names, cap=chunk.cap,
                               record=chunk.log or chunk.designer, tracer=tracer)
        tally.add(index, result)
        if chunk.designer and broken is None:
            watch = offer_watch(result) if house is not None else None  # one replay: the trace's and the offers'
            tally.designer.add(designer_trace(game, result, tracer, watch), result)
            if house is not None:  # only a house rule adds options (a rules file's actions are all its own)
                tally.options.add(option_trial(game, deck, factories, chunk.cap, fast), result,
                                  watch.found if watch is not None and watch.complete else None)
            if chunk.exchanges:
                _judge_cards(game, result, tally, lambda names=names: make_agents(deck.spec, names, factories),
                             chunk, fast is not None)
        elif chunk.deals and broken is None:
            tally.designer.add_deal(game, result.seed, result.winners if result.completed else None)
        if lines is not None:
            lines.append(game_line(chunk, deck, cached_hash(chunk.loader, chunk.ref), index, result, code_sha))
    return tally, lines


def offer_watch(result: GameResult) -> Any:
    """``options.OfferWatch`` of ``result``: the designer trace's replay counts its offers too."""
    from cardgen.simulate.options import OfferWatch
    return OfferWatch(result)


def option_trial(game: Game, deck: ResolvedDeck, factories: dict[str, Callable[[], Agent]], cap: int,
                 fast: "FastEngine | None" = None) -> Any:
    """What ``cardgen.simulate.options`` needs to play an offer's two futures with fresh agents of a game's kinds: on
    the compiled tier ``fast`` where the run plays its games there and the tier plays futures (``play_on``), the same
    futures as the reference engine's (tests/test_house_covered.py)."""
    from cardgen.simulate.options import Trial

    play_on = getattr(fast, "play_on", None)
    finish = None if play_on is None else lambda state, names, seed: play_on(state, names, seed, cap)
    return Trial(game, lambda names: make_agents(deck.spec, names, factories), cap, continue_game, finish)


def new_tracer() -> Tracer:
    """A ``designer.Tracer`` for a game the reference engine plays (imported here: a run without designer
    figures never loads them)."""
    from cardgen.simulate.designer import Tracer

    return Tracer()


def designer_trace(game: Game, result: GameResult, tracer: Tracer | None = None, watch: Any = None) -> Any:
    """The per-turn trace of a finished, recorded game (``cardgen.simulate.designer``), or None: the one
    ``tracer`` took as the game was played, else the game replayed (a compiled tier's game), which ``watch``
    (``designer.ReplayWatch``: the options' offers) sees too.

    A trace that cannot be replayed (an engine that no longer plays its own game the
    same way) is left out rather than stopping the run: ``cardgen replay`` is the tool
    that reports such a difference.
    """
    from cardgen.simulate.designer import trace_game

    if not result.completed or result.actions is None:
        return None
    if tracer is not None:
        return tracer.trace()
    try:
        return trace_game(game, result.seed, result.actions, watch)
    except Exception:  # noqa: BLE001 - see the docstring
        return None


def futures_on_tier(spec: Any, house: object, names: Iterable[str]) -> bool:
    """Whether a compiled tier plays the play experiment's futures: the game's ``GameSpec.play_on``, no house rule
    (``house``: the deck's rule, None without one), every agent of ``names`` one the tier has."""
    return getattr(spec, "play_on", None) is not None and house is None and set(names) <= COMPILED_AGENTS


def has_compiled_futures(game: Game, names: list[str]) -> bool:
    """Whether the game's compiled tier can play its futures for the agents ``names`` (``futures_on_tier``), said
    without loading it: a run on the reference engine never loads numba."""
    return futures_on_tier(getattr(getattr(game, "resolved", None), "spec", None), house_of(game), names)


def compiled_play_out(game: Game, names: list[str], cap: int) -> Callable[[State, int], Ending | None] | None:
    """The play experiment's ``PlayOut`` on the game's compiled tier (``GameSpec.play_on``), or None where the
    game has none for these agents or a house rule is in play (its hooks run only on the reference engine)."""
    if not has_compiled_futures(game, names):
        return None
    try:
        fast = game.resolved.spec.play_on(game, names)  # type: ignore[attr-defined]
    except ImportError:  # numba missing or broken on this machine: no compiled tier at all
        return None
    return None if fast is None else lambda state, seed: fast(state, seed, cap)


def agents_play_out(agents: Callable[[], list[Agent]], names: list[str],
                    cap: int) -> Callable[[State, int], Ending | None]:
    """The play experiment's ``PlayOut`` (``cardgen.simulate.exchange``) on the reference engine: a state played on
    by fresh agents of ``agents()`` (a game's own seats, ``names``), at most ``cap`` decisions in all, the agents
    drawing from ``random.Random(seed)``. Here, so that exchange never imports the runner that calls it."""
    def play(state: State, seed: int) -> Ending | None:
        if not continue_game(state, agents(), random.Random(seed), cap, names):
            return None
        outcome = state.outcome()
        return Ending(frozenset(outcome.winners), list(state.standings() or outcome.scores))
    return play


def _tier_ready(game: Game) -> bool:
    """Whether the game's compiled tier is built for these sources (``tier_marks.is_ready``): its futures load from
    the cache in a second, without compiling."""
    from cardgen.simulate import tier_marks

    return tier_marks.is_ready(game.resolved.game)  # type: ignore[attr-defined]


def _tier_building(game: Game) -> bool:
    """Whether a build of the game's compiled tier is under way (``tier_marks.is_building``)."""
    from cardgen.simulate import tier_marks

    return tier_marks.is_building(game.resolved.game)  # type: ignore[attr-defined]


def _judge_cards(game: Game, result: GameResult, tally: Any, agents: Callable[[], list[Agent]], chunk: Chunk,
                 compiled: bool) -> None:
    """The play experiment on a traced game (``cardgen.simulate.exchange``): ``chunk.exchanges`` decision points.

    ``AUTO`` (``cardgen.simulate.exchange``, validate's default): ``POINTS`` where the game's compiled tier has a
    play-out for these agents, none otherwise (the table then says how to ask for it), and none either where this
    chunk plays on the reference engine while that tier is built (a first run, ``exchange.BUILDING``: a first
    validate of Draco took 8.6 times as long with them). The futures play on the compiled tier when the chunk plays
    on it (``compiled``) or, under ``AUTO``, once the tier is built; on the reference engine otherwise: the same
    futures (the tiers play the same games), so the table is the same whichever engine a run could use."""
    from cardgen.simulate.exchange import AUTO, BUILDING, PER_POINT, POINTS, judge_game

    if not result.completed or result.actions is None:
        return
    names = list(result.agents)
    points = chunk.exchanges
    if points == AUTO:
        if not has_compiled_futures(game, names):
            return
        if not compiled and not _tier_ready(game):
            # the tier is being built (a first run): the futures would cost ten times the run; the table says the
            # next run measures it (``exchange.BUILDING``), not that the game cannot
            if _tier_building(game):
                tally.designer.exchange.add_game({}, 0, {BUILDING: POINTS * PER_POINT})
            return
        points = POINTS
        # a small run plays its games on the reference engine (loading the tier costs more than they would save),
        # its futures on the tier once it is built: the same futures either way (tests/test_exchange_slow.py)
        compiled = True
    fast = compiled_play_out(game, names, chunk.cap) if compiled else None
    play_out = fast or agents_play_out(agents, names, chunk.cap)
    credits, played, skipped = judge_game(game, result.seed, result.actions, play_out, points)
    tally.designer.exchange.add_game(credits, played, skipped)


#: the batch path is used where a tier has one (tests switch it off to compare with game-by-game play)
USE_BATCH = True

#: games per compiled call of the batch path: big enough to amortise the call, small enough
#: that a chunk's arrays stay a few megabytes whatever its size
BATCH_GAMES = 4096


def _run_batches(fast: FastEngine, chunk: Chunk, tally: Any, deals: Game | None = None) -> None:
    """Play a chunk without a log through ``fast.play_batch``, ``BATCH_GAMES`` at a time (with ``deals``, each
    game's deal dealt again on that reference game for the card table)."""
    import numpy as np  # only the compiled tiers' path needs it

    k = len(chunk.agents)
    for start in range(chunk.start, chunk.stop, BATCH_GAMES):
        stop = min(start + BATCH_GAMES, chunk.stop)
        seeds = game_seeds(chunk.master_seed, chunk.ref.deck, chunk.players, start, stop)
        # seat_agents' rotation: seat p of game i is agent (i + p) mod k
        seats = (np.arange(start, stop, dtype=np.int64)[:, None] + np.arange(chunk.players)) % k
        batch = fast.play_batch(seeds, chunk.agents, seats, chunk.cap)
        tally.add_batch(start, batch)
        if deals is not None:
            tally.designer.add_deals(deals, batch)


def replay_on_reference(game: Game, seed: int, names: list[str], cap: int, record: bool) -> GameResult:
    """The game ``seed`` played on the reference ``game`` by the agents ``names``: what a compiled
    tier hands back when a game overflows its buffers (``FastEngine.replayed``). The runner chooses
    the tiers, so the fallback is its own; the engine only signals it (docs/MODULES.md, "engine")."""
    return play_game(game, seed, make_agents(game.resolved.spec, list(names)), list(names), cap=cap, record=record)


FastEngine.replay = replay_on_reference  # the compiled tiers' fallback, set where tiers are chosen
