"""What a guarded hook says it runs (cardgen/engine/hooks.py, issue 50 item 1).

Every hook call and every action of a house rule runs under ``cardgen.guard``, whose ``where`` (the rule file,
the hook and the game's seed) names the code in the supervisor's table and in the last-resort line of code that
swallows every interruption. The hooked state makes each ``where`` once per game instead of at every call (a
look-ahead calls the hooks some 50,000 times a game); these tests pin that each call still names its own hook
and its own game's seed, game after game.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from cardgen import guard
from cardgen.house import install
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_cover  # noqa: E402  (the Draco tip rule of issue 50)


def test_each_guarded_call_names_its_hook_and_its_own_games_seed(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    bench_cover.project(tmp_path)
    deck = resolve("draco-tip", tmp_path)
    game = install(deck.spec.new_game(deck, 4), deck)
    seen: list[str] = []
    real = guard.call

    def recording(fn: Any, *args: Any, where: str = "project code", **kwargs: Any) -> Any:
        seen.append(where)
        return real(fn, *args, where=where, **kwargs)

    monkeypatch.setattr(guard, "call", recording)
    rule = "house/draco_tip.py"
    for seed in (11, 12, 11):  # a seed met again after another game: still its own
        state = game.new_initial_state(seed)
        seen.clear()
        for _ in range(30):
            legal = state.legal_actions()
            assert seen[-1] == f"{rule}, hook legal_actions (seed {seed})"
            state.apply(legal[-1])  # the tip where offered: the rule's own apply
        assert set(seen) == {f"{rule}, hook legal_actions (seed {seed})", f"{rule}, hook apply (seed {seed})",
                             f"{rule}, hooks legal_actions, apply, toast (seed {seed})"}
