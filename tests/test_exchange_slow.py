"""Which card is too strong, in play: the long checks (the slow tier, tests/conftest.py's SLOW_MODULES).

Measured figures (docs/validator.md, "Which card is too strong"): the toy's kinds alike over games flagged in
2 of 60 runs of 250 games (seeds 0-59, both in the first 20); Draco with Shakedown stealing 20 silver, at 4
players, default settings (AUTO: the futures on the compiled tier): flagged in 9 of seeds 1-10 and 16 of 1-20 (seed 3,
used here, among them), no other card in any.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


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
    """A scratch project's Draco variant (kept out of variants/), validate's defaults (``AUTO``: 4 decision points
    where Draco's compiled tier plays the futures) on the compiled tier: flagged, the only card flagged in play,
    and a warning."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from cardgen.simulate.validate import ValidateOptions, run_validation

    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "draco-racket.yaml").write_text(RACKET, encoding="utf-8")
    deck = Resolver(Project.open(tmp_path)).resolve("draco-racket")
    from cardgen.simulate.summary import flagged_cards

    # the compiled tier required (built here if it is not): on a fresh cache, a default run is a first run, which
    # leaves the experiment to the next run while the tier builds in the background (``exchange.BUILDING``)
    doc = run_validation([deck], ValidateOptions(players=[4], seed=3, jobs=1, out=None, progress=False,
                                                 engine="fast"))
    entry = doc["results"][0]
    rows = {r["component"]: r for r in entry["designer"]["exchange"]["rows"]}
    assert rows["shakedown"]["flag"] == "strong" and rows["shakedown"]["win_low"] > 0
    assert [k for k, r in rows.items() if r["flag"] == "strong"] == ["shakedown"]
    assert "shakedown" in [r["component"] for r in flagged_cards(entry) if r.get("experiment") == "play"]


def _draco(players: int) -> Any:
    from cardgen.simulate.runner import DeckRef, load_project_deck

    main = Path(__file__).resolve().parents[1]
    deck = load_project_deck(DeckRef(str(main), "draco", "decks/draco.yaml"))
    return deck, deck.spec.new_game(deck, players)


@pytest.mark.parametrize("names", [["heuristic"] * 4, ["random", "heuristic", "heuristic", "random"]])
def test_draco_s_compiled_futures_are_the_reference_engine_s_futures(names: list[str]) -> None:
    """The play experiment's futures on the compiled tier (``GameSpec.play_on``) are the very futures
    ``runner.continue_game`` plays on the reference engine: same winners, same purses, from positions early, mid and
    late in games, an exchanged hand among them, for 25 seeds each, heuristic and random players."""
    from cardgen.simulate.runner import agents_play_out, compiled_play_out, make_agents

    deck, game = _draco(4)
    fast = compiled_play_out(game, names, 5000)
    reference = agents_play_out(lambda: make_agents(deck.spec, names), names, 5000)
    assert fast is not None
    compared = 0
    for game_seed, moves in ((9, 3), (10, 24), (11, 60)):
        state = game.new_initial_state(game_seed)
        for _ in range(moves):
            state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
        if game_seed == 10:  # a hand changed as the experiment changes it
            own, outside = state.exchangeable(1)
            state.exchange(1, own[0][0], next(c for c, kind in outside if kind != own[0][1]))
        for seed in range(25):
            ended = fast(state.clone(), seed)
            assert ended is not None and ended == reference(state.clone(), seed), (game_seed, seed)
            compared += 1
    assert compared == 75


def test_the_compiled_tier_s_winners_are_the_reference_s_on_any_purses() -> None:
    import random

    from cardgen.games.draco.compiled import _ruled_winners
    from cardgen.games.draco.engine import DracoState

    deck, game = _draco(5)
    clar = game.deck.clarifications
    rng = random.Random(3)
    for _ in range(500):
        state = game.new_initial_state(1)
        state.money = [rng.randrange(6) for _ in range(5)]  # ties often, as many as the rules must break
        mine = _ruled_winners(list(state.money), lambda kind, detail: clar[kind].resolution)
        assert mine == DracoState._winners(state)
