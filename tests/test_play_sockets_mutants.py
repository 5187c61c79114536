"""The table's listening socket, its address on the local network and its QR code, asked in this process (issue 51:
mutation testing of ``cardgen/play/network``'s ``free_socket``, ``lan_address`` and ``qr_text``; the server tests
reach them only in the table's own process, where mutmut does not follow)."""
from __future__ import annotations

import shutil
import socket
import subprocess

import pytest

from cardgen.play import network


def test_the_table_listens_on_loopback_at_a_port_the_system_picks_and_a_child_may_take_it() -> None:
    sock = network.free_socket()
    try:
        host, port = sock.getsockname()
        assert host == "127.0.0.1" and port >= 1024  # the system's pick, never a fixed low port
        assert (sock.family, sock.type) == (socket.AF_INET, socket.SOCK_STREAM)
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR) == 1  # a restarted table takes its port back
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN) == 1
        assert sock.get_inheritable() is True  # the server may run in a child that inherits it
        if shutil.which("ss"):  # the backlog: 128 connections may wait to be accepted
            shown = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True,
                                   check=False).stdout.split()
            assert shown[2] == "128", shown
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        sock.close()


def test_the_table_on_the_local_network_listens_on_every_interface() -> None:
    sock = network.free_socket("0.0.0.0")
    try:
        assert sock.getsockname()[0] == "0.0.0.0"
    finally:
        sock.close()


class _Probe:
    """A socket that records how it is used and answers with a made-up local address."""

    made: list[tuple[object, ...]] = []

    def __init__(self, *args: object) -> None:
        _Probe.made.append(("socket", *args))

    def connect(self, address: tuple[str, int]) -> None:
        _Probe.made.append(("connect", address[0]))
        if address[0] != "10.255.255.255":
            raise OSError("no route")

    def getsockname(self) -> tuple[str, int]:
        return ("192.168.1.7", 40000)

    def close(self) -> None:
        _Probe.made.append(("close",))


def test_the_lan_address_is_the_routes_local_address_asked_without_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    _Probe.made = []
    monkeypatch.setattr(network.socket, "socket", _Probe)
    assert network.lan_address() == "192.168.1.7"
    assert _Probe.made == [("socket", socket.AF_INET, socket.SOCK_DGRAM), ("connect", "10.255.255.255"), ("close",)]


def test_no_route_gives_loopback_and_closes_the_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_route(self: _Probe, address: tuple[str, int]) -> None:
        raise OSError("Network is unreachable")

    _Probe.made = []
    monkeypatch.setattr(_Probe, "connect", no_route)
    monkeypatch.setattr(network.socket, "socket", _Probe)
    assert network.lan_address() == "127.0.0.1"
    assert _Probe.made[-1] == ("close",)


def test_the_qr_code_is_plain_text_in_half_blocks() -> None:
    pytest.importorskip("segno")
    drawn = network.qr_text("http://192.168.1.7:8765/?k=abcdef")
    assert drawn is not None and "\x1b" not in drawn  # no terminal colours: it is printed to a log as well
    assert set(drawn) <= {" ", "\u2580", "\u2584", "\u2588", "\n"}
    # a version-3 symbol is 29 modules, 37 with its quiet zone: two module rows a line
    assert len(drawn.splitlines()) == 19
