"""The designer's hold on the seats (issue #52): who is connected, a seat handed to an agent and taken back,
a seat's link replaced (the old key refused 403), and the table started before everyone has come."""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from cardgen.play import seats
from cardgen.play.session import HUMAN, Refused, Session
from tests.test_play_server import ask, people_move, running_table
from tests.test_play_session import deck_of


def test_a_seat_handed_to_an_agent_is_played_by_it_and_given_back() -> None:
    session = Session(deck_of("king_lui"), players=3, seed=2, people=[0, 1])
    session.join(0), session.join(1)
    version = session.version
    name = seats.hand_to_agent(session, 1)
    assert name == session.names[2] and session.names[1] == name and session.handed == {1: name}
    assert session.people == [0] and session.version > version and session.agents[1] is not None
    with pytest.raises(Refused) as refused:
        seats.hand_to_agent(session, 0)
    assert refused.value.code == "last_person"
    moved = 0
    while session.state.current_player != 0 and moved < 50:
        assert session.agent_move() is not None  # seat 2 is the agent's now: it moves without a person
        moved += 1
    while session.state.current_player != 1:
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    assert session.waiting_for(1) == "agent"
    with pytest.raises(Refused):
        session.play(list(session.state.legal_actions()[0]), 1, turn=len(session.actions))
    assert session.agent_move().seat == 1  # the agent plays the handed seat
    while session.state.current_player != 1:
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    version = session.version
    seats.take_back(session, 1)
    assert session.people == [0, 1] and session.names[1] == HUMAN and session.waiting_for(1) == "you"
    assert session.agents[1] is None and session.handed == {} and session.version > version
    with pytest.raises(Refused):
        seats.take_back(session, 1)
    for bad in (0, 4, True, "1"):
        with pytest.raises(Refused):
            seats.seat_number(session, bad)
    assert seats.seat_number(session, 3) == 2 and seats.seat_number(session, 1) == 0


def test_the_table_starts_when_the_designer_says() -> None:
    session = Session(deck_of("king_lui"), players=3, seed=2, people=[0, 1])
    session.join(0)
    assert session.waiting_for(0) == "seats"
    version = session.version
    seats.start_now(session)
    assert session.waiting_for(-1) != "seats" and session.version > version and session.joined == {0, 1}


@pytest.fixture
def table(tmp_path: Path):
    with running_table(tmp_path, "king_lui") as links:
        yield links


def test_the_designer_sees_who_is_here_hands_seats_over_and_replaces_a_link(table: dict[str, str]) -> None:
    designer = table["designer"]
    status, seen = ask(designer + "api/view")
    assert seen["connected"] == [] and seen["waiting"] == "seats"
    for name, body in (("seat", {"seat": 1, "agent": True}), ("relink", {"seat": 1}), ("start", {})):
        for who in ("1", "spectator", "pass", "lobby"):
            status, answer = ask(table[who] + f"api/{name}", body)
            assert status == 403, (name, who)
    ask(table["1"] + "api/view")
    status, seen = ask(designer + "api/view")
    assert seen["connected"] == [0] and seen["waiting"] == "seats"
    status, seen = ask(designer + "api/start", {})
    assert status == 200 and seen["waiting"] != "seats"
    status, seen = ask(designer + "api/seat", {"seat": 2, "agent": True})
    assert status == 200 and seen["handed"] == {"2": seen["names"][1]} and seen["people"] == [0]
    status, answer = ask(designer + "api/seat", {"seat": 1, "agent": True})
    assert status == 409 and answer["code"] == "last_person"
    people_move(table, random.Random(1), 6)  # seat 2's turns are the agent's
    status, seen = ask(designer + "api/seat", {"seat": 2, "agent": False})
    assert status == 200 and seen["handed"] == {} and seen["people"] == [0, 1]
    old = table["2"]
    status, seen = ask(designer + "api/relink", {"seat": 2})
    new = seen["seat_links"]["2"]
    assert status == 200 and new.strip("./") != old.rstrip("/").rsplit("/", 1)[1]
    for path in ("api/view", "", "api/events"):
        assert ask(old + path)[0] == 403
    status, answer = ask(old + "api/move", {"action": ["x"], "turn": 0})
    assert status == 403 and answer["code"] == "revoked"
    fresh = old.rsplit("/", 2)[0] + "/" + new.strip("./") + "/"
    status, mine = ask(fresh + "api/view")
    assert status == 200 and mine["seat"] == 1
    assert ask(designer + "api/relink", {"seat": 3})[1]["code"] == "seat_bad"  # an agent's seat has no link


def test_each_refusal_of_the_seat_controls_names_the_seat_and_its_code() -> None:
    """In this process (the server's tests reach these through HTTP, where mutmut does not follow): every refusal
    has its words' code and an English detail naming the seat as the page names it (from 1)."""
    session = Session(deck_of("king_lui"), players=3, seed=2, people=[0, 1])

    def refused(call, *args: object) -> tuple[str, str | None]:
        with pytest.raises(Refused) as info:
            call(session, *args)
        return str(info.value), info.value.code

    for bad in (0, 4, "2", True, None):
        assert refused(seats.seat_number, bad) == ("expected a seat from 1 to 3", "seat_bad")
    assert [seats.seat_number(session, n) for n in (1, 2, 3)] == [0, 1, 2]
    assert refused(seats.hand_to_agent, 2) == ("seat 3 is not a person's", "seat_bad")
    assert refused(seats.take_back, 0) == ("seat 1 was not handed to an agent", "seat_bad")
    version = session.version
    seats.hand_to_agent(session, 0)
    assert session.version == version + 1  # one change, one version: the pages redraw once
    assert refused(seats.hand_to_agent, 1) == ("the last person's seat stays a person's", "last_person")
    seats.take_back(session, 0)
    assert session.version == version + 2 and session.people == [0, 1] and session.names[0] == HUMAN
    assert session.waiting_for(-1) == "seats"  # nobody has come: the table waits for its people
    seats.start_now(session)
    assert session.joined == {0, 1} and session.version == version + 3
    seats.start_now(session)  # started already: nothing changes
    assert session.version == version + 3


def test_an_agent_kind_is_the_tables_own_or_the_first_the_game_has() -> None:
    session = Session(deck_of("king_lui"), players=3, seed=2, people=[0, 1, 2])
    name = seats.hand_to_agent(session, 2)
    assert name == sorted(session.factories)[0] and session.agents[2] is not None
