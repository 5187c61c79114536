"""The playtest web app: Starlette routes served by uvicorn, on 127.0.0.1 unless ``--lan``, behind keys.

Why these: Starlette is a small, maintained ASGI toolkit (routing, JSON, static answers,
server-sent events) and uvicorn its usual server; the page itself is plain HTML, CSS and
JavaScript (``static/``), so nothing is built or fetched from a registry at run time.

Who may ask: every path starts with ``/<key>/``. Each person's seat has its own key (a random
128-bit word made at start, in the link printed for that seat) and the designer has one that
watches every seat without moving; any other key, path or method is refused, and so is a
request whose ``Host`` is not the address the server printed or whose ``Origin`` is another
site (a page elsewhere cannot drive the table through the person's browser). A person's key
sees only that seat's view and moves only for that seat; a move names the move it answers, so
one sent again is refused. The spectator's key sees what every seat sees alike and changes nothing; the
pass-and-play key moves for the person whose turn it is and gets a hand only once that person has tapped
(``reveal``); a seat's key the designer replaced is refused with 403; the designer alone hands seats to
agents, replaces links and starts the table early; a rematch (seats swapped: the people's keys move with them)
is the designer's at once, or any person's once every person has said yes.

What it serves, and nothing else: the page and its two files, the deck's own face pictures
(drawn at start from the same vectors as the printed sheets, kept in memory), the table's JSON
and a stream of server-sent events that tells each page the table changed (within 0.1 s).

Nothing can starve it: a connection that has not sent a whole request head within
``HEAD_SECONDS`` is closed, a body must come within ``BODY_SECONDS`` and be at most
``MAX_BODY`` bytes, and no cap on connections lets idle sockets turn real pages away (one address
holds at most ``PEER_CONNECTIONS``: a new one closes its oldest idle one).

When it stops: Ctrl-C; the process that started it going away; and a table whose pages have
all gone: one person's page closed (``IDLE_STOP`` seconds without a request, or a few seconds
after the page says goodbye unless it comes back), or ``PEOPLE_IDLE_STOP`` seconds without any
page at a table with several people (who drop out and come back). Before the first page comes,
only a page opened by the server itself is waited for a limited time.
"""
from __future__ import annotations

import asyncio
import json
import os
import secrets
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, TextIO

from cardgen.contain import starter_gone
from cardgen.errors import InputError, clean
from cardgen.usercode import UserCodeError
from cardgen.play import seats, talk
from cardgen.play.session import Refused, Session
from cardgen.play.view import designer_view, lobby_view, pass_view, spectator_view, table_view

#: largest request body accepted (a move is a few dozen bytes, a feedback form a few kilobytes)
MAX_BODY = 16384
#: seconds between the page's requests for the table (static/app.js says the same)
HEARTBEAT = 2.0
#: seconds without any request after which one person's page counts as closed
IDLE_STOP = 20.0
#: seconds without any page after which a table with several people stops
PEOPLE_IDLE_STOP = 900.0
#: seconds the server waits after the page says goodbye (a reload comes back sooner)
LEAVE_GRACE = 4.0
#: seconds a connection may take to send a whole request head (a half-open socket is closed after)
HEAD_SECONDS = 5.0
#: connections one address may hold open; beyond, its oldest one not in a request (a half-sent head, an idle
#: keep-alive) is closed, so one machine's idle sockets cannot fill the server's limit and turn pages away
PEER_CONNECTIONS = 64
#: seconds a request body may take to arrive
BODY_SECONDS = 5.0
#: seconds between two checks of the table by the event stream (how soon another seat's move shows)
EVENT_TICK = 0.1
#: seconds between two keep-alive comments on an idle event stream
EVENT_PING = 10.0
#: the designer's role (a seat is its number, from 0)
DESIGNER = -1
#: the lobby's role: one link for the whole table, where people name themselves and take a free seat
LOBBY = -2
#: the spectator's role: the table as a non-player sees it (no hand), read-only
SPECTATOR = -3
#: what the spectator's key may ask: its page, the pictures, the table and its events, and to say goodbye
SPECTATOR_ASKS = ("page", "face", "view", "leave")
#: the pass-and-play role: one device handed from person to person, each hand hidden until its person taps
PASSED = -4
#: what the pass-and-play device may ask (it moves for the person whose turn it is, and takes each person's answers)
PASSED_ASKS = ("page", "face", "view", "leave", "move", "agent", "hint", "feedback")
#: a key the designer replaced (``relink``): refused with 403, not taken for a wrong one
REVOKED = -5
#: seconds since a seat's page was last heard from within which the designer's page shows it connected
CONNECTED_SECONDS = 3 * HEARTBEAT
#: the page's own files
STATIC = ("index.html", "app.js", "app.css")
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".png": "image/png"}


