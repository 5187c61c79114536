"""Project code contained: a supervisor process that kills what the in-process guard cannot stop.

``cardgen.guard`` interrupts project code from inside its own process (``SIGALRM``, an
asynchronous exception). Code that never returns to the interpreter (a C loop such as
``sum(range(10**13))``, an ``__iter__`` blocked in a system call), or that turns that
alarm off (``signal.signal(SIGALRM, SIG_IGN)``, ``setitimer(..., 0)``), is out of its
reach, and so is a process that ignores SIGTERM while it runs such code. So the commands
that play project code (``validate``, ``compare``, ``tune``, ``build``, ``play``, ``replay``)
run under a supervisor (``supervise``, called by ``cli.run`` before anything else):

* the command's process forks; the child runs the command, the parent (the process the
  shell started: its pid, its exit status) only watches it;
* every process of the command forked from the child (pool workers, a build's ``Forked``
  children) shares one table in memory (``MAP_SHARED``): a guarded call writes its pid,
  its deadline and what it runs (file, hook, seed) into its slot (``enter``, ``leave``);
* the supervisor reads the table every ``TICK`` s: a call still running ``GRACE`` s past its
  deadline (the in-process guard had its chance) is SIGKILLed with every other process
  of the table and the command, and the supervisor prints one line and exits with status 2;
* a command process that ends while a call into project code runs (``ctypes``' ``exit(0)``)
  is a failure line, status 2, never a success;
* a stop signal (SIGINT, SIGTERM, SIGHUP) sent to the supervisor alone is passed on to the
  command (``note_signal`` tells it the command got it itself); a command that has not
  ended ``STOP_SECONDS`` after one (a handler that cannot run while C code holds the
  interpreter) is killed: "interrupted", status 130.

A test calling ``cli.main`` in its own process has no supervisor: ``enter`` and ``leave`` do
nothing and the in-process guard alone applies, as before. A worker started by a fork
server or a Dask worker is not in the table either (``docs/MODULES.md``, ``contain.py``).
"""
from __future__ import annotations

import mmap
import os
import signal
import struct
import sys
import time

#: Processes the table has room for (a slot is chosen from the pid, then the next free one).
SLOTS = 256
#: Bytes of one slot: pid (int64), deadline and limit (float64 each), the length and bytes of ``where``.
SLOT_BYTES = 320
_WHERE_BYTES = SLOT_BYTES - 28
#: The table's header: the signal the command itself received last (int64), and when (float64); then
#: whether the command's starter is gone (int64, at ``_STARTER_GONE``); the command's language (ASCII, at
#: ``_LANGUAGE``: the supervisor's own lines are in it); at ``_COPY``, where project code copied its process
#: through C (length int32, then the text: ``note_copy``).
_HEADER = 64 + SLOT_BYTES
_STARTER_GONE = 16
_LANGUAGE = 24
_LANGUAGE_BYTES = 8
_COPY = 64
#: Seconds past a call's deadline before the supervisor kills it (the in-process guard stops
#: code it can reach at the deadline itself): the issue's promise is "within the limit + 2 s".
GRACE = 1.0
#: How often the supervisor reads the table (seconds).
TICK = 0.1
#: Seconds a command may take to end after a stop signal before the supervisor kills it (the
#: command's own hard exit comes after 1.5 s, when its handler can run at all).
STOP_SECONDS = 1.8
_SI_KERNEL = 0x80  # the ``si_code`` of a signal the kernel sent (a terminal's hang-up), not a process's kill()
#: The commands that run under a supervisor: those that may play project code.
SUPERVISED = frozenset({"validate", "compare", "tune", "fix", "build", "play", "replay"})

_table: mmap.mmap | None = None  # the shared table (None: no supervisor, the guard alone)
_slot = -1  # this process's slot offset in the table
_slot_pid = 0  # the pid that claimed ``_slot`` (a forked child claims its own)
_where = ""  # what this process's slot says it runs
#: ``where`` -> its bytes in a slot (length, then the encoded text), made once per text (``enter``)
_packed: dict[str, bytes] = {}
#: ``--code-memory``: megabytes of address space project code may add to its process (0: no limit).
DEFAULT_MEMORY_MB = 2048
_memory_mb = DEFAULT_MEMORY_MB


def set_memory_limit(megabytes: int) -> None:
    """Megabytes of address space each supervised process may grow by once it runs project code
    (``RLIMIT_AS``, set at its first call): an allocation beyond is a ``MemoryError`` of the code."""
    if megabytes < 0:
        raise ValueError(f"--code-memory {megabytes}: expected 0 (no limit) or more megabytes")
    global _memory_mb
    _memory_mb = int(megabytes)


def _limit_memory() -> None:
    """This process's address space capped at its present size plus ``_memory_mb`` (never raised)."""
    if not _memory_mb:
        return
    try:
        import resource

        with open("/proc/self/statm", "rb") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = size + _memory_mb * 1024 * 1024
        if soft == resource.RLIM_INFINITY or cap < soft:  # under a finite soft limit, the hard one is higher still
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (OSError, ValueError, ImportError):  # no /proc (not Linux): the kernel's own limits
        pass


