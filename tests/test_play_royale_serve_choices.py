"""Royale's serve choices on ``cardgen play``'s page, as the round 26 readers of #53 asked for them, in fr, it, en.

"Serve Fruit 9 · 6 choices" opened on six bare noble names, what each noble asks a screen and a half lower in a
closed box (en15), and nothing warned of a serving that makes a request impossible and throws the noble's dishes
away (it12); an arrow stood where each language has a preposition (it11, fr21). A choice now says the noble's
request and points as its card prints them, the dishes already under it, and what this card does to the request,
and that warning holds to what the engine then does.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.play.session import Session
from cardgen.simulate.runner import DeckRef, load_project_deck

ROOT = Path(__file__).resolve().parents[1]
#: the words a choice's warning opens with, and those of a choice that meets the request
#: round 27 (fr17, it10): « pour le Baron, les plats… », «per il Barone i piatti» were calques, and "impossible" a
#: second name for the book's "can no longer be met": the noble's own request, its dishes, in the conditional;
#: round 28 (en13, fr13): "its request … its dishes would be cleared": a noble is a person, and the book clears the
#: noble, not the dishes (in French and Italian the book's « débarrasser ses plats », «ritirare i piatti» stay); and
#: shorter, six times a turn on every serve choice
#: round 29 (it11, fr13): the journal's verb ("can no longer be met"), a third shorter, and only what would really
#: go: the card alone when the noble holds no dish (« les plats du noble seraient débarrassés » was untrue then)
#: play round 31 (en15, fr13): "the card would go to the discard pile" understated the rule (the noble is cleared,
#: every dish under it goes too), « remplie » hung on no noun, and "no longer" was odd for a noble holding nothing
#: play round 32 (fr8*, it8*, it9): « son exigence », «tous ses plats», «la sua richiesta», «i suoi piatti»: the noble
#: is named just before, and « ce noble », «del nobile» read as the wrong gender after a lady
DEAD = {"en": " — could not be met with this card: the noble would be cleared (this card would go to the discard pile)",  # playtest round 37 en1*
        "fr": " — son exigence ne pourrait pas être remplie avec cette carte\u202f: celle-ci partirait à la défausse",
        "it": " — con questa carta la sua richiesta non potrebbe essere esaudita: la carta andrebbe negli scarti"}
DEAD_SERVED = {"en": " — could no longer be met: the noble would be cleared (this card and the dishes under it would go "
                     "to the discard pile)",  # playtest round 37 en1*
               "fr": " — son exigence ne pourrait plus être remplie\u202f: tous ses plats, cette carte comprise, "
                     "partiraient à la défausse",
               "it": " — la sua richiesta non si potrebbe più esaudire: tutti i suoi piatti, questa carta compresa, "
                     "andrebbero negli scarti"}
MET = {"en": "the request is met exactly", "fr": "l’exigence est remplie exactement",
       "it": "la richiesta è esaudita alla lettera"}
#: a serve choice's head, cut off by the colon the phone groups choices on
COLON = {"en": ": ", "fr": "\u202f: ", "it": ": "}


@pytest.fixture(scope="module")
def deck():
    return load_project_deck(DeckRef(str(ROOT), "royale", ""))


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_each_serve_choice_says_the_request_and_its_warning_holds_to_the_engine(deck, lang: str) -> None:
    """In random games, every serve choice names its noble's request (the card's own text, through
    ``requirement_text``) and points; it warns of an impossible request exactly when the engine, playing it, clears
    that noble at once (its cards gone, the noble not satisfied); and a choice said to meet the request, played as
    the hand's last card, has the noble satisfied."""
    from cardgen.games.royale.text import _slot_face, requirement_text

    dead = met = offered = 0
    for seed in (3, 7, 11):
        session = Session(deck, seed=seed, lang=lang, players=3, pace=0)
        state, rng = session.state, random.Random(seed)
        for _ in range(120):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            seat = state.current_player
            table = state.observation(seat)
            for action in legal:
                if action[0] != "place":
                    continue
                offered += 1
                shown = session.shown_move(action, seat)
                text, head, target, detail = shown["text"], shown["group"], shown["part"], shown["detail"]
                # the card, then the noble it goes to, as one sentence: no colon between them (#53 round 27, en9)
                assert text == head + " " + target and head + COLON[lang] not in text, text
                assert "→" not in text and head.split()[0] in {"Serve", "Servir", "Servi"}, text
                slot = int(action[2])
                face = _slot_face(deck, table, seat, slot)
                request = requirement_text(deck, face.data, lang).rstrip(".")
                # the row the noble and its points, the request as its card prints it on the line under it (round 29)
                assert detail.startswith(request) and request not in target, (text, detail)
                worth = {"en": "worth ", "fr": "noble à ", "it": "che vale "}[lang]  # play round 30, en11, fr12*
                assert target.endswith(f"({worth}{face.points}\u00a0" + target.rsplit("\u00a0", 1)[1]), text
                after = state.clone()
                after.apply(action)
                seen = after.observation(seat)
                _, _, done, under = seen["players"][seat][:4]
                cleared = not under[slot] and not done[slot]
                had = table["players"][seat][3][slot]
                assert (detail.endswith(DEAD_SERVED[lang] if had else DEAD[lang])) == cleared, (detail, under[slot])
                assert not detail.endswith(DEAD[lang] if had else DEAD_SERVED[lang]), detail  # only what would go
                dead += cleared
                if MET[lang] in detail and len(table["hand"]) == 1:
                    assert done[slot], text  # the hand's last card: the noble is satisfied at once (step 3)
                    met += 1
            state.apply(rng.choice(legal))
    assert offered > 300 and dead > 20 and met >= 1, (offered, dead, met)


