"""Royale's rules written once: the pile built from packets, the piles dealt again, who wins.

Written once: the engine (``engine.py``) runs these on its lists, ``compiled_rules`` compiles
them as they are (``cardgen.jit.bind``) on its arrays; so they index, loop and take ``len``.
What differs in form they read through names, as ``agents.py``'s planner does: the draws
(``randbelow``, ``shuffle``: ``random.Random`` here, ``fastrng`` there, the same numbers in the
same order), ``sort`` and ``dishes``; the forms below are the engine's, ``compiled_rules`` binds
its own. Gap events stay with each engine. Pure Python: the reference path never loads numba.
"""
from __future__ import annotations

import random
from typing import Any

#: the end-of-banquet card, as it sits in the pile (a dish card is its index, >= 0)
END = -2
#: ``winners``' tie-break: none, the most dish cards under nobles, then a shared win
TIE_NONE, TIE_DISHES, TIE_SHARED = -1, 0, 1
#: the outcome's ``tie_break`` of ``TIE_DISHES`` and ``TIE_SHARED``
TIE_NAMES = ("most_dish_cards", "most_dish_cards, then shared")


def packets(cards: Any, n: int, k: int, position: int, rng: Any, pile: Any) -> tuple[int, int]:
    """The pile of the ``n`` shuffled ``cards`` (``cards[0]`` on top) split into ``k`` near-equal
    packets (the first ``n % k`` one card bigger), the end card put at random inside packet
    ``position`` (1: the top packet), written into ``pile`` (``n + 1`` long, its top at the end).

    Returns the first position from the top the end card may hold and its packet's size (its
    zone: public knowledge, where ``redeal`` puts it back)."""
    lo = 0  # the cards above the end card's packet
    for i in range(position - 1):
        lo += n // k + (1 if i < n % k else 0)
    size = n // k + (1 if position - 1 < n % k else 0)
    above = lo + randbelow(rng, size + 1)  # the cards above the end card
    for i in range(n):
        pile[n - i if i < above else n - 1 - i] = cards[i]
    pile[n - above] = END
    return lo, size


def redeal(pile: Any, n: int, solo: Any, ns: int, zone: Any, rng: Any) -> None:
    """The piles dealt again, in place (``determinize``): the ``n`` cards of the dish pile, whose
    order only is unknown, sorted (the shuffle must not depend on the true order) and shuffled,
    the end card put back at random inside its packet, less the cards drawn since (``zone``:
    ``RoyaleState.end_zone``); the ``ns`` cards of the solo pile sorted and shuffled too."""
    m = 0  # the dish cards, moved to the front
    for i in range(n):
        if pile[i] != END:
            pile[m] = pile[i]
            m += 1
    sort(pile, m)
    shuffle(rng, pile, m)
    if m < n:
        drawn = zone[0] - n
        top_lo = max(0, zone[1] - drawn)
        top_hi = min(n - 1, zone[2] - drawn)
        pos = m - top_lo - randbelow(rng, top_hi - top_lo + 1)  # the end card's position from the top
        for i in range(m, pos, -1):
            pile[i] = pile[i - 1]
        pile[pos] = END
    sort(solo, ns)
    shuffle(rng, solo, ns)


def winners(score: Any, solo: bool, winner: int, U: Any, win: Any) -> int:
    """The winners of a game that ended (``win[p]`` 1 for each, 0 else) and the tie-break it took
    (``TIE_*``).

    The solo seat wins; the seat that validated all its nobles (``winner``; -1: none) wins; else
    the best score, then the most dish cards under nobles (``dishes(U, p)``), then shared (the
    ``tie_after_tiebreak`` gap: the engines raise it)."""
    players = len(score)
    for q in range(players):
        win[q] = 0
    if solo:
        win[0] = 1
        return TIE_NONE
    if winner >= 0:
        win[winner] = 1
        return TIE_NONE
    best = score[0]
    for q in range(players):
        best = max(best, score[q])
    most = -1
    ntied = 0
    for q in range(players):
        if score[q] == best:
            ntied += 1
            win[q] = dishes(U, q)  # for now: the tied seat's dish cards under its nobles
            most = max(most, win[q])
    nwin = 0
    for q in range(players):
        win[q] = 1 if score[q] == best and (ntied == 1 or win[q] == most) else 0
        nwin += win[q]
    if ntied == 1:
        return TIE_NONE
    return TIE_DISHES if nwin == 1 else TIE_SHARED


# -- the reference engine's forms of the names above read (``compiled_rules`` binds its own) --------
def randbelow(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` from ``rng`` (``random.Random._randbelow``, as ``randrange(n)`` draws it)."""
    return rng.randrange(n)


def shuffle(rng: random.Random, x: list[int], n: int) -> None:
    """``rng.shuffle`` of the first ``n`` items of ``x`` (the same draws as shuffling a list of ``n``)."""
    part = x[:n]
    rng.shuffle(part)
    x[:n] = part


def sort(x: list[int], n: int) -> None:
    """The first ``n`` items of ``x`` sorted."""
    x[:n] = sorted(x[:n])


def dishes(U: Any, p: int) -> int:
    """The dish cards under seat ``p``'s nobles; ``U``: ``RoyaleState.under``."""
    return sum(len(u) for u in U[p])
