"""Royale speed: the plain reference heuristic against the fast one, and random play, in one run.

    python benchmarks/bench_fast_royale.py [--games 60] [--warm 100] [--random-games 1000] [--fast-games 20000]

For the base deck at 2, 3 and 4 players, the masked side at 3 and the solo mode, in
this process: games per CPU-second of ``cardgen.simulate.runner.play_game`` with

* ``random`` agents (the reference engine alone);
* ``random`` agents on the compiled tier (``GameSpec.fast``, ``cardgen/games/royale/compiled.py``),
  twice: ``fast cold`` over the first ``--fast-games`` games of the process (its noble
  table still empty: each new state is searched once, in numba), then ``fast warm`` over
  as many new seeds; the first 200 games of each are also checked equal to the reference's;
* the plain heuristic (``tests/royale_reference_heuristic.py``, the agent before the
  speed work) and the fast heuristic (``cardgen/games/royale/agents.py``), on the same
  seeds, after both have played ``--warm`` games (the requirement checkers learn their
  states once per process, shared by both agents); the run also checks that both
  agents took exactly the same actions; and the compiled heuristic (the same ``agents.py`` planner bound in ``compiled_rules.py``) on
  the same seeds (after ``--warm`` games), its actions checked equal too.

Targets (reported, never asserted; the machine may be busy): heuristic >= 250 games/s
per process; compiled random play >= 20,000 games/s on 2 cores (twice the one-process
figure printed here, when both cores are free).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from royale_reference_heuristic import ReferenceHeuristicAgent  # noqa: E402

from cardgen.engine.api import RandomAgent  # noqa: E402
from cardgen.games.royale.agents import HeuristicAgent  # noqa: E402
from cardgen.resolve.resolve import resolve  # noqa: E402
from cardgen.simulate.runner import play_game  # noqa: E402

CASES = [("royale", 2), ("royale", 3), ("royale", 4), ("royale-masked", 3), ("royale-solo", 1)]


def rate(game, agent_type, seeds: range, record: bool = False):  # type: ignore[no-untyped-def]
    """Games per CPU-second over ``seeds`` and the actions of every game (with ``record``)."""
    start = time.process_time()
    games = [play_game(game, s, [agent_type() for _ in range(game.players)], record=record) for s in seeds]
    return len(seeds) / max(time.process_time() - start, 1e-9), [g.actions for g in games]


def fast_rate(deck, players: int, seeds: range) -> float:
    """Compiled-tier random games per CPU-second over ``seeds`` (``GameResult`` built as the simulator gets it)."""
    fast = deck.spec.fast(deck, players)
    names = ["random"] * players
    start = time.process_time()
    for s in seeds:
        fast.play(s, names, 10_000, False)
    return len(seeds) / max(time.process_time() - start, 1e-9)


def fast_heuristic(deck, players: int, seeds: range, warm: int):  # type: ignore[no-untyped-def]
    """Compiled-heuristic games per CPU-second over ``seeds`` and their actions (after ``warm`` other games)."""
    fast = deck.spec.fast(deck, players)
    names = ["heuristic"] * players
    for s in range(10_000, 10_000 + warm):
        fast.play(s, names, 10_000, False)
    start = time.process_time()
    games = [fast.play(s, names, 10_000, True) for s in seeds]
    return len(seeds) / max(time.process_time() - start, 1e-9), [g.actions for g in games]


def same_games(deck, game, players: int, seeds: range) -> bool:
    """Whether the compiled tier's recorded games equal the reference's on ``seeds``."""
    fast = deck.spec.fast(deck, players)
    names = ["random"] * players
    return all(fast.play(s, names, 10_000, True)
               == play_game(game, s, [RandomAgent() for _ in names], names, record=True) for s in seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60, help="heuristic games measured per case and agent")
    parser.add_argument("--warm", type=int, default=100, help="heuristic games played first (not measured)")
    parser.add_argument("--random-games", type=int, default=1000)
    parser.add_argument("--fast-games", type=int, default=20_000, help="compiled-tier games per measure")
    args = parser.parse_args()
    print(f"{'deck':<16}{'p':>2}{'random':>10}{'fast cold':>11}{'fast warm':>11}{'same':>6}"
          f"{'plain heur.':>13}{'fast heur.':>12}{'speed-up':>10}  same actions{'compiled heur.':>16}  same")
    for ref, players in CASES:
        deck = resolve(ref, ROOT)
        game = deck.spec.new_game(deck, players)
        rnd, _ = rate(game, RandomAgent, range(args.random_games))
        n = args.fast_games
        cold = fast_rate(deck, players, range(1_000_000, 1_000_000 + n))
        warm = fast_rate(deck, players, range(2_000_000, 2_000_000 + n))
        same_random = "yes" if same_games(deck, game, players, range(200)) else "NO"
        rate(game, HeuristicAgent, range(10_000, 10_000 + args.warm))
        seeds = range(args.games)
        plain, plain_actions = rate(game, ReferenceHeuristicAgent, seeds, record=True)
        fast, fast_actions = rate(game, HeuristicAgent, seeds, record=True)
        same = "yes" if plain_actions == fast_actions else "NO"
        compiled, compiled_actions = fast_heuristic(deck, players, seeds, args.warm)
        same_compiled = "yes" if compiled_actions == fast_actions else "NO"
        print(f"{ref:<16}{players:>2}{rnd:>10.0f}{cold:>11.0f}{warm:>11.0f}{same_random:>6}"
              f"{plain:>13.1f}{fast:>12.1f}{fast / plain:>9.1f}x  {same:<12}{compiled:>16.0f}  {same_compiled}")
    print("games per CPU-second in one process; heuristic target >= 250 (the compiled heuristic's column);")
    print("compiled random target >= 20,000 games/s on 2 cores (about twice 'fast warm' with both cores free)")


if __name__ == "__main__":
    main()
