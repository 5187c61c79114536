"""Every move a person can make reads differently from every other (issue #52): on the buttons and in the journal.

In Draco a player owns two ruffians of one colour ("Play Rumours → Red Ruffian" named two moves), in Royale a
hand may hold two cards of one dish ("Serve Abundance → the Duchess" for Abundance 4 and 9): a move names the
character's place in the circle and the dish's value. Checked on 1,000 random states of every shipped game and
variant, through the game-agnostic engine API, in each of the deck's languages.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from cardgen.games.base import name_action
from cardgen.house import install
from cardgen.load.project import Project
from cardgen.play.session import Session
from cardgen.play.view import table_view
from cardgen.simulate.runner import DeckRef, load_project_deck
from tests.test_play_session import play_out

ROOT = Path(__file__).resolve().parents[1]
#: every shipped deck and variant that plays
SHIPPED = sorted(Project.open(ROOT).sources)
#: random states looked at per deck
STATES = 1000
#: longest random game walked before a new deal
WALK = 300


def twins(deck, state, lang: str) -> list[tuple[str, list]]:
    """The labels two or more legal moves share in the current seat's view of ``state``."""
    legal = state.legal_actions()
    table = state.observation(state.current_player)
    labels = [name_action(deck, a, lang, table) for a in legal]
    return [(label, [a for a, l in zip(legal, labels) if l == label])
            for label, n in Counter(labels).items() if n > 1]


@pytest.mark.parametrize("deck_id", SHIPPED)
def test_no_view_shows_two_moves_of_the_same_label(deck_id: str) -> None:
    deck = load_project_deck(DeckRef(str(ROOT), deck_id, ""))
    if deck.spec.new_game is None:
        pytest.skip("a print-only deck")
    low, high = deck.model.players.min, deck.model.players.max
    games = {p: install(deck.spec.new_game(deck, p), deck) for p in range(low, high + 1)}
    rng = random.Random(f"labels {deck_id}")
    seen, found = 0, []
    while seen < STATES:
        state = games[rng.randint(low, high)].new_initial_state(rng.randrange(1 << 30))
        for _ in range(WALK):
            if seen >= STATES or state.is_terminal() or not state.legal_actions():
                break
            found += twins(deck, state, rng.choice(deck.languages))
            seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert not found, f"{len(found)} views with twin labels, e.g. {found[:3]}"


def _first_view(deck_id: str, lang: str, wanted: str, seed: int = 3) -> tuple[Session, dict]:
    """A one-person table of ``deck_id`` played by random clicks until a move whose first word is ``wanted``
    is offered; the session and the person's view then."""
    session = Session(load_project_deck(DeckRef(str(ROOT), deck_id, "")), lang=lang, seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        while session.agent_move():
            pass
        view = table_view(session)
        if any(m["action"][0] == wanted for m in view["moves"]):
            return session, view
        session.play(rng.choice(view["moves"])["action"])
    raise AssertionError(f"no {wanted} move in 200 turns")


@pytest.mark.parametrize("lang,word", [("en", "seat"), ("fr", "place"), ("it", "posto")])  # the books' words
def test_a_draco_move_names_the_characters_place_on_the_button_and_in_the_journal(lang: str, word: str) -> None:
    session, view = _first_view("draco", lang, "play")
    circle = session.state.observation(session.seat)["circle"]
    move = next(m for m in view["moves"] if len(m["action"]) > 2 and m["action"][2] in circle)
    place = circle.index(move["action"][2]) + 1
    assert f"({word} {place})" in move["text"]  # "(seat 7)": where it is, then where it goes (fr33, it29; en34)
    session.play(move["action"])
    # the journal records it in the third person (tests/test_play_journal_done.py), naming the card as the button
    # did and the seat the character left: "plays The Splits: Red Ruffian from seat 7 to seat 1"
    card = re.split("\u202f?: ", move["text"], maxsplit=1)[0].split(" ", 1)[1]
    assert session.journal[-1].text.split(" ", 1)[1].startswith(card)
    assert f" {word} {place}" in session.journal[-1].text


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_royale_dish_is_served_with_its_value_on_the_button_and_in_the_journal(lang: str) -> None:
    session, view = _first_view("royale", lang, "place")
    move = next(m for m in view["moves"] if m["action"][0] == "place")
    card = str(move["action"][1])  # drink-7#1: the seventh drink
    value = card.split("#", 1)[0].rsplit("-", 1)[1]
    head, target = move["group"], move["part"]  # "Serve Drink 7", "to the Duchess (3 points: …)" (round 27, en9)
    assert move["text"] == head + " " + target
    assert head.endswith(f" {value}")
    session.play(move["action"])
    # "serves Drink 7 to the Duchess" for "Serve Drink 7 to the Duchess, who asks…": in words, no arrow on either
    # (it17, en30; the button's arrow too: round 26, it11, fr21)
    assert session.journal[-1].text.split(" ", 1)[1].startswith(head.split(" ", 1)[1] + " ")
    assert target.split(" (")[0] in session.journal[-1].text and "→" not in session.journal[-1].text + move["text"]


@pytest.mark.parametrize("lang,words", [("en", "house rule: Player"), ("fr", "règle maison\u202f: le joueur"),
                                        ("it", "regola della casa: il giocatore")])
def test_a_house_rules_effect_is_in_the_journal_in_the_tables_language(lang: str, words: str) -> None:
    """Charity Toast's gift (1 silver coin from the toaster to the poorest) was played but never told."""
    gifts: list[str] = []
    for deck_id in ("draco-charity-toast", "draco"):
        session = Session(load_project_deck(DeckRef(str(ROOT), deck_id, "")), lang=lang, seed=3, pace=0)
        play_out(session, random.Random(3), moves=300)
        told = [e.text for e in session.journal if words in e.text]
        if deck_id == "draco":
            assert not told  # the engine's own rules: no house rule to tell
        else:
            # one coin, from one seat to another, told as a gift (tests/test_play_house_journal.py: to whom)
            gift = {"en": " gives 1 silver coin to Player ", "fr": " donne 1 pièce d’argent au joueur ",
                    "it": " dà 1 moneta d’argento al giocatore "}[lang]
            assert told and all(gift in t for t in told)
            gifts += told
    assert gifts
