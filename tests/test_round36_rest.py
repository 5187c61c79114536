"""Reading round 36 (Draco, en/fr/it), the faults outside the card table: the bank warnings and the rule lines,
ties, fortunes, design indicators, verdicts and closing lines, the gallery, the runs list, the overview and the
footer. Built from the wordbooks and small hand-made results, so it runs fast."""
from __future__ import annotations

from pathlib import Path

import pytest

from nonempty import nonempty

LANGS = ["en", "fr", "it"]
ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The rule cardgen adds for this shortage came into play only in these 24 games; the other 276 were played "
           "without it, so the results depend on that rule only through these 24 games. The published rules should "
           "still say what happens then"),
    ("fr", "La règle que cardgen ajoute pour ce manque n’a servi que dans ces 24 parties ; les 276 autres se sont "
           "déroulées sans elle, si bien que les résultats n’en dépendent que par ces 24 parties. Les règles publiées "
           "doivent tout de même trancher ce cas"),
    ("it", "La regola che cardgen aggiunge per questa carenza è servita solo in queste 24 partite; le altre 276 si sono "
           "svolte senza, quindi i risultati ne dipendono soltanto attraverso queste 24 partite. Il regolamento deve "
           "comunque prevedere questo caso")])
def test_a_shortage_in_few_games_says_what_the_code_knows(lang: str, said: str) -> None:
    """fr9*, it8*, en16: "Only these 24 games needed cardgen's rule, so it hardly changes the results": cardgen's
    other added rules came into play in 78 and 81 of these games, and nothing measured how much the results change.
    Now: which rule, in how many games of how many, and what follows (the other games do not depend on it)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    f = {"peak": "unpaid_by_bank", "print_more": 9, "cover": 0.99, "games_short": 24, "games": 300, "max": 16}
    line = _plain(shortfall_line(f, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert line.endswith(said), line
    assert not any(old in line for old in ("hardly changes", "change donc peu", "cambia quindi poco"))
    one = {**f, "games_short": 1}
    line = _plain(shortfall_line(one, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert {"en": "the other 299 were played without it", "fr": "les 299 autres se sont déroulées sans elle",
            "it": "le altre 299 si sono svolte senza"}[lang] in line, line
