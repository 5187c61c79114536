"""The YAML parser behind ``cardgen.load.yamlio``: PyYAML's events to plain data and a line map.

The data is built straight from the parser's event stream with an explicit stack
(no recursion, so no ``RecursionError`` whatever the nesting), using libyaml's C
parser when PyYAML has it (a 110-card deck in a few milliseconds) and PyYAML's own
parser otherwise; both give the same events, marks and messages. Imported only
when a file must really be parsed: ``yamlio`` keeps what this module made of each
file between runs, and PyYAML alone takes 16 ms to import.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from cardgen.errors import FieldPath, InputError, clean
from cardgen.load.linemap import MAX_CHARS, MAX_DEPTH, MAX_NODES, LineMap

_Parser: type[Any] = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


class _ScalarLoader(yaml.SafeLoader):
    """Only used to resolve and construct scalars with YAML 1.1 safe typing."""


_SCALARS = _ScalarLoader("")
_MAP_TAGS = (None, "!", "tag:yaml.org,2002:map")
_SEQ_TAGS = (None, "!", "tag:yaml.org,2002:seq")
_MERGE = "tag:yaml.org,2002:merge"
#: Short untagged scalars already constructed (keys and small values repeat a lot): (text, implicit) -> (value,)
_CACHE: dict[tuple[str, Any], tuple[Any]] = {}


@dataclass
class _Anchor:
    """What an anchor stands for: its value, its expanded size and its lines (relative paths)."""

    value: Any
    nodes: int
    chars: int
    lines: list[tuple[FieldPath, int]]


@dataclass
class _Frame:
    """A mapping or sequence being built."""

    value: Any
    path: FieldPath
    line: int
    anchor: str | None
    start_nodes: int
    start_chars: int
    start_lines: int
    key: Any = None  # mapping: the key waiting for its value (None: expecting a key)
    key_line: int = 0


class _Builder:
    """Turns parser events into data and a line map, with an explicit stack."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0
        self.chars = 0
        self.lines = LineMap()
        self.order: list[tuple[FieldPath, int]] = []  # every line recorded, for anchors
        self.anchors: dict[str, _Anchor] = {}
        self.stack: list[_Frame] = []
        self.root: Any = None
        self.done = False

    def error(self, message: str, line: int, path: FieldPath | None = None, *, key: str,
              **fields: Any) -> InputError:
        """The error ``message`` at ``line`` (and ``path``), worded in every language by ``key`` of errors.json."""
        return InputError(message, file=self.file, line=line, field=list(path) if path else None, key=key,
                          fields=fields)

    def _count(self, nodes: int, chars: int, line: int) -> None:
        self.nodes += nodes
        self.chars += chars
        if self.nodes > MAX_NODES:
            raise self.error(f"document expands to more than {MAX_NODES} values (an alias bomb?); "
                             "expected a deck of ordinary size", line, key="yaml_values", most=MAX_NODES)
        if self.chars > MAX_CHARS:
            raise self.error(f"document expands to more than {MAX_CHARS} characters of text (an alias "
                             "bomb?); expected a deck of ordinary size", line, key="yaml_chars", most=MAX_CHARS)

    def _record(self, path: FieldPath, line: int, force: bool = False) -> None:
        if force or path not in self.lines.lines:
            self.lines.lines[path] = (self.file, line, path)
            self.order.append((path, line))

    def _slot(self, line: int) -> tuple[FieldPath, bool]:
        """The path of the next value and whether it is a mapping key."""
        if not self.stack:
            return (), False
        top = self.stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),), False
        if top.key is None:
            return top.path, True
        return top.path + (top.key,), False

    def _place(self, value: Any, line: int) -> None:
        """Put a finished value where the stack expects it."""
        if not self.stack:
            self.root, self.done = value, True
            return
        top = self.stack[-1]
        if isinstance(top.value, list):
            top.value.append(value)
            return
        top.value[top.key] = value
        top.key = None

    def _key(self, event: Any, line: int) -> None:
        top = self.stack[-1]
        if not isinstance(event, yaml.ScalarEvent):
            raise self.error("mapping keys must be plain words", line, key="yaml_key_words")
        if event.value == "<<" and event.implicit[0] and event.tag is None:
            raise self.error("YAML merge keys ('<<') are not supported; write the fields out", line, key="yaml_merge")
        key = self._construct(event, line, top.path)
        if not isinstance(key, str):
            key = str(key)
        if key in top.value:
            raise self.error(f"duplicate key '{key}'; each key may appear once", line, top.path + (key,),
                             key="yaml_duplicate_key", name=key)
        self._count(1, len(key), line)
        top.key, top.key_line = key, line
        self._record(top.path + (key,), line, force=True)

    def _construct(self, event: Any, line: int, path: FieldPath) -> Any:
        short = event.tag is None and len(event.value) <= 64
        if short:
            hit = _CACHE.get((event.value, event.implicit))
            if hit is not None:
                return hit[0]
        tag = event.tag
        if tag in (None, "!"):
            tag = _SCALARS.resolve(yaml.ScalarNode, event.value, event.implicit)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = _SCALARS.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            raise self.error(f"unreadable value: {exc.problem}", line, path, key="yaml_unreadable",
                             why=exc.problem) from None
        except (ValueError, OverflowError) as exc:
            long = "digits" in str(exc) or "Exceeds" in str(exc)
            what = "a number too long" if long else "a value"
            raise self.error(f"{what} that cannot be read ({clean(exc, 80)}); expected an ordinary value",
                             line, path, key="yaml_long_number" if long else "yaml_odd_value",
                             why=clean(exc, 80)) from None
        finally:
            _SCALARS.constructed_objects.clear()
        if short and len(_CACHE) < 50_000 and not isinstance(value, (list, dict, bytes, bytearray)):
            _CACHE[(event.value, event.implicit)] = (value,)
        return value

    def feed(self, event: Any) -> None:
        """Take one parser event."""
        if type(event) is yaml.ScalarEvent:  # most events: a fast path doing what the general one does
            stack = self.stack
            line = event.start_mark.line + 1
            if stack:
                top = stack[-1]
                into = top.value
                if type(into) is dict:
                    if top.key is None:
                        self._key(event, line)
                        return
                    path = top.path + (top.key,)
                else:
                    path = top.path + (len(into),)
            else:
                path = ()
            self._count(1, len(event.value), line)
            lines = self.lines.lines
            if path not in lines:
                lines[path] = (self.file, line, path)
                self.order.append((path, line))
            value = self._construct(event, line, path)
            if event.anchor is not None:
                self.anchors[event.anchor] = _Anchor(value, 1, len(event.value), [((), line)])
            if not stack:
                self.root, self.done = value, True
            elif type(into) is dict:
                into[top.key] = value
                top.key = None
            else:
                into.append(value)
            return
        if isinstance(event, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)):
            return
        if isinstance(event, yaml.DocumentStartEvent):
            if self.done:
                raise self.error("more than one YAML document ('---'); expected one deck per file",
                                 event.start_mark.line + 1, key="yaml_documents")
            return
        line = event.start_mark.line + 1
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = self.stack.pop()
            if frame.anchor is not None:
                self.anchors[frame.anchor] = _Anchor(
                    frame.value, self.nodes - frame.start_nodes, self.chars - frame.start_chars,
                    [(p[len(frame.path):], ln) for p, ln in self.order[frame.start_lines:]])
            self._place(frame.value, frame.line)
            return
        if self.stack and isinstance(self.stack[-1].value, dict) and self.stack[-1].key is None:
            self._key(event, line)
            return
        path, _ = self._slot(line)
        if isinstance(event, yaml.AliasEvent):
            anchor = self.anchors.get(event.anchor)
            if anchor is None:
                raise self.error(f"unknown alias '*{clean(event.anchor, 40)}'", line, path, key="yaml_alias",
                                 name=clean(event.anchor, 40))
            self._count(anchor.nodes, anchor.chars, line)
            for rel, ln in anchor.lines:
                self._record(path + rel, ln)
            self._record(path, line)
            self._place(anchor.value, line)
            return
        self._count(1, 0, line)
        self._record(path, line)
        if isinstance(event, yaml.ScalarEvent):
            value = self._construct(event, line, path)
            self._count(0, len(event.value), line)
            if event.anchor is not None:
                self.anchors[event.anchor] = _Anchor(value, 1, len(event.value), [((), line)])
            self._place(value, line)
            return
        if len(self.stack) >= MAX_DEPTH:
            raise self.error(f"nesting deeper than {MAX_DEPTH} levels", line, path, key="yaml_depth", most=MAX_DEPTH)
        if isinstance(event, yaml.MappingStartEvent):
            if event.tag not in _MAP_TAGS:
                raise self.error(f"unsupported tag '{clean(event.tag, 60)}'; expected plain YAML", line, path,
                                 key="yaml_tag", tag=clean(event.tag, 60))
            value: Any = {}
        else:
            if event.tag not in _SEQ_TAGS:
                raise self.error(f"unsupported tag '{clean(event.tag, 60)}'; expected plain YAML", line, path,
                                 key="yaml_tag", tag=clean(event.tag, 60))
            value = []
        self.stack.append(_Frame(value, path, line, event.anchor, self.nodes - 1, self.chars,
                                 len(self.order) - 1))


