"""Issue 49's "done when" speed, side by side: the tree before one rule flow (the base) against this one.

    python benchmarks/bench_issue49.py --base /work/base49 --main . [--rounds 3] [--first-rounds 2]
                                       [--cache-root /tmp/bench49] [--only kl-random,first-royale,...]

What: the workloads issue 49 names ("100,000 King Lui games, 1,000 Royale and Draco heuristic
games, a first validate on a fresh install, a search game per game"), each run as a whole command
in a fresh process of each tree (``PYTHONPATH`` = the tree, cwd = the tree, its own decks):

1. ``validate king_lui --players 4 --games 100000 --agents random --engine fast --jobs 1
   --no-designer --seed 1``, and the same with the default (heuristic) agents (``--kl-heuristic-games``);
2. ``validate royale|draco --players 4 --games 1000 --jobs 1 --seed 1`` (default heuristic agents,
   ``--engine auto``: the compiled tier, built), with ``--no-designer`` and with the default designer
   figures (``--designer``). Main's default designer run also plays its card-exchange experiment
   (``--exchange-points``, which the base does not have): one more row gives main with
   ``--exchange-points 0``, the base's work, beside the base's default;
3. ``validate <game> --games 200 --jobs 1`` on a fresh install: an empty ``CARDGEN_CACHE_DIR`` and an
   empty ``PYTHONPYCACHEPREFIX`` per run (bench_first_run.py's set-up), the command's own CPU and,
   separately, the CPU of the background build it starts (this process is made a child subreaper,
   so the detached build becomes its child when the command ends and is waited for here);
4. a search game per game: ``benchmarks/bench_search.py``'s ``speed`` (the same file in both trees)
   with ``--search-games`` (1) games at its target's player count and 200 iterations, called from a
   short ``python -c`` so its CPU seconds per game come unrounded; plain search and with the heuristic.

Also ``validate <game> --players 4 --games 1 --engine fast --no-designer``: a command's fixed cost
(imports, the deck, the compiled tier loaded from the cache, the report), to read rows 1-2 by.

How: CPU seconds of each command and its children (``os.wait4``'s rusage), not wall time (the
machine is shared); warm workloads use one cache folder per tree (``<cache-root>/cache-base`` and
``cache-main``) and one untimed warm-up run per tree first (at most 1,000 games), so numba's compile
is never timed;
rounds alternate the trees (base, main, base, main, ...) so a change of load falls on both; the
table gives each tree's best (min) over the rounds, the ratio main/base, the spread of the rounds
(max/min - 1) and the 1-minute load average seen. Only options both trees have, except the row
named above. Linux only (``prctl``). Reported, never asserted: the figures are what one run on one
machine saw; docs/DEVELOPING.md ("Issue 49's speed, side by side") has the table of 2026-12-01.
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
GAMES = ("king_lui", "royale", "draco")
#: In a tree's process: bench_search.speed's CPU seconds per game, plain search and with the heuristic, as JSON.
SEARCH = """
import json, sys
sys.path.insert(0, "benchmarks")
import bench_search as b
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
game, games = sys.argv[1], int(sys.argv[2])
deck = Resolver(Project.open(".")).resolve(game)
players = b.TARGETS[game][0]
out = {"plain": b.speed(deck, players, 200, games, None)["cpu_per_game"]}
policy = deck.spec.agents.get("heuristic")
if policy is not None:
    out["heuristic"] = b.speed(deck, players, 200, games, policy)["cpu_per_game"]
print(json.dumps(out))
"""


def loadavg() -> float:
    return os.getloadavg()[0]


def subreaper() -> None:
    """Orphans of our children (a detached background build) become our children, so we can wait for them."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


def cpu_of(ru) -> float:  # type: ignore[no-untyped-def]
    return ru.ru_utime + ru.ru_stime


