"""The card-game kit: what every card game repeats, so a rules file says only what is its own.

A designer's rules file (``game: rules.py`` in a deck, ``cardgen/games/project.py``)
defines one subclass of ``CardGame`` with four methods: ``setup``, ``actions(seat)``,
``do(seat, action)`` and, when the game needs it, ``tie_break(tied)`` (and ``policy(seat,
legal, rng)``, advice to the default players, ``cardgen.agents.generic``). The kit does the
rest of the engine API (``cardgen/engine/api.py``):

* **zones** declared by name with who sees them (``PUBLIC``: everyone, ``OWNER``: the
  seat it belongs to, ``HIDDEN``: nobody, such as a face-down draw pile); ``SEAT_ZONES``
  exist once per seat (``hand:0``, ``hand:1``...). Every card starts in the first zone
  of ``ZONES``; cards only ever move between zones, so they cannot be created or lost.
* **dealing** (``deal``), **drawing** with a reshuffle rule (``draw``, ``RESHUFFLE``),
  **moving** (``move``), **shuffling** (the state's own seeded ``rng``), **turn order**
  (``turn``, ``next_turn``), **scoring** (``score`` per seat; most wins, or least with
  ``LOW_SCORE_WINS``) and **the end** (``end(reason)``).
* from the zones' visibility, a generic ``observation(seat)`` (visible zones in full,
  the others as a size, plus the game's own plain attributes, which are public by
  design: hidden cards belong in zones), ``determinize(seat, rng)`` (every card the
  seat cannot see dealt again among the zones it cannot see, sizes kept) and ``zones()``
  (card conservation), so the ``search`` agent and the invariants need no extra code.
  A sample knows only what the zones show now: a card a seat saw move into a hidden
  zone is dealt again like any other hidden card.

The design follows TAG's PartialObservableDeck (visibility per zone and seat) and
boardgame.io's playerView (one generic view derived from declared visibility); see
``../shared/reference/DESIGN-EXAMPLES.md``.

Rules-file failures are one line: an exception inside the file names its file and
line, the function the kit was running and the seed (``cardgen.usercode``); a rule that
breaks the kit's invariants (a card appearing or vanishing, a turn handed to no seat, a
seat taking cards from another seat's own zone during its turn) is reported the same
way, naming the function that broke it.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from cardgen.engine.api import Action, Game, IllegalAction, Outcome, State
from cardgen.engine.hooks import listed_result
from cardgen.engine.seatview import Peeked
from cardgen import guard
from cardgen.errors import clean
from cardgen.usercode import UserCodeError, describe_failure

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: Zone visibility: everyone sees the cards, only the seat owning the zone does, or nobody.
PUBLIC, OWNER, HIDDEN = "public", "owner", "nobody"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN)


@dataclass(frozen=True, slots=True)
class Card:
    """What the rules may ask of one card instance (from its component and first face)."""

    id: str  # instance id, ``<component id>#<n>``
    kind: str  # component id
    value: int  # the face's value (0 when it has none)
    suit: str  # the face's colour id ("" when none)
    symbol: str  # the face's symbol id ("" when none)
    points: int  # the face's points (0 when none)
    group: str  # the component's group ("" when none)


class RuleNumbers:
    """The deck's ``rules:`` mapping read as attributes; a name the deck lacks is a clear error."""

    def __init__(self, values: dict[str, Any], deck_file: str) -> None:
        self.__dict__["_values"] = dict(values)
        self.__dict__["_file"] = deck_file

    def __getattr__(self, name: str) -> Any:
        values = self.__dict__["_values"]
        if name in values:
            return values[name]
        known = ", ".join(sorted(values)) or "none"
        raise AttributeError(f"the deck declares no rule number '{name}' in 'rules:' of "
                             f"{self.__dict__['_file']} (it has: {known})")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("rule numbers are data: change them in the deck or a variant, not in the rules file")


class RulesBroken(Exception):
    """A rules file broke one of the kit's invariants (raised inside the kit, reported as one line)."""


