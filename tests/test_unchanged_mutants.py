"""What the rebuild fingerprint (cardgen/unchanged.py) covers, file by file, in one process.

Kills the mutants mutmut left alive in ``fingerprint`` (docs/DEVELOPING.md, "Mutation
testing"). Each test states a property the module's docstring promises: every input
file counts (the project, cardgen's package and templates, the rules packages a deck
used, a folder named twice counts once), the request counts whatever its key order,
hidden folders, byte-code and temporary files do not, and above ``MAX_FILES`` files
there is no fingerprint at all.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen import unchanged

REQUEST = {"paper": ["a4"], "langs": ["en", "fr"], "duplex": "long"}


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A project, a stand-in for cardgen's package and one for its templates, one file each."""
    folders = {name: tmp_path / name for name in ("project", "package", "templates", "rules")}
    for name, folder in folders.items():
        folder.mkdir()
        (folder / f"{name}.txt").write_text(name, encoding="utf-8")
    monkeypatch.setattr(unchanged, "PACKAGE", folders["package"])
    monkeypatch.setattr(unchanged, "_templates", lambda: folders["templates"])
    return folders


def key(sources: dict[str, Path], request: dict | None = None, extra: list[str] | None = None) -> str | None:
    root = sources["project"]
    return unchanged.fingerprint(root, root / "out", REQUEST if request is None else request, extra or [])


def touch(path: Path, text: str = "edited") -> None:
    """Rewrite ``path`` with a later date (whatever the file system's clock grain)."""
    stamp = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stamp + 2_000_000_000, stamp + 2_000_000_000))


def test_the_request_counts_whatever_its_key_order(sources) -> None:
    first = key(sources)
    assert first is not None and key(sources, dict(reversed(list(REQUEST.items())))) == first
    assert key(sources, {**REQUEST, "paper": ["letter"]}) != first  # another request, another build
    assert key(sources, {}) != first


@pytest.mark.parametrize("folder", ["package", "templates"])
def test_an_edit_to_cardgen_itself_is_an_edit(sources, folder: str) -> None:
    """cardgen's package and templates are inputs: an upgrade that changes one file rebuilds."""
    before = key(sources)
    touch(sources[folder] / f"{folder}.txt")
    assert key(sources) != before


def test_a_rules_package_given_as_one_file_counts(sources) -> None:
    rules = sources["rules"] / "rules.txt"
    before = key(sources, extra=[str(rules)])
    assert before != key(sources)  # the file is an input of its own
    touch(rules, "rules")  # same size, later date
    assert key(sources, extra=[str(rules)]) != before


def test_every_source_after_a_file_or_a_repeated_folder_still_counts(sources, tmp_path: Path) -> None:
    """A rules file or a folder already named ends nothing: the sources after it are still read."""
    single = tmp_path / "single.py"
    single.write_text("rules", encoding="utf-8")
    rules = sources["rules"] / "rules.txt"
    for first in (single, sources["project"]):
        extra = [str(first), str(sources["rules"])]
        before = key(sources, extra=extra)
        touch(rules, rules.read_text(encoding="utf-8"))  # same size, later date
        assert key(sources, extra=extra) != before, first


def test_a_folder_named_twice_counts_once(sources) -> None:
    root = str(sources["project"])
    assert key(sources, extra=[root]) == key(sources)
    rules = str(sources["rules"])
    assert key(sources, extra=[rules, rules]) == key(sources, extra=[rules])


def test_hidden_folders_byte_code_and_temporary_files_do_not_count(sources) -> None:
    project = sources["project"]
    before = key(sources)
    (project / ".git").mkdir()
    (project / ".git" / "index").write_text("a commit", encoding="utf-8")
    (project / "cache.pyc").write_bytes(b"\x00")
    (project / "deck.yaml.tmp").write_text("half written", encoding="utf-8")
    (project / "__pycache__").mkdir()
    (project / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\x00")
    assert key(sources) == before


def test_files_after_a_skipped_or_vanished_one_still_count(sources) -> None:
    """Sorted first, a byte-code file and a dangling link (stat fails) must not end the folder's walk."""
    project = sources["project"]
    (project / "a.pyc").write_bytes(b"\x00")
    (project / "a.tmp").write_text("x", encoding="utf-8")
    (project / "a-link").symlink_to(project / "gone")
    before = key(sources)
    touch(project / "project.txt", "project")  # same size, later date
    assert key(sources) != before


def test_the_file_limit_counts_every_folder_and_is_inclusive(sources, monkeypatch) -> None:
    """Exactly MAX_FILES files still have a fingerprint; one more, in any folder, has none."""
    project = sources["project"]
    (project / "sub").mkdir()
    (project / "sub" / "b.txt").write_text("b", encoding="utf-8")
    # project.txt, sub/b.txt, package.txt, templates.txt: four files in four folders
    monkeypatch.setattr(unchanged, "MAX_FILES", 4)
    assert key(sources) is not None
    monkeypatch.setattr(unchanged, "MAX_FILES", 3)
    assert key(sources) is None
