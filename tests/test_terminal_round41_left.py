"""Terminal round 41 faults part b had left for time (docs/reads/terminal-round-41-fixes-b.md; the reader's report:
docs/reads/terminal-round-41-en.md)."""
from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from cardgen.simulate import summary
from cardgen.simulate.summary import Naming, held_balance_lines
from cardgen.simulate.verdict import footnote

ROOT = Path(__file__).resolve().parents[1]
TERMINAL = json.loads((ROOT / "cardgen/terminal.json").read_text(encoding="utf-8"))


def test_the_closing_note_leads_with_what_the_correction_is_for() -> None:
    """Terminal round 41 en37: "(Holm’s correction)", "(the O’Brien–Fleming method)": a statistician's name without a
    word of what it does; the note leads with the plain meaning, the name kept in its bracket."""
    lead = "Note: with many figures compared, some would look changed by luck alone, so each must clear a stricter bar."
    for note in (footnote(19), footnote(19, page=True),
                 footnote([{"players": 3, "family": 18, "metrics": []}, {"players": 4, "family": 20, "metrics": []}])):
        assert note.startswith(lead), note
        assert note.index(lead) < note.index("Holm’s correction")
    # the looks note already leads with its meaning (round 15's "may stop early, but only on …")
    looks = TERMINAL["lines"]["en"]["looks_note"] if "lines" in TERMINAL else ""
    assert not looks or looks.index("very clear") < looks.index("O’Brien")


def _row(base_share: float, variant_share: float) -> dict:
    side = {"component": "imposter", "dealt_share": 1.0, "difference": None, "not_judged": {"why": "all"}}
    return {**side, "plays_per_seat": variant_share, "played_share": variant_share,
            "base": {**side, "plays_per_seat": base_share, "played_share": base_share}}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_compares_balance_says_the_card_every_player_has_is_hardly_played(lang: str) -> None:
    """Terminal round 41 en40: compare judged Royale's balance at 4 players without the caveat validate and the compare
    page give: the simulated players hardly ever play their imposter. Under a count's judged seats, compare says it,
    with each side's share of a player's games."""
    naming = Naming(names={"imposter": "Imposter"})
    lines = held_balance_lines({"component_impact": [_row(0.035, 0.025)]}, lang, naming, headed=True)
    assert len(lines) == 1 and lines[0].startswith("    ")
    shares = {"en": ("3.5%", "2.5%"), "fr": ("3,5", "2,5"), "it": ("3,5", "2,5")}[lang]
    assert all(s in lines[0] for s in shares) and "Imposter" in lines[0], lines
    assert {"en": "balance figures", "fr": "l’équilibre", "it": "equilibrio"}[lang] in lines[0]
    # a card played often enough, or a row from before the shares were recorded, says nothing
    assert held_balance_lines({"component_impact": [_row(0.5, 0.6)]}, lang, naming) == []
    old = _row(0.035, 0.025)
    del old["base"]["played_share"]
    assert held_balance_lines({"component_impact": [old]}, lang, naming) == []
    # compare prints it under the count's judged seats
    source = inspect.getsource(summary.format_comparison)
    assert 'parts["balance"] += held_balance_lines(r, lang, naming, bool(prefix)) if seats else []' in source


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_compare_charts_name_the_sides_as_the_tables_do_so_a_long_variant_name_is_never_cut(tmp_path: Path,
                                                                                              lang: str) -> None:
    """Terminal round 41 fr32: on the compare pages of a long variant name the 300-px charts' legends were cut at the
    right ("Le Roi Lui : gourmandise pa") and the variant's fair-share label lost its start ("able : 34,3 % (Le Roi
    Lui : gourmandise pardonnée)"). The legends and the fair-share names say "base" / "variant", as the tables'
    columns do; the page's title names both games."""
    import re

    from cardgen.report.pages import compare_page
    from cardgen.simulate.compare import CompareOptions, run_compare
    from toy_game import load_toy, toy_deck

    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    long = {"fr": "Le Roi Jouet : gourmandise pardonnée", "en": "King Toy: forgiven gluttony at every course"}[lang]
    html = compare_page(doc, {"name": long}, "", naming=Naming(title="King Toy"))
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert svgs
    for svg in svgs:
        assert "gourmandise" not in svg and "gluttony" not in svg, svg[:400]
        width = float(re.search(r'width="(\d+)"', svg).group(1))
        # every legend entry inside the chart (``svg._legend`` lays them 7 px a character)
        for x, label in re.findall(r'<text x="([\d.]+)" y="28(?:\.0)?"[^>]*>([^<]+)</text>', svg):
            assert float(x) + 7 * len(label) <= width, (x, label)
    side = {"fr": ">variante<", "en": ">variant<"}[lang]
    assert any(side in svg for svg in svgs)
    assert ("gourmandise" if lang == "fr" else "gluttony") in html.split("<svg")[0]  # the title names the variant


