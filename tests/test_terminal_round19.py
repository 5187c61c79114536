"""Nineteenth reading's terminal leftovers (issue #53): words that say what the figures are, in fr, it and en.

fr5, fr15: the tie-break's "(le moins l'emporte)" read as the *number* winning; the player who has the fewest wins.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, tie_items

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("deck", "rule", "says"), [
    ("king_lui", "fewest_discarded", {
        "fr": "départagées par le nombre de cartes défaussées (celui qui en a défaussé le moins l’emporte) : 11",
        "it": "risolte con le carte scartate (vince chi ne ha meno): 11",
        "en": "broken by the fewest cards discarded: 11"}),
    ("royale", "most_dish_cards", {
        "fr": "départagées par le nombre de cartes Plat encore sous les nobles (celui qui en a le plus l’emporte) : 11",
        "it": "risolte con le carte Piatto ancora sotto i nobili (vince chi ne ha di più): 11",
        "en": "broken by the most dish cards still under nobles: 11"})])
@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_a_tie_break_says_who_wins_not_which_number(deck: str, rule: str, says: dict[str, str], lang: str) -> None:
    """(fr5, fr15) The tie-break names the player who wins it, never "(le moins l'emporte)" after "le nombre"."""
    naming = Naming.of(resolve(deck, ROOT), lang)
    text = tie_items({"tie_breaks": {rule: 11}, "shared_wins": 0}, lang, naming)
    plain = text.replace("\u202f", " ").replace("\xa0", " ")
    assert plain == says[lang], plain
    assert "(le moins l’emporte)" not in plain and "(le plus l’emporte)" not in plain
