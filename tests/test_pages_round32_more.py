"""Round 32's page faults fixed by the second pages helper (docs/reads/terminal-round-32-*.md, issue #53;
docs/reads/terminal-round-32-fixes-pages.md), each test failing with the old page."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from nonempty import nonempty
from cardgen.languages import typeset

ROOT = Path(__file__).resolve().parents[1]
CSS = ROOT / "templates" / "report" / "report.css"
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones, one line."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


@pytest.fixture(scope="module")
def draco_run() -> tuple[Any, dict[str, Any]]:
    """Draco at 3 players, 60 games on the reference engine: the bank runs short, as in the readers' run."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.validate import ValidateOptions, run_validation

    deck = resolve("draco", ROOT)
    opts = ValidateOptions(games=60, players=[3], seed=1, jobs=1, out=None, engine="reference", progress=False)
    return deck, run_validation([deck], opts)


# -- en39*, it28, en41, fr29: Draco's run overview -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_overviews_warning_cell_is_a_label_its_rule_and_command_said_once_below(draco_run: tuple,
                                                                                     lang: str) -> None:
    """en39*, it28: the warnings column held 60-90 words a row (12 lines at 1280 px, 20-25 in Italian), the verdict
    and game columns wide and empty beside it. The cell is the shortage's name and share; what cardgen's rule means
    for the results is said once under the table, and the command to act on it with it (en41, fr29); the coins that
    would have been enough are the game page's."""
    import copy

    from cardgen.report.pages import fix_hint, overview
    from cardgen.simulate.summary import Naming

    deck, doc = draco_run
    four = copy.deepcopy(doc["results"][0])
    four["players"] = 4
    doc = {**doc, "results": [doc["results"][0], four]}
    assert doc["results"][0]["sufficiency"], "the bank no longer runs short in 60 games: pick another seed"
    infos = {"draco": {"name": "Draco & Co", "fix": fix_hint("draco", ROOT / "no-such-out", lang)}}
    html = overview(doc, infos, "t", lang=lang, namings={"draco": Naming.of(deck, lang)})
    cells = re.findall(r'<td class="warnings warn" data-label="[^"]*">(.*?)</td>', html)
    assert len(cells) == 2 and all(len(plain(c).split()) <= 12 for c in cells), cells
    assert not any("cardgen" in c or "99" in c for c in cells)
    below = html[html.index("</table>"):]
    # round 36 en20; terminal round 41 en25*: this edition's ruling, by the books' name, under Draco's own source
    rule = {"en": "the published description does not say what happens; play goes on under this edition’s ruling",
            "fr": "la partie continue selon un choix de cette édition",
            "it": "la partita continua con una scelta di questa edizione"}[lang]
    assert plain(below).count(rule) == 1
    assert "<code>cardgen fix draco</code>" in below


def test_the_overviews_warnings_column_is_as_wide_as_the_balance() -> None:
    """it28: beside the badge's wide column ("VERIFICA SUPERATA CON UN AVVISO", kept on one line) the warnings cell
    was 170 px wide, "carenza di monete in banca nel 95,0% delle partite" five lines of two words. Every warnings
    cell has its class, and the class a width as the balance's."""
    css = CSS.read_text(encoding="utf-8")
    assert re.search(r"table\.overview td\.warnings\{min-width:13em\}", css) is not None
    page = (ROOT / "templates" / "report" / "overview.html").read_text(encoding="utf-8")
    assert '<td class="warnings{% if r.warnings %} warn{% endif %}"' in page


# -- it36*: "scarto" on a page of cards ------------------------------------------------------------------------------

def test_the_italian_card_notes_say_differenza_never_scarto() -> None:
    """it36*: "il suo scarto misura allora solo il costo di tenerla in mano": on a page about cards, "lo scarto di
    una carta" reads as discarding it, the opposite of keeping it in hand. The card table's legend and its closing
    note say "differenza", as the column's head and the terminal do."""
    from cardgen.report.impact import WORDS

    # terminal round 50 (r49 fr5, en14, it8) ruling: the rule said once, at the card table; the validate page's closing
    # note and the hardly-played rows point to it (pin updated)
    # terminal round 53 (r50 en23 b): the compare note points to the rule too, as validate's does (pin updated)
    for key in ("flag",):
        assert "scarto" not in WORDS["it"][key] and "la sua differenza misura" in WORDS["it"][key], key
    assert "scarto" not in WORDS["it"]["footnote"]
    assert "scarto" not in WORDS["it"]["footnote_widened"]
    assert "differenza" in WORDS["it"]["head_widened"]


