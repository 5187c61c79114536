"""King Lui rules engine: courses, the three actions, the king's leftovers, scoring.

The position is one record of flat int fields (``KingLuiState.s``, laid out in ``rules``: the
scalars, the portions per dish on the table, the king's plate and eaten, per seat the hand and the
open takes, the supply as dish codes), the same record the compiled tier keeps in an ``int64``
array. Every rule step is one function of ``rules`` (``deal``, ``turn``, ``take``, ``draw``,
``pending``, ``advance``, ``feed``, ``legal``, ``determinize``, ``score``...): this engine runs them
as plain Python on its list (``rules``: their forms inlined, ``cardgen.engine.inline.Steps``),
``compiled_rules`` compiles them as they are. The methods below are the hook points (``HOOKS``)
that chain the steps into the flow, so a house rule can wrap any of them; the house-rule API
reads the record through properties (``hands``, ``king``, ``supply``...).
Card instances are ints (their index in ``KingLuiGame.instances``); no rule depends on which
instance of a dish is where, so the record keeps counts and only the supply's order card for card
(``_ids``). The card lists a house rule reads and changes in place are made from the counts the
first time it asks (``_cards``: instances in deck order) and stay live (``cardlists``).

Flow of a course: the chef deals ``course_cards_per_player`` x players cards from
the supply (Emeralds go beside the dishes and stay there until used); starting
with the chef, every player takes one action; then the king receives every dish
still on the table and the chef's left neighbour becomes chef. A course only
starts when the supply can fill the table; otherwise the game ends.
"""
from __future__ import annotations

import random
from itertools import combinations_with_replacement, compress
from typing import TYPE_CHECKING, Any

from cardgen.engine.api import Action, Game, IllegalAction, Outcome, State
from cardgen.engine.hooks import COMMON, HookPoint, with_signatures
from cardgen.engine.inline import Steps
from cardgen.engine.statecopy import copy_state
from cardgen.errors import InputError
from cardgen.games.king_lui import rules as _rules
from cardgen.games.king_lui.cardlists import CardLists, cards_of, make, replace
from cardgen.games.king_lui.invariants import broken
from cardgen.games.king_lui.rules import (C_DISHES, C_NO_DISH, CFG_SIZE, DRAWN_EMERALD, ENDS, GAP_KINDS, GAPS,
                                          HEADER, MAY_FEED, NO_TIE, PLAYING, S_ACTED, S_CHEF, S_END, S_KTOTAL,
                                          S_PENDING, S_PHASE, S_PLAYER, S_ROUNDS, S_SP, S_TEMER, S_TURNS,
                                          TIE_BREAKS, UNSETTLED, gap_detail, hand,
                                          taken)  # GAPS: the gap kinds, read from here

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: ``rules``' steps as this engine runs them: its one-line forms (``hand``, ``supply``, ``gap``, ``offer``...) and
#: block forms (``choices`` in ``turn``, ``stack`` and ``shuffle`` in a deal) inlined (``cardgen.engine.inline``);
#: ``rules`` itself is what ``compiled_rules`` compiles
rules = Steps(_rules)

#: Where a house rule plugs in (``cardgen.engine.hooks``; the rule ledger in docs/king_lui.md).
HOOKS: dict[str, HookPoint] = {
    **COMMON,
    "setup": HookPoint("_setup", "nothing",
                       "once, the supply shuffled and nothing dealt; default deals the first course"),
    "course": HookPoint("_start_course", "nothing",
                        "at the start of every course; default deals it, or ends the game (`supply_exhausted`) "
                        "when the supply cannot fill the table"),
    "draw": HookPoint("_draw", "nothing",
                      "when the current player draws; default draws `supply_draw_cards` cards"),
    "emerald": HookPoint("_feed", "nothing",
                         "when an Emerald is used; default removes it and the king's portions of the dishes "
                         "in `combo` (dish indexes) from the game"),
    "serve_king": HookPoint("_advance", "True while the course goes on",
                            "after every turn; default passes to the next seat or, after the last, gives the "
                            "king every dish left on the table and starts the next course"),
    "scores": HookPoint("scores", "(points per seat, cards discarded per seat)",
                        "whenever the game is scored (`outcome` at the end)"),
    "finish": HookPoint("_finish", "nothing", "when the game ends, `reason` naming why"),
}

