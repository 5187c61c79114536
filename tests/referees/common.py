"""What the three referees share: findings, finding decks for log lines, refereeing files, the CLI.

Each referee module (``king_lui``, ``royale``, ``draco``) keeps its own state model
written from the published rules; only this plumbing around it is common. Like the
referees, it uses nothing of the engines: ``load_project_deck`` only resolves the
deck files a log names.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Finding:
    """One disagreement between the log and the rules."""

    line: int  # 1-based line of the log file
    action: int | None  # index into ``actions`` (None: the game as a whole)
    what: str  # which rule or result
    rules: str  # what the rules (and our rulings) say
    log: str  # what the log says

    def __str__(self) -> str:
        where = f"action {self.action}" if self.action is not None else "game"
        return f"line {self.line}, {where}: {self.what}: rules say {self.rules}; log says {self.log}"


class Stop(Exception):
    """The log left the rules; the state after this point is unknown (already reported)."""


class FromResolved(Protocol):
    """A referee's own deck model, built from the resolved deck's data."""

    @classmethod
    def from_resolved(cls, resolved: Any) -> Any: ...


DeckFor = Callable[[dict[str, Any]], Any]
RefereeGame = Callable[[Any, dict[str, Any], int, "Counter[str] | None"], list[Finding]]


def project_decks(ref_deck: type[FromResolved]) -> DeckFor:
    """A deck finder: each record's ``project`` + ``deck``, resolved once (the checkout if moved)."""
    from cardgen.simulate.runner import DeckRef, load_project_deck

    cache: dict[tuple[str, str], Any] = {}

    def find(record: dict[str, Any]) -> Any:
        project = str(record.get("project") or ROOT)
        if not (Path(project) / "decks").is_dir():
            project = str(ROOT)
        key = (project, str(record["deck"]))
        if key not in cache:
            ref = DeckRef(project, key[1], str(record.get("file") or ""))
            cache[key] = ref_deck.from_resolved(load_project_deck(ref))
        return cache[key]

    return find


@dataclass
class Summary:
    """The result of refereeing log files."""

    games: int = 0
    findings: list[tuple[str, Finding]] = field(default_factory=list)
    by_deck: Counter[str] = field(default_factory=Counter)  # games per "deck/players"
    seen: Counter[str] = field(default_factory=Counter)  # situations met
    by_agents: Counter[str] = field(default_factory=Counter)  # games per set of agent names

    @property
    def games_with_findings(self) -> int:
        return len({(f, x.line) for f, x in self.findings})


def referee_file(game: str, referee: RefereeGame, path: Path, decks: DeckFor,
                 summary: Summary | None = None) -> Summary:
    """Referee every line of ``game`` in a log file (other games' lines are skipped)."""
    summary = summary or Summary()
    with open(path, encoding="utf-8") as fh:
        for line_no, text in enumerate(fh, 1):
            if not text.strip():
                continue
            record = json.loads(text)
            if record.get("game") != game:
                continue
            summary.games += 1
            summary.by_deck[f"{record['deck']}/{record['players']}"] += 1
            summary.by_agents["+".join(sorted(set(record.get("agents") or [])))] += 1
            for finding in referee(decks(record), record, line_no, summary.seen):
                summary.findings.append((str(path), finding))
    return summary


def main(game: str, referee: RefereeGame, decks: DeckFor, argv: Iterable[str]) -> int:
    """Print one line per finding and a total; 1 if anything was found."""
    summary = Summary()
    for name in argv:
        referee_file(game, referee, Path(name), decks, summary)
    for path, finding in summary.findings:
        print(f"{path}: {finding}")
    print(f"{summary.games} game(s) refereed, {summary.games_with_findings} with findings, "
          f"{len(summary.findings)} finding(s)")
    return 1 if summary.findings else 0
