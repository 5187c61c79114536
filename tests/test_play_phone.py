"""A person's page on a phone (390 x 844, issue #52): the moves and the start of the table on the first screen,
the table whole below them (not a box cut through a card), every touch target at least 44 px high, a long list of
moves grouped by the card it plays; "New game" asks first. On a laptop (1280 x 720) the moves have the side
panel's room, and Draco's circle keeps each badge off its neighbours' names.

Before: the hand, the moves and the journal came first, the table started at y = 790-1591 px and move buttons
were 27 px high, up to 34 of them in one turn.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ROOT

#: a phone's screen
WIDTH, HEIGHT = 390, 844
#: a finger's touch target
TOUCH = 44


def one_person(tmp_path: Path, deck: str) -> tuple[subprocess.Popen[str], str]:
    """``cardgen play DECK`` for one person, agents quick, its log in ``tmp_path``: the process and its link."""
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(ROOT), "play", deck, "--seed", "7",
                             "--no-browser", "--pace", "0.05", "--out", str(tmp_path / "out"),
                             "--log", str(tmp_path / "games.jsonl")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"(http://127\.0\.0\.1:\d+/\S+/)", line)
        if found:
            return proc, found.group(1)
    raise AssertionError(f"no address printed; stderr: {proc.stderr.read() if proc.stderr else ''}")


def my_turn_with_many_moves(page: Any, least: int) -> None:
    """Play the first move at each of the person's turns until one offers more than ``least`` moves."""
    for _ in range(60):
        page.wait_for_function("() => view && view.waiting === 'you' && !busy", timeout=60_000)
        if page.evaluate("() => view.moves.length") > least:
            return
        made = page.evaluate("() => view.moves_made")
        page.evaluate("() => play(view.moves[0].action)")
        page.wait_for_function(f"() => view.moves_made > {made}", timeout=60_000)
    raise AssertionError(f"no turn with more than {least} moves")


