"""Terminal round 52, part u: the readers' unstarred faults (``docs/reads/terminal-round-52-fixes-u.md``).

Each test fails on the words or code of eb69cac1 (checked by putting the old sources back)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_terminal_round49_q import _plain  # narrow and plain no-break spaces read as spaces

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def _naming(game: str, lang: str):
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    return Naming.of(resolve(game, ROOT), lang)


def _lines(lang: str) -> dict:
    return json.loads((ROOT / "cardgen" / "terminal.json").read_text(encoding="utf-8"))["lines"][lang]


# -- it1, fr1, en3: the close games' note names the winner once, its mean as the base of the tenth ----------------------

@pytest.mark.parametrize(("lang", "game", "said"), [
    ("en", "king_lui", "measured over the 250 games; a tenth of the winner’s score (on average 73.6 over these games) "
                       "comes to about 7 points"),
    ("fr", "king_lui", "sur les 250 parties ; un dixième du score du vainqueur (en moyenne 73,6 sur ces parties) fait "
                       "environ 7 points"),
    ("it", "king_lui", "sulle 250 partite; un decimo del punteggio del vincitore (in media 73,6 su queste partite) vale "
                       "circa 7 punti"),
    ("en", "draco", "a tenth of the winner’s fortune (on average 73.6 over these games) comes to about 7 silver coins"),
    ("fr", "draco", "un dixième de la fortune du vainqueur (en moyenne 73,6 sur ces parties) fait environ 7 pièces "
                    "d’argent"),
    ("it", "draco", "un decimo del denaro del vincitore (in media 73,6 su queste partite) vale circa 7 monete "
                    "d’argento")])
def test_it1_fr1_en3_the_close_games_note_names_the_winner_once(lang: str, game: str, said: str) -> None:
    """it1, fr1 (validate-king_lui l.71-72, 117-118, 161-162; Draco at every count; the game pages): «qui un decimo
    del punteggio del vincitore vale circa 7 punti (punteggio medio del vincitore su queste partite: 73,6)», « un
    dixième du score du vainqueur vaut ici environ 7 points (score moyen du vainqueur sur ces parties : 73,6) »: the
    winner named twice in one note, « ici » said again by « sur ces parties », and the tenth said as a fixed amount
    when it is the tenth of a mean. en3: "(winner’s mean score over these games: 73.6)" read as a restatement of the
    scores line's "the winner scores 73.9 on average" (over all 300 games). The mean now stands in brackets after
    the score it averages, said over which games (round 47 fr7*'s ruling), and the tenth follows from it."""
    from cardgen.simulate.summary import WinnerMean, figure_bases

    naming = _naming(game, lang)
    figures = [("lead_changes", {"n": 250}), ("close_games", {"n": 250})]
    notes = [_plain(n) for n in figure_bases(figures, lang, naming, 3, 3, WinnerMean(73.644, 250))]
    note = next(n for n in notes if "73" in n)
    assert _plain(said) in note, notes
    assert note.count({"en": "winner", "fr": "vainqueur", "it": "vincitore"}[lang]) == 1, note
    assert not any(w in note for w in (" here", " ici", "qui un decimo", "mean score", "score moyen", "medio")), note
    fewer = [("lead_changes", {"n": 250}), ("close_games", {"n": 224})]
    note = next(n for n in (_plain(n) for n in figure_bases(fewer, lang, naming, 3, 3, WinnerMean(73.644, 250)))
                if "73" in n)
    assert note.count({"en": "winner", "fr": "vainqueur", "it": "vincitore"}[lang]) == 1, note
    assert any(w in note for w in ("first 250 games", "250 premières parties", "prime 250 partite")), note


# -- it2: Royale's 2-player balance, one colon, «perché» the reason the two distances go together ----------------------

def test_it2_royale_s_two_player_balance_has_one_colon_and_its_reason_for_the_pair() -> None:
    """it2 (validate-royale l.58-62, royale.html): «… ma la distanza di ciascun giocatore dalla quota equa è al limite:
    il giocatore 1 (59,7%) è sopra e il giocatore 2 (48,0%) sotto, perché con due giocatori ciò che l’uno guadagna,
    l’altro lo perde.»: two colons in one sentence, and «perché» read as the reason player 1 is above (it only says
    why the two distances go together). One colon (the pinned one after «la contengono»), each player's own side of
    the fair share (round 48 en7*, fr4*), one's gain the other's loss (round 47 en8*) as the reason for the pair."""
    from test_terminal_round47_m import _near

    line = _plain(_near("it", [179, 144]))
    sentence = line.split(". ")[1]
    assert sentence.count(":") == 1, sentence
    assert ("nessuno squilibrio è dimostrato, ma entrambi i giocatori sono al limite, il giocatore 1 (59,7%) sopra la "
            "quota equa e il giocatore 2 (48,0%) sotto; le due distanze vanno di pari passo, perché con due giocatori "
            "ciò che l’uno guadagna, l’altro lo perde.") in line, line
    assert line.count("quota equa") == 2, line


# -- it3: validate's verdict "beyond chance" in one Italian phrasing --------------------------------------------------

def test_it3_the_two_player_counterfactual_says_beyond_chance_as_the_warnings_do() -> None:
    """it3 (validate-royale l.63 against l.168, royale.html): «entrambe le distanze andrebbero oltre quanto possa
    spiegare il caso» at 2 players and, in the 4-player AVVISO, «Le differenze sono più grandi di quanto il caso
    spieghi di solito»: one verdict in two phrasings in one output. The 2-player counterfactual now says it in the
    words every flag uses («più grande di quanto il caso spieghi di solito»)."""
    from test_terminal_round47_m import _near

    line = _plain(_near("it", [179, 144]))
    assert ("Senza l’allargamento degli intervalli, entrambe le distanze sarebbero più grandi di quanto il caso "
            "spieghi di solito") in line, line
    assert "oltre quanto" not in line, line
    flag = _lines("it")["balance_flagged_sides"]
    assert "più grandi di quanto il caso spieghi di solito" in flag


# -- it6: compare's seat sentence says «quota equa» once and names the base game's distance ----------------------------

@pytest.mark.parametrize("key", ["compare_seat_leans", "compare_seat_leans_moved", "compare_seat_leans_untested"])
def test_it6_compare_s_seat_sentence_says_the_fair_share_once(key: str) -> None:
    """it6 (compare-king_lui-hungry-dragon l.34-35, compare-royale-short l.58-60, both pages): «il giocatore 5 è sopra
    la quota equa, e il caso difficilmente basta a spiegarlo; anche nel gioco base è sopra la quota equa, ma su queste
    coppie la differenza, …»: «è sopra la quota equa» twice in two lines, and «la differenza» with no noun to refer to.
    Now «…; lo è anche nel gioco base, ma su queste coppie quella distanza, come la differenza tra i due giochi, …»."""
    from cardgen.terminal import say

    said = _plain(say(key, "it", who="il giocatore 5", often="sopra"))
    assert said.count("quota equa") == 1, said
    assert "; lo è anche nel gioco base, ma su queste coppie quella distanza" in said, said


# -- it8: the closing card note gives the 5 % one name --------------------------------------------------------------------

def test_it8_the_closing_card_note_gives_the_five_percent_one_name() -> None:
    """it8 (draco.html's and the compare pages' closing «Nota sulle carte»): «Il rischio del 5% che essa fissa … la
    probabilità che almeno una carta sia segnalata per puro caso cresce»: one quantity as «rischio», then as
    «probabilità», where the legend it points to says «la probabilità»; «che essa fissa» heavy. Now «Il 5% fissato
    da quella regola vale … la probabilità … è più alta» (the French and English, not faulted, unchanged)."""
    from cardgen.report.impact import WORDS

    note = _plain(WORDS["it"]["footnote_widened"])
    assert "Il 5% fissato da quella regola vale per ciascun numero di giocatori preso a sé" in note, note
    assert "rischio" not in note and "essa" not in note and note.endswith("è più alta."), note


# -- it13, en16 (r49 fr8): the overview's length note names the units in the cells' order ------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The length column gives the mean length of a game in the game’s own rounds (courses) and in turns;"),
    ("fr", "La durée est une moyenne, dans l’unité propre à chaque jeu (services) et en tours de joueur."),
    ("it", "La durata è una media, nell’unità propria di ciascun gioco (portate) e in turni.")])
