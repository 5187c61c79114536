"""The supervisor's table and decisions, in this process (issue 51): what ``tests/test_contain.py`` proves
through whole supervised processes, piece by piece, so that a planted bug in ``cardgen/contain.py`` fails a
test that names it (and mutmut, which sees only calls made in the test's own process, can run them).

Each test gets a fresh shared table of its own (``table``); processes the supervisor watches are forked
children that end within seconds.
"""
from __future__ import annotations

import mmap
import os
import signal
import struct
import threading
import time
from collections.abc import Iterator

import pytest

from cardgen import contain, terminal

WHERE = "house/rule.py, hook draw (seed 5)"
_EXIT = os._exit  # the real one, taken before any guarded call could replace it


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[mmap.mmap]:
    shared = mmap.mmap(-1, contain._HEADER + contain.SLOTS * contain.SLOT_BYTES, flags=mmap.MAP_SHARED)
    monkeypatch.setattr(contain, "_table", shared)
    monkeypatch.setattr(contain, "_slot", -1)
    monkeypatch.setattr(contain, "_slot_pid", 0)
    monkeypatch.setattr(contain, "_where", "")
    monkeypatch.setattr(contain, "_memory_mb", 0)  # never cap the test process itself
    yield shared
    shared.close()


def _child(body: str = "time.sleep(30)", code: int = 0) -> int:
    """A forked child running ``body`` then ending with ``code`` (it never returns into pytest)."""
    pid = os.fork()
    if pid == 0:
        try:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a command that dies of it (not a handler an earlier test
            exec(body, {"time": time, "os": os, "contain": contain})  # of this worker left, as cli.main does)
        finally:
            os._exit(code)
    return pid


def test_a_call_writes_its_deadline_and_where_and_leaving_clears_the_deadline(table: mmap.mmap) -> None:
    pid = os.getpid()
    before = time.monotonic()
    contain.enter(WHERE, 2.5, pid)
    [(got, deadline, limit, where)] = contain._slots()
    assert (got, limit, where) == (pid, 2.5, WHERE) and before + 2.5 <= deadline <= time.monotonic() + 2.5
    assert contain._slot == contain._HEADER + (pid % contain.SLOTS) * contain.SLOT_BYTES
    contain.leave(pid + 1)  # another process's leave touches nothing of this one
    assert contain._slots()[0][1] == deadline
    contain.leave(pid)
    assert contain._slots() == [(pid, 0.0, 2.5, WHERE)]
    contain.enter("a", 1.0, pid)  # a new call says what it runs now, whatever ran before
    contain.enter("é" * 400, 1.0, pid)  # cut to the slot's room, never into another slot
    [(_, _, _, where)] = contain._slots()
    assert where.startswith("é" * 100) and len(where.encode("utf-8", "replace")) <= contain._WHERE_BYTES
    contain.enter("a", 1.0, pid)
    assert contain._slots()[0][3] == "a"


def test_a_slot_held_by_a_live_process_is_passed_over_and_a_dead_ones_taken(table: mmap.mmap) -> None:
    live = _child()
    dead = _child("pass")
    os.waitpid(dead, 0)
    try:
        pid = os.getpid()
        home = pid % contain.SLOTS
        for step, holder in enumerate((live, dead)):  # this process's own slot and the next: held
            struct.pack_into("q", table, contain._HEADER + ((home + step) % contain.SLOTS) * contain.SLOT_BYTES, holder)
        assert contain._claim(pid) == contain._HEADER + ((home + 1) % contain.SLOTS) * contain.SLOT_BYTES
        assert {p for p, *_ in contain._slots()} == {live, pid}
        for i in range(contain.SLOTS):  # every slot held by a live process: none, watched by its own guard only
            struct.pack_into("q", table, contain._HEADER + i * contain.SLOT_BYTES, live)
        assert contain._claim(pid) == -1 and contain._slot == -1
        contain.enter(WHERE, 1.0, pid)  # nothing written, nothing raised
        contain.leave(pid)
    finally:
        os.kill(live, signal.SIGKILL)
        os.waitpid(live, 0)


def test_a_process_is_alive_only_while_it_runs_in_this_session() -> None:
    live = _child()
    stranger = _child("os.setsid(); time.sleep(30)")  # a live process, in a session of its own
    try:
        deadline = time.monotonic() + 10
        while os.getsid(stranger) == os.getsid(0) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert contain._alive(live) and contain._alive(os.getpid())
        assert not contain._alive(stranger)  # alive, but not of this command's session (a reused pid)
    finally:
        for pid in (live, stranger):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    assert not contain._alive(live)  # gone


def test_the_language_noted_by_the_command_words_the_interruption(table: mmap.mmap) -> None:
    assert contain._interrupted() == terminal.say("interrupted", "en")  # nothing noted yet
    contain.note_language("it")
    assert contain._interrupted() == terminal.say("interrupted", "it")
    contain.note_language("fr")
    assert contain._interrupted() == terminal.say("interrupted", "fr")
    contain.note_language("xx-very-long")  # not a terminal language: English
    assert contain._interrupted() == terminal.say("interrupted", "en")


def test_a_copy_made_through_c_is_noted_with_where_it_ran(table: mmap.mmap) -> None:
    assert contain._copied() == ""
    contain.note_copy("")
    assert contain._copied() == "project code"
    contain.note_copy(WHERE + "x" * 500)
    assert contain._copied().startswith(WHERE) and len(contain._copied()) == contain._WHERE_BYTES


def test_the_end_of_the_command_is_its_status_unless_project_code_ran(table: mmap.mmap,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    child = _child("pass", 3)
    _, status = os.waitpid(child, 0)
    assert contain._ended(child, status) == 3 and capsys.readouterr().err == ""
    child = _child("os.kill(os.getpid(), 9)")  # a signal no inherited handler can catch
    _, status = os.waitpid(child, 0)
    assert contain._ended(child, status) == 128 + 9
    child = _child(f"contain.enter({WHERE!r}, 60.0, os.getpid())", 0)  # exit(0) inside a call into project code
    _, status = os.waitpid(child, 0)
    assert contain._ended(child, status) == 2
    assert capsys.readouterr().err == (f"cardgen: error: {WHERE}: the process ended (exit status 0) while project "
                                       "code ran: project code must not end the process\n")


@pytest.mark.parametrize(("lang", "ended"), [
    ("fr", f"cardgen\u202f: erreur\u202f: {WHERE}\u202f: le processus s’est terminé (code de sortie 3) pendant que le "
           "code du projet tournait\u202f: le code du projet ne doit pas terminer le processus\n"),
    ("it", f"cardgen: errore: {WHERE}: il processo è terminato (codice di uscita 3) mentre girava il codice del "
           "progetto: il codice del progetto non deve terminare il processo\n")])
def test_the_supervisors_lines_speak_the_commands_language(table: mmap.mmap, capsys: pytest.CaptureFixture[str],
                                                            lang: str, ended: str) -> None:
    """Issue 53: under ``--lang fr`` / ``it`` the supervisor's failure lines, prefix included, are the language's; a
    time limit has the language's decimal sign (``1,3 s``)."""
    contain.note_language(lang)
    child = _child(f"contain.enter({WHERE!r}, 60.0, os.getpid())", 3)
    _, status = os.waitpid(child, 0)
    assert contain._ended(child, status) == 2
    assert capsys.readouterr().err == ended
    contain.note_copy(WHERE)
    assert contain._copy_line(WHERE).startswith(ended.split(WHERE)[0] + WHERE)
    assert "1,3\u00a0s" in contain._said("code_still_running", where=WHERE, seconds=1.3, limit=0.3)
    assert "(0,3\u00a0s" in contain._said("code_still_running", where=WHERE, seconds=1.3, limit=0.3)


def test_a_copy_fails_a_command_that_ended_well(table: mmap.mmap, capsys: pytest.CaptureFixture[str]) -> None:
    child = _child("pass", 0)
    _, status = os.waitpid(child, 0)
    contain.note_copy(WHERE)
    assert contain._ended(child, status) == 2
    assert capsys.readouterr().err == (f"cardgen: error: {WHERE}: it copied its process (a fork through C): project "
                                       "code must not start processes\n")


def _watched(child: int, parent: int = 0, signum: int = 0) -> tuple[int, float]:
    """``contain._watch`` of ``child`` as the supervisor runs it (its signals blocked; ``signum``, if any, sent to
    this process alone once they are); its status and seconds."""
    stops = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, stops | {signal.SIGCHLD})
    start = time.monotonic()
    try:
        if signum:  # to this thread, which blocks it (a process-wide one could reach another thread of pytest's)
            signal.pthread_kill(threading.get_ident(), signum)
        return contain._watch(child, stops, parent), time.monotonic() - start
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def test_the_watch_kills_a_call_past_its_deadline_and_the_grace(table: mmap.mmap,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    child = _child(f"contain.enter({WHERE!r}, 0.3, os.getpid()); time.sleep(30)")
    code, seconds = _watched(child)
    assert code == 2 and 0.3 + contain.GRACE <= seconds < 0.3 + contain.GRACE + 1.5
    assert capsys.readouterr().err == (
        f"cardgen: error: {WHERE}: still running after 1.3 s, out of the reach of the time limit for project code "
        "(0.3 s; C code, or a signal it blocked): its process was killed (--code-time-limit SECONDS changes the limit)\n")
    assert not contain._alive(child)


def test_the_watch_passes_on_a_command_that_ends_and_a_call_that_returns_in_time(table: mmap.mmap) -> None:
    child = _child(f"contain.enter({WHERE!r}, 0.2, os.getpid()); contain.leave(os.getpid()); time.sleep(0.8)", 5)
    code, seconds = _watched(child)
    assert code == 5 and seconds >= 0.8
    assert not contain.starter_gone()  # no starter named (0): none is said to be gone


def test_the_watch_ends_a_command_whose_copy_was_noted_and_tells_of_a_starter_gone(
        table: mmap.mmap, capsys: pytest.CaptureFixture[str]) -> None:
    assert not contain.starter_gone()
    child = _child(f"time.sleep(0.3); contain.note_copy({WHERE!r}); time.sleep(30)")
    code, seconds = _watched(child, parent=os.getppid() + 100_000)  # not this process's parent: the starter is gone
    assert code == 2 and seconds < 5 and not contain._alive(child)
    assert capsys.readouterr().err == (f"cardgen: error: {WHERE}: it copied its process (a fork through C): project "
                                       "code must not start processes\n")
    assert contain.starter_gone()


def test_a_stop_the_command_does_not_answer_ends_it_as_interrupted(table: mmap.mmap,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    contain.note_language("fr")
    child = _child("import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(30)")
    time.sleep(0.2)
    code, seconds = _watched(child, signum=signal.SIGTERM)  # to the supervisor alone: passed on, not answered
    assert code == 130 and contain.STOP_SECONDS <= seconds < contain.STOP_SECONDS + 1.5
    assert capsys.readouterr().err == terminal.say("interrupted", "fr") + "\n" and not contain._alive(child)


def test_the_memory_limit_is_checked_and_caps_what_code_adds() -> None:
    with pytest.raises(ValueError, match="--code-memory -1: expected 0"):
        contain.set_memory_limit(-1)
    before = contain._memory_mb
    try:
        contain.set_memory_limit(0)  # 0: no limit, accepted
        assert contain._memory_mb == 0
    finally:
        contain._memory_mb = before
    child = _child("contain.set_memory_limit(64)\ncontain._limit_memory()\ntry:\n    bytearray(256 << 20)\n"
                   "except MemoryError:\n    os._exit(7)", 0)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 7
    child = _child("contain.set_memory_limit(0)\ncontain._limit_memory()\nbytearray(256 << 20)", 0)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0  # 0: no limit


def _supervised(body: str) -> int:
    """The exit status of a forked process that calls ``supervise("validate")`` and, in the command it forks,
    runs ``body`` (which ends the command)."""
    pid = os.fork()
    if pid == 0:
        code = 99
        try:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (see _child)
            contain._table = None
            contain.supervise("validate")
            exec(body, {"time": time, "os": os, "signal": signal, "contain": contain})
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_supervise_forks_a_command_that_runs_on_and_the_supervisor_leaves_with_its_status() -> None:
    me = os.getpid()
    for command in (None, "check", "new"):  # commands that never play project code: no fork, no table
        contain.supervise(command)
        assert os.getpid() == me and not contain.active()
    command = ("supervisor = os.getppid()\n"
               "blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])\n"
               "ok = contain.active() and supervisor != os.getpid() and not blocked & {signal.SIGINT, signal.SIGCHLD}\n"
               "contain.enter('x', 60.0, os.getpid()); contain.leave(os.getpid())\n"
               "os._exit(7 if ok and contain._slots() == [(os.getpid(), 0.0, 60.0, 'x')] else 8)")
    assert _supervised(command) == 7  # the command's own status, through the supervisor
    # a stop sent to the supervisor alone: it survives it (blocked) and passes it on to the command
    assert _supervised("os.kill(os.getppid(), signal.SIGTERM); time.sleep(5); os._exit(9)") == 128 + signal.SIGTERM


def test_supervise_does_nothing_under_a_supervisor(table: mmap.mmap) -> None:
    me = os.getpid()
    contain.supervise("validate")
    assert os.getpid() == me and contain._table is table


def _size() -> int:
    """This process's address space now, in bytes."""
    with open("/proc/self/statm", "rb") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def test_the_memory_cap_is_the_present_size_plus_the_limit_and_is_never_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process (the limits are put back): the cap is what the process holds when code first runs, plus
    ``--code-memory``; a later, larger limit leaves a lower cap as it is; 0 sets none."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_AS)
    if before[1] != resource.RLIM_INFINITY:
        pytest.skip("this machine caps the address space already (a finite hard limit)")
    mb = 1 << 20
    try:
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, before[1]))
        monkeypatch.setattr(contain, "_memory_mb", 0)
        contain._limit_memory()
        assert resource.getrlimit(resource.RLIMIT_AS) == (resource.RLIM_INFINITY, before[1])  # 0: no cap
        low = _size()
        monkeypatch.setattr(contain, "_memory_mb", 4096)
        contain._limit_memory()
        high = _size()
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        assert hard == before[1] and low + 4096 * mb <= soft <= high + 4096 * mb
        monkeypatch.setattr(contain, "_memory_mb", 8192)
        contain._limit_memory()
        assert resource.getrlimit(resource.RLIMIT_AS) == (soft, hard)  # never raised
        monkeypatch.setattr(contain, "_memory_mb", 2048)
        contain._limit_memory()
        assert resource.getrlimit(resource.RLIMIT_AS)[0] < soft - 2000 * mb  # a lower cap is taken
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


def test_a_guarded_call_writes_itself_into_the_table_and_clears_its_deadline(table: mmap.mmap) -> None:
    """``guard.call`` under a supervisor: while the code runs, the slot says where, the limit and a deadline;
    once it returned, no deadline (the supervisor kills only what runs)."""
    from cardgen import guard

    pid = os.getpid()
    seen = []
    limit = guard.time_limit()
    assert guard.call(lambda: seen.extend(contain._slots()) or 7, where=WHERE) == 7
    [(got, deadline, held, where)] = seen
    assert (got, held, where) == (pid, limit, WHERE) and deadline > time.monotonic()
    assert contain._slots() == [(pid, 0.0, limit, WHERE)]
    assert guard.call(lambda a, b=0: a + b, 2, b=3, where=WHERE) == 5  # arguments passed on as given
    seen.clear()
    guard.call(lambda: seen.extend(contain._slots()))
    assert [where for *_, where in seen] == ["project code"]  # what a call that names nothing runs
    assert guard.call(lambda: guard.call(lambda x=1: x, x=4, where="inner"), where=WHERE) == 4  # nested: as given


def test_a_copy_made_through_c_in_project_code_ends_at_once_and_is_noted_for_the_supervisor(table: mmap.mmap) -> None:
    """A fork no hook sees (``ctypes``): the copy returns into ``guard.call``, which ends it there (status 1) with
    where it ran in the table; the command itself goes on, and its supervisor fails it (``_watch``)."""
    import ctypes

    from cardgen import guard

    libc = ctypes.CDLL(None)
    me = os.getpid()
    try:
        child = guard.call(libc.fork, where=WHERE)
    except BaseException:
        if os.getpid() != me:
            _EXIT(8)  # the copy failed to end and raised instead: never let it run the rest of the tests
        raise
    if child == 0:
        _EXIT(9)  # reached only where guard.call let the copy return into the command
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 1 and contain._copied() == WHERE


def test_the_guards_refusals_are_worded_whole_and_a_thread_marks_the_process() -> None:
    from cardgen import guard

    for _ in range(2):  # the second fork is refused as the first was
        with pytest.raises(guard.CodeEscape) as info:
            guard.call(_fork_and_reap)
        assert str(info.value) == "os.fork() called: project code must not start processes"
    stop = threading.Event()
    try:
        assert not guard.escaped
        with pytest.raises(guard.CodeEscape) as info:
            guard.call(lambda: threading.Thread(target=stop.wait, daemon=True).start())
        assert str(info.value) == "a thread it started still runs: project code must not leave threads behind"
        assert guard.escaped is True  # the command ends without waiting for it
    finally:
        stop.set()
        guard.escaped = False


def _fork_and_reap() -> None:
    """A fork inside project code (the copy ends in the fork hook with status 1)."""
    child = os.fork()
    if child == 0:
        _EXIT(9)  # reached only where the fork hook let the copy run on
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 1


def test_a_slot_taken_over_from_a_dead_process_says_nothing_of_its_call(table: mmap.mmap) -> None:
    dead = _child("pass")
    os.waitpid(dead, 0)
    pid = os.getpid()
    home = contain._HEADER + (pid % contain.SLOTS) * contain.SLOT_BYTES
    struct.pack_into("qddi8s", table, home, dead, 12.5, 1.0, 8, b"old/rule")  # a dead worker's call, mid-way
    assert contain._claim(pid) == home
    assert contain._slots() == [(pid, 0.0, 0.0, "")]


def test_words_that_do_not_encode_are_kept_replaced_and_a_cut_character_too(table: mmap.mmap) -> None:
    pid = os.getpid()
    contain.enter("rule\udc80.py", 1.0, pid)  # a file name with a byte no encoding reads (surrogateescape)
    [(_, _, _, where)] = contain._slots()
    assert where == "rule?.py"
    contain.note_copy("x" + "é" * 200)  # cut inside a character at the table's width
    copied = contain._copied()
    assert copied.startswith("xéé") and copied.endswith("\ufffd") and len(copied) == 1 + 145 + 1
    contain.note_copy("rule\udc80.py")
    assert contain._copied() == "rule?.py"
    contain.note_language("d\u00e9")  # no language of ours: the supervisor's own lines stay English
    assert contain._interrupted() == terminal.say("interrupted", "en")


def test_the_watch_passes_a_stop_on_to_a_command_that_answers_it(table: mmap.mmap) -> None:
    child = _child("time.sleep(30)")
    time.sleep(0.2)
    code, seconds = _watched(child, signum=signal.SIGTERM)  # to the supervisor alone: passed on, the command ends
    assert code == 128 + signal.SIGTERM and seconds < 1.0


def test_the_watch_of_a_process_that_is_not_its_child_fails(table: mmap.mmap) -> None:
    gone = _child("pass")
    os.waitpid(gone, 0)
    code, seconds = _watched(gone)
    assert code == 2 and seconds < 1.0


def test_the_watch_fails_a_command_that_ends_inside_project_code(table: mmap.mmap,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    child = _child(f"contain.enter({WHERE!r}, 60.0, os.getpid()); os.kill(os.getpid(), 9)")
    code, _ = _watched(child)
    assert code == 2
    assert capsys.readouterr().err == (f"cardgen: error: {WHERE}: the process ended (signal 9) while project code "
                                       "ran: project code must not end the process\n")


def test_the_end_of_a_command_kills_the_workers_it_left_inside_project_code_only(table: mmap.mmap) -> None:
    inside, idle = _child(), _child()
    for i, (pid, deadline) in enumerate(((inside, time.monotonic() + 60), (idle, 0.0))):
        struct.pack_into("qdd", table, contain._HEADER + i * contain.SLOT_BYTES, pid, deadline, 60.0)
    try:
        child = _child("pass", 0)
        _, status = os.waitpid(child, 0)
        assert contain._ended(child, status) == 0  # the command's own status (0 stays 0)
        _, status = os.waitpid(inside, 0)
        assert os.waitstatus_to_exitcode(status) == -signal.SIGKILL
        time.sleep(0.1)
        assert os.waitpid(idle, os.WNOHANG) == (0, 0)  # still running: outside project code, the command's business
    finally:
        for pid in (inside, idle):
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


def test_killing_the_command_kills_every_process_of_the_table(table: mmap.mmap) -> None:
    command, worker = _child(), _child()
    struct.pack_into("qdd", table, contain._HEADER, worker, 0.0, 0.0)
    contain._kill_all(command)  # reaps the command
    _, status = os.waitpid(worker, 0)
    assert os.waitstatus_to_exitcode(status) == -signal.SIGKILL
    with pytest.raises(ChildProcessError):
        os.waitpid(command, os.WNOHANG)


def test_the_command_is_told_when_the_process_that_started_it_is_gone() -> None:
    """The starter of a supervised command ends at once; the command sees ``starter_gone`` (through a pipe)."""
    contain.supervise(None)  # (in this process, it does nothing: mutmut then counts this test as supervise's)
    read, write = os.pipe()
    ready_read, ready_write = os.pipe()
    starter = os.fork()
    if starter == 0:
        try:
            if os.fork() == 0:
                contain._table = None
                contain.supervise("validate")
                os.write(ready_write, b"r")  # the supervisor watches its starter now: the starter may end
                deadline = time.monotonic() + 5
                while not contain.starter_gone() and time.monotonic() < deadline:
                    time.sleep(0.05)
                os.write(write, b"gone" if contain.starter_gone() else b"kept")
            else:
                os.read(ready_read, 1)
        finally:
            _EXIT(0)
    os.close(write)
    os.close(ready_write)
    os.waitpid(starter, 0)
    os.close(ready_read)
    with os.fdopen(read, "rb") as said:
        assert said.read(4) == b"gone"


def test_wheres_that_alternate_are_each_read_back_whole(table: mmap.mmap) -> None:
    """A hook and an action alternate their ``where`` at every call (``enter`` packs each text once): the slot
    always says the latest, whole, a shorter one after a longer one included."""
    pid = os.getpid()
    long, short = WHERE + ", hooks legal_actions, apply", "b"
    for where in (long, short, long, short, WHERE, long, short):
        contain.enter(where, 1.0, pid)
        assert contain._slots()[0][3] == where
