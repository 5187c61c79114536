"""What each speed-up of ``cardgen/speedups/`` saves, measured on whole ``cardgen build`` commands.

    python benchmarks/bench_speedups.py [--repeat 7]

Two commands in fresh processes: the 110-card King Lui sheet (English, A4, no rulebook), the
measure a speed-up is kept or removed by, and the same deck with its rulebooks on both papers.
Each runs with every speed-up on, with all off
(``CARDGEN_SPEEDUPS=0``) and with each one off alone (``CARDGEN_SPEEDUPS=-name``); the runs of
the configurations alternate, round after round, so a change in the machine's load falls on all
of them alike. Reported: the least CPU seconds (the command and its workers) of each, and each
speed-up's gain, its configuration's least CPU time minus that of all on (a figure under about
5 ms is within the noise of a loaded machine). Reported, never asserted.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_build import ROOT, command  # noqa: E402

from cardgen.speedups import ENV, NAMES  # noqa: E402

SHEET = ["build", "king_lui", "--lang", "en", "--paper", "a4", "--no-rules"]
BOOKS = ["build", "king_lui", "--lang", "en", "--paper", "a4,letter"]


def measure(args: list[str], repeat: int) -> dict[str, float]:
    """Least CPU seconds of ``cardgen args`` per configuration (None: all on, "0": all off, "-name")."""
    configs = {"all on": None, "all off": "0", **{name: f"-{name}" for name in NAMES}}
    best = {key: float("inf") for key in configs}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        for _ in range(repeat):
            for key, value in configs.items():
                env = {} if value is None else {ENV: value}
                _, cpu, _ = command(["--project", str(ROOT), *args, "--out", str(out)], ROOT, 1,
                                    before=lambda: shutil.rmtree(out, ignore_errors=True), extra_env=env)
                best[key] = min(best[key], cpu)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    for label, cmd in (("King Lui sheet, 110 cards, en, A4, no rules", SHEET),
                       ("King Lui with rulebooks, en, A4 + letter", BOOKS)):
        best = measure(cmd, args.repeat)
        base = best["all on"]
        print(f"{label}: all on {base * 1000:.0f} ms CPU, all off {best['all off'] * 1000:.0f} ms "
              f"(+{(best['all off'] - base) * 1000:.0f} ms)")
        for name in NAMES:
            print(f"  without {name:16} {best[name] * 1000:6.0f} ms  gain {(best[name] - base) * 1000:+5.0f} ms")


if __name__ == "__main__":
    main()
