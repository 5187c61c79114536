"""``cardgen build``: outputs, incremental rebuilds, interruptions, rulebooks, bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardgen.build as build_module
import cardgen.buildkeys as buildkeys
import cardgen.fileio
import cardgen.render.sheets as sheets
from cardgen.build import CACHE_FILE, BuildOptions, build
from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.languages import SHIPPED
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from test_render_support import qpdf_problems

OPTIONS = dict(langs=["en", "fr"], papers=["a4"], rules=False)


def decks(project: Path):
    return [Resolver(Project.open(project)).resolve("king_lui")]


def outputs(out: Path) -> dict[str, int]:
    """Every PDF under ``out`` with its modification time."""
    return {str(p.relative_to(out)): p.stat().st_mtime_ns for p in sorted(out.rglob("*.pdf"))}


def test_build_writes_each_output_then_nothing_when_nothing_changed(mini_project: Path, tmp_path: Path, capsys,
                                                                    monkeypatch) -> None:
    out = tmp_path / "out"
    assert build(decks(mini_project), out, BuildOptions(**OPTIONS)) == 0
    first = outputs(out)
    assert set(first) == {"king_lui/en/cards-a4.pdf", "king_lui/fr/cards-a4.pdf"}
    assert "2 files written, 0 unchanged; 110 cards" in capsys.readouterr().out
    for name in first:
        assert qpdf_problems((out / name).read_bytes()) == []
    cache = json.loads((out / CACHE_FILE).read_text())
    assert set(cache) == set(first)

    monkeypatch.setattr(sheets, "render_sheets", lambda *a, **k: pytest.fail("rendered again"))
    assert build(decks(mini_project), out, BuildOptions(**OPTIONS)) == 0
    assert outputs(out) == first
    assert "0 files written, 2 unchanged" in capsys.readouterr().out


def test_changes_rebuild_exactly_the_outputs_they_touch(mini_project: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    build(decks(mini_project), out, BuildOptions(**OPTIONS))
    capsys.readouterr()
    # Another option: other files, named after it; the plain ones stay as they were.
    plain = outputs(out)
    build(decks(mini_project), out, BuildOptions(**OPTIONS, ink_saver=True))
    assert "2 files written" in capsys.readouterr().out
    assert set(outputs(out)) == set(plain) | {"king_lui/en/cards-a4-inksaver.pdf", "king_lui/fr/cards-a4-inksaver.pdf"}
    assert all(outputs(out)[name] == data for name, data in plain.items())
    # A deleted and a hand-edited output are made again, the third left alone.
    (out / "king_lui/en/cards-a4-inksaver.pdf").unlink()
    (out / "king_lui/fr/cards-a4-inksaver.pdf").write_bytes(b"%PDF-1.4 broken")
    build(decks(mini_project), out, BuildOptions(**OPTIONS, ink_saver=True))
    assert "2 files written" in capsys.readouterr().out
    assert qpdf_problems((out / "king_lui/fr/cards-a4-inksaver.pdf").read_bytes()) == []
    # A deck edit: the deck's outputs are rebuilt with the new count.
    deck_file = mini_project / "decks" / "king_lui.yaml"
    deck_file.write_text(deck_file.read_text().replace("count: 5\n", "count: 6\n"))
    build(decks(mini_project), out, BuildOptions(**OPTIONS, ink_saver=True))
    assert "2 files written, 0 unchanged; 111 cards" in capsys.readouterr().out


def test_an_interrupted_build_leaves_no_truncated_file(mini_project: Path, tmp_path: Path, monkeypatch,
                                                       capsys) -> None:
    out = tmp_path / "out"
    real = sheets.render_sheets
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sheets, "render_sheets", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build(decks(mini_project), out, BuildOptions(**OPTIONS))
    assert list(outputs(out)) == ["king_lui/en/cards-a4.pdf"]
    assert qpdf_problems((out / "king_lui/en/cards-a4.pdf").read_bytes()) == []
    assert not list(out.rglob("*.tmp"))
    assert set(json.loads((out / CACHE_FILE).read_text())) == {"king_lui/en/cards-a4.pdf"}

    # Interrupted in the middle of writing the file itself: the old file stays whole.
    monkeypatch.setattr(sheets, "render_sheets", real)
    before = (out / "king_lui/en/cards-a4.pdf").read_bytes()

    def crash(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cardgen.fileio.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        build(decks(mini_project), out, BuildOptions(**OPTIONS, ink_saver=True))
    assert (out / "king_lui/en/cards-a4.pdf").read_bytes() == before
    assert not list(out.rglob("*.tmp"))

    monkeypatch.undo()
    capsys.readouterr()
    build(decks(mini_project), out, BuildOptions(**OPTIONS))
    assert "1 file written, 1 unchanged" in capsys.readouterr().out


def test_rulebooks_are_built_when_the_rulebook_stage_exists(mini_project: Path, tmp_path: Path,
                                                            monkeypatch) -> None:
    made = []

    def fake_rulebook(resolved, lang, paper):
        made.append((resolved.id, lang, paper))
        return f"rules {lang} {paper}".encode()

    monkeypatch.setattr(build_module, "_rulebook", lambda: fake_rulebook)
    out = tmp_path / "out"
    build(decks(mini_project), out, BuildOptions(langs=["it"], papers=["letter"]))
    assert (out / "king_lui/it/rules-letter.pdf").read_bytes() == b"rules it letter"
    assert made == [("king_lui", "it", "letter")]
    build(decks(mini_project), tmp_path / "norules", BuildOptions(langs=["it"], papers=["letter"], rules=False))
    assert not list((tmp_path / "norules").rglob("rules-*.pdf"))
    monkeypatch.setattr(build_module, "_rulebook", lambda: None)  # stage not installed: skipped silently
    build(decks(mini_project), tmp_path / "absent", BuildOptions(langs=["it"], papers=["letter"]))
    assert [p.name for p in (tmp_path / "absent").rglob("*.pdf")] == ["cards-letter.pdf"]


def test_a_text_that_cannot_fit_is_bad_input_with_exit_code_2(mini_project: Path, tmp_path: Path, capsys) -> None:
    deck_file = mini_project / "decks" / "king_lui.yaml"
    long = "Le dragon mange tout ce qui traîne sur la table du roi, sans exception. " * 20
    deck_file.write_text(deck_file.read_text().replace(
        '        title: {fr: "Emerald", it: "Emerald", en: "Emerald"}\n',
        f'        title: {{fr: "Emerald", it: "Emerald", en: "Emerald"}}\n        text: {{fr: "{long}", it: "x", en: "x"}}\n'))
    code = main(["--project", str(mini_project), "build", "--lang", "fr", "--paper", "a4", "--no-rules",
                 "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert len(err.splitlines()) == 1
    assert "component 'emerald', face 1: the text (fr) does not fit" in err
    assert not (tmp_path / "out").exists()  # refused by the checks before anything was written
    with pytest.raises(InputError):
        build(decks(mini_project), tmp_path / "out", BuildOptions(langs=["en"], papers=["a4"], duplex="sideways"))


def test_a_text_too_long_in_one_language_refuses_only_builds_in_that_language(mini_project: Path, tmp_path: Path,
                                                                             capsys) -> None:
    """``check`` reports every language; ``build --lang en`` is not refused for the Italian text."""
    deck_file = mini_project / "decks" / "king_lui.yaml"
    long = "Il drago mangia tutto quello che resta sulla tavola del re, senza eccezioni. " * 20
    deck_file.write_text(deck_file.read_text().replace(
        '        title: {fr: "Emerald", it: "Emerald", en: "Emerald"}\n',
        f'        title: {{fr: "Emerald", it: "Emerald", en: "Emerald"}}\n        text: {{fr: "x", it: "{long}", en: "x"}}\n'))
    assert main(["--project", str(mini_project), "check"]) == 2
    assert "the text (it) does not fit" in capsys.readouterr().err
    args = ["--project", str(mini_project), "build", "--paper", "a4", "--no-rules"]
    assert main([*args, "--lang", "en", "--out", str(tmp_path / "en")]) == 0
    assert (tmp_path / "en" / "king_lui" / "en" / "cards-a4.pdf").is_file()
    assert main([*args, "--lang", "en,it", "--out", str(tmp_path / "it")]) == 2
    assert "the text (it) does not fit" in capsys.readouterr().err and not (tmp_path / "it").exists()


def test_parallel_workers_write_the_same_files_and_report_bad_input(mini_project: Path, tmp_path: Path) -> None:
    many = dict(langs=list(SHIPPED), papers=["a4", "letter"], rules=False)
    build(decks(mini_project), tmp_path / "one", BuildOptions(**many, workers=1))
    build(decks(mini_project), tmp_path / "two", BuildOptions(**many, workers=2))
    one, two = outputs(tmp_path / "one"), outputs(tmp_path / "two")
    assert list(one) == list(two) and len(one) == 6
    for name in one:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    deck_file = mini_project / "decks" / "king_lui.yaml"
    deck_file.write_text(deck_file.read_text().replace('        title: {fr: "Emerald", it: "Emerald", en: "Emerald"}',
                                                       '        title: {fr: "' + "Emerald " * 40 + '", it: "E", en: "E"}'))
    with pytest.raises(InputError, match="component 'emerald', face 1: the title"):
        build(decks(mini_project), tmp_path / "bad", BuildOptions(**many, workers=2))
    assert not list((tmp_path / "bad").rglob("*.tmp"))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_refusing_preflight_writes_nothing_though_workers_already_drew(mini_project: Path, tmp_path: Path,
                                                                        workers: int) -> None:
    """The input checks run while the workers draw; until they pass, no file (sheet, picture, cache) lands."""
    many = dict(langs=["fr", "en"], papers=["a4", "letter"], rules=False, workers=workers)
    ran: list[str] = []

    def refuse() -> None:
        ran.append("checks")
        raise InputError("refused by the checks")

    with pytest.raises(InputError, match="refused by the checks"):
        build(decks(mini_project), tmp_path / "bad", BuildOptions(**many), preflight=refuse)
    assert ran == ["checks"] and not (tmp_path / "bad").exists()

    def stop() -> None:
        raise build_module.Refused

    assert build(decks(mini_project), tmp_path / "stopped", BuildOptions(**many), preflight=stop) == 1
    assert not (tmp_path / "stopped").exists()
    assert build(decks(mini_project), tmp_path / "good", BuildOptions(**many), preflight=lambda: None) == 0
    assert len(outputs(tmp_path / "good")) == 4


def test_a_base_change_that_only_alters_what_differs_rebuilds_the_variant(mini_project: Path) -> None:
    """The variant overrides ham's count, so only its 'what differs' line changes with the base."""
    from cardgen.buildkeys import deck_hash

    variant = mini_project / "variants" / "big.yaml"
    variant.write_text("extends: king_lui\nname: {fr: a, it: a, en: a}\ndescription: {fr: a, it: a, en: a}\n"
                       "change:\n  ham: {count: 18}\n", encoding="utf-8")
    before = Resolver(Project.open(mini_project)).resolve("big")
    deck_file = mini_project / "decks" / "king_lui.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("count: 15", "count: 16", 1), encoding="utf-8")
    after = Resolver(Project.open(mini_project)).resolve("big")
    assert after.component("ham").count == before.component("ham").count == 18
    assert deck_hash(after) != deck_hash(before)


