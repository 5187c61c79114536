"""``--engine auto`` (``cardgen/simulate/autoengine.py``): the choice by cost, the background build,
and results that do not depend on the choice."""
from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.simulate import autoengine
from cardgen.simulate.autoengine import LOAD_SECONDS, decide

ROOT = Path(__file__).resolve().parent.parent


def test_a_run_the_reference_engine_ends_sooner_never_loads_compiled_code() -> None:
    assert decide(LOAD_SECONDS / 2, ready=True, building=False, compile_s=30.0).engine == "reference"
    assert decide(LOAD_SECONDS * 3, ready=True, building=False, compile_s=30.0).engine == "fast"


@pytest.mark.parametrize(("lang", "seconds"), [("en", "0.4"), ("fr", "0,4"), ("it", "0,4")])
def test_the_reason_gives_its_seconds_with_the_languages_decimal_sign(lang: str, seconds: str) -> None:
    from cardgen import terminal

    terminal.set_language(lang)
    try:
        why = decide(0.4, ready=True, building=False, compile_s=30.0).why
    finally:
        terminal.set_language("en")
    assert f"{seconds}\u00a0s" in why or f"{seconds} s" in why, why


def test_uncompiled_code_plays_on_the_reference_engine_and_is_built_once_in_the_background() -> None:
    first = decide(5.0, ready=False, building=False, compile_s=None)
    assert first.engine == "reference" and first.build
    assert not decide(5.0, ready=False, building=True, compile_s=None).build  # never two builds at once
    assert not decide(50.0, ready=True, building=False, compile_s=None).build


