"""The reference engine's forms of the names a game's ``rules.py`` reads its position through, written once.

A rule step of ``rules.py`` (Royale's, Draco's) reads the position ``S`` only through a few names that
each form gives its own way: the reference engine's state holds its counters as attributes and its card
places as lists, the compiled tier as slots and rows of one ``int64`` array. The game-agnostic half of
the reference forms is here: the counter named by a key (``get``, ``put``) and the card place named by a
zone (``size``, ``pop``, ``push``, ``card_at``, ``reshuffle``), a key or zone being the attribute's name
(the game's ``K_*``, ``PILE``...). What names a game's own zones or counters stays in its ``rules.py``.

Each ``rules.py`` imports these by name, so they stand in its globals: ``cardgen.jit.bind`` compiles a
step with those globals and the compiled forms ``compiled_rules.py`` passes in their place. Pure Python:
the reference path never loads numba.
"""
from __future__ import annotations

from typing import Any


#: The counter ``key`` (``K_*``) of ``S``: ``get(S, key)``. The builtin itself, no function of ours around it:
#: the reference engine reads a counter at almost every line of a rule step (280,000 reads in 150 Draco games),
#: and a Python frame per read made Draco's reference engine 19 % slower than its twin before one rule flow.
get = getattr

#: Set the counter ``key``: ``put(S, key, value)`` (the builtin, for the reason above).
put = setattr


def size(S: Any, zone: str) -> int:
    """How many cards place ``zone`` holds."""
    return len(getattr(S, zone))


def pop(S: Any, zone: str) -> int:
    """The last card of place ``zone`` (a pile's top), taken."""
    return getattr(S, zone).pop()  # type: ignore[no-any-return]


def push(S: Any, zone: str, card: int) -> None:
    """``card`` put on place ``zone``, last (a pile's top)."""
    getattr(S, zone).append(card)


def card_at(S: Any, zone: str, i: int) -> int:
    """The ``i``-th card of place ``zone`` from the bottom."""
    return getattr(S, zone)[i]  # type: ignore[no-any-return]


def reshuffle(S: Any, src: str, dst: str) -> None:
    """The cards of place ``src`` shuffled (``S.rng``) into the empty place ``dst``, ``src`` left empty (a new
    list)."""
    cards = getattr(S, src)
    setattr(S, dst, cards)
    setattr(S, src, [])
    S.rng.shuffle(cards)