def test_it13_en16_the_overview_s_length_note_names_the_units_in_the_cells_order(lang: str, said: str) -> None:
    """it13, en16 (validate-king_lui's overview): "The length column gives the mean length of a game in turns and in
    the game’s own rounds (courses)" above cells of "16.9 courses, 50.6 turns" (r51 en21, it21, r49 fr8): the note
    promised turns first. The cells give first the unit the game's players count (``pages._length``); the note now
    names the units in that order, where every game on the page counts the same one first (Royale and Draco: turns)."""
    import re

    from cardgen.report.pages import overview
    from test_pages_fifteenth import _flagged

    doc = {"results": [_flagged()], "agents": ["heuristic"], "games": 300, "seed": 1, "cap": 10000}
    html = _plain(re.sub(r"\s+", " ", overview(doc, {"king_lui": {"name": "King Lui"}}, "T", "", lang,
                                               {"king_lui": _naming("king_lui", lang)})))
    assert _plain(said) in html, html
    royale = {**_flagged(), "variant": "royale", "game": "royale"}
    html = _plain(re.sub(r"\s+", " ", overview({**doc, "results": [royale]}, {"royale": {"name": "Royale"}}, "T", "",
                                               lang, {"royale": _naming("royale", lang)})))
    # terminal round 53 en11: a game that does not name its rounds, its cells' own unit (pin updated)
    assert {"en": "in turns and in complete rounds;", "fr": "en tours de joueur et en tours de table complets.",
            "it": "in turni e in giri completi."}[lang] in html, html
    assert "(complete rounds)" not in html and "(tours de table complets)" not in html and "(giri completi)" not in html


