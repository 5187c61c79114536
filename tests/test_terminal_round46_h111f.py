"""Terminal round 46, the French reader's costliest faults (branch h111f): docs/reads/terminal-round-46-fixes-f.md."""
from __future__ import annotations

import pytest

from cardgen.simulate.summary import Naming, designer_lines

LANGS = ["en", "fr", "it"]


def plain(text: str) -> str:
    return " ".join(str(text).replace("\u202f", " ").replace("\u00a0", " ").split())


# -- fr9*, it9: Draco counts a fortune, never a score ----------------------------------------------------------------

FORTUNE = {"en": "margin gained: the same for the holder’s fortune minus the richest other player’s, in silver coins.",
           "fr": "effet sur l’avance : de même pour sa fortune moins celle du plus riche des autres joueurs, en pièces "
                 "d’argent.",
           "it": "effetto sul vantaggio: lo stesso per il suo denaro meno quello del più ricco degli altri, in monete "
                 "d’argento."}
SCORE = {"en": "margin gained: the same for the holder’s score minus the best other player’s.",
         "fr": "effet sur l’avance : de même pour son score moins celui du mieux placé des autres.",
         "it": "effetto sul vantaggio: lo stesso per il suo punteggio meno quello del migliore degli altri."}
SCORE_WORD = {"en": "score", "fr": "score", "it": "punteggio"}


def _card_lines(lang: str, game: str | None) -> str:
    """The card part of validate's designer lines, with a Draco-like table, named as ``game`` names things."""
    from test_round35_fixes import _designer

    from cardgen.games import get_game
    naming = Naming(words=get_game(game).words) if game else Naming()
    return plain("\n".join(designer_lines(_designer(), lang, naming, 300, set(), 3)))


@pytest.mark.parametrize("lang", LANGS)
def test_fr9_draco_s_card_key_says_fortune_not_score(lang: str) -> None:
    """fr9* (it9): the key above Draco's card table said "effet sur l’avance : de même pour son score moins celui du
    mieux placé des autres"; Draco has no score: its book counts a fortune in silver coins (« Chacun compte sa
    fortune », « Ognuno conta il proprio denaro »), as every other line of Draco's output does. The game's own words
    now say what the margin is the difference of; the other games keep their score."""
    draco = _card_lines(lang, "draco")
    assert FORTUNE[lang] in draco, draco
    assert SCORE_WORD[lang] not in draco.lower(), draco
    for game in ("king_lui", "royale", None):
        assert SCORE[lang] in _card_lines(lang, game)


# -- fr28*: the pair comparison's shortage share says which games it is on -------------------------------------------

ON_PAIRS = {"en": "Fewer games with a shortage of coins in the bank (no games instead of 94.0%, on these 50 pairs, that "
                  "is 47 games in the base game).",  # the games beside the shares: round 46 fr32
            "fr": "Moins de parties avec un manque de pièces à la banque (aucune partie au lieu de 94,0 %, sur ces 50 "
                  "paires, soit 47 parties dans le jeu de base).",
            "it": "Meno partite con carenza di monete in banca (in nessuna partita invece che nel 94,0%, su queste 50 "
                  "coppie, cioè 47 partite nel gioco base)."}


@pytest.mark.parametrize("lang", LANGS)
def test_fr28_the_paired_shortage_share_says_it_is_on_these_pairs(lang: str) -> None:
    """fr28*: fix's correction block gave the base game's share twice for one player count: "(jeu de base, sur les
    parties de la recherche : 93,0 %)" on the result line (all the search's games), "(0,0 % des parties au lieu de
    90,0 %)" ten lines below (the first 50 of them, paired). The second now says which games: "sur ces 50 paires",
    where the share is within the aim as where it stays above it (then the aim note follows)."""
    from test_fix_twentyfirst import _proposal

    _, prop = _proposal(lang, 0.06)
    four = [plain(s) for s in prop.said[4]]
    assert ON_PAIRS[lang] in four, four
    three = plain(" ".join(prop.said[3]))
    assert {"en": "instead of 94.0%, on these 50 pairs, that is 3 games instead of 47: above the aim", "fr": "au lieu de "
            "94,0 %, sur ces 50 paires, soit 3 parties au lieu de 47 : au-dessus de l’objectif", "it": "invece del "
            "94,0%, su queste 50 coppie, cioè 3 partite invece di 47: oltre la soglia"}[lang] in three


