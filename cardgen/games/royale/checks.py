"""Royale deck checks: cross-references at load time, playability per player count.

``check_references`` runs while a deck resolves (a failure is an input error with
its line); ``static_checks`` answers "can this deck be played by N players?" for
``cardgen check``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardgen import wordbook
from cardgen.games.base import CheckResult, Problem, Worded, listed, worded_check, worded_part
from cardgen.games.royale.model import NobleFace
from cardgen.games.royale.require import DEAD, Universe, checker, universe_of

#: the checks' names and details per language (``checks.json``: ``cardgen check --lang``)
CHECKS = wordbook.load(__file__)["checks"]
#: the pieces a failing check's detail lists (a line, a player's cards, a noble's side), per language
PARTS = wordbook.load(__file__)["parts"]

if TYPE_CHECKING:  # an annotation only: a game's package never imports the resolver above it
    from cardgen.model.deck import ResolvedDeck

SIDES = ("unmasked", "masked")


def role(component: Any) -> str | None:
    """A component's role (dish, noble...), or None when it carries no data."""
    return component.data.role if component.data is not None else None


def instances(component: Any) -> list[str]:
    """The ids of a component's copies in the box: ``id#1``, ``id#2``..."""
    return [f"{component.id}#{n}" for n in range(1, component.count + 1)]


def dish_types(components: Iterable[Any]) -> set[str]:
    return {c.data.dish for c in components if role(c) == "dish"}


def noble_face(component: Any, side: str) -> Any:
    """The face of a noble showing ``side`` (validated to exist by ``check_references``)."""
    for face in component.faces:
        if isinstance(face.data, NobleFace) and face.data.side == side:
            return face
    raise KeyError(f"{component.id} has no {side} side")


def check_references(model: Any) -> list[Problem]:
    """Structure the schema alone cannot see: dish types named, noble sides, patterns."""
    problems: list[Problem] = []
    types = dish_types(model.components)
    for i, comp in enumerate(model.components):
        kind = role(comp)
        if kind is None:
            problems.append(Problem(("components", i, "data"), "missing 'data' (role: dish, noble, imposter, "
                                    "solo or end)", key="royale_missing_data"))
            continue
        if kind == "dish" and comp.values is None and any(f.value is None for f in comp.faces):
            problems.append(Problem(("components", i), "a dish card needs a value ('values' or the face's "
                                    "'value')", key="royale_dish_value"))
        if kind == "noble":
            sides = [f.data.side for f in comp.faces if isinstance(f.data, NobleFace)]
            if sorted(sides) != sorted(SIDES) or len(comp.faces) != 2:
                problems.append(Problem(("components", i, "faces"), "a noble needs two faces with data, "
                                        "one 'side: unmasked' and one 'side: masked'", key="royale_noble_sides"))
            for j, face in enumerate(comp.faces):
                if face.points is None:
                    problems.append(Problem(("components", i, "faces", j, "points"), "a noble side needs its "
                                            "'points'", key="royale_noble_points"))
                if not isinstance(face.data, NobleFace):
                    continue
                for k, service in enumerate(face.data.services):
                    for t in service.types_named():
                        if t not in types:
                            known = ", ".join(sorted(types))
                            problems.append(Problem(("components", i, "faces", j, "data", "services", k),
                                                    f"unknown dish type '{t}'; expected one of {known}",
                                                    key="royale_unknown_dish", fields={"dish": t, "types": known}))
        elif any(f.data is not None for f in comp.faces):
            j = next(j for j, f in enumerate(comp.faces) if f.data is not None)
            problems.append(Problem(("components", i, "faces", j, "data"), "only noble faces carry a request",
                                    key="royale_request_not_noble"))
        if kind in ("imposter", "solo") and comp.faces[0].pattern is None:
            problems.append(Problem(("components", i, "faces", 0), f"{'an' if kind == 'imposter' else 'a'} {kind} "
                                    "card needs a 'pattern'",
                                    key="royale_imposter_pattern" if kind == "imposter" else "royale_solo_pattern"))
    return problems


def universe(deck: ResolvedDeck) -> Universe:
    """The dish cards of a resolved deck, as the requirement checkers count them."""
    return universe_of((c.data.dish, c.data.wild, c.faces[0].value, c.count)
                       for c in deck.model.components if role(c) == "dish")


def owners(deck: ResolvedDeck) -> list[str]:
    """Player icons in seat order."""
    return sorted({c.data.owner for c in deck.model.components if role(c) == "noble"})


