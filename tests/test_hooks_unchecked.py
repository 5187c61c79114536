"""A look-ahead's samples skip what only guards the real game (cardgen/engine/hooks.py ``unchecked``, issue 50 item 2).

The default player judges a house rule's new choice by playing samples through the hooked engine.
A sample is marked ``unchecked``: no legality re-check of the moves it draws from the legal list, no
invariants or card count after them. The real game still checks every move it plays, so a rule that
breaks the game is still stopped with its one line; a sample that fails on a broken position names
the rule as the game would.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cardgen.engine.hooks import unchecked
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import agent_factories, play_game
from cardgen.usercode import UserCodeError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_cover  # noqa: E402  (the kl-pass rule the cost is measured on)

#: kl-pass, with a pass that from turn 6 on also throws a card of the passer's hand away: a rule that breaks
#: the card count, in the samples first (they play a round ahead) and then in the game
LOSING = bench_cover.PASS.replace("        state.end_turn()", """        if state.turns >= 6:
            for dish in state.hands[state.current_player]:
                if dish:
                    dish.pop()
                    break
        state.end_turn()""")


def hooked(root: Path, rule: str, players: int = 3):  # type: ignore[no-untyped-def]
    """King Lui with ``rule`` as the variant ``kl-pass`` of the scratch project at ``root``: (game, deck)."""
    bench_cover.project(root)
    (root / "house" / "kl_pass.py").write_text(rule, encoding="utf-8")
    deck = resolve("kl-pass", root)
    return install(deck.spec.new_game(deck, players), deck), deck


def test_an_unchecked_state_skips_the_invariants_and_the_legality_recheck(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = hooked(tmp_path, bench_cover.PASS)
    calls = {"invariants": 0, "legal": 0}
    invariants, legal = game.state_class.invariants, game.state_class.legal_actions

    def counting_invariants(self):  # type: ignore[no-untyped-def]
        calls["invariants"] += 1
        return invariants(self)

    def counting_legal(self):  # type: ignore[no-untyped-def]
        calls["legal"] += 1
        return legal(self)

    monkeypatch.setattr(game.state_class, "invariants", counting_invariants)
    monkeypatch.setattr(game.state_class, "legal_actions", counting_legal)
    state = game.new_initial_state(4)
    sample = state.determinize(state.current_player, random.Random(1))
    assert sample._house_checked and state._house_checked  # a copy of the game is checked until marked
    assert unchecked(sample) is sample and not sample.clone()._house_checked
    calls.update(invariants=0, legal=0)
    state.apply(("pass",))
    assert calls == {"invariants": 1, "legal": 1}  # the game: re-checked, then its invariants
    sample.apply(("pass",))
    assert calls == {"invariants": 1, "legal": 1}  # the sample: neither
    assert state._house_checked  # marking a sample leaves the game checked


def test_the_engines_own_state_is_left_as_it_is() -> None:
    deck = resolve("king_lui", ROOT)
    state = deck.spec.new_game(deck, 3).new_initial_state(2)
    assert unchecked(state) is state and not hasattr(state, "_house_checked")


def test_the_default_players_samples_skip_the_checks_the_game_keeps(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    game, deck = hooked(tmp_path, bench_cover.PASS)
    seen = {True: 0, False: 0}
    invariants = game.state_class.invariants

    def counting(self):  # type: ignore[no-untyped-def]
        seen[self._house_checked] += 1
        return invariants(self)

    monkeypatch.setattr(game.state_class, "invariants", counting)
    make = agent_factories(deck.spec)["heuristic"]
    agents = [make() for _ in range(3)]
    result = play_game(game, 3, agents, record=True)
    assert result.completed and sum(a.samples for a in agents) > 20  # the look-ahead ran
    assert seen[False] == 0
    assert seen[True] == len(result.actions) + 1  # every move of the game, and its deal


def test_a_rule_that_breaks_the_game_is_still_stopped_by_the_game(tmp_path: Path) -> None:
    game, deck = hooked(tmp_path, LOSING)
    make = agent_factories(deck.spec)["heuristic"]
    with pytest.raises(UserCodeError, match=r"kl_pass\.py: the house rule broke the game's rules in hook apply"):
        for seed in range(6):  # the first game where a seat passes from turn 6 on
            play_game(game, seed, [make() for _ in range(3)])


def test_a_sample_failing_on_a_broken_position_names_the_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = hooked(tmp_path, bench_cover.PASS.replace("def apply", "def _unused"))  # the engine's own apply
    state = game.new_initial_state(5)
    monkeypatch.setattr(game.state_class, "invariants", lambda self: ["the books do not balance"])
    sample = unchecked(state.clone())
    with pytest.raises(UserCodeError, match="the house rule broke the game's rules in hook .*the books do not balance"):
        sample.apply(("pass",))  # added by legal_actions, which the engine's own apply refuses
