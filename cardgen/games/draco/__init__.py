"""Draco & Co (Bruno Faidutti & Michael Schacht, Descartes 2001): rules package.

Laid out as every game package: rule numbers (``model``), deck checks (``checks``), card
texts (``text``), the reference rules (``engine``, with the table arithmetic in ``table``),
agents (``agents``), and the compiled form: the rules' kernels (``compiled_rules``), the
tier that plays whole games with them (``compiled``), a house rule's hooks compiled with them
(``compiled_house``) and the search driver (``compiled_search``), each imported on first use. Designer documentation: docs/draco.md.
"""
from cardgen.games.base import on_first_use, package_spec
from cardgen.games.draco.engine import DracoGame, out_of_running
from cardgen.games.draco.model import DracoFace, DracoPiece, DracoRules

GAME = package_spec(
    __name__, rules_model=DracoRules, component_data=DracoPiece, face_data=DracoFace, new_game=DracoGame,
    # imported on first use: building or checking a deck never needs the agents
    # the heuristic, its look-ahead rollouts compiled (heuristic.py)
    agents={"heuristic": on_first_use("cardgen.games.draco.heuristic", "Heuristic")},
    shortfall_components={"unpaid_by_bank": "silver-coin", "coins_missing": "silver-coin"},  # the bank pays in silver
    # tallies the edit alone moves: the coins in hands are capped by the coins in the box, the largest hand
    # is the one dealt (a bank that runs short is a consequence to read, not a repeat: not listed)
    tally_sources={"peak:gold_in_hands": ("gold-coin",), "peak:silver_in_hands": ("silver-coin",),
                   "peak:hand_size": ("hand_size",)},
    deck_words=on_first_use("cardgen.games.draco.bank", "deck_words"),
    out_of_running=out_of_running,  # tied leaders drop out: the winner's lead is over the richest seat left
    play_on=on_first_use("cardgen.games.draco.compiled", "play_on"),  # the play experiment's futures, compiled
    # a house rule of these hooks plays compiled with the game's steps (compiled_house.py; without importing numba);
    # the tier hands a deck with a house rule to it, every other deck to compiled.fast_engine
    compiled_hooks=("legal_actions", "apply"),
    fast=on_first_use("cardgen.games.draco.compiled_house", "fast_engine"),
)
