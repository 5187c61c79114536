"""The life of a cardgen process, apart from any command: signals, "interrupted", what a failure
prints and exits with, and the quick exit at the end.

``cardgen/cli.py`` parses arguments and dispatches; this module owns what happens around a command
whatever it is:

* ``install_signals``: SIGINT and SIGTERM unwind as Ctrl-C does (``on_term``); under ``run`` a second
  signal, or unwinding longer than ``HARD_EXIT_SECONDS``, ends the process outright (``hard_exit``):
  its workers killed, its half-written files removed, "interrupted" said once.
* ``guarded``: a command's body with every failure turned into one-line messages and its exit code
  (2 bad input or project code, 1 games that could not be played, 130 interrupted, 0 a reader that left).
* ``run``: the ``cardgen`` command: the supervisor of project code started, the command run, then the
  process ended without Python's slow shutdown (exit handlers run, output flushed).

It knows no command and no deck; the modules it acts on at the end (workers, temporaries, the
supervisor, the terminal's language) are reached through ``sys.modules`` only when they were loaded.
"""
from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import NoReturn

from cardgen.errors import GamesFailed, InputError, clean, said
from cardgen.usercode import UserCodeError

#: Seconds an interrupted command may take to unwind (stop its workers, remove its temporary
#: files, say "interrupted") before it is ended outright: an interrupt ends it within 2 s.
HARD_EXIT_SECONDS = 1.5
#: Set by ``run`` (the real command, not a test calling ``cli.main``): an interrupt may end the process.
_MAY_EXIT = False
#: Whether a SIGINT or SIGTERM has come (a second one ends the process at once).
_INTERRUPTED = False
#: Whether "cardgen: interrupted" was printed (said once, whoever ends the process).
_SAID = False

#: ``os._exit`` as it was when cardgen started: ``cardgen.guard`` swaps it out while project code runs
_EXIT = os._exit


def _language() -> str:
    """The terminal's language once a command set one (``cardgen.terminal``), English before."""
    return sys.modules["cardgen.terminal"].language() if "cardgen.terminal" in sys.modules else "en"


def reset() -> None:
    """A new command in this process (a test calls ``cli.main`` once per command): not interrupted, nothing said."""
    global _SAID, _INTERRUPTED
    _SAID = _INTERRUPTED = False


def error(text: str, lang: str | None = None) -> None:
    """One error line on stderr, as every failure of a command is told: after the language's
    ``cardgen: error:`` (``lang``, default: the terminal's)."""
    lang = lang or _language()
    print(f"{said('prefix', lang)}{clean(text, 600)}", file=sys.stderr)


def say_interrupted() -> None:
    """"cardgen: interrupted" on stderr, once, in the command's language once it set one."""
    global _SAID
    if not _SAID:
        _SAID = True
        line = "cardgen: interrupted"
        if "cardgen.terminal" in sys.modules:
            line = sys.modules["cardgen.terminal"].say("interrupted")
        print(line, file=sys.stderr, flush=True)


def hard_exit() -> None:
    """End this process now: its workers killed, "interrupted" said, no exit handler waited for."""
    try:
        if "cardgen.workers" in sys.modules:
            sys.modules["cardgen.workers"].kill_all()
        if "cardgen.fileio" in sys.modules:  # its half-written files go with it
            sys.modules["cardgen.fileio"].remove_open_temporaries()
        say_interrupted()
    finally:
        _EXIT(130)  # the real one: a house rule's guarded call refuses os._exit while it runs (cardgen.guard)


def on_term(signum: int, frame: object) -> None:
    """SIGINT and SIGTERM: unwind as Ctrl-C does, so worker pools are shut down and temporary
    files removed on the way out. Under ``run``, the process is ended outright if unwinding
    takes more than ``HARD_EXIT_SECONDS`` or a second signal comes."""
    global _INTERRUPTED
    if "cardgen.contain" in sys.modules:  # the supervisor need not pass it on
        sys.modules["cardgen.contain"].note_signal(signum)
    if _MAY_EXIT:
        if _INTERRUPTED:
            hard_exit()
        import threading
        timer = threading.Timer(HARD_EXIT_SECONDS, hard_exit)
        timer.daemon = True
        timer.start()
    _INTERRUPTED = True
    from cardgen.errors import Interrupted
    raise Interrupted


