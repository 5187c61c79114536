"""One playtest game: a person in one seat, agents in the others, the rules enforced by the engine.

Everything goes through the engine API (``Game``, ``State``): the person's moves must be in
``legal_actions()`` (anything else is refused and the state is left as it was), agents move one
decision at a time when the page asks (so it can show each move at a person's pace), undo
replays the game from its seed up to before the person's last move, and a finished game
becomes one line of the ``cardgen-log/1`` format that ``cardgen replay`` checks. The session
is shared by the server's threads: every public method holds its lock.
"""
from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.agents.base import needs_state
from cardgen.engine.api import Action, Agent, State
from cardgen.errors import InputError, did_you_mean
from cardgen.simulate.logs import FORMAT, as_action
from cardgen.house import house_of, install
from cardgen.simulate.runner import (DEFAULT_CAP, DeckRef, agent_factories, can_determinize, deck_hash,
                                     default_agents)

if TYPE_CHECKING:
    from cardgen.resolve.resolve import ResolvedDeck

#: the agent name a person's seat has in a log (validate/compare's ``--human-logs`` count these games)
HUMAN = "human"
#: seconds between two agent moves on the page (a person can follow them)
DEFAULT_PACE = 0.9
#: moves the hint lists (the best valued, and always the one search picks)
HINT_SHOWN = 8
#: iterations of the hint's search (its values are means over this many playouts per move or fewer)
HINT_ITERATIONS = 200


class Refused(Exception):
    """A request the rules (or the moment) do not allow; the state is unchanged. One readable line."""


@dataclass
class Entry:
    """One move of the journal: who made it and what it was, in the chosen language."""

    seat: int
    who: str
    text: str
    action: Action
    at: float = field(default_factory=time.monotonic)


