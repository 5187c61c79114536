"""``cardgen build --watch`` (``cardgen.watch``), run as a designer runs it: in a subprocess, editing
the project's CSV while it watches. How fast a rebuild comes is measured in benchmarks/bench_watch.py."""
from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

from cardgen.watch import RELOAD, hide_reload, rebuild_line, show_reload, watched

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "own36"
ROOT = Path(__file__).resolve().parent.parent
WAIT = 120  # seconds: generous for a loaded machine; the speed is the benchmark's business
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
#: ``cardgen build --watch``; it obeys Ctrl-C even when started with SIGINT ignored (this suite run as
#: ``nohup ... &`` from a script, whose children inherit the ignored signal).
WATCH = [sys.executable, "-m", "cardgen",
         "build", "--watch", "--lang", "en", "--paper", "a4", "--no-rules"]


class Watcher:
    """``cardgen build --watch`` in ``root``, its output lines read as they come."""

    def __init__(self, root: Path) -> None:
        self.proc = subprocess.Popen(WATCH, cwd=root, env=ENV, text=True, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def next_line(self, starting: str = "") -> str:
        """The next line that is not an indented error detail (and starts with ``starting``)."""
        while True:
            line = self.lines.get(timeout=WAIT)
            if not line.startswith("  ") and line.startswith(starting):
                return line

    def details(self) -> list[str]:
        out = []
        while not self.lines.empty():
            out.append(self.lines.get_nowait())
        return out

    def stop(self) -> int:
        return stop(self.proc)


def stop(proc: subprocess.Popen[str]) -> int:
    """Ctrl-C ``proc``, then SIGTERM, then SIGKILL, each after a wait: never a watcher left running
    (not even when this suite runs as a background job, whose children start with SIGINT ignored)."""
    for sig, wait in ((signal.SIGINT, 30), (signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        proc.send_signal(sig)
        try:
            return proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
    return proc.wait()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_saved_csv_row_rebuilds_the_sheet_and_a_broken_file_does_not_stop_the_watch(tmp_path: Path) -> None:
    root = tmp_path / "own36"
    shutil.copytree(FIXTURE, root)
    sheet = root / "out" / "own36" / "en" / "cards-a4.pdf"
    watcher = Watcher(root)
    try:
        assert watcher.next_line().startswith("watching ")
        first = watcher.next_line()
        assert " first build: 1 file written" in first, first
        before = sheet.read_bytes()
        assert RELOAD in (root / "out" / "index.html").read_text(encoding="utf-8")  # the page reloads itself
        stamp = (root / "out" / "watch.js").read_text()

        edit(root / "decks" / "cards.csv", "Sun,Soleil,3,", "Sun,Soleil,30,")
        line = watcher.next_line()
        assert line.endswith(" s)") and " decks/cards.csv changed: 1 file written, 0 unchanged; 36 cards" in line
        assert sheet.read_bytes() != before  # the sheet was drawn again
        assert (root / "out" / "watch.js").read_text() != stamp  # the open page will reload

        edit(root / "decks" / "cards.csv", "Sun,Soleil,30,", "Sun,Soleil,thirty,")
        broken = watcher.next_line()
        assert "decks/cards.csv changed: not rebuilt (1 problem" in broken, broken
        shown = watcher.lines.get(timeout=WAIT)  # the build's own error line, after the rebuild's line
        assert shown == "  error: decks/cards.csv: row 4, column 'value': expected a whole number, got 'thirty'"
        assert watcher.proc.poll() is None  # still watching

        edit(root / "decks" / "cards.csv", "Sun,Soleil,thirty,", "Sun,Soleil,3,")
        recovered = watcher.next_line()
        assert "decks/cards.csv changed: 1 file written" in recovered, (recovered, watcher.details())
        assert sheet.read_bytes() == before  # the same input gives the same sheet
    finally:
        code = watcher.stop()
    assert code == 0
    assert RELOAD not in (root / "out" / "index.html").read_text(encoding="utf-8")
    assert not (root / "out" / "watch.js").exists()


def test_the_output_folder_hidden_folders_and_temporary_files_are_not_watched(tmp_path: Path) -> None:
    keep = watched(tmp_path, tmp_path / "out")
    assert keep(None, str(tmp_path / "decks" / "cards.csv"))
    assert keep(None, str(tmp_path / "templates" / "layouts" / "pip.yaml"))
    for ignored in ("out/own36/en/cards-a4.pdf", ".git/index", "decks/.cards.csv.swp", "decks/cards.csv~",
                    "decks/.#cards.csv"):
        assert not keep(None, str(tmp_path / ignored)), ignored
    assert not keep(None, "/elsewhere/file.csv")


def test_only_the_builds_inputs_are_watched(tmp_path: Path) -> None:
    """A log, a report or notes in the project are not inputs; a table or picture outside the input folders is."""
    keep = watched(tmp_path, tmp_path / "out")
    for watched_file in ("variants/house/rules.py", "symbols/spark.svg", "rules/rules.py", "art/sun.png",
                         "tables/prices.csv", "pictures/back.jpg", "decks/notes.txt"):
        assert keep(None, str(tmp_path / watched_file)), watched_file
    for ignored in ("watch.log", "validate.jsonl", "report.json", "notes.md", "docs/log.txt"):
        assert not keep(None, str(tmp_path / ignored)), ignored


def test_the_watchs_own_output_file_is_never_watched(tmp_path: Path) -> None:
    """``cardgen build --watch > watch.log`` with the log in the project: the file its lines go to, whatever its
    name, is not a change to rebuild for (it rebuilt 35 times in 6 s on its own lines)."""
    log = tmp_path / "decks" / "watch.csv"  # an input's name and place: only its being our output excludes it
    log.parent.mkdir()
    with open(log, "w") as fh:
        code = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                               "from cardgen.watch import watched; "
                               f"keep = watched(Path({str(tmp_path)!r}), Path({str(tmp_path / 'out')!r})); "
                               f"sys.exit(10 * keep(None, {str(log)!r}) + keep(None, {str(tmp_path / 'decks' / 'a.csv')!r}))"],
                              stdout=fh, env=ENV, check=False).returncode
    assert code == 1  # its own output not kept, another table of the folder kept


def test_a_watch_logging_into_the_project_builds_once(tmp_path: Path) -> None:
    import time

    root = tmp_path / "own36"
    shutil.copytree(FIXTURE, root)
    log = root / "watch.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(WATCH, cwd=root, env=ENV, text=True, stdout=fh, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + WAIT
        while "first build" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(3)  # a watch of its own log would have rebuilt several times by now
    finally:
        code = stop(proc)
    lines = log.read_text().splitlines()
    assert code == 0 and sum("first build" in line for line in lines) == 1, lines
    assert not [line for line in lines if " changed" in line], lines


def test_a_rebuild_is_one_line_and_errors_follow_it() -> None:
    ok = rebuild_line("decks/cards.csv changed", 0, "wrote x\ncardgen build: 1 file written, 3 unchanged (0.4 s)\n", "")
    assert len(ok) == 1 and ok[0].endswith(" decks/cards.csv changed: 1 file written, 3 unchanged (0.4 s)")
    bad = rebuild_line("x changed", 2, "", "cardgen: error: a\ncardgen: error: b\n")
    assert bad[0].endswith("x changed: not rebuilt (2 problems; fix and save again, the watch goes on)")
    assert bad[1:] == ["  error: a", "  error: b"]


def test_the_reload_script_is_added_once_and_taken_out(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text("<html><head><title>g</title></head><body></body></html>", encoding="utf-8")
    show_reload(tmp_path, 1)
    show_reload(tmp_path, 2)
    html = page.read_text(encoding="utf-8")
    assert html.count(RELOAD) == 1 and (tmp_path / "watch.js").read_text() == "cardgenWatch(2);\n"
    hide_reload(tmp_path)
    assert page.read_text(encoding="utf-8") == "<html><head><title>g</title></head><body></body></html>"
    assert not (tmp_path / "watch.js").exists()
