"""Terminal round 44 (docs/reads/terminal-round-44-en.md), part d: cheaper faults of the English reader, fixed in the
three languages where the others share them. Built from the wordbooks and small hand-made results: it runs fast."""
from __future__ import annotations

import pytest

from cardgen.report.impact import held_by_all
from cardgen.simulate.summary import Naming, held_balance_lines

LANGS = ("en", "fr", "it")


def _imposter(base_share: float, variant_share: float) -> dict:
    side = {"component": "imposter", "dealt_share": 1.0, "difference": None, "not_judged": {"why": "all"}}
    return {**side, "plays_per_seat": variant_share, "played_share": variant_share,
            "base": {**side, "plays_per_seat": base_share, "played_share": base_share}}


@pytest.mark.parametrize("lang", LANGS)
def test_two_shares_side_by_side_have_one_precision(lang: str) -> None:
    """en32: "(in 1% of cases in the base game, 0.3% with the variant": a whole share beside one with its decimal
    read as a cruder figure. Both written alike, on the terminal and the page: "1.0%" beside "0.3%"."""
    one, three = {"en": ("1.0%", "0.3%"), "fr": ("1,0\u202f%", "0,3\u202f%"), "it": ("1,0%", "0,3%")}[lang]
    lines = held_balance_lines({"component_impact": [_imposter(0.01, 0.003)]}, lang,
                               Naming(names={"imposter": "Imposter"}))
    assert len(lines) == 1 and one in lines[0] and three in lines[0], lines
    page = str(held_by_all([_imposter(0.01, 0.003)], lang, {"imposter": "Imposter"}, paired=True))
    assert one in page and three in page, page


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_scale_writes_every_band_one_way(lang: str) -> None:
    """en15: "(11 or 12)" beside "(0–6)": two notations for one kind of band. Every band in words, as French and
    Italian already wrote them ("0 à 6", "da 0 a 6"); the page's table uses the same keys."""
    from cardgen.terminal import say

    pair, span = say("scale_pair", lang, low=11, high=12), say("scale_span", lang, low=0, high=6)
    assert "–" not in span and "-" not in span, span
    assert pair.split("11")[1].split("12")[0].strip() in {"or", "ou", "o"}, pair
    assert span.split("0", 1)[1].split("6")[0].strip() in {"to", "à", "a"}, span


def test_a_range_of_pairs_in_english_prose_is_words() -> None:
    """en36, en48: "over 200–300 pairs of games (1,000 planned)": an en-dash range inside running prose. Said in words,
    as French says it (« 200 à 300 »), on the terminal and the runs page alike (one key)."""
    from cardgen.simulate.summary import games_played

    doc = {"games": 1000, "results": [{"games": 200, "stop": {"early": True}}, {"games": 300, "stop": {"early": True}}]}
    assert games_played(doc, "en") == "200 to 300 pairs of games (1,000 planned)"
    assert games_played(doc, "fr").startswith("200 à 300 paires")


@pytest.mark.parametrize("lang", LANGS)
def test_fix_advice_names_no_warning_validate_did_not_give(lang: str) -> None:
    """Round 45 (English reader): "a warning validate gives about a card may stay" where validate had flagged no card.
    The advice says what a fix does not do, true whatever validate said."""
    from cardgen.tune.fix import word

    text = " ".join(word("next_reach", lang, k=2, path_k="f2.yaml", checked=3, gap="", pairs=50, full=300, deck="draco",
                         path="f1.yaml").replace("\u202f", " ").replace("\xa0", " ").split())
    assert not any(w in text for w in ("a warning validate gives", "un avertissement de validate", "un avviso di validate"))
    assert {"en": "does not judge the cards’ strength", "fr": "ne juge pas la force des cartes",
            "it": "non giudica la forza delle carte"}[lang] in text, text
