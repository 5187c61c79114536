"""Shared fixtures: the repository root and throwaway project folders; caches out of the source tree.

Every cache a test session makes goes to a folder of its own in the system's temporary
folder (``CARDGEN_CACHE_DIR``: parsed files, fonts, noble tables, numba's compiled code
through ``cardgen/jit.py``; Python's byte code through ``PYTHONPYCACHEPREFIX``), kept
between sessions of this checkout so that the games compile once, not once per session
(compiled code is keyed by its sources: reuse is safe). Subprocesses inherit the
variables; ``--engine auto`` starts no detached background build (those tests ask for it). The session fails when a file under the checkout was added, changed or removed
while it ran (``pytest_sessionfinish``), pytest's own ``.pytest_cache`` aside.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The session's cache folder: one per user and checkout, outside the checkout.
SESSION_CACHE = Path(tempfile.gettempdir()) / (
    f"cardgen-tests-{os.getuid() if hasattr(os, 'getuid') else 0}-"
    f"{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}")
#: Top-level entries of the checkout the tree check leaves out: git's and pytest's own.
NOT_WATCHED = {".git", ".pytest_cache"}

os.environ["CARDGEN_CACHE_DIR"] = str(SESSION_CACHE / "cardgen")
os.environ["PYTHONPYCACHEPREFIX"] = str(SESSION_CACHE / "pyc")
sys.pycache_prefix = str(SESSION_CACHE / "pyc")
os.environ.pop("NUMBA_CACHE_DIR", None)  # cardgen/jit.py sets it under CARDGEN_CACHE_DIR
os.environ["CARDGEN_BACKGROUND_BUILD"] = "0"  # no detached compile outliving a test (tests of it set "1")
os.environ["CARDGEN_BACKGROUND_COMPILE"] = "0"  # its newer name (firstrun, #23), read first where set
os.environ["CARDGEN_AUTO_WAITS"] = "0"  # nor a compile in the foreground: --engine auto plays the reference engine


def tree_listing(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``root`` (``NOT_WATCHED`` aside, its own test byte code aside) with its size
    and modification time: what a session must leave as it found it."""
    listing: dict[str, tuple[int, int]] = {}
    for folder, dirs, files in os.walk(root):
        if folder == str(root):
            dirs[:] = [d for d in dirs if d not in NOT_WATCHED]
        for name in files:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            if rel.startswith(os.path.join("tests", "__pycache__", "conftest.")):
                continue  # written by pytest before this file could move byte code elsewhere
            try:
                st = os.lstat(path)
            except OSError:
                continue
            listing[rel] = (st.st_size, st.st_mtime_ns)
    return listing


def _is_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")  # pytest-xdist's workers have it


def pytest_sessionstart(session: pytest.Session) -> None:
    if _is_controller(session.config):
        session.config.stash[_BEFORE] = tree_listing(ROOT)
        session.config.stash[_TIERS_BEFORE] = compiled_tiers()


#: The games whose compiled code lands in the session cache under a folder of the game's module (numba's cache layout:
#: ``numba/<key>/<module>_<hash>/<function>.nbi``), and the batch loops (``engine/batch.py``) bound to each.
TIER_PREFIXES = ("king_lui_", "royale_", "draco_")


def compiled_tiers(cache: Path | None = None) -> set[str]:
    """The compiled functions of the games' tiers saved in the session cache (numba's index files)."""
    folder = (cache or SESSION_CACHE / "cardgen") / "numba"
    if not folder.is_dir():
        return set()
    return {str(p.relative_to(folder)) for p in folder.rglob("*.nbi")
            if p.parent.name.startswith(TIER_PREFIXES) or p.name.startswith("batch.play_many")}


