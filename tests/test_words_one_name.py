"""Twelfth native reading (issue #53): percentage points never bare "points" (fr15, fr37), one name per thing (fr29,
fr36, fr42, it38, it54), Draco's eliminated leaders never "départagées" (fr16), and chart titles and "95 %" that are
never cut (it53, it68). Each test asserts our own words in the languages that differed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_adding_language import _strings  # every string of a JSON subtree

from cardgen.games import get_game
from cardgen.simulate.verdict import label, sentence

ROOT = Path(__file__).resolve().parents[1]


def _lang(path: str, lang: str) -> list[str]:
    """Every string a catalog gives ``lang``, wherever the language sits in its tree."""
    def walk(tree: object) -> list[str]:
        if isinstance(tree, dict):
            return [s for k, v in tree.items() for s in (_strings(v) if k == lang else walk(v))]
        return []
    return walk(json.loads((ROOT / path).read_text(encoding="utf-8")))


# -- percentage points (fr15, fr37) -------------------------------------------------------------
def test_a_difference_of_percentages_is_defined_as_percentage_points_where_pts_is_written() -> None:
    """French "pts" sat beside a game's points with only "en points" to define it: every French legend says
    "points de pourcentage"; the compare page's intro defines the unit once in each language."""
    from cardgen.report.impact import WORDS as IMPACT
    from cardgen.simulate.verdict import PAGE

    french = " ".join(_lang("cardgen/terminal.json", "fr"))
    assert "en points (pts)" not in french and "sont en points)" not in french and "en points)" not in french
    # validate's card table: the unit once, in its column's heading, bare numbers below (fifteenth reading fr6)
    assert "écart (points de pourcentage)" in french and "(pts)" not in french
    # the card table's cells are bare numbers: its legend names the unit, with no abbreviation (fifteenth fr6)
    assert "(en points de pourcentage)" in IMPACT["fr"]["legend"] and "pts" not in IMPACT["fr"]["legend"]
    # the strip's scale in words written out, never a bare "points" nor "pts" (fifteenth reading it44)
    assert "+{half} points de pourcentage." in IMPACT["fr"]["legend_strip"] and "{half} pts" not in IMPACT["fr"]["legend_strip"]
    assert "+{half} punti percentuali." in IMPACT["it"]["legend_strip"] and "fascia" not in IMPACT["it"]["legend_strip"]
    assert "+{half} percentage points." in IMPACT["en"]["legend_strip"]
    # the page's tables write no "pp" / "pts" / "p.p." in a cell: the unit once in the column's head, written out
    # (the vocabulary, fifteenth reading)
    for lang, unit in (("en", "in percentage points"), ("fr", "en points de pourcentage"),
                       ("it", "in punti percentuali")):
        assert f"{unit}." in PAGE[lang]["intro"], lang  # then the note on rounding (terminal round 46 en49)
        assert PAGE[lang]["difference_pp"].rstrip(")").endswith(unit)
        assert PAGE[lang]["difference_pp_mixed"].rstrip(")").endswith(unit)
        assert not any(u in PAGE[lang]["intro"] for u in ("(pp)", "(pts)", "(p.p.)"))


# -- one name per thing (fr29, fr42, it38, it54) -------------------------------------------------
@pytest.mark.parametrize(("lang", "name", "said"), [
    ("fr", "lead_changes", "Le meneur change plus souvent (de 1,0 à 1,6 fois par partie)."),
    ("it", "lead_changes", "I cambi al comando aumentano da 1,0 a 1,6 a partita."),  # it28: the table's name
    ("it", "margin", "Il distacco medio del vincitore dal secondo cresce da 1,0 a 1,6 punti."),
    ("it", "seat_2_win_rate", "Il giocatore 2 vince il 34,0% delle partite invece del 28,0%.")])
def test_a_sentence_names_its_figure_as_the_tables_do(lang: str, name: str, said: str) -> None:
    """"joueur en tête" in the sentence, "meneur" in the table; "vantaggio … sul secondo" beside "distacco … dal
    secondo"; "posto 2" beside "giocatore 2": the sentence takes the table's name."""
    share = name.startswith("seat_")
    m = {"metric": name, "base": 0.28 if share else 1.0, "variant": 0.34 if share else 1.6,
         "difference": 0.06 if share else 0.6, "low": 0.01, "high": 0.1}
    words = dict(get_game("king_lui").words)
    assert sentence(m, lang, words).replace("\u202f", " ") == said
    row = label(name, lang, words, short=True)
    stem = {"lead_changes": "meneur" if lang == "fr" else "comando", "margin": "distacco",
            "seat_2_win_rate": "giocatore 2"}[name]
    assert stem in row and stem in said.lower(), (row, said)


