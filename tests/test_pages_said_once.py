"""Report pages after the eighteenth reading (issue #53): what a page explains it says once (the brackets at the
top of a deck page, why a fair share is above 1/N in the balance sentence), an interval never breaks across two
lines, and a compare table on a phone keeps the figures a difference is made of."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.languages import typeset
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming, fair_why
from cardgen.terminal import say
from cardgen.text import punct
from nonempty import nonempty
from test_pages_fifteenth import _flagged

LANGS = ("en", "fr", "it")


def _count(r: dict, players: int) -> dict:
    """``r`` (three players, a fair share of 0.35: shared wins) as the entry of ``players`` players."""
    seats = [{**r["seat_win_rates"][0], "seat": s} for s in range(players)]
    scores = {**r["scores"], "seat": [r["scores"]["all"]] * players, "seat_mean": [1.0] * players}
    return {**r, "players": players, "seat_win_rates": seats, "scores": scores,
            "balance": {"flags": [], "games": 300, "seat_fair_share": 0.35 if players > 1 else None}}


def _deck_page(lang: str, repo_root: Path, counts: tuple[int, ...] = (3, 4)) -> str:
    from cardgen.report.pages import deck_page

    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    doc = {"results": [_count(_flagged(), p) for p in counts]}
    return deck_page("king_lui", doc, {"king_lui": {"name": "King Lui"}}, None, "", None, lang, naming)


@pytest.mark.parametrize("lang", LANGS)
def test_the_brackets_are_explained_once_a_deck_page_above_its_first_count(lang: str, repo_root: Path) -> None:
    """en61, fr76: "An interval in brackets is the range …" stood in every player count's folded details, 3-4
    times a page and only after a dozen intervals: once, at the top, before the first count's heading."""
    html = _deck_page(lang, repo_root)
    plain = typeset(say("interval_plain", lang), lang)
    plain = plain[:1].upper() + plain[1:]
    assert html.count(plain) == 1
    assert html.index(plain) < html.index('<h2 id="p3">') < html.index('<h2 id="p4">')
    # a solo deck shows no interval: nothing to explain
    assert plain not in _deck_page(lang, repo_root, (1,))


@pytest.mark.parametrize("lang", LANGS)
def test_a_deck_page_says_why_a_fair_share_is_above_1_n_once_a_count(lang: str, repo_root: Path) -> None:
    """en62: the reason a fair share is above 1/N (shared wins) stood in the balance sentence, then in the chart's
    fair-share caption, then the line's own name: three times within one screen. Said in the balance sentence
    only; the chart's line reads "fair share: 35.0%", hover and caption alike."""
    from cardgen.report.words import REPORT

    html = _deck_page(lang, repo_root, (3,))
    why = fair_why(0.35, 3, lang).lstrip(", ")  # "more than a third because a shared win counts as a win for each winner"
    assert why and html.count(why) == 1
    first = html.index(why)
    assert first < html.index("<svg", html.index('<h2 id="p3">'))  # in the sentence above the charts
    short = REPORT[lang]["equal"] + punct(":", lang) + " "  # "part équitable : 35,0 %"
    titles = re.findall(r"<title>([^<]*)</title>", html)
    assert [t for t in titles if t.startswith(short)], titles
    assert not [t for t in titles if t.startswith(REPORT[lang]["equal"]) and not t.startswith(short)], titles


#: an interval as the readers saw one on a page: a bracket, a number, anything but a bracket, a number, a bracket
BRACKETED = re.compile(r"\[[+\-\u2212]?\d[^\[\]<>]*\d[^\[\]<>]*\]")


def _intervals(html: str) -> list[str]:
    """Every interval a page prints, outside its style sheet and its charts (an SVG text never wraps)."""
    return BRACKETED.findall(re.sub(r"<style>.*?</style>|<svg.*?</svg>", "", html, flags=re.S))


@pytest.mark.parametrize("lang", LANGS)
def test_an_interval_never_breaks_inside_in_any_page_value(lang: str) -> None:
    """fr72: a browser broke "[10,7 % ; 21,4 %]" after its "; " (and in it/en after their separators): every value
    a page prints has its intervals' spaces no-break ones, whatever sentence or cell holds them; the words around
    them break as before."""
    from cardgen.report.templating import macro
    from cardgen.simulate.summary import interval

    shown = typeset(interval("10,7 %" if lang != "en" else "10.7%", "21,4 %" if lang != "en" else "21.4%", lang), lang)
    minus = typeset(interval("−0.8", "+1.3", lang), lang)
    html = str(macro("parts.html", "paragraph", f"its interval {shown} and {minus} contain it"))
    assert _intervals(html) == [shown.replace(" ", "\u00a0"), minus.replace(" ", "\u00a0")], html
    assert "its interval [" in html and "] contain it" in html  # the words around break as before
    assert " " in shown  # the interval had a breakable space to remove


@pytest.mark.parametrize("lang", LANGS)
def test_no_interval_of_a_deck_compare_or_tune_page_holds_a_breakable_space(lang: str, repo_root: Path,
                                                                           tmp_path: Path) -> None:
    """fr72 on every page kind: the deck page (seat table, indicators), the compare page (tables, verdict lines),
    the tune page (its best trials' intervals, written "[0,4, 0,6]" there, now as every other page writes one)."""
    from cardgen.report.pages import compare_page
    from cardgen.report.tuning import render_tuning
    from cardgen.simulate.compare import CompareOptions, run_compare
    from test_report_pages import _tune_doc
    from toy_game import load_toy, toy_deck

    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    pages = {"deck": _deck_page(lang, repo_root), "compare": compare_page(doc, {"name": "V"}, "", naming=Naming()),
             "tune": render_tuning(_tune_doc(), lang, Naming())}
    for kind, html in nonempty(pages.items()):
        found = _intervals(html)
        assert found, kind
        assert not [iv for iv in found if " " in iv], (kind, [iv for iv in found if " " in iv])
        assert not [iv for iv in found if ", " in iv and lang != "en"], (kind, found)  # "[0,4, 0,6]"


