"""King Lui rules engine: courses, the three actions, the king's leftovers, scoring.

Built for speed (the validator plays thousands of games per second): a card
instance is an ``int`` (its index in ``KingLuiGame.instances``), each place is a
plain list of instances per dish, and every action tuple is built once per game
and looked up by identity. Rule numbers are read from the deck once, in
``KingLuiGame.__init__``.

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
from cardgen.engine.statecopy import copy_state
from cardgen.errors import InputError
from cardgen.games.king_lui.invariants import broken
from cardgen.games.king_lui.rules import (GAP_KINDS, GAP_WORDS, GAPS, MAY_DRAW, MAY_FEED, NO_TIE, TIE_BREAKS, choices,
                                          score, to_draw, winners)  # GAPS: the gap kinds, read from here

if TYPE_CHECKING:
    from cardgen.resolve.resolve import ResolvedDeck

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

# action codes (first item of KingLuiGame.info values)
_TAKE, _DRAW, _EMERALD, _PLACE = 0, 1, 2, 3
# phases of a decision
_ACT, _DRAWN_EMERALD = 0, 1

DRAW: Action = ("draw",)
PLACE: Action = ("place",)


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
                                 "or {role: emerald}")
            for n in range(1, comp.count + 1):
                instances.append(f"{comp.id}#{n}")
                dish_of.append(dish)
        if not dishes:
            raise InputError(f"{deck.id}: no portion cards; King Lui needs at least one dish")
        self.dishes: tuple[str, ...] = tuple(dishes)
        self.instances: tuple[str, ...] = tuple(instances)
        self.dish_of: tuple[int, ...] = tuple(dish_of)
        #: per dish, how many portion cards the box holds
        self.dish_sizes: tuple[int, ...] = tuple(dish_of.count(d) for d in range(len(dishes)))
        self.emerald_count: int = dish_of.count(-1)
        #: per dish, the set of its card instances (invariant checks)
        self.dish_cards: tuple[frozenset[int], ...] = tuple(
            frozenset(i for i, x in enumerate(dish_of) if x == d) for d in range(len(dishes)))
        self.take: tuple[Action, ...] = tuple(("take", d) for d in dishes)
        # every way of choosing the king's portions for an Emerald, as dish-index tuples
        self.combos: tuple[tuple[int, ...], ...] = tuple(
            combinations_with_replacement(range(len(dishes)), self.emerald_portions))
        self.combo_actions: tuple[Action, ...] = tuple(
            ("emerald",) + tuple(dishes[d] for d in c) for c in self.combos)
        #: action tuple -> (code, argument); the argument is a dish index or a combo
        self.info: dict[Action, tuple[int, Any]] = {DRAW: (_DRAW, None), PLACE: (_PLACE, None)}
        for d, a in enumerate(self.take):
            self.info[a] = (_TAKE, d)
        for c, a in zip(self.combos, self.combo_actions):
            self.info[a] = (_EMERALD, c)
        # legal Emerald actions per capped king count vector (filled on demand)
        self._combo_cache: dict[tuple[int, ...], list[Action]] = {}
        #: the state class games start from (a house rule's subclass replaces it: cardgen.house)
        self.state_class: type[KingLuiState] = KingLuiState

    def emerald_actions(self, king: list[list[int]]) -> list[Action]:
        """Emerald actions the king's place ``king`` allows (cached by his counts per dish, capped at one meal)."""
        cap = self.emerald_portions
        key = tuple(n if n < cap else cap for n in map(len, king))
        found = self._combo_cache.get(key)
        if found is None:
            found = self._combo_cache[key] = [action for combo, action in zip(self.combos, self.combo_actions)
                                              if all(combo.count(d) <= key[d] for d in set(combo))]
        return found

    def new_initial_state(self, seed: int, order: list[str] | None = None) -> "KingLuiState":
        """A new game; ``order`` (instance ids, top card first) stacks the supply instead of shuffling.

        A stacked supply sets up a known situation (rule examples, tests); it must hold
        every card instance exactly once.
        """
        return self.state_class(self, seed, order)