# -- en42, it31, fr33: the charts' lettering -------------------------------------------------------------------------

def test_the_charts_text_shows_at_12_px_or_more_three_a_row_at_1280_px() -> None:
    """en42, it31: drawn 400 px wide, a chart's 11 px text showed at 9-10 px in its third of a 1280 px page (about
    350 px), its titles three lines of tiny bold. Drawn narrower, it is scaled up: 12 px or more there, and on a
    390 px phone (374 px) too."""
    from cardgen.report.svg import CHART_WIDTH

    third = (1120 - 32 - 2 * 16) / 3  # the page's 70em less its padding, three columns 1em apart
    assert 11 * third / CHART_WIDTH >= 12 and 11 * 374 / CHART_WIDTH >= 12


def test_the_charts_titles_are_short() -> None:
    """en42: "Win rate by turn order (95% confidence interval widened because 3 players are compared at once)" and
    "(box: the middle 80%, from the 10th to the 90th percentile; …)" ran to three lines; the bar's hover title and
    the turn-order table say why the intervals are widened, the box's hover title its percentiles. fr33: « Durée
    des parties (part des parties) » said « parties » twice."""
    from cardgen.report.svg import CHART_WIDTH, title_lines
    from cardgen.report.words import REPORT

    for lang in LANGS:
        words = REPORT[lang]
        assert len(title_lines(words["seats_wide"], CHART_WIDTH)) <= 2 and "{n}" not in words["seats_wide"]
        assert len(title_lines(words["scores"], CHART_WIDTH)) <= 2, lang  # its legend under it (round 46 fr34)
        assert "90" not in words["spread_legend"]
    assert REPORT["fr"]["length"] == "Part des parties selon leur durée"
    assert REPORT["it"]["length"] == "Quota di partite per durata"


def test_a_pages_length_charts_share_one_scale() -> None:
    """en42: King Lui's game-length axis ran 0-100% at 3 and 5 players but 0-60% at 4: the bars could not be
    compared by eye. The page's highest share sets every length chart's top."""
    from cardgen.report.pages import charts, length_top

    def entry(histogram: list[list[int]]) -> dict[str, Any]:
        return {"players": 1, "completed": 10, "agents": [{}], "seat_win_rates": [], "balance": {},
                "turns": {"histogram": histogram, "min": histogram[0][0], "max": histogram[-1][0]},
                "rounds": {"histogram": histogram}, "scores": {"all": {"n": 0}, "seat": []}}

    tall, flat = entry([[15, 1], [17, 9]]), entry([[12, 5], [13, 5]])
    top = length_top([tall, flat])
    assert abs(top - 0.9) < 1e-9
    alone = str(charts([("", flat, "#000")], "en"))
    shared = str(charts([("", flat, "#000")], "en", top=top))
    assert ">60%<" in alone and ">100%<" not in alone
    assert ">100%<" in shared
    # a count whose every game has one length draws no chart (its sentence says it): it sets no scale
    assert length_top([entry([[9, 10]]), flat]) == 0.5


# -- en55, fr44, it39; fr47, it40; en43, fr32: the tables' layout --------------------------------------------------------

@pytest.mark.parametrize(("lang", "calm"), [("en", "within chance"), ("fr", "dans les limites du hasard"),
                                            ("it", "nei limiti del caso")])