class Session:
    """One game of ``deck`` for ``players`` with a person in ``seat`` and ``agents`` rotated over the others."""

    def __init__(self, deck: "ResolvedDeck", players: int | None = None, seat: int = 0,
                 agents: list[str] | None = None, seed: int = 1, lang: str | None = None,
                 pace: float = DEFAULT_PACE) -> None:
        spec = deck.spec
        if spec.new_game is None:
            raise InputError(f"{deck.id} has no rules engine (a print-only deck); expected a deck with 'game'",
                             field="DECK")
        low, high = deck.model.players.min, deck.model.players.max
        players = players if players is not None else max(low, min(high, 3))
        if not low <= players <= high:
            raise InputError(f"{deck.id} is for {low}-{high} players, got {players}", field="--players")
        if not 0 <= seat < players:
            raise InputError(f"seat {seat + 1} of {players}: expected 1 to {players}", field="--seat")
        lang = lang or ("en" if "en" in deck.languages else deck.languages[0])
        if lang not in deck.languages:
            raise InputError(f"{deck.id} is not written in '{lang}'; expected one of {', '.join(deck.languages)}",
                             field="--lang", hint=did_you_mean(lang, deck.languages))
        factories = agent_factories(spec)
        names = agents or default_agents(spec)  # the same default players as validate, compare and tune
        for name in names:
            if name not in factories:
                raise InputError(f"unknown agent '{name}' for {deck.id} ({deck.game}); expected one of "
                                 f"{', '.join(factories)}", field="--agents", hint=did_you_mean(name, factories))
        self.deck, self.players, self.seat, self.lang, self.pace = deck, players, seat, lang, pace
        self.factories = factories
        self.game = install(spec.new_game(deck, players), deck)  # the deck's house rule, if it names one
        others = [s for s in range(players) if s != seat]
        self.names = [HUMAN] * players
        for i, s in enumerate(others):
            self.names[s] = names[i % len(names)]
        self.can_hint = can_determinize(deck)
        self.lock = threading.RLock()
        self.saved: Path | None = None
        self._deal(seed)
        self._warm_up()

    def _warm_up(self) -> None:
        """One throwaway decision of each agent kind, before the page opens: an agent's first move
        may load what it keeps between games (Draco's heuristic loads its compiled forecasts, 1.5 s),
        which would otherwise stall the table right after the person's first click."""
        state = self.state
        if state.is_terminal() or not state.legal_actions():
            return
        for name in sorted({n for n in self.names if n != HUMAN}):
            agent = self.factories[name]()
            if not needs_state(agent):
                agent.choose(state.clone().observation(state.current_player), state.legal_actions(),
                             random.Random(0))
            elif hasattr(agent, "quick_choice"):  # a covered heuristic (agents.generic): its own move
                agent.quick_choice(state.clone(), state.legal_actions(), random.Random(0))
            # search agents only read samples; nothing to load

    # -- the game ----------------------------------------------------------------------------
    def _deal(self, seed: int) -> None:
        self.seed = seed
        self.state: State = self.game.new_initial_state(seed)
        self.initial_piles = {k: list(v) for k, v in self.state.initial_piles.items()}
        self.actions: list[tuple[int, Action]] = []
        self.journal: list[Entry] = []
        self.agents: list[Agent | None] = [None if n == HUMAN else self.factories[n]() for n in self.names]
        self.rng = random.Random(f"cardgen play {seed}")  # the agents' own draws (a replay checks moves, not why)
        self.saved = None

    def describe(self, action: Action) -> str:
        """``action`` as the chosen language names it (the game's ``describe_action``)."""
        return self.deck.spec.describe_action(self.deck, action, self.lang)

    def _apply(self, action: Action, who: str) -> Entry:
        player = self.state.current_player
        self.state.apply(action)
        self.actions.append((player, action))
        entry = Entry(player, who, self.describe(action), action)
        self.journal.append(entry)
        return entry

    def waiting_for(self) -> str:
        """``you``, ``agent``, or ``over`` (the game ended or cannot go on)."""
        s = self.state
        if s.is_terminal() or not s.legal_actions():
            return "over"
        return "you" if s.current_player == self.seat else "agent"

    def play(self, action: Any) -> Entry:
        """The person's move: ``action`` as the page sends it (a JSON list); refused unless legal now."""
        with self.lock:
            if not isinstance(action, list) or len(action) > 16 or not all(
                    isinstance(a, (str, int)) and not isinstance(a, bool) for a in action):
                raise Refused("a move is a list of words and numbers, as the legal moves list them")
            wanted = as_action(action)
            state = self.waiting_for()
            if state != "you":
                raise Refused("the game is over" if state == "over" else
                              f"it is seat {self.state.current_player + 1}'s turn, not yours")
            if wanted not in self.state.legal_actions():
                raise Refused(f"{json.dumps(action)[:120]} is not a legal move now; nothing changed")
            return self._apply(wanted, HUMAN)

    def agent_move(self) -> Entry | None:
        """One decision of the agent whose turn it is (None when it is the person's turn or the game is over)."""
        with self.lock:
            if self.waiting_for() != "agent":
                return None
            player = self.state.current_player
            agent = self.agents[player]
            assert agent is not None
            legal = self.state.legal_actions()
            if needs_state(agent):
                action = agent.choose_from_state(self.state, legal, self.rng)  # type: ignore[attr-defined]
            else:
                action = agent.choose(self.state.observation(player), legal, self.rng)
            return self._apply(action, self.names[player])

    def undo(self) -> None:
        """Back to before the person's last move: the game is replayed from its seed (agents' moves kept)."""
        with self.lock:
            mine = [i for i, (p, _) in enumerate(self.actions) if p == self.seat]
            if not mine:
                raise Refused("nothing to undo: you have not moved yet")
            keep = self.actions[:mine[-1]]
            journal = self.journal[:mine[-1]]
            self.state = self.game.new_initial_state(self.seed)
            for _, action in keep:
                self.state.apply(action)
            self.actions, self.journal, self.saved = list(keep), journal, None

    def new_deal(self, seed: int | None = None) -> None:
        """A fresh game: the next seed unless one is given."""
        with self.lock:
            self._deal(self.seed + 1 if seed is None else seed)

    def hint(self) -> dict[str, Any]:
        """What the ``search`` agent would play for the person, with its mean reward per move (0..1)."""
        from cardgen.agents.search import SearchAgent

        with self.lock:
            if self.waiting_for() != "you":
                raise Refused("a hint is for your own turn")
            if not self.can_hint:
                raise Refused(f"the {self.deck.game} engine cannot deal hidden cards again (State.determinize), "
                              "which the search agent needs")
            state, legal = self.state.clone(), self.state.legal_actions()
        agent = SearchAgent(HINT_ITERATIONS, policy=self.deck.spec.agents.get("heuristic"), compiled=False)
        choice = agent.choose_from_state(state, legal, random.Random(f"hint {self.seed} {len(self.actions)}"))
        values = agent.last_values or {choice: 1.0}
        moves = sorted(legal, key=lambda a: -values.get(a, -1.0))[:HINT_SHOWN]
        if choice not in moves:  # the policy's move, kept though others scored higher: shown too
            moves[-1] = choice
        return {"choice": list(choice), "text": self.describe(choice),
                "values": [{"action": list(a), "text": self.describe(a),
                            "value": round(values[a], 3) if a in values else None} for a in moves]}

    # -- the log -------------------------------------------------------------------------------
    def log_record(self) -> dict[str, Any]:
        """The finished game as a ``cardgen-log/1`` record (``docs/log-format.md``)."""
        s = self.state
        if not s.is_terminal():
            raise Refused("finish the game first: a log holds whole games")
        ref = DeckRef.of(self.deck)
        stalled = (s.end_reason or "").startswith("stalled:")
        outcome = None if stalled else s.outcome()
        return {
            "format": FORMAT, "project": ref.project, "deck": ref.deck, "file": ref.file, "game": self.deck.game,
            "deck_hash": deck_hash(self.deck), "players": self.players, "master_seed": None, "cap": DEFAULT_CAP,
            "index": 0, "seed": self.seed, "agents": list(self.names), "human_seats": [self.seat],
            "initial_piles": self.initial_piles, "actions": [[p, list(a)] for p, a in self.actions],
            "end_reason": s.end_reason, "scores": list(outcome.scores) if outcome else None,
            "winners": list(outcome.winners) if outcome else None,
            "tie_break": outcome.tie_break if outcome else None, "turns": s.turns, "rounds": s.rounds,
            "gaps": [{"kind": g.kind, "settled": g.settled, "detail": g.detail, "by": "engine"} for g in s.gaps],
            **self._house_fields(),
        }

    def _house_fields(self) -> dict[str, Any]:
        """A house rule's file and hash, as validate's logs record them (replay refuses a changed file)."""
        house = house_of(self.game)
        return {"code": self.deck.model.code, "code_hash": house.sha256} if house is not None else {}

    def save(self, path: Path) -> Path:
        """Add the finished game to the log at ``path`` (one line per game, written atomically)."""
        from cardgen.fileio import check_output_file, write_atomic

        with self.lock:
            line = json.dumps(self.log_record(), ensure_ascii=False, separators=(",", ":"))
            if self.saved == path:
                return path
            check_output_file(path, "play log")
            before = path.read_bytes() if path.is_file() else b""
            if before and not before.endswith(b"\n"):
                before += b"\n"
            write_atomic(path, before + line.encode("utf-8") + b"\n")
            self.saved = path
            return path
