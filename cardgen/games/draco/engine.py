"""Draco & Co rules engine (``Game``/``State`` of ``cardgen.engine.api``).

A turn: 1) play an action card (mandatory) and carry it out, 2) propose a toast
(optional, only when the cup stands in the centre), 3) draw a card; the cup goes
back to the centre at the end of its owner's next turn without a toast. Decisions:

* ``("play", kind, *choices)``: play a card of component ``kind``; the choices the
  card allows follow (a character instance id, a player seat, the specials' new order).
* ``("move", character)``: after a die roll (Favour), the character that moves.
* ``("toast",)`` / ``("pass",)``: propose a toast or not.
* ``("draw",)`` / ``("decline",)``: after a toast, each owner of a character beside
  Aunt Sarah in turn may draw (``current_player`` is that owner meanwhile).

Money is kept as silver values per player (a gold coin is ``silver_per_gold``);
players change coins with the bank freely, so the box only runs short when its
coins cannot represent what the players own (``table.coins_held``). Rule gaps
(clarifications in the deck) are documented in docs/draco.md.

Hot path: plain ints and lists; every rule number is read once in ``DracoGame``.
"""
from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from cardgen.engine.api import Action, Game, IllegalAction, Outcome, State
from cardgen.engine.hooks import COMMON, HookPoint, with_signatures
from cardgen.engine.statecopy import copy_state
from cardgen.errors import InputError
from cardgen.engine.inline import Steps
from cardgen.games.draco import rules as _rules
from cardgen.games.draco.bank import coins_worth
from cardgen.games.draco.rules import (AFTER_PLAY, DO_TOAST, DONE, END_TURN, END_TURN_TOASTED, NEXT_NEIGHBOUR,
                                       PLAY, ROLLED, SARAH, START_TURN, TOAST)
from cardgen.games.draco.table import (A_MOVE, A_PLAY, A_TOAST, ARRANGE, BESIDE, COINS, CUP, DUEL, FLIP, MOVE, NONE,
                                       Box, RESEAT, ROLL, SPECIAL_CODES, SPLIT, STEAL, SWAP_ADJ, SWAP_ANY, GAP_KINDS,
                                       GAP_WORDS, GAPS, coins_held, effect_code, play_rows)

#: the rule steps as this engine runs them: ``rules``' own, each one-line form inlined when the first game reads
#: them (``cardgen.engine.inline``)
rules = Steps(_rules)

#: Where a house rule plugs in (``cardgen.engine.hooks``; the rule ledger in docs/draco.md).
HOOKS: dict[str, HookPoint] = {
    **COMMON,
    "setup": HookPoint("_setup", "nothing",
                       "once, hands dealt, characters seated and first player drawn; default starts the first turn"),
    "play": HookPoint("_play", "nothing",
                      "when the current player plays an action card (`action` is `(\"play\", kind, *choices)`); "
                      "default discards the card and carries it out"),
    "toast": HookPoint("_toast", "nothing",
                       "when a toast is proposed (or forced by the last call); default pays the seats and "
                       "charges the payers (`toast_deltas`), then asks Aunt Sarah's neighbours"),
    "turn_end": HookPoint("_end_turn", "nothing",
                          "step 3 of a turn; default draws the player a card, brings the cup back a round after "
                          "its toast and starts the next turn"),
    "draw": HookPoint("_draw", "nothing",
                      "when `seat` draws `n` cards beside Aunt Sarah, and for the pile's last card at "
                      "step 3; default draws, rebuilding the pile from the discards when it runs out"),
    "winners": HookPoint("_winners", "(winning seats, tie-break name or None)",
                         "when the game ends; default: most money wins, tied leaders are eliminated"),
    "finish": HookPoint("_finish", "nothing",
                        "when the game ends, `reason` naming why; default scores the money and the winners"),
}

# phases (``rules``: the steps written once set them)
PHASE_NAMES = ("play", "move", "toast", "over", "draw")