def test_a_base_description_change_rebuilds_the_variant(mini_project: Path) -> None:
    """A variant's book prints its base's description under the title: editing it alone is a change."""
    from cardgen.buildkeys import deck_hash

    variant = mini_project / "variants" / "big.yaml"
    variant.write_text("extends: king_lui\nname: {fr: a, it: a, en: a}\ndescription: {fr: a, it: a, en: a}\n",
                       encoding="utf-8")
    before = Resolver(Project.open(mini_project)).resolve("big")
    deck_file = mini_project / "decks" / "king_lui.yaml"
    text = deck_file.read_text(encoding="utf-8")
    edited = text.replace("  en: \"", "  en: \"Edited: ", 1)
    assert edited != text
    deck_file.write_text(edited, encoding="utf-8")
    after = Resolver(Project.open(mini_project)).resolve("big")
    assert after.base.model.description.en != before.base.model.description.en
    assert deck_hash(after) != deck_hash(before)


def test_a_project_rulebook_template_is_part_of_the_key(mini_project: Path) -> None:
    from cardgen.buildkeys import deck_hash

    deck = decks(mini_project)[0]
    first = deck_hash(deck)
    (mini_project / "templates" / "rulebook").mkdir(parents=True)
    (mini_project / "templates" / "rulebook" / "king_lui.j2").write_text("<book></book>\n", encoding="utf-8")
    assert deck_hash(deck) != first


