"""A King Lui house rule compiled with the game's steps, where it can be: its hook replaces the step it names.

A house rule's hook is compiled (``numba.njit``) as it is written, against a compiled view of the state: the
same names as the house-rule API (docs/king_lui.md "House rules: what a hook may use") over the kernels'
``int64`` record, and ``default`` bound to the compiled step the hook replaces. The view holds what a hook may
read and only the changes of the game's own steps, so a rule compiled here cannot break the game's books:

* ``state.hands[seat][dish]``, ``state.king[dish]``, ``state.table[dish]``: a dish's pile of cards, which
  the compiled tier knows by its count only: ``len(pile)`` and ``if pile:`` work, reading which card lies
  where does not compile;
* ``state.held(seat)``, ``state.on_plate()``, ``state.on_table()``: counts per dish (copies);
* ``state.king_total``, ``state.chef``, ``state.current_player``, ``state.turns``, ``state.rounds``,
  ``state.game.players`` (the seats);
* ``state.end_turn()``, the one helper that changes the position: the turn closed and the flow run on to the next
  decision (``compiled_rules.settle``).

An action is the reference's tuple of words (``("take", "soup")``, ``("draw",)``, ``("pass",)``): in compiled code
a ``KingLuiActionType`` (its code and its words), which reads as the tuple (``action[0]``, ``len(action)``,
``action == ("pass",)``), and a tuple of words converts to it, so ``legal.append(("pass",))`` compiles. The loop
learns the actions a rule adds as it meets them (``Words``: code ``len(game actions) + i``) and records them as
the reference's tuples.

Hooks compiled today, each in place of the step it replaces in the tier's game loop (``compiled._play``, bound
by ``cardgen.jit.bind``):

* ``scores``: ``default()`` is ``rules.score`` on the record; the outcome is ``compiled_rules.outcome`` with the
  hook in place of the score step (``hooked_outcome``);
* ``legal_actions``: ``default()`` is a new list of the game's own legal actions (their codes, made actions as the
  rule reads them: ``KingLuiActionsType``; numba's typed list for a rule that does more with it than that offers);
  the loop plays the codes of the list the hook returns (``hooked_legal``);
* ``apply``: ``default(action)`` is ``compiled_rules.apply`` of one of the game's actions legal now (any other
  raises, and the game is replayed on the reference engine for its one line) (``hooked_apply``).

The default players judge the actions a rule adds by the covered heuristic's look-ahead (``cardgen.agents.generic
.CoveredAgent``), compiled with the rule: ``cover`` binds ``cardgen.engine.coverloop``'s decision to the kernels below
(the game's own legal codes, the rule's, its ``apply``, the heuristic, ``determinize``, the standings through the
rule's ``scores``), so those players' games are the reference engine's too. The copies' names carry a digest of the
rule's module name (its file's name and content's SHA-256), so numba's disk cache keeps one per rule file and text and
a changed file compiles again.

Where a rule cannot compile (another hook, a name the view lacks, a value kept on the state, a generator
expression, code numba refuses, scores that are not two lists of whole numbers), ``compile_rule`` says why in one
line naming the rule file's first line that keeps it out, and the rule plays on the reference engine as before.
"""
from __future__ import annotations

import functools
import operator
import re
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba import typeof as numba_typeof
from numba.core import cgutils
from numba.core.imputils import RefType, impl_ret_new_ref, iternext_impl, lower_builtin, lower_cast
from numba.core.typeconv import Conversion
from numba.extending import (intrinsic, make_attribute_wrapper, models, overload, overload_attribute,
                             overload_method, register_model, typeof_impl)

from numba.cpython.unicode import UnicodeModel, _cmp_region
from numba.typed import Dict, List
from numba.typed.listobject import _container_get_data, ll_list_type

from cardgen.engine import fastrng
from cardgen.engine.coverloop import COVER_KINDS, bind_cover
from cardgen.games.king_lui import compiled_rules as core
from cardgen.games.king_lui.compiled_rules import _ADVANCE, settle
from cardgen.games.king_lui.compiled_rules import apply as _apply_code
from cardgen.games.king_lui.compiled_rules import legal as _legal_codes
from cardgen.games.king_lui.rules import (C_DISHES, C_PLAYERS, HEADER, PLAYING, S_CHEF, S_END, S_KTOTAL, S_PLAYER,
                                          S_ROUNDS, S_TURNS,
                                          hand, score, winners)
from cardgen.jit import bind

#: the hooks this module compiles (the others keep a rule on the reference engine)
COMPILED_HOOKS = ("scores", "legal_actions", "apply")
#: how the ``legal_actions`` and ``apply`` hooks compile: inlined in the steps that call them, run at every decision
#: of every look-ahead and search rollout (a call passed the view and ``default``, a dozen counted references each
#: way: a search game on the "pass" rule took 12 % longer, on a hook returning ``default()`` 15 %)
HOOK = {"boundscheck": True, "inline": "always"}
#: between the words of an action in its compiled form (``("take", "soup")`` is ``"take\x1fsoup"``): a character no
#: dish id holds (ids are YAML keys a designer types)
SEP = "\x1f"


# -- the compiled values: numba types of a few fields each ------------------------------------------------------
def struct_type(name: str, doc: str, fields: list[tuple[str, Any]], counted: tuple[str, ...] | None = None) -> type:
    """A numba type (the class) whose values hold ``fields`` (name, numba type), read as ``_name`` in compiled code;
    ``name`` is how numba's messages call it (``why_not`` reads them); ``counted``: as ``struct_model``'s."""
    def init(self: Any) -> None:
        types.Type.__init__(self, name=name)

    # named as this module's attribute, so that pickle (numba's cache) finds the class again
    cls = type(f"{name}Type", (types.Type,), {"__init__": init, "__doc__": doc, "__module__": __name__})
    struct_model(cls, name, fields, counted=counted)
    return cls


def struct_model(cls: type, name: str, fields: list[tuple[str, Any]], read: bool = True,
                 counted: tuple[str, ...] | None = None) -> None:
    """Values of the numba type ``cls`` hold ``fields`` (name, numba type), read as ``_name`` in compiled code where
    ``read``; ``name`` names the model. ``counted``: the fields a value holds a reference of (None: all); the others
    are ``borrowed`` by every maker of such a value (what the loop's context keeps alive), and numba counts no
    reference of them when it copies the value: a hook's ``default`` held the view and ``Words``, a dozen counts
    (each a call) each time it was made, copied or dropped, at every step of every look-ahead."""
    def model(self: Any, dmm: Any, fe_type: Any) -> None:
        models.StructModel.__init__(self, dmm, fe_type, fields)

    def traverse(self: Any, builder: Any) -> list[tuple[Any, Any]]:
        members = models.StructModel.traverse(self, builder)
        return [m for m, (field, _) in zip(members, fields) if counted is None or field in counted]

    register_model(cls)(type(f"{name}Model", (models.StructModel,),
                             {"__init__": model, "traverse": traverse, "counted": counted, "__module__": __name__}))
    for field, _ in fields if read else ():
        make_attribute_wrapper(cls, field, f"_{field}")


def made(ty: Any, fields: list[tuple[str, Any]], context: Any, builder: Any, args: Any) -> Any:
    """An intrinsic's code: a value of ``ty`` holding ``args``, one per field (one more reference held of each field
    its model counts: ``struct_model``)."""
    counted = context.data_model_manager[ty].counted
    value = cgutils.create_struct_proxy(ty)(context, builder)
    for (field, fty), arg in zip(fields, args):
        setattr(value, field, arg)
        if counted is None or field in counted:
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


_TABLE = types.int64[:, ::1]
_VIEW = [("s", _RECORD), ("n", types.int64), ("players", types.int64), ("cfg", _RECORD), ("combos", _TABLE),
         ("gaps", _TABLE)]
#: counts no reference of its arrays (``struct_model``): every maker's outlive it (``play_view``, ``hooked_outcome``)
KingLuiViewType = struct_type("KingLuiView", "The numba type of the compiled view of a King Lui state.", _VIEW,
                              counted=())
view_type = KingLuiViewType()


@intrinsic
def _view(typingctx: Any, s: Any, n: Any, players: Any, cfg: Any, combos: Any, gaps: Any) -> Any:
    """The view of record ``s`` (``n`` dishes, ``players`` seats), with what its helpers need to play on: the rule
    numbers ``cfg``, the Emerald combinations ``combos`` and the gap log ``gaps``."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(view_type, _VIEW, context, builder, args)
    return view_type(_RECORD, types.int64, types.int64, _RECORD, _TABLE, _TABLE), codegen


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


#: the view's numbers read straight from the record: name -> the record's field
SCALARS = {"king_total": S_KTOTAL, "chef": S_CHEF, "current_player": S_PLAYER, "turns": S_TURNS, "rounds": S_ROUNDS}


def _scalar(field: int) -> Callable[[Any], Any]:
    """The overload of a view attribute that reads the record's ``field``."""
    def attribute(v):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
        return lambda v: v._s[field]
    return attribute


for _name, _field in SCALARS.items():
    overload_attribute(KingLuiViewType, _name)(_scalar(_field))


def _end_turn_of(v):  # noqa: ANN001, ANN201 - numba compares an overload's parameters with its typing's
    """``KingLuiState.end_turn``: the turn closed (``rules.advance``) and the flow run on to the next decision."""
    settle(v._s, v._cfg, v._gaps, _ADVANCE)


@overload_method(KingLuiViewType, "end_turn")
def _end_turn(v):  # noqa: ANN001 - numba compares these with the implementation's
    return _end_turn_of


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


