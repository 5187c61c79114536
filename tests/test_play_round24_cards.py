"""The play page's twenty-fourth reading (#53), Royale and Draco: what a card says is text on the page, and the
journal says what a move changed that every seat saw.

The readers could not read a noble's request nor an action card's effect (printed 4-5 px high on the pictures:
en21, en35, fr19, it13, it30); the journal never said who received or paid what at a toast, what Favour's die
showed, where a card moved the characters, a noble satisfied or cleared because its request became impossible,
nor the final toast (en22, en34, en39, en47, fr21, fr31-33, it15, it27-29). Every statement is checked against
the position it describes: the seats after the move, the purses before and after.
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardgen.play.session import Session
from cardgen.play.view import table_view
from tests.test_play_journal_done import played
from tests.test_play_said import deck_of

LANGS = ("en", "fr", "it")
#: a player's purse changing, as the journal says it, per language: (received, paid, paid to another)
MONEY = {"en": (r"Player (\d) receives (\d+) silver coins?", r"Player (\d) pays (\d+) silver coins?\b(?! to)",
                r"Player (\d) pays (\d+) silver coins? to Player (\d)"),
         "fr": (r"le joueur (\d) reçoit (\d+) pièces? d’argent", r"le joueur (\d) paie (\d+) pièces? d’argent\b(?! au)",
                r"le joueur (\d) paie (\d+) pièces? d’argent au joueur (\d)"),
         "it": (r"il giocatore (\d) riceve (\d+) monet[ae] d’argento",
                r"il giocatore (\d) paga (\d+) monet[ae] d’argento\b(?! al)",
                r"il giocatore (\d) paga (\d+) monet[ae] d’argento al giocatore (\d)")}


SERVED = {"en": "Dishes served so far: {cards}.", "fr": "Plats déjà servis\u202f: {cards}.",
          "it": "Piatti già serviti: {cards}."}


def _session(game: str, lang: str, moves: int, seed: int = 3) -> Session:
    """A three-person table of ``game`` after ``moves`` random moves."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0, 1, 2], lang=lang)
    for seat in range(3):
        session.join(seat)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.state.is_terminal():
            break
        mover = session.state.current_player
        session.play(list(rng.choice(session.state.legal_actions())), mover, turn=len(session.actions))
    return session


@pytest.mark.parametrize("lang", LANGS)
def test_each_noble_says_what_it_asks_and_is_worth_as_text(lang: str) -> None:
    from cardgen.games.royale.checks import noble_face
    from cardgen.games.royale.text import requirement_text
    from cardgen.text import join_and

    session = _session("royale", lang, 8)
    deck = session.deck
    seated = [c for a in table_view(session, 1)["areas"] if a.get("seat") is not None for c in a["cards"]]
    nobles = [c for c in seated if not c["face"].startswith("imposter-")]  # each seat's imposter lies beside them
    assert len(nobles) >= 12
    colon = {"fr": "\u202f: ", "it": ": ", "en": ": "}[lang]
    for card in nobles:
        comp = next(c for c in deck.model.components if c.id == card["face"])
        face = noble_face(comp, deck.model.rules.noble_side)
        request = requirement_text(deck, face.data, lang)
        points, text = card["text"].split(colon, 1)
        assert points.split()[0] == str(face.points)  # "3 points", "1 point", "0 point" in French
        asked = request[:1].lower() + request[1:]
        assert text.startswith(asked)
        # then the dishes served under it so far, by name and value (round 25, fr27, it14), each in its tooltip too
        under = [u["name"].replace("\u00a0", " ") for u in card.get("under", [])]  # a caption keeps its value on its line
        assert text[len(asked):] == (" " + SERVED[lang].format(cards=join_and(under, lang)) if under else ""), text
        assert all(re.fullmatch(r"\D+ \d+", name) for name in under), under
    assert any(card.get("under") for card in nobles)


