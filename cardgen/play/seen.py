"""What a seat saw in a turn that nobody else did (#53 round 29, en1): a card drawn from the supply into a hand.

An undo replays the game from its seed, so the cards come again in the same order: a person who drew a card, saw it
and then asked to take the turn back would play it again knowing what the draw gives (round 29's reader drew the
Chicken and could ask to draw again). Such a turn is not offered for taking back at a table of several people.

Game-agnostic: the turn is replayed on a few deals of what the seat could not see when it began
(``State.determinize``); if the seat's own view after the turn differs between those deals and the real one in a
place where another seat's view does not show the same thing (a hand, not the table everyone sees), the turn showed
the seat something private that chance decided. A turn whose moves are not even legal on another deal depended on
what was hidden too. An engine that cannot determinize, or whose view of the seat is not the same on every deal of
what it cannot see, is not judged (None)."""
from __future__ import annotations

import random
from typing import Any, Sequence

from cardgen.engine.api import Action, State

__all__ = ["TRIES", "saw_privately"]

#: how many other deals a turn is replayed on (each one is a few moves: cheap)
TRIES = 4

_MISSING = object()


def _changed(a: Any, b: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The places (key paths) where two views differ, as deep as both have the same shape."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in a.keys() | b.keys() for p in _changed(a.get(k, _MISSING), b.get(k, _MISSING), path + (k,))]
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in _changed(x, y, path + (i,))]
    return [] if a == b else [path]


def _at(view: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        try:
            view = view[key]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return view


def saw_privately(before: State, moves: Sequence[Action], seat: int, seed: str) -> bool | None:
    """Whether ``seat`` saw, in the turn made of ``moves`` from ``before`` (left unchanged), something chance
    decided that only ``seat`` sees; None when the engine cannot tell (no ``determinize``)."""
    after = before.clone()
    for action in moves:
        after.apply(action)
    start, seen = before.observation(seat), after.observation(seat)
    others = [after.observation(o) for o in range(before.num_players) if o != seat]
    rng = random.Random(seed)
    for _ in range(TRIES):
        try:
            other = before.determinize(seat, rng)
        except NotImplementedError:
            return None
        if other.observation(seat) != start:
            return None  # the seat's view is not what it could see: nothing to compare
        try:
            for action in moves:
                other.apply(action)
        except Exception:  # noqa: BLE001 - an engine's IllegalAction or its own error: the moves needed that deal
            return True
        for path in _changed(seen, other.observation(seat)):
            mine = _at(seen, path)
            if any(_at(view, path) != mine for view in others):
                return True
    return False
