"""Royale's end of game said by the card that ends it (seventeenth reading en12): "the banquet is over" left the
designer to guess which event it counts, where the variants name it (the End of the Banquet card drawn)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, tally_words

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_royales_end_reason_names_the_card_by_the_decks_name(lang: str) -> None:
    deck = resolve("royale", ROOT)
    card = next(c for c in deck.model.components if c.name.get("en") == "End of the Banquet")
    said = tally_words("end_reason", "banquet_over", lang, Naming.of(deck, lang))
    assert card.name[lang] in said, said


@pytest.mark.parametrize(("lang", "second", "first", "neutral", "piles"), [
    ("en", "drawn for the second time", "drawn for the first time", "the End of the Banquet card has been drawn as many times as each game’s rules ask",
     "does not divide into three equal piles"),
    ("fr", "sort pour la deuxième fois", "sort pour la première fois", "la carte Fin du banquet est sortie autant de fois que le demande la règle de chaque jeu",
     "ne se répartissent pas en trois paquets égaux"),
    ("it", "pescata per la seconda volta", "pescata per la prima volta", "la carta Fine del banchetto è stata pescata tante volte quante ne chiede la regola di ciascun gioco",
     "non si dividono in tre mazzetti uguali")])
def test_royales_end_says_which_draw_of_the_end_card_and_the_split_how_many_piles(
        lang: str, second: str, first: str, neutral: str, piles: str) -> None:
    """Twenty-second reading fr5, fr6, en9: "drawn for the last time" said nothing (any card that ends a game is
    drawn for the last time) and "does not split into equal piles" hid the three piles: the deck's own rules say
    which draw ends it (the base game's second, the Light Supper's first) and how many piles; a comparison of
    decks whose draws differ names the end by the card alone, true of both."""
    from cardgen.simulate.summary import Naming

    base, supper = resolve("royale", ROOT), resolve("royale-short", ROOT)
    assert second in tally_words("end_reason", "banquet_over", lang, Naming.of(base, lang))
    assert first in tally_words("end_reason", "banquet_over", lang, Naming.of(supper, lang))
    assert piles in tally_words("gap", "uneven_packets", lang, Naming.of(base, lang))
    both = Naming.of_decks((base, supper), lang)
    assert tally_words("end_reason", "banquet_over", lang, both) == neutral
    # decks that agree on the draw keep the precise words
    masked = resolve("royale-masked", ROOT)
    assert second in tally_words("end_reason", "banquet_over", lang, Naming.of_decks((base, masked), lang))
