"""Bundled fonts: registration, and the cache of reportlab's parsed fonts (``cardgen.fonts.ttfcache``).

The cache must never change what is printed: a font restored from it has every
attribute a fresh parse gives and draws the same PDF bytes; a corrupt, stale or
unwritable cache only costs the parse.
"""
from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen.fonts import HERE, STYLES, register_font
from cardgen import cache as shared
from cardgen.fonts import ttfcache as cache

FILES = sorted({stem for _, stem in STYLES.values()})


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "fontcache"
    monkeypatch.setattr(shared, "cache_dirs", lambda *where: [folder])
    return folder


def state(font: TTFont) -> tuple[dict, dict, float]:
    """Everything a font holds that can reach a PDF, comparable with ``==``."""
    names = (set(vars(font.face)) - {"_pdfScale", "_cardgen_glyph_chars"}) | {"glyphToChar"}
    face = {k: bytes(getattr(font.face, k)) if k == "_ttf_data" else getattr(font.face, k) for k in names}
    outer = {k: (type(v), vars(v)) if hasattr(v, "__dict__") else v
             for k, v in font.__dict__.items() if k not in ("face", "state")}
    return face, outer, font.face._pdfScale(1234)


@pytest.mark.parametrize("stem", FILES)
def test_a_restored_font_equals_a_fresh_parse(stem, cache_dir) -> None:
    path = HERE / f"{stem}.ttf"
    first = cache.load_font("T", path)  # parses and stores
    assert list(cache_dir.iterdir()), "nothing stored"
    restored = cache.load_font("T", path)
    fresh = TTFont("T", str(path))
    assert restored is not first
    assert state(restored) == state(fresh) == state(first)
    assert type(restored) is TTFont and isinstance(restored.face, type(fresh.face))
    assert len(restored.state) == 0  # no document state carried over


def test_the_reverse_glyph_map_is_built_on_first_use(cache_dir) -> None:
    """``glyphToChar`` serves only HarfBuzz shaping: restored fonts build it when asked."""
    path = HERE / "DejaVuSans.ttf"
    cache.load_font("T", path)
    restored = cache.load_font("T", path)
    assert "glyphToChar" not in vars(restored.face)
    assert restored.face.glyphToChar == TTFont("T", str(path)).face.glyphToChar
    assert "glyphToChar" in vars(restored.face)
    with pytest.raises(AttributeError):
        restored.face.no_such_attribute


def test_the_cache_is_used(cache_dir, monkeypatch) -> None:
    path = HERE / "DejaVuSans.ttf"
    cache.load_font("T", path)

    def no_parse(*args, **kwargs):
        raise AssertionError("parsed again although the cache holds the font")
    monkeypatch.setattr("reportlab.pdfbase.ttfonts.TTFont.__init__", no_parse)
    assert cache.load_font("T", path).face.name == b"DejaVuSans"


def _pdf(font: TTFont, monkeypatch) -> bytes:
    """A page of text drawn with this very font object (``registerFont`` would keep an earlier font
    of its face, so the font is put in place directly)."""
    monkeypatch.setitem(pdfmetrics._fonts, font.fontName, font)
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    c.setFont(font.fontName, 12)
    c.drawString(20, 700, "Œuvre « À l’Été » — 3 ½ déjà")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_same_pdf_bytes_with_and_without_the_cache(cache_dir, monkeypatch) -> None:
    path = HERE / "DejaVuSerif-Bold.ttf"
    fresh = _pdf(TTFont("CacheProbe", str(path)), monkeypatch)
    cache.load_font("CacheProbe", path)
    restored = cache.load_font("CacheProbe", path)
    assert isinstance(restored.face, cache.RestoredFace)  # really the restored one, not a fresh parse
    assert _pdf(restored, monkeypatch) == fresh


