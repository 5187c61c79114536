"""The parts every game's half of a compiled house rule is made of: a pile, the legal defaults, the look-ahead's glue.

A game's half (``games/<game>/compiled_house.py``) supplies its view of the state, its kernels (its own legal codes,
its apply, its heuristic, determinize, the standings) and its step templates; what is the same for every game is
made here from those kernels, once, so a third game's half is only its own (docs/ARCHITECTURE.md, "Compiled house
rules"):

* ``pile``, ``HousePileType``, ``PyPile``: a pile of cards the compiled tier knows by its count only (``len(pile)``
  and ``if pile:`` work, reading which card lies where does not compile: ``why_not`` names it by ``PILE``);
* ``legal_defaults``: the two ``default``s of a ``legal_actions`` hook (the game's own legal actions as
  ``HouseActionsType`` codes, and as numba's typed list for a rule that does more with the list), with their Python
  twins, made of the game's ``own(view, out)``, its legal codes into ``out``;
* ``house_cover``: ``coverloop.covered`` bound to the game's ``CoverKernels`` and a rule's steps (what the default
  players' look-ahead calls), with the kernels that only read the loop's context the same way in every game;
* ``house_batch``, ``ready``, ``guarded``, ``HouseCalls``: how many games one guarded loop call plays, the loop
  compiled before the clock, the call itself under the supervisor's watch, and a house tier's two batch methods made
  of them.

numba's types are one registry per process: the pile is one type for every game (two games compiling in one process
meet the same ``HousePile``); a ``default``'s type holds the game's view and is the game's own, named after it
(``legal_defaults``' ``prefix``), which also keeps numba's compiled copies of the shared ``default`` code apart (numba
keeps one per code object and signature).
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
from numba import config, njit, types
from numba.extending import overload
from numba.typed import List

from cardgen.engine.compiled_hooks import called, value_type
from cardgen.engine.compiled_words import (action_type, borrowed, codes_into, game_code, kind_of_code, lent_words_type,
                                           listed, make_actions, make_lent_action, own_prefix)
from cardgen.jit import bind, rebound

_RECORD = types.int64[::1]

# -- a pile: cards known by their count ---------------------------------------------------------------------------------
_PILE = [("count", types.int64)]
HousePileType, pile_type, pile = value_type("HousePile", "The numba type of a pile of cards in a game's compiled view "
                                            "(a count).", _PILE, module=__name__)
#: the pile's numba name, as numba's refusals name it (``compiled_hooks.ViewNames.pile``)
PILE = "HousePile"


@overload(len)
def _pile_len(p):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(p, HousePileType):
        return lambda p: p._count


@overload(bool)
def _pile_bool(p):  # noqa: ANN001 - numba compares these with the implementation's
    if isinstance(p, HousePileType):
        return lambda p: p._count != 0


class PyPile:
    """A pile as ``HousePileType`` gives it, in Python (``NUMBA_DISABLE_JIT``): a count, nothing more."""

    def __init__(self, count: int) -> None:
        self._count = int(count)

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count != 0


if config.DISABLE_JIT:  # numba leaves every function Python: the type has no compiled code to run
    pile = PyPile  # noqa: F811


# -- ``default`` of ``legal_actions``: the game's own legal actions, as codes or as a typed list ---------------------------
class PyLegalDefault:
    """A ``legal_actions`` hook's ``default`` as a Python callable (``NUMBA_DISABLE_JIT``): the game's legal actions
    (``own(view, buf)``) as the reference's tuples (``acts``: ``Words.acts``)."""

    def __init__(self, own: Callable[[Any, Any], int], view: Any, acts: Any, buf: Any) -> None:
        self._own, self._view, self._acts, self._buf = own, view, acts, buf

    def __call__(self) -> list[tuple[str, ...]]:
        m = self._own(self._view, self._buf)
        return [self._acts[c] for c in self._buf[:m].tolist()]


