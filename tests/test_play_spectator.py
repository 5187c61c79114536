"""The spectator's link and the rematch (issue #52): a non-player watches the table (what every seat sees
alike, no hand), changes nothing, follows the table live; once a game ends, one request deals the next with
the same people, seats swapped if asked, each person's link following them to their new seat."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.games import GAME_IDS
from cardgen.play.session import Refused, Session
from cardgen.play.view import spectator_view, table_view
from tests.test_play_server import ask, people_move, running_table
from tests.test_play_session import deck_of, play_out


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_spectator_sees_what_every_seat_sees_alike_and_no_hand(game: str) -> None:
    session = Session(deck_of(game), players=3, seed=11)
    rng = random.Random(11)
    for _ in range(6):
        play_out(session, rng, moves=2)
        seen = spectator_view(session)
        assert seen["spectator"] and seen["hand"] == [] and seen["moves"] == [] and not seen["can_hint"]
        # each seat's page as nobody's reads it: a seat's own says "you" where the spectator names the player (the
        # chef, the cup, the step: #53 round 29), the rest alike
        views = [table_view(session, s, reader=None) for s in range(session.players)]
        for area in seen["areas"]:
            others = [v for s, v in enumerate(views) if s != area.get("seat")]
            assert others and all(any(a["cards"] == area["cards"] and a["facts"] == area["facts"]
                                      for a in v["hand"] + v["areas"]) for v in others), area["title"]
        for seat in range(session.players):  # whatever the cards hidden from any one seat are, the page is the same
            state = session.state
            session.state = state.determinize(seat, random.Random(seat))
            again = spectator_view(session)
            session.state = state
            assert again["areas"] == seen["areas"], seat
        assert any(a.get("seat") is None for a in seen["areas"]) and seen["names"] == views[0]["names"]
        if session.state.is_terminal():
            break


def test_a_rematch_waits_for_the_end_and_a_swap_moves_each_person_on_with_their_name() -> None:
    session = Session(deck_of("king_lui"), players=3, seed=4, people=[0, 2])
    session.people_names = {0: "Ann", 2: "Bo"}
    with pytest.raises(Refused) as refused:
        session.rematch(True)
    assert refused.value.code == "rematch_early" and session.number == 1
    session.join(0), session.join(2)
    play_out_all(session)
    seed = session.seed
    assert session.rematch(False) == {0: 0, 2: 2} and session.people_names == {0: "Ann", 2: "Bo"}
    assert session.number == 2 and session.seed == seed + 1 and not session.actions
    play_out_all(session)
    assert session.rematch(True) == {0: 2, 2: 0} and session.people_names == {2: "Ann", 0: "Bo"}
    assert session.names[1] != "human" and session.number == 3


def play_out_all(session: Session) -> None:
    """Every seat's moves, people's at random, to the end."""
    rng = random.Random(5)
    while not session.state.is_terminal():
        if not session.agent_move():
            session.play(list(rng.choice(session.state.legal_actions())), session.state.current_player,
                         turn=len(session.actions))


@pytest.fixture
def table(tmp_path: Path):
    with running_table(tmp_path, "king_lui") as links:
        yield links


@pytest.fixture
def draco(tmp_path: Path):
    """Draco's hands are hidden from the other seats: a spectator must see none of them."""
    with running_table(tmp_path, "draco") as links:
        yield links