def called(ty: type, impl: Callable[[Any], Any]) -> None:
    """Values of numba type ``ty`` made callable with no argument in compiled code: ``d()`` runs ``impl(d)`` (a hook's
    ``default``)."""
    def typing(d):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
        return impl

    overload_method(ty, "__call__")(typing)
    lower_builtin(ty, ty)(lambda context, builder, sig, args: inlined(context, builder, impl, sig, args))


def inlined(context: Any, builder: Any, impl: Callable[..., Any], sig: Any, args: Any) -> Any:
    """``context.compile_internal``, the compiled ``impl`` marked for LLVM to inline where it is called: a hook's
    ``default()`` is called at every step of every look-ahead, and as a call numba passes each member of its value
    (the view's arrays, the ``Words``' containers) one by one, some sixty stores a call; numba's own
    ``inline="always"`` does not reach a value's ``__call__``."""
    cres = context.compile_subroutine(builder, impl, sig)
    function = cres.library.get_function(cres.fndesc.llvm_func_name)
    if marks_inline() and b"alwaysinline" not in b" ".join(function.attributes).split():  # once: numba keeps one
        function.add_function_attribute("alwaysinline")  # for every caller
    return context.call_internal(builder, cres.fndesc, sig, args)


@functools.cache
def marks_inline() -> bool:
    """Whether this llvmlite marks a function where LLVM reads the mark: 0.43 (the lowest numba 0.60 takes) puts
    ``add_function_attribute``'s on the return value, which LLVM's verifier refuses. Without it, ``inlined`` leaves
    numba's call as it is: slower, the same results."""
    from llvmlite import binding

    module = binding.parse_assembly("define i64 @f(i64 %x) {\n  ret i64 %x\n}")
    module.get_function("f").add_function_attribute("alwaysinline")
    try:
        module.verify()
    except RuntimeError:
        return False
    return True


called(KingLuiScoresDefaultType, _default_scores)


# -- a word of an action: a string whose ``==`` and ``!=`` compile where they are written ---------------------------
class KingLuiWordType(types.UnicodeType):
    """The numba type of an action's first word (``action[0]``): numba's string, compared inline.

    A rule reads ``action[0] == "take"`` for every action of every listing, at every rollout step of a search. numba's
    own string ``==`` is a call that copies both strings (two counted references each) and was a sixth of a search
    game on such a rule (``perf``). This type is numba's string in everything (its model, its methods, a safe
    conversion wherever a ``str`` is expected) but ``==`` and ``!=``: ``unicode_eq`` leaves a type defined outside
    numba to the type's own (``is_internal``), and ours are registered for the CPU target, so that they are found
    before numba's generic ones (``charseq_eq`` takes any string). They compare the lengths, then the characters, in
    the caller's code (``_same_word``). The result is Python's."""

    def __init__(self) -> None:
        types.UnicodeType.__init__(self, name="KingLuiWord")

    def can_convert_to(self, typingctx: Any, other: Any) -> Any:
        if type(other) is types.UnicodeType:
            return Conversion.safe
        return None


register_model(KingLuiWordType)(UnicodeModel)
word_type = KingLuiWordType()


@lower_cast(KingLuiWordType, types.UnicodeType)
def _same_layout(context: Any, builder: Any, fromty: Any, toty: Any, val: Any) -> Any:
    """The same value in the same layout (a word as a string; a lent word or action as a counted one): nothing to do.
    numba counts the copy it makes of a cast's result where it keeps it, as the target type says."""
    return val


class _LentUnicodeModel(UnicodeModel):
    """numba's string model, but no copy of it counts a reference (``KingLuiLentWordType``)."""

    def traverse(self, builder: Any) -> list[tuple[Any, Any]]:
        return []


class KingLuiLentWordType(KingLuiWordType):
    """A word of an action the loop lends (``KingLuiLentActionType``): a ``KingLuiWordType`` whose string ``Words``
    keeps for the whole search, so that numba counts no reference of it. Where a rule makes it an ordinary string
    (a ``str`` expected, a branch joining it with one), it converts, and numba counts that copy as any other."""

    def __init__(self) -> None:
        types.UnicodeType.__init__(self, name="KingLuiLentWord")

    def can_convert_to(self, typingctx: Any, other: Any) -> Any:
        if type(other) in (types.UnicodeType, KingLuiWordType):
            return Conversion.safe
        return None


register_model(KingLuiLentWordType)(_LentUnicodeModel)
lent_word_type = KingLuiLentWordType()


lower_cast(KingLuiLentWordType, types.UnicodeType)(_same_layout)
lower_cast(KingLuiLentWordType, KingLuiWordType)(_same_layout)


@intrinsic
def _same_word(typingctx: Any, a: Any, b: Any) -> Any:
    """``a == b`` of two strings, as Python compares them, in the caller's code: the lengths, then (same kind, as
    numba's strings of the same words are) the bytes; numba's own code-point compare for strings of two kinds. An
    intrinsic, not an inlined function: numba's inliner warns ("not in scope") of a branch it inlined."""
    if not (isinstance(a, _STRINGS) and isinstance(b, _STRINGS)):
        return None

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        x, y = (cgutils.create_struct_proxy(types.unicode_type)(context, builder, value=v) for v in args)
        same = cgutils.alloca_once_value(builder, cgutils.false_bit)
        with builder.if_then(builder.icmp_signed("==", x.length, y.length)):
            with builder.if_else(builder.icmp_signed("==", x.kind, y.kind)) as (bytewise, by_code):
                with bytewise:
                    size = builder.mul(x.length, builder.sext(x.kind, x.length.type))
                    xs, ys = (builder.bitcast(v.data, cgutils.int8_t.as_pointer()) for v in (x, y))
                    differ = cgutils.alloca_once_value(builder, cgutils.int8_t(0))
                    with cgutils.for_range(builder, size) as loop:
                        both = builder.xor(builder.load(builder.gep(xs, [loop.index])),
                                           builder.load(builder.gep(ys, [loop.index])))
                        builder.store(builder.or_(builder.load(differ), both), differ)
                    builder.store(builder.icmp_unsigned("==", builder.load(differ), cgutils.int8_t(0)), same)
                with by_code:
                    builder.store(context.compile_internal(
                        builder, lambda a, b: _cmp_region(a, 0, b, 0, len(a)) == 0,
                        types.boolean(types.unicode_type, types.unicode_type), args), same)
        return builder.load(same)
    return types.boolean(types.unicode_type, types.unicode_type), codegen


_STRINGS = (types.UnicodeType, types.StringLiteral)
#: the longest literal ``_same_word`` compares byte by byte in the caller's code (an action's word is a few letters)
_LITERAL_BYTES = 32


def _literal_word(t: Any) -> tuple[int, bytes] | None:
    """(numba's kind, the bytes) of a string literal's value as numba holds it (one, two or four bytes a character,
    the fewest that hold its largest), where it is short enough to compare inline; else None."""
    if not isinstance(t, types.StringLiteral):
        return None
    value = t.literal_value
    top = max(map(ord, value), default=0)
    kind, codec = (1, "latin-1") if top < 256 else (2, "utf-16-le") if top < 65536 else (4, "utf-32-le")
    data = value.encode(codec)
    return (kind, data) if len(data) <= _LITERAL_BYTES else None