# -- fr40* (fr16): the seat paragraph says which gap it means, and the page points to the table for the other -------

LEANS = {"fr": "avec la variante, le joueur 5 gagne plus souvent que ne le voudrait sa part équitable, et cet écart "
               "dépasse ce que le hasard peut expliquer ; dans le jeu de base, l’écart va dans le même sens sur ces "
               "paires mais reste dans les limites du hasard, tout comme l’écart entre les deux jeux",
         "en": "as may the change between the two games",  # terminal round 49 en15
         "it": "come la differenza tra i due giochi, può essere dovuta al caso"}  # terminal round 52 it6 (pin updated)
TABLE = {"en": " (see the table above)", "fr": " (voir le tableau plus haut)", "it": " (vedi la tabella più sopra)"}


@pytest.mark.parametrize("lang", LANGS)
def test_fr40_the_seat_verdict_names_its_gap_and_the_page_points_to_the_table(lang: str) -> None:
    """fr40* (fr16): hungry-dragon's page, 5 players: the table's row "part des victoires, joueur 5 … +4,0 … oui (peut
    venir du hasard)" and, a screen lower, "le joueur 5 gagne plus souvent que ne le voudrait sa part équitable, et
    l’écart dépasse ce que le hasard peut expliquer": both true (the change between the games; the distance to the
    fair share), both « écart », opposite answers. The French names each (« cet écart », « l’écart entre les deux
    jeux », fr16's « reste dans les limites du hasard, tout comme »); on the page, in every language, the words on the
    change point to the table that holds it. The terminal, with no such table, does not."""
    from test_compare_round22 import _hungry_five

    from cardgen.simulate.summary import compare_balance

    page = plain(compare_balance(_hungry_five(0.27), lang, "king_lui", page=True)[0])
    terminal = plain(compare_balance(_hungry_five(0.27), lang, "king_lui")[0])
    assert plain(LEANS[lang] + TABLE[lang]) in page, page
    assert plain(TABLE[lang]) not in terminal and plain(LEANS[lang]) in terminal, terminal
    if lang == "fr":
        assert "et l’écart dépasse" not in page and "comme la différence" not in page, page
    # the change not tested: no row in the table, no pointer
    untested = plain(compare_balance(_hungry_five(0.27, significant=None), lang, "king_lui", page=True)[0])
    assert plain(TABLE[lang]) not in untested, untested


# -- fr46*: the overview counts the changes as the compare page's headings do ----------------------------------------

def _hungry_doc() -> dict:
    """Hungry Dragon as compare saw it (seed 1): at each of 3 counts, the winner's score (a main figure) and the
    king's portions (a game count no sentence names) beyond chance."""
    def result(players: int) -> dict:
        return {"players": players, "games": 100, "metrics": [
            {"metric": "winning_score", "group": "tension", "base": 72.8, "variant": 56.9, "difference": -15.9,
             "low": -20.0, "high": -11.0, "significant": True},
            {"metric": "peak:king_portions", "group": "internal", "base": 6.0, "variant": 7.0, "difference": 1.0,
             "low": 0.5, "high": 1.5, "significant": True},
            {"metric": "turns", "group": "length", "base": 49.6, "variant": 49.4, "difference": -0.2,
             "low": -1.4, "high": 1.1, "significant": False}]}
    return {"results": [result(3), result(4), result(5)]}


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "3 changes beyond chance, and 3 among the other counts (compared at 3, 4 and 5 players)"),
    ("fr", "3 changements au-delà du hasard, et 3 parmi les autres mesures (comparaison à 3, 4 et 5 joueurs)"),
    ("it", "3 cambiamenti difficilmente dovuti al caso, e 3 tra le altre misure (confronto con 3, 4 e 5 giocatori)")])
