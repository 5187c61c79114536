"""Terminal and page reading round 34 (issue 53): the unstarred faults (docs/reads/terminal-round-34-fixes.md);
each test fails on the old wording (fault ids in the docstrings)."""
from __future__ import annotations

import pytest

from cardgen.terminal import say

LANGS = ["en", "fr", "it"]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def test_widened_intervals_contain_their_figures_without_a_double_negative() -> None:
    """en2 (every terminal file, every game page's header): "19 times out of 20, none of them misses its figure": an
    interval does not "miss" a figure, and the double negative slows the reader; all of them contain their figures
    (in 19 of 20 cases all at once, as French « tous … en même temps » and Italian « tutti insieme » say)."""
    said = say("interval_plain", "en")
    assert said.endswith("so that, 19 times out of 20, all contain the figures they estimate")  # round 39 en8: "their figures" was two clauses from its antecedent
    assert "misses" not in said and "none of them" not in said


def test_king_luis_last_tie_is_on_the_number_of_cards_discarded() -> None:
    """en1 (King Lui at every count, the page's special cases): "still tied on points after comparing discarded
    cards": the published tie-break compares how many cards each player discarded, not the cards; "tied on both
    points and cards discarded" (Italian « sia di punti sia di carte scartate »), in the case and in cardgen's rule."""
    from cardgen.games import get_game
    from pathlib import Path

    tallies = get_game("king_lui").words["tallies"]
    assert tallies["en"]["gap:tie_after_tiebreak"] == "players tie on points and also on cards discarded"
    assert tallies["it"]["gap:tie_after_tiebreak"] == ("alcuni giocatori restano in parità sia di punti sia di "
                                                       "carte scartate")
    deck = (Path(__file__).parents[1] / "decks/king_lui.yaml").read_text(encoding="utf-8")
    assert "Players still tied on both points and cards discarded share the victory." in deck
    assert "comparing discarded" not in deck + str(tallies)


@pytest.mark.parametrize("lang", LANGS)
def test_royales_shared_victory_is_called_cardgens_rule_as_king_luis_is(lang: str) -> None:
    """en9 (Royale's ties line at 2, 3 and 4 players, terminal and page): "still tied, victory shared: 23" where King
    Lui says "(this edition’s ruling)": in Royale too the shared victory is a rule cardgen adds (listed under the special
    cases); King Lui's words, which in French and Italian are also shorter."""
    from cardgen.games import get_game

    royale = get_game("royale").words["tallies"][lang]["tie_break:most_dish_cards, then shared"]
    assert royale == get_game("king_lui").words["tallies"][lang]["tie_break:shared_win"]
    assert royale.endswith({"en": "(this edition’s ruling)", "fr": "(choix de cette édition)", "it": "(scelta di questa edizione)"}[lang])