def test_the_suite_never_waits_for_a_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the suite's switch a huge run plays the reference engine: the README's tier compiles nothing,
    however slow a loaded machine makes the reference engine look."""
    assert os.environ.get(autoengine.WAIT_ENV) == "0"  # tests/conftest.py
    assert decide(10_000.0, ready=False, building=False, compile_s=None).engine == "reference"
    assert decide(10_000.0, ready=True, building=False, compile_s=None).engine == "fast"  # cached: no compile
    monkeypatch.delenv(autoengine.WAIT_ENV)
    assert decide(10_000.0, ready=False, building=False, compile_s=None).engine == "wait"


def test_compare_compiles_in_the_foreground_unless_waiting_is_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """compare's ``auto`` compiles a tier it lacks before playing, except under the suite's switch, where it plays the
    reference engine (the README's tier compiled Draco's and King Lui's tiers in compare tests: minutes of CI)."""
    monkeypatch.setattr(autoengine, "is_ready", lambda game: game == "royale")
    assert os.environ.get(autoengine.WAIT_ENV) == "0"
    assert not autoengine.compiles_here("draco")
    assert autoengine.compiles_here("royale")  # built: it loads, nothing compiles
    monkeypatch.delenv(autoengine.WAIT_ENV)
    assert autoengine.compiles_here("draco")


def test_a_compare_under_the_suites_switch_compiles_nothing(tmp_path: Path) -> None:
    """A first compare on an empty cache, ``--engine auto``: the reference engine plays; no compiled code is saved."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGEN_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(ROOT), "compare", "king_lui",
                           "king_lui-hungry-dragon", "--players", "3", "--games", "6", "--out", str(tmp_path / "out")],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    saved = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "cache").rglob("*.nbi"))
    assert not [name for name in saved if "/king_lui_" in name or "batch." in name], saved


def test_a_run_large_enough_to_gain_waits_for_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(autoengine.WAIT_ENV, raising=False)
    assert decide(200.0, ready=False, building=False, compile_s=30.0).engine == "wait"
    assert decide(200.0, ready=False, building=False, compile_s=300.0).engine == "reference"
    assert decide(10_000.0, ready=False, building=False, compile_s=None).engine == "wait"


@pytest.mark.parametrize(("lang", "ref", "build"), [("en", "2.4", "0.1"), ("fr", "2,4", "0,1")])
def test_a_wait_says_its_seconds_never_about_0_s(monkeypatch: pytest.MonkeyPatch, lang: str, ref: str,
                                                 build: str) -> None:
    """A build that took 0.04 s here was said "compiling first takes about 0 s" beside "about 2 s": below 10 s a
    duration has its tenth, and never less than 0.1 s; above, whole seconds."""
    from cardgen import terminal

    monkeypatch.delenv(autoengine.WAIT_ENV, raising=False)
    terminal.set_language(lang)
    try:
        short = decide(2.44, ready=False, building=False, compile_s=0.04)
        long = decide(2000.4, ready=False, building=False, compile_s=30.0)
    finally:
        terminal.set_language("en")
    assert short.engine == long.engine == "wait"
    assert f"{ref}\u00a0s" in short.why.replace(" s", "\u00a0s") and f"{build}\u00a0s" in short.why.replace(" s", "\u00a0s")
    assert " 0 s" not in short.why and "\u00a00\u00a0s" not in short.why
    assert "2000" in long.why.replace("\u202f", "").replace(",", "").replace(" ", "") and "30" in long.why


def test_the_reference_time_is_measured_from_the_runs_own_games() -> None:
    calls = []

    def chunk_of(a: int, b: int) -> object:
        calls.append((a, b))
        return ("chunk", a, b)

    seconds = autoengine.reference_seconds(lambda a, b: _spin(0.01 * (b - a)) or chunk_of(a, b), 1000)
    assert calls == [(0, 1), (1, 1 + autoengine.PROBE_GAMES)]
    assert 9.0 <= seconds <= 30.0  # 10 ms of CPU a game, 1000 games


def _spin(cpu: float) -> None:
    """Busy for ``cpu`` seconds of this process's CPU time (a game's work)."""
    end = time.process_time() + cpu
    while time.process_time() < end:
        pass


def test_the_reference_time_is_cpu_time_not_the_clocks() -> None:
    """A loaded machine stretches the clock, not the work: probe games that wait (another process holds the
    CPU) are not counted as the reference engine's, so a fresh install's first run does not wait minutes for a
    compile it would have beaten by playing on (docs/DEVELOPING.md, 2026-12-02: Royale at load 12-15)."""
    seconds = autoengine.reference_seconds(lambda a, b: time.sleep(0.02 * (b - a)), 1000)
    assert seconds < 5.0  # 20 s of the clock for 1,000 games, next to no CPU


def test_a_build_does_nothing_while_another_holds_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    lock = autoengine.lock_path("king_lui")
    assert lock is not None and not autoengine.is_building("king_lui")
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        assert autoengine.is_building("king_lui")
        start = time.monotonic()
        assert autoengine.build("king_lui", str(ROOT), "king_lui", [3]) is False
        assert time.monotonic() - start < 5  # it did not wait, nor compile
        assert autoengine.start_build("king_lui", str(ROOT), "king_lui", [3]) is None
    assert not autoengine.is_ready("king_lui")


def test_no_cache_means_no_background_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", "")
    monkeypatch.setenv(autoengine.BACKGROUND_ENV, "1")
    assert autoengine.start_build("king_lui", str(ROOT), "king_lui", [3]) is None
    assert not autoengine.is_ready("king_lui")


#: Players and games per run: enough that the reference engine takes well over LOAD_SECONDS (so
#: once built the compiled tier plays), few enough that it takes less than a build even on a
#: loaded machine (so the first run does not wait for it).
#: Draco's reference games take about 1 ms each once its heuristic's forecasts are compiled (the
#: first run compiles them): 1000 games fell under LOAD_SECONDS on a quiet machine, so the second run
#: rightly stayed on the reference engine; 5000 stay well above it, and under a build's time loaded.
RUNS = {"king_lui": ("3", 1500), "royale": ("2", 300), "draco": ("3", 5000)}
#: The games CI runs it on. What it proves (the first run plays the reference engine while the background build
#: runs, the next plays that build's compiled tier, byte for byte the same) is ``autoengine``'s, which never branches
#: on the game; each game's tier against its reference engine is ``test_king_lui_fast``, ``test_royale_fast``,
#: ``test_draco_fast`` and ``test_batch``'s. Each game here costs a whole tier build on a fresh cache, beside the
#: session's own: Draco 688 s and Royale 318 s of a loaded slow tier (2026-12-01), which ran CI past its 90 minutes.
#: Another game runs by adding it here (its ``RUNS`` entry is kept).
AUTO_GAMES = ("king_lui",)


def _validate(cache: Path, out: Path, name: str, game: str) -> tuple[bytes, bytes, str]:
    """JSON, log and what the run said (stderr, then numba's cache messages on stdout).

    Without the designer metrics' traces: their games are replayed on the reference State whichever
    tier played, which would blur the proof below that the second run played compiled."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGEN_CACHE_DIR": str(cache), autoengine.BACKGROUND_ENV: "1",
           "NUMBA_DEBUG_CACHE": "1"}
    js, log = out / f"{name}.json", out / f"{name}.jsonl"
    players, games = RUNS[game]
    done = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(ROOT), "validate", game,
                           "--players", players, "--games", str(games), "--json", str(js), "--log", str(log),
                           "--out", str(out), "--no-designer"], env=env, capture_output=True, text=True,
                          timeout=1800)
    assert done.returncode in (0, 1), done.stderr
    return js.read_bytes(), log.read_bytes(), done.stderr + done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("game", AUTO_GAMES)
