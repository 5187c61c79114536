"""A reference King Lui position as ``compiled_step`` arrays, and action ids <-> reference actions.

``tables(game)`` gathers what the kernels read (``compiled_rules``'s rule numbers and
gap resolutions in ``cfg``, the Emerald combinations, dish sizes), once per
``KingLuiGame``; it is None when the deck holds something the kernels do not
know (a clarification outside ``fast._GAP_CODES``, too many Emerald
combinations), and then the Python search runs instead.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from cardgen.engine.api import Action
from cardgen.games.king_lui import compiled_rules as core
from cardgen.games.king_lui import compiled_step as fs
from cardgen.games.king_lui.engine import _DRAWN_EMERALD, KingLuiGame, KingLuiState
from cardgen.games.king_lui.compiled import _GAP_CODES, MAX_COMBOS, rule_arrays


@dataclass(frozen=True)
class Tables:
    """The arrays every kernel of one deck and player count reads."""

    cfg: np.ndarray
    combos: np.ndarray
    combo_cnt: np.ndarray
    dish_sizes: np.ndarray
    dish_of: np.ndarray
    #: action code -> reference action, and back
    action_of: tuple[Action, ...]
    code_of: dict[Action, int]
    cards: int
    emeralds: int

    @property
    def size(self) -> int:
        """Length of a state array."""
        return fs.size(int(self.cfg[core.C_DISHES]), int(self.cfg[core.C_PLAYERS]), self.cards)


_TABLES: "weakref.WeakKeyDictionary[KingLuiGame, Tables | None]" = weakref.WeakKeyDictionary()


def tables(game: KingLuiGame) -> Tables | None:
    """The kernels' tables for ``game`` (cached), or None when the kernels cannot play its deck."""
    if game in _TABLES:
        return _TABLES[game]
    found = _build(game)
    _TABLES[game] = found
    return found


def _build(game: KingLuiGame) -> Tables | None:
    clarifications = game.deck.clarifications
    if any(kind not in _GAP_CODES for kind in clarifications) or len(game.combos) > MAX_COMBOS:
        return None
    cfg, combos, combo_cnt, action_of = rule_arrays(game)
    return Tables(cfg, combos, combo_cnt, np.array(game.dish_sizes, dtype=np.int64),
                  np.array(game.dish_of, dtype=np.int64), action_of,
                  {a: i for i, a in enumerate(action_of)}, len(game.instances), game.emerald_count)


def _end_code(reason: str | None) -> int:
    if reason is None:
        return core.PLAYING
    if reason == "supply_exhausted":
        return core.SUPPLY_EXHAUSTED
    if reason.startswith("stalled:"):
        return core.STALLED + _GAP_CODES[reason.split(":", 1)[1]][0]
    raise ValueError(f"King Lui end reason {reason!r} has no code in the step kernels")


def encode(state: KingLuiState, t: Tables) -> np.ndarray:
    """``state`` as a ``compiled_step`` array (the whole position: the driver determinizes it itself)."""
    g = state.game
    n = len(g.dishes)
    players = g.players
    s = np.zeros(t.size, dtype=np.int64)
    over = state.end_reason is not None
    s[fs.S_SP] = len(state.supply)
    s[fs.S_TEMER] = len(state.table_emeralds)
    s[fs.S_KTOTAL] = state.king_total
    s[fs.S_PENDING] = len(state.pending)
    s[fs.S_CHEF] = state.chef
    s[fs.S_ACTED] = state.acted
    s[fs.S_PLAYER] = -1 if over else state._player
    s[fs.S_TURNS] = state.turns
    s[fs.S_ROUNDS] = state.rounds
    s[fs.S_END] = _end_code(state.end_reason)
    s[fs.S_PHASE] = fs.DRAWN_EMERALD if state.phase == _DRAWN_EMERALD and not over else fs.ACT
    s[fs.S_REMOVED] = len(state.removed)
    o = fs.HEADER
    s[o:o + n] = [len(c) for c in state.table]
    s[o + n:o + 2 * n] = [len(c) for c in state.king]
    s[o + 2 * n:o + 3 * n] = state.eaten
    o += 3 * n
    s[o:o + players * n] = [len(c) for hand in state.hands for c in hand]
    o += players * n
    s[o:o + players * n] = [x for row in state.taken for x in row]
    o += players * n
    s[o:o + len(state.supply)] = t.dish_of[state.supply]
    return s


def codes(legal: list[Action], t: Tables) -> np.ndarray:
    """The action codes of reference actions, in their order."""
    return np.array([t.code_of[a] for a in legal], dtype=np.int64)
