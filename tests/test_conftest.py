"""The test session's own guard (``tests/conftest.py``): caches outside the checkout, and a session
that changes a file under the checkout fails, naming it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

LEAKS = '''
from pathlib import Path
def test_leaks():
    Path(__file__).resolve().parent.parent.joinpath("cardgen", "leak.bin").write_bytes(b"x")
'''
CLEAN = '''
import os
from pathlib import Path
def test_clean(tmp_path):
    (tmp_path / "fine.bin").write_bytes(b"x")
    assert not Path(os.environ["CARDGEN_CACHE_DIR"]).is_relative_to(Path(__file__).resolve().parent.parent)
'''


COMPILES = '''
import os
from pathlib import Path
def test_compiles():
    folder = Path(os.environ["CARDGEN_CACHE_DIR"]) / "numba" / "k" / "draco_0f11"
    folder.mkdir(parents=True)
    (folder / "compiled._play-69.py311.nbi").write_bytes(b"x")
    (folder.parent / "engine_1").mkdir()
    (folder.parent / "engine_1" / "fastrng.seed-102.py311.nbi").write_bytes(b"x")  # the generator: not a game's tier
'''


def _session(tmp_path: Path, test: str, *options: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "tests").mkdir()
    (tmp_path / "cardgen").mkdir()
    shutil.copy(HERE / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_probe.py").write_text(test)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options, "tests"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_a_session_that_writes_into_the_checkout_fails_and_names_the_file(tmp_path: Path) -> None:
    done = _session(tmp_path, LEAKS)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    assert f"added {os.path.join('cardgen', 'leak.bin')}" in done.stdout


def test_a_readme_session_that_compiles_a_games_tier_fails_and_names_what_it_compiled(tmp_path: Path) -> None:
    """The README's tier compiles no game; at stop 78 compare tests compiled two tiers unseen (20 minutes of CI)."""
    done = _session(tmp_path, COMPILES, "-m", "not slow")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "compiled 1 function(s) of a game's tier" in done.stdout
    assert os.path.join("k", "draco_0f11", "compiled._play-69.py311.nbi") in done.stdout and "fastrng" not in done.stdout


def test_the_slow_tier_may_compile(tmp_path: Path) -> None:
    done = _session(tmp_path, COMPILES, "-m", "slow or not slow")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_clean_session_passes_with_its_caches_outside_the_checkout(tmp_path: Path) -> None:
    done = _session(tmp_path, CLEAN)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "changed" not in done.stdout


def test_this_session_keeps_its_caches_outside_the_checkout() -> None:
    root = HERE.parent
    for var in ("CARDGEN_CACHE_DIR", "PYTHONPYCACHEPREFIX"):
        assert not Path(os.environ[var]).resolve().is_relative_to(root)
    assert sys.pycache_prefix and not Path(sys.pycache_prefix).resolve().is_relative_to(root)


def _collected(*options: str, named: bool = False) -> set[str]:
    """The test ids the README's command (pyproject's addopts), plus ``options``, collects from two
    small modules: one of ``SLOW_MODULES`` and one that is not; found in ``tests/`` as a whole
    run finds them, or ``named`` on the command line."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    where = (["tests/test_fasttree.py", "tests/test_readme.py"] if named
             else ["-o", "python_files=test_fasttree.py test_readme.py", "tests"])
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-n", "0", "-p", "no:cacheprovider",
                           *options, *where],
                          cwd=HERE.parent, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_slow_modules_leave_the_readme_command_for_the_slow_tier_and_nothing_is_lost() -> None:
    """``SLOW_MODULES`` are deselected by the README's command and are what ``-m slow`` (CI's second
    command) runs: the two together still collect every test, each once."""
    default, slow, every = _collected(), _collected("-m", "slow"), _collected("-m", "")
    assert default and all(i.startswith("tests/test_readme.py::") for i in default)
    assert slow and all(i.startswith("tests/test_fasttree.py::") for i in slow)
    assert default | slow == every and not default & slow


def test_a_slow_module_named_on_the_command_line_runs_as_asked() -> None:
    """``python -m pytest tests/test_fasttree.py`` runs that slow module instead of collecting nothing,
    and ``-m slow`` still selects it, and only it."""
    named = _collected(named=True)
    assert any(i.startswith("tests/test_fasttree.py::") for i in named)
    assert any(i.startswith("tests/test_readme.py::") for i in named)
    slow = _collected("-m", "slow", named=True)
    assert slow and all(i.startswith("tests/test_fasttree.py::") for i in slow)


def test_every_slow_module_is_a_test_module() -> None:
    from conftest import SLOW_MODULES
    assert all((HERE / f"{name}.py").is_file() for name in SLOW_MODULES)
