"""The order of stages, enforced: no import circle between files of ``cardgen/``, and no file
importing a stage above its own (docs/ARCHITECTURE.md, "Order of stages").

Every ``import`` statement counts as an edge, wherever it stands (module level or inside a
function: a lazy import still ties the two files together for a reader), except those under
``if TYPE_CHECKING:``, which never run. ``from pkg import name`` is an edge to ``pkg.name``
when that is a module, else to ``pkg`` (its ``__init__``).

Imports that name their module as a string count too (``importlib.import_module``,
``games.base.on_first_use``, ``__import__``): a literal name is an edge to that module; an
f-string with a literal prefix (``f"cardgen.games.{game_id}"``, the game registry) an edge to
every module the prefix and one more name can spell; an f-string starting with a parameter of
its function (``f"{package}.engine"`` in ``games.base.package_spec``) an edge from each caller
passing ``__name__`` to its own sub-modules of those names. Importing ``a.b.c`` runs the packages
``a`` and ``a.b`` first, so an import is an edge to each package above its target too (but the
importer's own packages, which always run before it). A string import the graph cannot
follow fails ``test_every_string_import_is_followed`` unless ``OPAQUE`` says why it names no
module of cardgen.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent / "cardgen"

#: calls whose first argument names the module they import
IMPORT_CALLS = frozenset({"import_module", "on_first_use", "__import__"})

#: string imports whose target is no module of cardgen, by the file making them, with why
OPAQUE: dict[str, str] = {
    "cardgen.games": "plugin_games(): a designer's installed rules package (entry point), never cardgen's",
    "cardgen.games.base": "on_first_use.load: the module each on_first_use(...) call names, followed there",
    "cardgen.speedups.standin": "a third-party module a stand-in loads when first used",
    "cardgen.speedups.pydantic_import": "asyncio's and importlib's own modules",
}

#: The stages, lowest first: a file may import its own stage and those below it, never one above
#: (docs/ARCHITECTURE.md, "Order of stages"). A module belongs to the stage of its longest prefix here.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("cardgen", "cardgen.errors", "cardgen.paths", "cardgen.cache", "cardgen.jit", "cardgen.words",
              "cardgen.typography", "cardgen.languages", "cardgen.text", "cardgen.printable", "cardgen.wordbook", "cardgen.wordbook_babel", "cardgen.terminal",
              "cardgen.fileio", "cardgen.jinjacache", "cardgen.lifecycle", "cardgen.places", "cardgen.usercode", "cardgen.workers", "cardgen.unchanged", "cardgen.fonts",
              "cardgen.speedups")),
    ("load", ("cardgen.load",)),
    ("model", ("cardgen.model",)),
    ("engine", ("cardgen.engine",)),
    ("games", ("cardgen.games", "cardgen.starter_rules")),
    ("house", ("cardgen.house",)),
    ("resolve", ("cardgen.resolve",)),
    ("render", ("cardgen.render", "cardgen.buildkeys")),
    ("check", ("cardgen.check",)),
    ("agents", ("cardgen.agents",)),
    ("rulebook", ("cardgen.rulebook",)),
    ("simulate", ("cardgen.simulate",)),
    ("report", ("cardgen.report",)),
    ("tune", ("cardgen.tune", "cardgen.play")),
    ("commands", ("cardgen.build", "cardgen.commands", "cardgen.watch", "cardgen.inspect", "cardgen.scaffold", "cardgen.cli",
                  "cardgen.arguments", "cardgen.__main__")),
)

#: Imports of a stage above the importer's that stay for now, each with the issue that removes it.
#: The files are another engineer's this round; the test fails once an entry is no longer needed.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _call_name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _walk(tree: ast.AST) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    """Every node outside ``if TYPE_CHECKING:`` blocks, with the functions it stands in (outermost first)."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [])]
    while stack:
        node, scope = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend((n, scope) for n in node.orelse)
            continue
        yield node, scope
        inner = scope + [node] if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) else scope
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))


def _literal_names(name: str, scope: list[ast.AST]) -> list[str] | None:
    """The strings ``name`` takes when it is a loop or comprehension variable over a literal tuple or list."""
    for outer in scope:
        for node in ast.walk(outer):
            targets = ([node] if isinstance(node, ast.comprehension) else [node] if isinstance(node, ast.For) else [])
            for gen in targets:
                if isinstance(gen.target, ast.Name) and gen.target.id == name and \
                        isinstance(gen.iter, (ast.Tuple, ast.List)) and \
                        all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in gen.iter.elts):
                    return [e.value for e in gen.iter.elts]  # type: ignore[union-attr]
    return None


