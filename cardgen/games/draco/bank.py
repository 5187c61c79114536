"""What Draco's bank running short means for one deck's box, worked out from its figures, so that the words
the reports use for the case are true of that deck (``GameSpec.deck_words``; tenth reading fr22)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def coins_worth(components: Any, silver: int) -> int:
    """How many coins worth ``silver`` silver each the box holds (1: the silver coins; the gold's worth: the gold),
    counted once for the engine's bank and the reports' words."""
    return sum(c.count for c in components if c.data is not None and c.data.role == "coin" and c.data.silver == silver)


def whole_bank_empties(per_gold: int, silver_total: int, players: int) -> bool:
    """Whether ``table.settle``'s ``bank_short`` case finds the whole bank empty: each player keeps at most
    ``per_gold - 1`` loose silver coins beside his gold (``table.coins_held``), so where that change cannot
    use up the box's silver for ``players``, the silver runs out only once the gold has."""
    return (per_gold - 1) * players <= silver_total


def deck_words(deck: Any, words: Mapping[str, Any]) -> Mapping[str, Any]:
    """Draco's words as ``deck``'s box makes them true: its ``bank_short`` case is "the bank runs out of
    coins" where the whole bank empties at every player count the deck allows (``whole_bank_empties``), else
    the case's silver-only name (``gap:bank_short:silver``: a box with few silver coins)."""
    per_gold = deck.rules.silver_per_gold
    silver = coins_worth(deck.model.components, 1)
    if whole_bank_empties(per_gold, silver, deck.model.players.max):
        return words
    tallies = {lang: {**names, "gap:bank_short": names.get("gap:bank_short:silver", names.get("gap:bank_short"))}
               for lang, names in (words.get("tallies") or {}).items()}
    return {**words, "tallies": tallies}
