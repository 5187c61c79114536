"""Where a game's first compile goes: each jitted function's own compile time (CPU), from numba's events.

usage: python benchmarks/compile_times.py GAME [--project DIR] [--top N]

Runs, in this process and from an empty numba cache, what a background build runs first (``autoengine.warm`` at the
smallest player count), listening to numba's ``numba:compile`` events (``numba.core.event``). A callee compiles while its
caller is typed, so inclusive times nest; a stack of the open events gives each function its own time. Reported,
never asserted (docs/DEVELOPING.md, "Royale's first build: where its compile goes").
"""
from __future__ import annotations

import argparse
import collections
import os
import tempfile
import time
from pathlib import Path


def listen() -> tuple[collections.Counter[str], collections.Counter[str]]:
    """(each jitted function's own compile CPU seconds, its copies), filled from now on by a listener on numba's
    ``numba:compile`` events: a stack of the open events takes each callee's time out of its caller's."""
    from numba.core import event

    stack: list[list[float]] = []
    own: collections.Counter[str] = collections.Counter()
    copies: collections.Counter[str] = collections.Counter()

    class Listener(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            stack.append([time.process_time(), 0.0])

        def on_end(self, ev: event.Event) -> None:
            start, children = stack.pop()
            spent = time.process_time() - start
            dispatcher = ev.data.get("dispatcher")
            name = f"{dispatcher.py_func.__module__}.{dispatcher.py_func.__qualname__}" if dispatcher else "?"
            own[name] += spent - children
            copies[name] += 1
            if stack:
                stack[-1][1] += spent

    event.register("numba:compile", Listener())
    return own, copies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--project", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="compile-times-")
    os.environ["NUMBA_CACHE_DIR"] = os.path.join(scratch, "numba")
    os.environ["CARDGEN_CACHE_DIR"] = os.path.join(scratch, "cardgen")
    own, copies = listen()
    from cardgen.simulate import autoengine
    from cardgen.simulate.runner import DeckRef, cached_fast, load_project_deck

    start = time.process_time()
    ref = DeckRef(args.project, args.game, "")
    for players in range(1, 9):  # the smallest count the game's tier plays (a string: why it cannot)
        fast = cached_fast(load_project_deck, ref, players)
        if not isinstance(fast, str):
            break
    else:
        raise SystemExit(f"{args.game}: no compiled tier ({fast})")
    autoengine.warm(fast, args.game, players)
    print(f"{args.game}: {time.process_time() - start:.1f} s of CPU, {sum(own.values()):.1f} s compiling")
    for name, seconds in own.most_common(args.top):
        print(f"{seconds:7.2f} s  x{copies[name]}  {name}")


if __name__ == "__main__":
    main()
