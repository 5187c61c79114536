"""The words and actions a compiled house rule reads and returns: numba values that read as the reference's.

On the reference engine an action is a tuple of words (``("take", "soup")``, ``("draw",)``, ``("pass",)``), and a
``legal_actions`` hook's ``default()`` a list of them. A hook compiled with a game's steps (``compiled_hooks``) reads
and returns the same things, so this module gives them numba types that read as the tuples and lists do, for every
game alike (nothing here knows a game's rules: a game names its actions by codes, ``words_of``):

* ``HouseWordType``: an action's first word (``action[0]``), numba's string compared inline (``==``, ``!=``);
* ``HouseActionType``: an action, its code and its words joined by ``SEP``; a tuple of words converts to it, so
  ``legal.append(("pass",))`` compiles; ``HouseLentActionType``, one the loop lends (counted by no one);
* ``Words``: how a loop names actions, the game's own codes and the ones rules add as games meet them
  (``code_of_words``, ``words_of_code``, ``added_words``);
* ``HouseActionsType``: ``default()``'s list of legal actions as their codes, each made an action only when read;
* ``borrowed``, ``listed``: a value or a list's item read with no reference counted, for what the loop's context
  keeps alive.

Why: the hooks run at every decision of every look-ahead and search rollout, and numba's own strings, typed lists
and counted references cost more there than the game's own steps (each choice below says by how much, ``perf``).
The types are shared by every game: numba registers a type once a process, and these hold nothing of a game.
"""
from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, NamedTuple

from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.core.imputils import RefType, impl_ret_new_ref, iternext_impl, lower_builtin, lower_cast
from numba.core.typeconv import Conversion
from numba.cpython.unicode import UnicodeModel, _cmp_region
from numba.extending import intrinsic, make_attribute_wrapper, overload, overload_method, register_model
from numba.typed import Dict, List
from numba.typed.listobject import _container_get_data, ll_list_type

from cardgen.engine.compiled_hooks import made, struct_model, struct_type

#: between the words of an action in its compiled form (``("take", "soup")`` is ``"take\x1fsoup"``): a character no
#: action's word holds (King Lui's dish ids are YAML keys a designer types)
SEP = "\x1f"
#: an array of codes (``HouseActionsType``'s, a loop's room for them)
_CODES = types.int64[::1]


# -- a word of an action: a string whose ``==`` and ``!=`` compile where they are written ---------------------------
class HouseWordType(types.UnicodeType):
    """The numba type of an action's first word (``action[0]``): numba's string, compared inline.

    A rule reads ``action[0] == "take"`` for every action of every listing, at every rollout step of a search. numba's
    own string ``==`` is a call that copies both strings (two counted references each) and was a sixth of a search
    game on such a rule (``perf``). This type is numba's string in everything (its model, its methods, a safe
    conversion wherever a ``str`` is expected) but ``==`` and ``!=``: ``unicode_eq`` leaves a type defined outside
    numba to the type's own (``is_internal``), and ours are registered for the CPU target, so that they are found
    before numba's generic ones (``charseq_eq`` takes any string). They compare the lengths, then the characters, in
    the caller's code (``_same_word``). The result is Python's."""

    def __init__(self) -> None:
        types.UnicodeType.__init__(self, name="HouseWord")

    def can_convert_to(self, typingctx: Any, other: Any) -> Any:
        if type(other) is types.UnicodeType:
            return Conversion.safe
        return None


register_model(HouseWordType)(UnicodeModel)
word_type = HouseWordType()


@lower_cast(HouseWordType, types.UnicodeType)
def _same_layout(context: Any, builder: Any, fromty: Any, toty: Any, val: Any) -> Any:
    """The same value in the same layout (a word as a string; a lent word or action as a counted one): nothing to do.
    numba counts the copy it makes of a cast's result where it keeps it, as the target type says."""
    return val


class _LentUnicodeModel(UnicodeModel):
    """numba's string model, but no copy of it counts a reference (``HouseLentWordType``)."""

    def traverse(self, builder: Any) -> list[tuple[Any, Any]]:
        return []