def _string_target(arg: ast.expr, scope: list[ast.AST]) -> tuple[str, str, list[str]] | None:
    """What a string import's argument names: ("exact", name, []), ("prefix", prefix, []) or
    ("param", parameter, suffixes); None when the graph cannot follow it."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return ("exact", arg.value, [])
    if not isinstance(arg, ast.JoinedStr) or not arg.values:
        return None
    parts = arg.values
    if isinstance(parts[0], ast.Constant):  # f"cardgen.games.{game_id}"
        if len(parts) == 2 and isinstance(parts[1], ast.FormattedValue) and str(parts[0].value).endswith("."):
            return ("prefix", str(parts[0].value), [])
        return None
    head = parts[0]
    if not (isinstance(head, ast.FormattedValue) and isinstance(head.value, ast.Name)) or not scope:
        return None
    params = [a.arg for a in scope[-1].args.args]  # type: ignore[attr-defined]
    if head.value.id not in params:
        return None
    rest = parts[1:]
    if len(rest) == 1 and isinstance(rest[0], ast.Constant) and str(rest[0].value).startswith("."):
        return ("param", head.value.id, [str(rest[0].value)[1:]])
    if len(rest) == 2 and isinstance(rest[0], ast.Constant) and rest[0].value == "." and \
            isinstance(rest[1], ast.FormattedValue) and isinstance(rest[1].value, ast.Name):
        names = _literal_names(rest[1].value.id, scope)
        if names is not None:
            return ("param", head.value.id, names)
    return None


def _imports(tree: ast.AST, module: str, is_package: bool, modules: set[str],
             dynamic: dict[str, tuple[int, set[str]]] | None = None,
             unfollowed: list[str] | None = None) -> set[str]:
    """Every module of ``modules`` that ``tree`` imports, outside ``if TYPE_CHECKING:`` blocks.

    ``from pkg import name`` is an edge to ``pkg.name`` when that is a module (the file whose
    names are used), else to ``pkg`` (its ``__init__``). String imports as the module docstring
    says; ``dynamic`` (in/out) maps a function importing ``f"{param}.x"`` to the parameter's
    position and the suffixes, so that its callers passing ``__name__`` import their own
    ``x``; ``unfollowed`` collects the string imports no rule follows.
    """
    found: set[str] = set()
    dynamic = {} if dynamic is None else dynamic
    for node, scope in _walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            if name in IMPORT_CALLS and node.args:
                what = _string_target(node.args[0], scope)
                if what is None:
                    if unfollowed is not None:
                        unfollowed.append(f"{module}: {ast.unparse(node)}")
                elif what[0] == "exact":
                    found.add(what[1])
                elif what[0] == "prefix":
                    found.update(m for m in modules if m.startswith(what[1]) and "." not in m[len(what[1]):])
                else:
                    function = scope[-1]
                    position = [a.arg for a in function.args.args].index(what[1])  # type: ignore[attr-defined]
                    dynamic.setdefault(function.name, (position, set()))[1].update(what[2])  # type: ignore[attr-defined]
            elif name in dynamic and len(node.args) > dynamic[name][0]:
                arg = node.args[dynamic[name][0]]
                if isinstance(arg, ast.Name) and arg.id == "__name__":
                    found.update(f"{module}.{suffix}" for suffix in dynamic[name][1])
    return found & modules - {module}


def _trees() -> dict[str, tuple[Path, ast.AST]]:
    return {_module_name(p): (p, ast.parse(p.read_text(encoding="utf-8"), str(p))) for p in ROOT.rglob("*.py")}


def import_graph(unfollowed: list[str] | None = None) -> nx.DiGraph:
    """Files of ``cardgen/`` as nodes, one edge per import between two of them (string imports too)."""
    trees = _trees()
    modules = set(trees)
    dynamic: dict[str, tuple[int, set[str]]] = {}
    for module, (path, tree) in trees.items():  # first the functions importing f"{param}.x"
        _imports(tree, module, path.name == "__init__.py", modules, dynamic)
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, (path, tree) in trees.items():
        for target in _imports(tree, module, path.name == "__init__.py", modules, dynamic, unfollowed):
            graph.add_edge(module, target)
            for package in _packages_run_first(target, module):
                graph.add_edge(module, package)
    return graph


def _packages_run_first(target: str, importer: str) -> list[str]:
    """The packages above ``target`` that importing it runs, but those above ``importer`` (already run)."""
    parts = target.split(".")
    above = [".".join(parts[:i]) for i in range(1, len(parts))]
    return [p for p in above if not (importer == p or importer.startswith(p + "."))]


def stage_of(module: str) -> int:
    """The position in ``STAGES`` of the stage ``module`` belongs to (its longest listed prefix)."""
    best, rank = -1, -1
    for i, (_, prefixes) in enumerate(STAGES):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), i
    return rank


def upward_imports(graph: nx.DiGraph) -> list[tuple[str, str]]:
    """Every edge from a file to a stage above its own, sorted."""
    return sorted((a, b) for a, b in graph.edges if stage_of(b) > stage_of(a))


def circles(graph: nx.DiGraph) -> list[list[str]]:
    """The import circles (strongly connected sets of more than one file), largest first."""
    return sorted((sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1), key=len, reverse=True)


def test_graph_sees_lazy_imports_and_skips_type_checking() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cardgen import build\n"
        "def f():\n    from . import fileio\n    import cardgen.errors\n"
    )
    found = _imports(tree, "cardgen.x", False, {"cardgen", "cardgen.build", "cardgen.fileio", "cardgen.errors"})
    assert found == {"cardgen.fileio", "cardgen.errors"}


def test_graph_follows_imports_that_name_their_module_as_a_string() -> None:
    modules = {"cardgen.games", "cardgen.games.a", "cardgen.games.a.engine", "cardgen.games.a.text",
               "cardgen.games.b", "cardgen.games.base", "cardgen.render.cardface", "cardgen.agents"}
    registry = ast.parse("import importlib\ndef get_game(i):\n    return importlib.import_module(f'cardgen.games.{i}')\n")
    assert _imports(registry, "cardgen.games", True, modules) == {"cardgen.games.a", "cardgen.games.b",
                                                                   "cardgen.games.base"}
    dynamic: dict[str, tuple[int, set[str]]] = {}
    base = ast.parse("def package_spec(package, **k):\n"
                     "    e, t = (importlib.import_module(f'{package}.{n}') for n in ('engine', 'text'))\n"
                     "    return on_first_use(f'{package}.compiled', 'x')\n")
    assert _imports(base, "cardgen.games.base", False, modules, dynamic) == set()
    assert dynamic == {"package_spec": (0, {"engine", "text", "compiled"})}
    game = ast.parse("GAME = package_spec(__name__, agents=on_first_use('cardgen.agents', 'A'))\n"
                     "if TYPE_CHECKING:\n    import_module('cardgen.render.cardface')\n")
    assert _imports(game, "cardgen.games.a", True, modules, dynamic) == {"cardgen.games.a.engine",
                                                                         "cardgen.games.a.text", "cardgen.agents"}
    unfollowed: list[str] = []
    _imports(ast.parse("import_module(name)\n"), "cardgen.x", False, modules, {}, unfollowed)
    assert unfollowed == ["cardgen.x: import_module(name)"]


def test_every_string_import_is_followed() -> None:
    unfollowed: list[str] = []
    import_graph(unfollowed)
    unexplained = [site for site in unfollowed if site.split(":")[0] not in OPAQUE]
    assert not unexplained, "string imports the graph cannot follow (teach _string_target, or say why in OPAQUE):\n" \
        + "\n".join(unexplained)
    assert {site.split(":")[0] for site in unfollowed} == set(OPAQUE), "an OPAQUE entry no longer needed"


def test_an_import_runs_the_packages_above_its_target_but_the_importers_own() -> None:
    assert _packages_run_first("cardgen.report.runs", "cardgen.simulate.validate") == ["cardgen.report"]
    assert _packages_run_first("cardgen.games.base", "cardgen.games.draco.checks") == []
    graph = import_graph()
    assert graph.has_edge("cardgen.resolve.resolve", "cardgen.load")  # from cardgen.load.yamlio import ...


def test_registry_reaches_every_game_through_its_string_import() -> None:
    graph = import_graph()
    assert {"cardgen.games.draco", "cardgen.games.king_lui", "cardgen.games.royale"} <= set(graph["cardgen.games"])
    assert {"cardgen.games.draco.engine", "cardgen.games.draco.checks", "cardgen.games.draco.text",
            "cardgen.games.draco.compiled", "cardgen.games.draco.heuristic"} <= set(graph["cardgen.games.draco"])


def test_no_import_cycle_between_files() -> None:
    graph = import_graph()
    described = []
    for component in circles(graph):
        cycle = nx.find_cycle(graph.subgraph(component))
        described.append(f"{len(component)} files: " + " -> ".join([a for a, _ in cycle] + [cycle[0][0]]))
    assert not described, "import circles:\n" + "\n".join(described)


def test_every_module_has_a_stage() -> None:
    unplaced = sorted(m for m in import_graph() if stage_of(m) < 0)
    assert not unplaced, f"modules in no stage of STAGES (place them in docs/ARCHITECTURE.md and here): {unplaced}"


def test_stage_of_takes_the_longest_prefix() -> None:
    names = [name for name, _ in STAGES]
    assert names[stage_of("cardgen.render.cardface")] == "render"
    assert names[stage_of("cardgen.buildkeys")] == "render"
    assert names[stage_of("cardgen.errors")] == "base"
    assert names[stage_of("cardgen.games.draco.checks")] == "games"
    assert stage_of("cardgenx") == -1


def test_no_file_imports_a_stage_above_its_own() -> None:
    upward = upward_imports(import_graph())
    names = [name for name, _ in STAGES]
    allowed = {(a, b) for a, b in upward for x, y in ALLOWED_UPWARD if a == x and (b == y or y.startswith(b + "."))}
    found = [f"{a} ({names[stage_of(a)]}) imports {b} ({names[stage_of(b)]})" for a, b in upward if (a, b) not in allowed]
    assert not found, "imports of a stage above (docs/ARCHITECTURE.md, 'Order of stages'):\n" + "\n".join(found)
    stale = sorted(set(ALLOWED_UPWARD) - set(upward))
    assert not stale, f"ALLOWED_UPWARD entries no longer needed (remove them): {stale}"
