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
from pathlib import Path
from typing import Any

import pyphen

from cardgen.cache import load, save

#: Bump when what is stored changes shape.
FORMAT = 1
_PACKAGE = Path(__file__).resolve().parent


def _key(path: Path) -> str:
    return f"{FORMAT}|{pyphen.__version__}|{hashlib.sha256(path.read_bytes()).hexdigest()}"


def _restore(stored: Any) -> Any | None:
    """A ``pyphen.HyphDict`` from what the cache held (patterns, longest pattern), else None."""
    if not (isinstance(stored, tuple) and len(stored) == 2 and isinstance(stored[0], dict)
            and isinstance(stored[1], int)):
        return None
    hd = pyphen.HyphDict.__new__(pyphen.HyphDict)
    hd.patterns, hd.cache, hd.maxlen = stored[0], {}, stored[1]
    return hd


def hyphenator(lang: str, edge: int = 2) -> pyphen.Pyphen:
    """``pyphen.Pyphen(lang=lang)`` (English for a language pyphen lacks), its patterns from the cache;
    ``edge`` is the fewest letters left on each side of a break (pyphen's ``left`` and ``right``)."""
    lang = lang if lang in pyphen.LANGUAGES else "en"
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback(lang)])
    if path not in pyphen.hdcache:
        try:
            key = _key(path)
        except OSError:
            return pyphen.Pyphen(lang=lang, left=edge, right=edge)
        entry = f"hyph-{path.stem}.pickle"
        hd = _restore(load("hyphenation", _PACKAGE, entry, key))
        if hd is None:
            hd = pyphen.HyphDict(path)
            save("hyphenation", _PACKAGE, entry, key, (hd.patterns, hd.maxlen))
        pyphen.hdcache[path] = hd
    return pyphen.Pyphen(lang=lang, left=edge, right=edge)