class KingLuiState(State):
    """One game of King Lui in progress (see the module docstring for the flow)."""

    game: KingLuiGame

    def __init__(self, game: KingLuiGame, seed: int, order: list[str] | None = None) -> None:
        super().__init__(game, seed)
        n_dishes = len(game.dishes)
        players = game.players
        if order is None:
            supply = list(range(len(game.instances)))
            self.rng.shuffle(supply)
        else:
            supply = self._stacked(order)
        self.initial_piles = {"supply": [game.instances[i] for i in reversed(supply)]}  # top card first
        self.supply: list[int] = supply  # top of the supply = end of the list
        self.table: list[list[int]] = [[] for _ in range(n_dishes)]
        self.table_emeralds: list[int] = []
        self.king: list[list[int]] = [[] for _ in range(n_dishes)]
        self.king_total = 0
        self.hands: list[list[list[int]]] = [[[] for _ in range(n_dishes)] for _ in range(players)]
        #: per player and dish: portions taken openly from the table (public)
        self.taken: list[list[int]] = [[0] * n_dishes for _ in range(players)]
        #: per player: portion cards drawn unseen from the supply (public count only)
        self.drawn: list[int] = [0] * players
        #: per dish: portions Emerald removed from the king's place (public)
        self.eaten: list[int] = [0] * n_dishes
        self.removed: list[int] = []
        self.pending: list[int] = []  # Emeralds just drawn by the current player, not yet resolved
        self.chef = 0
        self.acted = 0  # players who acted this course
        self.phase = _ACT
        self._player = 0
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
                                f"got {len(order)} ids for {len(index)} cards"))
        return [index[cid] for cid in reversed(order)]

    # -- the interface -----------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.end_reason is not None else self._player

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def apply(self, action: Action) -> None:
        if action not in self._legal:
            raise IllegalAction(f"{action!r} is not legal now; legal: {self._legal!r}")
        code, arg = self.game.info[action]
        if code == _TAKE:
            player = self._player
            cards = self.table[arg]
            self.hands[player][arg] += cards
            self.taken[player][arg] += len(cards)
            cards.clear()
            self._end_turn()
        elif code == _DRAW:
            self._draw()
        elif code == _EMERALD:
            emerald = self.pending.pop() if self.phase == _DRAWN_EMERALD else self.table_emeralds.pop()
            self._feed(emerald, arg)
            if self.phase == _DRAWN_EMERALD:
                self._next_pending()
            else:
                self._end_turn()
        else:  # _PLACE
            self.table_emeralds.append(self.pending.pop())
            self.track("table_emeralds", len(self.table_emeralds))
            self._next_pending()

    def observation(self, player: int) -> dict[str, Any]:
        g = self.game
        dishes = g.dishes
        return {
            "player": player,
            "players": g.players,
            "dishes": list(dishes),
            "course": self.rounds + 1,
            "chef": self.chef,
            "to_act": [(self.chef + i) % g.players for i in range(self.acted, g.players)]
            if self.end_reason is None else [],
            "phase": "drawn_emerald" if self.phase == _DRAWN_EMERALD else "act",
            "hand": {dishes[d]: len(c) for d, c in enumerate(self.hands[player]) if c},
            "pending_emeralds": len(self.pending) if player == self._player else 0,
            "table": {dishes[d]: len(c) for d, c in enumerate(self.table) if c},
            "table_emeralds": len(self.table_emeralds),
            "king": {dishes[d]: len(c) for d, c in enumerate(self.king) if c},
            "eaten": {dishes[d]: n for d, n in enumerate(self.eaten) if n},
            "supply": len(self.supply),
            "course_cards": g.course_cards,
            "emerald_portions": g.emerald_portions,
            "dish_sizes": dict(zip(dishes, g.dish_sizes)),
            "opponents": [
                {"seat": q, "taken": {dishes[d]: n for d, n in enumerate(self.taken[q]) if n},
                 "drawn_unseen": self.drawn[q]}
                for q in range(g.players) if q != player
            ],
        }

    def outcome(self) -> Outcome:
        scores, discarded = self.scores()
        won = [0] * len(scores)
        tie = winners(scores, discarded, len(scores), won)
        g = self.game
        return Outcome(
            end_reason=self.end_reason or "unfinished",
            scores=[float(s) for s in scores],
            winners=[p for p, w in enumerate(won) if w],
            tie_break=None if tie == NO_TIE else TIE_BREAKS[tie],
            extra={"discarded": discarded, "courses": self.rounds,
                   "king": {g.dishes[d]: len(c) for d, c in enumerate(self.king)},
                   "drawn": list(self.drawn)},
        )

    def zones(self) -> dict[str, list[str]]:
        ids = self.game.instances
        out = {
            "supply": [ids[i] for i in reversed(self.supply)],
            "table": [ids[i] for cards in self.table for i in cards] + [ids[i] for i in self.table_emeralds],
            "king": [ids[i] for cards in self.king for i in cards],
            "removed": [ids[i] for i in self.removed],
        }
        for p, hand in enumerate(self.hands):
            out[f"hand:{p}"] = [ids[i] for cards in hand for i in cards]
        if self.pending:  # a drawn Emerald is in its drawer's hand until placed or used
            out[f"hand:{self._player}"] += [ids[i] for i in self.pending]
        return out

    def invariants(self) -> list[str]:
        return broken(self)

    def clone(self) -> "KingLuiState":
        """A copy of every list, sharing the game (cheap: search agents; ``copy_state``)."""
        return copy_state(self)

    def determinize(self, player: int, rng: random.Random) -> "KingLuiState":
        """A clone where the supply order and the portions opponents drew unseen are dealt again.

        ``player`` keeps their hand; everything public stays: the table, waiting and
        drawn Emeralds, the king's place, removed cards, and per opponent the portions
        they took openly (by dish) and how many they drew. Every card ``player`` has
        not seen (supply plus opponents' unseen draws) is shuffled; opponents get back
        as many portions as they drew (never an Emerald: a drawn Emerald is shown), the
        rest becomes the supply in shuffled order.
        """
        other = copy_state(self, share_rng=True)
        dish_of = self.game.dish_of
        pool = list(other.supply)
        for q, hand in enumerate(other.hands):
            if q == player:
                continue
            for d, cards in enumerate(hand):
                hidden = len(cards) - other.taken[q][d]
                if hidden:
                    pool += cards[-hidden:]
                    del cards[-hidden:]
        pool.sort()  # the shuffle must not depend on where the hidden cards lie now
        rng.shuffle(pool)
        portions = (c for c in pool if dish_of[c] >= 0)
        dealt: set[int] = set()
        for q, hand in enumerate(other.hands):
            if q == player:
                continue
            for _ in range(other.drawn[q]):
                card = next(portions)
                hand[dish_of[card]].append(card)
                dealt.add(card)
        other.supply = [c for c in pool if c not in dealt]
        other.rng = random.Random(rng.getrandbits(64))
        return other

    # -- scoring -----------------------------------------------------------------
    def scores(self) -> tuple[list[int], list[int]]:
        """Points and discarded cards per player, scoring hands against the king now (``rules.score``)."""
        players = len(self.hands)
        scores, discarded = [0] * players, [0] * players
        score([len(cards) for hand in self.hands for cards in hand], 0, [len(cards) for cards in self.king], 0,
              len(self.king), players, scores, discarded)
        return scores, discarded

    # -- the house-rule API (public, docs/king_lui.md "House rules") ---------------------
    @property
    def dishes(self) -> list[str]:
        """The dish ids, in deck order: a dish index ``d`` in the lists below is ``dishes[d]``."""
        return self.game.dishes

    def held(self, seat: int) -> list[int]:
        """Portions ``seat`` holds of each dish (index as ``dishes``)."""
        return [len(cards) for cards in self.hands[seat]]

    def on_plate(self) -> list[int]:
        """Portions on the king's plate of each dish (index as ``dishes``)."""
        return [len(cards) for cards in self.king]

    def on_table(self) -> list[int]:
        """Portions of each dish on the table this course (index as ``dishes``)."""
        return [len(cards) for cards in self.table]

    def serve_dish(self, seat: int, dish: int) -> None:
        """Every portion ``seat`` holds of dish ``dish`` goes to the king's plate, face up."""
        cards = self.hands[seat][dish]
        self.drawn[seat] -= len(cards) - self.taken[seat][dish]  # the books: portions taken openly, drawn unseen
        self.taken[seat][dish] = 0
        self.king[dish] += cards
        self.king_total += len(cards)
        self._king_peak = max(self._king_peak, self.king_total)
        cards.clear()

    def rule_gap(self, kind: int, a: int, b: int) -> int:
        """``gap`` by code, for the rules ``rules`` writes once for both tiers: the ruling's place in
        ``GAPS``, -1 without one (the detail in ``rules.GAP_WORDS``' words)."""
        name = GAP_KINDS[kind]
        rule = self.gap(name, GAP_WORDS[kind].format(a, b))
        return -1 if rule is None else GAPS[name].index(rule)

    def end_turn(self) -> None:
        """End the current player's turn now (the next seat acts, or the king is served)."""
        self._end_turn()

    # -- flow --------------------------------------------------------------------
    def _start_course(self) -> None:
        """Deal a course, or end the game when the supply cannot fill the table."""
        g = self.game
        supply = self.supply
        if len(supply) < g.course_cards:
            self.removed += supply
            supply.clear()
            self._finish("supply_exhausted")
            return
        # one list per dish, then the Emeralds' place: an Emerald's dish index -1 picks it
        slots = self.table + [self.table_emeralds]
        dish_of = g.dish_of
        deal = supply[-g.course_cards:]
        del supply[-g.course_cards:]
        for card in reversed(deal):  # the top card first
            slots[dish_of[card]].append(card)
        if self.table_emeralds:
            self.track("table_emeralds", len(self.table_emeralds))
        self._player = self.chef
        self.acted = 0
        self._decide()

    def _decide(self) -> None:
        """Set the legal actions of the current player's turn (``rules.choices``); skip turns that cannot be played."""
        g = self.game
        while True:
            legal = list(compress(g.take, self.table))  # dishes still on the table
            allowed = choices(self, legal, self.table_emeralds, self.king_total, g.emerald_portions, self.supply,
                              self._player, self.rounds)
            if allowed < 0:
                self._finish(self.end_reason or "stalled:" + GAP_KINDS[-1 - allowed])
                return
            if allowed:
                if allowed & MAY_DRAW:
                    legal.append(DRAW)
                if allowed & MAY_FEED:
                    legal += g.emerald_actions(self.king)
                self.phase = _ACT
                self._legal = legal
                return
            # "pass": the turn is spent without taking anything
            if not self._advance():
                return

    def _draw(self) -> None:
        g = self.game
        supply = self.supply
        want = to_draw(self, len(supply), g.draw_cards)  # a short supply is a gap
        if want < 0:
            self._finish(self.end_reason or "stalled:short_supply_draw")
            return
        hand = self.hands[self._player]
        dish_of = g.dish_of
        for _ in range(want):
            card = supply.pop()
            d = dish_of[card]
            if d < 0:
                self.pending.append(card)
            else:
                hand[d].append(card)
                self.drawn[self._player] += 1
        self._next_pending()

    def _next_pending(self) -> None:
        """Offer the next drawn Emerald (use or place); place it when it cannot be used."""
        g = self.game
        while self.pending:
            if self.king_total >= g.emerald_portions:
                self.phase = _DRAWN_EMERALD
                self._legal = [PLACE] + g.emerald_actions(self.king)
                return
            self.table_emeralds.append(self.pending.pop())
            self.track("table_emeralds", len(self.table_emeralds))
        self._end_turn()

    def _feed(self, emerald: int, combo: tuple[int, ...]) -> None:
        """Emerald and the chosen portions of the king's leave the game."""
        removed = self.removed
        removed.append(emerald)
        for d in combo:
            removed.append(self.king[d].pop())
            self.eaten[d] += 1
        self.king_total -= len(combo)

    def _end_turn(self) -> None:
        if self._advance():
            self._decide()

    def _advance(self) -> bool:
        """Close the current turn; serve the king after the last one. False once the game is over."""
        self.turns += 1
        self.acted += 1
        g = self.game
        if self.acted < g.players:
            self._player = (self._player + 1) % g.players
            return True
        king = self.king
        served = 0
        for d, cards in enumerate(self.table):
            if cards:
                king[d] += cards
                served += len(cards)
                cards.clear()
        if served:
            self.king_total += served
            if self.king_total > self._king_peak:
                self._king_peak = self.king_total
        self.rounds += 1
        self.chef = (self.chef + 1) % g.players
        self._start_course()
        return False  # _start_course has already set up the next decision (or ended the game)

    def _finish(self, reason: str) -> None:
        self.end_reason = reason
        self._legal = []
        self._player = -1
        for hand in self.hands:  # hands only grow: their final size is their peak
            self.track("hand_cards", sum(map(len, hand)))
        self.track("king_portions", self._king_peak)

    # -- designer metrics (cardgen.simulate.designer) ------------------------------
    def score_estimate(self) -> list[float]:
        """Per seat: the points each hand would score against the king's plate now (the final scoring applied to the table as it is)."""
        return [float(s) for s in self.scores()[0]]

    def component_of(self, action: Action) -> str | None:
        """The dish a 'take' takes (its component id), or 'emerald' for an Emerald call."""
        if action[0] == "take":
            return str(action[1])
        return "emerald" if action[0] == "emerald" else None

    def holding(self, player: int) -> dict[str, int]:
        """The dishes in ``player``'s hand (empty after set-up: every dish is taken from the table)."""
        return {dish: len(cards) for dish, cards in zip(self.game.dishes, self.hands[player]) if cards}


#: the hook points' arguments, read from the methods they replace
HOOKS = with_signatures(HOOKS, KingLuiState)
