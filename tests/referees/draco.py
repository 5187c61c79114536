"""Draco & Co referee: re-check logged games against the published rules.

Written from the French description of the rules (``../shared/seeds/004_*.txt``),
``../shared/reference/GAMES.md``, the deck data (the 74 action cards are a
reconstruction whose effects are data in ``decks/draco.yaml``) and this edition's
declared rulings (deck ``clarifications`` and ``rulings``, the rule ledger of
docs/draco.md), and from nothing of the engine (it imports nothing from
``cardgen/games/``; decks are loaded the ordinary way). Its own small state model
re-plays each log line (docs/log-format.md) and reports every action the rules
forbid and every result (scores, winners, tie-break, end, turns, rounds) that differs.

Rule numbers in the messages are the ledger's (docs/draco.md, "Rule ledger").

Action encoding (docs/draco.md, "Action effects"; logs confirm): ``["play", kind, ...]``
with the decision's parameters (a character, a player seat, the specials' new order,
two characters for a swap, nothing), ``["move", character]`` after Favour's roll,
``["toast"]`` / ``["pass"]`` when the cup stands in the centre after the play,
``["draw"]`` / ``["decline"]`` for Aunt Sarah's neighbours. Read from logs, not said
in the docs: a turn with no choice logs nothing (no toast decision while the cup stands
before a player; the draw that ends a turn is not a decision); the top of the action
pile is the START of ``initial_piles["actions"]``; the cards set aside (short game) leave
from the top before the deal; each hand is dealt whole in turn, seat 0 first;
Aunt Sarah's neighbours are asked first seat first; the compulsory final toast
(C1 ``must_toast``) is not logged, having no alternative (an explicit ``["toast"]`` there is accepted); ``turns`` and ``rounds`` count
those completed (the turn of the final toast is not). Rule gaps are compared as a
multiset of (kind, detail): ``final_toast`` "after <k> rebuild(s)" when the last pile
runs out; ``cannot_pay`` "seat <s> owes <x> with <y>" for each net toast debt or card
payment beyond the purse; ``richest_tie`` "<k> players tie with <m> silver" once a toast
in which Zork's debt falls on tied players; ``bank_short`` "players need <n> silver
coins, the box has <c>" once a toast or Shower of Coins whose full payment the box's
coins cannot make up (``n`` counted as if it were paid in full).

Readings of our rulings where the text leaves a choice (each confirmed by 10,000 logs):
a toast's nets are settled debts first, then the bank pays the winners in the order of
the first seat that paid them, each as much as the box's coins allow (C2, C4); Shower of
Coins rolls all its dice, then the bank pays roll by roll in the order rolled (each roll
is its own payment: C4's "first seat first" is read as applying within one payment; the
other reading, sorting the rolls by seat, changes the scores of about 3 games in 1,000).

Chance. The log holds only decisions, so die rolls, Tavern Brawl's reseating and the
rebuilt pile's order are not in it. docs/DEVELOPING.md says every engine draws all its
chance from its seeded generator, and ``cardgen/engine/fastrng.py`` that the reference
engines use ``random.Random(seed)``. The referee therefore re-draws chance with
``random.Random(seed)``, in this order, and *checks* the model wherever the log reveals
an outcome: set-up is ``shuffle(action cards in deck order)``, ``shuffle(circle: the
players' characters in lair order, then the specials in deck order)``,
``randrange(players)`` for the first player, and ``initial_piles`` must match exactly
(it does on every shipped deck); a die roll is ``randint(1, 6)`` (the player before the
opponent in a Game of Dice); Tavern Brawl is ``shuffle(seats in rank order)``; a rebuild
is ``shuffle(discards in the order played)``. Agents draw from a different generator,
so no decision moves the chance stream. If set-up does not match, the game is reported
and not re-played (the chance model would be meaningless). What the referee cannot
verify: that the engine's dice are fair beyond this model (a wrong roll shows up only as
a later disagreement, e.g. in the scores, not as "the die is wrong").

Usage: ``python tests/referees/draco.py LOG.jsonl ...`` (exit 1 on any finding); the re-check
of 10,000 games: ``python benchmarks/recheck_logs.py --game draco``.
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any


sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: tests/ holds the package

from referees import common  # noqa: E402
from referees.common import DeckFor, Finding, Stop, Summary  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DIE = 6


@dataclass(frozen=True)
class RefDeck:
    """What the referee needs of a resolved Draco deck: data only, no engine."""

    id: str
    rules: dict[str, Any]
    lair_colours: tuple[str, ...]  # colour of each lair, deck order (seat s gets the s-th)
    characters: dict[str, tuple[str, int]]  # character component -> (colour, count)
    specials: dict[str, str]  # special component id -> zork | jean | sarah (deck order)
    actions: dict[str, tuple[str, dict[str, Any], int]]  # card -> (effect, params, count)
    coins: dict[int, int]  # silver value -> coins in the box
    clarifications: dict[str, str]  # gap kind -> resolution
    rulings: frozenset[str]
    min_players: int
    max_players: int

    @classmethod
    def from_resolved(cls, deck: Any) -> "RefDeck":
        """Read a ``ResolvedDeck`` (components with ``data.role``, faces' effects, rules)."""
        model = deck.model
        lairs: list[str] = []
        chars: dict[str, tuple[str, int]] = {}
        specials: dict[str, str] = {}
        actions: dict[str, tuple[str, dict[str, Any], int]] = {}
        coins: dict[int, int] = {}
        for comp in model.components:
            data = comp.data
            role = getattr(data, "role", None)
            if role == "lair":
                lairs.append(data.colour)
            elif role == "character":
                chars[comp.id] = (data.colour, comp.count)
            elif role == "special":
                specials[comp.id] = data.special
            elif role == "coin":
                coins[data.silver] = coins.get(data.silver, 0) + comp.count
            elif role == "action":
                face = comp.faces[0].data.model_dump(exclude_none=True)
                face.pop("cup_hand", None)
                (effect, params), = face.items()
                actions[comp.id] = (effect, params, comp.count)
        clar = {kind: c.resolution for kind, c in (model.clarifications or {}).items()}
        return cls(deck.id, model.rules.model_dump(), tuple(lairs), chars, specials, actions, coins,
                   clar, frozenset(model.rulings or {}), model.players.min, model.players.max)


def kind_of(card: str) -> str:
    """The component id of a card instance id (``favour#3`` -> ``favour``)."""
    return card.rsplit("#", 1)[0]


class _Game:
    """One game re-played from a log line with the referee's own state."""

    def __init__(self, deck: RefDeck, record: dict[str, Any], line: int,
                 seen: Counter[str] | None = None) -> None:
        self.deck, self.record, self.line = deck, record, line
        self.seen = seen if seen is not None else Counter()
        self.findings: list[Finding] = []
        self.log: list[Any] = record.get("actions") or []
        self.pos = 0
        r = deck.rules
        self.n = int(record["players"])
        self.payouts: list[int] = list(r["toast_payouts"])
        self.costs: list[int] = list(r["toast_costs"])
        self.gold = int(r["silver_per_gold"])
        self.final_rule = deck.clarifications.get("final_toast")
        # the box: total worth and the coins that must represent the purses
        self.box_value = sum(v * k for v, k in deck.coins.items())
        self.money = [int(r["starting_gold"]) * self.gold] * self.n  # rule 5
        self.toasts = 0
        self.turns = 0
        self.rounds = 0
        self.gaps: list[tuple[str, str]] = []  # (kind, detail) of every rule gap met

    # -- reporting ---------------------------------------------------------------------
    def note(self, action: int | None, what: str, rules: str, log: str) -> None:
        self.findings.append(Finding(self.line, action, what, rules, log))

    def stop(self, action: int | None, what: str, rules: str, log: str) -> None:
        self.note(action, what, rules, log)
        raise Stop

    def next_action(self, seat: int, why: str, allowed: tuple[str, ...]) -> list[Any]:
        """The next logged decision, which must be ``seat``'s and one of ``allowed`` kinds."""
        idx = self.pos
        if idx >= len(self.log):
            self.stop(idx, f"{why}; rule 17, C1: only the final toast ends the game",
                      f"the game goes on: seat {seat} decides ({'/'.join(allowed)}); {self.pile_text()}",
                      f"the game over after {idx} actions")
        entry = self.log[idx]
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], list)
                or not entry[1]):
            self.stop(idx, why, "[seat, action]", json.dumps(entry))
        who, act = entry
        if act[0] in ("toast", "pass") and "toast" not in allowed:
            cup = "in the centre" if self.cup is None else f"before seat {self.cup}"
            self.stop(idx, "rule 8: a toast only with the cup in the centre (never in the first round), "
                      "after the play", f"no toast decision now (cup {cup}; seat {seat} {'/'.join(allowed)})",
                      f"seat {who} {json.dumps(act)}")
        if who != seat:
            self.stop(idx, f"{why}: whose decision", f"seat {seat} ({'/'.join(allowed)})",
                      f"seat {who} {json.dumps(act)}")
        if act[0] not in allowed:
            self.stop(idx, why, f"one of {'/'.join(allowed)} for seat {seat}", json.dumps(act))
        self.pos += 1
        return act

    def pile_text(self) -> str:
        if self.last_pile_out:
            return "the last pile is out"
        return f"{len(self.pile)} card(s) in the pile, {self.rebuilds_left} rebuild(s) left"

    # -- chance (see the module docstring) ---------------------------------------------
    def roll(self) -> int:
        return self.rng.randint(1, DIE)

    # -- set-up (rules 1 to 6) -----------------------------------------------------------
    def setup(self) -> None:
        d, n = self.deck, self.n
        if not d.min_players <= n <= d.max_players:
            self.stop(None, "player count (GAMES.md: 3 to 6)", f"{d.min_players}..{d.max_players}", str(n))
        self.colours = list(d.lair_colours[:n])  # lairs go to the players in deck order
        self.owner: dict[str, int] = {}
        circle: list[str] = []
        for colour in self.colours:
            for comp, (c, count) in d.characters.items():
                if c == colour:
                    for i in range(1, count + 1):
                        circle.append(f"{comp}#{i}")
                        self.owner[f"{comp}#{i}"] = self.colours.index(colour)
        self.special: dict[str, str] = {}
        for comp, which in d.specials.items():
            circle.append(f"{comp}#1")
            self.special[f"{comp}#1"] = which
        cards = [f"{comp}#{i}" for comp, (_, _, count) in d.actions.items() for i in range(1, count + 1)]
        self.rng = random.Random(int(self.record["seed"]))
        self.rng.shuffle(cards)
        self.rng.shuffle(circle)
        self.first = self.rng.randrange(n)
        piles = self.record.get("initial_piles") or {}
        if piles.get("actions") != cards or piles.get("circle") != circle:
            self.stop(None, "set-up (rules 1 to 4; the referee's chance model)",
                      "the action pile and the circle shuffled by random.Random(seed)",
                      "other initial piles: chance not reproducible, game not re-played")
        self.seats = circle  # rank order: index 0 is the first seat, beside the cup hand (rule 3)
        aside, size = int(d.rules["cards_set_aside"]), int(d.rules["hand_size"])
        self.set_aside = cards[:aside]
        self.hands: list[Counter[str]] = [Counter() for _ in range(n)]
        for s in range(n):  # rule 4
            for c in cards[aside + s * size: aside + (s + 1) * size]:
                self.hands[s][kind_of(c)] += 1
        self.pile = cards[aside + n * size:]  # draws take the END of the list
        self.discards: list[str] = []
        self.rebuilds_left = int(d.rules["pile_rebuilds"])
        self.last_pile_out = False
        self.final_due = False  # the last pile ran out: the next toast is the final one
        # rule 6: the cup before the last player (the one before the first, clockwise)
        self.cup: int | None = (self.first - 1) % n if d.rules["cup_start"] == "last_player" else None
        self.hand_cards_played: list[list[str]] = [[] for _ in range(n)]

    # -- money ---------------------------------------------------------------------------
    def silver_needed(self, purses: list[int]) -> int:
        """Silver coins the purses need, each holding as much gold as the box allows."""
        golds = self.deck.coins.get(self.gold, 0)
        return sum(purses) - self.gold * min(golds, sum(m // self.gold for m in purses))

    def representable(self, purses: list[int]) -> bool:
        """Whether the box's coins can make up every purse (C4 bank_short)."""
        if sorted(self.deck.coins) != [1, self.gold]:
            return sum(purses) <= self.box_value
        return self.silver_needed(purses) <= self.deck.coins[1]

    def short_gap(self, purses: list[int]) -> None:
        """Record gap ``bank_short`` if the box's coins cannot make up ``purses``."""
        if sorted(self.deck.coins) == [1, self.gold] and not self.representable(purses):
            self.gaps.append(("bank_short", f"players need {self.silver_needed(purses)} silver coins, "
                                            f"the box has {self.deck.coins[1]}"))

    def owes(self, seat: int, amount: int) -> None:
        """Record gap ``cannot_pay`` when ``seat`` owes more than its purse (C2)."""
        if amount > self.money[seat]:
            self.gaps.append(("cannot_pay", f"seat {seat} owes {amount} with {self.money[seat]}"))

    def bank_pays(self, seat_player: int, amount: int) -> None:
        """The bank pays ``amount`` silver, or the most the box's coins still allow (C4)."""
        unlimited = self.deck.clarifications.get("bank_short") == "unlimited"
        for x in range(amount, 0, -1):
            trial = list(self.money)
            trial[seat_player] += x
            if unlimited or self.representable(trial):
                self.money = trial
                if x < amount:
                    self.seen["bank_short"] += 1
                return
        self.seen["bank_short"] += 1

    def check_money(self, idx: int) -> None:
        if any(m < 0 for m in self.money):
            self.stop(idx, "purses (C2)", "no purse below 0", str(self.money))
        if sum(self.money) > self.box_value:
            self.stop(idx, "coin conservation (rule 5)", f"purses total at most the box ({self.box_value})",
                      str(sum(self.money)))

    # -- the circle ----------------------------------------------------------------------
    def own(self, seat: int) -> list[str]:
        """Seat ``seat``'s two characters, in rank order."""
        return [c for c in self.seats if self.owner.get(c) == seat]

    def move(self, char: str, steps: int) -> None:
        """Move ``char`` ``steps`` seats (negative: forward), stopping at the ends (R4)."""
        i = self.seats.index(char)
        j = max(0, min(len(self.seats) - 1, i + steps))
        self.seats.pop(i)
        self.seats.insert(j, char)

    # -- a turn --------------------------------------------------------------------------
    def draw(self, seat: int) -> None:
        """One card from the pile; the last card starts a rebuild or ends the last pile (rule 16)."""
        if self.last_pile_out:
            return
        self.hands[seat][kind_of(self.pile.pop())] += 1
        if not self.pile:
            if self.rebuilds_left > 0 and self.discards:
                self.rebuilds_left -= 1
                self.pile = list(self.discards)
                self.discards = []
                self.rng.shuffle(self.pile)
                self.seen["rebuild"] += 1
            else:
                if self.rebuilds_left > 0:
                    self.seen["nothing_to_rebuild"] += 1
                    self.gaps.append(("nothing_to_rebuild", ""))
                self.last_pile_out = True
                done = int(self.deck.rules["pile_rebuilds"]) - self.rebuilds_left
                self.gaps.append(("final_toast", f"after {done} rebuild(s)"))

    def play(self) -> None:
        self.setup()
        seat = self.first
        while True:
            if self.turn(seat):
                return  # the final turn is not counted (logs: turns and rounds completed)
            self.turns += 1
            self.rounds = self.turns // self.n
            seat = (seat + 1) % self.n

    def turn(self, seat: int) -> bool:
        """Play one turn (rules 7 to 17); True when the final toast ended the game."""
        if sum(self.hands[seat].values()) > 0:  # rule 7 (C4 empty_hand: skip the play)
            act = self.next_action(seat, "rule 7: playing a card is compulsory", ("play",))
            self.play_card(seat, act, self.pos - 1)
        else:
            self.seen["empty_hand"] += 1
            self.gaps.append(("empty_hand", ""))
        toasted = False
        if self.cup is None:  # rule 8: a toast is possible only with the cup in the centre
            must = self.final_due and self.final_rule == "must_toast"
            nxt = self.log[self.pos] if self.pos < len(self.log) else None
            if must and nxt != [seat, ["toast"]]:
                act = ["toast"]  # C1: compulsory, so not a decision (logs show none)
            else:
                act = self.next_action(seat, "rule 8: toast or not (C1 once the last pile is out)",
                                       ("toast",) if must else ("toast", "pass"))
            if act != [act[0]]:
                self.stop(self.pos - 1, "rule 8: toast decision", f"[{act[0]!r}]", json.dumps(act))
            if act[0] == "toast":
                final = self.final_due
                self.toast(seat, self.pos - 1)
                toasted = True
                if final:  # rule 17, C1
                    return True
        self.draw(seat)  # rule 15
        if self.last_pile_out:
            self.final_due = True
        if self.cup == seat and not toasted:
            self.cup = None
        return False

    def play_card(self, seat: int, act: list[Any], idx: int) -> None:
        """Check and carry out ``["play", kind, ...]`` (rule 19: the card does what it says)."""
        if len(act) < 2 or not isinstance(act[1], str) or act[1] not in self.deck.actions:
            self.stop(idx, "rule 19: an action card of the deck", "a card kind of the deck", json.dumps(act))
        kind = act[1]
        if self.hands[seat][kind] <= 0:
            self.stop(idx, "rule 7: the card comes from the player's hand",
                      f"seat {seat} holds {dict(self.hands[seat])}", f"plays {kind}")
        self.hands[seat][kind] -= 1
        self.discards.append(kind)
        effect, p, _ = self.deck.actions[kind]
        args = act[2:]
        self.seen[effect] += 1
        bad = lambda rule: self.stop(idx, f"{kind} ({effect}): {rule}", rule, json.dumps(act))  # noqa: E731
        mine = self.own(seat)
        if effect == "move":
            if len(args) != 1 or args[0] not in self.seats:
                bad("one character of the circle")
            c = args[0]
            if p["which"] == "own" and self.owner.get(c) != seat:
                bad("one of the player's own characters")
            self.move(c, -p["steps"] if p["direction"] == "forward" else p["steps"])
        elif effect == "roll_and_move":
            if args:
                bad("no parameter (the die is rolled before the character is chosen: R1)")
            r = self.roll()
            m = self.next_action(seat, f"{kind}: the character to move {r} (R1)", ("move",))
            if len(m) != 2 or m[1] not in self.seats:
                self.stop(self.pos - 1, f"{kind}: the character to move", "a character of the circle", json.dumps(m))
            if p["which"] == "own" and self.owner.get(m[1]) != seat:
                self.stop(self.pos - 1, f"{kind}: the character to move", "an own character", json.dumps(m))
            self.move(m[1], -r if p["direction"] == "forward" else r)
        elif effect == "split":
            if len(args) != 1 or args[0] not in mine:
                bad("one of the player's own characters (moves forward first)")
            other = [c for c in mine if c != args[0]]
            self.move(args[0], -p["forward"])
            for c in other:
                self.move(c, p["back"])
        elif effect == "both_beside_draco":
            if len(args) != 1 or args[0] not in mine:
                bad("one of the player's own characters (for the first seat)")
            other = [c for c in mine if c != args[0]]
            self.seats = [c for c in self.seats if c not in mine]
            self.seats = [args[0]] + self.seats + other
        elif effect == "reseat_all":
            if args:
                bad("no parameter")
            self.rng.shuffle(self.seats)
        elif effect == "arrange_specials":
            held = [i for i, c in enumerate(self.seats) if c in self.special]
            if sorted(args) != sorted(self.seats[i] for i in held):
                bad("the specials at the table, each once, in their new rank order")
            for i, c in zip(held, args):
                self.seats[i] = c
        elif effect == "steal":
            others = [s for s in range(self.n) if s != seat and self.money[s] > 0]
            if not others:
                if args:
                    bad("no target: no other player has money")
            else:
                if len(args) != 1 or args[0] not in others:
                    bad(f"another player who has money ({others})")
                self.owes(args[0], p["silver"])
                take = min(p["silver"], self.money[args[0]])  # C2
                self.money[args[0]] -= take
                self.money[seat] += take
        elif effect == "flip_draco":
            if args:
                bad("no parameter")
            self.seats.reverse()  # rule 10: the other end becomes the first seat
        elif effect == "swap":
            if len(args) != 2 or args[0] not in mine or args[1] not in self.seats or args[0] == args[1]:
                bad("an own character and another character")
            i, j = self.seats.index(args[0]), self.seats.index(args[1])
            if p["reach"] == "adjacent" and abs(i - j) != 1:
                bad("a neighbour (the next or previous seat)")
            self.seats[i], self.seats[j] = self.seats[j], self.seats[i]
        elif effect == "cup_to_centre":
            if args:
                bad("no parameter")
            self.cup = None
        elif effect == "coin_drop":
            if args:
                bad("no parameter")
            # every roll first; then the bank pays roll by roll, each as far as the coins go (C4)
            paid: list[int] = []
            for _ in range(p["coins"]):
                r = self.roll()  # a roll names a seat counted from the first
                if r - 1 < len(self.seats) and self.seats[r - 1] in self.owner:
                    paid.append(self.owner[self.seats[r - 1]])
            gains = Counter(paid)
            self.short_gap([m + p["silver"] * gains[s] for s, m in enumerate(self.money)])
            for who in paid:
                self.bank_pays(who, p["silver"])
        elif effect == "dice_duel":
            if len(args) != 1 or args[0] not in range(self.n) or args[0] == seat:
                bad("another player")
            mine_roll, theirs = self.roll(), self.roll()
            if mine_roll != theirs:
                win, lose = (seat, args[0]) if mine_roll > theirs else (args[0], seat)
                self.owes(lose, p["silver"])
                take = min(p["silver"], self.money[lose])  # C2
                self.money[lose] -= take
                self.money[win] += take
        else:
            bad("an effect the referee knows")
        self.check_money(idx)

    # -- the toast (rules 9 to 14) --------------------------------------------------------
    def toast(self, seat: int, idx: int) -> None:
        self.toasts += 1
        seats = self.seats
        top = max(self.money)
        richest = [s for s in range(self.n) if self.money[s] == top]  # R3: before anything is paid
        tied = list(richest)
        gaps_before = len(self.gaps)
        if len(richest) > 1:
            self.seen["richest_tie"] += 1
            if self.deck.clarifications.get("richest_tie") == "none_pays":
                richest = []
        gain = [0] * self.n
        loss = [0] * self.n
        first_paid: dict[int, int] = {}

        def receive(k: int, amount: int) -> None:
            if k >= len(seats):
                return
            c = seats[k]
            if c in self.owner:
                gain[self.owner[c]] += amount
                first_paid.setdefault(self.owner[c], k)
            elif self.special[c] == "jean":  # rule 12: passes it to the next seat
                receive(k + 1, amount)
            # Zork never receives (rule 11); Aunt Sarah touches no money (rule 13)

        def pay(k: int, amount: int) -> None:
            if k < 0:
                return
            c = seats[k]
            if c in self.owner:
                loss[self.owner[c]] += amount
            elif self.special[c] == "zork":  # rule 11, C3
                gap = ("richest_tie", f"{len(tied)} players tie with {top} silver")
                if len(tied) > 1 and gap not in self.gaps[gaps_before:]:  # logged once a toast
                    self.gaps.append(gap)
                for s in richest:
                    loss[s] += self.deck.rules["zork_multiplier"] * amount
            elif self.special[c] == "jean":  # rule 12: the seat before pays for him
                pay(k - 1, amount)

        for k, amount in enumerate(self.payouts):
            receive(k, amount)
        for j, amount in enumerate(self.costs):
            if len(seats) - 1 - j >= 0:
                pay(len(seats) - 1 - j, amount)
        # C2: netted per player; a debt beyond the purse is forgiven
        net = [g - l for g, l in zip(gain, loss)]
        for s in range(self.n):
            if net[s] < 0:
                self.owes(s, -net[s])
                self.money[s] -= min(-net[s], self.money[s])
        self.short_gap([m + max(0, d) for m, d in zip(self.money, net)])
        # C4 bank_short: the bank pays first seats first while the box's coins last
        for s in sorted((s for s in range(self.n) if net[s] > 0), key=lambda s: first_paid[s]):
            self.bank_pays(s, net[s])
        self.check_money(idx)
        # rule 13, R2: owners of player characters beside Aunt Sarah may draw
        for c, k in ((c, k) for k, c in enumerate(seats) if self.special.get(c) == "sarah"):
            for nb in (k - 1, k + 1):
                if 0 <= nb < len(seats) and seats[nb] in self.owner and not self.last_pile_out:
                    who = self.owner[seats[nb]]
                    if "sarah_draw_optional" in self.deck.rulings:  # R2: each neighbour chooses
                        act = self.next_action(who, "rule 13, R2: Aunt Sarah's neighbour draws or not",
                                               ("draw", "decline"))
                    else:  # without our ruling, rule 13 read literally: the neighbours draw
                        act = ["draw"]
                    if act[0] == "draw":
                        for _ in range(int(self.deck.rules["sarah_draw"])):
                            self.draw(who)
                            self.seen["sarah_draw"] += 1
        self.cup = seat  # rule 14

    # -- the end (rules 17, 18) -----------------------------------------------------------
    def outcome(self) -> tuple[list[float], list[int], str | None]:
        """Scores (silver), winners and the tie-break label: tied leaders drop out and the next
        wins (rule 18); if the next are tied too they drop out as well, and if nobody is left
        the leaders share (C4 ``tie_for_win: repeat_elimination``; the labels are the logs')."""
        scores = [float(m) for m in self.money]
        values = sorted(set(scores), reverse=True)
        group = lambda v: [s for s in range(self.n) if scores[s] == v]  # noqa: E731
        leaders = group(values[0])
        if len(leaders) == 1:
            return scores, leaders, None
        self.seen["tie_for_win"] += 1
        if len(values) > 1 and len(group(values[1])) == 1:
            return scores, group(values[1]), "leaders_eliminated"
        # the next are tied as well: the gap our clarification settles
        self.gaps.append(("tie_for_win", f"amounts {sorted(self.money, reverse=True)}"))
        if self.deck.clarifications.get("tie_for_win") != "repeat_elimination":
            return scores, group(values[1]) if len(values) > 1 else leaders, "other resolution"
        self.seen["tie_for_win repeated"] += 1
        for v in values[2:]:
            if len(group(v)) == 1:
                return scores, group(v), "leaders_eliminated_repeatedly"
        return scores, leaders, "all_tied_leaders_share"

    def compare_end(self) -> None:
        r = self.record
        if self.pos != len(self.log):
            self.note(self.pos, "rule 17, C1: the final toast ends the game",
                      f"the game over after {self.pos} actions", f"{len(self.log)} actions")
        if r.get("end_reason") != "final_toast":
            self.note(None, "end (rule 17)", "final_toast", str(r.get("end_reason")))
        scores, winners, tie = self.outcome()
        logged = r.get("scores")
        if not isinstance(logged, list) or len(logged) != self.n or any(
                not isinstance(x, (int, float)) or float(x) != s for x, s in zip(logged, scores)):
            self.note(None, "scores (rules 5, 9 to 13, 19)", str(scores), str(logged))
        if r.get("winners") is None or sorted(r.get("winners") or []) != winners:
            self.note(None, "winners (rule 18)", str(winners), str(r.get("winners")))
        if r.get("tie_break") != tie:
            self.note(None, "tie-break (rule 18)", str(tie), str(r.get("tie_break")))
        logged_gaps = Counter((g.get("kind"), g.get("detail")) for g in r.get("gaps") or [] if isinstance(g, dict))
        mine = Counter(self.gaps)
        if logged_gaps != mine:
            self.note(None, "rule gaps met (clarifications C1 to C4)",
                      f"also {sorted(mine - logged_gaps)}", f"also {sorted(logged_gaps - mine)}")
        if r.get("turns") != self.turns:
            self.note(None, "turns", str(self.turns), str(r.get("turns")))
        if r.get("rounds") != self.rounds:
            self.note(None, "rounds", str(self.rounds), str(r.get("rounds")))
        if isinstance(logged, list) and all(isinstance(x, (int, float)) for x in logged):
            # rule 5: bank + purses is the box; money enters the purses only from the bank
            # (toasts, Shower of Coins) and leaves only to it (toasts): a different total is
            # money created or destroyed somewhere
            if sum(logged) != sum(scores):
                self.note(None, "coin conservation (rule 5; bank + purses = the box)",
                          f"purses total {sum(scores):g} silver, the bank {self.box_value - sum(scores):g}",
                          f"purses total {sum(logged):g}, the bank would hold {self.box_value - sum(logged):g}")

    def run(self) -> list[Finding]:
        try:
            self.play()
        except Stop:
            return self.findings
        self.compare_end()
        return self.findings


def referee_game(deck: RefDeck, record: dict[str, Any], line: int = 1,
                 seen: Counter[str] | None = None) -> list[Finding]:
    """Every disagreement between one logged Draco game and the rules (empty: none)."""
    return _Game(deck, record, line, seen).run()


def project_decks() -> DeckFor:
    """A deck finder for Draco log lines (see ``common.project_decks``)."""
    return common.project_decks(RefDeck)


def referee_file(path: Path, decks: DeckFor | None = None, summary: Summary | None = None) -> Summary:
    """Referee every Draco line of a log file (other games' lines are skipped)."""
    return common.referee_file("draco", referee_game, path, decks or project_decks(), summary)


def main(argv: list[str]) -> int:
    """Print one line per finding and a total; 1 if anything was found."""
    return common.main("draco", referee_game, project_decks(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
