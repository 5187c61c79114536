"""Royale's half of a house rule compiled with the game's steps: the view its hooks read, their defaults, the steps.

A house rule's ``legal_actions`` and ``apply`` hooks are compiled (``numba.njit``) as they are written, against a
compiled view of the state: the names of the house-rule API (docs/royale.md "House rules: what a hook may use") over
the kernels' ``int64`` record (``compiled_rules.fields``: ``rules``' layout, the record the reference engine keeps in
a list), and ``default`` bound to the compiled step the hook replaces. The view holds what a hook may read and only
the changes of the game's own steps, so a rule compiled here cannot break the game's books:

* ``state.phase_name`` (``"take"``, ``"place"``, ``"clear"``, ``"over"``), ``state.player``,
  ``state.current_player``, ``state.turns``, ``state.rounds``, ``state.game.players``; ``state.score`` and
  ``state.imposter_left`` (per seat, copies: read them);
* ``state.in_hand()``, ``state.open_nobles(seat)``, ``state.cards_under(seat, noble)``: card and noble ids, as the
  reference lists them;
* ``state.pile``, ``state.discard``: piles the compiled tier knows by their count (``len(pile)``, ``if pile:``;
  which card lies where does not compile), as King Lui's and Draco's;
* the helpers, each the compiled rules' own step (the same rulings, never a second copy of a rule):
  ``state.end_turn()`` (the hand to the discard, ``rules.end_turn``: the buffet refilled, the next seat takes),
  ``state.give_turn(seat)`` (``rules.start_turn``), ``state.clear_noble(seat, noble)`` (``rules.clear``),
  ``state.changed()`` (nothing to forget here).

``state.buffet()`` (a card id or None per cell) is not in the view: numba's lists hold no None beside strings, and
a rule that reads it stays on the reference engine with its one line.

**Actions by code.** Royale's kernels name actions by *ids* of the seat to move (``rules.legal``: the lines, the
seat's own imposter placements, a card under a slot, a clearing, stop); two seats' imposter placements share ids
but not cells, and may share words but not ids. ``codes_of`` numbers every distinct action of the reference
(``RoyaleGame.actions``) once, with its words (numbers written as their digits: ``("take", "row", "1")``), and keeps
per seat the code of each id and the id of each code (``RoyaleGame.ids``: the reference's own lookup of an action).
A rule reading ``action[0]`` reads what the reference reads; a rule comparing a slot with a number compares a string
(the view's one difference, docs/royale.md).

What ``compiled_hooks.compile_rule`` asks of a game (``HOOKED``, a ``HookSteps``):

* ``legal_actions``: ``default()`` the game's own legal actions as ``HouseActionsType`` codes (or numba's typed list
  for a rule that does more with it: both made by ``engine/compiled_parts.py``'s ``legal_defaults`` of
  ``own_of_view``); the loop plays the codes the hook returns (``hooked_legal``);
* ``apply``: ``default(action)`` is ``compiled_rules.apply`` of one of the game's actions legal now (any other
  raises) (``hooked_apply``);
* ``scores``: Royale has no such hook (its outcome's hook stays on the reference engine): ``hooked_outcome`` refuses.

Each hook is compiled in place of the step it replaces in this module's game loop (``house_play``, bound by
``cardgen.jit.bind`` into ``batch.play_many``), played by ``RoyaleHouseFast``, which ``fast_engine`` (Royale's
``GameSpec.fast``) hands a deck with a house rule. The loop's record carries the rules' generator in its tail
(``chance_of``), as Draco's: a position and its chance are one copy.

**The noble table.** Royale's compiled kernels meet noble requirements through a table that grows in compiled code
and, full, in Python (``compiled_require``). A step here that finds it full (``compiled_rules.apply`` or
``heuristic`` answer FULL) marks ``Book.full``; the loop stops the game (``FULL`` in the record's status), the tier
grows the table and plays the game again from its seed (``batch``'s ``_resume``): the same game, a rule's hooks run
again from the start.

**The default players.** A rule with only an ``apply`` hook lists the game's own actions: the default players are
exactly the heuristic (``compiled_rules.heuristic``, the same draws). A rule with ``legal_actions`` may add actions
the heuristic does not know; the default players judge them as the reference's ``CoveredAgent`` does, by the
covered look-ahead compiled with the rule (``house_cover``: ``coverloop`` bound to Royale's kernels, ``COVER``:
its own legal codes, the heuristic, ``determinize`` with the sample's own chance seeded as
``RoyaleState.determinize`` seeds it, the standings of the validated nobles, the seat to move), so their games are the
reference engine's too. One difference from Draco's and King Lui's: Royale's heuristic draws its ``randrange(1)``
where one action is legal, so a decision with one action of the game's own is the heuristic's, draw and all, before
the look-ahead is asked (``_covered_decide``). A look-ahead runs on the game's own tables: a sample's gaps land
past the game's in the gap log (the game's own overwrite them in turn), its peaks in its own record.

**Futures.** The options' worth experiment (``cardgen.simulate.options``) plays two futures from a position of each
traced game; ``RoyaleHouseFast.play_on`` plays them here, as King Lui's and Draco's tiers do: the reference state's
record copied into the house record (``house_record``: the record both tiers keep, the nobles' states numbered by this
tier's table, the state's generator word for word in the tail), played on by ``house_future``, bound with the same
steps as ``house_play`` (the rule's hooks, the default players' look-ahead: one ``covered`` both call). The same games
as ``runner.continue_game`` plays on the reference engine (tests/test_royale_house.py, its compiled twin).

Where a rule cannot compile (another hook, a name the view lacks, a value kept on the state, a generator expression,
code numba refuses), ``compile_rule`` says why in one line naming the rule file's first line that keeps it out, and
the rule plays on the reference engine.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
from numba import config, njit, types
from numba.extending import overload_attribute, overload_method

from cardgen.engine import fastrng
from cardgen.engine.batch import CAPPED, NO_LEGAL, PLAYED, R_DECISIONS, R_STOP
from cardgen.engine.compiled_hooks import HookSteps, ViewNames, value_type
from cardgen.engine.compiled_parts import (PILE, CoverKernels, HouseCalls, HouseCover, HouseKit, HouseLoop, PyPile,
                                           apply_default, guarded, hooked_steps, house_loop, legal_defaults,
                                           steps_signatures)
from cardgen.engine.compiled_parts import pile as _pile
from cardgen.engine.coverloop import getrandbits64 as _getrandbits64
from cardgen.games.royale import compiled_require as req
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale.compiled import results
from cardgen.games.royale.rules import (C_A_STOP, C_PLAYERS, C_SLOTS, CLEAR, F_DISC, F_DONE, F_HAND, F_IMPLEFT,
                                        F_SCORE, F_ST, F_ULEN, F_UNDER, PLACE, PLAYING, S_DISC, S_END, S_HAND,
                                        S_PHASE, S_PILE, S_PLAYER, S_ROUNDS, S_TURNS, TAKE)


# -- actions by code: every action of the reference, numbered once ---------------------------------------------
class CodeTable(NamedTuple):
    """What the compiled steps read of a game's codes and names: per seat, the code of each action id and the id of
    each code; the card and noble ids a hook reads; and whether a step found the noble table full."""

    of_id: np.ndarray  #: int64[seats, ids]: the code of seat p's action id (-1: an id ``rules.legal`` never lists)
    id_of: np.ndarray  #: int64[seats, codes]: seat p's action id of code c (``RoyaleGame.ids``; -1: not the seat's)
    cards: Any  #: typed List of str: each dish card's id, by index
    nobles: Any  #: typed List of str: every seat's noble ids, seat after seat
    noble_at: np.ndarray  #: int64[seats + 1]: where each seat's nobles start in ``nobles``
    full: np.ndarray  #: int64[1]: 1 once a step found the noble table full (the game is played again)


class Codes(NamedTuple):
    """A game's actions by code: their ``CodeTable``, the words of each and the reference's action of each."""

    lookup: CodeTable
    actions: tuple[tuple[str, ...], ...]  #: the words of each code (``compiled_words.words_of``)
    tuples: list[tuple[Any, ...]]  #: the reference's action of each code (``RoyaleGame.actions``)


def _names(ids: list[str]) -> Any:
    """``ids`` as numba's typed list of strings (``words_of``'s, made in compiled code from numba's disk cache)."""
    from cardgen.engine.compiled_words import words_of  # not at the top: numba's typed containers

    return words_of(tuple((i,) for i in ids)).words


