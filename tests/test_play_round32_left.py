"""The playtest page's thirty-second reading, the faults play-round-32-fixes.md had left for time (#53,
docs/reads/play-round-32-{en,fr,it}.md; what was fixed and left: docs/reads/play-round-32-fixes.md, "4. Left")."""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardgen.play.session import Session
from cardgen.play.view import designer_view, page_words, table_view
from tests.test_play_said import deck_of

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
TERMINAL = json.loads((ROOT / "cardgen/terminal.json").read_text(encoding="utf-8"))


def _played_out(game: str, lang: str, seed: int = 7) -> Session:
    """A three-seat game of three people played to its end by seeded random moves."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0, 1, 2], lang=lang, pace=0)
    session.joined = {0, 1, 2}
    rng = random.Random(seed)
    while not session.state.is_terminal() and len(session.journal) < 3000:
        session.play(list(rng.choice(session.state.legal_actions())), session.state.current_player)
    return session


def _js_counters(view: dict) -> str:
    """app.js's ``counters`` run by node on ``view`` (the header's counts, as the page writes them)."""
    body = APP[APP.index("function counters(v) {"):]
    body = body[:body.index("\n}\n") + 3]
    consts = "\n".join(line for line in APP.splitlines() if line.startswith(("const SEP ", "const DASH ")))
    script = f"{consts}\n{body}\nprocess.stdout.write(counters({json.dumps(view, ensure_ascii=False)}));"
    return subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's own function")
@pytest.mark.parametrize("lang", LANGS)
def test_dracos_header_says_the_turn_the_final_toast_ended_on_in_place_of_the_count(lang: str) -> None:
    """Play round 32 en17, fr18, it16 (one decision for the three languages): "turns played: 89 (then the final toast
    of turn 90 ended the game)" read as a contradiction beside the journal's turn 90, and made the phone's header three
    lines. The header now says only on which turn the game ended and how ("ended on turn 90, with the final toast"),
    in place of the count and its bracket; the view still carries the log's count (round 30 en26: ``turns``)."""
    session = _played_out("draco", lang)
    view = table_view(session, 0)
    assert view["turn_cut"] == view["turns"] + 1
    header = _js_counters({"ui": view["ui"], "turn_cut": view["turn_cut"], "turns": view["turns"],
                           "rounds": view["rounds"], "game_number": 1})
    said = {"en": f"ended on turn {view['turn_cut']}, with the final toast",
            "fr": f"terminée au tour {view['turn_cut']}, sur l’ultime toast",
            "it": f"finita al turno {view['turn_cut']}, con l’ultimo brindisi"}[lang]
    assert said in header, header
    assert view["ui"]["turns"] not in header.replace("\u00a0", " ") and "(" not in header, header
    # a game played out to its last turn keeps its count
    king = table_view(_played_out("king_lui", lang), 0)
    plain = _js_counters({"ui": king["ui"], "turn_cut": king["turn_cut"], "turns": king["turns"],
                          "rounds": king["rounds"], "game_number": 1})
    tie = king["ui"]["colon"].rstrip(" ") + "\u00a0"  # the count kept with its label (play round 35 it3, it22)
    label = king["ui"]["turns"].replace(" ", "\u00a0")  # a two-word label kept whole (play round 38 it16)
    assert f"{label}{tie}{king['turns']}" in plain


def test_ones_own_label_follows_the_counts_after_a_dash_not_another_middle_dot() -> None:
    """Play round 32 en1: "courses finished: 2 · Player 1 · Ann (you)": the middle dot separates the counts and is
    also inside the label, so the line read as one chain."""
    assert 'const DASH = "\\u00a0— ";' in APP
    assert '$("counters").textContent = counters(v) + (v.seat >= 0 ? DASH + whole(mine(' in APP


@pytest.mark.parametrize("lang", LANGS)
def test_the_greyed_undo_before_any_turn_says_why(lang: str) -> None:
    """Play round 32 en2: before the person's first turn the undo button was grey with no title."""
    session = Session(deck_of("king_lui"), players=3, seed=7, people=[0, 1, 2], lang=lang, pace=0)
    view = table_view(session, 1)
    assert view["undo_of"] is None and not view["can_undo"]
    said = UI[lang]["undo_none_title"]
    assert {"en": "not played a turn", "fr": "pas encore joué", "it": "non hai giocato"}[lang] in said
    assert '.replace("{move}", undone.text) + " " + since : ui.undo_none_title;' in APP


