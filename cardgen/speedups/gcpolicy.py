"""CPython's cyclic garbage collector, tuned for a command: collected rarely, and not while the
deck stages load.

A command allocates a lot and briefly (imports, models, drawing). With CPython's thresholds
(700, 10, 10) the collector ran some 100 times while printing one deck, 15-20 ms of a third
of a second; with ``THRESHOLDS`` and ``collected_once`` around the deck stages' imports, 8
times and 6 ms. Measured: 11-15 ms of CPU on the 110-card King Lui sheet
(benchmarks/bench_speedups.py). Switched off with the rest by ``CARDGEN_SPEEDUPS=0`` (or
``-gc``): CPython's own collector then runs untouched.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from cardgen.speedups import enabled

#: the command's thresholds (CPython's are 700, 10, 10)
THRESHOLDS = (20_000, 20, 20)


def install() -> bool:
    """Set the command's thresholds; False (nothing changed) when switched off."""
    if not enabled("gc"):
        return False
    gc.set_threshold(*THRESHOLDS)
    return True


@contextmanager
def collected_once() -> Iterator[None]:
    """No cyclic garbage collection inside the block (the deck stages loading: pydantic, the
    schema, the rules packages, objects that all live until the end); then what it made is
    frozen out of later collections (``gc.freeze``, which also spares forked workers from
    copying the pages those objects live in) and collection resumes as it was."""
    if not enabled("gc"):
        yield
        return
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
