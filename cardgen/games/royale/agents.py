"""Royale agents beyond uniform random play.

``HeuristicAgent`` is greedy: it values the cards under each noble by how close
they bring it to completion (the checker's ``need``: fewest cards still missing)
and picks the take and placements that raise that value most. It reads only its
observation plus the public card data of the game it names (``engine.GAMES``).

**The planner is written once**: ``move``, ``better``, ``gains``, ``pick``, ``plan_small``,
``plan``, ``decide`` and ``clearing`` are plain Python over integer rows and card indexes
(lists here, the compiled rules' arrays there). They read a noble through a few names:
``step`` (the checker state after one more card), ``value`` (``noble_value`` of a state),
``empty``, ``need``, ``advance`` (``move``, memoised here), ``action_cards`` and ``clears``
(what a legal action means) and ``draw`` (the tie's random pick). ``HeuristicAgent`` runs
them with the Python forms below, on each noble's ``require.Checker``; ``compiled_rules``
compiles these very functions (``cardgen.jit.bind``) with its own forms of those names, on
``compiled_require``'s noble table. Every value is the same float summed in the same order,
so both take the same decisions, draw for draw (``tests/test_royale_heuristic_identity.py``:
the games of the first, plain version of the agent; ``tests/test_royale_fast.py``).

Speed (Python): the gain of one more card under a noble is memoised per (seat, noble slot)
once per game and process (``_Slot``); the planner's scratch lists are the agent's own.
"""
from __future__ import annotations

import random
import weakref
from typing import Any, NamedTuple

from cardgen.engine.api import Action, Agent
from cardgen.engine.records import slotted
from cardgen.games.royale.engine import GAMES, RoyaleGame
from cardgen.games.royale.require import DEAD

#: value a complete noble earns on top of its points, so completing beats nearly completing
COMPLETE_BONUS = 1.0
#: value kept by not spending an imposter use
IMPOSTER_COST = 1.5
#: ``step``'s answer when the state after a card is not known yet (the compiled noble table fills
#: it outside the planner and asks again); every planner function passes it up (``decide``: the
#: index MISSING, a plan: NaN). The Python checkers always know.
MISSING = -4
_NEG = float("-inf")
_NAN = float("nan")


def noble_value(points: int, need: int, start: int) -> float:
    """What the cards under a noble worth ``points`` are worth when they still need ``need`` more
    (``start``: the need of the empty noble): its points times progress, the bonus when complete.
    The compiled heuristic reads the same floats from a table (``compiled.RoyaleFast.values``)."""
    if need == 0:
        return points + COMPLETE_BONUS
    return 0.0 if start <= 0 else points * (start - need) / start


# -- the planner, written once (plain Python; ``compiled_rules`` compiles it as it is) ---------------
# Its scratch and the seat it plans for travel as records (named tuples: numba compiles them as
# arguments and reads a field for free), the caller's lists here, ``compiled_rules``' arrays there.
class Gains(NamedTuple):
    """What one more card does at the position (``gains`` writes them): card ``c``'s gain under open noble
    ``i`` ``gain[c][i]`` and the state after ``new[c][i]``; ``order[c]``: the open nobles by that gain,
    highest first, the lower index first among equal gains."""

    gain: Any
    new: Any
    order: Any


class Walk(NamedTuple):
    """``plan``'s depth-first walk over play orders: ``cur[i]``, moved noble ``i``'s state; ``stack``, five
    rows (next card, card, noble, state and mask to restore, per level); ``tot``, the total per level."""

    cur: Any
    stack: Any
    tot: Any


class Plans(NamedTuple):
    """``decide``'s scratch: ``cards`` (the cards an action leaves to plan), the ``gains`` and the ``walk``
    records, ``picks`` (the actions tied for best, at least one per legal action)."""

    cards: Any
    gains: Gains
    walk: Walk
    picks: Any


class Seat(NamedTuple):
    """The seat ``decide`` plans for: ``nopen`` open nobles at states ``rows[:nopen]``, and
    ``pool[:npool]``, every card an action may bring (the hand, or the buffet)."""

    nopen: int
    rows: Any
    pool: Any
    npool: int


