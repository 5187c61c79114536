"""King Lui (Moon & Weissblum, 2003): rules package.

Laid out as every game package: rule numbers (``model``), deck checks (``checks``), the
Emerald card's generated text (``text``), the reference rules (``engine``, with its
position invariants in ``invariants``), agents (``agents``), and the one compiled form:
the rules as step kernels (``compiled_rules``), called by the tier that plays whole games
(``compiled``) and by the search driver (``compiled_search``), each imported on first use (numba).
"""
from cardgen.games.base import on_first_use, package_spec
from cardgen.games.king_lui.agents import HeuristicAgent
from cardgen.games.king_lui.engine import KingLuiGame
from cardgen.games.king_lui.model import KingLuiCard, KingLuiRules
from cardgen.games.king_lui.text import deck_words

GAME = package_spec(
    __name__, rules_model=KingLuiRules, component_data=KingLuiCard, new_game=KingLuiGame,
    agents={"heuristic": HeuristicAgent},  # covered by the runner: every legal move, a house rule's too
    # tallies the edit alone moves: a short draw exists only when a draw takes more than one card, the
    # Emeralds on the table are capped by the Emeralds in the box
    tally_sources={"gap:short_supply_draw": ("supply_draw_cards",), "peak:table_emeralds": ("emerald",)},
    compiled_hooks=("scores", "legal_actions", "apply"),  # compiled_hooks.COMPILED_HOOKS, without importing numba
    house_search=on_first_use("cardgen.games.king_lui.compiled_search", "house_search"),  # with a compiled house rule
    deck_words=deck_words,  # the Emerald cards the box holds: a maximum that is all of them says so (round 31 en8)
)
