"""What ``cardgen tune`` may change (``--param``) and what it aims at (``--target``).

A parameter is a rule number of the deck (``rules.<name>``) or a component count
(``count:<component id>``): an integer range ``LO..HI``, a choice ``a|b|c``, or a
yes/no rule named alone. Targets are ranges on the validator's metrics
(``cardgen.tune.metrics``). Everything is checked against the resolved deck before
any game is played, so a typo is one line with a did-you-mean, never a failed run.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from cardgen.errors import InputError, did_you_mean
from cardgen.model.deck import ResolvedDeck

_RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)$")
_FRANGE = re.compile(r"^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)$")
#: Search-space limits: beyond them a study cannot say anything useful in one run.
MAX_CHOICES = 1000
MAX_PARAMS = 12


@dataclass(frozen=True)
class Param:
    """One tunable number: a rule (``kind == "rule"``), a component count (``"count"``) or one of a card's own
    numbers (``"card"``: ``name`` is the component id and the path to the number, ``noble-a1/faces/0/points``)."""

    kind: str
    name: str  # rule name, component id, or component id/path for a card's number
    choices: tuple[Any, ...] | None = None  # categorical values
    low: int | None = None
    high: int | None = None

    @property
    def key(self) -> str:
        """The name users write and reports show: ``emerald_portions``, ``count:emerald`` or
        ``card:noble-a1/faces/0/points``."""
        return self.name if self.kind == "rule" else f"{self.kind}:{self.name}"

    @property
    def component(self) -> str:
        """The component a count or a card's number belongs to."""
        return self.name.split("/", 1)[0]

    @property
    def path(self) -> tuple[str | int, ...]:
        """Where a card's number sits in its component (``("faces", 0, "points")``); () for the others."""
        if self.kind != "card":
            return ()
        return tuple(int(k) if k.isdigit() else k for k in self.name.split("/")[1:])


@dataclass(frozen=True)
class Target:
    """A metric that should land in ``[low, high]``."""

    metric: str
    low: float
    high: float

    def distance(self, value: float | None) -> float:
        """How far ``value`` is outside the range, in units of the range's width (0 inside)."""
        if value is None or math.isnan(value):
            return math.inf
        width = max(self.high - self.low, 1e-9)
        if value < self.low:
            return (self.low - value) / width
        if value > self.high:
            return (value - self.high) / width
        return 0.0


def _split(text: str, flag: str) -> tuple[str, str | None]:
    name, sep, value = text.partition("=")
    name = name.strip()
    if not name:
        raise InputError(f"{flag} '{text}': expected NAME=LO..HI", field=flag,
                         key="range_shape", fields={"flag": flag, "text": text})
    return name, (value.strip() if sep else None)


def _coerce(value: str, like: Any) -> Any:
    """A choice written on the command line, as the type of the rule's current value."""
    if isinstance(like, bool):
        if value.lower() in ("true", "yes", "1"):
            return True
        if value.lower() in ("false", "no", "0"):
            return False
        raise ValueError(value)
    if isinstance(like, int):
        return int(value)
    if isinstance(like, float):
        return float(value)
    return value


