"""Where numba keeps compiled code: a folder named by the content of every source file it came from.

numba's own cache (``@njit(cache=True)``) checks a cached function against the time stamp
of *its own* source file only. A compiled function also holds what it inlined or called
from other modules (``royale/fastreq.py`` inside ``fastcore``, ``engine/fastrng.py`` inside
every game, constants imported from ``engine/searchparams.py``), so after an edit, a ``git pull``
or an upgrade that changed only such a module numba would go on running the old code:
silently wrong games.

So every compiled cache lives under ``<cache root>/numba/<code key>/``, where the code key
hashes the bytes of every module that imports numba and of every module those import from
``cardgen`` (found in their source text, wherever in it, followed to the end), with the
Python version and the releases of numba and llvmlite (``compiler_releases``). numba checks
its own release against each index file, but it writes an index before the code it names:
a second process of another release could load the other release's code in between (CI's
lowest releases met the newest's cached code that way: "LLVM bitcode parsing error"). The list is found again each time, from what the files say: a renamed,
added or newly imported module counts without a list of names to keep up to date. Any change to any of them is a new, empty folder: the next run
compiles again. The few most recently used older folders are kept (two checkouts sharing
one cache folder do not thrash), the others are deleted.

``install()`` runs when ``cardgen`` is imported and costs nothing until numba itself is
imported: a finder on ``sys.meta_path`` points ``NUMBA_CACHE_DIR`` at the folder just
before numba reads its configuration (numba re-reads that variable before each compile,
so the environment, not only ``numba.config``, must say it). Worker processes inherit
the variable; a ``cardgen`` of another checkout sets its own.

The cache root is ``$CARDGEN_CACHE_DIR/numba`` when that is set (a temporary folder of
this process when it is set to ""), else ``cardgen/__pycache__/numba`` beside the package,
else (a read-only system or wheel install) the user's cache folder (``cardgen.cache``).
Other caches derived from compiled code (Royale's noble tables) use ``code_key()`` too.
This module imports nothing heavy.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import types

#: The ``cardgen`` package folder whose compiled modules are keyed.
PACKAGE = Path(__file__).resolve().parent
#: How many older code-key folders stay beside the current one (most recently used first).
KEEP_OLD = 2
#: An older folder used less than this many seconds ago is never deleted (another process may use it).
BUSY_SECONDS = 600.0

_NUMBA_IMPORT = re.compile(rb"^[ \t]*(?:from[ \t]+numba[\s.]|import[ \t]+numba\b)", re.M)
# ``from X import a, b`` / ``from X import (a,\n b)`` / ``import X``, X absolute in cardgen or relative.
_IMPORT = re.compile(
    rb"^[ \t]*(?:from[ \t]+(\.+[\w.]*|cardgen(?:\.[\w.]+)?)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)"
    rb"|import[ \t]+(cardgen(?:\.[\w.]+)?))", re.M)

_KEY_NAME = re.compile(r"[0-9a-f]{20}")
_key: str | None = None


def _dotted(path: Path) -> str:
    """The module name of a source file of the package: ``cardgen/x/y.py`` -> ``cardgen.x.y``
    (a package's ``__init__.py`` -> the package's name)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(("cardgen", *(parts[:-1] if parts[-1] == "__init__" else parts)))


def _imports(path: Path, text: bytes, modules: dict[str, Path]) -> set[Path]:
    """The ``cardgen`` source files ``text`` (the module at ``path``) imports, wherever in it
    (functions, ``TYPE_CHECKING`` blocks: more is only a recompile too many). ``modules``:
    module name -> its source file."""
    package = ["cardgen", *path.parent.relative_to(PACKAGE).parts]
    found: set[Path] = set()
    for match in _IMPORT.finditer(text):
        source = (match.group(1) or match.group(3)).decode()
        if source.startswith("."):
            rest = source.lstrip(".")
            up = len(source) - len(rest)
            source = ".".join(package[:len(package) - up + 1] + ([rest] if rest else []))
        names = (match.group(2) or b"").decode().strip("() \t")
        candidates = [source] + [f"{source}.{n.split()[0]}" for n in names.split(",") if n.split()]
        for dotted in candidates:
            parts = dotted.split(".")
            for end in range(1, len(parts) + 1):  # every package on the way is imported too
                module = modules.get(".".join(parts[:end]))
                if module is not None:
                    found.add(module)
    return found


