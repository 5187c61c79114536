"""A house rule's hooks compiled with a game's steps: the game-agnostic half (numba values, the compile, why not).

A house rule's hook (``cardgen/engine/hooks.py``) is plain Python a designer writes against the house-rule API. Where
a game offers it, the hook is compiled (``numba.njit``) as it is written and put in place of the compiled step it
replaces, so the rule's games run at compiled speed. Two halves do it:

* this module, ``compiled_parts`` and ``compiled_words`` (the engine's half, the same for every game): the numba
  values a hook's arguments are made of (``struct_type``, ``made``: a struct of a few fields; ``value_type``: one
  and the intrinsic that makes it; ``called``: a ``default`` the hook calls, inlined where it is called), the parts
  every game's half is made of (``compiled_parts``: a pile known by its count, the legal defaults, the look-ahead's
  glue), the words and actions a hook reads and returns (``compiled_words``), and the
  compile itself: each hook bound into the game's step templates (``compile_rule``) and, where numba refuses it,
  the rule file's line that keeps it out and why, in the words of ``cardgen/terminal.json`` (``why_not``);
* the game's half (King Lui's ``games/king_lui/compiled_house.py``, Draco's): its compiled view of the state (what a hook
  may read, over the kernels' record), the ``default`` of each hook (the game's own step), the step templates that
  call the hook, and ``HookSteps``, which hands them to ``compile_rule``.

Why here: the engine sits below the games (docs/ARCHITECTURE.md), so a second game compiles its hooks with this
machinery and supplies only its view, its defaults and its templates. numba's types of these values are shared by
every game (one registry per process: two games compiling in one process meet the same types, named ``House...``);
a game's own struct types name themselves and the module that holds them (``struct_type``'s ``module``).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from numba import config, njit, types
from numba import typeof as numba_typeof
from numba.core import cgutils
from numba.core.imputils import lower_builtin
from numba.extending import intrinsic, make_attribute_wrapper, models, overload, overload_method, register_model

from cardgen.jit import bind

#: the hooks ``compile_rule`` compiles (the others keep a rule on the reference engine)
COMPILED_HOOKS = ("scores", "legal_actions", "apply")
#: how the ``legal_actions`` and ``apply`` hooks compile: inlined in the steps that call them, run at every decision
#: of every look-ahead and search rollout (a call passed the view and ``default``, a dozen counted references each
#: way: a search game on King Lui's "pass" rule took 12 % longer, on a hook returning ``default()`` 15 %)
HOOK = {"boundscheck": True, "inline": "always"}
#: how the rule's steps are compiled into the loops that call them: inlined, so that the loop's context (some fifty
#: arrays and typed containers) is never passed across a call, where numba counts a reference for each of its members
#: at every decision (a hook that returned ``default()`` cost a game of King Lui 2.4 us a decision so, 50 decisions
#: a game: four times the whole game's own work)
INLINE = {"inline": "always"}


# -- the compiled values: numba types of a few fields each ------------------------------------------------------
def struct_type(name: str, doc: str, fields: list[tuple[str, Any]], *, module: str,
                counted: tuple[str, ...] | None = None) -> type:
    """A numba type (the class) whose values hold ``fields`` (name, numba type), read as ``_name`` in compiled code;
    ``name`` is how numba's messages call it (``why_not`` reads them); ``counted``: as ``struct_model``'s.
    ``module``: the module that keeps the class as its attribute ``{name}Type`` (its ``__name__``), so that pickle
    (numba's cache) finds the class again."""
    def init(self: Any) -> None:
        types.Type.__init__(self, name=name)

    cls = type(f"{name}Type", (types.Type,), {"__init__": init, "__doc__": doc, "__module__": module})
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


def value_type(name: str, doc: str, fields: list[tuple[str, Any]], *, module: str,
               counted: tuple[str, ...] | None = None) -> tuple[type, Any, Any]:
    """``struct_type`` (the class, its one instance) and the intrinsic that makes a value of it in compiled code from
    one argument per field, in their order: every value a hook's arguments are made of (a view, a pile, a
    ``default``) is this pair, the same for every game. ``module``: as ``struct_type``'s (the caller keeps the class
    as its attribute ``{name}Type``)."""
    cls = struct_type(name, doc, fields, module=module, counted=counted)
    ty = cls()
    parameters = ", ".join(field for field, _ in fields)
    scope = {"ty": ty, "fields": fields, "made": made}
    exec(f"def {name.lower()}(typingctx, {parameters}):\n"  # noqa: S102 - our own text: numba reads the parameters
         "    def codegen(context, builder, sig, args):\n"
         "        return made(ty, fields, context, builder, args)\n"
         "    return ty(*(t for _, t in fields)), codegen\n", scope)
    return cls, ty, intrinsic(scope[name.lower()])


def called(ty: type, impl: Callable[..., Any], arguments: int = 0) -> None:
    """Values of numba type ``ty`` made callable in compiled code with no argument (``d()`` runs ``impl(d)``: a
    hook's ``default``) or one (``arguments=1``: ``d(action)`` runs ``impl(d, action)``, ``apply``'s ``default``),
    inlined where called (``inlined``)."""
    if arguments == 0:
        def typing(d):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
            return impl
    else:
        def typing(d, action):  # type: ignore[misc]  # noqa: ANN001, ANN202 - as above
            return impl

    overload_method(ty, "__call__")(typing)
    lower_builtin(ty, ty, *(types.Any,) * arguments)(
        lambda context, builder, sig, args: inlined(context, builder, impl, sig, args))


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


@intrinsic
def alive(typingctx: Any, a: Any, b: Any) -> Any:
    """Nothing: a use of ``a`` and ``b``, so that numba keeps them until here (a view holds them uncounted)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return context.get_dummy_value()
    return types.none(a, b), codegen


if config.DISABLE_JIT:  # numba leaves every function Python: Python counts its own references
    def alive(a: Any, b: Any) -> None:  # type: ignore[misc]  # noqa: F811
        """Nothing."""


def whole_numbers(x: Any) -> None:
    """Compiles only for a list (or array) of whole numbers: a hook's scores copied into the ``int64`` outcome (where
    it does not, ``why_not`` says so by this function's name)."""


@overload(whole_numbers)
def _whole_numbers_of(x):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(x, (types.List, types.Array)) and isinstance(x.dtype, types.Integer):
        return lambda x: None
    return None


# -- the compile: each hook bound into the game's step templates, or why it stays out -----------------------------
@dataclass(frozen=True)
class Compiled:
    """A house rule compiled with a game's steps: what its game loop calls in place of the steps."""

    outcome: Any  #: ``HookSteps.outcome`` bound to the rule's ``scores``, or None (the game's own outcome)
    legal: Any  #: ``HookSteps.legal`` bound to the rule's ``legal_actions``, or None (the game's own)
    apply: Any  #: ``HookSteps.apply`` bound to the rule's ``apply``, or None (the game's own)
    key: str  #: the rule file's SHA-256, first 12 digits: the compiled copies' names
    hooks: tuple[str, ...]  #: the rule's hooks

    @property
    def adds_actions(self) -> bool:
        """Whether the rule may add actions (``legal_actions``): the compiled tier's heuristic does not judge them."""
        return self.legal is not None


@dataclass(frozen=True)
class ViewNames:
    """The numba names of a game's compiled view, as numba's refusals name them (``why_not``)."""

    state: str  #: the view's type (``state.x`` in the rule)
    game: str  #: the type of the view's ``state.game``
    pile: str  #: the type of a pile of cards known by its count (its contents unreadable)


@dataclass(frozen=True)
class HookSteps:
    """A game's half of compiling its house rules' hooks (``compile_rule``): the compiled steps a hook replaces, written
    once as templates that call the hook by a global name ``compile_rule`` binds, and what a refusal names.

    Each template reads the game's compiled view of the state and passes the hook a ``default`` (the game's own step,
    ``called``): ``outcome`` calls ``hook(view, default)`` (the ``scores`` hook); ``legal`` calls
    ``legal_hook(view, legal_default(...))`` (``legal_actions``); ``apply`` calls ``apply_hook(view, action,
    default)`` (``apply``)."""

    game: str  #: the compiled copies' names start with it (``king_lui``: ``king_lui_<digest>``, numba's disk cache)
    outcome: Callable[..., Any]  #: the game's outcome with the ``scores`` hook (global ``hook``) in its score step
    legal: Callable[..., Any]  #: the game's legal actions with the ``legal_actions`` hook (``legal_hook``)
    apply: Callable[..., Any]  #: the game's apply with the ``apply`` hook (``apply_hook``)
    #: ``legal_default`` of ``legal``: ``default()`` as codes (``compiled_words.HouseActionsType``), tried first
    codes_default: Any
    listed_default: Any  #: the same as numba's typed list, for a rule that does more with the list than codes offer
    #: numba's argument types of each hook's step, given the loop context's type (None: only the steps that take none)
    signatures: Callable[[Any], dict[str, tuple[Any, ...]]]
    names: ViewNames


_NUMBA_LINE = re.compile(r"at (\S+) \((\d+)\)")
_ATTRIBUTE = re.compile(r"Unknown attribute '(\w+)' of type (\w+)")
_SETATTR = re.compile(r"Cannot resolve setattr: \((\w+)\)\.(\w+)")


def first_generator(path: str, after: int | None, kind: str = "GeneratorExp") -> int | None:
    """The line of the first generator expression (``any(x for x in y)``; ``kind``: another node of Python's ``ast``,
    ``Lambda``) of the file ``path`` from line ``after`` on (the function numba refused); ``after`` when there is
    none."""
    import ast

    try:
        tree = ast.parse(open(path, encoding="utf-8").read())
    except (OSError, SyntaxError, ValueError):
        return after
    lines = sorted(node.lineno for node in ast.walk(tree) if isinstance(node, getattr(ast, kind))
                   and node.lineno >= (after or 0))
    return lines[0] if lines else after


#: why a rule stays out: a key of ``cardgen/terminal.json`` (``house_why_*``) and its fields
Why = tuple[str, dict[str, str]]


def why_not(exc: BaseException, path: str, names: ViewNames) -> tuple[int | None, Why]:
    """The first line of the rule file ``path`` numba names in ``exc`` (None: none), and what it refused; ``names``:
    the game's view as numba names it."""
    text = str(exc)
    line = next((int(m[2]) for m in _NUMBA_LINE.finditer(text) if m[1] == path), None)
    if m := _ATTRIBUTE.search(text):
        where = {names.state: "state.", names.game: "state.game."}.get(m[2], "")
        return line, ("house_why_view", {"name": where + m[1]})
    if (m := _SETATTR.search(text)) and m[1] == names.state:
        return line, ("house_why_keep", {"name": "state." + m[2]})
    if "yield in a closure" in text:  # numba names the function's first line: the expression's own is the file's
        return first_generator(path, line), ("house_why_generator", {})
    if "Cannot capture the non-constant value" in text:  # a lambda reading the state (``min(key=lambda q: ...)``):
        line = first_generator(path, line, "Lambda")  # numba names the function's first line, not the lambda's
    if whole_numbers.__name__ in text:
        return line, ("house_why_numbers", {})
    if names.pile in text:
        return line, ("house_why_pile", {})
    first = next((ln.strip() for ln in text.splitlines()
                  if ln.strip() and not ln.startswith(("Failed in", "During", "File", " ", "-"))), type(exc).__name__)
    return line, ("house_why_numba", {"text": first[:120]})


def compile_rule(rules: dict[str, Callable[..., Any]], path: str, sha256: str, steps: HookSteps,
                 context: Callable[[], Any] | None = None) -> Compiled | tuple[int, Why]:
    """The rule's hooks compiled with the game's ``steps``, or (the first line of ``path`` that keeps them out, why).

    ``rules``: hook name -> the rule's function (``cardgen.house``); ``path``: the file they were loaded from;
    ``sha256``: a digest naming the compiled copies (numba's disk cache keeps one per name);
    ``context``: makes a loop context of the game (King Lui's ``compiled.house_context``) to compile
    ``legal_actions`` and ``apply`` against (its arrays' types matter, not their contents); called only for a rule
    that may compile (making one compiles its ``Words`` in a fresh cache: a rule kept out by its hooks pays nothing).
    Each hook is compiled here (not run), so that a refusal is seen now, not in a game."""
    others = [name for name in rules if name not in COMPILED_HOOKS]
    if others:
        fn = rules[others[0]]
        return fn.__code__.co_firstlineno, ("house_why_hook", {"hook": others[0], "hooks": ", ".join(COMPILED_HOOKS)})
    key = sha256[:12]
    name = f"{steps.game}_{key}"
    hooked = {}  # inlined where they run, whose copies are compiled ``coverloop.CHECKED``
    if "scores" in rules:
        hooked["scores"] = bind(steps.outcome, name, None, hook=njit(rules["scores"], boundscheck=True))
    if "legal_actions" in rules:  # ``default()`` as codes where the rule compiles so, else as a typed list
        hooked["legal_actions"] = bind(steps.legal, name, INLINE, legal_hook=njit(rules["legal_actions"], **HOOK),
                                       legal_default=steps.codes_default)
    if "apply" in rules:
        hooked["apply"] = bind(steps.apply, name, INLINE, apply_hook=njit(rules["apply"], **HOOK))
    ctx = None
    if context is not None and not config.DISABLE_JIT and ("legal_actions" in rules or "apply" in rules):
        ctx = numba_typeof(context())
    signatures = steps.signatures(ctx)
    for hook, fn in hooked.items():
        try:  # compiled, not run: a rule that never returns must not hang here, out of the supervisor's watch
            if hasattr(fn, "compile") and hook in signatures:  # not under NUMBA_DISABLE_JIT, where it stays Python
                try:
                    fn.compile(signatures[hook])
                except Exception:  # noqa: BLE001 - the rule does more with default()'s list: a typed list, then
                    if hook != "legal_actions":
                        raise
                    fn = hooked[hook] = bind(steps.legal, f"{name}_listed", INLINE,
                                             legal_hook=njit(rules["legal_actions"], **HOOK),
                                             legal_default=steps.listed_default)
                    fn.compile(signatures[hook])
        except Exception as exc:  # noqa: BLE001 - numba's refusal, said in one line
            line, why = why_not(exc, path, steps.names)
            return (rules[hook].__code__.co_firstlineno if line is None else line), why
    return Compiled(hooked.get("scores"), hooked.get("legal_actions"), hooked.get("apply"), key, tuple(rules))
