"""The game log: one JSON line per game (format in docs/log-format.md).

A line holds everything ``cardgen replay`` needs to re-run the game through the
engine and compare: where the deck is (project folder, id, file, fingerprint), the
seed, the initial order of every pile, every action with its player, and how the
game ended. Lines are written in game order through a temporary file renamed over
the log at the end, so a reader never sees a half-written log.
"""
from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from cardgen.errors import InputError, clean

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck
    from cardgen.simulate.runner import Chunk, GameResult

FORMAT = "cardgen-log/1"

#: Keys every log line must have for a replay.
REQUIRED = ("format", "project", "deck", "players", "seed", "agents", "initial_piles", "actions", "end_reason",
            "scores")


def game_line(chunk: "Chunk", deck: "ResolvedDeck", fingerprint: str, index: int, r: "GameResult",
              code_sha: str | None = None) -> str:
    """The log line of game ``index`` of ``chunk`` (no trailing newline).

    ``code_sha``: the SHA-256 of the house rule file the game ran (``cardgen.house``), if any.
    """
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
    if code_sha is not None:
        record["code"] = deck.model.code
        record["code_hash"] = code_sha
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def as_action(value: Any) -> Any:
    """A logged action (JSON lists) back as the engine's tuple (checked flat by ``check_record``)."""
    if isinstance(value, list):
        return tuple(as_action(v) for v in value)
    return value


#: Longest log line read (a long game's actions are well under 1 MB).
MAX_LINE_BYTES = 64 * 1024 * 1024
#: Largest seed a log may hold (seeds are kept below 2**63; the master seed is free but bounded).
MAX_SEED_DIGITS = 40
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def _int_text(text: str) -> int:
    if len(text.lstrip("-")) > MAX_SEED_DIGITS:
        raise ValueError(f"a number of {len(text)} digits (at most {MAX_SEED_DIGITS})")
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def _int(record: dict[str, Any], key: str, low: int, high: int | None = None) -> str | None:
    value = record.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        return f"'{key}' must be a whole number, got {type(value).__name__}"
    if value < low or (high is not None and value > high):
        return f"'{key}' must be between {low} and {high}, got {clean(value, 24)}"
    return None


def check_record(record: dict[str, Any]) -> str | None:
    """What is wrong with the shape of one log record (None: replayable)."""
    for key, low, high in (("players", 1, 64), ("seed", 0, 2 ** 63 - 1)):  # seeds are written below 2**63
        problem = _int(record, key, low, high)
        if problem:
            return problem
    for key in ("master_seed", "index", "cap", "turns", "rounds"):
        if key in record and record[key] is not None:
            value = record[key]
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10 ** MAX_SEED_DIGITS:
                return f"'{key}' must be a whole number of at most {MAX_SEED_DIGITS} digits"
    if not isinstance(record["project"], str) or not isinstance(record.get("file", ""), (str, type(None))):
        return "'project' and 'file' must be text"
    if not isinstance(record["deck"], str) or not _ID.match(record["deck"]):
        return f"'deck' must be a deck or variant id, got {clean(repr(record['deck']), 60)}"
    agents = record["agents"]
    if not isinstance(agents, list) or not agents or not all(isinstance(a, str) for a in agents):
        return "'agents' must be a list of agent names"
    piles = record["initial_piles"]
    if not isinstance(piles, dict) or not all(isinstance(v, list) and all(isinstance(c, str) for c in v)
                                              for v in piles.values()):
        return "'initial_piles' must map pile names to lists of card ids"
    if not isinstance(record["actions"], list):
        return "'actions' must be a list of [player, [action...]]"
    for i, step in enumerate(record["actions"]):
        if not (isinstance(step, list) and len(step) == 2 and isinstance(step[0], int)
                and not isinstance(step[0], bool) and isinstance(step[1], list)
                and all(isinstance(a, (str, int)) and not isinstance(a, bool) for a in step[1])):
            return f"action {i}: expected [player, [action...]] of numbers and words"
    if not isinstance(record["end_reason"], str):
        return "'end_reason' must be text"
    scores = record["scores"]
    if scores is not None and not (isinstance(scores, list) and all(isinstance(x, (int, float)) for x in scores)):
        return "'scores' must be a list of numbers or null"
    gaps = record.get("gaps", [])
    if not isinstance(gaps, list) or not all(isinstance(g, dict) and "kind" in g and "settled" in g for g in gaps):
        return "'gaps' must be a list of {kind, settled}"
    return None


