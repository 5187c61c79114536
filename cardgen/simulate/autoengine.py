"""``--engine auto``: the engine that finishes this run sooner, the compiled tier built in the background.

A compiled tier plays the same games as the reference engine (``tests/test_*_fast.py``
prove it game by game), so the choice changes only the time a run takes. It costs:
loading numba and the cached machine code (about a second), and on a machine where the
code is not compiled yet, compiling it (20 s to 2 min per game). So, for each game:

- a run the reference engine finishes within ``LOAD_SECONDS`` plays there: it never
  pays for loading compiled code;
- where the compiled code is cached (a ``ready`` mark beside numba's cache, in the
  folder of the current code key, ``cardgen/jit.py``), a larger run plays compiled;
- where it is not, the run plays on the reference engine while a detached process
  compiles it for the next run (``python -m cardgen.simulate.autoengine``: one at a time
  per game and cache folder, a lock file; the mark is written last, atomically, so a
  half-built cache is never taken for a built one; the command never waits for it);
- unless the run is so large that compiling first and playing compiled is sooner: then
  it waits for the build, with one line saying so.

How long the reference engine takes is measured, not guessed: ``reference_seconds``
plays the run's first games (the same games the run plays) and scales. Nothing here
knows which game is played.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from cardgen.languages import decimal
from cardgen.simulate.tier_marks import (folder, is_building, is_ready, last_compile_seconds, lock_path,
                                         ready_file, waiting_file)
from cardgen.terminal import language, say

#: Seconds a run's compiled tier costs to start when its code is cached (numba, the machine code).
LOAD_SECONDS = 1.0
#: Compile seconds (CPU) assumed for a game never compiled on this machine (the last build's time otherwise).
DEFAULT_COMPILE_SECONDS = 90.0
#: How many times faster than the reference engine a compiled tier is assumed to play (at least).
SPEEDUP = 10.0
#: Games the reference engine plays to measure its rate (the run's own first games).
PROBE_GAMES = 2
#: Environment variable: "0" never starts a background build (the test suite, benchmarks measuring cold runs).
BACKGROUND_ENV = "CARDGEN_BACKGROUND_COMPILE"
#: The same switch under its earlier name, read where the new one is not set.
BACKGROUND_ENV_OLD = "CARDGEN_BACKGROUND_BUILD"


#: Environment variable: "0" never waits for a compile: a run too long for the reference engine plays
#: it all the same until the tier is cached (the test suite: its README tier compiles nothing, whatever
#: the machine's load makes the reference engine's time look like).
WAIT_ENV = "CARDGEN_AUTO_WAITS"


def compiles_here(game: str) -> bool:
    """Whether a run of ``game`` on ``--engine auto`` that compiles its tier in the foreground (compare, which waits
    for a build rather than play a thousand pairs on the reference engine) may do so: always, unless waiting is
    switched off (``WAIT_ENV``) and the tier is not built yet; then it plays the reference engine, the same games."""
    return os.environ.get(WAIT_ENV) != "0" or is_ready(game)


def background_enabled() -> bool:
    """Whether a run may start a background build (the switch, else its old name, is not "0")."""
    value = os.environ.get(BACKGROUND_ENV)
    return (os.environ.get(BACKGROUND_ENV_OLD, "1") if value is None else value) != "0"


@dataclass(frozen=True)
class Choice:
    """What ``decide`` chose for one game: ``fast``, ``reference`` or ``wait`` (build, then fast),
    and whether a background build should start."""

    engine: str
    build: bool
    why: str


def _seconds(s: float) -> str:
    """A duration the way the terminal says one: a tenth of a second below 10 s, never "about 0 s" (a build
    that took 0.3 s here was said "compiling first takes about 0 s", sixteenth session's look at the terminal)."""
    return decimal(max(s, 0.1), language(), places=1 if s < 10 else 0)


def decide(reference_s: float, ready: bool, building: bool, compile_s: float | None) -> Choice:
    """The choice for a game whose run the reference engine plays in ``reference_s`` seconds.

    ``ready``: its compiled code is cached; ``building``: a background build runs now;
    ``compile_s``: how long its last build took here (None: never built here).
    """
    if ready:
        if reference_s <= LOAD_SECONDS:
            return Choice("reference", False, say("why_small", s=decimal(reference_s, language())))
        return Choice("fast", False, say("why_cached"))
    expected = DEFAULT_COMPILE_SECONDS if compile_s is None else compile_s
    if reference_s > expected + LOAD_SECONDS + reference_s / SPEEDUP and os.environ.get(WAIT_ENV) != "0":
        return Choice("wait", not building, say("why_wait", s=_seconds(reference_s), c=_seconds(expected)))
    return Choice("reference", not building, say("why_not_built"))


# -- measuring the reference engine ----------------------------------------------------------------
def reference_seconds(play: Callable[[int, int], object], games: int) -> float:
    """CPU seconds the reference engine would take for ``games`` games, from timing its first ones.

    ``play(start, stop)``: plays those games on the reference engine (the caller's ``runner.run_chunk``, passed in
    so that this module never imports the runner, which asks it whether a tier is built).

    CPU time, not the clock's, as a build's is (``build``'s mark): on a loaded machine the clock stretches a few
    probe games several times over (and the build, idle-priority, further still), so a choice made by the clock
    waited four to six minutes for a compile where playing on took under a minute (Royale, 200 games, a fresh
    install at load 12-15: docs/DEVELOPING.md, 2026-12-02)."""
    probe = min(PROBE_GAMES, games)
    if probe <= 0:
        return 0.0
    play(0, 1)  # the first game pays for imports and set-up: not counted
    if probe == 1:
        start = time.process_time()
        play(0, 1)
        return (time.process_time() - start) * games
    start = time.process_time()
    play(1, 1 + probe)
    return (time.process_time() - start) / probe * games


# -- building -------------------------------------------------------------------------------------
def start_build(game: str, project: str, deck: str, players: list[int],
                idle: bool = True) -> subprocess.Popen[bytes] | None:
    """Start a detached build of ``game``'s compiled tier (for ``deck`` of ``project``); None when
    builds are switched off, cardgen keeps no cache, or one runs already.

    ``idle``: the build takes only CPU time the run leaves over (``yield_cpu``), for a run that
    plays on the reference engine meanwhile; a run that waits for the build asks for False.
    The lock is taken here and handed to the build (an inherited descriptor holds the same
    lock): a run starting while the build is still importing sees it building, never starts a
    second one, and yields to it (``ask_to_yield``). Closing this process' descriptor leaves
    the lock with the build's copy until the build ends."""
    import fcntl
    lock = lock_path(game)
    if not background_enabled() or lock is None:
        return None
    with open(lock, "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return None  # a build runs
        try:
            args = json.dumps({"game": game, "project": project, "deck": deck, "players": players, "idle": idle,
                               "parent": os.getpid(), "lock_fd": fh.fileno()})
            return subprocess.Popen([sys.executable, "-m", "cardgen.simulate.autoengine", args],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True, close_fds=True, pass_fds=(fh.fileno(),))
        except OSError:
            fcntl.flock(fh, fcntl.LOCK_UN)
            return None


def wait_for(game: str, proc: subprocess.Popen[bytes] | None, timeout: float = 900.0) -> bool:
    """Wait until ``game`` is ready (True), or its build ended without it (False). Meanwhile a file
    ``waiting-<game>-<pid>`` says this process plays nothing: a build it started to take only CPU time left
    over (``yield_while_runs``) takes all it can, or on a busy machine it might never end."""
    mark = waiting_file(game, os.getpid())
    if mark is not None:
        try:
            mark.touch()
        except OSError:
            mark = None
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if is_ready(game):
                return True
            if proc is not None and proc.poll() is not None:
                return is_ready(game)
            if proc is None and not is_building(game):
                return is_ready(game)
            time.sleep(0.2)
        return False
    finally:
        if mark is not None:
            mark.unlink(missing_ok=True)


def warm(fast: Any, deck: str, players: int) -> None:
    """Make numba compile (or load) everything a validation run calls on ``fast``: a batch of two
    games, one logged game and, where the game has them, the play experiment's compiled futures and the rollout
    forms of its agents (``compile_rollouts``)."""
    import numpy as np

    from cardgen.simulate.seeds import game_seeds
    agents = tuple(sorted(fast.agents))
    seeds = game_seeds(1, deck, players, 0, 2)
    if fast.batch:
        seats = (np.arange(2, dtype=np.int64)[:, None] + np.arange(players)) % len(agents)
        fast.play_batch(seeds, agents, seats, 200)
    names = [agents[s % len(agents)] for s in range(players)]
    fast.play(int(seeds[0]), names, 200, True)
    from cardgen.simulate.runner import compiled_play_out
    game = getattr(fast, "game", None)
    play = compiled_play_out(game, names, 200) if game is not None else None
    if play is not None:  # the play experiment's futures (``GameSpec.play_on``), compiled here too
        play(game.new_initial_state(int(seeds[0])), 1)
    if game is not None:
        compile_rollouts(game.resolved.spec.agents.values())


def compile_rollouts(factories: Any) -> None:
    """The rollout forms the game's agents offer a house rule's look-ahead (``for_rollouts``), compiled here, in the
    tier's build, where an agent has some (``compile_rollouts``): a run's look-ahead takes them only once compiled,
    so it never stops to compile them (Draco's forecast, ``games/draco/heuristic.py``)."""
    for make in factories:
        prepare = getattr(make(), "compile_rollouts", None)
        if prepare is not None:
            prepare()


def _mark(game: str, seconds: float) -> None:
    from cardgen.fileio import write_atomic
    mark = ready_file(game)
    if mark is not None:
        write_atomic(mark, json.dumps({"game": game, "compile_seconds": round(seconds, 1)}).encode())


def build(game: str, project: str, deck: str, players: list[int], lock_fd: int | None = None) -> bool:
    """Compile ``game``'s tier by playing a few games on it at each of ``players``, then write its
    mark. Holds the lock the whole time (``lock_fd``: a descriptor of it, already locked, from
    ``start_build``); returns False at once if another build holds it."""
    import fcntl

    from cardgen.simulate.runner import DeckRef
    lock, mark = lock_path(game), ready_file(game)
    if lock is None or mark is None:
        return False
    with (open(lock, "a") if lock_fd is None else os.fdopen(lock_fd, "a")) as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # another build of this game runs
        if mark.is_file():
            return True
        start = time.process_time()  # CPU seconds, as ``reference_seconds`` measures the other side of the choice
        ref = DeckRef(project, deck, "")
        built = False
        for p in players:
            fast = _game_tier(ref, p)
            if not isinstance(fast, str):
                warm(fast, deck, p)
                built = True
        if built:
            _mark(game, time.process_time() - start)
        return built


def _game_tier(ref: Any, players: int) -> Any:
    """The compiled tier a build warms for ``ref``'s game: the deck's own, its house rule left out. A detached build
    never plays project code: nothing watches it there, and no ``--code-time-limit`` reaches it (a rule that never
    returns would hold the build, and a run waiting for it, past the run's limit). The ``ready`` mark says the
    game's steps are compiled; a house rule's own loop compiles in the run that plays it (``compiled_here``)."""
    import dataclasses

    from cardgen.simulate.runner import cached_fast, load_project_deck
    deck = load_project_deck(ref)
    if deck.model.code is None:
        return cached_fast(load_project_deck, ref, players)
    plain = dataclasses.replace(deck, model=deck.model.model_copy(update={"code": None}))
    try:
        return deck.spec.fast(plain, players)
    except ImportError as exc:  # numba missing or broken on this machine
        return f"compiled tier unavailable ({exc})"


def compiled_here(game: str, fast: Any, deck: str, players: int) -> None:
    """Before worker processes start: make sure ``fast`` is compiled, once, in this process (or
    wait for a background build of it), so workers load it instead of each compiling it again
    (and each saying so). Does nothing when the game's mark says it is built, unless ``fast`` plays a house rule:
    its loop is compiled here (a background build never plays project code: ``_game_tier``), under the run's own
    time limit for project code."""
    house = getattr(fast, "house", None) is not None
    if not is_ready(game) and is_building(game):
        wait_for(game, None)
    if is_ready(game):
        if house:
            warm(fast, deck, players)  # the rule's loop; the game's steps load from the cache
        return
    start = time.process_time()
    warm(fast, deck, players)
    if not house:  # a rule's loop is its own copy of the game's: the game's steps are not all compiled yet
        _mark(game, time.process_time() - start)


#: Linux's scheduling group of a session (``sched_autogroup``): its ``nice`` is what counts
#: between sessions, whatever each process's own priority.
AUTOGROUP = Path("/proc/self/autogroup")


def yield_cpu() -> str:
    """Make this process take only CPU time the run that started it leaves over; return how
    ("autogroup", "nice" or "" where neither could be had).

    The build runs while that run plays on every core. Being detached (its own session), on
    Linux it is its own scheduling group (``sched_autogroup``), weighed as much as the whole
    run: it took half the machine from the run's workers (a first ``validate royale --games
    200`` took 10 s against 5.5 s on the reference engine alone). So its group gets the
    lowest weight, nice 19, which ``yield_while_runs`` undoes while no run plays. Without
    autogroups the process itself gets nice 19 (for good: only root may undo that)."""
    try:
        AUTOGROUP.write_text("19")
        return "autogroup"
    except OSError:
        pass
    try:
        os.nice(19 - os.nice(0))
        return "nice"
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process of that number: alive
        return True
    return True


def ask_to_yield(game: str) -> Path | None:
    """Say, for as long as this process lives, that a build of ``game`` running now should take
    only CPU time this run leaves over: a file ``yield-<game>-<pid>`` beside the lock (returned)."""
    where = folder()
    if where is None:
        return None
    path = where / f"yield-{game}-{os.getpid()}"
    try:
        path.touch()
    except OSError:
        return None
    return path


def stop_asking(path: Path | None) -> None:
    """Withdraw an ``ask_to_yield`` (a run that now waits for the build)."""
    if path is not None:
        path.unlink(missing_ok=True)


def runs_to_yield_to(game: str) -> list[int]:
    """The live processes that asked builds of ``game`` to yield (the files of ended ones removed)."""
    where = folder()
    if where is None:
        return []
    alive = []
    for path in where.glob(f"yield-{game}-*"):
        try:
            pid = int(path.name.rsplit("-", 1)[1])
        except ValueError:
            continue
        if _alive(pid):
            alive.append(pid)
        else:
            path.unlink(missing_ok=True)
    return alive


def build_nice(game: str, parent: int) -> str:
    """The nice a build of ``game`` started by run ``parent`` should have now: 19 while that run plays (alive, this
    build's parent, not waiting for it) or a later run asked it to yield; 0 otherwise."""
    waiting = waiting_file(game, parent)
    plays = os.getppid() == parent and not (waiting is not None and waiting.exists())
    return "19" if plays or runs_to_yield_to(game) else "0"


def yield_while_runs(game: str, parent: int, poll: float = 0.5) -> threading.Thread:
    """A daemon thread keeping this build's group at nice 19 while the run ``parent`` (this
    process is re-parented once it ends; it plays until it waits for this build: ``wait_for``) or a later run
    that asked (``ask_to_yield``) plays, and at 0 otherwise: an idle machine is the build's, and on a busy one a build at nice 19 might
    never end. (A group's nice may go back down to 0 without privileges.)"""
    def watch() -> None:
        now = "19"
        while True:
            wanted = build_nice(game, parent)
            if wanted != now:
                try:
                    AUTOGROUP.write_text(wanted)
                    now = wanted
                except OSError:
                    return
            time.sleep(poll)

    thread = threading.Thread(target=watch, name="cardgen-build-priority", daemon=True)
    thread.start()
    return thread


def main(argv: list[str]) -> int:
    """The detached build process: ``python -m cardgen.simulate.autoengine '<json>'``."""
    args = json.loads(argv[0])
    if args.get("idle", True) and yield_cpu() == "autogroup" and args.get("parent"):
        yield_while_runs(args["game"], int(args["parent"]))
    return 0 if build(args["game"], args["project"], args["deck"], list(args["players"]), args.get("lock_fd")) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
