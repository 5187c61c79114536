"""The fourth native reader's layout faults of the playtest page (issues 52 and 53), in Chromium.

An Italian Royale table of two people is played to its end through the page's API, then looked at:

- L1/L2: at game over the moves list kept the room of three buttons it no longer holds: a blank band of about
  170 px on a phone, and at 1280 x 720 the journal pushed out of the side panel (its heading half cut);
- L3: at 1280 x 720 the cards served under another seat's nobles were shrunk to the nobles' own height, a heap;
- L4: a card's caption broke inside a word ("Abbondanz / a") on the designer's page;
- L7: the designer's links (lobby, spectator, pass-and-play, each seat's) were 14-42 px high on a phone;
- F13: the log's path (on the designer's machine) was said on every person's page.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_designer_words import finish
from tests.test_play_server import ask, start_table

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")

#: a finger's touch target
TOUCH = 44

#: every caption word that wraps across lines: (caption, word, its line boxes)
BROKEN_WORDS = """() => {
  const out = [];
  for (const cap of document.querySelectorAll('figure.card figcaption')) {
    if (!cap.offsetParent || !cap.firstChild || cap.firstChild.nodeType !== 3) continue;
    const text = cap.firstChild.textContent;
    for (const m of text.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(cap.firstChild, m.index); r.setEnd(cap.firstChild, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
      if (tops.size > 1) out.push([text, m[0], tops.size]);
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def finished_it(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp_path = tmp_path_factory.mktemp("round4-it")
    proc, links = start_table(tmp_path, "royale", "--lang", "it", "--pace", "0")
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        finish(links)
        yield links, tmp_path / "games.jsonl"
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_designers_links_are_a_fingers_height_on_a_phone(finished_it: Any) -> None:
    links, _ = finished_it
    with chromium_page(links["designer"], 390, 844) as page:
        page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
        heights = page.evaluate("""() => [...document.querySelectorAll('#moves a')].filter((a) => a.offsetParent)
            .map((a) => [a.textContent.slice(0, 30), Math.round(a.getBoundingClientRect().height)])""")
    assert len(heights) >= 5, heights  # the lobby's, the spectator's, the device's and each person's seat's
    assert all(h >= TOUCH for _, h in heights), heights


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1600, 900)])
def test_no_caption_of_the_designers_page_breaks_inside_a_word(finished_it: Any, width: int, height: int) -> None:
    links, _ = finished_it
    with chromium_page(links["designer"], width, height) as page:
        page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
        captions = page.evaluate("() => document.querySelectorAll('figure.card figcaption').length")
        broken = page.evaluate(BROKEN_WORDS)
    assert captions > 0
    assert broken == []


def test_game_over_on_a_phone_leaves_no_blank_band_where_the_moves_were(tmp_path: Path) -> None:
    proc, links = start_table(tmp_path, "king_lui", "--lang", "fr", "--pace", "0")
    try:
        assert ask(links["2"] + "api/view")[0] == 200
        with chromium_page(links["1"], 390, 844) as page:  # the page open while the game ends, as a person's is
            page.wait_for_function("() => view && view.moves.length", timeout=30_000)
            page.wait_for_function("() => document.getElementById('moves').style.minHeight !== ''", timeout=30_000)
            finish(links)
            page.wait_for_function("() => view.waiting === 'over'", timeout=30_000)
            page.wait_for_timeout(300)
            seen = page.evaluate("""() => ({moves: document.getElementById('moves').getBoundingClientRect().height,
                kept: document.getElementById('moves').style.minHeight})""")
    finally:
        proc.terminate()
        proc.wait(10)
    assert seen["kept"] == "" and seen["moves"] < 20, seen


def test_game_over_on_a_laptop_keeps_the_journal_in_sight_and_served_cards_small(finished_it: Any) -> None:
    links, _ = finished_it
    with chromium_page(links["2"], 1280, 720) as page:
        page.wait_for_function("() => view && view.waiting === 'over'", timeout=30_000)
        page.wait_for_timeout(300)
        seen = page.evaluate("""() => {
          const side = document.querySelector('aside'); side.scrollTop = side.scrollHeight;
          const aside = side.getBoundingClientRect();
          const j = document.getElementById('journal').getBoundingClientRect();
          const served = [...document.querySelectorAll('.area.other figure.card')].flatMap((f) => {
            const card = f.querySelector(':scope > img'), under = [...f.querySelectorAll('.under img')];
            return under.map((u) => [u.getBoundingClientRect().height, card.getBoundingClientRect().height]);
          });
          return {aside_bottom: aside.bottom, journal_top: j.top, journal_height: j.height, served};
        }""")
    # the journal's first lines show inside the side panel once scrolled to, under the result and its form
    assert seen["journal_height"] >= 40 and seen["journal_top"] + 40 <= seen["aside_bottom"], seen
    assert seen["served"], "no card served under another seat's noble at the end"
    assert all(u <= 0.7 * card for u, card in seen["served"]), seen["served"]


def test_the_logs_path_is_said_on_the_designers_page_never_on_a_persons(finished_it: Any) -> None:
    links, log = finished_it
    assert ask(links["1"] + "api/view")[1]["saved"] == ""
    assert ask(links["designer"] + "api/view")[1]["saved"] == str(log)
    with chromium_page(links["designer"]) as page:
        page.wait_for_function("() => view && view.designer", timeout=30_000)
        assert str(log) in page.evaluate("() => document.body.innerText")


def test_while_a_seat_is_open_nobody_is_said_to_play_and_the_passed_device_is_told_to_the_designer(
        tmp_path: Path) -> None:
    """F1/E2/I4: "Waiting for the other players…" while nobody plays yet; F14: "each player plays from their own
    link" on the designer's page of a table played on one passed device."""
    proc, links = start_table(tmp_path, "king_lui", "--lang", "en", "--pace", "0")
    try:
        with chromium_page(links["1"], 390, 844) as page:  # seat 2 has not come
            page.wait_for_function("() => view && view.waiting === 'seats'", timeout=30_000)
            assert page.evaluate("() => document.getElementById('moves').innerText.trim()") == \
                "The game starts once every person has chosen their player."
        assert ask(links["designer"] + "api/view")[1]["passing"] is False
        with chromium_page(links["designer"]) as page:
            page.wait_for_function("() => view && view.designer", timeout=30_000)
            assert "each person plays from their own link" in page.evaluate("() => $('counters').textContent")
        assert ask(links["pass"] + "api/view")[0] == 200  # the device handed round has come
        with chromium_page(links["designer"]) as page:
            page.wait_for_function("() => view && view.designer", timeout=30_000)
            said = page.evaluate("() => $('counters').textContent")
        assert "the players hand one device round" in said and "own link" not in said
    finally:
        proc.terminate()
        proc.wait(10)


#: the side panel's bottom and the journal's box
#: the journal under the game over's result and form: the side panel scrolls as one (the form reads top to bottom,
#: never in a capped box of its own: #53 round 26, en1, fr1, it1), so the journal is there once it is scrolled down
JOURNAL_SEEN = """() => { const side = document.querySelector('aside'); side.scrollTop = side.scrollHeight;
  const aside = side.getBoundingClientRect();
  const j = document.getElementById('journal').getBoundingClientRect();
  return {aside_bottom: aside.bottom, journal_top: j.top, journal_height: j.height}; }"""


def test_game_over_on_a_laptop_keeps_the_journal_in_sight_over_a_hand(tmp_path: Path) -> None:
    """King Lui keeps a hand at the bottom (a shorter side panel): the journal shows under the form."""
    proc, links = start_table(tmp_path, "king_lui", "--lang", "fr", "--pace", "0")
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        finish(links)
        with chromium_page(links["2"], 1280, 720) as page:
            page.wait_for_function("() => view && view.waiting === 'over'", timeout=30_000)
            page.wait_for_timeout(300)
            seen = page.evaluate(JOURNAL_SEEN)
    finally:
        proc.terminate()
        proc.wait(10)
    assert seen["journal_height"] >= 40 and seen["journal_top"] + 40 <= seen["aside_bottom"], seen


def test_the_designers_scores_and_title_show_whole_at_game_over(finished_it: Any) -> None:
    """The scores box is not cut by the side panel's room; the title keeps to one line (L6)."""
    links, _ = finished_it
    with chromium_page(links["designer"], 1280, 720) as page:
        page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
        seen = page.evaluate("""() => { const r = document.getElementById('result'), t = document.getElementById('title');
          return {cut: r.scrollHeight - r.clientHeight, title: t.getBoundingClientRect().height,
                  line: parseFloat(getComputedStyle(t).lineHeight) || 24}; }""")
    assert seen["cut"] <= 1, seen
    assert seen["title"] < 2 * seen["line"], seen