def test_the_spectators_link_watches_and_changes_nothing(draco: dict[str, str]) -> None:
    table = draco
    spectator = table["spectator"]
    status, designer = ask(table["designer"] + "api/view")
    assert status == 200 and designer["spectator_link"].strip("./") == spectator.rstrip("/").rsplit("/", 1)[1]
    people_move(table, random.Random(2), 6)
    status, seen = ask(spectator + "api/view")
    assert status == 200 and seen["spectator"] and seen["seat"] == -1 and seen["hand"] == [] and seen["moves"] == []
    status, designer = ask(table["designer"] + "api/view")
    hands = {c["id"] for column in designer["seats"] for a in column["hand"] for c in a["cards"] if "id" in c}
    assert hands and not [c for c in hands if c in json.dumps(seen)]  # no card of any hand on its page
    for name in ("move", "agent", "new", "save", "undo", "hint", "feedback", "join", "rematch"):
        status, answer = ask(spectator + f"api/{name}", {"action": ["x"], "turn": seen["moves_made"], "swap": True})
        assert status == 403 and answer["code"] == "spectating", name
    assert ask(spectator + "api/leave", {})[0] == 204
    face = seen["areas"][0]["cards"][0]["face"]
    assert ask(spectator)[0] == 200 and ask(spectator + f"face/{face}.png")[0] == 200
    people_move(table, random.Random(3), 4)
    status, later = ask(spectator + "api/view")
    assert later["moves_made"] > seen["moves_made"] and later["journal"][-1]["n"] == later["moves_made"]


def test_a_rematch_with_swapped_seats_moves_each_link_with_its_person(table: dict[str, str], tmp_path: Path) -> None:
    for seat, name in ((1, "Ann"), (2, "Bo")):
        ask(table["lobby"] + "api/join", {"seat": seat, "name": name})
    status, early = ask(table["designer"] + "api/rematch", {"swap": True})
    assert status == 409 and early["code"] == "rematch_early"
    rng = random.Random(7)
    for _ in range(2000):
        if ask(table["designer"] + "api/view")[1]["waiting"] == "over":
            break
        people_move(table, rng, 1)
    status, answer = ask(table["1"] + "api/rematch", {"swap": True})  # a person proposes; the others say yes
    assert status == 200 and answer["game_number"] == 1 and answer["rematch_asked"]["who"] == "Ann"
    assert ask(table["2"] + "api/view")[1]["rematch_asked"] == {"by": 0, "who": "Ann", "swap": True, "accepted": [0]}
    status, after = ask(table["designer"] + "api/rematch", {"swap": True})
    assert status == 200 and after["game_number"] == 2 and after["moves_made"] == 0
    assert after["people_names"] == {"1": "Ann", "0": "Bo"}
    assert after["links"]["2"].strip("./") == table["1"].rstrip("/").rsplit("/", 1)[1]  # Ann's link, now seat 2
    status, ann = ask(table["1"] + "api/view")
    assert ann["seat"] == 1 and ann["names"][1] == "Ann"
    status, bo = ask(table["2"] + "api/view")
    assert bo["seat"] == 0 and bo["names"][0] == "Bo"
    people_move({**table, "1": table["2"], "2": table["1"]}, rng, 6)
    lines = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert lines[0]["end_reason"] != "unfinished" and lines[0]["names"] == {"0": "Ann", "1": "Bo"}
    assert lines[1]["names"] == {"0": "Bo", "1": "Ann"} and lines[1]["seed"] == lines[0]["seed"] + 1


def test_the_pass_and_play_device_shows_a_hand_only_to_the_person_who_tapped(draco: dict[str, str]) -> None:
    device = draco["pass"]
    status, designer = ask(draco["designer"] + "api/view")
    assert designer["pass_link"].strip("./") == device.rstrip("/").rsplit("/", 1)[1]
    assert sorted(designer["joined"]) == [] and ask(device + "api/view")[0] == 200
    assert sorted(ask(draco["designer"] + "api/view")[1]["joined"]) == [0, 1]  # the device is every person's page
    for name in ("new", "save", "undo", "join", "say"):
        status, answer = ask(device + f"api/{name}", {"turn": 0})
        assert status == 403 and answer["code"] == "pass_only", name
    status, answer = ask(device + "api/rematch", {"swap": False})  # its people's rematch, once the game is over
    assert status == 409 and answer["code"] == "rematch_early"
    status, answer = ask(device + "api/feedback", {"seat": 1, "answers": {"fun": 4}})  # each person's, at the end
    assert status == 409 and answer["code"] == "feedback_early"
    people, covers = 0, 0
    for _ in range(400):
        status, covered = ask(device + "api/view")
        if covered["waiting"] == "over" or people >= 8:
            break
        assert covered["hand"] == [] and covered["moves"] == [] and covered["seat"] == -1
        if covered["pass_seat"] is None:  # an agent's turn: the device asks for it
            ask(device + "api/agent", {"after": covered["moves_made"]})
            continue
        covers += 1
        person = covered["pass_seat"]
        assert covered["pass_name"] == covered["ui"]["seat"].format(n=person + 1)  # no name given: the seat
        other = [p for p in covered["people"] if p != person][0]
        assert ask(device + f"api/view?reveal={other}")[1]["hand"] == []  # not the person whose turn it is
        status, mine = ask(device + f"api/view?reveal={person}")
        assert mine["seat"] == person and mine["hand"] and mine["moves"]
        status, after = ask(device + "api/move", {"action": mine["moves"][0]["action"], "turn": mine["moves_made"]})
        assert status == 200 and after["hand"] == [] or after["seat"] == person  # its person may go on, uncovered
        people += 1
    assert people >= 8 and covers >= 2


