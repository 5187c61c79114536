"""A King Lui house rule compiled with the game's steps, where it can be: its hook replaces the step it names.

A house rule's hook is compiled (``numba.njit``) as it is written, against a compiled view of the state: the
same names as the house-rule API (docs/king_lui.md "House rules: what a hook may use") over the kernels'
``int64`` record, and ``default`` bound to the compiled step the hook replaces. The view holds what a hook may
read and nothing it could change, so a rule compiled here cannot break the game's books:

* ``state.hands[seat][dish]``, ``state.king[dish]``, ``state.table[dish]``: a dish's pile of cards, which
  the compiled tier knows by its count only: ``len(pile)`` and ``if pile:`` work, reading which card lies
  where does not compile;
* ``state.held(seat)``, ``state.on_plate()``, ``state.on_table()``: counts per dish (copies);
* ``state.king_total``, ``state.chef``, ``state.game.players`` (the seats).

Hooks compiled today: ``scores`` (``default()`` is ``rules.score`` on the record). The outcome that calls it is
``compiled_rules.outcome`` with the hook in place of the score step, bound into the tier's game loop
(``compiled._play``) by ``cardgen.jit.bind``; the copies' names carry the rule file's SHA-256, so numba's disk
cache keeps one per rule text and a changed file compiles again.

Where a rule cannot compile (another hook, a name the view lacks, code numba refuses, a result that is not
two lists of whole numbers), ``compile_rule`` says why in one line naming the rule file's first line that
keeps it out, and the rule plays on the reference engine as before.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

import numpy as np
from numba import config, njit, types
from numba.core import cgutils
from numba.core.imputils import lower_builtin
from numba.extending import (intrinsic, make_attribute_wrapper, models, overload, overload_attribute,
                             overload_method, register_model)

from cardgen.games.king_lui.rules import C_DISHES, C_PLAYERS, HEADER, S_CHEF, S_KTOTAL, hand, score, winners
from cardgen.jit import bind

#: the hooks this module compiles (the others keep a rule on the reference engine)
COMPILED_HOOKS = ("scores",)


# -- the compiled values: numba types of a few fields each ------------------------------------------------------
def struct_type(name: str, doc: str, fields: list[tuple[str, Any]]) -> type:
    """A numba type (the class) whose values hold ``fields`` (name, numba type), read as ``_name`` in compiled code;
    ``name`` is how numba's messages call it (``why_not`` reads them)."""
    def init(self: Any) -> None:
        types.Type.__init__(self, name=name)

    def model(self: Any, dmm: Any, fe_type: Any) -> None:
        models.StructModel.__init__(self, dmm, fe_type, fields)

    # named as this module's attribute, so that pickle (numba's cache) finds the class again
    cls = type(f"{name}Type", (types.Type,), {"__init__": init, "__doc__": doc, "__module__": __name__})
    register_model(cls)(type(f"{name}Model", (models.StructModel,), {"__init__": model, "__module__": __name__}))
    for field, _ in fields:
        make_attribute_wrapper(cls, field, f"_{field}")
    return cls


def made(ty: Any, fields: list[tuple[str, Any]], context: Any, builder: Any, args: Any) -> Any:
    """An intrinsic's code: a value of ``ty`` holding ``args``, one per field (each one more reference held)."""
    value = cgutils.create_struct_proxy(ty)(context, builder)
    for (field, fty), arg in zip(fields, args):
        setattr(value, field, arg)
        context.nrt.incref(builder, fty, arg)
    return value._getvalue()


# -- a pile: a dish's cards, known by their count ----------------------------------------------------------------
_PILE = [("count", types.int64)]
KingLuiPileType = struct_type("KingLuiPile", "The numba type of one dish's pile in the compiled view (a count).", _PILE)
pile_type = KingLuiPileType()


@intrinsic
def _pile(typingctx: Any, count: Any) -> Any:
    """A pile of ``count`` cards."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(pile_type, _PILE, context, builder, args)
    return pile_type(types.int64), codegen


@overload(len)
def _pile_len(p):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(p, KingLuiPileType):
        return lambda p: p._count


@overload(bool)
def _pile_bool(p):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(p, KingLuiPileType):
        return lambda p: p._count != 0


# -- the view: the house-rule API's names over the kernels' record -----------------------------------------------
_RECORD = types.int64[::1]


_VIEW = [("s", _RECORD), ("n", types.int64), ("players", types.int64)]
KingLuiViewType = struct_type("KingLuiView", "The numba type of the compiled view of a King Lui state.", _VIEW)
view_type = KingLuiViewType()


@intrinsic
def _view(typingctx: Any, s: Any, n: Any, players: Any) -> Any:
    """The view of record ``s`` (``n`` dishes, ``players`` seats)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(view_type, _VIEW, context, builder, args)
    return view_type(_RECORD, types.int64, types.int64), codegen


