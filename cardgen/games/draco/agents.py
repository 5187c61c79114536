"""Agents for Draco & Co that play from their observation only.

``heuristic`` plays the card that most improves its seats' expected toast income
compared with the other players (die rolls and reshuffles by their expectation),
proposes a toast when it gains more than the others on average, and always draws
beside Aunt Sarah. Its forecasts apply the toast rules of ``table.toast_deltas``
(tests/test_draco_agents.py checks they agree) on integer character codes with
tables built once per game (``_Tables``): the agent's hot path reads lists of ints,
never the observation's id strings, which makes it an order of magnitude faster
than forecasting with ``toast_deltas`` on ids while taking the very same decisions.
"""
from __future__ import annotations

import random
from typing import Any

from cardgen.engine.api import Action, Agent
from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, CUP, DRAW_ACTION, DUEL, FLIP, MOVE, PASS_ACTION,
                                        ROLL, SPLIT, STEAL, SWAP_ADJ, SWAP_ANY, TOAST_ACTION)
from cardgen.games.draco.table import JEAN, NONE, ZORK, arrange, beside_draco, move, swap


class _Tables:
    """The static facts of one game (``observation["info"]``) as lists indexed by character code."""

    def __init__(self, info: dict[str, Any]) -> None:
        ids = list(info["owner"])
        self.info = info  # kept so that the cache key (its id) is never reused by another object
        self.code: dict[str, int] = {cid: c for c, cid in enumerate(ids)}
        self.owner: list[int] = [info["owner"][cid] for cid in ids]
        self.special: list[int] = [info["special"][cid] for cid in ids]
        self.is_special: list[bool] = [s != NONE for s in self.special]
        self.payouts: list[tuple[int, int]] = list(enumerate(info["payouts"]))
        self.costs: list[tuple[int, int]] = list(enumerate(info["costs"]))
        self.mult: int = info["zork_multiplier"]
        self.die: tuple[int, ...] = tuple(info["die"])
        self.everyone: list[int] = list(range(len(ids)))
        self.own: dict[int, list[int]] = {p: [self.code[c] for c in cs] for p, cs in info["characters"].items()}
        self.effects: dict[str, tuple[int, int, int]] = info["effects"]
        jeans = sum(1 for x in self.special if x == JEAN)
        #: a toast reads only the first ``front`` and the last ``back`` seats (Brother John
        #: passes a payout or a debt one seat further each)
        self.front: int = len(self.payouts) + jeans
        self.back: int = len(self.costs) + jeans


_TABLES: dict[int, _Tables] = {}


def _tables(info: dict[str, Any]) -> _Tables:
    t = _TABLES.get(id(info))
    if t is None or t.info is not info:
        t = _TABLES[id(info)] = _Tables(info)
    return t


class _Forecast:
    """Everything fixed during one decision: who I am, the purses' richest, the seats now."""

    __slots__ = ("t", "me", "n", "richest", "order", "now", "middle")

    def __init__(self, t: _Tables, obs: dict[str, Any]) -> None:
        code = t.code
        money = obs["money"]
        top = max(money)
        self.t = t
        self.me: int = obs["player"]
        self.n: int = len(money)
        self.richest: list[int] = [p for p, v in enumerate(money) if v == top]
        self.order: list[int] = [code[c] for c in obs["circle"]]
        self.now: float | None = None
        #: seats a toast does not read: moves among them change nothing
        self.middle = range(t.front, len(self.order) - t.back)

    def edge(self, order: list[int]) -> float:
        """What a toast with seats ``order`` gives me, minus what it gives the others on average.

        The payouts and costs of ``table.toast_deltas``, summed for me and for everyone:
        the same integers, so the same float as ``d[me] - (sum(d) - d[me]) / (n - 1)``.
        """
        t = self.t
        owner, special = t.owner, t.special
        me = self.me
        k = len(order)
        mine = total = 0
        for i, amount in t.payouts:
            j = i
            while j < k:
                c = order[j]
                s = special[c]
                if s == NONE:
                    total += amount
                    if owner[c] == me:
                        mine += amount
                elif s == JEAN:
                    j += 1
                    continue
                break
        for i, amount in t.costs:
            j = k - 1 - i
            while j >= 0:
                c = order[j]
                s = special[c]
                if s == NONE:
                    total -= amount
                    if owner[c] == me:
                        mine -= amount
                elif s == JEAN:
                    j -= 1
                    continue
                elif s == ZORK:
                    due = t.mult * amount
                    for r in self.richest:
                        total -= due
                        if r == me:
                            mine -= due
                break
        return mine - (total - mine) / (self.n - 1)

    def moved(self, c: int, delta: int) -> float:
        """``edge`` after ``c`` moves ``delta`` seats (``table.move``), without moving when no read seat changes."""
        order = self.order
        i = order.index(c)
        j = i + delta
        last = len(order) - 1
        j = 0 if j < 0 else last if j > last else j
        middle = self.middle
        if i in middle and j in middle:
            return self.current()
        trial = order[:]
        if j != i:
            del trial[i]
            trial.insert(j, c)
        return self.edge(trial)

    def current(self) -> float:
        if self.now is None:
            self.now = self.edge(self.order)
        return self.now


