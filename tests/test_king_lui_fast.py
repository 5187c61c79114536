"""King Lui's compiled tier plays exactly the reference games (differential test).

For every King Lui deck and player count, 420 game seeds (as the validator
derives them), with random, heuristic and mixed seats: the full
``GameResult`` with ``record=True`` (every action, initial pile, scores, winners,
tie-break, end reason, gaps, peaks, turns, rounds) must equal the reference's.
The first difference fails the test and names its seed. Unusual rule numbers and
missing clarifications (stalls, short draws, the safety cap) are compared too.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.games.king_lui import GAME
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import make_agents, play_game
from cardgen.simulate.seeds import game_seed, seat_agents
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
#: seeds per deck and player count for each agent mix (reference heuristic games are the slow part)
SEEDS = {("random",): 200, ("heuristic",): 100, ("heuristic", "random"): 120}
SETUPS = tuple(list(mix) for mix in SEEDS)


def first_difference(deck, players: int, seeds=None, setups=SETUPS, cap: int = 10_000,
                     seen: set[str] | None = None) -> str | None:
    """None when the tiers agree on every game, else which game differs and how.

    ``seen`` collects the end reasons and gap kinds met, to show what was compared.
    """
    fast = GAME.fast(deck, players)
    assert not isinstance(fast, str), fast
    game = GAME.new_game(deck, players)
    for agents in setups:
        for index in (seeds if seeds is not None else range(SEEDS[tuple(agents)])):
            seed = game_seed(7, deck.id, players, index)
            names = seat_agents(agents, players, index)
            ref = play_game(game, seed, make_agents(GAME, names), names, cap=cap, record=True)
            got = fast.play(seed, names, cap, True)
            if got != ref:
                fields = [f for f in ref.__slots__ if getattr(ref, f) != getattr(got, f)]
                return (f"{deck.id}, {players} players, agents {names}, seed {seed}: the fast tier differs in "
                        f"{', '.join(fields)}")
            assert fast.play(seed, names, cap, False).scores == ref.scores
            if seen is not None:
                seen.update([ref.end_reason, *(kind for kind, _, _ in ref.gaps)])
    return None


@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-six-players", "king_lui-hungry-dragon"])
def test_fast_tier_plays_the_reference_games(deck_id):
    deck = resolve(deck_id, ROOT)
    for players in nonempty(deck.model.players.counts):
        assert first_difference(deck, players) is None


def _variant(tmp_path: Path, name: str, text: str):
    path = tmp_path / f"king_lui-{name}.yaml"
    path.write_text("extends: king_lui\nname: {fr: Essai, it: Prova, en: Test}\n"
                    "description: {fr: Essai, it: Prova, en: Test}\n" + text, encoding="utf-8")
    return resolve(str(path), ROOT)


@pytest.mark.parametrize("name, text, met", [
    ("draw-three", "rules: {supply_draw_cards: 3}\nclarifications:\n  short_supply_draw:\n"
                 "    resolution: draw_remaining\n    text: {fr: a, it: b, en: c}\n", "short_supply_draw"),
    ("draw-four-unsettled", "rules: {supply_draw_cards: 4}\n",
     "stalled:short_supply_draw"),
    ("emerald-allowed", "rules: {emerald_portions: 1}\nclarifications:\n  no_dish_emerald:\n"
                        "    resolution: emerald_allowed\n    text: {fr: a, it: b, en: c}\n", "no_dish_emerald"),
    ("many-dragons", "change:\n  emerald: {count: 30}\n", "draw_from_empty_supply"),
    ("eighth-dish", "add:\n  - id: soup\n    kind: card\n    count: 12\n    name: {fr: Soupe, it: Zuppa, en: Soup}\n"
                    "    back: king_lui_back\n    data: {role: portion}\n    faces: [{layout: suit}]\n"
                    "remove: [cake]\n", "supply_exhausted"),
])
def test_fast_tier_follows_other_rule_numbers_and_gaps(tmp_path, name, text, met):
    deck = _variant(tmp_path, name, text)
    seen: set[str] = set()
    assert first_difference(deck, 3, range(60), seen=seen) is None
    assert first_difference(deck, 5, range(60), seen=seen) is None
    assert met in seen, sorted(seen)


def test_stalls_and_the_safety_cap_match(tmp_path):
    deck = resolve("king_lui", ROOT)
    bare = deck.model.model_copy(update={"clarifications": {}})
    stalled = type(deck)(**{**deck.__dict__, "model": bare})
    fast = GAME.fast(stalled, 5)
    reasons = set()
    for agents in SETUPS:
        for index in range(150):
            names = seat_agents(agents, 5, index)
            seed = game_seed(3, "stall", 5, index)
            ref = play_game(GAME.new_game(stalled, 5), seed, make_agents(GAME, names), names, record=True)
            assert fast.play(seed, names, 10_000, True) == ref, seed
            reasons.add(ref.end_reason)
    assert {"supply_exhausted", "stalled:no_dish_emerald", "stalled:tie_after_tiebreak"} <= reasons
    assert first_difference(deck, 4, range(20), cap=17) is None  # every game hits the cap


def test_a_deck_the_tier_cannot_play_gets_a_reason(monkeypatch):
    from cardgen.games.king_lui import compiled as fast_module

    monkeypatch.setattr(fast_module, "MAX_COMBOS", 10)
    reason = GAME.fast(resolve("king_lui", ROOT), 4)
    assert isinstance(reason, str) and "\n" not in reason and "28 ways to feed Emerald" in reason


def test_validate_and_replay_are_identical_on_both_tiers(mini_project, tmp_path):
    outputs = {}
    for engine in ("reference", "fast"):
        js, log = tmp_path / f"{engine}.json", tmp_path / f"{engine}.jsonl"
        code = main(["--project", str(mini_project), "validate", "king_lui", "--games", "40", "--players", "3", "5",
                     "--agents", "random", "heuristic", "--jobs", "1", "--engine", engine, "--json", str(js),
                     "--log", str(log), "--out", str(tmp_path / engine)])
        assert code == 0
        assert main(["--project", str(mini_project), "replay", str(log)]) == 0
        doc = json.loads(js.read_text(encoding="utf-8"))
        outputs[engine] = (log.read_bytes(), doc)
    assert outputs["fast"][0] == outputs["reference"][0]
    ref, fast = outputs["reference"][1], outputs["fast"][1]
    for r, f in zip(ref["results"], fast["results"], strict=True):
        assert {k: v for k, v in r.items() if k != "engine"} == {k: v for k, v in f.items() if k != "engine"}


@pytest.mark.parametrize("s", [0, 1, 5, 2**32 - 1, 2**32, 2**32 + 5, 2**63 - 1, 2**64 - 1,
                               game_seed(1, "king_lui", 4, 0), (game_seed(1, "king_lui", 4, 0) << 1) | 1])
def test_the_tiers_seeding_shortcut_matches_fastrng(s):
    import numpy as np

    from cardgen.engine import fastrng

    mt, amt = fastrng.new_state(), fastrng.new_state()
    fastrng.seed_two(mt, np.uint64(s), amt, np.uint64(s ^ 1))  # as compiled._play seeds both generators
    assert (mt == fastrng.new_rng(s)).all() and (amt == fastrng.new_rng(s ^ 1)).all()


def test_compiling_is_announced_once_and_only_without_a_cache(monkeypatch, capsys):
    from cardgen import jit
    from cardgen.games.king_lui import compiled as fast_module

    GAME.fast(resolve("king_lui", ROOT), 3).play(1, ["random"] * 3, 100, False)
    assert jit.is_cached(fast_module.play_many)  # cache=True: the compiled loop is on disk now
    capsys.readouterr()
    monkeypatch.setattr(jit, "_announced", set())
    monkeypatch.setattr(jit, "is_cached", lambda dispatcher: False)
    GAME.fast(resolve("king_lui", ROOT), 3)
    GAME.fast(resolve("king_lui", ROOT), 4)
    jit.announce_compile("King Lui search driver", None)
    # terminal round 47 fr18*: the game's name, then what validate's first-run note says (pin updated)
    assert capsys.readouterr().err == ("King Lui: cardgen is preparing the game (on the first run only)…\n"
                                       "compiling the King Lui search driver (first run only)…\n")
    monkeypatch.setattr(jit, "_announced", set())
    monkeypatch.setattr(jit, "is_cached", lambda dispatcher: True)
    GAME.fast(resolve("king_lui", ROOT), 3)
    assert capsys.readouterr().err == ""


def test_the_kernels_gap_and_resolution_codes_follow_the_engines_gap_table():
    from cardgen.games.king_lui import compiled_rules as core
    from cardgen.games.king_lui import rules
    from cardgen.games.king_lui.compiled import END_NAMES, GAP_NAMES
    from cardgen.games.king_lui.engine import GAPS

    assert [GAP_NAMES[k] for k in (rules.GAP_NO_DISH, rules.GAP_EMPTY, rules.GAP_SHORT, rules.GAP_TIE)] == \
        ["no_dish_emerald", "draw_from_empty_supply", "short_supply_draw", "tie_after_tiebreak"] == list(GAPS)
    assert [GAPS["no_dish_emerald"].index(r) for r in ("draw_only", "emerald_allowed")] == \
        [rules.DRAW_ONLY, rules.EMERALD_ALLOWED]
    # kind k's ruling is cfg[C_NO_DISH + k]
    assert [core.C_NO_DISH + k for k in range(4)] == [core.C_NO_DISH, core.C_EMPTY, core.C_SHORT, rules.C_TIE]
    assert END_NAMES[core.SUPPLY_EXHAUSTED] == "supply_exhausted"
    assert END_NAMES[core.STALLED + rules.GAP_SHORT] == "stalled:short_supply_draw"
    assert END_NAMES[core.STALLED + rules.GAP_TIE] == "stalled:tie_after_tiebreak"


def test_a_first_compile_is_done_and_said_once_not_by_every_worker(capfd: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Here, not in test_compare: it compiles King Lui's tier, which the README tier never does.
    A compare on a fresh cache printed 'compiling the King Lui fast engine (first run only)…' twice: each worker
    process compiled the tier itself (and said so). It is now compiled once, before the workers start."""
    from cardgen import jit
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from cardgen.simulate import autoengine, compare

    root = Path(__file__).resolve().parent.parent
    resolver = Resolver(Project.open(root))
    base, variant = resolver.resolve("king_lui"), resolver.resolve("king_lui-hungry-dragon")
    monkeypatch.setattr(jit, "_announced", set())
    monkeypatch.setattr(jit, "is_cached", lambda dispatcher: False)  # as on a fresh cache, in every process
    monkeypatch.setattr(autoengine, "is_ready", lambda game: False)
    monkeypatch.setattr(autoengine, "is_building", lambda game: False)
    monkeypatch.setattr(autoengine, "_mark", lambda game, seconds: None)
    monkeypatch.delenv(autoengine.WAIT_ENV)  # a user's compare compiles first; the suite's switch plays the reference
    capfd.readouterr()
    compare.run_compare(base, variant, compare.CompareOptions(games=40, players=[3], agents=["random"], jobs=2,
                                                              out=None, progress=False))
    err = capfd.readouterr().err
    assert err.count("King Lui: cardgen is preparing the game (on the first run only)") == 1, err  # round 47 fr18*
