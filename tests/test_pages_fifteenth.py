"""The deck pages after the fifteenth native reading (issue #53): a special case is said as a sentence that stands
alone, after who settles it (fr39, fr40, it6, it7); a chart of one game has no legend and its hover titles say
what a bar counts (fr36, it49); a chart's title never starts a line with French's ":" (fr37)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardgen.load.project import Project
from cardgen.report.svg import grouped_rates_svg, overlay_svg, title_lines
from cardgen.report.validation import gap_source
from cardgen.report.words import PAGES, REPORT
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "fr", "it")


@pytest.mark.parametrize("lang", LANGS)
def test_a_chart_title_never_starts_a_line_with_a_mark_french_spaces(lang: str) -> None:
    title = REPORT[lang]["scores"] + " " + REPORT[lang]["spread_legend"]  # a long title of marks (round 46 fr34)
    for width in range(200, 700, 7):
        lines = title_lines(title, width)
        assert all(line[:1] not in ":;!?%»" for line in lines), (width, lines)
        assert " ".join(lines).replace("\u202f", " ") == title.replace("\u202f", " ")  # nothing lost


def test_a_french_colon_stays_on_the_line_of_the_word_before() -> None:
    assert title_lines("aaaa bbbb : cccc", 20 + 7 * 10) == ["aaaa", "bbbb\u202f:", "cccc"]
    assert title_lines("aaaa bbbb: cccc", 20 + 7 * 10) == ["aaaa bbbb:", "cccc"]


def _texts(svg: str) -> tuple[list[str], list[str]]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG}text")], [t.text or "" for t in root.iter(f"{SVG}title")]


@pytest.mark.parametrize(("lang", "hover"), [("en", "15 courses: 25.0% of games"),
                                             ("fr", "15 services\u202f: 25,0\u202f% des parties"),
                                             ("it", "15 portate: 25,0% delle partite")])
def test_one_games_length_chart_has_no_legend_and_says_what_a_bar_counts(lang: str, hover: str) -> None:
    unit = hover.split(" ")[1].split("\u202f")[0].rstrip(":")
    texts, titles = _texts(overlay_svg([("King Lui", [[15, 1], [16, 3]], "#999")], "T", "x", lang=lang, unit=unit))
    assert "King Lui" not in texts and hover in titles and not any("King Lui" in t for t in titles)
    texts, titles = _texts(overlay_svg([("A", [[15, 1], [16, 3]], "#999"), ("B", [[15, 3], [16, 1]], "#333")],
                                       "T", "x", lang=lang, unit=unit))
    assert "A" in texts and "B" in texts and f"A, {hover}" in titles  # two games: each named


def test_one_games_rate_chart_has_no_legend() -> None:
    one = [("seat 1", [("King Lui", {"rate": 0.5, "low": 0.4, "high": 0.6}, "#999")])]
    texts, titles = _texts(grouped_rates_svg(one, "W", fair=0.5))
    assert "King Lui" not in texts and not any("King Lui" in t for t in titles)
    assert any(t.startswith("seat 1: 50.0%") for t in titles)
    two = [("seat 1", [("A", {"rate": 0.5, "low": 0.4, "high": 0.6}, "#999"),
                       ("B", {"rate": 0.4, "low": 0.3, "high": 0.5}, "#333")])]
    texts, titles = _texts(grouped_rates_svg(two, "W", fair=0.5))
    assert "A" in texts and any(t.startswith("seat 1, A: 50.0%") for t in titles)


@pytest.mark.parametrize("lang", LANGS)
def test_a_special_case_says_who_settles_it_then_how_in_its_own_sentence(lang: str) -> None:
    said = gap_source(True, "When no dish is left, you must draw.", lang)
    word = PAGES[lang]["published"]
    assert said.startswith(word[0].upper() + word[1:] + ". ") and said.endswith("When no dish is left, you must draw.")
    assert gap_source(False, "", lang) == PAGES[lang]["settled"]


#: the cases whose rulebook text leans on the sentence before it ("so", "these cards", "again"): the report
#: lists each with a text of its own (fifteenth reading fr39, fr40, it6, it7)
LEANING = {"king_lui": {"no_dish_emerald": {"en": "you may not call", "fr": "donc", "it": "quindi"}},
           "royale": {"uneven_packets": {"en": "these cards", "fr": "ces cartes", "it": "queste carte"}},
           "draco": {"tie_for_win": {"en": "again", "fr": "à leur tour", "it": "di nuovo"}}}


@pytest.mark.parametrize("deck", sorted(LEANING))
@pytest.mark.parametrize("lang", LANGS)
def test_the_report_lists_a_case_with_its_own_text_not_the_rulebooks(deck: str, lang: str, repo_root: Path) -> None:
    resolved = Resolver(Project.open(repo_root)).resolve(deck)
    naming = Naming.of(resolved, lang)
    for kind, leaning in LEANING[deck].items():
        clar = resolved.model.clarifications[kind]
        assert naming.clarifications[kind] == clar.case[lang] != clar.text[lang]
        assert not naming.clarifications[kind].startswith(leaning[lang])
        assert naming.clarifications[kind][0].isupper() and naming.clarifications[kind].endswith(".")
    # a case whose text stands alone keeps it
    plain = next(k for k, c in resolved.model.clarifications.items() if c.case is None)
    assert naming.clarifications[plain] == resolved.model.clarifications[plain].text[lang]


def test_the_report_pages_name_the_seed_and_the_simulated_players_as_the_vocabulary_does() -> None:
    """Issue #53's one vocabulary on the overview pages: Italian "seme", never "codice di estrazione" (it4);
    French "n° de tirage"; the simulated players' "stratégie simple" / "strategia semplice", never
    "heuristique" / "euristico" (fr33, it5)."""
    from cardgen.simulate.summary import agent_word
    # "seme casuale" since round 32 (it25: «seme» alone reads as a suit)
    # round 38 it24: «casuale» contradicted «fissa»; the option named instead
    assert PAGES["it"]["runs_head"].split("|")[5] == "seme" and PAGES["fr"]["runs_head"].split("|")[5] == "n° de tirage aléatoire"
    assert all("codice di estrazione" not in v for v in PAGES["it"].values() if isinstance(v, str))
    assert "(seme {seed}, che fissa tutto ciò che le partite lasciano al caso" in PAGES["it"]["overview_intro"]  # it49; r36 it22
    assert (agent_word("heuristic", "fr"), agent_word("heuristic", "it")) == ("stratégie simple", "strategia semplice")


def _flagged(lang: str = "en") -> dict:
    big = {"n": 300, "mean": 16.9, "sd": 0.4, "min": 15, "p10": 16, "median": 17, "p90": 17, "max": 18,
           "histogram": [[15, 1], [16, 44], [17, 248], [18, 7]]}
    return {"variant": "king_lui", "players": 3, "passed": True, "game": "king_lui", "kind": "deck", "failures": [],
            "games": 300, "completed": 300, "end_reasons": {"supply_exhausted": 300}, "peaks": {}, "peak_games": {},
            "ties": {"games": 0, "tie_breaks": {}, "shared_wins": 0}, "rule_gaps": [], "static_checks": [],
            "turns": big, "rounds": big, "agents": [{"agent": "heuristic"}], "seat_agents": "heuristic",
            "scores": {"all": big, "winner": big, "margin": big, "seat": [big, big, big], "seat_mean": [1.0, 2.0, 3.0]},
            "balance": {"flags": [{"side": "more", "seat": 0, "rate": 0.6, "low": 0.5, "high": 0.7, "fair": 0.333,
                                   "level": 0.9833, "compared": 3}], "seat_fair_share": 0.333},
            "seat_win_rates": [{"seat": s, "wins": 100, "games": 300, "rate": 0.333, "low": 0.28, "high": 0.39}
                               for s in range(3)]}


@pytest.mark.parametrize("lang", LANGS)
def test_a_balance_warning_is_headed_as_one_and_said_once(lang: str, repo_root: Path) -> None:
    """Fifteenth reading it50, en35: the warning under the heading came again in the details; fr42: it read
    "balance: player 1 …" where the terminal and the box's shortage say "WARNING (balance): …"."""
    from cardgen.report.pages import deck_page
    from cardgen.simulate.summary import balance_lines
    from cardgen.terminal import say
    from test_report_lang import read_text

    r = _flagged()
    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    html = deck_page("king_lui", {"results": [r]}, {"king_lui": {"name": "King Lui"}}, None, "", None, lang, naming)
    text = " ".join(read_text(html).split())
    body = balance_lines(r["balance"], lang)[0].split(":", 1)[1].strip()
    assert text.count(" ".join(body.split())[:60]) == 1, text
    assert " ".join(say("warn_balance", lang).split()) in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_solo_games_score_is_not_every_players(lang: str) -> None:
    """Fifteenth reading it51: "punteggio (tutti i giocatori)" in a one-player game."""
    from cardgen.report.validation import section
    r = {**_flagged(), "players": 1, "balance": {}, "seat_win_rates": [], "scores": {**_flagged()["scores"],
                                                                                      "seat_mean": [1.0]}}
    names = [name for name, _ in section(r, lang)["distributions"]]
    assert PAGES[lang]["score_solo"] in names and PAGES[lang]["score_all"] not in names
    assert PAGES[lang]["score_all"] in [name for name, _ in section(_flagged(), lang)["distributions"]]


