"""The deck and variant schema, declared once.

Every deck file (``decks/<game>.yaml``) and variant file (``variants/<game>/*.yaml``)
is validated against these models; the JSON Schema that ``cardgen schema`` prints
and the error messages the loader gives are both derived from them.

The models are generic in three game-specific parts, which each rules package
(``cardgen/games/<game>/``) declares: the rule numbers (``rules``), the structured
data a component carries (``data``, e.g. a dish type) and the structured data a
card face carries (``face.data``, e.g. a noble's requirement or an action's effect).
``deck_model`` builds the concrete model of one game from them.
"""
from __future__ import annotations

import re

from functools import cache
from string import Formatter
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, create_model, model_validator

from cardgen.errors import KeyedValueError, worded
from cardgen.languages import CODE_PATTERN, SHIPPED

#: The languages of the shipped games (their rulebook catalogs and generated card texts).
LANGS: tuple[str, ...] = SHIPPED
#: One of the shipped languages: its values come from ``cardgen.languages.SHIPPED`` (a tuple subscript is the
#: same ``Literal`` as the values written out, so the JSON Schema still lists them as an enum)
Lang = Literal[SHIPPED]  # type: ignore[valid-type]
#: A language of a designer's own deck (print-only or with a project rules file): any code with a
#: Babel locale and a pyphen dictionary, which the resolver checks (``cardgen.languages.problem``).
#: The pattern is the JSON Schema's (for editors); the resolver says what a code that does not match meant.
LangCode = Annotated[str, StringConstraints(min_length=1, max_length=10), Field(json_schema_extra={"pattern": CODE_PATTERN})]

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]
NonEmpty = Annotated[str, StringConstraints(min_length=1, max_length=2000)]
AssetPath = Annotated[str, StringConstraints(min_length=1, max_length=300)]


