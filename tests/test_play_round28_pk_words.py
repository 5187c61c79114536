"""King Lui's and Royale's page words as the round 28 readers of #53 asked for them, in fr, it and en.

King Lui: the Emerald card every seat and the spectator read (``emerald_told``) made a duty of using a drawn
Emerald whenever the king could feed it (fr9, en6, it3); the score box named the discarded cards "portions" where
the book and its own note say "cards" (it6); the game's end on an empty supply joined two facts with "and" (en9,
fr10); Italian headings said "tolte dal gioco da Emerald" and "nessun piatto sul tavolo" under "Sul tavolo" (it4,
it7). Royale: the score note's "its" for a noble (en13); the imposter's pattern "read" turned (fr17). The journal:
the player named again on every line of one turn (en8, fr12, it2, it13).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.play.session import Session
from tests.test_play_session import deck_of

ROOT = Path(__file__).resolve().parents[1]
APP = (ROOT / "cardgen" / "play" / "static" / "app.js").read_text(encoding="utf-8")

#: the drawn Emerald's sentence as the card prints it (play round 30, fr4, it3*: the page quotes the card, not a
#: paraphrase of "a player"): a choice, said as one, and the book's "where anyone may use it later"
CHOICE = {"en": "If you draw it, you get no other card: either use Emerald at once (if the king has enough portions) "
                "or lay the card face up beside the dishes, where anyone may use it later. Either way, your turn ends "
                "there.",
          "fr": "Si vous la piochez, vous ne recevez pas d’autre carte\u202f: au choix, servez-vous d’Emerald aussitôt "
                "(si le roi a assez de portions) ou posez la carte face visible près des plats, où chacun pourra s’en "
                "servir plus tard. Dans les deux cas, votre tour s’arrête là.",
          # book round 28 it1: «a tua scelta» once on the card (the king's portions), the drawn card's choice said
          # by «puoi … oppure»
          "it": "Se la peschi, non ricevi un’altra carta: puoi usare subito Emerald (se il re ha abbastanza "
                "porzioni) oppure mettere la carta scoperta accanto ai piatti, dove chiunque potrà usarla in seguito. "
                "In entrambi i casi il tuo turno finisce qui."}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_emerald_card_on_the_page_offers_the_books_choice(lang: str) -> None:
    """The page's Emerald text (what every seat and the spectator read beside a waiting Emerald) says the drawn
    card's use as a choice, never "they use Emerald at once if the king has enough portions, or…" (fr9, en6), and
    in Italian whose choice the king's portions are ("a scelta di chi la usa", not "del re a sua scelta": it3)."""
    from cardgen.games.king_lui.playview import emerald_rule

    text = emerald_rule(deck_of("king_lui"), lang)
    assert text.endswith(CHOICE[lang]), text
    assert {"en": "they use Emerald", "fr": "il se sert d’Emerald aussitôt si", "it": "usa subito Emerald se"}[lang] \
        not in text
    if lang == "it":
        assert "del re a tua scelta escono dal gioco" in text and "del re a sua scelta" not in text


@pytest.mark.parametrize(("lang", "label"), [("en", "Cards discarded: 3 (they count only to break a tie)"),
                                             ("fr", "Cartes défaussées\u202f: 3 (elles ne comptent qu’en cas d’égalité)"),
                                             ("it", "Carte scartate: 3 (contano solo in caso di pareggio)")])
def test_king_luis_score_counts_the_discarded_cards_by_the_books_noun(lang: str, label: str) -> None:
    """"Porzioni scartate" three lines under "vince chi ha scartato meno carte": one pile, two names (it6); the book
    and the score note say cards."""
    from cardgen.games.king_lui.playview import score_lines

    lines = score_lines(deck_of("king_lui"), {"ham": 3, "bread": 1}, {"ham": 2, "bread": 2}, lang)
    assert lines[-1] == label, lines


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The game ended: the supply is empty, so the chef cannot lay the table for a new course (6 cards)."),
    # play round 30 (fr11): no comma splice, and the 6 cards said as what a course needs
    ("fr", "La pioche est vide\u202f: le chef ne peut plus dresser la table (il faut 6 cartes par service). La partie "
           "s’arrête."),
    ("it", "Il mazzo è vuoto e per un’altra portata servono 6 carte: la partita è finita.")])
def test_king_luis_end_on_an_empty_supply_says_why(lang: str, said: str) -> None:
    """"the supply is empty, and a course needs 6 cards" linked two facts without the reason (en9); « il n’y a plus
    les 6 cartes » presumed cards that are not there (fr10). The game played out, its supply emptied to the last
    card: the end line says the book's reason (the chef lays the table)."""
    from cardgen.games.king_lui.playview import play_table

    session = Session(deck_of("king_lui"), players=3, seed=7, lang=lang, pace=0)
    obs = session.state.observation(0)
    everyone = [dict(session.state.observation(s), hand={"ham": 0}) for s in range(3)]
    # every card of the box in sight (the king's place), none left in the supply: the supply was emptied
    box = sum(obs["dish_sizes"].values())
    king = {"ham": box}
    eaten = {}
    laid = play_table(deck_of("king_lui"), dict(obs, at_end=everyone, king=king, eaten=eaten, table={},
                                                table_emeralds=5, emerald_portions=2, course=18), lang)
    assert laid["end_text"] == said, laid.get("end_text")


