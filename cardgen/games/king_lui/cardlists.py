"""King Lui's card lists for house rules: live lists over the engine's record (``rules``' layout).

The engine keeps counts (``KingLuiState.s``); a house rule reads and changes card lists
(``state.hands[seat][dish].append(card)``, ``state.supply.pop()``, ``del state.king[d][-1]``...),
as docs/king_lui.md "House rules" says. The first time a rule asks for them, the state makes them
once (``CardLists``): each is a real ``list`` of card instances whose every change writes its
length to its count in the record (the supply writes its dish codes too), so the next rule step
sees it. After a rule step changed counts, ``reconcile`` moves the cards to follow: a list that
holds more than its count gives its last cards away, one that holds fewer takes cards of its dish
from those given away (the supply gives its top cards first; one no list takes waits for the next step), so a card taken from the table is
the one in the hand. A list whose length matches its count is left as the rule made it: a card a
rule created or copied stays visible to the conservation check (``zones``).
A game whose rules never ask for the lists never makes them: the engine's loop pays nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, SupportsIndex

from cardgen.games.king_lui.rules import HEADER, S_PENDING, S_REMOVED, S_SP, S_TEMER, hand, supply

if TYPE_CHECKING:
    from cardgen.games.king_lui.engine import KingLuiGame


class Cards(list):  # type: ignore[type-arg]
    """A card list whose length is the record's count ``s[at]``: every change writes it back."""

    __slots__ = ("_s", "_at", "dish")

    def __init__(self, cards: Iterable[int], s: list[int], at: int, dish: int) -> None:
        super().__init__(cards)
        self._s, self._at, self.dish = s, at, dish  # dish: the dish code its cards are of (-1 Emeralds, -2 any)

    def _put(self) -> None:
        """The length into the record: the count the rule steps read."""
        self._s[self._at] = len(self)

    def append(self, card: int) -> None:
        super().append(card)
        self._put()

    def extend(self, cards: Iterable[int]) -> None:
        super().extend(cards)
        self._put()

    def insert(self, i: SupportsIndex, card: int) -> None:
        super().insert(i, card)
        self._put()

    def pop(self, i: SupportsIndex = -1) -> int:
        card = super().pop(i)
        self._put()
        return card

    def remove(self, card: int) -> None:
        super().remove(card)
        self._put()

    def clear(self) -> None:
        super().clear()
        self._put()

    def __setitem__(self, i: Any, value: Any) -> None:
        super().__setitem__(i, value)
        self._put()

    def __delitem__(self, i: Any) -> None:
        super().__delitem__(i)
        self._put()

    def sort(self, *, key: Any = None, reverse: bool = False) -> None:
        super().sort(key=key, reverse=reverse)
        self._put()  # the supply's order is the record's

    def reverse(self) -> None:
        super().reverse()
        self._put()

    def __iadd__(self, cards: Iterable[int]) -> "Cards":  # type: ignore[override]
        super().extend(cards)
        self._put()
        return self

    def __imul__(self, k: SupportsIndex) -> "Cards":  # type: ignore[override]
        super().__imul__(k)
        self._put()
        return self

    def cut(self, k: int) -> list[int]:
        """Keep the first ``k`` cards; the rest, in order (``reconcile``: the record's count went down)."""
        rest = list.__getitem__(self, slice(k, None))
        list.__delitem__(self, slice(k, None))
        return rest

    def add(self, cards: list[int]) -> None:
        """Cards a rule step gave this list (``reconcile``), the count already in the record."""
        list.extend(self, cards)


def replace(lists: Any, value: Any) -> None:
    """Give every live list of ``lists`` (``Cards``, or ``Rows`` of them) the cards of ``value``, shaped alike."""
    if isinstance(lists, Cards):
        lists[:] = list(value)
        return
    for inner, new in zip(lists, value, strict=True):
        replace(inner, new)


class Rows(list):  # type: ignore[type-arg]
    """Per seat or per dish, the live lists (``hands``, ``hands[seat]``, ``king``, ``table``): setting one
    (``state.hands[0] = hand``) gives its live list the cards, the record follows."""

    __slots__ = ()

    def __setitem__(self, i: Any, value: Any) -> None:
        replace(list.__getitem__(self, i), value)  # a slice: its lists, shaped as value