#: The Python agent's forms of the records above (``cardgen.engine.records.slotted``: the same fields as slots,
#: which CPython reads twice as fast as a named tuple's; ``pick`` reads three a call, half a million calls in 100
#: games): ``HeuristicAgent`` builds these, ``compiled_rules`` the named tuples, which numba compiles.
GainsSlots, WalkSlots, PlansSlots, SeatSlots = map(slotted, (Gains, Walk, Plans, Seat))


# ``T``: the seat's open nobles (its form is the caller's: ``step``, ``value``, ``empty``, ``need``
# read it); ``i``: an open noble's index; ``r``: a checker state; ``c``: a card index.
def move(T: Any, i: int, r: int, c: int) -> tuple[float, int]:
    """Card ``c`` under open noble ``i`` at state ``r``: the value it gains and the state after
    (an impossible noble is emptied); state MISSING: not known yet."""
    nid = step(T, i, r, c)
    if nid == MISSING:
        return 0.0, nid
    return value(T, i, nid) - value(T, i, r), (empty(T, i) if nid == DEAD else nid)


def better(T: Any, c: int, i: int, r: int, b: int, gb: float, nb: int) -> tuple[int, float, int]:
    """Card ``c`` under the moved noble ``i`` (at state ``r``) against the best placement so far
    (noble ``b``, gain ``gb``, next state ``nb``): the better of the two, the lower noble on a tie;
    noble MISSING: a state is not known yet."""
    g, nid = advance(T, i, r, c)
    if nid == MISSING:
        return MISSING, gb, nb
    if g > gb or (g == gb and i < b):
        return i, g, nid
    return b, gb, nb


def gains(T: Any, rows: Any, nopen: int, cards: Any, n: int, G: Gains) -> bool:
    """Each card's gain and next state under each open noble at the position (``G.gain[c][i]``,
    ``G.new[c][i]``; ``rows[i]``: noble ``i``'s state), and ``G.order[c]``: the open nobles by gain,
    highest first, the lower index first among equal gains (the greedy's pick when no noble has
    moved). False: a state is not known yet."""
    gain0, new0, order = G.gain, G.new, G.order
    for j in range(n):
        c = cards[j]
        g0, n0, o = gain0[c], new0[c], order[c]
        for i in range(nopen):
            g, nid = advance(T, i, rows[i], c)
            if nid == MISSING:
                return False
            g0[i] = g
            n0[i] = nid
            t = i
            while t > 0 and g0[o[t - 1]] < g:
                o[t] = o[t - 1]
                t -= 1
            o[t] = i
    return True


def pick(T: Any, c: int, nopen: int, G: Gains, m1: int, r1: int, m2: int, r2: int) -> tuple[int, float, int]:
    """The greedy's placement of card ``c`` with at most two nobles moved (``m1`` at state ``r1``,
    ``m2`` at ``r2``; -1: none), the others read from ``G``: (noble, gain, its next state); noble
    MISSING: not known yet."""
    b, gb, nb = -1, _NEG, 0
    o = G.order[c]
    for t in range(nopen):
        i = o[t]
        if i != m1 and i != m2:
            b, gb, nb = i, G.gain[c][i], G.new[c][i]
            break
    if m1 >= 0:
        b, gb, nb = better(T, c, m1, r1, b, gb, nb)
    if m2 >= 0 and b != MISSING:
        b, gb, nb = better(T, c, m2, r2, b, gb, nb)
    return b, gb, nb


