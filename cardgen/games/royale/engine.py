"""The Royale rules engine: multiplayer games and the solo mode against the ghost.

A player's turn is several decisions, all taken by the same seat:

1. ``("take", shape, index)`` a row or column, or ``("imposter", degrees, dr, dc)``;
2. ``("place", card_id, slot)`` three times, cards in any order, under any noble
   not yet validated; a card that makes a noble impossible clears it at once;
3. nobles met exactly are validated, then ``("clear", slot)`` any number of times
   or ``("stop",)``; the buffet is refilled and the next seat plays.

Everything the rules leave open goes through ``State.gap`` (kinds in ``GAPS``).
The position is one record of flat int fields (``RoyaleState.s``, laid out in ``rules``: the counters,
the buffet, the piles, the hand, the cards under each noble and its checker state, validated flags,
scores, imposter uses, the solo piles, the end card's zone), the same record the compiled tier keeps in
an ``int64`` array: ``rules``' steps run on it here, compiled there, and a search's position is a copy
of it. Dish cards are indexes, the cards under a noble also an interned checker state
(``require.Checker``), actions prebuilt tuples. The house-rule API (docs/royale.md "House rules")
reads the record through properties: the lists it names are live (``Place``), a change writes the record.
"""
from __future__ import annotations

import random
import weakref
from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any

from cardgen.engine.api import Action, Game, IllegalAction, Outcome, State
from cardgen.engine.hooks import COMMON, HookPoint, with_signatures
from cardgen.engine.statecopy import copy_state
from cardgen.errors import InputError
from cardgen.games.royale.checks import instances, line_cells, noble_face, owners, placements, role, universe
from cardgen.games.royale.require import DEAD, Checker, checker
from cardgen.engine.inline import Steps
from cardgen.games.royale import rules as _rules
from cardgen.games.royale.rules import (CFG_SIZE, CLEAR, EMPTY, END, END_NAMES, F_DISC, F_DONE, F_GRID, F_HAND,
                                        F_IMPLEFT, F_PILE, F_ROW, F_SCORE, F_SOLO, F_SREV, F_UNDER, F_ULEN, F_ZONE,
                                        GAP_KINDS, GAPS, OTHER_END, OVER, PLACE, S_DISC, S_END_DRAWS, S_FINISHED,
                                        S_FORCED, S_HAND, S_INIT_LEN, S_PEAK_UNDER, S_PHASE, S_PILE, S_PLAYER,
                                        S_RESHUFFLE_PEAK, S_REV_LEN, S_ROUNDS, S_SOLO_LEN, S_TURNS, S_VOLUNTARY,
                                        S_WINNER, ST_SIZE, TAKE, TIE_NAMES, TIE_NONE, TIE_SHARED, UNSETTLED)

#: the rule steps as this engine runs them: ``rules``' own, each one-line form inlined when the first game reads
#: them (``cardgen.engine.inline``)
rules = Steps(_rules)

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: ``GAPS`` (gap kind -> resolutions this engine applies, ``GameSpec.gaps``) is ``rules.GAPS``

#: Where a house rule plugs in (``cardgen.engine.hooks``; the rule ledger in docs/royale.md).
HOOKS: dict[str, HookPoint] = {
    **COMMON,
    "setup": HookPoint("_setup", "nothing",
                       "once, nothing dealt; default shuffles the pile (end card in its packet), fills the "
                       "buffet and starts the first turn"),
    "take": HookPoint("_take", "nothing",
                      "when the current player takes a row, a column or an imposter's cells; default puts "
                      "those dishes in the hand"),
    "place": HookPoint("_place", "nothing",
                       "when a card (index) goes under the noble in `slot`; default places it, clearing the "
                       "noble when the card makes it impossible"),
    "serve": HookPoint("_after_serving", "nothing",
                       "once the hand is placed; default validates the nobles met exactly (points), ends the "
                       "game when a seat has none left, then offers voluntary clearing"),
    "refill": HookPoint("_refill", "nothing", "after each turn; default fills empty buffet cells from the pile"),
    "draw": HookPoint("_draw", "a card index (or EMPTY, -1)",
                      "for every card drawn from the pile; default meets the end-of-banquet card and empty piles"),
    "finish": HookPoint("_finish", "nothing",
                        "when the game ends; default scores the points and breaks ties. `winner` is the seat "
                        "whose nobles are all validated, passed by name"),
}

PHASES = ("take", "place", "clear", "over")
STOP: Action = ("stop",)

#: live games by key, so agents can read the public card data an observation names
GAMES: "weakref.WeakValueDictionary[str, RoyaleGame]" = weakref.WeakValueDictionary()


