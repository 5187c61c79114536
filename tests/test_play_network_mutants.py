"""The socket's guard against idle and half-sent connections, served in this process (issue #51: mutation
testing of ``cardgen/play/network.head_timeout_protocol``). The server tests start a table in another process,
where mutmut does not follow; here a one-line app is served by uvicorn in a thread with the guard, its limits
made short and small (``HEAD_SECONDS``, ``PEER_CONNECTIONS``), and raw sockets check which connections it
closes and which it leaves alone."""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cardgen.play import network

HEAD = b"GET / HTTP/1.1\r\nHost: t\r\n"


async def _ok(scope: dict, receive, send) -> None:  # type: ignore[no-untyped-def]
    """Reads the whole body, answers ``ok``."""
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@contextmanager
def serving(monkeypatch: pytest.MonkeyPatch, head: float, peers: int) -> Iterator[int]:
    """uvicorn with the guard in a thread of this process; yields its port."""
    with served(monkeypatch, head, peers) as (port, _):
        yield port


@contextmanager
def served(monkeypatch: pytest.MonkeyPatch, head: float, peers: int) -> Iterator[tuple[int, object]]:
    """uvicorn with the guard in a thread of this process; yields its port and the server."""
    import uvicorn

    monkeypatch.setattr(network, "HEAD_SECONDS", head)
    monkeypatch.setattr(network, "PEER_CONNECTIONS", peers)
    sock = network.free_socket()
    server = uvicorn.Server(uvicorn.Config(_ok, log_level="warning", access_log=False, lifespan="off",
                                           http=network.head_timeout_protocol(), timeout_keep_alive=60))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1], server
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def connect(port: int, first: bytes = b"") -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    if first:
        conn.sendall(first)
    return conn


def closed(conn: socket.socket, wait: float = 0.3) -> bool:
    """Whether the server closed ``conn`` (the end of its stream within ``wait`` seconds)."""
    conn.settimeout(wait)
    try:
        return conn.recv(100) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def answered(conn: socket.socket) -> bool:
    conn.settimeout(10)
    return conn.recv(200).startswith(b"HTTP/1.1 200")