def _piles_at(v: Any, at: int) -> Any:
    """The piles of the ``n`` dishes whose counts start at ``at``."""
    return [_pile(v._s[at + d]) for d in range(v._n)]


_piles = njit(inline="always")(_piles_at)
_hand = njit(inline="always")(hand)


@overload_attribute(KingLuiViewType, "king")
def _king(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: _piles(v, HEADER + v._n)


@overload_attribute(KingLuiViewType, "table")
def _table(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: _piles(v, HEADER)


@overload_attribute(KingLuiViewType, "hands")
def _hands(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: [_piles(v, _hand(v._n, q)) for q in range(v._players)]


@overload_method(KingLuiViewType, "held")
def _held(v, seat):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v, seat: v._s[_hand(v._n, seat):_hand(v._n, seat) + v._n].copy()


@overload_method(KingLuiViewType, "on_plate")
def _on_plate(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: v._s[HEADER + v._n:HEADER + 2 * v._n].copy()


@overload_method(KingLuiViewType, "on_table")
def _on_table(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: v._s[HEADER:HEADER + v._n].copy()


@overload_attribute(KingLuiViewType, "king_total")
def _king_total(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: v._s[S_KTOTAL]


@overload_attribute(KingLuiViewType, "chef")
def _chef(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: v._s[S_CHEF]


class GameView(NamedTuple):
    """``state.game`` as a compiled rule reads it: the seat count (``state.game.players``, as on the reference)."""

    players: int


@overload_attribute(KingLuiViewType, "game")
def _game(v):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda v: GameView(v._players)


# -- ``default``: the compiled step a hook replaces, called with no argument as in the reference -----------------
_DEFAULT = [("view", view_type)]
KingLuiScoresDefaultType = struct_type("KingLuiScoresDefault", "The numba type of the ``default`` a ``scores`` hook "
                                       "gets: ``rules.score`` on the view's record.", _DEFAULT)
scores_default_type = KingLuiScoresDefaultType()


@intrinsic
def _scores_default(typingctx: Any, v: Any) -> Any:
    """``default`` of a ``scores`` hook on view ``v``."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(scores_default_type, _DEFAULT, context, builder, args)
    return scores_default_type(view_type), codegen


_score = njit(score)


def _default_scores(d):  # noqa: ANN001, ANN201 - numba compares an overload's parameters with its typing's
    """The engine's own scores (``KingLuiState.scores``): two lists, points and discarded cards per seat."""
    v = d._view
    points = np.zeros(v._players, np.int64)
    lost = np.zeros(v._players, np.int64)
    _score(v._s, _hand(v._n, 0), v._s, HEADER + v._n, v._n, v._players, points, lost)
    return [x for x in points], [x for x in lost]


@overload_method(KingLuiScoresDefaultType, "__call__")
def _call_default(d):  # noqa: ANN001 - numba compares these with the implementation's
    return _default_scores


@lower_builtin(KingLuiScoresDefaultType, KingLuiScoresDefaultType)
def _lower_default(context: Any, builder: Any, sig: Any, args: Any) -> Any:
    return context.compile_internal(builder, _default_scores, sig, args)


# -- the same view as plain Python: the tier run with ``NUMBA_DISABLE_JIT=1`` (tests/test_tiers.py) ----------------
class _PyPile:
    """A pile as ``KingLuiPileType`` gives it: a count, nothing more."""

    def __init__(self, count: int) -> None:
        self._count = int(count)

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count != 0


class _PyView:
    """``KingLuiViewType`` as a Python object over the record ``s``."""

    def __init__(self, s: Any, n: int, players: int) -> None:
        self._s, self._n, self._players = s, int(n), int(players)
        self.king, self.table = _piles_at(self, HEADER + self._n), _piles_at(self, HEADER)
        self.hands = [_piles_at(self, hand(self._n, q)) for q in range(self._players)]
        self.king_total, self.chef, self.game = int(s[S_KTOTAL]), int(s[S_CHEF]), GameView(self._players)

    def held(self, seat: int) -> Any:
        return self._s[hand(self._n, seat):hand(self._n, seat) + self._n].copy()

    def on_plate(self) -> Any:
        return self._s[HEADER + self._n:HEADER + 2 * self._n].copy()

    def on_table(self) -> Any:
        return self._s[HEADER:HEADER + self._n].copy()


class _PyScoresDefault:
    """``KingLuiScoresDefaultType`` as a Python callable."""

    def __init__(self, view: _PyView) -> None:
        self._view = view

    def __call__(self) -> Any:
        return _default_scores(self)


if config.DISABLE_JIT:  # numba leaves every function Python: the view's types have no compiled code to run
    _pile, _view, _scores_default = _PyPile, _PyView, _PyScoresDefault  # type: ignore[assignment]  # noqa: F811


# -- the outcome with the hook in place of the score step --------------------------------------------------------
def _whole_numbers(x: Any) -> None:
    """Compiles only for a list (or array) of whole numbers: a hook's scores copied into the ``int64`` outcome."""


@overload(_whole_numbers)
def _whole_numbers_of(x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (types.List, types.Array)) and isinstance(x.dtype, types.Integer):
        return lambda x: None
    return None


_winners = njit(winners)


def hooked_outcome(s: Any, cfg: Any, scores: Any, won: Any, discarded: Any) -> int:
    """``compiled_rules.outcome`` with the house rule's ``scores`` (the global ``hook``) in place of ``rules.score``:
    the scores and discarded cards it returns, then ``rules.winners``. A result of another length than the seats
    stops the game (the reference engine fails it too)."""
    n = cfg[C_DISHES]
    players = cfg[C_PLAYERS]
    v = _view(s, n, players)
    points, lost = hook(v, _scores_default(v))  # noqa: F821 - bound by ``compile_rule``
    _whole_numbers(points)
    _whole_numbers(lost)
    if len(points) != players or len(lost) != players:
        raise ValueError("the house rule's scores must give one number per seat")
    for q in range(players):
        scores[q] = points[q]
        discarded[q] = lost[q]
    return _winners(scores, discarded, players, won)


@dataclass(frozen=True)
class Compiled:
    """A house rule compiled with King Lui's steps: the outcome its game loop calls."""

    outcome: Any  #: ``hooked_outcome`` bound to the rule's hook (a numba dispatcher)
    key: str  #: the rule file's SHA-256, first 12 digits: the compiled copies' names


_NUMBA_LINE = re.compile(r"at (\S+) \((\d+)\)")
_ATTRIBUTE = re.compile(r"Unknown attribute '(\w+)' of type (\w+)")


#: why a rule stays out: a key of ``cardgen/terminal.json`` (``house_why_*``) and its fields
Why = tuple[str, dict[str, str]]


def why_not(exc: BaseException, path: str) -> tuple[int | None, Why]:
    """The first line of the rule file ``path`` numba names in ``exc`` (None: none), and what it refused."""
    text = str(exc)
    line = next((int(m[2]) for m in _NUMBA_LINE.finditer(text) if m[1] == path), None)
    if m := _ATTRIBUTE.search(text):
        where = {"KingLuiView": "state.", "GameView": "state.game."}.get(m[2], "")
        return line, ("house_why_view", {"name": where + m[1]})
    if "_whole_numbers" in text:
        return line, ("house_why_numbers", {})
    if "KingLuiPile" in text:
        return line, ("house_why_pile", {})
    first = next((ln.strip() for ln in text.splitlines()
                  if ln.strip() and not ln.startswith(("Failed in", "During", "File", " ", "-"))), type(exc).__name__)
    return line, ("house_why_numba", {"text": first[:120]})


def compile_rule(rules: dict[str, Callable[..., Any]], path: str, sha256: str) -> Compiled | tuple[int, Why]:
    """The rule's hooks compiled with the game's steps, or (the first line of ``path`` that keeps them out, why).

    ``rules``: hook name -> the rule's function (``cardgen.house``); ``path``: the file they were loaded from.
    The hooked outcome is compiled here (not run), so that a refusal is seen now, not in a game."""
    others = [name for name in rules if name not in COMPILED_HOOKS]
    if others:
        fn = rules[others[0]]
        return fn.__code__.co_firstlineno, ("house_why_hook", {"hook": others[0], "hooks": ", ".join(COMPILED_HOOKS)})
    rule = rules["scores"]
    key = sha256[:12]
    outcome = bind(hooked_outcome, f"king_lui_{key}", None, hook=njit(rule, boundscheck=True))  # as Python: IndexError
    try:  # compiled, not run: a rule that never returns must not hang here, out of the supervisor's watch
        if hasattr(outcome, "compile"):  # not under NUMBA_DISABLE_JIT, where it stays Python
            outcome.compile((_RECORD, _RECORD, _RECORD, _RECORD, _RECORD))
    except Exception as exc:  # noqa: BLE001 - numba's refusal, said in one line
        line, why = why_not(exc, path)
        return (rule.__code__.co_firstlineno if line is None else line), why
    return Compiled(outcome, key)

