"""A record written once as a named tuple, read as plain Python through slots: ``slotted``.

A game's forecast (Draco's ``agents.values``) is one function run two ways: compiled by numba, which
types a ``NamedTuple`` as a tuple of its fields, and as plain Python by the reference engine's agent.
CPython 3.11 reads a named tuple's field through a descriptor it does not specialise, twice as slow as a
slot it does: the forecast reads its records thirty-odd times a decision, and those reads made Draco's
Python agent 12 % slower than its earlier form with every field a parameter (``docs/history``). So the
Python side builds ``slotted(Record)``, a class with the very fields of ``Record`` as slots, built with the
same positional arguments; the compiled side keeps the named tuple. The fields are declared once, in the
named tuple. Pure Python: the reference path never loads numba.
"""
from __future__ import annotations

from typing import Any


def slotted(record: Any) -> type:
    """A class with ``record``'s fields (a named tuple's ``_fields``) as ``__slots__``, built by position as
    ``record`` is; named ``record``'s name with ``Slots`` after it. Its ``__init__`` is written out field by
    field (as ``collections.namedtuple`` and ``dataclasses`` write theirs): a loop of ``setattr`` would cost
    more than the reads save, the forecast building a record every decision."""
    fields = tuple(record._fields)
    if not all(name.isidentifier() and not name.startswith("_") for name in fields):
        raise ValueError(f"{record.__name__}: fields must be public identifiers, got {fields}")
    source = (f"def __init__(self, {', '.join(fields)}):\n"
              + "".join(f"    self.{name} = {name}\n" for name in fields))
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 - the source is built from identifiers checked above

    def __repr__(self: Any) -> str:
        return f"{record.__name__}({', '.join(f'{name}={getattr(self, name)!r}' for name in fields)})"

    return type(f"{record.__name__}Slots", (), {"__slots__": fields, "__init__": scope["__init__"],
                                                "__repr__": __repr__, "__doc__": record.__doc__,
                                                "__module__": record.__module__})
