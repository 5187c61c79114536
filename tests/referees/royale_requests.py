"""Noble requests for the Royale referee: when a noble is met, when it can no longer be met.

Written from the published request texts (``../shared/seeds/001_*.txt``, "SERVIR LES
NOBLES") and the data vocabulary of docs/royale.md ("Noble requirements"), not from the
engine: a noble face is a list of *services*; it is met only **exactly** (every card under
the noble belongs to exactly one complete service). Abundance cards count as any dish type
unless a service says ``wild: false``. A request using ``order``, ``first`` or ``last`` is
*ordered*: its services are filled one after the other in play order; otherwise cards may
be shared among services in any way.

"Impossible" (a placed card forces a clear, rule 14) follows the ruling in docs/royale.md:
no set of further dish cards of the deck (each card once, minus those already under this
noble) could complete the request. Decided here by a plain depth-first search with simple
bounds, memoised per (face, cards under the noble): slow enough to be obviously right.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Iterator, Sequence


@dataclass(frozen=True)
class Dish:
    """One dish card: instance id, type, value, wild (abundance)."""

    id: str
    type: str
    value: int
    wild: bool


def _is(card: Dish, kind: str, svc: Any) -> bool:
    """Does the card count as dish type ``kind`` in this service (wild cards count as any)?"""
    return card.type == kind or (card.wild and svc.wild)


def _include_short(svc: Any, cards: Sequence[Dish]) -> int:
    """Cards still missing for ``include`` (wild cards cover any type, each card once)."""
    wilds = sum(1 for c in cards if c.wild) if svc.wild else 0
    short = sum(max(0, n - sum(1 for c in cards if c.type == t and not c.wild)) for t, n in svc.include.items())
    return max(0, short - wilds)


def _two_sum(values: Sequence[int]) -> bool:
    a, b, c = sorted(values)
    return a + b == c


class Request:
    """One noble face's request over a fixed deck of dish cards."""

    def __init__(self, face: Any, dishes: Sequence[Dish]) -> None:
        self.services = list(face.services)
        self.ordered = any(s.order or s.first or s.last for s in self.services)
        self.dishes = list(dishes)
        self.vmin = min(d.value for d in dishes)
        self.vmax = max(d.value for d in dishes)
        self.types = sorted({d.type for d in dishes if not d.wild})
        self.memo: dict[tuple[str, ...], bool] = {}

    # -- one service -------------------------------------------------------------------------
    def partial_ok(self, svc: Any, seq: Sequence[Dish]) -> bool:
        """Could ``seq`` (in play order) still be the start of this service, by simple bounds?"""
        n = len(seq)
        if svc.cards is not None and n > svc.cards:
            return False
        if not n:
            return True
        if not svc.wild and any(c.wild for c in seq):
            return False
        if svc.colour and not all(_is(c, svc.colour, svc) for c in seq):
            return False
        values = [c.value for c in seq]
        if svc.same_value and len(set(values)) > 1:
            return False
        if svc.parity == "even" and any(v % 2 for v in values):
            return False
        if svc.parity == "odd" and any(v % 2 == 0 for v in values):
            return False
        if svc.parity == "same" and len({v % 2 for v in values}) > 1:
            return False
        left = None if svc.cards is None else svc.cards - n
        total = sum(values)
        if svc.sum is not None:
            s = svc.sum
            low = total + (left or 0) * self.vmin
            if s.lt is not None and low >= s.lt:
                return False
            if s.eq is not None and low > s.eq:
                return False
            if left is not None:
                high = total + left * self.vmax
                if s.gt is not None and high <= s.gt:
                    return False
                if s.eq is not None and high < s.eq:
                    return False
        if svc.order:
            step = all(b > a for a, b in zip(values, values[1:])) if svc.order == "ascending" else \
                all(b < a for a, b in zip(values, values[1:]))
            if not step:
                return False
            if left and (values[-1] + left > self.vmax if svc.order == "ascending" else values[-1] - left < self.vmin):
                return False
        if svc.first and not _is(seq[0], svc.first, svc):
            return False
        if svc.distinct_types:
            plain = [c.type for c in seq if not c.wild]
            if len(plain) != len(set(plain)) or n > len(self.types):
                return False
        if svc.include and left is not None and _include_short(svc, seq) > left:
            return False
        return True

    def complete(self, svc: Any, seq: Sequence[Dish]) -> bool:
        """Is ``seq`` (in play order) this service, met exactly?"""
        if not seq or not self.partial_ok(svc, seq):
            return False
        if svc.cards is not None and len(seq) != svc.cards:
            return False
        total = sum(c.value for c in seq)
        if svc.sum is not None:
            s = svc.sum
            if (s.eq is not None and total != s.eq) or (s.lt is not None and not total < s.lt) or \
                    (s.gt is not None and not total > s.gt):
                return False
        if svc.last and not _is(seq[-1], svc.last, svc):
            return False
        if svc.two_sum_to_third and not _two_sum([c.value for c in seq]):
            return False
        return not _include_short(svc, seq)

    def extend(self, svc: Any, seq: list[Dish], free: list[Dish], start: int) -> Iterator[list[Dish]]:
        """Every way (cards added, in play order) to complete ``seq`` from ``free``.

        Unordered services add cards in deck order only (``start``), so each set comes once.
        """
        if self.complete(svc, seq):
            yield []
            return  # a complete service takes no more cards (a fixed count, or an exact sum)
        if svc.cards is not None and len(seq) >= svc.cards:
            return
        ordered = bool(svc.order or svc.first or svc.last)
        for k in range(0 if ordered else start, len(free)):
            card = free[k]
            if card is None:
                continue
            seq.append(card)
            if self.partial_ok(svc, seq):
                free[k] = None  # type: ignore[call-overload]
                for rest in self.extend(svc, seq, free, k + 1):
                    yield [card] + rest
                free[k] = card
            seq.pop()

    # -- the whole face ----------------------------------------------------------------------
    def assignments(self, cards: Sequence[Dish]) -> Iterator[list[list[Dish]]]:
        """Each way the cards under the noble can be split into its services (in play order)."""
        k = len(self.services)
        if self.ordered:  # services fill one after the other
            out: list[list[Dish]] = [[] for _ in range(k)]
            i = 0
            for card in cards:
                while i < k - 1 and self.services[i].cards is not None and len(out[i]) >= self.services[i].cards:
                    i += 1
                out[i].append(card)
            yield out
            return
        for pick in product(range(k), repeat=len(cards)):
            out = [[] for _ in range(k)]
            for card, s in zip(cards, pick):
                out[s].append(card)
            yield out

    def _finish(self, parts: list[list[Dish]], i: int, free: list[Dish]) -> bool:
        """Can services i.. all be completed with disjoint cards of ``free``?"""
        if i == len(parts):
            return True
        for added in self.extend(self.services[i], list(parts[i]), free, 0):
            taken = {c.id for c in added}
            rest = [c if c is None or c.id not in taken else None for c in free]
            if self._finish(parts, i + 1, rest):
                return True
        return False

    def met(self, cards: Sequence[Dish]) -> bool:
        """Rule 13: the cards under the noble meet its request exactly."""
        return bool(cards) and any(all(self.complete(s, p) for s, p in zip(self.services, parts))
                                   for parts in self.assignments(cards))

    def possible(self, cards: Sequence[Dish]) -> bool:
        """Rule 14: some further cards of the deck could still complete the request exactly."""
        key = tuple(c.id for c in cards) if self.ordered else tuple(sorted(c.id for c in cards))
        if key in self.memo:
            return self.memo[key]
        under = set(key)
        answer = False
        for parts in self.assignments(cards):
            if not all(self.partial_ok(s, p) for s, p in zip(self.services, parts)):
                continue
            if self.ordered:  # services before the one being filled must already be complete
                cur = next((j for j, p in enumerate(parts) if not self.complete(self.services[j], p)), len(parts))
                if any(parts[j] for j in range(cur + 1, len(parts))):
                    continue
            free = [d for d in self.dishes if d.id not in under]
            if self._finish(parts, 0, free):
                answer = True
                break
        self.memo[key] = answer
        return answer
