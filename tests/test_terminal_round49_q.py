"""Terminal round 49, part q (issue #53): the native readers' unstarred faults of round 49
(``docs/reads/terminal-round-49-fixes-q.md``).

Each test fails on the words or code before this part (checked by putting the old sources back)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.terminal import say

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _naming(game: str, lang: str):
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    return Naming.of(resolve(game, ROOT), lang)


# -- it8: «non misurata di norma» read as "usually not measured" ------------------------------------------------------

def test_it8_mid_game_strength_is_not_measured_unless_asked() -> None:
    """it8: «forza delle carte durante la partita: non misurata di norma, perché …»: «di norma» means "as a rule,
    usually", so the reader took it that the measure is usually skipped for a reason of the game; it is skipped
    unless asked for (--exchange-points), as French « par défaut » and English "by default" say. Terminal and page."""
    from cardgen.report.impact import WORDS

    line = _plain(say("exchange_building", "it", points=4))
    assert line.startswith("forza delle carte durante la partita: non misurata, se non su richiesta, perché con "
                           "questo gioco il calcolo è lungo; per misurarla, aggiungi --exchange-points 4"), line
    page = _plain(WORDS["it"]["exchange_building"])
    assert page.startswith("Non misurata, se non su richiesta, perché con questo gioco il calcolo è lungo."), page
    assert "di norma" not in line + page
