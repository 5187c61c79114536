"""Royale / Party at Louis (Wouter van Strien, Jolly Dutch 2024): rules package.

Laid out as every game package: rule numbers (``model``), requirement checkers
(``require``), deck checks (``checks``), card texts (``text``), the reference rules
(``engine``), agents (``agents``), and the compiled form: every kernel of the rules and the
one compiled heuristic (``compiled_rules``, over the requirement checkers ``compiled_require``),
the tier that plays whole games with them (``compiled``) and the search driver
(``compiled_search``), each imported on first use (numba).
"""
from cardgen.games.base import GameSpec, on_first_use
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.checks import check_references, static_checks
from cardgen.games.royale.engine import GAPS, HOOKS, new_game
from cardgen.games.royale.model import NobleFace, RoyaleComponent, RoyaleRules
from cardgen.games.royale.playview import play_table
from cardgen.games.royale.text import describe_action, face_text

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
    describe_action=describe_action,
    play_table=play_table,
    new_game=new_game,
    agents={"heuristic": HeuristicAgent},
    fast=on_first_use("cardgen.games.royale.compiled", "fast_engine"),
    determinize=True,
    search=on_first_use("cardgen.games.royale.compiled_search", "compiled_search"),
)
