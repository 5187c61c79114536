"""The levers ``cardgen fix`` may pull: the deck's own numbers that can move a flagged figure, and the size of
a change (docs/fixing.md, "How it searches").

A lever is tune's ``Param``: a rule number, a component's count or one of a card's own numbers (``card:``). They
come, most likely first: the counts and card numbers a variant changed against its base (``changed_numbers``,
with the base's value to try, ``base_values``), the component a shortage lacks, a flagged card's own numbers
(``card_levers``), every whole-number rule within its model's bounds, then the other counts. Nothing is
invented: a lever is a number the deck already has. Nothing here knows which game is played.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.deck import ResolvedDeck
from cardgen.tune.space import MAX_PARAMS, Param

if TYPE_CHECKING:
    from cardgen.tune.fix import Problem

#: a component's fields that are only printed: two components differing in these alone play alike
PRINTED = frozenset({"id", "name", "count", "reconstruction", "title", "text", "art"})


def played_fields(value: Any) -> Any:
    """A component's dump without what is only printed (``PRINTED``)."""
    if isinstance(value, dict):
        return {k: played_fields(v) for k, v in value.items() if k not in PRINTED}
    if isinstance(value, list):
        return [played_fields(v) for v in value]
    return value


def _rule_bounds(deck: ResolvedDeck, name: str) -> tuple[int, int]:
    """The bounds the rules model declares for an integer rule (``ge``/``le``), wide where it declares none."""
    low, high = 0, 10_000
    for m in type(deck.model.rules).model_fields[name].metadata:
        ge, le = getattr(m, "ge", None), getattr(m, "le", None)
        low = low if ge is None else max(low, ge)
        high = high if le is None else min(high, le)
    return low, high


def levers(deck: ResolvedDeck, found: list[Problem], more: dict[str, int] | None = None) -> list[Param]:
    """The deck's own numbers that may move the flagged figures, most likely first, at most ``MAX_PARAMS``.

    The counts a variant changed against its base (their base value inside the range), the components
    a shortage lacks (from their count up to twice the most validate asked to print, ``more``), every
    integer rule number of the game (within the bounds its model declares) and, while room is left,
    the counts of the other components that have more than one copy. Nothing invented: a lever is a
    number the deck already has."""
    counts = {c.id: c.count for c in deck.model.components}
    out: dict[str, Param] = {}

    def add(param: Param) -> None:
        if param.key not in out and len(out) < MAX_PARAMS and param.low != param.high:
            out[param.key] = param

    for d in deck.differences:
        if d.get("kind") == "count" and d.get("field") in counts:
            old, new = int(d["old"]), int(d["new"])
            add(Param("count", d["field"], low=max(0, min(old, new // 3)), high=max(old, new * 3)))
        elif d.get("kind") == "changed" and deck.base is not None:  # a card's own numbers the variant changed
            for path, old, new in changed_numbers(deck.base, deck, d["field"]):
                add(Param("card", "/".join([d["field"], *map(str, path)]), low=max(0, min(old, new // 3)),
                          high=max(old, new * 3)))
    for p in found:
        cid = (deck.spec.shortfall_components or {}).get(p.name) if p.kind == "short" else None
        if cid in counts:
            need = max(1, (more or {}).get(p.name, counts[cid]))
            add(Param("count", cid, low=counts[cid], high=min(1000, counts[cid] + 2 * need)))
    for p in found:
        if p.kind == "card":
            for lever in card_levers(deck, p.name):
                add(lever)
    rules = deck.model.rules.model_dump()
    for name, value in rules.items():
        if isinstance(value, int) and not isinstance(value, bool):
            lo, hi = _rule_bounds(deck, name)
            step = max(2, value // 2)
            add(Param("rule", name, low=max(lo, value - step), high=min(hi, value + step)))
    for cid, count in sorted(counts.items(), key=lambda kv: -kv[1]):
        if count > 1:
            add(Param("count", cid, low=max(1, count // 2), high=count * 2))
    return list(out.values())


def card_levers(deck: ResolvedDeck, cid: str) -> list[Param]:
    """A card's own numbers, each a lever: every whole number among its played fields (a face's points, an
    effect's steps or silver), within half of it either way (at least 2), then its count (half to double)."""
    comp = next((c for c in deck.model.components if c.id == cid), None)
    if comp is None:
        return []
    out: list[Param] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in PRINTED:
                    walk(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, (*path, i))
        elif isinstance(value, int) and not isinstance(value, bool):
            step = max(2, abs(value) // 2)
            out.append(Param("card", "/".join([cid, *map(str, path)]), low=max(0, value - step), high=value + step))

    walk(comp.model_dump(), ())
    if comp.count > 1:
        out.append(Param("count", cid, low=max(1, comp.count // 2), high=comp.count * 2))
    return out


def base_values(deck: ResolvedDeck) -> dict[str, int]:
    """The base deck's value of each count and card number a variant changed (``Param.key``): {} for a deck."""
    out: dict[str, int] = {}
    if deck.base is None:
        return out
    for d in deck.differences:
        if d.get("kind") == "count":
            out[f"count:{d['field']}"] = int(d["old"])
        elif d.get("kind") == "changed":
            for path, old, _ in changed_numbers(deck.base, deck, d["field"]):
                out["card:" + "/".join([d["field"], *map(str, path)])] = old
    return out


def changed_numbers(base: ResolvedDeck, deck: ResolvedDeck, cid: str) -> list[tuple[tuple[Any, ...], int, int]]:
    """(path, base value, value now) of each whole number of component ``cid`` that ``deck`` changed against
    ``base`` (a face's points, a coin's worth), in the order the component's fields come."""
    def dump(d: ResolvedDeck) -> Any:
        return next((c.model_dump() for c in d.model.components if c.id == cid), None)

    out: list[tuple[tuple[Any, ...], int, int]] = []

    def walk(old: Any, new: Any, path: tuple[Any, ...]) -> None:
        if isinstance(old, dict) and isinstance(new, dict):
            for k in old:
                if k in new and k != "count":  # a count is its own lever
                    walk(old[k], new[k], (*path, k))
        elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
            for i, (o, n) in enumerate(zip(old, new)):
                walk(o, n, (*path, i))
        elif isinstance(old, int) and isinstance(new, int) and not isinstance(old, bool) \
                and not isinstance(new, bool) and old != new:
            out.append((path, old, new))

    walk(dump(base), dump(deck), ())
    return out


def cost(params: list[Param], values: dict[str, Any], own: dict[str, Any]) -> float:
    """The size of a change: how many numbers it changes, plus how far they moved, relative to their own values,
    squeezed below 1 (``m / (1 + m)``) so that one number changed always costs less than two, and of two
    changes of as many numbers, the smaller move costs less."""
    changed, moved = 0, 0.0
    for p in params:
        old, new = own[p.key], values[p.key]
        if new != old:
            changed += 1
            moved += abs(new - old) / max(1, abs(old))
    return round(changed + moved / (1 + moved), 6)


__all__ = ["PRINTED", "played_fields", "base_values", "card_levers", "changed_numbers", "cost", "levers"]
