"""What a search game costs on a King Lui house rule against the base game (issue 50's "at most 2x"), one process.

The same seeds, in turn: search players (default iterations) in every seat of King Lui, of King Lui with the "pass"
rule (``bench_cover.PASS``: an added action, compiled with the game's steps) and of King Lui with an ``apply`` hook
that changes nothing (every action through a hook). Each game is timed (CPU seconds); the first game of each is not
counted (it loads or compiles the search driver). With ``--python`` the house rules are searched in Python too
(the compiled driver switched off), as before the driver: slow, so few games.

    python benchmarks/bench_house_search.py [--games 6] [--players 3] [--python]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_cover import project  # noqa: E402
from cardgen.house import install  # noqa: E402
from cardgen.resolve.resolve import resolve  # noqa: E402
from cardgen.simulate.runner import agent_factories, play_game  # noqa: E402

#: an ``apply`` hook that changes nothing: every action goes through the rule
SAME = "def apply(state, action, default):\n    default(action)\n"


def timed(deck_id: str, root: Path, players: int, seeds: range, compiled: bool = True) -> list[float]:
    """CPU seconds of each search game of ``deck_id`` at ``seeds`` (the first seed played before, not counted)."""
    deck = resolve(deck_id, root)
    game = deck.spec.new_game(deck, players)
    if deck.model.code is not None:
        game = install(game, deck)
    make = agent_factories(deck.spec)["search"]

    def agents() -> list:
        made = [make() for _ in range(players)]
        for agent in made:
            agent.compiled = compiled
        return made

    play_game(game, seeds.start - 1, agents(), cap=10_000)
    out = []
    for seed in seeds:
        start = time.process_time()
        result = play_game(game, seed, agents(), cap=10_000)
        out.append(time.process_time() - start)
        if not result.completed:
            raise SystemExit(f"{deck_id} seed {seed} did not complete: {result.gaps[:1]}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--python", action="store_true", help="also search the house rules in Python")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp))
        (root / "house" / "same.py").write_text(SAME, encoding="utf-8")
        (root / "variants" / "kl-same.yaml").write_text(
            (root / "variants" / "kl-pass.yaml").read_text(encoding="utf-8").replace("house/kl_pass.py",
                                                                                     "house/same.py"),
            encoding="utf-8")
        seeds = range(1, 1 + args.games)
        runs = [("king_lui", True), ("kl-pass", True), ("kl-same", True)]
        if args.python:
            runs += [("kl-pass", False), ("kl-same", False)]
        base = None
        for deck_id, compiled in runs:
            times = timed(deck_id, root, args.players, seeds, compiled)
            mean = sum(times) / len(times)
            base = mean if base is None else base
            how = "" if compiled else " (Python search)"
            print(f"{deck_id}{how}: {mean:.3f} s a search game over {len(times)} games, {mean / base:.2f}x the base game",
                  flush=True)


if __name__ == "__main__":
    main()