@pytest.mark.parametrize(("lang", "ends", "impossible"), [
    # play round 30, en12, en13, it15; play round 31 en16, fr12, it15; play round 32 en11, it10, it8
    ("en", "ends the turn: none of their nobles has a dish left to clear",  # play round 34 en6*
     ": the request can no longer be met, so the noble is cleared ("),
    ("fr", "aucun de ses nobles n’a plus de plats à débarrasser\u202f: fin de son tour",
     "\u202f: son exigence ne peut plus être remplie, ses plats ("),
    ("it", "nessuno dei suoi nobili ha più piatti da ritirare: termina il turno",
     ", la cui richiesta non può più essere esaudita: i suoi piatti (")])
def test_the_journal_says_whose_turn_ends_by_itself(deck, lang: str, ends: str, impossible: str) -> None:
    """"The turn ends: no noble has cards left to clear." stood unnumbered under a move, whose turn unsaid, read as
    a rule nobody asked for (round 26, en18, fr26); under the mover's numbered line, it is that line's turn; "ends by
    itself" was not idiomatic, and "Player 1's turn" named the player otherwise than the numbered line it stands
    under ("Player 1 (you)", "Player 2 · Bo": round 27, en12, it14). The forced clearing says whose request in
    the serving's own clause, the noble named once ("serves Fruit 9 to the Marquis, whose request can no longer be
    met", en16; round 27, fr17, it11: « pour le Marquis, l’exigence… » named it twice). Round 28 (en16, fr15, it9):
    "The turn ends automatically: none of their nobles…" named nobody for "their" to stand for: the line now goes on
    with the mover's report, in lower case, as the page sets such a line under the mover's name."""
    session = Session(deck, seed=7, lang=lang, players=3, people=[0, 1, 2], pace=0)
    session.joined = {0, 1, 2}
    rng = random.Random(11)
    while not session.state.is_terminal() and len(session.journal) < 150:
        session.play(list(rng.choice(session.state.legal_actions())), session.state.current_player)
    from cardgen.games.mention import plain

    ended = [(e.seat, plain(line)) for e in session.journal for line in e.text.split("\n")[1:] if ends[-30:] in line]
    # the mover's own nobles, named (play round 34 en6*: "no noble" was untrue of the other players' nobles)
    assert len(ended) >= 3 and all(line == ends.format(n=seat + 1) for seat, line in ended), ended
    assert ends[0].islower()  # the page's rule for a line that goes on with the mover's report (app.js ``goes``)
    served = [e.text.split("\n")[0] for e in session.journal if e.action[0] == "place"]
    assert any(impossible in line for line in served)
    nobles = {"en": ("the Duchess", "the Countess", "the Baron", "the Marquis", "the Princess", "the Viscount"),
              "fr": ("la Duchesse", "la Comtesse", "Baron", "Marquis", "la Princesse", "Vicomte"),
              "it": ("Duchessa", "Contessa", "Barone", "Marchese", "Principessa", "Visconte")}[lang]
    assert all(sum(line.count(n) for n in nobles) == 1 for line in served), served


