"""Card conservation of a game in progress: each card instance of the box in exactly one zone.

Used wherever a state's cards are counted after an action: the engine conformance check
(``cardgen.simulate.conformance``) and the house-rule guard (``cardgen.house``), which sit in
different stages and both need it, so it lives here, below them.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardgen.engine.api import State

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck


def card_instances(deck: "ResolvedDeck") -> set[str]:
    """Every card instance id ``<component id>#<n>`` the deck puts in the box."""
    return {f"{c.id}#{n}" for c in deck.model.components if c.kind == "card" for n in range(1, c.count + 1)}


def conservation_problem(state: State, expected: set[str], card_ids: set[str]) -> str | None:
    """Each card instance in exactly one zone, no unknown card, none missing."""
    seen: Counter[str] = Counter()
    for cards in state.zones().values():
        seen.update(cards)
    twice = sorted(i for i, n in seen.items() if n > 1)
    if twice:
        return f"in more than one place: {', '.join(twice[:5])}"
    cards = {i for i in seen if i.split("#", 1)[0] in card_ids}
    missing, unknown = sorted(expected - cards), sorted(cards - expected)
    if missing:
        return f"card instances in no zone: {', '.join(missing[:5])}"
    if unknown:
        return f"card instances not in the deck: {', '.join(unknown[:5])}"
    return None
