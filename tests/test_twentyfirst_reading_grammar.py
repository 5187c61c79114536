"""The twenty-first reading's French grammar faults (docs/reads/terminal-round-21-fr.md), in our own words."""
from __future__ import annotations

from cardgen.terminal import LINES


def test_the_kingmaking_reading_puts_its_comparative_first() -> None:
    """fr2: in « plus…, plus… » the adverb opens its clause: « plus souvent l’issue échappe », not « plus l’issue
    échappe souvent » (every validate output and game page)."""
    line = LINES["fr"]["reading_kingmaking"]
    assert "plus souvent l’issue échappe aux joueurs" in line
    assert "échappe souvent" not in line


def test_no_proof_of_no_effect_takes_the_subjunctive() -> None:
    """fr60: « ne prouve pas que la variante soit sans effet » (a denied certainty takes the subjunctive)."""
    line = LINES["fr"]["wide_intervals"]
    assert "ne prouve pas que la variante soit sans effet" in line
    assert "variante est sans effet" not in line