def install_signals() -> None:
    """A file-size limit becomes an error on write (EFBIG), not a silent kill; SIGTERM and SIGINT
    unwind (``on_term``).

    SIGINT is handled even when this process started with it ignored: a shell script's
    background job (``cardgen validate ... &``) inherits an ignored SIGINT, and Python keeps it
    so; a ``kill -INT`` sent to it on purpose then did nothing (the run went on for minutes). A
    terminal's Ctrl-C never reaches a background job anyway (another process group)."""
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        signal.signal(signal.SIGTERM, on_term)
        signal.signal(signal.SIGINT, on_term)
    except ValueError:  # not the main thread (tests calling main from a thread)
        pass


def guarded(body: Callable[[], int]) -> int:
    """``body()``'s exit code, with every failure turned into one-line messages and an exit code."""
    try:
        return body()
    except InputError as exc:  # in the command's language (--lang) where the error's sentence has words in it
        lang = _language()
        for line in exc.lines(lang):
            print(f"{said('prefix', lang)}{line}", file=sys.stderr)
        return 2
    except UserCodeError as exc:  # a house rule or a rules file failed: file:line, hook, seed
        error(exc.line)
        return 2
    except GamesFailed as exc:  # games that could not be played: one line per side, no answer drawn from them
        for line in exc.lines:
            error(line)
        return 1
    except KeyboardInterrupt:
        if "cardgen.fileio" in sys.modules:  # what a writer had not finished goes with the command, however
            sys.modules["cardgen.fileio"].remove_open_temporaries()  # the interrupt reached it
        say_interrupted()
        return 130
    except BrokenPipeError:  # e.g. `cardgen validate | head`: the reader left, not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file system refusal not caught where it happened: still one line
        where = f"{exc.filename}: " if exc.filename else ""
        error(f"{where}{exc.strerror or exc}")
        return 2
    except RecursionError:
        error("input nested too deeply")
        return 2
    except MemoryError:
        error("out of memory; expected input of ordinary size")
        return 2
    except BaseException:
        if _INTERRUPTED:  # the interrupt broke a library on its way out (pydantic-core's import: a PanicException)
            say_interrupted()
            return 130
        raise
    finally:  # no worker pool outlives the command, whatever ended it
        if "cardgen.workers" in sys.modules:
            sys.modules["cardgen.workers"].stop_all()


def run(main: Callable[[], int], command: str | None) -> NoReturn:
    """The ``cardgen`` command (``command`` as named on its line): ``main()``, then a quick exit.

    Once a command is done, Python's own shutdown frees every object one by one:
    45 ms after printing one deck, a tenth of the whole command, for memory the
    system takes back anyway. So the exit handlers run (caches kept at exit, Dask's
    clean-up, coverage), output is flushed and the process ends with ``os._exit``.
    While another thread still runs, the ordinary shutdown, which waits for it, is kept.
    """
    import atexit
    import threading

    global _MAY_EXIT
    _MAY_EXIT = True
    install_signals()  # before anything else: Ctrl-C while the arguments are read is "interrupted" too
    from cardgen import contain
    contain.supervise(command)  # project code killable from outside (cardgen.contain)
    try:
        from cardgen.speedups import gcpolicy, lazy_pillow
        gcpolicy.install()  # a command's collector: rarely
        lazy_pillow.install()  # reportlab imports Pillow for bitmaps a deck without art never has
        code = main()
    except BaseException:  # an interrupt before ``main`` catches it (imports, reading the arguments)
        if not _INTERRUPTED:
            raise
        say_interrupted()
        code = 130
    if _INTERRUPTED:  # no exit handler (Dask's, a pool's manager thread) may hold an interrupted command
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)  # CPython's; elsewhere the slow way
    stray = "cardgen.guard" in sys.modules and sys.modules["cardgen.guard"].escaped  # project code's thread
    if (threading.active_count() > 1 and not stray) or run_exit_handlers is None:
        sys.exit(code)
    run_exit_handlers()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a reader that left (`cardgen inspect | head`): nothing more to say
        pass
    os._exit(code)