def _same_as(value: str, kind: int, data: bytes) -> Any:
    """An intrinsic: ``x == value`` of a string ``x`` and a literal (``action[0] == "take"``), in the caller's code.
    The literal's length, kind and bytes are constants: a length test and a few byte tests, no loop; a string of
    another kind than the literal's (numba may keep a wider one) is compared by numba's code-point compare. One per
    literal (``_SAME_AS``): numba hands an overload the literal, but not the function the overload returns."""
    def typing(typingctx: Any, x: Any) -> Any:
        if not isinstance(x, _STRINGS):
            return None

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            s = cgutils.create_struct_proxy(types.unicode_type)(context, builder, value=args[0])
            same = cgutils.alloca_once_value(builder, cgutils.false_bit)
            with builder.if_then(builder.icmp_signed("==", s.length, s.length.type(len(data) // kind))):
                with builder.if_else(builder.icmp_signed("==", s.kind, s.kind.type(kind))) as (bytewise, by_code):
                    with bytewise:
                        xs = builder.bitcast(s.data, cgutils.int8_t.as_pointer())
                        equal = cgutils.true_bit
                        for j, byte in enumerate(data):
                            here = builder.load(builder.gep(xs, [cgutils.intp_t(j)]))
                            equal = builder.and_(equal, builder.icmp_unsigned("==", here, cgutils.int8_t(byte)))
                        builder.store(equal, same)
                    with by_code:
                        builder.store(context.compile_internal(
                            builder, lambda a: _cmp_region(a, 0, value, 0, len(a)) == 0,
                            types.boolean(types.unicode_type), args), same)
            return builder.load(same)
        return types.boolean(types.unicode_type), codegen
    typing.__name__ = typing.__qualname__ = f"same_as_{len(_SAME_AS)}"
    return intrinsic(typing)


#: ``_same_as``'s intrinsic of each literal compared
_SAME_AS: dict[str, Any] = {}


def _same_as_literal(t: Any) -> Any:
    """The intrinsic that compares a string with literal ``t``'s value (``_same_as``), or None (not a literal, or
    too long to compare inline)."""
    word = _literal_word(t)
    if word is None:
        return None
    if t.literal_value not in _SAME_AS:
        _SAME_AS[t.literal_value] = _same_as(t.literal_value, *word)
    return _SAME_AS[t.literal_value]


@overload(operator.eq, inline="always", target="cpu", prefer_literal=True)  # a literal's compare: no loop
def _word_eq(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiWordType) or isinstance(b, KingLuiWordType):
        if isinstance(a, _STRINGS) and isinstance(b, _STRINGS):
            same_as_b, same_as_a = _same_as_literal(b), _same_as_literal(a)
            if same_as_b is not None:
                return lambda a, b: same_as_b(a)
            if same_as_a is not None:
                return lambda a, b: same_as_a(b)
            return lambda a, b: _same_word(a, b)
        if not isinstance(a, types.Optional) and not isinstance(b, types.Optional):
            return lambda a, b: False  # a word and a value of another type, as numba's strings compare them


@overload(operator.ne, inline="always", target="cpu", prefer_literal=True)
def _word_ne(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiWordType) or isinstance(b, KingLuiWordType):
        same_as_b, same_as_a = _same_as_literal(b), _same_as_literal(a)  # the literal, which ``a == b`` would lose
        if same_as_b is not None:
            return lambda a, b: not same_as_b(a)
        if same_as_a is not None:
            return lambda a, b: not same_as_a(b)
        if not isinstance(a, types.Optional) and not isinstance(b, types.Optional):
            return lambda a, b: not a == b  # ``_word_eq``'s


# -- an action: the reference's tuple of words, known by its code and its words -----------------------------------
class KingLuiActionType(types.Type):
    """The numba type of an action in a compiled hook: its code (``rules``' codes, then the ones a rule added; -1 for a
    tuple the rule wrote, until the loop knows its code) and its words joined by ``SEP``. A tuple of words converts to
    it, so ``legal.append(("pass",))`` compiles; ``action[0]``, ``len(action)`` and ``==`` read it as the tuple."""

    def __init__(self) -> None:
        super().__init__(name="KingLuiAction")

    def can_convert_from(self, typingctx: Any, other: Any) -> Any:
        if isinstance(other, types.BaseTuple) and all(isinstance(t, _STRINGS) for t in other):  # words written out too
            return Conversion.safe
        return None


_ACTION = [("code", types.int64), ("joined", types.unicode_type), ("kind", word_type)]
struct_model(KingLuiActionType, "KingLuiAction", _ACTION)
action_type = KingLuiActionType()


@intrinsic
def _action(typingctx: Any, code: Any, joined: Any, kind: Any) -> Any:
    """The action of ``code`` whose words are ``joined``, the first one ``kind`` (kept apart: ``action[0]`` is what
    rules read most, at every decision)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(action_type, _ACTION, context, builder, args)
    return action_type(types.int64, types.unicode_type, types.unicode_type), codegen


class KingLuiLentActionType(KingLuiActionType):
    """An action the loop lends a hook (an item of ``default()``'s list as ``for action in legal`` reads it, the
    action an ``apply`` hook gets): its words are ``Words``' own, kept for the whole search, so numba counts no
    reference of it or of its words (``KingLuiLentWordType``). It reads as ``KingLuiActionType`` does; where a rule
    joins it with another action or a tuple of words (a variable given both), the two become ``KingLuiActionType``.
    Why: counting an item's two words, then its first word read, was six calls into numba's runtime for every action
    of every listing, at every step of every look-ahead (``perf``)."""

    def __init__(self) -> None:
        types.Type.__init__(self, name="KingLuiLentAction")

    def can_convert_from(self, typingctx: Any, other: Any) -> Any:
        return None  # a tuple of words becomes a ``KingLuiActionType``: its words are its own, not ``Words``'

    def can_convert_to(self, typingctx: Any, other: Any) -> Any:
        if type(other) is KingLuiActionType:
            return Conversion.safe
        return None

    def unify(self, typingctx: Any, other: Any) -> Any:
        if type(other) is KingLuiActionType or _words_tuple(other):
            return action_type
        return None


_LENT_ACTION = [("code", types.int64), ("joined", lent_word_type), ("kind", lent_word_type)]
struct_model(KingLuiLentActionType, "KingLuiLentAction", _LENT_ACTION, counted=())
lent_action_type = KingLuiLentActionType()


@intrinsic
def _lent_action(typingctx: Any, code: Any, joined: Any, kind: Any) -> Any:
    """``_action`` lent: ``joined`` and ``kind`` are ``Words``' strings (the caller's ``_listed``)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(lent_action_type, _LENT_ACTION, context, builder, args)
    return lent_action_type(types.int64, types.unicode_type, types.unicode_type), codegen


lower_cast(KingLuiLentActionType, KingLuiActionType)(_same_layout)


@lower_cast(types.BaseTuple, KingLuiActionType)
def _tuple_to_action(context: Any, builder: Any, fromty: Any, toty: Any, val: Any) -> Any:
    """A tuple of words a rule wrote, as an action whose code the loop finds (-1 until then)."""
    if len(fromty) == 1:  # ``("pass",)``, at every decision of such a rule: its one word, no new string joined
        return context.compile_internal(builder, lambda t: _action(-1, t[0], t[0]), action_type(fromty), [val])
    return context.compile_internal(builder, lambda t: _action(-1, SEP.join(t), t[0] if len(t) else ""),
                                    action_type(fromty), [val])


@intrinsic
def _as_str(typingctx: Any, word: Any) -> Any:
    """A word (``KingLuiWordType``, ``KingLuiLentWordType``) as numba's own string type, the same string: numba's
    slicing, on which its ``split`` rests, takes that type only."""
    if not isinstance(word, types.UnicodeType):
        return None

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        context.nrt.incref(builder, types.unicode_type, args[0])  # a new reference, as an intrinsic's result is
        return args[0]
    return types.unicode_type(word), codegen


@overload(len)
def _action_len(a):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionType):
        return lambda a: len(_as_str(a._joined).split(SEP))


@overload(operator.getitem, inline="always")
def _action_kind(a, i):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionType) and isinstance(i, types.IntegerLiteral) and i.literal_value == 0:
        return lambda a, i: a._kind  # the first word as ``KingLuiWordType``: compared inline


@overload(operator.getitem)
def _action_word(a, i):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionType) and isinstance(i, types.Integer):
        return lambda a, i: _as_str(a._kind) if i == 0 else _as_str(a._joined).split(SEP)[i]


def _words_tuple(t: Any) -> bool:
    """Whether numba type ``t`` is a tuple of strings (what an action reads as)."""
    return isinstance(t, types.BaseTuple) and all(isinstance(x, _STRINGS) for x in t)


@overload(operator.eq, inline="always", prefer_literal=True)
def _action_eq_one(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionType) and isinstance(b, KingLuiActionType):
        return lambda a, b: _same_word(a._joined, b._joined)
    if isinstance(a, KingLuiActionType) and _words_tuple(b) and len(b) == 1:  # ``action == ("pass",)``: no join
        same_as = _same_as_literal(b[0])  # the word written out: compared as a literal (``_same_as``)
        if same_as is not None:
            return lambda a, b: same_as(a._joined)
        return lambda a, b: _same_word(a._joined, b[0])
    if isinstance(b, KingLuiActionType) and _words_tuple(a) and len(a) == 1:
        same_as = _same_as_literal(a[0])
        if same_as is not None:
            return lambda a, b: same_as(b._joined)
        return lambda a, b: _same_word(b._joined, a[0])


@overload(operator.eq)
def _action_eq(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionType) and _words_tuple(b):
        return lambda a, b: len(b) > 0 and a._kind == b[0] and _same_word(a._joined, SEP.join(b))
    if isinstance(b, KingLuiActionType) and _words_tuple(a):
        return lambda a, b: len(a) > 0 and b._kind == a[0] and _same_word(b._joined, SEP.join(a))


@overload(operator.ne, inline="always")
def _action_ne(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionType) or isinstance(b, KingLuiActionType):
        return lambda a, b: not a == b


def borrowed(x: Any) -> Any:
    """``x`` (an array, a string, a typed list or dict) as a copy that the runtime never counts references of.

    numba counts a reference (an atomic add, then a subtract) each time a value holding an array or a string is
    copied: a view made, an action put in a list, read back, passed on. A hook runs at every decision of every
    look-ahead sample, and those counts took over half of a covered game's time (``perf``: the two atomic
    functions, 57 % of the samples). A borrowed copy is for a value something else keeps alive for longer than the
    copy lives: the loop's record and tables (the loop's context holds them), a string a typed list of ``Words``
    holds (the lists only grow). Python counts its own: there, ``x`` itself."""
    return x


@overload(borrowed)
def _borrowed_of(x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (types.Array, types.UnicodeType, types.ListType, types.DictType)):
        return lambda x: _borrowed(x)
    if isinstance(x, types.NamedTuple) and x.instance_class is Words:  # lent as ``KingLuiWordsType``
        return lambda x: _lent_words(borrowed(x.words), borrowed(x.kinds), borrowed(x.index), borrowed(x.extras),
                                     borrowed(x.bwords), borrowed(x.bkinds), borrowed(x.acts))
    if isinstance(x, types.NamedTuple):
        return _lent(x)
    if isinstance(x, KingLuiWordsType):  # lent already
        return lambda x: x
    if isinstance(x, (types.Number, types.Boolean)):
        return lambda x: x
    return None


def _lent(ty: Any) -> Callable[[Any], Any]:
    """``borrowed`` of a named tuple of type ``ty``: the same tuple, each member borrowed (nested ones too), so that a
    context passed into inlined code (a loop's ``HouseContext``: some fifty arrays and typed containers) costs no
    reference count per member each time."""
    members = ", ".join(f"borrowed(x[{i}])" for i in range(len(ty)))
    scope = {"borrowed": borrowed, "made": ty.instance_class}
    exec(f"def lend(x):\n    return made({members})\n", scope)  # noqa: S102 - our own text: one call per member
    return scope["lend"]


