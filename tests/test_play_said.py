"""What people say at a table is kept with the game (issue #52, items 2 and 6): table talk and the undos every
person agreed to go into the game's log line as they happen, come back with ``--resume``, and show in the
journal where they were said; a rematch any person proposes is dealt at everyone's yes."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.play import talk
from cardgen.play.said import talk_of
from cardgen.play.session import Refused, Session
from cardgen.play.view import table_view
from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ask, people_move, running_table
from tests.test_play_session import deck_of
from tests.test_play_talk import table_of_two, to_move


def lines(log: Path) -> list[dict]:
    return [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]


def test_talk_is_written_as_it_is_said_even_before_the_first_move(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    session = table_of_two()
    session.keep_log(log)
    session.claim(0, "Ann")
    talk.say(session, 0, "good luck, Bo")
    (record,) = lines(log)
    assert record["talk"] == [[0, "good luck, Bo", 0]] and record["names"] == {"0": "Ann"}
    assert record["actions"] == [] and record["end_reason"] == "unfinished"


def test_an_agreed_undo_is_in_the_log_and_the_journal_and_the_talk_after_it_stays(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    session = table_of_two()
    session.keep_log(log)
    session.claim(1, "Bo")
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    kept = len(session.actions) - 1
    to_move(session, 1)
    made = len(session.actions)
    talk.say(session, 1, "oops?")
    talk.ask_undo(session, 0)
    assert lines(log)[0].get("undos") is None  # asked is not agreed
    assert talk.answer(session, 1, True)
    record = lines(log)[0]
    assert record["undos"] == [[0, kept, made]] and len(record["actions"]) == kept
    assert record["talk"] == [[1, "oops?", kept]]  # said after moves taken back: shown where the table is now
    seen = table_view(session, 1)
    assert seen["undos"] == [{"who": "Player 1", "after": kept, "n": made - kept}]
    assert seen["talk"] == [{"seat": 1, "who": "Bo", "text": "oops?", "after": kept}]


def test_resume_brings_the_talk_and_the_undos_back(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    session = table_of_two()
    session.keep_log(log)
    to_move(session, 0)
    session.play(list(session.state.legal_actions()[0]), 0, turn=len(session.actions))
    talk.say(session, 1, "nice one")
    to_move(session, 1)
    talk.ask_undo(session, 0)
    talk.answer(session, 1, True)
    talk.say(session, 0, "thanks")
    again = Session.resume(deck_of("king_lui"), log)
    assert again.talk == session.talk and again.undos == session.undos and again.undos
    assert table_view(again, 0)["talk"] == table_view(session, 0)["talk"]
    talk.say(again, 1, "go on")
    assert lines(log)[0]["talk"][-1] == [1, "go on", len(again.actions)]  # the same line, written on


@pytest.mark.parametrize("talk_field, undos", [([[0, "hi"]], []), ([[0, 5, 0]], []), ("hi", []),
                                               ([[3, "hi", 0]], []), ([], [[3, 0, 2]]), ([], [[0, -1, 2]]),
                                               ([], [[0, "a", 2]])])
def test_a_talk_field_of_the_wrong_shape_is_one_readable_line(talk_field: object, undos: object) -> None:
    with pytest.raises(InputError) as bad:
        talk_of({"players": 3, "talk": talk_field, "undos": undos}, "log.jsonl:4")
    assert str(bad.value).count("\n") == 0 and "log.jsonl:4" in str(bad.value)


def test_a_log_without_talk_reads_as_no_talk() -> None:
    assert talk_of({"players": 3}, "x:1") == ([], [])
    assert talk_of({"players": 3, "talk": [[2, "x" * 500, 4]]}, "x:1")[0] == [(2, "x" * talk.TALK_LONGEST, 4)]


def finished_table(people: list[int]) -> Session:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=people)
    for seat in people:
        session.join(seat)
        session.claim(seat, "Ann Bo Cy".split()[seat])
    while not session.state.is_terminal():
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), session.state.current_player,
                         turn=len(session.actions))
    return session


def test_a_rematch_a_person_proposes_is_dealt_at_every_persons_yes_seats_swapped() -> None:
    session = finished_table([0, 1, 2])
    with pytest.raises(Refused) as refused:
        talk.answer_rematch(session, 1, True)
    assert refused.value.code == "rematch_none"
    assert talk.ask_rematch(session, 1, True) is None and session.number == 1
    assert table_view(session, 0)["rematch_asked"] == {"by": 1, "who": "Bo", "swap": True, "accepted": [1]}
    assert talk.answer_rematch(session, 2, True) is None and session.number == 1  # two yes of three
    assert talk.ask_rematch(session, 0, False) == {0: 1, 1: 2, 2: 0}  # a yes: the proposal's swap stands
    assert session.number == 2 and session.rematch_asked is None
    assert session.people_names == {1: "Ann", 2: "Bo", 0: "Cy"}


def test_a_no_drops_the_rematch_and_nothing_is_proposed_mid_game() -> None:
    session = finished_table([0, 1])
    talk.ask_rematch(session, 0, False)
    assert talk.answer_rematch(session, 1, False) is None and session.rematch_asked is None and session.number == 1
    assert talk.ask_rematch(session, 0, False) is None
    assert talk.answer_rematch(session, 1, True) == {0: 0, 1: 1} and session.number == 2
    with pytest.raises(Refused) as refused:
        talk.ask_rematch(session, 0, False)
    assert refused.value.code == "rematch_early"
    with pytest.raises(Refused) as refused:
        talk.ask_rematch(finished_table([0, 1]), 2, False)  # an agent's seat
    assert refused.value.code == "talk_people"


def test_one_person_proposing_a_rematch_deals_it_at_once() -> None:
    session = finished_table([0])
    assert talk.ask_rematch(session, 0, False) == {0: 0} and session.number == 2


def asgi(app: object, path: str, body: object = None, headers: dict[str, str] | None = None) -> tuple[int, dict]:
    """One request to the ASGI ``app`` as uvicorn makes it (a POST with ``body``, else a GET)."""
    import asyncio

    raw = b"" if body is None else json.dumps(body).encode()
    head = {"host": "t", "content-type": "application/json", "content-length": str(len(raw)), **(headers or {})}
    path, _, query = path.partition("?")
    scope = {"type": "http", "method": "GET" if body is None else "POST", "path": path, "raw_path": path.encode(),
             "query_string": query.encode(), "headers": [(k.encode(), v.encode()) for k, v in head.items()],
             "http_version": "1.1", "scheme": "http", "server": ("t", 80), "client": ("c", 1), "root_path": ""}
    pending = [{"type": "http.request", "body": raw, "more_body": False}]
    sent: list[dict] = []

    async def receive() -> dict:
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))  # type: ignore[operator]
    content = b"".join(m.get("body", b"") for m in sent[1:])
    return int(sent[0]["status"]), json.loads(content) if content.startswith(b"{") else {}


@pytest.fixture
def over(tmp_path: Path):
    """A finished King Lui table of Ann and Bo (seats 1 and 2) served in-process: the app and each role's key."""
    from cardgen.play import server

    session = finished_table([0, 1])
    keys = {"ann": 0, "bo": 1, "designer": server.DESIGNER, "spectator": server.SPECTATOR, "pass": server.PASSED,
            "lobby": server.LOBBY}
    return server.build_app(session, None, tmp_path / "log.jsonl", pictures={}, keys=keys, hosts={"t"}), session


