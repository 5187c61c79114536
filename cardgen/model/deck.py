"""A resolved deck: the one data class every reader of a deck is typed against (the renderer,
the rulebook, the engines and the games, the simulator, the reports).

It lives in the model stage, below ``engine`` and ``games``, so that every stage that reads a deck
imports it from below (docs/ARCHITECTURE.md, "Order of stages"); ``cardgen.resolve`` builds it
(variants merged onto their base, validated as the game's deck model, ranges expanded).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.load.yamlio import LineMap
from cardgen.model.schema import Component

if TYPE_CHECKING:
    from cardgen.games.base import GameSpec

#: The game id of a deck without ``game``: printed, never checked against rules or simulated
#: (``cardgen.games.PRINT_ONLY`` is its spec).
PRINT_ONLY_ID = "print-only"


@dataclass
class ResolvedDeck:
    """A validated deck ready for every reader (renderer, rulebook, engines)."""

    id: str
    kind: str  # "deck" or "variant"
    spec: GameSpec
    model: Any  # the game's deck model instance, components expanded
    chain: list[str]  # ids from the root deck to this one
    files: list[str]
    project: Path
    base: "ResolvedDeck | None" = None  # the root deck, for variants
    differences: list[dict[str, Any]] = field(default_factory=list)
    lines: LineMap = field(default_factory=LineMap, repr=False)  # where each field was written
    origin: dict[str, int] = field(default_factory=dict, repr=False)  # component id -> index before expansion

    def locate(self, component_id: str, *path: str | int) -> tuple[str, int | None, str]:
        """File, line and field (as written) of ``path`` inside a component, for error lines."""
        index = self.origin.get(component_id)
        full: tuple[Any, ...] = ("components", index, *path) if index is not None else ()
        where, line = self.lines.locate(full)
        field_path = self.lines.source_path(full)
        from cardgen.errors import format_path
        return where or (self.files[-1] if self.files else self.id), line, format_path(field_path)

    def code_location(self) -> tuple[str, int | None, str]:
        """File and line where the deck's ``code`` (its house rule file) was written, and the field's name."""
        where, line = self.lines.locate(("code",))
        return where or (self.files[-1] if self.files else self.id), line, "code"

    @property
    def game(self) -> str:
        return self.spec.id

    @property
    def own_rulebook(self) -> bool:
        """The deck brings its own rule text (``rulebook:``): print-only decks and project rules files."""
        return self.print_only or self.spec.rules_file is not None

    @property
    def print_only(self) -> bool:
        """A deck without ``game``: printed, never checked against rules or simulated."""
        return self.spec.id == PRINT_ONLY_ID

    @property
    def languages(self) -> list[str]:
        """The languages the deck is written in (``build`` makes these)."""
        return list(self.model.languages)

    @cached_property
    def by_id(self) -> dict[str, Component[Any, Any]]:
        return {c.id: c for c in self.model.components}

    def component(self, cid: str) -> Component[Any, Any]:
        return self.by_id[cid]

    def components_of(self, kind: str | None = None, layout: str | None = None) -> list[Component[Any, Any]]:
        """Components filtered by kind and/or the layout of their first face."""
        return [c for c in self.model.components
                if (kind is None or c.kind == kind) and (layout is None or c.faces[0].layout == layout)]

    @property
    def rules(self) -> Any:
        return self.model.rules

    def text(self, lang: str) -> dict[str, str]:
        """Name, description and a variant's story line (``flavour``, else "") in ``lang``, for titles."""
        desc, flavour = self.model.description, getattr(self.model, "flavour", None)
        return {"name": self.model.name[lang], "description": desc[lang] if desc else "",
                "flavour": flavour[lang] if flavour else ""}

    def to_json(self) -> dict[str, Any]:
        """The resolved deck as ``cardgen inspect --json`` prints it."""
        m = self.model
        return {
            "id": self.id,
            "kind": self.kind,
            "game": None if self.print_only else self.game,
            "languages": self.languages,
            "extends": self.chain[:-1],
            "name": m.name.model_dump(),
            "players": m.players.model_dump() if m.players is not None else None,
            "card": m.card.model_dump(),
            "rules": m.rules.model_dump(mode="json"),
            "clarifications": {k: v.resolution for k, v in m.clarifications.items()},
            "totals": totals(self),
            "components": [
                {"id": c.id, "kind": c.kind, "count": c.count, "sides": c.sides,
                 "name": c.name.model_dump(), "group": c.group,
                 "layouts": [f.layout for f in c.faces],
                 **({"reconstruction": True} if c.reconstruction else {})}
                for c in m.components
            ],
            "differences": self.differences,
        }


def totals(deck: ResolvedDeck) -> dict[str, int]:
    """Number of physical pieces per kind."""
    out: dict[str, int] = {}
    for c in deck.model.components:
        out[c.kind] = out.get(c.kind, 0) + c.count
    return out
