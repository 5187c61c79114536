"""A cheap copy of a reference engine's position for search: its lists copied, all else shared.

The shipped engines keep a position as plain lists (of lists...) of card indices and
counts, a few dicts of logs, and values nothing changes in place (the game, numbers,
tuples, gap records). ``State.clone``'s default deep copy walks every object;
``copy_state`` copies only the containers a move can change, which is what search
agents need thousands of times per decision.
"""
from __future__ import annotations

import random
from typing import Any, TypeVar

from cardgen.engine.api import State

S = TypeVar("S", bound=State)


def copy_lists(value: list[Any]) -> list[Any]:
    """``value`` copied, and its items too while they are lists (each list holds one kind of item)."""
    if value and type(value[0]) is list:
        return [copy_lists(v) for v in value]
    return value.copy()


def copy_state(state: S, share_rng: bool = False) -> S:
    """A copy of ``state`` of its own class (a house rule's subclass stays one): every list
    attribute copied as deep as its lists go, every dict one level, all else shared.

    The generator is a copy in the same state, or with ``share_rng`` the same object,
    for callers that replace it at once (``determinize``).
    """
    other = object.__new__(type(state))
    other.__dict__ = {name: copy_lists(value) if type(value) is list else value.copy() if type(value) is dict
                      else value for name, value in state.__dict__.items()}
    if not share_rng:  # not seeded first (``Random(0)`` cost a quarter of a copy's generator): its state is set
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(state.rng.getstate())
    return other
