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
