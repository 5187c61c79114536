"""Royale in its rulebook: what the book must know of the rules beyond the rule numbers.

The book prints its box on an empty dish pile (the ``pile_empty``, ``short_line`` and
``nothing_to_take`` rulings) only where a game can empty the pile: round 10's readers all
stumbled on rules for a case the shipped decks never reach. Whether it can is worked out
here once, from the deck, and the template only asks (``examples["pile_can_run_out"]``);
``tests/test_rulebook_rulings.py`` keeps its own reading of the published rules as the referee.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: ``engine(players)``: the deck's reference engine for that many players (``cardgen.rulebook.context``)
Engine = Callable[[Optional[int]], Any]

#: no Royale hook point stands for one part of the book: a house rule's ``book:`` rewrites nothing by name
BOOK_PARTS: dict[str, tuple[str, ...]] = {}


def _count(deck: "ResolvedDeck", role: str) -> int:
    """Cards of ``role`` in the deck."""
    return sum(c.count for c in deck.model.components if getattr(c.data, "role", None) == role)


def _most_cells(deck: "ResolvedDeck", role: str) -> int:
    """The most cells the front of a card of ``role`` names (0: none names any)."""
    return max([len(c.faces[0].pattern.cells) for c in deck.model.components
                if getattr(c.data, "role", None) == role and c.faces and c.faces[0].pattern] or [0])


def pile_can_run_out(deck: "ResolvedDeck") -> bool:
    """Whether a game of ``deck`` can draw the dish pile empty.

    Never while the end card is in the pile: it stays there until its last draw ends the
    game. So only a game of several players without an end card can, or a solo game
    without one that draws more than the pile holds: at most the buffet, then every turn
    the cells of the ghost's cards, and one take (the most cells an imposter names, or the
    take's size) after every turn but the last.
    """
    r = deck.rules
    players = deck.model.players
    ends = _count(deck, "end")
    if players.max > 1 and ends == 0:
        return True
    if not (r.solo and players.min == 1) or (r.solo_end_card and ends > 0):
        return False
    take = max(r.cards_per_take, _most_cells(deck, "imposter"))
    ghost = max(r.ghost_cells, _most_cells(deck, "solo"))
    drawn = r.grid_rows * r.grid_cols + r.solo_turns * r.ghost_cards_per_turn * ghost + (r.solo_turns - 1) * take
    return drawn > _count(deck, "dish")


def book_examples(deck: "ResolvedDeck", engine: "Engine") -> dict[str, Any]:
    """What the Royale book asks of the rules (no engine is needed to answer it)."""
    return {"pile_can_run_out": pile_can_run_out(deck), "completing": completing(deck)}


def completing(deck: "ResolvedDeck") -> Callable[[str, list[str]], list[str]]:
    """``(noble id, dish ids under it) -> dish ids``: the cards of the box that would meet its request next.

    The worked example clears a noble whose request only some cards can still meet; read 11 (en4)
    found that it named only the cards left to draw, and a reader then thought the book had forgotten
    the others, which had just gone to the discard pile. The template names both, and the lists come
    from the deck's own requirement checker, not from the template's words.
    """
    from cardgen.games.royale.checks import noble_face, role, universe
    from cardgen.games.royale.require import DEAD, checker

    uni = universe(deck)
    comps = {c.id: c for c in deck.model.components}

    def fits(noble: str, held: list[str]) -> list[str]:
        """The dish ids, in deck order, whose card placed after ``held`` meets ``noble``'s request."""
        chk = checker(noble_face(comps[noble], deck.rules.noble_side).data, uni)
        state = chk.run(chk.code(comps[c].data.dish, comps[c].faces[0].value) for c in held)
        found = []
        for c in deck.model.components:
            if role(c) != "dish" or c.id in held:
                continue
            after = chk.step(state, chk.code(c.data.dish, c.faces[0].value))
            if after != DEAD and chk.need[after] == 0:
                found.append(c.id)
        return found

    return fits
