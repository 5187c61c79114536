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


# -- it3: the close games' scale over the games the figure counts ------------------------------------------------------

def test_the_close_games_margin_is_said_against_the_traced_games_winning_score(tmp_path: Path) -> None:
    """"partite combattute: sulle 250 partite; … (punteggio del vincitore: 73,9 in media)": the 73.9 was the mean over
    all 300 games. The designer figures keep their own games' winning score (``designer.winner_mean``): over the
    first N traced games it is what a run of N games gives as its winner's mean, and the line says it, not the run's."""
    import json

    from cardgen.cli import main
    from cardgen.simulate.summary import WinnerMean, winner_games

    root = Path(__file__).resolve().parents[1]
    docs = {}
    for games in (12, 30):
        js = tmp_path / f"{games}.json"
        assert main(["--project", str(root), "validate", "king_lui", "--games", str(games), "--players", "4",
                     "--jobs", "1", "--designer-games", "12", "--json", str(js), "--out", str(tmp_path / str(games)),
                     "--lang", "it"]) == 0
        [docs[games]] = json.loads(js.read_text())["results"]
    short, whole = docs[12], docs[30]
    assert short["designer"]["winner_mean"] == pytest.approx(short["scores"]["winner"]["mean"])
    assert whole["designer"]["winner_mean"] == short["designer"]["winner_mean"]  # the same 12 traced games
    assert whole["scores"]["winner"]["mean"] != whole["designer"]["winner_mean"]  # the run's 30 games: another mean
    assert winner_games(whole) == WinnerMean(whole["designer"]["winner_mean"], 12)


RANGE = {"en": "(shortage of coins in the bank: 8.0% to 95.0% of games)",
         "fr": "(manque de pièces à la banque : de 8,0 % à 95,0 % des parties)",
         "it": "(carenza di monete in banca: dall’8,0% al 95,0% delle partite)"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_two_decks_at_one_count_give_the_range_without_counts(draco: tuple, lang: str) -> None:
    """A run of two decks at 3 players: "from 95.0% of games at 3 players to 8.0% at 3" would name one count for two
    shares; the range alone."""
    deck, r = draco
    entries = [_short(r, 3, 190), {**_short(r, 3, 16), "variant": "draco-other"}]
    naming = Naming.of(deck, lang)
    line = plain(total_line(entries, lang, {"draco": naming, "draco-other": naming}))
    assert line.endswith(RANGE[lang]), line
