"""Royale's and King Lui's page words read in play round 27 (#53): the end said once in Royale's journal,
Abundance's rule among what the cards say, a satisfied noble labelled in words after its name; King Lui's drawn
Emerald named in the journal."""
from __future__ import annotations

import random

import pytest

from cardgen.play.session import Session
from tests.test_play_said import deck_of

LANGS = ("en", "fr", "it")


def _played_out(lang: str, seed: int = 7) -> Session:
    """A three-person Royale game played to its end by seeded random moves."""
    session = Session(deck_of("royale"), players=3, seed=seed, people=[0, 1, 2], lang=lang, pace=0)
    session.joined = {0, 1, 2}
    rng = random.Random(seed)
    while not session.state.is_terminal() and len(session.journal) < 3000:
        session.play(list(rng.choice(session.state.legal_actions())), session.state.current_player)
    return session


@pytest.mark.parametrize(("lang", "drawn", "rebuilt"), [
    ("en", "The End of the Banquet card is drawn for the ",
     "the discard pile and the rest of the draw pile are shuffled together and dealt into 3 piles"),
    ("fr", "La carte Fin du banquet est piochée pour la ",
     "la défausse et le reste de la pioche sont mélangés et répartis en 3 paquets"),
    ("it", "La carta Fine del banchetto è stata pescata per la ",
     "gli scarti e il resto del mazzo vengono rimescolati e divisi in 3 mazzetti")])
def test_the_journal_says_the_end_of_the_banquet_once(lang: str, drawn: str, rebuilt: str) -> None:
    """Round 27 (en11, fr19, it12): the journal's line for the last draw was followed at once by the result's end
    line, which the page prints as the journal's last: the same sentence twice in a row. The draw that rebuilds the
    pile keeps its line; the one that ends the banquet is said by the end line alone. Round 28 (en15, it12): the
    rebuilt pile left the card itself out, so nobody saw how it could be drawn "2 of 2": it goes into the new pile.
    Play round 30 (en9, fr15, it14): into the middle one of 3 packets, as the book and the engine do it
    (tests/test_play_round30.py checks the whole line)."""
    from cardgen.play.view import table_view

    session = _played_out(lang)
    assert session.state.end_reason == "banquet_over"
    said = [line for e in session.journal for line in e.text.split("\n") if line.startswith(drawn)]
    assert len(said) == 1 and rebuilt in said[0], said  # the first draw (of two): the pile rebuilt
    assert table_view(session, 0)["result"]["end_text"]  # the end, said once, by the page's end line


#: (play round 31 en13, fr11, it13: "by the rules" was padding; the book's "wild", its value "stays")
@pytest.mark.parametrize(("lang", "rule"), [
    ("en", "wild: it counts as a card of whichever dish type you like, unless the request excludes it; its value"),
    ("fr", "Joker\u202f: compte comme une carte du type de plat qui vous arrange, sauf si l’exigence l’exclut\u202f;"),
    ("it", "jolly: vale come una carta del tipo di piatto che ti conviene, a meno che la richiesta non lo escluda;")])
def test_what_the_cards_say_tells_that_abundance_is_wild(lang: str, rule: str) -> None:
    """Round 27 (fr16): the page named every noble and the imposter but never said that Abundance stands for any dish
    (the book: "The Abundance cards are wild"), so a noble met with two Abundance cards read as false. The first
    Abundance card of an area carries the rule as its text (what "What the cards say" lists, once per area); no other
    card does. Round 28 (en14, fr16): "each one … them … its", "the player" where the book says the rule of any
    card: one number throughout, in the book's own line. Play round 30 (fr18): under "What the cards say", a card
    that prints only its name and value: said as the rules' (« un joker, selon la règle »), not as its print."""
    from cardgen.games.royale.playview import play_table

    deck = deck_of("royale")
    session = Session(deck, seed=3, lang=lang, pace=0)
    obs = session.state.observation(0)
    wild = next(c.id for c in deck.model.components if c.data is not None and getattr(c.data, "wild", False))
    plain = next(c for c in obs["buffet"] if c and not c.startswith(wild))
    laid = play_table(deck, dict(obs, buffet=[f"{wild}#1", plain, f"{wild}#2"] + [None] * 6,
                                 discard=[plain, f"{wild}#3"]), lang)
    buffet, discard = laid["areas"][0], laid["areas"][-1]
    for area in (buffet, discard):
        texts = [c.get("text") for c in area["cards"] if c.get("text")]
        assert len(texts) == 1 and texts[0].startswith(rule), area["cards"]
    assert buffet["cards"][0].get("text") and not buffet["cards"][2].get("text")
    no_wild = play_table(deck, dict(obs, buffet=[plain] * 9, discard=[plain]), lang)["areas"]
    assert not any(c.get("text") for a in (no_wild[0], no_wild[-1]) for c in a["cards"])


