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


def _session(tmp_path: Path, test: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "tests").mkdir()
    (tmp_path / "cardgen").mkdir()
    shutil.copy(HERE / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_probe.py").write_text(test)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_a_session_that_writes_into_the_checkout_fails_and_names_the_file(tmp_path: Path) -> None:
    done = _session(tmp_path, LEAKS)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    assert f"added {os.path.join('cardgen', 'leak.bin')}" in done.stdout


def test_a_clean_session_passes_with_its_caches_outside_the_checkout(tmp_path: Path) -> None:
    done = _session(tmp_path, CLEAN)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "changed" not in done.stdout


def test_this_session_keeps_its_caches_outside_the_checkout() -> None:
    root = HERE.parent
    for var in ("CARDGEN_CACHE_DIR", "PYTHONPYCACHEPREFIX"):
        assert not Path(os.environ[var]).resolve().is_relative_to(root)
    assert sys.pycache_prefix and not Path(sys.pycache_prefix).resolve().is_relative_to(root)
