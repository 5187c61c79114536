"""The moves keep their room when a hint opens (issue #53, L-1), in Chromium (slow tier).

A native reader found a Charity Toast table at 1280x720 where the open house rule and the hint left the moves
list 0 px high: no move could be clicked and the hint box had no way to close. Here: after a hint the list is
at least three buttons high and its first button takes a click; the hint box closes with its own button,
labelled from view.json; a list with more moves below than it shows says so with its fade (L-2)."""
from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_evening import moves
from tests.test_play_reader_round import two_people
from tests.test_play_server import ROOT, ask, start_table

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")  # slow tier: conftest's SLOW_MODULES

WORDS = json.loads((ROOT / "cardgen" / "play" / "view.json").read_text(encoding="utf-8"))["ui"]

#: the list's room, its first button's box, and what a click at that button's centre would land on
ROOM = """() => { const box = document.getElementById('moves'), first = box.querySelector('button.move, button.group');
  first.scrollIntoView({block: 'nearest'});
  const r = first.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {height: box.getBoundingClientRect().height, button: r.height, buttons: box.querySelectorAll(':scope > button.move, :scope > button.group').length,
          hit: hit === first || first.contains(hit), more: box.classList.contains('more'),
          below: box.scrollHeight > box.clientHeight + 2}; }"""


def first_move(page: Any) -> None:
    """Click the first move shown, opening its group first when a long list is grouped by card (a laptop too)."""
    if page.locator("#moves > button.move").count() == 0:
        page.locator("#moves > button.group").first.click()
    page.locator("#moves button.move").first.click()


def persons_turn(links: dict[str, str]) -> str:
    """Agents' turns played until a person's: that person's seat number (from 1)."""
    for _ in range(200):
        status, seen = ask(links["designer"] + "api/view")
        if seen["waiting"] == "agent":
            ask(links["designer"] + "api/agent", {"after": seen["moves_made"]})
            continue
        return str(seen["turn"] + 1)
    raise AssertionError("no person's turn came")


@contextmanager
def persons_page(links: dict[str, str], width: int, height: int) -> Iterator[Any]:
    """Both people come, the agents play until a person's turn, and that person's page opens at its moves."""
    ask(links["1"] + "api/view"), ask(links["2"] + "api/view")
    seat = persons_turn(links)
    with chromium_page(links[seat], width, height) as page:
        page.wait_for_function("() => view && view.waiting === 'you' && document.querySelector('#moves button.move, "
                               "#moves button.group')", timeout=30_000)
        yield page


def hint_shown(page: Any, proc: subprocess.Popen[str], heard: list[str]) -> None:
    """Wait for the hint's table (its chosen row); a refusal in the box, or no answer in 120 s, fails with what
    the box says, what the browser saw of each api/hint request (``heard``: its status and body, or the network
    failure) and what the server wrote (a CI run once timed out here, then once was refused as "does not answer",
    each time with nothing to go on)."""
    def evidence(what: str) -> str:
        box = page.evaluate("() => { const b = document.getElementById('hint-box'); return [b.hidden, b.innerText]; }")
        alive = proc.poll() is None
        proc.terminate()
        return (f"{what}; box hidden={box[0]} says {box[1]!r}; the browser saw {heard}; server alive={alive}, "
                f"wrote: {proc.communicate(timeout=10)[1][-2000:]!r}")

    try:
        page.wait_for_selector("#hint-box table tr.chosen, #hint-box p.bad", timeout=120_000)
    except Exception as exc:  # playwright's TimeoutError: the box and the server's words are the evidence
        raise AssertionError(evidence("no hint in 120 s")) from exc
    if page.locator("#hint-box p.bad").count():
        raise AssertionError(evidence("the hint was refused"))