def test_the_run_overview_names_each_game_not_its_id() -> None:
    """Fifteenth reading en40, it40: "draco Draco & Co" read as a stutter; the name is the link."""
    from cardgen.report.pages import overview
    doc = {"results": [_flagged()], "agents": ["heuristic"], "games": 300, "seed": 1, "cap": 10000}
    html = overview(doc, {"king_lui": {"name": "King Lui"}}, "T", "", "en")
    assert '#p3">King Lui</a>' in html and ">king_lui<" not in html and "king_lui King Lui" not in html


def test_on_a_phone_charts_fit_the_width_and_the_card_table_keeps_its_difference() -> None:
    """Fifteenth reading fr47: at 390 px the charts shrank to 5 px text and the card table's difference column
    scrolled off screen; then (the fifteenth reading's phones) the French Draco deck page's gap column was still
    cut at the right edge. Kept at their drawn size, the charts then scrolled sideways with their titles, their
    percentage column and their last bar cut (seventeenth reading en51, it63): below 40em a chart scales to the
    screen's width by its viewBox, and no chart is drawn wider than 560 px, so its 11 px text stays near 8 px
    (``test_every_chart_is_drawn_narrow_enough_to_scale_to_a_phone``); the card table (deck and
    compare pages, one template) puts the difference right after the card's name and hides its picture, its
    strip and the two shares the difference is made of ("aside"), so name, difference and verdict fit 390 px
    (checked by eye in headless Chromium at 390 and 1200 px); the play experiment's table hides its picture and
    strip by the same classes."""
    import re

    from cardgen.report.templating import TEMPLATE_DIR
    css = (TEMPLATE_DIR / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert re.search(r"\.charts figure svg\{max-width:100%;height:auto\}", phone)
    assert "max-width:none" not in phone and "overflow-x:auto;width:100%" not in phone  # no chart scrolls sideways
    hidden = re.search(r"([^{}]*)\{display:none\}", phone).group(1).split(",")
    assert {"table.impact .pic", "table.impact .strip", "table.impact .aside"} <= {h.strip() for h in hidden}
    # not a block scrolled sideways: each card a grid of the screen's width, its name beside its difference, its
    # verdict under them (twenty-first reading fr52)
    assert "table.impact,table.impact tbody{display:block;width:auto}" in phone
    assert "table.impact tr{display:grid;grid-template-columns:1fr fit-content(45%);" in phone
    impact = (TEMPLATE_DIR / "impact.html").read_text(encoding="utf-8")
    head = re.findall(r"<th([^>]*)>(.*?)</th>", impact[impact.index('<table class="impact'):])[:7]
    row = impact[impact.index("{%- for r in rows %}"):]
    cells = re.findall(r"<td([^>]*)>(.*?)</td>", row)
    shown = [text for cls, text in cells if not re.search(r"pic|strip|aside", cls)]
    assert "r.name" in shown[0] and "r.difference" in shown[1] and "r.verdict" in shown[2] and len(shown) == 3
    assert [("pic" in c, "strip" in c, "aside" in c) for c, _ in head] == [
        ("pic" in c, "strip" in c, "aside" in c) for c, _ in cells]  # each header hidden with its column
    assert "head[3]" in head[2][1] and "r.difference" in cells[2][1]  # the difference's header over it
    # the one card table of both experiments (issue #53) hides its picture and strip the same way
    strength = (TEMPLATE_DIR / "strength.html").read_text(encoding="utf-8")
    assert '<td class="pic">' in strength and '<td class="strip">' in strength and 'class="impact exchange' in strength


@pytest.mark.parametrize(("lang", "why"), [("en", "too few games with it or without it"),
                                           ("fr", "trop peu de parties avec elle ou sans elle"),
                                           ("it", "troppo poche partite con o senza di essa")])
def test_the_card_note_says_what_a_card_not_judged_is(lang: str, why: str) -> None:
    """Fifteenth reading fr43, it46: "a card not judged" was never defined; it is a card with too few games on
    one side to compare (``cards.CardTally.not_judged``), and its interval is not widened."""
    from cardgen.report.impact import WORDS
    note = WORDS[lang]["footnote_not_judged"]  # its own sentence since round 31 (en48): said where such a card is
    assert why in note and note.index(why) > note.index({"en": "not judged", "fr": "non jugée",
                                                          "it": "non valutata"}[lang] + " (")
    assert "nella mano iniziale di" not in WORDS["it"]["head_widened"]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "comebacks: share of games whose winner was behind"),
    ("fr", "remontées\u202f: part des parties où le vainqueur était derrière"),
    ("it", "rimonte: quota di partite in cui il vincitore era in svantaggio")])
