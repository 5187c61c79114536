"""The designer's page of a Royale table, in Chromium: the cards in hand (the player whose turn it is
holds them, Royale's ``hand`` area names that seat) show in that player's column only, not under
every player as if each held them."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ask, start_table

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")


def test_the_cards_in_hand_show_under_the_player_who_holds_them(tmp_path: Path) -> None:
    proc, links = start_table(tmp_path, "royale", "--pace", "0")
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        rng = random.Random(2)
        held: list[str] = []
        for _ in range(200):  # play until someone holds cards
            view = ask(links["designer"] + "api/view")[1]
            held = [c["id"] for a in view["seats"][view["turn"]]["hand"] for c in a["cards"]]
            if held:
                break
            turn = view["turn"]
            if str(turn + 1) in links:
                mine = ask(links[str(turn + 1)] + "api/view")[1]
                move = rng.choice(mine["moves"])
                assert ask(links[str(turn + 1)] + "api/move", {"action": move["action"], "turn": mine["moves_made"]})[0] == 200
            else:
                assert ask(links["designer"] + "api/agent", {"after": view["moves_made"]})[0] == 200
        assert held, "nobody ever held a card"
        with chromium_page(links["designer"]) as page:
            page.wait_for_function("() => view && view.designer")
            where = page.evaluate("""(ids) => ids.map((id) => [...document.querySelectorAll(
                'section.seatview:not(.shared) figure.card[data-card="' + id + '"]')].map(
                (f) => Number(f.closest('section.seatview').dataset.seat)))""", held)
            # the designer has no hand of their own: no "Your hand" landmark read out (#53 round 27, fr9, it17)
            assert page.get_attribute("#hand", "aria-label") is None
    finally:
        proc.terminate()
        proc.wait(10)
    assert where == [[view["turn"]]] * len(held)