class HouseLentWordType(HouseWordType):
    """A word of an action the loop lends (``HouseLentActionType``): a ``HouseWordType`` whose string ``Words``
    keeps for the whole search, so that numba counts no reference of it. Where a rule makes it an ordinary string
    (a ``str`` expected, a branch joining it with one), it converts, and numba counts that copy as any other."""

    def __init__(self) -> None:
        types.UnicodeType.__init__(self, name="HouseLentWord")

    def can_convert_to(self, typingctx: Any, other: Any) -> Any:
        if type(other) in (types.UnicodeType, HouseWordType):
            return Conversion.safe
        return None


register_model(HouseLentWordType)(_LentUnicodeModel)
lent_word_type = HouseLentWordType()


lower_cast(HouseLentWordType, types.UnicodeType)(_same_layout)
lower_cast(HouseLentWordType, HouseWordType)(_same_layout)


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
    if isinstance(a, HouseWordType) or isinstance(b, HouseWordType):
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
    if isinstance(a, HouseWordType) or isinstance(b, HouseWordType):
        same_as_b, same_as_a = _same_as_literal(b), _same_as_literal(a)  # the literal, which ``a == b`` would lose
        if same_as_b is not None:
            return lambda a, b: not same_as_b(a)
        if same_as_a is not None:
            return lambda a, b: not same_as_a(b)
        if not isinstance(a, types.Optional) and not isinstance(b, types.Optional):
            return lambda a, b: not a == b  # ``_word_eq``'s


# -- an action: the reference's tuple of words, known by its code and its words -----------------------------------
class HouseActionType(types.Type):
    """The numba type of an action in a compiled hook: its code (``rules``' codes, then the ones a rule added; -1 for a
    tuple the rule wrote, until the loop knows its code) and its words joined by ``SEP``. A tuple of words converts to
    it, so ``legal.append(("pass",))`` compiles; ``action[0]``, ``len(action)`` and ``==`` read it as the tuple."""

    def __init__(self) -> None:
        super().__init__(name="HouseAction")

    def can_convert_from(self, typingctx: Any, other: Any) -> Any:
        if isinstance(other, types.BaseTuple) and all(isinstance(t, _STRINGS) for t in other):  # words written out too
            return Conversion.safe
        return None


_ACTION = [("code", types.int64), ("joined", types.unicode_type), ("kind", word_type)]
struct_model(HouseActionType, "HouseAction", _ACTION)
action_type = HouseActionType()


@intrinsic
def make_action(typingctx: Any, code: Any, joined: Any, kind: Any) -> Any:
    """The action of ``code`` whose words are ``joined``, the first one ``kind`` (kept apart: ``action[0]`` is what
    rules read most, at every decision)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(action_type, _ACTION, context, builder, args)
    return action_type(types.int64, types.unicode_type, types.unicode_type), codegen


class HouseLentActionType(HouseActionType):
    """An action the loop lends a hook (an item of ``default()``'s list as ``for action in legal`` reads it, the
    action an ``apply`` hook gets): its words are ``Words``' own, kept for the whole search, so numba counts no
    reference of it or of its words (``HouseLentWordType``). It reads as ``HouseActionType`` does; where a rule
    joins it with another action or a tuple of words (a variable given both), the two become ``HouseActionType``.
    Why: counting an item's two words, then its first word read, was six calls into numba's runtime for every action
    of every listing, at every step of every look-ahead (``perf``)."""

    def __init__(self) -> None:
        types.Type.__init__(self, name="HouseLentAction")

    def can_convert_from(self, typingctx: Any, other: Any) -> Any:
        return None  # a tuple of words becomes a ``HouseActionType``: its words are its own, not ``Words``'

    def can_convert_to(self, typingctx: Any, other: Any) -> Any:
        if type(other) is HouseActionType:
            return Conversion.safe
        return None

    def unify(self, typingctx: Any, other: Any) -> Any:
        if type(other) is HouseActionType or _words_tuple(other):
            return action_type
        return None


_LENT_ACTION = [("code", types.int64), ("joined", lent_word_type), ("kind", lent_word_type)]
struct_model(HouseLentActionType, "HouseLentAction", _LENT_ACTION, counted=())
lent_action_type = HouseLentActionType()


@intrinsic
def make_lent_action(typingctx: Any, code: Any, joined: Any, kind: Any) -> Any:
    """``make_action`` lent: ``joined`` and ``kind`` are ``Words``' strings (the caller's ``listed``)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(lent_action_type, _LENT_ACTION, context, builder, args)
    return lent_action_type(types.int64, types.unicode_type, types.unicode_type), codegen


