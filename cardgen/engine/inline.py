"""A rules module's steps as the reference engine runs them: each one-line form inlined where it is called.

A game's ``rules.py`` writes each rule step once over a few small forms (``hand_kind(S, p, i)``,
``validated(S, p, s)``, ``get(S, K_PHASE)``...), which the compiled tier inlines (numba) and the
reference engine, as plain Python, calls: a frame per form, some fifty per decision in Draco, which made
its reference games 1.5x slower than the engine before one rule flow (issue 49). ``inlined(module)``
gives the module's steps again with each call to a form whose body is one ``return <expression>``
replaced by that expression, its parameters by the call's arguments, and ``getattr``/``setattr`` on a
constant attribute name (the forms ``get``/``put``) by the attribute itself: the same meaning, read from
the same source, without the frames. Where a call is a statement of its own (``x = form(...)``, ``return
form(...)``, ``form(...)``), a *block form* is inlined too: one of the module's own functions of several
statements with one ``return``, its last (Draco's ``card_rows``: a frame per card kind at every decision), its
statements put there with their locals renamed; there an argument that is no plain name is set aside first into a
name of its own, evaluated once and in the call's order (``to_hand(S, p, pop(S, PILE))``).

Only what cannot change the meaning is inlined: a call by a plain name, with as many plain arguments (a
name, a constant) as the form has parameters, whose expression reads no name the caller binds locally
and whose other names are the same objects in both modules. Anything else is left as the call it was. The
new functions live beside the module's own (``rules`` itself is unchanged: the compiled tier binds its
functions, tests and house rules see them), keep their file and line numbers for tracebacks, and read
the module's globals. A speed-up, switched off with the others by ``CARDGEN_SPEEDUPS=0`` (or
``-inline``): the module is then used as it is.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import types
from typing import Any

#: the most rounds of inlining (a form may call a form)
ROUNDS = 4


def _params(fn: ast.FunctionDef) -> list[str] | None:
    """The names of a plain function's parameters (positional, no defaults, no ``*``), else None."""
    a = fn.args
    if a.vararg or a.kwarg or a.kwonlyargs or a.defaults or a.posonlyargs:
        return None
    return [p.arg for p in a.args]


def _form(fn: ast.FunctionDef) -> tuple[list[str], ast.AST] | None:
    """``(parameters, body)`` of a form: a function whose body (its docstring aside) is ``return expr`` (the
    expression) or one plain statement (an expression, an assignment: the statement, inlined where the call is a
    statement of its own)."""
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    params = _params(fn)
    if params is None or fn.decorator_list or len(body) != 1:
        return None
    one = body[0]
    if isinstance(one, ast.Return):
        value: ast.AST | None = one.value
    elif isinstance(one, (ast.Expr, ast.Assign, ast.AugAssign)):
        value = one
    else:
        return None
    if value is None or any(isinstance(n, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await,
                                           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
                            for n in ast.walk(value)):
        return None
    # a parameter the body assigns would assign the caller's variable once inlined
    if any(isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) for n in ast.walk(value)):
        return None
    return params, value


#: what a block form's body may not hold: a scope of its own, a name bound elsewhere, a suspension, an exception's
#: handling (a ``return`` anywhere but last is checked apart)
_NOT_IN_BLOCK = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp,
                 ast.DictComp, ast.GeneratorExp, ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await,
                 ast.NamedExpr, ast.Try, ast.With, ast.AsyncWith, ast.AsyncFor, ast.Import, ast.ImportFrom,
                 ast.Delete, ast.Match, ast.Starred)


