"""Tenth reading fr22: validate called Draco's shortage "the bank runs short of silver coins" while its own
maximums showed the players holding every coin of the game. What the engine's ``bank_short`` case means is
worked out here from the box's figures, and the words say that: the bank runs out of coins, gold and silver.
"""
from __future__ import annotations

import random

import pytest

from cardgen.games.draco.engine import DracoGame
from cardgen.games.draco.table import coins_held
from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming
from cardgen.simulate.verdict import tally_name

DECKS = ("draco", "draco-short", "draco-long", "draco-no-zork", "draco-charity-toast")


@pytest.mark.parametrize("deck_id", DECKS)
def test_the_bank_short_case_comes_only_once_every_coin_is_on_the_lairs(deck_id: str) -> None:
    """``table.settle`` calls the case when the silver the players must hold exceeds the box's silver. Each
    player keeps at most ``per_gold - 1`` loose silver coins beside his gold, so with the box's figures the
    silver runs out only after the gold has: the whole bank is empty, never only its silver."""
    deck = resolve(deck_id)
    players = deck.model.players.max
    box = DracoGame(deck, players).box
    assert (box.per_gold - 1) * players <= box.silver_total  # loose change alone never empties the silver
    rng = random.Random(7)
    total = box.gold_total * box.per_gold + box.silver_total
    seen = 0
    for _ in range(3000):
        money = [rng.randint(0, total // players + 12) for _ in range(players)]
        gold, silver = coins_held(money, box.per_gold, box.gold_total)
        if silver > box.silver_total:  # the case: the bank cannot pay in silver
            seen += 1
            assert gold == box.gold_total, money  # ... and holds no gold either
    assert seen > 50  # the case was met often enough to tell


@pytest.mark.parametrize(("lang", "said"), [("en", "the bank runs out of coins"), ("fr", "la banque se vide"),
                                            ("it", "la banca resta senza monete")])
def test_the_case_is_named_as_the_empty_bank_it_is(lang: str, said: str) -> None:
    naming = Naming.of(resolve("draco"), lang)
    assert tally_name("gap:bank_short", lang, naming.words) == said


@pytest.mark.parametrize(("lang", "said"), [("en", "the bank runs out of silver coins"),
                                            ("fr", "la banque n’a plus de pièces d’argent"),
                                            ("it", "la banca resta senza monete d’argento")])
def test_a_box_whose_loose_change_can_empty_the_silver_names_the_silver_alone(lang: str, said: str) -> None:
    """With 8 silver coins and 6 players, loose change alone (2 silver each) can empty the bank's silver while
    gold remains: there the case is the silver's, never "the bank runs out of coins"."""
    from types import SimpleNamespace

    from cardgen.games.base import words_of
    from cardgen.games.draco.bank import whole_bank_empties

    deck = resolve("draco")
    assert whole_bank_empties(3, 20, 6) and not whole_bank_empties(3, 8, 6) and whole_bank_empties(3, 12, 6)
    coins = [c if c.id != "silver-coin" else c.model_copy(update={"count": 8}) for c in deck.model.components]
    poor = SimpleNamespace(spec=deck.spec, rules=deck.rules,
                           model=SimpleNamespace(components=coins, players=deck.model.players))
    assert tally_name("gap:bank_short", lang, words_of(poor)) == said
    assert words_of(deck) == dict(deck.spec.words)  # the shipped box: the whole bank, as the figures show


def test_a_language_without_the_silver_name_keeps_the_cases_own_name() -> None:
    """A wordbook with no silver-only name for the case (a language being added) keeps the case's general name
    where the silver alone can run out, rather than losing it (mutation: the fallback)."""
    from types import SimpleNamespace

    from cardgen.games.draco.bank import deck_words

    deck = resolve("draco")
    coins = [c if c.id != "silver-coin" else c.model_copy(update={"count": 8}) for c in deck.model.components]
    poor = SimpleNamespace(rules=deck.rules, model=SimpleNamespace(components=coins, players=deck.model.players))
    words = {"tallies": {"de": {"gap:bank_short": "die Bank ist leer"},
                         "en": {"gap:bank_short": "bank empty", "gap:bank_short:silver": "no silver"}}}
    tallies = deck_words(poor, words)["tallies"]
    assert tallies["de"]["gap:bank_short"] == "die Bank ist leer" and tallies["en"]["gap:bank_short"] == "no silver"
