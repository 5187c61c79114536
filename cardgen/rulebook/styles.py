"""Paragraph styles of the rulebooks: bundled DejaVu fonts, hyphenation per language.

Body text is DejaVu Serif, justified and hyphenated with pyphen's dictionary of the
book's language (reportlab's ``hyphenationLang``); headings are DejaVu Sans.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from cardgen import languages
from cardgen.fonts import register_fonts

#: pyphen dictionary of each shipped book language (any other: pyphen's dictionary of its code).
HYPHENATION = languages.HYPHENATION

#: Fewest letters a line-end hyphen leaves on either side in a book: a publisher's house style
#: never strands two letters ("play-er", "oth-er"); pyphen's own default is 2.
HYPHEN_EDGE = 3

#: Fewest letters of a word a line-end hyphen may break: a six-letter word is never split
#: ("col-our." left three letters on each side; fifth English reader).
HYPHEN_MIN_WORD = 7

INK = colors.HexColor("#1E1E1E")
MUTED = colors.HexColor("#555555")


@dataclass(frozen=True)
class Styles:
    """All the styles of one book."""

    title: ParagraphStyle
    subtitle: ParagraphStyle
    byline: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    body: ParagraphStyle
    lead: ParagraphStyle
    small: ParagraphStyle
    item: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    caption: ParagraphStyle
    box_title: ParagraphStyle
    accent: colors.Color


def hyphenation(name: str, names_whole: bool = True) -> Any:
    """What the body styles hyphenate with: pyphen's dictionary ``name``, as reportlab would make it
    (``Pyphen(lang=name).iterate``) but made once per book and restored from cardgen's cache of parsed
    dictionaries (``cardgen.render.hyphcache``): each build worker would otherwise parse every
    language's patterns again (40-150 ms each). A name pyphen lacks is left to reportlab. With
    ``names_whole``, capitalised words are never split (``_names_whole``): the shipped languages
    capitalise proper names only (a language that capitalises every noun, German, leaves it off).
    A break leaves at least ``HYPHEN_EDGE`` letters on each side."""
    import pyphen

    from cardgen.render.hyphcache import hyphenator

    if name not in pyphen.LANGUAGES:
        return name
    return _names_whole(_corrected(hyphenator(name, edge=HYPHEN_EDGE).iterate, BREAK_FIXES.get(name, {})),
                        names_whole)


#: Words a pyphen dictionary breaks where a publisher would not, with the breaks a dictionary of the
#: language gives (en_GB's patterns give "determ-ined"; Oxford and Collins give "de-ter-mined"), or
#: none (a word written without a hyphen is never broken).
BREAK_FIXES: dict[str, dict[str, str]] = {
    "en_GB": {"determined": "de-ter-mined", "determine": "de-ter-mine", "undetermined": "un-de-ter-mined",
              "buffet": "buffet", "descending": "de-scend-ing", "descend": "de-scend",
              # "col-ours" strands a stub of a short word (fifth English reader)
              "colours": "colours"},
    # a loanword whose break leaves a lone "fet;" on the next line (Royale's buffet, named on every page)
    "it_IT": {"buffet": "buffet"},
}


def _corrected(iterate: Any, fixes: dict[str, str]) -> Any:
    """``iterate`` with the breaks of ``fixes`` (word -> hyphenated word) for those words, as pyphen's
    ``iterate`` yields them (last break first), with any trailing punctuation kept on the second part."""
    if not fixes:
        return iterate

    def split(word: str) -> Any:
        core = word.rstrip(".,;:!?)»\u202f\u00a0")
        fixed = fixes.get(core.lower())
        if fixed is None:
            return iterate(word)
        tail = word[len(core):]
        parts = fixed.split("-")
        return [(core[:len("".join(parts[:i]))], core[len("".join(parts[:i])):] + tail)
                for i in range(len(parts) - 1, 0, -1)
                if len("".join(parts[:i])) >= HYPHEN_EDGE and len(core) - len("".join(parts[:i])) >= HYPHEN_EDGE]
    return split


#: Proper names written in lower case, never hyphenated in any language ("card-gen" in the credits)
WHOLE_WORDS = frozenset({"cardgen"})


def _names_whole(iterate: Any, capitalised: bool = True) -> Any:
    """``iterate`` that never splits a proper name: the words of ``WHOLE_WORDS`` and, with ``capitalised``,
    every capitalised word (Emerald, Draco, Columbine: never "Em-erald"; a sentence's first word, the
    only other capitalised one, loses little), and no word shorter than ``HYPHEN_MIN_WORD`` letters."""
    def split(word: str) -> Any:
        core = word.strip(".,;:!?()«»\u202f\u00a0")
        if (capitalised and word[:1].isupper()) or core.lower() in WHOLE_WORDS or len(core) < HYPHEN_MIN_WORD:
            return ()
        return iterate(word)
    return split


def make_styles(lang: str, accent: colors.Color) -> Styles:
    """The styles of a book in ``lang`` with ``accent`` as its heading colour."""
    register_fonts()
    hyph = hyphenation(languages.hyphenation(lang), names_whole=lang in languages.SHIPPED)
    # Ragged right, not justified: reportlab stretches no-break spaces in justified lines,
    # which would turn French narrow spaces (before : ; ! ?) into wide gaps.
    # allowWidows=0: a paragraph broken across columns takes at least two lines over, never its last one alone
    # (round 65, it7: "nessuna." opened Royale's Italian page 3); reportlab moves a line over, or a paragraph of
    # two or three lines whole
    body = ParagraphStyle("body", fontName="Serif", fontSize=9, leading=12.2, alignment=TA_LEFT,
                          textColor=INK, spaceAfter=4.5, hyphenationLang=hyph, embeddedHyphenation=1,
                          uriWasteReduce=0.3, allowWidows=0)
    return Styles(
        title=ParagraphStyle("title", fontName="Sans-Bold", fontSize=28, leading=32, textColor=accent,
                             alignment=TA_LEFT, spaceAfter=4),
        subtitle=ParagraphStyle("subtitle", fontName="Serif-Italic", fontSize=12, leading=15, textColor=INK,
                                spaceAfter=4),
        byline=ParagraphStyle("byline", fontName="Sans", fontSize=9, leading=12, textColor=MUTED),
        h1=ParagraphStyle("h1", fontName="Sans-Bold", fontSize=13, leading=16, textColor=accent,
                          spaceBefore=9, spaceAfter=4, keepWithNext=1),
        h2=ParagraphStyle("h2", fontName="Sans-Bold", fontSize=10.5, leading=13, textColor=INK,
                          spaceBefore=6, spaceAfter=3, keepWithNext=1),
        h3=ParagraphStyle("h3", fontName="Sans-Bold", fontSize=9, leading=12, textColor=INK,
                          spaceBefore=4, spaceAfter=2, keepWithNext=1),
        body=body,
        lead=ParagraphStyle("lead", parent=body, fontName="Serif-Italic"),
        small=ParagraphStyle("small", parent=body, fontSize=7.5, leading=10, textColor=MUTED),
        item=ParagraphStyle("item", parent=body, spaceAfter=2.5),
        # no hyphenation in table cells: they hold names (nobles, dishes, seats) that must never be
        # split ("Count-ess"), and their short lines gain little from it
        cell=ParagraphStyle("cell", parent=body, alignment=TA_LEFT, spaceAfter=0, fontSize=8.5, leading=10.5,
                            hyphenationLang=""),
        head_cell=ParagraphStyle("head_cell", parent=body, fontName="Sans-Bold", alignment=TA_LEFT,
                                 spaceAfter=0, fontSize=8, leading=10, hyphenationLang=""),
        # a caption is a card's name under its picture: a name too wide for its column breaks at its own hyphen
        # ("Chassé-|croisé"), never letter by letter ("Chassé-crois|é", reportlab's default for a long word)
        caption=ParagraphStyle("caption", fontName="Condensed", fontSize=7, leading=8.5, alignment=TA_CENTER,
                               textColor=INK, embeddedHyphenation=1, splitLongWords=0),
        box_title=ParagraphStyle("box_title", fontName="Sans-Bold", fontSize=8.5, leading=11,
                                 textColor=colors.white),
        accent=accent,
    )
