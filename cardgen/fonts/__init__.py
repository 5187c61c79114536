"""Bundled fonts (DejaVu, free licence in LICENSE-DejaVu.txt) and their registration.

Shipping the TTF files inside the package means a fresh machine needs no system
fonts, and every PDF embeds (a subset of) fonts that cover French, Italian and
English, including œ, « », ’ and accented capitals.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

HERE = Path(__file__).parent

#: family name -> (regular, bold, italic, bold italic) file stems
FAMILIES = {
    "Sans": ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans-BoldOblique"),
    "Serif": ("DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic"),
    "Condensed": ("DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansCondensed",
                  "DejaVuSansCondensed-Bold"),
}


@cache
def register_fonts() -> dict[str, str]:
    """Register the bundled fonts with reportlab; return style -> font name.

    Names: ``Sans``, ``Sans-Bold``, ``Sans-Italic``, ``Sans-BoldItalic``, likewise
    ``Serif`` and ``Condensed``. Families are registered so that ``<b>``/``<i>``
    in Platypus paragraphs pick the right face.
    """
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    names: dict[str, str] = {}
    for family, stems in FAMILIES.items():
        styles = (family, f"{family}-Bold", f"{family}-Italic", f"{family}-BoldItalic")
        for style, stem in zip(styles, stems):
            pdfmetrics.registerFont(TTFont(style, str(HERE / f"{stem}.ttf")))
            names[style] = style
        for bold, italic, style in ((0, 0, styles[0]), (1, 0, styles[1]), (0, 1, styles[2]), (1, 1, styles[3])):
            addMapping(family, bold, italic, style)
    return names
