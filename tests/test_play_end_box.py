"""The game-over box and what the page keeps from players (issue #53, playtest reading round 24).

A score is said with its unit and, when the game tells it (King Lui: dish by dish against the king's place),
how it came about; the rules lay every King Lui hand face up at the end, so every page shows them then (never
before); the designer reads why the game ended as the players do; the log's path on the host is said to the
designer and never to a player's page; ``cardgen play --resume LOG`` speaks the log's language in the terminal.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardgen.play.session import Session
from cardgen.play.view import designer_view, spectator_view, table_view
from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import running_table
from tests.test_play_session import deck_of


def finished(game: str, lang: str, seed: int = 7) -> Session:
    """A game of three seats (two people, one agent) played to its end by random moves."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0, 1], lang=lang)
    rng = random.Random(seed)
    while not session.state.is_terminal():
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    return session


def cards(area: dict[str, Any]) -> dict[str, int]:
    return {c["face"]: c["count"] for c in area["cards"]}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_king_luis_end_shows_every_hand_and_each_score_dish_by_dish(lang: str) -> None:
    session = finished("king_lui", lang)
    outcome = session.state.outcome()
    view = table_view(session, 0)
    result = view["result"]
    # each seat's lines add up to its score, and say the cards it discarded (the tie-break)
    for seat, lines in enumerate(result["detail"]):
        # a sum keeps together on a phone (no-break spaces: round 25 en6, fr15), its factors named: the player's
        # portions times the king's (round 26, en9, it5)
        assert all(re.search(r"\d\u00a0\w+\u00a0×\u00a0.*\d.*\u00a0=\u00a0\d", line) for line in lines if "=" in line), lines
        points = sum(int(p) for line in lines for p in re.findall(r"=\s(\d+)$", line))
        assert points == outcome.scores[seat], (seat, lines)
        lost = outcome.extra["discarded"][seat]
        assert (str(lost) in lines[-1]) if lost else all("=" in line for line in lines), lines
    assert result["unit"] == {"en": ["point", "points"], "fr": ["point", "points"], "it": ["punto", "punti"]}[lang]
    assert result["detail_note"]
    # why it ended, with the cards the supply still held counted (round 25, en7, it7): the engine counts them out of
    # the game with the Emeralds used and the portions they removed
    end = session.state.observation(0)
    eaten = sum(end["eaten"].values())
    left = len(session.state.removed) - eaten - eaten // end["emerald_portions"]
    assert 0 < left < 6 and f" {left} " in result["end_text"], (left, result["end_text"])
    # the book: everyone lays their hand face up; each other seat's whole hand, as its owner sees it
    for seat in (1, 2):
        (area,) = [a for a in view["areas"] if a.get("seat") == seat]
        assert cards(area) == session.state.observation(seat)["hand"]
    # the designer reads why it ended, and the same breakdown
    designer = designer_view(session)["result"]
    assert designer["end_text"] == result["end_text"] and designer["detail"] == result["detail"]
    # no course is under way: the table is named after the last course played, no chef, no supply counted
    last = session.state.observation(0)["course"] - 1
    assert view["areas"][0]["title"].endswith(str(last)) and view["areas"][0]["facts"] == []
    # the spectator sees the hands laid face up too (the same on every seat's page)
    assert len([a for a in spectator_view(session)["areas"] if a.get("seat") is not None]) == 3


def test_king_luis_hands_stay_hidden_before_the_end() -> None:
    session = Session(deck_of("king_lui"), players=3, seed=7, people=[0, 1], lang="en")
    rng = random.Random(3)
    for _ in range(30):
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    view = table_view(session, 0)
    assert view["result"] is None
    for opp in session.state.observation(0)["opponents"]:
        (area,) = [a for a in view["areas"] if a.get("seat") == opp["seat"]]
        assert cards(area) == {d: n for d, n in opp["taken"].items() if n}  # what they took openly, no more


@pytest.mark.parametrize(("game", "lang", "unit"), [("draco", "en", "silver coins"), ("royale", "fr", "points"),
                                                     ("king_lui", "it", "punti")])
def test_every_games_score_has_its_unit(game: str, lang: str, unit: str) -> None:
    assert table_view(finished(game, lang), 0)["result"]["unit"][-1] == unit


