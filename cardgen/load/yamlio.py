"""Safe YAML reading that remembers where every value came from.

``read_yaml`` returns plain Python data plus a ``LineMap`` from field paths to
line numbers, so that schema errors found later can name the line.

Hostile files are refused early and in one line: the file must be a regular file
no bigger than ``MAX_FILE_BYTES`` (checked before reading, and the read itself is
bounded, so a FIFO or ``/dev/zero`` behind a symlink cannot hang it); nesting
deeper than ``MAX_DEPTH`` stops at the first too-deep line; documents whose
aliases expand beyond ``MAX_NODES`` values or ``MAX_CHARS`` characters (the
"billion laughs" bomb) are refused while converting, without ever building the
expansion; duplicate keys, non-string keys, merge keys, unknown tags and numbers
too long to convert are errors. The parser itself is ``cardgen.load.yamlparse``.

What a file parsed to is kept between runs, like Python's byte code, under a key of
the file's bytes, its name and the parser's version (``cardgen.cache``): reading an
unchanged deck then needs neither the parser nor PyYAML.
"""
from __future__ import annotations

import hashlib
import os
import stat
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.errors import InputError, worded
from cardgen.load.linemap import MAX_CHARS, MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, LineMap

__all__ = ["MAX_CHARS", "MAX_DEPTH", "MAX_FILE_BYTES", "MAX_NODES", "LineMap", "read_bounded", "decode_utf8",
           "read_yaml_text", "read_yaml"]



def read_bounded(path: Path, name: str, limit: int = MAX_FILE_BYTES, expected: str = "thing_yaml_file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or one ``InputError`` line.

    The file is opened without blocking (a FIFO cannot hang us), checked to be a
    regular file and small enough before anything is read, and read with a bound
    (a file that grows meanwhile still cannot exhaust memory).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError("file not found", file=name, key="file_not_found") from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=name,
                         key="cannot_read", fields={"why": exc.strerror}) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a device, pipe or socket"
            named = worded(expected)  # what the file should be, a key of errors.json ("thing_yaml_file")
            raise InputError(f"not a regular file ({kind}); expected {named['en']}", file=name,
                             key="not_regular_folder" if stat.S_ISDIR(st.st_mode) else "not_regular_device",
                             fields={"expected": named})
        if st.st_size > limit:
            raise InputError(f"file too large ({st.st_size} bytes); expected at most {limit} bytes", file=name,
                             key="file_too_large", fields={"size": st.st_size, "most": limit})
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise InputError(f"file too large (more than {limit} bytes)", file=name,
                                 key="file_too_large_more", fields={"most": limit})
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=name,
                         key="cannot_read", fields={"why": exc.strerror}) from None
    finally:
        os.close(fd)


def decode_utf8(raw: bytes, name: str) -> str:
    """``raw`` as text, or an ``InputError`` naming the line of the first bad byte."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
                         "save the file as UTF-8", file=name, line=line,
                         key="not_utf8_at", fields={"byte": f"0x{raw[exc.start]:02x}", "offset": exc.start}) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_yaml_text(text: str | bytes, file: str) -> tuple[Any, LineMap]:
    """Parse YAML ``text`` (named ``file`` in errors) into data and its line map."""
    from cardgen.load.yamlparse import parse

    return parse(text, file)


def read_yaml(path: Path, display: str | None = None) -> tuple[Any, LineMap]:
    """Read a YAML file; ``display`` is the name used in error messages.

    What a file parsed to is kept between runs (``_remembered``): a file read again unchanged
    costs a hash and a pickle, and PyYAML is not even imported. Only files that parse are kept,
    so every error is found and worded by the parser itself, each time.
    """
    name = display or str(path)
    raw = read_bounded(Path(path), name)
    key = _parse_key(raw, name)
    entry = _entry_name(Path(path), name)
    hit = _remembered(entry, key)
    if hit is not None:
        return hit
    data, lines = read_yaml_text(decode_utf8(raw, name), name)
    from cardgen.cache import save

    save("yaml", _HERE, entry, key, (data, lines.lines), keep=CACHE_ENTRIES)
    return data, lines


#: Bump when what ``yamlparse.parse`` returns changes shape.
CACHE_FORMAT = 1
#: Entries kept per cache folder: one per file read, so many projects (or many test decks) cannot
#: fill the disk; beyond it the oldest written go.
CACHE_ENTRIES = 256


_HERE = Path(__file__).resolve().parent


@cache
def _parser_id() -> str:
    """What a parse depends on besides the text: this format, the parser module and PyYAML's files."""
    import importlib.util

    parts = [str(CACHE_FORMAT)]
    spec = importlib.util.find_spec("yaml")
    files = [Path(__file__).with_name("yamlparse.py"), Path(__file__).with_name("linemap.py")]
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent
        files += [Path(spec.origin), *sorted(folder.glob("_yaml*"))]
    for file in files:
        try:
            st = file.stat()
            parts.append(f"{file.name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{file.name}:-")
    return "|".join(parts)


def _parse_key(raw: bytes, name: str) -> str:
    from cardgen.cache import fingerprint

    return fingerprint(raw, name, _parser_id())


def _entry_name(path: Path, name: str) -> str:
    """One entry per file read (a changed file replaces its entry): named after its full path and display name."""
    where = f"{os.path.abspath(path)}\0{name}".encode("utf-8", "surrogatepass")
    return hashlib.blake2b(where, digest_size=12).hexdigest() + ".pickle"


def _remembered(entry: str, key: str) -> tuple[Any, LineMap] | None:
    """The data and line map stored under ``entry`` for exactly ``key``; None when missing, stale or damaged."""
    from cardgen.cache import load

    hit = load("yaml", _HERE, entry, key)
    if isinstance(hit, tuple) and len(hit) == 2 and isinstance(hit[1], dict):
        return hit[0], LineMap(hit[1])
    return None
