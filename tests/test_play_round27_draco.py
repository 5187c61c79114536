"""The play page's twenty-seventh reading (#53), Draco & Co: a toast's seat line held to the engine's money.

"seat 8: Aunt Sarah pays nothing · seat 9: Brother John, paid for by the seat before" told the table that someone paid
for Brother John when, Aunt Sarah sitting just before him, nobody did (en15): the walk said "paid for" wherever a
seat answered, whoever sat there. Each paying seat's words are checked here against the engine's own toast
(``table.add_toast``): a seat whose cost the engine charges to nobody must say that nobody pays, and the other way
round; on random seatings and on every toast of random games.
"""
from __future__ import annotations

import re

import random
from typing import Any

import pytest

from cardgen.games.draco.table import add_toast, fullest_purses
from cardgen.play.session import Session
from tests.test_play_round26_draco import _toasts
from tests.test_play_session import deck_of

#: the words a paying seat says when nobody pays its cost (Aunt Sarah's, Brother John's when she sits before him,
#: Zork's when the richest are tied under a "none pays" ruling)
#: play round 30 (en21, it29): "paid for by nobody", «per cui non paga nessuno»
NOBODY = {"en": ("pays nothing", "nobody pays", "costs nothing", "paid for by nobody"),
          "fr": ("ne paie rien", "personne ne paie", "ne coûte rien"),
          "it": ("non paga nulla", "nessuno paga", "non costa nulla", "non paga nessuno")}
SEAT = {"en": "seat {s}: ", "fr": "place {s}\u202f: ", "it": "posto {s}: "}


def _charged(obs: dict[str, Any], resolved: Any) -> list[bool]:
    """Per paying seat (the last first), whether the engine's toast charges anyone for it: the purses' changes with
    that seat's cost and without it differ."""
    info = obs["info"]
    special = [0] * len(obs["circle"])
    owner = [-1] * len(obs["circle"])
    for cid, code in zip(obs["circle"], obs["seats"]):
        special[code], owner[code] = int(info["special"][cid]), int(info["owner"][cid])
    richest = fullest_purses(list(obs["money"]))
    rule = resolved.model.clarifications.get("richest_tie")
    if len(richest) > 1 and rule is not None and rule.resolution == "none_pays":
        richest = []
    costs = list(info["costs"])

    def paid(costs_now: list[int]) -> list[int]:
        d = [0] * len(obs["money"])
        add_toast(d, list(obs["seats"]), owner, special, list(info["payouts"]), costs_now,
                  int(info["zork_multiplier"]), richest)
        return d

    full = paid(costs)
    return [paid(costs[:i] + [0] + costs[i + 1:]) != full for i in range(len(costs))]


def _seat_said(line: str, seat: int, lang: str) -> str:
    """What the toast's seat line says at ``seat`` (1-based), "" when nothing."""
    for item in re.split("\u202f?; ", line):  # seats apart by semicolons (play round 30: en17, fr21, it23)
        head = SEAT[lang].format(s=seat)
        if item.lower().startswith(head):
            return item[len(head):]
    return ""


