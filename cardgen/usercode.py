"""Loading a project's own Python (house rules, a game's rules file) and reporting its failures.

A project folder is untrusted input, but a house rule or a rules file *is* code the
designer wrote to be run: it runs only in commands that play games (validate, compare,
tune, replay, play) and only when a deck or variant names it. ``build``, ``check`` and
``inspect`` never call this module.

What this module guarantees:

* the file lies inside the project folder (no ``..``, no link leading out), is a
  regular file of bounded size, and is read once: the bytes that are hashed are the
  bytes that run;
* each distinct content gets its own module name (``cardgen_project.<stem>_<hash>``),
  so two variants naming two versions of a file never share one module;
* a syntax error is an ``InputError`` (one line: file, line, message);
* an exception raised later by that code becomes ``UserCodeError``: one line naming
  the file and line inside the project code where it happened, the hook being run and
  the seed that reproduces the game (``describe_failure``).
"""
from __future__ import annotations

import hashlib
import sys
import traceback
import types
from dataclasses import dataclass
from typing import Any
from pathlib import Path

from cardgen import guard
from cardgen.errors import InputError, clean, did_you_mean

#: Largest project code file read (a house rule is a few dozen lines; a rules file a few hundred).
MAX_CODE_BYTES = 256 * 1024
#: Prefix of the module names project code is loaded under.
PACKAGE = "cardgen_project"


@dataclass(frozen=True)
class LoadedCode:
    """A project file loaded as a module, with the hash of the exact bytes that ran."""

    path: Path  # resolved path of the file
    shown: str  # the path as the user wrote it (relative to the project), for messages
    sha256: str
    module: types.ModuleType


class UserCodeError(Exception):
    """Project code failed while a game was played: one line, with the seed that reproduces it."""

    def __init__(self, line: str) -> None:
        self.line = line
        super().__init__(line)

    def __reduce__(self) -> tuple[object, ...]:  # survives pickling from worker processes
        return (UserCodeError, (self.line,))