class Strict(BaseModel):
    """Base of every model: unknown keys are errors, no silent type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class Text(Strict):
    """A text players read, in each language of its deck.

    Every field is optional here because a deck declares its own ``languages``;
    the resolver then requires each text to have exactly those
    (``cardgen.resolve.resolve.language_problems``), with the line of the text.
    fr, it and en are declared (the shipped games' languages); any other language
    code is an extra key (``de: ...``), which the resolver checks is a language.
    """

    model_config = ConfigDict(extra="allow", json_schema_extra={"minProperties": 1,
                                                                "propertyNames": {"pattern": CODE_PATTERN}})
    __pydantic_extra__: dict[LangCode, NonEmpty] = Field(init=False)  # type: ignore[assignment]

    fr: NonEmpty | None = None
    it: NonEmpty | None = None
    en: NonEmpty | None = None

    def __getitem__(self, lang: str) -> str:
        return getattr(self, lang)

    def get(self, lang: str) -> str | None:
        """The text in ``lang``, or None where it is not written."""
        return getattr(self, lang, None)

    def langs(self) -> list[str]:
        """The languages this text is written in."""
        return [k for k, v in self.model_dump().items() if v is not None]

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:  # type: ignore[override]
        """Only the languages written (a one-language deck dumps one key)."""
        kwargs.setdefault("exclude_none", True)
        return super().model_dump(**kwargs)


class Span(Strict):
    """A range ``min``..``max`` (players, minutes): ``min`` never above ``max``."""

    min: int
    max: int

    @model_validator(mode="after")
    def _ordered(self) -> "Span":
        if self.min > self.max:
            raise KeyedValueError(f"min ({self.min}) must not exceed max ({self.max})", key="span_order",
                                  fields={"min": self.min, "max": self.max})
        return self


class Players(Span):
    """How many people can play."""

    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)

    @property
    def counts(self) -> list[int]:
        return list(range(self.min, self.max + 1))


class CardSize(Strict):
    """Physical card geometry; poker size with 3 mm bleed unless a deck says otherwise."""

    width_mm: float = Field(default=63.5, ge=20, le=300)
    height_mm: float = Field(default=88.9, ge=20, le=300)
    bleed_mm: float = Field(default=3.0, ge=0, le=10)
    safe_mm: float = Field(default=4.0, ge=0, le=20, description="margin inside the trim kept free of text")
    corner_radius_mm: float = Field(default=3.0, ge=0, le=20)


class Colour(Strict):
    """A colour components refer to by id, with its name in every language."""

    rgb: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
    name: Text


class Pattern(Strict):
    """A set of cells on a grid, e.g. the cells an imposter or solo card names."""

    rows: int = Field(default=3, ge=1, le=12)
    cols: int = Field(default=3, ge=1, le=12)
    cells: list[Annotated[list[int], Field(min_length=2, max_length=2)]] = Field(min_length=1)

    @model_validator(mode="after")
    def _inside(self) -> "Pattern":
        for r, c in self.cells:
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise KeyedValueError(f"cell [{r}, {c}] lies outside the {self.rows}x{self.cols} grid",
                                      key="cell_outside", fields={"r": r, "c": c, "rows": self.rows, "cols": self.cols})
        if len({(r, c) for r, c in self.cells}) != len(self.cells):
            raise KeyedValueError("a cell is listed twice", key="cell_twice")
        return self


FD = TypeVar("FD")
CD = TypeVar("CD")
R = TypeVar("R")


class Face(Strict, Generic[FD]):
    """One printed side of a component."""

    layout: Id = Field(description="which layout in templates/layouts draws this face")
    title: Text | None = None
    text: Text | None = Field(default=None, description="extra text printed on the face (flavour, reminders)")
    colour: Id | None = Field(default=None, description="id of a colour in the deck's palette")
    symbol: Id | None = Field(default=None, description="id of a symbol the renderer draws (cardgen/model/vocab.py)")
    value: int | None = Field(default=None, ge=-99, le=999)
    points: int | None = Field(default=None, ge=-99, le=999)
    mark: Annotated[str, StringConstraints(pattern=r"^\S{1,3}$")] | None = Field(
        default=None, description="a short mark printed in a corner (1 to 3 characters, e.g. the letter of the "
                                  "player a set-up sorts the card to); its layout needs a mark box")
    pattern: Pattern | None = None
    art: AssetPath | None = Field(default=None, description="image file, relative to the project folder")
    data: FD | None = Field(default=None, description="game-specific structured data of this face")


class ValueRange(Strict):
    """Expands one component into one per value, e.g. dish cards valued 1 to 12."""

    start: int = Field(alias="from", ge=-99, le=999)
    stop: int = Field(alias="to", ge=-99, le=999)

    @model_validator(mode="after")
    def _ordered(self) -> "ValueRange":
        if self.start > self.stop:
            raise KeyedValueError(f"'from' ({self.start}) must not exceed 'to' ({self.stop})", key="range_order",
                                  fields={"start": self.start, "stop": self.stop})
        if self.stop - self.start > 200:
            raise KeyedValueError("a value range may span at most 200 values", key="range_span")
        return self


ComponentKind = Literal["card", "token", "die"]


class WhenShort(Strict):
    """What this edition's rulebook rules when the box runs out of a component: the clarification that settles
    it (its key) and the component's name in running text, plural and lower case ("silver coins"). A shortage
    warning then says the book's ruling covers those games instead of only asking for more copies."""

    ruling: Id = Field(description="the key of the clarification that rules what happens when the box runs out")
    name: Text | None = Field(default=None, description="the component's plural name in running text, as the "
                              "rulebook names it, where it differs from the component's own 'plural'")


class Component(Strict, Generic[CD, FD]):
    """A physical component type: ``count`` identical copies of it are in the box."""

    id: Id
    kind: ComponentKind
    count: int = Field(ge=0, le=1000, description="copies in the box (per value when 'values' is set)")
    name: Text
    plural: Text | None = Field(
        default=None, description="the component's plural name in running text, lower case (\"gold coins\"): what "
        "a number of it reads as (\"print 18 more gold coins\"); without it, a number of copies of its name")
    faces: list[Face[FD]] = Field(min_length=1, max_length=20)
    back: Id | None = Field(default=None, description="id of a shared back; single-faced cards need one")
    values: ValueRange | None = None
    group: Id | None = Field(default=None, description="free grouping, e.g. which player owns the card")
    data: CD | None = Field(default=None, description="game-specific structured data of this component")
    reconstruction: NonEmpty | None = Field(
        default=None, description="set when no public source gives this component: what was designed and why")
    when_short: WhenShort | None = Field(
        default=None, description="the rulebook's ruling for a box that runs out of this component")

    @model_validator(mode="after")
    def _sides(self) -> "Component[CD, FD]":
        if self.kind == "card" and len(self.faces) > 2:
            raise KeyedValueError("a card has at most 2 faces", key="card_faces")
        if self.kind == "token" and len(self.faces) > 2:
            raise KeyedValueError("a token has at most 2 faces", key="token_faces")
        if self.kind == "die" and len(self.faces) < 2:
            raise KeyedValueError("a die needs one face per side (at least 2)", key="die_sides")
        if self.kind == "card" and len(self.faces) == 1 and self.back is None:
            raise KeyedValueError("a single-faced card needs a 'back'", key="card_back")
        if len(self.faces) == 2 and self.back is not None:
            raise KeyedValueError("a two-faced card has no shared 'back': its second face is its back",
                                  key="two_faced_back")
        return self

    @property
    def sides(self) -> int:
        return len(self.faces) if self.kind != "card" else 2 if len(self.faces) == 2 else 1


class Clarification(Strict):
    """How a situation the published rules leave open is settled (engine + rulebook)."""

    resolution: Id = Field(description="the resolution the game's engine applies")
    text: Text = Field(description="the clarification as the rulebook prints it")
    case: Text | None = Field(None, description="the case and how it is settled in a sentence that stands alone, as "
                              "validate's report page lists it apart from the rulebook's text around it (default: "
                              "'text', where that already stands alone)")
    published: Id | None = Field(None, description="the resolution the published rules' own text leads to, where "
                                 "it decides the case: while 'resolution' is that one, validate and its report say "
                                 "the case follows from the published rules, not from this edition's ruling")
    published_in: list[LangCode] = Field(default_factory=list, description="with 'published': the editions (by "
                                         "their language) whose text decides the case, where the others do not "
                                         "say; validate and its report then say it is settled by those editions' "
                                         "rules and that the others do not say, never by 'the published rules' "
                                         "(default: every edition; ignored without 'published')")

class Ruling(Strict):
    """A decision of this edition where the published rules are silent or unclear.

    Clarifications settle rule gaps an engine meets; rulings record every other
    choice we made (a rotation the text does not list, who pays on a tie...). The
    rulebook prints both as this edition's rulings, never as published rules.
    """

    text: Text = Field(description="the ruling as the rulebook prints it; {rule_name} prints a rule number it lists")
    rules: list[Id] = Field(default_factory=list, description="rule numbers (rules.*) it concerns, if any")

    @model_validator(mode="after")
    def _numbers_it_names(self) -> "Ruling":
        for lang in self.text.langs():
            for name in re.findall(r"\{([a-z_][a-z0-9_]*)\}", self.text[lang]):
                if name not in self.rules:
                    raise KeyedValueError(f"text.{lang} prints {{{name}}}, a rule number this ruling does not list"
                                          f" in its rules (rules: [{', '.join([*self.rules, name])}])",
                                          key="ruling_rule",
                                          fields={"lang": lang, "name": name, "rules": ", ".join([*self.rules, name])})
        return self


class Minutes(Span):
    """How long a game lasts, in minutes (a range, as a box prints it)."""

    min: int = Field(ge=1, le=600)
    max: int = Field(ge=1, le=600)


class BoxFacts(Strict):
    """What the side of a game box tells a buyer besides the player count: age and playing time.

    The rulebook's cover prints them; a figure no published source gives is this edition's
    ruling (``ours``) and the cover marks it so.
    """

    age: int = Field(ge=1, le=99, description="the youngest age the game suits")
    minutes: Minutes = Field(description="how long a game lasts")
    ours: list[Literal["age", "minutes"]] = Field(
        default_factory=list, description="the figures no published source gives (this edition's ruling)")


class Credits(Strict):
    """Who made the game and who first published it, as the rulebook's credits print them."""

    designers: list[NonEmpty] = Field(min_length=1)
    publisher: NonEmpty
    year: int = Field(ge=1900, le=2100)
    also_known_as: list[NonEmpty] = Field(
        default_factory=list, description="the game's other published titles (the credits name them: a buyer "
                                          "may know the game by one of them)")


#: a project Python file (house rule), relative to the project folder
CodePath = Annotated[str, StringConstraints(pattern=r"^[^/\\].*\.py$", max_length=300)]
CODE_HELP = ("a Python file of the project (e.g. house/emerald_from_hand.py) defining house rule hooks of the "
             "game's reference engine (docs/authoring.md, 'A house rule in 20 lines'); games then run on the "
             "reference engine")
HOUSE_RULE_HELP = "the house rule that 'code' plays, in players' words; the rulebook prints it"
BOOK_HELP = ("part of the rulebook -> its text under the house rule, in every language: printed in place of "
             "the base text of that part (a hook of 'code' that changes a part needs it)")


#: An action's first word, which names it (``("serve", "ham")`` is a ``serve``): what a deck's ``actions:`` is keyed by.
ACTION_WORD = r"^[A-Za-z][A-Za-z0-9_-]*$"
#: The most words an action carries after its first (``cardgen play`` takes moves of at most 16 words).
ACTION_MORE_WORDS = 15
ACTIONS_HELP = ("the names of the actions the house rule's code (or the project's rules file) adds, as cardgen play "
                "shows them: an action's first word -> its name in every language of the deck; {0}, {1}... print "
                "the action's further words (cards by their names in that language). An action not named here "
                "keeps the game's own name (or a generic one)")

ACTIONS_DONE_HELP = ("the journal's record of each action 'actions:' names, once made: what happened, in the third "
                     "person ('serves Ham to the king' for the button 'Serve the king: Ham'), in every language of "
                     "the deck, the same {0}, {1}... An action not recorded here is recorded by its name")


def _action_word(word: str) -> str:
    """``word`` unchanged if an action can begin with it: one word, never text with spaces or braces."""
    if not re.fullmatch(ACTION_WORD, word):
        raise KeyedValueError(f"'{word[:40]}' is not an action's first word; expected one word of letters, digits, "
                              "_ or - that starts with a letter, as the code's action begins (serve for ('serve', "
                              "'ham'))", key="action_word", fields={"word": word[:40]})
    return word


ActionWord = Annotated[str, StringConstraints(max_length=64), AfterValidator(_action_word),
                       Field(json_schema_extra={"pattern": ACTION_WORD})]


class ActionName(Text):
    """How ``cardgen play`` names one action a deck adds, per language (``Deck.actions``).

    The text is a format string of the action's further words by position: ``{0}`` the word
    after the first (a card id prints as the card's name in the language shown), ``{1}`` the
    next, and so on; ``{{`` and ``}}`` print braces. Placeholders are checked here, so that a
    table never meets a name it cannot print: a word an action cannot have, or a placeholder
    that is not a position, is bad input.
    """

    @model_validator(mode="after")
    def _positions(self) -> "ActionName":
        shown: dict[str, set[str]] = {}  # language -> the positions its text prints
        for lang in self.langs():
            text = self[lang]
            try:
                fields = [(f, spec, conv) for _, f, spec, conv in Formatter().parse(text) if f is not None]
            except ValueError:  # a lone { or }
                raise KeyedValueError(f"{lang}: a lone brace in {text[:60]!r}; expected {{0}}, {{1}}... for the "
                                      "action's words and {{ or }} to print a brace", key="action_brace",
                                      fields={"lang": lang, "text": repr(text[:60])}) from None
            for name, spec, conv in fields:
                if not (name.isascii() and name.isdecimal()) or spec or conv:
                    raise KeyedValueError(f"{lang}: {{{name[:20]}}} names no word of the action; expected {{0}} for "
                                          "its word after the first, {1} the next... ({{ and }} print a brace)",
                                          key="action_placeholder", fields={"lang": lang, "name": name[:20]})
                if int(name) >= ACTION_MORE_WORDS:
                    raise KeyedValueError(f"{lang}: {{{name}}} is beyond the action's words (at most "
                                          f"{ACTION_MORE_WORDS} after the first); expected {{0}} to "
                                          f"{{{ACTION_MORE_WORDS - 1}}}", key="action_beyond",
                                          fields={"lang": lang, "name": name, "most": ACTION_MORE_WORDS,
                                                  "last": ACTION_MORE_WORDS - 1})
            shown[lang] = {name for name, _, _ in fields}
        first = next(iter(shown), None)  # one action, so every translation prints the same words of it
        for lang, names in shown.items():
            if names != shown[first]:
                raise KeyedValueError(f"{lang}: prints {_positions(names)} where {first} prints "
                                      f"{_positions(shown[first])}; expected the same words of the action in every "
                                      "language", key="action_same_words",
                                      fields={"lang": lang, "shown": _positions_worded(names), "first": first,
                                              "first_shown": _positions_worded(shown[first])})
        return self


def _positions(names: set[str]) -> str:
    """Placeholders as a name prints them (``{0}, {2}``), or "no word"."""
    return ", ".join(f"{{{name}}}" for name in sorted(names, key=int)) or "no word"


def _positions_worded(names: set[str]) -> str | dict[str, str]:
    """``_positions`` as an error line's field: the placeholders, or "no word" in each language."""
    return _positions(names) if names else worded("no_word")


#: ``actions:``, an action's first word -> its name; an editor flags a key that is no word (no other key is allowed)
ActionNames = Annotated[dict[ActionWord, ActionName], Field(json_schema_extra={"additionalProperties": False})]


class PlaytestQuestion(Strict):
    """One of the designer's own questions, asked of each person when a ``cardgen play`` game ends."""

    id: Id
    text: Text
    kind: Literal["rating", "text", "yesno"] = Field(default="text", description="rating: 1 to 5; yesno; text")


class Playtest(Strict):
    """What ``cardgen play`` asks the people after a game, beyond its own form (docs/playtest.md)."""

    questions: list[PlaytestQuestion] = Field(default_factory=list, max_length=12)


#: a declared target's range: ``40..60`` (whole or decimal numbers, the low end first)
TARGET_RANGE = r"^\d+(\.\d+)?\.\.\d+(\.\d+)?$"
#: the figures a deck may declare a target for: the game's length and its scores (``cardgen.tune.metrics``' names)
TargetName = Literal["turns", "rounds", "winning_score", "margin"]
#: what ``targets`` is for, in the JSON Schema and the error messages
TARGETS_HELP = ("what the designer aims at, per figure a range LO..HI: the game's length (turns, rounds) or its "
                "scores (winning_score, margin); cardgen fix treats a mean outside it as a problem to cure")


def _target_range(text: str) -> str:
    """``text`` unchanged if it is a range ``LO..HI`` with LO at most HI."""
    if not re.fullmatch(TARGET_RANGE, text):
        raise KeyedValueError(f"'{text[:40]}' is not a range; expected LO..HI with two numbers, e.g. 40..60",
                              key="target_not_range", fields={"text": text[:40]})
    low, high = (float(x) for x in text.split(".."))
    if low > high:
        raise KeyedValueError(f"'{text}': {low:g} is above {high:g}; expected LO..HI with LO at most HI, e.g. 40..60",
                              key="target_order", fields={"text": text, "low": f"{low:g}", "high": f"{high:g}"})
    return text


def _target_text(value: Any) -> Any:
    """A range written as one number (``turns: 50``) said in our words, not the library's."""
    if not isinstance(value, str):
        raise KeyedValueError(f"{str(value)[:40]} is not a range; expected LO..HI with two numbers, e.g. 40..60",
                              key="target_not_text", fields={"value": str(value)[:40]})
    return value


TargetRange = Annotated[str, BeforeValidator(_target_text), StringConstraints(max_length=40), AfterValidator(_target_range),
                        Field(json_schema_extra={"pattern": TARGET_RANGE})]


def target_range(text: str) -> tuple[float, float]:
    """A checked ``TargetRange`` as its two ends."""
    low, high = text.split("..")
    return float(low), float(high)


#: what ``tagline`` is for, in the JSON Schema and the error messages
FLAVOUR_HELP = ("a variant's line of story, apart from its rule: `cardgen compare` prints it above what the variant "
                "changes, where the description (the book's, which states the rule) would say the rule twice; "
                "default: the description's first sentence")
REASONS_HELP = ("why the variant makes a change, by what it changes ('players.min', 'card.width', a rule number's "
                "name, a component id, a clarification's key) -> a sentence in each language, printed after the "
                "change in `cardgen compare`")
TAGLINE_HELP = ("the line under the title on the rulebook's cover, where the game's description no longer fits "
                "this box (a solo variant: no banquet to end); default: the game's description")


class Deck(Strict, Generic[R, CD, FD]):
    """A whole game in the box: every component and every rule number."""

    game: str
    languages: list[Lang] = Field(
        default_factory=lambda: list(LANGS), min_length=1, max_length=len(LANGS),
        description="the languages this deck's texts are written in; build makes these (default: fr, it, en)")
    name: Text
    description: Text | None = None
    tagline: Text | None = Field(default=None, description=TAGLINE_HELP)
    flavour: Text | None = Field(default=None, description=FLAVOUR_HELP)
    reasons: dict[str, Text] = Field(default_factory=dict, description=REASONS_HELP)
    credits: Credits
    players: Players
    box: BoxFacts | None = Field(default=None, description="age and playing time, as the rulebook cover prints them")
    house_variant: bool = Field(
        default=False, description="a variant no published text describes: its rulebook says it is a house rule")
    card: CardSize = Field(default_factory=CardSize)
    colours: dict[Id, Colour] = Field(default_factory=dict)
    backs: dict[Id, Face[FD]] = Field(default_factory=dict)
    components: list[Component[CD, FD]] = Field(min_length=1)
    rules: R
    clarifications: dict[Id, Clarification] = Field(default_factory=dict)
    rulings: dict[Id, Ruling] = Field(
        default_factory=dict, description="this edition's decisions where the published rules are silent")
    reconstruction: list[NonEmpty] = Field(
        default_factory=list, description="what this deck designs where no public source exists")
    code: CodePath | None = Field(default=None, description=CODE_HELP)
    house_rule: Text | None = Field(default=None, description=HOUSE_RULE_HELP)
    playtest: Playtest | None = Field(default=None, description="the designer's questions after a playtest game")
    book: dict[Id, Text] | None = Field(default=None, description=BOOK_HELP)
    actions: ActionNames | None = Field(default=None, description=ACTIONS_HELP)
    actions_done: ActionNames | None = Field(default=None, description=ACTIONS_DONE_HELP)
    targets: dict[TargetName, TargetRange] | None = Field(default=None, description=TARGETS_HELP)

    @model_validator(mode="after")
    def _house_rule_with_its_text(self) -> "Deck[R, CD, FD]":
        if (self.code is None) != (self.house_rule is None):
            raise KeyedValueError("'code' and 'house_rule' go together: the file that plays the house rule and its "
                                  "text in every language of the deck, which the rulebook prints",
                                  key="code_with_house_rule")
        return self

    @model_validator(mode="after")
    def _when_short_names_a_clarification(self) -> "Deck[R, CD, FD]":
        for c in self.components:
            if c.when_short is not None and c.when_short.name is None and c.plural is None:
                raise KeyedValueError(f"component '{c.id}': when_short needs the component's plural name in running "
                                      f"text: give the component a 'plural'", key="when_short_plural",
                                      fields={"component": c.id})
            if c.when_short is not None and c.when_short.ruling not in self.clarifications:
                known = ", ".join(sorted(self.clarifications)) or "none"
                raise KeyedValueError(f"component '{c.id}': when_short.ruling '{c.when_short.ruling}' is no "
                                      f"clarification of this deck; expected one of: {known}", key="when_short_ruling",
                                      fields={"component": c.id, "ruling": c.when_short.ruling, "known": known})
        return self


class NoData(Strict):
    """Placeholder data model for games whose components carry no structured data."""


#: The languages of a deck that brings its own rule text (print-only and project decks): any codes.
OwnLanguages = Annotated[list[LangCode], Field(
    default_factory=lambda: list(LANGS), min_length=1, max_length=20,
    description="the languages this deck's texts are written in, as codes (de, es, pt_BR...); build "
                "makes these (default: fr, it, en)")]
#: The rule text such a deck brings, per language.
OwnRulebook = Annotated[dict[LangCode, AssetPath], Field(
    default_factory=dict, description="language -> rule text file (.md Markdown or .xml booklet markup)")]


@cache
def print_deck_model() -> type[BaseModel]:
    """The model of a print-only deck: a ``game`` field is absent, so no rules package applies.

    Any card kinds, counts, faces and backs; no rule numbers, credits and player
    counts are optional, and the deck may bring its own rule text per language
    (Markdown ``.md`` or booklet markup ``.xml``, typeset like cardgen's rulebooks).
    Built on first use: parametrising the generic deck costs a build of its schema.
    """

    class PrintDeck(Deck[NoData, NoData, NoData]):  # type: ignore[misc]
        __doc__ = print_deck_model.__doc__
        game: None = Field(default=None, description="absent: a print-only deck (no rules package)")
        credits: Credits | None = None  # type: ignore[assignment]
        players: Players | None = None  # type: ignore[assignment]
        rules: NoData = Field(default_factory=NoData)
        languages: OwnLanguages  # type: ignore[assignment]
        rulebook: OwnRulebook

    return PrintDeck


#: A rule number's name in a project rules deck: a Python name, so the rules file reads ``self.rules.<name>``.
RuleName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
RuleNumber = Annotated[int | float | bool | Annotated[str, StringConstraints(max_length=64)],
                      Field(union_mode="left_to_right")]


class ProjectRules(BaseModel):
    """The rule numbers of a deck whose ``game`` is a rules file of its project (``game: rules.py``).

    The file is not read to validate the deck (``build``, ``check``, ``inspect`` never import
    it), so every name is allowed; each value is a number, a yes/no or a short word. The rules
    file reads them as ``self.rules.<name>``, a variant changes them key by key and ``tune``
    searches them like any game's rule numbers.
    """

    model_config = ConfigDict(extra="allow", strict=True)
    __pydantic_extra__: dict[RuleName, RuleNumber] = Field(init=False)  # type: ignore[assignment]


@cache
def project_deck_model() -> type[BaseModel]:
    """The model of a deck whose rules are a file or folder of its project (``game: rules.py``).

    Printed like a print-only deck (its own rule text per language in ``rulebook:``, credits
    optional), plus a player count and the rule numbers the rules file reads (``rules:``).
    """

    class ProjectDeck(Deck[ProjectRules, NoData, NoData]):  # type: ignore[misc]
        __doc__ = project_deck_model.__doc__
        game: Annotated[str, StringConstraints(pattern=r"\.py$|/", max_length=300)] = Field(
            description="the project's rules file (ends in .py) or folder (holds a /)")
        credits: Credits | None = None  # type: ignore[assignment]
        rules: ProjectRules = Field(default_factory=ProjectRules)
        languages: OwnLanguages  # type: ignore[assignment]
        rulebook: OwnRulebook

    return ProjectDeck


@cache
def deck_model(game_id: str, rules: type[BaseModel], component_data: type[Any] | None,
               face_data: type[Any] | None) -> type[BaseModel]:
    """The concrete deck model of one game (``game`` fixed to ``game_id``), built once per process:
    building it costs 10-15 ms, and a build reads a game's deck and each of its variants."""
    base = Deck[rules, component_data or NoData, face_data or NoData]  # type: ignore[valid-type]
    name = "".join(p.capitalize() for p in game_id.split("_")) + "Deck"
    return create_model(name, __base__=base, game=(Literal[game_id], Field(description="rules package")))


class PartialPlayers(Strict):
    min: int | None = Field(default=None, ge=1, le=12)
    max: int | None = Field(default=None, ge=1, le=12)


class Variant(Strict):
    """A house rule or official variant: a base deck (or variant) plus changes.

    Mappings (``rules``, ``card``, ``players``, ``colours``, ``clarifications``, and each
    entry of ``change``) are merged key by key into the base; every other value replaces
    the base's. The result is validated as a full deck.
    """

    extends: Id = Field(description="id of the base deck or variant")
    name: Text
    description: Text = Field(description="what this variant changes, in players' words")
    tagline: Text | None = Field(default=None, description=TAGLINE_HELP)
    flavour: Text | None = Field(default=None, description=FLAVOUR_HELP)
    reasons: dict[str, Text] | None = Field(default=None, description=REASONS_HELP + " (merged into the base's)")
    players: PartialPlayers | None = None
    box: dict[str, Any] | None = Field(default=None, description="age and playing time to override")
    house_variant: bool | None = Field(
        default=None, description="true for a variant no published text describes (a house rule of this edition)")
    card: dict[str, Any] | None = None
    rules: dict[str, Any] | None = Field(default=None, description="rule numbers to override")
    colours: dict[Id, dict[str, Any]] | None = None
    backs: dict[Id, dict[str, Any]] | None = None
    add: list[dict[str, Any]] = Field(default_factory=list, description="new components")
    change: dict[Id, dict[str, Any]] = Field(default_factory=dict, description="component id -> fields to change")
    remove: list[Id] = Field(default_factory=list, description="component ids to take out of the box")
    clarifications: dict[Id, dict[str, Any]] | None = None
    rulings: dict[Id, dict[str, Any]] | None = None
    reconstruction: list[NonEmpty] | None = None
    code: CodePath | None = Field(default=None, description=CODE_HELP)
    house_rule: Text | None = Field(default=None, description=HOUSE_RULE_HELP)
    playtest: Playtest | None = Field(default=None, description="the designer's questions after a playtest game "
                                                                "(replace the base's)")
    book: dict[Id, Text] | None = Field(default=None, description=BOOK_HELP)
    actions: ActionNames | None = Field(
        default=None, description=ACTIONS_HELP + " (merged name by name into the base's)")
    actions_done: ActionNames | None = Field(
        default=None, description=ACTIONS_DONE_HELP + " (merged record by record into the base's)")
    targets: dict[str, Any] | None = Field(
        default=None, description=TARGETS_HELP + " (merged figure by figure into the base's)")
