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


#: style name -> (family, file stem), e.g. ``Sans-Bold`` -> (``Sans``, ``DejaVuSans-Bold``)
STYLES = {style: (family, stem) for family, stems in FAMILIES.items()
          for style, stem in zip((family, f"{family}-Bold", f"{family}-Italic", f"{family}-BoldItalic"), stems)}


@cache
def register_font(style: str) -> str:
    """Register one bundled style (``Sans-Bold``...) with reportlab, once; return its name.

    Parsing a TrueType file takes a sizeable share of a small build, so card sheets
    register only the styles they use, and the parse is kept between runs
    (``cardgen.fonts.ttfcache``); unknown names are left to reportlab (its
    standard fonts), which reports them itself.
    """
    if style not in STYLES:
        return style
    from reportlab.pdfbase import pdfmetrics

    from cardgen.fonts.ttfcache import load_font

    pdfmetrics.registerFont(load_font(style, HERE / f"{STYLES[style][1]}.ttf"))
    return style


@cache
def register_fonts() -> dict[str, str]:
    """Register every bundled font with reportlab; return style -> font name.

    Names: ``Sans``, ``Sans-Bold``, ``Sans-Italic``, ``Sans-BoldItalic``, likewise
    ``Serif`` and ``Condensed``. Families are registered so that ``<b>``/``<i>``
    in Platypus paragraphs pick the right face (the rulebooks need them all).
    """
    from reportlab.lib.fonts import addMapping

    names: dict[str, str] = {}
    for family in FAMILIES:
        styles = (family, f"{family}-Bold", f"{family}-Italic", f"{family}-BoldItalic")
        for style in styles:
            names[style] = register_font(style)
        for bold, italic, style in ((0, 0, styles[0]), (1, 0, styles[1]), (0, 1, styles[2]), (1, 1, styles[3])):
            addMapping(family, bold, italic, style)
    return names
