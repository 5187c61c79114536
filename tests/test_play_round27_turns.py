"""#53 play round 27 (s87-pb): the journal numbers turns as the top bar counts them (en5, fr12, it3), and the
designer's columns open on each seat's figures (en20)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.play.session import Session
from cardgen.play.view import designer_view, table_view
from tests.test_play_session import deck_of

APP = (Path(__file__).resolve().parents[1] / "cardgen" / "play" / "static" / "app.js").read_text(encoding="utf-8")


def _played(game: str, seed: int) -> Session:
    """A game of ``game`` played to its end with random legal moves (seed 7: King Lui draws an Emerald at move 11)."""
    session = Session(deck_of(game), players=3, seed=seed, people=[])
    rng = random.Random(seed)
    while not session.state.is_terminal():
        session._apply(rng.choice(session.state.legal_actions()), "x")
    return session


@pytest.mark.parametrize("game", ["king_lui", "royale", "draco"])
def test_the_journal_numbers_each_turn_once_and_ends_on_the_bars_turns(game: str) -> None:
    """en5/fr12/it3: King Lui's drawn Emerald, laid at once, was two numbered lines ("28. draws a card / 29. lays
    Emerald"), so the journal ended on 52 under "turns played: 51". Each move now carries its turn; one that goes
    on with the turn above is unnumbered, and the last number is the bar's count."""
    session = _played(game, 7)
    view = table_view(session, 0)
    numbered = [e["turn"] for e in view["journal"] if not e["goes_on"]]
    assert numbered == list(range(numbered[0], numbered[0] + len(numbered)))  # one number per turn, none skipped
    # a last turn the game's end cut short (Draco's final toast) is named beside the bar's count, which the engine
    # and the log keep (play round 30, en26, fr25, it30)
    assert numbered[-1] == (view["turn_cut"] or view["turns"])
    assert view["turn_cut"] is None or view["turn_cut"] == view["turns"] + 1
    assert [e["n"] for e in view["journal"]] == list(range(len(session.journal) - len(view["journal"]) + 1,
                                                           len(session.journal) + 1))  # undo/talk keep the move's place
    goes_on = [i for i, e in enumerate(view["journal"]) if e["goes_on"]]
    assert goes_on and all(view["journal"][i]["turn"] == view["journal"][i - 1]["turn"] for i in goes_on)
    if game == "king_lui":  # the drawn Emerald and its use: one turn, one number
        drawn = next(i for i, e in enumerate(session.journal) if e.text.startswith("draws an Emerald"))
        assert view["journal"][drawn + 1]["goes_on"] and not view["journal"][drawn]["goes_on"]
    assert 'e.goes_on ? "" : e.turn + "."' in APP  # the page prints the turn, and nothing on a continuation


def test_the_designers_column_opens_on_the_seats_figures() -> None:
    """en20: Draco's money and cards in hand sat under each seat's action cards, below a laptop's fold: the seat's
    own areas (its lair and figures) now come first in its column, its hand after (app.js, for every game)."""
    session = Session(deck_of("draco"), players=3, seed=7, people=[0, 1])
    seat = designer_view(session)["seats"][0]
    assert [a for a in seat["areas"] if a.get("seat") == 0 and a["facts"]]  # the figures: in the seat's own area
    own = APP.index("for (const a of s.areas.filter((a) => a.seat === s.seat)) col.appendChild")
    hand = APP.index("for (const a of s.hand.filter(")
    assert own < hand


def test_a_finished_games_empty_hand_leaves_the_laptops_foot_to_the_table(tmp_path: Path) -> None:
    """en14: at Royale's end the bar "Cards to serve · no cards" still took the laptop's foot, over the discard pile;
    an empty hand is hidden once the game is over, a hand still holding cards (what a score counted) stays."""
    from tests.test_play_browser import CHROMIUM, chromium_page
    from tests.test_play_server import running_table

    if CHROMIUM is None:
        pytest.skip("no Chromium at /usr/bin/chromium")
    with running_table(tmp_path, "royale") as links, chromium_page(links["1"], 1280, 800) as page:
        page.wait_for_function("() => typeof view !== 'undefined' && view && view.seat === 0", timeout=30_000)
        hidden = page.evaluate("""() => {
            const over = (cards) => { view = {...view, waiting: "over", moves: [], result: null,
              hand: [{title: "Cards to serve", cards: cards, facts: []}]};
              delete $("table").dataset.shown; render(); return $("hand").hidden; };
            return [over([]), over([{id: "x", name: "Drink 5", face: "", count: 1}])]; }""")
    assert hidden == [True, False]


def test_a_designers_column_keeps_each_figure_whole(tmp_path: Path) -> None:
    """en20 (seen in Italian): a narrow column's long label ("denaro (in monete d’argento)") took the row, and a
    figure broke digit by digit ("2 / 6" for 26): a figure keeps whole, its label wraps at its spaces."""
    from tests.test_play_browser import CHROMIUM, chromium_page
    from tests.test_play_server import running_table

    if CHROMIUM is None:
        pytest.skip("no Chromium at /usr/bin/chromium")
    with running_table(tmp_path, "draco") as links, chromium_page(links["designer"], 1280, 800) as page:
        page.wait_for_function("() => typeof view !== 'undefined' && view && view.designer", timeout=30_000)
        split = page.evaluate("""() => { const v = view; v.seats.forEach((s) => s.areas.forEach((a) => {
              if (a.seat === s.seat) a.facts = [["denaro (in monete d’argento)", "26"], ["carte in mano", "13"]]; }));
            renderDesigner();
            return [...document.querySelectorAll("section.seatview:not(.shared) dd")].filter((dd) => {
              const r = document.createRange(); r.selectNodeContents(dd); return r.getClientRects().length > 1; })
              .map((dd) => dd.textContent); }""")
    assert split == []
