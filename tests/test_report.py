"""The validation report's deck pages: a section and the charts per entry, self-contained, escaped text.

There is one chart path: the charts ``cardgen.report.pages.charts`` draws on the deck and compare pages
(in the page's language); ``cardgen.report.validation.section`` writes tables only."""
from __future__ import annotations

import pytest

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from toy_game import load_toy, toy_deck

from cardgen.report.pages import deck_page
from cardgen.report.svg import bins, grouped_rates_svg, overlay_svg
from cardgen.simulate.validate import ValidateOptions, run_validation

SVG = "{http://www.w3.org/2000/svg}"


def test_few_integer_values_get_one_bar_each_gaps_included() -> None:
    assert bins([[3, 2], [5, 1]]) == [("3", 2), ("4", 0), ("5", 1)]


def test_many_values_are_binned_without_losing_counts() -> None:
    hist = [[v, 1] for v in range(0, 500, 3)]
    bars = bins(hist, max_bins=30)
    assert len(bars) <= 30 and sum(c for _, c in bars) == len(hist)
    floats = bins([[0.5, 2], [7.25, 3], [99.9, 1]], max_bins=10)
    assert sum(c for _, c in floats) == 6 and len(floats) <= 10


@pytest.mark.parametrize(("lang", "label"), [("en", "0.5"), ("fr", "0,5"), ("it", "0,5")])
def test_a_bins_label_has_the_languages_decimal_sign(lang: str, label: str) -> None:
    """Issue 53: a chart's bin of 0.5 reads ``0,5`` in French and Italian."""
    sign = label[1]
    assert bins([[0.5, 1], [1.0, 1], [1.5, 1], [2.75, 1]], max_bins=10, lang=lang) == [
        (label, 1), ("1", 1), (f"1{sign}5", 1), ("2", 0), (f"2{sign}5", 1)]


def test_length_bars_follow_shares() -> None:
    root = ET.fromstring(overlay_svg([("toy", [[1, 4], [2, 2], [3, 0]], "#00f")], "T", "x"))
    heights = [float(r.get("height")) for r in root.iter(f"{SVG}rect") if r.get("height") != "10"]  # not the key
    assert heights[0] == 2 * heights[1] and heights[2] == 0


def test_length_bars_of_two_games_stand_side_by_side() -> None:
    """(twenty-third reading en60) The base game's and the variant's bars were drawn over one another: where the
    variant's was as tall, the base game's vanished. Each bin holds one bar per game, none overlapping another."""
    root = ET.fromstring(overlay_svg([("base", [[16, 5], [17, 5]], "#999"), ("variant", [[16, 5], [17, 5]], "#00f")],
                                     "T", "x"))
    bars = [r for r in root.iter(f"{SVG}rect") if r.get("height") != "10"]  # not the key
    spans = sorted((float(r.get("x")), float(r.get("x")) + float(r.get("width")), r.get("fill")) for r in bars)
    assert len(spans) == 4 and [fill for *_, fill in spans] == ["#999", "#00f", "#999", "#00f"]
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), spans  # no bar covers another
    assert all(float(r.get("height")) > 0 and float(r.get("width")) >= 1 for r in bars)


def test_rate_chart_draws_an_interval_per_row() -> None:
    rows = [("seat 1", [("toy", {"rate": 0.5, "low": 0.4, "high": 0.6}, "#00f")]),
            ("seat 2", [("toy", {"rate": 0.5, "low": 0.45, "high": 0.55}, "#00f")])]
    root = ET.fromstring(grouped_rates_svg(rows, "Win", fair=0.5))
    texts = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "seat 1" in texts and "50%" in texts
    whiskers = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke-width") == "1.5"]
    widths = [float(ln.get("x2")) - float(ln.get("x1")) for ln in whiskers]
    assert len(widths) == 2 and widths[0] > widths[1]  # the wider interval is drawn wider


def _doc(tmp_path: Path) -> dict[str, Any]:
    opts = ValidateOptions(games=20, players=[2, 3], jobs=1, loader=load_toy, out=None, progress=False,
                           agents=["random", "greedy"])
    return run_validation([toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path)], opts)


def _pages(doc: dict[str, Any]) -> dict[str, str]:
    infos = {"toy_unsettled": {"kind": "variant", "base": "toy", "differences": []}}
    return {deck: deck_page(deck, doc, infos, None, "") for deck in ("toy", "toy_unsettled")}


def test_deck_pages_have_a_section_and_charts_per_entry(tmp_path: Path) -> None:
    doc = _doc(tmp_path)
    pages = _pages(doc)
    for deck, page in pages.items():
        for players in (2, 3):
            assert f'<section id="{deck}-{players}p">' in page and f'<h2 id="p{players}">' in page
    # length, seats, agents, scores per player count; toy_unsettled's games never end: its charts show its base
    assert pages["toy"].count("<svg") == 4 * 2 and pages["toy"].count('aria-label="Win rate by turn order') == 2
    assert "Game length" in pages["toy"] and "Final scores" in pages["toy"]
    assert pages["toy_unsettled"].count("<svg") == 4 * 2 and "nothing to chart" not in pages["toy_unsettled"]
    unsettled = [r for r in doc["results"] if r["variant"] == "toy_unsettled"]
    alone = deck_page("toy_unsettled", {**doc, "results": unsettled}, {}, None, "")
    assert alone.count("nothing to chart") == 2 and "<svg" not in alone
    assert pages["toy_unsettled"].count('class="fail">FAIL') >= 2 and "unsettled" in pages["toy_unsettled"]
    for page in pages.values():
        for svg in re.findall(r"<svg.*?</svg>", page, flags=re.S):
            ET.fromstring(svg)  # each chart is well-formed XML


def test_report_is_self_contained_and_escapes_text(tmp_path: Path) -> None:
    doc = _doc(tmp_path)
    doc["results"][0]["static_checks"].append({"name": "evil", "players": None, "passed": False,
                                               "detail": "<script>alert(1)</script>"})  # a failed check's detail
    html = "".join(_pages(doc).values())
    assert "<script" not in html and "&lt;script&gt;" in html
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", html)
    assert "<link" not in html and "@import" not in html