def test_a_card_not_flagged_says_within_chance_and_its_interval_stands_on_its_own_line(draco_run: tuple, lang: str,
                                                                                         calm: str) -> None:
    """en55, fr44, it39: the verdict cell was blank for 11 cards of 13, read as missing data: a judged card not
    flagged says "within chance" (hidden on a phone, where the sentence above the table says it once). fr47, it40:
    "+8,5 [−0,4 ; +17,4]" on one line beside "+1,8" over its interval: the interval always on its own line, whole."""
    from cardgen.report.impact import impact_block, judged_cards
    from cardgen.simulate.summary import Naming

    deck, doc = draco_run
    # judged, as in a run of 300 games (60 leave every card below the 100 players needed on each side)
    rows = [{**r, "judged": True, "flag": "", "difference": 0.01, "low": -0.08, "high": 0.1}
            for r in doc["results"][0]["designer"]["component_impact"]]
    html = str(impact_block(rows, lang=lang, names=Naming.of(deck, lang).names))
    cells = re.findall(r'<td class="call ([^"]*)">(.*?)</td>', html)
    assert len(cells) == len(rows) and all(text for _, text in cells)
    quiet = [text for cls, text in cells if "calm" in cls.split()]
    assert quiet and all(plain(t) == calm for t in quiet) and len(quiet) <= judged_cards(rows)
    assert len(re.findall(r'<td class="num">[^<]*<br><span class="nw">\[[^<]*\]</span></td>', html)) == len(rows)
    css = CSS.read_text(encoding="utf-8")
    assert "table.impact .call.calm{display:none}" in css[css.index("@media (max-width:40em)"):]


def test_the_indicators_name_each_figure_on_a_phone() -> None:
    """en43, fr32: on a phone the indicator rows ended in a bare "9.0 [8.6 to 9.4]", every other phone table
    labelling its figures: each figure after its name ("value: 9.0", "95% interval: [8.6 to 9.4]"), one a line."""
    page = (ROOT / "templates" / "report" / "designer.html").read_text(encoding="utf-8")
    assert '<td class="num" data-label="{{ labels[0] }}">{{ f.mean }}</td>' in page
    assert '<td class="num" data-label="{{ labels[1] }}">{{ f.interval }}</td>' in page
    css = CSS.read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert "table.indicators td[data-label]::before{content:attr(data-label)" in phone
    assert "table.indicators tr{grid-template-columns:1fr}" in phone
    from cardgen.report.words import PAGES
    assert [PAGES[lang]["designer_interval_short"] for lang in LANGS] == ["95% interval", "intervalle à 95 %",
                                                                          "intervallo al 95 %"]  # raw; typeset "95%"


# -- en57, fr46: a lone warning -------------------------------------------------------------------------------------

def test_a_lone_warning_is_a_paragraph_several_a_list() -> None:
    """en57, fr46: a count's one warning was a one-item bulleted list (« • ATTENTION … »), which looked like a
    leftover: one warning is a paragraph, several a list, both marked by a bar at their left."""
    page = (ROOT / "templates" / "report" / "deck.html").read_text(encoding="utf-8")
    assert '{% if e.warnings|length > 1 %}\n<ul class="warn warning">' in page
    assert '{% elif e.warnings %}\n<p class="warn warning">{{ e.warnings[0] }}</p>' in page
    assert ".warning{border-left:4px solid #9a5b00" in CSS.read_text(encoding="utf-8")


# -- en35, fr25: the overview's breadcrumb ---------------------------------------------------------------------------

def test_the_overviews_breadcrumb_names_itself_in_plain_text() -> None:
    """en35, fr25: on the run's overview, "this run’s overview" was a link to the page the reader is on. There it
    is plain text; the game pages keep the link back."""
    from cardgen.report.runs import _nav

    for lang in LANGS:
        here, game = _nav(1, lang, here=True), _nav(1, lang)
        assert 'href="index.html"' not in here and '<span aria-current="page">' in here
        assert 'href="index.html"' in game and "aria-current" not in game
    source = (ROOT / "cardgen" / "report" / "runs.py").read_text(encoding="utf-8")
    assert source.count("_nav(1, lang, played, here=True)") == 2  # the validation overview and compare's page


# -- en51; fr31, it30, fr37: the details' distributions and highest counts -------------------------------------------

