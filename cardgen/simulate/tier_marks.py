"""The compiled tier's marks in the cache, per game: built (a ``ready`` mark written last, atomically, beside numba's
cache in the current code key's folder, ``cardgen/jit.py``), being built (a lock a build holds), waited for.

Its own module so that the runner, which asks whether a tier is built before playing the play experiment's futures on
it, and ``autoengine``, which builds tiers by running the runner, never import each other."""
from __future__ import annotations

import json
from pathlib import Path


def folder() -> Path | None:
    """The current code key's numba folder, or None when cardgen keeps no cache."""
    from cardgen import jit
    if jit.cache_root() is None:
        return None
    return jit.cache_dir()


def ready_file(game: str) -> Path | None:
    """Where the mark saying ``game``'s tier is built lives (None without a cache)."""
    where = folder()
    return None if where is None else where / f"ready-{game}.json"


def is_ready(game: str) -> bool:
    """Whether ``game``'s compiled tier was built for the current sources (its mark exists)."""
    mark = ready_file(game)
    return mark is not None and mark.is_file()


def last_compile_seconds(game: str) -> float | None:
    """How long the last build of ``game`` took on this machine (any code key), if known."""
    from cardgen import jit
    root = jit.cache_root()
    if root is None:
        return None
    times = []
    for mark in root.glob(f"*/ready-{game}.json"):
        try:
            times.append((mark.stat().st_mtime, float(json.loads(mark.read_text())["compile_seconds"])))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return max(times)[1] if times else None


def lock_path(game: str) -> Path | None:
    """The lock a build of ``game`` holds while it runs (None without a cache)."""
    where = folder()
    return None if where is None else where / f"build-{game}.lock"


def is_building(game: str) -> bool:
    """Whether a build of ``game`` holds its lock now."""
    import fcntl
    path = lock_path(game)
    if path is None or not path.exists():
        return False
    try:
        with open(path, "a") as fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(fh, fcntl.LOCK_UN)
    except OSError:
        return False
    return False


def waiting_file(game: str, pid: int) -> Path | None:
    """The file saying run ``pid`` waits for a build of ``game`` and plays nothing meanwhile (``autoengine.wait_for``)."""
    where = folder()
    return None if where is None else where / f"waiting-{game}-{pid}"
