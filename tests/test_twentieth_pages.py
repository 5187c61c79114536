"""The twentieth reading's page faults fixed (docs/reads/terminal-round-20-*.md)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _phone_css() -> str:
    """The report stylesheet's phone block (``@media (max-width:40em)``), whole."""
    css = (ROOT / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    start = css.index("@media (max-width:40em){")
    depth, i = 0, css.index("{", start)
    for i in range(i, len(css)):
        depth += {"{": 1, "}": -1}.get(css[i], 0)
        if depth == 0:
            break
    return css[start:i + 1]


def test_the_design_indicators_give_their_meaning_the_phone_s_width() -> None:
    """en69, fr60: at 390 px the indicators' table kept three columns and squeezed each indicator's meaning into
    120 px, 12 to 20 lines a row. On a phone a row is a grid: the name and meaning across the screen, the figure and
    its interval below; the wide screen keeps its table (the rule lives only in the phone block)."""
    template = (ROOT / "templates" / "report" / "designer.html").read_text(encoding="utf-8")
    assert '<table class="indicators">' in template
    phone = _phone_css()
    assert re.search(r"table\.indicators tr\{display:grid;", phone)
    assert "table.indicators td:first-child{grid-column:1/-1}" in phone
    css = (ROOT / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    assert css.count("table.indicators") == phone.count("table.indicators")


def test_the_runs_page_stands_each_run_as_a_card_on_a_phone() -> None:
    """fr52, it45: at 390 px the runs' table scrolled sideways and hid its last column, the result. The table takes
    the overview's phone form (``table.overview``: a card a row, each cell under its column's name)."""
    from cardgen.report.pages import runs_index

    run = {"id": "c", "kind": "compare", "decks": ["royale", "royale-short"], "games": 100, "players": [2, 3, 4],
           "agents": ["heuristic"], "seed": 1, "significant": 16, "follows": 9}
    html = runs_index([run], "", "fr")
    table = html[html.index("<table"):html.index("</table>")]
    assert table.startswith('<table class="overview runs">')  # round 40 en34: its own column widths
    cells = re.findall(r"<td[^>]*>", table)
    assert len(cells) == 7 and all('data-label="' in c for c in cells), cells
    heads = re.findall(r"<th>([^<]*)</th>", table)
    assert [re.search(r'data-label="([^"]*)"', c).group(1) for c in cells] == heads


@pytest.mark.parametrize(("lang", "none", "chance"), [("fr", "aucun écart", "oui"), ("it", "nessuna differenza", "sì"),
                                                      ("en", "no change", "no")])
def test_a_figure_the_same_in_every_game_pair_is_not_asked_whether_chance_explains_it(lang: str, none: str,
                                                                                      chance: str) -> None:
    """fr69: a count the variant cannot change (the simulated players made the same moves: "cards in one hand",
    24.6 and 24.6, [0.0; 0.0]) answered "oui" to « cet écart peut-il venir du hasard ? »: there is no gap. Such a
    row says it has none; a row with a gap chance may explain keeps its answer."""
    from cardgen.report.pages import metrics_table
    from cardgen.report.templating import macro

    same = {"metric": "turns", "group": "length", "base": 24.6, "variant": 24.6, "difference": 0.0, "low": 0.0,
            "high": 0.0, "significant": False}
    small = {**same, "variant": 24.9, "difference": 0.3, "low": -0.2, "high": 0.8}
    table = metrics_table([same, small], lang, sort=False)
    assert [r["same"] for r in table["rows"]] == [True, False]
    html = str(macro("parts.html", "metrics", table["head"], table["rows"]))
    answers = re.findall(r"<td class=\"answer\"[^>]*>([^<]*)</td></tr>", html)
    assert answers == [none, chance], answers


def test_a_token_longer_than_a_phone_s_line_breaks_rather_than_runs_off_the_page() -> None:
    """en62: at 390 px a house rule's path ("variants/king_lui/house/gentle_overeating.py") ran past the gallery's
    box and the screen's edge. Both stylesheets (the report's and the gallery's own) let such a token break
    (``overflow-wrap:break-word``, which never breaks a word that fits its line)."""
    report = (ROOT / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    gallery = (ROOT / "templates" / "report" / "gallery.html").read_text(encoding="utf-8")
    for css in (report, gallery):
        body = re.search(r"^body\{[^}]*\}", css, re.M)
        assert body is not None and "overflow-wrap:break-word" in body.group(0)


def test_a_command_s_options_and_a_range_stay_whole_in_the_page_s_text() -> None:
    """en88, it51: a phone broke "cardgen validate royale --players 2 --games 1200" after the "--" of "--games",
    and "(11–12)" after its dash. Each option is a ``nw`` span (the stylesheets keep it on one line; the text a
    designer copies is the command, no joiner in it), a range of whole numbers is joined after its dash; a string
    with neither is left a plain string, escaped as ever."""
    from markupsafe import Markup

    from cardgen.report.templating import environment, kept

    said = kept("to find out, play more games: cardgen validate royale --players 2 --games 1200 <b>")
    assert isinstance(said, Markup)
    # since round 32 (fr34, it42) in groups: the words up to the first option, each option with its value
    assert str(said) == ('to find out, play more games: <span class="nw">cardgen validate royale</span> '
                         '<span class="nw">--players 2</span> <span class="nw">--games 1200</span> &lt;b&gt;')
    assert str(kept("cardgen fix draco-charity-toast")) == 'cardgen fix <span class="nw">draco-charity-toast</span>'
    path = "variants/draco/house/draco-charity-toast-house.py"  # longer than a phone's line: may still break
    assert str(kept(f"cardgen check {path} --lang fr")) == f'cardgen check {path} <span class="nw">--lang fr</span>'
    assert kept("The King’s Head Waiter (11–12) 7.0%") == "The King’s Head Waiter (11–\u206012) 7.0%"
    assert not isinstance(kept("a path: variants/x--y.yaml, a range [1.0 to 2.0]"), Markup)
    page = environment().from_string("<p>{{ s }}</p>").render(s="run: cardgen fix draco --games 100 --seed 1")
    assert page.count('<span class="nw">') == 3 and "--seed 1</span></p>" in page
    for css in ((ROOT / "templates" / "report" / "report.css").read_text(encoding="utf-8"),
                (ROOT / "templates" / "report" / "playtest.html").read_text(encoding="utf-8")):
        assert ".nw{white-space:nowrap}" in css


#: each ``nw`` span's count of drawn lines (1: whole) and the paragraph's text, at the page's width
LINES_PROBE = ("<script>window.addEventListener('load',()=>{document.body.setAttribute('data-probe',"
               "JSON.stringify([[...document.querySelectorAll('.nw')].map(s=>s.getClientRects().length),"
               "document.querySelector('p').textContent]));});</script>")


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="no Chromium at /usr/bin/chromium")
def test_on_a_phone_a_command_breaks_only_at_its_spaces(tmp_path: Path) -> None:
    """In a browser, at every width from 240 to 390 px (one of which put a line's end inside "--games" before):
    each option drawn on one line, and the paragraph's text the command as typed, to be copied whole."""
    import json
    import subprocess

    from cardgen.report.templating import environment

    command = "cardgen validate royale --players 2 --games 1200 --seed 7 --agents heuristic"
    body = environment().from_string('<html><head><meta name="viewport" content="width=device-width, '
                                     'initial-scale=1"><style>{% include "report.css" %}</style></head><body>'
                                     "<p>{{ s }}</p></body></html>").render(s=f"to find out, play more games: {command}")
    page = tmp_path / "p.html"
    page.write_text(body.replace("</body>", LINES_PROBE + "</body>"), encoding="utf-8")
    for width in range(240, 391, 30):
        dom = subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                              f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={width},600",
                              "--virtual-time-budget=5000", "--dump-dom", page.as_uri()],
                             capture_output=True, text=True, timeout=120).stdout
        found = re.search(r'data-probe="([^"]*)"', dom)
        assert found, dom[-500:]
        lines, text = json.loads(found.group(1).replace("&quot;", '"'))
        assert lines == [1] * 5 and text.endswith(command), (width, lines, text)
