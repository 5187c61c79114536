"""Terminal round 51, part u: the readers' unstarred faults (``docs/reads/terminal-round-51-fixes-u.md``).

Each test fails on the words or code of e2069b1a (checked by putting the old sources back)."""
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


# -- en3, fr1, it1: the close games' note names its games once -----------------------------------------------------------

@pytest.mark.parametrize(("lang", "game", "said", "old"), [
    # terminal round 52 it1, fr1, en3: the winner named once, its mean in brackets after it (pins updated)
    ("en", "king_lui", "measured over the 250 games; a tenth of the winner’s score (on average 73.6 over these games) "
                       "comes to about 7 points", "over the first 250 games"),
    ("fr", "king_lui", "sur les 250 parties ; un dixième du score du vainqueur (en moyenne 73,6 sur ces parties) fait "
                       "environ 7 points", "250 premières parties"),
    ("it", "king_lui", "sulle 250 partite; un decimo del punteggio del vincitore (in media 73,6 su queste partite) "
                       "vale circa 7 punti", "prime 250 partite"),
    ("en", "draco", "measured over the 250 games; a tenth of the winner’s fortune (on average 73.6 over these games) "
                    "comes to about 7 silver coins", "over the first 250 games"),
    ("fr", "draco", "sur les 250 parties ; un dixième de la fortune du vainqueur (en moyenne 73,6 sur ces parties) "
                    "fait environ 7 pièces d’argent", "250 premières parties"),
    ("it", "draco", "sulle 250 partite; un decimo del denaro del vincitore (in media 73,6 su queste partite) vale "
                    "circa 7 monete d’argento", "prime 250 partite")])
def test_en3_fr1_it1_the_close_games_note_names_its_games_once(lang: str, game: str, said: str, old: str) -> None:
    """en3, fr1, it1 (validate-king_lui l.65, 106, 146; Draco at 6 players; the game pages): "close games: measured
    over the 250 games; … (winner’s mean score over the first 250 games: 73.6)": one set of games under two names in
    one line, read as two sets. Where the close games are every game followed, the note has just named them: the
    mean is said "over these games". Where they are fewer (Draco's 224 of 250 at 3 players), both counts stay."""
    from cardgen.simulate.summary import WinnerMean, figure_bases

    naming = _naming(game, lang)
    figures = [("lead_changes", {"n": 250}), ("close_games", {"n": 250})]
    notes = [_plain(n) for n in figure_bases(figures, lang, naming, 3, 3, WinnerMean(73.644, 250))]
    assert any(_plain(said) in n for n in notes), notes
    assert not any(old in n for n in notes), notes
    fewer = [("lead_changes", {"n": 250}), ("close_games", {"n": 224})]
    notes = [_plain(n) for n in figure_bases(fewer, lang, naming, 3, 3, WinnerMean(73.644, 250))]
    assert any(old in n for n in notes), notes  # 224 games measured, the mean over the first 250: both said


# -- en12: the closing card note's "being" ----------------------------------------------------------------------------

def test_en12_the_closing_card_note_says_a_card_being_flagged() -> None:
    """en12 (draco.html and the compare pages' closing "Note on the cards"): "the chance of a card flagged by luck
    alone is higher" dropped the "being" the rule above it says ("the chance of even one card being flagged"). The
    French and Italian say it whole already (« qu’une carte soit signalée », «che una carta sia segnalata»)."""
    from cardgen.report.impact import WORDS

    note = WORDS["en"]["footnote_widened"]
    assert "being flagged by luck alone is higher." in note, note  # fr6, it9 below: "even one card being flagged"
    assert "a card flagged by luck" not in note


# -- fr6, it9: the closing card note's 5 % named, and "at least one card" ------------------------------------------------

@pytest.mark.parametrize(("lang", "said", "old"), [
    ("en", "The 5% risk it sets holds at each player count taken alone; over several player counts together, the "
           "chance of even one card being flagged by luck alone is higher.", "Its 5%"),
    ("fr", "Le risque de 5 % qu’elle fixe vaut pour chaque nombre de joueurs pris à part ; pour plusieurs nombres de "
           "joueurs ensemble, le risque qu’au moins une carte soit signalée par le seul hasard est plus élevé.",
     "Ses 5 %"),
    # terminal round 52 it8: one name for the 5 %, «probabilità», as the legend (pin updated)
    ("it", "la regola con cui si segnala una carta è spiegata sopra la prima tabella delle carte. Il 5% fissato da "
           "quella regola vale per ciascun numero di giocatori preso a sé; se si considerano insieme più numeri di "
           "giocatori, la probabilità che almeno una carta sia segnalata per puro caso è più alta.", "Il suo 5")])
