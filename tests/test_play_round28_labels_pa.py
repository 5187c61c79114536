"""The shared labels of ``cardgen play`` as round 28's readers asked for them (#53): the Italian turn line with
its article (it26), a rematch button that does not sound as if people leave (en3), "New game"'s title whose
"celle-ci" named the new deal (fr3), "Save the game" that says what it adds to the log and why it is grey (en11,
fr4, it29), the lobby's one name form (en31, en32, fr30), and a hand's screen-reader label that is its visible
heading on every view and absent where no hand is shown (en21, it15, it30, fr8)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_lobby_names_a_taken_player_as_the_table_does(lang: str) -> None:
    """en32, fr30: "Player 1: Ann (taken)" beside "Player 1 · Ann" everywhere else; "(pris)" read as the person."""
    ui = UI[lang]
    seat = ui["seat"].replace("{n}", "1")
    assert ui["lobby_taken"].replace("{n}", "1") == seat + " · {name}"
    assert ui["lobby_computer"] == ui["lobby_taken"]


def test_the_italian_turn_line_has_its_article_and_the_french_new_game_title_names_the_game_stopped() -> None:
    assert UI["it"]["turn_of"].startswith("Tocca al giocatore {n}")  # it26: "Tocca a Giocatore 1 · Giulia"
    assert "celle-ci" not in UI["fr"]["new_title"]  # fr3: it pointed at "une nouvelle donne"
    # play round 30 (it2*, fr7): "une nouvelle donne" said cards are dealt where King Lui and Royale deal none
    assert UI["fr"]["new_title"].index("inachevée") < UI["fr"]["new_title"].index("en lance une nouvelle")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_save_says_what_it_adds_and_why_it_is_grey(lang: str) -> None:
    ui = UI[lang]
    assert ui["save_title"] and ui["save_none_title"] and ui["save_title"] != ui["save_none_title"]
    assert "v.moves_made ? v.ui.save_title : v.ui.save_none_title" in APP
    assert APP.count("saveTitle(v);") == 2  # a seat's page and the designer's


def test_the_hands_label_is_set_on_every_view_after_the_page_words() -> None:
    """it15: labels() set "Your hand" on every view and the hand's own heading only when the table was rebuilt, so
    Royale's "Cards to serve" was read out as "Your hand" on half the pages."""
    render = APP[APP.index("hand.hidden = !!v.spectator"):]
    rebuilt = APP[APP.index("if (table.dataset.shown !== shownKey"):APP.index("hand.hidden = !!v.spectator")]
    assert 'hand.setAttribute("aria-label"' not in rebuilt
    assert render.index('hand.removeAttribute("aria-label")') < render.index('hand.setAttribute("aria-label"')
    assert '["table", ui.aria_table]]' in APP  # labels() leaves the hand to the view