class RoyaleGame(Game):
    """Royale bound to one resolved deck and player count; all tables built once."""

    def __init__(self, deck: "ResolvedDeck", players: int) -> None:
        super().__init__(deck, players)
        #: the state class games start from (a house rule's subclass replaces it: cardgen.house)
        self.state_class: type[RoyaleState] = RoyaleState
        r = deck.rules
        self.rules = r
        self.solo = players == 1 and r.solo
        self.uses_end = not self.solo or r.solo_end_card
        self.ncells = r.grid_rows * r.grid_cols
        comps = deck.model.components
        # dish cards: instance index -> id, type, value
        dishes = [c for c in comps if role(c) == "dish"]
        self.card_ids: list[str] = [cid for c in dishes for cid in instances(c)]
        self.card_type: list[str] = [c.data.dish for c in dishes for _ in range(c.count)]
        self.card_value: list[int] = [c.faces[0].value for c in dishes for _ in range(c.count)]
        self.card_index = {cid: i for i, cid in enumerate(self.card_ids)}
        ends = [cid for c in comps if role(c) == "end" for cid in instances(c)]
        if self.uses_end and not ends:
            raise InputError(f"{deck.id}: no end-of-banquet card; expected one (role: end)", key="royale_no_end_card",
                             fields={"deck": deck.id})
        self.end_id = ends[0] if self.uses_end else None
        # seats: nobles, their checkers and points, imposters
        uni = universe(deck)
        icons = owners(deck)
        if len(icons) < players:
            raise InputError(f"{deck.id}: {len(icons)} player icon(s) for {players} players",
                             key="royale_player_icons",
                             fields={"deck": deck.id, "icons": len(icons), "players": players})
        self.icons = icons[:players]
        self.noble_ids: list[list[str]] = []
        self.checkers: list[list[Checker]] = []
        self.points: list[list[int]] = []
        self.codes: list[list[list[int]]] = []
        self.imposter_id: list[str | None] = []
        self.imposter_takes: list[list[tuple[Action, list[int]]]] = []
        codes_of: dict[int, list[int]] = {}  # checker -> the code of each dish card
        seated: set[str] = set()
        for icon in self.icons:
            nobles = [(cid, noble_face(c, r.noble_side)) for c in comps if role(c) == "noble" and c.data.owner == icon
                      for cid in instances(c)]
            chks = [checker(face.data, uni) for _, face in nobles]
            for chk in chks:
                if id(chk) not in codes_of:
                    codes_of[id(chk)] = [chk.code(t, v) for t, v in zip(self.card_type, self.card_value)]
            self.noble_ids.append([cid for cid, _ in nobles])
            self.checkers.append(chks)
            self.points.append([face.points or 0 for _, face in nobles])
            self.codes.append([codes_of[id(chk)] for chk in chks])
            seated.update(self.noble_ids[-1])
            imps = [c for c in comps if role(c) == "imposter" and c.data.owner == icon]
            if imps:
                iid = f"{imps[0].id}#1"
                seated.add(iid)
                self.imposter_id.append(iid)
                try:
                    spots = placements(imps[0].faces[0].pattern, r)
                except ValueError as exc:
                    raise InputError(f"{imps[0].id}: {exc}", key="royale_pattern_no_fit", fields={
                        "card": imps[0].id, "rows": imps[0].faces[0].pattern.rows,
                        "cols": imps[0].faces[0].pattern.cols, "grid_rows": r.grid_rows,
                        "grid_cols": r.grid_cols}) from None
                self.imposter_takes.append([(("imposter", deg, dr, dc), sorted(cells))
                                            for deg, dr, dc, cells in spots])
            else:
                self.imposter_id.append(None)
                self.imposter_takes.append([])
        #: imposter uses each seat starts with (none without an imposter)
        self.imposter_uses = [r.imposter_uses if iid else 0 for iid in self.imposter_id]
        self.lines: list[tuple[Action, list[int]]] = [(("take", shape, i), cells)
                                                      for shape, i, cells in line_cells(r)]
        self.line_actions = [a for a, _ in self.lines]
        self.imposter_actions = [[a for a, _ in takes] for takes in self.imposter_takes]
        # per seat: imposter actions name only a turn, so two seats' actions are equal
        # tuples for different cells; each seat must look up its own pattern
        self.take_cells: list[dict[Action, list[int]]] = [dict(self.lines) | dict(takes)
                                                           for takes in self.imposter_takes]
        # solo cards
        self.solo_ids: list[str] = []
        self.solo_cells: list[list[int]] = []
        if self.solo:
            for c in comps:
                if role(c) == "solo":
                    cells = sorted(rr * r.grid_cols + cc for rr, cc in c.faces[0].pattern.cells
                                   if rr < r.grid_rows and cc < r.grid_cols)
                    for cid in instances(c):
                        self.solo_ids.append(cid)
                        self.solo_cells.append(cells)
        seated.update(self.solo_ids)
        if self.end_id:
            seated.add(self.end_id)
        self.box = [cid for c in comps if role(c) != "dish" for cid in instances(c) if cid not in seated]
        # prebuilt actions
        nslots = max((len(x) for x in self.noble_ids), default=0)
        self.place_actions = [[("place", cid, s) for s in range(nslots)] for cid in self.card_ids]
        self.clear_actions = [("clear", s) for s in range(nslots)]
        self.noble_view = tuple(tuple(ids) for ids in self.noble_ids)
        self.cfg = self._config(nslots or 1)
        #: noble slots per seat in the record (every seat as many as the most)
        self.nslots = cs = self.cfg[rules.C_SLOTS]
        #: per seat, the cells of each take id (``rules.take_cells``) and the action of each id (``rules.legal``)
        self.take_rows = [[cells for _, cells in self.lines + takes] for takes in self.imposter_takes]
        self.actions: list[list[Action]] = [
            self.line_actions + acts + [STOP] * (self.cfg[rules.C_A_PLACE] - len(self.lines) - len(acts))
            + [pa[s] if s < nslots else STOP for pa in self.place_actions for s in range(cs)] + self.clear_actions
            + [STOP] * (cs - len(self.clear_actions) + 1) for acts in self.imposter_actions]  # STOP: ids never listed
        #: per seat, each action's id (``rules.act``): the first of equal actions, and stop's own
        self.ids: list[dict[Action, int]] = []
        for acts in self.actions:
            ids: dict[Action, int] = {}
            for i, a in enumerate(acts):
                ids.setdefault(a, i)
            ids[STOP] = self.cfg[rules.C_A_STOP]
            self.ids.append(ids)
        #: ``legal_actions``' ids, written by ``rules.legal`` (the ids are distinct: at most one per action)
        self.scratch = [0] * len(self.actions[0])
        self._layout(len(self.card_ids))
        self.key = f"royale:{deck.id}:{players}:{id(self)}"
        GAMES[self.key] = self

    def _config(self, nslots: int) -> list[int]:
        """The deck's numbers the rules read (``rules.C_*``), the same record the compiled tier reads."""
        r = self.rules
        ncards = len(self.card_ids)
        nlines = len(self.lines)
        a_place = nlines + max((len(t) for t in self.imposter_takes), default=0)
        cfg = [self.players, ncards, self.ncells, nlines, nslots, int(self.solo), int(self.uses_end), r.packets,
               r.end_packet_setup, r.end_packet_reshuffle, r.end_card_draws, r.solo_turns, r.ghost_cards_per_turn,
               int(r.voluntary_clearing), len(self.solo_ids), a_place, a_place + ncards * nslots,
               a_place + ncards * nslots + nslots]
        clar = self.deck.clarifications
        for kind in GAP_KINDS:
            codes = {res: i for i, res in enumerate(GAPS[kind])}
            cfg.append(UNSETTLED if kind not in clar else codes.get(clar[kind].resolution, 0))
        assert len(cfg) == CFG_SIZE
        return [int(x) for x in cfg]

    def _layout(self, ncards: int) -> None:
        """Where the record's fields start (``rules.layout``; the rules' engine forms read them) and the record of a
        game not set up yet (``blank``: nothing dealt, no card under a noble, a slot past a seat's nobles validated)."""
        off, size = rules.layout(self.players, ncards, self.ncells, self.nslots, len(self.solo_ids))
        self.grid_at, self.under_at, self.ulen_at, self.row_at, self.done_at, self.score_at, self.left_at, \
            self.zone_at = (off[f][0] for f in (F_GRID, F_UNDER, F_ULEN, F_ROW, F_DONE, F_SCORE, F_IMPLEFT, F_ZONE))
        self.width = off[F_UNDER][2]  # room under one noble
        #: per seat, where its noble slots start in the fields the rules read most (``rules.validated``...)
        self.done_of, self.ulen_of, self.row_of = ([at + p * self.nslots for p in range(self.players)]
                                                   for at in (self.done_at, self.ulen_at, self.row_at))
        self.under_of = [self.under_at + p * self.nslots * self.width for p in range(self.players)]
        #: per seat, where the cards under each of its nobles start
        self.slots_of = [[at + sl * self.width for sl in range(len(ids))]
                         for at, ids in zip(self.under_of, self.noble_ids)]
        #: by a pile's count slot (``S_PILE``...): where its cards start and how many it may hold
        self.at, self.room = [0] * ST_SIZE, [0] * ST_SIZE
        for slot, f in ((S_PILE, F_PILE), (S_DISC, F_DISC), (S_HAND, F_HAND), (S_SOLO_LEN, F_SOLO),
                        (S_REV_LEN, F_SREV)):
            self.at[slot], self.room[slot] = off[f][0], off[f][1]
        s = [0] * size
        s[S_WINNER] = s[S_RESHUFFLE_PEAK] = s[S_INIT_LEN] = -1
        s[self.grid_at:self.grid_at + self.ncells] = [EMPTY] * self.ncells
        for p, ids in enumerate(self.noble_ids):
            at = self.done_at + p * self.nslots
            s[at + len(ids):at + self.nslots] = [1] * (self.nslots - len(ids))
        s[self.left_at:self.left_at + self.players] = self.imposter_uses
        s[self.zone_at:self.zone_at + 3] = 0, 0, -1
        self.blank = s

    def _legal_of(self, S: "RoyaleState") -> list[Action]:
        """``rules.legal`` of ``S`` as actions (``actions``: id -> action, per seat), a new list at every decision
        (remembering them saved nothing: docs/DEVELOPING.md, 2026-12-04)."""
        ids = self.scratch
        acts = self.actions[S.s[S_PLAYER]]
        m = rules.legal(S, ids)
        if m and ids[m - 1] == m - 1 and S.s[S_PHASE] == TAKE:  # takes are listed in order: every one, 0 to m - 1
            return acts[:m]
        return [acts[ids[i]] for i in range(m)]

    def new_initial_state(self, seed: int) -> "RoyaleState":
        return self.state_class(self, seed)


