"""Twenty-third reading of validate's terminal output and pages (#53): the faults fixed on branch s83-h3.

- en1: the first-run line said in a designer's words (``test_validate_words_fifteenth``);
- en12, fr14: a flagged card's warning graded as the balance warnings are ("just beyond chance", "clearly"), and the
  page's note on the 5 % guarantee said per player count.
"""
from __future__ import annotations

import pytest

from cardgen.simulate.summary import CLEAR_MARGIN, card_just, card_warning

LANGS = ("en", "fr", "it")

#: the words that grade a flagged card, per language: just beyond chance, and clearly
JUST = {"en": ("seems too", "just beyond chance"), "fr": ("semble trop", "de justesse"),
        "it": ("sembra troppo", "appena troppo grande")}
CLEAR = {"en": "clearly", "fr": "nettement", "it": "nettamente"}


def _row(flag: str, near: float) -> dict:
    """A flagged card row whose widened interval's near end lies ``near`` from 0 on the flag's side."""
    low, high = (near, near + 0.1) if flag == "strong" else (-near - 0.1, -near)
    return {"component": "to-and-fro", "flag": flag, "flag_low": low, "flag_high": high}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("flag", ["strong", "weak"])
def test_a_card_just_beyond_chance_is_said_so_and_a_clear_one_clearly(lang: str, flag: str) -> None:
    """en12: "“To and Fro” is too strong" was said flatly of a card whose interval ended 0.5 points from 0."""
    just = card_warning(_row(flag, 0.005), lang)
    clear = card_warning(_row(flag, CLEAR_MARGIN + 0.005), lang)
    assert all(w in just for w in JUST[lang]) and CLEAR[lang] not in just
    assert CLEAR[lang] in clear and not any(w in clear for w in JUST[lang])
    # the boundary is the balance paragraphs' own: a near end on the margin is clear, just inside it is not
    assert not card_just(_row(flag, CLEAR_MARGIN)) and card_just(_row(flag, CLEAR_MARGIN - 0.001))


def test_a_french_card_name_takes_its_noun() -> None:
    """fr14: "« Chassé-croisé » est trop forte" agreed with an unstated "carte"."""
    assert card_warning(_row("strong", 0.005), "fr").replace("\u202f", " ").startswith("ATTENTION (force des cartes) : la carte ")


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_note_says_its_five_percent_holds_per_player_count(lang: str) -> None:
    """en12, en58: "at most 5 %" held for one player count; across four the chance of a false flag is nearer 20 %."""
    from cardgen.report.impact import WORDS
    note = WORDS[lang]["footnote_widened"]
    assert {"en": "at each player count", "fr": "à chaque nombre de joueurs",
            "it": "per ciascun numero di giocatori"}[lang] in note
