"""The twenty-second reading's lesser faults (docs/reads/terminal-round-22-*.md, issue #53), in English, French and
Italian, every expected sentence ours:

- it1, it11: "44 volte in 44 partite", "649 volte in 649 partite": a special case met once in each game it came up
  in read as a tautology and hid the figure a designer acts on, how many of the run's games it touches: "in 649 of
  the 1,000 games (once in each)"; "33 times, in 31 games" stays where the two counts differ.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.report.impact import Count, impact_block
from cardgen.simulate.summary import Naming, format_entry, gap_when

LANGS = ("en", "fr", "it")
ROOT = Path(__file__).resolve().parents[1]


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones, one line."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


# -- it1, it11: a case met once a game says in how many of the run's games ----------------------------------------

def _gap(count: int, games: int) -> dict[str, Any]:
    """A special case's record: met ``count`` times in ``games`` games, first in the run's 15th game."""
    return {"kind": "no_dish", "settled": True, "count": count, "games": games, "seed": 7, "game": 14}


#: a case's figures (times, games) -> how a run of 1,000 games says them: once in each game it came up in, the share
#: of the run; more often than its games, both counts, kept; once, its game
# terminal round 29 en2: "9 times, in 9 of the 300 games (once in each)" said one figure three times
WHEN = {(649, 649): {"en": "in 649 of the 1,000 games; first in game 15",  # round 31 en5, round 40 en4
                     # terminal round 41 fr2: no « une fois dans chacune » (empty for what a game meets once, an
                     # end-of-game tie), as English has said it since round 40 en4
                     "fr": "dans 649 des 1 000 parties ; pour la première fois dans la partie 15",
                     "it": "in 649 partite su 1.000, una volta in ciascuna; la prima volta nella partita 15"},
        # twenty-third reading it8, en4: the run's games too, as the line above says them
        (33, 31): {"en": "33 times, in 31 of the 1,000 games; first in game 15",
                   "fr": "33 fois, dans 31 des 1 000 parties ; pour la première fois dans la partie 15",
                   "it": "33 volte in 31 partite su 1.000; la prima volta nella partita 15"},
        (3, 1): {"en": "3 times, in 1 of the 1,000 games; first in game 15",
                 "fr": "3 fois, dans 1 des 1 000 parties ; pour la première fois dans la partie 15",
                 "it": "3 volte in 1 partita su 1.000; la prima volta nella partita 15"},
        (1, 1): {"en": "once, in game 15", "fr": "une fois, dans la partie 15", "it": "una volta, nella partita 15"}}  # round 30 fr4


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("figures", list(WHEN))
def test_a_case_met_once_a_game_says_how_many_of_the_runs_games(figures: tuple[int, int], lang: str) -> None:
    assert plain(gap_when(_gap(*figures), 1000, lang)) == WHEN[figures][lang]


# -- en49: a game page says the card table's legend and the Imposter caveat once ------------------------------------

IMPOSTER = {"component": "imposter", "dealt_share": 1.0, "plays_per_seat": 0.01, "win_rate_dealt": None,
            "win_rate_not_dealt": None, "difference": None, "low": None, "high": None, "flag": "", "judged": False,
            "not_judged": {"why": "all"}}
CARD = {"component": "favour", "dealt_share": 0.5, "plays_per_seat": 4.4, "win_rate_dealt": 0.26,
        "win_rate_not_dealt": 0.25, "difference": 0.01, "low": -0.04, "high": 0.05, "flag": ""}


@pytest.mark.parametrize("lang", LANGS)
def test_the_imposter_caveat_is_whole_at_the_pages_first_count_and_named_after(lang: str) -> None:
    said: set[str] = set()
    first, second, third = (plain(str(impact_block([IMPOSTER], {}, lang=lang, names={"imposter": "Imposter"},
                                                   said=said, count=Count(n)))) for n in (2, 3, 3))
    # round 39 fr53: the caveat names its count (« à 2 joueurs »), never « à ce nombre de joueurs »
    # en39, round 31 en41; round 32 en49, fr40, it35: the tense of "used", and "these results", never "this page"
    # in the 2-player section
    # round 33 en34: every figure at this player count; fr36: the sentence before says how often, never again
    whole = {"en": "They hardly ever used it, so every figure at 2 players describes games played almost "
                   "without it.",
             # round 34 fr31: « Autant dire jamais » was conversational and said "without it", not "almost"
             "fr": "C’est très peu : les résultats à 2 joueurs valent donc pour des parties jouées "
                   "quasiment sans elle.",
             "it": "Non l’hanno usata quasi mai: tutti i risultati con 2 giocatori valgono quindi per "
                   "partite giocate praticamente senza di essa."}[lang]
    short = {"en": "No card is judged, for the same reason as above.",
             "fr": "Aucune carte n’est évaluée, pour la même raison que plus haut.",
             # round 29 it60: «valutare» as at 2 players, never «giudicata» beside it
             "it": "Non si può valutare nessuna carta, per la ragione spiegata sopra."}[lang]  # round 32 it34
    # with its consequence since round 31 (en41)
    # round 34 en32, fr32: "the same caution" sent the reader back up the page: said again
    again = {"en": "Here too they hardly ever used it, so every figure at 3 players describes games played "
                   "almost without it.",
             "fr": "Là encore, ils ne s’en sont presque jamais servis : les résultats à 3 joueurs valent "
                   "donc pour des parties jouées quasiment sans elle.",
             "it": "Anche qui non l’hanno usata quasi mai: tutti i risultati con 3 giocatori valgono "
                   "quindi per partite giocate praticamente senza di essa."}[lang]
    assert plain(whole) in first and short not in first
    assert second == third and whole not in second and short in second and again in second
    assert {"en": "0.01 times", "fr": "0,01 fois", "it": "0,01 volte"}[lang] in second  # each count's own figure
    # a page with no ``said`` (a test, an older caller) says it whole every time
    assert plain(whole) in plain(str(impact_block([IMPOSTER], {}, lang=lang, names={"imposter": "Imposter"},
                                                  count=Count(2))))


def test_the_caveat_is_said_whole_where_the_card_is_first_hardly_used() -> None:
    """A count whose players use the card often says no caveat: the next count's caveat is then its first, whole."""
    said: set[str] = set()
    used = plain(str(impact_block([{**IMPOSTER, "plays_per_seat": 2.0}], {}, names={"imposter": "Imposter"}, said=said)))
    later = plain(str(impact_block([IMPOSTER], {}, names={"imposter": "Imposter"}, said=said)))
    assert "hardly" not in used and "They hardly ever used it, so every figure" in later


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_tables_legend_is_whole_at_the_pages_first_table_and_named_after(lang: str) -> None:
    said: set[str] = set()
    first, second = (plain(str(impact_block([CARD], {}, lang=lang, names={"favour": "Favour"}, said=said)))
                     for _ in range(2))
    # shorter since round 32 (en54), "difference" for the column's "difference" (en27)
    whole = {"en": "The opening hands are dealt at random, so the difference in win rate between players dealt a card",
             "fr": "Les mains de départ sont distribuées au hasard : l’écart de victoires entre les joueurs",
             "it": "Le mani iniziali sono distribuite a caso: la differenza di vittorie fra chi ha ricevuto"}[lang]
    short = {"en": "As above: the difference in win rate with and without a card estimates what holding it at the "
                   "start is worth.",
             "fr": "Comme plus haut : l’écart de victoires avec et sans une carte donne une estimation de ce que vaut "
                   "cette carte au départ.",
             "it": "Come sopra: la differenza di vittorie con e senza una carta stima quanto vale quella carta "
                   "all’inizio."}[lang]
    flag = {"en": "as above.", "fr": "comme plus haut.", "it": "come sopra."}[lang]
    assert whole in first and short not in first and flag not in first
    assert whole not in second and short in second and second.count(flag) == 1
    assert len(second) < len(first) - 200  # some 80 words said once, not at every count


