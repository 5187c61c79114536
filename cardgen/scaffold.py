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


def deck_id(directory: Path) -> str:
    """A deck id from the folder's name (``My Game!`` -> ``my-game``), ``mygame`` if nothing is left."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", directory.resolve().name.lower()).strip("-_")
    return slug[:64] if slug and slug[0].isalnum() else "mygame"


def display_name(directory: Path) -> str:
    """A readable deck name from the folder's name (``my_game`` -> ``My game``)."""
    words = re.sub(r"[_-]+", " ", directory.resolve().name).strip()
    return (words[:1].upper() + words[1:]) if words else "My game"


def starter_files() -> list[Path]:
    """The starter's files, relative to ``STARTER``, in a stable order."""
    return sorted(p.relative_to(STARTER) for p in STARTER.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def new_project(directory: Path) -> list[Path]:
    """Write the starter project into ``directory`` (new or empty); return the files written."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise InputError("exists and is not a folder; expected a new or empty folder", file=directory)
    if directory.is_dir() and any(directory.iterdir()):
        raise InputError("folder is not empty; expected a new or empty folder (nothing is overwritten)",
                         file=directory)
    ident, name = deck_id(directory), display_name(directory)
    written = []
    for rel in starter_files():
        text = (STARTER / rel).read_text(encoding="utf-8")
        text = text.replace("__NAME__", name.replace('"', "'")).replace("__ID__", ident)
        target = directory / str(rel).replace("__ID__", ident)
        write_atomic(target, text)
        written.append(target)
    return written