DRAW: Action = ("draw",)
PLACE: Action = ("place",)


class Combos(list):  # type: ignore[type-arg]
    """Per Emerald combination (``KingLuiGame.combos``) the portions it takes of each dish: ``rules``' ``combo_cnt``,
    which also remembers the meals each king's plate allows (``offer``; capped at one meal: all the same above)."""

    def __init__(self, rows: list[list[int]], n: int, cap: int) -> None:
        super().__init__(rows)
        self.n, self.caps = n, [cap] * n
        self.capped = bytes(min(x, cap) for x in range(256))  # a plate's count up to a meal, as a byte
        self.memo: dict[bytes | tuple[int, ...], list[int]] = {}

    def offer(self, s: list[int], out: list[int], m: int) -> int:
        """``rules.emeralds`` into ``out`` after ``out[:m]``, remembered per king's plate; the new length."""
        n = self.n
        plate = s[HEADER + n:HEADER + 2 * n]
        try:
            key: bytes | tuple[int, ...] = bytes(plate).translate(self.capped)  # in C: no generator per decision
        except ValueError:  # a count past 255
            key = tuple(map(min, plate, self.caps))
        codes = self.memo.get(key)
        if codes is None:
            found = [0] * len(self)
            codes = self.memo[key] = found[:rules.emeralds(s, found, 0, self, n)]
        out[m:m + len(codes)] = codes
        return m + len(codes)


class _Split:
    """A combination table for ``rules.legal`` that offers no meal and remembers where they would go (``at``)."""

    at = -1

    def offer(self, s: list[int], out: list[int], m: int) -> int:
        self.at = m
        return m


