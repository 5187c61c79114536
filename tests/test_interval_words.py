"""A 95 % interval is worded once, by the terminal (``balance_level_plain``, ``intervals_plain``), and the
report pages take those words through ``{interval95}`` / ``{intervals95}`` (``terminal.with_terms``): the
pages said « intervalle à 95 % » after the terminal had learnt « intervalle de confiance à 95 % » (the
fifth-round French reader, item 35)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.languages import typeset
from cardgen.terminal import LINES, with_terms
from screen import unwrapped

#: each language's short form of "95 % interval", which a page may use only where the terminal defines it
OLD = {"en": r"95\s?% interval", "fr": r"intervalles? à 95", "it": r"intervall[oi] al 95"}


def test_with_terms_fills_every_language_from_the_terminal_and_leaves_other_text_alone() -> None:
    book = {"t": {"en": {"a": "x ({interval95})", "b": ["{intervals95}", 3]}, "fr": {"a": "x ({interval95})"},
                  "zz": {"a": "{interval95}"}}, "length": "turns"}
    got = with_terms(book)
    assert got["t"]["en"] == {"a": f"x ({LINES['en']['balance_level_plain']})",
                              "b": [LINES["en"]["intervals_plain"], 3]}
    assert got["t"]["fr"]["a"] == f"x ({typeset(LINES['fr']['balance_level_plain'], 'fr')})"
    assert got["t"]["zz"] == {"a": "{interval95}"} and got["length"] == "turns"  # no terminal words: as it was
    assert book["t"]["en"]["a"] == "x ({interval95})"  # the book read is not changed in place


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_validate_page_words_the_interval_as_the_terminal_does(
        lang: str, tmp_path: Path, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(repo_root), "validate", "king_lui", "--games", "4", "--players", "3", "--jobs",
                 "1", "--lang", lang, "--out", str(tmp_path / "out")]) == 0
    terminal = unwrapped(capsys.readouterr().out)
    # the seats' line: its widened interval as the page's heading names it (Italian « intervallo … allargato », as
    # the line above it defines « intervallo »: twenty-third reading it4, twenty-sixth it2)
    phrase = typeset(LINES[lang]["interval_wide_plain"].split("{n}")[0], lang)
    assert phrase in terminal
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.html"))
    assert pages.count(phrase) >= 2  # the seats' chart title and table heading
    assert "{interval95}" not in pages
    # the short form a page's compact labels use ("95% interval", a phone's column label, the seats' chart title)
    # is the terminal's own since it defines the brackets as "95% intervals" (round 32 en2): said there first
    assert re.search(OLD[lang], terminal) or not re.search(OLD[lang], pages)
    # the design indicators' intervals as the terminal writes them: "[3,6 ; 6,4]", not "[3,6, 6,4]" where a
    # comma is the decimal mark
    cells = re.findall(r'<td class="num"[^>]*>(\[[^<]*\])</td>', pages)
    assert len(cells) >= 5 and not [c for c in cells if re.search(r"\d, ", c)], cells
    # one unbreakable run on a page: no-break spaces (eighteenth reading fr72)
    word = {"en": "\u00a0to\u00a0", "fr": "\u202f;\u00a0", "it": ";\u00a0"}[lang]
    assert all(word in c for c in cells), cells


@pytest.mark.parametrize(("lang", "count", "share"), [
    ("fr", ("46,0", "−0,7\u202f; +0,1"), ("0,0\u202f%", "−49,3\u202f; +16,0")),  # a share's change: points,
    ("it", ("46,0", "−0,7; +0,1"), ("0,0%", "−49,3; +16,0")),  # as the terminal's row (tenth reading it76)
    ("en", ("46.0", "−0.7 to +0.1"), ("0.0%", "−49.3 to +16.0"))])
def test_the_compare_pages_table_writes_its_figures_as_the_terminal_does(
        lang: str, count: tuple[str, str], share: tuple[str, str]) -> None:
    """One decimal in every column, the interval's ends joined as every interval of the terminal: the page said
    "[-3, +0,3]" and "0 %" where the terminal said "[−3,0 ; +0,3]" and "0,0 %"."""
    from cardgen.report.pages import metrics_table

    rows = metrics_table([{"metric": "turns", "base": 46, "variant": 45.7, "difference": -0.3, "low": -0.7,
                           "high": 0.1, "significant": False},
                          {"metric": "seat_1", "base": 0.0, "variant": 0.2, "difference": 0.2, "low": -0.493,
                           "high": 0.16, "significant": False}], lang, sort=False)["rows"]
    assert (rows[0]["base"], rows[0]["interval"]) == (count[0], f"[{count[1]}]")
    assert (rows[1]["base"], rows[1]["interval"]) == (share[0], f"[{share[1]}]")


def test_the_compare_pages_row_says_the_terminals_value_and_interval() -> None:
    """en50, it30: the page's row gave the paired mean (−9.24) and its plain 95 % interval under a heading of
    "95% confidence interval", where the terminal's row and the verdict say the difference of the values shown
    (27.2 → 17.9: −9.3) and Holm's widened interval: the page now says the same, headed as widened. Terminal round
    41 en38*: both say the true difference rounded, −9.2 (−9.24), never that of the rounded values."""
    from cardgen.report.pages import metrics_table

    table = metrics_table([{"metric": "turns", "base": 27.16, "variant": 17.92, "difference": -9.24, "low": -10.5,
                            "high": -8.0, "adj_low": -10.6, "adj_high": -7.9, "significant": True}], "en")
    assert (table["rows"][0]["difference"], table["rows"][0]["interval"]) == ("−9.2", "[−10.6 to −7.9]")
    assert table["head"][4] == "95% interval (widened, see the note)"
    # terminal round 27 en28: the fix page has no note to see: its head says why the interval is widened
    fixed = metrics_table([{"metric": "turns", "base": 27.16, "variant": 17.92, "difference": -9.24, "low": -10.5,
                            "high": -8.0, "adj_low": -10.6, "adj_high": -7.9, "significant": True}], "en", fix=True)
    assert fixed["head"][4] == "95% interval (widened: several figures are compared at once)"