@pytest.mark.parametrize(("lang", "title", "few", "one"), [
    ("en", "The discard pile · 21 cards (last 6 shown)", "The discard pile · 2 cards", "The discard pile · 1 card"),
    ("fr", "La défausse · 21 cartes (voici les 6 dernières)", "La défausse · 2 cartes", "La défausse · 1 carte"),
    ("it", "Gli scarti · 21 carte (qui le ultime 6)", "Gli scarti · 2 carte", "Gli scarti · 1 carta")])
def test_the_discard_pile_counts_its_cards_before_the_six_shown(deck, lang: str, title: str, few: str,
                                                                one: str) -> None:
    """"The discard pile (the last 6)" had no noun and its count sat under the six cards (round 26, it17); a dish's
    caption keeps its value on the line of its name ("Main course 7" broke before its 7: en21). Round 28 (en20): one
    form for the count, in the title, with a few cards as with many ("cards in all 3" stood under a short pile)."""
    from cardgen.games.royale.playview import play_table

    session = Session(deck, seed=3, lang=lang, pace=0)
    obs = session.state.observation(session.seat)
    dishes = [c for c in obs["buffet"] if c] * 7
    area = next(a for a in play_table(deck, dict(obs, discard=dishes[:21]), lang)["areas"] if a["title"].startswith(
        title[:8]))
    assert area["title"] == title and not area.get("facts") and len(area["cards"]) == 6
    for n, said in ((2, few), (1, one)):
        short = next(a for a in play_table(deck, dict(obs, discard=dishes[:n]), lang)["areas"]
                     if a["title"].startswith(title[:8]))
        assert short["title"] == said and not short.get("facts") and len(short["cards"]) == n
    empty = play_table(deck, dict(obs, discard=[]), lang)["areas"]
    assert any(a["title"] == title.split(" · ")[0] for a in empty)  # the name alone, never "· 0 cards" over "no cards"
    assert all("\u00a0" in c["name"] and c["name"].split("\u00a0")[1].isdigit() for c in area["cards"])


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_each_seat_shows_its_imposter_card_dimmed_once_used(deck, lang: str) -> None:
    """The imposter moves named the cells of a pattern pictured nowhere (round 26, en20): each seat's panel lays its
    own imposter beside its nobles, with the card's rule as its text, dimmed once used."""
    from cardgen.games.royale.playview import play_table
    from cardgen.games.royale.text import imposter_text

    session = Session(deck, seed=3, lang=lang, pace=0)
    obs = session.state.observation(0)
    seats = [a for a in play_table(deck, obs, lang)["areas"] if a.get("seat") is not None]
    owners = "abc"
    for area in seats:
        last = area["cards"][-1]
        assert last["face"] == f"imposter-{owners[area['seat']]}" and last["text"] == imposter_text(deck, lang)
        assert not last["dim"]
        # the card's turns clockwise, as the book counts them and the moves say them (round 26, fr23, it16)
        assert {"en": "270° clockwise", "fr": "270° dans le sens horaire", "it": "270° in senso orario"}[lang] in last["text"]
    players = [list(p) for p in obs["players"]]
    players[1][1] = 0  # the second seat's imposter used
    used = [a for a in play_table(deck, dict(obs, players=players), lang)["areas"] if a.get("seat") == 1][0]
    assert used["cards"][-1]["dim"] and used["cards"][-1]["face"] == "imposter-b"