class LegalDefaults(NamedTuple):
    """A game's two ``default``s of a ``legal_actions`` hook (``HookSteps.codes_default``, ``listed_default``)."""

    codes_type: type  #: the numba type of ``default`` as ``HouseActionsType`` codes (``{prefix}LegalCodes``)
    listed_type: type  #: the numba type of ``default`` as numba's typed list (``{prefix}LegalDefault``)
    codes: Any  #: ``codes(view, words, buf, lent)``: the first (``buf``: the loop's room; ``lent``: ``CoverWork.lent``)
    listed: Any  #: ``listed(view, words, buf, lent)``: the second, for ``compile_rule``'s second try


def _codes_impl(own: Any) -> Callable[[Any], Any]:
    """``default()`` as codes over ``own``: in the array the loop lends at a listing's first call (the hooked step
    takes it back when the hook returns: no list of a listing outlives it), a new one at any other."""
    def default_codes(d):  # noqa: ANN001, ANN202 - numba compares an overload's parameters with its typing's
        lent = d._lent
        if lent[0] == 0:
            lent[0] = 1
            codes = lent[1:]
        else:
            codes = np.empty(len(d._buf) + 2, np.int64)  # the count, room for as many codes as the loop's, the prefix
        codes[0] = own(d._view, codes[1:len(codes) - 1])
        codes[len(codes) - 1] = codes[0]  # the game's own list, whole (``own_prefix``)
        return make_actions(codes, d._words)
    return default_codes


def _listed_impl(own: Any) -> Callable[[Any], Any]:
    """``default()`` as a new typed list over ``own`` (no room asked: numba's list shrinks one under half full)."""
    def default_listed(d):  # noqa: ANN001, ANN202 - numba compares an overload's parameters with its typing's
        m = own(d._view, d._buf)
        out = List.empty_list(action_type)
        for i in range(m):
            out.append(d._acts[d._buf[i]])
        return out
    return default_listed


def legal_defaults(prefix: str, view_type: Any, own: Any, module: str) -> LegalDefaults:
    """The ``default``s of a ``legal_actions`` hook on a game's view (``view_type``), made of ``own(view, out)``, the
    game's own legal codes of the view's position into ``out``, how many (a kernel, ``inline="always"``). Their
    types are named ``{prefix}LegalCodes`` and ``{prefix}LegalDefault``; ``module`` keeps them as its attributes
    ``{prefix}LegalCodesType``, ``{prefix}LegalDefaultType`` (``struct_type``)."""
    codes_fields = [("view", view_type), ("words", lent_words_type), ("buf", _RECORD), ("lent", _RECORD)]
    codes_cls, _, codes_of = value_type(f"{prefix}LegalCodes", "The numba type of the ``default`` a ``legal_actions`` "
                                        "hook gets: the game's own legal actions as a ``HouseActionsType`` list.",
                                        codes_fields, module=module, counted=())
    listed_fields = [("view", view_type), ("acts", types.ListType(action_type)), ("buf", _RECORD)]
    listed_cls, _, listed_of = value_type(f"{prefix}LegalDefault", "The numba type of the ``default`` a "
                                          "``legal_actions`` hook gets where the rule does more with the list: "
                                          "numba's typed list.", listed_fields, module=module, counted=())
    called(codes_cls, _codes_impl(own))
    called(listed_cls, _listed_impl(own))

    def listed(v: Any, words: Any, buf: Any, lent: Any) -> Any:
        """``default`` as a typed list (a typed list lends no array)."""
        return listed_of(v, words.acts, buf)

    if config.DISABLE_JIT:  # numba leaves every function Python: the types have no compiled code to run
        def python(v: Any, words: Any, buf: Any, lent: Any) -> PyLegalDefault:
            return PyLegalDefault(own, v, words.acts, buf)
        return LegalDefaults(codes_cls, listed_cls, python, python)
    return LegalDefaults(codes_cls, listed_cls, codes_of, njit(inline="always")(listed))


