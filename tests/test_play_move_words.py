"""The moves and table facts of ``cardgen play`` as the native readers of #53 asked for them, in fr, it, en.

Royale: a 0° imposter is "unturned" (no "turned 0°"), a noble is cleared with its article in the sentence's case
("Clear the Viscount"), the end card's count says the card by its name and of how many. King Lui: Emerald's
portions counted ("take 2 Ham"), never "Ham and Ham"; the king's place named as the book names it and not with the
page's word for a player's seat. Draco: a character's spot in the circle by the book's word for it (seat, place,
posto), not "place" as a ranking; a target seat written as its area is titled.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.play.session import Session
from cardgen.simulate.runner import DeckRef, load_project_deck

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "it", "en")


@pytest.fixture(scope="module")
def decks() -> dict[str, object]:
    return {game: load_project_deck(DeckRef(str(ROOT), game, "")) for game in ("royale", "king_lui", "draco")}


def _words(path: str) -> dict:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("lang", "flat", "turned", "cleared", "numbered"), [
    # the turn's direction, as the book gives it (round 26, fr23, it16), in the card's degrees (round 27, fr18)
    ("fr", "Imposteur sans rotation, rangée 1, colonne 2",
     "Imposteur tourné de 90° dans le sens horaire, rangée 3, colonne 1",
     "Débarrasser les plats de la Duchesse", "Débarrasser les plats du Baron"),  # the book's words (fr24)
    ("it", "Impostore senza ruotarlo, riga 1, colonna 2", "Impostore ruotato di 90° in senso orario, riga 3, colonna 1",
     # the book's "ritirare i piatti": one does not clear away a countess (round 24, it16)
     "Ritira i piatti della Duchessa", "Ritira i piatti del Barone"),
    # the book's English clears the noble ("clear that noble"), not "the cards of" it (round 26, en17)
    ("en", "Imposter, not turned, row 1, column 2", "Imposter turned 90° clockwise, row 3, column 1",
     "Clear the Duchess", "Clear the Baron"),
])
def test_royale_moves_say_no_turn_and_clear_a_noble_in_a_sentence(decks, lang, flat, turned, cleared, numbered) -> None:
    from cardgen.games.royale.text import describe_action

    deck = decks["royale"]
    assert describe_action(deck, ("imposter", 0, 0, 1), lang) == flat
    assert describe_action(deck, ("imposter", 90, 2, 0), lang) == turned
    assert describe_action(deck, ("clear", 0), lang) == cleared
    assert describe_action(deck, ("clear", 2), lang) == numbered
    assert "0°" not in describe_action(deck, ("imposter", 0, 4, 4), lang)
    # 270° with its direction (round 26, fr23: "270°" named no direction), as the card names it, never a second
    # name for it beside the card's "90°, 180° or 270° clockwise" (round 27, en10, fr18, it15)
    other_way = {"fr": "270° dans le sens horaire", "it": "270° in senso orario", "en": "270° clockwise"}
    assert other_way[lang] in describe_action(deck, ("imposter", 270, 0, 0), lang)
    from cardgen.games.royale.text import imposter_text

    card = imposter_text(deck, lang)
    for degrees in (90, 180, 270):
        turned = describe_action(deck, ("imposter", degrees, 0, 0), lang)
        assert f"{degrees}°" in turned and f"{degrees}°" in card, (turned, card)
        assert not any(w in turned for w in ("anticlockwise", "antiorario", "gauche", "droite", "quart")), turned


@pytest.mark.parametrize(("lang", "served"), [("fr", "Servir Boisson 7 à la Duchesse"),
                                              ("it", "Servi Bevanda 7 alla Duchessa"),
                                              ("en", "Serve Drink 7 to the Duchess")])
def test_royale_serves_a_noble_with_its_article_in_the_sentences_case(decks, lang, served) -> None:
    """A reader (#53, E-10/F-19/I-4) found "Serve Fruit 5 → The Duchess" beside "Clear the Countess": the noble's
    article is lower-case too, as "Clear" says it; round 26 (it11, fr21): the language's preposition, not an arrow;
    round 27 (en9, fr10, it9): no colon between the card and the noble ("Serve Drink 5: to the Duchess")."""
    from cardgen.games.royale.text import describe_action

    assert describe_action(decks["royale"], ("place", "drink-7#1", 0), lang) == served


@pytest.mark.parametrize(("lang", "fact"), [
    # the book's verb (round 25, fr30), and what the count means (play round 30, fr17, it19: « 1 sur 2 » was opaque)
    ("fr", ["carte Fin du banquet", "piochée 1 fois (la 2e fois, le banquet s’achève)"]),
    ("it", ["carta Fine del banchetto", "pescata 1 volta su 2"]),
    ("en", ["End of the Banquet card drawn", "1 of 2 times"]),
])
def test_royale_table_counts_the_end_card_by_its_name(decks, lang, fact) -> None:
    from cardgen.games.royale.playview import play_table

    session = Session(decks["royale"], seed=3, lang=lang)
    obs = session.state.observation(session.seat)
    assert obs["end_draws"] == 0
    facts = play_table(decks["royale"], obs, lang)["areas"][0]["facts"]
    assert fact not in facts  # not drawn yet: no such line
    facts = play_table(decks["royale"], dict(obs, end_draws=1), lang)["areas"][0]["facts"]
    assert fact in facts


@pytest.mark.parametrize(("lang", "two", "mixed", "apart", "one"), [
    # round 24 (#53 fr14, it6, en1): the book's verb (use Emerald), portions counted in words that agree with
    # their number (« 2 portions de Jambon », never « 2 Jambon »), and the portions removed, never "taken"; round 25
    # (fr14): in French a portion of each of two dishes counted too, not bare « Jambon et Gâteau » beside the counted
    # pairs (English keeps the names alone); round 26 (it4): Italian counted too, « Prosciutto e Formaggio » did not
    # say one of each (the laptop groups the choices now: their length no longer hides the others); round 28 (#53):
    # Italian takes the portions "al re", as the published text does: King Lui has no tray
    ("fr", "Se servir d’Emerald\u202f: retirer 2 portions de Jambon de l’assiette du roi",
     "Se servir d’Emerald\u202f: retirer 2 portions de Jambon et 1 portion de Gâteau de l’assiette du roi",
     "Se servir d’Emerald\u202f: retirer 1 portion de Jambon et 1 portion de Gâteau de l’assiette du roi",
     "Se servir d’Emerald\u202f: retirer 1 portion de Gâteau de l’assiette du roi"),
    ("it", "Usa Emerald: togli al re 2 porzioni di Prosciutto",
     "Usa Emerald: togli al re 2 porzioni di Prosciutto e 1 porzione di Torta",
     "Usa Emerald: togli al re 1 porzione di Prosciutto e 1 porzione di Torta",
     "Usa Emerald: togli al re 1 porzione di Torta"),
    ("en", "Use Emerald: remove 2 portions of Ham from the king’s place",
     "Use Emerald: remove 2 portions of Ham and 1 portion of Cake from the king’s place",
     "Use Emerald: remove Ham and Cake from the king’s place",
     "Use Emerald: remove Cake from the king’s place"),
])
def test_king_lui_emerald_counts_the_portions(decks, lang, two, mixed, apart, one) -> None:
    from cardgen.games.king_lui.text import describe_action

    deck = decks["king_lui"]
    assert describe_action(deck, ("emerald", "ham", "ham"), lang) == two
    assert describe_action(deck, ("emerald", "ham", "cake", "ham"), lang) == mixed
    assert describe_action(deck, ("emerald", "ham", "cake"), lang) == apart
    assert describe_action(deck, ("emerald", "cake"), lang) == one


def test_king_lui_kings_place_is_the_books_and_not_the_pages_seat_word() -> None:
    """Italian: the page calls a player's seat *posto* ("Prendi il posto 2"), so the king's place is the book's
    *porzioni del re* (round 28, #53: never a *vassoio*, a tray King Lui does not have), and the page's title says
    that name; in every language the title holds the glossary's name."""
    glossary = _words("cardgen/games/king_lui/words.json")["glossary"]
    page = _words("cardgen/games/king_lui/playview.json")["words"]
    view = _words("cardgen/play/view.json")["ui"]
    for lang in LANGS:
        name = glossary[lang]["king_place"]["name"]
        assert name.casefold() in page[lang]["king"].casefold(), lang
        seat_word = view[lang]["lobby_take"].split("{n}")[0].split()[-1]  # "place", "posto", "seat"
        assert seat_word.casefold() not in name.casefold().split(), (lang, seat_word, name)
    assert page["it"]["king"] == "Le porzioni del re"


@pytest.mark.parametrize(("lang", "moved", "target", "book_word"), [
    # where the character is and where the die sends it, never "(now at seat 4)" read as where it goes (round 24,
    # fr33, it29; round 25, en34, it24)
    ("fr", "Déplacer le malandrin rouge de la place 4 à la place 2", "Jouer Racket contre le joueur 2", "place"),
    ("it", "Sposta il malandrino rosso dal posto 4 al posto 2", "Gioca «Pizzo» contro il giocatore 2", "posto"),
    ("en", "Move Red Ruffian from seat 4 to seat 2", "Play Shakedown against Player 2", "seat"),
])
def test_draco_moves_say_the_circle_spot_as_the_book_does(decks, lang, moved, target, book_word) -> None:
    from babel.messages.pofile import read_po

    from cardgen.games.draco.text import describe_move
    from cardgen.games.mention import plain

    circle = {"circle": ["draco", "ruffian-red#1", "zork", "ruffian-red#2"], "roll_delta": -2}  # the die said 2
    deck = decks["draco"]
    assert describe_move(deck, ("move", "ruffian-red#2"), lang, circle) == moved
    # the player it targets is marked for each page to name (``cardgen.games.mention``), "Player 2" written out plainly
    assert plain(describe_move(deck, ("play", "shakedown", 1), lang, circle)) == target
    # the word is the book's for a spot in the circle ("the first seat", « la première place », «il primo posto»)
    with (ROOT / "cardgen/rulebook/locale" / lang / "LC_MESSAGES/draco.po").open("rb") as f:
        book = " ".join(m.string if isinstance(m.string, str) else " ".join(m.string) for m in read_po(f) if m.id)
    assert f" {book_word} " in f" {book} "
    # the target is the player as the seat's area titles it, after the journal's "against" (never an arrow, nor a
    # bare "Play Game of Dice: Player 1": round 26, en32), and no colon before it (round 27, en19, fr10, it23)
    title = _words("cardgen/games/draco/playview.json")["words"][lang]["seat"].format(n=2)
    against = {"en": "against", "fr": "contre", "it": "contro"}[lang]
    assert target.casefold().endswith(title.casefold()) and f" {against} " in target and "→" not in target


@pytest.mark.parametrize(("lang", "button", "one", "done"), [
    ("fr", "Prendre les 3 portions de Jambon", "Prendre la portion de Gâteau", "prend les 3 portions de Jambon"),
    ("it", "Prendi le 3 porzioni di Prosciutto", "Prendi la porzione di Torta", "prende le 3 porzioni di Prosciutto"),
    ("en", "Take Ham (3 portions)", "Take Cake (1 portion)", "takes Ham (3 portions)"),
])
def test_king_lui_taking_a_dish_says_how_many_portions(decks, lang, button, one, done) -> None:
    """Round 25 (fr13): « Prendre Jambon » / « prend Vin » had no article and no count, while taking a dish takes
    all its portions on the table and who holds how many is the game: the button and the journal say it."""
    from cardgen.games.king_lui.text import describe_done, describe_move

    deck = decks["king_lui"]
    table = {"table": {"ham": 3, "cake": 1}}
    assert describe_move(deck, ("take", "ham"), lang, table) == button
    assert describe_move(deck, ("take", "cake"), lang, table) == one
    assert describe_done(deck, ("take", "ham"), lang, table, table) == done
