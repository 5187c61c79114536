"""King Lui's half of a house rule compiled with the game's steps: the view its hooks read, their defaults, the steps.

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

The engine's half, the same for every game, is ``cardgen.engine.compiled_hooks`` (the numba values a hook's
arguments are made of, the compile, why a rule stays out), ``cardgen.engine.compiled_parts`` (a pile known by its
count, the ``default``s of ``legal_actions`` made of ``own_of_view``, the look-ahead bound to ``COVER``) and
``cardgen.engine.compiled_words`` (an action, the
reference's tuple of words, as a ``HouseActionType`` that reads as the tuple; ``Words``, the loop's names of the
actions, learning the ones a rule adds; ``default()``'s list of legal actions as codes). This module supplies what
``compiled_hooks.compile_rule`` asks of a game (``HOOKED``, a ``HookSteps``):

* ``scores``: ``default()`` is ``rules.score`` on the record; the outcome is ``compiled_rules.outcome`` with the
  hook in place of the score step (``hooked_outcome``);
* ``legal_actions``: ``default()`` is a new list of the game's own legal actions (their codes, made actions as the
  rule reads them: ``HouseActionsType``; numba's typed list for a rule that does more with it than that offers);
  the loop plays the codes of the list the hook returns (``hooked_legal``);
* ``apply``: ``default(action)`` is ``compiled_rules.apply`` of one of the game's actions legal now (any other
  raises, and the game is replayed on the reference engine for its one line) (``hooked_apply``).

Each hook is compiled in place of the step it replaces in the tier's game loop (``compiled._play``, bound by
``cardgen.jit.bind``). The default players judge the actions a rule adds by the covered heuristic's look-ahead
(``cardgen.agents.generic.CoveredAgent``), compiled with the rule: ``house_cover`` binds ``cardgen.engine.coverloop``'s
decision to the kernels below (the game's own legal codes, the rule's, its ``apply``, the heuristic,
``determinize``, the standings through the rule's ``scores``), so those players' games are the reference engine's
too. The copies' names carry a digest of the rule's module name (its file's name and content's SHA-256), so numba's
disk cache keeps one per rule file and text and a changed file compiles again.

Where a rule cannot compile (another hook, a name the view lacks, a value kept on the state, a generator
expression, code numba refuses, scores that are not two lists of whole numbers), ``compile_rule`` says why in one
line naming the rule file's first line that keeps it out, and the rule plays on the reference engine as before.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
from numba import config, njit, types
from numba import typeof as numba_typeof
from numba.extending import overload_attribute, overload_method, typeof_impl

from cardgen.engine import fastrng
from cardgen.engine.compiled_hooks import HookSteps, ViewNames, alive, called, value_type, whole_numbers
from cardgen.engine.compiled_parts import PILE, CoverKernels, legal_defaults
from cardgen.engine.compiled_parts import pile as _pile
from cardgen.engine.compiled_words import borrowed, codes_into, game_code, listed, make_lent_action, own_prefix
from cardgen.games.king_lui import compiled_rules as core
from cardgen.games.king_lui.compiled_rules import _ADVANCE, settle
from cardgen.games.king_lui.compiled_rules import apply as _apply_code
from cardgen.games.king_lui.compiled_rules import legal as _legal_codes
from cardgen.games.king_lui.rules import (C_DISHES, C_PLAYERS, HEADER, PLAYING, S_CHEF, S_END, S_KTOTAL, S_PLAYER,
                                          S_ROUNDS, S_TURNS,
                                          hand, score, winners)


# -- the view: the house-rule API's names over the kernels' record (a pile: ``compiled_parts.pile``) ----------
_RECORD = types.int64[::1]
_TABLE = types.int64[:, ::1]
_VIEW = [("s", _RECORD), ("n", types.int64), ("players", types.int64), ("cfg", _RECORD), ("combos", _TABLE),
         ("gaps", _TABLE)]
#: ``_view(s, n, players, cfg, combos, gaps)``: the view of record ``s`` (``n`` dishes, ``players`` seats), with what
#: its helpers need to play on: the rule numbers ``cfg``, the Emerald combinations ``combos`` and the gap log ``gaps``;
#: it counts no reference of its arrays (``struct_model``): every maker's outlive it (``play_view``, ``hooked_outcome``)
KingLuiViewType, view_type, _view = value_type("KingLuiView", "The numba type of the compiled view of a King Lui "
                                               "state.", _VIEW, module=__name__, counted=())


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
#: ``_scores_default(v)``: ``default`` of a ``scores`` hook on view ``v``
KingLuiScoresDefaultType, _, _scores_default = value_type("KingLuiScoresDefault", "The numba type of the ``default`` a "
                                                          "``scores`` hook gets: ``rules.score`` on the view's record.",
                                                          _DEFAULT, module=__name__)


_score = njit(score)


def _default_scores(d):  # noqa: ANN001, ANN201 - numba compares an overload's parameters with its typing's
    """The engine's own scores (``KingLuiState.scores``): two lists, points and discarded cards per seat."""
    v = d._view
    points = np.zeros(v._players, np.int64)
    lost = np.zeros(v._players, np.int64)
    _score(v._s, _hand(v._n, 0), v._s, HEADER + v._n, v._n, v._players, points, lost)
    return [x for x in points], [x for x in lost]


called(KingLuiScoresDefaultType, _default_scores)


# -- ``default`` of ``legal_actions`` and ``apply``: the game's own legal actions and its own apply ----------------
def own_of_view(v: Any, out: Any) -> int:
    """The game's own legal codes (``rules.legal``, in its order) of view ``v``'s position into ``out``, how many."""
    return _legal_codes(v._s, v._cfg, v._combos, out)


