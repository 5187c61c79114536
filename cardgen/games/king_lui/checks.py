"""Static checks of a King Lui deck for one player count."""
from __future__ import annotations

from cardgen.games.base import CheckResult
from cardgen.resolve.resolve import ResolvedDeck


def static_checks(deck: ResolvedDeck, players: int) -> list[CheckResult]:
    rules = deck.rules
    cards = deck.components_of("card")
    total = sum(c.count for c in cards)
    dishes = [c for c in cards if c.data is not None and c.data.role == "portion"]
    emeralds = sum(c.count for c in cards if c.data is not None and c.data.role == "emerald")
    course = rules.course_cards_per_player * players
    courses = total // course if course else 0
    return [
        CheckResult("a course can be dealt", players, total >= course,
                    f"{total} cards, {course} per course: {courses} full course(s)"),
        CheckResult("at least two courses", players, courses >= 2,
                    f"{courses} course(s) before the supply runs short"),
        CheckResult("dishes to choose from", players, len(dishes) >= 2,
                    f"{len(dishes)} dishes"),
        CheckResult("Emerald has portions to take", players,
                    emeralds == 0 or rules.emerald_portions <= total - emeralds,
                    f"{emeralds} Emerald card(s), each removes {rules.emerald_portions} portions"),
    ]