@pytest.mark.parametrize("lang", LANGS)
def test_each_action_card_and_special_character_says_what_it_does_as_text(lang: str) -> None:
    session = _session("draco", lang, 6)
    deck = session.deck
    view = table_view(session, 0)
    hand = view["hand"][0]["cards"]
    assert hand and all(c["text"] == deck.spec.face_text(deck, _comp(deck, c["face"]), _comp(deck, c["face"]).faces[0],
                                                         lang) for c in hand)
    circle = view["areas"][0]
    specials = [c for c in circle["cards"] if not c["face"].startswith("ruffian")]
    assert len(specials) == 3 and all(c["text"] == deck.spec.face_text(deck, _comp(deck, c["face"]),
                                                                       _comp(deck, c["face"]).faces[0], lang)
                                      for c in specials)
    assert not any(c.get("text") for c in circle["cards"] if c["face"].startswith("ruffian"))
    # Draco's face up: the hand the heading names is the one his text starts with
    hand_word = {"en": "right", "fr": "droite", "it": "destra"}[lang]
    assert hand_word in circle["title"] and hand_word in circle["ring"]["text"]


def _comp(deck: Any, face: str) -> Any:
    return next(c for c in deck.model.components if c.id == face)


@pytest.mark.parametrize("lang", LANGS)
def test_the_journal_tells_every_purse_a_draco_move_changed(lang: str) -> None:
    received, paid, paid_to = MONEY[lang]
    kinds = set()
    for action, _, before, after, text in played("draco", lang):
        if action[0] == "toast" or "\n" in text:
            continue  # a toast is told seat by seat, its sums checked by tests/test_play_round26_draco.py
        said = [0] * len(before["money"])
        # at a toast the bank pays and is paid: +2 for one and −2 for another is never one paying the other
        assert action[0] != "toast" or not re.search(paid_to, text), text
        for giver, amount, taker in re.findall(paid_to, text):
            said[int(giver) - 1] -= int(amount)
            said[int(taker) - 1] += int(amount)
            kinds.add("paid_to")
        for who, amount in re.findall(received, text):
            said[int(who) - 1] += int(amount)
            kinds.add("received")
        for who, amount in re.findall(paid, text):
            said[int(who) - 1] -= int(amount)
            kinds.add("paid")
        assert said == [a - b for a, b in zip(after["money"], before["money"])], (action, text)
    assert kinds == {"paid_to", "received"}  # a toast's payers: tests/test_play_round26_draco.py


@pytest.mark.parametrize("lang", LANGS)
def test_the_journal_says_where_a_card_moved_each_character_and_what_the_die_showed(lang: str) -> None:
    moved = {"en": r"(\w[\w ]*?) from seat (\d) to seat (\d)", "fr": r"(\w[\w ]*?) de la place (\d) à la place (\d)",
             "it": r"(\w[\w ]*?) dal posto (\d) al posto (\d)"}[lang]
    die = {"en": "the die shows {n}", "fr": "le dé donne {n}", "it": "il dado dà {n}"}[lang]
    bracket = {"en": r"\(seat (\d)\)", "fr": r"\(place (\d)\)", "it": r"\(posto (\d)\)"}[lang]
    flips = rolls = 0
    for action, _, before, after, text in played("draco", lang):
        if action[0] != "play":
            continue
        if after["roll"] is not None:
            assert die.format(n=after["roll"]) in text
            rolls += 1
        if before["draco"] != after["draco"]:  # Draco turned over: the seats are counted from his other side
            assert not re.search(moved, text)
            flips += 1
            continue
        told = re.findall(moved, text)
        changed = [c for i, c in enumerate(before["circle"]) if after["circle"].index(c) != i]
        # the card's own move names its characters' seats in brackets, "(seat 5) moves forward 2 seats, to seat 3"
        # (round 25, en28); each character that only closed up says from which seat to which
        named = {int(n) for n in re.findall(bracket, text)} | {int(start) for _, start, _ in told}
        assert {before["circle"].index(c) + 1 for c in changed} <= named, (action, text)
        assert len(told) <= len(changed), (action, text)
        for _, start, end in told:
            character = before["circle"][int(start) - 1]
            assert after["circle"][int(end) - 1] == character, (action, text)
    assert flips and rolls