def test_results_are_byte_identical_whichever_engine_auto_chose(game: str, tmp_path: Path) -> None:
    """First run on a fresh cache: the reference engine plays while the tier is built in the
    background; once built, the same command plays compiled: the same JSON and log, byte for byte."""
    cache = tmp_path / "cache"
    first_json, first_log, first_said = _validate(cache, tmp_path, "first", game)
    # the first-run note, one plain line (fifteenth reading fr1; its subject, twenty-fourth reading en1): played now on
    # the reference engine, not waited for
    assert (": this first run is slower while cardgen prepares the game; later runs are faster and give the same "
            "results.") in first_said.replace("\n    ", " ") or \
        ": runs skip mid-game card strength until cardgen’s faster simulation is ready." in first_said
    assert "waiting for" not in first_said
    deadline = time.monotonic() + 900
    while not autoengine_ready(cache, game):
        assert time.monotonic() < deadline, "the background build never finished"
        time.sleep(1)
    second_json, second_log, said = _validate(cache, tmp_path, "second", game)
    assert "First run" not in said and "not built yet" not in said and "waiting for" not in said
    # (a function the build's few games never called may still compile now: Royale's noble
    # table grows, ``fastreq.rehash``, only in longer runs)
    # it played compiled, from the background build's cache: compiled functions the first run
    # (the reference engine, Draco's heuristic has compiled forecasts of its own) never touched
    assert _compiled(said) - _compiled(first_said)
    assert second_json == first_json and second_log == first_log
    assert json.loads(second_json)["results"][0]["engine"] == "auto"


def _compiled(said: str) -> set[str]:
    """The compiled functions numba saved or loaded (NUMBA_DEBUG_CACHE), as module.function."""
    import re
    return {m.split("-")[0] for m in re.findall(r"\[cache\] data (?:saved to|loaded from) '[^']*/([^/']+)'", said)}


def autoengine_ready(cache: Path, game: str) -> bool:
    return any((cache / "numba").glob(f"*/ready-{game}.json"))


#: Run in a session of its own (its own scheduling group), as a detached build is.
YIELDING = """
import json, os, sys, time
from cardgen.simulate import autoengine as a
how = a.yield_cpu()
group = lambda: a.AUTOGROUP.read_text().split()[-1] if how == "autogroup" else ""
during = group()
folder = a.folder()
asked, dead = folder / f"yield-g-{os.getppid()}", folder / "yield-g-999999999"
asked.touch(); dead.touch()
a.yield_while_runs("g", -1, poll=0.02)  # the run that started it is over: only the file asks
time.sleep(0.3)
still = group()
asked.unlink()
time.sleep(0.3)
print(json.dumps([how, os.nice(0), during, still, group(), dead.exists()]))
"""


