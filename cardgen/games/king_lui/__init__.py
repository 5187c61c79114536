"""King Lui (Moon & Weissblum, 2003): rules package.

Laid out as every game package: rule numbers (``model``), deck checks (``checks``), the
Emerald card's generated text (``text``), the reference rules (``engine``, with its
position invariants in ``invariants``), agents (``agents``), and the one compiled form:
the rules as step kernels (``compiled_rules``), called by the tier that plays whole games
(``compiled``) and by the search driver (``compiled_search``), each imported on first use (numba).
"""
from cardgen.games.base import GameSpec, on_first_use
from cardgen.games.king_lui.agents import HeuristicAgent
from cardgen.games.king_lui.checks import check_references, static_checks
from cardgen.games.king_lui.engine import GAPS, HOOKS, KingLuiGame
from cardgen.games.king_lui.model import KingLuiCard, KingLuiRules
from cardgen.games.king_lui.playview import play_table
from cardgen.games.king_lui.text import describe_action, face_text

GAME = GameSpec(
    id="king_lui",
    rules_model=KingLuiRules,
    component_data=KingLuiCard,
    gaps=GAPS,
    hooks=HOOKS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    describe_action=describe_action,
    play_table=play_table,
    new_game=KingLuiGame,
    agents={"heuristic": HeuristicAgent},
    # tallies the edit alone moves: a short draw exists only when a draw takes more than one card, the
    # Emeralds on the table are capped by the Emeralds in the box
    tally_sources={"gap:short_supply_draw": ("supply_draw_cards",), "peak:table_emeralds": ("emerald",)},
    fast=on_first_use("cardgen.games.king_lui.compiled", "fast_engine"),
    determinize=True,
    search=on_first_use("cardgen.games.king_lui.compiled_search", "compiled_search"),
)