def compiled_sources() -> list[Path]:
    """Every source file compiled code may depend on, sorted: see the module's docstring."""
    files = {p: p.read_bytes() for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    modules = {_dotted(p): p for p in files}
    seeds = [p for p, text in files.items() if b"numba" in text and _NUMBA_IMPORT.search(text)]
    chosen = set(seeds)
    todo = list(chosen)
    while todo:
        path = todo.pop()
        for module in _imports(path, files[path], modules):
            if module not in chosen:
                chosen.add(module)
                todo.append(module)
    return sorted(chosen)


def compiler_releases() -> str:
    """The installed releases of numba and llvmlite, read from their metadata (numba is not imported):
    code one release compiled is never loaded by another."""
    from importlib import metadata
    found = []
    for name in ("numba", "llvmlite"):
        try:
            found.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name}=none")
    return ",".join(found)


def code_key() -> str:
    """The hash of every source file compiled code depends on, of the Python version and of the
    compiler's releases (memoized)."""
    global _key
    if _key is None:
        import hashlib
        h = hashlib.sha256(f"cardgen-jit|1|{sys.version}|{sys.platform}|{compiler_releases()}".encode())
        for path in compiled_sources():
            h.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
        _key = h.hexdigest()[:20]
    return _key


def cache_root() -> Path | None:
    """The first folder among ``cardgen.cache.cache_dirs(..., "numba")`` that can be written,
    or None (then numba keeps nothing: a temporary folder of this process is used)."""
    from cardgen.cache import cache_dirs, writable
    for folder in cache_dirs(PACKAGE, "numba"):
        if folder.name == "__pycache__":  # beside the package: its own subfolder
            folder = folder / "numba"
        if writable(folder):
            return folder
    return None


def cache_dir() -> Path:
    """This code's numba cache folder (made, marked as just used, older folders pruned)."""
    root = cache_root()
    if root is None:
        import atexit
        import shutil
        import tempfile
        scratch = Path(tempfile.mkdtemp(prefix="cardgen-numba-"))
        atexit.register(shutil.rmtree, scratch, True)
        return scratch
    folder = root / code_key()
    folder.mkdir(parents=True, exist_ok=True)
    os.utime(folder)
    prune(root, keep=folder)
    return folder


def prune(root: Path, keep: Path) -> None:
    """Delete the code-key folders under ``root`` beyond the ``KEEP_OLD`` most recently used,
    except ``keep`` and any used in the last ``BUSY_SECONDS``."""
    try:
        others = [p for p in root.iterdir() if p != keep and _KEY_NAME.fullmatch(p.name) and p.is_dir()]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    import shutil
    import time
    now = time.time()
    for old in others[KEEP_OLD:]:
        try:
            if now - old.stat().st_mtime > BUSY_SECONDS:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue


def point_numba() -> Path:
    """Point numba's cache at ``cache_dir()`` (the environment, and numba's configuration when loaded)."""
    folder = cache_dir()
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    return folder