# -- fr6: the overview's near-limit cell without « dans les limites … à la limite » ------------------------------------

@pytest.mark.parametrize("key", ["fair_within_close", "fair_within_close_two", "fair_within_close_many"])
def test_fr6_the_overview_s_near_limit_cell_has_no_limites_limite_echo(key: str) -> None:
    """fr6 (validate-king_lui's overview at 4 and 5 players, validate-royale's at 2): « écart dans les limites du
    hasard, mais à la limite »: « limites … limite » in five words, read as a pun. Now « écart que le hasard peut
    encore expliquer, mais à la limite », as the English "a gap chance alone could explain, but only just"; « à la
    limite » kept (r48 fr13's ruling: never « de justesse » here)."""
    from cardgen.report.words import page_words

    cell = _plain(page_words(key, "fr"))
    assert "que le hasard peut encore expliquer, mais à la limite : pour trancher" in cell, cell
    assert "limites" not in cell, cell


# -- fr4: the hardly-played note's pronoun has its antecedent --------------------------------------------------------------

def test_fr4_the_plural_hardly_played_note_says_la_carte() -> None:
    """fr4 (validate-draco l.100-102): « * presque jamais jouées par les joueurs automatiques (entre parenthèses, le
    nombre moyen de fois où chaque joueur la joue dans une partie) »: « jouées » (the cards), then « la joue » (one
    card) with no singular antecedent. The plural note now says « joue la carte », as the Italian «gioca quella
    carta»; the singular note («jouée … la joue») keeps its pronoun."""
    from cardgen.terminal import say

    said = _plain(say("hardly_note", "fr", items="Pluie d’écus (0,04)"))
    assert ("(entre parenthèses, combien de fois, en moyenne, chaque joueur joue la carte dans une partie) : Pluie "
            "d’écus (0,04)") in said, said
    assert "la joue " not in said, said


# -- fr9: the untried value's question says what passes the threshold ------------------------------------------------------

