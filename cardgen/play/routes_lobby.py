"""The lobby's route (issue #52): people open the table's one link, type a name and take a free seat.

A seat is given once: whoever claims it gets that seat's own link (relative to the lobby's), and nobody else
gets it from the lobby. The lobby's key asks nothing else (``access.LOBBY_ASKS``).
"""
from __future__ import annotations

from typing import Any

from cardgen.play.context import Table


def lobby_join(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """The lobby's "take this seat": ``data`` names a free person's seat (from 1) and the person's name; the
    answer is that seat's own link (relative to the lobby's), given once, to whoever claims the seat."""
    seat = data.get("seat")
    seat = seat - 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
    name = table.session.claim(seat, data.get("name"))
    key = next(k for k, role in table.keys.items() if role == seat)
    return {"seat": seat, "name": name, "link": f"../{key}/"}


def join(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """POST ``api/join`` (the lobby's key): a seat taken under a name; the answer is the seat's link."""
    from starlette.responses import JSONResponse

    return JSONResponse(lobby_join(table, data), headers={"Cache-Control": "no-store"})


#: this module's routes: (name under ``api/``, handler, who may ask: ``access.check_role``)
ROUTES = (("join", join, "lobby"),)
