"""pdfium's few functions for the gallery (cardgen/report/pdfium.py): the same pixels as pypdfium2's bindings."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.report import pdfium

ROOT = Path(__file__).resolve().parent.parent


def _pictures() -> dict[str, bytes]:
    from cardgen.load.project import Project
    from cardgen.render.export import _sides_of
    from cardgen.report.gallery import draw_pictures
    from cardgen.resolve.resolve import Resolver

    deck = Resolver(Project.open(ROOT)).resolve("king_lui")
    sides = _sides_of(deck)
    return dict(draw_pictures(deck, "en", [(side, f"k{i}") for i, side in enumerate(sides)]))


def test_the_own_declarations_and_pypdfium2s_draw_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    pdfium.library.cache_clear()
    own = pdfium.library()
    assert not hasattr(own, "__file__"), "pypdfium2_raw's library file was not found where pypdfium2 puts it"
    mine = _pictures()
    pdfium.library.cache_clear()
    monkeypatch.setattr(pdfium, "_own", lambda: None)
    try:
        import pypdfium2.raw
        assert pdfium.library() is pypdfium2.raw
        theirs = _pictures()
    finally:
        pdfium.library.cache_clear()
    assert len(mine) == 2 * 9 and mine == theirs


def test_no_library_file_falls_back_to_pypdfium2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(pdfium, "_library_file", lambda: tmp_path / "libpdfium.so")  # not a library: CDLL fails
    assert pdfium._own() is None
    monkeypatch.setattr(pdfium, "_library_file", lambda: None)
    assert pdfium._own() is None


def test_unreadable_bytes_are_refused_not_crashed_on() -> None:
    lib = pdfium.library()
    junk = b"%PDF-1.4 this is no PDF"
    assert not lib.FPDF_LoadMemDocument(junk, len(junk), None)
    assert lib.FPDF_GetLastError() != 0


def test_drawing_pictures_does_not_import_pypdfium2() -> None:
    code = ("import sys\n"
            "from cardgen.load.project import Project\n"
            "from cardgen.render.export import _sides_of\n"
            "from cardgen.report.gallery import draw_pictures\n"
            "from cardgen.resolve.resolve import Resolver\n"
            "deck = Resolver(Project.open('.')).resolve('king_lui')\n"
            "files = draw_pictures(deck, 'en', [(s, 'k') for s in _sides_of(deck)[:2]])\n"
            "assert len(files) == 4 and all(data.startswith(b'\\x89PNG') for _, data in files)\n"
            "print(sorted(m for m in sys.modules if m.startswith('pypdfium2')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
