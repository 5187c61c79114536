"""Royale / Party at Louis (Wouter van Strien, Jolly Dutch 2024): rules package.

Model (``model``), requirement checkers (``require``), deck checks (``checks``),
card texts (``text``), engine (``engine``), agents (``agents``) and the compiled
tier (``fast``, ``fastcore``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.base import GameSpec
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.checks import check_references, static_checks
from cardgen.games.royale.engine import GAPS, HOOKS, new_game
from cardgen.games.royale.model import NobleFace, RoyaleComponent, RoyaleRules
from cardgen.games.royale.text import face_text

if TYPE_CHECKING:
    from cardgen.engine.api import FastEngine
    from cardgen.resolve.resolve import ResolvedDeck


def _fast_tier(deck: "ResolvedDeck", players: int) -> "FastEngine | str":
    """The compiled tier (``fast.py``), imported on first use: numba loads only when asked."""
    from cardgen.games.royale.fast import fast_engine

    return fast_engine(deck, players)


GAME = GameSpec(
    id="royale",
    rules_model=RoyaleRules,
    component_data=RoyaleComponent,
    face_data=NobleFace,
    gaps=GAPS,
    hooks=HOOKS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    new_game=new_game,
    agents={"heuristic": HeuristicAgent},
    fast=_fast_tier,
)
