"""A person is named the same way everywhere on the playtest page (#53, play round 29: en3, en16, en21, fr6, it1, it14).

The top bar, the panels and the journal's heads named a seat "Player 2 · Bo (you)", but inside the game's sentences
the same person was a bare number: "Player 2 is the chef of course 2", "Player 2 pays 1 silver coin to Player 3",
"phase  Player 1 plays a card", and the end page's "Player 1 (you): 36 points" and the tab's "King Lui · Player 1
(you)". A game now marks each player its sentences name (``cardgen.games.mention``) and each page writes them out:
"Player 2 · Bo" (the seat and who took it), the page's own player as "you" with its verb ("you pay", « vous payez »,
«tu paghi»), nobody as "you" on the designer's and the spectator's pages. The journal's own record, the log and a
table without names keep "Player 2".
"""
from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardgen.games.mention import by_seat, fill, plain, seat_no
from cardgen.play.session import Session
from cardgen.play.view import designer_view, spectator_view, table_view
from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_session import deck_of

NAMES = ("Ann", "Bo")
#: the seat word and "you" of each language, as the journal's heads and the toast's button say them
SEAT = {"en": "Player {n}", "fr": "joueur {n}", "it": "giocatore {n}"}
COMPUTER = {"en": "computer", "fr": "ordinateur", "it": "computer"}
#: the computer inside a sentence, and King Lui's chef by name (play round 30, en4, fr2, it8)
SAID = {"en": "the computer", "fr": "l’ordinateur", "it": "il computer"}
#: (play round 31 en3, fr2: "Bo (Player 2)" was a third form of one seat; a sentence names the player alone, as every
#: other journal sentence does)
NAMED_CHEF = {"en": "{who} is the chef of course {c}.", "fr": "{who} sera chef au service {c}.",
              "it": "Nella portata {c} fa da cuoco {who}."}


def named_table(game: str, lang: str, seed: int, names: bool = True) -> Session:
    """Three seats, Ann and Bo (seats 1 and 2: people who named themselves in the lobby, unless ``names`` is False)
    and the computer (seat 3), played to the end by random moves."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0, 1], lang=lang)
    for seat in (0, 1):
        session.join(seat)
        if names:
            session.claim(seat, NAMES[seat])
    rng = random.Random(seed)
    while not session.state.is_terminal() and len(session.actions) < 600:
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    return session


def journals(session: Session) -> dict[Any, list[str]]:
    """The journal's texts as each page shows them: seat 1's, seat 2's, the designer's and the spectator's; and the
    journal's own record (``plain``)."""
    return {0: [e["text"] for e in table_view(session, 0)["journal"]],
            1: [e["text"] for e in table_view(session, 1)["journal"]],
            "designer": [e["text"] for e in designer_view(session)["journal"]],
            "spectator": [e["text"] for e in spectator_view(session)["journal"]],
            "plain": [e.text for e in session.journal][-200:]}


def test_a_mark_reads_as_each_page_names_the_player() -> None:
    """The marks nest (a part said to one player may name another) and read "Player 2" once written out plainly."""
    text = "x " + by_seat(1, "Player " + seat_no(1) + " pays Player " + seat_no(2),
                          "you pay Player " + seat_no(2)) + "; Player " + seat_no(1) + "."
    called = {0: "1 · Ann", 1: "2 · Bo", 2: "3 · computer"}.__getitem__
    assert plain(text) == "x Player 2 pays Player 3; Player 2."
    assert fill(text, called, 0) == "x Player 2 · Bo pays Player 3 · computer; Player 2 · Bo."
    assert fill(text, called, 1) == "x you pay Player 3 · computer; Player 2 · Bo."
    assert fill(text, called, None) == fill(text, called, 2) == fill(text, called, 0)
    assert fill("nothing marked", called, 1) == "nothing marked"
    for typed in ("a\ue003b", "\ue000x", "\ue0021\ue003a"):  # a mark cut short, not a game's: the words as they are
        assert fill(typed, called, 1) == typed


