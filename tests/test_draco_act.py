"""Draco & Co: the decision taken (``rules.act``, written once for both tiers) picks what comes next by the
published turn order, and does only its own part of it.

A turn (docs/draco.md, the published description): 1) play an action card, and after Favour's roll move the
character by the roll, 2) propose a toast or pass, 3) draw a card; after a toast, Aunt Sarah's neighbours are
asked one by one whether to draw. So: a card played goes through the hook point ``play`` (which house rules wrap);
a move after the roll leads to step 2; a neighbour's answer to the next neighbour; a toast to the toast; a pass to
step 3. Each expected seat order and hand here is worked out by hand from that text, not by running the engine.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.games.draco import rules
from cardgen.games.draco.engine import DracoGame, DracoState
from cardgen.games.draco.rules import (AFTER_PLAY, DO_TOAST, DONE, END_TURN, NEXT_NEIGHBOUR, PLAY, ROLLED, SARAH,
                                       TOAST)
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
#: seat 0's ruffians first, then seat 1's... (``DracoGame.code_of``)
R1, Y1, G1, B1 = "ruffian-red#1", "ruffian-yellow#1", "ruffian-green#1", "ruffian-blue#1"


class Watched(DracoState):
    """A state whose hook methods only note that they were called: ``act`` must not run the turn on itself."""

    def _play(self, action: Any) -> None:
        self.called.append(("play", action))

    def _after_play(self) -> None:
        self.called.append(("after_play",))

    def _toast(self) -> None:
        self.called.append(("toast",))

    def _next_neighbour(self) -> None:
        self.called.append(("next_neighbour",))

    def _end_turn(self, toasted: bool) -> None:
        self.called.append(("end_turn", toasted))


@pytest.fixture(scope="module")
def deck() -> Any:
    return resolve("draco", ROOT)


def state(deck: Any, phase: int) -> Watched:
    """A 4-player game dealt as usual (seed 7), the decision due set to ``phase``, nothing noted yet."""
    game = DracoGame(deck, 4)
    game.state_class = Watched
    st = game.new_initial_state(7)
    assert isinstance(st, Watched)
    st.called = []
    st.phase = phase
    return st


def test_a_card_played_goes_through_the_play_hook_and_nothing_else(deck: Any) -> None:
    st = state(deck, PLAY)
    action = ("play", "favour")
    assert rules.act(st, action) == DONE  # the hook ``_play`` runs the rest of the turn itself
    assert st.called == [("play", action)]


def test_after_the_roll_the_named_character_moves_by_it_then_step_two(deck: Any) -> None:
    st = state(deck, ROLLED)
    code = st.g.code_of
    first = [code[R1], code[Y1], code[G1], code[B1]]
    st.order = first + [c for c in st.order if c not in first]
    st.roll, st.roll_sign = 2, -1  # forward (towards the first seat) by 2
    before = list(st.order)
    assert rules.act(st, ("move", B1)) == AFTER_PLAY
    assert st.order[:4] == [code[R1], code[B1], code[Y1], code[G1]]  # blue two seats forward, the others close up
    assert st.order[4:] == before[4:]
    assert st.called == []


def test_a_neighbour_of_aunt_sarah_who_draws_takes_the_cards_then_the_next_is_asked(deck: Any) -> None:
    st = state(deck, SARAH)
    st.sarah_queue = [2, 1]
    hand, pile = len(st.hands[2]), len(st.pile)
    assert st.g.sarah_draw == 1 and pile > 1
    assert rules.act(st, ("draw",)) == NEXT_NEIGHBOUR
    assert st.sarah_queue == [1]
    assert len(st.hands[2]) == hand + 1 and len(st.pile) == pile - 1
    assert st.peak["hand_size"] >= hand + 1
    assert st.called == []


def test_a_neighbour_of_aunt_sarah_who_declines_takes_nothing_then_the_next_is_asked(deck: Any) -> None:
    st = state(deck, SARAH)
    st.sarah_queue = [3, 0]
    hands, pile = [len(h) for h in st.hands], len(st.pile)
    assert rules.act(st, ("decline",)) == NEXT_NEIGHBOUR
    assert st.sarah_queue == [0]
    assert [len(h) for h in st.hands] == hands and len(st.pile) == pile


def test_step_two_a_toast_leads_to_the_toast_a_pass_to_step_three(deck: Any) -> None:
    st = state(deck, TOAST)
    money = list(st.money)
    assert rules.act(st, ("toast",)) == DO_TOAST
    assert st.money == money  # the toast itself is the next step's
    st = state(deck, TOAST)
    hands = [len(h) for h in st.hands]
    assert rules.act(st, ("pass",)) == END_TURN
    assert [len(h) for h in st.hands] == hands  # step 3's card is the next step's
    assert st.called == []


def test_the_engine_hands_what_comes_next_to_its_hook_methods(deck: Any) -> None:
    st = state(deck, TOAST)
    st._legal = None
    st.apply(("pass",))
    assert st.called == [("end_turn", False)]
    st = state(deck, ROLLED)
    st._legal = None
    st.apply(st.legal_actions()[0])
    assert st.called == [("after_play",)]
