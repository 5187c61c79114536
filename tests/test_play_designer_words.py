"""The designer's page speaks the table's language (``--lang fr``): its buttons, the scores' players, in Chromium.

A King Lui table with two people is played to its end through the page's API (the people's
moves, the agent's), then the designer's link is opened in Chromium and its text read.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ROOT, ask, start_table

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")


def finish(links: dict[str, str]) -> None:
    """Play the table to its end: each person's random legal move, the agent's move when it is its turn."""
    rng = random.Random(1)
    for _ in range(2000):
        status, view = ask(links["designer"] + "api/view")
        assert status == 200
        if view["waiting"] == "over":
            return
        turn = view["turn"]
        if str(turn + 1) in links:
            url = links[str(turn + 1)]
            mine = ask(url + "api/view")[1]
            move = rng.choice(mine["moves"])
            assert ask(url + "api/move", {"action": move["action"], "turn": mine["moves_made"]})[0] == 200
        else:
            assert ask(links["designer"] + "api/agent", {"after": view["moves_made"]})[0] == 200
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished_fr(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp_path = tmp_path_factory.mktemp("designer-fr")
    proc, links = start_table(tmp_path, "king_lui", "--lang", "fr", "--pace", "0")
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200  # each person's page has come
        finish(links)
        answers = {"fun": 4, "long": "long", "unclear": "le dragon"}
        assert ask(links["1"] + "api/feedback", {"answers": answers})[0] == 200
        long_answers = {"fun": 2, "long": "right", "unclear": "quand se servir d’Emerald " * 8, "comment": "le dernier service traîne " * 8}
        assert ask(links["2"] + "api/feedback", {"answers": long_answers})[0] == 200
        yield links
    finally:
        proc.terminate()
        proc.wait(10)


def designer_text(links: dict[str, str]) -> str:
    with chromium_page(links["designer"]) as page:
        page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
        return page.evaluate("() => document.body.innerText")


def test_the_designers_buttons_and_scores_are_in_the_tables_language(finished_fr: dict[str, str]) -> None:
    text = designer_text(finished_fr)
    # a game over offers "Revanche" (the same deal as "Nouvelle partie"): one button, not two (#53 round 26, fr4)
    assert "Revanche" in text and "Nouvelle partie" not in text and "Enregistrer" in text
    assert "New game" not in text and "Save game" not in text
    assert "Joueur 3 · ordinateur" in text  # who played each seat, as the panels name it (round 27, fr7)
    # a person who gave no name is their seat alone ("Joueur 2 : 26"), never "humain" (the reader's fault 6)
    assert "humain" not in text and "(human)" not in text and "(heuristic)" not in text


def test_the_designer_reads_the_answers_as_the_form_asked_them(finished_fr: dict[str, str]) -> None:
    text = designer_text(finished_fr)
    assert "Plaisir\u202f: 4/5" in text and "(1 = aucun" not in text  # one line an answer, short (round 25, fr6)
    fr = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]["fr"]
    assert f"{fr['fb_long_label']}\u202f: {fr['fb_len_long']}" in text and fr["fb_long"] == "Durée de la partie"  # F-7
    assert "Pas clair\u202f: le dragon" in text
    assert "fun 4" not in text and "long long" not in text and "unclear" not in text


def test_every_persons_answers_show_on_the_designers_page(finished_fr: dict[str, str]) -> None:
    """Both people's answers are on screen, not hidden at the bottom of the links' small scrolling box."""
    with chromium_page(finished_fr["designer"]) as page:
        page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
        hidden = page.evaluate("""() => {
            const box = document.getElementById('answers').getBoundingClientRect();
            return [...document.querySelectorAll('#answers div.answers > b')].filter((p) => {
                const r = p.getBoundingClientRect();
                return r.top < box.top - 1 || r.bottom > box.bottom + 1;
            }).map((p) => p.textContent.slice(0, 40));
        }""")
        # under a heading of their own, above the links' "Links", not among the URLs (#53 round 26, en10, fr3, it26)
        heading, above = page.evaluate("""() => [document.querySelector('#answers > h2').textContent,
            document.getElementById('answers').getBoundingClientRect().bottom
              <= document.getElementById('moves-title').getBoundingClientRect().top]""")
        answers = page.locator("#answers div.answers > b").count()  # a person's name over their answers
    assert answers == 2
    assert hidden == []
    fr = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]["fr"]
    assert heading == fr["feedback"] and above
