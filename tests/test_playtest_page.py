"""The report's playtest page (``cardgen.report.playtest``): people's games and answers beside the agents'."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgen.report.playtest import WORDS, column, playtest_page, write_playtest_page
from cardgen.simulate.human import human_figures
from screen import unwrapped, unwrapped_capture

ASKING = """\
extends: king_lui
name: {fr: "Lui à l’essai", it: "Lui in prova", en: "Lui on trial"}
description: {fr: "Les mêmes règles.", it: "Le stesse regole.", en: "The same rules."}
playtest:
  questions:
    - id: emerald
      kind: rating
      text: {fr: "L’Emerald était-il utile ?", it: "L’Emerald era utile?", en: "Was the Emerald useful?"}
    - id: again
      kind: yesno
      text: {fr: "Rejoueriez-vous ?", it: "Rigiocheresti?", en: "Would you play again?"}
"""


def game(deck: str = "lui-trial", winners: tuple[int, ...] = (0,), feedback: dict | None = None,
         **extra: object) -> dict:
    """A logged game of 3 seats, people in seats 1 and 3 (as ``cardgen play`` writes it)."""
    record = {"deck": deck, "players": 3, "agents": ["human", "heuristic", "human"], "human_seats": [0, 2],
              "scores": [10, 20, 30], "winners": list(winners), "rounds": 8, "turns": 24, "seconds": 600}
    if feedback is not None:
        record["feedback"] = feedback
    return record | extra


@pytest.fixture(scope="module")
def trial(tmp_path_factory: pytest.TempPathFactory):
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver

    root = tmp_path_factory.mktemp("trial")
    (root / "decks").mkdir()
    (root / "variants").mkdir()
    (root / "variants" / "lui-trial.yaml").write_text(ASKING, encoding="utf-8")
    return Resolver(Project.open(root)).resolve("lui-trial")


GAMES = [game(winners=(0,), feedback={"0": {"fun": 5, "long": "long", "unclear": "the <b>emerald</b>",
                                            "q:emerald": 4, "q:again": True},
                                      "2": {"fun": 2, "long": "right", "comment": "<script>alert(1)</script>",
                                            "q:emerald": 2, "q:again": False}}),
         game(winners=(1,), seconds=1200, rounds=10, turns=30)]
AGENTS = {"completed": 200, "rounds": {"mean": 12.0}, "turns": {"mean": 36.5}}


def test_seat_results_set_people_against_agents() -> None:
    fig = human_figures(GAMES, "lui-trial", 3)
    assert fig is not None and fig["minutes"] == 15.0 and fig["rounds"] == 9.0
    assert fig["seats"]["people"] == {"seats": 4, "wins": 1, "share": 0.25, "score": 20.0}
    assert fig["seats"]["agents"] == {"seats": 2, "wins": 1, "share": 0.5, "score": 20.0}
    assert fig["feedback"]["fun_counts"] == [0, 1, 0, 0, 1]


def test_the_page_shows_the_figures_and_every_answer(trial, tmp_path: Path) -> None:
    page = write_playtest_page(tmp_path, GAMES, [(3, [(trial, "lui-trial", AGENTS)])], "Playtests")
    html = page.read_text(encoding="utf-8")
    cells = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "Lui on trial (lui-trial)" in cells
    assert " people 2 9 27 15 " in cells and " agents 200 12 36.5 – " in cells  # how long, beside the agents
    assert " people 4 1 25% 20 " in cells and " agents 2 1 50% 20 " in cells  # seats
    assert "mean 3.5 of 5" in cells and "too long: 1; " not in cells and "about right: 1; too long: 1" in cells
    assert "Was the Emerald useful?" in cells and "mean 3 of 5 (2 answers)" in cells
    assert "Would you play again?" in cells and "yes: 1; no: 1" in cells


def test_a_comment_with_a_script_is_escaped(trial, tmp_path: Path) -> None:
    html = write_playtest_page(tmp_path, GAMES, [(3, [(trial, "lui-trial", AGENTS)])], "<i>t</i>").read_text("utf-8")
    assert "<script" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>emerald" not in html and "&lt;b&gt;emerald&lt;/b&gt;" in html
    assert "<i>t</i>" not in html


def test_no_games_is_a_sentence_not_an_empty_table(trial) -> None:
    html = playtest_page("P", [{"players": 4, "columns": [column(GAMES, trial, "lui-trial", 4, AGENTS, "en")]}])
    assert WORDS["en"]["none"].format(n=4) in html and "<table" not in html and 'class="bars"' not in html


def test_games_nobody_rated_say_so_with_no_bars(trial) -> None:
    quiet = [game(), game(winners=(2,))]
    html = playtest_page("P", [{"players": 3, "columns": [column(quiet, trial, "lui-trial", 3, AGENTS, "en")]}])
    assert WORDS["en"]["no_answers"] in html and 'class="bars"' not in html and "<blockquote" not in html
    unfinished = [game() | {"scores": None, "winners": None}]
    html = playtest_page("P", [{"players": 3, "columns": [column(unfinished, trial, "lui-trial", 3, AGENTS, "en")]}])
    assert WORDS["en"]["no_finished"] in html and "<table" not in html


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_word_in_the_pages_language(trial, lang: str) -> None:
    assert WORDS[lang].keys() == WORDS["en"].keys()
    cols = [column(GAMES, trial, "lui-trial", 3, AGENTS, lang), column([], None, "king_lui", 3, AGENTS, lang)]
    html = playtest_page("P", [{"players": 3, "columns": cols}], lang)
    text = re.sub(r"<[^>]+>", " ", html)
    for english in ("people", "mean", "Comments", "unclear", "too long", "seats", "answer"):
        assert english not in text, english
    assert {"fr": "Lui à l’essai", "it": "Lui in prova"}[lang] in text
    assert {"fr": "L’Emerald était-il utile ?", "it": "L’Emerald era utile?"}[lang] in text
    assert {"fr": "3,5", "it": "3,5"}[lang] in text and f'lang="{lang}"' in html


def test_compare_sets_base_and_variant_side_by_side(trial, tmp_path: Path) -> None:
    played = GAMES + [game(deck="king_lui", winners=(2,))]
    html = write_playtest_page(tmp_path, played, [(3, [(None, "king_lui", AGENTS), (trial, "lui-trial", AGENTS)])],
                               "P").read_text("utf-8")
    sides = html.split('<section class="side">')[1:]
    assert len(sides) == 2 and "king_lui" in sides[0] and "lui-trial" in sides[1]
    assert WORDS["en"]["no_answers"] in sides[0] and "alert(1)" in sides[1]
    assert json.dumps(sorted(WORDS)) == json.dumps(["en", "fr", "it"])


def test_compare_writes_the_page_in_its_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``compare --human-logs --lang it``: a game people played of the base, none of the variant: the
    page sets them side by side, in Italian, and says the variant had no game instead of drawing one."""
    import random

    from cardgen.play.session import Session
    from cardgen.play.view import table_view
    from cardgen.report.commands import compare
    from cardgen.simulate.compare import CompareOptions
    from cardgen.simulate.runner import DeckRef, load_project_deck

    root = str(Path(__file__).resolve().parents[1])
    base = load_project_deck(DeckRef(root, "king_lui", ""))
    variant = load_project_deck(DeckRef(root, "king_lui-gentle-overeating", ""))
    session = Session(base, players=3, seed=4, people=[0, 2], lang="it")
    session.join(0)
    session.join(2)
    rng = random.Random(4)
    while session.waiting_for() != "over":
        if not session.agent_move():
            seat = session.state.current_player
            session.play(rng.choice(table_view(session, seat)["moves"])["action"], seat)
    session.claim(2, "Bea")
    session.give_feedback(2, {"fun": 3, "comment": "<script>x()</script>"})
    log = tmp_path / "games.jsonl"
    session.save(log)
    compare(base, variant, CompareOptions(games=20, players=[3], engine="reference", jobs=1, out=tmp_path / "out",
                                          progress=False, lang="it", human_logs=[log], json_file=tmp_path / "c.json"))
    people = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))["results"][0]["people"]
    assert people["variant"] is None and people["base"]["feedback"]["comments"] == ["<script>x()</script>"]
    page = Path(unwrapped(capsys.readouterr().out).split("pagina delle partite giocate da persone: ")[1].split("\n")[0])
    html = page.read_text(encoding="utf-8")
    base_side, variant_side = html.split('<section class="side">')[1:]
    assert "(king_lui)" in base_side and "1 partita giocata, 1 finita." in base_side
    assert "&lt;script&gt;x()&lt;/script&gt;" in base_side and "<script" not in html
    assert "king_lui-gentle-overeating" in variant_side and WORDS["it"]["none"].format(n=3) in variant_side
    assert "<table" not in variant_side and 'lang="it"' in html
    row = next(r for r in base_side.split("<tr>") if "Bea" in r)  # her rating beside her comment, under her name
    assert "<th>Bea (giocatore 3)</th>" in row and ">3<" in row and "&lt;script&gt;x()" in row
    assert 'href="playtest.html"' in (page.parent / "index.html").read_text(encoding="utf-8")  # the run links it
    gallery = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert f'href="validation/{page.parent.name}/playtest.html"' in gallery


