"""The compare report's own words in English, French and Italian (``compare --lang``).

The words themselves are data, in ``words.json`` beside this file (``cardgen.wordbook``).
The verdict's sentences and the figures' names live in ``cardgen.simulate.verdict`` (the
terminal shares them); these are the page's other words: title, navigation, what the variant
changes, chart titles and axes, components to print, the folded engine tallies. English
strings are the ones the report printed before it spoke other languages.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.languages import typeset_words
from cardgen.terminal import LINES, say, with_terms

#: this module's words per language (cardgen/wordbook.py)
_BOOK = with_terms(wordbook.load(__file__))  # the 95 % interval as the terminal words it

#: the page's words by language (``words.json``)
REPORT = typeset_words(_BOOK["report"])

#: a component's name in running text, per language
QUOTE = _BOOK["quote"]

#: the few words inside the charts (``report/svg.py``: hover titles, an empty chart), per language; the charts'
#: titles and axes come from their callers
TIPS = _BOOK["tips"]

#: the validation pages', the runs index's and the deck pages' own words, per language
PAGES = _BOOK["pages"]
#: the same, typeset once (``typeset_pages``)
_PAGES_SET = typeset_words(PAGES)


def typeset_pages(lang: str) -> dict[str, Any]:
    """The page words of ``lang`` as the templates print them, typeset (French: a narrow no-break space before
    : ; ? ! and inside « »: "Détails : distributions" broke before its colon, fourteenth reading fr10)."""
    return _PAGES_SET[lang]


def page_words(key: str, lang: str = "en", **fields: Any) -> str:
    """The page words ``key`` in ``lang`` with ``{fields}`` filled in, typeset as the language sets text."""
    from cardgen.languages import counts_grouped, typeset

    template = PAGES[lang][key]
    return typeset(template.format(**counts_grouped(template, fields, lang)), lang)


def difference_line(d: dict[str, Any], lang: str = "en", naming: Any = None) -> str:
    """One line of what a variant changes, in ``lang`` and in the game's words (``summary.difference_line``):
    ``naming`` (a ``summary.Naming``) names the rule, the component or the rule gap; never an id."""
    from cardgen.simulate.summary import difference_line as line

    return line(d, lang, naming)


def file_lines(paths: list[str], lang: str) -> dict[str, Any]:
    """House rules' files (``summary.house_files``) under the list of changes, for ``parts.html``'s ``rule_files``
    (the compare pages, the gallery): ``files`` (each path cut at its slashes, where a phone's line may break, never
    inside a name: "charity_toast.↵py", twenty-third reading en25) and the words around it, ``file_before`` and
    ``file_after``. A project's language the terminal has no words for (a scaffold in German): English, as the
    gallery's other words."""
    before, _, after = say("house_rule_file", lang if lang in LINES else "en", file="\0").partition("\0")
    return {"files": [path.split("/") for path in paths], "file_before": before[:1].upper() + before[1:],
            "file_after": after}
