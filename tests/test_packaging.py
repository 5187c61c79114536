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
