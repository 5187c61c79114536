"""``cardgen.engine.searchloop``: the paired and tree loops bound to a toy game's kernels.

The toy: one decision among three moves, seat 0 to move; move 2 wins for seat 0, the others
lose; the heuristic advises move 0. Each game's own driver is proven equal to the reference
search by ``tests/test_<game>_search.py``; here the loops themselves: the better move found,
a kernel's negative status handed back, the kernels checked by name.
"""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from cardgen.engine import fastrng, searchloop
from cardgen.engine.api import SearchParams

MOVES = 3
WINNING = 2
#: ``play``'s answer when ``FAIL`` is set: a status, as Royale's full noble table
STOP = -3


@njit(cache=True)
def _context(args):
    fail, = args
    return (np.zeros(2, np.int64), fail), 2, MOVES  # ctx: the position (moved, choice), whether play fails


@njit(cache=True)
def _root(ctx, codes):
    for i in range(MOVES):
        codes[i] = i
    return MOVES, 0


@njit(cache=True)
def _advice(ctx, codes, k, mt):
    return 0


@njit(cache=True)
def _sample(ctx, mt):
    ctx[0][0] = 0
    ctx[0][1] = -1


@njit(cache=True)
def _start_round(ctx, mt, stream):
    fastrng.seed(stream, np.uint64(fastrng.getrandbits(mt, 63)))


@njit(cache=True)
def _legal(ctx, codes):
    if ctx[0][0]:
        return 0, -1
    return _root(ctx, codes)


@njit(cache=True)
def _apply(ctx, codes, i):
    ctx[0][0] = 1
    ctx[0][1] = codes[i]
    return 0


@njit(cache=True)
def _play(ctx, codes, i, at_root, stream, policy, epsilon):
    if ctx[1][0]:
        return STOP
    return _apply(ctx, codes, i)


@njit(cache=True)
def _reward(ctx, score_weight, out):
    won = 1.0 if ctx[0][1] == WINNING else 0.0
    out[0] = won
    out[1] = 1.0 - won


LOOPS = searchloop.bind_search("toy", context=_context, root=_root, advice=_advice, sample=_sample,
                               start_round=_start_round, legal=_legal, apply=_apply, play=_play, reward=_reward)
PAIRED = SearchParams(30, 0.7, 0.25, 0.1, True, True, 1.0)
TREE = SearchParams(40, 0.7, 0.25, 0.1, False, False, 1.0)
TREE_PRIOR = SearchParams(40, 0.7, 0.25, 0.1, True, False, 1.0, 0.15)


@pytest.mark.parametrize("params", [PAIRED, TREE, TREE_PRIOR], ids=["paired", "tree", "tree-prior"])
def test_the_loops_find_the_winning_move(params: SearchParams) -> None:
    for seed in range(3):
        assert searchloop.run("toy search", LOOPS, (np.zeros(1, np.int64),), params, seed) == WINNING


@pytest.mark.parametrize("params", [PAIRED, TREE], ids=["paired", "tree"])
def test_a_kernels_negative_status_stops_the_search_and_is_answered(params: SearchParams) -> None:
    assert searchloop.run("toy search", LOOPS, (np.ones(1, np.int64),), params, 0) == STOP


def test_every_kernel_has_its_contract_and_all_must_be_bound() -> None:
    for name in searchloop.KERNELS:
        stub = getattr(searchloop, name)
        assert stub.__doc__ and stub.__module__ == searchloop.__name__
    kernels = {name: getattr(searchloop, name) for name in searchloop.KERNELS if name != "reward"}
    with pytest.raises(TypeError, match="reward"):
        searchloop.bind_search("toy", **kernels)


@pytest.mark.parametrize("params, always, loop, settings", [
    (SearchParams(30, 0.6, 0.2, 0.05, True, True, 1.5, 0.1), False, "paired",
     searchloop.Settings(iterations=30, exploration=0.6, score_weight=0.2, policy=True, epsilon=0.05, z=1.5,
                         advise=True, prior=0.1)),
    (SearchParams(40, 0.6, 0.2, 0.05, False, False, 1.5, 0.1), True, "tree",  # no policy: no prior, no advice
     searchloop.Settings(iterations=40, exploration=0.6, score_weight=0.2, policy=False, epsilon=0.05, z=1.5,
                         advise=False, prior=0.0)),
    (SearchParams(40, 0.6, 0.2, 0.05, True, False, 1.5), True, "tree",  # no prior: advised only when always
     searchloop.Settings(iterations=40, exploration=0.6, score_weight=0.2, policy=True, epsilon=0.05, z=1.5,
                         advise=True, prior=0.0)),
    (SearchParams(40, 0, 0, 0, True, False, 1), False, "tree",  # ints typed as the compiled loops expect
     searchloop.Settings(iterations=40, exploration=0.0, score_weight=0.0, policy=True, epsilon=0.0, z=1.0,
                         advise=False, prior=0.0)),
], ids=["paired", "tree", "tree-always-advised", "tree-typed"])
def test_run_hands_each_setting_to_its_field(params: SearchParams, always: bool, loop: str,
                                             settings: searchloop.Settings) -> None:
    """A record's fields are positional: two floats swapped would still compile, and search on."""
    seen: list[tuple[str, object, int, searchloop.Settings]] = []
    loops = (lambda args, seed, s: seen.append(("paired", args, seed, s)) or 1,
             lambda args, seed, s: seen.append(("tree", args, seed, s)) or 2)
    assert searchloop.run("toy settings", loops, ("args",), params, 9, always_advise=always) == (loop == "tree") + 1
    assert seen == [(loop, ("args",), 9, settings)]
    assert [type(v) for v in seen[0][3]] == [int, float, float, bool, float, float, bool, float]
