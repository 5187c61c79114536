"""Agents for Draco & Co that play from their observation only.

``heuristic`` plays the card that most improves its seats' expected toast income
compared with the other players (die rolls and reshuffles by their expectation),
proposes a toast when it gains more than the others on average, and always draws
beside Aunt Sarah.

**The forecast is written once**: ``toast_sum``, ``edge``, ``moved`` and ``values`` are plain
Python over integer character codes and legal rows ``[type, kind, x, y, z, w]`` (lists here,
the compiled rules' arrays there). ``HeuristicAgent`` runs them on lists built once per game
(``_Tables``: the hot path never reads the observation's id strings); ``compiled_rules``
compiles these very functions (``cardgen.jit.bind``), with its own ``copy`` and the compiled
``table.reseat`` (the seats after a card, which the engine's ``_play`` runs too). Their toast is
``table.add_toast``'s (tests/test_draco_agents.py checks it) summed for me and for everyone, in two halves so that a move recounts only the
half it reaches; every sum is of integers, so both forms reach the same floats and the same
choices (tests/test_draco_agents.py, tests/test_draco_search.py).
"""
from __future__ import annotations

import random
from typing import Any, NamedTuple

from cardgen.engine.api import Action, Agent
from cardgen.engine.records import slotted
from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, CUP, DRAW_ACTION, DUEL, FLIP, MOVE, PASS_ACTION,
                                        ROLL, SPLIT, STEAL, SWAP_ADJ, SWAP_ANY, TOAST_ACTION)
from cardgen.games.draco.table import A_MOVE, A_PLAY, JEAN, NONE, ZORK, reseat
OP_MOVE = 13  # ``values``' code for ("move", character) after a die roll


class Table(NamedTuple):
    """What the forecast reads of one game, fixed for the whole game, indexed by character code
    (lists here; the compiled rules' arrays there, from their tables ``G``)."""

    owner: Any  #: the seat owning each character, -1 for a special
    special: Any  #: each character's special kind (``table.NONE``, ``JEAN``, ``ZORK``...)
    payouts: Any  #: what a toast pays the first seats
    costs: Any  #: what it charges the last seats
    mult: int  #: how many times Zork's seat the richest pay
    die: Any  #: the die's faces
    effects: Any  #: each card kind's effect (op, a, b)
    everyone: Any  #: every character code (a favour that may move anyone)


class Who(NamedTuple):
    """Whose forecast it is: my seat, the number of players and the richest players now."""

    me: int
    n: int
    richest: Any


class Now(NamedTuple):
    """The rest of the position one decision reads: the purses, the cup, a rolled move, my characters."""

    money: Any
    cup: int
    roll_delta: int
    own: Any


class Scratch(NamedTuple):
    """Buffers ``values`` writes instead of allocating: its answer ``out``, a trial seating, each
    character's seat, a favour's best edge per die face."""

    out: Any
    trial: Any
    pos: Any
    faces: Any


class Halves(NamedTuple):
    """The current seating's toast in two halves, which a move recounts only where it reaches them:
    the first ``front`` seats (payouts: ``mf0`` mine, ``tf0`` everyone's), the seats from ``back`` on
    (costs: ``mb0``, ``tb0``), and ``now``, its edge."""

    front: int
    back: int
    mf0: int
    tf0: int
    mb0: int
    tb0: int
    now: float


#: The Python agent's forms of the records above (``cardgen.engine.records.slotted``: the same fields as slots,
#: which CPython reads twice as fast as a named tuple's): ``HeuristicAgent`` builds these; ``compiled_rules``
#: builds the named tuples, which numba compiles. ``halves`` is ``values``' own constructor of its ``Halves``
#: (``compiled_rules`` binds the named tuple in its place).
TableSlots, WhoSlots, NowSlots, ScratchSlots = map(slotted, (Table, Who, Now, Scratch))
halves = slotted(Halves)


