"""What a rulebook template can read: the resolved deck as plain values in one language.

A template never computes from raw YAML and never types a number into a sentence:
every count, rule number and name it prints comes from the context built here.
The context is the same for every game, so a new game's rulebook needs only its
template and its catalog entries, no Python.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from cardgen.model.deck import ResolvedDeck, totals
from cardgen.typography import apostrophes, for_language


def typography(text: str, lang: str) -> str:
    """Deck texts with the book's typography (``cardgen.typography``): ’ for apostrophes; French
    spaces before ; : ! ? and inside « ».

    The rulebook's own sentences are typeset correctly in the catalogs; this brings the
    names, descriptions and clarifications a deck file supplies to the same standard.
    """
    return for_language(apostrophes(text), lang)


@dataclass(frozen=True)
class ComponentView:
    """One (expanded) component as a template sees it, names in the book's language."""

    id: str
    kind: str
    count: int
    name: str
    role: str | None
    group: str | None
    colour: str | None  # the colour's name in the book's language
    symbol: str | None
    value: int | None
    points: int | None
    text: str | None  # the first face's printed text, if any
    has_back: bool
    reconstruction: bool
    #: the game's data of the component (its rules package's model: role, colour...), or None
    data: Any = None
    #: the game's data of each face, in face order (None where a face has none)
    face_data: tuple[Any, ...] = ()
    #: the text the game generates for each face (``GameSpec.face_text``) in the book's language
    face_texts: tuple[str | None, ...] = ()
    #: each face's title in the book's language (None where a face has none), in face order
    face_titles: tuple[str | None, ...] = ()
    #: each face's points (None where a face shows none), in face order
    face_points: tuple[int | None, ...] = ()
    #: each face's corner mark (a player's letter...), None where a face has none, in face order
    face_marks: tuple[str | None, ...] = ()
    #: each face's pattern of grid cells as (row, column) pairs, None where a face shows none, in face order
    face_cells: tuple[tuple[tuple[int, int], ...] | None, ...] = ()


@dataclass(frozen=True)
class DifferenceView:
    """One entry of ``ResolvedDeck.differences`` with the names a sentence needs."""

    kind: str  # players, card, rule, added, removed, count, changed, clarification, house_rule
    field: str
    old: Any
    new: Any
    name: str | None  # the component's name (variant's, or the base's for removed ones)


@dataclass(frozen=True)
class RulebookContext:
    """Everything a rulebook template may print, for one deck and one language."""

    lang: str
    deck_id: str
    game: str
    name: str
    description: str
    is_variant: bool
    #: the base game's name, as running text names it: never broken at its " & " ("Draco / & Co", round 13)
    base_name: str | None
    base_description: str | None
    #: the cover's line where the deck or variant gives its own (``tagline``), else None
    tagline: str | None
    designers: list[str]
    publisher: str
    #: the game's other published titles ("Party at Louis" for Royale), as the credits name them
    also_known_as: list[str]
    year: str  # a string, so that it is never formatted as a number (2003, not 2 003)
    players: Any  # schema.Players: .min, .max, .counts
    #: schema.BoxFacts (.age, .minutes.min/.max, .ours: the figures that are this edition's), or None
    box: Any
    #: a variant no published text describes: the book labels it a house rule of this edition
    house_variant: bool
    rules: Any  # the game's rules model: attribute access to every rule number
    rule_values: dict[str, Any]
    card: Any  # schema.CardSize
    components: list[ComponentView]
    totals: dict[str, int]
    #: the base game's pieces per kind (a variant's book compares its card count with them); empty for a base deck
    base_totals: dict[str, int]
    clarifications: dict[str, str]
    #: this edition's decisions that are not rule gaps (deck ``rulings``), id -> text
    rulings: dict[str, str]
    #: the rule numbers (``rules.*`` field names) each ruling concerns, id -> names
    ruling_rules: dict[str, list[str]]
    differences: list[DifferenceView]
    reconstruction: bool  # some component or deck fact is a designed reconstruction
    by_role: dict[str, list[ComponentView]] = field(default_factory=dict)
    by_group: dict[str, list[ComponentView]] = field(default_factory=dict)
    #: the deck's house rule (``code:``) in players' words; "" without one
    house_rule: str = ""
    #: part of the book -> its text under the deck's house rule (``book:``), printed in place of the base text
    book: dict[str, str] = field(default_factory=dict)
    #: the worked examples, played by the deck's own engine, house rule included (``GameSpec.book_examples``)
    examples: dict[str, Any] = field(default_factory=dict)

    @property
    def cards(self) -> list[ComponentView]:
        """Card components only, in deck order."""
        return [c for c in self.components if c.kind == "card"]

    @property
    def total_cards(self) -> int:
        return self.totals.get("card", 0)

    def as_dict(self) -> dict[str, Any]:
        """The template namespace: every field plus the derived ones."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["cards"] = self.cards
        out["total_cards"] = self.total_cards
        return out


def _role(component: Any) -> str | None:
    data = component.data
    return getattr(data, "role", None) if data is not None else None


def component_view(resolved: ResolvedDeck, component: Any, lang: str) -> ComponentView:
    """A component of ``resolved`` with its texts in ``lang``."""
    face = component.faces[0]
    colours = resolved.model.colours
    colour = colours[face.colour].name[lang] if face.colour in colours else None
    return ComponentView(
        id=component.id, kind=component.kind, count=component.count, name=typography(component.name[lang], lang),
        role=_role(component), group=component.group, colour=colour, symbol=face.symbol,
        value=face.value, points=face.points, text=typography(face.text[lang], lang) if face.text else None,
        has_back=component.back is not None or len(component.faces) == 2,
        reconstruction=component.reconstruction is not None,
        data=component.data, face_data=tuple(f.data for f in component.faces),
        face_texts=tuple(_generated(resolved, component, f, lang) for f in component.faces),
        face_titles=tuple(typography(f.title[lang], lang) if f.title else None for f in component.faces),
        face_points=tuple(f.points for f in component.faces),
        face_marks=tuple(f.mark for f in component.faces),
        face_cells=tuple(tuple((r, c) for r, c in f.pattern.cells) if f.pattern else None for f in component.faces))


def _generated(resolved: ResolvedDeck, component: Any, face: Any, lang: str) -> str | None:
    """The rules text the game writes for ``face`` (as printed on the card), with the book's typography."""
    text = resolved.spec.face_text(resolved, component, face, lang)
    return typography(text, lang) if text else None