@pytest.mark.parametrize(("lang", "label", "princess"), [
    ("en", "The Baron ✓ satisfied", "The Princess ✓ satisfied"), ("fr", "Le Baron ✓ validé", "La Princesse ✓ validée"),
    ("it", "Il Barone ✓ richiesta esaudita", "La Principessa ✓ richiesta esaudita")])
def test_a_satisfied_noble_is_labelled_after_its_name(lang: str, label: str, princess: str) -> None:
    """Round 27 (en13): the satisfied noble's "✓" sat on the gap with the noble to its left and came before the name
    in the page's text, with no word of what it meant: the name says it, after it, in words; no badge. Round 28
    (fr14): « exigence remplie » was a third wording beside the book's, the journal's and the score's « validé »,
    which agrees with the noble (« La Princesse ✓ validée »)."""
    from cardgen.games.royale.playview import play_table
    from cardgen.games.royale.text import noble_title

    deck = deck_of("royale")
    session = Session(deck, seed=3, lang=lang, pace=0)
    obs = session.state.observation(0)
    slot = next(s for s in range(6) if noble_title(deck, s, "en") == "The Baron")
    players = [list(p) for p in obs["players"]]
    players[1][2] = [s == slot for s in range(6)]
    seat = next(a for a in play_table(deck, dict(obs, players=players), lang)["areas"] if a.get("seat") == 1)
    names = [c["name"] for c in seat["cards"]]
    assert names[slot] == label and sum("✓" in n for n in names) == 1, names
    assert not any(c.get("badge") for c in seat["cards"])
    other = next(s for s in range(6) if noble_title(deck, s, "en") == "The Princess")
    players[1][2] = [s == other for s in range(6)]
    seat = next(a for a in play_table(deck, dict(obs, players=players), lang)["areas"] if a.get("seat") == 1)
    assert seat["cards"][other]["name"] == princess


@pytest.mark.parametrize(("lang", "drew", "laid", "then"), [
    ("en", "draws an Emerald card", "draws an Emerald card and lays it beside the dishes (",
     ("and lays it beside the dishes", "and uses it at once, removing ")),
    ("fr", "pioche une carte Emerald", "pioche une carte Emerald et la pose près des plats (",
     ("et la pose près des plats", "et s’en sert aussitôt pour retirer de l’assiette du roi ")),
    ("it", "pesca una carta Emerald", "pesca una carta Emerald e la mette accanto ai piatti (",
     ("e la mette accanto ai piatti", "e la usa subito per togliere "))])
def test_king_luis_journal_names_a_drawn_emerald(lang: str, drew: str, laid: str, then: tuple[str, str]) -> None:
    """Round 27 (fr12, en5, it3): "draws a card" then "lays Emerald beside the dishes" did not say that the card drawn
    was that Emerald (the book: a drawn Emerald is used at once or laid face up, so every seat sees it). The draw
    names it, laid at once when the king has too few portions; the choice that follows names it as that card. A
    draw of a dish card stays "draws a card" (only its drawer saw it). Round 28 (en8, fr12, it2): the choice repeated
    the player's name and a dangling "that card": it goes on with the draw's line, "and lays it beside the dishes",
    which the page sets under that line with no name (app.js: a move that goes on with its player's turn)."""
    from tests.test_play_journal_done import played

    seen = {"drew": 0, "laid": 0}
    for seed in (5, 7, 11):
        moves = played("king_lui", lang, seed=seed)
        for i, (action, _, before, after, text) in enumerate(moves):
            if action[0] != "draw":
                continue
            line = text.split("\n")[0]
            if after["pending_emeralds"]:
                assert line == drew, text
                assert moves[i + 1][4].startswith(then), moves[i + 1][4]
                seen["drew"] += 1
            elif line.startswith(laid):
                seen["laid"] += 1
            else:
                assert "Emerald" not in line, text
    assert seen["drew"] and seen["laid"], seen
