"""``--human-logs``: games people played with ``cardgen play`` beside the agents' figures."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.play.session import Session
from cardgen.play.view import table_view
from cardgen.simulate.human import human_figures, human_line, read_human_games
from cardgen.simulate.runner import DeckRef, load_project_deck
from cardgen.report.commands import validate
from cardgen.simulate.validate import ValidateOptions
from screen import unwrapped, unwrapped_capture

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two King Lui games clicked at random in seat 1, saved as ``cardgen play`` saves them."""
    log = tmp_path_factory.mktemp("human") / "games.jsonl"
    session = Session(load_project_deck(DeckRef(str(ROOT), "king_lui", "")), seed=3)
    for k in range(2):
        rng = random.Random(k)
        while session.waiting_for() != "over":
            if not session.agent_move():
                session.play(rng.choice(table_view(session)["moves"])["action"])
        session.save(log)
        session.new_deal()
    return log


def test_figures_of_the_played_games(played: Path) -> None:
    games = read_human_games([played])
    records = [json.loads(line) for line in played.read_text(encoding="utf-8").splitlines()]
    fig = human_figures(games, "king_lui", 3)
    assert fig is not None and fig["games"] == 2 and fig["completed"] == 2
    assert fig["rounds"] == pytest.approx(sum(r["rounds"] for r in records) / 2)
    assert fig["human_wins"] == sum(1 for r in records if 0 in r["winners"])
    assert human_figures(games, "king_lui", 4) is None and human_figures(games, "royale", 3) is None
    assert "2 finished in" in human_line(fig, 12.0) and "(agents 12)" in human_line(fig, 12.0)


def test_agent_only_games_are_not_people(played: Path, tmp_path: Path) -> None:
    line = json.loads(played.read_text(encoding="utf-8").splitlines()[0])
    line["agents"] = ["heuristic"] * 3
    log = tmp_path / "agents.jsonl"
    log.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert read_human_games([log]) == []


def test_a_bad_log_is_one_line(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(InputError, match="bad.jsonl"):
        read_human_games([log])


def test_validate_prints_people_beside_agents(played: Path, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """The terminal's people line, and the report's playtest page beside the run's overview."""
    deck = load_project_deck(DeckRef(str(ROOT), "king_lui", ""))
    opts = ValidateOptions(games=20, players=[3, 4], engine="reference", jobs=1, out=tmp_path, progress=False,
                           human_logs=[played])
    validate([deck], opts)
    out = unwrapped(capsys.readouterr().out)
    assert "people: 2 games played, 2 finished in" in out and "(agents " in out
    page = Path(out.split("playtest page: ")[1].split("\n")[0])
    assert page.name == "playtest.html" and (page.parent / "index.html").is_file()
    html = page.read_text(encoding="utf-8")
    assert "King Lui" in html and "3 players" in html and "4 players" in html
    assert "No game of this deck with 4 players was played by people" in html  # nothing drawn from zero games


def test_the_peoples_feedback_shows_beside_the_figures(tmp_path: Path) -> None:
    """Two people answer the form at the end of a game; validate's people line carries their answers."""
    log = tmp_path / "games.jsonl"
    session = Session(load_project_deck(DeckRef(str(ROOT), "king_lui", "")), seed=5, people=[0, 2])
    session.join(0)
    session.join(2)
    rng = random.Random(5)
    while session.waiting_for() != "over":
        if not session.agent_move():
            seat = session.state.current_player
            session.play(rng.choice(table_view(session, seat)["moves"])["action"], seat)
    session.give_feedback(0, {"fun": 4, "long": "long", "unclear": "the emerald"})
    session.give_feedback(2, {"fun": 2, "long": "long", "comment": "too much waiting"})
    session._started -= 150  # the table started two and a half minutes before the last move
    session.save(log)
    fig = human_figures(read_human_games([log]), "king_lui", 3)
    assert fig is not None and 150 <= json.loads(log.read_text(encoding="utf-8"))["seconds"] < 200
    assert 2.5 <= fig["minutes"] < 3.4
    assert fig is not None and fig["feedback"]["answers"] == 2 and fig["feedback"]["fun"] == 3.0
    assert fig["feedback"]["long"] == {"long": 2}
    text = human_line(fig, 10.0)
    assert "2 answers; fun 3 of 5; length: 2 too long" in text
    assert "unclear: the emerald" in text and "comment: too much waiting" in text


def test_the_people_lines_follow_the_language() -> None:
    """The people's figures and answers under validate's summary, in French and Italian."""
    fig = {"games": 2, "completed": 2, "rounds": 16.5, "human_wins": 1,
           "feedback": {"answers": 1, "fun": 4.0, "long": {"long": 1}, "unclear": [], "comments": ["bien"],
                        "questions": {"again": [True]}}}
    fr = human_line(fig, 12.0, lang="fr")
    assert fr.startswith("  joueurs humains\u202f: 2 parties jouées, 2 terminées en 16,5 tours de table complets en moyenne")
    king_lui = {"labels": {"fr": {"rounds": "services"}}}  # a game's own name for its rounds
    assert "16,5 services en moyenne" in human_line(fig, 12.0, lang="fr", words=king_lui)
    assert "1 réponse\u202f; plaisir 4 sur 5\u202f; durée\u202f: 1 trop longue" in fr and "again: oui" in fr
    it = human_line(fig, 12.0, lang="it")
    assert "2 partite giocate" in it and "commento: bien" in it and "1 troppo lunga" in it


def test_each_persons_answers_stay_together_under_their_name() -> None:
    """The terminal ties a rating to its comment and to who gave both (issue #52 item 10), in each language."""
    from cardgen.simulate.human import feedback_figures, feedback_lines

    games = [{"names": {"0": "Ann", "10": "Zed"}, "feedback": {
        "10": {"fun": 2, "comment": "slow"}, "2": {"long": "long", "unclear": "the toast", "q:again": False},
        "0": {"fun": 5, "comment": "great", "q:again": True}}}]
    fb = feedback_figures(games)
    assert [(p["seat"], p["name"]) for p in fb["people"]] == [(0, "Ann"), (2, None), (10, "Zed")]
    lines = feedback_lines(fb)
    assert lines[1:] == ["    Ann (player 1): fun 5 of 5 · comment: great · again: yes",
                         "    player 3: too long · unclear: the toast · again: no",
                         "    Zed (player 11): fun 2 of 5 · comment: slow"]
    assert feedback_lines(fb, "fr")[1] == "    Ann (joueur 1)\u202f: plaisir 5 sur 5 · commentaire\u202f: great · again\u202f: oui"
    assert feedback_lines(fb, "it")[2] == "    giocatore 3: troppo lunga · poco chiaro: the toast · again: no"