def command(tree: str, args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(CPU s, wall s, stdout) of ``python *args`` run in ``tree`` (its children it waited for included)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen([PY, *args], cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
        _, status, ru = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read()
    if proc.returncode not in (0, 1):  # 1: validate's findings (a warning, a failed target), not a crash
        raise SystemExit(f"{tree}: {' '.join(args)} exited {proc.returncode}:\n{text[-3000:]}")
    return cpu_of(ru), wall, text


def orphans() -> float:
    """CPU seconds of every process left to us (background builds), once each has ended."""
    total = 0.0
    while True:
        try:
            _, _, ru = os.wait4(-1, 0)
        except ChildProcessError:
            return total
        total += cpu_of(ru)


def fewer(args: list[str], games: int = 1000) -> list[str]:
    """``args`` with ``--games N`` at most ``games``: a warm-up compiles (or loads) the same code."""
    i = args.index("--games")
    return [*args[:i + 1], str(min(games, int(args[i + 1]))), *args[i + 2:]]


def environment(tree: str, cache: Path, pyc: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": tree, "CARDGEN_CACHE_DIR": str(cache)}
    for name in ("NUMBA_CACHE_DIR", "PYTHONDONTWRITEBYTECODE", "CARDGEN_BACKGROUND_BUILD", "CARDGEN_AUTO_WAITS"):
        env.pop(name, None)
    if pyc is not None:
        env["PYTHONPYCACHEPREFIX"] = str(pyc)
    return env


class Row:
    """One workload: every round's CPU seconds per tree (and extra figures), and the loads seen."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cpu: dict[str, list[float]] = {"base": [], "main": []}
        self.extra: dict[str, list[float]] = {"base": [], "main": []}
        self.loads: list[float] = []

    def add(self, tree: str, cpu: float, extra: float | None = None) -> None:
        self.cpu[tree].append(cpu)
        if extra is not None:
            self.extra[tree].append(extra)
        self.loads.append(loadavg())

    @staticmethod
    def spread(values: list[float]) -> str:
        return f"{100 * (max(values) / min(values) - 1):.0f} %" if len(values) > 1 and min(values) > 0 else "-"

    @staticmethod
    def secs(x: float) -> str:
        return f"{x:.3f}" if x < 1 else f"{x:.2f}"

    def line(self) -> str:
        b, m = self.cpu["base"], self.cpu["main"]
        if not b or not m:
            return f"| {self.name} | {self.secs(min(b, default=0))} | {self.secs(min(m, default=0))} | - | | |"
        ratio = min(m) / min(b)
        rounds = f"{len(b)}/{len(m)}"
        text = (f"| {self.name} | {self.secs(min(b))} | {self.secs(min(m))} | {ratio:.2f} | {rounds}, spread "
                f"{self.spread(b)} / {self.spread(m)} | {min(self.loads):.1f}-{max(self.loads):.1f} |")
        if self.extra["base"] and self.extra["main"]:
            eb, em = min(self.extra["base"]), min(self.extra["main"])
            text += (f"\n| {self.name}: its background build | {eb:.1f} | {em:.1f} | {em / eb:.2f} | spread "
                     f"{self.spread(self.extra['base'])} / {self.spread(self.extra['main'])} | |")
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the tree before issue 49 (171089fb)")
    parser.add_argument("--main", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the warm workloads, trees alternated")
    parser.add_argument("--first-rounds", type=int, default=2, help="rounds of the fresh-install validates")
    parser.add_argument("--cache-root", default=str(Path(tempfile.gettempdir()) / "bench-issue49"))
    parser.add_argument("--kl-games", type=int, default=100_000)
    parser.add_argument("--kl-heuristic-games", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1000, help="Royale and Draco heuristic games")
    parser.add_argument("--first-games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=1, help="search games per measurement")
    parser.add_argument("--designer", action="store_true", help="also Royale and Draco with the designer figures")
    parser.add_argument("--only", help="comma-separated workload keys (kl-random, kl-heuristic, royale, draco, "
                        "royale-designer, draco-designer, royale-designer-x0, draco-designer-x0, start-<game>, first-<game>, "
                        "search-<game>)")
    args = parser.parse_args()
    subreaper()
    trees = {"base": str(Path(args.base).resolve()), "main": str(Path(args.main).resolve())}
    root = Path(args.cache_root)
    root.mkdir(parents=True, exist_ok=True)
    out = root / "out"
    caches = {t: root / f"cache-{t}" for t in trees}
    for t in trees:
        print(f"{t}: {trees[t]} at {subprocess.run(['git', 'rev-parse', 'HEAD'], cwd=trees[t], text=True, capture_output=True).stdout.strip()}")

    def validate(*words: str) -> list[str]:
        return ["-m", "cardgen", "validate", *words, "--jobs", "1", "--seed", "1", "--out", str(out)]

    warm: list[tuple[str, dict[str, list[str]]]] = []  # (key, {tree: args})
    kl = ["king_lui", "--players", "4", "--engine", "fast", "--no-designer"]
    warm.append((f"kl-random: King Lui {args.kl_games:,} random, fast", {
        t: validate(*kl, "--games", str(args.kl_games), "--agents", "random") for t in trees}))
    warm.append((f"kl-heuristic: King Lui {args.kl_heuristic_games:,} heuristic, fast", {
        t: validate(*kl, "--games", str(args.kl_heuristic_games)) for t in trees}))
    for g in ("royale", "draco"):
        warm.append((f"{g}: {g.capitalize()} {args.games:,} heuristic, auto, --no-designer", {
            t: validate(g, "--players", "4", "--games", str(args.games), "--no-designer") for t in trees}))
        if args.designer:
            warm.append((f"{g}-designer: {g.capitalize()} {args.games:,} heuristic, auto, designer figures", {
                t: validate(g, "--players", "4", "--games", str(args.games)) for t in trees}))
            warm.append((f"{g}-designer-x0: {g.capitalize()} {args.games:,}, designer, main --exchange-points 0", {
                "base": validate(g, "--players", "4", "--games", str(args.games)),
                "main": validate(g, "--players", "4", "--games", str(args.games), "--exchange-points", "0")}))
    for g in GAMES:  # the fixed cost of a command (imports, the deck, the compiled tier loaded, the report)
        warm.append((f"start-{g}: {g} --games 1, fast, --no-designer (a command's fixed cost)", {
            t: validate(g, "--players", "4", "--games", "1", "--engine", "fast", "--no-designer") for t in trees}))
    wanted = None if not args.only else set(args.only.split(","))
    warm = [(k, a) for k, a in warm if wanted is None or k.split(":")[0] in wanted]
    rows: list[Row] = []

    # 1-2: warm workloads
    for key, per_tree in warm:
        row = Row(key)
        rows.append(row)
        for t in trees:  # the untimed warm-up (compiles whatever is not cached yet), at most 1,000 games
            command(trees[t], fewer(per_tree[t]), environment(trees[t], caches[t]))
        for r in range(args.rounds):
            for t in trees:
                cpu, wall, _ = command(trees[t], per_tree[t], environment(trees[t], caches[t]))
                left = orphans()  # a build started by a warm run would be a fault of the warm-up: said, not hidden
                row.add(t, cpu)
                print(f"{key} round {r + 1} {t}: {cpu:.2f} s CPU, {wall:.1f} s wall, load {loadavg():.1f}"
                      + (f", a left-over process used {left:.1f} s CPU" if left else ""), flush=True)

    # 4: search games (warm cache; bench_search.speed, the same function in both trees, warms its own compiled
    # driver with a 1-iteration game; called here for its figures unrounded: the script prints two decimals)
    for g in GAMES:
        if wanted is not None and f"search-{g}" not in wanted:
            continue
        plain, heur = Row(f"search-{g}: one search game, plain"), Row(f"search-{g}: one search game, heuristic")
        rows += [plain, heur]
        snippet = ["-c", SEARCH, g, str(args.search_games)]
        for t in trees:
            command(trees[t], snippet, environment(trees[t], caches[t]))
        for r in range(args.rounds):
            for t in trees:
                _, _, text = command(trees[t], snippet, environment(trees[t], caches[t]))
                figures = json.loads(text.strip().splitlines()[-1])
                for label, row in (("plain", plain), ("heuristic", heur)):
                    if label in figures:
                        row.add(t, figures[label])
                        print(f"search {g} {label} round {r + 1} {t}: {figures[label]:.3f} s CPU per game, "
                              f"load {loadavg():.1f}", flush=True)

    # 3: first validate on a fresh install
    for g in GAMES:
        if wanted is not None and f"first-{g}" not in wanted:
            continue
        row = Row(f"first-{g}: first validate {g} --games {args.first_games}, fresh install")
        rows.append(row)
        for r in range(args.first_rounds):
            for t in trees:
                fresh = Path(tempfile.mkdtemp(prefix=f"fresh-{t}-", dir=root))
                env = environment(trees[t], fresh / "cache", fresh / "pyc")
                env["CARDGEN_BACKGROUND_COMPILE"] = "1"
                cpu, wall, _ = command(trees[t], ["-m", "cardgen", "validate", g, "--games", str(args.first_games),
                                                  "--jobs", "1", "--out", str(fresh / "out")], env)
                built = orphans()
                row.add(t, cpu, built)
                print(f"first {g} round {r + 1} {t}: {cpu:.2f} s CPU ({wall:.1f} s wall), background build "
                      f"{built:.1f} s CPU, load {loadavg():.1f}", flush=True)
                shutil.rmtree(fresh, ignore_errors=True)

    print()
    print("| workload | base CPU s | main CPU s | main/base | rounds base/main, spread base / main | load |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(row.line())
    print(f"(best of the rounds; load = 1-minute average seen, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
