"""How often the default player and the search agent take a house rule's new option (issue 50 item 3).

Issue 50 asks that, for Draco's "tip the bartender" (``bench_cover.py``'s ``draco-tip``: once a turn, 1 silver
to the bank for a card; 4 players), the default player's tip rate be within 10 points of the search agent's.
Per seed ``g`` two games are played on the same deal: one with the default player in every seat, one with the
search agent (``agent_factories``' ``search``, the default iterations) in seat ``g % 4`` and the default player in
the others. An offer is a decision where ``("tip",)`` was legal; the rates are the offers taken, per kind of player,
with a 95 % Wilson interval, over all seats for the default player and over the search agent's seat for the search
(the default player's seat ``g % 4`` alone is printed too: the same seats as the search's). Progress is printed
after each seed; the run stops after ``--games`` seeds or ``--minutes`` of wall time, whichever first, and says
which. Reported, never asserted:

    python benchmarks/bench_tip_rate.py [--games 40] [--minutes 60] [--iterations 200]
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cover import project  # noqa: E402

from cardgen.agents import generic  # noqa: E402
from cardgen.house import install  # noqa: E402
from cardgen.resolve.resolve import resolve  # noqa: E402
from cardgen.simulate.runner import agent_factories, play_game  # noqa: E402

TIP = ("tip",)


class Counting:
    """An agent that counts its offers of the tip and the tips it took, and otherwise is the agent it wraps."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.offers, self.taken = inner, 0, 0
        self.name = inner.name
        self.needs_state = getattr(inner, "needs_state", False)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _count(self, legal: list[Any], action: Any) -> Any:
        if TIP in legal:
            self.offers += 1
            self.taken += action == TIP
        return action

    def choose_from_state(self, state: Any, legal: list[Any], rng: random.Random) -> Any:
        return self._count(legal, self.inner.choose_from_state(state, legal, rng))

    def choose(self, observation: Any, legal: list[Any], rng: random.Random) -> Any:
        return self._count(legal, self.inner.choose(observation, legal, rng))


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion k / n, in percent."""
    if n == 0:
        return 0.0, 100.0
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (centre - half), 100 * (centre + half)


def rate(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k}/{n} = {100 * k / n if n else 0:.1f} % [{low:.1f}, {high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--iterations", type=int, default=None, help="the search's iterations (default: cardgen's)")
    parser.add_argument("--further", type=int, default=None,
                        help="the default player's second look, turns per seat (default: cardgen's COVER_FURTHER)")
    parser.add_argument("--no-search", action="store_true", help="the all-default games only")
    args = parser.parse_args()
    players = 4
    if args.further is not None:
        generic.COVER_FURTHER = args.further
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp))
        deck = resolve("draco-tip", root)
        game = install(deck.spec.new_game(deck, players), deck)
        factories = agent_factories(deck.spec) if args.iterations is None else \
            agent_factories(deck.spec, args.iterations)
        default_all = [0, 0]  # offers, taken: every seat of the all-default games
        default_seat = [0, 0]  # the seat the search takes in the paired game
        default_beside = [0, 0]  # the default players beside the search
        searched = [0, 0]
        cpu = [0.0, 0.0]
        played, why = 0, f"{args.games} seeds played"
        for seed in range(args.games):
            if time.monotonic() - start > 60 * args.minutes:
                why = f"stopped after {args.minutes:g} minutes"
                break
            seat = seed % players
            agents = [Counting(factories["heuristic"]()) for _ in range(players)]
            clock = time.process_time()
            assert play_game(game, seed, agents).completed
            cpu[0] += time.process_time() - clock
            for i, agent in enumerate(agents):
                default_all[0] += agent.offers
                default_all[1] += agent.taken
                if i == seat:
                    default_seat[0] += agent.offers
                    default_seat[1] += agent.taken
            if args.no_search:
                played += 1
                print(f"seed {seed}: default {rate(default_all[1], default_all[0])} (CPU s {cpu[0]:.0f})", flush=True)
                continue
            agents = [Counting(factories["search" if i == seat else "heuristic"]()) for i in range(players)]
            clock = time.process_time()
            assert play_game(game, seed, agents).completed
            cpu[1] += time.process_time() - clock
            searched[0] += agents[seat].offers
            searched[1] += agents[seat].taken
            for i, agent in enumerate(agents):
                if i != seat:
                    default_beside[0] += agent.offers
                    default_beside[1] += agent.taken
            played += 1
            print(f"seed {seed}: default {rate(default_all[1], default_all[0])}, "
                  f"search {rate(searched[1], searched[0])} (CPU s {cpu[0]:.0f} / {cpu[1]:.0f})", flush=True)
        print(f"\ndraco-tip, {players} players, {played} seeds ({why}); the tips taken per offer, 95 % Wilson:")
        print(f"  default player, every seat of the all-default games: {rate(default_all[1], default_all[0])}")
        print(f"  default player, the seat the search takes:           {rate(default_seat[1], default_seat[0])}")
        print(f"  default player, beside the search:                   {rate(default_beside[1], default_beside[0])}")
        print(f"  search agent:                                        {rate(searched[1], searched[0])}")
        gap = 100 * (searched[1] / max(1, searched[0]) - default_all[1] / max(1, default_all[0]))
        print(f"  search minus default (every seat): {gap:+.1f} points; CPU s: default games {cpu[0]:.0f}, "
              f"search games {cpu[1]:.0f}")


if __name__ == "__main__":
    main()
