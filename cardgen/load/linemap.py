"""What the YAML reader (``yamlio``) and its parser (``yamlparse``) both use: the bounds a
hostile file is held to, and the ``LineMap`` from field paths to the lines that wrote them.

Kept apart so the parser, imported only when a file changed, need not import the reader
that imports it (no import circle).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.errors import FieldPath

#: Expanded node count above which a document is rejected as an alias bomb.
MAX_NODES = 200_000
#: Expanded characters of text above which a document is rejected (aliases to big strings).
MAX_CHARS = 20_000_000
#: Nesting depth above which a document is rejected.
MAX_DEPTH = 64
#: Largest file read at all (a big deck is ~100 kB).
MAX_FILE_BYTES = 4 * 1024 * 1024


@dataclass
class LineMap:
    """Field path -> (file, line, path as written in that file), 1-based lines.

    After a variant is merged onto its base, a resolved path such as
    ``components[3].count`` may have been written as ``change.ham.count`` in the
    variant: the third element keeps that spelling for error messages.
    """

    lines: dict[FieldPath, tuple[str, int, FieldPath]] = field(default_factory=dict)

    def _nearest(self, path: FieldPath) -> tuple[int, tuple[str, int, FieldPath] | None]:
        for cut in range(len(path), -1, -1):
            hit = self.lines.get(tuple(path[:cut]))
            if hit:
                return cut, hit
        return 0, None

    def locate(self, path: FieldPath) -> tuple[str | None, int | None]:
        """Where the value at ``path`` (or its nearest located ancestor) was written."""
        _, hit = self._nearest(path)
        return (hit[0], hit[1]) if hit else (None, None)

    def source_path(self, path: FieldPath) -> FieldPath:
        """``path`` spelled as in the file that wrote it."""
        cut, hit = self._nearest(path)
        return hit[2] + tuple(path[cut:]) if hit else tuple(path)

    def graft(self, prefix: FieldPath, other: "LineMap", other_prefix: FieldPath = ()) -> None:
        """Copy ``other``'s entries under ``other_prefix`` to live under ``prefix`` here."""
        n = len(other_prefix)
        for path, where in other.lines.items():
            if path[:n] == other_prefix:
                self.lines[prefix + path[n:]] = where

    def drop(self, prefix: FieldPath) -> None:
        """Forget every entry at or below ``prefix``."""
        n = len(prefix)
        for path in [p for p in self.lines if p[:n] == prefix]:
            del self.lines[path]
