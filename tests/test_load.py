"""The YAML reader (cardgen/load/yamlio.py: its parser yamlparse.py, and what files parsed to, kept
between runs) and the project's files (cardgen/load/project.py)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from cardgen.errors import InputError
from cardgen.load import yamlio
from cardgen.load.project import Project
from cardgen.load.yamlio import read_yaml, read_yaml_text
from nonempty import nonempty

ROOT = Path(__file__).resolve().parent.parent


def _compose_lines(text: str) -> tuple[object, dict]:
    """Data and line map the reference way: PyYAML's composer, walked recursively."""
    lines: dict = {}

    def walk(node: yaml.Node, path: tuple) -> object:
        lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            out = {}
            for k, val in node.value:
                key = str(yaml.safe_load(yaml.serialize(k)))
                lines[path + (key,)] = k.start_mark.line + 1
                out[key] = walk(val, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [walk(item, path + (i,)) for i, item in enumerate(node.value)]
        return yaml.safe_load(yaml.serialize(node))

    return walk(yaml.compose(text, Loader=yaml.SafeLoader), ()), lines


@pytest.mark.parametrize("path", sorted((ROOT / "decks").glob("*.yaml")) + sorted((ROOT / "variants").rglob("*.yaml")),
                         ids=lambda p: p.name)
def test_same_data_and_lines_as_pyyaml(path: Path) -> None:
    """The event-built reader gives exactly the data and line of every field PyYAML's composer gives."""
    data, lm = read_yaml(path)
    ref_data, ref_lines = _compose_lines(path.read_text(encoding="utf-8"))
    assert data == ref_data
    assert {p: w[1] for p, w in lm.lines.items()} == ref_lines


def test_aliases_share_lines_of_their_anchor() -> None:
    data, lm = read_yaml_text("a: &x\n  b: 1\n  c: [2, 3]\nd: *x\n", "f.yaml")
    assert data == {"a": {"b": 1, "c": [2, 3]}, "d": {"b": 1, "c": [2, 3]}}
    assert lm.locate(("d", "c", 1)) == ("f.yaml", 3)  # written at the anchor, reached through the alias
    assert lm.locate(("d",)) == ("f.yaml", 4)


def test_depth_limit_fires_at_the_first_deep_line() -> None:
    text = "a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(100))
    with pytest.raises(InputError, match=f"nesting deeper than {yamlio.MAX_DEPTH}") as exc:
        read_yaml_text(text, "f.yaml")
    assert exc.value.line == yamlio.MAX_DEPTH + 1


@pytest.mark.parametrize("text", [
    "a: " + "[" * 5000 + "]" * 5000 + "\n",                                       # flow, scanned ahead by libyaml
    "a: " + "{b: " * 2000 + "1" + "}" * 2000 + "\n",
    "a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(1500)),         # block
], ids=["flow-seq", "flow-map", "block"])
def test_deep_nesting_is_refused_by_cardgen_s_bound_before_any_parser_s(text: str) -> None:
    with pytest.raises(InputError, match=f"nesting deeper than {yamlio.MAX_DEPTH} levels") as exc:
        read_yaml_text(text, "f.yaml")
    assert exc.value.line is not None


def test_a_limit_of_libyaml_s_own_is_never_the_reason_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """A libyaml stricter than cardgen (PyYAML 6.0.4 refuses 1,000 levels while scanning ahead; a later
    one may refuse fewer) never speaks for cardgen: the file is parsed again by PyYAML's own parser."""
    from cardgen.load import yamlparse

    class Strict(yaml.SafeLoader):
        def get_event(self) -> object:
            raise yaml.scanner.ScannerError("while scanning", None, "a limit of libyaml's own", None)

    monkeypatch.setattr(yamlparse, "_Parser", Strict)
    deep = "a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(100))
    with pytest.raises(InputError, match=f"nesting deeper than {yamlio.MAX_DEPTH} levels"):
        read_yaml_text(deep, "f.yaml")
    assert read_yaml_text("a: [1, 2]\n", "g.yaml")[0] == {"a": [1, 2]}     # a good file still reads
    with pytest.raises(InputError, match="malformed YAML") as exc:             # a real error: the second parser's
        read_yaml_text("a: [1, 2\nb: 3\n", "h.yaml")
    assert "libyaml's own" not in exc.value.message


def test_huge_integer_is_one_line() -> None:
    with pytest.raises(InputError, match="number too long") as exc:
        read_yaml_text("a: " + "9" * 5000, "f.yaml")
    assert exc.value.line == 1 and "\n" not in str(exc.value)


def test_size_cap_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:  # sparse: 50 MB claimed, nothing to parse
        handle.truncate(50 << 20)
    opened = []
    monkeypatch.setattr(yamlio, "read_yaml_text", lambda *a: opened.append(a))
    with pytest.raises(InputError, match="file too large"):
        read_yaml(big)
    assert not opened


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_yaml(fifo)


def test_encoding_error_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(b"a: 1\nb: 2\nc: \xff\n")
    with pytest.raises(InputError) as exc:
        read_yaml(path)
    assert exc.value.line == 3 and "not UTF-8" in exc.value.message


def test_alias_to_a_big_string_is_refused_quickly() -> None:
    text = "s: &s " + "x" * 1_000_000 + "\nl: [" + ", ".join(["*s"] * 150_000) + "]\n"
    with pytest.raises(InputError, match="alias bomb"):
        read_yaml_text(text, "f.yaml")


def test_pure_python_parser_gives_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (ROOT / "decks" / "king_lui.yaml").read_text(encoding="utf-8")
    fast = read_yaml_text(text, "k.yaml")
    from cardgen.load import yamlparse
    monkeypatch.setattr(yamlparse, "_Parser", yaml.SafeLoader)
    slow = read_yaml_text(text, "k.yaml")
    assert fast[0] == slow[0] and fast[1].lines == slow[1].lines
    with pytest.raises(InputError, match="nesting deeper"):
        read_yaml_text("a: " + "[" * 5000 + "]" * 5000, "f.yaml")


@pytest.mark.parametrize("name", ["...yaml", "My Deck.yaml", "a.b.yaml", "-x.yaml"])
def test_file_names_that_give_no_plain_id(tmp_path: Path, name: str) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / name).write_text("game: king_lui\n")
    with pytest.raises(InputError, match="not a plain id"):
        Project.open(tmp_path)