def test_royales_italian_tie_case_fits_two_players() -> None:
    """it10 (Royale 2 players, terminal and page's special cases): «alcuni giocatori sono ancora in parità dopo lo
    spareggio»: with two players «alcuni» is wrong; «i primi» fits every count."""
    from cardgen.games import get_game

    said = get_game("royale").words["tallies"]["it"]["gap:tie_after_tiebreak"]
    # terminal round 40 it8: «i primi» of what? the players in first place
    assert said == "i giocatori al primo posto sono ancora in parità dopo lo spareggio" and "alcuni" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_royales_page_says_what_the_hardly_used_imposter_means_each_time(lang: str) -> None:
    """en32, fr32 (Royale's page, 3 and 4 players): "Here too they hardly ever used it, so the same caution applies"
    sent the reader back up the page to find the caution: the consequence is said again. fr31 (2 players):
    « Autant dire jamais : … jouées sans elle » was conversational and overstated (0.04 uses a player a game is not
    never): « C’est très peu : … quasiment sans elle »."""
    from cardgen.report.impact import WORDS

    again = WORDS[lang]["all_dealt_hardly_again"]
    assert {"en": "so every figure at {players} players describes games played almost without it",
            # round 39 fr53: the count named, not « à ce nombre de joueurs » (a calque)
            "fr": "les résultats à {players}\u00a0joueurs valent donc pour des parties jouées quasiment sans elle",
            "it": "tutti i risultati con {players}\u00a0giocatori valgono quindi per partite giocate praticamente "
                  "senza di essa"}[lang] in again
    assert not any(old in again for old in ("same caution", "même remarque", "stessa cautela"))
    if lang == "fr":
        assert _plain(WORDS["fr"]["all_dealt_hardly"]).startswith("C’est très peu : ")
        assert "Autant dire jamais" not in WORDS["fr"]["all_dealt_hardly"]
        assert "quasiment sans elle" in WORDS["fr"]["all_dealt_hardly"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_imposter_caveat_points_at_no_verdict_line_and_says_why_unjudged_plainly(lang: str) -> None:
    """en8 (Royale solo): "so these figures and the verdict above describe …": a solo block has no verdict line, only
    its header's word, and the reader looks for one; these figures alone (in all three languages). fr10: « faute de
    joueur sans elle à qui comparer » stacked two phrases: « car aucun joueur n’en est privé », here and in the
    caveat at several players."""
    solo = _plain(say("held_all_hardly_solo", lang, card="Imposter", used="0.02"))
    assert not any(old in solo for old in ("verdict above", "verdict ci-dessus", "verdetto qui sopra"))
    assert {"en": "so these figures describe games played almost without it",
            "fr": "si bien que ces résultats valent pour des parties jouées quasiment sans elle",  # round 40 fr7
            "it": "perciò questi risultati valgono per partite giocate praticamente senza di essa"}[lang] in solo
    if lang == "fr":  # round 40 fr6; terminal round 41 fr8; round 42 fr1: why it is not judged is the solo
        # block's card-strength line's to say, as at every count
        assert solo.endswith("quasiment sans elle") and "évaluée" not in solo
        assert "faute de joueur" not in solo


def test_a_whole_stock_maximum_says_all_n_in_the_game() -> None:
    """en3 (King Lui's Emerald cards, Draco's coins; terminal and page): "(5, every one in the game)" was
    elliptical: "(all 5 in the game)", and on the page "…: all 5 in the game"."""
    from cardgen.report.words import page_words

    assert say("peak_box", "en", name="Emerald cards", n=5) == "Emerald cards (all 5 of them)"
    assert say("peak_box_again", "en", name="silver coins", n=20) == "silver coins (all 20 of them)"
    assert _plain(page_words("peak_box", "en", peak=5)) == ": all 5 of them"
    assert _plain(page_words("peak_box_99", "en", peak=5, n=4)) == ": all 5 of them (at most 4 in 99% of games)"


# terminal round 49 it1: the proportional notes no longer define the word again (the indicator's definition does);
# the exact ones still do, in guillemets
@pytest.mark.parametrize("key", ["close_scale_exact", "close_scale_games_exact"])
def test_the_french_close_games_note_quotes_the_word_it_defines(key: str) -> None:
    """fr6 (every game's close-games note): « serrée signifie ici … »: a word cited as a word takes guillemets, as the
    Italian «combattuta» already has."""
    said = _plain(say(key, "fr", margin="7", unit="points", score="score du vainqueur", winner="73,9",
                      games="300 parties"))
    assert said.startswith("« serrée » signifie ici un écart")


def test_the_french_balance_says_every_gap_may_be_chance_without_a_double_negative() -> None:
    """fr3 (every balance line with no flag, terminal and page): « donc aucun écart n’est trop grand pour être dû au
    hasard », correct but heavy: « donc tous les écarts peuvent s’expliquer par le hasard », as Italian's «ogni
    differenza può essere dovuta al caso»."""
    said = _plain(say("balance_none", "fr", fair="33,7 %", why="", games="300"))
    # round 43 fr2: one wording for one verdict, the one of the counts where a player is only just within chance;
    # still no double negative
    assert said.endswith("Sur 300 parties, aucun écart ne dépasse ce que le hasard peut expliquer")
    assert "n’est trop grand" not in said


def test_the_french_advice_to_play_more_games_says_what_for_and_stays_in_the_list() -> None:
    """fr9 (King Lui 4 and 5 players, Royale 2, terminal and pages): « … élargis. Pour trancher, jouez plus de
    parties » broke the « ; » list with a capitalised sentence, and « trancher » had no object; fr27 (the overviews):
    « mais de justesse : pour trancher, … ». Now « ; pour en être sûr, jouez plus de parties »."""
    from cardgen.report.words import page_words

    said = _plain(say("balance_more_games", "fr", command="cardgen validate king_lui --players 4 --games 1200"))
    # terminal round 40 fr2: « en » had no clear object either: what to tell apart, said
    assert said.startswith(" ; pour trancher entre hasard et écart réel, jouez plus de parties : cardgen validate")
    for key in ("fair_within_close", "fair_within_close_two"):
        cell = _plain(page_words(key, "fr"))
        # terminal round 51 r48 fr13: « à la limite », never « de justesse » (beyond chance, barely, in compare)
        assert cell.endswith("mais à la limite : pour trancher entre hasard et écart réel, jouez plus de parties")
        assert "trancher," not in said + cell  # round 40 fr2: « trancher » with its object, never bare


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_king_luis_lead_changes_count_points_not_hands(lang: str) -> None:
    """fr4 (King Lui's lead changes, terminal and page): « en comptant chaque main »: one counts a hand's points, the
    rules' « décompte »; it1: «valutando ogni mano» reads as "every deal" in card-game Italian."""
    from cardgen.games import get_game

    said = get_game("king_lui").words["glosses"][lang]["lead_changes"]
    assert {"fr": "en décomptant les points de chaque main comme si la partie s’arrêtait là",
            "it": "calcolando i punti di ciascuno come se la partita finisse lì"}[lang] in said
    assert "en comptant chaque main" not in said and "ogni mano" not in said


def test_the_french_kingmaking_gloss_names_a_third_players_turn() -> None:
    """fr5 (every game's kingmaking definition, terminal and pages): « sur l’action d’un autre joueur » is
    sports-commentary French, and « un autre joueur » may be the runner-up himself; the indicator counts a third
    seat's move (``designer._kingmade``), as English says: « au tour d’un troisième joueur »."""
    import json
    from pathlib import Path

    glosses = json.loads((Path(__file__).parents[1] / "cardgen/simulate/verdict.json").read_text(
        encoding="utf-8"))["glosses"]
    assert glosses["fr"]["kingmaking"].endswith("passe pour la dernière fois devant le deuxième au tour d’un "
                                                "troisième joueur")
    assert "sur l’action" not in glosses["fr"]["kingmaking"]


def test_king_luis_italian_draw_ruling_says_pescare_once() -> None:
    """it3 (King Lui 3 players, terminal and page's special cases): «devi pescare: non puoi usare Emerald invece di
    pescare»: «pescare» twice; «usare Emerald» stays, the rulebook's own words («Utilizzare Emerald»)."""
    from pathlib import Path

    deck = (Path(__file__).parents[1] / "decks/king_lui.yaml").read_text(encoding="utf-8")
    # round 45 it2: «in attesa», the book's word (king_lui.po «Usare Emerald»), with «pescare» still said once
    assert ('it: "Quando sul tavolo non resta alcun piatto devi pescare, anche se una carta Emerald è in attesa: non '
            'puoi usarla al posto della pescata') in deck
    assert "invece di pescare" not in deck


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "how games end: the End of the Banquet card is drawn for the second time (295 games); a player has "
           "satisfied all their nobles and won outright (5 games)"),
    ("fr", "fin des parties : la carte Fin du banquet sort pour la deuxième fois (295 parties)"),
    ("it", "(295 partite)")])
