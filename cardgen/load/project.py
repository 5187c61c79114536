"""Find a project's deck and variant files and name them by id.

A project is a folder with ``decks/*.yaml`` (one per game) and
``variants/**/*.yaml``. Every file's id is its file name without ``.yaml``;
ids are unique across both folders, and commands accept an id or a path.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import InputError, did_you_mean


@dataclass
class Project:
    """The deck and variant sources of one project folder."""

    root: Path
    sources: dict[str, Path] = field(default_factory=dict)

    @classmethod
    def open(cls, root: str | Path = ".") -> "Project":
        root = Path(root).resolve()
        if not (root / "decks").is_dir():
            raise InputError(f"no decks/ folder in {root}; run cardgen in a project folder or pass --project DIR")
        project = cls(root)
        files = sorted((root / "decks").glob("*.yaml"))
        if (root / "variants").is_dir():
            files += sorted((root / "variants").rglob("*.yaml"))
        for path in files:
            sid = path.stem
            if sid in project.sources:
                raise InputError(f"id '{sid}' is used twice (also {project.display(project.sources[sid])}); "
                                 "expected unique file names", file=project.display(path))
            project.sources[sid] = path
        return project

    def display(self, path: Path) -> str:
        """Path as shown in messages: relative to the project when inside it."""
        try:
            return str(path.resolve().relative_to(self.root))
        except ValueError:
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
        candidate = Path(ref)
        if candidate.suffix in (".yaml", ".yml") or "/" in ref:
            if not candidate.is_file():
                raise InputError("file not found", file=ref)
            resolved = candidate.resolve()
            for sid, path in self.sources.items():
                if path.resolve() == resolved:
                    return sid, path
            sid = candidate.stem
            if sid in self.sources:
                raise InputError(f"id '{sid}' is already used by {self.display(self.sources[sid])}; rename the file",
                                 file=ref)
            return sid, candidate
        raise InputError(f"no deck or variant called '{ref}'", hint=did_you_mean(ref, self.sources))

    def select(self, refs: list[str] | None) -> list[tuple[str, Path]]:
        """The sources named by ``refs``; all of them when ``refs`` is empty."""
        if not refs:
            return [(i, self.sources[i]) for i in self.ids]
        return [self.path_of(r) for r in refs]
