"""``nonempty``: what a test loops over, checked to hold something.

A test whose assertions all stand inside a loop passes when the loop runs zero times: a
folder renamed, a filter that now matches nothing, a generator that yields nothing. Looping
over ``nonempty(items)`` makes that case fail instead (issue #37;
``tests/test_suite_honesty.py`` finds loops that need it).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def nonempty(items: Iterable[T], what: str = "the collection a test loops over") -> list[T]:
    """``items`` as a list, failing the test when there is nothing in it."""
    found = list(items)
    assert found, f"{what} is empty: the assertions in the loop would check nothing"
    return found
