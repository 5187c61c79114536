"""The shared words of ``cardgen play`` as round 27's readers asked for them (#53): what "New game" does to the game
under way (fr3, it30), a rematch that rotates the people said so (en26, it31), the lobby's request without "choose
a free player" (en28) and never Draco's "seat", the designer's note true of Royale, where nobody holds a hand (it16),
the French chat field's words whole in its narrow box (fr5), the pass-and-play link in idiomatic Italian (it32)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
#: what the designer's note says they see, per language: every player's cards, not "every hand"
CARDS = {"en": "every player’s cards", "fr": "les cartes de chaque joueur", "it": "le carte di tutti"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_new_game_says_what_becomes_of_the_game_under_way_and_the_designer_sees_cards(lang: str) -> None:
    ui = UI[lang]
    unfinished = {"en": "unfinished", "fr": "inachevée", "it": "non terminata"}[lang]
    assert unfinished in ui["new_title"]
    assert APP.count('$("new").title = ui.new_title') == 2  # on a seat's page and on the designer's
    for key in ("designer_note", "designer_note_pass"):
        said = ui[key]
        assert CARDS[lang] in said and not any(w in said for w in ("every hand", "toutes les mains", "mani di tutti"))


def test_the_english_lobby_and_rematch_read_plainly_and_never_say_seat() -> None:
    en = UI["en"]
    assert "pick your player" in en["lobby_note"] and "(see below)" not in en["lobby_note"]  # round 28, en31
    assert "choose a free player" not in " ".join(en[k] for k in ("lobby_note", "lobby_note_one", "lobby_note_none"))
    assert en["rematch_swap"] == "Rematch, swapping players"  # not "moves on", as if they left (round 28, en3)
    assert "(the last person the first’s)" not in en["rematch_swap_title"]
    # "seat" is Draco's book's word for a place in his circle: the page calls a person's place their player
    assert not [k for k, v in en.items() if "seat" in v.lower()]
    assert UI["it"]["rematch_swap"] == "Rivincita cambiando posto"  # rotated, not swapped (it31)
    assert "di mano in mano" in UI["it"]["pass_link"]
    assert len(UI["fr"]["talk_placeholder"]) <= len("Message à la table")


def test_the_undo_button_names_the_move_it_takes_back_and_the_moves_since() -> None:
    """en2: "Ask to take back my move" was active four moves after the person's last one and named no move; the
    session replays to before that move, so every move since goes too: the button's title says which and how many."""
    from cardgen.play.session import Session
    from cardgen.play.view import table_view
    from tests.test_play_session import deck_of

    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1])
    for _ in range(5):
        session._apply(session.state.legal_actions()[0], session.names[session.state.current_player])
    mine = max(i for i, (p, _) in enumerate(session.actions) if p == 0)
    undo = table_view(session, 0)["undo_of"]
    # its number as the page's journal prints it, the turn's (pb: one number per turn, en5, fr12, it3); the turns
    # since, as the journal numbers them (round 28, fr2: not the moves inside a turn)
    assert undo == {"n": session.journal[mine].turn, "text": session.journal[mine].text.split("\n")[0],
                    "since": len({e.turn for e in session.journal[mine:]}) - 1, "open": False}  # play round 30
    assert undo["since"] > 0  # others moved since: said
    for lang in ("en", "fr", "it"):
        for key in ("undo_title", "undo_ask_title"):
            assert all(f"{{{k}}}" in UI[lang][key] for k in ("n", "move")), (lang, key)
        assert "{since}" in UI[lang]["undo_since"]  # how many, in a sentence of its own (round 28, en1)
    assert "ui.undo_ask_title : ui.undo_title" in APP


def test_the_designers_seat_link_says_whose_it_is_and_the_journal_comes_first_on_a_laptop() -> None:
    """it29: a bare address under each seat's buttons; en3: the designer's journal under the links and the seats'
    controls showed two lines or none."""
    for lang in ("en", "fr", "it"):
        assert "{who}" in UI[lang]["seat_link"]
    assert 'ui.seat_link.replace("{who}", who) + ui.colon' in APP
    css = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")
    assert "body.designer #journal-title { order: -2; }" in css and "body.designer #journal { order: -1;" in css


def test_ones_own_panel_says_you_and_the_designers_column_does_not_repeat_its_player() -> None:
    """fr6: the own panel was "Joueur 2 · 0 point", beside "Joueur 1 · Camille · 0 point"; it16: the designer's
    column headed "PLAYER 1 · GIULIA" held "Player 1 · 0 points" again."""
    from cardgen.play.session import Session
    from cardgen.play.view import designer_view, spectator_view, table_view
    from tests.test_play_session import deck_of

    session = Session(deck_of("royale"), players=3, seed=7, people=[0, 1], lang="fr")
    session.join(0), session.join(1)
    session.claim(0, "Ann")
    titles = {a["seat"]: a["title"] for a in table_view(session, 0)["areas"] if a.get("seat") is not None}
    # one's own name with "(vous)" (round 28, en4)
    # and the player's letter (play round 30, en15, it21), said as the cards it marks (play round 32 fr10)
    assert titles[0] == UI["fr"]["you_named"].format(n=1, who="Ann") + " · cartes marquées A · 0\u00a0point" \
        and titles[1] == "Joueur 2 · cartes marquées B · 0\u00a0point"  # (play round 34 fr7: no-break)
    columns = designer_view(session)["seats"]
    assert [[a["title"] for a in v["areas"] if a.get("seat") == i] for i, v in enumerate(columns)] == \
        [[f"cartes marquées {x} · 0\u00a0point"] for x in "ABC"]
    assert "(vous)" not in json.dumps(spectator_view(session)["areas"], ensure_ascii=False)


def test_king_luis_spectator_link_says_what_a_spectator_sees_there() -> None:
    """en7: "sees only the cards laid face up" under King Lui, whose spectator sees every portion taken into a hand;
    fr27: the spectator's note called the drawn cards "tirées" where the page says "piochées"."""
    from cardgen.play.view import page_words
    from tests.test_play_session import deck_of

    said = {"en": "every portion taken", "fr": "chaque portion prise", "it": "ogni porzione presa"}
    for lang in ("en", "fr", "it"):
        words = page_words(deck_of("king_lui"), lang)
        assert said[lang] in words["spectator_link"] and words["spectator_link"] != UI[lang]["spectator_link"]
        assert page_words(deck_of("royale"), lang)["spectator_link"] == UI[lang]["spectator_link"]
    assert "tirées" not in page_words(deck_of("king_lui"), "fr")["spectator_note"]