class Place(MutableSequence):  # type: ignore[type-arg]
    """One place of the record as a live list (the house-rule API's ``state.pile``, ``state.grid``...): the cards
    ``s[at:at + len]``, the length in the count slot ``s[count]`` (-1: a row of ``room`` items, fixed). Every change
    is written into the record, so the rule steps see it; ``flags``: items read as bools (validated nobles)."""

    __slots__ = ("_s", "_at", "_count", "_room", "_flags")

    def __init__(self, s: list[int], at: int, count: int, room: int, flags: bool = False) -> None:
        self._s, self._at, self._count, self._room, self._flags = s, at, count, room, flags

    def __len__(self) -> int:
        return self._s[self._count] if self._count >= 0 else self._room

    def _items(self) -> list[Any]:
        items = self._s[self._at:self._at + len(self)]
        return [x != 0 for x in items] if self._flags else items

    def _write(self, items: list[Any]) -> None:
        """``items`` into the record, and their count."""
        n = len(items)
        if n > self._room or (self._count < 0 and n != self._room):
            raise ValueError(f"this place holds {'at most ' if self._count >= 0 else ''}{self._room} items, not {n}")
        self._s[self._at:self._at + n] = [int(x) for x in items] if self._flags else items
        if self._count >= 0:
            self._s[self._count] = n

    def _edit(self, change: Any) -> Any:
        """``change`` done on a list of the items, the result written back; what it returned."""
        items = self._items()
        out = change(items)
        self._write(items)
        return out

    def __getitem__(self, i: Any) -> Any:
        return self._items()[i]

    def __setitem__(self, i: Any, value: Any) -> None:
        self._edit(lambda items: items.__setitem__(i, value))

    def __delitem__(self, i: Any) -> None:
        self._edit(lambda items: items.__delitem__(i))

    def insert(self, i: int, value: int) -> None:
        self._edit(lambda items: items.insert(i, value))

    def __iter__(self) -> Any:
        return iter(self._items())

    def __eq__(self, other: object) -> bool:
        return self._items() == (other._items() if isinstance(other, Place) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._items())

    def fill(self, value: Any) -> None:
        """The place's items replaced by ``value``'s."""
        self[:] = list(value)


