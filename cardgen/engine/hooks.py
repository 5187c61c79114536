"""Hook points: the named places of a reference engine where a house rule plugs in.

Each game's ``engine.py`` declares ``HOOKS``: hook name -> ``HookPoint`` (the ``State``
method it replaces, its arguments, what it returns, when the engine calls it). A house
rule is a module that defines functions of those names, each receiving the state, the
method's arguments and ``default``, the engine's own implementation, so a rule can wrap
it (call ``default(...)`` and change what it did) or replace it (never call it)::

    def scores(state, default):          # King Lui: an overeaten dish costs only the excess
        ...

``hooked_state_class`` builds, once per game, a subclass of the engine's state class
whose hooked methods call the rule: the engine itself is untouched, so without a house
rule nothing is slower. In the subclass every action is followed by the game's
invariants (``State.invariants``) and the card count of the conformance checker (``zones``): a rule that creates or
loses cards, breaks the books or lets a seat act out of turn is stopped naming the hook.
Exceptions in a rule become one ``UserCodeError`` line (file:line, hook, seed).

Each action, and each hook called outside one, runs under ``cardgen.guard``: past the time
limit for project code (``--code-time-limit``), or when the rule calls ``sys.exit``,
``os._exit`` or raises ``KeyboardInterrupt``, the run stops with one line naming the file,
the hook and the seed. A rule that makes the engine loop inside one action (a ``serve_king``
that never serves) is stopped after ``MAX_HOOK_CALLS`` hook calls in that action.

A look-ahead's sample (a copy a player plays out to judge a move, never the game itself) is
marked ``unchecked``: its actions skip what only guards the real game, the re-check of an
action against the legal actions (the player drew it from that list) and the invariants and
card count after it (42 % of a look-ahead's time, issue 50). The guard stays on, and the real
game still checks every action it plays, so a rule that breaks the game is still stopped with
its one line; a sample whose action fails is checked before the failure goes on, so a rule
that breaks the game in a sample first is named as it would be in the game.

A *replay* of a game already played (the designer figures' trace of a compiled game, the offers of
a house rule's options) is marked ``replaying``: its actions are still checked against the legal
actions, so a replay that leaves the game's path fails, but not the invariants and card count
after them, which the game was checked for as it was played: on the reference engine after each
action; on a compiled tier by construction (a compiled rule sees a view of the state with no way
to create, lose or move a card outside the game's own steps, ``games/king_lui/compiled_house``).
Those checks were about a fifth of a house rule compare's time (py-spy, issue 50).
"""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardgen import guard
from cardgen.engine.api import Action, IllegalAction, State
from cardgen.engine.seatview import seat_view
from cardgen.errors import clean
from cardgen.usercode import UserCodeError

#: Hook calls one action may make: sane rules make a handful, an engine looping on a rule's result millions.
MAX_HOOK_CALLS = 100_000


class ActionNotCarriedOut(Exception):
    """An action the rule's ``legal_actions`` added reached the engine's own ``apply``, which knows only the
    game's actions: the rule's fault, not the player's who chose it (the simulator records a failed game)."""


@dataclass(frozen=True)
class HookPoint:
    """One place of a reference engine a house rule may replace."""

    method: str  # the State method the hook replaces
    returns: str  # what the hook returns ("nothing" for a procedure)
    when: str  # when the engine calls it
    #: the arguments after ``state`` (before ``default``; then those with a default value, passed by name), as
    #: the docs show them: never written by hand, read from the method itself by ``with_signatures`` so the
    #: two cannot disagree
    args: str = ""

    def shape(self) -> str:
        """The parameters a hook function takes, e.g. ``state, reason, default, winner=None``."""
        required, _, optional = self.args.partition(" | ")
        return ", ".join(filter(None, ["state", required, "default", optional]))


def method_args(method: Callable[..., Any]) -> str:
    """The parameters of ``method`` after ``self``: the required ones, then `` | `` and those with a default."""
    params = list(inspect.signature(method).parameters.values())[1:]
    required = ", ".join(p.name for p in params if p.default is p.empty)
    optional = ", ".join(f"{p.name}={p.default!r}" for p in params if p.default is not p.empty)
    return f"{required} | {optional}" if optional else required