def test_how_games_end_counts_games_not_bare_numbers(lang: str, said: str) -> None:
    """it2 (every terminal file, the first line read): «il mazzo non ha più carte … (300)», a bare number with no
    unit: "(300 games)", «(300 partite)», « (300 parties) », each with its noun."""
    from pathlib import Path

    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, _items

    naming = Naming.of(resolve("royale", Path(__file__).parents[1]), lang)
    line = _plain(say("end_reasons", lang, items=_items({"banquet_over": 295, "all_nobles": 5}, "end_reason", lang,
                                                         naming)))
    assert said in line, line
    assert {"en": "(5 games)", "fr": "(5 parties)", "it": "(5 partite)"}[lang] in line
    assert _plain(_items({"all_nobles": 1}, "end_reason", lang, naming)).endswith(
        {"en": "(1 game)", "fr": "(1 partie)", "it": "(1 partita)"}[lang])


def test_the_french_solo_scale_has_no_colon_chain() -> None:
    """fr11 (Royale solo): « … publiée) : « Maître d’hôtel du roi » (11 ou 12 points) : 7,0 % ; … »: three colons in
    one line; the share follows its band as in English and Italian, « points » keeping the two numbers apart."""
    said = _plain(say("scale_item", "fr", verdict="Maître d’hôtel du roi", span="11 ou 12", share="7,0 %"))
    assert said == "« Maître d’hôtel du roi » (11 ou 12 points) 7,0 %"