def rotate(cells: list[tuple[int, int]], rows: int, cols: int, degrees: int) -> tuple[list[tuple[int, int]], int, int]:
    """Cells of a rows x cols pattern turned clockwise by ``degrees``; returns the new size too."""
    for _ in range(degrees // 90):
        cells = [(c, rows - 1 - r) for r, c in cells]
        rows, cols = cols, rows
    return cells, rows, cols


def placements(pattern: Any, rules: Any) -> list[tuple[int, int, int, frozenset[int]]]:
    """Every distinct way an imposter pattern lands on the grid: (degrees, dr, dc, cell indexes).

    Without ``imposter_slide`` the (turned) pattern must be exactly the grid's size
    and keeps its place; with it, its cells' bounding box may sit anywhere it fits.
    Raises ``ValueError`` when no allowed turn fits the grid.
    """
    rows_g, cols_g = rules.grid_rows, rules.grid_cols
    seen: set[frozenset[int]] = set()
    out = []
    for deg in rules.imposter_rotations:
        cells, rows, cols = rotate([(r, c) for r, c in pattern.cells], pattern.rows, pattern.cols, deg)
        if rules.imposter_slide:
            r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
            cells = [(r - r0, c - c0) for r, c in cells]
            h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
            offsets = [(dr, dc) for dr in range(rows_g - h + 1) for dc in range(cols_g - w + 1)]
        else:
            offsets = [(0, 0)] if (rows, cols) == (rows_g, cols_g) else []
        for dr, dc in offsets:
            idx = frozenset((r + dr) * cols_g + c + dc for r, c in cells)
            if idx not in seen:
                seen.add(idx)
                out.append((deg, dr, dc, idx))
    if not out:
        raise ValueError(f"a {pattern.rows}x{pattern.cols} pattern does not fit the "
                         f"{rows_g}x{cols_g} grid in any allowed turn")
    return out


def line_cells(rules: Any) -> list[tuple[str, int, list[int]]]:
    """The lines a player may take: (shape, index, cell indexes)."""
    rows, cols = rules.grid_rows, rules.grid_cols
    out: list[tuple[str, int, list[int]]] = []
    if "row" in rules.take_shapes:
        out += [("row", r, [r * cols + c for c in range(cols)]) for r in range(rows)]
    if "column" in rules.take_shapes:
        out += [("column", c, [r * cols + c for r in range(rows)]) for c in range(cols)]
    if "diagonal" in rules.take_shapes and rows == cols:
        out += [("diagonal", 0, [i * cols + i for i in range(rows)]),
                ("diagonal", 1, [i * cols + cols - 1 - i for i in range(rows)])]
    return out


def shapes_words(lines: list[tuple[str, int, list[int]]]) -> Worded:
    """The buffet's lines counted by shape in the book's words ("3 rows and 3 columns"; "3 rangées et
    3 colonnes"), never a word the books do not use ("6 alignements", read 9 fr15): one count per shape the
    rules let a player take, in the order ``line_cells`` gives them."""
    def text(lang: str) -> str:
        from cardgen.languages import is_singular
        from cardgen.text import join_and

        counts = {shape: sum(s == shape for s, _, _ in lines) for shape, _, _ in lines}
        return join_and([worded_part(PARTS, f"{shape}s_one" if is_singular(n, lang) else f"{shape}s", n=n)(lang)
                         for shape, n in counts.items()], lang)
    return text


def static_checks(deck: ResolvedDeck, players: int) -> list[CheckResult]:
    """Can ``players`` people play this deck? One result per property."""
    rules = deck.rules
    comps = deck.model.components
    dishes = sum(c.count for c in comps if role(c) == "dish")
    cells = rules.grid_rows * rules.grid_cols
    solo = players == 1 and rules.solo
    uses_end = not solo or rules.solo_end_card
    out = [worded_check(CHECKS, "buffet", players, dishes >= cells, dishes=dishes, rows=rules.grid_rows,
                        cols=rules.grid_cols)]
    lines = line_cells(rules)
    short = [worded_part(PARTS, shape, n=i + 1) for shape, i, cs in lines if len(cs) != rules.cards_per_take]
    out.append(worded_check(CHECKS, "lines", players, bool(lines) and not short,
                            "detail" if lines and not short else "fail", shapes=shapes_words(lines),
                            take=rules.cards_per_take,
                            short=listed(short) if short else "–"))
    if uses_end:
        even = dishes % rules.packets == 0
        out.append(worded_check(CHECKS, "packets", players, even, "detail" if even else "fail", dishes=dishes,
                                packets=rules.packets, each=dishes // rules.packets, left=dishes % rules.packets))
        ends = sum(c.count for c in comps if role(c) == "end")
        out.append(worded_check(CHECKS, "end_card", players, ends == 1, n=ends))
    icons = owners(deck)
    seated = icons[:players]
    bad = []
    for icon in seated:
        nobles = sum(c.count for c in comps if role(c) == "noble" and c.data.owner == icon)
        imps = sum(c.count for c in comps if role(c) == "imposter" and c.data.owner == icon)
        if nobles != rules.nobles_per_player or imps != 1:
            bad.append(worded_part(PARTS, "owner", icon=icon, nobles=nobles, imps=imps))
    ok = len(icons) >= players and not bad
    out.append(worded_check(CHECKS, "owners", players, ok, "detail" if ok else "fail" if bad else "few",
                            icons=len(icons), nobles=rules.nobles_per_player, bad=listed(bad, ";")))
    out.append(_imposters(deck, seated))
    out.append(_satisfiable(deck, seated))
    if solo:
        out.extend(_solo(deck, seated, dishes))
    return out


def _imposters(deck: ResolvedDeck, seated: list[str]) -> CheckResult:
    rules = deck.rules
    problems, shapes = [], []
    for c in deck.model.components:
        if role(c) != "imposter" or c.data.owner not in seated:
            continue
        pattern = c.faces[0].pattern
        if len(pattern.cells) != rules.cards_per_take:
            problems.append(worded_part(PARTS, "cells", card=c.id, n=len(pattern.cells), take=rules.cards_per_take))
        try:
            shapes.append(frozenset(p[3] for p in placements(pattern, rules)))
        except ValueError:  # worded here, in each language, from the pattern and the grid
            problems.append(worded_part(PARTS, "no_fit", card=c.id, rows=pattern.rows, cols=pattern.cols,
                                        grid_rows=rules.grid_rows, grid_cols=rules.grid_cols))
    if len(set(shapes)) != len(shapes):
        problems.append(worded_part(PARTS, "same_cells"))
    return worded_check(CHECKS, "imposters", len(seated) or None, not problems, "fail" if problems else "detail",
                        problems=listed(problems, ";"), n=len(shapes), take=rules.cards_per_take)


def _satisfiable(deck: ResolvedDeck, seated: list[str]) -> CheckResult:
    uni = universe(deck)
    bad = []
    total = 0
    for c in deck.model.components:
        if role(c) != "noble" or c.data.owner not in seated:
            continue
        for side in SIDES:
            total += 1
            chk = checker(noble_face(c, side).data, uni)
            if chk.need[0] == DEAD:
                bad.append(worded_part(PARTS, side, card=c.id))
    return worded_check(CHECKS, "nobles", len(seated) or None, not bad, "fail" if bad else "detail",
                        bad=listed(bad), n=total)


def _solo(deck: ResolvedDeck, seated: list[str], dishes: int) -> list[CheckResult]:
    rules = deck.rules
    cards = [c for c in deck.model.components if role(c) == "solo"]
    count = sum(c.count for c in cards)
    turns = rules.solo_turns * rules.ghost_cards_per_turn
    out = [worded_check(CHECKS, "solo_cards", 1, count >= turns, n=count, turns=rules.solo_turns,
                        each=rules.ghost_cards_per_turn)]
    grid = (rules.grid_rows, rules.grid_cols)
    wrong = [c.id for c in cards if len(c.faces[0].pattern.cells) != rules.ghost_cells
             or (c.faces[0].pattern.rows, c.faces[0].pattern.cols) != grid]
    out.append(worded_check(CHECKS, "solo_cells", 1, not wrong, "fail" if wrong else "detail",
                            cells=rules.ghost_cells, rows=grid[0], cols=grid[1], wrong=", ".join(wrong)))
    need = (rules.grid_rows * rules.grid_cols + rules.solo_turns * rules.ghost_cards_per_turn * rules.ghost_cells
            + (rules.solo_turns - 1) * rules.cards_per_take)
    out.append(worded_check(CHECKS, "solo_refill", 1, need <= dishes, need=need, turns=rules.solo_turns,
                            dishes=dishes))
    best = max((sum(noble_face(c, rules.noble_side).points or 0 for c in deck.model.components
                    if role(c) == "noble" and c.data.owner == icon) for icon in seated), default=0)
    covered = {v for b in rules.score_bands for v in range(b.min, b.max + 1)}
    missing = [v for v in range(best + 1) if v not in covered]
    out.append(worded_check(CHECKS, "solo_scale", 1, bool(rules.score_bands) and not missing,
                            "detail" if rules.score_bands and not missing else "fail", best=best,
                            missing=", ".join(map(str, missing[:10])) or "–"))
    return out