@intrinsic
def _borrowed(typingctx: Any, x: Any) -> Any:
    """``borrowed`` in compiled code: the value's fields, its meminfo (and parent object) null."""

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        value = cgutils.create_struct_proxy(sig.args[0])(context, builder, value=args[0])
        value.meminfo = cgutils.get_null_value(value.meminfo.type)
        if not isinstance(sig.args[0], (types.ListType, types.DictType)):  # typed containers have no parent object
            value.parent = cgutils.get_null_value(value.parent.type)
        return value._getvalue()
    return x(x), codegen


def _listed(lst: Any, i: int) -> Any:
    """``lst[i]`` of a typed list of strings or actions, for an ``i`` the caller knows in range; in compiled code read
    in place and ``borrowed`` (``_listed_item``). Python reads it as Python does (the ``Words`` helpers run there too)."""
    return lst[i]


@overload(_listed)
def _listed_of(lst, i):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda lst, i: _listed_item(lst, i)


@intrinsic
def _listed_item(typingctx: Any, lst: Any, i: Any) -> Any:
    """``_listed`` in compiled code: ``Words``' lists only grow, and the loop keeps them. numba's own ``lst[i]`` is a
    call into its C helpers and a counted copy: in ``hooked_apply`` at every step of every look-ahead, 4 % of a search
    game on a rule."""
    item = getattr(lst, "item_type", None)
    if not (isinstance(lst, types.ListType) and isinstance(item, (types.UnicodeType, KingLuiActionType))
            and isinstance(i, types.Integer)):
        return None

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        base = builder.call(_list_base(builder), [_container_get_data(context, builder, sig.args[0], args[0])])
        at = cgutils.gep(builder, builder.bitcast(base, context.get_data_type(item).as_pointer()), args[1])
        value = context.data_model_manager[item].load_from_data_pointer(builder, at)
        if isinstance(item, types.UnicodeType):  # an action's strings are borrowed already (``_words_from``)
            word = cgutils.create_struct_proxy(item)(context, builder, value=value)
            word.meminfo = cgutils.get_null_value(word.meminfo.type)
            word.parent = cgutils.get_null_value(word.parent.type)
            value = word._getvalue()
        return value
    return item(lst, i), codegen


