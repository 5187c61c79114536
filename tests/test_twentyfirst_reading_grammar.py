"""The twenty-first reading's French grammar faults (docs/reads/terminal-round-21-fr.md), in our own words."""
from __future__ import annotations

from cardgen.terminal import LINES


def test_the_kingmaking_reading_puts_its_comparative_first() -> None:
    """fr2: in « plus…, plus… » the adverb opens its clause: « plus souvent l’issue échappe », not « plus l’issue
    échappe souvent » (every validate output and game page)."""
    line = LINES["fr"]["reading_kingmaking"]
    assert "plus souvent l’issue se joue au tour d’un joueur qui n’est ni le vainqueur ni le deuxième" in line  # round 38 fr2
    assert "échappe souvent" not in line


def test_no_proof_of_no_effect_takes_the_subjunctive() -> None:
    """fr60: « ne prouve pas que la variante soit sans effet » (a denied certainty takes the subjunctive)."""
    line = LINES["fr"]["wide_intervals"]
    assert "ne prouve pas que la variante soit sans effet" in line
    assert "variante est sans effet" not in line


def test_the_pages_own_sentences_are_typeset_as_the_terminal_s() -> None:
    """fr59*: the compare and deck pages printed a few sentences as the wordbook holds them, « élargis : voir la
    note », « au hasard : », « Point creux, en haut : », with a breaking space before the colon where every other
    line has the narrow no-break one; the page wordbooks are typeset once, at load."""
    from cardgen.report.impact import WORDS
    from cardgen.report.words import REPORT

    for said in (REPORT["fr"]["forest"], WORDS["fr"]["legend"], WORDS["fr"]["legend_strip"], WORDS["fr"]["paired"]):
        assert " :" not in said and " ;" not in said, said
        assert "\u202f:" in said or "\u202f;" in said, said
    assert "élargis\u202f: voir la note" in REPORT["fr"]["forest"]
