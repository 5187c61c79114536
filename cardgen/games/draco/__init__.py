"""Draco & Co (Bruno Faidutti & Michael Schacht, Descartes 2001): rules package.

Model (``model.py``), deck checks (``checks.py``), card texts (``text.py``),
table arithmetic (``table.py``), engine (``engine.py``), agents (``agents.py``, their
compiled forecasts in ``kernels.py``) and the compiled tier (``fast.py``).
Designer documentation: docs/draco.md.
"""
from cardgen.games.base import GameSpec
from cardgen.games.draco.checks import check_references, static_checks
from cardgen.games.draco.engine import GAPS, HOOKS, DracoGame
from cardgen.games.draco.model import DracoFace, DracoPiece, DracoRules
from cardgen.games.draco.playview import play_table
from cardgen.games.draco.text import describe_action, face_text


def heuristic_agent(*args, **kwargs):  # type: ignore[no-untyped-def]
    """``agents.HeuristicAgent``, imported on first use: its forecasts load numpy and numba,
    which building or checking a deck never needs."""
    from cardgen.games.draco.agents import HeuristicAgent

    return HeuristicAgent(*args, **kwargs)


def compiled_tier(deck, players):  # type: ignore[no-untyped-def]
    """The compiled tier (``fast.py``), imported on first use: numba loads only when asked for."""
    from cardgen.games.draco.fast import fast_engine

    return fast_engine(deck, players)


GAME = GameSpec(
    id="draco",
    rules_model=DracoRules,
    component_data=DracoPiece,
    face_data=DracoFace,
    gaps=GAPS,
    hooks=HOOKS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    describe_action=describe_action,
    play_table=play_table,
    new_game=DracoGame,
    agents={"heuristic": heuristic_agent},
    shortfall_components={"unpaid_by_bank": "silver-coin", "coins_missing": "silver-coin"},  # the bank pays in silver
    # tallies the edit alone moves: the coins in hands are capped by the coins in the box, the largest hand
    # is the one dealt (a bank that runs short is a consequence to read, not a repeat: not listed)
    tally_sources={"peak:gold_in_hands": ("gold-coin",), "peak:silver_in_hands": ("silver-coin",),
                   "peak:hand_size": ("hand_size",)},
    fast=compiled_tier,
)
