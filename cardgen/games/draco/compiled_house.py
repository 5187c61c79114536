"""Draco & Co's half of a house rule compiled with the game's steps: the view its hooks read, their defaults, the steps.

A house rule's ``legal_actions`` and ``apply`` hooks are compiled (``numba.njit``) as they are written, against a
compiled view of the state: the names of the house-rule API (docs/draco.md "House rules: what a hook may use") over
the kernels' ``int64`` record (``compiled_rules._views``), and ``default`` bound to the compiled step the hook
replaces. The view holds what a hook may read and only the changes of the game's own steps, so a rule compiled here
cannot break the game's books:

* ``state.money`` (silver per seat, a copy: read it), ``state.bank``, ``state.cur``, ``state.current_player``,
  ``state.phase_name`` (``"play"``, ``"move"``, ``"toast"``, ``"draw"``, ``"over"``), ``state.turns``,
  ``state.rounds``, ``state.cup``, ``state.toasts``, ``state.last_call``, ``state.game.players``;
* ``state.pile``, ``state.discard``, ``state.hand_of(seat)``: piles of cards the compiled tier knows by their
  count (``len(pile)``, ``if pile:``; which card lies where does not compile), as King Lui's;
* the helpers that change the position, each the compiled rules' own step (the same rulings, never a second copy of
  a rule): ``state.pay(seat, n)`` and ``state.collect(seat, n)`` (``rules.settle`` with the bank: ``cannot_pay``,
  ``bank_short``), ``state.give(a, b, n)`` (``rules.transfer``), ``state.draw_cards(seat, n)`` (``rules.draw``: the
  pile rebuilt or the last call), ``state.end_turn()`` (``rules.end_turn`` and the turn flow on to the next
  decision, ``compiled_rules._advance``), ``state.changed()`` (nothing to forget here).

**Actions by code.** Draco's kernels list legal *rows* (``[type, kind, x, y, z, w]``); the engine's half
(``cardgen.engine.compiled_words``) names actions by *codes*. ``codes_of`` numbers every row a game can list (the
four decisions, a move of each character, every row of ``DracoGame.action_of``) and keeps their words
(``engine.row_action``, a seat number written as its digits: ``("play", "shakedown", "2")``); a row's code is
found by its key (``row_key``) in a sorted array. A rule reading ``action[0]`` reads what the reference reads; a rule
comparing a steal's seat with a number compares a string (the view's one difference, docs/draco.md).

What ``compiled_hooks.compile_rule`` asks of a game (``HOOKED``, a ``HookSteps``):

* ``legal_actions``: ``default()`` the game's own legal actions as ``HouseActionsType`` codes (or numba's typed list
  for a rule that does more with it: both made by ``engine/compiled_parts.py``'s ``legal_defaults`` of
  ``own_of_view``); the loop plays the codes the hook returns (``hooked_legal``);
* ``apply``: ``default(action)`` is ``compiled_rules.apply`` of one of the game's actions legal now (any other
  raises) (``hooked_apply``);
* ``scores``: Draco has no such hook (its outcome is the money): ``hooked_outcome`` refuses.

Each hook is compiled in place of the step it replaces in this module's game loop (``house_play``, bound by
``cardgen.jit.bind`` into ``batch.play_many``), played by ``DracoHouseFast``, which ``fast_engine`` (Draco's
``GameSpec.fast``) hands a deck with a house rule. The default players judge an action the rule adds by the covered
look-ahead compiled with the rule (``house_cover``: ``coverloop`` bound to Draco's kernels), as the reference's
``CoveredAgent`` does, so their games are the reference engine's too. Draco's rules draw from a generator beside the
position (the die, a rebuilt pile), King Lui's from none: a look-ahead's sample must replay each candidate from its
own chance, so the loop's record carries the rules' generator in its tail (``chance_of``), copied with the position;
the look-ahead plays with the log off (a second set of tables), so a sample's gaps and peaks stay out of the game's.

**Futures.** The options' worth experiment (``cardgen.simulate.options``) plays two futures from a position of each
traced game; ``DracoHouseFast.play_on`` plays them here, as King Lui's tier does: the reference state copied into
the house record (``house_record``: the search driver's copy of the position, the state's generator word for word in
the tail), played on by ``house_future``, bound with the same steps as ``house_play`` (the rule's hooks, the
default players' look-ahead: one ``covered`` both call), with the log off. The same games as
``runner.continue_game`` plays on the reference engine (tests/test_draco_house.py, its compiled twin).

Where a rule cannot compile (another hook, a name the view lacks, a value kept on the state, a generator expression,
code numba refuses), ``compile_rule`` says why in one line naming the rule file's first line that keeps it out, and
the rule plays on the reference engine.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
from numba import config, njit, types
from numba.extending import overload_attribute, overload_method

from cardgen.engine import fastrng as fr
from cardgen.engine.batch import CAPPED, NO_LEGAL, PLAYED, R_SEAT, R_STOP
from cardgen.engine.compiled_hooks import HookSteps, ViewNames, value_type
from cardgen.engine.compiled_parts import (PILE, CoverKernels, HouseCalls, HouseCover, HouseKit, HouseLoop, PyPile,
                                           apply_default, guarded, hooked_steps, house_loop, legal_defaults,
                                           steps_signatures)
from cardgen.engine.compiled_parts import pile as _pile
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco.compiled import results
from cardgen.games.draco.compiled_rules import (C_N, C_NCHARS, NSC, S_BANK, S_CUP, S_CUR, S_DISC, S_END, S_LASTCALL,
                                                S_PHASE, S_PILE, S_ROUNDS, S_TOASTS, S_TURNS)
from cardgen.games.draco.rules import END_TURN, PLAY, ROLLED, SARAH, TOAST
from cardgen.games.draco.table import A_MOVE, A_TOAST


# -- actions by code: every row a game can list, numbered ----------------------------------------------------------
#: a row's ``w`` (an arrangement's length) is below this: the last digit of ``row_key``
_W_ROOM = 8


def row_key(row: Any, nchars: int) -> int:
    """One integer per distinct legal row ``[type, kind, x, y, z, w]`` of a game with ``nchars`` characters (``x``
    may be -1: a steal with nobody to rob)."""
    c = nchars + 2
    return ((((row[0] * 64 + row[1]) * c + row[2] + 1) * c + row[3]) * c + row[4]) * _W_ROOM + row[5]


class CodeTable(NamedTuple):
    """What the compiled steps read of a game's codes: each code's row, and the rows' keys sorted with their codes."""

    table: np.ndarray  #: int64[codes, 6]: the row of each code
    keys: np.ndarray  #: int64[codes]: ``row_key`` of every row, sorted
    at: np.ndarray  #: int64[codes]: the code of each of ``keys``