def test_the_passed_device_shows_a_hand_only_for_the_person_to_move_who_tapped() -> None:
    from cardgen.play.view import pass_view

    session = Session(deck_of("draco"), players=3, seed=6, people=[0, 2])
    session.join(0), session.join(2)
    for _ in range(30):
        while session.agent_move():
            pass
        person = session.state.current_player
        covered = pass_view(session, None)
        assert covered["pass"] and covered["hand"] == [] and covered["moves"] == [] and covered["seat"] == -1
        assert covered["pass_seat"] == person and covered["pass_name"] == covered["ui"]["seat"].format(n=person + 1)
        assert pass_view(session, 2 - person)["hand"] == []  # the other person's tap shows nothing
        mine = pass_view(session, person)
        assert mine["seat"] == person and mine["hand"] and mine["moves"] and mine["pass_seat"] == person
        session.play(mine["moves"][0]["action"], person, turn=len(session.actions))
        if session.state.is_terminal():
            break
    over = pass_view(session, 0) if session.state.is_terminal() else None
    assert over is None or (over["pass_seat"] is None and over["hand"] == [])


def test_the_seats_areas_come_together_in_seat_order() -> None:
    from cardgen.play.view import in_seat_order

    areas = [{"title": "hand", "seat": -1}, {"title": "buffet"}, {"title": "p2", "seat": 1}, {"title": "p1", "seat": 0},
             {"title": "discard", "seat": None}, {"title": "p3", "seat": 2}, {"title": "p1 again", "seat": 0}]
    assert [a["title"] for a in in_seat_order(areas)] == ["hand", "buffet", "p1", "p1 again", "p2", "p3", "discard"]
    assert in_seat_order([{"title": "x"}]) == [{"title": "x"}] and in_seat_order([]) == []


@pytest.mark.parametrize("game", ["king_lui", "royale", "draco"])
def test_the_spectators_seats_are_in_the_tables_seat_order_all_game_long(game: str) -> None:
    from cardgen.play.view import spectator_view, table_view

    session = Session(deck_of(game), players=4, seed=3, people=[0, 1])
    session.join(0), session.join(1)
    rng = random.Random(1)
    for step in range(400):
        if step % 10 == 0 or session.state.is_terminal():
            shown = spectator_view(session)["areas"]
            seats = [a["seat"] for a in shown if isinstance(a.get("seat"), int) and a["seat"] >= 0]
            assert seats == sorted(seats) and set(seats) == {0, 1, 2, 3}, (game, step, seats)
            first = [i for i, a in enumerate(shown) if a.get("seat") in (0, 1, 2, 3)]
            assert first == list(range(first[0], first[0] + len(first)))  # together: nothing shared between them
            mine = [a["title"] for a in table_view(session, 2)["areas"] if a.get("seat") is None]
            assert [a["title"] for a in shown if a.get("seat") is None] == [t for t in mine if t in
                                                                             {a["title"] for a in shown}]
        if session.state.is_terminal():
            break
        if session.agent_move() is None:
            session.play(list(rng.choice(session.state.legal_actions())), session.state.current_player,
                         turn=len(session.actions))