def _block(fn: ast.FunctionDef) -> tuple[list[str], list[ast.stmt], ast.AST | None, set[str]] | None:
    """``(parameters, statements, result, locals)`` of a block form: a plain function of the module's own whose body
    (its docstring aside) is statements with at most one ``return``, its last (``result``: its expression; None
    without one), that never assigns a parameter. Inlined only where its call is a statement of its own (``x =
    form(...)``, ``return form(...)``, ``form(...)``): its statements there, its locals renamed, then the result
    (``_Inliner._statement``)."""
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    params = _params(fn)
    if params is None or fn.decorator_list or not body:
        return None
    result: ast.AST | None = None
    if isinstance(body[-1], ast.Return):
        result = body[-1].value if body[-1].value is not None else ast.Constant(value=None)
        body = body[:-1]
    nodes = [n for s in body for n in ast.walk(s)] + (list(ast.walk(result)) if result is not None else [])
    if any(isinstance(n, (ast.Return, *_NOT_IN_BLOCK)) for n in nodes):
        return None
    stored = {n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    if stored & set(params):
        return None
    return params, body, result, stored


def _clone(node: Any) -> Any:
    """A copy of an AST (its nodes and lists new, its constants shared): what ``copy.deepcopy`` gives, several
    times faster (the deep copies were two thirds of inlining a game's rules, paid on a first run)."""
    if isinstance(node, ast.AST):
        new = node.__class__()
        for name in node._fields:
            if hasattr(node, name):
                setattr(new, name, _clone(getattr(node, name)))
        for name in node._attributes:
            if hasattr(node, name):
                setattr(new, name, getattr(node, name))
        return new
    if isinstance(node, list):
        return [_clone(item) for item in node]
    return node


def _loaded(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _bound(fn: ast.FunctionDef) -> set[str]:
    """Every name ``fn`` binds locally (its parameters, assignments, loop targets...)."""
    names = {p.arg for p in ast.walk(fn.args) if isinstance(p, ast.arg)}
    names |= {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))}
    return names