lower_cast(HouseLentActionType, HouseActionType)(_same_layout)


@lower_cast(types.BaseTuple, HouseActionType)
def _tuple_to_action(context: Any, builder: Any, fromty: Any, toty: Any, val: Any) -> Any:
    """A tuple of words a rule wrote, as an action whose code the loop finds (-1 until then)."""
    if len(fromty) == 1:  # ``("pass",)``, at every decision of such a rule: its one word, no new string joined
        return context.compile_internal(builder, lambda t: make_action(-1, t[0], t[0]), action_type(fromty), [val])
    return context.compile_internal(builder, lambda t: make_action(-1, SEP.join(t), t[0] if len(t) else ""),
                                    action_type(fromty), [val])


@intrinsic
def _as_str(typingctx: Any, word: Any) -> Any:
    """A word (``HouseWordType``, ``HouseLentWordType``) as numba's own string type, the same string: numba's
    slicing, on which its ``split`` rests, takes that type only."""
    if not isinstance(word, types.UnicodeType):
        return None

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        context.nrt.incref(builder, types.unicode_type, args[0])  # a new reference, as an intrinsic's result is
        return args[0]
    return types.unicode_type(word), codegen


@overload(len)
def _action_len(a):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionType):
        return lambda a: len(_as_str(a._joined).split(SEP))


@overload(operator.getitem, inline="always")
def _action_kind(a, i):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionType) and isinstance(i, types.IntegerLiteral) and i.literal_value == 0:
        return lambda a, i: a._kind  # the first word as ``HouseWordType``: compared inline


@overload(operator.getitem)
def _action_word(a, i):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionType) and isinstance(i, types.Integer):
        return lambda a, i: _as_str(a._kind) if i == 0 else _as_str(a._joined).split(SEP)[i]


def _words_tuple(t: Any) -> bool:
    """Whether numba type ``t`` is a tuple of strings (what an action reads as)."""
    return isinstance(t, types.BaseTuple) and all(isinstance(x, _STRINGS) for x in t)


@overload(operator.eq, inline="always", prefer_literal=True)
def _action_eq_one(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionType) and isinstance(b, HouseActionType):
        return lambda a, b: _same_word(a._joined, b._joined)
    if isinstance(a, HouseActionType) and _words_tuple(b) and len(b) == 1:  # ``action == ("pass",)``: no join
        same_as = _same_as_literal(b[0])  # the word written out: compared as a literal (``_same_as``)
        if same_as is not None:
            return lambda a, b: same_as(a._joined)
        return lambda a, b: _same_word(a._joined, b[0])
    if isinstance(b, HouseActionType) and _words_tuple(a) and len(a) == 1:
        same_as = _same_as_literal(a[0])
        if same_as is not None:
            return lambda a, b: same_as(b._joined)
        return lambda a, b: _same_word(b._joined, a[0])


@overload(operator.eq)
def _action_eq(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionType) and _words_tuple(b):
        return lambda a, b: len(b) > 0 and a._kind == b[0] and _same_word(a._joined, SEP.join(b))
    if isinstance(b, HouseActionType) and _words_tuple(a):
        return lambda a, b: len(a) > 0 and b._kind == a[0] and _same_word(b._joined, SEP.join(a))


@overload(operator.ne, inline="always")
def _action_ne(a, b):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionType) or isinstance(b, HouseActionType):
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
    if isinstance(x, types.NamedTuple) and x.instance_class is Words:  # lent as ``HouseWordsType``
        return lambda x: _lent_words(borrowed(x.words), borrowed(x.kinds), borrowed(x.index), borrowed(x.extras),
                                     borrowed(x.bwords), borrowed(x.bkinds), borrowed(x.acts))
    if isinstance(x, types.NamedTuple):
        return _lent(x)
    if isinstance(x, HouseWordsType):  # lent already
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


def listed(lst: Any, i: int) -> Any:
    """``lst[i]`` of a typed list of strings or actions, for an ``i`` the caller knows in range; in compiled code read
    in place and ``borrowed`` (``_listed_item``). Python reads it as Python does (the ``Words`` helpers run there
    too)."""
    return lst[i]


@overload(listed)
def _listed_of(lst, i):  # noqa: ANN001 - numba compares these with the implementation's
    return lambda lst, i: _listed_item(lst, i)


