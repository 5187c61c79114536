"""How soon ``cardgen build --watch`` has the sheet drawn again after a save.

    python benchmarks/bench_watch.py [--saves 10]

Copies the 36-card test project (tests/fixtures/own36) to a temporary folder,
starts ``cardgen build --watch`` on it (English, A4, no rule sheet), then saves a changed CSV row
``--saves`` times and reports, per save, the seconds from the save to the rebuilt
sheet on disk (its bytes changed) and to the watch's line.

Target (reported, never asserted: the machine may be busy): the sheet rebuilt
within 2 s of the save.
"""
from __future__ import annotations

import argparse
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "own36"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "own36"
        shutil.copytree(FIXTURE, root)
        sheet = root / "out" / "own36" / "en" / "cards-a4.pdf"
        command = [sys.executable, "-m", "cardgen", "build", "--watch", "--lang", "en", "--paper", "a4", "--no-rules"]
        proc = subprocess.Popen(command, cwd=root, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()  # type: ignore
        try:
            while "first build" not in lines.get(timeout=300):
                pass
            csv = root / "decks" / "cards.csv"
            original = csv.read_text(encoding="utf-8")
            to_disk, to_line = [], []
            for n in range(args.saves):
                before = sheet.read_bytes()
                value = 30 + n
                start = time.perf_counter()
                csv.write_text(original.replace("Sun,Soleil,3,", f"Sun,Soleil,{value},", 1), encoding="utf-8")
                while sheet.read_bytes() == before:
                    time.sleep(0.005)
                to_disk.append(time.perf_counter() - start)
                while "changed" not in lines.get(timeout=300):
                    pass
                to_line.append(time.perf_counter() - start)
                time.sleep(0.3)
        finally:
            proc.terminate()
            proc.wait(timeout=60)
    print(f"{args.saves} saves of one CSV row (en, A4, cards only):")
    print(f"  save -> sheet on disk: median {statistics.median(to_disk):.2f} s, max {max(to_disk):.2f} s")
    print(f"  save -> watch's line:  median {statistics.median(to_line):.2f} s, max {max(to_line):.2f} s")


if __name__ == "__main__":
    main()
