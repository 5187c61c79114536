"""The heuristic's forecast compiled, for the Python engine's look-ahead (issue 50 item 1).

A Draco house rule plays on the reference engine, and its default players judge the rule's new
actions by look-ahead: hundreds of short rollouts per game, each decision of them the heuristic's
(``agents.HeuristicAgent``). Its forecast, ``agents.values``, was 33 % of a ``validate draco-tip``
(py-spy, docs/DEVELOPING.md "Issue 50: Draco house rules faster"); the engine's steps, the rule's
hooks and their guard stay in Python. ``CompiledHeuristic`` is the same agent with ``values``
run as ``compiled_rules`` compiles it (the very function, ``cardgen.jit.bind``): every sum is of
integers, so both forms reach the same floats and the same choices, and the ties are drawn from the
same Python generator the same way: a game plays exactly the same moves, only faster.

The look-ahead asks for it (``agents.generic.CoveredAgent`` calls ``heuristic.Heuristic.for_rollouts``)
only where it plays rollouts, so a game without a house rule on the reference path still never loads
numba (tests/test_game_specs.py); and gets it only once it is compiled (``is_compiled``): the compiled tier's build
compiles it (``compile_now``, called by ``simulate.autoengine.warm`` through ``Heuristic.compile_rollouts``), so a
run's look-ahead never stops to compile it, and a machine that never built Draco's tier (the README's test tier)
never compiles it at all.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cardgen import jit
from cardgen.games.draco.agents import HeuristicAgent, Now, Scratch, Table, Who, _Forecast, _Tables
from cardgen.games.draco.compiled_rules import _richest, _values

_I64, _F64 = np.int64, np.float64
#: ``forecast``'s ``ints``: my seat, the players, the Zork multiplier, the cup, the rolled move, the rows
(I_ME, I_N, I_MULT, I_CUP, I_ROLL, I_M) = range(6)


@njit(cache=True, _nrt=False)
def forecast(T, S, rows, order, money, ints):  # type: ignore[no-untyped-def]
    """``agents.values`` on legal ``rows[:m]`` into ``S[3]``, as ``HeuristicAgent.choose`` calls it.

    ``T``: the game's tables (owner, special, payouts, costs, die, effects, every character code);
    ``S``: scratch (trial seating, richest seats, own characters, values, positions, a favour's best edge
    per face); ``ints``: ``I_ME``... (one array: this entry takes six arguments, each typed once).
    """
    me, n = ints[I_ME], ints[I_N]
    richest = S[1][:_richest(money, S[1])]
    own = S[2]
    own[0] = 2 * me
    own[1] = 2 * me + 1
    tb = Table(T[0], T[1], T[2], T[3], ints[I_MULT], T[4], T[5], T[6])
    _values(rows, ints[I_M], order, tb, Who(me, n, richest), Now(money, ints[I_CUP], ints[I_ROLL], own),
            Scratch(S[3], S[0], S[4], S[5]))


def _example() -> tuple[Any, ...]:
    """Arguments of ``forecast``'s one signature (the types ``CompiledHeuristic.forecast`` passes), no row to judge."""
    one, two = np.zeros(1, _I64), np.zeros((1, 3), _I64)
    tables = (one, one, one, one, one, two, one)
    scratch = (one, np.zeros(2, _I64), np.zeros(2, _I64), np.zeros(1, _F64), one, np.zeros(1, _F64))
    return tables, scratch, np.zeros((0, 2), _I64), np.zeros(2, _I64), np.zeros(2, _I64), np.zeros(6, _I64)


def compile_now() -> None:
    """Compile ``forecast`` into numba's cache without running it (a compiled tier's build: ``is_compiled`` then)."""
    from numba import typeof
    forecast.compile(tuple(typeof(a) for a in _example()))


def is_compiled() -> bool:
    """Whether numba's cache holds ``forecast`` for the current sources (``cardgen.jit``'s code key): the rollouts
    use it only then, never compiling it in a run."""
    return jit.is_cached(forecast)


class _Arrays:
    """One game's tables and scratch as ``forecast`` reads them, built once from the Python agent's ``_Tables``."""

    def __init__(self, t: _Tables, players: int) -> None:
        self.t = t  # kept so that the cache key (its id) is never reused by another object
        chars = len(t.owner)
        self.tables = (np.array(t.owner, _I64), np.array(t.special, _I64), np.array(t.payouts, _I64),
                       np.array(t.costs, _I64), np.array(t.die, _I64),
                       np.array(t.effects, _I64).reshape(len(t.effects), 3), np.array(t.everyone, _I64))
        self.ints = np.zeros(6, _I64)
        self.ints[I_N], self.ints[I_MULT] = players, t.mult
        self.scratch = (np.zeros(chars, _I64), np.zeros(players, _I64), np.zeros(2, _I64), np.zeros(8, _F64),
                        np.zeros(chars, _I64), np.zeros(max(1, len(t.die)), _F64))

    def room(self, m: int) -> tuple[Any, ...]:
        """The scratch, its values row grown to hold ``m`` (doubling, so a game grows it a few times at most)."""
        s = self.scratch
        if s[3].shape[0] < m:
            self.scratch = s = (s[0], s[1], s[2], np.zeros(max(m, 2 * s[3].shape[0]), _F64), s[4], s[5])
        return s


class CompiledHeuristic(HeuristicAgent):
    """``HeuristicAgent`` with its forecast compiled (``forecast``): the same choices from the same draws."""

    def __init__(self) -> None:
        self._arrays: dict[int, _Arrays] = {}

    def for_rollouts(self) -> "CompiledHeuristic":
        """Already the rollouts' form."""
        return self

    def forecast(self, t: _Tables, f: _Forecast, rows: list[tuple[int, ...]],
                 observation: dict[str, Any]) -> list[float]:
        """``values`` of ``rows`` compiled, as a list of Python floats (the same numbers as the Python form's)."""
        a = self._arrays.get(id(t))
        if a is None or a.t is not t:
            a = self._arrays[id(t)] = _Arrays(t, f.n)
        m = len(rows)
        scratch = a.room(m)
        ints = a.ints
        ints[I_ME], ints[I_CUP], ints[I_ROLL], ints[I_M] = f.me, observation["cup"], observation["roll_delta"], m
        forecast(a.tables, scratch, np.array(rows, _I64), np.array(f.order, _I64), np.array(observation["money"], _I64),
                 ints)
        return scratch[3][:m].tolist()
