"""The feedback route (issue #52 item 10): a person's answers to the form at the end of a game, kept with the
game's log line under their seat (and so their name).

A person's key answers for its own seat; the pass-and-play device, one device for several people, names whose
answers they are (``seat``, from 1), each person in turn. The game's line is written again at once.
"""
from __future__ import annotations

from typing import Any

from cardgen.play import seats
from cardgen.play.access import PASSED
from cardgen.play.context import Table, reveal_of


def feedback(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A person's answers to the form; on the passed device, ``seat`` (from 1) says whose they are."""
    session = table.session
    seat = seats.seat_number(session, data.get("seat")) if role == PASSED else role
    session.give_feedback(seat, data.get("answers"))
    path = session.save(table.log_path)  # the answers are kept with the game: its log line is written again
    return table.answer(role, {"saved": str(path)}, reveal_of(data))


#: this module's routes: (name under ``api/``, handler, who may ask: ``access.check_role``)
ROUTES = (("feedback", feedback, "seat"),)