def codes_of(game: Any) -> Codes:
    """The codes of every action ``game`` (a ``RoyaleGame``) can list: each seat's ids in order (the lines, its
    imposter placements, each card under each slot, the clearings, stop), an action met before keeping its code."""
    from cardgen.games.royale.engine import STOP

    stop = game.cfg[C_A_STOP]
    codes: dict[tuple[Any, ...], int] = {}
    for acts in game.actions:
        for i, a in enumerate(acts):
            if a != STOP or i == stop:  # STOP pads the ids no seat has (``RoyaleGame.actions``)
                codes.setdefault(a, len(codes))
    tuples = list(codes)
    of_id = np.full((game.players, stop + 1), -1, dtype=np.int64)
    id_of = np.full((game.players, len(tuples)), -1, dtype=np.int64)
    for p, acts in enumerate(game.actions):
        for i, a in enumerate(acts):
            if a != STOP or i == stop:
                of_id[p, i] = codes[a]
                id_of[p, codes[a]] = game.ids[p][a]
    words = tuple(tuple(str(w) for w in a) for a in tuples)
    if len(set(words)) != len(words):
        raise ValueError("two actions of this deck share their words")
    nobles = [n for ids in game.noble_ids for n in ids]
    noble_at = np.cumsum([0] + [len(ids) for ids in game.noble_ids]).astype(np.int64)
    lookup = CodeTable(of_id, id_of, _names(list(game.card_ids)), _names(nobles), noble_at,
                       np.zeros(1, dtype=np.int64))
    return Codes(lookup, words, tuples)


def own_codes(s: Any, off: Any, G: Any, W: Any, book: Any, out: Any) -> int:
    """The game's own legal codes of record ``s`` (``off``: its layout) into ``out`` (``compiled_rules.legal_actions``,
    in its order, their ids in ``W``'s legal scratch; ``book``: a ``CodeTable``), how many."""
    V = core.fields(s, off)
    ids = W[core.W_LEGAL]
    m = core.legal_actions(V, G, ids)
    p = V[F_ST][S_PLAYER]
    for i in range(m):
        out[i] = book.of_id[p, ids[i]]
    return m


_own_codes = njit(inline="always")(own_codes)


def play_code(s: Any, off: Any, G: Any, W: Any, mt: Any, book: Any, code: int) -> None:
    """Own code ``code`` played on record ``s`` as the seat to move's action id (``compiled_rules.apply``, chance
    from ``mt``), the noble table's missing steps worked out; a full table marks ``book.full``."""
    V = core.fields(s, off)
    if core.apply(V, G, W, mt, book.id_of[V[F_ST][S_PLAYER], code]) == core.FULL:
        book.full[0] = 1


