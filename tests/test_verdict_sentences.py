"""compare's verdict sentences, word for word, for every kind of figure (``verdict.sentence``).

Each expected sentence was read and checked by hand against its figures: the right direction
(more/fewer, longer/shorter), the base and variant in their places, the interval's bounds as
magnitudes, the game's own unit and names, singular for one turn, French typography and elision.
"""
from __future__ import annotations

import pytest

from cardgen.games import get_game
from cardgen.simulate.verdict import sentence


def m(metric: str, base: float, variant: float, low: float | None = None, high: float | None = None) -> dict:
    return {"metric": metric, "base": base, "variant": variant, "difference": variant - base, "low": low,
            "high": high}


CASES = [
    ("draco", "en", m("seat_1_win_rate", 0.28, 0.33, 0.02, 0.08), "The first player wins 33.0% of games instead of 28.0%."),
    ("draco", "en", m("seat_3_win_rate", 0.30, 0.25, -0.08, -0.02), "Player 3 wins 25.0% of games instead of 30.0%."),
    ("draco", "fr", m("seat_3_win_rate", 0.30, 0.25, -0.08, -0.02), "Le joueur 3 gagne 25,0\u202f% des parties au lieu de 30,0\u202f%."),
    ("draco", "en", m("turns", 40, 41, 0.5, 1.5), "Games are 1 turn longer, from 40 to 41 (0.5 to 1.5 longer, allowing for chance)."),
    ("draco", "en", m("turns", 40, 37, -3.5, -2.5), "Games are 3 turns shorter, from 40 to 37 (2.5 to 3.5 shorter, allowing for chance)."),
    ("draco", "fr", m("turns", 40, 41, 0.5, 1.5), "Les parties durent 1 tour de joueur de plus, de 40 à 41 (de 0,5 à 1,5 de plus, compte tenu du hasard)."),
    ("draco", "fr", m("rounds", 5, 6, 0.4, 1.6), "Les parties comptent 1 tour de table complet de plus, de 5 à 6 (de 0,4 à 1,6 de plus, compte tenu du hasard)."),
    ("draco", "en", m("end_reason:final_toast", 0.3, 0.4, 0.05, 0.15),
     "More games end because the final toast is drunk (40.0% of games instead of 30.0%)."),
    ("draco", "en", m("gap:cannot_pay", 0.1, 0.2, 0.05, 0.15),
     "The share of games where a player owes more than they have rises from 10.0% to 20.0%."),
    ("draco", "en", m("peak:hand_size", 8, 10, 1.5, 2.5),
     "Action cards in one hand: 8 → 10 (the most at any one time in a game, averaged over games)."),
    ("draco", "fr", m("peak:hand_size", 10, 8, -2.5, -1.5),  # one name for the measure, no calque of "peak"
     "Cartes Action dans une main\u202f: 10 → 8 (au plus fort de chaque partie, en moyenne)."),
    ("draco", "it", m("peak:hand_size", 8, 10, 1.5, 2.5),
     "Carte azione in una mano: 8 → 10 (il massimo di ogni partita, in media)."),
    ("draco", "en", m("winning_score", 5, 6, 0.4, 1.6), "The winner’s fortune rises from 5 to 6 silver coins on average."),
    ("draco", "fr", m("margin", 5, 6, 0.4, 1.6), "L’avance moyenne du vainqueur sur le deuxième augmente de 5 à 6 pièces d’argent."),
    ("draco", "en", m("lead_changes", 5, 6, 0.4, 1.6), "The lead changes hands more often (from 5 to 6 times per game)."),
    ("draco", "en", m("comeback_rate", 0.3, 0.4, 0.05, 0.15),
     "More comebacks (the winner was behind at half-time in 40.0% of games, against 30.0%)."),
    ("draco", "en", m("close_games", 0.3, 0.4, 0.05, 0.15), "Close games (a shared win, or won by at most a tenth of the winner’s score) rise from 30.0% to 40.0%."),
    ("draco", "it", m("winning_score", 5, 6, 0.4, 1.6), "Il denaro medio del vincitore sale da 5 a 6 monete d’argento."),
    ("king_lui", "fr", m("end_reason:supply_exhausted", 0.3, 0.4, 0.05, 0.15),
     "Plus de parties se terminent parce que la pioche n’a plus assez de cartes pour un service (40,0\u202f% des parties au lieu de 30,0\u202f%)."),
    ("royale", "fr", m("end_reason:all_nobles", 0.3, 0.4, 0.05, 0.15),
     "Plus de parties se terminent parce qu’un joueur a validé tous ses nobles et gagné d’office (40,0\u202f% des parties au lieu de 30,0\u202f%)."),
    ("royale", "en", m("end_reason:all_nobles", 0.4, 0.3, -0.15, -0.05),
     "Fewer games end because a player has satisfied all their nobles and won outright (30.0% of games instead of 40.0%)."),
]


@pytest.mark.parametrize("game, lang, figure, expected", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]['metric']}" for c in CASES])
def test_each_kind_of_figure_makes_its_sentence(game: str, lang: str, figure: dict, expected: str) -> None:
    assert sentence(figure, lang, get_game(game).words) == expected


def test_the_interval_is_said_as_magnitudes_in_order_whatever_its_sign() -> None:
    words = get_game("draco").words
    up = sentence(m("turns", 40, 43, 2.0, 4.0), "en", words)
    down = sentence(m("turns", 43, 40, -4.0, -2.0), "en", words)
    assert up == "Games are 3 turns longer, from 40 to 43 (2 to 4 longer, allowing for chance)." and \
        down == "Games are 3 turns shorter, from 43 to 40 (2 to 4 shorter, allowing for chance)."


@pytest.mark.parametrize("lang, said", [
    ("en", "The winner’s fortune falls from 29.3 to 27.3 silver coins on average."),
    ("fr", "La fortune moyenne du vainqueur baisse de 29,3 à 27,3 pièces d’argent."),
    ("it", "Il denaro medio del vincitore scende da 29,3 a 27,3 monete d’argento.")])
def test_a_game_words_its_winner_s_figure_as_its_rulebook_does(lang: str, said: str) -> None:
    """Eleventh reading (en35, fr40, it36): compare said "the winner's score falls … silver coins" for Draco &
    Co, whose rulebook and validate count a fortune. The game words the sentence (its words.json's
    "sentences"); a game that words nothing keeps the common sentence."""
    m = {"metric": "winning_score", "base": 29.3, "variant": 27.3, "difference": -2.0, "low": -3.0, "high": -1.0,
         "p": 0.0, "significant": True}
    assert sentence(m, lang, get_game("draco").words) == said
    assert "score" in sentence(m, "en", get_game("royale").words)
