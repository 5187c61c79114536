"""The twenty-first reading's faults left by the first merge (docs/reads/terminal-round-21-*.md, issue #53), in
English, French and Italian, every expected sentence ours:

- fr7, fr16: a decimal comma followed by a list comma ("moyenne 65,8, médiane 65", "vainqueur 37,0, avance"); the
  items of those lines are now separated by semicolons in French and Italian, as King Lui's and Royale's
  winner's-score line already were;
- fr9: Royale's solo scale ran titles, scores and shares together ("Maître d’hôtel du roi (11 à 12) 7,0 %"): the
  titles are quoted, two neighbouring scores are "11 ou 12", and the line says its shares are of the games;
- en29, fr28, it33: compare's same-moves paragraph told the moves in the past and the outcome in the present ("Only
  the outcome changes … who leads"); it is all in the past now. Its French "Leur stratégie" reached back two
  sentences for its owner, and its Italian "cifre" meant digits;
- en38: compare opened three or four lines in a row with the same "2 players:"; each player count's findings are
  now one paragraph under its prefix;
- en63, it67, fr63: the game pages and the compare pages defined every design indicator again in every player
  count's table; each is defined, with its reading, at its first table, and named alone after;
- fr14: "close games … at most 2 points ahead" used the same 2 points where winners score 73 (King Lui) and 6
  (Royale); the close games' note now sets the margin beside the winner's average total;
- fr3, it5: the winner's deficit defined with "son" and no antecedent, its unit after the aside;
- fr4, fr6: validate's balance sentence had three colons, and "sa part équitable" / "leur part équitable" / "la part équitable"
  for one figure;
- fr5, it3: the seat lines' heading explained the brackets again, the line after "an interval in brackets …";
  it names the interval's level and why it is wider, no longer "in brackets"
- fr8: the design indicators' figures right-aligned with their " %", so the shares' decimal commas stood two columns
  left of the counts';
- en3, it4: "shared wins included: the tied winners' lead over the next player" (next in turn order?);
- en4: "the range that holds, 19 times in 20, the figure";
- fr10: "la carte Fin du banquet termine la partie" where the card is drawn more than once and its last draw ends it;
- fr12, it12: the Imposter caveat had two colons; the Italian said "senza Impostore", not "senza la carta Impostore";
- fr13, it10: "what the design indicators measure:" over the one term a later player count adds read as a list cut
  short.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, _dist
from cardgen.terminal import say
from cardgen.typography import for_language

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


#: a figure with a decimal comma followed at once by a list comma: "65,8, médiane"
COMMA_AFTER_DECIMAL = re.compile(r"\d,\d+\s?%?, ")


# -- fr7, fr16: no list comma straight after a decimal comma ------------------------------------------------------

@pytest.mark.parametrize("lang", ("fr", "it"))
def test_a_distribution_separates_its_items_with_semicolons_where_the_decimal_mark_is_a_comma(lang: str) -> None:
    d = {"n": 300, "mean": 65.8, "median": 65, "min": 21, "max": 104}
    said = plain(for_language(_dist(d, lang), lang))
    # twenty-third reading fr2: the mean first, its median and range in brackets, so the line's semicolons part its
    # measures only ("services : 16,8 en moyenne (médiane 17 ; de 15 à 18) ; tours de joueur : …")
    assert said == {"fr": "65,8 en moyenne (médiane 65 ; de 21 à 104)", "it": "65,8 in media (mediana 65; da 21 a 104)"}[lang]
    assert not COMMA_AFTER_DECIMAL.search(said)


def test_english_keeps_its_commas_where_the_decimal_mark_is_a_point() -> None:
    d = {"n": 300, "mean": 65.8, "median": 65, "min": 21, "max": 104}
    assert _dist(d, "en") == "mean 65.8, median 65, from 21 to 104"


@pytest.mark.parametrize("game", ("draco", "king_lui", "royale"))
@pytest.mark.parametrize("lang", ("fr", "it"))
def test_every_games_winner_line_puts_a_semicolon_after_the_winners_mean(game: str, lang: str) -> None:
    """Draco's own line said "fortune moyenne du vainqueur 37,0, avance…"; King Lui and Royale said "73,9 ; avance":
    every game now says it the same way."""
    naming = Naming.of(resolve(game, ROOT), lang)
    own = ((naming.words.get("lines") or {}).get(lang) or {}).get("scores")
    figures = dict(unit="x", dist="D", winner="37,0", margin="6,2", margin_unit="x", basis="", worth="")
    line = plain(for_language(own.format(**figures) if own else say("scores_points", lang, **figures), lang))
    assert not COMMA_AFTER_DECIMAL.search(line), line
    assert re.search(r"37,0 ?; ", line), line


# -- fr9: the solo scale's titles quoted, "11 or 12", the share of the games -------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_scale_quotes_its_titles_and_says_two_neighbouring_scores_as_two(lang: str) -> None:
    from cardgen.simulate.summary import scale_line
    naming = Naming.of(resolve("royale-solo", ROOT), lang)
    histogram = [[0, 3], [6, 3], [7, 2], [8, 1], [12, 1]]  # 10 games: 6 in the lowest level, 3, none, 1 in the top
    # terminal round 41 en18: one verdict a line, its share in a column (four bands ran together on three wrapped
    # lines); the words of each band as rounds 29-41 set them
    line = plain("\n".join(scale_line(histogram, lang, naming)))
    assert line == {
        # terminal round 40 en6, fr5, it6*: the book's word, "verdict", and this edition's names on the published bands
        "en": "solo score scale, share of games for each verdict (the score bands are published; the verdicts’ names are this edition’s):\n"
              "  “The King’s Head Waiter” (11 or 12)  10.0%\n"
              "  “A Well-Earned Tip” (9 or 10)         0.0%\n"
              "  “Could Try Harder” (7 or 8)          30.0%\n"
              "  “Shown the Door” (0 to 6)            60.0%",  # round 44 en15: words, as "11 or 12" (not "0–6")
        # round 29 fr14: "règle publiée" and "jeu publié" for one thing in one bracket
        # round 31 fr8, it11: "titres propres à cardgen" stiff, two bare numbers side by side; the Italian bracket heavy
        # round 34 fr11: no colon chain; "points" keeps the numbers apart
        # terminal round 46 fr7: the bracket telegraphic; "verdict" kept, the book's word (« Lisez votre verdict »)
        "fr": "échelle des scores en solitaire, part des parties pour chaque verdict du livret (intitulés propres à "
              "cette édition, paliers repris de la règle publiée) :\n"
              "  « Maître d’hôtel du roi » (11 ou 12 points)    10,0 %\n"
              "  « Un pourboire bien mérité » (9 ou 10 points)   0,0 %\n"
              "  « Encore un effort » (7 ou 8 points)           30,0 %\n"
              "  « Renvoyé des cuisines » (0 à 6 points)        60,0 %",
        "it": "scala dei punteggi in solitario, quota delle partite per ciascun verdetto (fasce di punteggio del "
              "regolamento pubblicato; nomi dei verdetti di questa edizione):\n"  # round 39 it25; round 41 it7
              "  «Maggiordomo del re» (11 o 12)     10,0%\n"
              "  «Una mancia meritata» (9 o 10)      0,0%\n"
              "  «Ancora uno sforzo» (7 o 8)        30,0%\n"
              "  «Licenziato in tronco» (da 0 a 6)  60,0%"}[lang], line
    # twenty-third reading fr6: the titles read as quoted from the published box, whose scale has other words;
    # they are this edition's own, the scores the published game's; twenty-sixth (fr5, en9): "this edition" was
    # never defined, and the published French titles differ: said so
    # "11 or 12" never breaks across two rows: its spaces are no-break ones
    assert {"en": "11\u00a0or\u00a012", "fr": "11\u00a0ou\u00a012", "it": "11\u00a0o\u00a012"}[lang] in "\n".join(
        scale_line(histogram, lang, naming))


# -- en29, fr28, it33: the same-moves paragraph, one tense -------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_same_moves_paragraph_tells_the_outcome_in_the_past_as_the_moves(lang: str) -> None:
    text = plain(say("same_play", lang))
    assert {"en": "Only the outcome changed: the scores, and with them who led and sometimes who won.",
            "fr": "Seul le résultat a changé : les scores, et avec eux qui menait et parfois qui a gagné.",
            "it": "È cambiato solo il risultato: i punteggi, e con loro chi era al comando e a volte chi ha vinto."}[lang] \
        in text, text
    present = {"en": ("changes:", "who leads", "who wins"), "fr": ("sont jouées", "s’arrête", "qui mène", "qui gagne"),
               "it": ("si giocano", "finisce allo", "Cambia solo", "chi vince")}[lang]
    assert not any(w in text for w in present), text
    assert not any(w in text for w in ("Leur stratégie", "cifre"))


# -- en38: one paragraph per player count in compare -------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_compare_says_each_player_counts_findings_in_one_paragraph_under_one_prefix(lang: str) -> None:
    from cardgen.simulate.summary import format_comparison
    from cardgen.simulate.verdict import verdict

    def metric(name: str, group: str, base: float, variant: float) -> dict:
        d = variant - base
        return {"metric": name, "group": group, "base": base, "variant": variant, "difference": d,
                "low": d - abs(d) / 4, "high": d + abs(d) / 4, "significant": True}

    figures = [metric("turns", "length", 27.2, 17.9), metric("winning_score", "tension", 9.6, 8.0)]
    side = {"variant": "royale", "sufficiency": []}
    results = []
    for players in (2, 3):
        r = {"players": players, "games": 100, "metrics": figures, "stop": {"early": False}}
        results.append({**r, "verdict": verdict(r, lang), "family": 1, "base_result": side, "variant_result": side,
                        "component_impact": []})
    assert all(len(r["verdict"]) >= 3 for r in results)  # length, winner's score, nothing else: three sentences
    doc = {"lang": lang, "base": "royale", "variant": "royale-short", "name": "V", "games": 100,
           "agents": ["heuristic"], "differences": [], "results": results}
    lines = format_comparison(doc, tables=False).splitlines()
    for players in (2, 3):
        prefix = {"en": f"{players} players:", "fr": f"{players} joueurs :", "it": f"{players} giocatori:"}[lang]
        opened = [line for line in lines if plain(line).startswith(prefix)]
        assert len(opened) == 1, lines
        said = plain(opened[0])
        rest = results[players - 2]["verdict"][1:]
        assert all(plain(s) in said for s in rest), said  # the next sentences follow on the same paragraph
    alone = format_comparison({**doc, "results": results[:1]}, tables=False).splitlines()
    assert all(s in alone for s in results[0]["verdict"])  # one player count: no prefix, its sentences as ever


# -- en63, it67, fr63: an indicator defined once a page ----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_game_page_defines_each_indicator_at_its_first_table_only(lang: str) -> None:
    from cardgen.report.pages import designer_block
    from cardgen.simulate.summary import Naming, row_label
    from cardgen.simulate.verdict import gloss

    def entry(players: int, *names: str) -> dict:
        return {"players": players, "designer": {n: {"mean": 0.5, "low": 0.4, "high": 0.6, "n": 200} for n in names}}

    said: set[str] = set()
    first = plain(str(designer_block(entry(2, "comeback_rate", "drama"), None, lang, None, said)))
    second = plain(str(designer_block(entry(3, "comeback_rate", "drama", "kingmaking"), None, lang, None, said)))
    for name in ("comeback_rate", "drama"):
        definition = plain(gloss(name, lang))
        assert definition in first and definition not in second, second
        # named alone, no reading under it; with its unit where it has one (terminal round 47 fr33, as the terminal)
        assert f"<td>{plain(row_label(name, lang, Naming()))}</td>" in second
    assert plain(gloss("kingmaking", lang)) in second  # new at 3 players: defined there
    assert second.count('<span class="muted">') == 1  # kingmaking's reading alone
    alone = plain(str(designer_block(entry(3, "comeback_rate"), None, lang)))  # no page to remember: defined
    assert plain(gloss("comeback_rate", lang)) in alone


@pytest.mark.parametrize("lang", LANGS)
def test_a_compare_page_defines_each_indicator_at_its_first_table_only(lang: str) -> None:
    from cardgen.report.pages import metrics_table
    from cardgen.simulate.verdict import gloss

    m = {"metric": "comeback_rate", "group": "tension", "base": 0.5, "variant": 0.4, "difference": -0.1,
         "low": -0.2, "high": 0.0, "significant": False}
    said: set[str] = set()
    names = [metrics_table([m], lang, game=None, said=said)["rows"][0]["name"] for _ in (2, 3)]
    assert plain(gloss("comeback_rate", lang)) in plain(names[0])
    assert plain(gloss("comeback_rate", lang)) not in plain(names[1]), names
    assert plain(gloss("comeback_rate", lang)) in plain(metrics_table([m], lang)["rows"][0]["name"])


# -- fr14: the close games' margin in proportion -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_close_games_margin_stands_beside_the_winners_average(lang: str) -> None:
    from cardgen.simulate.summary import figure_bases

    figures = [("comeback_rate", {"mean": 0.5, "n": 200}), ("close_games", {"mean": 0.7, "n": 210})]
    notes = [plain(note) for note in figure_bases(figures, lang, Naming(), 4, 0, 5.9)]
    # twenty-second reading (en4, en53, fr1, it6): one "close games" note, its games and its margin together, the
    # winner's score by the name the table gives it, never "a winner's average total"
    # terminal round 44 fr8*: a shared win is a close game: the games "with a runner-up or a shared win"
    assert notes[-1] == {"en": "close games: measured over the 210 games with a runner-up or a shared win; "
                               "close here means a margin of 1 point or less",  # round 29 en8: exact; round 30 en12: the
                               # winner's score explains nothing where the floor applies
                         "fr": "parties serrées : sur les 210 parties qui ont un deuxième ou une victoire partagée ; "
                               "« serrée » signifie ici un écart de 1 point au plus",
                         "it": "partite combattute: sulle 210 partite che hanno un secondo classificato o una vittoria "
                               "condivisa; qui «combattuta» significa un distacco di 1 punto o meno"}[lang], notes
    draco = Naming.of(resolve("draco", ROOT), lang)
    coins = plain(figure_bases(figures, lang, draco, 4, 0, 29.1)[-1])
    # terminal round 27 it9: the margin a tenth of the winner's score, said at its average (29.1: about 3)
    # terminal round 46 fr2 (en4): "about 3 … or less" read as a fixed threshold: a tenth of each game's total first
    # terminal round 47 fr7*: Draco's winner has a fortune, never a "total", and its mean is said as one (pin updated)
    # terminal round 49 it1: the definition not said again, the tenth and its size at the mean (pin updated)
    # terminal round 52 it1, fr1, en3: the winner named once, its mean in brackets after it (pin updated)
    assert {"en": "a tenth of the winner’s fortune (on average 29.1) comes to about 3 silver coins",
            "fr": "un dixième de la fortune du vainqueur (en moyenne 29,1) fait environ 3 pièces d’argent",
            "it": "un decimo del denaro del vincitore (in media 29,1) vale circa 3 monete d’argento"}[lang] in coins, coins
    alone = [plain(note) for note in figure_bases(figures, lang, Naming(), 4, 0)]  # no winner's mean: no margin
    assert len(alone) == len(notes) and notes[-1].startswith(alone[-1]) and alone[-1] != notes[-1]
    assert not any("5,9" in n or "5.9" in n for n in figure_bases(figures[:1], lang, Naming(), 4, 0, 5.9))


def test_validate_prints_the_close_games_scale_under_its_table() -> None:
    from cardgen.simulate.summary import designer_lines
    d = {"games": 200, "close_games": {"mean": 0.7, "low": 0.6, "high": 0.8, "n": 190}}
    lines = [plain(line) for line in designer_lines(d, "fr", Naming(), 300, None, 4, 0, 73.9)]
    assert ("    parties serrées : sur les 190 parties qui ont un deuxième ou une victoire partagée ; un dixième du "
            "score du vainqueur (en moyenne 73,9) fait environ 7 points") in lines, lines  # round 52 fr1  # r49 it1  # terminal round 46 fr2: a tenth, game by game (47 fr2)
    from cardgen.report.pages import designer_block
    page = plain(str(designer_block({"players": 4, "designer": d, "scores": {"winner": {"mean": 73.9}}, "games": 200},
                                    None, "en")))
    # twenty-fourth reading en27: the page says the games the winner's mean is over, as the terminal does
    # terminal round 49 it1, en3: the definition not said again, the games "the first 200" (pin updated)
    assert ("Close games: measured over the 190 games with a runner-up or a shared win; a tenth of the winner’s "
            "score (on average 73.9 over the first 200 games) comes to about 7 points") in page, page  # round 52 en3  # round 36 fr13: one base; round 47 fr2, en4: one name for the winner's score


# -- fr3, it5: the winner's deficit defined --------------------------------------------------------------------------

def test_the_winners_deficit_is_defined_with_its_owner_and_its_unit_together() -> None:
    from cardgen.simulate.verdict import gloss
    assert gloss("drama", "fr") == ("retard moyen du vainqueur sur le meneur, en points, relevé après chaque tour de "
                                    "joueur, nul quand c’est lui qui mène")  # terminal round 46 fr1: « de joueur »  # round 33 fr7: «il», the winner or the leader?
    assert gloss("drama", "it") == "distanza media, in punti, del futuro vincitore da chi è al comando, misurata a ogni turno"


# -- fr4, fr6: one colon in the balance sentence, "la part équitable" --------------------------------------------------

def test_the_french_balance_sentence_has_one_colon_and_one_name_for_the_fair_share() -> None:
    from cardgen.simulate.balance import balance
    from cardgen.simulate.stats import wilson
    from cardgen.simulate.summary import balance_lines

    def rate(wins: int, seat: int) -> dict:
        low, high = wilson(wins, 300)
        return {"seat": seat, "rate": wins / 300, "low": low, "high": high, "wins": wins, "games": 300}

    close = balance({"seat_win_rates": [rate(w, i) for i, w in enumerate([81, 58, 85, 79])], "agents": []})
    command = "cardgen validate king_lui --players 4 --games 1200"
    [line] = [plain(x) for x in balance_lines(close, "fr", 4, command)]
    # one verdict for no seat beyond chance, the widest gap named after it (terminal round 29 fr1)
    assert line.startswith("équilibre : la part équitable est de 25,3 %"), line
    # round 30 fr1: "le plus grand" named a gap, the bracket a win rate: the gap named "l’écart", for the player
    # round 31 fr7: the limit said (the widening), never "frôle la limite"
    # terminal round 41 fr3*: the verdict, then who is only just within it, then what to do (pin updated)
    assert "aucun écart ne dépasse ce que le hasard peut expliquer, mais le joueur 2 (19,3 %) est à la limite : sans " \
           "l’élargissement des intervalles, son écart ne pourrait plus s’expliquer par le hasard. Pour trancher entre hasard et écart réel, jouez plus " \
           "de parties : " + command in line, line  # round 34 fr9
    assert "s’écarte" not in line, line
    flag = {"side": "more", "seat": 1, "rate": 0.38, "low": 0.299, "high": 0.468, "fair": 0.26, "level": 0.9875,
            "compared": 4}
    [flagged] = [plain(x) for x in balance_lines({"flags": [flag]}, "fr")]
    assert flagged.count(" : ") == 1 and "de la part équitable" in flagged, flagged
    none = plain(balance_lines({"seat_fair_share": 0.333, "flags": [], "games": 300}, "fr", 3)[0])
    assert none.count(" : ") == 1, none
    for key in ("balance_close_one", "balance_close_many", "balance_flagged_one", "balance_flagged_many",
                "balance_flagged_one_just", "balance_flagged_many_just"):
        assert "sa part équitable" not in say(key, "fr", items="", clearly="", fair="", why="", games="", even="", only="",
                                          intervals="") and "leur part équitable" not in say(
            key, "fr", items="", clearly="", fair="", why="", games="", even="", intervals="", only="")


# -- fr5, it3: the brackets explained once -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_lines_heading_says_why_the_intervals_are_wider_not_what_brackets_are(lang: str) -> None:
    for key in ("seat_rates_wide", "seat_rates_wide_again"):
        heading = plain(say(key, lang, n=3))
        assert not any(w in heading for w in ("in brackets", "entre crochets", "parentesi quadre")), heading
        # the interval's level and why it is wider, as the balance verdict names it; what brackets are, the line above
        assert {"en": "95% intervals, widened because 3 players are compared at once)",  # round 33 en3
                "fr": "intervalle à 95 %, élargi parce que 3 joueurs sont comparés à la fois)",  # round 38 fr18
                # round 36 it14: the terminal's one name, «intervalli al 95%»
                "it": "intervallo al 95%, allargato perché si confrontano 3 giocatori alla volta)"}[
            lang] in heading, heading


# -- fr8: the indicators' decimal marks in one column -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_design_indicators_figures_keep_their_decimal_marks_in_one_column(lang: str) -> None:
    from cardgen.simulate.summary import designer_lines
    d = {"games": 60, "lead_changes": {"mean": 8.7, "low": 7.9, "high": 9.5},
         "comeback_rate": {"mean": 0.5, "low": 0.377, "high": 0.623, "n": 60},
         "drama": {"mean": 2.9, "low": 2.4, "high": 3.3, "n": 60}}
    lines = designer_lines(d, lang, Naming(), 60, None, 3)
    rows = [line for line in lines if re.match(r"    \S.*\d[.,]\d", line) and "[" in line]
    assert len(rows) == 3, lines
    mark = "." if lang == "en" else ","
    columns = {row.index(mark) for row in rows}
    assert len(columns) == 1, rows
    assert len({row.index("[") for row in rows}) == 1, rows  # the intervals start in one column too


# -- en3, it4: a shared win's margin; en4: the brackets in plain words ----------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_wins_margin_names_the_next_best_player_not_the_next_in_turn(lang: str) -> None:
    said = plain(say("margin_shared", lang, n=1000))
    assert {"en": "the tied winners’ lead over the next-best player",
            "fr": "l’avance des gagnants ex æquo sur le joueur classé juste derrière eux",
            "it": "il distacco dei vincitori dal primo degli altri in classifica"}[lang] in said, said
    assert not any(w in said for w in ("next player", "joueur suivant", "giocatore successivo"))


def test_the_english_interval_sentence_says_contains() -> None:
    # round 30 en4: what a widened interval promises, in the same sentence
    # round 32 en4: 70 words that said "a very large number of games" twice and never tied "19 times out of 20" to
    # the "95% interval" named on the next line
    assert say("interval_plain", "en") == ("figures in brackets are 95% intervals: 19 times out of 20, such an interval "
                                           "contains the figure a very large number of games would give; where several "
                                           "figures are compared at once, the intervals are widened so that, 19 times "
                                           "out of 20, all contain the figures they estimate")  # round 34 en2; round 39 en8


# -- fr10: the End of the Banquet card's last draw ends the game -------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_royale_says_the_last_draw_of_the_banquet_card_ends_the_game(lang: str) -> None:
    from cardgen.simulate.summary import tally_words
    naming = Naming.of(resolve("royale", ROOT), lang)
    # twenty-second reading fr5: "for the last time" was circular; the deck's draw that ends it, by its number
    assert tally_words("end_reason", "banquet_over", lang, naming) == {
        "en": "the End of the Banquet card is drawn for the second time",
        "fr": "la carte Fin du banquet sort pour la deuxième fois",  # as this edition's book says it
        "it": "la carta Fine del banchetto è stata pescata per la seconda volta"}[lang]  # round 30 it7: one tense


# -- fr12, it12: the Imposter caveat, one colon ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_imposter_caveat_has_one_colon_and_names_the_card(lang: str) -> None:
    from cardgen.simulate.summary import designer_lines
    held = {"component": "imposter", "dealt_share": 1.0, "plays_per_seat": 0.04, "difference": None,
            "not_judged": {"why": "all"}}
    [line] = [plain(x) for x in designer_lines({"component_impact": [held]}, lang, Naming(names={"imposter": "Imposteur"}))]
    assert line.count(":") == 1, line
    # round 31 fr9, round 32 en15: the figures, the balance verdict too, describe games almost without it; terminal
    # round 41 en19, en22: why it is not judged is the card-strength line's to say (one shape with the page)
    assert {"en": "Imposteur card (0.04 times per player per game on average), so these figures, balance included",
            "fr": "carte Imposteur (0,04 fois par joueur et par partie en moyenne) ; ces résultats, y compris",
            "it": "carta Imposteur (0,04 volte per giocatore a partita in media), perciò questi risultati, equilibrio "
                  "compreso"}[lang] in line, line
    assert not any(word in line for word in ("not judged", "pas évaluée", "non viene valutata")), line
    if lang == "it":  # it12: never "senza Impostore"
        assert line.endswith("senza di essa"), line


# -- fr13, it10: a later count's legend says its terms are the added ones -------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_later_player_counts_legend_says_its_terms_are_added_there(lang: str) -> None:
    from cardgen.simulate.summary import designer_lines
    two = {"games": 50, "drama": {"mean": 2.0, "low": 1.5, "high": 2.5}}
    three = {**two, "kingmaking": {"mean": 0.2, "low": 0.1, "high": 0.3}}
    said: set[str] = set()
    first = [plain(x) for x in designer_lines(two, lang, Naming(title="Royale"), 50, said)]
    second = [plain(x) for x in designer_lines(three, lang, Naming(title="Royale"), 50, said)]
    assert first[0] == "  " + plain(say("legend_validate", lang))
    assert second[0] == "  " + {"en": "the design indicator added at this player count:",
                                "fr": "indicateur de conception mesuré à partir d’ici :",  # round 30 fr11, round 31 fr10
                                "it": "indicatore di gioco che si aggiunge con questo numero di giocatori:"}[lang]
    other = [plain(x) for x in designer_lines(three, lang, Naming(title="Draco"), 50, set(said))]  # another game
    assert not any("added" in x or "supplémentaire" in x or "si aggiunge" in x for x in other), other
