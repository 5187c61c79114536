"""``cardgen play``'s server, started as a user starts it: the token, bounded bodies, refusals, stopping."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import json
import os
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


#: the seed of a table with people (never shown on a page: checked)
SEED = 424242421


@contextmanager
def running_table(tmp_path: Path, deck: str) -> Iterator[dict[str, str]]:
    """A table of ``deck`` (``start_table``, agents at a brisk pace) for the length of a test: its links."""
    proc, links = start_table(tmp_path, deck, "--pace", "0.05")
    try:
        yield links
    finally:
        proc.terminate()
        proc.wait(10)


def start_table(tmp_path: Path, deck: str, *args: str, project: Path = ROOT) -> tuple[subprocess.Popen[str],
                                                                                      dict[str, str]]:
    """``cardgen play DECK --people 1,2`` of ``project`` without a browser: its links by seat number, ``designer``,
    ``spectator``, ``pass`` (pass-and-play) and ``lobby``."""
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(project), "play", deck, "--people", "1,2",
                             "--players", "3", "--no-browser", "--seed", str(SEED), "--out", str(tmp_path / "out"),
                             "--log", str(tmp_path / "games.jsonl"), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stdout is not None
    links: dict[str, str] = {}
    roles = iter(("lobby", "1", "2", "spectator", "pass", "designer"))  # the order the lines come in, in any language
    for line in proc.stdout:
        found = re.search(r"(http://127\.0\.0\.1:\d+/\S+/)", line)
        if found:
            links[next(roles)] = found.group(1)
        if "designer" in links:
            return proc, links
    proc.wait(10)
    raise AssertionError(f"no links printed; stderr: {proc.stderr.read() if proc.stderr else ''}")


def people_move(links: dict[str, str], rng: Any, steps: int) -> None:
    """``steps`` turns of a table of people (``start_table``'s links): each person's page comes, an agent's turn is
    asked for by the designer's page, a person's is a random legal move of theirs."""
    ask(links["1"] + "api/view"), ask(links["2"] + "api/view")  # both people come: the table starts
    for _ in range(steps):
        status, view = ask(links["designer"] + "api/view")
        if view["waiting"] == "agent":
            ask(links["designer"] + "api/agent", {"after": view["moves_made"]})
            continue
        seat = str(view["turn"] + 1)
        status, mine = ask(links[seat] + "api/view")
        if mine["waiting"] == "you":
            ask(links[seat] + "api/move", {"action": rng.choice(mine["moves"])["action"], "turn": mine["moves_made"]})


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
    status, answer = ask(king_lui + "api/move", {"action": ["take", "emerald"], "turn": before["moves_made"]})
    assert status == 409 and "not a legal move" in answer["error"]
    status, answer = ask(king_lui + "api/move", {"action": before["moves"][0]["action"]})
    words = json.loads((ROOT / "cardgen" / "play" / "view.json").read_text(encoding="utf-8"))
    no_turn = words["ui"]["en"]["err_no_turn"]
    assert status == 409 and answer["error"] == no_turn  # a move that does not say which turn it answers
    assert ask(king_lui + "api/view")[1] == before
    status, answer = ask(king_lui + "api/move", raw=b"[not json")
    assert status == 400 and "JSON" in answer["error"]
    status, answer = ask(king_lui + "api/move", raw=b'{"action": ["' + b"x" * 20_000 + b'"]}')
    assert status == 413
    assert ask(king_lui + "api/view")[1] == before


def test_a_legal_move_then_the_agents(king_lui: str) -> None:
    _, view = ask(king_lui + "api/view")
    status, after = ask(king_lui + "api/move", {"action": view["moves"][0]["action"], "turn": view["moves_made"]})
    assert status == 200 and after["moves_made"] == view["moves_made"] + 1
    # the button says what to do ("Take Ham"), the journal what was done ("takes Ham")
    assert view["moves"][0]["text"].startswith("Take ")
    assert after["journal"][-1]["text"] == "takes " + view["moves"][0]["text"].removeprefix("Take ")
    status, agent = ask(king_lui + "api/agent", {"after": after["moves_made"]})
    assert status == 200 and agent["moves_made"] == after["moves_made"] + 1 and agent["journal"][-1]["who"] == "computer"
    status, again = ask(king_lui + "api/agent", {"after": after["moves_made"]})  # a second page asking the same
    assert status == 200 and again["moves_made"] == agent["moves_made"] and again["moved"] is None


def test_a_replayed_move_is_refused(king_lui: str) -> None:
    _, view = ask(king_lui + "api/view")
    while view["waiting"] != "you":
        _, view = ask(king_lui + "api/agent", {"after": view["moves_made"]})
    sent = {"action": view["moves"][0]["action"], "turn": view["moves_made"]}
    assert ask(king_lui + "api/move", sent)[0] == 200
    _, now = ask(king_lui + "api/view")
    while now["waiting"] == "agent":
        _, now = ask(king_lui + "api/agent", {"after": now["moves_made"]})
    status, answer = ask(king_lui + "api/move", sent)  # the same request again, later
    assert status == 409 and "moved on" in answer["error"] and answer["code"] == "moved_on"
    assert ask(king_lui + "api/view")[1]["moves_made"] == now["moves_made"]


def test_a_foreign_host_or_origin_is_refused(king_lui: str) -> None:
    port = re.search(r":(\d+)/", king_lui).group(1)
    assert raw_get(king_lui + "api/view", {"Host": f"127.0.0.1:{port}"})[0] == 200
    assert raw_get(king_lui + "api/view", {"Host": f"localhost:{port}"})[0] == 200
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1:1"):
        assert raw_get(king_lui + "api/view", {"Host": host})[0] == 403
    assert raw_get(king_lui + "api/view", {"Origin": "http://evil.example"})[0] == 403
    assert raw_get(king_lui + "api/view", {"Origin": f"http://127.0.0.1:{port}"})[0] == 200


def raw_get(url: str, headers: dict[str, str]) -> tuple[int, bytes]:
    """A GET with headers urllib would otherwise set itself (Host)."""
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.putrequest("GET", parts.path, skip_host="Host" in headers)
    for k, v in headers.items():
        conn.putheader(k, v)
    conn.endheaders()
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, body


def test_half_open_sockets_do_not_starve_the_table(king_lui: str) -> None:
    """40 connections that never finish (or never start) their request: pages still answer within a
    second, and the server closes those connections once ``HEAD_SECONDS`` have passed."""
    import socket
    port = int(re.search(r":(\d+)/", king_lui).group(1))
    held = []
    for k in range(40):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        if k % 2:  # half of them send half a request head (no blank line: never whole), half send nothing
            sock.sendall(b"GET /x/api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        held.append(sock)
    try:
        for _ in range(3):
            start = time.monotonic()
            status, _ = ask(king_lui + "api/view")
            assert status == 200 and time.monotonic() - start < 1.0
        time.sleep(server.HEAD_SECONDS + 1.5)
        for sock in held:  # closed by the server: reading gives the end of the stream
            assert sock.recv(100) == b""
        assert ask(king_lui + "api/view")[0] == 200
    finally:
        for sock in held:
            sock.close()


def test_hundreds_of_idle_sockets_from_one_address_do_not_turn_pages_away(king_lui: str) -> None:
    """More half-sent requests than the server's cap on connections (512): the address's oldest idle ones
    are closed as new ones come (``PEER_CONNECTIONS``), so a page still gets its table, not a 503."""
    import socket
    port = int(re.search(r":(\d+)/", king_lui).group(1))
    held = []
    try:
        for _ in range(530):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(b"GET /x/api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(sock)
        time.sleep(0.5)
        status, view = ask(king_lui + "api/view")
        assert status == 200 and view["seat"] == 0
        closed = 0
        for sock in held[:-server.PEER_CONNECTIONS]:  # the oldest: closed by the server
            sock.settimeout(5)
            try:
                closed += sock.recv(100) == b""
            except ConnectionResetError:  # closed before the server read the half head
                closed += 1
        assert closed == len(held) - server.PEER_CONNECTIONS
    finally:
        for sock in held:
            sock.close()


def test_a_page_still_gets_its_table_after_more_connections_than_one_address_may_hold(king_lui: str) -> None:
    """Connections that have ended no longer count against their address's ``PEER_CONNECTIONS``: a page
    opens a new one every few seconds over a game, and once 64 had ended every new one was closed at once."""
    answers = [ask(king_lui + "api/view") for _ in range(server.PEER_CONNECTIONS + 6)]  # a connection each, closed
    assert len(answers) > server.PEER_CONNECTIONS > 0
    assert [(status, view["seat"]) for status, view in answers] == [(200, 0)] * len(answers)


def test_no_response_carries_the_seed(tmp_path: Path) -> None:
    seed = "734105293"
    proc, url = start(tmp_path, "royale", "--seed", seed, "--pace", "0")
    try:
        seen = [ask(url)[1], ask(url + "static/app.js")[1]]
        _, view = ask(url + "api/view")
        for _ in range(30):
            seen.append(json.dumps(view))
            if view["waiting"] == "over":
                break
            if view["waiting"] == "you":
                _, view = ask(url + "api/move", {"action": view["moves"][-1]["action"], "turn": view["moves_made"]})
            else:
                _, view = ask(url + "api/agent", {"after": view["moves_made"]})
        assert "seed" not in view and view["game_number"] == 1
        assert not [s for s in seen if seed in (s if isinstance(s, str) else s.decode())]
    finally:
        proc.terminate()
        proc.wait(10)


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


def test_seat_and_people_together_are_one_line(tmp_path: Path) -> None:
    """``--seat 1 --people 2,3``: which seats are people's is unclear; refused rather than --seat ignored."""
    run = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(ROOT), "play", "king_lui", "--seat", "1",
                          "--people", "2,3", "--no-browser"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "--people" in run.stderr and "--seat" in run.stderr


def test_idle_watch_waits_for_people_who_have_not_come() -> None:
    watch = server.Watch(wait_first=None, idle_stop=server.PEOPLE_IDLE_STOP, leaves=False)
    assert not watch.closed(watch.last + 10 * server.IDLE_STOP)
    watch.heard()
    watch.leaving = watch.last  # a person reloading at a table of several: not a reason to stop
    assert not watch.closed(watch.last + server.LEAVE_GRACE + 1)
    assert watch.closed(watch.last + server.PEOPLE_IDLE_STOP + 1)


def test_the_server_stops_when_its_starter_goes(tmp_path: Path) -> None:
    import signal
    out = tmp_path / "out.txt"
    shell = subprocess.Popen(["sh", "-c", f"{sys.executable} -m cardgen --project {ROOT} play king_lui --no-browser "
                              f"--people 1,2 --out {tmp_path / 'out'} > {out} 2>&1 & echo $!; wait"],
                             stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    assert shell.stdout is not None
    child = int(shell.stdout.readline())
    try:
        for _ in range(600):
            if "designer" in (out.read_text() if out.exists() else ""):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the table never printed its links")
        shell.send_signal(signal.SIGKILL)
        shell.wait(10)
        for _ in range(100):  # the child, reparented, notices within a second or two
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the server ran on after the process that started it had gone")
        assert "has ended; stopping" in out.read_text()
    finally:
        try:
            os.kill(child, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_idle_watch() -> None:
    watch = server.Watch()
    now = watch.last
    assert not watch.closed(now + 1)
    assert watch.closed(now + server.IDLE_STOP + 1)  # the browser the server opened never came
    watch.heard()
    now = watch.last
    assert not watch.closed(now + server.IDLE_STOP - 1)
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


def test_ctrl_c_with_a_page_open_stops_within_two_seconds_in_one_line(tmp_path: Path) -> None:
    """Every open page holds an event stream: Ctrl-C ends those streams at once (no request cancelled
    after the grace period, no traceback), within 2 s, with the one line an interrupted command prints."""
    import signal
    import socket
    proc, url = start(tmp_path, "king_lui")
    try:
        port = int(re.search(r":(\d+)/", url).group(1))
        path = re.search(r":\d+(/\S+/)", url).group(1)
        stream = socket.create_connection(("127.0.0.1", port), timeout=10)
        stream.sendall(f"GET {path}api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        assert b"text/event-stream" in stream.recv(1000)
        start_at = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(15)
        assert time.monotonic() - start_at < 2.0
        stream.close()
        assert proc.stderr is not None
        err = proc.stderr.read()
        assert "Traceback" not in err and err.strip().count("\n") == 0, err
    finally:
        if proc.poll() is None:
            proc.kill()


def test_two_people_each_with_their_key_and_the_designer_watching(tmp_path: Path) -> None:
    """``--people 1,2``: a link per seat and the designer's; the table waits for both; a key sees and
    moves for its seat only; the designer moves for nobody; the event stream says the table changed."""
    proc, links = start_table(tmp_path, "king_lui", "--pace", "0")
    try:
        one, two, designer = links["1"], links["2"], links["designer"]
        assert len({one, two, designer}) == 3
        _, view = ask(one + "api/view")
        assert view["seat"] == 0 and view["waiting"] == "seats" and view["moves"] == []
        _, watched = ask(designer + "api/view")
        assert watched["designer"] and watched["joined"] == [0] and len(watched["seats"]) == 3
        _, view2 = ask(two + "api/view")  # the second person sits down: the table starts
        assert view2["seat"] == 1 and view2["waiting"] in ("you", "person", "agent")
        for _ in range(20):
            _, now = ask(one + "api/view")
            if now["waiting"] == "agent":
                ask(one + "api/agent", {"after": now["moves_made"]})
                continue
            mover, other = (one, two) if now["waiting"] == "you" else (two, one)
            _, seen = ask(mover + "api/view")
            move = {"action": seen["moves"][0]["action"], "turn": seen["moves_made"]}
            status, answer = ask(other + "api/move", move)
            assert status == 409 and answer["code"] == "not_yours" and "not yours" in answer["detail"]
            status, answer = ask(designer + "api/move", move)
            assert status == 403 and "designer" in answer["error"]
            assert ask(mover + "api/move", move)[0] == 200
            break
        else:
            raise AssertionError("no person's turn came")
        request = urllib.request.Request(two + "api/events")
        with urllib.request.urlopen(request, timeout=10) as stream:  # server-sent events: the table's version
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            lines = [stream.readline() for _ in range(4)]
        assert any(line.startswith(b"data: ") for line in lines)
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_refusals_outside_play_speak_the_tables_language(tmp_path: Path, lang: str) -> None:
    """A wrong key, a foreign Host or Origin, the designer moving, a move without its turn, a replayed
    move: each refusal in the table's language (``err_<code>`` of view.json), the English line as detail."""
    from cardgen.play.view import UI

    words = UI[lang]
    proc, links = start_table(tmp_path, "king_lui", "--lang", lang)
    try:
        one, designer = links["1"], links["designer"]
        port = re.search(r":(\d+)/", one).group(1)
        wrong = re.sub(r"/[^/]+/$", "/not-a-key/", one)
        status, body = ask(wrong + "api/view")
        assert status == 404 and body.decode("utf-8") == words["err_not_found"]
        status, body = raw_get(one + "api/view", {"Host": f"evil.example:{port}"})
        assert status == 403 and json.loads(body)["error"] == words["err_host"]
        status, body = raw_get(one + "api/view", {"Origin": "http://evil.example"})
        assert status == 403 and json.loads(body)["error"] == words["err_origin"]
        status, answer = ask(designer + "api/move", {"action": ["x"], "turn": 0})
        assert status == 403 and answer["error"] == words["err_watching"] and answer["code"] == "watching"
        ask(links["2"] + "api/view")  # both people have come: the table starts
        status, answer = ask(one + "api/move", {"action": ["x"]})
        assert status == 409 and answer["error"] == words["err_no_turn"] and "turn" in answer["detail"]
        status, answer = ask(one + "api/move", {"action": ["x"], "turn": 99})  # an old or replayed move
        assert status == 409 and answer["error"] == words["err_moved_on"]
        status, answer = ask(one + "api/move", raw=b"[1]")
        assert status == 400 and answer["error"] == words["err_not_json"]
    finally:
        proc.terminate()
        proc.wait(10)


def test_every_refusal_has_its_words_in_every_language() -> None:
    """Each code a refusal names (in any module of the table: session, talk, seats, access, routes...) has an
    ``err_<code>`` in fr, it and en."""
    from cardgen.play.view import UI

    source = "".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / "cardgen" / "play").glob("*.py")))
    codes = set(re.findall(r'Refus(?:ed|al)\((?:[^()]|\([^()]*\))*?, "([a-z_]+)"\)', source, re.S))
    codes |= set(re.findall(r'plain\(\d+, "([a-z_]+)"\)', source))
    assert {"not_found", "host", "origin", "moved_on", "illegal", "watching", "no_turn", "talk_people", "rematch_none",
            "revoked", "spectating"} <= codes
    for lang in ("en", "fr", "it"):
        assert not [c for c in codes if f"err_{c}" not in UI[lang]], lang