def face_pictures(session: Session) -> dict[str, bytes]:
    """``<component id>.png`` and ``<component id>-large.png`` of every front face, and ``<id>~2.png`` of
    the second face of a two-faced card (Royale's masked nobles), drawn as the gallery draws them."""
    from cardgen.render.export import _sides_of
    from cardgen.report.gallery import draw_pictures

    todo = [(s, s.component.id) for s in _sides_of(session.deck) if not s.back and s.index == 0]
    todo += [(s, f"{s.component.id}~2") for s in _sides_of(session.deck)
             if s.back and len(s.component.faces) == 2 and s.component.kind != "die"]
    return {Path(rel).name: data for rel, data in draw_pictures(session.deck, session.lang, todo)}


@dataclass
class Watch:
    """When a page was last heard from, and whether it said goodbye (read by the idle watcher).

    ``idle_stop``: seconds without a request that end the table; ``leaves``: a page's goodbye counts
    (one person); ``wait_first``: seconds to wait for the first page (None: as long as it takes)."""

    last: float = field(default_factory=time.monotonic)
    leaving: float | None = None
    idle_stop: float = IDLE_STOP
    leaves: bool = True
    wait_first: float | None = IDLE_STOP
    heard_once: bool = False
    stopping: bool = False
    #: the one line of the project code that broke the table (``UserCodeError``): said once, then the table ends
    broken: str | None = None

    def heard(self) -> None:
        self.last, self.leaving, self.heard_once = time.monotonic(), None, True

    def closed(self, now: float) -> bool:
        if not self.heard_once:
            return self.wait_first is not None and now - self.last > self.wait_first
        return now - self.last > self.idle_stop or (
            self.leaves and self.leaving is not None and now - self.leaving > LEAVE_GRACE)


class _Refusal(Exception):
    """A request refused before the session sees it (status, one English line, the code of its words)."""

    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def refusal_words(lang: str, code: str | None, fallback: str) -> str:
    """Refusal ``code`` in the table's language (``err_<code>`` in ``view.json``); ``fallback`` without one."""
    from cardgen.play.view import UI

    return (UI.get(lang) or UI["en"]).get(f"err_{code}") or fallback


def table_keys(session: Session) -> dict[str, int]:
    """A fresh random key for each person's seat, one for the designer, one for a spectator and, at a table of
    several people, one for its lobby: ``{key: seat, DESIGNER, SPECTATOR or LOBBY}``."""
    keys = {secrets.token_urlsafe(16): seat for seat in session.people}
    keys[secrets.token_urlsafe(16)] = DESIGNER
    keys[secrets.token_urlsafe(16)] = SPECTATOR
    if len(session.people) > 1:
        keys[secrets.token_urlsafe(16)] = LOBBY
        keys[secrets.token_urlsafe(16)] = PASSED
    return keys


#: what the lobby's key may ask: its page, the lobby's view, its events, and to take a seat
LOBBY_ASKS = ("page", "view", "join")


def lobby_join(session: Session, keys: dict[str, int], data: dict[str, Any]) -> dict[str, Any]:
    """The lobby's "take this seat": ``data`` names a free person's seat (from 1) and the person's name; the
    answer is that seat's own link (relative to the lobby's), given once, to whoever claims the seat."""
    seat = data.get("seat")
    seat = seat - 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
    name = session.claim(seat, data.get("name"))
    key = next(k for k, role in keys.items() if role == seat)
    return {"seat": seat, "name": name, "link": f"../{key}/"}


