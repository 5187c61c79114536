"""Project code runs under a guard: a time limit per call, and its exits are its own failures.

A house rule's hook or a rules file's method is code the designer wrote (``cardgen.usercode``).
Sane code answers in microseconds; code that sleeps, loops or waits for input would hang a
``validate`` run forever, and code that calls ``sys.exit``, ``os._exit`` or raises
``KeyboardInterrupt`` would end it silently or blame the person at the keyboard. ``call``
runs such code so that:

* a call still running after ``time_limit()`` seconds (``--code-time-limit``, default
  ``DEFAULT_TIME_LIMIT``) is interrupted with ``CodeTimeout``: ``setitimer`` + ``SIGALRM`` in
  a main thread (a worker process' too), a watchdog thread raising it asynchronously elsewhere
  (the playtest server's threads, a Dask worker's);
* ``os._exit`` called meanwhile raises ``CodeExit`` instead of ending the process;
* nested calls (a hook calling ``default``, which calls another hook) share the outermost
  call's deadline, and the previous ``SIGALRM`` handler and timer are put back after it;
* a call that forks (``os.fork``), leaves a thread running or registers an exit handler
  (``atexit.register``) fails with ``CodeEscape``: the fork's copy ends at once, so the work is
  never done twice; a thread or an exit handler would keep the process alive or print after
  its report;
* under a supervisor (``cardgen.contain``), each call's deadline and what it runs are in the
  table the supervisor reads: code beyond the reach of ``SIGALRM`` is killed from outside.

``is_code_failure`` says which ``BaseException`` raised inside such a call is the code's own
failure (``SystemExit``, ``CodeExit``, ``CodeTimeout``, and a ``KeyboardInterrupt`` its own
``raise`` statement raised) rather than a real Ctrl-C, which stays the person's.
"""
from __future__ import annotations

import atexit
import os
import _signal
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from cardgen import contain
from cardgen.errors import Interrupted

#: Seconds one call into project code may run: far beyond any sane rule, short enough to wait for.
DEFAULT_TIME_LIMIT = 10.0
#: After the first interruption, how often it is repeated (code that swallows it is interrupted again).
REPEAT = 0.5
#: Interruptions swallowed before the process gives up on the code: one line, then exit status 2.
GIVE_UP = 6

T = TypeVar("T")

_limit = DEFAULT_TIME_LIMIT
_depth = 0  # nested guarded calls of this process (the outermost one arms the timer)
_fired = False  # the outermost call's deadline passed
_armed = False  # the main thread's timer may interrupt (off as soon as the call returned)
_fires = 0  # interruptions of the outermost call so far
_where = ""  # what the outermost call runs, for the last-resort line
_deadline = 0.0  # when the outermost call's time runs out (``time.monotonic``)
#: when the timer this process armed goes off (``time.monotonic``), 0: not armed. A call whose deadline is
#: later leaves it armed: it goes off early, and ``_alarm`` arms it again for the rest (one system call
#: per ``_limit`` seconds instead of one per call: a look-ahead calls a house rule's hooks 100,000s of times)
_timer_at = 0.0