def _build(parser_class: type[Any], text: str | bytes, file: str) -> _Builder:
    """The events of ``parser_class`` over ``text`` fed to a new builder (which raises cardgen's bounds)."""
    builder = _Builder(file)
    parser = parser_class(text)
    try:
        while True:
            event = parser.get_event()
            if event is None:
                break
            builder.feed(event)
    finally:
        parser.dispose()
    return builder


def parse(text: str | bytes, file: str) -> tuple[Any, LineMap]:
    """Parse YAML ``text`` (named ``file`` in errors) into data and its line map.

    A file libyaml refuses is parsed again by PyYAML's own parser before anything is said:
    libyaml has limits of its own (PyYAML 6.0.4's refuses 1,000 levels of nesting while it
    scans ahead, before cardgen's ``MAX_DEPTH`` is reached), so the reason given is cardgen's
    bound, in cardgen's words, whatever libyaml a fresh install brings; a real syntax error is
    then reported from the pure-Python parser, whose marks and messages are libyaml's.
    """
    try:
        try:
            builder = _build(_Parser, text, file)
        except yaml.YAMLError:
            if _Parser is yaml.SafeLoader:
                raise
            builder = _build(yaml.SafeLoader, text, file)
    except yaml.reader.ReaderError as exc:  # a character YAML forbids in a file (raw ESC, NUL...)
        # PyYAML's reader (the second parse, whatever libyaml did) gives the offset in the text, and the character's
        # code (text) or the undecodable byte (bytes) as a number
        line = text[:exc.position].count("\n" if isinstance(text, str) else b"\n") + 1
        char = exc.character
        raise InputError(f"character U+{char:04X} is not allowed in a YAML file; expected printable text (an "
                         "escape such as \\t inside double quotes if you mean it)", file=file, line=line,
                         key="yaml_char", fields={"char": f"U+{char:04X}"}) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"malformed YAML: {clean(problem, 120)}", file=file, line=line,
                         key="yaml_malformed", fields={"why": clean(problem, 120)}) from None
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {clean(exc, 120)}", file=file,
                         key="yaml_malformed", fields={"why": clean(exc, 120)}) from None
    return builder.root, builder.lines