def test_fr46_the_overview_counts_apart_the_other_counts_as_the_headings_do(lang: str, said: str) -> None:
    """fr46*: index.html and validation/index.html said "(6 changements nets)" for Hungry Dragon, whose compare page's
    headings say "1 changement net (plus 1 parmi les autres mesures)" at each of 3 counts: the overview added both
    kinds. It now counts them apart, as the headings do; Light Supper's changes that follow from the rule stay apart
    too."""
    from cardgen.report.gallery import WORDS, comparison_note
    from cardgen.report.pages import runs_index
    from cardgen.report.runs import counted_changes

    sig, follows, others = counted_changes(_hungry_doc())
    assert (sig, follows, others) == (6, 0, 3)
    run = {"id": "c", "kind": "compare", "decks": ["king_lui", "king_lui-hungry-dragon"], "games": 100,
           "players": [3, 4, 5], "agents": ["heuristic"], "seed": 1, "significant": sig, "follows": follows,
           "others": others}
    assert said in plain(runs_index([run], "", lang))
    assert plain(comparison_note(run, WORDS[lang])) == said[:said.index(" (")]
    # with changes that follow from the rule as well, each kind once
    both = plain(comparison_note({**run, "significant": 16, "follows": 6}, WORDS[lang]))
    assert both == {"en": "7 changes beyond chance, 3 among the other counts, and 6 more that follow from the "
                          "variant’s rule",
                    "fr": "7 changements au-delà du hasard, 3 parmi les autres mesures, et 6 autres qui découlent de la règle de la "
                          "variante",
                    "it": "7 cambiamenti difficilmente dovuti al caso, 3 tra le altre misure, e altri 6 che derivano "
                          "dalla regola della variante"}[lang], both


# -- fr10: why some bounds have two decimals, said once under the card table -----------------------------------------

FINE = {"en": "An end that would round to 0.0 gets two decimals, and so does the other end of its interval, to show on "
              "which side of 0 it lies.",
        "fr": "Une borne qui s’arrondirait à 0,0 reçoit deux décimales, de même que l’autre borne de son intervalle, "
              "pour montrer de quel côté de 0 elle se trouve.",
        "it": "Un estremo che arrotondato darebbe 0,0 ha due decimali, e così l’altro estremo del suo intervallo, per "
              "mostrare da quale parte dello zero si trova."}


def _fine_designer() -> dict:
    """Draco at 5 players (run.json): « Faveur » flagged on its margin, 0.7683 [0.0392 to 1.4974]."""
    from test_round35_fixes import _designer, _played

    d = _designer()
    rows = [r for r in d["exchange"]["rows"] if r["component"] != "favour"]
    favour = _played("favour", 0.02, margin=0.7683, margin_low=0.0392, margin_high=1.4974, flag="strong",
                     flagged_by=["margin"])
    return {**d, "exchange": {**d["exchange"], "rows": [favour, *rows]}}


@pytest.mark.parametrize("lang", LANGS)
def test_fr10_two_decimal_bounds_are_explained_once_under_the_card_table(lang: str) -> None:
    """fr10: "+0,8 [+0,04 ; +1,50] ◆", "−6,5 [−12,99 ; −0,03]": the only two-decimal bounds of the validate screen,
    with no word of why (the page says it in its method note). Said once a run, under the first card table that has
    such an interval; a table without one says nothing of it."""
    said: set[str] = set()
    lines = [plain(line) for line in designer_lines(_fine_designer(), lang, Naming(), 300, said, 5)]
    text = " ".join(lines)
    assert {"en": "[+0.04 to +1.50]", "fr": "[+0,04 ; +1,50]", "it": "[+0,04; +1,50]"}[lang] in text, text
    assert text.count(plain(FINE[lang])) == 1, text
    at = next(i for i, line in enumerate(lines) if plain(FINE[lang]) in line)
    assert any("[+0" in line for line in lines[:at]), lines  # under the table's rows
    again = " ".join(plain(line) for line in designer_lines(_fine_designer(), lang, Naming(), 300, said, 6))
    assert plain(FINE[lang]) not in again  # once a run
    assert plain(FINE[lang]) not in _card_lines(lang, None)  # one decimal everywhere: no note


# -- fr12: the swap test's baseline said without an ellipsis -----------------------------------------------------------

