"""The HTML validation report: self-contained, well-formed charts, escaped text."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from toy_game import load_toy, toy_deck

from cardgen.report.svg import bins, histogram_svg, rates_svg
from cardgen.report.validation import render_html
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


def test_histogram_bar_heights_follow_counts() -> None:
    root = ET.fromstring(histogram_svg([("1", 4), ("2", 2), ("3", 0)], "T", "x"))
    heights = [float(r.get("height")) for r in root.iter(f"{SVG}rect")]
    assert heights[0] == 2 * heights[1] and heights[2] == 0


def test_rate_chart_draws_an_interval_per_row() -> None:
    rows = [{"label": "seat 1", "rate": 0.5, "low": 0.4, "high": 0.6},
            {"label": "seat 2", "rate": 0.5, "low": 0.45, "high": 0.55}]
    root = ET.fromstring(rates_svg(rows, "label", "Win", fair=0.5))
    texts = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "seat 1" in texts and "50.0%" in texts
    whiskers = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke-width") == "1.5"]
    widths = [float(ln.get("x2")) - float(ln.get("x1")) for ln in whiskers]
    assert len(widths) == 2 and widths[0] > widths[1]  # the wider interval is drawn wider


def _doc(tmp_path: Path) -> dict[str, Any]:
    opts = ValidateOptions(games=20, players=[2, 3], jobs=1, loader=load_toy, out=None, progress=False,
                           agents=["random", "greedy"])
    return run_validation([toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path)], opts)


def test_report_has_a_section_and_charts_per_entry(tmp_path: Path) -> None:
    html = render_html(_doc(tmp_path))
    for anchor in ("toy-2p", "toy-3p", "toy_unsettled-2p", "toy_unsettled-3p"):
        assert f'<section id="{anchor}">' in html and f'href="#{anchor}"' in html
    assert html.count("<svg") == 2 * 4  # length, seats, scores, agents; none without completed games
    assert html.count("nothing to chart") == 2
    assert "Win rate per seat" in html and "Game length" in html and "Score distribution" in html
    assert html.count('class="fail">FAIL') >= 2 and "unsettled" in html
    for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S):
        ET.fromstring(svg)  # each chart is well-formed XML


def test_report_is_self_contained_and_escapes_text(tmp_path: Path) -> None:
    doc = _doc(tmp_path)
    doc["results"][0]["rule_gaps"][0]["detail"] = "<script>alert(1)</script>"
    html = render_html(doc)
    assert "<script" not in html and "&lt;script&gt;" in html
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", html)
    assert "<link" not in html and "@import" not in html