def test_fr6_it9_the_closing_card_note_names_its_five_percent(lang: str, said: str, old: str) -> None:
    """fr6, it9 (draco.html's and the compare pages' closing "Note on the cards"): « Ses 5 % valent … » / «Il suo 5%
    vale …»: an elliptic possessive on a figure (the rule has a 0.1 threshold and a 5 %), and « le risque qu’une carte
    soit signalée » dropped the « au moins » of the rule it points to, so that it read as a per-card risk; «la regola
    che segnala una carta»: cardgen flags, by the rule. The English alike ("The 5% risk it sets", "even one card")."""
    from cardgen.report.impact import WORDS

    note = _plain(WORDS[lang]["footnote_widened"])
    assert _plain(said) in note, note
    assert old not in note


# -- en20: two players named, two gaps -----------------------------------------------------------------------------------

def test_en20_the_overview_names_two_gaps_for_two_players() -> None:
    """en20 (validate-royale's overview, 2 players): "player 1: 59.7%, player 2: 48.0% (fair share 53.8%), a gap chance
    alone could explain, but only just": two players named, one "gap", where King Lui's 5-player cell says "gaps" and
    the French and Italian cells say « écarts », «differenze» at 2 players (round 33 fr28, it30)."""
    from cardgen.report.pages import _fairness

    duo = {"players": 2, "seat_win_rates": [{"seat": 1, "rate": 0.48}, {"seat": 0, "rate": 0.597}],
           "balance": {"flags": [], "seat_fair_share": 0.538, "close": [{"seat": 0, "level": "close"}]}}
    cell = _plain(_fairness(duo, "en"))
    assert cell.endswith("(fair share 53.8%), gaps chance alone could explain, but only just: play more games to be "
                         "sure"), cell
    calm = {**duo, "balance": {"flags": [], "seat_fair_share": 0.538}}
    assert _plain(_fairness(calm, "en")).endswith("(fair share 53.8%), gaps chance alone could explain")


# -- fr2, it7: Draco's tie case in the book's words, without four «volta» -------------------------------------------------

@pytest.mark.parametrize(("lang", "key", "said", "old"), [
    ("fr", "gap:tie_for_win", "les plus riches des joueurs restants sont à leur tour à égalité, une fois éliminés les "
                              "ex æquo de tête (ou tous les joueurs ont été éliminés)", "des autres"),
    ("fr", "tie_break:leaders_eliminated", "ex æquo de tête éliminés, victoire au plus riche des joueurs restants",
     "des autres"),
    ("it", "gap:tie_for_win", "i più ricchi tra i rimanenti sono anch’essi a pari merito, dopo l’eliminazione dei primi "
                              "(oppure non resta nessun giocatore)", "volta")])
def test_fr2_it7_draco_s_tie_case_says_the_remaining_players(lang: str, key: str, said: str, old: str) -> None:
    """fr2 (validate-draco l.28, 44, 218, 229, 294, 304; draco.html, the Charity Toast page): « les plus riches des
    autres » and « victoire au plus riche des autres » two lines above the ruling's and the book's « des joueurs
    restants »: one case, two wordings; « les autres » named before the ex æquo they are other than. Now the book's
    words, the finding still first (r49 it25). it7: «sono a loro volta a pari merito, una volta eliminati i primi»
    beside the count's «una volta in ciascuna; la prima volta»: «volta» four times in three lines."""
    words = json.loads((ROOT / "cardgen/games/draco/words.json").read_text(encoding="utf-8"))["tallies"][lang]
    assert _plain(words[key]) == _plain(said)
    assert old not in words[key]


# -- r48 fr13: « de justesse » in one sense only ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["fair_within_close", "fair_within_close_two", "fair_within_close_many"])
def test_r48_fr13_the_overview_says_a_la_limite_not_de_justesse(key: str) -> None:
    """r48 fr13 (validate-king_lui's overview at 4 and 5 players, validate-royale's at 2): « écart(s) dans les limites
    du hasard, mais de justesse » (within chance, barely) where compare-royale-short says « de justesse » of a gap
    beyond chance, barely: one phrase, two opposite findings. The overviews now say the validate terminal's own
    word, « à la limite »."""
    from cardgen.report.words import page_words

    cell = _plain(page_words(key, "fr"))
    assert "mais à la limite : pour trancher" in cell, cell  # terminal round 52 fr6: no « limites … limite » (pin updated)
    assert "de justesse" not in cell


# -- en2 (in part): the bank's emptiness said without a second colon in the bracket ------------------------------------

