"""Faults during long work (slow tier): interrupts, kills and a Dask cluster losing its members.

Each test runs the real ``cardgen`` command in a process of its own session and hurts it as a
user or a machine would: Ctrl-C at a random moment, ``kill -9``, a worker or the scheduler of a
loopback cluster killed. What must hold: the command is gone within 2 s of an interrupt, no
temporary file of cardgen is left once a later command has run, a killed tune resumed ends with
the ``tune.json`` of a run never interrupted, and each cluster fault is one line, no traceback.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardgen.fileio import TEMPORARY_NAME

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")

#: The ``cardgen`` command (it obeys SIGINT even when this suite runs with it ignored, as under ``nohup ... &``).
CARDGEN = [sys.executable, "-m", "cardgen"]


def start(args: list[str], cwd: Path, cache: Path | None = None) -> subprocess.Popen[str]:
    """``cardgen ARGS`` in a session of its own (a terminal's job: signals go to its whole group).

    ``cache``: a cache folder of the test's own (``CARDGEN_CACHE_DIR``), for a test that counts the
    temporary files a killed run left: every command's start sweeps those of dead writers through the
    register in the cache folder, so a command of a test running beside it on another worker would
    otherwise remove them between the kill and the count (seen once in CI)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]),
                                                          os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    if cache is not None:
        env["CARDGEN_CACHE_DIR"] = str(cache)
    return subprocess.Popen(CARDGEN + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=env)


def end(proc: subprocess.Popen[str]) -> None:
    """Kill what is left of ``proc``'s group (a failed test leaves nothing running)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    proc.wait()


def temporaries(*folders: Path) -> list[Path]:
    return [p for folder in folders for p in folder.rglob("*.tmp") if TEMPORARY_NAME.match(p.name)]


def test_ctrl_c_at_random_moments_of_a_long_validate_ends_it_within_two_seconds(
        project_with: Callable[[str], Path]) -> None:
    root = project_with("king_lui")
    rng = random.Random(38)
    took: list[float] = []
    for attempt in range(20):
        out = root / f"out{attempt}"
        proc = start(["validate", "--games", "200000", "--engine", "reference", "--out", str(out), "--log",
                      str(out / "games.jsonl")], root)
        try:
            time.sleep(rng.uniform(0.3, 4.0))
            start_at = time.monotonic()
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pytest.fail(f"try {attempt + 1}: still running 10 s after Ctrl-C")
            took.append(time.monotonic() - start_at)
        finally:
            end(proc)
        assert proc.returncode in (130, 0), proc.stderr.read() if proc.stderr else ""
        assert not temporaries(out)  # an interrupted run removes its own
    assert len(took) == 20 and max(took) < 2.0, took


def test_sigterm_at_random_moments_of_a_full_build_ends_it_within_two_seconds_in_one_line(
        project_with: Callable[[str], Path]) -> None:
    root = project_with("king_lui")
    rng = random.Random(11)
    for attempt in range(8):
        proc = start(["build", "--out", str(root / f"out{attempt}")], root)
        try:
            time.sleep(rng.uniform(0.3, 5.0))
            start_at = time.monotonic()
            os.killpg(proc.pid, signal.SIGTERM)
            _, err = proc.communicate(timeout=10)
            took = time.monotonic() - start_at
        finally:
            end(proc)
        if proc.returncode == 0:  # finished before the signal
            continue
        assert proc.returncode == 130 and took < 2.0, (attempt, proc.returncode, took)
        assert err.strip().splitlines()[-1:] == ["cardgen: interrupted"] and "Traceback" not in err, err


def test_kill_9_leaves_temporaries_that_the_next_run_removes(project_with: Callable[[str], Path],
                                                             tmp_path: Path) -> None:
    root = project_with("king_lui")
    out = root / "out"
    cache = tmp_path / "own-cache"
    rng = random.Random(9)
    for _ in range(4):
        before = set(temporaries(out))
        proc = start(["validate", "--games", "200000", "--engine", "reference", "--out", str(out), "--log",
                      str(out / "games.jsonl")], root, cache)
        try:
            for _ in range(600):  # the log's temporary file is open (a loaded machine may take a while to start)
                if any(p.name.startswith(".games.jsonl.") for p in set(temporaries(out)) - before) \
                        or proc.poll() is not None:
                    break
                time.sleep(0.1)
            time.sleep(rng.uniform(0.0, 2.0))
        finally:
            end(proc)  # SIGKILL: nothing of cardgen runs after it
    time.sleep(1.0)  # the pool's workers die with their parent (PR_SET_PDEATHSIG)
    assert temporaries(out)  # the killed runs left their logs' temporary files: nothing could remove them
    proc = start(["validate", "--games", "6", "--players", "4", "--out", str(out), "--engine", "reference"], root,
                 cache)
    try:
        proc.wait(timeout=120)
    finally:
        end(proc)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    assert temporaries(root, out) == []


def test_kill_9_of_a_log_outside_out_is_swept_by_any_later_command_elsewhere(
        project_with: Callable[[str], Path], tmp_path: Path) -> None:
    """`validate --log logs/L.jsonl` killed: its log's temporary file sits in logs/, which no output folder
    holds; `check` run from another folder (another project) removes it, through the writers' register."""
    root = project_with("king_lui")
    logs = root / "logs"
    cache = tmp_path / "own-cache"  # start's reason: a command of another test would sweep the log's temporary
    proc = start(["validate", "--games", "200000", "--engine", "reference", "--out", str(root / "out"), "--log",
                  str(logs / "L.jsonl")], root, cache)
    try:
        deadline = time.monotonic() + 60
        while not temporaries(logs) and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        end(proc)
    assert temporaries(logs), "the killed run left its log's temporary file"
    other = tmp_path / "elsewhere"
    other.mkdir()
    proc = start(["check", "king_lui"], other, cache)
    try:
        proc.wait(timeout=120)
    finally:
        end(proc)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    assert temporaries(root) == []


