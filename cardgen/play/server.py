"""The playtest web app: Starlette routes served by uvicorn on 127.0.0.1, behind a random token.

Why these: Starlette is a small, maintained ASGI toolkit (routing, JSON, static answers) and
uvicorn its usual server; the page itself is plain HTML, CSS and JavaScript (``static/``), so
nothing is built or fetched from a registry at run time.

What it serves, and nothing else: the page and its two files, the deck's own face pictures
(drawn at start from the same vectors as the printed sheets, kept in memory), and the game's
JSON. Every path starts with ``/<token>/`` (a random 128-bit word made at start: another user
of the machine cannot guess it); any other path, method or a body over ``MAX_BODY`` bytes is
refused. The server stops on Ctrl-C, or once the page has been closed: the page asks for the
table every ``HEARTBEAT`` seconds, and after ``IDLE_STOP`` seconds without a request (or a few
seconds after the page says it is leaving, unless it comes back) the server ends.
"""
from __future__ import annotations

import json
import secrets
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, TextIO

from cardgen.errors import InputError, clean
from cardgen.play.session import Refused, Session
from cardgen.play.view import table_view

#: largest request body accepted (a move is a few dozen bytes)
MAX_BODY = 4096
#: seconds between the page's requests for the table (static/app.js says the same)
HEARTBEAT = 2.0
#: seconds without any request after which the page counts as closed
IDLE_STOP = 20.0
#: seconds the server waits after the page says goodbye (a reload comes back sooner)
LEAVE_GRACE = 4.0
#: the page's own files
STATIC = ("index.html", "app.js", "app.css")
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".png": "image/png"}


def face_pictures(session: Session) -> dict[str, bytes]:
    """``<component id>.png`` and ``<component id>-large.png`` of every front face, drawn as the gallery draws them."""
    from cardgen.render.export import _sides_of
    from cardgen.report.gallery import draw_pictures

    sides = [s for s in _sides_of(session.deck) if not s.back and s.index == 0]
    return {Path(rel).name: data for rel, data in draw_pictures(session.deck, session.lang,
                                                                [(s, s.component.id) for s in sides])}


@dataclass
class Watch:
    """When the page was last heard from, and whether it said goodbye (read by the idle watcher)."""

    last: float = field(default_factory=time.monotonic)
    leaving: float | None = None

    def heard(self) -> None:
        self.last, self.leaving = time.monotonic(), None

    def closed(self, now: float) -> bool:
        return now - self.last > IDLE_STOP or (self.leaving is not None and now - self.leaving > LEAVE_GRACE)


