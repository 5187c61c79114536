"""cardgen/engine/statecopy.py: a search's cheap copy of a position: the same generator state, its own lists."""
from __future__ import annotations

import random

from cardgen.engine.statecopy import copy_state


class _Position:
    """A position as the reference engines keep one: lists of lists, a dict, shared values, a generator."""

    def __init__(self) -> None:
        self.rng = random.Random(11)
        self.piles = [[1, 2], [3]]
        self.log = {"drawn": [4]}
        self.game = object()


def test_a_copy_draws_what_the_original_would_and_leaves_the_original_alone() -> None:
    state = _Position()
    state.rng.random()
    state.rng.gauss(0.0, 1.0)  # a generator half-way through a gauss pair: the second value is kept in its state
    other = copy_state(state)
    assert type(other) is _Position and other.game is state.game
    ahead = [other.rng.random(), other.rng.gauss(0.0, 1.0), other.rng.getrandbits(64)]
    assert ahead == [state.rng.random(), state.rng.gauss(0.0, 1.0), state.rng.getrandbits(64)]
    other.rng.random()
    assert other.rng.getstate() != state.rng.getstate()  # its own generator: drawing from it moved only it


def test_a_copy_owns_its_lists_and_shares_its_generator_only_when_asked() -> None:
    state = _Position()
    other = copy_state(state)
    other.piles[0].append(9)
    other.log["new"] = [0]
    assert state.piles == [[1, 2], [3]] and "new" not in state.log
    assert copy_state(state, share_rng=True).rng is state.rng
