"""Draco & Co's rule steps written once: the engine runs them on its lists, ``compiled_rules`` compiles them.

Each step takes the position ``S`` and reads it through a few names each form gives its own way (as
Royale's ``rules.py`` does): the counters (``get``, ``put``: ``K_*``), the card places (``size``,
``pop``, ``card_at``, ``to_hand``, ``reshuffle``: ``PILE``, ``DISCARD``), what all saw of each card
(``card_gen``), a rule gap (``gap``) and the end (``over``). The forms below are the engine's
(``engine.DracoState``: counters are attributes, places are lists; the game-agnostic ones from
``cardgen.games.reference``); ``compiled_rules`` binds its own
(``cardgen.jit.bind``: counters are slots of its ``int64`` position, places are rows of it). So a step
indexes, loops and takes no ``len`` of its own; chance goes through ``reshuffle`` (``random.Random``
here, ``fastrng`` there: the same numbers in the same order). Pure Python: the reference path never
loads numba.

The steps so far: ``draw`` (cards from the pile's end, the engine's hook point ``draw``),
``pile_empty`` (the discards shuffled into a new pile, or the last call), ``settle`` and ``transfer``
(the money, over ``table``'s arithmetic: ``money``, ``box``, ``scratch``), ``winners`` (who wins at the end,
through ``tie_rule``, over ``count`` and ``below``).
"""
from __future__ import annotations

from typing import Any

from cardgen.games.draco.table import G_FINAL, G_NOTHING, G_TIE, Box
from cardgen.games.draco.table import settle as settle_money
from cardgen.games.draco.table import transfer as transfer_money
from cardgen.games.reference import card_at, get, pop, put, reshuffle, size


# -- the rule steps -----------------------------------------------------------------------------------
def draw(S: Any, seat: int, n: int) -> None:
    """``seat`` draws up to ``n`` cards from the pile's end; the pile that runs out is rebuilt or makes the
    last call (``pile_empty``); nobody draws from an empty pile any more (after the last call)."""
    for _ in range(n):
        if size(S, PILE) == 0:
            return
        to_hand(S, seat, pop(S, PILE))
        if size(S, PILE) == 0:
            pile_empty(S)
            if over(S):
                return


def pile_empty(S: Any) -> None:
    """The last card was drawn: while rebuilds are left the discards, which everyone saw (``card_gen``: the
    rebuild that made them public), are shuffled into a new pile; else (or with no discard: gap
    ``nothing_to_rebuild``) the last call, whose ruling (``final_toast``) says whether the next toast is forced."""
    if get(S, K_LASTCALL):
        return
    left = get(S, K_REBUILDS)
    if left > 0:
        nd = size(S, DISCARD)
        if nd > 0:
            put(S, K_REBUILDS, left - 1)
            rebuilt = get(S, K_REBUILT) + 1
            put(S, K_REBUILT, rebuilt)
            gen = card_gen(S)
            for i in range(nd):
                gen[card_at(S, DISCARD, i)] = rebuilt
            reshuffle(S, DISCARD, PILE)
            return
        if gap(S, G_NOTHING, 0, 0, 0) < 0:
            return
    rule = gap(S, G_FINAL, get(S, K_REBUILT), 0, 0)
    if rule < 0:
        return
    put(S, K_FINALRULE, rule)
    put(S, K_LASTCALL, True)


def settle(S: Any, d: Any, receivers: Any, nrecv: int, bank: bool) -> None:
    """The money changes ``d`` paid at once (``table.settle``: a debt beyond a purse and a short box are gaps;
    ``receivers[:nrecv]`` paid first); the bank's unpaid silver kept and, when the bank pays or takes the
    difference (``bank``: toasts, coin drops), its purse too. A gap without a ruling changes nothing more."""
    unpaid = settle_money(S, d, receivers, nrecv, bank, money(S), get(S, K_UNPAID), box(S))
    if unpaid >= 0:
        put(S, K_UNPAID, unpaid)
        if bank:
            total = 0
            for p in range(len(d)):
                total += d[p]
            put(S, K_BANK, get(S, K_BANK) - total)


def transfer(S: Any, payer: int, payee: int, amount: int) -> None:
    """``payer`` gives ``amount`` silver to ``payee``, never more than he has (``table.transfer``); between
    players the bank's unpaid silver stays as it was."""
    transfer_money(S, payer, payee, amount, money(S), scratch(S), get(S, K_UNPAID), box(S))


