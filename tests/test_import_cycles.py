"""No import circle between files in ``cardgen/``.

Every ``import`` statement counts as an edge, wherever it stands (module level or inside a
function: a lazy import still ties the two files together for a reader), except those under
``if TYPE_CHECKING:``, which never run. ``from pkg import name`` is an edge to ``pkg.name``
when that is a module, else to ``pkg`` (its ``__init__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent / "cardgen"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, is_package: bool, modules: set[str]) -> set[str]:
    """Every module of ``modules`` that ``tree`` imports, outside ``if TYPE_CHECKING:`` blocks.

    ``from pkg import name`` is an edge to ``pkg.name`` when that is a module (the file whose
    names are used), else to ``pkg`` (its ``__init__``).
    """
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
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
        stack.extend(ast.iter_child_nodes(node))
    return found & modules - {module}


def import_graph() -> nx.DiGraph:
    """Files of ``cardgen/`` as nodes, one edge per import between two of them."""
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(files)
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for target in _imports(tree, module, path.name == "__init__.py", set(files)):
            graph.add_edge(module, target)
    return graph


def test_graph_sees_lazy_imports_and_skips_type_checking() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cardgen import build\n"
        "def f():\n    from . import fileio\n    import cardgen.errors\n"
    )
    found = _imports(tree, "cardgen.x", False, {"cardgen", "cardgen.build", "cardgen.fileio", "cardgen.errors"})
    assert found == {"cardgen.fileio", "cardgen.errors"}


def test_no_import_cycle_between_files() -> None:
    graph = import_graph()
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    described = []
    for component in cycles:
        cycle = nx.find_cycle(graph.subgraph(component))
        described.append(" -> ".join([a for a, _ in cycle] + [cycle[0][0]]))
    assert not described, "import circles:\n" + "\n".join(described)