def test_the_italian_shortage_cure_never_says_every_shortfall_then_99_percent() -> None:
    """Terminal round 41 it13: «avrebbero coperto ogni ammanco nel 99% delle partite»: "every", then 99%, read as a
    contradiction. «avrebbero permesso di coprire l’ammanco nel 99% delle partite» (no participle to agree with
    whatever piece is short), as the French « auraient permis de tout payer dans 99 % des parties»."""
    italian = TERMINAL["lines"]["it"]
    said = [v for v in italian.values() if isinstance(v, str) and "{cover}" in v and "ammanco " in v]
    assert len(said) == 8, said  # terminal round 43 it18: the later counts' line, with and without the results' caveat
    assert all("avrebbero permesso di coprire l’ammanco nel {cover}" in v for v in said)
    assert "ogni ammanco" not in json.dumps(italian, ensure_ascii=False)


def test_king_luis_count_says_portions_at_the_kings_place() -> None:
    """Terminal round 41 en8: "portions in the king’s place": the book says "at the king’s place" everywhere."""
    words = json.loads((ROOT / "cardgen/games/king_lui/words.json").read_text(encoding="utf-8"))
    said = json.dumps(words, ensure_ascii=False)
    assert "in the king’s place" not in said and "portions at the king’s place" in said


def test_the_french_case_met_once_a_game_says_its_games_without_once_in_each() -> None:
    """Terminal round 41 fr2: « des joueurs restent à égalité … : dans 3 des 300 parties, une fois dans chacune »: a
    game ends once, and « une fois dans chacune » said nothing; English dropped "once in each" in round 40 (en4)."""
    from cardgen.simulate.summary import say

    said = say("gap_when_each", "fr", games=3, total=300, game=88)
    assert "une fois dans chacune" not in said and said.startswith("dans 3 des 300 parties")
    assert "88" in said


def test_the_kingmaking_gloss_says_ahead_for_the_last_time() -> None:
    """Terminal round 41 en6: "the winner last overtook the runner-up on a third player’s move": overtook in what, on
    whose move? "went ahead of the runner-up for the last time on a third player’s move"."""
    glosses = json.loads((ROOT / "cardgen/simulate/verdict.json").read_text(encoding="utf-8"))["glosses"]
    said = glosses["en"]["kingmaking"]
    assert "went ahead of the runner-up for the last time on a third player’s move" in said
    assert "overtook" not in said


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_design_indicators_say_once_what_a_designer_does_with_them(lang: str) -> None:
    """Terminal round 41 en5: the design indicators said which way is "higher" but never what to do with a figure (is
    92.0% "point of decision" a problem?). Under their definitions, once a run, and under the page's first indicators
    heading, once a page: none is good or bad in itself; compare them across player counts or with a variant."""
    from cardgen.report.pages import designer_block
    from cardgen.simulate.summary import designer_lines
    from tests.test_card_table_one import _draco_like

    said: set[str] = set()
    first = designer_lines(_draco_like(), lang, Naming(), 300, said, 3)
    again = designer_lines(_draco_like(), lang, Naming(), 300, said, 4)
    from cardgen.terminal import say

    use = say("indicators_use", lang)
    assert sum(use in line for line in first) == 1 and not any(use in line for line in again)
    assert "cardgen compare" in use
    i = next(k for k, line in enumerate(first) if use in line)
    heading = TERMINAL["lines"][lang]["designer"].split(" (")[0]
    assert i < next(k for k, line in enumerate(first) if line.strip().startswith(heading))  # above the table
    pages = json.loads((ROOT / "cardgen/report/words.json").read_text(encoding="utf-8"))
    told = pages["pages"][lang]["designer_use"].split(":")[0].split("\u202f")[0]
    on_page: set[str] = set()
    html = str(designer_block({"players": 3, "designer": _draco_like()}, None, lang, Naming(), on_page))
    html2 = str(designer_block({"players": 4, "designer": _draco_like()}, None, lang, Naming(), on_page))
    assert html.count(told) == 1 and told not in html2


