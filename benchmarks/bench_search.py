"""Search agent: speed with every seat searching, and win rates against the heuristic.

    python benchmarks/bench_search.py [--iterations 200] [--games 2] [--only king_lui] [--policy]
    python benchmarks/bench_search.py --versus heuristic --match-games 200 [--match-iterations 200]

Speed: for each game's base deck at the player count of its target, plays
``--games`` whole games in this process (one core) with ``search`` in every seat,
and reports which search ran (a game's compiled driver, ``State.compiled_search``,
or the Python ``SearchAgent``), seconds per game, decisions per game, iterations run per second,
and the cost of one ``State.determinize`` and one random rollout from the start.

Targets (reported, never asserted; the machine may be busy): at 200 iterations
per decision, a 4-player King Lui game <= 0.5 s, a 3-player Royale game and a
5-player Draco game <= 2 s each.

Win rates (``--versus``): search in one seat against the other agent in all the
others, search's seat rotated game by game (``cardgen.simulate.skill``, the same
games as ``validate --skill``), with a 95 % Wilson interval and the fair share.
"""
from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from cardgen.agents import SearchAgent
from cardgen.agents.search import random_rollout
from cardgen.engine.api import State
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import DeckRef, load_project_deck, play_game
from cardgen.simulate.skill import SkillChunk, run_skill_chunk, skill_json

#: game -> (players, seconds per game at 200 iterations)
TARGETS = {"king_lui": (4, 0.5), "royale": (3, 2.0), "draco": (5, 2.0)}


class CountingSearch(SearchAgent):
    """``SearchAgent`` that counts the iterations it runs (early stops make it fewer than the budget)."""

    done = 0

    def _iterate(self, root, sample, rng, rollout):  # type: ignore[no-untyped-def]
        CountingSearch.done += 1
        super()._iterate(root, sample, rng, rollout)


def path(state, agent: SearchAgent) -> str:  # type: ignore[no-untyped-def]
    """Which search runs for this game: the engine's compiled driver or the Python ``SearchAgent``."""
    legal = state.legal_actions()
    if agent.compiled and type(state).compiled_search is not State.compiled_search \
            and state.compiled_search(agent.params, legal, 0) is not None:
        return "compiled"
    return "python"


def speed(deck, players: int, iterations: int, games: int,  # type: ignore[no-untyped-def]
          policy: bool = False) -> dict[str, float]:
    """Seconds per game with search in every seat (``policy``: with the game's heuristic, as the simulator)."""
    game = deck.spec.new_game(deck, players)
    state = game.new_initial_state(0)
    heuristic = deck.spec.agents.get("heuristic") if policy else None
    make = lambda: CountingSearch(iterations, policy=heuristic)  # noqa: E731
    which = path(state, make())
    start = time.perf_counter()
    for i in range(50):
        state.determinize(0, random.Random(i))
    determinize = (time.perf_counter() - start) / 50
    start = time.perf_counter()
    for i in range(20):
        random_rollout(state.determinize(0, random.Random(i)), random.Random(i))
    rollout = (time.perf_counter() - start) / 20 - determinize
    CountingSearch.done = 0
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        result = play_game(game, seed, [make() for _ in range(players)], record=True)
        decisions += len(result.actions or [])
    wall = (time.perf_counter() - start) / games
    return {"s_per_game": wall, "decisions": decisions / games, "iterations": CountingSearch.done / games,
            "it_per_s": CountingSearch.done / (wall * games), "determinize_ms": determinize * 1000,
            "rollout_ms": rollout * 1000, "path": which}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=2, help="games per speed measurement")
    parser.add_argument("--only", nargs="*", help="game ids (default: every game with a target)")
    parser.add_argument("--policy", action="store_true",
                        help="speed of search with the game's heuristic (paired rollouts, as the simulator's)")
    parser.add_argument("--versus", help="also play search against this agent (e.g. heuristic)")
    parser.add_argument("--match-games", type=int, default=200)
    parser.add_argument("--match-iterations", type=int, default=200)
    args = parser.parse_args()
    project = Project.open(args.project)
    resolver = Resolver(project)
    for game_id, (players, target) in TARGETS.items():
        if args.only and game_id not in args.only:
            continue
        deck = resolver.resolve(game_id)
        if args.games:
            s = speed(deck, players, args.iterations, args.games, args.policy)
            verdict = "meets" if s["s_per_game"] <= target else "misses"
            ran = (f"{s['iterations']:.0f} iterations run ({s['it_per_s']:.0f}/s)" if s["path"] == "python"
                   else "iterations inside the driver")
            print(f"{game_id} {players}p, {args.iterations} it/decision, {s['path']} search"
                  f"{' with the heuristic' if args.policy else ''}: {s['s_per_game']:.2f} s/game "
                  f"({verdict} <= {target} s); {s['decisions']:.0f} decisions, {ran}; "
                  f"determinize {s['determinize_ms']:.2f} ms, "
                  f"rollout from the start {s['rollout_ms']:.2f} ms", flush=True)
        if args.versus:  # in steps of 10 games, printing the running figure (long on a busy machine)
            start = time.perf_counter()
            share, games, completed = 0.0, 0, 0
            for first in range(0, args.match_games, 10):
                chunk = SkillChunk(load_project_deck, DeckRef.of(deck), players, args.versus, 1, first,
                                   min(args.match_games, first + 10), search_iterations=args.match_iterations)
                s, g, c = run_skill_chunk(chunk)
                share, games, completed = share + s, games + g, completed + c
                r = skill_json(players, {args.versus: (share, games, completed)}, args.match_iterations)["versus"][
                    args.versus]
                print(f"{game_id} {players}p: search ({args.match_iterations} it) vs {args.versus}: win share "
                      f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}-{100 * r['high']:.1f}] over {games} games "
                      f"(fair {100 / players:.1f}%, edge {r['edge']:.2f}), {time.perf_counter() - start:.0f} s",
                      flush=True)


if __name__ == "__main__":
    main()
