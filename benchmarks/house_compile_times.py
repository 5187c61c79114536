"""Where a new house rule's first compile goes: each jitted function's own compile time (CPU), from numba's events.

usage: python benchmarks/house_compile_times.py GAME --cache DIR [--text N] [--players P] [--top N]

GAME is ``royale`` (tests/test_royale_house.py's "rest" rule) or ``draco`` (tests/test_draco_house.py's "buy" rule).
``--cache DIR`` is a private ``CARDGEN_CACHE_DIR``: where it holds no base build yet, a first process warms it
(``autoengine.warm`` of the base game, what a first ``compare GAME GAME-short`` builds), so that what is measured
is a rule's own compile over a warm base, as a designer meets it. ``--text N`` writes the rule with N comment lines
added: a new rule text (a new file digest, so new names in numba's cache), the same rule; a second ``--text`` over
the same ``--cache`` measures what an edit of the rule costs once a first rule compiled.

In this process: ``house_fast`` (the rule's hooks compiled against the view), one recorded game with default
("heuristic") players (the house loop ``house_play`` and the look-ahead ``covered``) and one ``play_on`` from a
reference state (``house_future``). A listener on numba's ``numba:compile`` events gives each function its own time
(a callee compiles while its caller is typed; a stack of the open events subtracts it); ``xN``: N compiled copies
(signatures, literal types). Reported, never asserted (docs/DEVELOPING.md, "A new house rule's first compile").
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = {"royale": ("tests.test_royale_house", "REST"), "draco": ("tests.test_draco_house", "BUY")}


def warm_base(game: str) -> None:
    """The base game's tier built into the cache (``autoengine.warm`` at the smallest player count it plays)."""
    from cardgen.simulate import autoengine
    from cardgen.simulate.runner import DeckRef, cached_fast, load_project_deck

    ref = DeckRef(str(ROOT), game, "")
    for players in range(load_project_deck(ref).model.players.min, 9):  # Draco plays 3 to 6: no 1 nor 2
        fast = cached_fast(load_project_deck, ref, players)
        if not isinstance(fast, str):
            break
    else:
        raise SystemExit(f"{game}: no compiled tier ({fast})")
    autoengine.warm(fast, game, players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(RULES))
    parser.add_argument("--cache", required=True)
    parser.add_argument("--text", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--base-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ["CARDGEN_CACHE_DIR"] = args.cache
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    if args.base_only:
        start = time.process_time()
        warm_base(args.game)
        print(f"base {args.game} warmed: {time.process_time() - start:.1f} s of CPU")
        return
    mark = Path(args.cache) / f"base-{args.game}.done"
    if not mark.exists():
        subprocess.run([sys.executable, __file__, args.game, "--cache", args.cache, "--base-only"], check=True)
        mark.write_text("warm\n", encoding="utf-8")

    from compile_times import listen  # the same listener (this folder is on the path when run as a script)


    import importlib
    import random

    from tests.test_house import project, resolve

    from cardgen.house import install
    from cardgen.simulate.runner import with_house

    module, attr = RULES[args.game]
    rule = getattr(importlib.import_module(module), attr)
    rule += "".join(f"# edit {i}\n" for i in range(args.text))
    root = project(Path(tempfile.mkdtemp(prefix="house-compile-")), rule, game=args.game)
    deck = resolve("house", root)
    compiled_house = importlib.import_module(f"cardgen.games.{args.game}.compiled_house")
    own, copies = listen()  # from here on: the rule's compile, not the project's set-up
    laps = []
    start = time.process_time()
    fast = with_house(compiled_house.house_fast(deck, args.players), deck)
    assert not isinstance(fast, str), fast
    laps.append(("house_fast", time.process_time()))
    agents = ["heuristic"] * args.players
    fast.play(1, agents, 10_000, True)
    laps.append(("play (loop, look-ahead)", time.process_time()))
    game = install(deck.spec.new_game(deck, args.players), deck)
    state, rng = game.new_initial_state(2), random.Random(2)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    fast.play_on(state, agents, 3, 10_000)
    laps.append(("play_on (future)", time.process_time()))
    print(f"{args.game} rule text {args.text}: {time.process_time() - start:.1f} s of CPU, "
          f"{sum(own.values()):.1f} s compiling; laps: " + ", ".join(
              f"{name} {at - (laps[i - 1][1] if i else start):.1f}" for i, (name, at) in enumerate(laps)))
    for name, seconds in own.most_common(args.top):
        print(f"{seconds:7.2f} s  x{copies[name]}  {name}")
    rest = own.most_common()[args.top:]
    if rest:
        print(f"{sum(s for _, s in rest):7.2f} s  in {len(rest)} more functions")


if __name__ == "__main__":
    main()
