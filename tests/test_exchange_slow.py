"""Which card is too strong, in play: the long checks (the slow tier, tests/conftest.py's SLOW_MODULES).

Measured figures (docs/validator.md, "Which card is too strong"): the toy's kinds alike over games flagged in
2 of 60 runs of 250 games (seeds 0-59, both in the first 20); Draco with Shakedown stealing 20 silver, at 4
players, default settings: flagged in 9 of seeds 1-10 (seed 3, used here, among them).
"""
from __future__ import annotations

from pathlib import Path

from cardgen.simulate.exchange import POINTS
from test_exchange import toy, validate

RACKET = """extends: draco
name: {fr: Racket, it: Pizzo, en: Racket}
description: {fr: x, it: x, en: x}
change:
  shakedown:
    faces:
      - {layout: rule, title: {fr: "Racket", it: "Pizzo", en: "Shakedown"}, colour: parchment, symbol: coin,
         data: {steal: {silver: 20}}}
"""


def test_cards_alike_over_games_are_flagged_in_at_most_the_promised_share_of_runs(tmp_path: Path) -> None:
    """Kinds dealt a random worth per game: each game's exchanges move its results together, and only an
    interval that treats a game as one cluster keeps the error at 5 % family-wise. 20 runs of the default 250
    traced games: at most 2 flagged (at 5 %, P(X > 2) = 7.5 %; exchanges taken as independent flag most runs)."""
    deck = toy(tmp_path)
    flagged = sum(any(r["flag"] for r in validate(deck, 250, seed=seed)["exchange"]["rows"]) for seed in range(20))
    assert flagged <= 2


def test_a_shakedown_stealing_20_silver_is_flagged_too_strong_at_the_measuring_settings(tmp_path: Path) -> None:
    """A scratch project's Draco variant (kept out of variants/): default games, traced games and exchanges."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from cardgen.simulate.validate import ValidateOptions, run_validation

    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "draco-racket.yaml").write_text(RACKET, encoding="utf-8")
    deck = Resolver(Project.open(tmp_path)).resolve("draco-racket")
    doc = run_validation([deck], ValidateOptions(players=[4], seed=3, jobs=1, out=None, progress=False,
                                                 exchange_points=POINTS))
    rows = {r["component"]: r for r in doc["results"][0]["designer"]["exchange"]["rows"]}
    assert rows["shakedown"]["flag"] == "strong" and rows["shakedown"]["win_low"] > 0
    assert [k for k, r in rows.items() if r["flag"] == "strong"] == ["shakedown"]
