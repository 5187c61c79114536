"""Terminal round 43 (docs/reads/terminal-round-43-*.md): the faults all three readers, or two with a starred one,
agreed on, fixed in docs/reads/terminal-round-43-fixes-a.md."""
from __future__ import annotations

from typing import Any

import pytest

LANGS = ("en", "fr", "it")


def _seat(seat: int, rate: float, low: float, high: float) -> dict[str, Any]:
    return {"seat": seat, "rate": rate, "low": low, "high": high, "wins": round(rate * 300), "games": 300}


@pytest.mark.parametrize("lang", LANGS)
def test_a_fall_in_turn_order_is_said_established_only_where_no_neighbours_overlap(lang: str) -> None:
    """en5*, fr5*, it6*: "the win rate falls with each seat (37.0%, 27.3%, 21.7% and 19.0%)" under a warning that
    names players 1 and 4, where players 2, 3 and 4's intervals overlap: the steps between them may be chance."""
    from cardgen.simulate.summary import seat_trend

    overlapping = [_seat(0, .370, .304, .442), _seat(1, .273, .214, .342), _seat(2, .217, .163, .282),
                   _seat(3, .190, .140, .253)]
    said = seat_trend(overlapping, lang).replace("\u202f", " ").replace("\u00a0", " ")
    assert {"en": "though the step between two neighbouring seats may be chance",  # terminal round 45 en10
            "fr": "mais entre deux places voisines l’écart peut relever du hasard",
            "it": "ma tra due giocatori vicini la differenza può essere dovuta al caso"}[lang] in said, said
    apart = [_seat(0, .60, .55, .65), _seat(1, .40, .35, .45), _seat(2, .20, .15, .25)]
    plain = seat_trend(apart, lang)
    assert plain and not any(w in plain for w in ("chance", "hasard", "caso")), plain
    assert seat_trend([_seat(0, .3, .2, .4), _seat(1, .35, .25, .45), _seat(2, .3, .2, .4)], lang) == ""


def test_the_overview_names_as_only_just_within_chance_the_seats_the_game_page_names() -> None:
    """en41*, fr47*, it55*: King Lui at 5 players, the overview's balance cell named players 2, 4 and 5 as only just
    within chance; the terminal and the game page name 2 and 4 (player 5 is within chance even unwidened)."""
    from cardgen.report.pages import _fairness

    rates = [.216, .153, .193, .257, .24]
    seats = [{"seat": i, "rate": x} for i, x in enumerate(rates)]
    close = [{"seat": 2, "level": .99, "rate": .153}, {"seat": 4, "level": .99, "rate": .257},
             {"seat": 5, "level": .99, "rate": .24, "near": True}]
    r = {"players": 5, "seat_win_rates": seats, "balance": {"seat_fair_share": .204, "flags": [], "close": close}}
    cell = _fairness(r, "en")
    assert "player 2: 15.3%, player 4: 25.7% (fair share 20.4%)" in cell and "player 5" not in cell, cell


@pytest.mark.parametrize("lang", LANGS)
def test_royales_solo_card_strength_reason_is_a_solo_games(lang: str) -> None:
    """it8, it43: the solo block's "every player has the same kinds of cards … so no player lacks a kind of card that
    others hold" read oddly with one player; the solo block says the solo reason, the next count the whole one."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, cards_none_lines

    from conftest import ROOT  # type: ignore[import-not-found]

    naming = Naming.of(resolve("royale", ROOT), lang)
    said: set[str] = set()
    [solo] = cards_none_lines(lang, naming, said, solo=True)
    [two] = cards_none_lines(lang, naming, said)
    [three] = cards_none_lines(lang, naming, said)
    others = {"en": "every player", "fr": "chaque joueur", "it": "ogni giocatore"}[lang]
    assert others not in solo and others in two, (solo, two)
    assert {"en": "as above", "fr": "comme plus haut", "it": "come sopra"}[lang] in three


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "in 1.3% of cases, counting each player in each of the first 250 games"),
    ("fr", "dans 1,3 % des cas, en comptant chaque joueur dans chacune des 250 premières parties")])
def test_the_imposters_share_says_it_counts_each_player_in_each_game(lang: str, said: str) -> None:
    """fr16*, fr42: "in 1.3% of their first 250 games": 1.3% of 250 games is 3.25 games; the share is of
    player-games (10 uses in 750), as the Italian already said."""
    from cardgen.simulate.summary import held_used

    got = held_used({"played_share": 0.0133}, lang, first=250).replace("\u202f", " ").replace("\u00a0", " ")
    assert got == said
