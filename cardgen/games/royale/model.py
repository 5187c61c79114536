"""Royale's rule numbers, component data and noble requirements, as deck files declare them.

Three models plug into the generic deck schema:

* ``RoyaleRules``: every number of the rules a variant may change (grid size, packets,
  end-of-banquet draws, imposter uses, noble side, solo mode, score bands...).
* ``RoyaleComponent``: what a component is for the rules (a dish of some type, a noble
  or imposter of some player, a solo card, the end-of-banquet card).
* ``NobleFace``: the structured requirement printed on one side of a noble, in the
  small vocabulary documented in ``docs/royale.md`` (a list of *services*).
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from cardgen.errors import KeyedValueError
from cardgen.model.schema import Id, Span, Strict, Text

#: A player icon printed on nobles and imposters ("A" to "D" in the box).
Owner = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]

TakeShape = Literal["row", "column", "diagonal"]
Side = Literal["unmasked", "masked"]


class ScoreBand(Span):
    """One step of the solo scale: a score range (``min`` never above ``max``) and the title it earns."""

    min: int = Field(ge=0, le=999)
    max: int = Field(ge=0, le=999)
    title: Text


class RoyaleRules(Strict):
    """Every number of the Royale rules a variant may change."""

    grid_rows: int = Field(default=3, ge=1, le=6, description="rows of the buffet grid")
    grid_cols: int = Field(default=3, ge=1, le=6, description="columns of the buffet grid")
    cards_per_take: int = Field(default=3, ge=1, le=12,
                                description="dish cards one take gives (a full line of the grid)")
    take_shapes: list[TakeShape] = Field(default_factory=lambda: ["row", "column"], min_length=1,
                                         description="which lines of the grid a player may take")
    packets: int = Field(default=3, ge=1, le=10, description="packets the dish cards are split into")
    end_packet_setup: int = Field(default=3, ge=1, le=10,
                                  description="position from the top of the packet holding the "
                                              "end-of-banquet card at set-up (3 = bottom)")
    end_packet_reshuffle: int = Field(default=2, ge=1, le=10,
                                      description="its position after a reshuffle (2 = middle)")
    end_card_draws: int = Field(default=2, ge=1, le=5,
                                description="draw of the end-of-banquet card that ends the game; "
                                            "every earlier draw reshuffles the discards into the pile")
    imposter_uses: int = Field(default=1, ge=0, le=5, description="times a player may use their imposter")
    imposter_rotations: list[Literal[0, 90, 180, 270]] = Field(
        default_factory=lambda: [0, 90, 180, 270], min_length=1,
        description="quarter turns (degrees) the imposter pattern may be given")
    imposter_slide: bool = Field(default=False,
                                 description="the pattern may also be shifted anywhere it fits on the grid")
    nobles_per_player: int = Field(default=6, ge=1, le=12, description="nobles each player serves")
    noble_side: Side = Field(default="unmasked", description="which side of the nobles is in play")
    voluntary_clearing: bool = Field(default=True,
                                     description="after serving, a player may clear nobles of their own choice")
    solo: bool = Field(default=True, description="a one-player game uses the solo mode (ghost player, "
                                                 "fixed turns, score bands); off: the normal rules alone")
    solo_turns: int = Field(default=9, ge=1, le=50, description="turns of the player in a solo game")
    ghost_cells: int = Field(default=3, ge=1, le=36, description="grid cells a solo card names")
    ghost_cards_per_turn: int = Field(default=1, ge=1, le=5, description="solo cards the ghost reveals per turn")
    solo_end_card: bool = Field(default=False, description="the end-of-banquet card is used in solo games")
    score_bands: list[ScoreBand] = Field(default_factory=list, description="the solo scale, best band first")

    @model_validator(mode="after")
    def _consistent(self) -> "RoyaleRules":
        for name in ("end_packet_setup", "end_packet_reshuffle"):
            if getattr(self, name) > self.packets:
                raise KeyedValueError(f"{name} ({getattr(self, name)}) names a packet beyond the {self.packets} "
                                      "packets", key="royale_packet_beyond",
                                      fields={"name": name, "value": getattr(self, name), "packets": self.packets})
        if len(set(self.take_shapes)) != len(self.take_shapes):
            raise KeyedValueError("take_shapes lists a shape twice", key="royale_shape_twice")
        if len(set(self.imposter_rotations)) != len(self.imposter_rotations):
            raise KeyedValueError("imposter_rotations lists a rotation twice", key="royale_rotation_twice")
        spans = sorted((b.min, b.max) for b in self.score_bands)
        for (lo1, hi1), (lo2, _) in zip(spans, spans[1:]):
            if lo2 <= hi1:
                raise KeyedValueError(f"score bands {lo1}-{hi1} and {lo2}-... overlap", key="royale_bands_overlap",
                                      fields={"lo1": lo1, "hi1": hi1, "lo2": lo2})
        return self


class RoyaleComponent(Strict):
    """What a Royale component is for the rules."""

    role: Literal["dish", "noble", "imposter", "solo", "end"]
    dish: Id | None = Field(default=None, description="dish type of a dish card (dessert, drink...)")
    wild: bool = Field(default=False, description="this dish type stands for any other (abundance)")
    owner: Owner | None = Field(default=None, description="player icon of a noble or imposter")

    @model_validator(mode="after")
    def _fields(self) -> "RoyaleComponent":
        if self.role == "dish" and self.dish is None:
            raise KeyedValueError("a dish card needs its 'dish' type", key="royale_dish_type_missing")
        if self.role != "dish" and (self.dish is not None or self.wild):
            raise KeyedValueError(f"only dish cards have 'dish'/'wild' (role is {self.role})", key="royale_dish_only",
                                  fields={"role": self.role})
        if self.role in ("noble", "imposter") and self.owner is None:
            raise KeyedValueError(f"a {self.role} card needs its player icon 'owner'", key="royale_owner_missing",
                                  fields={"role": self.role})
        if self.role not in ("noble", "imposter") and self.owner is not None:
            raise KeyedValueError(f"only nobles and imposters have an 'owner' (role is {self.role})",
                                  key="royale_owner_only", fields={"role": self.role})
        return self


class SumRule(Strict):
    """A bound on the total value of a service's cards."""

    lt: int | None = Field(default=None, description="total strictly less than")
    gt: int | None = Field(default=None, description="total strictly greater than")
    eq: int | None = Field(default=None, description="total exactly")

    @model_validator(mode="after")
    def _one(self) -> "SumRule":
        if self.lt is None and self.gt is None and self.eq is None:
            raise KeyedValueError("a sum needs one of lt, gt, eq", key="royale_sum_bound")
        if self.eq is not None and (self.lt is not None or self.gt is not None):
            raise KeyedValueError("a sum with 'eq' takes no other bound", key="royale_sum_eq_alone")
        return self


