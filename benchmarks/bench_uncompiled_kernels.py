"""King Lui's compiled kernels run as plain Python, against the reference engine (issue 37).

    NUMBA_DISABLE_JIT=1 python benchmarks/bench_uncompiled_kernels.py [--games 200] [--players 4]
                                                                      [--lists [--memo]]

Writing each rule once as "one engine over the kernels' array layout" would make the kernels
the readable reference too. This measures what that costs the reference tier as the kernels
stand: ``KingLuiFast.play`` (deal, legal, apply, outcome over one int64 array, the
``fastrng`` twister) with numba switched off, against ``KingLuiState`` with random players on
the same seeds, CPU time per process. Run without ``NUMBA_DISABLE_JIT`` it times the compiled
tier instead (the first run compiles it).

``--lists`` (with ``NUMBA_DISABLE_JIT=1``) runs the same rule kernels (``settle``, ``legal``,
``apply``) on the position as a Python *list*, the shuffle and the random players drawing from
``random.Random`` as the reference engine's do: what the readable form of one engine over the
array layout would run. ``--memo`` also keeps the Emerald actions per king's place (capped at one
meal), as ``KingLuiGame.emerald_actions`` does, in place of ``compiled_rules._emeralds``' scan.
"""
from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np
from pathlib import Path

from cardgen.games.king_lui.compiled import fast_engine
from cardgen.games.king_lui.engine import KingLuiGame
from cardgen.simulate.runner import DeckRef, load_project_deck

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--lists", action="store_true", help="the kernels on Python lists with random.Random")
    ap.add_argument("--memo", action="store_true", help="with --lists: the Emerald actions memoised")
    args = ap.parse_args()
    deck = load_project_deck(DeckRef(str(ROOT), "king_lui", "decks/king_lui.yaml"))
    if args.lists:
        assert os.environ.get("NUMBA_DISABLE_JIT") == "1", "--lists times the kernels as Python"
        return on_lists(deck, args.games, args.players, args.memo)
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


class _Combos(dict):
    """``combo_cnt`` as a dict keyed ``(c, d)``: what the kernels index, with its ``shape``."""

    shape: tuple[int, ...] = (0, 0)


def on_lists(deck: object, games: int, players: int, memo: bool) -> None:
    """``--lists``: the kernels on a list position against the reference engine, seeds 0..games-1,
    three rounds (the first warms up); CPU time."""
    from cardgen.games.king_lui import compiled_rules as core
    from cardgen.games.king_lui.compiled import tables

    game = KingLuiGame(deck, players)  # type: ignore[arg-type]
    t = tables(game)
    assert not isinstance(t, str), t
    cfg = [int(x) for x in t.cfg]
    combos = _Combos({(c, d): int(t.combo_cnt[c, d]) for c in range(t.combo_cnt.shape[0])
                      for d in range(t.combo_cnt.shape[1])})
    combos.shape = t.combo_cnt.shape
    if memo:
        scan, found, cap = core._emeralds, {}, cfg[core.C_PORTIONS]

        def emeralds(s: list[int], out: list[int], m: int, combo_cnt: object, n: int) -> int:
            key = tuple(min(x, cap) for x in s[core.HEADER + n:core.HEADER + 2 * n])
            codes = found.get(key)
            if codes is None:
                row = [0] * len(out)
                codes = found[key] = row[:scan(s, row, 0, combo_cnt, n)]
            out[m:m + len(codes)] = codes
            return m + len(codes)
        core._emeralds = emeralds
    dish_of = list(game.dish_of)
    n = len(game.dishes)
    size = core.size(n, players, len(dish_of))
    gaps = np.zeros((64, 3), dtype=np.int64)
    buf = [0] * (n + 2 + combos.shape[0])

    def play(seed: int) -> tuple[int, list[int]]:
        """One game on a list position: the engine's shuffle (``random.Random(seed)``), a random player
        drawing from its own ``random.Random(seed)``; its turns and scores."""
        supply = list(range(len(dish_of)))
        random.Random(seed).shuffle(supply)
        s = [0] * size
        for i, card in enumerate(supply):
            s[size - len(dish_of) + i] = dish_of[card]
        s[core.S_SP] = len(dish_of)
        core.settle(s, cfg, gaps, core._DEAL)
        rng = random.Random(seed)
        while m := core.legal(s, cfg, combos, buf):
            core.apply(s, buf[rng.randrange(m)], cfg, combos, gaps)
        scores, won, discarded = [0] * players, [0] * players, [0] * players
        core.outcome(s, cfg, scores, won, discarded)
        return s[core.S_TURNS], scores

    for _ in range(3):
        start = time.process_time()
        ends = [play(seed) for seed in range(games)]
        lists = games / (time.process_time() - start)
        start = time.process_time()
        for seed in range(games):
            state, rng = game.new_initial_state(seed), random.Random(seed)
            while state.end_reason is None and (legal := state.legal_actions()):
                state.apply(legal[rng.randrange(len(legal))])
        reference = games / (time.process_time() - start)
        same = 0
        for seed in range(games):  # the same games: turns and scores of the reference, seed by seed
            state, rng = game.new_initial_state(seed), random.Random(seed)
            while state.end_reason is None and (legal := state.legal_actions()):
                state.apply(legal[rng.randrange(len(legal))])
            same += ends[seed] == (state.turns, [int(x) for x in state.outcome().scores])
        print(f"{same} of {games} games the same; "
              f"King Lui, {players} players, random: kernels on lists{' (memo)' if memo else ''} "
              f"{lists:,.0f} games/s, reference engine {reference:,.0f} games/s ({reference / lists:.2f} x)",
              flush=True)


if __name__ == "__main__":
    main()
