"""The rules files' default player against random players, and its speed (issue 33).

Two games of the starter's 56 cards: the starter's shedding game (``cardgen new --rules``,
whose ``rules.py`` advises with a ``policy``) and the trick-taking example of
docs/authoring.md (no policy: the look-ahead alone). One look-ahead seat among random
seats, rotated over the seats; prints its win share, a random seat's, and games per second
with the look-ahead in every seat. One process.

    python benchmarks/bench_default_player.py [games]
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from cardgen.load.project import Project  # noqa: E402
from cardgen.resolve.resolve import Resolver  # noqa: E402
from cardgen.scaffold import new_project  # noqa: E402
from cardgen.simulate.runner import make_agents, play_game  # noqa: E402
from test_games_project import doc_project  # noqa: E402
from test_generic_agents import win_rate  # noqa: E402


def speed(root: Path, players: int, games: int) -> float:
    """Games per second with the default player in every seat."""
    deck = Resolver(Project.open(root)).resolve("g")
    game = deck.spec.new_game(deck, players)
    start = time.perf_counter()
    for seed in range(games):
        play_game(game, seed, make_agents(deck.spec, ["heuristic"] * players))
    return games / (time.perf_counter() - start)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with tempfile.TemporaryDirectory() as tmp:
        starter = Path(tmp) / "s" / "g"
        new_project(starter, rules=True)
        tricks = doc_project(Path(tmp) / "t")
        for label, root in (("starter (shedding, policy)", starter), ("docs trick-taking (look-ahead)", tricks)):
            for players in (2, 3, 4):
                ours, theirs = win_rate(root, "g", players, games)
                print(f"{label}, {players} players: look-ahead wins {ours:.1%}, a random seat {theirs:.1%}; "
                      f"{speed(root, players, games // 3):.0f} games/s all look-ahead")


if __name__ == "__main__":
    main()