@pytest.mark.parametrize("lang", LANGS)
def test_a_compare_table_on_a_phone_keeps_base_variant_difference_and_interval_under_the_same_heads(lang: str) -> None:
    """en72, fr85: at 390 px the compare tables hid base and variant and kept "turns +0.3 [−0.8 to +1.3]": from
    what to what, nobody could see. The eighteenth round's answer hid the interval and renamed the columns on a
    phone ("change", "beyond chance?") under "these intervals are wide", and the name squeezed into a 15-line cell
    (twenty-second reading en55, it69): each row is a card on a phone, its figures after the wide screen's own
    heads (data-label), the interval right after the difference in its cell (a phone copy, ``phone``), the
    interval's column hidden then, never its figure."""
    from cardgen.report.pages import metrics_table
    from cardgen.report.templating import TEMPLATE_DIR, macro

    m = {"metric": "seat_1_win_rate", "base": 0.38, "variant": 0.34, "difference": -0.04, "low": -0.465,
         "high": 0.385, "significant": False}
    table = metrics_table([m], lang)
    # one set of heads, for every width; "answers": whether the "beyond chance?" column is shown (a fix's table, all
    # "yes", drops it: terminal round 40 en33), always for compare; terminal round 40 en41, it43: compare's page
    # passes ``phone``, the difference's head by its own first word (one name still, en55) and the answer in words,
    # never the long head and the question on every card; without it (here, the fix page) the cards are as before
    assert set(table) == {"head", "rows", "answers", "phone"} and table["answers"] is True
    assert table["head"][3].startswith(table["phone"][0])
    html = str(macro("parts.html", "metrics", table["head"], table["rows"]))
    [row] = re.findall(r"<tr class=\"\">(.*?)</tr>", html)
    cells = re.findall(r"<td([^>]*)>(.*?)</td>", row)
    labels = [re.search(r'data-label="([^"]*)"', attrs) for attrs, _ in cells]
    head = [h.replace("&#39;", "'") for h in table["head"]]
    assert [x.group(1) if x else None for x in labels] == [None, head[1], head[2], head[3], None, head[5]], labels
    interval = table["rows"][0]["interval"].replace(" ", "\u00a0")  # as the page writes it, unbroken
    assert cells[3][1] == f'{table["rows"][0]["difference"]}<span class="phone"> {interval}</span>', cells[3]
    assert 'class="num interval"' in cells[4][0] and cells[4][1] == interval  # the wide screen's column
    assert "data-short" not in html
    css = (TEMPLATE_DIR / "report.css").read_text(encoding="utf-8")
    wide, phone = css[:css.index("@media (max-width:40em)")], css[css.index("@media (max-width:40em)"):]
    assert "table.metrics .phone{display:none}" in wide
    # terminal round 44 fr52*: the phone's unit and interval wrap between them (the interval itself is written with
    # no-break spaces, above): kept on one line, « −12,3 points de pourcentage [−19,0 ; −3,3] » ran off a 390 px screen
    assert "table.metrics td.interval{display:none} table.metrics .phone{display:inline} " in phone
    assert "table.metrics .phone{display:inline;white-space:nowrap}" not in css
    assert "table.metrics tr:first-child{display:none}" in phone and "table.metrics td.lead{display:block}" in phone
    assert "table.metrics td[data-label]::before{content:attr(data-label)" in phone and ".aside" not in phone.split(
        "table.metrics")[1]


@pytest.mark.parametrize("lang", LANGS)
def test_a_deck_page_whose_balance_sentence_is_silent_keeps_the_reason_on_its_chart(lang: str,
                                                                                   repo_root: Path) -> None:
    """en62's other side: a result written before the balance figures were kept (its English warnings only) has
    no balance sentence saying why its fair share is above 1/N; its chart's fair-share line still says it, so the
    page says it once, not never."""
    from cardgen.report.pages import deck_page

    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    old = {**_count(_flagged(), 3), "balance": {"warnings": [], "seat_fair_share": 0.35}}
    html = deck_page("king_lui", {"results": [old]}, {"king_lui": {"name": "King Lui"}}, None, "", None, lang, naming)
    # the chart's bracket says the reason without the sentence's « soit » (terminal round 47 fr40)
    why = fair_why(0.35, 3, lang).lstrip(", ").removeprefix("soit ")
    titles = re.findall(r"<title>([^<]*)</title>", html)
    assert [t for t in titles if why in t], titles
    assert html.count(why) == 1


def test_the_brackets_are_explained_in_idiomatic_english() -> None:
    """en3, en61: "the range in which the figure of a very large number of games almost certainly lies" is not
    idiomatic; one sentence for the terminal and the page. Nineteenth reading fr6: "almost certainly" promised more
    than a 95 % interval gives (it misses 1 time in 20), and the lines below call it 95 %: the sentence says
    "19 times in 20", in each language."""
    plain = say("interval_plain", "en")
    # twenty-first reading en4: "holds … the figure" said "contains" the long way, its verb far from its object
    # round 32 en4: the 95% interval named in the sentence that explains it, which says "contains" (21st en4)
    assert plain.startswith("figures in brackets are 95% intervals: 19 times out of 20, such an interval contains the "
                            "figure a very large number of games would give;") and "figure of a very large" not in plain
    for lang, twenty in (("fr", "19 fois sur 20"), ("it", "19 volte su 20")):
        words = say("interval_plain", lang)
        assert twenty in words and "certain" not in words
