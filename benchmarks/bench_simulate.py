"""Simulation speed: games per second per game and agent, reference and compiled tiers.

    python benchmarks/bench_simulate.py [--games 20000] [--ref-games 1000] [--heuristic-games 300]
                                        [--kl-games 100000] [--project .] [--only draco] [--random-only]

For each game's base deck (``decks/*.yaml``) with an engine, at the middle of its
player range, and each agent (all seats the same agent):

* reference, 1 process: ``run_chunk`` with ``engine="reference"`` in this process;
* compiled, 1 process: ``run_chunk`` with the fast tier (its batch path when it has one);
* compiled, 2 jobs: the whole of ``run_validation`` with ``jobs=2``, wall clock,
  including the worker start-up and each worker resolving the deck;
* CPU time per game of the 1-process runs (``time.process_time``): less sensitive
  than wall time to other processes sharing the cores.

Then the King Lui target: ``--kl-games`` random 4-player games through ``run_validation``
with 2 jobs, wall clock of the whole run (the process is already started and the
compile cache warm). Everything runs once with a short warm-up first (numba's cache
is loaded, decks resolved).

Targets (reported, never asserted; the machine may be busy): 100,000 King Lui random
4-player games in <= 2 s wall on 2 cores; Royale and Draco random >= 20,000 games/s
on 2 cores.
"""
from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import Chunk, DeckRef, load_project_deck, run_chunk
from cardgen.simulate.validate import ValidateOptions, run_validation

#: (game, agent) -> target on the 2-jobs rate
TARGETS = {("royale", "random"): 20_000, ("draco", "random"): 20_000}


def one_process(ref: DeckRef, players: int, agent: str, games: int, engine: str) -> tuple[float, float]:
    """(games per second, CPU µs per game) in this process, after a short warm-up."""
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 7, 0, min(20, games), engine=engine))
    wall, cpu = time.perf_counter(), time.process_time()
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 1, 0, games, engine=engine))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, cpu / games * 1e6


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers once shut down)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def two_jobs(deck, players: int, agent: str, games: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(wall seconds, CPU µs per game of parent and workers) of a whole ``run_validation``
    over ``games`` games with 2 worker processes (start-up and deck resolution included)."""
    opts = ValidateOptions(games=games, players=[players], agents=[agent], jobs=2, out=None, progress=False,
                           designer=False)  # the engines' speed (bench_designer.py: the trace's cost)
    cpu, start = _cpu(), time.perf_counter()
    run_validation([deck], opts)
    return time.perf_counter() - start, (_cpu() - cpu) / games * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--games", type=int, default=20_000, help="compiled games per measurement, random agents")
    parser.add_argument("--ref-games", type=int, default=1000, help="reference games per measurement, random")
    parser.add_argument("--heuristic-games", type=int, default=300, help="games per measurement, other agents")
    parser.add_argument("--kl-games", type=int, default=100_000, help="King Lui games of the wall-time target")
    parser.add_argument("--only", action="append", metavar="GAME",
                        help="measure only this game (repeatable), e.g. --only draco")
    parser.add_argument("--random-only", action="store_true", help="measure only the random agent")
    args = parser.parse_args()
    project = Project.open(args.project)
    resolver = Resolver(project)
    head = ("game", "agent", "players", "ref g/s", "ref CPU µs/g", "fast g/s", "fast CPU µs/g", "2 jobs g/s",
            "2 jobs CPU µs/g", "target")
    widths = [10, 10, 7, 9, 13, 10, 14, 11, 16, 0]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)), flush=True)
    kl = None
    for deck_id in project.deck_ids:
        deck = resolver.resolve(deck_id)
        if deck.spec.new_game is None or (args.only and deck.game not in args.only):
            continue
        counts = deck.model.players.counts
        players = counts[len(counts) // 2]
        if deck.game == "king_lui":
            kl = deck
        ref = DeckRef.of(deck)
        has_fast = deck.spec.fast is not None
        for agent in ["random"] if args.random_only else ["random", *deck.spec.agents]:
            many = args.games if agent == "random" else args.heuristic_games
            few = args.ref_games if agent == "random" else max(20, args.heuristic_games // 5)
            r_rate, r_cpu = one_process(ref, players, agent, few, "reference")
            cells = [deck.game, agent, str(players), f"{r_rate:,.0f}", f"{r_cpu:,.0f}"]
            if has_fast:
                f_rate, f_cpu = one_process(ref, players, agent, many, "auto")
                wall, cpu2 = two_jobs(deck, players, agent, many)
                rate2 = many / wall
                target = TARGETS.get((deck.game, agent))
                verdict = f">= {target:,} g/s: {'met' if rate2 >= target else 'NOT met'}" if target else ""
                cells += [f"{f_rate:,.0f}", f"{f_cpu:,.1f}", f"{rate2:,.0f}", f"{cpu2:,.1f}", verdict]
            else:
                cells += ["-", "-", "-", "-", "no compiled tier"]
            print("  ".join(c.ljust(w) for c, w in zip(cells, widths)), flush=True)
    if kl is not None:
        opts = ValidateOptions(games=1000, players=[4], agents=["random"], jobs=2, out=None, progress=False,
                               designer=False)
        run_validation([kl], opts)  # warm-up: pool, deck, compiled loop from the cache
        wall, cpu = two_jobs(kl, 4, "random", args.kl_games)
        print(f"King Lui, {args.kl_games:,} random 4-player games, 2 jobs: {wall:.2f} s wall, "
              f"{cpu * args.kl_games / 1e6:.2f} s CPU in all processes ({cpu:.1f} µs a game); "
              f"target <= 2 s wall: {'met' if wall <= 2.0 else 'NOT met'}")


if __name__ == "__main__":
    main()
