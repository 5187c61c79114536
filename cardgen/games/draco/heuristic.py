"""The Draco heuristic as the game registers it (``__init__.GAME``'s ``agents``): ``agents.HeuristicAgent``, whose
look-ahead rollouts run its forecast compiled.

A house rule's default players judge the actions it adds by look-ahead (``agents.generic.CoveredAgent``):
thousands of short rollouts a game on the reference engine, every decision of them the heuristic's. The
look-ahead asks its heuristic ``for_rollouts()`` on its first rollout; ``Heuristic`` answers
``compiled_forecast.CompiledHeuristic``, the same choices from the same draws with the forecast compiled (issue 50
item 1), once Draco's compiled tier is built on this machine (its build compiles the forecast: ``compile_rollouts``);
before that, itself. A game without a house rule never looks ahead, so the reference path still never loads numba.
This module is apart from ``agents`` because the compiled form imports ``agents`` (no import circle).
"""
from __future__ import annotations

import os

from cardgen.games.draco.agents import HeuristicAgent


class Heuristic(HeuristicAgent):
    """``HeuristicAgent``, offering its compiled forecast to a look-ahead's rollouts."""

    def for_rollouts(self) -> HeuristicAgent:
        """This agent as a look-ahead's rollouts play it: ``compiled_forecast.CompiledHeuristic`` where its forecast
        is compiled already (numba loads here, where a house rule's look-ahead plays thousands of rollouts a game);
        itself where it is not (a run never stops to compile it: the tier's build does) or where compiled code runs
        as Python (``NUMBA_DISABLE_JIT``: slower than the lists, and the same choices)."""
        if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
            return self
        from cardgen.games.draco import compiled_forecast
        return compiled_forecast.CompiledHeuristic() if compiled_forecast.is_compiled() else self

    def compile_rollouts(self) -> None:
        """Compile what ``for_rollouts`` offers (``simulate.autoengine.warm``: a build of Draco's compiled tier)."""
        from cardgen.games.draco import compiled_forecast
        compiled_forecast.compile_now()