@pytest.mark.parametrize(("lang", "chef", "you"), [
    ("en", "Player {n} is the chef of course {c}.", "You are the chef of course {c}."),
    ("fr", "Le joueur {n} sera chef au service {c}.", "Vous serez chef au service {c}."),
    ("it", "Nella portata {c} fa da cuoco il giocatore {n}.", "Nella portata {c} fai tu da cuoco.")])
def test_king_luis_chef_is_named_and_told_to_themselves(lang: str, chef: str, you: str) -> None:
    """it1, en3, fr6: "Il giocatore 2 è il cuoco della portata 2" on Marco's own page; now "Il cuoco della portata 2
    sei tu" there, "Marco (giocatore 2) è il cuoco…" on the others' (the designer's too: play round 30, en4, fr2,
    it8, where "Il giocatore 2 · Marco è…" pasted the label in as a subject), and "Il giocatore 2 è…" in the
    journal's record."""
    session = named_table("king_lui", lang, seed=7)
    said = journals(session)
    pattern = re.escape(chef).replace(r"\{n\}", r"(?P<n>\d)").replace(r"\{c\}", r"(?P<c>\d+)")
    seen = set()
    for i, record in enumerate(said["plain"]):
        found = re.search(pattern, record)
        if not found:
            continue
        seat, course = int(found.group("n")) - 1, found.group("c")
        seen.add(seat)
        # (play round 32 it2: the Italian chef's name ends the sentence, «fa da cuoco il computer»)
        who = NAMES[seat] if seat < 2 else SAID[lang] if lang == "it" else SAID[lang].capitalize()
        third = NAMED_CHEF[lang].format(who=who, n=seat + 1, c=course)
        for page in (0, 1, "designer", "spectator"):
            expected = you.format(c=course) if page == seat else third
            assert expected in said[page][i], (page, said[page][i])
            assert chef.format(n=seat + 1, c=course) not in said[page][i]  # never the bare number on a page
    assert seen == {0, 1, 2}  # each seat was chef, each page read it of itself and of the others


@pytest.mark.parametrize("lang", ["en", "it"])
def test_king_luis_chef_line_in_the_table_box_names_the_chef(lang: str) -> None:
    """en3, it1: the table box's "chef  Player 1" (« cuoco  Giocatore 3 »): now "Player 1 · Ann", and on Ann's own
    page "Player 1 · Ann (you)", as the top bar names her."""
    session = Session(deck_of("king_lui"), players=3, seed=7, people=[0, 1], lang=lang)
    for seat in (0, 1):
        session.join(seat)
        session.claim(seat, NAMES[seat])
    chef = session.state.observation(0)["chef"]
    word = {"en": "chef", "it": "cuoco"}[lang]
    own = {"en": "you", "it": "tu"}[lang]
    who = NAMES[chef] if chef < 2 else COMPUTER[lang]
    for page in (0, 1):
        facts = dict(f for a in table_view(session, page)["areas"] for f in a["facts"])
        seat_word = SEAT[lang].format(n=chef + 1)
        seat_word = seat_word[:1].upper() + seat_word[1:]
        assert facts[word] == seat_word + " · " + who + ("\u00a0(" + own + ")" if page == chef else "")
    facts = dict(f for a in spectator_view(session)["areas"] for f in a["facts"])
    assert facts[word].endswith(" · " + who)


def _draco_named(lang: str) -> list[tuple[Session, dict[Any, list[str]]]]:
    return [(session, journals(session)) for session in (named_table("draco", lang, seed) for seed in (3, 5, 8, 11))]


@pytest.mark.parametrize(("lang", "pays", "named", "you_pay", "pays_you"), [
    ("en", "Player {g} pays {what} to Player {t}", "{g} pays {what} to {t}", "you pay {what} to {t}",
     "{g} pays you {what}"),
    ("it", "il giocatore {g} paga {what} al giocatore {t}", "{g} paga {what} a {t}", "tu paghi {what} a {t}",
     "{g} ti paga {what}")])
