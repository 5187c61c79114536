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

#: this module's words per language (cardgen/wordbook.py)
_BOOK = wordbook.load(__file__)

#: the page's words by language (``words.json``); English ``short`` is null: it keeps the simulator's own warning line
REPORT = _BOOK["report"]

#: a component's name in running text, per language
QUOTE = _BOOK["quote"]


def difference_line(d: dict[str, Any], lang: str = "en") -> str:
    """One line of what a variant changes (``inspect``'s line in English: ``rule hand_size: 5 -> 4``)."""
    words = REPORT[lang]
    kind = words["kinds"].get(d["kind"], d["kind"])
    return words["arrow"].format(kind=kind, field=d["field"], old=d["old"], new=d["new"])


def shortfall_line(deck: str, s: dict[str, Any], piece: str | None, lang: str = "en") -> str:
    """A components-to-print finding (``cardgen.simulate.balance.sufficiency``) in ``lang``; ``piece`` is the
    component's name in that language (None: the tracked name)."""
    from cardgen.simulate.verdict import number

    template = REPORT[lang]["short"]
    if template is None:
        return f"{deck}: {s['warning']}"
    games = max(1, s["games"])
    return template.format(deck=deck, more=s["print_more"], piece=QUOTE[lang].format(piece or s["peak"]),
                           cover=number(s["cover"], lang, True), n=s["games_short"], games=s["games"],
                           share=number(s["games_short"] / games, lang, True), max=s["max"])
