"""King Lui's rules written once: the engine runs them on lists, ``compiled_rules`` compiles them as they are.

Each function works on lists and numpy arrays alike (indexing, ``len``, loops, nothing allocated):
``engine.KingLuiState`` calls it on counts of its card lists, ``compiled_rules`` compiles it
(``numba.njit``, ``cardgen.jit.bind``) over its ``int64`` position. A rule gap goes through ``gap``,
which ``compiled_rules`` binds to its own log. Pure Python: the reference path never loads numba.
"""
from __future__ import annotations

from typing import Any

#: Gap kinds the rules raise, with the resolutions a deck can declare (``engine.GAPS``).
GAPS: dict[str, tuple[str, ...]] = {
    # no dish left on the table, an Emerald could be used: must the player draw?
    "no_dish_emerald": ("draw_only", "emerald_allowed"),
    # the player must draw (no dish left) but the supply is empty
    "draw_from_empty_supply": ("pass",),
    # a draw asks for more cards than the supply holds (only if supply_draw_cards > 1)
    "short_supply_draw": ("draw_remaining",),
}
#: gap kinds by code (the order of ``GAPS``) and the words of each one's detail, from its two numbers
GAP_KINDS = tuple(GAPS)
GAP_NO_DISH, GAP_EMPTY, GAP_SHORT = range(3)
GAP_WORDS = ("seat {0}, course {1}", "seat {0}, course {1}", "{0} card(s) left, {1} to draw")
#: a ruling of ``no_dish_emerald`` by its place in ``GAPS``
DRAW_ONLY, EMERALD_ALLOWED = 0, 1
#: what a turn allows (``choices``), as flags: take a dish, draw, feed Emerald
MAY_TAKE, MAY_DRAW, MAY_FEED = 1, 2, 4
#: the tie-breaks ``winners`` names, by code (-1: no tie)
TIE_BREAKS = ("fewest_discarded", "shared_win")
NO_TIE, FEWEST_DISCARDED, SHARED_WIN = -1, 0, 1


def gap(st: Any, kind: int, a: int, b: int) -> int:
    """Gap ``kind`` (details ``a``, ``b``: ``GAP_WORDS``) met on ``st``: the place of the deck's ruling in
    ``GAPS``, -1 without one (the game stalls): ``KingLuiState.rule_gap``."""
    return int(st.rule_gap(kind, a, b))


def choices(st: Any, dishes: Any, beside: Any, king: int, portions: int, supply: Any, seat: int, played: int) -> int:
    """What ``seat`` may do on a turn after ``played`` courses, as flags: ``MAY_TAKE`` (``dishes`` left on the
    table), ``MAY_DRAW`` (``supply`` cards left), ``MAY_FEED`` (``beside`` Emeralds beside the dishes and a
    king holding a meal: ``portions`` of his ``king``). With no dish left, whether Emerald may eat is gap
    ``no_dish_emerald``; with nothing to do, ``draw_from_empty_supply`` (0: the turn passes); ``-1 - kind``
    when gap ``kind`` has no ruling. Of ``dishes``, ``beside`` and ``supply`` only whether any counts: the
    engine passes its lists. ``KingLuiState._decide`` and ``compiled_rules.settle`` run it (``legal`` reads it back)."""
    feed = king >= portions if beside else False
    if feed and not dishes:
        rule = gap(st, GAP_NO_DISH, seat, played + 1)
        if rule < 0:
            return -1 - GAP_NO_DISH
        feed = rule == EMERALD_ALLOWED
    flags = (MAY_TAKE if dishes else 0) | (MAY_DRAW if supply else 0) | (MAY_FEED if feed else 0)
    if flags == 0 and gap(st, GAP_EMPTY, seat, played + 1) < 0:
        return -1 - GAP_EMPTY
    return flags


def to_draw(st: Any, left: int, want: int) -> int:
    """Cards a draw of ``want`` takes from a supply of ``left``: fewer left is gap ``short_supply_draw`` (its
    ``draw_remaining``: all), -1 without a ruling. ``KingLuiState._draw`` and ``compiled_rules.apply``."""
    if left < want:
        if gap(st, GAP_SHORT, left, want) < 0:
            return -1
        return left
    return want


def score(held: Any, h0: int, king: Any, k0: int, n: int, players: int, scores: Any, discarded: Any) -> None:
    """Points and discarded cards per seat into ``scores``, ``discarded`` (seat ``q`` holds ``held[h0 + q * n + d]``
    of dish ``d``, the king ``king[k0 + d]``): a portion scores the king's count of its dish; holding more
    than the king is overeating, the whole dish discarded. ``KingLuiState.scores``, ``compiled_rules.outcome``."""
    for q in range(players):
        points = 0
        lost = 0
        for d in range(n):
            h = held[h0 + q * n + d]
            k = king[k0 + d]
            if h > k:
                lost += h
            else:
                points += h * k
        scores[q] = points
        discarded[q] = lost


def winners(scores: Any, discarded: Any, players: int, won: Any) -> int:
    """Who wins, 1 each in ``won``: the top score, then the fewest discarded cards; a tie still standing is
    shared (our ruling: the texts stop there). The tie-break used: ``NO_TIE``, ``FEWEST_DISCARDED`` (one
    winner left) or ``SHARED_WIN``. ``KingLuiState.outcome`` and ``compiled_rules.outcome``."""
    best = scores[0]
    for q in range(1, players):
        if scores[q] > best:
            best = scores[q]
    tied = 0
    fewest = 0
    for q in range(players):
        if scores[q] == best:
            if tied == 0 or discarded[q] < fewest:
                fewest = discarded[q]
            tied += 1
    count = 0
    for q in range(players):
        won[q] = 1 if scores[q] == best and discarded[q] == fewest else 0
        count += won[q]
    if tied == 1:
        return NO_TIE
    return FEWEST_DISCARDED if count == 1 else SHARED_WIN
