"""The verdict's choice of sentences worked by hand (issue 34: survivors of ``benchmarks/mutation.py verdict``,
restricted to ``size``, ``speaks``, ``headline_metrics`` and ``unfinished``)."""
from __future__ import annotations

import pytest

from cardgen.simulate.verdict import headline_metrics, size, speaks, unfinished


def _m(name: str, base: float | None, variant: float | None, difference: float, p: float = 0.0,
       **extra: object) -> dict:
    return {"metric": name, "base": base, "variant": variant, "difference": difference, "low": difference - 0.1,
            "high": difference + 0.1, "p": p, "significant": True, **extra}


@pytest.mark.parametrize("name, expected", [
    ("end_reason:stalled:no_dish_emerald", True), ("end_reason:safety_cap", True),
    ("end_reason:engine_error", True), ("end_reason:supply_exhausted", False), ("rounds", False)])
def test_a_game_that_never_finished_is_told_by_its_end_reason(name: str, expected: bool) -> None:
    assert unfinished(name) is expected


def test_a_counts_size_is_its_change_relative_to_the_larger_side() -> None:
    assert size(_m("rounds", 20.0, 16.0, -4.0)) == pytest.approx(0.2)  # 4 of 20
    assert size(_m("rounds", 16.0, 20.0, 4.0)) == pytest.approx(0.2)  # the larger side, whichever it is
    assert size(_m("margin", -8.0, 2.0, 10.0)) == pytest.approx(10 / 8)  # sizes, not signs
    assert size(_m("margin", None, 4.0, 4.0)) == pytest.approx(1.0)  # a side not measured counts as 0
    assert size(_m("margin", 0.0, 0.0, 0.0)) == 0.0  # nothing on either side: no change
    assert size(_m("margin", 0.0, 0.5, 0.5)) == pytest.approx(1.0)  # from nothing: the whole of it
    assert size(_m("margin", 0.5, 0.0, -0.5)) == pytest.approx(1.0)  # to nothing: the whole of it


def test_a_figure_that_repeats_the_edit_never_speaks_even_when_significant() -> None:
    assert speaks(_m("rounds", 20.0, 16.0, -4.0))
    assert not speaks(_m("rounds", 20.0, 16.0, -4.0, follows_from_change=True))
    assert not speaks(_m("rounds", 20.0, 16.0, -4.0, significant=False))


def test_equal_sizes_put_the_stronger_evidence_first() -> None:
    weak = _m("rounds", 20.0, 16.0, -4.0, low=-7.0, high=-1.0)  # 4 against a half-width of 3
    strong = _m("turns", 20.0, 16.0, -4.0, low=-4.5, high=-3.5)  # 4 against 0.5: stronger, named first
    assert [m["metric"] for m in headline_metrics([weak, strong])] == ["turns", "rounds"]