def test_dracos_money_lines_name_each_player_and_say_you(lang: str, pays: str, named: str, you_pay: str,
                                                         pays_you: str) -> None:
    """en21, it14, fr6: "Player 2 pays 1 silver coin to Player 3" under "Player 2 · Bo (you)"; "il giocatore 1 fa 3 e
    il giocatore 2 fa 2" on Giulia's page, where she is player 1. Each player is named, and the reader is "you", the
    verb agreeing; the toast's sums say "you +4" in the journal as on its button. Play round 30 (fr23, it8): by
    the name alone ("Bo pays 1 silver coin to the computer"), not the heads' "Player 2 · Bo" pasted into the
    sentence."""
    def who(seat: int) -> str:
        return NAMES[seat] if seat < 2 else SAID[lang]

    def contracted(text: str) -> str:
        return text.replace("a il computer", "al computer")

    paid = rolled = toasted = 0
    pattern = re.escape(pays).replace(r"\{g\}", r"(?P<g>\d)").replace(r"\{t\}", r"(?P<t>\d)").replace(
        r"\{what\}", r"(?P<what>\d+ [^,;.]+?)")
    for session, said in _draco_named(lang):
        for i, record in enumerate(said["plain"]):
            for found in re.finditer(pattern + r"(?=$|[,;.\n])", record):
                g, t, what = int(found["g"]) - 1, int(found["t"]) - 1, found["what"]
                for page in (0, 1, "designer"):
                    expected = contracted(you_pay.format(what=what, t=who(t)) if page == g else
                                          pays_you.format(what=what, g=who(g)) if page == t else
                                          named.format(what=what, g=who(g), t=who(t)))
                    assert expected in said[page][i], (page, expected, said[page][i])
                paid += g < 2 or t < 2
            rolls = re.search({"en": r"Player (\d) rolls (\d) and Player (\d) rolls (\d)",
                               "it": r"il giocatore (\d) fa (\d) e il giocatore (\d) fa (\d)"}[lang], record)
            if rolls and int(rolls.group(1)) - 1 < 2:
                me, a, them, b = int(rolls.group(1)) - 1, rolls.group(2), int(rolls.group(3)) - 1, rolls.group(4)
                mine = {"en": f"you roll {a} and {who(them)} rolls {b}",
                        "it": f"tu fai {a} e {who(them)} fa {b}"}[lang]
                assert mine in said[me][i], said[me][i]
                rolled += 1
            for page in (0, 1):  # a toast's sums, seat by seat and in all: "you +4 −2 = +2", as on its button
                if re.search(SEAT[lang].format(n=page + 1) + r" [+−]\d", record):
                    assert re.search(r"\b" + {"en": "you", "it": "tu"}[lang] + r" [+−]\d", said[page][i]), said[page][i]
                    toasted += 1
        for page in (0, 1):
            # a page never names its own player by number, nor anyone by a bare number: each player by name
            for text in said[page]:
                assert SEAT[lang].format(n=page + 1) not in text, text
                assert not re.search(SEAT[lang].format(n=r"\d") + r"(?! ·|\))", text), text
        for text in said["designer"] + said["spectator"]:
            assert not re.search(r"\byou\b|\btu\b", text), text
    assert paid and rolled and toasted, (paid, rolled, toasted)


@pytest.mark.parametrize(("lang", "gift", "you_give", "gives_you"), [
    ("en", "Player {g} gives 1 silver coin to Player {t}", "you give 1 silver coin to Player {t}",
     "Player {g} gives you 1 silver coin"),
    ("fr", "le joueur {g} donne 1 pièce d’argent au joueur {t}", "vous donnez 1 pièce d’argent au joueur {t}",
     "le joueur {g} vous donne 1 pièce d’argent")])