TOAST_ACTION, PASS_ACTION, DRAW_ACTION, DECLINE_ACTION = _rules.DECISIONS



def _instances(comp: Any) -> list[str]:
    return [f"{comp.id}#{n}" for n in range(1, comp.count + 1)]


def out_of_running(money: Any, winners: Any) -> Any:
    """Per game (rows) and seat: the seats the rules put out of the running for the win though they ended
    richer than a winner: tied leaders drop out (``DracoGame._winners``, again and again under the
    ``repeat_elimination`` ruling) and rank below every seat still in, so they are nobody's runner-up and the
    winner's lead is over the richest seat left (``GameSpec.out_of_running``)."""
    import numpy as np

    money, winners = np.asarray(money, dtype=float), np.asarray(winners, dtype=bool)
    best_winner = np.where(winners, money, -np.inf).max(axis=1, keepdims=True)
    return ~winners & (money > best_winner)


class DracoGame(Game):
    """Draco & Co for one deck and player count: rule numbers and tables read once."""

    def __init__(self, deck: Any, players: int) -> None:
        super().__init__(deck, players)
        #: the state class games start from (a house rule's subclass replaces it: cardgen.house)
        self.state_class: type[DracoState] = DracoState
        r = deck.rules
        comps = [c for c in deck.model.components if c.data is not None]
        self.hand_size: int = r.hand_size
        self.per_gold: int = r.silver_per_gold
        self.start_money: int = r.starting_gold * r.silver_per_gold
        self.payouts: list[int] = list(r.toast_payouts)
        self.costs: list[int] = list(r.toast_costs)
        self.zork_mult: int = r.zork_multiplier
        self.sarah_draw: int = r.sarah_draw
        self.rebuilds: int = r.pile_rebuilds
        self.set_aside: int = r.cards_set_aside
        self.cup_right: bool = r.draco_start == "right"
        self.cup_last: bool = r.cup_start == "last_player"
        self.gold_total = coins_worth(comps, self.per_gold)
        self.silver_total = coins_worth(comps, 1)
        #: silver value of every coin in the box: the bank holds what the players do not
        self.box_value: int = self.gold_total * self.per_gold + self.silver_total
        self.box = Box(self.per_gold, self.gold_total, self.silver_total)  # what ``table.settle`` reads
        bank_rule = deck.model.clarifications.get("bank_short")
        self.unlimited_bank: bool = bank_rule is not None and bank_rule.resolution == "unlimited"
        dies = [c for c in comps if c.data.role == "die"]
        self.die: list[int] = [int(f.value) for f in dies[0].faces] if dies else [1, 2, 3, 4, 5, 6]

        # characters: codes 2p, 2p+1 for player p, then the special characters
        lairs = [c for c in comps if c.data.role == "lair"]
        if len(lairs) < players:
            raise InputError(f"{deck.id}: {len(lairs)} lair(s) for {players} players", key="draco_lairs",
                             fields={"deck": deck.id, "lairs": len(lairs), "players": players})
        self.lair_ids = [_instances(c)[0] for c in lairs[:players]]
        self.box_ids: list[str] = [i for c in lairs[players:] for i in _instances(c)]
        self.char_ids: list[str] = []
        self.owner: list[int] = []
        self.special: list[int] = []
        for p, lair in enumerate(lairs):
            ids = [i for c in comps if c.data.role == "character" and c.data.colour == lair.data.colour
                   for i in _instances(c)]
            if p >= players:
                self.box_ids += ids
                continue
            if len(ids) != 2:
                raise InputError(f"{deck.id}: colour '{lair.data.colour}' has {len(ids)} characters, expected 2",
                                 key="draco_colour_characters",
                                 fields={"deck": deck.id, "colour": lair.data.colour, "n": len(ids)})
            self.char_ids += ids
            self.owner += [p, p]
            self.special += [NONE, NONE]
        specials = [(i, SPECIAL_CODES[c.data.special]) for c in comps if c.data.role == "special"
                    for i in _instances(c)]
        self.special_ids: list[str] = [i for i, _ in specials]
        self.char_ids += self.special_ids
        self.owner += [-1] * len(specials)
        self.special += [code for _, code in specials]
        self.code_of: dict[str, int] = {cid: n for n, cid in enumerate(self.char_ids)}
        self.is_special: list[bool] = [s != NONE for s in self.special]
        self.draco_ids: list[str] = [i for c in comps if c.data.role == "draco" for i in _instances(c)]

        # action cards: one kind per component, instances in deck order
        actions = [c for c in comps if c.data.role == "action"]
        self.kind_ids: list[str] = [c.id for c in actions]
        self.kind_effect: list[tuple[int, int, int]] = [effect_code(c.faces[0].data.effect) for c in actions]
        self.card_ids: list[str] = [i for c in actions for i in _instances(c)]
        self.card_kind: list[int] = [k for k, c in enumerate(actions) for _ in range(c.count)]
        self.kind_of: dict[str, int] = {kid: k for k, kid in enumerate(self.kind_ids)}
        self._build_actions()
        self.info = self._info()

    def _build_actions(self) -> None:
        """Every action tuple that does not depend on the state, built once per game: the actions of
        ``table.play_rows``' rows (``row_action``); a swap with a neighbour and a steal, which depend on the
        seats and the purses, are ``rules.card_rows``', from ``action_of``: the action of each row."""
        n = self.players
        everyone = range(len(self.char_ids))
        self.arrangements = [[*o, *[0] * (3 - len(o)), len(o)]  # the specials' new order, padded to 3
                             for o in permutations(self.code_of[s] for s in self.special_ids)]
        self.action_of: dict[tuple[int, ...], Action] = {}
        self.static_play: list[list[list[Action] | None]] = []
        self.move_own: list[list[Action]] = [[("move", self.char_ids[c]) for c in (2 * p, 2 * p + 1)]
                                             for p in range(n)]
        self.move_any: list[Action] = [("move", self.char_ids[c]) for c in everyone]
        for p in range(n):
            lists: list[list[Action] | None] = []
            for k, (code, a, _) in enumerate(self.kind_effect):
                rows: list[tuple[int, ...]] = []
                # a swap with a neighbour may name any pair of the moment: register every swap's row
                play_rows(rows, 0, (k, SWAP_ANY if code == SWAP_ADJ else code, a), p, everyone, [1] * n,
                          self.arrangements)
                if code == STEAL:  # nobody to rob: the card does nothing
                    play_rows(rows, len(rows), (k, code, a), p, everyone, [0] * n, self.arrangements)
                self.action_of.update((r, row_action(self, r)) for r in rows)
                lists.append(None if code in (SWAP_ADJ, STEAL) else [self.action_of[r] for r in rows])
            self.static_play.append(lists)
        self.row_of: dict[Action, tuple[int, ...]] = {a: r for r, a in self.action_of.items()}  # for ``_play``

    def _info(self) -> dict[str, Any]:
        """Static public facts agents read from the observation (shared, never copied)."""
        names = {v: k for k, v in SPECIAL_CODES.items()}
        return {
            "owner": {cid: self.owner[c] for c, cid in enumerate(self.char_ids)},
            "special": {cid: self.special[c] for c, cid in enumerate(self.char_ids)},
            "special_name": {cid: names.get(self.special[c], "") for c, cid in enumerate(self.char_ids)},
            "characters": {p: [self.char_ids[2 * p], self.char_ids[2 * p + 1]] for p in range(self.players)},
            "effects": {kid: self.kind_effect[k] for k, kid in enumerate(self.kind_ids)},
            "card_kind": {cid: self.kind_ids[k] for cid, k in zip(self.card_ids, self.card_kind)},
            "payouts": tuple(self.payouts), "costs": tuple(self.costs), "zork_multiplier": self.zork_mult,
            "die": tuple(self.die), "per_gold": self.per_gold,
        }

    def new_initial_state(self, seed: int) -> "DracoState":
        return self.state_class(self, seed)


