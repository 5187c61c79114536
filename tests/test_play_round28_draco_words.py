"""The play page's twenty-eighth reading (#53), Draco & Co: the bar's rounds at game over and Aunt Sarah's draws.

"turns played: 90 · rounds finished: 29" with three players, the 90th turn the round's last seat's (en25, fr28): the
final toast ends the game inside its turn, before the engine counts it. And "draws a card for a ruffian of theirs
beside Aunt Sarah" followed by "does not draw for a ruffian of theirs beside Aunt Sarah" for one player at one
moment (en23, fr20, it19): each line now names its ruffian by its seat, held here to the engine's own queue of
Aunt Sarah's neighbours.
"""
from __future__ import annotations

import random
import re

import pytest

from cardgen.play.session import Session
from cardgen.play.view import table_view
from tests.test_play_session import deck_of


def _finished(seed: int, lang: str = "en") -> Session:
    """A seeded game of Draco, three people, played at random to its end."""
    session = Session(deck_of("draco"), players=3, seed=seed, people=[0, 1, 2], lang=lang)
    for seat in range(3):
        session.join(seat)
    rng = random.Random(seed)
    while not session.state.is_terminal():
        mover = session.state.current_player
        session.play(list(rng.choice(session.state.legal_actions())), mover, turn=len(session.actions))
    return session


def test_the_bar_counts_the_round_the_final_toast_closes() -> None:
    """At game over, every player has had as many turns as the rounds finished say, the last round counted when
    the game's last turn was its last seat's: turns // players, on games whose last turn closes a round and games
    whose last turn does not."""
    closed = set()
    for seed in (4, 5, 7):
        session = _finished(seed)
        page = table_view(session, 0)
        turns, rounds = page["turns"], page["rounds"]
        assert rounds == turns // 3, (seed, turns, rounds)
        closed.add(turns % 3 == 0)
    assert closed == {True, False}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_draw_beside_aunt_sarah_names_the_ruffian_the_engine_asked_for(lang: str) -> None:
    """Each draw or declined draw names the ruffian it is for, by its seat: the one before Aunt Sarah while the
    engine's queue of her neighbours still holds both of a player's (``table.put_sarah_neighbours``), else the
    one after her; and a player's two decisions at one toast name two different seats."""
    seat = {"en": r"\(seat (\d)\)", "fr": r"\(place (\d)\)", "it": r"\(posto (\d)\)"}[lang]
    both = 0
    for seed in (3, 4):
        session = Session(deck_of("draco"), players=3, seed=seed, people=[0, 1, 2], lang=lang)
        for s in range(3):
            session.join(s)
        rng = random.Random(seed)
        while not session.state.is_terminal():
            state = session.state
            mover = state.current_player
            circle = state.observation(mover)["circle"]
            action = rng.choice(state.legal_actions())
            if action[0] not in ("draw", "decline"):
                session.play(list(action), mover, turn=len(session.actions))
                continue
            at = next(i for i, c in enumerate(circle) if c.startswith("aunt-sarah"))
            mine = [i for i in (at - 1, at + 1) if 0 <= i < len(circle) and circle[i].startswith("ruffian-")
                    and state.observation(mover)["info"]["owner"][circle[i]] == mover]
            asked = mine[0] if len(mine) == 1 or len(state.sarah_queue) == 2 else mine[1]
            text = session.play(list(action), mover, turn=len(session.actions)).text
            said = re.findall(seat, text)
            assert said == [str(asked + 1)], (text, circle, mine)
            both += len(mine) == 2
    assert both
