"""The names the renderer understands, importable without reportlab: part of the deck's schema.

They live in the model stage, below both the resolver that checks them and the renderer that
draws them (docs/ARCHITECTURE.md, "Order of stages").

The loader checks every face's ``layout`` and ``symbol`` against these lists
(``cardgen.resolve.resolve.reference_problems``), so a typo is reported as bad
input with a did-you-mean when the deck is loaded, not as a crash while drawing.
``cardgen.render.symbols`` draws exactly these symbols and ``templates/layouts``
holds one geometry file per layout; tests keep the three in step. A project adds
its own layouts (``templates/layouts/<id>.yaml``) and SVG symbols (``symbols/<id>.svg``)
to these, or replaces bundled ones of the same name (docs/authoring.md).
"""
from __future__ import annotations

import re
from pathlib import Path

#: Generic face layouts (docs/DEVELOPING.md, one ``templates/layouts/<id>.yaml`` each).
LAYOUT_IDS: tuple[str, ...] = ("back", "suit", "feature", "rule", "pattern", "token", "die")

#: Symbol ids a face may name (docs/DEVELOPING.md); each is a vector drawing in symbols.py.
SYMBOL_IDS: tuple[str, ...] = (
    "crown", "dragon", "ham", "cheese", "bread", "cake", "wine", "fruit", "chicken",
    "dessert", "drink", "pastry", "main", "star", "mask", "ghost", "bell", "cup", "coin",
    "die", "lair", "hood", "monk", "shawl", "club", "scroll", "seat", "arrow-left", "arrow-right",
)

#: Duplex flips the sheets support (``cardgen build --duplex``).
DUPLEX: tuple[str, ...] = ("long", "short", "none")

#: Where a project keeps its own layouts and SVG symbols (relative to the project folder).
PROJECT_LAYOUTS = "templates/layouts"
PROJECT_SYMBOLS = "symbols"
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def project_files(root: Path | None, folder: str, suffix: str) -> dict[str, Path]:
    """The project's own files in ``folder`` by id (file name without ``suffix``).

    Only names that are valid ids count (lowercase letters, digits, ``-`` and ``_``);
    ``README``-like files and editor backups are ignored.
    """
    if root is None:
        return {}
    base = Path(root) / folder
    if not base.is_dir():
        return {}
    return {p.name[:-len(suffix)]: p for p in sorted(base.iterdir())
            if p.name.endswith(suffix) and p.is_file() and _ID.match(p.name[:-len(suffix)])}


def layout_ids(root: Path | None = None) -> tuple[str, ...]:
    """Bundled layout ids plus the project's ``templates/layouts/*.yaml`` (same name: the project's wins)."""
    own = project_files(root, PROJECT_LAYOUTS, ".yaml")
    return LAYOUT_IDS + tuple(i for i in own if i not in LAYOUT_IDS)


def symbol_ids(root: Path | None = None) -> tuple[str, ...]:
    """Bundled symbol ids plus the project's ``symbols/*.svg`` (same name: the project's wins)."""
    own = project_files(root, PROJECT_SYMBOLS, ".svg")
    return SYMBOL_IDS + tuple(i for i in own if i not in SYMBOL_IDS)


def plain_list(names: list[str] | tuple[str, ...], empty: str = "none") -> str:
    """``a, b and c`` for a message (never a Python list)."""
    names = list(names)
    if not names:
        return empty
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def choices_in_words(kind: str, root: Path | None) -> str:
    """What a ``kind`` ('layout' or 'symbol') may be, the project's own first: one clause for an error line."""
    folder, suffix, bundled = ((PROJECT_LAYOUTS, ".yaml", LAYOUT_IDS) if kind == "layout"
                               else (PROJECT_SYMBOLS, ".svg", SYMBOL_IDS))
    own = list(project_files(root, folder, suffix))
    theirs = f"your {folder}/ folder has {plain_list(own)}; " if own else f"your project has no {folder}/*{suffix}; "
    return f"{theirs}cardgen brings {plain_list([i for i in bundled if i not in own])}"


def choices_worded(kind: str, root: Path | None) -> dict[str, str]:
    """``choices_in_words`` in every language of errors.json: a field of an error line said in ``--lang``."""
    from cardgen.errors import worded

    folder, suffix, bundled = ((PROJECT_LAYOUTS, ".yaml", LAYOUT_IDS) if kind == "layout"
                               else (PROJECT_SYMBOLS, ".svg", SYMBOL_IDS))
    own = list(project_files(root, folder, suffix))
    brings = ", ".join(i for i in bundled if i not in own)
    if own:
        return worded("choices_own", folder=folder, own=", ".join(own), bundled=brings)
    return worded("choices_none", folder=folder, suffix=suffix, bundled=brings)