# -- ``default`` of ``apply``: the game's own apply of one of its legal actions --------------------------------------
class PyApplyDefault:
    """An ``apply`` hook's ``default`` as a Python callable (``NUMBA_DISABLE_JIT``): ``impl`` (``_apply_impl``'s)
    run on it, as the compiled value's ``__call__`` runs it."""

    def __init__(self, impl: Callable[[Any, Any], None], view: Any, index: Any, buf: Any) -> None:
        self._impl, self._view, self._index, self._buf = impl, view, index, buf

    def __call__(self, action: Any) -> None:
        self._impl(self, action)


def _apply_impl(own: Any, play: Any) -> Callable[[Any, Any], None]:
    """``default(action)`` over ``own(view, out)`` (the game's own legal codes) and ``play(view, code)`` (the game's
    own apply of one, on to the next decision): the action's code, where the game's own rules allow it now, played;
    any other action (one the rule added, one not legal now) refused, as the reference's ``apply`` refuses it."""
    def default_apply(d, action):  # noqa: ANN001, ANN202 - numba compares an overload's parameters with its typing's
        v, buf = d._view, d._buf
        code = game_code(d._index, action)
        if code >= 0:
            for i in range(own(v, buf)):
                if buf[i] == code:
                    play(v, buf[i])  # the array's: ``code`` may be numba's optional (a dict's ``get``), no index
                    return
        raise ValueError("an action the game's own rules do not allow now reached default")
    return default_apply


def apply_default(prefix: str, view_type: Any, own: Any, play: Any, module: str) -> tuple[type, Any]:
    """The ``default`` of an ``apply`` hook on a game's view (``view_type``): (its numba type, named
    ``{prefix}ApplyDefault``, which ``module`` keeps as its attribute ``{prefix}ApplyDefaultType``; the maker
    ``make(view, index, buf)``: ``index`` the game's codes by words, ``buf`` scratch codes), made of the kernels
    ``own(view, out)`` and ``play(view, code)`` (``_apply_impl``). Under ``NUMBA_DISABLE_JIT`` the maker gives
    ``PyApplyDefault``."""
    fields = [("view", view_type), ("index", types.DictType(types.unicode_type, types.int64)), ("buf", _RECORD)]
    cls, _, make = value_type(f"{prefix}ApplyDefault", "The numba type of the ``default`` an ``apply`` hook gets: "
                              "the engine's own apply of one of the game's legal actions.", fields, module=module,
                              counted=())
    impl = _apply_impl(own, play)
    called(cls, impl, arguments=1)
    if config.DISABLE_JIT:  # numba leaves every function Python: the type has no compiled code to run
        def python(view: Any, index: Any, buf: Any) -> PyApplyDefault:
            return PyApplyDefault(impl, view, index, buf)
        return cls, python
    return cls, make


# -- the steps a hook replaces, over a game's view (Draco's and Royale's ``HOOKED``) ---------------------------------
class HouseCover(NamedTuple):
    """The covered look-ahead's arrays the hooked steps read (``coverloop.CoverWork``'s ``hint`` and ``lent``)."""

    hint: np.ndarray
    lent: np.ndarray


def hooked_legal(s: Any, st: Any, buf: Any) -> int:
    """The game's legal actions with the house rule's ``legal_actions`` (the global ``legal_hook``) in their place:
    the codes of the actions it returns into ``buf`` (``st.words`` learns the ones it added), how many; in
    ``st.cover.hint``, how many of them lead as the game's own legal list (``own_prefix``). ``st``: the game's
    ``Steps`` (``words``, ``cover``: a ``HouseCover``); ``play_view(s, st)``: the game's view of house record ``s``
    (bound by ``hooked_steps``)."""
    v = play_view(s, st)  # noqa: F821 - bound by ``hooked_steps``
    lent = st.cover.lent
    lent[0] = 0  # no list of an earlier listing is alive: its array may be lent again (``legal_defaults``)
    got = legal_hook(v, legal_default(v, borrowed(st.words), buf, lent))  # noqa: F821 - ``compile_rule``
    m = codes_into(got, st.words, buf)
    st.cover.hint[0] = own_prefix(got)
    return m


