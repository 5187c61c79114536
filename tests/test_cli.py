"""The command line's contract: inspect output, check exit codes, argument errors."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.cli import main


def test_inspect_json_shape(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(mini_project), "inspect", "king_lui", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "king_lui"
    comps = {c["id"]: c for c in data["components"]}
    assert sum(c["count"] for c in comps.values()) == 110
    assert comps["emerald"] == {**comps["emerald"], "kind": "card", "count": 5, "sides": 1}
    assert all(set(c) >= {"id", "kind", "count", "sides"} for c in data["components"])


def test_inspect_text_lists_components(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(mini_project), "inspect", "king_lui", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Le Roi Lui" in out and "Gâteau" in out and "x15" in out


def test_check_fails_a_broken_variant(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mini_project / "variants" / "tiny.yaml").write_text(
        "extends: king_lui\nname: {fr: a, it: a, en: a}\ndescription: {fr: a, it: a, en: a}\n"
        "rules: {course_cards_per_player: 10}\nremove: [ham, cheese]\n", encoding="utf-8")
    code = main(["--project", str(mini_project), "check", "tiny"])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL  5p at least two courses" in out


def test_check_bad_input_exits_2(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(mini_project), "check", "nope"]) == 2
    assert "no deck or variant called 'nope'" in capsys.readouterr().err


def test_bad_language_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--lang", "fr,iy"]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'iy'" in err
    assert err.count("\n") == 1 and "usage:" not in err  # one line, no usage block


def test_python_dash_m(mini_project: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(mini_project), "inspect", "king_lui"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "King Lui" in proc.stdout


def test_closed_pipe_is_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardgen validate | head``: when the reader leaves, exit quietly with 0."""
    import cardgen.cli as cli

    def reader_left(args: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(cli, "_run", reader_left)
    saved = os.dup(sys.stdout.fileno())
    try:
        assert cli.main(["schema"]) == 0
    finally:
        os.dup2(saved, sys.stdout.fileno())
        os.close(saved)
