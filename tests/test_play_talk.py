"""Table talk and undo by agreement (issue #52): short messages in the journal, shown as text; an undo one
person asks for takes the table back only once every person has accepted it."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.play import talk
from cardgen.play.session import Refused, Session
from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ask, people_move, running_table
from tests.test_play_session import deck_of


def table_of_two() -> Session:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1])
    session.join(0), session.join(1)
    return session


def to_move(session: Session, seat: int) -> None:
    """Agents and the other person play (first legal moves) until ``seat`` is to move."""
    while session.state.current_player != seat:
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), session.state.current_player,
                         turn=len(session.actions))


def test_a_message_is_short_plain_and_the_peoples() -> None:
    session = table_of_two()
    assert talk.say(session, 0, "  hello\x07\n  <b>all</b>  ") == "hello <b>all</b>"
    assert len(talk.say(session, 1, "x" * 1000)) == talk.TALK_LONGEST
    for seat, words, code in ((2, "hi", "talk_people"), (0, " \n\t", "talk_bad"), (0, 7, "talk_bad")):
        with pytest.raises(Refused) as refused:
            talk.say(session, seat, words)
        assert refused.value.code == code
    for i in range(talk.TALK_KEPT + 5):
        talk.say(session, 0, f"m{i}")
    assert len(session.talk) == talk.TALK_KEPT and session.talk[-1] == (0, f"m{talk.TALK_KEPT + 4}", 0)


def test_an_undo_waits_for_every_persons_yes() -> None:
    session = table_of_two()
    with pytest.raises(Refused) as refused:
        talk.ask_undo(session, 0)
    assert refused.value.code == "undo_nothing"
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    before = len(session.actions) - 1
    to_move(session, 1)
    made = len(session.actions)
    assert talk.ask_undo(session, 0) == {"by": 0, "to": before, "accepted": [0]}
    with pytest.raises(Refused) as refused:
        talk.ask_undo(session, 1)
    assert refused.value.code == "undo_pending"
    assert not talk.answer(session, 1, False) and session.undo_asked is None and len(session.actions) == made
    talk.ask_undo(session, 0)
    assert talk.answer(session, 1, True) and len(session.actions) == before and session.undo_asked is None
    with pytest.raises(Refused) as refused:
        talk.answer(session, 1, True)
    assert refused.value.code == "undo_none"


def test_a_move_made_meanwhile_drops_the_undo_asked() -> None:
    session = table_of_two()
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    to_move(session, 1)
    talk.ask_undo(session, 0)
    session.play(list(session.state.legal_actions()[0]), 1, turn=len(session.actions))
    assert session.undo_asked is None
    with pytest.raises(Refused):
        talk.answer(session, 1, True)


@pytest.fixture
def table(tmp_path: Path):
    with running_table(tmp_path, "king_lui") as links:
        yield links


def test_talk_and_an_agreed_undo_through_the_table(table: dict[str, str]) -> None:
    status, seen = ask(table["1"] + "api/say", {"text": "<img src=x onerror=alert(1)>"})
    assert status == 200 and seen["talk"][0]["text"] == "<img src=x onerror=alert(1)>" and seen["talk"][0]["after"] == 0
    for who in ("spectator", "lobby", "pass", "designer"):
        assert ask(table[who] + "api/say", {"text": "hi"})[0] == 403, who
    assert ask(table["1"] + "api/say", {"text": "y" * 20000})[0] == 413  # the body bound holds
    people_move(table, random.Random(4), 12)
    status, seen = ask(table["designer"] + "api/view")
    mover = next(p for p in (0, 1) if any(e["seat"] == p for e in seen["journal"]))
    other = 1 - mover
    status, asked = ask(table[str(mover + 1)] + "api/undo", {})
    assert status == 200 and asked["undo_asked"]["by"] == mover and asked["moves_made"] == seen["moves_made"]
    status, theirs = ask(table[str(other + 1)] + "api/view")
    assert theirs["undo_asked"]["who"] == f"Player {mover + 1}"  # no name given: the seat, never "person"
    status, done = ask(table[str(other + 1)] + "api/undo_answer", {"accept": True})
    assert status == 200 and done["undo_asked"] is None and done["moves_made"] == asked["undo_asked"]["to"]


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_a_message_shows_as_text_in_every_journal(table: dict[str, str]) -> None:
    ask(table["2"] + "api/view")
    with chromium_page(table["1"], 390, 844) as page:
        page.wait_for_selector("#talk:not([hidden])", timeout=30_000)
        page.fill("#talk-text", "<b>bold?</b> hi")
        page.click("#talk-send")
        page.wait_for_selector("#journal li.talk", timeout=15_000)
        assert page.inner_text("#journal li.talk").endswith("<b>bold?</b> hi")
        assert page.locator("#journal li.talk b").count() == 1  # the name only: the message's markup stays text
        assert page.input_value("#talk-text") == ""


def test_one_yes_of_two_is_not_enough() -> None:
    session = Session(deck_of("king_lui"), players=3, seed=9, people=[0, 1, 2])
    for seat in (0, 1, 2):
        session.join(seat)
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    made = len(session.actions)
    talk.ask_undo(session, 0)
    assert not talk.answer(session, 2, True) and len(session.actions) == made
    assert session.undo_asked["accepted"] == [0, 2]
    assert talk.answer(session, 1, True) and len(session.actions) == made - 1


def test_every_change_is_heard_by_the_pages_and_a_finished_game_takes_nothing_back() -> None:
    session = table_of_two()
    to_move(session, 0)
    for change in (lambda: talk.say(session, 0, "hi"),
                   lambda: session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions)),
                   lambda: talk.ask_undo(session, 0), lambda: talk.answer(session, 1, False),
                   lambda: talk.ask_undo(session, 0), lambda: talk.answer(session, 1, True)):
        version = session.version
        change()
        assert session.version > version
    while not session.state.is_terminal():
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), session.state.current_player,
                         turn=len(session.actions))
    with pytest.raises(Refused) as refused:
        talk.ask_undo(session, 0)
    assert refused.value.code == "over"


def test_each_refusal_of_talk_undo_and_rematch_has_its_code_and_its_detail() -> None:
    """In this process (the server's tests reach these through HTTP, where mutmut does not follow): the code the
    page words in its language, and the English detail kept beside it."""
    session = Session(deck_of("king_lui"), players=3, seed=2, people=[0, 1])
    session.join(0), session.join(1)

    def refused(call, *args: object) -> tuple[str, str | None]:
        with pytest.raises(Refused) as info:
            call(session, *args)
        return str(info.value), info.value.code

    people = ("table talk is for the people at the table", "talk_people")
    assert refused(talk.say, 2, "hi") == people
    assert refused(talk.say, 0, 7) == ("expected a message", "talk_bad")
    assert refused(talk.say, 0, "   ") == ("expected a message", "talk_bad")
    assert refused(talk.ask_undo, 2) == ("undo is for the people at the table", "talk_people")
    assert refused(talk.ask_undo, 0) == ("nothing to undo: you have not moved yet", "undo_nothing")
    assert refused(talk.answer, 0, True) == ("no undo is asked", "undo_none")
    rematch = ("a rematch is for the people at the table", "talk_people")
    assert refused(talk.ask_rematch, 2, False) == rematch
    assert refused(talk.ask_rematch, 0, False) == ("a rematch comes once the game is over", "rematch_early")
    assert refused(talk.answer_rematch, 0, True) == ("no rematch is proposed", "rematch_none")
    while session.state.current_player != 0 or not any(seat == 0 for seat, _ in session.actions):
        if session.agent_move() is None:
            seat = session.state.current_player
            session.play(list(session.state.legal_actions()[0]), seat, turn=len(session.actions))
    version = session.version
    talk.ask_undo(session, 0)
    assert session.version == version + 1  # one change, one version: the pages redraw once
    assert refused(talk.ask_undo, 1) == ("an undo is already asked; the table answers it first", "undo_pending")
    assert refused(talk.answer, 2, True) == ("undo is for the people at the table", "talk_people")
    assert talk.answer(session, 1, "yes") is False and session.undo_asked is None  # only true is a yes
