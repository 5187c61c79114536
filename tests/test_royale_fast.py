"""Royale's compiled tier plays exactly the reference games (differential test).

For every Royale deck and player count, a few hundred game seeds (as the
validator derives them) with random seats: the full ``GameResult`` with
``record=True`` (every action in order, initial piles, scores, winners,
tie-break, end reason, gaps with their wording, peaks, turns, rounds) must equal
the reference's. The first difference fails the test and names its seed. Other
rule numbers (diagonals, sliding imposters, a 4x4 buffet, uneven packets, the
solo end card, no voluntary clearing), other gap resolutions, unsettled gaps
(stalls) and the safety cap are compared too.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cardgen.games.royale import GAME
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import make_agents, play_game
from cardgen.simulate.seeds import game_seed, seat_agents
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
SEEDS = 200


def first_difference(deck, players: int, seeds, cap: int = 10_000, seen: set[str] | None = None,
                     agents: tuple[str, ...] = ("random",)) -> str | None:
    """None when the tiers agree on every game (seats played by ``agents`` in turn), else which game differs and how."""
    fast = GAME.fast(deck, players)
    assert not isinstance(fast, str), fast
    game = GAME.new_game(deck, players)
    for index in seeds:
        seed = game_seed(7, deck.id, players, index)
        names = seat_agents(list(agents), players, index)
        ref = play_game(game, seed, make_agents(GAME, names), names, cap=cap, record=True)
        got = fast.play(seed, names, cap, True)
        if got != ref:
            fields = [f for f in ref.__slots__ if getattr(ref, f) != getattr(got, f)]
            return f"{deck.id}, {players} players, seed {seed}: the fast tier differs in {', '.join(fields)}"
        if fast.play(seed, names, cap, False).scores != ref.scores:
            return f"{deck.id}, {players} players, seed {seed}: unrecorded play differs"
        if seen is not None:
            seen.update([ref.end_reason, *(kind for kind, _, _ in ref.gaps)])
    return None


@pytest.mark.parametrize("deck_id", ["royale", "royale-masked", "royale-short", "royale-solo"])
def test_fast_tier_plays_the_reference_games(deck_id):
    deck = resolve(deck_id, ROOT)
    seen: set[str] = set()
    for players in deck.model.players.counts:
        assert first_difference(deck, players, range(SEEDS), seen=seen) is None
    assert seen & {"banquet_over", "all_nobles", "turns_done"}  # real endings were compared


#: the compiled heuristic against ``agents.HeuristicAgent`` on the reference engine, per player count
HEURISTIC_SEEDS = 200


@pytest.mark.parametrize("agents", [("heuristic",), ("heuristic", "random")])
@pytest.mark.parametrize("deck_id", ["royale", "royale-masked", "royale-short", "royale-solo"])
def test_fast_heuristic_plays_the_reference_heuristic_games(deck_id, agents):
    """Every decision of the Python heuristic (same ties, same draws), alone or beside random seats."""
    deck = resolve(deck_id, ROOT)
    assert "heuristic" in GAME.fast(deck, deck.model.players.counts[0]).agents
    seen: set[str] = set()
    for players in deck.model.players.counts:
        assert first_difference(deck, players, range(HEURISTIC_SEEDS), seen=seen, agents=agents) is None
    assert seen & {"banquet_over", "all_nobles", "turns_done"}


@pytest.mark.parametrize("name, text, players", [
    ("diagonals", "rules: {take_shapes: [row, column, diagonal], imposter_uses: 2}\n", (2, 4)),
    ("slide", "rules: {imposter_slide: true, imposter_rotations: [0, 90]}\n", (3,)),
    ("no-clearing", "rules: {voluntary_clearing: false, nobles_per_player: 6}\n", (2,)),
    ("big", "rules: {grid_rows: 4, grid_cols: 4, cards_per_take: 4, imposter_slide: true}\n", (2,)),
])
def test_fast_heuristic_follows_other_rule_numbers(tmp_path, name, text, players):
    """Longer takes (four cards: 24 play orders), more imposter placements, no clearing phase."""
    deck = _variant(tmp_path, name, text)
    for n in nonempty(players):
        assert first_difference(deck, n, range(30), agents=("heuristic", "random")) is None


def _variant(tmp_path: Path, name: str, text: str):
    path = tmp_path / f"royale-{name}.yaml"
    path.write_text("extends: royale\nname: {fr: Essai, it: Prova, en: Test}\n"
                    "description: {fr: Essai, it: Prova, en: Test}\n" + text, encoding="utf-8")
    return resolve(str(path), ROOT)



@pytest.mark.parametrize("name, text, players, met", [
    ("diagonals", "rules: {take_shapes: [row, column, diagonal], imposter_uses: 2}\n", (2, 4), "banquet_over"),
    ("slide", "rules: {imposter_slide: true, imposter_rotations: [0, 90]}\n", (3,), "banquet_over"),
    ("uneven", "change:\n  dessert: {values: {from: 1, to: 13}}\n", (2,), "uneven_packets"),
    ("long", "rules: {end_card_draws: 5, packets: 2, end_packet_setup: 2, end_packet_reshuffle: 1}\n", (2, 4),
     "banquet_over"),
    ("no-clearing", "rules: {voluntary_clearing: false, nobles_per_player: 6}\n", (2,), "banquet_over"),
    ("ghost", "rules: {solo_turns: 30, ghost_cards_per_turn: 2, solo_end_card: true}\n", (1,), "solo_pile_empty"),
    ("solo-end", "rules: {solo_turns: 40, ghost_cards_per_turn: 3}\nclarifications:\n  solo_pile_empty:\n"
                 "    resolution: end_game\n    text: {fr: a, it: b, en: c}\n", (1,), "solo_cards_exhausted"),
    ("plain-solo", "rules: {solo: false}\n", (1,), "banquet_over"),
    ("dry-solo", "rules: {solo_turns: 50}\nclarifications:\n  pile_empty:\n    resolution: end_game\n"
                 "    text: {fr: a, it: b, en: c}\n", (1,), "supply_exhausted"),
])
def test_fast_tier_follows_other_rule_numbers(tmp_path, name, text, players, met):
    deck = _variant(tmp_path, name, text)
    seen: set[str] = set()
    for n in players:
        assert first_difference(deck, n, range(40), seen=seen) is None
    assert met in seen, seen


def _unsettled(deck, *kinds: str):
    """The deck with some clarifications taken away (the engine must stall on those gaps)."""
    out = copy.copy(deck)
    clar = {k: v for k, v in deck.model.clarifications.items() if k not in kinds}
    out.model = deck.model.model_copy(update={"clarifications": clar})
    return out


#: every dish type down to values 1 and 2: twelve dish cards, the piles run dry
TINY = "change:\n" + "".join(f"  {t}: {{values: {{from: 1, to: 2}}}}\n"
                              for t in ("dessert", "drink", "fruit", "pastry", "main", "abundance"))
LONG_SOLO = "rules: {solo_turns: 50}\n"


@pytest.mark.parametrize("name, text, kinds, players, met", [
    ("long-solo", LONG_SOLO, ("pile_empty",), (1,), "stalled:pile_empty"),
    ("tiny-solo", LONG_SOLO + TINY, ("short_line",), (1,), "stalled:short_line"),
    ("tiny-solo-end", LONG_SOLO + TINY, (), (1,), "short_line"),
    ("tie", "", ("tie_after_tiebreak",), (2, 3, 4), "stalled:tie_after_tiebreak"),
])
def test_fast_tier_stalls_like_the_reference(tmp_path, name, text, kinds, players, met):
    deck = _unsettled(_variant(tmp_path, name, text), *kinds)
    seen: set[str] = set()
    for n in players:
        assert first_difference(deck, n, range(60), seen=seen) is None
    assert met in seen, seen


def test_fast_tier_stops_at_the_safety_cap():
    deck = resolve("royale", ROOT)
    seen: set[str] = set()
    assert first_difference(deck, 3, range(20), cap=25, seen=seen) is None
    assert "safety_cap" in seen


def test_fast_tier_gives_a_reason_when_it_cannot_play():
    deck = resolve("royale-short", ROOT)
    reason = GAME.fast(deck, 1)
    assert isinstance(reason, str) and "cannot set up" in reason and "\n" not in reason


def test_a_full_noble_table_grows_and_the_game_is_played_again(monkeypatch):
    """A table with room for a few rows fills mid-game: it grows and the game replays exactly."""
    from cardgen.games.royale import compiled_require as req

    real = req.NobleTables.__init__
    monkeypatch.setattr(req.NobleTables, "__init__", lambda self, checkers, rows=1024, stored=False: real(self, checkers, 16))
    monkeypatch.setattr(req, "_SHARED", {})
    deck = resolve("royale-masked", ROOT)
    engine = GAME.fast(deck, 3)
    assert engine.tables.trans.shape[0] == 16
    engine.play(0, ["random"] * 3, 10_000, False)
    assert engine.tables.trans.shape[0] > 16 and engine.tables.rows > 16
    monkeypatch.setattr(req, "_SHARED", {})
    assert first_difference(deck, 3, range(30)) is None  # a fresh engine: its first games grow its table


def test_a_stored_noble_table_plays_the_very_same_games(monkeypatch, tmp_path):
    """A table grown by other games (its rows numbered in another order), stored and read back
    as a new process would, plays the reference games exactly; a damaged entry is ignored."""
    from cardgen.games.royale import compiled_require as req

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(req, "_SHARED", {})
    deck = resolve("royale", ROOT)
    engine = GAME.fast(deck, 3)
    for seed in range(1000, 1010):
        engine.play(seed, ["heuristic"] * 3, 10_000, False)
    grown = engine.tables.rows
    req.store_tables()
    [entry] = list(tmp_path.rglob("royale-nobles-*.npz"))
    monkeypatch.setattr(req, "_SHARED", {})
    restored = GAME.fast(deck, 3).tables
    assert restored.rows == grown and restored.stored_searches > 0
    assert first_difference(deck, 3, range(40), agents=("heuristic", "random")) is None
    entry.write_bytes(entry.read_bytes()[:100])  # damaged: the table starts empty, the games stay the same
    monkeypatch.setattr(req, "_SHARED", {})
    assert GAME.fast(deck, 3).tables.rows < grown
    assert first_difference(deck, 3, range(10), agents=("heuristic",)) is None
    import io

    import numpy as np
    bad = io.BytesIO()  # readable, but not this table's shape: ignored too
    np.savez_compressed(bad, trans=np.zeros((5, 2), np.int32), need=np.zeros(5, np.int64), owner=np.zeros(5, np.int64),
                        slen=np.zeros(5, np.int64), seq=np.zeros((5, 1), np.int64), meta=np.array([5, 9, 0, 0]),
                        roots=np.zeros(1, np.int64))
    import pickle
    key = entry.name[len("royale-nobles-"):-len(".npz")]
    entry.write_bytes(pickle.dumps((key, bad.getvalue())))  # under its own key: only the shape check refuses it
    monkeypatch.setattr(req, "_SHARED", {})
    assert GAME.fast(deck, 3).tables.rows < grown


@pytest.mark.parametrize("deck_id", ["royale", "royale-masked"])
def test_compiled_checkers_agree_with_the_python_checkers(deck_id):
    """Random walks of cards under every requirement: same states, same needs, same deaths."""
    import random

    from cardgen.games.royale.compiled_require import noble_tables
    from cardgen.games.royale.require import DEAD

    game = GAME.new_game(resolve(deck_id, ROOT), 4)
    tables = noble_tables(game, fresh=True)
    rng = random.Random(5)
    steps = deaths = 0
    for chk in tables.checkers:
        k = tables.index[id(chk)]
        assert tables.need[tables.roots[k]] == chk.need[0]
        for _ in range(40):
            row, sid = tables.roots[k], 0
            for _ in range(8):
                code = rng.randrange(chk.ncodes)
                nid, nrow = chk.step(sid, code), tables.step(row, code)
                steps += 1
                if nid == DEAD:
                    assert nrow == DEAD, (chk.states[sid], code)
                    deaths += 1
                    break
                assert (tables.cards(nrow), tables.need[nrow]) == (chk.states[nid], chk.need[nid])
                row, sid = nrow, nid
    assert steps > 1000 and deaths > 50


def test_the_compiled_tier_runs_the_reference_rule_itself():
    """A request's meaning is written once (``require.py``): each compiled requirement function is the
    reference's own code, compiled with its compiled callees, not a restatement."""
    from cardgen.games.royale import compiled_require, require
    for name in ("values_ok", "two_sum", "types_ok", "sat", "viable", "all_sat", "rem_of", "fill", "exists",
                 "min_need"):
        assert getattr(compiled_require, f"_{name}").py_func.__code__ is getattr(require, name).__code__, name


