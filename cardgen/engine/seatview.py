"""A seat's view of a reference engine's state: what a house rule's ``policy`` receives (issue 51).

A policy advises the seat to play; it must decide from what that seat sees. The engines
declare what a seat sees in one place: ``State.determinize(seat, rng)`` deals again every
card the seat cannot see and keeps everything else. So what differs between the state and
its samples is hidden from the seat, and ``SeatView`` refuses to read it:

* an attribute equal in the state and in every sample (``state.table``, ``state.taken``,
  the seat's own hand) reads as in the first sample (a copy: the policy cannot change the game);
* a list, tuple or dict that differs is read element by element (``state.hands[seat]``
  passes, ``state.hands[other]`` does not); a plain value that differs (a number, a string,
  the state's own ``rng``, which orders the cards to come) raises ``Peeked`` naming the
  attribute, and the project code's line in the one line reported (``usercode``);
* methods are the first sample's: ``state.zones()`` or ``state.holding(other)`` answer from
  a deal the seat could imagine, never from the real hidden cards.

Two samples, dealt from a generator seeded by the game's seed and the move number (the
agents' own draws are untouched, so results are the same with and without a policy).
A hidden card dealt to the same place in both samples reads as visible: a look at one card
in a tiny hand may pass, never a systematic peek.
"""
from __future__ import annotations

import random
from typing import Any

from cardgen.engine.api import State

#: Samples compared with the state: a hidden value must differ in at least one.
SAMPLES = 2


class Peeked(Exception):
    """A policy read what its seat cannot see (one line naming the project code's line): the English
    ``message``, and ``key`` and ``fields`` of its sentence in ``terminal.json`` for the terminal's language."""

    def __init__(self, message: str, key: str | None = None, **fields: Any) -> None:
        super().__init__(message)
        self.key, self.fields = key, fields

    def __reduce__(self) -> tuple[Any, ...]:  # survives pickling from worker processes, words and all
        return (_peeked, (str(self), self.key, self.fields))


def _peeked(message: str, key: str | None, fields: dict[str, Any]) -> Peeked:
    return Peeked(message, key, **fields)


def seat_view(state: State, seat: int) -> Any:
    """What ``seat``'s policy receives: a ``SeatView`` where the engine can deal the hidden cards
    again (``determinize``), else the state itself (an engine with no hidden cards to deal)."""
    rng = random.Random(f"seat view {state.seed} {state.turns} {seat}")
    try:
        samples = [state.determinize(seat, rng) for _ in range(SAMPLES)]
    except NotImplementedError:
        return state
    return SeatView(state, samples, seat)


def _refuse(seat: int, path: str) -> Peeked:
    return Peeked(f"policy of seat {seat} read state.{path}, which that seat cannot see: a policy sees its seat's "
                  "view (what determinize keeps)", "code_peeked_state", seat=seat, path=path)


def _guarded(real: Any, samples: list[Any], seat: int, path: str) -> Any:
    """``samples[0]``'s value where it equals the real one in every sample; a ``Hidden`` container or a
    refusal where it does not."""
    if all(_same(real, s) for s in samples):
        return samples[0]
    if isinstance(real, (list, tuple, dict)) and all(type(s) is type(real) and len(s) == len(real) for s in samples):
        return Hidden(real, samples, seat, path)
    if isinstance(real, (list, tuple, dict, set, frozenset, int, float, str, bytes, bool, random.Random)) \
            or real is None:
        raise _refuse(seat, path)
    return samples[0]  # an object of the engine's own: the sample's (a deal the seat could imagine)


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    try:
        return bool(type(a) is type(b) and a == b)
    except Exception:  # noqa: BLE001 - a value that cannot compare is not the same
        return False


class Hidden:
    """A list, tuple or dict of the state some of whose elements the seat cannot see: read element by
    element (``hands[own]`` passes, ``hands[other]`` is refused); ``len`` is public."""

    def __init__(self, real: Any, samples: list[Any], seat: int, path: str) -> None:
        self._real, self._samples, self._seat, self._path = real, samples, seat, path

    def __len__(self) -> int:
        return len(self._real)

    def __getitem__(self, key: Any) -> Any:
        return _guarded(self._real[key], [s[key] for s in self._samples], self._seat, f"{self._path}[{key!r}]")

    def __iter__(self) -> Any:
        keys = self._real if isinstance(self._real, dict) else range(len(self._real))
        for key in keys:
            yield key if isinstance(self._real, dict) else self[key]

    def keys(self) -> Any:
        return self._real.keys()

    def values(self) -> Any:
        return [self[k] for k in self._real]

    def items(self) -> Any:
        return [(k, self[k]) for k in self._real]

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self._real else default

    def __contains__(self, item: Any) -> bool:
        if isinstance(self._real, dict):
            return item in self._real
        return any(item == value for value in self)

    def __repr__(self) -> str:
        return f"<{self._path} as seat {self._seat} sees it>"


class SeatView:
    """``state`` as ``seat`` sees it (see the module's docstring); never changes the real state."""

    def __init__(self, state: State, samples: list[State], seat: int) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_samples", samples)
        object.__setattr__(self, "_seat", seat)

    def __getattr__(self, name: str) -> Any:
        # a method is bound to each sample, never equal to the state's: the first sample's answers (``_guarded``)
        return _guarded(getattr(self._state, name), [getattr(s, name) for s in self._samples], self._seat, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._samples[0], name, value)  # a policy's notes land on its copy, never on the game

    def __repr__(self) -> str:
        return f"<the state as seat {self._seat} sees it>"