def test_a_head_not_whole_in_time_is_closed_a_slow_body_and_a_whole_request_are_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(monkeypatch, 2.0, 50) as port:
        silent, half = connect(port), connect(port, HEAD)
        slow_body = connect(port, b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n")
        again = connect(port, HEAD + b"\r\n")
        assert answered(again)
        time.sleep(0.5)
        assert not closed(silent, 0.1) and not closed(half, 0.1)  # not yet: the head has more than a second left
        time.sleep(2.0)
        assert closed(silent) and closed(half)
        assert not closed(slow_body, 0.1) and not closed(again, 0.1)  # a late body, an idle kept-alive: open
        slow_body.sendall(b"{}")
        assert answered(slow_body)
        again.sendall(HEAD)  # a second request on the kept-alive connection: its head is timed again
        time.sleep(0.5)
        assert not closed(again, 0.1)
        time.sleep(2.0)
        assert closed(again)
        for conn in (silent, half, slow_body, again):
            conn.close()


def test_one_address_holds_only_so_many_connections_its_oldest_idle_one_goes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(monkeypatch, 60.0, 3) as port:
        busy = connect(port, b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n")  # inside a request
        time.sleep(0.2)
        idle = [connect(port), connect(port, HEAD)]
        time.sleep(0.2)
        assert not any(closed(c, 0.1) for c in [busy, *idle])  # three: the limit itself
        newest = connect(port)
        time.sleep(0.2)
        assert [closed(c, 0.2) for c in [busy, *idle, newest]] == [False, True, False, False]
        busy.sendall(b"{}")
        assert answered(busy)
        for conn in [busy, *idle, newest]:
            conn.close()
        time.sleep(0.5)  # the server has seen them go: they count no more
        fresh = [connect(port) for _ in range(3)]
        time.sleep(0.2)
        assert not any(closed(c, 0.1) for c in fresh)
        page = connect(port, HEAD + b"\r\n")
        assert answered(page) and closed(fresh[0], 0.5) and not closed(fresh[1], 0.1)
        for conn in [*fresh, page]:
            conn.close()


def connect_from(port: int, address: str) -> socket.socket:
    """A connection from another loopback address (all of 127.0.0.0/8 is this machine)."""
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.settimeout(10)
    conn.bind((address, 0))
    conn.connect(("127.0.0.1", port))
    return conn


def test_each_address_is_counted_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(monkeypatch, 60.0, 2) as port:
        mine = [connect(port), connect(port)]
        time.sleep(0.2)
        other = connect_from(port, "127.0.0.2")  # a third connection, but the other address's first
        time.sleep(0.3)
        assert not any(closed(c, 0.1) for c in [*mine, other])
        for conn in [*mine, other]:
            conn.close()


def test_connections_closed_for_a_late_head_count_no_more(monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(monkeypatch, 1.0, 2) as port:
        late = [connect(port), connect(port, HEAD)]
        time.sleep(1.8)
        assert all(closed(c) for c in late)
        time.sleep(0.3)  # the server has seen them go
        fresh = [connect(port), connect(port)]
        time.sleep(0.2)
        assert not any(closed(c, 0.1) for c in fresh)  # two: within the limit, none closed
        for conn in [*late, *fresh]:
            conn.close()


def test_an_address_that_still_holds_a_connection_keeps_counting_it(monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(monkeypatch, 60.0, 2) as port:
        kept, gone = connect(port), connect(port)
        time.sleep(0.2)
        gone.close()
        time.sleep(0.3)  # the server has seen it go; ``kept`` is still this address's
        newer = [connect(port), connect(port)]
        time.sleep(0.3)
        assert [closed(c, 0.2) for c in [kept, *newer]] == [True, False, False]  # three: the oldest idle one goes
        for conn in [kept, *newer]:
            conn.close()


def test_a_gone_connection_leaves_the_servers_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn counts open connections against its ``limit_concurrency``: the guard's own clean-up when an
    address's last connection goes must let uvicorn's run too, or the server keeps counting it."""
    with served(monkeypatch, 60.0, 4) as (port, server):
        conns = [connect(port), connect(port, HEAD + b"\r\n")]
        assert answered(conns[1])
        time.sleep(0.2)
        assert len(server.server_state.connections) == 2  # type: ignore[attr-defined]
        for conn in conns:
            conn.close()
        deadline = time.monotonic() + 5
        while server.server_state.connections and time.monotonic() < deadline:  # type: ignore[attr-defined]
            time.sleep(0.05)
        assert len(server.server_state.connections) == 0  # type: ignore[attr-defined]


class _Clock:
    """An event loop's clock and timers, moved by hand: ``call_later`` keeps (when, callback)."""

    def __init__(self) -> None:
        self.now, self.timers = 100.0, []  # type: ignore[var-annotated]

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback):  # type: ignore[no-untyped-def]
        timer = type("Timer", (), {"cancel": lambda _self: None})()
        self.timers.append((self.now + delay, callback))
        return timer


class _Transport:
    def __init__(self) -> None:
        self.shut = False

    def is_closing(self) -> bool:
        return self.shut

    def close(self) -> None:
        self.shut = True


def _guarded_connection() -> tuple[object, _Clock, _Transport]:
    """One connection of the guard's protocol, its head timer armed, on a hand-moved clock."""
    proto = network.head_timeout_protocol().__new__(network.head_timeout_protocol())
    clock, transport = _Clock(), _Transport()
    proto.loop, proto.transport, proto.cycle = clock, transport, None
    proto._arm()
    return proto, clock, transport


def test_a_head_timer_fired_on_time_closes_one_fired_late_by_a_stall_gives_the_server_a_moment_to_read() -> None:
    """A timer that fires when due closes the connection that sent no whole head. One that fires more than
    ``STALL`` late (the machine was busy; a loop that runs its timers before its sockets, as uvloop's does, has not
    yet read what came meanwhile) gives ``STALL_GRACE`` more first: a CI run once saw a hint refused as 'does not
    answer' on a busy machine."""
    proto, clock, transport = _guarded_connection()
    due, fire = clock.timers[-1]
    assert due == 100.0 + network.HEAD_SECONDS
    clock.now = due + network.STALL  # late, but within what counts as on time
    fire()
    assert transport.shut

    proto, clock, transport = _guarded_connection()
    due, fire = clock.timers[-1]
    clock.now = due + network.STALL + 0.01
    fire()
    assert not transport.shut and len(clock.timers) == 2
    again, fire = clock.timers[-1]
    assert again == clock.now + network.STALL_GRACE
    clock.now = again
    fire()  # the grace passed on time and still no head: closed
    assert transport.shut

    proto, clock, transport = _guarded_connection()
    due, fire = clock.timers[-1]
    proto.cycle = type("Cycle", (), {"response_complete": False})()  # the head came: a request is under way
    clock.now = due
    fire()
    assert not transport.shut and len(clock.timers) == 1
