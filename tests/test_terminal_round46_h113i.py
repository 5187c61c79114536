"""Terminal round 46, part i2: the Italian reader's faults still open (docs/reads/terminal-round-46-fixes-i2.md)."""
from __future__ import annotations

import re

import pytest

from cardgen.languages import typeset
from cardgen.simulate.summary import Naming, _held_cards

LANGS = ("en", "fr", "it")

# a card hardly played whose variant-side interval leaves 0 out, 13 cards judged at once, with the base game's gap
_HELD = {"component": "dice", "held_flag": "weak", "difference": -0.137, "plays_per_seat": 0.03,
         "flag_low": -0.250, "flag_high": -0.024, "judged": True,
         "change": {"metric": "card:dice", "significant": False},
         "base": {"difference": -0.085, "plays_per_seat": 0.04}}


def _judged(n: int) -> list[dict]:
    return [_HELD] + [{"component": f"c{i}", "judged": True, "difference": 0.0} for i in range(n - 1)]


@pytest.mark.parametrize(("lang", "bracket", "after"), [
    # terminal round 47 fr23, en33: the range's unit, the widening's reason (pins updated)
    ("en", "(2.4 to 25.0 points below, allowing for chance, with the interval widened for the 13 cards judged at once).",
     " In the base game, the rate is 8.5 below the others’, and the change from the base game to the variant may "
     "be chance. "),
    ("fr", "(entre 2,4 et 25,0 points de moins, compte tenu du hasard, avec un intervalle élargi parce que 13 cartes "
           "sont comparées à la fois).",
     " Dans le jeu de base, il est inférieur de 8,5 à celui des autres, et l’écart entre les deux jeux peut venir "
     "du hasard. "),
    ("it", "(da 2,4 a 25,0 punti in meno, tenuto conto del caso, con l’intervallo allargato perché si confrontano 13 "
           "carte alla volta).",
     " Nel gioco base è inferiore di 8,5 punti, e la differenza tra i due giochi può essere dovuta al caso. ")])
def test_it23_a_card_hardly_played_says_the_other_game_in_a_sentence_of_its_own(lang: str, bracket: str,
                                                                                after: str) -> None:
    """it23: «(da 2,4 a 25,0 in meno, tenuto conto del caso, su un intervallo allargato per le 13 carte valutate
    insieme; 8,5 in meno nel gioco base, e la differenza tra i due giochi può essere dovuta al caso)»: three facts in
    one bracket, one of them about the other game. The sentence for one card keeps the range in its bracket and says
    the other game, and whether the change is chance, in a sentence of its own; the list line for several cards
    keeps its bracket (a line, not a sentence)."""
    [line] = _held_cards({"component_impact": _judged(13)}, lang, Naming(names={"dice": "Dice"}))
    assert typeset(bracket + after, lang) in line, line
    # one bracket, holding no ";" (the joiner of the old three facts)
    brackets = re.findall(r"\(([^)]*)\)", line)
    assert not any(";" in b for b in brackets), brackets
    # several cards: the list line keeps the other game in its bracket
    two = _held_cards({"component_impact": _judged(13) + [{**_HELD, "component": "coin"}]}, lang,
                      Naming(names={"dice": "Dice"}))
    assert typeset({"en": "8.5 below in the base game", "fr": "8,5 de moins dans le jeu de base",
                    "it": "8,5 in meno nel gioco base"}[lang], lang) in two[1], two


@pytest.mark.parametrize(("lang", "none", "all_", "base_none"), [
    ("en", "(no games instead of 90.0%)", "(all games instead of 62.0%)", "(6.0% of games instead of none)"),
    ("fr", "(aucune partie au lieu de 90,0 %)", "(toutes les parties au lieu de 62,0 %)",
     "(6,0 % des parties au lieu d’aucune)"),
    ("it", "(in nessuna partita invece che nel 90,0%)", "(in tutte le partite invece che nel 62,0%)",
     "(il 6,0% delle partite invece che in nessuna)")])
def test_it29_a_share_of_none_or_all_of_the_games_is_said_in_words(lang: str, none: str, all_: str,
                                                                   base_none: str) -> None:
    """it29: «lo 0,0% delle partite invece del 90,0%» (fix's pair comparison, compare's sentences): heavy, and a
    decimal over-precise for none of 50 games. A share of exactly none or all of the games is said in words, in every
    language (en38 the same); a share that only rounds to 0,0 keeps its figure."""
    from cardgen.simulate.verdict import sentence

    def said(b: float, v: float) -> str:
        return sentence({"metric": "gap:bank_short", "base": b, "variant": v, "difference": v - b,
                         "low": v - b - 0.05, "high": v - b + 0.05}, lang, cases={"gap:bank_short": "X"})
    assert typeset(none, lang) in said(0.9, 0.0)
    assert typeset(all_, lang) in said(0.62, 1.0)
    assert typeset(base_none, lang) in said(0.0, 0.06)
    assert typeset({"en": "(0.0% of games instead of 90.0%)", "fr": "(0,0 % des parties au lieu de 90,0 %)",
                    "it": "(lo 0,0% delle partite invece del 90,0%)"}[lang], lang) in said(0.9, 0.0004)


@pytest.mark.parametrize(("lang", "shares"), [
    ("en", "in all games at 3 players, all at 4, 98.0% at 6"),
    ("fr", "dans toutes les parties à 3 joueurs, toutes à 4, 98,0 % à 6"),
    ("it", "in tutte le partite con 3 giocatori, tutte con 4, 98,0% con 6")])
def test_it31_fix_says_a_shortage_in_every_game_without_a_decimal(lang: str, shares: str) -> None:
    """it31: fix's trial lines «carenza di monete in banca nel 100,0% delle partite con 3 giocatori, 100,0% con 4,
    100,0% con 5, 98,0% con 6»: on 100 games the decimal of 100,0% is false precision; a shortage in every game is
    said so."""
    from cardgen.tune.fix import short_counts_text

    metrics = {n: {f"problem:{n}:short:unpaid_by_bank": (0.5, share, share)} for n, share in ((3, 1.0), (4, 1.0),
                                                                                           (6, 0.98))}
    [line] = short_counts_text(metrics, lang, Naming(), label="X")
    assert typeset(shares, lang) in line, line


def test_it38_the_italian_notes_say_holm_and_obrien_fleming_are_statistical_methods() -> None:
    """it38: «(correzione di Holm)» … «(metodo di O’Brien–Fleming)», proper names with nothing to say what they
    are, the only jargon of pages written for a designer: each is named as a statistical method (one colon a
    sentence kept: fifteenth reading it56)."""
    from cardgen.report import impact
    from cardgen.simulate.verdict import WORDS as VERDICT
    from cardgen.terminal import say

    assert "(con la correzione statistica di Holm)" in VERDICT["it"]["footnote"]
    assert "(con la correzione statistica di Holm)" in VERDICT["it"]["footnote_each"]
    assert "(metodo statistico di O’Brien–Fleming)" in say("looks_note", "it", looks=10)
    assert "(correzione statistica di Holm, vedi la nota sopra)" in impact.WORDS["it"]["footnote"]
