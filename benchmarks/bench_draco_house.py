"""What a Draco house rule that adds a choice costs on each tier (issue 50 step 2), in one process.

The rule is tests/test_draco_house.py's ``BUY`` (in the play phase, a player with at least 1 silver may pay 1 to the
bank to draw a card while the pile holds 2 or more: a new action, no value kept on the state). The same seeds are
played by the default players in every seat (``heuristic``: on the reference engine they judge the added action by
``CoveredAgent``'s look-ahead, on the compiled tier by ``coverloop`` compiled with the rule) and by random players,
on the base game and with the rule, on the reference engine and on the compiled tier (compiled before the clock
starts). CPU seconds per game, one process:

    python benchmarks/bench_draco_house.py [--games 10] [--players 4]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from cardgen.house import install  # noqa: E402
from cardgen.resolve.resolve import resolve  # noqa: E402
from cardgen.simulate.runner import agent_factories, play_game, with_house  # noqa: E402
from tests.test_draco_house import BUY  # noqa: E402
from tests.test_house import project  # noqa: E402


def per_game(play: object, games: int) -> float:
    """CPU seconds per game of ``play(seed)`` over seeds ``0..games-1``."""
    start = time.process_time()
    for seed in range(games):
        play(seed)  # type: ignore[operator]
    return (time.process_time() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    n = args.players
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp), BUY, game="draco")
        for agent in ("heuristic", "random"):
            names = [agent] * n
            row = []
            for deck_id in ("draco", "house"):
                deck = resolve(deck_id, root)
                game = install(deck.spec.new_game(deck, n), deck) if deck.model.code else deck.spec.new_game(deck, n)
                makers = agent_factories(deck.spec)
                fast = with_house(deck.spec.fast(deck, n), deck)
                assert not isinstance(fast, str), fast
                fast.play(0, names, 10_000, False)  # compiled (or loaded from numba's cache) before the clock
                ref = per_game(lambda seed: play_game(game, seed, [makers[a]() for a in names], names), args.games)
                got = per_game(lambda seed: fast.play(seed, names, 10_000, False), args.games)
                row.append(f"{'base' if deck_id == 'draco' else 'with the rule'}: reference {ref:.4f}, "
                           f"compiled {got:.6f} ({ref / got:.0f}x)")
            print(f"Draco, {n} {agent} players, {args.games} games, CPU s a game: " + "; ".join(row))


if __name__ == "__main__":
    main()