def _cards(call: str, n: Any) -> int:
    """``n`` of ``deal(n)`` or ``draw(seat, n)``: a whole number from 0 (a deck's ``hand_size: -5``
    dealt nothing and the games played on; ``three`` or ``5.5`` broke in the kit's arithmetic)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RulesBroken(f"{call}: expected a whole number of cards from 0 up, got {n!r}")
    return n


#: Attributes the kit itself keeps on a state (everything else is the rules file's own, public).
_KIT_FIELDS = frozenset({"game", "seed", "rng", "gaps", "turns", "rounds", "end_reason", "initial_piles", "peak",
                         "zone", "turn", "score", "rules", "_acting", "_legal"})


class CardGame(State):
    """Base of a rules file's game: subclass it, declare zones, write the four methods."""

    #: shared zones: name -> visibility; the first one holds every card at the start
    ZONES: ClassVar[dict[str, str]] = {"deck": HIDDEN}
    #: zones each seat has once (``hand:0``...): name -> visibility
    SEAT_ZONES: ClassVar[dict[str, str]] = {"hand": OWNER}
    #: the zone shuffled back into an empty draw pile by ``draw`` (None: no reshuffle)
    RESHUFFLE: ClassVar[str | None] = None
    #: lowest score wins instead of highest
    LOW_SCORE_WINS: ClassVar[bool] = False

    game: "KitGame"

    # -- what a rules file writes ---------------------------------------------------
    def setup(self) -> None:
        """Set the game up (shuffle, deal, choose who starts). Called once, before any action."""

    def actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now: tuples of strings and ints."""
        raise NotImplementedError("the rules file's game defines no actions(self, seat)")

    def do(self, seat: int, action: Action) -> None:
        """Carry out ``action`` (one of ``actions(seat)``) for ``seat``; pass the turn or end the game."""
        raise NotImplementedError("the rules file's game defines no do(self, seat, action)")

    def tie_break(self, tied: list[int]) -> tuple[str, list[int]] | None:
        """Among the ``tied`` best seats, (rule name, winners), or None for a shared win."""
        return None

    def policy(self, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        """Optional advice to the default players: the action ``seat`` should take among ``legal``, or None.

        Without it (or where it returns None) the default player judges every legal move by
        playing each out on a few samples (``cardgen.agents.generic.LookaheadAgent``). Read only
        what ``seat`` may see; draw chance from ``rng``, never from ``self.rng``.
        """
        return None

    # -- the kit's helpers ------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def card(self, card_id: str) -> Card:
        """The card instance ``card_id`` (value, suit, symbol...)."""
        return self.game.cards[card_id]

    def cards(self, zone: str, seat: int | None = None) -> list[str]:
        """The card ids in ``zone`` (of ``seat`` for a seat zone), top of a pile last. The list itself.

        In a policy's view, the cards of a zone its seat cannot see are refused (``Peeked``)."""
        cards = self.zone[self.key(zone, seat)]
        if isinstance(cards, HiddenCards):
            cards.refuse()
        return cards

    def key(self, zone: str, seat: int | None = None) -> str:
        """The zone's name in ``zones()``: ``deck``, ``hand:2``; a zone the game lacks is a clear error."""
        if seat is None:
            if zone in self.game.shared:
                return zone
        elif zone in self.game.per_seat and isinstance(seat, int) and 0 <= seat < self.game.players:
            return f"{zone}:{seat}"
        raise RulesBroken(self.game.zone_problem(zone, seat))

    def shuffle(self, zone: str, seat: int | None = None) -> None:
        """Shuffle a zone with the game's own seeded chance (its first order is logged as an initial pile)."""
        key = self.key(zone, seat)
        self.rng.shuffle(self.zone[key])
        self.initial_piles.setdefault(key, list(self.zone[key]))

    def move(self, card_id: str, source: str, target: str, *, source_seat: int | None = None,
             target_seat: int | None = None, steal: bool = False) -> None:
        """Move one card from ``source`` to the top of ``target``.

        During a seat's ``do``, taking from another seat's ``OWNER`` zone is acting out of
        turn unless ``steal`` says the rule means it.
        """
        src = self.key(source, source_seat)
        cards = self.zone[src]
        if card_id not in cards:
            raise RulesBroken(f"move: card {card_id} is not in '{src}'")
        acting = self._acting
        if (acting is not None and not steal and source_seat is not None and source_seat != acting
                and self.game.visibility[source] == OWNER):
            raise RulesBroken(f"seat {acting} took {card_id} from '{src}' during its own turn (acting for "
                              f"seat {source_seat}); pass steal=True if the rule means it")
        cards.remove(card_id)
        self.zone[self.key(target, target_seat)].append(card_id)

    def gather(self, target: str, target_seat: int | None = None) -> None:
        """Every card of every zone back into ``target`` (a new round), in a fixed order."""
        dest = self.zone[self.key(target, target_seat)]
        for key, cards in self.zone.items():
            if cards is not dest:
                dest.extend(cards)
                cards.clear()

    def draw(self, seat: int, n: int = 1, source: str = "deck", target: str = "hand") -> list[str]:
        """Seat ``seat`` draws ``n`` cards from the top of ``source`` into its ``target`` zone.

        An empty ``source`` is first refilled by shuffling ``RESHUFFLE`` into it (all of it but
        its top card); the cards actually drawn are returned (fewer when both run out).
        """
        pile = self.zone[self.key(source)]
        into = self.zone[self.key(target, seat)]
        drawn = []
        for _ in range(_cards("draw", n)):
            if not pile and self.RESHUFFLE is not None:
                used = self.zone[self.RESHUFFLE]
                keep = used.pop() if used else None
                pile.extend(used)
                used.clear()
                if keep is not None:
                    used.append(keep)
                self.rng.shuffle(pile)
            if not pile:
                break
            card = pile.pop()
            into.append(card)
            drawn.append(card)
        self.track(target, len(into))  # the largest hand seen (statistics: peak:hand)
        return drawn

    def deal(self, n: int, source: str = "deck", target: str = "hand") -> None:
        """Deal ``n`` cards to each seat, one at a time round the table from seat 0."""
        pile = self.zone[self.key(source)]
        n = _cards("deal", n)
        if len(pile) < n * self.players:
            raise RulesBroken(f"deal: '{source}' has {len(pile)} cards, {n} for each of {self.players} seats "
                              f"needs {n * self.players}")
        for _ in range(n):
            for seat in range(self.players):
                self.zone[self.key(target, seat)].append(pile.pop())
        self.track(target, max(len(self.zone[self.key(target, seat)]) for seat in range(self.players)))

    def next_turn(self, seat: int | None = None) -> None:
        """Hand the turn to ``seat`` (default: the next seat clockwise); a pass through seat 0 is a round."""
        nxt = (self.turn + 1) % self.players if seat is None else seat
        if seat is None and nxt == 0:
            self.rounds += 1
        self.turn = nxt

    def end(self, reason: str) -> None:
        """End the game; ``reason`` names the end condition that fired (statistics count them)."""
        self.end_reason = reason

    # -- the engine API, derived ----------------------------------------------------------
    def __init__(self, game: "KitGame", seed: int) -> None:
        super().__init__(game, seed)
        self.rules = game.numbers
        self.zone: dict[str, list[str]] = {}
        for name in game.shared:
            self.zone[name] = []
        for name in game.per_seat:
            for seat in range(game.players):
                self.zone[f"{name}:{seat}"] = []
        self.zone[next(iter(game.shared))].extend(game.card_ids)
        self.turn = 0
        self.score = [0] * game.players
        self._acting: int | None = None
        self._legal: list[Action] | None = None  # the legal actions of this position, once asked
        self._run("setup", self.setup)

    @property
    def current_player(self) -> int:
        return -1 if self.end_reason is not None else self.turn

    def legal_actions(self) -> list[Action]:
        """The rules file's ``actions`` for the seat to play, asked once per position (``apply`` reuses it)."""
        if self.end_reason is not None:
            return []
        if self._legal is None:
            legal = self._run("actions", listed_result(self.actions), self.turn)  # copied while guarded
            if not isinstance(legal, (list, tuple)):  # a forgotten return is no "no legal move" of the rules
                raise UserCodeError(f"{self.game.code_shown}: actions() returned {clean(repr(legal), 60)}, expected a "
                                    f"list of actions (seed {self.seed} reproduces it)")
            self._legal = list(legal)
        return self._legal

    def apply(self, action: Action) -> None:
        if self.end_reason is not None or action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not legal now")
        seat = self.turn
        self._acting, self._legal = seat, None
        try:
            self._run("do", self.do, seat, action)
        finally:
            self._acting = None
        self.turns += 1

    def _run(self, hook: str, fn: Any, *args: Any) -> Any:
        """Call the rules file's ``fn``; its failures and broken invariants become one ``UserCodeError`` line."""
        try:
            # the time limit, exits refused; ``where`` is the supervisor's line should it have to kill the code
            out = guard.call(fn, *args, where=f"{self.game.code_shown}, {hook}() (seed {self.seed})")
        except (UserCodeError, IllegalAction):
            raise
        except BaseException as exc:  # RulesBroken included: it names the line of the rules file that broke it
            if not guard.is_code_failure(exc):
                raise  # a real Ctrl-C
            raise UserCodeError(describe_failure(exc, self.game.code_path, self.game.code_shown,
                                                 hook=f"{hook}()", seed=self.seed)) from None
        held = sum(len(cards) for cards in self.zone.values())
        if held != len(self.game.card_ids):
            change = "created" if held > len(self.game.card_ids) else "lost"
            raise UserCodeError(f"{self.game.code_shown}: {hook}() {change} "
                                f"{abs(held - len(self.game.card_ids))} card(s): cards only move between zones "
                                f"(use move/draw/deal) (seed {self.seed} reproduces it)")
        if self.end_reason is None and not (isinstance(self.turn, int) and 0 <= self.turn < self.players):
            raise UserCodeError(f"{self.game.code_shown}: {hook}() handed the turn to {self.turn!r}, which is no "
                                f"seat of {self.players} players (seed {self.seed} reproduces it)")
        return out

    def suggest(self, legal: list[Action], rng: random.Random) -> Action | None:
        """The rules file's ``policy`` for the seat to play (None where it defines none), on a copy whose
        zones show only what that seat sees: a read of another seat's hidden cards (``cards("hand", 2)``,
        ``zone["deck"]``) is refused, naming the line that read them (issue 51)."""
        if type(self).policy is CardGame.policy or self.end_reason is not None:
            return None
        view = self.clone()
        view.zone = seat_zones(self.zone, self.turn, self.visible)
        return view._run("policy", view.policy, self.turn, list(legal), rng)

    def policy_source(self) -> str:
        return self.game.code_shown

    def standings(self) -> list[float]:
        """Each seat's score, negated where the lowest score wins: higher is better (agents' look-ahead)."""
        sign = -1.0 if self.LOW_SCORE_WINS else 1.0
        return [sign * s for s in self.score]

    # -- the designer figures and the card table (cardgen.simulate.designer, cards, exchange) ------------------
    def score_estimate(self) -> list[float]:
        """Each seat's standing now (``standings``: the score, negated where the lowest wins), so lead changes,
        comebacks and drama read "ahead" the same way in every game."""
        return self.standings()

    def component_of(self, action: Action) -> str | None:
        """The kind (component id) of the first card an action names, such as ``("play", "sun-3#1")``."""
        cards = self.game.cards
        for part in action:
            if isinstance(part, str) and part in cards:
                return cards[part].kind
        return None

    def _own_zones(self, seat: int) -> list[str]:
        """The zones of ``seat`` only it sees (its hand): what the seat holds."""
        return [f"{name}:{seat}" for name, vis in self.game.per_seat.items() if vis == OWNER]

    def holding(self, player: int) -> dict[str, int]:
        """The kinds of the cards in ``player``'s own hidden zones (its hand), with their copies."""
        return dict(Counter(self.game.cards[c].kind for key in self._own_zones(player) for c in self.zone[key]))

    def exchangeable(self, player: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The cards in ``player``'s own hidden zones, and those in zones nobody sees (a face-down deck)."""
        cards = self.game.cards
        own = [(c, cards[c].kind) for key in self._own_zones(player) for c in self.zone[key]]
        hidden = [(c, cards[c].kind) for key, vis in self.game.shared.items() if vis == HIDDEN for c in self.zone[key]]
        return own, hidden

    def exchange(self, player: int, give: str, take: str) -> None:
        """``take`` into ``player``'s zone where ``give`` was, ``give`` into the hidden zone, at ``take``'s place."""
        mine = next(self.zone[key] for key in self._own_zones(player) if give in self.zone[key])
        there = next(self.zone[key] for key, vis in self.game.shared.items() if vis == HIDDEN and take in self.zone[key])
        mine[mine.index(give)], there[there.index(take)] = take, give
        self._legal = None

    def visible(self, key: str, seat: int) -> bool:
        """Whether ``seat`` sees the cards of zone ``key`` (``hand:2``)."""
        name, _, owner = key.partition(":")
        vis = self.game.visibility[name]
        return vis == PUBLIC or (vis == OWNER and owner == str(seat))

    def observation(self, player: int) -> dict[str, Any]:
        zones = {key: (list(cards) if self.visible(key, player) else len(cards)) for key, cards in self.zone.items()}
        own = {k: v for k, v in self.__dict__.items() if k not in _KIT_FIELDS and not k.startswith("_")}
        return {"seat": player, "turn": self.turn, "score": list(self.score), "zones": zones,
                **{k: v for k, v in own.items() if _plain(v)}}

    def zones(self) -> dict[str, list[str]]:
        return {key: list(cards) for key, cards in self.zone.items()}

    def outcome(self) -> Outcome:
        best = min(self.score) if self.LOW_SCORE_WINS else max(self.score)
        tied = [p for p, s in enumerate(self.score) if s == best]
        tie_rule = None
        if len(tied) > 1:
            broken = self._run("tie_break", self.tie_break, list(tied))
            if broken is not None:
                tie_rule, tied = broken[0], list(broken[1])
        return Outcome(self.end_reason or "", [float(s) for s in self.score], tied, tie_rule)

    def invariants(self) -> list[str]:
        counts = Counter(card for cards in self.zone.values() for card in cards)
        out = [f"card {card} is in {n} zones" for card, n in counts.items() if n > 1]
        missing = set(self.game.card_ids) - set(counts)
        if missing:
            out.append(f"cards in no zone: {', '.join(sorted(missing)[:5])}")
        if any(not isinstance(s, (int, float)) for s in self.score):
            out.append("a score is not a number")
        return out

    def clone(self) -> "CardGame":
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.gaps = list(self.gaps)
        other.peak = dict(self.peak)
        other.zone = {key: list(cards) for key, cards in self.zone.items()}
        other.score = list(self.score)
        for name, value in self.__dict__.items():  # the rules file's own lists, dicts, sets
            if name not in _KIT_FIELDS and isinstance(value, (list, dict, set)):
                other.__dict__[name] = copy.deepcopy(value)
        return other

    def determinize(self, player: int, rng: random.Random) -> "CardGame":
        other = self.clone()
        other._legal = None  # a rules file may read hidden cards to list the actions
        unseen = [key for key in self.zone if not self.visible(key, player)]
        hidden = sorted(card for key in unseen for card in self.zone[key])
        rng.shuffle(hidden)
        for key in unseen:
            n = len(self.zone[key])
            other.zone[key], hidden = hidden[:n], hidden[n:]
        other.rng = random.Random(rng.getrandbits(64))
        return other


class HiddenCards(list):  # type: ignore[type-arg]
    """The cards of a zone a seat cannot see, in a policy's view: their number only (``len``); reading
    them (iterating, indexing, ``in``) raises ``Peeked``. It holds placeholders, never the cards."""

    def __init__(self, key: str, size: int, seat: int) -> None:
        super().__init__(["?"] * size)
        self.key, self.seat = key, seat

    def refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise Peeked(f"policy of seat {self.seat} read the cards of '{self.key}', which that seat cannot see: a "
                     "policy sees what its seat sees (the number of those cards, len(...), is public)",
                     "code_peeked_zone", seat=self.seat, zone=self.key)

    __iter__ = __getitem__ = __contains__ = __reversed__ = index = count = copy = refuse  # type: ignore[assignment]


def seat_zones(zones: dict[str, list[str]], seat: int, visible: Any) -> dict[str, list[str]]:
    """``zones`` as ``seat`` sees them: the visible ones copied, the others ``HiddenCards`` of their size."""
    return {key: list(cards) if visible(key, seat) else HiddenCards(key, len(cards), seat)
            for key, cards in zones.items()}


def _plain(value: Any) -> bool:
    """Whether ``value`` is JSON-able plain data (observations and logs hold only such values)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


class KitGame(Game):
    """A rules file's ``CardGame`` bound to one resolved deck and player count."""

    def __init__(self, deck: "ResolvedDeck", players: int, state_class: type[CardGame], code_path: Path,
                 code_shown: str) -> None:
        super().__init__(deck, players)
        self.state_class = state_class
        self.code_path, self.code_shown = code_path, code_shown
        self.shared = dict(state_class.ZONES)
        self.per_seat = dict(state_class.SEAT_ZONES)
        self.visibility = {**self.shared, **self.per_seat}
        where = f"{code_shown}: {state_class.__name__}"
        if not self.shared:
            raise ValueError(f"{where}.ZONES is empty; expected at least the zone every card starts in")
        for name, vis in self.visibility.items():
            if vis not in VISIBILITIES or ":" in name:
                raise ValueError(f"{where}: zone '{name}' has visibility {vis!r}; expected one of "
                                 f"{', '.join(VISIBILITIES)} (kit.PUBLIC, kit.OWNER, kit.HIDDEN) and a name without ':'")
        for name in self.shared:
            if self.shared[name] == OWNER:
                raise ValueError(f"{where}: shared zone '{name}' cannot be OWNER; declare it in SEAT_ZONES")
        if state_class.RESHUFFLE is not None and state_class.RESHUFFLE not in self.shared:
            raise ValueError(f"{where}.RESHUFFLE names '{state_class.RESHUFFLE}', which is no shared zone")
        self.numbers = RuleNumbers(deck.model.rules.model_dump(), deck.files[0] if deck.files else deck.id)
        self.cards: dict[str, Card] = {}
        for comp in deck.model.components:
            if comp.kind != "card":
                continue
            face = comp.faces[0]
            for n in range(1, comp.count + 1):
                iid = f"{comp.id}#{n}"
                self.cards[iid] = Card(iid, comp.id, face.value or 0, face.colour or "", face.symbol or "",
                                       face.points or 0, comp.group or "")
        self.card_ids = list(self.cards)

    def zone_problem(self, zone: str, seat: int | None) -> str:
        """Why ``(zone, seat)`` names no zone of this game, with the zones it has."""
        from cardgen.errors import did_you_mean

        have = (f"shared zones: {', '.join(self.shared)}; seat zones: {', '.join(self.per_seat) or 'none'}")
        if zone in self.shared:
            return f"'{zone}' is a shared zone: name it without a seat ({have})"
        if zone in self.per_seat:
            return (f"'{zone}' is a seat zone: name a seat from 0 to {self.players - 1} (got {seat!r})" if seat is not None
                    else f"'{zone}' is a seat zone: give the seat, e.g. cards('{zone}', seat)")
        hint = did_you_mean(str(zone), list(self.visibility))
        return f"no zone '{zone}' ({have})" + (f"; did you mean '{hint}'?" if hint else "")

    def new_initial_state(self, seed: int) -> State:
        return self.state_class(self, seed)