def with_signatures(points: Mapping[str, HookPoint], state: type[State]) -> dict[str, HookPoint]:
    """``points`` with each one's ``args`` read from the ``state`` method it replaces (each engine's ``HOOKS``)."""
    return {name: replace(point, args=method_args(getattr(state, point.method))) for name, point in points.items()}


#: Hook points every engine has (its ``HOOKS`` adds these to its own).
COMMON: dict[str, HookPoint] = {
    "legal_actions": HookPoint("legal_actions", "list of actions",
                               "whenever the legal actions of the current decision are asked for; an action you "
                               "add must be carried out by your own `apply`"),
    "apply": HookPoint("apply", "nothing",
                       "for every action taken (already checked against `legal_actions`)"),
    "outcome": HookPoint("outcome", "an `Outcome`: scores, winners, tie-break",
                         "when a finished game is scored (the simulator, replay): winners and tie-breaks"),
    "score_estimate": HookPoint("score_estimate", "points per seat (list of numbers)",
                                "whenever the players or the designer metrics read the standings mid-game: a rule "
                                "that scores points of its own adds them here too, so the players see them"),
}


def listed_result(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` whose list or tuple result is copied into a plain list as part of the call: a subclass's
    ``__iter__`` (a list that blocks when read) then runs under the guard, not later in the engine."""
    @functools.wraps(fn)
    def listed(*args: Any, **kwargs: Any) -> Any:
        out = fn(*args, **kwargs)
        return list(out) if isinstance(out, (list, tuple)) else out
    return listed


#: ``watch(state, hook, point)``: called as a hook starts ("enter"), as it calls the engine's own method
#: ("default"), once that returns ("back") and as the hook returns ("leave"); set on a state as
#: ``state._house_watch`` for one move (the playtest table's journal tells what the rule itself did)
Watch = Callable[[Any, str, str], None]


def watched(default: Callable[..., Any], watch: Watch, state: Any, hook: str) -> Callable[..., Any]:
    """``default`` (the engine's own method a hook may call) telling ``watch`` when it starts and returns."""
    def run(*args: Any, **kwargs: Any) -> Any:
        watch(state, hook, "default")
        try:
            return default(*args, **kwargs)
        finally:
            watch(state, hook, "back")
    return run


def unchecked(state: State) -> State:
    """Mark ``state``, a copy a look-ahead plays out (never the game itself), as a sample: its actions skip the
    legality re-check and the invariant checks (see the module docstring); the guard stays on. A state of the
    game's own engine (no house rule) is returned as it is. Its clones are samples too."""
    if hasattr(state, "_house_checked"):
        state._house_checked = False  # type: ignore[attr-defined]
    return state


def replaying(state: State, on: bool = True) -> State:
    """Mark ``state`` as replaying a game already played (``on``), or as playing anew (``on`` False: after the
    replayed actions, before a copy plays on from there): see the module docstring. A state of the game's own
    engine (no house rule) is returned as it is. Its clones keep the mark: unmark it before copying."""
    if hasattr(state, "_house_replay"):
        state._house_replay = on  # type: ignore[attr-defined]
    return state


def hooked_state_class(base: type[State], points: Mapping[str, HookPoint], rules: Mapping[str, Callable[..., Any]],
                       conserved: Callable[[State], str | None], shown: str,
                       describe: Callable[[BaseException, str, int], str],
                       policy: Callable[..., Any] | None = None) -> type[State]:
    """A subclass of ``base`` whose hooked methods call ``rules[hook](state, *args, default=...)``.

    ``conserved(state)``: why a position does not hold the box's cards each once (None: it
    does; ``cardgen.engine.conservation.conservation_problem``). ``shown``: the rule file as
    the designer wrote it; ``describe(exc, hook, seed)`` words an exception raised in a rule
    (``usercode.describe_failure``). Both failures raise ``UserCodeError``. ``policy``: the rule
    file's optional ``policy(state, legal, rng)``, the advice ``State.suggest`` gives the agents.
    With a ``legal_actions`` hook, ``rules_legal_actions`` lists the engine's own actions, so the
    agents (``cardgen.agents.generic``) tell the ones the rule added.
    """
    names = {hook: points[hook].method for hook in rules}
    where, hooks = clean(shown), ", ".join(rules)  # what a guarded call runs, for the one line of its failure
    namespace: dict[str, Any] = {"__doc__": f"{base.__name__} with house rule hooks {', '.join(rules)}",
                                 "_house_watch": None,  # see ``watched``
                                 "_house_checked": True,  # False: a look-ahead's sample (``unchecked``)
                                 "_house_replay": False}  # True: a replay of a game already played (``replaying``)

    def wrap(hook: str, method: str, rule: Callable[..., Any]) -> Callable[..., Any]:
        original = getattr(base, method)
        listing = hook == "legal_actions"
        if listing:  # copied while guarded: a returned list's own __iter__ is project code too
            rule = listed_result(rule)
        #: what a guarded call of this hook runs, per game seed: made once per game, not at every call (a
        #: look-ahead calls a hook some 50,000 times a game; the f-string was 3 % of a Draco tip rule's validate)
        wheres: dict[int, str] = {}

        def hooked(self: Any, *args: Any, **kwargs: Any) -> Any:
            if listing:  # engines cache their list: the rule gets its own copy
                default: Callable[..., Any] = lambda: list(original(self))  # noqa: E731
                watch = None
            else:
                default = functools.partial(original, self)
                watch = self._house_watch
            if watch is not None:  # someone tells the rule's own part of the move apart from the engine's
                default = watched(default, watch, self, hook)
                watch(self, hook, "enter")
            self._house_ran.append(hook)
            budget = self._house_budget
            if budget is not None:  # inside an action: the engine may be looping on this hook's result
                if budget <= 0:
                    raise UserCodeError(f"{clean(shown)}: hook {hook} was called {MAX_HOOK_CALLS} times in one "
                                        f"action: the engine loops on what the house rule does (seed {self.seed} "
                                        "reproduces it)")
                self._house_budget = budget - 1
            seed = self.seed
            shown_where = wheres.get(seed)
            if shown_where is None:
                if len(wheres) > 64:  # a run plays game after game: keep the recent ones only
                    wheres.clear()
                shown_where = wheres[seed] = f"{where}, hook {hook} (seed {seed})"
            try:
                result = guard.call(rule, self, *args, default=default, where=shown_where, **kwargs)
            except UserCodeError:
                raise
            except BaseException as exc:
                if not guard.is_code_failure(exc):
                    raise  # a real Ctrl-C: the person's, not the rule's
                raise UserCodeError(describe(exc, hook, self.seed)) from None
            if listing and not isinstance(result, (list, tuple)):  # not "no legal move": a failed game
                raise TypeError(f"hook legal_actions returned {clean(repr(result), 60)}, expected a list of actions "
                                "(default() or a list made from it)")
            if watch is not None:
                watch(self, hook, "leave")
            return result

        hooked.__name__ = method
        hooked.__doc__ = f"The house rule's `{hook}` (the engine's `{method}` is its default)."
        return hooked

    for hook, method in names.items():
        if hook != "apply":
            namespace[method] = wrap(hook, method, rules[hook])
    base_apply = wrap("apply", "apply", rules["apply"]) if "apply" in rules else base.apply
    #: what a guarded action runs, per game seed (``apply``)
    applied: dict[int, str] = {}

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        self._house_ran = []
        self._house_budget = MAX_HOOK_CALLS  # hook calls the current action may still make (None: none running)
        try:
            seed = args[1] if len(args) > 1 else kwargs.get("seed", "?")
            guard.call(base.__init__, self, *args, where=f"{where}, hooks {hooks} (seed {seed})", **kwargs)
        except UserCodeError:
            raise
        except BaseException as exc:
            if isinstance(exc, Exception) or not guard.is_code_failure(exc):
                raise
            raise UserCodeError(describe(exc, self._ran(), getattr(self, "seed", 0))) from None
        finally:
            self._house_budget = None
        self._house_check()

    def apply(self: Any, action: Action) -> None:
        """Check legality against the (hooked) legal actions, act under the guard, then check the invariants
        (a look-ahead's sample, ``unchecked``, skips the legality re-check and the invariants)."""
        checked = self._house_checked
        if checked and "legal_actions" in rules:
            if action not in self.legal_actions():
                raise IllegalAction(f"{action!r} is not legal now")
        self._house_ran, self._house_budget = [], MAX_HOOK_CALLS
        seed = self.seed
        shown_where = applied.get(seed)
        if shown_where is None:  # made once per game (``wrap``'s ``wheres``)
            if len(applied) > 64:
                applied.clear()
            shown_where = applied[seed] = f"{where}, hooks {hooks} (seed {seed})"
        try:
            guard.call(base_apply, self, action, where=shown_where)
        except UserCodeError:
            raise
        except BaseException as exc:
            if not checked and isinstance(exc, Exception):  # a sample: a failure the rule's broken position caused
                # is named as in the game
                self._house_budget = None
                self._house_check()
            if isinstance(exc, IllegalAction):
                if "legal_actions" in rules and action not in self.rules_legal_actions():
                    raise ActionNotCarriedOut(
                        f"{action!r}, which hook legal_actions added, reached the engine's own apply, which knows "
                        "only the game's actions: carry it out in an apply hook without calling default") from None
                raise
            if isinstance(exc, Exception) or not guard.is_code_failure(exc):
                raise  # an engine error: the simulator records it; a real Ctrl-C: the person's
            raise UserCodeError(describe(exc, self._ran(), self.seed)) from None
        finally:
            self._house_budget = None
        if checked and not self._house_replay:
            self._house_check()

    def _ran(self: Any) -> str:
        """The hooks the current action ran (all of the rule's when none did yet)."""
        return ", ".join(dict.fromkeys(self._house_ran)) or ", ".join(rules)

    def _house_check(self: Any) -> None:
        problems = self.invariants()
        lost = conserved(self)
        if lost is not None:
            problems = [lost] + problems
        player = self.current_player
        if not self.is_terminal() and not 0 <= player < self.game.players:
            problems.append(f"seat {player} is to act in a {self.game.players}-player game")
        if problems:
            ran = self._ran()
            raise UserCodeError(f"{clean(shown)}: the house rule broke the game's rules in hook {ran}: "
                                f"{clean(problems[0], 300)} (seed {self.seed} reproduces it)")

    def compiled_search(self: Any, params: Any, legal: list[Action], seed: int) -> int | None:
        """The game's driver for a house rule compiled with its steps (``GameSpec.house_search``), else None: the
        game's own driver plays the engine's rules, never the house's."""
        driver = getattr(getattr(getattr(self.game, "resolved", None), "spec", None), "house_search", None)
        return None if driver is None else driver(self, params, legal, seed)

    namespace.update(__init__=__init__, apply=apply, _ran=_ran, _house_check=_house_check,
                     compiled_search=compiled_search)

    if "legal_actions" in rules:
        base_legal = base.legal_actions

        def rules_legal_actions(self: Any) -> list[Action]:
            """The actions the game's own rules allow now (the house rule's ``default``)."""
            return list(base_legal(self))

        namespace["rules_legal_actions"] = rules_legal_actions

    if policy is not None:
        def suggest(self: Any, legal: list[Action], rng: Any) -> Action | None:
            """The house rule's ``policy(state, legal, rng)``: its advice, or None."""
            try:
                view = seat_view(self, self.current_player)  # another seat's hidden cards refused (issue 51)
                return guard.call(policy, view, list(legal), rng, where=f"{where}, policy (seed {self.seed})")
            except UserCodeError:
                raise
            except BaseException as exc:
                if not guard.is_code_failure(exc):
                    raise  # a real Ctrl-C: the person's, not the rule's
                raise UserCodeError(describe(exc, "policy", self.seed)) from None

        def policy_source(self: Any) -> str:
            return clean(shown)

        namespace.update(suggest=suggest, policy_source=policy_source)
    return type(f"House{base.__name__}", (base,), namespace)
