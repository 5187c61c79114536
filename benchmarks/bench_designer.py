"""What the designer metrics cost: ``validate`` with and without replaying each game for its trace.

    python benchmarks/bench_designer.py [--games 400] [--project .] [--only draco]

For each shipped game's base deck at the middle of its player range, with its default
(heuristic) players and with random players, in this process (``jobs=1``, compile cache
warm, after a short warm-up): wall and CPU seconds of ``run_validation`` with
``designer=False`` (a compiled tier plays in batches) and ``designer=True`` (each game
played on its own with its actions recorded, then replayed on the reference ``State`` for
the per-turn score trace and the components each seat played). Reported, never asserted.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.validate import ValidateOptions, run_validation


def timed(deck, players: int, agent: str, games: int, designer: bool) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(wall seconds, CPU seconds) of one ``run_validation`` in this process."""
    opts = ValidateOptions(games=games, players=[players], agents=[agent], jobs=1, out=None, progress=False,
                           designer=designer)
    wall, cpu = time.perf_counter(), time.process_time()
    run_validation([deck], opts)
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--project", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--only")
    args = ap.parse_args()
    resolver = Resolver(Project.open(args.project))
    print(f"{'game':<10}{'agent':<11}{'games':>6}{'off s (cpu)':>16}{'on s (cpu)':>16}{'cost':>8}")
    for game in ("king_lui", "royale", "draco"):
        if args.only and game != args.only:
            continue
        deck = resolver.resolve(game)
        players = (deck.model.players.min + deck.model.players.max + 1) // 2
        for agent in ("heuristic", "random"):
            timed(deck, players, agent, 10, True)  # warm-up: compile cache, decks resolved
            off = timed(deck, players, agent, args.games, False)
            on = timed(deck, players, agent, args.games, True)
            print(f"{game:<10}{agent:<11}{args.games:>6}{off[0]:>8.2f} ({off[1]:5.2f}){on[0]:>8.2f} ({on[1]:5.2f})"
                  f"{on[1] / max(off[1], 1e-9):>7.1f}x", flush=True)


if __name__ == "__main__":
    main()
