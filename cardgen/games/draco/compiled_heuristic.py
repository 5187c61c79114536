"""Compiled (numba) forecasts of the Draco heuristic: the same arithmetic as ``agents.py``.

``action_values`` scores every legal action of one decision in one call. Every value
is computed with the same integer sums and the same float operations, in the same
order, as the pure-Python forecasts (``agents._Forecast``), so both pick the very same
actions (tests/test_draco_agents.py). Actions are rows of ``ROW`` ints:
``(op, a, b, x, y, z, w)``: ``op`` is an effect code of ``engine.py`` or ``OP_MOVE``
for the choice after a roll; ``a, b`` the effect's numbers; ``x, y, z`` character
codes or a seat; ``w`` how many specials an arrangement names.

Compiled once per machine (numba's on-disk cache next to this file); importing this
module compiles nothing.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from cardgen.games.draco.engine import (ARRANGE, BESIDE, COINS, CUP, DUEL, FLIP, MOVE, ROLL, SPLIT, STEAL,
                                        SWAP_ADJ, SWAP_ANY)
from cardgen.games.draco.table import JEAN, NONE, ZORK

OP_MOVE = 13  # ("move", character) after a die roll
ROW = 7


@njit(cache=True)
def edge(order, owner, special, payouts, costs, mult, richest, me, n):  # type: ignore[no-untyped-def]
    """My toast gain minus the others' average (``agents._Forecast.edge``)."""
    k = order.shape[0]
    mine = 0
    total = 0
    for i in range(payouts.shape[0]):
        amount = payouts[i]
        j = i
        while j < k:
            c = order[j]
            s = special[c]
            if s == NONE:
                total += amount
                if owner[c] == me:
                    mine += amount
            elif s == JEAN:
                j += 1
                continue
            break
    for i in range(costs.shape[0]):
        amount = costs[i]
        j = k - 1 - i
        while j >= 0:
            c = order[j]
            s = special[c]
            if s == NONE:
                total -= amount
                if owner[c] == me:
                    mine -= amount
            elif s == JEAN:
                j -= 1
                continue
            elif s == ZORK:
                due = mult * amount
                for r in range(richest.shape[0]):
                    total -= due
                    if richest[r] == me:
                        mine -= due
            break
    return mine - (total - mine) / (n - 1)


@njit(cache=True)
def moved(order, c, delta, out):  # type: ignore[no-untyped-def]
    """``out`` = ``order`` with ``c`` moved ``delta`` seats, stopping at the ends (``table.move``)."""
    k = order.shape[0]
    i = 0
    while order[i] != c:
        i += 1
    j = i + delta
    if j < 0:
        j = 0
    elif j > k - 1:
        j = k - 1
    if j <= i:
        out[:j] = order[:j]
        out[j] = c
        out[j + 1:i + 1] = order[j:i]
        out[i + 1:] = order[i + 1:]
    else:
        out[:i] = order[:i]
        out[i:j] = order[i + 1:j + 1]
        out[j] = c
        out[j + 1:] = order[j + 1:]