def test_italian_says_the_shuffles_with_one_participle_everywhere() -> None:
    """Terminal round 41 it12: «stessi tiri di dado, stesse mescolate del mazzo»: «mescolate», a spoken noun, where the
    compare lines say «gli stessi mazzi mescolati» (round 40 it16, after round 39 it7 found «mescolamenti» a word for
    liquids). One form: the participle, in the card-strength keys of terminal and page and the page's series line."""
    impact = json.loads((ROOT / "cardgen/report/impact.json").read_text(encoding="utf-8"))
    pages = json.loads((ROOT / "cardgen/report/words.json").read_text(encoding="utf-8"))
    for said in (json.dumps(TERMINAL["lines"]["it"], ensure_ascii=False), json.dumps(impact, ensure_ascii=False),
                 pages["pages"]["it"]["against"]):
        assert "mescolate diverse" not in said and "stesse mescolate" not in said and "mescolamenti" not in said
    # terminal round 41 it11*: the swap test's procedure is the page's method alone
    assert "stessi mazzi mescolati" in impact["words"]["it"]["exchange_legend"]
    assert "mazzi mescolati diversamente" in pages["pages"]["it"]["against"]


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_solo_scale_gives_one_verdict_a_line_its_share_in_a_column(lang: str) -> None:
    """Terminal round 41 en18: Royale's solo scale ran four bands together on three wrapped lines; the page lays them
    out as a table. The terminal gives the heading, then one verdict a line, the shares right-aligned in one column."""
    from cardgen.resolve.resolve import resolve

    naming = Naming.of(resolve("royale-solo", ROOT), lang)
    rows = summary.scale_line([[0, 3], [6, 3], [7, 2], [8, 1], [12, 1]], lang, naming)
    assert rows[0].endswith(":") and len(rows) == 5
    assert len({len(row) for row in rows[1:]}) == 1  # the shares end in one column
    assert all(row.startswith("  ") and row.rstrip()[-1] == "%" for row in rows[1:])


def test_the_special_cases_table_shows_times_only_where_they_differ_from_games() -> None:
    """Terminal round 41 en15: King Lui's special-cases table had columns "times | games | first in game", equal in
    every row, their difference never explained. The "times" column is shown only where some case came up more often
    than in its games."""
    template = (ROOT / "templates/report/section.html").read_text(encoding="utf-8")
    assert "{% if loop.index0 != 2 or s.gaps_times %}<th>{{ x }}</th>{% endif %}" in template
    assert '{% if s.gaps_times %}<td class="num" data-label="{{ h[2] }}">{{ g.times }}</td>{% endif %}' in template
    from jinja2 import Environment

    env = Environment()
    start = template.index("{%- set h = s.gaps_head %}")
    table = template[start:template.index("</table>", start) + len("</table>")]
    gap = {"name": "n", "published": True, "settled": True, "source": "s", "times": "7", "games": "3", "seed": "g",
           "detail": ""}
    head = ["what", "rules", "times", "games", "first"]
    shown = env.from_string(table).render(s={"gaps_head": head, "gaps": [gap], "gaps_times": True}, w={})
    hidden = env.from_string(table).render(s={"gaps_head": head, "gaps": [{**gap, "times": "3"}], "gaps_times": False},
                                           w={})
    assert "<th>times</th>" in shown and ">7<" in shown
    assert "<th>times</th>" not in hidden and hidden.count("<td") == 4
    source = inspect.getsource(__import__("cardgen.report.validation", fromlist=["section"]).section)
    assert '"gaps_times": any(g["count"] != g["games"] for g in listed_gaps(r, naming))' in source


