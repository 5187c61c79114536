"""pydantic without asyncio: a command that reads a deck loads neither, and nothing breaks after."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.version_info >= (3, 13), reason="3.13's deprecated never imports asyncio")


def _run(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_reading_a_deck_leaves_asyncio_out_and_the_real_one_loads_later() -> None:
    out = _run("""
        import sys
        from cardgen.speedups.pydantic_import import import_pydantic
        assert import_pydantic() is True
        from cardgen.load.project import Project
        from cardgen.resolve.resolve import Resolver
        deck = Resolver(Project.open(".")).resolve("king_lui")
        assert len(deck.model.components) > 5
        assert not any(n == "asyncio" or n.startswith("asyncio.") for n in sys.modules), "asyncio loaded"
        import asyncio, asyncio.coroutines          # the whole package, as if nothing had happened
        assert asyncio.run(asyncio.sleep(0, "slept")) == "slept"
        assert asyncio.coroutines.iscoroutinefunction(asyncio.sleep)
        from typing_extensions import deprecated    # what pydantic uses it for still works
        old = deprecated("use new")(lambda: 1)
        import warnings
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            assert old() == 1
        assert "use new" in str(seen[0].message)
        print("ok")
        """)
    assert out == "ok"


def test_reading_a_deck_with_plugins_off_leaves_importlib_metadata_out_and_pydantic_can_still_look() -> None:
    out = _run("""
        import os, sys
        os.environ["PYDANTIC_DISABLE_PLUGINS"] = "__all__"   # as the command line sets it
        from cardgen.speedups.pydantic_import import import_pydantic
        assert import_pydantic() is True
        from cardgen.load.project import Project
        from cardgen.resolve.resolve import Resolver
        Resolver(Project.open(".")).resolve("king_lui")
        assert "importlib.metadata" not in sys.modules, "importlib.metadata loaded"
        import importlib
        assert not hasattr(importlib, "metadata")
        from pydantic.plugin import _loader
        del os.environ["PYDANTIC_DISABLE_PLUGINS"]       # pydantic looks for plugins: the real module answers
        assert list(_loader.get_plugins()) == []
        import importlib.metadata
        from cardgen.speedups.standin import StandIn
        assert not isinstance(importlib.metadata, StandIn) and hasattr(importlib.metadata, "distribution")
        # pydantic 2.14 keeps the function, 2.5-2.13 the module: either reaches the installed distributions
        held = getattr(_loader, "entry_points", None) or _loader.importlib_metadata.entry_points
        assert any(ep.name == "cardgen" for ep in held(group="console_scripts"))
        assert getattr(_loader, "importlib_metadata", importlib.metadata).version("pydantic")
        print("ok")
        """)
    assert out == "ok"


def test_a_module_that_keeps_the_lent_package_makes_it_start_again_the_ordinary_way(tmp_path: Path) -> None:
    """Should pydantic one day import asyncio for real while it loads, it gets the real one."""
    (tmp_path / "sitecustomize_probe.py").write_text("import asyncio\nHELD = asyncio\n")
    out = _run(f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        import cardgen.speedups.pydantic_import as pi
        pi.MODULES = ("sitecustomize_probe",) + pi.MODULES
        assert pi.import_pydantic() is False
        import sitecustomize_probe, asyncio
        assert sitecustomize_probe.HELD is asyncio and hasattr(asyncio, "get_event_loop")
        import pydantic
        class M(pydantic.BaseModel):
            x: int
        assert M(x=1).x == 1
        print("ok")
        """)
    assert out == "ok"


def test_nothing_to_save_when_asyncio_is_there_already() -> None:
    out = _run("""
        import asyncio
        from cardgen.speedups.pydantic_import import import_pydantic
        assert import_pydantic() is False
        import pydantic.main
        print("ok")
        """)
    assert out == "ok"
