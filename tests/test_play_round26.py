"""The playtest page's twenty-sixth reading (#53 round 26): what the server tells the page, true of the table.

The spectator is told what they see (the whole table, or what every seat sees alike, each game naming its hidden
part), a resumed table says where it stopped, another seat's area names its person, and an empty area says so in
the game's words.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.games import GAME_IDS
from cardgen.play.session import Session
from cardgen.play.view import UI, page_words, spectator_view, table_view
from tests.test_play_session import deck_of, play_out

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_spectator_is_told_the_whole_table_only_when_nothing_is_left_out(game: str) -> None:
    """en38, fr39: "every hand is hidden from you" beside the portions each player took face up. The page says "the
    whole table" exactly when every area of every seat's page is among the spectator's; else what every seat sees
    alike, in the game's own words where it has them (King Lui's drawn cards, Draco's action cards)."""
    session = Session(deck_of(game), players=3, seed=11)
    play_out(session, random.Random(3), moves=4)
    seen = spectator_view(session)
    bare = lambda a: json.dumps({k: v for k, v in a.items() if k not in ("title", "pick")}, sort_keys=True)  # noqa: E731
    everything = {bare(a) for s in range(3) for a in table_view(session, s)["hand"] + table_view(session, s)["areas"]}
    assert seen["spectator_all"] == (everything <= {bare(a) for a in seen["areas"]})
    assert seen["spectator_all"] == (game == "royale")  # Royale's table is all face up; the others hide hands
    words = json.loads((ROOT / f"cardgen/games/{game}/words.json").read_text(encoding="utf-8"))
    for lang in ("en", "fr", "it"):
        note = page_words(session.deck, lang)["spectator_note"]
        own = ((words.get("counters") or {}).get(lang) or {}).get("spectator_note")
        assert note == (own or UI[lang]["spectator_note"])
        assert "every hand" not in note and "mains des joueurs vous sont cachées" not in note
        if game != "royale":  # a game with a hidden part names it
            assert own, (game, lang)


def _resumed(tmp_path: Path, game: str, moves: int) -> tuple[Session, Session]:
    """A table of ``game`` after ``moves`` first-legal moves, saved to its log, and the same table resumed from it."""
    log = tmp_path / "games.jsonl"
    session = Session(deck_of(game), players=3, seed=8, people=[0, 1])
    session.keep_log(log)
    for _ in range(moves):
        session._apply(session.state.legal_actions()[0], session.names[session.state.current_player])
    session.save(log)
    return session, Session.resume(deck_of(game), log)


def test_a_resumed_table_says_where_it_stopped_and_a_new_deal_does_not(tmp_path: Path) -> None:
    """en39, fr40: the resumed page looked exactly like a live one; its view now carries the moves made when it was
    taken up again (the journal's line goes there), on every page, and not in the next game."""
    session, again = _resumed(tmp_path, "king_lui", 5)
    assert table_view(session, 0)["resumed"] is None
    assert table_view(again, 0)["resumed"] == 5 and spectator_view(again)["resumed"] == 5
    again.new_deal()
    assert table_view(again, 0)["resumed"] is None


def test_a_resumed_tables_line_counts_turns_as_the_top_bar_does(tmp_path: Path) -> None:
    """Round 27 (en27, fr4, fr28, it3): "(9 moves played)" under the bar's "turns played: 9" named one count two ways,
    and in Royale (a turn of several moves) the figures differ: the line says the bar's word and the bar's figure."""
    _, again = _resumed(tmp_path, "royale", 12)
    seen = table_view(again, 0)
    assert seen["resumed"] == 12 and seen["resumed_turns"] == seen["turns"] != 12
    assert spectator_view(again)["resumed_turns"] == seen["turns"]
    for lang, word in (("en", "turns played"), ("fr", "tours joués"), ("it", "turni giocati")):
        ui = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"][lang]
        assert ui["turns"] == word and f"({{n}} {word})" in ui["resumed_note"], lang
    app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    assert 'resumed_note.replace("{n}", v.resumed_turns)' in app


def test_another_seats_area_names_its_person_and_ones_own_says_it_is_theirs() -> None:
    """en3, fr11, it28: "Player 1" on the panel, "Player 1 · Ann" in the journal and the top bar."""
    session = Session(deck_of("draco"), players=3, seed=4, people=[0, 1], lang="fr")
    session.join(0), session.join(1)
    session.claim(0, "Ann")
    titles = {a["seat"]: a["title"] for a in table_view(session, 1)["areas"] if a.get("seat") is not None}
    assert titles[0].startswith("Joueur 1 · Ann · ") and titles[2].startswith("Joueur 3 · ordinateur · ")
    assert not titles[1].startswith("Joueur 2 · ·")
    own = {a["seat"]: a["title"] for a in table_view(session, 0)["areas"] if a.get("seat") is not None}
    # one's own area: one's name and "(vous)", as round 28's reader asked (en4: a person read "Player 1 (you)"
    # and never their own name; round 26 had kept the name out of it)
    assert own[0].replace("\xa0", " ").startswith("Joueur 1 · Ann (vous) · ")


def test_an_empty_area_says_so_in_the_games_words() -> None:
    """it9: the king's place is given portions, never "cards": empty, it says "no portions yet"."""
    session = Session(deck_of("king_lui"), players=3, seed=2, lang="it")
    king = next(a for a in table_view(session, 0)["areas"] if a["title"] == "Le porzioni del re")
    assert king["cards"] == [] and king["empty"] == "ancora nessuna porzione"
