"""Atomic writes: readers see the old file or the new one, never a truncated one."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen import fileio
from cardgen.errors import InputError


def test_write_and_skip_unchanged(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "f.bin"
    assert fileio.write_atomic(target, b"abc") is True
    mtime = target.stat().st_mtime_ns
    assert fileio.write_atomic(target, b"abc") is False
    assert target.stat().st_mtime_ns == mtime
    assert fileio.write_atomic(target, "abcd") is True
    assert target.read_bytes() == b"abcd"


def test_interrupted_write_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.pdf"
    target.write_bytes(b"old complete file")

    def boom(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(fileio.os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        fileio.write_atomic(target, b"new" * 1000)
    assert target.read_bytes() == b"old complete file"
    assert [p.name for p in tmp_path.iterdir()] == ["f.pdf"]  # no temporary file left behind


def test_written_files_are_ordinary_readable_files(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    fileio.write_atomic(target, "<html></html>")
    assert target.stat().st_mode & 0o644 == 0o644


def test_durable_writes_flush_to_disk_and_pictures_do_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``durable`` (the default) fsyncs before the rename; ``durable=False`` skips only that."""
    synced: list[int] = []
    real = fileio.os.fsync
    monkeypatch.setattr(fileio.os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    assert fileio.write_atomic(tmp_path / "a.pdf", b"pdf") and len(synced) == 1
    assert fileio.write_atomic(tmp_path / "b.png", b"png", durable=False) and len(synced) == 1
    assert (tmp_path / "b.png").read_bytes() == b"png" and not list(tmp_path.glob(".*.tmp"))


def test_new_files_take_the_umask_and_a_stale_temporary_name_is_passed_over(tmp_path: Path) -> None:
    import os

    old = os.umask(0o027)
    try:
        nxt = next(fileio._TEMPORARY) + 1  # the name the next write tries first, left by a killed process
        stale = tmp_path / f".x.pdf.{os.getpid()}-{nxt}.tmp"
        stale.write_bytes(b"half")
        assert fileio.write_atomic(tmp_path / "x.pdf", b"whole")
    finally:
        os.umask(old)
    assert (tmp_path / "x.pdf").read_bytes() == b"whole"
    assert (tmp_path / "x.pdf").stat().st_mode & 0o777 == 0o640
    assert stale.read_bytes() == b"half"  # not ours to remove


def test_links_and_folders_in_the_way_are_refused(tmp_path: Path) -> None:
    (tmp_path / "real.pdf").write_bytes(b"keep")
    (tmp_path / "link.pdf").symlink_to(tmp_path / "real.pdf")
    (tmp_path / "dir.pdf").mkdir()
    for name in ("link.pdf", "dir.pdf"):
        with pytest.raises(InputError):
            fileio.write_atomic(tmp_path / name, b"new")
    assert (tmp_path / "real.pdf").read_bytes() == b"keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.pdf", "link.pdf", "real.pdf"]


def _dead_pid() -> int:
    """The number of a process that has ended (and been reaped)."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_killed_writers_temporary_files_are_swept_and_nothing_else(tmp_path: Path) -> None:
    """``sweep_temporaries`` removes ``.<name>.<pid>-<n>.tmp`` of processes that are gone, in every
    subfolder, and leaves a live writer's, other hidden files and look-alike names alone."""
    import os

    dead = _dead_pid()
    (tmp_path / "validation" / "run").mkdir(parents=True)
    gone = [tmp_path / f".log.jsonl.{dead}-0.tmp", tmp_path / "validation" / "run" / f".index.html.{dead}-7.tmp",
            tmp_path / f".watch.js.{dead}-2.tmp"]
    kept = [tmp_path / f".log.jsonl.{os.getpid()}-0.tmp",  # a writer that runs
            tmp_path / f".log.jsonl.{dead}.tmp", tmp_path / f"log.{dead}-0.tmp",  # not our form
            tmp_path / ".gitignore", tmp_path / "deck.yaml.tmp"]
    for path in gone + kept:
        path.write_bytes(b"x")
    (tmp_path / "link").symlink_to(tmp_path / "validation")  # not followed: its files are counted once
    removed = fileio.sweep_temporaries(tmp_path)
    assert sorted(removed) == sorted(gone)
    assert not any(p.exists() for p in gone) and all(p.exists() for p in kept)
    nested = tmp_path / "validation" / f".x.{dead}-1.tmp"
    nested.write_bytes(b"x")
    assert fileio.sweep_temporaries(tmp_path, recursive=False) == [] and nested.exists()