def test_a_length_that_never_varies_has_no_distribution_row_and_every_count_lacking_the_99_figure_says_why() -> None:
    """en51: Royale's solo distributions had a "turns" row 300 / 9.0 / 0.0 / 9 / 9 / 9 / 9 / 9 under "Length: 9 turns
    in every game". fr31, it30, fr37: "(at most … in 99% of games)" is left out where it would equal the maximum, and
    the note saying so stood only in blocks having both kinds: King Lui's first block ("5 (all the box holds)") and
    Royale's solo block ("6") lacked it with no word why."""
    from cardgen.report.validation import section
    from cardgen.report.words import PAGES

    fixed = {"n": 300, "mean": 9.0, "sd": 0.0, "min": 9, "p10": 9, "median": 9, "p90": 9, "max": 9, "histogram": [[9, 300]]}
    scores = {"n": 300, "mean": 7.0, "sd": 2.0, "min": 1, "p10": 5, "median": 7, "p90": 10, "max": 11}
    solo = {"players": 1, "games": 300, "completed": 300, "ties": {"games": 0, "shared_wins": 0},
            "peak_games": {"x": {"histogram": [[5, 200], [6, 100]]}}, "peaks": {"x": 6}, "scores": {"all": scores, "seat_mean": [7.0]},
            "static_checks": [], "seat_win_rates": [{"seat": 0, "wins": 0, "games": 300, "rate": None, "low": None,
                                                      "high": None}],
            "end_reasons": {"turns": 300}, "turns": fixed, "rounds": fixed, "balance": {}, "agents": [],
            "variant": "royale", "seed": 1}
    for lang in LANGS:
        s = section(solo, lang)
        assert len(s["distributions"]) == 1, s["distributions"]  # the score's row alone
        assert plain(s["peaks_note"]) == plain(typeset(PAGES[lang]["peaks_99_note"], lang))  # "99%" (round 40 it1)
    varied = {**fixed, "min": 8, "max": 10, "histogram": [[8, 100], [9, 100], [10, 100]]}
    assert len(section({**solo, "turns": varied, "rounds": varied}, "en")["distributions"]) == 2


# -- fr34, it42: a command broken inside itself; a badge with its last word alone ------------------------------------

def test_a_command_breaks_only_between_its_groups_and_a_phones_badge_fits_a_line() -> None:
    """fr34, it42: "cardgen validate⏎king_lui --players 5 --games 1200" and "cardgen⏎validate royale …": a line broke
    inside the command's name. Its words up to the first option are one unbreakable group, each option with its value
    another; a line breaks between groups only. it42: "VERIFICA SUPERATA CON UN⏎AVVISO": on a phone the badge is set
    smaller, to fit a line."""
    from cardgen.report.templating import kept

    said = str(kept("play more games: cardgen validate king_lui --players 5 --games 1200"))
    assert said == ('play more games: <span class="nw">cardgen validate king_lui</span> <span class="nw">--players 5'
                    '</span> <span class="nw">--games 1200</span>')
    assert str(kept("cardgen fix draco")) == "cardgen fix draco"  # one group, no option: as before
    css = CSS.read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert re.search(r"\.pass,\.warned,\.fail\{white-space:normal;[^}]*font-size:\.8em\}", phone)


# -- en34, fr28, en36, fr27, it29: the overview's introduction ---------------------------------------------------------

def test_the_overviews_intro_names_the_player_brackets_the_solo_game_and_sets_the_cap_apart() -> None:
    """en34, fr28: "the balance column names the seat furthest …" over a column that names players ("player 2:
    38.0%"). en36, fr27: "one in each seat, and a single one in the solo game" dangled: in a bracket. it29: the
    safety cap packed into the seed's bracket: its own sentence."""
    from cardgen.report.words import PAGES

    assert "names the player furthest from the fair share" in PAGES["en"]["overview_intro"]
    assert "nomme le joueur le plus éloigné de la part équitable" in PAGES["fr"]["overview_intro"]
    assert [PAGES[lang]["agents_solo_too"] for lang in LANGS] == [
        " (one player in the solo game)", " (un seul joueur automatique en solitaire)",  # round 40 fr6
        ", o uno solo in solitario"]  # round 33 it29: no bracket before the seed's
    assert "partite). Per sicurezza, una partita viene interrotta se arriva a {cap} decisioni." in PAGES["it"]["overview_intro"]


# -- en37, it27: the overview's balance warnings ------------------------------------------------------------------------

def test_the_overviews_balance_warnings_say_by_how_much_and_set_a_share_against_a_share() -> None:
    """en37: "player 1 wins more than the fair share and player 4 less, beyond chance": "beyond chance" tacked on.
    it27: "vince più spesso … della quota equa" set a frequency against a share."""
    from cardgen.report.words import PAGES

    for key, text in nonempty([(k, t) for k, t in PAGES["en"].items() if k.startswith("balance_")], "English lines"):
        # round 39 en41: the marginal ones "…; the gap is only just beyond chance", no "would explain"
        assert ("chance would explain" in text or text.endswith("only just beyond chance")) \
            and not text.endswith(", beyond chance"), key
    for key, text in nonempty([(k, t) for k, t in PAGES["it"].items() if k.startswith("balance_") and "pair" not in k],
                              "Italian lines"):
        # round 39 it31: a share does not "predict": « vince più della quota equa », still a share against a share;
        # terminal round 50 it21: « è sopra / sotto la quota equa », the terminal's words (pin updated)
        assert ("della quota equa" in text or "sopra la quota equa" in text or "sotto la quota equa" in text) \
            and "spesso della quota equa" not in text and "preveda" not in text, key


