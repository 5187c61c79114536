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
    assert per_colour_words([2, 2, 2])("en") == "2 characters of each of the 3 colours in play"
    assert per_colour_words([2, 2, 2, 2])("fr") == "2 personnages de chacune des 4 couleurs en jeu"
    assert per_colour_words([2, 2, 2])("it") == "2 personaggi per ciascuno dei 3 colori in gioco"
    assert per_colour_words([2, 2, 1])("en") == ("characters of each colour in play: 2, 2 and 1 "
                                                 "(the rules need 2 of each)")
    assert per_colour_words([1, 1, 1])("it") == ("1 personaggio per ciascuno dei 3 colori in gioco "
                                                 "(il regolamento ne vuole 2 per colore)")


def test_checks_draco_lines_say_the_decks_figures_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped Draco at 3 players: 74 action cards, 3 × 5 dealt, 59 left; a toast pays 4 + 3 + 2 + 1 = 10
    silver, of which 1 + 0 + 2 + 1 = 4 cannot be paid in gold (3 silver each); 20 silver coins, 25 − 3 = 22
    gold coins in the bank; the die 1 to 6."""
    from cardgen.cli import main

    main(["check", "draco", "--lang", "it"])
    it = " ".join(capsys.readouterr().out.split())
    assert "3 × 5 distribuite, ne restano 59 da pescare" in it
    assert ("un brindisi paga l’equivalente di 10 monete d’argento, di cui 4 per forza in monete d’argento (la "
            "parte che le monete d’oro non possono coprire); la banca comincia con 20 monete d’argento e 22 monete "
            "d’oro") in it
    assert "2 personaggi per ciascuno dei 3 colori in gioco" in it and "facce da 1 a 6, nessuna oltre 9" in it
    # read 9 (en, it): "each names a seat among 9" was true of Shower of Coins only; the check holds every face
    # at most the seats a roll can name, and the line says that
    assert "lanciato da Favore, Partita a dadi, Pioggia di monete" in it and "indica un posto tra" not in it
    main(["check", "draco", "--lang", "fr"])
    fr = " ".join(capsys.readouterr().out.split())
    assert "paquet de cartes Action" in fr and "74 cartes Action, 0 mise de côté, 3 × 5 distribuées" in fr
    assert not any(f"[{d}" in fr for d in "0123456789")