_play_code = njit(inline="always")(play_code)


# -- the view: the house-rule API's names over the kernels' record -----------------------------------------------
_R1 = types.int64[::1]
_R2 = types.int64[:, ::1]
_R3 = types.int64[:, :, ::1]
_R4 = types.int64[:, :, :, ::1]
_MT = types.uint32[::1]
_STRS = types.ListType(types.unicode_type)
#: ``compiled_require.NobleTables.args()`` as numba types it
TABLES_TYPE = types.Tuple((types.NamedTuple((_R2, _R3, _R4, _R2), req.Checkers),
                           types.NamedTuple((types.int32[:, ::1], _R1, _R1, _R1, _R2, _R1, _R1), req.Table)))
#: ``RoyaleFast.G()`` and ``RoyaleFast.W`` as numba types them (a test holds them to ``numba.typeof``)
G_TYPE = types.Tuple((_R1, _R2, _R1, _R3, _R2, _R1, _R2, _R1, _R2, _R1, _R1, TABLES_TYPE, types.float64[:, ::1], _R1))
W_TYPE = types.Tuple((_R1, _R1, _R2, _R1, _R1, _R1, _R1))
#: ``CodeTable`` as numba types it
BOOK_TYPE = types.NamedTuple((_R2, _R2, _STRS, _STRS, _R1, _R1), CodeTable)
_VIEW = [("s", _R1), ("off", _R2), ("G", G_TYPE), ("W", W_TYPE), ("mt", _MT), ("book", BOOK_TYPE)]
#: ``_view(s, off, G, W, mt, book)``: the view of record ``s`` (layout ``off``) with what its helpers and defaults
#: play on: the tables ``G``, the work arrays ``W``, the rules' chance ``mt`` and the codes and names (``book``: a
#: ``CodeTable``); it counts no reference of its members: every maker's outlive it (the loop's context holds them)
RoyaleViewType, view_type, _view = value_type("RoyaleView", "The numba type of the compiled view of a Royale state.",
                                              _VIEW, module=__name__, counted=())


def _players(v: Any) -> int:
    return v._G[core.G_CFG][C_PLAYERS]


def current_of(v: Any) -> int:
    """``RoyaleState.current_player``: the seat to play, -1 once the game ended or stalled."""
    return -1 if v._s[S_END] != PLAYING else v._s[S_PLAYER]


def phase_word(phase: int) -> str:
    """``RoyaleState.phase_name`` of phase code ``phase`` (``rules.TAKE``...)."""
    if phase == TAKE:
        return "take"
    if phase == PLACE:
        return "place"
    if phase == CLEAR:
        return "clear"
    return "over"


def seat_row(v: Any, field: int) -> Any:
    """Per seat, the record's ``field`` (``F_SCORE``, ``F_IMPLEFT``): a copy."""
    at = v._off[field, 0]
    return v._s[at:at + _players_of(v)].copy()


def score_of(v: Any) -> Any:
    """``RoyaleState.score``: points per seat from validated nobles (a copy)."""
    return _seat_row(v, F_SCORE)


def imposter_left_of(v: Any) -> Any:
    """``RoyaleState.imposter_left``: imposter uses left per seat (a copy)."""
    return _seat_row(v, F_IMPLEFT)


def in_hand_of(v: Any) -> Any:
    """``RoyaleState.in_hand``: the cards the player took and has still to place, as card ids."""
    at, cards = v._off[F_HAND, 0], v._book.cards
    return [cards[v._s[at + i]] for i in range(v._s[S_HAND])]


def slot_of(v: Any, seat: int, noble: Any) -> int:
    """The slot of ``seat``'s noble ``noble`` (its id); ValueError where the seat has none of that id, as the
    reference's ``list.index``."""
    book = v._book
    lo = book.noble_at[seat]
    for sl in range(book.noble_at[seat + 1] - lo):
        if book.nobles[lo + sl] == noble:
            return sl
    raise ValueError("the noble is not one of the seat's")


def open_nobles_of(v: Any, seat: int) -> Any:
    """``RoyaleState.open_nobles``: the ids of ``seat``'s nobles not validated yet."""
    book = v._book
    lo = book.noble_at[seat]
    done = v._off[F_DONE, 0] + seat * v._G[core.G_CFG][C_SLOTS]
    return [book.nobles[lo + sl] for sl in range(book.noble_at[seat + 1] - lo) if v._s[done + sl] == 0]


def cards_under_of(v: Any, seat: int, noble: Any) -> Any:
    """``RoyaleState.cards_under``: the dish cards under ``seat``'s noble ``noble``, as card ids."""
    off, s, cards = v._off, v._s, v._book.cards
    k = seat * v._G[core.G_CFG][C_SLOTS] + _slot_of(v, seat, noble)
    at = off[F_UNDER, 0] + k * off[F_UNDER, 2]
    return [cards[s[at + i]] for i in range(s[off[F_ULEN, 0] + k])]


def steps_of(v: Any) -> Any:
    """The compiled rules' ``S`` of the view's position: its fields, the tables, the work arrays, the rules' chance."""
    return (core.fields(v._s, v._off), v._G, v._W, v._mt)