def test_en2_the_box_total_peak_says_so_the_bank_was_empty() -> None:
    """en2 (validate-draco l.107-108, 175-176, 241-242, 307-308): "(all 95 the game contains: the bank was empty)":
    the note-speak bracket now carried a colon and a second clause. "…, so the bank was empty" says the consequence
    in one clause. Round 37 en14's "all 5 the game contains" became "all 5 of them" (terminal round 53 en2)."""
    from cardgen.simulate.summary import _items

    line = _plain(_items({"silver_in_hands": 20, "money_in_hands": 95}, "peak", "en", _naming("draco", "en")))
    assert "(95, all the money in the game, so the bank was empty)" in line, line  # terminal round 54 en3*
    assert "all 95 of them" not in line, line
    assert "contains:" not in line


# -- r50 fr3: the gold conversion said one way at every count -------------------------------------------------------------

def test_r50_fr3_the_gold_conversion_is_said_one_way() -> None:
    """r50 fr3 (validate-draco l.130 against l.204, 280, 354): « Par conversion en or, cela ferait 19 pièces d’or de
    plus » at 3 players, « (converties en or, 15 pièces d’or de plus) » at 4-6: one conversion said two ways. Now
    « Converties en or, ce seraient 19 pièces d’or de plus (valant 57 pièces d’argent), … », round 50's ready
    wording, as the Italian «Convertite in oro, sarebbero …»."""
    from cardgen.simulate.summary import own_say

    naming = _naming("draco", "fr")
    said = _plain(own_say("short_also", "fr", naming, more=19, piece="pièces d’or", worth=57, unit="pièces d’argent",
                          each=3, each_unit="pièces d’argent"))
    assert said.startswith(" Converties en or, ce seraient 19 pièces d’or de plus (valant 57 pièces d’argent)") or \
        said.startswith("Converties en or, ce seraient 19 pièces d’or de plus (valant 57 pièces d’argent)"), said
    assert "Par conversion" not in said


# -- fr3: validate's caution and fix's pointer set side by side, not as cause and effect ---------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "so they may fall short, or be more than needed; cardgen fix looks for changes of its own"),
    ("fr", "si bien qu’ils peuvent ne pas suffire, ou dépasser le nécessaire ; la commande cardgen fix cherche"),
    ("it", "perciò potrebbero non bastare, o superare il necessario; il comando cardgen fix cerca")])
def test_fr3_validate_s_caution_does_not_read_as_fix_being_its_reason(lang: str, said: str) -> None:
    """fr3 (validate-draco l.133-135, draco.html's WARNING): « … ou dépasser le nécessaire : la commande cardgen fix
    cherche … »: the colon announced why the additions may be wrong, and what followed was a pointer to another
    command; read fast, fix was the reason. A semicolon sets the two side by side; alike in English and Italian."""
    for key in ("short_ruled", "short_one_ruled"):
        text = _plain(json.loads((ROOT / "cardgen/terminal.json").read_text(encoding="utf-8"))["lines"][lang][key])
        assert _plain(said) in text, text


# -- r48 fr1: King Lui's near-limit balance says « ce que le hasard peut expliquer » once --------------------------------

@pytest.mark.parametrize(("key", "said"), [
    ("balance_near_one", "sans l’élargissement des intervalles, son écart ne pourrait plus s’expliquer par le hasard"),
    ("balance_near_many", "sans l’élargissement des intervalles, leurs écarts ne pourraient plus s’expliquer par le "
                          "hasard")])
def test_r48_fr1_the_near_limit_balance_says_its_clause_once(key: str, said: str) -> None:
    """r48 fr1 (validate-king_lui l.116-118, 164-166; king_lui.html at 4 and 5 players): « aucun écart ne dépasse ce
    que le hasard peut expliquer, mais … : sans l’élargissement des intervalles, son écart dépasserait ce que le hasard
    peut expliquer »: one clause twice in one sentence. The counterfactual in Royale's 2-player words, « ne pourrait
    plus s’expliquer par le hasard »."""
    text = _plain(json.loads((ROOT / "cardgen/terminal.json").read_text(encoding="utf-8"))["lines"]["fr"][key])
    assert said in text, text
    assert text.count("ce que le hasard peut expliquer") == 1, text


# -- r48 fr10: no sentence opens on the lower-case « cardgen » ------------------------------------------------------------

