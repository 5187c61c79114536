"""Find a project's deck and variant files and name them by id.

A project is a folder with ``decks/*.yaml`` (one per game) and
``variants/**/*.yaml``. Every file's id is its file name without ``.yaml``;
ids are unique across both folders, and commands accept an id or a path (a path
may lie anywhere, e.g. ``cardgen check /tmp/x/my.yaml``; its errors name it).

An id becomes a folder name under ``out/``, so it must be a plain identifier
(the schema's id pattern): a file called ``...yaml`` or ``My Deck.yaml`` is
reported, never turned into ``out/../``. A folder that cannot be read is an
error too, never silently skipped.

Where the project is: the folder given (``--project``), else the current folder or
the nearest folder above it with a ``decks/`` or ``variants/`` folder, the way git
finds its repository (``find_root``), so ``cardgen build`` works from ``rules/`` too. A
project's variant may extend a shipped game's deck (``extends: king_lui``) without
copying it: ids not in the project are looked up among cardgen's own decks
(``Project.base_path``), so a project of such variants needs no ``decks/`` folder.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import InputError, did_you_mean

#: What a deck or variant id looks like (same as the schema's ``Id``).
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
#: Most YAML files a project may hold (a guard against pointing cardgen at a huge tree).
MAX_FILES = 5000
#: The shipped games' decks (King Lui, Royale, Draco), which a project's variants may extend.
SHIPPED_DECKS = Path(__file__).resolve().parent.parent.parent / "decks"


def is_project(folder: Path) -> bool:
    """Whether ``folder`` holds a project: a ``decks/`` folder, or only ``variants/`` (of the shipped games)."""
    return (folder / "decks").is_dir() or (folder / "variants").is_dir()


def find_root(start: str | Path = ".") -> Path | None:
    """``start`` or the nearest folder above it holding a ``decks/`` or ``variants/`` folder, or None."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        if is_project(folder):
            return folder
    return None


def shipped_decks() -> dict[str, Path]:
    """The shipped decks by id (none when cardgen is installed without its ``decks/`` folder)."""
    if not SHIPPED_DECKS.is_dir():
        return {}
    return {p.stem: p for p in sorted(SHIPPED_DECKS.glob("*.yaml")) if ID_PATTERN.match(p.stem)}


def check_id(sid: str, file: str) -> None:
    """Refuse a file whose name does not give a usable id."""
    if not ID_PATTERN.match(sid):
        raise InputError(f"file name gives the id '{sid}', which is not a plain id; expected lowercase "
                         "letters, digits, '-' or '_' (at most 64), e.g. 'my-variant.yaml'", file=file,
                         key="bad_file_id", fields={"id": sid})


def _yaml_files(folder: Path, recursive: bool) -> list[Path]:
    """YAML files of ``folder`` (sorted); an unreadable folder is an ``InputError``."""
    def fail(exc: OSError) -> None:
        raise InputError(f"cannot read folder: {exc.strerror}", file=exc.filename or str(folder),
                         key="cannot_read_folder", fields={"why": exc.strerror})

    out: list[Path] = []
    for here, dirs, files in os.walk(folder, onerror=fail, followlinks=False):
        dirs.sort()
        out.extend(Path(here) / f for f in files if f.endswith(".yaml"))
        out.extend(Path(here) / d for d in dirs if d.endswith(".yaml"))  # reported when read: not a file
        dirs[:] = [d for d in dirs if not d.endswith(".yaml")]
        if len(out) > MAX_FILES:
            raise InputError(f"more than {MAX_FILES} YAML files; expected a project folder", file=str(folder),
                             key="too_many_files", fields={"most": MAX_FILES})
        if not recursive:
            break
    return sorted(out) if not recursive else sorted(out, key=lambda p: p.parts)