def parse_line(raw: bytes) -> dict[str, Any]:
    """One log line as a record; ``ValueError`` with a short reason when it is not one."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})") from None
    try:
        record = json.loads(text, parse_float=_finite, parse_int=_int_text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a JSON line ({exc.msg}); expected one game per line") from None
    except ValueError as exc:
        raise ValueError(f"not a JSON line ({clean(exc, 80)}); expected one game per line") from None
    except RecursionError:
        raise ValueError("nested too deeply; expected one game per line") from None
    if not isinstance(record, dict):
        raise ValueError("expected a JSON object per line")
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}; expected a cardgen validate --log line")
    if record["format"] != FORMAT:
        raise ValueError(f"unknown log format {clean(repr(record['format']), 40)}; expected {FORMAT!r}")
    problem = check_record(record)
    if problem:
        raise ValueError(problem)
    return record


def read_log(path: Path) -> Any:
    """Yield ``(line number, record or InputError)`` for every non-blank line of a log file.

    A bad line does not stop the reading: it is yielded as an ``InputError`` naming
    its line, so every bad record is reported, one line each.
    """
    from cardgen.load.yamlio import read_bounded

    name = str(path)
    if not path.exists():
        raise InputError("log file not found", file=name, key="log_not_found")
    raw = read_bounded(path, name, limit=1 << 31,  # a regular file only (no FIFO, no /dev/zero)
                       expected="thing_log_lines")
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE_BYTES:
            yield number, InputError(f"line longer than {MAX_LINE_BYTES} bytes", file=name, line=number,
                                     key="log_line_long", fields={"most": MAX_LINE_BYTES})
            continue
        try:
            yield number, parse_line(line)
        except ValueError as exc:
            yield number, InputError(str(exc), file=name, line=number)


class AtomicLines:
    """Write text lines to a temporary file; rename it over ``path`` on success only."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._tmp: str | None = None
        self._handle: IO[str] | None = None
        self._made: list[Path] = []

    def __enter__(self) -> "AtomicLines":
        from cardgen.fileio import check_output_file, create_temporary, write_error

        check_output_file(self.path, "thing_log_file")
        folder, self._made = self.path.parent, []  # the folders the temporary file makes, deepest first
        while not folder.exists() and folder != folder.parent:
            self._made.append(folder)
            folder = folder.parent
        try:  # named after this process: a later run removes it if this one is killed (sweep_temporaries)
            fd, self._tmp = create_temporary(self.path)
        except OSError as exc:
            raise write_error(self.path, exc) from None
        self._handle = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        return self

    def write_lines(self, lines: list[str]) -> None:
        assert self._handle is not None
        for line in lines:
            self._handle.write(line)
            self._handle.write("\n")

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        from cardgen.fileio import done_with_temporary, write_error

        assert self._handle is not None and self._tmp is not None
        try:
            if kind is None:
                self._handle.flush()
                os.fsync(self._handle.fileno())
            self._handle.close()
            if kind is None:
                os.replace(self._tmp, self.path)
        except OSError as exc:
            if kind is None:  # a full disk while finishing: one line, no partial log
                raise write_error(self.path, exc) from None
        finally:
            Path(self._tmp).unlink(missing_ok=True)
            done_with_temporary(self._tmp)
            for folder in self._made if kind is not None else []:  # no log: no folder made for it either
                try:
                    folder.rmdir()
                except OSError:
                    break
