"""King Lui (Moon & Weissblum, 2003): rules package.

Deck models (``model``), static deck checks (``checks``), the Emerald card's
generated text (``text``), the rules engine (``engine``) with its position
invariants (``invariants``), agents (``agents``), and the compiled tier that plays
the same games faster (``fast`` over ``fastcore``, numba; imported on first use).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.base import GameSpec
from cardgen.games.king_lui.agents import HeuristicAgent
from cardgen.games.king_lui.checks import check_references, static_checks
from cardgen.games.king_lui.engine import GAPS, HOOKS, KingLuiGame
from cardgen.games.king_lui.model import KingLuiCard, KingLuiRules
from cardgen.games.king_lui.playview import play_table
from cardgen.games.king_lui.text import describe_action, face_text

if TYPE_CHECKING:
    from cardgen.engine.api import FastEngine
    from cardgen.resolve.resolve import ResolvedDeck



def _fast_tier(deck: "ResolvedDeck", players: int) -> "FastEngine | str":
    """The compiled tier (``fast.py``), imported on first use: numba loads only when asked."""
    from cardgen.games.king_lui.fast import fast_engine

    return fast_engine(deck, players)


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
    fast=_fast_tier,
)