def test_path_outside_the_project_keeps_its_name(tmp_path: Path) -> None:
    (tmp_path / "p" / "decks").mkdir(parents=True)
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "my.yaml").write_text("extends: king_lui\n")
    project = Project.open(tmp_path / "p")
    sid, path = project.path_of(str(tmp_path / "x" / "my.yaml"))
    assert sid == "my" and project.path_of("my") == (sid, path)
    assert project.display(path) == str(tmp_path / "x" / "my.yaml")


# --- what a file parsed to, kept between runs (yamlio.read_yaml) ---------------------------------

def _deck_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_read_again_unchanged_comes_from_the_cache_with_the_same_data_and_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    text = (ROOT / "decks" / "king_lui.yaml").read_text(encoding="utf-8")
    path = _deck_file(tmp_path, text)
    first = read_yaml(path, "decks/mine.yaml")
    assert len(list((tmp_path / "cache" / "yaml").iterdir())) == 1
    from cardgen.load import yamlparse
    monkeypatch.setattr(yamlparse, "parse", lambda *a: pytest.fail("parsed again"))
    again = read_yaml(path, "decks/mine.yaml")
    assert again[0] == first[0] and again[1].lines == first[1].lines
    assert again[1].locate(("components", 3, "count")) == first[1].locate(("components", 3, "count"))
    assert again[1].locate(("components",))[0] == "decks/mine.yaml"


def test_what_the_cache_gives_equals_a_fresh_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    for deck in nonempty(sorted((ROOT / "decks").glob("*.yaml"))):
        read_yaml(deck, deck.name)
        cached = read_yaml(deck, deck.name)
        parsed = read_yaml_text(deck.read_text(encoding="utf-8"), deck.name)
        assert cached[0] == parsed[0] and cached[1].lines == parsed[1].lines, deck.name


def test_a_changed_file_another_name_or_a_damaged_entry_is_parsed_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    path = _deck_file(tmp_path, "name: one\ncount: 1\n")
    assert read_yaml(path)[0] == {"name": "one", "count": 1}
    path.write_text("name: two\ncount: 2\n", encoding="utf-8")  # same size: the key is the bytes, not the stat
    assert read_yaml(path)[0] == {"name": "two", "count": 2}
    assert read_yaml(path, "other.yaml")[1].locate(("count",)) == ("other.yaml", 2)
    for entry in (tmp_path / "cache" / "yaml").iterdir():
        entry.write_bytes(b"not a pickle")
    assert read_yaml(path)[0] == {"name": "two", "count": 2}
    assert read_yaml(path, "other.yaml")[1].locate(("count",)) == ("other.yaml", 2)


