"""check's Draco lines in words, never Python lists (it21), the bank's coins and values said apart (it20), the
book's "cartes Action" (fr35): each figure from the deck, each checked on a case whose answer is known."""
from __future__ import annotations

import pytest

from cardgen.games.draco.checks import faces_words, per_colour_words


@pytest.mark.parametrize(("faces", "lang", "said"), [
    ([1, 2, 3, 4, 5, 6], "en", "1 to 6"), ([1, 2, 3, 4, 5, 6], "fr", "de 1 à 6"), ([1, 2, 3, 4, 5, 6], "it", "da 1 a 6"),
    ([2, 3, 4], "en", "2 to 4"), ([1, 2, 2, 5], "en", "1, 2, 2 and 5"), ([1, 2, 2, 5], "fr", "1, 2, 2 et 5"),
    ([1, 3, 5], "it", "1, 3 e 5"), ([1, 2], "en", "1 and 2"), ([], "fr", "aucune")])
def test_a_dies_faces_read_as_a_run_or_a_list(faces: list[int], lang: str, said: str) -> None:
    """"die faces [1, 2, 3, 4, 5, 6]" printed a Python list: a run reads "1 to 6", any other set as a list."""
    assert faces_words(faces)(lang) == said


def test_the_characters_per_colour_read_as_words() -> None:
    """"characters per colour in play: [2, 2, 2] (two each)": the count and the colours in words; a colour
    short of the rules' two is named with what the rules need."""
    assert per_colour_words([2, 2, 2])("en") == "2 ruffians of each of the 3 colours in play"
    assert per_colour_words([2, 2, 2, 2])("fr") == "2 malandrins de chacune des 4 couleurs en jeu"
    assert per_colour_words([2, 2, 2])("it") == "2 malandrini per ciascuno dei 3 colori in gioco"
    assert per_colour_words([2, 2, 1])("en") == ("ruffians of each colour in play: 2, 2 and 1 "
                                                 "(the rules need 2 of each)")
    assert per_colour_words([1, 1, 1])("it") == ("1 malandrino per ciascuno dei 3 colori in gioco "
                                                 "(il regolamento ne vuole 2 per colore)")


def test_checks_draco_lines_say_the_decks_figures_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped Draco at 3 players: 74 action cards, 3 × 5 dealt, 59 left; a toast pays 4 + 3 + 2 + 1 = 10
    silver, of which 1 + 0 + 2 + 1 = 4 cannot be paid in gold (3 silver each): a most, never a least (read 11
    fr18, it40, en40), as the check compares it with the bank's silver; 20 silver coins, 25 − 3 = 22 gold coins
    in the bank; the die 1 to 6."""
    from cardgen.cli import main

    main(["check", "draco", "--lang", "it"])
    it = " ".join(capsys.readouterr().out.split())
    assert "3 × 5 distribuite, ne restano 59 da pescare" in it
    assert ("un brindisi distribuisce in tutto il valore di 10 monete d’argento; pagando ogni posto il più possibile "
            "in oro (una moneta d’oro ne vale 3), alla banca servono al massimo 4 monete d’argento; la banca comincia "
            "con 20 monete d’argento e 22 monete d’oro") in it
    assert "almeno 4" not in it
    assert "2 malandrini per ciascuno dei 3 colori in gioco" in it
    # read 9 (en33, fr21, it22): the die line said "roll effects:" twice and "each names a seat" of every roll;
    # it says the faces, the cards that roll, and that only Shower of Coins names a seat with each face
    # read 11 it43: the card names in the Italian books' quotes, else "si lancia per Favore" reads "as a favour"
    assert ("il dado basta per ogni carta che chiede un lancio: facce da 1 a 6; si lancia per «Favore», «Partita a "
            "dadi» e «Pioggia di monete»; con «Pioggia di monete» ogni faccia indica uno dei posti, che sono 9") in it
    # read 11 it39: no "dei 11" at 4 players (the article a number takes is avoided)
    assert "dei 11" not in it
    # it21, it20: enough gold (not where it is), the ring of seats has room for a toast (not "regge")
    assert "abbastanza oro per cominciare: servono 3 monete d’oro (1 per giocatore), la scatola ne ha 25" in it
    assert ("il cerchio ha abbastanza posti per un brindisi: 6 malandrini + 3 personaggi speciali = 9 posti intorno "
            "a Draco; un brindisi paga i primi 4 posti e fa pagare gli ultimi 2: 6 posti diversi") in it
    main(["check", "draco", "--lang", "fr"])
    fr = " ".join(capsys.readouterr().out.split())
    # fr17, fr18, fr19, fr20: "aucune mise de côté", the coins agreed, a lair per player, the circle's room
    assert "assez de cartes Action pour les mains de départ : 74 cartes Action, aucune mise de côté, 3 × 5" in fr
    # read 11 fr19: "argent" is the silver coin too, so the starting money is "la mise de départ"
    assert ("assez de pièces d’or pour la mise de départ : 3 pièces d’or nécessaires (1 par joueur), 25 dans la "
            "boîte") in fr
    assert ("un toast verse en tout la valeur de 10 pièces d’argent ; en payant chaque place en or autant que "
            "possible (une pièce d’or en vaut 3), la banque a besoin de 4 pièces d’argent au plus") in fr
    assert "un toast paie les 4 premières places et fait payer les 2 dernières : 6 places différentes" in fr
    assert "un repaire pour chaque joueur : 6 repaires pour 3 joueurs ; 2 malandrins de chacune des 3 couleurs" in fr
    assert "le cercle a assez de places pour un toast : 6 malandrins" in fr and "tient" not in fr
    assert ("le dé sert à chaque carte qui demande un lancer : faces de 1 à 6 ; lancé pour Faveur, Partie de dés et "
            "Pluie d’écus ; pour Pluie d’écus, chaque face désigne l’une des 9 places") in fr
    main(["check", "draco", "--lang", "en"])
    en = " ".join(capsys.readouterr().out.split())
    # en33-en36: the die, enough gold, the ring, the toast's silver said once
    assert ("the die works for every card that asks for a roll: faces 1 to 6; rolled for Favour, Game of Dice and "
            "Shower of Coins; for Shower of Coins, each face names one of the 9 seats") in en
    assert "enough gold for the starting money: 3 gold coins needed (1 per player), 25 in the box" in en
    # read 11 en41: the six seats a toast touches named, not "all different"
    assert ("the ring has room for a toast: 6 ruffians + 3 special characters = 9 seats around Draco; a toast pays "
            "the first 4 seats and collects from the last 2: 6 different seats") in en
    assert ("a toast pays out 10 silver coins’ worth in all; paying each seat in gold where it can (a gold coin is "
            "worth 3 silver), the bank needs at most 4 silver coins; it starts with 20 silver coins and 22 gold "
            "coins") in en
    # read 11 en38: where Draco's 67 faces come from (33 designs' fronts, 12 second sides and die faces, 22 backs)
    assert "33 different designs, none missing" in en
    assert "all 67 faces (33 fronts, 12 other sides, 22 backs) fit their layouts" in en
    assert "roll effects" not in en and "seating circle" not in en and "fits in the box" not in en
    assert not any(f"[{d}" in fr for d in "0123456789")
