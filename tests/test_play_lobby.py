"""The lobby (issue #52): one link for the table; people type a name and take a free seat, and their names
show in the journal, the log and the designer's page. The lobby's key sees nothing of the game and does
nothing but take a seat; a seat is given once; every other check of the server holds for it."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ask, people_move, running_table


@pytest.fixture
def table(tmp_path: Path):
    """``cardgen play royale --people 1,2``: its links by ``lobby``, seat number and ``designer``."""
    with running_table(tmp_path, "royale") as links:
        yield links


def test_people_name_themselves_take_a_free_seat_and_their_names_follow_the_game(table: dict[str, str],
                                                                                 tmp_path: Path) -> None:
    lobby = table["lobby"]
    status, seen = ask(lobby + "api/view")
    assert status == 200 and seen["lobby"] and [s["taken"] for s in seen["seats"]] == [False, False]
    assert not {"moves", "hand", "areas", "journal"} & set(seen) and "#" not in json.dumps(seen)  # no card at all
    for name in ("move", "agent", "new", "save", "undo", "hint", "feedback"):  # the lobby's key takes a seat only
        status, answer = ask(lobby + f"api/{name}", {"action": ["take", "row", 0], "turn": 0})
        assert status == 403 and answer["code"] == "lobby_only", name
    assert ask(table["1"] + "api/join", {"seat": 2, "name": "Mallory"})[0] == 403  # a seat's key takes no other
    status, alice = ask(lobby + "api/join", {"seat": 1, "name": "  Alice\n"})
    assert status == 200 and alice["name"] == "Alice"
    assert lobby.rsplit("/", 2)[0] + alice["link"].removeprefix("..") == table["1"]  # that seat's own link
    for asked, code in (({"seat": 1, "name": "Bob"}, "seat_taken"), ({"seat": 2, "name": " \t"}, "name_bad"),
                        ({"seat": 3, "name": "Bob"}, "seat_bad"), ({"seat": True, "name": "Bob"}, "seat_bad")):
        status, answer = ask(lobby + "api/join", asked)
        assert status == 409 and answer["code"] == code, asked
    assert ask(lobby + "api/join", {"seat": 2, "name": "Bob <b>"})[0] == 200
    status, seen = ask(lobby + "api/view")
    assert [(s["taken"], s["name"]) for s in seen["seats"]] == [(True, "Alice"), (True, "Bob <b>")]
    people_move(table, random.Random(3), 40)  # on to a few moves of each person
    status, view = ask(table["1"] + "api/view")
    assert view["names"][:2] == ["Alice", "Bob <b>"]
    who = {e["who"] for e in view["journal"]}
    assert {"Alice", "Bob <b>"} <= who
    status, designer = ask(table["designer"] + "api/view")
    assert designer["people_names"] == {"0": "Alice", "1": "Bob <b>"} and designer["lobby_link"]
    record = json.loads((tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert record["names"] == {"0": "Alice", "1": "Bob <b>"}


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_the_lobby_page_takes_a_seat_on_a_phone(table: dict[str, str]) -> None:
    with chromium_page(table["lobby"], 390, 844) as page:
        page.wait_for_selector("button.take")
        assert page.locator("#table").is_hidden() and page.locator("figure.card").count() == 0
        # every seat in order, called as the table calls it after: the people's free seats as "Play as Player N",
        # the computer's seat by its kind, so a person sees how many will play (#53 en13, fr44, fr45, it39)
        rows = page.evaluate("() => [...document.querySelectorAll('#moves > button.take, #moves > p:not(.lobby-note)')]"
                             ".map((e) => e.textContent)")
        assert rows == ["Play as Player 1", "Play as Player 2", "Player 3 · computer"]  # the page's one name form (round 28, en32), rows
        # how many play, how many the computer, when the game starts (#53 round 25, it32); "player", never "seat"
        # (Draco's book's word for a place at his table: en38, fr34)
        assert page.locator("p.lobby-note").text_content() == (
            "3 players, one of them played by the computer. Type your name and pick your player: the game starts as "
            "soon as every person has picked one.")  # round 27, en28; round 28, en31
        assert page.title() == "Choose your player · Royale"
        page.locator("button.take").first.click()  # no name yet: refused, in the page's language
        page.wait_for_selector("#message.bad")
        # the page asks again after a refusal (and at every heartbeat): with the seats unchanged its buttons stay the
        # same, so a tap that lands while it asks is not lost between a button taken away and its copy
        assert page.evaluate("async () => { const b = document.querySelector('button.take'); await refresh();"
                             " return b.isConnected; }")
        page.fill("#lobby-name", "Chloé")
        page.locator("button.take").first.click()
        page.wait_for_function("() => typeof view !== 'undefined' && view && !view.lobby && view.seat === 0",
                               timeout=30_000)  # the seat's page may not have loaded its script yet
        assert page.evaluate("() => view.names[0]") == "Chloé"
        assert page.url == table["1"]
