"""One playtest game: people in some seats, agents in the others, the rules enforced by the engine.

Everything goes through the engine API (``Game``, ``State``): a person's moves must be in
``legal_actions()`` for their own seat and name the move they answer (``turn``: the number of
moves made when the page showed them; anything else is refused and the state is left as it
was), agents move one decision at a time when a page asks (so each move shows at a person's
pace; a page names the move it saw, so two pages asking at once make one agent move), undo
(a table with one person) replays the game from its seed up to before the person's last turn,
and each game is one line of the ``cardgen-log/1`` format that ``cardgen replay`` checks, with
the people's answers to the feedback form. With a log kept (``keep_log``) that line is written
as the game goes, after every move, undo, message and answer (``end_reason`` ``unfinished`` until the
game ends, so validate's human figures never count it as finished), and ``resume`` sets an
unfinished game up again from its line: same deal, same seats, same moves, same talk
(``cardgen.play.said``). The table starts once every person's seat is taken (``join``). The seed is
never shown: pages see a game number. The session is shared by the server's threads: every public
method holds its lock.
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
from cardgen.errors import InputError, did_you_mean, worded
from cardgen.games.base import group_action, name_action, name_done
from cardgen.games.mention import fill_all, plain
from cardgen.simulate.logs import FORMAT, as_action
from cardgen.house import house_of, install
from cardgen.usercode import UserCodeError
from cardgen.play.said import talk_fields, talk_of
from cardgen.play.seen import saw_privately
from cardgen.simulate.runner import (DEFAULT_CAP, UNFINISHED, DeckRef, agent_factories, can_determinize,
                                     deck_hash, default_agents, unknown_agent)

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: the agent name a person's seat has in a log (validate/compare's ``--human-logs`` count these games)
HUMAN = "human"
#: seconds between two agent moves on the page (a person can follow them)
DEFAULT_PACE = 0.9
#: moves the hint lists (the best valued: the first is the one it names)
HINT_SHOWN = 8
#: most rounds of the hint's search (each plays every legal move out once on one re-deal)
HINT_ROUNDS = 64
#: seconds after which the hint's search starts no new playout (a round under way when they pass is left
#: out, so every move's mean counts the same re-deals); 2 s at the 95th percentile is what a person waits
HINT_SECONDS = 1.2
#: the feedback form's own questions: id -> kind (``rating``: 1 to 5; ``choice``: one of FEEDBACK_LONG; text)
FEEDBACK = {"fun": "rating", "long": "choice", "unclear": "text", "comment": "text"}
#: the answers to "did it feel long?"
FEEDBACK_LONG = ("short", "right", "long")
#: longest answer kept
FEEDBACK_TEXT = 1000
#: longest name a person gives themselves in the lobby
NAME_LONGEST = 40


class Refused(Exception):
    """A request the rules (or the moment) do not allow; the state is unchanged. One readable line.

    ``code`` names the refusal: the server answers with its words in the table's language (``err_<code>``
    in ``view.json``) and keeps this English line as the detail."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Entry:
    """One move of the journal: who made it and what it was, in the chosen language."""

    seat: int
    who: str
    text: str
    action: Action
    at: float = field(default_factory=time.monotonic)
    #: the turn it was made in, counted from 1 as the top bar counts "turns played": a turn of several moves (King
    #: Lui's drawn Emerald laid at once, Royale's serves after a take) is one number in the page's journal
    turn: int = 0
    #: ``text`` with the players it names marked (``cardgen.games.mention``): each page writes them out its own way
    #: ("Player 2 · Bo", "you"); ``text`` is it as a table without names reads it ("Player 2")
    marked: str = ""


