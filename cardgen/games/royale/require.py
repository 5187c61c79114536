"""Noble requirements compiled into fast incremental checkers.

A ``Checker`` is built once per distinct requirement (and dish-card universe) and is
shared by every game played with it. It answers, for the cards under a noble:

* is the requirement met *exactly* (``need == 0``), and
* can it still be met by adding cards the deck holds (``need > 0``), or is it
  impossible, which forces the player to clear the noble (``step`` returns -1).

Cards are first mapped to small integer *codes* (a class and a value). Classes keep
apart only what the requirement can tell apart: each dish type it names, the wild
(abundance) cards, and one class for all other types. The cards under a noble then
become a *state*: the sorted tuple of codes (or the tuple in play order for an
ordered requirement), interned as an int. Transitions ``(state, code) -> state``
are memoised in a dict keyed by one int, so the engine's hot path is a single dict
lookup; a new state costs one bounded depth-first search, done once per process.

The search is exact: it looks for a completion among the cards the deck really
holds (each dish card exists once), minus those already under this noble.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from cardgen.games.royale.model import NobleFace, Service

#: Marks "no class" in compiled services.
NONE = -1
#: ``need`` of a state that can never be completed.
DEAD = -1
#: the remainder by 2 every value of an "even" or "odd" service has
_REMAINDER = {"even": 0, "odd": 1}


@dataclass(frozen=True)
class Universe:
    """The dish cards of a deck: non-wild types, wild types, and copies per (type, value)."""

    types: tuple[str, ...]
    wild_types: tuple[str, ...]
    counts: tuple[tuple[str, int, int], ...]  # (type, value, copies)

    @property
    def values(self) -> tuple[int, int]:
        vals = [v for _, v, _ in self.counts]
        return (min(vals), max(vals)) if vals else (1, 1)


@dataclass(frozen=True)
class CService:
    """A service with dish types replaced by class numbers (plain fields for speed)."""

    cards: int | None
    colour: int
    include: tuple[tuple[int, int], ...]
    same_value: bool
    parity: str | None
    lt: int | None
    gt: int | None
    eq: int | None
    order: int  # 0 none, 1 ascending, -1 descending
    first: int
    last: int
    two_sum: bool
    distinct: bool
    wild: bool

    @property
    def typed(self) -> bool:
        """Whether the check depends on which type a wild card stands for."""
        return (self.colour != NONE or bool(self.include) or self.first != NONE
                or self.last != NONE or self.distinct)


class Checker:
    """One requirement compiled against one universe of dish cards."""

    def __init__(self, face: NobleFace, universe: Universe) -> None:
        self.face = face
        self.ordered = face.ordered
        named: list[str] = []
        for s in face.services:
            for t in s.types_named():
                if t not in named:
                    named.append(t)
        distinct = any(s.distinct_types for s in face.services)
        relevant = list(universe.types) if distinct else [t for t in universe.types if t in named]
        others = [t for t in universe.types if t not in relevant]
        wild_matters = bool(named) or distinct or any(not s.wild for s in face.services)
        self.class_of: dict[str, int] = {t: i for i, t in enumerate(relevant)}
        n = len(relevant)
        self.other = NONE
        if others:
            self.other = n
            for t in others:
                self.class_of[t] = n
            n += 1
        self.wild = NONE
        if universe.wild_types:
            if wild_matters or self.other == NONE:
                self.wild = n
                n += 1
            cls = self.wild if self.wild != NONE else self.other
            for t in universe.wild_types:
                self.class_of[t] = cls
        self.nclass = n
        #: classes a wild card may stand for
        self.wild_as = tuple(c for c in range(n) if c != self.wild)
        self.vmin, self.vmax = universe.values
        self.span = self.vmax - self.vmin + 1
        self.ncodes = n * self.span
        self.avail = [0] * self.ncodes
        for t, v, copies in universe.counts:
            self.avail[self.code(t, v)] += copies
        self.services = [self._compile(s) for s in face.services]
        #: fewest and most cards a completion holds
        self.low = sum(1 if s.cards is None else s.cards for s in self.services)
        self.high = sum(self._cap(s) for s in self.services)
        self.states: list[tuple[int, ...]] = []
        self.need: list[int] = []
        self._index: dict[tuple[int, ...], int] = {}
        self.trans: dict[int, int] = {}
        # state 0 is "no card"; its need is DEAD when the requirement cannot be met at all
        need = self.min_need(())
        self.states.append(())
        self.need.append(DEAD if need is None else need)
        self._index[()] = 0

    # -- codes ---------------------------------------------------------------------
    def code(self, dish_type: str, value: int) -> int:
        """The code of a dish card for this requirement."""
        return self.class_of[dish_type] * self.span + (value - self.vmin)

    def _cls(self, dish_type: str | None) -> int:
        return NONE if dish_type is None else self.class_of.get(dish_type, NONE)

    def _compile(self, s: Service) -> CService:
        sm = s.sum
        return CService(
            cards=s.cards, colour=self._cls(s.colour),
            include=tuple((self._cls(t), k) for t, k in s.include.items()),
            same_value=s.same_value, parity=s.parity,
            lt=sm.lt if sm else None, gt=sm.gt if sm else None, eq=sm.eq if sm else None,
            order={"ascending": 1, "descending": -1, None: 0}[s.order],
            first=self._cls(s.first), last=self._cls(s.last),
            two_sum=s.two_sum_to_third, distinct=s.distinct_types, wild=s.wild)

    # -- the automaton -----------------------------------------------------------
    def _intern(self, cards: tuple[int, ...], at_least: int = 0) -> int:
        sid = self._index.get(cards)
        if sid is not None:
            return sid
        if not self.ordered and len(cards) > 1:
            # any completion of these cards completes each of its parts: a part that cannot
            # be met dooms them, and a part needing k more cards means at least k - 1 here
            index, need_of = self._index, self.need
            for i in range(len(cards)):
                part = index.get(cards[:i] + cards[i + 1:])
                if part is None:
                    continue
                if part == DEAD:
                    index[cards] = DEAD
                    return DEAD
                at_least = max(at_least, need_of[part] - 1)
        need = self.min_need(cards, at_least)
        if need is None:
            self._index[cards] = DEAD
            return DEAD
        sid = len(self.states)
        self.states.append(cards)
        self.need.append(need)
        self._index[cards] = sid
        return sid

    def step(self, sid: int, code: int) -> int:
        """State after one more card (``DEAD`` when the noble can no longer be met)."""
        key = sid * self.ncodes + code
        nid = self.trans.get(key)
        if nid is None:
            cards = self.states[sid] + (code,)
            if not self.ordered:
                cards = tuple(sorted(cards))
            # one more card lowers the need by one at most: no shorter completion to look for
            nid = self._intern(cards, self.need[sid] - 1)
            self.trans[key] = nid
        return nid

    def run(self, codes: Iterable[int]) -> int:
        """State reached by playing ``codes`` in order from no card (``DEAD`` if it dies)."""
        sid = 0
        for c in codes:
            sid = self.step(sid, c)
            if sid == DEAD:
                return DEAD
        return sid

    # -- exact checks ----------------------------------------------------------------
    def sat(self, s: CService, cards: Sequence[int]) -> bool:
        """Whether one service's cards (in play order) meet it exactly."""
        n = len(cards)
        if n == 0 or (s.cards is not None and n != s.cards):
            return False
        span, vmin, wild = self.span, self.vmin, self.wild
        cls = [c // span for c in cards]
        vals = [c % span + vmin for c in cards]
        if not s.wild and wild != NONE and wild in cls:
            return False
        if not self._values_ok(s, vals, 0):
            return False
        if s.two_sum and not any(vals[a] + vals[b] == vals[3 - a - b] for a, b in ((0, 1), (0, 2), (1, 2))):
            return False
        if not s.typed:
            return True
        wild_pos = [i for i, c in enumerate(cls) if c == wild] if wild != NONE else []
        for choice in product(self.wild_as, repeat=len(wild_pos)):
            types = list(cls)
            for i, t in zip(wild_pos, choice):
                types[i] = t
            if self._types_ok(s, types):
                return True
        return False

    def _values_ok(self, s: CService, vals: list[int], rem: int | None) -> bool:
        """Value constraints of a service holding ``vals`` with ``rem`` cards still to come."""
        if s.same_value and any(v != vals[0] for v in vals):
            return False
        if s.parity is not None and vals:
            want = vals[0] % 2 if s.parity == "same" else _REMAINDER[s.parity]
            if any(v % 2 != want for v in vals):
                return False
        if s.order and vals:
            for a, b in zip(vals, vals[1:]):
                if (b - a) * s.order <= 0:
                    return False
            if rem:
                if s.order > 0 and vals[-1] + rem > self.vmax:
                    return False
                if s.order < 0 and vals[-1] - rem < self.vmin:
                    return False
        if s.lt is not None or s.gt is not None or s.eq is not None:
            total = sum(vals)
            if rem is None:
                lo = total if self.vmin >= 0 else -(1 << 30)
                hi = total if self.vmax <= 0 else 1 << 30
            else:
                lo, hi = total + rem * self.vmin, total + rem * self.vmax
            if s.lt is not None and lo >= s.lt:
                return False
            if s.gt is not None and hi <= s.gt:
                return False
            if s.eq is not None and not lo <= s.eq <= hi:
                return False
        return True

    @staticmethod
    def _types_ok(s: CService, types: list[int]) -> bool:
        if s.colour != NONE and any(t != s.colour for t in types):
            return False
        for t, k in s.include:
            if types.count(t) < k:
                return False
        if s.first != NONE and types[0] != s.first:
            return False
        if s.last != NONE and types[-1] != s.last:
            return False
        if s.distinct and len(set(types)) != len(types):
            return False
        return True

    def viable(self, s: CService, cards: Sequence[int], rem: int | None) -> bool:
        """Necessary conditions for a service holding ``cards`` with ``rem`` more to come."""
        n = len(cards)
        if s.cards is not None and n > s.cards:
            return False
        if n == 0:
            return True
        span, wild = self.span, self.wild
        cls = [c // span for c in cards]
        vals = [c % span + self.vmin for c in cards]
        has_wild = wild != NONE and wild in cls
        if has_wild and not s.wild:
            return False
        if s.colour != NONE and any(c != s.colour and c != wild for c in cls):
            return False
        if s.first != NONE and cls[0] != s.first and cls[0] != wild:
            return False
        if s.last != NONE and rem == 0 and cls[-1] != s.last and cls[-1] != wild:
            return False
        if s.distinct:
            plain = [c for c in cls if c != wild]
            if len(set(plain)) != len(plain):
                return False
        if s.include:
            more = (1 << 30) if rem is None else rem
            for t, k in s.include:
                if sum(1 for c in cls if c == t or c == wild) + more < k:
                    return False
        if s.two_sum and n == 3 and not any(vals[a] + vals[b] == vals[3 - a - b]
                                            for a, b in ((0, 1), (0, 2), (1, 2))):
            return False
        return self._values_ok(s, vals, rem)

    # -- the search ------------------------------------------------------------------
    def _cap(self, s: CService) -> int:
        """Most cards a service can hold."""
        if s.cards is not None:
            return s.cards
        assert s.eq is not None
        return max(1, s.eq // self.vmin) if self.vmin >= 1 else 12

    def min_need(self, cards: tuple[int, ...], at_least: int = 0) -> int | None:
        """Fewest cards to add to ``cards`` to meet the requirement exactly; None if impossible.

        ``at_least``: a known lower bound of the answer (the need of ``cards`` less its last
        card, minus one), so the searches for fewer cards, which must fail, are skipped.
        """
        avail = list(self.avail)
        for c in cards:
            avail[c] -= 1
            if avail[c] < 0:
                return None
        for total in range(max(self.low, len(cards) + max(at_least, 0)), self.high + 1):
            if self._exists(cards, total, avail):
                return total - len(cards)
        return None

    def _exists(self, placed: tuple[int, ...], total: int, avail: list[int]) -> bool:
        services = self.services
        k = len(services)
        if self.ordered:
            sizes: list[int | None] = [s.cards for s in services]
            if sizes[-1] is None:
                sizes[-1] = total - sum(x for x in sizes[:-1] if x is not None)
                if sizes[-1] < 1:
                    return False
            elif sum(x for x in sizes if x is not None) != total:
                return False
            slot: list[int] = []
            for j, size in enumerate(sizes):
                slot.extend([j] * (size or 0))
        else:
            sizes = [s.cards for s in services]
            fixed = sum(x for x in sizes if x is not None)
            unbounded = [j for j, x in enumerate(sizes) if x is None]
            if fixed > total or (not unbounded and fixed != total) or fixed + len(unbounded) > total:
                return False
            slot = []
        groups: list[list[int]] = [[] for _ in range(k)]
        nplaced = len(placed)
        codes = range(self.ncodes)

        def rem_of(j: int, free: int) -> int | None:
            size = sizes[j]
            if size is not None:
                return size - len(groups[j])
            others_need = sum((sizes[i] or 0) - len(groups[i]) for i in range(k) if sizes[i] is not None)
            if sum(1 for x in sizes if x is None) == 1:
                return free - others_need
            return None

        def fill(i: int, low: int) -> bool:
            if i == total:
                return all(self.sat(s, g) for s, g in zip(services, groups))
            free = total - i - 1
            if i < nplaced:
                candidates: Iterable[int] = (placed[i],)
            else:
                candidates = codes if self.ordered else range(low, self.ncodes)
            for code in candidates:
                ext = i >= nplaced
                if ext and avail[code] <= 0:
                    continue
                targets = (slot[i],) if self.ordered else range(k)
                for j in targets:
                    if sizes[j] is not None and len(groups[j]) >= sizes[j]:
                        continue
                    groups[j].append(code)
                    if ext:
                        avail[code] -= 1
                    ok = self.viable(services[j], groups[j], rem_of(j, free))
                    if ok and not self.ordered:
                        need = sum((sizes[x] or 0) - len(groups[x]) for x in range(k) if sizes[x] is not None)
                        need += sum(1 for x in range(k) if sizes[x] is None and not groups[x])
                        ok = need <= free
                    found = ok and fill(i + 1, code if ext else low)
                    groups[j].pop()
                    if ext:
                        avail[code] += 1
                    if found:
                        return True
            return False

        return fill(0, 0)


_CACHE: dict[str, Checker] = {}


def universe_of(dishes: Iterable[tuple[str, bool, int, int]]) -> Universe:
    """Build a universe from (type, wild, value, copies) of every dish component."""
    types: list[str] = []
    wild: list[str] = []
    counts: dict[tuple[str, int], int] = {}
    for t, is_wild, value, copies in dishes:
        target = wild if is_wild else types
        if t not in target:
            target.append(t)
        counts[(t, value)] = counts.get((t, value), 0) + copies
    return Universe(tuple(types), tuple(wild), tuple((t, v, n) for (t, v), n in sorted(counts.items())))


def checker(face: NobleFace, universe: Universe) -> Checker:
    """The shared checker of one requirement (built on first use, then reused)."""
    key = json.dumps([face.model_dump(mode="json"), universe.types, universe.wild_types, universe.counts],
                     sort_keys=True)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Checker(face, universe)
    return found