class _BeforeNumba:
    """A ``sys.meta_path`` finder that points numba's cache the moment numba is first imported,
    then steps aside (it finds nothing itself)."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "numba":
            uninstall()
            try:
                point_numba()
            except OSError:  # no cache then; numba compiles as if none were kept
                pass
        return None


_finder = _BeforeNumba()


def uninstall() -> None:
    """Remove the import hook (it is done once numba is imported)."""
    while _finder in sys.meta_path:
        sys.meta_path.remove(_finder)


def install() -> None:
    """Make sure numba's cache is keyed by ``code_key()`` whenever numba compiles in this process, and that
    numba copies inlined callees once (``cardgen.speedups.numba_inline``, switchable)."""
    from cardgen.speedups import numba_inline

    numba_inline.install()
    if "numba" in sys.modules:
        point_numba()
    elif _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


def is_cached(dispatcher: object) -> bool:
    """Whether numba's disk cache already holds ``dispatcher``'s compiled code (numba internals:
    best effort, False when they cannot be read)."""
    try:
        return Path(dispatcher._cache._cache_file._index_path).is_file()  # type: ignore[attr-defined]
    except AttributeError:
        return False


def bind(template: "types.FunctionType", name: str, options: dict[str, object] | None = None,
         **kernels: object) -> object:
    """``template`` compiled with ``kernels`` in place of the globals of those names: one game's copy
    of a game-agnostic compiled loop (the search driver's iterations, the batch tier's games).

    numba freezes the globals a function calls when it compiles it, so a loop written once in
    ``cardgen/engine/`` becomes each game's own by being compiled once per game with that game's
    kernels as its globals. Passing the kernels as arguments instead would compile too, but numba
    then never finds the code in its disk cache (the key of a function-typed argument changes in
    every process), so each first run would compile again. ``name`` (e.g. ``"king_lui"``) suffixes
    the copy's ``__qualname__``: numba's cache file is named after it, so the games' copies never
    share an entry. ``options`` go to ``njit`` (``cache=True`` always).
    """
    from numba import njit
    return njit(cache=True, **(options or {}))(rebound(template, name, **kernels))


def rebound(template: "types.FunctionType", name: str | None = None, **kernels: object) -> "types.FunctionType":
    """``template`` as a plain Python function reading ``kernels`` in place of the globals of those names (``bind``
    without the compile): a step written once in ``cardgen/engine/`` made a game's own where the game's half hands
    it on uncompiled (``compile_rule`` binds a ``HookSteps`` template again, with the rule's hooks). ``name``
    suffixes its ``__name__`` and ``__qualname__``, as ``bind``'s (None: the template's own)."""
    import types

    scope = dict(template.__globals__)
    scope.update(kernels)
    suffix = "" if name is None else f"_{name}"
    fn = types.FunctionType(template.__code__, scope, f"{template.__name__}{suffix}", template.__defaults__,
                            template.__closure__)
    fn.__qualname__ = f"{template.__qualname__}{suffix}"
    fn.__module__ = template.__module__
    fn.__doc__ = template.__doc__
    return fn


_announced: set[str] = set()


def announce_compile(what: str, dispatcher: object, name: "str | Callable[[], str | None] | None" = None) -> None:
    """Say once per process, on stderr, that numba compiles ``what`` (a game's compiled tier or search
    driver, e.g. "King Lui fast engine") when its disk cache does not hold ``dispatcher`` yet: the first
    run pauses for a while, and the user should know why. ``name``: the game's name in the terminal's language
    (« Le Roi Lui »), where the caller knows it; ``what``'s English name otherwise. The line is fitted to the
    terminal's width as every other line (``echo``): unwrapped, it ran to 141 columns (terminal round 47 fr18*).
    ``name`` may be a function that gives it, called only when the line is said (a search driver announces at every
    decision: ``game_name``)."""
    if what in _announced:
        return
    _announced.add(what)
    if not is_cached(dispatcher):
        from cardgen.terminal import echo
        echo(compile_notice(what, name() if callable(name) else name), file=sys.stderr, flush=True)


def game_name(game: object) -> str | None:
    """``game``'s name in the terminal's language, a variant's base game's (« Le Roi Lui »), as
    ``BatchEngine.shown_name`` gives a compiled tier's: a search driver's first-run line said the English "King Lui"
    on the French terminal (terminal round 47 fr18*). None where the game has no resolved deck."""
    from cardgen.terminal import language

    resolved = getattr(game, "resolved", None)
    base = getattr(resolved, "base", None) or resolved
    try:
        return str(base.model.name[language()])  # type: ignore[union-attr]
    except (AttributeError, KeyError, TypeError, ReferenceError):
        return None


def compile_notice(what: str, name: str | None = None) -> str:
    """``announce_compile``'s line in the terminal's language (``terminal.json``): ``what`` as the compiled
    tiers and search drivers name themselves ("Draco fast tier", "King Lui search driver (paired)", "King Lui fast
    engine with house/rule.py": a house rule's loops, compiled again for each version of the file, and "King Lui search
    driver (paired) with house/rule.py": its search), the game's name (``name``, in the language, where given) and
    the rest in the language's words. A compiled tier's line names the event as validate's first-run note does,
    "cardgen prepares the game", headed by the game's name: « compilation du moteur rapide de King Lui » was the one
    English name and the one line of jargon on the French terminal (terminal round 47 fr18*, en24, it12)."""
    import re

    from cardgen.terminal import say, word

    if m := re.fullmatch(r"(.+) fast (tier|engine) with (.+)", what):  # a house rule's loops: per version of its file
        return say("compiling_house", game=name or m[1], file=m[3])
    if m := re.fullmatch(r"(.+) fast (tier|engine)", what):
        return say("compiling_fast", game=name or m[1])
    if (m := re.fullmatch(r"(.+) search driver \((\w+)\) with (.+)", what)) and m[2] in word("search_kinds"):
        return say("compiling_house_search", game=name or m[1], kind=word("search_kinds")[m[2]], file=m[3])
    if (m := re.fullmatch(r"(.+) search driver \((\w+)\)", what)) and m[2] in word("search_kinds"):
        return say("compiling_search", game=name or m[1], kind=word("search_kinds")[m[2]])
    return say("compiling", what=what)



#: per dispatcher: a key of the arguments (``_shape``; the context's member identities) -> (the context, the
#: compiled code for their types); see ``call``
_COMPILED: "dict[int, dict[tuple, tuple[object, Callable[..., object]]]]" = {}
#: the scalar classes ``_shape`` knows: numba types each alike whatever its value (filled at the first ``call``)
_SCALARS: set[type] = set()
#: entries one dispatcher keeps (a game's buffers grown for a longer cap make a new context)
_KEEP = 8


def _shape(x: object) -> object:
    """What numba's type of ``x`` follows from, where ``call`` can tell it cheaply: an array's dtype, dimensions,
    contiguity, alignment and writability; a tuple's class and members'; a number's class. None otherwise."""
    kind = type(x)
    if kind in _SCALARS:
        return kind
    if isinstance(x, tuple):
        members = tuple(map(_shape, x))
        return None if None in members else (kind, members)
    flags = getattr(x, "flags", None)
    if flags is None or not hasattr(x, "ndim"):
        return None
    return x.dtype.str, x.ndim, flags.c_contiguous, flags.f_contiguous, flags.aligned, flags.writeable  # type: ignore[attr-defined]


def _identity(x: object) -> object:
    """``x``'s identity, a tuple's by its class and its members' (a context's named tuples may be made anew for each
    call over the same arrays)."""
    return (type(x), tuple(map(_identity, x))) if isinstance(x, tuple) else id(x)


def call(dispatcher: object, args: tuple, context: int) -> object:
    """``dispatcher(*args)``, the arguments typed once for all calls alike.

    numba types every argument at each call, in Python for a tuple holding a typed container: a house rule's loop
    context holds some fifty arrays and typed containers (``king_lui.compiled.HouseContext``), about 0.3 ms a call,
    several times what a whole covered game of King Lui takes in compiled code, paid at every game a comparison plays
    one by one. ``args[context]``'s type follows from its members', which never change: it is kept per identity of
    its members (``_identity``), the context kept with it (its members stay alive: their identities are not reused
    while kept);
    the other arguments' types, per what numba types them by (``_shape``). The compiled code is the dispatcher's own
    (``overloads``), kept with the key (a numba type hashes itself in Python: looking up a context's signature
    costs about what typing it does); where it has none for these types yet, an argument ``_shape`` cannot tell,
    or under ``NUMBA_DISABLE_JIT``, the dispatcher is called as usual (it types, and compiles).
    """
    overloads = getattr(dispatcher, "overloads", None)
    if overloads is None:  # a plain Python function (``NUMBA_DISABLE_JIT``)
        return dispatcher(*args)  # type: ignore[operator]
    if not _SCALARS:
        import numpy as np
        _SCALARS.update((bool, int, np.int64, np.uint64))
    key = tuple(_identity(a) if i == context else _shape(a) for i, a in enumerate(args))
    if None in key:
        return dispatcher(*args)  # type: ignore[operator]
    kept = _COMPILED.setdefault(id(dispatcher), {})
    got = kept.get(key)
    if got is None:
        typeof = dispatcher.typeof_pyval  # type: ignore[attr-defined]
        compiled = overloads.get(tuple(typeof(a) for a in args))
        if compiled is None:  # not compiled for these types yet: the dispatcher compiles; the next call keeps it
            return dispatcher(*args)  # type: ignore[operator]
        if len(kept) >= _KEEP:
            kept.clear()
        got = kept[key] = (args[context], compiled.entry_point)
    return got[1](*args)
