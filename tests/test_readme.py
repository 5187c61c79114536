"""The README's quick start is exactly two commands, and CI runs the second verbatim."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the quick start needs a ```sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_two_commands() -> None:
    commands = quick_start()
    assert len(commands) == 2
    assert "cardgen build" in commands[0]
    assert "[test]" in commands[1] and "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert quick_start()[1] in ci


def test_ci_then_runs_every_test_the_readme_command_leaves_out() -> None:
    """The README's command deselects the slow tier (pyproject's addopts); CI runs it right after,
    so the two together run every test."""
    import tomllib
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme = ci.index(quick_start()[1])
    assert ci[readme + 1] == "python -m pytest -m slow"
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "-m 'not slow'" in options["addopts"]
    assert any(m.startswith("slow:") for m in options["markers"])


def test_the_readme_test_command_installs_the_plugins_addopts_needs() -> None:
    """addopts runs the suite with pytest-xdist (``-n``): the README's second command installs it."""
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = project["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert "'.[test]'" in quick_start()[1]
    if "-n" in addopts:
        assert any(dep.startswith("pytest-xdist") for dep in project["project"]["optional-dependencies"]["test"])


def test_every_local_link_in_the_docs_resolves() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = [(page.name, link) for page in pages
              for link in re.findall(r"\]\(([^)#]+)", page.read_text(encoding="utf-8"))
              if not link.startswith(("http://", "https://")) and not (page.parent / link).exists()]
    assert not broken


def test_ci_runs_the_readme_tests_with_the_newest_releases_then_the_lowest() -> None:
    """A fresh install gets today's newest releases (PyPI's PyYAML 6.0.4 once turned the README's tests red):
    .ci/run brings its Python to them (pip's eager upgrade of everything the test extra needs) right before the
    README's test command, and after the slow tier runs that command again in a fresh environment of pyproject's
    floors (`bash .ci/versions lowest`); `bash .ci/versions newest` stays for a machine whose Python is not CI's."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme = ci.index(quick_start()[1])
    assert ci[readme - 1] == "python -m pip install -q --upgrade --upgrade-strategy eager -e '.[test]'"
    assert ci[ci.index("python -m pytest -m slow") + 1] == "bash .ci/versions lowest"
    versions = (ROOT / ".ci" / "versions").read_text(encoding="utf-8")
    assert quick_start()[1] in [line.strip() for line in versions.splitlines()]
    assert "kinds=(newest lowest)" in versions and "--resolution lowest-direct" in versions