def _readme_tier(config: pytest.Config) -> bool:
    """Whether this session is the README's command: the default ``-m 'not slow'`` over the whole suite, no file named."""
    return config.option.markexpr == "not slow" and not any(arg.split("::")[0].endswith(".py") for arg in config.args)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the session when it changed the checkout, naming what changed."""
    config = session.config
    if not _is_controller(config) or _BEFORE not in config.stash:
        return
    if _readme_tier(config) and _TIERS_BEFORE in config.stash:
        # the README's tier compiles no game (docs/DEVELOPING.md): a compare that compiled King Lui's and Draco's tiers in
        # the foreground cost CI about 20 minutes (stop 78) before anyone noticed
        built = sorted(compiled_tiers() - config.stash[_TIERS_BEFORE])
        if built:
            _fail(session, [f"the README's tier compiled {len(built)} function(s) of a game's tier (the slow tier's "
                            "work; a test asks for the reference engine or goes to the slow tier):", *built[:20]])
    before, after = config.stash[_BEFORE], tree_listing(ROOT)
    changed = sorted(
        [f"added {p}" for p in after.keys() - before.keys()]
        + [f"removed {p}" for p in before.keys() - after.keys()]
        + [f"changed {p}" for p in before.keys() & after.keys() if before[p] != after[p]])
    if changed:
        _fail(session, [f"the test session changed {len(changed)} file(s) under {ROOT}:", *changed[:20]])


def _fail(session: pytest.Session, lines: list[str]) -> None:
    """Fail the session, saying why in red."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line("")
        for line in lines:
            reporter.write_line(line, red=True)
    else:
        print("\n".join(lines), file=sys.stderr)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


_BEFORE = pytest.StashKey[dict]()
_TIERS_BEFORE = pytest.StashKey[set]()

#: Test modules that are the slow tier as a whole (``python -m pytest -m slow``, run by
#: ``.ci/run`` after the README's command), with why. Each pays for compiling a game's
#: compiled tier or search driver, or numba's generator and tree kernels, from an empty
#: cache (20 s to 2 min of CPU each: half the cold suite) and proves something about the
#: compiled side only; what they prove about the rules is proven on the reference engine
#: by the default tier. Decided here, not in the modules, so that the engineers who rewrite
#: the games' compiled tiers edit their tests without merge conflicts on a marker line.
SLOW_MODULES = {
    "test_batch": "the compiled batch path of every game against game-by-game and the reference",
    "test_draco_fast": "Draco's compiled tier against the reference, game by game",
    "test_king_lui_fast": "King Lui's compiled tier against the reference, game by game",
    "test_royale_fast": "Royale's compiled tier against the reference, game by game",
    "test_draco_search": "Draco's compiled search driver against the reference engine",
    "test_king_lui_search": "King Lui's compiled search driver against the reference engine",
    "test_royale_search": "Royale's compiled search driver against the reference engine",
    "test_fastrng": "numba's Mersenne Twister against random.Random",
    "test_fasttree": "numba's search tree against the Python search",
    "test_play_table_browser": "whole games in Chromium with two people and the designer at one table",
    "test_play_hints": "30 timed hints per shipped game (about 30 s of search each)",
    "test_play_reader_round": "a Charity Toast table in Chromium from the lobby to the end, laptop and phone",
    "test_play_hint_room": "a Charity Toast table in Chromium: the moves keep their room when a hint opens",
    "test_play_evening": "issue #52's playtest evening in Chromium: lobby, Ctrl-C and resume, rematch, spectator, "
                         "pass-and-play",
    "test_faults": "interrupts, kills and a loopback Dask cluster losing its members, against real commands",
    "test_contain_commands": "runaway project code in validate, compare, tune, build and play, killed from outside",
    "test_house_compiled": "a King Lui house rule compiled with the game's steps against the reference engine",
    "test_house_covered": "the default players' look-ahead compiled with a King Lui house rule, against the reference",
    "test_house_search": "search on a King Lui house rule compiled with its steps: each rule text compiles the driver",
    "test_house_compiled_contain": "a compiled King Lui house rule looping forever, killed by the supervisor",
    "test_house_options": "house rules adding an action, played by look-ahead on the reference engine",
    "test_fix_draco": "cardgen fix draco: a search of 30 trials, its cures checked on fresh seeds, one proposal built",
    "test_null_variants": "30 comparisons of each game with itself reshuffled: the verdict stays silent",
    "test_searchloop": "the search loops compiled over a toy game's kernels (importing them compiles fastrng's base)",
    "test_draco_compiled_forecast": "the Draco heuristic's forecast compiled for a house rule's rollouts, against "
                                    "the Python form (compiling it is the tier build's work)",
    "test_exchange_slow": "20 runs of the play experiment on a toy, and a Draco variant at default settings",
}


