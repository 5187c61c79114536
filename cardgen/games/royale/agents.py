"""Royale agents beyond uniform random play.

``HeuristicAgent`` is greedy: it values the cards under each noble by how close
they bring it to completion (the checker's ``need``: fewest cards still missing)
and picks the take and placements that raise that value most. It reads only its
observation plus the public card data of the game it names (``engine.GAMES``).

Speed: the values, and the gain of one more card under a noble, are tables per
(seat, noble slot) filled once per game and process (``_slots``), and a take's
plan shares the greedy steps of the play orders that start alike. Its decisions are
those of the first, plain version of the agent, proved on recorded games
(``tests/test_royale_heuristic_identity.py``).
"""
from __future__ import annotations

import random
import weakref
from itertools import permutations
from typing import Any, Callable

from cardgen.engine.api import Action, Agent
from cardgen.games.royale.engine import GAMES, STOP, RoyaleGame
from cardgen.games.royale.require import DEAD

#: value a complete noble earns on top of its points, so completing beats nearly completing
COMPLETE_BONUS = 1.0
#: value kept by not spending an imposter use
IMPOSTER_COST = 1.5
_NEG = float("-inf")


def noble_value(points: int, need: int, start: int) -> float:
    """What the cards under a noble worth ``points`` are worth when they still need ``need`` more
    (``start``: the need of the empty noble): its points times progress, the bonus when complete.
    The compiled heuristic reads the same floats from a table (``compiled_rules.values``)."""
    if need == 0:
        return points + COMPLETE_BONUS
    return 0.0 if start <= 0 else points * (start - need) / start


def _best(legal: list[Action], value: Callable[[Action], float], rng: random.Random) -> Action:
    """The legal action of the highest ``value``; ``rng`` picks among those within 1e-9 of it."""
    best, picks = _NEG, []
    for action in legal:
        v = value(action)
        if v > best + 1e-9:
            best, picks = v, [action]
        elif abs(v - best) <= 1e-9:
            picks.append(action)
    return picks[rng.randrange(len(picks))]


class _Slot:
    """One noble of one seat: its checker, card codes, and memoised values and moves."""

    __slots__ = ("chk", "codes", "points", "ncodes", "trans", "values", "moves", "runs")

    def __init__(self, game: RoyaleGame, seat: int, slot: int) -> None:
        self.chk = game.checkers[seat][slot]
        self.codes = game.codes[seat][slot]
        self.points = game.points[seat][slot]
        self.ncodes = self.chk.ncodes
        self.values: list[float] = []
        #: sid * ncodes + code -> (value gained, state after; an impossible noble is emptied)
        self.moves: dict[int, tuple[float, int]] = {}
        #: dish card indexes under the noble -> checker state
        self.runs: dict[tuple[int, ...], int] = {(): 0}

    def value(self, sid: int) -> float:
        """How much the cards under the noble are worth (``noble_value``), memoised by state."""
        if sid == DEAD:
            return 0.0
        values = self.values
        need_of = self.chk.need
        while len(values) <= sid:
            values.append(noble_value(self.points, need_of[len(values)], need_of[0]))
        return values[sid]

    def move(self, sid: int, card: int) -> tuple[float, int]:
        """The value one more ``card`` gains from state ``sid``, and the state after (0: the noble emptied)."""
        key = sid * self.ncodes + self.codes[card]
        m = self.moves.get(key)
        if m is None:
            nid = self.chk.step(sid, self.codes[card])
            m = self.moves[key] = (self.value(nid) - self.value(sid), 0 if nid == DEAD else nid)
        return m

    def run(self, cards: tuple[int, ...]) -> int:
        sid = self.runs.get(cards)
        if sid is None:
            sid = self.runs[cards] = self.chk.run(self.codes[c] for c in cards)
        return sid


#: every seat's noble slots, per game (filled once per game and process)
_SLOTS: "weakref.WeakKeyDictionary[RoyaleGame, list[list[_Slot]]]" = weakref.WeakKeyDictionary()


def _slots(game: RoyaleGame) -> list[list[_Slot]]:
    slots = _SLOTS.get(game)
    if slots is None:
        slots = _SLOTS[game] = [[_Slot(game, p, s) for s in range(len(ids))] for p, ids in enumerate(game.noble_ids)]
    return slots


