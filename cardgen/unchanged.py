"""``cardgen build`` with nothing changed: answered from file dates alone, before anything heavy loads.

A full build records, in the output folder's cache (``out/.cardgen-cache.json``,
entry ``_inputs``), a fingerprint of what it was asked and of every file that can
change its outputs: the project's files (all but the output folder, hidden folders
and caches), cardgen's own package and templates, and any installed rules package
a deck used, each as path, size and modification time. The next ``cardgen build``
with the same request computes the same fingerprint (a few hundred ``stat`` calls);
when it matches and every output recorded is still the file the cache knows, the
build is over: no YAML is read, pydantic, reportlab and the games are never
imported. Any difference falls through to the normal build, which decides output
by output with content hashes (``cardgen.build``).

This module imports only the standard library (and ``cardgen.fileio``, which does too), on purpose.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from cardgen.fileio import read_json_object

PACKAGE = Path(__file__).resolve().parent
CACHE_FILE = ".cardgen-cache.json"  # the same file as cardgen.build.CACHE_FILE
INPUTS = "_inputs"
SKIP_DIRS = {"__pycache__", "node_modules"}
#: Above this many files (a project kept in a home folder...) the check is not worth it: no shortcut.
MAX_FILES = 5000


def _templates() -> Path:
    from cardgen.paths import templates_dir  # standard library only

    return templates_dir()


def fingerprint(root: Path, out: Path, request: dict[str, Any], extra: list[str]) -> str | None:
    """Hash of ``request`` and the path, size and date of every input file under the sources.

    None when the sources hold more than ``MAX_FILES`` files (then every build is a full one).
    """
    digest = hashlib.sha256(json.dumps(request, sort_keys=True).encode())
    out_dir = os.path.realpath(out)
    seen: set[str] = set()
    files = 0
    for base in [str(root), str(PACKAGE), str(_templates()), *extra]:
        base = os.path.realpath(base)
        if base in seen:
            continue
        seen.add(base)
        if os.path.isfile(base):
            st = os.stat(base)
            digest.update(f"{base}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIP_DIRS
                                 and os.path.join(dirpath, d) != out_dir)
            files += len(filenames)
            if files > MAX_FILES:
                return None
            for name in sorted(filenames):
                if name.endswith((".pyc", ".tmp")):
                    continue
                path = os.path.join(dirpath, name)
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                digest.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _cache(out: Path) -> dict[str, Any]:
    return read_json_object(out / CACHE_FILE)


def previous_extra(out: Path) -> list[str]:
    """The rules-package folders the last build recorded (installed games outside cardgen)."""
    entry = _cache(out).get(INPUTS)
    return list(entry.get("extra", [])) if isinstance(entry, dict) else []


def unchanged_summary(root: Path, out: Path, request: dict[str, Any]) -> str | None:
    """The last build's summary line when nothing it depends on changed since; else None."""
    cache = _cache(out)
    entry = cache.get(INPUTS)
    if not isinstance(entry, dict) or not isinstance(entry.get("outputs"), list):
        return None
    key = fingerprint(root, out, request, list(entry.get("extra", [])))
    if key is None or key != entry.get("key"):
        return None
    for rel in entry["outputs"]:
        known = cache.get(rel)
        try:
            st = (out / rel).stat()
        except OSError:
            return None
        if not isinstance(known, dict) or (st.st_size, st.st_mtime_ns) != (known.get("size"), known.get("mtime_ns")):
            return None
    figures = entry.get("summary")
    if not isinstance(figures, dict) or not all(isinstance(figures.get(k), int) for k in FIGURES[1:]):
        return None  # an older build's line in words: built again, its figures then kept
    return build_summary({**figures, "written": 0}, None)


def inputs_entry(key: str, extra: list[str], outputs: list[str], summary: dict[str, int]) -> dict[str, Any]:
    """The cache entry a finished build stores (``cardgen.build.build``): ``summary`` holds its figures
    (``FIGURES``), worded when a later build answers from it, in that build's language."""
    return {"key": key, "extra": extra, "outputs": outputs, "summary": summary}


#: a build's summary figures: files written and unchanged, then cards, decks, languages and papers
FIGURES = ("written", "unchanged", "cards", "decks", "langs", "papers")
_UNITS = {"written": "file", "cards": "card", "decks": "deck", "langs": "language", "papers": "paper"}


def build_summary(figures: dict[str, int], seconds: float | None) -> str:
    """``build``'s last line in the terminal's language: the files written and unchanged, what was built and how
    long it took, or "nothing changed" (``seconds`` None: answered from the file dates)."""
    from cardgen.languages import decimal, is_singular
    from cardgen.terminal import language, say, word

    lang = language()
    units = word("build_units")

    def counted(key: str) -> str:
        n = figures[key]
        if key not in _UNITS:
            return decimal(n, lang, places=0)
        return f"{decimal(n, lang, places=0)} {units[_UNITS[key]][0 if is_singular(n, lang) else 1]}"

    fields = {key: counted(key) for key in FIGURES}
    if seconds is None:
        return say("build_nothing", **fields)
    return say("build_done", seconds=decimal(seconds, lang, places=1), **fields)
