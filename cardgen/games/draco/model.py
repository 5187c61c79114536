"""Draco & Co's rule numbers, component data and action-effect vocabulary.

Everything a variant could change is a field here and is read from the deck: the
engine (``engine.py``), the card texts (``text.py``) and the static checks
(``checks.py``) never write a rule number of their own. The action-effect
vocabulary is documented for designers in ``docs/draco.md``.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from cardgen.errors import KeyedValueError
from cardgen.model.schema import Id, Strict

Side = Literal["right", "left"]
Role = Literal["lair", "character", "special", "draco", "action", "coin", "cup", "die"]
SpecialId = Literal["zork", "jean", "sarah"]


class DracoRules(Strict):
    """Every number of the Draco & Co rules a variant may change."""

    hand_size: int = Field(default=5, ge=1, le=20, description="action cards each player is dealt")
    starting_gold: int = Field(default=1, ge=0, le=20, description="gold coins each player starts with")
    silver_per_gold: int = Field(default=3, ge=2, le=20, description="silver coins one gold coin is worth")
    toast_payouts: list[int] = Field(
        default_factory=lambda: [4, 3, 2, 1], min_length=1, max_length=12,
        description="silver the bank pays the first seats at a toast, first seat first")
    toast_costs: list[int] = Field(
        default_factory=lambda: [2, 1], min_length=0, max_length=12,
        description="silver the last seats pay the bank at a toast, last seat first")
    zork_multiplier: int = Field(default=2, ge=0, le=10,
                                 description="how many times his debt the richest player pays for Zork")
    sarah_draw: int = Field(default=1, ge=0, le=5,
                            description="action cards each of Aunt Sarah's neighbours draws at a toast")
    pile_rebuilds: int = Field(default=1, ge=0, le=10,
                               description="times the discards are shuffled into a new draw pile")
    cards_set_aside: int = Field(default=0, ge=0, le=500,
                                 description="action cards put back in the box unseen at set-up (shorter game)")
    draco_start: Side = Field(default="right", description="hand holding Draco's cup at set-up")
    cup_start: Literal["last_player", "centre"] = Field(
        default="last_player", description="where the cup starts: before the last player to play, or in the centre")

    @model_validator(mode="after")
    def _amounts(self) -> "DracoRules":
        if any(v < 0 for v in self.toast_payouts) or any(v < 0 for v in self.toast_costs):
            raise KeyedValueError("toast payouts and costs are amounts of silver: none may be negative",
                                  key="draco_negative_amounts")
        return self


class DracoPiece(Strict):
    """What a component is for the rules: its role, colour, special identity, coin value."""

    role: Role
    colour: Id | None = Field(default=None, description="player colour of a lair or character")
    special: SpecialId | None = Field(default=None, description="which special character")
    silver: int | None = Field(default=None, ge=1, le=100, description="a coin's worth in silver")

    @model_validator(mode="after")
    def _fields(self) -> "DracoPiece":
        if self.role in ("lair", "character") and self.colour is None:
            raise KeyedValueError(f"a {self.role} needs a 'colour'", key="draco_colour_needed",
                                  fields={"role": self.role})
        if self.role not in ("lair", "character") and self.colour is not None:
            raise KeyedValueError(f"a {self.role} has no 'colour'", key="draco_colour_only", fields={"role": self.role})
        if (self.role == "special") != (self.special is not None):
            raise KeyedValueError("'special' is set on special characters and only on them", key="draco_special_only")
        if (self.role == "coin") != (self.silver is not None):
            raise KeyedValueError("'silver' (worth in silver) is set on coins and only on them",
                                  key="draco_silver_only")
        return self


# -- the action-effect vocabulary ------------------------------------------------------
class Flag(Strict):
    """An effect without parameters, written ``{}``."""


class Move(Strict):
    """Move one character a fixed number of seats."""

    which: Literal["own", "any"] = Field(description="one of your characters, or any character but Draco")
    steps: int = Field(ge=1, le=30)
    direction: Literal["forward", "back"] = Field(description="forward = towards the first seat")


class RollAndMove(Strict):
    """Roll the die, then move one character that many seats (chosen after the roll)."""

    which: Literal["own", "any"] = "own"
    direction: Literal["forward", "back"] = "forward"


class Split(Strict):
    """One of your characters moves forward, the other moves back."""

    forward: int = Field(ge=0, le=30)
    back: int = Field(ge=0, le=30)


class Steal(Strict):
    """Take silver from another player."""

    silver: int = Field(ge=1, le=30)


class Swap(Strict):
    """Swap one of your characters with another character (never Draco)."""

    reach: Literal["adjacent", "any"]


class CoinDrop(Strict):
    """Roll the die ``coins`` times; each roll pays ``silver`` to the seat it names."""

    coins: int = Field(ge=1, le=10)
    silver: int = Field(ge=1, le=30)


class DiceDuel(Strict):
    """You and another player roll; the higher roll takes ``silver`` from the other."""

    silver: int = Field(ge=1, le=30)


#: effect key -> parameter model, in the order docs/draco.md lists them
EFFECTS: dict[str, type[Strict]] = {
    "move": Move, "roll_and_move": RollAndMove, "split": Split, "both_beside_draco": Flag,
    "reseat_all": Flag, "arrange_specials": Flag, "steal": Steal, "flip_draco": Flag,
    "swap": Swap, "cup_to_centre": Flag, "coin_drop": CoinDrop, "dice_duel": DiceDuel,
}

#: effects that roll the die
ROLL_EFFECTS = ("roll_and_move", "coin_drop", "dice_duel")


class DracoFace(Strict):
    """Face data: an action card's effect (exactly one key), or the cup hand of a Draco face."""

    cup_hand: Side | None = Field(default=None, description="Draco faces: the hand holding the cup")
    move: Move | None = None
    roll_and_move: RollAndMove | None = None
    split: Split | None = None
    both_beside_draco: Flag | None = None
    reseat_all: Flag | None = None
    arrange_specials: Flag | None = None
    steal: Steal | None = None
    flip_draco: Flag | None = None
    swap: Swap | None = None
    cup_to_centre: Flag | None = None
    coin_drop: CoinDrop | None = None
    dice_duel: DiceDuel | None = None

    @model_validator(mode="after")
    def _one_effect(self) -> "DracoFace":
        keys = [k for k in EFFECTS if getattr(self, k) is not None]
        if len(keys) > 1:
            raise KeyedValueError(f"an action has one effect, found {', '.join(keys)}", key="draco_one_effect",
                                  fields={"effects": ", ".join(keys)})
        if keys and self.cup_hand is not None:
            raise KeyedValueError("a face is either a Draco face (cup_hand) or an action (effect), not both",
                                  key="draco_face_both")
        return self

    @property
    def effect(self) -> tuple[str, Strict] | None:
        """``(effect key, parameters)`` of an action face, or None."""
        for key in EFFECTS:
            value = getattr(self, key)
            if value is not None:
                return key, value
        return None