def parse_param(text: str, deck: ResolvedDeck) -> Param:
    """``RULE=LO..HI``, ``RULE=a|b|c``, ``RULE`` (yes/no) or ``count:COMPONENT=LO..HI``."""
    name, value = _split(text, "--param")
    if name.startswith("count:"):
        cid = name[len("count:"):]
        ids = [c.id for c in deck.model.components]
        if cid not in ids:
            raise InputError(f"'{text}': no component '{cid}' in {deck.id}", field="--param",
                             hint=did_you_mean(cid, ids) and f"count:{did_you_mean(cid, ids)}",
                             key="param_no_component", fields={"text": text, "name": cid, "deck": deck.id})
        m = _RANGE.match(value or "")
        if not m:
            raise InputError(f"'{text}': expected count:{cid}=LO..HI (whole numbers)", field="--param",
                             key="count_shape", fields={"text": text, "id": cid})
        low, high = int(m.group(1)), int(m.group(2))
        if not 0 <= low <= high <= 10_000:
            raise InputError(f"'{text}': expected 0 <= LO <= HI <= 10000", field="--param",
                             key="count_bounds", fields={"text": text})
        return Param("count", cid, low=low, high=high)
    rules = deck.model.rules.model_dump()
    if name not in rules:
        raise InputError(f"'{text}': '{name}' is no rule number of {deck.id} ({deck.game}); expected one of "
                         f"{', '.join(sorted(rules))} or count:COMPONENT", field="--param",
                         hint=did_you_mean(name, rules), key="param_no_rule",
                         fields={"text": text, "name": name, "deck": deck.id, "game": deck.game,
                                 "rules": ", ".join(sorted(rules))})
    current = rules[name]
    if value is None:
        if not isinstance(current, bool):
            raise InputError(f"'{name}': expected {name}=LO..HI or {name}=a|b|c", field="--param",
                             key="param_shape", fields={"name": name})
        return Param("rule", name, choices=(False, True))
    m = _RANGE.match(value)
    if m and isinstance(current, int) and not isinstance(current, bool):
        low, high = int(m.group(1)), int(m.group(2))
        if low > high:
            raise InputError(f"'{text}': LO is above HI", field="--param", key="lo_above_hi", fields={"text": text})
        return Param("rule", name, low=low, high=high)
    try:
        choices = tuple(dict.fromkeys(_coerce(v.strip(), current) for v in value.split("|") if v.strip()))
    except ValueError:
        raise InputError(f"'{text}': '{value}' does not fit {name} (now {current!r})", field="--param",
                         key="param_no_fit", fields={"text": text, "value": value, "name": name,
                                                     "current": repr(current)}) from None
    if not choices or len(choices) > MAX_CHOICES:
        raise InputError(f"'{text}': expected between 1 and {MAX_CHOICES} choices", field="--param",
                         key="choices_count", fields={"text": text, "most": MAX_CHOICES})
    return Param("rule", name, choices=choices)


def parse_target(text: str, known: list[str]) -> Target:
    """``METRIC=LO..HI`` with numbers (decimals allowed); ``known`` lists valid metric names."""
    name, value = _split(text, "--target")
    if name not in known and not any(name.startswith(p) for p in ("gap:", "peak:", "end:")):
        raise InputError(f"'{text}': unknown metric '{name}'; expected one of {', '.join(known)}, "
                         "gap:KIND, peak:NAME or end:REASON", field="--target", hint=did_you_mean(name, known),
                         key="unknown_metric", fields={"text": text, "name": name, "known": ", ".join(known)})
    m = _FRANGE.match(value or "")
    if not m:
        raise InputError(f"'{text}': expected {name}=LO..HI", field="--target",
                         key="target_shape", fields={"text": text, "name": name})
    low, high = float(m.group(1)), float(m.group(2))
    if low > high:
        raise InputError(f"'{text}': LO is above HI", field="--target", key="lo_above_hi", fields={"text": text})
    return Target(name, low, high)


def check_space(params: list[Param], targets: list[Target]) -> None:
    """At least one of each, no parameter twice, a space small enough to mean something."""
    if not params:
        raise InputError("expected at least one --param RULE=LO..HI", field="--param", key="no_param")
    if not targets:
        raise InputError("expected at least one --target METRIC=LO..HI", field="--target", key="no_target")
    if len(params) > MAX_PARAMS:
        raise InputError(f"{len(params)} parameters: expected at most {MAX_PARAMS}", field="--param",
                         key="too_many_params", fields={"n": len(params), "most": MAX_PARAMS})
    keys = [p.key for p in params]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise InputError(f"--param {twice[0]} is given twice", field="--param",
                         key="param_twice", fields={"name": twice[0]})
