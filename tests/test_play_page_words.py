"""The playtest page's words as a native reader reads them (issues #52/#53): a person who gave no name is called by
their seat ("Joueur 2"), never by the word for a person; the designer's page titles each hand with its seat, not
"Your hand"; counts say one or many, not "joueur(s)"; French puts a narrow no-break space before ; : ? ! and
inside « »; English writes ’; and the page joins a label and its value with the wordbook's colon."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from cardgen.play.session import Session
from cardgen.play.view import UI, designer_view, page_words, pass_view, spectator_view, table_view
from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ask, start_table
from tests.test_play_session import deck_of
from tests.test_play_talk import to_move

ROOT = Path(__file__).resolve().parents[1]
BOOKS = [ROOT / "cardgen/play/view.json", *sorted((ROOT / "cardgen/games").glob("*/playview.json"))]
NNBSP = "\u202f"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _said(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every string of the play wordbooks in ``lang``."""
    for path in BOOKS:
        for table, by_lang in json.loads(path.read_text(encoding="utf-8")).items():
            for text in _strings(by_lang.get(lang, {})):
                yield f"{path.relative_to(ROOT)}:{table}", text


def test_french_puts_a_narrow_no_break_space_before_high_punctuation_and_inside_guillemets() -> None:
    wrong = [f"{where}: {text!r}" for where, text in _said("fr")
             if re.search(r"(?<!\u202f)[;:?!](?!//)|«(?!\u202f)|(?<!\u202f)»", text)]
    assert not wrong, "\n".join(wrong)
    assert sum(NNBSP in text for _, text in _said("fr")) >= 40  # the rule is in use, not vacuous


def test_english_writes_curly_apostrophes() -> None:
    wrong = [f"{where}: {text!r}" for where, text in _said("en") if "'" in text]
    assert not wrong, "\n".join(wrong)


def test_a_french_sentence_about_a_named_person_needs_no_elision_before_the_name() -> None:
    # a name given at the table may start with a vowel ("Ann"): "de {name}" would read "de Ann" where French writes
    # "d’Ann", and the page cannot know; a sentence around a name ends before it on a word that never elides
    # (play round 34: "Les réponses de Ann")
    eliding = r"(?:^|[\s’'])(?:de|que|le|la|je|me|te|se|ne|ce|jusque|lorsque|puisque)\s+\{name\}"
    wrong = [f"{where}: {text!r}" for where, text in _said("fr") if re.search(eliding, text, re.IGNORECASE)]
    assert not wrong, "\n".join(wrong)
    assert sum("{name}" in text for _, text in _said("fr")) >= 5  # the rule is in use, not vacuous


