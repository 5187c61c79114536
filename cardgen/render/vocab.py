"""The names the renderer understands, importable without reportlab.

The loader checks every face's ``layout`` and ``symbol`` against these lists
(``cardgen.resolve.resolve.reference_problems``), so a typo is reported as bad
input with a did-you-mean when the deck is loaded, not as a crash while drawing.
``cardgen.render.symbols`` draws exactly these symbols and ``templates/layouts``
holds one geometry file per layout; tests keep the three in step.
"""
from __future__ import annotations

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
