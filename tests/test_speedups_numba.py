"""``cardgen.speedups.numba_inline``: numba's copies of inlined callees share a memo per scope, which
changes how fast numba compiles, never what it generates."""
from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
import types
from pathlib import Path

from cardgen import speedups
from cardgen.speedups import numba_inline

ROOT = Path(__file__).resolve().parent.parent

# Functions inlined into functions inlined into a compiled one: ``leaf`` is copied into ``mid`` at three
# sites and ``mid`` into ``top`` at two, so a memo kept past one site would hand a later site the blocks
# an earlier one already spliced and renamed.
PROBE = """
import hashlib, json, sys
import cardgen
from numba import njit

@njit(inline="always")
def leaf(x, k):
    total = 0
    for i in range(x):
        if i % 3 == k:
            total += i
        elif i % 5 == 1:
            total -= k
    return total

@njit(inline="always")
def mid(x):
    return leaf(x, 0) + 2 * leaf(x + 1, 1) - leaf(x + 2, 2)

@njit
def top(x):
    return mid(x) * 7 + mid(x * 2)

values = [top(n) for n in range(12)]
from cardgen.speedups import numba_inline
llvm = top.inspect_llvm(top.signatures[0])
print(json.dumps({"values": values, "python": [top.py_func(n) for n in range(12)],
                  "llvm": hashlib.sha256(llvm.encode()).hexdigest(), "shared": numba_inline.COPIES.shared,
                  "patched": type(sys.modules["numba.core.inline_closurecall"].copy).__name__}))
"""


def _probe(switch: str | None) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != speedups.ENV}
    if switch is not None:
        env[speedups.ENV] = switch
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def test_inlined_callees_compile_to_the_same_code_with_and_without_the_shared_copies() -> None:
    on, off = _probe(None), _probe("-numba_inline")
    assert on["patched"] == "SharedCopies" and on["shared"] > 0
    assert off["patched"] == "module" and off["shared"] == 0
    assert on["values"] == on["python"] == off["values"]
    assert on["llvm"] == off["llvm"]


class _Block:
    """The two attributes of numba's ``ir.Block`` the stand-in looks at."""

    def __init__(self, scope: dict[str, list[int]], body: list[object]) -> None:
        self.scope = scope
        self.body = body


def test_blocks_of_one_scope_share_its_copy_only_inside_one_inline_call() -> None:
    scope = {"vars": [1, 2, 3]}
    first, second = _Block(scope, [scope["vars"]]), _Block(scope, [])
    other = _Block({"vars": [4]}, [])

    def inline_ir() -> tuple[_Block, _Block, _Block]:
        return (numba_inline.COPIES.deepcopy(first), numba_inline.COPIES.deepcopy(second),
                numba_inline.COPIES.deepcopy(other))

    a, b, c = numba_inline._scoped(inline_ir)()
    assert a.scope is b.scope and a.scope is not scope and a.scope == scope
    assert a.body[0] is a.scope["vars"]  # one memo for the block's own objects too
    assert c.scope is not a.scope
    again, _, _ = numba_inline._scoped(inline_ir)()
    assert again.scope is not a.scope  # the memo ended with the call
    outside = numba_inline.COPIES.deepcopy(first)
    assert outside.scope is not a.scope and outside.scope is not again.scope
    memo: dict[int, object] = {}
    given = [numba_inline.COPIES.deepcopy(first, memo), numba_inline.COPIES.deepcopy(second, memo)]
    assert given[0].scope is given[1].scope  # a caller's own memo is used as given


def test_a_numba_of_another_shape_is_left_alone() -> None:
    module = types.ModuleType("numba.core.inline_closurecall")
    module.copy = copy  # type: ignore[attr-defined]
    assert numba_inline.patch(module) is False and module.copy is copy  # no InlineWorker
    worker = type("InlineWorker", (), {"inline_ir": lambda self: hashlib})
    module.InlineWorker = worker  # type: ignore[attr-defined]
    assert numba_inline.patch(module) is True and module.copy is numba_inline.COPIES
    wrapped = worker.inline_ir
    assert numba_inline.patch(module) is True and worker.inline_ir is wrapped  # once only