#: ``winners``' tie-breaks by code (``Outcome.tie_break``): none needed, the tied leaders eliminated, then the next
#: amount's holders sharing under ``share_next``, eliminated again and again under ``repeat_elimination``, or all the
#: tied leaders sharing
TIE_NAMES = (None, "leaders_eliminated", "leaders_eliminated_next_shared", "leaders_eliminated_repeatedly",
             "all_tied_leaders_share")
NO_TIE, ELIMINATED, NEXT_SHARED, REPEATEDLY, ALL_SHARE = range(len(TIE_NAMES))
#: the ``tie_for_win`` rulings by their place in ``table.GAPS``
REPEAT_ELIMINATION, SHARE_NEXT = 0, 1


def winners(S: Any, win: Any) -> int:
    """Most money wins: 1 per winning seat into ``win``, 0 elsewhere; the tie-break's code (``TIE_NAMES``). Tied
    leaders are eliminated and the next amount wins when one seat alone holds it; else the ``tie_for_win`` ruling
    (``tie_rule``, asked only then): the next amount's holders share, or the leaders are eliminated again until
    one seat alone holds an amount; without one (or none left) the tied leaders share."""
    m = money(S)
    top = m[0]
    for v in m:
        if v > top:
            top = v
    chosen, code = top, NO_TIE
    if count(m, top) > 1:
        second = below(m, top)
        if second >= 0 and count(m, second) == 1:
            chosen, code = second, ELIMINATED
        else:
            rule = tie_rule(S)
            if rule == SHARE_NEXT and second >= 0:
                chosen, code = second, NEXT_SHARED
            else:
                code = ALL_SHARE
                level = below(m, second) if rule == REPEAT_ELIMINATION and second >= 0 else -1
                while level >= 0:
                    if count(m, level) == 1:
                        chosen, code = level, REPEATEDLY
                        break
                    level = below(m, level)
    for p in range(len(m)):
        win[p] = 1 if m[p] == chosen else 0
    return code


def count(m: Any, level: int) -> int:
    """How many seats hold ``level``."""
    c = 0
    for v in m:
        if v == level:
            c += 1
    return c


def below(m: Any, level: int) -> int:
    """The highest amount under ``level``, or -1 (amounts are never negative)."""
    out = -1
    for v in m:
        if level > v > out:
            out = v
    return out


# -- the reference engine's forms of the names above (``compiled_rules`` binds its own) ---------------
# the position as ``DracoState`` holds it: counters are attributes, card places are lists (``get``, ``put``,
# ``size``, ``pop``, ``card_at``, ``reshuffle``: ``cardgen.games.reference``, imported above by name)
K_LASTCALL, K_REBUILDS, K_REBUILT, K_FINALRULE = "last_call", "rebuilds_left", "rebuilt", "final_code"
K_UNPAID, K_BANK = "unpaid", "bank"
PILE, DISCARD = "pile", "discard"


def to_hand(S: Any, seat: int, card: int) -> None:
    """``card`` into ``seat``'s hand, last."""
    S.hands[seat].append(card)


def card_gen(S: Any) -> list[int]:
    """Per card, the last rebuild whose discards held it (``DracoState.card_gen``), written in place."""
    return S.card_gen  # type: ignore[no-any-return]


def gap(S: Any, kind: int, a: int, b: int, c: int) -> int:
    """Gap ``kind`` met (its detail ``GAP_WORDS[kind]`` of ``a``, ``b``, ``c``): the place of the deck's ruling
    in ``GAPS``, -1 without one (``State.gap`` stalled the game)."""
    return S.rule_gap(kind, a, b, c)  # type: ignore[no-any-return]


def over(S: Any) -> bool:
    """Whether the game ended (or stalled)."""
    return S.end_reason is not None


def money(S: Any) -> list[int]:
    """Silver per seat, written in place."""
    return S.money  # type: ignore[no-any-return]


def tie_rule(S: Any) -> int:
    """The ``tie_for_win`` gap met now: its ruling's place in ``GAPS``, -1 without one (the detail: the amounts,
    highest first)."""
    return gap(S, G_TIE, sorted(money(S), reverse=True), 0, 0)


def box(S: Any) -> Box:
    """The box's coins (``DracoGame.box``)."""
    return S.g.box  # type: ignore[no-any-return]


def scratch(S: Any) -> tuple[list[int], list[int]]:
    """Room for ``table.transfer``'s money changes (one per seat) and its one receiver."""
    return [0] * len(S.money), [0]
