"""The play page's twenty-fifth reading (#53), Draco & Co: the money and the moves read true.

Once the bank was empty, toasts and Shower of Coins named nobody and the page never showed the bank (en27, fr31,
it22); the final toast was tacked onto a card's line with no toaster, no payments, no reason (en30, en31, fr32,
it23); a To and Fro's net seats ("seat 8 to seat 3") read as a forward 5 and the buttons' "(now at seat 6)" as a
destination (en28, en34, it24-26); Game of Dice said nothing of its outcome (en32, it22). Each statement is checked
against the engine's own state (its bank, its seats) after the move.
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardgen.play.session import Session
from cardgen.play.view import table_view
from tests.test_play_said import deck_of

LANGS = ("en", "fr", "it")
#: the journal's words for an empty bank, per language (cardgen/games/draco/text.json)
#: (play round 36 fr17, it13: the toasts' "is empty", one wording per state of the bank)
EMPTY = {"en": "the bank is empty, so nobody is paid", "fr": "la banque est vide, donc personne n’est payé",
         "it": "la banca è vuota, quindi nessuno viene pagato"}
EMPTIED = {"en": "the bank pays what it can and is now empty", "fr": "la banque paie ce qu’elle peut et se retrouve vide",
           "it": "la banca paga quello che può e ora è vuota"}
#: (play round 31 en22: the bank's coins said as their worth in silver, the unit they are counted in)
BANK = {"en": "bank (worth in silver coins)", "fr": "banque (valeur en pièces d’argent)",
        "it": "banca (valore in monete d’argento)"}


def _game(lang: str, seed: int = 3) -> list[tuple[Any, str, dict[str, Any], dict[str, Any], int, str]]:
    """A whole seeded game of Draco in ``lang``, three people: per move (action, the button, the mover's
    observations before and after, the engine's bank after, the journal's text)."""
    session = Session(deck_of("draco"), players=3, seed=seed, people=[0, 1, 2], lang=lang)
    for seat in range(3):
        session.join(seat)
    rng, moves = random.Random(seed), []
    while not session.state.is_terminal():
        mover = session.state.current_player
        before = session.state.observation(mover)
        action = rng.choice(session.state.legal_actions())
        button = session.describe(action, mover)
        entry = session.play(list(action), mover, turn=len(session.actions))
        moves.append((action, button, before, session.state.observation(mover), session.state.bank, entry.text))
        if len(moves) % 40 == 0 or session.state.is_terminal():  # the page's bank: the engine's
            facts = dict(next(a for a in table_view(session, 0)["areas"] if a["title"] != "" and any(
                k == BANK[lang] for k, _ in a["facts"]))["facts"])
            assert facts[BANK[lang]] == str(session.state.bank)
    return moves


@pytest.mark.parametrize("lang", LANGS)
def test_a_toast_that_pays_nobody_says_the_bank_is_empty_as_the_engine_has_it(lang: str) -> None:
    said = 0
    for action, _, before, after, bank, text in [move for seed in (3, 4, 5, 6) for move in _game(lang, seed)]:
        got = any(a > b for b, a in zip(before["money"], after["money"]))
        if action[0] == "toast" or after["phase"] == "over":
            continue  # a toast is told seat by seat, with the rulings of an empty bank (tests/test_play_round26_draco)
        pays = len(action) > 1 and action[1] == "shower-of-coins"
        if pays and bank == 0:
            assert (EMPTIED[lang] if got else EMPTY[lang]) in text, text
            said += 1
        else:
            assert EMPTY[lang] not in text and EMPTIED[lang] not in text, (bank, text)
    assert said  # the seed's game empties the bank before a Shower of Coins


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_toast_is_a_line_of_its_own_with_its_reason_and_the_end(lang: str) -> None:
    action, _, _, after, _, text = _game(lang)[-1]
    assert after["phase"] == "over" and after["last_call"]
    # round 35 fr16*, it16*: the reason is the line above it (the pile run out for good), not said again (pin updated)
    toast = {"en": "proposes the final toast to Draco", "fr": "porte l’ultime toast à Draco",
             "it": "propone l’ultimo brindisi a Draco"}[lang]
    # after a toast whose dues and payments are two sentences, its own sentence (round 27, en17)
    end = {"en": ("; the game ends", ". The game ends."), "fr": ("\u202f; la partie est finie", ". La partie est finie."),
           "it": ("; la partita finisce", ". La partita finisce.")}[lang]
    lines = text.split("\n")  # the toast's own line, then its seats and rulings (tests/test_play_round26_draco)
    at = next(i for i, line in enumerate(lines) if line.startswith(toast))
    # the end is the journal's next line, the game's own reason (``result["end_text"]``): "… (la banca era vuota). La
    # partita finisce." said it twice in a row (round 28, it22)
    assert not lines[at].endswith(end), text
    assert at == (0 if action[0] == "toast" else 1)  # a card's play that forced it: the card's line above


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_that_moves_characters_says_its_move_and_where_each_ends(lang: str) -> None:
    seat = {"en": r"\(seat (\d)\)", "fr": r"\(place (\d)\)", "it": r"\(posto (\d)\)"}[lang]
    ends = {"en": r"they end in seats (\d) and (\d)", "fr": r"finissent aux places (\d) et (\d)",
            "it": r"finiscono ai posti (\d) e (\d)"}[lang]
    to = {"en": r", to seat (\d)", "fr": r", jusqu’à la place (\d)", "it": r", fino al posto (\d)"}[lang]
    checked = set()
    for action, button, before, after, _, text in _game(lang):
        if action[0] != "play" or action[1] not in ("to-and-fro", "bow-and-scrape", "rumours"):
            continue
        start, end = before["circle"], after["circle"]
        if action[1] != "to-and-fro" and end.index(action[2]) == start.index(action[2]):
            continue  # already at the end it moves towards: "stays at seat 1"
        for said in (button, text):  # the button before the move says what the journal says after it
            assert "→" not in said and "now at" not in said and "actuellement" not in said, said
            assert int(re.findall(seat, said)[0]) == start.index(action[2]) + 1, said
        if action[1] == "to-and-fro":
            other = next(c for c in start if c != action[2] and before["info"]["owner"].get(c, -1)
                         == before["info"]["owner"][action[2]])
            for said in (button, text):
                assert [int(n) for n in re.findall(ends, said)[0]] == [end.index(action[2]) + 1,
                                                                      end.index(other) + 1], said
        elif end.index(action[2]) != start.index(action[2]):
            for said in (button, text):
                assert int(re.findall(to, said)[0]) == end.index(action[2]) + 1, said
        checked.add(action[1])
    assert checked == {"to-and-fro", "bow-and-scrape", "rumours"}


@pytest.mark.parametrize("lang", LANGS)
def test_game_of_dice_says_its_outcome(lang: str) -> None:
    tie = {"en": "a tie, so nothing happens", "fr": "égalité, il ne se passe rien", "it": "parità, non succede nulla"}
    # the winner by the rolls the journal now tells, the mover's first (play round 27, en24, fr25, it21)
    won = {"en": r"Player {n} rolls (\d)", "fr": r"le joueur {n} fait (\d)", "it": r"il giocatore {n} fa (\d)"}
    seen = set()
    for action, _, before, after, _, text in _game(lang):
        if action[0] != "play" or action[1] != "game-of-dice" or after["phase"] == "over":
            continue
        gained = [p for p, (b, a) in enumerate(zip(before["money"], after["money"])) if a > b]
        if gained:
            lost = next(p for p in (action[2], before["player"]) if p != gained[0])
            higher = re.search(won[lang].format(n=gained[0] + 1), text)
            lower = re.search(won[lang].format(n=lost + 1), text)
            assert higher and lower and int(higher[1]) > int(lower[1]), text
            seen.add("won")
        elif before["money"][action[2]] > 0 and before["money"][before["player"]] > 0:
            assert tie[lang] in text, text
            seen.add("tie")
    assert "won" in seen


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_the_circle_cut_short_says_why(lang: str) -> None:
    """Favour's die said 4 and the character moved 1: never past the first seat, said (fr41)."""
    # "nobody": "it" of Zork, "il" of Aunt Sarah (round 27, en25)
    # and what the die said (round 28, en27), said once, in the card's line ("plays Favour: the die shows 5"): the
    # move's "the die showed 5, but…" gave it a second time in another tense (play round 31, en19*)
    # one clause for one rule, as To and Fro's (play round 35 en19, fr19: pin updated)
    first = {"en": "nobody can go past the first seat", "fr": "sans pouvoir dépasser la première place",
             "it": "non può andare oltre il primo posto"}[lang]
    short = 0
    for action, _, before, after, _, text in _game(lang):
        if action[0] != "move":
            continue
        moved = before["circle"].index(action[1]) - after["circle"].index(action[1])
        if moved < abs(before["roll_delta"]):
            assert first in text, text
            short += 1
        else:
            assert first not in text, text
    assert short
