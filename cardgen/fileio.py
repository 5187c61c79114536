"""Atomic file writes: a reader never sees a half-written output file.

Everything cardgen writes to ``out/`` goes through ``write_atomic``: the bytes go
to a temporary file in the same folder, are flushed to disk, then renamed over
the final path (``os.replace`` is atomic on POSIX and Windows). An interrupted
build leaves at worst a stray ``*.tmp`` file, never a truncated PDF; a failed
write (full disk, file-size limit, read-only folder) removes its temporary file
and becomes one ``InputError`` line naming the file.

No temporary file outlives its writer for long: each is named after the process that
writes it (``.<name>.<pid>-<n>.tmp``, ``create_temporary``), so a later command finds
those whose writer is gone (killed with SIGKILL, which nothing can clean up after) and
removes them (``sweep_temporaries``; the CLI sweeps its output folder as it starts).
Long writes (logs, the playtest's save) use ``create_temporary`` too.

Wherever a temporary file is written (a log in ``logs/``, a cache entry, an output folder
elsewhere), its name is also written in one register kept outside every project, a file per
writing process (``writers/<pid>.paths`` in the user's cache folder, ``register_writer``), so
that every command's start removes what dead writers left anywhere by reading that register
(``sweep_dead_writers``): the time it takes depends on what was left, never on a project's size.

``check_output_file`` and ``check_output_dir`` refuse a bad destination before
any work starts (a folder where a file is wanted, a symlink, a parent that is a
file, a folder that cannot be written), so a long run never ends in a crash.
"""
from __future__ import annotations

import errno
import itertools
import json
import os
import re
import stat
import threading
from pathlib import Path

from typing import Any

from cardgen.errors import InputError, worded
from cardgen.places import kept_folder


#: why a write failed, by errno: the key of its words in errors.json
_WHY = {errno.ENOSPC: "why_disk_full", errno.EFBIG: "why_file_size", errno.EACCES: "why_permission",
        errno.EPERM: "why_permission", errno.EROFS: "why_permission"}


def _why(exc: OSError) -> dict[str, str] | str:
    """Why ``exc``'s write failed, in every language (the system's own words for a reason we do not name)."""
    key = _WHY.get(exc.errno or 0)
    return worded(key) if key else exc.strerror or type(exc).__name__


def write_error(path: str | Path, exc: OSError) -> InputError:
    """A failed write as one line naming the file."""
    why = _why(exc)
    english = why["en"] if isinstance(why, dict) else why
    return InputError(f"cannot write: {english}", file=str(path), key="cannot_write", fields={"why": why})


def _first_existing(path: Path) -> tuple[Path, list[Path]]:
    """The nearest existing ancestor of ``path`` and the folders that would be created below it."""
    missing: list[Path] = []
    cur = path
    while not cur.exists() and not cur.is_symlink() and cur != cur.parent:
        missing.append(cur)
        cur = cur.parent
    return cur, missing


def check_output_dir(path: str | Path, what: str | dict[str, str] = "thing_output_folder") -> None:
    """Refuse ``path`` as a folder to write into unless it is (or can become) a writable folder; ``what`` names
    it (a key of errors.json: ``thing_output_folder``, or its words in every language)."""
    path = Path(path)
    named = worded(what) if isinstance(what, str) else what
    base, _ = _first_existing(path)
    if not base.is_dir():
        raise InputError(f"{named['en']} cannot be made: '{base}' is a file, not a folder", file=str(path),
                         key="output_not_folder", fields={"what": named, "base": base})
    if not os.access(base, os.W_OK | os.X_OK):
        raise InputError(f"{named['en']} is not writable: no permission to write in '{base}'", file=str(path),
                         key="output_not_writable", fields={"what": named, "base": base})