def test_bad_files_are_never_kept_and_say_the_same_each_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    path = _deck_file(tmp_path, "name: one\nname: two\n")
    messages = []
    for _ in range(2):
        with pytest.raises(InputError, match="duplicate key 'name'") as exc:
            read_yaml(path)
        messages.append((str(exc.value), exc.value.line))
    assert messages[0] == messages[1] and messages[0][1] == 2
    assert not (tmp_path / "cache" / "yaml").exists()
    path.write_bytes(b"name: \xff\n")
    with pytest.raises(InputError, match="not UTF-8"):
        read_yaml(path)


def test_the_cache_keeps_a_bounded_number_of_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(yamlio, "CACHE_ENTRIES", 3)
    paths = []
    for i in range(5):
        paths.append(tmp_path / f"d{i}.yaml")
        paths[-1].write_text(f"n: {i}\n", encoding="utf-8")
        assert read_yaml(paths[-1])[0] == {"n": i}
        entry = tmp_path / "cache" / "yaml" / yamlio._entry_name(paths[-1], str(paths[-1]))
        os.utime(entry, ns=((i + 1) * 10**9, (i + 1) * 10**9))  # written in this order, whatever the clock
    kept = sorted(e.stat().st_mtime_ns for e in (tmp_path / "cache" / "yaml").iterdir())
    assert kept == [3 * 10**9, 4 * 10**9, 5 * 10**9]  # d2, d3, d4: the two written first went
    assert [read_yaml(p)[0] for p in paths] == [{"n": i} for i in range(5)]


def test_no_cache_folder_still_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_CACHE_DIR", "")
    path = _deck_file(tmp_path, "a: [1, 2]\n")
    assert read_yaml(path)[0] == read_yaml(path)[0] == {"a": [1, 2]}


def test_reading_a_deck_and_its_layouts_again_needs_no_pyyaml(tmp_path: Path) -> None:
    import subprocess
    import sys
    code = ("import sys\n"
            "from cardgen.load.project import Project\n"
            "from cardgen.resolve.resolve import Resolver\n"
            "from cardgen.render.layouts import load_layouts\n"
            "deck = Resolver(Project.open('.')).resolve('king_lui')\n"
            "assert load_layouts()['suit'].elements\n"
            "print('yaml' in sys.modules)\n")
    env = {**os.environ, "CARDGEN_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
            for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == ["True", "False"], [r.stderr for r in runs]


@pytest.mark.parametrize("text, char", [("a: 1\nb: 2\nc: \x1b[0m\n", 0x1B), (b"a: 1\nb: \xff\n", 0xFF)],
                         ids=["escape-in-text", "byte-not-utf8"])
def test_a_forbidden_character_names_its_code_and_line(text: str | bytes, char: int) -> None:
    from cardgen.load import yamlparse

    with pytest.raises(InputError) as exc:
        yamlparse.parse(text, "f.yaml")
    expected = 3 if isinstance(text, str) else 2
    assert (exc.value.file, exc.value.line) == ("f.yaml", expected)
    assert exc.value.message.startswith(f"character U+{char:04X} is not allowed in a YAML file; expected printable "
                                        "text (an escape such as \\t inside double quotes if you mean it)")


@pytest.mark.parametrize("text", ["a: 1\nb: [1, 2\nc: 3\n", "a: 1\n\nb: 'open\n", "a:\n  - 1\n - 2\n"],
                         ids=["flow", "quote", "indent"])
def test_a_syntax_error_names_the_parser_s_line_and_problem(text: str) -> None:
    """cardgen's line is where PyYAML's own parser marks the problem (its wording is the parser's)."""
    from cardgen.load import yamlparse

    with pytest.raises(yaml.MarkedYAMLError) as found:
        yaml.load(text, Loader=yaml.SafeLoader)
    mark = found.value.problem_mark or found.value.context_mark
    with pytest.raises(InputError) as exc:
        yamlparse.parse(text, "f.yaml")
    assert (exc.value.file, exc.value.line) == ("f.yaml", mark.line + 1) and exc.value.line > 1
    assert exc.value.message == f"malformed YAML: {found.value.problem}" and found.value.context


def test_a_yaml_error_without_a_place_is_one_line_naming_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.load import yamlparse

    def fail(*args: object) -> None:
        raise yaml.YAMLError("something went wrong")

    monkeypatch.setattr(yamlparse, "_build", fail)
    with pytest.raises(InputError) as exc:
        yamlparse.parse("a: 1\n", "f.yaml")
    assert (exc.value.file, exc.value.line, exc.value.message) == ("f.yaml", None,
                                                                   "malformed YAML: something went wrong")
