"""Royale's rule changes said as sentences (read 20, en57: fix's "change:" lines, one form for every change).

``cardgen fix`` prints a "change:" line per proposal, one sentence per number changed. Draco and King Lui word
each of their rules in their ``change`` table; Royale had none, so its changes read in fix's generic sentence
("The rule “Piles the draw pile is made of” is set to 4 instead of 3."). Every rule number fix may change in
Royale (``levers``: each whole-number rule of the deck) now has its own sentence in English, French and Italian,
in the rulebook's terms (buffet/desserte/buffet, piles/paquets/mazzetti, the deck's End of the Banquet card),
saying what the number does now and what it did before.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming
from cardgen.text import times
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _deck():  # type: ignore[no-untyped-def]
    return resolve("royale", ROOT)


def _rule_levers(deck):  # type: ignore[no-untyped-def]
    """The rule numbers ``cardgen fix`` may change in Royale, as its search lists them."""
    from cardgen.tune.levers import levers

    return [p for p in levers(deck, []) if p.kind == "rule"]


def test_fix_may_change_every_whole_number_rule_of_the_deck() -> None:
    """The levers are the deck's whole-number rules (``decks/royale.yaml`` ``rules:``): the set this file checks is
    the one fix searches, so a new rule number without a sentence fails below."""
    deck = _deck()
    numbers = {k for k, v in deck.model.rules.model_dump().items() if isinstance(v, int) and not isinstance(v, bool)}
    assert {p.name for p in nonempty(_rule_levers(deck), "Royale's rule levers")} == numbers
    assert len(numbers) == 12


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_fix_may_change_has_its_own_sentence(lang: str) -> None:
    """For every value fix may try, each rule's change is the table's sentence (not fix's generic "The rule “…” is
    set to …"), every field filled, a sentence (capital, full stop), saying the old value; where it says both in
    figures, the new one comes first ("… 2 piles instead of 3", never the other way round)."""
    from dataclasses import replace

    from cardgen.tune.fix import rule_change

    deck = _deck()
    naming = Naming.of(deck, lang)
    unworded = replace(naming, words={k: v for k, v in naming.words.items() if k != "change"})
    own = deck.model.rules.model_dump()
    table = naming.words["change"][lang]
    for p in nonempty(_rule_levers(deck), "Royale's rule levers"):
        assert p.name in table, (lang, p.name)
        old = own[p.name]
        for new in nonempty([v for v in range(p.low, p.high + 1) if v != old], f"values of {p.name}"):
            said = rule_change(p.name, old, new, lang, naming)
            where = (lang, p.name, new, said)
            assert said != rule_change(p.name, old, new, lang, unworded), where
            assert "{" not in said and "}" not in said, where
            assert said[0].isupper() and said.endswith("."), where
            assert not said.startswith(("The rule", "La règle", "La regola")), where
            figures = [int(n) for n in re.findall(r"\b\d+\b", said)]
            assert old in figures or times(old, lang) in said, where
            assert figures in ([new, old], [new], [old], []), where


@pytest.mark.parametrize(("lang", "values", "said"), [
    ("en", {"packets": 4, "imposter_uses": 0, "end_card_draws": 3},
     "The draw pile is split into 4 piles instead of 3 to hide the End of the Banquet card, at set-up and each time "
     "it is rebuilt. No player may use their imposter (instead of once per game). The End of the Banquet card ends "
     "the game when it has been drawn three times (instead of twice); each time before the last, the draw pile is "
     "rebuilt."),
    ("en", {"grid_rows": 1, "solo_turns": 7, "ghost_cards_per_turn": 2},
     "The buffet has 1 row instead of 3. A solo game ends after 7 turns instead of 9. On its turn, the ghost turns "
     "over 2 solo cards instead of 1."),
    ("fr", {"packets": 4, "imposter_uses": 0, "end_card_draws": 3},
     "La pioche est répartie en 4 paquets au lieu de 3 pour y cacher la carte Fin du banquet, à la mise en place et "
     "chaque fois qu’elle est reconstituée. L’imposteur ne sert plus jamais (contre une fois par partie auparavant). "
     "La carte Fin du banquet clôt la partie quand elle a été piochée trois fois (contre deux fois auparavant) ; "
     "chaque fois qu’elle sort avant la dernière, la pioche est reconstituée."),
    ("fr", {"grid_rows": 1, "solo_turns": 7, "ghost_cards_per_turn": 2},
     "La desserte compte 1 rangée au lieu de 3. Une partie en solitaire s’arrête après 7 tours au lieu de 9. À son "
     "tour, le fantôme retourne 2 cartes Solo au lieu de 1."),
    ("it", {"packets": 4, "imposter_uses": 0, "end_card_draws": 3},
     "Il mazzo è diviso in 4 mazzetti invece di 3 per nascondervi la carta Fine del banchetto, nella preparazione e "
     "ogni volta che viene ricostituito. Nessun giocatore può usare il suo impostore (invece di una volta per "
     "partita). La carta Fine del banchetto chiude la partita quando è stata pescata tre volte (invece di due volte); "
     "a ogni uscita prima dell’ultima il mazzo viene ricostituito."),
    ("it", {"grid_rows": 1, "solo_turns": 7, "ghost_cards_per_turn": 2},
     "Il buffet ha 1 riga invece di 3. Una partita in solitario termina dopo 7 turni invece di 9. Al suo turno il "
     "fantasma gira 2 carte Solo invece di 1.")])
def test_royale_s_changes_read_in_the_book_s_terms(lang: str, values: dict[str, int], said: str) -> None:
    """Exact sentences, as fix's change line writes them (``describe_change``): the book's terms in each language
    (piles/paquets/mazzetti, buffet/desserte), the deck's End of the Banquet card, a count agreeing with its new
    value (1 row, 1 rangée, 1 riga), "never" for an imposter no longer usable, counts of times in words."""
    from cardgen.tune.fix import describe_change
    from cardgen.tune.space import Param

    deck = _deck()
    own = deck.model.rules.model_dump()
    params = [Param("rule", name, low=0, high=20) for name in values]
    text = describe_change(deck, params, {p.key: values[p.name] for p in params}, {p.key: own[p.name] for p in params},
                           lang)
    assert plain(text) == said