class Supply(Cards):
    """The supply, top card last: its length is ``s[S_SP]`` and its cards' dish codes lie at ``s[at:]``."""

    __slots__ = ("_count", "_dish_of")

    def __init__(self, cards: Iterable[int], s: list[int], at: int, count: int, dish_of: tuple[int, ...]) -> None:
        self._count, self._dish_of = count, dish_of
        super().__init__(cards, s, at, -2)

    def _put(self) -> None:
        s, at, dish_of = self._s, self._at, self._dish_of
        missing = at + len(self) - len(s)
        if missing > 0:  # a rule stacked more cards than the box holds: the record grows (the check will say)
            s.extend([0] * missing)
        s[at:at + len(self)] = [dish_of[c] for c in self]
        s[self._count] = len(self)


class CardLists:
    """Every card list of one state, made from the record once, kept following it (``reconcile``)."""

    def __init__(self, places: dict[str, Any], supply: Supply) -> None:
        #: ``hands`` (per seat, per dish), ``king``, ``table`` (per dish), ``beside``, ``pending``, ``removed``
        self.places = places
        self.supply = supply
        #: cards a rule step took from a list that no list has taken yet (an Emerald being used: in no place, as in
        #: the hand of the one using it); the next ``reconcile`` gives them first
        self.loose: list[int] = []
        #: the lists a rule step fills, in the order they take cards: per dish first, ``removed`` (any card) last
        self.order: list[Cards] = [*places["table"], *places["king"], *(c for per in places["hands"] for c in per),
                                   places["beside"], places["pending"], places["removed"]]

    def reconcile(self, s: list[int], dish_of: tuple[int, ...]) -> None:
        """Move the cards to follow the record's counts (see the module docstring)."""
        pool = self.loose
        supply = self.supply
        sp = s[supply._count]
        if len(supply) > sp:
            pool += reversed(supply.cut(sp))  # dealt or drawn: the top card first
        order = self.order
        for cards in order:
            if len(cards) > s[cards._at]:
                pool += cards.cut(s[cards._at])
        for cards in order:
            want = s[cards._at] - len(cards)
            if want <= 0:
                continue
            dish = cards.dish
            got = [c for c in pool if dish == -2 or dish_of[c] == dish][:want]
            for c in got:
                pool.remove(c)
            cards.add(got)


def cards_of(game: "KingLuiGame", s: list[int], ids: list[int]) -> dict[str, Any]:
    """The record ``s``'s counts as card instances: per dish, the instances out of the supply (``ids[:s[S_SP]]``)
    in deck order, handed to the table, the king, each seat's hand, the rest removed (Emeralds: beside the
    dishes, drawn, removed). A count larger than the cards left repeats one: a card created shows in two places."""
    n = len(game.dishes)
    inside = set(ids[:s[S_SP]])
    free = [[i for i in box if i not in inside] for box in game.dish_ids]
    at = [0] * (n + 1)

    def deal_out(d: int, k: int) -> list[int]:
        pool = free[d] or game.dish_ids[d]
        got = [pool[(at[d] + j) % len(pool)] for j in range(k)] if pool else []
        at[d] += k
        return got

    out: dict[str, Any] = {
        "table": [deal_out(d, s[HEADER + d]) for d in range(n)],
        "king": [deal_out(d, s[HEADER + n + d]) for d in range(n)],
        "hands": [[deal_out(d, s[hand(n, q) + d]) for d in range(n)] for q in range(game.players)],
        "beside": deal_out(n, s[S_TEMER]), "pending": deal_out(n, s[S_PENDING]),
    }
    out["removed"] = [i for d in range(n + 1) for i in free[d][at[d]:]]
    out["supply"] = list(ids[:s[S_SP]])
    return out


def make(game: "KingLuiGame", s: list[int], cards: dict[str, Any]) -> CardLists:
    """The live lists over the record ``s`` holding ``cards`` (``cards_of``'s places) and the supply
    ``s[S_SP]`` cards of ``cards["supply"]``."""
    n = len(game.dishes)
    places: dict[str, Any] = {
        "table": Rows(Cards(c, s, HEADER + d, d) for d, c in enumerate(cards["table"])),
        "king": Rows(Cards(c, s, HEADER + n + d, d) for d, c in enumerate(cards["king"])),
        "hands": Rows(Rows(Cards(c, s, hand(n, q) + d, d) for d, c in enumerate(per))
                      for q, per in enumerate(cards["hands"])),
        "beside": Cards(cards["beside"], s, S_TEMER, -1), "pending": Cards(cards["pending"], s, S_PENDING, -1),
        "removed": Cards(cards["removed"], s, S_REMOVED, -2)}
    return CardLists(places, Supply(cards["supply"], s, supply(n, game.players), S_SP, game.dish_of))