def test_fr12_the_swap_tests_definition_says_with_this_card_rather_than_with_the_other() -> None:
    """fr12 (round 44 fr15, round 43 fr39): « +5 signifie 5 victoires de plus sur 100 pour le joueur qui la tient
    plutôt que celle contre laquelle elle a été échangée »: « la » and « celle » without a clear antecedent, « tient …
    plutôt que celle » hard to parse. Now « avec cette carte qu’avec celle contre laquelle elle a été échangée », in the
    terminal's key, the page's key and every swap-test warning; the baseline stays the card it was swapped with, true
    of the card received and of the card given up (round 38 it1*, round 43 fr10*)."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    key = "+5 signifie 5 victoires de plus sur 100 avec cette carte qu’avec celle contre laquelle elle a été échangée"
    for text in (LINES["fr"]["strength_key_trust"], LINES["fr"]["strength_key_swap"], WORDS["fr"]["strength_trust"]):
        assert key in text and "la tient" not in text, text
    warnings = {k: v for k, v in LINES["fr"].items() if k.startswith("warn_card_play")}
    assert len(warnings) == 8
    for k, v in warnings.items():
        assert "la tient" not in v and "qu’avec celle contre laquelle elle a été échangée" in v, k
    assert ("Avec cette carte plutôt qu’avec celle contre laquelle elle a été échangée, le joueur finit avec plus "
            "d’avance sur le mieux placé des autres joueurs :") in warnings["warn_card_play_strong_margin"]
    assert "le joueur gagne nettement plus souvent avec elle qu’avec celle contre laquelle elle a été échangée" \
        in warnings["warn_card_play_strong"]


# -- fr13: "(pts de %)" written out ------------------------------------------------------------------------------------

def test_fr13_the_card_tables_french_unit_is_points_de_pourcentage_not_pts() -> None:
    """fr13 (round 42 fr19, round 43 fr11/fr38, round 44 fr18): "(pts de %)", an abbreviation of an abbreviation, in
    the card table's headings (terminal) and the page's labels: "(points de %)"; the key says "en points de
    pourcentage" once."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import say

    units = plain(say("strength_units", "fr", unit="u"))
    labels = plain(WORDS["fr"]["strength_labels"])
    assert units.split("|")[1:3] == ["(points de %)", "(points de %)"], units
    assert "(pts" not in units and "(pts" not in labels and labels.count("(points de %)") == 2, labels


# -- fr29: the gold coins' entry in the game's file and the coins themselves, told apart ------------------------------

def test_fr29_the_left_out_gold_worth_names_the_files_entry_apart_from_the_coins() -> None:
    """fr29: « car le fichier du jeu donne ce nombre une seconde fois, pour les pièces d’or, … (et changez aussi les
    pièces d’or, si votre édition y indique ce nombre) »: « les pièces d’or » an entry of the game's file first, then
    the coins in the box. The file's entry is now « les données des pièces d’or », the coins « les pièces d’or »."""
    from pathlib import Path

    from cardgen.resolve.resolve import resolve
    from cardgen.tune.fix import left_out_line, lever_name, printed

    deck = resolve("draco", Path(__file__).resolve().parents[1])
    naming = Naming.of(deck, "fr")
    line = plain(left_out_line(lever_name("silver_per_gold", "fr", naming), "gold-coin", "fr", naming,
                               printed(deck, "gold-coin")))
    assert ("car ce nombre figure deux fois dans le fichier du jeu, dans la règle et dans les données des pièces d’or, "
            "et cardgen refuse un fichier où les deux diffèrent ; or la recherche ne modifie que la règle. Pour essayer "
            "une autre valeur, faites une variante qui change les deux (et, si votre édition indique ce nombre sur les "
            "pièces d’or, modifiez-les aussi).") in line, line
    assert "une seconde fois, pour les pièces d’or" not in line


# -- fr30, fr31: fix's notes above the fixes, each a line of its own; a count "une moyenne par partie" ----------------

ROUNDING = {"en": "Each difference is worked out on the exact values", "fr": "Les écarts sont calculés sur les valeurs exactes",
            "it": "Le differenze sono calcolate sui valori esatti"}  # round 46 it26's words (branch h111i)


