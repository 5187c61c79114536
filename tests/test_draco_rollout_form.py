"""Which form of the Draco heuristic a house rule's look-ahead plays its rollouts with, decided without compiling.

``heuristic.Heuristic.for_rollouts`` offers the compiled forecast (``compiled_forecast``) only once numba's cache holds
it; the compiled tier's build compiles it (``simulate.autoengine.compile_rollouts``). A run never stops to compile it,
and the README's tier, which builds no tier, never compiles it (tests/conftest.py fails the session if it does). The
compiled form's decisions against the Python form's are tests/test_draco_compiled_forecast.py (the slow tier).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.agents.generic import CoveredAgent
from cardgen.games.draco import compiled_forecast
from cardgen.games.draco.agents import HeuristicAgent
from cardgen.games.draco.compiled_forecast import CompiledHeuristic
from cardgen.games.draco.heuristic import Heuristic
from cardgen.resolve.resolve import resolve
from cardgen.simulate.autoengine import compile_rollouts
from cardgen.simulate.runner import make_agents

ROOT = Path(__file__).resolve().parent.parent


def test_the_rollouts_get_the_compiled_forecast_only_once_it_is_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not compiled yet (a first run, or a machine that never built Draco's tier): the heuristic itself, its lists;
    compiled: ``CompiledHeuristic``; compiled code run as Python (``NUMBA_DISABLE_JIT``): itself again."""
    agent = Heuristic()
    monkeypatch.setattr(compiled_forecast, "is_compiled", lambda: False)
    assert agent.for_rollouts() is agent
    monkeypatch.setattr(compiled_forecast, "is_compiled", lambda: True)
    assert isinstance(agent.for_rollouts(), CompiledHeuristic)
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    assert agent.for_rollouts() is agent


def test_the_tiers_build_compiles_what_the_agents_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``compile_rollouts`` asks every registered agent that has ``compile_rollouts`` (Draco's heuristic: the
    forecast), once each, and passes over the others."""
    compiled: list[str] = []
    monkeypatch.setattr(compiled_forecast, "compile_now", lambda: compiled.append("forecast"))
    compile_rollouts(resolve("draco", ROOT).spec.agents.values())
    assert compiled == ["forecast"]

    class Other:
        def compile_rollouts(self) -> None:
            compiled.append("other")

    compile_rollouts([HeuristicAgent, Other, Other])
    assert compiled == ["forecast", "other", "other"]


def test_the_rollouts_form_is_made_once_and_an_agent_without_one_is_its_own() -> None:
    """``CoveredAgent.rollout_inner``: the inner agent's ``for_rollouts()``, asked once; an inner agent without it
    plays its rollouts itself; the game registers the heuristic that offers it."""
    asked = []

    class Twin(HeuristicAgent):
        def for_rollouts(self) -> HeuristicAgent:
            asked.append(1)
            return CompiledHeuristic()

    covered = CoveredAgent(Twin())
    first = covered.rollout_inner()
    assert isinstance(first, CompiledHeuristic) and covered.rollout_inner() is first and asked == [1]

    class Plain:
        name = "plain"

        def choose(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            return legal[0]

    plain = Plain()
    assert CoveredAgent(plain).rollout_inner() is plain  # type: ignore[arg-type]
    assert isinstance(make_agents(resolve("draco", ROOT).spec, ["heuristic"])[0].inner, Heuristic)  # as registered


def test_a_tier_build_compiles_the_rollout_forms_after_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """``autoengine.warm`` (a build of a game's tier, or a run compiling it in the foreground) plays its warm-up games,
    then compiles the rollout forms of the game's registered agents: a stand-in tier records the order."""
    from types import SimpleNamespace

    from cardgen.simulate import autoengine, runner

    done: list[str] = []

    class Offers:
        def compile_rollouts(self) -> None:
            done.append("rollouts")

    game = SimpleNamespace(resolved=SimpleNamespace(spec=SimpleNamespace(agents={"heuristic": Offers})))
    fast = SimpleNamespace(agents={"heuristic": None}, batch=False, game=game,
                           play=lambda seed, names, cap, record: done.append(f"game {len(names)}"))
    monkeypatch.setattr(runner, "compiled_play_out", lambda game, names, cap: None)
    autoengine.warm(fast, "draco", 3)
    assert done == ["game 3", "rollouts"]


def test_a_house_rules_validate_builds_the_tier_whose_agents_offer_rollouts(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """validate of a Draco house rule (its hooks do not compile) starts Draco's tier build in the background, so that
    the next run's look-ahead gets the compiled forecast; not when the tier is built or being built, not for a house
    rule that compiles with its game (King Lui's: ``_auto_choices`` decides its build), not for a data variant, not
    when the run's decks cannot be found again by a fresh process."""
    import sys

    from cardgen.simulate import autoengine, validate
    from cardgen.simulate.runner import DeckRef, load_project_deck

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_cover  # the Draco tip rule and King Lui's "pass" of issue 50

    bench_cover.project(tmp_path)
    started: list[tuple[str, str, list[int]]] = []
    monkeypatch.setattr(autoengine, "start_build", lambda game, project, deck, players, idle=True:
                        started.append((game, deck, players)))
    state = {"ready": False, "building": False}
    monkeypatch.setattr(autoengine, "is_ready", lambda game: state["ready"])
    monkeypatch.setattr(autoengine, "is_building", lambda game: state["building"])

    def entries(*decks: str) -> list[validate.Entry]:
        out = []
        for deck_id in decks:
            deck = resolve(deck_id, tmp_path)
            for players in (4, 3):
                out.append(validate.Entry(deck, DeckRef(str(tmp_path), deck_id, ""), players, [], True, None))  # type: ignore[arg-type]
        return out

    opts = validate.ValidateOptions(loader=load_project_deck)
    validate._build_for_rollouts(entries("draco-tip", "kl-pass", "draco"), opts)
    assert started == [("draco", "draco-tip", [3, 4])]
    for key in ("ready", "building"):
        started.clear()
        state[key] = True
        validate._build_for_rollouts(entries("draco-tip"), opts)
        assert started == []
        state[key] = False
    validate._build_for_rollouts(entries("draco-tip"), validate.ValidateOptions(loader=lambda ref: None))  # type: ignore[arg-type]
    assert started == []
    monkeypatch.setattr(validate, "compiles_hooks", lambda deck: True)  # a rule compiled with its game: its own build
    validate._build_for_rollouts(entries("draco-tip"), opts)
    assert started == []