@njit(cache=True)
def action_values(rows, idx, order, owner, special, payouts, costs, mult, richest, me, n, die,  # type: ignore[no-untyped-def]
                  money, cup, roll_delta, own, everyone):
    """The forecast value of each action ``rows[idx[m]]`` (``agents.HeuristicAgent._value``)."""
    k = order.shape[0]
    out = np.empty(idx.shape[0])
    trial = np.empty(k, dtype=order.dtype)
    now = edge(order, owner, special, payouts, costs, mult, richest, me, n)
    # a toast reads only the first ``front`` and last ``back`` seats (Brother John passes
    # one seat further): a move that starts and ends between them changes nothing
    jeans = 0
    pos = np.empty(k, dtype=np.int64)
    for i in range(k):
        pos[order[i]] = i
        if special[order[i]] == JEAN:
            jeans += 1
    front = payouts.shape[0] + jeans
    back = k - costs.shape[0] - jeans
    for m in range(idx.shape[0]):
        r = rows[idx[m]]
        op, a, b, x, y, z, w = r[0], r[1], r[2], r[3], r[4], r[5], r[6]
        if op == OP_MOVE:
            moved(order, x, roll_delta, trial)
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == MOVE:
            moved(order, x, b, trial)
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == ROLL:
            chars = everyone if a else own
            total = 0.0
            for f in range(die.shape[0]):
                best = 0.0
                found = False
                for ci in range(chars.shape[0]):
                    c = chars[ci]
                    i = pos[c]
                    j = min(max(i + die[f] * b, 0), k - 1)
                    if front <= i < back and front <= j < back:
                        e = now
                    else:
                        moved(order, c, die[f] * b, trial)
                        e = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
                    if not found or e > best:
                        best = e
                        found = True
                total += best
            v = total / die.shape[0]
        elif op == SPLIT:
            other = own[1] if own[0] == x else own[0]
            moved(order, x, -a, trial)
            tmp = trial.copy()
            moved(tmp, other, b, trial)
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == BESIDE:
            other = own[1] if own[0] == x else own[0]
            trial[0] = x
            p = 1
            for i in range(k):
                c = order[i]
                if c != x and c != other:
                    trial[p] = c
                    p += 1
            trial[k - 1] = other
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == ARRANGE:
            trial[:] = order
            given = (x, y, z)
            g = 0
            for i in range(k):
                if g < w and special[order[i]] != NONE:
                    trial[i] = given[g]
                    g += 1
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == FLIP:
            for i in range(k):
                trial[i] = order[k - 1 - i]
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == SWAP_ADJ or op == SWAP_ANY:
            trial[:] = order
            for i in range(k):
                if order[i] == x:
                    trial[i] = y
                elif order[i] == y:
                    trial[i] = x
            v = edge(trial, owner, special, payouts, costs, mult, richest, me, n)
        elif op == STEAL:
            if x < 0:
                v = now
            else:
                v = now + a * (1 + 1 / (n - 1)) + 0.01 * money[x]
        elif op == CUP:
            v = now + ((now if now > 0.0 else 0.0) if cup != -1 else 0.0)
        elif op == COINS:
            gain = 0.0
            for f in range(die.shape[0]):
                face = die[f]
                if face - 1 < k:
                    o = owner[order[face - 1]]
                    if o == me:
                        gain += b
                    elif o >= 0:
                        gain += -b / (n - 1)
                    else:
                        gain += 0.0
            v = now + a * gain / die.shape[0]
        elif op == DUEL:
            v = now
        else:  # reseat
            v = 0.0
        out[m] = v
    return out


def pack_game(owner, special, payouts, costs, mult, players, die) -> np.ndarray:  # type: ignore[no-untyped-def]
    """The static arrays of one game in one int64 array (one argument to pass, not nine)."""
    k = len(owner)
    head = [k, len(payouts), len(costs), len(die), mult, players]
    return np.array(head + list(owner) + list(special) + list(payouts) + list(costs) + list(die)
                    + list(range(k)), dtype=np.int64)


@njit(cache=True)
def packed_values(rows, game, state):  # type: ignore[no-untyped-def]
    """``action_values`` from ``pack_game`` and a decision's ``state``:
    ``[me, cup, roll_delta, richest count, *order, *richest, *money, own0, own1, *action rows]``."""
    k, npay, ncost, ndie, mult, n = game[0], game[1], game[2], game[3], game[4], game[5]
    p = 6
    owner = game[p:p + k]
    p += k
    special = game[p:p + k]
    p += k
    payouts = game[p:p + npay]
    p += npay
    costs = game[p:p + ncost]
    p += ncost
    die = game[p:p + ndie]
    p += ndie
    everyone = game[p:p + k]
    me, cup, roll_delta, nrich = state[0], state[1], state[2], state[3]
    q = 4
    order = state[q:q + k]
    q += k
    richest = state[q:q + nrich]
    q += nrich
    money = state[q:q + n]
    q += n
    own = state[q:q + 2]
    idx = state[q + 2:]
    return action_values(rows, idx, order, owner, special, payouts, costs, mult, richest, me, n, die,
                         money, cup, roll_delta, own, everyone)
