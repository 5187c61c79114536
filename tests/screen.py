"""``unwrapped``: a terminal's text with the lines ``cardgen.terminal.echo`` wrapped put back together.

The terminal wraps a line wider than ``terminal.WIDTH`` between words, its continuation lines indented
``terminal.HANG`` deeper than the line they continue; a test that reads a sentence or counts lines reads it
as it was said, one line, whatever the width of its figures made it wrap.
"""
from __future__ import annotations

from typing import Any

from cardgen.terminal import HANG


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def unwrapped(text: str) -> str:
    """``text`` with each continuation line (``HANG`` or more deeper than the line before it, which was
    itself not a continuation) joined to the line it continues by one space."""
    out: list[str] = []
    base = 0  # the indent of the line the current one would continue
    for line in text.split("\n"):
        if out and line.strip() and _indent(line) >= base + HANG:
            out[-1] += " " + line.strip()
            continue
        out.append(line)
        base = _indent(line)
    return "\n".join(out)


def unwrapped_capture(captured: Any) -> Any:
    """A ``capsys.readouterr()`` result (or a finished subprocess) with its out and err ``unwrapped``."""
    if hasattr(captured, "_replace"):
        return captured._replace(out=unwrapped(captured.out), err=unwrapped(captured.err))
    captured.stdout, captured.stderr = unwrapped(captured.stdout or ""), unwrapped(captured.stderr or "")
    return captured