def test_a_design_figure_is_defined_after_a_colon_not_in_a_second_bracket(lang: str, said: str) -> None:
    """Fifteenth reading en33: "comebacks (share of games …) (of the 247 games with a single winner)". The
    definition has a wordbook key of its own (``defined``), not read back out of the label's brackets."""
    from cardgen.simulate.verdict import SHORT, defined
    name = defined("comeback_rate", lang)
    assert name.startswith(said) and "(" not in name and ")" not in name, name
    # lead changes defined after a colon like the others (twenty-second reading en2, it4), never its own brackets
    lead = defined("lead_changes", lang)
    assert lead.startswith(SHORT[lang]["lead_changes"] + {"fr": "\u202f: "}.get(lang, ": ")) and lead.endswith(")"), lead
    assert defined("kingmaking", lang, {"labels": {lang: {"kingmaking": "k"}}}) == "k"  # a name the game gives: alone
    # a definition that holds brackets of its own keeps them whole (the old split cut at the first bracket)
    assert "(" not in defined("decided_at", lang) or defined("decided_at", lang).endswith(")")
    own = {"labels": {lang: {"comeback_rate": "remontadas"}}}
    assert defined("comeback_rate", lang, own) == "remontadas"  # the game's own name of it, as the label says


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_chart_says_what_its_box_holds(lang: str) -> None:
    """Fifteenth reading it47: the box's 10th–90th percentile, said as the middle 80 % of the figures (typeset as the
    language sets it: a no-break space before % in French and Italian)."""
    said = {"en": "the middle 80%", "fr": "les 80\u202f%", "it": "l’80% centrale"}[lang]  # round 32 en42, 33 fr32
    assert said in REPORT[lang]["spread_legend"]  # under the chart since round 46 fr34
    assert PAGES["it"]["distributions"] == "Distribuzioni (partite concluse)"  # it48: one word for them