def build_app(session: Session, token: str | None, log_path: Path, pictures: dict[str, bytes] | None = None,
              watch: Watch | None = None, keys: dict[str, int] | None = None,
              hosts: set[str] | None = None) -> Any:
    """The ASGI app for ``session``: every route under ``/<key>/``.

    ``keys`` maps each key to its seat (or ``DESIGNER``); ``token`` alone is the first person's key.
    ``hosts``: the ``Host`` values accepted (``127.0.0.1:PORT``...); None accepts any (tests)."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response, StreamingResponse
    from starlette.routing import Route

    pictures = face_pictures(session) if pictures is None else pictures
    watch = watch or Watch()
    keys = dict(keys or {})
    if token is not None:
        keys[token] = session.seat
    files = {name: resources.files("cardgen.play").joinpath("static", name).read_bytes() for name in STATIC}
    origins = None if hosts is None else {f"http://{h}" for h in hosts}
    keys_lock = threading.Lock()  # a rematch with a seat swap moves the people's keys while others are read
    heard_at: dict[int, float] = {}  # each person's seat: when its page (or the pass-and-play device) last asked

    def role_of(key: str) -> int | None:
        found = None
        with keys_lock:
            known_keys = list(keys.items())
        for known, role in known_keys:  # every key compared, in constant time
            if secrets.compare_digest(key.encode(), known.encode()):
                found = role
        return found

    def link_of(role: int) -> str | None:
        """The link (relative to a page's own) of the key that has ``role`` now (a rematch may move people)."""
        return next((f"../{key}/" for key, held in keys.items() if held == role), None)

    def state_json(role: int, extra: dict[str, Any] | None = None, reveal: int | None = None) -> Any:
        if role == PASSED:
            return JSONResponse(pass_view(session, reveal) | (extra or {}), headers={"Cache-Control": "no-store"})
        if role == LOBBY:
            return JSONResponse(lobby_view(session), headers={"Cache-Control": "no-store"})
        if role == DESIGNER:
            now = time.monotonic()
            body = designer_view(session) | {
                "connected": sorted(s for s, at in heard_at.items() if now - at < CONNECTED_SECONDS),
                "handed": {str(s + 1): name for s, name in sorted(session.handed.items())},
                "seat_links": {str(s + 1): link_of(s) for s in sorted({*session.people, *session.handed})},
                "links": {str(s + 1): link_of(s) for s in session.people}, "lobby_link": link_of(LOBBY),
                "spectator_link": link_of(SPECTATOR), "pass_link": link_of(PASSED)}
        else:
            body = spectator_view(session) if role == SPECTATOR else table_view(session, role)
        if extra:
            body.update(extra)
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    def refusal(status: int, message: str, code: str | None = None) -> Any:
        """A refusal in the table's language (``error``), its ``code``, and the English line (``detail``)."""
        return JSONResponse({"error": refusal_words(session.lang, code, clean(message, 300)),
                             "detail": clean(message, 300), **({"code": code} if code else {})}, status_code=status)

    def plain(status: int, code: str) -> Any:
        """A bare refusal (a wrong key or path, a wrong method) in the table's language, as plain text."""
        return Response(refusal_words(session.lang, code, code), status_code=status,
                        media_type="text/plain; charset=utf-8")

    async def body_of(request: Request) -> dict[str, Any]:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            raise _Refusal(413, f"request body over {MAX_BODY} bytes", "too_large")

        async def read() -> bytes:
            raw = b""
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise _Refusal(413, f"request body over {MAX_BODY} bytes", "too_large")
            return raw

        try:
            raw = await asyncio.wait_for(read(), BODY_SECONDS)
        except asyncio.TimeoutError:
            raise _Refusal(408, f"the request body did not come within {BODY_SECONDS:g} s", "too_slow") from None
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise _Refusal(400, "expected a JSON object", "not_json") from None
        if not isinstance(data, dict):
            raise _Refusal(400, "expected a JSON object", "not_json")
        return data

    def checked(request: Request) -> int | None:
        """The asker's role, or None: a wrong key (404); a foreign Host or Origin raises 403."""
        role = role_of(request.path_params.get("token", ""))
        if role is None:
            return None
        if role == REVOKED:
            raise _Refusal(403, "the designer gave this seat a new link; this one no longer works", "revoked")
        if hosts is not None and request.headers.get("host", "") not in hosts:
            raise _Refusal(403, "this table answers only at the address it printed (Host)", "host")
        origin = request.headers.get("origin")
        if origins is not None and origin is not None and origin not in origins:
            raise _Refusal(403, "a page of another site may not use this table (Origin)", "origin")
        if request.headers.get("sec-fetch-site") == "cross-site":
            raise _Refusal(403, "a page of another site may not use this table", "origin")
        return role

    def guarded(handler: Callable[..., Any], method: str, who: str = "any") -> Callable[..., Any]:
        async def endpoint(request: Request) -> Any:
            try:
                role = checked(request)
                if role is None:
                    return plain(404, "not_found")
                if request.method != method:
                    return plain(405, "method")
                if who == "designer" and role != DESIGNER:
                    raise _Refusal(403, "only the designer's page hands seats over, replaces links and starts",
                                   "designer_only")
                if who == "seat" and role == DESIGNER:
                    raise _Refusal(403, "the designer's page watches; moves come from the people's seats", "watching")
                if role == SPECTATOR and handler.__name__ not in SPECTATOR_ASKS:
                    raise _Refusal(403, "the spectator's link watches the table; it changes nothing", "spectating")
                if role == PASSED and handler.__name__ not in PASSED_ASKS:
                    raise _Refusal(403, "the pass-and-play link plays the people's turns; the designer deals",
                                   "pass_only")
                if (role == LOBBY and handler.__name__ not in LOBBY_ASKS) or (who == "lobby" and role != LOBBY):
                    raise _Refusal(403, "the lobby's link only takes a seat; the table is at the seat's own link",
                                   "lobby_only")
                watch.heard()
                data = await body_of(request) if method == "POST" else {}
                return await run(handler, request, role, data)
            except _Refusal as exc:
                return refusal(exc.status, str(exc), exc.code)
        return endpoint

    async def run(handler: Callable[..., Any], request: Request, role: int, data: dict[str, Any]) -> Any:
        from starlette.concurrency import run_in_threadpool
        if watch.broken is not None:  # the rule broke: no request reaches the session again
            return refusal(409, watch.broken, "broken_rule")
        try:
            return await run_in_threadpool(handler, request, role, data)
        except UserCodeError as exc:  # a house rule or rules file failed: the page says so, the table ends
            if watch.broken is None:
                watch.broken, watch.stopping = exc.line, True
            return refusal(409, watch.broken, "broken_rule")
        except Refused as exc:
            return refusal(409, str(exc), exc.code)
        except InputError as exc:
            return refusal(409, str(exc))

    def page(request: Request, role: int, data: dict[str, Any]) -> Any:
        name = request.path_params.get("name") or "index.html"
        if name not in files:
            return plain(404, "not_found")
        return Response(files[name], media_type=_TYPES[Path(name).suffix],
                        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
                                 "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
                                 "Content-Security-Policy": "default-src 'self'; img-src 'self'; "
                                                            "frame-ancestors 'none'"})

    def face(request: Request, role: int, data: dict[str, Any]) -> Any:
        name = request.path_params["name"]
        if name not in pictures:
            return plain(404, "not_found")
        return Response(pictures[name], media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    def came(role: int) -> None:
        """A page of ``role`` asked: its seat has come (the device passed around is every person's page)."""
        for seat in (session.people if role == PASSED else [role] if role >= 0 else []):
            session.join(seat)
            heard_at[seat] = time.monotonic()

    def view(request: Request, role: int, data: dict[str, Any]) -> Any:
        came(role)
        shown = request.query_params.get("reveal", "")
        return state_json(role, reveal=int(shown) if shown.isdigit() and len(shown) < 4 else None)

    def reveal_of(data: dict[str, Any]) -> int | None:
        """The seat a pass-and-play device's request says its person uncovered (``reveal``), if any."""
        shown = data.get("reveal")
        return shown if isinstance(shown, int) and not isinstance(shown, bool) else None

    def seat_of(role: int) -> int:
        """The seat a request moves for: its own, or on the pass-and-play device the person whose turn it is."""
        turn = session.state.current_player
        return turn if role == PASSED and turn in session.people else role

    def move(request: Request, role: int, data: dict[str, Any]) -> Any:
        if "turn" not in data:
            raise Refused("a move names the move it answers ('turn': the moves made when the page showed it)", "no_turn")
        entry = session.play(data.get("action"), seat_of(role), turn=data.get("turn"))
        return state_json(role, {"moved": entry.text}, reveal_of(data))

    def agent(request: Request, role: int, data: dict[str, Any]) -> Any:
        after = data.get("after")
        entry = session.agent_move(after if isinstance(after, int) and not isinstance(after, bool) else None)
        return state_json(role, {"moved": entry.text if entry else None}, reveal_of(data))

    def join(request: Request, role: int, data: dict[str, Any]) -> Any:
        return JSONResponse(lobby_join(session, keys, data), headers={"Cache-Control": "no-store"})

    def undo(request: Request, role: int, data: dict[str, Any]) -> Any:
        """One person: back to before their last move. Several: the undo is asked, and waits for the others' yes."""
        if len(session.people) > 1:
            talk.ask_undo(session, role)
        else:
            session.undo()
        return state_json(role)

    def undo_answer(request: Request, role: int, data: dict[str, Any]) -> Any:
        talk.answer(session, role, data.get("accept"))
        return state_json(role)

    def say(request: Request, role: int, data: dict[str, Any]) -> Any:
        talk.say(session, role, data.get("text"))
        return state_json(role)

    def new(request: Request, role: int, data: dict[str, Any]) -> Any:
        if role != DESIGNER and len(session.people) > 1:
            raise Refused("the designer deals a new game at a table with several people", "designer_deals")
        session.new_deal()
        return state_json(role)

    def hint(request: Request, role: int, data: dict[str, Any]) -> Any:
        return JSONResponse(session.hint(seat_of(role)))

    def save(request: Request, role: int, data: dict[str, Any]) -> Any:
        path = session.save(log_path)
        return state_json(role, {"saved": str(path)})

    def feedback(request: Request, role: int, data: dict[str, Any]) -> Any:
        """A person's answers to the form; on the passed device, ``seat`` (from 1) says whose they are."""
        seat = seats.seat_number(session, data.get("seat")) if role == PASSED else role
        session.give_feedback(seat, data.get("answers"))
        path = session.save(log_path)  # the answers are kept with the game: its log line is written again
        return state_json(role, {"saved": str(path)})

    def rematch(request: Request, role: int, data: dict[str, Any]) -> Any:
        """A new deal with the same people once the game is over; ``swap``: each person moves one seat on, their
        link with them (the seats' keys follow the people). The designer deals it at once; a person proposes it
        (or says yes to the one proposed), and the last person's yes deals it."""
        swap = data.get("swap") is True
        moved = session.rematch(swap) if role == DESIGNER else talk.ask_rematch(session, role, swap)
        return state_json(follow(moved, role))

    def rematch_answer(request: Request, role: int, data: dict[str, Any]) -> Any:
        """A person's yes or no to the rematch another proposed; the last yes deals it."""
        return state_json(follow(talk.answer_rematch(session, role, data.get("accept")), role))

    def follow(moved: dict[int, int] | None, role: int) -> int:
        """After a rematch (``moved``: where each person's seat went; None: not dealt yet) each person's key
        goes with them to their new seat; returns the asker's role now."""
        if moved is None:
            return role
        with keys_lock:
            for key, held in list(keys.items()):
                keys[key] = moved.get(held, held)
        return moved.get(role, role)

    def seat(request: Request, role: int, data: dict[str, Any]) -> Any:
        """The designer hands a person's seat to an agent (``agent``: true) or gives it back to its person."""
        where = seats.seat_number(session, data.get("seat"))
        if data.get("agent") is True:
            seats.hand_to_agent(session, where)
        else:
            seats.take_back(session, where)
        return state_json(role)

    def relink(request: Request, role: int, data: dict[str, Any]) -> Any:
        """A person's seat gets a new key (a link sent to the wrong person, a lost phone): the old one is refused."""
        where = seats.seat_number(session, data.get("seat"))
        if where not in session.people and where not in session.handed:
            raise Refused(f"seat {where + 1} is not a person's", "seat_bad")
        with keys_lock:
            for key, held in list(keys.items()):
                if held == where:
                    keys[key] = REVOKED
            keys[secrets.token_urlsafe(16)] = where
        heard_at.pop(where, None)
        with session.lock:
            session.version += 1  # the designer's page shows the new link
        return state_json(role)

    def start(request: Request, role: int, data: dict[str, Any]) -> Any:
        seats.start_now(session)
        return state_json(role)

    def leave(request: Request, role: int, data: dict[str, Any]) -> Any:
        if role == SPECTATOR:  # a spectator going away does not end a one-person table
            return Response(status_code=204)
        watch.leaving = time.monotonic()
        return Response(status_code=204)

    async def events(request: Request) -> Any:
        """Server-sent events: ``data: <version>`` each time the table changes (pages then ask for it)."""
        try:
            role = checked(request)
        except _Refusal as exc:
            return refusal(exc.status, str(exc), exc.code)
        if role is None:
            return plain(404, "not_found")
        came(role)

        async def stream() -> Any:
            seen, quiet = -1, 0.0
            yield "retry: 1000\n\n"
            while not watch.stopping:
                watch.heard()
                if role >= 0 or role == PASSED:
                    for seat in (session.people if role == PASSED else [role]):
                        heard_at[seat] = time.monotonic()
                if session.version != seen:
                    seen, quiet = session.version, 0.0
                    yield f"data: {seen}\n\n"
                elif quiet >= EVENT_PING:
                    quiet = 0.0
                    yield ": ping\n\n"
                await asyncio.sleep(EVENT_TICK)
                quiet += EVENT_TICK

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    routes = [Route("/{token}/", guarded(page, "GET")),
              Route("/{token}/static/{name}", guarded(page, "GET")),
              Route("/{token}/face/{name}", guarded(face, "GET")),
              Route("/{token}/api/view", guarded(view, "GET")),
              Route("/{token}/api/events", events)]
    for name, handler, who in (("move", move, "seat"), ("agent", agent, "any"), ("undo", undo, "seat"),
                               ("new", new, "any"), ("hint", hint, "seat"), ("save", save, "any"),
                               ("feedback", feedback, "seat"), ("leave", leave, "any"), ("join", join, "lobby"),
                               ("rematch", rematch, "any"), ("seat", seat, "designer"),
                               ("relink", relink, "designer"), ("start", start, "designer"),
                               ("undo_answer", undo_answer, "seat"), ("say", say, "seat"),
                               ("rematch_answer", rematch_answer, "seat")):
        routes.append(Route(f"/{{token}}/api/{name}", guarded(handler, "POST", who), methods=["POST", "GET"]))

    async def not_found(request: Request, exc: Exception) -> Any:
        return plain(404, "not_found")

    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})