# -- en48, fr39, it34; en49, fr40, it35: Royale's card section --------------------------------------------------------

def test_royales_card_section_says_why_in_one_plain_sentence_and_its_caveat_for_its_own_count() -> None:
    """fr39, en48: "il n’y a donc aucun joueur privé de l’une d’elles à qui comparer les autres", "no player without
    one of them to compare with": convoluted. it34: "Nessuna carta si può valutare": stiff word order. en49, fr40,
    it35: "used … 0.04 times … They hardly ever use it, so the figures on this page describe …": the tense slipped,
    and the 2-player section spoke for the whole page."""
    from cardgen.games import get_game
    from cardgen.report.impact import WORDS

    royale = dict(get_game("royale").words)["impact"]
    # round 39 it33: a second sentence now says why the card swap test cannot be run either
    assert "so no player lacks a kind of card that others hold." in royale["en"]["all_dealt_one"]
    assert "aucun joueur n’est donc privé d’un type de carte que les autres possèdent." in royale["fr"]["all_dealt_one"]
    assert royale["it"]["all_dealt_one"].startswith("Non si può valutare nessuna carta:")
    # round 33 en34: "these results" under a card heading was vague: every figure at the player count
    for lang, used in (("en", "They hardly ever used it, so every figure at {players} players"),
                       ("fr", "les résultats à {players}\u00a0joueurs valent"),  # round 39 fr53: the count named
                       ("it", "Non l’hanno usata quasi mai: tutti i risultati con {players}\u00a0giocatori")):
        assert used in WORDS[lang]["all_dealt_hardly"] and "page" not in WORDS[lang]["all_dealt_hardly"]
    assert not any("Nessuna carta si può valutare" in str(v) for v in WORDS["it"].values())


# -- en54, en27 (page), fr41, fr42, it41: the card table's legend ----------------------------------------------------

def test_the_card_legend_is_shorter_and_says_difference_as_its_column_does() -> None:
    """en54: "the difference between the win rate of the players whose opening hand held a card and that of the other
    players estimates what holding the card in the opening hand does": one long sentence. en27 on the page: "its gap"
    beside a column headed "difference". fr41: « à chaque nombre de joueurs » is not French; fr42: « bande » names
    nothing on the page; it41: «più di quanto spieghi il caso» reads stiffly."""
    from cardgen.report.impact import WORDS

    assert len(WORDS["en"]["legend"]) < 230 and "estimates" in WORDS["en"]["legend"]  # 261 before
    assert not any(" gap " in WORDS["en"][k] for k in ("legend", "legend_again", "flag", "hardly_played",
                                                     "hardly_held", "footnote_widened"))
    assert "à chaque nombre" not in WORDS["fr"]["flag"] + WORDS["fr"]["footnote_widened"]
    assert "pour chaque nombre de joueurs" in WORDS["fr"]["flag"]
    assert "bande" not in WORDS["fr"]["legend_strip"] and "le petit graphique de chaque ligne" in WORDS["fr"]["legend_strip"]
    assert "più di quanto possa spiegare il caso" in WORDS["it"]["none_flagged"]


# -- en33, fr23, fr24, it25: the runs' list -----------------------------------------------------------------------

def test_the_runs_list_glosses_heuristic_and_names_its_columns_plainly() -> None:
    """en33: "heuristic" alone in the simulated players' column meant nothing to a designer. fr23: « une série écrase
    son dossier » is programmers' slang. fr24: a column « joueurs » beside « joueurs automatiques » held "3, 4, 5, 6".
    it25: «seme» alone reads first as a suit."""
    from cardgen.report.pages import runs_index
    from cardgen.report.words import PAGES

    record = {"id": "validate-x", "kind": "validate", "decks": ["x"], "names": ["X"], "games": 10, "players": [3],
              "agents": ["heuristic"], "seed": 1, "passed": 1, "total": 1, "warned": 0, "results": {"x@3": True}}
    assert "heuristic (rules of thumb)" in runs_index([record], "", "en")
    assert "remplace son ancien rapport" in PAGES["fr"]["runs_intro"] and "écrase" not in PAGES["fr"]["runs_intro"]
    assert PAGES["fr"]["runs_head"].split("|")[3] == "nombres de joueurs"
    assert PAGES["it"]["runs_head"].split("|")[5] == "seme"  # round 38 it24: «casuale» contradicted «fissa»; the intro says what it is