def _tune(root: Path, out: Path) -> subprocess.Popen[str]:
    return start(["tune", "king_lui", "--param", "emerald_portions=0..4", "--param", "count:emerald=4..9",
                  "--target", "turns=40..60", "--trials", "8", "--games", "30", "--players", "4", "--jobs", "1",
                  "--seed", "3", "--out", str(out)], root)


def test_a_killed_tune_resumed_writes_the_uninterrupted_result(project_with: Callable[[str], Path]) -> None:
    root = project_with("king_lui")
    proc = _tune(root, root / "whole")
    try:
        proc.wait(timeout=300)
    finally:
        end(proc)
    proc = _tune(root, root / "cut")
    try:
        assert proc.stderr is not None
        for line in proc.stderr:  # killed once trial 4 is reported: 4 trials are kept
            if line.startswith("trial 4 of 8"):
                break
        end(proc)
    finally:
        end(proc)
    assert not (root / "cut" / "tune.json").exists()
    proc = _tune(root, root / "cut")
    try:
        _, err = proc.communicate(timeout=300)
    finally:
        end(proc)
    assert "trials kept from the study" in err and "of 8 trials kept" in err
    assert (root / "cut" / "tune.json").read_text() == (root / "whole" / "tune.json").read_text()
    assert temporaries(root) == []


# -- a loopback Dask cluster -----------------------------------------------------------------------
def _scheduler_address(info: Path, deadline: float) -> str:
    """The address the scheduler wrote, once the file holds all of it.

    The scheduler creates the file before it writes it, so a file that exists may still be empty
    (CI once read it in between): wait until it parses, up to the deadline."""
    import json
    while True:
        try:
            return str(json.loads(info.read_text())["address"])
        except (OSError, ValueError, KeyError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], subprocess.Popen[bytes]]]:
    """A scheduler and one worker on 127.0.0.1 (dashboards too), each a process of its own group."""
    pytest.importorskip("distributed")
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    info = tmp_path / "scheduler.json"
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    scheduler = subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", "0", "--dashboard-address", "127.0.0.1:0",
                                         "--scheduler-file", str(info)], **quiet)  # type: ignore[call-overload]
    worker = None
    try:
        address = _scheduler_address(info, deadline=time.monotonic() + 60)
        worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                                   "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0", "--no-nanny"],
                                  **quiet)  # type: ignore[call-overload]
        yield address, scheduler, worker
    finally:
        for proc in (worker, scheduler):
            if proc is not None:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass
                proc.wait()


def _cluster_run(root: Path, address: str) -> subprocess.Popen[str]:
    return start(["validate", "--games", "100000", "--players", "4", "--engine", "reference", "--jobs", "1",
                  "--scheduler", address, "--worker-wait", "8", "--out", str(root / "out")], root)


def _one_line(err: str, what: str) -> None:
    assert "Traceback" not in err and 'File "' not in err, err
    errors = [line for line in err.splitlines() if line.startswith("cardgen: error:")]
    assert len(errors) == 1 and what in errors[0], err


def test_a_cluster_left_without_workers_says_so_and_stops_after_its_wait(
        cluster: tuple[str, subprocess.Popen[bytes], subprocess.Popen[bytes]],
        project_with: Callable[[str], Path]) -> None:
    address, _, worker = cluster
    root = project_with("king_lui")
    proc = _cluster_run(root, address)
    try:
        time.sleep(15)  # connected, games under way on the one worker
        os.killpg(worker.pid, signal.SIGKILL)
        killed = time.monotonic()
        _, err = proc.communicate(timeout=60)
        took = time.monotonic() - killed
    finally:
        end(proc)
    notice = [line for line in err.splitlines() if "no Dask worker left" in line]
    assert notice and "waiting for one" in notice[0], err
    assert proc.returncode == 2 and 8 <= took < 20, (proc.returncode, took)
    _one_line(err, "no Dask worker at")


def test_a_lost_scheduler_is_one_line(cluster: tuple[str, subprocess.Popen[bytes], subprocess.Popen[bytes]],
                                      project_with: Callable[[str], Path]) -> None:
    address, scheduler, _ = cluster
    root = project_with("king_lui")
    proc = _cluster_run(root, address)
    try:
        time.sleep(15)
        os.killpg(scheduler.pid, signal.SIGKILL)
        killed = time.monotonic()
        _, err = proc.communicate(timeout=60)
        took = time.monotonic() - killed
    finally:
        end(proc)
    assert proc.returncode == 2 and took < 10, (proc.returncode, took, err)
    _one_line(err, "lost the Dask scheduler")
