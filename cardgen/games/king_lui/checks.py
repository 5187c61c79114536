"""Static checks of a King Lui deck for one player count, and deck reference checks.

They answer "can this box be played with N people?" without simulating: a course
can be dealt, the game lasts long enough for everyone to be chef, every card has a
role, Emerald has something to eat. The course bounds come from the rules: a
course takes ``course_cards_per_player`` x players cards from the supply, plus at
most ``supply_draw_cards`` per player who draws.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardgen import wordbook
from cardgen.games.base import CheckResult, Problem, worded_check

#: the checks' names and details per language (``checks.json``: ``cardgen check --lang``)
CHECKS = wordbook.load(__file__)["checks"]

if TYPE_CHECKING:  # an annotation only: a game's package never imports the resolver above it
    from cardgen.model.deck import ResolvedDeck


def check_references(model: Any) -> Iterable[Problem]:
    """Every card must say whether it is a portion or an Emerald (the engine needs it)."""
    for i, comp in enumerate(model.components):
        if comp.kind == "card" and comp.data is None:
            yield Problem(("components", i, "data"), f"card '{comp.id}' has no role; expected "
                          "data: {role: portion} or data: {role: emerald}", key="king_lui_card_role",
                          fields={"card": comp.id})


def course_bounds(total: int, course: int, most_per_course: int) -> tuple[int, int]:
    """Fewest and most courses a game can last.

    A course starts only while the supply holds at least ``course`` cards; it then
    uses between ``course`` (nobody draws) and ``most_per_course`` cards (everybody draws).
    """
    if course <= 0 or total < course:
        return 0, 0
    return (total - course) // most_per_course + 1, total // course


def _bounds(deck: ResolvedDeck, players: int) -> tuple[int, int]:
    """Course bounds of ``deck`` at ``players`` (see ``course_bounds``)."""
    rules = deck.rules
    total = sum(c.count for c in deck.components_of("card"))
    course = rules.course_cards_per_player * players
    return course_bounds(total, course, course + players * rules.supply_draw_cards)


def static_checks(deck: ResolvedDeck, players: int) -> list[CheckResult]:
    """The King Lui checks for ``players`` people."""
    rules = deck.rules
    cards = deck.components_of("card")
    total = sum(c.count for c in cards)
    dishes = [c for c in cards if c.data is not None and c.data.role == "portion"]
    emeralds = sum(c.count for c in cards if c.data is not None and c.data.role == "emerald")
    course = rules.course_cards_per_player * players
    fewest, most = _bounds(deck, players)
    results = [
        worded_check(CHECKS, "course_dealt", players, total >= course, total=total, course=course, most=most),
        worded_check(CHECKS, "two_courses", players, fewest >= 2, fewest=fewest, most=most),
        worded_check(CHECKS, "every_chef", players, fewest >= players, fewest=fewest, players=players),
        worded_check(CHECKS, "dishes", players, len(dishes) >= 2, n=len(dishes)),
        worded_check(CHECKS, "emerald", players, emeralds == 0 or rules.emerald_portions <= total - emeralds,
                     n=emeralds, portions=rules.emerald_portions, dishes=total - emeralds),
    ]
    base = deck.base
    if base is not None and players > base.model.players.max:
        # a variant seating more players than the base game must not cut the game short
        top = base.model.players.max
        base_fewest, _ = _bounds(base, top)
        results.append(worded_check(CHECKS, "as_long", players, fewest >= base_fewest, base=base.id, top=top,
                                    fewest=fewest, players=players, base_fewest=base_fewest))
    return results
