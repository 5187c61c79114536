"""Royale referee: re-check logged games against the published rules.

Written from the French rules (``../shared/seeds/001_*.txt``), ``../shared/reference/GAMES.md``
and this edition's declared rulings (the deck's ``clarifications`` and ``rulings``, the rule
ledger and "Decisions" of docs/royale.md), and from nothing of the engine: its own state
model re-plays each log line (docs/log-format.md) and reports every action the rules forbid
and every result (scores, winners, tie-break, end, turns, rounds, gaps) that differs. Rule
numbers in the messages are the ledger's (docs/royale.md, "Rule ledger").

Action encoding (docs/royale.md, "Engine"): ``["take", "row"|"column"|"diagonal", i]``,
``["imposter", degrees, dr, dc]``, ``["place", card, slot]``, ``["clear", slot]``,
``["stop"]``. Read from the docs and logs rather than the rule texts (the texts fix no
encoding): seat s plays icon A, B, C... in turn (the s-th owner in deck order) and its
noble slots are its nobles in deck order; piles list their top card first; a forced clear
(rule 14) and a validation (rule 13) log no action; voluntary clearing (rule 15) is asked
only while an open noble holds cards, ``stop`` ends it; the tie-break labels are
``most_dish_cards`` and ``most_dish_cards, then shared``; ``turns`` counts the player turns played, except the
one that validates a seat's last noble (rule 19 ends the game before that turn is counted,
while a turn whose refill draws the end card is counted); ``rounds`` counts full rounds
(turns // players; solo: the player's turns); gap details ``<N> cards into <k> packets``
and ``seats [..]``.

A rebuilt pile (rule 17) is shuffled: the log does not say its order, so the referee
draws unknown cards from it and learns each one when it is placed; every card so learnt
must belong to the rebuilt pile, and the end card must come out inside the packet the
rules put it in (game ends too early or too late otherwise).

Usage: ``python tests/referees/royale.py LOG.jsonl ...`` (exit 1 on any finding).
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any


sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: tests/ holds the package

from referees import common  # noqa: E402
from referees.common import DeckFor, Finding, Stop, Summary  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
from referees.royale_requests import Dish, Request  # noqa: E402

END_CARD = "end"
TIE_CARDS = "most_dish_cards"
TIE_SHARED = "most_dish_cards, then shared"
UNKNOWN = "?"  # a buffet cell dealt from a rebuilt pile, not yet seen


@dataclass(frozen=True)
class Noble:
    """One noble as the referee needs it: its id, the face in play, its points."""

    id: str
    points: int
    request: Request


@dataclass
class RefDeck:
    """What the referee needs of a resolved Royale deck: data only, no engine."""

    id: str
    rules: Any  # the deck's rule numbers (``rules:``), read as data
    dishes: dict[str, Dish]  # instance id -> card
    nobles: dict[str, list[Noble]]  # owner icon -> nobles in deck order
    imposters: dict[str, list[tuple[int, int]]]  # owner icon -> pattern cells
    pattern_size: dict[str, tuple[int, int]]  # owner icon -> (rows, cols) of the pattern card
    solo_cards: dict[str, list[tuple[int, int]]]  # solo component id -> cells
    end_cards: frozenset[str]  # instance ids of the end card
    min_players: int
    max_players: int
    clarifications: dict[str, str]
    rulings: frozenset[str]

    @property
    def owners(self) -> list[str]:
        return sorted(self.nobles)

    @classmethod
    def from_resolved(cls, deck: Any) -> "RefDeck":
        """Read a ``ResolvedDeck``: components by ``data.role``, the faces of the side in play."""
        model = deck.model
        rules = model.rules
        dishes: dict[str, Dish] = {}
        imposters: dict[str, list[tuple[int, int]]] = {}
        sizes: dict[str, tuple[int, int]] = {}
        solo: dict[str, list[tuple[int, int]]] = {}
        ends: list[str] = []
        raw_nobles: dict[str, list[tuple[str, Any, int]]] = {}
        for comp in model.components:
            role = comp.data.role
            ids = [f"{comp.id}#{n}" for n in range(1, comp.count + 1)]
            if role == "dish":
                value = comp.faces[0].value
                for i in ids:
                    dishes[i] = Dish(i, comp.data.dish, int(value), bool(comp.data.wild))
            elif role == "noble":
                face = next(f for f in comp.faces if f.data is not None and f.data.side == rules.noble_side)
                raw_nobles.setdefault(comp.data.owner, []).append((comp.id, face.data, int(face.points)))
            elif role == "imposter":
                pat = comp.faces[0].pattern
                imposters[comp.data.owner] = [(int(r), int(c)) for r, c in pat.cells]
                sizes[comp.data.owner] = (pat.rows, pat.cols)
            elif role == "solo":
                solo[comp.id] = [(int(r), int(c)) for r, c in comp.faces[0].pattern.cells]
            elif role == "end":
                ends.extend(ids)
        pool = list(dishes.values())
        nobles = {o: [Noble(i, p, Request(face, pool)) for i, face, p in lst] for o, lst in raw_nobles.items()}
        clar = {kind: c.resolution for kind, c in (model.clarifications or {}).items()}
        return cls(deck.id, rules, dishes, nobles, imposters, sizes, solo, frozenset(ends), model.players.min,
                   model.players.max, clar, frozenset(model.rulings or {}))


def packet_sizes(n: int, packets: int) -> list[int]:
    """Clarification ``uneven_packets: near_equal``: sizes differ by one at most, larger on top."""
    q, r = divmod(n, packets)
    return [q + 1 if k < r else q for k in range(packets)]


def rotate(cells: list[tuple[int, int]], rows: int, cols: int, degrees: int) -> list[tuple[int, int]]:
    """The pattern turned ``degrees`` clockwise on its card (rule 8)."""
    for _ in range((degrees // 90) % 4):
        cells = [(c, rows - 1 - r) for r, c in cells]
        rows, cols = cols, rows
    return cells


class _Game:
    """One game re-played from a log line with the referee's own state."""

    def __init__(self, deck: RefDeck, record: dict[str, Any], line: int,
                 seen: Counter[str] | None = None) -> None:
        self.deck, self.record, self.line = deck, record, line
        self.rules = deck.rules
        self.seen = seen if seen is not None else Counter()
        self.findings: list[Finding] = []
        self.players = int(record["players"])
        self.actions: list[Any] = list(record.get("actions") or [])
        self.i = 0
        self.solo = self.players == 1 and bool(self.rules.solo)
        rows, cols = self.rules.grid_rows, self.rules.grid_cols
        self.cells = [(r, c) for r in range(rows) for c in range(cols)]  # reading order (rule 16)
        self.grid: dict[tuple[int, int], str | None] = {cell: None for cell in self.cells}
        self.pile: list[str] = []  # top first; UNKNOWN entries in a rebuilt pile
        self.window: tuple[int, int] | None = None  # draws from a rebuilt pile where the end card lies
        self.pile_drawn = 0
        self.pool: set[str] = set()  # cards an UNKNOWN entry may be
        self.discard: list[str] = []
        self.end_draws = 0
        self.solo_pile: list[str] = []
        self.owner = [deck.owners[s] for s in range(self.players)] if self.players <= len(deck.owners) else []
        self.under: list[list[list[Dish]]] = [[[] for _ in deck.nobles[o]] for o in self.owner]
        self.validated: list[list[bool]] = [[False] * len(deck.nobles[o]) for o in self.owner]
        self.imposter_used = [0] * self.players
        self.turns = 0
        self.gaps: list[tuple[str, bool, str | None]] = []
        self.end: str | None = None
        self.winner_all: int | None = None

    # -- reporting ---------------------------------------------------------------------------
    def note(self, action: int | None, what: str, rules: str, log: str) -> None:
        self.findings.append(Finding(self.line, action, what, rules, log))

    def stop(self, action: int | None, what: str, rules: str, log: str) -> None:
        self.note(action, what, rules, log)
        raise Stop

    def gap(self, kind: str, detail: str | None) -> str | None:
        resolution = self.deck.clarifications.get(kind)
        self.gaps.append((kind, resolution is not None, detail))
        self.seen[f"gap {kind}"] += 1
        return resolution

    def next_action(self, seat: int, why: str) -> tuple[int, list[Any]]:
        """The next logged action, which must be ``seat``'s (rule 5: clockwise, a turn at a time)."""
        if self.i >= len(self.actions):
            self.stop(None, "log ends while the game goes on", f"seat {seat} acts next ({why})",
                      f"no action after {len(self.actions)}")
        idx, step = self.i, self.actions[self.i]
        if not (isinstance(step, list) and len(step) == 2 and isinstance(step[0], int)
                and isinstance(step[1], list) and step[1] and isinstance(step[1][0], str)):
            self.stop(idx, "unreadable action", "[seat, [kind, ...]]", json.dumps(step))
        if step[0] != seat:
            self.stop(idx, "rule 5 (turns go clockwise; a turn is take, serve, validate/clear, refill)",
                      f"seat {seat} acts ({why})", f"seat {step[0]} acts: {step[1]}")
        self.i += 1
        return idx, step[1]

    # -- set-up ------------------------------------------------------------------------------
    def setup(self) -> None:
        """Rules 1 to 4 and 25: the pile, the buffet, each seat's icon."""
        d, r, n = self.deck, self.rules, self.players
        if not d.min_players <= n <= d.max_players or n > len(d.owners):
            self.stop(None, "rule 3 (player count)", f"{d.min_players} to {d.max_players} players", str(n))
        piles = self.record.get("initial_piles") or {}
        pile = piles.get("dish_pile")
        if not isinstance(pile, list):
            self.stop(None, "rule 1 (the pile)", "a 'dish_pile' pile", f"piles {sorted(piles)}")
        with_end = not self.solo or r.solo_end_card
        box = Counter(list(d.dishes)) + (Counter(d.end_cards) if with_end else Counter())
        got = Counter(pile)
        if got != box:
            extra, missing = sorted((got - box).elements()), sorted((box - got).elements())
            self.stop(None, "rule 1 (72 dish cards" + (" and the end card" if with_end else ", no end card in solo")
                      + ")", f"{sum(box.values())} cards, each once",
                      f"{len(pile)} cards; extra {extra[:5]}, missing {missing[:5]}")
        if with_end:  # rule 1: the end card is shuffled into packet end_packet_setup
            sizes = packet_sizes(len(d.dishes), r.packets)
            lo = sum(sizes[:r.end_packet_setup - 1])
            hi = lo + sizes[r.end_packet_setup - 1]
            at = next(k for k, c in enumerate(pile) if c in d.end_cards)
            if not lo <= at <= hi:
                self.note(None, "rule 1 (the end card's packet)",
                          f"the end card among cards {lo + 1} to {hi + 1} from the top (packet {r.end_packet_setup})",
                          f"card {at + 1}")
        self.pile = list(pile)
        if self.solo:
            solo = piles.get("solo_pile")
            if not isinstance(solo, list) or Counter(c.split("#")[0] for c in solo) != Counter(list(d.solo_cards)):
                self.stop(None, "rule 25 (solo: the 9 solo cards shuffled into a pile)",
                          f"{sorted(d.solo_cards)}", str(solo))
            self.solo_pile = list(solo)
        self.refill(None)  # rule 2: the first 9 cards make the buffet
        if self.end is not None:
            self.stop(None, "rule 2 (set-up)", "the buffet dealt from dish cards", "the end card in the first cards")

    # -- the pile ----------------------------------------------------------------------------
    def draw(self) -> str | None:
        """The top card of the pile, or None when it is empty (the end card is returned as is)."""
        if not self.pile:
            return None
        card = self.pile.pop(0)
        d = self.pile_drawn
        self.pile_drawn += 1
        if card != UNKNOWN or self.window is None:
            return card
        lo, hi = self.window
        if lo <= d and (d >= hi or self.i >= len(self.actions)):
            # the end card must be out by the end of its packet; and a log with no further
            # decision can only end here (the game ends at once on the draw, rule 18)
            self.window = None
            return END_CARD
        return UNKNOWN

    def rebuild(self) -> None:
        """Rule 17: discards + the rest of the pile, in packets, the end card in packet end_packet_reshuffle."""
        r = self.rules
        cards = self.discard + self.pile
        self.pool |= {c for c in cards if c != UNKNOWN}
        n = len(cards)
        sizes = packet_sizes(n, r.packets)
        if len(set(sizes)) > 1:
            self.gap("uneven_packets", f"{n} cards into {r.packets} packets")
        lo = sum(sizes[:r.end_packet_reshuffle - 1])
        self.window = (lo, lo + sizes[r.end_packet_reshuffle - 1])
        self.pile = [UNKNOWN] * (n + 1)
        self.pile_drawn = 0
        self.discard = []
        self.seen["end card drawn: pile rebuilt"] += 1

    def refill(self, seat: int | None) -> None:
        """Rule 16: empty cells, left to right and top to bottom; the end card (rules 17, 18)."""
        for cell in self.cells:
            while self.grid[cell] is None:
                card = self.draw()
                if card is None:  # clarification pile_empty
                    if not self.discard:
                        return
                    resolution = self.gap("pile_empty", None)
                    if resolution != "reshuffle_discards":
                        self.end = f"stalled:pile_empty" if resolution is None else "supply_exhausted"
                        return
                    self.pool |= {c for c in self.discard if c != UNKNOWN}
                    self.pile, self.discard, self.window = [UNKNOWN] * len(self.discard), [], None
                    continue
                if card == END_CARD or card in self.deck.end_cards:
                    self.end_draws += 1
                    if self.end_draws >= self.rules.end_card_draws:
                        self.end = "banquet_over"
                        self.seen["end card drawn: game over"] += 1
                        return
                    if self.window is not None or UNKNOWN in self.pile:
                        self.stop(None, "referee limit", "a third draw of the end card cannot be located",
                                  "a deck with end_card_draws > 2")
                    self.rebuild()
                    continue
                self.grid[cell] = card

    # -- a turn ------------------------------------------------------------------------------
    def take_cells(self, seat: int, idx: int, act: list[Any]) -> list[tuple[int, int]]:
        """Rules 6 to 8: the cells a take or the seat's own imposter names."""
        r = self.rules
        rows, cols = r.grid_rows, r.grid_cols
        if act[0] == "take":
            if len(act) != 3 or act[1] not in r.take_shapes or not isinstance(act[2], int):
                self.stop(idx, "rule 6 (take one row or one column)",
                          f"['take', one of {r.take_shapes}, index]", json.dumps(act))
            shape, k = act[1], act[2]
            if shape == "row" and 0 <= k < rows:
                return [(k, c) for c in range(cols)]
            if shape == "column" and 0 <= k < cols:
                return [(rr, k) for rr in range(rows)]
            if shape == "diagonal" and rows == cols and k in (0, 1):
                return [(j, j if k == 0 else cols - 1 - j) for j in range(rows)]
            self.stop(idx, "rule 6 (a line of the grid)", f"a {shape} of the {rows}x{cols} buffet", json.dumps(act))
        # the imposter (rules 7, 8)
        owner = self.owner[seat]
        if len(act) != 4 or not all(isinstance(x, int) for x in act[1:]):
            self.stop(idx, "rule 7 (the imposter)", "['imposter', degrees, dr, dc]", json.dumps(act))
        if self.imposter_used[seat] >= r.imposter_uses:
            self.stop(idx, "rule 7 (the imposter, once a game)",
                      f"seat {seat} has used its imposter {self.imposter_used[seat]} time(s) of {r.imposter_uses}",
                      json.dumps(act))
        deg, dr, dc = act[1], act[2], act[3]
        if deg not in r.imposter_rotations:
            self.stop(idx, "rule 8 (the imposter's turns; ruling imposter_quarter_turn_either_way)",
                      f"a turn among {r.imposter_rotations}", json.dumps(act))
        if not r.imposter_slide and (dr, dc) != (0, 0):
            self.stop(idx, "rule 8 (the pattern keeps its place: imposter_slide false)", "shift (0, 0)",
                      json.dumps(act))
        prow, pcol = self.deck.pattern_size[owner]
        cells = [(a + dr, b + dc) for a, b in rotate(self.deck.imposters[owner], prow, pcol, deg)]
        if not all(0 <= a < rows and 0 <= b < cols for a, b in cells):
            self.stop(idx, "rule 8 (the pattern on the buffet)", "every cell inside the grid", str(cells))
        self.imposter_used[seat] += 1
        self.seen["imposter"] += 1
        return cells

    def turn(self, seat: int) -> None:
        """Rules 6 to 16 for one seat; sets ``self.end`` when the game is over."""
        if all(self.grid[c] is None for c in self.cells):  # clarification nothing_to_take
            resolution = self.gap("nothing_to_take", None)
            self.end = "supply_exhausted" if resolution == "end_game" else "stalled:nothing_to_take"
            return
        self.turns += 1
        idx, act = self.next_action(seat, "a take: a row, a column or the imposter")
        if act[0] not in ("take", "imposter"):
            self.stop(idx, "rule 6 (a turn begins with a take)", "['take', ...] or ['imposter', ...]",
                      json.dumps(act))
        cells = self.take_cells(seat, idx, act)
        hand = [self.grid[c] for c in cells if self.grid[c] is not None]
        if len(hand) < len(cells):
            self.gap("short_line", None)
        for c in cells:
            self.grid[c] = None
        self.seen[act[0]] += 1
        self.serve(seat, hand, "rule 7 (the cards of the seat's OWN imposter pattern)" if act[0] == "imposter"
                   else "rule 6 (the cards of the row or column taken)")
        if self.end:
            return
        self.clearing(seat)

    def serve(self, seat: int, hand: list[str | None], taken: str) -> None:
        """Rules 9 to 14 and 19: every card taken goes under an open noble; forced clears; validation."""
        nobles = self.deck.nobles[self.owner[seat]]
        while hand:
            idx, act = self.next_action(seat, f"serve: {len(hand)} card(s) to place")
            if act[0] != "place" or len(act) != 3 or not isinstance(act[2], int):
                self.stop(idx, "rule 9 (the cards taken MUST go under your nobles)", "['place', card, slot]",
                          json.dumps(act))
            card, slot = act[1], act[2]
            if card in hand and card != UNKNOWN:
                hand.remove(card)
            elif UNKNOWN in hand and card in self.pool:
                hand.remove(UNKNOWN)
                self.pool.discard(card)
                self.seen["card from a rebuilt pile"] += 1
            else:
                known = [c for c in hand if c != UNKNOWN]
                self.stop(idx, f"{taken}: place only the cards just taken",
                          f"one of {known}" + (f" or a card of the rebuilt pile" if UNKNOWN in hand else ""),
                          f"place {card}")
            if not 0 <= slot < len(nobles):
                self.stop(idx, "rule 9 (under one of your nobles)", f"a slot 0 to {len(nobles) - 1}", str(slot))
            if self.validated[seat][slot]:
                self.stop(idx, "rule 10 (no card under a validated noble)", f"slot {slot} is validated",
                          f"place {card} there")
            dish = self.deck.dishes[card]
            cards = self.under[seat][slot]
            cards.append(dish)
            if not nobles[slot].request.possible(cards):  # rule 14: forced clear, the new card too
                self.discard.extend(c.id for c in cards)
                self.under[seat][slot] = []
                self.seen["forced clear"] += 1
            self.seen["place"] += 1
        # rule 13: after serving, every noble met exactly is validated; its cards are discarded
        for slot, noble in enumerate(nobles):
            cards = self.under[seat][slot]
            if not self.validated[seat][slot] and cards and noble.request.met(cards):
                self.validated[seat][slot] = True
                self.discard.extend(c.id for c in cards)
                self.under[seat][slot] = []
                self.seen["noble validated"] += 1
        if all(self.validated[seat]):  # rule 19
            self.end, self.winner_all = "all_nobles", seat
            self.seen["all nobles validated"] += 1

    def clearing(self, seat: int) -> None:
        """Rule 15: after serving, clear any nobles at will (all their cards), then stop."""
        if not self.rules.voluntary_clearing:
            return
        while any(cards and not v for cards, v in zip(self.under[seat], self.validated[seat])):
            idx, act = self.next_action(seat, "clear a noble or stop")
            if act == ["stop"]:
                return
            if act[0] != "clear" or len(act) != 2 or not isinstance(act[1], int):
                self.stop(idx, "rule 15 (clear a noble or stop)", "['clear', slot] or ['stop']", json.dumps(act))
            slot = act[1]
            if not (0 <= slot < len(self.under[seat]) and self.under[seat][slot] and not self.validated[seat][slot]):
                self.stop(idx, "rule 15 (clear a noble that holds cards)",
                          f"a slot among {[s for s, c in enumerate(self.under[seat]) if c]}", f"clear {slot}")
            self.discard.extend(c.id for c in self.under[seat][slot])
            self.under[seat][slot] = []
            self.seen["voluntary clear"] += 1

    def ghost(self) -> None:
        """Rule 25: the ghost reveals a solo card and discards the cards of the cells it names."""
        for _ in range(self.rules.ghost_cards_per_turn):
            if not self.solo_pile:
                resolution = self.gap("solo_pile_empty", None)
                self.stop(None, "referee limit", f"solo pile empty ({resolution}): the new order is not logged",
                          "a game longer than the solo pile")
            card = self.solo_pile.pop(0)
            for cell in self.deck.solo_cards[card.split("#")[0]]:
                if self.grid.get(cell) is not None:
                    self.discard.append(self.grid[cell])  # type: ignore[arg-type]
                    self.grid[cell] = None
            self.seen["ghost turn"] += 1
        self.refill(None)

    # -- the game ----------------------------------------------------------------------------
    def play(self) -> None:
        self.setup()
        if self.solo:  # rules 25, 26: the ghost begins; the player has solo_turns turns
            for k in range(self.rules.solo_turns):
                self.ghost()
                if self.end:
                    return
                self.turn(0)
                if self.end:
                    return
                if k < self.rules.solo_turns - 1:
                    self.refill(0)
                    if self.end:
                        return
            self.end = "turns_done"
            return
        seat = 0
        while True:
            self.turn(seat)
            if self.end:
                return
            self.refill(seat)
            if self.end:
                return
            seat = (seat + 1) % self.players

    # -- the end -----------------------------------------------------------------------------
    def outcome(self) -> tuple[list[float], list[int], str | None]:
        """Rules 19 to 22 (and 26 in solo): scores, winners, the tie-break label."""
        scores = [float(sum(n.points for n, v in zip(self.deck.nobles[o], self.validated[s]) if v))
                  for s, o in enumerate(self.owner)]
        if self.winner_all is not None:
            return scores, [self.winner_all], None
        if self.solo:
            return scores, [0], None
        best = max(scores)
        tied = [s for s, v in enumerate(scores) if v == best]
        if len(tied) == 1:
            return scores, tied, None
        self.seen["tie on points"] += 1
        front = {s: sum(len(c) for c, v in zip(self.under[s], self.validated[s]) if not v) for s in tied}
        most = max(front.values())
        left = [s for s in tied if front[s] == most]
        if len(left) == 1:
            return scores, left, TIE_CARDS
        self.gap("tie_after_tiebreak", f"seats {left}")
        self.seen["shared win"] += 1
        return scores, left, TIE_SHARED

    def compare_end(self) -> None:
        r = self.record
        if self.i < len(self.actions):
            self.note(self.i, "rules 18, 19, 26 (the game is over)", f"no action after the end ({self.end})",
                      f"{len(self.actions) - self.i} more action(s), first {self.actions[self.i]}")
        if r.get("end_reason") != self.end:
            self.note(None, "end reason (rules 18, 19, 23, 26)", str(self.end), str(r.get("end_reason")))
        stalled = self.end is not None and self.end.startswith("stalled:")
        scores, winners, tie = self.outcome() if not stalled else (None, None, None)
        # read from logs: the turn that validates a seat's last noble (rule 19) is not counted
        turns = self.turns - (self.end == "all_nobles")
        rounds = turns if self.solo else turns // self.players
        for name, mine in (("turns", turns), ("rounds", rounds)):
            if not stalled and r.get(name) != mine:
                self.note(None, f"{name} (turns = player turns; rounds = full rounds)", str(mine), str(r.get(name)))
        logged_gaps = [(g.get("kind"), bool(g.get("settled")), g.get("detail"))
                       for g in r.get("gaps") or [] if g.get("by") != "simulator"]
        mine_gaps = [(k, s, dt) for k, s, dt in self.gaps]
        shown = [(k, s, dt if dt is not None else lg[2]) for (k, s, dt), lg in zip(mine_gaps, logged_gaps)] \
            if len(logged_gaps) == len(mine_gaps) else mine_gaps
        if logged_gaps != shown:
            self.note(None, "rule gaps met (clarifications)", str(mine_gaps), str(logged_gaps))
        if stalled:
            return
        logged = r.get("scores")
        if not isinstance(logged, list) or len(logged) != self.players or any(
                not isinstance(x, (int, float)) or float(x) != s for x, s in zip(logged, scores or [])):
            self.note(None, "scores (rules 13, 20: points of validated nobles)", str(scores), str(logged))
        if r.get("winners") is None or sorted(r.get("winners") or []) != winners:
            self.note(None, "winners (rules 19 to 22)", str(winners), str(r.get("winners")))
        if r.get("tie_break") != tie:
            self.note(None, "tie-break label (rules 21, 22)", str(tie), str(r.get("tie_break")))

    def run(self) -> list[Finding]:
        try:
            self.play()
        except Stop:
            return self.findings
        self.compare_end()
        return self.findings


def referee_game(deck: RefDeck, record: dict[str, Any], line: int = 1,
                 seen: Counter[str] | None = None) -> list[Finding]:
    """Every disagreement between one logged Royale game and the rules (empty: none)."""
    return _Game(deck, record, line, seen).run()


def project_decks() -> DeckFor:
    """A deck finder for Royale log lines (see ``common.project_decks``)."""
    return common.project_decks(RefDeck)


def referee_file(path: Path, decks: DeckFor | None = None, summary: Summary | None = None) -> Summary:
    """Referee every Royale line of a log file (other games' lines are skipped)."""
    return common.referee_file("royale", referee_game, path, decks or project_decks(), summary)


def main(argv: list[str]) -> int:
    """Print one line per finding and a total; 1 if anything was found."""
    return common.main("royale", referee_game, project_decks(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
