"""Royale / Party at Louis (Wouter van Strien, Jolly Dutch 2024): rules package.

Laid out as every game package: rule numbers (``model``), requirement checkers
(``require``), deck checks (``checks``), card texts (``text``), the reference rules
(``engine``), agents (``agents``), and the compiled form: every kernel of the rules and the
one compiled heuristic (``compiled_rules``, over the requirement checkers ``compiled_require``),
the tier that plays whole games with them (``compiled``), a house rule's hooks compiled with them
(``compiled_house``) and the search driver (``compiled_search``), each imported on first use (numba).
"""
from cardgen.games.base import on_first_use, package_spec
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.engine import new_game
from cardgen.games.royale.model import NobleFace, RoyaleComponent, RoyaleRules
from cardgen.games.royale.text import deck_words

GAME = package_spec(
    __name__, rules_model=RoyaleRules, component_data=RoyaleComponent, face_data=NobleFace, new_game=new_game,
    agents={"heuristic": HeuristicAgent},  # covered by the runner: every legal move, a house rule's too
    # the draw pile is rebuilt only between the End of the Banquet card's draws: a variant that ends the
    # banquet at its first draw never rebuilds it, so these two tallies fall to 0 by the rule alone
    # (tenth reading en40/fr40/it43: "fewer games where the rebuilt pile splits unevenly" led the verdict)
    tally_sources={"gap:uneven_packets": ("end_card_draws",), "peak:pile_after_reshuffle": ("end_card_draws",)},
    deck_words=deck_words,  # the end card's draw and the piles' number as the deck's rules set them
    # a house rule of these hooks plays compiled with the game's steps (compiled_house.py; without importing numba);
    # the tier hands a deck with a house rule to it, every other deck to compiled.fast_engine
    compiled_hooks=("legal_actions", "apply"),
    fast=on_first_use("cardgen.games.royale.compiled_house", "fast_engine"),
)