def test_italian_names_a_turn_position_player_k_everywhere() -> None:
    """it54: "1º nell'ordine di gioco", "giocatore 1" and "chi gioca in posizione 5" on one page."""
    from cardgen.simulate.summary import balance_lines

    assert label("seat_3_win_rate", "it") == "quota di vittorie del giocatore 3"
    flag = {"seat": 5, "side": "more", "rate": 0.31, "fair": 0.2, "low": 0.21, "high": 0.44, "level": 0.99,
            "compared": 5}
    line = balance_lines({"flags": [flag]}, "it")[0]
    assert "il giocatore 5 (31,0%) si scosta dalla quota equa" in line and "posizione" not in line
    italian = " ".join(_lang("cardgen/simulate/verdict.json", "it"))
    assert "nell’ordine di gioco (" not in italian and "1º nell’ordine" not in italian and "Il posto" not in italian


def test_paired_games_have_one_name() -> None:
    """fr29: "paires de parties", "parties appariées", "parties jumelles": one name, in each language."""
    for lang, banned in (("fr", ("parties appariées", "parties jumelles")), ("it", ("partite appaiate", "dati appaiati")),
                         ("en", ("paired games",))):
        said = " ".join(_lang("cardgen/simulate/verdict.json", lang) + _lang("cardgen/terminal.json", lang))
        assert not [b for b in banned if b in said], lang
    from cardgen.simulate.verdict import PAGE
    assert "tirés des paires de parties" in PAGE["fr"]["intro"]


def test_draco_s_score_chart_says_fortune_as_its_terminal_does() -> None:
    """fr36: Draco has no score: its terminal says "fortunes finales, en pièces d’argent"; the chart said
    "Scores finaux" and "score final". King Lui, a game of points, keeps its scores."""
    from cardgen.report.pages import charts

    side = {"players": 2, "completed": 10, "agents": [{}], "turns": {"histogram": []}, "rounds": {"histogram": []},
            "seat_win_rates": [],
            "balance": {}, "scores": {"winner": {"n": 3, "min": 1, "max": 9, "p10": 2, "p90": 8, "median": 5},
                                      "seat": []}}
    draco = str(charts([("Draco", side, "#000")], "fr", dict(get_game("draco").words))).replace("\u202f", " ")
    assert "Fortunes finales, en pièces d’argent" in draco and "les 80 % des fortunes du milieu" in draco  # r46 fr34
    assert ">fortune finale<" in draco and "Scores finaux" not in draco and "score final" not in draco
    it = str(charts([("Draco", side, "#000")], "it", dict(get_game("draco").words)))
    assert "Denaro a fine partita, in monete d’argento" in it and "Punteggi finali" not in it
    king = str(charts([("King Lui", side, "#000")], "fr", dict(get_game("king_lui").words)))
    assert ">Scores finaux<" in king and ">score final<" in king  # its legend under it (round 46 fr34)


