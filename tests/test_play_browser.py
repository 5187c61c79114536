"""``cardgen play`` in real Chromium: a whole game of each shipped game, clicked from the seat's view.

Drives Debian's Chromium through Playwright (never ``playwright install``: the system browser).
Checks the page never holds another seat's hidden card, a forged move is refused with the state
unchanged, the saved game replays, and measures how soon an agent's move shows after the
person's click (reported, docs/playtest.md; not a timed assertion). Screenshots of each table
go to ``CARDGEN_PLAY_SHOTS`` when set (docs/img/ was made so).
"""
from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardgen.games import GAME_IDS
from cardgen.simulate.logs import as_action
from cardgen.simulate.runner import DeckRef, load_project_deck
from tests.test_play_server import ROOT, start

CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()), None)
playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium (apt-get install -y chromium)")

@contextmanager
def chromium_page(url: str, width: int = 1280, height: int = 800) -> Iterator[Any]:
    """A page of the system's Chromium at ``url``, ``width`` x ``height`` (a laptop; 390 x 844 a phone), closed after."""
    with playwright.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(url)
            yield page
        finally:
            browser.close()


#: the seat (from 0) the person plays in each game's test; the command line counts from 1
SEATS = {"king_lui": 1, "royale": 0, "draco": 2}
#: moves after which the hint is asked (and the docs' screenshot of each table taken)
SHOT_AFTER = {"king_lui": 12, "royale": 20, "draco": 14}


def hidden_at(game: str, players: int, seat: int, seed: int, actions: list[list]) -> set[str]:
    """Card instances the seat cannot see after ``actions`` (replayed on the reference engine)."""
    deck = load_project_deck(DeckRef(str(ROOT), game, ""))
    state = deck.spec.new_game(deck, players).new_initial_state(seed)
    for _, action in actions:
        state.apply(as_action(action))
    seen = json.dumps(state.observation(seat), default=str)
    return {c for cards in state.zones().values() for c in cards if c not in seen}


def moved(page: Any, condition: str) -> None:
    """Wait for the page to show the move it was asked for (60 s: a loaded machine); when it never
    does, fail with what the page said (a refused move's message, the table's turn) rather than a bare timeout."""
    try:
        page.wait_for_function(f"() => {condition}", timeout=60_000)
    except playwright.TimeoutError:
        said = page.evaluate("() => [document.getElementById('message').textContent, view.moves_made, view.waiting, busy]")
        raise AssertionError(f"the move never showed: message, moves made, waiting, busy = {said}") from None


