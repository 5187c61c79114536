"""The compare page's "changes in shares of games" chart shows each measure's whole name, at a laptop's and a
phone's width (twenty-seventh reading en21, it49: right-aligned in a 170 px margin, a long name such as "games that
end because the End of the Banquet card has been drawn as many times as each game's rules ask" ran off the chart's
left edge, "mes as each game's rules ask", and the designer could not tell which dot was which measure)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.report.pages import compare_page
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.summary import Naming
from cardgen.simulate.verdict import is_share
from toy_game import load_toy, toy_deck

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)

#: names as long as the real games' (Royale's, King Lui's, Draco's), in each language
LONG = {"en": "games that end because the End of the Banquet card has been drawn as many times as each game’s "
              "rules ask",
        "fr": "parties où, après l’élimination des ex æquo de tête, les plus riches des autres sont encore à égalité, "
              "ou il ne reste aucun joueur",
        "it": "partite in cui sul tavolo non resta alcun piatto, ma una carta Emerald è in attesa accanto ai piatti"}

#: every text of every chart that draws intervals (a forest's whiskers) whose box leaves its chart's box
OUTSIDE = """() => [...document.querySelectorAll('svg')]
  .filter(s => s.querySelector('circle > title') && s.getBoundingClientRect().width > 0)
  .flatMap(s => { const b = s.getBoundingClientRect();
    return [...s.querySelectorAll('text')].filter(t => { const r = t.getBoundingClientRect();
      return r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5; })
      .map(t => t.textContent); })"""


def _page(tmp_path: Path, lang: str) -> tuple[Path, list[str]]:
    """A toy comparison's page whose share measures carry a long name; the page's file and those names."""
    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    [r] = doc["results"]
    shares = [m["metric"] for m in r["metrics"] if m.get("group") == "internal" and is_share(m["metric"])
              and m.get("low") is not None]
    names = [f"{LONG[lang]} {i + 1}" for i in range(len(shares))]
    r["game_words"] = {**(r.get("game_words") or {}), "labels": {lang: dict(zip(shares, names))}}
    page = tmp_path / f"compare-{lang}.html"
    page.write_text(compare_page(doc, {"name": "King Toy: Hungry"}, "", naming=Naming(title="King Toy")))
    return page, names


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium (apt-get install -y chromium)")
@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_share_chart_s_row_names_stay_inside_the_chart_at_laptop_and_phone_width(tmp_path: Path,
                                                                                     lang: str) -> None:
    page, names = _page(tmp_path, lang)
    assert names, "the toy comparison has no share measure to chart"
    with playwright.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            for width in (1280, 390):
                tab = browser.new_page(viewport={"width": width, "height": 900})
                tab.goto(page.as_uri())
                drawn = tab.evaluate("() => [...document.querySelectorAll('svg text')].map(t => t.textContent)"
                                     ".join(' ')")
                for name in names:  # every word of the name is drawn, on one line or several
                    assert all(word in drawn for word in name.split(" ")), (width, name)
                assert tab.evaluate(OUTSIDE) == [], width
                tab.close()
        finally:
            browser.close()