@pytest.mark.parametrize("lang", LANGS)
def test_fr30_fr31_fixs_notes_are_lines_of_their_own_and_say_an_average_per_game(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """fr30: one paragraph of nine lines carried three notes (whose games "jeu de base" means, how the counts are
    averaged, why the intervals are widened) and ended on the rounding note. Now the base game's note, the counts'
    note and the rounding note each start a line of their own, the rounding last, on the screen and the page. fr31
    (French): « chaque compteur listé est moyenné sur les parties », statistician's jargon: « une moyenne par
    partie »."""
    from pathlib import Path

    import cardgen.tune.fix as fix
    from test_fix_twentyfirst import _proposal

    fixer, prop = _proposal(lang, 0.06)
    fix._say_all(fixer, [(prop, Path("out/draco-fix-1.yaml"))])
    out = capsys.readouterr().out
    starts = [line for line in out.splitlines() if not line.startswith(" ")]
    was = {"en": "In the figures below, “base game” is", "fr": "Ci-dessous, « jeu de base » donne",
           "it": "Qui sotto, «gioco base» indica"}[lang]
    counts = {"en": "In the game-for-game comparisons below, each count listed",
              "fr": "Dans les comparaisons partie par partie ci-dessous, chaque compteur listé",
              "it": "Nei confronti partita per partita qui sotto, ogni conteggio elencato"}[lang]
    at = [next(i for i, line in enumerate(starts) if plain(line).startswith(plain(w))) for w in (was, counts,
                                                                                                  ROUNDING[lang])]
    assert at == [at[0], at[0] + 1, at[0] + 2], starts
    assert [plain(n) for n in fixer.page.notes][-1].startswith(plain(ROUNDING[lang])) and len(fixer.page.notes) == 3
    if lang == "fr":
        assert "moyenné" not in out and "moyenne par partie" in plain(out.replace("\n    ", " ")), out


# -- fr1: the designer figures are read after each player's turn -----------------------------------------------------

def test_fr1_the_designer_figures_are_read_after_each_players_turn() -> None:
    """fr1: "relevé après chaque tour": King Lui's book has a service and each player's turn, and a bare "tour" let
    the designer wonder whether the leader is read once a service. The tracer reads the scores after every player's
    turn (``designer.Tracer``, ``state.turns``), what the outputs call « tour de joueur »."""
    import json
    from pathlib import Path

    from cardgen.simulate.verdict import gloss

    assert "relevé après chaque tour de joueur" in gloss("drama", "fr")
    assert "relevé après chaque tour de joueur" in gloss("lead_changes", "fr")
    words = json.loads((Path(__file__).resolve().parents[1] / "cardgen/games/king_lui/words.json").read_text("utf-8"))
    own = [v["fr"]["lead_changes"] for v in words.values()
           if isinstance(v, dict) and isinstance(v.get("fr"), dict) and "lead_changes" in v["fr"]]
    assert own and all("relevé après chaque tour de joueur, en décomptant" in text for text in own), own


# -- fr2 (en4): "close" is a tenth of each game's winning total, not a fixed margin -----------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    # terminal round 47 fr2, en4, it1: the winner's score by one name, the definition's (pins updated)
    # terminal round 49 it1: the definition (the indicator's, above) not said again: the tenth, then its size at the
    # mean, the rule still first (pins updated)
    # terminal round 52 it1, fr1, en3: the winner named once, its mean in brackets after it (pins updated)
    ("en", "a tenth of the winner’s score (on average 73.9) comes to about 7 points"),
    ("fr", "un dixième du score du vainqueur (en moyenne 73,9) fait environ 7 points"),
    ("it", "un decimo del punteggio del vincitore (in media 73,9) vale circa 7 punti")])
def test_fr2_close_is_said_as_a_tenth_of_each_games_winning_total(lang: str, said: str) -> None:
    """fr2 (en4): "« serrée » signifie ici un écart d’environ 7 points au plus (score du vainqueur : 73,9 en moyenne)"
    read as a fixed 7-point threshold, while ``designer.close_margin`` takes a tenth of each game's winning score (at
    least 1) and 73.9 is the mean over the run. The rule first, the 7 points as its size at that mean."""
    from cardgen.simulate.summary import figure_bases

    figures = [("close_games", {"mean": 0.4, "low": 0.3, "high": 0.5, "n": 250})]
    notes = " ".join(plain(n) for n in figure_bases(figures, lang, Naming(), 4, 0, 73.9))
    assert plain(said) in notes, notes


# -- fr3: the winner's deficit row names its unit ----------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "game", "row"), [
    ("fr", "king_lui", "retard du vainqueur en points"), ("fr", "draco", "retard du vainqueur en pièces d’argent"),
    ("en", "draco", "tension in silver coins"), ("it", "king_lui", "tensione in punti")])