class Rows(list):  # type: ignore[type-arg]
    """Per seat or per noble slot, live places (``state.under``, ``state.under[seat]``, ``state.done``...): setting
    one (``state.under[0][2] = cards``) gives its place the items, the record follows."""

    __slots__ = ()

    def __setitem__(self, i: Any, value: Any) -> None:
        list.__getitem__(self, i).fill(value)

    def fill(self, value: Any) -> None:
        """Each place given the items of ``value``'s, shaped alike."""
        for place, items in zip(self, value, strict=True):
            place.fill(items)


def _counter(slot: int, doc: str) -> property:
    """A counter of the record (``rules.S_*``) as an attribute (the record exists before ``State.__init__`` sets
    ``turns`` and ``rounds``)."""
    return property(lambda state: state.s[slot], lambda state, value: state.s.__setitem__(slot, value), doc=doc)


def _pile(slot: int, doc: str) -> property:
    """Pile ``slot`` (its count slot, ``rules.PILE``...) as a live list (``Place``); set, its cards are replaced."""

    def get(state: "RoyaleState") -> Place:
        g = state.g
        return Place(state.s, g.at[slot], slot, g.room[slot])

    def put(state: "RoyaleState", value: Any) -> None:
        get(state)[:] = list(value)

    return property(get, put, doc=doc + " Live: changing it changes the game; set it to replace the cards.")


def _row(place: Any, doc: str) -> property:
    """A row of the record, or rows per seat (``place(state)``: a ``Place`` or ``Rows``), live; set, replaced."""

    def put(state: "RoyaleState", value: Any) -> None:
        place(state).fill(value)

    return property(place, put, doc=doc + " Live: changing it changes the game; set it to replace the items.")


def _per_seat(state: "RoyaleState", starts: list[int], flags: bool = False) -> Rows:
    """Per seat, its noble slots' items of a field (``starts``: where each seat's start, ``done_of``, ``row_of``)."""
    return Rows(Place(state.s, at, -1, len(ids), flags) for at, ids in zip(starts, state.g.noble_ids))


