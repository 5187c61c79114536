"""Parsed TrueType fonts, kept between runs: reportlab reads each bundled font once per machine.

reportlab parses a TTF file in pure Python (``TTFontFile.extractInfo``: character
map, widths, glyph offsets), some 40 ms per DejaVu face; a small build would spend
a third of its time there. ``load_font`` keeps what that parse produces (the
``TTFont`` without the file's bytes and without its per-document state) in a
pickle per font, named after the font and keyed by the font file (its size and the
hash of its table directory, which holds a checksum of each table), reportlab's
version and this module's format number; the next run maps the file, checks the
key and restores the object in a few milliseconds. The restored font reads the
file through a memory map: only the parts its subsets copy are ever loaded.

The cache never changes output: the restored object has exactly the attributes a
fresh parse gives (``tests/test_fonts.py`` compares them, and PDF bytes built with
and without it), and anything unexpected (unreadable, truncated, foreign or stale
file, another reportlab) falls back to parsing and rewrites the entry. Entries go
to the package's ``__pycache__`` folder, beside the byte code Python keeps there,
or, when the package cannot be written (a system install), to the user's cache
folder; when neither can be written, fonts are simply parsed every time.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase.pdfdoc import PDFStream, PDFZCompress
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace  # this module is imported when a font is needed

from cardgen.cache import load, save

#: Bump when what is stored changes shape.
FORMAT = 3
#: The character tables, stored as columns so that a restored font shares one int per code
#: point and one float per distinct width between them, as a fresh parse does (a few MiB).
TABLES = "__cardgen_tables__"


_PACKAGE = Path(__file__).resolve().parent


class _Scale:
    """Font units to PDF's thousandths of an em, as reportlab's own (unpicklable) lambda computes it."""

    def __init__(self, units_per_em: int) -> None:
        self.factor = None if units_per_em == 1000 else 1000 / units_per_em

    def __call__(self, x: float) -> float:
        return x if self.factor is None else x * self.factor


_GLYPH_CHARS = "_cardgen_glyph_chars"


#: Subset font files a face made lately, per face: characters -> [file bytes, their Flate compression
#: or None until a document asks for it]. Kept outside the face, so that a face pickles as before.
_SUBSETS: WeakKeyDictionary[Any, dict[tuple[int, ...], list[Any]]] = WeakKeyDictionary()
#: How many subsets each face keeps (the oldest goes first): a build's documents use a few dozen.
SUBSETS_KEPT = 48


class _KeptFlate:
    """``PDFZCompress`` for the file of a kept subset: compressed once, the bytes reused after."""

    pdfname = PDFZCompress.pdfname

    def __init__(self, kept: list[Any]) -> None:
        self.kept = kept

    def encode(self, text: Any) -> Any:
        if text is not self.kept[0]:
            return PDFZCompress.encode(text)
        if self.kept[1] is None:
            self.kept[1] = PDFZCompress.encode(text)
        return self.kept[1]

    def decode(self, encoded: bytes) -> bytes:
        return PDFZCompress.decode(encoded)


class RestoredFace(TTFontFace):
    """``TTFontFace`` whose ``glyphToChar`` (glyph -> characters, read only when shaping text with
    HarfBuzz, which cardgen never asks for) is built on first use: 0.7 MiB less per font.

    It also keeps the subset font files it made lately, compressed: the documents of a build
    embed the same subsets again and again (the A4 and letter rulebooks of a deck and language
    use the same characters in the same order), and reportlab cuts each subset out of the
    font in pure Python (``makeSubset``) and deflates it for every document.
    """

    def __getattr__(self, name: str) -> Any:
        if name == "glyphToChar" and _GLYPH_CHARS in self.__dict__:
            value = {glyph: list(chars) for glyph, chars in pickle.loads(self.__dict__.pop(_GLYPH_CHARS))}
            self.glyphToChar = value
            return value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _kept_subset(self, subset: list[int]) -> list[Any]:
        """The kept ``[file, compressed]`` of ``subset``, made now if not kept."""
        kept = _SUBSETS.setdefault(self, {})
        key = tuple(subset)
        entry = kept.get(key)
        if entry is None:
            entry = [super().makeSubset(subset), None]
            if len(kept) >= SUBSETS_KEPT:
                del kept[next(iter(kept))]
            kept[key] = entry
        return entry

    def makeSubset(self, subset: list[int]) -> bytes:  # noqa: N802 (reportlab's name)
        """reportlab's subset font file for the characters ``subset``, from the kept ones if there."""
        return self._kept_subset(subset)[0]

    def addSubsetObjects(self, doc: Any, fontname: str, subset: list[int]) -> Any:  # noqa: N802
        """reportlab's font objects for ``subset``; its font file is compressed once per process."""
        ref = super().addSubsetObjects(doc, fontname, subset)
        entry = _SUBSETS.get(self, {}).get(tuple(subset))
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        if (entry is not None and isinstance(stream, PDFStream) and stream.content is entry[0]
                and stream.filters == [PDFZCompress]):
            stream.filters = [_KeptFlate(entry)]
        return ref