def test_fr3_the_winners_deficit_row_says_its_unit(lang: str, game: str, row: str) -> None:
    """fr3: "retard du vainqueur 2,7 [2,5 ; 3,0]" between a count and percentages, its unit (points; Draco's silver
    coins) only in the legend ten lines up. The row says it, in its own words (a row carries no note in brackets),
    in validate's table and in the table of several counts side by side; the other rows keep their names."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import designer_across

    naming = Naming(words=get_game(game).words)
    fig = {"mean": 2.7, "low": 2.5, "high": 3.0, "n": 247}
    d = {"games": 250, "drama": fig, "lead_changes": {"mean": 4.3, "low": 4.0, "high": 4.6}}
    rows = [plain(line).strip() for line in designer_lines(d, lang, naming, 300, None, 4)]
    assert any(line.startswith(row + " ") and line.endswith("]") for line in rows), rows
    assert not any(line.startswith(("changements de meneur par partie en", "lead changes per game in")) for line in rows)
    results = [{"variant": game, "players": p, "designer": d} for p in (3, 4)]
    across = [plain(line).strip() for line in designer_across(results, lang, {game: naming})]
    assert any(line.startswith(row + " ") for line in across), across


# -- fr15: « une sur 6 », a feminine "mesure" -------------------------------------------------------------------------

def test_fr15_one_of_the_other_measures_is_une_in_french() -> None:
    """fr15: "Autres mesures : 1 sur 6 a varié plus que le hasard ne peut l’expliquer": « mesures » is feminine and a
    reader says « une sur six »; the same output writes « une de plus » two lines later. The terminal's line and the
    page's summary of the other counts say « une sur 6 »; two or more keep their digits; English and Italian "1"."""
    from test_terminal_round43_c import _count

    from cardgen.simulate.summary import internal_line

    quiet = _count("peak:hand", 8.0, 8.1, False)
    one = plain(internal_line([quiet, _count("peak:richest", 39.7, 37.3, True)], "fr"))
    assert "Autres mesures : une sur 2 a varié plus que le hasard ne peut l’expliquer —" in one, one
    two = plain(internal_line([_count("peak:hand", 8.0, 9.1, True), _count("peak:richest", 39.7, 37.3, True)], "fr"))
    assert "2 sur 2 ont varié" in two and "une sur" not in two, two
    assert "1 of 2 changed" in plain(internal_line([quiet, _count("peak:richest", 39.7, 37.3, True)], "en"))


# -- fr17, fr27 (French): the rerun's purpose in a written register; a gap in rates in percentage points ---------------

def test_fr17_fr27_french_rerun_and_held_card_gap() -> None:
    """fr17: « Pour mesurer ce que change la variante à ce seul déséquilibre », spoken register: « l’effet de la
    variante sur ce seul déséquilibre ». fr27: « inférieur de 13,7 points à celui des autres » where the rest of the
    outputs say « points de pourcentage » (a difference of two win rates)."""
    from cardgen.terminal import say

    measure = plain(say("compare_seat_measure", "fr", times=4, command="C"))
    assert measure.startswith("Pour mesurer l’effet de la variante sur ce seul déséquilibre, à ce nombre de joueurs")
    assert plain(say("held_gap_less", "fr", gap="13,7")) == "inférieur de 13,7 points de pourcentage à celui des autres"
    assert plain(say("held_gap_more", "fr", gap="13,7")) == "supérieur de 13,7 points de pourcentage à celui des autres"


# -- fr6: Royale's kingmaking at 0 said in its definition's words ------------------------------------------------------

def test_fr6_a_kingmaking_of_zero_is_said_in_the_definitions_words() -> None:
    """fr6: the definition says « le vainqueur passe pour la dernière fois devant le deuxième au tour d’un troisième
    joueur »; the note on a 0 said « le coup d’un troisième joueur n’a fait passer pour de bon le vainqueur devant le
    deuxième »: new words for the same things. The note now uses the definition's."""
    from cardgen.simulate.summary import figure_bases
    from cardgen.simulate.verdict import gloss

    note = plain(" | ".join(figure_bases([("kingmaking", {"mean": 0.0, "low": 0.0, "high": 0.02, "n": 187})], "fr",
                                         players=3)))
    assert note.endswith("; dans aucune d’elles le vainqueur n’est passé pour la dernière fois devant le deuxième au "
                         "tour d’un troisième joueur"), note
    assert "pour la dernière fois devant le deuxième au tour d’un troisième joueur" in gloss("kingmaking", "fr")
    assert "coup" not in note and "pour de bon" not in note


# -- fr8: « lui aussi » without an antecedent ---------------------------------------------------------------------------

def test_fr8_the_imposter_note_again_points_back_without_lui_aussi() -> None:
    """fr8: Royale's 4-player block: « ce déséquilibre a donc lui aussi été mesuré … »: « lui aussi » had no
    antecedent in the block (the comparison is with the 3-player block above). Now « ce déséquilibre a donc été
    mesuré, comme plus haut, sur des parties jouées quasiment sans elle »."""
    from cardgen.terminal import say

    said = plain(say("held_all_used_warning_again", "fr", card="Imposteur", used="(u)"))
    assert said.endswith("; ce déséquilibre a donc été mesuré, comme plus haut, sur des parties jouées quasiment sans "
                         "elle") and "lui aussi" not in said, said