@intrinsic
def _listed_item(typingctx: Any, lst: Any, i: Any) -> Any:
    """``listed`` in compiled code: ``Words``' lists only grow, and the loop keeps them. numba's own ``lst[i]`` is a
    call into its C helpers and a counted copy: in a game's hooked ``apply`` step at every step of every look-ahead,
    4 % of a search game on a King Lui rule."""
    item = getattr(lst, "item_type", None)
    if not (isinstance(lst, types.ListType) and isinstance(item, (types.UnicodeType, HouseActionType))
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
    #: typed List of the game's own actions by code (``make_action``, borrowing those strings): what ``default()`` of a
    #: ``legal_actions`` hook copies, one read an action instead of two and no action made (a call 583 -> 528 ns)
    acts: Any


#: between the actions given to ``_words_from`` (no action's word holds it either)
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
        acts.append(make_action(c, bwords[c], bkinds[c]))
    return words, firsts, index, extras, bwords, bkinds, acts


def words_of(action_of: tuple[tuple[str, ...], ...]) -> Words:
    """The ``Words`` of a game whose code ``c`` is ``action_of[c]`` (typed containers; Python's under
    ``NUMBA_DISABLE_JIT``)."""
    joined = [SEP.join(a) for a in action_of]
    kinds = [a[0] if a else "" for a in action_of]
    if config.DISABLE_JIT:
        return Words(joined, kinds, {w: c for c, w in enumerate(joined)}, [], joined, list(kinds),
                     [make_action(c, w, k) for c, (w, k) in enumerate(zip(joined, kinds))])
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
        if _same_word(listed(w.extras, i), joined):  # the dict hashes the words each time (an own action is never
            # an extra)
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
    return listed(w.bwords, code) if code < len(w.bwords) else listed(w.extras, code - len(w.words))


def kind_of_code(w: Any, code: int) -> str:
    """The first word of action ``code`` (the game's, then the added ones', learnt with them)."""
    return listed(w.bkinds, code)


_code_of_words = njit(inline="always")(code_of_words)


def code_of(w: Any, action: Any) -> int:
    """The code of ``action``, an action or a tuple of words a rule returned."""
    return code_of_words(w, SEP.join(action))


def known_code(action: Any) -> int:
    """The code a compiled action carries (-1: a tuple of words a rule wrote, whose code ``code_of`` finds). The
    loop asks it first, at every action of every decision, without the ``Words`` (``code_of`` takes them)."""
    return -1


@overload(known_code)
def _known_code(action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, HouseActionType):
        return lambda action: action._code
    if isinstance(action, types.BaseTuple):
        return lambda action: -1


@overload(code_of)
def _code_of(w, action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, HouseActionType):
        return lambda w, action: action._code if action._code >= 0 else _code_of_words(w, action._joined)
    if isinstance(action, types.BaseTuple):
        return lambda w, action: _code_of_words(w, SEP.join(action))


# -- what ``default()`` of ``legal_actions`` returns in compiled code: the legal actions as codes ---------------------
_STRS = types.ListType(types.unicode_type)
_WORDS_ACTS = Words._fields.index("acts")
#: the numba type of ``Words`` (``words_of``'s typed containers)
WORDS_TYPE = types.NamedTuple((_STRS, _STRS, types.DictType(types.unicode_type, types.int64), _STRS, _STRS, _STRS,
                               types.ListType(action_type)), Words)
_LENT_WORDS = list(zip(Words._fields, WORDS_TYPE.types))
#: ``Words`` as the loop's steps hold it (King Lui's ``step_context``): the same containers, read by the same names,
#: ``borrowed`` and counted by no one. numba counts a reference of each of a named tuple's seven members each time it
#: is read or passed on: ``legal.append(("pass",))`` made twenty calls to do so, at every step of every look-ahead.
HouseWordsType = struct_type("HouseWords", "The numba type of ``Words`` lent to the loop's steps.", _LENT_WORDS,
                             module=__name__, counted=())
lent_words_type = HouseWordsType()
for _field in Words._fields:  # read as ``Words`` is (``w.extras``), where ``struct_type`` reads ``w._extras``
    make_attribute_wrapper(HouseWordsType, _field, _field)


@intrinsic
def _lent_words(typingctx: Any, words: Any, kinds: Any, index: Any, extras: Any, bwords: Any, bkinds: Any,
                acts: Any) -> Any:
    """``Words`` of these containers, lent (each one ``borrowed`` by the caller: the loop's context keeps them)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(lent_words_type, _LENT_WORDS, context, builder, args)
    return lent_words_type(*WORDS_TYPE.types), codegen


class HouseActionsType(types.IterableType):
    """The numba type of the list ``default()`` of a ``legal_actions`` hook returns in compiled code: the actions'
    codes in one ``int64`` array (``codes[0]``: how many; the codes from ``codes[1]`` on; the last: how many lead as
    the game's own legal list, whole, all after them added by the rule, or -1: ``own_prefix``), each made an action
    (``make_action``) only when the rule reads it, and the ``Words`` that name them and learn the ones a rule appends.

    It reads as the reference's list does where a rule uses it so (``for action in legal``, ``len``, ``legal[i]``,
    ``x in legal``, ``append``, ``remove``, ``clear``, truth); a rule that does more with it compiles with the game's
    typed list instead (``compiled_hooks.HookSteps.listed_default``). Why: numba's typed list costs some 35 ns an
    ``append`` and 15 a read, each a call into its C helpers, and a new list every call: a hook returning
    ``default()`` cost 500 ns a call where King Lui's own legal codes cost 50, at every step of every look-ahead."""

    def __init__(self) -> None:
        super().__init__(name="HouseActions")

    @property
    def iterator_type(self) -> Any:
        return actions_iter_type


class HouseActionsIterType(types.SimpleIteratorType):
    """The numba type of an iterator over a ``HouseActionsType`` list: the list and the next index."""

    def __init__(self) -> None:
        super().__init__("HouseActionsIter", lent_action_type)


_ACTIONS = [("codes", _CODES), ("words", lent_words_type)]
struct_model(HouseActionsType, "HouseActions", _ACTIONS, counted=("codes",))  # ``Words`` borrowed
actions_type = HouseActionsType()
#: the iterator: the next index, the list (one reference held while it iterates), its codes and words as borrowed
#: copies, and where ``Words.acts`` keeps its items and how many: an item of the game's own read from there (a typed
#: list's read is two calls into numba's C helpers, 15-20 ns, at every item of every decision)
_ACTIONS_ITER = [("index", types.EphemeralPointer(types.intp)), ("actions", actions_type), ("codes", _CODES),
                 ("words", lent_words_type), ("acts", types.voidptr), ("nacts", types.intp)]
struct_model(HouseActionsIterType, "HouseActionsIter", _ACTIONS_ITER, read=False, counted=("actions",))
actions_iter_type = HouseActionsIterType()


@intrinsic
def make_actions(typingctx: Any, codes: Any, words: Any) -> Any:
    """The list of the actions whose codes ``codes`` holds (``codes[0]``: how many), named by ``words``."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return made(actions_type, _ACTIONS, context, builder, args)
    return actions_type(_CODES, lent_words_type), codegen


def action_of_code(w: Any, code: int) -> Any:
    """The action of ``code`` (``Words.acts`` for the game's own, one made for an action a rule added)."""
    if code < len(w.acts):
        return listed(w.acts, code)
    return make_action(code, listed(w.extras, code - len(w.words)), listed(w.bkinds, code))


_action_of_code = njit(inline="always")(action_of_code)


def lent_action_of_code(w: Any, code: int) -> Any:
    """``action_of_code`` of an action a rule added, lent (``HouseLentActionType``)."""
    return make_lent_action(code, listed(w.extras, code - len(w.words)), listed(w.bkinds, code))


_lent_action_of_code = njit(inline="always")(lent_action_of_code)


def joined_of(action: Any) -> str:
    """An action's words joined (``SEP``), as ``Words`` keys them."""
    return SEP.join(action)


@overload(joined_of)
def _joined_of(action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, HouseActionType):
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


@lower_builtin("getiter", HouseActionsType)
def _actions_iter(context: Any, builder: Any, sig: Any, args: Any) -> Any:
    it = cgutils.create_struct_proxy(actions_iter_type)(context, builder)
    it.index = cgutils.alloca_once_value(builder, context.get_constant(types.intp, 0))
    it.actions = args[0]
    context.nrt.incref(builder, actions_type, args[0])
    actions = cgutils.create_struct_proxy(actions_type)(context, builder, value=args[0])
    codes = cgutils.create_struct_proxy(_CODES)(context, builder, value=actions.codes)
    codes.meminfo = cgutils.get_null_value(codes.meminfo.type)  # borrowed: ``it.actions`` keeps the array
    codes.parent = cgutils.get_null_value(codes.parent.type)
    it.codes, it.words = codes._getvalue(), actions.words  # the words: borrowed already (the game's hooked legal step)
    acts = builder.extract_value(actions.words, _WORDS_ACTS)
    acts_type = WORDS_TYPE[_WORDS_ACTS]
    it.acts = builder.call(_list_base(builder), [_container_get_data(context, builder, acts_type, acts)])
    it.nacts = context.compile_internal(builder, lambda acts: len(acts), types.intp(acts_type), [acts])
    return impl_ret_new_ref(context, builder, actions_iter_type, it._getvalue())


@lower_builtin("iternext", HouseActionsIterType)
@iternext_impl(RefType.NEW)
def _actions_next(context: Any, builder: Any, sig: Any, args: Any, result: Any) -> Any:
    it = cgutils.create_struct_proxy(actions_iter_type)(context, builder, value=args[0])
    index = builder.load(it.index)
    count = context.compile_internal(builder, lambda codes: codes[0], types.int64(_CODES), [it.codes])
    valid = builder.icmp_signed("<", index, count)
    result.set_valid(valid)
    with builder.if_then(valid):
        code = context.compile_internal(builder, lambda codes, i: codes[i + 1], types.int64(_CODES, types.intp),
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
    if isinstance(a, HouseActionsType):
        return lambda a: a._codes[0]


@overload(bool)
def _actions_bool(a):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionsType):
        return lambda a: a._codes[0] != 0


@overload(operator.getitem)
def _actions_item(a, i):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionsType) and isinstance(i, types.Integer):
        def item(a, i):
            n = a._codes[0]
            j = i + n if i < 0 else i
            if j < 0 or j >= n:
                raise IndexError("list index out of range")
            return _action_of_code(a._words, a._codes[j + 1])
        return item


@overload(operator.contains)
def _actions_contains(a, x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(a, HouseActionsType) and isinstance(x, (HouseActionType, types.BaseTuple)):
        def contains(a, x):
            code = _known_code_of(a._words, x)  # -1 (unknown words) matches no code
            for i in range(a._codes[0]):
                if a._codes[i + 1] == code:
                    return True
            return False
        return contains


@overload_method(HouseActionsType, "append")
def _actions_append(a, x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (HouseActionType, types.BaseTuple)):
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


@overload_method(HouseActionsType, "remove")
def _actions_remove(a, x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (HouseActionType, types.BaseTuple)):
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


@overload_method(HouseActionsType, "clear")
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
    if isinstance(got, HouseActionsType):
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
    if isinstance(got, HouseActionsType):  # the codes already: copied
        def copied(got, w, buf):
            m = got._codes[0]
            for i in range(m):
                buf[i] = got._codes[i + 1]
            return m
        return copied
    return lambda got, w, buf: _codes_of_list(got, w, buf)


def game_code(index: Any, action: Any) -> int:
    """The game's own code of ``action`` (``index``: the game's codes by words), -1 for an action a rule added."""
    return index.get(SEP.join(action), -1)


@overload(game_code)
def _game_code(index, action):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(action, HouseActionType):  # the code it carries where it has one: no words hashed
        return lambda index, action: (index.get(action._joined, -1) if action._code < 0
                                      else action._code if action._code < len(index) else -1)
    if isinstance(action, types.BaseTuple):
        return lambda index, action: index.get(SEP.join(action), -1)


# -- the same values as plain Python: the tier run with ``NUMBA_DISABLE_JIT=1`` (tests/test_tiers.py) --------------
def _py_action(code: int, joined: str, kind: str) -> tuple[str, ...]:
    """An action as Python holds it: the reference's tuple of words."""
    return tuple(joined.split(SEP))


if config.DISABLE_JIT:  # numba leaves every function Python: these types have no compiled code to run
    make_action = make_lent_action = _py_action  # type: ignore[assignment]  # noqa: F811 - Python counts its own
    _same_word = operator.eq  # noqa: F811 - Python's strings compare as they do
    _lent_words = Words  # noqa: F811 - Python counts its own references
