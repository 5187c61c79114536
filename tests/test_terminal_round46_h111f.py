"""Terminal round 46, the French reader's costliest faults (branch h111f): docs/reads/terminal-round-46-fixes-f.md."""
from __future__ import annotations

import pytest

from cardgen.simulate.summary import Naming, designer_lines

LANGS = ["en", "fr", "it"]


def plain(text: str) -> str:
    return " ".join(str(text).replace("\u202f", " ").replace("\u00a0", " ").split())


# -- fr9*, it9: Draco counts a fortune, never a score ----------------------------------------------------------------

FORTUNE = {"en": "margin gained: the same for the holder’s fortune minus the richest other player’s, in silver coins.",
           "fr": "effet sur l’avance : de même pour sa fortune moins celle du plus riche des autres joueurs, en pièces "
                 "d’argent.",
           "it": "effetto sul vantaggio: lo stesso per il suo denaro meno quello del più ricco degli altri, in monete "
                 "d’argento."}
SCORE = {"en": "margin gained: the same for the holder’s score minus the best other player’s.",
         "fr": "effet sur l’avance : de même pour son score moins celui du mieux placé des autres.",
         "it": "effetto sul vantaggio: lo stesso per il suo punteggio meno quello del migliore degli altri."}
SCORE_WORD = {"en": "score", "fr": "score", "it": "punteggio"}


def _card_lines(lang: str, game: str | None) -> str:
    """The card part of validate's designer lines, with a Draco-like table, named as ``game`` names things."""
    from test_round35_fixes import _designer

    from cardgen.games import get_game
    naming = Naming(words=get_game(game).words) if game else Naming()
    return plain("\n".join(designer_lines(_designer(), lang, naming, 300, set(), 3)))


@pytest.mark.parametrize("lang", LANGS)
def test_fr9_draco_s_card_key_says_fortune_not_score(lang: str) -> None:
    """fr9* (it9): the key above Draco's card table said "effet sur l’avance : de même pour son score moins celui du
    mieux placé des autres"; Draco has no score: its book counts a fortune in silver coins (« Chacun compte sa
    fortune », « Ognuno conta il proprio denaro »), as every other line of Draco's output does. The game's own words
    now say what the margin is the difference of; the other games keep their score."""
    draco = _card_lines(lang, "draco")
    assert FORTUNE[lang] in draco, draco
    assert SCORE_WORD[lang] not in draco.lower(), draco
    for game in ("king_lui", "royale", None):
        assert SCORE[lang] in _card_lines(lang, game)


# -- fr28*: the pair comparison's shortage share says which games it is on -------------------------------------------

ON_PAIRS = {"en": "Fewer games with a shortage of coins in the bank (0.0% of games instead of 94.0%, on these 50 pairs).",
            "fr": "Moins de parties avec un manque de pièces à la banque (0,0 % des parties au lieu de 94,0 %, sur ces 50 "
                  "paires).",
            "it": "Meno partite con carenza di monete in banca (lo 0,0% delle partite invece del 94,0%, su queste 50 "
                  "coppie)."}


@pytest.mark.parametrize("lang", LANGS)
def test_fr28_the_paired_shortage_share_says_it_is_on_these_pairs(lang: str) -> None:
    """fr28*: fix's correction block gave the base game's share twice for one player count: "(jeu de base, sur les
    parties de la recherche : 93,0 %)" on the result line (all the search's games), "(0,0 % des parties au lieu de
    90,0 %)" ten lines below (the first 50 of them, paired). The second now says which games: "sur ces 50 paires",
    where the share is within the aim as where it stays above it (then the aim note follows)."""
    from test_fix_twentyfirst import _proposal

    _, prop = _proposal(lang, 0.06)
    four = [plain(s) for s in prop.said[4]]
    assert ON_PAIRS[lang] in four, four
    three = plain(" ".join(prop.said[3]))
    assert {"en": "instead of 94.0%, on these 50 pairs: above the aim", "fr": "au lieu de 94,0 %, sur ces 50 paires : "
            "au-dessus de l’objectif", "it": "invece del 94,0%, su queste 50 coppie: oltre la soglia"}[lang] in three
