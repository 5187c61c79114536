"""Every shipped deck and variant passes ``cardgen validate`` (a few games of each agent).

A shipped deck that fails its static checks, stalls on an unsettled rule gap or
never ends fails here, and the failure names the deck and why.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.validate import ValidateOptions, run_validation

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)


@pytest.mark.parametrize("deck_id", PROJECT.ids)
def test_shipped_deck_passes_validate(deck_id: str, tmp_path: Path) -> None:
    deck = Resolver(PROJECT).resolve(deck_id)
    opts = ValidateOptions(games=12, agents=["random", "heuristic"], seed=7, jobs=1, out=None, progress=False)
    doc = run_validation([deck], opts)
    failures = [f"{deck_id} at {r['players']} players: {f}" for r in doc["results"] for f in r["failures"]]
    assert doc["passed"] and not failures, "\n".join(failures)
    assert {r["players"] for r in doc["results"]} == set(deck.model.players.counts)
    assert all(r["completed"] == 12 for r in doc["results"])
