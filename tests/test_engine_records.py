"""``cardgen/engine/records.py``: a record declared once as a named tuple, built by the Python agents through
slots (``slotted``): the same fields, by position, nothing else."""
from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from cardgen.engine.records import slotted
from cardgen.games.draco import agents


class Pair(NamedTuple):
    """Two fields, the second a list (a record holds the lists the forecast reads)."""

    first: int
    second: Any


def test_a_slotted_record_has_the_named_tuples_fields_in_order_and_nothing_else():
    PairSlots = slotted(Pair)
    p = PairSlots(3, [4, 5])
    assert (p.first, p.second) == (3, [4, 5])
    assert PairSlots.__slots__ == ("first", "second")
    assert PairSlots.__name__ == "PairSlots" and PairSlots.__doc__ == Pair.__doc__
    assert repr(p) == "Pair(first=3, second=[4, 5])"
    with pytest.raises(AttributeError):
        p.third = 1  # type: ignore[attr-defined]  # slots: no field but the record's


def test_a_slotted_record_is_built_by_position_with_every_field():
    PairSlots = slotted(Pair)
    with pytest.raises(TypeError):
        PairSlots(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        PairSlots(1, 2, 3)  # type: ignore[call-arg]
    q = PairSlots(second=7, first=6)
    assert (q.first, q.second) == (6, 7)


@pytest.mark.parametrize("fields", [("_hidden",), ("a b",), ("x", "1y")])
def test_a_field_that_is_no_public_name_is_refused(fields):
    class Odd:  # anything with ``_fields``: the names go into the written-out ``__init__``
        _fields = fields

    with pytest.raises(ValueError, match="public identifiers"):
        slotted(Odd)


@pytest.mark.parametrize("record, form", [(agents.Table, agents.TableSlots), (agents.Who, agents.WhoSlots),
                                          (agents.Now, agents.NowSlots), (agents.Scratch, agents.ScratchSlots),
                                          (agents.Halves, agents.halves)])
def test_dracos_python_forms_carry_the_compiled_records_fields(record, form):
    # the forecast reads the same names on both: a field added to the named tuple reaches the Python form
    assert form.__slots__ == record._fields
    values = list(range(len(record._fields)))
    built = form(*values)
    assert [getattr(built, f) for f in record._fields] == list(record(*values))


def test_royales_python_forms_carry_the_compiled_records_fields():
    from cardgen.games.royale import agents as royale
    for record, form in [(royale.Gains, royale.GainsSlots), (royale.Walk, royale.WalkSlots),
                         (royale.Plans, royale.PlansSlots), (royale.Seat, royale.SeatSlots)]:
        assert form.__slots__ == record._fields
