"""The playtest web app: Starlette routes served by uvicorn, on 127.0.0.1 unless ``--lan``, behind keys.

Why these: Starlette is a small, maintained ASGI toolkit (routing, JSON, static answers,
server-sent events) and uvicorn its usual server; the page itself is plain HTML, CSS and
JavaScript (``static/``), so nothing is built or fetched from a registry at run time.

This module assembles the app and runs it; the rest is split by responsibility: who may ask what
(``access``: the roles a key stands for, Host and Origin), the served table's shared state and the JSON
each role gets (``context``), the routes of the lobby (``routes_lobby``), of the designer's hold on
the seats (``routes_seats``), of the table (``routes_table``: moves, agents, undo, talk, new deal,
hint, save, rematch) and of the form at the end (``routes_feedback``), and the socket and its guard
against idle connections (``network``). Every route passes the same checks (``guarded``): a known key
(else 404), the right method, ``access.check_origin`` and ``access.check_role`` (403), a body within
bounds; a refusal is in the table's language.

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
import sys
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, TextIO

from cardgen.contain import starter_gone
from cardgen.errors import InputError, clean
from cardgen.play import routes_feedback, routes_lobby, routes_seats, routes_table
from cardgen.play.access import (DESIGNER, LOBBY, LOBBY_ASKS, PASSED, PASSED_ASKS, REVOKED, SPECTATOR,  # noqa: F401
                                 SPECTATOR_ASKS, Refusal, check_origin, check_role, refusal_words, table_keys)
from cardgen.play.context import CONNECTED_SECONDS, HEARTBEAT, Table  # noqa: F401
from cardgen.play.network import (HEAD_SECONDS, PEER_CONNECTIONS, free_socket, head_timeout_protocol,  # noqa: F401
                                  lan_address, qr_text)
from cardgen.play.session import Refused, Session
from cardgen.usercode import UserCodeError

#: largest request body accepted (a move is a few dozen bytes, a feedback form a few kilobytes)
MAX_BODY = 16384
#: seconds without any request after which one person's page counts as closed
IDLE_STOP = 20.0
#: seconds without any page after which a table with several people stops
PEOPLE_IDLE_STOP = 900.0
#: seconds the server waits after the page says goodbye (a reload comes back sooner)
LEAVE_GRACE = 4.0
#: seconds a request body may take to arrive
BODY_SECONDS = 5.0
#: seconds between two checks of the table by the event stream (how soon another seat's move shows)
EVENT_TICK = 0.1
#: seconds between two keep-alive comments on an idle event stream
EVENT_PING = 10.0
#: the page's own files
STATIC = ("index.html", "app.js", "app.css")
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".png": "image/png"}
#: every route under ``api/`` but the page's own: (name, handler, who may ask), by module
ROUTES = routes_table.ROUTES + routes_lobby.ROUTES + routes_seats.ROUTES + routes_feedback.ROUTES


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
    table = Table(session, keys, log_path)
    files = {name: resources.files("cardgen.play").joinpath("static", name).read_bytes() for name in STATIC}

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
            raise Refusal(413, f"request body over {MAX_BODY} bytes", "too_large")

        async def read() -> bytes:
            raw = b""
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise Refusal(413, f"request body over {MAX_BODY} bytes", "too_large")
            return raw

        try:
            raw = await asyncio.wait_for(read(), BODY_SECONDS)
        except asyncio.TimeoutError:
            raise Refusal(408, f"the request body did not come within {BODY_SECONDS:g} s", "too_slow") from None
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise Refusal(400, "expected a JSON object", "not_json") from None
        if not isinstance(data, dict):
            raise Refusal(400, "expected a JSON object", "not_json")
        return data

    def checked(request: Request) -> int | None:
        """The asker's role, or None: a wrong key (404); a replaced key, a foreign Host or Origin raises 403."""
        role = table.role_of(request.path_params.get("token", ""))
        if role is not None:
            check_origin(role, request.headers, hosts)
        return role

    def guarded(handler: Callable[..., Any], method: str, who: str = "any",
                name: str | None = None) -> Callable[..., Any]:
        """``handler`` behind every check: its ``name`` (default: the handler's) is what ``check_role`` allows."""
        name = name or handler.__name__

        async def endpoint(request: Request) -> Any:
            try:
                role = checked(request)
                if role is None:
                    return plain(404, "not_found")
                if request.method != method:
                    return plain(405, "method")
                check_role(role, name, who)
                watch.heard()
                data = await body_of(request) if method == "POST" else {}
                return await run(handler, request, role, data)
            except Refusal as exc:
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

    def view(request: Request, role: int, data: dict[str, Any]) -> Any:
        table.came(role)
        shown = request.query_params.get("reveal", "")
        return table.answer(role, reveal=int(shown) if shown.isdigit() and len(shown) < 4 else None)

    def leave(request: Request, role: int, data: dict[str, Any]) -> Any:
        if role == SPECTATOR:  # a spectator going away does not end a one-person table
            return Response(status_code=204)
        watch.leaving = time.monotonic()
        return Response(status_code=204)

    async def events(request: Request) -> Any:
        """Server-sent events: ``data: <version>`` each time the table changes (pages then ask for it)."""
        try:
            role = checked(request)
        except Refusal as exc:
            return refusal(exc.status, str(exc), exc.code)
        if role is None:
            return plain(404, "not_found")
        table.came(role)

        async def stream() -> Any:
            seen, quiet = -1, 0.0
            yield "retry: 1000\n\n"
            while not watch.stopping:
                watch.heard()
                if role >= 0 or role == PASSED:
                    for seat in (session.people if role == PASSED else [role]):
                        table.heard_at[seat] = time.monotonic()
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
    routes.append(Route("/{token}/api/leave", guarded(leave, "POST"), methods=["POST", "GET"]))
    for name, handler, who in ROUTES:  # each route module's handlers, on this table
        bound = (lambda h: lambda request, role, data: h(table, request, role, data))(handler)
        routes.append(Route(f"/{{token}}/api/{name}", guarded(bound, "POST", who, name), methods=["POST", "GET"]))

    async def not_found(request: Request, exc: Exception) -> Any:
        return plain(404, "not_found")

    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})


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

    # the game's name in the table's language ("Le Roi Lui"), not its id (#53 fr48)
    line("play_drawing", deck=str(getattr(session.deck.model.name, lang, None) or session.deck.id))
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
