"""Round 25 of the books' reading (#53): rules said in two places that must agree, so that a fault the readers found
cannot come back in one of them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]

#: the Charity Toast's gift in each language: the coin, given to the poorest other player (the worked example gives it
#: to a named colour and is left out), and the words that make it conditional
GIFT = {"en": (r"one silver coin(?:, [^,]+,)? to the poorest other player", ("if they can", "if you can")),
        "fr": (r"une pièce d’argent au plus pauvre des autres joueurs", ("s’il le peut", "si vous le pouvez",
                                                                      "si vous possédez au moins cette valeur")),
        "it": (r"una moneta d’argento al più povero degli altri giocatori", ("se può", "se puoi"))}


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` around ``text[start:end]``: from the tag or full stop before it to the next stop."""
    begin = max(text.rfind(". ", 0, start), text.rfind(">", 0, start)) + 1
    stop = text.find(".", end)
    return text[begin:stop if stop >= 0 else len(text)]


@pytest.mark.parametrize("lang", sorted(GIFT))
def test_every_place_the_charity_toast_s_gift_is_said_says_if_you_can(lang: str) -> None:
    """Round 25 (fr, it, en): page 1 and the toast said the gift is made only if the proposer can, while the turn's
    toast step and the turn at a glance said "you first give 1 silver coin" outright, a rule stated two ways. Every
    sentence of the book that gives the coin says the condition, in the house rule, the toast, the step and the
    summary (four places)."""
    pattern, conditions = GIFT[lang]
    markup = " ".join(render_markup(resolve("draco-charity-toast", ROOT), lang).split())
    found = [_sentence(markup, m.start(), m.end()) for m in re.finditer(pattern, markup)]
    assert len(found) == 4, found
    assert not [s for s in found if not any(c in s for c in conditions)]