class Service(Strict):
    """A group of dish cards under a noble and what it must be.

    Abundance (wild) cards count as any dish type unless ``wild`` is false, in which
    case they may not be in the service at all. ``order``, ``first`` and ``last`` are
    about play order: a requirement using them is *ordered*, its services are filled
    one after the other in the order the cards were played.
    """

    cards: int | None = Field(default=None, ge=1, le=12,
                              description="exact number of cards; none: any number (needs sum.eq)")
    colour: Id | None = Field(default=None, description="every card is of this dish type")
    include: dict[Id, Annotated[int, Field(ge=1, le=12)]] = Field(
        default_factory=dict, description="at least n cards of these dish types")
    same_value: bool = Field(default=False, description="all cards have the same value")
    parity: Literal["even", "odd", "same"] | None = Field(
        default=None, description="all values even, all odd, or all of the same parity")
    sum: SumRule | None = None
    order: Literal["ascending", "descending"] | None = Field(
        default=None, description="values strictly rising or falling in play order")
    first: Id | None = Field(default=None, description="dish type of the first card played")
    last: Id | None = Field(default=None, description="dish type of the last card played")
    two_sum_to_third: bool = Field(default=False, description="two of the three values add up to the third")
    distinct_types: bool = Field(default=False, description="no two cards of the same dish type")
    wild: bool = Field(default=True, description="abundance cards may be played and count as any type")

    @model_validator(mode="after")
    def _sound(self) -> "Service":
        if self.cards is None and (self.sum is None or self.sum.eq is None):
            raise KeyedValueError("a service with any number of cards needs 'sum: {eq: ...}' to bound it",
                                  key="royale_service_any")
        if self.two_sum_to_third and self.cards != 3:
            raise KeyedValueError("two_sum_to_third needs exactly 3 cards", key="royale_two_sum_three")
        if self.cards is not None and sum(self.include.values()) > self.cards:
            raise KeyedValueError("include asks for more cards than the service has", key="royale_include_more")
        return self

    @property
    def ordered(self) -> bool:
        return self.order is not None or self.first is not None or self.last is not None

    def types_named(self) -> list[str]:
        """Every dish type this service names (for reference checks and classes)."""
        out = [t for t in (self.colour, self.first, self.last) if t is not None]
        return out + list(self.include)


class NobleFace(Strict):
    """One side of a noble: which side it is and its requirement, as services."""

    side: Side
    services: list[Service] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _sequence(self) -> "NobleFace":
        if self.ordered:
            for s in self.services[:-1]:
                if s.cards is None:
                    raise KeyedValueError("in an ordered requirement only the last service may have any number of "
                                          "cards", key="royale_ordered_last")
        return self

    @property
    def ordered(self) -> bool:
        """True when play order matters: services are then filled one after the other."""
        return any(s.ordered for s in self.services)