class Codes(NamedTuple):
    """A game's actions by code: their ``CodeTable`` and the words of each."""

    lookup: CodeTable
    actions: tuple[tuple[str, ...], ...]  #: the words of each code (``compiled_words.words_of``)


def codes_of(game: Any) -> Codes:
    """The codes of every row ``game`` (a ``DracoGame``) can list: the four decisions (toast, pass, draw, decline),
    a move of each character after a roll, then every card's row (``DracoGame.action_of``, which holds every seat's
    and every swap's)."""
    from cardgen.games.draco.engine import row_action

    nchars = len(game.char_ids)
    rows = [(A_TOAST + t, 0, 0, 0, 0, 0) for t in range(4)] + [(A_MOVE, 0, c, 0, 0, 0) for c in range(nchars)]
    rows += [tuple(int(v) for v in r) for r in game.action_of if r not in rows]
    table = np.array(rows, dtype=np.int64).reshape((len(rows), 6))
    keys = np.array([row_key(r, nchars) for r in rows], dtype=np.int64)
    order = np.argsort(keys, kind="stable")
    if len(set(keys.tolist())) != len(rows):
        raise ValueError("two legal rows of this deck share a key")
    actions = tuple(tuple(str(w) for w in row_action(game, r)) for r in rows)
    return Codes(CodeTable(table, keys[order], order.astype(np.int64)), actions)


_row_key = njit(inline="always")(row_key)


def code_of_row(codes: Any, row: Any, nchars: int) -> int:
    """The code of legal ``row`` (``codes``: a ``CodeTable``)."""
    key = _row_key(row, nchars)
    keys = codes.keys
    i = np.searchsorted(keys, key)
    if i >= keys.shape[0] or keys[i] != key:
        raise ValueError("a legal row the compiled house tier has no code for")
    return codes.at[i]


_code_of_row = njit(inline="always")(code_of_row)


def own_codes(s: Any, G: Any, rows: Any, codes: Any, out: Any) -> int:
    """The game's own legal codes of record ``s`` into ``out`` (``compiled_rules.legal``, in its order; ``rows``:
    room for the rows; ``codes``: a ``CodeTable``), how many."""
    V = cr._views(s, G[0])
    m = cr.legal(V, G, rows)
    nchars = G[0][C_NCHARS]
    for i in range(m):
        out[i] = _code_of_row(codes, rows[i], nchars)
    return m


_own_codes = njit(inline="always")(own_codes)


# -- the view: the house-rule API's names over the kernels' record -----------------------------------------------
_RECORD = types.int64[::1]
_TABLE = types.int64[:, ::1]
#: ``compiled_rules.tables``' ``G`` and ``E`` as numba types them (a test holds them to ``numba.typeof``)
G_TYPE = types.Tuple((_RECORD,) * 6 + (_TABLE, _RECORD, _TABLE, _RECORD))
E_TYPE = types.Tuple((_RECORD,) * 3 + (_TABLE, _RECORD, _RECORD))
_MT = types.uint32[::1]
#: ``CodeTable`` as numba types it
CODES_TYPE = types.NamedTuple((_TABLE, _RECORD, _RECORD), CodeTable)
_VIEW = [("s", _RECORD), ("G", G_TYPE), ("E", E_TYPE), ("mt", _MT), ("rows", _TABLE), ("codes", CODES_TYPE)]
#: ``_view(s, G, E, mt, rows, codes)``: the view of record ``s`` with what its helpers and defaults play on: the tables
#: ``G``, the scratch and log ``E``, the rules' chance ``mt``, room for legal rows, and the codes (a ``CodeTable``); it
#: counts no reference of its arrays: every maker's outlive it (the loop's context holds them)
DracoViewType, view_type, _view = value_type("DracoView", "The numba type of the compiled view of a Draco state.",
                                             _VIEW, module=__name__, counted=())