# -- the forecast, written once (plain Python; ``compiled_rules`` compiles it as it is) ------------
def toast_sum(order: Any, i: int, j: int, c: int, tb: Table, who: Who, pay: bool, charge: bool) -> tuple[int, int]:
    """What a toast gives (my part, everyone's) on ``order`` with ``c`` moved from seat ``i`` to seat
    ``j`` (``table.move``, read without writing the seating out; ``i == j`` reads ``order``): its
    payouts if ``pay``, its costs if ``charge``, as ``table.add_toast`` pays and charges them."""
    owner, special, me = tb.owner, tb.special, who.me
    k = len(order)
    if i < j:  # seats ``lo..hi`` shift by ``step``, ``c`` lands on ``j``
        lo, hi, step = i, j, 1
    else:
        lo, hi, step = j, i, -1
    mine = 0
    total = 0
    if pay:  # the first seats, Brother John handing his on to the next
        for q, amount in enumerate(tb.payouts):
            t = q
            while t < k:
                x = order[t] if t < lo or t > hi else (c if t == j else order[t + step])
                s = special[x]
                if s == NONE:
                    total += amount
                    if owner[x] == me:
                        mine += amount
                elif s == JEAN:
                    t += 1
                    continue
                break
    if charge:  # the last seats, Brother John handing his on to the seat before him
        for q, amount in enumerate(tb.costs):
            t = k - 1 - q
            while t >= 0:
                x = order[t] if t < lo or t > hi else (c if t == j else order[t + step])
                s = special[x]
                if s == NONE:
                    total -= amount
                    if owner[x] == me:
                        mine -= amount
                elif s == JEAN:
                    t -= 1
                    continue
                elif s == ZORK:  # the richest pay
                    due = tb.mult * amount
                    for r in who.richest:
                        total -= due
                        if r == me:
                            mine -= due
                break
    return mine, total


def edge(order: Any, tb: Table, who: Who) -> float:
    """What a toast with seats ``order`` gives me, minus what it gives the others on average:
    ``d[me] - (sum(d) - d[me]) / (n - 1)`` of ``table.toast_deltas``, from the same integers."""
    mine, total = toast_sum(order, 0, 0, order[0], tb, who, True, True)
    return mine - (total - mine) / (who.n - 1)


def moved(order: Any, i: int, j: int, c: int, tb: Table, who: Who, h: Halves) -> float:
    """``edge`` once ``c`` moved from seat ``i`` to seat ``j``, recounting only the halves of the toast
    the move reaches (``h.front``, ``h.back``); the others are the current seating's (``Halves``)."""
    lo, hi = (i, j) if i < j else (j, i)
    if h.front <= lo and hi < h.back:
        return h.now
    mine, total = toast_sum(order, i, j, c, tb, who, lo < h.front, hi >= h.back)
    if lo >= h.front:  # payouts the move cannot reach: the current ones
        mine += h.mf0
        total += h.tf0
    if hi < h.back:  # costs it cannot reach
        mine += h.mb0
        total += h.tb0
    return mine - (total - mine) / (who.n - 1)


def copy(dst: list[int], src: list[int]) -> None:
    """``dst[:] = src`` (the compiled form binds the compiled rules' ``copy``, a loop)."""
    dst[:] = src


