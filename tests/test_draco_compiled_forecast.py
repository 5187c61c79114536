"""The Draco heuristic with its forecast compiled (cardgen/games/draco/compiled_forecast.py, issue 50 item 1).

A house rule's default players look ahead through thousands of rollouts a game on the reference engine; their
heuristic's forecast (``agents.values``) runs compiled there (``heuristic.Heuristic.for_rollouts``). It must take the
very decisions of the Python forecast: the recorded games of tests/test_draco_agents.py, the same value for every
legal row of positions met in play, and the same games of a house rule (the tip of issue 50) with the look-ahead's
rollouts on either form. The slow tier (it compiles the forecast); what decides which form the rollouts get, without
compiling, is tests/test_draco_rollout_form.py.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from cardgen.agents.generic import CoveredAgent
from cardgen.games.draco.agents import HeuristicAgent, _Forecast, _tables
from cardgen.games.draco.compiled_forecast import CompiledHeuristic, is_compiled
from cardgen.games.draco.heuristic import Heuristic
from cardgen.games.draco.engine import DracoGame
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.autoengine import compile_rollouts
from cardgen.simulate.runner import agent_factories, make_agents, play_game
from cardgen.simulate.seeds import game_seed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_cover  # noqa: E402  (the Draco tip rule of issue 50)
from test_draco_agents import RECORDED  # noqa: E402


@pytest.mark.parametrize("key", ["draco/3", "draco-no-zork/6"])
def test_the_compiled_forecast_takes_the_recorded_decisions(key: str) -> None:
    """Every heuristic seat on the compiled forecast, on the reference engine: the recorded games, action for action."""
    deck_id, players = key.split("/")
    deck = resolve(deck_id, ROOT)
    game = DracoGame(deck, int(players))
    h = hashlib.sha256()
    for i in range(12):
        seed = game_seed(1, deck_id, int(players), i)
        names = (["heuristic"] * int(players) if i % 2 == 0 else ["heuristic", "random"] * 3)[:int(players)]
        agents = make_agents(deck.spec, names)
        for agent in agents:
            if isinstance(agent, CoveredAgent):
                agent.inner = CompiledHeuristic()
        r = play_game(game, seed, agents, names, record=True)
        h.update(json.dumps([r.actions, r.scores, r.winners]).encode())
    assert h.hexdigest()[:16] == RECORDED[key]


def test_every_rows_value_is_the_python_forecasts() -> None:
    """On positions of whole games (every seat, every decision with two moves or more), both forms give the same
    float for every legal row, and the rows of one decision never leak into the next (a grown buffer)."""
    deck = resolve("draco", ROOT)
    py, cc = HeuristicAgent(), CompiledHeuristic()
    compared = 0
    for players in (3, 5):
        game = DracoGame(deck, players)
        state = game.new_initial_state(7)
        rng = random.Random(3)
        while not state.is_terminal():
            legal = state.legal_actions()
            obs = state.observation(state.current_player)
            if len(legal) > 1 and obs["phase"] in ("play", "move"):
                t = _tables(obs["info"])
                rows = [t.rows[a] for a in legal]
                want = py.forecast(t, _Forecast(t, obs), rows, obs)
                assert cc.forecast(t, _Forecast(t, obs), rows, obs) == want
                compared += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert compared > 50


def test_a_house_rules_games_are_the_same_with_either_form_in_the_rollouts(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The tip rule played by the default players, whose look-ahead's rollouts use the compiled forecast, and again
    with the Python one: the same games, action for action; the rollouts did use the compiled form."""
    compile_rollouts(resolve("draco", ROOT).spec.agents.values())  # as the tier's build does (autoengine.warm)
    assert is_compiled() and isinstance(Heuristic().for_rollouts(), CompiledHeuristic)  # the rollouts take it now
    bench_cover.project(tmp_path)
    deck = resolve("draco-tip", tmp_path)
    game = install(deck.spec.new_game(deck, 4), deck)
    make = agent_factories(deck.spec)["heuristic"]

    def games() -> tuple[str, set[str]]:
        h, used = hashlib.sha256(), set()
        for seed in (1, 2):
            agents = [make() for _ in range(4)]
            r = play_game(game, seed, agents, ["heuristic"] * 4, record=True)
            h.update(json.dumps([r.actions, r.scores, r.winners]).encode())
            used |= {type(a.rollout_inner()).__name__ for a in agents}
        return h.hexdigest(), used

    compiled, used = games()
    assert used == {"CompiledHeuristic"}
    monkeypatch.setattr(Heuristic, "for_rollouts", lambda self: self)
    python, used = games()
    assert used == {"Heuristic"} and python == compiled