def test_the_passed_device_takes_each_persons_answers_by_name(over: tuple) -> None:
    app, session = over
    status, seen = asgi(app, "/pass/api/view")
    assert status == 200 and seen["pass_feedback"] == [{"seat": 0, "name": "Ann", "given": False, "named": True},
                                                       {"seat": 1, "name": "Bo", "given": False, "named": True}]
    assert seen["hand"] == [] and seen["questions"] == session.questions()
    status, after = asgi(app, "/pass/api/feedback", {"seat": 2, "answers": {"fun": 2, "comment": "Bo: too long"}})
    assert status == 200 and [p["given"] for p in after["pass_feedback"]] == [False, True]
    asgi(app, "/pass/api/feedback", {"seat": 1, "answers": {"fun": 5, "comment": "Ann: more"}})
    assert session.feedback == {0: {"fun": 5, "comment": "Ann: more"}, 1: {"fun": 2, "comment": "Bo: too long"}}
    for seat, code in ((3, "feedback_people"), (0, "seat_bad"), ("1", "seat_bad"), (None, "seat_bad")):
        status, refused = asgi(app, "/pass/api/feedback", {"seat": seat, "answers": {"fun": 1}})
        assert status == 409 and refused["code"] == code, seat
    status, refused = asgi(app, "/spectator/api/feedback", {"seat": 1, "answers": {"fun": 1}})
    assert status == 403 and refused["code"] == "spectating"
    assert asgi(app, "/ann/api/feedback", {"answers": {"fun": 3}})[0] == 200 and session.feedback[0] == {"fun": 3}


