"""Compiled templates kept on disk (``cardgen.jinjacache.Bytecode``, for the rulebook's and the report's
environments): a later run loads instead of compiling, the result renders the same, and a stale or corrupt
entry is compiled again."""
from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from jinja2 import DictLoader

from cardgen.rulebook import templating
from cardgen import cache as shared
from cardgen.jinjacache import Bytecode


def SharedBytecode() -> Bytecode:
    """The rulebook's cache, as a new process makes it (empty memory)."""
    return Bytecode(templating.__file__)

SOURCE = "{% for x in items %}{{ x }}-{% endfor %}{% trans n=3 %}{{ n }} cards{% endtrans %}"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "bc"
    monkeypatch.setattr(shared, "cache_dirs", lambda *place: [where])
    return where


def env(cache: SharedBytecode, source: str = SOURCE) -> jinja2.Environment:
    e = jinja2.Environment(loader=DictLoader({"t.j2": source}), extensions=["jinja2.ext.i18n"],
                           bytecode_cache=cache)
    e.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return e


def test_a_second_run_loads_what_the_first_compiled(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = env(SharedBytecode()).get_template("t.j2").render(items=[1, 2])
    assert len(list(folder.iterdir())) == 1
    monkeypatch.setattr(jinja2.Environment, "compile", lambda *a, **k: pytest.fail("compiled again"))
    again = env(SharedBytecode()).get_template("t.j2").render(items=[1, 2])  # a new process's empty memory
    assert again == first == "1-2-3 cards"


def test_an_edited_template_is_compiled_again(folder: Path) -> None:
    env(SharedBytecode()).get_template("t.j2")
    assert env(SharedBytecode(), "changed {{ 1 + 1 }}").get_template("t.j2").render() == "changed 2"


@pytest.mark.parametrize("junk", [b"", b"garbage", b"j2" + b"\x00" * 40])
def test_a_corrupt_entry_is_compiled_again(folder: Path, junk: bytes) -> None:
    env(SharedBytecode()).get_template("t.j2")
    (entry,) = folder.iterdir()
    entry.write_bytes(junk)
    assert env(SharedBytecode()).get_template("t.j2").render(items=["a"]) == "a-3 cards"


def test_a_foreign_object_is_not_run(folder: Path) -> None:
    """An entry with a valid header (Python version, source checksum) but no code in it."""
    from jinja2.bccache import Bucket

    e = env(SharedBytecode())
    e.get_template("t.j2")
    (entry,) = folder.iterdir()
    fake = Bucket(e, "x", e.bytecode_cache.get_source_checksum(SOURCE))  # type: ignore[union-attr]
    fake.code = 12345  # type: ignore[assignment]
    shared.save("templates", Path(templating.__file__).parent, entry.name, SharedBytecode().key,
                fake.bytecode_to_string())  # under the right key: only Jinja's own checks stand in its way
    assert env(SharedBytecode()).get_template("t.j2").render(items=[]) == "3 cards"


def test_no_writable_folder_still_renders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(shared, "cache_dirs", lambda *place: [blocker / "a", blocker / "b"])
    assert env(SharedBytecode()).get_template("t.j2").render(items=[0]) == "0-3 cards"


def test_an_entry_of_another_module_version_is_not_loaded(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries of another cardgen (another environment set-up) are never loaded: the key is this module's bytes."""
    env(SharedBytecode()).get_template("t.j2")
    (entry,) = folder.iterdir()
    loads = []
    real = shared.load
    monkeypatch.setattr(shared, "load", lambda *a: loads.append(real(*a)) or loads[-1])
    other = SharedBytecode()
    other.key = "another module"  # what another module's bytes would give
    env(other).get_template("t.j2")
    assert loads == [None] and entry.exists()


def test_the_report_pages_load_what_an_earlier_run_compiled(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report's pages (every validate and compare writes them) compile their templates once, not per run:
    a fresh environment, as a new process makes it, renders the same page without compiling."""
    from cardgen.report import templating as report

    report.environment.cache_clear()
    names = ["layout.html", "deck.html", "overview.html", "gallery.html", "charts.svg"]  # every validate's
    for name in names:
        report.environment().get_template(name)
    assert len(list(folder.iterdir())) >= len(names)
    report.environment.cache_clear()
    monkeypatch.setattr(jinja2.Environment, "compile", lambda *a, **k: pytest.fail("compiled again"))
    for name in names:
        report.environment().get_template(name)
    report.environment.cache_clear()
