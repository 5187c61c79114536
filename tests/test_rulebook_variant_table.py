"""A variant's table of changes gives the deck's size whenever the variant adds, removes or recounts cards.

Readers of Draco Without Zork found no number in its table although the deck loses a card; King Lui
for Six listed each recount but not the 132 cards they make (issue 36).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.languages import SHIPPED
from cardgen.model.deck import totals
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
ROW = {"fr": "Cartes du jeu", "it": "Carte del gioco", "en": "Cards in the game"}


def _table_rows(markup: str) -> list[list[str]]:
    section = markup[:markup.index("</table>")] if "</table>" in markup else ""
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh]>(.*?)</t[dh]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", section)]


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["draco-no-zork", "king_lui-six-players", "draco-long"])
def test_the_deck_size_row_appears_exactly_when_the_card_count_changes(deck_id: str, lang: str) -> None:
    deck = resolve(deck_id, ROOT)
    markup = render_markup(deck, lang)
    start = markup.index("<table", markup.index("<h1>"))  # the first table is the variant's
    rows = [r for r in _table_rows(markup[start:]) if r and r[0] == ROW[lang]]
    new, old = totals(deck)["card"], totals(deck.base)["card"]
    if new == old:
        assert rows == []
    else:
        assert len(rows) == 1
        assert [int(re.sub(r"\D", "", cell)) for cell in rows[0][1:]] == [new, old]
