"""Atomic file writes: a reader never sees a half-written output file.

Everything cardgen writes to ``out/`` goes through ``write_atomic``: the bytes go
to a temporary file in the same folder, are flushed to disk, then renamed over
the final path (``os.replace`` is atomic on POSIX and Windows). An interrupted
build leaves at worst a stray ``*.tmp`` file, never a truncated PDF.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: bytes | str, *, skip_if_same: bool = True) -> bool:
    """Write ``data`` to ``path`` atomically; return False if the file already held it."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if skip_if_same and path.is_file() and path.stat().st_size == len(raw) and path.read_bytes() == raw:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp creates 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True