def active() -> bool:
    """Whether a supervisor watches this process's calls into project code."""
    return _table is not None


def _claim(pid: int) -> int:
    """This process's slot: the one its pid hashes to, or the next one free or held by a dead process."""
    global _slot, _slot_pid, _where
    assert _table is not None
    start = pid % SLOTS
    for step in range(SLOTS):
        offset = _HEADER + ((start + step) % SLOTS) * SLOT_BYTES
        (held,) = struct.unpack_from("q", _table, offset)
        if held in (0, pid) or not _alive(held):
            struct.pack_into("qddi", _table, offset, pid, 0.0, 0.0, 0)  # no deadline, no limit, no where
            _slot, _slot_pid, _where = offset, pid, ""
            _limit_memory()
            return offset
    _slot, _slot_pid = -1, pid  # a full table: this process is watched by its own guard only
    return -1


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs in this command's session (not a stranger that reused a dead worker's pid)."""
    try:
        return os.getsid(pid) == os.getsid(0)
    except OSError:  # no such process
        return False


def enter(where: str, limit: float, pid: int) -> None:
    """A guarded call starts in process ``pid`` (this one): its deadline and ``where`` (file, hook, seed)
    into this process's slot."""
    global _where
    if _table is None:
        return
    slot = _slot if pid == _slot_pid else _claim(pid)
    if slot < 0:
        return
    if where != _where:
        packed = _packed.get(where)
        if packed is None:  # a hook and an action alternate: each ``where`` encoded once, not at every call
            if len(_packed) > 256:
                _packed.clear()
            data = where.encode("utf-8", "replace")[:_WHERE_BYTES]
            packed = _packed[where] = struct.pack(f"i{len(data)}s", len(data), data)
        _table[slot + 24:slot + 24 + len(packed)] = packed
        _where = where
    struct.pack_into("dd", _table, slot + 8, time.monotonic() + limit, limit)


def leave(pid: int) -> None:
    """The guarded call of process ``pid`` (this one) returned or raised: it runs no project code now."""
    if _table is not None and _slot >= 0 and pid == _slot_pid:
        struct.pack_into("d", _table, _slot + 8, 0.0)


def note_signal(signum: int) -> None:
    """The command's own process received ``signum`` (``cli._on_term``): the supervisor need not pass it on."""
    if _table is not None:
        struct.pack_into("qd", _table, 0, signum, time.monotonic())


def _slots() -> list[tuple[int, float, float, str]]:
    """(pid, deadline, limit, where) of every slot in use."""
    assert _table is not None
    out = []
    for i in range(SLOTS):
        offset = _HEADER + i * SLOT_BYTES
        pid, deadline, limit, size = struct.unpack_from("qddi", _table, offset)
        if pid:
            where = bytes(_table[offset + 28:offset + 28 + min(max(size, 0), _WHERE_BYTES)]).decode("utf-8", "replace")
            out.append((pid, deadline, limit, where))
    return out


def supervise(command: str | None) -> None:
    """Fork when ``command`` may play project code: return in the child (the command runs on);
    the parent watches it until it ends and leaves with its exit status (never returns).

    Nothing happens for other commands, where ``os.fork`` is missing, or when this process
    is already supervised."""
    global _table
    if command not in SUPERVISED or _table is not None or not hasattr(os, "fork"):
        return
    table = mmap.mmap(-1, _HEADER + SLOTS * SLOT_BYTES)  # anonymous, MAP_SHARED (the default): seen by every fork
    stops = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, stops | {signal.SIGCHLD})
    sys.stdout.flush()
    sys.stderr.flush()
    supervisor = os.getpid()
    child = os.fork()
    if child == 0:
        _die_with(supervisor)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        _table = table
        return
    _table = table
    code = _watch(child, stops, os.getppid())
    os._exit(code)