class _Inliner(ast.NodeTransformer):
    """Replaces, inside one function, the calls of forms by their expressions (see the module's docstring)."""

    def __init__(self, forms: dict[str, tuple[list[str], ast.AST, dict[str, Any]]], env: dict[str, Any],
                 local: set[str], free: dict[str, set[str]],
                 blocks: dict[str, tuple[list[str], list[ast.stmt], ast.AST | None, set[str]]],
                 serial: list[int]) -> None:
        self.forms, self.env, self.local, self.changed = forms, env, local, 0
        #: per form, the names its body reads besides its parameters (filled as met, shared by the module's steps)
        self.free = free
        #: the module's block forms (``_block``), and the count of names made so far in this function (each block
        #: inlined, each argument set aside, gets names of its own: ``_<form><count>_<name>``)
        self.blocks, self.serial = blocks, serial

    def _value(self, name: str) -> Any:
        """What ``name`` means in the caller's module (a global, else a builtin)."""
        return self.env[name] if name in self.env else getattr(builtins, name, None)

    def _same(self, name: str, their: dict[str, Any]) -> bool:
        """Whether ``name`` means the same object in the form's module and here."""
        missing = object()
        mine = self.env.get(name, getattr(builtins, name, missing))
        theirs = their.get(name, getattr(builtins, name, missing))
        return mine is theirs and mine is not missing

    def _attribute(self, node: ast.Call) -> ast.AST | None:
        """``getattr(x, NAME)`` with ``NAME`` a global string constant: ``x.<NAME>`` (``get``, ``put``'s read)."""
        func = node.func
        if not (isinstance(func, ast.Name) and func.id not in self.local and not node.keywords
                and self._value(func.id) is getattr and len(node.args) == 2):
            return None
        key = node.args[1]
        value = (self._value(key.id) if isinstance(key, ast.Name) and key.id not in self.local
                 else key.value if isinstance(key, ast.Constant) else None)
        if not (isinstance(value, str) and value.isidentifier()):
            return None
        self.changed += 1
        return ast.copy_location(ast.Attribute(value=node.args[0], attr=value, ctx=ast.Load()), node)

    def visit_Expr(self, node: ast.Expr) -> Any:
        """A statement form called as a statement: its statement; ``setattr(x, NAME, v)`` (``put``): ``x.<NAME> = v``;
        a block form (or a form given more than names and constants) called as a statement: its statements."""
        self.generic_visit(node)
        call = node.value
        if isinstance(call, ast.Call):
            done = self._body(call, statement=True)
            if done is not None:
                return ast.copy_location(done, node)
            block = self._statement(node, call, lambda result: [] if isinstance(result, (ast.Constant, ast.Name))
                                    else [ast.Expr(value=result)])
            if block is not None:
                return block
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id not in self.local
                and not call.keywords and self._value(call.func.id) is setattr and len(call.args) == 3):
            key = call.args[1]
            value = (self._value(key.id) if isinstance(key, ast.Name) and key.id not in self.local
                     else key.value if isinstance(key, ast.Constant) else None)
            if isinstance(value, str) and value.isidentifier():
                self.changed += 1
                target = ast.Attribute(value=call.args[0], attr=value, ctx=ast.Store())
                return ast.copy_location(ast.Assign(targets=[target], value=call.args[2]), node)
        return node

    def visit_Assign(self, node: ast.Assign) -> Any:
        """``target = form(...)``, the form a block (or given more than names and constants): its statements, then
        the target assigned its result (evaluated before the target, as the call was)."""
        self.generic_visit(node)
        if not isinstance(node.value, ast.Call):
            return node
        block = self._statement(node, node.value, lambda result: [ast.Assign(targets=node.targets, value=result)])
        return node if block is None else block

    def visit_Return(self, node: ast.Return) -> Any:
        """``return form(...)``, the form a block (or given more than names and constants): its statements, then
        ``return`` its result."""
        self.generic_visit(node)
        if not isinstance(node.value, ast.Call):
            return node
        block = self._statement(node, node.value, lambda result: [ast.Return(value=result)])
        return node if block is None else block

    def _statement(self, where: ast.stmt, node: ast.Call, then: Any) -> list[ast.stmt] | None:
        """The statements that replace statement ``where``, whose call ``node`` is to a block form, or to a form
        given an argument that is no plain name or constant: each such argument set aside first, in order, into a
        name of its own (evaluated once, before the form's body, as the call evaluated it), the block's locals given
        names of their own, then ``then(result)``: what ``where`` did with the call's value. None where the form
        may not be inlined here (see ``_body``: a name it reads that means something else here)."""
        func = node.func
        if (not isinstance(func, ast.Name) or func.id in self.local or node.keywords
                or any(isinstance(n, (ast.Starred, ast.NamedExpr)) for a in node.args for n in ast.walk(a))):
            return None
        if func.id in self.blocks:
            params, stmts, result, stored = self.blocks[func.id]
            their = self.env
        elif func.id in self.forms:
            params, body, their = self.forms[func.id]
            stmts, result, stored = ([body], None, set()) if isinstance(body, ast.stmt) else ([], body, set())
        else:
            return None
        if len(node.args) != len(params):
            return None
        free = self.free.get(func.id)
        if free is None:
            read = set().union(*(_loaded(s) for s in stmts), _loaded(result) if result is not None else set())
            free = self.free[func.id] = read - set(params) - stored
        if free & self.local or not all(self._same(n, their) for n in free):
            return None
        self.serial[0] += 1
        prefix = f"_{func.id}{self.serial[0]}_"
        out: list[ast.stmt] = []
        args: dict[str, ast.AST] = {}
        for name, arg in zip(params, node.args):
            if isinstance(arg, (ast.Name, ast.Constant)):  # read where the form reads it: the same value (no
                args[name] = arg  # argument rebinds a name: no walrus, and a form binds none of the caller's)
            else:  # set aside in the call's order: each argument evaluated once, before the form's body
                out.append(ast.Assign(targets=[ast.Name(id=prefix + name, ctx=ast.Store())], value=arg))
                args[name] = ast.Name(id=prefix + name, ctx=ast.Load())

        class Put(ast.NodeTransformer):
            def visit_Name(self, name: ast.Name) -> ast.AST:
                if name.id in args:
                    return _clone(args[name.id])
                return ast.Name(id=prefix + name.id, ctx=name.ctx) if name.id in stored else name

        out += [Put().visit(_clone(s)) for s in stmts]
        out += then(Put().visit(_clone(result)) if result is not None else ast.Constant(value=None))
        for statement in out:  # a traceback points at the call's line, as it did when the form was called
            for n in ast.walk(statement):
                if "lineno" in n._attributes:
                    ast.copy_location(n, where)
        self.local |= {prefix + n for n in stored} | {prefix + n for n in params}
        self.changed += 1
        return out

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        attribute = self._attribute(node)
        if attribute is not None:
            return attribute
        done = self._body(node, statement=False)
        return node if done is None else ast.copy_location(done, node)

    def _body(self, node: ast.Call, statement: bool) -> ast.AST | None:
        """The form ``node`` calls, its parameters replaced by the call's arguments; None where it cannot be
        inlined (a statement form where the call is not a statement, arguments that are not plain names or
        constants, a name the form reads that means something else here)."""
        func = node.func
        if not isinstance(func, ast.Name) or func.id in self.local or func.id not in self.forms or node.keywords:
            return None
        params, body, their = self.forms[func.id]
        if isinstance(body, ast.stmt) and not statement:
            return None
        if len(node.args) != len(params) or not all(isinstance(a, (ast.Name, ast.Constant)) for a in node.args):
            return None
        free = self.free.get(func.id)
        if free is None:
            free = self.free[func.id] = _loaded(body) - set(params)
        if free & self.local or not all(self._same(n, their) for n in free):
            return None
        args = dict(zip(params, node.args))

        class Put(ast.NodeTransformer):
            def visit_Name(self, name: ast.Name) -> ast.AST:
                return _clone(args[name.id]) if name.id in args else name

        self.changed += 1
        return Put().visit(_clone(body))


