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
from cardgen.engine.compiled_words import action_type, kind_of_code, lent_words_type, make_actions
from cardgen.jit import bind

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
