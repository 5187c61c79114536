"""Every change cardgen makes to a dependency's behaviour for speed, in one place, switchable.

Each module here changes how a library (Pillow under reportlab, pydantic, CPython's collector)
behaves, never what cardgen writes: builds are byte-identical with and without them
(``tests/test_speedups.py`` builds the base decks both ways). Each states its measured gain
in its docstring. A maintainer facing a new reportlab or pydantic turns them all off with

    CARDGEN_SPEEDUPS=0 cardgen build

or some of them by name, ``CARDGEN_SPEEDUPS=-gc,-lazy_pillow``, to see whether one is the
cause. The names (``NAMES``), with what each saved on the 110-card King Lui sheet (``cardgen
build king_lui --lang en --paper a4 --no-rules``: the least CPU time of 5 and of 9 runs per
configuration, alternating, with the one speed-up off against all on; benchmarks/bench_speedups.py,
on a loaded 2-core machine where differences under ~15 ms are noise):

- ``lazy_pillow``: ``PIL.Image`` loaded when first used, not when reportlab is imported: 12-19 ms;
- ``pydantic_import``: pydantic imported without ``importlib.metadata``: 10-17 ms;
- ``gc``: the cyclic collector's thresholds, and one freeze after the deck stages load: 11-15 ms.

All three off: 43 ms of 315. A speed-up saving under 5 ms there is removed rather than kept:
reportlab's ``pdfdocEnc``/``PDFName`` shortcut (-3 and -7 ms: none on today's reportlab),
rulebook frame copies and replayed rulebook card pictures (none measurable even on the
rulebooks themselves, which they were written for) were removed.

One more is not a dependency's but our own rules' (``cardgen.engine.inline``, named here so that one switch
turns every speed-up off): ``inline``, the reference engine's rule steps with their one-line forms inlined
(Draco's and Royale's engines, 13-15 % of an engine's time per decision; issue 49).

One more changes numba's compiler, not a command's imports: ``numba_inline``, the copies numba makes of every
``inline="always"`` callee sharing one memo per copy (the same generated code, a faster first compile of the
compiled tiers; measured in its docstring). It is installed with ``cardgen.jit``'s finder when ``cardgen`` is
imported.

``standin`` is the mechanism two of them share (a module standing for another until used).
"""
from __future__ import annotations

import os

#: the environment variable: "0" turns every speed-up off, "-name,-name" the named ones
ENV = "CARDGEN_SPEEDUPS"
#: every speed-up, by the name the variable uses
NAMES = ("lazy_pillow", "pydantic_import", "gc", "inline", "numba_inline")


def enabled(name: str) -> bool:
    """Whether speed-up ``name`` is on (read each time: tests and long processes may change it)."""
    if name not in NAMES:
        raise ValueError(f"unknown speed-up {name!r}; expected one of {', '.join(NAMES)}")
    value = os.environ.get(ENV, "").strip()
    if value in ("0", "off", "no", "false"):
        return False
    return f"-{name}" not in {part.strip() for part in value.split(",")}