def layout(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
      const box = (e) => e.getBoundingClientRect();
      const shown = [...document.querySelectorAll('button, select')].filter((b) => b.offsetParent !== null);
      const table = box(document.getElementById('table')), first = box(document.querySelector('#moves button'));
      const t = document.getElementById('table');
      return {table: table.top, table_width: table.width, table_bottom: table.bottom,
              table_boxed: t.scrollHeight > t.clientHeight + 1,
              first: first.bottom, first_top: first.top,
              small: shown.filter((b) => box(b).height < 44).map((b) => b.id || b.textContent.slice(0, 40)),
              wide: document.documentElement.scrollWidth,
              groups: [...document.querySelectorAll('#moves button.group')].map((b) => b.firstChild.textContent),
              heads: [...new Set(view.moves.map((m) => m.group))]};  // the group each move's game names
    }""")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_the_table_and_the_moves_come_first_on_a_phone_grouped_by_card_with_touch_sized_buttons(
        tmp_path: Path) -> None:
    proc, url = one_person(tmp_path, "draco")
    try:
        with chromium_page(url, WIDTH, HEIGHT) as page:
            my_turn_with_many_moves(page, 8)
            seen = layout(page)
            assert 0 < seen["table"] < HEIGHT / 2, f"the table starts at y = {seen['table']}"
            assert seen["first"] <= HEIGHT, f"the first move ends at y = {seen['first']}, below the screen"
            assert seen["table_width"] >= WIDTH - 24, f"the table is {seen['table_width']} px wide"
            assert seen["first"] <= seen["table"]  # the moves above the table, not squeezed beside it
            # the table whole, the page scrolling: not a 44vh box of its own cut through a card (reader's L-1)
            assert not seen["table_boxed"] and seen["table_bottom"] > HEIGHT
            assert not seen["small"], f"buttons under {TOUCH} px: {seen['small']}"
            assert seen["wide"] <= WIDTH
            # one line per card played: as many lines as the moves have distinct cards, the groups among them
            lines = page.locator("#moves > button").count()
            assert lines == len(seen["heads"]) < page.evaluate("() => view.moves.length") and seen["groups"]
            head = seen["groups"][0]
            page.locator("#moves button.group").first.click()
            members = page.locator("#moves button.move.member")
            assert members.count() >= 2
            titles = [members.nth(i).get_attribute("title") for i in range(members.count())]
            said = [members.nth(i).inner_text() for i in range(members.count())]
            # each choice its whole move in its title, its own part on the button ("against Player 2" under "Play
            # Shakedown": the game's group, never the text cut at a colon: #53 round 27, en19, fr10, it23)
            assert all(t.startswith(head) and t != part for t, part in zip(titles, said)) and len(set(titles)) == len(titles)
            assert not layout(page)["small"]
            made = page.evaluate("() => view.moves_made")
            members.first.click()  # a target under its card plays that move
            page.wait_for_function(f"() => view.moves_made > {made}", timeout=60_000)
            # the journal's record of it: the card the button named, then what it did ("plays Rumours: Red Ruffian
            # (seat 3) moves back 2 seats, to seat 5"; round 24, en39; round 25, en28), as the button said it
            record = page.evaluate("() => view.journal.map((e) => e.text)")[made].split(" ", 1)[1]
            assert record.startswith(head.split(" ", 1)[1]) and "→" not in record  # the card, as its group names it
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_new_deal_asks_first_and_the_game_before_it_stays_in_the_log(tmp_path: Path) -> None:
    proc, url = one_person(tmp_path, "royale")
    try:
        with chromium_page(url, WIDTH, HEIGHT) as page:
            my_turn_with_many_moves(page, 0)
            made = page.evaluate("() => view.moves_made")
            page.evaluate("() => play(view.moves[0].action)")
            page.wait_for_function(f"() => view.moves_made > {made} && !busy", timeout=60_000)
            asked: list[str] = []
            page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
            page.locator("#new").click()
            page.wait_for_timeout(500)
            assert asked and "--resume" in asked[0]  # in the table's language: English here
            assert page.evaluate("() => view.game_number") == 1 and page.evaluate("() => view.moves_made") > made
            page.once("dialog", lambda dialog: dialog.accept())
            page.locator("#new").click()
            page.wait_for_function("() => view.game_number === 2", timeout=30_000)
    finally:
        proc.terminate()
        proc.wait(10)
    old = json.loads((tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert old["end_reason"] == "unfinished" and len(old["actions"]) > made


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_the_circle_of_places_is_compact_on_a_phone_and_every_name_is_whole(tmp_path: Path) -> None:
    """Draco's circle took ~290 px of a 390x844 screen, its names cut to "9. Red…"; on a phone its places are a
    compact list in circle order, the centre card first, each name whole."""
    proc, url = one_person(tmp_path, "draco")
    try:
        with chromium_page(url, WIDTH, HEIGHT) as page:
            page.wait_for_selector(".row.ring-list figcaption", timeout=60_000)
            # measured at once: a card's room is kept before its picture arrives, so no wait for the pictures; the
            # names and the view they come from read together (the computers' first moves may redraw the circle)
            height, names, cut, centre, areas = page.evaluate("""() => {
              const row = document.querySelector('.row.ring-list');
              const caps = [...row.querySelectorAll(':scope > figure figcaption')];
              return [row.getBoundingClientRect().height, caps.map((c) => c.textContent),
                      caps.filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
                          .map((c) => c.textContent),
                      row.firstElementChild.classList.contains('centre'), view.areas]; }""")
            places = [a for a in areas if a.get("ring")][0]["cards"]
    finally:
        proc.terminate()
        proc.wait(10)
    # 236 px since play round 32 en23's line under the grid says who sits beside Draco (was ~290 before the list)
    assert height <= 250, height
    assert cut == [] and centre
    assert names[1:] == [c["name"] for c in places]  # in circle order, after the centre card


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_on_a_laptop_the_moves_have_the_room_and_the_circles_badges_leave_names_whole(tmp_path: Path) -> None:
    """At 1280x720 the moves were capped at 28vh (five buttons, "Draw" hidden) over an empty journal; and a place's
    badge on Draco's circle covered the start of a neighbour's name ("7. Red Ruffia|n")."""
    proc, url = one_person(tmp_path, "king_lui")
    try:
        with chromium_page(url, 1280, 720) as page:
            my_turn_with_many_moves(page, 12)
            shown, buttons = page.evaluate("""() => { const box = document.getElementById('moves').getBoundingClientRect();
              const all = [...document.querySelectorAll('#moves button')];
              return [all.filter((b) => {
                const r = b.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length,
                all.length]; }""")
    finally:
        proc.terminate()
        proc.wait(10)
    # every button whole: the list at its natural height, a long one grouped by card (#53 round 26, en2, fr8, it2)
    assert shown == buttons >= 3, f"{shown} of {buttons} move buttons whole at 1280x720"
    proc, url = one_person(tmp_path, "draco")
    try:
        with chromium_page(url, 1280, 720) as page:
            page.wait_for_selector(".row.ring figure .badge", timeout=60_000)
            # a card's room is kept before its picture arrives: measured before every picture has loaded, too
            loaded = page.evaluate("() => [...document.querySelectorAll('.row.ring figure img')].every((i) => i.complete)")
            over = page.evaluate("""() => {
              const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
              const caps = [...document.querySelectorAll('.row.ring figcaption')];
              const badges = [...document.querySelectorAll('.row.ring figure .badge')];
              // on its own card's corner (a place is wider than its card): never out over the gap to a neighbour
              const off = badges.filter((b) => b.getBoundingClientRect().left <
                b.parentNode.querySelector('img').getBoundingClientRect().left - 10).map((b) => b.textContent);
              return [badges.length, badges.flatMap((b) => caps.filter((c) => hit(b.getBoundingClientRect(),
                c.getBoundingClientRect())).map((c) => b.textContent + ' over ' + c.textContent)), off]; }""")
    finally:
        proc.terminate()
        proc.wait(10)
    assert over[0] >= 3 and over[1] == [] and over[2] == [], (over, loaded)
