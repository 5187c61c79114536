"""Reading round 37 (Draco, en/fr/it), the faults outside the card table: the verdict and closing lines, the bank
warnings, the rule lines, ties, fortunes, design indicators, the tagline, the gallery, the runs list and the overview.
Built from the wordbooks, so it runs fast."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nonempty import nonempty
from test_round29_books import BANK_ORDER

LANGS = ["en", "fr", "it"]
ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _draco() -> dict:
    return json.loads((ROOT / "cardgen/games/draco/words.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("lang", "key", "said", "old"), [
    # fr12*, it9, it25, it29: "à la limite du hasard" / "al limite del caso" are no idiom (and the warning itself says
    # "appena oltre i limiti del caso"); the closing line, the runs list and the overview all print these keys
    # round 39 fr13: « semble », as the warning says, in a sentence
    ("fr", "warn_cards_strong_just_one", "I : carte signalée de justesse comme trop forte",
     "limite du hasard"),  # round 38 fr16: no "))"; round 40 fr25: one hedge
    ("fr", "warn_cards_weak_just", "I : cartes signalées de justesse comme trop faibles", "limite du hasard"),
    ("it", "warn_cards_strong_just_one", "una carta forse un po’ troppo forte, appena oltre i limiti del caso: I",
     "limite del caso"),
    ("it", "warn_cards_weak_just", "carte forse un po’ troppo deboli, appena oltre i limiti del caso: I",
     "limite del caso"),
    # fr9, it10: "n'en dépendent que par", "ne dipendono soltanto attraverso" (calques); fr10: "doivent tout de même
    # trancher" read as if the rules did; en15: "what happens then" (when?)
    # round 40 en9*, fr8*, it10*: the book already rules the case; no advice to write it
    # round 41 it14, fr10: "; the other …" after the ruling named (pins updated)
    ("en", "short_weight_few", "; the other 276 do not depend on it", "should still say"),  # r39 it11
    ("fr", "short_weight_few", "; les 276 autres n’en dépendent pas",
     "dépendent que par"),  # round 38 fr14, fr15
    ("fr", "short_weight_few_one", "; les 276 autres n’en dépendent pas", "doivent tout de même"),
    ("it", "short_weight_few", "; le altre 276 non ne dipendono", "dipendono soltanto attraverso"),  # r38 it16, r39 it11
    ("it", "short_weight_few_one", "è entrata in gioco solo in questa partita; le altre 276 non ne dipendono",
     "dovrebbe comunque"),
])
def test_the_terminal_lines_read_as_round_37_asked(lang: str, key: str, said: str, old: str) -> None:
    from cardgen.terminal import say

    got = _plain(say(key, lang, items="I", short=24, rest=276, where="W"))
    assert said in got, got
    assert old not in got


def test_the_tagline_says_the_bank_pays_the_players() -> None:
    """it23: «a ogni brindisi Draco paga …» while every other text (and the rules: the money goes out of the bank,
    the last places pay the bank) says the bank pays; fr22: « la banque paie ceux qui sont assis » read as paying
    the ruffians (the pieces), not the players; English alike."""
    import yaml

    said = yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))["description"]
    assert "a ogni brindisi la banca paga chi siede più vicino" in said["it"] and "Draco paga" not in said["it"]
    # round 38 fr20: « sa coupe » read as the bank's, « malandrins » three times; en16: "… pay." whom?
    assert "la banque paie les joueurs dont les malandrins sont le plus près de la coupe de Draco, et fait payer " \
           "ceux qui en ont près de son autre main." in said["fr"]
    assert "the bank pays the players whose ruffians sit nearest his cup, and makes those whose ruffians sit " \
           "nearest his other hand pay the bank." in said["en"]


def test_the_gallery_s_intro_and_note_read_as_asked(tmp_path) -> None:
    """en20: "Every game and variant with its latest reports." had no verb; it22 likewise («Qui trovi …»); it21:
    «dopo aver eseguito» had the pictures run the command; fr21: « dernière validation (validée avec réserves …) »
    said the validation was validated, and its « ; » had a plain space that could start a line."""
    from cardgen.report.gallery import WORDS
    from test_gallery_words import a_gallery, render_gallery

    assert WORDS["en"]["intro_unbuilt"].startswith("This page lists every game and variant with its latest reports.")
    assert WORDS["it"]["intro_unbuilt"].startswith("Qui trovi ogni gioco e ogni variante")
    assert WORDS["it"]["intro_unbuilt"].endswith("dopo che avrai eseguito cardgen build.")
    assert "dopo aver eseguito" not in WORDS["it"]["intro_unbuilt"]
    for key in nonempty(["validation_note_all_warned", "validation_note_all_warned_single"]):
        assert WORDS["fr"][key].startswith("jeu validé avec réserves à {players} joueurs")
    for key in nonempty([k for k in WORDS["fr"] if k.startswith("validation_note")]):
        assert " ;" not in WORDS["fr"][key] and " :" not in WORDS["fr"][key], key
    html = render_gallery(tmp_path, a_gallery(tmp_path, "fr"))
    assert "joueurs\u202f; 30 parties" in html


def test_the_italian_texts_speak_to_the_reader_as_tu() -> None:
    """it8, it34: «verificate se la carta …» said voi where every other Italian text says tu («esegui», «vedi»,
    «clicca», «rilanci»); the other voi imperatives alike («aggiungete», «correggete», «risolvete … cambiate»)."""
    voi = re.compile(r"\b(verificate se|aggiungete|correggete|risolvete|cambiate la regola)\b")
    found = []
    for path in nonempty([ROOT / "cardgen/terminal.json", ROOT / "cardgen/report/impact.json"]):
        book = json.loads(path.read_text(encoding="utf-8"))
        for section in nonempty([s for s in book.values() if isinstance(s, dict) and "it" in s]):
            found += [f"{path.name}:{k}" for k, v in section["it"].items() if isinstance(v, str) and voi.search(v)]
    assert not found
    from cardgen.terminal import say

    assert "Per capire se la carta è troppo debole" in say("strength_held_weak", "it", mark="†", card="C", figure="F",
                                                          value="V", least="0,1", n="0,04")
    assert "(correggi l’errore qui sopra;" in say("refused", "it", what="W", n=2)


@pytest.mark.parametrize(("lang", "key", "said", "old"), [
    # en10: "over 300 games, again, no gap": "again" awkward, the only link back to the first count
    ("en", "balance_none_again", "balance: the fair share is 25.0%. Here too, over 300 games, no player’s win rate is further from the fair share than "
                                 "chance alone would explain.", "again"),
    # en13: "at worst 60 silver coins unpaid" in a game of 20 silver coins: a value, counted in silver coins
    ("en", "short_ruled", "(95.0%). At worst, sums worth 60 silver coins went unpaid in a single game", "coins unpaid"),
    ("en", "short_ruled_again", "(95.0%). At worst, sums worth 60 silver coins went unpaid in a single game", "coins unpaid"),
    # en14: "(all 25 in the game)": this game, or the box?
    ("en", "peak_box", "gold coins (all 25 of them)", "in the game"),
    # en16, fr11, it18: the side-by-side table's pointer to the intervals, without the possessive chain
    # (round 39 fr19, fr40: "that count's section", as the solo count has no table)
    ("en", "designer_across", "(each figure’s interval is given above, in that player count’s section):",
     "own count"),
    ("fr", "designer_across", "(l’intervalle de chaque valeur figure plus haut, dans le bloc consacré à ce nombre "
                              "de joueurs) :", "tableau de son nombre"),
    ("it", "designer_across", "(l’intervallo di ogni valore è più sopra, nella parte dedicata a quel numero di "
                              "giocatori):", "tabella del suo numero"),  # round 38 it17
])
def test_the_balance_shortage_peaks_and_side_by_side_lines_read_as_asked(lang: str, key: str, said: str,
                                                                         old: str) -> None:
    from cardgen.terminal import say

    got = _plain(say(key, lang, fair="25.0%", why="", games=300, warn="W", case="C", short=285, share="95.0%",
                     max=60, piece="silver coins", ruling="R", more=56, box="", also="", cover="99%", name="gold coins",
                     n=25, published="P", worst="60", first="3 players"))
    assert said in got, got
    assert old not in got


def test_the_close_games_definition_has_fewer_stacked_prepositions() -> None:
    """en11: "share of games won by a margin over the runner-up of at most a tenth of the winner's fortune"."""
    said = _draco()["glosses"]["en"]["close_games"] if "glosses" in _draco() else None
    text = json.dumps(_draco(), ensure_ascii=False)
    # terminal round 44 fr8*: a shared win named first, as close ("share of games that ended in a shared win or …")
    assert "in which the winner beat the runner-up by no more than a tenth of the winner’s fortune" in text
    assert "won by a margin over the runner-up of at most" not in text
    assert said is None or said.startswith("share of games that ended in a shared win or in which the winner beat")


def test_the_page_says_the_whole_stock_as_the_terminal_does() -> None:
    """en14 on the page: ": all 25 in the game" likewise."""
    from cardgen.report.words import page_words

    assert _plain(page_words("peak_box", "en", peak=25)) == ": all 25 of them"
    assert _plain(page_words("peak_box_99", "en", peak=5, n=4)) == ": all 5 of them (at most 4 in 99% of " \
                                                                      "games)"


def test_the_bank_rule_names_the_player_and_the_dice() -> None:
    """fr18: « en partant de celui dont un malandrin … » (celui: which?); fr19: « pour une Pluie d'écus, dans l'ordre
    des lancers » (what throws?); it12: «incassa il dovuto» read as what the bank owes; it13: «quello il cui
    malandrino» (each player has two), «pagato di più»."""
    import yaml

    bank = yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))["clarifications"]["bank_short"]
    fr, it = _plain(bank["text"]["fr"]), bank["text"]["it"]
    assert BANK_ORDER["fr"] in fr and "celui" not in fr  # terminal round 53 en5*: where the order starts (BANK_ORDER)
    # the Charity Toast book ran to a 7th French page with "qui désignent les places payées": the dice said, shorter
    assert "pour une Pluie d’écus, dans l’ordre des jets de dé." in fr and "des lancers" not in fr
    assert "prima incassa ciò che le spetta, poi paga quello che può" in it and "il dovuto" not in it
    assert BANK_ORDER["it"] in it  # round 38 it2: a superlative
    assert "il cui malandrino" not in it and "pagato di più" not in it


def test_the_runner_up_games_zork_case_kingmaking_and_players_read_as_asked() -> None:
    """fr13: « où il reste un deuxième une fois … » (colloquial); it15: «con un secondo classificato, contato tra i
    rimasti se …» suggested the tie games were kept; it14: «i più ricchi sono più d'uno a pari merito» (heavy);
    fr15: « faiseur de rois » named a person, not a share of games; it19: «al tavolo:» (the page says «chi gioca»)."""
    from cardgen.terminal import say

    lines = _draco()["lines"]
    for key in nonempty(["margin_basis", "figure_of_margin"]):
        assert "où, une fois les éventuels ex æquo de tête éliminés, un joueur reste classé deuxième)" in lines["fr"][key]
        assert "in cui, eliminati gli eventuali primi a pari merito, resta un secondo classificato)" in lines["it"][key]
        assert "il reste un deuxième" not in lines["fr"][key] and "contato tra i rimasti" not in lines["it"][key]
    assert _draco()["tallies"]["it"]["gap:richest_tie"] == "Zork fa pagare il giocatore più ricco, ma i più ricchi " \
                                                           "sono due o più, a pari merito"  # round 38 it3
    verdict = json.loads((ROOT / "cardgen/simulate/verdict.json").read_text(encoding="utf-8"))
    # round 38 fr1, fr36: the set phrase is « faiseur de rois »; still an effect, not a person (round 37 fr15)
    assert json.dumps(verdict, ensure_ascii=False).count('"kingmaking": "effet «\u202ffaiseur de rois\u202f»"') == 1
    assert "faiseur de roi " not in json.dumps(verdict, ensure_ascii=False)
    assert say("played_by", "it", who="W") == "chi gioca: W"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Winner’s lead over the runner-up, in the table above, is measured over the 267 games"),  # r38 en28; r40 en22
    ("fr", "Avance du vainqueur sur le deuxième, dans le tableau ci-dessus : sur les 267 parties"),
    ("it", "Distacco del vincitore dal secondo, nella tabella qui sopra: sulle 267 partite")])
def test_the_details_margin_note_names_its_row_not_the_last_row(lang: str, said: str) -> None:
    """fr32: « Dernière ligne (…) » under the Distributions table: on a phone the table is stacked, with no rows."""
    from cardgen.report.validation import margin_note
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    r = {"scores": {"margin": {"n": 267}}, "completed": 300, "players": 3, "ties": {"shared_wins": 1}}
    got = _plain(margin_note(r, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert got.startswith(said), got
    assert not any(w in got for w in ("Last row", "Dernière ligne", "Ultima riga"))


def test_the_runs_list_and_overview_explain_the_seed_and_read_as_asked() -> None:
    """en21, it24: the runs list's "seed" column explained for designers (fr: what the number fixes, too); it26:
    «si ferma dopo al massimo» (clumsy); it27: «in quel caso» after a bare label; it28: «dalla colonna «gioco»»,
    on a phone the table has no columns."""
    from cardgen.report.words import PAGES

    assert PAGES["en"]["runs_intro"].endswith("The seed is the number that fixes the random shuffles and dice rolls: "
                                              "running again with it replays the same games.")
    assert PAGES["it"]["runs_intro"].endswith("Il seme è il numero che fissa il mescolamento delle carte e i tiri di dado: con lo "
                                              "stesso seme si rigiocano le stesse partite.")
    assert "le même numéro rejoue les mêmes parties." in PAGES["fr"]["runs_intro"]
    assert "Per sicurezza, una partita viene interrotta se arriva a {cap} decisioni." in PAGES["it"]["overview_intro"]
    assert "dopo al massimo" not in PAGES["it"]["overview_intro"]
    assert "non prevede questa situazione;" in PAGES["it"]["short_note"]
    assert "prevede questa situazione." in PAGES["it"]["short_note_published"]
    for key in nonempty(["short_note", "short_note_published"]):
        assert "in quel caso" not in PAGES["it"][key] and "colonna" not in PAGES["it"][key]
        assert PAGES["it"][key].endswith("(si apre dal suo nome nella tabella).")  # round 38 en19


@pytest.mark.parametrize(("lang", "short"), [("en", "95% interval"), ("fr", "intervalle à 95 %"),
                                             ("it", "intervallo al 95%")])
def test_a_95_interval_has_one_name_on_every_screen(lang: str, short: str) -> None:
    """en27, it36: the tables' headings said "95% confidence interval", the legend, the terminal and the phone
    labels "95% interval": two names for one notion."""
    from cardgen.report.words import PAGES, page_words
    from cardgen.terminal import say

    assert _plain(say("balance_level_plain", lang)) == short
    assert _plain(page_words("designer_head", lang)).split("|")[-1] == short
    assert short in _plain(page_words("seats_why", lang, n=3))
    assert not any(w in _plain(PAGES[lang]["seats_why"]) for w in ("confidence", "confiance", "confidenza"))


def test_the_italian_distributions_table_spells_out_minimum_and_maximum() -> None:
    """it38: «min … max» in the Distributions table, while the charts spell out «minimo» and «massimo»."""
    from cardgen.report.words import PAGES

    head = PAGES["it"]["dist_head"].split("|")
    assert "minimo" in head and "massimo" in head and "min" not in head and "max" not in head


@pytest.mark.parametrize(("lang", "said"), [("en", "this edition’s ruling"), ("fr", "choix de cette édition"),
                                            ("it", "scelta di questa edizione")])  # terminal round 40 fr1*, it2*, en5
def test_the_special_cases_column_is_named_by_the_rule(lang: str, said: str) -> None:
    """fr34: « règle appliquée (par une règle que cardgen ajoute) »: «il» without an antecedent, and on a phone
    the long label repeated on every card."""
    from cardgen.report.words import PAGES

    assert PAGES[lang]["gaps_how_settled"] == said


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_page_of_several_counts_links_to_each(lang: str) -> None:
    """en35: the game page runs to about 12,000 px on a desktop and 25,000 on a phone, with no links to its player
    counts (their headings already had the ids p3 … p6)."""
    from cardgen.load.project import Project
    from cardgen.report.pages import deck_page
    from cardgen.report.words import PAGES
    from cardgen.resolve.resolve import Resolver
    from cardgen.simulate.summary import Naming
    from cardgen.simulate.validate import ValidateOptions, run_validation

    deck = Resolver(Project.open(ROOT)).resolve("king_lui")
    opts = ValidateOptions(games=4, players=[3, 4], seed=3, jobs=1, out=None, engine="reference", progress=False)
    results = run_validation([deck], opts)["results"]
    html = deck_page("king_lui", {"results": results}, {"king_lui": {"name": "King Lui"}}, None, "", None, lang,
                     Naming.of(deck, lang))
    jump = f'<p class="jump">{PAGES[lang]["jump_to"]} <a href="#p3">3</a> · <a href="#p4">4</a> ' \
           f'{PAGES[lang]["jump_players"]}</p>'
    assert jump in html
    assert html.index(jump) < html.index('<h2 id="p3">') and '<h2 id="p4">' in html


def test_the_indicators_bases_say_measured_over() -> None:
    """en12: "comebacks, tension, point of decision: of the 250 games with a single winner": the bare "of" had
    nothing to attach to; "measured over", and "over" in every English note on the games counted."""
    from cardgen.simulate.summary import figure_bases

    figures = [("comebacks", {"n": 250, "base": "one_winner"}), ("kingmaking", {"n": 214})]
    notes = figure_bases(figures, "en")
    assert notes and all(": measured over the " in note for note in nonempty(notes)), notes
    from cardgen.terminal import say

    for key in nonempty(["figure_of_one_winner", "figure_of_runner_up", "figure_of_margin", "figure_of_all",
                         "margin_basis", "margin_basis_duel"]):
        assert say(key, "en", n=250).strip().startswith("(over the 250 games"), key