def check_output_file(path: str | Path, what: str = "thing_output_file") -> None:
    """Refuse ``path`` as a file to write unless it is a plain file (or can be created); ``what`` names it (a key
    of errors.json: ``thing_log_file``)."""
    path = Path(path)
    named = worded(what)
    if path.is_symlink():
        raise InputError(f"{named['en']} is a symbolic link; cardgen neither replaces nor writes through one, "
                         "expected a plain file name", file=str(path), key="output_symlink", fields={"what": named})
    if path.is_dir():
        raise InputError(f"{named['en']} is a folder; expected a file name", file=str(path), key="output_is_folder",
                         fields={"what": named})
    if path.exists() and not path.is_file():
        raise InputError(f"{named['en']} is not a regular file; expected a file name", file=str(path),
                         key="output_not_regular", fields={"what": named})
    check_output_dir(path.parent, worded("thing_folder_of", what=named))


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object a state file of ours holds, or ``{}`` when it is missing, unreadable or not an object.

    For the records cardgen keeps beside its outputs (the build's cache, the gallery's state):
    a damaged one is forgotten and rebuilt, never an error.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_atomic(path: str | Path, data: bytes | str, *, skip_if_same: bool = True, durable: bool = True) -> bool:
    """Write ``data`` to ``path`` atomically; return False if the file already held it.

    Atomic (a temporary file renamed over ``path``): a reader, or an interrupted
    command, never sees half a file. ``durable`` also flushes the bytes to disk
    before the rename, so that a power cut cannot leave an empty file behind the
    new name; at a millisecond or more per file, it is skipped for files cardgen
    draws again when they are missing or empty (the gallery's pictures). A build
    writes hundreds of files, so each costs few system calls: one ``lstat``, the
    temporary file created with the ordinary permissions (no ``chmod``), and the
    folder made only when the file cannot be created without it.
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        st = os.lstat(path)
    except OSError:
        st = None
    if st is not None:
        if stat.S_ISLNK(st.st_mode) or stat.S_ISDIR(st.st_mode):
            check_output_file(path)
        if skip_if_same and stat.S_ISREG(st.st_mode) and st.st_size == len(raw) and path.read_bytes() == raw:
            return False
    tmp = None
    try:
        fd, tmp = _create_temporary(path)
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise write_error(path, exc) from None
    except BaseException:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        if tmp is not None:
            done_with_temporary(tmp)
    return True


_TEMPORARY = itertools.count()
#: A temporary file of ours: ``.<name>.<pid>-<n>.tmp`` (``create_temporary``); group 1 is the writer's pid.
TEMPORARY_NAME = re.compile(r"^\..+\.(\d+)-\d+\.tmp$")


def create_temporary(path: str | Path) -> tuple[int, str]:
    """A new empty temporary file beside ``path``, named after this process (``TEMPORARY_NAME``), so
    that ``sweep_temporaries`` removes it once this process is gone: ``(descriptor, name)``.

    For a writer that renames the file over ``path`` when done (``os.replace``) and removes it on
    failure, then calls ``done_with_temporary``; until then a command ended outright removes it
    (``remove_open_temporaries``). The descriptor is opened for writing, the mode that of any new file."""
    return _create_temporary(Path(path))


#: The temporary files this process has open now (``create_temporary``, not yet renamed or removed).
_OPEN: set[str] = set()


def done_with_temporary(name: str) -> None:
    """Say that the temporary file ``name`` was renamed over its target or removed."""
    with _REGISTER_LOCK:
        _OPEN.discard(name)
        if not _OPEN:
            _empty_register()


#: This process's register of its temporary files: ``(pid, descriptor)`` (a forked child opens its own).
_REGISTER: tuple[int, int] | None = None
#: Held while the set of open temporaries and the register change together (the playtest server writes from threads).
_REGISTER_LOCK = threading.Lock()
#: The register's folder, one file per writing process: ``<pid>.paths``, one temporary file's path a line.
WRITERS = "writers"


def _register(name: str) -> None:
    """Write ``name`` (a temporary file just made) into this process's register; quietly nothing where no
    register can be kept (no cache folder: the output folder's own sweep still finds the file)."""
    global _REGISTER
    pid = os.getpid()
    if _REGISTER is None or _REGISTER[0] != pid:
        folder = kept_folder(WRITERS)
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            # appended to (emptied by ftruncate, the next path starts the file); not inherited (PEP 446); private
            fd = os.open(folder / f"{pid}.paths", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        except OSError:
            return
        _REGISTER = (pid, fd)
    try:
        os.write(_REGISTER[1], os.fsencode(os.path.abspath(name)) + b"\n")
    except OSError:
        pass


def _empty_register() -> None:
    """No temporary file of this process is open: its register is emptied (it stays small)."""
    if _REGISTER is not None and _REGISTER[0] == os.getpid():
        try:
            os.ftruncate(_REGISTER[1], 0)
        except OSError:
            pass


def sweep_dead_writers() -> list[Path]:
    """Remove every temporary file that a writer now gone left, wherever it wrote it, by the register
    (``_register``); return them. A register of a live process is left alone; one of a dead process is
    removed with its files. Only a path of ``TEMPORARY_NAME``'s form naming that same process, a file
    and not a link, is ever removed, whatever the register says."""
    folder = kept_folder(WRITERS)
    removed: list[Path] = []
    if folder is None:
        return removed
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)  # the same order on every machine
    except OSError:
        return removed
    for entry in entries:
        pid_text, dot, suffix = entry.name.partition(".")
        if suffix != "paths" or not pid_text.isdigit() or _pid_alive(int(pid_text)):
            continue
        try:
            with open(entry.path, "rb") as handle:
                lines = handle.read(1 << 22).splitlines()
        except OSError:
            continue
        for line in dict.fromkeys(lines):
            path = Path(os.fsdecode(line))
            match = TEMPORARY_NAME.match(path.name)
            try:
                if match and match.group(1) == pid_text and path.is_absolute() and \
                        stat.S_ISREG(os.lstat(path).st_mode):
                    os.unlink(path)
                    removed.append(path)
            except OSError:
                continue
        try:
            os.unlink(entry.path)
        except OSError:
            pass
    return removed


def remove_open_temporaries() -> int:
    """Remove every temporary file this process still has open; returns how many there were.

    For a command ended outright (``lifecycle.hard_exit``) whose ``finally`` blocks will not run:
    its half-written files go with it instead of waiting for the next command's sweep."""
    names = list(_OPEN)
    for name in names:
        try:
            os.unlink(name)
        except OSError:
            pass
        _OPEN.discard(name)
    return len(names)


def _pid_alive(pid: int) -> bool:
    """Whether a process numbered ``pid`` exists (another user's counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # Linux: a process killed but not yet reaped by its parent (a zombie) writes nothing more
        stat_line = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat_line[stat_line.rfind(")") + 2:][:1] != "Z"


def sweep_temporaries(folder: str | Path, *, recursive: bool = True, of: str | None = None) -> list[Path]:
    """Remove the temporary files of ours under ``folder`` whose writer is gone; return them
    (``of``: only the temporary copies of the file of that name).

    Only names of ``TEMPORARY_NAME``'s form are touched, and only when no process of that number
    runs (a file of a live writer, or of a process that reuses the number, stays: the next sweep
    takes it). Symbolic links are neither followed nor removed; unreadable folders are skipped."""
    removed: list[Path] = []
    todo = [Path(folder)]
    while todo:
        here = todo.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    if recursive:
                        todo.append(Path(entry.path))
                    continue
                match = TEMPORARY_NAME.match(entry.name)
                if of is not None and not entry.name.startswith(f".{of}."):
                    continue
                if match and entry.is_file(follow_symlinks=False) and not _pid_alive(int(match.group(1))):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue
    return removed


def _create_temporary(path: Path) -> tuple[int, str]:
    """A new empty file beside ``path`` (its folder made if needed), opened for writing, mode 0666
    less the umask as any new file: ``(descriptor, name)``."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    made = False
    for _ in range(100):
        name = os.path.join(path.parent, f".{path.name}.{os.getpid()}-{next(_TEMPORARY)}.tmp")
        try:
            fd = os.open(name, flags, 0o666)
            with _REGISTER_LOCK:
                _OPEN.add(name)
                _register(name)
            return fd, name
        except FileExistsError:  # left by a process of the same number that was killed: another name
            continue
        except FileNotFoundError:
            if made:
                raise
            path.parent.mkdir(parents=True, exist_ok=True)
            made = True
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))