def end_turn_of(v: Any) -> None:
    """``RoyaleState.end_turn``: the cards still in hand to the discard, then ``rules.end_turn`` (the buffet
    refilled, the next seat takes)."""
    S = _steps_of(v)
    st, hand, disc = S[0][F_ST], S[0][F_HAND], S[0][F_DISC]
    for i in range(st[S_HAND]):
        disc[st[S_DISC]] = hand[i]
        st[S_DISC] += 1
    st[S_HAND] = 0
    core._end_turn(S)


def give_turn_of(v: Any, seat: int) -> None:
    """``RoyaleState.give_turn``: ``seat`` takes next (``rules.start_turn``)."""
    S = _steps_of(v)
    S[0][F_ST][S_PLAYER] = seat
    core._start_turn(S)


def clear_noble_of(v: Any, seat: int, noble: Any) -> None:
    """``RoyaleState.clear_noble``: the cards under ``seat``'s noble ``noble`` to the discard (``rules.clear``)."""
    core._clear(_steps_of(v), seat, _slot_of(v, seat, noble))


def changed_of(v: Any) -> None:
    """``RoyaleState.changed``: nothing to forget (the loop lists the legal actions anew at every decision)."""


(_current_of, _phase_word, _seat_row, _slot_of, _steps_of, _players_of) = (
    njit(inline="always")(f) for f in (current_of, phase_word, seat_row, slot_of, steps_of, _players))
(_score_of, _imposter_left_of, _in_hand_of, _open_nobles_of, _cards_under_of, _end_turn_of, _give_turn_of,
 _clear_noble_of, _changed_of) = (njit(inline="always")(f) for f in (
     score_of, imposter_left_of, in_hand_of, open_nobles_of, cards_under_of, end_turn_of, give_turn_of,
     clear_noble_of, changed_of))

#: the view's numbers read straight from the record: name -> the record's field
SCALARS = {"player": S_PLAYER, "turns": S_TURNS, "rounds": S_ROUNDS}


def _scalar(field: int) -> Callable[[Any], Any]:
    """The overload of a view attribute that reads the record's ``field``."""
    def attribute(v):  # noqa: ANN001, ANN202 - numba compares these with the implementation's
        return lambda v: v._s[field]
    return attribute


class GameView(NamedTuple):
    """``state.game`` as a compiled rule reads it: the seat count (``state.game.players``, as on the reference)."""

    players: int


for _name, _field in SCALARS.items():
    overload_attribute(RoyaleViewType, _name)(_scalar(_field))
overload_attribute(RoyaleViewType, "current_player")(lambda v: lambda v: _current_of(v))
overload_attribute(RoyaleViewType, "phase_name")(lambda v: lambda v: _phase_word(v._s[S_PHASE]))
overload_attribute(RoyaleViewType, "pile")(lambda v: lambda v: _pile(v._s[S_PILE]))
overload_attribute(RoyaleViewType, "discard")(lambda v: lambda v: _pile(v._s[S_DISC]))
overload_attribute(RoyaleViewType, "score")(lambda v: lambda v: _score_of(v))
overload_attribute(RoyaleViewType, "imposter_left")(lambda v: lambda v: _imposter_left_of(v))
overload_attribute(RoyaleViewType, "game")(lambda v: lambda v: GameView(_players_of(v)))
overload_method(RoyaleViewType, "in_hand")(lambda v: lambda v: _in_hand_of(v))
overload_method(RoyaleViewType, "open_nobles")(lambda v, seat: lambda v, seat: _open_nobles_of(v, seat))
overload_method(RoyaleViewType, "cards_under")(
    lambda v, seat, noble: lambda v, seat, noble: _cards_under_of(v, seat, noble))
overload_method(RoyaleViewType, "end_turn")(lambda v: lambda v: _end_turn_of(v))
overload_method(RoyaleViewType, "give_turn")(lambda v, seat: lambda v, seat: _give_turn_of(v, seat))
overload_method(RoyaleViewType, "clear_noble")(
    lambda v, seat, noble: lambda v, seat, noble: _clear_noble_of(v, seat, noble))
overload_method(RoyaleViewType, "changed")(lambda v: lambda v: _changed_of(v))


# -- ``default`` of ``legal_actions`` and ``apply``: the game's own legal actions and its own apply ----------------
def own_of_view(v: Any, out: Any) -> int:
    """The game's own legal codes (``rules.legal``, in its order) of view ``v``'s position into ``out``, how many."""
    return _own_codes(v._s, v._off, v._G, v._W, v._book, out)


#: ``default()`` of ``legal_actions`` (``compiled_parts.legal_defaults``): the codes (``HouseActionsType``), made in
#: ``coverloop.CoverWork.lent`` at a listing's first call (``hooked_legal`` takes it back), or numba's typed list
LEGAL_OWN = njit(inline="always")(own_of_view)
LEGAL = legal_defaults("Royale", view_type, LEGAL_OWN, __name__)
RoyaleLegalCodesType, RoyaleLegalDefaultType = LEGAL.codes_type, LEGAL.listed_type


def play_of_view(v: Any, code: int) -> None:
    """The game's own apply of its code ``code`` on view ``v``'s position (``play_code``), run on to the next
    decision."""
    _play_code(v._s, v._off, v._G, v._W, v._mt, v._book, code)


#: ``_apply_default(view, index, buf)``: ``default`` of an ``apply`` hook on a view (``compiled_parts.apply_default``:
#: ``index``, the game's codes by words; ``buf``, scratch)
RoyaleApplyDefaultType, _apply_default = apply_default("Royale", view_type, LEGAL_OWN,
                                                       njit(inline="always")(play_of_view), __name__)


