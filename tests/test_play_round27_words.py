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
    ("en", "The End of the Banquet card is drawn for the ", "shuffled together into a new draw pile"),
    ("fr", "La carte Fin du banquet est piochée pour la ", "mélangées pour former une nouvelle pioche"),
    ("it", "La carta Fine del banchetto viene pescata per la ", "mescolati in un nuovo mazzo")])
def test_the_journal_says_the_end_of_the_banquet_once(lang: str, drawn: str, rebuilt: str) -> None:
    """Round 27 (en11, fr19, it12): the journal's line for the last draw was followed at once by the result's end
    line, which the page prints as the journal's last: the same sentence twice in a row. The draw that rebuilds the
    pile keeps its line; the one that ends the banquet is said by the end line alone."""
    from cardgen.play.view import table_view

    session = _played_out(lang)
    assert session.state.end_reason == "banquet_over"
    said = [line for e in session.journal for line in e.text.split("\n") if line.startswith(drawn)]
    assert len(said) == 1 and rebuilt in said[0], said  # the first draw (of two): the pile rebuilt
    assert table_view(session, 0)["result"]["end_text"]  # the end, said once, by the page's end line


@pytest.mark.parametrize(("lang", "rule"), [
    ("en", "Abundance cards are wild: each one counts as a card of whichever dish type"),
    ("fr", "Les cartes Abondance sont des jokers\u202f: chacune compte comme une carte du type de plat"),
    ("it", "Le carte Abbondanza sono jolly: ognuna vale come una carta del tipo di piatto")])
def test_what_the_cards_say_tells_that_abundance_is_wild(lang: str, rule: str) -> None:
    """Round 27 (fr16): the page named every noble and the imposter but never said that Abundance stands for any dish
    (the book: "The Abundance cards are wild"), so a noble met with two Abundance cards read as false. The first
    Abundance card of an area carries the rule as its text (what "What the cards say" lists, once per area); no other
    card does."""
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


@pytest.mark.parametrize(("lang", "label"), [("en", "The Baron ✓ satisfied"), ("fr", "Le Baron ✓ exigence remplie"),
                                             ("it", "Il Barone ✓ richiesta esaudita")])
def test_a_satisfied_noble_is_labelled_after_its_name(lang: str, label: str) -> None:
    """Round 27 (en13): the satisfied noble's "✓" sat on the gap with the noble to its left and came before the name
    in the page's text, with no word of what it meant: the name says it, after it, in words; no badge."""
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


@pytest.mark.parametrize(("lang", "drew", "laid", "then"), [
    ("en", "draws an Emerald card", "draws an Emerald card and lays it beside the dishes (",
     ("lays that Emerald card beside the dishes", "uses that Emerald card at once and removes ")),
    ("fr", "pioche une carte Emerald", "pioche une carte Emerald et la pose près des plats (",
     ("pose cette carte Emerald près des plats", "se sert aussitôt de cette carte Emerald et retire ")),
    ("it", "pesca una carta Emerald", "pesca una carta Emerald e la mette accanto ai piatti (",
     ("mette questa carta Emerald accanto ai piatti", "usa subito questa carta Emerald: toglie "))])
def test_king_luis_journal_names_a_drawn_emerald(lang: str, drew: str, laid: str, then: tuple[str, str]) -> None:
    """Round 27 (fr12, en5, it3): "draws a card" then "lays Emerald beside the dishes" did not say that the card drawn
    was that Emerald (the book: a drawn Emerald is used at once or laid face up, so every seat sees it). The draw
    names it, laid at once when the king has too few portions; the choice that follows names it as that card. A
    draw of a dish card stays "draws a card" (only its drawer saw it)."""
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