def test_create_temporary_names_the_file_after_its_writer(tmp_path: Path) -> None:
    import os

    fd, name = fileio.create_temporary(tmp_path / "sub" / "save.jsonl")
    os.close(fd)
    match = fileio.TEMPORARY_NAME.match(Path(name).name)
    assert match and int(match.group(1)) == os.getpid() and Path(name).parent == tmp_path / "sub"
    assert fileio.sweep_temporaries(tmp_path) == [] and Path(name).exists()  # its writer still runs


def test_a_killed_writer_not_yet_reaped_counts_as_gone(tmp_path: Path) -> None:
    """kill -9 leaves a zombie until its parent reaps it: its pid still exists, yet it writes nothing more."""
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        left = tmp_path / f".g.jsonl.{proc.pid}-0.tmp"
        left.write_bytes(b"half")
        assert fileio.sweep_temporaries(tmp_path) == []  # alive: its file stays
        proc.kill()
        deadline = time.monotonic() + 10
        while Path(f"/proc/{proc.pid}").exists() and time.monotonic() < deadline:
            if fileio.sweep_temporaries(tmp_path):  # a zombie: not reaped (no wait() yet), yet gone
                break
            time.sleep(0.05)
        assert not left.exists()
    finally:
        proc.kill()
        proc.wait()


_WRITE_AND_DIE = """
import os, sys
from cardgen import fileio
for target in sys.argv[1:]:
    fd, name = fileio.create_temporary(target)
    os.write(fd, b"half a log")
os._exit(0)   # as kill -9 would: nothing cleans up
"""


def _killed_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *targets: Path) -> list[Path]:
    """The temporary files a process left for ``targets`` when it died mid-write (its register kept)."""
    import os
    import subprocess
    import sys

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    subprocess.run([sys.executable, "-c", _WRITE_AND_DIE, *map(str, targets)], env=env, check=True)
    left = sorted(p for t in targets for p in t.parent.glob(f".{t.name}.*.tmp"))
    assert len(left) == len(targets)
    return left


