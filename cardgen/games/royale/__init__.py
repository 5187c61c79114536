"""Royale / Party at Louis (Wouter van Strien, Jolly Dutch 2024): rules package.

Laid out as every game package: rule numbers (``model``), requirement checkers
(``require``), deck checks (``checks``), card texts (``text``), the reference rules
(``engine``), agents (``agents``), and the compiled form: every kernel of the rules and the
one compiled heuristic (``compiled_rules``, over the requirement checkers ``compiled_require``),
the tier that plays whole games with them (``compiled``) and the search driver
(``compiled_search``), each imported on first use (numba).
"""
from cardgen.games.base import package_spec
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.engine import new_game
from cardgen.games.royale.model import NobleFace, RoyaleComponent, RoyaleRules

GAME = package_spec(
    __name__, rules_model=RoyaleRules, component_data=RoyaleComponent, face_data=NobleFace, new_game=new_game,
    agents={"heuristic": HeuristicAgent},  # covered by the runner: every legal move, a house rule's too
)
