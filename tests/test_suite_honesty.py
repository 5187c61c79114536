"""The suite stays honest and fast (issue #37): read from the test files themselves.

* A test whose assertions all stand inside loops must loop over something that cannot be
  empty: a literal, a constant ``range``, or ``nonempty(...)`` (``tests/nonempty.py``), which
  fails on an empty collection. Otherwise a renamed folder or a filter matching nothing
  passes in silence.
* No test skips on an ``ImportError``: a module that fails to import is a failure, not
  "not there yet".
* The README's tier compiles nothing: outside ``SLOW_MODULES`` and the ``slow`` marker, no
  test asks for a game's compiled tier (``fast_engine``, ``engine="fast"``, ``--engine fast``).
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from conftest import SLOW_MODULES

TESTS = Path(__file__).resolve().parent
#: calls whose result is a list the loop may rely on being non-empty
NONEMPTY = "nonempty"


def _test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def _is_safe_iter(node: ast.expr) -> bool:
    """Whether a loop over ``node`` surely runs: a non-empty literal, a constant range, ``nonempty(...)``,
    or one of these through ``enumerate``/``zip``/``sorted``/``reversed``/``.items()``."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.keys)
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value)
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == NONEMPTY:
            return True
        if isinstance(func, ast.Name) and func.id == "range":
            return all(isinstance(a, ast.Constant) for a in node.args) and \
                len(range(*[a.value for a in node.args])) > 0  # type: ignore[attr-defined]
        if isinstance(func, ast.Name) and func.id in ("enumerate", "zip", "sorted", "reversed", "list", "tuple"):
            return bool(node.args) and all(_is_safe_iter(a) for a in node.args)
        if isinstance(func, ast.Attribute) and func.attr in ("items", "values", "keys"):
            return _is_safe_iter(func.value)
    return False


def _is_check(node: ast.AST) -> bool:
    """An ``assert``, a ``pytest.raises`` block or a ``pytest.fail`` call."""
    if isinstance(node, ast.Assert):
        return True
    if isinstance(node, ast.With):
        return any(isinstance(i.context_expr, ast.Call) and isinstance(i.context_expr.func, ast.Attribute)
                   and i.context_expr.func.attr == "raises" for i in node.items)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fail"


def loops_that_may_check_nothing(tree: ast.AST) -> Iterator[tuple[str, int, str]]:
    """(test, line, what it loops over) for each test whose checks all stand in loops, one of them
    over a collection nothing shows is non-empty."""
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.name.startswith("test"):
            continue
        outside, loops = False, []
        stack: list[tuple[ast.AST, ast.For | ast.While | None]] = [(fn, None)]
        while stack:
            node, loop = stack.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                    continue
                if _is_check(child):
                    if loop is None:
                        outside = True
                    else:
                        loops.append(loop)
                inner = child if isinstance(child, (ast.For, ast.While)) and loop is None else loop
                stack.append((child, inner))
        if outside:
            continue
        for loop in dict.fromkeys(loops):
            if isinstance(loop, ast.For) and not _is_safe_iter(loop.iter):
                yield fn.name, loop.lineno, ast.unparse(loop.iter)


def skips_on_import_error(tree: ast.AST) -> Iterator[int]:
    """Lines of ``pytest.skip`` calls in an ``except ImportError`` (or ``ModuleNotFoundError``) handler."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is not None and \
                {"ImportError", "ModuleNotFoundError"} & {n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)}:
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "skip":
                    yield call.lineno


def _is_slow(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any("slow" in ast.unparse(d) for d in fn.decorator_list)


def compiled_tier_requests(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """(function, line) of each request for a compiled tier in a test or fixture not marked slow: a call
    of ``fast_engine``, a keyword ``engine="fast"``, or ``"--engine", "fast"`` in a list. (A helper
    taking the tier as an argument is judged where a test calls it; the empty-cache run of the README's
    tier, docs/DEVELOPING.md, is the check of last resort.)"""
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or _is_slow(fn) or not (
                fn.name.startswith("test") or any("fixture" in ast.unparse(d) for d in fn.decorator_list)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name == "fast_engine" or any(k.arg == "engine" and isinstance(k.value, ast.Constant)
                                                and k.value.value == "fast" for k in node.keywords):
                    yield fn.name, node.lineno
            elif isinstance(node, (ast.List, ast.Tuple)):
                values = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
                if any(a == "--engine" and b == "fast" for a, b in zip(values, values[1:])):
                    yield fn.name, node.lineno


def test_no_test_checks_only_inside_a_loop_over_a_possibly_empty_collection() -> None:
    found = [f"{path.relative_to(TESTS)}:{line} {name}: for ... in {what}"
             for path in _test_files()
             for name, line, what in loops_that_may_check_nothing(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "loop over nonempty(...) (tests/nonempty.py) or assert the collection first:\n" + "\n".join(found)


def test_no_test_skips_on_an_import_error() -> None:
    found = [f"{path.relative_to(TESTS)}:{line}" for path in _test_files()
             for line in skips_on_import_error(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, f"a failing import skips instead of failing: {found}"


def test_the_readme_tier_asks_for_no_compiled_tier() -> None:
    found = [f"{path.relative_to(TESTS)}:{line} {name}" for path in _test_files() if path.stem not in SLOW_MODULES
             for name, line in compiled_tier_requests(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "mark these slow (or add the module to SLOW_MODULES): they compile a tier\n" + "\n".join(found)


def test_the_scans_see_what_they_look_for() -> None:
    """Each scan on a planted case: found where it should be, silent where the test is sound."""
    bad = ast.parse("def test_a(tmp):\n    for p in tmp.glob('*'):\n        assert p\n"
                    "def test_b():\n    for x in (1, 2):\n        assert x\n"
                    "def test_c(items):\n    for x in nonempty(items):\n        assert x\n"
                    "def test_d(items):\n    assert items\n    for x in items:\n        assert x\n"
                    "def test_e():\n    for x in range(0):\n        assert x\n")
    assert [(n, line) for n, line, _ in loops_that_may_check_nothing(bad)] == [("test_a", 2), ("test_e", 15)]
    skip = ast.parse("def test_a():\n    try:\n        import x\n    except ImportError:\n        pytest.skip('no')\n")
    assert list(skips_on_import_error(skip)) == [5]
    fast = ast.parse("def test_a():\n    run(engine='fast')\n    main(['--engine', 'fast'])\n"
                     "@pytest.mark.slow\ndef test_b():\n    fast_engine(d, 3)\n"
                     "def test_c():\n    main(['--engine', 'reference'])\n"
                     "@pytest.fixture\ndef logs():\n    return run(engine='fast')\n")
    assert sorted(compiled_tier_requests(fast)) == [("logs", 11), ("test_a", 2), ("test_a", 3)]


def test_nonempty_fails_on_nothing_and_hands_back_a_list() -> None:
    import pytest
    from nonempty import nonempty

    assert nonempty(x for x in (1, 2)) == [1, 2]
    with pytest.raises(AssertionError, match="the folders is empty"):
        nonempty(iter(()), "the folders")
