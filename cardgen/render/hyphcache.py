"""Hyphenation dictionaries kept between runs, like the parsed fonts (``cardgen.fonts.ttfcache``).

pyphen parses a ``hyph_*.dic`` file of a few thousand patterns in pure Python each
time a process first hyphenates a language (40-150 ms a language; a validation's
print checks and every build worker hyphenate in three). ``hyphenator(lang)`` keeps
the parsed patterns in a pickle per dictionary, keyed by the file's hash and
pyphen's version, in the same cache folders as the fonts; the next process restores
them in about 2 ms and hands them to pyphen's own dictionary cache. A missing,
corrupt or stale entry is parsed again and rewritten; the patterns are the ones
pyphen would parse, so hyphenation (and every PDF byte) is the same either way.
"""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Any

import pyphen

from cardgen.cache import cache_dirs, store_entry

#: Bump when what is stored changes shape.
FORMAT = 1
_PACKAGE = Path(__file__).resolve().parent


def _key(path: Path) -> str:
    return f"{FORMAT}|{pyphen.__version__}|{hashlib.sha256(path.read_bytes()).hexdigest()}"


def _restore(blob: bytes, key: str) -> Any | None:
    """A ``pyphen.HyphDict`` from ``blob`` stored under ``key``, else None (never raises)."""
    try:
        stored, patterns, maxlen = pickle.loads(blob)
        if stored != key or not isinstance(patterns, dict) or not isinstance(maxlen, int):
            return None
    except Exception:
        return None
    hd = pyphen.HyphDict.__new__(pyphen.HyphDict)
    hd.patterns, hd.cache, hd.maxlen = patterns, {}, maxlen
    return hd


def hyphenator(lang: str) -> pyphen.Pyphen:
    """``pyphen.Pyphen(lang=lang)`` (English for a language pyphen lacks), its patterns from the cache."""
    lang = lang if lang in pyphen.LANGUAGES else "en"
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback(lang)])
    if path not in pyphen.hdcache:
        try:
            key = _key(path)
        except OSError:
            return pyphen.Pyphen(lang=lang)
        entry = f"hyph-{path.stem}.pickle"
        for folder in cache_dirs(_PACKAGE, "hyphenation"):
            try:
                hd = _restore((folder / entry).read_bytes(), key)
            except OSError:
                continue
            if hd is not None:
                pyphen.hdcache[path] = hd
                break
        else:
            hd = pyphen.HyphDict(path)
            pyphen.hdcache[path] = hd
            store_entry(pickle.dumps((key, hd.patterns, hd.maxlen), protocol=pickle.HIGHEST_PROTOCOL), entry,
                        cache_dirs(_PACKAGE, "hyphenation"))
    return pyphen.Pyphen(lang=lang)
