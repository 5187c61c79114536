"""A module that stands for another until used: ``cardgen.speedups.lazy_pillow`` and ``cardgen.speedups.pydantic_import``.

A library that imports a heavy module for something cardgen seldom asks of it can be
given a ``StandIn`` under that module's name: every public attribute asked of it comes
from the real module, which is imported at the first such question (``real``) and from
then on answers for itself in ``sys.modules``. The import system's own questions
(``__path__``, ``__spec__``...) get a plain module's answers, so handing it out imports
nothing.
"""
from __future__ import annotations

import importlib
import sys
import types
from typing import Any


class StandIn(types.ModuleType):
    """Stands for the module of the same name: every public attribute from the real one."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # what the import system asks of any module: a plain module's answer
            raise AttributeError(name)
        return getattr(real(self.__name__), name)


def real(name: str) -> types.ModuleType:
    """The real module ``name``, imported now if a ``StandIn`` still holds its place."""
    if isinstance(sys.modules.get(name), StandIn):
        del sys.modules[name]
    return importlib.import_module(name)