def values(legal: Any, m: int, order: Any, tb: Table, who: Who, now_: Now, scratch: Scratch) -> None:
    """The forecast edge after each of the legal rows ``legal[:m]`` into ``scratch.out`` (an expectation
    for die rolls), without allocating (``Scratch``).

    A move of one character (a card's, the roll's, each face of a favour) changes only the
    seats between its start and end, and a toast reads only the first ``front`` seats and the
    last ones from ``back`` on: the edge is summed in two halves (``toast_sum``), the half the move
    cannot reach taken from the current seating; a move that reaches neither, or a swap between
    seats a toast does not read, takes the current edge. The integer sums are the very ones
    ``edge`` adds, so the values are the same numbers.
    """
    special, payouts, costs, die, effects = tb.special, tb.payouts, tb.costs, tb.die, tb.effects
    owner, me, n = tb.owner, who.me, who.n
    money, cup, roll_delta = now_.money, now_.cup, now_.roll_delta
    out, trial, pos, faces = scratch.out, scratch.trial, scratch.pos, scratch.faces
    k = len(order)
    jeans = 0
    for i in range(k):
        pos[order[i]] = i
        if special[order[i]] == JEAN:
            jeans += 1
    front = len(payouts) + jeans
    back = k - len(costs) - jeans
    c0 = order[0]
    mf0, tf0 = toast_sum(order, 0, 0, c0, tb, who, True, False)
    mb0, tb0 = toast_sum(order, 0, 0, c0, tb, who, False, True)
    mine0 = mf0 + mb0
    now = mine0 - (tf0 + tb0 - mine0) / (n - 1)
    h = halves(front, back, mf0, tf0, mb0, tb0, now)
    for i_ in range(m):
        r = legal[i_]
        if r[0] == A_MOVE:
            op, a, b = OP_MOVE, 0, 0
        else:
            e3 = effects[r[1]]
            op, a, b = e3[0], e3[1], e3[2]
        x, y = r[2], r[3]
        if op == OP_MOVE or op == MOVE:  # one character moved
            i = pos[x]
            j = i + (b if op == MOVE else roll_delta)
            v = moved(order, i, 0 if j < 0 else (k - 1 if j >= k else j), x, tb, who, h)
        elif op == ROLL:
            # a favour: the die decides the steps, I choose among ``chars``: the best for each face
            chars = tb.everyone if a else now_.own
            nf = len(die)
            for f in range(nf):
                faces[f] = 0.0
            for ci in range(len(chars)):
                c = chars[ci]
                i = pos[c]
                last = -1
                e = 0.0
                for f in range(nf):
                    j = i + die[f] * b
                    j = 0 if j < 0 else (k - 1 if j >= k else j)
                    if j != last:  # faces that end on the same seat have the same edge
                        last = j
                        e = moved(order, i, j, c, tb, who, h)
                    if ci == 0 or e > faces[f]:
                        faces[f] = e
            mean = 0.0
            for f in range(nf):
                mean += faces[f]
            v = mean / nf
        elif (op == SWAP_ADJ or op == SWAP_ANY) and front <= pos[x] < back and front <= pos[y] < back:
            v = now  # a swap between seats the toast does not read
        elif op == SPLIT or op == BESIDE or op == ARRANGE or op == FLIP or op == SWAP_ADJ or op == SWAP_ANY:
            copy(trial, order)
            reseat(trial, op, a, b, r, special)
            v = edge(trial, tb, who)
        elif op == STEAL:
            v = now if x < 0 else now + a * (1 + 1 / (n - 1)) + 0.01 * money[x]
        elif op == CUP:
            v = now + ((now if now > 0.0 else 0.0) if cup != -1 else 0.0)
        elif op == COINS:
            gain = 0.0
            for f in range(len(die)):
                face = die[f]
                if face - 1 < k:
                    o = owner[order[face - 1]]
                    if o == me:
                        gain += b
                    elif o >= 0:  # nobody gains a special's seat
                        gain += -b / (n - 1)
            v = now + a * gain / len(die)
        elif op == DUEL:
            v = now  # an even bet: nothing expected
        else:  # reseat: a random seating is worth as much to everyone
            v = 0.0
        out[i_] = v


# -- the Python agent ----------------------------------------------------------------------------
class _Rows(dict):  # type: ignore[type-arg]
    """The legal row of each play or move action met so far (the compiled rules' ``legal`` writes the same)."""

    def __init__(self, t: "_Tables") -> None:
        super().__init__()
        self.t = t

    def __missing__(self, action: Action) -> tuple[int, ...]:
        t = self.t
        code = t.code
        if action[0] == "move":
            r: tuple[int, ...] = (A_MOVE, 0, code[action[1]], 0, 0, 0)
        else:
            k = t.kind[action[1]]
            op = t.effects[k][0]
            args = action[2:]
            if op == STEAL or op == DUEL:  # a player, or nobody to rob
                r = (A_PLAY, k, args[0] if args else -1, 0, 0, 0)
            elif op == ARRANGE:
                cs = [code[s] for s in args]
                r = (A_PLAY, k, *cs, *[0] * (3 - len(cs)), len(cs))
            else:
                cs = [code[s] for s in args]
                r = (A_PLAY, k, *cs, *[0] * (4 - len(cs)))
        self[action] = r
        return r


