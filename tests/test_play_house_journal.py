"""A house rule's effect told in the journal as who gave what to whom (issue #52 item 7, the reader's fault 5).

Draco's Charity Toast gives 1 silver coin from the toaster to the poorest other player before the toast is paid.
The journal compared the whole move with the engine's own toast, so when the gift changed who was the richest
(the one who pays Zork's share) it read "player 2 +2 silver coins, player 1 +1 silver coin, player 3 -1 silver
coin" for a one-coin gift: now the rule's own part of the move is told apart (``session.RuleWatch``).
"""
from __future__ import annotations

import random
import re

import pytest

from cardgen.play.session import Session
from tests.test_play_said import deck_of

GIFT = {"en": r"house rule: Player (\d) gives 1 silver coin to Player (\d)$",
        "fr": r"règle maison\u202f: le joueur (\d) donne 1 pièce d’argent au joueur (\d)$",
        "it": r"regola della casa: il giocatore (\d) dà 1 moneta d’argento al giocatore (\d)$"}


def poorest_after(money: list[int], toaster: int) -> int:
    """The rule's receiver, from its text: the poorest other player, a tie to the first after the toaster."""
    others = [(toaster + k) % len(money) for k in range(1, len(money))]
    return min(others, key=lambda seat: money[seat])


@pytest.mark.parametrize(("lang", "seed"), [("en", 1), ("fr", 2), ("it", 3)])
def test_each_gift_is_told_as_the_toaster_giving_one_coin_to_the_poorest(lang: str, seed: int) -> None:
    session = Session(deck_of("draco-charity-toast"), players=3, seed=seed, people=[0, 1, 2], lang=lang)
    for seat in range(3):
        session.join(seat)
    rng, told = random.Random(seed), 0
    while not session.state.is_terminal():
        money, mover = list(session.state.money), session.state.current_player
        entry = session.play(list(rng.choice(session.state.legal_actions())), mover, turn=len(session.actions))
        if " · " not in entry.text:
            continue
        found = re.search(GIFT[lang], entry.text)
        assert found, entry.text  # one gift, nothing of the toast's own payments
        giver, taker = int(found.group(1)) - 1, int(found.group(2)) - 1
        assert (giver, taker) == (mover, poorest_after(money, mover)), (money, entry.text)
        assert money[mover] >= 1, (money, entry.text)  # a gift only from a toaster who had a coin
        told += 1
    assert told >= 3  # the game had toasts with a gift