def test_compiled_tables_give_the_published_known_answers():
    """Every noble side's worked cases from the published text (``test_royale_require.CASES``: met
    exactly, still possible, impossible), played card by card through the compiled table."""
    from test_royale_require import CASES, chk

    from cardgen.games.royale.compiled_require import NobleTables
    from cardgen.games.royale.require import DEAD

    deck = resolve("royale", ROOT)
    for noble, side, cards, expected in nonempty(CASES):
        c = chk(deck, noble, side)
        tables = NobleTables([c], rows=64)
        row = int(tables.roots[0])
        for dish, value in cards:
            row = tables.step(row, c.code(dish, value))
            if row == DEAD:
                break
        got = DEAD if row == DEAD else int(tables.need[row])
        assert got == expected, (noble, side, cards)


def batch_rows_equal_play(deck, players: int, games: int, agents=("random",), cap: int = 10_000) -> set[str]:
    """Assert every row of ``play_batch`` says what ``play`` says of the same game; the end reasons and gaps met."""
    import numpy as np

    fast = GAME.fast(deck, players)
    seeds = np.array([game_seed(3, deck.id, players, i) for i in range(games)], dtype=np.int64)
    seats = (np.arange(games)[:, None] + np.arange(players)) % len(agents)
    b = fast.play_batch(seeds, tuple(agents), seats, cap)
    seen: set[str] = set()
    for i, seed in enumerate(seeds.tolist()):
        names = [agents[a] for a in seats[i]]
        r = fast.play(seed, names, cap, False)
        seen.update([r.end_reason, *(kind for kind, _, _ in r.gaps)])
        if i in b.extra:
            assert b.extra[i] == r
            continue
        events = [(b.gap_kinds[k], bool(s), b.gap_detail(k, a)) for k, s, a in
                  zip(b.gap_kind[b.gap_game == i].tolist(), b.gap_settled[b.gap_game == i].tolist(),
                      b.gap_args[b.gap_game == i].tolist())]
        assert events == r.gaps, seed
        assert (b.end_names[b.end[i]], bool(b.completed[i]), b.turns[i], b.rounds[i]) == \
            (r.end_reason, r.completed, r.turns, r.rounds), seed
        peaks = {n: int(b.peaks[i, j]) for j, n in enumerate(b.peak_names) if b.peak_seen[i, j]}
        assert peaks == r.peak, seed
        if r.completed:
            assert b.scores[i].tolist() == r.scores and np.flatnonzero(b.winners[i]).tolist() == r.winners, seed
            assert (b.tie_names[b.tie[i]] if b.tie[i] >= 0 else None) == r.tie_break, seed
    return seen


@pytest.mark.parametrize("deck_id, players", [("royale", 2), ("royale", 4), ("royale-masked", 3), ("royale-solo", 1),
                                              ("royale-short", 2)])
def test_batch_rows_are_the_games_of_play(deck_id, players):
    seen = batch_rows_equal_play(resolve(deck_id, ROOT), players, 300)
    assert seen & {"banquet_over", "all_nobles", "turns_done"}


def test_batch_rows_with_ties_stalls_and_caps(tmp_path):
    seen = batch_rows_equal_play(_unsettled(_variant(tmp_path, "tie", ""), "tie_after_tiebreak"), 2, 300)
    assert "stalled:tie_after_tiebreak" in seen
    seen = batch_rows_equal_play(resolve("royale", ROOT), 2, 300)
    assert "tie_after_tiebreak" in seen  # settled: a shared win, the gap event written by the batch loop
    seen = batch_rows_equal_play(_unsettled(_variant(tmp_path, "tiny-solo", LONG_SOLO + TINY), "short_line"), 1, 60)
    assert "stalled:short_line" in seen
    seen = batch_rows_equal_play(resolve("royale", ROOT), 3, 40, cap=60)
    assert "safety_cap" in seen