def _die_with(supervisor: int) -> None:
    """In the command: be told to stop (SIGTERM: it unwinds, its temporaries and workers go with it) when the
    supervisor dies, as by ``kill -9`` of the pid the shell knows, instead of running on unseen (Linux's
    ``PR_SET_PDEATHSIG``; elsewhere the command's own watch of its parent)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != supervisor:  # killed before the request was made
        os._exit(1)


def _watch(child: int, stops: set[int], parent: int) -> int:
    """The supervisor's loop: the command's exit status, or 2 (project code killed), or 130 (a stop
    signal the command could not answer). When ``parent`` (what started the command) is gone, the
    command is told (``starter_gone``: ``cardgen play``'s table then stops in its own words) and the
    supervisor waits for it as before: leaving would end the command outright (``_die_with``)."""
    stop_by: float | None = None
    while True:
        if parent and os.getppid() != parent:
            assert _table is not None
            struct.pack_into("q", _table, _STARTER_GONE, 1)
            parent = 0
        info = signal.sigtimedwait(stops | {signal.SIGCHLD}, TICK)
        if info is not None and info.si_signo in stops:
            stop_by = stop_by or time.monotonic() + STOP_SECONDS
            if info.si_code != _SI_KERNEL:  # a kill(), maybe to this process alone
                _pass_on(child, info.si_signo)
        try:
            done, status = os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            return 2
        if done:
            return _ended(child, status)
        copied = _copied()
        if copied:
            _kill_all(child)
            _line(_copy_line(copied))
            return 2
        if stop_by is not None and time.monotonic() > stop_by:
            _kill_all(child)
            _line(_interrupted())
            return 130
        now = time.monotonic()
        for pid, deadline, limit, where in _slots():
            if deadline and now > deadline + GRACE and _alive(pid):
                _kill_all(child)
                _line(_said("code_still_running", where=where, seconds=limit + GRACE, limit=limit))
                return 2


def starter_gone() -> bool:
    """Whether the process that started this command has ended, as the supervisor saw it (under a supervisor
    the command's own parent is the supervisor, which stays): ``cardgen play``'s table stops then."""
    return _table is not None and struct.unpack_from("q", _table, _STARTER_GONE)[0] == 1


def _pass_on(child: int, signum: int) -> None:
    """Send ``signum`` to the command unless it received it itself (a signal to the whole process group)."""
    time.sleep(0.05)  # the command's handler, if it can run, notes the same signal meanwhile
    assert _table is not None
    got, when = struct.unpack_from("qd", _table, 0)
    if got == signum and time.monotonic() - when < 1.0:
        return
    try:
        os.kill(child, signum)
    except OSError:
        pass


def _ended(child: int, status: int) -> int:
    """The command ended: its exit status, unless it ended inside a call into project code (a failure, 2)."""
    code = os.waitstatus_to_exitcode(status)
    copied = _copied()
    if copied:  # the command ended before the supervisor saw the copy: still the code's failure
        _kill_all(child)
        _line(_copy_line(copied))
        return 2
    for pid, deadline, _, where in _slots():
        if pid == child and deadline:
            _kill_all(child)
            how = _said("how_signal", n=-code, prefix=False) if code < 0 else _said("how_status", n=code, prefix=False)
            _line(_said("code_ended", where=where, how=how))
            return 2
    for pid, deadline, _, _ in _slots():  # a worker the command left behind inside project code
        if deadline and _alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    return code if code >= 0 else 128 - code


def _kill_all(child: int) -> None:
    """SIGKILL the command and every process of the table (what ran project code)."""
    for pid in [child] + [pid for pid, *_ in _slots() if pid != child and _alive(pid)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.waitpid(child, 0)
    except ChildProcessError:
        pass


def note_copy(where: str) -> None:
    """In a copy of a process made by project code through C (``ctypes``' ``fork``: no fork hook ran), about to
    end: the command is failed by the supervisor, as a fork through ``os.fork`` fails it by the guard."""
    if _table is not None:
        data = (where or "project code").encode("utf-8", "replace")[:_WHERE_BYTES]
        struct.pack_into(f"i{len(data)}s", _table, _COPY, len(data), data)


def _copied() -> str:
    """Where project code copied its process (``note_copy``), or "" (it did not)."""
    assert _table is not None
    (size,) = struct.unpack_from("i", _table, _COPY)
    return bytes(_table[_COPY + 4:_COPY + 4 + min(max(size, 0), _WHERE_BYTES)]).decode("utf-8", "replace")


def _copy_line(where: str) -> str:
    return _said("code_copied", where=where)


def note_language(lang: str) -> None:
    """The command's terminal language (``cli`` once it read ``--lang``), for the supervisor's own lines."""
    if _table is not None:
        code = lang.encode("ascii", "replace")[:_LANGUAGE_BYTES]
        _table[_LANGUAGE:_LANGUAGE + _LANGUAGE_BYTES] = code.ljust(_LANGUAGE_BYTES, b"\0")


def _noted_language() -> str:
    """The language the command noted (``note_language``), English before it noted one."""
    from cardgen import terminal

    assert _table is not None
    lang = bytes(_table[_LANGUAGE:_LANGUAGE + _LANGUAGE_BYTES]).rstrip(b"\0").decode("ascii", "replace")
    return lang if lang in terminal.LINES else "en"


def _interrupted() -> str:
    """"interrupted" in the language the command noted (English before it noted one)."""
    from cardgen import terminal

    return terminal.say("interrupted", _noted_language())


def _said(key: str, prefix: bool = True, **fields: object) -> str:
    """The supervisor's line ``key`` (``terminal.json``) in the command's language, after its ``cardgen: error:``;
    a number in it with the language's decimal sign (``0,5 s``)."""
    from cardgen import terminal
    from cardgen.errors import said
    from cardgen.languages import plain

    lang = _noted_language()
    shown = {k: plain(v, lang) if isinstance(v, float) else v for k, v in fields.items()}
    return (said("prefix", lang) if prefix else "") + terminal.say(key, lang, **shown)


def _line(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