def hooked_apply(s: Any, a: int, st: Any) -> None:
    """The game's apply with the house rule's ``apply`` (the global ``apply_hook``) in its place, given the action of
    code ``a``; its ``default`` (``apply_default``'s maker, the global ``make_default``) plays one of the game's own
    actions. ``st``: as ``hooked_legal``'s (``words``, ``best``: scratch codes)."""
    v = play_view(s, st)  # noqa: F821 - bound by ``hooked_steps``
    bwords = borrowed(st.words.bwords)
    joined = listed(bwords, a) if a < len(bwords) else listed(st.words.extras, a - len(bwords))
    apply_hook(v, make_lent_action(a, joined, listed(st.words.bkinds, a)),  # noqa: F821 - bound by ``compile_rule``
               make_default(v, borrowed(st.words.index), st.best))  # noqa: F821 - bound by ``hooked_steps``


def hooked_steps(play_view: Any, make_default: Any) -> tuple[Any, Any]:
    """(``hooked_legal``, ``hooked_apply``) of a game whose view of a house record is ``play_view(s, st)`` (a
    kernel) and whose ``apply`` default is made by ``make_default`` (``apply_default``'s): the templates a game's
    ``HookSteps`` hands to ``compile_rule``, which binds the rule's hooks into them."""
    return (rebound(hooked_legal, play_view=play_view),
            rebound(hooked_apply, play_view=play_view, make_default=make_default))


def steps_signatures(fields: tuple[str, ...]) -> Callable[[Any], dict[str, tuple[Any, ...]]]:
    """``HookSteps.signatures`` of a game whose loop context (a NamedTuple of ``fields``) holds the hooked steps'
    ``Steps`` as its field ``steps``: ``legal_actions`` compiles for (record, steps, codes), ``apply`` for (record,
    code, steps)."""
    at = fields.index("steps")

    def signatures(ctx: Any) -> dict[str, tuple[Any, ...]]:
        """The argument types each hooked step compiles for, where the loop context's type ``ctx`` is known."""
        if ctx is None:
            return {}
        st = ctx[at]
        return {"legal_actions": (_RECORD, st, _RECORD), "apply": (_RECORD, types.int64, st)}
    return signatures


# -- the default players' look-ahead over the rule's actions (``coverloop``) -------------------------------------------
class CoverKernels(NamedTuple):
    """A game's kernels of the covered look-ahead (``coverloop.KERNELS``' meanings), the rule's steps aside."""

    own_legal: Any  #: ``(ctx, s, out) -> int``: the game's own legal codes, before the rule's ``legal_actions``
    usual: Any  #: ``(ctx, s, codes, k, mt) -> int``: the heuristic's code among ``codes[:k]``
    sample: Any  #: ``(ctx, src, dst, seat, mt)``: ``determinize`` into ``dst``
    #: ``(ctx, s, seat) -> float``, a template: ``generic.standing``, which may call the global ``outcome`` (the
    #: loop's, the rule's ``scores`` bound in)
    standing: Callable[..., float]
    position: Any  #: ``(s) -> (seat to move or -1, turns completed, over)``
    steps_of: Any  #: ``(ctx) -> steps``: what the loop's ``legal_now`` and ``act`` take, read from the look-ahead's ctx


def cover_rule(ctx: Any, s: Any, out: Any) -> int:
    """The legal codes the loop offers (the global ``legal_now``: the rule's ``legal_actions`` bound in)."""
    return legal_now(s, steps_of(ctx), out)  # noqa: F821 - bound by ``house_cover``


def cover_play(ctx: Any, s: Any, a: int) -> None:
    """Code ``a`` played as the loop plays it (the global ``act``: the rule's ``apply`` bound in, or the game's)."""
    act(s, a, steps_of(ctx))  # noqa: F821 - bound by ``house_cover``


_kind_of_code = njit(inline="always")(kind_of_code)


