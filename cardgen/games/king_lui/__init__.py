"""King Lui (Moon & Weissblum, 2003): rules package.

Deck models (``model``), static deck checks (``checks``), the Emerald card's
generated text (``text``), the rules engine (``engine``) and agents (``agents``).
"""
from cardgen.games.base import GameSpec
from cardgen.games.king_lui.agents import HeuristicAgent
from cardgen.games.king_lui.checks import check_references, static_checks
from cardgen.games.king_lui.engine import GAPS, KingLuiGame
from cardgen.games.king_lui.model import KingLuiCard, KingLuiRules
from cardgen.games.king_lui.text import face_text

GAME = GameSpec(
    id="king_lui",
    rules_model=KingLuiRules,
    component_data=KingLuiCard,
    gaps=GAPS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    new_game=KingLuiGame,
    agents={"heuristic": HeuristicAgent},
)