def resolve_code_path(name: str, root: Path, *, origin: str | None = None, line: int | None = None,
                      field: str = "code") -> Path:
    """The project file ``name`` (relative to ``root``) after the checks above; InputError otherwise.

    ``origin``/``line``/``field`` say where ``name`` was written (the deck or variant file).
    """
    where = {"file": origin, "line": line, "field": field}
    raw = Path(name)
    if raw.is_absolute() or ".." in raw.parts:
        raise InputError(f"'{clean(name)}' must be a path inside the project folder (no absolute path, no '..')",
                         **where, key="code_path_inside", fields={"name": clean(name)})
    root_resolved = root.resolve()
    path = (root_resolved / raw)
    try:
        resolved = path.resolve(strict=True)
    except (OSError, RuntimeError):
        guess = did_you_mean(raw.name, _code_files_beside(path, root_resolved))
        raise InputError(f"'{clean(name)}' was not found in the project folder {clean(root)}",
                         hint=(raw.parent / guess).as_posix() if guess else None, **where,
                         key="code_not_found", fields={"name": clean(name), "folder": clean(root)}) from None
    if root_resolved not in resolved.parents:
        raise InputError(f"'{clean(name)}' leads outside the project folder", **where,
                         key="code_outside", fields={"name": clean(name)})
    if resolved.is_dir():
        resolved = resolved / "__init__.py"
    if resolved.suffix != ".py" or not resolved.is_file():
        raise InputError(f"'{clean(name)}' must be a Python file (.py) or a folder with __init__.py", **where,
                         key="code_kind", fields={"name": clean(name)})
    if resolved.stat().st_size > MAX_CODE_BYTES:
        raise InputError(f"'{clean(name)}' is larger than {MAX_CODE_BYTES // 1024} KiB", **where,
                         key="code_too_large", fields={"name": clean(name), "kib": MAX_CODE_BYTES // 1024})
    return resolved


def _code_files_beside(path: Path, root: Path) -> list[str]:
    """The Python files and packages in ``path``'s folder, for a "did you mean": none when that folder is
    missing, unreadable or (through a link) outside the project ``root``."""
    try:
        folder = path.parent.resolve(strict=True)
        if folder != root and root not in folder.parents:
            return []
        return [p.name for p in folder.iterdir() if p.suffix == ".py" or (p / "__init__.py").is_file()]
    except (OSError, RuntimeError):
        return []


def file_hash(path: Path) -> str:
    """SHA-256 of a project file's bytes (logs record it; replay compares it)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


_LOADED: dict[tuple[Path, str], LoadedCode] = {}


def load_code(path: Path, shown: str | None = None) -> LoadedCode:
    """Import the project file ``path`` (already checked by ``resolve_code_path``) as a fresh module.

    The same content is loaded once per process. A syntax error is one ``InputError`` line.
    """
    data = path.read_bytes()
    if len(data) > MAX_CODE_BYTES:
        raise InputError(f"larger than {MAX_CODE_BYTES // 1024} KiB", file=shown or path,
                         key="code_larger", fields={"kib": MAX_CODE_BYTES // 1024})
    digest = hashlib.sha256(data).hexdigest()
    key = (path, digest)
    if key in _LOADED:
        return _LOADED[key]
    shown = shown or str(path)
    base = path.parent.name if path.name == "__init__.py" else path.stem
    stem = "".join(ch if ch.isalnum() else "_" for ch in base)
    name = f"{PACKAGE}.{stem}_{digest[:12]}"
    try:
        code = compile(data, str(path), "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise InputError(f"Python syntax error: {exc.msg}", file=shown, line=exc.lineno,
                         key="python_syntax", fields={"why": exc.msg}) from None
    except ValueError as exc:  # NUL bytes and the like
        raise InputError(f"not a Python file: {exc}", file=shown, key="not_python", fields={"why": exc}) from None
    if PACKAGE not in sys.modules:
        parent = types.ModuleType(PACKAGE)
        parent.__path__ = []  # a namespace for project modules, importable by pickle
        sys.modules[PACKAGE] = parent
    module = types.ModuleType(name)
    module.__file__ = str(path)
    if path.name == "__init__.py":
        module.__path__ = [str(path.parent)]
    sys.modules[name] = module
    try:
        guard.call(exec, code, module.__dict__, where=f"{clean(shown)}, loading the file")
    except BaseException as exc:
        del sys.modules[name]
        if not guard.is_code_failure(exc):
            raise
        raise UserCodeError(describe_failure(exc, path, shown, loading=True)) from None
    loaded = LoadedCode(path=path, shown=shown, sha256=digest, module=module)
    _LOADED[key] = loaded
    return loaded


def _terminal_language() -> str:
    """The language of this process's terminal (a forked worker inherits its command's ``--lang``)."""
    terminal = sys.modules.get("cardgen.terminal")
    return terminal.language() if terminal is not None else "en"


def _say(key: str, **fields: Any) -> str:
    """cardgen's own words about project code's failure (``terminal.json``), in the terminal's language."""
    from cardgen.terminal import say

    return say(key, _terminal_language(), **fields)


def failure_words(exc: BaseException) -> str:
    """What went wrong, in words: the exception's type and text, or what an exit, an interrupt
    or a time-out raised by project code means (``cardgen.guard``), in the terminal's language."""
    from cardgen.guard import CodeEscape, CodeExit, CodeTimeout
    from cardgen.languages import plain

    if isinstance(exc, CodeTimeout):
        return _say("code_timeout", seconds=plain(exc.seconds, _terminal_language()))
    if isinstance(exc, CodeExit):
        return _say("code_os_exit", status=repr(exc.status))
    if isinstance(exc, CodeEscape):
        return str(exc)
    if isinstance(exc, SystemExit):
        return _say("code_sys_exit", code=repr(exc.code))
    if isinstance(exc, KeyboardInterrupt):
        return _say("code_interrupt")
    if type(exc).__name__ == "Peeked":  # cardgen's own words (cardgen.engine.seatview): no class name before them
        key = getattr(exc, "key", None)
        return _say(key, **{k: clean(v, 80) for k, v in exc.fields.items()}) if key else str(exc)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def describe_failure(exc: BaseException, path: Path, shown: str, *, hook: str | None = None,
                     seed: int | None = None, loading: bool = False) -> str:
    """One line for an exception raised by project code: where in that code, what, how to reproduce it.

    The innermost frame inside ``path`` (or its folder, for a package) is the one named; the
    line falls back to the file alone when the exception never passed through it.
    """
    folder = path.parent if path.name == "__init__.py" else None
    line_no: int | None = None
    where = shown
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        frame_file = Path(frame.f_code.co_filename)
        if frame_file == path or (folder is not None and folder in frame_file.parents):
            line_no = lineno
            if folder is not None:  # a rules folder: name the file inside it
                shown_dir = str(Path(shown).parent) if shown.endswith("__init__.py") else shown.rstrip("/")
                where = f"{shown_dir}/{frame_file.relative_to(folder).as_posix()}"
    message = failure_words(exc)
    parts = [f"{clean(where)}" + (f":{line_no}" if line_no else "") + f": {clean(message, 300)}"]
    if loading:
        parts.append(_say("code_loading"))
    elif hook:
        parts.append(_say("code_in_hook", hook=clean(hook, 80)))
    if seed is not None:
        parts.append(_say("code_seed", seed=seed))
    return " ".join(parts)
