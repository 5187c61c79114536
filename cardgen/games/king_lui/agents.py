"""King Lui agents that see only their observation (``KingLuiState.observation``).

``HeuristicAgent`` looks one action ahead. It projects how many portions the king
will end up with of each dish (what he holds, the dishes likely left to him this
course, and his average intake per course for the courses the supply still
allows), scores hands against that projection, and picks the action that most
improves its own projected score relative to the leading opponent, as far as the
opponents' public portions show. So it takes dishes the king is likely to lead,
avoids overeating, lets dishes it holds go to the king, and sets Emerald on the
dishes where the leader profits most.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cardgen.engine.api import Action, Agent

#: share of a course's cards the king receives, before any course has been seen
PRIOR_KING_SHARE = 0.35
#: share of players expected to draw each course (supply used beyond the deal)
PRIOR_DRAW_SHARE = 0.3
#: projected points of a dish held above the king's projected count (per portion)
OVEREAT_PENALTY = -0.5


def dish_value(held: float, king: float) -> float:
    """Projected points of ``held`` portions when the king ends with ``king``."""
    if held <= 0:
        return 0.0
    return held * king if held <= king else OVEREAT_PENALTY * held


def gain(d: int, held: int, new_held: int, new_king: float, projected: Any, leader: Any) -> float:
    """Change of (my value - the leading opponent's value) on dish ``d`` when my portions go from
    ``held`` to ``new_held`` and the king's projection from ``projected[d]`` to ``new_king``
    (``leader``: the leader's portions). Plain Python on lists here, compiled as it is on arrays
    by ``compiled_rules`` (``cardgen.jit.bind``): the forecast written once."""
    return (dish_value(new_held, new_king) - dish_value(held, projected[d])
            - dish_value(leader[d], new_king) + dish_value(leader[d], projected[d]))


def _total(values: Iterable[float]) -> float:
    """Plain left-to-right sum: Python 3.12's ``sum`` compensates float rounding, and the
    compiled tier (``compiled.py``) must reproduce these values to the last bit."""
    total = 0.0
    for v in values:
        total += v
    return total


class HeuristicAgent(Agent):
    """One-ply greedy play against the projected king (see the module docstring)."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        obs = observation
        dishes: list[str] = obs["dishes"]
        n = len(dishes)
        mine = [obs["hand"].get(d, 0) for d in dishes]
        king = [obs["king"].get(d, 0) for d in dishes]
        table = [obs["table"].get(d, 0) for d in dishes]
        eaten = [obs["eaten"].get(d, 0) for d in dishes]
        opponents = [[o["taken"].get(d, 0) for d in dishes] for o in obs["opponents"]]
        projected, survival = self._projection(obs, king, table)
        leader = max(opponents, key=lambda o: _total(dish_value(o[d], projected[d]) for d in range(n)),
                     default=[0] * n)

        unseen = [max(0, obs["dish_sizes"][name] - mine[d] - king[d] - table[d] - eaten[d]
                      - sum(o[d] for o in opponents)) for d, name in enumerate(dishes)]
        total_unseen = sum(unseen)
        index = {d: i for i, d in enumerate(dishes)}
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            kind = action[0]
            if kind == "take":
                d = index[action[1]]
                # the dish leaves the table: the king's projection loses its share of it
                value = gain(d, mine[d], mine[d] + table[d], projected[d] - survival * table[d], projected, leader)
            elif kind == "draw":
                value = _total(unseen[d] / total_unseen * gain(d, mine[d], mine[d] + 1, projected[d], projected, leader)
                               for d in range(n) if unseen[d]) if total_unseen else 0.0
            elif kind == "emerald":
                value = 0.0
                for i in dict.fromkeys(action[1:]):  # deck order: a set's order varies by process
                    d = index[i]
                    value += gain(d, mine[d], mine[d], projected[d] - action[1:].count(i), projected, leader)
            else:  # "place": nothing changes now
                value = 0.0
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    @staticmethod
    def _projection(obs: dict[str, Any], king: list[int], table: list[int]) -> tuple[list[float], float]:
        """Portions of each dish the king is projected to hold at the end of the game.

        Also returns the chance that a dish now on the table reaches the king.
        """
        n = len(king)
        players = obs["players"]
        after_me = max(0, len(obs["to_act"]) - 1)
        on_table = sum(1 for t in table if t)
        # chance that a dish on the table is still there when the king is served
        survival = max(0.0, 1.0 - after_me / on_table) if on_table else 0.0
        played = obs["course"] - 1
        received = sum(king) + sum(obs["eaten"].values())
        per_course = received / played if played else PRIOR_KING_SHARE * obs["course_cards"]
        courses_left = obs["supply"] / (obs["course_cards"] + PRIOR_DRAW_SHARE * players)
        future = per_course * int(courses_left) / n
        return [king[d] + survival * table[d] + future for d in range(n)], survival