class DracoState(State):
    """One game of Draco & Co in progress."""

    def __init__(self, game: DracoGame, seed: int) -> None:
        super().__init__(game, seed)
        g = game
        self.g = g
        n = g.players
        self.set_aside: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []  # drawn from the end
        self.discard: list[int] = []
        self.order: list[int] = [0] * len(g.char_ids)  # rank order: index 0 = first seat
        self.cup_right: bool = g.cup_right
        self.money: list[int] = [0] * n
        self.bank: int = 0  # kept apart from money: the invariants compare them
        self.first: int = 0
        self.cur: int = 0
        self.cup: int = -1
        self.rebuilds_left: int = g.rebuilds
        self.last_call: bool = False  # the last pile ran out: the next toast ends the game
        self.final_code: int = 0  # the final_toast ruling by its place in GAPS: 0 must_toast, 1 may_toast
        self.phase: int = PLAY
        self.roll: int = 0
        self.roll_sign: int = -1
        self.roll_any: bool = False
        #: the die's rolls during the last card played, in order (``rules.rolled``; public)
        self.rolls: list[int] = []
        self.toasts: int = 0
        self.rebuilt: int = 0
        self.unpaid: int = 0
        #: per card, the last rebuild whose (public) discards held it (0: never seen by all)
        self.card_gen: list[int] = [0] * len(g.card_ids)
        self.sarah_queue: list[int] = []  # owners beside Aunt Sarah still to decide whether to draw
        self.final_toasts: int = 0  # toasts proposed once the last pile had run out
        self._audit: tuple[Any, ...] | None = None  # set by apply once invariants() is in use
        self._auditing: bool = False
        self._legal: list[Action] | None = None
        self._player: int | None = None  # ``current_player`` worked out once per decision (``apply`` forgets it)
        self._outcome: Outcome | None = None
        deck = [0] * len(g.card_ids)
        rules.deal(self, deck)  # the cards, the seats, the money, the first player (chance in this order)
        self.initial_piles = {"actions": [g.card_ids[i] for i in deck],
                              "circle": [g.char_ids[c] for c in self.order]}
        self._setup()
        self._player = None  # a hook that asked during the set-up asked before the first decision was due

    def _setup(self) -> None:
        """Hands dealt, characters seated, first player drawn: start the first turn (hook ``setup``,
        ``rules.setup``)."""
        if rules.setup(self) == START_TURN:
            self._start_turn()

    # -- the interface -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to decide (``rules.player``): Aunt Sarah's neighbour asked now, else the current player; -1
        once the game is over. Worked out once per decision: a game asks it three times a decision (the runner,
        the observation, the audit), and apply, ``changed`` and the set-up forget it."""
        p = self._player
        if p is None:
            p = self._player = rules.player(self)
        return p

    def legal_actions(self) -> list[Action]:
        """What the decision due allows (``rules.legal``), worked out once per decision."""
        if self._legal is None:
            self._legal = []
            rules.legal(self, self._legal)
        return self._legal

    def apply(self, action: Action) -> None:
        """Play ``action`` (legal): ``rules.act``, then what it says comes next through the hook methods; the
        legality check, the cache of legal actions and the audit of the last action are the engine's own."""
        if type(action) is not tuple:
            action = tuple(action)
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise IllegalAction(f"{action!r} is not legal for seat {self.current_player} in phase {PHASE_NAMES[self.phase]}")
        self._legal = None
        self._player = None
        phase = self.phase
        if self._auditing:
            self._audit = (self.current_player, phase, action, list(self.order), [len(h) for h in self.hands])
        step = rules.act(self, action)  # the card played runs its turn on through the hook ``_play``: DONE
        if step != DONE and self.end_reason is None:
            self._continue(step)
        self._player = None  # a hook that asked during the action asked before the next decision was due

    def _continue(self, step: int) -> None:
        """The hook method of ``step``, what ``rules.act`` says comes next (step 2 after a roll, the next of Aunt
        Sarah's neighbours, the toast or the end of the turn): the turn runs on to the next decision."""
        if step == AFTER_PLAY:
            self._after_play()
        elif step == NEXT_NEIGHBOUR:
            self._next_neighbour()
        elif step == DO_TOAST:
            self._toast()
        else:  # END_TURN
            self._end_turn(False)

    def observation(self, player: int) -> dict[str, Any]:
        """Public facts and ``player``'s own hand. ``seats`` is ``circle`` as character codes
        (positions in ``info["owner"]``), for agents that compute on ints."""
        g = self.g
        phase = self.phase
        rolled = phase == ROLLED
        return {
            "player": player,
            "current": self.current_player,
            "phase": PHASE_NAMES[phase],
            "hand": list(map(g.card_ids.__getitem__, self.hands[player])),
            "circle": list(map(g.char_ids.__getitem__, self.order)), "seats": self.order[:],
            "draco": "right" if self.cup_right else "left",
            "cup": self.cup, "money": self.money[:], "hand_sizes": list(map(len, self.hands)),
            "pile": len(self.pile), "discard": len(self.discard), "rebuilds_left": self.rebuilds_left,
            "last_call": self.last_call, "roll": self.roll if rolled else None,
            "roll_delta": self.roll * self.roll_sign if rolled else 0, "rolls": self.rolls[:],
            "info": g.info,
        }

    def outcome(self) -> Outcome:
        if self._outcome is None:
            scores = [float(m) for m in self.money]
            self._outcome = Outcome(self.end_reason or "unfinished", scores, [], None, self._extra())
        return self._outcome

    def clone(self) -> "DracoState":
        """A copy of the lists and the generator; the game and its tables are shared (``copy_state``)."""
        return copy_state(self)

    def determinize(self, player: int, rng: random.Random) -> "DracoState":
        """A clone where the cards ``player`` cannot see are dealt again (``rules.redeal``: the other hands, the
        draw pile and the cards set aside, each card among those of its own rebuild), with its own chance."""
        new = copy_state(self, share_rng=True)
        rules.redeal(new, player, rng)
        new._legal = None
        return new

    def invariants(self) -> list[str]:
        """What the rules promise after every action (see the rule ledger in docs/draco.md).

        Coins: the bank (tracked apart) plus the purses always hold the box's value; no
        purse is negative; the box's coins can represent every purse. The end: only a
        toast proposed after the last pile ran out ends the game, and it always does.
        The last action: the seat that acted used only its own hand, and its card moved
        only the characters the card allows (own characters for own moves...).
        """
        self._auditing = True
        g = self.g
        out: list[str] = []
        money = self.money
        if min(money) < 0:
            out.append(f"negative purse: {money}")
        if self.bank + sum(money) != g.box_value:
            out.append(f"coins not conserved: bank {self.bank} + purses {sum(money)} != box {g.box_value}")
        gold, silver = coins_held(money, g.per_gold, g.gold_total)
        if not g.unlimited_bank and (self.bank < 0 or silver > g.silver_total):
            out.append(f"the box cannot pay the purses: bank {self.bank}, {silver} silver coins needed")
        if self.last_call and self.pile:
            out.append(f"last call with {len(self.pile)} cards still in the pile")
        if self.end_reason is None and not self.last_call and not self.pile:
            out.append("the pile is empty but the last call was not made")
        if self.final_toasts > 1 or (self.final_toasts == 1) != (self.end_reason == "final_toast"):
            out.append(f"{self.final_toasts} toast(s) after the last call, end reason {self.end_reason}")
        if self._audit is not None:
            out += self._audit_problems(*self._audit)
        return out

    def _audit_problems(self, actor: int, phase: int, action: Action, before: list[int],
                        sizes: list[int]) -> list[str]:
        """Problems with the last action: hands other than the actor's, characters it may not move."""
        g = self.g
        out: list[str] = []
        drawers = (actor, self.cur, (self.cur - 1) % g.players)  # a turn that ended draws its card
        for q, hand in enumerate(self.hands):
            n = len(hand)
            if q == actor and phase == PLAY:
                if n < sizes[q] - 1:
                    out.append(f"seat {q} lost {sizes[q] - n} cards playing one")
            elif n < sizes[q] or (n != sizes[q] and q not in drawers):
                out.append(f"seat {q}'s hand changed from {sizes[q]} to {n} on seat {actor}'s action")
        order = self.order
        if phase not in (PLAY, ROLLED):
            if order != before:
                out.append(f"the seats changed on a {PHASE_NAMES[phase]} decision")
            return out
        if phase == ROLLED:
            code, anyone = MOVE, self.roll_any
        else:
            code, anyone, _ = g.kind_effect[g.kind_of[action[1]]]
        own = (2 * actor, 2 * actor + 1)
        kept = [c for c in order if c not in own]
        if code in (ROLL, STEAL, CUP, COINS, DUEL) or (code == ARRANGE and len(action) == 2):
            ok = order == before
        elif code in (MOVE, SPLIT, BESIDE) and not (code == MOVE and anyone):
            ok = kept == [c for c in before if c not in own]
        elif code == MOVE:  # any character: one of them left its place, the others kept their order
            ok = order == before or any([c for c in order if c != m] == [c for c in before if c != m]
                                        for m in order)
        elif code in (SWAP_ADJ, SWAP_ANY):
            diff = [i for i, (x, y) in enumerate(zip(order, before)) if x != y]
            ok = len(diff) == 2 and any(before[i] in own for i in diff)
        elif code == ARRANGE:
            ok = all(x == y or (g.is_special[x] and g.is_special[y]) for x, y in zip(order, before))
        elif code == FLIP:
            ok = order == before[::-1]
        else:  # RESEAT
            ok = sorted(order) == sorted(before)
        if not ok:
            out.append(f"seat {actor}'s {action!r} moved characters it may not move: {before} -> {order}")
        return out

    def zones(self) -> dict[str, list[str]]:
        g = self.g
        out = {"pile": [g.card_ids[i] for i in self.pile], "discard": [g.card_ids[i] for i in self.discard],
               "set_aside": [g.card_ids[i] for i in self.set_aside],
               "circle": [g.char_ids[c] for c in self.order], "table": list(g.draco_ids),
               "box": list(g.box_ids)}
        for p, hand in enumerate(self.hands):
            out[f"hand:{p}"] = [g.card_ids[i] for i in hand]
            out[f"lair:{p}"] = [g.lair_ids[p]]
        return out

    # -- a turn ------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        """The current player's card discarded and carried out (``rules.play`` on the action's legal row)."""
        self.rolls = []
        if rules.play(self, self.g.row_of[action]) == AFTER_PLAY and self.end_reason is None:
            self._after_play()

    def _roll(self) -> int:
        """One roll of the die (``rules.roll``)."""
        return rules.roll(self)

    def _after_play(self) -> None:
        """Step 2 (``rules.after_play``): a toast is possible only with the cup in the centre."""
        step = rules.after_play(self)
        if step == END_TURN:
            self._end_turn(False)
        elif step == DO_TOAST:
            self._toast()  # the final toast cannot be declined

    def _toast(self) -> None:
        """A toast (``rules.toast``): the seats paid, the payers charged, the cup to the toaster; the final toast
        ends the game, else Aunt Sarah's neighbours are asked."""
        if rules.toast(self) == NEXT_NEIGHBOUR:
            self._next_neighbour()

    def _next_neighbour(self) -> None:
        """Aunt Sarah's neighbours decide one by one whether to draw; then the toaster's turn ends
        (``rules.next_neighbour``)."""
        if rules.next_neighbour(self) == END_TURN_TOASTED:
            self._end_turn(True)

    def _end_turn(self, toasted: bool) -> None:
        """Step 3 (``rules.end_turn``): draw a card; the cup returns to the centre a round after its toast."""
        if rules.end_turn(self, toasted) == START_TURN:
            self._start_turn()

    def _start_turn(self) -> None:
        """Step 1 due (``rules.start_turn``): a player without an action card skips to step 2."""
        if rules.start_turn(self) == AFTER_PLAY:
            self._after_play()

    # -- the house-rule API (public, docs/draco.md "House rules") ------------------------
    @property
    def phase_name(self) -> str:
        """The decision now: ``play`` (a card), ``move`` (after a roll), ``toast`` (toast or pass), ``draw``
        (Aunt Sarah's neighbour), ``over``."""
        return PHASE_NAMES[self.phase]

    def hand_of(self, seat: int) -> list[str]:
        """The action cards ``seat`` holds, as card ids (a copy: change hands with ``draw_cards``)."""
        ids = self.g.card_ids
        return [ids[c] for c in self.hands[seat]]

    def pay(self, seat: int, amount: int) -> None:
        """``seat`` pays ``amount`` silver to the bank (no more than it has: the ``cannot_pay`` ruling)."""
        d = [0] * self.g.players
        d[seat] = -amount
        self._settle(d, (), bank=True)
        self.changed()

    def collect(self, seat: int, amount: int) -> None:
        """The bank pays ``amount`` silver to ``seat`` (a short bank: the ``bank_short`` ruling)."""
        d = [0] * self.g.players
        d[seat] = amount
        self._settle(d, (seat,), bank=True)
        self.changed()

    def give(self, payer: int, payee: int, amount: int) -> None:
        """``payer`` gives ``amount`` silver to ``payee`` (no more than it has)."""
        self._transfer(payer, payee, amount)
        self.changed()

    def draw_cards(self, seat: int, n: int = 1) -> None:
        """``seat`` draws ``n`` action cards from the pile (rebuilt from the discards as the rules say)."""
        self._draw(seat, n)
        self.changed()

    def end_turn(self) -> None:
        """Step 3 now: the player draws a card and the next seat's turn starts (as after a pass)."""
        self._end_turn(False)
        self.changed()

    def give_turn(self, seat: int) -> None:
        """Start ``seat``'s turn now, at step 1 (play a card)."""
        self.cur = seat
        self._start_turn()
        self.changed()

    def changed(self) -> None:
        """Say that a house rule changed the position outside the engine's own actions: the legal
        actions and the seat to decide are worked out again (the helpers above call it)."""
        self._legal = None
        self._player = None
        self._audit = None

    # -- cards -------------------------------------------------------------------------
    def _draw(self, seat: int, n: int) -> None:
        """``seat`` draws ``n`` cards (``rules.draw``: the pile rebuilt or the last call when it runs out)."""
        rules.draw(self, seat, n)

    # -- money -------------------------------------------------------------------------
    def _transfer(self, payer: int, payee: int, amount: int) -> None:
        """``payer`` gives ``amount`` silver to ``payee`` (never more than the payer has): ``rules.transfer``."""
        rules.transfer(self, payer, payee, amount)

    def _settle(self, d: list[int], receivers: tuple[int, ...], bank: bool = False) -> None:
        """Apply money changes at once (``rules.settle``: debts beyond a purse and a short box are gaps).

        ``bank``: the bank pays or takes the difference (toasts, coin drops); otherwise
        ``d`` moves money between players only and sums to zero.
        """
        rules.settle(self, d, receivers, len(receivers), bank)

    def rule_gap(self, kind: int, a: int, b: int, c: int) -> int:
        """``gap`` by code, for the rules ``table`` writes once for both tiers: the ruling's place in
        ``GAPS``, -1 without one (the detail in ``table.GAP_WORDS``' words)."""
        name = GAP_KINDS[kind]
        rule = self.gap(name, GAP_WORDS[kind].format(a, b, c))
        return -1 if rule is None else GAPS[name].index(rule)

    # -- the end -----------------------------------------------------------------------
    def _finish(self, reason: str) -> None:
        """The game ends for ``reason`` (``rules.finish``: recorded, no decision due) and its outcome is written: the
        money as scores, the winners and the tie-break (the hook ``_winners``)."""
        rules.finish(self, reason)
        winners, tie_break = self._winners()
        self._outcome = Outcome(reason, [float(m) for m in self.money], winners, tie_break, self._extra())

    def _winners(self) -> tuple[list[int], str | None]:
        """Most money wins; tied leaders are all eliminated and the next best wins (``rules.winners``)."""
        win = [0] * len(self.money)
        tie = rules.winners(self, win)
        return [p for p, w in enumerate(win) if w], rules.TIE_NAMES[tie]

    def _extra(self) -> dict[str, Any]:
        return {"toasts": self.toasts, "rebuilds": self.rebuilt, "unpaid_by_bank": self.unpaid,
                "draco": "right" if self.cup_right else "left"}

    # -- designer metrics (cardgen.simulate.designer) ------------------------------
    def score_estimate(self) -> list[float]:
        """Per seat: the money each seat holds now, in silver (most money wins at the end)."""
        return [float(m) for m in self.money]

    def component_of(self, action: Action) -> str | None:
        """The action card kind a 'play' plays (its component id)."""
        return str(action[1]) if action[0] == "play" else None

    def holding(self, player: int) -> dict[str, int]:
        """The action card kinds in ``player``'s hand (component ids), with their copies."""
        out: dict[str, int] = {}
        for card in self.hands[player]:
            kind = self.g.kind_ids[self.g.card_kind[card]]
            out[kind] = out.get(kind, 0) + 1
        return out

    def exchangeable(self, player: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The action cards in ``player``'s hand, and those nobody holds yet (the draw pile, the cards set aside)."""
        g = self.g

        def named(cards: list[int]) -> list[tuple[str, str]]:
            return [(g.card_ids[c], g.kind_ids[g.card_kind[c]]) for c in cards]
        return named(self.hands[player]), named(self.pile + self.set_aside)

    def exchange(self, player: int, give: str, take: str) -> None:
        """``take`` (from the pile or the cards set aside) into ``player``'s hand, ``give`` in its place there."""
        g = self.g
        a, b = g.card_ids.index(give), g.card_ids.index(take)
        hand = self.hands[player]
        place = self.pile if b in self.pile else self.set_aside
        hand[hand.index(a)], place[place.index(b)] = b, a
        self.card_gen[a], self.card_gen[b] = self.card_gen[b], self.card_gen[a]  # each place keeps what all saw
        self._legal = None
        self._player = None


def row_action(g: DracoGame, row: Any) -> Action:
    """The action of a legal row ``[type, kind, x, y, z, w]`` (``table.play_rows``)."""
    t, k, x, y, z, w = (int(v) for v in row)
    if t == A_MOVE:
        return ("move", g.char_ids[x])
    if t != A_PLAY:
        return (TOAST_ACTION, PASS_ACTION, DRAW_ACTION, DECLINE_ACTION)[t - A_TOAST]
    kid = g.kind_ids[k]
    code = g.kind_effect[k][0]
    if code in (MOVE, SPLIT, BESIDE):
        return ("play", kid, g.char_ids[x])
    if code in (SWAP_ADJ, SWAP_ANY):
        return ("play", kid, g.char_ids[x], g.char_ids[y])
    if code == ARRANGE:
        return ("play", kid, *(g.char_ids[c] for c in (x, y, z)[:w]))
    if code in (STEAL, DUEL):
        return ("play", kid, x) if x >= 0 else ("play", kid)
    return ("play", kid)


#: the hook points' arguments, read from the methods they replace
HOOKS = with_signatures(HOOKS, DracoState)