# -- fr7: the solo scale's bracket in full words --------------------------------------------------------------------

def test_fr7_the_solo_scales_bracket_says_whose_names_and_whose_bands() -> None:
    """fr7: « (intitulés de cette édition, paliers de la règle publiée) », telegraphic: « (intitulés propres à cette
    édition, paliers repris de la règle publiée) ». « verdict » stays: it is the book's word (royale.po: « Lisez
    votre verdict sur l’échelle ci-dessous »), not a new term as the reader thought."""
    from cardgen.terminal import say

    said = plain(say("scale", "fr", heading="H", items="I"))
    assert said == ("H, part des parties pour chaque verdict du livret (intitulés propres à cette édition, paliers "
                    "repris de la règle publiée) : I"), said


# -- fr5, fr37 (French): Royale's card-strength line without "substituer"; « sa carte Imposteur » ----------------------

def test_fr5_fr37_royales_card_lines_say_what_cannot_be_exchanged_and_name_the_imposter_card() -> None:
    """fr5: « rien à comparer ni à substituer », « si bien qu’il n’y a rien à substituer »: "substituer" assumed the
    reader knew the test (King Lui's line says it plainly). Now what there is not: a card to exchange for another
    to measure what it brings. fr37: « son Imposteur », with a capital, read as a character's name: « sa carte
    Imposteur », as the book and the other lines say it."""
    from cardgen.games import get_game

    words = get_game("royale").words
    block = next(v["fr"] for v in words.values() if isinstance(v, dict) and isinstance(v.get("fr"), dict)
                 and "cards_none_line" in v["fr"])
    for key in ("cards_none_line", "cards_none_line_solo"):
        assert "substituer" not in block[key], key
        assert "aucune carte à échanger contre une autre pour mesurer ce qu’elle rapporte" in block[key] or \
            "ni carte à échanger contre une autre pour mesurer ce qu’elle rapporte" in block[key], key
    assert "son Imposteur" not in block["all_dealt_one"] and "sa carte Imposteur" in block["all_dealt_one"]


# -- fr23 (French): why the base game's fair share differs, said short -------------------------------------------------

def test_fr23_the_base_games_other_fair_share_is_explained_in_a_short_clause() -> None:
    """fr23: four lines after « car une victoire partagée compte pour chacun des gagnants », « plus basse parce que
    moins de parties du jeu de base se terminent par une victoire partagée » said the shared wins a second time at
    length. Now « plus basse car le jeu de base compte moins de victoires partagées » (and « plus haute … plus »)."""
    from test_compare_round22 import _hungry_five

    from cardgen.simulate.summary import compare_balance

    line = plain(compare_balance(_hungry_five(0.27), "fr", "king_lui")[0])
    assert "pour une part équitable de 20,6 %, plus haute car le jeu de base compte plus de victoires partagées." \
        in line, line
    assert "se terminent par une victoire partagée" not in line


# -- fr26 (French): a ruling that "a joué" read as "was played" -------------------------------------------------------

def test_fr26_the_rulings_weight_says_it_came_into_play_not_a_joue() -> None:
    """fr26: « le choix de cette édition pour ce manque a joué dans 57,0 % à 97,7 % des parties simulées »: in a text
    about games, « a joué » reads as "was played". « est intervenu dans … »."""
    from cardgen.terminal import LINES

    for key in ("short_weight", "short_table_weight", "short_table_weight_one"):
        assert "pour ce manque est intervenu {shares} des parties simulées" in LINES["fr"][key], key
        assert "a joué" not in LINES["fr"][key], key


# -- fr47 (French): the overviews' length unit -------------------------------------------------------------------------

def test_fr47_the_overview_says_the_length_in_player_turns_and_each_games_own_unit() -> None:
    """fr47: « La durée est une moyenne, en tours et dans les manches propres au jeu »: « manches » is no unit of
    these games (their columns say « services », « tours de table complets »), « en tours et dans les manches »
    awkward."""
    from cardgen.report.words import PAGES

    intro = plain(PAGES["fr"]["overview_intro"])
    # terminal round 52 it13, r49 fr8: the units in the cells' order, ``overview_units`` (pin updated)
    assert "La durée est une moyenne, {units}." in intro
    assert "en tours de joueur et dans l’unité propre à chaque jeu{rounds}" in plain(PAGES["fr"]["overview_units"])
    assert "manches" not in intro