def _seats(v: Any) -> int:
    return v._G[0][C_N]


def phase_word(phase: int, end: int) -> str:
    """``DracoState.phase_name`` of phase code ``phase`` (``rules``' ``PLAY``...; ``end`` non-zero: over)."""
    if end != 0:
        return "over"
    if phase == PLAY:
        return "play"
    if phase == ROLLED:
        return "move"
    if phase == TOAST:
        return "toast"
    if phase == SARAH:
        return "draw"
    return "over"


_phase_word = njit(inline="always")(phase_word)


def money_of(v: Any) -> Any:
    """Silver per seat (a copy: the purses change only through the helpers)."""
    return v._s[NSC:NSC + v._G[0][C_N]].copy()


def hand_count(v: Any, seat: int) -> int:
    """How many action cards ``seat`` holds (``compiled_rules._views``' hand sizes follow money and the seats)."""
    cfg = v._G[0]
    return v._s[NSC + cfg[C_N] + cfg[C_NCHARS] + seat]


def current_of(v: Any) -> int:
    """``DracoState.current_player`` (``rules.player``)."""
    return cr.player(cr._views(v._s, v._G[0]))


def steps_of(v: Any) -> Any:
    """The compiled rules' ``S`` of the view's position: its views, the tables, the scratch, the rules' chance."""
    return (cr._views(v._s, v._G[0]), v._G, v._E, v._mt)


_money_of, _hand_count, _current_of = (njit(inline="always")(f) for f in (money_of, hand_count, current_of))
_steps_of = njit(inline="always")(steps_of)


def pay_of(v: Any, seat: int, amount: int) -> None:
    """``DracoState.pay``: ``seat`` pays ``amount`` to the bank (``rules.settle`` with the bank: ``cannot_pay``)."""
    d = v._E[0]
    for p in range(d.shape[0]):
        d[p] = 0
    d[seat] = -amount
    cr._settle(_steps_of(v), d, v._E[1], 0, True)


def collect_of(v: Any, seat: int, amount: int) -> None:
    """``DracoState.collect``: the bank pays ``amount`` to ``seat`` (``rules.settle``: ``bank_short``)."""
    d, receivers = v._E[0], v._E[1]
    for p in range(d.shape[0]):
        d[p] = 0
    d[seat] = amount
    receivers[0] = seat
    cr._settle(_steps_of(v), d, receivers, 1, True)


def give_of(v: Any, payer: int, payee: int, amount: int) -> None:
    """``DracoState.give``: ``payer`` gives ``amount`` to ``payee`` (``rules.transfer``: no more than it has)."""
    cr._transfer(_steps_of(v), payer, payee, amount)


def draw_of(v: Any, seat: int, n: int = 1) -> None:
    """``DracoState.draw_cards``: ``seat`` draws ``n`` cards (``rules.draw``: the pile rebuilt or the last call)."""
    cr._draw(_steps_of(v), seat, n)


def end_turn_of(v: Any) -> None:
    """``DracoState.end_turn``: step 3 now and the turn flow on to the next decision (``compiled_rules._advance``)."""
    cr._advance(END_TURN, cr._views(v._s, v._G[0]), v._G, v._E, v._mt)


def changed_of(v: Any) -> None:
    """``DracoState.changed``: nothing to forget (the loop lists the legal actions anew at every decision)."""


#: the view's numbers read straight from the record: name -> the record's field
SCALARS = {"bank": S_BANK, "cur": S_CUR, "cup": S_CUP, "turns": S_TURNS, "rounds": S_ROUNDS, "toasts": S_TOASTS}


def _scalar(field: int) -> Callable[[Any], Any]:
    """The overload of a view attribute that reads the record's ``field``."""
    def attribute(v):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
        return lambda v: v._s[field]
    return attribute


