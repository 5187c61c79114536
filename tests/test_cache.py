"""Where cardgen keeps its caches (``cardgen/cache.py``) and ``cardgen cache clear``."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen import cache


def _fill(folder: Path, names: list[str]) -> None:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"x" * 10)


def test_clear_deletes_every_cache_and_keeps_pythons_byte_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "cardgen"
    _fill(package, ["__pycache__/cli.cpython-311.pyc", "__pycache__/numba/0123/a.nbi",
                    "load/__pycache__/abc.pickle", "load/__pycache__/yamlio.cpython-311.pyc",
                    "games/royale/__pycache__/royale-nobles-1.npz", "games/royale/fast.py"])
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    _fill(tmp_path / "home-cache" / "cardgen", ["fonts/f.bin", "numba/k/x.nbc"])
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "chosen"))
    _fill(tmp_path / "chosen", ["yaml/y.pickle"])
    files, freed = cache.clear(package)
    assert (files, freed) == (6, 60)
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert left == ["cardgen/__pycache__/cli.cpython-311.pyc", "cardgen/games/royale/fast.py",
                    "cardgen/load/__pycache__/yamlio.cpython-311.pyc"]
    assert cache.clear(package) == (0, 0)


def test_the_user_cache_folder_is_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.user_cache() == tmp_path / "cardgen"
    monkeypatch.delenv(cache.CACHE_ENV, raising=False)
    assert cache.cache_dirs(tmp_path / "pkg", "fonts") == [tmp_path / "pkg" / "__pycache__",
                                                          tmp_path / "cardgen" / "fonts"]


def test_a_read_only_package_folder_is_not_writable(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        import os
        if os.access(folder, os.W_OK):  # root ignores permissions
            pytest.skip("running as root: permissions are not enforced")
        assert not cache.writable(folder / "sub")
    finally:
        folder.chmod(0o700)
    assert cache.writable(tmp_path / "new" / "deep")


def test_cache_clear_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen.cli import main
    seen = []
    monkeypatch.setattr(cache, "clear", lambda package: seen.append(package) or (3, 3 * 2**20))
    assert main(["cache", "clear"]) == 0
    assert seen == [Path(cache.__file__).resolve().parent]
    assert "cache cleared: 3 files, 3.0 MiB" in capsys.readouterr().out
    assert main(["cache", "clear", "--lang", "fr"]) == 0  # --lang reaches the line (it was English whatever)
    assert "cache vidé\u202f: 3 fichiers, 3,0 Mio" in capsys.readouterr().out


def test_an_entry_is_returned_for_its_own_key_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one rule every cache follows (``cache.load``/``save``): same key, same payload; any other key,
    a damaged file or no file, a miss; ``keep`` bounds the entries of a folder, oldest written first."""
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "c"))
    here = Path(cache.__file__).parent
    cache.save("probe", here, "a.entry", "key-1", {"x": [1, 2]})
    assert cache.load("probe", here, "a.entry", "key-1") == {"x": [1, 2]}
    assert cache.load("probe", here, "a.entry", "key-2") is None  # stale: made from something else
    assert cache.load("other", here, "a.entry", "key-1") is None  # another cache's folder
    (tmp_path / "c" / "probe" / "a.entry").write_bytes(b"\x80garbage")
    assert cache.load("probe", here, "a.entry", "key-1") is None  # damaged: a miss, never an error
    for n in range(5):
        cache.save("probe", here, f"{n}.kept", "k", n, keep=3)
        os.utime(tmp_path / "c" / "probe" / f"{n}.kept", ns=(n * 10**9, n * 10**9))
    cache.save("probe", here, "5.kept", "k", 5, keep=3)
    assert sorted(p.name for p in (tmp_path / "c" / "probe").iterdir()) == ["3.kept", "4.kept", "5.kept", "a.entry"]
    assert cache.fingerprint("ab", "c") != cache.fingerprint("a", "bc")  # parts are kept apart