def plan_small(T: Any, nopen: int, cards: Any, n: int, base: float, f: int, rf: int, G: Gains) -> float:
    """``plan`` written out for a take of up to three cards, or up to two after a card placed under
    noble ``f`` (state ``rf``; -1: none), where at most two nobles ever move: the same orders,
    placements and float sums, without the walk's bookkeeping (the common case). NaN: a state is
    not known yet."""
    best = _NEG
    for x in range(n):
        p1, g1, n1 = pick(T, cards[x], nopen, G, f, rf, -1, 0)
        if p1 == MISSING:
            return _NAN
        t1 = base + g1
        if n == 1:
            return t1
        # the nobles moved after the first card: the forced one and where the card went
        if p1 == f:
            a1, ar1, a2, ar2 = f, n1, -1, 0
        elif f >= 0:
            a1, ar1, a2, ar2 = f, rf, p1, n1
        else:
            a1, ar1, a2, ar2 = p1, n1, -1, 0
        for y in range(n):
            if y == x:
                continue
            p2, g2, n2 = pick(T, cards[y], nopen, G, a1, ar1, a2, ar2)
            if p2 == MISSING:
                return _NAN
            t2 = t1 + g2
            if n == 2:
                if t2 > best:
                    best = t2
                continue
            z = 3 - x - y
            if p2 == p1:
                b1, br1, b2, br2 = p1, n2, -1, 0
            else:
                b1, br1, b2, br2 = p1, n1, p2, n2
            p3, g3, _ = pick(T, cards[z], nopen, G, b1, br1, b2, br2)
            if p3 == MISSING:
                return _NAN
            t3 = t2 + g3
            if t3 > best:
                best = t3
    return best


def plan(T: Any, nopen: int, cards: Any, n: int, base: float, moved: int, G: Gains, W: Walk) -> float:
    """The best value of placing ``cards[:n]`` greedily, over every play order.

    Each card goes under the open noble where it gains most (the lowest index on a tie);
    ``base`` plus the gains, the best order counting. The orders are walked depth first,
    so orders sharing a prefix share its placements. A noble not in the bit mask ``moved``
    is at the position's state (its gain read from ``G``); a moved one at ``W.cur[i]``
    (looked up). The same float sums, in the same order, as placing every order from
    scratch. ``W``: the walk's scratch (``Walk``). NaN: a state is not known yet.
    """
    if n == 0 or nopen == 0:
        return base
    gain0, new0, order = G.gain, G.new, G.order
    cur, S, tot = W.cur, W.stack, W.tot
    idx, cpos, pk, oldrow, oldmask = S[0], S[1], S[2], S[3], S[4]
    best = _NEG
    level = 0
    idx[0] = 0
    tot[0] = base
    used = 0
    while True:
        j = idx[level]
        while j < n and (used >> j) & 1:
            j += 1
        if j >= n:
            if level == 0:
                return best
            level -= 1
            used &= ~(1 << cpos[level])
            cur[pk[level]] = oldrow[level]
            moved = oldmask[level]
            continue
        idx[level] = j + 1
        c = cards[j]
        # the greedy pick: the best noble that has not moved, then the moved ones
        b, gb, nb = -1, _NEG, 0
        o = order[c]
        for t in range(nopen):
            i = o[t]
            if not (moved >> i) & 1:
                b, gb, nb = i, gain0[c][i], new0[c][i]
                break
        if moved:
            for i in range(nopen):
                if (moved >> i) & 1:
                    b, gb, nb = better(T, c, i, cur[i], b, gb, nb)
                    if b == MISSING:
                        return _NAN
        total = tot[level] + gb
        if level == n - 1:
            if total > best:
                best = total
            continue
        cpos[level] = j
        pk[level] = b
        oldrow[level] = cur[b]
        oldmask[level] = moved
        used |= 1 << j
        cur[b] = nb
        moved |= 1 << b
        level += 1
        idx[level] = 0
        tot[level] = total


