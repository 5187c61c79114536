"""Build speed and output sizes: the full build of the base decks, then a build with nothing changed.

    python benchmarks/bench_build.py [--project .] [--langs fr,it,en] [--papers a4,letter]

Measures, for every base deck (``decks/*.yaml``) in every language and paper:

* card sheets only (``--no-rules``), from an empty output folder, in one process and
  with one worker per core: total seconds and milliseconds per piece printed (every
  copy, every language, every paper);
* the same with rulebooks, when the rulebook stage is installed;
* a second build with nothing changed: ``build()`` alone and the whole
  ``cardgen build`` command (process start, imports, resolving the decks);
* the size and page count of each card-sheet PDF.

Targets (reported, never asserted: the machine may be busy): full build under 3 s
on 2 cores, every deck PDF under 1 MB, a second build under 0.5 s.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardgen.build import BuildOptions, _rulebook, worker_count, build
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver

ROOT = Path(__file__).resolve().parent.parent


def timed_build(decks, out: Path, options: BuildOptions) -> float:  # type: ignore[no-untyped-def]
    """Seconds for one ``build()`` call, its summary line swallowed."""
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        build(decks, out, options)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", default=str(ROOT))
    parser.add_argument("--langs", default="fr,it,en")
    parser.add_argument("--papers", default="a4,letter")
    args = parser.parse_args()
    langs, papers = args.langs.split(","), args.papers.split(",")
    project = Project.open(args.project)
    resolver = Resolver(project)
    decks = [resolver.resolve(i) for i in project.deck_ids]
    copies = sum(c.count for d in decks for c in d.model.components) * len(langs) * len(papers)
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        cards_out, full_out = Path(tmp) / "cards", Path(tmp) / "full"
        one = timed_build(decks, Path(tmp) / "one", BuildOptions(langs, papers, rules=False, workers=1))
        rows.append(("card sheets, cold, 1 process", f"{one:.2f} s", f"{1000 * one / copies:.2f} ms per piece "
                     f"({copies} pieces, {len(decks) * len(langs) * len(papers)} PDFs)"))
        cards = timed_build(decks, cards_out, BuildOptions(langs, papers, rules=False))
        rows.append((f"card sheets, cold, {worker_count(BuildOptions())} processes", f"{cards:.2f} s",
                     f"{1000 * cards / copies:.2f} ms per piece, wall"))
        if _rulebook() is not None:
            full = timed_build(decks, full_out, BuildOptions(langs, papers))
            rows.append(("cards + rulebooks, cold", f"{full:.2f} s", "target < 3 s on 2 cores"))
        else:
            full_out = cards_out
            rows.append(("cards + rulebooks, cold", "-", "rulebook stage not installed"))
        again = timed_build(decks, full_out, BuildOptions(langs, papers))
        rows.append(("second build, build()", f"{again:.3f} s", "target < 0.5 s"))
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cardgen", "--project", args.project, "build", *project.deck_ids,
                        "--lang", args.langs, "--paper", args.papers, "--out", str(full_out)],
                       check=True, capture_output=True)
        rows.append(("second build, whole command", f"{time.perf_counter() - start:.2f} s",
                     "includes start-up and resolving"))
        sizes = []
        for pdf in sorted(cards_out.rglob("cards-*.pdf")):
            data = pdf.read_bytes()
            sizes.append((str(pdf.relative_to(cards_out)), len(data), data.count(b"/Type /Page\n")))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>9}  note")
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>9}  {note}")
    print()
    print(f"{'card sheets PDF':<36} {'KB':>6} {'pages':>5}  (target < 1024 KB)")
    for name, size, pages in sizes:
        print(f"{name:<36} {size / 1024:>6.0f} {pages:>5}")


if __name__ == "__main__":
    main()
