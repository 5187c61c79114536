"""The report page of ``cardgen fix``: what was flagged, the fixes found ranked, every trial.

One static HTML page (``templates/report/fix.html``, the compare pages' layout and parts), written beside the
fixes' variant files and ``fix.json`` in fix's output folder. The page says what the terminal says, in the same
words (``cardgen.tune.fix`` keeps each line it prints in a ``FixPage``); this module only lays it out: the
fixes' figures as compare's tables (``pages.metrics_table``), the variant files and the record linked. The
designer was sent to ``fix.json`` for the figures, the one command without a page (twenty-third reading en38).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from cardgen.languages import typeset_words
from cardgen.report.templating import macro, render
from cardgen.report.words import _BOOK, REPORT

#: the fix page's own words per language (``report/words.json``, table ``fixing``), typeset
FIXING = typeset_words(_BOOK["fixing"])

#: the page's file name in fix's output folder
PAGE = "index.html"


@dataclass
class Block:
    """One game-for-game comparison at one player count: the terminal's sentence and, where it names the counts
    that moved, their table (``pages.metrics_table``: compare's columns, compare's look)."""

    text: str
    table: dict[str, Any] | None = None


@dataclass
class Proposed:
    """One fix as the page shows it: its rank, its variant file's name (beside the page), its lines (change, cost,
    what it fixes on the new games, in the terminal's words), its comparisons and what validate will say after it."""

    rank: int
    file: str
    lines: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    validate: str = ""


@dataclass
class FixPage:
    """Everything ``cardgen fix`` says, kept section by section as it says it (each a list of the terminal's lines,
    in the run's language), for ``render_fix``."""

    deck: str
    head: str = ""
    dropped: list[str] = field(default_factory=list)  # flagged once, not found again: chance, not searched
    flagged: list[str] = field(default_factory=list)
    search: list[str] = field(default_factory=list)
    trials: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)  # the fixes found, named before their notes (round 41 it30)
    fixes: list[Proposed] = field(default_factory=list)
    shared: list[Block] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    none: str = ""
    said: set[str] = field(default_factory=set)  # the figures a table above defined: named alone after (en33)

    def keep(self, section: str, text: str | None) -> None:
        """Add ``text`` (a line the terminal printed) to ``section``'s lines, its terminal indent dropped."""
        if text:
            getattr(self, section).append(text.strip())


def parts(line: str) -> list[tuple[bool, str]]:
    """A line of the terminal's as the page sets it: its sentences as one paragraph, each ``cardgen …`` command it
    puts on a line of its own as a code line (True), one a line: in a paragraph the line breaks collapsed and the
    two follow-up commands ran together into one broken command (terminal round 40 en32, fr28, it29)."""
    out: list[tuple[bool, str]] = []
    for row in line.split("\n"):
        text = row.strip()
        if not text:
            continue
        code = row.startswith(" ") and text.startswith("cardgen ")  # indented on a line of its own, as printed
        if out and not code and not out[-1][0]:
            out[-1] = (False, f"{out[-1][1]} {text}")
        else:
            out.append((code, text))
    return out


#: a pointer to a fix's section in a line of the terminal's words (``tune.fix.see_caveat``): ``[[fix-1|fix 1]]``
LINKED = re.compile(r"\[\[(fix-\d+)\|(.+?)\]\]")


def linked(text: str) -> Markup:
    """``text`` escaped, each ``[[fix-k|words]]`` in it a link to fix k's section: the advice's "see above" sent the
    page's reader to the wrong caution (terminal round 51 en19*, it20*)."""
    return Markup(LINKED.sub(lambda m: f'<a href="#{m.group(1)}">{m.group(2)}</a>', str(escape(text))))


def render_fix(page: FixPage, lang: str = "en", gallery: str | None = None, record: str = "fix.json",
               runs: str | None = None) -> str:
    """The whole page for one run of ``cardgen fix``, every word in ``lang``; ``gallery``: the gallery's address
    relative to the page, linked atop it where the run wrote into a project's output (tune's rule); ``runs``: the
    list of validate's and compare's runs there, linked beside it as every run's page links both (the fix page had
    an empty bar, no way back to the runs: terminal round 40 en30); ``record``: the run's ``fix.json``, linked as
    the figures for tools."""
    words = FIXING[lang]
    gallery_word, runs_word, _ = REPORT[lang]["nav"]
    links = ([(gallery, gallery_word)] if gallery else []) + ([(runs, runs_word)] if runs else [])
    nav = macro("parts.html", "nav", links) if links else ""
    return str(render("fix.html", title=words["title"].format(deck=page.deck), lang=lang, nav=nav, words=words,
                      page=page, record=record, after=[[(code, text if code else linked(text)) for code, text in parts(line)]
                             for line in page.after]))