#: ``default()`` of ``legal_actions`` (``compiled_parts.legal_defaults``): the codes (``HouseActionsType``), made in
#: ``coverloop.CoverWork.lent`` at a listing's first call (``hooked_legal`` takes it back), or numba's typed list
LEGAL = legal_defaults("KingLui", view_type, njit(inline="always")(own_of_view), __name__)
KingLuiLegalCodesType, KingLuiLegalDefaultType = LEGAL.codes_type, LEGAL.listed_type


_APPLY_DEFAULT = [("view", view_type), ("index", types.DictType(types.unicode_type, types.int64)), ("buf", _RECORD),
                  ("trust", _RECORD)]
#: ``_apply_default(view, index, buf, trust)``: ``default`` of an ``apply`` hook on a view (``index``: the game's codes
#: by words; ``buf``: scratch; ``trust``: ``coverloop.CoverWork.hint``, whose [2] and [3] ``hooked_apply`` sets)
KingLuiApplyDefaultType, _, _apply_default = value_type("KingLuiApplyDefault", "The numba type of the ``default`` an "
                                                        "``apply`` hook gets: the engine's own apply of one of the "
                                                        "game's legal actions.", _APPLY_DEFAULT, module=__name__,
                                                        counted=())


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


called(KingLuiApplyDefaultType, _default_apply, arguments=1)


# -- the same view as plain Python: the tier run with ``NUMBA_DISABLE_JIT=1`` (tests/test_tiers.py) ----------------

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


class _PyApplyDefault:
    """``KingLuiApplyDefaultType`` as a Python callable."""

    def __init__(self, view: _PyView, index: Any, buf: Any, trust: Any) -> None:
        self._view, self._index, self._buf, self._trust = view, index, buf, trust

    def __call__(self, action: Any) -> None:
        _default_apply(self, action)


if config.DISABLE_JIT:  # numba leaves every function Python: the view's types have no compiled code to run
    _view, _scores_default, _apply_default = _PyView, _PyScoresDefault, _PyApplyDefault  # type: ignore[assignment]  # noqa: F811


# -- the outcome with the hook in place of the score step --------------------------------------------------------
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
    alive(combos, gaps)  # the view counts no reference of them: numba drops a value after its last use
    whole_numbers(points)
    whole_numbers(lost)
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
    lent[0] = 0  # no list of an earlier listing is alive: its array may be lent again (``compiled_parts.legal_defaults``)
    got = legal_hook(v, legal_default(v, borrowed(ctx.words), borrowed(buf), lent))  # noqa: F821 - ``compile_rule``
    m = codes_into(got, ctx.words, buf)
    ctx.cover.hint[0] = own_prefix(got)  # a rollout's move reads it (``coverloop.quick``)
    return m


def hooked_apply(s: Any, a: int, ctx: Any) -> None:
    """``compiled_rules.apply`` with the house rule's ``apply`` (the global ``apply_hook``) in its place, given the
    action of code ``a``; its ``default`` plays one of the game's own actions."""
    v = _play_view(s, ctx)
    bwords = borrowed(ctx.words.bwords)  # as ``words_of_code``, without the ``Words`` tuple (``hooked_legal``)
    joined = listed(bwords, a) if a < len(bwords) else listed(ctx.words.extras, a - len(bwords))
    hint = borrowed(ctx.cover.hint)  # a rollout's move that ``coverloop.chosen`` found among the game's own legal
    hint[2] = a if hint[1] == a else -1  # actions: ``default`` may take it unchecked, once, in this call, while the
    hint[3] = s[S_TURNS]  # turn lasts (an ``end_turn`` before ``default`` closes it)
    hint[1] = -1
    apply_hook(v, make_lent_action(a, joined, listed(ctx.words.bkinds, a)),  # noqa: F821 - bound by ``compile_rule``
               _apply_default(v, borrowed(ctx.words.index), borrowed(ctx.best), hint))
    hint[2] = -1


# -- the default players' look-ahead over the rule's actions (``cardgen.engine.coverloop``'s kernels) -------------
def cover_own(ctx: Any, s: Any, out: Any) -> int:
    """The game's own legal codes (``compiled_rules.legal``), before the rule's ``legal_actions``."""
    return core.legal(s, ctx.kit.cfg, ctx.kit.combo_cnt, out)


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
    outcome(s, ctx.kit.cfg, scores, ctx.winners, ctx.discarded)  # noqa: F821 - bound by ``house_cover``
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


def cover_steps(ctx: Any) -> Any:
    """What the loop's ``legal_now`` and ``act`` take, read from the look-ahead's ``ctx``: the context itself."""
    return ctx


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


#: the covered look-ahead's kernels of King Lui (``compiled_parts.house_cover``)
COVER = CoverKernels(own_kernel, usual_kernel, njit(inline="always")(cover_sample), cover_standing,
                     njit(inline="always")(cover_position), njit(inline="always")(cover_steps))


def _signatures(ctx: Any) -> dict[str, tuple[Any, ...]]:
    """The argument types each hooked step compiles for: the outcome's records, and where the loop context's type
    ``ctx`` is known (None: not), ``hooked_legal``'s and ``hooked_apply``'s."""
    signatures: dict[str, tuple[Any, ...]] = {"scores": (_RECORD, _RECORD, _RECORD, _RECORD, _RECORD)}
    if ctx is not None:
        signatures.update(legal_actions=(_RECORD, ctx, _RECORD), apply=(_RECORD, types.int64, ctx))
    return signatures


#: what ``compiled_hooks.compile_rule`` compiles a King Lui rule's hooks with
HOOKED = HookSteps("king_lui", hooked_outcome, hooked_legal, hooked_apply, LEGAL.codes, LEGAL.listed, _signatures,
                   ViewNames("KingLuiView", "GameView", PILE))