def test_the_page_says_each_score_with_its_unit_and_its_lines() -> None:
    """app.js writes the unit after the score, the game's lines under it, and the designer's box the end line."""
    js = (Path(__file__).resolve().parents[1] / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    assert "result.unit" in js and '"score-detail"' in js and "result.detail_note" in js
    # several lines end on their total (round 26, en9); a single line is its own sum (Royale's "= 6 points")
    assert re.search(r'if \(lines\.length > 1\) p\.append\(el\("span", "line total", ui\.score_total', js)
    # the designer's box: its heading, the end line, then the scores, in one statement
    # its heading "Result", not the top bar's "Game over" again (round 26, fr13, it34)
    assert re.search(r'res\.replaceChildren\(el\("h2", "", ui\.result_title\), \.\.\.endLine\(v\.result\), \.\.\.scoreList\(', js)


def test_a_resumed_table_speaks_its_logs_language_in_the_terminal(tmp_path: Path, monkeypatch) -> None:
    from cardgen import commands, terminal
    from cardgen.play import server

    log = tmp_path / "games.jsonl"
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1], lang="it")
    session.keep_log(log)
    session._apply(session.state.legal_actions()[0], session.names[session.state.current_player])
    session.save(log)
    heard: list[str] = []
    monkeypatch.setattr(server, "serve", lambda *a, **k: heard.append(terminal.language()) or 0)
    terminal.set_language("en")
    try:
        request = commands.PlayRequest(project=str(Path(__file__).resolve().parents[1]), deck=None,
                                       resume=str(log), open_browser=False)
        assert commands.play_command(request) == 0
        assert heard == ["it"]  # "cardgen: interrotto", never "cardgen: interrupted"
    finally:
        terminal.set_language("en")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_moves_that_say_what_they_do_group_under_their_head_and_the_tab_names_the_seat(tmp_path: Path) -> None:
    """On a phone a long list groups by the group each move's game names (King Lui's twelve "Use Emerald" pairs pushed
    the king's place a screen down: #53 en15, fr15, it7), never by the words before a colon or an arrow, which made
    the games write "Serve Drink 5: to the Duchess" (round 27, en9, fr10, it9); a seat's tab says the game and
    whose page it is, never the tool's name (en48, fr7)."""
    with running_table(tmp_path, "royale") as links, chromium_page(links["1"], 390, 844) as page:
        page.wait_for_function("() => typeof view !== 'undefined' && view && view.seat === 0", timeout=30_000)
        assert page.title() == "Royale · Player 1 (you)"
        heads = page.evaluate("""() => [...groups([
            {text: "Use Emerald: remove 2 portions of Ham from the king’s place", group: "Use Emerald"},
            {text: "Use Emerald: remove Ham and Cake from the king’s place", group: "Use Emerald"},
            {text: "Play Rumours: Zork (seat 6) moves back 2 seats", group: "Play Rumours"},
            {text: "Serve Drink 5 to the Duchess", group: "Serve Drink 5"},
            {text: "Take row 1: Pastry 7 and Fruit 9"}, {text: "Take row 2: Fruit 3 and Drink 1"}]).entries()]
            .map(([head, members]) => [head, members.length])""")
        assert heads == [["Use Emerald", 2], ["Play Rumours", 1], ["Serve Drink 5", 1],
                         ["Take row 1: Pastry 7 and Fruit 9", 1], ["Take row 2: Fruit 3 and Drink 1", 1]]


@pytest.mark.parametrize(("lang", "said"), [("en", "End of course {n}: "), ("fr", "Fin du service {n}\u202f: "),
                                            ("it", "Fine della portata {n}: ")])
