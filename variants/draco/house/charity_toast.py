"""Charity toast (a house rule of Draco & Co, hook `toast`).

Before a toast is paid, the toaster gives one silver coin to the poorest
other player (the first of them in seat order on a tie), if the toaster
has a coin to give.
"""


def toast(state, default):
    """Give the coin, then let the engine pay the toast as usual."""
    toaster = state.cur
    others = [seat for seat in range(state.game.players) if seat != toaster]
    poorest = min(others, key=lambda seat: state.money[seat])
    if state.money[toaster] >= 1:
        state._transfer(toaster, poorest, 1)
    default()