def test_draco_s_tagline_says_who_pays_in_plain_english(repo_root: Path) -> None:
    """Fifteenth reading en42: "makes those by his other hand pay" read awkwardly; the French and Italian say the
    seats near his other hand pay, and so does the English now."""
    model = Resolver(Project.open(repo_root)).resolve("draco").model
    # round 27 (en): "those on his other side" read as everyone on that side; only the seats nearest it pay
    assert "those whose ruffians sit nearest his other hand pay the bank." in model.description.en  # round 38 en16
    assert "by his other hand" not in model.description.en and "on his other side" not in model.description.en


@pytest.mark.parametrize(("lang", "hover"), [("en", "16 courses: 50.0% of games"),
                                             ("fr", "16 services\u202f: 50,0\u202f% des parties")])
def test_the_deck_page_s_length_chart_counts_in_the_game_s_unit(lang: str, hover: str) -> None:
    """King Lui counts its length in courses: a bar's hover title says "16 courses", the unit of its axis."""
    from cardgen.games import get_game
    from cardgen.report.pages import charts
    hist = {"histogram": [[16, 1], [17, 1]]}
    side = {"players": 1, "completed": 2, "agents": [{}], "turns": hist, "rounds": hist, "seat_win_rates": [],
            "balance": {}, "scores": {"winner": {}, "seat": []}}
    svg = str(charts([("King Lui", side, "#000")], lang, dict(get_game("king_lui").words)))
    assert f"<title>{hover}</title>" in svg, svg[:2000]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "7 changes beyond chance, and 9 more that follow from the variant’s rule (compared at 2, 3 and 4 players)"),
    ("fr", "7 changements au-delà du hasard, et 9 autres qui découlent de la règle de la variante (comparaison à 2, 3 et 4 joueurs)"),
    ("it", "7 cambiamenti difficilmente dovuti al caso, e altri 9 che derivano dalla regola della variante (confronto con 2, 3 e 4 giocatori)")])
