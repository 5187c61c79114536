"""Shakedown stealing 20 silver, at validate's default settings and 4 players: per seed, whether the play
experiment flags it, the other cards flagged in play, and the cards the run warns of (JSON lines). The figures of
docs/validator.md, "Which card is too strong" (issue #50's done-when: flagged in at least 9 of 10 seeds).

usage: python benchmarks/racket.py FIRST_SEED LAST_SEED
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_exchange_slow import RACKET  # noqa: E402  (the one scratch variant, as the slow test builds it)

from cardgen.load.project import Project  # noqa: E402
from cardgen.resolve.resolve import Resolver  # noqa: E402
from cardgen.simulate.summary import flagged_cards  # noqa: E402
from cardgen.simulate.validate import ValidateOptions, run_validation  # noqa: E402


def main(first: int, last: int) -> None:
    root = Path(tempfile.mkdtemp())
    (root / "variants").mkdir()
    (root / "variants" / "draco-racket.yaml").write_text(RACKET, encoding="utf-8")
    deck = Resolver(Project.open(root)).resolve("draco-racket")
    for seed in range(first, last + 1):
        start = time.process_time()
        # the compiled tier required: a first default run on a fresh cache leaves the experiment to the next run
        entry = run_validation([deck], ValidateOptions(players=[4], seed=seed, jobs=1, out=None, progress=False,
                                                       engine="fast"))["results"][0]
        rows = {r["component"]: r for r in entry["designer"]["exchange"]["rows"]}
        print(json.dumps({"seed": seed, "shakedown": rows["shakedown"]["flag"], "win": rows["shakedown"]["win"],
                          "win_low": rows["shakedown"]["win_low"], "margin": rows["shakedown"]["margin"],
                          "flagged_in_play": sorted(k for k, r in rows.items() if r["flag"]),
                          "warnings": [(r["component"], r.get("experiment", "deal"), r["flag"])
                                       for r in flagged_cards(entry)],
                          "cpu_s": round(time.process_time() - start, 1)}), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