def test_the_italian_headings_say_each_thing_once() -> None:
    """«Porzioni tolte dal gioco da Emerald» ("dal … da", it4) and «nessun piatto sul tavolo» under «Sul tavolo dopo
    la portata 17» (it7)."""
    from cardgen.games.king_lui.playview import play_table

    session = Session(deck_of("king_lui"), players=3, seed=7, lang="it", pace=0)
    obs = session.state.observation(0)
    everyone = [session.state.observation(s) for s in range(3)]
    laid = play_table(deck_of("king_lui"), dict(obs, eaten={"ham": 2}, at_end=everyone, table={}), "it")
    titles = {a["title"]: a for a in laid["areas"]}
    assert "Porzioni uscite dal gioco con Emerald" in titles, list(titles)
    table = laid["areas"][0]
    assert table["title"].startswith("Sul tavolo dopo") and table["empty"] == "nessun piatto", table


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_royales_score_note_and_imposter_say_the_books_words(lang: str) -> None:
    """The score note called a noble "it" twice (en13); the imposter's pattern was "read" turned, where the book
    turned it (« faire pivoter », fr17; «ruotare», as the buttons' «ruotato»). Book round 28 fr7: the French book now
    reads the pattern turned « sans tourner la carte » and keeps « faire pivoter » for the card's spent mark, so the
    card, and this page that prints it, read it turned again: « lire ce motif tourné »."""
    from cardgen.games.royale.playview import _WORDS
    from cardgen.games.royale.text import imposter_text

    note = _WORDS[lang]["score_note"]
    assert " its " not in note and "(its " not in note, note
    turned = {"en": "You may turn the pattern by 90°, 180° or 270° clockwise.",
              "fr": "Vous pouvez lire ce motif tourné de 90°, 180° ou 270° dans le sens horaire.",
              "it": "Puoi ruotare lo schema di 90°, 180° o 270° in senso orario."}[lang]
    assert imposter_text(deck_of("royale"), lang).endswith(turned)


def test_the_journal_names_a_player_once_for_the_moves_of_one_turn() -> None:
    """"Giocatore 1 (tu):" on five to seven lines of one numbered turn (it13), "Player 1 (you): lays that Emerald card"
    under "28. Player 1 (you): draws an Emerald card" (en8, fr12, it2): a move that goes on with the turn above, by
    the same player, is set with no name, its lines too; one by another player in that turn (Draco's draws after a
    toast) keeps its name, and so does the first line the page shows."""
    # and another player's second line in a turn keeps its name (round 29, en18), and a line the rules' lines set
    # apart from the turn's (play round 30, en22, it26)
    assert ("const named = !e.goes_on || i === 0 || apart || v.journal[i - 1].seat !== e.seat || "
            "v.journal[head].seat !== e.seat;") in APP
    assert "while (head > 0 && v.journal[head].goes_on) head -= 1;" in APP
    assert 'if (named) li.appendChild(el("b", "", who));' in APP
    # a line that goes on inside the entry is never named again (play round 35 en20, fr18, it25: pin updated)
    goes = APP[APP.index("goes.forEach((line) => {"):]
    goes = goes[:goes.index("});")]
    assert "who" not in goes and "li.appendChild(document.createTextNode(line));" in goes


@pytest.mark.parametrize(("lang", "colon"), [("en", ": "), ("fr", "\u202f: "), ("it", ": ")])
def test_royales_serve_rows_give_the_request_as_the_card_does(lang: str, colon: str) -> None:
    """Each serve row repeated "who asks for … (3 points) — its request could then no longer be met: its dishes would
    be cleared at once", up to 40 words, six rows filling the laptop's column and the hint (fr13, en18, en19): the
    row says the noble, then the points and the request as the noble's card prints them ("(3 points: four of a
    kind…)"), and a spoiled request clears the noble, never "its dishes" (en13)."""
    import random

    deck = deck_of("royale")
    session = Session(deck, seed=7, lang=lang, players=3, pace=0)
    state, rng, rows = session.state, random.Random(7), []
    for _ in range(60):
        if state.is_terminal():
            break
        seat = state.current_player
        rows += [session.shown_move(a, seat) for a in state.legal_actions() if a[0] == "place"]
        state.apply(rng.choice(state.legal_actions()))
    assert len(rows) > 30
    # since round 29 (en12, fr13, it10) the row is the noble and its points, the request its line under it
    for move in rows:
        noble, rest = move["part"].split(" (", 1)
        # the noble's value, not what the move earns (play round 30, en11, fr12*): "(worth 3 points)"
        worth = {"en": "worth ", "fr": "noble à ", "it": "che vale "}[lang]
        assert "," not in noble and re.fullmatch(worth + r"\d+\u00a0\w+\)", rest), move
        assert move["detail"][:1].isupper() and colon not in move["detail"].split(" — ")[0][:12], move
    assert all(" its " not in m["part"] + m["detail"] for m in rows) if lang == "en" else True
