"""Every change cardgen makes to a dependency's behaviour for speed, in one place, switchable.

Each module here changes how a library (reportlab, Pillow, pydantic, CPython's collector)
behaves, never what cardgen writes: builds are byte-identical with and without them
(``tests/test_speedups.py`` builds the base decks both ways). Each states its measured gain
in its docstring. A maintainer facing a new reportlab or pydantic turns them all off with

    CARDGEN_SPEEDUPS=0 cardgen build

or some of them by name, ``CARDGEN_SPEEDUPS=-pdfenc,-frames``, to see whether one is the
cause. The names (``NAMES``):

- ``pdfenc``: reportlab's ``pdfdocEnc`` and ``PDFName``, faster and byte-identical (``pdfenc``);
- ``lazy_pillow``: ``PIL.Image`` loaded when first used, not when reportlab is imported;
- ``pydantic_import``: pydantic imported without asyncio and ``importlib.metadata``;
- ``gc``: the cyclic collector's thresholds and one freeze after the deck stages load (``gcpolicy``);
- ``frames``: reportlab frames copied directly rather than by ``copy.deepcopy`` (``frames``);
- ``face_recordings``: a rulebook's card pictures replayed in the next book of the same text.

``standin`` is the mechanism two of them share (a module standing for another until used).
"""
from __future__ import annotations

import os

#: the environment variable: "0" turns every speed-up off, "-name,-name" the named ones
ENV = "CARDGEN_SPEEDUPS"
#: every speed-up, by the name the variable uses
NAMES = ("pdfenc", "lazy_pillow", "pydantic_import", "gc", "frames", "face_recordings")


def enabled(name: str) -> bool:
    """Whether speed-up ``name`` is on (read each time: tests and long processes may change it)."""
    if name not in NAMES:
        raise ValueError(f"unknown speed-up {name!r}; expected one of {', '.join(NAMES)}")
    value = os.environ.get(ENV, "").strip()
    if value in ("0", "off", "no", "false"):
        return False
    return f"-{name}" not in {part.strip() for part in value.split(",")}
