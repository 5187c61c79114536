"""The plain Royale heuristic, kept as the reference the fast agent must match.

The agent of ``cardgen/games/royale/agents.py`` as it was before the speed work
(only ported to the compact observation and per-seat take cells). Slow on purpose:
readable, permutations and dicts. Used by ``test_royale_heuristic_identity.py`` and
``benchmarks/bench_fast_royale.py``.

Original description:

``HeuristicAgent`` is greedy: it values the cards under each noble by how close
they bring it to completion (the checker's ``need``: fewest cards still missing)
and picks the take and placements that raise that value most. It reads only its
observation plus the public card data of the game it names (``engine.GAMES``).
"""
from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from cardgen.engine.api import Action, Agent
from cardgen.games.royale.engine import GAMES, STOP, RoyaleGame
from cardgen.games.royale.require import DEAD

#: value a complete noble earns on top of its points, so completing beats nearly completing
COMPLETE_BONUS = 1.0
#: value kept by not spending an imposter use
IMPOSTER_COST = 1.5


class ReferenceHeuristicAgent(Agent):
    """Greedy play: the take and placements that best progress the nobles."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        game = GAMES.get(observation.get("game", ""))
        if game is None or len(legal) == 1:
            return legal[rng.randrange(len(legal))]
        seat = observation["seat"]
        slots = self._slots(game, seat, observation)
        phase = observation["phase"]
        if phase == "clear":
            return self._clear(game, seat, slots, legal)
        if phase == "place":
            hand = [game.card_index[c] for c in observation["hand"]]
            return self._best(legal, rng, lambda a: self._after_place(game, seat, slots, hand, a))
        buffet = [game.card_index[c] if c else -1 for c in observation["buffet"]]

        def take_value(action: Action) -> float:
            cards = [buffet[i] for i in game.take_cells[seat][action] if buffet[i] >= 0]
            value = self.plan(game, seat, slots, cards)
            return value - IMPOSTER_COST if action[0] == "imposter" else value
        return self._best(legal, rng, take_value)

    # -- evaluation --------------------------------------------------------------------
    @staticmethod
    def _slots(game: RoyaleGame, seat: int, obs: dict[str, Any]) -> dict[int, int]:
        """Open noble slot -> checker state of the cards under it."""
        out = {}
        _, _, validated, under = obs["players"][seat]
        for s in range(len(validated)):
            if not validated[s]:
                codes = game.codes[seat][s]
                out[s] = game.checkers[seat][s].run(codes[game.card_index[c]] for c in under[s])
        return out

    @staticmethod
    def value(game: RoyaleGame, seat: int, slot: int, sid: int) -> float:
        """How much the cards under a noble are worth: its points times progress."""
        if sid == DEAD:
            return 0.0
        chk = game.checkers[seat][slot]
        points = game.points[seat][slot]
        need, start = chk.need[sid], chk.need[0]
        if need == 0:
            return points + COMPLETE_BONUS
        if start <= 0:
            return 0.0
        return points * (start - need) / start

    def plan(self, game: RoyaleGame, seat: int, slots: dict[int, int], cards: list[int]) -> float:
        """Best total value reachable by placing ``cards`` greedily, over every play order."""
        best = float("-inf")
        for order in set(permutations(cards)):
            cur = dict(slots)
            for c in order:
                pick, gain, new_sid = -1, float("-inf"), 0
                for s, sid in cur.items():
                    chk = game.checkers[seat][s]
                    nid = chk.step(sid, game.codes[seat][s][c])
                    g = self.value(game, seat, s, nid) - self.value(game, seat, s, sid)
                    if g > gain:
                        pick, gain, new_sid = s, g, (0 if nid == DEAD else nid)
                if pick >= 0:
                    cur[pick] = new_sid
            total = sum(self.value(game, seat, s, sid) for s, sid in cur.items())
            best = max(best, total)
        if best == float("-inf"):
            best = sum(self.value(game, seat, s, sid) for s, sid in slots.items())
        return best

    def _after_place(self, game: RoyaleGame, seat: int, slots: dict[int, int], hand: list[int],
                     action: Action) -> float:
        c, s = game.card_index[action[1]], action[2]
        nid = game.checkers[seat][s].step(slots[s], game.codes[seat][s][c])
        cur = dict(slots)
        cur[s] = 0 if nid == DEAD else nid
        rest = list(hand)
        rest.remove(c)
        return self.plan(game, seat, cur, rest)

    def _clear(self, game: RoyaleGame, seat: int, slots: dict[int, int], legal: list[Action]) -> Action:
        """Clear a noble whose cards leave it further from completion than an empty one."""
        worst, pick = 0, STOP
        for action in legal:
            if action[0] != "clear":
                continue
            s = action[1]
            chk = game.checkers[seat][s]
            excess = chk.need[slots[s]] - chk.need[0]
            if excess > worst:
                worst, pick = excess, action
        return pick

    @staticmethod
    def _best(legal: list[Action], rng: random.Random, score: Any) -> Action:
        best, picks = float("-inf"), []
        for action in legal:
            v = score(action)
            if v > best + 1e-9:
                best, picks = v, [action]
            elif abs(v - best) <= 1e-9:
                picks.append(action)
        return picks[rng.randrange(len(picks))]