def ruling_text(ruling: Any, lang: str, rule_values: dict[str, Any]) -> str:
    """A ruling's text in ``lang`` with the numbers of the rules it names filled in.

    A ruling that states a rule number writes it as ``{rule_name}`` and lists the rule in its
    ``rules``: "the king must still have at least {emerald_portions} portions" prints the
    variant's number (3 in Hungry Dragon), never a figure typed into the sentence.
    """
    from babel.numbers import format_decimal

    from cardgen.languages import locale

    text = ruling.text[lang]
    for name in ruling.rules:
        if "{" + name + "}" in text:
            value = rule_values[name]
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            text = text.replace("{" + name + "}", format_decimal(value, locale=locale(lang)) if number else str(value))
    return typography(text, lang)


def difference_views(resolved: ResolvedDeck, lang: str) -> list[DifferenceView]:
    """The variant's differences, each with the component name it concerns."""
    names = {}
    if resolved.base is not None:
        names.update({c.id: typography(c.name[lang], lang) for c in resolved.base.model.components})
    names.update({c.id: typography(c.name[lang], lang) for c in resolved.model.components})
    return [DifferenceView(d["kind"], d["field"], d["old"], d["new"], names.get(d["field"]))
            for d in resolved.differences]


def build_context(resolved: ResolvedDeck, lang: str) -> RulebookContext:
    """The context of ``resolved``'s rulebook in ``lang``."""
    model = resolved.model
    views = [component_view(resolved, c, lang) for c in model.components]
    by_role: dict[str, list[ComponentView]] = defaultdict(list)
    by_group: dict[str, list[ComponentView]] = defaultdict(list)
    for v in views:
        if v.role is not None:
            by_role[v.role].append(v)
        if v.group is not None:
            by_group[v.group].append(v)
    base = resolved.base
    rule_values = model.rules.model_dump(mode="json")
    return RulebookContext(
        lang=lang, deck_id=resolved.id, game=resolved.game,
        name=typography(model.name[lang], lang),
        description=typography(model.description[lang], lang) if model.description else "",
        is_variant=resolved.kind == "variant",
        base_name=typography(base.model.name[lang], lang).replace(" & ", "\u00a0&\u00a0") if base is not None else None,
        base_description=(typography(base.model.description[lang], lang)
                          if base is not None and base.model.description else None),
        tagline=typography(model.tagline[lang], lang) if model.tagline else None,
        designers=list(model.credits.designers), publisher=model.credits.publisher,
        also_known_as=list(model.credits.also_known_as),
        year=str(model.credits.year), players=model.players, box=model.box,
        house_variant=resolved.kind == "variant" and model.house_variant, rules=model.rules,
        rule_values=rule_values, card=model.card,
        components=views, totals=totals(resolved), base_totals=totals(base) if base is not None else {},
        clarifications={k: typography(c.text[lang], lang) for k, c in sorted(model.clarifications.items())},
        rulings={k: ruling_text(r, lang, rule_values) for k, r in sorted(model.rulings.items())},
        ruling_rules={k: list(r.rules) for k, r in sorted(model.rulings.items())},
        differences=difference_views(resolved, lang),
        reconstruction=bool(model.reconstruction) or any(v.reconstruction for v in views),
        by_role=dict(by_role), by_group=dict(by_group),
        house_rule=typography(model.house_rule[lang], lang) if getattr(model, "house_rule", None) else "",
        book={k: typography(t[lang], lang) for k, t in (getattr(model, "book", None) or {}).items()},
        examples=worked_examples(resolved))


def worked_examples(resolved: ResolvedDeck) -> dict[str, Any]:
    """The book's worked examples, each a scripted situation the deck's engine plays (its house rule too).

    A deck the engine refuses to set up (``check`` says why) gets a book without them; an error in
    the house rule itself (``UserCodeError``) stops the build in one line, as playing would.
    """
    from cardgen.errors import InputError

    play = resolved.spec.book_examples
    if play is None:
        return {}
    from cardgen.house import house_game

    try:
        return play(resolved, lambda players: house_game(resolved, players))
    except (InputError, ValueError):
        return {}