# -- the same view as plain Python: the tier run with ``NUMBA_DISABLE_JIT=1`` ----------------------------------------
class _PyView:
    """``RoyaleViewType`` as a Python object over the record ``s`` (its names read live: a hook reads them after a
    change)."""

    __slots__ = ("_s", "_off", "_G", "_W", "_mt", "_book", "game")

    def __init__(self, s: Any, off: Any, G: Any, W: Any, mt: Any, book: CodeTable) -> None:
        self._s, self._off, self._G, self._W, self._mt, self._book = s, off, G, W, mt, book
        self.game = GameView(int(_players(self)))

    current_player = property(lambda self: int(current_of(self)))
    phase_name = property(lambda self: phase_word(self._s[S_PHASE]))
    pile = property(lambda self: PyPile(self._s[S_PILE]))
    discard = property(lambda self: PyPile(self._s[S_DISC]))
    score = property(score_of)
    imposter_left = property(imposter_left_of)
    in_hand, open_nobles, cards_under = in_hand_of, open_nobles_of, cards_under_of
    end_turn, give_turn, clear_noble, changed = end_turn_of, give_turn_of, clear_noble_of, changed_of


for _name, _field in SCALARS.items():  # read live, as the compiled view does
    setattr(_PyView, _name, property(lambda self, field=_field: int(self._s[field])))


if config.DISABLE_JIT:  # numba leaves every function Python: the view's type has no compiled code to run
    _view = _PyView  # type: ignore[assignment]  # noqa: F811


# -- the record a house rule's loop plays on: the kernels' position, then the rules' chance -----------------------
#: ``int64`` words after the kernels' position holding the rules' Mersenne Twister (625 ``uint32``, ``fastrng``'s):
#: a copy of the record copies the position and its chance together (Draco's ``compiled_house.MT_WORDS``)
MT_WORDS = 313


def chance_of(s: Any) -> Any:
    """The rules' generator kept in house record ``s`` (a view: drawing from it changes the record)."""
    return s[s.shape[0] - MT_WORDS:s.shape[0]].view(np.uint32)[:625]


_chance_of = njit(inline="always")(chance_of)


# -- the steps with the hooks in place ------------------------------------------------------------------------------
class Steps(NamedTuple):
    """What the rule's steps (``hooked_legal``, ``hooked_apply``, ``own_legal``, ``own_apply``) read: the tables and
    work arrays they play with (``RoyaleFast.G()``, ``W``: made again after the noble table grows), the record's
    layout, the codes and names, scratch codes, the names of the actions and the look-ahead's arrays."""

    G: tuple
    W: tuple
    off: np.ndarray
    book: CodeTable
    best: np.ndarray  #: scratch codes (``default`` of ``apply``)
    words: Any  #: ``compiled_words.Words``
    cover: HouseCover


def play_view(s: Any, st: Any) -> Any:
    """The view a hook gets of house record ``s`` (``st``: a ``Steps``)."""
    return _view(s, st.off, st.G, st.W, _chance_of(s), st.book)


_play_view = njit(inline="always")(play_view)


#: ``rules.legal`` and ``rules.act`` with the rule's ``legal_actions`` and ``apply`` in their place
#: (``compiled_parts.hooked_legal``, ``hooked_apply`` over this view)
hooked_legal, hooked_apply = hooked_steps(_play_view, _apply_default)


def hooked_outcome(s: Any, cfg: Any, scores: Any, won: Any, discarded: Any) -> int:
    """Royale compiles no ``scores`` hook (its ``outcome`` hook stays on the reference engine): never compiled
    (``steps_signatures`` names none)."""
    raise ValueError("Royale has no scores hook")


def own_legal(s: Any, st: Any, buf: Any) -> int:
    """The legal codes the loop offers without a ``legal_actions`` hook (``rules.legal``)."""
    return _own_codes(s, st.off, st.G, st.W, st.book, buf)


def own_apply(s: Any, a: int, st: Any) -> None:
    """How the loop plays code ``a`` without an ``apply`` hook (``compiled_rules.apply``, the record's chance)."""
    _play_code(s, st.off, st.G, st.W, _chance_of(s), st.book, a)


def heuristic_code(s: Any, st: Any, H: Any, codes: Any, m: int, mt: Any) -> int:
    """``compiled_rules.heuristic`` among the game's own codes ``codes[:m]`` (``m`` > 1; their ids in ``W``'s legal
    scratch), drawing from ``mt``: the code it picks (a full noble table marks ``st.book.full``: any code)."""
    V = core.fields(s, st.off)
    ids, id_of = st.W[core.W_LEGAL], st.book.id_of
    p = V[F_ST][S_PLAYER]
    for i in range(m):
        if codes[i] >= id_of.shape[1]:
            raise ValueError("the heuristic was offered an action the house rule added")
        ids[i] = id_of[p, codes[i]]
    # ``m`` typed: a caller's count that starts as the literal 0 would have numba compile ``heuristic`` once
    # more for ``Literal[int](0)`` while it types the caller (docs/DEVELOPING.md, "A new house rule's first compile")
    i = core.heuristic(V, st.G, H, mt, ids, np.int64(m))
    if i < 0:
        st.book.full[0] = 1
        return codes[0]
    return codes[i]


_heuristic_code = njit(inline="always")(heuristic_code)