@intrinsic
def _alive(typingctx: Any, a: Any, b: Any) -> Any:
    """Nothing: a use of ``a`` and ``b``, so that numba keeps them until here (a view holds them uncounted)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return context.get_dummy_value()
    return types.none(a, b), codegen


def _list_base(builder: Any) -> Any:
    """numba's C helper that gives where a typed list keeps its items (as numba's own ``getitem`` finds them)."""
    return cgutils.get_or_insert_function(builder.module, ir.FunctionType(cgutils.voidptr_t, [ll_list_type]),
                                          "numba_list_base_ptr")


class Words(NamedTuple):
    """How the loop names actions: ``words[code]`` of the game's own codes, ``index`` back to the code, and the
    actions rules added in play (``extras``: code ``len(words) + i``), learnt as the games meet them."""

    words: Any  #: typed List of str
    kinds: Any  #: typed List of str: each code's first word (the game's codes, then the ones rules added)
    index: Any  #: typed Dict str -> int
    extras: Any  #: typed List of str
    #: ``words``' and ``kinds``' strings ``borrowed`` (the two lists keep them): what the hot paths read
    #: (``words_of_code``, ``kind_of_code``), so that an action costs no reference count
    bwords: Any
    bkinds: Any
    #: typed List of the game's own actions by code (``_action``, borrowing those strings): what ``default()`` of a
    #: ``legal_actions`` hook copies, one read an action instead of two and no action made (a call 583 -> 528 ns)
    acts: Any


#: between the actions given to ``_words_from`` (no dish id holds it either)
_NEXT = "\x1e"


@njit(cache=True)
def _words_from(joined, kinds, n):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
    """``Words``' containers of ``n`` actions whose words and first words are ``joined`` and ``kinds`` (each set apart
    by ``_NEXT``), made in compiled code, from numba's disk cache: typed containers filled from Python compile their
    methods again in every process (about 2 s, in each worker of a run)."""
    words, firsts, index, extras = (List.empty_list(types.unicode_type), List.empty_list(types.unicode_type),
                                    Dict.empty(types.unicode_type, types.int64), List.empty_list(types.unicode_type))
    bwords, bkinds = List.empty_list(types.unicode_type), List.empty_list(types.unicode_type)
    acts = List.empty_list(action_type)
    if n == 0:
        return words, firsts, index, extras, bwords, bkinds, acts
    for c, w in enumerate(joined.split(_NEXT)):
        words.append(w)
        index[w] = c
    for k in kinds.split(_NEXT):
        firsts.append(k)
    for c in range(n):  # the lists hold the strings; the copies borrow them
        bwords.append(borrowed(words[c]))
        bkinds.append(borrowed(firsts[c]))
        acts.append(_action(c, bwords[c], bkinds[c]))
    return words, firsts, index, extras, bwords, bkinds, acts


def words_of(action_of: tuple[tuple[str, ...], ...]) -> Words:
    """The ``Words`` of a game whose code ``c`` is ``action_of[c]`` (typed containers; Python's under
    ``NUMBA_DISABLE_JIT``)."""
    joined = [SEP.join(a) for a in action_of]
    kinds = [a[0] if a else "" for a in action_of]
    if config.DISABLE_JIT:
        return Words(joined, kinds, {w: c for c, w in enumerate(joined)}, [], joined, list(kinds),
                     [_action(c, w, k) for c, (w, k) in enumerate(zip(joined, kinds))])
    return Words(*_words_from(_NEXT.join(joined), _NEXT.join(kinds), len(joined)))


@njit(cache=True)
def _added_text(extras):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
    """``extras``' words, each set apart by ``_NEXT`` (one string: a typed list read item by item from Python
    compiles its methods again in every process)."""
    out = ""
    for i in range(len(extras)):
        out = out + extras[i] + _NEXT if i < len(extras) - 1 else out + extras[i]
    return out


def added_words(w: Words) -> list[str]:
    """The words of the actions rules added, in code order (``len(words) + i``), as Python strings."""
    if config.DISABLE_JIT:
        return list(w.extras)
    return _added_text(w.extras).split(_NEXT) if len(w.extras) else []


def known_words(w: Any, joined: str) -> int:
    """The code of the action whose words are ``joined`` where ``w`` knows it (the game's, or one a rule added), else
    -1 (nothing learnt)."""
    for i in range(len(w.extras)):  # first: what a rule appends at every decision is one of a few added actions, and
        if _same_word(_listed(w.extras, i), joined):  # the dict hashes the words each time (an own action is never an extra)
            return len(w.words) + i
    return w.index.get(joined, -1)


_known_words = njit(inline="always")(known_words)


def code_of_words(w: Any, joined: str) -> int:
    """The code of the action whose words are ``joined``: the game's, else one a rule added (learnt now if new)."""
    code = _known_words(w, joined)
    if code >= 0:
        return code
    w.extras.append(joined)
    w.kinds.append(joined.split(SEP)[0])  # its first word, read at every offer (``kind_of_code``)
    w.bkinds.append(borrowed(w.kinds[len(w.kinds) - 1]))
    return len(w.words) + len(w.extras) - 1


def words_of_code(w: Any, code: int) -> str:
    """The words of action ``code`` (``code_of_words`` backwards)."""
    return _listed(w.bwords, code) if code < len(w.bwords) else _listed(w.extras, code - len(w.words))


def kind_of_code(w: Any, code: int) -> str:
    """The first word of action ``code`` (the game's, then the added ones', learnt with them)."""
    return _listed(w.bkinds, code)


_code_of_words = njit(inline="always")(code_of_words)
_words_of_code = njit(inline="always")(words_of_code)
_kind_of_code = njit(inline="always")(kind_of_code)


def code_of(w: Any, action: Any) -> int:
    """The code of ``action``, an action or a tuple of words a rule returned."""
    return code_of_words(w, SEP.join(action))


def known_code(action: Any) -> int:
    """The code a compiled action carries (-1: a tuple of words a rule wrote, whose code ``code_of`` finds). The
    loop asks it first, at every action of every decision, without the ``Words`` (``code_of`` takes them)."""
    return -1


@overload(known_code)
def _known_code(action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, KingLuiActionType):
        return lambda action: action._code
    if isinstance(action, types.BaseTuple):
        return lambda action: -1


@overload(code_of)
def _code_of(w, action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, KingLuiActionType):
        return lambda w, action: action._code if action._code >= 0 else _code_of_words(w, action._joined)
    if isinstance(action, types.BaseTuple):
        return lambda w, action: _code_of_words(w, SEP.join(action))


# -- ``default`` of ``legal_actions`` and ``apply``: the game's own legal actions and its own apply ----------------
_LEGAL_DEFAULT = [("view", view_type), ("acts", types.ListType(action_type)), ("buf", _RECORD)]
KingLuiLegalDefaultType = struct_type("KingLuiLegalDefault", "The numba type of the ``default`` a ``legal_actions`` "
                                      "hook gets: the game's own legal actions, a list the rule may change.",
                                      _LEGAL_DEFAULT, counted=())
legal_default_type = KingLuiLegalDefaultType()


@intrinsic
def _legal_default(typingctx: Any, v: Any, acts: Any, buf: Any) -> Any:
    """``default`` of a ``legal_actions`` hook on view ``v`` (``acts``: ``Words.acts``; ``buf``: room for the codes)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(legal_default_type, _LEGAL_DEFAULT, context, builder, args)
    return legal_default_type(view_type, _LEGAL_DEFAULT[1][1], _RECORD), codegen


def _default_legal(d):  # noqa: ANN001, ANN201 - numba compares an overload's parameters with its typing's
    """The engine's own legal actions (``rules.legal``), in its order, as a new list."""
    v = d._view
    m = _legal_codes(v._s, v._cfg, v._combos, d._buf)
    out = List.empty_list(action_type)  # no room asked: numba's list shrinks a list that holds under half its room
    for i in range(m):
        out.append(d._acts[d._buf[i]])
    return out


called(KingLuiLegalDefaultType, _default_legal)


# -- what ``default()`` of ``legal_actions`` returns in compiled code: the legal actions as codes ---------------------
_STRS = types.ListType(types.unicode_type)
_WORDS_ACTS = Words._fields.index("acts")
#: the numba type of ``Words`` (``words_of``'s typed containers)
WORDS_TYPE = types.NamedTuple((_STRS, _STRS, types.DictType(types.unicode_type, types.int64), _STRS, _STRS, _STRS,
                               types.ListType(action_type)), Words)
_LENT_WORDS = list(zip(Words._fields, WORDS_TYPE.types))
#: ``Words`` as the loop's steps hold it (``step_context``): the same containers, read by the same names, ``borrowed``
#: and counted by no one. numba counts a reference of each of a named tuple's seven members each time it is read or
#: passed on: ``legal.append(("pass",))`` made twenty calls to do so, at every step of every look-ahead.
KingLuiWordsType = struct_type("KingLuiWords", "The numba type of ``Words`` lent to the loop's steps.", _LENT_WORDS,
                               counted=())
lent_words_type = KingLuiWordsType()
for _field in Words._fields:  # read as ``Words`` is (``w.extras``), where ``struct_type`` reads ``w._extras``
    make_attribute_wrapper(KingLuiWordsType, _field, _field)


@intrinsic
def _lent_words(typingctx: Any, words: Any, kinds: Any, index: Any, extras: Any, bwords: Any, bkinds: Any,
                acts: Any) -> Any:
    """``Words`` of these containers, lent (each one ``borrowed`` by the caller: the loop's context keeps them)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(lent_words_type, _LENT_WORDS, context, builder, args)
    return lent_words_type(*WORDS_TYPE.types), codegen


class KingLuiActionsType(types.IterableType):
    """The numba type of the list ``default()`` of a ``legal_actions`` hook returns in compiled code: the actions'
    codes in one ``int64`` array (``codes[0]``: how many; the codes from ``codes[1]`` on; the last: how many lead as
    the game's own legal list, whole, all after them added by the rule, or -1: ``own_prefix``), each made an action
    (``_action``) only when the rule reads it, and the ``Words`` that name them and learn the ones a rule appends.

    It reads as the reference's list does where a rule uses it so (``for action in legal``, ``len``, ``legal[i]``,
    ``x in legal``, ``append``, ``remove``, ``clear``, truth); a rule that does more with it compiles with
    ``KingLuiLegalDefaultType``'s typed list instead (``compile_rule``). Why: numba's typed list costs some 35 ns an
    ``append`` and 15 a read, each a call into its C helpers, and a new list every call: a hook returning
    ``default()`` cost 500 ns a call where the game's own legal codes cost 50, at every step of every look-ahead."""

    def __init__(self) -> None:
        super().__init__(name="KingLuiActions")

    @property
    def iterator_type(self) -> Any:
        return actions_iter_type


class KingLuiActionsIterType(types.SimpleIteratorType):
    """The numba type of an iterator over a ``KingLuiActionsType`` list: the list and the next index."""

    def __init__(self) -> None:
        super().__init__("KingLuiActionsIter", lent_action_type)


_ACTIONS = [("codes", _RECORD), ("words", lent_words_type)]
struct_model(KingLuiActionsType, "KingLuiActions", _ACTIONS, counted=("codes",))  # ``Words`` borrowed
actions_type = KingLuiActionsType()
#: the iterator: the next index, the list (one reference held while it iterates), its codes and words as borrowed
#: copies, and where ``Words.acts`` keeps its items and how many: an item of the game's own read from there (a typed
#: list's read is two calls into numba's C helpers, 15-20 ns, at every item of every decision)
_ACTIONS_ITER = [("index", types.EphemeralPointer(types.intp)), ("actions", actions_type), ("codes", _RECORD),
                 ("words", lent_words_type), ("acts", types.voidptr), ("nacts", types.intp)]
struct_model(KingLuiActionsIterType, "KingLuiActionsIter", _ACTIONS_ITER, read=False, counted=("actions",))
actions_iter_type = KingLuiActionsIterType()


@intrinsic
def _actions(typingctx: Any, codes: Any, words: Any) -> Any:
    """The list of the actions whose codes ``codes`` holds (``codes[0]``: how many), named by ``words``."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(actions_type, _ACTIONS, context, builder, args)
    return actions_type(_RECORD, lent_words_type), codegen


def action_of_code(w: Any, code: int) -> Any:
    """The action of ``code`` (``Words.acts`` for the game's own, one made for an action a rule added)."""
    if code < len(w.acts):
        return _listed(w.acts, code)
    return _action(code, _listed(w.extras, code - len(w.words)), _listed(w.bkinds, code))


_action_of_code = njit(inline="always")(action_of_code)


def lent_action_of_code(w: Any, code: int) -> Any:
    """``action_of_code`` of an action a rule added, lent (``KingLuiLentActionType``)."""
    return _lent_action(code, _listed(w.extras, code - len(w.words)), _listed(w.bkinds, code))


_lent_action_of_code = njit(inline="always")(lent_action_of_code)


def joined_of(action: Any) -> str:
    """An action's words joined (``SEP``), as ``Words`` keys them."""
    return SEP.join(action)


@overload(joined_of)
def _joined_of(action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, KingLuiActionType):
        return lambda action: _as_str(action._joined)
    if isinstance(action, types.BaseTuple):
        if len(action) == 1:
            return lambda action: action[0]
        return lambda action: SEP.join(action)


def known_code_of(w: Any, action: Any) -> int:
    """The code of ``action`` where ``w`` knows it, else -1 (nothing learnt: ``x in legal`` of a new action)."""
    code = known_code(action)
    return code if code >= 0 else _known_words(w, joined_of(action))


_known_code_of = njit(inline="always")(known_code_of)


@lower_builtin("getiter", KingLuiActionsType)
def _actions_iter(context: Any, builder: Any, sig: Any, args: Any) -> Any:
    it = cgutils.create_struct_proxy(actions_iter_type)(context, builder)
    it.index = cgutils.alloca_once_value(builder, context.get_constant(types.intp, 0))
    it.actions = args[0]
    context.nrt.incref(builder, actions_type, args[0])
    actions = cgutils.create_struct_proxy(actions_type)(context, builder, value=args[0])
    codes = cgutils.create_struct_proxy(_RECORD)(context, builder, value=actions.codes)
    codes.meminfo = cgutils.get_null_value(codes.meminfo.type)  # borrowed: ``it.actions`` keeps the array
    codes.parent = cgutils.get_null_value(codes.parent.type)
    it.codes, it.words = codes._getvalue(), actions.words  # the words: borrowed already (``hooked_legal``)
    acts = builder.extract_value(actions.words, _WORDS_ACTS)
    acts_type = WORDS_TYPE[_WORDS_ACTS]
    it.acts = builder.call(_list_base(builder), [_container_get_data(context, builder, acts_type, acts)])
    it.nacts = context.compile_internal(builder, lambda acts: len(acts), types.intp(acts_type), [acts])
    return impl_ret_new_ref(context, builder, actions_iter_type, it._getvalue())


@lower_builtin("iternext", KingLuiActionsIterType)
@iternext_impl(RefType.NEW)
def _actions_next(context: Any, builder: Any, sig: Any, args: Any, result: Any) -> Any:
    it = cgutils.create_struct_proxy(actions_iter_type)(context, builder, value=args[0])
    index = builder.load(it.index)
    count = context.compile_internal(builder, lambda codes: codes[0], types.int64(_RECORD), [it.codes])
    valid = builder.icmp_signed("<", index, count)
    result.set_valid(valid)
    with builder.if_then(valid):
        code = context.compile_internal(builder, lambda codes, i: codes[i + 1], types.int64(_RECORD, types.intp),
                                        [it.codes, index])
        with builder.if_else(builder.icmp_signed("<", code, it.nacts)) as (own, added):
            with own:  # one of the game's own: its action as ``Words.acts`` holds it, lent
                at = cgutils.gep(builder, builder.bitcast(it.acts, context.get_data_type(action_type).as_pointer()),
                                 code)
                result.yield_(context.data_model_manager[lent_action_type].load_from_data_pointer(builder, at))
            with added:
                result.yield_(context.compile_internal(builder, lambda w, c: _lent_action_of_code(w, c),
                                                       lent_action_type(lent_words_type, types.int64),
                                                       [it.words, code]))
        builder.store(builder.add(index, context.get_constant(types.intp, 1)), it.index)


@overload(len)
def _actions_len(a):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionsType):
        return lambda a: a._codes[0]


@overload(bool)
def _actions_bool(a):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionsType):
        return lambda a: a._codes[0] != 0


@overload(operator.getitem)
def _actions_item(a, i):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionsType) and isinstance(i, types.Integer):
        def item(a, i):
            n = a._codes[0]
            j = i + n if i < 0 else i
            if j < 0 or j >= n:
                raise IndexError("list index out of range")
            return _action_of_code(a._words, a._codes[j + 1])
        return item


@overload(operator.contains)
def _actions_contains(a, x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, KingLuiActionsType) and isinstance(x, (KingLuiActionType, types.BaseTuple)):
        def contains(a, x):
            code = _known_code_of(a._words, x)  # -1 (unknown words) matches no code
            for i in range(a._codes[0]):
                if a._codes[i + 1] == code:
                    return True
            return False
        return contains