def test_the_runs_page_counts_apart_the_changes_that_follow_from_the_rule(lang: str, said: str) -> None:
    """Fifteenth reading en39: "16 changes beyond chance" counted the draw-pile figures the variant's rule itself
    changes, where the terminal names 7."""
    from cardgen.report.pages import runs_index
    run = {"id": "c", "kind": "compare", "decks": ["royale", "royale-short"], "games": 100, "players": [2, 3, 4],
           "agents": ["heuristic"], "seed": 1, "significant": 16, "follows": 9}
    assert said in runs_index([run], "", lang).replace("\u202f", " ").replace("\u00a0", " ")
    old = {k: v for k, v in run.items() if k != "follows"}  # a record from before: every change alike
    assert PAGES[lang]["run_compare"].split(" ")[1] in runs_index([old], "", lang) and "16" in runs_index([old], "", lang)
    assert {"en": "16 changes beyond chance (compared", "fr": "16 changements au-delà du hasard (comparaison",
            "it": "16 cambiamenti difficilmente dovuti al caso (confronto"}[lang] in \
        runs_index([old], "", lang).replace("\u202f", " ").replace("\u00a0", " ")


def test_a_comparison_counts_the_changes_that_follow_from_its_rule() -> None:
    from cardgen.report.runs import counted_changes
    doc = {"results": [{"metrics": [{"significant": True, "follows_from_change": True},
                                    {"significant": True, "follows_from_change": False},
                                    {"significant": False, "follows_from_change": True}, {"significant": True}]},
                       {"metrics": [{"significant": True, "follows_from_change": True}]}]}
    assert counted_changes(doc) == (4, 2, 0)  # none among the other counts (terminal round 46 fr46*)