@pytest.mark.parametrize("lang", LANGS)
def test_seating_plan_buttons_say_where_each_special_character_goes(lang: str) -> None:
    to_seat = {"en": r"(\w[\w ]*?) to seat (\d)", "fr": r"(\w[\w ]*?) à la place (\d)", "it": r"(\w[\w ]*?) al posto (\d)"}
    checked = 0
    for action, button, _, after, _ in played("draco", lang):
        if action[0] == "play" and action[1] == "seating-plan":
            told = re.findall(to_seat[lang], button.split(": " if lang != "fr" else "\u202f: ", 1)[1])
            assert len(told) == len(action) - 2
            for character, (_, seat) in zip(action[2:], told):
                assert after["circle"][int(seat) - 1] == character, (button, after["circle"])
            checked += 1
    assert checked


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_toast_is_in_the_journal(lang: str) -> None:
    final = {"en": "final toast", "fr": "ultime toast", "it": "ultimo brindisi"}[lang]
    moves = played("draco", lang, most=2000)
    assert moves[-1][3]["phase"] == "over" and moves[-1][3]["last_call"]
    assert final in moves[-1][4]
    # the line that says the pile ran out for good announces the final toast (play round 30, en18*, it24*): no other
    # earlier line names it
    gone = {"en": "The draw pile has run out for good", "fr": "La pioche est épuisée pour de bon",
            "it": "Il mazzo è finito per sempre"}[lang]
    assert not any(final in line for m in moves[:-1] for line in m[4].split("\n") if not line.startswith(gone))
    assert sum(line.startswith(gone) for m in moves for line in m[4].split("\n")) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_noble_cleared_because_its_request_became_impossible_is_in_the_journal(lang: str) -> None:
    from cardgen.games.royale.text import dish_name

    gone = {"en": "can no longer be met", "fr": "ne peut plus être remplie",
            "it": "non può più essere esaudita"}[lang]
    told = 0
    for action, _, before, after, text in played("royale", lang):
        if action[0] != "place":
            continue
        seat = before["seat"]
        slot = int(action[2])
        cleared = not after["players"][seat][2][slot] and action[1] not in after["players"][seat][3][slot]
        assert (gone in text) == cleared, (action, text)
        if cleared:
            # the card cleared named after the clause, or, alone, the card the line has just served (play round 34
            # it7: « la carte », not its name twice)
            assert dish_name(deck_of("royale"), action[1], lang) in text.split(gone, 1)[1] or \
                {"en": "(the card goes", "fr": "la carte va", "it": "la carta va"}[lang] in text.split(gone, 1)[1]
            told += 1
    assert told


# (play round 36 en6, fr10: "all the cards", « toutes ses cartes » read as a whole hand: this turn's cards)
@pytest.mark.parametrize("lang,said", [
    ("en", "\nhas placed this turn’s cards and satisfies the Baron with {cards}: +2 points; these cards go to the "
           "discard pile"),
    ("fr", "\nles cartes du tour posées, valide le Baron avec {cards}\u202f: +2 points\u202f; ces "
           "cartes vont à la défausse"),
    ("it", "\nha sistemato le carte di questo turno e soddisfa il Barone con {cards}: +2 punti; queste carte "
           "vanno negli scarti")])
def test_a_noble_satisfied_is_in_the_journal_with_its_points(lang: str, said: str) -> None:
    """Round 25 (en16, fr22, it9): a noble satisfied is scored once all the cards are placed (the book's step 3), on
    a line of its own under the last serving, naming the cards that met it (the one just served too), never glued
    onto that serving ("serves Fruit 8 to the Duchess; satisfies the Viscount"). Round 28 (it10): "Player 3
    satisfies…" named the player by number under a line that names them as the page does ("Player 3 · computer"):
    the line goes on with the mover's report, in lower case, and the page names them once for the turn."""
    from cardgen.games.royale.text import describe_done, dish_name

    deck = deck_of("royale")
    session = _session("royale", lang, 0)
    before = session.state.observation(session.state.current_player)
    seat = before["seat"]
    points, imposter, done, under = before["players"][seat]
    card = next(iter(before["buffet"]))
    before["players"] = [list(p) for p in before["players"]]
    before["players"][seat] = [points, imposter, done, tuple(("fruit-9#1",) if i == 2 else u for i, u in enumerate(under))]
    after = {**before, "players": [list(p) for p in before["players"]]}
    after["players"][seat] = [points + 2, imposter, tuple(i == 2 for i in range(len(done))), tuple(() for _ in under)]
    text = describe_done(deck, ("place", card, 2), lang, before, after)
    cards = " et ".join if lang == "fr" else (" e ".join if lang == "it" else " and ".join)
    met = cards([dish_name(deck, "fruit-9#1", lang), dish_name(deck, card, lang)])
    assert text is not None and text.endswith(said.format(cards=met)), text
    served, scored = text.split("\n", 1)
    assert "+2" not in served and "Baron" in served and "+2" in scored, text