def cover_kind(ctx: Any, a: int) -> int:
    """The memory slot of the first word of action ``a`` (learnt the first time a game meets it)."""
    words = steps_of(ctx).words  # noqa: F821 - bound by ``house_cover``
    word = _kind_of_code(words, a)
    slots = ctx.cover.kinds
    slot = slots.get(word, -1)
    if slot < 0:
        slot = len(slots)
        if slot >= COVER_KINDS:  # noqa: F821 - bound by ``house_cover``
            raise ValueError("the house rule adds more kinds of action than the compiled look-ahead holds")
        slots[words.kinds[a]] = slot  # the list's own string, not ``word``'s borrowed copy: the dict keeps it
    return slot


def house_cover(name: str, steps: dict[str, Any], game: CoverKernels) -> Any:
    """``coverloop.covered`` bound to ``game``'s kernels for the loop ``name`` whose ``steps`` (``legal_now``,
    ``act``, and ``outcome`` where the game's standing reads it) carry the rule: what the loop's heuristic players
    call."""
    from cardgen.engine.coverloop import COVER_KINDS, bind_cover  # not at the top: numba's typed containers

    inline = {"inline": "always"}
    return bind_cover(name, own_legal=game.own_legal, usual=game.usual, sample=game.sample, position=game.position,
                      rule_legal=bind(cover_rule, name, inline, legal_now=steps["legal_now"], steps_of=game.steps_of),
                      play=bind(cover_play, name, inline, act=steps["act"], steps_of=game.steps_of),
                      standing=bind(game.standing, name, inline, outcome=steps.get("outcome")),
                      kind=bind(cover_kind, name, inline, steps_of=game.steps_of, COVER_KINDS=COVER_KINDS))


# -- the batch's glue: a guarded loop call ------------------------------------------------------------------------------
def house_batch(limit: float, per_game: float) -> int:
    """How many games one compiled loop call plays with a house rule under a time limit of ``limit`` s, a game
    taking at most ``per_game`` s (the supervisor kills a call past its limit: ``cardgen.contain``)."""
    return max(1, int(limit / per_game))


def ready(dispatcher: object, args: tuple) -> None:  # type: ignore[type-arg]
    """Compile ``dispatcher`` for ``args`` (or load it from numba's disk cache) without running it (compiling is not
    the rule's time); nothing for a Python function (``NUMBA_DISABLE_JIT``)."""
    compile_for = getattr(dispatcher, "compile", None)
    if compile_for is None or getattr(dispatcher, "signatures", None):
        return
    compile_for(tuple(dispatcher.typeof_pyval(a) for a in args))  # type: ignore[attr-defined]


def guarded(house: Any, where: str, call: tuple[object, tuple, int]) -> Any:  # type: ignore[type-arg]
    """``dispatcher(*args)`` for ``call`` = (dispatcher, args, the index of its context in ``args``), compiled first
    (``ready``: compiling is not the rule's time), then run as a call into project code the supervisor watches
    (``cardgen.contain``): compiled code runs out of the in-process guard's reach, so a rule that never returns is
    stopped from outside, the line naming ``house``'s file and hooks and ``where`` (which call, which seed).

    Every game's compiled house loop and its options' futures (``play_on``) call their rule this way."""
    import os

    from cardgen import contain, guard, jit  # the supervisor's modules, needed once a rule runs

    dispatcher, args, context = call
    ready(dispatcher, args)
    pid = os.getpid()
    contain.enter(f"{house.shown}, hook {', '.join(house.hooks)} ({where})", guard.time_limit(), pid)
    try:
        return jit.call(dispatcher, args, context)
    finally:
        contain.leave(pid)