#: Test modules that run first, in a process no earlier test has left a thread in: a build
#: forks its workers only from a process running no other thread (``workers.fork_safe``), and
#: some libraries other tests use keep a thread for good (Dask's client, for one). Run in
#: alphabetical order they came early by chance; in a pytest-xdist worker any module may come
#: before them, so they come first in the collection, whose order xdist hands modules out in.
FIRST_MODULES = ("test_build_together",)


@pytest.hookimpl(tryfirst=True)  # before pytest's own hook deselects by ``-m``
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of a ``SLOW_MODULES`` module slow; ``FIRST_MODULES`` first.

    A slow module named on the command line under the default ``-m 'not slow'``
    (``python -m pytest tests/test_royale_fast.py``) is not marked, so it runs as asked
    instead of collecting nothing; ``-m slow`` still selects it."""
    named = {Path(arg.split("::")[0]).stem for arg in config.args if arg.split("::")[0].endswith(".py")}
    asked = named if config.option.markexpr == "not slow" else set()
    for item in items:
        if item.path.stem in SLOW_MODULES and item.path.stem not in asked:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.path.stem not in FIRST_MODULES)  # stable: the rest keep their order


@pytest.fixture(autouse=True)
def _each_test_starts_in_english() -> Iterator[None]:
    """A command a test ran with ``--lang fr`` leaves this process's terminal language French (a real
    command is one process, and sets it once): each test starts in English, as a new command does, so a
    line's language never depends on which test ran before it in the same worker."""
    if "cardgen.terminal" in sys.modules:
        sys.modules["cardgen.terminal"].set_language("en")
    yield


@pytest.fixture(autouse=True)
def _no_pool_outlives_its_test() -> Iterator[None]:
    """A worker pool a failed test left open (its generator kept alive by the traceback) is
    stopped when the test ends, not waited for when the session exits."""
    yield
    if "cardgen.workers" in sys.modules:
        sys.modules["cardgen.workers"].stop_all()


@pytest.fixture
def tier_building(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine whose compiled tiers are being built (a first run): validate plays the reference engine meanwhile,
    its first-run note not yet said in this process, the reference's time per game 0.5 s."""
    from cardgen.simulate import autoengine, validate

    monkeypatch.setattr(validate, "_SAID_BUILDING", set())
    monkeypatch.setattr(autoengine, "ask_to_yield", lambda game: None)
    monkeypatch.setattr(autoengine, "is_building", lambda game: True)
    monkeypatch.setattr(autoengine, "is_ready", lambda game: False)
    monkeypatch.setattr(autoengine, "last_compile_seconds", lambda game: None)
    monkeypatch.setattr(autoengine, "reference_seconds", lambda chunk, games: 0.5)


@pytest.fixture
def repo_root() -> Path:
    """The checked-out project, with its real decks and variants."""
    return ROOT


@pytest.fixture
def project_with(tmp_path: Path) -> Callable[[str], Path]:
    """Make a throwaway project holding a copy of one game's deck and an empty variants/ folder."""
    def make(game: str) -> Path:
        (tmp_path / "decks").mkdir(exist_ok=True)
        (tmp_path / "variants").mkdir(exist_ok=True)
        shutil.copy(ROOT / "decks" / f"{game}.yaml", tmp_path / "decks" / f"{game}.yaml")
        return tmp_path
    return make


@pytest.fixture
def mini_project(project_with: Callable[[str], Path]) -> Path:
    """A throwaway project with the King Lui deck."""
    return project_with("king_lui")