def _forms(module: types.ModuleType, tree: ast.Module) -> dict[str, tuple[list[str], ast.AST, dict[str, Any]]]:
    """The forms the module's steps may call: its own one-line functions and those it imports by name."""
    out: dict[str, tuple[list[str], ast.AST, dict[str, Any]]] = {}
    own = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for name, value in vars(module).items():
        if not isinstance(value, types.FunctionType):
            continue
        if name in own and value.__module__ == module.__name__:
            node: ast.FunctionDef | None = own[name]
        else:
            try:
                src = ast.parse(inspect.getsource(inspect.unwrap(value)).strip() + "\n")
            except (OSError, TypeError, SyntaxError):
                continue
            node = src.body[0] if src.body and isinstance(src.body[0], ast.FunctionDef) else None
        form = _form(node) if node is not None else None
        if form is not None:
            out[name] = (*form, value.__globals__)
    return out


def inlined(module: types.ModuleType) -> types.ModuleType:
    """``module``'s steps with their forms inlined, as a module of their own that holds everything else of
    ``module`` (its constants, its other names); ``module`` itself when the speed-up is off or its source is
    not at hand. The inlined functions' code is kept between runs (``_kept``), like Python's byte code."""
    from cardgen.speedups import enabled

    if not enabled("inline"):
        return module
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return module
    out = types.ModuleType(module.__name__ + ".inlined", module.__doc__)
    env = out.__dict__
    env.update({k: v for k, v in vars(module).items() if k not in ("__name__", "__doc__", "__spec__", "__loader__")})
    key = _key(module, source)
    codes = _kept(module, key)
    if codes is None:
        codes = _inline(module, source, env)
        _keep(module, key, codes)
    for name, code in codes:
        exec(code, env)  # noqa: S102 - our own source, transformed: the module's function defined again in ``env``
        env[name].__module__ = module.__name__
    return out


def _inline(module: types.ModuleType, source: str, env: dict[str, Any]) -> list[tuple[str, types.CodeType]]:
    """The code of each of ``module``'s steps that calls a form, with the forms inlined (``env``: the names
    the inlined functions will read, to tell which forms may be inlined)."""
    tree = ast.parse(source, filename=module.__file__ or "<rules>")
    forms = _forms(module, tree)
    blocks = {}
    for node in tree.body:  # the module's own block forms (``_block``); a one-line form stays a form
        if (isinstance(node, ast.FunctionDef) and node.name not in forms
                and getattr(vars(module).get(node.name), "__module__", None) == module.__name__):
            block = _block(node)
            if block is not None:
                blocks[node.name] = block
    free: dict[str, set[str]] = {}
    # what the inliner may replace: a form, or ``getattr``/``setattr`` by any name (``put = setattr``)
    calls = (set(forms) | set(blocks) | {"getattr", "setattr"}
             | {k for k, v in env.items() if v is getattr or v is setattr})
    codes = []
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and not node.decorator_list
                and getattr(vars(module).get(node.name), "__module__", None) == module.__name__):
            continue
        if not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in calls
                   for n in ast.walk(node)):
            continue  # nothing to inline: the module's own function is used
        fn = _clone(node)
        local = _bound(fn)
        changed = 0
        serial = [0]
        for _ in range(ROUNDS):
            inliner = _Inliner(forms, env, local, free, blocks, serial)
            inliner.visit(fn)
            changed += inliner.changed
            if not inliner.changed:
                break
        if changed:
            ast.fix_missing_locations(fn)
            codes.append((node.name, compile(ast.Module(body=[fn], type_ignores=[]), module.__file__ or "<rules>",
                                             "exec")))
    return codes