# -- Draco's tied leaders (fr16) ---------------------------------------------------------------
def test_draco_s_tied_leaders_all_dropping_out_is_never_a_tie_broken() -> None:
    """fr16: "départagées par élimination des premiers ex æquo": départager is choosing a winner among the tied,
    whom Draco eliminates all. The outcome is said whole; King Lui's tie-break keeps "départagées"."""
    from cardgen.simulate.summary import Naming, tie_items

    ties = {"tie_breaks": {"leaders_eliminated": 32, "leaders_eliminated_repeatedly": 2}, "shared_wins": 0}
    draco = Naming(dict(get_game("draco").words))
    said = {lang: tie_items(ties, lang, draco).replace("\u202f", " ").replace("\u00a0", " ")  # round 34 fr39
            for lang in ("en", "fr", "it")}
    assert said["fr"] == ("ex æquo de tête éliminés, victoire au plus riche des joueurs restants : 32 ; ex æquo éliminés "
                          "à plusieurs reprises, jusqu’à ce qu’un seul soit le plus riche : 2")
    assert said["en"].startswith("in 32, the tied leaders drop out and the richest of the others wins; ")  # r38
    # twenty-third reading en16: "again and again" overstated what happens twice
    assert said["en"].endswith("in 2, the next richest are tied too and drop out in turn, until one player alone is "
                               "the richest")
    assert said["it"].startswith("primi a pari merito eliminati, vittoria al più ricco tra i rimanenti: 32; ")
    assert "départag" not in said["fr"] and "broken" not in said["en"] and "risolte" not in said["it"]
    king = tie_items({"tie_breaks": {"fewest_discarded": 5}, "shared_wins": 0}, "fr", Naming(dict(get_game("king_lui").words)))
    assert king.startswith("départagées par le nombre de cartes défaussées")  # seventeenth reading fr3


# -- layout (it53, it68) -------------------------------------------------------------------------
def test_a_long_chart_title_wraps_inside_its_chart_and_95_percent_never_parts() -> None:
    """it53: "Punteggi finali (scatola: … linea: dal più ba" ran off a 520-pixel chart; it68: "(95" / "%)"."""
    from cardgen.languages import typeset
    from cardgen.report.svg import TITLE_CHAR, TITLE_LINE, chart, title_lines

    title = typeset("Quota di vittorie per ordine di gioco (intervallo di confidenza al 95 %) e altro ancora", "it")
    lines = title_lines(title, 520)
    assert len(lines) == 2 and all(len(line) * TITLE_CHAR <= 500 for line in lines), lines
    assert " ".join(lines) == title and any(line.endswith("95%)") or "95%)" in line for line in lines)
    assert title_lines("Durata delle partite", 520) == ["Durata delle partite"]
    svg = str(chart(520, 100, title, []))
    assert f'height="{100 + TITLE_LINE}"' in svg and f'<g transform="translate(0,{TITLE_LINE})">' in svg
    assert 'height="100"' in str(chart(520, 100, "Durata", [])) and "<g" not in str(chart(520, 100, "Durata", []))
    assert typeset("differenza (95 %)", "it") == "differenza (95%)"  # terminal round 40 it1: against its figure
    from cardgen.report.impact import WORDS as IMPACT
    assert typeset(IMPACT["it"]["head_paired_widened"], "it").count("95%") == 1


def test_a_table_header_never_parts_95_from_its_percent_sign() -> None:
    """it68: the card table's header "differenza (95%)" broke between "(95" and "%)": it is set with the language's
    no-break space, as the compare table's header already was (the terminal's words, typeset)."""
    from cardgen.report.impact import impact_block

    row = {"component": "split", "dealt_share": 0.5, "win_rate_dealt": 0.4, "win_rate_not_dealt": 0.303,
           "difference": 0.097, "low": 0.007, "high": 0.187, "flag": "",
           "base": {"difference": -0.066, "low": -0.15, "high": 0.02}}
    html = str(impact_block([row], {}, paired=True, lang="it"))
    assert "al 95% della variante]</th>" in html and "95 %" not in html and "95\u00a0%" not in html  # round 40 it1


def test_the_english_pages_call_a_game_a_game_never_a_deck() -> None:
    """Twenty-sixth reading en24: the pages said "deck" for a game (the overview's column, the galleries, compare's
    "base deck", "Both decks hold enough components", fix's "the deck's numbers") where the terminal says "game";
    Draco's coins and characters are no deck. French and Italian said "jeu" and "gioco" already. The English words
    of the pages (report, gallery, compare, fix) hold "deck" only as a placeholder's name."""
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "cardgen"
    books = {"report/words.json": ["pages"], "report/gallery.json": ["page"], "simulate/verdict.json": None,
             "tune/fix.json": ["lines"]}
    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
        return [s for item in items for s in strings(item)]

    found = []
    for name, tops in books.items():
        book = json.loads((root / name).read_text(encoding="utf-8"))
        for top in tops or list(book):
            found += [(name, top, one) for one in strings((book[top] or {}).get("en"))
                      if re.search(r"\bdecks?\b", re.sub(r"\{[^}]*\}", "", one))]
    assert found == [], found
