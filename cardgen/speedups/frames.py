"""reportlab's ``Frame`` copied directly rather than by ``copy.deepcopy``'s generic walk.

reportlab deep-copies the current frame each time it measures a kept-together group
(``_listWrapOn``), several hundred times per rulebook. ``BookFrame`` (the rulebook's frames,
``cardgen.rulebook.typeset``) copies a frame of plain values itself, giving the copy
``copy.deepcopy`` would give. Measured gain: see ``cardgen.speedups``'s table (benchmarks/bench_speedups.py).
"""
from __future__ import annotations

import copy
from typing import Any

from reportlab.platypus import Frame

from cardgen.speedups import enabled

#: Types deepcopy hands back as they are.
_ATOMIC = (int, float, str, bool, type(None))


class BookFrame(Frame):
    """A frame that deep-copies quickly: reportlab copies the current frame each time it measures
    a kept-together group (``_listWrapOn``), several hundred times a book, and ``copy.deepcopy``
    walks the frame's two dozen attributes one by one. A frame that holds only plain values and
    lists of them (its backgrounds, usually none) is copied as deepcopy would copy it, directly;
    any other frame, and every frame when this speed-up is switched off (``CARDGEN_SPEEDUPS``), is
    copied by ``copy.deepcopy``'s own rules, as a plain ``Frame`` would be."""

    def __deepcopy__(self, memo: dict[int, Any]) -> "BookFrame":
        new = object.__new__(type(self))
        memo[id(self)] = new
        state = self.__dict__
        if enabled("frames") and all(type(value) in _ATOMIC or (type(value) is list and all(type(item) in _ATOMIC for item in value))
               for value in state.values()):
            new.__dict__.update({key: list(value) if type(value) is list else value for key, value in state.items()})
        else:
            new.__dict__.update(copy.deepcopy(state, memo))
        return new