# -- en7: the solo block says that its player hardly uses the Imposter ------------------------------------------------

@pytest.fixture(scope="module")
def royale_runs() -> tuple[Any, dict[int, dict[str, Any]]]:
    """Royale validated alone and at two players, a few games (the reference engine: no compile)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.validate import ValidateOptions, run_validation
    deck = resolve("royale", ROOT)
    opts = ValidateOptions(games=8, players=[1, 2], seed=5, jobs=1, out=None, engine="reference", progress=False)
    return deck, {r["players"]: r for r in run_validation([deck], opts)["results"]}


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_block_says_its_player_hardly_uses_the_imposter(royale_runs: tuple[Any, dict[int, dict[str, Any]]],
                                                                 lang: str) -> None:
    deck, runs = royale_runs
    solo, duo = runs[1], runs[2]
    [imposter] = solo["designer"]["component_impact"]
    assert imposter["component"] == "imposter" and imposter["plays_per_seat"] < 0.1  # what the caveat says: the run's
    said: set[str] = set()
    naming = Naming.of(deck, lang)
    alone = plain(format_entry(solo, lang, naming, said))
    caveat = {"en": "note: the simulated player hardly ever uses the imposter card (",  # round 31 en9: one player
              # round 29 fr12: "le joueur … le joueur automatique" said the subject twice
              "fr": "à noter : le joueur automatique n’utilise presque jamais sa carte Imposteur (",
              "it": "nota: il giocatore automatico non usa quasi mai il suo impostore ("}[lang]  # round 46 it5
    assert caveat in alone, alone
    # round 31 fr9: what is not judged, and that the verdict is of games almost without it
    # round 32 en15, fr9: not judged because no player is without it, as the page says
    # round 34 en8: a solo block has no verdict line but its header's word: "these figures" alone; fr10: « faute de
    # joueur sans elle à qui comparer » stacked two phrases
    # round 39 en48: how rarely, as a share of the games ("in 2.4% of games"), not "0.02 times per game"
    assert {"en": "of games), so these figures describe games played almost without it",  # round 33 en9, fr10, it7
            "fr": "des parties), si bien que ces résultats valent pour des parties jouées quasiment sans elle",
            "it": "delle partite), perciò questi risultati valgono per partite giocate praticamente senza "
                  "usarlo"}[lang] in alone  # terminal round 46 it5: «il suo impostore», masculine
    # round 42 en1, it1, fr1: why the card is not judged on the card-strength line, as at every count; round 43 it8:
    # in a solo game's words ("every player … the others" with one player read oddly)
    solo_strength = {"en": "card strength: not judged (the player keeps no dish card in hand",
                     "fr": "force des cartes : non évaluée (le joueur ne garde aucune carte Plat en main",
                     "it": "forza delle carte: non valutata (il giocatore non tiene in mano carte Piatto"}[lang]
    assert solo_strength in alone and alone.index(caveat) < alone.index(solo_strength), alone
    strength = {"en": "card strength: not judged (every player has the same kinds of cards",  # round 42 it2
                "fr": "force des cartes : non évaluée (chaque joueur a les mêmes types de cartes",
                "it": "forza delle carte: non valutata (ogni giocatore ha gli stessi tipi di carte"}[lang]
    assert strength not in alone
    # round 33 en10, fr13: the first count with players says the whole note, not "as above", which pointed at the
    # solo note's other reason; terminal round 41 en19, en22: why the card is not judged, the card-strength line
    two = plain(format_entry(duo, lang, naming, said))
    assert {"en": "note: the simulated players hardly ever use their imposter card",
            "fr": "à noter : les joueurs automatiques n’utilisent presque jamais leur carte Imposteur",
            "it": "nota: i giocatori automatici non usano quasi mai il loro impostore"}[lang] in two, two  # round 46 it5
    assert strength in two, two  # the whole reason at the first count with players (the solo block gave its own)
    assert {"en": "note: as above", "fr": "à noter : comme plus haut", "it": "nota: come sopra"}[lang] not in two
    # the next count says it again, short, as the 3 and 4 players' blocks do
    two = plain(format_entry(duo, lang, naming, said))
    # terminal round 27 en7: "here too … too" in one sentence: once; terminal round 43 it9, fr7: the note said again
    # points back to the whole one, its share alone ("in 1.3% of cases"), its base and consequence said above
    assert caveat not in two and {"en": "note: again, the simulated players hardly ever use their imposter card (",
                                  # round 30 fr14: one verb, the book's (round 42 en2)
                                  "fr": "à noter : ici aussi, les joueurs automatiques n’utilisent presque jamais "
                                        "leur carte Imposteur (",
                                  "it": "nota: anche qui i giocatori automatici non usano quasi mai il loro "
                                        "impostore ("}[lang] in two, two  # terminal round 46 it5
    assert {"en": "card strength: not judged, as above", "fr": "force des cartes : non évaluée, comme plus haut",
            "it": "forza delle carte: non valutata, come sopra"}[lang] in two, two
    # twenty-sixth reading en6: the short note says what it means for the figures, as the first one does: by
    # pointing at it
    assert {"en": "of cases), so these figures describe games played almost without it", "fr": "des cas) ; ces résultats valent donc pour des parties jouées quasiment sans elle",  # round 45 fr7
            "it": "dei casi), quindi questi risultati valgono per partite giocate praticamente senza usarlo"}[lang] in two, two
    assert {"en": "counting each player", "fr": "en comptant chaque joueur", "it": "contando ogni giocatore"}[lang] \
        not in two[two.index({"en": "note: again,", "fr": "à noter : ici aussi", "it": "nota: anche qui"}[lang]):]


# -- en24: the Light Supper's change counts the draw that ends the banquet --------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_light_suppers_change_counts_the_draws_that_end_the_banquet(lang: str) -> None:
    from cardgen.languages import typeset
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import difference_line

    short = resolve("royale-short", ROOT)
    naming = Naming.of(short, lang)
    [draws] = [typeset(difference_line(d, lang, naming), lang) for d in short.differences
               if d["field"] == "end_card_draws"]
    draws = plain(draws)
    assert draws[:1].lower() + draws[1:] == {  # compare's line sets it lower case after its dash
        "en": "times the End of the Banquet card must be drawn to end the banquet: 2 → 1",
        "fr": "nombre de fois où la carte Fin du banquet doit sortir pour clore la partie : 2 → 1",
        "it": "quante volte deve uscire la carta Fine del banchetto perché la partita finisca: 2 → 1"}[lang]
    assert "before" not in draws


# -- en5: a run of one deck counts its player counts ------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_run_of_one_deck_says_player_counts_and_of_several_combinations(lang: str) -> None:
    from cardgen.report.pages import run_verdict
    from cardgen.simulate.summary import checked_line, total_line

    one = plain(checked_line(3, 0, 2, 1, lang))
    assert one == {"en": "three player counts checked: all passed, 2 with warnings",
                   "fr": "trois nombres de joueurs vérifiés : aucun échec, 2 validés avec réserves",
                   "it": "verificate tre configurazioni: tutte superate, 2 con avvisi"}[lang]
    assert plain(checked_line(1, 0, 1, 1, lang)) == {
        "en": "1 player count checked: passed, with warnings",
        "fr": "1 nombre de joueurs vérifié : aucun échec ; validé avec réserves",
        "it": "verificata 1 configurazione: superata con avvisi"}[lang]
    assert plain(checked_line(2, 0, 1, 2, lang)) == {
        "en": "2 combinations of game and player count checked: all passed, 1 with warnings",
        "fr": "2 configurations (jeu et nombre de joueurs) : aucun échec, 1 validée avec réserves",
        "it": "2 configurazioni (gioco e numero di giocatori) verificate: tutte superate, 1 superata con "
              "avvisi"}[lang]
    # the closing line counts the run's decks; the runs' list its record's
    clean = {"passed": True, "sufficiency": [], "balance": {}}
    assert plain(total_line([{**clean, "variant": "king_lui"}] * 3, lang)) == plain(checked_line(3, 0, 0, 1, lang))
    assert plain(total_line([{**clean, "variant": "king_lui"}, {**clean, "variant": "royale"}], lang)) == \
        plain(checked_line(2, 0, 0, 2, lang))
    record = {"total": 3, "passed": 3, "warned": 2}
    assert plain(run_verdict({**record, "decks": ["king_lui"]}, lang)) == one
    assert plain(run_verdict({**record, "decks": ["king_lui", "royale"]}, lang)) == plain(checked_line(3, 0, 2, 2, lang))


# -- en1: who played, said without "players … for every player" -----------------------------------------------------

def test_who_played_names_the_turn_positions_not_the_players_again() -> None:
    from cardgen.simulate.verdict import agents_words

    said = agents_words(["heuristic"], "en", 3)
    assert said == "heuristic players (simple rules of thumb written for this game), one in each seat"
    assert "for every player" not in said and said.count("player") == 1
    assert agents_words(["heuristic"], "en", 1) == "a heuristic player (simple rules of thumb written for this game)"
