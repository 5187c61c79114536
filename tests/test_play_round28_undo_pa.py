"""The undo of ``cardgen play`` as round 28's readers asked for it (#53): it takes back the person's own last turn,
named by the journal's number on the button itself, never a move they made in another's turn (en22: "take back
your move 32 … draws a card …" named the computer's turn 32), and says how many turns since go with it, as many
as they are (en1, fr2, it27: "every move made after it is undone too (moves made since: 0)")."""
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


def _starts(session: Session) -> list[int]:
    """Where each turn of the journal begins (its numbered line)."""
    journal = session.journal
    return [i for i in range(len(journal)) if i == 0 or journal[i - 1].turn != journal[i].turn]


def _play_until(session: Session, done, rng: random.Random, most: int = 600) -> None:
    """Random legal moves until ``done(session)``; fails if the game never gets there."""
    for _ in range(most):
        if done(session):
            return
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    pytest.fail("the game never reached the position the test needs")


def _drew_in_the_computers_turn(session: Session) -> bool:
    """The last move is a person's, made in a turn the computer (seat 3) began (Draco's draw after its toast)."""
    if len(session.actions) < 2:
        return False
    last = len(session.actions) - 1
    start = max(_starts(session))
    return start < last and session.actions[start][0] == 2 and session.actions[last][0] in (0, 1)


def test_a_draw_in_the_computers_turn_is_not_the_persons_turn_to_take_back() -> None:
    """en22: after the computer's toast the person draws for a ruffian beside Aunt Sarah; the undo named that draw
    "your move 32", the computer's turn. It names the person's own last turn, and taking it back goes there."""
    session = Session(deck_of("draco"), players=3, seed=7, people=[0, 1])
    _play_until(session, _drew_in_the_computers_turn, random.Random(1))
    person = session.actions[-1][0]
    computers_turn = session.journal[-1].turn
    own = max(i for i in _starts(session) if session.actions[i][0] == person)
    undo = table_view(session, person)["undo_of"]
    assert undo["n"] != computers_turn and undo["n"] == session.journal[own].turn
    # as the person's journal shows it ("against you": #53 round 29)
    assert undo["text"] == table_view(session, person)["journal"][own]["text"].split("\n")[0]
    # the turns after it, counted as the journal numbers them (the computer's among them)
    assert undo["since"] == len({e.turn for e in session.journal[own:]}) - 1 >= 1
    # every Draco turn ends with a card drawn into the hand, which an undo would deal again: not offered at a table
    # of people (round 29, en1); which turn it names and goes back to is checked past that rule
    with pytest.raises(Refused):
        talk.ask_undo(session, person)
    session.turn_was_private = lambda seat: False  # type: ignore[method-assign]
    talk.ask_undo(session, person)
    assert session.undo_asked["to"] == own
    assert table_view(session, person)["undo_asked"]["turn"] == session.journal[own].turn
    talk.answer(session, 1 - person, True)
    assert len(session.actions) == own  # the turn and everything since, not the draw alone


def test_a_turn_of_several_moves_is_taken_back_whole_and_counts_as_one() -> None:
    """fr2: Royale's turn is a take and serves; "your move 22: ends their turn" (moves made since: 11) took back
    only its last step and counted the steps. The undo names the turn by its take and counts turns."""
    session = Session(deck_of("royale"), players=3, seed=7)  # one person: the undo is taken at once
    rng = random.Random(1)
    _play_until(session, lambda s: len(s.actions) > 1 and s.actions[-1][0] == 0
                and s.journal[-2].turn == s.journal[-1].turn, rng)  # a serve after the person's take
    start = max(_starts(session))
    assert session.actions[start][0] == 0 and start < len(session.actions) - 1
    undo = table_view(session, 0)["undo_of"]
    assert undo == {"n": session.journal[start].turn, "text": session.journal[start].text.split("\n")[0],
                    "since": 0, "open": undo["open"]}  # open: the turn still played (play round 30, fr19, it18)
    session.undo()
    assert len(session.actions) == start


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_button_names_the_turn_and_the_title_says_the_turns_since_as_many_as_they_are(lang: str) -> None:
    """en1, it27: the turn taken back was only in a hover title, which a phone never shows, and "(moves made since:
    0)" followed "every move made after it is undone too"."""
    ui = UI[lang]
    for key in ("undo_turn", "undo_ask_turn", "undo_title", "undo_ask_title", "undo_asked", "undo_asked_you"):
        assert "{n}" in ui[key], (lang, key)
    assert "{since}" in ui["undo_since"] and "{" not in ui["undo_since_none"] + ui["undo_since_one"]
    assert not any("{since}" in ui[k] for k in ("undo_title", "undo_ask_title"))
    # the turn still being played says "this turn" (play round 30, fr19, it18)
    assert 'ui[(several ? "undo_ask" : "undo") + open].replace("{n}", undone.n)' in APP
    assert "undone.since === 0 ? ui.undo_since_none" in APP
