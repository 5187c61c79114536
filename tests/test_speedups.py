"""The speed-ups (``cardgen/speedups/``) change how fast, never what: ``CARDGEN_SPEEDUPS=0``
switches every one off, and the base decks build to the same bytes both ways."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen import speedups

ROOT = Path(__file__).resolve().parent.parent
BASE_DECKS = ("king_lui", "royale", "draco")


def _env(value: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != speedups.ENV}
    if value is not None:
        env[speedups.ENV] = value
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_the_variable_switches_all_or_named_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(speedups.ENV, raising=False)
    assert all(speedups.enabled(name) for name in speedups.NAMES)
    monkeypatch.setenv(speedups.ENV, "0")
    assert not any(speedups.enabled(name) for name in speedups.NAMES)
    monkeypatch.setenv(speedups.ENV, "-lazy_pillow, -gc")
    assert [n for n in speedups.NAMES if not speedups.enabled(n)] == ["lazy_pillow", "gc"]
    with pytest.raises(ValueError):
        speedups.enabled("pdfenc")


PROBE = """
import gc, sys
from cardgen.speedups import gcpolicy, lazy_pillow
lazy = lazy_pillow.install()  # before reportlab imports Pillow
import reportlab.lib.utils
from cardgen.speedups import pydantic_import
print(gcpolicy.install(), gc.get_threshold() == gcpolicy.THRESHOLDS, lazy, type(sys.modules["PIL.Image"]).__name__,
      pydantic_import.import_pydantic(), "importlib.metadata" in sys.modules)
"""


def test_switched_off_nothing_of_a_dependency_is_changed() -> None:
    on = subprocess.run([sys.executable, "-c", PROBE], env=_env(None), capture_output=True, text=True, check=True)
    off = subprocess.run([sys.executable, "-c", PROBE], env=_env("0"), capture_output=True, text=True, check=True)
    assert on.stdout.split() == ["True", "True", "True", "StandIn", "True", "False"]
    assert off.stdout.split() == ["False", "False", "False", "module", "False", "True"]


def _build(out: Path, value: str | None) -> dict[str, bytes]:
    """The PDFs and pictures of the base decks (English, both papers: the second rulebook replays faces)."""
    proc = subprocess.run([sys.executable, "-m", "cardgen", "build", *BASE_DECKS, "--lang", "en",
                           "--paper", "a4,letter", "--out", str(out)],
                          cwd=ROOT, env=_env(value), capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.suffix in (".pdf", ".png")}


def test_the_base_decks_build_byte_identical_without_speedups(tmp_path: Path) -> None:
    fast = _build(tmp_path / "on", None)
    plain = _build(tmp_path / "off", "0")
    assert sum(name.endswith(".pdf") for name in fast) >= 12 and any(n.endswith(".png") for n in fast)
    assert fast.keys() == plain.keys()
    assert [name for name in fast if fast[name] != plain[name]] == []