def _check(line: str, obs: dict[str, Any], resolved: Any, lang: str) -> set[str]:
    """Each paying seat's words against the engine: "nobody pays" exactly where the engine charges nobody; what was
    checked (``jean_paid``, ``jean_unpaid``: Brother John's seat paid for, or by nobody)."""
    seen = set()
    k = len(obs["circle"])
    for i, charged in enumerate(_charged(obs, resolved)):
        said = _seat_said(line, k - i, lang)
        if charged and obs["info"]["special"][obs["circle"][k - 1 - i]] == 2 and not said:
            # play round 36 it11*: Brother John's cost is said once, at the seat that pays it, "−2 for Brother John
            # (seat 9)"; his own seat no longer says it again
            assert not said and f"({SEAT[lang].split(' ')[0]} {k - i})" in _seat_said(line, k - i - 1, lang), line
            seen.add("jean_paid")
            continue
        assert said, (k - i, line)
        assert (not any(w in said for w in NOBODY[lang])) == charged, (k - i, line)
        if obs["info"]["special"][obs["circle"][k - 1 - i]] == 2:  # Brother John
            seen.add("jean_paid" if charged else "jean_unpaid")
    return seen


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_paying_seat_says_who_pays_as_the_engine_charges_it(lang: str) -> None:
    """Random seatings of a real table: Brother John in a paying seat with a ruffian, Zork or Aunt Sarah just before
    him; "paid for by the seat before" only where the engine charges someone (en15)."""
    from cardgen.games.draco.text import _seats_said, _walk

    session = Session(deck_of("draco"), players=3, seed=3, people=[0, 1, 2], lang=lang)
    obs, resolved = session.state.observation(0), session.deck
    rng, seen = random.Random(27), set()
    circle = list(zip(obs["circle"], obs["seats"]))
    for _ in range(300):
        rng.shuffle(circle)
        table = {**obs, "circle": [c for c, _ in circle], "seats": [s for _, s in circle],
                 "money": [rng.randint(0, 9) for _ in obs["money"]]}
        line = _seats_said(resolved, table, _walk(resolved, table), lang)
        seen |= _check(line[:1].lower() + line[1:], table, resolved, lang)
    assert seen == {"jean_paid", "jean_unpaid"}


def test_every_toast_of_random_games_says_who_pays_as_the_engine_charged_it() -> None:
    """Every toast of four seeded games, its seat line as the journal prints it, held to the engine's toast at the
    purses the toast found."""
    session = Session(deck_of("draco"), players=3, seed=3, people=[0, 1, 2], lang="en")
    checked = 0
    for action, _, before, after, lines in _toasts(range(3, 7)):
        if action[0] != "toast":
            continue
        _check(lines[1][:1].lower() + lines[1][1:], {**before, "circle": after["circle"], "seats": after["seats"]},
               session.deck, "en")
        checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_empty_bank_says_its_rulings_in_its_box_and_only_then(lang: str) -> None:
    """The empty bank's rulings, once in the bank's box while it is empty, not after every toast (en16, fr21, it20):
    said with the box's 0, never while the bank holds coins (the rulebook prints it: "bank_short")."""
    from cardgen.games.draco.playview import play_table

    session = Session(deck_of("draco"), players=3, seed=3, people=[0, 1, 2], lang=lang)
    obs = session.state.observation(0)
    # (play round 36 it13: «nell’ordine dei posti», the short bank's words, for the one payment order)
    ruling = {"en": "first seats first", "fr": "dans l’ordre des places", "it": "nell’ordine dei posti"}[lang]
    for money, empty in (([3, 3, 3], False), ([30, 30, 35], True), ([30, 30, 34], False)):
        areas = play_table(session.deck, {**obs, "money": money}, lang)["areas"]
        piles = areas[-1]["facts"]
        notes = [value for area in areas for _, value in area.get("facts", []) if ruling in value]
        assert len(notes) == int(empty), piles
        # (the label as play round 31 en22 worded it: the bank's worth in silver coins)
        assert (dict(piles).get({"en": "bank (worth in silver coins)", "fr": "banque (valeur en pièces d’argent)",
                                 "it": "banca (valore in monete d’argento)"}[lang]) == "0") == empty, piles


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_round_on_the_house_says_where_the_cup_goes(lang: str) -> None:
    """"plays Round on the House" and nothing more read as a card with no effect (it22): the journal says the cup
    goes back to the middle, or was there already, as the observation's cup says."""
    from tests.test_play_journal_done import played

    back = {"en": "the cup goes back to the middle of the table", "fr": "la coupe revient au centre de la table",
            "it": "la coppa torna al centro del tavolo"}[lang]
    already = {"en": "the cup was already in the middle", "fr": "la coupe était déjà au centre",
               "it": "la coppa era già al centro"}[lang]
    seen = set()
    for seed in (3, 4):
        for action, _, before, after, text in played("draco", lang, seed=seed):
            if action[0] != "play" or not str(action[1]).startswith("round-on-the-house"):
                continue
            assert after["cup"] == -1, after
            assert (back in text) == (before["cup"] >= 0) and (already in text) == (before["cup"] < 0), text
            seen.add(before["cup"] >= 0)
    assert True in seen