@pytest.mark.parametrize("lang,mine,theirs", [("en", "Cards to serve", "Player 1 · cards to serve"),
                                              ("fr", "Cartes à servir", "Joueur 1 · cartes à servir"),
                                              ("it", "Carte da servire", "Giocatore 1 · carte da servire")])
def test_royales_hand_says_whose_cards_it_shows(lang: str, mine: str, theirs: str) -> None:
    session = _session("royale", lang, 1)  # player 1 took a row: their cards, shown to everyone
    assert session.state.current_player == 0
    assert table_view(session, 0)["hand"][0]["title"] == mine
    assert table_view(session, 1)["hand"][0]["title"] == theirs


@pytest.mark.parametrize("lang", LANGS)
def test_each_take_and_imposter_button_names_the_cards_it_takes(lang: str) -> None:
    """"Imposter turned 90°, row 1, column 1" named where the pattern was anchored, a cell it did not take (en23,
    fr22, it14): each button now names the cards, and they are the very cards the move puts in the hand."""
    from cardgen.games.royale.text import dish_name
    from cardgen.text import join_and

    deck = deck_of("royale")
    kinds = set()
    for moves in (0, 4, 9):
        session = _session("royale", lang, moves, seed=5)
        for action in session.state.legal_actions():
            if action[0] not in ("take", "imposter"):
                continue
            after = session.state.clone()
            after.apply(action)
            taken = after.observation(session.state.current_player)["hand"]
            button = session.describe(action)
            assert button.endswith(" " + join_and([dish_name(deck, c, lang) for c in taken], lang)), (action, button)
            kinds.add(action[0])
    assert kinds == {"take", "imposter"}


def _royale_played_out(lang: str, seed: int) -> Session:
    """A Royale table of one person (random moves) and two heuristic agents, played to its end."""
    session = Session(deck_of("royale"), players=3, seed=seed, people=[0], lang=lang, pace=0)
    session.join(0)
    rng = random.Random(seed)
    while not session.state.is_terminal():
        if session.state.current_player == 0:
            session.play(list(rng.choice(session.state.legal_actions())), 0, turn=len(session.actions))
        else:
            session.agent_move()
    return session


@pytest.mark.parametrize("lang,ended,none,zero", [
    ("en", "The game ended: the End of the Banquet card was drawn for the second time.", "no noble satisfied",
     "points"),
    ("fr", "La carte Fin du banquet a été piochée pour la deuxième fois\u202f: le banquet est terminé.",
     "aucun noble validé", "point"),
    ("it", "La carta Fine del banchetto è stata pescata per la seconda volta: il banchetto è finito.",
     "nessun nobile soddisfatto", "punti")])
def test_royales_game_over_says_why_and_each_score_noble_by_noble(lang: str, ended: str, none: str, zero: str) -> None:
    """Round 25 (fr19, en17, en18, it13): "The banquet is over" said no reason and the scores came with no noble
    behind them. Now the box gives the draw that ended it and, per seat, each satisfied noble's points adding up to
    the engine's score; a score's unit agrees with it as the language does ("0 point" in French: fr20)."""
    from cardgen.games.royale.text import noble_title

    deck = deck_of("royale")
    session = _royale_played_out(lang, 7)
    result = table_view(session, 0)["result"]
    assert session.state.end_reason == "banquet_over" and result["end_text"].startswith(ended)
    # the game ends even mid-refill: the empty cells the buffet shows are said to be the rule's (round 26, en23)
    midway = {"en": "even in the middle of a refill", "fr": "même si la desserte n’est pas complète",
              "it": "anche se il buffet non è completo"}[lang]
    assert None in session.state.observation(0)["buffet"] and midway in result["end_text"][len(ended):]
    assert max(result["scores"]) > 0 and min(result["scores"]) == 0
    titles = [noble_title(deck, slot, lang).lower() for slot in range(6)]
    for score, lines, unit in zip(result["scores"], result["detail"], result["units"]):
        (line,) = lines
        if score == 0:
            assert line == none and unit == zero
            continue
        terms = re.findall(r"(\S+ \S+) (\d+)(?= \+| =)", line)
        assert terms and all(noble.lower() in titles for noble, _ in terms), line
        # (play round 38 it2: the total keeps its unit, a no-break space)
        assert sum(int(p) for _, p in terms) == score and line.split(" = ")[1].startswith(f"{score:g}\u00a0"), line
