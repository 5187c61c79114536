"""One served table's shared state (issue #52): its session, the keys and who holds each, when each person's
page was last heard from, and the JSON each role is answered with.

The route modules (``routes_lobby``, ``routes_seats``, ``routes_table``, ``routes_feedback``) receive a ``Table``
and change the session through it; ``server`` builds one per app. Keys move only under ``keys_lock`` (a rematch
with seats swapped moves each person's key to their new seat while other requests read them).
"""
from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.play.access import DESIGNER, LOBBY, PASSED, SPECTATOR
from cardgen.play.view import designer_view, lobby_view, pass_view, spectator_view, table_view

if TYPE_CHECKING:
    from cardgen.play.session import Session

#: seconds between the page's requests for the table (static/app.js says the same)
HEARTBEAT = 2.0
#: seconds since a seat's page was last heard from within which the designer's page shows it connected
CONNECTED_SECONDS = 3 * HEARTBEAT


@dataclass
class Table:
    """A session as served: ``keys`` maps each key to its seat or role; ``heard_at``: each person's seat, when its
    page (or the pass-and-play device) last asked; ``log_path``: where the game's line is written."""

    session: "Session"
    keys: dict[str, int]
    log_path: Path
    keys_lock: threading.Lock = field(default_factory=threading.Lock)
    heard_at: dict[int, float] = field(default_factory=dict)
    #: the pass-and-play device has asked: the designer's page says the players hand one device round
    passing: bool = False

    def role_of(self, key: str) -> int | None:
        """The role ``key`` stands for (None: no such key); every key compared, in constant time."""
        found = None
        with self.keys_lock:
            known_keys = list(self.keys.items())
        for known, role in known_keys:
            if secrets.compare_digest(key.encode(), known.encode()):
                found = role
        return found

    def link_of(self, role: int) -> str | None:
        """The link (relative to a page's own) of the key that has ``role`` now (a rematch may move people)."""
        return next((f"../{key}/" for key, held in self.keys.items() if held == role), None)

    def came(self, role: int) -> None:
        """A page of ``role`` asked: its seat has come (the device passed around is every person's page)."""
        self.passing = self.passing or role == PASSED
        for seat in (self.session.people if role == PASSED else [role] if role >= 0 else []):
            self.session.join(seat)
            self.heard_at[seat] = time.monotonic()

    def seat_of(self, role: int) -> int:
        """The seat a request moves for: its own, or on the pass-and-play device the person whose turn it is."""
        turn = self.session.state.current_player
        return turn if role == PASSED and turn in self.session.people else role

    def follow(self, moved: dict[int, int] | None, role: int) -> int:
        """After a rematch (``moved``: where each person's seat went; None: not dealt yet) each person's key
        goes with them to their new seat; returns the asker's role now."""
        if moved is None:
            return role
        with self.keys_lock:
            for key, held in list(self.keys.items()):
                self.keys[key] = moved.get(held, held)
        return moved.get(role, role)

    def answer(self, role: int, extra: dict[str, Any] | None = None, reveal: int | None = None) -> Any:
        """The table as ``role`` sees it now, as a JSON answer (``extra`` added; ``reveal``: the seat a
        pass-and-play device's person uncovered)."""
        from starlette.responses import JSONResponse

        session = self.session
        if role == PASSED:
            return JSONResponse(pass_view(session, reveal) | self.said_to(role, extra or {}),
                                headers={"Cache-Control": "no-store"})
        if role == LOBBY:
            return JSONResponse(lobby_view(session), headers={"Cache-Control": "no-store"})
        if role == DESIGNER:
            now = time.monotonic()
            body = designer_view(session) | {
                "connected": sorted(s for s, at in self.heard_at.items() if now - at < CONNECTED_SECONDS),
                "handed": {str(s + 1): name for s, name in sorted(session.handed.items())},
                "seat_links": {str(s + 1): self.link_of(s) for s in sorted({*session.people, *session.handed})},
                "links": {str(s + 1): self.link_of(s) for s in session.people}, "lobby_link": self.link_of(LOBBY),
                "spectator_link": self.link_of(SPECTATOR), "pass_link": self.link_of(PASSED), "passing": self.passing}
        else:
            body = spectator_view(session) if role == SPECTATOR else table_view(session, role)
        if extra:
            body.update(self.said_to(role, extra))
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    def said_to(self, role: int, extra: dict[str, Any]) -> dict[str, Any]:
        """``extra`` as ``role`` may read it: the log's path (``saved``) is a place on the designer's machine,
        said to the designer's page (and at a table of one person, the designer's own) and never on a
        player's phone, a spectator's or the passed device (#53: fr1, it38, en9)."""
        if "saved" in extra and role != DESIGNER and len(self.session.people) > 1:
            return {**extra, "saved": ""}
        return extra


def reveal_of(data: dict[str, Any]) -> int | None:
    """The seat a pass-and-play device's request says its person uncovered (``reveal``), if any."""
    shown = data.get("reveal")
    return shown if isinstance(shown, int) and not isinstance(shown, bool) else None
