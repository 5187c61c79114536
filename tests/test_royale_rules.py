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

import random
from pathlib import Path

import pytest

from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.checks import noble_face
from cardgen.games.royale.engine import CLEAR, EMPTY, END, PLACE, TAKE, RoyaleGame, RoyaleState
from cardgen.resolve.resolve import resolve
from cardgen.languages import SHIPPED
from nonempty import nonempty

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
    for seat in nonempty(range(players)):
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


# -- set-up -------------------------------------------------------------------------------------
ICONS = "abcd"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_pile_packets_buffet_and_each_players_seven_cards(deck, players):
    g = RoyaleGame(deck, players)
    st = g.new_initial_state(100 + players)
    pile = st.initial_piles["dish_pile"]
    # 72 dish cards in three packets of 24, the end card shuffled into the bottom one: 73 cards
    assert len(pile) == 73 and sorted(pile) == sorted([f"{t}-{v}#1" for t in
                                                        ("dessert", "drink", "fruit", "pastry", "main", "abundance")
                                                        for v in range(1, 13)] + ["end-banquet#1"])
    assert pile.index("end-banquet#1") >= 48
    # the first nine cards, left to right and top to bottom, make the buffet
    assert [g.card_ids[c] for c in st.grid] == pile[:9]
    assert len(st.pile) == 64
    z = st.zones()
    for p in range(players):
        icon = ICONS[p]
        assert sorted(z[f"p{p}:nobles"]) == [f"noble-{icon}{i}#1" for i in range(1, 7)]
        assert z[f"p{p}:imposter"] == [f"imposter-{icon}#1"]
        assert z[f"p{p}:validated"] == [] and z[f"p{p}:served"] == []
    boxed = set(z["box"])
    for icon in ICONS[players:]:  # the unused icons stay in the box
        assert {f"noble-{icon}{i}#1" for i in range(1, 7)} | {f"imposter-{icon}#1"} <= boxed
    assert {f"solo-{i}#1" for i in range(1, 10)} <= boxed
    assert st.current_player == 0 and st.phase == TAKE


def test_end_card_packet_varies_inside_the_bottom_packet(deck):
    g = RoyaleGame(deck, 2)
    spots = {g.new_initial_state(s).initial_piles["dish_pile"].index("end-banquet#1") for s in range(400)}
    # shuffled into the bottom packet of 24: any of its 25 places, its top and its bottom included
    assert spots == set(range(48, 73))