class Session:
    """One game of ``deck`` for ``players``: people in ``people`` (default: ``seat`` alone), ``agents``
    rotated over the other seats."""

    def __init__(self, deck: "ResolvedDeck", players: int | None = None, seat: int = 0,
                 agents: list[str] | None = None, seed: int = 1, lang: str | None = None,
                 pace: float = DEFAULT_PACE, people: list[int] | None = None) -> None:
        spec = deck.spec
        if spec.new_game is None:
            raise InputError(f"{deck.id} has no rules engine (a print-only deck); expected a deck with 'game'",
                             field="DECK", key="play_print_only", fields={"deck": deck.id})
        low, high = deck.model.players.min, deck.model.players.max
        players = players if players is not None else max(low, min(high, 3))
        if not low <= players <= high:
            raise InputError(f"{deck.id} is for {low}-{high} players, got {players}", field="--players",
                             key="play_players", fields={"deck": deck.id, "low": low, "high": high, "players": players})
        option = "--people" if people else "--seat"  # the option the seats came from
        people = sorted(set(people)) if people else [seat]
        for person in people:
            if not 0 <= person < players:
                raise InputError(f"seat {person + 1} of {players}: expected 1 to {players}", field=option,
                                 key="play_seat", fields={"seat": person + 1, "players": players})
        seat = people[0]
        lang = lang or ("en" if "en" in deck.languages else deck.languages[0])
        if lang not in deck.languages:
            raise InputError(f"{deck.id} is not written in '{lang}'; expected one of {', '.join(deck.languages)}",
                             field="--lang", hint=did_you_mean(lang, deck.languages),
                             key="play_lang", fields={"deck": deck.id, "lang": lang, "expected": ", ".join(deck.languages)})
        factories = agent_factories(spec)
        names = agents or default_agents(spec)  # the same default players as validate, compare and tune
        for name in names:
            if name not in factories:
                raise unknown_agent(deck, name, factories)
        self.deck, self.players, self.seat, self.lang, self.pace = deck, players, seat, lang, pace
        self.people = people
        #: the people's seats whose page has come (one person: taken from the start, as before)
        self.joined: set[int] = set(people) if len(people) == 1 else set()
        self.factories = factories
        self.game = install(spec.new_game(deck, players), deck)  # the deck's house rule, if it names one
        others = [s for s in range(players) if s not in people]
        self.names = [HUMAN] * players
        for i, s in enumerate(others):
            self.names[s] = names[i % len(names)]
        self.can_hint = can_determinize(deck)
        self.lock = threading.RLock()
        #: the one line of project code that failed outside a request (the hint's warm-up): the table ends
        self.broken: str | None = None
        self._hinting = threading.Lock()  # held while a hint searches (the searches run outside ``lock``)
        #: the last hint and the table it was asked at (seed, moves): the same question asked again (a page whose
        #: first request was lost on the way, a second tab) gets the same answer at once, not a second search
        self._last_hint: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self.saved: Path | None = None
        #: people's seats the designer handed to an agent, by seat: the agent's kind (``seats.hand_to_agent``)
        self.handed: dict[int, str] = {}
        #: the names people gave themselves in the lobby, by seat (the journal, the log and the feedback say them)
        self.people_names: dict[int, str] = {}
        self.log: Path | None = None  # the log every change is written to as it happens (``keep_log``)
        self.number = 0  # the game number pages show instead of the seed
        self.version = 0  # bumped by every change a page should see (server-sent events)
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

    def warm_hint(self) -> None:
        """Start the hint's search once in the background (``cardgen play`` calls it as the page opens):
        its first run loads what it needs, 1-2 s that would otherwise fall on the first hint."""
        state = self.state
        if self.can_hint and not state.is_terminal() and state.legal_actions():
            threading.Thread(target=self._first_search, args=(state.clone(), state.legal_actions()), daemon=True,
                             name="cardgen-play-hint-warm-up").start()

    def _first_search(self, state: State, legal: list[Action]) -> None:
        """The warm-up search; project code failing in it is kept in ``broken`` (the server ends the table
        with that line) rather than dying with a thread's traceback."""
        try:
            self._search(state, legal, 0.0)
        except UserCodeError as exc:
            self.broken = self.broken or exc.line

    # -- the game ----------------------------------------------------------------------------
    def _deal(self, seed: int) -> None:
        self.seed = seed
        self.number += 1
        self.version += 1
        self.feedback: dict[int, dict[str, Any]] = {}
        self._line: bytes | None = None  # this game's line as last saved
        self.state: State = self.game.new_initial_state(seed)
        self.initial_piles = {k: list(v) for k, v in self.state.initial_piles.items()}
        self.actions: list[tuple[int, Action]] = []
        self.journal: list[Entry] = []
        #: what people said at the table this game: (seat, words, moves made when said), oldest first
        self.talk: list[tuple[int, str, int]] = []
        #: an undo one person asked for, until every person accepts it: {"by", "to", "accepted"} (``play.talk``)
        self.undo_asked: dict[str, Any] | None = None
        #: the undos every person agreed to this game: (asked by, moves kept, moves made before), oldest first
        self.undos: list[tuple[int, int, int]] = []
        #: each seat's last answer of ``turn_was_private``: (the moves up to the end of the turn asked about, the answer)
        self._private: dict[int, tuple[tuple[Any, ...], bool]] = {}
        #: (game number, moves made, turns played) when ``--resume`` took the table up again: the journal says so
        #: after that move, counting the turns as the top bar does ("turns played", not a second word: round 27, en27)
        self.resumed: tuple[int, int, int] | None = None
        #: a rematch one person proposed once the game is over, until every person accepts it (``play.talk``)
        self.rematch_asked: dict[str, Any] | None = None
        self.agents: list[Agent | None] = [None if n == HUMAN else self.factories[n]() for n in self.names]
        self.rng = random.Random(f"cardgen play {seed}")  # the agents' own draws (a replay checks moves, not why)
        self.saved = None
        self._started = time.monotonic()  # when the table started (the last person's page came): the log's seconds

    def describe(self, action: Action, seat: int | None = None) -> str:
        """``action`` as the chosen language names it, against the table now as ``seat`` (default: the seat
        to move) sees it: the deck's ``actions:`` name for an action its house rule or rules file adds, else
        the game's (``cardgen.games.base.name_action``), which tells apart two moves the action alone would not
        (Draco's two ruffians of one colour, by their places)."""
        seat = self.state.current_player if seat is None else seat
        table = self.state.observation(seat) if seat >= 0 else None
        return self.told(name_action(self.deck, action, self.lang, table), seat)  # as that seat's button says it

    def shown_move(self, action: Action, seat: int) -> dict[str, Any]:
        """``action`` as ``seat``'s buttons show it: its whole name (``describe``) and where a long list puts it,
        ``group`` (the heading it goes under: the game's, ``cardgen.games.base.group_action``, else the whole name,
        a group of its own) and ``part`` (its words under that heading), against the table as ``seat`` sees it."""
        table = self.state.observation(seat) if seat >= 0 else None
        text = name_action(self.deck, action, self.lang, table)
        head, part, *detail = group_action(self.deck, action, self.lang, table) or (text, text)
        # ``detail``: the game's smaller line under the row (Royale's request and warning: round 29, en12, fr13)
        return self.told({"action": list(action), "text": text, "group": head, "part": part,
                          "detail": "".join(detail[:1])}, seat)

    def told(self, value: Any, seat: int | None) -> Any:
        """``value`` (a text, or a page's JSON) with the players the game's words name written out for ``seat``'s page
        (None: a page that is nobody's, the designer's or a spectator's): each by their seat and who took it, as the
        top bar and the journal name them ("Player 2 · Bo"), the page's own player as "you" (#53 round 29, en3,
        en21, fr6, it1, it14; ``cardgen.play.view.seat_called``)."""
        from cardgen.play.view import seat_called, seat_named

        return fill_all(value, seat_called(self, seat), seat, seat_named(self))

    def _apply(self, action: Action, who: str) -> Entry:
        player, turn = self.state.current_player, self.state.turns + 1
        seen_before = self.state.observation(player)  # the places the record names are those the move started from
        before = self.state.clone() if house_of(self.game) is not None else None
        ran = len(getattr(self.state, "_house_ran", ()))
        seen = RuleWatch(self.state, player) if before is not None else None
        try:
            self.state.apply(action)
        finally:
            if seen is not None:
                seen.stop()
        # the journal's record: what happened, in the third person, from the wordbook (never the button's order)
        text = name_done(self.deck, action, self.lang, seen_before, self.state.observation(player))
        if before is not None:
            text += house_effect(self.deck, self.lang, before, action, self.state, ran, seen)
        self.actions.append((player, action))
        self.undo_asked = None  # the table moved on: an undo asked before is void
        entry = Entry(player, who, plain(text), action, turn=turn, marked=text)
        self.journal.append(entry)
        self.version += 1
        self._logged()
        return entry

    def join(self, seat: int) -> None:
        """A person's page came for ``seat`` (the table starts when every person's seat is taken)."""
        with self.lock:
            if seat in self.people and seat not in self.joined:
                self.joined.add(seat)
                self.version += 1
                if self.joined >= set(self.people) and not self.actions:
                    self._started = time.monotonic()

    def claim(self, seat: Any, name: Any) -> str:
        """A person in the lobby takes the free person's ``seat`` (from 0) under ``name``; returns the name kept.

        A seat is claimed once: whoever claimed it has its link, and nobody else gets it from the lobby."""
        with self.lock:
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.people:
                raise Refused("that is not a seat people play at this table", "seat_bad")
            if seat in self.people_names:
                raise Refused(f"seat {seat + 1} is taken", "seat_taken")
            if not isinstance(name, str):
                raise Refused("expected a name", "name_bad")
            kept = " ".join("".join(c for c in name if c.isprintable()).split())[:NAME_LONGEST]
            if not kept:
                raise Refused("expected a name", "name_bad")
            self.people_names[seat] = kept
            self.version += 1
            self._logged()
            return kept

    def waiting_for(self, seat: int | None = None) -> str:
        """What ``seat`` (default: the first person's) waits for: ``seats`` (people still to come), ``you``,
        ``agent``, ``person`` (another person's turn) or ``over`` (the game ended or cannot go on)."""
        s = self.state
        seat = self.seat if seat is None else seat
        if s.is_terminal() or not s.legal_actions():
            return "over"
        if not self.actions and not self.joined >= set(self.people):
            return "seats"
        if s.current_player == seat and seat in self.people:
            return "you"
        return "person" if s.current_player in self.people else "agent"

    def play(self, action: Any, seat: int | None = None, turn: Any = None) -> Entry:
        """A person's move for ``seat``: ``action`` as the page sends it (a JSON list); refused unless legal
        now. ``turn``, when given, is the number of moves the page had seen: a move sent again, or
        answering a table that has moved on since, is refused."""
        seat = self.seat if seat is None else seat
        with self.lock:
            if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool) or turn != len(self.actions)):
                raise Refused(f"this move answers move {str(turn)[:12]}, but {len(self.actions)} moves have been "
                              "made: the table has moved on; nothing changed", "moved_on")
            if not isinstance(action, list) or len(action) > 16 or not all(
                    isinstance(a, (str, int)) and not isinstance(a, bool) for a in action):
                raise Refused("a move is a list of words and numbers, as the legal moves list them", "bad_move")
            wanted = as_action(action)
            state = self.waiting_for(seat)
            if state != "you":
                raise Refused("the game is over" if state == "over" else
                              "the table waits for the other people to join" if state == "seats" else
                              f"it is seat {self.state.current_player + 1}'s turn, not yours",
                              "over" if state == "over" else state if state == "seats" else "not_yours")
            if wanted not in self.state.legal_actions():
                raise Refused(f"{json.dumps(action)[:120]} is not a legal move now; nothing changed", "illegal")
            return self._apply(wanted, HUMAN)

    def agent_move(self, after: int | None = None) -> Entry | None:
        """One decision of the agent whose turn it is (None when it is a person's turn or the game is over).
        ``after``: the number of moves the asking page saw; None if another page's request moved first."""
        with self.lock:
            if self.waiting_for() != "agent" or (after is not None and after != len(self.actions)):
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
        """Back to before the person's last turn (``turn_start``): the game is replayed from its seed (agents'
        moves kept). A table with several people has no undo (it would take back the others' moves)."""
        with self.lock:
            if len(self.people) > 1:
                raise Refused("undo is for a table with one person: the others have seen the move", "undo_several")
            start = self.turn_start(self.seat)
            if start is None:
                raise Refused("nothing to undo: you have not moved yet", "undo_nothing")
            self.back_to(start)

    def turn_start(self, seat: int) -> int | None:
        """Where ``seat``'s last own turn began (the moves an undo keeps: that turn and every move since go), or
        None before ``seat`` has begun a turn. A turn is the journal's numbered line and the lines it goes on
        with; a move ``seat`` made in another's turn (Draco's draw after someone's toast) is part of that turn,
        not a turn of ``seat``'s: taking it back as "your move 32" named the computer's turn 32 (#53 round 28,
        en22), and taking back only the last step of a turn (Royale's "ends the turn") left its take (fr2)."""
        journal, actions = self.journal, self.actions
        for i in range(min(len(actions), len(journal)) - 1, -1, -1):
            if actions[i][0] == seat and (i == 0 or journal[i - 1].turn != journal[i].turn):
                return i
        return None

    def turn_was_private(self, seat: int) -> bool:
        """Whether ``seat``'s last own turn (``turn_start``) showed it something chance decided that only it sees (a
        card drawn from the supply: ``cardgen.play.seen``). An undo replays the same deal, so taking such a turn back
        at a table of several people would let the person play it again knowing the card (#53 round 29, en1)."""
        with self.lock:
            start = self.turn_start(seat)
            if start is None:
                return False
            end = start + 1
            while end < len(self.journal) and self.journal[end].turn == self.journal[start].turn:
                end += 1
            key = (self.seed, tuple(a for _, a in self.actions[:end]))
            if seat not in self._private or self._private[seat][0] != key:
                before = self.game.new_initial_state(self.seed)
                for _, action in self.actions[:start]:
                    before.apply(action)
                moves = [action for _, action in self.actions[start:end]]
                self._private[seat] = (key, bool(saw_privately(before, moves, seat, f"private {self.seed} {start}")))
            return self._private[seat][1]

    def back_to(self, moves: int) -> None:
        """The game as it was after its first ``moves`` moves, replayed from its seed (``undo``, and an undo every
        person at the table agreed to: ``cardgen.play.talk``)."""
        with self.lock:
            keep = self.actions[:moves]
            journal = self.journal[:moves]
            self.state = self.game.new_initial_state(self.seed)
            for _, action in keep:
                self.state.apply(action)
            self.actions, self.journal = list(keep), journal
            self.undo_asked = None
            self.version += 1
            self._logged()

    def new_deal(self, seed: int | None = None) -> None:
        """A fresh game: the next seed unless one is given (``cardgen play`` starts from a random seed)."""
        with self.lock:
            self._deal(self.seed + 1 if seed is None else seed)

    def rematch(self, swap: bool = False) -> dict[int, int]:
        """A new deal for the same people once the game is over (the finished game stays in the log).

        ``swap``: each person moves to the next person's seat (the last to the first), their name with them;
        agents keep theirs. Returns where each person's seat went (``{old: new}``; unchanged without ``swap``),
        so the server moves each person's key to their new seat."""
        with self.lock:
            if self.waiting_for(-1) != "over":
                raise Refused("a rematch comes once the game is over", "rematch_early")
            ring = self.people
            moved = {seat: ring[(i + 1) % len(ring)] if swap else seat for i, seat in enumerate(ring)}
            self.people_names = {moved[seat]: name for seat, name in self.people_names.items()}
            self._deal(self.seed + 1)
            return moved

    def hint(self, seat: int | None = None) -> dict[str, Any]:
        """What the figures of a short search rank first for ``seat``, with each move's mean reward (0..1).

        The search (``hint_search``) plays every legal move out on the same re-deals of what the seat cannot
        see, round after round until ``HINT_SECONDS`` have passed (at least one whole round, at most
        ``HINT_ROUNDS``); the hint names the move with the best mean, so it always agrees with the list it
        shows (ties go to the game's heuristic's own move). The same question asked again at the same table gets
        the same answer, without a second search."""
        reader = self.seat if seat is None else seat  # its moves named as that seat's buttons name them
        with self.lock:
            if self._last_hint is not None and self._last_hint[0] == self._hint_key() and self.waiting_for(seat) == "you":
                return self.told(self._last_hint[1], reader)
        if not self._hinting.acquire(blocking=False):  # one search at a time: many would starve every page
            raise Refused("a hint is already being worked out; it comes in a moment", "hint_busy")
        try:
            return self.told(self._hint(seat), reader)
        finally:
            self._hinting.release()

    def _hint(self, seat: int | None) -> dict[str, Any]:
        with self.lock:
            if self.waiting_for(seat) != "you":
                raise Refused("a hint is for your own turn", "not_yours")
            if not self.can_hint:
                raise Refused(f"the {self.deck.game} engine cannot deal hidden cards again (State.determinize), "
                              "which the search agent needs", "no_hint")
            state, legal = self.state.clone(), self.state.legal_actions()
            table = self.state.observation(self.state.current_player)
            key = self._hint_key()
        choice, values, rounds = self._search(state, legal, HINT_SECONDS)
        moves = sorted(legal, key=lambda a: (-values.get(a, -1.0), a != choice))[:HINT_SHOWN]  # its pick first
        if choice not in moves:  # no figures (a single move): the move itself
            moves[-1] = choice

        def name(action: Action) -> str:  # named as the buttons are, against the table the hint was asked at
            return name_action(self.deck, action, self.lang, table)

        def group(action: Action) -> list[str] | None:  # its group and its words there, as the buttons have them
            told = group_action(self.deck, action, self.lang, table)
            return None if told is None else list(told[:2])  # the noble and the figure, no detail line (en12)

        from cardgen.agents.search import DEFAULT_SCORE_WEIGHT

        # how many moves there were (the page says "the 8 best of 15" when it lists fewer: #53 round 27, fr26, it23)
        # and the weight the figures give the points beside the games won (their sentence says what they are: fr1)
        answer = {"choice": list(choice), "text": name(choice), "rounds": rounds, "legal": len(legal),
                  "weight": round(DEFAULT_SCORE_WEIGHT * 100),
                  "values": [{"action": list(a), "text": name(a), "group": group(a),
                              "value": round(values[a], 3) if a in values else None} for a in moves]}
        self._last_hint = (key, answer)
        return answer

    def _hint_key(self) -> tuple[Any, ...]:
        """The table a hint answers: the deal's seed and every move since (an undo and another move is another)."""
        return (self.seed, tuple(self.actions))

    def _search(self, state: State, legal: list[Action], seconds: float) -> tuple[Action, dict[Action, float], int]:
        """The hint's search for ``seconds``: its pick, its mean reward per move and the rounds it played."""
        policy = agent_factories(self.deck.spec).get("heuristic")
        rng = random.Random(f"hint {self.seed} {len(self.actions)}")
        return hint_search(state, legal, policy, rng, seconds)

    # -- feedback ------------------------------------------------------------------------------
    def questions(self) -> list[dict[str, str]]:
        """The designer's own questions (the deck's ``playtest:`` section) in the table's language."""
        section = getattr(self.deck.model, "playtest", None)
        if section is None:
            return []
        return [{"id": q.id, "kind": q.kind, "text": q.text[self.lang] or q.text["en"] or q.id}
                for q in section.questions]

    def give_feedback(self, seat: int, answers: Any) -> dict[str, Any]:
        """Keep ``seat``'s answers to the form shown when the game ends (it goes into the game's log line).

        ``answers`` maps the form's questions (``FEEDBACK``) and the deck's own (``q:<id>``) to an answer;
        an unknown question, a rating outside 1-5 or an answer not a text is refused, nothing kept."""
        with self.lock:
            if seat not in self.people:
                raise Refused("feedback is for the people at the table", "feedback_people")
            if not self.state.is_terminal():
                raise Refused("the form is for a finished game", "feedback_early")
            if not isinstance(answers, dict):
                raise Refused("expected the form's answers as an object", "feedback_bad")
            kinds = dict(FEEDBACK) | {f"q:{q['id']}": q["kind"] for q in self.questions()}
            kept: dict[str, Any] = {}
            for key, value in answers.items():
                kind = kinds.get(key)
                if kind is None:
                    raise Refused(f"no question '{str(key)[:40]}' on the form", "feedback_bad")
                if value is None or value == "":
                    continue
                if kind == "rating":
                    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 5:
                        raise Refused(f"{key}: expected a rating from 1 to 5", "feedback_bad")
                elif kind == "choice":
                    if value not in FEEDBACK_LONG:
                        raise Refused(f"{key}: expected one of {', '.join(FEEDBACK_LONG)}", "feedback_bad")
                elif kind == "yesno":
                    if not isinstance(value, bool):
                        raise Refused(f"{key}: expected yes or no", "feedback_bad")
                elif not isinstance(value, str):
                    raise Refused(f"{key}: expected a text", "feedback_bad")
                else:
                    value = value.strip()[:FEEDBACK_TEXT]
                kept[key] = value
            self.feedback[seat] = kept
            self.version += 1
            self._logged()
            return kept

    # -- the log -------------------------------------------------------------------------------
    def log_record(self) -> dict[str, Any]:
        """The game as a ``cardgen-log/1`` record (``docs/log-format.md``); a game not over yet is
        ``unfinished`` (no scores, no winners), with the table's language for ``resume``."""
        s = self.state
        over = s.is_terminal()
        ref = DeckRef.of(self.deck)
        stalled = (s.end_reason or "").startswith("stalled:")
        outcome = None if stalled or not over else s.outcome()
        return {
            "format": FORMAT, "project": ref.project, "deck": ref.deck, "file": ref.file, "game": self.deck.game,
            "deck_hash": deck_hash(self.deck), "players": self.players, "master_seed": None, "cap": DEFAULT_CAP,
            "index": 0, "seed": self.seed, "agents": list(self.names), "human_seats": list(self.people),
            "initial_piles": self.initial_piles, "actions": [[p, list(a)] for p, a in self.actions],
            "end_reason": s.end_reason if over else UNFINISHED, "lang": self.lang,
            "scores": list(outcome.scores) if outcome else None,
            "winners": list(outcome.winners) if outcome else None,
            "tie_break": outcome.tie_break if outcome else None, "turns": s.turns, "rounds": s.rounds,
            "seconds": round(max(0.0, self.journal[-1].at - self._started)) if self.journal else 0,
            "gaps": [{"kind": g.kind, "settled": g.settled, "detail": g.detail, "by": "engine"} for g in s.gaps],
            **self._house_fields(),
            **({"feedback": {str(k): v for k, v in sorted(self.feedback.items())}} if self.feedback else {}),
            **({"names": {str(k): v for k, v in sorted(self.people_names.items())}} if self.people_names else {}),
            **talk_fields(self),
        }

    def _house_fields(self) -> dict[str, Any]:
        """A house rule's file and hash, as validate's logs record them (replay refuses a changed file)."""
        house = house_of(self.game)
        return {"code": self.deck.model.code, "code_hash": house.sha256} if house is not None else {}

    def save(self, path: Path) -> Path:
        """Write the game's line into the log at ``path`` (one line per game, the file written atomically).

        Written again (another move, feedback), the game's line is replaced where it stands, not repeated;
        a game not over yet is written as ``unfinished``. Temporary copies an interrupted earlier save left
        beside the log are removed."""
        from cardgen.fileio import check_output_file, write_atomic

        with self.lock:
            line = json.dumps(self.log_record(), ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
            if self.saved == path and self._line == line:
                return path
            check_output_file(path, "thing_play_log")
            before = path.read_bytes() if path.is_file() else b""
            if before and not before.endswith(b"\n"):
                before += b"\n"
            at = _line_at(before, self._line) if self.saved == path and self._line else -1
            text = before + line if at < 0 else before[:at] + line + before[at + len(self._line or b""):]
            remove_stale_temporaries(path)
            write_atomic(path, text)
            self.saved, self._line = path, line
            self.version += 1
            return path

    def keep_log(self, path: Path) -> None:
        """Write every game of this table to ``path`` as it goes (after each move, undo and answer), so that
        an evening stopped mid-game (Ctrl-C, a closed laptop) keeps what was played."""
        with self.lock:
            self.log = path
            self._logged()

    def _logged(self) -> None:
        """The game's line written again into the kept log, once the game has a move, a message or an answer."""
        if self.log is not None and (self.actions or self.feedback or self.talk):
            self.save(self.log)

    def changed(self) -> None:
        """Something every page should see changed (table talk, an undo asked...): pages hear of it and the
        game's line is written again (``cardgen.play.talk``)."""
        with self.lock:
            self.version += 1
            self._logged()

    @classmethod
    def resume(cls, deck: "ResolvedDeck", path: Path, pace: float = DEFAULT_PACE) -> "Session":
        """The table of the last unfinished game in the log at ``path``, set up again where it stopped: the
        same deal (seed), seats, agents, language, moves and answers; it goes on writing that game's line."""
        number, record, line = last_unfinished(path)
        where = f"{path}:{number}"
        if record["deck"] != deck.id:
            raise InputError(f"{where}: the unfinished game is of '{record['deck']}', not '{deck.id}'",
                             field="--resume",
                             key="resume_other_deck", fields={"where": where, "deck": record["deck"], "expected": deck.id})
        if record.get("deck_hash") not in (None, deck_hash(deck)):
            raise InputError(f"{where}: the deck changed since this game was played; its moves may not be legal "
                             "any more", field="--resume", hint=worded("hint_deck_as_it_was"),
                             key="resume_deck_changed", fields={"where": where})
        people = [int(p) for p in record.get("human_seats") or []]
        others = [name for seat, name in enumerate(record["agents"]) if seat not in people]
        session = cls(deck, int(record["players"]), agents=others or None, seed=int(record["seed"]),
                      lang=record.get("lang"), pace=pace, people=people)
        with session.lock:
            for i, (player, action) in enumerate(record["actions"]):
                wanted = as_action(action)
                if session.state.is_terminal() or session.state.current_player != player \
                        or wanted not in session.state.legal_actions():
                    raise InputError(f"{where}: move {i + 1} ({json.dumps(action)[:80]}) is not legal when "
                                     "replayed; the game cannot be taken up again", field="--resume",
                                     key="resume_illegal", fields={"where": where, "move": i + 1, "action": json.dumps(action)[:80]})
                session._apply(wanted, session.names[player])
            session.feedback = {int(k): v for k, v in (record.get("feedback") or {}).items()}
            session.people_names = {int(k): str(v) for k, v in (record.get("names") or {}).items()}
            session.talk, session.undos = talk_of(record, where)  # the journal's talk, as it was said
            session.joined = set(people)  # its people had all come: the table goes on when they come back
            session._started = time.monotonic() - float(record.get("seconds") or 0)
            session.saved, session._line, session.log = path, line, path
            session.resumed = (session.number, len(record["actions"]), session.state.turns)
        return session


def hint_search(state: State, legal: list[Action], policy: Any, rng: random.Random,
                seconds: float) -> tuple[Action, dict[Action, float], int]:
    """Flat Monte Carlo on common re-deals, bounded by time (``Session.hint``): its pick, means, rounds.

    Each round re-deals what the seat to move cannot see (``determinize``), then plays every legal move
    out on a copy of that deal with the same seed (the game's heuristic ``policy`` playing, with a little
    randomness, else random play), as the ``search`` agent's paired search does; the first round is always
    whole, the others only while ``seconds`` last, at most ``HINT_ROUNDS``. The pick is the best mean (a
    tie: the policy's own move first, then the first legal), so the hint names what its own figures rank
    first."""
    from cardgen.agents.search import (DEFAULT_EPSILON, advice_move, epsilon_policy_rollout, random_rollout,
                                       rewards)

    if len(legal) == 1:
        return legal[0], {}, 0
    deadline = time.monotonic() + seconds
    seat = state.current_player
    advice = advice_move(policy(), state, legal, rng) if policy is not None else None
    rollout = epsilon_policy_rollout(policy, DEFAULT_EPSILON) if policy is not None else random_rollout
    sums, rounds = [0.0] * len(legal), 0
    while rounds < HINT_ROUNDS and (rounds == 0 or time.monotonic() < deadline):
        sample, seed = state.determinize(seat, rng), rng.getrandbits(64)
        got: list[float] = []
        for action in legal:
            if rounds and time.monotonic() >= deadline:
                break  # a round cut short is left out: every mean counts the same re-deals
            played = sample.clone()
            played.apply(action)
            rollout(played, random.Random(seed))
            got.append(rewards(played)[seat])
        if len(got) < len(legal):
            break
        sums = [total + g for total, g in zip(sums, got)]
        rounds += 1
    values = {a: total / rounds for a, total in zip(legal, sums)}
    choice = max(legal, key=lambda a: (values[a], a == advice))  # max keeps the first of equals
    return choice, values, rounds


class RuleWatch:
    """What a house rule's hooks did themselves during one move of ``state``, told apart from what the engine's own
    methods they call did: the moving ``seat``'s observation as each hook starts, calls the engine's method
    (``default``), gets it back and returns (``cardgen.engine.hooks.watched``). ``parts``: (observation before,
    observation after) of each stretch the rule's own code ran; ``whole``: False when a hook never called the
    engine's method (the rule replaced it: its part cannot be told apart this way)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.parts: list[tuple[Any, Any]] = []
        self.whole = True
        self._open: list[list[Any]] = []  # per hook running: [observation its own code started from, called default]
        state._house_watch = self  # type: ignore[attr-defined]

    def __call__(self, state: State, hook: str, point: str) -> None:
        if state is not self.state:
            return  # a copy the engine made of the state during the move
        seen = state.observation(self.seat)
        if point == "enter":
            self._open.append([seen, False])
        elif not self._open:
            return
        elif point == "default":
            self.parts.append((self._open[-1][0], seen))
            self._open[-1] = [None, True]
        elif point == "back":
            self._open[-1][0] = seen
        else:  # leave
            start, called = self._open.pop()
            if not called:
                self.whole = False
            elif start is not None:
                self.parts.append((start, seen))

    def stop(self) -> None:
        """The move is over: the state no longer tells this watch anything."""
        self.state._house_watch = None  # type: ignore[attr-defined]


def house_effect(deck: "ResolvedDeck", lang: str, before: State, action: Action, after: State, ran: int,
                 seen: RuleWatch | None = None) -> str:
    """What the deck's house rule changed in ``action`` (played from ``before`` to ``after``), for the journal:
    " · house rule: player 2 gives 1 silver coin to player 3" in ``lang``, or "" when no hook of the rule acted
    on the move or the game names nothing it changed (``GameSpec.describe_effect``).

    With ``seen`` (the hooks watched during the move), what the rule's own code did before and after it called
    the engine's method: the gift alone, never the engine's toast it shifted (a different richest player pays
    Zork's share). Otherwise the same move is played again from ``before`` by the engine's own rules (the house
    rule's state class is a subclass of the engine's: ``cardgen.engine.hooks``) and the moving seat's two
    observations compared."""
    from cardgen.play.view import UI

    describe = deck.spec.describe_effect
    acted = [h for h in getattr(after, "_house_ran", [])[ran:] if h != "legal_actions"]
    if describe is None or not acted:
        return ""
    if seen is not None and seen.whole:
        told = [describe(deck, start, end, lang) for start, end in seen.parts]
        what = ", ".join(t for t in told if t)
    else:
        seat = before.current_player
        plain = before.clone()
        plain.__class__ = type(after).__mro__[1]  # the engine's own class, without the hooks
        try:
            plain.apply(action)
        except Exception:  # the move is the house rule's own (the engine alone has none): nothing to set against
            return ""
        what = describe(deck, plain.observation(seat), after.observation(seat), lang) or ""
    return " · " + (UI.get(lang) or UI["en"])["house_effect"].format(what=what) if what else ""


def _line_at(text: bytes, line: bytes | None) -> int:
    """Where ``line`` (ending with a newline) stands as a whole line of ``text``; -1 when it does not."""
    if not line:
        return -1
    if text.startswith(line):
        return 0
    at = text.find(b"\n" + line)
    return at + 1 if at >= 0 else -1


def last_unfinished(path: Path) -> tuple[int, dict[str, Any], bytes]:
    """The last game of the log at ``path`` that people left unfinished: its line number, record and
    exact line (with its newline); an ``InputError`` when the log has none or cannot be read."""
    from cardgen.simulate.logs import read_log

    found: tuple[int, dict[str, Any]] | None = None
    for number, record in read_log(Path(path)):
        if isinstance(record, InputError):
            continue  # a bad line stays as it is; another game may still be taken up
        if record["end_reason"] == UNFINISHED and record.get("human_seats"):
            found = (number, record)
    if found is None:
        raise InputError("no unfinished game in this log: every game in it has ended", file=str(path),
                         field="--resume", hint=worded("hint_new_table"), key="resume_ended")
    number, record = found
    line = Path(path).read_bytes().split(b"\n")[number - 1] + b"\n"
    return number, record, line


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary copies (``.NAME.PID-N.tmp``, ``fileio.write_atomic``) of ``path`` whose process
    is gone: a save killed before its rename leaves one. Returns those removed."""
    from cardgen.fileio import sweep_temporaries

    return sweep_temporaries(path.parent, recursive=False, of=path.name) if path.parent.is_dir() else []
