"""Draco & Co in its rulebook: the part of the book each hook point changes, and the toast example.

The worked example is a scripted toast (who sits where, each player's money, who proposes
it) that the deck's own engine pays, house rule included (the rulebook passes ``cardgen.house.house_game``):
the book prints the purses the engine leaves and the richest player it picked, so the
book and the game cannot disagree (the charity toast's gift, for one, comes before the
richest player is decided, because its hook gives the coin before the engine's toast).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

from cardgen.games.draco.table import NONE, SARAH, SPECIAL_CODES, ZORK, fullest_purses, sarah_neighbours, toast_seat

if TYPE_CHECKING:
    from cardgen.model.deck import ResolvedDeck

#: ``engine(players)``: the deck's reference engine for that many players (None: the fewest), its house
#: rule installed (the rulebook passes ``cardgen.house.house_game``; games sit below house rules)
Engine = Callable[[Optional[int]], Any]

#: hook -> the parts of the book it changes: a variant whose house rule defines the hook gives each part's
#: text (``book:``). ``toast``: printed before the base paragraph of the section on the toast (the gift comes first;
#: the base sentence after it read as if "it" were the toast, English reader, round 14); the turn's
#: toast step (``toast_step``, after its bold title) and the summary's line (``toast_glance``)
BOOK_PARTS: dict[str, tuple[str, ...]] = {"toast": ("toast", "toast_step", "toast_glance")}

#: the toast example: the seats from the first to the last (a player's index for each of their two
#: characters, or a special character, left out where the deck has none), the players' money in
#: silver before the toast, and the player who proposes it
TOAST: dict[str, Any] = {"seats": (0, "jean", 2, "sarah", 1, 0, 2, 1, "zork"), "purses": (5, 4, 3), "toaster": 0}


def toast_example(deck: "ResolvedDeck", engine: "Engine", script: dict[str, Any] = TOAST) -> dict[str, Any] | None:
    """The toast example of ``deck``'s book, as its engine pays it (None: the deck has too few lairs).

    ``seats``: the script's seats the deck has; ``before``: the purses as scripted;
    ``at_payment``: the purses when the bank starts paying (a house rule may move money
    first); ``richest``: the players the engine makes pay for Zork; ``after``: the purses
    once the toast is paid.
    """
    purses = list(script["purses"])
    players = len(purses)
    if not deck.model.players.min <= players <= deck.model.players.max:
        return None
    game = engine(players)
    state = game.new_initial_state(0)
    code = {name: next((c for c, s in enumerate(game.special) if s == value), None)
            for name, value in SPECIAL_CODES.items()}
    seats = [s for s in script["seats"] if isinstance(s, int) or code.get(s) is not None]
    taken = [0] * players
    order = []
    for s in seats:
        if isinstance(s, int):
            order.append(2 * s + taken[s])
            taken[s] += 1
        else:
            order.append(code[s])
    if sorted(order) != list(range(len(game.char_ids))):
        raise ValueError(f"the toast example seats {len(order)} characters, the {players}-player table has "
                         f"{len(game.char_ids)}")
    seen: dict[str, list[int]] = {}

    class Watched(type(state)):  # type: ignore[misc]
        """The deck's state, remembering the purses when the toast's bank payment starts (``rules.toast`` settles
        through the engine's ``_settle``)."""

        def _settle(self, d: list[int], receivers: tuple[int, ...], bank: bool = False) -> None:
            if bank and "at_payment" not in seen:
                seen["at_payment"], seen["net"] = list(self.money), list(d)
            super()._settle(d, receivers, bank)

    state.__class__ = Watched
    state.order[:] = order
    state.money[:] = purses
    state.bank = game.box_value - sum(purses)
    state.cur = script["toaster"]
    state.last_call = False
    state._toast()
    at_payment = seen.get("at_payment", list(state.money))
    fullest = fullest_purses(at_payment)
    return {"seats": seats, "before": purses, "toaster": script["toaster"], "at_payment": at_payment,
            "richest": fullest, "net": seen.get("net", [0] * players), "after": list(state.money[:players]),
            **toast_walk(game, order, fullest)}


def toast_walk(game: Any, order: list[int], richest: list[int]) -> dict[str, Any]:
    """Seat by seat, what a toast does at ``order``, walked as the engine walks it (``table.toast_seat``,
    ``table.sarah_neighbours``): ``walk[j]``, the events the example prints at seat ``j`` (its own
    payment, then what reaches it from another seat: ``(kind, player or -1, amount)``; Brother John's cost is
    ``paid_before`` when a seat before him answers for it, ``unpaid_sarah`` when Aunt Sarah sits there, ``unpaid_first``
    when no seat does), and per player
    what the toast pays them (``gain``) and charges them (``loss``, Zork's share for each of ``richest``)."""
    k, players = len(order), game.players
    special, owner = game.special, game.owner
    notes: list[list[tuple[str, int, int]]] = [[] for _ in range(k)]
    extra: list[list[tuple[str, int, int]]] = [[] for _ in range(k)]
    gain, loss = [0] * players, [0] * players
    for i, amount in enumerate(game.payouts[:k]):  # from the first seat; Brother John hands on
        j = toast_seat(order, special, i, 1)
        for t in range(i, j if j >= 0 else k):
            notes[t].append(("passes_on", -1, amount))
        if j >= 0 and special[order[j]] == NONE:
            p = owner[order[j]]
            gain[p] += amount
            if j == i:
                notes[j].append(("receives", p, amount))
            else:
                extra[j].append(("also_receives", p, amount))
        elif j >= 0:
            notes[j].append(("keeps_nothing", -1, amount))
    for i, amount in enumerate(game.costs[:k]):  # from the last seat; the seat before Brother John pays
        start = k - 1 - i
        j = toast_seat(order, special, start, -1)
        # Brother John's cost falls on the seat before him; Aunt Sarah there (or no seat at all) pays it for nobody:
        # "paid for by the seat before" was then untrue, and the purses showed no payment (#53 round 27, en15)
        handed = "paid_before" if j >= 0 and special[order[j]] != SARAH else \
            "unpaid_sarah" if j >= 0 else "unpaid_first"
        for t in range(start, j, -1):
            notes[t].append((handed, -1, amount))
        if j >= 0 and special[order[j]] == NONE:
            p = owner[order[j]]
            loss[p] += amount
            if j == start:
                notes[j].append(("pays", p, amount))
            else:
                extra[j].append(("also_pays", p, amount))
        elif j >= 0 and special[order[j]] == ZORK:
            for p in richest:
                loss[p] += game.zork_mult * amount
            notes[j].append(("zork", -1, amount))
        elif j >= 0:
            notes[j].append(("not_due", -1, amount))
    if game.sarah_draw:  # the characters beside Aunt Sarah, found by the engine's own rule
        for c in sarah_neighbours(order, list(range(len(special))), special):
            j = order.index(c)
            extra[j].append(("draws", owner[c], game.sarah_draw))
    return {"walk": [notes[j] + extra[j] for j in range(k)], "gain": gain, "loss": loss}


def book_examples(deck: "ResolvedDeck", engine: "Engine") -> dict[str, Any]:
    """Every worked example of the Draco book, played on ``deck``'s engine."""
    return {"toast": toast_example(deck, engine)}