class HouseCalls:
    """The two ``BatchEngine`` methods of a game's house tier, the same in every game with a house loop of its own
    (Draco's and Royale's ``_tier()``: ``class DracoHouseFast(HouseCalls, DracoFast)``): a rule that raises is one line
    naming the game's seed (``HouseLoop.describe``), and each loop call is ``guarded``, playing at most the games the
    time limit of one call into project code allows (``house_batch``).

    The class sets ``house`` and ``loop`` (its ``HouseLoop`` and the loop compiled with the rule), and says how long
    a game may take: ``decision_seconds`` with every seat playing the game's own moves or random ones,
    ``covered_seconds`` where the rule adds actions and a seat of kind ``default_kind`` (the default players) judges
    them by the look-ahead."""

    house: Any
    loop: Any
    default_kind: int = 1
    decision_seconds: float
    covered_seconds: float

    def _run(self, seeds: np.ndarray, kinds: np.ndarray, cap: int, record: bool) -> tuple[np.ndarray, np.ndarray]:
        """``BatchEngine._run``; a rule that raises is one line naming the game's seed."""
        try:
            return super()._run(seeds, kinds, cap, record)  # type: ignore[misc, no-any-return]
        except Exception as exc:  # noqa: BLE001 - raised by the rule's compiled code
            from cardgen.usercode import UserCodeError
            raise UserCodeError(self.house.describe(exc, int(seeds[0]))) from None

    def _loop_call(self, games: Any, first: int, ctx: tuple, buffers: Any) -> tuple[int, int]:  # type: ignore[type-arg]
        """``BatchEngine._loop_call`` as a guarded call the supervisor watches: compiled code runs out of the
        in-process guard's reach, so each call plays at most ``house_batch`` games, compiled before the clock."""
        from cardgen import guard  # the supervisor's modules, needed once a rule runs
        from cardgen.engine import batch

        covered = self.house.adds_actions and bool((games.kinds == self.default_kind).any())  # look-ahead
        per_game = self.covered_seconds if covered else self.decision_seconds
        stop = min(games.seeds.shape[0], first + house_batch(guard.time_limit(), per_game))
        part = batch.Games(games.seeds[:stop], games.kinds[:stop], games.cap, games.record)
        seed, more = int(games.seeds[first]), stop - first - 1
        where = f"compiled, seed {seed}" + (f" and {more} more" if more else "")
        return guarded(self.house, where, (self.loop, (part, first, ctx, buffers), 2))  # type: ignore[no-any-return]


# -- the rule's loops: the game's templates with the rule's hooks bound in, once per rule text -----------------------
class HouseLoop(NamedTuple):
    """A house rule compiled with a game's steps: the game loop that plays it, its future, and what names it."""

    loop: object  #: ``batch.play_many`` over the game's loop with the rule's hooks in place of the steps they replace
    future: object  #: the game's future with them: a reference state played on to its end (the tier's ``play_on``)
    describe: Callable[[BaseException, int], str]  #: an exception the rule raised in the game seeded ``seed``
    shown: str  #: the rule file as the project names it (``house/rule.py``)
    hooks: tuple[str, ...]  #: the rule's hooks, all compiled
    adds_actions: bool  #: whether it has ``legal_actions`` (actions the default players judge by look-ahead)
    name: str  #: the name its compiled copies carry (the game's, ``_`` and the rule's digest: ``draco_1a2b...``)
    steps: dict[str, object]  #: the rule's steps as the loops bind them (``legal_now``, ``act``, ``decide``...)


class HouseKit(NamedTuple):
    """A game's half of ``house_loop``: the templates a rule's hooks are bound into, the game's own steps."""

    hooked: Any  #: the game's ``compiled_hooks.HookSteps`` (``compile_rule``'s)
    #: the loops' steps where the rule has no hook for them (``legal_now``, ``act``, ``decide``, ``fresh``; King Lui's
    #: ``outcome`` and ``lent`` too): the names the templates call
    steps: dict[str, object]
    play: Callable[..., Any]  #: the game loop's template (``batch.play_many``'s ``play_one``)
    future: Callable[..., Any]  #: the future's template (same steps, a reference state played on)
    #: ``decide``'s template where the rule adds actions: the default players' covered look-ahead (global ``covered``)
    decide: Callable[..., Any]
    cover: CoverKernels  #: the game's kernels of that look-ahead (``house_cover``)
    #: more globals ``decide`` reads (Royale's ``own_legal_kernel``, King Lui's ``borrowed``)
    decide_kernels: dict[str, object]


