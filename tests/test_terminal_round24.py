"""Twenty-fourth reading of the terminal and the report pages (docs/reads/terminal-round-24-*.md, issue #53), in
English, French and Italian: one figure, one value wherever it is said; sentences that say no more than their numbers.

- fr23, it25: compare's "silver coins to add" (56 / 41 / 9 on 200 to 300 pairs) beside validate's 55 / 48 / 8 on
  1,000 games: the table says the pairs it rests on, and that validate's own count may differ by a few.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, shortage_notes

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")

from test_twentysecond_reading_warnings import _short, compare_doc, plain  # noqa: E402,F401  (fixture by name)


# -- fr23, it25: the coins to add say the pairs they rest on ---------------------------------------------------------

PAIRS = {"en": "base game → variant, on the 200–300 pairs of games played here (cardgen validate plays its own games "
               "of the base game, so its count may differ by a few):",
         "fr": "jeu de base → variante, sur les 200 à 300 paires de parties jouées ici (cardgen validate joue ses "
               "propres parties du jeu de base : son chiffre peut différer de quelques unités) :",
         "it": "gioco base → variante, sulle 200–300 coppie di partite giocate qui (cardgen validate gioca partite "
               "proprie del gioco base: il suo numero può differire di qualche unità):"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_coins_to_add_say_the_pairs_they_rest_on(compare_doc: dict, lang: str) -> None:
    """A count stopped at 200 pairs, another at 300: the head says "200–300", each count's own games; one count
    alone says its one number."""
    results = copy.deepcopy(compare_doc["results"])
    for side in ("base_result", "variant_result"):
        results[1][side]["sufficiency"] = [_short(186, 41, games=200)]
    naming = Naming.of(resolve("draco", ROOT), lang)
    [note] = shortage_notes(results, lang, naming)
    assert plain(note["head"]).endswith(PAIRS[lang]), note["head"]
    [one] = shortage_notes(results[:1], lang, naming)
    said = {"en": "on the 300 pairs of games played here", "fr": "sur les 300 paires de parties jouées ici",
            "it": "sulle 300 coppie di partite giocate qui"}[lang]
    assert said in plain(one["head"]), one["head"]