def test_fr9_the_untried_value_s_question_says_the_shortage_passes_the_threshold() -> None:
    """fr9 (fix-draco l.286-288 and the page): « Pour savoir si elle dépasse le seuil de validate (la correction 2 ne
    l’a pas dépassé) »: « elle » is the value 42; a number of gold coins does not pass a threshold, the shortage with
    it does (the same slip in the bracket, and in ``next_gap``'s « la plus petite qui ne dépasse pas »). These lines
    follow a shortage fix only (``fix.next_line``: ``validate_short``), so « le manque » is named."""
    from cardgen.tune.fix import word

    one = _plain(word("next_gap_one", "fr", j=1, k=2, before=41, value=43, mid=42, lever="l", deck="d", path_k="p",
                      amount="42 pièces d’or"))
    assert ("Pour savoir si, avec elle, le manque dépasse le seuil de validate (avec la correction 2, il ne l’a pas "
            "dépassé), comparez-la :") in one, one
    many = _plain(word("next_gap", "fr", low=42, high=44, lever="l", mid=43, deck="d", path_k="p", value=45))
    assert "la plus petite avec laquelle le manque ne dépasse pas le seuil de validate" in many, many


# -- fr2: Draco's tie ruling says « à leur tour », as the label above it and the book --------------------------------------

def test_fr2_draco_s_tie_ruling_says_a_leur_tour_as_its_label_and_the_book() -> None:
    """fr2 (validate-draco l.28 against l.30-31; draco.html and the charity-toast page): the label « les plus riches
    des joueurs restants sont à leur tour à égalité » and, two lines below, the ruling it heads « plusieurs des joueurs
    restants sont encore à égalité » (``tie_for_win.case``), where the book's own text (``tie_for_win.text``) says
    « à leur tour »: « encore » of players tied for the first time (part t's it7* ruling). One phrase now."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    case = _plain(Naming.of(resolve("draco", ROOT), "fr").clarifications["tie_for_win"])
    assert "plusieurs des joueurs restants sont à leur tour à égalité pour la plus grosse fortune" in case, case
    assert "encore" not in case, case


# -- it10, fr7: the all-quiet balance line says the pairs as the heading does, "200 to 300" --------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("it", "Ma 200–300 coppie possono non cogliere un piccolo squilibrio"),
    ("fr", "Mais 200 à 300 paires peuvent laisser passer un petit écart"),
    ("en", "But 200 to 300 pairs can miss a small gap")])
def test_it10_fr7_the_all_quiet_line_says_the_pairs_as_a_span(lang: str, said: str) -> None:
    """it10, fr7 (compare-draco-charity-toast l.83-87): «Ma 200 e 300 coppie possono non cogliere un piccolo
    squilibrio», « Mais 200 et 300 paires … »: read as one batch of 500, or as both played at each count, where the
    heading says «su 200–300 coppie» / « sur 200 à 300 paires » and the stops which count had which. Counts that
    played different numbers of pairs are now said as the heading says them (``count_range``); one number stays
    one number. (The English follows, being the same placeholder: the other part's en13.)"""
    from cardgen.simulate.summary import format_comparison
    from tests.test_compare_round22 import _royale_short_four

    r = _royale_short_four()
    quiet = {**r, "variant_result": {**r["variant_result"], "balance": {"flags": [], "seat_fair_share": 0.2775}},
             "base_result": {**r["base_result"], "balance": {"flags": [], "seat_fair_share": 0.26}}}
    doc = {"lang": lang, "base": "royale", "variant": "royale-short", "name": "Short", "games": 300,
           "agents": ["heuristic"], "seed": 1, "differences": [],
           "results": [{**quiet, "players": 3, "games": 300}, {**quiet, "games": 200}]}
    text = _plain(" ".join(format_comparison(doc, tables=False).split()))
    assert _plain(said) in text, text
    assert not any(w in text for w in ("200 e 300", "200 et 300", "200 and 300")), text
    one = {**doc, "results": [{**quiet, "players": 3, "games": 300}, {**quiet, "games": 300}]}
    assert {"it": "Ma 300 coppie", "fr": "Mais 300 paires", "en": "But 300 pairs"}[lang] in _plain(
        " ".join(format_comparison(one, tables=False).split()))
