"""Issue #12: broken and hostile inputs get one clean line each, exit 2, and nothing else happens.

The corpus (``tests/hostile/cases.py``, generated) runs in-process through
``cardgen.cli.main``; causes where a hang, a signal or the process itself matters
(FIFOs, /dev/zero, file-size limits, killed workers, template code) run as
subprocesses with a 30 s timeout. Every case asserts: the exit code, exactly the
expected number of ``cardgen: error:`` lines on stderr, each naming the file (and
its line where one exists), no traceback, no raw control character echoed, and
no file written outside the output folder.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardgen.cli import main
from hostile.cases import CAUSES, HEAD, V, Case, png

ROOT = Path(__file__).resolve().parent.parent
ALL = [(cause, case) for cause, make in CAUSES.items() for case in make()]


def _project(tmp: Path, game: str) -> Path:
    (tmp / "decks").mkdir(parents=True, exist_ok=True)
    (tmp / "variants" / game).mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "decks" / f"{game}.yaml", tmp / "decks")
    return tmp


def _write(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def _snapshot(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if "out" not in p.relative_to(root).parts[:1]}


def assert_clean_failure(err: str, case: Case) -> None:
    """stderr holds exactly the expected error lines, each one line, safe, naming the file (and line)."""
    assert "Traceback" not in err
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029\u202a-\u202e\u2066-\u2069]", err), \
        "raw control characters echoed"
    lines = [line for line in err.splitlines() if line.startswith("cardgen: error:")]
    assert len(lines) == case.lines, err
    assert all(line.startswith(("cardgen: error:", "cardgen: warning:")) for line in err.splitlines()), err
    for line in lines[: max(0, case.lines - (1 if "more problem" in case.says else 0))]:
        assert len(line) < 1200
        if case.file and "nothing built" not in line:
            assert case.file in line, line
            if case.line:
                assert re.search(re.escape(case.file) + r":\d+: ", line), line
    if case.says:
        assert case.says in err, err


@pytest.mark.parametrize("cause, case", ALL, ids=[f"{c}/{k.id}" for c, k in ALL])
def test_corpus(cause: str, case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path / "p", case.game)
    _write(root, case.files)
    before = _snapshot(root)
    argv = ["--project", str(root)] + case.argv
    if case.argv[:1] in (["build"], ["validate"]):
        argv += ["--out", str(root / "out")]
    rc = main(argv)
    captured = capsys.readouterr()
    assert rc == case.rc, captured.err
    assert_clean_failure(captured.err, case)
    assert _snapshot(root) == before, "a file was written outside the output folder"
    if case.rc == 2:
        assert not (root / "out").exists() or not any((root / "out").rglob("*.pdf"))


def test_corpus_size() -> None:
    """At least 150 cases, every cause of the issue represented."""
    assert len(ALL) >= 150
    assert len(CAUSES) >= 15


# -- causes that need the process itself: subprocesses with a timeout -------------------------
def run(args: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 30,
        preexec: Any = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=full_env, preexec_fn=preexec, check=False)


def one_line(proc: subprocess.CompletedProcess[str], file: str | None, says: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardgen: error: "), proc.stderr
    if file:
        assert file in lines[0]
    assert says in lines[0], lines[0]


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "dangling"])
def test_special_files_never_hang(kind: str, tmp_path: Path) -> None:
    root = _project(tmp_path, "king_lui")
    target = root / "decks" / "z.yaml"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    elif kind == "folder":
        target.mkdir()
    else:
        target.symlink_to(root / "nowhere.yaml")
    proc = run(["check", "z"], root)
    one_line(proc, "decks/z.yaml", "not a regular file" if kind != "dangling" else "not found")


def test_fifo_art_never_hangs(tmp_path: Path) -> None:
    root = _project(tmp_path, "king_lui")
    (root / "art").mkdir()
    os.mkfifo(root / "art" / "a.png")
    _write(root, {V: HEAD + "change: {ham: {faces: {0: {art: art/a.png}}}}\n"})
    one_line(run(["check", "v"], root), V, "not a regular file (a device, pipe or socket); expected a PNG or JPEG file")


def test_unreadable_variants_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, "royale")
    real_walk = os.walk

    def walk(top: Any, onerror: Any = None, **kw: Any) -> Any:
        if Path(top).name == "variants":
            onerror(PermissionError(13, "Permission denied", str(Path(top) / "royale")))
            return iter(())
        return real_walk(top, onerror=onerror, **kw)

    monkeypatch.setattr("cardgen.load.project.os.walk", walk)
    assert main(["--project", str(root), "check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "variants/royale" in err and "Permission denied" in err


# -- output paths ---------------------------------------------------------------------------
def _out_case(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> str:
    root = _project(tmp_path / "p", "king_lui")
    before = _snapshot(root)
    rc = main(["--project", str(root), *argv])
    err = capsys.readouterr().err
    assert rc == 2, err
    assert err.count("\n") == 1 and err.startswith("cardgen: error: ") and says in err, err
    assert _snapshot(root) == before
    return err


def test_out_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    _out_case(tmp_path, capsys, ["build", "king_lui", "--out", str(tmp_path / "file")], "is a file")
    _out_case(tmp_path, capsys, ["build", "king_lui", "--out", str(tmp_path / "file" / "sub")], "is a file")
    assert (tmp_path / "file").read_text() == "x"


def test_json_names_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "dir").mkdir()
    _out_case(tmp_path, capsys, ["validate", "king_lui", "--games", "2", "--json", str(tmp_path / "dir")],
              "is a folder")


def test_json_symlink_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "real.json").write_text("keep")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    _out_case(tmp_path, capsys, ["validate", "king_lui", "--games", "2", "--json", str(tmp_path / "link.json")],
              "symbolic link")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "keep"


def test_schema_out_folder_and_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "dir").mkdir()
    _out_case(tmp_path, capsys, ["schema", "--out", str(tmp_path / "dir")], "is a folder")
    (tmp_path / "link").symlink_to("/etc/hostname")
    _out_case(tmp_path, capsys, ["schema", "--out", str(tmp_path / "link")], "symbolic link")


def test_log_under_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    _out_case(tmp_path, capsys, ["validate", "king_lui", "--games", "2", "--log", str(tmp_path / "file" / "log")],
              "is a file")


def test_read_only_out(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "ro"
    out.mkdir()
    out.chmod(0o555)
    if os.geteuid() == 0:  # root writes anywhere: make the folder read-only as far as cardgen can tell
        real = os.access
        monkeypatch.setattr("cardgen.fileio.os.access", lambda p, m: False if Path(p) == out else real(p, m))
    _out_case(tmp_path, capsys, ["build", "king_lui", "--out", str(out)], "not writable")


def test_full_disk_is_one_line_and_no_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from cardgen.errors import InputError
    from cardgen.fileio import write_atomic

    def full(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("cardgen.fileio.os.fsync", lambda fd: full(fd, b""))
    with pytest.raises(InputError, match="the disk is full"):
        write_atomic(tmp_path / "x.pdf", b"data")
    assert list(tmp_path.iterdir()) == []


def test_file_size_limit_is_one_line(tmp_path: Path) -> None:
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    proc = run(["schema", "--out", str(tmp_path / "s.json")], tmp_path, preexec=limit)
    one_line(proc, "s.json", "file-size limit")
    assert list(tmp_path.iterdir()) == []


def test_bad_source_date_epoch(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    _out_case(tmp_path, capsys, ["check", "king_lui"], "SOURCE_DATE_EPOCH")


# -- templates: sandboxed, errors with file:line ----------------------------------------------
MARKER = "/tmp/cardgen-hostile-marker"


def _template_deck(tmp_path: Path, template: str) -> Any:
    from cardgen.resolve.resolve import resolve

    root = _project(tmp_path, "king_lui")
    (root / "templates" / "rulebook").mkdir(parents=True)
    (root / "templates" / "rulebook" / "king_lui.j2").write_text(template, encoding="utf-8")
    return resolve("king_lui", root)


@pytest.mark.parametrize("template, says, line", [
    ("<book>\n{% if %}\n</book>\n", "rulebook template", 2),
    ("<book>\n\n{{ nope.missing }}\n</book>\n", "UndefinedError", 3),
    ("{{ cycler.__init__.__globals__.os.popen('touch " + MARKER + "').read() }}", "rulebook template", 1),
    ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "rulebook template", 1),
    ("{% include '../../../../etc/passwd' %}", "rulebook template", None),
    ("{{ lipsum.__globals__['os'].system('touch " + MARKER + "') }}", "rulebook template", 1),
    ("{{ self.__init__.__globals__ }}", "rulebook template", 1),
])
def test_project_template_errors(tmp_path: Path, template: str, says: str, line: int | None) -> None:
    from cardgen.errors import InputError
    from cardgen.rulebook.templating import render_markup

    Path(MARKER).unlink(missing_ok=True)
    deck = _template_deck(tmp_path, template)
    with pytest.raises(InputError) as exc:
        render_markup(deck, "en")
    text = str(exc.value)
    assert "\n" not in text and says in text, text
    if line is not None:
        assert f"templates/rulebook/king_lui.j2:{line}:" in text, text
    assert not Path(MARKER).exists(), "template code ran outside the sandbox"


def test_project_template_bad_markup(tmp_path: Path) -> None:
    from cardgen.errors import InputError
    from cardgen.rulebook.book import render_rulebook

    deck = _template_deck(tmp_path, "<book><section><nonsense/></section></book>\n")
    with pytest.raises(InputError) as exc:
        render_rulebook(deck, "en", "a4")
    assert "templates/rulebook/king_lui.j2" in str(exc.value) and "\n" not in str(exc.value)


def test_template_code_execution_in_a_real_build(tmp_path: Path) -> None:
    Path(MARKER).unlink(missing_ok=True)
    root = _project(tmp_path, "king_lui")
    (root / "templates" / "rulebook").mkdir(parents=True)
    (root / "templates" / "rulebook" / "king_lui.j2").write_text(
        "{{ cycler.__init__.__globals__.os.popen('touch " + MARKER + "').read() }}")
    proc = run(["build", "king_lui", "--lang", "en", "--paper", "a4", "--no-rules"], root, timeout=60)
    assert proc.returncode == 0  # no rulebook asked: the template is never read
    proc = run(["build", "king_lui", "--lang", "en", "--paper", "a4"], root, timeout=60)
    one_line(proc, "templates/rulebook/king_lui.j2", "rulebook template")
    assert not Path(MARKER).exists()
    assert not (root / "out" / "king_lui" / "en" / "rules-a4.pdf").exists()


# -- replay of edited logs -------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    root = _project(tmp_path_factory.mktemp("replay"), "king_lui")
    log = root / "games.log"
    assert main(["--project", str(root), "validate", "king_lui", "--games", "1", "--players", "3", "--jobs", "1",
                 "--log", str(log), "--out", str(root / "out")]) == 0
    return root, json.loads(log.read_text(encoding="utf-8").splitlines()[0])


def _edit(record: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**record, **changes})


REPLAY_CASES: list[tuple[str, Any, str]] = [
    ("byte-ff", b"\xff\xfe{}", "not UTF-8"),
    ("players-null", {"players": None}, "'players'"),
    ("players-1e999", "1e999", "out of range"),
    ("players-nan", "NaN", "not a number JSON allows"),
    ("players-string", {"players": "3"}, "'players'"),
    ("players-bool", {"players": True}, "'players'"),
    ("seed-5000-digits", "seed5000", "not a JSON line"),
    ("seed-negative", {"seed": -1}, "'seed'"),
    ("seed-60-digits", {"seed": 10 ** 60}, "digits"),
    ("seed-39-digits", {"seed": 10 ** 39}, "'seed'"),
    ("deck-path", {"deck": "../../../../etc/passwd"}, "'deck' must be a deck or variant id"),
    ("file-outside", {"file": "../../../../etc/passwd"}, "is not the file of deck"),
    ("file-other-deck", {"file": "decks/royale.yaml"}, "is not the file of deck"),
    ("action-nested-deep", "deep", "nested too deeply"),
    ("action-nested-some", {"actions": [[0, [[[["x"]]]]]]}, "action 0"),
    ("actions-null", {"actions": None}, "'actions'"),
    ("not-json", b"hello\n", "not a JSON line"),
    ("json-array", b"[1, 2]\n", "JSON object"),
    ("missing-keys", b'{"format": "cardgen-log/1"}\n', "missing"),
    ("wrong-format", {"format": "other/9"}, "unknown log format"),
    ("nul-bytes", b'{"a": "\x00"}\n', "not a JSON line"),
    ("agents-empty", {"agents": []}, "'agents'"),
    ("piles-wrong", {"initial_piles": {"x": 3}}, "'initial_piles'"),
]


def _replay_line(record: dict[str, Any], spec: Any) -> bytes:
    if isinstance(spec, bytes):
        return spec
    if spec == "1e999":
        return _edit(record).replace(f'"players": {record["players"]}', '"players": 1e999').encode() + b"\n"
    if spec == "NaN":
        return _edit(record).replace(f'"players": {record["players"]}', '"players": NaN').encode() + b"\n"
    if spec == "seed5000":
        return _edit(record).replace(f'"seed": {record["seed"]}', '"seed": ' + "7" * 5000).encode() + b"\n"
    if spec == "deep":
        return _edit(record).replace('"actions": [', '"actions": [' + "[" * 100_000 + "]" * 100_000 + ",", 1) \
            .encode() + b"\n"
    return _edit(record, **spec).encode() + b"\n"


@pytest.mark.parametrize("spec, says", [(s, w) for _, s, w in REPLAY_CASES], ids=[c for c, _, _ in REPLAY_CASES])
def test_replay_edited_log(spec: Any, says: str, good_log: tuple[Path, dict[str, Any]], tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    root, record = good_log
    log = tmp_path / "edited.log"
    log.write_bytes(_replay_line(record, spec))
    rc = main(["--project", str(root), "replay", str(log)])
    err = capsys.readouterr().err
    assert rc == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"{log}:1: " in lines[0] and says in lines[0], err
    assert "Traceback" not in err


def test_replay_reports_every_bad_record_with_its_line(good_log: tuple[Path, dict[str, Any]], tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    root, record = good_log
    log = tmp_path / "mixed.log"
    log.write_bytes(_edit(record).encode() + b"\n" + b"\xff\n" + _edit(record, players=None).encode() + b"\n\n"
                    + _edit(record, deck="../x").encode() + b"\n")
    rc = main(["--project", str(root), "replay", str(log)])
    out = capsys.readouterr()
    assert rc == 2
    lines = out.err.strip().splitlines()
    assert [re.search(r"\.log:(\d+):", line).group(1) for line in lines] == ["2", "3", "5"]  # type: ignore[union-attr]
    assert "1 game(s) replayed, 1 identical" in out.out


def test_replay_log_is_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "log")
    one_line(run(["replay", str(tmp_path / "log")], tmp_path), "log",
             "not a regular file (a device, pipe or socket); expected a log file (one JSON line per game)")


# -- paths anywhere ---------------------------------------------------------------------------
def test_deck_given_as_a_path_anywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path / "p", "king_lui")
    outside = tmp_path / "x" / "my.yaml"
    _write(tmp_path, {"x/my.yaml": HEAD})
    assert main(["--project", str(root), "check", str(outside)]) == 0
    assert "(my):" in capsys.readouterr().out  # check names a deck by its title, its id beside it
    _write(tmp_path, {"x/bad.yaml": HEAD + "rules: {nope: 1}\n"})
    assert main(["--project", str(root), "check", str(tmp_path / "x" / "bad.yaml")]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'x' / 'bad.yaml'}:4: rules.nope: unknown field" in err


# -- killing the main process stops its workers -------------------------------------------------
def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_killing_main_process_stops_workers(tmp_path: Path) -> None:
    root = _project(tmp_path, "king_lui")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "validate", "king_lui", "--games", "2000000",
                             "--jobs", "2", "--engine", "reference", "--out", str(root / "out")], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert workers, "no worker started"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.2)
        assert not any(_alive(w) for w in workers), "workers outlived the main process"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass


def test_fifo_template_never_hangs(tmp_path: Path) -> None:
    root = _project(tmp_path, "king_lui")
    (root / "templates" / "rulebook").mkdir(parents=True)
    (root / "templates" / "rulebook" / "king_lui.j2").write_text('{% include "_common.j2" %}\n')
    os.mkfifo(root / "templates" / "rulebook" / "_common.j2")
    proc = run(["build", "king_lui", "--lang", "en", "--paper", "a4"], root, timeout=60)
    one_line(proc, "_common.j2", "not a regular file")


@pytest.mark.parametrize("text, says", [("\U0001F600", "no glyph"), ("עברית", "right-to-left"), ("&#x1F600;", "no glyph")])
def test_project_template_text_must_print(tmp_path: Path, text: str, says: str) -> None:
    from cardgen.errors import InputError
    from cardgen.rulebook.templating import render_markup

    deck = _template_deck(tmp_path, f"<book><section><p>{text}</p></section></book>\n")
    with pytest.raises(InputError) as exc:
        render_markup(deck, "en")
    assert "templates/rulebook/king_lui.j2" in str(exc.value) and says in str(exc.value)
