"""Royale / Party at Louis (Wouter van Strien, Jolly Dutch 2024): rules package.

Model (``model``), requirement checkers (``require``), deck checks (``checks``),
card texts (``text``), engine (``engine``) and agents (``agents``).
"""
from cardgen.games.base import GameSpec
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.checks import check_references, static_checks
from cardgen.games.royale.engine import GAPS, new_game
from cardgen.games.royale.model import NobleFace, RoyaleComponent, RoyaleRules
from cardgen.games.royale.text import face_text

GAME = GameSpec(
    id="royale",
    rules_model=RoyaleRules,
    component_data=RoyaleComponent,
    face_data=NobleFace,
    gaps=GAPS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    new_game=new_game,
    agents={"heuristic": HeuristicAgent},
)