class _Tables:
    """The static facts of one game (``observation["info"]``) as lists indexed by character code,
    the legal rows of the actions met so far, and the forecast's scratch."""

    def __init__(self, info: dict[str, Any]) -> None:
        ids = list(info["owner"])
        self.info = info  # kept so that the cache key (its id) is never reused by another object
        self.code: dict[str, int] = {cid: c for c, cid in enumerate(ids)}
        self.owner: list[int] = [info["owner"][cid] for cid in ids]
        self.special: list[int] = [info["special"][cid] for cid in ids]
        self.payouts: list[int] = list(info["payouts"])
        self.costs: list[int] = list(info["costs"])
        self.mult: int = info["zork_multiplier"]
        self.die: list[int] = list(info["die"])
        self.everyone: list[int] = list(range(len(ids)))
        self.own: dict[int, list[int]] = {p: [self.code[c] for c in cs] for p, cs in info["characters"].items()}
        self.kind: dict[str, int] = {kid: k for k, kid in enumerate(info["effects"])}
        self.effects: list[tuple[int, int, int]] = list(info["effects"].values())
        self.rows = _Rows(self)
        self.trial: list[int] = [0] * len(ids)
        self.pos: list[int] = [0] * len(ids)
        self.faces: list[float] = [0.0] * len(self.die)
        self.table = TableSlots(self.owner, self.special, self.payouts, self.costs, self.mult, self.die,
                                self.effects, self.everyone)
        #: the scratch of every decision, ``out`` grown to the most legal actions met so far (``choose``)
        self.scratch = ScratchSlots([], self.trial, self.pos, self.faces)


_TABLES: dict[int, _Tables] = {}


def _tables(info: dict[str, Any]) -> _Tables:
    t = _TABLES.get(id(info))
    if t is None or t.info is not info:
        t = _TABLES[id(info)] = _Tables(info)
    return t


class _Forecast:
    """Everything fixed during one decision: who I am, the purses' richest, the seats now."""

    __slots__ = ("t", "me", "n", "richest", "order", "who")

    def __init__(self, t: _Tables, obs: dict[str, Any]) -> None:
        money = obs["money"]
        top = max(money)
        self.t = t
        self.me: int = obs["player"]
        self.n: int = len(money)
        self.richest: list[int] = [p for p, v in enumerate(money) if v == top]
        self.order: list[int] = obs["seats"]  # the circle as character codes: the observation's own copy
        self.who = WhoSlots(self.me, self.n, self.richest)

    def edge(self, order: list[int]) -> float:
        """``edge`` for me on seats ``order``."""
        return edge(order, self.t.table, self.who)


class HeuristicAgent(Agent):
    """Greedy on the next toast: my gain minus the others' average gain (``edge``, ``values``).

    Pure Python: the reference path never loads numba. ``compiled_rules.heuristic`` runs the
    same functions compiled on the compiled rules' rows and takes the same decisions.
    """

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = observation["phase"]
        if phase == "draw":  # a card more beside Aunt Sarah is only more choice
            return DRAW_ACTION
        t = _tables(observation["info"])
        f = _Forecast(t, observation)
        if phase == "toast":
            return TOAST_ACTION if f.edge(f.order) > 0 else PASS_ACTION
        rows = t.rows
        out = self.forecast(t, f, [rows[a] for a in legal], observation)
        best = max(out)
        top = [a for v, a in zip(out, legal) if v >= best - 1e-9]
        return top[rng.randrange(len(top))]

    def forecast(self, t: _Tables, f: _Forecast, rows: list[tuple[int, ...]],
                 observation: dict[str, Any]) -> list[float]:
        """The forecast edge after each legal row of ``rows`` (``values``), one float per row: the step
        ``compiled_forecast.CompiledHeuristic`` runs compiled (``heuristic.Heuristic``, for a look-ahead's rollouts)."""
        m = len(rows)
        out = t.scratch.out
        if len(out) < m:
            out += [0.0] * (m - len(out))
        values(rows, m, f.order, t.table, f.who,
               NowSlots(observation["money"], observation["cup"], observation["roll_delta"], t.own[f.me]), t.scratch)
        return out[:m]
