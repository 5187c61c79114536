"""Who may ask what of a served table (issue #52): the roles a key stands for, the keys made at start, and the
one check every route passes before it reaches the session.

Every path starts with ``/<key>/``. Each person's seat has its own key (a random 128-bit word made at start, in
the link printed for that seat); the designer's key watches every seat without moving and alone hands seats to
agents, replaces links and starts early; the lobby's key only takes a free seat; the spectator's sees what
every seat sees alike and changes nothing (403); the pass-and-play key moves for the person whose turn it is
and takes each person's answers and their rematch at the end; a key the designer replaced is refused with 403, not taken for a
wrong one (404). A request whose ``Host`` is not the address the server printed, or whose ``Origin`` is another
site, is refused (403) whatever its key: a page elsewhere cannot drive the table through a person's browser.
"""
from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.play.session import Session

#: the designer's role (a seat is its number, from 0)
DESIGNER = -1
#: the lobby's role: one link for the whole table, where people name themselves and take a free seat
LOBBY = -2
#: the spectator's role: the table as a non-player sees it (no hand), read-only
SPECTATOR = -3
#: the pass-and-play role: one device handed from person to person, each hand hidden until its person taps
PASSED = -4
#: a key the designer replaced (``relink``): refused with 403, not taken for a wrong one
REVOKED = -5
#: what the spectator's key may ask: its page, the pictures, the table and its events, and to say goodbye
SPECTATOR_ASKS = ("page", "face", "view", "leave")
#: what the pass-and-play device may ask (it moves for the person whose turn it is, takes each person's answers,
#: and at the end proposes or accepts a rematch for the people playing on it)
PASSED_ASKS = ("page", "face", "view", "leave", "move", "agent", "hint", "feedback", "rematch", "rematch_answer")
#: what the lobby's key may ask: its page, the lobby's view, its events, and to take a seat
LOBBY_ASKS = ("page", "view", "join")


class Refusal(Exception):
    """A request refused before the session sees it (status, one English line, the code of its words)."""

    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def refusal_words(lang: str, code: str | None, fallback: str) -> str:
    """Refusal ``code`` in the table's language (``err_<code>`` in ``view.json``); ``fallback`` without one."""
    from cardgen.play.view import UI

    return (UI.get(lang) or UI["en"]).get(f"err_{code}") or fallback


def table_keys(session: "Session") -> dict[str, int]:
    """A fresh random key for each person's seat, one for the designer, one for a spectator and, at a table of
    several people, one for its lobby and one for the pass-and-play device: ``{key: seat or role}``."""
    keys = {secrets.token_urlsafe(16): seat for seat in session.people}
    keys[secrets.token_urlsafe(16)] = DESIGNER
    keys[secrets.token_urlsafe(16)] = SPECTATOR
    if len(session.people) > 1:
        keys[secrets.token_urlsafe(16)] = LOBBY
        keys[secrets.token_urlsafe(16)] = PASSED
    return keys


def check_origin(role: int, headers: Any, hosts: set[str] | None) -> None:
    """A replaced key, a foreign ``Host`` or an ``Origin`` of another site: raises ``Refusal`` (403).
    ``hosts``: the ``Host`` values accepted (None: any, for tests)."""
    if role == REVOKED:
        raise Refusal(403, "the designer gave this seat a new link; this one no longer works", "revoked")
    if hosts is not None and headers.get("host", "") not in hosts:
        raise Refusal(403, "this table answers only at the address it printed (Host)", "host")
    origin = headers.get("origin")
    if hosts is not None and origin is not None and origin not in {f"http://{h}" for h in hosts}:
        raise Refusal(403, "a page of another site may not use this table (Origin)", "origin")
    if headers.get("sec-fetch-site") == "cross-site":
        raise Refusal(403, "a page of another site may not use this table", "origin")


def check_role(role: int, name: str, who: str) -> None:
    """May ``role`` ask route ``name``, which is for ``who`` (``any``, ``seat``, ``designer`` or ``lobby``)?
    Raises ``Refusal`` (403) with the words of why not."""
    if who == "designer" and role != DESIGNER:
        raise Refusal(403, "only the designer's page hands seats over, replaces links and starts", "designer_only")
    if who == "seat" and role == DESIGNER:
        raise Refusal(403, "the designer's page watches; moves come from the people's seats", "watching")
    if role == SPECTATOR and name not in SPECTATOR_ASKS:
        raise Refusal(403, "the spectator's link watches the table; it changes nothing", "spectating")
    if role == PASSED and name not in PASSED_ASKS:
        raise Refusal(403, "the pass-and-play link plays the people's turns; the designer deals", "pass_only")
    if (role == LOBBY and name not in LOBBY_ASKS) or (who == "lobby" and role != LOBBY):
        raise Refusal(403, "the lobby's link only takes a seat; the table is at the seat's own link", "lobby_only")