class CodeTimeout(BaseException):
    """Project code ran past its time limit (a ``BaseException``: an ``except Exception`` in it cannot keep it)."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = _limit if seconds is None else seconds
        super().__init__(f"still running after {self.seconds:g} s, the time limit for project code per call "
                         "(--code-time-limit SECONDS changes it)")


class CodeExit(BaseException):
    """Project code called ``os._exit``: refused, the process goes on and reports it."""

    def __init__(self, status: object = 0) -> None:
        self.status = status
        super().__init__(f"os._exit({status!r}) called: project code must not end the process")


class CodeEscape(BaseException):
    """Project code forked, left a thread running or registered an exit handler: refused, its failure."""


def set_time_limit(seconds: float) -> None:
    """Set the time limit of every later guarded call of this process (seconds, more than 0)."""
    global _limit
    if not seconds > 0:
        raise ValueError(f"time limit {seconds!r}: expected more than 0 seconds")
    _limit = float(seconds)


def time_limit() -> float:
    """The time limit of a guarded call, in seconds."""
    return _limit


def _alarm(signum: int, frame: object) -> None:
    global _fired, _fires, _timer_at
    _timer_at = 0.0
    if _armed:  # a signal that arrives once the call returned interrupts nothing
        if not _fired:
            left = _deadline - time.monotonic()
            if left > 0:  # armed for an earlier call: this one still has time
                _timer_at = _deadline
                signal.setitimer(signal.ITIMER_REAL, left)
                return
        _fired, _fires = True, _fires + 1
        if _fires > GIVE_UP:
            _give_up()
        signal.setitimer(signal.ITIMER_REAL, REPEAT)  # again, should the code swallow this one
        raise CodeTimeout()


def _give_up() -> None:
    """Code that swallowed every interruption: say so in one line and end this process (status 2)."""
    try:
        sys.stderr.write(f"cardgen: error: {_where}: still running after {_limit + GIVE_UP * REPEAT:g} s, "
                         f"ignoring every interruption (the time limit for project code is {_limit:g} s): stopped\n")
        sys.stderr.flush()
    finally:
        _REAL_EXIT(2)


def _no_exit(status: object = 0) -> None:
    raise CodeExit(status)


def _no_atexit(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    raise CodeEscape(f"atexit.register({getattr(fn, '__name__', 'a function')}) called: project code must not "
                     "run when the process ends")


_REAL_EXIT = os._exit
_REAL_ATEXIT = atexit.register


def _disarm() -> None:
    """At exit, our timer stopped: ``call`` leaves its handler and a pending timer installed between calls, and the
    interpreter's finalization puts ``SIGALRM``'s default action back, so a timer going off while a long exit runs
    (numba's caches written on a loaded machine) killed the process with "Alarm clock" (-14) after its work was
    done (seen in test_house_compiled's subprocess, 2026-12-05)."""
    if _signal.getsignal(_signal.SIGALRM) is _alarm:
        signal.setitimer(signal.ITIMER_REAL, 0)


_REAL_ATEXIT(_disarm)
_OS_MODULE = sys.modules[os.name]  # posix (or nt): where os._exit comes from
_forked = False  # the guarded call running forked (``os.register_at_fork``)
#: Project code left a thread running: the process must end without waiting for it.
escaped = False


def _before_fork() -> None:
    global _forked
    if _depth:
        _forked = True


def _in_fork_child() -> None:
    """The copy a fork inside project code made ends at once: it would run the rest of the command again.
    Any other child (a worker) notes its own pid."""
    global _pid, _timer_at
    if _depth:
        _REAL_EXIT(1)
    _pid = os.getpid()
    _timer_at = 0.0  # a fork's child has no timer


_pid = os.getpid()  # this process's (kept by the fork hook: no system call per guarded call)


def _threads() -> int:
    """Python threads running or starting (``threading.active_count`` without its lock: read once per call)."""
    return len(threading._active) + len(threading._limbo)  # type: ignore[attr-defined]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_in_fork_child)


def call(fn: Callable[..., T], *args: Any, where: str = "project code", **kwargs: Any) -> T:
    """``fn(*args, **kwargs)``, interrupted with ``CodeTimeout`` past the time limit, ``os._exit`` refused.

    ``where`` names the code (``house/rule.py, hook draw``) in the last-resort line of code
    that swallows every interruption.
    """
    global _depth, _fired, _fires, _where, _forked, escaped
    if _depth:
        return fn(*args, **kwargs)
    main = threading.get_ident() == threading.main_thread().ident and hasattr(signal, "setitimer")
    _depth, _fired, _fires, _where, _forked = 1, False, 0, where, False
    os._exit = _OS_MODULE._exit = _no_exit  # type: ignore[assignment]  # (import posix; posix._exit too)
    atexit.register = _no_atexit  # type: ignore[assignment]
    threads, pid = _threads(), _pid
    contain.enter(where, _limit, pid)
    try:
        out = _with_timer(fn, args, kwargs) if main else _with_watchdog(fn, args, kwargs)
    finally:
        if os.getpid() != pid:  # forked by a C call (no fork hook ran): this copy ends here, its parent's slot
            contain.note_copy(where)  # in the supervisor's table untouched; the supervisor fails the command
            _REAL_EXIT(1)
        contain.leave(pid)
        os._exit = _OS_MODULE._exit = _REAL_EXIT  # type: ignore[assignment]
        atexit.register = _REAL_ATEXIT  # type: ignore[assignment]
        _depth = 0
    if _forked:
        raise CodeEscape("os.fork() called: project code must not start processes")
    if main and _threads() > threads:
        escaped = True  # the command ends without waiting for that thread (``cli.run``)
        raise CodeEscape("a thread it started still runs: project code must not leave threads behind")
    return out


def _with_timer(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    """The main thread's way: ``SIGALRM`` after the limit (then every ``REPEAT`` s until the call returns).

    Where ``SIGALRM`` had its default action our handler stays installed, and so does its timer once
    armed: a call finds it armed for an earlier deadline and leaves it (``_alarm`` arms it again for the
    rest when it goes off early), so a call costs a system call only once every ``_limit`` seconds. Another
    handler and its timer are put back after the call.
    """
    global _armed, _deadline, _timer_at
    before = _signal.getsignal(_signal.SIGALRM)  # the C function: signal.getsignal's enum costs 5 µs
    keep = before is _alarm or before == _signal.SIG_DFL
    old_delay = 0.0
    if before is not _alarm:
        if not keep:
            old_delay = signal.getitimer(signal.ITIMER_REAL)[0]
        signal.signal(signal.SIGALRM, _alarm)
        _timer_at = 0.0  # whatever timer runs is not ours
    _deadline = time.monotonic() + _limit
    _armed = True  # before the timer: an alarm from now on sees this call's deadline
    if not _timer_at or _timer_at > _deadline:
        signal.setitimer(signal.ITIMER_REAL, _limit)
        _timer_at = _deadline
    try:
        out = fn(*args, **kwargs)
    finally:
        try:
            _armed = False
        finally:  # someone else's handler and timer: put back, even when the alarm came as the call returned
            if not keep:
                _timer_at = 0.0
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, before)
                if old_delay:  # less the time spent here, roughly
                    signal.setitimer(signal.ITIMER_REAL, old_delay)
    if _fired:  # the code swallowed every interruption and still returned late
        raise CodeTimeout()
    return out


def _with_watchdog(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    """Elsewhere: a timer thread raises ``CodeTimeout`` in this thread (pure Python code; a C call
    that never returns is beyond it)."""
    import ctypes

    target = threading.get_ident()
    done = threading.Event()

    def fire() -> None:
        global _fired, _fires
        while not done.wait(0 if not _fired else REPEAT):
            _fired, _fires = True, _fires + 1
            if _fires > GIVE_UP:
                _give_up()
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target), ctypes.py_object(CodeTimeout))

    timer = threading.Timer(_limit, fire)
    timer.daemon = True
    timer.start()
    try:
        out = fn(*args, **kwargs)
    finally:
        done.set()
        timer.cancel()
    if _fired:
        raise CodeTimeout()
    return out


def is_code_failure(exc: BaseException) -> bool:
    """Whether ``exc``, raised inside a guarded call, is the project code's failure.

    Every ``Exception`` is; of the others, ``SystemExit`` (``sys.exit``), ``CodeExit``,
    ``CodeTimeout``, ``GeneratorExit`` and a ``KeyboardInterrupt`` raised by a ``raise``
    statement (its innermost frame stopped on ``RAISE_VARARGS``). A ``KeyboardInterrupt``
    from a real Ctrl-C arrives at any other instruction and is not the code's failure.
    """
    if isinstance(exc, (Exception, SystemExit, CodeExit, CodeTimeout, CodeEscape, GeneratorExit)):
        return True
    if isinstance(exc, Interrupted):  # the command's own signal handler: a real Ctrl-C or SIGTERM
        return False
    if isinstance(exc, KeyboardInterrupt):
        tb = exc.__traceback__
        if tb is None:
            return False
        while tb.tb_next is not None:
            tb = tb.tb_next
        from opcode import opmap

        code = tb.tb_frame.f_code.co_code
        return 0 <= tb.tb_lasti < len(code) and code[tb.tb_lasti] == opmap["RAISE_VARARGS"]
    return False
