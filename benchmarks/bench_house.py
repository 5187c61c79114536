"""House rules: what a hook costs. Reference games per second of each shipped game, with and
without its house rule example, and the compiled tier's for scale (random agents, one process).

    python benchmarks/bench_house.py [--games 2000] [--compiled]

Run it on this checkout and on one without the hooks (PYTHONPATH=... of the other checkout,
same command) to see that the reference engine without a house rule did not slow down.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgen.engine.api import RandomAgent  # noqa: E402
from cardgen.resolve.resolve import resolve  # noqa: E402
from cardgen.simulate.runner import play_game  # noqa: E402

CASES = [("king_lui", "king_lui-gentle-overeating", 3), ("draco", "draco-charity-toast", 4)]


def rate(deck_id: str, players: int, games: int, house: bool) -> float:
    """Reference games per second (best of three runs)."""
    deck = resolve(deck_id, ROOT)
    game = deck.spec.new_game(deck, players)
    if house:
        from cardgen.house import install
        game = install(game, deck)
    agents = [RandomAgent() for _ in range(players)]
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for seed in range(games):
            play_game(game, seed, agents)
        best = max(best, games / (time.perf_counter() - start))
    return best


def compiled_rate(deck_id: str, players: int, games: int) -> float | None:
    deck = resolve(deck_id, ROOT)
    fast = deck.spec.fast(deck, players) if deck.spec.fast else None
    if fast is None or isinstance(fast, str):
        return None
    fast.play(0, ["random"] * players, 10_000, False)  # compile or load the cache first
    start = time.perf_counter()
    for seed in range(games):
        fast.play(seed, ["random"] * players, 10_000, False)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--compiled", action="store_true", help="also time the compiled tier (numba)")
    args = parser.parse_args()
    for base, variant, players in CASES:
        games = args.games if base == "king_lui" else max(1, args.games // 10)
        line = f"{base} {players}p reference: {rate(base, players, games, False):8.0f} games/s"
        try:
            line += f" | with house rule {variant}: {rate(variant, players, games, True):8.0f} games/s"
        except Exception as exc:  # a checkout without house rules
            line += f" | no house rules here ({type(exc).__name__})"
        if args.compiled:
            fast = compiled_rate(base, players, games * 5)
            line += f" | compiled: {fast:8.0f} games/s" if fast else " | compiled: none"
        print(line, flush=True)


if __name__ == "__main__":
    main()