def _returning(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The overload (typing) of a view attribute or method that runs ``fn``."""
    kernel = njit(inline="always")(fn)
    parameters = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    scope = {"kernel": kernel}
    defaults = fn.__defaults__ or ()
    first = len(parameters) - len(defaults)  # the first parameter with a default value
    signature = ", ".join(p if i < first else f"{p}={defaults[i - first]!r}" for i, p in enumerate(parameters))
    exec(f"def typing({signature}):\n    return lambda {signature}: kernel({', '.join(parameters)})\n",  # noqa: S102
         scope)  # our own text: numba compares an overload's parameters with its implementation's
    return scope["typing"]


for _name, _field in SCALARS.items():
    overload_attribute(DracoViewType, _name)(_scalar(_field))
overload_attribute(DracoViewType, "money")(_returning(money_of))
overload_attribute(DracoViewType, "current_player")(_returning(current_of))
overload_attribute(DracoViewType, "last_call")(lambda v: lambda v: v._s[S_LASTCALL] != 0)
overload_attribute(DracoViewType, "phase_name")(lambda v: lambda v: _phase_word(v._s[S_PHASE], v._s[S_END]))
overload_attribute(DracoViewType, "pile")(lambda v: lambda v: _pile(v._s[S_PILE]))
overload_attribute(DracoViewType, "discard")(lambda v: lambda v: _pile(v._s[S_DISC]))
overload_method(DracoViewType, "hand_of")(lambda v, seat: lambda v, seat: _pile(_hand_count(v, seat)))
for _name, _fn in (("pay", pay_of), ("collect", collect_of), ("give", give_of), ("draw_cards", draw_of),
                   ("end_turn", end_turn_of), ("changed", changed_of)):
    overload_method(DracoViewType, _name)(_returning(_fn))


class GameView(NamedTuple):
    """``state.game`` as a compiled rule reads it: the seat count (``state.game.players``, as on the reference)."""

    players: int


overload_attribute(DracoViewType, "game")(lambda v: lambda v: GameView(_seats_kernel(v)))
_seats_kernel = njit(inline="always")(_seats)


# -- ``default`` of ``legal_actions`` and ``apply``: the game's own legal actions and its own apply ----------------
def own_of_view(v: Any, out: Any) -> int:
    """The game's own legal codes (``compiled_rules.legal``, in its order) of view ``v``'s position into ``out``, how
    many."""
    return _own_codes(v._s, v._G, v._rows, v._codes, out)


#: ``default()`` of ``legal_actions`` (``compiled_parts.legal_defaults``): the codes (``HouseActionsType``), made in
#: ``coverloop.CoverWork.lent`` at a listing's first call (``hooked_legal`` takes it back), or numba's typed list
LEGAL_OWN = njit(inline="always")(own_of_view)
LEGAL = legal_defaults("Draco", view_type, LEGAL_OWN, __name__)
DracoLegalCodesType, DracoLegalDefaultType = LEGAL.codes_type, LEGAL.listed_type


def play_of_view(v: Any, code: int) -> None:
    """The game's own apply of its code ``code`` on view ``v``'s position (``compiled_rules.apply``), run on to the
    next decision."""
    cr.apply(v._codes.table[code], cr._views(v._s, v._G[0]), v._G, v._E, v._mt)


#: ``_apply_default(view, index, buf)``: ``default`` of an ``apply`` hook on a view (``compiled_parts.apply_default``:
#: ``index``, the game's codes by words; ``buf``, scratch)
DracoApplyDefaultType, _apply_default = apply_default("Draco", view_type, LEGAL_OWN,
                                                      njit(inline="always")(play_of_view), __name__)


# -- the same view as plain Python: the tier run with ``NUMBA_DISABLE_JIT=1`` ----------------------------------------

class _PyView:
    """``DracoViewType`` as a Python object over the record ``s`` (its names read live: a hook reads them after a
    change)."""

    __slots__ = ("_s", "_G", "_E", "_mt", "_rows", "_codes", "game")

    def __init__(self, s: Any, G: Any, E: Any, mt: Any, rows: Any, codes: CodeTable) -> None:
        self._s, self._G, self._E, self._mt, self._rows, self._codes = s, G, E, mt, rows, codes
        self.game = GameView(int(G[0][C_N]))

    money = property(money_of)
    current_player = property(lambda self: int(current_of(self)))
    last_call = property(lambda self: bool(self._s[S_LASTCALL]))
    phase_name = property(lambda self: phase_word(self._s[S_PHASE], self._s[S_END]))
    pile = property(lambda self: PyPile(self._s[S_PILE]))
    discard = property(lambda self: PyPile(self._s[S_DISC]))

    def hand_of(self, seat: int) -> PyPile:
        return PyPile(hand_count(self, seat))

    pay, collect, give, draw_cards, end_turn, changed = pay_of, collect_of, give_of, draw_of, end_turn_of, changed_of


for _name, _field in SCALARS.items():  # read live, as the compiled view does
    setattr(_PyView, _name, property(lambda self, field=_field: int(self._s[field])))


if config.DISABLE_JIT:  # numba leaves every function Python: the view's type has no compiled code to run
    _view = _PyView  # type: ignore[assignment]  # noqa: F811


# -- the record a house rule's loop plays on: the kernels' position, the rules' chance, where the queue lies ---------
#: ``int64`` words after the kernels' position holding the rules' Mersenne Twister (625 ``uint32``, ``fastrng``'s):
#: a look-ahead's sample copies its position and its chance in one copy (each sample's chance is its own, as a
#: reference state's ``rng`` is, and the rules draw from it at every roll and rebuild)
MT_WORDS = 313
#: the tail of a house record: the chance, then where Aunt Sarah's queue starts (``position`` reads the seat to move
#: from the record alone)
TAIL = MT_WORDS + 1


def record_size(cfg: Any) -> int:
    """Length of a house loop's record for rule numbers ``cfg``: the kernels' position and ``TAIL``."""
    return cr.state_size(cfg) + TAIL


def queue_start(cfg: Any) -> int:
    """Where ``compiled_rules._views`` puts Aunt Sarah's queue in a position of rule numbers ``cfg``."""
    n, w, k = int(cfg[C_N]), int(cfg[cr.C_W]), int(cfg[C_NCHARS])
    return NSC + n + k + n + n * w + 4 * w


def chance_of(s: Any) -> Any:
    """The rules' generator kept in house record ``s`` (a view: drawing from it changes the record)."""
    return s[s.shape[0] - TAIL:s.shape[0] - 1].view(np.uint32)[:625]


_chance_of = njit(inline="always")(chance_of)


def house_record(state: Any, driver: Any, s: np.ndarray) -> None:
    """Reference Draco ``state`` written into house record ``s`` (``record_size`` long): the position as the search
    driver copies it (``compiled_search.Driver.encode``: everything, the hidden cards as they lie), the state's own
    generator word for word into the tail (``chance_of``: MT19937's words and place, from which the house loop's
    rules draw on), and where Aunt Sarah's queue starts. What a future begins from (``DracoHouseFast.play_on``)."""
    s[:driver.size] = driver.encode(state)
    chance_of(s)[:] = state.rng.getstate()[1]
    s[s.shape[0] - 1] = queue_start(driver.cfg)


def seat_to_move(s: Any) -> int:
    """``rules.player`` of house record ``s``: -1 once over, Aunt Sarah's neighbour asked, else the current player."""
    if s[S_END] != 0:
        return -1
    if s[S_PHASE] == SARAH:
        return s[s[s.shape[0] - 1]]
    return s[S_CUR]


_seat_to_move = njit(inline="always")(seat_to_move)


# -- the steps with the hooks in place ------------------------------------------------------------------------------
class Steps(NamedTuple):
    """What the rule's steps (``hooked_legal``, ``hooked_apply``, ``own_legal``, ``own_apply``) read: the tables and
    scratch they play with, the codes and the names of the actions. A loop holds two: its game's (the log on: gaps
    and peaks) and its look-ahead's (the log off: a sample's play is no part of the game's figures)."""

    G: tuple
    E: tuple
    rows: np.ndarray  #: room for legal rows
    codes: CodeTable
    best: np.ndarray  #: scratch codes (``default`` of ``apply``)
    words: Any  #: ``compiled_words.Words``
    cover: HouseCover


def play_view(s: Any, st: Any) -> Any:
    """The view a hook gets of house record ``s`` (``st``: a ``Steps``)."""
    return _view(s, st.G, st.E, _chance_of(s), st.rows, st.codes)


_play_view = njit(inline="always")(play_view)


#: ``compiled_rules.legal`` and ``apply`` with the rule's ``legal_actions`` and ``apply`` in their place
#: (``compiled_parts.hooked_legal``, ``hooked_apply`` over this view)
hooked_legal, hooked_apply = hooked_steps(_play_view, _apply_default)


def hooked_outcome(s: Any, cfg: Any, scores: Any, won: Any, discarded: Any) -> int:
    """Draco has no ``scores`` hook (its outcome is the purses): never compiled (``steps_signatures`` names none)."""
    raise ValueError("Draco has no scores hook")


def own_legal(s: Any, st: Any, buf: Any) -> int:
    """The legal codes the loop offers without a ``legal_actions`` hook (``compiled_rules.legal``)."""
    return _own_codes(s, st.G, st.rows, st.codes, buf)


def own_apply(s: Any, a: int, st: Any) -> None:
    """How the loop plays code ``a`` without an ``apply`` hook (``compiled_rules.apply``, the record's chance)."""
    cr.apply(st.codes.table[a], cr._views(s, st.G[0]), st.G, st.E, _chance_of(s))


def heuristic_code(s: Any, st: Any, H: Any, codes: Any, m: int, mt: Any) -> int:
    """``compiled_rules.heuristic`` among the game's own codes ``codes[:m]`` (their rows), drawing from ``mt``: the
    code it picks."""
    rows, table = st.rows, st.codes.table
    for i in range(m):
        if codes[i] >= table.shape[0]:
            raise ValueError("the heuristic was offered an action the house rule added")
        for j in range(6):
            rows[i, j] = table[codes[i], j]
    return codes[cr.heuristic(cr._views(s, st.G[0]), st.G, H, rows, m, mt)]


_heuristic_code = njit(inline="always")(heuristic_code)


def own_decide(s: Any, ctx: Any, buf: Any, m: int, amt: Any) -> int:
    """A heuristic seat's code among ``buf[:m]``, a rule adding none (``compiled_rules.heuristic``); a rule that adds
    actions binds the covered heuristic (``house_cover``), which judges them by look-ahead as the reference's players
    do."""
    return _heuristic_code(s, ctx.steps, ctx.H, buf, m, amt)


def own_fresh(ctx: Any) -> None:
    """A new game begins: nothing to forget (the covered heuristic's copy forgets its verdicts:
    ``compiled_parts.forget_seats``)."""


legal_now = njit(inline="always")(own_legal)
act = njit(inline="always")(own_apply)
decide = njit(inline="always")(own_decide)
fresh = njit(inline="always")(own_fresh)


def house_play(seed, kinds, cap, record, ctx, actions, out):  # type: ignore[no-untyped-def]  # noqa: PLR0913
    """``compiled._play`` over codes with the rule's steps (the globals ``legal_now``, ``act``, ``decide``,
    ``fresh``: ``house_loop`` binds them): the game seeded ``seed`` into ``out`` (``batch``'s row), ``actions`` rows
    ``[player, code]`` with ``record``. As the reference runner: over, else the cap, else the legal actions (none: stuck,
    the seat in ``R_SEAT``), else a decision."""
    s, G, E, mts, buf, st = ctx.s, ctx.steps.G, ctx.steps.E, ctx.mts, ctx.buf, ctx.steps
    fr.seed_two(mts[0], seed, mts[1], (np.uint64(seed) << np.uint64(1)) | np.uint64(1))
    cr.deal(s, G, E, mts[0], ctx.dealt)
    mt = _chance_of(s)  # the deal drew from ``mts[0]``; the game's rules draw on from the record's copy
    for j in range(mts.shape[1]):
        mt[j] = mts[0, j]
    s[s.shape[0] - 1] = ctx.queue
    fresh(ctx)
    V = cr._views(s, G[0])
    sc = V[0]
    decisions = capped = stuck = 0
    # not ``compiled._moves``: this loop plays codes through the rule's steps, stops where no action is legal (a rule
    # may offer none) and records codes, where ``_moves`` plays the game's own rows and records them
    while sc[S_END] == 0:
        if decisions >= cap:
            capped = 1
            break
        m = legal_now(s, st, buf)
        if m == 0:
            stuck = 1
            break
        p = cr.player(V)
        a = decide(s, ctx, buf, m, mts[1]) if kinds[p] == 1 else buf[fr.randbelow_inline(mts[1], m)]
        if record:
            actions[decisions, 0] = p
            actions[decisions, 1] = a
        decisions += 1
        act(s, a, st)
    out[R_STOP] = CAPPED if capped else NO_LEGAL if stuck else PLAYED
    results(s, G, E, decisions, out)
    out[R_SEAT] = cr.player(V)  # the seat left with no action (Draco's own rules always offer one: only a rule's)
    return True


def house_future(seed, kinds, cap, ctx):  # type: ignore[no-untyped-def]
    """The house record ``ctx.s`` (a reference state's, ``DracoHouseFast.play_on``) played on to its end by the loop's
    own steps (the globals ``legal_now``, ``act``, ``decide``, ``fresh``: ``house_loop`` binds the rule's, as in
    ``house_play``) with the agents ``kinds`` drawing from ``random.Random(seed)`` and forgetting what they judged
    (fresh agents), the rules from the record's own chance, at most ``cap`` decisions: whether it ended (the purses
    are then in ``ctx.s``). As ``runner.continue_game``: over, else the cap, else the legal actions (none: it does not
    end), else a decision. It plays on the look-ahead's ``Steps`` (the log off): a future is no game of the
    batch's, its gaps and peaks no part of the figures, and a game's log could not hold a future begun mid-game."""
    s, buf, st, amt = ctx.s, ctx.buf, ctx.look, ctx.mts[1]
    fr.seed(amt, np.uint64(seed))
    fresh(ctx)
    V = cr._views(s, st.G[0])
    decisions = 0
    while s[S_END] == 0:
        if decisions >= cap:  # the cap first, as the runner's ``_legal_or_stop``: the rule's hook is not asked then
            return False
        m = legal_now(s, st, buf)
        if m == 0:
            return False
        a = decide(s, ctx, buf, m, amt) if kinds[cr.player(V)] == 1 else buf[fr.randbelow_inline(amt, m)]
        decisions += 1
        act(s, a, st)
    return True


# -- the default players' look-ahead over the rule's actions (``cardgen.engine.coverloop``'s kernels) -------------
def cover_own(ctx: Any, s: Any, out: Any) -> int:
    """The game's own legal codes (``compiled_rules.legal``), before the rule's ``legal_actions``."""
    st = ctx.look
    return _own_codes(s, st.G, st.rows, st.codes, out)


def cover_usual(ctx: Any, s: Any, codes: Any, k: int, mt: Any) -> int:
    """The heuristic's code among ``codes[:k]`` (``compiled_rules.heuristic``: no draw for one)."""
    return _heuristic_code(s, ctx.look, ctx.H, codes, k, mt)


def cover_sample(ctx: Any, src: Any, dst: Any, seat: int, mt: Any) -> None:
    """``DracoState.determinize``: what ``seat`` cannot see dealt again (``compiled_rules.determinize``, draw for
    draw), the sample's own chance seeded from ``mt``'s next 64 bits into ``dst``'s tail (``rules.redeal``)."""
    cr.determinize(src, dst, seat, mt, _chance_of(dst), ctx.look.G, ctx.D)


def cover_standing(ctx: Any, s: Any, seat: int) -> float:
    """``generic.standing``: the seat's silver less the best other seat's (``DracoState.score_estimate``)."""
    players = ctx.look.G[0][C_N]
    best = 0.0
    others = False
    for q in range(players):
        if q != seat and (not others or float(s[NSC + q]) > best):
            best, others = float(s[NSC + q]), True
    return float(s[NSC + seat]) - best


def cover_position(s: Any) -> tuple[int, int, bool]:
    """(the seat to move, -1 once over; the turns completed; whether the game is over)."""
    return _seat_to_move(s), s[S_TURNS], s[S_END] != 0


def cover_steps(ctx: Any) -> Steps:
    """What the loop's ``legal_now`` and ``act`` take, read from the look-ahead's ``ctx``: its ``Steps`` with the log
    off (``HouseContext.look``)."""
    return ctx.look


#: the covered look-ahead's kernels of Draco (``compiled_parts.house_cover``)
COVER = CoverKernels(njit(inline="always")(cover_own), njit(inline="always")(cover_usual),
                     njit(inline="always")(cover_sample), cover_standing, njit(inline="always")(cover_position),
                     njit(inline="always")(cover_steps))


def _covered_decide(s, ctx, buf, m, amt):  # type: ignore[no-untyped-def]
    """``decide`` in a loop whose rule adds actions: the covered heuristic (the global ``covered``)."""
    return covered(ctx, s, buf, m, amt)  # noqa: F821 - bound by ``house_loop``


class HouseContext(NamedTuple):
    """``house_play``'s tables and buffers: the record, the heuristic's and determinize's scratch, the generators,
    the game's ``Steps`` and the look-ahead's, and the look-ahead's arrays (``coverloop.CoverWork``)."""

    s: np.ndarray  #: the house record (``record_size``)
    H: tuple
    D: tuple
    mts: np.ndarray  #: the deal's chance, then the agents'
    dealt: np.ndarray
    buf: np.ndarray  #: the legal codes
    queue: int  #: ``queue_start``: the record's last word
    steps: Steps
    look: Steps
    cover: Any


def house_context(game: Any, codes: Codes) -> HouseContext:
    """A house loop's context for ``game`` (a ``DracoGame``): fresh tables and buffers."""
    from cardgen.engine.compiled_words import words_of  # not at the top: numba's typed containers
    from cardgen.engine.coverloop import cover_work

    G, E, H, D, width = cr.tables(game, log=True)
    look_G, look_E, _, _, _ = cr.tables(game, log=False)
    room = width + max(64, width)  # the game's own and as many again a rule may add
    size = record_size(G[0])
    work = cover_work(game.players, room, size)
    words = words_of(codes.actions)
    rows = np.zeros((room, 6), dtype=np.int64)
    hooks = HouseCover(work.hint, work.lent)
    steps = Steps(G, E, rows, codes.lookup, np.zeros(room, dtype=np.int64), words, hooks)
    look = Steps(look_G, look_E, rows, codes.lookup, np.zeros(room, dtype=np.int64), words, hooks)
    return HouseContext(np.zeros(size, dtype=np.int64), H, D, np.zeros((2, 625), dtype=np.uint32),
                        np.zeros(len(game.card_ids) + len(game.char_ids), dtype=np.int64),
                        np.zeros(room, dtype=np.int64), queue_start(G[0]), steps, look, work)


#: what ``compiled_hooks.compile_rule`` compiles a Draco rule's hooks with
HOOKED = HookSteps("draco", hooked_outcome, hooked_legal, hooked_apply, LEGAL.codes, LEGAL.listed,
                   steps_signatures(HouseContext._fields),
                   ViewNames("DracoView", "GameView", PILE))


# -- the tier: ``DracoFast`` playing the rule's loop ------------------------------------------------------------------
def _tier() -> type:
    """``DracoHouseFast``, made on first use (a deck with a house rule asks for it)."""
    from cardgen.games.draco.compiled import DracoFast

    class DracoHouseFast(HouseCalls, DracoFast):
        """Draco's compiled tier with a house rule's hooks compiled in its steps (``HouseLoop``)."""

        default_kind = 1  # the default players (they look ahead at an added action)
        decision_seconds = HOUSE_DECISION_GAME_SECONDS
        covered_seconds = HOUSE_COVERED_GAME_SECONDS

        action_width = 2

        def __init__(self, game: Any, house: HouseLoop) -> None:
            super().__init__(game)
            self.house = house
            self.title = f"{DracoFast.title} with {house.shown}"
            self.loop = house.loop
            self.codes = codes_of(game)
            self.ctx = house_context(game, self.codes)
            self.s, self.H, self.mts, self.dealt = self.ctx.s, self.ctx.H, self.ctx.mts, self.ctx.dealt
            self.G, self.E = self.ctx.steps.G, self.ctx.steps.E

        def _context(self) -> tuple[tuple, np.ndarray]:
            return self.ctx, self.E[3]

        def play_on(self, state: Any, agents: list[str], seed: int, cap: int) -> tuple[list[float], list[int]] | None:
            """A house rule's game from the reference ``state`` played on to its end on this tier, as
            ``runner.continue_game`` plays it (King Lui's ``KingLuiFast.play_on``'s contract): fresh ``agents`` (one
            name per seat) drawing from ``random.Random(seed)``, the rules from the state's own generator, at most
            ``cap`` decisions (``house_future``, the rule's steps and the default players' compiled look-ahead).
            (scores, winners) of its outcome, the purses as the reference's floats and the winners through the deck's
            ruling of a tie (``compiled._ruled_winners``), or None where it does not end (the cap, a seat with no
            action) or an agent is not on the tier. A rule that fails raises numba's exception: the caller plays the
            state on the reference engine, which names the failure in its one line (``options._future``). The
            options' experiment's futures (``cardgen.simulate.options``), the reference's own games, only sooner."""
            if not set(agents) <= set(self.agent_codes):
                return None
            from cardgen.games.draco.compiled import _ruled_winners
            from cardgen.games.draco.compiled_search import driver

            d = driver(self.game)
            if isinstance(d, str):  # no copy of the position: the reference plays it (``fast_engine`` refused first)
                return None
            s = self.ctx.s
            house_record(state, d, s)
            args = (np.uint64(seed), self._kinds(agents), cap, self.ctx)
            ended = guarded(self.house, f"compiled, seed {state.seed}", (self.house.future, args, 3))
            if not ended:
                return None
            money = s[NSC:NSC + self.players].tolist()
            clar = self.game.deck.clarifications
            winners, _ = _ruled_winners(money, lambda kind, detail: clar[kind].resolution)
            return [float(m) for m in money], winners

        def _record(self, result: Any, decisions: int) -> None:
            from cardgen.engine.compiled_words import SEP, added_words  # not at the top: numba's extensions
            from cardgen.games.draco.engine import row_action

            g = self.game
            ncards = len(g.card_ids)
            deck, order = self.dealt[:ncards].tolist(), self.dealt[ncards:].tolist()
            result.initial_piles = {"actions": [g.card_ids[i] for i in deck], "circle": [g.char_ids[c] for c in order]}
            own = self.codes.lookup.table
            added = [tuple(words.split(SEP)) for words in added_words(self.ctx.steps.words)]
            result.actions = [(p, row_action(g, own[a]) if a < own.shape[0] else added[a - own.shape[0]])
                              for p, a in self.actions[:decisions].tolist()]

    return DracoHouseFast


#: Seconds one compiled Draco game with a rule run at every decision (``legal_actions``, ``apply``) may take, at
#: most: King Lui's margin (``king_lui.compiled.HOUSE_DECISION_GAME_SECONDS``), some eighty times what a game of the
#: "buy" rule of tests/test_draco_house.py took with random players (0.6 ms of CPU at 4 seats on a loaded machine,
#: ``benchmarks/bench_draco_house.py``; docs/draco.md, "Measured"). A loop call plays no more games than the time limit of one call into project
#: code allows at this pace (``house_batch``): no honest call comes near its deadline, and a rule that never returns is
#: killed within the limit + ``contain.GRACE``.
HOUSE_DECISION_GAME_SECONDS = 0.05
#: The same for a rule that adds actions played by default players, who judge each offer by a look-ahead compiled
#: with the rule: some twenty-five times what a game of the "buy" rule took so (76 ms, the same bench).
HOUSE_COVERED_GAME_SECONDS = 2.0


#: Draco's half of ``compiled_parts.house_loop``: its templates and the loops' own steps
KIT = HouseKit(HOOKED, {"legal_now": legal_now, "act": act}, house_play,
               house_future, _covered_decide, COVER, {})


def house_fast(deck: Any, players: int) -> Any:
    """The compiled tier of ``deck`` (a Draco deck with a house rule) at ``players``, or a one-line reason it cannot
    play it (``compiled.fast_engine`` hands a deck with a house rule here)."""
    from cardgen.games.draco.engine import DracoGame

    game = DracoGame(deck, players)
    why = cr.unsupported(game)
    if why is not None:
        return why
    house = house_loop(deck, KIT, lambda: house_context(game, codes_of(game)))
    return house if isinstance(house, str) else _tier()(game, house)


def fast_engine(deck: Any, players: int) -> Any:
    """``GameSpec.fast`` of Draco: a deck with a house rule on ``house_fast``, every other deck on
    ``compiled.fast_engine`` (the base tier, untouched: its compiled code stays in numba's disk cache)."""
    if deck.model.code is not None:
        return house_fast(deck, players)
    from cardgen.games.draco.compiled import fast_engine as base
    return base(deck, players)
