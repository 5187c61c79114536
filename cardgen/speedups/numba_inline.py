"""numba's inlining of ``inline="always"`` functions, with each callee's blocks copied together.

For every call site of an ``inline="always"`` function, numba's ``InlineWorker.inline_ir`` copies
the callee's IR twice (once to splice in, once kept and thrown away by its callers) with one
``copy.deepcopy`` *per block*, each with a memo of its own. Every block points at the function's
scope, which holds every variable of the function, so each block's copy copies the whole scope
again: a callee of B blocks and V variables costs some 2 x B x V objects, and the inlined
callees of our compiled rules are large (Royale's ``act`` holds its steps inlined). Then
``_get_all_scopes`` compares those B scope copies with ``==``, variable by variable.

``install()`` makes those per-block copies share one memo for the length of one ``inline_ir``
call, per scope copied: the scope is copied once per copy of the callee, as numba's own front
end makes one scope per function. Nothing else changes: the copies hold the same statements,
names and labels, numba drops the scope copies once the blocks are spliced into the caller,
and the code it generates is the same (``tests/test_speedups_numba.py`` compiles nested inlined
functions both ways and compares their LLVM IR). It stands in for the ``copy`` module inside
``numba.core.inline_closurecall`` only; every other use of ``copy`` there, and any deepcopy
with a memo of its own, goes to the real one. A numba whose ``inline_ir`` copies otherwise
simply never meets the shared memo.

``numba.core.inline_closurecall`` costs some 70 ms to import (it pulls numba's array code), so
it is patched when numba first imports it, by a finder on ``sys.meta_path`` (installed with
``cardgen.jit``'s), never imported for that alone.

Measured: Royale's first build (``benchmarks/compile_times.py royale``, an empty cache) in
docs/DEVELOPING.md, "Royale's first build: numba's copies of inlined callees".
Off with ``CARDGEN_SPEEDUPS=-numba_inline`` (or ``0``).
"""
from __future__ import annotations

import copy
import functools
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from cardgen.speedups import enabled

#: the numba module whose copies are shared
MODULE = "numba.core.inline_closurecall"

# one dict (scope id -> memo) per inline_ir call open; numba compiles under one lock for the whole process, so one
# stack serves every thread (and the module imports neither threading nor importlib.abc: it loads with cardgen)
_STACK: list[dict[int, dict[int, Any]]] = []


class SharedCopies(ModuleType):
    """Stands for the ``copy`` module inside numba's ``inline_closurecall``: a block deep-copied with
    no memo while ``inline_ir`` runs shares the memo of every other block of the same scope."""

    def __init__(self) -> None:
        super().__init__("copy", "the copy module, with inline_ir's block copies sharing a memo per scope "
                                 "(cardgen.speedups.numba_inline)")
        #: how many block copies shared a memo (tests read it: the patch was used)
        self.shared = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)

    def deepcopy(self, value: Any, memo: dict[int, Any] | None = None) -> Any:
        scope = getattr(value, "scope", None)
        if memo is not None or not _STACK or scope is None or not hasattr(value, "body"):
            return copy.deepcopy(value, memo)
        self.shared += 1
        return copy.deepcopy(value, _STACK[-1].setdefault(id(scope), {}))


#: the one stand-in (its counter is read by tests)
COPIES = SharedCopies()


def _scoped(inline_ir: Callable[..., Any]) -> Callable[..., Any]:
    """``inline_ir`` with a fresh set of shared memos for its own copies (nested calls get theirs)."""
    if getattr(inline_ir, "_cardgen_shared", False):
        return inline_ir

    @functools.wraps(inline_ir)
    def scoped(*args: Any, **kwargs: Any) -> Any:
        _STACK.append({})
        try:
            return inline_ir(*args, **kwargs)
        finally:
            _STACK.pop()

    scoped._cardgen_shared = True  # type: ignore[attr-defined]
    return scoped


def patch(module: ModuleType) -> bool:
    """Patch a loaded ``numba.core.inline_closurecall``; False when it is not the shape this expects."""
    worker = getattr(module, "InlineWorker", None)
    if worker is None or not hasattr(worker, "inline_ir") or getattr(module, "copy", None) is not copy:
        return getattr(module, "copy", None) is COPIES
    worker.inline_ir = _scoped(worker.inline_ir)
    module.copy = COPIES  # type: ignore[attr-defined]
    return True


class _Loader:
    """The real loader of ``MODULE``, then the patch (a loader by its two methods)."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def create_module(self, spec: Any) -> ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.real.exec_module(module)
        if enabled("numba_inline"):
            patch(module)


class _WhenLoaded:
    """A ``sys.meta_path`` finder: finds ``MODULE`` as the path finder does and hands back its spec with
    ``_Loader``; it finds nothing else."""

    def find_spec(self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> Any:
        if name != MODULE:
            return None
        uninstall()
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _Loader(spec.loader)
        return spec


_finder = _WhenLoaded()


def uninstall() -> None:
    """Remove the finder (done once the module is found)."""
    while _finder in sys.meta_path:
        sys.meta_path.remove(_finder)


def install() -> bool:
    """Patch numba's inlining now if it is loaded, else when it is; False when switched off."""
    if not enabled("numba_inline"):
        return False
    loaded = sys.modules.get(MODULE)
    if loaded is not None:
        return patch(loaded)
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)
    return True