def _key(module: types.ModuleType, source: str) -> str:
    """What the inlined code was made from: this module's bytes, Python's version, ``module``'s file and source and
    the source of every module one of its functions comes from (the forms it imports). The file, since the code
    names it for tracebacks: another checkout's entry, in a cache folder two trees share, is not loaded."""
    import sys
    from pathlib import Path

    from cardgen.cache import fingerprint

    files = sorted({getattr(v, "__globals__", {}).get("__file__") or "" for v in vars(module).values()
                    if isinstance(v, types.FunctionType)} - {"", module.__file__})
    parts = []
    for file in files:
        try:
            parts.append(Path(file).read_bytes())
        except OSError:
            parts.append(file)
    return fingerprint(sys.version, Path(__file__).read_bytes(), module.__file__ or "", source, *files, *parts)


def _entry(module: types.ModuleType) -> str:
    return f"inline-{module.__name__}.bin"


def _kept(module: types.ModuleType, key: str) -> list[tuple[str, types.CodeType]] | None:
    """The inlined code an earlier run kept for exactly ``key``; None when there is none (or it is damaged)."""
    import marshal
    from pathlib import Path

    from cardgen.cache import load

    blob = load("inline", Path(__file__).resolve().parent, _entry(module), key)
    try:
        codes = marshal.loads(blob) if isinstance(blob, bytes) else None
    except (ValueError, EOFError, TypeError):
        return None
    if not isinstance(codes, tuple) or not all(isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str)
                                               and isinstance(c[1], types.CodeType) for c in codes):
        return None
    return list(codes)


def _keep(module: types.ModuleType, key: str, codes: list[tuple[str, types.CodeType]]) -> None:
    """Keep ``codes`` for the next run (quietly not, where no folder takes them)."""
    import marshal
    from pathlib import Path

    from cardgen.cache import save

    save("inline", Path(__file__).resolve().parent, _entry(module), key, marshal.dumps(tuple(codes)))


def Steps(module: types.ModuleType) -> types.ModuleType:  # noqa: N802 - used as the class it was
    """``inlined(module)``, made when a step is first read: importing a game's engine (every command that loads
    the games does) pays nothing; the first game played pays loading the kept code (5 ms), or, the first time
    after the rules changed, the 45-65 ms of parsing and inlining (Royale, Draco). After that, every name is the
    steps' own, read as fast as any module's.

    A plain module whose module-level ``__getattr__`` (PEP 562) makes the steps on the first name it lacks: the
    interpreter reads a module's attribute through its specialised instruction. It was an object of a class with
    ``__getattr__``, whose every read (``rules.act``, ``rules.legal``, ``rules.place``: a few per decision) took the
    generic path: 87 ns against 15-30 ns a read (``timeit``, this machine)."""
    steps = types.ModuleType(module.__name__ + ".steps", module.__doc__)

    def __getattr__(name: str) -> Any:  # noqa: N807 - PEP 562's name
        made = inlined(module)
        steps.__dict__.pop("__getattr__", None)
        steps.__dict__.update({k: v for k, v in vars(made).items() if k not in ("__name__", "__spec__", "__loader__")})
        return getattr(made, name)

    steps.__getattr__ = __getattr__  # type: ignore[method-assign]
    return steps