def test_the_background_build_takes_only_cpu_time_the_runs_leave_over(tmp_path: Path) -> None:
    """A detached build is a session, so its own scheduling group on Linux: that group weighs
    least (nice 19) while a run that asked plays, and normally once none does."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGEN_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", YIELDING], env=env, capture_output=True, text=True,
                          start_new_session=True, timeout=60)
    how, nice, during, still, after, dead_left = json.loads(done.stdout)
    if Path("/proc/self/autogroup").exists():
        assert how == "autogroup" and (during, still, after) == ("19", "19", "0")
        assert not dead_left  # an ended run's request is forgotten
    else:
        assert how == "nice" and nice == 19


def test_background_builds_are_switched_off_by_either_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(autoengine.BACKGROUND_ENV, raising=False)
    monkeypatch.delenv(autoengine.BACKGROUND_ENV_OLD, raising=False)
    assert autoengine.background_enabled()
    monkeypatch.setenv(autoengine.BACKGROUND_ENV_OLD, "0")
    assert not autoengine.background_enabled()
    monkeypatch.setenv(autoengine.BACKGROUND_ENV, "1")  # the new name, where set, decides
    assert autoengine.background_enabled()
    monkeypatch.setenv(autoengine.BACKGROUND_ENV, "0")
    assert not autoengine.background_enabled()


def test_a_build_yields_to_its_run_while_the_run_plays_and_not_while_it_waits_for_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``build_nice`` as the build's watch thread asks it, with this process's parent standing for the run that
    started the build: 19 while that run plays, 0 while it waits (``wait_for``'s file), and 19 again after."""
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    run = os.getppid()
    assert autoengine.build_nice("g", run) == "19"  # the run that started it plays
    assert autoengine.build_nice("g", run + 100_000) == "0"  # that run is over: the machine is the build's
    waiting = autoengine.waiting_file("g", run)
    waiting.parent.mkdir(parents=True, exist_ok=True)
    waiting.touch()
    assert autoengine.build_nice("g", run) == "0"  # it waits for the build: the build takes all it can
    monkeypatch.setattr(autoengine, "runs_to_yield_to", lambda game: [12345])
    assert autoengine.build_nice("g", run) == "19"  # but another run plays and asked it to yield
    monkeypatch.undo()
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    seen = []
    monkeypatch.setattr(autoengine, "is_ready", lambda game: seen.append(autoengine.waiting_file(game, os.getpid())
                                                                         .exists()) or True)
    assert autoengine.wait_for("g", None) and seen == [True]
    assert not autoengine.waiting_file("g", os.getpid()).exists()  # no longer waiting: the file is gone


@pytest.mark.usefixtures("tier_building")
def test_a_command_that_validates_many_times_says_once_that_the_build_runs_meanwhile(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``cardgen fix`` validates each of its trials: on a machine whose compiled tier was not built yet, the note
    that the reference engine plays while the build runs came before every trial (30 times in one run). It is
    said once per command and game."""
    from types import SimpleNamespace

    from cardgen.simulate import validate

    def entry(game: str) -> SimpleNamespace:
        deck = SimpleNamespace(game=game, spec=SimpleNamespace(fast=object()), model=SimpleNamespace(code=None))
        return SimpleNamespace(runnable=True, deck=deck, players=3, cost=None, ref=None, agents=("random",))

    opts = SimpleNamespace(loader=None, games=10, seed=1, cap=100, search_iterations=10)
    from cardgen.terminal import say

    note = say("note_building", title="").split(":", 1)[1]  # one plain line, no plumbing (fifteenth reading fr1)
    for _ in range(3):
        validate._auto_choices([entry("draco")], opts, 1)
    err = capsys.readouterr().err.replace("\n    ", " ")  # wrapped at 100 columns (terminal round 47 fr1*)
    # the game whose engine is prepared, named (twenty-fifth reading en1): a deck with no name of its own, by its id
    assert err.count(note) == 1 and err.startswith("draco: "), err
    validate._auto_choices([entry("royale")], opts, 1)  # another game is said on its own
    err = capsys.readouterr().err.replace("\n    ", " ")
    assert err.count(note) == 1 and err.startswith("royale: "), err
