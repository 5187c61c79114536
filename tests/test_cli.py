"""The command line's contract: inspect output, check exit codes, argument errors."""
from __future__ import annotations

import json
import re
from typing import Any
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardgen.cli as cli_module
from cardgen import lifecycle
from cardgen.cli import main
from cardgen.speedups.gcpolicy import THRESHOLDS
from nonempty import nonempty


def test_inspect_json_shape(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(mini_project), "inspect", "king_lui", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "king_lui"
    comps = {c["id"]: c for c in data["components"]}
    assert sum(c["count"] for c in comps.values()) == 110
    assert comps["emerald"] == {**comps["emerald"], "kind": "card", "count": 5, "sides": 1}
    assert all(set(c) >= {"id", "kind", "count", "sides"} for c in data["components"])


def test_inspect_text_lists_components(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(mini_project), "inspect", "king_lui", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Le Roi Lui" in out and "Gâteau" in out and "x15" in out


def test_check_fails_a_broken_variant(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mini_project / "variants" / "tiny.yaml").write_text(
        "extends: king_lui\nname: {fr: a, it: a, en: a}\ndescription: {fr: a, it: a, en: a}\n"
        "rules: {course_cards_per_player: 10}\nremove: [ham, cheese]\n", encoding="utf-8")
    code = main(["--project", str(mini_project), "check", "tiny"])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL  5 players · the game lasts more than one course" in out


def test_check_bad_input_exits_2(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(mini_project), "check", "nope"]) == 2
    assert "no deck or variant called 'nope'" in capsys.readouterr().err


def test_bad_language_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--lang", "fr,iy"]) == 2
    err = capsys.readouterr().err
    assert "langue inconnue\u202f: «\u202fiy\u202f»" in err  # build speaks the first language listed (issue 53)
    assert main(["build", "--lang", "iy"]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'iy'" in err
    assert err.count("\n") == 1 and "usage:" not in err  # one line, no usage block


def test_python_dash_m(mini_project: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(mini_project), "inspect", "king_lui"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "King Lui" in proc.stdout


def test_closed_pipe_is_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardgen validate | head``: when the reader leaves, exit quietly with 0."""
    import cardgen.cli as cli

    def reader_left(args: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(cli, "_run", reader_left)
    saved = os.dup(sys.stdout.fileno())
    try:
        assert cli.main(["schema"]) == 0
    finally:
        os.dup2(saved, sys.stdout.fileno())
        os.close(saved)


def test_check_then_build_refuse_failed_checks_unless_forced(project_with: Any, capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    """Royale with two end-of-banquet cards: check fails, build refuses (listing why), --force prints."""
    root = project_with("royale")
    (root / "variants" / "two.yaml").write_text(
        'extends: royale\nname: {fr: a, it: a, en: a}\ndescription: {fr: d, it: d, en: d}\n'
        "change: {end-banquet: {count: 2}}\n", encoding="utf-8")
    assert main(["--project", str(root), "check", "two"]) == 1
    capsys.readouterr()
    out = tmp_path / "out"
    assert main(["--project", str(root), "build", "two", "--lang", "en", "--paper", "a4", "--no-rules",
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "variants/two.yaml: 2 players: check 'exactly one End of the Banquet card' failed" in err and "--force" in err
    assert not out.exists() or not any(out.iterdir())  # not a sheet, picture or cache file
    assert main(["--project", str(root), "build", "two", "--lang", "en", "--paper", "a4", "--no-rules",
                 "--out", str(out), "--force"]) == 0
    assert (out / "two" / "en" / "cards-a4.pdf").is_file() and "warning" in capsys.readouterr().err


def test_source_date_epoch_dates_the_pdf(mini_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.render.sheets import render_sheets
    from cardgen.resolve.resolve import resolve
    deck = resolve("king_lui", mini_project)
    fixed = render_sheets(deck, "en", "a4")
    assert b"D:20000101000000" in fixed  # no SOURCE_DATE_EPOCH: the fixed date
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    dated = render_sheets(deck, "en", "a4")
    assert b"D:20250101000000" in dated and dated == render_sheets(deck, "en", "a4")


def test_validate_progress_lines_when_stderr_is_not_a_terminal(mini_project: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    import cardgen.simulate.validate as v
    monkeypatch.setattr(v, "PROGRESS_EVERY", 0.0)
    assert main(["--project", str(mini_project), "validate", "king_lui", "--games", "40", "--players", "3",
                 "--jobs", "1", "--out", str(mini_project / "out")]) == 0
    err = capsys.readouterr().err
    assert re.search(r"validate: \d+/40 games \(\d+%\)", err), err


def test_user_text_is_echoed_safely() -> None:
    from cardgen.errors import InputError, clean
    assert clean("a\x1b[2Jb\x07\u202e\n") == "a\\x1b[2Jb\\x07\\u202e\\x0a"
    assert len(clean("k" * 100_000)) == 200
    err = InputError("bad\nvalue", file="x\x1b.yaml", line=3, field=["k" * 500])
    assert "\n" not in str(err) and "\x1b" not in str(err) and len(str(err)) < 800


def test_errors_survive_worker_processes() -> None:
    """An error raised in a forked worker reaches the main process with every line intact."""
    import pickle

    from cardgen.errors import InputError, InputErrors
    one = InputError("bad", file="v.yaml", line=3, field=["rules", "x"], hint="y")
    many = InputErrors([one, InputError("worse", file="w.yaml")], more=4)
    assert str(pickle.loads(pickle.dumps(one))) == str(one)
    again = pickle.loads(pickle.dumps(many))
    assert again.lines() == many.lines() and again.lines()[-1] == "... and 4 more problems not listed"


def test_every_help_page_prints(capsys) -> None:
    """``cardgen --help`` and each command's: a stray "%" in a help text breaks argparse."""
    from cardgen.cli import _parser

    commands = [None] + sorted(next(a for a in _parser()._actions if a.dest == "command").choices)
    for command in nonempty(commands):
        with pytest.raises(SystemExit) as stop:
            main(([command] if command else []) + ["--help"])
        assert stop.value.code == 0, command
        assert "usage: cardgen" in capsys.readouterr().out


def test_the_command_exits_quickly_yet_runs_exit_handlers_and_flushes(tmp_path: Path) -> None:
    """``run()`` ends with ``os._exit``: the exit code, buffered output and atexit handlers survive it."""
    script = tmp_path / "probe.py"
    script.write_text(
        "import atexit, sys\n"
        "import cardgen.cli as cli\n"
        "from cardgen.speedups.gcpolicy import collected_once\n"
        f"atexit.register(lambda: open({str(tmp_path / 'handler-ran')!r}, 'w').close())\n"
        "cli.main = lambda: (sys.stdout.write('x' * 100000), 3)[1]\n"
        "cli.run()\n")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=False)
    assert proc.returncode == 3 and len(proc.stdout) == 100000 and (tmp_path / "handler-ran").exists()


def test_a_command_collects_garbage_rarely_and_never_while_the_deck_stages_load(tmp_path: Path) -> None:
    """``run()`` sets the command's collector thresholds (``speedups.gcpolicy``); loading pydantic and the schema runs with the
    collector off, then what it made is frozen and collection resumes (and stays off if it was off)."""
    script = tmp_path / "probe.py"
    script.write_text(
        "import gc, sys\n"
        "import cardgen.cli as cli\n"
        "from cardgen.speedups.gcpolicy import collected_once\n"
        "seen = []\n"
        "def fake_main():\n"
        "    seen.append(gc.get_threshold())\n"
        "    with collected_once():\n"
        "        seen.append(gc.isenabled())\n"
        "        import pydantic\n"
        "    seen.extend([gc.isenabled(), gc.get_freeze_count() > 1000])\n"
        "    gc.disable()\n"
        "    with collected_once():\n"
        "        pass\n"
        "    seen.append(gc.isenabled())\n"
        "    print(seen)\n"
        "    return 0\n"
        "cli.main = fake_main\n"
        "cli.run()\n")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"[{THRESHOLDS!r}, False, True, True, False]"


@pytest.mark.parametrize("stuck", ["unwinding", "thread"])
def test_an_interrupted_command_is_gone_within_two_seconds_whatever_holds_it(tmp_path: Path, stuck: str) -> None:
    """SIGTERM (as Ctrl-C) ends ``cardgen`` within 2 s with "interrupted" and code 130, even when its
    unwinding is stuck (a clean-up waiting on a dead pipe) or a non-daemon thread would hold the exit
    (a process pool's manager thread, joined by ``concurrent.futures``' exit handler)."""
    import signal
    import time

    script = tmp_path / "probe.py"
    script.write_text(
        "import sys, threading, time\n"
        "import cardgen.cli as cli\n"
        "def fake_run(args):\n"
        "    from pathlib import Path\n"
        "    from cardgen.fileio import create_temporary\n"
        f"    create_temporary(Path({str(tmp_path)!r}) / 'games.jsonl')  # a log being written\n"
        f"    if {stuck!r} == 'thread':\n"
        "        threading.Thread(target=time.sleep, args=(60,)).start()\n"
        "    print('ready', flush=True)\n"
        "    try:\n"
        "        time.sleep(60)\n"
        "    finally:\n"
        f"        if {stuck!r} == 'unwinding':\n"
        "            time.sleep(60)\n"
        "    return 0\n"
        "cli._run = fake_run\n"
        "sys.argv = ['cardgen', 'schema']\n"
        "cli.run()\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
        took = time.monotonic() - start
    finally:
        proc.kill()
    assert proc.returncode == 130 and took < 2.0, (proc.returncode, took)
    assert proc.stderr is not None and proc.stderr.read().count("cardgen: interrupted") == 1
    if stuck == "unwinding":  # ended outright: its half-written files went with it
        assert not list(tmp_path.glob(".games.jsonl.*.tmp"))


def test_a_command_removes_what_killed_commands_left_in_its_output_folder(tmp_path: Path) -> None:
    """kill -9 leaves a temporary file nothing could remove; the next command writing there does."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()  # a writer that is gone
    out = tmp_path / "out"
    (out / "validation").mkdir(parents=True)
    left = [out / f".king_lui.jsonl.{proc.pid}-0.tmp", out / "validation" / f".index.html.{proc.pid}-3.tmp",
            tmp_path / f".schema.json.{proc.pid}-1.tmp"]
    for path in left:
        path.write_bytes(b"half")
    assert main(["--project", str(tmp_path), "schema", "--out", str(tmp_path / "schema.json")]) == 0
    assert not left[2].exists() and left[0].exists()  # schema writes beside its file only
    assert main(["--project", str(tmp_path), "build", "--out", str(out)]) == 2  # no decks: still swept
    assert not any(p.exists() for p in left)


def test_sigint_stops_a_command_started_with_it_ignored(tmp_path: Path) -> None:
    """A shell script's background job (``cardgen validate ... &``) starts with SIGINT ignored; a
    ``kill -INT`` sent to it on purpose went unheard and the run went on for minutes."""
    import signal
    import time

    script = tmp_path / "probe.py"
    script.write_text(
        "import sys, time\n"
        "import cardgen.cli as cli\n"
        "def fake_run(args):\n"
        "    print('ready', flush=True)\n"
        "    time.sleep(60)\n"
        "    return 0\n"
        "cli._run = fake_run\n"
        "sys.argv = ['cardgen', 'schema']\n"
        "cli.run()\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)
        took = time.monotonic() - start
    finally:
        proc.kill()
    assert proc.returncode == 130 and took < 2.0
    assert proc.stderr is not None and proc.stderr.read().strip() == "cardgen: interrupted"


def test_an_interrupt_that_breaks_a_library_on_its_way_is_still_interrupted(monkeypatch: pytest.MonkeyPatch,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C during pydantic-core's import surfaced as pyo3's PanicException (a BaseException) and a
    Rust traceback; once an interrupt has come, whatever it broke is "interrupted", code 130."""
    class PanicException(BaseException):
        pass

    def broken(args: object) -> int:
        lifecycle._INTERRUPTED = True  # what lifecycle.on_term records as the signal arrives
        raise PanicException("failed to import `datetime` C API")

    monkeypatch.setattr(cli_module, "_run", broken)
    assert main(["schema"]) == 130
    assert capsys.readouterr().err == "cardgen: interrupted\n"

    def plain(args: object) -> int:
        raise PanicException("a real bug, no interrupt")

    monkeypatch.setattr(cli_module, "_run", plain)
    with pytest.raises(PanicException):
        main(["schema"])


def test_an_outright_end_is_not_refused_by_the_house_rule_guard(tmp_path: Path) -> None:
    """``lifecycle.hard_exit`` ends the process even while a guarded hook runs, when ``os._exit`` is swapped out."""
    script = tmp_path / "probe.py"
    script.write_text("import os\nfrom cardgen import guard, lifecycle\n"
                      "guard.call(lifecycle.hard_exit, where='house/rule.py, hook scores')\n"
                      "print('still running')\n")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 130 and "still running" not in proc.stdout, (proc.returncode, proc.stderr)
