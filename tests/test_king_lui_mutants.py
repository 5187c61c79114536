"""King Lui scoring cases that kill the mutants mutmut left alive in ``KingLuiState.scores``.

Values worked by hand from the published rule (seeds 000/002/003): a dish scores its
portions times the king's portions of it, and a dish with more portions than the king
has is discarded whole. See docs/DEVELOPING.md, "Mutation testing".
"""
from __future__ import annotations

from test_king_lui_engine import arrange, deck, new_state  # noqa: F401  (deck is a fixture)


def test_two_overeaten_dishes_both_count_as_discarded(deck):  # noqa: F811
    state = new_state(deck, 3, [])
    arrange(state, {"ham": 4, "wine": 2, "cheese": 1},
            [{"ham": 5, "wine": 3, "cheese": 1}, {}, {}])
    scores, discarded = state.scores()
    # ham 5 > 4 and wine 3 > 2 are both discarded: 5 + 3 = 8 cards; cheese 1 x 1 = 1 point
    assert scores == [1, 0, 0]
    assert discarded == [8, 0, 0]
