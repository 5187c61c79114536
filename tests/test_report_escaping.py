"""Every report page escapes what a designer typed (deck, variant, card and parameter names), by
autoescaping (``cardgen.report.templating``), and writes every percentage with Babel's one formatter
(``cardgen.languages.percent``)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from toy_game import load_toy, toy_deck

from cardgen.languages import percent
from cardgen.report.gallery import render_gallery
from cardgen.report.impact import impact_block
from cardgen.simulate.summary import Naming
from cardgen.report.pages import compare_page, deck_page, overview, runs_index
from cardgen.report.svg import differences_svg, grouped_rates_svg, overlay_svg, spread_svg
from cardgen.report.tuning import render_tuning
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.validate import ValidateOptions, run_validation

#: a name a designer might type, with every character HTML gives a meaning to
EVIL = '<script>alert("x")</script> & <b>co</b>'
ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;co&lt;/b&gt;"


def _renamed(doc: dict[str, Any], old: str) -> dict[str, Any]:
    for r in doc["results"]:
        if r.get("variant") == old:
            r["variant"] = EVIL
    return doc


def _assert_escaped(html: str, page: str) -> None:
    assert "<script" not in html and "<b>co" not in html, page
    assert ESCAPED in html, page
    for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S):
        ET.fromstring(svg)  # the names inside charts are escaped too: every chart is still well-formed


@pytest.fixture(scope="module")
def validated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    opts = ValidateOptions(games=12, players=[2], jobs=1, loader=load_toy, out=None, progress=False)
    doc = run_validation([toy_deck("toy", tmp_path_factory.mktemp("v"))], opts)
    doc["results"][0]["rule_gaps"].append({"kind": EVIL, "settled": False, "count": 1, "games": 1, "seed": 1,
                                           "game": 0, "detail": EVIL})
    return _renamed(doc, "toy")


def test_validate_pages_escape_names(validated: dict[str, Any]) -> None:
    infos = {EVIL: {"name": EVIL, "kind": "variant", "base": EVIL, "description": EVIL,
                    "differences": [{"kind": "rule", "field": EVIL, "old": 1, "new": EVIL}]}}
    _assert_escaped(overview(validated, infos, EVIL, ""), "overview")
    _assert_escaped(deck_page(EVIL, validated, infos, EVIL, ""), "deck page")
    runs = [{"id": EVIL, "kind": "validate", "decks": [EVIL], "games": 12, "players": [2], "agents": [EVIL],
             "seed": 1, "summary": EVIL}]
    _assert_escaped(runs_index(runs, ""), "runs index")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_compare_page_escapes_names(tmp_path: Path, lang: str) -> None:
    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    doc["variant"], doc["base"] = EVIL, EVIL
    for r in doc["results"]:
        r["component_impact"] = [{"component": "c", "dealt_share": 0.5, "difference": 0.1, "low": 0.0, "high": 0.2,
                                  "flag": "strong", "base": None}]
    html = compare_page(doc, {"description": EVIL}, "", naming=Naming(names={"c": EVIL}))
    _assert_escaped(html, "compare")
    # the statistics words are in the footnotes at the end, never among the first lines or in a legend
    first = html.index('<p class="muted footnote">')
    for word in ("Holm", "Bonferroni", "family-wise"):
        assert word not in html[:first], word
    assert "Holm" in html[first:]  # terminal round 47 en44: the cards' note names no correction it does not explain


def test_the_tuning_page_escapes_names() -> None:
    doc = {"deck": EVIL, "params": [EVIL], "players": [2], "games": 10, "seed": 1, "agents": [EVIL],
           "targets": [{"metric": EVIL, "low": 8, "high": 12}], "best": [0], "on_target": [0],
           "trials": [{"trial": 0, "values": {EVIL: EVIL}, "feasible": True, "objective": 0.1, "why": EVIL,
                       "metrics": {"2": {EVIL: [10.0, 9.0, 11.0]}}},
                      {"trial": 1, "values": {EVIL: EVIL + "2"}, "feasible": False, "objective": 3.0, "why": EVIL,
                       "metrics": {"2": {EVIL: [14.0, 13.0, 15.0]}}}]}
    _assert_escaped(render_tuning(doc), "tuning")


def test_the_gallery_escapes_names(tmp_path: Path) -> None:
    (tmp_path / "gallery").mkdir()
    (tmp_path / "gallery" / "a.png").write_bytes(b"")
    state = {EVIL: {"name": EVIL, "kind": "variant", "base": EVIL, "description": EVIL, "engine": True,
                    "differences": [{"kind": "rule", "field": EVIL, "old": 1, "new": 2}],
                    "cards": [{"src": "gallery/a.png", "large": "gallery/a.png", "width": 10, "height": 15,
                               "name": EVIL, "count": 2}]}}
    _assert_escaped(render_gallery(tmp_path, state), "gallery")


def test_pages_are_deterministic(validated: dict[str, Any]) -> None:
    infos = {EVIL: {"name": EVIL}}
    assert deck_page(EVIL, validated, infos, None, "") == deck_page(EVIL, validated, infos, None, "")


# One percentage formatter: each chart and table writes a share as languages.percent does (Babel), so a French
# page reads "28,4 %" with a narrow no-break space everywhere, never a hand-made "28.4%" beside it.

SEAT = {"rate": 0.28456, "low": 0.2, "high": 0.35}


def test_charts_write_percentages_with_babel_in_french() -> None:
    rates = grouped_rates_svg([("place 1", [("base", SEAT, "#999")])], "T", 0.25, lang="fr")
    assert f">{percent(0.28456, 'fr')}<" in rates and ">28,5\u202f%<" in rates and "28.5" not in rates
    assert "25,0\u202f%</title>" in rates  # the fair-share line, with its decimal as every chart share (thirteenth reading it56)
    overlay = overlay_svg([("a", [[1, 1], [2, 3]], "#999")], "T", "x", lang="fr")
    assert "2\u202f: 75,0\u202f% des parties</title>" in overlay  # the French colon (fr77)
    assert f">{percent(0.2, 'fr', places=0)}<" in overlay  # the grid's labels
    forest = differences_svg([{"label": "x", "difference": -0.125, "low": -0.2, "high": -0.05,
                               "significant": True}], "F", lang="fr")
    # a difference of shares in percentage points and its interval as the tables write them (tenth reading it80,
    # fr77: "-3 points [-14,3, +8,3]", the comma both decimal mark and separator, "points" the game's)
    assert "x\u202f: −12,5\u00a0points de pourcentage [−20,0\u202f; −5,0] (au-delà de ce que le hasard peut expliquer)</title>" in forest
    spread = spread_svg([("s", {"n": 3, "min": 0.5, "p10": 1, "median": 2.5, "p90": 3, "max": 4}, "#999")], "S", "x",
                        lang="fr")
    assert "médiane 2,5" in spread


def test_card_rows_write_percentages_with_babel() -> None:
    rows = [{"component": "c", "dealt_share": 0.284, "win_rate_dealt": 0.5, "win_rate_not_dealt": 0.25,
             "difference": 0.25, "low": 0.125, "high": 0.375, "flag": "strong"}]
    french = impact_block(rows, lang="fr")
    assert ">28,4\u202f%" in french and ">+25,0<br><span class=\"nw\">[+12,5\u202f;\u00a0+37,5]</span><" in french  # the unit in the header (fr6); the interval on its own line (round 32 fr47)
    assert "28.4%" in impact_block(rows, lang="en")


def test_terminal_and_warning_lines_use_the_same_formatter() -> None:
    from cardgen.simulate.balance import _flag, _judge
    from cardgen.simulate.skill import format_skill
    from cardgen.simulate.summary import format_value

    assert format_value("seat_1_win_rate", 0.5) == percent(0.5, "en") == "50%"
    assert format_value("seat_1_win_rate", 0.1234, signed=True) == "+12.3%"
    line = format_skill({"skill": 0.5, "skill_low": 0.4, "skill_high": 0.6, "iterations": 9, "fair_share": 0.5,
                         "versus": {"random": {"rate": 0.75, "low": 0.625, "high": 0.8}}})
    assert "random 75% [62.5% – 80%]" in line
    warning = _flag("seat 1", _judge(90, 100, 0.5, 2))
    assert warning is not None and ": 90% [" in warning and "against 50%" in warning