class KingLuiGame(Game):
    """King Lui bound to one resolved deck and player count (rule numbers read once)."""

    def __init__(self, deck: "ResolvedDeck", players: int) -> None:
        super().__init__(deck, players)
        rules = deck.rules
        #: cards the chef deals to the table each course
        self.course_cards: int = rules.course_cards_per_player * players
        #: cards one 'draw' action takes from the supply
        self.draw_cards: int = rules.supply_draw_cards
        #: portions an Emerald removes from the king's place
        self.emerald_portions: int = rules.emerald_portions
        dishes: list[str] = []
        instances: list[str] = []
        dish_of: list[int] = []  # per instance: dish index, or -1 for an Emerald
        for comp in deck.model.components:
            if comp.kind != "card":
                continue
            role = comp.data.role if comp.data is not None else None
            if role == "portion":
                dish = len(dishes)
                dishes.append(comp.id)
            elif role == "emerald":
                dish = -1
            else:
                raise InputError(f"{deck.id}: card '{comp.id}' has no role; expected data: {{role: portion}} "
                                 "or {role: emerald}",
                                 key="king_lui_no_role", fields={"deck": deck.id, "card": comp.id})
            for n in range(1, comp.count + 1):
                instances.append(f"{comp.id}#{n}")
                dish_of.append(dish)
        if not dishes:
            raise InputError(f"{deck.id}: no portion cards; King Lui needs at least one dish",
                             key="king_lui_no_portions", fields={"deck": deck.id})
        self.dishes: tuple[str, ...] = tuple(dishes)
        self.instances: tuple[str, ...] = tuple(instances)
        self.dish_of: tuple[int, ...] = tuple(dish_of)
        n = len(dishes)
        #: per dish, how many portion cards the box holds
        self.dish_sizes: tuple[int, ...] = tuple(dish_of.count(d) for d in range(n))
        #: the observation's ``dish_sizes``, copied for each (a copy costs a third of building it)
        self.dish_size_of: dict[str, int] = dict(zip(self.dishes, self.dish_sizes))
        self.emerald_count: int = dish_of.count(-1)
        #: per dish (and last, the Emeralds), its card instances in deck order
        self.dish_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, x in enumerate(dish_of) if x == d) for d in [*range(n), -1])
        self.dish_cards: tuple[frozenset[int], ...] = tuple(frozenset(ids) for ids in self.dish_ids[:n])
        self.take: tuple[Action, ...] = tuple(("take", d) for d in dishes)
        # every way of choosing the king's portions for an Emerald, as dish-index tuples
        self.combos: tuple[tuple[int, ...], ...] = tuple(
            combinations_with_replacement(range(n), self.emerald_portions))
        self.combo_actions: tuple[Action, ...] = tuple(
            ("emerald",) + tuple(dishes[d] for d in c) for c in self.combos)
        self.combo_cnt = Combos([[c.count(d) for d in range(n)] for c in self.combos], n, self.emerald_portions)
        #: action code (``rules``: take dish d, draw, place, feed combination c) -> action, and back
        self.action_of: tuple[Action, ...] = self.take + (DRAW, PLACE) + self.combo_actions
        self.code_of: dict[Action, int] = {a: i for i, a in enumerate(self.action_of)}
        #: the rule numbers and gap rulings the steps read (``rules.C_*``)
        cfg = [0] * CFG_SIZE
        cfg[:5] = n, players, self.course_cards, self.draw_cards, self.emerald_portions
        cfg[-1] = len(instances)
        for k, kind in enumerate(GAP_KINDS):
            clar = self.deck.clarifications.get(kind)
            cfg[C_NO_DISH + k] = UNSETTLED if clar is None or clar.resolution not in GAPS[kind] \
                else GAPS[kind].index(clar.resolution)
        self.cfg: list[int] = cfg
        #: length of a position's record (``rules``' layout)
        self.size = HEADER + 3 * n + 2 * players * n + len(instances)
        self._codes = [0] * len(self.action_of)  # the legal codes of the decision being set up
        #: per decision kind (``rules.S_PHASE``), the actions ``rules.legal`` listed, by the dishes on the table: a
        #: list, or where it offered meals, those before and after them (``decision``)
        self._decisions: list[dict[bytes, Any]] = [{} for _ in range(DRAWN_EMERALD + 1)]
        self._split = _Split()  # ``rules.legal``'s combination table while ``_parts`` asks: where the meals go
        self._meals: dict[bytes | tuple[int, ...], list[Action]] = {}  # ``meals``, per plate up to a meal
        self._any = bytes(min(x, 1) for x in range(256))  # a dish on the table or not
        self._capped = bytes(min(x, self.emerald_portions) for x in range(256))  # a plate's count up to a meal
        #: the state class games start from (a house rule's subclass replaces it: cardgen.house)
        self.state_class: type[KingLuiState] = KingLuiState

    def decision(self, s: list[int]) -> list[Action]:
        """The legal actions of the record ``s`` (``rules.legal``), remembered by what ``legal`` reads: the decision
        kind and which dishes are on the table, and, where Emerald may eat, the king's plate up to a meal, which
        only ``rules.offer`` reads. So the actions ``legal`` lists around the meals are remembered per decision
        kind and table (``_parts``), the meals per plate (``meals``), and joined: remembered per table and plate
        together, nine in ten of the decisions where Emerald may eat were new in 300 games (2026-11-30).
        The list is shared: read it, never change it (``legal_actions`` gives a copy)."""
        f = s[S_PHASE]
        if s[S_END] != PLAYING:
            return []
        try:
            key = bytes(s[HEADER:HEADER + self.cfg[C_DISHES]]).translate(self._any)
        except ValueError:  # a count past 255: not remembered
            return self._legal_of(s)
        known = self._decisions[f]
        found = known.get(key)
        if found is None:
            if len(known) >= 1 << 16:  # a bound on the memory: start again
                known.clear()
            found = known[key] = self._parts(s)
        if found.__class__ is list:  # ``legal`` offered no meal
            return found
        before, after = found
        return before + self.meals(s) + after

    def _parts(self, s: list[int]) -> list[Action] | tuple[list[Action], list[Action]]:
        """``rules.legal`` of ``s`` as actions, or, where it offers Emerald's meals (``Combos.offer``), the
        actions before and after them."""
        codes, action_of, split = self._codes, self.action_of, self._split
        split.at = -1
        m = rules.legal(s, self.cfg, split, codes)
        if split.at < 0:
            return [action_of[c] for c in codes[:m]]
        return [action_of[c] for c in codes[:split.at]], [action_of[c] for c in codes[split.at:m]]

    def meals(self, s: list[int]) -> list[Action]:
        """The Emerald actions the king's plate in ``s`` allows (``rules.emeralds`` through ``Combos.offer``),
        remembered per plate up to a meal; shared, like ``decision``'s."""
        n = self.cfg[C_DISHES]
        plate = s[HEADER + n:HEADER + 2 * n]
        try:
            key: bytes | tuple[int, ...] = bytes(plate).translate(self._capped)
        except ValueError:  # a count past 255
            key = tuple(map(min, plate, self.combo_cnt.caps))
        found = self._meals.get(key)
        if found is None:
            codes, action_of = self._codes, self.action_of
            found = self._meals[key] = [action_of[c] for c in codes[:self.combo_cnt.offer(s, codes, 0)]]
        return found

    def _legal_of(self, s: list[int]) -> list[Action]:
        """``rules.legal`` of ``s`` as actions."""
        codes, action_of = self._codes, self.action_of
        return [action_of[c] for c in codes[:rules.legal(s, self.cfg, self.combo_cnt, codes)]]

    def new_initial_state(self, seed: int, order: list[str] | None = None) -> "KingLuiState":
        """A new game; ``order`` (instance ids, top card first) stacks the supply instead of shuffling.

        A stacked supply sets up a known situation (rule examples, tests); it must hold
        every card instance exactly once.
        """
        return self.state_class(self, seed, order)