def test_a_rematch_proposed_and_accepted_moves_each_key_with_its_person(over: tuple) -> None:
    app, session = over
    for role in ("spectator", "lobby"):
        for name in ("rematch", "rematch_answer"):
            assert asgi(app, f"/{role}/api/{name}", {"accept": True})[0] == 403, (role, name)
    status, refused = asgi(app, "/designer/api/rematch_answer", {"accept": True})
    assert status == 403 and refused["code"] == "watching"
    assert asgi(app, "/ann/api/rematch", {"swap": True}, {"host": "evil:80"})[0] == 403  # Host checked
    assert asgi(app, "/ann/api/rematch", {"swap": True}, {"origin": "http://evil"})[0] == 403  # Origin checked
    status, asked = asgi(app, "/ann/api/rematch", {"swap": True})
    assert status == 200 and asked["rematch_asked"]["who"] == "Ann" and asked["game_number"] == 1
    status, refused = asgi(app, "/bo/api/rematch_answer", {"accept": False})
    assert status == 200 and refused["rematch_asked"] is None and refused["game_number"] == 1
    asgi(app, "/ann/api/rematch", {"swap": True})
    status, dealt = asgi(app, "/bo/api/rematch_answer", {"accept": True})
    assert status == 200 and dealt["game_number"] == 2 and dealt["seat"] == 0  # Bo's key is seat 1's now
    assert asgi(app, "/ann/api/view")[1]["seat"] == 1 and session.people_names == {1: "Ann", 0: "Bo"}


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_each_person_answers_on_the_passed_phone(tmp_path: Path) -> None:
    with running_table(tmp_path, "king_lui") as links:
        for seat, name in ((1, "Ann"), (2, "Bo")):
            ask(links["lobby"] + "api/join", {"seat": seat, "name": name})
        rng = random.Random(3)
        for _ in range(3000):
            if ask(links["designer"] + "api/view")[1]["waiting"] == "over":
                break
            people_move(links, rng, 1)
        with chromium_page(links["pass"], 390, 844) as page:
            page.wait_for_selector("button.answer-as", timeout=30_000)
            assert page.locator("button.answer-as").all_inner_texts() == ["I am Ann: my answers", "I am Bo: my answers"]
            page.click('button.answer-as[data-seat="1"]')
            page.wait_for_selector("form.feedback", timeout=10_000)
            assert page.inner_text("#result .answering") == "Bo’s answers"
            page.select_option("select[name=fun]", "2")
            page.fill("textarea[name=comment]", "Bo: the end drags")
            page.click("#fb-send")
            page.wait_for_selector("#result p.quiet:has-text('Thanks, Bo: answers saved')", timeout=10_000)
            assert page.locator("button.answer-as").all_inner_texts() == ["I am Ann: my answers"]
    record = json.loads((tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert record["feedback"] == {"1": {"fun": 2, "comment": "Bo: the end drags"}}
    assert record["names"] == {"0": "Ann", "1": "Bo"}


def test_resume_refuses_a_tampered_talk_in_one_line(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    session = table_of_two()
    session.keep_log(log)
    talk.say(session, 0, "hi")
    record = lines(log)[0]
    log.write_text(json.dumps(record | {"talk": [[0, {"x": 1}, 0]]}) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as bad:
        Session.resume(deck_of("king_lui"), log)
    assert f"{log}:1" in str(bad.value) and "'talk'" in str(bad.value) and "\n" not in str(bad.value)


def test_the_passed_device_votes_for_its_people_and_deals_the_rematch(over: tuple) -> None:
    """The people share the device: its yes is all of theirs (docs/playtest.md), its no drops a proposal."""
    app, session = over
    status, asked = asgi(app, "/ann/api/rematch", {"swap": True})
    assert status == 200 and session.rematch_asked is not None and session.number == 1
    status, seen = asgi(app, "/pass/api/rematch_answer", {"accept": False})  # the device's no drops it
    assert status == 200 and session.rematch_asked is None and session.number == 1
    status, refused = asgi(app, "/pass/api/rematch_answer", {"accept": True})
    assert status == 409 and refused["code"] == "rematch_none"
    asgi(app, "/bo/api/rematch", {"swap": True})  # Bo proposes it with the seats swapped
    status, seen = asgi(app, "/pass/api/rematch_answer", {"accept": True})  # the device's yes deals it, swapped
    assert status == 200 and session.number == 2 and session.people_names == {0: "Bo", 1: "Ann"}
    assert session.rematch_asked is None and seen["pass"] is True


def test_the_passed_devices_own_click_deals_a_rematch_at_once(over: tuple) -> None:
    app, session = over
    status, seen = asgi(app, "/pass/api/rematch", {"swap": False})
    assert status == 200 and session.number == 2 and session.people_names == {0: "Ann", 1: "Bo"}