@overload_method(KingLuiActionsType, "append")
def _actions_append(a, x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (KingLuiActionType, types.BaseTuple)):
        def append(a, x):
            n = a._codes[0]
            if n + 2 >= len(a._codes):
                raise ValueError("the house rule's legal_actions gave more actions than the compiled tier holds")
            code = known_code(x)
            code = code if code >= 0 else _code_of_words(a._words, joined_of(x))
            a._codes[n + 1] = code
            a._codes[0] = n + 1
            if code < len(a._words.bwords):  # one of the game's own again: the list is no longer own, then added
                a._codes[len(a._codes) - 1] = -1
        return append


@overload_method(KingLuiActionsType, "remove")
def _actions_remove(a, x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (KingLuiActionType, types.BaseTuple)):
        def remove(a, x):
            code = _known_code_of(a._words, x)  # -1 (unknown words) matches no code
            n = a._codes[0]
            for i in range(n):
                if a._codes[i + 1] == code:
                    for j in range(i + 1, n):
                        a._codes[j] = a._codes[j + 1]
                    a._codes[0] = n - 1
                    a._codes[len(a._codes) - 1] = -1
                    return
            raise ValueError("list.remove(x): x not in list")
        return remove


@overload_method(KingLuiActionsType, "clear")
def _actions_clear(a):  # noqa: ANN001 - numba compares these with the implementation's
    def clear(a):
        a._codes[0] = 0
        a._codes[len(a._codes) - 1] = -1
    return clear


def own_prefix(got: Any) -> int:
    """How many of the actions a ``legal_actions`` hook returned lead as the game's own legal list, whole and in its
    order, every one after them an action the rule added: ``default()``'s list with only added actions appended (a
    rollout's move then splits the list without listing the game's own again); -1 for any other list."""
    return -1


@overload(own_prefix)
def _own_prefix(got):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(got, KingLuiActionsType):
        return lambda got: got._codes[len(got._codes) - 1]
    return lambda got: -1


def codes_into(got: Any, w: Any, buf: Any) -> int:
    """The codes of the actions a ``legal_actions`` hook returned (``got``) into ``buf``, learnt in ``w`` where a rule
    added them; how many."""
    m = 0
    for action in got:
        if m >= len(buf):
            raise ValueError("the house rule's legal_actions gave more actions than the compiled tier holds")
        code = known_code(action)
        buf[m] = code if code >= 0 else code_of(w, action)
        m += 1
    return m


_codes_of_list = njit(inline="always")(codes_into)


@overload(codes_into)
def _codes_into(got, w, buf):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(got, KingLuiActionsType):  # the codes already: copied
        def copied(got, w, buf):
            m = got._codes[0]
            for i in range(m):
                buf[i] = got._codes[i + 1]
            return m
        return copied
    return lambda got, w, buf: _codes_of_list(got, w, buf)


_LEGAL_CODES = [("view", view_type), ("words", lent_words_type), ("buf", _RECORD), ("lent", _RECORD)]
KingLuiLegalCodesType = struct_type("KingLuiLegalCodes", "The numba type of the ``default`` a ``legal_actions`` hook "
                                    "gets where the rule compiles with it: the game's own legal actions as a "
                                    "``KingLuiActionsType`` list.", _LEGAL_CODES, counted=())
legal_codes_type = KingLuiLegalCodesType()


@intrinsic
def _legal_codes_default(typingctx: Any, v: Any, words: Any, buf: Any, lent: Any) -> Any:
    """``default`` of a ``legal_actions`` hook on view ``v`` as codes (``words``: ``Words``; ``buf``: the loop's room
    for the codes, whose length bounds the list's; ``lent``: ``coverloop.CoverWork.lent``)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(legal_codes_type, _LEGAL_CODES, context, builder, args)
    return legal_codes_type(view_type, lent_words_type, _RECORD, _RECORD), codegen


def _default_codes(d):  # noqa: ANN001, ANN201 - numba compares an overload's parameters with its typing's
    """The engine's own legal actions (``rules.legal``), in its order, as a new ``KingLuiActionsType`` list: in
    the array the loop lends at the first call of a listing (``hooked_legal`` takes it back when the hook returns: no
    list of a listing outlives it), a new one at any other."""
    v = d._view
    lent = d._lent
    if lent[0] == 0:
        lent[0] = 1
        codes = lent[1:]
    else:
        codes = np.empty(len(d._buf) + 2, np.int64)  # the count, room for as many codes as the loop's, the own prefix
    codes[0] = _legal_codes(v._s, v._cfg, v._combos, codes[1:len(codes) - 1])
    codes[len(codes) - 1] = codes[0]  # the game's own list, whole (``own_prefix``)
    return _actions(codes, d._words)


called(KingLuiLegalCodesType, _default_codes)


_APPLY_DEFAULT = [("view", view_type), ("index", types.DictType(types.unicode_type, types.int64)), ("buf", _RECORD),
                  ("trust", _RECORD)]
KingLuiApplyDefaultType = struct_type("KingLuiApplyDefault", "The numba type of the ``default`` an ``apply`` hook "
                                      "gets: the engine's own apply of one of the game's legal actions.",
                                      _APPLY_DEFAULT, counted=())
apply_default_type = KingLuiApplyDefaultType()


@intrinsic
def _apply_default(typingctx: Any, v: Any, index: Any, buf: Any, trust: Any) -> Any:
    """``default`` of an ``apply`` hook on view ``v`` (``index``: the game's codes by words; ``buf``: scratch;
    ``trust``: ``coverloop.CoverWork.hint``, whose [2] and [3] ``hooked_apply`` sets)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(apply_default_type, _APPLY_DEFAULT, context, builder, args)
    return apply_default_type(view_type, _APPLY_DEFAULT[1][1], _RECORD, _RECORD), codegen


def game_code(index: Any, action: Any) -> int:
    """The game's own code of ``action`` (``index``: the game's codes by words), -1 for an action a rule added."""
    return index.get(SEP.join(action), -1)


@overload(game_code)
def _game_code(index, action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, KingLuiActionType):  # the code it carries where it has one: no words hashed
        return lambda index, action: (index.get(action._joined, -1) if action._code < 0
                                      else action._code if action._code < len(index) else -1)
    if isinstance(action, types.BaseTuple):
        return lambda index, action: index.get(SEP.join(action), -1)


def own_code(s: Any, cfg: Any, combos: Any, buf: Any, code: int) -> int:
    """``code``, one of the game's own (-1: none), when the game's own rules allow it now, else -1 (the reference's
    ``apply`` refuses it: an action a rule added that reached ``default``, or one not legal now)."""
    if code < 0:
        return -1
    for i in range(_legal_codes(s, cfg, combos, buf)):
        if buf[i] == code:
            return code
    return -1


_own_code = njit(own_code)


def _default_apply(d, action):  # noqa: ANN001, ANN201 - numba compares an overload's parameters with its typing's
    """The engine's own ``apply`` of ``action`` (one of the game's legal actions now), run on to the next decision."""
    v = d._view
    code, trust = game_code(d._index, action), d._trust
    if code >= 0 and code == trust[2] and v._s[S_TURNS] == trust[3]:  # the rollout's move, chosen among the game's
        trust[2] = -1  # own legal actions at this position (the turn: no ``end_turn`` since); once
    else:
        code = _own_code(v._s, v._cfg, v._combos, d._buf, code)
    if code < 0:
        raise ValueError("an action the game's own rules do not allow now reached default")
    _apply_code(v._s, code, v._cfg, v._combos, v._gaps)


@overload_method(KingLuiApplyDefaultType, "__call__")
def _call_apply_default(d, action):  # noqa: ANN001 - numba compares these with the implementation's
    return _default_apply


@lower_builtin(KingLuiApplyDefaultType, KingLuiApplyDefaultType, types.Any)
def _lower_apply_default(context: Any, builder: Any, sig: Any, args: Any) -> Any:
    return inlined(context, builder, _default_apply, sig, args)


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

    def __init__(self, s: Any, n: int, players: int, cfg: Any, combos: Any, gaps: Any) -> None:
        self._s, self._n, self._players, self._cfg, self._combos, self._gaps = s, int(n), int(players), cfg, combos, gaps
        self.king, self.table = _piles_at(self, HEADER + self._n), _piles_at(self, HEADER)
        self.hands = [_piles_at(self, hand(self._n, q)) for q in range(self._players)]
        self.game = GameView(self._players)

    def held(self, seat: int) -> Any:
        return self._s[hand(self._n, seat):hand(self._n, seat) + self._n].copy()

    def on_plate(self) -> Any:
        return self._s[HEADER + self._n:HEADER + 2 * self._n].copy()

    def on_table(self) -> Any:
        return self._s[HEADER:HEADER + self._n].copy()

    def end_turn(self) -> None:
        _end_turn_of(self)


for _name, _field in SCALARS.items():  # read live, as the compiled view does: a hook may read them after a change
    setattr(_PyView, _name, property(lambda self, field=_field: int(self._s[field])))


class _PyScoresDefault:
    """``KingLuiScoresDefaultType`` as a Python callable."""

    def __init__(self, view: _PyView) -> None:
        self._view = view

    def __call__(self) -> Any:
        return _default_scores(self)


class _PyLegalDefault:
    """``KingLuiLegalDefaultType`` as a Python callable: the game's legal actions as the reference's tuples."""

    def __init__(self, view: _PyView, acts: Any, buf: Any) -> None:
        self._view, self._acts, self._buf = view, acts, buf

    def __call__(self) -> list[tuple[str, ...]]:
        v = self._view
        m = _legal_codes(v._s, v._cfg, v._combos, self._buf)
        return [self._acts[c] for c in self._buf[:m].tolist()]

    @classmethod
    def of_words(cls, view: _PyView, words: Any, buf: Any, lent: Any) -> _PyLegalDefault:
        """``_legal_codes_default`` as Python: the list of ``words.acts``."""
        return cls(view, words.acts, buf)


