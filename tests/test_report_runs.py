"""Report folders per run, the index of runs, overview and deck pages, peak histograms and sufficiency."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from toy_game import load_toy, toy_deck

from cardgen.report.pages import overview, unpaired_rows
from cardgen.report.svg import differences_svg, grouped_rates_svg, overlay_svg, spread_svg
from cardgen.simulate.balance import quantile_with_zeros, sufficiency
from cardgen.simulate.runner import GameResult
from cardgen.simulate.tally import Tally
from cardgen.report.commands import validate
from cardgen.simulate.validate import ValidateOptions, run_validation

SVG = "{http://www.w3.org/2000/svg}"


class Links(HTMLParser):
    """Every href and src of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.targets.append(value)


def local_targets_missing(page: Path) -> list[str]:
    """Links of ``page`` to files that do not exist (anchors inside a page are checked against its ids)."""
    parser = Links()
    html = page.read_text(encoding="utf-8")
    parser.feed(html)
    missing = []
    for target in parser.targets:
        path, _, anchor = target.partition("#")
        assert not re.match(r"[a-z]+:", path), f"{page.name}: non-local link {target}"
        file = (page.parent / path) if path else page
        if not file.is_file():
            missing.append(target)
        elif anchor and f'id="{anchor}"' not in file.read_text(encoding="utf-8"):
            missing.append(target)
    return missing


def _opts(tmp_path: Path, **kw: Any) -> ValidateOptions:
    base: dict[str, Any] = dict(games=12, players=[2], jobs=1, loader=load_toy, out=tmp_path / "out", progress=False)
    base.update(kw)
    return ValidateOptions(**base)


def test_each_run_has_its_folder_and_the_index_lists_them_newest_first(tmp_path: Path) -> None:
    decks = [toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path)]
    validate(decks, _opts(tmp_path))
    validate(decks, _opts(tmp_path, seed=2))
    validate(decks, _opts(tmp_path))  # the same options again: the same folder, moved to the front
    root = tmp_path / "out" / "validation"
    folders = sorted(p.name for p in root.iterdir() if p.is_dir())
    assert len(folders) == 2 and all(f.startswith("validate-2-decks-") for f in folders)
    index = (root / "index.html").read_text()
    first, second = (index.index(f) for f in folders)
    newest = [f for f in folders if '"seed": 1' in (root / f / "run.json").read_text()][0]
    assert index.index(newest) == min(first, second)
    for page in [root / "index.html", *root.glob("*/*.html")]:
        assert local_targets_missing(page) == [], page
    over = (root / newest / "index.html").read_text()
    assert over.count("<tr>") == 1 + 2 and 'href="toy.html#p2"' in over and "FAIL" in over
    deck = (root / newest / "toy.html").read_text()
    assert 'id="p2"' in deck and "Game length" in deck and "Final scores" in deck
    for svg in re.findall(r"<svg.*?</svg>", deck, flags=re.S):
        ET.fromstring(svg)
    assert (tmp_path / "out" / "index.html").is_file()  # the gallery follows


def test_overview_shows_skill_when_present_and_a_dash_otherwise(tmp_path: Path) -> None:
    doc = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, out=None, players=[2, 3]))
    # The section cardgen.simulate.skill.skill_json writes (figures made up for the page).
    doc["results"][0]["skill"] = {"agent": "search", "iterations": 200, "fair_share": 0.5,
                                  "versus": {"random": {"rate": 0.81, "low": 0.7, "high": 0.9},
                                             "heuristic": {"rate": 0.55, "low": 0.45, "high": 0.65}},
                                  "skill": 0.62, "skill_low": 0.4, "skill_high": 0.8}
    html = overview(doc, {}, "t").replace("\u2060", "")  # the joiner keeping a range on one line
    assert "0.62 [0.4–0.8]" in html and "against random 81" in html and "against heuristic 55" in html
    assert len(re.findall(r"<td[^>]*>–</td>", html)) >= 1  # a cell may carry its column's name (data-label)


def test_unpaired_rows_compare_a_deck_with_its_base_from_one_run(tmp_path: Path) -> None:
    doc = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, out=None, players=[2, 3]))
    a, b = doc["results"]
    rows = {r["metric"]: r for r in unpaired_rows(a, a)}
    assert rows["turns"]["difference"] == 0 and not rows["turns"]["significant"]
    rows = {r["metric"]: r for r in unpaired_rows(a, b)}  # 2 players against 3: the same cards, fewer rounds
    assert rows["rounds"]["significant"] and rows["rounds"]["high"] < 0


def _game(index: int, peak: dict[str, int]) -> GameResult:
    return GameResult(index, ["random", "random"], "over", True, [], 10, 5, peak=peak, scores=[1.0, 0.0],
                      winners=[0])