# -- taking, serving, refilling -------------------------------------------------------------------
def test_take_a_row_or_a_column_or_the_imposter(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(1)
    takes = {a for a in st.legal_actions() if a[0] == "take"}
    assert takes == {("take", "row", i) for i in range(3)} | {("take", "column", i) for i in range(3)}
    column = [st.grid[i] for i in (1, 4, 7)]
    st.apply(("take", "column", 1))
    assert st.hand == column and st.phase == PLACE


def test_every_card_taken_must_go_under_an_open_noble(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(1)
    st.apply(("take", "row", 2))
    hand = list(st.hand)
    legal = st.legal_actions()
    assert set(legal) == {("place", g.card_ids[c], s) for c in hand for s in range(6)}  # no discard, no stop
    st.apply(("place", g.card_ids[hand[1]], 3))  # any order
    assert st.hand == [hand[0], hand[2]] and st.under[0][3] == [hand[1]]


def test_refill_left_to_right_top_to_bottom_then_next_player(deck):
    g = RoyaleGame(deck, 3)
    st = g.new_initial_state(2)
    top3 = st.pile[-3:][::-1]  # the next three cards, first drawn first
    st.apply(("take", "column", 1))
    while st.phase == PLACE:
        st.apply(st.legal_actions()[0])
    if st.phase == CLEAR:
        st.apply(("stop",))
    assert [st.grid[i] for i in (1, 4, 7)] == top3
    assert st.current_player == 1
    for seat in (1, 2, 0):  # clockwise, round after round
        assert st.current_player == seat
        st.apply(("take", "row", 0))
        while st.phase == PLACE:
            st.apply(st.legal_actions()[0])
        if st.phase == CLEAR:
            st.apply(("stop",))
    assert st.rounds == 1 and st.turns == 4


def position(g: RoyaleGame, seat: int, slot: int, under: list[str], hand: list[str], seed: int = 1) -> RoyaleState:
    """Seat ``seat`` to serve ``hand``, noble ``slot`` already holding ``under`` (in that order)."""
    st = g.new_initial_state(seed)
    idx = [cid(g, n) for n in under + hand]
    st.pile = [c for c in st.pile if c not in idx]
    st.grid = [EMPTY if c in idx else c for c in st.grid]
    st._refill()
    chk, codes = g.checkers[seat][slot], g.codes[seat][slot]
    st.under[seat][slot] = idx[:len(under)]
    st.sid[seat][slot] = chk.run(codes[c] for c in idx[:len(under)])
    st.player, st.hand, st.phase, st._legal = seat, idx[len(under):], PLACE, None
    return st


# Each noble request of player A, whose colours are the ones the published text names
# (1 yellow, 2 blue, 3 purple, 4 green, 5 pink; masked 1 blue, 2 green, 3 pink, 4 purple,
# 5 yellow): cards already under it, the three served now, and what follows.
# Points are this deck's (a reconstruction), copied by hand from decks/royale.yaml.
MET, DEAD_, OPEN = "met", "dead", "open"
REQUESTS = [
    # unmasked 1: four of a kind, one yellow
    ("unmasked", 1, ["dessert-7"], ["drink-7", "fruit-7", "main-7"], MET, 3),
    ("unmasked", 1, ["dessert-7"], ["drink-7", "fruit-7", "abundance-7"], MET, 3),  # abundance is any colour
    ("unmasked", 1, ["dessert-7"], ["drink-7", "fruit-7", "pastry-7"], DEAD_, 0),
    # unmasked 2: two pairs, each with a blue
    ("unmasked", 2, ["dessert-3"], ["fruit-3", "dessert-8", "main-8"], MET, 2),
    ("unmasked", 2, ["dessert-3"], ["fruit-3", "drink-8", "main-8"], DEAD_, 0),
    # ruling services_may_share_a_value: two pairs of fives are two pairs (the abundance is the second blue)
    ("unmasked", 2, ["dessert-5"], ["main-5", "abundance-5", "fruit-5"], MET, 2),
    # unmasked 3: exactly four purple, total under 15
    ("unmasked", 3, ["fruit-1"], ["fruit-2", "fruit-3", "fruit-4"], MET, 2),
    ("unmasked", 3, ["fruit-1"], ["fruit-2", "fruit-3", "fruit-9"], DEAD_, 0),  # 15 is not under 15
    # unmasked 4: exactly three green, two adding up to the third
    ("unmasked", 4, [], ["drink-2", "drink-5", "drink-7"], MET, 1),
    ("unmasked", 4, [], ["drink-2", "drink-5", "drink-8"], DEAD_, 0),
    # unmasked 5: exactly four pink, total over 38
    ("unmasked", 5, ["pastry-12"], ["pastry-11", "pastry-10", "pastry-9"], MET, 3),
    ("unmasked", 5, ["pastry-12"], ["pastry-11", "pastry-10", "pastry-5"], DEAD_, 0),  # 38 is not over 38
    # unmasked 6: a total of 25, any type
    ("unmasked", 6, [], ["dessert-12", "drink-12", "fruit-1"], MET, 1),
    ("unmasked", 6, [], ["dessert-12", "drink-12", "fruit-2"], DEAD_, 0),
    ("unmasked", 6, [], ["dessert-10", "drink-10", "fruit-1"], OPEN, 0),  # 21: waits for more
    # masked 1: a pair and three of a kind, each with a blue
    ("masked", 1, ["dessert-4", "drink-4"], ["dessert-9", "fruit-9", "main-9"], MET, 3),
    ("masked", 1, ["drink-4", "fruit-4"], ["dessert-9", "drink-9", "main-9"], DEAD_, 0),
    # ruling services_may_share_a_value: the pair and the three of a kind may both be fours
    ("masked", 1, ["dessert-4", "drink-4"], ["abundance-4", "fruit-4", "main-4"], MET, 3),
    # masked 2: exactly four green, all even or all odd
    ("masked", 2, ["drink-2"], ["drink-4", "drink-6", "drink-8"], MET, 1),
    ("masked", 2, ["drink-2"], ["drink-4", "drink-6", "drink-7"], DEAD_, 0),
    # masked 3: four cards played in descending order, first and last pink
    ("masked", 3, ["pastry-10"], ["drink-8", "main-5", "pastry-2"], MET, 2),
    ("masked", 3, ["pastry-10"], ["drink-8", "main-5", "fruit-2"], DEAD_, 0),
    # masked 4: three cards falling then three rising, each service opened by a purple
    ("masked", 4, ["fruit-9", "drink-5", "main-2"], ["fruit-3", "dessert-7", "pastry-11"], MET, 3),
    ("masked", 4, ["fruit-9", "drink-5", "main-2"], ["fruit-3", "dessert-7", "pastry-6"], DEAD_, 0),
    # masked 5: four cards played in ascending order, first and last yellow
    ("masked", 5, ["main-2"], ["drink-5", "fruit-9", "main-11"], MET, 2),
    ("masked", 5, ["main-2"], ["drink-5", "fruit-9", "dessert-11"], DEAD_, 0),
    # masked 6: 25 in all, one card per type at most, no abundance
    ("masked", 6, ["dessert-5", "drink-5"], ["fruit-5", "pastry-5", "main-5"], MET, 1),
    ("masked", 6, ["dessert-5", "drink-5"], ["fruit-5", "pastry-5", "abundance-5"], DEAD_, 0),
]


@pytest.fixture(scope="module")
def masked():
    return resolve("royale-masked", ROOT)


@pytest.mark.parametrize("side,number,under,hand,result,points", REQUESTS)
def test_noble_requests_of_both_sides(deck, masked, side, number, under, hand, result, points):
    g = RoyaleGame(deck if side == "unmasked" else masked, 2)
    slot = number - 1
    st = position(g, 0, slot, under, hand)
    for name in hand:
        st.apply(("place", name + "#1", slot))
    served = [cid(g, n) for n in under + hand]
    assert st.score[0] == points
    if result == MET:
        assert st.done[0][slot] and st.under[0][slot] == []
        assert set(served) <= set(st.discard)  # a validated noble's dishes are discarded
        assert all(a[-1] != slot for a in st.legal_actions() if a[0] == "clear")
    elif result == DEAD_:
        assert not st.done[0][slot] and st.under[0][slot] == [] and st.forced_clears == 1
        assert set(served) <= set(st.discard)
    else:
        assert not st.done[0][slot] and st.under[0][slot] == served and st.forced_clears == 0


def test_every_noble_side_is_met_and_missed_once():
    met = {(s, n) for s, n, _, _, r, _ in REQUESTS if r == MET}
    missed = {(s, n) for s, n, _, _, r, _ in REQUESTS if r != MET}
    assert met == missed == {(s, n) for s in ("unmasked", "masked") for n in range(1, 7)}


def test_no_card_under_a_validated_noble(deck):
    g = RoyaleGame(deck, 2)
    st = position(g, 0, 5, [], ["dessert-12", "drink-12", "fruit-1"])
    st.done[0][5], st.open[0] = True, [0, 1, 2, 3, 4]
    assert {a[2] for a in st.legal_actions()} == {0, 1, 2, 3, 4}


def test_validation_waits_until_the_three_cards_are_served(deck):
    g = RoyaleGame(deck, 2)
    st = position(g, 0, 5, ["dessert-12", "drink-12"], ["fruit-1", "main-4", "pastry-6"])
    st.apply(("place", "fruit-1#1", 5))
    assert not st.done[0][5] and st.score[0] == 0
    st.apply(("place", "main-4#1", 0))
    st.apply(("place", "pastry-6#1", 1))
    assert st.done[0][5] and st.score[0] == 1


def test_forced_clear_on_the_second_card_then_serve_the_same_noble(deck):
    g = RoyaleGame(deck, 2)
    st = position(g, 0, 2, ["fruit-1"], ["fruit-2", "drink-3", "fruit-4"])  # the Baron: four purple
    st.apply(("place", "fruit-2#1", 2))
    st.apply(("place", "drink-3#1", 2))  # not purple: every card of the Baron goes
    assert st.under[0][2] == [] and {cid(g, "fruit-1"), cid(g, "fruit-2"), cid(g, "drink-3")} <= set(st.discard)
    st.apply(("place", "fruit-4#1", 2))
    assert st.under[0][2] == [cid(g, "fruit-4")]


def test_voluntary_clearing_of_several_nobles(deck):
    g = RoyaleGame(deck, 2)
    st = position(g, 0, 5, [], ["dessert-1", "drink-2", "fruit-3"])
    for name, slot in (("dessert-1", 5), ("drink-2", 3), ("fruit-3", 2)):
        st.apply(("place", name + "#1", slot))
    assert st.phase == CLEAR and set(st.legal_actions()) == {("clear", 5), ("clear", 3), ("clear", 2), ("stop",)}
    st.apply(("clear", 5))
    st.apply(("clear", 2))
    assert st.under[0][5] == st.under[0][2] == [] and st.under[0][3] == [cid(g, "drink-2")]
    assert {cid(g, "dessert-1"), cid(g, "fruit-3")} <= set(st.discard)
    st.apply(("stop",))
    assert st.current_player == 1


# -- the end card, scoring and ties ---------------------------------------------------------------
def end_on_top(st: RoyaleState) -> None:
    st.pile.remove(END)
    st.pile.append(END)


def take_and_serve(st: RoyaleState, line: tuple, slots: list[int] | None = None) -> None:
    """The seat to move takes ``line`` and serves its cards to ``slots`` (default: first open), then stops."""
    st.apply(line)
    p = st.player
    for i in range(len(st.hand)):
        st.apply(("place", st.g.card_ids[st.hand[0]], slots[i] if slots else st.open[p][0]))
    if st.phase == CLEAR:
        st.apply(("stop",))


def test_first_end_card_draw_rebuilds_the_pile_with_it_in_the_middle_packet(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(11)
    rig(st, [0, 1, 2], SEAT0_KEEPS)
    discards = [c for c in st.pile if c != END][:10]
    st.pile = [c for c in st.pile if c not in discards]
    st.discard.extend(discards)
    end_on_top(st)
    rebuilt = len(st.pile) - 1 + len(st.discard)  # every dish card not in sight: 10 + 53 = 63
    assert rebuilt == 63
    take_and_serve(st, ("take", "row", 0), [3, 3, 2])  # served cards stay: no new discard
    assert not st.is_terminal() and st.end_draws == 1 and st.discard == []
    assert set(discards) <= set(st.pile) | set(st.grid)
    # three packets of 21; the end card in the middle one: 22 to 43 from the top (1-based),
    # of which the three refilling row 0 have been drawn since
    at = st.pile[::-1].index(END) + 1 + 3
    assert 22 <= at <= 43
    assert len(st.pile) == 63 + 1 - 3


def test_second_draw_of_the_end_card_ends_the_game_at_once(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(12)
    st.end_draws = 1
    end_on_top(st)
    take_and_serve(st, ("take", "row", 1))
    assert st.is_terminal() and st.end_reason == "banquet_over" and st.end_draws == 2
    assert [st.grid[i] for i in (3, 4, 5)] == [EMPTY] * 3  # the end card came first: no refill
    assert st.current_player == -1 and st.legal_actions() == []


def test_end_card_draws_follow_the_data(project_with):
    d = make_variant(project_with, "rules:\n  end_card_draws: 3\n")
    st = RoyaleGame(d, 2).new_initial_state(4)
    for draw in (1, 2):
        end_on_top(st)
        take_and_serve(st, ("take", "row", 0))
        assert st.end_draws == draw and not st.is_terminal()
    end_on_top(st)
    take_and_serve(st, ("take", "row", 0))
    assert st.is_terminal() and st.end_draws == 3


def rig(st: RoyaleState, cells: list[int], names: list[str]) -> None:
    """Put the dish cards ``names`` in buffet ``cells``; displaced cards go to the pile's bottom."""
    g = st.g
    idx = [cid(g, n) for n in names]
    for c in idx:
        if c in st.pile:
            st.pile.remove(c)
        elif c in st.grid:
            st.grid[st.grid.index(c)] = EMPTY
    for cell, c in zip(cells, idx):
        if st.grid[cell] != EMPTY:
            st.pile.insert(0, st.grid[cell])
        st.grid[cell] = c
    for i in range(len(st.grid)):
        if st.grid[i] == EMPTY:
            st.grid[i] = st.pile.pop(next(j for j, c in enumerate(st.pile) if c != END))
    st._legal = None


def validate_viscount(st: RoyaleState, seat: int) -> None:
    """``seat`` (to move) serves cards adding up to 25 to its Viscount (slot 5) in a real turn: 1 point."""
    assert st.player == seat
    names = [["dessert-12", "drink-12", "fruit-1"], ["pastry-12", "main-12", "abundance-1"],
             ["dessert-11", "drink-11", "fruit-3"]][seat]
    rig(st, [0, 1, 2], names)
    take_and_serve(st, ("take", "row", 0), [5, 5, 5])
    assert st.done[seat][5]


def test_most_points_win_at_the_end(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(21)
    validate_viscount(st, 0)
    assert st.score == [1, 0]
    st.end_draws = 1
    end_on_top(st)
    take_and_serve(st, ("take", "column", 0))
    out = st.outcome()
    assert out.scores == [1.0, 0.0] and out.winners == [0] and out.tie_break is None


def keep_three(st: RoyaleState, names: list[str]) -> None:
    """The seat to move takes ``names`` (row 2) and keeps them: two under slot 3, one under slot 2."""
    rig(st, [6, 7, 8], names)
    take_and_serve(st, ("take", "row", 2), [3, 3, 2])
    assert sum(len(u) for u in st.under[(st.player - 1) % 2]) == 3


# abundance cards fit any colour: two for the Marquis (three cards, two adding up to the third),
# one for the Baron (four cards under 15), whichever colours the seat's nobles ask for
SEAT0_KEEPS = ["drink-2", "drink-5", "fruit-1"]
SEAT1_KEEPS = ["abundance-2", "abundance-5", "abundance-3"]


def test_tie_goes_to_most_dish_cards_in_front(deck):
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(22)
    validate_viscount(st, 0)
    validate_viscount(st, 1)
    st.end_draws = 1
    end_on_top(st)
    keep_three(st, SEAT0_KEEPS)  # the refill draws the end card a second time
    assert st.is_terminal() and st.score == [1, 1]
    out = st.outcome()
    assert out.winners == [0] and out.tie_break == "most_dish_cards"


def test_a_tie_on_points_and_cards_is_shared(deck):
    """Our clarification (tie_after_tiebreak: shared)."""
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(23)
    validate_viscount(st, 0)
    validate_viscount(st, 1)
    keep_three(st, SEAT0_KEEPS)
    st.end_draws = 1
    end_on_top(st)
    keep_three(st, SEAT1_KEEPS)
    assert st.is_terminal()
    out = st.outcome()
    assert out.winners == [0, 1] and out.tie_break == "most_dish_cards, then shared"
    assert st.gaps[-1].kind == "tie_after_tiebreak" and st.gaps[-1].settled


def test_validating_every_noble_wins_at_once(deck):
    g = RoyaleGame(deck, 3)
    st = g.new_initial_state(24)
    # seat 1 has validated five nobles (3 + 2 + 2 + 1 + 3 points); the Viscount is left
    for s in range(5):
        st.done[1][s] = True
    st.open[1] = [5]
    st.score[1] = 11
    validate_viscount(st, 0)
    validate_viscount(st, 1)
    assert st.is_terminal() and st.end_reason == "all_nobles"
    out = st.outcome()
    assert out.winners == [1] and out.scores == [1.0, 12.0, 0.0]  # seat 2 never played this round


@pytest.mark.parametrize("seat", [0, 1])
def test_validating_every_noble_wins_even_behind_on_points(deck, seat):
    """Rule 19 before rule 20: the seat with no noble left wins, whoever has the most points (seat 0 too:
    ``_finish``'s ``winner`` is a seat number, 0 is not "none")."""
    g = RoyaleGame(deck, 3)
    st = g.new_initial_state(24)
    for s in range(5):
        st.done[seat][s] = True
    st.open[seat] = [5]
    st.score[2] = 30  # seat 2 leads by far
    for p in range(seat + 1):
        validate_viscount(st, p)
    assert st.is_terminal() and st.end_reason == "all_nobles" and st.winner == seat
    out = st.outcome()
    assert out.winners == [seat] and out.tie_break is None and out.scores[2] == 30.0


def test_an_empty_buffet_ends_the_game(deck):
    """Our clarification (nothing_to_take: end_game): no card to take ends the game."""
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(25)
    rig(st, [6, 7, 8], SEAT0_KEEPS)
    st.pile, st.discard = [], []
    st.grid = [EMPTY] * 6 + st.grid[6:]
    take_and_serve(st, ("take", "row", 2), [3, 3, 2])  # cards that stay: the discard stays empty
    assert st.is_terminal() and st.end_reason == "supply_exhausted"
    assert [gap.kind for gap in st.gaps][-2:] == ["pile_empty", "nothing_to_take"]


# -- solo mode ----------------------------------------------------------------------------------
# The cells each solo card names, copied by hand from the deck's patterns.
SOLO_CELLS = {"solo-1": [0, 1, 2], "solo-2": [6, 7, 8], "solo-3": [0, 3, 6], "solo-4": [2, 5, 8],
              "solo-5": [0, 4, 8], "solo-6": [2, 4, 6], "solo-7": [1, 3, 5], "solo-8": [1, 4, 7],
              "solo-9": [3, 5, 7]}
# The published scale: 11/12, 9/10, 7/8, 0-6, best first.
BAND_OF = {**{s: 0 for s in (11, 12)}, **{s: 1 for s in (9, 10)}, **{s: 2 for s in (7, 8)},
           **{s: 3 for s in range(7)}}
# Player A's points per noble slot, unmasked side (decks/royale.yaml, by hand).
POINTS_A = [3, 2, 2, 1, 3, 1]


@pytest.fixture(scope="module")
def solo_deck():
    return resolve("royale-solo", ROOT)


def test_solo_setup_ghost_starts(solo_deck):
    g = RoyaleGame(solo_deck, 1)
    st = g.new_initial_state(31)
    pile = st.initial_piles["dish_pile"]
    assert len(pile) == 72 and "end-banquet#1" not in pile  # the end card is not used
    assert "end-banquet#1" in st.zones()["box"]
    ghost = g.solo_ids[st.solo_revealed[0]].split("#")[0]
    cells = SOLO_CELLS[ghost]
    # the ghost discards the three cards its card names, then the buffet is refilled
    assert [g.card_ids[c] for c in st.discard] == [pile[i] for i in cells]
    assert [g.card_ids[st.grid[i]] for i in cells] == pile[9:12]
    assert st.zones()["p0:imposter"] == ["imposter-a#1"] and len(st.solo_pile) == 8


@pytest.mark.parametrize("seed", range(6))
def test_solo_ghost_discards_and_score_band_on_played_games(solo_deck, seed):
    g = RoyaleGame(solo_deck, 1)
    st = g.new_initial_state(seed)
    agent, rng = HeuristicAgent(), random.Random(seed)
    ghost_turns = 1
    while not st.is_terminal():
        revealed, pile, grid, discard = len(st.solo_revealed), list(st.pile), list(st.grid), len(st.discard)
        st.apply(agent.choose(st.observation(0), st.legal_actions(), rng))
        if len(st.solo_revealed) > revealed:  # the turn ended and the ghost played
            ghost_turns += 1
            # refill the player's take by hand: empty cells in reading order from the top of the pile
            for i in range(9):
                if grid[i] == EMPTY:
                    grid[i] = pile.pop()
            ghost = g.solo_ids[st.solo_revealed[-1]].split("#")[0]
            assert st.discard[-3:] == [grid[i] for i in SOLO_CELLS[ghost]]
            assert len(st.discard) >= discard + 3
            for i in SOLO_CELLS[ghost]:
                grid[i] = pile.pop()
            assert st.grid == grid
    out = st.outcome()
    assert st.turns == 9 and out.end_reason == "turns_done" and ghost_turns == 9
    score = sum(POINTS_A[s] for s in range(6) if st.done[0][s])
    assert out.scores == [float(score)] and out.extra["band"] == BAND_OF[score]
    assert out.extra["band_title"] == solo_deck.rules.score_bands[BAND_OF[score]].title.en


def test_solo_games_reach_more_than_one_band(solo_deck):
    bands = set()
    for seed in range(10):
        st = RoyaleGame(solo_deck, 1).new_initial_state(seed)
        agent, rng = HeuristicAgent(), random.Random(seed)
        while not st.is_terminal():
            st.apply(agent.choose(st.observation(0), st.legal_actions(), rng))
        bands.add(st.outcome().extra["band"])
    assert len(bands) >= 2


# -- our rulings and the data's wording ------------------------------------------------------------
def test_rulings_the_text_does_not_say_are_marked_in_the_data(deck):
    ruling = deck.model.rulings["imposter_quarter_turn_either_way"]
    assert ruling.rules == ["imposter_rotations"]
    assert all(ruling.text[lang] for lang in SHIPPED)
    assert deck.rules.imposter_rotations == [0, 90, 180, 270]  # what the ruling allows
    for kind, resolution in (("nothing_to_take", "end_game"), ("tie_after_tiebreak", "shared")):
        clar = deck.model.clarifications[kind]
        assert clar.resolution == resolution and all(clar.text[lang] for lang in SHIPPED)


# The published text calls each noble "ce noble" (he) or "cette noble" (she), per side and number.
GENDER = {("unmasked", 1): "f", ("unmasked", 2): "f", ("unmasked", 3): "m", ("unmasked", 4): "m",
          ("unmasked", 5): "f", ("unmasked", 6): "m", ("masked", 1): "f", ("masked", 2): "m",
          ("masked", 3): "f", ("masked", 4): "m", ("masked", 5): "f", ("masked", 6): "m"}
# The titles the deck uses, and their gender, by hand.
TITLE_GENDER = {"La Duchesse": "f", "La Comtesse": "f", "Le Baron": "m", "Le Marquis": "m", "La Princesse": "f",
                "Le Vicomte": "m", "Colombine": "f", "Arlequin": "m", "Isabelle": "f", "Le Prince de la nuit": "m",
                "La Dame de cœur": "f", "Pierrot": "m"}


def test_noble_titles_keep_the_published_gender(deck):
    for icon in "abcd":
        for n in range(1, 7):
            comp = deck.component(f"noble-{icon}{n}")
            for side in ("unmasked", "masked"):
                title = noble_face(comp, side).title
                assert TITLE_GENDER[title["fr"]] == GENDER[(side, n)], (comp.id, side)
                if GENDER[(side, n)] == "m":
                    assert not title["it"].startswith("La ") and not title["en"].startswith("The Queen")


def test_a_line_with_empty_cells_gives_the_cards_it_holds(deck):
    """Our clarification (short_line: take_present)."""
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(26)
    st.pile, st.discard = [], []  # nothing left to refill with
    held = [st.grid[1], st.grid[7]]
    st.grid[4] = EMPTY
    st._legal = None
    st.apply(("take", "column", 1))
    assert st.hand == held and st.gaps[-1].kind == "short_line" and st.gaps[-1].settled


def test_uneven_rebuild_packets_differ_by_one_larger_on_top(deck):
    """Our clarification (uneven_packets: near_equal): 62 cards make packets of 21, 21, 20."""
    g = RoyaleGame(deck, 2)
    st = g.new_initial_state(27)
    rig(st, [0, 1, 2], SEAT0_KEEPS)
    one = cid(g, "main-1")  # one card under the Viscount: 62 dish cards left for the rebuild
    rig(st, [3], ["main-1"])
    st.grid[3] = st.pile.pop(0)
    st.under[0][5], st.sid[0][5] = [one], g.checkers[0][5].run([g.codes[0][5][one]])
    discards = [c for c in st.pile if c != END][:11]
    st.pile = [c for c in st.pile if c not in discards]
    st.discard.extend(discards)
    end_on_top(st)
    assert len(st.pile) - 1 + len(st.discard) == 62
    take_and_serve(st, ("take", "row", 0), [3, 3, 2])
    assert st.gaps[-1].kind == "uneven_packets" and st.gaps[-1].settled
    at = st.pile[::-1].index(END) + 1 + 3  # 1-based from the top of the rebuilt pile
    assert 22 <= at <= 43  # the middle packet: cards 22 to 42, plus the end card
