"""The first minutes of a new user: ``cardgen validate`` on a machine where nothing is compiled yet.

    python benchmarks/bench_first_run.py [--games 200] [--all-games 50] [--decks royale,draco,king_lui]

Each scenario starts from an empty cache folder (``CARDGEN_CACHE_DIR``: no compiled
code, no noble tables, no parsed files; ``PYTHONPYCACHEPREFIX``: no byte code), as a
fresh clone and virtual environment would, and measures whole commands in fresh
processes (wall and CPU seconds, this process's children included):

* ``cardgen validate <deck> --games 200`` for each deck: the first run (``--engine auto``
  plays on the reference engine and starts the background build), the same command run
  again at once (the build may still run), and once the background build is done;
* the same first run with ``--engine reference``, for the ratio the issue asks (<= 1.3x);
* ``cardgen validate --games 50``, every deck, first run, and how good its time left was:
  the progress line's estimate once 10 % was done against the time the run really took
  from there (lines every second instead of every 10 s);
* ``cardgen validate king_lui --players 4 --games 10`` once King Lui is built (best of 3:
  a run the reference engine finishes sooner never loads compiled code);
* how long each background build took (its ready mark).

``PYTHONDONTWRITEBYTECODE`` is dropped from the commands' environment: a user's Python
keeps byte code, and without it every command compiles every module it imports again.

Targets (issue 23; reported, never asserted: the machine may be busy): each first validate
<= 8 s wall and <= 1.3x the reference engine's time, every deck at 50 games <= 60 s, a
second run once built as fast as before. Wall times grow with the machine's load; the
CPU seconds of the command itself stay comparable.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Runs cardgen's CLI with progress lines every second (stderr is a pipe: plain lines).
SHIM = ("import sys, cardgen.simulate.validate as v; v.PROGRESS_EVERY = 1.0; "
        "from cardgen.cli import main; sys.exit(main(sys.argv[1:]))")
LINE = re.compile(r"validate: (\d+)/(\d+) games \((\d+)%\), about (\d+) s left")


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def run(args: list[str], cache: Path, pyc: Path) -> tuple[float, float, list[tuple[float, str]]]:
    """Wall and CPU seconds of ``cardgen *args`` in a fresh process, and its stderr lines with the
    second each came."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGEN_CACHE_DIR": str(cache), "PYTHONPYCACHEPREFIX": str(pyc),
           "CARDGEN_BACKGROUND_COMPILE": "1"}
    for name in ("NUMBA_CACHE_DIR", "PYTHONDONTWRITEBYTECODE", "CARDGEN_BACKGROUND_BUILD"):
        env.pop(name, None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", SHIM, "--project", str(ROOT), *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    lines = [(time.perf_counter() - start, line.rstrip("\n")) for line in proc.stderr]
    code = proc.wait()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if code not in (0, 1):
        raise SystemExit(f"cardgen {' '.join(args)} failed:\n" + "\n".join(text for _, text in lines))
    return wall, cpu, lines


def eta_at_tenth(lines: list[tuple[float, str]], wall: float) -> tuple[int, float, float] | None:
    """(percent, estimate, truth) at the first progress line with at least 10 % done."""
    for at, text in lines:
        m = LINE.search(text)
        if m and int(m.group(3)) >= 10:
            return int(m.group(3)), float(m.group(4)), wall - at
    return None


def wait_ready(cache: Path, deck: str, timeout: float = 900.0) -> float | None:
    """Seconds the background build of ``deck``'s game took (its ready mark), once it is done."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for mark in (cache / "numba").glob("*/ready-*.json"):
            data = json.loads(mark.read_text())
            if data.get("game") == deck:
                return float(data["compile_seconds"])
        time.sleep(1)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--all-games", type=int, default=50)
    parser.add_argument("--decks", default="royale,draco,king_lui")
    args = parser.parse_args()
    rows = []
    small: tuple[float, float, str] | None = None
    with tempfile.TemporaryDirectory(prefix="cardgen-first-") as tmp:
        base = Path(tmp)
        for deck in args.decks.split(","):
            cache, pyc = base / deck / "cache", base / deck / "pyc"
            out = ["--out", str(base / deck / "out")]
            ref_wall, ref_cpu, _ = run(["validate", deck, "--games", str(args.games), "--engine", "reference", *out],
                                       base / deck / "refcache", base / deck / "refpyc")
            ref_load = load()
            first = run(["validate", deck, "--games", str(args.games), *out], cache, pyc)
            first_load = load()
            said = [text for _, text in first[2] if "note:" in text or "cardgen:" in text or "compiling" in text]
            again = run(["validate", deck, "--games", str(args.games), *out], cache, pyc)
            built = wait_ready(cache, deck)
            warm = run(["validate", deck, "--games", str(args.games), *out], cache, pyc)
            rows.append((deck, ref_wall, ref_cpu, first[0], first[1], again[0], warm[0], warm[1], built))
            print(f"{deck}: reference {ref_wall:.1f} s wall ({ref_cpu:.1f} s CPU, {ref_load}); auto first "
                  f"{first[0]:.1f} s wall ({first[1]:.1f} s CPU, {first[0] / ref_wall:.2f}x reference, {first_load}), "
                  f"again at once {again[0]:.1f} s, once built {warm[0]:.1f} s wall ({warm[1]:.1f} s CPU, {load()}); "
                  f"background build {'not finished' if built is None else f'{built:.0f} s'}", flush=True)
            for text in said:
                print(f"    said: {text}")
            if deck == "king_lui" and built is not None:
                tries = [run(["validate", deck, "--players", "4", "--games", "10", *out], cache, pyc)
                         for _ in range(3)]
                best = min(tries, key=lambda t: t[0])
                small = (best[0], best[1], load())
                print(f"king_lui --players 4 --games 10, once built: {best[0]:.2f} s wall "
                      f"({best[1]:.2f} s CPU, best of 3, {small[2]})", flush=True)
        cache, pyc = base / "all" / "cache", base / "all" / "pyc"
        every = run(["validate", "--games", str(args.all_games), "--out", str(base / "all" / "out")], cache, pyc)
        eta = eta_at_tenth(every[2], every[0])
        print(f"every deck, --games {args.all_games}: first run {every[0]:.1f} s wall ({every[1]:.1f} s CPU, {load()})"
              + ("" if eta is None else f"; at {eta[0]} % the time left said {eta[1]:.0f} s, it took {eta[2]:.0f} s "
                                        f"({eta[1] / max(eta[2], 1e-9):.2f}x)"), flush=True)
        for deck in args.decks.split(","):  # let the background builds end before the folder goes
            wait_ready(cache, deck, timeout=600)
    print()
    print("| command | reference: wall / CPU | auto, first run: wall / CPU | ratio | again at once | once built: "
          "wall / CPU | background build |")
    print("|---|---|---|---|---|---|---|")
    for deck, ref, ref_cpu, first, first_cpu, again, warm, warm_cpu, built in rows:
        print(f"| `validate {deck} --games {args.games}` | {ref:.1f} s / {ref_cpu:.1f} s | {first:.1f} s / "
              f"{first_cpu:.1f} s | {first / ref:.2f}x | {again:.1f} s | {warm:.1f} s / {warm_cpu:.1f} s | "
              f"{'-' if built is None else f'{built:.0f} s'} |")
    print(f"| `validate --games {args.all_games}` (every deck) | | {every[0]:.1f} s / {every[1]:.1f} s | | | | |")
    if small is not None:
        print(f"| `validate king_lui --players 4 --games 10` | | | | | {small[0]:.2f} s / {small[1]:.2f} s | |")
    print(f"({load()} on {os.cpu_count()} cores at the end)")


if __name__ == "__main__":
    main()
