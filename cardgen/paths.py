"""Where cardgen's own templates live, whichever way it was installed.

The source tree keeps card layouts and rulebook templates in the top-level
``templates/`` folder. A wheel ships that folder inside the package as
``cardgen/templates`` (see ``[tool.setuptools]`` in pyproject.toml); an editable
install or a source checkout reads it in place.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def templates_dir() -> Path:
    """The bundled ``templates`` folder (layouts/, rulebook/)."""
    installed = PACKAGE / "templates"
    if (installed / "layouts").is_dir():
        return installed
    return PACKAGE.parent / "templates"
