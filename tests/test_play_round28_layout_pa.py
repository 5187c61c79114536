"""A laptop's game over as round 28's readers asked for it (#53, it8, it25, fr5, en10): the journal beside the
result and its form, many lines in sight and its latest one shown, not a sliver folded under the form."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_page_round4 import finished_it  # noqa: F401 (a fixture: the finished table)
from tests.test_play_server import ask, start_table

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")

#: where the result, the journal and its last line are, the side panel unscrolled
SEEN = """() => { const side = document.querySelector('aside'); side.scrollTop = 0;
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
    bottom: r.bottom, height: r.height}; };
  const j = document.getElementById('journal'), last = j.lastElementChild;
  return {aside: box(side), result: box(document.getElementById('result')), journal: box(j), last: box(last),
          form: !!document.querySelector('#result form, #result select')}; }"""


def test_game_over_on_a_laptop_keeps_the_tables_panels_their_width(finished_it: Any) -> None:
    """Round 29 (en17, fr9): the two-column side panel took 640 of a 1280 px screen at game over, and the players'
    panels beside the table shrank to 50 px ("Playe / Bo (yo…") on the screen that names the winner."""
    links, _ = finished_it
    with chromium_page(links["2"], 1280, 800) as page:
        page.wait_for_function("() => view && view.waiting === 'over'", timeout=30_000)
        page.wait_for_timeout(400)
        widths = page.evaluate("() => [document.querySelector('main').getBoundingClientRect().width, "
                               "document.querySelector('aside').getBoundingClientRect().width]")
    assert widths[1] <= 420 and widths[0] - widths[1] >= 800, widths


def test_game_over_on_a_wide_screen_shows_the_journal_beside_the_form(finished_it: Any) -> None:
    links, _ = finished_it  # Royale in Italian, played to its end (test_play_page_round4's table)
    with chromium_page(links["2"], 1600, 900) as page:
        page.wait_for_function("() => view && view.waiting === 'over'", timeout=30_000)
        page.wait_for_timeout(400)
        seen = page.evaluate(SEEN)
    assert seen["form"], seen  # the form is there, and the journal beside it, not under it
    assert seen["journal"]["left"] >= seen["result"]["right"] - 1, seen
    assert seen["journal"]["top"] < seen["result"]["bottom"], seen
    # about twenty lines of the side panel's height, inside it, the last move in sight at its foot
    assert seen["journal"]["height"] >= 300 and seen["journal"]["bottom"] <= seen["aside"]["bottom"] + 1, seen
    assert seen["journal"]["top"] <= seen["last"]["top"] and seen["last"]["bottom"] <= seen["journal"]["bottom"] + 1, seen


#: the journal's box and its last line against the side panel's foot, with a tall box (a hint open) over the moves
CROWDED = """async () => { const box = document.getElementById('hint-box'); box.hidden = false;
  const tall = document.createElement('div'); tall.style.height = '40px'; box.replaceChildren(tall);
  await new Promise((r) => setTimeout(r, 300));
  const side = document.querySelector('aside'); side.scrollTop = 0;
  const j = document.getElementById('journal'), last = j.lastElementChild;
  return {aside: side.getBoundingClientRect().bottom, journal: j.getBoundingClientRect().bottom,
          last: last.getBoundingClientRect().bottom, height: j.getBoundingClientRect().height}; }"""


def test_a_crowded_side_panel_keeps_the_journals_latest_line_in_sight(tmp_path: Path) -> None:
    """en10, fr6, it8: with the hint open the journal ran under the side panel's foot, moves 7 and 8 out of sight; it
    now gives up room down to six lines first (a box 40 px tall over the moves: the 14-em journal overran by 24 px)."""
    proc, links = start_table(tmp_path, "king_lui", "--lang", "en", "--pace", "0")
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        for _ in range(12):  # a few turns: a journal longer than its box
            view = ask(links["designer"] + "api/view")[1]
            seat = str(view["turn"] + 1)
            if seat in links:
                mine = ask(links[seat] + "api/view")[1]
                ask(links[seat] + "api/move", {"action": mine["moves"][0]["action"], "turn": mine["moves_made"]})
            else:
                ask(links["designer"] + "api/agent", {"after": view["moves_made"]})
        with chromium_page(links["2"], 1280, 800) as page:
            page.wait_for_function("() => view && view.journal.length > 8", timeout=30_000)
            seen = page.evaluate(CROWDED)
    finally:
        proc.terminate()
        proc.wait(10)
    assert seen["height"] >= 80, seen  # six lines and more
    assert seen["journal"] <= seen["aside"] + 1 and seen["last"] <= seen["journal"] + 1, seen