def test_each_language_has_its_colon_and_app_js_joins_no_label_with_a_hard_coded_one() -> None:
    ui = json.loads(BOOKS[0].read_text(encoding="utf-8"))["ui"]
    assert {lang: ui[lang]["colon"] for lang in ("en", "fr", "it")} == {"en": ": ", "fr": NNBSP + ": ", "it": ": "}
    app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    literals = re.findall(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`', app)  # its strings and template strings
    joined = [s for s in literals if s in ('": "', '":"', '" : "') or re.search(r"[)}]:\s*\$\{", s)]
    assert not joined, f"app.js joins a label and a value with its own ': ': {joined}"
    assert app.count("ui.colon") >= 6


def _through(session: Session) -> None:
    """Agents and people (first legal moves) play until the game is over."""
    while not session.state.is_terminal():
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), session.state.current_player,
                         turn=len(session.actions))


@pytest.mark.parametrize(("lang", "seat_word"), [("fr", "Joueur"), ("it", "Giocatore"), ("en", "Player")])
def test_a_person_who_gave_no_name_is_called_by_their_seat_on_the_passed_device(lang: str, seat_word: str) -> None:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1], lang=lang)
    session.join(0), session.join(1)
    session.claim(0, "Ann")
    to_move(session, 1)
    covered = pass_view(session, None)
    person = {"fr": "humain", "it": "umano", "en": "person"}[lang]  # the word the page once called them by
    assert covered["pass_seat"] == 1 and covered["pass_name"] == f"{seat_word} 2"
    assert covered["pass_named"] is False  # the page then says "au joueur 2" ("_seat" sentences), not "à Joueur 2"
    ui = covered["ui"]
    for key in ("pass_to", "pass_ready", "fb_as", "fb_given", "fb_whose"):
        assert "{n}" in ui[key + "_seat"] and seat_word.lower() in ui[key + "_seat"].lower(), key
    to_move(session, 0)
    assert pass_view(session, None)["pass_name"] == "Ann" and pass_view(session, None)["pass_named"] is True
    _through(session)
    over = pass_view(session, None)
    assert [(p["seat"], p["name"], p["named"]) for p in over["pass_feedback"]] == [(0, "Ann", True),
                                                                                   (1, f"{seat_word} 2", False)]
    assert person not in json.dumps([p["name"] for p in over["pass_feedback"]])


def test_talk_and_a_proposed_rematch_name_an_unnamed_person_by_their_seat() -> None:
    from cardgen.play import talk

    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1], lang="fr")
    session.join(0), session.join(1)
    talk.say(session, 1, "bonjour")
    assert table_view(session, 0)["talk"][0]["who"] == "Joueur 2"
    session.claim(1, "Bo")
    assert table_view(session, 0)["talk"][0]["who"] == "Bo"


@pytest.mark.parametrize(("lang", "yours"), [("fr", "Votre main"), ("it", "La tua mano"), ("en", "Your hand")])
@pytest.mark.parametrize("game", ["king_lui", "draco", "royale"])
def test_the_designers_page_titles_each_hand_with_its_seat(game: str, lang: str, yours: str) -> None:
    """The designer holds no hand: a seat's hand in its column (headed by the seat and its person) is titled by what
    it is in the game's words (King Lui's hand, Royale's cards to serve, Draco's action cards), never "Your hand",
    nor "Player 1's hand" under a "Player 1 · Ann" heading (#53 round 26, en11, en22, fr25, it15)."""
    session = Session(deck_of(game), players=3, seed=4, people=[0, 1], lang=lang)
    session.join(0), session.join(1)
    head = page_words(session.deck, lang)["seat_hand"]
    assert (head == UI[lang]["seat_hand"]) == (game == "king_lui")  # Royale and Draco name their own cards
    for _ in range(4):  # a few turns in: Royale's hand is the current player's
        own = table_view(session, 0)["hand"][0]["title"]
        seen = designer_view(session)
        hands = [a for s in seen["seats"] for a in s["hand"]]
        assert hands and all(a["title"] == head for a in hands), [a["title"] for a in hands]
        assert yours not in json.dumps([s["hand"] for s in seen["seats"]], ensure_ascii=False)
        assert table_view(session, 0)["hand"][0]["title"] == own  # a seat's own page keeps its own title
        if session.agent_move() is None:
            session.play(list(session.state.legal_actions()[0]), session.state.current_player,
                         turn=len(session.actions))


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("fr", "En attente d’un joueur encore absent", "En attente de 2 joueurs encore absents"),
    ("it", "In attesa di un altro giocatore", "In attesa di altri 2 giocatori"),
    ("en", "Waiting for one more person to choose their player", "Waiting for 2 more people to choose their player")])
def test_the_seats_still_to_come_are_counted_in_the_singular_or_the_plural(lang: str, one: str, many: str) -> None:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1], lang=lang)
    assert designer_view(session)["status"] == many
    session.join(0)
    assert designer_view(session)["status"] == one and spectator_view(session)["status"] == one


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_the_french_page_joins_who_said_it_with_the_french_colon_and_counts_the_undone_moves(tmp_path: Path) -> None:
    proc, links = start_table(tmp_path, "king_lui", "--lang", "fr", "--pace", "0.05")
    try:
        ask(links["1"] + "api/say", {"text": "bonne chance"})
        with chromium_page(links["1"], 390, 844) as page:
            page.wait_for_selector("#journal li.talk", timeout=20_000)
            assert page.inner_text("#journal li.talk b") == f"Joueur 1{NNBSP}:"  # no name given: the seat
            said = page.evaluate("""() => [1, 3].map((n) => {
                journal({...view, talk: [], undos: [{who: "Ann", after: view.moves_made, n}]});
                return document.querySelector("#journal li.undone").textContent; })""")
    finally:
        proc.terminate()
        proc.wait(10)
    assert said == [f"Tout le monde a accepté{NNBSP}: Ann a annulé son tour (1 coup annulé)",
                    f"Tout le monde a accepté{NNBSP}: Ann a annulé son tour (3 coups annulés)"]


@pytest.mark.parametrize(("lang", "nameless", "named"), [
    ("fr", "Le joueur 2 joue", "Joueur 2 · Bo joue"),  # one form of a name (round 27, fr7)
    ("it", "Tocca al giocatore 2", "Tocca al giocatore 2 · Bo"),  # as the panels name Bo (it28), the article (r28 it26)
    ("en", "Player 2 is playing", "Player 2 · Bo is playing")])  # (en6)
def test_the_status_line_and_the_journal_call_a_nameless_person_by_their_seat_never_human(
        lang: str, nameless: str, named: str) -> None:
    session = Session(deck_of("king_lui"), players=3, seed=8, people=[0, 1], lang=lang)
    session.join(0), session.join(1)
    to_move(session, 1)
    seen = table_view(session, 0)
    assert seen["status"] == nameless and seen["names"][1] == ""  # the page shows "Player 2" alone
    assert all(e["who"] == "" for e in seen["journal"] if e["seat"] == 1)
    for word in ("humain", "umano", "person", "human"):
        assert word not in json.dumps([seen["status"], seen["names"], seen["journal"]], ensure_ascii=False)
    session.claim(1, "Bo")
    assert table_view(session, 0)["status"] == named


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_every_page_of_a_house_rule_table_carries_the_rule_in_the_tables_language(lang: str) -> None:
    from cardgen.play.view import lobby_view

    deck = deck_of("draco-charity-toast")
    session = Session(deck, players=3, seed=8, people=[0, 1], lang=lang)
    rule = deck.model.house_rule.get(lang)
    assert rule and rule != deck.model.house_rule.get("fr" if lang != "fr" else "en")
    session.join(0), session.join(1)
    for page in (lobby_view(session), table_view(session, 0), spectator_view(session), designer_view(session),
                 pass_view(session, None)):
        assert page["house_rule"] == rule
    plain = Session(deck_of("draco"), players=3, seed=8, people=[0], lang=lang)
    assert table_view(plain, 0)["house_rule"] == ""  # no house rule: nothing shown


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_a_computer_player_is_the_computer_on_the_page_never_an_agent(lang: str) -> None:
    """The reader's F-1/I-2/E-1: "agent" is the designer's jargon; players read "ordinateur", "computer"."""
    ui = json.loads(BOOKS[0].read_text(encoding="utf-8"))["ui"][lang]
    said = [f"{k}: {v}" for k, v in ui.items() if re.search(r"(?<!\w)agent", v, re.IGNORECASE)]
    assert not said, said
    word = {"fr": "ordinateur", "it": "computer", "en": "computer"}[lang]
    assert all(word in ui[k] for k in ("agent_heuristic", "agent_random", "agent_search", "to_agent"))


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_designer_links_seats_to_come_the_winner_and_the_journal_read_as_sentences(tmp_path: Path) -> None:
    """The reader's L-5 (a link line with two colons), L-6 (a seat nobody joined read "PLAYER 2 …"), L-7 (the
    winner only a star) and I-1 (the journal's "Giocatore 2 Proponi un brindisi" read as an order)."""
    proc, links = start_table(tmp_path, "king_lui", "--lang", "it", "--pace", "0.05")
    try:
        ask(links["1"] + "api/view")
        with chromium_page(links["designer"], 1280, 720) as page:
            page.wait_for_selector("#moves a.link", timeout=20_000)
            lines = page.evaluate("() => [...document.querySelectorAll('#moves > a.link')].map((a) => a.textContent)")
            heads = page.evaluate("() => [...document.querySelectorAll('section.seatview h2')].map((h) => h.textContent)")
            won = page.evaluate("() => [scoreLine(view.ui, 2, '', 133, true), scoreLine(view.ui, 0, '', 9, false)]")
            journal = page.evaluate("""() => { journal({...view, seat: -1, talk: [], undos: [],
                journal: [{n: 1, turn: 1, seat: 1, who: 'Luca', text: 'Prendi Vino'}, {n: 2, turn: 2, seat: 2, who: '', text: 'Pesca'}]});
              return [...document.querySelectorAll('#journal li')].map((li) => li.textContent); }""")
            # one's own lines say "(tu)" in words, as the top bar does, not by their colour alone (#53 en19, it40)
            own = page.evaluate("""() => { journal({...view, seat: 1, talk: [], undos: [],
                journal: [{n: 1, turn: 1, seat: 1, who: 'Luca', text: 'prende Vino'}]});
              return document.querySelector('#journal li').textContent; }""")
            unit = page.evaluate("() => scoreLine(view.ui, 0, 'Luca', 1, false, ['punto', 'punti'])")
    finally:
        proc.terminate()
        proc.wait(10)
    assert len(lines) >= 3 and all(line.count(": ") == 1 and "http://" in line.split(": ")[1] for line in lines), lines
    assert "Giocatore 2 · non ancora arrivato" in heads and "Giocatore 1 · non ancora arrivato" not in heads, heads
    # in the line, lower case (round 26, it34), the mark kept with its word (play round 30, en6)
    assert won == ["Giocatore 3: 133 ★\u00a0vincitore", "Giocatore 1: 9"]
    assert journal == ["1.Giocatore 2 · Luca: Prendi Vino", "2.Giocatore 3: Pesca"]
    # kept on one line on a phone (round 25, it40); one's own name too (round 28, en4)
    assert own == "1.Giocatore\u00a02 · Luca\u00a0(tu): prende Vino"
    assert unit == "Giocatore 1 · Luca: 1 punto"  # as the panels name Luca (round 27, it28); a score with its unit, one or several (#53 en3, fr2, it3)
