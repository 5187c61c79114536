"""``cardgen.jit.call``: a compiled loop's context typed once, the same results as the dispatcher's own call.

A house rule's covered games are played one by one (a comparison's pairs), and numba typed the loop's context of
some fifty arrays and typed containers at every call, in Python: several times a whole game's compiled work.
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pytest
from numba import njit, types
from numba.typed import List

from cardgen import jit


class Inner(NamedTuple):
    values: Any
    names: Any


class Ctx(NamedTuple):
    inner: Any
    scale: Any


@njit(cache=False)
def total(rows, first, ctx):  # type: ignore[no-untyped-def]
    out = 0.0
    for i in range(first, rows.shape[0]):
        out += rows[i] * ctx.scale[0]
    return out + len(ctx.inner.names) + ctx.inner.values.sum()


def context(dtype: Any = np.int64) -> Ctx:
    names = List.empty_list(types.unicode_type)
    names.append("pass")
    return Ctx(Inner(np.arange(3, dtype=dtype), names), np.array([2.0]))


def test_the_same_result_as_the_dispatcher_and_the_context_typed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = context()
    rows = np.arange(5, dtype=np.int64)
    expected = total(rows, 1, ctx)
    assert jit.call(total, (rows, 1, ctx), 2) == expected
    expected_from = [total(rows, first, ctx) for first in range(4)]
    typed: list[object] = []
    real = total.typeof_pyval
    monkeypatch.setattr(total, "typeof_pyval", lambda x: typed.append(x) or real(x))
    again = Ctx(ctx.inner, ctx.scale)  # a new tuple over the same members, as a loop's ``_context`` makes
    for first in range(4):
        assert jit.call(total, (np.arange(5, dtype=np.int64), first, again), 2) == expected_from[first]
    assert typed == []  # new rows of the same kind and a context over the same members: nothing typed again


def test_a_context_of_other_types_is_typed_and_compiled_for_them() -> None:
    rows = np.arange(5, dtype=np.int64)
    assert jit.call(total, (rows, 0, context()), 2) == total(rows, 0, context())
    floats = context(np.float64)
    floats.inner.values[:] = [0.5, 0.25, 0.125]
    for _ in range(2):  # the first call of a kind compiles it, the second keeps it: either kind's own code
        assert jit.call(total, (rows, 0, floats), 2) == 20.0 + 1 + 0.875  # int64 rows of 2.0 each, then one name
        assert jit.call(total, (rows.astype(np.float64) + 0.5, 0, floats), 2) == 25.0 + 1 + 0.875


def test_a_plain_function_is_called_as_it_is() -> None:
    def plain(rows: Any, first: int, ctx: Any) -> str:
        return f"{len(rows)} {first} {len(ctx)}"
    assert jit.call(plain, ((1, 2), 1, ("a", "b", "c")), 2) == "2 1 3"


@njit(cache=False)
def halve(x, ctx):  # type: ignore[no-untyped-def]
    return x // 2 + len(ctx.inner.names)


def test_numbers_of_other_classes_are_typed_as_their_own() -> None:
    ctx = context()
    values = (7, np.uint64(2 ** 63 + 10), True)  # a uint64 beyond int64: read as an int64 it is negative
    expected = [halve(x, ctx) for x in values]  # numba's own results, each compiled for its class
    for _ in range(2):  # the first call of a class compiles it, the second keeps it
        assert [jit.call(halve, (x, ctx), 1) for x in values] == expected