class _PyApplyDefault:
    """``KingLuiApplyDefaultType`` as a Python callable."""

    def __init__(self, view: _PyView, index: Any, buf: Any, trust: Any) -> None:
        self._view, self._index, self._buf, self._trust = view, index, buf, trust

    def __call__(self, action: Any) -> None:
        _default_apply(self, action)


def _py_action(code: int, joined: str, kind: str) -> tuple[str, ...]:
    """An action as Python holds it: the reference's tuple of words."""
    return tuple(joined.split(SEP))


if config.DISABLE_JIT:  # numba leaves every function Python: the view's types have no compiled code to run
    _pile, _view, _scores_default = _PyPile, _PyView, _PyScoresDefault  # type: ignore[assignment]  # noqa: F811
    _legal_default, _apply_default, _action = _PyLegalDefault, _PyApplyDefault, _py_action  # type: ignore  # noqa: F811
    _lent_action = _py_action  # noqa: F811 - Python counts its own references
    _legal_codes_default = _PyLegalDefault.of_words  # type: ignore[assignment]  # noqa: F811
    _same_word = operator.eq  # noqa: F811 - Python's strings compare as they do
    _lent_words = Words  # noqa: F811 - Python counts its own references
    def _alive(a: Any, b: Any) -> None:  # noqa: F811 - Python counts its own references
        """Nothing."""


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
    combos, gaps = np.zeros((0, n), np.int64), np.zeros((0, 3), np.int64)  # scored: no more play
    v = _view(s, n, players, cfg, combos, gaps)
    points, lost = hook(v, _scores_default(v))  # noqa: F821 - bound by ``compile_rule``
    _alive(combos, gaps)  # the view counts no reference of them: numba drops a value after its last use
    _whole_numbers(points)
    _whole_numbers(lost)
    if len(points) != players or len(lost) != players:
        raise ValueError("the house rule's scores must give one number per seat")
    for q in range(players):
        scores[q] = points[q]
        discarded[q] = lost[q]
    return _winners(scores, discarded, players, won)


def play_view(s: Any, ctx: Any) -> Any:
    """The view a hook gets of record ``s`` in a game the loop plays (``ctx``: its tables and gap log)."""
    cfg = ctx.kit.cfg  # every array ``borrowed``: the loop's context keeps them, the view lives one hook call
    return _view(borrowed(s), cfg[C_DISHES], cfg[C_PLAYERS], borrowed(cfg), borrowed(ctx.kit.combo_cnt),
                 borrowed(ctx.gaps))


_play_view = njit(inline="always")(play_view)


def hooked_legal(s: Any, ctx: Any, buf: Any) -> int:
    """``compiled_rules.legal`` with the house rule's ``legal_actions`` (the global ``legal_hook``) in its place: the
    codes of the actions it returns into ``buf`` (``ctx.words`` learns the ones it added), how many; in
    ``ctx.cover.hint``, how many of them lead as the game's own legal list (``own_prefix``)."""
    v = _play_view(s, ctx)  # no ``words = ctx.words``: a tuple held in a variable costs a count per member
    lent = borrowed(ctx.cover.lent)
    lent[0] = 0  # no list of an earlier listing is alive: its array may be lent again (``_default_codes``)
    got = legal_hook(v, legal_default(v, borrowed(ctx.words), borrowed(buf), lent))  # noqa: F821 - ``compile_rule``
    m = codes_into(got, ctx.words, buf)
    ctx.cover.hint[0] = own_prefix(got)  # a rollout's move reads it (``coverloop.quick``)
    return m


def listed_default(v: Any, words: Any, buf: Any, lent: Any) -> Any:
    """``default`` of a ``legal_actions`` hook as a typed list (``KingLuiLegalDefaultType``): for a rule that does
    more with the list than ``KingLuiActionsType`` offers (``compile_rule``); a typed list lends no array."""
    return _legal_default(v, words.acts, buf)


_listed_default = njit(inline="always")(listed_default)


def hooked_apply(s: Any, a: int, ctx: Any) -> None:
    """``compiled_rules.apply`` with the house rule's ``apply`` (the global ``apply_hook``) in its place, given the
    action of code ``a``; its ``default`` plays one of the game's own actions."""
    v = _play_view(s, ctx)
    bwords = borrowed(ctx.words.bwords)  # as ``words_of_code``, without the ``Words`` tuple (``hooked_legal``)
    joined = _listed(bwords, a) if a < len(bwords) else _listed(ctx.words.extras, a - len(bwords))
    hint = borrowed(ctx.cover.hint)  # a rollout's move that ``coverloop.chosen`` found among the game's own legal
    hint[2] = a if hint[1] == a else -1  # actions: ``default`` may take it unchecked, once, in this call, while the
    hint[3] = s[S_TURNS]  # turn lasts (an ``end_turn`` before ``default`` closes it)
    hint[1] = -1
    apply_hook(v, _lent_action(a, joined, _listed(ctx.words.bkinds, a)),  # noqa: F821 - bound by ``compile_rule``
               _apply_default(v, borrowed(ctx.words.index), borrowed(ctx.best), hint))
    hint[2] = -1


# -- the default players' look-ahead over the rule's actions (``cardgen.engine.coverloop``'s kernels) -------------
def cover_own(ctx: Any, s: Any, out: Any) -> int:
    """The game's own legal codes (``compiled_rules.legal``), before the rule's ``legal_actions``."""
    return core.legal(s, ctx.kit.cfg, ctx.kit.combo_cnt, out)


def cover_rule(ctx: Any, s: Any, out: Any) -> int:
    """The legal codes the loop offers (the global ``legal_now``: the rule's ``legal_actions`` bound in)."""
    return legal_now(s, ctx, out)  # noqa: F821 - bound by ``cover``


def cover_play(ctx: Any, s: Any, a: int) -> None:
    """Code ``a`` played as the loop plays it (the global ``act``: the rule's ``apply`` bound in, or the game's)."""
    act(s, a, ctx)  # noqa: F821 - bound by ``cover``


def cover_usual(ctx: Any, s: Any, codes: Any, k: int, mt: Any) -> int:
    """The heuristic's code among ``codes[:k]`` (``compiled_rules.heuristic``: no draw for one)."""
    return core.heuristic(s, ctx.kit, codes, k, mt, ctx.work, ctx.best)


def cover_sample(ctx: Any, src: Any, dst: Any, seat: int, mt: Any) -> None:
    """``KingLuiState.determinize``: the hidden cards dealt again, then the 64 bits that seed the sample's own chance
    (drawn and unused: King Lui's play draws no chance after the deal)."""
    core.determinize(src, dst, seat, ctx.kit.cfg, mt)
    fastrng.genrand(mt)
    fastrng.genrand(mt)


def cover_standing(ctx: Any, s: Any, seat: int) -> float:
    """``generic.standing``: the seat's points less the best other seat's, scored now (the global ``outcome``: the
    rule's ``scores`` bound in, as ``KingLuiState.score_estimate`` calls it)."""
    players = ctx.kit.cfg[C_PLAYERS]
    scores = ctx.scores
    outcome(s, ctx.kit.cfg, scores, ctx.winners, ctx.discarded)  # noqa: F821 - bound by ``cover``
    best = 0.0
    others = False
    for q in range(players):
        if q != seat and (not others or float(scores[q]) > best):
            best, others = float(scores[q]), True
    return float(scores[seat]) - best


def cover_position(s: Any) -> tuple[int, int, bool]:
    """(the seat to move, -1 once over; the turns completed; whether the game is over)."""
    over = s[S_END] != PLAYING
    return (-1 if over else s[S_PLAYER]), s[S_TURNS], over


def cover_kind(ctx: Any, a: int) -> int:
    """The memory slot of the first word of action ``a`` (learnt the first time a game meets it)."""
    word = _kind_of_code(ctx.words, a)
    slots = ctx.cover.kinds
    slot = slots.get(word, -1)
    if slot < 0:
        slot = len(slots)
        if slot >= COVER_KINDS:
            raise ValueError("the house rule adds more kinds of action than the compiled look-ahead holds")
        slots[ctx.words.kinds[a]] = slot  # the list's own string, not ``word``'s borrowed copy: the dict keeps it
    return slot


class RolloutCover(NamedTuple):
    """The covered heuristic's arrays a rollout move reads (``coverloop.quick``: ``ctx.cover.own``, ``rknown``,
    ``rnew``, ``hint``), borrowed."""

    own: Any
    rknown: Any
    rnew: Any
    hint: Any  #: ``coverloop.CoverWork.hint``: what ``hooked_legal`` says of the list it just gave
    lent: Any  #: ``coverloop.CoverWork.lent``: the list ``default()`` of legal actions lends


class StepContext(NamedTuple):
    """What the rule's steps (``hooked_legal``, ``hooked_apply``, the game's own ``legal_now`` and ``act``) and a
    rollout's move read of a loop's context (``compiled.HouseContext``), every member ``borrowed``: the loop's context
    holds some fifty arrays and typed containers, and numba counts a reference for each member each time the context is
    passed into inlined code (a search's rollouts ran 3 to 8 times slower so). The context outlives it."""

    kit: Any  #: ``compiled_rules.Kit``
    gaps: Any
    words: Any  #: ``Words``
    best: Any
    work: Any
    cover: Any  #: ``RolloutCover``


class SearchStep(StepContext):
    """A ``StepContext`` made in Python for a house rule's search (``compiled_search.step_context``), which numba
    types at once: a decision's call would otherwise type its arrays and typed containers one by one in Python (about
    0.2 ms a call, two calls a decision: an eighth of a base search game's time). Its type is the ``StepContext``'s
    that ``compiled_search.step_context`` makes, the same for every deck (``int64`` and ``float64`` arrays, the
    ``Words`` containers), found the first time; a test holds that it stays numba's own typing of the tuple."""

    __slots__ = ()


