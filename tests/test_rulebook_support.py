"""Helpers shared by the rulebook tests: rendering once, reading PDFs back, a test variant."""
from __future__ import annotations

import re
import textwrap
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium

from cardgen.model.deck import ResolvedDeck

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.book import render_rulebook

ROOT = Path(__file__).resolve().parent.parent

#: A variant changing a rule number and a count; every expected number below follows from it.
VARIANT = textwrap.dedent("""\
    extends: king_lui
    name: {fr: "Le Roi Lui glouton", it: "King Lui goloso", en: "Greedy King Lui"}
    description:
      fr: "Plus de cartes à chaque service et davantage de jambon."
      it: "Più carte a ogni portata e più prosciutto."
      en: "More cards every course, and more ham."
    rules: {course_cards_per_player: 7}
    change:
      ham: {count: 19}
    """)


def pdf_text(pdf: bytes) -> str:
    """All the text of a PDF, line-end hyphens joined, spaces collapsed to one per gap."""
    doc = pdfium.PdfDocument(pdf)
    pages = []
    for page in doc:
        textpage = page.get_textpage()
        pages.append(textpage.get_text_range())
        textpage.close()
        page.close()
    doc.close()
    # pdfium marks a hyphen reportlab added at a line end as U+FFFE (no newline follows)
    text = "\n".join(pages).replace("\r\n", "\n").replace("\ufffe", "")
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", text)
    return text


def tokens(text: str) -> set[str]:
    """Numbers and words of a text, as a set (for 'does this number appear' checks)."""
    return set(re.findall(r"\w+", text))


@cache
def base_deck() -> ResolvedDeck:
    return resolve("king_lui", ROOT)


@cache
def book(lang: str, paper: str = "a4") -> bytes:
    """The base King Lui rulebook, rendered once per test session."""
    return render_rulebook(base_deck(), lang, paper)


def write_variant(project: Path) -> ResolvedDeck:
    """The test variant resolved inside ``project`` (a copy of the King Lui deck)."""
    (project / "variants" / "king_lui").mkdir(parents=True, exist_ok=True)
    (project / "variants" / "king_lui" / "kl-greedy.yaml").write_text(VARIANT, encoding="utf-8")
    return resolve("kl-greedy", project)


def throwaway_variant(project: Path, game: str, variant_id: str, text: str) -> ResolvedDeck:
    """``text`` as variant ``variant_id`` of ``game``, resolved in an empty ``project`` folder.

    Only the game's deck is copied, never a template or a catalog: a number that shows
    up in the rulebook then comes from the data alone.
    """
    (project / "decks").mkdir(exist_ok=True)
    (project / "decks" / f"{game}.yaml").write_text((ROOT / "decks" / f"{game}.yaml").read_text("utf-8"), "utf-8")
    (project / "variants" / game).mkdir(parents=True, exist_ok=True)
    (project / "variants" / game / f"{variant_id}.yaml").write_text(text, "utf-8")
    return resolve(variant_id, project)
