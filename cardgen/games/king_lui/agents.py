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

import math
import random
from typing import Any, NamedTuple

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


class Seen(NamedTuple):
    """What the heuristic reads of a position, by name: where each part lies in the values ``v`` (offsets),
    the seat's place in the course and the deck's tables. Lists in ``HeuristicAgent`` (from an
    observation), numbers and arrays in ``compiled_rules.heuristic`` (from a ``compiled_rules`` state)."""

    table: int  #: offset of the portions on the table, per dish
    king: int  #: offset of the king's portions, per dish
    eaten: int  #: offset of the portions Emerald ate, per dish
    takes: int  #: offset of each seat's open takes (``takes + seat * n + dish``)
    mine: int  #: offset of my portions, per dish
    me: int  #: my seat
    after_me: int  #: seats still to act this course after me
    played: int  #: courses done
    supply: int  #: cards left in the supply
    n: int  #: dishes
    players: int
    course_cards: int  #: cards a course deals
    dish_sizes: Any  #: per dish, the portions the box holds
    combo_cnt: Any  #: per Emerald combination (action ``n + 2 + c``), the portions it takes of each dish


def best_actions(v: Any, seen: Seen, codes: Any, nlegal: int, work: Any, best: Any) -> int:
    """The heuristic's choice, written once: the action codes among ``codes[:nlegal]`` worth the most
    (within 1e-9) go into ``best``; returns how many. The caller draws among them with its own
    generator. Plain Python over lists here (``HeuristicAgent``), compiled as it is over a
    ``compiled_rules`` state by ``cardgen.jit.bind``: the same floats in the same order.

    ``v`` holds the position at the offsets ``seen`` names. Codes: ``d < n`` takes dish d, ``n`` draws,
    ``n + 1`` places a drawn Emerald, ``n + 2 + c`` feeds Emerald the portions ``seen.combo_cnt[c]``.
    ``work``: three rows of ``n`` floats.
    """
    t0, k0, e0, g0, mine = seen.table, seen.king, seen.eaten, seen.takes, seen.mine
    n, players, me, course_cards = seen.n, seen.players, seen.me, seen.course_cards
    after_me, played, supply = seen.after_me, seen.played, seen.supply
    dish_sizes, combo_cnt = seen.dish_sizes, seen.combo_cnt
    # the king's projected final portions: what he holds, the dishes likely left to him this
    # course (a dish on the table survives the seats after me), his average intake per course
    # for the courses the supply still allows
    on_table = 0
    received = 0
    for d in range(n):
        if v[t0 + d]:
            on_table += 1
        received += v[k0 + d] + v[e0 + d]
    survival = max(0.0, 1.0 - after_me / on_table) if on_table else 0.0
    per_course = received / played if played else PRIOR_KING_SHARE * course_cards
    courses_left = supply / (course_cards + PRIOR_DRAW_SHARE * players)
    future = per_course * int(courses_left) / n
    projected, leader, unseen = work[0], work[1], work[2]
    for d in range(n):
        projected[d] = v[k0 + d] + survival * v[t0 + d] + future
    # the leading opponent by projected value (the first of equals, in seat order)
    leader_seat = -1
    leader_value = 0.0
    for q in range(players):
        if q != me:
            total = 0.0  # a plain left-to-right sum: Python's ``sum`` rounds differently since 3.12
            for d in range(n):
                total += dish_value(v[g0 + q * n + d], projected[d])
            if leader_seat < 0 or total > leader_value:
                leader_seat, leader_value = q, total
    total_unseen = 0
    for d in range(n):
        leader[d] = v[g0 + leader_seat * n + d] if leader_seat >= 0 else 0
        u = dish_sizes[d] - v[mine + d] - v[k0 + d] - v[t0 + d] - v[e0 + d]
        for q in range(players):
            if q != me:
                u -= v[g0 + q * n + d]
        unseen[d] = u if u > 0 else 0
        total_unseen += unseen[d]
    nbest = 0
    best_value = -math.inf
    for i in range(nlegal):
        a = codes[i]
        value = 0.0
        if a < n:  # the dish leaves the table: the king's projection loses its share of it
            value = gain(a, v[mine + a], v[mine + a] + v[t0 + a], projected[a] - survival * v[t0 + a], projected,
                         leader)
        elif a == n:  # a draw: each unseen dish as likely as its share of the unseen portions
            if total_unseen:
                for d in range(n):
                    if unseen[d]:
                        value += unseen[d] / total_unseen * gain(d, v[mine + d], v[mine + d] + 1, projected[d],
                                                                 projected, leader)
        elif a > n + 1:  # Emerald fed: the combination's dishes in deck order, once each
            for d in range(n):
                if combo_cnt[a - n - 2][d]:
                    value += gain(d, v[mine + d], v[mine + d], projected[d] - combo_cnt[a - n - 2][d], projected,
                                  leader)
        # (placing a drawn Emerald changes nothing now: 0)
        if value > best_value + 1e-9:
            best[0] = a
            nbest = 1
            best_value = value
        elif value > best_value - 1e-9:
            best[nbest] = a
            nbest += 1
    return nbest


class HeuristicAgent(Agent):
    """One-ply greedy play against the projected king (see the module docstring)."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        obs = observation
        dishes: list[str] = obs["dishes"]
        n, players, me = len(dishes), obs["players"], obs["player"]
        index = {d: i for i, d in enumerate(dishes)}
        # the position as ``best_actions`` reads it: table, king, eaten, each seat's open takes, mine
        v = [obs[part].get(d, 0) for part in ("table", "king", "eaten") for d in dishes]
        taken = {o["seat"]: o["taken"] for o in obs["opponents"]}
        v += [taken[q].get(d, 0) if q in taken else 0 for q in range(players) for d in dishes]
        v += [obs["hand"].get(d, 0) for d in dishes]
        codes: list[int] = []
        combo_cnt: list[list[int]] = []
        for action in legal:
            kind = action[0]
            if kind == "take":
                codes.append(index[action[1]])
            elif kind == "emerald":
                codes.append(n + 2 + len(combo_cnt))
                combo_cnt.append([action[1:].count(d) for d in dishes])
            else:
                codes.append(n if kind == "draw" else n + 1)
        best = [0] * len(legal)
        seen = Seen(0, n, 2 * n, 3 * n, 3 * n + players * n, me, max(0, len(obs["to_act"]) - 1), obs["course"] - 1,
                    obs["supply"], n, players, obs["course_cards"], [obs["dish_sizes"][d] for d in dishes], combo_cnt)
        nbest = best_actions(v, seen, codes, len(legal), [[0.0] * n for _ in range(3)], best)
        pick = best[0] if nbest == 1 else best[rng.randrange(nbest)]
        return legal[codes.index(pick)]