def own_decide(s: Any, ctx: Any, buf: Any, m: int, amt: Any) -> int:
    """A heuristic seat's code among ``buf[:m]``, a rule adding none: ``HeuristicAgent.choose`` (one action: its
    ``randrange(1)`` drawn, as the reference's)."""
    if m == 1:
        return buf[fastrng.randbelow_inline(amt, 1)]
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
    ``fresh``: ``house_loop`` binds them): the game seeded ``seed`` into ``out`` (``batch``'s row, ``results``),
    ``actions`` rows ``[player, code]`` with ``record``. As the reference runner: over, else the cap, else the legal
    actions (none: stuck), else a decision. False where a step found the noble table full (the record's status
    ``FULL``: the tier grows it and plays the game again)."""
    s, st, buf, amt = ctx.s, ctx.steps, ctx.buf, ctx.amt
    V = core.fields(s, st.off)
    sc = V[F_ST]
    mt = _chance_of(s)
    fastrng.seed(mt, np.uint64(seed))
    fastrng.seed_agents(amt, np.uint64(seed))
    full = st.book.full
    full[0] = 0
    core.deal(V, st.G, st.W, mt)
    fresh(ctx)
    decisions = capped = stuck = 0
    # not ``compiled_rules.play_on``: this loop plays codes through the rule's steps, where ``play_on`` plays the
    # game's own ids
    while sc[S_END] == PLAYING and full[0] == 0:
        if decisions >= cap:
            capped = 1
            break
        m = legal_now(s, st, buf)
        if m == 0:
            stuck = 1
            break
        p = sc[S_PLAYER]
        a = decide(s, ctx, buf, m, amt) if kinds[p] == core.AGENT_HEURISTIC else buf[fastrng.randbelow_inline(amt, m)]
        if full[0] != 0:
            break
        if record:
            actions[decisions, 0] = p
            actions[decisions, 1] = a
        decisions += 1
        act(s, a, st)
    if full[0] != 0:
        sc[core.S_STATUS] = core.FULL
        return False
    out[R_STOP] = CAPPED if capped else NO_LEGAL if stuck else PLAYED
    results(V, st.G, st.W, ctx.win, out)
    out[R_DECISIONS] = decisions
    return True


# -- the default players' look-ahead over the rule's actions (``cardgen.engine.coverloop``'s kernels) -------------
def cover_own(ctx: Any, s: Any, out: Any) -> int:
    """The game's own legal codes (``rules.legal``), before the rule's ``legal_actions``."""
    st = ctx.steps
    return _own_codes(s, st.off, st.G, st.W, st.book, out)


def cover_usual(ctx: Any, s: Any, codes: Any, k: int, mt: Any) -> int:
    """The heuristic's code among ``codes[:k]`` (``compiled_rules.heuristic``); ``codes[0]`` for one, no draw
    (``CoveredAgent._usual``)."""
    if k == 1:
        return codes[0]
    return _heuristic_code(s, ctx.steps, ctx.H, codes, k, mt)


def cover_sample(ctx: Any, src: Any, dst: Any, seat: int, mt: Any) -> None:
    """``RoyaleState.determinize``: ``src`` into ``dst`` with the piles dealt again (``compiled_rules.determinize``,
    draw for draw; the rest of Royale is public), then the sample's own chance seeded from ``mt``'s next 64 bits into
    ``dst``'s tail (``random.Random(rng.getrandbits(64))``)."""
    core.determinize(src, dst, core.fields(dst, ctx.steps.off), mt)
    fastrng.seed(_chance_of(dst), _getrandbits64(mt))


def cover_standing(ctx: Any, s: Any, seat: int) -> float:
    """``generic.standing``: the seat's points less the best other seat's (``RoyaleState.score_estimate``: the
    validated nobles' points)."""
    st = ctx.steps
    at, players = st.off[F_SCORE, 0], st.G[core.G_CFG][C_PLAYERS]
    best = 0.0
    others = False
    for q in range(players):
        if q != seat and (not others or float(s[at + q]) > best):
            best, others = float(s[at + q]), True
    return float(s[at + seat]) - best


def cover_position(s: Any) -> tuple[int, int, bool]:
    """(the seat to move, -1 once over; the turns completed; whether the game is over)."""
    over = s[S_END] != PLAYING
    return (-1 if over else s[S_PLAYER]), s[S_TURNS], over


def cover_steps(ctx: Any) -> Any:
    """What the loop's ``legal_now`` and ``act`` take, read from the look-ahead's ``ctx``: its ``Steps`` (Royale's
    look-ahead plays on the game's own tables: see the module's docstring)."""
    return ctx.steps


_own_kernel = njit(inline="always")(cover_own)
#: the covered look-ahead's kernels of Royale (``compiled_parts.house_cover``)
COVER = CoverKernels(_own_kernel, njit(inline="always")(cover_usual), njit(inline="always")(cover_sample),
                     cover_standing, njit(inline="always")(cover_position), njit(inline="always")(cover_steps))


def _covered_decide(s, ctx, buf, m, amt):  # type: ignore[no-untyped-def]
    """``decide`` in a loop whose rule adds actions: ``CoveredAgent.choose_from_state``. One action of the game's own
    is the heuristic's with its ``randrange(1)`` drawn (``HeuristicAgent.choose``: the covered agent asks it when the
    rule added none); anything else the covered heuristic (the global ``covered``)."""
    if m == 1:
        own = ctx.cover.own
        for i in range(own_legal_kernel(ctx, s, own)):  # noqa: F821 - bound by ``house_loop``
            if own[i] == buf[0]:
                return buf[fastrng.randbelow_inline(amt, 1)]
    return covered(ctx, s, buf, m, amt)  # noqa: F821 - bound by ``house_loop``


def house_future(seed, kinds, cap, ctx):  # type: ignore[no-untyped-def]
    """The house record ``ctx.s`` (a reference state's, ``RoyaleHouseFast.play_on``) played on to its end by the
    loop's own steps (the globals ``legal_now``, ``act``, ``decide``, ``fresh``: ``house_loop`` binds the rule's, as in
    ``house_play``) with the agents ``kinds`` drawing from ``random.Random(seed)`` and forgetting what they judged
    (fresh agents), the rules from the record's own chance, at most ``cap`` decisions: 1 where it ended (the outcome is
    then in ``ctx.s``), 0 where it does not end (the cap, no legal action), -1 where a step found the noble table full
    (the caller grows it and plays the future again). As ``runner.continue_game``: over, else the cap, else the legal
    actions (none: it does not end), else a decision."""
    s, st, buf, amt = ctx.s, ctx.steps, ctx.buf, ctx.amt
    fastrng.seed(amt, np.uint64(seed))
    full = st.book.full
    full[0] = 0
    fresh(ctx)
    sc = core.fields(s, st.off)[F_ST]
    decisions = 0
    while sc[S_END] == PLAYING:
        if decisions >= cap:
            return 0
        m = legal_now(s, st, buf)
        if m == 0:
            return 0
        a = decide(s, ctx, buf, m, amt) if kinds[sc[S_PLAYER]] == core.AGENT_HEURISTIC else \
            buf[fastrng.randbelow_inline(amt, m)]
        if full[0] != 0:
            return -1
        decisions += 1
        act(s, a, st)
        if full[0] != 0:
            return -1
    return 1


class HouseContext(NamedTuple):
    """``house_play``'s tables and buffers: the house record, the heuristic's scratch, the agents' generator, the
    winners' row, the legal codes, the game's ``Steps`` and the look-ahead's arrays (``coverloop.CoverWork``)."""

    s: np.ndarray  #: the house record (the kernels' position, then ``MT_WORDS`` of the rules' chance)
    H: tuple
    amt: np.ndarray
    win: np.ndarray
    buf: np.ndarray  #: the legal codes
    steps: Steps
    cover: Any


class HouseParts(NamedTuple):
    """What a tier's ``HouseContext`` keeps from one loop call to the next (the tables and work arrays aside, which
    the noble table's growth and a larger cap make again)."""

    s: np.ndarray
    buf: np.ndarray
    best: np.ndarray
    words: Any
    cover: Any  #: ``coverloop.CoverWork``


def house_parts(fast: Any, codes: Codes) -> HouseParts:
    """A house loop's record and buffers for the tier ``fast`` (a ``RoyaleFast``) and its game's ``codes``."""
    from cardgen.engine.compiled_words import words_of  # not at the top: numba's typed containers
    from cardgen.engine.coverloop import cover_work

    width = fast.W[core.W_LEGAL].shape[0]
    room = width + max(64, width)  # the game's own and as many again a rule may add
    size = fast.size + MT_WORDS
    return HouseParts(np.zeros(size, dtype=np.int64), np.zeros(room, dtype=np.int64), np.zeros(room, dtype=np.int64),
                      words_of(codes.actions), cover_work(fast.players, room, size))


def house_context(fast: Any, parts: HouseParts, book: CodeTable) -> HouseContext:
    """A house loop's context for the tier ``fast`` as its tables are now (``RoyaleFast.G()``, ``W``)."""
    cover = parts.cover
    steps = Steps(fast.G(), fast.W, fast.off, book, parts.best, parts.words, HouseCover(cover.hint, cover.lent))
    return HouseContext(parts.s, fast.H, fast.amt, fast._win, parts.buf, steps, cover)


def house_record(state: Any, fast: Any, s: np.ndarray) -> None:
    """Reference Royale ``state`` written into house record ``s`` of the tier ``fast``: its record (``RoyaleState.s``,
    the same layout), the nobles' states numbered by the tier's own table (``compiled_rules.renumber``, the table grown
    where it is full, as the search driver's ``Compiled.position``), and the state's own generator word for word into
    the tail (``chance_of``: MT19937's words and place, from which the house loop's rules draw on). What a future begins
    from (``RoyaleHouseFast.play_on``)."""
    s[:fast.size] = state.s
    while core.renumber(core.fields(s, fast.off), fast.G(), fast.W) == core.FULL:
        fast.tables.grow()
    chance_of(s)[:] = state.rng.getstate()[1]


def typing_context(game: Any) -> HouseContext:
    """A ``HouseContext`` of ``game`` (a ``RoyaleGame``) to compile a rule's hooks against (``compile_rule``: its
    types matter, not its contents)."""
    from cardgen.games.royale.compiled import RoyaleFast

    fast = RoyaleFast(game)
    codes = codes_of(game)
    return house_context(fast, house_parts(fast, codes), codes.lookup)


#: what ``compiled_hooks.compile_rule`` compiles a Royale rule's hooks with
HOOKED = HookSteps("royale", hooked_outcome, hooked_legal, hooked_apply, LEGAL.codes, LEGAL.listed,
                   steps_signatures(HouseContext._fields),
                   ViewNames("RoyaleView", "GameView", PILE))


# -- the tier: ``RoyaleFast`` playing the rule's loop ------------------------------------------------------------------
def _tier() -> type:
    """``RoyaleHouseFast``, made on first use (a deck with a house rule asks for it)."""
    from cardgen.games.royale.compiled import RoyaleFast

    class RoyaleHouseFast(HouseCalls, RoyaleFast):
        """Royale's compiled tier with a house rule's hooks compiled in its steps (``HouseLoop``)."""

        default_kind = core.AGENT_HEURISTIC  # the default players (they look ahead at an added action)
        decision_seconds = HOUSE_DECISION_GAME_SECONDS
        covered_seconds = HOUSE_COVERED_GAME_SECONDS

        def __init__(self, game: Any, house: HouseLoop) -> None:
            super().__init__(game)
            self.house = house
            self.title = f"{RoyaleFast.title} with {house.shown}"
            self.loop = house.loop
            self.actions_by_code = codes_of(game)  # (``self.codes``: the nobles' card codes, ``G``'s)
            self.parts = house_parts(self, self.actions_by_code)
            # the house record's status: ``RoyaleFast._resume`` grows the noble table where a game found it full,
            # ``_record`` reads the piles as dealt
            self.st = core.fields(self.parts.s, self.off)[F_ST]

        def _context(self) -> tuple[tuple, np.ndarray]:
            return house_context(self, self.parts, self.actions_by_code.lookup), self.gaps

        def play_on(self, state: Any, agents: list[str], seed: int, cap: int) -> tuple[list[float], list[int]] | None:
            """A house rule's game from the reference ``state`` played on to its end on this tier, as
            ``runner.continue_game`` plays it (King Lui's ``KingLuiFast.play_on``'s contract): fresh ``agents`` (one
            name per seat) drawing from ``random.Random(seed)``, the rules from the state's own generator, at most
            ``cap`` decisions (``house_future``, the rule's steps and the default players' compiled look-ahead).
            (scores, winners) of its outcome (``compiled_rules.outcome``: the points as the reference's floats), or
            None where it does not end (the cap, a seat with no action, a stall) or an agent is not on the tier. A rule
            that fails raises numba's exception: the caller plays the state on the reference engine, which names the
            failure in its one line (``options._future``). The options' experiment's futures, the reference's own
            games, only sooner."""
            if not set(agents) <= set(self.agent_codes):
                return None
            kinds = self._kinds(agents)
            while True:
                house_record(state, self, self.parts.s)
                args = (np.uint64(seed), kinds, cap, self._context()[0])
                ended = guarded(self.house, f"compiled, seed {state.seed}", (self.house.future, args, 3))
                if ended >= 0:
                    break
                self.tables.grow()  # the noble table was full: the same future again, with room
            if not ended:
                return None
            V = core.fields(self.parts.s, self.off)
            scores, win = np.zeros(self.players, dtype=np.int64), np.zeros(self.players, dtype=np.int64)
            if not core.outcome(V, self.G(), scores, win):  # a stall, or a tie the deck does not settle
                return None
            return [float(x) for x in scores.tolist()], [p for p in range(self.players) if win[p]]

        def _record(self, result: Any, decisions: int) -> None:
            from cardgen.engine.compiled_words import SEP, added_words  # not at the top: numba's extensions

            super()._record(result, 0)  # the piles as dealt
            own = self.actions_by_code.tuples
            added = [tuple(words.split(SEP)) for words in added_words(self.parts.words)]
            result.actions = [(p, own[a] if a < len(own) else added[a - len(own)])
                              for p, a in self.actions[:decisions].tolist()]

    return RoyaleHouseFast


#: Seconds one compiled Royale game with a rule run at every decision (``legal_actions``, ``apply``) may take, at
#: most: King Lui's margin (``king_lui.compiled.HOUSE_DECISION_GAME_SECONDS``), some eighty times what a game of
#: tests/test_royale_house.py's "rest" rule took with random players (0.61 ms of CPU at 3 seats, load 3 on 2 cores:
#: docs/DEVELOPING.md, "Royale's compiled house rules"). A loop call plays no more games than the time limit of one
#: call into project code allows at this pace (``house_batch``): no honest call comes near its deadline, and a rule
#: that never returns is killed within the limit + ``contain.GRACE``.
HOUSE_DECISION_GAME_SECONDS = 0.05
#: The same for a rule that adds actions played by default players, who judge each offer by a look-ahead compiled
#: with the rule: some twenty-five times what a game of the "rest" rule took so (21.6 ms, the same measure).
HOUSE_COVERED_GAME_SECONDS = 0.5


#: Royale's half of ``compiled_parts.house_loop``: its templates and the loops' own steps (``_covered_decide`` asks
#: the game's own legal codes where one action is legal: ``own_legal_kernel``)
KIT = HouseKit(HOOKED, {"legal_now": legal_now, "act": act}, house_play,
               house_future, _covered_decide, COVER, {"own_legal_kernel": _own_kernel})


def house_fast(deck: Any, players: int) -> Any:
    """The compiled tier of ``deck`` (a Royale deck with a house rule) at ``players``, or a one-line reason it cannot
    play it (``fast_engine`` hands a deck with a house rule here)."""
    from cardgen.games.royale.engine import RoyaleGame

    try:
        game = RoyaleGame(deck, players)
    except Exception as exc:  # the reference cannot set up either; the simulator reports it there
        return f"the Royale engine cannot set up {deck.id} at {players} players ({exc})"
    house = house_loop(deck, KIT, lambda: typing_context(game))
    return house if isinstance(house, str) else _tier()(game, house)


def fast_engine(deck: Any, players: int) -> Any:
    """``GameSpec.fast`` of Royale: a deck with a house rule on ``house_fast``, every other deck on
    ``compiled.fast_engine`` (the base tier, untouched: its compiled code stays in numba's disk cache)."""
    if deck.model.code is not None:
        return house_fast(deck, players)
    from cardgen.games.royale.compiled import fast_engine as base
    return base(deck, players)
