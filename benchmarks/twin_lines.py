"""How far merging each game's two flows could shrink ``cardgen/games`` at best (issue 37).

    python benchmarks/twin_lines.py

Each game's turn flow exists twice: in the reference engine, over lists of card instances,
and in the kernels (``compiled_rules.py``), over one ``int64`` array; the search drivers
translate the first into the second (``encode``). Merging the two flows means one of the twins
goes. This counts, for each side, every function that has a twin on the other side (its whole
body, docstring and decorators included), plus the encoders, and prints the size of
``cardgen/games`` if that side were deleted outright with nothing written in its place: no hook
seam for house rules, no property keeping the house-rule API, no adapter. No real merge can
delete more, so if both figures stay above a budget, no merge of the flows meets it.

The side a merge can really delete is the engine's: numba compiles the array form, not lists of
card instances, methods and strings, so the form compiled "as it is" must be the kernels'. The
kernel side's figure is the bound of the opposite, impossible merge, printed for completeness.
What stays in ``compiled_rules.py`` either way is not counted: the layout and its tables, the gap
and peak logs into arrays (the engine logs by name), the adapters through which the shared
heuristics read the array, and the batch and rollout loops.

It also prints, per game, the lines of twins left (engine side + kernel side + encoders). King Lui has
none: its rule steps are written once in ``rules.py`` (the engine runs them on its record, ``compiled_rules``
compiles them), and what is left on each side only chains those steps (``CHAINS``: the engine's hook
methods, which house rules wrap, and the compiled ``settle`` and ``apply``, numba cannot call methods):
printed apart, since they hold no rule.

A name listed below that the file no longer defines is reported: the lists must follow the code.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "cardgen" / "games"

#: the encoders from the engine's state to the kernels' array: gone with either twin (none left. Royale's engine
#: holds the kernels' record, copied as it is, and the nobles' states, which each tier numbers by its own noble
#: table, are found again from their cards by a rule written once, ``rules.renumber``, that both tiers run. Draco's
#: ``encode`` copies the position through the names ``rules``' steps read it by, the engine's forms reading and the
#: kernels' ``FORMS`` writing: it names no field, so it is listed in ``NOT_TWINS``)
ENCODERS: dict[str, str] = {}
#: per side, the functions whose twin is on the other side (none left: Draco's decision taken is ``rules.act``)
ENGINE_SIDE: dict[str, str] = {}
KERNEL_SIDE: dict[str, str] = {}

#: per game, the functions that only chain rule steps written once (King Lui: the hook points and their compiled loop)
CHAINS = {
    "king_lui/engine.py": "apply _start_course _decide _draw _next_pending _feed _end_turn _advance _finish",
    "king_lui/compiled_rules.py": "settle apply",
    "royale/engine.py": "_draw _refill _ghost_turn _start_turn _end_turn _clear legal_actions apply _take _place "
                        "_after_serving _setup determinize _finish",
    "royale/compiled_rules.py": "legal_actions _apply apply renumber deal determinize",
    "draco/engine.py": "_draw _transfer _settle _winners _after_play _next_neighbour _end_turn _start_turn "
                       "_toast _play _roll legal_actions determinize _setup _finish current_player apply _continue",
    "draco/compiled_rules.py": "_advance legal legal_of player determinize deal _apply",
}
#: once listed as twins, read as holding no rule (issue 49), and not counted: each has no counterpart on the other
#: side that a rule change would have to follow. ``_build_actions`` is the engine's action table, built once per game
#: (King Lui's ``action_of``/``code_of`` and Royale's ``ids`` are the same and were never listed): the actions of
#: ``table.play_rows``' rows (the legal rows, written once) and back; the kernels keep rows and need no table. It
#: knows one fact about the rule, which kinds' rows depend on the position (a swap with a neighbour, a steal), as
#: the condition under which its cache holds; the engine's legal actions are compared with the kernels' rows,
#: action for action, by ``tests/test_tiers.py`` and ``tests/test_draco_fast.py``. ``_info`` is the agents' facts
#: table (``observation["info"]``: owners, specials, effects by id), built once from ``DracoGame``'s numbers as the
#: kernels' ``tables`` builds theirs; it decides nothing. ``_put`` is the kernels' form of ``table.put`` (a row
#: written into an array, the engine's appended to a list), a form as ``_get`` and ``_set`` are. ``encode`` (Draco's
#: search driver) was a twin of the position's layout, field by field (19 lines); it now copies every counter and place
#: the two forms name (``compiled_rules.FORMS``' ``K_*`` and places against ``rules``'), so a field added to the rules
#: is copied with no line of its own.
NOT_TWINS = {
    "draco/compiled_search.py": "encode",
    "draco/engine.py": "_build_actions _info",
    "draco/compiled_rules.py": "_put",
}
GAMES_NAMES = ("king_lui", "royale", "draco")


def total_lines() -> int:
    """Lines of every ``.py`` file under ``cardgen/games`` (as ``find ... | xargs cat | wc -l``)."""
    return sum(len(p.read_text().splitlines()) for p in GAMES.rglob("*.py"))


def lines_of(files: dict[str, str]) -> tuple[int, list[str]]:
    """Lines of the named functions (methods included) in each file, and the names not found."""
    count, missing = 0, []
    for rel, names in files.items():
        wanted = set(names.split())
        found = set()
        for node in ast.walk(ast.parse((GAMES / rel).read_text())):
            if isinstance(node, ast.FunctionDef) and node.name in wanted:
                count += node.end_lineno - node.lineno + 1 + len(node.decorator_list)
                found.add(node.name)
        missing += [f"{rel}:{name}" for name in sorted(wanted - found)]
    return count, missing


def main() -> int:
    total = total_lines()
    encoders, missing = lines_of(ENCODERS)
    print(f"cardgen/games: {total:,} lines; the encoders: {encoders}")
    for side, files in (("engine", ENGINE_SIDE), ("kernel", KERNEL_SIDE)):
        twins, gone = lines_of(files)
        missing += gone
        print(f"{side} side deleted outright: -{twins + encoders:,} lines -> at best {total - twins - encoders:,}")
    for game in GAMES_NAMES:
        left, _ = lines_of({k: v for side in (ENGINE_SIDE, KERNEL_SIDE, ENCODERS) for k, v in side.items()
                            if k.startswith(game + "/")})
        chains, gone = lines_of({k: v for k, v in CHAINS.items() if k.startswith(game + "/")})
        missing += gone
        print(f"{game}: twins left {left:,} lines" + (f" (chains of rule steps written once: {chains} lines)"
                                                      if chains else ""))
    missing += lines_of(NOT_TWINS)[1]
    if missing:
        print("not found (update the lists):", ", ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
