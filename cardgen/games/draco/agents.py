"""Agents for Draco & Co that play from their observation only.

``heuristic`` plays the card that most improves its seats' expected toast income
compared with the other players (die rolls and reshuffles by their expectation),
and proposes a toast when it gains more than the others on average; beside Aunt
Sarah it always draws. Its forecasts
use the same pure functions as the engine (``table.py``).
"""
from __future__ import annotations

import random
from typing import Any

from cardgen.engine.api import Action, Agent
from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, CUP, DUEL, FLIP, MOVE, ROLL, SPLIT, STEAL,
                                        SWAP_ADJ, SWAP_ANY)
from cardgen.games.draco.table import arrange, beside_draco, move, swap, toast_deltas


class HeuristicAgent(Agent):
    """Greedy on the next toast: my gain minus the others' average gain."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = observation["phase"]
        if phase == "toast":
            return ("toast",) if self._edge(observation, observation["circle"]) > 0 else ("pass",)
        if phase == "draw":  # a card more beside Aunt Sarah is only more choice
            return ("draw",)
        scored = [(self._value(observation, a), a) for a in legal]
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v >= best - 1e-9]
        return top[rng.randrange(len(top))]

    # -- forecasts -----------------------------------------------------------------------
    @staticmethod
    def _edge(obs: dict[str, Any], order: list[str]) -> float:
        """What a toast with seats ``order`` gives me, minus what it gives the others on average."""
        info = obs["info"]
        money = obs["money"]
        n = len(money)
        top = max(money)
        richest = [p for p, v in enumerate(money) if v == top]
        d, _ = toast_deltas(order, info["owner"], info["special"], info["payouts"], info["costs"],
                            info["zork_multiplier"], richest, n)
        me = obs["player"]
        return d[me] - (sum(d) - d[me]) / (n - 1)

    def _value(self, obs: dict[str, Any], action: Action) -> float:
        info = obs["info"]
        order = list(obs["circle"])
        me = obs["player"]
        n = len(obs["money"])
        if action[0] == "move":
            move(order, action[1], obs["roll_delta"])
            return self._edge(obs, order)
        code, a, b = info["effects"][action[1]]
        now = self._edge(obs, order)
        if code == MOVE:
            move(order, action[2], b)
        elif code == ROLL:
            chars = list(info["owner"]) if a else info["characters"][me]
            die = info["die"]
            total = 0.0
            for face in die:
                best = None
                for c in chars:
                    trial = list(order)
                    move(trial, c, face * b)
                    v = self._edge(obs, trial)
                    best = v if best is None or v > best else best
                total += best or 0.0
            return total / len(die)
        elif code == SPLIT:
            other = [c for c in info["characters"][me] if c != action[2]][0]
            move(order, action[2], -a)
            move(order, other, b)
        elif code == BESIDE:
            other = [c for c in info["characters"][me] if c != action[2]][0]
            beside_draco(order, action[2], other)
        elif code == ARRANGE:
            if len(action) > 2:
                arrange(order, action[2:], info["special"])
        elif code == FLIP:
            order.reverse()
        elif code in (SWAP_ADJ, SWAP_ANY):
            swap(order, action[2], action[3])
        elif code == STEAL:
            if len(action) < 3:
                return now
            return now + a * (1 + 1 / (n - 1)) + 0.01 * obs["money"][action[2]]
        elif code == CUP:
            return now + (max(0.0, now) if obs["cup"] != -1 else 0.0)
        elif code == COINS:
            die = info["die"]
            gain = 0.0
            for face in die:
                if face - 1 < len(order):
                    o = info["owner"][order[face - 1]]
                    gain += b if o == me else (-b / (n - 1) if o >= 0 else 0.0)
            return now + a * gain / len(die)
        elif code == DUEL:
            return now  # an even bet: nothing expected
        else:  # reseat: a random seating is worth as much to everyone
            return 0.0
        return self._edge(obs, order)