def test_what_a_dead_writer_left_anywhere_is_swept_by_any_later_command(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """kill -9 of `validate --log logs/L.jsonl`: the log's temporary file is in logs/, outside every output
    folder; the next command, whatever it writes and wherever it runs, removes it through the register."""
    logs, elsewhere = tmp_path / "project" / "logs", tmp_path / "other" / "out" / "deep" / "er"
    logs.mkdir(parents=True)
    elsewhere.mkdir(parents=True)
    left = _killed_writer(tmp_path, monkeypatch, logs / "L.jsonl", elsewhere / "index.html")
    assert sorted(fileio.sweep_dead_writers()) == left
    assert not any(p.exists() for p in left)
    assert list((tmp_path / "cache" / fileio.WRITERS).iterdir()) == []  # the dead writer's register goes too
    assert fileio.sweep_dead_writers() == []


def test_the_register_never_removes_what_is_not_a_dead_writer_s_temporary(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    left = _killed_writer(tmp_path, monkeypatch, tmp_path / "a.jsonl")
    register = next((tmp_path / "cache" / fileio.WRITERS).iterdir())
    dead = register.name.split(".")[0]
    other_pid = tmp_path / f".b.jsonl.{os.getpid()}-0.tmp"        # a live process's name
    plain = tmp_path / "deck.yaml"                                 # not a temporary at all
    link = tmp_path / f".c.jsonl.{dead}-5.tmp"                     # the dead writer's form, but a link
    for path in (other_pid, plain):
        path.write_bytes(b"keep")
    link.symlink_to(plain)
    with register.open("a") as handle:
        handle.write("".join(f"{p}\n" for p in (other_pid, plain, link, f".d.{dead}-1.tmp")))  # last: relative
    assert fileio.sweep_dead_writers() == left
    assert other_pid.exists() and plain.read_bytes() == b"keep" and link.is_symlink()


def test_a_live_writer_s_register_is_left_alone_and_emptied_when_it_has_nothing_open(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(fileio, "_REGISTER", None)
    monkeypatch.setattr(fileio, "_OPEN", set())  # what earlier tests of this process left open
    fd, name = fileio.create_temporary(tmp_path / "x.json")
    os.close(fd)
    register = tmp_path / "cache" / fileio.WRITERS / f"{os.getpid()}.paths"
    assert register.read_text() == f"{name}\n"
    assert fileio.sweep_dead_writers() == [] and Path(name).exists()   # its writer runs
    os.unlink(name)
    fileio.done_with_temporary(name)
    assert register.read_text() == ""                                  # nothing open: nothing to keep
    fileio.write_atomic(tmp_path / "y.json", "{}")
    assert register.read_text() == "" and (tmp_path / "y.json").read_text() == "{}"
    os.close(fileio._REGISTER[1])
    monkeypatch.setattr(fileio, "_REGISTER", None)


def test_no_cache_folder_keeps_no_register_and_still_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", "")
    monkeypatch.setattr(fileio, "_REGISTER", None)
    assert fileio.write_atomic(tmp_path / "z.txt", "z") and fileio._REGISTER is None
    assert fileio.sweep_dead_writers() == []


def test_the_register_is_private_appended_to_and_a_forked_child_keeps_its_own(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import stat

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(fileio, "_REGISTER", None)
    monkeypatch.setattr(fileio, "_OPEN", set())
    fileio.done_with_temporary("never-made")                   # nothing open, no register yet: nothing to do
    (tmp_path / "cache" / fileio.WRITERS).mkdir(parents=True)  # another writer made the folder already
    register = tmp_path / "cache" / fileio.WRITERS / f"{os.getpid()}.paths"
    names = []
    for target in ("a.json", "b.json"):
        fd, name = fileio.create_temporary(tmp_path / target)
        os.close(fd)
        names.append(name)
        if target == "a.json":
            kept = fileio._REGISTER
    assert fileio._REGISTER == kept                            # one register a process, opened once
    assert stat.S_IMODE(register.stat().st_mode) == 0o600     # the paths of a user's files: theirs alone
    for name in names:
        os.unlink(name)
        fileio.done_with_temporary(name)
    fd, name = fileio.create_temporary(tmp_path / "c.json")
    os.close(fd)
    assert register.read_bytes() == os.fsencode(name) + b"\n"  # emptied, then written from its start
    os.unlink(name)
    fileio.done_with_temporary(name)
    # a forked child inherits its parent's register: it opens its own instead of writing into the parent's
    parents = tmp_path / "parent.paths"
    parent_fd = os.open(parents, os.O_WRONLY | os.O_CREAT)
    os.close(fileio._REGISTER[1])
    monkeypatch.setattr(fileio, "_REGISTER", (os.getpid() + 1, parent_fd))
    fd, name = fileio.create_temporary(tmp_path / "d.json")
    os.close(fd)
    assert register.read_text() == f"{name}\n" and parents.read_text() == ""
    os.unlink(name)
    fileio.done_with_temporary(name)
    os.close(parent_fd)
    os.close(fileio._REGISTER[1])
    monkeypatch.setattr(fileio, "_REGISTER", None)


def test_the_sweep_passes_over_what_it_cannot_read_or_remove_and_goes_on(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever else lies in the register's folder, and whatever a dead writer's register holds, every dead
    writer's temporary file that can be removed is (pids above Linux's pid_max never run)."""
    import os

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    writers = tmp_path / "cache" / fileio.WRITERS
    writers.mkdir(parents=True)
    junk = [writers / "00.txt", writers / "abc.paths", writers / "99999992.txt"]
    for path in junk:
        path.write_text(f"{tmp_path}/.x.99999992-0.tmp\n")
    (writers / "99999990.paths").mkdir()                         # a register that cannot be read
    plain = tmp_path / "plain"
    plain.write_text("a file, not a folder")
    left = tmp_path / ".log.jsonl.99999991-3.tmp"
    left.write_text("half")
    (writers / "99999991.paths").write_bytes(
        os.fsencode(plain / ".a.99999991-0.tmp") + b"\n" + b"/\xff\xfe/.b.99999991-1.tmp\n" + os.fsencode(left) + b"\n")
    stray = tmp_path / ".x.99999992-0.tmp"
    stray.write_text("not listed by a register")
    assert fileio.sweep_dead_writers() == [left]
    assert not left.exists() and stray.exists() and all(p.exists() for p in junk)
    assert not (writers / "99999991.paths").exists()