class HeuristicAgent(Agent):
    """Greedy play: the take and placements that best progress the nobles."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        game = GAMES.get(observation.get("game", ""))
        if game is None or len(legal) == 1:
            return legal[rng.randrange(len(legal))]
        seat = observation["seat"]
        slots = _slots(game)[seat]
        index = game.card_index
        _, _, validated, under = observation["players"][seat]
        opens = [s for s in range(len(slots)) if not validated[s]]
        pos = {s: i for i, s in enumerate(opens)}  # noble slot -> its place among the open ones
        open_slots = [slots[s] for s in opens]
        sids = [open_slots[i].run(tuple([index[c] for c in under[s]])) for i, s in enumerate(opens)]
        phase = observation["phase"]
        if phase == "clear":
            return self._clear(slots, pos, sids, legal)
        planner = _Planner(open_slots, sids)
        if phase == "place":
            hand = [index[c] for c in observation["hand"]]
            return self._place(planner, pos, hand, index, legal, rng)
        buffet = [index[c] if c else -1 for c in observation["buffet"]]
        cells_of = game.take_cells[seat]

        def take(action: Action) -> float:
            v = planner.plan([buffet[i] for i in cells_of[action] if buffet[i] >= 0])
            return v - IMPOSTER_COST if action[0] == "imposter" else v

        return _best(legal, take, rng)

    @staticmethod
    def _place(planner: _Planner, pos: dict[int, int], hand: list[int], index: dict[str, int],
               legal: list[Action], rng: random.Random) -> Action:
        slots, sids = planner.slots, planner.sids

        def place(action: Action) -> float:
            """The card under that noble first (an impossible noble is emptied), then the best plan of the others."""
            c, i = index[action[1]], pos[action[2]]
            gain, new = slots[i].move(sids[i], c)
            rest = list(hand)
            rest.remove(c)
            return planner.plan(rest, (i, new), gain)

        return _best(legal, place, rng)

    @staticmethod
    def _clear(slots: list[_Slot], pos: dict[int, int], sids: list[int], legal: list[Action]) -> Action:
        """Clear a noble whose cards leave it further from completion than an empty one."""
        worst, pick = 0, STOP
        for action in legal:
            if action[0] != "clear":
                continue
            s = action[1]
            need = slots[s].chk.need
            excess = need[sids[pos[s]]] - need[0]
            if excess > worst:
                worst, pick = excess, action
        return pick


class _Planner:
    """Greedy plans from one position: the gain of every card under every open noble, ranked.

    A card goes under the noble where it gains most (the first such noble on a tie). From
    the position's ranking, a later card of the same plan needs only the nobles changed
    by the earlier cards looked up again; a plan's value is the position's value plus
    the gains. Plans sharing a first card, or first two cards, share those steps.
    """

    __slots__ = ("slots", "sids", "base", "gains", "ranks", "memo")

    def __init__(self, slots: list[_Slot], sids: list[int]) -> None:
        self.slots = slots
        self.sids = sids
        self.base = sum([slots[i].value(sids[i]) for i in range(len(slots))])
        self.gains: dict[int, list[tuple[float, int]]] = {}
        self.ranks: dict[int, list[int]] = {}
        #: play-order prefix -> (changed slot indexes, their states, value gained)
        self.memo: dict[tuple[int, ...], tuple[list[int], list[int], float]] = {}

    def _rank(self, card: int) -> None:
        slots, sids = self.slots, self.sids
        gains = self.gains[card] = [slots[i].move(sids[i], card) for i in range(len(slots))]
        self.ranks[card] = sorted(range(len(gains)), key=lambda i: (-gains[i][0], i))

    def plan(self, cards: list[int], first: tuple[int, int] | None = None, extra: float = 0.0) -> float:
        """Best value reachable by placing ``cards`` greedily, over every play order.

        ``first``: one noble (index, state) already changed from the position, worth ``extra``.
        """
        slots, gains_of, ranks = self.slots, self.gains, self.ranks
        for c in cards:
            if c not in gains_of:
                self._rank(c)
        memo = self.memo if first is None else None
        best = _NEG
        for order in permutations(cards):  # prefixes shared: orders with the same first cards come together
            if first is None:
                idx: list[int] = []
                sts: list[int] = []
            else:
                idx, sts = [first[0]], [first[1]]
            total = self.base + extra
            k = 0
            if memo is not None and len(order) > 1:
                hit = memo.get(order[:2])
                if hit is not None:
                    idx, sts, gained = hit
                    total += gained
                    k = 2
            last = len(order) - 1
            if k == 0 and not idx and last >= 0:
                c = order[0]
                pick = ranks[c][0] if ranks[c] else -1
                if pick >= 0:
                    gain, new = gains_of[c][pick]
                    total += gain
                    if last > 0:
                        idx, sts = [pick], [new]
                k = 1
            while k <= last:
                c = order[k]
                gains = gains_of[c]
                pick, gain, new = -1, _NEG, 0
                for i in ranks[c]:
                    if i not in idx:
                        pick = i
                        gain, new = gains[i]
                        break
                for j in range(len(idx)):
                    i = idx[j]
                    slot = slots[i]
                    m = slot.moves.get(sts[j] * slot.ncodes + slot.codes[c])
                    g, nid = m if m is not None else slot.move(sts[j], c)
                    if g > gain or (g == gain and i < pick):
                        pick, gain, new = i, g, nid
                if pick < 0:  # no open noble: nothing changes
                    break
                total += gain
                if k < last:
                    if pick in idx:
                        sts = list(sts)
                        sts[idx.index(pick)] = new
                    else:
                        idx = idx + [pick]
                        sts = sts + [new]
                    if k == 1 and memo is not None:
                        memo[order[:2]] = (idx, sts, total - self.base - extra)
                k += 1
            if total > best:
                best = total
        return best