def hint_heard(page: Any) -> list[str]:
    """What the browser saw of each api/hint request from now on: "status body" or "failed: why"."""
    heard: list[str] = []

    def answered(response: Any) -> None:
        if response.url.endswith("api/hint"):
            try:
                body = response.text()[:300]
            except Exception as exc:  # the body could not be read: that is evidence too
                body = f"(body unreadable: {exc})"
            heard.append(f"{response.status} {body}")

    page.on("response", answered)
    page.on("requestfailed", lambda r: heard.append(f"failed: {r.failure}") if r.url.endswith("api/hint") else None)
    return heard


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_hint_leaves_three_moves_clickable_and_closes(tmp_path: Path, lang: str) -> None:
    proc, links = two_people(tmp_path, "draco-charity-toast", "--players", "3", "--lang", lang, "--seed", "7")
    try:
        ask(links["1"] + "api/view"), ask(links["2"] + "api/view")
        moves(links, random.Random(3), 14)
        seat = persons_turn(links)
        with chromium_page(links[seat], 1280, 720) as page:
            page.wait_for_function("() => view && view.waiting === 'you' && document.querySelector('#moves button.move, #moves button.group')",
                                   timeout=30_000)
            assert page.evaluate("() => document.getElementById('house').open")  # the rule box open, as the reader had it
            asked: list[str] = []
            page.on("request", lambda r: asked.append(r.url) if r.url.endswith("api/hint") else None)
            heard = hint_heard(page)
            page.locator("#hint").click()
            page.locator("#hint").click()  # a second click while it thinks asks the same question: dropped
            hint_shown(page, proc, heard)
            page.wait_for_timeout(1500)
            # the second click asked nothing: one answer (a request that failed on the way is asked once more)
            assert sum(h.startswith("200 ") for h in heard) == 1 and len(asked) <= 2, (asked, heard)
            room = page.evaluate(ROOM)
            # L5: a full bar (1,00) stops short of its figure, as every row's bar does
            clear = page.evaluate("""() => { const td = document.querySelector('#hint-box td.value');
              const bar = td.querySelector('.bar'), figure = td.querySelector('span:last-child'), was = bar.style.width;
              const rows = [...document.querySelectorAll('#hint-box td.value')].map((c) =>
                c.querySelector('.bar').getBoundingClientRect().right <= c.querySelector('span:last-child').getBoundingClientRect().left);
              bar.style.width = barWidth(1);
              const full = bar.getBoundingClientRect().right <= figure.getBoundingClientRect().left;
              bar.style.width = was;
              return {rows, full}; }""")
            assert clear["full"] and all(clear["rows"]), clear
            shown = min(3, room["buttons"])
            assert room["height"] >= shown * room["button"], f"after a hint the moves list is {room}"
            assert room["hit"], "the first move's button is covered"
            assert room["more"] == room["below"], f"the fade says more moves are below only when they are: {room}"
            close = page.locator("#hint-close")
            assert close.inner_text() == WORDS[lang]["hint_close"]
            close.click()
            assert page.locator("#hint-box").is_hidden()
            made = page.evaluate("() => view.moves_made")
            first_move(page)
            page.wait_for_function(f"() => view.moves_made > {made}", timeout=30_000)
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_asker_reads_their_own_undo_in_the_second_person(tmp_path: Path) -> None:
    """A reader (#53, F-6/I-16/E-11) read "Camille asks to take back their last move" on Camille's own page: the
    asker's page speaks to them, the other person's names them."""
    # King Lui: every Draco turn ends with a card drawn into the hand, which is not offered for taking back at a table
    # of people (round 29, en1); a King Lui turn that takes a dish is
    proc, links = two_people(tmp_path, "king_lui", "--players", "3", "--lang", "fr", "--seed", "7")
    try:
        ask(links["1"] + "api/view"), ask(links["2"] + "api/view")
        moves(links, random.Random(3), 6)
        persons_turn(links)  # no agent's move to come (a move voids an undo asked before it)
        asker = next(s for s in ("1", "2") if ask(links[s] + "api/view")[1]["can_undo"])
        other = "2" if asker == "1" else "1"
        status, asked = ask(links[asker] + "api/undo", {})
        assert status == 200
        turn = str(asked["undo_asked"]["turn"])  # the turn it takes back, named (#53 round 28, en1, it27)
        said = {}
        for seat in (asker, other):
            with chromium_page(links[seat], 1280, 720) as page:
                page.wait_for_function("() => view && view.undo_asked", timeout=30_000)
                said[seat] = page.locator("#undo-box p").first.inner_text()
        fr = WORDS["fr"]
        assert said[asker] == fr["undo_asked_you"].replace("{n}", turn)
        assert said[other] == fr["undo_asked"].replace("{who}", fr["seat"].replace("{n}", asker)).replace("{n}", turn)
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_hint_or_a_table_lost_on_the_way_is_asked_once_more_a_move_never(tmp_path: Path) -> None:
    """A question that changes nothing (the hint, the table) whose request failed on the way (a connection reset:
    a phone between two access points, a busy machine) or came back as a server's failure page is asked again once,
    and the hint shows; a hint the table says it is still working out is asked again until it comes; a move that failed on the way is not sent again (it may have been played): the page says
    the table does not answer."""
    proc, links = start_table(tmp_path, "king_lui")
    try:
        with persons_page(links, 1280, 720) as page:
            for failure in ("reset", "500", "busy"):
                sent: list[str] = []

                def once(route: Any, failure: str = failure, sent: list[str] = sent) -> None:
                    sent.append(route.request.method)
                    if len(sent) > 1:
                        route.continue_()
                    elif failure == "reset":
                        route.abort("connectionreset")
                    elif failure == "busy":  # the table still works out the same question: it comes in a moment
                        route.fulfill(status=409, content_type="application/json",
                                      body=json.dumps({"error": "busy", "code": "hint_busy"}))
                    else:
                        route.fulfill(status=500, content_type="text/plain", body="Internal Server Error")

                page.route("**/api/hint", once)
                page.locator("#hint").click()
                page.wait_for_selector("#hint-box table tr.chosen, #hint-box p.bad", timeout=60_000)
                assert page.locator("#hint-box p.bad").count() == 0, page.inner_text("#hint-box")
                assert sent == ["POST", "POST"], failure
                page.unroute("**/api/hint")
                page.locator("#hint-close").click()
            moved: list[str] = []
            page.route("**/api/move", lambda route: (moved.append(route.request.method), route.abort("connectionreset")))
            first_move(page)
            page.wait_for_function("() => document.getElementById('message').textContent !== ''", timeout=15_000)
            assert page.inner_text("#message") == WORDS["en"]["err_gone"]
            page.wait_for_timeout(1000)  # an asking again would come within ASK_AGAIN_MS
            assert moved == ["POST"]
    finally:
        proc.terminate()
        proc.wait(10)


