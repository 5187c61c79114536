"""What a book names is printed (issue 36): Royale's nobles and imposters carry the player's letter the
set-up sorts them by, and every count the contents state adds up to the cards on the sheets.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.model.schema import LANGS
from cardgen.render.sheets import Printing, render_sheets
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parent.parent
ROYALE = ["royale", "royale-masked", "royale-short", "royale-solo"]


def _sheet_lines(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [line.strip() for page in doc for line in page.get_textpage().get_text_range().splitlines()]
    finally:
        doc.close()


@pytest.mark.parametrize("lang", LANGS)
def test_royale_nobles_and_imposters_print_their_players_letter(lang: str) -> None:
    """By the published set-up each player takes the nobles and the imposter of one player: 6 nobles of two
    sides and 1 imposter per player, so each of A, B, C and D is printed 6 x 2 + 1 = 13 times on the fronts."""
    deck = resolve("royale", ROOT)
    lines = _sheet_lines(render_sheets(deck, lang, "a4", Printing(instructions=False)))
    letters = Counter(line for line in lines if re.fullmatch(r"[A-Z]", line))
    assert letters == {"A": 13, "B": 13, "C": 13, "D": 13}
    # and the set-up names the letters the cards print
    assert "(A, B, C" in render_markup(deck, lang).replace(" e D", ", D").replace(" et D", ", D").replace(
        " and D", ", D")


@pytest.mark.parametrize("deck_id", ROYALE)
@pytest.mark.parametrize("lang", LANGS)
def test_the_contents_list_adds_up_to_the_cards_on_the_sheets(deck_id: str, lang: str) -> None:
    deck = resolve(deck_id, ROOT)
    markup = render_markup(deck, lang)
    assert "<h1>" in markup
    heading = {"fr": "Matériel", "it": "Materiale", "en": "Contents"}[lang]
    section = next(part for part in markup.split("<h1>") if part.startswith(heading))
    total = int(re.search(r"<p>\D*(\d+)", section).group(1))
    items = re.findall(r"<li>(.*?)</li>", section.split("</ul>")[0], re.S)
    counts = [int(m.group(1)) if (m := re.search(r"<b>(\d+)", item)) else 1 for item in items]
    cards = sum(c.count for c in deck.model.components if c.kind == "card")
    assert total == cards == sum(counts), f"{deck_id}/{lang}: {total} stated, {sum(counts)} listed, {cards} printed"


def test_only_the_back_of_the_instructions_is_called_so() -> None:
    """Draco's coins have no back: the page behind them says so, not that it backs the instructions."""
    from cardgen.render.strings import text

    deck = resolve("draco", ROOT)
    doc = pdfium.PdfDocument(render_sheets(deck, "en", "a4"))
    pages = [page.get_textpage().get_text_range() for page in doc]
    doc.close()
    instructions = [i for i, t in enumerate(pages) if text("en", "blank") in t]
    no_backs = [i for i, t in enumerate(pages) if text("en", "no_backs") in t]
    assert instructions == [1]  # the reverse of page 1, the instructions
    assert no_backs and all("Coin" in pages[i - 1] or "coin" in pages[i - 1] for i in no_backs)
