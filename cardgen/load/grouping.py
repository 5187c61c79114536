"""The same mistake on many spreadsheet rows is one line: ``rows 2-10, 14, column 'symbol'``.

A card list in a CSV file repeats itself: a misspelt symbol on one suit is the same
mistake on nine rows, and a bad default in the deck's ``table:`` entry is the same
mistake on every row. ``group_errors`` folds errors that differ only in their row
number into one, listing the rows as ranges, and drops exact repeats, keeping the
order in which each problem was first met. Errors outside tables pass unchanged.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from cardgen.errors import InputError

#: A table location as ``tables`` writes it: ``row 7`` or ``row 7, column 'title.fr'``.
_ROW = re.compile(r"^row (\d+)(, .*)?$")


def row_ranges(rows: Sequence[int]) -> str:
    """``[2, 3, 4, 7, 9, 10]`` -> ``rows 2-4, 7, 9-10``; one row -> ``row 7``."""
    ordered = sorted(set(rows))
    parts: list[str] = []
    start = prev = ordered[0]
    for row in ordered[1:] + [None]:  # type: ignore[list-item]
        if row is not None and row == prev + 1:
            prev = row
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if row is not None:
            start = prev = row
    return ("rows " if len(ordered) > 1 else "row ") + ", ".join(parts)


def group_errors(errors: Sequence[InputError]) -> list[InputError]:
    """``errors`` with repeats dropped and errors differing only in their table row merged."""
    order: list[tuple[object, ...]] = []
    rows: dict[tuple[object, ...], list[int]] = {}
    first: dict[tuple[object, ...], InputError] = {}
    for err in errors:
        match = _ROW.match(err.field or "")
        if match:
            key: tuple[object, ...] = ("row", err.file, match.group(2) or "", err.message, err.hint)
        else:
            key = ("plain", err.file, err.line, err.field, err.message, err.hint)
        if key not in first:
            order.append(key)
            first[key] = err
            rows[key] = []
        if match:
            rows[key].append(int(match.group(1)))
    out: list[InputError] = []
    for key in order:
        err = first[key]
        if key[0] == "row" and len(set(rows[key])) > 1:
            err = InputError(err.message, file=err.file, line=err.line,
                             field=row_ranges(rows[key]) + str(key[2]), hint=err.hint, key=err.key, fields=err.fields)
        out.append(err)
    return out
