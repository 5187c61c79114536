"""Simulation speed: games per second per game and agent, one process and 2 jobs.

    python benchmarks/bench_simulate.py [--games 10000] [--heuristic-games 300] [--project .]

For each game's base deck (``decks/*.yaml``) with an engine, at the middle of its
player range, it measures:

* 1 process: ``run_chunk`` in this process after a warm-up (engine + agents + tallies);
* 2 jobs: the whole of ``run_validation`` with ``jobs=2``, wall clock, including the
  worker start-up and each worker resolving the deck.

Targets (reported, never asserted; the machine may be busy): 10,000 King Lui random
games under 1 s wall on 2 cores; Royale and Draco at least 2,000 games/s.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import Chunk, DeckRef, load_project_deck, run_chunk
from cardgen.simulate.validate import ValidateOptions, run_validation

#: game id -> (agent, what the target is) ; checked against the 2-jobs figure
TARGETS = {("king_lui", "random"): ("10,000 games < 1 s wall", lambda rate, wall10k: wall10k < 1.0),
           ("royale", "random"): (">= 2,000 games/s", lambda rate, wall10k: rate >= 2000),
           ("draco", "random"): (">= 2,000 games/s", lambda rate, wall10k: rate >= 2000)}


def one_process(ref: DeckRef, players: int, agent: str, games: int) -> float:
    """Games per second in this process (after resolving the deck and a short warm-up)."""
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 7, 0, min(20, games)))
    start = time.perf_counter()
    run_chunk(Chunk(load_project_deck, ref, players, (agent,), 1, 0, games))
    return games / (time.perf_counter() - start)


def two_jobs(deck, players: int, agent: str, games: int) -> float:  # type: ignore[no-untyped-def]
    """Wall seconds of a whole ``run_validation`` over ``games`` games with 2 worker processes."""
    opts = ValidateOptions(games=games, players=[players], agents=[agent], jobs=2, out=None, progress=False)
    start = time.perf_counter()
    run_validation([deck], opts)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--games", type=int, default=10_000, help="games per measurement with random agents")
    parser.add_argument("--heuristic-games", type=int, default=300, help="games per measurement, other agents")
    args = parser.parse_args()
    project = Project.open(args.project)
    resolver = Resolver(project)
    rows = []
    for deck_id in project.deck_ids:
        deck = resolver.resolve(deck_id)
        if deck.spec.new_game is None:
            print(f"{deck_id}: no engine yet, skipped")
            continue
        counts = deck.model.players.counts
        players = counts[len(counts) // 2]
        ref = DeckRef.of(deck)
        for agent in ["random", *deck.spec.agents]:
            games = args.games if agent == "random" else args.heuristic_games
            rate1 = one_process(ref, players, agent, games)
            wall = two_jobs(deck, players, agent, games)
            rate2 = games / wall
            target = TARGETS.get((deck.game, agent))
            verdict = ""
            if target:
                met = target[1](rate2, wall * 10_000 / games)
                verdict = f"{target[0]}: {'met' if met else 'NOT met'}"
            rows.append((deck.game, agent, players, games, rate1, rate2, wall, verdict))
    head = ("game", "agent", "players", "games", "1 proc g/s", "2 jobs g/s", "2 jobs wall s", "target")
    widths = [10, 10, 7, 7, 11, 11, 13, 0]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for game, agent, players, games, r1, r2, wall, verdict in rows:
        cells = (game, agent, str(players), str(games), f"{r1:,.0f}", f"{r2:,.0f}", f"{wall:.2f}", verdict)
        print("  ".join(c.ljust(w) for c, w in zip(cells, widths)))


if __name__ == "__main__":
    main()
