"""Every bad-input line has its sentence in every language (issue 53).

An ``InputError(...)`` without ``key=`` prints its English ``message`` whatever ``--lang`` says. This test reads
every module of ``cardgen/`` with ``ast`` and fails on such a call, on a key ``cardgen/errors.json`` lacks in some
language, and on a sentence whose ``{fields}`` differ between languages or from the fields the call passes.

A call whose message is already said in the terminal's language (its text is a ``say(...)`` of a wordbook) needs
no key. ``NOT_KEYED`` lists the calls that still re-raise a text worded elsewhere, each with its reason; it may
only shrink (a listed call that gains a key fails too, so the list stays true).
"""
from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgen"
#: (file, the function the call is in): why it has no key yet
NOT_KEYED = {
    ("cardgen/simulate/logs.py", "read_log"): "a log line's parse_line ValueError text, not keyed yet",
    ("cardgen/simulate/replay.py", "replay_file"): "a log record's ValueError / nested error text, not keyed yet",
}
#: ``Problem(...)`` (a deck check's error, games.base) without a key, by (file, function): why
PROBLEMS_NOT_KEYED = {
    ("cardgen/resolve/resolve.py", "language_problems"): "a language cardgen cannot print: languages.problem's words",
    ("cardgen/resolve/resolve.py", "resolve"): "printable.unprintable_texts' words (a character the fonts lack)",
    ("cardgen/resolve/resolve.py", "_asset_problem"): "image_problem's words (a picture Pillow cannot read)",
}
#: functions whose call words the message in the terminal's language already
WORDED = {"say", "said"}


