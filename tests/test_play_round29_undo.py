"""The take-back button as round 29's readers asked for it (#53): named as the person's last turn with the journal's
number beside it, never "my turn 4" (read as "my fourth turn": en1), in one voice per language (it23: "Chiedi … il
mio"), never with French "reprendre" (also "resume", beside "reprise" on a resumed page: fr1), and the turns since
said as what would happen if the others agree. A turn that showed the person a card only they saw (a draw from
the supply) is not offered: the replay deals the same card again, so they could look and ask to draw again (en1)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.play import talk
from cardgen.play.session import Refused, Session
from cardgen.play.view import table_view
from tests.test_play_session import deck_of

ROOT = Path(__file__).resolve().parents[1]
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")


def _last_own_turn(session: Session, seat: int) -> list[str]:
    start = session.turn_start(seat)
    assert start is not None
    turn = session.journal[start].turn
    return [e.text for e in session.journal[start:] if e.turn == turn]


def _play_until(session: Session, done, rng: random.Random, most: int = 300) -> None:
    for _ in range(most):
        if session.state.is_terminal():
            break
        if session.actions and done(session):
            return
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    pytest.fail("the game never reached the position the test needs")


def _person_just_moved(session: Session, draw: bool) -> bool:
    seat = session.actions[-1][0]
    if seat not in session.people or session.turn_start(seat) is None:
        return False
    words = " ".join(_last_own_turn(session, seat))
    return ("draws" in words) == draw and session.state.current_player != seat


@pytest.mark.parametrize("draw", [True, False])
def test_a_turn_that_drew_a_card_from_the_supply_is_not_offered_for_taking_back(draw: bool) -> None:
    """en1: Ann drew the Chicken, saw it, and the button offered to take the draw back (the replay deals the same
    card: she could then choose another move knowing it). Taking a dish shows nothing hidden: offered."""
    session = Session(deck_of("king_lui"), players=3, seed=7, people=[0, 1])
    _play_until(session, lambda s: _person_just_moved(s, draw), random.Random(3))
    person = session.actions[-1][0]
    view = table_view(session, person)
    assert view["undo_private"] is draw
    assert view["can_undo"] is (not draw)
    if draw:
        with pytest.raises(Refused) as refused:
            talk.ask_undo(session, person)
        assert refused.value.code == "undo_private"
    else:
        assert talk.ask_undo(session, person)["by"] == person
    # not offered: greyed (``can_undo`` false) and saying why, no longer hidden (play round 31, en5, en26, fr5, it2:
    # tests/test_play_round31.py)
    assert "if (v.undo_private && undone)" in APP


def test_a_card_everyone_sees_is_no_secret() -> None:
    """Royale's buffet is refilled face up from the draw pile: every seat sees the new cards, so its turns stay
    offered (the check compares the seat's view with the others', not only with other deals)."""
    session = Session(deck_of("royale"), players=3, seed=7, people=[0, 1])
    rng = random.Random(2)
    for _ in range(40):
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    assert not session.turn_was_private(0) and not session.turn_was_private(1)


def test_one_person_at_the_table_keeps_the_undo_of_a_draw() -> None:
    """Alone against the computer there is nobody to cheat: the designer's undo stays (the rule is for the table)."""
    session = Session(deck_of("king_lui"), players=3, seed=7)
    _play_until(session, lambda s: _person_just_moved(s, True), random.Random(3))
    assert table_view(session, session.seat)["can_undo"]


@pytest.mark.parametrize("lang,last,number", [("en", "my last turn", "(no. {n} in the journal)"),
                                               ("fr", "mon dernier tour", "(n°\u00a0{n} du journal)"),
                                               ("it", "il tuo ultimo turno", "(n. {n} del diario)")])
def test_the_button_says_last_turn_and_the_journals_number_apart(lang: str, last: str, number: str) -> None:
    """en1, fr1, it23: "my turn 4" read as "my fourth turn"; the number is the journal's."""
    ui = UI[lang]
    for key in ("undo_turn", "undo_ask_turn"):
        assert last in ui[key] and ui[key].endswith(number), (lang, key)
    words = " ".join(v for k, v in ui.items() if k.startswith("undo"))
    assert "repr" not in words.lower() and " mio " not in f" {words} "  # fr1 "reprendre", it23 "il mio"


@pytest.mark.parametrize("lang,would", [("en", "would be"), ("fr", "serai"), ("it", "Se accettano")])
def test_the_turns_since_are_said_as_what_would_happen_if_the_others_agree(lang: str, would: str) -> None:
    """en1, fr1, it23: "The 4 turns played after it are taken back too" stated as done what is only asked."""
    ui = UI[lang]
    assert would in ui["undo_ask_since"] and would in ui["undo_ask_since_one"]
    assert would not in ui["undo_since"]  # alone at the table the undo is done at once: said as done
    assert "{since}" in ui["undo_ask_since"] and "{" not in ui["undo_ask_since_one"]
    assert 'const ask = several ? "undo_ask_since" : "undo_since";' in APP
