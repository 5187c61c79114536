"""The twenty-third reading's faults on the run overview (fr39, it47, fr41, it49): what "1,000 games each" counts,
several warnings of one row as a list, the Italian seed said once."""
from __future__ import annotations

import re

import pytest

from cardgen.simulate.summary import Naming

from test_validate_words_fifteenth import draco  # noqa: F401  (a fixture, used by name)

LANGS = ("en", "fr", "it")


@pytest.mark.parametrize(("lang", "each"), [("en", "per player count"), ("fr", "par nombre de joueurs"),
                                            ("it", "per ogni numero di giocatori")])
def test_the_overview_says_what_each_count_of_games_is_for_and_lists_a_rows_warnings(draco: tuple, lang: str,
                                                                                   each: str) -> None:
    """fr39, it47: "1 000 parties chacune" after "3 nombres de joueurs vérifiés" had no feminine noun to agree with;
    fr41: two warnings of one row ran on as one sentence: a list, one item each."""
    from cardgen.report.pages import overview

    deck, r = draco
    namings = {"draco": Naming.of(deck, lang)}
    doc = {"results": [r], "agents": ["heuristic"], "games": 60, "seed": 1, "cap": 10000}
    html = overview(doc, {"draco": {"name": "Draco & Co"}}, "T", "", lang, namings)
    intro = re.search(r"<p>(.*?)</p>", html, re.S).group(1)
    assert f" {each}, " in intro and "chacune" not in intro and "ciascuna" not in intro
    if lang == "it":  # the seed said what it does, once (it49)
        assert "seme 1, che fissa i mescolamenti" in intro
    import cardgen.report.pages as pages
    real = pages.short_warnings
    try:  # a row with two warnings (a shortage and a card, as Draco's 5 players): one item each
        pages.short_warnings = lambda *a, **k: ["first warning", "second warning"]  # type: ignore[assignment]
        cell = re.search(r'<td class="warn"[^>]*>(.*?)</td></tr>', overview(doc, {}, "T", "", lang, namings),
                         re.S).group(1)
        assert cell == '<ul class="warnings"><li>first warning</li><li>second warning</li></ul>'
        pages.short_warnings = lambda *a, **k: ["only warning"]  # type: ignore[assignment]
        cell = re.search(r'<td class="warn"[^>]*>(.*?)</td></tr>', overview(doc, {}, "T", "", lang, namings),
                         re.S).group(1)
        assert cell == "only warning"
    finally:
        pages.short_warnings = real
    # two decks: each combination, not each player count
    other = {**r, "variant": "draco-2"}
    both = overview({**doc, "results": [r, other]}, {}, "T", "", lang, namings)
    assert each not in re.search(r"<p>(.*?)</p>", both, re.S).group(1)