def _unders(state: "RoyaleState") -> Rows:
    """Per seat and noble slot, the cards under it."""
    g = state.g
    return Rows(Rows(Place(state.s, at, g.ulen_of[p] + sl, g.width) for sl, at in enumerate(g.slots_of[p]))
                for p in range(g.players))


class RoyaleState(State):
    """One game of Royale in progress: the position is the record ``s`` (``rules``' layout)."""

    # the record's counters and places under the names the rules, house rules and tests read
    player = _counter(S_PLAYER, "The seat whose turn it is.")
    phase = _counter(S_PHASE, "The decision now (``rules.TAKE``, ``PLACE``, ``CLEAR``, ``OVER``).")
    turns = _counter(S_TURNS, "Completed turns.")  # type: ignore[assignment]
    rounds = _counter(S_ROUNDS, "Completed rounds.")  # type: ignore[assignment]
    end_draws = _counter(S_END_DRAWS, "How often the end card was drawn.")
    forced_clears = _counter(S_FORCED, "Nobles cleared because a card made them impossible.")
    voluntary_clears = _counter(S_VOLUNTARY, "Nobles cleared by choice.")
    #: the seat that validated all its nobles (-1: none) and whether a rule ended the game (``rules.end``)
    winner = _counter(S_WINNER, "The seat that validated all its nobles (-1: none).")
    finished = _counter(S_FINISHED, "1 once a rule ended the game (``rules.end``).")
    pile = _pile(S_PILE, "The dish pile as card indexes, top last (``END``: the end card).")
    discard = _pile(S_DISC, "The discard pile as card indexes, last discarded last.")
    hand = _pile(S_HAND, "The cards the current player took and has still to place, as indexes.")
    solo_pile = _pile(S_SOLO_LEN, "Solo: the solo cards not revealed, top last.")
    solo_revealed = _pile(S_REV_LEN, "Solo: the solo cards revealed, in order.")
    grid = _row(lambda st: Place(st.s, st.g.grid_at, -1, st.g.ncells), "The buffet: a card index or EMPTY per cell.")
    score = _row(lambda st: Place(st.s, st.g.score_at, -1, st.g.players), "Points per seat from validated nobles.")
    imposter_left = _row(lambda st: Place(st.s, st.g.left_at, -1, st.g.players), "Imposter uses left per seat.")
    done = _row(lambda st: _per_seat(st, st.g.done_of, True), "Per seat, whether each noble slot is validated.")
    sid = _row(lambda st: _per_seat(st, st.g.row_of), "Per seat, each noble slot's checker state (``require``).")
    under = _row(_unders, "Per seat and noble slot, the dish cards under it, first placed first.")

    def __init__(self, game: RoyaleGame, seed: int) -> None:
        #: the position (``rules``' record), before ``State.__init__`` sets the counters it holds
        self.s: list[int] = list(game.blank)
        super().__init__(game, seed)
        self.g = game
        #: (seat, cells) of every imposter use, for the invariants
        self.imposter_log: list[tuple[int, tuple[int, ...]]] = []
        self._legal: list[Action] | None = None
        self._outcome: Outcome | None = None
        self._views: list[tuple[Any, ...] | None] = [None] * game.players  # observation parts per seat
        self._discard_key: tuple[int, int] = (0, -1)
        self._discard_gen = 0
        self._discard_view: tuple[str, ...] = ()
        self._setup()

    @property
    def open(self) -> list[list[int]]:
        """Per seat, its noble slots not validated (read from ``done``)."""
        return [[sl for sl, d in enumerate(done) if not d] for done in self.done]

    @property
    def end_zone(self) -> tuple[int, int, int]:
        """(pile length when built, first and last position from the top the end card may hold)."""
        return tuple(rules.end_zone(self))  # type: ignore[return-value]

    @end_zone.setter
    def end_zone(self, value: tuple[int, int, int]) -> None:
        rules.set_zone(self, *value)

    # -- set-up ------------------------------------------------------------------------
    def _setup(self) -> None:
        """The piles dealt, the buffet filled, the first turn started (``rules.setup``)."""
        rules.setup(self)

    def _pile_ids(self) -> list[str]:
        """The pile in draw order (first card drawn first)."""
        g = self.g
        return [g.end_id if c == END else g.card_ids[c] for c in reversed(self._cards(S_PILE))]  # type: ignore[misc]

    # -- the turn flow: ``rules.py``'s steps, one hook method each -----------------------------
    @property
    def end_revealed(self) -> bool:
        """Whether the end card was drawn its last time (it ended the banquet)."""
        return self.end_draws >= self.g.rules.end_card_draws

    def _draw(self) -> int:
        """Next dish card from the pile; EMPTY when none can be had or the game ended (``rules.draw``)."""
        return rules.draw(self)

    def _refill(self) -> None:
        """Fill empty cells left to right, top to bottom (``rules.refill``)."""
        rules.refill(self)

    def _ghost_turn(self) -> None:
        """Solo: reveal solo card(s), discard the dishes in their cells, refill (``rules.ghost``)."""
        rules.ghost(self)

    # -- turns ---------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """The seat to play takes (``rules.start_turn``)."""
        self._legal = None
        rules.start_turn(self)

    def _end_turn(self) -> None:
        """The turn ends, the next starts (``rules.end_turn``)."""
        rules.end_turn(self)

    def _after_serving(self) -> None:
        """Step 3: validate nobles met exactly; maybe win; then offer voluntary clearing (``rules.serve``)."""
        rules.serve(self)
        if self.s[S_PHASE] == CLEAR:
            self._legal = None

    # -- the house-rule API (public, docs/royale.md "House rules") -----------------------
    @property
    def phase_name(self) -> str:
        """The decision now: ``take`` (a row, column or imposter), ``place`` (a card of the hand),
        ``clear`` (voluntary clearing or stop), ``over``."""
        return PHASES[self.s[S_PHASE]]

    def buffet(self) -> list[str | None]:
        """The buffet's cells, row by row: a card id, or None for an empty cell."""
        ids = self.g.card_ids
        return [None if c == EMPTY else ids[c] for c in self._cells()]

    def in_hand(self) -> list[str]:
        """The cards the current player took and has still to place, as card ids."""
        return self._ids(self._cards(S_HAND))

    def open_nobles(self, seat: int) -> list[str]:
        """The ids of ``seat``'s nobles not validated yet."""
        return [self.g.noble_ids[seat][s] for s in self.open[seat]]

    def cards_under(self, seat: int, noble: str) -> list[str]:
        """The dish cards under ``seat``'s noble ``noble``, as card ids."""
        s = self.g.noble_ids[seat].index(noble)
        return self._ids(self._under(seat, s))

    def clear_noble(self, seat: int, noble: str) -> None:
        """The dishes under ``seat``'s noble ``noble`` go to the discard pile (as a clearing does)."""
        s = self.g.noble_ids[seat].index(noble)
        keep, self.s[S_PLAYER] = self.s[S_PLAYER], seat
        self._clear(s)
        self.s[S_PLAYER] = keep
        self.changed()

    def end_turn(self) -> None:
        """End the current player's turn now: cards still in hand go to the discard pile, the buffet is
        refilled and the next seat takes."""
        self.discard.extend(self.hand)
        self.hand.clear()
        self._end_turn()
        self.changed()

    def give_turn(self, seat: int) -> None:
        """Start ``seat``'s turn now (it takes next)."""
        self.player = seat
        self._start_turn()
        self.changed()

    def changed(self) -> None:
        """Say that a house rule changed the position outside the engine's own actions: the legal
        actions and the seats' views are worked out again (the helpers above call it)."""
        self._legal = None
        self._views = [None] * self.g.players

    # -- the interface -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.end_reason is not None else self.s[S_PLAYER]

    def legal_actions(self) -> list[Action]:
        """The legal actions, as ``rules.legal`` lists their ids (``RoyaleGame.actions``: id -> action)."""
        if self._legal is None:
            self._legal = self.g._legal_of(self)
        return self._legal

    def apply(self, action: Action) -> None:
        """Play ``action`` (legal): ``rules.act`` on its id (``RoyaleGame.ids``), through the hook methods."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise IllegalAction(f"{action!r} is not legal now")
        self._legal = None
        rules.act(self, self.g.ids[self.s[S_PLAYER]].get(action, self.g.cfg[rules.C_A_STOP]))

    def _take(self, action: Action) -> None:
        """The seat takes the cells ``action`` names into its hand (``rules.take``)."""
        rules.take(self, self.g.ids[self.s[S_PLAYER]][action])

    def _place(self, card: int, slot: int) -> None:
        """Dish ``card`` (an index) under the noble in ``slot`` (``rules.place``)."""
        rules.place(self, card, slot)

    def _clear(self, s: int) -> None:
        """The current seat's noble slot ``s`` cleared (``rules.clear``)."""
        rules.clear(self, self.s[S_PLAYER], s)

    # -- the end ---------------------------------------------------------------------------
    def _finish(self, reason: str, winner: int | None = None) -> None:
        """The game ends (``rules.end``: the record keeps ``reason``'s code, ``OTHER_END`` for one a house rule
        names) and its outcome is written: the scores, the winners and the tie-break (``rules.result``; a shared
        win is gap ``tie_after_tiebreak``) and what the statistics report."""
        self.end_reason = reason
        rules.end(self, END_NAMES.index(reason) if reason in END_NAMES else OTHER_END, -1 if winner is None else winner)
        self._legal = []
        s = self.s
        self.track("cards_under_a_noble", s[S_PEAK_UNDER])
        g = self.g
        score = rules.scores(self)
        scores = [float(x) for x in score]
        validated = [sum(d) for d in self.done]
        extra: dict[str, Any] = {"validated": validated, "end_draws": self.end_draws,
                                 "forced_clears": self.forced_clears, "voluntary_clears": self.voluntary_clears}
        if g.solo:
            bands = g.rules.score_bands
            band = next((i for i, b in enumerate(bands) if b.min <= score[0] <= b.max), None)
            extra["band"] = band
            extra["band_title"] = bands[band].title.en if band is not None else None
        win = [0] * g.players
        tie = rules.result(self, win)
        tied = [p for p in range(g.players) if win[p]]
        if tie == TIE_SHARED and self.gap("tie_after_tiebreak", f"seats {tied}") is None:
            self.end_reason = "stalled:tie_after_tiebreak"
        tie_break = None if tie == TIE_NONE else TIE_NAMES[tie]
        self._outcome = Outcome(self.end_reason or reason, scores, tied, tie_break, extra)

    def outcome(self) -> Outcome:
        if self._outcome is None:
            raise RuntimeError("the game is not over")
        return self._outcome

    # -- search support and invariants ----------------------------------------------------
    def clone(self) -> "RoyaleState":
        """An independent copy: the record and every list copied (``copy_state``), the game and gap records shared."""
        st = copy_state(self)
        st._legal = None
        return st

    def determinize(self, player: int, rng: random.Random) -> "RoyaleState":
        """A clone with the order of the piles dealt again (all else in Royale is public).

        The dish pile's cards are known (every dish card not in sight), only their order
        is not; the end-of-banquet card stays inside the packet it was shuffled into,
        less the cards drawn since. The solo pile is shuffled again too (``rules.redeal``).
        """
        st = copy_state(self, share_rng=True)  # the generator is replaced below
        st._legal = None
        rules.determinize(st, rng)
        st.rng = random.Random(rng.getrandbits(64))
        return st

    def invariants(self) -> list[str]:
        """What the Royale rules promise of every position (see docs/royale.md)."""
        g, r, s = self.g, self.g.rules, self.s
        out: list[str] = []
        used = [0] * g.players
        for p, cells in self.imposter_log:
            used[p] += 1
            own = {tuple(c) for _, c in g.imposter_takes[p]}
            if tuple(cells) not in own:
                out.append(f"seat {p} took cells {list(cells)} with an imposter that is not its own")
        left, score = s[g.left_at:g.left_at + g.players], rules.scores(self)
        for p in range(g.players):
            if used[p] > g.imposter_uses[p]:
                out.append(f"seat {p} used its imposter {used[p]} times")
            if left[p] < 0 or used[p] + left[p] != g.imposter_uses[p]:
                out.append(f"seat {p}: {left[p]} imposter use(s) left after {used[p]}")
            done = [rules.validated(self, p, sl) for sl in range(len(g.noble_ids[p]))]
            won = sum(g.points[p][sl] for sl, d in enumerate(done) if d)
            if score[p] != won or score[p] < 0:
                out.append(f"seat {p} has {score[p]} points; its validated nobles are worth {won}")
            for sl, d in enumerate(done):
                cards = self._under(p, sl)
                if d and cards:
                    out.append(f"seat {p}: cards under validated noble {g.noble_ids[p][sl]}")
                sid = rules.found_row(self, p, sl)
                if sid == DEAD:
                    out.append(f"seat {p}: noble {g.noble_ids[p][sl]} can no longer be met but was not cleared")
                elif sid != rules.noble_row(self, p, sl):
                    out.append(f"seat {p}: noble {g.noble_ids[p][sl]} state disagrees with its cards")
        hand, phase = s[S_HAND], s[S_PHASE]
        if hand > r.cards_per_take or (hand and phase != PLACE):
            out.append(f"{hand} card(s) in hand in phase {PHASES[phase]}")
        if not 0 <= self.end_draws <= r.end_card_draws:
            out.append(f"end card drawn {self.end_draws} times")
        if self._cards(S_PILE).count(END) + int(self.end_revealed) > (1 if g.uses_end else 0):
            out.append("the end-of-banquet card is in the pile more than once")
        if self.forced_clears < 0 or self.voluntary_clears < 0 or self.turns < 0:
            out.append("a negative count")
        return out

    # -- views -----------------------------------------------------------------------------
    def _cards(self, zone: int) -> list[int]:
        """The cards of pile ``zone`` (its count slot: ``S_PILE``...), bottom first: a copy."""
        s, at = self.s, self.g.at[zone]
        return s[at:at + s[zone]]

    def _cells(self) -> list[int]:
        """The buffet's cells: a copy."""
        at = self.g.grid_at
        return self.s[at:at + self.g.ncells]

    def _under(self, p: int, sl: int) -> list[int]:
        """The cards under seat ``p``'s noble slot ``sl``, first placed first: a copy."""
        g = self.g
        k = p * g.nslots + sl
        at = g.under_at + k * g.width
        return self.s[at:at + self.s[g.ulen_at + k]]

    def _ids(self, cards: list[int]) -> list[str]:
        ids = self.g.card_ids
        return [ids[c] for c in cards]

    def _seat_view(self, p: int) -> tuple[Any, ...]:
        """Seat ``p``'s public table, cached until one of its nobles or its imposter changes."""
        view = self._views[p]
        if view is None:
            g, s = self.g, self.s
            ids, starts = g.card_ids, g.slots_of[p]
            n = len(starts)
            card = ids.__getitem__  # map() over it: no comprehension's frame per noble slot
            view = self._views[p] = (s[g.score_at + p], s[g.left_at + p],
                                     tuple(map(bool, s[g.done_of[p]:g.done_of[p] + n])),
                                     tuple([tuple(map(card, s[at:at + k])) if k else ()
                                            for at, k in zip(starts, s[g.ulen_of[p]:g.ulen_of[p] + n])]))
        return view

    def observation(self, player: int) -> dict[str, Any]:
        """Everything is public in Royale except the order of the piles.

        Built for speed (agents ask at every decision): immutable tuples, each seat's part
        cached. ``players[p]`` is ``(points, imposter uses left, validated per noble slot,
        dish card ids under each noble slot)``; ``nobles[p]`` names the slots' noble ids.
        """
        g, s = self.g, self.s
        ids, at = g.card_ids, g.at
        key = (self._discard_gen, s[S_DISC])  # the discard only grows between two rebuilds
        if self._discard_key != key:
            self._discard_key, self._discard_view = key, tuple([ids[c] for c in self._cards(S_DISC)])
        obs: dict[str, Any] = {
            "game": g.key, "seat": player, "current": self.current_player, "phase": PHASES[s[S_PHASE]],
            "buffet": tuple([ids[c] if c != EMPTY else None for c in s[g.grid_at:g.grid_at + g.ncells]]),
            "hand": tuple([ids[c] for c in s[at[S_HAND]:at[S_HAND] + s[S_HAND]]]), "pile": s[S_PILE],
            "discard": self._discard_view,
            "end_draws": s[S_END_DRAWS], "turns": s[S_TURNS], "nobles": g.noble_view,
            "players": tuple([self._seat_view(p) for p in range(g.players)]),
        }
        if g.solo:
            obs["solo"] = (g.rules.solo_turns - s[S_TURNS], s[S_SOLO_LEN],
                           tuple([g.solo_ids[i] for i in self._cards(S_REV_LEN)]))
        return obs

    def zones(self) -> dict[str, list[str]]:
        g = self.g
        z: dict[str, list[str]] = {
            "dish_pile": self._pile_ids(),
            "buffet": [g.card_ids[c] for c in self._cells() if c != EMPTY],
            "hand": self._ids(self._cards(S_HAND)),
            "discard": self._ids(self._cards(S_DISC)),
            "box": list(g.box),
        }
        if self.end_revealed and g.end_id:
            z["end_revealed"] = [g.end_id]
        for p in range(g.players):
            done = [rules.validated(self, p, sl) for sl in range(len(g.noble_ids[p]))]
            z[f"p{p}:nobles"] = [nid for sl, nid in enumerate(g.noble_ids[p]) if not done[sl]]
            z[f"p{p}:validated"] = [nid for sl, nid in enumerate(g.noble_ids[p]) if done[sl]]
            z[f"p{p}:served"] = [g.card_ids[c] for sl in range(len(done)) for c in self._under(p, sl)]
            iid = g.imposter_id[p]
            z[f"p{p}:imposter"] = [iid] if iid else []
        if g.solo:
            z["solo_pile"] = [g.solo_ids[i] for i in reversed(self._cards(S_SOLO_LEN))]
            z["solo_revealed"] = [g.solo_ids[i] for i in self._cards(S_REV_LEN)]
        return z

    # -- designer metrics (cardgen.simulate.designer) ------------------------------
    def score_estimate(self) -> list[float]:
        """Per seat: the points of the nobles each seat has validated so far."""
        return [float(x) for x in rules.scores(self)]

    def component_of(self, action: Action) -> str | None:
        """The dish type a 'place' plays from the hand (the card's ``dish``), or 'imposter' for an imposter use."""
        if action[0] == "place":
            return self.g.card_type[self.g.card_index[action[1]]]
        return "imposter" if action[0] == "imposter" else None

    def holding(self, player: int) -> dict[str, int]:
        """The imposter, where ``player``'s colour has one (dishes are in a shared hand: no seat holds them)."""
        return {"imposter": 1} if self.g.imposter_id[player] else {}

    def exchangeable(self, player: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """Nothing to exchange: no seat holds a card of its own (the dishes are a shared hand, the imposter is
        its colour's), so the play experiment says so rather than that the game cannot answer."""
        return [], []


def new_game(deck: "ResolvedDeck", players: int) -> RoyaleGame:
    """``GameSpec.new_game``: the engine for ``players`` players."""
    return RoyaleGame(deck, players)


#: the hook points' arguments, read from the methods they replace
HOOKS = with_signatures(HOOKS, RoyaleState)
