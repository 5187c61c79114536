"""King Lui (Moon & Weissblum, 2003): rules package."""
from cardgen.games.base import GameSpec
from cardgen.games.king_lui.checks import static_checks
from cardgen.games.king_lui.model import KingLuiCard, KingLuiRules

GAME = GameSpec(
    id="king_lui",
    rules_model=KingLuiRules,
    component_data=KingLuiCard,
    gaps={"draw_from_empty_supply": ("pass",)},
    static_checks=static_checks,
)
