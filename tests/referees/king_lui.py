"""King Lui referee: re-check logged games against the published rules.

Written from the rule texts (``../shared/seeds/`` 000 French, 002 Italian, 003
English), ``../shared/reference/GAMES.md`` and this edition's declared rulings (the
deck's ``clarifications`` and ``rulings``, the rule ledger of docs/king_lui.md), and
from nothing of the engine: its own state model re-plays each log line
(docs/log-format.md) and reports every action the rules forbid and every result
(scores, winners, tie-break, end, turns, rounds, gaps) that differs.

Rule numbers in the messages are the ledger's (docs/king_lui.md, "Rule ledger").

Action encoding, as docs/king_lui.md describes it and logs confirm:
``["take", dish]``, ``["draw"]``, ``["emerald", dish, ...]`` (one entry per portion
removed) and ``["place"]`` (only right after drawing an Emerald the king could feed).
Read from logs, not said in the docs: a turn passed on an empty supply
(clarification ``draw_from_empty_supply: pass``) logs no action but counts as a turn;
a drawn Emerald the king cannot feed logs no ``place``; the tie-break label for a
tie settled by discarded cards is ``fewest_discarded``; gap details read
``seat <s>, course <c>`` with courses counted from 1, and ``seats [<s>, ...]`` for a tie the
fewest discarded cards leave standing (the texts stop there: gap ``tie_after_tiebreak``, which the
deck's clarification settles, ``shared``).

Usage: ``python tests/referees/king_lui.py LOG.jsonl ...`` (exit 1 on any finding).
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

SUPPLY_EXHAUSTED = "supply_exhausted"
#: tie-break labels: ``shared_win`` is documented (ledger 30); ``fewest_discarded`` is read from logs
TIE_FEWEST = "fewest_discarded"
TIE_SHARED = "shared_win"
# gap kinds (docs/king_lui.md, "Decisions where the sources are silent or unclear")
NO_DISH_EMERALD = "no_dish_emerald"
EMPTY_SUPPLY = "draw_from_empty_supply"
SHORT_SUPPLY = "short_supply_draw"
TIE_AFTER = "tie_after_tiebreak"


@dataclass(frozen=True)
class RefDeck:
    """What the referee needs of a resolved King Lui deck: data only, no engine."""

    id: str
    dishes: tuple[str, ...]  # portion components, deck order
    portions: dict[str, int]  # dish -> portions in the box
    emeralds: dict[str, int]  # Emerald component -> copies
    course_cards_per_player: int
    supply_draw_cards: int
    emerald_portions: int
    min_players: int
    max_players: int
    clarifications: dict[str, str]  # gap kind -> resolution
    rulings: frozenset[str]

    @classmethod
    def from_resolved(cls, deck: Any) -> "RefDeck":
        """Read a ``ResolvedDeck`` (components with ``data.role``, ``rules``, rulings)."""
        model = deck.model
        dishes: list[str] = []
        portions: dict[str, int] = {}
        emeralds: dict[str, int] = {}
        for comp in model.components:
            role = getattr(comp.data, "role", None)
            if role == "portion":
                dishes.append(comp.id)
                portions[comp.id] = comp.count
            elif role == "emerald":
                emeralds[comp.id] = comp.count
        rules = model.rules
        clar = {kind: c.resolution for kind, c in (model.clarifications or {}).items()}
        return cls(deck.id, tuple(dishes), portions, emeralds, rules.course_cards_per_player,
                   rules.supply_draw_cards, rules.emerald_portions, model.players.min, model.players.max,
                   clar, frozenset(model.rulings or {}))

    def box(self) -> Counter[str]:
        """Every card instance id the box holds (``<component>#<n>``, n from 1)."""
        ids = [f"{c}#{n}" for c, k in {**self.portions, **self.emeralds}.items() for n in range(1, k + 1)]
        return Counter(ids)


class _Game:
    """One game re-played from a log line with the referee's own state."""

    def __init__(self, deck: RefDeck, record: dict[str, Any], line: int,
                 seen: Counter[str] | None = None) -> None:
        self.deck, self.record, self.line = deck, record, line
        self.seen = seen if seen is not None else Counter()  # situations met (coverage)
        self.findings: list[Finding] = []
        self.players = int(record["players"])
        self.actions: list[Any] = list(record.get("actions") or [])
        self.i = 0  # next logged action
        self.supply: list[str] = []
        self.top = 0
        self.table: Counter[str] = Counter()
        self.table_emeralds = 0
        self.king: Counter[str] = Counter()
        self.hands: list[Counter[str]] = [Counter() for _ in range(self.players)]
        self.turns = 0
        self.rounds = 0
        self.gaps: list[tuple[str, bool, str]] = []
        self.end: str | None = None

    # -- reporting ---------------------------------------------------------------------------
    def note(self, action: int | None, what: str, rules: str, log: str) -> None:
        self.findings.append(Finding(self.line, action, what, rules, log))

    def stop(self, action: int | None, what: str, rules: str, log: str) -> None:
        self.note(action, what, rules, log)
        raise Stop

    # -- reading the log ---------------------------------------------------------------------
    def next_action(self, seat: int, why: str) -> tuple[int, list[str]]:
        """The next logged action, which must be ``seat``'s (rule 8: one action each, clockwise)."""
        if self.i >= len(self.actions):
            self.stop(None, "log ends while the game goes on", f"seat {seat} acts next ({why})",
                      f"no action after {len(self.actions)}")
        idx, step = self.i, self.actions[self.i]
        if not (isinstance(step, list) and len(step) == 2 and isinstance(step[0], int)
                and isinstance(step[1], list) and step[1] and all(isinstance(x, str) for x in step[1])):
            self.stop(idx, "unreadable action", "[seat, [kind, ...]]", json.dumps(step))
        if step[0] != seat:
            self.stop(idx, "rule 8 (the chef begins, then clockwise, one action each)",
                      f"seat {seat} acts ({why})", f"seat {step[0]} acts: {step[1]}")
        self.i += 1
        return idx, step[1]

    # -- the game ----------------------------------------------------------------------------
    def play(self) -> None:
        """Set up and play every course until the supply cannot fill the table."""
        d, n = self.deck, self.players
        if not d.min_players <= n <= d.max_players:
            self.stop(None, "rule 2 (player count)", f"{d.min_players} to {d.max_players} players", f"{n}")
        self.check_supply()
        chef = 0  # rule 4 (ours): seat 0 is the first chef
        need = n * d.course_cards_per_player  # rule 5
        while len(self.supply) - self.top >= need:  # rule 24: not enough to fill the table ends the game
            self.rounds += 1
            self.deal(need)
            for k in range(n):
                seat = (chef + k) % n
                self.turns += 1
                stalled = self.turn(seat)
                if stalled:
                    self.end = f"stalled:{stalled}"
                    return
            # rules 18, 19, 21: the king gets every dish left; Emeralds wait on the table
            self.king.update(self.table)
            self.table.clear()
            chef = (chef + 1) % n  # rule 23: the supply passes to the left
        self.end = SUPPLY_EXHAUSTED  # the rest of the supply leaves the game (rule 24)

    def check_supply(self) -> None:
        """Rules 1 and 3: the supply is the whole box, shuffled, top first."""
        piles = self.record.get("initial_piles") or {}
        supply = piles.get("supply")
        if not isinstance(supply, list):
            self.stop(None, "rule 3 (the supply)", "a 'supply' pile", f"piles {sorted(piles)}")
        box, got = self.deck.box(), Counter(supply)
        if got != box:
            extra, missing = sorted((got - box).elements()), sorted((box - got).elements())
            self.stop(None, "rules 1 and 3 (the whole box is the supply)",
                      f"{sum(box.values())} cards, each once",
                      f"{len(supply)} cards; extra {extra[:5]}, missing {missing[:5]}")
        self.supply = list(supply)

    def dish_of(self, card: str) -> str | None:
        """The dish of a card instance id; None for an Emerald."""
        comp = card.split("#", 1)[0]
        return None if comp in self.deck.emeralds else comp

    def deal(self, need: int) -> None:
        """Rules 5 to 7 and 22: deal ``need`` cards; an Emerald takes a place beside the dishes."""
        cards = self.supply[self.top:self.top + need]
        self.top += need
        for card in cards:
            dish = self.dish_of(card)
            if dish is None:
                if "dealt_emerald_not_replaced" not in self.deck.rulings:
                    self.note(None, "rule 7 (dealt Emerald)", "no ruling: the texts do not say whether it is replaced",
                              "the deck declares no 'dealt_emerald_not_replaced' ruling")
                self.table_emeralds += 1
                self.seen["dealt emerald"] += 1
            else:
                self.table[dish] += 1

    def gap(self, kind: str, seat: int) -> str | None:
        """Record a rule gap the way the ledger says; its resolution, or None (the game stalls)."""
        resolution = self.deck.clarifications.get(kind)
        self.gaps.append((kind, resolution is not None, f"seat {seat}, course {self.rounds}"))
        self.seen[f"gap {kind}"] += 1
        return resolution

    def king_total(self) -> int:
        return sum(self.king.values())

    def turn(self, seat: int) -> str | None:
        """One player's turn (rules 9 to 16, 32, 33); the gap kind if the game stalls."""
        d = self.deck
        dishes_left = any(self.table.values())
        feedable = self.king_total() >= d.emerald_portions
        can_emerald = self.table_emeralds > 0 and feedable  # rule 15
        supply_left = len(self.supply) - self.top
        if dishes_left:
            allowed = {"take", "draw"} if supply_left else {"take"}
            if can_emerald:
                allowed.add("emerald")
        else:  # rule 12: no dish left, the player must draw
            allowed = {"draw"}
            if can_emerald:  # gap no_dish_emerald (rule 32)
                resolution = self.gap(NO_DISH_EMERALD, seat)
                if resolution is None:
                    return NO_DISH_EMERALD
                if resolution == "emerald_allowed":
                    allowed.add("emerald")
            if not supply_left:
                allowed.discard("draw")
                if not allowed:  # gap draw_from_empty_supply (rule 33): the turn passes
                    resolution = self.gap(EMPTY_SUPPLY, seat)
                    if resolution != "pass":
                        return EMPTY_SUPPLY
                    self.seen["turn passed, empty supply"] += 1
                    return None
        idx, act = self.next_action(seat, "a turn: " + ", ".join(sorted(allowed)))
        kind = act[0]
        if kind not in allowed:
            self.stop(idx, "rule 9 (a turn is: take a dish, draw, or use an Emerald)",
                      self.why_not(kind, dishes_left, supply_left, can_emerald, feedable), json.dumps(act))
        if kind == "take":  # rules 10, 20
            if len(act) != 2 or act[1] not in d.portions:
                self.stop(idx, "rule 10 (take one dish)", f"['take', one of {list(d.dishes)}]", json.dumps(act))
            dish = act[1]
            if not self.table[dish]:
                self.stop(idx, "rule 10 (take a dish from the table)",
                          f"dishes on the table: {self.table_text()}", f"take {dish}")
            self.hands[seat][dish] += self.table.pop(dish)
            self.seen["take"] += 1
        elif kind == "draw":
            if len(act) != 1:
                self.stop(idx, "rule 11 (draw)", "['draw']", json.dumps(act))
            return self.draw(seat, idx)
        else:  # emerald from the table (rules 15, 16)
            self.table_emeralds -= 1
            self.feed(idx, act)
            self.seen["emerald from the table" + ("" if dishes_left else ", no dish left")] += 1
        return None

    def why_not(self, kind: str, dishes_left: bool, supply_left: int, can_emerald: bool, feedable: bool) -> str:
        """Which rule rules out ``kind`` now, in words."""
        if kind == "take":
            return "no dish is left on the table (rule 12: the player must draw)"
        if kind == "draw":
            return "the supply is empty"
        if kind == "emerald":
            if not can_emerald:
                return (f"an Emerald needs one on the table ({self.table_emeralds}) and at least "
                        f"{self.deck.emerald_portions} portions at the king's ({self.king_total()}) (rule 15)"
                        if not feedable or not self.table_emeralds else "no Emerald may be used now")
            return "no dish is left: the player must draw (clarification no_dish_emerald: draw_only, rule 32)"
        if kind == "place":
            return "'place' only right after drawing an Emerald (rule 13)"
        return f"no action '{kind}' exists"

    def draw(self, seat: int, idx: int) -> str | None:
        """Rules 11, 13, 14, 34: draw unseen; a drawn Emerald is used at once or laid on the table."""
        d = self.deck
        k = d.supply_draw_cards
        left = len(self.supply) - self.top
        if left < k:
            resolution = self.gap(SHORT_SUPPLY, seat)
            if resolution != "draw_remaining":
                return SHORT_SUPPLY
            k = left
        drawn = self.supply[self.top:self.top + k]
        self.top += k
        emeralds = 0
        for card in drawn:
            dish = self.dish_of(card)
            if dish is None:
                emeralds += 1
            else:
                self.hands[seat][dish] += 1
        self.seen["draw"] += 1
        for _ in range(emeralds):
            if self.king_total() < d.emerald_portions:  # cannot be used: laid beside the dishes
                self.table_emeralds += 1
                self.seen["drawn emerald, king too poor: laid down"] += 1
                continue
            no_dish = not any(self.table.values())
            j, act = self.next_action(seat, "a drawn Emerald: use it or lay it down")
            if act == ["place"]:
                self.table_emeralds += 1
                self.seen["drawn emerald laid down by choice" + (", no dish left" if no_dish else "")] += 1
            elif act[0] == "emerald":
                self.feed(j, act)
                self.seen["drawn emerald used" + (", no dish left" if no_dish else "")] += 1
            else:
                self.stop(j, "rule 13 (a drawn Emerald is used at once or laid face up)",
                          "['emerald', ...] or ['place'] by the drawer", json.dumps(act))
        return None

    def feed(self, idx: int, act: list[str]) -> None:
        """Rule 16: the Emerald and exactly ``emerald_portions`` of the king's portions leave the game."""
        d = self.deck
        eaten = act[1:]
        if len(eaten) != d.emerald_portions or any(x not in d.portions for x in eaten):
            self.stop(idx, "rule 16 (an Emerald removes exactly that many of the king's portions)",
                      f"['emerald'] and {d.emerald_portions} dish names", json.dumps(act))
        want = Counter(eaten)
        short = {dish: n for dish, n in want.items() if self.king[dish] < n}
        if short:
            self.stop(idx, "rule 16 (portions from the king's place)",
                      f"the king holds {self.king_text()}", f"remove {eaten}")
        self.king.subtract(want)

    def table_text(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.table.items() if v) or "none"

    def king_text(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.king.items() if v) or "nothing"

    # -- the end -----------------------------------------------------------------------------
    def outcome(self) -> tuple[list[float], list[int], str | None]:
        """Rules 25 to 31: scores, winners and the tie-break label."""
        scores: list[float] = []
        discarded: list[int] = []
        for hand in self.hands:
            score, thrown = 0, 0
            for dish, held in hand.items():
                king = self.king[dish]
                if held > king:  # rules 25, 26: more than the king (or the king has none)
                    thrown += held
                else:
                    score += held * king  # rule 27
            scores.append(float(score))
            discarded.append(thrown)
        best = max(scores)
        tied = [s for s, v in enumerate(scores) if v == best]
        if len(tied) == 1:
            return scores, tied, None
        self.seen["tie on points"] += 1
        fewest = min(discarded[s] for s in tied)  # rule 29
        left = [s for s in tied if discarded[s] == fewest]
        if len(left) == 1:
            return scores, left, TIE_FEWEST
        # rule 30: the texts stop at the discarded cards; a tie still standing is a gap, settled by the deck
        resolution = self.deck.clarifications.get(TIE_AFTER)
        self.gaps.append((TIE_AFTER, resolution is not None, f"seats {left}"))
        self.seen[f"gap {TIE_AFTER}"] += 1
        if resolution is None:
            self.end = f"stalled:{TIE_AFTER}"
        elif resolution != "shared":
            self.note(None, "rule 30 (still tied)", "the ledger knows one resolution: 'shared'", resolution)
        self.seen["shared win"] += 1
        return scores, left, TIE_SHARED

    def compare_end(self) -> None:
        """Compare the end, the counts, the gaps and the outcome with the log."""
        r = self.record
        if self.i < len(self.actions):
            self.note(self.i, "rule 24 (the game is over)", f"no action after the game ended ({self.end})",
                      f"{len(self.actions) - self.i} more action(s), first {self.actions[self.i]}")
        # the outcome first: a tie it leaves standing is one more gap, or a stall
        result = None if self.end is None or self.end.startswith("stalled:") else self.outcome()
        if r.get("end_reason") != self.end:
            self.note(None, "end reason (rule 24)", str(self.end), str(r.get("end_reason")))
        logged_gaps = [(g.get("kind"), bool(g.get("settled")), g.get("detail"))
                       for g in r.get("gaps") or [] if g.get("by") != "simulator"]
        if logged_gaps != self.gaps:
            self.note(None, "rule gaps met (rules 32 to 35)", str(self.gaps), str(logged_gaps))
        stalled = self.end is not None and self.end.startswith("stalled:")
        if not stalled:  # how an engine counts a stalled game's turns is not a rule
            for name, mine in (("turns", self.turns), ("rounds", self.rounds)):
                if r.get(name) != mine:
                    self.note(None, f"{name} (rounds = courses dealt, turns = player turns)", str(mine),
                              str(r.get(name)))
        if stalled:
            if r.get("scores") is not None or r.get("winners") is not None:
                self.note(None, "stalled game (rule 35)", "no scores and no winners",
                          f"scores {r.get('scores')}, winners {r.get('winners')}")
            return
        assert result is not None  # not stalled: the outcome was worked out above
        scores, winners, tie = result
        logged = r.get("scores")
        if not isinstance(logged, list) or len(logged) != self.players or any(
                not isinstance(x, (int, float)) or float(x) != s for x, s in zip(logged, scores)):
            self.note(None, "scores (rules 25 to 27, 31)", str(scores), str(logged))
        if sorted(r.get("winners") or []) != winners or r.get("winners") is None:
            self.note(None, "winners (rules 28 to 30)", str(winners), str(r.get("winners")))
        if r.get("tie_break") != tie:
            self.note(None, "tie-break label (rules 29, 30)", str(tie), str(r.get("tie_break")))

    def run(self) -> list[Finding]:
        try:
            self.play()
        except Stop:
            return self.findings
        self.compare_end()
        return self.findings


def referee_game(deck: RefDeck, record: dict[str, Any], line: int = 1,
                 seen: Counter[str] | None = None) -> list[Finding]:
    """Every disagreement between one logged King Lui game and the rules (empty: none)."""
    return _Game(deck, record, line, seen).run()


def project_decks() -> DeckFor:
    """A deck finder for King Lui log lines (see ``common.project_decks``)."""
    return common.project_decks(RefDeck)


def referee_file(path: Path, decks: DeckFor | None = None, summary: Summary | None = None) -> Summary:
    """Referee every King Lui line of a log file (other games' lines are skipped)."""
    return common.referee_file("king_lui", referee_game, path, decks or project_decks(), summary)


def main(argv: list[str]) -> int:
    """Print one line per finding and a total; 1 if anything was found."""
    return common.main("king_lui", referee_game, project_decks(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
