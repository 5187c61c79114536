"""The hint's words say what its figures are and how many moves it lists (#53 round 27, fr1, fr26, it23).

"comment ce coup a réussi en moyenne" was wrong French and did not say the figure is mostly a share of games won;
"every possible move was tried" stood over 8 rows of 15 moves. The answer now says how many moves there were and the
weight its figures give the points (the search's own ``DEFAULT_SCORE_WEIGHT``), and the page says "the 8 best of 15".
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.play.session import HINT_SHOWN, Session
from cardgen.play.view import table_view
from tests.test_play_session import deck_of

ROOT = Path(__file__).resolve().parents[1]
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]
#: the words that say the figure is a share of the games won, per language (play round 30, en1*, fr1*, it5: in
#: sentences with a verb, and how many games: tests/test_play_round30.py)
#: (play round 31 en1*, fr1*, it1*: the figure weighs games that would be won, never "you won")
WON = {"en": "how many of those games you would win after playing it", "fr": "la proportion de ces parties gagnées",
       "it": "la quota di queste partite vinte con quella mossa pesa"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_hint_note_says_the_figure_is_the_share_of_games_won_and_the_list_counts_its_moves(lang: str) -> None:
    ui = UI[lang]
    assert WON[lang] in ui["hint_note"] and "{weight}" in ui["hint_note"] and "comment ce coup" not in ui["hint_note"]
    # both weights as figures ("mostly … and for 25%": round 28, en2, fr1, it28), the score's words the game's
    assert "{rest}" in ui["hint_note"] and "{share}" in ui["hint_note"] and "{" not in ui["hint_share"]
    assert "{n}" in ui["hint_shown"] and "{of}" in ui["hint_shown"]
    app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    assert 'hint_note.replace("{weight}", h.weight)' in app and "ui.hint_shown" in app
    assert '.replace("{rest}", 100 - h.weight).replace("{share}", view.ui.hint_share).replace("{games}", h.rounds)' in app


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_hint_note_names_dracos_score_as_money_never_points(lang: str) -> None:
    """fr1, it28: "its share of the points scored" in Draco, where a seat has no points but a fortune in silver
    coins; each game's own words name its score (King Lui and Royale keep the page's "points")."""
    from cardgen.play.view import page_words

    points = {"en": "points", "fr": "points", "it": "punti"}[lang]
    money = {"en": "fortune", "fr": "fortune", "it": "denaro"}[lang]
    assert points in page_words(deck_of("royale"), lang)["hint_share"]
    assert points in page_words(deck_of("king_lui"), lang)["hint_share"]
    draco = page_words(deck_of("draco"), lang)["hint_share"]
    assert money in draco and points not in draco


def test_a_hint_says_how_many_moves_it_chose_from_and_the_weight_of_the_points() -> None:
    from cardgen.agents.search import DEFAULT_SCORE_WEIGHT

    session = Session(deck_of("draco"), seed=30, pace=0.0)
    rng = random.Random(30)
    for _ in range(200):
        while session.agent_move():
            pass
        view = table_view(session)
        if view["waiting"] == "you" and len(view["moves"]) > HINT_SHOWN:
            hint = session.hint()
            assert hint["legal"] == len(view["moves"]) > len(hint["values"]) == HINT_SHOWN
            assert hint["weight"] == round(DEFAULT_SCORE_WEIGHT * 100) > 0
            return
        session.play(rng.choice(view["moves"])["action"])
    raise AssertionError("no turn with more moves than the hint lists")


def test_a_hints_rows_carry_their_group_so_rows_of_one_card_name_it_once() -> None:
    """en8: six rows of "Serve Drink 5 to the …" pushed the figures out of sight; each row now carries its group
    and its words there (as the buttons have them), and app.js names a shared group once, over the rows."""
    session = Session(deck_of("royale"), seed=7, pace=0.0, lang="en")
    rng = random.Random(7)
    for _ in range(300):
        while session.agent_move():
            pass
        view = table_view(session)
        serves = [m for m in view["moves"] if m["action"][0] == "place"]
        if view["waiting"] == "you" and serves and len(serves) == len(view["moves"]):
            hint = session.hint()
            shown = {json.dumps(m["action"]): m for m in view["moves"]}
            for row in hint["values"]:
                button = shown[json.dumps(row["action"])]
                assert row["group"] == [button["group"], button["part"]] and row["text"] == button["text"]
            app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
            assert 'el("caption", "", h.values[0].group[0])' in app and "one ? m.group[1] : m.text" in app
            return
        session.play(rng.choice(view["moves"])["action"])
    raise AssertionError("no turn of serves alone")