def click_a_move(page: Any, rng: random.Random) -> None:
    """One of the moves shown, at random: a long list is grouped by card (a phone's and a laptop's alike), so a
    group's button opens its targets and one of those is clicked."""
    # the heading of a list all under one card is no move and no fold (disabled: round 29 en12)
    buttons = page.locator("#moves > button.move, #moves > button.group:not(.only)")
    chosen = buttons.nth(rng.randrange(buttons.count()))
    if "group" in (chosen.get_attribute("class") or ""):
        chosen.click()
        members = page.locator("#moves button.member")
        chosen = members.nth(rng.randrange(members.count()))
    chosen.click()


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_whole_game_in_the_browser(game: str, tmp_path: Path) -> None:
    seat, seed = SEATS[game], 11
    proc, url = start(tmp_path, game, "--seat", str(seat + 1), "--seed", str(seed), "--pace", "0.02",
                      "--log", str(tmp_path / "games.jsonl"))
    rng = random.Random(seed)
    pages: list[tuple[int, str]] = []  # (moves made, page HTML) at each of the person's turns
    try:
        with playwright.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                          "--disable-background-networking"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(url)
            forged = shot = redrawn = False
            for _ in range(2000):
                page.wait_for_function("() => view && !busy && view.waiting !== 'agent'", timeout=60_000)
                view = page.evaluate("() => view")
                pages.append((view["moves_made"], page.content()))
                if view["waiting"] == "over":
                    break
                if view["moves_made"] >= SHOT_AFTER[game] and len(view["moves"]) > 1 and not shot:
                    shot = True  # the hint, once: the search agent's pick and its value of each move
                    page.locator("#hint").click()
                    page.wait_for_selector("#hint-box table tr.chosen", timeout=120_000)
                    assert page.locator("#hint-box tr").count() >= 2
                    if os.environ.get("CARDGEN_PLAY_SHOTS"):  # the docs' pictures: a table in the middle of a game
                        page.screenshot(path=str(Path(os.environ["CARDGEN_PLAY_SHOTS"]) / f"play-{game}.png"))
                if not forged and view["moves_made"] > 2:
                    forged = True
                    answer = page.evaluate("""async () => { const r = await fetch('api/move', {method: 'POST',
                        headers: {'Content-Type': 'application/json'}, body: JSON.stringify({action: ['forged', 1], turn: view.moves_made})});
                        return [r.status, await r.json()]; }""")
                    assert answer[0] == 409 and "not a legal move" in answer[1]["error"]
                    assert page.evaluate("async () => (await (await fetch('api/view')).json()).moves_made") \
                        == view["moves_made"]
                made = view["moves_made"]
                if not redrawn and made >= 1:  # the page asks again (a heartbeat, another seat's presence): the same moves stay the
                    # same buttons, so a tap landing while it redraws is not lost between a button and its copy
                    redrawn = True
                    assert page.evaluate("async () => { const b = document.querySelector('#moves button'); "
                                         "update(await call('api/view'), false); return b.isConnected; }")
                    # a card too: the view asked again after an agent's move differs only in what the table does not
                    # show ('moved'); a tap on a card between its press and its release was lost (CI, stop 59)
                    assert page.evaluate("async () => { const c = document.querySelector('figure.card'); "
                                         "const v = await call('api/view'); v.moved = !view.moved; update(v, false); "
                                         "return c.isConnected; }")
                playable = page.locator("figure.card.playable")
                if playable.count() and rng.random() < 0.3:  # a card on the table or in the hand
                    playable.nth(rng.randrange(playable.count())).click()
                    moved(page, f"view.moves_made > {made} || document.querySelector('#moves button.link')")
                    if page.evaluate("() => view.moves_made") == made:  # the card has several moves: one of them
                        click_a_move(page, rng)
                else:
                    click_a_move(page, rng)
                moved(page, f"view.moves_made > {made}")
            else:
                raise AssertionError("the game did not end")
            assert shot, "the hint was never asked"
            assert redrawn, "the page was never redrawn with a move to make"
            latency = page.evaluate("() => window.agentLatency")
            page.locator("#save").click()
            page.wait_for_selector("#message:has-text('games.jsonl')", timeout=30_000)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    record = json.loads((tmp_path / "games.jsonl").read_text(encoding="utf-8"))
    assert record["agents"][seat] == "human" and record["end_reason"]
    for made, html in pages:  # the page, source included, never held a card the seat could not see
        leaked = [c for c in hidden_at(game, record["players"], seat, seed, record["actions"][:made]) if c in html]
        assert not leaked, f"after {made} moves the page shows hidden cards {leaked[:3]}"
    replay = subprocess.run([sys.executable, "-m", "cardgen", "replay", str(tmp_path / "games.jsonl")],
                            capture_output=True, text=True, timeout=300)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "1 identical" in replay.stdout
    assert latency, "no agent move followed a click"
    figure = {"game": game, "agent_moves_timed": len(latency), "median_ms": round(statistics.median(latency), 1),
              "max_ms": round(max(latency), 1)}
    print("agent move shown after the click:", json.dumps(figure))
    if os.environ.get("CARDGEN_PLAY_LATENCY"):
        with open(os.environ["CARDGEN_PLAY_LATENCY"], "a", encoding="utf-8") as fh:
            fh.write(json.dumps(figure) + "\n")
