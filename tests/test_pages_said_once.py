"""Report pages after the eighteenth reading (issue #53): what a page explains it says once (the brackets at the
top of a deck page, why a fair share is above 1/N in the balance sentence)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.languages import typeset
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming, fair_why
from cardgen.terminal import say
from cardgen.text import punct
from test_pages_fifteenth import _flagged

LANGS = ("en", "fr", "it")


def _count(r: dict, players: int) -> dict:
    """``r`` (three players, a fair share of 0.35: shared wins) as the entry of ``players`` players."""
    seats = [{**r["seat_win_rates"][0], "seat": s} for s in range(players)]
    scores = {**r["scores"], "seat": [r["scores"]["all"]] * players, "seat_mean": [1.0] * players}
    return {**r, "players": players, "seat_win_rates": seats, "scores": scores,
            "balance": {"flags": [], "games": 300, "seat_fair_share": 0.35 if players > 1 else None}}


def _deck_page(lang: str, repo_root: Path, counts: tuple[int, ...] = (3, 4)) -> str:
    from cardgen.report.pages import deck_page

    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    doc = {"results": [_count(_flagged(), p) for p in counts]}
    return deck_page("king_lui", doc, {"king_lui": {"name": "King Lui"}}, None, "", None, lang, naming)


@pytest.mark.parametrize("lang", LANGS)
def test_the_brackets_are_explained_once_a_deck_page_above_its_first_count(lang: str, repo_root: Path) -> None:
    """en61, fr76: "An interval in brackets is the range …" stood in every player count's folded details, 3-4
    times a page and only after a dozen intervals: once, at the top, before the first count's heading."""
    html = _deck_page(lang, repo_root)
    plain = typeset(say("interval_plain", lang), lang)
    plain = plain[:1].upper() + plain[1:]
    assert html.count(plain) == 1
    assert html.index(plain) < html.index('<h2 id="p3">') < html.index('<h2 id="p4">')
    # a solo deck shows no interval: nothing to explain
    assert plain not in _deck_page(lang, repo_root, (1,))


@pytest.mark.parametrize("lang", LANGS)
def test_a_deck_page_says_why_a_fair_share_is_above_1_n_once_a_count(lang: str, repo_root: Path) -> None:
    """en62: the reason a fair share is above 1/N (shared wins) stood in the balance sentence, then in the chart's
    fair-share caption, then the line's own name: three times within one screen. Said in the balance sentence
    only; the chart's line reads "fair share: 35.0%", hover and caption alike."""
    from cardgen.report.words import REPORT

    html = _deck_page(lang, repo_root, (3,))
    why = fair_why(0.35, 3, lang)
    assert why and html.count(why) == 1
    first = html.index(why)
    assert first < html.index("<svg", html.index('<h2 id="p3">'))  # in the sentence above the charts
    short = REPORT[lang]["equal"] + punct(":", lang) + " "  # "juste part : 35,0 %"
    titles = re.findall(r"<title>([^<]*)</title>", html)
    assert [t for t in titles if t.startswith(short)], titles
    assert not [t for t in titles if t.startswith(REPORT[lang]["equal"]) and not t.startswith(short)], titles

