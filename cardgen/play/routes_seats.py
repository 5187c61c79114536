"""The designer's routes over the seats (issue #52): hand a person's seat to an agent and back, give a seat a
new link (the old key refused, 403), and start the table before every person has come.

Only the designer's key reaches these (``access.check_role``: ``designer``); the work on the session is
``cardgen.play.seats``'.
"""
from __future__ import annotations

import secrets
from typing import Any

from cardgen.play import seats
from cardgen.play.access import REVOKED
from cardgen.play.context import Table
from cardgen.play.session import Refused


def seat(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """The designer hands a person's seat to an agent (``agent``: true) or gives it back to its person."""
    where = seats.seat_number(table.session, data.get("seat"))
    if data.get("agent") is True:
        seats.hand_to_agent(table.session, where)
    else:
        seats.take_back(table.session, where)
    return table.answer(role)


def relink(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A person's seat gets a new key (a link sent to the wrong person, a lost phone): the old one is refused."""
    session = table.session
    where = seats.seat_number(session, data.get("seat"))
    if where not in session.people and where not in session.handed:
        raise Refused(f"seat {where + 1} is not a person's", "seat_bad")
    with table.keys_lock:
        for key, held in list(table.keys.items()):
            if held == where:
                table.keys[key] = REVOKED
        table.keys[secrets.token_urlsafe(16)] = where
    table.heard_at.pop(where, None)
    with session.lock:
        session.version += 1  # the designer's page shows the new link
    return table.answer(role)


def start(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """The table starts now, without the people's pages still to come."""
    seats.start_now(table.session)
    return table.answer(role)


#: this module's routes: (name under ``api/``, handler, who may ask: ``access.check_role``)
ROUTES = (("seat", seat, "designer"), ("relink", relink, "designer"), ("start", start, "designer"))
