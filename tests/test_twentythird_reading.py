"""The twenty-first reading's faults left by the first merge (docs/reads/terminal-round-21-*.md, issue #53), in
English, French and Italian, every expected sentence ours:

- fr7, fr16: a decimal comma followed by a list comma ("moyenne 65,8, médiane 65", "vainqueur 37,0, avance"); the
  items of those lines are now separated by semicolons in French and Italian, as King Lui's and Royale's
  winner's-score line already were.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, _dist
from cardgen.terminal import say
from cardgen.typography import for_language

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


#: a figure with a decimal comma followed at once by a list comma: "65,8, médiane"
COMMA_AFTER_DECIMAL = re.compile(r"\d,\d+\s?%?, ")


# -- fr7, fr16: no list comma straight after a decimal comma ------------------------------------------------------

@pytest.mark.parametrize("lang", ("fr", "it"))
def test_a_distribution_separates_its_items_with_semicolons_where_the_decimal_mark_is_a_comma(lang: str) -> None:
    d = {"n": 300, "mean": 65.8, "median": 65, "min": 21, "max": 104}
    said = plain(for_language(_dist(d, lang), lang))
    assert said == {"fr": "moyenne 65,8 ; médiane 65 ; de 21 à 104", "it": "media 65,8; mediana 65; da 21 a 104"}[lang]
    assert not COMMA_AFTER_DECIMAL.search(said)


def test_english_keeps_its_commas_where_the_decimal_mark_is_a_point() -> None:
    d = {"n": 300, "mean": 65.8, "median": 65, "min": 21, "max": 104}
    assert _dist(d, "en") == "mean 65.8, median 65, from 21 to 104"


@pytest.mark.parametrize("game", ("draco", "king_lui", "royale"))
@pytest.mark.parametrize("lang", ("fr", "it"))
def test_every_games_winner_line_puts_a_semicolon_after_the_winners_mean(game: str, lang: str) -> None:
    """Draco's own line said "fortune moyenne du vainqueur 37,0, avance…"; King Lui and Royale said "73,9 ; avance":
    every game now says it the same way."""
    naming = Naming.of(resolve(game, ROOT), lang)
    own = ((naming.words.get("lines") or {}).get(lang) or {}).get("scores")
    figures = dict(unit="x", dist="D", winner="37,0", margin="6,2", basis="")
    line = plain(for_language(own.format(**figures) if own else say("scores_points", lang, **figures), lang))
    assert not COMMA_AFTER_DECIMAL.search(line), line
    assert re.search(r"37,0 ?; ", line), line