def head_timeout_protocol() -> type:
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request head is not whole within
    ``HEAD_SECONDS`` (uvicorn times out idle kept-alive connections, not half-sent heads), and one
    address's oldest idle connection once it holds more than ``PEER_CONNECTIONS``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    peers: dict[Any, dict[Any, None]] = {}  # each address's open connections, oldest first

    class HeadTimeoutProtocol(H11Protocol):  # type: ignore[misc]
        _head_timer: Any = None
        _peer: Any = None

        def _arm(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_late)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _waiting_for_head(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _head_late(self) -> None:
            self._head_timer = None
            if self._waiting_for_head() and not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()
            self._peer = (transport.get_extra_info("peername") or ("?",))[0]
            mine = peers.setdefault(self._peer, {})
            mine[self] = None
            if len(mine) > PEER_CONNECTIONS:  # this one at the latest: it has not begun a request either
                next(p for p in mine if p._waiting_for_head() and not p.transport.is_closing()).transport.close()

        def data_received(self, data: bytes) -> None:
            if self._waiting_for_head():
                self._arm()  # a new request begins: its head must be whole in time
            super().data_received(data)
            if not self._waiting_for_head():
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            mine = peers.get(self._peer, {})
            mine.pop(self, None)
            if not mine:
                peers.pop(self._peer, None)
            super().connection_lost(exc)

    return HeadTimeoutProtocol


def free_socket(host: str = "127.0.0.1") -> socket.socket:
    """A listening socket on ``host`` at a port the system picks (free by construction)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def lan_address() -> str:
    """This machine's address on the local network (the interface a packet outward would leave by)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the route
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def qr_text(url: str) -> str | None:
    """``url`` as a QR code drawn with text characters (for a phone's camera), or None without segno."""
    try:
        import segno
    except ImportError:
        return None
    import io
    buf = io.StringIO()
    segno.make(url, error="l").terminal(out=buf, compact=True)
    return buf.getvalue()


def serve(session: Session, log_path: Path, open_browser: bool = True, out: TextIO | None = None,
          lan: bool = False) -> int:
    """Serve ``session`` until its pages have gone, its starter has gone, or Ctrl-C; print the links first.

    One person: the link of the seat (opened in a browser unless ``open_browser`` is False). Several
    people: each seat's link and the designer's; the designer's page opens. ``lan``: listen on the
    local network too, and print each seat's link with a QR code. Returns 0."""
    import uvicorn

    from cardgen.terminal import LINES, say

    out = out or sys.stdout
    lang = session.lang if session.lang in LINES else "en"

    def line(key: str, **fields: Any) -> None:
        """One line on the terminal in the table's language (``terminal.json``'s ``play_*``)."""
        print(say(key, lang, **fields), file=out, flush=True)

    line("play_drawing", deck=session.deck.id)
    several = len(session.people) > 1
    watch = Watch(idle_stop=PEOPLE_IDLE_STOP if several else IDLE_STOP, leaves=not several,
                  wait_first=IDLE_STOP if open_browser and not several else None)
    keys = table_keys(session)
    sock = free_socket("0.0.0.0" if lan else "127.0.0.1")
    port = sock.getsockname()[1]
    host = lan_address() if lan else "127.0.0.1"
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}", f"{host}:{port}"}
    app = build_app(session, None, log_path, watch=watch, keys=keys, hosts=hosts)
    links = {role: f"http://{host}:{port}/{key}/" for key, role in keys.items()}
    class Server(uvicorn.Server):  # type: ignore[misc]
        def handle_exit(self, sig: int, frame: Any) -> None:
            watch.stopping = True  # Ctrl-C: every page's event stream ends now, not cancelled after the grace
            super().handle_exit(sig, frame)

    server = Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                           http=head_timeout_protocol(), limit_concurrency=512,
                                           timeout_keep_alive=5, timeout_graceful_shutdown=1))
    parent = os.getppid()

    def stop(why: str) -> None:
        line("play_stopping", why=say(why, lang))
        watch.stopping = True
        server.should_exit = True

    def idle() -> None:
        while not server.should_exit:
            time.sleep(0.5)
            if watch.broken is None and session.broken is not None:  # the hint's warm-up ran the failing code
                watch.broken, watch.stopping = session.broken, True
            elif watch.broken is not None:  # the page had half a second to hear it
                server.should_exit = True
            elif os.getppid() != parent or starter_gone():  # under a supervisor (cardgen.contain), its parent
                stop("play_starter_gone")
            elif watch.closed(time.monotonic()):
                stop("play_closed" if not several else "play_no_page")

    threading.Thread(target=idle, daemon=True, name="cardgen-play-idle").start()
    if not several:
        line("play_one", url=links[session.seat])
        line("play_spectator", url=links[SPECTATOR])
    else:
        line("play_lobby", url=links[LOBBY])
        for seat in session.people:
            line("play_seat", n=seat + 1, url=links[seat])
        line("play_spectator", url=links[SPECTATOR])
        line("play_pass", url=links[PASSED])
        line("play_designer", url=links[DESIGNER])
    if lan:
        if several and qr_text(links[LOBBY]):
            print(f"{say('play_qr_lobby', lang)}\n{qr_text(links[LOBBY])}", file=out, flush=True)
        for seat in session.people:
            drawn = qr_text(links[seat])
            if drawn:
                print(f"{say('play_qr_seat', lang, n=seat + 1)}\n{drawn}", file=out, flush=True)
    if open_browser:
        import webbrowser
        threading.Timer(0.3, webbrowser.open, (links[DESIGNER if several else session.seat],)).start()
    session.warm_hint()
    from cardgen.play.session import remove_stale_temporaries
    remove_stale_temporaries(log_path)  # a save killed in an earlier run left its temporary copy
    server.run(sockets=[sock])
    watch.stopping = True
    if watch.broken is not None:  # one line on the terminal, exit status 2 (cli)
        raise UserCodeError(watch.broken)
    return 0
