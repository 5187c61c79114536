"""The wheel ships every package and the bundled templates."""
from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

from cardgen.paths import templates_dir

ROOT = Path(__file__).resolve().parent.parent


def config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["tool"]["setuptools"]  # type: ignore[no-any-return]


def test_every_package_is_listed() -> None:
    listed = set(config()["packages"])  # type: ignore[arg-type]
    assert listed == set(find_packages(str(ROOT), include=["cardgen*"])) | {"cardgen.templates"}


def test_templates_ship_inside_the_package() -> None:
    assert config()["package-dir"] == {"cardgen.templates": "templates"}
    assert (templates_dir() / "layouts").is_dir() and (templates_dir() / "rulebook").is_dir()


def test_every_data_file_is_declared() -> None:
    """Each non-Python file under cardgen/ matches a package-data pattern of its package."""
    import subprocess
    from fnmatch import fnmatch

    patterns: dict[str, list[str]] = config()["package-data"]  # type: ignore[assignment]
    files = subprocess.run(["git", "ls-files", "cardgen"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    missing = []
    for name in files:
        if name.endswith(".py"):
            continue
        parts = Path(name).parts
        owners = [(".".join(parts[:i]), "/".join(parts[i:])) for i in range(len(parts) - 1, 0, -1)
                  if (ROOT.joinpath(*parts[:i]) / "__init__.py").is_file()]
        package, rest = owners[0]
        if not any(fnmatch(rest, p) and rest.count("/") == p.count("/") for p in patterns.get(package, [])):
            missing.append(name)
    assert not missing, f"not shipped in the wheel: {missing}"
