"""King Lui: reference engine against the compiled tier, games per second, in one run.

    python benchmarks/bench_fast_king_lui.py [--players 4] [--games 100000] [--reference-games 5000]
                                             [--heuristic-games 20000] [--reference-heuristic-games 500]

For the random and the heuristic agent it measures, for each tier:

* 1 process: ``run_chunk`` in this process after a warm-up (engine + agents + tallies,
  exactly what a validation worker does), games per second;
* 2 jobs (compiled tier): the whole of ``run_validation`` with ``jobs=2``, wall clock,
  including the worker start-up, each worker resolving the deck and loading the
  compiled loop from numba's disk cache.

Targets (reported, never asserted; figures on a busy machine are lower): 100,000 random
4-player games in <= 2 s wall on 2 cores; heuristic games at least 10x the reference.
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import Chunk, DeckRef, load_project_deck, run_chunk
from cardgen.simulate.validate import ValidateOptions, run_validation


def one_process(ref: DeckRef, players: int, agent: str, games: int, engine: str) -> float:
    """Games per second of ``run_chunk`` in this process on ``engine`` (after a warm-up)."""
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 7, 0, 20, engine=engine))
    start = time.perf_counter()
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 1, 0, games, engine=engine))
    return games / (time.perf_counter() - start)


def two_jobs(deck, players: int, agent: str, games: int) -> float:  # type: ignore[no-untyped-def]
    """Wall seconds of ``run_validation`` over ``games`` games on the compiled tier with 2 workers."""
    opts = ValidateOptions(games=games, players=[players], agents=[agent], jobs=2, out=None, progress=False,
                           engine="fast", designer=False)  # the tier's speed, batches included
    start = time.perf_counter()
    run_validation([deck], opts)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100_000, help="random games on the compiled tier")
    parser.add_argument("--reference-games", type=int, default=5_000, help="random games on the reference")
    parser.add_argument("--heuristic-games", type=int, default=20_000, help="heuristic games, compiled tier")
    parser.add_argument("--reference-heuristic-games", type=int, default=500, help="heuristic games, reference")
    args = parser.parse_args()
    deck = Resolver(Project.open(args.project)).resolve("king_lui")
    ref = DeckRef.of(deck)
    fast = deck.spec.fast(deck, args.players)  # compiles once (numba's disk cache) before timing
    if isinstance(fast, str):
        raise SystemExit(f"no compiled tier: {fast}")
    fast.play(1, ["heuristic"] * args.players, 10_000, False)
    print(f"King Lui, {args.players} players; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    head = ("agent", "reference g/s", "fast g/s", "speed-up", "fast 2 jobs", "target")
    print("  ".join(h.ljust(14) for h in head))
    for agent, games, ref_games in (("random", args.games, args.reference_games),
                                    ("heuristic", args.heuristic_games, args.reference_heuristic_games)):
        slow = one_process(ref, args.players, agent, ref_games, "reference")
        quick = one_process(ref, args.players, agent, games, "fast")
        wall = two_jobs(deck, args.players, agent, games)
        if agent == "random":
            target = f"{games:,} games <= 2 s: {'met' if wall <= 2.0 * games / 100_000 else 'NOT met'}"
        else:
            target = f">= 10x: {'met' if quick >= 10 * slow else 'NOT met'}"
        cells = (agent, f"{slow:,.0f}", f"{quick:,.0f}", f"{quick / slow:.0f}x", f"{games:,} in {wall:.2f} s", target)
        print("  ".join(c.ljust(14) for c in cells))


if __name__ == "__main__":
    main()
