"""The content hashes of a build: what ``build`` keys its outputs by and the gallery keys its
face pictures by (each reads this module; neither imports the other for it).

A key is the hash of everything that can change an output's bytes: the resolved deck as JSON,
the game package that writes its card texts, art files, the project's templates and symbols,
and the renderer's own source and layout files (byte code and numba caches left out).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from cardgen.games import source_of
from cardgen.paths import templates_dir
from cardgen.model.deck import ResolvedDeck

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
#: Sources whose change must re-render card sheets (the renderer, its layouts, fonts are fixed).
RENDER_SOURCES = (PACKAGE / "render", templates_dir() / "layouts", PACKAGE / "build.py",
                  PACKAGE / "buildkeys.py")
#: Extra sources of rulebooks.
RULEBOOK_SOURCES = (PACKAGE / "rulebook", templates_dir() / "rulebook")


def source_files(base: Path) -> list[Path]:
    """Every source file under ``base`` (or ``base`` itself), sorted; byte-code and numba caches
    are not walked into (a game package's ``__pycache__`` holds hundreds of them)."""
    if base.is_file():
        return [base]
    found = []
    for folder, dirs, names in os.walk(base):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [Path(folder, name) for name in names if not name.endswith((".pyc", ".tmp"))]
    return sorted(found)


def hash_files(paths: tuple[Path, ...] | list[Path]) -> str:
    """Hash of every source file under ``paths`` (names and bytes, sorted; caches skipped)."""
    digest = hashlib.sha256()
    for base in paths:
        for path in source_files(base):
            if path.is_file():
                digest.update(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


@cache
def source_hash(kind: str) -> str:
    """The renderer's own sources (``kind`` \"rules\": and the rulebook stage's), hashed once per process."""
    sources = RENDER_SOURCES + (RULEBOOK_SOURCES if kind == "rules" else ())
    return hash_files(sources)


#: The code hashes of the build under way, by (game, project): ``build`` sets it for its duration
#: (``code_hashes_remembered``), so that a
#: game's package is read once per build (its sheets' keys, its pictures' keys in a worker, the gallery)
#: rather than five times, yet a long process (tests, the API) sees an edited project in its next build.
_BUILD_CODE_HASHES: dict[tuple[str, Path], str] | None = None


def code_hash(game: str, project: Path) -> str:
    """The game's rules package (it writes the card texts), the project's own templates and symbols."""
    memo = _BUILD_CODE_HASHES
    if memo is not None and (game, project) in memo:
        return memo[(game, project)]
    package = source_of(game)
    code = hash_files([*([package] if package else []), PACKAGE / "games" / "base.py", project / "templates",
                        project / "symbols"])
    if memo is not None:
        memo[(game, project)] = code
    return code


def deck_hash(deck: ResolvedDeck) -> str:
    """Everything about ``deck`` that shows in its outputs: data, text-writing code, art
    (within a build, decks of the same game and project share their code's hash)."""
    digest = hashlib.sha256(deck.id.encode())
    digest.update(deck.model.model_dump_json().encode())
    # A variant's rulebook also prints what differs from its base, which can change alone.
    digest.update(json.dumps(deck.differences, sort_keys=True, default=str).encode())
    if deck.base is not None:  # ... and its base's name and description (the book's cover line)
        digest.update(deck.base.model.name.model_dump_json().encode())
        if deck.base.model.description is not None:
            digest.update(deck.base.model.description.model_dump_json().encode())
    digest.update(code_hash(deck.game, deck.project).encode())
    arts = sorted({f.art for c in deck.model.components for f in c.faces if f.art}
                  | {b.art for b in deck.model.backs.values() if b.art})
    for art in arts:
        digest.update((deck.project / art).read_bytes())
    for rule_text in sorted(getattr(deck.model, "rulebook", {}).values()):
        digest.update((deck.project / rule_text).read_bytes())
    return digest.hexdigest()


@contextmanager
def code_hashes_remembered() -> Iterator[None]:
    """Within the block (one build), each (game, project)'s code is hashed once."""
    global _BUILD_CODE_HASHES
    previous, _BUILD_CODE_HASHES = _BUILD_CODE_HASHES, {}
    try:
        yield
    finally:
        _BUILD_CODE_HASHES = previous