def test_source_hashes_see_every_source_file_and_no_cache(tmp_path: Path) -> None:
    """A rules package's or project's source changes the hash; its byte code and numba caches do not."""
    from cardgen.buildkeys import hash_files

    pkg = tmp_path / "pkg"
    (pkg / "sub" / "__pycache__").mkdir(parents=True)
    (pkg / "a.py").write_text("A = 1\n")
    (pkg / "sub" / "b.yaml").write_text("b: 2\n")
    first = hash_files([pkg])
    (pkg / "sub" / "__pycache__" / "b.cpython-311.pyc").write_bytes(b"\x00")
    (pkg / "sub" / "__pycache__" / "kernel.nbi").write_bytes(b"\x01")
    (pkg / "c.tmp").write_text("half-written\n")
    assert hash_files([pkg]) == first
    (pkg / "sub" / "b.yaml").write_text("b: 3\n")
    assert hash_files([pkg]) != first
    (pkg / "sub" / "b.yaml").write_text("b: 2\n")
    (pkg / "sub" / "new.svg").write_text("<svg/>\n")
    assert hash_files([pkg]) != first


def test_a_build_reads_its_games_code_once_and_the_next_build_sees_an_edited_project(
        mini_project: Path, tmp_path: Path, monkeypatch) -> None:
    """The code hash is remembered for one build only: sheets, pictures and gallery share it."""
    hashed: list[tuple[Path, ...]] = []
    real = buildkeys.hash_files
    monkeypatch.setattr(buildkeys, "hash_files", lambda paths: hashed.append(tuple(paths)) or real(paths))
    code_reads = lambda: [p for p in hashed if mini_project / "templates" in p]  # noqa: E731
    options = BuildOptions(langs=["en"], papers=["a4"], rules=False, workers=1)
    assert build(decks(mini_project), tmp_path / "one", options) == 0
    assert len(code_reads()) == 1
    state = json.loads((tmp_path / "one" / "gallery.json").read_text())
    (mini_project / "templates").mkdir(exist_ok=True)
    (mini_project / "templates" / "notes.txt").write_text("an edit between two builds\n", encoding="utf-8")
    assert build(decks(mini_project), tmp_path / "two", options) == 0
    assert len(code_reads()) == 2
    again = json.loads((tmp_path / "two" / "gallery.json").read_text())
    assert again["king_lui"]["thumbs_key"] != state["king_lui"]["thumbs_key"]
    assert buildkeys._BUILD_CODE_HASHES is None
