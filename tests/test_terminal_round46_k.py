"""Terminal round 46, part k (issue #53): validate's closing line gives each shortage's scale (fr14).

"validé avec réserves dans tous les cas (manque de pièces à la banque ; …)" said nothing of how often: the bank ran
short in 95 % of the games at 3 players and in 8 % at 6. The closing line (the terminal's last line, the run page's
first sentence, the runs overview) now says the highest and the lowest share with their counts; one count of several
with its count; the same share everywhere, or a run of one count, the share alone."""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cardgen.simulate.summary import Naming, total_line  # noqa: E402
from test_validate_words_fifteenth import draco, plain  # noqa: E402,F401  (a fixture, used by name)


def _short(r: dict[str, Any], players: int, short: int, games: int = 200) -> dict[str, Any]:
    """The fixture's Draco entry at ``players``, its bank short in ``short`` of ``games`` games."""
    entry = copy.deepcopy(r)
    entry.update(players=players, games=games, completed=games)
    entry["sufficiency"] = [{**entry["sufficiency"][0], "games_short": short, "games": games}]
    entry["balance"] = {**(entry.get("balance") or {}), "flags": [], "warnings": []}
    for row in entry["designer"]["component_impact"]:
        row["flag"] = ""
    return entry


SCALE = {"en": "(shortage of coins in the bank: from 95.0% of games at 3 players to 8.0% at 6)",
         "fr": "(manque de pièces à la banque : de 95,0 % des parties à 3 joueurs à 8,0 % à 6)",
         "it": "(carenza di monete in banca: dal 95,0% delle partite con 3 giocatori all’8,0% con 6)"}  # elided


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_closing_line_gives_a_shortages_highest_and_lowest_share(draco: tuple, lang: str) -> None:
    deck, r = draco
    entries = [_short(r, 4, 120), _short(r, 6, 16), _short(r, 3, 190), _short(r, 5, 40)]
    line = plain(total_line(entries, lang, {"draco": Naming.of(deck, lang)}))
    assert line.endswith(SCALE[lang]), line


ONE = {"en": "(shortage of coins in the bank: 61.5% of games at 5 players)",
       "fr": "(manque de pièces à la banque : 61,5 % des parties à 5 joueurs)",
       "it": "(carenza di monete in banca: il 61,5% delle partite con 5 giocatori)"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_shortage_at_one_count_of_several_says_which(draco: tuple, lang: str) -> None:
    deck, r = draco
    calm = {**_short(r, 3, 0), "sufficiency": []}
    line = plain(total_line([calm, _short(r, 5, 123)], lang, {"draco": Naming.of(deck, lang)}))
    assert line.endswith(ONE[lang]), line


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_run_of_one_count_says_the_share_alone(draco: tuple, lang: str) -> None:
    """The line names the count already ("checked at 5 players"): the share is not followed by it again."""
    deck, r = draco
    line = plain(total_line([_short(r, 5, 123)], lang, {"draco": Naming.of(deck, lang)}))
    assert line.endswith({"en": "bank: 61.5% of games)", "fr": "banque : 61,5 % des parties)",
                          "it": "banca: il 61,5% delle partite)"}[lang]), line
