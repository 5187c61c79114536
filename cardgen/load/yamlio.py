"""Safe YAML reading that remembers where every value came from.

``read_yaml`` returns plain Python data plus a ``LineMap`` from field paths to
line numbers, so that schema errors found later can name the line. It refuses
duplicate keys (PyYAML silently keeps the last one), non-string keys, and
documents whose aliases expand beyond a size cap (the "billion laughs" bomb):
the composed node graph shares aliased nodes, so we count the expanded size
while converting instead of ever building the expansion.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardgen.errors import FieldPath, InputError

#: Expanded node count above which a document is rejected as an alias bomb.
MAX_NODES = 200_000
#: Nesting depth above which a document is rejected (guards recursion).
MAX_DEPTH = 64


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


class _Converter:
    def __init__(self, file: str) -> None:
        self.file = file
        self.count = 0
        self.lines = LineMap()

    def convert(self, node: yaml.Node, path: FieldPath, depth: int = 0) -> Any:
        self.count += 1
        line = node.start_mark.line + 1
        if self.count > MAX_NODES:
            raise InputError(
                f"document expands to more than {MAX_NODES} values (an alias bomb?); "
                "expected a deck of ordinary size",
                file=self.file, line=line)
        if depth > MAX_DEPTH:
            raise InputError(f"nesting deeper than {MAX_DEPTH} levels",
                             file=self.file, line=line, field=list(path) or None)
        self.lines.lines.setdefault(path, (self.file, line, path))
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise InputError("YAML merge keys ('<<') are not supported; write the fields out",
                                     file=self.file, line=key_node.start_mark.line + 1)
                key = self._scalar(key_node)
                if not isinstance(key, str):
                    key = str(key)
                if key in out:
                    raise InputError(f"duplicate key '{key}'; each key may appear once",
                                     file=self.file, line=key_node.start_mark.line + 1,
                                     field=list(path + (key,)))
                kpath = path + (key,)
                self.lines.lines[kpath] = (self.file, key_node.start_mark.line + 1, kpath)
                out[key] = self.convert(value_node, kpath, depth + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise InputError("mapping keys must be plain words",
                             file=self.file, line=node.start_mark.line + 1)
        return _SCALARS.construct_object(node, deep=True)


class _ScalarLoader(yaml.SafeLoader):
    """Only used to construct scalars with YAML 1.1 safe typing."""


_SCALARS = _ScalarLoader("")


def read_yaml_text(text: str, file: str) -> tuple[Any, LineMap]:
    """Parse YAML ``text`` (named ``file`` in errors) into data and its line map."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"malformed YAML: {problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:  # pragma: no cover - other reader errors
        raise InputError(f"malformed YAML: {exc}", file=file) from None
    if node is None:
        return None, LineMap()
    conv = _Converter(file)
    try:
        data = conv.convert(node, ())
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        raise InputError(f"unreadable value: {exc.problem}", file=file,
                         line=mark.line + 1 if mark else None) from None
    return data, conv.lines


def read_yaml(path: Path, display: str | None = None) -> tuple[Any, LineMap]:
    """Read a YAML file; ``display`` is the name used in error messages."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("file not found", file=name) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", file=name) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=name) from None
    return read_yaml_text(text, name)
