"""A laptop's game over as round 28's readers asked for it (#53, it8, it25, fr5, en10): the journal beside the
result and its form, many lines in sight and its latest one shown, not a sliver folded under the form."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_designer_words import finish
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


@pytest.mark.parametrize("game", ["king_lui", "draco"])
def test_game_over_on_a_laptop_shows_the_journal_beside_the_form(tmp_path: Path, game: str) -> None:
    proc, links = start_table(tmp_path, game, "--lang", "it", "--pace", "0")
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        finish(links)
        with chromium_page(links["2"], 1280, 800) as page:
            page.wait_for_function("() => view && view.waiting === 'over'", timeout=30_000)
            page.wait_for_timeout(400)
            seen = page.evaluate(SEEN)
    finally:
        proc.terminate()
        proc.wait(10)
    assert seen["form"], seen  # the form is there, and the journal beside it, not under it
    assert seen["journal"]["left"] >= seen["result"]["right"] - 1, seen
    assert seen["journal"]["top"] < seen["result"]["bottom"], seen
    # about twenty lines of the side panel's height, inside it, the last move in sight at its foot
    assert seen["journal"]["height"] >= 300 and seen["journal"]["bottom"] <= seen["aside"]["bottom"] + 1, seen
    assert seen["journal"]["top"] <= seen["last"]["top"] and seen["last"]["bottom"] <= seen["journal"]["bottom"] + 1, seen
