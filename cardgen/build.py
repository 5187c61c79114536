"""``cardgen build``: everything a designer prints, into out/ (renderer in progress)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardgen.check.static import run_checks
from cardgen.inspect import format_checks
from cardgen.resolve.resolve import ResolvedDeck


@dataclass
class BuildOptions:
    langs: list[str] = field(default_factory=lambda: ["fr", "it", "en"])
    papers: list[str] = field(default_factory=lambda: ["a4", "letter"])
    duplex: str = "long"
    ink_saver: bool = False
    rules: bool = True


def build(decks: list[ResolvedDeck], out: Path, options: BuildOptions) -> int:
    """Until the renderer lands: run the static checks of every deck."""
    failed = 0
    for deck in decks:
        results = run_checks(deck)
        failed += sum(not r.passed for r in results)
        print(format_checks(deck, results))
    return 1 if failed else 0
