"""Known answers from the published Royale rules: one hand-built position per rule sentence.

Every expected value here is worked out by hand from the published text
(``../shared/seeds/001_*.txt``) and the deck's data (patterns, counts), never read
back from the engine, ``face_text`` or the requirement checkers. The rule ledger in
``docs/royale.md`` names the test proving each rule.

Grid cells are numbered 0..8, left to right and top to bottom::

    0 1 2
    3 4 5
    6 7 8
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.games.royale.engine import CLEAR, EMPTY, END, PLACE, TAKE, RoyaleGame, RoyaleState
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("royale", ROOT)


def cid(g: RoyaleGame, name: str) -> int:
    """Index of the dish card ``name`` (``"drink-7"``)."""
    return g.card_index[name + "#1"]


def make_variant(project_with, text: str, vid: str = "royale-test"):
    """Resolve a throwaway Royale variant whose body is ``text`` (YAML after ``extends``)."""
    root = project_with("royale")
    (root / "variants" / "royale").mkdir(parents=True, exist_ok=True)
    (root / "variants" / "royale" / f"{vid}.yaml").write_text(
        f"extends: royale\nname: {{fr: T, it: T, en: T}}\ndescription: {{fr: T, it: T, en: T}}\n{text}",
        encoding="utf-8")
    return resolve(vid, root)


# -- imposters ------------------------------------------------------------------------------
# The data's patterns turned clockwise by hand: (r, c) -> (c, 2 - r) per quarter turn.
# A turn giving the same cells as an earlier one is one action, listed once.
IMPOSTER_CELLS = {
    # A: corner (0,0) (0,1) (1,0)
    0: {0: {0, 1, 3}, 90: {1, 2, 5}, 180: {5, 7, 8}, 270: {3, 6, 7}},
    # B: diagonal (0,0) (1,1) (2,2); a half turn gives the same cells back
    1: {0: {0, 4, 8}, 90: {2, 4, 6}},
    # C: three corners (0,0) (0,2) (2,0)
    2: {0: {0, 2, 6}, 90: {0, 2, 8}, 180: {2, 6, 8}, 270: {0, 6, 8}},
    # D: two top corners and the centre (0,0) (1,1) (0,2)
    3: {0: {0, 2, 4}, 90: {2, 4, 8}, 180: {4, 6, 8}, 270: {0, 4, 6}},
}


def to_seat(st: RoyaleState, seat: int) -> None:
    """Hand the turn to ``seat`` at the start of its turn (nothing else changes)."""
    st.player, st.phase, st._legal = seat, TAKE, None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_takes_the_cells_of_its_own_imposter(deck, players):
    g = RoyaleGame(deck, players)
    for seat in range(players):
        for deg, cells in IMPOSTER_CELLS[seat].items():
            st = g.new_initial_state(7)
            to_seat(st, seat)
            action = ("imposter", deg, 0, 0)
            assert action in st.legal_actions(), (seat, deg)
            expected = sorted(st.grid[i] for i in cells)
            st.apply(action)
            assert sorted(st.hand) == expected, (players, seat, deg)
            assert [i for i in range(9) if st.grid[i] == EMPTY] == sorted(cells)
            assert st.imposter_left[seat] == 0
        imposter_turns = {a[1] for a in g.new_initial_state(7).legal_actions() if a[0] == "imposter"}
        assert imposter_turns == set(IMPOSTER_CELLS[0])  # seat 0's own four turns


def test_reported_game_seat0_takes_its_own_corner(deck):
    """Reported bug: game seed 5877709142386535904, seat 0 (imposter A) at 0 degrees took B's diagonal."""
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(5877709142386535904)
    want = sorted(st.grid[i] for i in (0, 1, 3))
    st.apply(("imposter", 0, 0, 0))
    assert sorted(st.hand) == want


def test_imposter_rotations_follow_the_data(project_with):
    d = make_variant(project_with, "rules:\n  imposter_rotations: [0, 180]\n")
    g = RoyaleGame(d, 4)
    for seat in range(4):
        st = g.new_initial_state(3)
        to_seat(st, seat)
        turns = sorted(a[1] for a in st.legal_actions() if a[0] == "imposter")
        expected = [deg for deg in (0, 180) if deg in IMPOSTER_CELLS[seat]]
        assert turns == expected, seat
        for deg in expected:
            st = g.new_initial_state(3)
            to_seat(st, seat)
            want = sorted(st.grid[i] for i in IMPOSTER_CELLS[seat][deg])
            st.apply(("imposter", deg, 0, 0))
            assert sorted(st.hand) == want
