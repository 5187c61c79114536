"""Draco & Co: reference engine against the compiled tier, in one run.

    python benchmarks/bench_fast_draco.py [--players 4] [--games 20000] [--heuristic-games 2000]
                                          [--reference-games 2000] [--reference-heuristic-games 200]

For random and heuristic players it measures, on the base deck:

* 1 process: ``run_chunk`` (engine + agents + tallies) with ``engine="reference"`` and
  with ``engine="auto"`` (the compiled tier), after a warm-up that also loads or
  compiles the tier (a stderr line says when it compiles); for the tier also the CPU
  time per game, the figure to compare when other processes load the machine;
* 2 jobs: the whole of ``run_validation`` with ``jobs=2`` on the compiled tier, wall
  clock, worker start-up included (each worker loads the compiled code from numba's
  on-disk cache).

Targets (reported, never asserted; the machine may be busy): compiled random games
at least 20,000 games/s on 2 cores; the heuristic agent at least 10 times faster than
before the speed work (the heuristic's own figures are printed for both tiers).
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


def one_process(ref: DeckRef, players: int, agent: str, games: int, engine: str) -> tuple[float, float]:
    """(games per second, CPU µs per game) of one chunk in this process (after a warm-up chunk).

    The CPU time (``time.process_time``) depends much less than the wall time on the other
    processes sharing the cores."""
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 7, 0, 20, engine=engine))
    start, cpu = time.perf_counter(), time.process_time()
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 1, 0, games, engine=engine))
    return games / (time.perf_counter() - start), (time.process_time() - cpu) / games * 1e6


def two_jobs(deck, players: int, agent: str, games: int) -> float:  # type: ignore[no-untyped-def]
    """Games per second of a whole ``run_validation`` with 2 worker processes on the compiled tier."""
    opts = ValidateOptions(games=games, players=[players], agents=[agent], jobs=2, out=None, progress=False,
                           engine="fast", designer=False)  # the tier's speed, batches included
    start = time.perf_counter()
    run_validation([deck], opts)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20_000, help="compiled-tier games with random players")
    parser.add_argument("--heuristic-games", type=int, default=2_000, help="compiled-tier games, heuristic")
    parser.add_argument("--reference-games", type=int, default=2_000, help="reference games, random players")
    parser.add_argument("--reference-heuristic-games", type=int, default=200, help="reference games, heuristic")
    args = parser.parse_args()
    deck = Resolver(Project.open(args.project)).resolve("draco")
    ref = DeckRef.of(deck)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Draco & Co, {args.players} players; load average {load:.1f} on {os.cpu_count()} cores")
    print(f"{'agent':<10} {'reference 1 proc':>17} {'fast 1 proc':>12} {'fast CPU':>12} {'x':>6} {'fast 2 jobs':>12}")
    for agent, ref_games, games in (("random", args.reference_games, args.games),
                                    ("heuristic", args.reference_heuristic_games, args.heuristic_games)):
        slow, _ = one_process(ref, args.players, agent, ref_games, "reference")
        fast, cpu = one_process(ref, args.players, agent, games, "auto")
        jobs = two_jobs(deck, args.players, agent, games)
        print(f"{agent:<10} {slow:>13,.0f} g/s {fast:>8,.0f} g/s {cpu:>7,.1f} µs/g {fast / slow:>5.1f}x "
              f"{jobs:>8,.0f} g/s")


if __name__ == "__main__":
    main()