def test_a_card_whose_name_ends_with_an_exclamation_mark_takes_no_colon() -> None:
    """"plays Budge Up!: Red Ruffian … swap seats" put a colon after the exclamation mark (en21); the dash that
    followed read as an aside beside every other card's colon (round 28, en26, fr23): the name quoted, then the colon,
    on the button and in the journal."""
    from tests.test_play_journal_done import played

    said = [text for action, _, _, _, text in played("draco", "en", seed=3)
            if action[0] == "play" and str(action[1]).startswith("budge-up")]
    assert said and all("“Budge Up!”: " in text and "!:" not in text and "—" not in text for text in said), said
    buttons = [button for action, button, _, _, _ in played("draco", "fr", seed=3)
               if action[0] == "play" and str(action[1]).startswith("budge-up")]
    assert buttons and all(b.startswith("Jouer «\u202fPousse-toi\u202f!\u202f»\u202f: ") for b in buttons), buttons


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_game_of_dice_and_shower_of_coins_tell_their_rolls(lang: str) -> None:
    """Game of Dice said "Player 1 rolls higher" and Shower of Coins only whom it paid (play round 27, en24, fr25,
    it21, it22): the journal tells the rolls every seat saw, the mover's first, and they agree with the money that
    moved: the higher roll takes the coin from a player who has one, a tie moves nothing; each roll of a Shower of
    Coins names a seat, and only the owners of the characters there receive."""
    import re

    from tests.test_play_journal_done import played

    duel = {"en": r"Player (\d) rolls (\d) and Player (\d) rolls (\d)",
            "fr": r"le joueur (\d) fait (\d) et le joueur (\d) fait (\d)",
            "it": r"il giocatore (\d) fa (\d) e il giocatore (\d) fa (\d)"}[lang]
    shows = {"en": "the die shows ", "fr": "le dé donne ", "it": "il dado dà "}[lang]
    then = {"en": ", then ", "fr": ", puis ", "it": ", poi "}[lang]
    seen = set()
    for seed in (3, 4, 5, 6):
        for action, _, before, after, text in played("draco", lang, seed=seed):
            if action[0] != "play" or after.get("phase") == "over":
                continue
            card = str(action[1])
            if card.startswith("game-of-dice"):
                me, a, them, b = (int(x) for x in re.search(duel, text).groups())
                assert (me - 1, them - 1) == (before["current"], action[2]) and [a, b] == after["rolls"], text
                mine = after["money"][me - 1] - before["money"][me - 1]
                if a == b or before["money"][(them if a > b else me) - 1] == 0:
                    assert mine == 0, text
                else:
                    assert (mine > 0) == (a > b) and mine != 0, text
                seen.add("duel")
            elif card.startswith("shower-of-coins"):
                told = text.split(shows, 1)[1].split(";")[0].split(" ·")[0].rstrip(".")
                # each roll with the character it named (round 28, fr27): "4 (Zork), then 2 (Yellow Ruffian)"
                rolls = [int(r.split(" (")[0]) for r in told.split(then)]
                assert all(r.strip().endswith(")") for r in told.split(then)), text
                assert rolls == after["rolls"], text
                owner = before["info"]["owner"]
                named = {owner.get(before["circle"][r - 1]) for r in rolls if r - 1 < len(before["circle"])} - {None, -1}
                gained = {p for p, (x, y) in enumerate(zip(before["money"], after["money"])) if y > x}
                assert gained <= named, text
                seen.add("coins")
    assert seen == {"duel", "coins"}
