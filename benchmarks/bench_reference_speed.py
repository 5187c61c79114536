"""The reference engines of two source trees side by side: CPU seconds of the same games (issue 49's 10 %).

    python benchmarks/bench_reference_speed.py --trees /work/base-171089 . [--games 1000] [--rounds 3]
                                               [--reps 3] [--heuristic] [--others]

For each tree and each round, a fresh process (``PYTHONPATH`` = the tree, the tree's own decks) plays
``--games`` random 4-player King Lui games (``RandomAgent`` over the reference engine through the runner's
``play_game``) to warm up, then ``--reps`` times as many other games, each repetition timed with
``time.process_time`` (its own seeds, the same in both trees: an engine's memos are as warm as the warm-up made
them, not warmed by the very games timed); the rounds alternate between the trees, so a change in the machine's
load falls on both alike. ``--heuristic`` adds King Lui's heuristic games (``agent_factories``' ``heuristic``, a
tenth as many), ``--others`` Royale and Draco (a tenth of the random games, a hundredth of the heuristic ones).
Printed per workload: each tree's best CPU seconds over all rounds, the ratio of the second tree to the
first, and the load average (1 minute) seen during the rounds. Only the API both trees have is used
(``resolve``, ``GameSpec.new_game``, ``play_game``, ``agent_factories``). Reported, never asserted.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def child(tree: str, work: str, reps: int) -> None:
    """In the tree's own process: best CPU seconds of ``reps`` runs of ``work`` after one warm-up, as JSON."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.runner import agent_factories, play_game

    agent, deck_id, players, games = work.split(":")
    deck = resolve(deck_id, tree)
    game = deck.spec.new_game(deck, int(players))
    factory = agent_factories(deck.spec)[agent]
    agents = [factory() for _ in range(int(players))]
    games = int(games)
    for seed in range(1000, 1000 + games):  # warm-up: imports, the engine's memos, the inlined steps
        play_game(game, seed, agents)
    best = float("inf")
    for rep in range(1, reps + 1):
        seeds = range(1000 + rep * games, 1000 + (rep + 1) * games)
        start = time.process_time()
        for seed in seeds:
            play_game(game, seed, agents)
        best = min(best, time.process_time() - start)
    print(json.dumps({"best": best}))


def workloads(games: int, heuristic: bool, others: bool) -> list[str]:
    """``agent:deck:players:games`` of each measurement asked for."""
    out = [f"random:king_lui:4:{games}"]
    if heuristic:
        out.append(f"heuristic:king_lui:4:{max(1, games // 10)}")
    if others:
        for deck in ("royale", "draco"):
            out.append(f"random:{deck}:4:{max(1, games // 10)}")
            if heuristic:
                out.append(f"heuristic:{deck}:4:{max(1, games // 100)}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", nargs=2, metavar="TREE", help="the base tree, then the tree to compare")
    parser.add_argument("--games", type=int, default=1000, help="random King Lui games per run")
    parser.add_argument("--rounds", type=int, default=3, help="fresh processes per tree, alternated")
    parser.add_argument("--reps", type=int, default=3, help="timed runs per process (after one warm-up)")
    parser.add_argument("--heuristic", action="store_true", help="also heuristic games")
    parser.add_argument("--others", action="store_true", help="also Royale and Draco")
    parser.add_argument("--child", nargs=2, metavar=("TREE", "WORK"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.reps)
        return
    if not args.trees:
        parser.error("--trees BASE NEW is required")
    trees = [str(Path(t).resolve()) for t in args.trees]
    for work in workloads(args.games, args.heuristic, args.others):
        best = [float("inf"), float("inf")]
        loads = []
        for _ in range(args.rounds):
            for i, tree in enumerate(trees):
                env = dict(os.environ, PYTHONPATH=tree)
                done = subprocess.run([sys.executable, __file__, "--child", tree, work, "--reps", str(args.reps)],
                                      env=env, capture_output=True, text=True, cwd=tree)
                if done.returncode:
                    sys.exit(f"{tree} {work}:\n{done.stderr[-3000:]}")
                best[i] = min(best[i], json.loads(done.stdout.strip().splitlines()[-1])["best"])
                loads.append(os.getloadavg()[0])
        print(f"{work}: {trees[0]} {best[0]:.3f} s, {trees[1]} {best[1]:.3f} s CPU (best of {args.rounds} x "
              f"{args.reps}), ratio {best[1] / best[0]:.3f}, load {min(loads):.1f}-{max(loads):.1f}", flush=True)


if __name__ == "__main__":
    main()
