"""Parsed TrueType fonts, kept between runs: reportlab reads each bundled font once per machine.

reportlab parses a TTF file in pure Python (``TTFontFile.extractInfo``: character
map, widths, glyph offsets), some 40 ms per DejaVu face; a small build would spend
a third of its time there. ``load_font`` keeps what that parse produces (the
``TTFont`` without the file's bytes and without its per-document state) in a
pickle per font, named after the font and keyed by the hash of the font file,
reportlab's version and this module's format number; the next run reads the file,
checks the key and restores the object in a few milliseconds.

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
import tempfile
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

#: Bump when what is stored changes shape.
FORMAT = 1


def cache_dirs() -> list[Path]:
    """Where entries may live, first choice first."""
    user = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardgen" / "fonts"
    return [Path(__file__).resolve().parent / "__pycache__", user]


class _Scale:
    """Font units to PDF's thousandths of an em, as reportlab's own (unpicklable) lambda computes it."""

    def __init__(self, units_per_em: int) -> None:
        self.factor = None if units_per_em == 1000 else 1000 / units_per_em

    def __call__(self, x: float) -> float:
        return x if self.factor is None else x * self.factor


def _key(data: bytes) -> str:
    import reportlab

    return f"{FORMAT}|{reportlab.Version}|{hashlib.sha256(data).hexdigest()}"


def _entry_name(name: str, path: Path) -> str:
    return f"{path.stem}.{name}.ttfcache"


def _restore(blob: bytes, key: str, data: bytes, path: Path) -> Any | None:
    """The font stored in ``blob`` if it was stored under ``key``, else None (never raises)."""
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        stored_key, font_state, face_state = pickle.loads(blob)
        if stored_key != key or not isinstance(font_state, dict) or not isinstance(face_state, dict):
            return None
        font = TTFont.__new__(TTFont)
        font.__dict__.update(font_state)
        face = font.face
        face.__dict__.update(face_state)
        face._ttf_data = data
        face.filename = str(path)
        face._pdfScale = _Scale(face.unitsPerEm)
        font.state = WeakKeyDictionary()
        return font
    except Exception:  # a corrupt or foreign entry is only a missed cache
        return None


def _store(font: Any, key: str, entry: str) -> None:
    """Write the entry into the first cache folder that takes it; give up quietly otherwise."""
    face_state = {k: v for k, v in font.face.__dict__.items() if k not in ("_ttf_data", "_pdfScale")}
    font_state = {k: v for k, v in font.__dict__.items() if k != "state"}
    font_state["face"] = font.face.__class__.__new__(font.face.__class__)  # an empty face: filled on load
    try:
        blob = pickle.dumps((key, font_state, face_state), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # another reportlab holding something unpicklable: no cache, same output
        return
    for folder in cache_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(blob)
                os.replace(tmp, folder / entry)  # atomic: a concurrent reader sees old or new, never half
            except BaseException:
                os.unlink(tmp)
                raise
            return
        except OSError:
            continue


def load_font(name: str, path: Path) -> Any:
    """``reportlab.pdfbase.ttfonts.TTFont(name, path)``, from the cache when it holds this very file."""
    from reportlab.pdfbase.ttfonts import TTFont

    data = path.read_bytes()
    key = _key(data)
    entry = _entry_name(name, path)
    for folder in cache_dirs():
        try:
            blob = (folder / entry).read_bytes()
        except OSError:
            continue
        font = _restore(blob, key, data, path)
        if font is not None:
            return font
    font = TTFont(name, str(path))
    _store(font, key, entry)
    return font
