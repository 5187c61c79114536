"""Re-check logged games with the independent rules referees (issue #8).

    python benchmarks/recheck_logs.py [--game king_lui|royale|draco] [--games 10000] [--jobs 2] [--seed 1]
                                      [--engine auto] [--keep DIR] [--project .]

For a game: its base deck and every variant in ``variants/<game>/``, at every player count
each allows, with three agent mixes (random and heuristic seats alternating, all random, all
heuristic), ``--games`` games in all, split evenly. The games are logged by ``cardgen
validate`` (``run_validation``) and every line is re-played by ``tests/referees/<game>.py``,
which knows the published rules and our rulings, not the engine. Prints the games per deck
and count, the situations the referee met, every finding and the time of each half.
Exit 1 if the referee disagrees with any game. Figures only; nothing here is asserted.
Games with a referee: ``king_lui``, ``royale``, ``draco``; figures in tests/referees/README.md.
"""
from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from pathlib import Path

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.validate import ValidateOptions, run_validation

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

MIXES = (["random", "heuristic"], ["random"], ["heuristic"])


def deck_ids(project: Path, game: str) -> list[str]:
    """The base deck and every variant of ``game`` shipped in ``project``."""
    return [game] + sorted(p.stem for p in (project / "variants" / game).glob("*.yaml"))


def generate(project: Path, game: str, games: int, jobs: int, seed: int, engine: str, folder: Path) -> list[Path]:
    """Log ``games`` games split over decks, player counts and agent mixes; the log files."""
    resolver = Resolver(Project.open(project))
    decks = [resolver.resolve(d) for d in deck_ids(project, game)]
    combos = sum(d.model.players.max - d.model.players.min + 1 for d in decks)
    logs: list[Path] = []
    for m, agents in enumerate(MIXES):
        # spread the remainder so the total is exactly --games
        share = games // len(MIXES) + (1 if m < games % len(MIXES) else 0)
        per_combo, extra = divmod(share, combos)
        # the remainder of the split goes to the base deck at its fewest players
        # (another seed, or it would repeat the first games of that combination)
        for part, players, n, at in ((decks, None, per_combo, seed + m),
                                     (decks[:1], [decks[0].model.players.min], extra, seed + len(MIXES) + m)):
            if n == 0:
                continue
            log = folder / f"{game}-{'-'.join(agents)}-{len(logs)}.jsonl"
            run_validation(part, ValidateOptions(games=n, players=players, agents=list(agents), seed=at,
                                                 jobs=jobs, out=None, progress=False, log_file=log, engine=engine))
            logs.append(log)
    return logs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="king_lui")
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="auto", choices=["auto", "reference", "fast"])
    ap.add_argument("--keep", type=Path, help="write the logs here (default: a temporary folder)")
    ap.add_argument("--project", type=Path, default=ROOT)
    args = ap.parse_args()
    referee = importlib.import_module(f"referees.{args.game}")

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        logs = generate(args.project.resolve(), args.game, args.games, args.jobs, args.seed, args.engine, folder)
        generated = time.perf_counter() - start
        start = time.perf_counter()
        summary = referee.Summary()
        decks = referee.project_decks()
        for log in logs:
            referee.referee_file(log, decks, summary)
        checked = time.perf_counter() - start

    print(f"{args.game}: {summary.games} logged games re-checked by the rules referee "
          f"(agents: {', '.join('+'.join(m) for m in MIXES)}; engine {args.engine}; seed {args.seed})")
    for key, n in sorted(summary.by_deck.items()):
        print(f"  {key:32} {n:6} games")
    for key, n in sorted(summary.by_agents.items()):
        print(f"  agents {key:25} {n:6} games")
    print("situations met:")
    for key, n in sorted(summary.seen.items()):
        print(f"  {key:45} {n:8}")
    for path, finding in summary.findings[:50]:
        print(f"{Path(path).name}: {finding}")
    if len(summary.findings) > 50:
        print(f"... {len(summary.findings) - 50} more")
    print(f"disagreements: {len(summary.findings)} finding(s) in {summary.games_with_findings} game(s)")
    print(f"time: {generated:.1f} s to play and log ({args.jobs} jobs), {checked:.1f} s to referee "
          f"({summary.games / max(checked, 1e-9):.0f} games/s, one process); wall clock, shared machine")
    return 1 if summary.findings else 0


if __name__ == "__main__":
    sys.exit(main())