def forget_seats(ctx):  # type: ignore[no-untyped-def]
    """``fresh`` in a loop whose rule adds actions: each seat's verdicts forgotten (``coverloop.forget``)."""
    forget(ctx.cover)  # noqa: F821 - bound by ``house_loop``


#: per (game, rule file's SHA-256): its ``HouseLoop``, or (the line that keeps it out, why)
_HOUSE_LOOPS: dict[tuple[str, str], object] = {}


def house_loop(deck: Any, kit: HouseKit, context: Callable[[], Any]) -> HouseLoop | str:
    """The deck's house rule compiled with the game's steps (``compile_rule`` with ``kit.hooked``; ``context``
    makes a loop context to type its hooks against), with the default players' look-ahead where it adds actions
    (``house_cover``), once per game and rule file's content (the loops take any deck's tables and codes in their
    context); or the one line naming the file's first line that keeps it out and why (the rule then plays on the
    reference engine). Every game's compiled half asks it here."""
    import hashlib
    from pathlib import Path

    from cardgen.engine import batch
    from cardgen.engine.compiled_hooks import compile_rule
    from cardgen.engine.coverloop import CHECKED, forget
    from cardgen.terminal import say
    from cardgen.usercode import describe_failure, load_code, resolve_code_path

    code = deck.model.code
    file, line, _ = deck.code_location()
    path = resolve_code_path(code, Path(deck.project), origin=file, line=line)
    loaded = load_code(path, code)
    key = (kit.hooked.game, loaded.sha256)
    if key not in _HOUSE_LOOPS:
        rules = {name: fn for name in deck.spec.hooks if callable(fn := getattr(loaded.module, name, None))}
        # the compiled copies' names (numba's disk cache) from the rule's module name, which holds the file's name and
        # content's digest: numba's cached code names the module its hooks came from, and loads only where a module of
        # that name is loaded (the same text in another file name compiled under the other name could not be loaded)
        digest = hashlib.sha256(loaded.module.__name__.encode()).hexdigest()
        built = compile_rule(rules, str(path), digest, kit.hooked, context)
        if isinstance(built, tuple):
            _HOUSE_LOOPS[key] = built
        else:
            name = f"{kit.hooked.game}_{built.key}"
            steps = dict(kit.steps)
            for step, hooked in (("outcome", built.outcome), ("legal_now", built.legal), ("act", built.apply)):
                if hooked is not None:
                    steps[step] = hooked
            if built.adds_actions:  # the default players judge the added actions by the covered look-ahead
                inline = {"inline": "always"}
                steps["decide"] = bind(kit.decide, name, inline, covered=house_cover(name, steps, kit.cover),
                                       **kit.decide_kernels)
                steps["fresh"] = bind(forget_seats, name, inline, forget=forget)
            # the rule's hooks inlined in a game and in a future alike (``CHECKED``); the look-ahead (``covered``)
            # is one dispatcher both call: it compiles once. The game's loop is inlined in the batch's: numba links
            # each callee's code into its caller and optimizes it all again there, so a loop of its own compiled
            # the look-ahead's code once more (about 20 s of a Royale rule's 330: docs/DEVELOPING.md)
            loop = bind(batch.play_many, name, CHECKED, play_one=bind(kit.play, name, {**CHECKED, "inline": "always"},
                                                                       **steps))
            _HOUSE_LOOPS[key] = HouseLoop(loop, bind(kit.future, name, CHECKED, **steps), lambda exc, seed:
                                          describe_failure(exc, loaded.path, loaded.shown, hook=", ".join(rules),
                                                           seed=seed), loaded.shown, built.hooks, built.adds_actions,
                                          name, steps)
    house = _HOUSE_LOOPS[key]
    if not isinstance(house, HouseLoop):
        at, (why, fields) = house  # type: ignore[misc]
        return say("house_kept_out", deck=deck.id, line=at, file=loaded.shown, why=say(why, **fields))
    return house
