"""numba's cache keyed by every source compiled code depends on (``cardgen/jit.py``).

Each test works on a copy of the package in a temporary folder and runs it in fresh
processes, as a user's next run after an edit, a ``git pull`` or an upgrade would.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("numba")

# A compiled module that calls a function of a plain module (no numba import of its own),
# the way royale/fastcore.py calls royale/fastreq.py: numba compiles the callee into the
# caller's cached machine code.
CALLER = '''
from numba import njit
from cardgen.games.royale import probe_rules

@njit(cache=True)
def score(x):
    return probe_rules.bonus(x) + probe_rules.BASE
'''
RULES = '''
from numba import njit
BASE = {base}

@njit(cache=True, inline="always")
def bonus(x):
    return x * {factor}
'''
RUN = "from cardgen.games.royale import probe_caller as c; print(c.score(10))"


def _copy_package(tmp_path: Path) -> Path:
    """A copy of ``cardgen`` (no caches) with the two probe modules added to Royale's package."""
    shutil.copytree(ROOT / "cardgen", tmp_path / "cardgen", ignore=shutil.ignore_patterns("__pycache__"))
    royale = tmp_path / "cardgen" / "games" / "royale"
    (royale / "probe_caller.py").write_text(CALLER)
    (royale / "probe_rules.py").write_text(RULES.format(base=1, factor=2))
    return tmp_path


def _run(copy: Path, cache: Path, code: str = RUN, **env_extra: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(copy), "CARDGEN_CACHE_DIR": str(cache),
           "NUMBA_DEBUG_CACHE": "1", **env_extra}
    env.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-c", code], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _result(out: str) -> int:
    return int([line for line in out.splitlines() if not line.startswith("[cache]")][-1])


@pytest.mark.slow  # compiles in a fresh process (1-2 min under load): CI's slow tier
def test_an_edit_to_an_inlined_module_recompiles_and_plays_the_new_code(tmp_path: Path) -> None:
    copy = _copy_package(tmp_path / "pkg")
    cache = tmp_path / "cache"
    first = _run(copy, cache)
    assert _result(first) == 21
    again = _run(copy, cache)
    assert _result(again) == 21 and "data loaded" in again  # the second run reads the cache
    (copy / "cardgen" / "games" / "royale" / "probe_rules.py").write_text(RULES.format(base=5, factor=3))
    edited = _run(copy, cache)
    assert _result(edited) == 35  # the edited module's code, not the cached machine code
    assert "data loaded" not in edited
    folders = sorted(p.name for p in (cache / "numba").iterdir())
    assert len(folders) == 2  # one per version of the sources; the old one kept for a while


@pytest.mark.slow  # compiles in a fresh process (1-2 min under load): CI's slow tier
def test_without_the_key_numba_alone_would_run_the_stale_code(tmp_path: Path) -> None:
    """The control: the same edit with numba's cache pointed at one fixed folder keeps the old result,
    so the test above proves the key, not a numba that got smarter."""
    copy = _copy_package(tmp_path / "pkg")
    fixed = tmp_path / "fixed"
    code = f"import os; import cardgen.jit as j; j.uninstall(); os.environ['NUMBA_CACHE_DIR'] = {str(fixed)!r}; {RUN}"
    assert _result(_run(copy, tmp_path / "cache", code)) == 21
    (copy / "cardgen" / "games" / "royale" / "probe_rules.py").write_text(RULES.format(base=5, factor=3))
    assert _result(_run(copy, tmp_path / "cache", code)) == 21


def test_the_key_follows_imports_wherever_modules_are_named(tmp_path: Path) -> None:
    """A module reached only through an import of a compiled one is part of the key; one that
    compiled code never imports is not (editing the report does not recompile the games)."""
    copy = _copy_package(tmp_path / "pkg")
    code = ("import cardgen.jit as j; print(j.code_key()); "
            "print(sorted(p.relative_to(j.PACKAGE).as_posix() for p in j.compiled_sources()))")
    key, names = _run(copy, tmp_path / "cache", code).splitlines()
    for needed in ("games/royale/probe_rules.py", "games/royale/compiled_require.py", "engine/fastrng.py",
                   "engine/searchparams.py", "simulate/fastseeds.py"):
        assert needed in names
    assert "report/gallery.py" not in names
    fastreq = copy / "cardgen" / "games" / "royale" / "compiled_require.py"
    fastreq.write_text(fastreq.read_text() + "\n# an edit\n")
    assert _run(copy, tmp_path / "cache", code).splitlines()[0] != key
    gallery = copy / "cardgen" / "report" / "gallery.py"
    fastreq.write_text(fastreq.read_text().removesuffix("\n# an edit\n"))
    gallery.write_text(gallery.read_text() + "\n# an edit\n")
    assert _run(copy, tmp_path / "cache", code).splitlines()[0] == key


