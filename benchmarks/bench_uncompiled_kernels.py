"""King Lui's compiled kernels run as plain Python, against the reference engine (issue 37).

    NUMBA_DISABLE_JIT=1 python benchmarks/bench_uncompiled_kernels.py [--games 200] [--players 4]

Writing each rule once as "one engine over the kernels' array layout" would make the kernels
the readable reference too. This measures what that costs the reference tier as the kernels
stand: ``KingLuiFast.play`` (deal, legal, apply, outcome over one int64 array, the
``fastrng`` twister) with numba switched off, against ``KingLuiState`` with random players on
the same seeds, CPU time per process. Run without ``NUMBA_DISABLE_JIT`` it times the compiled
tier instead (the first run compiles it).
"""
from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from cardgen.games.king_lui.compiled import fast_engine
from cardgen.games.king_lui.engine import KingLuiGame
from cardgen.simulate.runner import DeckRef, load_project_deck

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    deck = load_project_deck(DeckRef(str(ROOT), "king_lui", "decks/king_lui.yaml"))
    fast = fast_engine(deck, args.players)
    assert not isinstance(fast, str), fast
    start = time.process_time()
    for seed in range(args.games):
        fast.play(seed, ["random"] * args.players, 10_000, False)
    kernels = args.games / (time.process_time() - start)
    game = KingLuiGame(deck, args.players)
    start = time.process_time()
    for seed in range(args.games):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while state.end_reason is None and (legal := state.legal_actions()):
            state.apply(legal[rng.randrange(len(legal))])
    reference = args.games / (time.process_time() - start)
    form = "uncompiled" if os.environ.get("NUMBA_DISABLE_JIT") == "1" else "compiled"
    print(f"King Lui, {args.players} players, random: kernels ({form}) {kernels:,.0f} games/s, "
          f"reference engine {reference:,.0f} games/s ({reference / kernels:.1f} x)")


if __name__ == "__main__":
    main()
