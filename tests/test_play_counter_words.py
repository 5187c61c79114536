"""The header's counters name each count once, as each game's book does (issue #53, F-1): the turns played and
the rounds, the French page's « tours joués » and « manches » (« coups » are single moves in the journal), and
King Lui's rounds by the book's courses (« services », «portate»), from its ``words.json`` table ``counters``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.play.view import page_words
from cardgen.simulate.runner import DeckRef, load_project_deck

ROOT = Path(__file__).resolve().parents[1]
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]


def _game_words(game: str) -> dict:
    return json.loads((ROOT / "cardgen/games" / game / "words.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_king_lui_counts_its_rounds_as_its_books_courses_and_the_others_keep_the_pages_word(lang: str) -> None:
    king = page_words(load_project_deck(DeckRef(str(ROOT), "king_lui", "")), lang)
    course = _game_words("king_lui")["glossary"][lang]["course"]["name"]
    assert king["rounds"] == _game_words("king_lui")["counters"][lang]["rounds"]
    assert king["rounds"].casefold().startswith(course.casefold()[:-1])  # the book's word, in the plural
    assert king["turns"] == UI[lang]["turns"]
    royale = page_words(load_project_deck(DeckRef(str(ROOT), "royale", "")), lang)
    # Royale's book counts the game of several players in turns only ("rounds" is its solo game's word): the header
    # names no rounds (round 25: en23, fr21, it19); every other word is the page's, untouched
    # and the designer's column names its cards to serve as its book does, not "Hand" (round 26, en22, fr25, it15)
    # and the note on what of its cards this edition reconstructed (play round 32 fr13)
    own = _game_words("royale")["counters"][lang]
    assert royale == {**UI[lang], "rounds": "", "seat_hand": own["seat_hand"], "texts_note": own["texts_note"]}


def test_the_french_counters_do_not_call_a_turn_a_move() -> None:
    """« coup » is one move (« Vos coups », the journal): the turns are « tours », the rounds « manches »."""
    assert "coup" not in UI["fr"]["turns"] and "tour" in UI["fr"]["turns"]
    assert UI["fr"]["rounds"] != UI["fr"]["turns"] and "tour" not in UI["fr"]["rounds"]