def test_king_luis_journal_says_when_a_course_ends_and_what_the_king_received(lang: str, said: str) -> None:
    """#53 en7: the king's place grew with no line to say why; each course's last move now tells it. Round 27 (fr11,
    it1): a cleared table is said with the book's negation ("le roi ne reçoit rien", "il re non riceve nulla"),
    never « le roi reçoit rien »; it2: the Emeralds the next chef turned up are said, their number the deal's."""
    from tests.test_play_journal_done import played

    receives = {"en": "the king receives ", "fr": "le roi reçoit ", "it": "il re riceve "}[lang]
    # (play round 36 en17, fr26: "receives", every course's verb; « donc », no comma splice)
    nothing = {"en": "the players cleared the table, so the king receives nothing.",
               "fr": "les joueurs ont vidé la table, donc le roi ne reçoit rien.",
               "it": "i giocatori hanno preso tutti i piatti, quindi il re non riceve nulla."}[lang]
    # round 28 (en7): the book's verb, "the chef turns over", one name per action ("turns up" was a second)
    turned = {"en": r"The chef turns over (an|\d+) Emerald cards?", "fr": r"Le chef retourne (une|\d+) cartes? Emerald",
              "it": r"Il cuoco gira (una|\d+) cart[ae] Emerald"}[lang]
    ends = shown = 0
    for seed in (3, 5):
        for _, _, before, after, text in played("king_lui", lang, seed=seed):
            if after["course"] == before["course"]:
                assert said.format(n=before["course"]) not in text
                continue
            ends += 1
            # round 25, en11: the end of the course is a line of its own under the move, not glued onto it
            assert "\n" + said.format(n=before["course"]) in text, text
            got = {d: after["king"].get(d, 0) - before["king"].get(d, 0) + after["eaten"].get(d, 0)
                   - before["eaten"].get(d, 0) for d in after["dishes"]}
            told = text.split("\n", 1)[-1]  # the course's line (the move's own says the portions it took)
            assert sum(int(n) for n in re.findall(r"(\d+) (?:portions?|porzion[ei])", told)) == sum(got.values()), text
            assert (said.format(n=before["course"]) + (receives if sum(got.values()) else nothing)) in told, text
            dealt = after["course_cards"] - sum(after["table"].values()) if after["to_act"] else 0
            count = re.search(turned, told)
            assert bool(count) == bool(dealt), text
            if count:
                shown += 1
                assert count.group(1) in ({"an", "une", "una"} if dealt == 1 else {str(dealt)}), text
            if after["to_act"]:  # the next course's chef
                chef = {"en": "Player {p} is the chef of course {n}.", "fr": "Le joueur {p} sera chef au service {n}.",
                        "it": "Nella portata {n} fa da cuoco il giocatore {p}."}[lang]
                assert chef.format(p=after["chef"] + 1, n=after["course"]) in told, text
    assert ends >= 10 and shown


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "takes Ham (1 portion)\nEnd of course 9: the players cleared the table, so the king receives nothing."),
    ("fr", "prend la portion de Jambon\nFin du service 9\u202f: les joueurs ont vidé la table, donc le roi ne reçoit rien."),
    ("it", "prende la porzione di Prosciutto\nFine della portata 9: i giocatori hanno preso tutti i piatti, quindi il re "
           "non riceve nulla.")])
def test_a_cleared_table_is_said_with_the_books_negation(lang: str, said: str) -> None:
    """Round 27 (fr11, it1): « le roi reçoit rien », «il re riceve niente» lacked the negation the book prints
    ("le roi ne reçoit rien à ce service"); a course that ends with nothing left gives the king nothing."""
    from cardgen.games.king_lui.text import describe_done

    deck = deck_of("king_lui")
    before = {"course": 9, "king": {"ham": 3}, "eaten": {}, "dishes": ["ham"], "table": {"ham": 1}}
    after = {"course": 10, "king": {"ham": 3}, "eaten": {}, "dishes": ["ham"], "table": {}, "to_act": [],
             "chef": 0}
    assert describe_done(deck, ("take", "ham"), lang, before, after) == said


@pytest.mark.parametrize(("lang", "beside"), [("en", "Waiting beside the dishes"), ("fr", "En attente près des plats"),
                                              ("it", "In attesa accanto ai piatti")])
def test_a_waiting_emerald_lies_apart_from_the_dishes(lang: str, beside: str) -> None:
    """The book: "An Emerald card is not a dish: the chef puts it face up on its own, beside the dishes" (#53 en20)."""
    from cardgen.games.king_lui.playview import play_table
    from cardgen.games.king_lui.text import emerald_text

    session = Session(deck_of("king_lui"), players=3, seed=7, people=[0, 1], lang=lang)
    assert session.deck.rules.emerald_portions == 2
    obs = dict(session.state.observation(0), table_emeralds=2)
    areas = play_table(session.deck, obs, lang)["areas"]
    assert all(c["face"] != "emerald" for c in areas[0]["cards"])
    (apart,) = [a for a in areas if a["title"] == beside]
    # told of "a player", not "you": the spectator reads it too (round 27, it7)
    # the card's own words (play round 30, fr4, it3*)
    assert apart["cards"] == [{"face": "emerald", "count": 2, "text": emerald_text(2, lang)}]
    assert "pick" not in apart
    assert not [a for a in play_table(session.deck, dict(obs, table_emeralds=0), lang)["areas"] if a["title"] == beside]