class HeuristicAgent(Agent):
    """Greedy on the next toast: my gain minus the others' average gain.

    Pure Python: the reference path never loads numba. ``compiled_rules.heuristic`` is
    the same forecast on the compiled rules' rows and takes the same decisions.
    """

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = observation["phase"]
        if phase == "draw":  # a card more beside Aunt Sarah is only more choice
            return DRAW_ACTION
        t = _tables(observation["info"])
        if phase == "toast":
            return TOAST_ACTION if _Forecast(t, observation).current() > 0 else PASS_ACTION
        f = _Forecast(t, observation)
        values = [self._value(f, observation, a) for a in legal]
        best = max(values)
        top = [a for v, a in zip(values, legal) if v >= best - 1e-9]
        return top[rng.randrange(len(top))]

    @staticmethod
    def _value(f: _Forecast, obs: dict[str, Any], action: Action) -> float:
        """The forecast edge after ``action`` (an expectation for die rolls)."""
        t = f.t
        code = t.code
        if action[0] == "move":
            return f.moved(code[action[1]], obs["roll_delta"])
        kind, a, b = t.effects[action[1]]
        me = f.me
        if kind == MOVE:
            return f.moved(code[action[2]], b)
        if kind == ROLL:
            chars = t.everyone if a else t.own[me]
            moved = f.moved
            total = 0.0
            for face in t.die:
                best = None
                for c in chars:
                    v = moved(c, face * b)
                    best = v if best is None or v > best else best
                total += best or 0.0
            return total / len(t.die)
        # the seats after the card, by the engine's own moves (``table``)
        if kind == SPLIT or kind == BESIDE:
            c = code[action[2]]
            other = [o for o in t.own[me] if o != c][0]
            order = f.order[:]
            if kind == SPLIT:
                move(order, c, -a)
                move(order, other, b)
            else:
                beside_draco(order, c, other)
        elif kind == ARRANGE:
            order = f.order[:]
            arrange(order, [code[s] for s in action[2:]], t.is_special)
        elif kind == FLIP:
            order = f.order[::-1]
        elif kind == SWAP_ADJ or kind == SWAP_ANY:
            order = f.order[:]
            swap(order, code[action[2]], code[action[3]])
        elif kind == STEAL:
            now = f.current()
            if len(action) < 3:
                return now
            return now + a * (1 + 1 / (f.n - 1)) + 0.01 * obs["money"][action[2]]
        elif kind == CUP:
            now = f.current()
            return now + (max(0.0, now) if obs["cup"] != -1 else 0.0)
        elif kind == COINS:
            now = f.current()
            n = f.n
            gain = 0.0
            order = f.order
            for face in t.die:
                if face - 1 < len(order):
                    o = t.owner[order[face - 1]]
                    gain += b if o == me else (-b / (n - 1) if o >= 0 else 0.0)
            return now + a * gain / len(t.die)
        elif kind == DUEL:
            return f.current()  # an even bet: nothing expected
        else:  # reseat: a random seating is worth as much to everyone
            return 0.0
        return f.edge(order)
