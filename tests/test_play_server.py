"""``cardgen play``'s server, started as a user starts it: the token, bounded bodies, refusals, stopping."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from cardgen.play import server

ROOT = Path(__file__).resolve().parents[1]


def start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """``cardgen play`` in a subprocess, without a browser; its address from its first lines."""
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(ROOT), "play", *args, "--no-browser",
                             "--out", str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path)
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"(http://127\.0\.0\.1:\d+/\S+/)", line)
        if found:
            return proc, found.group(1)
    proc.wait(10)
    raise AssertionError(f"no address printed; stderr: {proc.stderr.read() if proc.stderr else ''}")


def ask(url: str, body: Any = None, raw: bytes | None = None) -> tuple[int, Any]:
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            content = answer.read()
            kind = answer.headers.get("Content-Type", "")
            return answer.status, json.loads(content) if "json" in kind else content
    except urllib.error.HTTPError as exc:
        content = exc.read()
        return exc.code, json.loads(content) if content.startswith(b"{") else content


@pytest.fixture
def king_lui(tmp_path: Path):
    proc, url = start(tmp_path, "king_lui", "--seed", "2")
    yield url
    proc.terminate()
    proc.wait(10)


def test_every_request_needs_the_token(king_lui: str) -> None:
    assert ask(king_lui)[0] == 200 and ask(king_lui + "api/view")[0] == 200
    base, token = king_lui.rstrip("/").rsplit("/", 1)
    wrong = f"{base}/{token[:-1]}{'A' if token[-1] != 'A' else 'B'}/"
    for path in ("", "api/view", "static/app.js", "face/ham.png"):
        assert ask(wrong + path)[0] == 404
    assert ask(base + "/")[0] == 404
    assert ask(base + "/etc/passwd")[0] == 404


def test_only_the_app_and_the_decks_pictures_are_served(king_lui: str) -> None:
    status, png = ask(king_lui + "face/ham.png")
    assert status == 200 and png.startswith(b"\x89PNG")
    for path in ("face/..%2F..%2Fpyproject.toml", "static/..%2Fsession.py", "static/session.py", "face/nope.png",
                 "../cardgen/cli.py"):
        assert ask(king_lui + path)[0] == 404


def test_a_forged_move_is_refused_with_the_state_unchanged(king_lui: str) -> None:
    _, before = ask(king_lui + "api/view")
    status, answer = ask(king_lui + "api/move", {"action": ["take", "emerald"]})
    assert status == 409 and "not a legal move" in answer["error"]
    assert ask(king_lui + "api/view")[1] == before
    status, answer = ask(king_lui + "api/move", raw=b"[not json")
    assert status == 400 and "JSON" in answer["error"]
    status, answer = ask(king_lui + "api/move", raw=b'{"action": ["' + b"x" * 10_000 + b'"]}')
    assert status == 413
    assert ask(king_lui + "api/view")[1] == before


def test_a_legal_move_then_the_agents(king_lui: str) -> None:
    _, view = ask(king_lui + "api/view")
    status, after = ask(king_lui + "api/move", {"action": view["moves"][0]["action"]})
    assert status == 200 and after["moves_made"] == view["moves_made"] + 1
    assert after["journal"][-1]["text"] == view["moves"][0]["text"]
    status, agent = ask(king_lui + "api/agent", {})
    assert status == 200 and agent["moves_made"] == after["moves_made"] + 1 and agent["journal"][-1]["who"] == "heuristic"


def test_the_server_stops_once_the_page_has_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    proc, url = start(tmp_path, "king_lui")
    try:
        assert ask(url + "api/leave", {})[0] == 204
        proc.wait(server.LEAVE_GRACE + 10)
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_bad_deck_is_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(ROOT), "play", "king_lui", "--players",
                          "9", "--no-browser"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "3-5 players" in run.stderr


def test_idle_watch() -> None:
    watch = server.Watch()
    now = watch.last
    assert not watch.closed(now + 1)
    assert watch.closed(now + server.IDLE_STOP + 1)
    watch.leaving = now
    assert watch.closed(now + server.LEAVE_GRACE + 0.1)
    watch.heard()
    assert not watch.closed(watch.last + 1)


def test_ctrl_c_stops_the_server(tmp_path: Path) -> None:
    import signal
    proc, url = start(tmp_path, "draco")
    try:
        assert ask(url + "api/view")[0] == 200
        proc.send_signal(signal.SIGINT)
        proc.wait(15)
        assert proc.returncode in (0, 130)
    finally:
        if proc.poll() is None:
            proc.kill()
