"""The table's listening socket and its guard against idle connections (issue #52): nothing can starve it.

uvicorn times out idle kept-alive connections, not half-sent heads: ``head_timeout_protocol`` closes a
connection whose request head is not whole within ``HEAD_SECONDS``, and one address's oldest idle connection
once it holds more than ``PEER_CONNECTIONS`` (so one machine's idle sockets cannot fill the server's limit and
turn real pages away). Also here: the socket the server listens on (loopback unless ``--lan``), this machine's
address on the local network, and a link drawn as a QR code for a phone's camera.
"""
from __future__ import annotations

import socket
from typing import Any

#: seconds a connection may take to send a whole request head (a half-open socket is closed after)
HEAD_SECONDS = 5.0
#: seconds a head timer may fire late before it counts as the server's own stall, not the client's slowness: the
#: connection then gets ``STALL_GRACE`` more (an event loop that runs its timers before reading its sockets, as
#: uvloop's does, would otherwise close a connection whose whole request came in while the machine was busy)
STALL = 0.5
#: seconds a connection gets after a stalled head timer fired, for the server to read what came meanwhile
STALL_GRACE = 1.0
#: connections one address may hold open; beyond, its oldest one not in a request (a half-sent head, an idle
#: keep-alive) is closed, so one machine's idle sockets cannot fill the server's limit and turn pages away
PEER_CONNECTIONS = 64


def head_timeout_protocol() -> type:
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request head is not whole within
    ``HEAD_SECONDS`` (uvicorn times out idle kept-alive connections, not half-sent heads), and one
    address's oldest idle connection once it holds more than ``PEER_CONNECTIONS``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    peers: dict[Any, dict[Any, None]] = {}  # each address's open connections, oldest first

    class HeadTimeoutProtocol(H11Protocol):  # type: ignore[misc]
        _head_timer: Any = None
        _head_due = 0.0  # when the armed timer should fire (the loop's clock)
        _peer: Any = None

        def _arm(self, seconds: float | None = None) -> None:
            if self._head_timer is None:
                seconds = HEAD_SECONDS if seconds is None else seconds
                self._head_due = self.loop.time() + seconds
                self._head_timer = self.loop.call_later(seconds, self._head_late)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _waiting_for_head(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _head_late(self) -> None:
            self._head_timer = None
            if not self._waiting_for_head() or self.transport.is_closing():
                return
            if self.loop.time() - self._head_due > STALL:  # the server stalled, not the client: read what came first
                self._arm(STALL_GRACE)
            else:
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