def test_a_house_rules_gift_names_the_giver_and_the_taker(lang: str, gift: str, you_give: str, gives_you: str) -> None:
    """Charity Toast's gift, told after the toast, names the two players as the heads do, "you" on their pages."""
    session = Session(deck_of("draco-charity-toast"), players=3, seed=2, people=[0, 1], lang=lang)
    for seat in (0, 1):
        session.join(seat)
        session.claim(seat, NAMES[seat])
    rng = random.Random(2)
    while not session.state.is_terminal():
        session._apply(rng.choice(session.state.legal_actions()), session.names[session.state.current_player])
    said = journals(session)

    def who(seat: int) -> str:
        return f"{seat + 1} · " + (NAMES[seat] if seat < 2 else COMPUTER[lang])

    told = 0
    pattern = re.escape(gift).replace(r"\{g\}", r"(?P<g>\d)").replace(r"\{t\}", r"(?P<t>\d)")
    for i, record in enumerate(said["plain"]):
        for found in re.finditer(pattern, record):
            g, t = int(found["g"]) - 1, int(found["t"]) - 1
            for page in (0, 1, "designer"):
                expected = (you_give.format(t=who(t)) if page == g else gives_you.format(g=who(g)) if page == t
                            else gift.format(g=who(g), t=who(t)))
                assert expected in said[page][i], (page, expected, said[page][i])
            told += g < 2 or t < 2
    assert told >= 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_dracos_table_box_says_whose_step_and_cup_it_is(lang: str) -> None:
    """it14: "fase  il giocatore 1 gioca una carta" under "Tocca a te", "coppa  davanti al giocatore 2": the step and the
    cup now name the player as the heads do, and say "you" on their own page; the spectator, who is nobody, reads names
    and still sees the table."""
    session = next(s for s in (Session(deck_of("draco"), players=3, seed=seed, people=[0, 1], lang=lang)
                               for seed in range(1, 20)) if s.state.current_player < 2)
    for seat in (0, 1):
        session.join(seat)
        session.claim(seat, NAMES[seat])
    step = {"en": "step", "fr": "étape"}[lang]
    mover = session.state.current_player
    own = table_view(session, mover)
    other = table_view(session, 1 - mover)
    facts = {page: dict(f for a in view["areas"] for f in a["facts"]) for page, view in (("own", own), ("other", other))}
    assert facts["own"][step] == {"en": "you play a card", "fr": "vous jouez une carte"}[lang]
    assert facts["other"][step] == {"en": f"Player {mover + 1} · {NAMES[mover]} plays a card",
                                    # the heads' label, no article (play round 31, fr24)
                                    "fr": f"Joueur {mover + 1} · {NAMES[mover]} joue une carte"}[lang]
    seen = spectator_view(session)
    assert dict(f for a in seen["areas"] for f in a["facts"])[step] == facts["other"][step]
    # the cup, in front of the last player who proposed a toast
    cup = {"en": "cup", "fr": "coupe"}[lang]
    ended = next(s for s in (named_table("draco", lang, seed) for seed in range(3, 30))
                 if s.state.observation(0)["cup"] in (0, 1))
    holder = ended.state.observation(0)["cup"]
    facts = {page: dict(f for a in table_view(ended, page)["areas"] for f in a["facts"]) for page in (0, 1)}
    assert facts[holder][cup] == {"en": "in front of you", "fr": "devant vous"}[lang]
    assert facts[1 - holder][cup] == {"en": f"in front of Player {holder + 1} · {NAMES[holder]}",
                                      "fr": f"devant Joueur {holder + 1} · {NAMES[holder]}"}[lang]


def test_a_table_without_names_and_the_log_keep_the_seats_number(tmp_path: Path) -> None:
    """A table where nobody typed a name reads "Player 2" for the person, "Player 3 · computer" as the heads do, and
    "you" on one's own page; the log records moves, never words (``--resume`` reads it as before), and the journal's
    record is the same with names or without."""
    session = named_table("draco", "en", seed=5, names=False)
    said = journals(session)
    # the computer by its name inside sentences (play round 30, en4, fr23), its seat with it where the line has one
    assert any("Player 2 " in text for text in said[0]) and any("the computer" in text for text in said[0])
    assert not any("Player 1" in text for text in said[0]) and any("you " in text for text in said[0])
    assert said["plain"] == journals(named_table("draco", "en", seed=5))["plain"]
    assert not any(re.search("[\ue000-\ue0ff]", text) for page in said.values() for text in page)
    session.keep_log(tmp_path / "games.jsonl")
    line = (tmp_path / "games.jsonl").read_text(encoding="utf-8")
    assert not re.search("[\ue000-\ue0ff]", line) and "computer" not in line and "Player" not in line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_royales_end_says_who_served_all_their_nobles(lang: str) -> None:
    """The end line names the player who satisfied all their nobles as the heads do, and tells them so on their own
    page ("you satisfied all your nobles")."""
    from cardgen.games.royale.playview import end_line

    obs = {"end_draws": 0, "players": [[0, 0, [True, False], 0], [0, 0, [True, True], 0], [0, 0, [False], 0]]}
    line = end_line(deck_of("royale"), obs, lang)
    called = {0: "1 · Ann", 1: "2 · Bo", 2: "3 · computer"}.__getitem__
    assert plain(line) == {"en": "The game ended: Player 2 satisfied all their nobles.",
                           "fr": "Le joueur 2 a validé tous ses nobles\u202f: le banquet est terminé."}[lang]
    assert fill(line, called, 0) == {"en": "The game ended: Player 2 · Bo satisfied all their nobles.",
                                     "fr": "Le joueur 2 · Bo a validé tous ses nobles\u202f: le banquet est terminé."}[lang]
    assert fill(line, called, 1) == {"en": "The game ended: you satisfied all your nobles.",
                                     "fr": "Vous avez validé tous vos nobles\u202f: le banquet est terminé."}[lang]


