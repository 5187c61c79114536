"""Where cardgen keeps what it computed once and may reuse in a later run, and how it writes it.

Parsed YAML files, parsed fonts, hyphenation dictionaries, compiled rulebook and report templates
(``jinjacache``), the rules' steps with their forms inlined (``engine.inline``) and Royale's noble tables are costly to make and never change a result: each is kept under a key of what
it was made from, beside the package (its ``__pycache__``, like Python's byte code) or
in the user's cache folder. A missing, foreign or damaged entry is only made again.
This module has no heavy import, so that every stage can use it.

Every cache goes through ``load`` and ``save``: an entry is a file named by the cache, in the
folders of its ``kind`` (``cache_dirs``), holding the key it was made under beside what it
holds; ``load`` returns it for exactly that key and nothing otherwise, so one rule says where an
entry lives, when it is stale (its key differs: the inputs, a format number or a library's
version changed) and what a damaged one costs (a miss). The numba caches are numba's own
(``cardgen.jit``), in a folder per code key under the same places.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardgen.places import CACHE_ENV as CACHE_ENV, kept_folder, user_cache as user_cache  # written there


def cache_dirs(package: Path, kind: str) -> list[Path]:
    """Where entries may live, first choice first: ``package``'s ``__pycache__``, then the
    user's cache folder; ``$CARDGEN_CACHE_DIR/<kind>`` alone when set."""
    kept = kept_folder(kind)  # the one folder kept between runs: $CARDGEN_CACHE_DIR's, or the user's
    if os.environ.get(CACHE_ENV) is not None:
        return [kept] if kept is not None else []
    return [package / "__pycache__", kept] if kept is not None else [package / "__pycache__"]


def writable(folder: Path) -> bool:
    """Whether ``folder`` exists or can be made, and files can be written into it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def store_entry(blob: bytes, entry: str, folders: list[Path]) -> None:
    """Write ``blob`` as ``entry`` into the first of ``folders`` that takes it; give up quietly.

    Every cache of cardgen (fonts, hyphenation, templates, noble tables) writes this way.
    """
    from cardgen.fileio import create_temporary, done_with_temporary
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = create_temporary(folder / entry)  # named after this process (fileio.sweep_temporaries)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(blob)
                os.replace(tmp, folder / entry)  # atomic: a concurrent reader sees old or new, never half
            except BaseException:
                os.unlink(tmp)
                raise
            finally:
                done_with_temporary(tmp)
            return
        except OSError:
            continue


def load(kind: str, package: Path, entry: str, key: str) -> Any | None:
    """What ``save`` stored as ``entry`` under exactly ``key`` (first folder first); None when it is
    missing, was made under another key (stale) or cannot be read (damaged, foreign)."""
    import pickle

    for blob in read_entry(entry, cache_dirs(package, kind)):
        try:
            stored_key, payload = pickle.loads(blob)
        except Exception:  # damaged or foreign: made again and rewritten
            continue
        if stored_key == key:
            return payload
    return None


def save(kind: str, package: Path, entry: str, key: str, payload: Any, keep: int | None = None) -> None:
    """Store ``payload`` (picklable) as ``entry`` under ``key``; give up quietly when it cannot be.

    ``keep``: at most that many entries of the same suffix stay in each folder, the oldest
    written go first (a cache with one entry per input file cannot fill the disk)."""
    import pickle

    try:
        blob = pickle.dumps((key, payload), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # something unpicklable (another library version): no cache, same output
        return
    folders = cache_dirs(package, kind)
    store_entry(blob, entry, folders)
    if keep is not None:
        for folder in folders:
            _prune(folder, Path(entry).suffix, keep)


def fingerprint(*parts: str | bytes) -> str:
    """A short key of what an entry was made from (texts and bytes, in order)."""
    import hashlib

    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _prune(folder: Path, suffix: str, keep: int) -> None:
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(suffix)]
        if len(entries) <= keep:
            return
        entries.sort(key=lambda e: e.stat().st_mtime_ns)
        for old in entries[:len(entries) - keep]:
            os.unlink(old.path)
    except OSError:  # another process pruned first, or the folder went: nothing to keep tidy
        pass


def read_entry(entry: str, folders: list[Path]) -> list[bytes]:
    """The stored blobs named ``entry``, first folder first (the caller checks each one's key)."""
    found = []
    for folder in folders:
        try:
            found.append((folder / entry).read_bytes())
        except OSError:
            continue
    return found


def kept_places(package: Path) -> list[Path]:
    """Every place cardgen keeps caches: each ``__pycache__`` folder under ``package`` (Python's
    own byte code there aside), the user's cache folder, ``$CARDGEN_CACHE_DIR`` when set."""
    places = sorted(package.rglob("__pycache__"))
    places.append(user_cache())
    chosen = os.environ.get(CACHE_ENV)
    if chosen and chosen.strip():
        places.append(Path(chosen))
    return places


def clear(package: Path) -> tuple[int, int]:
    """Delete everything cardgen keeps (``kept_places``); Python's ``.pyc`` files stay.
    Returns (files deleted, bytes freed). Entries another process writes meanwhile are only
    missed: every cache is made again when needed."""
    import shutil
    files = freed = 0
    for place in kept_places(package):
        if not place.is_dir():
            continue
        for entry in list(place.iterdir()):
            if entry.suffix == ".pyc" and place.name == "__pycache__":
                continue
            try:
                if entry.is_dir() and not entry.is_symlink():
                    for f in entry.rglob("*"):
                        if f.is_file():
                            files, freed = files + 1, freed + f.stat().st_size
                    shutil.rmtree(entry)
                else:
                    files, freed = files + 1, freed + entry.lstat().st_size
                    entry.unlink()
            except OSError:
                continue
    return files, freed