def test_peak_histograms_merge_like_one_tally_and_stay_small() -> None:
    whole, a, b = Tally(2), Tally(2), Tally(2)
    for i in range(2000):
        peak = {"coins": i % 7} | ({"unpaid_coins": 3} if i % 10 == 0 else {})
        whole.add(i, _game(i, peak))
        (a if i < 700 else b).add(i, _game(i, peak))
    a.merge(b)
    assert a.to_json()["peak_games"] == whole.to_json()["peak_games"]
    games = whole.to_json()["peak_games"]
    assert len(games["coins"]["histogram"]) == 7  # one entry per value, not per game
    assert games["unpaid_coins"]["n"] == 200


def test_print_enough_for_99_percent_of_games() -> None:
    assert quantile_with_zeros([[2, 5], [9, 1]], 100, 0.99) == 2  # 94 zeros, then 5 twos: rank 99 is a 2
    assert quantile_with_zeros([[2, 5], [9, 2]], 100, 0.99) == 9
    stats = {"games": 100, "peak_games": {"unpaid_silver": {"max": 9, "histogram": [[2, 5], [9, 2]]},
                                          "silver_in_hands": {"max": 20, "histogram": [[20, 100]]}}}
    [finding] = sufficiency(stats)  # only the shortfall name counts
    assert finding["games_short"] == 7 and finding["print_more"] == 9 and "in 7 of 100 games" in finding["warning"]
    assert sufficiency({"games": 5, "peak_games": {"coins_missing": {"max": 0, "histogram": [[0, 5]]}}}) == []
    # the finding names the component to print, where the game says which one the shortfall lacks
    [named] = sufficiency(stats, {"unpaid_silver": "'Silver coin' (silver-coin)"})
    assert named["warning"].startswith("print 9 more 'Silver coin' (silver-coin) so that 99% of games have enough")
    # short in 1 game of 200: 99 % of games have enough without printing more, so it asks nothing and is no warning
    rare = {"games": 200, "peak_games": {"unpaid_silver": {"max": 3, "histogram": [[3, 1]]}}}
    assert sufficiency(rare) == []


def test_comparison_charts_are_well_formed_and_honest() -> None:
    overlay = ET.fromstring(overlay_svg([("a", [[1, 2], [3, 2]], "#999"), ("b", [[2, 1]], "#00f")], "L", "x"))
    heights = [float(r.get("height")) for r in overlay.iter(f"{SVG}rect") if r.get("height") != "10"]
    assert max(heights) > 0 and len(heights) == 2 * 3  # both series on the same three bins (1, 2, 3)
    seats = ET.fromstring(grouped_rates_svg([("seat 1", [("a", {"rate": .5, "low": .4, "high": .6}, "#999"),
                                                         ("b", {"rate": .2, "low": .1, "high": .3}, "#00f")])],
                                            "W", 0.5))
    bars = [float(r.get("width")) for r in seats.iter(f"{SVG}rect") if r.get("height") != "10"]
    assert bars[0] == 2.5 * bars[1]
    ET.fromstring(spread_svg([("seat 1", {"n": 3, "min": 0, "p10": 1, "median": 2, "p90": 3, "max": 4}, "#999")],
                             "S", "score"))
    forest = ET.fromstring(differences_svg([{"label": "gap", "difference": 0.2, "low": 0.1, "high": 0.3,
                                             "significant": True}], "F"))
    assert any(c.get("fill") == "#0072B2" for c in forest.iter(f"{SVG}circle"))


def test_a_passed_row_with_warnings_says_so_instead_of_the_plain_pass(tmp_path: Path, monkeypatch: Any) -> None:
    """A green "VERIFICA SUPERATA" beside "the bank runs dry in 95 % of games" read as all clear (readers of
    round 13, it70): a passed row with warnings gets its own mark, one without keeps the plain pass."""
    import cardgen.report.pages as pages

    doc = run_validation([toy_deck("toy", tmp_path)], _opts(tmp_path, out=None, players=[2, 3]))
    assert all(r["passed"] for r in doc["results"])
    monkeypatch.setattr(pages, "short_warnings", lambda r, lang, naming=None, said=None: ["short"] if r["players"] == 2 else [])
    # the mark counts the entry's warnings (fifteenth reading: one warning in the singular), two here
    monkeypatch.setattr(pages, "warning_count", lambda r: 2 if r["players"] == 2 else 0)
    for lang, warned, plain in (("en", "PASS WITH WARNINGS", "PASS"), ("it", "VERIFICA SUPERATA CON AVVISI", "VERIFICA SUPERATA")):
        html = overview(doc, {}, "t", lang=lang)
        rows = re.findall(r"<tr><td[^>]*>(<span class=\"\w+\">[^<]*</span>)</td>.*?#p(\d)", html)
        assert dict((p, b) for b, p in rows) == {"2": f'<span class="warned">{warned}</span>',
                                                "3": f'<span class="pass">{plain}</span>'}