def test_old_key_folders_are_pruned(tmp_path: Path) -> None:
    from cardgen import jit
    root = tmp_path / "numba"
    keep = root / ("a" * 20)
    keep.mkdir(parents=True)
    olds = []
    for i in range(5):
        old = root / (f"{i}" * 20)
        old.mkdir()
        os.utime(old, (1000.0 + i, 1000.0 + i))
        olds.append(old)
    stranger = root / "not-a-key"
    stranger.mkdir()
    os.utime(stranger, (1.0, 1.0))
    jit.prune(root, keep)
    left = sorted(p.name for p in root.iterdir())
    assert left == sorted([keep.name, olds[4].name, olds[3].name, "not-a-key"])


def test_the_key_names_the_compilers_release(monkeypatch: pytest.MonkeyPatch) -> None:
    """Code one release of numba or llvmlite compiled lives in a folder of its own: CI's lowest releases
    once loaded the newest's cached code (numba writes an index before the code it names)."""
    import llvmlite
    import numba

    from cardgen import jit
    assert jit.compiler_releases() == f"numba={numba.__version__},llvmlite={llvmlite.__version__}"
    monkeypatch.setattr(jit, "_key", None)
    key = jit.code_key()
    for other in ("numba=0.0.1,llvmlite=0.0.1", f"numba={numba.__version__},llvmlite=0.0.1"):
        monkeypatch.setattr(jit, "_key", None)
        monkeypatch.setattr(jit, "compiler_releases", lambda other=other: other)
        assert jit.code_key() != key
    monkeypatch.setattr(jit, "_key", None)
    monkeypatch.undo()


def test_numba_cache_goes_where_cardgen_keeps_its_caches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import jit
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    assert jit.cache_root() == tmp_path / "numba"
    folder = jit.cache_dir()
    assert folder.parent == tmp_path / "numba" and folder.name == jit.code_key()


def test_an_unwritable_package_folder_sends_compiled_code_to_the_user_cache(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import cache, jit
    blocker = tmp_path / "site-packages-file"
    blocker.write_text("a file where the package's __pycache__ folder would have to be made")
    monkeypatch.setattr(cache, "cache_dirs", lambda package, kind: [blocker / "__pycache__", tmp_path / "user" / kind])
    assert jit.cache_root() == tmp_path / "user" / "numba"
    monkeypatch.setattr(cache, "cache_dirs", lambda package, kind: [blocker / "__pycache__"])
    assert jit.cache_root() is None
    folder = jit.cache_dir()  # nowhere to keep it: a folder of this process, deleted at exit
    assert folder.is_dir() and folder.name.startswith("cardgen-numba-")


def test_the_compile_notice_is_said_once_and_only_when_the_cache_lacks_the_code(capsys: pytest.CaptureFixture[str],
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import jit

    monkeypatch.setattr(jit, "_announced", set())
    jit.announce_compile("test engine", object())  # no numba cache behind it: not cached
    jit.announce_compile("test engine", object())
    assert capsys.readouterr().err.count("compiling the test engine (first run only)") == 1
    monkeypatch.setattr(jit, "is_cached", lambda dispatcher: True)
    jit.announce_compile("another engine", object())
    assert capsys.readouterr().err == ""


# One game-agnostic loop bound to two games' kernels (``jit.bind``), as the compiled search
# driver and the batch tier are: each game's copy must run its own kernels, and a second
# process must find both copies in numba's disk cache (no first-run compile again).
LOOP = '''
def total(x, n):
    out = 0
    for i in range(n):
        out += step(x, i)
    return out
'''
GAME = '''
from numba import njit
from cardgen import jit
from cardgen.engine import probe_loop

@njit(cache=True)
def step(x, i):
    return {expr}

run = jit.bind(probe_loop.total, "{name}", step=step)
'''
BOUND = ("from cardgen.engine import probe_a as a, probe_b as b; print(a.run(2, 5), b.run(2, 5)); "
         "print(sum(a.run.stats.cache_hits.values()) + sum(b.run.stats.cache_hits.values()))")


@pytest.mark.slow  # compiles in a fresh process (1-2 min under load): CI's slow tier
def test_a_loop_bound_per_game_runs_each_games_kernels_and_is_found_in_the_disk_cache(tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copytree(ROOT / "cardgen", copy / "cardgen", ignore=shutil.ignore_patterns("__pycache__"))
    engine = copy / "cardgen" / "engine"
    (engine / "probe_loop.py").write_text(LOOP)
    (engine / "probe_a.py").write_text(GAME.format(expr="x + i", name="a"))
    (engine / "probe_b.py").write_text(GAME.format(expr="x * i * 3", name="b"))
    cache = tmp_path / "cache"
    first = [line for line in _run(copy, cache, BOUND).splitlines() if not line.startswith("[cache]")]
    again = [line for line in _run(copy, cache, BOUND).splitlines() if not line.startswith("[cache]")]
    assert first[0] == again[0] == "20 60"  # each copy called its own game's step
    assert first[1] == "0"  # nothing cached yet: both compiled
    assert again[1] == "2"  # both copies loaded from the disk cache