@pytest.mark.parametrize("lang", LANGS)
def test_a_single_case_cardgen_rules_is_listed_as_several_are(lang: str) -> None:
    """en5 (King Lui 3 players): "special case the published rules leave open, settled by a rule cardgen adds
    (players are still tied …): in 3 of the 300 games" hid the case in a bracket mid-line, where the next count lists
    it on its own line under a heading; one case now takes the list's form, under a singular heading."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import Naming, format_entry, own_say

    gap = {"kind": "bank_short", "settled": True, "count": 300, "games": 200, "seed": 7, "game": 0}
    entry = {"variant": "draco", "game": "draco", "players": 3, "passed": True, "completed": 0, "games": 200,
             "end_reasons": {}, "rule_gaps": [gap], "static_checks": [], "peaks": {}}
    lines = format_entry(entry, lang, Naming(dict(get_game("draco").words))).split("\n")
    assert _plain(say("gaps_ruled_head_one", lang)) == {
        "en": "special case the published rules leave open or unclear (settled by this edition’s ruling, printed in its rulebook):",
        "fr": "cas que les règles publiées ne tranchent pas ou laissent ambigu (réglé par un « Choix de cette édition » du livret) :",
        "it": "situazione che il regolamento pubblicato non prevede o lascia ambigua (vale una «Scelta di questa edizione»):"}[lang]
    # terminal round 41 en24*: Draco's own heading names its source, "the published description" (pin updated)
    head = _plain(own_say("gaps_ruled_head_one", lang, Naming(dict(get_game("draco").words))))
    assert head == {"en": "special case the published description leaves open or unclear (settled by this edition’s ruling, printed in its rulebook):",
                    "fr": "cas que la description publiée ne tranche pas ou laisse ambigu (réglé par un « Choix de cette édition » du livret) :",
                    "it": "situazione che la descrizione pubblicata non prevede o lascia ambigua (vale una «Scelta di questa edizione»):"}[lang]
    at = [_plain(line) for line in lines].index("  " + head)
    assert lines[at + 1].startswith("    ") and "(" not in lines[at + 1].split(":")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_distributions_heading_says_games_that_ended_only_where_some_did_not(lang: str) -> None:
    """en29 (every game page): "Distributions (games that ended)" beside "300 (all finished normally)" hinted at
    abandoned games that do not exist: the bracket only where some games did not end."""
    from pathlib import Path

    from cardgen.report.validation import section
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming
    from test_draco_shortage_words import _entry

    naming = Naming.of(resolve("draco", Path(__file__).parents[1]), lang)
    assert section(_entry({}), lang, naming)["dist_title"] == {"en": "Distributions", "fr": "Distributions",
                                                               "it": "Distribuzioni"}[lang]
    some = section({**_entry({}), "completed": 9}, lang, naming)["dist_title"]
    assert some == {"en": "Distributions (games that ended)", "fr": "Distributions (parties terminées)",
                    "it": "Distribuzioni (partite concluse)"}[lang]
    template = (Path(__file__).parents[1] / "templates/report/section.html").read_text(encoding="utf-8")
    assert "<h3>{{ s.dist_title }}</h3>" in template and "w.distributions" not in template


def test_a_whole_median_stays_whole_beside_a_half_one() -> None:
    """en31, fr33, it25 (Royale's 2-player distributions): one median of 26.5 printed the column's others "13.0",
    "9.0", "10.0", "2.0", as if measured decimals; each count or percentile is whole unless it has a fraction, the
    means and spreads keep their decimal."""
    from cardgen.report.validation import DIST_KEYS, dist_rows

    half = dict(zip(DIST_KEYS, (300, 26.7, 3.1, 18, 22, 26.5, 31, 36)))
    whole = dict(zip(DIST_KEYS, (300, 13.1, 1.6, 9, 11, 13, 15, 18)))
    rows = dist_rows([half, whole], "en")
    assert rows[0][DIST_KEYS.index("median")] == "26.5" and rows[1][DIST_KEYS.index("median")] == "13"
    assert rows[1][DIST_KEYS.index("mean")] == "13.1" and rows[1][DIST_KEYS.index("min")] == "9"
    assert _plain(dist_rows([half], "fr")[0][DIST_KEYS.index("median")]) == "26,5"


def test_the_turn_order_and_special_cases_tables_right_align_their_figures() -> None:
    """it24 (every game page's Details): the turn-order and special-cases tables set their figures flush left, where
    every other table of the page sets them right: their counts, rates and intervals take ``td.num`` too (on a
    phone, where each row is a block, every cell stays left as before)."""
    from pathlib import Path

    root = Path(__file__).parents[1]
    section = (root / "templates/report/section.html").read_text(encoding="utf-8")
    for cell in ('<td class="num" data-label="{{ h[2] }}">{{ g.times }}</td>',
                 '<td class="num" data-label="{{ h[3] }}">{{ g.games }}</td>',
                 '<td class="num" data-label="{{ h[1] }}">{{ seat.wins }}/{{ seat.games }}</td>',
                 '<td class="num" data-label="{{ h[2] }}">{{ seat.rate }}</td>',
                 '<td class="num" data-label="{{ h[4] }}">{{ seat.mean }}</td>'):
        assert cell in section, cell
    css = (root / "templates/report/report.css").read_text(encoding="utf-8")
    assert "td.num{text-align:right" in css and "table.stack td,table.stack th{display:inline-block;" in css


def test_a_command_on_a_page_keeps_to_one_line_at_desktop_width() -> None:
    """fr29 (every page at 1280 px): `cardgen validate king_lui --players 4` / `--games 1200` split over two lines, and
    a reader may copy half; at desktop widths a command keeps to one line (the longest, a replay command, is about 70
    characters), on a phone it may still break between its options."""
    from pathlib import Path

    css = (Path(__file__).parents[1] / "templates/report/report.css").read_text(encoding="utf-8")
    desk, phone = css[:css.index("@media (max-width:40em)")], css[css.index("@media (max-width:40em)"):]
    assert "code{font-size:.95em;white-space:nowrap}" in desk
    assert phone.startswith("@media (max-width:40em){table{display:block;overflow-x:auto;max-width:100%} body{padding:0 "
                            ".5em} code{white-space:normal}")


def test_ex_aequo_never_splits_over_two_lines_in_french() -> None:
    """fr39 (Draco's page, every count): « victoire partagée entre les premiers ex | æquo » split the Latin phrase
    over two lines: French typesetting joins it with a no-break space, on pages and on the terminal."""
    from cardgen.languages import typeset

    said = typeset("tous éliminés, victoire partagée entre les ex æquo de tête", "fr")  # round 38 fr3
    assert said.endswith("ex\u00a0æquo de tête") and "ex æquo" not in said
    assert typeset("ex æquo", "en") == "ex æquo"


def test_the_overviews_balance_says_more_than_chance_would_explain() -> None:
    """en25 (the overview's warnings cells and balance sentences): "by more than chance explains": "would explain",
    the conditional a counterfactual wants."""
    from cardgen.report.words import PAGES

    for key in ("balance_pair", "balance_split", "balance_more", "balance_less", "balance_more_many",
                "balance_less_many"):
        assert PAGES["en"][key].endswith("than chance would explain"), key
    # round 39 en41: the marginal ones no longer compare with chance at all ("by only just more than chance would
    # explain", three comparatives): "; the gap is only just beyond chance"
    for key in ("balance_pair_just", "balance_split_just", "balance_more_just", "balance_less_just",
                "balance_more_many_just", "balance_less_many_just"):
        assert PAGES["en"][key].endswith("only just beyond chance"), key


def test_the_overviews_decision_cap_reads_as_a_safeguard() -> None:
    """en22 (every overview): "A game is stopped after 10,000 decisions at most." read as though games were cut short,
    beside "300 (all finished normally)": a safeguard, as the Italian's «Per sicurezza» already said."""
    from cardgen.report.words import PAGES

    assert " As a safeguard, a game stops after {cap} decisions at most. " in PAGES["en"]["overview_intro"]
    assert " Par sécurité, une partie s’arrête au plus tard après {cap} décisions. " in _plain(
        PAGES["fr"]["overview_intro"])
    assert "Per sicurezza, una partita viene interrotta se arriva a {cap} decisioni."  # round 37 it26 in PAGES["it"]["overview_intro"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_overview_says_its_balance_names_both_players_at_two(lang: str) -> None:
    """en23, fr30 (Royale's overview): "the balance column names the player furthest from the fair share", while the
    2-player cell names both: said where a run has 2 players, nothing added where it has not (King Lui, Draco)."""
    import inspect

    from cardgen.report import pages
    from cardgen.report.words import page_words

    kw = dict(total="T", games="300 games", each="each", agents="a", seed=1, cap="10,000", units="U")  # round 52 it13
    two = _plain(page_words("overview_intro", lang, both=page_words("overview_both_two", lang), **kw))
    # terminal round 46 en61: ", or both at 2 players" read as cryptic: the 2-player case said as what it is
    assert two.endswith({"en": "close to the limit of what chance explains (at 2 players, always both).",
                         "fr": "proche de la limite du hasard, ou les deux à 2 joueurs.",
                         # terminal round 46 it45: one «o» a clause, the 2-player case said as what it is
                         "it": "vicino al limite del caso, indica invece tutti questi giocatori (con 2 giocatori, "
                               "sempre entrambi)."}[lang])
    assert _plain(page_words("overview_intro", lang, both="", **kw)).endswith(
        {"en": "close to the limit of what chance explains.", "fr": "proche de la limite du hasard.",
         "it": "indica invece tutti questi giocatori."}[lang])
    assert 'both=page_words("overview_both_two", lang) if 2 in counts else ""' in inspect.getsource(pages.overview)


def test_the_french_overview_sets_its_seed_option_as_code_as_it_does_skill() -> None:
    """fr26 (every overview in French): « (tirage n° 1, option --seed) … relancez avec --skill »: ``--skill`` set as
    code, ``--seed`` not; every option the intro names is set as code."""
    import inspect

    from cardgen.report import pages
    from cardgen.report.templating import coded

    said = str(coded("(tirage n° 1, option --seed), jouées par x ; relancez avec --skill", "--skill", "--seed"))
    assert 'option <code><span class="nw">--seed</span></code>)' in said
    assert 'avec <code><span class="nw">--skill</span></code>' in said
    assert 'coded(intro, "--skill", "--seed")' in inspect.getsource(pages.overview)


@pytest.mark.parametrize("lang", LANGS)
def test_the_runs_page_speaks_of_rows_and_reports_not_folders(lang: str) -> None:
    """en21, fr25 (all runs page): "One folder per run …; … overwrites its folder": the reader sees rows, not
    folders; the order first, and what running again replaces."""
    from cardgen.report.words import PAGES

    said = _plain(PAGES[lang]["runs_intro"])
    assert said.startswith({"en": "One row per run, newest first; running again with the same options replaces that "
                                  "run’s report.",
                            "fr": "Une ligne par série, les plus récentes d’abord ; relancée avec les mêmes options, "
                                  "une série remplace son ancien rapport.",
                            "it": "Una riga per serie, le più recenti in alto; se rilanci una serie con le stesse "
                                  "opzioni, i nuovi risultati sostituiscono i precedenti."}[lang])  # round 36 it21
    assert not any(w in said for w in ("folder", "dossier", "cartella"))


def test_the_gallery_never_names_a_warned_count_among_those_that_passed_plainly(tmp_path) -> None:
    """fr22 (gallery, Royale): « réussie à 1, 2, 3 et 4 joueurs, avec réserves à 4 joueurs » named 4 twice, as if it
    had passed plainly too: the counts that passed without a warning, then those with one."""
    import json

    from test_gallery_words import a_gallery, render_gallery

    state = a_gallery(tmp_path, "en")
    (tmp_path / "validation" / "runs.json").write_text(json.dumps([
        {"id": "validate-king_lui-0123abcd", "kind": "validate", "decks": ["king_lui"], "games": 300,
         "results": {f"king_lui@{n}": True for n in (1, 2, 3, 4)}, "warned_results": ["king_lui@4"],
         "warning_counts": {"king_lui@4": 1}}]), encoding="utf-8")
    html = _plain(render_gallery(tmp_path, state))
    assert "passed at 1, 2 and 3 players, and at 4 players with a warning; 300 games each" in html
    assert "1, 2, 3 and 4 players" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_an_unbuilt_gallery_gives_the_build_command_once(tmp_path, lang: str) -> None:
    """en20 (gallery): "Card pictures, rulebooks and card sheets appear here after cardgen build." then, under each
    of three decks, "No card pictures, rulebook or card sheets yet: run cardgen build.": the command four times on a
    short page. Where the intro says it, each deck says only what is missing."""
    from cardgen.report.gallery import WORDS
    from test_gallery_words import a_gallery, render_gallery

    html = render_gallery(tmp_path, a_gallery(tmp_path, lang))
    assert html.count("<code>cardgen build</code>") == 1
    assert WORDS[lang]["nothing_built"] not in html  # terminal round 46 en59: nor a line per deck, the intro says it


def test_the_gallerys_intro_agrees_with_its_two_subjects() -> None:
    """fr23 (gallery): « Chaque jeu et chaque variante, avec ses derniers rapports »: « ses » after two subjects, and
    no verb: « … figurent ici avec leurs derniers rapports »; Italian «con i suoi ultimi report» likewise: «con gli
    ultimi report»."""
    from cardgen.report.gallery import WORDS

    assert _plain(WORDS["fr"]["intro_unbuilt"]).startswith("Chaque jeu et chaque variante figurent ici avec leurs "
                                                           "derniers rapports ; ")
    assert WORDS["it"]["intro_unbuilt"].startswith("Qui trovi ogni gioco e ogni variante, con gli ultimi "
                                                   "resoconti; ")  # r36 it19, r37 it22


def test_king_luis_italian_tagline_states_no_rule_the_book_lacks() -> None:
    """it20 (gallery): «… purché a fine pasto non abbia, di nessun piatto, più porzioni del re» made a condition of
    what the rules allow (more portions than the king: that dish then scores nothing): «ma a fine pasto non conviene
    avere …», advice, as the English and French imperatives read."""
    from pathlib import Path

    deck = (Path(__file__).parents[1] / "decks/king_lui.yaml").read_text(encoding="utf-8")
    # book round 29 it1: ", di nessun piatto," made the motto heavy to read aloud; the advice («non conviene») stays
    assert ('it: "Alla tavola del re ognuno si serve come vuole, ma a fine pasto non conviene avere più porzioni del '
            're, qualunque sia il piatto."') in deck and "purché" not in deck


@pytest.mark.parametrize("lang", LANGS)
def test_the_overviews_length_keeps_each_number_with_its_unit(lang: str) -> None:
    """en24, it21 (overviews at 1280 px): "16.9 courses, 50.6 / turns", «9,9 portate, 49,5 / turni»: a line broke
    between a number and its unit; a no-break space joins them."""
    from cardgen.report.words import page_words

    assert page_words("length", lang, a="16.9", la="courses", b="50.6", lb="turns") == \
        "16.9\u00a0courses, 50.6\u00a0turns"
    assert page_words("length_one", lang, a="9", la="turns") == "9\u00a0turns"
    assert page_words("length_always", lang, a="9", la="turns").startswith("9\u00a0turns (")


def test_the_draco_overviews_shortage_note_reads_cleanly() -> None:
    """en27 (Draco's overview, the note under the table): "the published rules do not say what happens then" (then
    of what?), "the more games needed it"; it28: the spoken «più … più» and «anziché quello pubblicato» without its
    noun."""
    from cardgen.report.words import PAGES

    en, it = PAGES["en"]["short_note"], PAGES["it"]["short_note"]
    # terminal round 41 en25*, it24*: "a rule that cardgen adds" → this edition's ruling, the books' name
    assert en.startswith("{name}: the published rules do not say what happens; play goes on under this edition’s ruling, "
                         "and the more games that needed it, the more the results describe the game with that ruling "
                         "rather than the published one.")
    assert ("e quanto più spesso è entrata in gioco, tanto più i risultati descrivono il gioco con questa scelta anziché il "
            "gioco pubblicato.") in it


@pytest.mark.parametrize("lang", LANGS)
def test_the_overviews_note_says_where_the_game_page_is(lang: str) -> None:
    """fr35 (Draco's overview): « La page du jeu donne le détail. »: no link has that name; the game's page is the
    game's link in the table, and the note says so."""
    from cardgen.report.words import PAGES

    for key in ("short_note", "short_note_published"):
        assert _plain(PAGES[lang][key]).endswith({
            "en": "The game page (follow the game’s name in the table) gives the details.",  # round 38 en19
            "fr": "La page du jeu (cliquez sur son nom dans le tableau) donne le détail.",
            "it": "I dettagli sono nella pagina del gioco (si apre dal suo nome nella tabella)."}[lang])


def test_dracos_short_bank_ruling_says_first_once_and_each_clause_its_verb() -> None:
    """en11 (Draco 3 players, terminal and page): "it first collects …, then pays … At a toast, it first pays …":
    "first" twice in two senses; the first goes, "then" keeping the order (French « d’abord », Italian «prima» alike).
    it18: «con «Pioggia di monete», nell’ordine dei lanci» had no verb and «lanci» of what: «paga nell’ordine dei tiri
    di dado». fr20: « perdu pour de bon », colloquial in a rule: « L’impayé est perdu. »"""
    from pathlib import Path

    import yaml

    said = yaml.safe_load((Path(__file__).parents[1] / "decks/draco.yaml").read_text(encoding="utf-8"))[
        "clarifications"]["bank_short"]["text"]
    assert said["en"].count("first") <= 1 and "it collects what it is owed, then pays what it can" in said["en"]
    # book check fr3: « l’impayé » (a dishonoured bill) is bank jargon: « Le reste est perdu », as short, not colloquial
    # book check 2 fr2: « Le reste » was the box's third « reste », each another one: « Ce qui manque »
    assert said["fr"].count("d’abord") <= 1 and said["fr"].endswith("Ce qui n’est pas versé est perdu.")  # round 36 en17
    assert said["it"].count("prima") <= 1 and "con «Pioggia di monete» paga nell’ordine dei tiri di dado." in said["it"]


def test_dracos_italian_runner_up_base_says_how_the_second_is_counted() -> None:
    """it19 (Draco, terminal and page): «sulle 267 partite con un secondo classificato, anche dopo l’eventuale
    eliminazione dei primi a pari merito»: «anche dopo» read as "even after", "also after" or "including". The second
    is counted among those left where the tied leaders drop out; «se» keeps it from saying every game had an
    elimination (round 31 it20)."""
    from cardgen.games import get_game

    lines = get_game("draco").words["lines"]["it"]
    for key in ("margin_basis", "figure_of_margin", "pairs_of_margin", "margin_pairs"):
        # round 37 it15: «contato tra i rimasti se …» suggested the tie games were kept: said as a condition first
        assert "in cui, eliminati gli eventuali primi a pari merito, " in lines[key] and "secondo classificato)" in lines[key], key
        assert "anche dopo" not in lines[key]


@pytest.mark.parametrize("lang", LANGS)
def test_the_shortage_warning_says_as_at_3_players_once(lang: str) -> None:
    """fr18 (Draco 4 and 5 players, terminal and page): « (comme à 3 joueurs, ce surplus change le jeu …). Comme à 3
    joueurs, les résultats décrivent … »: the count said twice running; the second sentence says "here too"."""
    # terminal round 43 it18: the results' caveat no longer a sentence of its own at every count: the figures' line
    # points back, once, to what 3 players said of the additions and of the results
    said = _plain(say("short_ruled_again_weighed", lang, warn="W", case="c", short=2, games=300, share="s", max=9,
                      piece="p", more=3, box="", also="", cover="99%", first=say("players", lang, n=3)))
    assert said.count({"en": "3 players", "fr": "3 joueurs", "it": "3 giocatori"}[lang]) == 1, said
    assert said.endswith({"en": "What was said at 3 players about these additions and the results also holds here",
                          "fr": "Les mises en garde faites à 3 joueurs valent ici aussi, sur les ajouts comme sur ce que décrivent les résultats",
                          "it": "Valgono le avvertenze fatte per 3 giocatori su queste aggiunte e sui risultati"}[lang]), said


@pytest.mark.parametrize("lang", LANGS)
def test_the_shortage_warnings_consequence_is_a_sentence_of_its_own(lang: str) -> None:
    """fr17 (Draco 3 players, terminal and page): « … ; les règles publiées ne disent pas …, et la règle ajoutée …
    permet de poursuivre la partie, donc les résultats … »: a run-on, the key consequence buried at its end; it now
    opens a sentence of its own, in all three languages."""
    said = _plain(say("short_weight_so", lang))
    assert said.startswith({"en": ". The results (balance, card strength, design indicators) therefore describe",
                            "fr": ". Les résultats (équilibre, force des cartes, indicateurs de conception) décrivent "
                                  "donc",
                            "it": ". I risultati (equilibrio, forza delle carte, indicatori di gioco) descrivono "
                                  "quindi"}[lang])
