"""The play page's twenty-sixth reading (#53), Draco & Co: a toast told seat by seat, and its button saying what it
would pay.

Every toast line netted the amounts per player ("Player 2 receives 2 silver coins" hid +4 and −2; Brother John,
Zork, Aunt Sarah never named: en24, it24); once the bank was empty, "the bank is empty, so nobody is paid" while the
last seats, which the Draco card says pay, seemed to pay nothing too (en25, fr28, it18: by this edition's rulings a
player's gains and losses cancel first, and an empty bank pays only what it collects); the toast button said
nothing of what the toast would pay (it19). Each statement is checked against the engine's purses after the toast.
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardgen.play.session import Session
from tests.test_play_round25_draco import _game as game25
from tests.test_play_session import deck_of

#: a player's sums in a toast line: "Player 2 +4 −2 = +2", "you −1"
#: (a player and their amounts held together by a no-break space since play round 31, en25, fr23)
SUM = re.compile(r"(Player (\d)|you)[ \u00a0]((?:[+−]\d+\u00a0?)+)(?:=\u00a0([+−]?\d+))?")


def _game(seed: int, lang: str = "en") -> list[tuple[Any, str, dict[str, Any], dict[str, Any], str]]:
    """A whole seeded game of Draco, three people (round 25's, ``tests/test_play_round25_draco._game``): per move
    (action, the button, the mover's observations before and after, the journal's text)."""
    return [(action, button, before, after, text) for action, button, before, after, _, text in game25(lang, seed)]


def _sums(text: str, me: int | None = None) -> dict[int, tuple[int, int]]:
    """Each player's (received, paid) as a toast's sums say them."""
    out = {}
    for m in SUM.finditer(text):
        p = me if m.group(1) == "you" else int(m.group(2)) - 1
        parts = m.group(3).split()
        got = sum(int(x[1:]) for x in parts if x[0] == "+")
        paid = sum(int(x[1:]) for x in parts if x[0] == "−")
        if m.group(4) is not None:
            assert int(m.group(4).replace("−", "-")) == got - paid, text
        out[p] = (got, paid)
    return out


def _toasts(seeds: range) -> list[tuple[Any, str, dict[str, Any], dict[str, Any], list[str]]]:
    """Every toast of the seeded games (proposed, or the final one a move forced), its journal lines from the
    toaster's; not a final toast forced by a card that moved money first (the purses the toast found are in no
    observation: that line keeps the purses' changes in all)."""
    found = []
    for seed in seeds:
        for action, button, before, after, text in _game(seed):
            lines = text.split("\n")
            at = next((i for i, line in enumerate(lines) if "toast to Draco" in line), None)
            money = action[0] == "play" and action[1] in ("shakedown", "game-of-dice", "shower-of-coins")
            if at is not None and (action[0] == "toast" or after["phase"] == "over" and not money):
                found.append((action, button, before, after, lines[at:]))
    return found


def test_a_toast_names_every_seat_it_pays_and_the_sums_are_what_the_purses_did() -> None:
    """Each seat's amounts add up to the player's sums; the sums are the purses' changes, or, where a ruling kept
    them from being paid, "paid:" says what the purses did and a line says the rulings; the last seats, which the
    Draco card says pay, are named whenever a ruffian sits there (en25)."""
    short = even = 0
    for action, _, before, after, lines in _toasts(range(3, 7)):
        head, seats = lines[0], lines[1]
        due, _, paid_said = head.partition(". Paid: ")  # round 27 (en17): "… to Draco. Due: …. Paid: …."
        said = _sums(due.split(" (silver coins)")[0])
        by_seat: dict[int, list[int]] = {}
        for item in seats.split("; "):  # seats apart by semicolons (play round 30: en17, fr21, it23)
            tied = re.search(r"((?:Player \d(?:, | and )?)+) −(\d+) each for ", item)  # Zork's share, the richest tied
            for q in re.findall(r"Player (\d)", tied.group(1)) if tied else ():
                by_seat.setdefault(int(q) - 1, [0, 0])[1] += int(tied.group(2))
            for m in SUM.finditer("" if tied else item):
                p = int(m.group(2)) - 1
                for x in m.group(3).split():
                    by_seat.setdefault(p, [0, 0])[x[0] == "−"] += int(x[1:])
            for sign, n in re.findall(r", ([+−])(\d+) (?:passed on by|for) ", item):  # "Player 3 +2, +3 passed on by
                by_seat[int(re.findall(r"Player (\d)", item)[0]) - 1][sign == "−"] += int(n)  # Brother John"
        assert {p: tuple(v) for p, v in by_seat.items()} == said, lines
        moved = {p: a - b for p, (b, a) in enumerate(zip(before["money"], after["money"])) if a != b}
        if paid_said:
            assert " Due: " in due and ": Due" not in due, head
            paid = {} if paid_said.startswith("nothing") else {
                int(m.group(1)) - 1: int(m.group(2).replace("−", "-")) for m in re.finditer(r"Player (\d)[ \u00a0]([+−]\d+)",
                                                                                           paid_said)}
            assert paid == moved, lines
            # an empty bank's rulings are said by the bank's box, not after every toast (round 27: en16, fr21, it20)
            # (play round 34 it18*, fr14: where it still pays, the empty bank passes on what it takes in)
            empty = paid_said.endswith((" (the bank is empty).",  # round 35 en17
                                        " (the bank is empty: it pays only what it collects, first seats first)."))
            unpaid = any(moved.get(p, 0) < g - q for p, (g, q) in said.items() if g > q)  # the bank paid less
            broke = any(before["money"][p] + moved.get(p, 0) == 0 and g < q for p, (g, q) in said.items())
            # one ruling, or several (round 28, en24)
            ruled = lines[2].startswith(("By this edition’s rulings: ", "By this edition’s ruling, ")) if len(lines) > 2 \
                else False
            assert ruled == (not empty or broke), \
                lines
            assert not empty or "bank" not in "".join(lines[2:]), lines
            short += 1
            if unpaid and not empty and any(g and q for g, q in said.values()):  # two sums cancel first: said
                assert "only the net amount changes hands" in lines[2], lines  # round 36 en11
                even += 1
        else:
            assert moved == {p: g - q for p, (g, q) in said.items() if g != q}, lines
        circle, owner = after["circle"], after["info"]["owner"]
        for i, cost in enumerate(after["info"]["costs"]):
            c = circle[len(circle) - 1 - i]
            if owner.get(c, -1) >= 0:
                assert f"seat {len(circle) - i}: Player {owner[c] + 1} −{cost}" in seats, lines
    assert short and even  # the seeds' games run the bank dry, and a player's two sums cancel there


def test_the_toast_button_says_what_the_journal_then_says_was_due() -> None:
    """The button before the toast gives each player's sums as the journal gives them after it; "you" for the
    toaster (it19); an empty bank said."""
    checked = empty = 0
    for action, button, before, after, lines in _toasts(range(3, 6)):
        if action[0] != "toast":
            continue
        due = lines[0].partition(". Paid: ")[0].split(" (silver coins)")[0]
        assert _sums(button.split(" (silver coins)")[0], me=before["player"]) == _sums(due), (button, lines)
        assert f"Player {before['player'] + 1} " not in button, button
        if "Paid: nothing (the bank is empty)." in lines[0]:
            assert button.endswith("; the bank is empty"), button
            empty += 1
        checked += 1
    assert checked and empty


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_toast_is_told_the_same_way_in_french_and_italian(lang: str) -> None:
    """The seat line and the rulings in the book's words: « place 9 : joueur 1 −2 », «posto 9: giocatore 1 −2»;
    the rulings as this edition's."""
    seat = {"fr": "Place 1\u202f: ", "it": "Posto 1: "}[lang]
    ruling = {"fr": ("Choix de cette édition\u202f: ",), "it": ("Scelte di questa edizione: ",
                                                               "Scelta di questa edizione: ")}[lang]
    lines = [text.split("\n") for action, _, _, _, text in _game(3, lang) if action[0] == "toast"]
    assert lines and all(toast[1].startswith(seat) for toast in lines)
    assert any(len(toast) == 3 and toast[2].startswith(ruling) for toast in lines)


# "finished": "rounds: 10" said neither played nor finished, beside King Lui's "courses finished" (round 27, en23);
# the count goes up as the turn comes back to the first player
@pytest.mark.parametrize(("lang", "plural", "book"), [("fr", "tours de table terminés", "tour de table"),
                                                      ("it", "giri conclusi", "giro"), ("en", "rounds finished", "round")])
def test_the_header_counts_draco_s_rounds_in_its_book_s_word(lang: str, plural: str, book: str) -> None:
    """« manches : 28 » in the French status line: a word in neither the Draco book nor the published rules (fr29);
    the book's round is « tour de table », «giro»."""
    from pathlib import Path

    from cardgen.play.view import page_words
    from cardgen.simulate.runner import DeckRef, load_project_deck

    root = Path(__file__).resolve().parents[1]
    rounds = page_words(load_project_deck(DeckRef(str(root), "draco", "")), lang)["rounds"]
    po = (root / f"cardgen/rulebook/locale/{lang}/LC_MESSAGES/draco.po").read_text(encoding="utf-8")
    assert rounds == plural and book in po, rounds


def test_a_card_the_circle_stops_says_so_and_a_card_that_moves_nobody_says_that() -> None:
    """To and Fro from seat 3 "moves forward 4 seats" was untrue: the first seat stops it (en28); The Splits with
    its ruffians already in the first and last seats stopped mid-sentence, "plays The Splits: Yellow Ruffian
    (seat 1)" (en27), and Rumours on the last seat read "stays at seat 9" as if a result (en35); Rumours from seat 8
    "moves back 2 seats, to seat 9"."""
    seen = set()
    for seed in (3, 4, 5):
        for action, button, before, after, text in _game(seed):
            if action[0] != "play" or action[1] not in ("to-and-fro", "the-splits", "rumours", "bow-and-scrape"):
                continue
            start, end, line = before["circle"], after["circle"], text.split("\n")[0]
            n = start.index(action[2]) + 1
            if action[1] == "to-and-fro":
                for said in (button, line):
                    assert ("moves forward 4 seats" in said) == (n > 4), said
                    # each ruffian in a clause of its own (play round 30, en19)
                    assert ("is already in the first seat and stays there" in said) == (n == 1), said
                seen.add("short" if n <= 4 else "full")
            elif start == end:
                for said in (button, line):
                    assert said.endswith(("does not move", "so nobody moves")), said
                seen.add(action[1])
            elif action[1] in ("rumours", "bow-and-scrape"):  # 2 seats, or only 1 where the end of the row is near
                moved = abs(end.index(action[2]) + 1 - n)
                for said in (button, line):
                    assert (f"only {moved} seat" in said) == (moved < 2) and ("2 seats" in said) == (moved == 2), said
                seen.add("only" if moved < 2 else "two")
    assert {"short", "full", "the-splits", "rumours", "only", "two"} <= seen


def test_the_step_under_the_table_names_whose_it_is_and_ends_with_the_game() -> None:
    """"now / play a card" on Ann's phone while Bo played read as an order to Ann, and "now / game over" said the
    end twice (en29): the step names the player whose it is, alike on every page (the spectator's too)."""
    from cardgen.play.view import spectator_view, table_view

    session = Session(deck_of("draco"), players=3, seed=4, people=[0, 1, 2], lang="en")
    for seat in range(3):
        session.join(seat)
    rng, seen = random.Random(4), set()
    while True:
        pages = [table_view(session, seat) for seat in range(3)] + [spectator_view(session)]
        steps = [dict(next(a for a in page["areas"] if a.get("ring"))["facts"]).get("step") for page in pages]
        if session.state.is_terminal():
            assert steps == [None] * 4, steps
            # why it ended, in the book's words for the pile (« pour de bon » is not: fr36)
            # and that the game is over, and who wins (round 27, it27)
            assert pages[0]["result"]["end_text"] == ("The draw pile has run out and is not rebuilt again (this "
                                                      "edition’s ruling): the final toast was drunk, and the game "
                                                      "is over. The richest player wins; if several tie for the most "
                                                      "money, they all drop out and the richest of the others wins."), \
                pages[0]["result"]
            break
        phase = session.state.observation(0)["phase"]
        if phase in ("play", "move", "toast"):
            verb = {"play": "plays a card", "move": "moves a character", "toast": "may propose a toast"}[phase]
            # the mover's own page says it to them, "you play a card" (#53 round 29, it14)
            mover = session.state.current_player
            own = {"play": "you play a card", "move": "you move a character", "toast": "you may propose a toast"}[phase]
            assert steps == [own if seat == mover else f"Player {mover + 1} {verb}" for seat in range(3)] + [
                f"Player {mover + 1} {verb}"], steps
            seen.add(phase)
        mover = session.state.current_player
        session.play(list(rng.choice(session.state.legal_actions())), mover, turn=len(session.actions))
    assert seen == {"play", "move", "toast"}


def test_a_shower_of_coins_that_pays_nobody_says_why() -> None:
    """"plays Shower of Coins" alone read as a card that did nothing (en31, fr33): with coins in the bank and no
    purse changed, every roll showed a special character's seat, and the journal says so; never otherwise."""
    from cardgen.games.draco.bank import bank_holds

    deck, said = deck_of("draco"), 0
    for seed in (3, 4, 5, 6):
        for action, _, before, after, text in _game(seed):
            if action[0] != "play" or action[1] != "shower-of-coins" or after["phase"] == "over":
                continue
            specials = "every roll showed a special character’s seat" in text
            assert specials == (before["money"] == after["money"] and bank_holds(deck, before["money"]) > 0), text
            said += specials
    assert said


def test_a_house_rule_that_moves_money_at_a_toast_keeps_the_purses_as_they_end() -> None:
    """Charity Toast's gift moves a coin before the bank pays and may change who is the richest: the toast's sums
    and rulings would then say the bank ran out where the gift made the difference. Under a house rule the line
    keeps the purses as they end, the rule's move said after it."""
    session = Session(deck_of("draco-charity-toast"), players=3, seed=3, people=[0, 1, 2], lang="en")
    for seat in range(3):
        session.join(seat)
    rng, toasts = random.Random(3), 0
    while not session.state.is_terminal() and toasts < 6:
        mover = session.state.current_player
        action = rng.choice(session.state.legal_actions())
        text = session.play(list(action), mover, turn=len(session.actions)).text
        if action[0] == "toast":
            assert "due:" not in text and "rulings" not in text and "\n" not in text, text
            toasts += 1
    assert toasts
