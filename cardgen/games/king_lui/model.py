"""King Lui's rule numbers and component data, as the deck file declares them.

The engine (``engine.py``), the static checks and the Emerald card text all read these
numbers; nothing else in the package hard-codes them.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardgen.model.schema import Strict


class KingLuiRules(Strict):
    """Every number of the King Lui rules a variant may change."""

    course_cards_per_player: int = Field(ge=1, le=10, description="cards dealt to the table per player each "
                                         "course (an Emerald dealt takes one of these places)")
    supply_draw_cards: int = Field(default=1, ge=1, le=5, description="cards a player draws with 'take from the supply'")
    emerald_portions: int = Field(default=2, ge=1, le=10,
                                  description="portions an Emerald removes from the king's place")


class KingLuiCard(Strict):
    """What a King Lui card is for the rules: a portion of a dish, or the dragon Emerald."""

    role: Literal["portion", "emerald"]