def test_r48_fr10_royale_s_card_strength_note_opens_no_sentence_on_cardgen() -> None:
    """r48 fr10 (royale.html and the Light Supper page, "Force des cartes"): « … que les autres possèdent. cardgen ne
    peut pas non plus mesurer une carte … »: a sentence opening on a lower-case name. Now impersonal, as the Italian
    («Non si può nemmeno …»): « Il n’est pas possible non plus de mesurer une carte … »."""
    words = json.loads((ROOT / "cardgen/games/royale/words.json").read_text(encoding="utf-8"))
    found = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "all_dealt_one" and isinstance(value, str) and value.startswith("Aucune carte"):
                    found.append(value)
                walk(value)
    walk(words)
    assert found and all("possèdent. Il n’est pas possible non plus de mesurer une carte" in _plain(v) for v in found)
    assert not any(". cardgen " in v for v in found)


# -- it15 (in part): compare's shortage assumption said once ----------------------------------------------------------------

def test_it15_the_shortage_table_s_assumption_is_said_once() -> None:
    """it15 (compare-draco-charity-toast l.53-54 and l.60-61, the page): «come se averne di più non cambiasse il gioco»
    above the table, and, since round 50 part u, «presuppongono che con più monete d’argento le partite si svolgano allo
    stesso modo» under it: one assumption twice in nine lines. The head now says how the coins are counted (round 46
    it22's plain words), the advice under the table the assumption."""
    from cardgen.terminal import say

    head = _plain(say("short_table_head", "it", name="N", case="c", covered="", pairs="100",
                      piece="monete d’argento"))
    advice = _plain(say("short_table_advice", "it", piece="monete d’argento", deck="draco"))
    assert head.endswith("sono calcolate sugli ammanchi di queste stesse partite:"), head
    assert "come se" not in head and "presuppongono che" in advice


# -- it2: Royale's 2-player balance without the bracket and the third «quota equa» ---------------------------------------

def test_it2_royale_s_two_player_balance_has_no_bracket_and_two_fair_shares() -> None:
    """it2 (validate-royale l.59-62, royale.html): «… è al limite (con due giocatori, ciò che l’uno guadagna, l’altro
    lo perde): il giocatore 1 (59,7%) è sopra la quota equa e il giocatore 2 (48,0%) sotto»: two colons and a bracket
    in one sentence, «la quota equa» three times in four lines. The reason now follows the two players with
    «perché», the second «sopra la quota equa» implied by «dalla quota equa è al limite»; each player's own distance
    still said (round 48 en7*, fr4*), and one's gain the other's loss (round 47 en8*)."""
    from test_terminal_round47_m import _near

    line = _plain(_near("it", [179, 144]))
    # terminal round 52 it2: one colon, and «perché» gives the reason the two distances go together (pin updated)
    assert ("entrambi i giocatori sono al limite, il giocatore 1 (59,7%) sopra la quota equa e il giocatore 2 (48,0%) "
            "sotto; le due distanze vanno di pari passo, perché con due giocatori ciò che l’uno guadagna, l’altro lo "
            "perde.") in line, line
    assert "(con due giocatori" not in line and line.count("quota equa") == 2, line


# -- r48 fr9: one colon before compare's validate command ------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Le jeu de base a peut-être le même déséquilibre ; pour en juger sur 1 000 parties, lancez (si ce n’est déjà "
           "fait) : C"),
    ("it", "Anche il gioco base può avere questo squilibrio; per giudicarlo su 1.000 partite, se non l’hai già fatto, "
           "esegui: C")])
def test_r48_fr9_compare_s_validate_advice_has_one_colon(lang: str, said: str) -> None:
    """r48 fr9 (compare-king_lui-hungry-dragon l.48-49, the page at 5 players): « Le jeu de base a peut-être le même
    déséquilibre : pour en juger …, lancez (si ce n’est déjà fait) : cardgen validate … »: two colons in one sentence,
    the Italian alike. A semicolon before the advice, as the English ("…this imbalance too; if you have not already,
    …"); the colon kept before the command."""
    from cardgen.terminal import say

    text = _plain(say("compare_seat_validate", lang, validate="C"))
    assert text == _plain(said), text


# -- it3 (in part): the imposter notes' consequence in the French verbs ------------------------------------------------------

@pytest.mark.parametrize("source", ["cardgen/terminal.json", "cardgen/games/royale/words.json"])
def test_it3_the_later_imposter_note_says_valgono_per_as_the_first(source: str) -> None:
    """it3 (validate-royale l.20, 91, 139, 173, royale.html): one consequence in three Italian verbs, «valgono per
    partite giocate …» (the first notes), «descrivono partite giocate …» (the later note) and «è misurato su …» (the
    WARNING's note). The later note now says «valgono per», as the first and as the French « valent pour »; the
    WARNING's «è misurato su» stays, as the English "was measured" and the French « mesuré »."""
    text = (ROOT / source).read_text(encoding="utf-8")
    assert "quindi questi risultati valgono per partite giocate praticamente senza" in text
    assert "descrivono partite giocate" not in text
