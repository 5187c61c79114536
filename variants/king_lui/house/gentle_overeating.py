"""Gentle overeating (a house rule of King Lui, hook `scores`).

Published rule: a player holding more portions of a dish than the king has
discards that whole dish. House rule: they discard only the portions beyond
the king's count and score the rest.
"""


def scores(state, default):
    """Points and discarded cards per seat, as the engine's `scores` returns them."""
    king = [len(cards) for cards in state.king]  # the king's portions, per dish
    points, discarded = [], []
    for hand in state.hands:
        score = lost = 0
        for dish, cards in enumerate(hand):
            kept = min(len(cards), king[dish])
            score += kept * king[dish]
            lost += len(cards) - kept
        points.append(score)
        discarded.append(lost)
    return points, discarded