def test_validate_links_the_playtest_page_from_every_page_of_its_run(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen.report.commands import validate
    from cardgen.simulate.runner import DeckRef, load_project_deck
    from cardgen.simulate.validate import ValidateOptions

    root = str(Path(__file__).resolve().parents[1])
    log = tmp_path / "games.jsonl"
    log.write_text(json.dumps(game(deck="king_lui", feedback={"0": {"fun": 4, "comment": "ok"}}) | {
        "format": "cardgen-log/1", "project": root, "file": "", "seed": 1, "initial_piles": {}, "actions": [],
        "end_reason": "ended", "names": {"0": "Ann"}}) + "\n", encoding="utf-8")
    deck = load_project_deck(DeckRef(root, "king_lui", ""))
    validate([deck], ValidateOptions(games=10, players=[3], engine="reference", jobs=1, out=tmp_path / "out",
                                     progress=False, human_logs=[log]))
    out = unwrapped(capsys.readouterr().out)
    assert "    Ann (player 1): fun 4 of 5 · comment: ok" in out  # the terminal ties the rating to its comment
    folder = Path(out.split("playtest page: ")[1].split("\n")[0]).parent if "playtest page: " in out else None
    assert folder is not None and (folder / "playtest.html").is_file()
    for page in ("index.html", "king_lui.html"):
        assert 'href="playtest.html"' in (folder / page).read_text(encoding="utf-8"), page
    assert f'href="validation/{folder.name}/playtest.html"' in (tmp_path / "out" / "index.html").read_text("utf-8")
