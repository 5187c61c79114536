"""The card-game kit (cardgen/engine/kit.py): how fast a project rules file plays.

    python benchmarks/bench_kit.py [--games 2000] [--search-games 4] [--iterations 200]

On the game ``cardgen new DIR --rules`` scaffolds (written to a temporary folder), in
this process (one core): random games per second at 2, 3 and 4 players, and seconds
per game with ``search`` in seat 0 against ``random`` (wall and CPU), plus how often
search won those games. Figures are reported, never asserted: the machine may be busy.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from cardgen.agents.search import SearchAgent
from cardgen.engine.api import RandomAgent
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.scaffold import new_project
from cardgen.simulate.runner import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "g"
        new_project(root, rules=True)
        deck = Resolver(Project.open(root)).resolve("g")
        assert deck.spec.new_game is not None
        for players in (2, 3, 4):
            game = deck.spec.new_game(deck, players)
            agents = [RandomAgent() for _ in range(players)]
            wall, cpu = time.perf_counter(), time.process_time()
            turns = sum(play_game(game, seed, agents).turns for seed in range(args.games))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(f"random, {players} players: {args.games / cpu:.0f} games/s CPU ({args.games / wall:.0f} wall), "
                  f"{turns / args.games:.1f} turns a game")
        game = deck.spec.new_game(deck, 2)
        wins = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(args.search_games):
            result = play_game(game, seed, [SearchAgent(args.iterations), RandomAgent()], ["search", "random"])
            wins += 0 in (result.winners or [])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"search ({args.iterations} iterations) vs random, 2 players: {cpu / args.search_games:.2f} s CPU "
              f"a game ({wall / args.search_games:.2f} wall); search won {wins}/{args.search_games}")


if __name__ == "__main__":
    main()
