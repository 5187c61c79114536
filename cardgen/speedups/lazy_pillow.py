"""Pillow's ``PIL.Image``, loaded when first used rather than when reportlab is imported.

``reportlab.lib.utils``, which every reportlab module imports, runs ``from PIL import
Image`` for the bitmaps it may one day read (``ImageReader``): 10 ms in every process
that draws a card (Pillow's ``Image`` with its EXIF and TIFF tag tables), though a deck
without art never reads a bitmap. ``install()`` puts a stand-in under ``PIL.Image``:
every attribute asked of it (``Image.open``, ``Image.Image``...) comes from the real
module, which is imported on the first such question and then answers for itself in
``sys.modules`` (``cardgen.speedups.standin``). The command line installs it (``cli.run``); a library user gets
Pillow as usual.

Measured: 12-19 ms of CPU on the 110-card King Lui sheet (benchmarks/bench_speedups.py).
"""
from __future__ import annotations

import importlib.util
import sys

from cardgen.speedups import enabled
from cardgen.speedups.standin import StandIn

#: The name the stand-in takes.
NAME = "PIL.Image"


def install() -> bool:
    """Put the stand-in in place; False when ``PIL.Image`` is loaded already, Pillow is missing or
    this speed-up is switched off (``CARDGEN_SPEEDUPS``)."""
    if NAME in sys.modules or not enabled("lazy_pillow"):
        return False
    try:
        import PIL

        spec = importlib.util.find_spec(NAME)
    except ImportError:
        return False
    if spec is None:
        return False
    stand_in = StandIn(NAME, "stands for PIL.Image until first used (cardgen.speedups.lazy_pillow)")
    stand_in.__spec__ = spec
    stand_in.__file__ = spec.origin
    stand_in.__package__ = "PIL"
    sys.modules[NAME] = stand_in
    PIL.Image = stand_in  # type: ignore[attr-defined]  (``import PIL.Image`` then ``PIL.Image.open``)
    return True