def test_on_a_phone_a_verdict_badge_wraps() -> None:
    """Seventeenth reading it62: at 390 px "VERIFICA SUPERATA CON UN AVVISO" ran off the screen (the badge never
    wraps, which keeps it whole on a wide page); below 40em it wraps, each line with its own background."""
    import re

    from cardgen.report.templating import TEMPLATE_DIR
    css = (TEMPLATE_DIR / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    wide = css[:css.index("@media (max-width:40em)")]
    for badge in (".pass", ".warned", ".fail"):
        assert re.search(rf"\{badge}\{{[^}}]*white-space:nowrap", wide), badge
    rule = re.search(r"\.pass,\.warned,\.fail\{([^}]*)\}", phone)
    assert rule is not None and "white-space:normal" in rule.group(1) and "box-decoration-break:clone" in rule.group(1)


def test_on_a_phone_the_compare_table_keeps_base_variant_difference_and_verdict() -> None:
    """Seventeenth reading fr83, it76, en59: at 390 px compare's figure tables put the verdict column off the screen
    and wrapped the figure's name a word per line. Eighteenth reading en72, fr85: hiding base and variant for it
    left "turns +0.3" from nobody knew what. Twenty-second reading en55, it69: dropping the interval for them, and
    five columns that squeezed the name into 15 lines, gave way to a card a row: below 40em no column hides, the
    name goes across the screen, base, variant, difference with its interval, and the answer follow, each after its
    head (looked at in headless Chromium at 390 and 1200 px, Royale/Short and Hungry Dragon pages, en, fr, it)."""
    import re

    from cardgen.report.templating import TEMPLATE_DIR
    css = (TEMPLATE_DIR / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert "table.metrics,table.metrics tbody{display:block;width:auto}" in phone and "anywhere" not in phone
    parts = (TEMPLATE_DIR / "parts.html").read_text(encoding="utf-8")
    macro = parts[parts.index("{% macro metrics"):parts.index("{% endmacro %}", parts.index("{% macro metrics"))]
    cells = re.findall(r"<td([^>]*)>(.*?)</td>", macro)
    assert ("m.name" in cells[0][1] and "m.base" in cells[1][1] and "m.variant" in cells[2][1]
            and "m.difference" in cells[3][1] and "m.interval" in cells[3][1] and "head[6]" in cells[5][1])
    assert "aside" not in macro  # no column hides with its figure


def test_every_chart_is_drawn_narrow_enough_to_scale_to_a_phone() -> None:
    """(en51, it63) A chart scales to a phone's width (report.css) only through its viewBox, and stays legible only
    when drawn at most 560 px wide (390 px of screen: 11 px text at 8 px or more, never fr47's 5 px): each chart the
    deck pages draw (length, win rate by seat, final scores, differences) has both, its drawn width its viewBox's."""
    import re

    from cardgen.report import svg
    from nonempty import nonempty
    stats = {"mean": 0.5, "low": 0.4, "high": 0.6, "min": 10, "p10": 20, "median": 30, "p90": 40, "max": 50}
    charts = [svg.overlay_svg([("", [[15, 3], [16, 10], [17, 80], [18, 7]], "#0072B2")],
                              "Game length (share of games), a long title that wraps on two lines or more", "courses"),
              svg.grouped_rates_svg([("seat 1", [("", stats, "#0072B2")])], "Win rate by turn order", fair=0.33),
              svg.spread_svg([("winner", stats, "#0072B2")], "Final scores", "score"),
              svg.differences_svg([{"label": "x", "difference": 1.0, "low": -1.0, "high": 3.0}], "Differences")]
    for markup in nonempty(charts):
        head = re.match(r'<svg[^>]*>', str(markup)).group(0)
        width, height = (int(re.search(rf' {k}="(\d+)"', head).group(1)) for k in ("width", "height"))
        assert width <= 560, head
        assert f'viewBox="0 0 {width} {height}"' in head, head


def test_on_a_phone_the_overview_rows_stand_as_cards_each_cell_named() -> None:
    """Eighteenth reading en57: the overview's seven columns scrolled sideways on a phone, hiding the balance and the
    warning that made a row orange. Below 40em each row is a block and each cell says its column's name."""
    import re

    from cardgen.report.templating import TEMPLATE_DIR
    css = (TEMPLATE_DIR / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert "table.overview tr:first-child{display:none}" in phone
    assert re.search(r"table\.overview td::before\{content:attr\(data-label\)", phone)
    page = (TEMPLATE_DIR / "overview.html").read_text(encoding="utf-8")
    cells = re.findall(r"<td[^>]*>", page[page.index("{% for r in rows %}"):])
    assert len(cells) == 7 and all('data-label="{{ head[' in cell for cell in cells), cells


def test_the_overviews_length_note_names_the_games_rounds() -> None:
    """Terminal round 46 en60: "in turns and in the game’s own rounds" above cells saying "16.9 courses, 50.6 turns":
    the note names King Lui's rounds, in the order a cell may give them; a game without a name of its own says none."""
    from pathlib import Path

    from cardgen.report.pages import overview
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    doc = {"results": [_flagged()], "agents": ["heuristic"], "games": 300, "seed": 1, "cap": 10000}
    naming = Naming.of(resolve("king_lui", Path(__file__).parents[1]), "en")
    html = overview(doc, {"king_lui": {"name": "King Lui"}}, "T", "", "en", {"king_lui": naming})
    # terminal round 52 it13, en16: King Lui's cells give courses first, and so does the note (pins updated)
    assert "in the game’s own rounds (courses) and in turns;" in html
    # terminal round 53 en11: without a name of its own, the cells' unit, no bracket (pin updated)
    assert "in turns and in complete rounds;" in overview(doc, {"king_lui": {"name": "King Lui"}}, "T", "", "en")
    for lang, said in (("fr", "dans l’unité propre à chaque jeu (services) et en tours de joueur."),
                       ("it", "nell’unità propria di ciascun gioco (portate) e in turni.")):
        named = Naming.of(resolve("king_lui", Path(__file__).parents[1]), lang)
        assert said in overview(doc, {"king_lui": {"name": "King Lui"}}, "T", "", lang, {"king_lui": named})
