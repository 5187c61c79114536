"""A table is written to its log as it goes and taken up again from it (issue #52, "save and resume").

Every move, undo and answer rewrites the game's one line (``end_reason: unfinished`` until the game ends,
never a finished game for validate's human figures); a new deal keeps the old game's line; ``Session.resume``
and ``cardgen play --resume LOG`` set the last unfinished game up again: same deal, seats, agents, language
and moves; Ctrl-C mid-game keeps what was played.
"""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.play.session import HUMAN, Session
from cardgen.play.view import table_view
from cardgen.simulate.human import human_figures, read_human_games
from cardgen.simulate.replay import replay_file
from tests.test_play_server import ask, people_move, start_table
from tests.test_play_session import deck_of, play_out


def clicks(session: Session, rng: random.Random, n: int, seat: int | None = None) -> None:
    """``n`` random moves of the person at ``seat`` (agents move between them)."""
    for _ in range(n):
        while session.agent_move():
            pass
        view = table_view(session, seat)
        assert view["waiting"] == "you"
        session.play(rng.choice(view["moves"])["action"], seat)


def lines(log: Path) -> list[dict]:
    return [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("game", ["draco", "royale", "king_lui"])
def test_every_move_is_written_as_it_is_made_and_an_unfinished_game_is_never_counted_finished(
        game: str, tmp_path: Path) -> None:
    log = tmp_path / "play" / "log.jsonl"
    session = Session(deck_of(game), seed=5, lang="fr")
    session.keep_log(log)
    assert not log.exists()  # no move yet: nothing to keep
    clicks(session, random.Random(5), 4)
    (record,) = lines(log)
    assert record["end_reason"] == "unfinished" and record["scores"] is None and record["lang"] == "fr"
    assert record["actions"] == [[p, list(a)] for p, a in session.actions]
    assert replay_file(log) == 0  # its moves replay; the game goes on
    figures = human_figures(read_human_games([log]), record["deck"], record["players"])
    assert figures is not None and figures["completed"] == 0 and figures["unfinished"] == 1
    assert figures["seats"]["people"]["seats"] == 0  # no finished game: no seat won or lost


def test_a_new_deal_keeps_the_game_before_it_and_undo_is_written_too(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    session = Session(deck_of("king_lui"), seed=2)
    session.keep_log(log)
    rng = random.Random(2)
    clicks(session, rng, 3)
    first = lines(log)[0]
    session.undo()
    assert len(lines(log)[0]["actions"]) < len(first["actions"])  # the undo is in the log at once
    clicks(session, rng, 1)
    before = lines(log)[0]
    session.new_deal()
    clicks(session, rng, 2)
    old, new = lines(log)
    assert old == before and old["end_reason"] == "unfinished"
    assert new["seed"] == before["seed"] + 1 and len(new["actions"]) >= 2


@pytest.mark.parametrize("game", ["draco", "royale"])
def test_a_resumed_table_is_the_same_deal_seats_and_moves_and_finishes_on_the_same_line(
        game: str, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    finished = Session(deck_of(game), seed=11)
    finished.keep_log(log)
    play_out(finished, random.Random(11))
    session = Session(deck_of(game), players=3, agents=["random"], seed=12, lang="it", people=[0, 2])
    session.keep_log(log)
    session.join(0), session.join(2)
    rng = random.Random(12)
    for _ in range(6):
        while session.agent_move():
            pass
        seat = session.state.current_player
        session.play(rng.choice(table_view(session, seat)["moves"])["action"], seat)
    again = Session.resume(deck_of(game), log)
    assert (again.seed, again.people, again.names, again.lang) == (12, [0, 2], session.names, "it")
    assert again.actions == session.actions
    assert [e.text for e in again.journal] == [e.text for e in session.journal]
    for seat in range(3):  # what each seat sees (Royale's ``game`` names the engine object: left out)
        assert {k: v for k, v in again.state.observation(seat).items() if k != "game"} \
            == {k: v for k, v in session.state.observation(seat).items() if k != "game"}
    assert again.waiting_for(0) == session.waiting_for(0) != "seats"  # its people had come: no wait for them
    for _ in range(10_000):  # on to the end, as two people and an agent
        while again.agent_move():
            pass
        if again.state.is_terminal() or not again.state.legal_actions():
            break
        seat = again.state.current_player
        again.play(rng.choice(table_view(again, seat)["moves"])["action"], seat)
    first, last = lines(log)
    assert first["seed"] == 11 and last["seed"] == 12 and last["end_reason"] != "unfinished"
    assert last["actions"][:len(session.actions)] == [[p, list(a)] for p, a in session.actions]
    assert replay_file(log) == 0
    with pytest.raises(InputError, match="no unfinished game") as ended:
        Session.resume(deck_of(game), log)
    assert str(ended.value).endswith("(did you mean 'start a new table with cardgen play DECK'?)")
    assert ended.value.said("fr").endswith("toutes sont terminées (vouliez-vous dire «\u202fouvrez une nouvelle "
                                           "table avec cardgen play JEU\u202f»\u202f?)")  # issue 53: no English


def test_a_log_of_another_deck_is_not_resumed_with_this_one(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    session = Session(deck_of("king_lui"), seed=3)
    session.keep_log(log)
    clicks(session, random.Random(3), 2)
    with pytest.raises(InputError, match="king_lui"):
        Session.resume(deck_of("draco"), log)


def test_ctrl_c_mid_game_keeps_the_moves_and_resume_sets_the_table_up_again(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    proc, links = start_table(tmp_path, "royale")
    try:
        people_move(links, random.Random(7), 12)
        status, view = ask(links["designer"] + "api/view")
        made = view["moves_made"]
        assert made > 0
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(20)
    (record,) = lines(log)
    assert record["end_reason"] == "unfinished" and len(record["actions"]) == made
    assert record["agents"][0] == record["agents"][1] == HUMAN
    again = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(Path(__file__).resolve().parents[1]),
                              "play", "--resume", str(log), "--no-browser"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert again.stdout is not None
        found: dict[str, str] = {}
        deadline = time.monotonic() + 120
        for line in again.stdout:
            if "seat 1:" in line or "designer" in line:
                found["seat 1:" if "seat 1:" in line else "designer"] = line.rsplit("http", 1)[1].split()[0]
            if "designer" in found or time.monotonic() > deadline:
                break
        status, view = ask("http" + found["designer"] + "api/view")
        assert status == 200 and view["moves_made"] == made and view["people"] == [0, 1]
        assert [e["text"] for e in view["journal"]][-1]  # the journal is back, move by move
    finally:
        again.send_signal(signal.SIGINT)
        again.wait(20)
    assert lines(log)[0]["actions"] == record["actions"]  # taken up, not repeated
