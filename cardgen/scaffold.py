"""``cardgen new DIR``: a starter project a designer edits without writing Python.

The starter (``cardgen/starter/``, shipped as package data) is one print-only deck
whose cards come from ``decks/cards.csv``, a layout of its own
(``templates/layouts/numbered.yaml``), a shared back with an SVG symbol of its own
(``symbols/spark.svg``), a one-page rule text in English (``rules/en.md``) and a
README saying what to edit. ``cd DIR && cardgen build`` works at once.

``__NAME__`` and ``__ID__`` in the starter files become the project's name (from
the folder name) and the deck's id. A folder that exists and is not empty is
refused: nothing of the designer's is ever overwritten.
"""
from __future__ import annotations

import re
from pathlib import Path

from cardgen.errors import InputError
from cardgen.fileio import write_atomic

STARTER = Path(__file__).resolve().parent / "starter"
#: ``cardgen new DIR --rules`` adds these on top of the starter (replacing the files of the same name):
#: a deck that names a rules file (``rules.py``, cardgen's card-game kit), its variant and rule text.
STARTER_RULES = Path(__file__).resolve().parent / "starter_rules"


def deck_id(directory: Path) -> str:
    """A deck id from the folder's name (``My Game!`` -> ``my-game``), ``mygame`` if nothing is left."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", directory.resolve().name.lower()).strip("-_")
    return slug[:64] if slug and slug[0].isalnum() else "mygame"


def display_name(directory: Path) -> str:
    """A readable deck name from the folder's name (``my_game`` -> ``My game``)."""
    words = re.sub(r"[_-]+", " ", directory.resolve().name).strip()
    return (words[:1].upper() + words[1:]) if words else "My game"


def starter_files(root: Path = STARTER) -> list[Path]:
    """The starter's files (or ``root``'s), relative to it, in a stable order."""
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def new_project(directory: Path, rules: bool = False) -> list[Path]:
    """Write the starter project into ``directory`` (new or empty); return the files written.

    With ``rules`` the deck is a small game cardgen can play (``STARTER_RULES``).
    """
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise InputError("exists and is not a folder; expected a new or empty folder", file=directory)
    if directory.is_dir() and any(directory.iterdir()):
        raise InputError("folder is not empty; expected a new or empty folder (nothing is overwritten)",
                         file=directory)
    ident, name = deck_id(directory), display_name(directory)
    written = []
    sources = {rel: STARTER / rel for rel in starter_files()}
    if rules:
        sources.update({rel: STARTER_RULES / rel for rel in starter_files(STARTER_RULES)})
    for rel, source in sorted(sources.items()):
        text = source.read_text(encoding="utf-8")
        text = text.replace("__NAME__", name.replace('"', "'")).replace("__ID__", ident)
        target = directory / str(rel).replace("__ID__", ident)
        write_atomic(target, text)
        written.append(target)
    return written
