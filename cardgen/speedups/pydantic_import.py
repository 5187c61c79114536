"""Import pydantic without importing asyncio: a tenth of printing one deck.

pydantic_core and pydantic mark their old functions with typing_extensions'
``deprecated``, which, on Python before 3.13, runs ``import asyncio.coroutines`` for
each one to ask whether it is a coroutine function. That import executes
``asyncio/__init__`` (event loops, sockets, SSL, subprocesses): about 35 ms at the
start of every command that reads a deck, for a question whose answer is always no.
``coroutines.py`` itself needs nothing from its package. Likewise pydantic's plugin
loader imports ``importlib.metadata`` (with ``email``, ``zipfile``, ``csv``: 15 ms) for
``entry_points``, which it calls only to look for plugins, and cardgen turns plugins
off (``PYDANTIC_DISABLE_PLUGINS``).

``import_pydantic`` lends the import system a bare ``asyncio`` package whose only
module is the real ``asyncio/coroutines.py`` while pydantic loads, then takes both
back: the first real ``import asyncio`` later (Dask, Optuna) loads the whole package
as usual, ``coroutines`` included. It lends a bare ``importlib.metadata`` too, whose
``entry_points`` (or any other attribute) imports the real module when first used. Should a module imported meanwhile keep a
reference to the lent package, or the import fail under the loan, every module
imported during it is dropped and pydantic is imported the ordinary way.

Measured: 10-17 ms of CPU on the 110-card King Lui sheet (benchmarks/bench_speedups.py); with
pydantic 2.13 and typing_extensions 4.16 asyncio is no longer imported either way, so the gain is
the lent ``importlib.metadata``.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import types

from cardgen.speedups import enabled
from cardgen.speedups.standin import StandIn, real

#: The pydantic modules that call ``deprecated`` on functions when imported, and that a deck model needs;
#: then the plugin loader, which the first model class imports.
MODULES = ("pydantic_core", "pydantic_core.core_schema", "pydantic", "pydantic.main", "pydantic.fields",
           "pydantic.types", "pydantic.json_schema", "pydantic.functional_validators",
           "pydantic._internal._generate_schema", "pydantic._internal._model_construction",
           "pydantic.plugin._schema_validator", "pydantic.plugin._loader")


def _entry_points(**params: object) -> object:
    """``importlib.metadata.entry_points``, the module imported on the first call (pydantic's plugin lookup)."""
    return real("importlib.metadata").entry_points(**params)  # type: ignore[arg-type]


def _lent_metadata() -> types.ModuleType:
    """A bare ``importlib.metadata`` whose every attribute but ``entry_points`` comes from the real module
    when first asked: a module that keeps it (pydantic 2.5 imports the module, 2.14 the function) works."""
    lent = StandIn("importlib.metadata", "lent by cardgen.speedups.pydantic_import while pydantic loads")
    lent.entry_points = _entry_points  # type: ignore[attr-defined]
    return lent


def _plain() -> None:
    for name in MODULES:
        importlib.import_module(name)


def import_pydantic() -> bool:
    """Import ``MODULES``; True when asyncio stayed out of it (else they were imported the ordinary way,
    as they are when this speed-up is switched off: ``CARDGEN_SPEEDUPS``)."""
    if (sys.version_info >= (3, 13) or "asyncio" in sys.modules or "pydantic.main" in sys.modules
            or not enabled("pydantic_import")):
        _plain()  # 3.13 asks inspect instead; or there is nothing left to save
        return False
    spec = importlib.util.find_spec("asyncio")
    if spec is None or not spec.submodule_search_locations:
        _plain()
        return False
    lent = types.ModuleType("asyncio", "lent by cardgen.speedups.pydantic_import while pydantic loads")
    lent.__path__ = list(spec.submodule_search_locations)
    before = set(sys.modules)
    sys.modules["asyncio"] = lent
    metadata = None
    if "importlib.metadata" not in sys.modules:
        metadata = sys.modules["importlib.metadata"] = _lent_metadata()
    try:
        lent.coroutines = importlib.import_module("asyncio.coroutines")  # type: ignore[attr-defined]
        _plain()
        ok = True
    except Exception:
        ok = False
    finally:
        for name in [n for n in sys.modules if n == "asyncio" or n.startswith("asyncio.")]:
            del sys.modules[name]
        if metadata is not None and sys.modules.get("importlib.metadata") is metadata:
            del sys.modules["importlib.metadata"]
    new = [sys.modules[n] for n in set(sys.modules) - before if n in sys.modules]
    if ok and not any(value is lent for module in new for value in vars(module).values()):
        return True
    for module in new:  # something needs the real asyncio: start again without the loan
        if not str(getattr(module, "__file__", "") or "").endswith((".so", ".pyd")):  # compiled ones load once
            sys.modules.pop(module.__name__, None)
    _plain()
    return False