def _listed(place: str, doc: str) -> property:
    """A card list of the house-rule API (``CardLists.places[place]``, live); set, its cards are replaced."""

    def cards(state: "KingLuiState") -> Any:
        return state._card_lists().places[place]

    def put(state: "KingLuiState", value: Any) -> None:
        replace(state._card_lists().places[place], value)

    return property(cards, put, doc=doc + " Live: changing it changes the game; set it to replace the cards.")


def _slot(slot: int, doc: str) -> property:
    """A number of the record (``rules.S_*``) as an attribute (``State.__init__`` sets ``turns`` and ``rounds`` to 0
    before the record exists: it starts at 0)."""

    def get(state: "KingLuiState") -> int:
        return state.s[slot]

    def put(state: "KingLuiState", value: int) -> None:
        if "s" in state.__dict__:
            state.s[slot] = value

    return property(get, put, doc=doc)


class KingLuiState(State):
    """One game of King Lui in progress (see the module docstring for the flow)."""

    game: KingLuiGame

    def __init__(self, game: KingLuiGame, seed: int, order: list[str] | None = None) -> None:
        super().__init__(game, seed)
        #: the position (``rules``' record)
        self.s: list[int] = [0] * game.size
        ids = list(range(len(game.instances)))
        if order is None:
            rules.shuffled(self.s, ids, game.dish_of, self.rng, game.cfg)
        else:
            ids = self._stacked(order)
            rules.stack(self.s, ids, game.dish_of, game.cfg)
        self.initial_piles = {"supply": [game.instances[i] for i in reversed(ids)]}  # top card first
        #: the supply's card instances, top last (the record keeps their dishes; ``s[S_SP]`` of them in use)
        self._ids = ids
        #: the house-rule API's card lists, made the first time a rule asks for them (``cardlists``)
        self._lists: CardLists | None = None
        self._emerald_at: list[int] | None = None  # ``_emerald``'s table, made at the first Emerald used
        self._legal: list[Action] = []
        self._king_peak = 0
        self._setup()

    def _setup(self) -> None:
        """The box shuffled into the supply, nothing dealt yet: deal the first course (hook ``setup``)."""
        self._start_course()

    def _stacked(self, order: list[str]) -> list[int]:
        """The supply for a stacked ``order`` (top first), as instance indices (top last)."""
        index = {cid: i for i, cid in enumerate(self.game.instances)}
        if sorted(order) != sorted(index):
            unknown = next((c for c in order if c not in index), None)
            raise InputError("a stacked supply must list every card once; "
                             + (f"unknown card '{unknown}'" if unknown else
                                f"got {len(order)} ids for {len(index)} cards"),
                             key="king_lui_stack_unknown" if unknown else "king_lui_stack_count",
                             fields={"card": unknown, "n": len(order), "cards": len(index)})
        return [index[cid] for cid in reversed(order)]

    # -- the interface -----------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.end_reason is not None else self.s[S_PLAYER]

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def apply(self, action: Action) -> None:
        if action not in self._legal:
            raise IllegalAction(f"{action!r} is not legal now; legal: {self._legal!r}")
        g = self.game
        code = g.code_of[action]
        n = g.cfg[C_DISHES]
        if code < n:
            rules.take(self.s, g.cfg, code)
            if self._lists is not None:
                self._follow()
            if self._advance():  # _end_turn, one call fewer on the commonest action
                self._decide()
        elif code == n:
            self._draw()
        elif code == n + 1:
            rules.place(self.s)
            if self._lists is not None:
                self._follow()
            self.track("table_emeralds", self.s[S_TEMER])
            self._next_pending()
        else:
            drawn = self.s[S_PHASE] == DRAWN_EMERALD
            # which Emerald: for a house rule's ``emerald`` hook or the card lists; the engine's ``_feed`` needs none
            plain = self._lists is None and type(self)._feed is KingLuiState._feed
            emerald = -1 if plain else self._emerald(drawn)
            rules.use_emerald(self.s)
            if self._lists is not None:
                self._follow()
            self._feed(emerald, g.combos[code - n - 2])
            if drawn:
                self._next_pending()
            else:
                self._end_turn()

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: the counts of its hand, the table, the king's plate, what was eaten and what each
        opponent took openly, as dishes with a count (``dict(compress(...))``: built in C, agents ask every turn;
        each row sliced once, no helper function, a 40 % slower observation than the lists' before one rule flow
        made King Lui's reference games 12 % slower)."""
        g = self.game
        s = self.s
        dishes = g.dishes
        n, players = len(dishes), g.players
        h0, t0 = hand(n, 0), taken(n, players, 0)
        opponents = []
        for q in range(players):
            if q != player:
                a, b = t0 + q * n, h0 + q * n
                took = s[a:a + n]
                opponents.append({"seat": q, "taken": dict(compress(zip(dishes, took), took)),
                                  "drawn_unseen": sum(s[b:b + n]) - sum(took)})
        a = h0 + player * n
        mine = s[a:a + n]
        table = s[HEADER:HEADER + n]
        king = s[HEADER + n:HEADER + 2 * n]
        eaten = s[HEADER + 2 * n:HEADER + 3 * n]
        chef = s[S_CHEF]
        return {
            "player": player,
            "players": players,
            "dishes": list(dishes),
            "course": s[S_ROUNDS] + 1,
            "chef": chef,
            "to_act": [(chef + i) % players for i in range(s[S_ACTED], players)] if self.end_reason is None else [],
            "phase": "drawn_emerald" if s[S_PHASE] == DRAWN_EMERALD else "act",
            "hand": dict(compress(zip(dishes, mine), mine)),
            "pending_emeralds": s[S_PENDING] if player == s[S_PLAYER] else 0,
            "table": dict(compress(zip(dishes, table), table)),
            "table_emeralds": s[S_TEMER],
            "king": dict(compress(zip(dishes, king), king)),
            "eaten": dict(compress(zip(dishes, eaten), eaten)),
            "supply": s[S_SP],
            "course_cards": g.course_cards,
            "emerald_portions": g.emerald_portions,
            "dish_sizes": g.dish_size_of.copy(),
            "opponents": opponents,
        }

    def outcome(self) -> Outcome:
        scores, discarded = self.scores()
        won = [0] * len(scores)
        tie = rules.winners(scores, discarded, len(scores), won)
        return Outcome(
            end_reason=self.end_reason or "unfinished",
            scores=[float(s) for s in scores],
            winners=[p for p, w in enumerate(won) if w],
            tie_break=None if tie == NO_TIE else TIE_BREAKS[tie],
            extra={"discarded": discarded, "courses": self.rounds,
                   "king": dict(zip(self.game.dishes, self.on_plate())),
                   "drawn": self.drawn},
        )

    def zones(self) -> dict[str, list[str]]:
        ids = self.game.instances
        cards = self._card_lists().places if self._lists is not None else self._cards()
        out = {
            "supply": [ids[i] for i in reversed(self._ids[:self.s[S_SP]])],
            "table": [ids[i] for per_dish in cards["table"] for i in per_dish] + [ids[i] for i in cards["beside"]],
            "king": [ids[i] for per_dish in cards["king"] for i in per_dish],
            "removed": [ids[i] for i in cards["removed"]],
        }
        for p, per_dish in enumerate(cards["hands"]):
            out[f"hand:{p}"] = [ids[i] for c in per_dish for i in c]
        if cards["pending"]:  # a drawn Emerald is in its drawer's hand until placed or used
            out[f"hand:{self.s[S_PLAYER]}"] += [ids[i] for i in cards["pending"]]
        return out

    def invariants(self) -> list[str]:
        return broken(self)

    def clone(self) -> "KingLuiState":
        """A copy of every list, sharing the game (cheap: search agents; ``copy_state``)."""
        other = copy_state(self)
        if self._lists is not None:  # the copy makes its own lists when asked (they write to its record)
            other._lists, other._ids = None, list(self._ids)
        return other

    def determinize(self, player: int, rng: random.Random) -> "KingLuiState":
        """A clone where the supply order and the portions opponents drew unseen are dealt again (``rules.determinize``).

        ``player`` keeps their hand; everything public stays: the table, waiting and
        drawn Emeralds, the king's place, removed cards, and per opponent the portions
        they took openly (by dish) and how many they drew. Every card ``player`` has
        not seen (supply plus opponents' unseen draws) is shuffled; opponents get back
        as many portions as they drew (never an Emerald: a drawn Emerald is shown), the
        rest becomes the supply in shuffled order.
        """
        g = self.game
        other = copy_state(self, share_rng=True)
        other._lists = None
        rules.determinize(self.s, other.s, player, g.cfg, rng,
                          [0] * (len(g.dishes) + 1 + g.players + len(g.instances)))
        queues = [list(reversed(ids)) for ids in g.dish_ids]  # the supply's instances: each dish's in deck order
        s0 = len(other.s) - len(g.instances)
        other._ids = [queues[other.s[s0 + i]].pop() for i in range(other.s[S_SP])]
        other._emerald_at = None
        other.rng = random.Random(rng.getrandbits(64))
        return other

    # -- scoring -----------------------------------------------------------------
    def scores(self) -> tuple[list[int], list[int]]:
        """Points and discarded cards per player, scoring hands against the king now (``rules.score``)."""
        players = self.game.players
        n = len(self.game.dishes)
        scores, discarded = [0] * players, [0] * players
        rules.score(self.s, hand(n, 0), self.s, HEADER + n, n, players, scores, discarded)
        return scores, discarded

    # -- the house-rule API (public, docs/king_lui.md "House rules") ---------------------
    @property
    def dishes(self) -> tuple[str, ...]:
        """The dish ids, in deck order: a dish index ``d`` in the lists below is ``dishes[d]``."""
        return self.game.dishes

    def held(self, seat: int) -> list[int]:
        """Portions ``seat`` holds of each dish (index as ``dishes``)."""
        h0 = hand(len(self.game.dishes), seat)
        return self.s[h0:h0 + len(self.game.dishes)]

    def on_plate(self) -> list[int]:
        """Portions on the king's plate of each dish (index as ``dishes``)."""
        n = len(self.game.dishes)
        return self.s[HEADER + n:HEADER + 2 * n]

    def on_table(self) -> list[int]:
        """Portions of each dish on the table this course (index as ``dishes``)."""
        return self.s[HEADER:HEADER + len(self.game.dishes)]

    hands = _listed("hands", "Per seat and dish the cards held (``hands[seat][dish]``).")
    king = _listed("king", "Per dish the cards on the king's plate.")
    table = _listed("table", "Per dish the cards on the table this course.")
    table_emeralds = _listed("beside", "The Emeralds beside the dishes.")
    pending = _listed("pending", "The Emeralds the seat to act just drew, not yet used or placed.")
    removed = _listed("removed", "The cards out of the game: Emeralds used, the portions they ate, at the end the "
                                 "supply's leftovers.")

    @property
    def supply(self) -> list[int]:
        """The supply's cards, top last. Live: changing it changes the game; set it to stack another supply."""
        return self._card_lists().supply

    @supply.setter
    def supply(self, cards: list[int]) -> None:
        self._card_lists().supply[:] = list(cards)

    @property
    def taken(self) -> list[list[int]]:
        """Per seat and dish, the portions taken openly from the table (public)."""
        n, players = len(self.game.dishes), self.game.players
        t0 = taken(n, players, 0)
        return [self.s[t0 + q * n:t0 + (q + 1) * n] for q in range(players)]

    @property
    def drawn(self) -> list[int]:
        """Per seat, the portions drawn unseen from the supply (public count only)."""
        return [self._drawn(q) for q in range(self.game.players)]

    @property
    def eaten(self) -> list[int]:
        """Per dish, the portions Emerald removed from the king's place (public)."""
        n = len(self.game.dishes)
        return self.s[HEADER + 2 * n:HEADER + 3 * n]

    king_total = _slot(S_KTOTAL, "The portions on the king's plate.")
    chef = _slot(S_CHEF, "The seat that deals and starts the course.")
    acted = _slot(S_ACTED, "Seats that acted this course.")
    _player = _slot(S_PLAYER, "The seat to act (-1 at the end).")
    turns = _slot(S_TURNS, "Completed turns.")  # type: ignore[assignment]
    rounds = _slot(S_ROUNDS, "Completed courses.")  # type: ignore[assignment]

    @property
    def phase(self) -> int:
        """1 while the seat decides on an Emerald it just drew, else 0."""
        return 1 if self.s[S_PHASE] == DRAWN_EMERALD else 0

    def serve_dish(self, seat: int, dish: int) -> None:
        """Every portion ``seat`` holds of dish ``dish`` goes to the king's plate, face up."""
        s = self.s
        n = len(self.game.dishes)
        h, k = hand(n, seat) + dish, HEADER + n + dish
        s[taken(n, self.game.players, seat) + dish] = 0  # the books: portions taken openly, drawn unseen
        s[k] += s[h]
        s[S_KTOTAL] += s[h]
        s[h] = 0
        self._king_peak = max(self._king_peak, s[S_KTOTAL])
        self._follow()

    def rule_gap(self, kind: int, a: int, b: int) -> int:
        """``gap`` by code, for the rules ``rules`` writes once for both tiers: the ruling's place in
        ``GAPS``, -1 without one (the detail in ``rules.GAP_WORDS``' words, ``rules.gap_detail``)."""
        name = GAP_KINDS[kind]
        rule = self.gap(name, gap_detail(kind, a, b))
        return -1 if rule is None else GAPS[name].index(rule)

    def end_turn(self) -> None:
        """End the current player's turn now (the next seat acts, or the king is served)."""
        self._end_turn()

    def _drawn(self, seat: int) -> int:
        """Portions ``seat`` drew unseen: its hand less what it took openly."""
        n, players = len(self.game.dishes), self.game.players
        h0, t0 = hand(n, seat), taken(n, players, seat)
        return sum(self.s[h0:h0 + n]) - sum(self.s[t0:t0 + n])

    def _emerald(self, drawn: bool) -> int:
        """The Emerald that eats: the last one drawn, or the last beside the dishes (``_cards``' instances)."""
        if self._lists is not None:  # the live lists say which one
            return self._lists.places["pending" if drawn else "beside"][-1]
        at = self._emerald_at
        if at is None:  # where each Emerald lies in the supply's instances (past its end: out of the supply)
            ids = self._ids
            at = self._emerald_at = [ids.index(i) if i in ids else len(ids) for i in self.game.dish_ids[-1]]
        sp = self.s[S_SP]
        free = list(compress(self.game.dish_ids[-1], map(sp.__le__, at)))  # out of the supply, in deck order
        return free[self.s[S_TEMER] + self.s[S_PENDING] - 1 if drawn else self.s[S_TEMER] - 1]

    def _card_lists(self) -> CardLists:
        """The live card lists (``cardlists``): made from the record the first time, then following it."""
        lists = self._lists
        if lists is None:
            self._lists = lists = make(self.game, self.s, self._cards())
            self._ids = lists.supply
        else:
            lists.reconcile(self.s, self.game.dish_of)
        return lists

    def _follow(self) -> None:
        """After a rule step: the live card lists, if a rule made them, follow the record's counts."""
        if self._lists is not None:
            self._lists.reconcile(self.s, self.game.dish_of)

    def _cards(self) -> dict[str, Any]:
        """The record's counts as card instances (``cardlists.cards_of``)."""
        return cards_of(self.game, self.s, self._ids)

    # -- flow: the hook points, each running one step of ``rules`` -------------------------------
    def _start_course(self) -> None:
        """Deal a course (``rules.deal``), or end the game when the supply cannot fill the table."""
        dealt = rules.deal(self.s, self.game.cfg)
        if self._lists is not None:
            self._follow()
        if not dealt:
            self._finish("supply_exhausted")
            return
        if self.s[S_TEMER]:
            self.track("table_emeralds", self.s[S_TEMER])
        self._decide()

    def _decide(self) -> None:
        """Set the legal actions of the current player's turn (``rules.turn``); skip turns that cannot be played."""
        while True:
            allowed = rules.turn(self, self.s, self.game.cfg)
            if allowed < 0:
                self._finish(self.end_reason or "stalled:" + GAP_KINDS[-1 - allowed])
                return
            if allowed:
                self._legal = self.game.decision(self.s)
                return
            # "pass": the turn is spent without taking anything
            if not self._advance():
                return

    def _draw(self) -> None:
        drew = rules.draw(self, self.s, self.game.cfg)
        if self._lists is not None:
            self._follow()
        if not drew:  # a short supply is a gap
            self._finish(self.end_reason or "stalled:short_supply_draw")
            return
        self._next_pending()

    def _next_pending(self) -> None:
        """Offer the next drawn Emerald (use or place); place it when it cannot be used (``rules.pending``)."""
        s = self.s
        beside = s[S_TEMER]
        waits = rules.pending(s, self.game.cfg)
        if self._lists is not None:
            self._follow()
        if s[S_TEMER] != beside:
            self.track("table_emeralds", s[S_TEMER])
        if waits:
            self._legal = self.game.decision(self.s)
            return
        self._end_turn()

    def _feed(self, emerald: int, combo: tuple[int, ...]) -> None:
        """Emerald and the chosen portions of the king's leave the game (``rules.feed``: counts, so ``emerald``, the
        card instance, is for a house rule's hook; the engine passes -1 when no hook asks)."""
        row = [0] * len(self.game.dishes)
        for d in combo:
            row[d] += 1
        rules.feed(self.s, self.game.cfg, row)
        if self._lists is not None:
            self._follow()

    def _end_turn(self) -> None:
        if self._advance():
            self._decide()

    def _advance(self) -> bool:
        """Close the current turn; serve the king after the last one (``rules.advance``). False once the course is
        over: the next has been dealt (or the game ended)."""
        more = rules.advance(self.s, self.game.cfg)
        if self._lists is not None:
            self._follow()
        if more:
            return True
        self._king_peak = max(self._king_peak, self.s[S_KTOTAL])
        self._start_course()
        return False

    def _finish(self, reason: str) -> None:
        """The game ends (``rules.finish``: the record keeps ``reason``'s code, one past ``ENDS`` for a reason a house
        rule names); a game played to its end is scored once here for a tie its tie-break leaves standing, gap
        ``tie_after_tiebreak`` (``rules.tie_standing``: without a ruling the game stalls on it)."""
        self.end_reason = reason
        self._legal = []
        s = self.s
        rules.finish(s, ENDS.index(reason) if reason in ENDS else len(ENDS))
        if not reason.startswith("stalled:"):
            scores, discarded = self.scores()
            won = [0] * len(scores)
            rules.tie_standing(self, s, self.game.cfg, won, rules.winners(scores, discarded, len(scores), won))
        n = len(self.game.dishes)
        for q in range(self.game.players):  # hands only grow: their final size is their peak
            self.track("hand_cards", sum(self.s[hand(n, q):hand(n, q) + n]))
        self.track("king_portions", self._king_peak)

    # -- designer metrics (cardgen.simulate.designer) ------------------------------
    def score_estimate(self) -> list[float]:
        """Per seat: the points each hand would score against the king's plate now (the final scoring applied to the table as it is)."""
        return [float(s) for s in self.scores()[0]]

    def component_of(self, action: Action) -> str | None:
        """The dish a 'take' takes (its component id), or 'emerald' when Emerald is used."""
        if action[0] == "take":
            return str(action[1])
        return "emerald" if action[0] == "emerald" else None

    def holding(self, player: int) -> dict[str, int]:
        """The dishes in ``player``'s hand (empty after set-up: every dish is taken from the table)."""
        return {dish: c for dish, c in zip(self.game.dishes, self.held(player)) if c}


#: the hook points' arguments, read from the methods they replace
HOOKS = with_signatures(HOOKS, KingLuiState)
