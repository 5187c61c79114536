"""The journal records what happened, the buttons say what to do (issue 53, the fourth reader's I1, F2, E9), and
every move is told apart by what it moved (issue 52 item 7).

A journal line reused the button's order as its record: «Niccolò: Prendi Torta», "Player 1: Take Cheese". Now
each game's wordbook has its ``done`` sentences, in the third person («prende Torta», "takes Cheese"), and
they name what every seat saw the move do: the cards a Royale row, column or imposter took and those a noble
was cleared of, the place a Draco character arrived at. A card drawn stays unnamed (only its drawer saw it).
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardgen.play.session import Session
from tests.test_play_said import deck_of

#: the button's word and the journal's word for one move, per game and language: the journal is not the button
BUTTON_AND_RECORD = {
    ("king_lui", "take"): {"fr": ("Prendre ", "prend "), "it": ("Prendi ", "prende "), "en": ("Take ", "takes ")},
    ("king_lui", "draw"): {"fr": ("Piocher", "pioche une carte"), "it": ("Pesca", "pesca una carta"),
                           "en": ("Draw", "draws a card")},
    ("royale", "stop"): {"fr": ("Terminer le tour", "termine son tour"), "it": ("Termina il turno", "termina il turno"),
                         "en": ("End the turn", "ends the turn")},
    # the player's ruffian sits beside Aunt Sarah, not the player (the reader's F7, E4, I9), and only a ruffian
    # counts (the book; round 24, it32): the journal says it as the reason, not as a bracket read as one; "for a
    # ruffian of theirs": a player with both neighbours draws for one and not the other, two lines that read as a
    # contradiction with "their ruffian" and "though" (round 27, en18, fr24); "for a ruffian of theirs" then "does not
    # draw for a ruffian of theirs" still did, so each line names its ruffian by its seat (round 28, en23, fr20, it19)
    # (play round 33 fr14, it22: the seat beside her is what gives the right to the card, not a colon's reason)
    # (play round 35 en16*: the owner's right in a short line, « que lui vaut », "as the owner of")
    ("draco", "draw"): {"fr": ("Piocher une carte (votre malandrin est voisin", "pioche la carte que lui vaut le malandrin "),
                        "it": ("Pesca una carta (un tuo malandrino", "pesca la carta a cui dà diritto il malandrino "),
                        "en": ("Draw a card (your ruffian sits beside", "draws a card as the owner of ")},
    ("draco", "toast"): {"fr": ("Porter un toast", "porte un toast"), "it": ("Proponi un brindisi", "propone un brindisi"),
                         "en": ("Propose a toast", "proposes a toast")},
}


def played(game: str, lang: str, seed: int = 3, most: int = 400) -> list[tuple[Any, str, dict[str, Any], dict[str, Any],
                                                                                str]]:
    """A seeded game of ``game`` in ``lang``, three people: (action, the button's text, the mover's observations
    before and after, the journal's text) per move."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0, 1, 2], lang=lang)
    for seat in range(3):
        session.join(seat)
    rng, moves = random.Random(seed), []
    while not session.state.is_terminal() and len(session.actions) < most:
        mover = session.state.current_player
        before = session.state.observation(mover)
        action = rng.choice(session.state.legal_actions())
        button = session.describe(action, mover)
        entry = session.play(list(action), mover, turn=len(session.actions))
        moves.append((action, button, before, session.state.observation(mover), entry.text))
    return moves


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
@pytest.mark.parametrize("game", ["king_lui", "royale", "draco"])
def test_the_journal_says_what_was_done_never_the_buttons_order(game: str, lang: str) -> None:
    checked = 0
    for action, button, _, _, text in played(game, lang):
        words = BUTTON_AND_RECORD.get((game, str(action[0])))
        if words is None:
            continue
        order, record = words[lang]
        assert button.startswith(order), (action, button)
        assert text.startswith(record), (action, text)
        checked += 1
    assert checked >= 1
    # no line of any game begins with a capital: a record after "Player 2 · Giulia:", not a button's order
    assert all(not m[4][:1].isupper() for m in played(game, lang)), [m[4] for m in played(game, lang)][:5]


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_royale_names_the_cards_each_take_and_clear_moved(lang: str) -> None:
    from cardgen.games.royale.text import dish_name

    kinds = set()
    for action, _, before, after, text in played("royale", lang):
        if action[0] in ("take", "imposter"):
            taken = [c for c in after["hand"] if c not in before["hand"]]
            assert taken, action
            named = [dish_name(deck_of("royale"), c, lang) for c in taken]
            assert all(n in text for n in named), (action, text, named)
            kinds.add(str(action[1]) if action[0] == "take" else "imposter")
        elif action[0] == "clear":
            under = before["players"][before["seat"]][3][int(action[1])]
            assert all(dish_name(deck_of("royale"), c, lang) in text for c in under), (action, text)
            kinds.add("clear")
    assert {"row", "column", "imposter", "clear"} <= kinds


#: a character that could not move, as the journal says it
STAYS = {"fr": "qui reste à la place {n}", "it": "che resta al posto {n}", "en": "who stays at seat {n}"}


@pytest.mark.parametrize(("lang", "pattern"), [("fr", r"de la place (\d) à la place (\d)$"),
                                               ("it", r"dal posto (\d) al posto (\d)$"),
                                               ("en", r"from seat (\d) to seat (\d)$")])
def test_draco_says_where_a_character_went_from_and_to(lang: str, pattern: str) -> None:
    moved = stayed = 0
    for action, _, before, after, text in played("draco", lang):
        if action[0] != "move":
            continue
        at, to = before["circle"].index(action[1]) + 1, after["circle"].index(action[1]) + 1
        # what follows says why the circle cut the move short (fr41), after "; " (round 28, en27)
        text = re.split("\u202f?[:;] ", text)[0]
        if at == to:  # a character already at the end it moved towards stays: never "from seat 1 to seat 1"
            assert text.endswith(STAYS[lang].format(n=at)), text
            stayed += 1
            continue
        found = re.search(pattern, text)
        assert found, text
        assert (int(found.group(1)), int(found.group(2))) == (at, to), text
        moved += 1
    assert moved >= 1 and stayed >= 1


def test_a_card_drawn_stays_unnamed_in_the_journal() -> None:
    draws = [text for action, _, before, after, text in played("king_lui", "en") if action[0] == "draw"]
    # the move's own line; a draw that closes a course then says, on a line of its own, what the king got from the
    # open table
    assert draws and {text.split("\n")[0] for text in draws} == {"draws a card"}