#: the hint box's answer in sight: its heading and its chosen row inside the window and the side panel's view,
#: not under the hand's footer (what a click at their centre lands on)
HINT_SEEN = """() => { const box = document.getElementById('hint-box'), aside = box.parentElement.getBoundingClientRect();
  const seen = (e) => { const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 8);
    const hit = document.elementFromPoint(x, y);
    return r.top >= Math.max(0, aside.top) && r.bottom <= Math.min(innerHeight, aside.bottom) && !!hit && e.contains(hit); };
  return {heading: seen(box.querySelector('h3')), chosen: seen(box.querySelector('tr.chosen')),
          moves: document.querySelectorAll('#moves > button').length}; }"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hint_opens_in_sight_on_a_laptop_above_a_long_list_of_moves(tmp_path: Path, lang: str) -> None:
    """Royale on a laptop: the hint opened under six long serve buttons, out of sight, and the person thought "Hint"
    did nothing (#53 round 27, en8, fr2, it13): its heading and its chosen move are in sight once it answers. The
    chat field beside its button shows its placeholder whole ("Un mot pour la ta": fr5)."""
    proc, links = two_people(tmp_path, "royale", "--players", "3", "--lang", lang, "--seed", "7")
    try:
        with persons_page(links, 1280, 640) as page:
            heard = hint_heard(page)
            page.locator("#hint").click()
            hint_shown(page, proc, heard)
            page.wait_for_timeout(300)
            seen = page.evaluate(HINT_SEEN)
            assert seen["moves"] >= 8 and seen["heading"] and seen["chosen"], seen
            # Royale's footer belongs to seat -1 (the cards to serve) and a finished game's turn is -1 too: no turn
            # dot on it once the game is over (#53 round 27, en14)
            dots = page.evaluate("""() => { const was = [view.waiting, view.turn], a = {seat: -1, cards: [], facts: [], title: "x"};
              view.turn = -1; const live = area(a, true).classList.contains('turn');
              view.waiting = 'over'; const over = area(a, true).classList.contains('turn');
              [view.waiting, view.turn] = was; return [live, over]; }""")
            assert dots == [True, False], dots
            room = page.evaluate("""() => { const input = document.getElementById('talk-text'), cs = getComputedStyle(input);
              const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;
              const inner = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
              return [ctx.measureText(input.placeholder).width, inner]; }""")
            assert room[0] <= room[1], f"the chat field's placeholder is cut: {room}"
            # the side panel, longer than the window with the hint open, says more is below by its fading foot, and
            # not once scrolled to its end (the journal under the end form read as squeezed: en4, fr8, it8)
            side = page.evaluate("""async () => { const side = document.querySelector('aside');
              const before = [side.scrollHeight > side.clientHeight + 2, side.classList.contains('more')];
              side.scrollTop = side.scrollHeight; await new Promise((r) => setTimeout(r, 200));
              return [...before, side.classList.contains('more')]; }""")
            # a long list keeps every move in sight (a move scrolled out of its own box is a move not seen): the panel
            # scrolls as a whole, a fade at its foot until it is scrolled down (round 29's shorter serve lists under
            # one card keep the journal in sight: tests/test_play_round29_serve_laptop.py)
            assert side == [True, True, False], side
    finally:
        proc.terminate()
        proc.wait(10)
