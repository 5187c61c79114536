"""The batch path of the compiled tiers (``FastEngine.play_batch`` + ``Tally.add_batch``).

A validation run through the batch path must print exactly what the game-by-game
path prints, and what the reference engine prints (its ``engine`` field aside),
for every King Lui, Draco and Royale deck and variant at every player count, with random
and heuristic agents, including games the compiled loop hands back to Python.
"""
from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.simulate import runner
from cardgen.simulate.seeds import game_seed, game_seeds

ROOT = Path(__file__).resolve().parents[1]
DECKS = ["king_lui", "king_lui-hungry-dragon", "king_lui-six-players",
         "draco", "draco-long", "draco-no-zork", "draco-short",
         "royale", "royale-masked", "royale-short", "royale-solo"]


def validate_json(tmp_path: Path, deck: str, agents: list[str], games: int, engine: str, batch: bool,
                  monkeypatch: pytest.MonkeyPatch, cap: int | None = None) -> bytes:
    monkeypatch.setattr(runner, "USE_BATCH", batch)
    name = f"{deck}-{'-'.join(agents)}-{engine}-{batch}-{cap}"
    js = tmp_path / f"{name}.json"
    args = ["--project", str(ROOT), "validate", deck, "--games", str(games), "--agents", *agents, "--jobs", "1",
            "--engine", engine, "--json", str(js), "--out", str(tmp_path / name), "--no-designer"]  # batches
    if cap is not None:
        args += ["--cap", str(cap)]
    main(args)  # the exit code says whether the rules held: not what this test is about
    return js.read_bytes()


def without_engine(raw: bytes) -> dict:
    doc = json.loads(raw)
    for result in doc["results"]:
        result.pop("engine")
    return doc


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("agents,games", [(["random"], 60), (["random", "heuristic"], 24)])
def test_batch_equals_game_by_game_and_reference(tmp_path, monkeypatch, deck, agents, games):
    batch = validate_json(tmp_path, deck, agents, games, "fast", True, monkeypatch)
    single = validate_json(tmp_path, deck, agents, games, "fast", False, monkeypatch)
    reference = validate_json(tmp_path, deck, agents, games, "reference", False, monkeypatch)
    assert json.loads(batch)["results"], "no result at all"
    assert all(r["engine"] != "reference" for r in json.loads(batch)["results"])
    assert batch == single
    assert without_engine(batch) == without_engine(reference)


@pytest.mark.parametrize("deck,cap", [("king_lui", 49), ("draco", 150), ("royale", 120)])  # about the median game's decisions
def test_games_handed_back_to_python_count_the_same(tmp_path, monkeypatch, deck, cap):
    """A tiny cap: safety-cap games come back as ``extra`` results among batch rows."""
    monkeypatch.setattr(runner, "BATCH_GAMES", 7)  # several compiled calls per chunk too
    batch = validate_json(tmp_path, deck, ["random"], 40, "fast", True, monkeypatch, cap=cap)
    single = validate_json(tmp_path, deck, ["random"], 40, "fast", False, monkeypatch, cap=cap)
    reference = validate_json(tmp_path, deck, ["random"], 40, "reference", False, monkeypatch, cap=cap)
    reasons = {k for r in json.loads(batch)["results"] for k in r["end_reasons"]}
    assert "safety_cap" in reasons and len(reasons) > 1, reasons
    assert batch == single
    assert without_engine(batch) == without_engine(reference)


def test_chunk_seeds_are_game_seed():
    assert game_seeds(9, "draco-short", 3, 5, 305).tolist() == [game_seed(9, "draco-short", 3, i)
                                                                 for i in range(5, 305)]


def test_memory_stays_flat_in_the_number_of_games(monkeypatch):
    """Ten times the games, not ten times the memory: nothing is kept per game."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver

    deck = Resolver(Project.open(ROOT)).resolve("king_lui")
    ref = runner.DeckRef.of(deck)
    monkeypatch.setattr(runner, "BATCH_GAMES", 200)
    calls: list[int] = []
    fast = runner.cached_fast(runner.load_project_deck, ref, 4)
    real = type(fast).play_batch
    monkeypatch.setattr(type(fast), "play_batch",
                        lambda self, seeds, *a: calls.append(len(seeds)) or real(self, seeds, *a))

    def peak(games: int) -> int:
        chunk = runner.Chunk(runner.load_project_deck, ref, 4, ("random",), 1, 0, games)
        runner.run_chunk(chunk)  # warm: caches, compiled code
        tracemalloc.start()
        runner.run_chunk(chunk)
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    small, large = peak(400), peak(4000)
    assert max(calls) == 200
    assert large < 1.5 * small, (small, large)


def test_compiled_seed_hash_is_game_seed_for_any_text_length():
    for master, deck, players, start in [(1, "king_lui", 4, 0), (2**70, "x" * 50, 6, 10**15), (0, "", 2, 99),
                                         (5, "dé", 3, 0), (3, "y" * 100, 5, 0)]:  # the last one is hashed in Python
        assert game_seeds(master, deck, players, start, start + 120).tolist() == \
            [game_seed(master, deck, players, i) for i in range(start, start + 120)]


@pytest.mark.parametrize("deck_id,players", [("king_lui", 3), ("royale", 3), ("draco", 4)])
def test_a_batch_row_says_what_play_says(deck_id, players):
    """``BatchEngine``'s two readings of the loop's rows agree: every row of ``play_batch`` (the
    games it did not hand back to ``play``) is the ``GameResult`` of ``play`` for that seed."""
    import numpy as np

    from cardgen.resolve.resolve import resolve

    deck = resolve(deck_id, ROOT)
    fast = deck.spec.fast(deck, players)
    seeds = np.array([game_seed(4, deck_id, players, i) for i in range(40)], dtype=np.uint64)
    agents = ("random", "heuristic")
    seats = (np.arange(len(seeds))[:, None] + np.arange(players)) % 2
    b = fast.play_batch(seeds, agents, seats, 10_000)
    assert len(b.extra) < len(seeds)
    for i, seed in enumerate(seeds.tolist()):
        one = fast.play(seed, [agents[a] for a in seats[i]], 10_000, False)
        if i in b.extra:
            assert b.extra[i] == one
            continue
        gaps = []
        for j in np.flatnonzero(b.gap_game == i):
            kind = int(b.gap_kind[j])
            gaps.append((b.gap_kinds[kind], bool(b.gap_settled[j]), b.gap_detail(kind, b.gap_args[j].tolist())))
        peak = {name: int(b.peaks[i, j]) for j, name in enumerate(b.peak_names) if b.peak_seen[i, j]}
        assert (b.end_names[b.end[i]], bool(b.completed[i]), int(b.turns[i]), int(b.rounds[i]), gaps, peak) == \
            (one.end_reason, one.completed, one.turns, one.rounds, one.gaps, one.peak)
        if one.completed:
            tie = int(b.tie[i])
            assert b.scores[i].tolist() == one.scores
            assert np.flatnonzero(b.winners[i]).tolist() == one.winners
            assert (None if tie < 0 else b.tie_names[tie]) == one.tie_break
