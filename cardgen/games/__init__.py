"""Registry of rules packages: the bundled games plus any registered through an entry point.

A bundled game is a sub-package ``cardgen.games.<id>``. A designer's own rules
package joins without editing cardgen by declaring, in its ``pyproject.toml``::

    [project.entry-points."cardgen.games"]
    my_game = "my_package"          # a module exposing GAME = GameSpec(id="my_game", ...)

(``my_package:SPEC`` names another attribute than ``GAME``). Entry points are only
read when a deck names a game cardgen does not bundle, so a build of the shipped
games never scans installed distributions. ``PRINT_ONLY`` is the spec of decks
without a ``game``: no rules, no engine, no checks of its own.
"""
from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.errors import InputError
from cardgen.games.base import GameSpec
from cardgen.model.deck import PRINT_ONLY_ID
from cardgen.model.schema import NoData

#: Every game cardgen ships a rules package for.
GAME_IDS: tuple[str, ...] = ("king_lui", "royale", "draco")
#: The entry-point group a designer's rules package registers in.
ENTRY_POINT_GROUP = "cardgen.games"
#: The spec of a print-only deck (a deck without ``game``): nothing to check or simulate.
PRINT_ONLY = GameSpec(id=PRINT_ONLY_ID, rules_model=NoData)


@cache
def plugin_games() -> dict[str, Any]:
    """Installed entry points (``importlib.metadata.EntryPoint``) of the ``cardgen.games`` group, by game id.

    Bundled ids win. Imported and scanned only when asked: most builds never are.
    """
    from importlib import metadata

    found: dict[str, Any] = {}
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name not in GAME_IDS:
            found.setdefault(ep.name, ep)
    return dict(sorted(found.items()))


def game_ids() -> tuple[str, ...]:
    """Bundled game ids, then those of installed rules packages."""
    return GAME_IDS + tuple(plugin_games())


def is_game(game_id: str) -> bool:
    """``game_id`` names a bundled or installed rules package (entry points read only if needed)."""
    return game_id in GAME_IDS or game_id in plugin_games()


@cache
def get_game(game_id: str) -> GameSpec:
    """The ``GameSpec`` of ``game_id`` (caller checks ``is_game``)."""
    if game_id == PRINT_ONLY.id:
        return PRINT_ONLY
    if game_id in GAME_IDS:
        module = importlib.import_module(f"cardgen.games.{game_id}")
        spec: GameSpec = module.GAME
        return spec
    ep = plugin_games()[game_id]
    where = f"entry point '{ep.name} = {ep.value}' (group {ENTRY_POINT_GROUP})"
    try:
        loaded = ep.load()
    except Exception as exc:  # a broken third-party package: one line, not its traceback
        raise InputError(f"rules package of game '{game_id}' cannot be imported: "
                         f"{type(exc).__name__}: {exc}", file=where,
                         key="rules_import", fields={"game": game_id, "why": f"{type(exc).__name__}: {exc}"}) from None
    spec = getattr(loaded, "GAME", loaded)
    if not isinstance(spec, GameSpec):
        raise InputError(f"expected a module with GAME = GameSpec(...) or a GameSpec, got {type(spec).__name__}",
                         file=where, key="not_gamespec", fields={"kind": type(spec).__name__})
    if spec.id != game_id:
        raise InputError(f"the package's GameSpec has id '{spec.id}'; expected '{game_id}' (the entry point's name)",
                         file=where, key="gamespec_id", fields={"id": spec.id, "expected": game_id})
    return spec


def deck_models() -> dict[str, Any]:
    """The concrete deck model (a pydantic class) of every bundled game, by game id: what
    ``cardgen schema`` describes (``cardgen.model.jsonschema.json_schema``)."""
    from cardgen.model.schema import deck_model

    specs = {gid: get_game(gid) for gid in GAME_IDS}
    return {gid: deck_model(gid, s.rules_model, s.component_data, s.face_data) for gid, s in specs.items()}


def source_of(game_id: str) -> Path | None:
    """The folder (or file) of a game's rules package, for build cache keys; None for print-only
    decks and project rules files (``game: rules.py``), which print nothing of their own."""
    if game_id == PRINT_ONLY.id:
        return None
    if game_id in GAME_IDS:
        return Path(__file__).resolve().parent / game_id
    from cardgen.games.project import is_rules_path
    if is_rules_path(game_id):  # a project rules file writes no card text: printing never depends on it
        return None
    module = importlib.import_module(plugin_games()[game_id].module)
    path = Path(module.__file__ or "").resolve()
    return path.parent if path.name == "__init__.py" else path