# -- fr42: the compare page says why a row takes two decimals -----------------------------------------------------------

FINE_ROW = {"en": "Where an end of an interval would round to 0.0, its row takes two decimals (its values, difference and "
                  "interval), to show on which side of 0 the interval lies.",
            "fr": "Là où une borne d’intervalle s’arrondirait à 0,0, sa ligne prend deux décimales (valeurs, écart et "
                  "intervalle), pour montrer de quel côté de 0 se trouve l’intervalle.",
            "it": "Dove un estremo dell’intervallo arrotondato darebbe 0,0, la sua riga ha due decimali (valori, "
                  "differenza e intervallo), per mostrare da quale parte dello zero si trova l’intervallo."}


@pytest.mark.parametrize("lang", LANGS)
def test_fr42_the_compare_page_says_why_a_row_takes_two_decimals(tmp_path, lang: str) -> None:
    """fr42: "1,4 | 1,0 | −0,38 [−0,77 ; +0,01]" (now "1,37 | 0,99 | …", round 46 en51*): two decimals in a page whose
    every other figure has one, and the page never said why (only draco.html's card note). Its closing notes say it
    where a row has them, and only there."""
    import html as html_lib

    from cardgen.report.pages import compare_page
    from cardgen.simulate.compare import CompareOptions, run_compare
    from toy_game import load_toy, toy_deck

    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    [r] = doc["results"]
    rows = [m for m in r["metrics"] if m.get("difference") is not None]
    for m in rows:  # every interval far from 0: one decimal everywhere, no note
        m.update(difference=0.5, low=-5.0, high=6.0, significant=False)
        m.pop("adj_low", None), m.pop("adj_high", None)
    plain_page = plain(html_lib.unescape(compare_page(doc, {"name": "V"}, "", naming=Naming(title="B"))))
    assert plain(FINE_ROW[lang]) not in plain_page
    m = next(m for m in rows if not m["metric"].startswith("seat_"))
    m.update(base=1.37, variant=0.99, difference=-0.38, low=-0.77, high=0.01)
    fine = plain(html_lib.unescape(compare_page(doc, {"name": "V"}, "", naming=Naming(title="B"))))
    assert plain(FINE_ROW[lang]) in fine and fine.count(plain(FINE_ROW[lang])) == 1, fine[-3000:]


# -- fr25 (French): the shortage table's caption says base then variant in words ----------------------------------------

def test_fr25_the_shortage_tables_caption_says_base_then_variant_in_words() -> None:
    """fr25: « Le tableau donne, pour chaque nombre de joueurs, le jeu de base → la variante »: the arrow as a verb.
    « la valeur du jeu de base puis celle de la variante (base → variante) »."""
    from cardgen.terminal import LINES

    head = LINES["fr"]["short_table_head"]
    assert ("Le tableau donne, pour chaque nombre de joueurs, la valeur du jeu de base puis celle de la variante (base "
            "→ variante), sur les {pairs} paires") in head, head


# -- fr21 (French): the counts the variant removes, with a verb --------------------------------------------------------

def test_fr21_counts_dropping_to_zero_are_said_with_a_verb() -> None:
    """fr21: « 2 sur 5 ont varié plus que le hasard ne peut l’expliquer, toutes deux tombées à zéro, car … »: a
    dangling participle clause. « … : toutes deux tombent à zéro, car la règle de la variante supprime ce qu’elles
    comptent » (and « toutes tombent », « elle tombe »)."""
    from cardgen.terminal import LINES

    # terminal round 47 fr19: after « ont varié … », a semicolon, not a second colon (pins updated)
    assert plain(LINES["fr"]["internal_gone_both"]) == ("; toutes deux tombent à zéro, car la règle de la variante "
                                                        "supprime ce qu’elles comptent")
    assert plain(LINES["fr"]["internal_gone_all"]).startswith("; toutes tombent à zéro, car")
    assert plain(LINES["fr"]["internal_gone_it"]).startswith("; elle tombe à zéro, car")
    assert all(LINES["fr"][k][0].isspace() for k in ("internal_gone_both", "internal_gone_all", "internal_gone_it"))
