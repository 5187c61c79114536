"""Terminal round 47, part m (issue #53): the native readers' starred faults of round 47 and those the brief lists.

Each test fails on the words or code before this part (checked by putting the old back)."""
from __future__ import annotations

import pytest

from cardgen.languages import typeset
from cardgen.terminal import WIDTH, fit, say

LANGS = ("en", "fr", "it")


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


# -- fr1*: validate's first line, one sentence --------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "note"), [
    ("fr", "Le Roi Lui : cette première exécution est plus lente, car cardgen prépare le jeu ; les suivantes seront "
           "plus rapides et donneront les mêmes résultats."),
    ("en", "King Lui: this first run is slower while cardgen prepares the game; later runs are faster and give the same "
           "results."),
    ("it", "King Lui: questa prima esecuzione è più lenta perché cardgen prepara il gioco; le successive saranno più "
           "rapide e daranno gli stessi risultati.")])
def test_fr1_the_first_run_note_is_one_sentence_that_says_why_and_the_same_as_what(lang: str, note: str) -> None:
    """fr1*: « Le Roi Lui : exécution plus lente que les suivantes, cardgen préparant le jeu ; mêmes résultats. », the
    first thing validate prints, read as three fragments (an English-shaped participle, "les suivantes" with no noun,
    "mêmes résultats" the same as what). One sentence, the reader's; English says why it is slower (en1), Italian
    which run and why (it3). Two lines at most, wrapped as every line is."""
    title = "Le Roi Lui" if lang == "fr" else "King Lui"
    said = say("note_building", lang, title=title)
    assert _plain(said) == note, said
    assert not any(old in _plain(said) for old in ("préparant", "; mêmes résultats", "this first run prepares",
                                                   "questa esecuzione è più lenta;"))
    assert len(fit(said).split("\n")) <= 2 and all(len(row) <= WIDTH for row in fit(said).split("\n"))
