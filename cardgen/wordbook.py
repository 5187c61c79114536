"""Words per language kept as data: a module's translated tables in a JSON file beside it.

Translations are data, not logic: the French and Italian of a report, a play page or a
game's card texts live in ``<module>.json`` next to ``<module>.py`` (``report/words.py``
reads ``report/words.json``), one object per table, one entry per language, so a
translator edits them without reading Python and three languages do not restate one
code shape three times. JSON because every command already imports ``json`` and it reads
in well under a millisecond (``tomllib`` costs tens of milliseconds on import alone).
The files ship in the wheel through ``pyproject.toml``'s package data.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def load(module_file: str) -> dict[str, Any]:
    """The tables of the module whose ``__file__`` is ``module_file``, from the JSON file named like it."""
    return json.loads(Path(module_file).with_suffix(".json").read_text(encoding="utf-8"))