def decide(T: Any, X: Any, legal: Any, m: int, seat: Seat, P: Plans, rng: Any) -> int:
    """The index in ``legal[:m]`` (takes, or placements) the heuristic picks for ``seat``: the best value
    of the nobles after the action's cards are placed by the best greedy plan, less ``IMPOSTER_COST``
    for an imposter's take; ``draw`` picks among the actions within 1e-9 of the best.
    ``action_cards(X, legal[a], P.cards)`` writes the cards action ``a`` leaves to plan and says
    (how many, the open noble its card goes under first or -1, that card, whether an imposter takes).
    ``P``: the planner's scratch. MISSING: a state is not known yet (nothing drawn)."""
    nopen, rows = seat.nopen, seat.rows
    cards, G, picks = P.cards, P.gains, P.picks
    gain0, new0, cur = G.gain, G.new, P.walk.cur
    base_value = 0.0
    for i in range(nopen):
        base_value += value(T, i, rows[i])
    if not gains(T, rows, nopen, seat.pool, seat.npool, G):
        return MISSING
    best = _NEG
    npicks = 0
    for a in range(m):
        n, f, c, imposter = action_cards(X, legal[a], cards)
        base = base_value
        moved = 0
        rf = 0
        if f >= 0:  # the card under that noble first, then the best plan of the others
            rf = new0[c][f]
            base = base_value + gain0[c][f]
            cur[f] = rf
            moved = 1 << f
        if n == 0 or nopen == 0:
            v = base
        elif n <= 2 or (n == 3 and f < 0):
            v = plan_small(T, nopen, cards, n, base, f, rf, G)
        else:
            v = plan(T, nopen, cards, n, base, moved, G, P.walk)
        if v != v:
            return MISSING
        if imposter:
            v = v - IMPOSTER_COST
        if v > best + 1e-9:
            best = v
            picks[0] = a
            npicks = 1
        elif abs(v - best) <= 1e-9:
            picks[npicks] = a
            npicks += 1
    return picks[draw(rng, npicks)]


def clearing(T: Any, X: Any, legal: Any, m: int, rows: Any) -> int:
    """The index in ``legal[:m]`` (clears, then stop last) the heuristic picks: clear the noble whose
    cards leave it furthest from completion beyond an empty one (the first such), else stop.
    ``clears(X, legal[a])``: the open noble action ``a`` clears, -1 for stop."""
    worst, chosen = 0, m - 1
    for a in range(m):
        i = clears(X, legal[a])
        if i >= 0:
            excess = need(T, i, rows[i]) - need(T, i, empty(T, i))
            if excess > worst:
                worst, chosen = excess, a
    return chosen


# -- the Python forms of the names the planner reads -----------------------------------------------
class _Slot:
    """One noble of one seat: its checker, card codes, and memoised moves."""

    __slots__ = ("chk", "codes", "points", "ncodes", "moves", "runs")

    def __init__(self, game: RoyaleGame, seat: int, slot: int) -> None:
        self.chk = game.checkers[seat][slot]
        self.codes = game.codes[seat][slot]
        self.points = game.points[seat][slot]
        self.ncodes = self.chk.ncodes
        #: sid * ncodes + code -> ``move``'s answer
        self.moves: dict[int, tuple[float, int]] = {}
        #: dish card indexes under the noble -> checker state
        self.runs: dict[tuple[int, ...], int] = {(): 0}

    def run(self, cards: tuple[int, ...]) -> int:
        sid = self.runs.get(cards)
        if sid is None:
            sid = self.runs[cards] = self.chk.run(self.codes[c] for c in cards)
        return sid


def step(T: list[_Slot], i: int, r: int, c: int) -> int:
    """The checker state after card ``c`` under open noble ``i`` at state ``r`` (``DEAD``: impossible)."""
    slot = T[i]
    return slot.chk.step(r, slot.codes[c])


def value(T: list[_Slot], i: int, r: int) -> float:
    """``noble_value`` of state ``r`` of open noble ``i`` (0 for ``DEAD``)."""
    slot = T[i]
    return 0.0 if r == DEAD else noble_value(slot.points, slot.chk.need[r], slot.chk.need[0])


def empty(T: list[_Slot], i: int) -> int:
    """The state of no card (a checker's state 0)."""
    return 0


def need(T: list[_Slot], i: int, r: int) -> int:
    return T[i].chk.need[r]


