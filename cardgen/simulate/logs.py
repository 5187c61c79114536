"""The game log: one JSON line per game (format in docs/log-format.md).

A line holds everything ``cardgen replay`` needs to re-run the game through the
engine and compare: where the deck is (project folder, id, file, fingerprint), the
seed, the initial order of every pile, every action with its player, and how the
game ended. Lines are written in game order through a temporary file renamed over
the log at the end, so a reader never sees a half-written log.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from cardgen.errors import InputError

if TYPE_CHECKING:
    from cardgen.resolve.resolve import ResolvedDeck
    from cardgen.simulate.runner import Chunk, GameResult

FORMAT = "cardgen-log/1"

#: Keys every log line must have for a replay.
REQUIRED = ("format", "project", "deck", "players", "seed", "agents", "initial_piles", "actions", "end_reason",
            "scores")


def game_line(chunk: "Chunk", deck: "ResolvedDeck", fingerprint: str, index: int, r: "GameResult") -> str:
    """The log line of game ``index`` of ``chunk`` (no trailing newline)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "project": chunk.ref.project,
        "deck": chunk.ref.deck,
        "file": chunk.ref.file,
        "game": deck.game,
        "deck_hash": fingerprint,
        "players": chunk.players,
        "master_seed": chunk.master_seed,
        "cap": chunk.cap,
        "index": index,
        "seed": r.seed,
        "agents": r.agents,
        "initial_piles": r.initial_piles or {},
        "actions": [[player, list(action)] for player, action in (r.actions or [])],
        "end_reason": r.end_reason,
        "scores": r.scores,
        "winners": r.winners,
        "tie_break": r.tie_break,
        "turns": r.turns,
        "rounds": r.rounds,
        "gaps": [{"kind": k, "settled": s, "detail": d, "by": "engine" if i < r.engine_gaps else "simulator"}
                 for i, (k, s, d) in enumerate(r.gaps)],
    }
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def as_action(value: Any) -> Any:
    """A logged action (JSON lists) back as the engine's tuple, recursively."""
    if isinstance(value, list):
        return tuple(as_action(v) for v in value)
    return value


def read_log(path: Path) -> Any:
    """Yield ``(line number, record)`` for every game in a log file; bad lines are ``InputError``."""
    if not path.is_file():
        raise InputError("log file not found", file=path)
    with path.open(encoding="utf-8") as handle:
        for number, text in enumerate(handle, start=1):
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as exc:
                raise InputError(f"not a JSON line ({exc.msg}); expected one game per line", file=path,
                                 line=number) from None
            if not isinstance(record, dict):
                raise InputError("expected a JSON object per line", file=path, line=number)
            missing = [k for k in REQUIRED if k not in record]
            if missing:
                raise InputError(f"missing {', '.join(missing)}; expected a cardgen validate --log line",
                                 file=path, line=number)
            if record["format"] != FORMAT:
                raise InputError(f"unknown log format {record['format']!r}; expected {FORMAT!r}",
                                 file=path, line=number)
            yield number, record


class AtomicLines:
    """Write text lines to a temporary file; rename it over ``path`` on success only."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._tmp: str | None = None
        self._handle: IO[str] | None = None

    def __enter__(self) -> "AtomicLines":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, self._tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self._tmp, 0o666 & ~umask)  # mkstemp makes it private; a log is an ordinary file
        self._handle = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        return self

    def write_lines(self, lines: list[str]) -> None:
        assert self._handle is not None
        for line in lines:
            self._handle.write(line)
            self._handle.write("\n")

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self._handle is not None and self._tmp is not None
        try:
            if kind is None:
                self._handle.flush()
                os.fsync(self._handle.fileno())
            self._handle.close()
            if kind is None:
                os.replace(self._tmp, self.path)
        finally:
            Path(self._tmp).unlink(missing_ok=True)
