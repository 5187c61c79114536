"""Worker processes that never outlive the command that started them.

``build`` and ``validate`` share work among forked processes. If the main
process is killed (even with SIGKILL, which it cannot catch), its workers must
stop too, or they would run on with nobody reading their results. Each worker
asks Linux to send it SIGTERM when its parent dies (``PR_SET_PDEATHSIG``) and,
where that is not available, a watchdog thread notices the parent is gone. A
worker ignores Ctrl-C (the main process handles it and shuts the pool down) and
dies on SIGTERM. ``worker_pool`` terminates the workers at once when the main
process stops early (an error, Ctrl-C, SIGTERM) instead of waiting for them.
"""
from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

_PR_SET_PDEATHSIG = 1


def _watch(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)


def worker_init(parent: int) -> None:
    """Run in each worker first: die with the parent, leave Ctrl-C to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the watchdog alone
        pass
    if os.getppid() != parent:  # the parent died before we got here
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()


@contextmanager
def worker_pool(workers: int, mp_context: Any = None) -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers die with this process and are stopped at once on an early exit."""
    pool = ProcessPoolExecutor(workers, mp_context=mp_context, initializer=worker_init, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(timeout=5)
        raise
    else:
        pool.shutdown(wait=True)
