"""The one error type users see, and the "did you mean" helper.

Every problem with user input (deck, variant, command-line argument) becomes an
``InputError`` carrying file, line, field path and what was expected. The CLI
prints ``str(error)`` as a single line and exits with code 2; nothing else in the
code base prints user-facing errors, so the format stays uniform.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from pathlib import Path

FieldPath = tuple[str | int, ...]


def format_path(path: Sequence[str | int]) -> str:
    """Render a field path as ``components[3].faces[0].title.fr``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """Return the closest known spelling of ``word``, if one is close enough."""
    matches = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return matches[0] if matches else None


class InputError(Exception):
    """Bad input, reported as one line: ``file:line: field: message (did you mean 'x'?)``."""

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        field: Sequence[str | int] | str | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        self.field = format_path(field) if isinstance(field, (tuple, list)) else field
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        field = f"{self.field}: " if self.field else ""
        hint = f" (did you mean '{self.hint}'?)" if self.hint else ""
        return f"{where}{field}{self.message}{hint}"
