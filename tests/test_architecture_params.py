"""No function of cardgen takes more than 8 parameters (the brief's standard, issue #49).

Parameters that travel together become one record with a meaning (``symbols.Inks``,
``sheets.Printing``, ``skill.SkillRun``). Counted from the source with ``ast``: positional,
keyword-only, ``*args`` and ``**kwargs``, not a method's ``self`` or ``cls`` (but in ``cardgen/games/`` and
``cardgen/agents/``, where issue #49 counts them too: ``COUNT_SELF``); nested functions and methods are named by
their qualified name (``Sheets.__init__``).

There are no exceptions left: the compiled tier's templates and kernels take their arrays as
records too (``fasttree.Tree``, ``searchloop.Settings``, ``batch.Games``; numba compiles a
``NamedTuple`` as an argument). ``ALLOWED`` may only shrink: an entry whose function is gone, or no
longer over the limit, fails too.
"""
from __future__ import annotations

import ast
from pathlib import Path

#: the standard: no function with more than this many parameters
LIMIT = 8
PACKAGE = Path(__file__).resolve().parent.parent / "cardgen"
#: (file under cardgen/, qualified function name) -> why it may take more than LIMIT parameters (none left)
ALLOWED: dict[tuple[str, str], str] = {}


#: the packages whose functions count every parameter, a method's ``self`` or ``cls`` too (issue #49's done-when:
#: no function in ``cardgen/games/`` or ``cardgen/agents/`` takes more than ``LIMIT``)
COUNT_SELF = ("games", "agents")


def parameter_count(fn: ast.FunctionDef | ast.AsyncFunctionDef, is_method: bool, count_self: bool = False) -> int:
    """Positional, keyword-only, ``*args`` and ``**kwargs``; a method's first ``self``/``cls`` not counted, unless
    ``count_self``."""
    args = fn.args
    positional = [a.arg for a in args.posonlyargs + args.args]
    count = len(positional) + len(args.kwonlyargs) + (args.vararg is not None) + (args.kwarg is not None)
    if is_method and positional and positional[0] in ("self", "cls") and not count_self:
        count -= 1
    return count


def functions(tree: ast.AST, count_self: bool = False) -> list[tuple[str, int, int]]:
    """``(qualified name, parameter count, line)`` of every function and method in ``tree`` (``count_self``: a
    method's ``self`` or ``cls`` counted too)."""
    found: list[tuple[str, int, int]] = []

    def visit(node: ast.AST, prefix: str, in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                found.append((name, parameter_count(child, in_class, count_self), child.lineno))
                visit(child, name + ".", False)
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".", True)
            else:
                visit(child, prefix, in_class)

    visit(tree, "", False)
    return found


def scan(root: Path) -> dict[tuple[str, str], tuple[int, int]]:
    """``(file, function) -> (parameters, line)`` for every function under ``root`` (in ``COUNT_SELF``'s packages,
    a method's ``self`` or ``cls`` counted too)."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, count, line in functions(tree, rel.split("/")[0] in COUNT_SELF):
            out[(rel, name)] = (count, line)
    return out


def over_limit(root: Path) -> dict[tuple[str, str], tuple[int, int]]:
    """The functions of ``scan`` that take more than ``LIMIT`` parameters."""
    return {key: found for key, found in scan(root).items() if found[0] > LIMIT}


def test_in_the_games_and_agents_self_counts_too(tmp_path: Path) -> None:
    """A method of eight parameters besides ``self`` is over the limit in ``games/`` and ``agents/`` (issue #49),
    within it elsewhere."""
    wide = ("class A:\n    def __init__(self, a, b, c, d, e, f, g, *, h): pass\n"
            "    def ok(self, a, b, c, d, e, f, g): pass\n")
    for package in ("games/royale", "agents", "render"):
        (tmp_path / package).mkdir(parents=True)
        (tmp_path / package / "wide.py").write_text(wide, encoding="utf-8")
    assert over_limit(tmp_path) == {("games/royale/wide.py", "A.__init__"): (9, 2),
                                    ("agents/wide.py", "A.__init__"): (9, 2)}


def test_the_count_is_what_a_reader_counts() -> None:
    """self and cls are free, everything else counts, a nested function and a method by qualified name."""
    source = ("def f(a, b, /, c, *rest, d, e=1, **more): pass\n"
              "class K:\n"
              "    def m(self, a, b): pass\n"
              "    @classmethod\n"
              "    def c(cls, a): pass\n"
              "    @staticmethod\n"
              "    def s(self_like, a): pass\n"
              "def outer(a):\n"
              "    def inner(self, a, b): pass\n")
    assert functions(ast.parse(source)) == [("f", 7, 1), ("K.m", 2, 3), ("K.c", 1, 5), ("K.s", 2, 7),
                                            ("outer", 1, 8), ("outer.inner", 3, 9)]


def stale(allowed: dict[tuple[str, str], str], root: Path) -> list[tuple[str, str]]:
    """The entries of ``allowed`` whose function under ``root`` is gone or back within the limit."""
    wide = over_limit(root)
    return [key for key in sorted(allowed) if key not in wide]


def test_a_nine_parameter_function_is_found(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "wide.py").write_text("class A:\n    def go(self, a, b, c, d, e, f, g, h, *, i): pass\n"
                                              "def ok(a, b, c, d, e, f, g, h): pass\n", encoding="utf-8")
    assert over_limit(tmp_path) == {("sub/wide.py", "A.go"): (9, 2)}
    allowed = {("sub/wide.py", "A.go"): "wide", ("sub/wide.py", "ok"): "narrow now", ("gone.py", "f"): "gone"}
    assert stale(allowed, tmp_path) == [("gone.py", "f"), ("sub/wide.py", "ok")]


def test_no_function_takes_more_than_eight_parameters() -> None:
    assert scan(PACKAGE)[("render/sheets.py", "render_sheets")][0] == 4  # the scan reads the package
    wide = over_limit(PACKAGE)
    unexpected = [f"cardgen/{file}:{line} {name} takes {count} parameters; group the ones that travel together "
                  f"into a record with a meaning (at most {LIMIT})"
                  for (file, name), (count, line) in sorted(wide.items()) if (file, name) not in ALLOWED]
    assert not unexpected, "\n".join(unexpected)


def test_the_allowlist_only_shrinks() -> None:
    """An allowed function that is gone, or back within the limit, leaves the list (empty now: nothing
    may join it, ``test_no_function_takes_more_than_eight_parameters``)."""
    assert not (found := stale(ALLOWED, PACKAGE)), "\n".join(
        f"cardgen/{file} {name}: no longer over {LIMIT} parameters (or gone); remove it from ALLOWED"
        for file, name in found)
    assert all(reason.strip() for reason in ALLOWED.values())