def advance(T: list[_Slot], i: int, r: int, c: int) -> tuple[float, int]:
    """``move``, memoised per noble for the game."""
    slot = T[i]
    key = r * slot.ncodes + slot.codes[c]
    m = slot.moves.get(key)
    if m is None:
        m = slot.moves[key] = move(T, i, r, c)
    return m


def action_cards(X: tuple[Any, ...], action: Action, cards: list[int]) -> tuple[int, int, int, bool]:
    """A take: its cards; a placement: the rest of the hand, and its card under its noble first. ``X``:
    card id -> index, noble slot -> open noble, the hand and the buffet (card indexes), the take's cells."""
    index, pos, hand, buffet, cells = X
    n = 0
    if action[0] == "place":
        c = index[action[1]]
        for h in hand:
            if h != c:
                cards[n] = h
                n += 1
        return n, pos[action[2]], c, False
    for cell in cells[action]:
        if buffet[cell] >= 0:
            cards[n] = buffet[cell]
            n += 1
    return n, -1, -1, action[0] == "imposter"


def clears(X: tuple[Any, ...], action: Action) -> int:
    return X[1][action[1]] if action[0] == "clear" else -1


def draw(rng: random.Random, n: int) -> int:
    return rng.randrange(n)


#: every seat's noble slots, per game (filled once per game and process)
_SLOTS: "weakref.WeakKeyDictionary[RoyaleGame, list[list[_Slot]]]" = weakref.WeakKeyDictionary()


def _slots(game: RoyaleGame) -> list[list[_Slot]]:
    slots = _SLOTS.get(game)
    if slots is None:
        slots = _SLOTS[game] = [[_Slot(game, p, s) for s in range(len(ids))] for p, ids in enumerate(game.noble_ids)]
    return slots


class HeuristicAgent(Agent):
    """Greedy play: the take and placements that best progress the nobles (``decide``, ``clearing``)."""

    name = "heuristic"

    def __init__(self) -> None:
        self._game: RoyaleGame | None = None
        self._scratch: Any = None  # a PlansSlots, kept while the game is the same

    def _lists(self, game: RoyaleGame, m: int) -> Any:
        """The planner's scratch for ``game`` (kept while the game is the same), with ``picks`` for ``m``
        legal actions."""
        if self._game is not game:
            ncards, nslots, deep = len(game.card_ids), max(map(len, game.noble_ids), default=0), game.ncells + 1
            self._game = game
            self._scratch = PlansSlots([0] * deep,
                                       GainsSlots([[0.0] * nslots for _ in range(ncards)],
                                                  [[0] * nslots for _ in range(ncards)],
                                                  [[0] * nslots for _ in range(ncards)]),
                                       WalkSlots([0] * nslots, [[0] * deep for _ in range(5)], [0.0] * deep), [])
        assert self._scratch is not None
        self._scratch.picks = [0] * m
        return self._scratch

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        game = GAMES.get(observation.get("game", ""))
        if game is None or len(legal) == 1:
            return legal[rng.randrange(len(legal))]
        seat = observation["seat"]
        slots = _slots(game)[seat]
        index = game.card_index
        _, _, validated, under = observation["players"][seat]
        pos = [-1] * len(slots)  # noble slot -> its place among the open ones
        T: list[_Slot] = []
        rows: list[int] = []
        for s, slot in enumerate(slots):
            if not validated[s]:
                pos[s] = len(T)
                T.append(slot)
                rows.append(slot.run(tuple([index[c] for c in under[s]])))
        phase = observation["phase"]
        m = len(legal)
        if phase == "clear":
            return legal[clearing(T, (index, pos), legal, m, rows)]
        if phase == "place":
            hand = [index[c] for c in observation["hand"]]
            X = (index, pos, hand, [], {})
            pool = hand
        else:
            buffet = [index[c] if c else -1 for c in observation["buffet"]]
            X = (index, pos, [], buffet, game.take_cells[seat])
            pool = [c for c in buffet if c >= 0]
        return legal[decide(T, X, legal, m, SeatSlots(len(T), rows, pool, len(pool)), self._lists(game, m), rng)]