def _calls(kind: str = "InputError") -> list[tuple[str, str, ast.Call]]:
    """Every ``kind(...)`` call of the package, the games' rules packages included: (file, function, call)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if kind == "Problem" and rel != "cardgen/games/base.py" and any(
                isinstance(n, ast.ClassDef) and n.name == kind for n in tree.body):
            continue  # a Problem of its own (tune/fix.py: a flagged figure), not a deck's error
        for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
            for node in ast.walk(func):
                name = getattr(node.func, "id", getattr(node.func, "attr", None)) if isinstance(node, ast.Call) \
                    else None
                if name == kind:
                    found.append((rel, func.name, node))
    unique = {(rel, node.lineno, node.col_offset): (rel, fn, node) for rel, fn, node in found}  # innermost last
    return list(unique.values())


def _keys(node: ast.expr) -> list[str] | None:
    """The key names a ``key=`` expression can give (a constant, or either side of ``a if c else b``); None when
    it is not written out (``exc.key``: a forwarded error's own)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _keys(node.body), _keys(node.orelse)
        return a + b if a is not None and b is not None else None
    return None


def _fields(call: ast.Call) -> set[str] | None:
    """The field names a call passes (``fields={...}`` literal; none when absent), None when not written out."""
    given = next((k.value for k in call.keywords if k.arg == "fields"), None)
    if given is None:
        return set()
    if isinstance(given, ast.Dict) and all(isinstance(k, ast.Constant) for k in given.keys):
        return {k.value for k in given.keys}
    return None


def _worded(call: ast.Call) -> bool:
    first = call.args[0] if call.args else None
    return isinstance(first, ast.Call) and getattr(first.func, "id", getattr(first.func, "attr", None)) in WORDED


def sentence_fields(text: str) -> set[str]:
    """The ``{field}`` names of a sentence (``{{`` is a brace, not a field)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def lines() -> dict[str, dict[str, str]]:
    return json.loads((PACKAGE / "errors.json").read_text(encoding="utf-8"))["lines"]


def test_every_input_error_names_its_sentence() -> None:
    missing, stale = [], set(NOT_KEYED)
    for rel, fn, call in _calls():
        if any(k.arg == "key" for k in call.keywords) or _worded(call):
            stale.discard((rel, fn)) if (rel, fn) in NOT_KEYED and any(k.arg == "key" for k in call.keywords) \
                else None
            continue
        if (rel, fn) in NOT_KEYED:
            stale.discard((rel, fn))
            continue
        missing.append(f"{rel}:{call.lineno} ({fn}): {ast.unparse(call)[:100]}")
    assert not missing, "InputError without key= (English under --lang):\n" + "\n".join(missing)
    assert not stale, f"NOT_KEYED names calls that are keyed or gone now: {sorted(stale)}"


def test_no_hint_is_an_english_sentence() -> None:
    """A hint is a spelling the user meant (``did_you_mean``) or words said in every language (``worded``), never
    a sentence typed in English into the call (it was "start a new table with cardgen play DECK" under --lang fr)."""
    typed = [f"{rel}:{call.lineno}" for rel, _, call in _calls() + _calls("Problem")
             for k in call.keywords if k.arg == "hint" and isinstance(k.value, (ast.Constant, ast.JoinedStr))]
    assert not typed, typed


def test_every_deck_problem_names_its_sentence() -> None:
    """A deck check's ``Problem`` becomes an ``InputError`` with its key and fields (resolve.py): it needs one too."""
    missing, stale = [], set(PROBLEMS_NOT_KEYED)
    for rel, fn, call in _calls("Problem"):
        if any(k.arg == "key" for k in call.keywords):
            continue
        if (rel, fn) in PROBLEMS_NOT_KEYED:
            stale.discard((rel, fn))
            continue
        missing.append(f"{rel}:{call.lineno} ({fn}): {ast.unparse(call)[:100]}")
    assert not missing, "Problem without key= (English under --lang):\n" + "\n".join(missing)
    assert not stale, f"PROBLEMS_NOT_KEYED names functions whose problems are all keyed now: {sorted(stale)}"


def test_every_key_is_said_in_every_language_with_the_same_fields() -> None:
    table = lines()
    problems = []
    for key in table["en"]:
        en = sentence_fields(table["en"][key])
        for lang, said in table.items():
            if key not in said:
                problems.append(f"{key}: no {lang} sentence")
            elif sentence_fields(said[key]) != en:
                problems.append(f"{key}: {lang} fields {sorted(sentence_fields(said[key]))}, en {sorted(en)}")
    assert not problems, "\n".join(problems)


def test_every_call_passes_the_fields_its_sentence_says() -> None:
    table = lines()
    problems = []
    for rel, _, call in _calls() + _calls("Problem") + _calls("KeyedValueError"):
        key_node = next((k.value for k in call.keywords if k.arg == "key"), None)
        keys = _keys(key_node) if key_node is not None else None
        passed = _fields(call)
        if keys is None or passed is None:  # forwarded (exc.key) or built elsewhere: the other tests see it
            continue
        for key in keys:
            if key not in table["en"]:
                problems.append(f"{rel}:{call.lineno}: no sentence '{key}' in errors.json")
                continue
            wanted = sentence_fields(table["en"][key])
            # a call choosing between sentences passes the fields of both; one sentence gets exactly its own
            if (wanted - passed) or (len(keys) == 1 and passed - wanted):
                problems.append(f"{rel}:{call.lineno}: '{key}' says {sorted(wanted)}, the call passes "
                                f"{sorted(passed)}")
    assert not problems, "\n".join(problems)


def test_a_games_model_refuses_with_a_keyed_value_error() -> None:
    """A game's model validator refuses a deck with a ``KeyedValueError`` (its sentence in errors.json), never a
    bare ``ValueError``, whose English text pydantic would pass on under --lang fr; and the scan sees them."""
    bare = [f"{rel}:{call.lineno}" for rel, _, call in _calls("ValueError") if rel.startswith("cardgen/games/")
            and rel.endswith("/model.py")]
    assert not bare, bare
    keyed = {rel for rel, _, _ in _calls("KeyedValueError")}
    assert {"cardgen/games/royale/model.py", "cardgen/games/draco/model.py"} <= keyed, keyed


@pytest.mark.parametrize("text, fields", [("a {x} and {y[0]} but {{not}}", {"x", "y"}), ("none", set())])
def test_sentence_fields_reads_fields_not_braces(text: str, fields: set[str]) -> None:
    assert sentence_fields(text) == fields


def test_the_scan_finds_an_unkeyed_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan itself: a module with one keyed and one bare call yields exactly the bare one as missing."""
    package = tmp_path / "cardgen"
    package.mkdir()
    (package / "m.py").write_text("def f():\n    raise InputError('a', key='k')\n\n"
                                  "def g():\n    raise InputError(f'b {x}')\n\n"
                                  "def h():\n    raise InputError(say('k'))\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", package)
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    bare = [(fn, call.lineno) for _, fn, call in _calls()
            if not any(k.arg == "key" for k in call.keywords) and not _worded(call)]
    assert bare == [("g", 5)]


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_sentence_can_be_said_with_its_fields(lang: str) -> None:
    """Each sentence fills in with its fields, whatever they are called (a field ``lang`` or ``key`` too)."""
    from cardgen.errors import said

    english = lines()["en"]
    assert len(english) > 100, len(english)  # the loop below checks something
    for key, text in english.items():
        fields = {name: f"<{name}>" for name in sentence_fields(text)}
        line = said(key, lang, **fields)
        assert all(f"<{name}>" in line for name in fields), (key, line)