def test_win_rate_charts_end_their_axis_at_50_percent_when_everything_stays_under_it() -> None:
    """Terminal round 41 en16: King Lui's win-rate charts ran to 100%, so every bar sat in the first quarter and a
    6-point gap (19.3% against 25.3%) was a few pixels wide. Where every rate, interval end and fair share stays at or
    under 50%, the axis ends there; else it runs to 100% as before."""
    import re

    from cardgen.report.svg import grouped_rates_svg

    def bars_and_ticks(high: float) -> tuple[list[float], list[str]]:
        svg = str(grouped_rates_svg([("seat 1", [("", {"rate": 0.193, "low": 0.15, "high": high}, "#999")]),
                                     ("seat 2", [("", {"rate": 0.253, "low": 0.2, "high": 0.3}, "#999")])],
                                    "W", 0.25))
        widths = [float(w) for w in re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"', svg)]
        return widths, re.findall(r'text-anchor="middle"[^>]*>(\d+)%<', svg)

    narrow, ticks = bars_and_ticks(0.24)
    wide, wide_ticks = bars_and_ticks(0.6)
    assert ticks[-1] == "50" and "100" not in ticks and wide_ticks[-1] == "100"
    assert abs((narrow[1] - narrow[0]) - 2 * (wide[1] - wide[0])) < 0.3  # the gap drawn twice as wide


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_overviews_balance_names_every_player_close_to_the_limit(lang: str) -> None:
    """Terminal round 41 en12: at 5 players the overview's balance cell said "player 4: 25.7% (fair share 20.4%), a
    gap chance alone could explain, but only just", and player 2 (15.3%), as borderline, disappeared. Several players
    close to the limit, none flagged: each is named, as several flagged ones are, with the plural verdict."""
    from cardgen.report.pages import _fairness

    rates = [{"seat": k, "rate": r} for k, r in enumerate((0.20, 0.153, 0.21, 0.257, 0.18))]
    five = {"players": 5, "seat_win_rates": rates,
            "balance": {"flags": [], "seat_fair_share": 0.204,
                        "close": [{"seat": 2, "level": 0.99}, {"seat": 4, "level": 0.99}]}}
    said = _fairness(five, lang).replace("\u00a0", " ").replace("\u202f", " ")
    seat = {"en": "player", "fr": "joueur", "it": "giocatore"}[lang]
    assert f"{seat} 2" in said and f"{seat} 4" in said, said
    assert {"en": "gaps chance alone", "fr": "écarts", "it": "differenze"}[lang] in said
    # one player close: as before, the furthest named with the singular verdict
    one = {**five, "balance": {**five["balance"], "close": [{"seat": 4, "level": 0.99}]}}
    assert f"{seat} 2" not in _fairness(one, lang).replace("\u00a0", " ")


def test_italian_says_the_imposters_share_in_one_wording_on_terminal_and_page() -> None:
    """Terminal round 41 it9: the page's «solo nel 3,6% delle loro partite» (readable as 3.6% of the 300 games) against
    the terminal's «nel 3,6% dei casi, contando ogni giocatore in ogni partita»: two wordings for one figure. The page
    says it as the terminal does, in every sentence that gives the share."""
    impact = json.loads((ROOT / "cardgen/report/impact.json").read_text(encoding="utf-8"))
    italian = json.dumps(impact, ensure_ascii=False)
    assert "delle loro partite" not in italian
    for key in ("all_dealt_hardly_share", "all_dealt_hardly_share_again", "all_dealt_paired_share",
                "all_dealt_paired_share_never"):
        said = next(words[key] for words in _by_lang(impact, "it") if key in words)
        assert "dei casi" in said and "contando ogni giocatore in ogni partita" in said, said
    assert "contando ogni giocatore in ogni partita" in TERMINAL["lines"]["it"]["held_used_share"]
    assert "contando ogni giocatore in ogni partita" in TERMINAL["lines"]["it"]["compare_held_balance"]


def _by_lang(doc: dict, lang: str) -> list[dict]:
    """Every table of ``doc`` kept under the key ``lang``."""
    out = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get(lang), dict):
                out.append(node[lang])
            stack.extend(v for v in node.values() if isinstance(v, dict))
    return out