def test_the_english_new_game_and_rematch_titles_say_again_once() -> None:
    """Play round 32 en3: "…the cards shuffled again, for the same people, each as the same player…": "again … again"
    and a phrase wedged mid-sentence."""
    for key in ("new_title", "rematch_title"):
        said = UI["en"][key]
        assert "fresh shuffle" in said and said.count("again") <= 1, said
        # no phrase wedged mid-sentence: who plays comes last, after a colon (no "seat": round 27's English)
        assert said.rstrip(".").endswith(": the same people, each as the same player") or "player. " in said, said
    assert UI["en"]["new_title"].endswith("This game is kept as unfinished.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_designers_hand_at_king_luis_end_is_the_hand_laid_face_up(lang: str) -> None:
    """Play round 32 en7: the designer's panels said "Hand" after the game, the players' pages "hand laid face up"."""
    session = _played_out("king_lui", lang)
    hands = [a["title"] for seat in designer_view(session)["seats"] for a in seat["hand"]]
    assert hands and set(hands) == {UI[lang]["seat_hand_face_up"]}, hands
    face_up = json.loads((ROOT / "cardgen/games/king_lui/playview.json").read_text(encoding="utf-8"))["words"][lang]
    assert UI[lang]["seat_hand_face_up"].casefold() in face_up["seat_face_up"].casefold()
    # mid-game, the hand is a hand
    fresh = Session(deck_of("king_lui"), players=3, seed=7, people=[0, 1, 2], lang=lang, pace=0)
    assert {a["title"] for seat in designer_view(fresh)["seats"] for a in seat["hand"]} == {UI[lang]["seat_hand"]}


def test_the_hint_heading_takes_a_dash_before_a_move_that_has_its_own_colon() -> None:
    """Play round 32 en25: "Hint: play Rumours: Zork (seat 5) moves back 2 seats": colon after colon."""
    assert 'el("h3", "", view.ui.hint + DASH + h.text.charAt(0).toLowerCase()' in APP
    assert "view.ui.hint + view.ui.colon" not in APP


def test_the_french_pass_link_and_save_title_say_who_passes_and_what_is_not_lost() -> None:
    """Play round 32 fr5: « (passé de joueur en joueur) » hung on « Lien »; fr6: « sans ce bouton, rien n’est perdu »
    read as "without this button nothing is lost"."""
    assert "que l’on se passe de main en main" in UI["fr"]["pass_link"]
    assert "même si vous n’appuyez pas sur ce bouton, rien n’est perdu" in UI["fr"]["save_title"]
    assert "sans ce bouton" not in UI["fr"]["save_title"]
    assert "passé de joueur" not in json.dumps(TERMINAL, ensure_ascii=False)


def test_the_french_seat_header_says_what_its_letter_marks() -> None:
    """Play round 32 fr10: « Joueur 1 · Camille (vous) · lettre A · 0 point »: « lettre A » alone was cryptic; the
    letter is printed on the seat's nobles and imposter."""
    session = Session(deck_of("royale"), players=3, seed=7, people=[0, 1, 2], lang="fr", pace=0)
    titles = [a["title"] for a in table_view(session, 1)["areas"] if a.get("seat") is not None]
    assert any("cartes marquées A" in t for t in titles) and not any("lettre" in t for t in titles), titles


def test_the_italian_hidden_draws_label_says_what_the_number_is() -> None:
    """Play round 32 it5: «carte pescate coperte», three words in a row, read as "covered drawn cards"."""
    words = json.loads((ROOT / "cardgen/games/king_lui/playview.json").read_text(encoding="utf-8"))["words"]["it"]
    assert words["unseen"] == "carte pescate (coperte)"
    assert re.search(r"pescate coperte", json.dumps(words, ensure_ascii=False)) is None
    assert page_words(deck_of("king_lui"), "it")["turns"]  # the page's words still load


CSS = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_each_imposter_button_draws_the_buffets_cells_it_takes(lang: str) -> None:
    """Play round 32 en13: four imposter buttons, "turned 270° clockwise", and the turned pattern pictured only on the
    small card far down the page. Each button now draws, on its smaller line, the buffet's grid with the cells it
    takes (■) and the others (□), one line per row."""
    session = Session(deck_of("royale"), players=3, seed=7, people=[0, 1, 2], lang=lang, pace=0)
    seat = session.state.current_player
    buffet = session.state.observation(seat)["buffet"]
    shown = [session.shown_move(a, seat) for a in session.state.legal_actions() if a[0] == "imposter"]
    assert len(shown) == 4
    rules = session.deck.model.rules
    for move in shown:
        rows = move["detail"].split("\n")
        assert len(rows) == int(rules.grid_rows) and {len(r) for r in rows} == {int(rules.grid_cols)}, move
        taken = [i for i, mark in enumerate("".join(rows)) if mark == "■"]
        assert len(taken) == 3 and set("".join(rows)) == {"■", "□"}, move
        # the cells drawn are those whose cards the row names
        assert all(buffet[i] is not None for i in taken)
    assert len({m["detail"] for m in shown}) == 4  # four turns, four pictures
    assert "button.move small.detail { white-space: pre-line; }" in CSS


def test_the_laptops_table_fades_at_its_foot_while_more_of_it_is_below() -> None:
    """Play round 32 en14: at 1280 x 800 the hand's bar stood under Royale's board, whose last nobles' names and discard
    pile were found only by who found the table's inner scroll. The table fades at its foot while more is below, as
    the side panel does, and keeps a little room under its last row."""
    assert 'table.classList.toggle("more", table.scrollTop + table.clientHeight < table.scrollHeight - 2);' in APP
    assert '$("table").addEventListener("scroll", scrollCue);' in APP
    laptop = CSS[CSS.index("@media (min-width: 701px) {\n  aside.more"):]
    laptop = laptop[:laptop.index("\n}\n")]
    assert "#table.more { -webkit-mask-image" in laptop and "#table { padding-bottom: 24px; }" in laptop


@pytest.mark.parametrize("lang", LANGS)
def test_dracos_phone_grid_says_who_sits_beside_draco(lang: str) -> None:
    """Play round 32 en23: on the phone the circle is a three-column grid read row by row (Draco, 1, 2 / 3, 4, 5 /
    …), and nothing showed that the last seat and seat 1 are Draco's neighbours. A line under the grid says so."""
    session = Session(deck_of("draco"), players=3, seed=7, people=[0, 1, 2], lang=lang, pace=0)
    ring = next(a["ring"] for a in table_view(session, 0)["areas"] if a.get("ring"))
    last = len(next(a for a in table_view(session, 0)["areas"] if a.get("ring"))["cards"])
    note = ring["note"]
    seat = {"en": "seat", "fr": "place", "it": "posto"}[lang]
    assert f"{seat} {last}" in note and f"{seat} 1" in note and "Draco" in note, note
    assert 'if (centre.note) row.appendChild(el("p", "ring-note", centre.note));' in APP
    assert ".row.ring-list > p.ring-note { grid-column: 1 / -1;" in CSS


@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g in ("royale", "draco") for lang in LANGS])
def test_the_cards_this_edition_reconstructed_are_said_once_under_what_the_cards_say(game: str, lang: str) -> None:
    """Play round 32 fr13: Royale's nobles' points, requested colours and imposter patterns, and Draco's action cards,
    are this edition's reconstruction, and nothing on the page said so: a playtester took them for the box's. A note
    heads the page's first "What the cards say"; King Lui's published cards have none."""
    words = page_words(deck_of(game), lang)
    note = words["texts_note"]
    assert {"en": "this edition", "fr": "cette édition", "it": "questa edizione"}[lang] in note
    assert {"en": "published", "fr": "publi", "it": "pubblicat"}[lang] in note
    assert "texts_note" not in page_words(deck_of("king_lui"), lang)
    assert 'if (first && ui.texts_note) first.prepend(el("li", "texts-note", ui.texts_note));' in APP
    assert APP.count("textsNote(ui);") == 2  # a seat's page and the designer's


def test_the_spectators_card_texts_are_said_to_whoever_plays_them() -> None:
    """Play round 32 it7: the spectator read "Al tuo turno, invece di prendere un piatto…" under the page's "Testo delle
    carte", with no turn of their own; the heading says whose the card's "you" is."""
    assert UI["it"]["card_texts_watched"] == "Testo delle carte (per chi gioca)"
    assert "view.spectator ? view.ui.card_texts_watched : view.ui.card_texts" in APP