class SearchArgs(tuple):  # type: ignore[type-arg] - (a ``SearchStep``, the root position, the root's codes)
    """What a house rule's search loop is called with (``compiled_search.house_search``): a ``SearchStep`` and two
    ``int64`` arrays, typed at once as ``SearchStep`` is (numba hashes a tuple type holding the step's at every call:
    40 us)."""

    __slots__ = ()


#: ``SearchStep``'s and ``SearchArgs``' numba types, once known, by kind and the layout of their own arrays (a type
#: that did not match an array would read its memory wrongly; reading the layout costs a microsecond)
_SEARCH_TYPES: dict[tuple[Any, ...], Any] = {}


@typeof_impl.register(SearchStep)
@typeof_impl.register(SearchArgs)
def _typeof_search(val: tuple, c: Any) -> Any:  # type: ignore[type-arg]
    key = (type(val), *((x.dtype.str, x.ndim, x.flags.c_contiguous, x.flags.writeable, x.flags.aligned)
                        for x in val if isinstance(x, np.ndarray)))
    if key not in _SEARCH_TYPES:
        _SEARCH_TYPES[key] = numba_typeof(StepContext(*val) if type(val) is SearchStep else tuple(val))
    return _SEARCH_TYPES[key]


def step_context(ctx: Any) -> StepContext:
    """``ctx``'s ``StepContext`` (a copy of its members' handles, nothing copied)."""
    kit, w, cover = ctx.kit, ctx.words, ctx.cover
    return StepContext(core.Kit(borrowed(kit.cfg), borrowed(kit.combo_cnt), borrowed(kit.dish_sizes)),
                       borrowed(ctx.gaps),
                       borrowed(w),
                       borrowed(ctx.best), borrowed(ctx.work),
                       RolloutCover(borrowed(cover.own), borrowed(cover.rknown), borrowed(cover.rnew),
                                    borrowed(cover.hint), borrowed(cover.lent)))


step_context_kernel = njit(inline="always")(step_context)

#: the covered heuristic's kernels that carry no rule (the look-ahead's and the search's: ``compiled_search.house_loops``)
own_kernel = njit(inline="always")(cover_own)
usual_kernel = njit(inline="always")(cover_usual)


def cover(name: str, steps: dict[str, Any]) -> Any:
    """``coverloop.covered`` bound to King Lui's kernels for the loop ``name`` whose ``steps`` (``legal_now``,
    ``act``, ``outcome``) carry the rule: what the loop's heuristic players call (``compiled._play``'s ``decide``)."""
    inline = {"inline": "always"}
    kernels = {"own_legal": own_kernel,
               "rule_legal": bind(cover_rule, name, inline, legal_now=steps["legal_now"]),
               "play": bind(cover_play, name, inline, act=steps["act"]),
               "usual": usual_kernel,
               "sample": njit(inline="always")(cover_sample),
               "standing": bind(cover_standing, name, inline, outcome=steps["outcome"]),
               "position": njit(inline="always")(cover_position),
               "kind": njit(inline="always")(cover_kind)}
    return bind_cover(name, **kernels)


@dataclass(frozen=True)
class Compiled:
    """A house rule compiled with King Lui's steps: what its game loop calls in place of the steps."""

    outcome: Any  #: ``hooked_outcome`` bound to the rule's ``scores``, or the game's own outcome
    legal: Any  #: ``hooked_legal`` bound to the rule's ``legal_actions``, or None (the game's own)
    apply: Any  #: ``hooked_apply`` bound to the rule's ``apply``, or None (the game's own)
    key: str  #: the rule file's SHA-256, first 12 digits: the compiled copies' names
    hooks: tuple[str, ...]  #: the rule's hooks

    @property
    def adds_actions(self) -> bool:
        """Whether the rule may add actions (``legal_actions``): the compiled tier's heuristic does not judge them."""
        return self.legal is not None


_NUMBA_LINE = re.compile(r"at (\S+) \((\d+)\)")
_ATTRIBUTE = re.compile(r"Unknown attribute '(\w+)' of type (\w+)")
_SETATTR = re.compile(r"Cannot resolve setattr: \(KingLuiView\)\.(\w+)")


def first_generator(path: str, after: int | None) -> int | None:
    """The line of the first generator expression (``any(x for x in y)``) of the file ``path`` from line ``after`` on
    (the function numba refused); ``after`` when there is none."""
    import ast

    try:
        tree = ast.parse(open(path, encoding="utf-8").read())
    except (OSError, SyntaxError, ValueError):
        return after
    lines = sorted(node.lineno for node in ast.walk(tree) if isinstance(node, ast.GeneratorExp)
                   and node.lineno >= (after or 0))
    return lines[0] if lines else after


#: why a rule stays out: a key of ``cardgen/terminal.json`` (``house_why_*``) and its fields
Why = tuple[str, dict[str, str]]


def why_not(exc: BaseException, path: str) -> tuple[int | None, Why]:
    """The first line of the rule file ``path`` numba names in ``exc`` (None: none), and what it refused."""
    text = str(exc)
    line = next((int(m[2]) for m in _NUMBA_LINE.finditer(text) if m[1] == path), None)
    if m := _ATTRIBUTE.search(text):
        where = {"KingLuiView": "state.", "GameView": "state.game."}.get(m[2], "")
        return line, ("house_why_view", {"name": where + m[1]})
    if m := _SETATTR.search(text):
        return line, ("house_why_keep", {"name": "state." + m[1]})
    if "yield in a closure" in text:  # numba names the function's first line: the expression's own is the file's
        return first_generator(path, line), ("house_why_generator", {})
    if "_whole_numbers" in text:
        return line, ("house_why_numbers", {})
    if "KingLuiPile" in text:
        return line, ("house_why_pile", {})
    first = next((ln.strip() for ln in text.splitlines()
                  if ln.strip() and not ln.startswith(("Failed in", "During", "File", " ", "-"))), type(exc).__name__)
    return line, ("house_why_numba", {"text": first[:120]})


#: how the rule's steps are compiled into the loops that call them: inlined, so that the loop's context (some fifty
#: arrays and typed containers) is never passed across a call, where numba counts a reference for each of its members
#: at every decision (a hook that returned ``default()`` cost a game of King Lui 2.4 us a decision so, 50 decisions
#: a game: four times the whole game's own work)
_INLINE = {"inline": "always"}


def compile_rule(rules: dict[str, Callable[..., Any]], path: str, sha256: str,
                 context: Callable[[], Any] | None = None) -> Compiled | tuple[int, Why]:
    """The rule's hooks compiled with the game's steps, or (the first line of ``path`` that keeps them out, why).

    ``rules``: hook name -> the rule's function (``cardgen.house``); ``path``: the file they were loaded from;
    ``sha256``: a digest naming the compiled copies (numba's disk cache keeps one per name);
    ``context``: makes a loop context of the game (``compiled.house_context``) to compile ``legal_actions`` and
    ``apply`` against (its arrays' types matter, not their contents); called only for a rule that may compile (making
    one compiles its ``Words`` in a fresh cache: a rule kept out by its hooks pays nothing). Each hook is compiled here (not run), so that a refusal
    is seen now, not in a game."""
    others = [name for name in rules if name not in COMPILED_HOOKS]
    if others:
        fn = rules[others[0]]
        return fn.__code__.co_firstlineno, ("house_why_hook", {"hook": others[0], "hooks": ", ".join(COMPILED_HOOKS)})
    key = sha256[:12]
    name = f"king_lui_{key}"
    hooked = {}  # inlined where they run, whose copies are compiled ``coverloop.CHECKED``
    if "scores" in rules:
        hooked["scores"] = bind(hooked_outcome, name, None, hook=njit(rules["scores"], boundscheck=True))
    if "legal_actions" in rules:  # ``default()`` as codes where the rule compiles so, else as a typed list
        hooked["legal_actions"] = bind(hooked_legal, name, _INLINE, legal_hook=njit(rules["legal_actions"], **HOOK),
                                       legal_default=_legal_codes_default)
    if "apply" in rules:
        hooked["apply"] = bind(hooked_apply, name, _INLINE, apply_hook=njit(rules["apply"], **HOOK))
    signatures = {"scores": (_RECORD, _RECORD, _RECORD, _RECORD, _RECORD)}
    if context is not None and not config.DISABLE_JIT and ("legal_actions" in rules or "apply" in rules):
        ctx = numba_typeof(context())
        signatures.update(legal_actions=(_RECORD, ctx, _RECORD), apply=(_RECORD, types.int64, ctx))
    for hook, fn in hooked.items():
        try:  # compiled, not run: a rule that never returns must not hang here, out of the supervisor's watch
            if hasattr(fn, "compile") and hook in signatures:  # not under NUMBA_DISABLE_JIT, where it stays Python
                try:
                    fn.compile(signatures[hook])
                except Exception:  # noqa: BLE001 - the rule does more with default()'s list: a typed list, then
                    if hook != "legal_actions":
                        raise
                    fn = hooked[hook] = bind(hooked_legal, f"{name}_listed", _INLINE,
                                             legal_hook=njit(rules["legal_actions"], **HOOK),
                                             legal_default=_listed_default)
                    fn.compile(signatures[hook])
        except Exception as exc:  # noqa: BLE001 - numba's refusal, said in one line
            line, why = why_not(exc, path)
            return (rules[hook].__code__.co_firstlineno if line is None else line), why
    return Compiled(hooked.get("scores"), hooked.get("legal_actions"), hooked.get("apply"), key, tuple(rules))
