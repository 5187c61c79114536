"""``cardgen fix``'s report page (twenty-third reading en38: the one command without a page sent the designer to
fix.json): built from a small fix result, it holds the fixes in the terminal's order with their files, their
figures as compare's tables and what validate will say after each, links the record, speaks the page's language
only and escapes what the game names."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.report.fixing import FIXING, Block, FixPage, Proposed, render_fix
from cardgen.report.pages import fix_hint, metrics_table
from cardgen.tune.fix import search_games, word

#: one count that moved at one player count, as compare's result gives it (``verdict.listed_counts``)
MOVED = {"metric": "peak:gold_on_lairs", "base": 25.0, "variant": 38.1, "difference": 13.1, "low": 10.3,
         "high": 15.9, "significant": True}


def small_page(lang: str, deck: str = "Draco & Co") -> FixPage:
    """A fix run's page as ``cardgen fix`` keeps it: two fixes, ranked, the second said like the first; every line
    the terminal's own words in ``lang``."""
    page = FixPage(deck, head=word("head", lang, deck=deck, trials=6, games="300", agents="x"))
    page.keep("flagged", word("found", lang, deck=deck, n=300, twice=600))
    page.keep("search", word("untried", lang, n=6, levers="y"))
    page.trials = [word("trial", lang, n=k, trials=2, values="z", result=word("cured", lang, cost="1,50"))
                   for k in (1, 2)]
    for rank in (1, 2):
        fix = Proposed(rank, f"draco-fix-{rank}.yaml", validate=word("validate_still" if rank == 1 else
                                                                          "validate_quiet", lang, allowed="1%",
                                                                          what="4.0%"))
        fix.lines.append(word("cost", lang, text=f"cost {rank}").strip())
        fix.blocks.append(Block(word("verdict", lang, players="3", pairs=50, text="t",
                                     source=search_games(50, 300, lang)).strip(),
                                metrics_table([MOVED], lang, sort=False)))
        page.fixes.append(fix)
    page.keep("after", word("next", lang, deck="draco", path="draco-fix-1.yaml", pairs=50, full="1,000"))
    return page


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_page_holds_the_ranked_fixes_their_files_figures_and_the_record(lang: str) -> None:
    html = render_fix(small_page(lang), lang)
    first, second = (html.index(f'id="fix-{k}"') for k in (1, 2))
    assert first < second  # ranked as the terminal ranks them
    for k in (1, 2):
        assert f'<a href="draco-fix-{k}.yaml"><code>draco-fix-{k}.yaml</code></a>' in html
    assert '<a href="fix.json"><code>fix.json</code></a>' in html
    assert html.count('<table class="metrics">') == 2  # each fix's figures, as compare's tables
    assert word("validate_still", lang, allowed="1%", what="4.0%") .split()[0] in html
    assert word("validate_quiet", lang, allowed="1%")[:20] in html
    assert html.index(FIXING[lang]["flagged"]) < first < html.index(FIXING[lang]["trials"])


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_page_speaks_its_language_only(lang: str) -> None:
    html = render_fix(small_page(lang), lang)
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html, flags=re.S))  # what a reader reads
    for key, english in FIXING["en"].items():
        assert english.split("{")[0].strip() not in text, key
    for english in ("base game", "difference", "Fix 1", "variant file", "cost:", "All figures"):
        assert english not in text
    assert f'<html lang="{lang}">' in html
    if lang == "fr":  # the page's own words typeset as French sets them
        assert "Tous les chiffres, dans un format lisible par un programme (JSON)\u202f:" in html  # round 40 it32


def test_what_the_game_names_is_escaped() -> None:
    html = render_fix(small_page("en", deck="<b>Draco</b> & Co"), "en")
    assert "<b>Draco</b>" not in html and "&lt;b&gt;Draco&lt;/b&gt; &amp; Co" in html
    assert "<title>Fixes for &lt;b&gt;Draco&lt;/b&gt; &amp; Co</title>" in html


def test_validate_and_compare_link_the_fix_page_where_one_lies_beside_the_record(tmp_path: Path) -> None:
    folder = tmp_path / "fix" / "draco"
    folder.mkdir(parents=True)
    (folder / "fix.json").write_text('{"proposals": [{"file": "a.yaml"}]}', encoding="utf-8")
    assert fix_hint("draco", tmp_path, "it")["href"] == "../../fix/draco/fix.json"
    (folder / "index.html").write_text(render_fix(small_page("it"), "it"), encoding="utf-8")
    hint = fix_hint("draco", tmp_path, "it")
    assert hint["href"] == "../../fix/draco/index.html" and hint["link"] == "il suo resoconto"


def test_the_gallery_links_the_latest_fixes_in_fix_s_own_folder(tmp_path: Path) -> None:
    from cardgen.report.gallery import WORDS, _reports

    assert not [r for r in _reports([], "draco", None, tmp_path, WORDS["fr"], "fr") if "fix/" in r["href"]]
    (tmp_path / "fix" / "draco").mkdir(parents=True)
    (tmp_path / "fix" / "draco" / "index.html").write_text("x", encoding="utf-8")
    links = _reports([], "draco", None, tmp_path, WORDS["fr"], "fr")
    assert {"href": "fix/draco/index.html", "text": "dernières corrections", "note": ""} in links
