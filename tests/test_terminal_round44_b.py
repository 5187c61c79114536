"""Terminal round 44 (docs/reads/terminal-round-44-fr.md), part b: two untrue statements the French reader starred,
fixed in the three languages. Built from the wordbooks and small hand-made results, so it runs fast."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "fr", "it")


@pytest.mark.parametrize("lang", LANGS)
def test_king_luis_card_reason_does_not_say_every_card_comes_from_the_table(lang: str) -> None:
    """fr45*: "chacun prend ses cartes sur la table" (and "takes their cards from the table", "prende le carte dal
    tavolo") was untrue: a player also draws from the supply. The reason needs only that hands start empty."""
    words = json.loads((ROOT / "cardgen/games/king_lui/words.json").read_text(encoding="utf-8"))["impact"][lang]
    for key in ("cards_none", "cards_none_line"):
        text = words[key]
        assert not any(w in text for w in ("from the table", "sur la table", "dal tavolo")), text
        assert {"en": "starts with an empty hand", "fr": "personne n’a de carte en main au départ",
                "it": "comincia senza carte in mano"}[lang] in text, text  # round 43 it5: not «a mani vuote»


@pytest.mark.parametrize("lang", LANGS)
def test_fix_does_not_say_a_fix_changes_no_card(lang: str) -> None:
    """fr40*: "a fix changes no card" was untrue (levers change a card's copies, and trials did); and « confirmez-le »,
    «confermalo» had no antecedent. The advice says what a fix aims at and what to check."""
    from cardgen.tune.fix import word

    text = word("next_reach", lang, k=2, path_k="f2.yaml", checked=3, gap="", pairs=50, full=300, deck="draco",
                path="f1.yaml")
    assert not any(w in text for w in ("changes no card", "ne change aucune carte", "non cambia nessuna carta",
                                       "confirmez-le", "confermalo")), text
    assert {"en": "check the result with cardgen validate (a fix aims at the shortage only",
            "fr": "vérifiez le résultat avec cardgen validate (une correction ne vise que le manque",
            "it": "verifica il risultato con cardgen validate (una correzione mira solo alla carenza"}[lang] in \
        " ".join(text.replace("\u202f", " ").replace("\xa0", " ").split()), text
