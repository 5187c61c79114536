"""Issue #53 (one vocabulary, true statements): compare's words count the pairs that were played, an interval's
two ends are written alike, "other measures" counts only those not named, and a share is never called a mean."""
from __future__ import annotations

from typing import Any

import pytest

from cardgen.languages import typeset
from cardgen.simulate.summary import games_played


def _doc(played: list[int], most: int = 1000, early: bool = True) -> dict[str, Any]:
    return {"games": most, "results": [{"games": n, "stop": {"early": early and n < most, "pairs": n, "most": most}}
                                       for n in played]}


@pytest.mark.parametrize(("lang", "one", "span", "whole"), [
    ("en", "100 pairs of games (1,000 planned)", "100 to 300 pairs of games (1,000 planned)", "1,000 pairs of games"),
    ("fr", "100 paires de parties (1 000 prévues)", "100 à 300 paires de parties (1 000 prévues)",
     "1 000 paires de parties"),
    ("it", "100 coppie di partite (1.000 previste)", "100–300 coppie di partite (1.000 previste)",
     "1.000 coppie di partite")])
def test_the_head_counts_the_pairs_played_and_the_plan_beside_them(lang: str, one: str, span: str,
                                                                   whole: str) -> None:
    """en3, fr34: "over at most 1,000 pairs" where every count stopped at 100: the head now says the pairs each
    count played (one figure, or the range) and the plan beside them; the plan alone where all were played."""
    def plain(text: str) -> str:
        return text.replace("\u202f", " ").replace("\u00a0", " ")

    assert plain(games_played(_doc([100, 100, 100]), lang)) == plain(one)
    assert plain(games_played(_doc([300, 100, 200]), lang)) == plain(span)
    assert plain(games_played(_doc([1000, 1000], early=False), lang)) == plain(whole)


@pytest.mark.parametrize(("lang", "mean", "share"), [("en", "mean", "share of games"),
                                                     ("fr", "moyenne", "part des parties"),
                                                     ("it", "media", "quota di partite")])
def test_a_share_of_games_is_never_headed_a_mean(lang: str, mean: str, share: str) -> None:
    """en25: validate's page put comebacks (53.0 %, a share of games) and kingmaking under a column headed
    "mean" ("moyenne", "media"). The column is headed by a word true of every row (a value), and each row's
    name says what it is ("comebacks: share of games whose winner …")."""
    import re

    from cardgen.report.pages import designer_block

    r = {"designer": {"comeback_rate": {"mean": 0.53, "low": 0.47, "high": 0.59, "n": 247},
                      "lead_changes": {"mean": 9.0, "low": 8.6, "high": 9.4}}, "players": 3}
    html = str(designer_block(r, None, lang))
    heads = [h.strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", html, re.S)]
    assert heads and mean not in heads and not any(h.startswith(mean) for h in heads), heads
    assert share in html, html


@pytest.mark.parametrize(("lang", "reading"), [("en", "The higher, the less a lead at halfway decides the game."),
                                               ("fr", "Plus elle est haute, moins mener à mi-partie assure la victoire."),
                                               ("it", "Più è alta, meno conta essere al comando a metà partita.")])
def test_the_page_says_which_way_an_indicator_reads(lang: str, reading: str) -> None:
    """Seventeenth reading it64, en8: the deck page defined each design indicator but, unlike the terminal, never
    said which way is more of it, so a designer could not tell whether 53 % of comebacks is much."""
    from cardgen.report.pages import designer_block

    r = {"designer": {"comeback_rate": {"mean": 0.53, "low": 0.47, "high": 0.59, "n": 247},
                      "lead_changes": {"mean": 9.0, "low": 8.6, "high": 9.4}}, "players": 3}
    html = str(designer_block(r, None, lang))
    assert f'<span class="muted">{reading}</span>' in html, html
    # twenty-second reading (en2, it4): lead changes defined and read like the others, never the one row without
    lead = {"en": "The higher, the more the lead swings back and forth during the game.", "fr": "Plus ils sont "
            "nombreux, plus la partie reste indécise.", "it": "Più sono, più la partita resta aperta."}[lang]
    assert f'<span class="muted">{lead}</span>' in html and html.count('<span class="muted">') == 2, html