def test_a_restored_face_makes_and_compresses_a_subset_once(cache_dir, monkeypatch) -> None:
    """The documents of a build embed the same subsets: a restored face cuts and deflates each once,
    and every document gets the bytes a fresh font gives."""
    import zlib

    path = HERE / "DejaVuSans-Oblique.ttf"
    fresh = [_pdf(TTFont("SubsetProbe", str(path)), monkeypatch) for _ in range(2)]
    cache.load_font("SubsetProbe", path)
    restored = cache.load_font("SubsetProbe", path)
    assert isinstance(restored.face, cache.RestoredFace)
    made, deflated = [], []
    make, compress = cache.TTFontFace.makeSubset, zlib.compress
    monkeypatch.setattr(cache.TTFontFace, "makeSubset", lambda self, subset: (made.append(1), make(self, subset))[1])
    monkeypatch.setattr(zlib, "compress", lambda data, *a: (deflated.append(data[:4]), compress(data, *a))[1])
    assert [_pdf(restored, monkeypatch) for _ in range(2)] == fresh
    assert len(made) == 1 and deflated.count(b"\x00\x01\x00\x00") == 1  # the font file, once


@pytest.mark.parametrize("junk", [b"", b"not a pickle", pickle.dumps(("wrong key", {}, {})),
                                  pickle.dumps(["a", "list"]), pickle.dumps(("k", "not", "dicts"))])
def test_a_corrupt_or_foreign_entry_is_ignored_and_replaced(junk, cache_dir) -> None:
    path = HERE / "DejaVuSans.ttf"
    cache.load_font("T", path)
    (entry,) = cache_dir.iterdir()
    entry.write_bytes(junk)
    font = cache.load_font("T", path)
    assert state(font) == state(TTFont("T", str(path)))
    assert entry.read_bytes() != junk  # rewritten with a good entry
    assert state(cache.load_font("T", path)) == state(font)


def test_an_entry_of_another_reportlab_is_not_used(cache_dir, monkeypatch) -> None:
    path = HERE / "DejaVuSans.ttf"
    cache.load_font("T", path)
    import reportlab
    monkeypatch.setattr(reportlab, "Version", "0.0-other")
    calls = []
    real = cache._restore
    monkeypatch.setattr(cache, "_restore", lambda *a: calls.append(real(*a)) or calls[-1])
    cache.load_font("T", path)
    assert calls == [None]


def test_an_entry_of_another_font_file_is_not_used(cache_dir, tmp_path) -> None:
    """Same name, other bytes (the file was replaced): the key is the file's hash."""
    copy = tmp_path / "DejaVuSans.ttf"
    copy.write_bytes((HERE / "DejaVuSans.ttf").read_bytes())
    cache.load_font("T", copy)
    copy.write_bytes((HERE / "DejaVuSans-Bold.ttf").read_bytes())
    assert cache.load_font("T", copy).face.name == b"DejaVuSans-Bold"


def test_no_writable_cache_folder_still_loads(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file, not a folder")
    monkeypatch.setattr(shared, "cache_dirs", lambda *where: [blocker / "sub", blocker / "other"])
    font = cache.load_font("T", HERE / "DejaVuSans.ttf")
    assert font.face.name == b"DejaVuSans"


def test_the_second_cache_folder_is_used_when_the_first_cannot_be_written(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    second = tmp_path / "user-cache"
    monkeypatch.setattr(shared, "cache_dirs", lambda *where: [blocker / "sub", second])
    cache.load_font("T", HERE / "DejaVuSans.ttf")
    assert [p.suffix for p in second.iterdir()] == [".ttfcache"]


def test_register_font_registers_a_bundled_style_once() -> None:
    assert register_font("Sans-Bold") == "Sans-Bold"
    assert pdfmetrics.getFont("Sans-Bold").face.name == b"DejaVuSans-Bold"
    assert register_font("Helvetica") == "Helvetica"  # reportlab's own: left to reportlab


def test_cardgen_cache_dir_chooses_or_disables_the_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(shared.CACHE_ENV, str(tmp_path / "c"))
    assert shared.cache_dirs(cache._PACKAGE, "fonts") == [tmp_path / "c" / "fonts"]
    cache.load_font("T", HERE / "DejaVuSans.ttf")
    assert [p.suffix for p in (tmp_path / "c" / "fonts").iterdir()] == [".ttfcache"]
    monkeypatch.setenv(shared.CACHE_ENV, "")
    assert shared.cache_dirs(cache._PACKAGE, "fonts") == []
    assert cache.load_font("T", HERE / "DejaVuSans.ttf").face.name == b"DejaVuSans"
