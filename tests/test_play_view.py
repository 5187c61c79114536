"""``cardgen play``'s table: built from the seat's observation alone, each game's layout, the generic one."""
from __future__ import annotations

import json
import random

import pytest

from cardgen.games import GAME_IDS
from cardgen.play.session import Session
from cardgen.play.view import table_view
from tests.test_play_session import deck_of, hidden_ids, play_out


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_page_shows_no_hidden_card_and_only_legal_moves(game: str) -> None:
    session = Session(deck_of(game), seed=3)
    rng = random.Random(3)
    checked = 0
    for _ in range(12):
        while session.agent_move():
            pass
        view = table_view(session)
        text = json.dumps(view, ensure_ascii=False)
        hidden = hidden_ids(session)
        assert not [c for c in hidden if c in text], "a hidden card reached the page"
        if view["waiting"] != "you":
            break
        legal = [list(a) for a in session.state.legal_actions()]
        assert [m["action"] for m in view["moves"]] == legal
        assert all(m["text"] and "Text(" not in m["text"] and "en=" not in m["text"] for m in view["moves"])
        checked += 1
        session.play(rng.choice(view["moves"])["action"])
    assert checked >= 3


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_table_is_the_same_whatever_the_hidden_cards_are(game: str) -> None:
    """The view reads the observation only: re-dealing what the seat cannot see changes nothing on it."""
    session = Session(deck_of(game), seed=5)
    play_out(session, random.Random(5), moves=3)
    before = table_view(session)
    session.state = session.state.determinize(session.seat, random.Random(99))
    after = table_view(session)
    assert before["hand"] == after["hand"] and before["areas"] == after["areas"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_generic_layout_of_a_game_without_its_own(game: str) -> None:
    """A project rules package without ``play_table`` gets the observation laid out as it is."""
    from cardgen.play.view import _generic_areas
    session = Session(deck_of(game), seed=6)
    play_out(session, random.Random(6), moves=2)
    hand, areas = _generic_areas(session, session.state.observation(session.seat), "table")
    text = json.dumps([hand, areas], ensure_ascii=False)
    assert not [c for c in hidden_ids(session) if c in text]
    assert any(a["cards"] for a in areas) and all(a["pick"] is True for a in hand + areas)
    faces = {c["face"] for a in hand + areas for c in a["cards"]}
    assert faces <= {c.id for c in session.deck.model.components}



def _areas(view: dict, title_part: str) -> list[dict]:
    return [a for a in view["areas"] if title_part in a["title"]]


def test_king_lui_table_counts_are_the_observations() -> None:
    session = Session(deck_of("king_lui"), seed=2)
    play_out(session, random.Random(2), moves=3)
    obs, view = session.state.observation(session.seat), table_view(session)
    table = _areas(view, "The table")[0]
    assert {c["face"]: c["count"] for c in table["cards"] if c["face"] != "emerald"} == obs["table"]
    assert {c["face"]: c["count"] for c in view["hand"][0]["cards"]} == obs["hand"]
    assert table["pick"] == ["take"] and _areas(view, "king")[0]["pick"] == ["emerald"]


def test_royale_buffet_is_its_grid_and_nobles_carry_their_dishes() -> None:
    session = Session(deck_of("royale"), seed=2)
    play_out(session, random.Random(2), moves=6)
    obs, view = session.state.observation(session.seat), table_view(session)
    buffet = _areas(view, "buffet")[0]
    rules = session.deck.model.rules
    assert buffet["columns"] == rules.grid_cols and len(buffet["cards"]) == rules.grid_rows * rules.grid_cols
    seat = next(a for a in view["areas"] if a["seat"] == session.seat)
    nobles = [c for c in seat["cards"] if not c["face"].startswith("imposter-")]  # the seat's imposter lies beside
    served = [[d["id"] for d in c.get("under", [])] for c in nobles]
    assert served == [list(u) for u in obs["players"][session.seat][3]]


def test_draco_circle_in_seat_order_with_owners() -> None:
    session = Session(deck_of("draco"), seed=2)
    obs, view = session.state.observation(session.seat), table_view(session)
    circle = [a for a in view["areas"] if a.get("ring")][0]
    assert [c["id"] for c in circle["cards"]] == obs["circle"]
    owners = obs["info"]["owner"]
    assert [c.get("badge") for c in circle["cards"]] == [str(owners[c] + 1) if owners[c] >= 0 else None
                                                         for c in obs["circle"]]
    # each seat shows the lair of its ruffians' colour, the seat's own first
    seats = [a for a in view["areas"] if a["seat"] is not None]
    assert seats[0]["seat"] == session.seat
    for area in seats:
        colour = obs["info"]["characters"][area["seat"]][0].split("#")[0].removeprefix("ruffian-")
        assert [c["face"] for c in area["cards"]] == [f"lair-{colour}"]


def test_a_rules_package_without_play_hooks_plays_with_the_generic_table() -> None:
    """Any rules package plays through the same engine API: its moves and table laid out generically."""
    from toy_game import toy_deck
    session = Session(toy_deck("toy"), players=2, agents=["greedy"], seed=4)
    rng = random.Random(4)
    views = 0
    while session.waiting_for() != "over":
        if session.agent_move():
            continue
        view = table_view(session)
        assert not [c for c in hidden_ids(session) if c in json.dumps(view)]
        assert {m["text"] for m in view["moves"]} <= {"Draw", "Play: Toy"}  # card ids named as their cards
        assert {c["id"] for c in view["hand"][0]["cards"]} == set(session.state.observation(session.seat)["hand"])
        session.play(rng.choice(view["moves"])["action"])
        views += 1
    assert views > 2 and session.state.is_terminal()
    assert table_view(session)["result"]["scores"] is not None


def test_royale_nobles_are_named_and_drawn_as_the_side_in_play() -> None:
    """The nobles are called as printed on the side the deck plays (not "noble 2", not both names),
    in the moves too, and a masked game shows their masked faces."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from pathlib import Path

    resolver = Resolver(Project.open(Path(__file__).resolve().parents[1]))
    for deck_id, first, picture, cleared in (("royale", "La Duchesse", None, "Débarrasser les plats de la Duchesse"),
                                             ("royale-masked", "Colombine", "noble-a1~2", "Débarrasser les plats de Colombine")):
        session = Session(resolver.resolve(deck_id), seed=2, lang="fr")
        mine = next(a for a in table_view(session)["areas"] if a["seat"] == session.seat)
        assert mine["cards"][0]["name"] == first and mine["cards"][0].get("picture") == picture
        assert session.describe(("clear", 0)) == cleared  # the article in the sentence's case, a bare name as it is
    assert "noble" not in json.dumps([c["name"] for c in mine["cards"]])
    # French: 0 and 1 take the singular; "(vous)": fr6; the player's letter (play round 30, en15, it21)
    # (play round 32 fr10: « cartes marquées A », no longer the cryptic « lettre A »)
    # play round 34 fr7: the score keeps its unit on a phone's line (a no-break space)
    assert mine["title"] == "Joueur\u00a01\u00a0(vous) · cartes marquées A · 0\u00a0point"
