"""The served table's state and its routes, called in this process (issue #51: mutation testing of
``cardgen/play/context.py`` and the ``routes_*`` modules). The server tests drive them through a table in
another process or through HTTP, where mutmut does not follow; here each handler gets a ``Table`` and a body as
the app hands them over, and the test checks what it changed and the JSON each role is answered with."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardgen.play import context, routes_feedback, routes_lobby, routes_seats, routes_table, seats
from cardgen.play.access import DESIGNER, LOBBY, PASSED, REVOKED, SPECTATOR
from cardgen.play.context import CONNECTED_SECONDS, Table, reveal_of
from cardgen.play.session import Refused, Session
from cardgen.play.view import designer_view, lobby_view, pass_view, spectator_view, table_view
from tests.test_play_said import finished_table
from tests.test_play_session import deck_of
from tests.test_play_talk import table_of_two, to_move

KEYS = {"k0": 0, "k1": 1, "kd": DESIGNER, "ks": SPECTATOR, "kl": LOBBY, "kp": PASSED}


def body(response: Any) -> dict[str, Any]:
    """A JSON answer's body, after checking that no cache keeps it."""
    assert response.headers["cache-control"] == "no-store"
    return json.loads(response.body)


def served(session: Session, tmp_path: Path) -> Table:
    return Table(session, dict(KEYS), tmp_path / "log.jsonl")


def refused(call: Any, *args: Any) -> tuple[str | None, str]:
    with pytest.raises(Refused) as why:
        call(*args)
    return why.value.code, str(why.value)


def clock(monkeypatch: pytest.MonkeyPatch, now: float) -> None:
    """``context`` reads the time ``now`` (only that module: the session keeps the real clock)."""
    monkeypatch.setattr(context, "time", SimpleNamespace(monotonic=lambda: now))


# -- context --------------------------------------------------------------------------------------------------

def test_a_key_stands_for_its_role_and_an_unknown_one_for_none(tmp_path: Path) -> None:
    table = served(table_of_two(), tmp_path)
    assert [table.role_of(k) for k in KEYS] == list(KEYS.values())
    assert table.role_of("k") is None and table.role_of("k00") is None and table.role_of("") is None
    assert table.link_of(1) == "../k1/" and table.link_of(PASSED) == "../kp/" and table.link_of(2) is None


def test_a_page_that_comes_joins_its_seat_the_passed_device_every_persons(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    table = served(Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1]), tmp_path)
    clock(monkeypatch, 50.0)
    for role in (DESIGNER, SPECTATOR, LOBBY):
        table.came(role)
    assert table.session.joined == set() and table.heard_at == {}
    table.came(0)
    assert table.session.joined == {0} and table.heard_at == {0: 50.0}
    clock(monkeypatch, 60.0)
    table.came(PASSED)
    assert table.session.joined == {0, 1} and table.heard_at == {0: 60.0, 1: 60.0}