class _Refusal(Exception):
    """A request refused before the session sees it (status, one line)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def build_app(session: Session, token: str, log_path: Path, pictures: dict[str, bytes] | None = None,
              watch: Watch | None = None) -> Any:
    """The ASGI app for ``session``: every route under ``/<token>/``."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    pictures = face_pictures(session) if pictures is None else pictures
    watch = watch or Watch()
    files = {name: resources.files("cardgen.play").joinpath("static", name).read_bytes() for name in STATIC}

    def state_json(extra: dict[str, Any] | None = None, status: int = 200) -> Any:
        body = table_view(session)
        if extra:
            body.update(extra)
        return JSONResponse(body, status_code=status)

    def refusal(status: int, message: str) -> Any:
        return JSONResponse({"error": clean(message, 300)}, status_code=status)

    async def body_of(request: Request) -> dict[str, Any]:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            raise _Refusal(413, f"request body over {MAX_BODY} bytes")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise _Refusal(413, f"request body over {MAX_BODY} bytes")
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise _Refusal(400, "expected a JSON object") from None
        if not isinstance(data, dict):
            raise _Refusal(400, "expected a JSON object")
        return data

    def guarded(handler: Callable[..., Any], method: str) -> Callable[..., Any]:
        async def endpoint(request: Request) -> Any:
            if not secrets.compare_digest(request.path_params.get("token", ""), token):
                return Response("not found", status_code=404, media_type="text/plain")
            if request.method != method:
                return Response("method not allowed", status_code=405, media_type="text/plain")
            watch.heard()
            try:
                data = await body_of(request) if method == "POST" else {}
                return await run(handler, request, data)
            except _Refusal as exc:
                return refusal(exc.status, str(exc))
        return endpoint

    async def run(handler: Callable[..., Any], request: Request, data: dict[str, Any]) -> Any:
        from starlette.concurrency import run_in_threadpool
        try:
            return await run_in_threadpool(handler, request, data)
        except Refused as exc:
            return refusal(409, str(exc))
        except InputError as exc:
            return refusal(409, str(exc))

    def page(request: Request, data: dict[str, Any]) -> Any:
        name = request.path_params.get("name") or "index.html"
        if name not in files:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(files[name], media_type=_TYPES[Path(name).suffix],
                        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
                                 "Content-Security-Policy": "default-src 'self'; img-src 'self'"})

    def face(request: Request, data: dict[str, Any]) -> Any:
        name = request.path_params["name"]
        if name not in pictures:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(pictures[name], media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    def view(request: Request, data: dict[str, Any]) -> Any:
        return state_json()

    def move(request: Request, data: dict[str, Any]) -> Any:
        entry = session.play(data.get("action"))
        return state_json({"moved": entry.text})

    def agent(request: Request, data: dict[str, Any]) -> Any:
        entry = session.agent_move()
        return state_json({"moved": entry.text if entry else None})

    def undo(request: Request, data: dict[str, Any]) -> Any:
        session.undo()
        return state_json()

    def new(request: Request, data: dict[str, Any]) -> Any:
        session.new_deal()
        return state_json()

    def hint(request: Request, data: dict[str, Any]) -> Any:
        return JSONResponse(session.hint())

    def save(request: Request, data: dict[str, Any]) -> Any:
        path = session.save(log_path)
        return state_json({"saved": str(path)})

    def leave(request: Request, data: dict[str, Any]) -> Any:
        watch.leaving = time.monotonic()
        return Response(status_code=204)

    routes = [Route("/{token}/", guarded(page, "GET")),
              Route("/{token}/static/{name}", guarded(page, "GET")),
              Route("/{token}/face/{name}", guarded(face, "GET")),
              Route("/{token}/api/view", guarded(view, "GET"))]
    for name, handler in (("move", move), ("agent", agent), ("undo", undo), ("new", new), ("hint", hint),
                          ("save", save), ("leave", leave)):
        routes.append(Route(f"/{{token}}/api/{name}", guarded(handler, "POST"), methods=["POST", "GET"]))

    async def not_found(request: Request, exc: Exception) -> Any:
        return Response("not found", status_code=404, media_type="text/plain")

    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})


def free_socket() -> socket.socket:
    """A listening socket on 127.0.0.1 at a port the system picks (free by construction)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def serve(session: Session, log_path: Path, open_browser: bool = True, out: TextIO | None = None) -> int:
    """Serve ``session`` until the page is closed or Ctrl-C; print the address first. Returns 0."""
    import uvicorn

    out = out or sys.stdout
    token = secrets.token_urlsafe(16)
    print(f"cardgen play: drawing the faces of {session.deck.id}...", file=out, flush=True)
    watch = Watch()
    app = build_app(session, token, log_path, watch=watch)
    sock = free_socket()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/{token}/"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                           limit_concurrency=32, timeout_keep_alive=5))

    def idle() -> None:
        while not server.should_exit:
            time.sleep(0.5)
            if watch.closed(time.monotonic()):
                print("cardgen play: the page was closed; stopping", file=out, flush=True)
                server.should_exit = True

    threading.Thread(target=idle, daemon=True, name="cardgen-play-idle").start()
    print(f"cardgen play: {url}  (Ctrl-C to stop)", file=out, flush=True)
    if open_browser:
        import webbrowser
        threading.Timer(0.3, webbrowser.open, (url,)).start()
    server.run(sockets=[sock])
    return 0