@dataclass
class Project:
    """The deck and variant sources of one project folder."""

    root: Path
    sources: dict[str, Path] = field(default_factory=dict)
    outside: dict[str, Path] = field(default_factory=dict)  # files named by a path outside decks/ and variants/

    @classmethod
    def open(cls, root: str | Path | None = ".") -> "Project":
        """The project at ``root``; ``None``: the current folder's or the nearest above it (``find_root``)."""
        if root is None:
            found = find_root()
            if found is None:
                raise InputError(f"no decks/ or variants/ folder in {Path.cwd()} or any folder above it; run cardgen "
                                 "inside a project (cardgen new DIR makes one) or pass --project DIR",
                                 key="no_project", fields={"folder": str(Path.cwd())})
            root = found
        root = Path(root).resolve()
        if not is_project(root):
            raise InputError(f"no decks/ or variants/ folder in {root}; run cardgen in a project folder or pass "
                             "--project DIR", key="no_project_folder", fields={"folder": root})
        project = cls(root)
        files = _yaml_files(root / "decks", recursive=False) if (root / "decks").is_dir() else []
        if (root / "variants").is_dir():
            files += _yaml_files(root / "variants", recursive=True)
        for path in files:
            sid = path.stem
            check_id(sid, project.display(path))
            if sid in project.sources:
                raise InputError(f"id '{sid}' is used twice (also {project.display(project.sources[sid])}); "
                                 "expected unique file names", file=project.display(path),
                                 key="id_twice", fields={"id": sid, "other": project.display(project.sources[sid])})
            project.sources[sid] = path
        return project

    def base_path(self, ref: str) -> Path | None:
        """The file a variant's ``extends: ref`` names: the project's own, else a shipped game's deck."""
        return self.sources.get(ref) or shipped_decks().get(ref)

    def display(self, path: Path) -> str:
        """Path as shown in messages: relative to the project when inside it."""
        try:  # the folder resolved, not the file: a symlinked deck is shown under its own name
            return str((path.parent.resolve() / path.name).relative_to(self.root))
        except (ValueError, OSError, RuntimeError):
            return str(path)

    @property
    def deck_ids(self) -> list[str]:
        return [i for i, p in self.sources.items() if p.parent == self.root / "decks"]

    @property
    def ids(self) -> list[str]:
        """Decks first, then variants, each in file-name order."""
        decks = self.deck_ids
        return decks + [i for i in self.sources if i not in decks]

    def path_of(self, ref: str) -> tuple[str, Path]:
        """Id and path of ``ref``, which is an id or a path to a YAML file."""
        if ref in self.sources:
            return ref, self.sources[ref]
        if ref in self.outside:
            return ref, self.outside[ref]
        shipped = shipped_decks().get(ref)
        if shipped is not None:  # the base of a variant extending a shipped game
            return ref, shipped
        candidate = Path(ref)
        if candidate.suffix in (".yaml", ".yml") or "/" in ref or os.sep in ref:
            if not candidate.exists():
                raise InputError("file not found", file=ref, key="file_not_found")
            resolved = candidate.resolve()
            for sid, path in self.sources.items():
                if path.resolve() == resolved:
                    return sid, path
            sid = candidate.stem
            check_id(sid, ref)
            if sid in self.sources:
                raise InputError(f"id '{sid}' is already used by {self.display(self.sources[sid])}; rename the file",
                                 file=ref,
                                 key="id_taken", fields={"id": sid, "other": self.display(self.sources[sid])})
            self.outside[sid] = candidate
            return sid, candidate
        raise InputError(f"no deck or variant called '{ref}'",  # a shipped game's deck is found too (above)
                         hint=did_you_mean(ref, [*self.sources, *shipped_decks()]), key="unknown_deck",
                         fields={"name": ref})

    def select(self, refs: list[str] | None) -> list[tuple[str, Path]]:
        """The sources named by ``refs``; all of them when ``refs`` is empty."""
        if not refs:
            return [(i, self.sources[i]) for i in self.ids]
        return [self.path_of(r) for r in refs]