@contextmanager
def served(session: Session) -> Iterator[str]:
    """``session`` served in this process (uvicorn on a free port): the address its keys' paths go under."""
    import socket

    import uvicorn

    from cardgen.play import server

    keys = {"ann0key": 0, "bo1key": 1, "designerkey": server.DESIGNER}
    app = server.build_app(session, None, Path("/dev/null"), pictures={}, keys=keys)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    runner = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not runner.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        runner.should_exit = True
        thread.join(10)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
@pytest.mark.parametrize(("game", "lang", "title"), [("king_lui", "en", "King Lui"), ("draco", "it", "Draco & Co")])
def test_the_end_page_and_the_tab_name_the_player_as_the_top_bar_does(game: str, lang: str, title: str) -> None:
    """en3, en16, fr6: "Player 1 (you): 36 points" and "Player 1 (you):" over the score's lines, and the tab's "King
    Lui · Player 1 (you)", where the top bar says "Player 1 · Ann (you)"; the designer's "Player 1 · Ann: 36
    points"."""
    session = named_table(game, lang, seed=7)
    scores = session.state.outcome().scores
    result = table_view(session, 0)["result"]
    # Draco's fortune as its worth in silver (play round 31, en22), other games' score and unit
    said = result["counted"][0] if "counted" in result else f"{scores[0]:g} {result['units'][0]}"
    said = said.replace("\u00a0", " ")  # (play round 34 fr16: a no-break space keeps the number with its unit)
    seat_word = SEAT[lang].format(n=1)
    seat_word = seat_word[:1].upper() + seat_word[1:]
    own = {"en": "you", "it": "tu"}[lang]
    with served(session) as address:
        with chromium_page(address + "ann0key/", 1280, 800) as page:
            page.wait_for_function("() => typeof view !== 'undefined' && view && view.result", timeout=30_000)
            assert page.title() == f"{title} · {seat_word} · Ann ({own})"
            lines = page.eval_on_selector_all("#result ul.scores li",
                                              "(els) => els.map((e) => e.textContent.replace(/\\u00a0/g, ' '))")
            assert lines[0].replace("\u00a0", " ").startswith(f"{seat_word} · Ann ({own}): {said}"), lines
            assert lines[1].startswith(f"{SEAT[lang].format(n=2)[:1].upper()}{SEAT[lang].format(n=2)[1:]} · Bo: "), lines
            heads = page.eval_on_selector_all("#result .score-detail b",
                                              "(els) => els.map((e) => e.textContent.replace(/\\u00a0/g, ' '))")
            assert game != "king_lui" or heads[0] == f"{seat_word} · Ann ({own}):", heads
        with chromium_page(address + "designerkey/", 1280, 800) as page:
            page.wait_for_function("() => typeof view !== 'undefined' && view && view.result", timeout=30_000)
            lines = page.eval_on_selector_all("#result ul.scores li",
                                              "(els) => els.map((e) => e.textContent.replace(/\\u00a0/g, ' '))")
            assert lines[0].replace("\u00a0", " ").startswith(f"{seat_word} · Ann: {said}"), lines
