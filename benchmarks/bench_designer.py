"""What the designer metrics cost: ``validate`` with and without replaying each game for its trace.

    python benchmarks/bench_designer.py [--games 400] [--project .] [--only draco]
    python benchmarks/bench_designer.py --command 5 [--designer-games N]   # issue 34's done-when

``--command N`` times the issue's command as a user runs it, a fresh process each time,
``cardgen validate king_lui --players 4 --games 100000 --agents random`` with the designer
figures (the default) and with ``--no-designer``, alternated N times so that a change in the
machine's load hits both alike; it prints each pair, the medians of wall and CPU seconds
(the process and its workers) and their ratios, and the load average before and after. The
issue asks for a median wall ratio of at most 1.1.

For each shipped game's base deck at the middle of its player range, with its default
(heuristic) players and with random players, in this process (``jobs=1``, compile cache
warm, after a short warm-up): wall and CPU seconds of ``run_validation`` with
``designer=False`` (a compiled tier plays in batches) and ``designer=True`` (each game
played on its own with its actions recorded, then replayed on the reference ``State`` for
the per-turn score trace and the components each seat played). Reported, never asserted.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
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


#: issue 34's command; ``--no-designer`` or ``--designer-games N`` is added
COMMAND = ["validate", "king_lui", "--players", "4", "--games", "100000", "--agents", "random"]


def command_run(project: str, extra: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its workers) of one ``cardgen`` run, a fresh process."""
    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cardgen", "--project", project, *COMMAND, "--out", out, *extra],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def alternate(project: str, times: int, designer_games: int | None) -> None:
    """The issue's command with and without the designer figures, alternated ``times`` times: medians, ratios."""
    on_args = [] if designer_games is None else ["--designer-games", str(designer_games)]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    command_run(project, ["--no-designer"])  # warm-up: the compiled tier loaded from disk once
    off: list[tuple[float, float]] = []
    on: list[tuple[float, float]] = []
    for i in range(times):
        # alternate which goes first, so neither always follows the other
        order = (("off", ["--no-designer"]), ("on", on_args)) if i % 2 == 0 else (("on", on_args), ("off", ["--no-designer"]))
        for name, extra in order:
            (off if name == "off" else on).append(command_run(project, extra))
        print(f"run {i + 1}: off {off[-1][0]:6.2f} s ({off[-1][1]:5.2f} cpu)  on {on[-1][0]:6.2f} s ({on[-1][1]:5.2f} cpu)",
              flush=True)
    mw_off, mc_off = statistics.median(w for w, _ in off), statistics.median(c for _, c in off)
    mw_on, mc_on = statistics.median(w for w, _ in on), statistics.median(c for _, c in on)
    print(f"median --no-designer: {mw_off:.2f} s wall, {mc_off:.2f} s cpu")
    print(f"median designer:      {mw_on:.2f} s wall, {mc_on:.2f} s cpu")
    print(f"ratio: wall {mw_on / mw_off:.3f}x, cpu {mc_on / mc_off:.3f}x "
          f"(median of pairs: wall {statistics.median(a[0] / b[0] for a, b in zip(on, off)):.3f}x)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--project", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--only")
    ap.add_argument("--command", type=int, metavar="N", help="time issue 34's command, alternated N times")
    ap.add_argument("--designer-games", type=int, help="with --command: traced games (default: validate's)")
    args = ap.parse_args()
    if args.command:
        alternate(args.project, args.command, args.designer_games)
        return
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
