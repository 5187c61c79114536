"""JSON Schema of deck and variant files, from the same models the loader uses.

Editors (VS Code's YAML extension, JetBrains) read it for autocomplete: point
``# yaml-language-server: $schema=cardgen.schema.json`` at the file that
``cardgen schema --out cardgen.schema.json`` writes.
"""
from __future__ import annotations

from typing import Any, Union

from pydantic import TypeAdapter

from cardgen.games import GAME_IDS, get_game
from cardgen.model.schema import Variant, deck_model, print_deck_model


def deck_models() -> list[type[Any]]:
    """The concrete deck model of every bundled game, and the print-only deck's."""
    models = [print_deck_model()]
    for gid in GAME_IDS:
        spec = get_game(gid)
        models.append(deck_model(gid, spec.rules_model, spec.component_data, spec.face_data))
    return models


def json_schema() -> dict[str, Any]:
    """One schema accepting any game's deck file or a variant file."""
    union = Union[tuple(deck_models()) + (Variant,)]  # type: ignore[valid-type]
    schema = TypeAdapter(union).json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "cardgen deck or variant"
    return schema
