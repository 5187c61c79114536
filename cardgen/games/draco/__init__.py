"""Draco & Co (Bruno Faidutti & Michael Schacht, Descartes 2001): rules package.

Model (``model.py``), deck checks (``checks.py``), card texts (``text.py``),
table arithmetic (``table.py``), engine (``engine.py``), agents (``agents.py``, their
compiled forecasts in ``kernels.py``) and the compiled tier (``fast.py``).
Designer documentation: docs/draco.md.
"""
from cardgen.games.base import GameSpec
from cardgen.games.draco.checks import check_references, static_checks
from cardgen.games.draco.engine import GAPS, HOOKS, DracoGame
from cardgen.games.draco.model import DracoFace, DracoPiece, DracoRules
from cardgen.games.draco.text import face_text


def heuristic_agent(*args, **kwargs):  # type: ignore[no-untyped-def]
    """``agents.HeuristicAgent``, imported on first use: its forecasts load numpy and numba,
    which building or checking a deck never needs."""
    from cardgen.games.draco.agents import HeuristicAgent

    return HeuristicAgent(*args, **kwargs)


def compiled_tier(deck, players):  # type: ignore[no-untyped-def]
    """The compiled tier (``fast.py``), imported on first use: numba loads only when asked for."""
    from cardgen.games.draco.fast import fast_engine

    return fast_engine(deck, players)


GAME = GameSpec(
    id="draco",
    rules_model=DracoRules,
    component_data=DracoPiece,
    face_data=DracoFace,
    gaps=GAPS,
    hooks=HOOKS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    new_game=DracoGame,
    agents={"heuristic": heuristic_agent},
    fast=compiled_tier,
)
