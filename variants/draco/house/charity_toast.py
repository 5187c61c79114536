"""Charity toast (a house rule of Draco & Co, hook `toast`).

Before a toast is paid, the toaster gives one silver coin to the poorest
other player (on a tie, the first of them in turn order after the toaster),
if the toaster has a coin to give.
"""


def toast(state, default):
    """Give the coin, then let the engine pay the toast as usual."""
    toaster = state.cur
    players = state.game.players
    others = [(toaster + k) % players for k in range(1, players)]  # turn order after the toaster: min keeps the first
    poorest = min(others, key=lambda seat: state.money[seat])
    if state.money[toaster] >= 1:
        state.give(toaster, poorest, 1)
    default()
