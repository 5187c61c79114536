"""A noble's request, met exactly: the rule written once, for the reference engine and the compiled tier.

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
lookup; a new state costs one bounded depth-first search (``min_need``), done once
per process.

The search is exact: it looks for a completion among the cards the deck really
holds (each dish card exists once), minus those already under this noble.

**Written once.** The rule's meaning (``values_ok``, ``types_ok``, ``sat``, ``viable``
and the completion search ``min_need``) is plain Python over integer rows: the
checker as ``ck`` (fields ``K_*``), its services as ``sv[j]`` (fields ``V_*``) with
``inc[j][m]`` = (class, count) of each "at least" clause, and scratch rows. The
``Checker`` runs these functions as they are, on lists; ``compiled_require`` compiles
the very same functions with numba (``cardgen.jit.bind``) for the compiled tier and
its agents, on numpy arrays. So a rule changes here, in one place, for both.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardgen.games.royale.model import NobleFace, Service

#: Marks "no class" (and "no number of cards") in compiled services.
NONE = -1
#: ``need`` of a state that can never be completed.
DEAD = -1
#: "no bound" for a sum with any number of cards still to come
BIG = 1 << 30

# -- checker fields (``ck[...]``) -----------------------------------------------------------
(K_ORDERED, K_NSERV, K_NCODES, K_SPAN, K_VMIN, K_VMAX, K_WILD, K_NCLASS, K_LOW, K_HIGH) = range(10)
CK_SIZE = 10
# -- service fields (``sv[j][...]``): NONE / 0 for "none" as noted ------------------------------
(V_CARDS, V_COLOUR, V_NINC, V_SAME, V_PARITY, V_HAS_LT, V_LT, V_HAS_GT, V_GT, V_HAS_EQ, V_EQ, V_ORDER,
 V_FIRST, V_LAST, V_TWO_SUM, V_DISTINCT, V_WILD, V_TYPED) = range(18)
SV_SIZE = 18
PARITY_NONE, PARITY_EVEN, PARITY_ODD, PARITY_SAME = range(4)
_PARITY = {None: PARITY_NONE, "even": PARITY_EVEN, "odd": PARITY_ODD, "same": PARITY_SAME}


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
    """A service with dish types replaced by class numbers (what ``row`` writes as an ``sv`` row)."""

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

    def row(self) -> list[int]:
        """This service as an ``sv`` row (fields ``V_*``)."""
        v = [0] * SV_SIZE
        v[V_CARDS] = NONE if self.cards is None else self.cards
        v[V_COLOUR], v[V_NINC], v[V_SAME] = self.colour, len(self.include), int(self.same_value)
        v[V_PARITY], v[V_ORDER], v[V_FIRST], v[V_LAST] = _PARITY[self.parity], self.order, self.first, self.last
        for has, at, bound in ((V_HAS_LT, V_LT, self.lt), (V_HAS_GT, V_GT, self.gt), (V_HAS_EQ, V_EQ, self.eq)):
            v[has], v[at] = int(bound is not None), bound or 0
        v[V_TWO_SUM], v[V_DISTINCT], v[V_WILD], v[V_TYPED] = (int(self.two_sum), int(self.distinct), int(self.wild),
                                                              int(self.typed))
        return v

    def inc(self) -> list[list[int]]:
        """The "at least" clauses as ``inc[j]`` rows: [class, count] (one [NONE, 0] when there are none)."""
        return [[t, k] for t, k in self.include] or [[NONE, 0]]


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
        #: the requirement as the rows the functions below read (see the module's docstring)
        self.ck = [0] * CK_SIZE
        for at, value in ((K_ORDERED, self.ordered), (K_NSERV, len(self.services)), (K_NCODES, self.ncodes),
                          (K_SPAN, self.span), (K_VMIN, self.vmin), (K_VMAX, self.vmax), (K_WILD, self.wild),
                          (K_NCLASS, self.nclass), (K_LOW, self.low), (K_HIGH, self.high)):
            self.ck[at] = int(value)
        self.sv = [s.row() for s in self.services]
        self.inc = [s.inc() for s in self.services]
        #: the three as one record, what ``min_need`` and its callees take
        self.rows = Rows(self.ck, self.sv, self.inc)
        self.states: list[tuple[int, ...]] = []
        self.need: list[int] = []
        self._index: dict[tuple[int, ...], int] = {}
        self.trans: dict[int, int] = {}
        # state 0 is "no card"; its need is DEAD when the requirement cannot be met at all
        self.states.append(())
        self.need.append(self.min_need(()))
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

    def _cap(self, s: CService) -> int:
        """Most cards a service can hold."""
        if s.cards is not None:
            return s.cards
        assert s.eq is not None
        return max(1, s.eq // self.vmin) if self.vmin >= 1 else 12

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
        if need == DEAD:
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

    def min_need(self, cards: Sequence[int], at_least: int = 0) -> int:
        """Fewest cards to add to ``cards`` to meet the requirement exactly; ``DEAD`` if impossible
        (``min_need`` below, on this checker's rows). ``at_least``: a known lower bound of the answer."""
        cards = list(cards)
        if len(cards) > self.high:
            return DEAD  # more cards than any completion holds (the compiled table refuses them too)
        # fresh work rows each time: a checker is shared by every game of the process, threads included
        return min_need(self.rows, list(self.avail), cards, len(cards), at_least,
                        scratch(len(self.services), max(self.high, 1)))

    # -- one service's cards, as the functions below read them (tests and readers) --------------
    def sat(self, s: CService, cards: Sequence[int]) -> bool:
        """Whether one service's cards (codes in play order) meet it exactly."""
        return sat(self.ck, s.row(), s.inc(), list(cards), len(cards), scratch(1, max(len(cards), 1)).wk)

    def _values_ok(self, s: CService, vals: list[int], rem: int | None) -> bool:
        """Value constraints of a service holding ``vals`` with ``rem`` cards still to come (None: any number)."""
        return values_ok(s.row(), vals, len(vals), rem is not None, rem or 0, self.vmin, self.vmax)

    @staticmethod
    def _types_ok(s: CService, types: list[int]) -> bool:
        """Whether cards of these classes (wild cards already replaced) meet a service's type clauses."""
        return types_ok(s.row(), s.inc(), types, len(types))


# == the rule, once: plain Python over integer rows, compiled as it is by ``compiled_require`` ==========
# Lists here, numpy arrays there: no Python objects but two records (numba compiles named tuples as
# arguments and unpacks them for free), no recursion (numba's cache and recursion do not mix).

class Rows(NamedTuple):
    """One requirement as the functions below read it (``Checker.rows``; ``compiled_require`` builds it
    from one checker's slices of its stacked arrays): the checker's fields ``ck`` (``K_*``), each
    service's ``sv[j]`` (``V_*``), and ``inc[j][m]`` = (class, count) of its "at least" clauses.
    The three always travel together: one record instead of three arguments (issue #49)."""

    ck: Any
    sv: Any
    inc: Any


class Work(NamedTuple):
    """The work rows of ``min_need``'s completion search (``scratch`` makes them), changed in place:
    ``sizes[j]`` (service ``j``'s number of cards for this total), ``slot[i]`` (the service card ``i``
    goes to, ordered), ``groups[j]`` / ``glen[j]`` (the cards placed in service ``j`` and how many),
    ``stack`` (``fill``'s six rows) and ``wk`` (``sat``'s and ``viable``'s five rows)."""

    sizes: Any
    slot: Any
    groups: Any
    glen: Any
    stack: Any
    wk: Any


def scratch(k: int, t: int) -> Work:
    """Work rows of ``min_need`` for ``k`` services and at most ``t`` cards, as lists.

    Built positionally, in ``Work``'s field order (sizes, slot, groups, glen, stack, wk): a named tuple's keywords
    cost 1.5 of its 8 us, and the reference engine's heuristic asks for one some 270 times a Royale game."""
    return Work([0] * k, [0] * t, [[0] * t for _ in range(k)], [0] * k, [[0] * (t + 1) for _ in range(6)],
                [[0] * t for _ in range(5)])


def values_ok(sv: Any, vals: Any, n: int, has_rem: bool, rem: int, vmin: int, vmax: int) -> bool:
    """Value constraints of a service holding the first ``n`` of ``vals``, ``rem`` cards still to come
    (``has_rem`` False: any number): same value, parity, ascending/descending (room left for the
    cards to come), a sum under, over or equal to a number (reachable with the cards to come)."""
    if sv[V_SAME]:
        for i in range(n):
            if vals[i] != vals[0]:
                return False
    par = sv[V_PARITY]
    if par != PARITY_NONE and n > 0:
        want = vals[0] % 2 if par == PARITY_SAME else (1 if par == PARITY_ODD else 0)
        for i in range(n):
            if vals[i] % 2 != want:
                return False
    order = sv[V_ORDER]
    if order != 0 and n > 0:
        for i in range(n - 1):
            if (vals[i + 1] - vals[i]) * order <= 0:
                return False
        if has_rem and rem != 0:
            if order > 0 and vals[n - 1] + rem > vmax:
                return False
            if order < 0 and vals[n - 1] - rem < vmin:
                return False
    if sv[V_HAS_LT] or sv[V_HAS_GT] or sv[V_HAS_EQ]:
        total = 0
        for i in range(n):
            total += vals[i]
        if not has_rem:  # any number of cards may come: only the direction they move the sum bounds it
            lo = total if vmin >= 0 else -BIG
            hi = total if vmax <= 0 else BIG
        else:
            lo = total + rem * vmin
            hi = total + rem * vmax
        if sv[V_HAS_LT] and lo >= sv[V_LT]:
            return False
        if sv[V_HAS_GT] and hi <= sv[V_GT]:
            return False
        if sv[V_HAS_EQ] and not (lo <= sv[V_EQ] <= hi):
            return False
    return True


def two_sum(vals: Any) -> bool:
    """Whether two of three values add up to the third (in any position)."""
    return (vals[0] + vals[1] == vals[2]) or (vals[0] + vals[2] == vals[1]) or (vals[1] + vals[2] == vals[0])


def types_ok(sv: Any, inc: Any, types: Any, n: int) -> bool:
    """The type clauses of a service for ``n`` cards of these classes (wild cards already stood in):
    one colour, at least k of a type, the first / last card's type, all types different."""
    col = sv[V_COLOUR]
    if col != NONE:
        for i in range(n):
            if types[i] != col:
                return False
    for m in range(sv[V_NINC]):
        t = inc[m][0]
        cnt = 0
        for i in range(n):
            if types[i] == t:
                cnt += 1
        if cnt < inc[m][1]:
            return False
    if sv[V_FIRST] != NONE and types[0] != sv[V_FIRST]:
        return False
    if sv[V_LAST] != NONE and types[n - 1] != sv[V_LAST]:
        return False
    if sv[V_DISTINCT]:
        for i in range(n):
            for j in range(i):
                if types[i] == types[j]:
                    return False
    return True


def sat(ck: Any, sv: Any, inc: Any, cards: Any, n: int, wk: Any) -> bool:
    """Whether one service's ``n`` cards (codes in play order) meet it exactly: its number of cards,
    no wild card where refused, the value clauses, and the type clauses for some type each wild
    card stands for (``wk``: five work rows)."""
    if n == 0 or (sv[V_CARDS] != NONE and n != sv[V_CARDS]):
        return False
    span, vmin, wild = ck[K_SPAN], ck[K_VMIN], ck[K_WILD]
    cls = wk[0]
    vals = wk[1]
    nwild = 0
    for i in range(n):
        cls[i] = cards[i] // span
        vals[i] = cards[i] % span + vmin
        if wild != NONE and cls[i] == wild:
            nwild += 1
    if not sv[V_WILD] and nwild > 0:
        return False
    if not values_ok(sv, vals, n, True, 0, vmin, ck[K_VMAX]):
        return False
    if sv[V_TWO_SUM] and not two_sum(vals):
        return False
    if not sv[V_TYPED]:
        return True
    if nwild == 0:
        return types_ok(sv, inc, cls, n)
    # every choice of a class (other than the wild class) for each wild card, counted like an odometer
    pos = wk[2]
    w = 0
    for i in range(n):
        if cls[i] == wild:
            pos[w] = i
            w += 1
    nas = ck[K_NCLASS] - 1
    if nas <= 0:
        return False
    choice = wk[3]
    types = wk[4]
    for i in range(n):
        types[i] = cls[i]
    for w in range(nwild):
        choice[w] = 0
    while True:
        for w in range(nwild):
            c = choice[w]
            types[pos[w]] = c if c < wild else c + 1  # the classes other than ``wild``, in order
        if types_ok(sv, inc, types, n):
            return True
        w = nwild - 1
        while w >= 0:
            choice[w] += 1
            if choice[w] < nas:
                break
            choice[w] = 0
            w -= 1
        if w < 0:
            return False


def viable(ck: Any, sv: Any, inc: Any, cards: Any, n: int, has_rem: bool, rem: int, wk: Any) -> bool:
    """Necessary conditions for a service holding ``n`` cards with ``rem`` more to come (``has_rem``
    False: any number): what no card to come can repair."""
    if sv[V_CARDS] != NONE and n > sv[V_CARDS]:
        return False
    if n == 0:
        return True
    span, vmin, wild = ck[K_SPAN], ck[K_VMIN], ck[K_WILD]
    cls = wk[0]
    vals = wk[1]
    has_wild = False
    for i in range(n):
        cls[i] = cards[i] // span
        vals[i] = cards[i] % span + vmin
        if wild != NONE and cls[i] == wild:
            has_wild = True
    if has_wild and not sv[V_WILD]:
        return False
    col = sv[V_COLOUR]
    if col != NONE:
        for i in range(n):
            if cls[i] != col and cls[i] != wild:
                return False
    if sv[V_FIRST] != NONE and cls[0] != sv[V_FIRST] and cls[0] != wild:
        return False
    if sv[V_LAST] != NONE and has_rem and rem == 0 and cls[n - 1] != sv[V_LAST] and cls[n - 1] != wild:
        return False
    if sv[V_DISTINCT]:
        for i in range(n):
            if cls[i] == wild:
                continue
            for j in range(i):
                if cls[j] == cls[i]:
                    return False
    if sv[V_NINC] > 0:
        more = rem if has_rem else BIG
        for m in range(sv[V_NINC]):
            t = inc[m][0]
            cnt = 0
            for i in range(n):
                if cls[i] == t or cls[i] == wild:
                    cnt += 1
            if cnt + more < inc[m][1]:
                return False
    if sv[V_TWO_SUM] and n == 3 and not two_sum(vals):
        return False
    return values_ok(sv, vals, n, has_rem, rem, vmin, ck[K_VMAX])


def all_sat(ck: Any, sv: Any, inc: Any, groups: Any, glen: Any, wk: Any) -> bool:
    """Whether each service's cards meet it exactly."""
    for j in range(ck[K_NSERV]):
        if not sat(ck, sv[j], inc[j], groups[j], glen[j], wk):
            return False
    return True


def rem_of(sizes: Any, glen: Any, k: int, j: int, free: int, nnone: int) -> tuple[bool, int]:
    """(known, cards still to come to service ``j``) with ``free`` cards left to place: known for a
    service of a fixed size, or for the one service of no fixed size once the others' are counted."""
    if sizes[j] != NONE:
        return True, sizes[j] - glen[j]
    if nnone == 1:
        others = 0
        for x in range(k):
            if sizes[x] != NONE:
                others += sizes[x] - glen[x]
        return True, free - others
    return False, 0


def fill(total: int, rule: Rows, placed: Any, nplaced: int, avail: Any, work: Work) -> bool:
    """Whether ``total`` cards, the ``nplaced`` ``placed`` ones first, can be shared among the services of
    ``rule`` so that each is met: a depth-first search with an explicit stack (``work.stack``'s six rows).

    Level ``i`` places card ``i``: the placed card, else every code the deck still holds
    (``avail``; unordered: from the previous extension card's code up, each multiset once),
    into each service in order (ordered: the service its position belongs to, ``slot[i]``);
    a placement that passes ``viable`` (and, unordered, leaves enough cards for the
    services still empty) goes one level down."""
    ck, sv, inc = rule.ck, rule.sv, rule.inc
    sizes, slot, groups, glen, wk, stack = work.sizes, work.slot, work.groups, work.glen, work.wk, work.stack
    k = ck[K_NSERV]
    ordered = ck[K_ORDERED] != 0
    ncodes = ck[K_NCODES]
    nnone = 0
    for x in range(k):
        if sizes[x] == NONE:
            nnone += 1
    if total == 0:
        return all_sat(ck, sv, inc, groups, glen, wk)
    for r in range(6):
        for x in range(total + 1):
            stack[r][x] = 0
    cc = stack[0]  # next code to try at each level
    jj = stack[1]  # next service to try for that code
    chi = stack[2]  # past the last code to try
    low = stack[3]  # lowest code an extension card may have (unordered)
    pj = stack[4]  # where each level's card went
    pc = stack[5]  # and its code
    i = 0
    init = True
    while True:
        ext = i >= nplaced
        j_lo = slot[i] if ordered else 0
        j_hi = slot[i] + 1 if ordered else k
        if init:
            if not ext:
                cc[i], chi[i] = placed[i], placed[i] + 1
            elif ordered:
                cc[i], chi[i] = 0, ncodes
            else:
                cc[i], chi[i] = low[i], ncodes
            jj[i] = j_lo
        free = total - i - 1
        down = False
        while cc[i] < chi[i]:
            code = cc[i]
            if ext and avail[code] <= 0:
                cc[i] += 1
                jj[i] = j_lo
                continue
            while jj[i] < j_hi:
                j = jj[i]
                jj[i] += 1
                if sizes[j] != NONE and glen[j] >= sizes[j]:
                    continue
                groups[j][glen[j]] = code
                glen[j] += 1
                if ext:
                    avail[code] -= 1
                has_rem, rem = rem_of(sizes, glen, k, j, free, nnone)
                ok = viable(ck, sv[j], inc[j], groups[j], glen[j], has_rem, rem, wk)
                if ok and not ordered:
                    need = 0
                    for x in range(k):
                        if sizes[x] != NONE:
                            need += sizes[x] - glen[x]
                        elif glen[x] == 0:
                            need += 1
                    ok = need <= free
                if ok:
                    pj[i] = j
                    pc[i] = code
                    low[i + 1] = code if ext else low[i]
                    down = True
                    break
                glen[j] -= 1
                if ext:
                    avail[code] += 1
            if down:
                break
            cc[i] += 1
            jj[i] = j_lo
        if down:  # one level down; with every card placed, done if each service is met, else back
            i += 1
            init = True
            if i < total:
                continue
            if all_sat(ck, sv, inc, groups, glen, wk):
                return True
        elif i == 0:
            return False
        i -= 1
        glen[pj[i]] -= 1
        if i >= nplaced:
            avail[pc[i]] += 1
        init = False


def exists(rule: Rows, placed: Any, nplaced: int, total: int, avail: Any, work: Work) -> bool:
    """Whether the ``nplaced`` ``placed`` cards can grow to ``total`` cards meeting the requirement
    ``rule``: the services' sizes for this total (an ordered requirement's last service takes the
    rest), written to ``work.sizes`` / ``work.slot``, then ``fill``."""
    ck, sv = rule.ck, rule.sv
    sizes, slot, glen = work.sizes, work.slot, work.glen
    k = ck[K_NSERV]
    for j in range(k):
        sizes[j] = sv[j][V_CARDS]
        glen[j] = 0
    for x in range(max(total, 1)):
        slot[x] = 0
    if ck[K_ORDERED]:
        fixed = 0
        for j in range(k - 1):
            if sizes[j] != NONE:
                fixed += sizes[j]
        if sizes[k - 1] == NONE:
            sizes[k - 1] = total - fixed
            if sizes[k - 1] < 1:
                return False
        elif fixed + sizes[k - 1] != total:
            return False
        m = 0
        for j in range(k):
            for _ in range(max(sizes[j], 0)):
                if m < total:
                    slot[m] = j
                m += 1
        if m < total:  # a service before the last has no fixed size: these cards have no place
            return False
    else:
        fixed = 0
        nnone = 0
        for j in range(k):
            if sizes[j] != NONE:
                fixed += sizes[j]
            else:
                nnone += 1
        if fixed > total or (nnone == 0 and fixed != total) or fixed + nnone > total:
            return False
    return fill(total, rule, placed, nplaced, avail, work)


def min_need(rule: Rows, avail: Any, cards: Any, n: int, at_least: int, work: Work) -> int:
    """Fewest cards to add to the ``n`` ``cards`` to meet the requirement ``rule`` exactly; ``DEAD`` if none.

    ``avail``: the deck's copies per code (a copy: changed here); ``at_least``: a known lower
    bound of the answer (the need of ``cards`` less its last card, minus one), so the searches
    for fewer cards, which must fail, are skipped; ``work``: ``scratch`` rows for ``high`` cards."""
    ck = rule.ck
    for i in range(n):
        avail[cards[i]] -= 1
        if avail[cards[i]] < 0:
            return DEAD
    start = max(ck[K_LOW], n + max(at_least, 0))
    for total in range(start, ck[K_HIGH] + 1):
        if exists(rule, cards, n, total, avail, work):
            return total - n
    return DEAD


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