def _key(data: Any) -> str:
    """The file's size and the hash of its table directory, which holds a checksum of every
    table (so of every byte that matters), with reportlab's version: read without reading
    the whole file."""
    import reportlab

    tables = int.from_bytes(data[4:6], "big") if len(data) >= 12 else 0
    directory = bytes(data[:12 + 16 * tables])
    return f"{FORMAT}|{reportlab.Version}|{len(data)}|{hashlib.sha256(directory).hexdigest()}"


def _mapped(path: Path) -> Any:
    """The file's bytes, mapped rather than read: a sheet's subsets touch a small part of each
    font, and mapped pages never touched cost no memory (reportlab only slices them)."""
    import mmap

    with open(path, "rb") as fh:
        try:
            return mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (ValueError, OSError):  # an empty file or a file system without mmap
            return fh.read()


def _entry_name(name: str, path: Path) -> str:
    return f"{path.stem}.{name}.ttfcache"


def _restore(stored: Any, data: Any, path: Path) -> Any | None:
    """The font the cache held (its ``TTFont`` and face attributes), else None (never raises)."""
    try:
        font_state, face_state = stored
        if not isinstance(font_state, dict) or not isinstance(face_state, dict):
            return None
        font = TTFont.__new__(TTFont)
        font.__dict__.update(font_state)
        face = font.face = RestoredFace.__new__(RestoredFace)
        tables = face_state.pop(TABLES, None)
        face.__dict__.update(face_state)
        if tables is not None:
            codes, glyphs, widths, glyph_chars = tables
            face.charToGlyph = dict(zip(codes, glyphs, strict=True))
            distinct: dict[float, float] = {}
            face.charWidths = dict(zip(codes, [distinct.setdefault(w, w) for w in widths], strict=True))
            face.__dict__[_GLYPH_CHARS] = glyph_chars  # pickled; unpickled on first use
        face._ttf_data = data
        face.filename = str(path)
        face._pdfScale = _Scale(face.unitsPerEm)
        font.state = WeakKeyDictionary()
        return font
    except Exception:  # a corrupt or foreign entry is only a missed cache
        return None


def _store(font: Any, key: str, entry: str) -> None:
    """Keep the parsed font under ``key`` (``cardgen.cache.save``: quietly nothing when it cannot)."""
    face_state = {k: v for k, v in font.face.__dict__.items() if k not in ("_ttf_data", "_pdfScale")}
    to_glyph, widths = face_state.get("charToGlyph"), face_state.get("charWidths")
    if isinstance(to_glyph, dict) and isinstance(widths, dict) and list(to_glyph) == list(widths) \
            and isinstance(face_state.get("glyphToChar"), dict):
        face_state[TABLES] = (list(to_glyph), list(to_glyph.values()), list(widths.values()),
                              pickle.dumps(list(face_state.pop("glyphToChar").items()),
                                           protocol=pickle.HIGHEST_PROTOCOL))
        del face_state["charToGlyph"], face_state["charWidths"]
    font_state = {k: v for k, v in font.__dict__.items() if k != "state"}
    font_state.pop("face")  # rebuilt on load
    save("fonts", _PACKAGE, entry, key, (font_state, face_state))


def load_font(name: str, path: Path) -> Any:
    """``reportlab.pdfbase.ttfonts.TTFont(name, path)``, from the cache when it holds this very file."""
    data = _mapped(path)
    key = _key(data)
    entry = _entry_name(name, path)
    font = _restore(load("fonts", _PACKAGE, entry, key), data, path)
    if font is not None:
        return font
    font = TTFont(name, str(path))
    _store(font, key, entry)
    return font
