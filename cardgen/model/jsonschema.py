"""JSON Schema of deck and variant files, from the same models the loader uses.

Editors (VS Code's YAML extension, JetBrains) read it for autocomplete and
checking while typing; docs/editing.md shows how to wire it. ``cardgen schema
--out cardgen.schema.json`` writes it.

Variants are described per game: a variant whose ``extends`` names a deck or
variant of game G gets G's rule numbers under ``rules`` and G's component
fields under ``change`` (every field optional, as a variant changes only what it
names), so an editor flags ``grid_row: 4`` or ``{cout: 2}`` at once. A list in a
change (a card's ``faces``) may be replaced whole or changed item by item with a
mapping from item index to the fields to change.

The games' deck models come in as an argument (``cardgen.games.deck_models()``): the model
stage never imports the game registry above it (docs/ARCHITECTURE.md, "Order of stages").
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any, Union

from pydantic import TypeAdapter

from cardgen.model.schema import Variant, print_deck_model, project_deck_model


def _ref_name(node: Mapping[str, Any]) -> str | None:
    ref = node.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) and ref.startswith("#/$defs/") else None


def _partial(name: str, defs: dict[str, Any], out: dict[str, Any]) -> str:
    """Add ``Partial_<name>``: the def with nothing required (recursively); return its name."""
    pname = f"Partial_{name}"
    if pname in out:
        return pname
    out[pname] = {}  # placeholder against recursive definitions

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            target = _ref_name(node)
            if target is not None and target in defs:
                return {**{k: v for k, v in node.items() if k != "$ref"},
                        "$ref": f"#/$defs/{_partial(target, defs, out)}"}
            return {k: strip(v) for k, v in node.items() if k not in ("required", "default")}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    out[pname] = strip(copy.deepcopy(defs[name]))
    return pname


def _by_index(list_schema: dict[str, Any], item_partial: str | None) -> dict[str, Any]:
    """A list field of a change: the whole new list, or {index: fields to change}."""
    item = {"$ref": f"#/$defs/{item_partial}"} if item_partial else {}
    return {"anyOf": [list_schema, {"type": "object", "patternProperties": {"^[0-9]+$": item},
                                    "additionalProperties": False,
                                    "description": "change items by index: {0: {...}, 1: {...}}"}]}


def _variant_of(game_def: dict[str, Any], defs: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """The per-game refinement of a variant: its rule numbers and component fields."""
    props = game_def["properties"]
    rules = _ref_name(props["rules"])
    component = _ref_name(props["components"]["items"])
    out: dict[str, Any] = {"properties": {}}
    if rules:
        out["properties"]["rules"] = {"$ref": f"#/$defs/{_partial(rules, defs, extra)}"}
    if component:
        pcomp = _partial(component, defs, extra)
        change = copy.deepcopy(extra[pcomp])
        for key, sub in list(change.get("properties", {}).items()):
            full = defs[component]["properties"][key]
            if full.get("type") == "array":
                item = _ref_name(full.get("items", {}))
                change["properties"][key] = _by_index(full, _partial(item, defs, extra) if item else None)
        change["not"] = {"required": ["id"]}  # a change never renames: remove and add instead
        cname = f"Change_{component}"
        extra[cname] = change
        out["properties"]["change"] = {"additionalProperties": {"$ref": f"#/$defs/{cname}"}}
        out["properties"]["add"] = {"items": {"$ref": f"#/$defs/{component}"}}
    return out


def json_schema(games: Mapping[str, type[Any]], ids_by_game: Mapping[str, list[str]] | None = None) -> dict[str, Any]:
    """One schema accepting any game's deck file or a variant file.

    ``games``: each game's concrete deck model by game id (``cardgen.games.deck_models()``).
    ``ids_by_game`` lists, per game, the deck and variant ids a variant may extend
    (a project's files); by default each game's deck id is its game id.
    """
    union = Union[(print_deck_model(), project_deck_model(), *games.values(), Variant)]  # type: ignore[valid-type]
    schema = TypeAdapter(union).json_schema(by_alias=True)
    defs: dict[str, Any] = schema["$defs"]
    extra: dict[str, Any] = {}
    ids = dict(ids_by_game) if ids_by_game is not None else {g: [g] for g in games}
    rules = []
    for gid, model in games.items():  # by game id: the print-only model has no game and no variants
        name = model.__name__
        if name not in defs or not ids.get(gid):
            continue
        vname = f"VariantOf_{gid}"
        extra[vname] = _variant_of(defs[name], defs, extra)
        rules.append({"if": {"required": ["extends"], "properties": {"extends": {"enum": sorted(ids[gid])}}},
                      "then": {"$ref": f"#/$defs/{vname}"}})
    defs.update(extra)
    if rules:
        schema["allOf"] = rules
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "cardgen deck or variant"
    return schema


def project_ids(project: Any, game_ids: Iterable[str]) -> dict[str, list[str]]:
    """Deck and variant ids of a project per game of ``game_ids``, with the shipped game decks its variants
    may extend (``Project.base_path``); unreadable files are skipped: the schema is a help."""
    from cardgen.errors import InputError
    from cardgen.load.yamlio import read_yaml

    def read(path: Any) -> dict[str, Any] | None:
        try:
            data, _ = read_yaml(path)
        except InputError:
            return None
        return data if isinstance(data, dict) else None

    raw: dict[str, Any] = {sid: data for sid, path in project.sources.items() if (data := read(path)) is not None}
    game_ids = list(game_ids)
    for gid in game_ids:  # a shipped game's deck the project does not shadow: its variants may extend it
        path = project.base_path(gid) if gid not in raw else None
        if path is not None and (data := read(path)) is not None:
            raw[gid] = data
    out: dict[str, list[str]] = {g: [] for g in game_ids}
    for sid in raw:
        seen, cur = set(), sid
        while cur in raw and "extends" in raw[cur] and cur not in seen:
            seen.add(cur)
            cur = str(raw[cur]["extends"])
        game = raw.get(cur, {}).get("game")
        if game in out:
            out[game].append(sid)
    return out
