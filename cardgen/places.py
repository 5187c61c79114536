"""Where cardgen keeps things between runs, outside the project: the user's cache folder.

Two base modules need it and one must not import the other (``cache`` writes through
``fileio``; ``fileio`` keeps its register of open temporary files there), so the answer is
written once, here, with no import of cardgen.
"""
from __future__ import annotations

import os
from pathlib import Path

#: Environment variable naming the one folder cardgen keeps its caches in ("" keeps none),
#: instead of the package's ``__pycache__`` and the user's cache folder (benchmarks, tests).
CACHE_ENV = "CARDGEN_CACHE_DIR"


def user_cache() -> Path:
    """The user's cache folder for cardgen (platformdirs: ``~/.cache/cardgen`` on Linux)."""
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("cardgen", appauthor=False))


def kept_folder(kind: str) -> Path | None:
    """The one folder of ``kind`` kept between runs: ``$CARDGEN_CACHE_DIR/<kind>`` when that is
    set (None when it is set empty: nothing is kept), else the user's cache folder's."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) / kind if chosen.strip() else None
    return user_cache() / kind
