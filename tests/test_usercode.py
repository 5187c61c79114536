"""Loading project code: paths kept inside the project, one-line errors naming the project file."""
from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.usercode import UserCodeError, describe_failure, file_hash, load_code, resolve_code_path


def _project(tmp_path: Path) -> Path:
    (tmp_path / "house").mkdir(parents=True)
    (tmp_path / "house" / "rule.py").write_text("X = 1\n\ndef hook(state):\n    return 1 / state\n")
    return tmp_path


def test_loads_a_file_under_a_name_of_its_content(tmp_path: Path) -> None:
    root = _project(tmp_path)
    path = resolve_code_path("house/rule.py", root)
    first = load_code(path, "house/rule.py")
    assert first.module.X == 1 and first.sha256 == file_hash(path)
    assert load_code(path, "house/rule.py") is first  # same content: loaded once
    path.write_text("X = 2\n")
    second = load_code(path, "house/rule.py")
    assert second.module.X == 2 and second.module.__name__ != first.module.__name__


def test_failure_names_the_project_line_the_hook_and_the_seed(tmp_path: Path) -> None:
    root = _project(tmp_path)
    path = resolve_code_path("house/rule.py", root)
    module = load_code(path, "house/rule.py").module
    with pytest.raises(ZeroDivisionError) as info:
        module.hook(0)
    from cardgen import terminal

    terminal.set_language("en")  # a command run earlier in this process may have left its --lang
    line = describe_failure(info.value, path, "house/rule.py", hook="score", seed=7)
    assert line == "house/rule.py:4: ZeroDivisionError: division by zero in score (seed 7 reproduces it)"
    assert pickle.loads(pickle.dumps(UserCodeError(line))).line == line


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "house/rule.py:4: ZeroDivisionError: division by zero dans score (le tirage n°\u00a07 le reproduit)"),
    ("it", "house/rule.py:4: ZeroDivisionError: division by zero in score (il seme 7 lo riproduce)")])
def test_failure_is_said_in_the_commands_language(tmp_path: Path, lang: str, said: str) -> None:
    """Issue 53: cardgen's own words around project code's failure follow ``--lang`` (the exception's own text is
    the code's); a time limit has the language's decimal sign."""
    from cardgen import terminal
    from cardgen.guard import CodeTimeout
    from cardgen.usercode import failure_words

    root = _project(tmp_path)
    path = resolve_code_path("house/rule.py", root)
    module = load_code(path, "house/rule.py").module
    with pytest.raises(ZeroDivisionError) as info:
        module.hook(0)
    terminal.set_language(lang)
    try:
        assert describe_failure(info.value, path, "house/rule.py", hook="score", seed=7) == said
        assert failure_words(CodeTimeout(0.5)).startswith({"fr": "toujours en cours après 0,5",
                                                            "it": "ancora in esecuzione dopo 0,5"}[lang])
        assert "(sys.exit)" in failure_words(SystemExit(3)) and "3" in failure_words(SystemExit(3))
    finally:
        terminal.set_language("en")
    assert failure_words(CodeTimeout(0.5)).startswith("still running after 0.5 s, the time limit")


def test_a_rules_folder_names_the_file_inside_it(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "__init__.py").write_text("def f():\n    raise ValueError('boom')\n")
    path = resolve_code_path("rules", tmp_path)
    module = load_code(path, "rules").module
    with pytest.raises(ValueError) as info:
        module.f()
    assert describe_failure(info.value, path, "rules").startswith("rules/__init__.py:2: ValueError: boom")


def test_syntax_error_is_one_input_line(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text("x = 1\ndef f(:\n")
    with pytest.raises(InputError) as info:
        load_code(resolve_code_path("bad.py", tmp_path), "bad.py")
    assert str(info.value) == "bad.py:2: Python syntax error: invalid syntax"


def test_error_while_loading_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "boom.py").write_text("\nraise RuntimeError('at import')\n")
    with pytest.raises(UserCodeError) as info:
        load_code(resolve_code_path("boom.py", tmp_path), "boom.py")
    assert info.value.line == "boom.py:2: RuntimeError: at import in loading the file"


@pytest.mark.parametrize("name, expected", [
    ("../outside.py", "inside the project folder"),
    ("/etc/hostname", "inside the project folder"),
    ("house/missing.py", "was not found"),
    ("house", "Python file"),
    ("link.py", "leads outside"),
    ("notes.txt", "Python file"),
])
def test_paths_that_are_refused(tmp_path: Path, name: str, expected: str) -> None:
    root = _project(tmp_path / "p")
    outside = tmp_path / "outside.py"
    outside.write_text("X = 1\n")
    os.symlink(outside, root / "link.py")
    (root / "notes.txt").write_text("x")
    with pytest.raises(InputError) as info:
        resolve_code_path(name, root, origin="variants/v.yaml", line=3)
    assert str(info.value).startswith("variants/v.yaml:3: code: ")
    assert expected in str(info.value)


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_text("#" * (300 * 1024))
    with pytest.raises(InputError, match="larger than"):
        resolve_code_path("big.py", tmp_path)


def test_a_missing_file_suggests_only_code_files_inside_the_project(tmp_path: Path) -> None:
    """The "did you mean" of a missing code file reads its own folder only when that folder is the
    project's: a linked folder leading outside is not listed, and a folder that cannot be read gives
    no hint rather than a traceback."""
    root, outside = tmp_path / "p", tmp_path / "elsewhere"
    (root / "house").mkdir(parents=True)
    (root / "house" / "rule.py").write_text("")
    outside.mkdir()
    (outside / "secret.py").write_text("")
    (root / "linked").symlink_to(outside)
    with pytest.raises(InputError) as info:
        resolve_code_path("house/rules.py", root)
    assert info.value.hint == "house/rule.py"
    with pytest.raises(InputError) as info:
        resolve_code_path("linked/secrets.py", root)
    assert info.value.hint is None and "was not found in the project folder" in info.value.message
    (root / "house" / "rule.py").unlink()
    (root / "house").rmdir()
    (root / "house").write_text("a file, not a folder")
    with pytest.raises(InputError) as info:
        resolve_code_path("house/rule.py", root)
    assert info.value.hint is None


def test_a_missing_file_suggests_a_code_package_and_works_in_a_project_reached_through_a_link(tmp_path: Path) -> None:
    """A rules folder (with __init__.py) is a code file too, so 'rule' suggests 'rules'; and a project opened
    through a linked folder (a synced folder, say) still gets its 'did you mean', its own folder being inside it."""
    root = tmp_path / "p"
    (root / "rules").mkdir(parents=True)
    (root / "rules" / "__init__.py").write_text("")
    (root / "notes").mkdir()  # a folder of no code: not suggested
    with pytest.raises(InputError) as info:
        resolve_code_path("rule", root)
    assert info.value.hint == "rules"
    with pytest.raises(InputError) as info:
        resolve_code_path("note", root)
    assert info.value.hint is None
    (root / "house").mkdir()
    (root / "house" / "rule.py").write_text("")
    (tmp_path / "link").symlink_to(root)
    with pytest.raises(InputError) as info:
        resolve_code_path("house/rules.py", tmp_path / "link")
    assert info.value.hint == "house/rule.py"
