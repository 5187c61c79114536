"""Draco's compiled tier plays exactly the reference's games (differential test).

For the base deck and every Draco variant, every player count, a few hundred seeds
with random players (the runner's fast path and, with ``record``, the agents' path)
and dozens with heuristic and mixed seats: ``DracoFast.play`` must return the very
``GameResult`` of ``cardgen.simulate.runner.play_game`` on the reference engine.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from cardgen.games.draco.engine import DracoGame
from cardgen.games.draco.compiled import DracoFast, fast_engine
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver, resolve
from cardgen.simulate.runner import Chunk, DeckRef, load_project_deck, make_agents, play_game, run_chunk
from cardgen.simulate.seeds import game_seed
from test_tiers import first_difference

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)
DECKS = [d for d in PROJECT.ids if d == "draco" or d.startswith("draco-")]


def compare(deck, players, seeds, agents, record) -> None:
    game = DracoGame(deck, players)
    fast = fast_engine(deck, players)
    assert isinstance(fast, DracoFast)
    for index in seeds:
        seed = game_seed(11, deck.id, players, index)
        names = [agents[(index + seat) % len(agents)] for seat in range(players)]
        ref = play_game(game, seed, make_agents(deck.spec, names), names, record=record)
        got = fast.play(seed, names, 10_000, record)
        assert got == ref, f"{deck.id}, {players} players, seed {seed}: {first_difference(ref, got)}"


@pytest.mark.parametrize("deck_id", DECKS)
def test_random_games_are_the_reference_games(deck_id):
    deck = Resolver(PROJECT).resolve(deck_id)
    for players in deck.model.players.counts:
        compare(deck, players, range(0, 200), ["random"], record=False)
        compare(deck, players, range(200, 230), ["random"], record=True)


@pytest.mark.parametrize("deck_id", DECKS)
def test_heuristic_games_are_the_reference_games(deck_id):
    deck = Resolver(PROJECT).resolve(deck_id)
    for players in deck.model.players.counts:
        compare(deck, players, range(12), ["heuristic"], record=True)
        compare(deck, players, range(12, 36), ["heuristic", "random"], record=players % 2 == 0)


def test_the_safety_cap_is_the_reference_one():
    deck = resolve("draco", ROOT)
    game, fast = DracoGame(deck, 4), fast_engine(deck, 4)
    for seed in range(5):
        ref = play_game(game, seed, make_agents(deck.spec, ["random"] * 4), ["random"] * 4, cap=40, record=True)
        assert ref.end_reason == "safety_cap"
        assert fast.play(seed, ["random"] * 4, 40, True) == ref


def _project(tmp_path, clarifications):
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    shutil.copy(ROOT / "decks" / "draco.yaml", tmp_path / "decks" / "draco.yaml")
    (tmp_path / "variants" / "v.yaml").write_text(
        "extends: draco\nname: {fr: x, it: x, en: x}\ndescription: {fr: x, it: x, en: x}\n"
        f"clarifications: {clarifications}\n", encoding="utf-8")
    return resolve("v", tmp_path)


@pytest.mark.parametrize("clarifications", [
    "{final_toast: {resolution: may_toast, text: {fr: a, it: b, en: c}}, bank_short: {resolution: unlimited, text: {fr: a, it: b, en: c}}}",
    "{richest_tie: {resolution: none_pays, text: {fr: a, it: b, en: c}}, tie_for_win: {resolution: share_next, text: {fr: a, it: b, en: c}}}",
])
def test_other_resolutions_are_the_reference_ones(tmp_path, clarifications):
    deck = _project(tmp_path, clarifications)
    for players in (3, 5):
        compare(deck, players, range(60), ["random"], record=True)
        compare(deck, players, range(60, 66), ["heuristic"], record=False)


def test_a_deck_it_cannot_play_gets_a_reason(tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    text = (ROOT / "decks" / "draco.yaml").read_text(encoding="utf-8")
    start = text.index("  empty_hand:")
    end = text.index("  cannot_pay:")
    (tmp_path / "decks" / "draco.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    deck = resolve("draco", tmp_path)
    reason = deck.spec.fast(deck, 4)
    assert isinstance(reason, str) and "empty_hand" in reason


def test_a_chunk_on_the_tier_logs_the_reference_games():
    ref = DeckRef.of(resolve("draco", ROOT))
    chunks = [Chunk(load_project_deck, ref, 5, ("heuristic", "random"), 3, 0, 20, log=True, engine=e)
              for e in ("reference", "auto")]
    (tally_ref, lines_ref), (tally_fast, lines_fast) = (run_chunk(c) for c in chunks)
    assert lines_fast == lines_ref


def test_a_game_with_more_gap_events_than_the_buffer_is_replayed_on_the_reference(monkeypatch):
    from cardgen.engine import batch

    deck = resolve("draco", ROOT)
    engine = fast_engine(deck, 4)
    run = type(engine)._run

    def overflowing(self, *args):
        rows, events = run(self, *args)
        rows[:, batch.R_GAPS] = self._gap_room + 1  # as if the game had logged more events than the buffer holds
        return rows, events

    monkeypatch.setattr(type(engine), "_run", overflowing)
    names = ["heuristic", "random", "random", "heuristic"]
    ref = play_game(DracoGame(deck, 4), 5, make_agents(deck.spec, names), names, record=True)
    assert engine.play(5, names, 10_000, True) == ref
    handed_back = engine.play_batch(np.array([5], dtype=np.uint64), tuple(names), np.array([[0, 1, 2, 3]]), 10_000)
    assert handed_back.extra[0] == play_game(DracoGame(deck, 4), 5, make_agents(deck.spec, names), names)