def test_the_passed_device_moves_for_the_person_to_move_and_never_for_an_agent(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    to_move(session, 1)
    assert table.seat_of(PASSED) == 1 and table.seat_of(0) == 0 and table.seat_of(DESIGNER) == DESIGNER
    to_move(session, 2)  # an agent's seat
    assert table.seat_of(PASSED) == PASSED and table.seat_of(1) == 1


def test_each_key_follows_its_person_after_a_rematch_and_nothing_moves_before(tmp_path: Path) -> None:
    table = served(table_of_two(), tmp_path)
    assert table.follow(None, 1) == 1 and table.keys == KEYS
    assert table.follow({0: 1, 1: 0}, 0) == 1 and table.keys == KEYS | {"k0": 1, "k1": 0}
    assert table.follow({0: 1, 1: 0}, DESIGNER) == DESIGNER and table.keys == KEYS


def test_each_role_is_answered_with_its_own_view_and_what_the_route_adds(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    to_move(session, 0)
    assert pass_view(session, 0) != pass_view(session, None)  # the tap shows a hand: the test can tell
    assert body(table.answer(PASSED, {"x": 1}, 0)) == pass_view(session, 0) | {"x": 1}
    assert body(table.answer(PASSED)) == pass_view(session, None)
    assert body(table.answer(LOBBY, {"x": 1})) == lobby_view(session)
    assert body(table.answer(SPECTATOR, {"x": 1})) == spectator_view(session) | {"x": 1}
    assert body(table.answer(1, {"x": 1}, 1)) == table_view(session, 1) | {"x": 1}
    assert body(table.answer(0)) == table_view(session, 0)


def test_the_designer_sees_who_is_connected_who_is_handed_and_every_link(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    agent = seats.hand_to_agent(session, 1)
    table.heard_at = {0: 100.0 - CONNECTED_SECONDS + 0.5, 1: 100.0 - CONNECTED_SECONDS}  # seat 2: just too long ago
    clock(monkeypatch, 100.0)
    links = {"lobby_link": "../kl/", "spectator_link": "../ks/", "pass_link": "../kp/"}
    assert body(table.answer(DESIGNER, {"saved": "x"})) == designer_view(session) | {
        "connected": [0], "handed": {"2": agent}, "seat_links": {"1": "../k0/", "2": "../k1/"},
        "links": {"1": "../k0/"}, **links, "saved": "x", "passing": False}
    table.heard_at = {1: 99.0, 0: 98.0}
    assert body(table.answer(DESIGNER))["connected"] == [0, 1]
    table.came(PASSED)  # the device handed round has come: the designer's page says so (and every person joined)
    assert body(table.answer(DESIGNER))["passing"] is True
    table.came(0)
    assert body(table.answer(DESIGNER))["passing"] is True  # a seat's own page after it does not undo that


@pytest.mark.parametrize("data, seat", [({"reveal": 2}, 2), ({"reveal": 0}, 0), ({"reveal": True}, None),
                                        ({"reveal": "2"}, None), ({"reveal": None}, None), ({}, None)])
def test_a_reveal_is_a_seat_number_or_nothing(data: dict[str, Any], seat: int | None) -> None:
    assert reveal_of(data) == seat


# -- routes_table ---------------------------------------------------------------------------------------------

def test_a_move_names_its_turn_and_the_passed_device_moves_for_the_person_to_move(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    to_move(session, 0)
    legal = list(session.state.legal_actions()[0])
    assert refused(routes_table.move, table, None, 0, {"action": legal}) == (
        "no_turn", "a move names the move it answers ('turn': the moves made when the page showed it)")
    made = len(session.actions)
    for stale in (made - 1, made + 1, "0", True):  # a move sent again, or answering another table than this one
        assert refused(routes_table.move, table, None, 0, {"action": legal, "turn": stale})[0] == "moved_on"
    assert refused(routes_table.move, table, None, 0, {"action": legal, "turn": None})[0] == "no_turn"
    assert len(session.actions) == made
    answer = body(routes_table.move(table, None, PASSED, {"action": legal, "turn": made, "reveal": 1}))
    assert session.actions[-1][0] == 0 and len(session.actions) == made + 1
    assert session.state.current_player == 1 and pass_view(session, 1) != pass_view(session, None)
    assert answer == pass_view(session, 1) | {"moved": session.journal[made].text}  # the next person tapped
    legal = list(session.state.legal_actions()[0])
    assert refused(routes_table.move, table, None, 0, {"action": legal, "turn": made + 1})[0] == "not_yours"
    answer = body(routes_table.move(table, None, 1, {"action": legal, "turn": made + 1}))  # seat 2's own key
    assert session.actions[-1][0] == 1 and answer == table_view(session, 1) | {"moved": session.journal[-1].text}


def test_an_agent_moves_only_after_the_moves_its_page_saw(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    to_move(session, 2)
    made = len(session.actions)
    assert made > 1
    assert body(routes_table.agent(table, None, DESIGNER, {"after": made - 1}))["moved"] is None
    assert len(session.actions) == made
    answer = body(routes_table.agent(table, None, 1, {"after": True}))  # not a number: whatever the page saw
    assert len(session.actions) == made + 1 and answer == table_view(session, 1) | {
        "moved": session.journal[made].text}
    to_move(session, 2)
    made = len(session.actions)
    answer = body(routes_table.agent(table, None, PASSED, {"after": made, "reveal": 0}))
    assert len(session.actions) == made + 1 and session.state.current_player == 0
    assert answer == pass_view(session, 0) | {"moved": session.journal[made].text} != pass_view(session, None) | {
        "moved": session.journal[made].text}


def test_an_undo_is_asked_of_the_others_at_a_table_of_several_and_taken_at_once_by_one(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    made = len(session.actions)
    assert body(routes_table.undo(table, None, 0, {})) == table_view(session, 0)
    assert session.undo_asked is not None and session.undo_asked["by"] == 0 and len(session.actions) == made
    routes_table.undo_answer(table, None, 1, {"accept": False})
    assert session.undo_asked is None and len(session.actions) == made
    to_move(session, 1)
    session.play(list(session.state.legal_actions()[0]), 1, turn=len(session.actions))
    made = len(session.actions)
    assert body(routes_table.undo(table, None, 1, {})) == table_view(session, 1)  # seat 2's view, not seat 1's
    routes_table.undo_answer(table, None, 0, {"accept": False})
    routes_table.undo(table, None, 0, {})
    assert body(routes_table.undo_answer(table, None, 1, {"accept": True})) == table_view(session, 1)
    assert len(session.actions) < made and session.undos
    alone = Session(deck_of("king_lui"), players=3, seed=8)
    to_move(alone, 0)
    before = len(alone.actions)
    alone.play(list(alone.state.legal_actions()[0]), 0, turn=before)
    routes_table.undo(served(alone, tmp_path), None, 0, {})
    assert len(alone.actions) == before and alone.undo_asked is None


def test_a_message_is_said_at_the_table_and_a_new_deal_is_the_designers_at_a_table_of_several(
        tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    assert body(routes_table.say(table, None, 1, {"text": " hi  Ann "})) == table_view(session, 1)
    assert session.talk == [(1, "hi Ann", 0)]
    assert refused(routes_table.new, table, None, 0, {}) == (
        "designer_deals", "the designer deals a new game at a table with several people")
    assert refused(routes_table.new, table, None, PASSED, {})[0] == "designer_deals" and session.number == 1
    answer = body(routes_table.new(table, None, DESIGNER, {}))
    assert session.number == 2 and answer == body(table.answer(DESIGNER)) and answer["game_number"] == 2
    alone = Session(deck_of("king_lui"), players=3, seed=8)
    routes_table.new(served(alone, tmp_path), None, 0, {})
    assert alone.number == 2


def test_a_hint_is_for_the_askers_seat_and_a_save_says_where(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    to_move(session, 1)
    session.hint = lambda seat: {"for": seat}  # type: ignore[method-assign]
    assert json.loads(routes_table.hint(table, None, PASSED, {}).body) == {"for": 1}
    assert json.loads(routes_table.hint(table, None, 0, {}).body) == {"for": 0}
    done = finished_table([0, 1])
    table = served(done, tmp_path)
    answer = body(routes_table.save(table, None, 1, {}))
    # a player's page is never told the host's path (#53: fr1, it38, en9); the designer's is
    assert answer == table_view(done, 1) | {"saved": ""}
    assert body(routes_table.save(table, None, DESIGNER, {}))["saved"] == str(tmp_path / "log.jsonl")
    assert json.loads((tmp_path / "log.jsonl").read_text(encoding="utf-8"))["players"] == 3


def test_the_designers_rematch_is_dealt_at_once_each_key_with_its_person(tmp_path: Path) -> None:
    session = finished_table([0, 1])
    table = served(session, tmp_path)
    answer = body(routes_table.rematch(table, None, DESIGNER, {"swap": True}))
    assert session.number == 2 and answer["game_number"] == 2 and "seat_links" in answer
    assert table.keys == KEYS | {"k0": 1, "k1": 0}


def test_a_persons_rematch_waits_for_the_others_yes_and_only_true_swaps(tmp_path: Path) -> None:
    session = finished_table([0, 1])
    table = served(session, tmp_path)
    answer = body(routes_table.rematch(table, None, 0, {"swap": "yes"}))
    assert session.number == 1 and answer == table_view(session, 0)
    assert session.rematch_asked is not None and session.rematch_asked["swap"] is False
    answer = body(routes_table.rematch_answer(table, None, 1, {"accept": True}))
    assert session.number == 2 and table.keys == KEYS and answer["seat"] == 1
    session = finished_table([0, 1])
    table = served(session, tmp_path)
    routes_table.rematch(table, None, 0, {"swap": True})
    answer = body(routes_table.rematch_answer(table, None, 1, {"accept": True}))
    assert table.keys == KEYS | {"k0": 1, "k1": 0} and answer["seat"] == 0  # Bo's key went with Bo
    assert answer == table_view(session, 0)


# -- routes_seats ---------------------------------------------------------------------------------------------

def test_the_designer_hands_a_seat_to_an_agent_only_on_true_and_takes_it_back(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    answer = body(routes_seats.seat(table, None, DESIGNER, {"seat": 2, "agent": True}))
    assert list(session.handed) == [1] and session.people == [0] and answer["handed"] == {"2": session.handed[1]}
    routes_seats.seat(table, None, DESIGNER, {"seat": 2, "agent": "yes"})
    assert session.handed == {} and session.people == [0, 1]
    assert refused(routes_seats.seat, table, None, DESIGNER, {"seat": 2, "agent": 1}) == (
        "seat_bad", "seat 2 was not handed to an agent")


def test_a_new_link_refuses_the_old_key_and_only_a_persons_seat_gets_one(tmp_path: Path) -> None:
    session = table_of_two()
    table = served(session, tmp_path)
    table.heard_at = {0: 1.0, 1: 1.0}
    version = session.version
    answer = body(routes_seats.relink(table, None, DESIGNER, {"seat": 2}))
    (new,) = [k for k in table.keys if k not in KEYS]
    assert table.keys == KEYS | {"k1": REVOKED, new: 1} and len(new) == 22
    assert table.heard_at == {0: 1.0} and session.version == version + 1
    assert answer["seat_links"]["2"] == f"../{new}/"
    assert refused(routes_seats.relink, table, None, DESIGNER, {"seat": 3}) == ("seat_bad", "seat 3 is not a person's")
    seats.hand_to_agent(session, 0)  # a seat handed to an agent is still its person's
    routes_seats.relink(table, None, DESIGNER, {"seat": 1})
    assert table.keys["k0"] == REVOKED and sorted(table.keys.values()).count(0) == 1
    table.heard_at = {}  # a seat whose page never came gets a new link too
    routes_seats.relink(table, None, DESIGNER, {"seat": 2})
    assert table.heard_at == {} and sorted(table.keys.values()).count(REVOKED) == 3


def test_the_designer_starts_the_table_before_every_person_has_come(tmp_path: Path) -> None:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1])
    table = served(session, tmp_path)
    assert session.waiting_for(-1) == "seats"
    answer = body(routes_seats.start(table, None, DESIGNER, {}))
    assert session.joined == {0, 1} and answer["waiting"] != "seats"
    assert answer == body(table.answer(DESIGNER)) and "seat_links" in answer  # the designer's own view


# -- routes_lobby and routes_feedback -------------------------------------------------------------------------

def test_the_lobby_gives_a_free_seat_from_one_and_its_link_once(tmp_path: Path) -> None:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1])
    table = served(session, tmp_path)
    assert routes_lobby.lobby_join(table, {"seat": 2, "name": " Bo "}) == {"seat": 1, "name": "Bo", "link": "../k1/"}
    assert body(routes_lobby.join(table, None, LOBBY, {"seat": 1, "name": "Ann"})) == {
        "seat": 0, "name": "Ann", "link": "../k0/"}
    for seat in (True, "1", 3, None):
        assert refused(routes_lobby.lobby_join, table, {"seat": seat, "name": "Cy"})[0] == "seat_bad", seat
    assert refused(routes_lobby.lobby_join, table, {"seat": 2, "name": "Cy"})[0] == "seat_taken"


def test_the_answers_are_the_askers_own_or_on_the_passed_device_the_named_persons(tmp_path: Path) -> None:
    session = finished_table([0, 1])
    table = served(session, tmp_path)
    answer = body(routes_feedback.feedback(table, None, 1, {"seat": 1, "answers": {"fun": 4}, "reveal": 0}))
    assert session.feedback == {1: {"fun": 4}}
    assert answer == table_view(session, 1) | {"saved": ""}  # the thanks, never the host's path (#53 fr1)
    answer = body(routes_feedback.feedback(table, None, PASSED, {"seat": 1, "answers": {"fun": 2}, "reveal": 1}))
    assert session.feedback == {1: {"fun": 4}, 0: {"fun": 2}}
    assert answer == pass_view(session, 1) | {"saved": ""}
    assert json.loads((tmp_path / "log.jsonl").read_text(encoding="utf-8"))["feedback"] == {
        "0": {"fun": 2}, "1": {"fun": 4}}
    assert refused(routes_feedback.feedback, table, None, PASSED, {"seat": 0, "answers": {}})[0] == "seat_bad"
