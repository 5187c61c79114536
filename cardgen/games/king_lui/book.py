"""King Lui in its rulebook: the part of the book each hook point changes, and the scoring example.

The worked example is a scripted end of game (the king's portions and one player's, per
dish) that the deck's own engine scores, house rule included (the rulebook passes ``cardgen.house.house_game``):
the template prints what ``scores`` returned, so the book and the game cannot disagree.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional


if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: ``engine(players)``: the deck's reference engine for that many players (None: the fewest), its house
#: rule installed (the rulebook passes ``cardgen.house.house_game``; games sit below house rules)
Engine = Callable[[Optional[int]], Any]

#: hook -> the part of the book it changes: a variant whose house rule defines the hook gives that part's
#: text (``book:``), printed in place of the base text (hooks that reach every step, such as
#: ``legal_actions``, name no single part)
BOOK_PARTS: dict[str, tuple[str, ...]] = {"scores": ("scoring",), "outcome": ("scoring",), "course": ("course",),
                                           "serve_king": ("serving",)}
#: parts a house rule may rewrite though no hook asks for them: the opening paragraph states the penalty
#: for outdoing the king, which Gentle Overeating changes
OPTIONAL_PARTS: tuple[str, ...] = ("intro",)

#: the scoring example: the king's portions and the player's, of the first dishes in deck order
SCORING = {"king": (5, 3, 2, 0), "player": (2, 3, 3, 1)}


def _score(state: Any, hand: list[list[int]]) -> tuple[int, int]:
    """Points and discards of seat 0 holding ``hand`` (one list per dish), as the engine scores it."""
    state.hands[0] = hand
    points, discarded = state.scores()
    return points[0], discarded[0]


def scoring_example(deck: "ResolvedDeck", engine: "Engine", script: dict[str, tuple[int, ...]] = SCORING) -> dict[str, Any] | None:
    """The scoring example of ``deck``'s book: per dish (index, king, player, points, discarded), and the totals.

    None when the deck has too few portions of a dish to lay the situation out.
    Each dish is scored alone (the hand holding only it), then the whole hand: the table's
    rows and its total both come from the engine's ``scores``.
    """
    game = engine(None)
    state = game.new_initial_state(0)
    dishes = min(len(script["king"]), len(game.dishes))
    free = [sorted(cards) for cards in game.dish_cards]
    king, mine = list(script["king"][:dishes]), list(script["player"][:dishes])
    if any(king[d] + mine[d] > len(free[d]) for d in range(dishes)):
        return None  # a deck too small for the situation: the book prints no example rather than an impossible one
    state.king = [free[d][:king[d]] if d < dishes else [] for d in range(len(game.dishes))]
    hand = [free[d][king[d]:king[d] + mine[d]] if d < dishes else [] for d in range(len(game.dishes))]
    rows = []
    for d in range(dishes):
        alone = [cards if e == d else [] for e, cards in enumerate(hand)]
        points, discarded = _score(state, alone)
        rows.append({"dish": d, "king": king[d], "player": mine[d], "points": points, "discarded": discarded,
                     "kept": mine[d] - discarded})
    total, discarded = _score(state, hand)
    return {"rows": rows, "total": total, "discarded": discarded}


def book_examples(deck: "ResolvedDeck", engine: "Engine") -> dict[str, Any]:
    """Every worked example of the King Lui book, played on ``deck``'s engine."""
    return {"scoring": scoring_example(deck, engine)}