# -- en45, it33: where an indicator is defined -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_table_with_names_only_points_to_the_table_that_defines_them(lang: str) -> None:
    """en45: "Each figure is defined in the first table of this kind, above." was roundabout: the table is named by
    its player count. it33: Royale's 3-player table defines kingmaking (no kingmaking at 2 players) and names the
    others bare, with no pointer: a table of some definitions and some names has it too."""
    from cardgen.report.pages import designer_block
    from cardgen.report.words import page_words

    figure = {"mean": 0.5, "low": 0.4, "high": 0.6}
    two = {"players": 2, "designer": {"games": 250, "comeback_rate": figure}}
    three = {"players": 3, "designer": {"games": 250, "comeback_rate": figure, "kingmaking": figure}}
    said: set[str] = set()
    first = str(designer_block(two, {}, lang, None, said))
    second = str(designer_block(three, {}, lang, None, said))
    pointer = page_words("figures_defined_at", lang, n=2)
    assert pointer not in first and pointer in second
    fourth = str(designer_block({**three, "players": 4}, {}, lang, None, said))
    assert page_words("figures_defined_above", lang) in fourth  # defined in two tables: both above


# -- fr36: the solo score chart's one row ------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "row"), [("en", ">the player<"), ("fr", ">le joueur<"), ("it", ">il giocatore<")])
def test_the_solo_score_charts_row_is_the_player_not_player_1(lang: str, row: str) -> None:
    """fr36: Royale's solo "Final scores" chart labelled its only row « joueur 1 »."""
    from cardgen.report.pages import charts

    scores = {"n": 10, "min": 1, "p10": 2, "median": 5, "p90": 8, "max": 9}
    solo = {"players": 1, "completed": 10, "agents": [{}], "seat_win_rates": [], "balance": {},
            "turns": {"histogram": [[9, 10]], "min": 9, "max": 9}, "rounds": {"histogram": [[9, 10]]},
            "scores": {"all": scores, "seat": [scores]}}
    html = str(charts([("", solo, "#000")], lang))
    assert row in html and ">player 1<" not in html and ">joueur 1<" not in html and ">giocatore 1<" not in html


# -- en46: the turn-order table's head -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_order_tables_head_is_short_and_its_reason_stands_above_it_at_every_width(draco_run: tuple,
                                                                                          lang: str) -> None:
    """en46: the head "95% confidence interval widened because 3 players are compared at once" was a whole sentence
    as a column's head. The head is short ("95% confidence interval, widened"), the reason said once above the
    table, at every width (it showed on a phone only)."""
    from cardgen.languages import typeset
    from cardgen.report.validation import section
    from cardgen.report.words import PAGES
    from cardgen.simulate.summary import Naming

    deck, doc = draco_run
    s = section(doc["results"][0], lang, Naming.of(deck, lang))
    assert s["seats_why"] and s["seats_head"][3] == typeset(PAGES[lang]["seats_interval_short"], lang)
    css = CSS.read_text(encoding="utf-8")
    assert ".seats-why{display:none}" not in css


# -- en44: who covers a special case ----------------------------------------------------------------------------------

def test_a_special_case_covered_by_the_published_rules_says_so_in_a_phrase_not_a_fragment() -> None:
    """en44: a cell opening "The published rules." (a fragment, and not clear that what follows is cardgen's
    paraphrase): "Covered by the published rules. When …", under the column "which rules cover it", as the French
    « prévu par les règles publiées » and the Italian «risolto dal regolamento pubblicato». ("Settled by" was
    dropped in the tenth reading, en95: it read as deciding the game.)"""
    from cardgen.report.validation import gap_source

    assert gap_source(True, "When no dish is left, you must draw.", "en").startswith(
        "Covered by the published rules. When no dish")
