"""Registry of rules packages: one sub-package per game, found by its id."""
from __future__ import annotations

import importlib
from functools import cache

from cardgen.games.base import GameSpec

#: Every game cardgen ships a rules package for.
GAME_IDS: tuple[str, ...] = ("king_lui", "royale", "draco")


@cache
def get_game(game_id: str) -> GameSpec:
    """The ``GameSpec`` of ``game_id`` (caller checks the id is in ``GAME_IDS``)."""
    module = importlib.import_module(f"cardgen.games.{game_id}")
    spec: GameSpec = module.GAME
    return spec
